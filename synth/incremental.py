"""Re-render only what changed: synth and check skip unchanged clusters and re-dump only changed objects.

A cache file beside the output folder (`.<out>.synth-cache.json`, like the lock file) records, for the
last tree synth wrote there:
- the code fingerprint: every file of charts/, synth/, config/ and imports/, the cdk8s, jsii and
  PyYAML versions (and whether PyYAML has libyaml), the Python version and CDK8S_DISABLE_SORT;
- per cluster, its input fingerprint (the cluster file's bytes, its name and folder, its resolved
  config) and, per file it wrote, the SHA-256 of the file and of the object it was dumped from.

Nothing is trusted without checking the files themselves:
- a cluster is not rendered at all when its input fingerprint is the recorded one and every file of
  dist/<cluster>/ is there with the recorded SHA-256 (and no other file is): its files are exactly what
  a render would write, because the recorded render had the same inputs and code;
- in a cluster that is rendered, an object whose JSON (with the file header) hashes to the recorded
  one reuses the file's text when that file still has the recorded SHA-256, instead of dumping YAML.
A hand-edited file fails the SHA-256 check, so it is rendered and shown by `check`, and overwritten by
synth. A different code fingerprint ignores the whole cache. The cache may be deleted at any time (the
next run renders everything); a damaged one is ignored.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from config.loader import LoadedCluster

FORMAT = 1
ROOT = Path(__file__).resolve().parent.parent
CODE_FOLDERS = ("charts", "synth", "config", "imports")


def cache_path(outdir: Path) -> Path:
    return outdir.parent / f".{outdir.name}.synth-cache.json"


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def code_fingerprint() -> str:
    """Everything besides the cluster file that decides what synth writes."""
    import importlib.util

    import yaml

    digest = hashlib.sha256()
    for folder in CODE_FOLDERS:
        for root, folders, names in os.walk(ROOT / folder):
            folders[:] = sorted(f for f in folders if f != "__pycache__")
            for name in sorted(names):
                path = Path(root, name)
                digest.update(f"{path.relative_to(ROOT)}\0".encode())
                digest.update(sha(path.read_bytes()).encode())
    # The installed versions (from their dist-info folders: importing cdk8s would start Node.js).
    spec = importlib.util.find_spec("cdk8s")
    site = Path(next(iter(spec.submodule_search_locations or []))).parent if spec else ROOT
    installed = sorted(
        p.name for pattern in ("cdk8s*.dist-info", "constructs-*.dist-info", "jsii-*.dist-info", "[Pp]y[Yy][Aa][Mm][Ll]-*.dist-info")
        for p in site.glob(pattern)
    )
    versions = [*installed, yaml.__version__, str(yaml.__with_libyaml__), sys.version]
    digest.update("\0".join([*versions, os.environ.get("CDK8S_DISABLE_SORT", "")]).encode())
    return digest.hexdigest()


_KEY: list[str] = []


def sealed(code: str) -> str:
    """code bound to a random key kept in this user's cache folder (checks.disk_cache), never beside dist/:
    a cache file that came with the working copy (committed, copied, restored) was not written here, does
    not match, and so cannot vouch for hand-edited files in dist/ (`check` would pass them). Without a
    cache folder the key lives as long as the process (every run renders everything)."""
    if not _KEY:
        _KEY.append(_local_key())
    return sha(f"{_KEY[0]}\0{code}".encode())


def _local_key() -> str:
    import secrets

    from checks.disk_cache import cache_dir

    fresh = secrets.token_hex(32)
    folder = cache_dir()
    if folder is None:
        return fresh
    path = folder / "synth-key"
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        temporary = folder / f".synth-key.tmp-{os.getpid()}"
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.write(fd, fresh.encode())
            os.fsync(fd)
        finally:
            os.close(fd)
        try:
            os.link(temporary, path)  # never replaces a key another run made first
        except FileExistsError:
            pass
        finally:
            os.unlink(temporary)
        key = path.read_text(encoding="ascii").strip()
        return key if len(key) == 64 else fresh
    except (OSError, UnicodeDecodeError):
        return fresh


def cluster_fingerprint(cluster: LoadedCluster) -> str:
    digest = hashlib.sha256()
    for part in (cluster.source.name, cluster.key, cluster.gitops_path):
        digest.update(part.encode() + b"\0")
    digest.update(sha(cluster.source.read_bytes()).encode())
    digest.update(cluster.config.model_dump_json().encode())
    return digest.hexdigest()


def object_key(text_before: str, document: Any) -> str:
    """The key of a file dumped from document after text_before (the header): what its text depends on."""
    return sha((text_before + "\0" + json.dumps(document, separators=(",", ":"))).encode())


@dataclass
class Cache:
    code: str
    clusters: dict[str, dict[str, Any]] = field(default_factory=dict)

    @classmethod
    def load(cls, outdir: Path, code: str) -> Cache:
        """The recorded cache when it was written by this code, else an empty one."""
        try:
            data = json.loads(cache_path(outdir).read_text(encoding="utf-8"))
            if data.get("format") == FORMAT and data.get("code") == code and isinstance(data.get("clusters"), dict):
                return cls(code, data["clusters"])
        except (OSError, ValueError, AttributeError):
            pass
        return cls(code)

    def save(self, outdir: Path) -> None:
        """Written whole (temp + rename); losing it only costs the next run a full render."""
        from synth.safe_io import atomic_write

        text = json.dumps({"format": FORMAT, "code": self.code, "clusters": self.clusters}, sort_keys=True)
        atomic_write(cache_path(outdir), text)


@dataclass
class Plan:
    """What an incremental run renders, and what it may take from the files already in the output."""

    files: dict[str, str]  # the files of the clusters taken as they are, by path relative to the output
    render: list[LoadedCluster]  # the clusters to render
    reuse: dict[str, dict[str, tuple[str, str]]]  # per cluster to render: path -> (object key, text)
    fingerprints: dict[str, str]  # per cluster


def plan(clusters: list[LoadedCluster], current: dict[str, bytes], cache: Cache) -> Plan:
    """current: the output folder's files (path relative to it -> bytes)."""
    by_cluster: dict[str, dict[str, bytes]] = {}
    for path, data in current.items():
        key, _, relative = path.partition("/")
        by_cluster.setdefault(key, {})[relative] = data
    result = Plan({}, [], {}, {})
    for cluster in clusters:
        fingerprint = cluster_fingerprint(cluster)
        result.fingerprints[cluster.key] = fingerprint
        entry = cache.clusters.get(cluster.key) or {}
        recorded: dict[str, list[str | None]] = entry.get("files") or {}
        on_disk = by_cluster.get(cluster.key, {})
        intact = {
            path: data.decode("utf-8")
            for path, data in on_disk.items()
            if path in recorded and sha(data) == recorded[path][0] and _utf8(data)
        }  # recorded hashes are of UTF-8 text: a matching file decodes
        if entry.get("input") == fingerprint and set(intact) == set(recorded) == set(on_disk):
            result.files.update({f"{cluster.key}/{path}": text for path, text in intact.items()})
            continue
        result.render.append(cluster)
        result.reuse[cluster.key] = {
            path: (key, intact[path]) for path, (_, key) in recorded.items() if key is not None and path in intact
        }
    return result


def _utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def record(cache: Cache, result: Plan, keys: dict[str, dict[str, str | None]], files: dict[str, str]) -> None:
    """Record what was written: per cluster its fingerprint and each file's (text SHA-256, object key)."""
    by_cluster: dict[str, dict[str, list[str | None]]] = {}
    for path, text in files.items():
        key, _, relative = path.partition("/")
        by_cluster.setdefault(key, {})[relative] = [sha(text.encode("utf-8")), keys.get(key, {}).get(relative)]
    # Clusters not in this run (other shards') keep their entries: each is checked against dist/ anyway.
    for key, fingerprint in result.fingerprints.items():
        if key in keys:  # rendered now
            cache.clusters[key] = {"input": fingerprint, "files": by_cluster.get(key, {})}
