"""`python main.py render-chart OUT`: the Karpenter chart rendered with each cluster's values, one file per
object (for scanners).

Must not import at module level: checks/, synth/ or config.loader (imported when it runs)."""

from __future__ import annotations

import argparse
from typing import Any

from karpenter_tenants.commands.common import (
    folder_path,
    force_option,
    load,
    missing_reference_data,
    no_cache_option,
    reference_option,
    refuse_missing,
)
from karpenter_tenants.commands.output import EXIT_OK

NAME = "render-chart"


def add_parser(commands: Any) -> None:
    render = commands.add_parser(
        NAME, help="write the Karpenter chart rendered with each cluster's values (for scanners)"
    )
    render.add_argument("out", type=folder_path, help="folder to write <cluster>/<kind>-<name>.yaml into")
    reference_option(render)
    force_option(render, "files in OUT")
    no_cache_option(render)


def run(args: argparse.Namespace) -> int:
    clusters = load(args.clusters)
    from karpenter_tenants.checks.helm_render import render_karpenter
    from karpenter_tenants.reference.charts import chart_folder
    from karpenter_tenants.reference.shared import shared_dir
    from karpenter_tenants.synthesis.render import file_name
    from karpenter_tenants.synthesis.yaml_text import dump

    shared = args.reference or shared_dir()
    refuse_missing(missing_reference_data(shared, clusters, chart=True))
    files: dict[str, str] = {}
    for cluster in clusters:
        print(
            f"render-chart: {cluster.key} pins {cluster.config.karpenter.version}: chart {chart_folder(shared, cluster.config)}"
        )
        for obj in render_karpenter(shared, cluster.config):
            files[f"{cluster.key}/{file_name(obj)}"] = dump(obj)
    from karpenter_tenants.synthesis.safe_io import atomic_write, claim_folder, record_folder

    # every path checked before any write: new files, or files render-chart wrote there before (its marker)
    targets = claim_folder(args.out, list(files), command=NAME, force=args.force)
    for relative, content in files.items():
        targets[relative].parent.mkdir(parents=True, exist_ok=True)
        atomic_write(targets[relative], content)
    record_folder(args.out, list(files), command=NAME)
    print(f"render-chart: {len(files)} objects written to {args.out}/")
    return EXIT_OK
