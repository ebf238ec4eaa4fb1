"""`python main.py [synth]`: write dist/ (or --out) from clusters/*.yaml, building only the parts whose files are
not current (synthesis.incremental); `--cdk8s-cli` for `cdk8s synth` (cdk8s.yaml). The default command.

Must not import at module level: synth/, charts/ or config.loader (imported when it runs)."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from karpenter_tenants.commands.common import default_outdir, dist_option, job_count, load
from karpenter_tenants.commands.output import EXIT_BAD_INPUT, EXIT_OK, print_warnings

if TYPE_CHECKING:
    from karpenter_tenants.config.loader import LoadedCluster
    from karpenter_tenants.synthesis.incremental import Cache
    from karpenter_tenants.synthesis.shard import Shard

NAME = "synth"
COLLECT_CYCLES = False  # what it builds is acyclic and lives until the files are written (commands.runner)
CDK8S_SCRATCH_FILE = "karpenter-tenants.k8s.yaml"


def add_parser(commands: Any) -> None:
    synth = commands.add_parser(NAME, help="write dist/ (the default command)")
    dist_option(synth, "output folder (default $CDK8S_OUTDIR or dist/)", default=None, aliases=("--out",))
    synth.add_argument(
        "--jobs",
        type=job_count,
        default=0,
        help="build parts in this many processes when at least 50 are to be built, "
        "each with its own Node.js (0, the default: one per CPU; 1: all in this process)",
    )
    synth.add_argument(
        "--shard",
        metavar="K/N",
        help="render only shard K of N of the clusters and keep the other shards' "
        "folders (a CI matrix: docs/gitops.md)",
    )
    synth.add_argument(
        "--cdk8s-cli",
        action="store_true",
        help="run by `cdk8s synth` (cdk8s.yaml): write dist/ (or --out) as usual, "
        "then every object into $CDK8S_OUTDIR/karpenter-tenants.k8s.yaml, the CLI's scratch folder, for it to list or print",
    )


def run(args: argparse.Namespace) -> int:
    # `python main.py` without a command has none of synth's options: their defaults.
    out, jobs, cdk8s_cli = getattr(args, "dist", None), getattr(args, "jobs", 0), getattr(args, "cdk8s_cli", False)
    shard = shard_option(args)
    outdir = out or default_outdir()
    scratch = None
    if cdk8s_cli:
        # The cdk8s CLI deletes its output folder before it runs the app (and --stdout prints a temporary one):
        # cdk8s.yaml names a scratch folder there, never dist/, and dist/ is written as by `python main.py`.
        scratch = _cdk8s_scratch(out or Path("dist"))
        if scratch is None:
            return EXIT_BAD_INPUT
        outdir = out or Path("dist")
    from karpenter_tenants.synthesis.safe_io import lock_timeout

    lock_timeout()  # a bad $KARPENTER_TENANTS_LOCK_TIMEOUT is bad input even when there is nothing to write
    cache, same = unchanged_since_synth(args.clusters, outdir, shard)
    if same is not None:  # the cluster files and dist/ are as the last synth left them
        print(f"{outdir}/ is current: nothing to write ({same} files, the cluster files unchanged)")
        if scratch is not None:
            _write_scratch(scratch, outdir, sorted(p.stem for p in args.clusters.glob("*.yaml")))
        return EXIT_OK
    if cache is not None:  # synthesized here before: the cluster files changed, so a part is likely to be built
        from karpenter_tenants.charts import runtime

        runtime.start()  # Node.js starts while the cluster files load (charts.runtime)
    clusters = load(args.clusters)
    print_warnings(_gitops_path_warnings(clusters, outdir))
    code = _synth(clusters, outdir, jobs, shard, args.clusters, cache)
    if code == EXIT_OK and scratch is not None:
        _write_scratch(scratch, outdir, [c.key for c in clusters])
    return code


def shard_option(args: argparse.Namespace) -> Shard | None:
    """--shard K/N (synth's and check's), None without one (synthesis.shard.ShardError: bad input)."""
    if getattr(args, "shard", None) is None:
        return None
    from karpenter_tenants.synthesis.shard import parse_shard

    return parse_shard(args.shard)


def unchanged_since_synth(folder: Path, outdir: Path, shard: Shard | None) -> tuple[Cache | None, int | None]:
    """synth's cache for the run (synth and check plan with it too; None while this user has no synth key, which
    is made only once the config has loaded: a bad config creates nothing), and the number of files when the
    cluster files and outdir are as the last whole synth left them (its warnings printed), else None."""
    from karpenter_tenants.synthesis.incremental import load_cache, unchanged

    cache = load_cache(outdir, make_key=False)
    same = unchanged(folder, outdir, cache) if cache is not None and shard is None else None
    if same is None:
        return cache, None
    count, warnings = same
    print_warnings(warnings)
    return cache, count


def _synth(
    clusters: list[LoadedCluster],
    outdir: Path,
    jobs: int = 1,
    shard: Shard | None = None,
    folder: Path | None = None,
    cache: Cache | None = None,
) -> int:
    from karpenter_tenants.synthesis.render import render_incremental, save_cache, write_atomically
    from karpenter_tenants.synthesis.safe_io import WriteFailed, check_output_folder

    check_output_folder(outdir)  # before rendering: refuse a folder synth may not replace at once
    if shard is not None:
        clusters = [c for c in clusters if shard.owns(c.key)]
    # Only clusters whose files are not current are rendered (synthesis.incremental); the result is the same.
    results = []

    def files(current: dict[str, bytes] | None) -> dict[str, str]:  # under the output lock
        results.append(render_incremental(clusters, outdir, jobs=jobs, current=current or {}, cache=cache))
        return results[-1].files

    changed = write_atomically(outdir, files, keep=None if shard is None else lambda path: not shard.owns_path(path))
    result = results[-1]
    from karpenter_tenants.synthesis.incremental import inputs_of

    # What a synth with nothing to do compares first (synthesis.incremental.unchanged): only after a whole synth.
    result.cache.inputs = inputs_of(folder, clusters) if shard is None and folder is not None else {}
    try:
        save_cache(outdir, result)
    except WriteFailed:
        pass  # the cache only saves time: the next run renders everything
    part = "" if shard is None else f" of shard {shard} (the other shards' folders kept)"
    from karpenter_tenants.synthesis.safe_io import MARKER

    # The marker is synth's own file, not an output, but a write that changes only it is no "nothing changed".
    marker = f"; rewrote {outdir}/{MARKER}, synth's marker ({changed.marker})" if changed.marker else ""
    if changed:
        print(f"wrote {len(result.files)} files for {len(clusters)} cluster(s){part} to {outdir}/ ({changed}){marker}")
    elif marker:
        print(
            f"{outdir}/ is current ({len(result.files)} files for {len(clusters)} cluster(s){part}): no output "
            f"file changed{marker}"
        )
    else:
        print(f"{outdir}/ is current ({len(result.files)} files for {len(clusters)} cluster(s){part}): nothing changed")
    return EXIT_OK


def _cdk8s_scratch(outdir: Path) -> Path | None:
    """The cdk8s CLI's folder ($CDK8S_OUTDIR) for `synth --cdk8s-cli`, or None after saying why it cannot be used."""
    from karpenter_tenants.config import environment

    if os.environ.get(environment.OUTDIR_ENV) is None:
        print(
            "error: synth --cdk8s-cli is for the cdk8s CLI, which sets CDK8S_OUTDIR; run `python main.py` instead",
            file=sys.stderr,
        )
        return None
    scratch, named = environment.output_folder(), os.environ[environment.OUTDIR_ENV]
    real, out = scratch.resolve(), outdir.resolve()
    if real == out or out in real.parents or real in out.parents:
        print(
            f"error: CDK8S_OUTDIR={named} is {outdir}/ or beside it in one tree, and the cdk8s CLI deletes that folder "
            f"before it runs synth: set `output:` in cdk8s.yaml to a scratch folder (.cdk8s.out)",
            file=sys.stderr,
        )
        return None
    from karpenter_tenants.synthesis.safe_io import link_on_the_way

    link = link_on_the_way(scratch)
    if link is not None:
        print(
            f"error: CDK8S_OUTDIR={named}: {link} is a symbolic link, and synth writes nothing through one: set "
            "`output:` in cdk8s.yaml to a real scratch folder (.cdk8s.out)",
            file=sys.stderr,
        )
        return None
    if scratch.exists() and (not scratch.is_dir() or any(scratch.iterdir())):
        print(
            f"error: CDK8S_OUTDIR={named} is not an empty folder (the cdk8s CLI empties it first); nothing was written "
            "there",
            file=sys.stderr,
        )
        return None
    return scratch


