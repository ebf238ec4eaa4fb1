"""charts.runtime: cdk8s's Node.js process (jsii's runtime) ending under a command — the OOM killer, a kill — is one
line and exit 2 naming it, never a misleading file-system message or jsii's BrokenPipeError traceback at exit; the
output folder is left as it was. The Node.js processes are real (jsii's own), killed for real."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import BASE_V1, ROOT, cluster_dict, write_cluster


def _children(pid: int) -> list[int]:
    try:
        return [int(c) for task in Path(f"/proc/{pid}/task").iterdir() for c in (task / "children").read_text().split()]
    except OSError:
        return []


def _command(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def _node_children(pid: int) -> list[int]:
    """The jsii runtimes (node … jsii-runtime …) among pid's children."""
    return [c for c in _children(pid) if "jsii" in _command(c) and "node" in _command(c).split(" ")[0]]


def _clusters(folder: Path, count: int, tenants: int) -> Path:
    for index in range(count):
        write_cluster(
            folder,
            cluster_dict(
                cluster={**BASE_V1["cluster"], "name": f"c{index}", "accountId": f"00123456789{index}"},
                tenants=[
                    {**BASE_V1["tenants"][0], "name": f"t{i}", "nodeRole": f"n-{index}-{i}"} for i in range(tenants)
                ],
            ),
            name=f"c{index}",
        )
    return folder


def _ctrl_c(command: list[str], env: dict[str, str], ready: Any, after: float) -> tuple[int, str]:
    """Runs command in a process group of its own, waits until ready(pid) names a process (polled), `after` seconds
    more, then sends SIGINT to the whole group, as the terminal does on Ctrl-C: the exit status and stderr."""
    process = subprocess.Popen(
        command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    try:
        deadline = time.monotonic() + 60
        while not ready(process.pid) and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.005)
        assert process.poll() is None, "the command ended before what it waits for could be seen"
        time.sleep(after)
        os.killpg(process.pid, signal.SIGINT)
        _, stderr = process.communicate(timeout=120)
    finally:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    return process.returncode, stderr


