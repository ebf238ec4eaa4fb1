"""`python main.py [COMMAND]`: synthesize when run without a command (what `cdk8s synth` runs).

Exit status: 0 done/clean, 1 findings, 2 bad input or usage, 3 a `plan` gate tripped.
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import gc
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from charts.cluster import ChartError
from charts.extensions import ExtensionError, Extensions, use
from commands.output import EXIT_BAD_INPUT, EXIT_FINDINGS, EXIT_GATE, EXIT_INTERNAL, EXIT_OK, print_problems
from config import environment
from config.environment import EnvironmentProblem
from config.loader import ConfigError, LoadedCluster, load_clusters
from config.versions import Generation, reference_version
from config.yaml_input import InputError, read_text
from synth.safe_io import UnsafeOutput, WriteFailed, atomic_write
from synth.shard import Shard, ShardError, parse_shard

if TYPE_CHECKING:
    from synth.incremental import Cache


def _default_outdir() -> Path:
    # `cdk8s synth` tells the app where to write through CDK8S_OUTDIR.
    return environment.output_folder("dist")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python main.py",
        description="Generate Karpenter installs and per-tenant node pools for Flux from clusters/*.yaml.",
    )
    parser.add_argument("--clusters", type=Path, default=Path("clusters"), help="config folder (default clusters/)")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    synth = commands.add_parser("synth", help="write dist/ (the default command)")
    synth.add_argument("--out", type=Path, default=None, help="output folder (default $CDK8S_OUTDIR or dist/)")
    synth.add_argument(
        "--jobs", type=int, default=0, help="build parts in this many processes when at least 50 are to be built, "
        "each with its own Node.js (0, the default: one per CPU; 1: all in this process)"
    )
    synth.add_argument(
        "--shard", metavar="K/N", help="render only shard K of N of the clusters and keep the other shards' "
        "folders (a CI matrix: docs/gitops.md)"
    )
    synth.add_argument(
        "--cdk8s-cli", action="store_true", help="run by `cdk8s synth` (cdk8s.yaml): write dist/ (or --out) as usual, "
        "then every object into $CDK8S_OUTDIR/karpenter-tenants.k8s.yaml, the CLI's scratch folder, for it to list or print",
    )
    check = commands.add_parser("check", help="exit 1 if dist/ differs from what synth would write")
    check.add_argument("--out", type=Path, default=None, help="folder to compare (default dist/)")
    check.add_argument("--shard", metavar="K/N", help="compare only the folders of shard K of N of the clusters")
    validate = commands.add_parser(
        "validate", help="check manifests offline: schemas, CEL rules, the rendered chart (exit 1 on findings)"
    )
    validate.add_argument("path", nargs="?", type=Path, default=None, help="folder to check (default dist/)")
    validate.add_argument(
        "--crds", type=Path, default=None, help="reference data folder with the CRDs and charts (default ../shared)"
    )
    validate.add_argument(
        "--pull", action="store_true", help="pull the pinned Karpenter charts' CRDs from the registry instead"
    )
    validate.add_argument("--base", metavar="REV", help="git revision whose objects transition rules compare with")
    validate.add_argument(
        "--kubernetes-version", default="1.33", help="for folders of no known cluster (default 1.33)"
    )
    validate.add_argument("--show-skipped", action="store_true", help="list the transition rules not evaluated")
    _no_cache_option(validate)
    export = commands.add_parser(
        "export-schemas", help="write JSON Schemas of the custom kinds in dist/ in kubeconform's layout"
    )
    export.add_argument("out", type=Path, help="folder to write {group}/{kind}_{version}.json into")
    export.add_argument("--path", type=Path, default=Path("dist"), help="manifests whose kinds to export")
    export.add_argument("--crds", type=Path, default=None, help="reference data folder (default ../shared)")
    export.add_argument("--kubernetes-version", default="1.33", help="Kubernetes version of the core kinds' schemas (default 1.33)")
    _no_cache_option(export)
    render = commands.add_parser(
        "render-chart", help="write the Karpenter chart rendered with each cluster's values (for scanners)"
    )
    render.add_argument("out", type=Path, help="folder to write <cluster>/<kind>-<name>.yaml into")
    render.add_argument("--crds", type=Path, default=None, help="reference data folder (default ../shared)")
    _no_cache_option(render)
    plan = commands.add_parser(
        "plan", help="Markdown summary of what the change does to customers' nodes, against dist/ at a git revision"
    )
    plan.add_argument("--base", metavar="REV", help="revision to compare with (default: merge base with origin/main)")
    plan.add_argument(
        "--fail-on", choices=["destructive", "drift"], help="exit 3 when changes of this effect (or worse) exist"
    )
    plan.add_argument("--dist", type=Path, default=Path("dist"), help="the committed output folder (default dist/)")
    terraform = commands.add_parser(
        "check-terraform", help="compare `terraform output -json` with dist/<key>/aws.json (the manifests' names)"
    )
    terraform.add_argument("outputs", type=Path, help="file written by `terraform output -json`")
    terraform.add_argument("--cluster", help="cluster file key (default: the only one in clusters/)")
    terraform.add_argument("--dist", type=Path, default=None, help="output folder with <key>/aws.json (default dist/)")
    importer = commands.add_parser(
        "import", help="write the tenants: section equivalent to existing Provisioner/NodePool manifests"
    )
    importer.add_argument("files", type=Path, nargs="+", help="YAML files with Karpenter manifests")
    importer.add_argument("--out", type=Path, help="write the tenants section here instead of stdout")
    _no_cache_option(importer)
    nodegroups = commands.add_parser(
        "import-nodegroups", help="write the tenants: (and iam:) sections for Karpenter 1.x equivalent to EKS managed "
        "node groups, from Terraform or `aws eks describe-nodegroup` JSON (report on stderr)",
    )
    nodegroups.add_argument("files", type=Path, nargs="+", help=".tf files or folders of them, .tfvars files, "
                            "describe-nodegroup JSON files")
    nodegroups.add_argument("--out", type=Path, help="write the sections here instead of stdout")
    migrate = commands.add_parser("migrate", help="rewrite a Karpenter 0.31 cluster file for 1.x (report on stderr)")
    migrate.add_argument("file", type=Path, help="the cluster file, e.g. clusters/acme-legacy.yaml")
    target = str(reference_version(Generation.V1))
    migrate.add_argument("--to", default=None, help=f"target Karpenter 1.x version (default {target}; 1.0.14 for --step stop)")
    migrate.add_argument("--step", choices=["prepare", "stop", "finish"], help="one repository state of the upgrade "
                         "of a running cluster (docs/upgrade-031.md): prepare (0.31 + upgradingFrom), stop (1.0.x), finish (1.x)")
    migrate.add_argument("--write", action="store_true", help="overwrite the file (default: print the result)")
    migrate.add_argument("--pools", action="append", metavar="TENANT=A,B", help="make the 0.31 tenants A, B (named "
                         "TENANT-<pool>) the pools of one 1.x tenant TENANT; repeat per tenant (docs/import-migrate.md)")
    adopt = commands.add_parser(
        "adopt", help="print the kubectl commands, in order, that hand an existing installation to the generated appliers"
    )
    adopt.add_argument("cluster", help="cluster file (clusters/acme.yaml) or its key (acme)")
    adopt.add_argument("--format", choices=["text", "sh"], default="text", help="text (default) or a runnable sh script")
    adopt.add_argument("--context", help="kubeconfig context every kubectl command names (default: the current one)")
    adopt.add_argument("--crds", type=Path, default=None, help="reference data folder with the charts (default ../shared)")
    preflight = commands.add_parser(
        "preflight", help="what the isolation policies in dist/ would refuse of what already runs "
        "(from `kubectl get pods,daemonsets,deployments,statefulsets,replicasets,jobs,cronjobs -A -o json`)",
    )
    preflight.add_argument("workloads", type=Path, help="the file kubectl wrote")
    preflight.add_argument("--cluster", help="cluster file key (default: the only one in clusters/)")
    preflight.add_argument("--dist", type=Path, default=Path("dist"), help="the output folder (default dist/)")
    fetch = commands.add_parser(
        "fetch-reference", help="download the upstream reference data validate, render-chart and adopt read "
        "(charts from their OCI registry, IAM templates, compatibility tables, Flux and Argo CD CRDs)",
    )
    fetch.add_argument("versions", nargs="*", metavar="VERSION",
                       help="Karpenter releases (default: the reference releases and every release clusters/ pins)")
    fetch.add_argument("--reference", type=Path, default=None,
                       help="folder to fill (default $KARPENTER_TENANTS_SHARED, else <user cache>/karpenter-tenants/reference)")
    fetch.add_argument("--registry", default=None, help="OCI registry of the charts (default oci://public.ecr.aws/karpenter)")
    fetch.add_argument("--source", default=None,
                       help="base URL serving <owner>/<repo>/<tag>/<path> (default https://raw.githubusercontent.com)")
    fetch.add_argument("--plain-http", action="store_true", help="the registry speaks HTTP (a local mirror)")
    verify = commands.add_parser(
        "verify", help="what a pull request of clusters/ needs to merge: check, validate, kubeconform, plan with the gate"
    )
    verify.add_argument("--base", metavar="REV", help="plan against this revision (default: merge base with origin/main)")
    verify.add_argument("--fail-on", choices=["destructive", "drift"], default="destructive",
                        help="the plan's gate (default destructive)")
    verify.add_argument("--dist", type=Path, default=Path("dist"), help="the output folder (default dist/)")
    verify.add_argument("--crds", type=Path, default=None, help="reference data folder (default ../shared)")
    verify.add_argument("--plan-markdown", type=Path, default=None, metavar="FILE",
                        help="also write the plan's Markdown to FILE (the pull request's comment)")
    verify.add_argument("--kubeconform", type=Path, default=None,
                        help="the kubeconform binary (default .tools/bin/kubeconform, then PATH)")
    from commands.capacity import add_parser as add_capacity

    add_capacity(commands)
    commands.add_parser("docs", help="regenerate the config reference (docs/configuration.md) and terraform/README.md's inputs and outputs")
    return parser


def _no_cache_option(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--no-cache", action="store_true",
        help="neither read nor write the cache of parsed CRDs, rendered charts and check results "
        "(also: KARPENTER_TENANTS_NO_CACHE=1; where it is: docs/safety.md)",
    )


def _load(folder: Path) -> list[LoadedCluster] | None:
    try:
        clusters = load_clusters(folder)
    except ConfigError as error:
        count = len(error.problems)
        print_problems(f"{count} problem{'s' if count != 1 else ''} in the cluster config; dist/ was not changed:", error.problems)  # type: ignore[arg-type]
        return None
    _print_warnings([(str(c.source), w) for c in clusters for w in c.warnings])
    return clusters


def _print_warnings(warnings: list[tuple[str, str]]) -> None:
    """Each warning once, after the files it concerns (a check skipped for every cluster of one release is one line)."""
    files: dict[str, list[str]] = {}
    for source, warning in warnings:
        files.setdefault(warning, []).append(source)
    for warning, sources in files.items():
        print(f"warning: {', '.join(sources)}: {warning}", file=sys.stderr)


def _synth(
    clusters: list[LoadedCluster], outdir: Path, jobs: int = 1, shard: Shard | None = None, folder: Path | None = None,
    cache: Cache | None = None,
) -> int:
    from synth.render import render_incremental, save_cache, write_atomically
    from synth.safe_io import check_output_folder

    check_output_folder(outdir)  # before rendering: refuse a folder synth may not replace at once
    if shard is not None:
        clusters = [c for c in clusters if shard.owns(c.key)]
    # Only clusters whose files are not current are rendered (synth.incremental); the result is the same.
    results = []

    def files(current: dict[str, bytes] | None) -> dict[str, str]:  # under the output lock
        results.append(render_incremental(clusters, outdir, jobs=jobs, current=current or {}, cache=cache))
        return results[-1].files

    changed = write_atomically(outdir, files, keep=None if shard is None else lambda path: not shard.owns_path(path))
    result = results[-1]
    from synth.incremental import inputs_of

    # What a synth with nothing to do compares first (synth.incremental.unchanged): only after a whole synth.
    result.cache.inputs = inputs_of(folder, clusters) if shard is None and folder is not None else {}
    try:
        save_cache(outdir, result)
    except WriteFailed:
        pass  # the cache only saves time: the next run renders everything
    part = "" if shard is None else f" of shard {shard} (the other shards' folders kept)"
    if changed:
        print(f"wrote {len(result.files)} files for {len(clusters)} cluster(s){part} to {outdir}/ ({changed})")
    else:
        print(f"{outdir}/ is current ({len(result.files)} files for {len(clusters)} cluster(s){part}): nothing changed")
    return EXIT_OK


CDK8S_SCRATCH_FILE = "karpenter-tenants.k8s.yaml"


def _cdk8s_scratch(outdir: Path) -> Path | None:
    """The cdk8s CLI's folder ($CDK8S_OUTDIR) for `synth --cdk8s-cli`, or None after saying why it cannot be used."""
    if os.environ.get(environment.OUTDIR_ENV) is None:
        print("error: synth --cdk8s-cli is for the cdk8s CLI, which sets CDK8S_OUTDIR; run `python main.py` instead",
              file=sys.stderr)
        return None
    scratch, named = environment.output_folder(), os.environ[environment.OUTDIR_ENV]
    real, out = scratch.resolve(), outdir.resolve()
    if real == out or out in real.parents or real in out.parents:
        print(f"error: CDK8S_OUTDIR={named} is {outdir}/ or beside it in one tree, and the cdk8s CLI deletes that folder "
              f"before it runs synth: set `output:` in cdk8s.yaml to a scratch folder (.cdk8s.out)", file=sys.stderr)
        return None
    if scratch.is_symlink() or (scratch.exists() and (not scratch.is_dir() or any(scratch.iterdir()))):
        print(f"error: CDK8S_OUTDIR={named} is not an empty folder (the cdk8s CLI empties it first); nothing was written "
              "there", file=sys.stderr)
        return None
    return scratch


