"""`python main.py validate`: every object of dist/ (or a folder) checked offline, as the API server would."""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

from charts.loader import ConfigError, LoadedCluster, load_clusters
from charts.schemas import crd_files, load_crd_files, pull_karpenter_crds, shared_dir
from charts.validate import Finding, ObjectValidator, OldObjects, read_objects, validate_tree
from charts.wiring import check_wiring, wiring_for

EXIT_OK, EXIT_FINDINGS, EXIT_BAD_INPUT = 0, 1, 2


def _clusters(folder: Path) -> list[LoadedCluster]:
    return load_clusters(folder) if folder.is_dir() else []


def _old_objects(folder: Path, revision: str) -> OldObjects:
    """The objects of each file under folder as they were at a git revision (absent files: none)."""
    root = subprocess.run(
        ["git", "rev-parse", "--show-toplevel"], cwd=folder, capture_output=True, text=True, check=True
    ).stdout.strip()
    found: OldObjects = {}
    for relative, _ in read_objects(folder):
        if relative in found:
            continue
        repository_path = (folder.resolve() / relative).relative_to(Path(root).resolve())
        shown = subprocess.run(
            ["git", "show", f"{revision}:{repository_path}"], cwd=root, capture_output=True, text=True
        )
        found[relative] = [d for d in yaml.safe_load_all(shown.stdout) if isinstance(d, dict)] if shown.returncode == 0 else []
    return found


def _chart_findings(shared: Path, clusters: list[LoadedCluster], folder: Path, crds: dict) -> tuple[list[Finding], int]:
    from charts.helm_render import chart_folder, render_karpenter

    findings: list[Finding] = []
    count = 0
    for cluster in clusters:
        if not (folder / cluster.key).is_dir():
            continue
        if not chart_folder(shared, cluster.config).is_dir():
            raise FileNotFoundError(f"Karpenter chart missing: {chart_folder(shared, cluster.config)}")
        validator = ObjectValidator(crds, cluster.config.cluster.kubernetes_version)
        label = f"chart karpenter {cluster.config.karpenter.version} with {cluster.key}'s values"
        for obj in render_karpenter(shared, cluster.config):
            count += 1
            findings += [
                Finding(label, f.kind, f.name, f.path, f.message, "chart") for f in validator.check(obj, label)
            ]
    return findings, count


def run_validate(args: argparse.Namespace) -> int:
    folder: Path = args.path or Path("dist")
    shared: Path = args.crds or shared_dir()
    if not folder.is_dir():
        print(f"error: {folder} is not a folder of manifests; run `python main.py` first", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        clusters = _clusters(args.clusters)
    except ConfigError as error:
        from charts.cli import print_problems

        return print_problems("the cluster config has problems (run `python main.py` to see them all):", error.problems)  # type: ignore[arg-type]
    with tempfile.TemporaryDirectory() as pulled:
        try:
            files, source = _schema_source(args.pull, shared, Path(pulled))
            crds = load_crd_files(tuple(files), source)
        except (FileNotFoundError, RuntimeError) as error:
            print(f"error: {error}", file=sys.stderr)
            return EXIT_BAD_INPUT
    print(f"schemas: {source}")
    old = None
    if args.base:
        try:
            old = _old_objects(folder, args.base)
        except subprocess.CalledProcessError:
            print(f"error: --base {args.base}: {folder} is not inside a git repository", file=sys.stderr)
            return EXIT_BAD_INPUT
    versions = {c.key: c.config.cluster.kubernetes_version for c in clusters}
    report = validate_tree(folder, crds, versions, args.kubernetes_version, old)
    report.findings += check_wiring(folder, wiring_for(clusters))
    try:
        chart_findings, report.chart_objects = _chart_findings(shared, clusters, folder, crds)
    except FileNotFoundError as error:
        print(f"error: {error}; point --crds or $KARPENTER_TENANTS_SHARED at the reference data", file=sys.stderr)
        return EXIT_BAD_INPUT
    report.findings += chart_findings
    for finding in report.findings:
        print(finding)
    if args.show_skipped:
        for skipped in report.skipped:
            print(f"skipped: {skipped}")
    print(report.summary())
    return EXIT_FINDINGS if report.findings else EXIT_OK


def _schema_source(pull: bool, shared: Path, pulled: Path) -> tuple[list[Path], str]:
    others = [p for p in crd_files(shared) if "/karpenter/" not in str(p)]
    if pull:
        files = pull_karpenter_crds(pulled)
        return [*files, *others], (
            "Karpenter CRDs pulled from oci://public.ecr.aws/karpenter/karpenter (1.14.1, v0.31.5); "
            f"Flux and Argo CD CRDs from {shared}"
        )
    files = crd_files(shared)
    if not files:
        raise FileNotFoundError(f"no CRDs under {shared}; point --crds or $KARPENTER_TENANTS_SHARED at the reference data")
    return files, f"CRDs from {shared} (Karpenter 1.14.1 and 0.31.5, Flux, Argo CD)"


