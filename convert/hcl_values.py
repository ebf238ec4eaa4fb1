"""Terraform values resolved statically, without Terraform: what `import-nodegroups` may read from `.tf` files.

python-hcl2 gives every value as written: strings in their quotes (`"m6i.large"`), expressions in `${...}`
(`${local.types}`, `${merge(local.tags, {...})}`). What this module evaluates, and nothing more:

- literals (strings, numbers, booleans, null, lists and maps of them);
- `local.NAME` and `var.NAME` (a `.tfvars` value, else the variable's default), with `.attr`, `["key"]` and
  `[0]` steps into them, locals referring to locals and variables;
- string templates (`"${local.name}-gpu"`) made of literal text and such references.

Everything else (module outputs, resource attributes, data sources, function calls, conditionals, `for`
expressions, template directives, `each.` and `count.`) is an `Unresolved`: the expression and why it is not
known before `terraform apply`, for the caller to report. Nothing is guessed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

_NAME = r"[A-Za-z_][A-Za-z0-9_-]*"
_REFERENCE = re.compile(rf"(local|var)\.({_NAME})((?:\.{_NAME}|\[\s*(?:[0-9]+|\"[^\"\\]*\")\s*\])*)")
_STEP = re.compile(rf"\.({_NAME})|\[\s*([0-9]+)\s*\]|\[\s*\"([^\"\\]*)\"\s*\]")
_NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?")
_ESCAPES = {"n": "\n", "r": "\r", "t": "\t", '"': '"', "\\": "\\"}
MAX_DEPTH = 50  # locals referring to locals: deeper is a cycle in all but name


@dataclass(frozen=True)
class Unresolved:
    """A value Terraform knows only when it runs: the expression as written and why."""

    expression: str
    reason: str


NO_DEFAULT = object()  # a variable declared without `default`


@dataclass
class Scope:
    """One Terraform module folder: its locals, its variables' defaults and the values .tfvars files give them."""

    locals: dict[str, Any] = field(default_factory=dict)
    defaults: dict[str, Any] = field(default_factory=dict)  # name -> raw default, or NO_DEFAULT
    values: dict[str, Any] = field(default_factory=dict)  # from .tfvars files, later files winning
    var_files: list[str] = field(default_factory=list)


def short(text: str, limit: int = 80) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def unquote(text: str) -> str:
    """A block label or map key as python-hcl2 gives it (`"eks"`, or a bare `example`), without its quotes."""
    if len(text) >= 2 and text[0] == text[-1] == '"':
        return _decode(text[1:-1])
    return text


def _decode(text: str) -> str:
    out, index = [], 0
    while index < len(text):
        char = text[index]
        if char == "\\" and index + 1 < len(text):
            following = text[index + 1]
            if following in _ESCAPES:
                out.append(_ESCAPES[following])
                index += 2
                continue
            if following in "uU":
                width = 4 if following == "u" else 8
                digits = text[index + 2 : index + 2 + width]
                if len(digits) == width and all(c in "0123456789abcdefABCDEF" for c in digits):
                    out.append(chr(int(digits, 16)))
                    index += 2 + width
                    continue
        out.append(char)
        index += 1
    return "".join(out)


def _one_string(text: str) -> bool:
    """Whether text is one quoted string literal (its first unescaped closing quote is its last character)."""
    if len(text) < 2 or text[0] != '"':
        return False
    index = 1
    while index < len(text):
        if text[index] == "\\":
            index += 2
            continue
        if text[index] == '"':
            return index == len(text) - 1
        index += 1
    return False


def _closing(text: str, start: int) -> int:
    """The index of the `}` closing an interpolation whose body starts at start (-1 when there is none)."""
    depth, index, quoted = 1, start, False
    while index < len(text):
        char = text[index]
        if quoted:
            if char == "\\":
                index += 1
            elif char == '"':
                quoted = False
        elif char == '"':
            quoted = True
        elif char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                return index
        index += 1
    return -1


def why(expression: str) -> str:
    """Why an expression is not known statically, in the words of what it is."""
    head = expression.split(".", 1)[0].split("[", 1)[0].split("(", 1)[0].strip()
    if head == "module":
        return f"{short(expression)} is an output of module {expression.split('.')[1]}, known only after apply"
    if head == "data":
        return f"{short(expression)} is a data source, read by Terraform when it runs"
    if head in ("each", "count"):
        return f"{short(expression)} is a per-instance value of for_each or count"
    if re.fullmatch(r"[a-z][a-z0-9_]*", head) and expression.lstrip().startswith(head + "("):
        return f"{short(expression)} calls the function {head}(), which is not evaluated"
    if re.fullmatch(r"[a-z][a-z0-9]*_[a-z0-9_]+", head) and "." in expression:
        return f"{short(expression)} is a resource attribute, known only after apply"
    return (f"{short(expression)} is not evaluated (only literals, local.x, var.x and strings made of them are "
            "resolved without Terraform)")


