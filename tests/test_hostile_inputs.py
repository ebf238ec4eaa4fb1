"""Hostile inputs for the commands that read other people's files: Karpenter manifests for `import`
and `validate`, JSON for `check-terraform`. Whatever hypothesis generates, the command ends with
status 0, 1 or 2 and never with a traceback or an internal error."""

from __future__ import annotations

import contextlib
import copy
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import EXAMPLE_DIST, EXAMPLES_DIR, ROOT, paths
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from commands.cli import main
from config.yaml_input import InputError, load_single

MANIFESTS = sorted((ROOT / "tests/manifests").glob("*.yaml"))
REAL_DOCUMENTS = [d for path in MANIFESTS for d in yaml.safe_load_all(path.read_text()) if isinstance(d, dict)]


def _keys(node: Any) -> set[str]:
    if isinstance(node, dict):
        return set(map(str, node)) | {k for v in node.values() for k in _keys(v)}
    if isinstance(node, list):
        return {k for v in node for k in _keys(v)}
    return set()


FIELD_NAMES = sorted({key for d in REAL_DOCUMENTS for key in _keys(d)})

SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.sampled_from(["../EVIL", "inf", "-1", "1:30", "010", "", "Never", "al2023@latest", "NoSchedule", "In"]),
)
VALUES = st.recursive(
    SCALARS,
    lambda children: st.one_of(
        st.lists(children, max_size=4),
        st.dictionaries(st.one_of(st.sampled_from(FIELD_NAMES), st.text(max_size=6)), children, max_size=4),
    ),
    max_leaves=12,
)
FAST = settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))


# For validate also every kind synth emits: core kinds, Flux and Argo CD objects, the isolation policy.
EMITTED = sorted(p for p in (EXAMPLE_DIST).rglob("*.yaml") if p.name != "kustomization.yaml")


@st.composite
def hostile_documents(draw: st.DrawFn, sources: list[Path] = MANIFESTS) -> list[Any]:
    """A real manifest file with up to four of its values replaced, removed or wrapped."""
    path = draw(st.sampled_from(sources))
    documents = [copy.deepcopy(d) for d in yaml.safe_load_all(path.read_text())]
    for _ in range(draw(st.integers(min_value=1, max_value=4))):
        index = draw(st.integers(min_value=0, max_value=len(documents) - 1))
        target = [(), *paths(documents[index])]
        where = draw(st.sampled_from(target))
        value = draw(VALUES)
        if not where:
            documents[index] = value
            continue
        parent = documents[index]
        for part in where[:-1]:
            parent = parent[part]
        if draw(st.booleans()) and isinstance(parent, dict):
            parent.pop(where[-1], None)
        else:
            parent[where[-1]] = value
    return documents


def _run(args: list[str]) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(args)
    return status, out.getvalue() + err.getvalue()


def _assert_clean(status: int, output: str) -> None:
    assert "Traceback" not in output
    assert "internal error" not in output, output
    assert status in (0, 1, 2), output


def _write_manifests(folder: Path, documents: list[Any], raw_tail: str) -> Path:
    target = folder / "in.yaml"
    target.write_text(yaml.safe_dump_all(documents, sort_keys=False) + raw_tail, encoding="utf-8")
    return target


RAW_TAILS = st.one_of(
    st.sampled_from([
        "", "\n---\n", "\n---\n- [", "\n---\n*x\n", "\n---\n!!python/object:os.system {}\n", "\t",
        "\n---\na: !!int\n", "\n---\n- !!bool maybe\n", "\n---\na: 2020-13-45\n", "\n---\na: !!timestamp x\n",
    ]),
    st.text(max_size=30).map(lambda text: "\n---\n" + text),  # any text as a last document
)


@FAST
@given(documents=hostile_documents(), tail=RAW_TAILS)
def test_import_never_crashes_on_hostile_manifests(documents: list[Any], tail: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        source = _write_manifests(Path(folder), documents, tail)
        _assert_clean(*_run(["import", str(source), "--out", str(Path(folder) / "tenants.yaml")]))


@FAST
@given(documents=hostile_documents(MANIFESTS + EMITTED), tail=RAW_TAILS)
def test_validate_never_crashes_on_hostile_manifests(documents: list[Any], tail: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        manifests = Path(folder) / "manifests"
        manifests.mkdir()
        _write_manifests(manifests, documents, tail)
        _assert_clean(*_run(["--clusters", str(Path(folder) / "none"), "validate", str(manifests)]))


OUTPUT_NAMES = [
    "cluster_name", "controller_role_arn", "node_role_names", "instance_profile_names",
    "default_instance_profile_name", "interruption_queue_name",
]
JSON_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=8))
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=6), children, max_size=3),
    max_leaves=10,
)


