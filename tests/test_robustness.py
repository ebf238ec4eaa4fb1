"""Robustness: mutated configs are rejected cleanly or produce valid output; a killed synth never
leaves a half-written dist/."""

from __future__ import annotations

import copy
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import BASE_V1, BASE_V1ALPHA5, EXAMPLES_DIR, ROOT, objects, paths
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from checks.validate import ObjectValidator
from checks.wiring import check_wiring_files, wiring_for
from config.loader import ConfigError, load_cluster_file
from synth.render import read_tree, render

VALID: list[dict[str, Any]] = [
    yaml.safe_load((EXAMPLES_DIR / "acme.yaml").read_text()),
    yaml.safe_load((EXAMPLES_DIR / "acme-legacy.yaml").read_text()),
    yaml.safe_load((EXAMPLES_DIR / "acme-argocd.yaml").read_text()),
    BASE_V1,
    BASE_V1ALPHA5,
]

# Values a hurried editor might type anywhere: right shapes in wrong places and wrong shapes.
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-5, max_value=200),
    st.floats(allow_nan=False, allow_infinity=False, min_value=-10, max_value=10),
    st.sampled_from(
        ["", "alpha", "Alpha", "1.14.1", "0.31.5", "0.36.0", "1.33", "Never", "720h", "30d", "10%", "-1", "100",
         "64Gi", "lots", "spot", "on-demand", "In", "Exists", "NoSchedule", "al2023@v20261101", "al2023@latest",
         "AL2", "karpenter.sh/nodepool", "tenant", "kube-system", "flux", "argocd", "https://x", "a" * 70]
    ),
    st.text(max_size=12),
)
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.sampled_from(["name", "key", "values", "x"]), inner, max_size=3)), max_leaves=6)


@st.composite
def mutated_configs(draw: st.DrawFn) -> dict[str, Any]:
    config = copy.deepcopy(draw(st.sampled_from(VALID)))
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        candidates = paths(config)
        path = draw(st.sampled_from(candidates))
        parent = config
        for part in path[:-1]:
            parent = parent[part]
        action = draw(st.sampled_from(["tweak", "tweak", "tweak", "replace", "delete", "add"]))
        value = parent[path[-1]]
        if action == "tweak":  # a value of the same kind: plausible edits, many of them valid
            if isinstance(value, bool):
                parent[path[-1]] = draw(st.booleans())
            elif isinstance(value, int):
                parent[path[-1]] = draw(st.integers(min_value=0, max_value=120))
            elif isinstance(value, str):
                parent[path[-1]] = draw(st.sampled_from([value, value.upper(), value + "x", value[:-1], "1", "5m", "2"]))
            elif isinstance(value, list) and value:
                parent[path[-1]] = draw(st.lists(st.sampled_from(value), max_size=len(value) + 1))
            else:
                del parent[path[-1]]
        elif action == "replace":
            parent[path[-1]] = draw(VALUES)
        elif action == "delete":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[draw(st.sampled_from(["extra", "nodeRoles", "labels", "weight", "namespaces"]))] = draw(VALUES)
        else:
            parent.append(draw(VALUES))
    return config


@pytest.fixture(scope="module")
def validators(shared: Path) -> dict[str, ObjectValidator]:
    return {}


@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(config=mutated_configs())
def test_a_mutated_config_is_rejected_cleanly_or_synthesizes_valid_output(
    config: dict[str, Any], tmp_path_factory: pytest.TempPathFactory, shared: Path, validators: dict
) -> None:
    folder = tmp_path_factory.mktemp("clusters")
    path = folder / "acme.yaml"
    path.write_text(yaml.safe_dump(config, sort_keys=False))
    try:
        cluster = load_cluster_file(path)
    except ConfigError as error:
        event("rejected")
        assert error.problems, "a rejection names at least one problem"
        for problem in error.problems:
            text = str(problem)
            assert text.startswith(str(path)), text
            assert problem.message and "Traceback" not in text and "object at 0x" not in text, text
        return
    event("synthesized and validated")
    version = cluster.config.cluster.kubernetes_version
    validator = validators.setdefault(version, ObjectValidator(shared, version))
    files = render([cluster])
    findings = [str(f) for p, obj in objects(files).items() for f in validator.check(obj, p)]
    findings += [str(f) for f in check_wiring_files(files, wiring_for([cluster]))]
    assert findings == [], yaml.safe_dump(config)


# --- killed mid-write --------------------------------------------------------------------------


def big_cluster(tenants: int, weight: int) -> dict[str, Any]:
    config = yaml.safe_load((EXAMPLES_DIR / "acme.yaml").read_text())
    template = config["tenants"][0]
    config["tenants"] = [
        {**template, "name": f"t{i:04d}", "namespaces": [f"t{i:04d}"], "weight": weight, "nodeRole": f"node-t{i:04d}"}
        for i in range(tenants)
    ]
    return config


def synth(clusters: Path, out: Path) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "--clusters", str(clusters), "synth", "--out", str(out)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # the jsii node runtime dies with the group
    )


def test_synth_killed_at_any_point_leaves_the_old_or_the_new_dist(tmp_path: Path) -> None:
    clusters = tmp_path / "clusters"
    clusters.mkdir()
    (clusters / "acme.yaml").write_text(yaml.safe_dump(big_cluster(300, 10)))
    old_out = tmp_path / "old"
    assert synth(clusters, old_out).wait() == 0
    old = read_tree(old_out)
    (clusters / "acme.yaml").write_text(yaml.safe_dump(big_cluster(300, 20)))
    new_out = tmp_path / "new"
    started = time.monotonic()
    assert synth(clusters, new_out).wait() == 0
    duration = time.monotonic() - started
    new = read_tree(new_out)
    assert old != new

    outcomes = set()
    for fraction in (0.2, 0.5, 0.7, 0.85, 0.95, 1.05):
        dist = tmp_path / f"dist-{fraction}"
        shutil.copytree(old_out, dist)
        process = synth(clusters, dist)
        time.sleep(duration * fraction)
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        tree = read_tree(dist) if dist.exists() else {}
        assert tree in (old, new), f"killed at {fraction:.0%} of a run: dist/ is neither the old nor the new tree"
        outcomes.add("old" if tree == old else "new")
        assert synth(clusters, dist).wait() == 0  # the next run finishes the job and cleans leftovers
        assert read_tree(dist) == new
        leftovers = [p for p in tmp_path.iterdir() if p.name.startswith(f".{dist.name}.")]
        assert not [p for p in leftovers if not p.name.endswith((".lock", ".synth-cache.json", ".spare"))]
    assert "old" in outcomes, "no kill landed before the swap: the test did not exercise a mid-write kill"
