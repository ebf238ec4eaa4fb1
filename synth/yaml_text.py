"""`dump(document)`: exactly `yaml.dump(document, Dumper=CSafeDumper, sort_keys=False,
default_flow_style=False, width=10_000)` (what synth writes), a third faster for JSON-shaped documents.

PyYAML's libyaml dumper still represents a document in Python before its C emitter writes it:
`represent_data` once per value, with an alias check on each. A document of dicts, lists, strings,
ints, booleans and nulls in which no dict or list appears twice (so no anchors) has one node per value
of a fixed tag, which is built here directly and handed to the same emitter; any other document (a
float, another type, a shared dict or list) goes through yaml.dump itself.
tests/test_yaml_text.py compares the two on every object synth writes and on random documents."""

from __future__ import annotations

import io
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
_STR, _INT, _BOOL, _NULL, _MAP, _SEQ = (f"tag:yaml.org,2002:{kind}" for kind in ("str", "int", "bool", "null", "map", "seq"))


class _NotPlain(Exception):
    """A value SafeRepresenter represents otherwise (a float, a shared dict or list, ...)."""


def dump(document: Any) -> str:
    try:
        node = _node(document, set())
    except _NotPlain:
        return yaml.dump(document, Dumper=DUMPER, sort_keys=False, default_flow_style=False, width=10_000)
    stream = io.StringIO()
    dumper = DUMPER(stream, default_flow_style=False, sort_keys=False, width=10_000)  # as yaml.dump_all makes it
    try:
        dumper.open()
        dumper.serialize(node)
        dumper.close()
    finally:
        dumper.dispose()
    return stream.getvalue()


def _node(data: Any, collections: set[int]) -> Node:
    """SafeRepresenter.represent_data's node for data (default_flow_style False, keys in their order)."""
    kind = type(data)
    if kind is str:
        return ScalarNode(_STR, data)
    if kind is dict or kind is list:
        if id(data) in collections:  # SafeRepresenter would write an anchor and an alias
            raise _NotPlain
        collections.add(id(data))
        if kind is dict:
            return MappingNode(_MAP, [(_node(k, collections), _node(v, collections)) for k, v in data.items()], flow_style=False)
        return SequenceNode(_SEQ, [_node(item, collections) for item in data], flow_style=False)
    if kind is bool:
        return ScalarNode(_BOOL, "true" if data else "false")
    if kind is int:
        return ScalarNode(_INT, str(data))
    if data is None:
        return ScalarNode(_NULL, "null")
    raise _NotPlain
