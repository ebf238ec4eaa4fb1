"""File-system faults, signals and concurrent runs: every file the product writes is whole
afterwards (the old content or the complete new one), a failing command exits 2 with one line, a synth killed at any
point leaves the old or the new dist/, two synths at once give exactly one synth's output, Ctrl-C is exit 130 and an
unexpected exception exit 70, each in one line."""

from __future__ import annotations

import errno
import json
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import BASE_V1, BASE_V1ALPHA5, EXAMPLE_DIST, EXAMPLES_DIR, ROOT, write_cluster

from karpenter_tenants.commands.cli import main
from karpenter_tenants.synthesis.render import read_tree
from karpenter_tenants.synthesis.safe_io import LOCK_TIMEOUT_SECONDS, MARKER, output_lock

FAULTS = {
    "ENOSPC": (errno.ENOSPC, "No space left on device"),
    "EFBIG": (errno.EFBIG, "File too large"),
    "EROFS": (errno.EROFS, "Read-only file system"),
}


def _inject(monkeypatch: pytest.MonkeyPatch, root: Path, fault: str, after_calls: int) -> None:
    """Make the file system under root refuse: ENOSPC and EFBIG from os.write (after some writes
    succeeded, so files are half-written when nothing protects them), EROFS from os.replace and from
    opening or linking a file (synth's staged tree has no rename per file)."""
    code, text = FAULTS[fault]
    prefix = str(root.resolve())
    calls = {"n": 0}
    real_write, real_replace, real_open, real_link = os.write, os.replace, os.open, os.link

    def write(fd: int, data: Any) -> int:
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            target = ""
        if target.startswith(prefix):
            calls["n"] += 1
            if calls["n"] > after_calls:
                raise OSError(code, text)
            return real_write(fd, bytes(data)[: max(1, len(data) // 2)])  # short writes, as pipes and NFS do
        return real_write(fd, data)

    def refuse(target: Any) -> None:
        """Count a change to the file system under root; refuse it after after_calls."""
        if str(Path(target).resolve()).startswith(prefix):
            calls["n"] += 1
            if calls["n"] > after_calls:
                raise OSError(code, text, str(target))

    def replace(source: Any, target: Any, **kwargs: Any) -> None:
        refuse(target)
        real_replace(source, target, **kwargs)

    def open_(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT) and not str(path).endswith(".lock"):
            refuse(path)
        return real_open(path, flags, *args, **kwargs)

    def link(source: Any, target: Any, **kwargs: Any) -> None:
        refuse(target)
        real_link(source, target, **kwargs)

    if fault == "EROFS":
        monkeypatch.setattr(os, "replace", replace)
        monkeypatch.setattr(os, "open", open_)
        monkeypatch.setattr(os, "link", link)
    else:
        monkeypatch.setattr(os, "write", write)


def _no_temporary_files(root: Path) -> None:
    leftovers = [p for p in root.rglob("*") if ".tmp-" in p.name or ".new-" in p.name or ".old-" in p.name]
    assert not leftovers, leftovers


@pytest.mark.parametrize("after_calls", [0, 7])
@pytest.mark.parametrize("fault", list(FAULTS))
def test_synth_on_a_failing_disk_keeps_dist_whole(
    fault: str, after_calls: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    clusters, dist = tmp_path / "clusters", tmp_path / "dist"
    write_cluster(clusters, BASE_V1)
    assert main(["--clusters", str(clusters), "synth", "--out", str(dist)]) == 0
    before = read_tree(dist)
    write_cluster(
        clusters,
        {
            **BASE_V1,
            "tenants": [*BASE_V1["tenants"], {**BASE_V1["tenants"][0], "name": "beta", "nodeRole": "node-beta"}],
        },
    )
    capsys.readouterr()

    _inject(monkeypatch, tmp_path, fault, after_calls)
    status = main(["--clusters", str(clusters), "synth", "--out", str(dist)])

    monkeypatch.undo()
    err = capsys.readouterr().err
    assert status == 2
    assert err == f"error: cannot write {dist}: {FAULTS[fault][1]}; {dist} is unchanged\n"
    assert read_tree(dist) == before
    assert (dist / MARKER).is_file()
    _no_temporary_files(tmp_path)


# One file, one rename: EROFS can only hit the first; ENOSPC/EFBIG also after some bytes went out.
@pytest.mark.parametrize(
    ("fault", "after_calls"), [("ENOSPC", 0), ("ENOSPC", 3), ("EFBIG", 0), ("EFBIG", 3), ("EROFS", 0)]
)
def test_migrate_write_on_a_failing_disk_keeps_the_cluster_file_whole(
    fault: str, after_calls: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    source = write_cluster(tmp_path / "clusters", BASE_V1ALPHA5, "legacy")
    before = source.read_bytes()

    _inject(monkeypatch, tmp_path, fault, after_calls)
    status = main(["migrate", str(source), "--write"])

    monkeypatch.undo()
    err = capsys.readouterr().err
    assert status == 2
    assert err == f"error: cannot write {source}: {FAULTS[fault][1]}; {source} is unchanged\n"
    assert source.read_bytes() == before
    _no_temporary_files(tmp_path)


@pytest.mark.parametrize("after_calls", [0, 5])
@pytest.mark.parametrize("fault", list(FAULTS))
def test_export_schemas_on_a_failing_disk_leaves_every_schema_whole(
    fault: str, after_calls: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "schemas"
    assert main(["export-schemas", str(out), "--path", str(EXAMPLE_DIST)]) == 0
    complete = {p: p.read_text() for p in sorted(out.rglob("*.json"))}
    for path in complete:
        path.write_text("{}\n")  # an older export, to tell old from new
    capsys.readouterr()

    _inject(monkeypatch, tmp_path, fault, after_calls)
    status = main(["export-schemas", str(out), "--path", str(EXAMPLE_DIST)])

    monkeypatch.undo()
    err = capsys.readouterr().err
    assert status == 2
    reason = re.escape(FAULTS[fault][1])
    assert re.fullmatch(rf"error: cannot write ({re.escape(str(out))}/\S+\.json): {reason}; \1 is unchanged\n", err), (
        err
    )
    for path, text in complete.items():
        assert path.read_text() in ("{}\n", text), f"{path} is neither the old nor the complete new schema"
        json.loads(path.read_text())
    _no_temporary_files(tmp_path)


def test_migrate_write_beyond_the_file_size_limit_keeps_the_file_whole(tmp_path: Path) -> None:
    """The real thing, as `prlimit --fsize` sets it: the kernel refuses to grow any file past 200 bytes."""
    source = write_cluster(tmp_path, (EXAMPLES_DIR / "acme-legacy.yaml").read_text(), "legacy")
    before = source.read_bytes()
    assert len(before) > 200

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (200, 200))

    result = subprocess.run(
        [sys.executable, "-B", str(ROOT / "main.py"), "migrate", str(source), "--write"],
        capture_output=True,
        text=True,
        preexec_fn=limit,
        timeout=120,
    )
    assert result.returncode == 2, result.stderr
    assert result.stderr == f"error: cannot write {source}: File too large; {source} is unchanged\n"
    assert source.read_bytes() == before
    _no_temporary_files(tmp_path)


# --- killed mid-write --------------------------------------------------------------------------


def big_cluster(tenants: int, weight: int) -> dict[str, Any]:
    config = yaml.safe_load((EXAMPLES_DIR / "acme.yaml").read_text())
    template = config["tenants"][0]
    config["tenants"] = [
        {**template, "name": f"t{i:04d}", "namespaces": [f"t{i:04d}"], "weight": weight, "nodeRole": f"node-t{i:04d}"}
        for i in range(tenants)
    ]
    return config


def synth(clusters: Path, out: Path) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "--clusters", str(clusters), "synth", "--out", str(out)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # the jsii node runtime dies with the group
    )


def test_synth_killed_at_any_point_leaves_the_old_or_the_new_dist(tmp_path: Path) -> None:
    clusters = tmp_path / "clusters"
    clusters.mkdir()
    (clusters / "acme.yaml").write_text(yaml.safe_dump(big_cluster(300, 10)))
    old_out = tmp_path / "old"
    assert synth(clusters, old_out).wait() == 0
    old = read_tree(old_out)
    (clusters / "acme.yaml").write_text(yaml.safe_dump(big_cluster(300, 20)))
    new_out = tmp_path / "new"
    started = time.monotonic()
    assert synth(clusters, new_out).wait() == 0
    duration = time.monotonic() - started
    new = read_tree(new_out)
    assert old != new

    outcomes = set()
    for fraction in (0.2, 0.5, 0.7, 0.85, 0.95, 1.05):
        dist = tmp_path / f"dist-{fraction}"
        shutil.copytree(old_out, dist)
        process = synth(clusters, dist)
        time.sleep(duration * fraction)
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        tree = read_tree(dist) if dist.exists() else {}
        assert tree in (old, new), f"killed at {fraction:.0%} of a run: dist/ is neither the old nor the new tree"
        outcomes.add("old" if tree == old else "new")
        assert synth(clusters, dist).wait() == 0  # the next run finishes the job and cleans leftovers
        assert read_tree(dist) == new
        leftovers = [p for p in tmp_path.iterdir() if p.name.startswith(f".{dist.name}.")]
        assert not [p for p in leftovers if not p.name.endswith((".lock", ".synth-cache.json", ".spare"))]
    assert "old" in outcomes, "no kill landed before the swap: the test did not exercise a mid-write kill"


# --- concurrency ---------------------------------------------------------------------------------

WRITER = """
import json, sys
sys.path.insert(0, {root!r})
from karpenter_tenants.synthesis.render import write_atomically
from pathlib import Path
write_atomically(Path(sys.argv[1]), json.loads(Path(sys.argv[2]).read_text()))
"""


def test_two_synths_at_once_20_times_give_one_synths_output(tmp_path: Path) -> None:
    """The write phase of synth (the lock, staging, swap) in two processes started together."""
    clusters, single = tmp_path / "clusters", tmp_path / "single"
    write_cluster(clusters, BASE_V1)
    assert main(["--clusters", str(clusters), "synth", "--out", str(single)]) == 0
    # The one cluster's files under 5 cluster names: a write phase long enough for the runs to overlap.
    expected = {f"c{i:02}-{path}": text for i in range(5) for path, text in read_tree(single).items()}
    files = tmp_path / "files.json"
    files.write_text(json.dumps(expected))
    script = tmp_path / "writer.py"
    script.write_text(WRITER.format(root=str(ROOT)))
    out = tmp_path / "dist"
    for attempt in range(20):
        if attempt % 2 == 0 and out.exists():
            shutil.rmtree(out)  # half the pairs race to create dist/, half to replace it
        runs = [
            subprocess.Popen([sys.executable, str(script), str(out), str(files)], stderr=subprocess.PIPE)
            for _ in range(2)
        ]
        for run in runs:
            _, err = run.communicate(timeout=120)
            assert run.returncode == 0, err.decode()
        assert read_tree(out) == expected
        assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".dist")) in (
            [".dist.lock"],
            [".dist.lock", ".dist.spare"],
        )


def test_two_real_synths_at_once_give_one_synths_output(tmp_path: Path) -> None:
    clusters, single = tmp_path / "clusters", tmp_path / "single"
    write_cluster(clusters, BASE_V1)
    assert main(["--clusters", str(clusters), "synth", "--out", str(single)]) == 0
    out = tmp_path / "dist"
    command = [sys.executable, "-O", str(ROOT / "main.py"), "--clusters", str(clusters), "synth", "--out", str(out)]
    runs = [subprocess.Popen(command, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL) for _ in range(2)]
    for run in runs:
        _, err = run.communicate(timeout=300)
        assert run.returncode == 0, err.decode()
    assert read_tree(out) == read_tree(single)


class LockHolder(threading.Thread):
    """Holds synth's lock on out (as another synth would) until released."""

    def __init__(self, out: Path) -> None:
        super().__init__(daemon=True)
        self.out, self.held, self.release = out, threading.Event(), threading.Event()
        self.released_at = 0.0

    def run(self) -> None:
        with output_lock(self.out, timeout=5):
            self.held.set()
            self.release.wait(120)
        self.released_at = time.time()

    def __enter__(self) -> LockHolder:
        self.start()
        assert self.held.wait(5)
        return self

    def __exit__(self, *_: object) -> None:
        self.release.set()
        self.join()


def test_synth_waits_for_the_lock_then_writes(tmp_path: Path) -> None:
    clusters, out = tmp_path / "clusters", tmp_path / "dist"
    write_cluster(clusters, BASE_V1)
    with LockHolder(out) as holder:
        threading.Timer(3.0, holder.release.set).start()
        assert main(["--clusters", str(clusters), "synth", "--out", str(out)]) == 0
    assert (out / MARKER).stat().st_mtime >= holder.released_at - 0.05, "synth wrote while the lock was held"


def test_synth_gives_up_on_a_held_lock_with_exit_2(tmp_path: Path) -> None:
    clusters, out = tmp_path / "clusters", tmp_path / "dist"
    write_cluster(clusters, BASE_V1)
    assert LOCK_TIMEOUT_SECONDS >= 60  # the default wait: a fleet synth takes tens of seconds
    with LockHolder(out):
        result = subprocess.run(
            [sys.executable, str(ROOT / "main.py"), "--clusters", str(clusters), "synth", "--out", str(out)],
            capture_output=True,
            text=True,
            env={**os.environ, "KARPENTER_TENANTS_LOCK_TIMEOUT": "0.5"},
            timeout=120,
        )
    assert result.returncode == 2
    assert result.stderr == (
        f"error: another synth is writing {out} (it holds {tmp_path}/.dist.lock); waited 0.5 s: "
        "try again when it has finished\n"
    )
    assert not out.exists()


def test_ctrl_c_is_exit_130_in_one_line_and_stops_verify_at_the_step_it_interrupted(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import karpenter_tenants.commands.check
    import karpenter_tenants.commands.docs

    def interrupted(args: Any) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(karpenter_tenants.commands.docs, "run", interrupted)
    assert main(["docs"]) == 130
    assert capsys.readouterr().err == "interrupted\n"
    monkeypatch.setattr(karpenter_tenants.commands.check, "run", interrupted)
    assert main(["--clusters", str(EXAMPLES_DIR), "verify", "--dist", str(EXAMPLE_DIST)]) == 130
    captured = capsys.readouterr()
    assert captured.out == "== verify: dist/ is current (check)\n" and captured.err == "interrupted\n", captured


def test_an_unexpected_exception_is_one_line_and_exit_70(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import karpenter_tenants.commands.docs

    def broken(args: object) -> int:
        raise RuntimeError("boom")

    monkeypatch.setattr(karpenter_tenants.commands.docs, "run", broken)
    assert main(["docs"]) == 70
    captured = capsys.readouterr()
    assert captured.err == "internal error: RuntimeError: boom, please report\n"
    assert captured.out == ""