@st.composite
def hostile_outputs(draw: st.DrawFn) -> str:
    """`terraform output -json` of the example cluster with outputs replaced, dropped or unwrapped,
    or any JSON at all."""
    document: Any = json.loads((ROOT / "tests/fixtures/terraform-output-acme.json").read_text())
    for name in draw(st.lists(st.sampled_from(OUTPUT_NAMES), max_size=4)):
        choice = draw(st.integers(min_value=0, max_value=3))
        if choice == 0:
            document.pop(name, None)
        elif choice == 1:
            document[name] = draw(JSON_VALUES)
        elif name in document and isinstance(document[name], dict):
            document[name]["value"] = draw(JSON_VALUES)
    if draw(st.integers(min_value=0, max_value=9)) == 0:
        document = draw(JSON_VALUES)
    return json.dumps(document)


@FAST
@given(text=hostile_outputs(), cluster=st.sampled_from(["acme", "acme-legacy"]))
def test_check_terraform_never_crashes_on_hostile_json(text: str, cluster: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        outputs = Path(folder) / "outputs.json"
        outputs.write_text(text, encoding="utf-8")
        clusters = EXAMPLES_DIR
        _assert_clean(*_run(["--clusters", str(clusters), "check-terraform", str(outputs), "--cluster", cluster, "--dist", str(EXAMPLE_DIST)]))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.recursive(st.text(alphabet="ab :-#*&", max_size=3) | st.integers(), lambda inner: st.lists(inner, max_size=4), max_leaves=30))
def test_the_node_limit_counts_each_node_once_with_aliases_expanded(value: Any) -> None:
    """The limit is exact: a document of N nodes (every alias counted as what it names) passes a limit of N
    and fails one of N - 1, however deeply it nests."""
    from config import yaml_input

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
    from config import yaml_input

    crd = max(shared.rglob("*.yaml"), key=lambda path: path.stat().st_size)
    yaml_input.check_limits(crd.read_text(), str(crd))


def _two_pass_load(text: str, name: str) -> tuple[yaml.Node | None, Any]:
    """What load_single did before it composed in one pass: check_limits over libyaml's events, then
    PyYAML's own composer and constructor on a second parse; for a text with merge keys, the node as composed,
    before the constructor flattens the merges into it (it also retags `=` keys, which is harmless)."""
    from config import yaml_input

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


YAML_PIECES = st.sampled_from([
    "a", "b", ": ", "- ", "\n", "  ", "[", "]", "{", "}", ", ", "&x ", "*x", "&y ", "*y", "'q'", '"d"', "010", "1:30",
    "0b11", "1_0", "!!str ", "!!int ", "! ", "---\n", "...\n", "<<: ", "? ", "#c", "~", "1", "2.5", "true", "\t", "|\n  t\n",
])


# Valid documents with shared parts: PyYAML writes an anchor for the first and an alias for every other use.
SHARING_DOCUMENTS = st.builds(
    lambda shared, other, flow: yaml.dump({"a": shared, "b": [shared, other, shared], "c": {"d": other}}, default_flow_style=flow),
    st.lists(VALUES, min_size=1, max_size=3),
    st.dictionaries(st.text(max_size=4), VALUES, min_size=1, max_size=3),
    st.sampled_from([False, True, None]),
)


