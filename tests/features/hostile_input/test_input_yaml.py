"""The YAML reader every input goes through (config/yaml_input.py: cluster files, manifests,
dist/, reference data): the depth, node and alias limits, exact and in one pass with PyYAML's composer; values a tag
cannot read; an alias inside its own anchor; YAML 1.1 numbers kept as written."""

from __future__ import annotations

import contextlib
import copy
import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import BASE_V1ALPHA5
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.input_helpers import VALUES, _config, _run

from karpenter_tenants.config.yaml_input import InputError, load_single


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.recursive(
        st.text(alphabet="ab :-#*&", max_size=3) | st.integers(),
        lambda inner: st.lists(inner, max_size=4),
        max_leaves=30,
    )
)
def test_the_node_limit_counts_each_node_once_with_aliases_expanded(value: Any) -> None:
    """The limit is exact: a document of N nodes (every alias counted as what it names) passes a limit of N
    and fails one of N - 1, however deeply it nests."""
    from karpenter_tenants.config import yaml_input

    def count(node: yaml.Node) -> int:
        if isinstance(node, yaml.ScalarNode):
            return 1
        if isinstance(node, yaml.SequenceNode):
            return 1 + sum(count(item) for item in node.value)
        return 1 + sum(count(key) + count(item) for key, item in node.value)

    text = "shared: &shared " + json.dumps(value) + "\nuses: [*shared, *shared]\n"
    nodes = count(yaml.compose(text, Loader=yaml.SafeLoader))
    limit = yaml_input.MAX_NODES
    try:
        yaml_input.MAX_NODES = nodes
        yaml_input.check_limits(text, "t.yaml")
        yaml_input.MAX_NODES = nodes - 1
        with contextlib.suppress(yaml_input.InputError):
            yaml_input.check_limits(text, "t.yaml")
            raise AssertionError(f"{nodes} nodes passed a limit of {nodes - 1}")
    finally:
        yaml_input.MAX_NODES = limit


def test_the_largest_reference_crd_is_within_the_node_limit(shared: Path) -> None:
    """Argo CD's Application CRD (23k lines) once tripped the limit when nested nodes were counted per level."""
    from karpenter_tenants.config import yaml_input

    crd = max(shared.rglob("*.yaml"), key=lambda path: path.stat().st_size)
    yaml_input.check_limits(crd.read_text(), str(crd))


def _two_pass_load(text: str, name: str) -> tuple[yaml.Node | None, Any]:
    """What load_single did before it composed in one pass: check_limits over libyaml's events, then
    PyYAML's own composer and constructor on a second parse; for a text with merge keys, the node as composed,
    before the constructor flattens the merges into it (it also retags `=` keys, which is harmless)."""
    from karpenter_tenants.config import yaml_input

    try:
        yaml_input.check_limits(text, name)
        loader = yaml_input._Loader(text)
        try:
            node = loader.get_single_node()
            written = copy.deepcopy(node) if "<<" in text else node
            return written, loader.construct_document(node) if node is not None else None
        finally:
            loader.dispose()
    except yaml.YAMLError as error:
        raise yaml_input.syntax_error(text, name, error) from None


def _node_shape(node: yaml.Node | None, seen: dict[int, int] | None = None) -> Any:
    """Everything of a composed node a reader of it uses (tag, value, style, marks), aliases as back-references."""
    if node is None:
        return None
    seen = {} if seen is None else seen
    if id(node) in seen:
        return ("alias", seen[id(node)])
    seen[id(node)] = len(seen)
    marks = tuple((m.line, m.column, m.index) for m in (node.start_mark, node.end_mark))
    if isinstance(node, yaml.ScalarNode):
        return (node.tag, node.value, node.style, marks)
    if isinstance(node, yaml.MappingNode):
        items: Any = [(_node_shape(k, seen), _node_shape(v, seen)) for k, v in node.value]
    else:
        items = [_node_shape(item, seen) for item in node.value]
    return (type(node).__name__, node.tag, node.flow_style, marks, items)


YAML_PIECES = st.sampled_from(
    [
        "a",
        "b",
        ": ",
        "- ",
        "\n",
        "  ",
        "[",
        "]",
        "{",
        "}",
        ", ",
        "&x ",
        "*x",
        "&y ",
        "*y",
        "'q'",
        '"d"',
        "010",
        "1:30",
        "0b11",
        "1_0",
        "!!str ",
        "!!int ",
        "! ",
        "---\n",
        "...\n",
        "<<: ",
        "? ",
        "#c",
        "~",
        "1",
        "2.5",
        "true",
        "\t",
        "|\n  t\n",
    ]
)


