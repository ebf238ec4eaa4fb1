"""Karpenter's own provisioning scheduler, run as the small Go program in simulation/scheduler/ (its own pinned
module linking sigs.k8s.io/karpenter at the core version of the cluster's Karpenter: one module file, one program,
per Karpenter minor the product simulates, build.MODULES): built from the Go module proxy on first use, cached by the
content of its sources and the Go version, then run once per question (JSON in, JSON out). The cluster's
karpenter.version (the head revision's) picks the program (scheduler_for); a release of another minor, or none said,
gets the nearest (or the default) and the answer says so (report.py).

Where the builds go: $KARPENTER_TENANTS_SIMULATOR_CACHE, else <user cache>/karpenter-tenants/scheduler, as
<minor>/<digest>/. A missing Go toolchain, or one older than the module needs (and that cannot be fetched), is
SimulatorUnavailable (exit 2 naming what to install), never a silent skip.

Answers are kept beside the program (<minor>/<digest>/answers/<sha256 of its core and the request>.json, the newest
ANSWERS_KEPT: an answer of one core is never another's): the program's answer is a function of the request (sorted,
ties broken; its workers change no answer), so a question asked again (the base revision of every pull request
against the same main, a re-run) is answered from there. A kept answer is trusted only when this machine sealed
it: an HMAC-SHA256 of the request's key and the answer under a random key made once in the user's cache beside the
scheduler folder (<user cache>/karpenter-tenants/scheduler.key, 0600, never in the folder a CI cache restores), and
only when every field it has is of the program's shape (answer_problem) and it is of the minor's core; anything
else, a forged answer restored with the folder included, is asked of the program again.

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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from karpenter_tenants.config.yaml_input import InputError
from karpenter_tenants.simulation.build import DEFAULT_MINOR, MODULES

CORE_VERSION = MODULES[DEFAULT_MINOR][1]  # the default scheduler's core (go.mod: 1.14.1); the catalogue's release too


class SimulatorUnavailable(InputError):
    def __init__(self, problem: str) -> None:
        super().__init__("plan --workloads", None, problem)


class SimulatorFailed(InputError):
    def __init__(self, problem: str) -> None:
        super().__init__("Karpenter's scheduler", None, problem)


@dataclass(frozen=True)
class Scheduler:
    """The scheduler a cluster's Karpenter release is simulated with: its minor (build.MODULES), the core it links,
    and, when it is not the release's own minor, why (said on the answer); "" when it is."""

    minor: str
    core: str
    note: str = ""


def scheduler_for(version: str) -> Scheduler:
    """The scheduler of a karpenter.version (the head revision's cluster file says it): its own minor's when the
    product has one, else the nearest minor's (ties: the older), the default's when it says none or no 1.x release."""
    simulated = " and ".join(MODULES)
    found = re.fullmatch(r"v?(\d+)\.(\d+)(?:\.\d+)?(?:[-+]\S*)?", version.strip()) if isinstance(version, str) else None
    if found is None:
        default = Scheduler(DEFAULT_MINOR, MODULES[DEFAULT_MINOR][1])
        from karpenter_tenants.config.listing import one_line

        said = (
            f"is {one_line(version.strip())[:40]!r}, not a Karpenter release"
            if isinstance(version, str) and version.strip()
            else "says none"
        )
        return Scheduler(
            default.minor,
            default.core,
            f"the cluster file's karpenter.version {said}: Karpenter "
            f"{default.minor}'s scheduler (the default) answers; the simulation has {simulated}",
        )
    major, minor = int(found.group(1)), int(found.group(2))
    if f"{major}.{minor}" in MODULES:
        return Scheduler(f"{major}.{minor}", MODULES[f"{major}.{minor}"][1])
    chosen = min(
        MODULES,
        key=lambda each: (abs(int(each.split(".")[0]) * 1000 + int(each.split(".")[1]) - (major * 1000 + minor)), each),
    )
    return Scheduler(
        chosen,
        MODULES[chosen][1],
        f"the cluster runs Karpenter {version.strip()[:40]}, a minor the "
        f"simulation has no scheduler of (it has {simulated}): the nearest, Karpenter {chosen}'s (core "
        f"{MODULES[chosen][1]}), answers",
    )


