"""The product as a team installs it: the wheel built from this checkout, installed into a fresh virtual environment
outside the repository, gives one import package (nothing else at the top of site-packages), the console command
`karpenter-tenants` with every subcommand, and a repository `init` writes synthesizes with a team extension and plans
against git, with no product source tree on sys.path. And an upgrade: a repository synthesized by an earlier
version (the first commit of the package, run from a git worktree) gets a plan that names the generator change and
attributes each changed file. And the packaging habits (issue 57, items 4 and 8): pyproject.toml declares ranges, the
lock (constraints.txt) pins what `make setup` installs, pre-commit runs `make lint` and `make typecheck`, and
CHANGELOG.md keeps Keep a Changelog's form."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from datetime import date
from importlib import metadata
from pathlib import Path

import pytest
import yaml
from conftest import ROOT
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

from karpenter_tenants import SOURCE, __version__
from karpenter_tenants.commands import registry

# The first commit of the installable package (its marker records no generator version yet).
EARLIER = "b2066f9"
TOP_LEVEL = {"config", "charts", "synth", "checks", "review", "convert", "commands", "capacity", "reference", "imports"}


def _run(*args: str | Path, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return subprocess.run(
        [str(a) for a in args], cwd=cwd, capture_output=True, text=True, env={**clean, **(env or {})}, timeout=900
    )


PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
LOCK = "constraints.txt"


def _groups() -> dict[str, list[Requirement]]:
    """What pyproject.toml declares: `dependencies` (key "") and each dependency group, its includes followed."""
    groups = PYPROJECT.get("dependency-groups", {})

    def group(name: str) -> list[Requirement]:
        return [
            req
            for item in groups[name]
            for req in (group(item["include-group"]) if isinstance(item, dict) else [Requirement(item)])
        ]

    return {"": [Requirement(item) for item in PYPROJECT["project"]["dependencies"]]} | {
        name: group(name) for name in groups
    }


def _lock() -> dict[str, Version]:
    """constraints.txt: one `name==version` a line (comments aside), by canonical name."""
    pins: dict[str, Version] = {}
    for line in (ROOT / LOCK).read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        name, equals, version = line.partition("==")
        assert equals and re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._-]*", name), f"{LOCK}: not an exact pin: {line!r}"
        assert canonicalize_name(name) not in pins, f"{LOCK}: {name} pinned twice"
        pins[canonicalize_name(name)] = Version(version)
    return pins


def _range_problem(req: Requirement, *, dated_ok: bool) -> str | None:
    """Why a requirement is no honest range: one `>=` lower bound (the version tested) and one `<` upper bound above it,
    at most the next major (the next minor of a 0.x version). A calendar version (a year first: cmarkgfm's) names no
    compatibility boundary; a dependency group may leave its upper bound open."""
    bounds = {spec.operator: Version(spec.version) for spec in req.specifier}
    if len(bounds) != len(req.specifier) or not {">="} <= set(bounds) <= {">=", "<"} or req.marker or req.url:
        return "is no range `>=LOWER,<UPPER`"
    lower = bounds[">="]
    ceiling = Version(f"0.{lower.minor + 1}") if lower.major == 0 else Version(f"{lower.major + 1}")
    if "<" not in bounds:
        return None if dated_ok and lower.major >= 2000 else "has no upper bound"
    if not lower < bounds["<"] <= ceiling:
        return f"has the upper bound {bounds['<']}, not above {lower} and at most {ceiling}"
    return None


def test_the_dependencies_are_ranges() -> None:
    """issue 57, item 4: users install the package beside their own cdk8s and constructs, so pyproject.toml declares
    ranges, never exact pins (those are the lock's)."""
    problems = [
        f"{group or 'dependencies'}: {req} {problem}"
        for group, reqs in _groups().items()
        for req in reqs
        if (problem := _range_problem(req, dated_ok=bool(group)))
    ]
    assert not problems, "\n".join(problems)
    assert _groups()[""], "no runtime dependency declared"


def test_the_lock_pins_every_requirement_within_its_range() -> None:
    pins = _lock()
    problems = [
        f"{req}: {LOCK} pins {pins[key]}" if key in pins else f"{req}: not in {LOCK}"
        for reqs in _groups().values()
        for req in reqs
        if (key := canonicalize_name(req.name)) not in pins or pins[key] not in req.specifier
    ]
    assert not problems, "\n".join(problems)
    assert pins.get("pip", Version("0")) >= Version("25.1"), "the lock's pip must read dependency groups (>= 25.1)"


def test_the_lock_is_the_environment_it_installs() -> None:
    """Every distribution pyproject.toml's requirements bring into this environment, and theirs in turn (markers and
    extras as pip evaluates them here), is pinned at its installed version, and the lock pins nothing else but pip: a
    dependency a new release brings cannot go unpinned, nor one dropped stay. The suite runs in .venv, which
    `make setup` reinstalls from the lock whenever constraints.txt changes."""
    pins = _lock()
    installed: dict[str, Version] = {}
    problems: list[str] = []
    todo = [Requirement("pip"), *(req for reqs in _groups().values() for req in reqs)]
    visited: set[tuple[str, str]] = set()
    while todo:
        req = todo.pop()
        key = canonicalize_name(req.name)
        try:
            dist = metadata.distribution(req.name)
        except metadata.PackageNotFoundError:
            problems.append(f"{req.name} is not installed (run `make setup`)")
            continue
        installed[key] = Version(dist.version)
        for extra in {"", *req.extras} - {e for k, e in visited if k == key}:
            visited.add((key, extra))
            todo += [
                sub
                for sub in map(Requirement, dist.requires or [])
                if sub.marker is None or sub.marker.evaluate({"extra": extra})
            ]
    problems += [
        f"{key}: installed {version}, {LOCK} pins {pins.get(key, 'nothing')}"
        for key, version in sorted(installed.items())
        if pins.get(key) != version
    ]
    problems += [f"{key}: pinned in {LOCK}, but no requirement brings it" for key in sorted(pins.keys() - installed)]
    assert not problems, "\n".join(problems) + "\n(`make lock` writes the lock, `make setup` installs it)"


def test_make_setup_installs_from_the_lock() -> None:
    """`make setup` (and so `make test`, which .ci/run runs, and the pull-request workflow's setup) installs every
    package with the lock's versions and reinstalls when the lock changes: its commands, as make would run them."""
    makefile = (ROOT / "Makefile").read_text()
    rule = re.search(r"^\$\(VENV\)/\.installed:(.*)$", makefile, re.MULTILINE)
    assert rule and LOCK in rule.group(1).split(), f"$(VENV)/.installed must be remade when {LOCK} changes"
    assert re.search(r"^setup: \$\(VENV\)/\.installed\b", makefile, re.MULTILINE)
    assert re.search(r"^test: setup\b", makefile, re.MULTILINE) and "\nmake test\n" in (ROOT / ".ci/run").read_text()
    shown = subprocess.run(
        ["make", "--dry-run", "--always-make", "--no-print-directory", ".venv/.installed"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert shown.returncode == 0, shown.stderr
    installs = [line for line in shown.stdout.splitlines() if re.search(r"-m pip install\b", line)]
    assert len(installs) == 3 and all(f" --constraint {LOCK} " in line for line in installs), installs
    assert any("--group test" in line for line in installs) and any("--editable ." in line for line in installs)
    assert not any("--no-deps" in line for line in installs), "the package's dependencies come from the lock too"


def test_pre_commit_runs_make_lint_and_typecheck_locally() -> None:
    """issue 57, item 8: local hooks only (this machine reaches no hook repository), the same commands as CI's."""
    config = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text())
    assert [repo["repo"] for repo in config["repos"]] == ["local"], "local hooks only: no hook repository to fetch"
    hooks = config["repos"][0]["hooks"]
    assert {hook["entry"].split()[0] for hook in hooks} == {"make"}
    assert sorted(hook["entry"].split()[-1] for hook in hooks) == ["lint", "typecheck"], hooks
    assert all(hook["language"] == "system" and hook["pass_filenames"] is False for hook in hooks), hooks
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"^lint: setup\b.*\n\t\$\(PY\) -m ruff check \.\n", makefile, re.MULTILINE)
    assert re.search(r"^typecheck: setup\b.*\n\t\$\(PY\) \.ci/typecheck\.py\b", makefile, re.MULTILINE)


RELEASED = re.compile(r"## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})")


def test_the_changelog_keeps_a_changelog() -> None:
    """https://keepachangelog.com/en/1.1.0/: `## [Unreleased]` (or `## Unreleased`) first, then each release as
    `## [X.Y.Z] - YYYY-MM-DD`, newest first, the newest this version; at the end a link reference for each bracketed
    heading: Unreleased compares the newest tag with HEAD, each release its predecessor's tag with its own (tags
    v<version>, as `init`'s Terraform ref reads them), the oldest its tag."""
    text = (ROOT / "CHANGELOG.md").read_text()
    headings = [line for line in text.splitlines() if line.startswith("## ")]
    assert headings and headings[0] in ("## [Unreleased]", "## Unreleased"), headings[:1]
    releases = [RELEASED.fullmatch(heading) for heading in headings[1:]]
    assert releases and all(releases), [h for h, m in zip(headings[1:], releases, strict=True) if not m]
    versions = [Version(m.group(1)) for m in releases if m]
    dates = [date.fromisoformat(m.group(2)) for m in releases if m]
    assert str(versions[0]) == __version__, f"the newest release is {versions[0]}, the package {__version__}"
    assert versions == sorted(versions, reverse=True) and len(set(versions)) == len(versions), versions
    assert dates == sorted(dates, reverse=True), dates
    links = {name.lower(): url for name, url in re.findall(r"^\[([^\]]+)\]: (\S+)$", text, re.MULTILINE)}
    tags = [f"v{version}" for version in versions]
    wanted = {
        str(v): f"{SOURCE}/compare/{older}...{tag}"
        for v, tag, older in zip(versions[:-1], tags[:-1], tags[1:], strict=True)
    }
    wanted[str(versions[-1])] = f"{SOURCE}/releases/tag/{tags[-1]}"
    if headings[0] == "## [Unreleased]":
        wanted["unreleased"] = f"{SOURCE}/compare/{tags[0]}...HEAD"
    assert {name: links.get(name) for name in wanted} == wanted


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel of this checkout."""
    where = tmp_path_factory.mktemp("wheel")
    # built from a copy of what the source distribution holds: setuptools writes build/ beside the sources
    source = where / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, source / name)
    shutil.copytree(
        ROOT / "karpenter_tenants",
        source / "karpenter_tenants",
        ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"),
    )
    built = _run(
        sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", where / "wheels", source, cwd=where
    )
    assert built.returncode == 0, built.stderr
    wheels = list((where / "wheels").glob("karpenter_tenants-*.whl"))
    assert [w.name for w in wheels] == [f"karpenter_tenants-{__version__}-py3-none-any.whl"]
    return wheels[0]


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment outside the repository with the wheel of this checkout installed, its dependencies
    at the lock's versions (CI tests what it pins; a team's `init`ed repository resolves the ranges: test_init_gate)."""
    where = tmp_path_factory.mktemp("installed")
    made = _run(sys.executable, "-m", "venv", where / "venv", cwd=where)
    assert made.returncode == 0, made.stderr
    pip = _run(
        where / "venv/bin/python", "-m", "pip", "install", "--quiet", "--constraint", ROOT / LOCK, wheel, cwd=where
    )
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
    assert not [
        n for n in names if n.endswith("_test.go") or "/tests/" in n or n.rpartition("/")[2].startswith("test_")
    ]
    scheduler = ROOT / "karpenter_tenants/simulation/scheduler"
    wanted = {
        f"karpenter_tenants/simulation/scheduler/{p.name}"
        for p in scheduler.iterdir()
        if p.suffix in (".go", ".mod", ".sum") and not p.name.endswith("_test.go")
    }
    assert wanted and wanted <= names, sorted(wanted - names)


def test_the_wheel_installs_one_package_and_the_command(installed: Path, tmp_path: Path) -> None:
    site = next(installed.glob("lib/python3*/site-packages"))
    assert not TOP_LEVEL & {p.name for p in site.iterdir()}
    located = _run(
        installed / "bin/python",
        "-c",
        "import karpenter_tenants, sys; print(karpenter_tenants.__file__); "
        "print(any(p.startswith(sys.argv[1]) for p in sys.path))",
        str(ROOT),
        cwd=tmp_path,
    )
    location, on_path = located.stdout.split()
    assert Path(location).is_relative_to(site) and on_path == "False", located.stdout
    helped = _run(installed / "bin/karpenter-tenants", "--help", cwd=tmp_path)
    assert helped.returncode == 0
    assert all(
        command.NAME in helped.stdout for command in registry.COMMANDS if command.NAME != "docs"
    )  # a maintainer's tool: hidden
    assert (
        _run(installed / "bin/karpenter-tenants", "--version", cwd=tmp_path).stdout
        == f"karpenter-tenants {__version__}\n"
    )
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


def test_a_repository_init_wrote_synthesizes_with_an_extension_and_plans(
    installed: Path, tmp_path: Path, shared: Path
) -> None:
    repo = tmp_path / "platform"
    done = _run(
        installed / "bin/karpenter-tenants",
        "init",
        repo,
        "--name",
        "globex",
        "--account-id",
        "210987654321",
        "--region",
        "eu-west-1",
        "--kubernetes-version",
        "1.33",
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    (repo / "team").mkdir()
    (repo / "team/__init__.py").write_text("")
    (repo / "team/marker.py").write_text(EXTENSION)
    main_py = (
        (repo / "main.py")
        .read_text()
        .replace("EXTENSIONS = Extensions()", 'EXTENSIONS = Extensions(tenant=["team.marker:marker"])')
    )
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
        old = _run(
            sys.executable,
            "-O",
            earlier / "main.py",
            "--clusters",
            repo / "clusters",
            "synth",
            "--out",
            repo / "dist",
            cwd=tmp_path,
        )
        assert old.returncode == 0, old.stderr
        assert "generator:" not in (repo / "dist/.karpenter-tenants").read_text()
        for args in (
            ("init", "-q"),
            ("add", "-A"),
            ("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "b"),
        ):
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

    return main(
        [
            "init",
            str(repo),
            "--name",
            "globex",
            "--account-id",
            "210987654321",
            "--region",
            "eu-west-1",
            "--kubernetes-version",
            "1.33",
        ]
    )
