"""Checks objects the way the API server would, offline.

Layers: core kinds against the Kubernetes OpenAPI schemas of the cluster's version
(kubernetes-validate, strict); CRD kinds against their CRD's openAPIV3Schema (unknown fields
rejected, int-or-string handled, `x-kubernetes-list-type: set|map` uniqueness) after applying the
schema's defaults, then every `x-kubernetes-validations` CEL rule (objects.cel), transition rules
against the previous version of the object when one is given."""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema

from karpenter_tenants.checks.schemas import crd_validator, strict_json_schema
from karpenter_tenants.config.yaml_input import InputError, read_yaml_all
from karpenter_tenants.objects.cel import RuleLimitExceeded, check_rules
from karpenter_tenants.objects.dist_objects import KUSTOMIZE_FILE
from karpenter_tenants.reference import disk_cache
from karpenter_tenants.reference.crds import CrdVersion, load_crds
from karpenter_tenants.reference.data import MAX_RULE_CODE_POINTS, ReferenceDataError

# What the API server refuses for size, whatever the schema says: etcd's request limit (kube-apiserver's default
# --max-request-bytes of etcd, 1.5 MiB) and cel-go's expression size limit (100,000 code points), which a
# ValidatingAdmissionPolicy's CEL meets first (the policy is rejected when it is created).
MAX_OBJECT_BYTES = 1_572_864
MAX_CEL_CODE_POINTS = MAX_RULE_CODE_POINTS
CEL_FIELDS = {"ValidatingAdmissionPolicy": ("variables", "validations", "matchConditions", "auditAnnotations")}


def size_findings(obj: dict[str, Any], file: str, kind: str, name: str) -> list[Finding]:
    """Findings for an object the API server would refuse for its size: the whole object, or one CEL expression."""
    import json

    found = []
    size = len(json.dumps(obj, separators=(",", ":")).encode("utf-8"))
    if size > MAX_OBJECT_BYTES:
        found.append(
            Finding(
                file,
                kind,
                name,
                "",
                f"{size:,} bytes as JSON: etcd stores at most {MAX_OBJECT_BYTES:,} (1.5 MiB) an object; split it",
                "size",
            )
        )
    spec = obj.get("spec") if isinstance(obj.get("spec"), dict) else {}
    for section in CEL_FIELDS.get(kind, ()):
        for index, entry in enumerate(spec.get(section) or []):
            for key in ("expression", "messageExpression", "valueExpression"):
                text = entry.get(key) if isinstance(entry, dict) else None
                if isinstance(text, str) and len(text) > MAX_CEL_CODE_POINTS:
                    found.append(
                        Finding(
                            file,
                            kind,
                            name,
                            f"spec.{section}[{index}].{key}",
                            f"{len(text):,} characters: the API server's CEL parser takes at most "
                            f"{MAX_CEL_CODE_POINTS:,}",
                            "size",
                        )
                    )
    return found


@dataclass(frozen=True)
class Finding:
    """One rule an object breaks."""

    file: str
    kind: str
    name: str
    path: str
    message: str
    layer: str  # "schema" (CRD structure), "cel" (CRD rule), "core" (Kubernetes kinds), "chart", "size", "yaml"

    def __str__(self) -> str:
        return f"{self.file}: {self.kind}/{self.name}: {self.path or '(object)'}: {self.message} [{self.layer}]"


def _json_path(parts: Iterable[Any]) -> str:
    text = ""
    for part in parts:
        text += f"[{part}]" if isinstance(part, int) else ("." if text else "") + str(part)
    return text


@cache
def _validator(entry: CrdVersion) -> jsonschema.protocols.Validator:
    """The CRD schema's validator (checks.schemas.crd_validator: `$ref`s resolved inside the schema only, patterns
    matched by RE2)."""
    return crd_validator(strict_json_schema(entry.schema))


