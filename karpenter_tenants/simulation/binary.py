"""Karpenter's own provisioning scheduler, run as the small Go program in simulation/scheduler/ (its own pinned
module linking sigs.k8s.io/karpenter at the core version of the cluster's Karpenter): built from the Go module proxy
on first use, cached by the content of its sources and the Go version, then run once per question (JSON in, JSON
out).

Where the build goes: $KARPENTER_TENANTS_SIMULATOR_CACHE, else <user cache>/karpenter-tenants/scheduler/<digest>/.
A missing Go toolchain, or one older than the module needs, is SimulatorUnavailable (exit 2 naming what to install),
never a silent skip.

Answers are kept beside the program (<digest>/answers/<sha256 of the request>.json, the newest ANSWERS_KEPT): the
program's answer is a function of the request (sorted, ties broken; its workers change no answer), so a question
asked again (the base revision of every pull request against the same main, a re-run) is answered from there. A kept
answer is trusted only when this machine sealed it: an HMAC-SHA256 of the request's key and the answer under a random
key made once in the user's cache beside the scheduler folder (<user cache>/karpenter-tenants/scheduler.key, 0600,
never in the folder a CI cache restores), and only when every field it has is of the program's shape (answer_problem);
anything else, a forged answer restored with the folder included, is asked of the program again.

Owns: running the scheduler program (simulation.build builds it). Must not import: commands/, review/."""

from __future__ import annotations

import hashlib
import hmac
import json
import math
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


KEY_FILE = "scheduler.key"  # beside the scheduler folder in the user's cache: never inside what a CI cache restores


def key_path() -> Path:
    """Where this machine's key for sealing kept answers lives: <user cache>/karpenter-tenants/scheduler.key, beside
    the default scheduler folder and outside any $KARPENTER_TENANTS_SIMULATOR_CACHE (the folder CI keeps)."""
    from karpenter_tenants.config.environment import cache_home

    return cache_home() / "karpenter-tenants" / KEY_FILE


