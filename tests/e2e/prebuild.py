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


def main() -> int:
    phases = Phases("e2e prebuild")
    start = time.monotonic()
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
