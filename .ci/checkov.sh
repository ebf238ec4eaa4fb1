#!/usr/bin/env bash
# Scans what this product ships with checkov: each cluster's dist/ folder together with the
# Karpenter chart rendered with that cluster's values (so graph checks such as "pods have a
# NetworkPolicy" see both), terraform/, and the IAM policy documents terraform/ applies from each
# dist/<key>/aws.json. Skips and their reasons: .checkov.yaml.
set -euo pipefail
cd "$(dirname "$0")/.."
export BC_SKIP_MAPPING=TRUE
CHECKOV=${CHECKOV:-.venv-checkov/bin/checkov}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

.venv/bin/python main.py render-chart "$work/chart"
status=0
for cluster in dist/*/; do
  key=$(basename "$cluster")
  mkdir -p "$work/scan/$key"
  cp -r "$cluster" "$work/scan/$key/dist"
  cp -r "$work/chart/$key" "$work/scan/$key/chart"
  config=.checkov.yaml
  generation=$(.venv/bin/python -c 'import sys; from pathlib import Path; from karpenter_tenants.config.loader import load_cluster_file
print(load_cluster_file(Path(sys.argv[1])).config.karpenter.version)' "clusters/$key.yaml")
  if [[ "$generation" == 0.* ]]; then
    config=.checkov-karpenter-0.31.yaml  # skips only the 0.31 chart needs (webhooks, no pod securityContext)
  fi
  echo "== checkov: dist/$key + the karpenter chart rendered with its values ($config)"
  "$CHECKOV" --config-file "$config" -d "$work/scan/$key" --framework kubernetes || status=1
done
if compgen -G "terraform/*.tf" > /dev/null; then
  echo "== checkov: terraform/"
  "$CHECKOV" --config-file .checkov.yaml -d terraform --framework terraform || status=1
else
  echo "== checkov: terraform/ has no .tf files yet"
fi
# terraform/ only jsonencode()s the policy documents of aws.json: scan the documents themselves, per cluster.
echo "== checkov: the IAM policy documents of each dist/<key>/aws.json (.ci/checkov_iam.py)"
.venv/bin/python .ci/checkov_iam.py dist "$work/iam"
"$CHECKOV" --config-file .checkov.yaml -d "$work/iam" --framework terraform_json || status=1
exit $status