class Resolver:
    """Values of one scope; each a plain Python value, with Unresolved where it is not known statically."""

    def __init__(self, scope: Scope) -> None:
        self.scope = scope
        self._active: list[str] = []

    def value(self, raw: Any) -> Any:
        if isinstance(raw, dict):
            return {self._key(k): self.value(v) for k, v in raw.items() if not (isinstance(k, str) and k.startswith("__"))}
        if isinstance(raw, list):
            return [self.value(v) for v in raw]
        if isinstance(raw, str):
            if len(raw) >= 2 and raw[0] == raw[-1] == '"':
                return self.template(raw[1:-1], raw)
            if raw.startswith("${") and raw.endswith("}"):
                return self.expression(raw[2:-1])
            return Unresolved(raw, f"{short(raw)} is not a Terraform value")
        return raw

    def _key(self, raw: Any) -> Any:
        if not isinstance(raw, str):
            return raw
        if raw.startswith("${") and raw.endswith("}"):  # a (parenthesised) key expression
            key = self.expression(raw[2:-1])
        elif len(raw) >= 2 and raw[0] == raw[-1] == '"':
            key = self.template(raw[1:-1], raw)
        else:
            return raw
        return key if isinstance(key, str | Unresolved) else _text(key)

    def template(self, body: str, written: str) -> Any:
        """A quoted string: literal text and `${...}` interpolations; one interpolation alone is its value as is."""
        parts: list[Any] = []
        text: list[str] = []
        index = 0
        while index < len(body):
            if body.startswith(("$${", "%%{"), index):
                text.append(body[index + 1 : index + 3])
                index += 3
            elif body.startswith("${", index):
                end = _closing(body, index + 2)
                if end < 0:
                    return Unresolved(written, f"{short(written)} is not a complete template")
                if text:
                    parts.append("".join(text))
                    text = []
                parts.append(self.expression(body[index + 2 : end]))
                index = end + 1
            elif body.startswith("%{", index):
                return Unresolved(written, f"{short(written)} holds a template directive (%{{...}}), which is not evaluated")
            elif body[index] == "\\" and index + 1 < len(body):
                width = {"u": 6, "U": 10}.get(body[index + 1], 2)
                text.append(_decode(body[index : index + width]))
                index += width
            else:
                text.append(body[index])
                index += 1
        if text:
            parts.append("".join(text))
        if len(parts) == 1 and not isinstance(parts[0], str):
            return parts[0]
        for part in parts:
            if isinstance(part, Unresolved):
                return Unresolved(written, part.reason)
            if isinstance(part, list | dict):
                return Unresolved(written, f"{short(written)} puts a list or map into a string")
        return "".join(_text(part) for part in parts)

    def expression(self, text: str) -> Any:
        text = text.strip()
        while text.startswith("(") and text.endswith(")") and _closing(text.replace("(", "{").replace(")", "}"), 1) == len(text) - 1:
            text = text[1:-1].strip()
        match = _REFERENCE.fullmatch(text)
        if match:
            return self._reference(text, *match.groups())
        if _NUMBER.fullmatch(text):
            number = float(text)
            return int(number) if number.is_integer() and not any(c in text for c in ".eE") else number
        if text in ("true", "false"):
            return text == "true"
        if text == "null":
            return None
        if _one_string(text):
            return self.template(text[1:-1], text)
        return Unresolved(text, why(text))

    def _reference(self, text: str, kind: str, name: str, steps: str) -> Any:
        label = f"{kind}.{name}"
        if kind == "local":
            if name not in self.scope.locals:
                return Unresolved(text, f"{label} is not defined in the files given")
            if label in self._active or len(self._active) >= MAX_DEPTH:
                return Unresolved(text, f"{label} refers to itself")
            self._active.append(label)
            try:
                value = self.value(self.scope.locals[name])
            finally:
                self._active.pop()
            if isinstance(value, Unresolved):
                return Unresolved(text, value.reason if value.expression == text else f"{label} is {short(value.expression)}: {value.reason}")
        elif name in self.scope.values:
            value = self.value(self.scope.values[name])
        elif name not in self.scope.defaults:
            return Unresolved(text, f"{label} is not declared in the files given")
        elif self.scope.defaults[name] is NO_DEFAULT:
            given = " and the .tfvars files given do not set it" if self.scope.var_files else ""
            return Unresolved(text, f"{label} has no default{given}")
        else:
            value = self.value(self.scope.defaults[name])
        walked = label
        for attribute, index, key in _STEP.findall(steps):
            if isinstance(value, Unresolved):
                return value
            step = attribute or key
            if index:
                if not isinstance(value, list) or int(index) >= len(value):
                    return Unresolved(text, f"{walked} has no element [{index}]")
                value = value[int(index)]
                walked += f"[{index}]"
            else:
                if not isinstance(value, dict) or step not in value:
                    return Unresolved(text, f"{walked} has no {step!r}")
                value = value[step]
                walked += f".{step}"
        return value


def _text(value: Any) -> str:
    """A resolved scalar as Terraform writes it into a string."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return "" if value is None else str(value)


def unresolved_parts(value: Any, path: str) -> list[tuple[str, Unresolved]]:
    """(path, Unresolved) of every part of a resolved value that is not known statically."""
    if isinstance(value, Unresolved):
        return [(path, value)]
    if isinstance(value, dict):
        found = []
        for key, item in value.items():
            found += [(path, key)] if isinstance(key, Unresolved) else unresolved_parts(item, f"{path}.{key}")
        return found
    if isinstance(value, list):
        return [hit for index, item in enumerate(value) for hit in unresolved_parts(item, f"{path}[{index}]")]
    return []
