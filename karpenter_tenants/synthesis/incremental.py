"""Re-render only what changed: synth and check build only the parts of a cluster whose inputs or files changed.

A cluster's output is split into parts (synthesis.parts): one per tenant (its tenants/<tenant>/ files and its
applier) and the cluster-wide part (everything else but the kustomization.yaml files, which follow from the
parts' files). Each part is built from an explicit projection of the config, and its fingerprint hashes exactly
that projection (synthesis.parts.part_fingerprint).

A cache file beside the output folder (`.<out>.synth-cache.json`, like the lock file) records, for the
last tree synth wrote there:
- the code fingerprint: the cdk8s, cdk8s-plus, constructs, jsii and PyYAML versions (and whether PyYAML has
  libyaml), the Node.js binary, the Python version, CDK8S_DISABLE_SORT and the extensions' names, sealed
  with this user's key (a cache that did not come from a synth of this user's ignores itself);
- every module file that was loaded while parts were built (charts/, config/, imports/, a platform team's
  extensions wherever they live: charts.extensions.loaded_module_files) with its SHA-256: a cache any of
  whose modules changed is ignored;
- per cluster and part, the part's fingerprint and the files it wrote; per file, the SHA-256 of the
  file and of the object it was dumped from.

Nothing is trusted without checking the files themselves:
- a part is not built when its fingerprint is the recorded one and each of its recorded files is in
  dist/<cluster>/ with the recorded SHA-256: those files are exactly what building it would write,
  because the recorded build had the same projection and code;
- in a part that is built, an object whose JSON (with the file header) hashes to the recorded one
  reuses the file's text when that file still has the recorded SHA-256, instead of dumping YAML.
A hand-edited file fails the SHA-256 check, so its part is built, `check` shows the file and synth
overwrites it; a file no part writes is not in the output (synth removes it, check shows it). A
different code fingerprint ignores the whole cache. The cache may be deleted at any time (the next
run builds everything); a damaged one is ignored.

Files are checked by content, not by their stat (size, mtime_ns, ctime_ns, inode, as git's index does).
Measured at 1,000 tenants (4,024 files, 3.1 MB): reading them all takes 0.04 s and hashing them 0.004 s,
a stat of each 0.015 s; at 5,000 (20,024 files) 0.26, 0.02 and 0.12 s. Trusting
stats would also need a racy-timestamp rule (a stat taken within the file system's timestamp granularity of
the file's last change proves nothing, as git's "racy clean" entries) and a second way through the
staging, which compares and hard-links files by their content: not worth it.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

# The config and the charts' inputs are imported where a plan is made, not here: a synth with nothing to do
# (unchanged) loads neither (pydantic's models are a third of its time).
if TYPE_CHECKING:
    from karpenter_tenants.charts.extensions import Extensions
    from karpenter_tenants.charts.part_inputs import ClusterWide, TenantPart
    from karpenter_tenants.config.loader import LoadedCluster
    from karpenter_tenants.config.resolved import TenantFacts

FORMAT = 3


def cache_path(outdir: Path) -> Path:
    return outdir.parent / f".{outdir.name}.synth-cache.json"


def likely_to_build(clusters: Path, outdir: Path) -> bool:
    """A hint from a few stat calls, before the config is imported: synth has run here (its cache is there) and a
    cluster file changed since (is newer than the cache). Wrong either way costs only time: jsii's runtime started
    for nothing (charts.runtime), or not started early."""
    try:
        cached = os.stat(cache_path(outdir)).st_mtime_ns
        with os.scandir(clusters) as entries:
            return any(entry.name.endswith(".yaml") and entry.stat().st_mtime_ns > cached for entry in entries)
    except OSError:
        return False


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def code_fingerprint(extensions: Extensions) -> str:
    """What decides synth's output besides the cluster files and the modules' code (Cache.modules): the installed
    cdk8s, cdk8s-plus, constructs, jsii and PyYAML versions (and whether PyYAML has libyaml), the Node.js binary
    jsii runs, the Python version, CDK8S_DISABLE_SORT and the extensions' names."""
    import importlib.util
    import shutil

    import yaml

    # The installed versions (from their dist-info folders: importing cdk8s would start Node.js).
    spec = importlib.util.find_spec("cdk8s")
    site = Path(next(iter(spec.submodule_search_locations or []))).parent if spec else Path(sys.prefix)
    installed = sorted(
        p.name
        for pattern in (
            "cdk8s*.dist-info",
            "constructs-*.dist-info",
            "jsii-*.dist-info",
            "[Pp]y[Yy][Aa][Mm][Ll]-*.dist-info",
        )
        for p in site.glob(pattern)
    )
    # Node.js as jsii finds it (JSII_NODE, else node on PATH): its path, size and mtime stand for its version
    # (running `node --version` would cost 40 ms a run).
    node = shutil.which(os.environ.get("JSII_NODE", "node"))
    node_id = ""
    if node is not None:
        real = os.path.realpath(node)
        stat = os.stat(real)
        node_id = f"{real}:{stat.st_size}:{stat.st_mtime_ns}"
    versions = [*installed, yaml.__version__, str(yaml.__with_libyaml__), sys.version, node_id]
    digest = hashlib.sha256()
    digest.update("\0".join([*versions, os.environ.get("CDK8S_DISABLE_SORT", ""), *extensions.names()]).encode())
    return digest.hexdigest()


