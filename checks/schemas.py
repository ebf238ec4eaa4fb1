"""Structural validation of emitted objects: CRD kinds against their CRD's openAPIV3Schema, core kinds
against kubernetes-validate's schemas. Reference data comes from ../shared (never copied here)."""

from __future__ import annotations

import copy
import hashlib
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from config.versions import REFERENCE_VERSIONS, KarpenterVersion, reference_folder
from config.yaml_input import SAFE_LOADER

REPOSITORY_ROOT = Path(__file__).resolve().parent.parent
SHARED_ENV = "KARPENTER_TENANTS_SHARED"


def shared_dir() -> Path:
    """Upstream reference data: $KARPENTER_TENANTS_SHARED, else ../shared beside the repository when it is there,
    else the folder `python main.py fetch-reference` fills (checks.reference) when that is there, else ../shared
    (which the messages then name as missing)."""
    from checks.reference import reference_cache

    configured = os.environ.get(SHARED_ENV)
    if configured:
        return Path(configured)
    beside = REPOSITORY_ROOT.parent / "shared"
    if beside.is_dir():
        return beside
    fetched = reference_cache()
    return fetched if fetched.is_dir() else beside


def crd_files(shared: Path, karpenter_versions: Iterable[str] = REFERENCE_VERSIONS) -> list[Path]:
    """Every CRD this product emits objects of: Karpenter's of the given releases (default: the reference
    releases, one per generation), Flux's and Argo CD's."""
    return sorted(
        [
            *(p for v in karpenter_versions for p in (reference_folder(shared, v) / "karpenter/crds").glob("*.yaml")),
            *gitops_crd_files(shared),
        ]
    )


def gitops_crd_files(shared: Path) -> list[Path]:
    return sorted([*(shared / "crds/flux").glob("*.yaml"), *(shared / "crds/argocd").glob("*.yaml")])


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
    disk cache (checks.disk_cache) when a run already parsed the same bytes."""
    from checks import disk_cache

    data = path.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    if digest not in _PARSED:
        versions = f"PyYAML {yaml.__version__} libyaml {yaml.__with_libyaml__}"
        _PARSED[digest] = disk_cache.cached(
            "yaml", (digest, versions, disk_cache.source_digest(__file__)),
            lambda: list(yaml.load_all(data.decode("utf-8"), Loader=SAFE_LOADER)),
        )
    return _PARSED[digest]


def _documents(path: Path) -> Iterator[dict[str, Any]]:
    for document in parsed_yaml(path):
        if isinstance(document, dict):
            yield document


def load_crds(shared: Path) -> dict[tuple[str, str], CrdVersion]:
    """(apiVersion, kind) -> schema, for every served version of every CRD under shared/."""
    return load_crd_files(tuple(crd_files(shared)), str(shared))


@cache
def load_crd_files(files: tuple[Path, ...], origin: str) -> dict[tuple[str, str], CrdVersion]:
    """(apiVersion, kind) -> schema, for every served version of every CRD in `files`."""
    found: dict[tuple[str, str], CrdVersion] = {}
    for path in files:
        for crd in _documents(path):
            if crd.get("kind") != "CustomResourceDefinition":
                continue
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


def strict_json_schema(schema: dict[str, Any], reject_unknown: bool = True) -> dict[str, Any]:
    """An openAPIV3Schema as JSON Schema that rejects unknown fields the way the API server prunes
    them (objects with declared properties and no x-kubernetes-preserve-unknown-fields; unless
    reject_unknown is false), and accepts int-or-string fields."""
    result = copy.deepcopy(schema)

    def visit(node: Any) -> None:
        if not isinstance(node, dict):
            return
        if node.get("x-kubernetes-int-or-string"):
            node.pop("type", None)
            node["anyOf"] = [{"type": "integer"}, {"type": "string"}]
        node.pop("nullable", None)
        if (
            reject_unknown
            and node.get("type") == "object"
            and "properties" in node
            and "additionalProperties" not in node
            and not node.get("x-kubernetes-preserve-unknown-fields")
        ):
            node["additionalProperties"] = False
        for key in ("properties", "patternProperties"):
            for child in node.get(key, {}).values():
                visit(child)
        for key in ("items", "additionalProperties", "not"):
            visit(node.get(key))
        for key in ("allOf", "anyOf", "oneOf"):
            for child in node.get(key, []):
                visit(child)

    visit(result)
    # The API server fills metadata itself and checks it apart from the CRD schema.
    result.setdefault("properties", {})["metadata"] = {"type": "object"}
    result["properties"]["apiVersion"] = {"type": "string"}
    result["properties"]["kind"] = {"type": "string"}
    return result


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
                "oci://public.ecr.aws/karpenter/karpenter", version=tag, destination=target, untar=True, untar_dir=target
            )
        except helm_python.HelmError as error:
            raise RuntimeError(f"cannot pull oci://public.ecr.aws/karpenter/karpenter:{tag}: {error}") from None
        files[version] = sorted((target / "karpenter" / "crds").glob("*.yaml"))
    return files
