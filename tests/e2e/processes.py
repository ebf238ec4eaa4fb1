"""Processes the suite starts: each in its own process group with its log in a file, stopped (group
SIGTERM, then SIGKILL) by whoever started it, also when a test fails."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
from collections.abc import Callable
from pathlib import Path


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Process:
    def __init__(self, name: str, command: list[str], log: Path, env: dict[str, str] | None = None) -> None:
        self.name = name
        self.log = log
        print(f"[e2e] start {name}: {' '.join(command)}", flush=True)
        with open(log, "wb") as out:
            self.popen = subprocess.Popen(
                command, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                env={**os.environ, **(env or {})}, start_new_session=True,
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
