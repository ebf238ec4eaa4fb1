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

import decimal
import re
from collections.abc import Callable
from decimal import Decimal
from typing import Any


class FunctionError(Exception):
    """A call Terraform would refuse (wrong types, a missing key): the message says why."""


class NotEvaluated(FunctionError):
    """A call whose result this module does not compute as Terraform would: reported as not evaluated, never guessed
    (and not an error: try() does not skip it)."""


# --- numbers, as Terraform has them: exact (cty's numbers are 512-bit floats; decimal literals, sums, products and
# exact quotients are exact here too, as int or Decimal; a quotient that does not end is not evaluated) ---------------

_EXACT = decimal.Context(prec=200, traps=[decimal.InvalidOperation, decimal.DivisionByZero, decimal.Overflow])
# What Terraform's tonumber() and number conversion read (a decimal representation; "1_0", " 5 ", "nan", "0x10" are
# refused, checked with OpenTofu's console: tests/unit/convert/test_hcl_terraform.py).
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
MAX_EXPONENT = 308  # a number beyond ±1e308 (a float64's range) is not evaluated: grown further it only grows
DIVIDES_BY_ZERO = "divides by zero"


def exact(number: Decimal) -> int | Decimal:
    """A whole number as int, any other as Decimal."""
    return int(number) if number == number.to_integral_value() else number.normalize(_EXACT)


def number_of(text: str) -> int | Decimal:
    """A number literal or a decimal representation read exactly (digits are never lost)."""
    if re.fullmatch(r"[+-]?[0-9]+", text) and len(text) <= MAX_EXPONENT + 2:
        return int(text)
    number = Decimal(text)
    if not number.is_finite() or (number != 0 and abs(number.adjusted()) > MAX_EXPONENT):
        return number  # too_large() says so
    return exact(number)


def too_large(number: Any) -> bool:
    if isinstance(number, bool) or not isinstance(number, int | Decimal):
        return False
    if isinstance(number, int):
        return number.bit_length() > 1024
    return not number.is_finite() or (number != 0 and number.adjusted() > MAX_EXPONENT)


def arithmetic(operator: str, left: int | Decimal, right: int | Decimal) -> Any:
    """left operator right as Terraform computes it, or a string saying why it is not a number here."""
    if operator in ("<", ">", "<=", ">="):
        return {"<": left < right, ">": left > right, "<=": left <= right, ">=": left >= right}[operator]
    if operator in ("/", "%") and right == 0:
        return DIVIDES_BY_ZERO
    try:
        a, b = Decimal(left), Decimal(right)
        if operator == "/":
            _EXACT.clear_flags()
            quotient = _EXACT.divide(a, b)
            if _EXACT.flags[decimal.Inexact]:
                return "is a quotient without an end (Terraform rounds it to 512 bits), which is not evaluated"
            return exact(quotient)
        if operator == "%":  # the sign of the dividend, as Terraform's: -7 % 3 is -1, 7 % -3 is 1
            return exact(_EXACT.remainder(a, b))
        result = {"+": _EXACT.add, "-": _EXACT.subtract, "*": _EXACT.multiply}[operator](a, b)
    except (decimal.Overflow, decimal.InvalidOperation):
        return "is a number beyond ±1.8e308, which is not evaluated"
    return exact(result)


def plain(value: Any) -> Any:
    """A value with its numbers as Python's int and float, for the callers (a fraction a float cannot hold exactly,
    more than 15 significant digits, is Unresolved's business: NotEvaluated here is turned into one by the caller)."""
    if isinstance(value, Decimal):
        number = float(value)
        return number if Decimal(repr(number)) == value else value
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


