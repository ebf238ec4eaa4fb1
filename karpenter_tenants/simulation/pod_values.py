"""The values of a pod spec's fields, checked as the API server types and validates them: FieldError (a field wrong:
its path and why) and what the other readers of a pod spec check a value with, a string, an int32 or int64, one of a
few words, a boolean, a qualified name (a label key, a resource name), a label value, a DNS label or subdomain, a map of
labels; an object or a list where one is wanted; a key's path shown on one line (key_path).

The types are the Kubernetes OpenAPI types of k8s.io/api/core/v1 (int32, int64, string, maps of strings); the names
are apimachinery's rules (IsQualifiedName, IsValidLabelValue, IsDNS1123Label, IsDNS1123Subdomain).

Owns: a pod spec's scalar values and FieldError (simulation.pod_fields reads the spec with them,
simulation.pod_resources its resources, simulation.workloads and run the objects around it). Imports nothing of the
product's."""

from __future__ import annotations

import math
import re
from typing import Any

INT32 = (-(2**31), 2**31 - 1)
INT64 = (-(2**63), 2**63 - 1)
_NAME_PART = re.compile(r"[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?")
_SUBDOMAIN = re.compile(r"[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*")
_LABEL_VALUE = re.compile(r"(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?")
_PLAIN_KEY = re.compile(r"[-A-Za-z0-9_./]{1,317}")
DNS_LABEL = re.compile(r"[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?")  # apimachinery IsDNS1123Label (63 at most)


class FieldError(ValueError):
    """A field of a pod spec the scheduler would read, wrong: path (relative to the spec given) and why."""

    def __init__(self, path: str, problem: str) -> None:
        self.path, self.problem = path, problem
        super().__init__(f"{path}: {problem}")


def shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def kind_of(value: Any) -> str:
    return {
        bool: "a boolean",
        int: "a number",
        float: "a number",
        str: "a string",
        list: "a list",
        dict: "an object",
    }.get(type(value), type(value).__name__)


# -- scalars -----------------------------------------------------------------------------------------------------


def string(value: Any, path: str) -> str:
    if not isinstance(value, str):
        raise FieldError(path, f"{shown(value)} is {kind_of(value)}, not a string")
    return value


def whole(value: Any) -> int | None:
    """value as the whole number kubectl sends, or None: an int, or a float with no fraction (`replicas: 3.0` or `1e2`
    in a manifest: kubectl decodes it as a number and encodes it back as `3`, `100`, which the API server takes)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        return int(value)
    return None


def integer(value: Any, path: str, bounds: tuple[int, int] = INT32, what: str = "int32") -> int:
    number = whole(value)
    if number is None:
        if isinstance(value, float) and not math.isfinite(value):
            raise FieldError(path, f"{value} is not a finite number")
        raise FieldError(path, f"{shown(value)} is {kind_of(value)}, not a whole number ({what})")
    if not bounds[0] <= number <= bounds[1]:
        raise FieldError(path, f"{number} is out of range ({what}: {bounds[0]} to {bounds[1]})")
    return number


def one_of(value: Any, choices: tuple[str, ...], path: str) -> str:
    if string(value, path) not in choices:
        raise FieldError(path, f"{shown(value)} is not one of {', '.join(choices)}")
    return str(value)


def boolean(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise FieldError(path, f"{shown(value)} is {kind_of(value)}, not true or false")
    return value


def qualified_name(value: Any, path: str) -> str:
    """A label key, a resource name, a topology key: [prefix/]name, the prefix a DNS subdomain."""
    string(value, path)
    prefix, _, name = value.rpartition("/")
    if (
        not name
        or not _NAME_PART.fullmatch(name)
        or (prefix and (len(prefix) > 253 or not _SUBDOMAIN.fullmatch(prefix)))
        or (not prefix and "/" in value)
    ):
        raise FieldError(
            path, f"{shown(value)} is not a qualified name ([prefix/]name, the name 63 characters at most)"
        )
    return str(value)


def label_value(value: Any, path: str) -> str:
    string(value, path)
    if len(value) > 63 or not _LABEL_VALUE.fullmatch(value):
        raise FieldError(
            path, f"{shown(value)} is not a label value (63 characters at most: letters, digits, '-', '_', '.')"
        )
    return str(value)


def dns_label(value: Any, path: str, what: str = "name") -> str:
    """A DNS-1123 label (apimachinery IsDNS1123Label): a container's, a volume's, a StatefulSet's name."""
    string(value, path)
    if not DNS_LABEL.fullmatch(value):
        raise FieldError(
            path,
            f"{shown(value)} is not a valid {what}: the API server takes a DNS label (63 characters at most: "
            "lowercase letters, digits and '-', a letter or digit at each end)",
        )
    return str(value)


def dns_subdomain(value: Any, path: str, what: str = "name") -> str:
    """A DNS-1123 subdomain (apimachinery IsDNS1123Subdomain): most objects' names, a node's, a priority class's."""
    string(value, path)
    if len(value) > 253 or not _SUBDOMAIN.fullmatch(value):
        raise FieldError(
            path,
            f"{shown(value)} is not a valid {what}: the API server takes a DNS subdomain (253 characters at most: "
            "lowercase letters, digits, '-' and '.', a letter or digit at each end of each dot-separated part)",
        )
    return str(value)


def labels(value: Any, path: str) -> dict[str, str]:
    """A map of label keys to label values (metadata.labels, nodeSelector, matchLabels)."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise FieldError(path, f"is {kind_of(value)}, not a map of strings")
    for key, item in value.items():
        qualified_name(key, key_path(path, key))
        label_value(item, key_path(path, key))
    return dict(value)


def as_object(value: Any, path: str) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise FieldError(path, f"is {kind_of(value)}, not an object")
    return value


def as_list(value: Any, path: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise FieldError(path, f"is {kind_of(value)}, not a list")
    return value


def strings(value: Any, path: str) -> list[str]:
    return [string(item, f"{path}[{index}]") for index, item in enumerate(as_list(value, path))]


def key_path(path: str, key: Any) -> str:
    """path.key, or path['key'] where the key is no plain name (a newline, a quote: one line, the key seen whole)."""
    return f"{path}.{key}" if isinstance(key, str) and _PLAIN_KEY.fullmatch(key) else f"{path}[{key!r}]"
