"""The GitHub Actions workflow cannot run here; the commands it calls can be checked and are tested."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import yaml
from conftest import ROOT

from karpenter_tenants.commands.cli import build_parser

WORKFLOW = ROOT / ".github/workflows/pull-request.yaml"


def run_lines() -> list[str]:
    workflow = yaml.safe_load(WORKFLOW.read_text())
    return [step["run"] for job in workflow["jobs"].values() for step in job["steps"] if "run" in step]


def test_every_main_py_invocation_in_the_workflow_parses(tmp_path: Path) -> None:
    invocations = []
    for script in run_lines():
        for match in re.finditer(r"main\.py ([^>\n]*)", script):
            # GitHub expressions name a branch, a command substitution a revision, the array the gate.
            text = re.sub(r"\$\{\{[^}]*\}\}", "main", match.group(1))
            text = re.sub(r'"\$\([^)]*\)"', "REV", text)
            text = text.replace('"${gate[@]}"', "--fail-on destructive")
            invocations.append(shlex.split(text))
    assert [argv[0] for argv in invocations] == ["fetch-reference"]
    for argv in invocations:
        args = build_parser().parse_args(argv)
        assert args.command == argv[0]


def test_the_workflow_runs_the_make_targets_the_readme_documents() -> None:
    scripts = "\n".join(run_lines())
    assert "make setup" in scripts and "make verify" in scripts
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"^setup:", makefile, re.M) and re.search(r"^verify:", makefile, re.M)


def test_the_workflow_gates_destructive_changes_on_a_label() -> None:
    text = WORKFLOW.read_text()
    assert "FAIL_ON ?= destructive" in (ROOT / "Makefile").read_text()
    assert '[ "$status" = 3 ] && [ "$DESTRUCTIVE_OK" = "true" ]' in text  # the gate's exit 3, waived by the label
    assert "karpenter-destructive-ok" in text
    assert "pull-requests: write" in text
    # PyYAML reads the key `on` as YAML 1.1's True, as GitHub does not; look it up either way.
    workflow = yaml.safe_load(text)
    triggers = (workflow.get("on") or workflow.get(True))["pull_request"]
    # GitHub's default types (opened, synchronize, reopened) do not re-run when the label is added.
    assert {"labeled", "unlabeled", "opened", "synchronize", "reopened"} <= set(triggers["types"])


def test_actionlint_finds_nothing_in_the_workflow() -> None:
    """actionlint (github.com/rhysd/actionlint, pinned, built by `make test` into .tools/bin) checks the workflow as
    GitHub would before running it: expressions, the contexts each key may use, shell scripts (shellcheck when
    installed), action inputs."""
    import subprocess

    binary = ROOT / ".tools/bin/actionlint"
    if not binary.exists():
        import pytest

        pytest.fail(
            f"{binary} missing: `make test` builds it (go install github.com/rhysd/actionlint/cmd/actionlint@v1.7.12)"
        )
    result = subprocess.run([str(binary), "-no-color", str(WORKFLOW)], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_workflow_runs_make_verify_not_the_products_tests() -> None:
    scripts = "\n".join(run_lines())
    assert "make verify" in scripts and "main.py fetch-reference" in scripts
    assert "pytest" not in scripts and "make test" not in scripts
