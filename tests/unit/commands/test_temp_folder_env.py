"""TMPDIR naming a file (or a path below one) is refused at start-up in one line naming TMPDIR and the fix, exit 2,
before jsii's Node.js kernel tries to make its folder there (Node's os.tmpdir() returns $TMPDIR as it is and
mkdtemp fails with ENOTDIR, which was an internal error, exit 70). A folder that does not exist yet is accepted
(synth succeeds with one: hostile round 7b, ev037)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import EXAMPLES_DIR, ROOT

from karpenter_tenants.config import environment
from karpenter_tenants.config.environment import EnvironmentProblem


def _synth(tmp_path: Path, tmpdir: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "TMPDIR": tmpdir, "JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION": "20"}
    command = [sys.executable, str(ROOT / "main.py"), "--clusters", str(EXAMPLES_DIR), "synth"]
    return subprocess.run(
        [*command, "--out", str(tmp_path / "dist")], cwd=tmp_path, env=env, text=True, capture_output=True, timeout=300
    )


@pytest.mark.parametrize("below", ["", "/sub"])
def test_synth_with_tmpdir_a_file_is_one_line_exit_2_naming_tmpdir(tmp_path: Path, below: str) -> None:
    a_file = tmp_path / "not-a-folder"
    a_file.write_text("x")
    result = _synth(tmp_path, f"{a_file}{below}")
    assert result.returncode == 2, result.stderr
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: TMPDIR="), result.stderr
    assert "not a folder" in lines[0] and "unset it" in lines[0]
    assert not (tmp_path / "dist").exists()


def test_temp_folder_accepts_unset_empty_a_folder_and_a_missing_one(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("TMPDIR", raising=False)
    environment.temp_folder()
    for value in ("", str(tmp_path), str(tmp_path / "missing" / "deeper")):
        monkeypatch.setenv("TMPDIR", value)
        environment.temp_folder()
    (tmp_path / "f").write_text("x")
    monkeypatch.setenv("TMPDIR", str(tmp_path / "f"))
    with pytest.raises(EnvironmentProblem, match="TMPDIR="):
        environment.temp_folder()
