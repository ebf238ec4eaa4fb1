"""Reference data is untrusted input: the upstream CRDs, charts and compatibility tables under ../shared, --crds,
$KARPENTER_TENANTS_SHARED or the fetch-reference cache are read as if a hostile party had written them
(docs/safety.md). The rules, each checked here before anything else reads the file:

- plain files and folders only: a symbolic link is followed only when it stays inside the reference folder,
  and inside a chart only to a regular file (Helm follows links to folders, and one can loop); a link leaving
  the folder, a dangling link, a device, a FIFO or a socket is refused, naming it;
- every file a regular file of at most 64 MiB, UTF-8, YAML within the input limits (config.yaml_input);
- a CRD file holds CustomResourceDefinitions (apiextensions.k8s.io/v1) with the fields validate reads, their
  schemas made of the API server's JSONSchemaProps fields with their types, every `pattern` an RE2 expression
  (the API server's regular expressions; Python's backtracking `re` is never run on one) and every CEL rule
  within cel-go's size limit (objects.cel bounds the rest: nesting, cost and time).

Every problem is a ReferenceDataError (exit 2) naming the file, what is wrong and the fix."""

from __future__ import annotations

import math
import os
import stat
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from karpenter_tenants.config.yaml_input import InputError, check_limits, syntax_error
from karpenter_tenants.config.yaml_input import read_text as read_input_text

MAX_RULE_CODE_POINTS = 100_000  # cel-go's expression size limit, which the API server's CEL parser applies

FIX = (
    "reference data is read as upstream publishes it: restore it (`python main.py fetch-reference`) or point "
    "--reference or $KARPENTER_TENANTS_SHARED at unchanged reference data"
)


class ReferenceDataError(InputError):
    """A reference data file or folder that cannot be used as it is; the message names it and the fix."""

    def __init__(self, file: str | Path, line: int | None, problem: str) -> None:
        super().__init__(str(file), line, f"{problem}; {FIX}")


def _inside(real: str, root: str) -> bool:
    return real == root or real.startswith(root.rstrip(os.sep) + os.sep)


def checked_path(root: Path, path: Path) -> Path:
    """path, a file or folder under root, when it is reached without leaving root and is a regular file or a
    folder (returned as is when nothing is there: the caller says what is missing). ReferenceDataError naming the
    first symbolic link on the way that leaves root, or what path is when it is neither file nor folder."""
    real_root = os.path.realpath(root)
    try:
        parts = path.relative_to(root).parts
    except ValueError:
        parts, root = path.parts[-1:], path.parent
    current = root
    for part in parts:
        current = current / part
        if os.path.islink(current) and not _inside(os.path.realpath(current), real_root):
            raise ReferenceDataError(
                current,
                None,
                f"a symbolic link to {os.readlink(current)}, outside the reference data folder {real_root}",
            )
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        if os.path.islink(path):
            raise ReferenceDataError(path, None, f"a symbolic link to nowhere ({os.readlink(path)})") from None
        return path
    except OSError as error:
        raise ReferenceDataError(path, None, f"cannot be read ({error.strerror})") from None
    if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
        raise ReferenceDataError(path, None, "not a regular file or folder (a device, FIFO or socket)")
    return path


def checked_tree(root: Path, folder: Path) -> Path:
    """folder (a chart) when everything in it is a regular file or folder, or a symbolic link to a regular file
    inside root; ReferenceDataError naming the first entry that is not."""
    checked_path(root, folder)
    real_root = os.path.realpath(root)
    for parent, folders, files in os.walk(folder):
        for name in sorted(folders + files):
            entry = Path(parent) / name
            mode = os.lstat(entry).st_mode
            if stat.S_ISLNK(mode):
                target = os.readlink(entry)
                if not _inside(os.path.realpath(entry), real_root):
                    raise ReferenceDataError(
                        entry, None, f"a symbolic link to {target}, outside the reference data folder {real_root}"
                    )
                try:
                    followed = os.stat(entry).st_mode
                except OSError:
                    raise ReferenceDataError(entry, None, f"a symbolic link to nowhere ({target})") from None
                if not stat.S_ISREG(followed):
                    raise ReferenceDataError(entry, None, f"a symbolic link to {target}, which is not a regular file")
            elif not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
                raise ReferenceDataError(entry, None, "not a regular file or folder (a device, FIFO or socket)")
    return folder


def read_text(path: Path) -> str:
    """A reference file as text: a regular file of at most 64 MiB, UTF-8 (config.yaml_input.read_text's limits)."""
    try:
        return read_input_text(path)
    except InputError as error:
        raise ReferenceDataError(error.file, error.line, error.detail.rsplit("; ", 1)[0]) from None
    except OSError as error:
        raise ReferenceDataError(path, None, f"cannot be read ({error.strerror or error})") from None


