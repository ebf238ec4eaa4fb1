"""`python main.py validate`: every object of dist/ (or a folder) checked offline, as the API server would.

Must not import at module level: checks/ or config.loader (imported when it runs)."""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from karpenter_tenants.commands.common import (
    dist_option,
    kubernetes_minor,
    missing_reference_data,
    no_cache_option,
    reference_option,
    refuse_missing,
    revision,
)
from karpenter_tenants.commands.output import EXIT_FINDINGS, EXIT_OK, BadInput, print_problems
from karpenter_tenants.config.listing import one_line

if TYPE_CHECKING:
    from karpenter_tenants.checks.validate import Documents, Finding, OldObjects
    from karpenter_tenants.config.loader import LoadedCluster

NAME = "validate"


def add_parser(commands: Any) -> None:
    validate = commands.add_parser(
        NAME, help="check manifests offline: schemas, CEL rules, the rendered chart (exit 1 on findings)"
    )
    validate.add_argument("path", nargs="?", type=Path, default=None, help="folder to check (default dist/)")
    reference_option(validate, "the CRDs and charts")
    dist_option(validate, "folder to check, as PATH is (default dist/)", default=None)
    validate.add_argument(
        "--pull", action="store_true", help="pull the pinned Karpenter charts' CRDs from the registry instead"
    )
    validate.add_argument(
        "--base", metavar="REV", type=revision, help="git revision whose objects transition rules compare with"
    )
    validate.add_argument(
        "--kubernetes-version",
        default="1.33",
        type=kubernetes_minor,
        help="for folders of no known cluster (default 1.33)",
    )
    validate.add_argument("--show-skipped", action="store_true", help="list the transition rules not evaluated")
    no_cache_option(validate)


class UnknownRevision(Exception):
    """--base names no commit."""


def _clusters(folder: Path) -> list[LoadedCluster]:
    from karpenter_tenants.config.loader import load_clusters

    return load_clusters(folder) if folder.is_dir() else []


def _old_objects(folder: Path, revision: str, documents: Documents | None = None) -> OldObjects:
    """The objects of each file under folder as they were at a git revision (absent files: none)."""
    from karpenter_tenants.checks.validate import read_objects
    from karpenter_tenants.config.yaml_input import InputError, load_all

    root = subprocess.run(
        ["git", "rev-parse", "--show-toplevel"], cwd=folder, capture_output=True, text=True, check=True
    ).stdout.strip()
    # the revision as written first, then its commit: `:/text` (a commit message search) takes no suffix
    resolved = subprocess.run(
        ["git", "rev-parse", "--verify", "--quiet", revision], cwd=root, capture_output=True, text=True
    )
    known = subprocess.run(
        ["git", "rev-parse", "--verify", "--quiet", f"{resolved.stdout.strip()}^{{commit}}"],
        cwd=root,
        capture_output=True,
        text=True,
    )
    if resolved.returncode != 0 or known.returncode != 0:
        raise UnknownRevision(f"--base {revision}: no such revision in {root}; give a commit, branch or tag")
    revision = known.stdout.strip()  # the commit id, which `git show REV:path` below takes whatever was written
    found: OldObjects = {}
    for relative, _ in read_objects(folder, documents):
        if relative in found:
            continue
        repository_path = (folder.resolve() / relative).relative_to(Path(root).resolve())
        shown = subprocess.run(["git", "show", f"{revision}:{repository_path}"], cwd=root, capture_output=True)
        if shown.returncode != 0:
            found[relative] = []
            continue
        name = f"{revision}:{repository_path}"
        try:
            text = shown.stdout.decode("utf-8")
        except UnicodeDecodeError:
            raise InputError(name, None, "not UTF-8 text at the base revision") from None
        found[relative] = [d for d in load_all(text, name) if isinstance(d, dict)]
    return found


def _chart_findings(
    shared: Path, clusters: list[LoadedCluster], folder: Path, cluster_crds: dict[str, dict]
) -> tuple[list[Finding], int]:
    from karpenter_tenants.checks.helm_render import render_karpenter
    from karpenter_tenants.checks.validate import Finding, ObjectValidator
    from karpenter_tenants.reference.versions import missing_published_chart

    findings: list[Finding] = []
    count = 0
    said: set[str] = set()
    for cluster in clusters:
        if not (folder / cluster.key).is_dir():
            continue
        missing = missing_published_chart(
            shared, cluster.config.karpenter.parsed_version, f"{cluster.source}: karpenter.version"
        )
        if missing is not None:  # the CRDs are there (the objects were checked against them): the chart is not
            if cluster.config.karpenter.version not in said:
                print(f"warning: {missing}; the rendered chart is not checked", file=sys.stderr)
            said.add(cluster.config.karpenter.version)
            continue
        validator = ObjectValidator(cluster_crds[cluster.key], cluster.config.cluster.kubernetes_version)
        label = f"chart karpenter {cluster.config.karpenter.version} with {cluster.key}'s values"
        for obj in render_karpenter(shared, cluster.config):
            count += 1
            findings += [
                Finding(label, f.kind, f.name, f.path, f.message, "chart") for f in validator.check(obj, label)
            ]
    return findings, count


