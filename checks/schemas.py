"""Structural validation of emitted objects: CRD kinds against their CRD's openAPIV3Schema, core kinds
against kubernetes-validate's schemas. Reference data comes from ../shared (never copied here)."""

from __future__ import annotations

import copy
import hashlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from checks import reference_data
from checks.reference_data import checked_path
from config import environment
from config.versions import REFERENCE_VERSIONS, KarpenterVersion, reference_folder
from config.yaml_input import SAFE_LOADER

REPOSITORY_ROOT = Path(__file__).resolve().parent.parent
SHARED_ENV = environment.SHARED_ENV


def shared_dir() -> Path:
    """Upstream reference data: $KARPENTER_TENANTS_SHARED, else ../shared beside the repository when it is there,
    else the folder `python main.py fetch-reference` fills (checks.reference) when that is there, else ../shared
    (which the messages then name as missing)."""
    from checks.reference import reference_cache

    configured = environment.folder(SHARED_ENV, "the reference data folder (`python main.py fetch-reference` fills one)",
                                    must_exist=True)
    if configured is not None:
        return configured
    beside = REPOSITORY_ROOT.parent / "shared"
    if beside.is_dir():
        return beside
    fetched = reference_cache()
    return fetched if fetched.is_dir() else beside


def crd_files(shared: Path, karpenter_versions: Iterable[str] = REFERENCE_VERSIONS) -> list[Path]:
    """Every CRD this product emits objects of: Karpenter's of the given releases (default: the reference
    releases, one per generation), Flux's and Argo CD's. Each a regular file reached without leaving shared
    (checks.reference_data), else ReferenceDataError naming the link."""
    karpenter = (p for v in karpenter_versions for p in (reference_folder(shared, v) / "karpenter/crds").glob("*.yaml"))
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
    disk cache (checks.disk_cache) when a run already parsed the same bytes. Read as untrusted input
    (checks.reference_data): a regular file of at most 64 MiB, UTF-8, YAML within the input limits, else
    ReferenceDataError naming the file (and line)."""
    from checks import disk_cache

    text = reference_data.read_text(path)
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    if digest not in _PARSED:
        versions = f"PyYAML {yaml.__version__} libyaml {yaml.__with_libyaml__}"
        _PARSED[digest] = disk_cache.cached(
            "yaml", (digest, versions, disk_cache.source_digest(__file__), disk_cache.source_digest(reference_data.__file__)),
            lambda: reference_data.yaml_documents(path, text, SAFE_LOADER),
        )
    return _PARSED[digest]


_CHECKED: set[tuple[Path, int]] = set()  # (file, id of its parsed documents) whose CRDs were checked


def _documents(path: Path) -> Iterator[dict[str, Any]]:
    """The CRDs of a CRD file, each checked once per process (checks.reference_data.check_crd)."""
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


def crd_validator(schema: dict[str, Any]) -> Any:
    """A JSON Schema validator for a CRD's schema (Draft 7, as strict_json_schema writes it), with reference data
    as untrusted input: its `$ref`s resolve inside the schema only (an empty registry that retrieves nothing;
    jsonschema's default fetches a remote URL while validating), and `pattern` is matched by RE2, as the API server
    matches it (Python's backtracking `re` could run for hours on a pattern like `^(a+)+$`)."""
    from referencing import Registry

    return _Re2Validator()(schema, registry=Registry())


@cache
def _Re2Validator() -> Any:  # noqa: N802 - a class, made on first use (jsonschema is imported lazily)
    import jsonschema

    def pattern(validator: Any, expression: str, instance: Any, schema: dict[str, Any]) -> Iterator[Any]:
        if validator.is_type(instance, "string") and not reference_data.re2_pattern(expression).search(instance):
            yield jsonschema.ValidationError(f"{instance!r} does not match {expression!r}")

    return jsonschema.validators.extend(jsonschema.Draft7Validator, {"pattern": pattern})


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
