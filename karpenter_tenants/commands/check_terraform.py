"""`python main.py check-terraform OUTPUTS.json`: `terraform output -json` compared with dist/<key>/aws.json,
the names the manifests reference; exit 1 on a mismatch.

Must not import at module level: checks/, synth/ or config.loader (imported when it runs)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from karpenter_tenants.commands.common import default_outdir, dist_option, load, one_cluster
from karpenter_tenants.commands.output import EXIT_FINDINGS, EXIT_OK, BadInput

NAME = "check-terraform"


def add_parser(commands: Any) -> None:
    terraform = commands.add_parser(
        NAME, help="compare `terraform output -json` with dist/<key>/aws.json (the manifests' names)"
    )
    terraform.add_argument("outputs", type=Path, help="file written by `terraform output -json`")
    terraform.add_argument("--cluster", metavar="KEY", help="cluster file key (default: the only one in clusters/)")
    dist_option(terraform, "output folder with <key>/aws.json (default dist/)", default=None)


def run(args: argparse.Namespace) -> int:
    clusters = load(args.clusters)
    from karpenter_tenants.checks.terraform_outputs import (
        OutputsError,
        mismatches,
        read_outputs,
        to_attach,
        without_access_entry,
    )
    from karpenter_tenants.synthesis.aws_side import FILE_NAME, AwsFileError, read_aws_file

    cluster = one_cluster(clusters, args.cluster)
    aws_file = (args.dist or default_outdir()) / cluster.key / FILE_NAME
    try:
        aws = read_aws_file(aws_file, cluster.config, cluster.source.name)
        outputs = read_outputs(args.outputs)
    except (AwsFileError, OutputsError) as error:
        raise BadInput(f"{error}") from None
    found = mismatches(aws, outputs, str(aws_file))
    for line in found:
        print(f"mismatch: {line}")
    for line in to_attach(outputs):  # not a mismatch: what terraform/ leaves to the user on existing roles
        print(f"attach yourself: {line}")
    for line in without_access_entry(aws, outputs):  # nor is this: the role may have its access elsewhere
        print(f"no access entry: {line}")
    print(
        f"check-terraform: {cluster.key}: "
        + (
            f"{len(found)} mismatch{'es' if len(found) != 1 else ''}"
            if found
            else "Terraform outputs match the manifests"
        )
    )
    return EXIT_FINDINGS if found else EXIT_OK
