#!/usr/bin/env bash
# The product's test suite passes whatever clusters/ a user keeps: in a clone whose clusters/ holds one other valid
# cluster file (another name, account and tenants), `make synth` then the tests that read clusters/ and dist/ pass.
# Run by .ci/run. The clone reuses this checkout's .venv, node_modules and .tools (built already).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git clone -q "$repo" "$work/karpenter-tenants"
ln -s "$repo/../shared" "$work/shared"
cd "$work/karpenter-tenants"
for tool in .venv node_modules .tools; do ln -s "$repo/$tool" "$tool"; done
rm -f clusters/*.yaml
cat > clusters/globex.yaml <<'YAML'
# A user's own cluster: nothing the product's tests know by name.
cluster: {name: globex-prod, accountId: "210987654321", region: eu-west-1, kubernetesVersion: "1.32"}
karpenter:
  version: "1.14.1"
tenants:
  - name: initech
    namespaces: [initech]
    requirements: {instanceCategories: [m], capacityTypes: [on-demand]}
    limits: {cpu: "32", memory: 128Gi}
    ami: {alias: al2023@v20261101}
  - name: umbrella
    namespaces: [umbrella, umbrella-jobs]
    requirements: {instanceCategories: [c, r], capacityTypes: [spot]}
    limits: {cpu: "96"}
    ami: {alias: bottlerocket@v1.52.0}
YAML
rm -rf dist
# make sees the linked tools as current (their stamps are older than this clone's files otherwise).
touch .venv/.installed node_modules/.installed
make synth
# Only tests/product/test_user_clusters.py reads clusters/ and dist/ (tests/conftest.py fails any other test that does), so
# the second pass runs that module, not the whole suite again.
.venv/bin/python -m pytest -p no:cacheprovider tests/product/test_user_clusters.py