def module_hashes(paths: list[str]) -> dict[str, str]:
    """The SHA-256 of each module file ("" for one that cannot be read)."""
    found = {}
    for path in paths:
        try:
            found[path] = sha(Path(path).read_bytes())
        except OSError:
            found[path] = ""
    return found


_KEY: list[str] = []


def sealed(code: str) -> str:
    """code bound to a random key kept in this user's cache folder (reference.disk_cache), never beside dist/:
    a cache file that came with the working copy (committed, copied, restored) was not written here, does
    not match, and so cannot vouch for hand-edited files in dist/ (`check` would pass them). Without a
    cache folder the key lives as long as the process (every run renders everything)."""
    if not _KEY:
        _KEY.append(_local_key())
    return sha(f"{_KEY[0]}\0{code}".encode())


def load_cache(outdir: Path, extensions: Extensions | None = None, make_key: bool = True) -> Cache | None:
    """outdir's cache when this code and this user wrote it, else an empty one. make_key False: None when this user
    has no synth key yet, and nothing is created (a run that has not loaded its config yet, which may be bad)."""
    from karpenter_tenants.charts.extensions import active
    from karpenter_tenants.reference.disk_cache import cache_dir

    if not make_key and not _KEY:
        folder = cache_dir()
        key = _read_key(folder / "synth-key") if folder is not None else None
        if key is None:
            return None
        _KEY.append(key)
    return Cache.load(outdir, sealed(code_fingerprint(extensions if extensions is not None else active())))


def _local_key() -> str:
    import secrets

    from karpenter_tenants.reference.disk_cache import cache_dir

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
        return _read_key(path) or fresh
    except OSError:
        return fresh


MAX_CACHE_BYTES = 256 * 1024 * 1024  # a cache of 10,000 tenants is some 30 MB: larger is not one synth wrote


def plain_text(path: Path, most: int) -> str:
    """A file of synth's own beside the output (the cache, the key) as UTF-8 text; OSError or ValueError (the caller
    then does without it) for what synth never writes there: a link (one committed would be followed to anything), a
    FIFO (opening it waited for a writer forever), a device (/dev/zero was read without end), more than `most` bytes."""
    import stat

    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    with os.fdopen(fd, "rb") as handle:
        status = os.fstat(handle.fileno())
        if not stat.S_ISREG(status.st_mode) or status.st_size > most:
            raise ValueError(f"{path}: not a file synth wrote")
        data = handle.read(most + 1)
    if len(data) > most:
        raise ValueError(f"{path}: larger than synth writes")
    return data.decode("utf-8")


def _read_key(path: Path) -> str | None:
    """The key in a synth-key file, None when it cannot be read or is not a key."""
    try:
        key = plain_text(path, 1024).strip()
    except (OSError, ValueError):
        return None
    return key if len(key) == 64 else None


def object_key(text_before: str, document: Any) -> str:
    """The key of a file dumped from document after text_before (the header): what its text depends on."""
    return sha((text_before + "\0" + json.dumps(document, separators=(",", ":"))).encode())


