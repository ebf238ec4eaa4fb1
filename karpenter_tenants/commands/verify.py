"""`python main.py verify`: what a reviewer needs to merge a pull request of the user's clusters, in one command
(`make verify`, the pull-request workflow), without the product's own test suite:

1. check: dist/ is what synth writes from clusters/;
2. validate: every object against its CRD or Kubernetes schema, CEL rules, the GitOps wiring, the rendered chart;
3. kubeconform (github.com/yannh/kubeconform, pinned, built by `make verify` into .tools/bin) over every
   dist/<cluster>/ folder, with the schemas export-schemas writes for that cluster's Kubernetes version: core and
   custom kinds alike, so nothing is skipped offline;
4. plan --base REV with the gate: what the change does to customers' nodes; destructive changes trip it.

Every step runs, whatever the ones before found. Exit status: 2 when a step could not run (bad input, a missing
tool), else 1 when a step found something, else 3 when the plan's gate tripped, else 0: a CI gate that waives 3 (the
workflow's label) waives the plan's gate alone, never a stale dist/ or a finding beside it.

Each step is its command's run, with the arguments `python main.py COMMAND ...` would give it (commands.runner).
Must not import: commands.cli or commands.registry (which import this module)."""

from __future__ import annotations

import argparse
import contextlib
import io
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

from karpenter_tenants.commands import check, export_schemas, plan, validate
from karpenter_tenants.commands.common import dist_option, folder_path, reference_option, revision
from karpenter_tenants.commands.output import EXIT_BAD_INPUT, EXIT_FINDINGS, EXIT_GATE, EXIT_OK, BadInput
from karpenter_tenants.config.listing import one_line
from karpenter_tenants.scaffold import KUBECONFORM_MODULE  # one pin: init's Makefile (and the product's, tested)

NAME = "verify"

# The product checkout, when the package runs from one (its Makefile builds .tools/bin there).
CHECKOUT = Path(__file__).resolve().parents[2]
# kubeconform reads every .yaml/.json file as manifests: aws.json (terraform/'s input) and kustomization.yaml
# (kustomize's own) are not Kubernetes objects.
IGNORED = (r"aws\.json$", r"kustomization\.yaml$")


def add_parser(commands: Any) -> None:
    verify = commands.add_parser(
        NAME, help="what a pull request of clusters/ needs to merge: check, validate, kubeconform, plan with the gate"
    )
    verify.add_argument(
        "--base", metavar="REV", type=revision, help="plan against this revision (default: merge base with origin/main)"
    )
    verify.add_argument(
        "--fail-on",
        choices=["destructive", "drift", "unschedulable"],
        default="destructive",
        help="the plan's gate (default destructive)",
    )
    dist_option(verify, "the output folder (default dist/)")
    reference_option(verify)
    verify.add_argument(
        "--workloads",
        type=Path,
        metavar="FILE",
        help="plan --workloads: the pods of FILE scheduled by Karpenter's scheduler at base and head",
    )
    verify.add_argument("--nodes", type=Path, metavar="FILE", help="plan --nodes (kubectl get nodes -o json)")
    verify.add_argument("--cluster", metavar="KEY", help="with --workloads: the cluster they run in")
    verify.add_argument(
        "--workloads-dir",
        type=folder_path,
        metavar="DIR",
        default=None,
        help="workloads snapshots, DIR/<cluster>.json each (default: workloads/ when it exists)",
    )
    verify.add_argument(
        "--from-empty",
        action="store_true",
        help="plan --from-empty: the workloads scheduled afresh, not from today's placement",
    )
    verify.add_argument(
        "--plan-markdown",
        type=Path,
        default=None,
        metavar="FILE",
        help="also write the plan's Markdown to FILE (the pull request's comment)",
    )
    verify.add_argument(
        "--kubeconform",
        type=Path,
        default=None,
        metavar="FILE",
        help="the kubeconform binary (default .tools/bin/kubeconform of the repository, then PATH)",
    )


def kubeconform_binary(named: Path | None) -> Path | None:
    if named is not None:
        return named if named.is_file() else None
    for built in (Path(".tools/bin/kubeconform"), CHECKOUT / ".tools/bin/kubeconform"):  # the repository's own first
        if built.is_file():
            return built.resolve()
    found = shutil.which("kubeconform")
    return Path(found) if found else None


def kubeconform_command(binary: Path, schemas: Path, folder: Path) -> list[str]:
    """The user-facing way to run kubeconform over one dist/<cluster>/ folder (docs/review.md)."""
    ignored = [arg for pattern in IGNORED for arg in ("-ignore-filename-pattern", pattern)]
    location = f"{schemas}/{{{{.Group}}}}/{{{{.ResourceKind}}}}_{{{{.ResourceAPIVersion}}}}.json"
    return [str(binary), "-strict", "-summary", *ignored, "-schema-location", location, str(folder)]


