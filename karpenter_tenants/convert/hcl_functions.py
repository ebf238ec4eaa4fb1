"""The Terraform functions import-nodegroups evaluates without Terraform, on values already known (convert.hcl_values
calls them only when every argument is): what terraform-aws-eks users write around node groups, and nothing more.

Each follows Terraform's own definition (developer.hashicorp.com/terraform/language/functions): merge (later maps
win), concat, lookup (a default as third argument), coalesce (the first argument neither null nor ""), coalescelist,
format (%s %d %v %q %%), join, split, lower, upper, title, trimspace, replace (plain substrings, not /regex/),
tomap, toset (distinct, in Terraform's order: strings sorted), tolist, tostring, tonumber, distinct, flatten,
compact, keys and values (in key order), length, contains, min, max. try and can are convert.hcl_values' own (they
need the arguments unevaluated). A call against a function's types is a FunctionError, which try() catches as
Terraform does.

Owns the functions and their names. Imports nothing of the product."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any


class FunctionError(Exception):
    """A call Terraform would refuse (wrong types, a missing key): the message says why."""


def _text(value: Any) -> str:
    """A scalar as Terraform converts it to a string."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, int | float | str):
        return str(value)
    raise FunctionError(f"{_shown(value)} is not a string")


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def _map(value: Any, name: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise FunctionError(f"{name}(): {_shown(value)} is not a map")
    return value


def _list(value: Any, name: str) -> list[Any]:
    if not isinstance(value, list):
        raise FunctionError(f"{name}(): {_shown(value)} is not a list")
    return value


def _count(args: tuple[Any, ...], name: str, low: int, high: int | None = None) -> None:
    if len(args) < low or (high is not None and len(args) > high):
        wanted = f"{low}" if high == low else f"{low} to {high}" if high is not None else f"at least {low}"
        raise FunctionError(f"{name}() takes {wanted} argument(s), not {len(args)}")


def merge(*maps: Any) -> dict[str, Any]:
    merged: dict[str, Any] = {}
    for value in maps:
        if value is not None:
            merged.update(_map(value, "merge"))
    return merged


def concat(*lists: Any) -> list[Any]:
    return [item for value in lists for item in _list(value, "concat")]


def lookup(*args: Any) -> Any:
    _count(args, "lookup", 2, 3)
    mapping, key = _map(args[0], "lookup"), _text(args[1])
    if key in mapping:
        return mapping[key]
    if len(args) == 3:
        return args[2]
    raise FunctionError(f"lookup(): the map has no key {key!r} and no default is given")


def coalesce(*args: Any) -> Any:
    for value in args:
        if value is not None and value != "":
            return value
    raise FunctionError("coalesce(): every argument is null or \"\"")


def coalescelist(*args: Any) -> list[Any]:
    for value in args:
        if _list(value, "coalescelist"):
            return value
    raise FunctionError("coalescelist(): every list is empty")


MAX_SIZE = 20_000  # elements, keys and characters of one local's or function's value: larger is not evaluated
MAX_WIDTH = 1000  # format() widths and precisions: more would only pad
_VERB = re.compile(r"%(%|[-+# 0]*[0-9]*(?:\.[0-9]+)?[sdvqf])")


def format_(*args: Any) -> str:
    _count(args, "format", 1)
    spec, values = _text(args[0]), list(args[1:])

    def one(match: re.Match[str]) -> str:
        verb = match.group(1)
        if verb == "%":
            return "%"
        if any(int(width) > MAX_WIDTH for width in re.findall(r"[0-9]+", verb)):
            raise FunctionError(f"format(): a width or precision over {MAX_WIDTH} in {spec!r} is not evaluated")
        if not values:
            raise FunctionError(f"format(): {spec!r} has more verbs than arguments")
        value = values.pop(0)
        kind = verb[-1]
        if kind == "d":
            if isinstance(value, bool) or not isinstance(value, int | float) or float(value) != int(value):
                raise FunctionError(f"format(): %d of {_shown(value)}, which is not a whole number")
            return ("%" + verb) % int(value)
        if kind == "f":
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise FunctionError(f"format(): %f of {_shown(value)}, which is not a number")
            return ("%" + verb) % value
        if kind == "q":
            return '"' + _text(value).replace("\\", "\\\\").replace('"', '\\"') + '"'
        return ("%" + verb[:-1] + "s") % _text(value)

    formatted = _VERB.sub(one, spec)
    if values:
        raise FunctionError(f"format(): {spec!r} has fewer verbs than arguments")
    return formatted


def _sized(name: str, size: int) -> None:
    """Refuse a text result of more than MAX_SIZE characters before it is built (hcl_values bounds what is built)."""
    if size > MAX_SIZE:
        raise FunctionError(f"{name}(): the result would be larger than {MAX_SIZE:,} characters, which is not evaluated")


def join(*args: Any) -> str:
    _count(args, "join", 2)
    separator, items = _text(args[0]), [_text(item) for value in args[1:] for item in _list(value, "join")]
    _sized("join", sum(map(len, items)) + len(separator) * max(len(items) - 1, 0))
    return separator.join(items)


def split(separator: Any, text: Any) -> list[str]:
    return _text(text).split(_text(separator)) if _text(separator) else list(_text(text))


def replace(text: Any, search: Any, replacement: Any) -> str:
    search = _text(search)
    if len(search) > 1 and search.startswith("/") and search.endswith("/"):
        raise FunctionError("replace(): a /regular expression/ is not evaluated")
    text, replacement = _text(text), _text(replacement)
    _sized("replace", len(text) + text.count(search) * (len(replacement) - len(search)))
    return text.replace(search, replacement)


def _number(value: Any) -> int | float:
    if isinstance(value, bool):
        raise FunctionError(f"{_shown(value)} is not a number")
    if isinstance(value, int | float):
        return value
    try:
        number = float(_text(value))
    except ValueError:
        raise FunctionError(f"tonumber(): {_shown(value)} is not a number") from None
    return int(number) if number.is_integer() and not any(c in str(value) for c in ".eE") else number


def tobool(value: Any) -> bool | None:
    if value is None or isinstance(value, bool):
        return value
    if value in ("true", "false"):
        return value == "true"
    raise FunctionError(f"tobool(): {_shown(value)} is not a bool")


def _scalar_order(value: Any) -> tuple[int, Any]:
    return (0, value) if isinstance(value, str) else (1, _text(value)) if isinstance(value, int | float | bool) else (2, repr(value))


def distinct(value: Any) -> list[Any]:
    found: list[Any] = []
    for item in _list(value, "distinct"):
        if item not in found:
            found.append(item)
    return found


def toset(value: Any) -> list[Any]:
    """A set, as a list in Terraform's order for sets of strings (lexical)."""
    return sorted(distinct(value), key=_scalar_order)


def flatten(value: Any) -> list[Any]:
    flat: list[Any] = []
    for item in _list(value, "flatten"):
        flat += flatten(item) if isinstance(item, list) else [item]
    return flat


def length(value: Any) -> int:
    if isinstance(value, list | dict | str):
        return len(value)
    raise FunctionError(f"length(): {_shown(value)} has no length")


def contains(collection: Any, value: Any) -> bool:
    return value in _list(collection, "contains")


def _extreme(pick: Callable[..., Any], name: str) -> Callable[..., Any]:
    def call(*args: Any) -> Any:
        _count(args, name, 1)
        return pick(_number(value) for value in args)
    return call


FUNCTIONS: dict[str, Callable[..., Any]] = {
    "merge": merge, "concat": concat, "lookup": lookup, "coalesce": coalesce, "coalescelist": coalescelist,
    "format": format_, "join": join, "split": split,
    "lower": lambda text: _text(text).lower(), "upper": lambda text: _text(text).upper(),
    "title": lambda text: re.sub(r"\b[a-z]", lambda m: m.group(0).upper(), _text(text)),
    "trimspace": lambda text: _text(text).strip(), "replace": replace,
    "tomap": lambda value: dict(_map(value, "tomap")), "toset": toset, "tolist": lambda value: list(_list(value, "tolist")),
    "tostring": lambda value: None if value is None else _text(value), "tonumber": lambda value: None if value is None else _number(value),
    "tobool": tobool, "distinct": distinct, "flatten": flatten,
    "compact": lambda value: [item for item in _list(value, "compact") if item not in (None, "")],
    "keys": lambda value: sorted(_map(value, "keys")), "values": lambda value: [value[k] for k in sorted(_map(value, "values"))],
    "length": length, "contains": contains, "min": _extreme(min, "min"), "max": _extreme(max, "max"),
}
# Evaluated by convert.hcl_values itself: their arguments are tried in turn, not evaluated first.
LAZY = ("try", "can")
SUPPORTED = ", ".join(sorted([*FUNCTIONS, *LAZY]))


def call(name: str, args: list[Any]) -> Any:
    """The function applied to known arguments; FunctionError when Terraform would refuse the call."""
    try:
        return FUNCTIONS[name](*args)
    except TypeError:
        raise FunctionError(f"{name}() does not take {len(args)} argument(s)") from None
