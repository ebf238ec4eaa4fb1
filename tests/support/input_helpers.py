"""What the input suites share: run_bad_config (synth over a bad cluster config: exit 2, dist/ unchanged, the
problem lines), _run (a command in-process: status and output), the texts of bad cluster files and the hypothesis
values they draw from real manifests. Also imported by the feature suites that test a rule's message."""

from __future__ import annotations

import contextlib
import copy
import io
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import BASE_V1, ROOT, write_cluster
from hypothesis import strategies as st

from karpenter_tenants.commands.cli import main
from karpenter_tenants.synthesis.render import read_tree


def run_bad_config(tmp_path: Path, data: dict[str, Any] | str, capsys: pytest.CaptureFixture[str]) -> list[str]:
    """Run synth on a bad config over an existing dist/; return the problem lines."""
    clusters, dist = tmp_path / "clusters", tmp_path / "dist"
    (dist / "acme/base").mkdir(parents=True)
    (dist / "acme/base/namespace-karpenter.yaml").write_text("previous output\n")
    before = read_tree(dist)
    write_cluster(clusters, data)

    status = main(["--clusters", str(clusters), "synth", "--out", str(dist)])

    captured = capsys.readouterr()
    assert status == 2
    assert read_tree(dist) == before, "dist/ changed although the config was rejected"
    assert "Traceback" not in captured.err
    lines = captured.err.splitlines()
    assert lines[0].endswith("in the cluster config; dist/ was not changed:")
    return [line.strip().replace(f"{clusters}/", "") for line in lines[1:]]


def _config(**tenant: Any) -> str:
    data = copy.deepcopy(BASE_V1)
    data["tenants"][0].update(tenant)
    return yaml.safe_dump(data, sort_keys=False)


NOT_UTF8 = b"cluster:\n  name: acme\n  region: \xff\xfe\n"


# 9 levels of 9 aliases each: 9^9 nodes when expanded, a few hundred bytes of text.
BOMB_YAML = "a0: &a0 [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]\n" for i in range(1, 10)
)


def _run(args: list[str]) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(args)
    return status, out.getvalue() + err.getvalue()


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

BIG_LIST = "[" + ", ".join(map(str, range(60))) + "]"
