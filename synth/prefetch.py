"""Read the output folder in a child process while this one loads the cluster config.

synth and check read every file of dist/ (4,024 at 1,000 tenants: 40 ms, most of it system calls) before
they can tell which parts changed, and loading the config (0.13 s there) needs none of it. So a forked
child reads the folder meanwhile, on the other core, and hands the bytes over in anonymous memory
(memfd; marshal: plain bytes and ints, from our own child, never from a file).

What synth replaces must be what it read, under its output lock (synth.safe_io). So synth reads early only
when it can take that lock early: the lock file is already there (a synth ran here before, so a run whose
config turns out bad creates nothing) and free, and no staging folder of a dead run is beside the folder
(recover() would change the tree first). It keeps the lock until the new tree is in place. check reads
without a lock, early or not. Anywhere else, when the child fails, and where there is no fork or memfd
(macOS, Windows), the folder is read in-process as before: the result is the same."""

from __future__ import annotations

import contextlib
import marshal
import os
import signal
from collections.abc import Iterator
from pathlib import Path

from synth.incremental import Cache, load_cache
from synth.render import Identity, bytes_tree, has_leftovers
from synth.safe_io import UnsafeOutput, check_output_folder, try_lock


class Prefetch:
    """A child reading one folder; `result()` waits for what it read."""

    def __init__(self, folder: Path, lock: int | None) -> None:
        self.folder = folder
        self.lock = lock  # the output lock's descriptor, held until close() (synth), or None (check)
        self._pid, self._result, self._cache = -1, None, None
        # The child writes into anonymous memory the parent reads once it has exited: a pipe would make
        # each of its chunks wait for the parent to drain the last (milliseconds apiece here).
        self._memory = os.memfd_create("karpenter-tenants-prefetch", os.MFD_CLOEXEC)
        try:
            pid = os.fork()
        except OSError:
            os.close(self._memory)
            raise
        if pid == 0:  # the child: read, write, and leave without running anything of the parent's
            code = 1
            try:
                identities: dict[str, Identity] = {}
                folders: set[str] = set()
                tree = bytes_tree(folder, identities, folders)
                cache = load_cache(folder, make_key=False)  # reads the user's key, never makes one
                shipped = None if cache is None else (cache.code, cache.clusters)
                payload = memoryview(marshal.dumps((tree, identities, folders, shipped)))
                while payload:
                    payload = payload[os.write(self._memory, payload):]
                code = 0
            finally:
                os._exit(code)
        self._pid = pid

    @property
    def locked(self) -> bool:
        return self.lock is not None

    def result(self) -> tuple[dict[str, bytes] | None, dict[str, Identity], set[str]] | None:
        """(bytes_tree(folder), the files' identities, the folders) as the child read them, or None when it failed."""
        if self._pid > 0:
            _, status = os.waitpid(self._pid, 0)
            self._pid = -1
            if os.waitstatus_to_exitcode(status) == 0:
                size = os.fstat(self._memory).st_size
                with contextlib.suppress(ValueError, EOFError, TypeError, OSError):
                    tree, identities, folders, cache = marshal.loads(os.pread(self._memory, size, 0))
                    self._result, self._cache = (tree, identities, folders), Cache(*cache) if cache is not None else None
        return self._result

    def cache(self) -> Cache | None:
        """The folder's cache as synth.render.load_cache gives it, loaded by the child; None when it failed or
        this user has no synth key yet (the parent makes one). The cache vouches for nothing by itself
        (synth.incremental checks every file it names), so when it was read does not matter."""
        self.result()
        return self._cache

    def close(self) -> None:
        """Stop the child if it still runs, free its memory and release the lock (when held)."""
        if self._pid > 0:  # never asked for: stop it
            with contextlib.suppress(OSError):
                os.kill(self._pid, signal.SIGKILL)
                os.waitpid(self._pid, 0)
        for fd in (self._memory, self.lock):
            if fd is not None and fd >= 0:
                os.close(fd)  # the lock's: releases it
        self._pid, self._memory, self.lock = -1, -1, None


@contextlib.contextmanager
def read_early(command: str, outdir: Path) -> Iterator[Prefetch | None]:
    """A Prefetch of outdir for synth (holding its lock) or check, when one can start (above); else None."""
    prefetch = None
    if command in ("synth", "check") and hasattr(os, "fork") and hasattr(os, "memfd_create") and outdir.is_dir() and not outdir.is_symlink():
        lock = None
        try:
            if command == "synth":
                check_output_folder(outdir)  # a folder synth may not replace: the usual run says so, later
                lock = try_lock(outdir.resolve())
            if command == "check" or (lock is not None and not has_leftovers(outdir.resolve())):
                prefetch = Prefetch(outdir, lock)
                lock = None
        except (UnsafeOutput, OSError):
            prefetch = None
        finally:
            if lock is not None:
                os.close(lock)
    try:
        yield prefetch
    finally:
        if prefetch is not None:
            prefetch.close()