def apply_defaults(schema: dict[str, Any], value: Any) -> Any:
    """A copy of value with the schema's defaults filled in, as the API server does before validating."""
    if isinstance(value, dict):
        result = dict(value)
        for name, child in (schema.get("properties") or {}).items():
            if name not in result and "default" in child:
                result[name] = copy.deepcopy(child["default"])
            if name in result:
                result[name] = apply_defaults(child, result[name])
        extra = schema.get("additionalProperties")
        if isinstance(extra, dict) and not schema.get("properties"):
            result = {k: apply_defaults(extra, v) for k, v in result.items()}
        return result
    if isinstance(value, list) and isinstance(schema.get("items"), dict):
        return [apply_defaults(schema["items"], item) for item in value]
    return value


def list_type_problems(schema: dict[str, Any], value: Any, path: tuple[Any, ...] = ()) -> Iterable[tuple[str, str]]:
    """(path, message) for duplicates in lists declared `x-kubernetes-list-type: set` or `map`."""
    if isinstance(value, dict):
        for name, child in (schema.get("properties") or {}).items():
            if name in value:
                yield from list_type_problems(child, value[name], (*path, name))
        extra = schema.get("additionalProperties")
        if isinstance(extra, dict) and not schema.get("properties"):
            for key, child_value in value.items():
                yield from list_type_problems(extra, child_value, (*path, key))
    elif isinstance(value, list):
        list_type = schema.get("x-kubernetes-list-type")
        seen: list[Any] = []
        for index, item in enumerate(value):
            if list_type == "set":
                identity: Any = item
            elif list_type == "map" and isinstance(item, dict):
                identity = {k: item.get(k) for k in schema.get("x-kubernetes-list-map-keys", [])}
            else:
                identity = None
            if identity is not None:
                if identity in seen:
                    yield _json_path((*path, index)), f"Duplicate value: {identity!r} (list type {list_type})"
                seen.append(identity)
            if isinstance(schema.get("items"), dict):
                yield from list_type_problems(schema["items"], item, (*path, index))