def run(args: argparse.Namespace) -> int:
    from karpenter_tenants.config.loader import ConfigError, load_clusters
    from karpenter_tenants.synthesis.safe_io import WRITTEN_BY, atomic_write, claim_file

    dist: Path = args.dist
    crds = ["--reference", str(args.reference)] if args.reference else []
    results: dict[str, int] = {}
    # the pull request's comment: a new file or verify's own, never another — claimed before any step runs
    if args.plan_markdown is not None and str(args.plan_markdown) == "-":
        raise BadInput("--plan-markdown -: standard output is verify's own report; name a file for the comment")
    markdown = claim_file(args.plan_markdown, command=NAME) if args.plan_markdown is not None else None

    def step(name: str, command: ModuleType, argv: list[str]) -> None:
        print(f"== verify: {name}", flush=True)
        results[name] = _step(command, argv, args.clusters)
        sys.stdout.flush()

    step("dist/ is current (check)", check, ["--dist", str(dist)])
    step("validate", validate, [str(dist), *crds])
    print("== verify: kubeconform", flush=True)
    binary = kubeconform_binary(args.kubeconform)
    if binary is None:
        looked = (
            f"--kubeconform {one_line(str(args.kubeconform))} is no file"
            if args.kubeconform is not None
            else "kubeconform not found (.tools/bin/kubeconform, PATH)"
        )
        print(
            f"error: {looked}: `make verify` builds it (go install {KUBECONFORM_MODULE})",
            file=sys.stderr,
        )
        results["kubeconform"] = EXIT_BAD_INPUT
    else:
        try:
            clusters = load_clusters(args.clusters)
        except ConfigError:
            clusters = []  # check said why
        results["kubeconform"] = EXIT_OK if clusters else EXIT_BAD_INPUT
        for cluster in clusters:
            folder = dist / cluster.key
            with tempfile.TemporaryDirectory(prefix="karpenter-tenants-schemas-") as schemas:
                exported = _step(
                    export_schemas,
                    [
                        schemas,
                        "--dist",
                        str(folder),
                        "--kubernetes-version",
                        cluster.config.cluster.kubernetes_version,
                        "--karpenter-version",
                        str(cluster.config.karpenter.parsed_version),
                        *crds,
                    ],
                    args.clusters,
                )
                if exported != EXIT_OK:
                    results["kubeconform"] = EXIT_BAD_INPUT
                    continue
                command = kubeconform_command(binary, Path(schemas), folder)
                print(one_line("$ " + " ".join(command)), flush=True)
                # its lines echo file names and what they hold: printed with control characters as spaces
                ran = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
                for line in ran.stdout.decode("utf-8", "replace").splitlines():
                    print(one_line(line), flush=True)
                status = ran.returncode
            if status != 0:
                results["kubeconform"] = max(results["kubeconform"], EXIT_FINDINGS)
    planned = ["--dist", str(dist), "--fail-on", args.fail_on, *(["--base", args.base] if args.base else [])]
    snapshots = args.workloads_dir or (
        Path("workloads") if args.workloads is None and Path("workloads").is_dir() else None
    )
    for option, value in (
        ("--workloads", args.workloads),
        ("--nodes", args.nodes),
        ("--cluster", args.cluster),
        ("--workloads-dir", snapshots),
    ):
        if value is not None:
            planned += [option, str(value)]
    if args.from_empty and (args.workloads is not None or snapshots is not None):
        planned.append("--from-empty")
    print("== verify: plan", flush=True)
    captured = io.StringIO()
    with contextlib.redirect_stdout(captured):
        results["plan"] = _step(plan, planned, args.clusters)
    sys.stdout.write(captured.getvalue())
    if markdown is not None:
        atomic_write(markdown, f"<!-- {WRITTEN_BY}{NAME}: the plan's Markdown -->\n" + captured.getvalue())
    print("== verify: " + ", ".join(f"{name}: exit {code}" for name, code in results.items()))
    codes = set(results.values())
    for code in (EXIT_BAD_INPUT, EXIT_FINDINGS, EXIT_GATE):
        if code in codes:
            return code
    return EXIT_OK if codes <= {EXIT_OK} else max(codes)


def _step(command: ModuleType, argv: list[str], clusters: Path) -> int:
    """The exit status of `python main.py --clusters CLUSTERS COMMAND ARGV...`, run in this process with the
    extensions the team's main.py gave (docs/extending.md)."""
    from karpenter_tenants.commands.runner import exit_status, parse, run_command

    try:
        args = parse(command, argv, clusters=clusters)
    except SystemExit as exit_:  # argparse exits 2 on usage errors
        return int(exit_.code or 0)
    return exit_status(lambda: run_command(command, args))
