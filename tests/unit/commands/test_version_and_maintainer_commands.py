"""The command line's own surface for a team (issue 53 item 7): `--version` prints the installed version and exits 0;
`docs`, a maintainer's tool that rewrites this repository's docs/ (exit 2 in a team's repository), is not offered by
`--help` but still runs for the maintainers whose tests and Makefile use it."""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import ROOT

from karpenter_tenants import __version__
from karpenter_tenants.commands import registry
from karpenter_tenants.commands.cli import main


def test_version_prints_the_installed_version_and_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    out, err = capsys.readouterr()
    assert out == f"karpenter-tenants {__version__}\n" and err == ""


def test_version_as_a_team_runs_it() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--version"], capture_output=True, text=True, timeout=60
    )
    assert (result.returncode, result.stdout.strip()) == (0, f"karpenter-tenants {__version__}"), result.stderr


def _listed(capsys: pytest.CaptureFixture[str]) -> list[str]:
    """The command names `--help` lists (its lines indented by four spaces under "positional arguments")."""
    assert main(["--help"]) == 0
    text = capsys.readouterr().out
    section = text.split("positional arguments:", 1)[1].split("\noptions:", 1)[0]
    return [
        line.split()[0] for line in section.splitlines() if line.startswith("    ") and not line.startswith("     ")
    ]


def test_help_does_not_offer_the_maintainers_docs_command(capsys: pytest.CaptureFixture[str]) -> None:
    listed = _listed(capsys)
    assert "docs" not in listed
    assert listed == [c.NAME for c in registry.COMMANDS if c.NAME != "docs"]  # every other command, in order
    assert "--version" in (main(["--help"]), capsys.readouterr().out)[1]


def test_the_docs_command_still_runs_for_maintainers(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["docs", "--help"]) == 0
    assert "docs/configuration.md" in capsys.readouterr().out
    assert registry.named("docs").NAME == "docs"