def text_of(value: Any) -> str:
    """A scalar as Terraform converts it to a string: a number in its shortest exact decimal form."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        value = exact(Decimal(repr(value)))
    if isinstance(value, Decimal):
        return format(value, "f")
    return str(value)


def typed(value: Any, kind: str | None, label: str) -> Any:
    """A variable's value converted to its declared primitive type, as Terraform converts it (a quoted "5" for a
    `type = number` variable is 5); a value that does not convert is left for the caller to find wrong."""
    if kind == "number" and isinstance(value, str) and _DECIMAL.fullmatch(value):
        return number_of(value)
    if kind == "bool" and value in ("true", "false"):
        return value == "true"
    if kind == "string" and isinstance(value, int | Decimal | bool):
        return text_of(value)
    return value


def _text(value: Any) -> str:
    """A scalar as Terraform converts it to a string."""
    if isinstance(value, int | float | str | Decimal):
        return text_of(value)
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
    raise FunctionError('coalesce(): every argument is null or ""')


def coalescelist(*args: Any) -> list[Any]:
    for value in args:
        if _list(value, "coalescelist"):
            return value
    raise FunctionError("coalescelist(): every list is empty")


MAX_SIZE = 20_000  # elements, keys and characters of one local's or function's value: larger is not evaluated
MAX_WIDTH = 1000  # format() widths and precisions: more would only pad
_VERB = re.compile(r"%(%|[-+# 0]*[0-9]*(?:\.[0-9]+)?[sdvqf])")


def format_(*args: Any) -> str:
    """Terraform's format(): Go's verbs %s %v %d %f %q %% with the flags - + space 0, widths and precisions (a string
    zero-padded by the 0 flag, as Go and Terraform pad it); what this does not compute as Terraform would (a %f that
    must round, %v of a list or map, # and flags on %q) is NotEvaluated."""
    _count(args, "format", 1)
    spec, values = _text(args[0]), list(args[1:])

    def one(match: re.Match[str]) -> str:
        verb = match.group(1)
        if verb == "%":
            return "%"
        flags, width, precision, kind = re.fullmatch(r"([-+# 0]*)([0-9]*)(?:\.([0-9]+))?([sdvqf])", verb).groups()
        if any(int(number) > MAX_WIDTH for number in (width, precision) if number):
            raise FunctionError(f"format(): a width or precision over {MAX_WIDTH} in {spec!r} is not evaluated")
        if not values:
            raise FunctionError(f"format(): {spec!r} has more verbs than arguments")
        value = values.pop(0)
        if "#" in flags or (kind in "svq" and set(flags) & {"+", " "}) or (kind == "q" and flags):
            raise NotEvaluated(f"format(): %{verb} is not evaluated")
        sign = ""
        if kind in "df":
            if isinstance(value, str) and _DECIMAL.fullmatch(value):
                value = number_of(value)
            if isinstance(value, bool) or not isinstance(value, int | Decimal):
                raise FunctionError(f"format(): %{kind} of {_shown(value)}, which is not a number")
            if kind == "d":
                if value != int(value):
                    raise FunctionError(f"format(): %d of {_shown(value)}, which is not a whole number")
                digits = str(abs(int(value)))
            else:
                places = int(precision) if precision else 6
                rounded = Decimal(value).quantize(Decimal(1).scaleb(-places), context=_EXACT)
                if rounded != value:
                    raise NotEvaluated(f"format(): %{verb} of {_shown(value)} rounds it, which is not evaluated")
                digits = format(abs(rounded), "f")
            sign = "-" if value < 0 else "+" if "+" in flags else " " if " " in flags else ""
        elif kind == "q":
            digits = '"' + _text(value).replace("\\", "\\\\").replace('"', '\\"') + '"'
        else:
            if isinstance(value, list | dict):
                raise NotEvaluated(f"format(): %{kind} of a list or map is not evaluated")
            digits = _text(value)
            digits = digits[: int(precision)] if precision else digits
        pad = max(int(width or 0) - len(sign) - len(digits), 0)
        if "-" in flags:
            return sign + digits + " " * pad
        if "0" in flags:
            return sign + "0" * pad + digits
        return " " * pad + sign + digits

    formatted = _VERB.sub(one, spec)
    if values:
        raise FunctionError(f"format(): {spec!r} has fewer verbs than arguments")
    return formatted


def _sized(name: str, size: int) -> None:
    """Refuse a text result of more than MAX_SIZE characters before it is built (hcl_values bounds what is built)."""
    if size > MAX_SIZE:
        raise FunctionError(
            f"{name}(): the result would be larger than {MAX_SIZE:,} characters, which is not evaluated"
        )


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


def _number(value: Any) -> int | Decimal:
    if isinstance(value, bool) or not isinstance(value, int | Decimal | str):
        raise FunctionError(f"{_shown(value)} is not a number")
    if not isinstance(value, str):
        return value
    if not _DECIMAL.fullmatch(value):
        raise FunctionError(
            f"tonumber(): cannot convert {_shown(value)} to number; given string must be a decimal "
            "representation of a number"
        )
    number = number_of(value)
    if too_large(number):
        raise NotEvaluated(f"tonumber(): {_shown(value)} is a number beyond ±1.8e308, which is not evaluated")
    return number


def tobool(value: Any) -> bool | None:
    if value is None or isinstance(value, bool):
        return value
    if value in ("true", "false"):
        return value == "true"
    raise FunctionError(f"tobool(): {_shown(value)} is not a bool")


def distinct(value: Any) -> list[Any]:
    found: list[Any] = []
    for item in _list(value, "distinct"):
        if item not in found:
            found.append(item)
    return found


def toset(value: Any) -> list[Any]:
    """A set, as a list in Terraform's order: numbers by value, bools false first, strings lexical; elements of mixed
    types are converted to strings first (toset(["a", 1]) is ["1", "a"]). Sets of lists, maps or nulls are not
    evaluated."""
    items = _list(value, "toset")
    if any(item is None or isinstance(item, list | dict) for item in items):
        raise NotEvaluated("toset() of nulls, lists or maps is not evaluated")
    kinds = {bool if isinstance(item, bool) else str if isinstance(item, str) else Decimal for item in items}
    if len(kinds) > 1:
        items = [_text(item) for item in items]
    return sorted(distinct(items), key=lambda item: item if not isinstance(item, bool) else int(item))


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
    "merge": merge,
    "concat": concat,
    "lookup": lookup,
    "coalesce": coalesce,
    "coalescelist": coalescelist,
    "format": format_,
    "join": join,
    "split": split,
    "lower": lambda text: _text(text).lower(),
    "upper": lambda text: _text(text).upper(),
    "title": lambda text: re.sub(r"\b[a-z]", lambda m: m.group(0).upper(), _text(text)),
    "trimspace": lambda text: _text(text).strip(),
    "replace": replace,
    "tomap": lambda value: dict(_map(value, "tomap")),
    "toset": toset,
    "tolist": lambda value: list(_list(value, "tolist")),
    "tostring": lambda value: None if value is None else _text(value),
    "tonumber": lambda value: None if value is None else _number(value),
    "tobool": tobool,
    "distinct": distinct,
    "flatten": flatten,
    "compact": lambda value: [item for item in _list(value, "compact") if item not in (None, "")],
    "keys": lambda value: sorted(_map(value, "keys")),
    "values": lambda value: [value[k] for k in sorted(_map(value, "values"))],
    "length": length,
    "contains": contains,
    "min": _extreme(min, "min"),
    "max": _extreme(max, "max"),
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
