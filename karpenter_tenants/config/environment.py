"""The environment variables the product reads, each parsed and range-checked where it is read: a value the
product cannot use is EnvironmentProblem (exit 2) naming the variable, what it holds and the fix, never a
traceback, a silent fallback or a path read from wherever the command happens to run.

- folders (KARPENTER_TENANTS_SHARED, KARPENTER_TENANTS_CACHE_DIR): set means an absolute path that is a folder
  (or, where the command creates it, is not something else); set but empty is a mistake, not "unset";
- XDG_CACHE_HOME as the XDG base directory spec says: empty or relative is ignored (the default ~/.cache is used),
  an absolute path must not be a file;
- switches (KARPENTER_TENANTS_NO_CACHE, KARPENTER_TENANTS_DEBUG): 1/true/yes or 0/false/no (any case), empty or
  unset the default; anything else is refused rather than guessed;
- CDK8S_OUTDIR: any path the cdk8s CLI passes (relative to where it runs the app), not an empty string;
- TMPDIR (where jsii's Node.js kernel and Python's tempfile make their temporary folders): unset, empty or a
  folder, existing or not (Node creates it); a file, or a path below one, is refused at start-up (temp_folder)
  rather than failing inside jsii as an internal error.

KARPENTER_TENANTS_LOCK_TIMEOUT is parsed by synthesis.safe_io.lock_timeout in the same way."""

from __future__ import annotations

import os
import stat
from pathlib import Path

SHARED_ENV = "KARPENTER_TENANTS_SHARED"
CACHE_DIR_ENV = "KARPENTER_TENANTS_CACHE_DIR"
NO_CACHE_ENV = "KARPENTER_TENANTS_NO_CACHE"
DEBUG_ENV = "KARPENTER_TENANTS_DEBUG"
XDG_CACHE_ENV = "XDG_CACHE_HOME"
OUTDIR_ENV = "CDK8S_OUTDIR"
TMPDIR_ENV = "TMPDIR"

_ON, _OFF = ("1", "true", "yes"), ("0", "false", "no")


class EnvironmentProblem(Exception):
    """An environment variable the product cannot use; the message names it, its value and the fix."""


def folder(name: str, purpose: str, *, must_exist: bool) -> Path | None:
    """$name as a folder: None when unset. EnvironmentProblem when it is set but empty, relative, names something
    that is not a folder, or (must_exist) names nothing. purpose: what the folder is, for the messages."""
    value = os.environ.get(name)
    if value is None:
        return None
    fix = f"set it to the absolute path of {purpose}, or unset it"
    if not value.strip():
        raise EnvironmentProblem(f"{name} is set but empty: {fix}")
    if not os.path.isabs(value):
        raise EnvironmentProblem(f"{name}={value!r} is a relative path (read from wherever the command runs): {fix}")
    kind = _kind(value)
    if kind is None and must_exist:
        raise EnvironmentProblem(f"{name}={value!r}: no such folder: {fix}")
    if kind is not None and kind != "folder":
        raise EnvironmentProblem(f"{name}={value!r} is {kind}, not a folder: {fix}")
    return Path(value)


def _kind(path: str) -> str | None:
    """'folder', a phrase for anything else at path (links followed), or None when nothing is there."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return "a link to nowhere" if os.path.islink(path) else None
    except NotADirectoryError:  # below a file: nothing there (creating it fails, which the caller words)
        return None
    except OSError as error:
        return f"unreadable ({error.strerror})"
    if stat.S_ISDIR(mode):
        return "folder"
    return "a file" if stat.S_ISREG(mode) else "a device, FIFO or socket"


def switch(name: str, on: str, off: str, default: bool = False) -> bool:
    """$name as a yes/no switch: 1, true, yes (on) or 0, false, no (off), in any case; unset or empty: default.
    on/off say what each does, for the message refusing any other value."""
    value = os.environ.get(name, "")
    word = value.strip().lower()
    if not word:
        return default
    if word in _ON:
        return True
    if word in _OFF:
        return False
    raise EnvironmentProblem(f"{name}={value!r} is not a switch: 1 {on}, 0 or unset {off}")


def cache_home() -> Path:
    """The user's cache folder: $XDG_CACHE_HOME when it is an absolute path, else ~/.cache (the XDG base directory
    spec: an empty or relative value is ignored). EnvironmentProblem when XDG_CACHE_HOME names a file or other
    non-folder."""
    value = os.environ.get(XDG_CACHE_ENV, "")
    if not os.path.isabs(value):
        return Path.home() / ".cache"
    kind = _kind(value)
    if kind is not None and kind != "folder":
        raise EnvironmentProblem(
            f"{XDG_CACHE_ENV}={value!r} is {kind}, not a folder: set it to the absolute path of your cache folder, "
            "or unset it for ~/.cache"
        )
    return Path(value)


def output_folder(default: str = "dist") -> Path:
    """$CDK8S_OUTDIR (set by the cdk8s CLI; relative to where it runs the app), else default. EnvironmentProblem
    when it is set but empty (it would mean the current folder)."""
    value = os.environ.get(OUTDIR_ENV)
    if value is None:
        return Path(default)
    if not value.strip():
        raise EnvironmentProblem(
            f"{OUTDIR_ENV} is set but empty: unset it (synth writes {default}/) or name the output folder"
        )
    return Path(value)


def temp_folder() -> None:
    """EnvironmentProblem when $TMPDIR names a file or other non-folder, or a path below one: jsii's Node.js kernel
    makes its folder there (Node's os.tmpdir() takes $TMPDIR as it is, and mkdtemp fails with ENOTDIR), so every
    command that builds charts would stop with an internal error. Unset or empty: the system's /tmp; a folder that
    does not exist yet is fine (Node creates it; Python's tempfile falls back to /tmp)."""
    value = os.environ.get(TMPDIR_ENV, "")
    if not value:
        return
    fix = "set it to a folder for temporary files, or unset it (/tmp)"
    path = os.path.abspath(value)
    while True:  # the path itself, else the nearest part of it that exists
        kind = _kind(path)
        if kind == "folder":
            return
        if kind is not None:
            if path == os.path.abspath(value):
                raise EnvironmentProblem(f"{TMPDIR_ENV}={value!r} is {kind}, not a folder: {fix}")
            raise EnvironmentProblem(
                f"{TMPDIR_ENV}={value!r}: {path!r} on the way to it is {kind}, not a folder: {fix}"
            )
        parent = os.path.dirname(path)
        if parent == path:
            return
        path = parent
