"""The build step itself: a module that does not compile fails with the compiler's words, not a skip; workers side by
side build a module once and never hand out the same port."""

from __future__ import annotations

import socket
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from e2e.build import Phases, ToolModule, build
from e2e.processes import PORTS_PER_WORKER, free_port


def test_a_failed_build_names_the_module_and_shows_the_compiler_output(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("KARPENTER_TENANTS_E2E_CACHE", str(tmp_path / "cache"))
    (tmp_path / "broken/cmd/broken").mkdir(parents=True)
    (tmp_path / "broken/go.mod").write_text("module example.com/broken\n\ngo 1.24\n")
    (tmp_path / "broken/cmd/broken/main.go").write_text("package main\n\nfunc main() { undefinedCall() }\n")
    module = ToolModule("broken", {"broken": "./cmd/broken"}, root=tmp_path)
    with pytest.raises(RuntimeError) as failure:
        build(module, Phases())
    assert f"building broken from {tmp_path / 'broken'} failed" in str(failure.value)
    assert "undefined: undefinedCall" in str(failure.value)
    assert not list((tmp_path / "cache").glob("broken-*")), "a failed build leaves nothing in the cache"


def test_two_workers_building_one_module_build_it_once(tmp_path: Path, monkeypatch) -> None:
    """The suite's workers (and prebuild.py) may ask for a module at once: one builds, the other waits and takes
    the cached binaries, so no running binary is replaced under a test."""
    monkeypatch.setenv("KARPENTER_TENANTS_E2E_CACHE", str(tmp_path / "cache"))
    (tmp_path / "hello/cmd/hello").mkdir(parents=True)
    (tmp_path / "hello/go.mod").write_text("module example.com/hello\n\ngo 1.24\n")
    (tmp_path / "hello/cmd/hello/main.go").write_text("package main\n\nfunc main() {}\n")
    module = ToolModule("hello", {"hello": "./cmd/hello"}, root=tmp_path)
    phases = [Phases(), Phases()]
    with ThreadPoolExecutor(2) as pool:
        paths = list(pool.map(lambda p: build(module, p), phases))
    assert paths[0] == paths[1] and paths[0]["hello"].is_file()
    built = sorted(line.split(" (")[1].split(" ")[0] for p in phases for line in p.built)
    assert built == ["built", "cached"], built


@pytest.mark.parametrize("worker", ["gw0", "gw1", "gw5"])
def test_each_worker_hands_out_ports_of_its_own_below_the_ephemeral_range(worker: str, monkeypatch) -> None:
    monkeypatch.setenv("PYTEST_XDIST_WORKER", worker)
    base = 20000 + int(worker.removeprefix("gw")) * PORTS_PER_WORKER
    ports = [free_port() for _ in range(300)]
    assert len(set(ports)) == len(ports), "a port handed out twice"
    assert all(base <= port < base + PORTS_PER_WORKER for port in ports), (base, min(ports), max(ports))
    with socket.socket() as taken:  # a port someone listens on is skipped (the draw wraps round the whole range)
        taken.bind(("127.0.0.1", ports[0]))
        taken.listen()
        assert ports[0] not in {free_port() for _ in range(PORTS_PER_WORKER)}
