"""Builds every tools module the end-to-end suite runs into its cache (tests/e2e/build.py), so that `.ci/run` can
build them in the background while the unit suite runs; `make e2e` then finds them cached. Needs only Python's
standard library and Go. Exit 1 with the compiler's output when a build fails.

    python3 tests/e2e/prebuild.py
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from e2e.build import FLUX, HELM, KARPENTER, KUBE, KWOK, Phases, build  # noqa: E402

MODULES = (KUBE, FLUX, KARPENTER, KWOK, HELM)
# `plan --workloads`' scheduler (karpenter_tenants/simulation/binary.py builds it on first use, cached by content):
# compiled here too, so that Go's build cache holds its packages and the unit suite's first build only links.
SCHEDULER = Path(__file__).resolve().parents[2] / "karpenter_tenants/simulation/scheduler"


def build_scheduler() -> str | None:
    """None when built, else the compiler's output."""
    with tempfile.TemporaryDirectory() as scratch:
        result = subprocess.run(["go", "build", "-trimpath", "-o", str(Path(scratch) / "scheduler"), "."], cwd=SCHEDULER,
                                capture_output=True, text=True, env={**os.environ, "GOFLAGS": "-mod=readonly",
                                                                     "CGO_ENABLED": "0"})
    return None if result.returncode == 0 else result.stderr


def main() -> int:
    phases = Phases("e2e prebuild")
    start = time.monotonic()
    failed = build_scheduler()  # first: the unit suite, running beside this, needs it
    if failed is not None:
        print(f"[e2e prebuild] the scheduler of plan --workloads: {failed}", file=sys.stderr, flush=True)
        return 1
    print(f"[e2e prebuild] scheduler (plan --workloads) built in {time.monotonic() - start:.0f} s", flush=True)
    for module in MODULES:
        try:
            build(module, phases)
        except RuntimeError as error:
            print(f"[e2e prebuild] {error}", file=sys.stderr, flush=True)
            return 1
    for line in phases.built:
        print(f"[e2e prebuild] {line}", flush=True)
    print(f"[e2e prebuild] all built in {time.monotonic() - start:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
