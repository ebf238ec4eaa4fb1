"""A small evaluator for what the Terraform module in terraform/ still computes: its policy documents,
ARNs, PassRole chunks and interruption rules, over the names it reads from dist/<key>/aws.json.

No terraform binary is available here, so the tests evaluate the module's locals and blocks (as
parsed by python-hcl2) with the provider's answers given as references. It covers the subset the
module uses — literals and templates, references, function calls (file, jsondecode, one, keys,
values, merge, lookup, concat, length, chunklist, endswith), conditionals, comparisons,
`&&`/`||`/`!`, indexing, object literals and for expressions — and fails loudly on anything else
(a missing key too: the module has no try()), so a module change outside the subset breaks the test
rather than passing unchecked.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

_TOKEN = re.compile(
    r"""\s*(?:
    (?P<number>[0-9]+(?:\.[0-9]+)?)|
    (?P<ellipsis>\.\.\.)|
    (?P<op>==|!=|&&|\|\||=>|[?:!.,()\[\]{}=<>])|
    (?P<ident>[A-Za-z_][A-Za-z0-9_-]*)|
    (?P<string>")
    )""",
    re.X,
)


class HclError(Exception):
    pass


def _tokenize(text: str) -> list[tuple[str, Any]]:
    tokens: list[tuple[str, Any]] = []
    position = 0
    while position < len(text):
        if text[position:].strip() == "":
            break
        match = _TOKEN.match(text, position)
        if not match:
            raise HclError(f"cannot tokenize {text[position:position + 30]!r}")
        kind = match.lastgroup
        assert kind is not None
        if kind == "string":
            parts, position = _read_string(text, match.end())
            tokens.append(("string", parts))
            continue
        tokens.append((kind, match.group(kind)))
        position = match.end()
    tokens.append(("end", None))
    return tokens


def _read_string(text: str, position: int) -> tuple[list[Any], int]:
    """A quoted template: literal pieces and parsed ${...} expressions; returns (parts, end)."""
    parts: list[Any] = []
    literal = ""
    while True:
        if position >= len(text):
            raise HclError("unterminated string")
        char = text[position]
        if char == '"':
            parts.append(literal)
            return parts, position + 1
        if char == "\\":
            literal += {"n": "\n", "t": "\t"}.get(text[position + 1], text[position + 1])
            position += 2
            continue
        if text.startswith("${", position):
            parts.append(literal)
            literal = ""
            depth, start, position = 1, position + 2, position + 2
            while depth:
                if text[position] == '"':
                    _, position = _read_string(text, position + 1)
                    continue
                depth += {"{": 1, "}": -1}.get(text[position], 0)
                position += 1
            parts.append(_Parser(text[start : position - 1]).parse())
            continue
        literal += char
        position += 1


Node = Callable[["Scope"], Any]


class Scope:
    def __init__(self, module: Module, variables: dict[str, Any]) -> None:
        self.module = module
        self.variables = variables

    def child(self, **names: Any) -> Scope:
        return Scope(self.module, {**self.variables, **names})


class _Parser:
    def __init__(self, text: str) -> None:
        self.tokens = _tokenize(text)
        self.index = 0

    def peek(self, offset: int = 0) -> tuple[str, Any]:
        return self.tokens[self.index + offset]

    def next(self) -> tuple[str, Any]:
        token = self.tokens[self.index]
        self.index += 1
        return token

    def expect(self, value: str) -> None:
        token = self.next()
        if token[1] != value:
            raise HclError(f"expected {value!r}, got {token[1]!r}")

    def parse(self) -> Node:
        node = self.expression()
        if self.peek()[0] != "end":
            raise HclError(f"unexpected {self.peek()[1]!r}")
        return node

    def expression(self) -> Node:
        condition = self.binary(0)
        if self.peek()[1] == "?":
            self.next()
            yes = self.expression()
            self.expect(":")
            no = self.expression()
            return lambda s: yes(s) if condition(s) else no(s)
        return condition

    _LEVELS = (("||",), ("&&",), ("==", "!="))

    def binary(self, level: int) -> Node:
        if level == len(self._LEVELS):
            return self.unary()
        left = self.binary(level + 1)
        while self.peek()[1] in self._LEVELS[level]:
            operator = self.next()[1]
            right = self.binary(level + 1)
            left = self._combine(operator, left, right)
        return left

    @staticmethod
    def _combine(operator: str, left: Node, right: Node) -> Node:
        if operator == "||":
            return lambda s: bool(left(s)) or bool(right(s))
        if operator == "&&":
            return lambda s: bool(left(s)) and bool(right(s))
        if operator == "==":
            return lambda s: left(s) == right(s)
        return lambda s: left(s) != right(s)

    def unary(self) -> Node:
        if self.peek()[1] == "!":
            self.next()
            operand = self.unary()
            return lambda s: not operand(s)
        return self.postfix(self.primary())

    def postfix(self, node: Node) -> Node:
        while True:
            if self.peek()[1] == ".":
                self.next()
                name = self.next()[1]
                node = (lambda base, key: lambda s: _get(base(s), key))(node, name)
            elif self.peek()[1] == "[":
                self.next()
                index = self.expression()
                self.expect("]")
                node = (lambda base, key: lambda s: _get(base(s), key(s)))(node, index)
            else:
                return node

    def primary(self) -> Node:
        kind, value = self.next()
        if kind == "number":
            number = float(value) if "." in value else int(value)
            return lambda s: number
        if kind == "string":
            parts = value
            if len(parts) == 1:
                return lambda s: parts[0]
            return lambda s: "".join(p if isinstance(p, str) else _text(p(s)) for p in parts)
        if kind == "ident":
            if value in ("true", "false", "null"):
                constant = {"true": True, "false": False, "null": None}[value]
                return lambda s: constant
            if self.peek()[1] == "(":
                return self.call(value)
            return lambda s: _lookup(s, value)
        if value == "(":
            inner = self.expression()
            self.expect(")")
            return inner
        if value == "{":
            return self.braces()
        if value == "[":
            return self.brackets()
        raise HclError(f"unexpected {value!r}")

    def call(self, name: str) -> Node:
        self.expect("(")
        arguments: list[tuple[Node, bool]] = []
        while self.peek()[1] != ")":
            argument = self.expression()
            expand = False
            if self.peek()[0] == "ellipsis":
                self.next()
                expand = True
            arguments.append((argument, expand))
            if self.peek()[1] == ",":
                self.next()
        self.expect(")")
        function = FUNCTIONS.get(name)
        if function is None:
            raise HclError(f"function {name}() is not in the evaluated subset")

        def run(s: Scope) -> Any:
            values: list[Any] = []
            for argument, expand in arguments:
                values.extend(argument(s)) if expand else values.append(argument(s))
            return function(s, *values)

        return run

    def _for_header(self) -> tuple[list[str], Node]:
        self.next()  # 'for'
        names = [self.next()[1]]
        if self.peek()[1] == ",":
            self.next()
            names.append(self.next()[1])
        if self.next()[1] != "in":
            raise HclError("expected 'in'")
        collection = self.expression()
        self.expect(":")
        return names, collection

    def _condition(self) -> Node | None:
        if self.peek() == ("ident", "if"):
            self.next()
            return self.expression()
        return None

    def braces(self) -> Node:
        if self.peek() == ("ident", "for"):
            names, collection = self._for_header()
            key = self.expression()
            self.expect("=>")
            value = self.expression()
            condition = self._condition()
            self.expect("}")
            return lambda s: {
                k: v
                for item_scope in _iterate(names, collection(s), s)
                if condition is None or condition(item_scope)
                for k, v in [(key(item_scope), value(item_scope))]
            }
        items: list[tuple[Node, Node]] = []
        while self.peek()[1] != "}":
            kind, value = self.peek()
            if kind == "ident":
                self.next()
                key_node: Node = (lambda name: lambda s: name)(value)
            else:
                key_node = self.primary()
            if self.next()[1] not in ("=", ":"):
                raise HclError("expected '=' in object")
            items.append((key_node, self.expression()))
            if self.peek()[1] == ",":
                self.next()
        self.expect("}")
        return lambda s: {k(s): v(s) for k, v in items}

    def brackets(self) -> Node:
        if self.peek() == ("ident", "for"):
            names, collection = self._for_header()
            value = self.expression()
            condition = self._condition()
            self.expect("]")
            return lambda s: [
                value(item_scope)
                for item_scope in _iterate(names, collection(s), s)
                if condition is None or condition(item_scope)
            ]
        items: list[Node] = []
        while self.peek()[1] != "]":
            items.append(self.expression())
            if self.peek()[1] == ",":
                self.next()
        self.expect("]")
        return lambda s: [item(s) for item in items]


def _iterate(names: list[str], collection: Any, scope: Scope) -> list[Scope]:
    if isinstance(collection, dict):
        pairs = sorted(collection.items())
    else:
        pairs = list(enumerate(collection))
    if len(names) == 1:
        return [scope.child(**{names[0]: value}) for _, value in pairs]
    return [scope.child(**{names[0]: key, names[1]: value}) for key, value in pairs]


def _get(base: Any, key: Any) -> Any:
    if isinstance(base, dict):
        if key not in base:
            raise HclError(f"no key {key!r}")
        return base[key]
    if isinstance(base, list) and isinstance(key, int):
        if not -len(base) <= key < len(base):
            raise HclError(f"no key {key!r}")
        return base[key]
    raise HclError(f"no key {key!r}")


def _lookup(scope: Scope, name: str) -> Any:
    if name in scope.variables:
        return scope.variables[name]
    if name == "local":
        return scope.module.locals_view()
    if name == "var":
        return scope.module.variables
    if name == "path":
        return {"module": str(scope.module.folder)}
    if name in scope.module.references:
        return scope.module.references[name]
    raise HclError(f"unknown reference {name!r}")


def _text(value: Any) -> str:
    if value is None or isinstance(value, dict | list):
        raise HclError(f"cannot interpolate {value!r}")
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _merge(_: Scope, *maps: dict[str, Any]) -> dict[str, Any]:
    merged: dict[str, Any] = {}
    for item in maps:
        merged.update(item)
    return merged


def _one(_: Scope, items: list[Any]) -> Any:
    if len(items) > 1:
        raise HclError(f"one(): {len(items)} elements")
    return items[0] if items else None


def _file(scope: Scope, path: str) -> str:
    return Path(path).read_text(encoding="utf-8")


FUNCTIONS: dict[str, Callable[..., Any]] = {
    "jsondecode": lambda s, text: json.loads(text),
    "file": _file,
    "one": _one,
    "keys": lambda s, mapping: sorted(mapping),
    "endswith": lambda s, text, suffix: text.endswith(suffix),
    "merge": _merge,
    "lookup": lambda s, mapping, key, default=None: mapping.get(key, default),
    "values": lambda s, mapping: [mapping[k] for k in sorted(mapping)],
    "concat": lambda s, *lists: [item for items in lists for item in items],
    "length": lambda s, collection: len(collection),
    "chunklist": lambda s, items, size: [items[i : i + size] for i in range(0, len(items), size)],
}


class Module:
    """The `locals` of a Terraform module folder, evaluated lazily with the given variables."""

    def __init__(self, folder: Path, variables: dict[str, Any], references: dict[str, Any] | None = None) -> None:
        """references: what the provider would know, by the first name of the reference, e.g.
        {"data": {"aws_partition": {"current": {...}}}, "aws_sqs_queue": {"interruption": {...}}}."""
        import hcl2

        self.folder = folder
        self.variables = variables
        self.references = references or {}
        self.sources: dict[str, Any] = {}
        for path in sorted(folder.glob("*.tf")):
            with open(path, encoding="utf-8") as handle:
                for block in hcl2.load(handle).get("locals", []):
                    self.sources.update({k: v for k, v in block.items() if not k.startswith("__")})
        self.cache: dict[str, Any] = {}

    def local(self, name: str) -> Any:
        if name not in self.cache:
            if name not in self.sources:
                raise HclError(f"no local {name!r}")
            self.cache[name] = self._value(self.sources[name])
        return self.cache[name]

    def evaluate(self, source: Any) -> Any:
        """Any attribute value as python-hcl2 parsed it (e.g. a data block's statements)."""
        return self._value(source)

    def locals_view(self) -> _LocalsView:
        return _LocalsView(self)

    def _value(self, source: Any) -> Any:
        scope = Scope(self, {})
        if isinstance(source, dict):
            # Object keys: a bare identifier is the key itself, a quoted one a string literal.
            return {
                (self._value_text(k, scope) if k.startswith('"') else k): self._value(v) for k, v in source.items()
            }
        if isinstance(source, list):
            return [self._value(v) for v in source]
        if isinstance(source, str):
            return self._value_text(source, scope)
        return source

    @staticmethod
    def _value_text(text: str, scope: Scope) -> Any:
        """python-hcl2 writes an expression as "${expr}" and a string literal with its quotes."""
        if text.startswith("${") and text.endswith("}"):
            node = _Parser(text[2:-1]).parse()
        else:
            node = _Parser(text).parse()
        return node(scope)


class _LocalsView(dict):  # noqa: FURB189 - a dict so _get() treats it like an object
    def __init__(self, module: Module) -> None:
        super().__init__()
        self.module = module

    def __contains__(self, key: object) -> bool:
        return key in self.module.sources

    def __getitem__(self, key: str) -> Any:
        return self.module.local(key)
