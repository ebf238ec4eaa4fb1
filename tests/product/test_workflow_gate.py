"""The pull-request workflow's own `run:` scripts, read from .github/workflows/pull-request.yaml and run as GitHub
runs them (bash -e, each step's env with its `${{ }}` expressions filled in, `$GITHUB_OUTPUT` and
`$GITHUB_STEP_SUMMARY` files, a step's `if:` and the implicit success() before it), on a real git repository: a copy
of this one whose main branch is the base and whose pull-request branch changes clusters/. The job passes for a
clean change, fails for a destructive one unless the pull request carries the label karpenter-destructive-ok, and
fails for a stale dist/ whatever the labels.

Not run: the `uses:` steps (checkout, setup-python/node/go: the copy is checked out, the tools are installed) and
fetch-reference, which downloads from public.ecr.aws and GitHub (tests/unit/reference/test_fetch_reference.py runs it against a
loopback mirror; here the reference data is ../shared through KARPENTER_TENANTS_SHARED). `gh pr comment` is a stand-in
on PATH that records what it was asked to post."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import EXAMPLES_DIR, ROOT

from tests.support.workflow_runner import Job, run_workflow_job

WORKFLOW = ROOT / ".github/workflows/pull-request.yaml"
LABEL = "karpenter-destructive-ok"
NOT_RUN = {"Fetch the upstream reference data validate reads (pinned charts, CRDs, IAM templates)"}


def run_job(repo: Path, labels: list[str], tmp: Path) -> Job:
    return run_workflow_job(WORKFLOW, repo, labels, tmp, not_run=NOT_RUN)


# --- the repository -----------------------------------------------------------------------------------------------


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True, text=True).stdout


def synth(repo: Path) -> None:
    subprocess.run([str(ROOT / ".venv/bin/python"), "-O", "main.py"], cwd=repo, check=True, capture_output=True)


def repository_copy(copy: Path) -> Path:
    """A copy of this repository's tracked files (as they are in the working tree) at `copy`, its tools linked and
    make's set-up found done, without clusters/ and dist/ (the caller's clusters go there)."""
    for tool in (".venv/.installed", "node_modules/.installed", ".tools/bin/kubeconform"):
        assert (ROOT / tool).exists(), f"{tool} is missing: `make test` sets it up before the suite"
    tracked = git(ROOT, "ls-files", "-z").split("\0")
    for name in filter(None, tracked):
        source = ROOT / name
        if source.is_file():
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, copy / name)  # mtimes kept: make finds .venv/.installed newer than pyproject.toml
    for linked in (".venv", "node_modules", ".tools"):
        (copy / linked).symlink_to(ROOT / linked)
    # make's set-up is done (the linked .venv and node_modules): their inputs no newer than their stamps, whatever
    # the checkout's own mtimes, so the workflow's `make setup` and `make verify` install nothing.
    for stamp, inputs in (
        (".venv/.installed", ("pyproject.toml",)),
        ("node_modules/.installed", ("package.json", "package-lock.json")),
    ):
        when = (ROOT / stamp).stat().st_mtime - 1
        for name in inputs:
            os.utime(copy / name, (when, when))
    # The tests never read clusters/, the user's input, which may hold files git does not track, or none of the
    # tracked ones (.ci/user-clusters.sh).
    shutil.rmtree(copy / "clusters", ignore_errors=True)
    shutil.rmtree(copy / "dist", ignore_errors=True)
    return copy


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """repository_copy() with the product's example clusters, synthesized, committed as main with origin/main pointing
    at it, as actions/checkout with fetch-depth 0 leaves a pull request's clone."""
    copy = repository_copy(tmp_path_factory.mktemp("workflow") / "repo")
    shutil.copytree(EXAMPLES_DIR, copy / "clusters")
    synth(copy)
    git(copy, "init", "-q", "-b", "main")
    git(copy, "-c", "user.name=t", "-c", "user.email=t@example.invalid", "add", "-A", ".")
    git(copy, "-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-qm", "base")
    git(copy, "update-ref", "refs/remotes/origin/main", "HEAD")
    return copy


def pull_request(repo: Path, name: str, edit: Any, synthesize: bool = True) -> None:
    """Branch `name` off main with clusters/acme.yaml edited (and dist/ synthesized), committed."""
    git(repo, "checkout", "-q", "-f", "-B", name, "main")
    path = repo / "clusters/acme.yaml"
    data = yaml.safe_load(path.read_text())
    edit(data)
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    if synthesize:
        synth(repo)
    git(repo, "add", "-A", "clusters", "dist")
    git(repo, "-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-qm", name)


def raise_limit(data: dict[str, Any]) -> None:
    data["tenants"][0]["limits"]["cpu"] = "4000"


def offboard_last(data: dict[str, Any]) -> None:
    data["tenants"].pop()


def verify_status(job: Job) -> str:
    return job.outputs.get("verify", {}).get("status", "")


def test_a_clean_pull_request_passes_and_its_plan_is_commented(repo: Path, tmp_path: Path) -> None:
    pull_request(repo, "clean", raise_limit)
    job = run_job(repo, [], tmp_path)
    assert job.passed, job.log
    assert verify_status(job) == "0", job.log
    assert "--body-file plan.md" in job.comment and "acme" in job.comment, job.comment


def test_a_destructive_pull_request_fails_without_the_label(repo: Path, tmp_path: Path) -> None:
    pull_request(repo, "offboard", offboard_last)
    job = run_job(repo, [], tmp_path)
    assert not job.passed, job.log
    assert verify_status(job) == "3", job.log  # the plan's gate, as `verify` exits
    assert job.ran[-1][0].startswith("Verify must pass") and job.ran[-1][1] == 1
    assert "destructive" in job.log


def test_a_destructive_pull_request_passes_with_the_label(repo: Path, tmp_path: Path) -> None:
    pull_request(repo, "offboard", offboard_last)
    job = run_job(repo, [LABEL], tmp_path)
    assert job.passed, job.log
    assert verify_status(job) == "0", job.log
    assert "destructive" in job.comment.lower(), job.comment


def test_a_stale_dist_fails_even_with_the_label(repo: Path, tmp_path: Path) -> None:
    pull_request(repo, "stale", raise_limit, synthesize=False)
    job = run_job(repo, [LABEL], tmp_path)
    assert not job.passed, job.log
    assert verify_status(job) == "1", job.log
    assert job.ran[-1][0].startswith("Verify must pass") and job.ran[-1][1] == 1


def test_a_destructive_pull_request_whose_dist_is_also_stale_fails_even_with_the_label(
    repo: Path, tmp_path: Path
) -> None:
    """The label waives the plan's gate, not a dist/ that is not what synth writes: a tenant offboarded (synthesized)
    and then another change to clusters/ left unsynthesized."""

    pull_request(repo, "offboard-stale", offboard_last)
    path = repo / "clusters/acme.yaml"
    data = yaml.safe_load(path.read_text())
    raise_limit(data)
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    git(repo, "-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-qam", "unsynthesized edit")
    job = run_job(repo, [LABEL], tmp_path)
    assert not job.passed, job.log
    assert verify_status(job) == "1", job.log
    assert job.ran[-1][0].startswith("Verify must pass") and job.ran[-1][1] == 1
