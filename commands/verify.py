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
workflow's label) waives the plan's gate alone, never a stale dist/ or a finding beside it."""

from __future__ import annotations

import argparse
import contextlib
import io
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from commands.output import EXIT_BAD_INPUT, EXIT_FINDINGS, EXIT_GATE, EXIT_OK

ROOT = Path(__file__).resolve().parent.parent
KUBECONFORM_MODULE = "github.com/yannh/kubeconform/cmd/kubeconform@v0.8.0"
# kubeconform reads every .yaml/.json file as manifests: aws.json (terraform/'s input) and kustomization.yaml
# (kustomize's own) are not Kubernetes objects.
IGNORED = (r"aws\.json$", r"kustomization\.yaml$")


def kubeconform_binary(named: Path | None) -> Path | None:
    if named is not None:
        return named if named.is_file() else None
    built = ROOT / ".tools/bin/kubeconform"
    if built.is_file():
        return built
    found = shutil.which("kubeconform")
    return Path(found) if found else None


def kubeconform_command(binary: Path, schemas: Path, folder: Path) -> list[str]:
    """The user-facing way to run kubeconform over one dist/<cluster>/ folder (docs/review.md)."""
    ignored = [arg for pattern in IGNORED for arg in ("-ignore-filename-pattern", pattern)]
    location = f"{schemas}/{{{{.Group}}}}/{{{{.ResourceKind}}}}_{{{{.ResourceAPIVersion}}}}.json"
    return [str(binary), "-strict", "-summary", *ignored, "-schema-location", location, str(folder)]


def run_verify(args: argparse.Namespace) -> int:
    from commands.cli import main
    from config.loader import ConfigError, load_clusters

    dist: Path = args.dist
    common = ["--clusters", str(args.clusters)]
    crds = ["--crds", str(args.crds)] if args.crds else []
    results: dict[str, int] = {}

    def step(name: str, argv: list[str]) -> None:
        print(f"== verify: {name}", flush=True)
        results[name] = main([*common, *argv])
        sys.stdout.flush()

    step("dist/ is current (check)", ["check", "--out", str(dist)])
    step("validate", ["validate", str(dist), *crds])
    print("== verify: kubeconform", flush=True)
    binary = kubeconform_binary(args.kubeconform)
    if binary is None:
        print(f"error: kubeconform not found (.tools/bin/kubeconform, PATH): `make verify` builds it "
              f"(go install {KUBECONFORM_MODULE})", file=sys.stderr)
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
                exported = main(["export-schemas", schemas, "--path", str(folder), "--kubernetes-version",
                                 cluster.config.cluster.kubernetes_version, *crds])
                if exported != EXIT_OK:
                    results["kubeconform"] = EXIT_BAD_INPUT
                    continue
                command = kubeconform_command(binary, Path(schemas), folder)
                print("$ " + " ".join(command), flush=True)
                status = subprocess.run(command).returncode
            if status != 0:
                results["kubeconform"] = max(results["kubeconform"], EXIT_FINDINGS)
    plan = ["plan", "--dist", str(dist), "--fail-on", args.fail_on, *(["--base", args.base] if args.base else [])]
    print("== verify: plan", flush=True)
    captured = io.StringIO()
    with contextlib.redirect_stdout(captured):
        results["plan"] = main([*common, *plan])
    sys.stdout.write(captured.getvalue())
    if args.plan_markdown is not None:  # the pull request's comment
        from synth.safe_io import atomic_write

        atomic_write(args.plan_markdown, captured.getvalue())
    print("== verify: " + ", ".join(f"{name}: exit {code}" for name, code in results.items()))
    codes = set(results.values())
    for code in (EXIT_BAD_INPUT, EXIT_FINDINGS, EXIT_GATE):
        if code in codes:
            return code
    return EXIT_OK if codes <= {EXIT_OK} else max(codes)
