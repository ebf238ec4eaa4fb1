"""The hand-written code passes ruff (pyflakes, bugbear, import order) and is laid out by its formatter; generated code
is excluded."""

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


def test_the_code_is_laid_out_by_the_formatter() -> None:
    """`ruff format` was applied once in its own commit (listed in .git-blame-ignore-revs); `make lint` keeps it so."""
    ruff = shutil.which("ruff", path=str(ROOT / ".venv/bin")) or shutil.which("ruff")
    if ruff is None:
        pytest.fail("ruff is not installed: `make setup` installs the pinned version")
    result = subprocess.run([ruff, "format", "--check", "--no-cache", "."], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, "run `ruff format .`:\n" + result.stdout + result.stderr
