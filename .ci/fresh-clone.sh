#!/usr/bin/env bash
# The README's first command on a fresh clone with no ../shared beside it and no reference cache: `make synth`
# sets everything up, synthesizes, and writes the same dist/ as committed (git sees no change). Run by .ci/run.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git clone -q "$repo" "$work/karpenter-tenants"
cd "$work/karpenter-tenants"
test ! -e ../shared
# No reference data anywhere: neither $KARPENTER_TENANTS_SHARED nor the fetch-reference cache.
export XDG_CACHE_HOME="$work/cache"
unset KARPENTER_TENANTS_SHARED
make synth
if [ -n "$(git status --porcelain -- dist)" ]; then
  git status --porcelain -- dist | head -20
  echo "fresh clone: make synth changed dist/ (it must write the committed dist/ without ../shared)" >&2
  exit 1
fi
echo "fresh clone: make synth wrote the committed dist/ without ../shared"
