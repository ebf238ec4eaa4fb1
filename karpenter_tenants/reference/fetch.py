"""`python main.py fetch-reference [VERSION...]`: the upstream reference data `validate`, `render-chart` and `adopt`
read, fetched by the product itself into the layout of ../shared (no helm binary, no shell script):

- each Karpenter release's charts, `karpenter` and (1.x) `karpenter-crd`, pulled from their OCI registry
  (oci://public.ecr.aws/karpenter) with the Helm SDK the product already uses (helm-python-sdk);
- its IAM CloudFormation template and Kubernetes compatibility table, from aws/karpenter-provider-aws at the tag;
- the Flux and Argo CD CRDs of the pinned controller releases (GITOPS_CRDS), from their repositories.

It writes into the reference cache (default <user cache>/karpenter-tenants/reference, --reference DIR or
$KARPENTER_TENANTS_SHARED otherwise), which the commands read when ../shared is not beside the repository. Each
release's folder (and the CRD folder) is downloaded whole into a staging folder beside it and renamed into place:
a failed download leaves what was there before, never a half folder. --registry and --source name mirrors (an
air-gapped registry, a proxy of raw.githubusercontent.com) serving the same paths."""

from __future__ import annotations

import http.client
import os
import shutil
import tarfile
import tempfile
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from karpenter_tenants.config.versions import Generation, KarpenterVersion

REGISTRY = "oci://public.ecr.aws/karpenter"
SOURCE = "https://raw.githubusercontent.com"
KARPENTER_REPOSITORY = "aws/karpenter-provider-aws"
IAM_TEMPLATE = "website/content/en/docs/getting-started/getting-started-with-karpenter/cloudformation.yaml"
# 1.x: Karpenter's instance-type catalogue and its us-east-1 on-demand prices (`capacity`, `plan`'s capacity lines).
CATALOGUE = {
    "reference/instance-types.md": "website/content/en/docs/reference/instance-types.md",
    "reference/zz_generated.pricing_aws.go": "pkg/providers/pricing/zz_generated.pricing_aws.go",
}
COMPATIBILITY = {
    Generation.V1: "hack/docs/compatibilitymatrix_gen/compatibility.yaml",
    Generation.V1ALPHA5: "hack/docs/compatibility-karpenter.yaml",
}
# (folder under crds/, repository, tag, path in it): the controller releases the product's Flux and Argo CD
# objects are written for (as ../shared/README.md lists them).
GITOPS_CRDS = (
    ("flux", "fluxcd/helm-controller", "v1.6.3", "config/crd/bases/helm.toolkit.fluxcd.io_helmreleases.yaml"),
    (
        "flux",
        "fluxcd/kustomize-controller",
        "v1.9.4",
        "config/crd/bases/kustomize.toolkit.fluxcd.io_kustomizations.yaml",
    ),
    ("flux", "fluxcd/source-controller", "v1.9.1", "config/crd/bases/source.toolkit.fluxcd.io_gitrepositories.yaml"),
    ("flux", "fluxcd/source-controller", "v1.9.1", "config/crd/bases/source.toolkit.fluxcd.io_helmrepositories.yaml"),
    ("flux", "fluxcd/source-controller", "v1.9.1", "config/crd/bases/source.toolkit.fluxcd.io_ocirepositories.yaml"),
    ("argocd", "argoproj/argo-cd", "v3.5.1", "manifests/crds/application-crd.yaml"),
    ("argocd", "argoproj/argo-cd", "v3.5.1", "manifests/crds/applicationset-crd.yaml"),
    ("argocd", "argoproj/argo-cd", "v3.5.1", "manifests/crds/appproject-crd.yaml"),
)
TIMEOUT = 60  # seconds per request


class FetchFailed(Exception):
    """A download failed; nothing of the folder being fetched was put in place."""


@dataclass(frozen=True)
class Mirrors:
    registry: str = REGISTRY  # oci://host/path holding the charts karpenter and karpenter-crd
    source: str = SOURCE  # serving <owner>/<repo>/<tag>/<path>
    plain_http: bool = False  # the registry speaks HTTP, not HTTPS (a local mirror)


