"""The product as a team installs it: the wheel built from this checkout, installed into a fresh virtual environment
outside the repository, gives one import package (nothing else at the top of site-packages), the console command
`karpenter-tenants` with every subcommand, and a repository `init` writes synthesizes with a team extension and plans
against git, with no product source tree on sys.path. And an upgrade: a repository synthesized by an earlier
version (the first commit of the package, run from a git worktree) gets a plan that names the generator change and
attributes each changed file."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest
from conftest import ROOT

from karpenter_tenants import __version__
from karpenter_tenants.commands import registry

# The first commit of the installable package (its marker records no generator version yet).
EARLIER = "b2066f9"
TOP_LEVEL = {"config", "charts", "synth", "checks", "review", "convert", "commands", "capacity", "reference", "imports"}


def _run(*args: str | Path, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return subprocess.run([str(a) for a in args], cwd=cwd, capture_output=True, text=True, env={**clean, **(env or {})},
                          timeout=900)


def test_the_dependencies_are_the_runtime_group() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert project["project"]["dependencies"] == [
        item for item in project["dependency-groups"]["runtime"] if isinstance(item, str)]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel of this checkout."""
    where = tmp_path_factory.mktemp("wheel")
    # built from a copy of what the source distribution holds: setuptools writes build/ beside the sources
    source = where / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, source / name)
    shutil.copytree(ROOT / "karpenter_tenants", source / "karpenter_tenants",
                    ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    built = _run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", where / "wheels", source, cwd=where)
    assert built.returncode == 0, built.stderr
    wheels = list((where / "wheels").glob("karpenter_tenants-*.whl"))
    assert [w.name for w in wheels] == [f"karpenter_tenants-{__version__}-py3-none-any.whl"]
    return wheels[0]


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment outside the repository with the wheel of this checkout installed."""
    where = tmp_path_factory.mktemp("installed")
    made = _run(sys.executable, "-m", "venv", where / "venv", cwd=where)
    assert made.returncode == 0, made.stderr
    pip = _run(where / "venv/bin/python", "-m", "pip", "install", "--quiet", wheel, cwd=where)
    assert pip.returncode == 0, pip.stderr
    return where / "venv"


def test_the_wheel_ships_the_license_and_types_and_no_test_files(wheel: Path) -> None:
    """issue 57: the LICENSE that pyproject's `license` names, py.typed (PEP 561), the scheduler program's sources
    and module files, and none of the Go tests beside them."""
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        metadata = archive.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
        shipped_license = next((archive.read(n) for n in names if n.endswith(".dist-info/licenses/LICENSE")), b"")
    assert shipped_license == (ROOT / "LICENSE").read_bytes()
    assert "License-Expression: Apache-2.0" in metadata
    text = shipped_license.decode()
    assert "Apache License\n                           Version 2.0, January 2004" in text
    assert "Copyright 2026 the karpenter-tenants authors" in text and "[yyyy]" not in text
    assert "karpenter_tenants/py.typed" in names
    assert not [n for n in names if n.endswith("_test.go") or "/tests/" in n or n.rpartition("/")[2].startswith("test_")]
    scheduler = ROOT / "karpenter_tenants/simulation/scheduler"
    wanted = {f"karpenter_tenants/simulation/scheduler/{p.name}" for p in scheduler.iterdir()
              if p.suffix in (".go", ".mod", ".sum") and not p.name.endswith("_test.go")}
    assert wanted and wanted <= names, sorted(wanted - names)


def test_the_wheel_installs_one_package_and_the_command(installed: Path, tmp_path: Path) -> None:
    site = next(installed.glob("lib/python3*/site-packages"))
    assert not TOP_LEVEL & {p.name for p in site.iterdir()}
    located = _run(installed / "bin/python", "-c", "import karpenter_tenants, sys; print(karpenter_tenants.__file__); "
                   "print(any(p.startswith(sys.argv[1]) for p in sys.path))", str(ROOT), cwd=tmp_path)
    location, on_path = located.stdout.split()
    assert Path(location).is_relative_to(site) and on_path == "False", located.stdout
    helped = _run(installed / "bin/karpenter-tenants", "--help", cwd=tmp_path)
    assert helped.returncode == 0
    assert all(command.NAME in helped.stdout for command in registry.COMMANDS if command.NAME != "docs")  # a maintainer's tool: hidden
    assert _run(installed / "bin/karpenter-tenants", "--version", cwd=tmp_path).stdout == f"karpenter-tenants {__version__}\n"
    # what synth needs is in the package: the generated classes and the product's data
    assert (site / "karpenter_tenants/imports/karpenter_v1/sh/karpenter/__init__.py").is_file()
    assert (site / "karpenter_tenants/config/naming.json").is_file()
    assert (site / "karpenter_tenants/simulation/scheduler/go.mod").is_file()


EXTENSION = '''"""A team's own construct: a ConfigMap in every tenant's chart."""
from cdk8s_plus_33 import k8s

from karpenter_tenants.charts.parts import TenantCharts


def marker(tenant: TenantCharts) -> None:
    k8s.KubeConfigMap(tenant.chart, "team-marker", metadata=k8s.ObjectMeta(name="team-marker", namespace="default"),
                      data={"tenant": tenant.tenant.name})
'''


def test_a_repository_init_wrote_synthesizes_with_an_extension_and_plans(installed: Path, tmp_path: Path,
                                                                          shared: Path) -> None:
    repo = tmp_path / "platform"
    done = _run(installed / "bin/karpenter-tenants", "init", repo, "--name", "globex", "--account-id", "210987654321",
                "--region", "eu-west-1", "--kubernetes-version", "1.33", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    (repo / "team").mkdir()
    (repo / "team/__init__.py").write_text("")
    (repo / "team/marker.py").write_text(EXTENSION)
    main_py = (repo / "main.py").read_text().replace("EXTENSIONS = Extensions()",
                                                     'EXTENSIONS = Extensions(tenant=["team.marker:marker"])')
    (repo / "main.py").write_text(main_py)
    python = installed / "bin/python"
    synth = _run(python, "-O", "main.py", cwd=repo)
    assert synth.returncode == 0, synth.stderr
    assert "team-marker" in "".join(p.read_text() for p in (repo / "dist/globex/tenants/example").glob("*.yaml"))
    checked = _run(python, "main.py", "validate", "dist", "--crds", shared, cwd=repo)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    for args in (("init", "-q"), ("add", "-A"), ("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "base")):
        assert _run("git", *args, cwd=repo).returncode == 0
    cluster = repo / "clusters/globex.yaml"
    cluster.write_text(cluster.read_text().replace('cpu: "16"', 'cpu: "32"'))
    assert _run(python, "-O", "main.py", cwd=repo).returncode == 0
    planned = _run(python, "main.py", "plan", "--base", "HEAD", cwd=repo)
    assert planned.returncode == 0, planned.stderr
    assert "`spec.limits.cpu`: `16` → `32`" in planned.stdout and "Generator" not in planned.stdout


def test_an_upgrade_is_named_and_each_changed_file_attributed(tmp_path: Path) -> None:
    earlier = tmp_path / "earlier"
    added = _run("git", "worktree", "add", "--detach", earlier, EARLIER, cwd=ROOT)
    assert added.returncode == 0, added.stderr
    try:
        repo = tmp_path / "platform"
        assert main_init(repo) == 0
        # the earlier generator writes dist/: its checkout's package comes first on sys.path (the script's folder)
        old = _run(sys.executable, "-O", earlier / "main.py", "--clusters", repo / "clusters", "synth", "--out",
                   repo / "dist", cwd=tmp_path)
        assert old.returncode == 0, old.stderr
        assert "generator:" not in (repo / "dist/.karpenter-tenants").read_text()
        for args in (("init", "-q"), ("add", "-A"), ("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "b")):
            assert _run("git", *args, cwd=repo).returncode == 0
        cluster = repo / "clusters/globex.yaml"
        cluster.write_text(cluster.read_text().replace('cpu: "16"', 'cpu: "32"'))
        assert _run(sys.executable, "-O", "main.py", cwd=repo).returncode == 0
        planned = _run(sys.executable, "main.py", "plan", "--base", "HEAD", cwd=repo)
        assert planned.returncode == 0, planned.stderr
        text = planned.stdout
        assert f"Generator karpenter-tenants before 0.2.0 → {__version__}" in text
        upgrade_line = next(line for line in text.splitlines() if line.startswith("- from the upgrade"))
        clusters_line = next(line for line in text.splitlines() if line.startswith("- from clusters/"))
        assert "`.karpenter-tenants`" in upgrade_line and "nodepool-example.yaml" not in upgrade_line
        assert "nodepool-example.yaml" in clusters_line
    finally:
        _run("git", "worktree", "remove", "--force", earlier, cwd=ROOT)


def main_init(repo: Path) -> int:
    from karpenter_tenants.commands.cli import main

    return main(["init", str(repo), "--name", "globex", "--account-id", "210987654321", "--region", "eu-west-1",
                 "--kubernetes-version", "1.33"])
