"""Shared fixtures: the reference data in ../shared, the example clusters and a config factory."""

from __future__ import annotations

import atexit
import copy
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import settings

# Property tests: "ci" replays the same 2,000 examples every run (a red CI is a real bug, not a
# new draw); HYPOTHESIS_PROFILE=explore draws 10,000 fresh ones to hunt for new failures.
settings.register_profile("ci", max_examples=2000, deadline=None, derandomize=True, print_blob=True)
settings.register_profile("explore", max_examples=10000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

from karpenter_tenants.config.loader import LoadedCluster, load_cluster_file, load_clusters, use_chart_defaults
from karpenter_tenants.reference.charts import ChartReference
from karpenter_tenants.reference.disk_cache import DIR_ENV
from karpenter_tenants.reference.shared import SHARED_ENV, shared_dir
from karpenter_tenants.synthesis.render import render

ROOT = Path(__file__).resolve().parent.parent
# The suites mirror the code: tests/unit/<package>/, the feature suites (tests/features/, tests/product/) and
# tests/support/ (helpers, imported as `support.<module>`). A suite imports another's tables by module name
# (`from test_isolation_cel import admit`): every folder of test modules is on sys.path, whatever order pytest collects
# them in (tests/e2e is a package: its modules are `e2e.<module>`).
for _folder in sorted({path.parent for path in (ROOT / "tests").rglob("test_*.py")} - {ROOT / "tests/e2e"}):
    if str(_folder) not in sys.path:
        sys.path.append(str(_folder))
# As main.py does for every command: loads check karpenter.values against the reference data's chart.
use_chart_defaults(ChartReference())
# The product's own example clusters for its tests (the three README describes). The tests never read clusters/,
# the user's input, except tests/product/test_user_clusters.py, which checks exactly that folder and dist/.
EXAMPLES_DIR = ROOT / "tests/fixtures/clusters"
# No test writes to the user's ~/.cache (reference.disk_cache, synth's key), not even the synth below. Each test
# process has its own: pytest-xdist's workers inherit the environment of the process that started them, so a folder
# that process made (named again in _OWN_CACHE) is replaced, not shared; a folder the user names is kept.
_OWN_CACHE = "KARPENTER_TENANTS_TESTS_OWN_CACHE_DIR"
if DIR_ENV not in os.environ or os.environ[DIR_ENV] == os.environ.get(_OWN_CACHE):
    os.environ[DIR_ENV] = os.environ[_OWN_CACHE] = tempfile.mkdtemp(prefix="karpenter-tenants-test-cache-")
    atexit.register(shutil.rmtree, os.environ[DIR_ENV], True)


_OWN_EXAMPLES = "KARPENTER_TENANTS_TESTS_EXAMPLE_REPO"


def _example_repo() -> Path:
    """A folder laid out as this repository with the example clusters: clusters/ (tests/fixtures/clusters) and the
    dist/ synth writes from them (made once per test run, by the product's own synth; tests read it, never change
    it). Made at import so that tests can be parametrized over its files. pytest-xdist's workers use the one the
    process that started them made (named in _OWN_EXAMPLES, which they inherit, and removed when it exits)."""
    made = os.environ.get(_OWN_EXAMPLES)
    if made and (Path(made) / "dist").is_dir():
        return Path(made)
    root = Path(tempfile.mkdtemp(prefix="karpenter-tenants-examples-"))
    atexit.register(shutil.rmtree, root, True)
    shutil.copytree(EXAMPLES_DIR, root / "clusters")
    command = [
        sys.executable,
        "-O",
        str(ROOT / "main.py"),
        "--clusters",
        str(root / "clusters"),
        "synth",
        "--out",
        str(root / "dist"),
    ]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"synth of the example clusters failed:\n{result.stdout}{result.stderr}")
    os.environ[_OWN_EXAMPLES] = str(root)
    return root


EXAMPLE_REPO = _example_repo()
EXAMPLE_DIST = EXAMPLE_REPO / "dist"

# A complete, valid Karpenter 1.x cluster with one tenant; tests change one thing at a time.
BASE_V1: dict[str, Any] = {
    "cluster": {"name": "acme", "accountId": "001234567890", "region": "ca-central-1"},
    "karpenter": {"version": "1.14.1"},
    "tenants": [{"name": "alpha", "nodeRole": "node-alpha", "ami": {"alias": "al2023@v20261101"}}],
}
BASE_V1ALPHA5: dict[str, Any] = {
    "cluster": {"name": "acme", "accountId": "001234567890", "region": "ca-central-1", "kubernetesVersion": "1.28"},
    "karpenter": {"version": "0.31.5"},
    "tenants": [{"name": "alpha", "instanceProfile": "node-alpha", "ami": {"family": "AL2"}}],
}


def cluster_dict(base: dict[str, Any] | None = None, **sections: Any) -> dict[str, Any]:
    """A deep copy of the base config with top-level sections replaced."""
    data = copy.deepcopy(base or BASE_V1)
    data.update(copy.deepcopy(sections))
    return data