def _write_scratch(scratch: Path, outdir: Path, keys: list[str]) -> None:
    """Every object synth wrote for these clusters, as one YAML stream, in the cdk8s CLI's folder: each file as synth
    wrote it (one document after its header comment), behind a `---`."""
    documents = []
    for key in keys:
        for path in sorted((outdir / key).rglob("*.yaml")):
            if path.name != "kustomization.yaml" and path.is_file() and not path.is_symlink():
                documents.append(read_text(path))
    scratch.mkdir(parents=True, exist_ok=True)
    atomic_write(scratch / CDK8S_SCRATCH_FILE, "".join(f"---\n{text}" for text in documents))


def _check(clusters: list[LoadedCluster], outdir: Path, shard: Shard | None = None, cache: Cache | None = None) -> int:
    from synth.render import bytes_tree, not_files, read_tree, render_incremental

    if outdir.exists() and not outdir.is_dir():
        print(f"error: {outdir} exists and is not a folder; pass --out with the folder synth wrote", file=sys.stderr)
        return EXIT_BAD_INPUT
    # Parts whose files synth recorded with the same inputs and code (and which are intact) are not built.
    folders: set[str] = set()
    current = bytes_tree(outdir, folders=folders) if outdir.is_dir() else {}
    owned = [c for c in clusters if shard is None or shard.owns(c.key)]
    expected = render_incremental(owned, outdir, jobs=0, current=current, cache=cache).files
    # outdir's files as read once (read_tree again only for a tree with links, which it follows or skips).
    actual = read_tree(outdir) if current is None else _texts(outdir, current)
    if shard is not None:
        actual = {path: text for path, text in actual.items() if shard.owns_path(path)}
    links = [p for p in (not_files(outdir) if outdir.is_dir() else []) if shard is None or shard.owns_path(p)]
    for path in links:  # read_tree follows a link to a file and skips one to a folder: neither is synth's
        print(f"{outdir}/{path}: a symbolic link or special file; synth writes only files and folders")
    strays = _strays(outdir, expected, current, folders if current is not None else None, shard)
    for line in strays:
        print(line)
    if expected == actual and not links and not strays:
        part = "" if shard is None else f" for shard {shard}"
        print(f"{outdir}/ is current{part} ({len(expected)} files)")
        return EXIT_OK
    for path in sorted(set(expected) | set(actual)):
        if expected.get(path) != actual.get(path):
            diff = difflib.unified_diff(
                actual.get(path, "").splitlines(keepends=True),
                expected.get(path, "").splitlines(keepends=True),
                f"{outdir}/{path} (committed)",
                f"{outdir}/{path} (generated)",
            )
            sys.stdout.writelines(diff)
    print(f"{outdir}/ is stale: run `python main.py` and commit the result", file=sys.stderr)
    return EXIT_FINDINGS


