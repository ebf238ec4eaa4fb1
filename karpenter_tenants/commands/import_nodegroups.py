"""`python main.py import-nodegroups FILE... [--cluster-file FILE] [--out-file FILE]`: the tenants: (and iam:)
sections for Karpenter 1.x equivalent to EKS managed node groups, from Terraform or `aws eks describe-nodegroup`
JSON; the report on stderr.

Must not import at module level: convert/ (imported when it runs)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from karpenter_tenants.commands.common import file_path, force_option, renamed_option, write_or_print
from karpenter_tenants.commands.output import EXIT_BAD_INPUT, EXIT_FINDINGS, EXIT_OK

NAME = "import-nodegroups"


def add_parser(commands: Any) -> None:
    nodegroups = commands.add_parser(
        NAME,
        help="write the tenants: (and iam:) sections for Karpenter 1.x equivalent to EKS managed "
        "node groups, from Terraform or `aws eks describe-nodegroup` JSON (report on stderr)",
    )
    nodegroups.add_argument(
        "files", type=Path, nargs="+", help=".tf files or folders of them, .tfvars files, describe-nodegroup JSON files"
    )
    renamed_option(
        nodegroups,
        NAME,
        "--out-file",
        earlier="--out",
        metavar="FILE",
        type=file_path,
        help="write the sections to FILE instead of stdout (--out FILE: its deprecated spelling)",
    )
    nodegroups.add_argument(
        "--verbose",
        action="store_true",
        help="one line per node group for what several share (default: one line naming them)",
    )
    renamed_option(
        nodegroups,
        NAME,
        "--cluster-file",
        earlier="--cluster",
        metavar="FILE",
        type=Path,
        help="the cluster file the tenants go to: the node group its karpenter.controller.nodeGroup names "
        "(default core) runs the controller and is skipped (--cluster FILE: its deprecated spelling; "
        "--cluster is a cluster's key elsewhere)",
    )
    nodegroups.add_argument(
        "--disruption",
        choices=("node-groups", "karpenter"),
        default="node-groups",
        help="node-groups (the default): each tenant's nodes disrupted as the node groups' were under cluster-autoscaler "
        "(never expire, removed only when empty after 10m); karpenter: Karpenter's defaults (consolidate "
        "underutilized nodes after 1m, replace every node after 720h)",
    )
    force_option(nodegroups, "an existing --out-file")


def run(args: argparse.Namespace) -> int:
    from karpenter_tenants.config.listing import one_line
    from karpenter_tenants.convert.nodegroups import NodeGroupsRefused, controller_node_group, import_nodegroups

    try:
        controller = {"controller": controller_node_group(args.cluster_file)} if args.cluster_file is not None else {}
        result = import_nodegroups(args.files, **controller, disruption=args.disruption)
    except NodeGroupsRefused as error:
        for problem in error.problems:
            print(one_line(f"error: {problem}"), file=sys.stderr)
        return EXIT_BAD_INPUT
    write_or_print(args.out_file, result.text(), command=NAME, force=args.force)
    for line in result.lines(verbose=args.verbose):  # a nodegroup's name may hold ESC: never raw on the terminal
        print(one_line(line), file=sys.stderr)
    return EXIT_FINDINGS if result.findings else EXIT_OK
