"""Fixtures of the end-to-end suite: the pinned binaries (built or cached), control planes started per
test module and stopped in finalizers, and the phase timings printed at the end.

`make e2e` runs the modules side by side (pytest-xdist, `--dist loadfile`: each module whole on one worker, with
its own control planes); the slowest modules are collected first, so that no slow one starts last, and each
worker's phases are sent to the controller for the summary."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from e2e.build import FLUX, HELM, KARPENTER, KUBE, KWOK, Phases, build
from e2e.controlplane import ControlPlane
from e2e.kube import Kube

PHASES = Phases()

# Modules by their warm duration, slowest first (measured: the journey ~100 s, Karpenter ~100 s, admission ~75 s
# with its 5,000-tenant synth, adopt ~45 s, Helm ~36 s, Flux ~32 s, server-truth ~30 s). A module not named here runs
# after them.
SLOWEST_FIRST = (
    "test_journey",
    "test_karpenter",
    "test_admission",
    "test_adopt",
    "test_helm",
    "test_flux",
    "test_server_truth",
    "test_snapshot",
    "test_upgrade_path",
    "test_build",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Modules ordered slowest first; the order within a module is kept (its tests build on each other)."""

    def rank(item: pytest.Item) -> int:
        name = item.path.stem
        return SLOWEST_FIRST.index(name) if name in SLOWEST_FIRST else len(SLOWEST_FIRST)

    items.sort(key=rank)  # stable


def pytest_sessionfinish(session: pytest.Session) -> None:
    """On an xdist worker: its phases, for the controller's summary (pytest_testnodedown)."""
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput["phases"] = {"done": PHASES.done, "built": PHASES.built, "notes": PHASES.notes}


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: object) -> None:
    """On the xdist controller: a finished worker's phases join the summary."""
    sent = getattr(node, "workeroutput", {}).get("phases")
    if sent:
        PHASES.done.extend((name, seconds) for name, seconds in sent["done"])
        PHASES.built.extend(line for line in sent["built"] if line not in PHASES.built)
        PHASES.notes.extend(sent["notes"])


@pytest.fixture(scope="session")
def phases() -> Phases:
    return PHASES


@pytest.fixture(scope="session")
def kube_binaries() -> dict[str, Path]:
    return build(KUBE, PHASES)


@pytest.fixture(scope="session")
def flux_binaries() -> dict[str, Path]:
    return build(FLUX, PHASES)


@pytest.fixture(scope="session")
def helm_binaries() -> dict[str, Path]:
    return build(HELM, PHASES)


StartControlPlane = Callable[..., tuple[ControlPlane, Kube]]


@pytest.fixture(scope="module")
def control_planes(
    kube_binaries: dict[str, Path], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[StartControlPlane]:
    """Starts fresh control planes (own etcd data) on demand; all are stopped when the module ends."""
    started: list[ControlPlane] = []

    def start(name: str, apiserver_args: tuple[str, ...] = ()) -> tuple[ControlPlane, Kube]:
        plane = ControlPlane(kube_binaries, tmp_path_factory.mktemp(f"controlplane-{name}"), apiserver_args)
        started.append(plane)
        with PHASES(f"control plane up ({name})"):
            kube = plane.start()
        return plane, kube

    try:
        yield start
    finally:
        for plane in started:
            plane.stop()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    terminalreporter.section("e2e: components and phase timings")
    versions = {
        "kube-apiserver and kube-scheduler": KUBE.version_of("k8s.io/kubernetes"),
        "etcd": KUBE.version_of("go.etcd.io/etcd/server/v3"),
        "source-controller": FLUX.version_of("github.com/fluxcd/source-controller"),
        "kustomize-controller": FLUX.version_of("github.com/fluxcd/kustomize-controller"),
        "Karpenter kwok provider": KARPENTER.version_of("sigs.k8s.io/karpenter"),
        "kwok": KWOK.version_of("sigs.k8s.io/kwok"),
        "helm-controller": HELM.version_of("github.com/fluxcd/helm-controller"),
        "Helm": HELM.version_of("helm.sh/helm/v4"),
        "distribution registry": HELM.version_of("github.com/distribution/distribution/v3"),
    }
    terminalreporter.write_line("pinned: " + ", ".join(f"{name} {version}" for name, version in versions.items()))
    for line in PHASES.built:
        terminalreporter.write_line(line)
    for name, seconds in PHASES.done:
        terminalreporter.write_line(f"{seconds:8.1f} s  {name}")
    for text in PHASES.notes:
        terminalreporter.write_line(text)