# Block documents as people write them, with the keys and scalars whose text and value differ.
KEY_TEXTS = st.sampled_from(["a", "b", "'a'", '"b"', "1", "'1'", "yes", "true", "~", "null", "1.0", "<<", "010", "=", "? a\n:"])
SCALAR_TEXTS = st.sampled_from([
    "x", "'x'", "1", "010", "1:30", "0b11", "1_0", "2.5", ".inf", ".nan", "yes", "~", "", "2001-12-14", "!!str 1", "! 1",
    "&a 1", "*a", "=", "|\n  block", "[1, a]", "{a: 1, a: 2}", "{<<: {a: 1}}",
])
BLOCKS = st.recursive(
    st.lists(st.tuples(KEY_TEXTS, SCALAR_TEXTS), min_size=1, max_size=4),
    lambda inner: st.lists(st.tuples(KEY_TEXTS, st.one_of(SCALAR_TEXTS, inner, st.lists(SCALAR_TEXTS, min_size=1, max_size=2))), min_size=1, max_size=4),
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
    from config import yaml_input

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
    from config import yaml_input
    from config.loader import _index_lines

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
    from config import yaml_input

    for text in ("[" * 200_000 + "]" * 200_000, "- " * 100_000 + "a\n"):
        with contextlib.suppress(yaml_input.InputError):
            yaml_input.load_single(text, "deep.yaml")
            raise AssertionError("deep nesting passed")
        try:
            yaml_input.load_single(text, "deep.yaml")
        except yaml_input.InputError as error:
            assert str(error) == f"deep.yaml:1: nested more than {yaml_input.MAX_DEPTH} levels deep; flatten the document"


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
    assert str(raised.value) == f"clusters/acme.yaml:3: YAML syntax error: {detail}; quote it to keep it as text; fix the YAML"


# --- hostile reference data ---------------------------------------------------------------------------------------
# Reference data is untrusted input (reference/data.py, checks/cel.py's limits). Each test runs a real command
# through main.py with KARPENTER_TENANTS_SHARED at a copy of the parts of ../shared the commands read, one thing in it
# made hostile, and expects exit 2 with one error line naming what is wrong (never a traceback or exit 70).

NODEPOOL_CRD = "karpenter/v1.14.1/karpenter/crds/karpenter.sh_nodepools.yaml"
CHART = "karpenter/v1.14.1/karpenter"
REFERENCE_FIX = "reference data is read as upstream publishes it: restore it (`python main.py fetch-reference`)"


def _reference_copy(shared: Path, tmp_path: Path) -> Path:
    """The reference data validate, render-chart and adopt read (each reference release's charts, CRDs and
    compatibility table; the Flux and Argo CD CRDs), copied writable."""
    from config.versions import REFERENCE_VERSIONS

    root = tmp_path / "reference"
    shutil.copytree(shared / "crds", root / "crds")
    for version in REFERENCE_VERSIONS:
        for part in ("karpenter", "docs"):
            shutil.copytree(shared / f"karpenter/v{version}/{part}", root / f"karpenter/v{version}/{part}")
    for path in [root, *root.rglob("*")]:
        path.chmod(path.stat().st_mode | 0o700 if path.is_dir() else path.stat().st_mode | 0o600)
    return root


def _main(reference: Path, *args: str) -> tuple[int, str, str, float]:
    """python main.py --clusters <the examples> ARGS with KARPENTER_TENANTS_SHARED=reference: status, stdout, stderr
    and seconds taken."""
    started = time.monotonic()
    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--clusters", str(EXAMPLES_DIR), *args],
        capture_output=True, text=True, env={**os.environ, "KARPENTER_TENANTS_SHARED": str(reference)}, timeout=300,
    )
    return result.returncode, result.stdout, result.stderr, time.monotonic() - started


def _refusal(status: int, stderr: str, named: Path) -> str:
    """The one error line of a command refused for its reference data: exit 2, naming `named` first, with the fix."""
    assert "Traceback" not in stderr and "internal error" not in stderr, stderr
    errors = [line for line in stderr.splitlines() if line.startswith("error: ")]
    assert status == 2 and len(errors) == 1, stderr
    assert errors[0].startswith(f"error: {named}"), errors[0]
    assert REFERENCE_FIX in errors[0]
    return errors[0]


def _edit_yaml(path: Path, change: Any) -> None:
    documents = list(yaml.safe_load_all(path.read_text()))
    change(documents)
    path.write_text(yaml.safe_dump_all(documents))


def _add_rule(path: Path, rule: str) -> None:
    def add(documents: list[Any]) -> None:
        for version in documents[0]["spec"]["versions"]:
            version["schema"]["openAPIV3Schema"].setdefault("x-kubernetes-validations", []).append({"rule": rule})

    _edit_yaml(path, add)


