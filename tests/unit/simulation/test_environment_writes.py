"""The simulation's environment variables under the one write rule of docs/safety.md: the CPU profile is a new file
named by an absolute path (never one there, never through a link, hard or symbolic), the scheduler's cache folder is
absolute or refused ($KARPENTER_TENANTS_SIMULATOR_CACHE) or the XDG default (a relative XDG_CACHE_HOME ignored), and a
question past its deadline ends the program's whole process group."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from karpenter_tenants.config.environment import EnvironmentProblem
from karpenter_tenants.simulation import binary, build


@pytest.mark.parametrize(
    "shape",
    [
        "a file",
        "a symbolic link",
        "a dangling link",
        "a hard link",
        "relative",
        "empty",
        "below a linked folder",
        "missing folder",
    ],
)
def test_the_cpu_profile_is_a_new_file_or_refused_before_anything_runs(
    shape: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    victim = tmp_path / "victim"
    victim.write_text("keep me")
    (tmp_path / "real").mkdir()
    (tmp_path / "linked").symlink_to(tmp_path / "real")
    path = {
        "a file": str(victim),
        "a symbolic link": str(tmp_path / "link"),
        "a dangling link": str(tmp_path / "dangling"),
        "a hard link": str(tmp_path / "hard"),
        "relative": "profile.out",
        "empty": "",
        "below a linked folder": str(tmp_path / "linked/profile.out"),
        "missing folder": str(tmp_path / "nowhere/profile.out"),
    }[shape]
    (tmp_path / "link").symlink_to(victim)
    (tmp_path / "dangling").symlink_to(tmp_path / "gone")
    os.link(victim, tmp_path / "hard")
    monkeypatch.setenv(binary.PROFILE_ENV, path)
    with pytest.raises(EnvironmentProblem, match=binary.PROFILE_ENV):
        binary._profile_path()
    assert victim.read_text() == "keep me" and not (tmp_path / "real/profile.out").exists()


def test_a_new_profile_file_is_accepted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(binary.PROFILE_ENV, str(tmp_path / "profile.out"))
    binary._profile_path()


@pytest.mark.parametrize("value", ["", "relative/cache", "  "])
def test_the_simulator_cache_variable_empty_or_relative_is_refused(value: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(build.CACHE_ENV, value)
    with pytest.raises(EnvironmentProblem, match=build.CACHE_ENV):
        build.cache_folder()


def test_a_relative_xdg_cache_home_is_ignored_as_the_xdg_spec_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(build.CACHE_ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", "relative-cache")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert build.cache_folder() == tmp_path / ".cache/karpenter-tenants/scheduler"
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert build.cache_folder() == tmp_path / "xdg/karpenter-tenants/scheduler"


def test_past_the_deadline_the_whole_process_group_ends(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A supervisor and its child, as the scheduler program runs: both are gone after the deadline, exit 2."""
    pids = tmp_path / "pids"
    program = tmp_path / "program"
    program.write_text(f"#!/bin/sh\nsleep 300 &\necho $$ $! > {pids}\nwait\n")
    program.chmod(0o755)
    monkeypatch.setattr(binary, "DEADLINE", 1)
    with pytest.raises(binary.SimulatorFailed, match="no answer within 1 s"):
        binary._run(program, "{}")
    supervisor, child = (int(p) for p in pids.read_text().split())
    for pid in (supervisor, child):
        for _ in range(50):
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                break
            if Path(f"/proc/{pid}/stat").exists() and Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z":
                break  # a zombie waiting for its parent (init) to reap it: ended
            time.sleep(0.1)
        else:
            pytest.fail(f"process {pid} still runs after the deadline")


def test_the_go_command_writes_nothing_in_the_users_configuration_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Round 9 (r9-env-900): every `plan --workloads` asks `go env GOVERSION`, and since Go 1.23 every go command
    writes telemetry counters under os.UserConfigDir (~/.config/go/telemetry), GOTELEMETRY=off or not. The go command
    now runs with a configuration folder of the process's own; the user's `go env -w` file is still the one read."""
    home = tmp_path / "home"
    (home / ".config/go").mkdir(parents=True)
    (home / ".config/go/env").write_text("GOFLAGS=-tags=fromtheuser\n")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.delenv("GOENV", raising=False)
    monkeypatch.delenv("GOFLAGS", raising=False)
    go, version = build._go()
    assert version.startswith("go1.")
    import subprocess

    said = subprocess.run([go, "env", "GOFLAGS"], capture_output=True, text=True, env=build.go_environment())
    assert said.stdout.strip() == "-tags=fromtheuser", said  # the user's go env file still read
    written = sorted(str(p.relative_to(home)) for p in home.rglob("*"))
    assert written == [".config", ".config/go", ".config/go/env"], written
    # the world: without it, the go command writes its counters there
    subprocess.run([go, "env", "GOVERSION"], capture_output=True, env={**os.environ, "GOTELEMETRY": "off"})
    assert (home / ".config/go/telemetry").exists()
