"""Builds the real components from the pinned Go tools modules under tests/e2e/tools, cached by content
(go.mod, go.sum, our own Go sources, the Go version) under ~/.cache/karpenter-tenants-e2e."""

from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

TOOLS = Path(__file__).resolve().parent / "tools"
CACHE_ENV = "KARPENTER_TENANTS_E2E_CACHE"
GO_ENV = "KARPENTER_TENANTS_E2E_GO"


@dataclass(frozen=True)
class ToolModule:
    """One Go module pinning some components; all its binaries are built by one `go build`, so shared
    packages compile once."""

    folder: str  # under `root`
    binaries: dict[str, str]  # binary name (the package's last path element) -> package
    root: Path = TOOLS
    ldflags: str = ""  # beside -s -w, e.g. a release build's -X stamps

    @property
    def directory(self) -> Path:
        return self.root / self.folder

    def version_of(self, module: str) -> str:
        """The pinned version of a required module, for the report."""
        for line in (self.directory / "go.mod").read_text().splitlines():
            words = line.removeprefix("require ").split()
            if words[:1] == [module]:
                return words[1]
        raise KeyError(f"{module} is not required by {self.directory / 'go.mod'}")


def kubernetes_version_stamp(folder: str = "kube") -> str:
    """The -X stamps of a Kubernetes release build (hack/lib/version.sh) for the k8s.io/kubernetes version the
    module pins. Without them the servers report gitVersion v0.0.0-master+$Format:%H$, which is no semantic
    version: Helm's .Capabilities.KubeVersion (the karpenter chart's semverCompare) fails on it."""
    version = ToolModule(folder, {}).version_of("k8s.io/kubernetes")
    major, minor = version.removeprefix("v").split(".")[:2]
    package = "k8s.io/component-base/version"
    return f"-X {package}.gitVersion={version} -X {package}.gitMajor={major} -X {package}.gitMinor={minor}"


KUBE = ToolModule(
    "kube",
    {
        "kube-apiserver": "k8s.io/kubernetes/cmd/kube-apiserver",
        "etcd": "./etcd",
        "kubectl": "k8s.io/kubernetes/cmd/kubectl",
        "kube-scheduler": "k8s.io/kubernetes/cmd/kube-scheduler",
        "kube-controller-manager": "k8s.io/kubernetes/cmd/kube-controller-manager",
    },
    ldflags=kubernetes_version_stamp(),
)
FLUX = ToolModule(
    "flux",
    {
        "source-controller": "github.com/fluxcd/source-controller",
        "kustomize-controller": "github.com/fluxcd/kustomize-controller",
    },
)
# Karpenter's kwok cloud provider (its binary is named after the package, kwok/) and the kwok node
# controller: one module each, as they pin different Kubernetes minors (0.35 and 0.33).
KARPENTER = ToolModule("karpenter", {"kwok": "sigs.k8s.io/karpenter/kwok"})
KWOK = ToolModule("kwok", {"kwok": "sigs.k8s.io/kwok/cmd/kwok"})
# Flux's helm-controller (built against upstream Helm: see the module's go.mod) and the CNCF distribution
# registry that serves the charts of ../shared as OCI artifacts on loopback; source-controller is FLUX's.
HELM = ToolModule(
    "helm",
    {
        "helm-controller": "github.com/fluxcd/helm-controller",
        "registry": "github.com/distribution/distribution/v3/cmd/registry",
    },
)


class Phases:
    """Wall-clock time of each phase of the suite, printed as they end and summarised at the end."""

    def __init__(self, label: str = "e2e") -> None:
        self.label = label
        self.done: list[tuple[str, float]] = []
        self.built: list[str] = []
        self.notes: list[str] = []  # what the tests want in the closing summary (e.g. what they patched)

    def note(self, text: str) -> None:
        print(f"[{self.label}] {text}", flush=True)
        self.notes.append(text)

    @contextmanager
    def __call__(self, name: str) -> Iterator[None]:
        start = time.monotonic()
        try:
            yield
        finally:
            elapsed = time.monotonic() - start
            self.done.append((name, elapsed))
            print(f"[{self.label}] {name}: {elapsed:.1f} s", flush=True)


