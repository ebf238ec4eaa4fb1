"""The objects of a dist/ tree given as its files' texts (path relative to dist/ -> text), by (cluster, kind,
namespace, name): what plan compares (review/, the kinds' reviews) and capacity evaluates (capacity/pools.py), read the same way.

Owns only that reading, and kustomize's file name (KUSTOMIZE_FILE, which checks.validate skips too).
Imports config.yaml_input only (not checks.validate, whose schema and CEL libraries `plan` does not need)."""

from __future__ import annotations

from typing import Any

from karpenter_tenants.config.yaml_input import load_all

KUSTOMIZE_FILE = "kustomization.yaml"  # kustomize's own file: it lists a folder's files, no object
ObjectKey = tuple[str, str, str, str]  # cluster, kind, namespace, name
Objects = dict[ObjectKey, tuple[str, dict[str, Any]]]  # each object with its file's path


def objects_of(files: dict[str, str]) -> Objects:
    """Objects of a dist/ tree by (cluster, kind, namespace, name), with their file path."""
    found: Objects = {}
    for path, text in files.items():
        if path.rsplit("/", 1)[-1] == KUSTOMIZE_FILE:  # kustomize's own file lists the folder, no object
            continue
        for document in load_all(text, path):
            if not isinstance(document, dict) or "kind" not in document:
                continue
            metadata = document.get("metadata") if isinstance(document.get("metadata"), dict) else {}
            key = (
                path.split("/", 1)[0],
                _hashable(document["kind"]),
                _hashable(metadata.get("namespace", "")),
                _hashable(metadata.get("name", "")),
            )
            found[key] = (path, document)
    return found


def _hashable(value: object) -> object:
    """A key part as written, or its repr when it is a list or mapping (a hand-edited file: review.plan says so)."""
    return value if isinstance(value, (str, int, float, bool, type(None))) else repr(value)
