"""The Kubernetes CEL library functions the Karpenter CRDs use, for cel-python (see checks.cel); kept
apart so that a `validate` whose rule results all come from the disk cache never imports cel-python."""

from __future__ import annotations

import re
from typing import Any

from celpy import celtypes


def _find(value: celtypes.StringType, pattern: celtypes.StringType) -> celtypes.StringType:
    match = re.search(str(pattern), str(value))
    return celtypes.StringType(match.group(0) if match else "")


def _find_all(value: celtypes.StringType, pattern: celtypes.StringType) -> celtypes.ListType:
    return celtypes.ListType([celtypes.StringType(m.group(0)) for m in re.finditer(str(pattern), str(value))])


def _split(value: celtypes.StringType, separator: celtypes.StringType) -> celtypes.ListType:
    return celtypes.ListType([celtypes.StringType(part) for part in str(value).split(str(separator))])


_NO_SEPARATOR = celtypes.StringType("")


def _join(values: celtypes.ListType, separator: celtypes.StringType = _NO_SEPARATOR) -> celtypes.StringType:
    return celtypes.StringType(str(separator).join(str(v) for v in values))


def _is_sorted(values: celtypes.ListType) -> celtypes.BoolType:
    items = list(values)
    return celtypes.BoolType(all(a <= b for a, b in zip(items, items[1:], strict=False)))


KUBERNETES_FUNCTIONS: dict[str, Any] = {
    "find": _find,
    "findAll": _find_all,
    "split": _split,
    "join": _join,
    "lowerAscii": lambda s: celtypes.StringType(str(s).lower()),
    "upperAscii": lambda s: celtypes.StringType(str(s).upper()),
    "replace": lambda s, a, b: celtypes.StringType(str(s).replace(str(a), str(b))),
    "trim": lambda s: celtypes.StringType(str(s).strip()),
    "indexOf": lambda s, sub: celtypes.IntType(str(s).find(str(sub))),
    "isSorted": _is_sorted,
}