def _write_scratch(scratch: Path, outdir: Path, keys: list[str]) -> None:
    """Every object synth wrote for these clusters, as one YAML stream, in the cdk8s CLI's folder: each file as synth
    wrote it (one document after its header comment), behind a `---`."""
    from karpenter_tenants.config.yaml_input import read_text
    from karpenter_tenants.synthesis.safe_io import atomic_write

    documents = []
    for key in keys:
        for path in sorted((outdir / key).rglob("*.yaml")):
            if path.name != "kustomization.yaml" and path.is_file() and not path.is_symlink():
                documents.append(read_text(path))
    scratch.mkdir(parents=True, exist_ok=True)
    atomic_write(scratch / CDK8S_SCRATCH_FILE, "".join(f"---\n{text}" for text in documents))


def _gitops_path_warnings(clusters: list[Any], outdir: Path) -> list[tuple[str, str]]:
    """gitops.path naming another folder than the one synth writes the cluster into (a typo like ./dist/acmee makes
    every Kustomization or Application point at nothing): a warning, since the repository Flux or Argo CD reads may
    be laid out differently from this checkout."""
    found = []
    for cluster in clusters:
        path = cluster.config.gitops.path
        written = os.path.normpath(os.path.relpath(outdir / cluster.key))
        if path is not None and os.path.normpath(path) != written:
            found.append(
                (
                    str(cluster.source),
                    f"gitops.path {path} is not the folder synth writes this cluster into "
                    f"(./{written}): every applier points there; set gitops.path to ./{written}, or leave it "
                    "out, unless the repository Flux or Argo CD reads is laid out differently",
                )
            )
    return found