def _strays(
    outdir: Path, expected: dict[str, str], current: dict[str, bytes] | None, folders: set[str] | None, shard: Shard | None
) -> list[str]:
    """What check's file comparison cannot see: synth's marker edited, and folders holding no file synth writes
    (an empty folder: git does not keep one, but a folder synced from disk does), each at its top. folders:
    outdir's folders as read with its files (None: read them here, as links to folders are not)."""
    from synth.render import folders_in, folders_of
    from synth.safe_io import MARKER, MARKER_TEXT

    found = []
    if current is not None and current.get(MARKER, MARKER_TEXT.encode()) != MARKER_TEXT.encode():
        found.append(f"{outdir}/{MARKER}: edited; synth writes it as: {MARKER_TEXT.strip()}")
    wanted = folders_of(expected)
    present = folders if folders is not None else folders_in(outdir) if outdir.is_dir() else set()
    for folder in sorted(present - wanted, key=lambda f: (f.count("/"), f)):
        parent = folder.rpartition("/")[0]
        if (not parent or parent in wanted) and (shard is None or shard.owns_path(folder)):  # its own are stray with it
            found.append(f"{outdir}/{folder}/: a folder without a file synth writes; synth removes it")
    return found


def _texts(folder: Path, files: dict[str, bytes]) -> dict[str, str]:
    """read_tree(folder) from files already read: UTF-8 text, synth's marker left out (InputError as read_tree)."""
    from synth.safe_io import MARKER

    found = {}
    for relative, data in sorted(files.items()):
        if relative == MARKER:
            continue
        try:
            found[relative] = data.decode("utf-8")
        except UnicodeDecodeError:
            found[relative] = read_text(folder / relative, str(folder / relative))  # raises, naming the line
    return found


