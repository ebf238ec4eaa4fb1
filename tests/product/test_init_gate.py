"""The gate a team gets from `init`, run exactly as the team runs it: the wheel of this checkout installed into a
fresh virtual environment outside any clone, `karpenter-tenants init`, the generated Makefile's `make setup` (the
only step that downloads: pip), then offline — the network blocked for HTTP(S), the Go module proxy off — `make
synth`, a commit, `make verify` of a clean and of a destructive pull request, the generated workflow's own `run:`
scripts (tests/support/workflow_runner.py: GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, the label) with and without the
waiver label, and actionlint on the generated workflow.

kubeconform is built by the generated Makefile from the Go module cache (a file:// GOPROXY): `make test` builds the same
pinned module for the product's own Makefile first, so the cache holds it; with an empty cache the build fails naming
the module, as a missing tool should."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from conftest import ROOT, shared_dir

from karpenter_tenants import __version__
from tests.support.workflow_runner import run_workflow_job

LABEL = "karpenter-destructive-ok"
# Every HTTP(S) request through a closed port, pip without an index, the Go module proxy this machine's module cache
# (a file:// proxy: what `make test` built there is all there is; GOPROXY=off cannot `go install pkg@version`, which
# looks the module's deprecation up) and no checksum database: nothing downloads.
_MODCACHE = subprocess.run(["go", "env", "GOMODCACHE"], capture_output=True, text=True).stdout.strip()
OFFLINE = {
    "http_proxy": "http://127.0.0.1:9",
    "https_proxy": "http://127.0.0.1:9",
    "HTTP_PROXY": "http://127.0.0.1:9",
    "HTTPS_PROXY": "http://127.0.0.1:9",
    "no_proxy": "",
    "NO_PROXY": "",
    "PIP_NO_INDEX": "1",
    "GOPROXY": f"file://{_MODCACHE}/cache/download",
    "GOSUMDB": "off",
}


def _env(offline: bool) -> dict[str, str]:
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in ("PYTHONPATH", "VIRTUAL_ENV", "MAKEFLAGS", "MAKELEVEL", "MFLAGS") and not k.startswith("GITHUB_")
    }
    # the reference data as a team's CI has it restored (here ../shared, named as a folder to read)
    # pip inside the team's repository takes the versions the product's CI tested (constraints.txt: a team's own
    # install takes the newest its ranges allow; here the suite stays reproducible)
    return {
        **clean,
        **(OFFLINE if offline else {}),
        "PYTHONDONTWRITEBYTECODE": "1",
        "KARPENTER_TENANTS_SHARED": str(shared_dir()),
        "PIP_CONSTRAINT": str(ROOT / "constraints.txt"),
    }


def run(*args: str | Path, cwd: Path, offline: bool = True) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(a) for a in args], cwd=cwd, capture_output=True, text=True, env=_env(offline), timeout=1800
    )


def git(repo: Path, *args: str) -> str:
    done = run("git", "-c", "user.name=t", "-c", "user.email=t@example.invalid", *args, cwd=repo)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.fixture(scope="module")
def team(tmp_path_factory: pytest.TempPathFactory, shared: Path) -> Path:
    """A team's repository: init by the installed tool, its own .venv set up by its own Makefile, synthesized and
    committed as main (origin/main pointing at it, as actions/checkout with fetch-depth 0 leaves a clone)."""
    where = tmp_path_factory.mktemp("team")
    source = where / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    shutil.copytree(
        ROOT / "karpenter_tenants",
        source / "karpenter_tenants",
        ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"),
    )
    built = run(
        sys.executable,
        "-m",
        "pip",
        "wheel",
        "--quiet",
        "--no-deps",
        "-w",
        where / "wheels",
        source,
        cwd=where,
        offline=False,
    )
    assert built.returncode == 0, built.stderr
    [wheel] = (where / "wheels").glob(f"karpenter_tenants-{__version__}-*.whl")
    assert run(sys.executable, "-m", "venv", where / "tool", cwd=where).returncode == 0
    installed = run(where / "tool/bin/python", "-m", "pip", "install", "--quiet", wheel, cwd=where, offline=False)
    assert installed.returncode == 0, installed.stderr
    repo = where / "platform"
    done = run(
        where / "tool/bin/karpenter-tenants",
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
        "--package",
        str(wheel),
        cwd=where,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    setup = run("make", "setup", cwd=repo, offline=False)  # pip: the one step that downloads
    assert setup.returncode == 0, setup.stdout + setup.stderr
    synth = run("make", "synth", cwd=repo)
    assert synth.returncode == 0, synth.stdout + synth.stderr
    git(repo, "init", "-q", "-b", "main")
    git(repo, "add", "-A", ".")
    git(repo, "commit", "-qm", "platform")
    git(repo, "update-ref", "refs/remotes/origin/main", "HEAD")
    return repo


def pull_request(repo: Path, name: str, edit) -> None:
    git(repo, "checkout", "-q", "-f", "-B", name, "main")
    path = repo / "clusters/globex.yaml"
    data = yaml.safe_load(path.read_text())
    edit(data)
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    synth = run("make", "synth", cwd=repo)
    assert synth.returncode == 0, synth.stdout + synth.stderr
    git(repo, "add", "-A", "clusters", "dist")
    git(repo, "commit", "-qm", name)


def onboard(data: dict) -> None:
    data["tenants"].append({**data["tenants"][0], "name": "initech", "namespaces": ["initech"]})


def offboard(data: dict) -> None:
    data["tenants"].pop()


def test_the_generated_files_ignore_what_synth_and_the_gate_leave_behind(team: Path) -> None:
    ignored = run("git", "status", "--porcelain", "--ignored", cwd=team).stdout
    leftovers = [line for line in ignored.splitlines() if line.startswith("??")]
    assert not leftovers, f"synth or the set-up left files the generated .gitignore does not cover: {leftovers}"
    assert (team / ".dist.lock").exists() and "!! .dist.lock" in ignored


def test_make_verify_passes_a_clean_pull_request_offline_and_keeps_its_status(team: Path, tmp_path: Path) -> None:
    pull_request(team, "onboard", onboard)
    done = run("make", "verify", "BASE=main", f"STATUS={tmp_path / 'status'}", f"PLAN={tmp_path / 'plan.md'}", cwd=team)
    assert done.returncode == 0, done.stdout + done.stderr
    assert (tmp_path / "status").read_text().strip() == "0"
    assert "kubeconform: exit 0" in done.stdout and "plan: exit 0" in done.stdout, done.stdout
    assert "initech" in (tmp_path / "plan.md").read_text()


def test_make_verify_of_a_destructive_pull_request_leaves_status_3(team: Path, tmp_path: Path) -> None:
    pull_request(team, "offboard", offboard)
    done = run("make", "verify", "BASE=main", f"STATUS={tmp_path / 'status'}", cwd=team)
    assert done.returncode == 2, done.stdout + done.stderr  # make's own status for a failed recipe
    assert (tmp_path / "status").read_text().strip() == "3", done.stdout + done.stderr


@pytest.mark.parametrize(
    ("labels", "passes"), [([], False), ([LABEL], True)], ids=["without the label", "with the label"]
)
def test_the_generated_workflow_fails_a_destructive_pull_request_unless_waived(
    team: Path, tmp_path: Path, labels: list[str], passes: bool
) -> None:
    pull_request(team, "offboard", offboard)
    job = run_workflow_job(team / ".github/workflows/pull-request.yaml", team, labels, tmp_path, env=_env(True))
    assert job.passed == passes, job.log
    assert job.outputs["verify"]["status"] == ("0" if passes else "3"), job.log
    assert "destructive" in job.comment.lower(), job.comment
    names = [name for name, _ in job.ran]
    assert (
        "Reference data (downloaded only when the cache lacks it)" in names
        and job.ran[names.index("Reference data (downloaded only when the cache lacks it)")][1] == 0
    ), job.log


def test_the_generated_workflow_passes_actionlint(team: Path) -> None:
    actionlint = ROOT / ".tools/bin/actionlint"
    assert actionlint.is_file(), f"{actionlint} missing: `make test` builds it"
    done = run(actionlint, "-shellcheck=", "-pyflakes=", ".github/workflows/pull-request.yaml", cwd=team)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_gate_never_downloads_and_says_how_to_get_missing_reference_data(team: Path, tmp_path: Path) -> None:
    """With no reference data anywhere the gate stops at the check, naming `make fetch-reference`, and writes nothing
    into the folder $KARPENTER_TENANTS_SHARED names."""
    empty = tmp_path / "empty-shared"
    empty.mkdir()
    git(team, "checkout", "-q", "-f", "main")
    env = {**_env(True), "KARPENTER_TENANTS_SHARED": str(empty), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    done = subprocess.run(
        ["make", "verify", "BASE=main"], cwd=team, capture_output=True, text=True, env=env, timeout=600
    )
    assert done.returncode == 2
    assert "fetch-reference" in done.stderr and "lacks Karpenter" in done.stderr, done.stderr
    assert list(empty.iterdir()) == []
    fetched = subprocess.run(
        ["make", "fetch-reference"], cwd=team, capture_output=True, text=True, env=env, timeout=600
    )
    assert fetched.returncode == 2  # offline: the explicit download fails, saying so
    assert list(empty.iterdir()) == [], "fetch-reference wrote into the folder named as a source"