def go_binary(building: str = "kube-apiserver, etcd and the Flux controllers") -> str:
    found = os.environ.get(GO_ENV) or shutil.which("go") or "/usr/local/go/bin/go"
    if not Path(found).exists():
        raise RuntimeError(
            f"the suite builds {building} with Go, and no `go` was found "
            f"(PATH, /usr/local/go/bin/go, or ${GO_ENV}); install Go >= 1.26"
        )
    return found


def cache_root() -> Path:
    configured = os.environ.get(CACHE_ENV)
    return Path(configured) if configured else Path.home() / ".cache/karpenter-tenants-e2e"


def content_key(module: ToolModule, go: str) -> str:
    digest = hashlib.sha256()
    version = subprocess.run([go, "env", "GOVERSION"], capture_output=True, text=True, check=True).stdout.strip()
    digest.update(version.encode())
    for path in sorted(p for p in module.directory.rglob("*") if p.is_file() and p.suffix in {".mod", ".sum", ".go"}):
        digest.update(str(path.relative_to(module.directory)).encode() + b"\0" + path.read_bytes() + b"\0")
    digest.update(repr(sorted(module.binaries.items())).encode() + module.ldflags.encode())
    return digest.hexdigest()[:16]


@contextmanager
def module_lock(module: ToolModule) -> Iterator[None]:
    """One builder of a module at a time (the suite's workers, prebuild.py): the others wait and then find the
    build cached, instead of building it again and replacing binaries that are running."""
    cache_root().mkdir(parents=True, exist_ok=True)
    with open(cache_root() / f".{module.folder}.lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def build(module: ToolModule, phases: Phases) -> dict[str, Path]:
    """The module's binaries, from the cache when its content key matches, else built now."""
    go = go_binary(", ".join(module.binaries))
    with module_lock(module):
        return _build_locked(module, phases, go)


def _build_locked(module: ToolModule, phases: Phases, go: str) -> dict[str, Path]:
    target = cache_root() / f"{module.folder}-{content_key(module, go)}"
    paths = {name: target / name for name in module.binaries}
    if all(p.is_file() for p in paths.values()):
        phases.built.append(f"{module.folder}: {', '.join(module.binaries)} (cached in {target})")
        return paths
    staging = target.with_name(target.name + f".partial-{os.getpid()}")
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    # One invocation for all of the module's binaries: shared packages compile once. Each binary is
    # named after its package's last path element, which is how the binaries dict names them.
    command = [
        go,
        "build",
        "-trimpath",
        f"-ldflags=-s -w {module.ldflags}".strip(),
        "-o",
        f"{staging}/",
        *module.binaries.values(),
    ]
    print(
        f"[{phases.label}] building {', '.join(module.binaries)} from {module.directory} (a cold build takes minutes)",
        flush=True,
    )
    with phases(f"go build {module.folder} ({', '.join(module.binaries)})"):
        environment = {**os.environ, "GOFLAGS": "-mod=readonly -buildvcs=false"}
        result = subprocess.run(command, cwd=module.directory, capture_output=True, text=True, env=environment)
    missing = [name for name in module.binaries if not (staging / name).is_file()]
    if result.returncode != 0 or missing:
        shutil.rmtree(staging, ignore_errors=True)
        raise RuntimeError(
            f"building {', '.join(module.binaries)} from {module.directory} failed (exit {result.returncode}, "
            f"missing {missing}):\n$ {' '.join(command)}\n{result.stderr[-6000:]}"
        )
    shutil.rmtree(target, ignore_errors=True)
    staging.rename(target)
    # Builds of earlier go.mod/go.sum contents are never used again (about 200 MB each).
    for stale in target.parent.glob(f"{module.folder}-" + "?" * 16):
        if stale != target:
            shutil.rmtree(stale, ignore_errors=True)
    phases.built.append(f"{module.folder}: {', '.join(module.binaries)} (built into {target})")
    return paths
