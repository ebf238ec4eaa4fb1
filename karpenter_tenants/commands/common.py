"""What several commands share: the clusters loaded with their warnings, the one cluster --cluster names, the
--no-cache option, a result written to a file or stdout, synth's default output folder, the reference data a
command needs.

Must not import at module level: anything heavier than commands.output (the registry imports every command at
start-up, `--help` included); each function imports what it uses."""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from karpenter_tenants.commands.output import BadInput, Reported, print_problems, print_warnings

if TYPE_CHECKING:
    from karpenter_tenants.config.loader import LoadedCluster


def default_outdir() -> Path:
    """synth's and check's output folder: dist/, or what `cdk8s synth` names in CDK8S_OUTDIR."""
    from karpenter_tenants.config import environment

    return environment.output_folder("dist")


def no_cache_option(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--no-cache", action="store_true",
        help="neither read nor write the cache of parsed CRDs, rendered charts and check results "
        "(also: KARPENTER_TENANTS_NO_CACHE=1; where it is: docs/safety.md)",
    )


def load(folder: Path) -> list[LoadedCluster]:
    """The clusters of folder, their warnings printed; Reported (exit 2) after listing the config's problems."""
    from karpenter_tenants.config.loader import ConfigError, load_clusters

    try:
        clusters = load_clusters(folder)
    except ConfigError as error:
        count = len(error.problems)
        print_problems(f"{count} problem{'s' if count != 1 else ''} in the cluster config; dist/ was not changed:", error.problems)  # type: ignore[arg-type]
        raise Reported from None
    print_warnings([(str(c.source), w) for c in clusters for w in c.warnings])
    return clusters


def one_cluster(clusters: list[LoadedCluster], key: str | None) -> LoadedCluster:
    """The cluster --cluster names (default: the only one); BadInput saying why there is none."""
    keys = [c.key for c in clusters]
    if key is None and len(clusters) != 1:
        raise BadInput(f"several cluster files ({', '.join(keys)}): pass --cluster KEY")
    cluster = next((c for c in clusters if key in (None, c.key)), None)
    if cluster is None:
        raise BadInput(f"--cluster {key}: no clusters/{key}.yaml (have: {', '.join(keys)})")
    return cluster


def write_or_print(path: Path | None, text: str, *, command: str, force: bool = False, source: Path | None = None) -> None:
    """The result written whole to path (temp file + rename), or to stdout without one. Only where the command may
    write (synthesis.safe_io.claim_file): a new file, its own earlier output, the file it rewrites (`source`), another
    file with --force; never through a link, over what is not a regular file, into .git/ or dist/ (UnsafeOutput)."""
    from karpenter_tenants.synthesis.safe_io import atomic_write, claim_file

    if path is not None:
        atomic_write(claim_file(path, command=command, force=force, source=source), text)
    else:
        sys.stdout.write(text)


def force_option(command: argparse.ArgumentParser, what: str) -> None:
    command.add_argument("--force", action="store_true",
                         help=f"replace {what} even when this command did not write it (never a link, .git/ or dist/)")


def missing_reference_data(shared: Path, clusters: list[LoadedCluster], *, chart: bool = False) -> list[str]:
    """One error per cluster whose pinned Karpenter release has no reference data under shared (with chart: or no
    published chart, as a release's Go module tree lacks it)."""
    from karpenter_tenants.reference import versions

    found = []
    for cluster in clusters:
        version = cluster.config.karpenter.parsed_version
        who = f"{cluster.source}: karpenter.version"
        problem = versions.missing_reference_data(shared, version, who)
        if problem is None and chart:
            problem = versions.missing_published_chart(shared, version, who)
        if problem is not None:
            found.append(problem)
    return found


def refuse_missing(problems: list[str]) -> None:
    """Each missing piece of reference data as an error line, then Reported (exit 2); nothing when none is missing."""
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    if problems:
        raise Reported


def revision(text: str) -> str:
    """argparse type of --base: a git revision, never empty (an empty one acted as if the option were absent)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty revision: name a git revision (a branch, tag or commit), or leave "
                                         "the option out")
    if text.startswith("-") or any(ord(char) < 32 or char == "\x7f" for char in text):
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a git revision (it would reach git as an option or "
                                         "carries control characters): name a branch, tag or commit")
    return text


def release(text: str) -> str:
    """argparse type of migrate --to: a Karpenter release, never empty."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty release: name a Karpenter 1.x release such as 1.14.1, or leave the "
                                         "option out for the default")
    return text


def kubernetes_minor(text: str) -> str:
    """argparse type of --kubernetes-version: 1.<minor> within the Kubernetes schemas kubernetes-validate carries
    (an unknown one was an internal error when the core kinds were checked)."""
    from kubernetes_validate.utils import all_versions

    known = sorted({int(v.split(".")[1]) for v in all_versions() if v.startswith("1.")})
    found = re.fullmatch(r"1\.([0-9]{1,3})", text.strip())
    if found is None or int(found.group(1)) not in known:
        raise argparse.ArgumentTypeError(
            f"{text!r}: a Kubernetes version 1.<minor> whose schemas are known, 1.{known[0]} to 1.{known[-1]} (e.g. 1.33)"
        )
    return f"1.{int(found.group(1))}"


def reference_option(command: argparse.ArgumentParser, holding: str = "") -> None:
    """--reference, every command's name for the reference data folder (--crds, its earlier name in five commands,
    kept as an alias); args.reference."""
    command.add_argument("--reference", "--crds", dest="reference", type=Path, default=None, metavar="DIR",
                         help=f"reference data folder{' with ' + holding if holding else ''} (default: "
                         "$KARPENTER_TENANTS_SHARED, then ../shared, then the cache fetch-reference fills; "
                         "--crds is an alias)")


def dist_option(command: argparse.ArgumentParser, help: str, *, default: Path | None = Path("dist"),
                aliases: tuple[str, ...] = ()) -> None:
    """--dist, every command's name for the output folder synth writes (--out of synth and check, --path of
    export-schemas: their earlier names, kept as aliases); args.dist."""
    names = ", ".join(aliases)
    command.add_argument("--dist", *aliases, dest="dist", type=Path, default=default, metavar="DIR",
                         help=help + (f" ({names}: an alias)" if aliases else ""))
