"""Every command block of the README is run: make targets in make's dry-run mode (they exist and expand;
running `make test` inside the tests would recurse), `kubectl apply` as the kustomize build or file it
would apply, checked to be exactly the one root the README says. A command this test cannot run fails it."""

from __future__ import annotations

import re
import shlex
import subprocess
from pathlib import Path

import pytest
import yaml
from conftest import EXAMPLE_REPO, ROOT, kustomize_build

from karpenter_tenants.commands.cli import main

README = ROOT / "README.md"
BUDGET = 15_500  # bytes: the first screen and the essentials; the rest lives in docs/ (15,000 before `snapshot`)


def command_lines() -> list[str]:
    blocks = re.findall(r"^\s*```sh\n(.*?)^\s*```", README.read_text(), flags=re.S | re.M)
    return [
        part.strip() for block in blocks for line in block.splitlines() for part in line.split("&&") if part.strip()
    ]


def test_the_readme_stays_within_its_budget_and_shows_the_two_commands_first() -> None:
    text = README.read_text()
    assert len(text.encode()) <= BUDGET
    assert command_lines()[:2] == ["make synth", "make test"]


@pytest.mark.parametrize("line", command_lines())
def test_every_readme_command_runs(line: str, tmp_path: Path) -> None:
    argv = shlex.split(line, comments=True)
    if argv[:3] == ["python3", "-m", "venv"] or argv[:3] == [".venv/bin/pip", "install", "./karpenter-tenants"]:
        # a fresh virtual environment with the product installed: tests/product/test_packaging.py does exactly that
        assert (ROOT / "tests/product/test_packaging.py").read_text().count('"-m", "venv"') == 1
    elif argv[:2] == [".venv/bin/karpenter-tenants", "init"]:
        assert main(["init", str(tmp_path / argv[2]), *argv[3:]]) == 0
        assert (tmp_path / argv[2] / "Makefile").is_file()
    elif argv[0] == "cd":
        assert argv[1:] == ["platform"]  # the folder the init line writes
    elif argv[0] == "make":
        result = subprocess.run(["make", "-n", *argv[1:]], cwd=ROOT, capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
    elif argv[:3] == ["kubectl", "apply", "-k"]:
        # The README describes the example clusters: their dist/, not whatever clusters/ a user keeps.
        # the root the user applies by hand, with what it needs first (the appliers' account and its binding)
        built = kustomize_build(EXAMPLE_REPO / argv[3])
        [root] = [o for o in built if o["kind"] == "Kustomization"]
        assert root["metadata"]["name"].endswith("-root")
        assert {o["kind"] for o in built} <= {"Kustomization", "ServiceAccount", "ClusterRoleBinding", "GitRepository"}
    elif argv[:2] == ["kubectl", "apply"] and "-f" in argv:
        namespace = argv[argv.index("-n") + 1] if "-n" in argv else None
        [root] = [d for d in yaml.safe_load_all((EXAMPLE_REPO / argv[argv.index("-f") + 1]).read_text()) if d]
        assert root["kind"] == "Application" and root["metadata"]["name"].endswith("-root")
        assert root["metadata"]["namespace"] == namespace
    else:
        pytest.fail(f"the README shows a command this test cannot run: {line!r}")
