"""imports/ is generated, committed, and must be current: regenerate and compare; `cdk8s synth` writes what synth
writes (dist/ of the user's clusters/ is tests/product/test_user_clusters.py's)."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from conftest import EXAMPLE_DIST, EXAMPLES_DIR, ROOT

from karpenter_tenants.reference.shared import SHARED_ENV
from karpenter_tenants.synthesis.render import read_tree


def cdk8s_cli() -> Path:
    cli = ROOT / "node_modules/.bin/cdk8s"
    if not cli.exists():
        pytest.fail("cdk8s CLI missing: run `make setup` (npm ci installs the version pinned in package.json)")
    return cli


IMPORTS = ROOT / "karpenter_tenants" / "imports"


def test_imports_are_current(tmp_path: Path, shared: Path) -> None:
    regenerated = generated_imports(tmp_path, shared)
    committed = {p: (IMPORTS / p).read_bytes() for p in _files(IMPORTS)}
    assert sorted(regenerated) == sorted(committed)
    assert [p for p in committed if committed[p] != regenerated[p]] == [], "imports/ is stale: run `make imports`"


def generated_imports(tmp_path: Path, shared: Path) -> dict[str, bytes]:
    """What `cdk8s import` writes for cdk8s.yaml's imports, by path. The generator takes a minute and its output is a
    function of cdk8s.yaml, the CRD files it names, the Node.js packages package-lock.json pins (the cdk8s CLI, jsii,
    TypeScript) and Node.js: cached by all of these (imports_key) beside the suite's other builds (e2e.build.cache_root,
    $KARPENTER_TENANTS_E2E_CACHE), so it runs once for a given input."""
    from e2e.build import cache_root

    cached = cache_root() / f"cdk8s-imports-{imports_key(shared)}"
    if not cached.is_dir():
        config = (ROOT / "cdk8s.yaml").read_text().replace("../shared/", f"{shared}/")
        (tmp_path / "cdk8s.yaml").write_text(config)
        env = {**os.environ, "CDK8S_CHECK_UPGRADE": "false", "JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION": "20"}
        result = subprocess.run(
            [str(cdk8s_cli()), "import", "--output", "imports"], cwd=tmp_path, capture_output=True, text=True, env=env
        )
        assert result.returncode == 0, result.stderr
        staging = cached.with_name(f"{cached.name}.partial-{os.getpid()}")
        shutil.rmtree(staging, ignore_errors=True)
        shutil.copytree(tmp_path / "imports", staging, ignore=shutil.ignore_patterns("__pycache__"))
        try:
            staging.rename(cached)  # whole or not at all; a concurrent run's is the same
        except OSError:
            shutil.rmtree(staging)
    return {p: (cached / p).read_bytes() for p in _files(cached)}


def imports_key(shared: Path) -> str:
    """The digest of everything `cdk8s import` reads to write imports/ (see generated_imports)."""
    digest = hashlib.sha256()
    config = (ROOT / "cdk8s.yaml").read_text()
    crds = sorted(entry.split(":=", 1)[-1] for entry in yaml.safe_load(config)["imports"])
    node = subprocess.run(["node", "--version"], capture_output=True, text=True, check=True).stdout
    inputs = [
        config.encode(),
        node.encode(),
        sys.version.encode(),
        (ROOT / "package.json").read_bytes(),
        (ROOT / "package-lock.json").read_bytes(),
        (ROOT / "node_modules/cdk8s-cli/package.json").read_bytes(),
        *((shared / crd.removeprefix("../shared/")).read_bytes() for crd in crds),
    ]
    for part in inputs:
        digest.update(hashlib.sha256(part).digest())
    return digest.hexdigest()[:16]


def _files(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts)


def test_cdk8s_synth_writes_the_same_dist_as_main(tmp_path: Path, shared: Path) -> None:
    for name in ("main.py", "cdk8s.yaml"):
        shutil.copy(ROOT / name, tmp_path / name)
    # The product comes from the installed package (the .venv's editable install): the folder is
    # what a team's own repository holds, main.py, cdk8s.yaml and its clusters.
    shutil.copytree(EXAMPLES_DIR, tmp_path / "clusters")
    (tmp_path / ".venv").symlink_to(ROOT / ".venv")
    # The copy is not beside ../shared: point it at the reference data (compatibility tables, chart values).
    env = {**os.environ, "CDK8S_CHECK_UPGRADE": "false", SHARED_ENV: str(shared)}
    result = subprocess.run([str(cdk8s_cli()), "synth"], cwd=tmp_path, capture_output=True, text=True, env=env)
    assert result.returncode == 0, result.stdout + result.stderr
    assert read_tree(tmp_path / "dist") == read_tree(EXAMPLE_DIST)
