"""Terraform values resolved statically, without Terraform: what `import-nodegroups` may read from `.tf` files.

python-hcl2 gives every value as written: strings in their quotes (`"m6i.large"`), expressions in `${...}`
(`${local.types}`, `${merge(local.tags, {...})}`). What this module evaluates, and nothing more:

- literals (strings, numbers, booleans, null, lists and maps of them);
- `local.NAME` and `var.NAME` (a `.tfvars` value, else the variable's default), with `.attr`, `["key"]` and
  `[0]` steps into them, locals referring to locals and variables;
- string templates (`"${local.name}-gpu"`) made of literal text and such references;
- list and map literals, arithmetic, comparisons, `&&`/`||`/`!`, conditionals (`a ? b : c`), `for` expressions
  over known lists and maps, and the functions of convert.hcl_functions (merge, concat, lookup, coalesce, format,
  tomap, toset, lower, upper, try, ...; SUPPORTED lists them) on such values: expressions python-hcl2 parses into
  a tree, evaluated where every input is static.

Everything else (module outputs, resource attributes, data sources, other functions, splats, template
directives, `each.` and `count.`) is an `Unresolved`: the expression and why it is not known before
`terraform apply`, for the caller to report. Nothing is guessed: a function of an unresolved value is unresolved.

Owns the evaluation. Imports convert.hcl_functions only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal
from functools import lru_cache
from typing import Any

from karpenter_tenants.convert.hcl_functions import (
    DIVIDES_BY_ZERO,
    FUNCTIONS,
    LAZY,
    MAX_SIZE,
    SUPPORTED,
    FunctionError,
    NotEvaluated,
    arithmetic,
    call,
    exact,
    number_of,
    plain,
    text_of,
    too_large,
    typed,
)

_NAME = r"[A-Za-z_][A-Za-z0-9_-]*"
_REFERENCE = re.compile(rf"(local|var)\.({_NAME})((?:\.{_NAME}|\[\s*(?:[0-9]+|\"[^\"\\]*\")\s*\])*)")
_STEP = re.compile(rf"\.({_NAME})|\[\s*([0-9]+)\s*\]|\[\s*\"([^\"\\]*)\"\s*\]")
_NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?")
_ESCAPES = {"n": "\n", "r": "\r", "t": "\t", '"': '"', "\\": "\\"}
MAX_DEPTH = 50  # locals referring to locals: deeper is a cycle in all but name
MAX_STEPS = 200_000  # nodes one expression evaluates (a for over a for over...): more is not evaluated


@dataclass(frozen=True)
class Unresolved:
    """A value Terraform knows only when it runs: the expression as written and why."""

    expression: str
    reason: str
    error: bool = False  # an error Terraform would report (a missing key, a function's wrong types): try() skips it


NO_DEFAULT = object()  # a variable declared without `default`


@dataclass
class Scope:
    """One Terraform module folder: its locals, its variables' defaults and the values .tfvars files give them."""

    locals: dict[str, Any] = field(default_factory=dict)
    defaults: dict[str, Any] = field(default_factory=dict)  # name -> raw default, or NO_DEFAULT
    types: dict[str, str] = field(default_factory=dict)  # name -> its `type` where a primitive: number, bool, string
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
        return (
            f"{short(expression)} calls the function {head}(), which is not evaluated without Terraform (these "
            f"are: {SUPPORTED})"
        )
    if re.fullmatch(r"[a-z][a-z0-9]*_[a-z0-9_]+", head) and "." in expression:
        return f"{short(expression)} is a resource attribute, known only after apply"
    return (
        f"{short(expression)} is not evaluated (resolved without Terraform: literals, local.x, var.x, strings, "
        f"operators, conditionals and for expressions on them, and the functions {SUPPORTED})"
    )