@dataclass
class Cache:
    """code: the sealed code fingerprint; modules: every module file loaded while parts were built (this product's
    and the user's, wherever they live) -> its SHA-256; clusters: what each part wrote."""

    code: str
    clusters: dict[str, dict[str, Any]] = field(default_factory=dict)
    modules: dict[str, str] = field(default_factory=dict)
    # The cluster files the last whole (unsharded) synth read: their folder, each file's SHA-256 and warnings.
    inputs: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def load(cls, outdir: Path, code: str) -> Cache:
        """The recorded cache when it was written by this code and every module it records is unchanged, else an
        empty one."""
        try:
            data = json.loads(plain_text(cache_path(outdir), MAX_CACHE_BYTES))
            modules = data.get("modules")
            if (
                data.get("format") == FORMAT
                and data.get("code") == code
                and isinstance(data.get("clusters"), dict)
                and isinstance(modules, dict)
                and modules
                and all(isinstance(path, str) for path in modules)
                and module_hashes(sorted(modules)) == modules
            ):
                inputs = data.get("inputs")
                return cls(code, data["clusters"], modules, inputs if isinstance(inputs, dict) else {})
        except (OSError, ValueError, AttributeError):
            pass
        return cls(code)

    def save(self, outdir: Path) -> None:
        """Written whole (temp + rename); losing it only costs the next run a full render."""
        from karpenter_tenants.synthesis.safe_io import atomic_write

        text = json.dumps(
            {
                "format": FORMAT,
                "code": self.code,
                "clusters": self.clusters,
                "modules": self.modules,
                "inputs": self.inputs,
            },
            sort_keys=True,
        )
        atomic_write(cache_path(outdir), text)


@dataclass
class Job:
    """One cluster's render: its parts' inputs, which parts to build, and what the others and the intact files
    give (synthesis.render.render_job)."""

    cluster: LoadedCluster
    wide: ClusterWide
    tenants: dict[str, TenantPart]  # the tenant parts projected: every one to build (the others reused their record)
    fingerprints: dict[str, str]  # part id (synthesis.parts.WIDE or a tenant's name) -> fingerprint
    build: list[str]  # the part ids to build
    taken: dict[str, dict[str, Any]]  # part id -> {"files": {path: text}, "folders": [...]} of the parts not built
    reuse: dict[str, tuple[str, str]] = field(default_factory=dict)  # path -> (object key, text) of intact files
    intact: dict[str, tuple[str, str]] = field(default_factory=dict)  # path -> (text, its SHA-256) of intact files
    extensions: Extensions = field(default_factory=lambda: _no_extensions())  # charts.extensions.NONE, imported late
    raw_keys: dict[str, str] = field(default_factory=dict)  # tenant -> synthesis.parts.raw_tenant_keys' key
    facts: dict[str, TenantFacts] = field(default_factory=dict)  # tenant -> what the cluster-wide part read of it


