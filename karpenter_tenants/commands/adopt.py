"""`python main.py adopt CLUSTER`: the kubectl commands, in order, that hand an existing installation to the
generated appliers; with the live release's values (`--release-values`, `--release-list`) or its Secret
(`--release-secret`), first what the first reconcile changes in it (kinds/controller/adopt_release.py): exit 1 while a change
that moves or restarts the controller is neither carried into the cluster file nor accepted. It writes nothing, not
even the cache (docs/safety.md).

Must not import at module level: convert/, checks/ or config.loader (imported when it runs)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from karpenter_tenants.commands.common import missing_reference_data, reference_option, refuse_missing
from karpenter_tenants.commands.output import EXIT_FINDINGS, EXIT_OK, BadInput, print_problems

NAME = "adopt"


def add_parser(commands: Any) -> None:
    adopt = commands.add_parser(
        NAME, help="print the kubectl commands, in order, that hand an existing installation to the generated appliers"
    )
    adopt.add_argument("cluster", help="cluster file (clusters/acme.yaml) or its key (acme)")
    adopt.add_argument(
        "--format",
        choices=["text", "sh", "json"],
        default="text",
        help="text (default), a runnable sh script, or json (the release comparison; needs --release-values "
        "or --release-secret)",
    )
    adopt.add_argument(
        "--context", metavar="CTX", help="kubeconfig context every kubectl command names (default: the current one)"
    )
    reference_option(adopt, "the charts")
    release = release_options(adopt, "the live release (compared with what the first reconcile installs)")
    release.add_argument(
        "--accept-release-changes",
        action="store_true",
        help="accept the changes that move or restart the controller (exit 0 with them)",
    )


def release_options(command: argparse.ArgumentParser, title: str) -> Any:
    """--release-values, --release-list, --release-secret (adopt's and plan's), in a group of this title."""
    release = command.add_argument_group(title)
    release.add_argument(
        "--release-values", type=Path, metavar="FILE", help="what `helm get values RELEASE -n NS -o json --all` prints"
    )
    release.add_argument(
        "--release-list",
        type=Path,
        metavar="FILE",
        help="with --release-values: what `helm list -n NS -o json` prints (the chart version)",
    )
    release.add_argument(
        "--release-secret",
        type=Path,
        metavar="FILE",
        help="instead: the release's Secret, `kubectl get secret sh.helm.release.v1.RELEASE.vN -n NS -o json`",
    )
    return release


def run(args: argparse.Namespace) -> int:
    from karpenter_tenants.config.loader import ConfigError, load_cluster_file
    from karpenter_tenants.convert.adopt import plan_adoption, script, text
    from karpenter_tenants.reference import disk_cache
    from karpenter_tenants.reference.shared import shared_dir

    disk_cache.disable()  # adopt promises to write nothing (docs/safety.md), so it runs without the cache
    if args.context is not None and (not args.context or args.context.startswith("-")):
        raise BadInput(f"--context {args.context!r}: name a kubeconfig context (kubectl config get-contexts)")
    usage = release_usage(args)
    for flag, given in (
        ("--format json", args.format == "json"),
        ("--accept-release-changes", args.accept_release_changes),
    ):
        if given and args.release_values is None and args.release_secret is None:
            usage = usage or f"{flag} needs the live release: --release-values FILE or --release-secret FILE"
    if usage:
        raise BadInput(f"{usage}")
    given = Path(args.cluster)
    path = given if given.suffix == ".yaml" else args.clusters / f"{args.cluster}.yaml"
    if not path.is_file():
        have = ", ".join(sorted(p.stem for p in args.clusters.glob("*.yaml"))) or "none"
        raise BadInput(f"{args.cluster}: no such cluster file ({path} does not exist; have: {have})")
    try:
        cluster = load_cluster_file(path)
    except ConfigError as error:
        return print_problems(f"{path} has problems; fix them first:", error.problems)  # type: ignore[arg-type]
    shared = args.reference or shared_dir()
    refuse_missing(missing_reference_data(shared, [cluster], chart=True))
    if args.release_values is None and args.release_secret is None:
        adoption = plan_adoption(cluster, shared)
        sys.stdout.write((script if args.format == "sh" else text)(adoption, args.context))
        return EXIT_OK
    return _with_release(args, cluster, shared)


def release_usage(args: argparse.Namespace) -> str | None:
    """What is wrong with the combination of the release options (adopt's and plan's), if anything."""
    if args.release_values is not None and args.release_secret is not None:
        return "--release-values and --release-secret: give one (the Secret holds the values and the chart version)"
    if args.release_list is not None and args.release_values is None:
        return "--release-list goes with --release-values (the Secret of --release-secret has the chart version)"
    return None


def _with_release(args: argparse.Namespace, cluster: Any, shared: Path) -> int:
    import json

    from karpenter_tenants.convert.adopt import plan_adoption, rendered, script, text
    from karpenter_tenants.kinds.controller.adopt_release import (
        ReleaseInputError,
        generated_release,
        read_live_release,
        release_diff,
    )
    from karpenter_tenants.kinds.controller.adopt_release import text as diff_text

    objects = rendered(cluster)
    generated = generated_release(cluster, (o for folder in objects.values() for o in folder))
    try:
        live = read_live_release(args.release_values, args.release_list, args.release_secret, generated)
    except ReleaseInputError as error:
        raise BadInput(f"{error}") from None
    diff = release_diff(cluster, shared, generated, live)
    refused = bool(diff.moving) and not args.accept_release_changes
    if args.format == "json":
        sys.stdout.write(json.dumps(diff.as_json(), indent=2, sort_keys=True) + "\n")
    elif args.format == "sh":
        report = diff_text(diff, args.accept_release_changes)
        if refused:  # no script to run while the controller would move unannounced
            sys.stderr.write(report)
        else:
            shebang, _, rest = script(plan_adoption(cluster, shared, objects), args.context).partition("\n")
            comments = "".join(
                line if line.startswith("#") else f"# {line}" for line in report.splitlines(keepends=True)
            )
            sys.stdout.write(f"{shebang}\n{comments}{rest}")
    else:
        sys.stdout.write(diff_text(diff, args.accept_release_changes) + "\n")
        sys.stdout.write(text(plan_adoption(cluster, shared, objects), args.context))
    return EXIT_FINDINGS if refused else EXIT_OK
