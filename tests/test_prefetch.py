"""synth.prefetch: dist/ read in a forked child while the config loads. What it hands over is what reading the
folder in-process gives; synth reads early only under its own lock, taken early only when that creates
nothing; a child that fails, or a run where it cannot start, reads in-process with the same result."""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

import pytest
from conftest import BASE_V1, write_cluster

import synth.prefetch
from commands.cli import main
from synth.incremental import load_cache
from synth.prefetch import Prefetch, read_early
from synth.render import bytes_tree, read_tree
from synth.safe_io import MARKER, MARKER_TEXT, lock_path


def synthesized(tmp_path: Path, tenants: int = 3) -> tuple[Path, Path]:
    clusters = tmp_path / "clusters"
    data = {**BASE_V1, "tenants": [{**BASE_V1["tenants"][0], "name": f"t{i}", "nodeRole": f"node-t{i}"} for i in range(tenants)]}
    write_cluster(clusters, data)
    out = tmp_path / "dist"
    assert main(["--clusters", str(clusters), "synth", "--out", str(out)]) == 0
    return clusters, out


def test_the_child_hands_over_exactly_what_reading_in_process_gives(tmp_path: Path) -> None:
    _, out = synthesized(tmp_path)
    (out / "acme" / "extra.bin").write_bytes(bytes(range(256)) * 5000)  # bigger than a pipe's buffer, not UTF-8
    identities: dict[str, tuple[int, int]] = {}
    folders: set[str] = set()
    expected = bytes_tree(out, identities, folders)
    assert "acme/tenants/t0" in folders
    prefetch = Prefetch(out, None)
    try:
        assert prefetch.result() == (expected, identities, folders)
        assert prefetch.result() == (expected, identities, folders)  # asked again: the same, the child long gone
        cache, loaded = prefetch.cache(), load_cache(out)
        assert cache is not None and (cache.code, cache.clusters) == (loaded.code, loaded.clusters)
        assert "acme" in loaded.clusters  # the synth above wrote it: not two empty caches
    finally:
        prefetch.close()


def test_a_link_in_the_folder_comes_back_as_bytes_tree_gives_it(tmp_path: Path) -> None:
    _, out = synthesized(tmp_path)
    (out / "acme" / "link.yaml").symlink_to(out / "acme" / "base" / "kustomization.yaml")
    prefetch = Prefetch(out, None)
    try:
        result = prefetch.result()
        assert result is not None and result[0] is None and bytes_tree(out) is None
    finally:
        prefetch.close()


def test_a_child_that_fails_gives_no_result(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _, out = synthesized(tmp_path)

    def fail(*args: object) -> None:
        raise OSError("unreadable")

    monkeypatch.setattr(synth.prefetch, "bytes_tree", fail)  # the child runs the parent's code as it is
    prefetch = Prefetch(out, None)
    try:
        assert prefetch.result() is None and prefetch.cache() is None
    finally:
        prefetch.close()


def test_synth_reads_early_only_under_its_lock_and_only_when_the_lock_file_is_there(tmp_path: Path) -> None:
    _, out = synthesized(tmp_path)
    lock = lock_path(out.resolve())
    with read_early("synth", out) as prefetch:
        assert prefetch is not None and prefetch.locked
        other = os.open(lock, os.O_RDWR)
        try:
            with pytest.raises(BlockingIOError):  # held: another synth waits
                fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)
            with read_early("synth", out) as second:
                assert second is None  # the lock is taken: no early read without it
        finally:
            os.close(other)
    other = os.open(lock, os.O_RDWR)
    try:
        fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)  # released at the end
    finally:
        os.close(other)
    lock.unlink()
    with read_early("synth", out) as prefetch:
        assert prefetch is None
    assert not lock.exists()  # nothing created for a run that may turn out to have a bad config


def test_no_early_read_beside_a_dead_runs_staging_folder(tmp_path: Path) -> None:
    _, out = synthesized(tmp_path)
    leftover = tmp_path / ".dist.new-999999"  # no such process
    leftover.mkdir()
    (leftover / MARKER).write_text(MARKER_TEXT)
    with read_early("synth", out) as prefetch:
        assert prefetch is None


def test_check_reads_early_without_a_lock(tmp_path: Path) -> None:
    _, out = synthesized(tmp_path)
    with read_early("check", out) as prefetch:
        assert prefetch is not None and not prefetch.locked
    for command in ("validate", "plan"):
        with read_early(command, out) as prefetch:
            assert prefetch is None


