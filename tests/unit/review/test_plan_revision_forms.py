"""`--base` takes any revision git takes, `:/text` (the newest commit whose message matches) included: the commit is
found from the revision as written, never by appending a suffix to it (`:/text^{commit}` would search for that
text). plan and validate give the same answer for it as for the commit id."""

from __future__ import annotations

import copy
import os
import subprocess
from pathlib import Path

import pytest
from conftest import cluster_dict, write_cluster

from karpenter_tenants.commands.cli import main


def git(repo: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", *args],
        cwd=repo,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()


def test_a_message_search_revision_plans_as_its_commit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = cluster_dict()
    write_cluster(tmp_path / "clusters", base)
    assert main(["--clusters", str(tmp_path / "clusters"), "synth", "--out", str(tmp_path / "dist")]) == 0
    git(tmp_path, "init", "-q")
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-qm", "onboard the first customers")
    head = copy.deepcopy(base)
    head["tenants"][0]["limits"] = {"cpu": "512"}
    write_cluster(tmp_path / "clusters", head)
    assert main(["--clusters", str(tmp_path / "clusters"), "synth", "--out", str(tmp_path / "dist")]) == 0
    commit = git(tmp_path, "rev-parse", "HEAD")
    cwd = Path.cwd()
    os.chdir(tmp_path)
    try:
        outputs = []
        for revision in (commit, ":/onboard the first"):
            capsys.readouterr()
            assert main(["--clusters", "clusters", "plan", "--base", revision]) == 0
            outputs.append(capsys.readouterr().out)
            assert main(["--clusters", "clusters", "validate", "dist", "--base", revision]) == 0
        # the same plan; its heading names the revision as written
        assert outputs[0].split("\n", 1)[1] == outputs[1].split("\n", 1)[1] and "1 in place" in outputs[0]
        assert outputs[1].startswith("## Karpenter plan against `:/onboard the first")
        assert main(["--clusters", "clusters", "plan", "--base", ":/no commit says this"]) == 2
        assert "no such commit" in capsys.readouterr().err
    finally:
        os.chdir(cwd)
