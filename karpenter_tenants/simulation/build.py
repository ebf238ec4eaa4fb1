"""Building the scheduler program (simulation/scheduler/, its own Go module pinning sigs.k8s.io/karpenter) into a
cache keyed by its sources and the Go version: $KARPENTER_TENANTS_SIMULATOR_CACHE, else
<user cache>/karpenter-tenants/scheduler/<digest>/scheduler. Python's standard library only, so that CI's background
prebuild (tests/e2e/prebuild.py) builds the very file the commands and tests then find.

Owns: finding Go and building the program. Must not import: anything of the product but the standard library."""

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
GO_MINIMUM = (1, 26, 6)  # sigs.k8s.io/karpenter v1.14.1's go.mod: go 1.26.6
INSTALL = (f"install Go {'.'.join(map(str, GO_MINIMUM))} or newer (https://go.dev/dl/) and put `go` on PATH: "
           "`plan --workloads` runs Karpenter's own scheduler, a Go program built on first use (about 5 CPU-minutes "
           "once, then cached)")


class Unavailable(Exception):
    """No scheduler program: no Go, an old one, or the build failed; the message says what to do."""


def _go() -> tuple[str, str]:
    """(the go binary, its version text) or Unavailable."""
    go = shutil.which("go")
    if go is None:
        raise Unavailable(f"no `go` on PATH: {INSTALL}")
    result = subprocess.run([go, "env", "GOVERSION"], capture_output=True, text=True, timeout=60)
    found = re.fullmatch(r"go(\d+)\.(\d+)(?:\.(\d+))?\S*", result.stdout.strip())
    if result.returncode != 0 or found is None:
        raise Unavailable(f"`go env GOVERSION` said {result.stdout.strip() or result.stderr.strip()!r}: {INSTALL}")
    version = tuple(int(part or 0) for part in found.groups())
    if version < GO_MINIMUM:
        raise Unavailable(f"{go} is {result.stdout.strip()}: {INSTALL}")
    return go, result.stdout.strip()


def _digest(go_version: str) -> str:
    digest = hashlib.sha256(go_version.encode())
    for path in sorted(SOURCE.iterdir()):
        if path.suffix == ".go" and not path.name.endswith("_test.go") or path.name in ("go.mod", "go.sum"):
            digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:20]


def cache_folder() -> Path:
    """$KARPENTER_TENANTS_SIMULATOR_CACHE (an absolute folder: empty or relative is refused, as its siblings are),
    else <user cache>/karpenter-tenants/scheduler (XDG_CACHE_HOME as the XDG spec says: empty or relative ignored)."""
    from karpenter_tenants.config import environment

    configured = environment.folder(CACHE_ENV, "the scheduler's build cache", must_exist=False)
    return configured if configured is not None else environment.cache_home() / "karpenter-tenants" / "scheduler"


def binary() -> Path:
    """The built scheduler program, built now when the cache has none for these sources and this Go."""
    go, version = _go()
    target = cache_folder() / _digest(version) / "scheduler"
    if target.is_file() and os.access(target, os.X_OK):
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent) as scratch:
        built = Path(scratch) / "scheduler"
        # Go writes go.sum entries and its build cache itself; the sources are read, never written (-mod=readonly).
        env = {**os.environ, "GOFLAGS": "-mod=readonly", "CGO_ENABLED": "0"}
        result = subprocess.run([go, "build", "-trimpath", "-o", str(built), "."], cwd=SOURCE, capture_output=True,
                                text=True, env=env, timeout=3600)
        if result.returncode != 0:
            tail = " ".join(result.stderr.strip().splitlines()[-3:])
            raise Unavailable(f"building the scheduler in {SOURCE} failed ({tail}); it needs the Go module "
                                       "proxy (GOPROXY) or a module cache that has sigs.k8s.io/karpenter v1.14.1")
        os.replace(built, target)
    _prune(target.parent)
    return target


BUILDS_KEPT = 3  # a build of other sources (an earlier version of the product) is some 65 MB


def _prune(current: Path) -> None:
    """Remove all but the newest BUILDS_KEPT builds beside `current` (folders named by a digest, holding the program):
    a cache that CI keeps between runs does not grow with every version."""
    try:
        builds = sorted((p for p in current.parent.iterdir() if p != current and re.fullmatch(r"[0-9a-f]{20}", p.name)
                         and p.is_dir() and not p.is_symlink() and (p / "scheduler").is_file()),
                        key=lambda p: p.stat().st_mtime, reverse=True)
        for old in builds[BUILDS_KEPT - 1:]:
            shutil.rmtree(old, ignore_errors=True)
    except OSError:
        return
