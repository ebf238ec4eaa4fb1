"""`cdk8s synth` (the pinned cdk8s CLI, as cdk8s.yaml configures it) can never delete or half-write dist/: the CLI
deletes its `output:` folder before it runs the app, so that is a scratch folder, and the app writes dist/ as
`python main.py` does. With a bad cluster file, `cdk8s synth` and `cdk8s synth --stdout` leave dist/ byte-identical;
with a good one dist/ is what synth writes and the CLI lists or prints every object."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml
from conftest import ROOT, cluster_dict, write_cluster

CLI = ROOT / "node_modules/.bin/cdk8s"


def tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def project(tmp_path: Path) -> Path:
    if not CLI.exists():
        pytest.fail(f"{CLI} missing: `make test` installs the pinned cdk8s CLI (npm ci)")
    for name in ("cdk8s.yaml", "main.py"):
        shutil.copy(ROOT / name, tmp_path / name)
    (tmp_path / ".venv").symlink_to(ROOT / ".venv")  # cdk8s.yaml's app: .venv/bin/python -O main.py ...
    write_cluster(tmp_path / "clusters", cluster_dict(), "shop")
    return tmp_path


def cdk8s(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CDK8S_CHECK_UPGRADE": "false"}
    env.pop("CDK8S_OUTDIR", None)
    return subprocess.run([str(CLI), "synth", *args], cwd=project, env=env, capture_output=True, text=True, timeout=300)


def test_cdk8s_synth_writes_dist_and_lists_every_object_in_its_scratch_folder(project: Path) -> None:
    result = cdk8s(project)
    assert result.returncode == 0, result.stdout + result.stderr
    dist = tree(project / "dist")
    assert "shop/tenants/alpha/nodepool-alpha.yaml" in dist
    listed = list(yaml.safe_load_all((project / ".cdk8s.out/karpenter-tenants.k8s.yaml").read_text()))
    objects = [k for k in dist if k.endswith(".yaml") and not k.endswith("kustomization.yaml")]
    assert len(listed) == len(objects) and {o["kind"] for o in listed} >= {"NodePool", "EC2NodeClass", "Kustomization"}
    # The same dist/ as `python main.py` writes.
    plain = subprocess.run(
        [str(ROOT / ".venv/bin/python"), "main.py", "check"],
        cwd=project,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert plain.returncode == 0, plain.stdout


def test_cdk8s_synth_stdout_prints_one_yaml_stream(project: Path) -> None:
    result = cdk8s(project, "--stdout")
    assert result.returncode == 0, result.stderr
    documents = [d for d in yaml.safe_load_all(result.stdout) if d]
    assert {(d["kind"], d["metadata"]["name"]) for d in documents} >= {
        ("NodePool", "alpha"),
        ("Kustomization", "shop-root"),
    }


@pytest.mark.parametrize("stdout", [False, True], ids=["synth", "synth --stdout"])
def test_a_bad_cluster_file_leaves_dist_byte_identical(project: Path, stdout: bool) -> None:
    assert cdk8s(project).returncode == 0
    before = tree(project / "dist")
    (project / "clusters/shop.yaml").write_text("cluster: {name: shop\n")  # not YAML
    result = cdk8s(project, *(["--stdout"] if stdout else []))
    assert result.returncode != 0
    assert tree(project / "dist") == before


def test_a_cdk8s_output_folder_that_is_dist_is_refused_before_anything_is_written(project: Path) -> None:
    assert cdk8s(project).returncode == 0
    before = tree(project / "dist")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CDK8S_OUTDIR": str(project / "dist/scratch")}
    result = subprocess.run(
        [str(ROOT / ".venv/bin/python"), "main.py", "synth", "--cdk8s-cli"],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 2
    assert result.stderr.startswith(f"error: CDK8S_OUTDIR={project / 'dist/scratch'} is dist/ or beside it in one tree")
    assert tree(project / "dist") == before
    # Run by hand, without the CLI: it says what the flag is for.
    env.pop("CDK8S_OUTDIR")
    result = subprocess.run(
        [str(ROOT / ".venv/bin/python"), "main.py", "synth", "--cdk8s-cli"],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
    )
    assert (result.returncode, result.stderr.splitlines()[0]) == (
        2,
        "error: synth --cdk8s-cli is for the cdk8s CLI, which sets CDK8S_OUTDIR; run `python main.py` instead",
    )


def test_a_cdk8s_output_folder_through_a_linked_folder_is_refused(project: Path, tmp_path: Path) -> None:
    """CDK8S_OUTDIR=link/scratch: the link is above the scratch folder, which synth would fill through it."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (project / "link").symlink_to(elsewhere)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CDK8S_OUTDIR": "link/scratch"}
    result = subprocess.run(
        [str(ROOT / ".venv/bin/python"), "main.py", "synth", "--cdk8s-cli"],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 2 and "CDK8S_OUTDIR=link/scratch" in result.stderr, result.stderr
    assert not list(elsewhere.iterdir())
