"""Starting jsii's Node.js runtime while the cluster files load, when a build is likely.

Importing cdk8s starts Node.js and loads the constructs, cdk8s and cdk8s-plus assemblies, then each generated class
module (imports/) loads its own: about 0.7 s, most of it in Node.js, which the one-tenant pull request used to wait
for after loading its cluster files (0.5 s of Python at 1,000 tenants). `start()` imports them on a thread, so the
two overlap; the build's own imports wait for that thread's (Python's per-module import lock) and find the runtime
ready. MODULES are the jsii modules charts.parts imports (tests/unit/synthesis/test_incremental.py): third-party modules and the generated
classes, none of which loading the cluster files imports, so the two threads never wait on each other's modules.
A failed import here is ignored: the build imports again and reports the failure as it always does.

jsii's runtime takes one request at a time: nothing else may call it while that thread runs, so build_part (the one
way into cdk8s) waits for it first (wait()), and so does commands.cli.main before it returns (the process may
exit, stopping the runtime, or a caller go on to use cdk8s itself).

Node.js can end under this process (the OOM killer, a kill): jsii then raises whatever its pipe gives (BrokenPipeError,
a JSONDecodeError of an empty line) and its exit handler prints a BrokenPipeError traceback. `node_ended()` says how
it ended, for one clear line, and quiets that handler.

Imports nothing of the product."""

from __future__ import annotations

import atexit
import contextlib
import inspect
import os
import signal
import subprocess
import sys
import threading
from typing import Any

_started: list[threading.Thread] = []

# In the order charts.parts imports them; each `…._jsii` module loads one assembly into Node.js.
MODULES = (
    "cdk8s",
    "cdk8s_plus_33",
    "cdk8s_plus_33.k8s",
    "karpenter_tenants.imports.argocd.io.argoproj",
    "karpenter_tenants.imports.flux_kustomize.io.fluxcd.toolkit.kustomize",
    "karpenter_tenants.imports.flux_git.io.fluxcd.toolkit.source",
    "karpenter_tenants.imports.flux_helm.io.fluxcd.toolkit.helm",
    "karpenter_tenants.imports.flux_source.io.fluxcd.toolkit.source",
    "karpenter_tenants.imports.karpenter_v1.sh.karpenter",
    "karpenter_tenants.imports.karpenter_aws_v1.aws.k8s.karpenter",
    "karpenter_tenants.imports.karpenter_v1alpha5.sh.karpenter",
    "karpenter_tenants.imports.karpenter_aws_v1alpha1.aws.k8s.karpenter",
)


def start() -> None:
    """Import MODULES on a daemon thread (once per process)."""
    if _started:
        return

    def load() -> None:
        import importlib

        for name in MODULES:
            try:
                importlib.import_module(name)
            except BaseException:  # noqa: BLE001 - the build's own import reports it
                return

    thread = threading.Thread(target=load, name="jsii-start", daemon=True)
    _started.append(thread)
    thread.start()


def wait() -> None:
    """Until start()'s imports are done (at once when it did not run)."""
    for thread in _started:
        thread.join()


def started() -> bool:
    """Whether start() ran in this process: jsii is (being) loaded, so a worker must be spawned, not forked."""
    return bool(_started)


NODE = "cdk8s's Node.js process (the jsii runtime)"


class RuntimeEnded(Exception):
    """A process the command needs ended under it: a `synth --jobs` worker's Node.js, or the worker itself (the OOM
    killer). Its text says which and how; commands.runner reports it in one line (exit 2)."""


def _node_process() -> Any:
    """jsii's _NodeProcess once started, else None. jsii keeps it in a memoized property of its process provider
    (jsii._utils.memoized_property: a list in the getter's closure); reading the property itself would start it."""
    runtime = sys.modules.get("jsii._runtime")
    provider = getattr(getattr(runtime, "kernel", None), "provider", None)
    prop = inspect.getattr_static(type(provider), "_process", None) if provider is not None else None
    for cell in getattr(getattr(prop, "fget", None), "__closure__", None) or ():
        stored = cell.cell_contents
        if isinstance(stored, list) and stored:
            return stored[0]
    return None


def _node() -> subprocess.Popen[bytes] | None:
    """jsii's Node.js child once started, else None."""
    popen = getattr(_node_process(), "_process", None)
    return popen if isinstance(popen, subprocess.Popen) else None


def stop() -> None:
    """Stop jsii's Node.js runtime now, as jsii's own exit handler would (ask it to exit, wait for it, close the pipes,
    remove the folder its runtime was unpacked into), a dead Node.js's broken pipe ignored (quiet_exit)."""
    process = _node_process()
    if process is not None:
        _quiet_stop(process)


def _quiet_stop(process: Any) -> None:
    """process.stop() (jsii's _NodeProcess), a dead Node.js tolerated: Ctrl-C reaches Node.js too (one process
    group), the OOM killer may end it, and jsii's stop then raised BrokenPipeError writing its goodbye (a traceback
    at exit) before closing the pipes and removing the folder it unpacked its runtime into."""
    popen = getattr(process, "_process", None)  # None: Node.js never started (no `node` on PATH), nothing to stop
    if popen is not None:
        try:
            _ORIGINAL_STOP[0](process)  # unregisters jsii's own exit handler first
            return
        except (OSError, ValueError):
            for pipe in (getattr(popen, "stdin", None), getattr(popen, "stdout", None)):
                with contextlib.suppress(OSError, ValueError):
                    if pipe is not None:
                        pipe.close()
    atexit.unregister(process.stop)
    with contextlib.suppress(Exception):  # noqa: BLE001 - jsii's own cleanup, best effort at exit
        process._ctx_stack.close()


