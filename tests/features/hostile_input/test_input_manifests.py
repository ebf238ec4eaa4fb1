"""Hostile inputs for the commands that read other people's files: Karpenter manifests for
`import` and `validate`, JSON for `check-terraform`, an edited isolation policy for `preflight`. Whatever hypothesis
generates, the command ends with status 0, 1 or 2 and never with a traceback or an internal error."""

from __future__ import annotations

import copy
import json
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
from support.input_helpers import BIG_LIST, MANIFESTS, VALUES, _run

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


def _assert_clean(status: int, output: str) -> None:
    assert "Traceback" not in output
    assert "internal error" not in output, output
    assert status in (0, 1, 2), output


def _write_manifests(folder: Path, documents: list[Any], raw_tail: str) -> Path:
    target = folder / "in.yaml"
    target.write_text(yaml.safe_dump_all(documents, sort_keys=False) + raw_tail, encoding="utf-8")
    return target


RAW_TAILS = st.one_of(
    st.sampled_from(
        [
            "",
            "\n---\n",
            "\n---\n- [",
            "\n---\n*x\n",
            "\n---\n!!python/object:os.system {}\n",
            "\t",
            "\n---\na: !!int\n",
            "\n---\n- !!bool maybe\n",
            "\n---\na: 2020-13-45\n",
            "\n---\na: !!timestamp x\n",
        ]
    ),
    st.text(max_size=30).map(lambda text: "\n---\n" + text),  # any text as a last document
)


@FAST
@given(documents=hostile_documents(), tail=RAW_TAILS)
def test_import_never_crashes_on_hostile_manifests(documents: list[Any], tail: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        source = _write_manifests(Path(folder), documents, tail)
        _assert_clean(*_run(["import", str(source), "--out-file", str(Path(folder) / "tenants.yaml")]))


@FAST
@given(documents=hostile_documents(MANIFESTS + EMITTED), tail=RAW_TAILS)
def test_validate_never_crashes_on_hostile_manifests(documents: list[Any], tail: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        manifests = Path(folder) / "manifests"
        manifests.mkdir()
        _write_manifests(manifests, documents, tail)
        _assert_clean(*_run(["--clusters", str(Path(folder) / "none"), "validate", str(manifests)]))


OUTPUT_NAMES = [
    "cluster_name",
    "controller_role_arn",
    "node_role_names",
    "instance_profile_names",
    "default_instance_profile_name",
    "interruption_queue_name",
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
        _assert_clean(
            *_run(
                [
                    "--clusters",
                    str(clusters),
                    "check-terraform",
                    str(outputs),
                    "--cluster",
                    cluster,
                    "--dist",
                    str(EXAMPLE_DIST),
                ]
            )
        )


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
    pod = {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": {"name": "p", "namespace": "alpha"},
        "spec": {"containers": [{"name": "c", "image": "i"}]},
    }
    workloads.write_text(json.dumps({"apiVersion": "v1", "kind": "List", "items": [pod]}))
    started = time.monotonic()
    result = subprocess.run(
        [
            sys.executable,
            str(ROOT / "main.py"),
            "--clusters",
            str(EXAMPLES_DIR),
            "preflight",
            "--workloads",
            str(workloads),
            "--cluster",
            "acme",
            "--dist",
            str(dist),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 2, result.stdout + result.stderr
    assert result.stderr.startswith(f"error: the isolation policy in dist/: rule {costly[:60]!r}"[:-1]), result.stderr
    assert "more than 20,000 evaluation steps" in result.stderr and "Traceback" not in result.stderr
    assert time.monotonic() - started < 30


def test_a_key_twice_in_describe_nodegroup_json_is_bad_input(tmp_path: Path) -> None:
    """JSON readers disagree on which of two equal keys counts (Python's the last, others the first): refused at
    once instead of one silently winning."""
    from karpenter_tenants.config.yaml_input import InputError, read_json

    path = tmp_path / "describe.json"
    path.write_text('{"nodegroup": {"nodegroupName": "a", "scalingConfig": {"maxSize": 3, "maxSize": 30}}}')
    with pytest.raises(InputError, match="the key 'maxSize' is given twice"):
        read_json(path, written_by="aws eks describe-nodegroup --output json")
