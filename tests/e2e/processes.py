"""Processes the suite starts: each in its own process group with its log in a file, stopped (group
SIGTERM, then SIGKILL) by whoever started it, also when a test fails."""

from __future__ import annotations

import itertools
import os
import signal
import socket
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

PORTS_PER_WORKER = 2000
_next_port = itertools.count((os.getpid() * 7) % PORTS_PER_WORKER)


def free_port() -> int:
    """A port of 127.0.0.1 that nothing listens on, for a server the suite starts. Drawn from 20000-31999, below
    Linux's ephemeral range (32768-60999), so that no outgoing connection is given it before the server binds it;
    each xdist worker (PYTEST_XDIST_WORKER gw0, gw1, ...) has its own 2,000 of them, so that two workers never hand
    out the same one, and a process never hands out one twice."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw")
    base = 20000 + (int(worker) % 6 if worker.isdigit() else 0) * PORTS_PER_WORKER
    for _ in range(PORTS_PER_WORKER):
        port = base + next(_next_port) % PORTS_PER_WORKER
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port of 127.0.0.1 in {base}-{base + PORTS_PER_WORKER - 1}")


class Process:
    def __init__(self, name: str, command: list[str], log: Path, env: dict[str, str] | None = None) -> None:
        self.name = name
        self.log = log
        print(f"[e2e] start {name}: {' '.join(command)}", flush=True)
        with open(log, "wb") as out:
            self.popen = subprocess.Popen(
                command,
                stdout=out,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                env={**os.environ, **(env or {})},
                start_new_session=True,
            )

    def tail(self, lines: int = 40) -> str:
        text = self.log.read_text(errors="replace").splitlines()
        return "\n".join(text[-lines:])

    def wait_until(self, ready: Callable[[], bool], timeout: float, what: str) -> None:
        """Poll `ready` until true; fail with the log's tail on timeout or when the process exits."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.popen.poll() is not None:
                raise RuntimeError(f"{self.name} exited with {self.popen.returncode} before {what}:\n{self.tail()}")
            try:
                if ready():
                    return
            except OSError:
                pass
            time.sleep(0.3)
        raise TimeoutError(f"{self.name}: no {what} after {timeout:.0f} s:\n{self.tail()}")

    def stop(self) -> None:
        if self.popen.poll() is not None:
            return
        try:
            os.killpg(self.popen.pid, signal.SIGTERM)
            self.popen.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(self.popen.pid, signal.SIGKILL)
            self.popen.wait(timeout=15)
        except ProcessLookupError:
            pass