def _synth_killing(tmp_path: Path, victims: object, *extra: str) -> tuple[int, str]:
    """synth of clusters big enough to build for seconds; `victims(pid)` names the processes to kill -9 once they
    exist (polled); the exit status and stderr."""
    clusters = _clusters(tmp_path / "clusters", 2, 300)
    out = tmp_path / "dist"
    command = [sys.executable, str(ROOT / "main.py"), "--clusters", str(clusters), "synth", "--out", str(out), *extra]
    env = {**os.environ, "KARPENTER_TENANTS_NO_CACHE": "1"}
    process = subprocess.Popen(
        command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    try:
        deadline, found = time.monotonic() + 60, []
        while not found and process.poll() is None and time.monotonic() < deadline:
            found = victims(process.pid)  # type: ignore[operator]
            time.sleep(0.02)
        assert found, "no process to kill appeared before synth ended: give it more to do"
        time.sleep(0.5)  # inside the build: it takes seconds
        for pid in found:
            os.kill(pid, signal.SIGKILL)
        _, stderr = process.communicate(timeout=120)
    finally:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    assert not out.exists(), "synth wrote an output although it failed"
    return process.returncode, stderr


def test_synth_whose_node_js_is_killed_says_so_in_one_line(tmp_path: Path) -> None:
    code, stderr = _synth_killing(tmp_path, _node_children, "--jobs", "1")
    assert code == 2, stderr
    assert stderr.splitlines() == [
        "error: cdk8s's Node.js process (the jsii runtime) killed by SIGKILL before the command finished (out of "
        "memory, or killed); nothing was written: free memory (or lower --jobs) and run the command again"
    ], stderr


def test_a_jobs_worker_s_node_js_killed_is_named(tmp_path: Path) -> None:
    def workers_node(pid: int) -> list[int]:
        return [n for worker in _children(pid) for n in _node_children(worker)][:1]

    code, stderr = _synth_killing(tmp_path, workers_node, "--jobs", "2")
    assert code == 2, stderr
    assert len(stderr.splitlines()) == 1 and "Traceback" not in stderr, stderr
    # the worker says how its Node.js ended; when it died before the worker could look (unpickling the parts
    # imports cdk8s), the parent names it from the worker's traceback
    assert re.match(
        r"error: cdk8s's Node\.js process \(the jsii runtime\) of a --jobs worker (killed by SIGKILL|ended) before "
        r"the command finished",
        stderr,
    ), stderr


def test_a_jobs_worker_killed_is_named(tmp_path: Path) -> None:
    def worker(pid: int) -> list[int]:
        return [c for c in _children(pid) if "jsii" not in _command(c)][:1]

    code, stderr = _synth_killing(tmp_path, worker, "--jobs", "2")
    assert code == 2, stderr
    assert stderr.splitlines() == [
        "error: a --jobs worker process ended before the command finished (out of memory, or killed); nothing was "
        "written: free memory (or lower --jobs) and run the command again"
    ], stderr


KILL_THEN_EXIT = """
import os, signal, sys
sys.path.insert(0, {root!r})
from karpenter_tenants.charts import runtime
{before}
import cdk8s  # starts jsii's runtime
node = runtime._node()
os.kill(node.pid, signal.SIGKILL)
node.wait()
cdk8s.App  # noqa: jsii left a request in its pipe's buffer before: the exit handler flushes it
{call}
"""


def test_node_js_gone_once_the_work_is_done_leaves_no_traceback_at_exit() -> None:
    """What jsii's exit handler does with a dead Node.js (a BrokenPipeError traceback, exit status unchanged), and
    that node_ended() (which __main__.run calls before exiting) says how it ended and quiets it."""

    def run(call: str, before: str = "") -> subprocess.CompletedProcess[str]:
        script = KILL_THEN_EXIT.format(root=str(ROOT), call=call, before=before)
        return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)

    bare = run("")
    assert "BrokenPipeError" in bare.stderr, bare.stderr  # the world: jsii's handler writes to the dead pipe
    quiet = run("print(runtime.node_ended())")
    assert (quiet.returncode, quiet.stdout, quiet.stderr) == (0, "killed by SIGKILL\n", ""), quiet.stderr
    # round 8 (r8-proc-000, r8-proc-004): Node.js dead before anything here could find it (killed as it started):
    # jsii's own exit handler, patched as jsii's provider is imported (__main__.run calls quiet_exit), is quiet
    patched = run("", before="runtime.quiet_exit()")
    assert (patched.returncode, patched.stderr) == (0, ""), patched.stderr


