"""File-system faults and concurrent runs: every file the product writes is whole afterwards (the old
content or the complete new one), a failing command exits 2 with one line, and two synths at once
give exactly one synth's output."""

from __future__ import annotations

import errno
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import BASE_V1, BASE_V1ALPHA5, EXAMPLE_DIST, EXAMPLES_DIR, ROOT, write_cluster

from commands.cli import main
from synth.render import read_tree
from synth.safe_io import LOCK_TIMEOUT_SECONDS, MARKER, output_lock

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
    write_cluster(clusters, {**BASE_V1, "tenants": [*BASE_V1["tenants"], {**BASE_V1["tenants"][0], "name": "beta", "nodeRole": "node-beta"}]})
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
@pytest.mark.parametrize(("fault", "after_calls"), [("ENOSPC", 0), ("ENOSPC", 3), ("EFBIG", 0), ("EFBIG", 3), ("EROFS", 0)])
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
    assert re.fullmatch(rf"error: cannot write ({re.escape(str(out))}/\S+\.json): {reason}; \1 is unchanged\n", err), err
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
        capture_output=True, text=True, preexec_fn=limit, timeout=120,
    )
    assert result.returncode == 2, result.stderr
    assert result.stderr == f"error: cannot write {source}: File too large; {source} is unchanged\n"
    assert source.read_bytes() == before
    _no_temporary_files(tmp_path)


# --- concurrency ---------------------------------------------------------------------------------