# Valid documents with shared parts: PyYAML writes an anchor for the first and an alias for every other use.
SHARING_DOCUMENTS = st.builds(
    lambda shared, other, flow: yaml.dump(
        {"a": shared, "b": [shared, other, shared], "c": {"d": other}}, default_flow_style=flow
    ),
    st.lists(VALUES, min_size=1, max_size=3),
    st.dictionaries(st.text(max_size=4), VALUES, min_size=1, max_size=3),
    st.sampled_from([False, True, None]),
)


# Block documents as people write them, with the keys and scalars whose text and value differ.
KEY_TEXTS = st.sampled_from(
    ["a", "b", "'a'", '"b"', "1", "'1'", "yes", "true", "~", "null", "1.0", "<<", "010", "=", "? a\n:"]
)

SCALAR_TEXTS = st.sampled_from(
    [
        "x",
        "'x'",
        "1",
        "010",
        "1:30",
        "0b11",
        "1_0",
        "2.5",
        ".inf",
        ".nan",
        "yes",
        "~",
        "",
        "2001-12-14",
        "!!str 1",
        "! 1",
        "&a 1",
        "*a",
        "=",
        "|\n  block",
        "[1, a]",
        "{a: 1, a: 2}",
        "{<<: {a: 1}}",
    ]
)

BLOCKS = st.recursive(
    st.lists(st.tuples(KEY_TEXTS, SCALAR_TEXTS), min_size=1, max_size=4),
    lambda inner: st.lists(
        st.tuples(KEY_TEXTS, st.one_of(SCALAR_TEXTS, inner, st.lists(SCALAR_TEXTS, min_size=1, max_size=2))),
        min_size=1,
        max_size=4,
    ),
    max_leaves=10,
)


def _block(entries: list[Any], indent: int = 0) -> str:
    text = ""
    for key, value in entries:
        if isinstance(value, str):
            text += f"{' ' * indent}{key} {value}\n" if key.endswith(":") else f"{' ' * indent}{key}: {value}\n"
        elif isinstance(value[0], str):  # a list of scalars
            text += f"{' ' * indent}{key}:\n" + "".join(f"{' ' * indent}- {item}\n" for item in value)
        else:
            text += f"{' ' * indent}{key}:\n" + _block(value, indent + 2)
    return text


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    text=st.one_of(st.lists(YAML_PIECES, max_size=40).map("".join), SHARING_DOCUMENTS, BLOCKS.map(_block)),
    limits=st.tuples(st.integers(1, 12), st.integers(1, 80), st.integers(0, 4)),
)
def test_load_single_is_the_composer_and_the_limits_in_one_pass(text: str, limits: tuple[int, int, int]) -> None:
    """load_single composes while it checks the limits (one parse instead of two), and load_document builds
    a plain document's data without nodes: for any text, valid or not, within the limits or not, both give
    PyYAML's composer's nodes and data, or the same error with the same line, as check_limits followed by
    PyYAML's composer."""
    from karpenter_tenants.config import yaml_input

    saved = yaml_input.MAX_DEPTH, yaml_input.MAX_NODES, yaml_input.MAX_ALIASES
    yaml_input.MAX_DEPTH, yaml_input.MAX_NODES, yaml_input.MAX_ALIASES = limits
    try:
        outcomes = []
        for load in (yaml_input.load_single, _document_load, _two_pass_load):
            try:
                node, data = load(text, "t.yaml")
                outcomes.append((_node_shape(node), repr(data)))
            except yaml_input.InputError as error:
                outcomes.append(str(error))
            except Exception as error:  # noqa: BLE001 - PyYAML's own failures (e.g. `!!int` on nothing): the same
                outcomes.append(repr(error))
    finally:
        yaml_input.MAX_DEPTH, yaml_input.MAX_NODES, yaml_input.MAX_ALIASES = saved
    assert outcomes[0] == outcomes[2]
    assert outcomes[1] == outcomes[2]


def _document_load(text: str, name: str) -> tuple[yaml.Node | None, Any]:
    """load_document's data and (composed when asked) root; a document it says repeats no key has none."""
    from karpenter_tenants.config import yaml_input
    from karpenter_tenants.config.loader import _index_lines

    document = yaml_input.load_document(text, name)
    node = document.node()
    repeated: list[Any] = []
    if node is not None:
        with contextlib.suppress(RecursionError):  # an alias of a mapping inside itself
            _index_lines(node, (), {}, repeated)
    assert document.repeats_keys or not repeated, repeated
    return node, document.data


def test_load_single_refuses_deep_nesting_without_recursing() -> None:
    """Nesting far past the limit is refused at the level that passes it (libyaml's C composer would
    overflow the stack at some 25,000 levels; load_single never uses it before the limits passed)."""
    from karpenter_tenants.config import yaml_input

    for text in ("[" * 200_000 + "]" * 200_000, "- " * 100_000 + "a\n"):
        with contextlib.suppress(yaml_input.InputError):
            yaml_input.load_single(text, "deep.yaml")
            raise AssertionError("deep nesting passed")
        try:
            yaml_input.load_single(text, "deep.yaml")
        except yaml_input.InputError as error:
            assert (
                str(error) == f"deep.yaml:1: nested more than {yaml_input.MAX_DEPTH} levels deep; flatten the document"
            )


