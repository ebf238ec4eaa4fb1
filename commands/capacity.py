"""`python main.py capacity [CLUSTER...]`: per node pool, the instance types its requirements allow in Karpenter's
catalogue, the largest node and the highest hourly on-demand cost its limits allow (docs/capacity.md); and plan's
capacity line per changed node pool."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from commands.output import EXIT_BAD_INPUT, EXIT_OK
from config.loader import LoadedCluster
from config.yaml_input import InputError


def add_parser(commands: Any) -> None:
    capacity = commands.add_parser(
        "capacity", help="per node pool: how many instance types its requirements allow, the largest node, and the "
        "highest hourly on-demand cost its limits allow (us-east-1 prices; from the reference catalogue)",
    )
    capacity.add_argument("cluster_files", nargs="*", metavar="CLUSTER",
                          help="cluster keys or files (default: every cluster in clusters/)")
    capacity.add_argument("--reference", type=Path, default=None,
                          help="reference data folder with karpenter/v1.14.1/reference/ (default ../shared)")
    capacity.add_argument("--format", choices=["text", "markdown", "json"], default="text", help="default text")
    capacity.add_argument("--dist", type=Path, default=Path("dist"),
                          help="the output folder synth keeps its cache beside (default dist/); nothing is written")


def _selected(clusters: list[LoadedCluster], named: list[str]) -> list[LoadedCluster] | None:
    keys = {c.key: c for c in clusters}
    wanted = [Path(n).stem if n.endswith((".yaml", ".yml")) else n for n in named]
    unknown = [n for n, key in zip(named, wanted, strict=True) if key not in keys]
    if unknown:
        print(f"error: {', '.join(unknown)}: no such cluster (have: {', '.join(sorted(keys)) or 'none'}); name a "
              "cluster file's key (clusters/acme.yaml: acme)", file=sys.stderr)
        return None
    return [keys[k] for k in dict.fromkeys(wanted)] if wanted else clusters


def run_capacity(args: argparse.Namespace, clusters: list[LoadedCluster]) -> int:
    from capacity.catalogue import load_catalogue
    from capacity.report import as_json, capacities, markdown, text
    from checks.schemas import shared_dir
    from synth.render import render_incremental

    selected = _selected(clusters, args.cluster_files)
    if selected is None:
        return EXIT_BAD_INPUT
    try:
        catalogue = load_catalogue(args.reference or shared_dir())
    except InputError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    # The objects synth writes now (only the parts dist/'s cache does not vouch for are built): what Karpenter sees.
    files = render_incremental(selected, args.dist, jobs=0).files
    regions = {c.key: c.config.cluster.region for c in selected}
    label_keys = {c.key: c.config.tenancy.label_key for c in selected}
    pools = capacities(files, catalogue, regions, label_keys)
    sys.stdout.write({"text": text, "markdown": markdown, "json": as_json}[args.format](pools, catalogue))
    return EXIT_OK


def add_plan_lines(changes: list[Any], old_files: dict[str, str], new_files: dict[str, str]) -> None:
    """A capacity line on each changed node pool whose instance types or cost bound the change alters; without the
    catalogue, one line on stderr saying the lines need it (plan itself does not)."""
    from capacity.catalogue import load_catalogue, missing_catalogue
    from capacity.pools import NODE_POOL_KINDS
    from capacity.report import plan_lines
    from checks.schemas import shared_dir
    from review.changes import SEVERITY

    pools = sorted((c for c in changes if c.kind in NODE_POOL_KINDS and c.action == "changed"),
                   key=lambda c: -SEVERITY[c.effect])
    if not pools:
        return
    shared = shared_dir()
    problem = missing_catalogue(shared)
    try:
        catalogue = load_catalogue(shared) if problem is None else None
    except InputError as error:
        problem = str(error)
        catalogue = None
    if catalogue is None:
        print(f"plan: no capacity lines (instance types, on-demand cost) for the changed node pools: {problem}",
              file=sys.stderr)
        return
    lines = plan_lines(old_files, new_files, catalogue, {(c.cluster, c.name) for c in pools})
    done: set[tuple[str, str]] = set()
    for change in pools:  # on the pool's first (most severe) entry
        key = (change.cluster, change.name)
        if key in lines and key not in done:
            change.notes.append(lines[key])
            done.add(key)