def _entry(cache: Cache, cluster: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A cluster's recorded parts and files, or empty ones when the entry is not of the expected shape."""
    entry = cache.clusters.get(cluster)
    if (
        not isinstance(entry, dict)
        or not isinstance(entry.get("parts"), dict)
        or not isinstance(entry.get("files"), dict)
    ):
        return {}, {}
    return entry["parts"], entry["files"]


def _no_extensions() -> Extensions:
    from karpenter_tenants.charts.extensions import NONE

    return NONE


def plan(
    clusters: list[LoadedCluster], current: dict[str, bytes], cache: Cache, extensions: Extensions | None = None
) -> list[Job]:
    """current: the output folder's files (path relative to it -> bytes). A part is taken as it is when its
    fingerprint is the recorded one and each of its recorded files is in current with the recorded SHA-256."""
    from karpenter_tenants.charts.part_inputs import ClusterWide, TenantPart
    from karpenter_tenants.config.resolved import facts_of, resolve
    from karpenter_tenants.synthesis.parts import (
        WIDE,
        part_fingerprint,
        raw_tenant_keys,
        site_fingerprint,
        site_of,
    )

    by_cluster: dict[str, dict[str, bytes]] = {}
    for path, data in current.items():
        key, _, relative = path.partition("/")
        by_cluster.setdefault(key, {})[relative] = data
    jobs = []
    for cluster in clusters:
        site_inputs = site_of(cluster)
        site = site_fingerprint(site_inputs)
        recorded_parts, recorded = _entry(cache, cluster.key)
        resolver = resolve(cluster.config)
        by_name = {tenant.name: tenant for tenant in cluster.config.sorted_tenants()}
        raw_keys = raw_tenant_keys(cluster, site)
        tenants: dict[str, TenantPart] = {}
        fingerprints: dict[str, str] = {}
        facts: dict[str, TenantFacts] = {}
        for name, tenant in by_name.items():
            reused = _recorded_projection(recorded_parts.get(name), raw_keys.get(name), name)
            if reused is None:  # projected and fingerprinted as written
                part = tenants[name] = TenantPart(site_inputs, resolver.tenant(tenant))
                fingerprints[name], facts[name] = part_fingerprint(site, part), facts_of(part.tenant)
            else:  # written as when its part was recorded: its recorded fingerprint and facts
                fingerprints[name], facts[name] = reused
        wide = ClusterWide(site_inputs, tuple(facts.values()))
        fingerprints = {WIDE: part_fingerprint(site, wide), **fingerprints}
        job = Job(
            cluster,
            wide,
            tenants,
            fingerprints,
            [],
            {},
            raw_keys=raw_keys,
            facts=facts,
            extensions=extensions if extensions is not None else _no_extensions(),
        )
        intact: dict[str, str] = {}
        for path, data in by_cluster.get(cluster.key, {}).items():
            if _pair(recorded.get(path)) and sha(data) == recorded[path][0]:
                try:
                    intact[path] = data.decode("utf-8")  # recorded hashes are of UTF-8 text: a matching file decodes
                except UnicodeDecodeError:
                    pass
        job.intact = {path: (text, recorded[path][0]) for path, text in intact.items()}
        for part_id, fingerprint in fingerprints.items():
            entry = recorded_parts.get(part_id)
            if (
                isinstance(entry, dict)
                and entry.get("input") == fingerprint
                and isinstance(entry.get("files"), list)
                and isinstance(entry.get("folders"), list)
                and all(path in intact for path in entry["files"])
            ):
                job.taken[part_id] = {
                    "files": {path: intact[path] for path in entry["files"]},
                    "folders": entry["folders"],
                }
            else:
                job.build.append(part_id)
                if part_id != WIDE and part_id not in tenants:  # its files changed by hand: built again
                    tenants[part_id] = TenantPart(site_inputs, resolver.tenant(by_name[part_id]))
        job.reuse = {path: (recorded[path][1], text) for path, text in intact.items() if recorded[path][1] is not None}
        jobs.append(job)
    return jobs


def _recorded_projection(entry: Any, raw_key: str | None, name: str) -> tuple[str, TenantFacts] | None:
    """A tenant part's recorded fingerprint and facts when it was recorded from the same tenant as written
    (synthesis.parts.raw_tenant_keys), else None."""
    if raw_key is None or not isinstance(entry, dict) or entry.get("raw") != raw_key:
        return None
    fingerprint, facts = entry.get("input"), entry.get("facts")
    from dataclasses import fields

    from karpenter_tenants.config.resolved import TenantFacts

    # one entry per TenantFacts field, in order (a record of an older shape is not reused: the part is built again)
    if (
        not isinstance(fingerprint, str)
        or not isinstance(facts, list)
        or len(facts) != len(fields(TenantFacts))
        or facts[0] != name
    ):
        return None
    _, namespaces, node_role, instance_profile, static, overlays_set, buffers_set, enforcement = facts
    if (
        not isinstance(namespaces, list)
        or not all(isinstance(n, str) for n in namespaces)
        or not isinstance(node_role, str)
        or not isinstance(instance_profile, str | None)
        or not all(isinstance(flag, bool) for flag in (static, overlays_set, buffers_set))
        or enforcement not in (None, "audit", "warn", "deny")
    ):
        return None
    return fingerprint, TenantFacts(
        name, tuple(namespaces), node_role, instance_profile, static, overlays_set, buffers_set, enforcement
    )


def _pair(value: Any) -> bool:
    """A recorded file's [text SHA-256, object key or None]."""
    return isinstance(value, list) and len(value) == 2


@dataclass
class Rendered:
    """What render_job gives of one cluster: every file (path relative to dist/<cluster>/), each object
    file's key, and per part its files and folders."""

    files: dict[str, str]
    keys: dict[str, str | None]
    parts: dict[str, dict[str, list[str]]]
    built: list[str]  # the part ids built


def record(cache: Cache, job: Job, rendered: Rendered) -> None:
    """Record what was written: per part its fingerprint, files and folders; per file (text SHA-256, object key)."""
    cache.clusters[job.cluster.key] = {
        "parts": {
            part_id: {"input": job.fingerprints[part_id], **_projection(job, part_id), **written}
            for part_id, written in rendered.parts.items()
        },
        "files": {path: [_text_sha(job, path, text), rendered.keys.get(path)] for path, text in rendered.files.items()},
    }


def _projection(job: Job, part_id: str) -> dict[str, Any]:
    """What plan reuses of a tenant part next time (_recorded_projection): the key of the tenant as written, and
    its facts."""
    raw, facts = job.raw_keys.get(part_id), job.facts.get(part_id)
    if raw is None or facts is None:
        return {}
    from dataclasses import astuple

    return {"raw": raw, "facts": [list(value) if isinstance(value, tuple) else value for value in astuple(facts)]}


def _text_sha(job: Job, path: str, text: str) -> str:
    """The SHA-256 of a file's text: plan's, when the text is the intact file's it hashed (most of a
    one-tenant synth's files), else computed."""
    intact = job.intact.get(path)
    return intact[1] if intact is not None and intact[0] is text else sha(text.encode("utf-8"))


def inputs_of(folder: Path, clusters: list[LoadedCluster]) -> dict[str, Any]:
    """What unchanged() compares: the cluster folder, each cluster file's SHA-256 as loaded, its warnings, and what
    `plan` needs of its config beyond dist/ (plan_facts), so that plan need not load it either."""
    return {
        "folder": str(folder.resolve()),
        "files": {c.source.name: c.digest for c in clusters},
        "warnings": {c.source.name: list(c.warnings) for c in clusters},
        "plan": {c.source.name: plan_facts(c) for c in clusters},
    }


def plan_facts(cluster: LoadedCluster) -> dict[str, Any]:
    """What `plan` reads of a cluster's config beside its dist/ files (commands/plan.py): the tenancy label key, the
    0.31 drift feature gate (None on 1.x), and whether a clusterAutoscaler section (the move's runbook) is there."""
    from karpenter_tenants.config.versions import Generation

    config = cluster.config
    gate = (
        config.karpenter.feature_gates.get("driftEnabled", False) if config.generation is Generation.V1ALPHA5 else None
    )
    return {
        "labelKey": config.tenancy.label_key,
        "driftGate": gate,
        "clusterAutoscaler": config.cluster_autoscaler is not None,
    }


def unchanged(
    folder: Path, outdir: Path, cache: Cache, contents: dict[str, bytes] | None = None
) -> tuple[int, list[tuple[str, str]]] | None:
    """(files, warnings) when the last whole synth into outdir read exactly these cluster files (same bytes, same
    code: the cache's seal and modules) and outdir still holds exactly what it wrote: the output would be the same,
    so it need not even be loaded. None otherwise (load and plan as usual). cache: outdir's (load_cache); contents,
    when given and the answer is not None, gets outdir's files as compared (synth's marker left out: `plan` reads them).

    Speed only (docs/performance.md): at 1,000 tenants a synth or check with nothing to do skips loading and
    validating the 2 MB cluster file and planning its parts, 0.54 -> 0.24 s (-56 %). The same trust as planning: the cache
    is this user's (sealed), and every file of outdir is compared with the SHA-256 synth recorded for it."""
    from karpenter_tenants.synthesis.safe_io import MARKER, MARKER_TEXT
    from karpenter_tenants.synthesis.tree import bytes_tree, folders_of

    try:
        if not outdir.is_dir() or outdir.is_symlink() or not folder.is_dir():
            return None
        inputs = cache.inputs
        if not inputs or inputs.get("folder") != str(folder.resolve()) or list(folder.glob("*.yml")):
            return None
        files = {p.name: sha(p.read_bytes()) for p in sorted(folder.glob("*.yaml"))}
        keys = {Path(n).stem for n in files}  # the cache keeps entries of clusters no longer here (other shards')
        if not files or files != inputs.get("files") or not keys <= set(cache.clusters):
            return None
        recorded: dict[str, str] = {}
        for key in keys:
            _, entry = _entry(cache, key)
            for path, pair in entry.items():
                if not _pair(pair):
                    return None
                recorded[f"{key}/{path}"] = pair[0]
        folders: set[str] = set()
        current = bytes_tree(outdir, folders=folders)
        if current is None or current.pop(MARKER, None) != MARKER_TEXT.encode() or current.keys() != recorded.keys():
            return None
        if folders != folders_of([*recorded, MARKER]) or any(sha(data) != recorded[p] for p, data in current.items()):
            return None
        warnings = inputs.get("warnings") or {}
        if contents is not None:
            contents.update(current)
        return len(recorded), [(str(folder / name), w) for name in sorted(files) for w in warnings.get(name, [])]
    except (OSError, ValueError, AttributeError, TypeError):
        return None