def _read_secret(path: Path) -> bytes | None:
    """The key in path when it is this user's plain file (no link, one name, 0600 or stricter) holding 64 hex digits;
    None otherwise (or when there is none)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    try:
        status = os.fstat(fd)
        if not stat.S_ISREG(status.st_mode) or status.st_nlink != 1 or status.st_mode & 0o077 \
                or status.st_uid != os.getuid():
            return None
        text = os.read(fd, 200).decode("ascii", "replace").strip()
    except OSError:
        return None
    finally:
        os.close(fd)
    return bytes.fromhex(text) if re.fullmatch(r"[0-9a-f]{64}", text) else None


def _secret() -> bytes | None:
    """This machine's key (made now when there is none: a new file, O_EXCL, 0600, linked into place so a second run
    never replaces the first's); None when it cannot be had (the path is a link, another user's, readable by others,
    or the cache cannot be written): then no answer is kept or read."""
    import secrets

    path = key_path()
    found = _read_secret(path)
    if found is not None or os.path.lexists(path):
        return found
    temporary = path.parent / f".{KEY_FILE}.tmp-{os.getpid()}-{secrets.token_hex(4)}"
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        try:
            os.write(fd, secrets.token_hex(32).encode("ascii"))
            os.fsync(fd)
        finally:
            os.close(fd)
        try:
            os.link(temporary, path, follow_symlinks=False)  # never over what is there (a key, a link)
        except FileExistsError:
            pass
        finally:
            os.unlink(temporary)
    except OSError:
        return None
    return _read_secret(path)


def _seal(secret: bytes, key: str, answer: dict[str, Any]) -> str:
    """The HMAC-SHA256 of a request's key and its answer under this machine's key."""
    message = key.encode("ascii") + b"\0" + json.dumps(answer, sort_keys=True, separators=(",", ":")).encode("utf-8")
    return hmac.new(secret, message, hashlib.sha256).hexdigest()


def _string(value: Any) -> bool:
    return isinstance(value, str)


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**63


def _price(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) and value >= 0


def _amount(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _pod_keys(value: Any) -> bool:
    return value is None or isinstance(value, list) and all(isinstance(each, str) for each in value)


def _requests(value: Any) -> bool:
    return value is None or isinstance(value, dict) and all(isinstance(k, str) and isinstance(v, str)
                                                             for k, v in value.items())


_NODE = {"node": _string, "pods": _pod_keys}
_CLAIM = {"nodePool": _string, "pods": _pod_keys, "instanceTypeOptions": _count, "instanceType": _string,
          "capacityType": _string, "zone": _string, "pricePerHour": _price, "requests": _requests}
_PENDING = {"pod": _string, "reason": _string}
_DROPPED = {"nodePool": _string, "reason": _string}
_DISRUPTED = {"node": _string, "nodePool": _string, "instanceType": _string, "capacityType": _string, "zone": _string,
              "pricePerHour": _price, "pods": _count}


def _entries(value: Any, path: str, fields: dict[str, Any]) -> str | None:
    """The first problem of a list of objects of these fields (null: Go's empty list), None when there is none."""
    if value is None:
        return None
    if not isinstance(value, list):
        return f"{path} is not a list"
    for index, entry in enumerate(value):
        if not isinstance(entry, dict):
            return f"{path}[{index}] is not an object"
        for name, fits in fields.items():
            if not fits(entry.get(name)):
                return f"{path}[{index}].{name} is missing or of another type"
    return None


def answer_problem(answer: Any) -> str | None:
    """What in an answer is not of the scheduler program's shape (scheduler/main.go output, disruption.go), every field
    the product reads checked by type (finite, non-negative prices, counts as integers); None when it all fits. Fields
    the product does not read are not looked at."""
    if not isinstance(answer, dict):
        return "the answer is not an object"
    if not isinstance(answer.get("karpenterCore", ""), str):
        return "karpenterCore is not a string"
    for name, fields in (("bound", _NODE), ("existingNodes", _NODE), ("nodeClaims", _CLAIM), ("pending", _PENDING),
                         ("droppedNodePools", _DROPPED)):
        if (problem := _entries(answer.get(name), name, fields)) is not None:
            return problem
    disruption = answer.get("disruption")
    if disruption is None:
        return None
    if not isinstance(disruption, list):
        return "disruption is not a list"
    for index, command in enumerate(disruption):
        path = f"disruption[{index}]"
        if not isinstance(command, dict):
            return f"{path} is not an object"
        for name in ("method", "reason", "decision"):
            if not isinstance(command.get(name), str):
                return f"{path}.{name} is missing or not a string"
        if not _amount(command.get("savingsPerHour")):
            return f"{path}.savingsPerHour is missing or not a finite number"
        if (problem := _entries(command.get("nodes"), f"{path}.nodes", _DISRUPTED)
                or _entries(command.get("replacements"), f"{path}.replacements", _CLAIM)) is not None:
            return problem
    return None


def _plain_folder(folder: Path) -> bool:
    try:
        return stat.S_ISDIR(os.lstat(folder).st_mode)
    except OSError:
        return False


def cached(request: dict[str, Any]) -> dict[str, Any] | None:
    """The answer kept for this request, or None: none kept, KARPENTER_TENANTS_NO_CACHE set, no key of this machine,
    or a file there that this machine did not seal or that is not of the program's shape (another request's, damaged,
    edited, forged, restored from another machine's cache), or an answers folder or file that is a link."""
    if _off():
        return None
    secret = _secret()
    if secret is None:
        return None
    key, path = _key(request), kept_path(request)
    if not _plain_folder(path.parent):
        return None
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    try:
        with os.fdopen(fd, "rb") as file:
            status = os.fstat(file.fileno())
            if not stat.S_ISREG(status.st_mode) or status.st_size > MAX_ANSWER_BYTES:
                return None
            kept = json.loads(file.read(MAX_ANSWER_BYTES + 1).decode("utf-8"))
        if not isinstance(kept, dict) or kept.get("request") != key or not isinstance(kept.get("seal"), str) \
                or answer_problem(kept.get("answer")) is not None \
                or not hmac.compare_digest(kept["seal"], _seal(secret, key, kept["answer"])):
            return None
    except (OSError, ValueError, RecursionError):  # RecursionError: JSON nested past Python's stack
        return None
    return kept["answer"]


def _keep(request: dict[str, Any], answer: dict[str, Any]) -> None:
    """Keep the answer sealed with this machine's key (written whole, never through a link: a folder that is not a
    plain one keeps nothing; no key: nothing kept), and only the newest ANSWERS_KEPT answers."""
    from karpenter_tenants.build.safe_io import WriteFailed, atomic_write

    secret = _secret()
    if secret is None:
        return
    folder = _answers()
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        if not _plain_folder(folder):
            return
        key = _key(request)
        atomic_write(folder / f"{key}.json", json.dumps({"request": key, "seal": _seal(secret, key, answer),
                                                         "answer": answer}, separators=(",", ":")))
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
    if (problem := answer_problem(answer)) is not None:
        raise SimulatorFailed(f"answered in a shape the product does not read: {problem}")
    if keep:
        _keep(request, answer)
    return answer


def core_version() -> str:
    return CORE_VERSION