def write_cluster(folder: Path, data: dict[str, Any] | str, name: str = "acme") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.yaml"
    path.write_text(data if isinstance(data, str) else yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def load(tmp_path: Path, data: dict[str, Any] | str, name: str = "acme") -> LoadedCluster:
    return load_cluster_file(write_cluster(tmp_path / "clusters", data, name))


def objects(files: dict[str, str]) -> dict[str, dict[str, Any]]:
    """Parsed objects of rendered files, by path (kustomization.yaml files and aws.json excluded). Parsed by libyaml
    (PyYAML's CSafeLoader: the same safe constructor and resolver as yaml.safe_load, five times faster; synth writes
    with libyaml's emitter, so it is there)."""
    return {
        path: yaml.load(text, Loader=yaml.CSafeLoader)
        for path, text in files.items()
        if path.endswith(".yaml") and not path.endswith("/kustomization.yaml")
    }


@pytest.fixture(scope="session", autouse=True)
def _disk_cache_in_session_tmp(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The commands' disk cache (reference.disk_cache) lives in the session's temporary folder during the
    tests, never in the user's ~/.cache; each test of the cache itself points it somewhere fresh."""
    previous = os.environ.get(DIR_ENV)
    os.environ[DIR_ENV] = str(tmp_path_factory.mktemp("cache"))
    yield
    if previous is None:
        os.environ.pop(DIR_ENV, None)
    else:
        os.environ[DIR_ENV] = previous


# The user's input and what synth made of it: only tests/product/test_user_clusters.py reads them (so .ci/user-clusters.sh,
# the suite's second pass with clusters/ replaced, runs that module alone). Every read in this process (open, a
# folder listed, by a path that is absolute or holds a folder) is seen by an audit hook; a test of any other module that reads there fails.
_USER_INPUT = tuple(str(ROOT / name) for name in ("clusters", "dist"))
_USER_INPUT_READS: list[str] = []


def _note_user_input_read(event: str, args: tuple[Any, ...]) -> None:
    if event not in ("open", "os.listdir", "os.scandir") or not args:
        return
    target = args[0]
    if target is None or isinstance(target, int):
        return
    try:
        name = os.fsdecode(target)
    except (TypeError, ValueError):
        return
    if not name.startswith(os.sep) and os.sep not in name:
        return  # a bare name: may be relative to a folder descriptor (shutil.rmtree), not to the working folder
    path = os.path.abspath(name)
    if any(path == folder or path.startswith(folder + os.sep) for folder in _USER_INPUT):
        _USER_INPUT_READS.append(path)


sys.addaudithook(_note_user_input_read)


@pytest.fixture(autouse=True)
def _reads_no_user_input(request: pytest.FixtureRequest) -> Iterator[None]:
    _USER_INPUT_READS.clear()
    yield
    reads, module = sorted(set(_USER_INPUT_READS)), request.node.module.__name__
    _USER_INPUT_READS.clear()
    if reads and module != "test_user_clusters":
        pytest.fail(
            f"{module} read the user's input {reads[:3]}: tests read tests/fixtures/clusters (EXAMPLES_DIR, "
            "EXAMPLE_REPO), never clusters/ or dist/ (only tests/product/test_user_clusters.py does)"
        )


@pytest.fixture(scope="session")
def shared() -> Path:
    path = shared_dir()
    if not (path / "karpenter").is_dir():
        pytest.fail(
            f"reference data missing: {path}/karpenter not found. Put the shared/ folder beside the "
            f"repository or set {SHARED_ENV} to its path (`python main.py fetch-reference` fills the releases' part; "
            "the suite also reads the upgrade stops and karpenter-next/ of ../shared/README.md)."
        )
    return path


@pytest.fixture(scope="session")
def examples() -> list[LoadedCluster]:
    return load_clusters(EXAMPLES_DIR)


@pytest.fixture(scope="session")
def example_files(examples: list[LoadedCluster]) -> dict[str, str]:
    return render(examples)


def paths(node: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path below node (not node itself), as tuples of keys and indexes."""
    found = [prefix] if prefix else []
    if isinstance(node, dict):
        for key, value in node.items():
            found += paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += paths(value, (*prefix, index))
    return found


def kustomize_build(folder: Path) -> list[dict[str, Any]]:
    """The objects `kubectl kustomize folder` builds (kustomize itself where kubectl is missing)."""
    import shutil
    import subprocess

    kubectl, kustomize = shutil.which("kubectl"), ROOT / ".tools/bin/kustomize"
    if kubectl is not None:
        command = [kubectl, "kustomize", str(folder)]
    elif kustomize.exists():
        command = [str(kustomize), "build", str(folder)]
    else:
        pytest.fail("neither kubectl nor .tools/bin/kustomize: `make test` builds kustomize from its Go module")
    result = subprocess.run(command, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return [d for d in yaml.safe_load_all(result.stdout) if d]


def git(root: Path, *args: str) -> None:
    """A git command in a test repository, as a fixed author."""
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", *args], cwd=root, check=True, capture_output=True
    )