class Resolver:
    """Values of one scope; each a plain Python value, with Unresolved where it is not known statically."""

    def __init__(self, scope: Scope) -> None:
        self.scope = scope
        self._active: list[str] = []
        self._locals: dict[str, Any] = {}  # each local evaluated once: locals of locals cost their size, not more

    def value(self, raw: Any) -> Any:
        """The value of what python-hcl2 gave (a literal, a quoted template, a `${...}` expression): plain Python
        values, numbers as int or float (a fraction a float cannot hold exactly is Unresolved: not guessed)."""
        return plain(self._value(raw))

    def _value(self, raw: Any) -> Any:
        """The value with Terraform's exact numbers (int, or Decimal where not whole), as the evaluation uses them."""
        if isinstance(raw, dict):
            return {
                self._key(k): self._value(v) for k, v in raw.items() if not (isinstance(k, str) and k.startswith("__"))
            }
        if isinstance(raw, list):
            return [self._value(v) for v in raw]
        if isinstance(raw, float):  # a number python-hcl2 or a JSON var file gave as a float: the digits written
            return exact(Decimal(repr(raw)))
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
        return key if isinstance(key, str | Unresolved) else as_text(key)

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
                return Unresolved(
                    written, f"{short(written)} holds a template directive (%{{...}}), which is not evaluated"
                )
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
        return "".join(as_text(part) for part in parts)

    def expression(self, text: str) -> Any:
        text = text.strip()
        while (
            text.startswith("(")
            and text.endswith(")")
            and _closing(text.replace("(", "{").replace(")", "}"), 1) == len(text) - 1
        ):
            text = text[1:-1].strip()
        match = _REFERENCE.fullmatch(text)
        if match:
            return self._reference(text, *match.groups())
        if _NUMBER.fullmatch(text):
            return number_of(text)
        if text in ("true", "false"):
            return text == "true"
        if text == "null":
            return None
        if _one_string(text):
            return self.template(text[1:-1], text)
        tree = _parsed(text)
        if tree is None:
            return Unresolved(text, why(text))
        try:
            return _Evaluation(self, f"{_WRAP}{text}\n").value(tree)
        except RecursionError:
            return Unresolved(text, f"{short(text)} is nested too deeply to evaluate")

    def _reference(self, text: str, kind: str, name: str, steps: str) -> Any:
        label = f"{kind}.{name}"
        if kind == "local":
            if name not in self.scope.locals:
                return Unresolved(text, f"{label} is not defined in the files given")
            if label in self._active:
                return Unresolved(text, f"{label} refers to itself")
            if len(self._active) >= MAX_DEPTH:
                return Unresolved(
                    text, f"{label} is reached through more than {MAX_DEPTH} locals, which is not evaluated"
                )
            if name not in self._locals:
                self._active.append(label)
                try:
                    self._locals[name] = bounded(self._value(self.scope.locals[name]), label)
                finally:
                    self._active.pop()
            value = self._locals[name]  # values are never changed in place: shared, not copied per reference
            if isinstance(value, Unresolved):
                return Unresolved(
                    text,
                    value.reason
                    if value.expression == text
                    else f"{label} is {short(value.expression)}: {value.reason}",
                )
        elif name in self.scope.values:
            value = typed(self._value(self.scope.values[name]), self.scope.types.get(name), label)
        elif name not in self.scope.defaults:
            return Unresolved(text, f"{label} is not declared in the files given")
        elif self.scope.defaults[name] is NO_DEFAULT:
            given = " and the .tfvars files given do not set it" if self.scope.var_files else ""
            return Unresolved(text, f"{label} has no default{given}")
        else:
            value = typed(self._value(self.scope.defaults[name]), self.scope.types.get(name), label)
        walked = label
        for attribute, index, key in _STEP.findall(steps):
            value, walked = step_into(value, int(index) if index else attribute or key, walked, text)
        return value


