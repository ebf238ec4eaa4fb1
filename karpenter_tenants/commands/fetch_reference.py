"""`python main.py fetch-reference [VERSION...]`: download the upstream reference data validate, render-chart and
adopt read (charts from their OCI registry, IAM templates, compatibility tables, Flux and Argo CD CRDs).

Must not import at module level: checks/ or config.loader (imported when it runs)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from karpenter_tenants.commands.common import folder_path
from karpenter_tenants.commands.output import EXIT_BAD_INPUT, EXIT_OK, BadInput

NAME = "fetch-reference"


def add_parser(commands: Any) -> None:
    fetch = commands.add_parser(
        NAME,
        help="download the upstream reference data validate, render-chart and adopt read "
        "(charts from their OCI registry, IAM templates, compatibility tables, Flux and Argo CD CRDs)",
    )
    fetch.add_argument(
        "versions",
        nargs="*",
        metavar="VERSION",
        help="Karpenter releases (default: the reference releases and every release clusters/ pins)",
    )
    fetch.add_argument(
        "--reference",
        type=folder_path,
        default=None,
        metavar="DIR",
        help="folder to fill (default <user cache>/karpenter-tenants/reference; never $KARPENTER_TENANTS_SHARED, a folder to read)",
    )
    fetch.add_argument(
        "--registry", default=None, help="OCI registry of the charts (default oci://public.ecr.aws/karpenter)"
    )
    fetch.add_argument(
        "--source",
        default=None,
        help="base URL serving <owner>/<repo>/<tag>/<path> (default https://raw.githubusercontent.com)",
    )
    fetch.add_argument("--plain-http", action="store_true", help="the registry speaks HTTP (a local mirror)")
    fetch.add_argument(
        "--check",
        action="store_true",
        help="fetch nothing: exit 0 when the reference data commands read (--reference, else "
        "$KARPENTER_TENANTS_SHARED, ../shared or the cache) holds these releases, else 2 naming what "
        "is missing (`make test` and `make verify` run it first)",
    )


def run(args: argparse.Namespace) -> int:
    from karpenter_tenants.config import environment
    from karpenter_tenants.config.environment import EnvironmentProblem
    from karpenter_tenants.config.loader import ConfigError, load_clusters
    from karpenter_tenants.config.versions import REFERENCE_VERSIONS, KarpenterVersion
    from karpenter_tenants.config.yaml_input import InputError
    from karpenter_tenants.reference.fetch import (
        REGISTRY,
        SOURCE,
        FetchFailed,
        Mirrors,
        fetch_gitops_crds,
        fetch_release,
    )
    from karpenter_tenants.reference.shared import SHARED_ENV, reference_cache

    try:
        versions = sorted({KarpenterVersion.parse(v) for v in args.versions}, key=str)
    except ValueError as error:
        raise BadInput(f"{error}") from None
    if not versions:
        try:
            pinned = {str(c.config.karpenter.parsed_version) for c in load_clusters(args.clusters)}
        except (ConfigError, InputError, EnvironmentProblem):
            # synth reports the config's problems (a chart values check, or the Kubernetes range of a release newer
            # than the product's table, may need the reference data being fetched): the releases the files name are
            # fetched anyway
            pinned = _named_releases(args.clusters)
        versions = sorted({KarpenterVersion.parse(v) for v in {*REFERENCE_VERSIONS, *pinned}}, key=str)
    if args.check:
        return _check(args.reference, versions)
    # $KARPENTER_TENANTS_SHARED names a folder to read, never one to write: the default is the user cache
    dest = args.reference or reference_cache()
    configured = environment.folder(
        SHARED_ENV, "the reference data folder (`python main.py fetch-reference` fills one)", must_exist=False
    )
    if args.reference is None and configured is not None:
        print(
            f"fetch-reference: ${SHARED_ENV} is set ({configured}), so the commands read that folder, not {dest}: "
            f"unset it to read what this fetches",
            file=sys.stderr,
        )
    from karpenter_tenants.synthesis.safe_io import claim_folder

    claim_folder(dest, [], command=NAME)  # never a link, .git/ or synth's output (it replaces release folders whole)
    created = not dest.exists()  # a failed first fetch leaves no empty folder behind
    mirrors = Mirrors(args.registry or REGISTRY, (args.source or SOURCE).rstrip("/"), args.plain_http)
    try:
        for version in versions:
            print(f"fetch-reference: Karpenter {version} -> {fetch_release(version, dest, mirrors)}", flush=True)
        print(f"fetch-reference: Flux and Argo CD CRDs -> {fetch_gitops_crds(dest, mirrors)}")
    except FetchFailed as error:
        if created:
            _remove_empty(dest)
        raise BadInput(f"{error}; {dest} keeps what it had") from None
    return EXIT_OK


def _check(reference: Path | None, versions: list[Any]) -> int:
    """Whether the reference data the commands would read holds each release's data: one line either way."""
    from karpenter_tenants.reference.shared import shared_dir
    from karpenter_tenants.reference.versions import missing_reference_data

    shared = reference or shared_dir()
    missing = [str(v) for v in versions if missing_reference_data(shared, v, "") is not None]
    if missing:
        print(
            f"error: the reference data in {shared} lacks Karpenter {', '.join(missing)}: run `python main.py "
            f"fetch-reference` to fill the cache (or put the shared/ folder beside the repository, or set "
            f"$KARPENTER_TENANTS_SHARED to one)",
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT
    print(f"fetch-reference: {shared} holds the reference data of Karpenter {', '.join(str(v) for v in versions)}")
    return EXIT_OK


def _remove_empty(folder: Path) -> None:
    """The folder and the empty folders in it, bottom up; anything holding a file stays."""
    for path in sorted(
        (p for p in folder.rglob("*") if p.is_dir() and not p.is_symlink()), key=lambda p: -len(p.parts)
    ):
        try:
            path.rmdir()
        except OSError:
            pass
    try:
        folder.rmdir()
    except OSError:
        pass


def _named_releases(clusters: Path) -> set[str]:
    """The supported releases the cluster files name as karpenter.version, read without loading the files (one that
    does not load may be waiting for this very reference data)."""
    from karpenter_tenants.config.versions import KarpenterVersion
    from karpenter_tenants.config.yaml_input import InputError, load_document, read_text

    found = set()
    for path in sorted(clusters.glob("*.yaml")) if clusters.is_dir() else []:
        try:
            data = load_document(read_text(path), str(path)).data
        except (InputError, OSError):
            continue
        karpenter = data.get("karpenter") if isinstance(data, dict) else None
        version = karpenter.get("version") if isinstance(karpenter, dict) else None
        try:
            found.add(str(KarpenterVersion.parse(version))) if isinstance(version, str) else None
        except ValueError:
            continue
    return found
