"""Builds every tools module the end-to-end suite runs into its cache (tests/e2e/build.py), so that `.ci/run` can
build them in the background while the unit suite runs; `make e2e` then finds them cached. Needs only Python's
standard library and Go. Exit 1 with the compiler's output when a build fails.

    python3 tests/e2e/prebuild.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from e2e.build import FLUX, HELM, KARPENTER, KUBE, KWOK, Phases, build  # noqa: E402

MODULES = (KUBE, FLUX, KARPENTER, KWOK, HELM)
# `plan --workloads`' scheduler, built into the cache its command and tests read (karpenter_tenants/simulation/build.py,
# standard library only), first: the unit suite, running beside this, needs it.
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from karpenter_tenants.simulation import build as scheduler  # noqa: E402


def build_scheduler() -> str | None:
    """None when built (or cached), else why not."""
    try:
        scheduler.binary()
    except scheduler.Unavailable as error:
        return str(error)
    return None


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