@pytest.mark.parametrize(
    ("value", "detail"),
    [
        ("!!int", "'' is not a valid int (read as !!int)"),
        ("!!float", "'' is not a valid float (read as !!float)"),
        ("!!int 0x", "'0x' is not a valid int (read as !!int)"),
        ("!!bool maybe", "'maybe' is not a valid bool (read as !!bool)"),
        ("2020-13-45", "'2020-13-45' is not a valid timestamp (read as !!timestamp)"),
        ("!!timestamp x", "'x' is not a valid timestamp (read as !!timestamp)"),
    ],
)
def test_a_value_its_tag_cannot_read_is_a_yaml_error_at_its_line(value: str, detail: str) -> None:
    """PyYAML's own constructors crash on these (IndexError, KeyError, ValueError, AttributeError)."""
    with pytest.raises(InputError) as raised:
        load_single(f"cluster:\n  name: ok\n  other: {value}\n", "clusters/acme.yaml")
    assert (
        str(raised.value)
        == f"clusters/acme.yaml:3: YAML syntax error: {detail}; quote it to keep it as text; fix the YAML"
    )


@pytest.mark.parametrize(
    "text",
    ["x: &x [*x]\n", "cluster: &c {name: *c}\n", "tenants:\n  - &t\n    name: a\n    pools: [*t]\n", "&r [*r]\n"],
    ids=["list", "mapping", "nested", "document"],
)
@pytest.mark.parametrize("command", ["synth", "migrate", "import", "validate"])
def test_a_yaml_alias_inside_its_own_anchor_is_bad_input_naming_the_file_and_line(
    tmp_path: Path, text: str, command: str
) -> None:
    """A structure that contains itself (PyYAML builds it; everything that walks it then recursed without end, exit
    70) is exit 2 at the alias's line, for cluster files and manifests alike, and nothing is written."""
    clusters = tmp_path / "clusters"
    clusters.mkdir()
    (clusters / "acme.yaml").write_text(text)
    manifests = tmp_path / "manifests"
    manifests.mkdir()
    (manifests / "pool.yaml").write_text(
        text if text.startswith("&") else "apiVersion: karpenter.sh/v1\nkind: NodePool\n" + text
    )
    argv = {
        "synth": ["--clusters", str(clusters), "synth", "--out", str(tmp_path / "dist")],
        "migrate": ["migrate", str(clusters / "acme.yaml"), "--write"],
        "import": ["import", str(manifests / "pool.yaml")],
        "validate": ["--clusters", str(tmp_path / "no-clusters"), "validate", str(manifests)],
    }[command]
    before = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    status, output = _run(argv)
    assert status == 2, output
    assert "is inside the collection its anchor" in output and "Traceback" not in output, output
    assert {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()} == before
    assert not (tmp_path / "dist").exists()


def test_yaml_11_numbers_are_read_as_written(tmp_path: Path) -> None:
    """`cpu: 010` is "010" (not 8); a YAML 1.2 number stays a number."""
    from karpenter_tenants.config.loader import load_cluster_file
    from karpenter_tenants.synthesis.render import render

    source = tmp_path / "acme.yaml"
    source.write_text(
        _config().replace(
            "tenants:\n", "tenants:\n- name: beta\n  nodeRole: r\n  limits: {cpu: 010, memory: 64Gi}\n  weight: 10\n", 1
        )
    )
    cluster = load_cluster_file(source)
    beta = next(t for t in cluster.config.tenants if t.name == "beta")
    assert (beta.limits.cpu, beta.weight) == ("010", 10)
    pool = yaml.safe_load(render([cluster])["acme/tenants/beta/nodepool-beta.yaml"])
    assert pool["spec"]["limits"] == {"cpu": "010", "memory": "64Gi"}


def test_migrate_keeps_yaml_11_numbers_as_written(tmp_path: Path) -> None:
    from karpenter_tenants.convert.migrate import migrate

    data = copy.deepcopy(BASE_V1ALPHA5)
    source = tmp_path / "legacy.yaml"
    source.write_text(
        yaml.safe_dump(data, sort_keys=False).replace(
            "tenants:\n", "tenants:\n- name: beta\n  instanceProfile: p\n  limits: {cpu: 010}\n", 1
        )
    )
    migrated = migrate(source).text(source)
    assert "cpu: '010'" in migrated or 'cpu: "010"' in migrated
    assert yaml.safe_load(migrated)["tenants"][0]["limits"] == {"cpu": "010"}
