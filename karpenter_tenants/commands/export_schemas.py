"""`python main.py export-schemas OUT`: JSON Schemas of the custom kinds in dist/ (and the core kinds') in
kubeconform's layout.

Must not import at module level: checks/ (imported when it runs)."""

from __future__ import annotations

import argparse
from typing import Any

from karpenter_tenants.commands.common import (
    dist_option,
    folder_path,
    force_option,
    kubernetes_minor,
    no_cache_option,
    reference_option,
)
from karpenter_tenants.commands.output import EXIT_OK, BadInput

NAME = "export-schemas"


def add_parser(commands: Any) -> None:
    export = commands.add_parser(NAME, help="write JSON Schemas of the custom kinds in dist/ in kubeconform's layout")
    export.add_argument("out", type=folder_path, help="folder to write {group}/{kind}_{version}.json into")
    dist_option(export, "manifests whose kinds to export (default dist/)", aliases=("--path",))
    reference_option(export)
    export.add_argument(
        "--kubernetes-version",
        default="1.33",
        type=kubernetes_minor,
        help="Kubernetes version of the core kinds' schemas (default 1.33)",
    )
    export.add_argument(
        "--karpenter-version",
        default=None,
        type=_release,
        metavar="VERSION",
        help="the Karpenter release whose CRDs give the custom kinds' schemas (default: the reference "
        "releases'; verify passes each cluster's pinned release)",
    )
    force_option(export, "files in OUT")
    no_cache_option(export)


def _release(text: str) -> str:
    """argparse type of --karpenter-version: a supported Karpenter release."""
    from karpenter_tenants.config.versions import KarpenterVersion

    try:
        return str(KarpenterVersion.parse(text))
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def run(args: argparse.Namespace) -> int:
    from karpenter_tenants.checks.export_schemas import export_schemas
    from karpenter_tenants.reference.crds import crd_files, load_crd_files, load_crds
    from karpenter_tenants.reference.shared import shared_dir
    from karpenter_tenants.reference.versions import missing_reference_data

    shared = args.reference or shared_dir()
    try:
        if args.karpenter_version is None:
            crds = load_crds(shared)
        else:
            missing = missing_reference_data(shared, args.karpenter_version, "--karpenter-version")
            if missing is not None:
                raise BadInput(f"{missing}")
            crds = load_crd_files(
                tuple(crd_files(shared, [args.karpenter_version])), f"{shared} ({args.karpenter_version})"
            )
    except FileNotFoundError as error:
        raise BadInput(f"{error}") from None
    if not args.dist.is_dir():
        raise BadInput(f"{args.dist} is not a folder of manifests")
    from karpenter_tenants.checks.export_schemas import NoSchema

    try:
        written = export_schemas(args.dist, crds, args.out, args.kubernetes_version, force=args.force)
    except NoSchema as error:
        raise BadInput(f"{error}; nothing was written") from None
    for relative in written:
        print(f"{args.out}/{relative}")
    print(
        f"export-schemas: {len(written)} schemas written; use -schema-location "
        f"'{args.out}/{{{{.Group}}}}/{{{{.ResourceKind}}}}_{{{{.ResourceAPIVersion}}}}.json' with kubeconform"
    )
    return EXIT_OK
