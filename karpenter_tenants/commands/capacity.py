"""`python main.py capacity [CLUSTER...]`: per node pool, the instance types its requirements allow in Karpenter's
catalogue, the largest node and the highest hourly on-demand cost its limits allow (docs/capacity.md). Plan's
capacity lines are capacity.report's.

Must not import at module level: capacity/, checks/, synth/ or config.loader (imported when it runs)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from karpenter_tenants.commands.common import dist_option, load, reference_option
from karpenter_tenants.commands.output import EXIT_OK, BadInput

if TYPE_CHECKING:
    from karpenter_tenants.config.loader import LoadedCluster

NAME = "capacity"


def add_parser(commands: Any) -> None:
    capacity = commands.add_parser(
        NAME,
        help="per node pool: how many instance types its requirements allow, the largest node, and the "
        "highest hourly on-demand cost its limits allow (us-east-1 prices; from the reference catalogue)",
    )
    capacity.add_argument(
        "cluster_files",
        nargs="*",
        metavar="CLUSTER",
        help="cluster keys or files (default: every cluster in clusters/)",
    )
    reference_option(capacity, "karpenter/v1.14.1/reference/")
    capacity.add_argument("--format", choices=["text", "markdown", "json"], default="text", help="default text")
    dist_option(capacity, "the output folder synth keeps its cache beside (default dist/); nothing is written")


def _selected(clusters: list[LoadedCluster], named: list[str]) -> list[LoadedCluster]:
    keys = {c.key: c for c in clusters}
    wanted = [Path(n).stem if n.endswith((".yaml", ".yml")) else n for n in named]
    unknown = [n for n, key in zip(named, wanted, strict=True) if key not in keys]
    if unknown:
        raise BadInput(
            f"{', '.join(unknown)}: no such cluster (have: {', '.join(sorted(keys)) or 'none'}); name a "
            "cluster file's key (clusters/acme.yaml: acme)"
        )
    return [keys[k] for k in dict.fromkeys(wanted)] if wanted else clusters


def run(args: argparse.Namespace) -> int:
    from karpenter_tenants.capacity.catalogue import load_catalogue
    from karpenter_tenants.capacity.report import as_json, capacities, markdown, text
    from karpenter_tenants.config.yaml_input import InputError
    from karpenter_tenants.reference.shared import shared_dir
    from karpenter_tenants.synthesis.render import render_incremental

    clusters = load(args.clusters)
    selected = _selected(clusters, args.cluster_files)
    try:
        catalogue = load_catalogue(args.reference or shared_dir())
    except InputError as error:
        raise BadInput(f"{error}") from None
    # The objects synth writes now (only the parts dist/'s cache does not vouch for are built): what Karpenter sees.
    files = render_incremental(selected, args.dist, jobs=0).files
    regions = {c.key: c.config.cluster.region for c in selected}
    label_keys = {c.key: c.config.tenancy.label_key for c in selected}
    pools = capacities(files, catalogue, regions, label_keys)
    sys.stdout.write({"text": text, "markdown": markdown, "json": as_json}[args.format](pools, catalogue))
    return EXIT_OK
