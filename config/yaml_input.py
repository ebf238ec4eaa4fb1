"""Hardened reading of every YAML and JSON file a command is given.

Limits, per file (docs/safety.md, "Input limits"): at most MAX_ALIASES alias uses, MAX_NODES nodes
counting every alias expansion, MAX_DEPTH levels of nesting. They are checked on the parser's
event stream before anything is built, so an alias bomb or a deeply nested document is a clean
error instead of memory exhaustion or a RecursionError.

YAML 1.1 surprises: PyYAML reads `010` as 8 (octal) and `1:30` as 90 (base 60). A plain scalar
that only YAML 1.1 reads as a number (leading-zero octal, base 60, `0b`, digits with `_`) is
kept as the string the user wrote.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import yaml

MAX_ALIASES = 100_000  # PyYAML writes an alias for every repeated object: a big generated file has thousands
MAX_NODES = 1_000_000
MAX_DEPTH = 100

_BASE = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when available; same results
# For reference data (upstream CRDs, chart templates): exactly yaml.safe_load's results, at libyaml's speed.
SAFE_LOADER = _BASE
# Plain scalars YAML 1.1 resolves to numbers but YAML 1.2 (and a reader's eye) does not.
_YAML11_ONLY_NUMBER = re.compile(
    r"^[-+]?(0[0-7_]+|0b[01_]+|[0-9][0-9_]*(:[0-5]?[0-9])+(\.[0-9_]*)?|[0-9]*_[0-9_]*(\.[0-9_]*)?([eE][-+][0-9]+)?)$"
)


class InputError(ValueError):
    """A file that cannot be read as the command's input; the message names the file and the fix."""

    def __init__(self, file: str, line: int | None, detail: str) -> None:
        self.file, self.line, self.detail = file, line, detail
        super().__init__(f"{file}:{line}: {detail}" if line else f"{file}: {detail}")


class _Loader(_BASE):  # type: ignore[misc,valid-type]
    """Safe loader that keeps YAML-1.1-only numbers as written."""


def _construct_number(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> Any:
    if not node.style and _YAML11_ONLY_NUMBER.match(node.value):
        return node.value
    if node.tag.endswith(":int"):
        return yaml.SafeLoader.construct_yaml_int(loader, node)
    return yaml.SafeLoader.construct_yaml_float(loader, node)


_Loader.add_constructor("tag:yaml.org,2002:int", _construct_number)
_Loader.add_constructor("tag:yaml.org,2002:float", _construct_number)


def read_text(path: Path, display: str | None = None) -> str:
    """The file as UTF-8 text; InputError naming the file and the first bad byte's line otherwise.
    OSError (missing, unreadable, a folder) propagates for the caller to word."""
    data = path.read_bytes()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise InputError(
            display or str(path), line,
            f"not UTF-8 text (byte 0x{data[error.start]:02x} at offset {error.start}); save the file as UTF-8",
        ) from None


def check_limits(text: str, name: str) -> None:
    """InputError when the YAML in text exceeds the alias, node or depth limits (syntax errors pass
    through as yaml.YAMLError)."""
    anchors: dict[str, int] = {}
    stack: list[list[Any]] = []  # per open collection: [anchor, expanded size]
    aliases = total = 0
    for event in yaml.parse(text, Loader=_BASE):
        # Each node counts once: a scalar or a collection when it starts, an alias as the size of
        # what it names; a collection's size (itself and everything in it) is what an alias of it adds.
        if isinstance(event, yaml.AliasEvent):
            aliases += 1
            if aliases > MAX_ALIASES:
                raise InputError(
                    name, event.start_mark.line + 1,
                    f"more than {MAX_ALIASES:,} YAML aliases (*name); expand them or split the file",
                )
            size = anchors.get(event.anchor, 1)
        elif isinstance(event, yaml.ScalarEvent):
            size = 1
            if event.anchor:
                anchors[event.anchor] = 1
        elif isinstance(event, yaml.CollectionStartEvent):
            stack.append([event.anchor, 1])
            if len(stack) > MAX_DEPTH:
                raise InputError(
                    name, event.start_mark.line + 1, f"nested more than {MAX_DEPTH} levels deep; flatten the document"
                )
            size = 1
        elif isinstance(event, yaml.CollectionEndEvent):
            anchor, collection = stack.pop()
            if anchor:
                anchors[anchor] = collection
            if stack:
                stack[-1][1] += collection
            continue
        else:
            continue
        total += size
        if stack and not isinstance(event, yaml.CollectionStartEvent):
            stack[-1][1] += size
        if total > MAX_NODES:
            raise InputError(
                name, event.start_mark.line + 1,
                f"more than {MAX_NODES:,} YAML nodes with aliases expanded (an alias bomb?); "
                "expand the aliases or split the file",
            )


def syntax_error(text: str, name: str, error: yaml.YAMLError) -> InputError:
    """A YAML syntax error in the pure-Python parser's words (libyaml's differ), with file and line."""
    try:
        list(yaml.compose_all(text, Loader=yaml.SafeLoader))
    except yaml.YAMLError as pure:
        error = pure
    mark = getattr(error, "problem_mark", None)
    problem = getattr(error, "problem", None) or str(error)
    context = getattr(error, "context", None)
    detail = f"{context}, {problem}" if context else problem
    return InputError(name, mark.line + 1 if mark else None, f"YAML syntax error: {detail}; fix the YAML")


def load_single(text: str, name: str) -> tuple[yaml.Node | None, Any]:
    """(root node, data) of a one-document file; InputError for syntax errors and exceeded limits."""
    try:
        check_limits(text, name)
        loader = _Loader(text)
        try:
            node = loader.get_single_node()
            data = loader.construct_document(node) if node is not None else None
        finally:
            loader.dispose()
    except yaml.YAMLError as error:
        raise syntax_error(text, name, error) from None
    return node, data


def load_all(text: str, name: str) -> list[Any]:
    """Every document of a file; InputError for syntax errors and exceeded limits."""
    try:
        check_limits(text, name)
        return list(yaml.load_all(text, Loader=_Loader))
    except yaml.YAMLError as error:
        raise syntax_error(text, name, error) from None


def read_yaml_all(path: Path, display: str | None = None) -> list[Any]:
    name = display or str(path)
    return load_all(read_text(path, name), name)


def read_json(path: Path, display: str | None = None) -> Any:
    """A JSON file; InputError for bad UTF-8, bad JSON and nesting deeper than MAX_DEPTH."""
    name = display or str(path)
    text = read_text(path, name)
    depth = deepest = 0
    in_string = escaped = False
    for char in text:  # nesting depth before json.loads, which recurses per level
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    if deepest > MAX_DEPTH:
        raise InputError(name, None, f"JSON nested more than {MAX_DEPTH} levels deep; is it `terraform output -json`?")
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise InputError(
            name, None, f"not JSON ({error.msg} at line {error.lineno}); write it with `terraform output -json`"
        ) from None