class ObjectValidator:
    """Validates single objects against the CRDs under `shared` and a Kubernetes version's schemas."""

    def __init__(self, crds: Path | dict[tuple[str, str], CrdVersion], kubernetes_version: str) -> None:
        self.crds = load_crds(crds) if isinstance(crds, Path) else crds
        self.kubernetes_version = kubernetes_version
        self.skipped: list[str] = []  # transition rules not evaluated: no previous object

    def check(self, obj: dict[str, Any], file: str = "-", old: dict[str, Any] | None = None) -> list[Finding]:
        """The findings of one object (old: its previous version, for transition rules); from the disk
        cache (reference.disk_cache) when the same object was checked against the same schema before."""
        entry = self.crds.get((str(obj.get("apiVersion")), str(obj.get("kind", "?"))))
        key = _result_key(obj, old, entry, self.kubernetes_version)
        stored = _CHECKED.get(key) if key else None
        if _is_result(stored):
            self.skipped += [f"{file}: {line}" for line in stored[1]]
            return [Finding(file, *fields) for fields in stored[0]]
        skipped = len(self.skipped)
        findings = self._check(obj, file, old, entry)
        if key:
            rows = [[f.kind, f.name, f.path, f.message, f.layer] for f in findings]
            _CHECKED.put(key, [rows, [line[len(file) + 2 :] for line in self.skipped[skipped:]]])
        return findings

    def _check(
        self, obj: dict[str, Any], file: str, old: dict[str, Any] | None, entry: CrdVersion | None
    ) -> list[Finding]:
        kind = str(obj.get("kind", "?"))
        metadata = obj.get("metadata")
        name = str(metadata.get("name", "?")) if isinstance(metadata, dict) else "?"
        too_large = size_findings(obj, file, kind, name)
        if too_large:
            return too_large
        if entry is not None:
            return self._crd(entry, obj, old, file, kind, name)
        if "/" in str(obj.get("apiVersion", "")) and "." in str(obj.get("apiVersion")).split("/")[0]:
            group = str(obj.get("apiVersion")).split("/")[0]
            if not group.endswith(".k8s.io"):
                return [Finding(file, kind, name, "", f"no CRD known for {obj.get('apiVersion')} {kind}", "schema")]
        return self._core(obj, file, kind, name)

    def _crd(
        self, entry: CrdVersion, obj: dict[str, Any], old: dict[str, Any] | None, file: str, kind: str, name: str
    ) -> list[Finding]:
        from referencing.exceptions import Unresolvable

        defaulted = apply_defaults(entry.schema, obj)
        try:
            findings = [
                Finding(file, kind, name, _json_path(error.absolute_path), error.message, "schema")
                for error in sorted(
                    _validator(entry).iter_errors(defaulted), key=lambda e: list(map(str, e.absolute_path))
                )
            ]
        except Unresolvable as error:
            raise InputError(
                f"the CRD of {obj.get('apiVersion')} {kind}",
                None,
                f"its schema refers to {error}, outside itself: reference data is not followed elsewhere (no network "
                "while validating); use the upstream CRD unchanged",
            ) from None
        findings += [Finding(file, kind, name, p, m, "schema") for p, m in list_type_problems(entry.schema, defaulted)]
        old_defaulted = apply_defaults(entry.schema, old) if old is not None else None
        try:
            outcomes = list(check_rules(entry.schema, defaulted, old_defaulted))
        except RuleLimitExceeded as error:
            if findings:  # the object is refused by its schema first (e.g. more labels than maxProperties), which
                # is what makes the rule costly: a finding on the object, not the reference data's fault
                return [
                    *findings,
                    Finding(
                        file,
                        kind,
                        name,
                        "",
                        f"the CRD's rules were not evaluated: {error}; the object is refused by its schema first",
                        "cel",
                    ),
                ]
            raise ReferenceDataError(
                entry.source,
                None,
                f"the CRD of {entry.api_version} {entry.kind}: {error} (evaluated on {file}: {kind}/{name})",
            ) from None
        for outcome in outcomes:
            where = _json_path(outcome.path)
            if outcome.status == "failed":
                findings.append(Finding(file, kind, name, where, outcome.message, "cel"))
            elif outcome.status == "error":
                message = f"{outcome.message} (rule could not be evaluated: {outcome.detail})"
                findings.append(Finding(file, kind, name, where, message, "cel"))
            elif outcome.status == "skipped":
                self.skipped.append(f"{file}: {kind}/{name}: {where or '(object)'}: {outcome.message}")
        return findings

    def _core(self, obj: dict[str, Any], file: str, kind: str, name: str) -> list[Finding]:
        import kubernetes_validate
        from kubernetes_validate.utils import SchemaNotFoundError, ValidationError

        _read_core_schemas_once()
        try:
            kubernetes_validate.validate(obj, self.kubernetes_version, strict=True)
        except ValidationError as error:
            return [Finding(file, kind, name, _json_path(error.path), error.message, "core")]
        except SchemaNotFoundError:
            return [
                Finding(
                    file,
                    kind,
                    name,
                    "",
                    f"no schema for {obj.get('apiVersion')} {kind} in Kubernetes {self.kubernetes_version}",
                    "core",
                )
            ]
        return []


def _table_parts() -> tuple[str, ...]:
    from importlib.metadata import version

    libraries = " ".join(f"{n} {version(n)}" for n in ("jsonschema", "kubernetes-validate", "cel-python", "PyYAML"))
    here = Path(__file__).parent
    sources = [
        here / "validate.py",
        here / "schemas.py",
        *(here.parent / "objects" / n for n in ("cel.py", "cel_kubernetes.py")),
    ]
    return (libraries, *(disk_cache.source_digest(str(p)) for p in sources))


# Every object's findings, kept on disk between runs (reference.disk_cache): keyed by the SHA-256 of the
# object, its previous version, the schema it is checked against (a CRD version's, or the Kubernetes
# version's core schemas) in a table for this code and these libraries. A second `validate` of the same
# dist/ checks nothing again; a changed tenant checks only its objects.
_CHECKED = disk_cache.ResultTable("checks", _table_parts)


@cache
def _schema_digest(entry: CrdVersion) -> str:
    return hashlib.sha256(json.dumps(entry.schema, sort_keys=True).encode()).hexdigest()


def _result_key(
    obj: dict[str, Any], old: dict[str, Any] | None, entry: CrdVersion | None, kubernetes: str
) -> str | None:
    try:
        schema = f"crd {entry.group} {entry.kind} {entry.version} {_schema_digest(entry)}" if entry else "core"
        text = "\0".join((json.dumps(obj, sort_keys=True), json.dumps(old, sort_keys=True), schema, kubernetes))
    except (TypeError, ValueError):  # not JSON data (a YAML timestamp): checked every time
        return None
    return hashlib.sha256(text.encode()).hexdigest()


