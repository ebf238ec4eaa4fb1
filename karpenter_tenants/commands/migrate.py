"""`python main.py migrate FILE`: a Karpenter 0.31 cluster file rewritten for 1.x (or one step of a running
cluster's upgrade), the report on stderr.

Must not import at module level: convert/ or config.loader (imported when it runs)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from karpenter_tenants.commands.common import release, write_or_print
from karpenter_tenants.commands.output import EXIT_FINDINGS, EXIT_OK, BadInput, print_problems
from karpenter_tenants.config.versions import Generation, reference_version

NAME = "migrate"


def add_parser(commands: Any) -> None:
    migrate = commands.add_parser(NAME, help="rewrite a Karpenter 0.31 cluster file for 1.x (report on stderr)")
    migrate.add_argument("file", type=Path, help="the cluster file, e.g. clusters/acme-legacy.yaml")
    target = str(reference_version(Generation.V1))
    migrate.add_argument(
        "--to",
        default=None,
        type=release,
        help=f"target Karpenter 1.x version (default {target}; 1.0.14 for --step stop)",
    )
    migrate.add_argument(
        "--step",
        choices=["prepare", "stop", "finish"],
        help="one repository state of the upgrade "
        "of a running cluster (docs/upgrade-031.md): prepare (0.31 + upgradingFrom), stop (1.0.x), finish (1.x)",
    )
    migrate.add_argument("--write", action="store_true", help="overwrite the file (default: print the result)")
    migrate.add_argument(
        "--pools",
        action="append",
        metavar="TENANT=A,B",
        help="make the 0.31 tenants A, B (named "
        "TENANT-<pool>) the pools of one 1.x tenant TENANT; repeat per tenant (docs/import-migrate.md)",
    )


def run(args: argparse.Namespace) -> int:
    from karpenter_tenants.config.listing import one_line
    from karpenter_tenants.config.loader import ConfigError
    from karpenter_tenants.convert.migrate import MigrationRefused, migrate, parse_pools

    try:
        migration = migrate(args.file, args.to, args.step, parse_pools(args.pools))
    except ConfigError as error:
        return print_problems("the cluster file has problems; fix them first:", error.problems)  # type: ignore[arg-type]
    except MigrationRefused as error:
        raise BadInput(f"{error}") from None
    if not migration.blocking:
        write_or_print(args.file if args.write else None, migration.text(args.file), command=NAME, source=args.file)
    for change in migration.changes:
        print(one_line(f"change: {change}"), file=sys.stderr)
    for decision in migration.decisions:
        print(one_line(f"decide: {decision}"), file=sys.stderr)
    for line in migration.steps:
        print(one_line(line), file=sys.stderr)
    if migration.blocking:
        for problem in migration.blocking:
            print(one_line(f"blocked: {problem}"), file=sys.stderr)
        print(
            one_line(
                f"migrate: synth would reject the result ({len(migration.blocking)} problem(s) above): decide them "
                f"in {args.file} (decide: lines) and migrate again; nothing written"
            ),
            file=sys.stderr,
        )
        return EXIT_FINDINGS
    where = f"{args.file} rewritten" if args.write else "printed above; --write to replace the file"
    print(
        one_line(f"migrate: {len(migration.changes)} changes, {len(migration.decisions)} decisions for you; {where}"),
        file=sys.stderr,
    )
    return EXIT_OK