def _docs() -> int:
    from config.docs import BEGIN, END, TF_BEGIN, TF_END, update_readme, update_terraform_readme

    reference = Path("docs/configuration.md")
    module = Path("terraform")
    texts = {reference: read_text(reference)}
    if (module / "README.md").is_file():
        texts[module / "README.md"] = read_text(module / "README.md")
    for path, (begin, end) in ((reference, (BEGIN, END)), (module / "README.md", (TF_BEGIN, TF_END))):
        text = texts.get(path)
        if text is not None and not (begin in text and end in text and text.index(begin) < text.index(end)):
            print(f"error: {path} has no {begin} … {end} markers, between which the generated part goes: put them "
                  "back (git show HEAD:" + str(path) + "); nothing was written", file=sys.stderr)
            return EXIT_BAD_INPUT
    atomic_write(reference, update_readme(texts[reference]))
    print("docs/configuration.md: config reference regenerated")
    if module / "README.md" in texts:
        atomic_write(module / "README.md", update_terraform_readme(texts[module / "README.md"], module))
        print("terraform/README.md: inputs and outputs regenerated")
    return EXIT_OK


def _one_cluster(clusters: list[LoadedCluster], key: str | None) -> LoadedCluster | None:
    """The cluster --cluster names (default: the only one), or None after saying why there is none."""
    keys = [c.key for c in clusters]
    if key is None and len(clusters) != 1:
        print(f"error: several cluster files ({', '.join(keys)}): pass --cluster KEY", file=sys.stderr)
        return None
    cluster = next((c for c in clusters if key in (None, c.key)), None)
    if cluster is None:
        print(f"error: --cluster {key}: no clusters/{key}.yaml (have: {', '.join(keys)})", file=sys.stderr)
    return cluster


