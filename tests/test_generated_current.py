"""imports/ is generated, committed, and must be current: regenerate and compare; `cdk8s synth` writes what synth
writes (dist/ of the user's clusters/ is tests/test_user_clusters.py's)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import EXAMPLE_DIST, EXAMPLES_DIR, ROOT

from reference.shared import SHARED_ENV
from synth.render import read_tree


def cdk8s_cli() -> Path:
    cli = ROOT / "node_modules/.bin/cdk8s"
    if not cli.exists():
        pytest.fail("cdk8s CLI missing: run `make setup` (npm ci installs the version pinned in package.json)")
    return cli


def test_imports_are_current(tmp_path: Path, shared: Path) -> None:
    config = (ROOT / "cdk8s.yaml").read_text().replace("../shared/", f"{shared}/")
    (tmp_path / "cdk8s.yaml").write_text(config)
    env = {**os.environ, "CDK8S_CHECK_UPGRADE": "false", "JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION": "20"}
    result = subprocess.run(
        [str(cdk8s_cli()), "import", "--output", "imports"], cwd=tmp_path, capture_output=True, text=True, env=env
    )
    assert result.returncode == 0, result.stderr
    regenerated = {p: (tmp_path / "imports" / p).read_bytes() for p in _files(tmp_path / "imports")}
    committed = {p: (ROOT / "imports" / p).read_bytes() for p in _files(ROOT / "imports")}
    assert sorted(regenerated) == sorted(committed)
    assert [p for p in committed if committed[p] != regenerated[p]] == [], "imports/ is stale: run `make imports`"


def _files(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts)


def test_cdk8s_synth_writes_the_same_dist_as_main(tmp_path: Path, shared: Path) -> None:
    for name in ("main.py", "cdk8s.yaml"):
        shutil.copy(ROOT / name, tmp_path / name)
    # the code packages, imports/ and the input (config/naming.json: names and partitions)
    for name in ("charts", "config", "synth", "checks", "review", "convert", "commands", "imports", "reference"):
        shutil.copytree(ROOT / name, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(EXAMPLES_DIR, tmp_path / "clusters")
    (tmp_path / ".venv").symlink_to(ROOT / ".venv")
    # The copy is not beside ../shared: point it at the reference data (compatibility tables, chart values).
    env = {**os.environ, "CDK8S_CHECK_UPGRADE": "false", SHARED_ENV: str(shared)}
    result = subprocess.run([str(cdk8s_cli()), "synth"], cwd=tmp_path, capture_output=True, text=True, env=env)
    assert result.returncode == 0, result.stdout + result.stderr
    assert read_tree(tmp_path / "dist") == read_tree(EXAMPLE_DIST)
