"""`python main.py check`: exit 1, with a diff, when dist/ (or --out) is not what synth would write.

Must not import at module level: synth/, charts/ or config.loader (imported when it runs)."""

from __future__ import annotations

import argparse
import difflib
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from karpenter_tenants.commands.common import default_outdir, dist_option, load
from karpenter_tenants.commands.output import EXIT_FINDINGS, EXIT_OK, BadInput
from karpenter_tenants.commands.synth import shard_option, unchanged_since_synth

if TYPE_CHECKING:
    from karpenter_tenants.config.loader import LoadedCluster
    from karpenter_tenants.synthesis.incremental import Cache
    from karpenter_tenants.synthesis.shard import Shard

NAME = "check"
COLLECT_CYCLES = False  # as synth: it renders what synth would (commands.runner)


def add_parser(commands: Any) -> None:
    check = commands.add_parser(NAME, help="exit 1 if dist/ differs from what synth would write")
    dist_option(check, "folder to compare (default dist/)", default=None, aliases=("--out",))
    check.add_argument("--shard", metavar="K/N", help="compare only the folders of shard K of N of the clusters")


def run(args: argparse.Namespace) -> int:
    shard = shard_option(args)
    outdir = args.dist or default_outdir()
    cache, same = unchanged_since_synth(args.clusters, outdir, shard)
    if same is not None:  # the cluster files and dist/ are as the last synth left them
        print(f"{outdir}/ is current ({same} files)")
        return EXIT_OK
    clusters = load(args.clusters)
    return _check(clusters, outdir, shard, cache)


def _check(clusters: list[LoadedCluster], outdir: Path, shard: Shard | None = None, cache: Cache | None = None) -> int:
    from karpenter_tenants.synthesis.render import render_incremental
    from karpenter_tenants.synthesis.tree import bytes_tree, not_files, read_tree

    if outdir.exists() and not outdir.is_dir():
        raise BadInput(f"{outdir} exists and is not a folder; pass --out with the folder synth wrote")
    # Parts whose files synth recorded with the same inputs and code (and which are intact) are not built.
    folders: set[str] = set()
    current = bytes_tree(outdir, folders=folders) if outdir.is_dir() else {}
    owned = [c for c in clusters if shard is None or shard.owns(c.key)]
    expected = render_incremental(owned, outdir, jobs=0, current=current, cache=cache).files
    # outdir's files as read once (read_tree again only for a tree with links, which it follows or skips).
    actual = read_tree(outdir) if current is None else _texts(outdir, current)
    if shard is not None:
        actual = {path: text for path, text in actual.items() if shard.owns_path(path)}
    links = [p for p in (not_files(outdir) if outdir.is_dir() else []) if shard is None or shard.owns_path(p)]
    for path in links:  # read_tree follows a link to a file and skips one to a folder: neither is synth's
        print(f"{outdir}/{path}: a symbolic link or special file; synth writes only files and folders")
    strays = _strays(outdir, expected, current, folders if current is not None else None, shard)
    for line in strays:
        print(line)
    if expected == actual and not links and not strays:
        part = "" if shard is None else f" for shard {shard}"
        print(f"{outdir}/ is current{part} ({len(expected)} files)")
        return EXIT_OK
    for path in sorted(set(expected) | set(actual)):
        if expected.get(path) != actual.get(path):
            diff = difflib.unified_diff(
                actual.get(path, "").splitlines(keepends=True),
                expected.get(path, "").splitlines(keepends=True),
                f"{outdir}/{path} (committed)",
                f"{outdir}/{path} (generated)",
            )
            sys.stdout.writelines(diff)
    print(f"{outdir}/ is stale: run `python main.py` and commit the result", file=sys.stderr)
    return EXIT_FINDINGS


def _strays(
    outdir: Path,
    expected: dict[str, str],
    current: dict[str, bytes] | None,
    folders: set[str] | None,
    shard: Shard | None,
) -> list[str]:
    """What check's file comparison cannot see: synth's marker edited, and folders holding no file synth writes
    (an empty folder: git does not keep one, but a folder synced from disk does), each at its top. folders:
    outdir's folders as read with its files (None: read them here, as links to folders are not)."""
    from karpenter_tenants.synthesis.safe_io import MARKER, MARKER_TEXT
    from karpenter_tenants.synthesis.tree import folders_in, folders_of

    found = []
    if current is not None and current.get(MARKER, MARKER_TEXT.encode()) != MARKER_TEXT.encode():
        found.append(f"{outdir}/{MARKER}: edited; synth writes it as: {' / '.join(MARKER_TEXT.strip().splitlines())}")
    wanted = folders_of(expected)
    present = folders if folders is not None else folders_in(outdir) if outdir.is_dir() else set()
    for folder in sorted(present - wanted, key=lambda f: (f.count("/"), f)):
        parent = folder.rpartition("/")[0]
        if (not parent or parent in wanted) and (shard is None or shard.owns_path(folder)):  # its own are stray with it
            found.append(f"{outdir}/{folder}/: a folder without a file synth writes; synth removes it")
    return found


def _texts(folder: Path, files: dict[str, bytes]) -> dict[str, str]:
    """read_tree(folder) from files already read: UTF-8 text, synth's marker left out (InputError as read_tree)."""
    from karpenter_tenants.config.yaml_input import read_text
    from karpenter_tenants.synthesis.safe_io import MARKER

    found = {}
    for relative, data in sorted(files.items()):
        if relative == MARKER:
            continue
        try:
            found[relative] = data.decode("utf-8")
        except UnicodeDecodeError:
            found[relative] = read_text(folder / relative, str(folder / relative))  # raises, naming the line
    return found