def test_node_ended_is_none_while_node_js_runs_or_never_started() -> None:
    script = (
        f"import sys; sys.path.insert(0, {str(ROOT)!r})\n"
        "from karpenter_tenants.charts import runtime\n"
        "print(runtime.node_ended())\n"
        "import cdk8s\n"
        "print(runtime._node() is not None, runtime.node_ended())\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert (done.stdout, done.stderr) == ("None\nTrue None\n", ""), done.stderr


@pytest.mark.parametrize("after", [0.0, 1.0])
def test_ctrl_c_during_synth_is_one_line_and_leaves_nothing_in_tmpdir(tmp_path: Path, after: float) -> None:
    """Round 8 (r8-proc-000, r8-proc-001): Ctrl-C (SIGINT to the whole process group, Node.js included) during synth
    printed jsii's BrokenPipeError traceback at exit and left Node.js's jsii-kernel-* folder (and the folder jsii
    unpacked its runtime into) in $TMPDIR. Now: `interrupted`, exit 130, $TMPDIR as it was, dist/ not written."""
    temp = tmp_path / "tmp"
    temp.mkdir()
    clusters = _clusters(tmp_path / "clusters", 1, 300)
    out = tmp_path / "dist"
    command = [sys.executable, str(ROOT / "main.py"), "--clusters", str(clusters), "synth", "--out", str(out)]
    env = {**os.environ, "KARPENTER_TENANTS_NO_CACHE": "1", "TMPDIR": str(temp)}
    code, stderr = _ctrl_c([*command, "--jobs", "1"], env, _node_children, after)  # as Node.js starts, or later
    assert (code, stderr) == (130, "interrupted\n"), stderr
    assert sorted(p.name for p in temp.iterdir()) == [], "left in TMPDIR"
    assert not out.exists()


def test_no_node_js_on_path_is_one_line_without_a_traceback_at_exit(tmp_path: Path) -> None:
    """Round 9 (r9-env-057): with no `node` on PATH jsii's runtime never starts; its object's finalizer then called
    the quiet stop, which read the Popen jsii never made (`AttributeError` twice, `Exception ignored in`)."""
    clusters = _clusters(tmp_path / "clusters", 1, 1)
    out = tmp_path / "dist"
    command = [sys.executable, str(ROOT / "main.py"), "--clusters", str(clusters), "synth", "--out", str(out)]
    env = {**os.environ, "PATH": str(tmp_path / "nothing"), "KARPENTER_TENANTS_NO_CACHE": "1"}
    env.pop("JSII_NODE", None)
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    assert len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr, done.stderr
    assert "node" in done.stderr and not out.exists(), done.stderr


LAUNCHER = """
import runpy, sys
import cdk8s  # jsii started first, as a team's main.py composing its constructs does: --jobs workers are spawned
if __name__ == "__main__":
    sys.argv = [{main!r}, *sys.argv[1:]]
    runpy.run_path({main!r}, run_name="__main__")
"""


@pytest.mark.parametrize("after", [0.0, 0.1, 0.4])
def test_ctrl_c_as_jobs_workers_start_is_one_line(tmp_path: Path, after: float) -> None:
    """Round 9 (r9-signal-003/004/010): Ctrl-C as synth's spawned --jobs workers started printed their
    KeyboardInterrupt tracebacks (and `Fatal Python error: init_import_site`, exit 70): each imported
    karpenter_tenants.__main__, which made Ctrl-C a KeyboardInterrupt again. They now start with it ignored and
    blocked, then end without a word; the Ctrl-C pressed meanwhile is synth's `interrupted`, exit 130."""
    clusters = _clusters(tmp_path / "clusters", 2, 300)
    launcher = tmp_path / "launcher.py"
    launcher.write_text(LAUNCHER.format(main=str(ROOT / "main.py")))
    out = tmp_path / "dist"
    command = [sys.executable, str(launcher), "--clusters", str(clusters), "synth", "--out", str(out), "--jobs", "2"]
    env = {**os.environ, "KARPENTER_TENANTS_NO_CACHE": "1"}

    def spawned(pid: int) -> bool:
        return any("spawn_main" in _command(c) for c in _children(pid))

    code, stderr = _ctrl_c(command, env, spawned, after)
    assert (code, stderr) == (130, "interrupted\n"), stderr
    assert not out.exists()


def test_the_import_patch_never_changes_the_list_of_finders_another_thread_may_walk() -> None:
    """CI (issue 56's last run): `No module named 'pydantic.plugin'` in a synth whose jsii started in its own thread:
    the finder that patches jsii's provider removed itself from sys.meta_path while the main thread's import walked
    that list, which then skipped the next finder. It finds the provider through the path finder, leaving the list."""
    import importlib

    from karpenter_tenants.charts import runtime

    package = importlib.import_module(runtime.PROVIDER.rpartition(".")[0])
    finder = runtime._PatchOnImport()
    sys.meta_path.insert(0, finder)
    try:
        before = list(sys.meta_path)
        spec = finder.find_spec(runtime.PROVIDER, package.__path__)
        assert spec is not None and spec.name == runtime.PROVIDER
        assert sys.meta_path == before
        assert finder.find_spec(runtime.PROVIDER, package.__path__) is None  # once
    finally:
        sys.meta_path.remove(finder)
