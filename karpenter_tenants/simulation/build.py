"""Building the scheduler programs (simulation/scheduler/: one Go program, one module file per Karpenter minor the
product simulates, each pinning its sigs.k8s.io/karpenter core: go.mod for 1.14, go115.mod for 1.15, built with
`-modfile`) into a cache keyed by the sources, the module file and the Go version: $KARPENTER_TENANTS_SIMULATOR_CACHE,
else <user cache>/karpenter-tenants/scheduler, as <minor>/<digest>/scheduler. Python's standard library only, so that
CI's background prebuild (tests/e2e/prebuild.py) builds the very files the commands and tests then find.

A module file whose `go` line is newer than the Go on PATH (go115.mod's 1.26.9 where 1.26.8 is installed) is built
with the toolchain it names, which the go command fetches through the Go module proxy (GOTOOLCHAIN=go<that version>,
Go's own mechanism, once per machine); when it cannot, Unavailable says what to install.

Owns: finding Go and building the programs. Imports config only (config.environment, lazily, in cache_folder: the one rule
for folders the environment names); the rest is the standard library."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

SOURCE = Path(__file__).resolve().parent / "scheduler"
CACHE_ENV = "KARPENTER_TENANTS_SIMULATOR_CACHE"
# Karpenter minor → (its module file in SOURCE, the sigs.k8s.io/karpenter core that file requires). Each module file's
# comment says why that core; a test checks the two agree.
MODULES = {"1.14": ("go.mod", "1.14.1"), "1.15": ("go115.mod", "1.15.0")}
DEFAULT_MINOR = "1.14"  # the reference release's line (1.14.1, the catalogue's too): a cluster that says no version
GO_MINIMUM = (1, 26, 6)  # sigs.k8s.io/karpenter v1.14.1's go.mod: go 1.26.6 (a later core's module file says its own)
INSTALL = (
    f"install Go {'.'.join(map(str, GO_MINIMUM))} or newer (https://go.dev/dl/) and put `go` on PATH: "
    "`plan --workloads` runs Karpenter's own scheduler, a Go program built on first use (about 5 CPU-minutes "
    "once per Karpenter minor, then cached)"
)


class Unavailable(Exception):
    """No scheduler program: no Go, an old one, or the build failed; the message says what to do."""


def _version(text: str) -> tuple[int, ...] | None:
    found = re.fullmatch(r"(?:go)?(\d+)\.(\d+)(?:\.(\d+))?\S*", text.strip())
    return tuple(int(part or 0) for part in found.groups()) if found else None


def _dotted(version: tuple[int, ...]) -> str:
    return ".".join(map(str, version))


_GO_CONFIG: list[tempfile.TemporaryDirectory[str]] = []


def go_environment() -> dict[str, str]:
    """The environment the go command runs in: the user's, but its configuration folder (os.UserConfigDir) one of
    this process's own, removed at exit, so that Go's telemetry counters (written there by every go command since Go
    1.23, whatever GOTELEMETRY says) land nowhere the user named; GOENV keeps naming the user's `go env -w` file."""
    env = dict(os.environ)
    if "GOENV" not in env:
        home = env.get("XDG_CONFIG_HOME") or str(Path(env.get("HOME") or Path.home()) / ".config")
        env["GOENV"] = str(Path(home) / "go" / "env")
    if not _GO_CONFIG:
        _GO_CONFIG.append(tempfile.TemporaryDirectory(prefix="karpenter-tenants-go-config-"))
    env["XDG_CONFIG_HOME"] = _GO_CONFIG[0].name
    return env


def _go() -> tuple[str, str]:
    """(the go binary, its version text) or Unavailable."""
    go = shutil.which("go")
    if go is None:
        raise Unavailable(f"no `go` on PATH: {INSTALL}")
    result = subprocess.run([go, "env", "GOVERSION"], capture_output=True, text=True, timeout=60, env=go_environment())
    version = _version(result.stdout)
    if result.returncode != 0 or version is None:
        raise Unavailable(f"`go env GOVERSION` said {result.stdout.strip() or result.stderr.strip()!r}: {INSTALL}")
    if version < GO_MINIMUM:
        raise Unavailable(f"{go} is {result.stdout.strip()}: {INSTALL}")
    return go, result.stdout.strip()


def _module(minor: str) -> tuple[str, str]:
    if minor not in MODULES:
        raise Unavailable(f"no scheduler of Karpenter {minor!r}: the product simulates {', '.join(MODULES)}")
    return MODULES[minor]


def _go_line(modfile: str) -> tuple[int, ...]:
    found = re.search(r"^go (\S+)\s*$", (SOURCE / modfile).read_text(), re.MULTILINE)
    return (_version(found.group(1)) if found else None) or GO_MINIMUM


