"""The upgrade marker `plan` reads (issue 56 item 10): a base written by a newer generator is said as a downgrade,
not an upgrade; a marker that is a symbolic link, committed at the base (git mode 120000) or in the working copy, is
never read through (its text is a path, and a link's target may be any file of the repository): said as such."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from conftest import BASE_V1, cluster_dict, write_cluster

from karpenter_tenants import __version__
from karpenter_tenants.commands.cli import main
from karpenter_tenants.review.generator import Upgrade, markdown, version_order

MARKER = (
    "# Written by karpenter-tenants synth: it replaces this folder on every run.\ngenerator: karpenter-tenants {}\n"
)


def git(root: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", *args], cwd=root, check=True, capture_output=True
    )


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A repository whose base commit holds a cluster file and the dist/ synth wrote from it (this version's marker)."""
    write_cluster(tmp_path / "clusters", cluster_dict(BASE_V1))
    assert main(["--clusters", str(tmp_path / "clusters"), "synth", "--out", str(tmp_path / "dist")]) == 0
    git(tmp_path, "init", "-q")
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-qm", "base")
    return tmp_path


def plan(root: Path, capsys: pytest.CaptureFixture[str]) -> str:
    capsys.readouterr()
    status = main(["--clusters", str(root / "clusters"), "plan", "--base", "HEAD", "--dist", str(root / "dist")])
    out, err = capsys.readouterr()
    assert status == 0, err
    assert "Traceback" not in err
    return out


def _recommit(root: Path, marker: Path, make: object) -> None:
    """The base commit again with the marker as `make` leaves it, then the working copy's as synth writes it."""
    marker.unlink()
    make()  # type: ignore[operator]
    git(root, "add", "-A")
    git(root, "commit", "-qm", "marker")


def test_a_base_written_by_a_newer_generator_is_a_downgrade_not_an_upgrade(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    marker = repo / "dist/.karpenter-tenants"
    _recommit(repo, marker, lambda: marker.write_text(MARKER.format("99.0.0")))
    marker.write_text(MARKER.format(__version__))  # the head: this generator's
    out = plan(repo, capsys)
    assert f"Generator karpenter-tenants 99.0.0 → {__version__}: a downgrade" in out
    assert "- from the downgrade (" in out and "- from the upgrade" not in out
    assert "install 99.0.0 or newer" in out


def test_an_older_base_is_still_an_upgrade() -> None:
    upgrade = Upgrade("0.1.9", "0.2.0", [], [])
    assert (
        not upgrade.downgrade and "a downgrade" not in markdown(upgrade) and "- from the upgrade" in markdown(upgrade)
    )
    assert Upgrade("before 0.2.0", "0.2.0", [], []).downgrade is False
    assert Upgrade("0.10.0", "0.9.0", [], []).downgrade  # by number, not by text
    assert Upgrade("0.2.0", "0.2.0-rc1", [], []).downgrade and not Upgrade("0.2.0-rc1", "0.2.0", [], []).downgrade
    assert version_order("1.2.3") < version_order("1.2.3+local") < version_order("1.2.4.dev0") < version_order("1.2.4")


def test_a_marker_committed_as_a_symbolic_link_is_said_and_not_read(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A link's text is a path (any bytes but NUL, newlines included): it was read as the marker, so a link named the
    generator it pleased."""
    marker = repo / "dist/.karpenter-tenants"
    _recommit(repo, marker, lambda: os.symlink(f"x\n{MARKER.format('0.0.1')}", marker))
    marker.write_text(MARKER.format(__version__))
    out = plan(repo, capsys)
    assert "Generator karpenter-tenants" not in out
    assert "dist/.karpenter-tenants at the base: a symbolic link at HEAD (git mode 120000), not read" in out


def test_a_marker_that_is_a_link_in_the_working_copy_is_not_followed_to_the_file_it_names(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The marker at the base is read by its own path there, not by the path a link in the working copy resolves to
    (another file of the repository, read at the base as if it were the marker)."""
    notes = repo / "notes.txt"
    notes.write_text(MARKER.format("0.0.1"))
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "notes")
    marker = repo / "dist/.karpenter-tenants"
    marker.unlink()
    marker.symlink_to("../notes.txt")
    out = plan(repo, capsys)
    assert "0.0.1" not in out and "Generator karpenter-tenants" not in out  # the base's own marker: this version's