BIG_LIST = "[" + ", ".join(map(str, range(60))) + "]"
COSTLY_RULES = {  # rule, what the error says
    "nested all() over big lists": (
        f"{BIG_LIST}.all(a, {BIG_LIST}.all(b, {BIG_LIST}.all(c, a + b + c >= 0)))", "more than 20,000 evaluation steps"
    ),
    "a string repeated by nested replace()": (
        "'a'" + ".replace('a', 'aaaaaaaaaa')" * 12 + ".size() > 0", "a value of 10,000,000 characters or items"
    ),
    "a string doubled in nested map()": (  # a thousand characters, doubled eleven times
        "[" * 11 + "'" + "x" * 1000 + "'" + "".join(f"].map(s{i}, s{i} + s{i})[0]" for i in range(11)) + ".size() > 0",
        "a value of 1,024,000 characters or items, more than 1,000,000",
    ),
    "400 nested parentheses": ("(" * 400 + "true" + ")" * 400, "levels deep once parsed, more than 250"),
}


@pytest.mark.parametrize("case", list(COSTLY_RULES))
def test_a_reference_crd_rule_past_the_cel_limits_ends_validate_with_exit_2_naming_the_crd_and_the_rule_in_seconds(
    case: str, shared: Path, tmp_path: Path
) -> None:
    """The API server refuses a CRD whose rules cost too much and stops an evaluation past its cost limit; validate
    once hung past 120 s on a nested rule. Every limit works without signals, so in any thread or worker too."""
    rule, detail = COSTLY_RULES[case]
    reference = _reference_copy(shared, tmp_path)
    _add_rule(reference / NODEPOOL_CRD, rule)
    status, _, stderr, seconds = _main(reference, "validate", str(EXAMPLE_DIST), "--no-cache")
    line = _refusal(status, stderr, reference / NODEPOOL_CRD)
    assert f"the CRD of karpenter.sh/v1 NodePool: rule {rule[:60]!r}"[:-1] in line, line
    assert detail in line, line
    assert seconds < 30, f"validate took {seconds:.1f} s"


def test_a_reference_crd_rule_longer_than_cel_go_takes_is_refused_before_it_is_parsed(shared: Path, tmp_path: Path) -> None:
    reference = _reference_copy(shared, tmp_path)
    rule = " || ".join(["self.size() >= 0"] * 7_000)
    _add_rule(reference / NODEPOOL_CRD, rule)
    status, _, stderr, seconds = _main(reference, "validate", str(EXAMPLE_DIST), "--no-cache")
    line = _refusal(status, stderr, reference / NODEPOOL_CRD)
    assert (f"openAPIV3Schema.x-kubernetes-validations: [0].rule: {len(rule):,} characters; the API server's CEL parser "
            "takes at most 100,000") in line, line
    assert seconds < 30


def test_a_backtracking_regular_expression_in_a_reference_rule_runs_in_linear_time(shared: Path, tmp_path: Path) -> None:
    """RE2, as in the API server: Python's re needs some 2^40 steps for this find() (it would hang validate)."""
    reference = _reference_copy(shared, tmp_path)
    _add_rule(reference / NODEPOOL_CRD, "'" + "a" * 40 + "!'.find('^(a+)+$') == ''")
    status, stdout, stderr, seconds = _main(reference, "validate", str(EXAMPLE_DIST), "--no-cache")
    assert (status, stderr) == (0, ""), stdout + stderr
    assert seconds < 30


def test_a_backtracking_crd_pattern_is_matched_in_linear_time() -> None:
    from checks.schemas import crd_validator

    started = time.monotonic()
    errors = list(crd_validator({"type": "string", "pattern": "^(a|a)*$"}).iter_errors("a" * 40 + "!"))
    assert [e.message for e in errors] == [f"'{'a' * 40}!' does not match '^(a|a)*$'"]
    assert time.monotonic() - started < 1


def test_a_reference_crd_pattern_re2_cannot_read_is_refused(shared: Path, tmp_path: Path) -> None:
    reference = _reference_copy(shared, tmp_path)

    def lookbehind(documents: list[Any]) -> None:
        schema = documents[0]["spec"]["versions"][0]["schema"]["openAPIV3Schema"]
        schema["properties"]["spec"]["properties"]["weight"]["pattern"] = "(?<=a)b"

    _edit_yaml(reference / NODEPOOL_CRD, lookbehind)
    line = _refusal(*_main(reference, "validate", str(EXAMPLE_DIST), "--no-cache")[::2], reference / NODEPOOL_CRD)
    assert ".properties.spec.properties.weight.pattern: '(?<=a)b' is not an RE2 regular expression" in line, line


def _outside_secret(tmp_path: Path) -> Path:
    secret = tmp_path / "outside" / "secret.yaml"
    secret.parent.mkdir()
    secret.write_text("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: leaked}\ndata: {secret: SECRET-VALUE}\n")
    return secret


