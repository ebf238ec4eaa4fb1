"""Karpenter's own provisioning scheduler, run as the small Go program in simulation/scheduler/ (its own pinned
module linking sigs.k8s.io/karpenter at the core version of the cluster's Karpenter): built from the Go module proxy
on first use, cached by the content of its sources and the Go version, then run once per question (JSON in, JSON
out).

Where the build goes: $KARPENTER_TENANTS_SIMULATOR_CACHE, else <user cache>/karpenter-tenants/scheduler/<digest>/.
A missing Go toolchain, or one older than the module needs, is SimulatorUnavailable (exit 2 naming what to install),
never a silent skip.

Answers are kept beside the program (<digest>/answers/<sha256 of the request>.json, the newest ANSWERS_KEPT): the
program's answer is a function of the request (sorted, ties broken; its workers change no answer), so a question
asked again (the base revision of every pull request against the same main, a re-run) is answered from there.

Owns: running the scheduler program (simulation.build builds it). Must not import: commands/, review/."""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
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


PROFILE_ENV = "KARPENTER_TENANTS_SCHEDULER_CPUPROFILE"  # bench/simulation.py --profile: a new file, never one there
DEADLINE = 600  # seconds one question may take; then the program's whole process group is ended


def _profile_path() -> None:
    """$KARPENTER_TENANTS_SCHEDULER_CPUPROFILE, if set, names a file the program creates: an absolute path where
    nothing is yet, in a real folder (no link on the way); else EnvironmentProblem (exit 2), before anything runs.
    The program itself opens it O_CREAT|O_EXCL, so nothing there is ever overwritten or written through."""
    from karpenter_tenants.config.environment import EnvironmentProblem

    value = os.environ.get(PROFILE_ENV)
    if value is None:
        return
    fix = "name a new file by its absolute path, or unset it"
    if not value.strip() or not os.path.isabs(value):
        raise EnvironmentProblem(f"{PROFILE_ENV}={value!r} is empty or relative: {fix}")
    path = Path(value)
    if os.path.lexists(path):
        raise EnvironmentProblem(f"{PROFILE_ENV}={value!r}: something is there already (never overwritten): {fix}")
    if any(part.is_symlink() for part in path.parents) or not path.parent.is_dir():
        raise EnvironmentProblem(f"{PROFILE_ENV}={value!r}: its folder is not a real folder (a link on the way, or "
                                 f"missing): {fix}")


def _run(program: Path, request: str) -> subprocess.CompletedProcess[str]:
    """The program run on one request in a process group of its own; past DEADLINE the whole group (the supervisor
    and its worker child) is killed and the question is SimulatorFailed (exit 2), no process left behind."""
    import signal

    process = subprocess.Popen([str(program)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, start_new_session=True)
    try:
        out, err = process.communicate(request, timeout=DEADLINE)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        raise SimulatorFailed(f"no answer within {DEADLINE} s (its processes ended): the workloads file asks more "
                              "than the simulation can answer; split it by cluster or shrink the largest workloads") from None
    except BaseException:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        raise
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)


ANSWERS_KEPT = 64
MAX_ANSWER_BYTES = 256 * 1024 * 1024  # a kept file larger than this is not one the program wrote
_ANSWER_NAME = re.compile(r"[0-9a-f]{64}\.json")


def _key(request: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(request, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def _answers() -> Path:
    return binary().parent / "answers"


def kept_path(request: dict[str, Any]) -> Path:
    """Where the answer to this request is kept (whether or not it is yet)."""
    return _answers() / f"{_key(request)}.json"


def _off() -> bool:
    from karpenter_tenants.config.environment import NO_CACHE_ENV, switch

    return switch(NO_CACHE_ENV, "asks the scheduler every time", "keeps its answers")


def _digest(answer: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(answer, separators=(",", ":")).encode()).hexdigest()


def cached(request: dict[str, Any]) -> dict[str, Any] | None:
    """The answer kept for this request, or None (none kept, KARPENTER_TENANTS_NO_CACHE set, or a file there that
    is not one the program wrote: another request's, damaged, or edited — its digest no longer matches)."""
    if _off():
        return None
    key, path = _key(request), kept_path(request)
    try:
        status = os.lstat(path)
        if not stat.S_ISREG(status.st_mode) or status.st_size > MAX_ANSWER_BYTES:
            return None
        kept = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(kept, dict) or kept.get("request") != key or not isinstance(kept.get("answer"), dict) \
                or kept.get("digest") != _digest(kept["answer"]):
            return None
    except (OSError, ValueError, RecursionError):  # RecursionError: JSON nested past Python's stack
        return None
    return kept["answer"]


def _keep(request: dict[str, Any], answer: dict[str, Any]) -> None:
    """Keep the answer (written whole, never through a link: a folder that is not a plain one keeps nothing), and
    only the newest ANSWERS_KEPT answers."""
    from karpenter_tenants.build.safe_io import WriteFailed, atomic_write

    folder = _answers()
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        if folder.is_symlink() or not folder.is_dir():
            return
        key = _key(request)
        atomic_write(folder / f"{key}.json", json.dumps({"request": key, "digest": _digest(answer), "answer": answer},
                                                         separators=(",", ":")))
        kept = sorted((entry for entry in os.scandir(folder) if _ANSWER_NAME.fullmatch(entry.name)
                       and entry.is_file(follow_symlinks=False)), key=lambda entry: entry.stat().st_mtime, reverse=True)
        for entry in kept[ANSWERS_KEPT:]:
            os.unlink(entry.path)
    except (OSError, WriteFailed):
        return  # a cache: the answer is given either way


def solve(request: dict[str, Any], workers: int = 1, keep: bool = True) -> dict[str, Any]:
    """The scheduler's answer to one request (simulation.revision builds it): kept from an earlier run of the same
    request, else the program's, run with `workers` (Karpenter's concurrency, which changes no answer) and kept
    (keep=False: neither read nor kept)."""
    keep = keep and not _off()
    if keep and (found := cached(request)) is not None:
        return found
    program = binary()
    _profile_path()
    result = _run(program, json.dumps({**request, "workers": max(1, min(64, workers))}))
    if result.returncode != 0:
        raise SimulatorFailed(result.stderr.strip().splitlines()[-1] if result.stderr.strip() else
                              f"exit {result.returncode} without a message")
    try:
        answer = json.loads(result.stdout)
    except json.JSONDecodeError as error:
        raise SimulatorFailed(f"answered with no JSON ({error})") from None
    if not isinstance(answer, dict):
        raise SimulatorFailed("answered with no JSON object")
    if keep:
        _keep(request, answer)
    return answer


def core_version() -> str:
    return CORE_VERSION
