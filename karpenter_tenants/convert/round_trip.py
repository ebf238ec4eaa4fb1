"""Rewriting a YAML file to new contents while keeping the comments and the formatting of every line whose value
did not change (ruamel.yaml's round-trip mode, its indentation guessed from the file): what `migrate --write` writes.

`rewritten(original, new)` walks the file's round-trip tree and the new value together: a mapping keeps its keys
that stay (their comments, quotes and order), loses those that go and gains the new ones after the key that
precedes them in the new value; a list of the same length, or of mappings that keep their `name`s, is walked item
by item; a scalar that is equal stays as written. The caller checks that the text reads back as the new value.
Imports nothing of the product's."""

from __future__ import annotations

import io
from typing import Any


def rewritten(original: str, new: Any) -> str | None:
    """The text of `original` holding `new`, or None when ruamel.yaml cannot round-trip the file."""
    from ruamel.yaml import YAML
    from ruamel.yaml.error import YAMLError

    yaml = YAML()  # round-trip
    yaml.preserve_quotes = True
    yaml.width = 10_000
    try:
        tree = yaml.load(original)
    except (YAMLError, ValueError, TypeError):
        return None
    mapping, offset = _indentation(original)
    yaml.indent(mapping=mapping, sequence=offset + 2, offset=offset)
    out = io.StringIO()
    try:
        yaml.dump(_merged(tree, new), out)
    except (YAMLError, ValueError, TypeError, RecursionError):
        return None
    return out.getvalue()


def _indentation(text: str) -> tuple[int, int]:
    """(a nested mapping's indent, a list dash's offset from its key) as the file writes them; (2, 0) by default,
    PyYAML's style (`tenants:` then `- name: a` in the same column)."""
    mapping = offset = None
    lines = [line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    for before, line in zip(lines, lines[1:], strict=False):
        if not before.rstrip().endswith(":"):
            continue
        parent = len(before) - len(before.lstrip(" "))
        child = len(line) - len(line.lstrip(" "))
        if line.lstrip().startswith("- "):
            offset = child - parent if offset is None and child >= parent else offset
        elif child > parent and mapping is None:
            mapping = child - parent
        if mapping is not None and offset is not None:
            break
    return mapping or 2, offset or 0


def _merged(old: Any, new: Any) -> Any:
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    if isinstance(old, CommentedMap) and isinstance(new, dict):
        for key in [k for k in old if k not in new]:
            del old[key]
        previous = None
        for key, value in new.items():
            if key in old:
                old[key] = _merged(old[key], value)
            else:
                old.insert(0 if previous is None else list(old).index(previous) + 1, key, value)
            previous = key
        return old
    if isinstance(old, CommentedSeq) and isinstance(new, list):
        if len(old) == len(new):
            for index, value in enumerate(new):
                old[index] = _merged(old[index], value)
            return old
        named = {item.get("name"): item for item in old if isinstance(item, dict) and isinstance(item.get("name"), str)}
        if named and all(isinstance(item, dict) and item.get("name") in named for item in new):
            merged = [_merged(named[item["name"]], item) for item in new]
            del old[:]
            old.extend(merged)
            return old
        return new
    if _same_scalar(old, new):
        return old
    return new


def _same_scalar(old: Any, new: Any) -> bool:
    if isinstance(old, (dict, list)) or isinstance(new, (dict, list)):
        return False
    if isinstance(old, bool) != isinstance(new, bool) or isinstance(old, str) != isinstance(new, str):
        return False
    return bool(old == new)