KUBECTL_WORKLOADS = "kubectl get pods,daemonsets,deployments,statefulsets,replicasets,jobs,cronjobs -A -o json"


def _preflight(args: argparse.Namespace) -> int:
    from checks.preflight import PreflightError, load_policy, preflight, workloads
    from config.yaml_input import read_json

    clusters = _load(args.clusters)
    cluster = _one_cluster(clusters, args.cluster) if clusters is not None else None
    if cluster is None:
        return EXIT_BAD_INPUT
    try:
        policy = load_policy(args.dist, cluster.key)
        if policy is None:
            print(f"preflight: {cluster.key} has no isolation policy (no tenant names namespaces): nothing is refused")
            return EXIT_OK
        items = workloads(read_json(args.workloads, str(args.workloads), KUBECTL_WORKLOADS), str(args.workloads))
        verdicts = preflight(policy, items, cluster.config.tenancy.label_key)
    except PreflightError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    refused = [v for v in verdicts if v.refusals]
    for verdict in verdicts:
        w = verdict.workload
        if not verdict.refusals:
            print(f"admitted: {w.namespace}/{w.kind}/{w.name}")
            continue
        for message, fix in zip(verdict.refusals, verdict.fixes + [""] * len(verdict.refusals), strict=False):
            print(f"refused: {w.namespace}/{w.kind}/{w.name}: {message}" + (f"; fix: {fix}" if fix else ""))
    print(f"preflight: {cluster.key}: {len(verdicts)} workloads, {len(refused)} would be refused under "
          f"enforcement deny (now {cluster.config.tenancy.enforcement})")
    return EXIT_FINDINGS if refused else EXIT_OK


def _fetch_reference(args: argparse.Namespace) -> int:
    from checks.reference import (
        REGISTRY,
        SOURCE,
        FetchFailed,
        Mirrors,
        fetch_gitops_crds,
        fetch_release,
        reference_cache,
    )
    from checks.schemas import SHARED_ENV
    from config.versions import REFERENCE_VERSIONS, KarpenterVersion

    try:
        versions = sorted({KarpenterVersion.parse(v) for v in args.versions}, key=str)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if not versions:
        try:
            pinned = {str(c.config.karpenter.parsed_version) for c in load_clusters(args.clusters)}
        except (ConfigError, InputError, EnvironmentProblem):
            # synth reports the config's problems (and a chart values check needs the reference data being fetched):
            # the reference releases are fetched anyway
            pinned = set()
        versions = sorted({KarpenterVersion.parse(v) for v in {*REFERENCE_VERSIONS, *pinned}}, key=str)
    dest = args.reference or environment.folder(SHARED_ENV, "the folder to fetch the reference data into",
                                                must_exist=False) or reference_cache()
    mirrors = Mirrors(args.registry or REGISTRY, (args.source or SOURCE).rstrip("/"), args.plain_http)
    try:
        for version in versions:
            print(f"fetch-reference: Karpenter {version} -> {fetch_release(version, dest, mirrors)}", flush=True)
        print(f"fetch-reference: Flux and Argo CD CRDs -> {fetch_gitops_crds(dest, mirrors)}")
    except FetchFailed as error:
        print(f"error: {error}; {dest} keeps what it had", file=sys.stderr)
        return EXIT_BAD_INPUT
    return EXIT_OK