def _link_outside(reference: Path, tmp_path: Path) -> Path:
    link = reference / CHART / "templates/leak.yaml"
    link.symlink_to(_outside_secret(tmp_path))
    return link


def _release_outside(reference: Path, tmp_path: Path) -> Path:
    release = reference / "karpenter/v1.14.1"
    shutil.move(release, tmp_path / "elsewhere")
    release.symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    return release


def _crd_outside(reference: Path, tmp_path: Path) -> Path:
    crd = reference / "crds/flux/helm.toolkit.fluxcd.io_helmreleases.yaml"
    shutil.move(crd, tmp_path / "helmreleases.yaml")
    crd.symlink_to(tmp_path / "helmreleases.yaml")
    return crd


def _link_to_folder(reference: Path, tmp_path: Path) -> Path:
    link = reference / CHART / "templates/again"
    link.symlink_to(reference / CHART / "templates", target_is_directory=True)
    return link


def _dangling(reference: Path, tmp_path: Path) -> Path:
    link = reference / CHART / "templates/gone.yaml"
    link.symlink_to("missing.yaml")
    return link


def _fifo(reference: Path, tmp_path: Path) -> Path:
    fifo = reference / CHART / "templates/fifo.yaml"
    os.mkfifo(fifo)
    return fifo


NOT_PLAIN = {  # how, the command, what the error says
    "a chart template linking to a file outside": (_link_outside, "render-chart", "a symbolic link to "),
    "a release folder linking outside": (_release_outside, "render-chart", "a symbolic link to "),
    "a CRD file linking outside": (_crd_outside, "validate", "a symbolic link to "),
    "a chart folder linking to a folder": (_link_to_folder, "render-chart", "which is not a regular file"),
    "a dangling link in the chart": (_dangling, "render-chart", "a symbolic link to nowhere"),
    "a FIFO in the chart": (_fifo, "render-chart", "not a regular file or folder (a device, FIFO or socket)"),
}


@pytest.mark.parametrize("case", list(NOT_PLAIN))
def test_reference_data_that_is_not_plain_files_inside_its_folder_is_refused_naming_the_entry(
    case: str, shared: Path, tmp_path: Path
) -> None:
    """A link in the chart once put /etc/hostname into render-chart's output."""
    make, command, detail = NOT_PLAIN[case]
    reference = _reference_copy(shared, tmp_path)
    entry = make(reference, tmp_path)
    out = tmp_path / "out"
    args = ["render-chart", str(out)] if command == "render-chart" else ["validate", str(EXAMPLE_DIST), "--no-cache"]
    status, _, stderr, _ = _main(reference, *args)
    line = _refusal(status, stderr, entry)
    assert detail in line, line
    if "outside" in case:
        assert f"outside the reference data folder {reference}" in line
    assert not out.exists() or not any("SECRET-VALUE" in p.read_text() for p in out.rglob("*.yaml"))


def test_a_link_to_a_file_inside_the_reference_folder_is_followed(shared: Path, tmp_path: Path) -> None:
    reference = _reference_copy(shared, tmp_path)
    values = reference / CHART / "values.yaml"
    shutil.move(values, reference / "values-1.14.1.yaml")
    values.symlink_to("../../../values-1.14.1.yaml")
    status, stdout, stderr, _ = _main(reference, "render-chart", str(tmp_path / "out"))
    assert status == 0 and "error" not in stderr, stdout + stderr  # Helm itself logs that it followed the link


def _replace(relative: str, content: bytes | str) -> Any:
    def make(reference: Path) -> Path:
        path = reference / relative
        path.write_bytes(content if isinstance(content, bytes) else content.encode())
        return path

    return make


def _append(relative: str, text: str) -> Any:
    def make(reference: Path) -> Path:
        path = reference / relative
        path.write_text(path.read_text() + text)
        return path

    return make


def _crd_change(change: Any) -> Any:
    def make(reference: Path) -> Path:
        _edit_yaml(reference / NODEPOOL_CRD, change)
        return reference / NODEPOOL_CRD

    return make


def _schema(documents: list[Any]) -> dict[str, Any]:
    return documents[0]["spec"]["versions"][0]["schema"]["openAPIV3Schema"]


def _template(text: str) -> Any:
    def make(reference: Path) -> Path:
        (reference / CHART / "templates/zz-hostile.yaml").write_text(text)
        return reference / CHART

    return make


