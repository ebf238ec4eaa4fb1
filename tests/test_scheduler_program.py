"""The scheduler program's own Go tests (karpenter_tenants/simulation/scheduler/*_test.go): scenarios answered by
construction through its JSON interface (a pod too big for every type, a pool's limit, taints, arm64, DaemonSet
overhead, determinism, bad input; consolidation's methods, budgets, consolidateAfter Never, scheduled budgets), run
with the flags simulation.build builds the program with, so the build cache it filled is reused. A missing or old Go
fails here with what to install, as the command does."""

from __future__ import annotations

import os
import shutil
import subprocess

from karpenter_tenants.simulation import build


def test_the_scheduler_programs_go_tests_pass() -> None:
    try:
        build.binary()  # Go checked and the program built (the cache the tests then reuse)
    except build.Unavailable as error:
        raise AssertionError(str(error)) from None
    go = shutil.which("go")
    assert go is not None
    env = {**os.environ, "GOFLAGS": "-mod=readonly", "CGO_ENABLED": "0"}
    result = subprocess.run([go, "test", "-trimpath", "-count=1", "."], cwd=build.SOURCE, capture_output=True,
                            text=True, env=env, timeout=3600)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-4000:]
