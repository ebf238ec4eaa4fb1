"""Karpenter's own provisioning scheduler, run as the small Go program in simulation/scheduler/ (its own pinned
module linking sigs.k8s.io/karpenter at the core version of the cluster's Karpenter): built from the Go module proxy
on first use, cached by the content of its sources and the Go version, then run once per question (JSON in, JSON
out).

Where the build goes: $KARPENTER_TENANTS_SIMULATOR_CACHE, else <user cache>/karpenter-tenants/scheduler/<digest>/.
A missing Go toolchain, or one older than the module needs, is SimulatorUnavailable (exit 2 naming what to install),
never a silent skip.

Owns: running the scheduler program (simulation.build builds it). Must not import: commands/, review/."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

from karpenter_tenants.config.yaml_input import InputError

CORE_VERSION = "1.14.1"  # the karpenter core the module pins (go.mod); the catalogue's release too


class SimulatorUnavailable(InputError):
    def __init__(self, problem: str) -> None:
        super().__init__("plan --workloads", None, problem)


class SimulatorFailed(InputError):
    def __init__(self, problem: str) -> None:
        super().__init__("Karpenter's scheduler", None, problem)


def binary() -> Path:
    """The built scheduler program (simulation.build), built now when the cache has none; SimulatorUnavailable."""
    from karpenter_tenants.simulation import build

    try:
        return build.binary()
    except build.Unavailable as error:
        raise SimulatorUnavailable(str(error)) from None


def solve(request: dict[str, Any]) -> dict[str, Any]:
    """The scheduler's answer to one request (simulation.revision builds it)."""
    program = binary()
    result = subprocess.run([str(program)], input=json.dumps(request), capture_output=True, text=True, timeout=600)
    if result.returncode != 0:
        raise SimulatorFailed(result.stderr.strip().splitlines()[-1] if result.stderr.strip() else
                              f"exit {result.returncode} without a message")
    try:
        answer = json.loads(result.stdout)
    except json.JSONDecodeError as error:
        raise SimulatorFailed(f"answered with no JSON ({error})") from None
    if not isinstance(answer, dict):
        raise SimulatorFailed("answered with no JSON object")
    return answer


def core_version() -> str:
    return CORE_VERSION