def yaml_documents(path: Path | str, text: str, loader: type = yaml.SafeLoader) -> list[Any]:
    """The YAML documents of a reference file's text (path: the file, or what the text is), within the input limits;
    ReferenceDataError at the line of a syntax error or of the first node past a limit."""
    name = str(path)
    try:
        check_limits(text, name)
        return list(yaml.load_all(text, Loader=loader))  # noqa: S506 - a safe loader (SafeLoader, CSafeLoader, BaseLoader)
    except InputError as error:
        raise ReferenceDataError(error.file, error.line, error.detail.rsplit("; ", 1)[0]) from None
    except yaml.YAMLError as error:
        found = syntax_error(text, name, error)
        raise ReferenceDataError(found.file, found.line, found.detail.rsplit("; ", 1)[0]) from None


# --- CRDs ------------------------------------------------------------------------------------------------------


def check_crd(path: Path, index: int, document: Any) -> None:
    """ReferenceDataError unless document (the index-th of a CRD file) is a CustomResourceDefinition with the
    fields validate reads and schemas of JSONSchemaProps' fields and types."""
    where = f"document {index + 1}"
    if not isinstance(document, dict):
        raise ReferenceDataError(path, None, f"{where} is a {_type(document)}, not a CustomResourceDefinition")
    if document.get("apiVersion") != "apiextensions.k8s.io/v1" or document.get("kind") != "CustomResourceDefinition":
        raise ReferenceDataError(
            path,
            None,
            f"{where} is {document.get('apiVersion')!r} {document.get('kind')!r}, not an "
            "apiextensions.k8s.io/v1 CustomResourceDefinition (a CRD folder holds only CRDs)",
        )

    def need(parent: Any, key: str, kind: type, at: str) -> Any:
        value = parent.get(key) if isinstance(parent, dict) else None
        if not isinstance(value, kind) or (kind in (str, list) and not value):
            names: dict[type, str] = {str: "a non-empty string", list: "a non-empty list", dict: "a mapping"}
            wanted = names[kind]
            raise ReferenceDataError(path, None, f"{where}: {at}{key} is {_shown(value)}, not {wanted}")
        return value

    spec = need(document, "spec", dict, "")
    need(spec, "group", str, "spec.")
    need(need(spec, "names", dict, "spec."), "kind", str, "spec.names.")
    for number, version in enumerate(need(spec, "versions", list, "spec.")):
        at = f"spec.versions[{number}]."
        need(version, "name", str, at)
        schema = need(need(version, "schema", dict, at), "openAPIV3Schema", dict, f"{at}schema.")
        problem = schema_problem(schema)
        if problem is not None:
            field, message = problem
            raise ReferenceDataError(path, None, f"{where}: {at}schema.openAPIV3Schema{field}: {message}")


_TYPES = ("object", "array", "string", "integer", "number", "boolean")
_STRINGS = ("description", "title", "format", "$ref")
_BOOLEANS = (
    "nullable",
    "uniqueItems",
    "exclusiveMaximum",
    "exclusiveMinimum",
    "x-kubernetes-preserve-unknown-fields",
    "x-kubernetes-embedded-resource",
    "x-kubernetes-int-or-string",
)
_NUMBERS = ("maximum", "minimum", "multipleOf")
_COUNTS = ("maxLength", "minLength", "maxItems", "minItems", "maxProperties", "minProperties")
_VALUES = ("default", "example")  # any JSON
_SCHEMA_LISTS = ("allOf", "anyOf", "oneOf")
_NOT_STRUCTURAL = ("id", "$schema", "definitions", "dependencies", "additionalItems", "patternProperties")
_RULE_FIELDS = {
    "rule": str,
    "message": str,
    "messageExpression": str,
    "reason": str,
    "fieldPath": str,
    "optionalOldSelf": bool,
}
_KEYWORDS = frozenset(
    (
        "type",
        "pattern",
        "enum",
        "required",
        "properties",
        "items",
        "additionalProperties",
        "not",
        "externalDocs",
        "x-kubernetes-validations",
        "x-kubernetes-list-type",
        "x-kubernetes-list-map-keys",
        "x-kubernetes-map-type",
        *_STRINGS,
        *_BOOLEANS,
        *_NUMBERS,
        *_COUNTS,
        *_VALUES,
        *_SCHEMA_LISTS,
    )
)


def schema_problem(schema: dict[str, Any]) -> tuple[str, str] | None:
    """(where, what) of the first thing in an openAPIV3Schema that is not a JSONSchemaProps field of its type as
    the API server's structural schemas have them, or None. Walked without recursion."""
    stack: list[tuple[str, Any]] = [("", schema)]
    while stack:
        at, node = stack.pop()
        if not isinstance(node, dict):
            return at, f"{_shown(node)} is not a schema (a mapping)"
        for key, value in node.items():
            here = f"{at}.{key}"
            problem = _keyword_problem(key, value)
            if problem is not None:
                return here, problem
        for key in ("properties",):
            for name, child in (node.get(key) or {}).items():
                stack.append((f"{at}.{key}.{name}", child))
        for key in ("items", "not"):
            if key in node:
                stack.append((f"{at}.{key}", node[key]))
        if isinstance(node.get("additionalProperties"), dict):
            stack.append((f"{at}.additionalProperties", node["additionalProperties"]))
        for key in _SCHEMA_LISTS:
            stack += [(f"{at}.{key}[{i}]", child) for i, child in enumerate(node.get(key) or [])]
    return None