def _crd_fifo(reference: Path) -> Path:
    path = reference / NODEPOOL_CRD
    path.unlink()
    os.mkfifo(path)
    return path


ALIAS_BOMB = "a0: &a0 [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]\n" for i in range(1, 10)
)
MALFORMED = {  # how (returns the file or folder the error names), the command, what the error says
    "a CRD that is not UTF-8": (_replace(NODEPOOL_CRD, b"\xff\xfe"), "validate", "not UTF-8 text (byte 0xff at offset 0)"),
    "a CRD with a YAML syntax error": (_append(NODEPOOL_CRD, "\n---\nspec: [\n"), "validate", "YAML syntax error"),
    "a CRD that is an alias bomb": (_replace(NODEPOOL_CRD, ALIAS_BOMB), "validate", "more than 1,000,000 YAML nodes"),
    "a CRD that is a FIFO": (_crd_fifo, "validate", "not a regular file"),
    "a ConfigMap among the CRDs": (
        _append(NODEPOOL_CRD, "---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n"), "validate",
        "document 2 is 'v1' 'ConfigMap', not an apiextensions.k8s.io/v1 CustomResourceDefinition",
    ),
    "a CRD that is a list": (_replace(NODEPOOL_CRD, "- 1\n"), "validate", "document 1 is a list, not a CustomResourceDefinition"),
    "a CRD without versions": (
        _crd_change(lambda d: d[0]["spec"].pop("versions")), "validate", "document 1: spec.versions is None, not a non-empty list",
    ),
    "a CRD without a schema": (
        _crd_change(lambda d: d[0]["spec"]["versions"][0].pop("schema")), "validate",
        "document 1: spec.versions[0].schema is None, not a mapping",
    ),
    "a CRD schema type that is a number": (
        _crd_change(lambda d: _schema(d)["properties"]["spec"].update(type=5)), "validate",
        "openAPIV3Schema.properties.spec.type: 5 is not one of object, array, string",
    ),
    "a CRD schema's properties as a list": (
        _crd_change(lambda d: _schema(d)["properties"]["spec"].update(properties=["weight"])), "validate",
        "openAPIV3Schema.properties.spec.properties: ['weight'] is not a mapping of field names to schemas",
    ),
    "a CRD schema keyword the API server does not have": (
        _crd_change(lambda d: _schema(d)["properties"]["spec"].update({"if": {"type": "object"}})), "validate",
        "openAPIV3Schema.properties.spec.if: not a field of a CRD schema",
    ),
    "a CRD rule that is not a string": (
        _crd_change(lambda d: _schema(d).update({"x-kubernetes-validations": [{"rule": 5}]})), "validate",
        "openAPIV3Schema.x-kubernetes-validations: [0]: {'rule': 5} is not a rule",
    ),
    "a CRD maxItems that is text": (
        _crd_change(lambda d: _schema(d)["properties"]["spec"].update(maxItems="many")), "validate",
        "openAPIV3Schema.properties.spec.maxItems: 'many' is not a whole number of at least 0",
    ),
    "a chart values.yaml that is a list": (_replace(f"{CHART}/values.yaml", "- a\n"), "render-chart", "not one YAML mapping"),
    "a chart values.yaml that is not UTF-8": (_replace(f"{CHART}/values.yaml", b"a: \xff\n"), "render-chart", "not UTF-8 text"),
    "a chart values.yaml with a YAML syntax error": (_replace(f"{CHART}/values.yaml", "a: [\n"), "synth", "YAML syntax error"),
    "a chart template calling fail": (_template('{{ fail "hostile" }}\n'), "render-chart", "Helm cannot render the chart: "),
    "a chart template include loop": (
        _template('{{- define "loop" }}{{ include "loop" . }}{{ end }}\n{{ include "loop" . }}\n'), "render-chart",
        "Helm cannot render the chart: ",
    ),
    "a chart template rendering no YAML": (_template("a: [\n"), "render-chart", "YAML syntax error"),
    "a chart whose Chart.yaml is a list": (  # Helm's words name Chart.yaml; the error names the chart
        lambda reference: _replace(f"{CHART}/Chart.yaml", "- x\n")(reference).parent, "render-chart",
        "Helm cannot render the chart: cannot load Chart.yaml",
    ),
}


