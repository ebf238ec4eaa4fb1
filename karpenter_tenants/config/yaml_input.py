"""Hardened reading of every YAML and JSON file a command is given.

Limits, per file (docs/safety.md, "Input limits"): at most MAX_ALIASES alias uses, MAX_NODES nodes
counting every alias expansion, MAX_DEPTH levels of nesting. They are checked on the parser's
event stream before anything is built, so an alias bomb, a deeply nested document or one that
contains itself (`x: &x [*x]`) is a clean error instead of memory exhaustion or a RecursionError. A one-document file (load_single) is
composed in the same pass over the events, each node made only after its event passed the limits
(libyaml's own composer recurses in C once per level and is used only after the limits passed).

YAML 1.1 surprises: PyYAML reads `010` as 8 (octal) and `1:30` as 90 (base 60). A plain scalar
that only YAML 1.1 reads as a number (leading-zero octal, base 60, `0b`, digits with `_`) is
kept as the string the user wrote.
"""

from __future__ import annotations

import copy
import json
import math
import os
import re
import sys
from collections.abc import Iterable, Iterator
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


def _checked(construct: Any) -> Any:
    """PyYAML's scalar constructors crash on some values (`!!int` alone: IndexError, `!!bool maybe`: KeyError,
    `2020-13-45`: ValueError); make those the YAML error they are, at the value's line."""

    def run(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> Any:
        try:
            return construct(loader, node)
        except (ValueError, IndexError, KeyError, AttributeError, OverflowError):
            kind = node.tag.removeprefix("tag:yaml.org,2002:")
            raise yaml.constructor.ConstructorError(
                None,
                None,
                f"{node.value!r} is not a valid {kind} (read as !!{kind}); quote it to keep it as text",
                node.start_mark,
            ) from None

    return run


_Loader.add_constructor("tag:yaml.org,2002:int", _checked(_construct_number))
_Loader.add_constructor("tag:yaml.org,2002:float", _checked(_construct_number))
_Loader.add_constructor("tag:yaml.org,2002:bool", _checked(yaml.SafeLoader.construct_yaml_bool))
_Loader.add_constructor("tag:yaml.org,2002:timestamp", _checked(yaml.SafeLoader.construct_yaml_timestamp))


MAX_INPUT_BYTES = 64 * 1024 * 1024  # the largest file any command reads: a 5,000-tenant cluster file is ~10 MB


def read_text(path: Path, display: str | None = None) -> str:
    """The file as UTF-8 text; InputError naming the file and the first bad byte's line otherwise, for what is not a
    regular file (/dev/zero, a FIFO: unbounded) and for a file over MAX_INPUT_BYTES. OSError (missing, unreadable, a
    folder) propagates for the caller to word."""
    import stat

    name = display or str(path)

    def regular(status: os.stat_result) -> None:
        if stat.S_ISDIR(status.st_mode):
            raise IsADirectoryError(21, "Is a directory", str(path))
        if not stat.S_ISREG(status.st_mode):
            raise InputError(name, None, "not a regular file (a device or FIFO would be read without end); name a file")

    regular(os.stat(path))  # before opening: opening a FIFO waits for a writer
    with open(path, "rb") as handle:
        regular(os.fstat(handle.fileno()))
        try:
            data = handle.read(MAX_INPUT_BYTES + 1)
        except OSError as error:  # a read error (EIO) names no file: name it
            raise OSError(error.errno, error.strerror, str(path)) from None
    if len(data) > MAX_INPUT_BYTES:
        raise InputError(
            name, None, f"larger than {MAX_INPUT_BYTES // (1024 * 1024)} MiB: not a file this command reads"
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise InputError(
            display or str(path),
            line,
            f"not UTF-8 text (byte 0x{data[error.start]:02x} at offset {error.start}); save the file as UTF-8",
        ) from None


def _limited(events: Iterable[yaml.Event], name: str) -> Iterator[yaml.Event]:
    """The events, each passed on only once it is within the alias, node and depth limits (InputError at
    the first one past a limit): whatever is built from them is built within the limits."""
    anchors: dict[str, int] = {}
    stack: list[list[Any]] = []  # per open collection: [anchor, expanded size]
    aliases = total = 0
    for event in events:
        # Each node counts once: a scalar or a collection when it starts, an alias as the size of
        # what it names; a collection's size (itself and everything in it) is what an alias of it adds.
        kind = type(event)
        if kind is yaml.ScalarEvent:
            size = 1
            if event.anchor:
                anchors[event.anchor] = 1
        elif kind is yaml.MappingStartEvent or kind is yaml.SequenceStartEvent:
            stack.append([event.anchor, 1])
            if len(stack) > MAX_DEPTH:
                raise _too_deep(name, event)
            total += 1
            if total > MAX_NODES:
                raise _too_many_nodes(name, event)
            yield event
            continue
        elif kind is yaml.MappingEndEvent or kind is yaml.SequenceEndEvent:
            anchor, collection = stack.pop()
            if anchor:
                anchors[anchor] = collection
            if stack:
                stack[-1][1] += collection
            yield event
            continue
        elif kind is yaml.AliasEvent:
            if any(entry[0] == event.anchor for entry in stack):
                raise InputError(
                    name,
                    event.start_mark.line + 1,
                    f"the YAML alias *{event.anchor} is inside the collection its anchor &{event.anchor} names, a "
                    "structure that contains itself, which no Kubernetes object or cluster file is; write the "
                    "values out instead of the alias",
                )
            aliases += 1
            if aliases > MAX_ALIASES:
                raise InputError(
                    name,
                    event.start_mark.line + 1,
                    f"more than {MAX_ALIASES:,} YAML aliases (*name); expand them or split the file",
                )
            size = anchors.get(event.anchor, 1)
        else:
            yield event
            continue
        total += size
        if stack:
            stack[-1][1] += size
        if total > MAX_NODES:
            raise _too_many_nodes(name, event)
        yield event


def _too_deep(name: str, event: yaml.Event) -> InputError:
    return InputError(
        name, event.start_mark.line + 1, f"nested more than {MAX_DEPTH} levels deep; flatten the document"
    )


def _too_many_nodes(name: str, event: yaml.Event) -> InputError:
    return InputError(
        name,
        event.start_mark.line + 1,
        f"more than {MAX_NODES:,} YAML nodes with aliases expanded (an alias bomb?); "
        "expand the aliases or split the file",
    )


def check_limits(text: str, name: str) -> None:
    """InputError when the YAML in text exceeds the alias, node or depth limits (syntax errors pass
    through as yaml.YAMLError)."""
    for _ in _limited(yaml.parse(str(text), Loader=_BASE), name):  # str(): libyaml takes no subclass of it
        pass


def syntax_error(text: str, name: str, error: yaml.YAMLError) -> InputError:
    """A YAML syntax error in the pure-Python parser's words (libyaml's differ), with file and line."""
    try:
        list(yaml.compose_all(text, Loader=yaml.SafeLoader))
    except yaml.YAMLError as pure:
        error = pure
    except RecursionError:
        pass  # the pure-Python composer recurses per level: a deep document keeps libyaml's words
    mark = getattr(error, "problem_mark", None)
    problem = getattr(error, "problem", None) or str(error)
    context = getattr(error, "context", None)
    detail = f"{context}, {problem}" if context else problem
    return InputError(name, mark.line + 1 if mark else None, f"YAML syntax error: {detail}; fix the YAML")


def load_single(text: str, name: str) -> tuple[yaml.Node | None, Any]:
    """(root node, data) of a one-document file; InputError for syntax errors and exceeded limits."""
    loader = _Loader(text)
    try:
        try:
            node = _compose_within_limits(loader, name)
        except _NotPlain:
            loader.dispose()
            check_limits(text, name)  # the limits first, as for every other file, then the composer's own error
            loader = _Loader(text)
            node = loader.get_single_node()
        # Constructing merges (`<<: *base`) into a mapping rewrites its node in place, so the merged keys would
        # read as repeated keys of it; the node returned (for lines and duplicate keys) is the one as written.
        written = copy.deepcopy(node) if node is not None and "<<" in text else node
        data = loader.construct_document(node) if node is not None else None
    except yaml.YAMLError as error:
        raise syntax_error(text, name, error) from None
    finally:
        loader.dispose()
    return written, data


class Document:
    """A one-document file read for its data: `data` as load_single gives it; `node()` the composed root,
    made on first use (for the line of a problem); `repeats_keys` False when no mapping repeats a key."""

    def __init__(self, text: str, name: str, data: Any, node: yaml.Node | None = None, composed: bool = False) -> None:
        self.text, self.name, self.data = text, name, data
        self._node, self._composed = node, composed
        self.repeats_keys = True  # until shown otherwise

    def node(self) -> yaml.Node | None:
        if not self._composed:
            self._node, self._composed = load_single(self.text, self.name)[0], True
        return self._node


def load_document(text: str, name: str) -> Document:
    """load_single's data (or its InputError), for a file whose nodes are seldom needed: a plain document
    (no anchors, aliases or tags, every key a string, only strings, numbers, booleans and nulls) is built
    straight from libyaml's events, each checked against the limits first, without composing nodes; any
    other document takes load_single's way. Same data, same errors (tests/features/hostile_input/test_input_yaml.py)."""
    loader = _Loader(text)
    try:
        data, repeats = _construct_plain(loader, name)
    except (_NotPlain, yaml.YAMLError):
        node, data = load_single(text, name)
        document = Document(text, name, data, node, composed=True)
        document.repeats_keys = _may_repeat_keys(node)
        return document
    finally:
        loader.dispose()
    document = Document(text, name, data)
    document.repeats_keys = repeats
    return document


_PLAIN_TAGS = frozenset(f"tag:yaml.org,2002:{kind}" for kind in ("str", "int", "float", "bool", "null"))


def _construct_plain(loader: yaml.SafeLoader, name: str) -> tuple[Any, bool]:
    """(data, whether a mapping may repeat a key) of a plain document; _NotPlain for any other.

    The limits are checked here, per event, before anything is made of it (the loop of _node_events and
    _limited inlined: two generators per event cost a fifth of loading a big file). A plain document has
    no anchors and no aliases, so what is left of them is the depth and the node count, each node once."""
    str_tag = loader.DEFAULT_SCALAR_TAG
    constructors = loader.yaml_constructors
    plain_values: dict[str, Any] = {}  # a plain scalar's value depends on its text alone (and is immutable)
    stack: list[Any] = []  # the open collections
    keys: list[Any] = []  # per open collection: a mapping's key waiting for its value (keys itself: none)
    root: Any = None
    repeats = False
    total = documents = 0
    for event in iter(loader.get_event, None):  # get_event gives None after the stream's end
        kind = type(event)
        if kind is yaml.ScalarEvent:
            total += 1
            if total > MAX_NODES:
                raise _too_many_nodes(name, event)
            if event.tag is not None or event.anchor is not None:
                raise _NotPlain
            if event.implicit[0]:
                value = plain_values.get(event.value, plain_values)
                if value is plain_values:
                    tag = loader.resolve(yaml.ScalarNode, event.value, event.implicit)
                    if tag not in _PLAIN_TAGS:
                        raise _NotPlain
                    value = (
                        event.value
                        if tag == str_tag
                        else constructors[tag](
                            loader, yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style)
                        )
                    )
                    plain_values[event.value] = value
            else:
                value = event.value  # quoted or block: a string
        elif kind is yaml.MappingStartEvent or kind is yaml.SequenceStartEvent:
            if len(stack) >= MAX_DEPTH:
                raise _too_deep(name, event)
            total += 1
            if total > MAX_NODES:
                raise _too_many_nodes(name, event)
            if event.tag is not None or event.anchor is not None:
                raise _NotPlain
            value = {} if kind is yaml.MappingStartEvent else []
        elif kind is yaml.MappingEndEvent or kind is yaml.SequenceEndEvent:
            stack.pop()
            keys.pop()
            continue
        elif kind is yaml.DocumentStartEvent:
            documents += 1
            if documents > 1:
                raise _NotPlain
            continue
        elif kind is yaml.AliasEvent:
            raise _NotPlain
        else:  # the stream's start and end, the document's end
            continue
        if not stack:
            root = value
        elif type(stack[-1]) is list:
            stack[-1].append(value)
        elif keys[-1] is keys:
            if type(value) is not str:  # a number, boolean or null key: its text decides what repeats
                if type(value) is dict or type(value) is list:
                    raise _NotPlain
                repeats = True
            keys[-1] = value
        else:
            repeats = repeats or keys[-1] in stack[-1]
            stack[-1][keys[-1]] = value
            keys[-1] = keys
        if kind is not yaml.ScalarEvent:
            stack.append(value)
            keys.append(keys)
    return root, repeats


def _may_repeat_keys(root: yaml.Node | None) -> bool:
    """False when no mapping in the document repeats a key (as a scalar's text); True when one may (a key
    that is not a scalar counts as one)."""
    stack, seen = [root] if root is not None else [], set()
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if type(node) is yaml.MappingNode:
            keys = set()
            for key, value in node.value:
                if type(key) is not yaml.ScalarNode or key.value in keys:
                    return True
                keys.add(key.value)
                if type(value) is not yaml.ScalarNode:
                    stack.append(value)
        elif type(node) is yaml.SequenceNode:
            stack += [item for item in node.value if type(item) is not yaml.ScalarNode]
    return False


def _node_events(loader: yaml.SafeLoader, name: str) -> Iterator[yaml.Event]:
    """The events of the nodes of loader's one document (scalars, aliases, collection starts and ends), each
    within the limits; _NotPlain at a second document."""
    documents = 0
    for event in _limited(iter(loader.get_event, None), name):  # get_event gives None after the stream's end
        kind = type(event)
        if kind is yaml.DocumentStartEvent:
            documents += 1
            if documents > 1:
                raise _NotPlain
        elif (
            kind is not yaml.DocumentEndEvent and kind is not yaml.StreamStartEvent and kind is not yaml.StreamEndEvent
        ):
            yield event


class _NotPlain(Exception):
    """More than one document, an undefined alias or a duplicate anchor: the composer words the error."""


def _compose_within_limits(loader: yaml.SafeLoader, name: str) -> yaml.Node | None:
    """The one document of loader's stream composed as PyYAML's composer does (same nodes, tags, marks), in
    one pass over libyaml's events, each checked against the limits before its node is made (_limited):
    check_limits and the composer used to parse the file twice. Iterative, so depth costs no stack."""
    scalar, sequence, mapping = yaml.ScalarNode, yaml.SequenceNode, yaml.MappingNode
    plain_tags: dict[str, str] = {}  # a plain scalar's resolved tag depends on its value alone
    anchors: dict[str, yaml.Node] = {}
    stack: list[yaml.Node] = []  # the open collections
    keys: list[yaml.Node | None] = []  # per open collection: a mapping's key waiting for its value
    root: yaml.Node | None = None
    for event in _node_events(loader, name):
        kind = type(event)
        if kind is yaml.ScalarEvent:
            tag = event.tag
            if tag is None or tag == "!":
                if event.implicit[0]:
                    tag = plain_tags.get(event.value)
                    if tag is None:
                        tag = plain_tags[event.value] = loader.resolve(scalar, event.value, event.implicit)
                else:
                    tag = loader.resolve(scalar, event.value, event.implicit)
            node = scalar(tag, event.value, event.start_mark, event.end_mark, style=event.style)
        elif kind is yaml.MappingEndEvent or kind is yaml.SequenceEndEvent:
            stack.pop().end_mark = event.end_mark
            keys.pop()
            continue
        elif kind is yaml.MappingStartEvent or kind is yaml.SequenceStartEvent:
            collection = mapping if kind is yaml.MappingStartEvent else sequence
            tag = event.tag
            if tag is None or tag == "!":
                tag = loader.resolve(collection, None, event.implicit)
            node = collection(tag, [], event.start_mark, None, flow_style=event.flow_style)
        else:  # an alias
            if event.anchor not in anchors or not stack:
                raise _NotPlain
            _attach(stack[-1], keys, anchors[event.anchor])
            continue
        if event.anchor is not None:
            if event.anchor in anchors:
                raise _NotPlain
            anchors[event.anchor] = node
        if stack:
            _attach(stack[-1], keys, node)
        else:
            root = node
        if kind is not yaml.ScalarEvent:
            stack.append(node)
            keys.append(None)
    return root


def _attach(parent: yaml.Node, keys: list[yaml.Node | None], node: yaml.Node) -> None:
    """node as the next item of the open collection parent (in a mapping: a key, then its value)."""
    if type(parent) is yaml.SequenceNode:
        parent.value.append(node)
    elif keys[-1] is None:
        keys[-1] = node
    else:
        parent.value.append((keys[-1], node))
        keys[-1] = None


def load_all(text: str, name: str) -> list[Any]:
    """Every document of a file; InputError for syntax errors and exceeded limits."""
    try:
        check_limits(text, name)
        return list(yaml.load_all(str(text), Loader=_Loader))
    except yaml.YAMLError as error:
        raise syntax_error(text, name, error) from None


def read_yaml_all(path: Path, display: str | None = None) -> list[Any]:
    name = display or str(path)
    return load_all(read_text(path, name), name)


def read_json(path: Path, display: str | None = None, written_by: str = "terraform output -json") -> Any:
    """A JSON file; InputError for bad UTF-8, bad JSON and nesting deeper than MAX_DEPTH (naming the command that
    writes the file, `written_by`)."""
    name = display or str(path)
    return parse_json(read_text(path, name), name, written_by)


def non_finite(value: Any, path: str = "") -> str | None:
    """The path of the first number in value that is not finite (1e999 is JSON Python reads as infinity, which JSON
    cannot write back), or None."""
    if isinstance(value, float) and not math.isfinite(value):
        return path or "(the document)"
    if isinstance(value, dict):
        items = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        return None
    for key, item in items:
        found = non_finite(item, f"{path}[{key}]" if isinstance(key, int) else f"{path}.{key}" if path else str(key))
        if found:
            return found
    return None


def parse_json(text: str, name: str, written_by: str) -> Any:
    """JSON text read from `name`; InputError as read_json says."""
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
        raise InputError(name, None, f"JSON nested more than {MAX_DEPTH} levels deep; is it `{written_by}`?")

    def unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        found: dict[str, Any] = {}
        for key, value in pairs:
            if key in found:
                raise _DuplicateKey(key)
            found[key] = value
        return found

    def constant(word: str) -> Any:  # Python's json reads NaN and Infinity, which JSON has not
        raise InputError(name, None, f"not JSON ({word} is not a JSON value); write it with `{written_by}`")

    try:
        return json.loads(text, object_pairs_hook=unique, parse_constant=constant)
    except InputError:
        raise
    except _DuplicateKey as error:
        raise InputError(
            name,
            None,
            f"the key {error.args[0]!r} is given twice in one object, and JSON readers "
            f"disagree on which one counts; keep one (`{written_by}` writes each once)",
        ) from None
    except json.JSONDecodeError as error:
        raise InputError(
            name, None, f"not JSON ({error.msg} at line {error.lineno}); write it with `{written_by}`"
        ) from None
    except ValueError:  # Python's limit on an integer's digits (sys.get_int_max_str_digits)
        raise InputError(
            name,
            None,
            f"not JSON this command reads (a number of more than "
            f"{sys.get_int_max_str_digits():,} digits); write it with `{written_by}`",
        ) from None


class _DuplicateKey(ValueError):
    pass
