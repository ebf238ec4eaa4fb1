"""The hand-written code passes ruff (pyflakes, bugbear, import order); generated code is excluded."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from conftest import ROOT


def test_ruff_finds_nothing() -> None:
    ruff = shutil.which("ruff", path=str(ROOT / ".venv/bin")) or shutil.which("ruff")
    if ruff is None:
        pytest.fail("ruff is not installed: `make setup` installs the pinned version")
    result = subprocess.run([ruff, "check", "--no-cache", "."], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