@pytest.mark.parametrize("case", list(MALFORMED))
def test_a_malformed_reference_file_is_exit_2_naming_the_file_and_the_fix(case: str, shared: Path, tmp_path: Path) -> None:
    make, command, detail = MALFORMED[case]
    reference = _reference_copy(shared, tmp_path)
    named = make(reference)
    args = {
        "validate": ["validate", str(EXAMPLE_DIST), "--no-cache"],
        "render-chart": ["render-chart", str(tmp_path / "out"), "--no-cache"],
        "synth": ["synth", "--out", str(tmp_path / "dist")],
    }[command]
    status, _, stderr, _ = _main(reference, *args)
    line = _refusal(status, stderr, named)
    assert detail in line, line


@pytest.mark.parametrize(
    ("text", "detail"),
    [
        ("- appVersion: 1.14.x\n", "not Karpenter's compatibility table"),
        ("compatibility:\n  - {appVersion: 1.14.x, minK8sVersion: 1.26}\n", "compatibility[0]: maxK8sVersion missing"),
        ("compatibility:\n  - {minK8sVersion: 1.26, maxK8sVersion: 1.36}\n", "compatibility[0]: no appVersion"),
        ("compatibility:\n  - {appVersion: 1.14.x, minK8sVersion: one, maxK8sVersion: 1.36}\n", "minK8sVersion missing or not"),
        ("compatibility: [\n", "YAML syntax error"),
        (b"\xff", "not UTF-8 text"),
    ],
)
def test_a_malformed_compatibility_table_is_a_reference_data_error_naming_it(
    text: str | bytes, detail: str, shared: Path, tmp_path: Path
) -> None:
    from config.versions import KarpenterVersion
    from reference.data import ReferenceDataError
    from reference.versions import kubernetes_range

    reference = _reference_copy(shared, tmp_path)
    table = reference / "karpenter/v1.14.1/docs/compatibility.yaml"
    table.write_bytes(text if isinstance(text, bytes) else text.encode())
    with pytest.raises(ReferenceDataError) as raised:
        kubernetes_range(reference, KarpenterVersion.parse("1.14.1"))
    assert str(raised.value).startswith(f"{table}") and detail in str(raised.value), raised.value
    assert REFERENCE_FIX in str(raised.value)


def test_a_costly_expression_in_the_isolation_policy_ends_preflight_with_exit_2_in_seconds(tmp_path: Path) -> None:
    """preflight evaluates dist/'s policy (which may have been edited) under the same CEL limits as validate."""
    dist = tmp_path / "dist"
    shutil.copytree(EXAMPLE_DIST, dist)
    policy = dist / "acme/base/validatingadmissionpolicy-karpenter-tenant-isolation.yaml"
    document = yaml.safe_load(policy.read_text())
    costly = f"{BIG_LIST}.all(a, {BIG_LIST}.all(b, {BIG_LIST}.all(c, a + b + c >= 0)))"
    document["spec"]["validations"][0]["expression"] = costly
    policy.write_text(yaml.safe_dump(document))
    workloads = tmp_path / "workloads.json"
    pod = {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p", "namespace": "alpha"},
           "spec": {"containers": [{"name": "c", "image": "i"}]}}
    workloads.write_text(json.dumps({"apiVersion": "v1", "kind": "List", "items": [pod]}))
    started = time.monotonic()
    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--clusters", str(EXAMPLES_DIR), "preflight", str(workloads),
         "--cluster", "acme", "--dist", str(dist)], capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 2, result.stdout + result.stderr
    assert result.stderr.startswith(f"error: the isolation policy in dist/: rule {costly[:60]!r}"[:-1]), result.stderr
    assert "more than 20,000 evaluation steps" in result.stderr and "Traceback" not in result.stderr
    assert time.monotonic() - started < 30


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
    (manifests / "pool.yaml").write_text(text if text.startswith("&") else "apiVersion: karpenter.sh/v1\nkind: NodePool\n" + text)
    argv = {
        "synth": ["--clusters", str(clusters), "synth", "--out", str(tmp_path / "dist")],
        "migrate": ["migrate", str(clusters / "acme.yaml"), "--write"],
        "import": ["import", str(manifests / "pool.yaml")],
        "validate": ["validate", str(manifests)],
    }[command]
    before = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    status, output = _run(argv)
    assert status == 2, output
    assert "is inside the collection its anchor" in output and "Traceback" not in output, output
    assert {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()} == before
    assert not (tmp_path / "dist").exists()