def _export_schemas(args: argparse.Namespace) -> int:
    from checks.export_schemas import export_schemas
    from checks.schemas import load_crds, shared_dir

    try:
        crds = load_crds(args.crds or shared_dir())
    except FileNotFoundError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if not args.path.is_dir():
        print(f"error: {args.path} is not a folder of manifests", file=sys.stderr)
        return EXIT_BAD_INPUT
    from checks.export_schemas import NoSchema

    try:
        written = export_schemas(args.path, crds, args.out, args.kubernetes_version)
    except NoSchema as error:
        print(f"error: {error}; nothing was written", file=sys.stderr)
        return EXIT_BAD_INPUT
    for relative in written:
        print(f"{args.out}/{relative}")
    print(f"export-schemas: {len(written)} schemas written; use -schema-location "
          f"'{args.out}/{{{{.Group}}}}/{{{{.ResourceKind}}}}_{{{{.ResourceAPIVersion}}}}.json' with kubeconform")
    return EXIT_OK


def _render_chart(args: argparse.Namespace, clusters: list[LoadedCluster]) -> int:
    from checks.helm_render import chart_folder, render_karpenter
    from checks.schemas import shared_dir
    from commands.validate import missing_reference_data
    from synth.render import file_name
    from synth.yaml_text import dump

    shared = args.crds or shared_dir()
    missing = missing_reference_data(shared, clusters)
    if missing:
        for problem in missing:
            print(f"error: {problem}", file=sys.stderr)
        return EXIT_BAD_INPUT
    files: dict[str, str] = {}
    for cluster in clusters:
        print(f"render-chart: {cluster.key} pins {cluster.config.karpenter.version}: chart {chart_folder(shared, cluster.config)}")
        for obj in render_karpenter(shared, cluster.config):
            files[f"{cluster.key}/{file_name(obj)}"] = dump(obj)
    from synth.safe_io import file_in

    targets = {relative: file_in(args.out, relative) for relative in files}  # every path checked before any write
    for relative, content in files.items():
        targets[relative].parent.mkdir(parents=True, exist_ok=True)
        atomic_write(targets[relative], content)
    print(f"render-chart: {len(files)} objects written to {args.out}/")
    return EXIT_OK


def _plan(args: argparse.Namespace, clusters: list[LoadedCluster]) -> int:
    from review.changes import ClusterFacts, gate_tripped
    from review.controller import version_changes
    from review.git_tree import PlanError, merge_base, tree_at_revision
    from review.markdown import markdown
    from review.plan import plan
    from synth.render import render_incremental

    try:
        base = args.base or merge_base(args.dist if args.dist.is_dir() else Path("."))
        # What synth would write now: only the parts whose files in dist/ synth's cache does not vouch for are built
        # (after `python main.py`, just what the change touched; without a cache, a fresh clone, every part).
        new_files = render_incremental(clusters, args.dist, jobs=0).files
        # Only the files that differ are read from git (one `git cat-file --batch`) and parsed on both sides.
        old_files, same = tree_at_revision(args.dist, base, new_files)
    except PlanError as error:
        hint = "" if args.base else " (no merge base with origin/main: pass --base REV)"
        print(f"error: {error}{hint}", file=sys.stderr)
        return EXIT_BAD_INPUT
    facts = {
        c.key: ClusterFacts(
            c.config.tenancy.label_key,
            c.config.karpenter.feature_gates.get("driftEnabled", False) if c.config.generation is Generation.V1ALPHA5 else None,
        )
        for c in clusters
    }
    changes = plan(old_files, new_files, facts, same)
    from commands.capacity import add_plan_lines

    add_plan_lines(changes, old_files, new_files)
    versions = version_changes(old_files, new_files, same)
    from review.autoscaler import migration_notes

    moving = {c.key: migration_notes(c.config) for c in clusters}
    sys.stdout.write(markdown(changes, args.base or f"merge base {base[:12]} with origin/main", versions, moving))
    if gate_tripped(changes, args.fail_on):
        print(f"plan: {args.fail_on} changes present: exit 3 (acknowledge them to merge)", file=sys.stderr)
        return EXIT_GATE
    return EXIT_OK


def _check_terraform(args: argparse.Namespace, clusters: list[LoadedCluster]) -> int:
    from checks.terraform_outputs import OutputsError, mismatches, read_outputs, to_attach
    from synth.aws_side import FILE_NAME, AwsFileError, read_aws_file

    cluster = _one_cluster(clusters, args.cluster)
    if cluster is None:
        return EXIT_BAD_INPUT
    aws_file = (args.dist or _default_outdir()) / cluster.key / FILE_NAME
    try:
        aws = read_aws_file(aws_file, cluster.config, cluster.source.name)
        outputs = read_outputs(args.outputs)
    except (AwsFileError, OutputsError) as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    found = mismatches(aws, outputs, str(aws_file))
    for line in found:
        print(f"mismatch: {line}")
    for line in to_attach(outputs):  # not a mismatch: what terraform/ leaves to the user on existing roles
        print(f"attach yourself: {line}")
    print(
        f"check-terraform: {cluster.key}: "
        + (f"{len(found)} mismatch{'es' if len(found) != 1 else ''}" if found else "Terraform outputs match the manifests")
    )
    return EXIT_FINDINGS if found else EXIT_OK


