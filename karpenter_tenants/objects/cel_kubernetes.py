"""The Kubernetes CEL library functions the Karpenter CRDs use, for cel-python (see objects.cel); kept
apart so that a `validate` whose rule results all come from the disk cache never imports cel-python.

As in the API server, regular expressions are RE2's (linear in time: a rule from hostile reference data cannot
backtrack for hours), and a function that could make a value larger than objects.cel.MAX_VALUE_LENGTH (`replace`
and `join`, which a rule can nest to grow a string exponentially) works its result's size out first and hands it
to the size check it is built with (objects.cel's, which stops the rule with RuleLimitExceeded) instead of building it.

Owns the functions only; imports nothing of objects (objects.cel imports this module, never the other way)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from celpy import celtypes

# Raises when a value of this length (characters or items) is past the limit; returns otherwise.
SizeCheck = Callable[[int], None]


@cache
def _regex(pattern: str) -> Any:
    import re2

    return re2.compile(pattern)


def _find(value: celtypes.StringType, pattern: celtypes.StringType) -> celtypes.StringType:
    match = _regex(str(pattern)).search(str(value))
    return celtypes.StringType(match.group(0) if match else "")


def _find_all(value: celtypes.StringType, pattern: celtypes.StringType) -> celtypes.ListType:
    return celtypes.ListType([celtypes.StringType(m.group(0)) for m in _regex(str(pattern)).finditer(str(value))])


def _split(value: celtypes.StringType, separator: celtypes.StringType) -> celtypes.ListType:
    return celtypes.ListType([celtypes.StringType(part) for part in str(value).split(str(separator))])


_NO_SEPARATOR = celtypes.StringType("")


def _is_sorted(values: celtypes.ListType) -> celtypes.BoolType:
    items = list(values)
    return celtypes.BoolType(all(a <= b for a, b in zip(items, items[1:], strict=False)))


def kubernetes_functions(check_size: SizeCheck) -> dict[str, Any]:
    """The functions by name, as cel-python's `functions` takes them; `join` and `replace` call check_size with
    their result's length before they build it."""

    def _join(values: celtypes.ListType, separator: celtypes.StringType = _NO_SEPARATOR) -> celtypes.StringType:
        parts = [str(v) for v in values]
        check_size(sum(map(len, parts)) + len(separator) * max(len(parts) - 1, 0))
        return celtypes.StringType(str(separator).join(parts))

    def _replace(value: celtypes.StringType, old: celtypes.StringType, new: celtypes.StringType) -> celtypes.StringType:
        text, old_text, new_text = str(value), str(old), str(new)
        check_size(len(text) + text.count(old_text) * (len(new_text) - len(old_text)))
        return celtypes.StringType(text.replace(old_text, new_text))

    return {
        "find": _find,
        "findAll": _find_all,
        "split": _split,
        "join": _join,
        "lowerAscii": lambda s: celtypes.StringType(str(s).lower()),
        "upperAscii": lambda s: celtypes.StringType(str(s).upper()),
        "replace": _replace,
        "trim": lambda s: celtypes.StringType(str(s).strip()),
        "indexOf": lambda s, sub: celtypes.IntType(str(s).find(str(sub))),
        "isSorted": _is_sorted,
    }