_ORIGINAL_STOP: list[Any] = []


PROVIDER = "jsii._kernel.providers.process"


def quiet_exit() -> None:
    """jsii's exit handler made to tolerate a dead Node.js (_quiet_stop), for a runtime started from here on: its
    handler is registered as it starts Node.js, and Node.js may die while it starts (Ctrl-C at once), before stop()
    here can find it. jsii's process provider is patched as it is imported (importing it here would cost 0.17 s of
    every command, `--help` included), or at once when it was. Called once by __main__.run."""
    if PROVIDER in sys.modules:
        _patch(sys.modules[PROVIDER])
    elif not any(isinstance(finder, _PatchOnImport) for finder in sys.meta_path):
        sys.meta_path.insert(0, _PatchOnImport())


def _patch(module: Any) -> None:
    node_process = getattr(module, "_NodeProcess", None)
    if node_process is not None and not _ORIGINAL_STOP:
        _ORIGINAL_STOP.append(node_process.stop)
        node_process.stop = _quiet_stop
        module.stderr_sink = _stderr_sink  # looked up by name as each runtime starts


def _stderr_sink(reader: Any) -> None:
    """jsii's stderr_sink, but for the runtime's own lines: what the JavaScript side prints (JSON lines) is forwarded
    as jsii does; a line of the Node.js runtime itself (a crash, or "Error on jsii API channel to child process" as
    Ctrl-C ends its child) is printed only with KARPENTER_TENANTS_DEBUG set, as text: jsii printed it as a Python
    bytes literal on every Ctrl-C, after the command's one line. How Node.js ended is said by node_ended()."""
    import base64
    import json

    debug = os.environ.get("KARPENTER_TENANTS_DEBUG", "").strip().lower() in ("1", "true", "yes")
    for line in iter(reader.readline, b""):
        try:
            console = json.loads(line)
            if console.get("stderr") is not None:
                sys.stderr.buffer.write(base64.b64decode(console["stderr"]))
            if console.get("stdout") is not None:
                sys.stdout.buffer.write(base64.b64decode(console["stdout"]))
        except Exception:  # noqa: BLE001 - not a console line: the runtime's own
            if debug:
                with contextlib.suppress(Exception):
                    sys.stderr.write(line.decode("utf-8", "replace"))


class _PatchOnImport:
    """A meta path finder that, once, lets the usual finders find jsii's process provider and patches the module
    after it runs."""

    done = False

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> Any:
        # sys.meta_path is never changed here: another thread may be walking it (jsii starts in a thread of its own,
        # charts.runtime), and a finder removed under it skipped the next one (`No module named 'pydantic.plugin'`)
        if name != PROVIDER or self.done:
            return None
        import importlib.machinery

        self.done = True
        spec = importlib.machinery.PathFinder.find_spec(name, path)  # the usual finder of a package's module
        loader = getattr(spec, "loader", None)
        if spec is None or loader is None or not hasattr(loader, "exec_module"):
            return spec
        run = loader.exec_module

        def exec_module(module: Any) -> None:
            run(module)
            _patch(module)

        loader.exec_module = exec_module
        return spec


def private_temp() -> None:
    """A temporary folder of this process's own as $TMPDIR from here on, removed at exit: Node.js makes its
    jsii-kernel-* folder in $TMPDIR and removes it only when it exits normally; killed (Ctrl-C reaches the whole
    process group, the OOM killer) it left it in the user's. Called once, by the command line's entry (__main__.run),
    after $TMPDIR was found usable; registered before jsii starts, so removed after jsii stopped Node.js."""
    import shutil
    import tempfile

    try:
        folder = tempfile.mkdtemp(prefix="karpenter-tenants-")
    except OSError:
        return  # the user's TMPDIR as it is: whatever needs it reports its own error
    os.environ["TMPDIR"] = folder
    tempfile.tempdir = folder
    atexit.register(shutil.rmtree, folder, True)


def from_jsii(error: BaseException) -> bool:
    """Whether `error` was raised inside jsii (its traceback passes through a jsii module)."""
    trace = error.__traceback__
    while trace is not None:
        if "/jsii/" in trace.tb_frame.f_code.co_filename.replace("\\", "/"):
            return True
        trace = trace.tb_next
    return False


def node_ended(error: BaseException | None = None) -> str | None:
    """How jsii's Node.js child ended ("killed by SIGKILL", "exited with status 134") if it has while this process
    runs, else None (running, or never started). When it has, its stdin is closed here, so jsii's exit handler
    finds it closed and writes nothing to the dead pipe (no traceback at exit)."""
    popen = _node()
    if popen is None:
        return None
    if popen.poll() is None and error is not None and from_jsii(error):
        # jsii read the end of Node.js's output: it is dying, but may not be waitable yet (a process closes its
        # files before its parent can reap it)
        with contextlib.suppress(subprocess.TimeoutExpired):
            popen.wait(timeout=2)
    if popen.poll() is None:
        return None
    if popen.stdin is not None:
        with contextlib.suppress(OSError, ValueError):
            popen.stdin.close()  # flushing what jsii left in the buffer fails (EPIPE); the file is closed all the same
    code = popen.returncode
    if code < 0:
        with contextlib.suppress(ValueError):
            return f"killed by {signal.Signals(-code).name}"
        return f"killed by signal {-code}"
    return f"exited with status {code}"
