"""The CRDs this product emits objects of, read from the reference data: which files (Karpenter's of each release,
Flux's and Argo CD's), each parsed once per content (through reference.disk_cache) and checked as untrusted input
(reference.data), and the served versions' schemas by (apiVersion, kind); pull_karpenter_crds downloads them.

Must not import charts, synth, checks or anything above them."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from karpenter_tenants.config.versions import REFERENCE_VERSIONS, KarpenterVersion
from karpenter_tenants.config.yaml_input import SAFE_LOADER
from karpenter_tenants.reference import data as reference_data
from karpenter_tenants.reference import disk_cache
from karpenter_tenants.reference.data import checked_path
from karpenter_tenants.reference.shared import SHARED_ENV
from karpenter_tenants.reference.versions import crd_folder, reference_folder


def crd_files(shared: Path, karpenter_versions: Iterable[str] = REFERENCE_VERSIONS) -> list[Path]:
    """Every CRD this product emits objects of: Karpenter's of the given releases (default: the reference
    releases, one per generation; a release's published chart's, else its Go module tree's), Flux's and Argo CD's. Each a regular file reached without leaving shared
    (reference.data), else ReferenceDataError naming the link."""
    karpenter = (p for v in karpenter_versions for p in crd_folder(shared, v).glob("*.yaml"))
    return sorted(checked_path(shared, p) for p in [*karpenter, *gitops_crd_files(shared)])


def gitops_crd_files(shared: Path) -> list[Path]:
    found = [*(shared / "crds/flux").glob("*.yaml"), *(shared / "crds/argocd").glob("*.yaml")]
    return sorted(checked_path(shared, p) for p in found)


@dataclass(frozen=True, eq=False)  # hashed by identity: one instance per CRD version
class CrdVersion:
    group: str
    kind: str
    version: str
    schema: dict[str, Any]  # openAPIV3Schema as published
    source: Path

    @property
    def api_version(self) -> str:
        return f"{self.group}/{self.version}"


_PARSED: dict[str, list[Any]] = {}  # SHA-256 of a file's bytes -> its documents, for this process


def parsed_yaml(path: Path) -> list[Any]:
    """The documents of a reference data file (CRDs), parsed with libyaml once per content: from the
    disk cache (reference.disk_cache) when a run already parsed the same bytes. Read as untrusted input
    (reference.data): a regular file of at most 64 MiB, UTF-8, YAML within the input limits, else
    ReferenceDataError naming the file (and line)."""
    text = reference_data.read_text(path)
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    if digest not in _PARSED:
        versions = f"PyYAML {yaml.__version__} libyaml {yaml.__with_libyaml__}"
        _PARSED[digest] = disk_cache.cached(
            "yaml",
            (digest, versions, disk_cache.source_digest(__file__), disk_cache.source_digest(reference_data.__file__)),
            lambda: reference_data.yaml_documents(path, text, SAFE_LOADER),
        )
    return _PARSED[digest]


_CHECKED: set[tuple[Path, int]] = set()  # (file, id of its parsed documents) whose CRDs were checked


def _documents(path: Path) -> Iterator[dict[str, Any]]:
    """The CRDs of a CRD file, each checked once per process (reference.data.check_crd)."""
    documents = parsed_yaml(path)
    key = (path, id(documents))
    if key in _CHECKED:
        yield from (d for d in documents if d is not None)
        return
    yield from (crd for _, crd in reference_data.documents_of(path, documents))
    _CHECKED.add(key)


def load_crds(shared: Path) -> dict[tuple[str, str], CrdVersion]:
    """(apiVersion, kind) -> schema, for every served version of every CRD under shared/."""
    return load_crd_files(tuple(crd_files(shared)), str(shared))


@cache
def load_crd_files(files: tuple[Path, ...], origin: str) -> dict[tuple[str, str], CrdVersion]:
    """(apiVersion, kind) -> schema, for every served version of every CRD in `files`."""
    found: dict[tuple[str, str], CrdVersion] = {}
    for path in files:
        for crd in _documents(path):
            spec = crd["spec"]
            for version in spec["versions"]:
                entry = CrdVersion(
                    spec["group"], spec["names"]["kind"], version["name"], version["schema"]["openAPIV3Schema"], path
                )
                found[(entry.api_version, entry.kind)] = entry
    if not found:
        raise FileNotFoundError(
            f"no CRDs found under {origin}: point {SHARED_ENV} at the reference data folder "
            "(karpenter/, crds/flux, crds/argocd)"
        )
    return found


def pull_karpenter_crds(destination: Path, versions: Iterable[str] = REFERENCE_VERSIONS) -> dict[str, list[Path]]:
    """Download the Karpenter charts of the given releases (oci://public.ecr.aws/karpenter) and return
    their CRD files by release.

    Raises RuntimeError naming the chart when the registry cannot be reached."""
    import helm_python

    files: dict[str, list[Path]] = {}
    for version in versions:
        tag = KarpenterVersion.parse(version).chart_version
        target = reference_folder(destination, version)
        target.mkdir(parents=True, exist_ok=True)
        try:
            helm_python.pull(
                "oci://public.ecr.aws/karpenter/karpenter",
                version=tag,
                destination=target,
                untar=True,
                untar_dir=target,
            )
        except helm_python.HelmError as error:
            raise RuntimeError(f"cannot pull oci://public.ecr.aws/karpenter/karpenter:{tag}: {error}") from None
        files[version] = sorted((target / "karpenter" / "crds").glob("*.yaml"))
    return files
