"""`python main.py adopt CLUSTER`: the kubectl commands, in order, that hand an existing installation to the
generated appliers. It writes nothing, not even the cache (docs/safety.md).

Must not import at module level: convert/, checks/ or config.loader (imported when it runs)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from commands.common import missing_reference_data, print_missing
from commands.output import EXIT_BAD_INPUT, EXIT_OK, print_problems

NAME = "adopt"


def add_parser(commands: Any) -> None:
    adopt = commands.add_parser(
        "adopt", help="print the kubectl commands, in order, that hand an existing installation to the generated appliers"
    )
    adopt.add_argument("cluster", help="cluster file (clusters/acme.yaml) or its key (acme)")
    adopt.add_argument("--format", choices=["text", "sh"], default="text", help="text (default) or a runnable sh script")
    adopt.add_argument("--context", help="kubeconfig context every kubectl command names (default: the current one)")
    adopt.add_argument("--crds", type=Path, default=None, help="reference data folder with the charts (default ../shared)")


def run(args: argparse.Namespace) -> int:
    from config.loader import ConfigError, load_cluster_file
    from convert.adopt import plan_adoption, script, text
    from reference import disk_cache
    from reference.shared import shared_dir

    disk_cache.disable()  # adopt promises to write nothing (docs/safety.md), so it runs without the cache
    if args.context is not None and (not args.context or args.context.startswith("-")):
        print(f"error: --context {args.context!r}: name a kubeconfig context (kubectl config get-contexts)", file=sys.stderr)
        return EXIT_BAD_INPUT
    given = Path(args.cluster)
    path = given if given.suffix == ".yaml" else args.clusters / f"{args.cluster}.yaml"
    if not path.is_file():
        have = ", ".join(sorted(p.stem for p in args.clusters.glob("*.yaml"))) or "none"
        print(f"error: {args.cluster}: no such cluster file ({path} does not exist; have: {have})", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        cluster = load_cluster_file(path)
    except ConfigError as error:
        return print_problems(f"{path} has problems; fix them first:", error.problems)  # type: ignore[arg-type]
    shared = args.crds or shared_dir()
    if print_missing(missing_reference_data(shared, [cluster], chart=True)):
        return EXIT_BAD_INPUT
    adoption = plan_adoption(cluster, shared)
    sys.stdout.write((script if args.format == "sh" else text)(adoption, args.context))
    return EXIT_OK