def go_command(minor: str = DEFAULT_MINOR) -> tuple[str, dict[str, str], list[str], str]:
    """(the go binary, the environment, the flags, the version of Go that builds) for a minor's module: the Go on
    PATH, or, when its module file's `go` line is newer, the toolchain that line names (fetched once by the go
    command itself, GOTOOLCHAIN); Unavailable when there is neither. The flags name the module file (-modfile)."""
    name, core = _module(minor)
    go, version = _go()
    env = {**go_environment(), "GOFLAGS": "-mod=readonly", "CGO_ENABLED": "0"}
    flags = [] if name == "go.mod" else [f"-modfile={name}"]
    needed = _go_line(name)
    if (_version(version) or ()) < needed:
        env["GOTOOLCHAIN"] = wanted = f"go{_dotted(needed)}"
        try:
            result = subprocess.run([go, "env", "GOVERSION"], capture_output=True, text=True, env=env, timeout=1800)
        except subprocess.TimeoutExpired:
            result = subprocess.CompletedProcess([], 1, "", "timed out")
        if result.returncode != 0 or (_version(result.stdout) or ()) < needed:
            said = " ".join((result.stderr.strip() or result.stdout.strip()).splitlines()[-2:])
            raise Unavailable(
                f"{go} is {version} and the scheduler of Karpenter {minor} ({name}: sigs.k8s.io/"
                f"karpenter v{core}) needs {wanted}, which the go command could not fetch ({said}): "
                f"install Go {_dotted(needed)} or newer (https://go.dev/dl/) and put `go` on PATH, or "
                "let Go reach the module proxy (GOPROXY)"
            )
        version = result.stdout.strip()
    return go, env, flags, version


def _digest(go_version: str, minor: str) -> str:
    name, _ = _module(minor)
    digest = hashlib.sha256(f"{go_version}\0{minor}\0{name}\0".encode())
    sums = name.removesuffix(".mod") + ".sum"
    for path in sorted(SOURCE.iterdir()):
        if path.suffix == ".go" and not path.name.endswith("_test.go") or path.name in (name, sums):
            digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:20]


def cache_folder() -> Path:
    """$KARPENTER_TENANTS_SIMULATOR_CACHE (an absolute folder: empty or relative is refused, as its siblings are),
    else <user cache>/karpenter-tenants/scheduler (XDG_CACHE_HOME as the XDG spec says: empty or relative ignored)."""
    from karpenter_tenants.config import environment

    configured = environment.folder(CACHE_ENV, "the scheduler's build cache", must_exist=False)
    return configured if configured is not None else environment.cache_home() / "karpenter-tenants" / "scheduler"


def binary(minor: str = DEFAULT_MINOR) -> Path:
    """The built scheduler program of a Karpenter minor (MODULES), built now when the cache has none for these
    sources, this module file and this Go. Two processes building the same one at once: the second waits for the
    first's (a lock beside it) and takes it."""
    import fcntl

    name, core = _module(minor)
    go, env, flags, version = go_command(minor)
    target = cache_folder() / minor / _digest(version, minor) / "scheduler"
    if target.is_file() and os.access(target, os.X_OK):
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    try:  # never through a link: the folder may be a CI cache restored
        lock = os.open(target.parent / ".building", os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
    except OSError:
        lock = None  # built without waiting for another builder (the result is the same file)
    try:
        if lock is not None:
            fcntl.flock(lock, fcntl.LOCK_EX)  # released when closed, or when this process ends
            if target.is_file() and os.access(target, os.X_OK):  # another process built it meanwhile
                return target
        with tempfile.TemporaryDirectory(dir=target.parent) as scratch:
            built = Path(scratch) / "scheduler"
            # Go writes its build cache itself; the sources are read, never written (-mod=readonly).
            result = subprocess.run(
                [go, "build", *flags, "-trimpath", "-o", str(built), "."],
                cwd=SOURCE,
                capture_output=True,
                text=True,
                env=env,
                timeout=3600,
            )
            if result.returncode != 0:
                tail = " ".join(result.stderr.strip().splitlines()[-3:])
                raise Unavailable(
                    f"building the scheduler of Karpenter {minor} in {SOURCE} ({name}) failed ({tail}); "
                    "it needs the Go module proxy (GOPROXY) or a module cache that has "
                    f"sigs.k8s.io/karpenter v{core}"
                )
            os.replace(built, target)
    finally:
        if lock is not None:
            os.close(lock)
    _prune(target.parent)
    _prune_unversioned(cache_folder())
    return target


BUILDS_KEPT = 3  # per minor: a build of other sources (an earlier version of the product) is some 65 MB


def _builds(folder: Path) -> list[Path]:
    """The builds in a folder: folders named by a digest holding a program (no link)."""
    return [
        p
        for p in folder.iterdir()
        if re.fullmatch(r"[0-9a-f]{20}", p.name) and p.is_dir() and not p.is_symlink() and (p / "scheduler").is_file()
    ]


def _prune(current: Path) -> None:
    """Remove all but the newest BUILDS_KEPT builds beside `current` (folders named by a digest, holding the program):
    a cache that CI keeps between runs does not grow with every version."""
    try:
        builds = sorted(
            (p for p in _builds(current.parent) if p != current), key=lambda p: p.stat().st_mtime, reverse=True
        )
        for old in builds[BUILDS_KEPT - 1 :]:
            shutil.rmtree(old, ignore_errors=True)
    except OSError:
        return


def _prune_unversioned(root: Path) -> None:
    """Remove the builds of versions of the product before one folder per minor (<root>/<digest>/scheduler): a CI
    cache restored from then does not keep them for ever."""
    try:
        for old in _builds(root):
            shutil.rmtree(old, ignore_errors=True)
    except OSError:
        return