def _is_result(stored: Any) -> bool:
    return (
        isinstance(stored, list)
        and len(stored) == 2
        and isinstance(stored[0], list)
        and isinstance(stored[1], list)
        and all(isinstance(row, list) and len(row) == 5 and all(isinstance(v, str) for v in row) for row in stored[0])
        and all(isinstance(line, str) for line in stored[1])
    )


@cache
def _read_core_schemas_once() -> None:
    """kubernetes-validate reads and parses its schema files on every call, among them the 1.4 MB
    _definitions.json (15 ms an object), and lists its schema folders twice a call; they are package
    data that never change while we run, so both readers are memoized (validate() looks them up in
    its module at each call). Read-only use: jsonschema never changes a schema, nor validate() the list."""
    from kubernetes_validate import utils

    utils.schema_contents = cache(utils.schema_contents)
    utils.all_versions = cache(utils.all_versions)


Documents = dict[str, list[Any]]  # YAML file relative to the folder -> its documents


def yaml_files(folder: Path) -> list[Path]:
    """Every .yaml file under folder, sorted, never through a symbolic link: InputError for a link (to a file or a
    folder, which could lead out of the folder) or a .yaml that is not a regular file (a FIFO, a device), which synth
    never writes."""
    import os
    import stat

    found = []
    for top, folders, files in os.walk(folder, followlinks=False):
        for name in sorted([*folders, *files]):
            path = Path(top) / name
            status = path.lstat()
            if stat.S_ISLNK(status.st_mode):
                raise InputError(
                    str(path),
                    None,
                    "is a symbolic link: validate reads the folder's own files, never "
                    "through a link (synth writes none); remove it or name the folder it points to",
                )
            if name.endswith(".yaml") and not stat.S_ISDIR(status.st_mode):
                if not stat.S_ISREG(status.st_mode):
                    raise InputError(
                        str(path), None, "not a regular file (a FIFO or a device); synth writes none: remove it"
                    )
                found.append(path)
    return sorted(found)


def read_documents(folder: Path) -> Documents:
    """Every YAML file under folder (kustomization.yaml too), parsed once through the hardened reader
    (libyaml with the input limits) for all of `validate`'s checks."""
    return {path.relative_to(folder).as_posix(): read_yaml_all(path, str(path)) for path in yaml_files(folder)}


def read_objects(folder: Path, documents: Documents | None = None) -> Iterable[tuple[str, dict[str, Any]]]:
    """(relative file, object) for every Kubernetes object in the YAML files under folder (documents: the
    files already read by read_documents)."""
    for relative, found in (read_documents(folder) if documents is None else documents).items():
        if relative.rsplit("/", 1)[-1] == KUSTOMIZE_FILE:
            continue
        path = folder / relative
        for index, document in enumerate(found):
            if document is None:
                continue
            if not isinstance(document, dict):
                raise InputError(
                    str(path), None, f"document {index + 1} is a {type(document).__name__}, not a Kubernetes object"
                )
            missing = [key for key in ("apiVersion", "kind") if not isinstance(document.get(key), str)]
            if missing:
                raise InputError(
                    str(path),
                    None,
                    f"document {index + 1} has no {' or '.join(missing)} (as a string); every Kubernetes object needs both",
                )
            yield relative, document


@dataclass
class Report:
    """What `validate` found in a folder of manifests."""

    findings: list[Finding]
    files: int = 0
    objects: int = 0
    chart_objects: int = 0
    skipped: list[str] = field(default_factory=list)

    def summary(self) -> str:
        layers: dict[str, int] = {}
        for finding in self.findings:
            layers[finding.layer] = layers.get(finding.layer, 0) + 1
        by_layer = ", ".join(f"{count} {layer}" for layer, count in sorted(layers.items()))
        text = (
            f"validate: {self.objects} objects in {self.files} files, {self.chart_objects} rendered chart objects: "
            f"{len(self.findings)} finding{'s' if len(self.findings) != 1 else ''}"
        )
        if by_layer:
            text += f" ({by_layer})"
        if self.skipped:
            text += f"; {len(self.skipped)} transition rules skipped (no previous version: pass --base REV)"
        return text


