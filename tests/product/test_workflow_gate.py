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
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import EXAMPLES_DIR, ROOT, shared_dir

WORKFLOW = ROOT / ".github/workflows/pull-request.yaml"
LABEL = "karpenter-destructive-ok"
NOT_RUN = {"Fetch the upstream reference data validate reads (pinned charts, CRDs, IAM templates)"}
# What GitHub runs a `run:` script with when the step names no shell (ubuntu runners: bash -e {0}).
SHELL = ["bash", "-e"]


def workflow_steps() -> list[dict[str, Any]]:
    workflow = yaml.safe_load(WORKFLOW.read_text())
    (job,) = workflow["jobs"].values()
    return job["steps"]


# --- GitHub's expressions, as far as the workflow uses them -------------------------------------------------------


def evaluate(expression: str, context: dict[str, Any]) -> Any:
    expression = expression.strip()
    contains = re.fullmatch(r"contains\(github\.event\.pull_request\.labels\.\*\.name,\s*'([^']*)'\)", expression)
    if contains:
        return contains.group(1) in context["labels"]
    compared = re.fullmatch(r"(\S+)\s*(==|!=)\s*'([^']*)'", expression)
    if compared:
        left = str(lookup(compared.group(1), context))
        return (left == compared.group(3)) == (compared.group(2) == "==")
    return lookup(expression, context)


def lookup(dotted: str, context: dict[str, Any]) -> Any:
    if not re.fullmatch(r"[a-z_]+(\.[a-z_]+)+", dotted):
        raise AssertionError(f"this test does not know the expression {dotted!r}: teach evaluate() what GitHub does")
    value: Any = context
    for part in dotted.split("."):
        if not isinstance(value, dict) or part not in value:
            return ""  # GitHub: a missing property is null, which formats as ''
        value = value[part]
    return value


def substitute(text: str, context: dict[str, Any]) -> str:
    def one(match: re.Match[str]) -> str:
        value = evaluate(match.group(1), context)
        return ("true" if value else "false") if isinstance(value, bool) else str(value)

    return re.sub(r"\$\{\{(.*?)\}\}", one, text)


# --- the job ------------------------------------------------------------------------------------------------------


@dataclass
class Job:
    passed: bool
    ran: list[tuple[str, int]]  # (step name, exit status) in order
    outputs: dict[str, dict[str, str]]
    comment: str
    log: str


def run_job(repo: Path, labels: list[str], tmp: Path) -> Job:
    tmp.mkdir(parents=True, exist_ok=True)
    fake_bin = tmp / "bin"
    fake_bin.mkdir(exist_ok=True)
    comments = tmp / "comments"
    (fake_bin / "gh").write_text(f'#!/bin/sh\necho "$@" >> {comments}\n'
                                 f'while [ $# -gt 0 ]; do [ "$1" = --body-file ] && cat "$2" >> {comments}; shift; done\n')
    (fake_bin / "gh").chmod(0o755)
    context: dict[str, Any] = {
        "labels": labels,
        "github": {"base_ref": "main", "token": "stand-in-token", "event": {"pull_request": {"number": "7"}}},
        "steps": {},
    }
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("GITHUB_", "KARPENTER_TENANTS_"))},
        "PATH": f"{fake_bin}{os.pathsep}{os.environ['PATH']}",
        "KARPENTER_TENANTS_SHARED": str(shared_dir()),
        "GITHUB_ACTIONS": "true",
    }
    ran: list[tuple[str, int]] = []
    log = []
    failed = False
    for index, step in enumerate(workflow_steps()):
        if "run" not in step or step.get("name") in NOT_RUN:
            continue
        condition = step.get("if")
        # A condition without a status function is ANDed with success(): no step runs after a failed one.
        if failed or (condition is not None and not evaluate(condition, context)):
            continue
        output, summary = tmp / f"output-{index}", tmp / f"summary-{index}"
        output.write_text("")
        step_env = {**env, **{k: substitute(str(v), context) for k, v in (step.get("env") or {}).items()},
                    "GITHUB_OUTPUT": str(output), "GITHUB_STEP_SUMMARY": str(summary)}
        script = tmp / f"step-{index}.sh"
        script.write_text(substitute(step["run"], context))
        result = subprocess.run([*SHELL, str(script)], cwd=repo, env=step_env, capture_output=True, text=True)
        log.append(f"--- {step['name']}: exit {result.returncode}\n{result.stdout[-4000:]}{result.stderr[-4000:]}")
        ran.append((step["name"], result.returncode))
        if "id" in step:
            pairs = [line.split("=", 1) for line in output.read_text().splitlines() if "=" in line]
            context["steps"][step["id"]] = {"outputs": dict(pairs)}
        failed = result.returncode != 0
    outputs = {name: value["outputs"] for name, value in context["steps"].items()}
    return Job(not failed, ran, outputs, comments.read_text() if comments.exists() else "", "\n".join(log))


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
    for stamp, inputs in ((".venv/.installed", ("pyproject.toml",)), ("node_modules/.installed", ("package.json", "package-lock.json"))):
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


def test_a_destructive_pull_request_whose_dist_is_also_stale_fails_even_with_the_label(repo: Path, tmp_path: Path) -> None:
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