WRITER = """
import json, sys
sys.path.insert(0, {root!r})
from synth.render import write_atomically
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
        runs = [subprocess.Popen([sys.executable, str(script), str(out), str(files)], stderr=subprocess.PIPE) for _ in range(2)]
        for run in runs:
            _, err = run.communicate(timeout=120)
            assert run.returncode == 0, err.decode()
        assert read_tree(out) == expected
        assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".dist")) in (
            [".dist.lock"], [".dist.lock", ".dist.spare"]
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
            capture_output=True, text=True, env={**os.environ, "KARPENTER_TENANTS_LOCK_TIMEOUT": "0.5"}, timeout=120,
        )
    assert result.returncode == 2
    assert result.stderr == (
        f"error: another synth is writing {out} (it holds {tmp_path}/.dist.lock); waited 0.5 s: "
        "try again when it has finished\n"
    )
    assert not out.exists()


# --- the environment -----------------------------------------------------------------------------------------------
# Every variable the product reads is parsed and range-checked where it is read (config/environment.py; the lock
# timeout in synth/safe_io.py): a value it cannot use is exit 2 with one line naming the variable and the fix, never a
# traceback, a silent fallback, or a folder taken from wherever the command runs.

SHARED_FIX = "set it to the absolute path of the reference data folder (`python main.py fetch-reference` fills one), or unset it"
CACHE_FIX = "set it to the absolute path of a folder for the cache, or unset it"
VALIDATE = ["--clusters", str(EXAMPLES_DIR), "validate", str(EXAMPLE_DIST)]
ENVIRONMENT = {  # variable: (value, command, the error; <file> a regular file, <missing> a path to nothing)
    "KARPENTER_TENANTS_SHARED empty": (
        "KARPENTER_TENANTS_SHARED", "", VALIDATE, f"KARPENTER_TENANTS_SHARED is set but empty: {SHARED_FIX}",
    ),
    "KARPENTER_TENANTS_SHARED relative": (
        "KARPENTER_TENANTS_SHARED", "../shared", VALIDATE,
        f"KARPENTER_TENANTS_SHARED='../shared' is a relative path (read from wherever the command runs): {SHARED_FIX}",
    ),
    "KARPENTER_TENANTS_SHARED missing": (
        "KARPENTER_TENANTS_SHARED", "<missing>", VALIDATE, f"KARPENTER_TENANTS_SHARED='<missing>': no such folder: {SHARED_FIX}",
    ),
    "KARPENTER_TENANTS_SHARED a file": (
        "KARPENTER_TENANTS_SHARED", "<file>", VALIDATE, f"KARPENTER_TENANTS_SHARED='<file>' is a file, not a folder: {SHARED_FIX}",
    ),
    "KARPENTER_TENANTS_SHARED a file, for render-chart": (
        "KARPENTER_TENANTS_SHARED", "<file>", ["--clusters", str(EXAMPLES_DIR), "render-chart", "<missing>"],
        f"KARPENTER_TENANTS_SHARED='<file>' is a file, not a folder: {SHARED_FIX}",
    ),
    "KARPENTER_TENANTS_SHARED empty, for fetch-reference": (
        "KARPENTER_TENANTS_SHARED", "", ["--clusters", str(EXAMPLES_DIR), "fetch-reference", "1.14.1"],
        "KARPENTER_TENANTS_SHARED is set but empty: set it to the absolute path of the folder to fetch the reference data "
        "into, or unset it",
    ),
    "KARPENTER_TENANTS_CACHE_DIR empty": (
        "KARPENTER_TENANTS_CACHE_DIR", "", VALIDATE, f"KARPENTER_TENANTS_CACHE_DIR is set but empty: {CACHE_FIX}",
    ),
    "KARPENTER_TENANTS_CACHE_DIR relative": (
        "KARPENTER_TENANTS_CACHE_DIR", "cache", VALIDATE,
        f"KARPENTER_TENANTS_CACHE_DIR='cache' is a relative path (read from wherever the command runs): {CACHE_FIX}",
    ),
    "KARPENTER_TENANTS_CACHE_DIR a file": (
        "KARPENTER_TENANTS_CACHE_DIR", "<file>", VALIDATE, f"KARPENTER_TENANTS_CACHE_DIR='<file>' is a file, not a folder: {CACHE_FIX}",
    ),
    "KARPENTER_TENANTS_NO_CACHE unknown": (
        "KARPENTER_TENANTS_NO_CACHE", "maybe", VALIDATE,
        "KARPENTER_TENANTS_NO_CACHE='maybe' is not a switch: 1 runs without the cache, 0 or unset uses it",
    ),
    "XDG_CACHE_HOME a file": (
        "XDG_CACHE_HOME", "<file>", VALIDATE,
        "XDG_CACHE_HOME='<file>' is a file, not a folder: set it to the absolute path of your cache folder, or unset it "
        "for ~/.cache",
    ),
    "CDK8S_OUTDIR empty": (
        "CDK8S_OUTDIR", "", ["--clusters", str(EXAMPLES_DIR), "synth"],
        "CDK8S_OUTDIR is set but empty: unset it (synth writes dist/) or name the output folder",
    ),
    "KARPENTER_TENANTS_DEBUG unknown": (
        "KARPENTER_TENANTS_DEBUG", "please", ["--clusters", str(EXAMPLES_DIR), "check"],
        "KARPENTER_TENANTS_DEBUG='please' is not a switch: 1 shows an internal error's traceback, 0 or unset prints one line",
    ),
}


@pytest.mark.parametrize("case", list(ENVIRONMENT))
def test_an_environment_variable_the_product_cannot_use_is_exit_2_naming_it_and_the_fix(case: str, tmp_path: Path) -> None:
    name, value, args, expected = ENVIRONMENT[case]
    places = {"<file>": str(tmp_path / "a-file"), "<missing>": str(tmp_path / "missing")}
    (tmp_path / "a-file").write_text("not a folder\n")
    environment = {key: v for key, v in os.environ.items() if not (name == "XDG_CACHE_HOME" and key == "KARPENTER_TENANTS_CACHE_DIR")}
    environment[name] = places.get(value, value)
    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *[places.get(a, a) for a in args]], capture_output=True, text=True,
        env=environment, cwd=tmp_path, timeout=120,
    )
    for placeholder, path in places.items():
        expected = expected.replace(placeholder, path)
    assert (result.returncode, result.stderr) == (2, f"error: {expected}\n"), result.stdout + result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file"], "a refused command wrote something"


def test_an_empty_cdk8s_outdir_is_no_error_for_plan_which_does_not_read_it(tmp_path: Path) -> None:
    """CDK8S_OUTDIR names synth's and check's output folder only: plan (and check-terraform --dist) read --dist."""
    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--clusters", str(EXAMPLES_DIR), "plan", "--base", "no-such-revision",
         "--dist", str(tmp_path)], capture_output=True, text=True, env={**os.environ, "CDK8S_OUTDIR": ""}, cwd=tmp_path,
        timeout=120,
    )
    assert result.returncode == 2 and "CDK8S_OUTDIR" not in result.stderr, result.stderr
    assert result.stderr.startswith("error: "), result.stderr


@pytest.mark.parametrize(("value", "cached"), [("1", False), ("TRUE", False), ("yes", False), ("0", True), ("no", True), ("", True)])
def test_the_no_cache_switch_takes_the_usual_spellings_of_yes_and_no(value: str, cached: bool, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "export-schemas", str(tmp_path / "out"), "--path", str(EXAMPLE_DIST)],
        capture_output=True, text=True, timeout=120,
        env={**os.environ, "KARPENTER_TENANTS_CACHE_DIR": str(cache), "KARPENTER_TENANTS_NO_CACHE": value},
    )
    assert result.returncode == 0, result.stderr
    assert cache.exists() is cached


def test_a_debug_switch_of_0_keeps_an_internal_error_to_one_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import commands.docs

    def broken(args: Any) -> int:
        raise RuntimeError("boom")

    monkeypatch.setattr(commands.docs, "run", broken)
    monkeypatch.setenv("KARPENTER_TENANTS_DEBUG", "0")
    assert main(["docs"]) == 70
    assert capsys.readouterr().err == "internal error: RuntimeError: boom, please report\n"
    monkeypatch.setenv("KARPENTER_TENANTS_DEBUG", "1")
    with pytest.raises(RuntimeError):
        main(["docs"])


def test_ctrl_c_is_exit_130_in_one_line_and_stops_verify_at_the_step_it_interrupted(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import commands.check
    import commands.docs

    def interrupted(args: Any) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(commands.docs, "run", interrupted)
    assert main(["docs"]) == 130
    assert capsys.readouterr().err == "interrupted\n"
    monkeypatch.setattr(commands.check, "run", interrupted)
    assert main(["--clusters", str(EXAMPLES_DIR), "verify", "--dist", str(EXAMPLE_DIST)]) == 130
    captured = capsys.readouterr()
    assert captured.out == "== verify: dist/ is current (check)\n" and captured.err == "interrupted\n", captured
