"""The scheduler program's own Go tests (karpenter_tenants/simulation/scheduler/*_test.go): scenarios answered by
construction through its JSON interface (a pod too big for every type, a pool's limit, taints, arm64, DaemonSet
overhead, determinism, bad input; consolidation's methods, budgets, consolidateAfter Never, scheduled budgets), run
with the flags simulation.build builds the program with, so the build cache it filled is reused. A missing or old Go
fails here with what to install, as the command does."""

from __future__ import annotations

import os
import subprocess

import pytest

from karpenter_tenants.simulation import build


@pytest.mark.parametrize("minor", list(build.MODULES))
def test_the_scheduler_programs_go_tests_pass(minor: str) -> None:
    """Against each Karpenter minor's core: the same sources, with that minor's module file (go.mod, go115.mod)."""
    try:
        build.binary(minor)  # Go checked and the program built (the cache the tests then reuse)
        go, env, flags, _ = build.go_command(minor)
    except build.Unavailable as error:
        raise AssertionError(str(error)) from None
    result = subprocess.run(
        [go, "test", *flags, "-trimpath", "-count=1", "."],
        cwd=build.SOURCE,
        capture_output=True,
        text=True,
        env=env,
        timeout=3600,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-4000:]


def test_a_new_build_keeps_the_newest_builds_beside_it_and_nothing_else_of_the_folder(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Each version of the product builds its own program (some 65 MB) into the cache CI keeps between runs: after a
    build, the newest BUILDS_KEPT stay; a folder that is no build (another name, no program, a link) is left alone."""
    builds = []
    for n in range(5):
        folder = tmp_path / f"{n:020x}"
        (folder / "answers").mkdir(parents=True)
        (folder / "scheduler").write_text("program")
        os.utime(folder, (1000 + n, 1000 + n))
        builds.append(folder)
    (tmp_path / "notes").mkdir()
    (tmp_path / f"{9:020x}").mkdir()  # no program in it
    (tmp_path / f"{8:020x}").symlink_to(builds[0])
    build._prune(builds[2])  # the build just made
    left = sorted(p.name for p in tmp_path.iterdir())
    kept = {builds[2].name, builds[4].name, builds[3].name}  # it, and the newest others up to BUILDS_KEPT
    assert build.BUILDS_KEPT == 3
    assert left == sorted({*kept, "notes", f"{9:020x}", f"{8:020x}"})


def test_the_workflows_keep_the_scheduler_cache_where_the_build_puts_it(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The pull-request workflows (this repository's and the one `init` writes) keep ~/.cache/karpenter-tenants/scheduler
    between runs: the program and its kept answers (simulation.binary)."""
    from pathlib import Path

    import yaml

    from karpenter_tenants.commands.cli import main

    root = Path(__file__).resolve().parents[3]
    assert main(["init", str(tmp_path / "team"), "--name", "globex"]) == 0
    default = Path.home() / ".cache" / "karpenter-tenants" / "scheduler"
    for path in (root / ".github/workflows/pull-request.yaml", tmp_path / "team/.github/workflows/pull-request.yaml"):
        steps = yaml.safe_load(path.read_text())["jobs"]["verify"]["steps"]
        caches = [
            Path(s["with"]["path"].replace("~", str(Path.home())))
            for s in steps
            if str(s.get("uses", "")).startswith("actions/cache@")
        ]
        assert default in caches, path
        if path.is_relative_to(tmp_path):  # init's keeps the reference data where fetch-reference fills it too
            from karpenter_tenants.reference.shared import reference_cache

            monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
            assert reference_cache() in caches, caches
    # where the build puts it on a runner, which sets neither variable (this machine may: a test run with its own)
    monkeypatch.delenv(build.CACHE_ENV, raising=False)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    assert build.cache_folder() == default