def bounded(value: Any, label: str) -> Any:
    """value, or an Unresolved when it holds more than MAX_SIZE elements, keys and characters in all (counted as
    if written out: a local made of another twice is twice its size)."""
    size, stack = 0, [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack += [*item.keys(), *item.values()]
        elif isinstance(item, list):
            stack += item
        size += len(item) if isinstance(item, str | list | dict) else 1
        if size > MAX_SIZE:
            return Unresolved(
                label, f"{short(label)} is larger than {MAX_SIZE:,} elements and characters, which is not evaluated"
            )
    return value


def step_into(value: Any, step: int | str, walked: str, text: str) -> tuple[Any, str]:
    """value[step] (an element of a list, an attribute or key of a map), and the path walked so far; an error
    Unresolved when there is no such element."""
    if isinstance(value, Unresolved):
        return value, walked
    if isinstance(step, int) and not isinstance(step, bool):
        if not isinstance(value, list) or not 0 <= step < len(value):
            return Unresolved(text, f"{walked} has no element [{step}]", error=True), walked
        return value[step], f"{walked}[{step}]"
    if not isinstance(value, dict) or step not in value:
        return Unresolved(text, f"{walked} has no {step!r}", error=True), walked
    return value[step], f"{walked}.{step}"


def as_text(value: Any) -> str:
    """A resolved scalar as Terraform writes it into a string."""
    return "" if value is None else text_of(value)


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


_WRAP = "v = "  # an expression is parsed as the value of one attribute
MAX_NODES = 2000  # an expression larger than this is not evaluated (python-hcl2 parses it whole first)


@lru_cache(maxsize=4096)
def _parsed(text: str) -> Any:
    """The expression's syntax tree (python-hcl2's Lark tree of `v = <text>`), or None when it does not parse."""
    import hcl2
    from lark.exceptions import LarkError

    if len(text) > 20 * MAX_NODES:
        return None
    try:
        tree = hcl2.parses_to_tree(f"{_WRAP}{text}\n")
    except (LarkError, ValueError, RecursionError):
        return None
    attributes = [node for node in tree.iter_subtrees_topdown() if node.data == "attribute"]
    return attributes[0].children[-1] if len(attributes) == 1 else None


def _trees(node: Any) -> list[Any]:
    """The child trees of a node, without its punctuation tokens and line breaks."""
    from lark import Tree

    return [child for child in node.children if isinstance(child, Tree) and child.data != "new_line_or_comment"]


def _tokens(node: Any) -> list[str]:
    from lark import Token

    return [str(child) for child in node.children if isinstance(child, Token)]


# Functions whose result is known though parts of their arguments are not: they move those parts, unchanged, into
# the result (where they are reported if used). The others (toset, distinct, contains, ...) depend on every part.
CARRIERS = ("merge", "concat", "lookup", "coalesce", "coalescelist", "tomap", "tolist", "keys", "values", "length")


class _Evaluation:
    """One expression's tree evaluated against a Resolver's scope; source is the text the tree was parsed from, so
    that what is not known is named as written."""

    def __init__(self, resolver: Resolver, source: str) -> None:
        self.resolver, self.source = resolver, source
        self.bindings: list[dict[str, Any]] = []  # the symbols of the `for` expressions being evaluated, innermost last
        self.steps = 0  # nodes evaluated: `for` over `for` multiplies them, each within MAX_SIZE

    def bound(self, name: str) -> tuple[bool, Any]:
        for symbols in reversed(self.bindings):
            if name in symbols:
                return True, symbols[name]
        return False, None

    def written(self, node: Any) -> str:
        meta = getattr(node, "meta", None)
        if meta is None or getattr(meta, "empty", True):
            return self.source[len(_WRAP) :].strip()
        return self.source[meta.start_pos : meta.end_pos].strip()

    def unknown(self, node: Any, reason: str | None = None, error: bool = False) -> Unresolved:
        text = self.written(node)
        return Unresolved(text, reason or why(text), error)

    def value(self, node: Any) -> Any:
        self.steps += 1
        kind = node.data
        children = _trees(node)
        if kind == "expr_term":
            return self.value(children[0]) if len(children) == 1 else self.unknown(node)
        if kind in ("int_lit", "float_lit"):
            number = number_of(_tokens(node)[0])
            return self.too_large(node) if too_large(number) else number
        if kind == "literal_value":
            return {"true": True, "false": False, "null": None}[_tokens(node)[0]]
        if kind == "string":
            return self.string(node)
        if kind == "tuple":
            return [self.value(child) for child in children]
        if kind == "object":
            return self.object(children)
        if kind in ("get_attr_expr_term", "index_expr_term"):
            return self.step(node)
        if kind == "function_call":
            return self.function(node)
        if kind == "conditional":
            return self.conditional(node, children)
        if kind == "binary_op":
            return self.binary(node, children)
        if kind == "unary_op":
            return self.unary(node, children)
        if kind == "identifier":
            found, value = self.bound(_tokens(node)[0])
            return value if found else self.unknown(node)
        if kind in ("for_tuple_expr", "for_object_expr"):
            return self.for_expression(node, kind == "for_object_expr")
        return self.unknown(node)

    def for_expression(self, node: Any, to_object: bool) -> Any:
        """[for v in c : expr if cond] and {for k, v in c : key => value... if cond}, over a known list (index,
        value) or map (key, value, in key order), as Terraform evaluates them."""
        written = self.written(node)
        intro, *parts = _trees(node)
        intro_trees = _trees(intro)
        names = [_tokens(name)[0] for name in intro_trees[:-1]]
        collection = self.value(intro_trees[-1])
        if isinstance(collection, Unresolved):
            return Unresolved(written, collection.reason, collection.error)
        if isinstance(collection, dict):
            pairs: list[tuple[Any, Any]] = sorted(collection.items(), key=lambda item: str(item[0]))
        elif isinstance(collection, list):
            pairs = list(enumerate(collection))
        else:
            return self.unknown(node, f"{short(written)}: {short(repr(collection))} is not a list or map", error=True)
        condition = parts.pop() if parts and parts[-1].data == "for_cond" else None
        grouped = "..." in _tokens(node)
        found: Any = {} if to_object else []
        for key, item in pairs:
            if self.steps > MAX_STEPS:
                return self.unknown(
                    node, f"{short(written)} takes more than {MAX_STEPS:,} steps to evaluate, which is not evaluated"
                )
            self.bindings.append(dict(zip(names, [item] if len(names) == 1 else [key, item], strict=True)))
            try:
                if condition is not None:
                    keep = self.value(_trees(condition)[0])
                    if isinstance(keep, Unresolved):
                        return Unresolved(written, keep.reason, keep.error)
                    if not isinstance(keep, bool):
                        return self.unknown(node, f"{short(written)}: the if condition is not a bool", error=True)
                    if not keep:
                        continue
                if not to_object:
                    found.append(self.value(parts[0]))
                    continue
                name = self.value(parts[0])
                if isinstance(name, Unresolved):
                    return Unresolved(written, name.reason, name.error)
                if isinstance(name, list | dict) or name is None:
                    return self.unknown(
                        node, f"{short(written)}: a key {short(repr(name))} is not a string", error=True
                    )
                name = name if isinstance(name, str) else as_text(name)
                if grouped:
                    found.setdefault(name, []).append(self.value(parts[1]))
                elif name in found:
                    return self.unknown(
                        node, f"{short(written)} makes the key {name!r} twice (group with ...)", error=True
                    )
                else:
                    found[name] = self.value(parts[1])
            finally:
                self.bindings.pop()
        return bounded(found, written)

    def string(self, node: Any) -> Any:
        """A quoted string: its text and interpolations as Resolver.template joins them."""
        parts: list[Any] = []
        for part in _trees(node):
            [inner] = part.children
            if isinstance(inner, str):  # STRING_CHARS, an escaped ${ or %{
                text = str(inner)
                parts.append(_decode(text) if not text.startswith(("$${", "%%{")) else text[1:])
            elif inner.data == "interpolation":
                parts.append(self.value(_trees(inner)[0]))
            else:
                written = self.written(node)
                return Unresolved(
                    written, f"{short(written)} holds a template directive (%{{...}}), which is not evaluated"
                )
        if len(parts) == 1 and not isinstance(parts[0], str):
            return parts[0]
        for part in parts:
            if isinstance(part, Unresolved):
                return Unresolved(self.written(node), part.reason, part.error)
            if isinstance(part, list | dict):
                return self.unknown(node, f"{short(self.written(node))} puts a list or map into a string", error=True)
        return "".join(as_text(part) if not isinstance(part, str) else part for part in parts)

    def object(self, elements: list[Any]) -> Any:
        found: dict[Any, Any] = {}
        for element in elements:
            key_node, value_node = _trees(element)[:2]
            inner = _trees(key_node)
            term = inner[0] if inner else key_node
            names = _trees(term) if term.data == "expr_term" else []
            if names and names[0].data == "identifier" and len(names) == 1:
                key: Any = _tokens(names[0])[0]
            elif not inner:  # a keyword as a key
                key = _tokens(key_node)[0]
            else:
                key = self.value(term)
                if not isinstance(key, str | Unresolved):
                    key = as_text(key) if isinstance(key, int | Decimal | bool) else self.unknown(term, error=True)
            found[key] = self.value(value_node)
        return found

    def step(self, node: Any) -> Any:
        """A traversal: local.x / var.x and their attributes and elements, or an attribute or element of a value."""
        steps = []
        root = node
        while root.data in ("get_attr_expr_term", "index_expr_term"):
            base, step = _trees(root)
            steps.append(step)
            root = _trees(base)[0] if base.data == "expr_term" and len(_trees(base)) == 1 else base
        steps.reverse()
        text = self.written(node)
        bound = self.bound(_tokens(root)[0]) if root.data == "identifier" else (False, None)
        if bound[0]:  # a symbol of a for expression
            value, walked = bound[1], _tokens(root)[0]
        elif root.data == "identifier":
            kind = _tokens(root)[0]
            name = self.attribute(steps[0]) if steps else None
            if kind not in ("local", "var") or name is None:
                return Unresolved(text, why(text))
            value: Any = self.resolver._reference(text, kind, name, "")
            walked, steps = f"{kind}.{name}", steps[1:]
        else:
            value, walked = self.value(root), self.written(root)
        for step in steps:
            key = self.attribute(step)
            if key is None:
                index = self.value(_trees(step)[0]) if step.data == "braces_index" else int(_tokens(step)[-1])
                if isinstance(index, Unresolved):
                    return Unresolved(text, index.reason, index.error)
                key = int(index) if isinstance(index, Decimal) and index == index.to_integral_value() else index
                if not isinstance(key, int | str) or isinstance(key, bool):
                    return Unresolved(text, f"{short(text)}: {key!r} is no index", error=True)
            value, walked = step_into(value, key, walked, text)
        if isinstance(value, Unresolved) and value.expression != text:
            return Unresolved(text, value.reason, value.error)
        return value

    @staticmethod
    def attribute(step: Any) -> str | None:
        if step.data != "get_attr":
            return None
        [name] = _trees(step)
        return _tokens(name)[0]

    def function(self, node: Any) -> Any:
        parts = _trees(node)
        name = _tokens(parts[0])[0]
        if len(parts) > 1 and parts[1].data == "identifier":  # provider::<name>::<function>
            return self.unknown(node)
        arguments = _trees(parts[-1]) if parts[-1].data == "arguments" else []
        expand = parts[-1].data == "arguments" and "..." in _tokens(parts[-1])
        written = self.written(node)
        if name in LAZY:
            return self.attempt(node, name, arguments)
        if name not in FUNCTIONS:
            return Unresolved(written, why(written))
        values = [self.value(argument) for argument in arguments]
        if expand and values:
            last = values.pop()
            if isinstance(last, Unresolved) or not isinstance(last, list):
                return (
                    last
                    if isinstance(last, Unresolved)
                    else self.unknown(node, f"{short(written)}: ... expands no list", error=True)
                )
            values += last
        for value in values:
            if isinstance(value, Unresolved):
                return Unresolved(written, value.reason, value.error)
        if name not in CARRIERS and unresolved_parts(values, name):
            [(_, part)] = unresolved_parts(values, name)[:1]
            return Unresolved(written, part.reason)
        try:
            return bounded(call(name, values), written)
        except NotEvaluated as error:
            return Unresolved(written, f"{short(written)}: {error}")
        except FunctionError as error:
            return Unresolved(written, f"{short(written)}: {error}", error=True)

    def attempt(self, node: Any, name: str, arguments: list[Any]) -> Any:
        """try(a, b, ...): the first argument that evaluates without error; can(a): whether a does. An argument not
        known statically makes the result unknown (Terraform would take it, were it not an error)."""
        written = self.written(node)
        for argument in arguments if name == "try" else arguments[:1]:
            value = self.value(argument)
            if isinstance(value, Unresolved) and value.error:
                continue
            if isinstance(value, Unresolved):
                return Unresolved(written, value.reason)
            return True if name == "can" else value
        if name == "can" and len(arguments) == 1:
            return False
        return Unresolved(written, f"{short(written)}: no argument evaluates without an error", error=True)

    def conditional(self, node: Any, children: list[Any]) -> Any:
        condition = self.value(children[0])
        if isinstance(condition, Unresolved):
            return Unresolved(self.written(node), condition.reason, condition.error)
        if not isinstance(condition, bool):
            return self.unknown(node, f"{short(self.written(node))}: the condition is not a bool", error=True)
        return self.value(children[1] if condition else children[2])

    def binary(self, node: Any, children: list[Any]) -> Any:
        left = self.value(children[0])
        term = children[1]
        operator_node, right_node = _trees(term)[:2]
        operator = _tokens(operator_node)[0]
        if operator in ("&&", "||") and isinstance(left, bool) and left is (operator == "||"):
            return left  # decided by the left side
        right = self.value(right_node)
        for side in (left, right):
            if isinstance(side, Unresolved):
                return Unresolved(self.written(node), side.reason, side.error)
            for _, part in unresolved_parts(side, "")[:1]:  # a list or map with an unknown part: equal or not, unknown
                return Unresolved(self.written(node), part.reason)
        if operator in ("==", "!="):
            return (left == right) is (operator == "==")
        if operator in ("&&", "||"):
            if isinstance(left, bool) and isinstance(right, bool):
                return left and right if operator == "&&" else left or right
        elif all(isinstance(side, int | Decimal) and not isinstance(side, bool) for side in (left, right)):
            result = arithmetic(operator, left, right)
            if isinstance(result, str):
                return self.unknown(node, f"{short(self.written(node))} {result}", error=result == DIVIDES_BY_ZERO)
            return self.too_large(node) if too_large(result) else result
        return self.unknown(node, f"{short(self.written(node))}: {operator} of {left!r} and {right!r}", error=True)

    def too_large(self, node: Any) -> Unresolved:
        return self.unknown(
            node, f"{short(self.written(node))} is a number beyond ±1.8e308, which is not evaluated", error=True
        )

    def unary(self, node: Any, children: list[Any]) -> Any:
        operator, value = _tokens(node)[0], self.value(children[0])
        if isinstance(value, Unresolved):
            return Unresolved(self.written(node), value.reason, value.error)
        if operator == "!" and isinstance(value, bool):
            return not value
        if operator == "-" and isinstance(value, int | Decimal) and not isinstance(value, bool):
            return -value
        return self.unknown(node, f"{short(self.written(node))}: {operator} of {value!r}", error=True)
