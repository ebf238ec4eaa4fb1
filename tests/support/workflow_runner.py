"""A GitHub Actions job's `run:` scripts run as GitHub runs them (bash -e, each step's env with its `${{ }}` expressions
filled in, `$GITHUB_OUTPUT` and `$GITHUB_STEP_SUMMARY` files, a step's `if:` and the implicit success() before it);
`gh` a stand-in on PATH that records what it was asked to post. The `uses:` steps are not run. Used for the product's
own workflow (tests/product/test_workflow_gate.py) and the one `init` writes (tests/product/test_init_gate.py)."""

from __future__ import annotations

import os
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from karpenter_tenants.reference.shared import shared_dir

# What GitHub runs a `run:` script with when the step names no shell (ubuntu runners: bash -e {0}).
SHELL = ["bash", "-e"]


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


def workflow_steps(workflow: Path) -> list[dict[str, Any]]:
    (job,) = yaml.safe_load(workflow.read_text())["jobs"].values()
    return job["steps"]


def run_workflow_job(
    workflow: Path,
    repo: Path,
    labels: list[str],
    tmp: Path,
    *,
    not_run: set[str] = frozenset(),
    env: dict[str, str] | None = None,
) -> Job:
    """The job's `run:` steps in order, as the runner runs them (env: more variables, e.g. the network blocked)."""
    tmp.mkdir(parents=True, exist_ok=True)
    fake_bin = tmp / "bin"
    fake_bin.mkdir(exist_ok=True)
    comments = tmp / "comments"
    (fake_bin / "gh").write_text(
        f'#!/bin/sh\necho "$@" >> {comments}\n'
        f'while [ $# -gt 0 ]; do [ "$1" = --body-file ] && cat "$2" >> {comments}; shift; done\n'
    )
    (fake_bin / "gh").chmod(0o755)
    context: dict[str, Any] = {
        "labels": labels,
        "github": {"base_ref": "main", "token": "stand-in-token", "event": {"pull_request": {"number": "7"}}},
        "steps": {},
    }
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("GITHUB_", "KARPENTER_TENANTS_"))},
        "KARPENTER_TENANTS_SHARED": str(shared_dir()),
        **(env or {}),
        "PATH": f"{fake_bin}{os.pathsep}{(env or os.environ)['PATH']}",
        "GITHUB_ACTIONS": "true",
    }
    ran: list[tuple[str, int]] = []
    log = []
    failed = False
    for index, step in enumerate(workflow_steps(workflow)):
        if "run" not in step or step.get("name") in not_run:
            continue
        condition = step.get("if")
        # A condition without a status function is ANDed with success(): no step runs after a failed one.
        if failed or (condition is not None and not evaluate(condition, context)):
            continue
        output, summary = tmp / f"output-{index}", tmp / f"summary-{index}"
        output.write_text("")
        step_env = {
            **env,
            **{k: substitute(str(v), context) for k, v in (step.get("env") or {}).items()},
            "GITHUB_OUTPUT": str(output),
            "GITHUB_STEP_SUMMARY": str(summary),
        }
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