def test_synth_and_check_with_an_early_read_equal_those_without(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    def no_fork(*args: object) -> None:
        raise OSError("no fork here")

    results = []
    for early in (True, False):
        root = tmp_path / str(early)
        clusters, out = synthesized(root)
        if not early:
            monkeypatch.setattr(synth.prefetch, "Prefetch", no_fork)  # no early read: in-process
        write_cluster(clusters, {**BASE_V1, "tenants": [
            {**BASE_V1["tenants"][0], "name": f"t{i}", "nodeRole": f"node-t{i}", "weight": 7} for i in range(4)
        ]})
        (out / "acme" / "base" / "namespace-karpenter.yaml").write_text("edited by hand\n")
        capsys.readouterr()
        assert main(["--clusters", str(clusters), "check", "--out", str(out)]) == 1
        diff = capsys.readouterr().out.replace(str(root), "ROOT")
        assert main(["--clusters", str(clusters), "synth", "--out", str(out)]) == 0
        assert main(["--clusters", str(clusters), "check", "--out", str(out)]) == 0
        results.append((read_tree(out), diff))
    assert results[0] == results[1]
    assert "weight: 7" in results[0][0]["acme/tenants/t3/nodepool-t3.yaml"]
    assert "edited by hand" in results[0][1] and "+  weight: 7" in results[0][1]


def test_a_bad_config_changes_nothing_and_leaves_the_lock_free(tmp_path: Path) -> None:
    clusters, out = synthesized(tmp_path)
    before = read_tree(out)
    write_cluster(clusters, {**BASE_V1, "tenants": [{"name": "Bad Name"}]})
    assert main(["--clusters", str(clusters), "synth", "--out", str(out)]) == 2
    assert read_tree(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [".dist.lock", ".dist.synth-cache.json", "clusters", "dist"]
    other = os.open(lock_path(out.resolve()), os.O_RDWR)
    try:
        fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)
    finally:
        os.close(other)


def test_synth_and_check_take_the_early_read_instead_of_reading_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    clusters, out = synthesized(tmp_path)
    write_cluster(clusters, {**BASE_V1, "tenants": [{**BASE_V1["tenants"][0], "name": "t0", "nodeRole": "node-t0", "weight": 9}]})

    def read_again(*args: object) -> None:
        raise AssertionError("dist/ read a second time")

    import synth.render

    monkeypatch.setattr(synth.render, "bytes_tree", read_again)  # the parent's; the child has synth.prefetch's
    assert main(["--clusters", str(clusters), "synth", "--out", str(out)]) == 0
    assert "weight: 9" in (out / "acme/tenants/t0/nodepool-t0.yaml").read_text()
    assert main(["--clusters", str(clusters), "check", "--out", str(out)]) == 0
    lock_path(out.resolve()).unlink()  # no lock file: synth reads in-process, under the lock it creates
    assert main(["--clusters", str(clusters), "synth", "--out", str(out)]) == 70


def test_the_early_read_creates_nothing_not_even_the_synth_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The child runs before the config is known to be good: it reads the user's synth key, never makes one."""
    _, out = synthesized(tmp_path / "ws")
    cache = tmp_path / "fresh-cache"  # a fresh CI runner, a cleared ~/.cache
    monkeypatch.setenv("KARPENTER_TENANTS_CACHE_DIR", str(cache))
    import time

    import commands.cli

    def slow_bad_config(folder: Path) -> None:
        time.sleep(0.5)  # long enough for the child to finish whatever it does
        return None

    monkeypatch.setattr(commands.cli, "_load", slow_bad_config)
    import synth.incremental

    monkeypatch.setattr(synth.incremental, "_KEY", [])  # no key known yet, as in a new process
    for command in ("synth", "check"):
        assert main(["--clusters", str(tmp_path / "ws" / "clusters"), command, "--out", str(out)]) == 2
    assert not cache.exists()
    monkeypatch.undo()
    monkeypatch.setenv("KARPENTER_TENANTS_CACHE_DIR", str(cache))
    monkeypatch.setattr(synth.incremental, "_KEY", [])  # as in a new process
    assert main(["--clusters", str(tmp_path / "ws" / "clusters"), "synth", "--out", str(out)]) == 0
    assert (cache / "synth-key").is_file()  # a good run makes it, as before
