"""Writing without losing anything: atomic file replacement, the synth lock, the output marker.

- atomic_write: every file a command writes goes to a temporary file in the target's folder,
  is flushed and fsynced, and is renamed over the target; a failure (no space, file too large,
  read-only file system) removes the temporary file and leaves the target as it was.
- The marker file MARKER in the output folder says synth wrote it; synth replaces only a folder
  with the marker, an empty folder or a missing one.
- output_lock: an exclusive flock on `.<out>.lock` beside the output folder, so concurrent
  synths run one after the other.
"""

from __future__ import annotations

import errno
import fcntl
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

MARKER = ".karpenter-tenants"
MARKER_TEXT = "# Written by karpenter-tenants synth: it replaces this folder on every run.\n"
LOCK_TIMEOUT_SECONDS = float(os.environ.get("KARPENTER_TENANTS_LOCK_TIMEOUT", "300"))


class UnsafeOutput(Exception):
    """The output folder is not one synth may replace; the message names it and the fix."""


class WriteFailed(Exception):
    """A file could not be written; the target is unchanged. The message names it and why."""


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def atomic_write(path: Path, content: str | bytes) -> None:
    """Replace path with content atomically (temporary file in the same folder, fsync, rename).
    Raises WriteFailed, leaving path as it was, when the file system refuses."""
    data = content.encode("utf-8") if isinstance(content, str) else content
    temporary = path.parent / f".{path.name}.tmp-{os.getpid()}"
    try:
        mode = os.stat(path).st_mode & 0o7777 if path.exists() else None
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666 if mode is None else mode)
        try:
            _write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        if mode is not None:
            os.chmod(temporary, mode)
        os.replace(temporary, path)
    except OSError as error:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise WriteFailed(f"cannot write {path}: {error.strerror or error}; {path} is unchanged") from None


def check_output_folder(outdir: Path) -> None:
    """UnsafeOutput unless outdir is missing, empty, or carries synth's marker."""
    if outdir.is_symlink():
        target = os.readlink(outdir)
        raise UnsafeOutput(
            f"{outdir} is a symbolic link (to {target}); synth writes only a real folder: remove the link or "
            "pass --out with a folder"
        )
    if not outdir.exists():
        return
    if not outdir.is_dir():
        raise UnsafeOutput(f"{outdir} exists and is not a folder; remove it or pass --out with another folder")
    if (outdir / MARKER).is_file() or not any(outdir.iterdir()):
        return
    raise UnsafeOutput(
        f"{outdir} is not empty and was not written by synth (no {MARKER} file in it); synth replaces the whole "
        "folder, so pass --out with a new or empty folder"
    )


def lock_path(outdir: Path) -> Path:
    return outdir.parent / f".{outdir.name}.lock"


@contextmanager
def output_lock(outdir: Path, timeout: float | None = None) -> Iterator[None]:
    """Hold the exclusive lock beside outdir; wait up to timeout seconds for another synth."""
    timeout = LOCK_TIMEOUT_SECONDS if timeout is None else timeout
    path = lock_path(outdir)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o666)
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except OSError as error:
                if error.errno not in (errno.EWOULDBLOCK, errno.EAGAIN):
                    raise
                if time.monotonic() >= deadline:
                    raise UnsafeOutput(
                        f"another synth is writing {outdir} (it holds {path}); waited {timeout:g} s: "
                        "try again when it has finished"
                    ) from None
                time.sleep(0.05)
        yield
    finally:
        os.close(fd)  # releases the lock