def minor_of(version: str) -> str:
    """The minor of the scheduler that simulates a karpenter.version (scheduler_for)."""
    return scheduler_for(version).minor


def binary(minor: str = DEFAULT_MINOR) -> Path:
    """The built scheduler program of a Karpenter minor (simulation.build), built now when the cache has none;
    SimulatorUnavailable."""
    from karpenter_tenants.simulation import build

    try:
        return build.binary(minor)
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
        raise EnvironmentProblem(
            f"{PROFILE_ENV}={value!r}: its folder is not a real folder (a link on the way, or missing): {fix}"
        )


def _run(program: Path, request: str) -> subprocess.CompletedProcess[str]:
    """The program run on one request in a process group of its own; past DEADLINE the whole group (the supervisor
    and its worker child) is killed and the question is SimulatorFailed (exit 2), no process left behind."""
    import signal

    process = subprocess.Popen(
        [str(program)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        out, err = process.communicate(request, timeout=DEADLINE)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        raise SimulatorFailed(
            f"no answer within {DEADLINE} s (its processes ended): the workloads file asks more "
            "than the simulation can answer; split it by cluster or shrink the largest workloads"
        ) from None
    except BaseException:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        raise
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)


ANSWERS_KEPT = 1024  # a revision keeps an answer per part (simulation.partition): 40 tenants, base and head, many PRs
MAX_ANSWER_BYTES = 256 * 1024 * 1024  # a kept file larger than this is not one the program wrote
_ANSWER_NAME = re.compile(r"[0-9a-f]{64}\.json")


def _key(request: dict[str, Any], minor: str = DEFAULT_MINOR) -> str:
    """The request's key: the SHA-256 of the core that answers it and the request (a 1.14 and a 1.15 answer to the
    same question are two answers)."""
    core = f"sigs.k8s.io/karpenter@v{MODULES[minor][1]}\0".encode()
    return hashlib.sha256(core + json.dumps(request, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def _answers(minor: str = DEFAULT_MINOR) -> Path:
    return binary(minor).parent / "answers"


def kept_path(request: dict[str, Any], minor: str = DEFAULT_MINOR) -> Path:
    """Where the answer to this request of a minor's scheduler is kept (whether or not it is yet)."""
    return _answers(minor) / f"{_key(request, minor)}.json"


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
        if (
            not stat.S_ISREG(status.st_mode)
            or status.st_nlink != 1
            or status.st_mode & 0o077
            or status.st_uid != os.getuid()
        ):
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
    return (
        value is None
        or isinstance(value, dict)
        and all(isinstance(k, str) and isinstance(v, str) for k, v in value.items())
    )


_NODE = {"node": _string, "pods": _pod_keys}
_CLAIM = {
    "nodePool": _string,
    "pods": _pod_keys,
    "instanceTypeOptions": _count,
    "instanceType": _string,
    "capacityType": _string,
    "zone": _string,
    "pricePerHour": _price,
    "requests": _requests,
}
_PENDING = {"pod": _string, "reason": _string}
_DROPPED = {"nodePool": _string, "reason": _string}
_DISRUPTED = {
    "node": _string,
    "nodePool": _string,
    "instanceType": _string,
    "capacityType": _string,
    "zone": _string,
    "pricePerHour": _price,
    "pods": _count,
}


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
    for name, fields in (
        ("bound", _NODE),
        ("existingNodes", _NODE),
        ("nodeClaims", _CLAIM),
        ("pending", _PENDING),
        ("droppedNodePools", _DROPPED),
    ):
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
        if (
            problem := _entries(command.get("nodes"), f"{path}.nodes", _DISRUPTED)
            or _entries(command.get("replacements"), f"{path}.replacements", _CLAIM)
        ) is not None:
            return problem
    return None


def _plain_folder(folder: Path) -> bool:
    try:
        return stat.S_ISDIR(os.lstat(folder).st_mode)
    except OSError:
        return False


def cached(request: dict[str, Any], minor: str = DEFAULT_MINOR) -> dict[str, Any] | None:
    """The answer kept for this request, or None: none kept, KARPENTER_TENANTS_NO_CACHE set, no key of this machine,
    or a file there that this machine did not seal or that is not of the program's shape (another request's, damaged,
    edited, forged, restored from another machine's cache), or that another core answered, or an answers folder or
    file that is a link."""
    if _off():
        return None
    secret = _secret()
    if secret is None:
        return None
    key, path = _key(request, minor), kept_path(request, minor)
    if not _plain_folder(path.parent):
        return None
    try:
        # O_NONBLOCK: a FIFO put there opens at once (and is refused below) instead of waiting for a writer forever
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    try:
        with os.fdopen(fd, "rb") as file:
            status = os.fstat(file.fileno())
            if not stat.S_ISREG(status.st_mode) or status.st_size > MAX_ANSWER_BYTES:
                return None
            kept = json.loads(file.read(MAX_ANSWER_BYTES + 1).decode("utf-8"))
        if (
            not isinstance(kept, dict)
            or kept.get("request") != key
            or not isinstance(kept.get("seal"), str)
            or answer_problem(kept.get("answer")) is not None
            or not _of_core(kept["answer"], minor)
            or not hmac.compare_digest(kept["seal"], _seal(secret, key, kept["answer"]))
        ):
            return None
    except (OSError, ValueError, RecursionError):  # RecursionError: JSON nested past Python's stack
        return None
    return kept["answer"]


def _of_core(answer: dict[str, Any], minor: str) -> bool:
    """Whether an answer is of the minor's core (one that does not say its core is taken as the program's)."""
    said = answer.get("karpenterCore")
    return not said or said.removeprefix("v") == MODULES[minor][1]


def _keep(request: dict[str, Any], answer: dict[str, Any], minor: str = DEFAULT_MINOR) -> None:
    """Keep the answer sealed with this machine's key (written whole, never through a link: a folder that is not a
    plain one keeps nothing; no key: nothing kept), and only the newest ANSWERS_KEPT answers."""
    from karpenter_tenants.synthesis.safe_io import WriteFailed, atomic_write

    secret = _secret()
    if secret is None:
        return
    folder = _answers(minor)
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        if not _plain_folder(folder):
            return
        key = _key(request, minor)
        atomic_write(
            folder / f"{key}.json",
            json.dumps({"request": key, "seal": _seal(secret, key, answer), "answer": answer}, separators=(",", ":")),
        )
        kept = sorted(
            (
                entry
                for entry in os.scandir(folder)
                if _ANSWER_NAME.fullmatch(entry.name) and entry.is_file(follow_symlinks=False)
            ),
            key=lambda entry: entry.stat().st_mtime,
            reverse=True,
        )
        for entry in kept[ANSWERS_KEPT:]:
            os.unlink(entry.path)
    except (OSError, WriteFailed):
        return  # a cache: the answer is given either way


def solve(request: dict[str, Any], workers: int = 1, keep: bool = True, minor: str = DEFAULT_MINOR) -> dict[str, Any]:
    """The answer of a Karpenter minor's scheduler to one request (simulation.revision builds it): kept from an
    earlier run of the same request by the same core, else the program's, run with `workers` (Karpenter's
    concurrency, which changes no answer) and kept (keep=False: neither read nor kept)."""
    keep = keep and not _off()
    if keep and (found := cached(request, minor)) is not None:
        return found
    program = binary(minor)
    _profile_path()
    result = _run(program, json.dumps({**request, "workers": max(1, min(64, workers))}))
    if result.returncode != 0:
        raise SimulatorFailed(
            result.stderr.strip().splitlines()[-1]
            if result.stderr.strip()
            else f"exit {result.returncode} without a message"
        )
    try:
        answer = json.loads(result.stdout)
    except json.JSONDecodeError as error:
        raise SimulatorFailed(f"answered with no JSON ({error})") from None
    if (problem := answer_problem(answer)) is not None:
        raise SimulatorFailed(f"answered in a shape the product does not read: {problem}")
    if not _of_core(answer, minor):
        raise SimulatorFailed(
            f"{program} answered as core {answer.get('karpenterCore')}, not the "
            f"v{MODULES[minor][1]} of Karpenter {minor}'s module: remove that build and ask again"
        )
    if keep:
        _keep(request, answer, minor)
    return answer


def core_version(minor: str = DEFAULT_MINOR) -> str:
    """The sigs.k8s.io/karpenter core a minor's scheduler links (build.MODULES), e.g. "1.15.0"."""
    return MODULES[minor][1]
