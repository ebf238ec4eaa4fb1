#!/usr/bin/env bash
# Builds the reference-data folder that `validate`, `render-chart` and the tests read (the layout of
# ../shared) from upstream, for CI systems that have network access but not ../shared (the GitHub
# Actions workflow). Needs curl and helm, and python3 to read the release list.
# Usage: .ci/fetch-shared.sh DEST [VERSION...]
# Without VERSIONs: the reference releases of config/versions.py (REFERENCE_VERSIONS); with them,
# those Karpenter releases (e.g. the one a cluster pins) into DEST/karpenter/v<VERSION>/.
# DRY_RUN=1 prints the commands instead of running them.
set -euo pipefail
dest=${1:?usage: $0 DEST [VERSION...]}
shift
root=$(cd "$(dirname "$0")/.." && pwd)
run() { if [ "${DRY_RUN:-}" = 1 ]; then echo "$*"; else "$@"; fi; }

# "<version> <chart tag> <generation>" per release, as config/versions.py spells them.
releases=$(python3 - "$root" "$@" <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
from config.versions import REFERENCE_VERSIONS, KarpenterVersion
for text in sys.argv[2:] or REFERENCE_VERSIONS:
    version = KarpenterVersion.parse(text)
    print(version, version.chart_version, version.generation.value)
PY
)

repo=https://raw.githubusercontent.com/aws/karpenter-provider-aws
while read -r version tag generation; do
  folder="$dest/karpenter/v$version"
  run mkdir -p "$folder/iam" "$folder/docs"
  run helm pull oci://public.ecr.aws/karpenter/karpenter --version "$tag" --untar --untardir "$folder"
  if [ "$generation" = v1 ]; then
    run helm pull oci://public.ecr.aws/karpenter/karpenter-crd --version "$tag" --untar --untardir "$folder"
    compatibility=hack/docs/compatibilitymatrix_gen/compatibility.yaml
  else
    compatibility=hack/docs/compatibility-karpenter.yaml
  fi
  run curl -fsSL -o "$folder/iam/cloudformation.yaml" \
    "$repo/v$version/website/content/en/docs/getting-started/getting-started-with-karpenter/cloudformation.yaml"
  run curl -fsSL -o "$folder/docs/compatibility.yaml" "$repo/v$version/$compatibility"
done <<< "$releases"

raw=https://raw.githubusercontent.com
run mkdir -p "$dest/crds/flux" "$dest/crds/argocd"
run curl -fsSL -o "$dest/crds/flux/helm.toolkit.fluxcd.io_helmreleases.yaml" \
  "$raw/fluxcd/helm-controller/v1.6.3/config/crd/bases/helm.toolkit.fluxcd.io_helmreleases.yaml"
for crd in ocirepositories gitrepositories helmrepositories; do
  run curl -fsSL -o "$dest/crds/flux/source.toolkit.fluxcd.io_$crd.yaml" \
    "$raw/fluxcd/source-controller/v1.9.1/config/crd/bases/source.toolkit.fluxcd.io_$crd.yaml"
done
run curl -fsSL -o "$dest/crds/flux/kustomize.toolkit.fluxcd.io_kustomizations.yaml" \
  "$raw/fluxcd/kustomize-controller/v1.9.4/config/crd/bases/kustomize.toolkit.fluxcd.io_kustomizations.yaml"
for crd in application appproject applicationset; do
  run curl -fsSL -o "$dest/crds/argocd/$crd-crd.yaml" "$raw/argoproj/argo-cd/v3.5.1/manifests/crds/$crd-crd.yaml"
done
echo "reference data in $dest"