def run(args: argparse.Namespace) -> int:
    from karpenter_tenants.checks.validate import read_documents, validate_tree
    from karpenter_tenants.checks.wiring import check_wiring, wiring_for
    from karpenter_tenants.config import versions
    from karpenter_tenants.config.loader import ConfigError
    from karpenter_tenants.reference import versions as reference_versions
    from karpenter_tenants.reference.crds import load_crd_files
    from karpenter_tenants.reference.disk_cache import save_tables
    from karpenter_tenants.reference.shared import shared_dir

    folder: Path = args.path or args.dist or Path("dist")
    shared: Path = args.reference or shared_dir()
    if not folder.is_dir():
        raise BadInput(f"{folder} is not a folder of manifests; run `python main.py` first")
    try:
        clusters = _clusters(args.clusters)
    except ConfigError as error:
        return print_problems("the cluster config has problems (run `python main.py` to see them all):", error.problems)  # type: ignore[arg-type]
    refuse_missing(missing_reference_data(shared, clusters))
    pinned = {str(c.config.karpenter.parsed_version) for c in clusters} or set(versions.REFERENCE_VERSIONS)
    with tempfile.TemporaryDirectory() as pulled:
        try:
            by_version, source = _schema_source(args.pull, shared, Path(pulled), _newest_first(pinned))
            crds = load_crd_files(tuple(sorted({p for files in by_version.values() for p in files})), source)
            per_version = {v: load_crd_files(tuple(files), f"{source} ({v})") for v, files in by_version.items()}
        except (FileNotFoundError, RuntimeError) as error:
            raise BadInput(f"{error}") from None
    print(one_line(f"schemas: {source}"))
    for cluster in clusters:
        version = cluster.config.karpenter.parsed_version
        data = reference_versions.release_data(shared, version)
        print(one_line(f"karpenter: {cluster.key} pins {version}: checked against {data.describe() if data else '?'}"))
    documents = read_documents(folder)  # parsed once for every check
    old = None
    if args.base:
        try:
            old = _old_objects(folder, args.base, documents)
        except subprocess.CalledProcessError:
            raise BadInput(f"--base {args.base}: {folder} is not inside a git repository") from None
        except UnknownRevision as error:
            raise BadInput(f"{error}") from None
    kubernetes = {c.key: c.config.cluster.kubernetes_version for c in clusters}
    cluster_crds = {c.key: per_version[str(c.config.karpenter.parsed_version)] for c in clusters}
    report = validate_tree(folder, crds, kubernetes, args.kubernetes_version, old, cluster_crds, documents)
    report.findings += check_wiring(folder, wiring_for(clusters), documents)
    chart_findings, report.chart_objects = _chart_findings(shared, clusters, folder, cluster_crds)
    report.findings += chart_findings
    save_tables()
    for finding in report.findings:  # a file or folder name of dist/ may hold ESC: never raw on the terminal
        print(one_line(str(finding)))
    if args.show_skipped:
        for skipped in report.skipped:
            print(one_line(f"skipped: {skipped}"))
    print(report.summary())
    return EXIT_FINDINGS if report.findings else EXIT_OK


def _newest_first(texts: set[str] | list[str]) -> list[str]:
    from karpenter_tenants.config import versions

    return sorted(set(texts), key=lambda t: versions.minor_key(t) + (int(t.split(".")[2]),), reverse=True)


def _schema_source(pull: bool, shared: Path, pulled: Path, releases: list[str]) -> tuple[dict[str, list[Path]], str]:
    """CRD files per Karpenter release (each with Flux's and Argo CD's) and where they came from."""
    from karpenter_tenants.config import versions
    from karpenter_tenants.reference.crds import crd_files, gitops_crd_files, pull_karpenter_crds

    others = gitops_crd_files(shared)
    if pull:
        karpenter = pull_karpenter_crds(pulled, releases)
        spelled = ", ".join(versions.KarpenterVersion.parse(v).chart_version for v in releases)
        return {v: [*files, *others] for v, files in karpenter.items()}, (
            f"Karpenter CRDs pulled from oci://public.ecr.aws/karpenter/karpenter ({spelled}); "
            f"Flux and Argo CD CRDs from {shared}"
        )
    by_version = {v: crd_files(shared, [v]) for v in releases}
    if not all(by_version.values()):
        raise FileNotFoundError(
            f"no CRDs under {shared}; point --reference or $KARPENTER_TENANTS_SHARED at the reference data"
        )
    return by_version, f"CRDs from {shared} (Karpenter {' and '.join(releases)}, Flux, Argo CD)"
