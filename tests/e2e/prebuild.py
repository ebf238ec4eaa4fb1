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
# `plan --workloads`' schedulers, one per Karpenter minor (1.14, 1.15), built into the cache its command and tests read
# (karpenter_tenants/simulation/build.py, standard library only), first: the unit suite, running beside this, needs
# them.
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from karpenter_tenants.simulation import build as scheduler  # noqa: E402


def build_scheduler(minor: str) -> str | None:
    """None when the scheduler of this Karpenter minor is built (or cached), else why not."""
    try:
        scheduler.binary(minor)
    except scheduler.Unavailable as error:
        return str(error)
    return None


def main() -> int:
    phases = Phases("e2e prebuild")
    start = time.monotonic()
    for minor in scheduler.MODULES:  # first: the unit suite, running beside this, needs them (the default first)
        began = time.monotonic()
        failed = build_scheduler(minor)
        if failed is not None:
            print(
                f"[e2e prebuild] the scheduler of plan --workloads (Karpenter {minor}): {failed}",
                file=sys.stderr,
                flush=True,
            )
            return 1
        print(
            f"[e2e prebuild] scheduler of Karpenter {minor} (plan --workloads) built in "
            f"{time.monotonic() - began:.0f} s",
            flush=True,
        )
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
