"""synth's message says what it rewrote (issue 53 item 8b): after an upgrade whose output is the same, synth rewrites
only its marker, dist/.karpenter-tenants (its generator line), and said "nothing changed"."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import BASE_V1, write_cluster

from karpenter_tenants import __version__
from karpenter_tenants.commands.cli import main
from karpenter_tenants.synthesis.safe_io import MARKER


def synth(repo: Path, capsys: pytest.CaptureFixture[str]) -> str:
    capsys.readouterr()
    assert main(["--clusters", str(repo / "clusters"), "synth", "--dist", str(repo / "dist")]) == 0
    return capsys.readouterr().out


def test_a_synth_that_rewrites_only_the_marker_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_cluster(tmp_path / "clusters", BASE_V1)
    synth(tmp_path, capsys)
    marker = tmp_path / "dist" / MARKER
    # dist/ as the previous version wrote it: the same files, its generator line; synth's cache is of other code
    marker.write_text(marker.read_text().replace(f"karpenter-tenants {__version__}", "karpenter-tenants 0.1.0"))
    (tmp_path / ".dist.synth-cache.json").unlink()
    out = synth(tmp_path, capsys)
    assert "nothing changed" not in out, out
    assert f"rewrote {tmp_path / 'dist'}/{MARKER}" in out, out
    assert f"generator karpenter-tenants 0.1.0 -> karpenter-tenants {__version__}" in out, out
    assert f"generator: karpenter-tenants {__version__}" in marker.read_text()
    # a marker from before the generator line: rewritten too, and said
    marker.write_text("# Written by karpenter-tenants synth: it replaces this folder on every run.\n")
    (tmp_path / ".dist.synth-cache.json").unlink()
    out = synth(tmp_path, capsys)
    assert "nothing changed" not in out and f"rewrote {tmp_path / 'dist'}/{MARKER}" in out, out
    # nothing at all to rewrite: as before
    (tmp_path / ".dist.synth-cache.json").unlink()
    out = synth(tmp_path, capsys)
    assert "nothing changed" in out and "rewrote" not in out, out


def test_an_edited_marker_line_is_not_echoed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_cluster(tmp_path / "clusters", BASE_V1)
    synth(tmp_path, capsys)
    marker = tmp_path / "dist" / MARKER
    marker.write_text(marker.read_text().replace(f"karpenter-tenants {__version__}", "\x1b[2J`$(rm -rf ~)`"))
    (tmp_path / ".dist.synth-cache.json").unlink()
    out = synth(tmp_path, capsys)
    assert "\x1b" not in out and "rm -rf" not in out and f"now as karpenter-tenants {__version__} writes it" in out, out
