"""On-disk cache of what `validate` computes from content alone: parsed CRD files and rendered charts
(from reference data), CEL rule results and each object's findings (pure functions of the object
and its schema). A second `validate` skips libyaml's parse of ~2 MB of CRDs, the Helm render and
every check of an unchanged object (docs/performance.md has the numbers).

Where: $KARPENTER_TENANTS_CACHE_DIR (an absolute path), else $XDG_CACHE_HOME/karpenter-tenants, else
~/.cache/karpenter-tenants. Off: `--no-cache` or KARPENTER_TENANTS_NO_CACHE=1 (a bad value of either
variable is exit 2: config.environment).

Never stale: an entry's name is the SHA-256 of everything its value is derived from: the input
bytes (a CRD file, the chart folder's files and the values), the source of the module that
computes it and of this one (a code change is a miss), the library versions involved and
FORMAT. Safe to delete at any time, whole or any file of it.

Format: JSON, never pickle or marshal. The folder may be shared (a CI cache restored from another
job, a team's cache directory): pickle runs code while loading and marshal can crash the
interpreter on crafted bytes, while JSON only ever yields plain data that we check like any
other. Each entry is `<sha256 of the payload>\\n<payload>`; an entry that cannot be read, is cut
short, fails its checksum or does not parse is a miss and is rewritten. The checksum catches damage, not
forgery: entry names and checksums are computed from public data, so whoever can write the folder
decides what `validate` reports (an entry saying an invalid object has no findings is believed).
Share the folder only with people and jobs you would let change this code (in CI: restore it only
from runs of trusted branches). Values that JSON would not
give back equal (a YAML date, a non-string key) are not cached at all.

Writes are atomic (a temporary file in the same folder, then rename), so concurrent runs either
see a whole entry or none. A folder that cannot be written costs the speed-up only: one warning
per process on stderr, and the command runs as without a cache.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar, cast

from karpenter_tenants.config import environment

DIR_ENV = environment.CACHE_DIR_ENV
OFF_ENV = environment.NO_CACHE_ENV
FORMAT = "1"  # bump when the entry layout changes

T = TypeVar("T")
_MISS = object()
_state = {"disabled": False, "warned": False}


def disable(disabled: bool = True) -> None:
    """Run without the cache (`--no-cache`) until called again; every command sets it afresh."""
    _state["disabled"] = disabled


def cache_dir() -> Path | None:
    """The cache folder, or None when caching is off. Both variables are parsed whether or not they decide
    (config.environment): a bad value is exit 2 naming it, with --no-cache too."""
    off = environment.switch(OFF_ENV, "runs without the cache", "uses it")
    configured = environment.folder(DIR_ENV, "a folder for the cache", must_exist=False)
    if _state["disabled"] or off:
        return None
    if configured is not None:
        return configured
    return environment.cache_home() / "karpenter-tenants"


def source_digest(module_file: str) -> str:
    """The code version of a module: the SHA-256 of its source."""
    return _file_digest(Path(module_file))


_SOURCE_DIGESTS: dict[Path, str] = {}


def _file_digest(path: Path) -> str:
    if path not in _SOURCE_DIGESTS:
        _SOURCE_DIGESTS[path] = hashlib.sha256(path.read_bytes()).hexdigest()
    return _SOURCE_DIGESTS[path]


def _digest(parts: Iterable[str | bytes]) -> str:
    """SHA-256 of the parts, each length-prefixed so no two part lists collide."""
    digest = hashlib.sha256()
    for part in parts:
        data = part.encode() if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "big") + data)
    return digest.hexdigest()


def entry_key(kind: str, parts: Iterable[str | bytes]) -> str:
    return _digest((FORMAT, _file_digest(Path(__file__)), kind, *parts))


def folder_digest(folder: Path) -> str:
    """SHA-256 over every file of a folder: relative paths and bytes."""
    files = sorted(p for p in folder.rglob("*") if p.is_file())
    return _digest(part for path in files for part in (path.relative_to(folder).as_posix(), path.read_bytes()))


def cached(kind: str, parts: Iterable[str | bytes], compute: Callable[[], T]) -> T:
    """compute()'s value, from the cache when an entry for (kind, parts) exists, else computed and stored.
    `parts` must name everything the value depends on."""
    path = _entry(kind, parts)
    if path is None:
        return compute()
    found = _read(path)
    if found is not _MISS:
        return cast(T, found)
    value = compute()
    _write(path, value)
    return value


class ResultTable:
    """Memoized results of a pure function (key -> plain value) in one entry per (kind, parts): read on
    first use, new results added by save() (save_tables(): every table). Concurrent runs may overwrite
    each other's additions, which costs a recomputation, never a wrong result; past `limit` entries
    the table starts over."""

    def __init__(self, kind: str, parts: Callable[[], Iterable[str | bytes]], limit: int = 200_000) -> None:
        self.kind, self.parts, self.limit = kind, parts, limit
        self._stored: dict[str, Any] | None = None
        self._new: dict[str, Any] = {}
        _TABLES.append(self)

    def _table(self) -> dict[str, Any]:
        if self._stored is None:
            path = _entry(self.kind, self.parts())
            found = _MISS if path is None else _read(path)
            self._stored = found if isinstance(found, dict) else {}
        return self._stored

    def get(self, key: str) -> Any:
        return self._table().get(key)

    def put(self, key: str, value: Any) -> None:
        self._new[key] = value

    def save(self) -> None:
        if not self._new:
            return
        table = self._table()
        if len(table) + len(self._new) > self.limit:
            table.clear()
        table.update(self._new)
        self._new.clear()
        path = _entry(self.kind, self.parts())
        if path is not None:
            _write(path, table)


_TABLES: list[ResultTable] = []


def save_tables() -> None:
    for table in _TABLES:
        table.save()


def _entry(kind: str, parts: Iterable[str | bytes]) -> Path | None:
    root = cache_dir()
    return None if root is None else root / kind / f"{entry_key(kind, parts)}.json"


def _read(path: Path) -> Any:
    try:
        data = path.read_bytes()
        checksum, _, payload = data.partition(b"\n")
        if hashlib.sha256(payload).hexdigest().encode() != checksum:
            return _MISS
        return json.loads(payload)
    except (OSError, ValueError):  # missing, unreadable, not UTF-8, not JSON: all a miss
        return _MISS


def _write(path: Path, value: Any) -> None:
    try:
        payload = json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode()
        if json.loads(payload) != value:
            return  # JSON would not give the same value back
    except (TypeError, ValueError):
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
        try:
            with os.fdopen(handle, "wb") as stream:
                stream.write(hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload)
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError as error:
        if not _state["warned"]:
            _state["warned"] = True
            print(
                f"warning: cache folder {path.parent.parent} cannot be written ({error.strerror or error}); "
                f"running without it: set {DIR_ENV} to a writable folder, or pass --no-cache",
                file=sys.stderr,
            )
