"""Hostile inputs for the commands that read other people's files: Karpenter manifests for `import`
and `validate`, JSON for `check-terraform`. Whatever hypothesis generates, the command ends with
status 0, 1 or 2 and never with a traceback or an internal error."""

from __future__ import annotations

import contextlib
import copy
import io
import json
import tempfile
from pathlib import Path
from typing import Any

import yaml
from conftest import ROOT, paths
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from commands.cli import main

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
EMITTED = sorted(p for p in (ROOT / "dist").rglob("*.yaml") if p.name != "kustomization.yaml")


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
    st.sampled_from(["", "\n---\n", "\n---\n- [", "\n---\n*x\n", "\n---\n!!python/object:os.system {}\n", "\t"]),
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
        clusters = ROOT / "clusters"
        _assert_clean(*_run(["--clusters", str(clusters), "check-terraform", str(outputs), "--cluster", cluster]))


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