OldObjects = dict[str, list[dict[str, Any]]]  # relative file -> objects at the base revision


def _identity(obj: dict[str, Any]) -> tuple[str, str, str, str]:
    metadata = obj.get("metadata") if isinstance(obj.get("metadata"), dict) else {}
    group = str(obj.get("apiVersion", "")).rsplit("/", 1)[0] if "/" in str(obj.get("apiVersion", "")) else ""
    return group, str(obj.get("kind")), str(metadata.get("namespace", "")), str(metadata.get("name"))


def _strings(value: Any) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(key)
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def yaml12_findings(folder: Path, documents: Documents) -> list[Finding]:
    """Strings written plain that a YAML 1.2 parser reads as numbers (`name: 1e3` is 1000 to kustomize, Flux and Argo
    CD, which read dist/ with Go's yaml.v3; PyYAML's YAML 1.1 reads the string "1e3"). Only files holding such a
    string (as the hardened reader read them) are composed again to see how each was written."""
    import yaml

    from karpenter_tenants.synthesis.yaml_text import YAML12_NUMBER

    found: list[Finding] = []
    for relative, loaded in documents.items():
        if not any(YAML12_NUMBER.match(text) for text in _strings(loaded)):
            continue
        path = folder / relative
        nodes = yaml.compose_all(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        for document, node in zip(loaded, nodes, strict=False):
            metadata = document.get("metadata") if isinstance(document, dict) else None
            kind = str(document.get("kind", "")) if isinstance(document, dict) else ""
            name = str(metadata.get("name", "")) if isinstance(metadata, dict) else ""
            for where, scalar in _plain_scalars(node, ()):
                if scalar.tag == "tag:yaml.org,2002:str" and YAML12_NUMBER.match(scalar.value):
                    found.append(
                        Finding(
                            relative,
                            kind,
                            name,
                            _json_path(where),
                            f"{scalar.value!r} is written plain: YAML 1.2 parsers (kustomize, Flux, Argo CD) read it as a "
                            "number, not this string; quote it (synth writes it quoted: run `python main.py`)",
                            "yaml",
                        )
                    )
    return found


def _plain_scalars(node: Any, where: tuple[Any, ...]) -> Iterable[tuple[tuple[Any, ...], Any]]:
    import yaml

    if isinstance(node, yaml.ScalarNode):
        if not node.style:  # plain: None from PyYAML's parser, "" from libyaml's
            yield where, node
    elif isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            yield from _plain_scalars(key, where)
            yield from _plain_scalars(value, (*where, key.value if isinstance(key, yaml.ScalarNode) else "?"))
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            yield from _plain_scalars(item, (*where, index))


def validate_tree(
    folder: Path,
    crds: dict[tuple[str, str], CrdVersion],
    kubernetes_versions: dict[str, str],
    default_kubernetes_version: str,
    old_objects: OldObjects | None = None,
    cluster_crds: dict[str, dict[tuple[str, str], CrdVersion]] | None = None,
    documents: Documents | None = None,
) -> Report:
    """Validate every object under folder (documents: its files already read by read_documents); the
    first path component (the cluster key) picks the cluster's Kubernetes version and, in cluster_crds,
    the CRDs of the Karpenter release it pins (other folders: crds)."""
    validators: dict[tuple[int, str], ObjectValidator] = {}
    report = Report(findings=[])
    files: set[str] = set()
    documents = read_documents(folder) if documents is None else documents
    for relative, obj in read_objects(folder, documents):
        files.add(relative)
        report.objects += 1
        key = relative.split("/", 1)[0]
        version = kubernetes_versions.get(key, default_kubernetes_version)
        schemas = (cluster_crds or {}).get(key, crds)
        validator = validators.setdefault((id(schemas), version), ObjectValidator(schemas, version))
        old = None
        if old_objects is not None:
            old = next((o for o in old_objects.get(relative, []) if _identity(o) == _identity(obj)), None)
        report.findings += validator.check(obj, relative, old)
    report.files = len(files)
    report.findings += yaml12_findings(folder, documents)
    for validator in validators.values():
        report.skipped += validator.skipped
    return report
