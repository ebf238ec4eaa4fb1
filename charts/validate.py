"""Checks objects the way the API server would, offline: core kinds against the Kubernetes OpenAPI
schemas (kubernetes-validate), CRD kinds against their CRD's openAPIV3Schema with unknown fields
rejected."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import yaml

from charts.schemas import CrdVersion, load_crds, strict_json_schema

KUSTOMIZE_FILE = "kustomization.yaml"


@dataclass(frozen=True)
class Finding:
    """One rule an object breaks."""

    file: str
    kind: str
    name: str
    path: str
    message: str
    layer: str  # "schema", "core", "cel", ...

    def __str__(self) -> str:
        return f"{self.file}: {self.kind}/{self.name}: {self.path or '(object)'}: {self.message} [{self.layer}]"


def _json_path(parts: Iterable[Any]) -> str:
    text = ""
    for part in parts:
        text += f"[{part}]" if isinstance(part, int) else ("." if text else "") + str(part)
    return text


@cache
def _validator(entry: CrdVersion) -> jsonschema.protocols.Validator:
    schema = strict_json_schema(entry.schema)
    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft7Validator)
    return cls(schema)


class ObjectValidator:
    """Validates single objects against the CRDs under `shared` and a Kubernetes version's schemas."""

    def __init__(self, shared: Path, kubernetes_version: str) -> None:
        self.crds = load_crds(shared)
        self.kubernetes_version = kubernetes_version

    def check(self, obj: dict[str, Any], file: str = "-") -> list[Finding]:
        kind = str(obj.get("kind", "?"))
        name = str((obj.get("metadata") or {}).get("name", "?"))
        entry = self.crds.get((str(obj.get("apiVersion")), kind))
        if entry is not None:
            return [
                Finding(file, kind, name, _json_path(error.absolute_path), error.message, "schema")
                for error in sorted(_validator(entry).iter_errors(obj), key=lambda e: list(map(str, e.absolute_path)))
            ]
        if "/" in str(obj.get("apiVersion", "")) and "." in str(obj.get("apiVersion")).split("/")[0]:
            group = str(obj.get("apiVersion")).split("/")[0]
            if not group.endswith(".k8s.io"):
                return [Finding(file, kind, name, "", f"no CRD known for {obj.get('apiVersion')} {kind}", "schema")]
        return self._core(obj, file, kind, name)

    def _core(self, obj: dict[str, Any], file: str, kind: str, name: str) -> list[Finding]:
        import kubernetes_validate
        from kubernetes_validate.utils import SchemaNotFoundError, ValidationError

        try:
            kubernetes_validate.validate(obj, self.kubernetes_version, strict=True)
        except ValidationError as error:
            return [Finding(file, kind, name, _json_path(error.path), error.message, "core")]
        except SchemaNotFoundError:
            return [
                Finding(file, kind, name, "", f"no schema for {obj.get('apiVersion')} {kind} "
                        f"in Kubernetes {self.kubernetes_version}", "core")
            ]
        return []


def read_objects(folder: Path) -> Iterable[tuple[str, dict[str, Any]]]:
    """(relative file, object) for every Kubernetes object in the YAML files under folder."""
    for path in sorted(folder.rglob("*.yaml")):
        if path.name == KUSTOMIZE_FILE:
            continue
        with open(path, encoding="utf-8") as handle:
            for document in yaml.safe_load_all(handle):
                if isinstance(document, dict):
                    yield str(path.relative_to(folder)), document