def _keyword_problem(key: str, value: Any) -> str | None:  # noqa: C901 - one branch per kind of keyword
    """What is wrong with one keyword of a schema node (its children are checked as nodes of their own)."""
    if key in _NOT_STRUCTURAL:
        return f"{key} is not supported in a CRD schema (Kubernetes' structural schemas have no such field)"
    if key not in _KEYWORDS:
        return "not a field of a CRD schema (the API server's JSONSchemaProps)"
    if key == "type":
        return None if value in _TYPES else f"{_shown(value)} is not one of {', '.join(_TYPES)}"
    if key in _STRINGS:
        return None if isinstance(value, str) else f"{_shown(value)} is not a string"
    if key in _BOOLEANS:
        return None if isinstance(value, bool) else f"{_shown(value)} is not a boolean"
    if key in _NUMBERS:
        number = isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
        return None if number else f"{_shown(value)} is not a number"
    if key in _COUNTS:
        count = isinstance(value, int) and not isinstance(value, bool) and value >= 0
        return None if count else f"{_shown(value)} is not a whole number of at least 0"
    if key == "pattern":
        return _pattern_problem(value)
    if key in ("enum", *_SCHEMA_LISTS):
        return None if isinstance(value, list) else f"{_shown(value)} is not a list"
    if key in ("required", "x-kubernetes-list-map-keys"):
        strings = isinstance(value, list) and all(isinstance(v, str) for v in value)
        return None if strings else f"{_shown(value)} is not a list of strings"
    if key == "properties":
        return None if isinstance(value, dict) else f"{_shown(value)} is not a mapping of field names to schemas"
    if key == "items" and isinstance(value, list):
        return "a list of schemas is not supported (Kubernetes' structural schemas give items one schema)"
    if key == "additionalProperties":
        return None if isinstance(value, bool | dict) else f"{_shown(value)} is neither a boolean nor a schema"
    if key == "externalDocs":
        return None if isinstance(value, dict) else f"{_shown(value)} is not a mapping"
    if key == "x-kubernetes-list-type":
        return None if value in ("atomic", "set", "map") else f"{_shown(value)} is not atomic, set or map"
    if key == "x-kubernetes-map-type":
        return None if value in ("atomic", "granular") else f"{_shown(value)} is not atomic or granular"
    if key == "x-kubernetes-validations":
        return _rules_problem(value)
    return None  # items and not (schemas, checked as nodes), default and example (any JSON)


def _rules_problem(value: Any) -> str | None:
    if not isinstance(value, list):
        return f"{_shown(value)} is not a list of rules"
    for index, entry in enumerate(value):
        if not isinstance(entry, dict) or not isinstance(entry.get("rule"), str):
            return f"[{index}]: {_shown(entry)} is not a rule (a mapping with `rule`, a CEL expression)"
        for field, value_type in _RULE_FIELDS.items():
            if field in entry and not isinstance(entry[field], value_type):
                return (
                    f"[{index}].{field}: {_shown(entry[field])} is not a {value_type.__name__.replace('str', 'string')}"
                )
        unknown = sorted(set(entry) - set(_RULE_FIELDS))
        if unknown:
            return f"[{index}]: {', '.join(map(str, unknown))} not a field of a validation rule"
        if len(entry["rule"]) > MAX_RULE_CODE_POINTS:
            return (
                f"[{index}].rule: {len(entry['rule']):,} characters; the API server's CEL parser takes at most "
                f"{MAX_RULE_CODE_POINTS:,}"
            )
    return None


def _pattern_problem(value: Any) -> str | None:
    if not isinstance(value, str):
        return f"{_shown(value)} is not a string"
    try:
        re2_pattern(value)
    except Exception as error:  # noqa: BLE001 - re2 raises its own error type
        return f"{_shown(value)} is not an RE2 regular expression, as the API server reads patterns ({error})"
    return None


@cache
def re2_pattern(pattern: str) -> Any:
    """A CRD pattern compiled by RE2 (linear time, as the API server matches it); re2.error when it is not RE2."""
    import re2  # type: ignore[import-untyped]

    return re2.compile(pattern)


def _type(value: Any) -> str:
    return {dict: "mapping", list: "list", str: "string", type(None): "null"}.get(type(value), type(value).__name__)


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def documents_of(path: Path, documents: list[Any]) -> Iterator[tuple[int, dict[str, Any]]]:
    """(index, CRD) for each document of a CRD file, each checked (check_crd); empty documents skipped."""
    for index, document in enumerate(documents):
        if document is None:
            continue
        check_crd(path, index, document)
        yield index, document