def _import(args: argparse.Namespace) -> int:
    from convert.importer import ImportFailed, import_manifests, tenants_yaml

    try:
        result = import_manifests(args.files)
    except ImportFailed as error:
        count = len(error.problems)
        return print_problems(f"cannot import ({count} problem{'s' if count != 1 else ''}):", error.problems)  # type: ignore[arg-type]
    _write_or_print(args.out, tenants_yaml(result))
    for note in result.notes:
        print(f"note: {note}", file=sys.stderr)
    for line in result.unsupported:
        print(f"unsupported: {line}", file=sys.stderr)
    print(
        f"import: {len(result.tenants)} tenant{'s' if len(result.tenants) != 1 else ''}"
        + (f", {len(result.unsupported)} field(s) not expressible (listed above)" if result.unsupported else ""),
        file=sys.stderr,
    )
    return EXIT_FINDINGS if result.unsupported else EXIT_OK


def _import_nodegroups(args: argparse.Namespace) -> int:
    from convert.nodegroups import NodeGroupsRefused, import_nodegroups

    try:
        result = import_nodegroups(args.files)
    except NodeGroupsRefused as error:
        for problem in error.problems:
            print(f"error: {problem}", file=sys.stderr)
        return EXIT_BAD_INPUT
    _write_or_print(args.out, result.text())
    for line in result.lines():
        print(line, file=sys.stderr)
    return EXIT_FINDINGS if result.findings else EXIT_OK


def _write_or_print(path: Path | None, text: str) -> None:
    """The result written whole to path (temp file + rename; a link's target in its place), or to stdout without
    one; never over a device, a FIFO or a hard-linked file (synth.safe_io.output_file)."""
    from synth.safe_io import output_file

    if path is not None:
        atomic_write(output_file(path), text)
    else:
        sys.stdout.write(text)


def _migrate(args: argparse.Namespace) -> int:
    from convert.migrate import MigrationRefused, migrate, parse_pools

    try:
        migration = migrate(args.file, args.to, args.step, parse_pools(args.pools))
    except ConfigError as error:
        return print_problems("the cluster file has problems; fix them first:", error.problems)  # type: ignore[arg-type]
    except MigrationRefused as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if not migration.blocking:
        _write_or_print(args.file if args.write else None, migration.text(args.file))
    for change in migration.changes:
        print(f"change: {change}", file=sys.stderr)
    for decision in migration.decisions:
        print(f"decide: {decision}", file=sys.stderr)
    for line in migration.steps:
        print(line, file=sys.stderr)
    if migration.blocking:
        for problem in migration.blocking:
            print(f"blocked: {problem}", file=sys.stderr)
        print(f"migrate: synth would reject the result ({len(migration.blocking)} problem(s) above): decide them in "
              f"{args.file} (decide: lines) and migrate again; nothing written", file=sys.stderr)
        return EXIT_FINDINGS
    where = f"{args.file} rewritten" if args.write else "printed above; --write to replace the file"
    print(f"migrate: {len(migration.changes)} changes, {len(migration.decisions)} decisions for you; {where}", file=sys.stderr)
    return EXIT_OK


def _adopt(args: argparse.Namespace) -> int:
    from checks.schemas import shared_dir
    from commands.validate import missing_reference_data
    from config.loader import load_cluster_file
    from convert.adopt import plan_adoption, script, text

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
    missing = missing_reference_data(shared, [cluster])
    if missing:
        for problem in missing:
            print(f"error: {problem}", file=sys.stderr)
        return EXIT_BAD_INPUT
    adoption = plan_adoption(cluster, shared)
    sys.stdout.write((script if args.format == "sh" else text)(adoption, args.context))
    return EXIT_OK


