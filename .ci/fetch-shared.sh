#!/usr/bin/env bash
# Builds the reference-data folder that `validate` reads (the layout of ../shared) from the
# pinned upstream releases, for CI systems that have network access but not ../shared (the
# GitHub Actions workflow). Needs curl and helm. Usage: .ci/fetch-shared.sh DEST
set -euo pipefail
dest=${1:?usage: $0 DEST}
mkdir -p "$dest/crds/flux" "$dest/crds/argocd" "$dest/karpenter/v1.14.1" "$dest/karpenter/v0.31.5"

helm pull oci://public.ecr.aws/karpenter/karpenter --version 1.14.1 --untar --untardir "$dest/karpenter/v1.14.1"
helm pull oci://public.ecr.aws/karpenter/karpenter-crd --version 1.14.1 --untar --untardir "$dest/karpenter/v1.14.1"
helm pull oci://public.ecr.aws/karpenter/karpenter --version v0.31.5 --untar --untardir "$dest/karpenter/v0.31.5"

raw=https://raw.githubusercontent.com
curl -fsSL -o "$dest/crds/flux/helm.toolkit.fluxcd.io_helmreleases.yaml" \
  "$raw/fluxcd/helm-controller/v1.6.3/config/crd/bases/helm.toolkit.fluxcd.io_helmreleases.yaml"
for crd in ocirepositories gitrepositories helmrepositories; do
  curl -fsSL -o "$dest/crds/flux/source.toolkit.fluxcd.io_$crd.yaml" \
    "$raw/fluxcd/source-controller/v1.9.1/config/crd/bases/source.toolkit.fluxcd.io_$crd.yaml"
done
curl -fsSL -o "$dest/crds/flux/kustomize.toolkit.fluxcd.io_kustomizations.yaml" \
  "$raw/fluxcd/kustomize-controller/v1.9.4/config/crd/bases/kustomize.toolkit.fluxcd.io_kustomizations.yaml"
for crd in application appproject applicationset; do
  curl -fsSL -o "$dest/crds/argocd/$crd-crd.yaml" "$raw/argoproj/argo-cd/v3.5.1/manifests/crds/$crd-crd.yaml"
done
echo "reference data in $dest"