def fetch_release(version: KarpenterVersion, dest: Path, mirrors: Mirrors = Mirrors()) -> Path:
    """dest/karpenter/v<version>/ with the release's charts, IAM template and compatibility table (1.x: and its
    instance-type catalogue with the us-east-1 prices)."""
    target = dest / "karpenter" / f"v{version}"

    def fill(staged: Path) -> None:
        charts = ["karpenter", "karpenter-crd"] if version.generation is Generation.V1 else ["karpenter"]
        for chart in charts:
            _pull_chart(f"{mirrors.registry.rstrip('/')}/{chart}", version.chart_version, staged, mirrors.plain_http)
        tag = f"v{version}"
        _download(f"{mirrors.source}/{KARPENTER_REPOSITORY}/{tag}/{IAM_TEMPLATE}", staged / "iam/cloudformation.yaml")
        _download(
            f"{mirrors.source}/{KARPENTER_REPOSITORY}/{tag}/{COMPATIBILITY[version.generation]}",
            staged / "docs/compatibility.yaml",
        )
        if version.generation is Generation.V1:
            for local, upstream in CATALOGUE.items():
                _download(f"{mirrors.source}/{KARPENTER_REPOSITORY}/{tag}/{upstream}", staged / local)

    _replace_folder(target, fill)
    return target


def fetch_gitops_crds(dest: Path, mirrors: Mirrors = Mirrors()) -> Path:
    """dest/crds/ with the Flux and Argo CD CRDs of the pinned releases."""
    target = dest / "crds"

    def fill(staged: Path) -> None:
        for folder, repository, tag, path in GITOPS_CRDS:
            _download(f"{mirrors.source}/{repository}/{tag}/{path}", staged / folder / Path(path).name)

    _replace_folder(target, fill)
    return target


def _replace_folder(target: Path, fill: Callable[[Path], None]) -> None:
    """Fill a staging folder beside target, then put it in target's place (the old one removed after)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    if target.is_symlink() or (target.exists() and not target.is_dir()):
        raise FetchFailed(f"{target} is not a folder this command wrote: remove it, or pass --reference another folder")
    staged = Path(tempfile.mkdtemp(prefix=f".{target.name}.fetch-", dir=target.parent))
    old = target.parent / f".{target.name}.old-{os.getpid()}"
    try:
        fill(staged)
        if target.exists():
            target.rename(old)
        staged.rename(target)
    finally:
        shutil.rmtree(staged, ignore_errors=True)
        shutil.rmtree(old, ignore_errors=True)


def _pull_chart(reference: str, tag: str, into: Path, plain_http: bool) -> None:
    """helm pull REFERENCE --version TAG --untar into `into`/<chart>."""
    import helm_python
    from helm_python import registry

    with tempfile.TemporaryDirectory(prefix="karpenter-tenants-pull-") as scratch:
        try:
            registry.pull(reference, version=tag, destination=scratch, plain_http=plain_http)
        except helm_python.errors.HelmError as error:
            raise FetchFailed(f"helm pull {reference} --version {tag}: {error}") from None
        archives = list(Path(scratch).glob("*.tgz"))
        if len(archives) != 1:
            raise FetchFailed(f"helm pull {reference} --version {tag} gave {len(archives)} archives")
        _untar(archives[0], into)


def _untar(archive: Path, into: Path) -> None:
    """A chart archive's files under `into` (its single top folder, the chart's name): regular files and folders
    only, never outside `into`."""
    with tarfile.open(archive, "r:gz") as tar:
        members = tar.getmembers()
        for member in members:
            parts = Path(member.name).parts
            if member.name.startswith("/") or ".." in parts or not (member.isfile() or member.isdir()):
                raise FetchFailed(f"{archive.name}: {member.name} is not a plain file of the chart")
        tar.extractall(into, members=members, filter="data")


def _download(url: str, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        with urllib.request.urlopen(url, timeout=TIMEOUT) as response:  # noqa: S310 - https/http URLs of our own
            data = response.read()
            length = response.headers.get("Content-Length")
    except (urllib.error.URLError, http.client.HTTPException, OSError, ValueError) as error:
        reason = getattr(error, "reason", None) or error
        raise FetchFailed(f"GET {url}: {reason}") from None
    if length is not None and len(data) != int(length):
        raise FetchFailed(f"GET {url}: {len(data)} of {length} bytes")
    target.write_bytes(data)