def main(argv: list[str] | None = None, *, extensions: Extensions | None = None) -> int:
    """Run a command. Every user mistake and file-system refusal is exit 2 with one message; anything
    else is a bug, reported in one line with exit 70 (never a traceback). extensions: a platform team's
    constructs added to every tenant's chart and to the cluster-wide base (charts.extensions,
    docs/extending.md)."""
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as exit_:  # argparse exits 2 on usage errors, 0 on --help
        return int(exit_.code or 0)
    try:
        debug = environment.switch(environment.DEBUG_ENV, "shows an internal error's traceback", "prints one line")
    except EnvironmentProblem as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        use(extensions if extensions is not None else Extensions())
        return _run(args)
    except (ExtensionError, ChartError) as error:
        print(f"error: {error}; nothing was written", file=sys.stderr)
        return EXIT_BAD_INPUT
    except (InputError, UnsafeOutput, WriteFailed, EnvironmentProblem) as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except OSError as error:
        where = f"{error.filename}: " if error.filename else ""
        print(f"error: {where}{error.strerror or error}; nothing was changed", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except Exception as error:  # noqa: BLE001 - the last resort: one line instead of a traceback
        if debug:
            raise
        print(f"internal error: {type(error).__name__}: {error}, please report", file=sys.stderr)
        return EXIT_INTERNAL


def _run(args: argparse.Namespace) -> int:
    command = args.command or "synth"
    with _cycle_collection(command not in ("synth", "check")):
        return _dispatch(command, args)


def _dispatch(command: str, args: argparse.Namespace) -> int:
    from checks import disk_cache

    # adopt promises to write nothing (docs/safety.md), so it runs without the cache.
    disk_cache.disable(getattr(args, "no_cache", False) or command == "adopt")
    handler = _HANDLERS.get(command)
    if handler is not None:
        return handler(args)
    shard = None
    if getattr(args, "shard", None) is not None:
        try:
            shard = parse_shard(args.shard)
        except ShardError as error:
            print(f"error: {error}", file=sys.stderr)
            return EXIT_BAD_INPUT
    return _render_command(command, args, shard)


@contextlib.contextmanager
def _cycle_collection(on: bool) -> Iterator[None]:
    """Python's cycle collector on or off while a command runs, as it was afterwards. Off for synth and check:
    what they build (the config, the charts' structs and JSON, the YAML of every file) is acyclic and lives
    until the files are written, so each collection only walks a growing heap to find nothing. Measured
    (docs/performance.md): 0.6 s of a 1,000-tenant synth and 2-5 s at 5,000, with the same peak memory either
    way. main.py turns it off before the imports (they make no garbage worth a collection), so a synth process
    never collects; turning it back on would walk everything made meanwhile at the next allocation (9 ms
    after a 1,000-tenant synth)."""
    enabled = gc.isenabled()
    if on:
        gc.enable()
    else:
        gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
        else:
            gc.disable()


def _run_validate(args: argparse.Namespace) -> int:
    from commands.validate import run_validate

    return run_validate(args)


def _capacity(args: argparse.Namespace) -> int:
    from commands.capacity import run_capacity

    clusters = _load(args.clusters)
    return EXIT_BAD_INPUT if clusters is None else run_capacity(args, clusters)


def _run_verify(args: argparse.Namespace) -> int:
    from commands.verify import run_verify

    return run_verify(args)


# The commands that load no clusters of their own through _render_command.
_HANDLERS = {
    "docs": lambda args: _docs(),
    "export-schemas": _export_schemas,
    "import": _import,
    "import-nodegroups": _import_nodegroups,
    "migrate": _migrate,
    "adopt": _adopt,
    "validate": _run_validate,
    "verify": _run_verify,
    "fetch-reference": _fetch_reference,
    "preflight": _preflight,
    "capacity": _capacity,
}


def _render_command(command: str, args: argparse.Namespace, shard: Shard | None) -> int:
    outdir = getattr(args, "out", None) or _default_outdir()
    scratch = None
    if getattr(args, "cdk8s_cli", False):
        # The cdk8s CLI deletes its output folder before it runs the app (and --stdout prints a temporary one):
        # cdk8s.yaml names a scratch folder there, never dist/, and dist/ is written as by `python main.py`.
        scratch = _cdk8s_scratch(args.out or Path("dist"))
        if scratch is None:
            return EXIT_BAD_INPUT
        outdir = args.out or Path("dist")
    if command == "synth":
        from synth.safe_io import lock_timeout

        lock_timeout()  # a bad $KARPENTER_TENANTS_LOCK_TIMEOUT is bad input even when there is nothing to write
    cache = None
    if command in ("synth", "check"):
        from synth.incremental import load_cache, unchanged

        # Loaded once for the run (synth and check plan with it too); None while this user has no synth key, which
        # is made only once the config has loaded: a bad config creates nothing.
        cache = load_cache(outdir, make_key=False)
        same = unchanged(args.clusters, outdir, cache) if cache is not None and shard is None else None
        if same is not None:  # the cluster files and dist/ are as the last synth left them
            count, warnings = same
            _print_warnings(warnings)
            if command == "check":
                print(f"{outdir}/ is current ({count} files)")
            else:
                print(f"{outdir}/ is current: nothing to write ({count} files, the cluster files unchanged)")
            if scratch is not None:
                _write_scratch(scratch, outdir, sorted(p.stem for p in args.clusters.glob("*.yaml")))
            return EXIT_OK
    if command in ("synth", "check"):
        clusters = _load(args.clusters)
        if clusters is None:
            return EXIT_BAD_INPUT
        if command == "check":
            return _check(clusters, outdir, shard, cache)
        code = _synth(clusters, outdir, getattr(args, "jobs", 0), shard, args.clusters, cache)
        if code == EXIT_OK and scratch is not None:
            _write_scratch(scratch, outdir, [c.key for c in clusters])
        return code
    clusters = _load(args.clusters)
    if clusters is None:
        return EXIT_BAD_INPUT
    if command == "render-chart":
        return _render_chart(args, clusters)
    if command == "plan":
        return _plan(args, clusters)
    return _check_terraform(args, clusters)
