"""What several commands share: the clusters loaded with their warnings, the one cluster --cluster names, the
--no-cache option, a result written to a file or stdout, synth's default output folder, the reference data a
command needs, --timeout's durations, and the earlier spellings of renamed options (DeprecatedSpelling: one name,
one meaning across commands, tests/product/test_options.py).

Must not import at module level: anything heavier than commands.output (the registry imports every command at
start-up, `--help` included); each function imports what it uses."""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from karpenter_tenants.commands.output import BadInput, Reported, print_problems, print_warnings, warn_once

if TYPE_CHECKING:
    from karpenter_tenants.config.loader import LoadedCluster


def default_outdir() -> Path:
    """synth's and check's output folder: dist/, or what `cdk8s synth` names in CDK8S_OUTDIR."""
    from karpenter_tenants.config import environment

    return environment.output_folder("dist")


def no_cache_option(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--no-cache",
        action="store_true",
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
        print_problems(
            f"{count} problem{'s' if count != 1 else ''} in the cluster config; dist/ was not changed:",
            error.problems,  # type: ignore[arg-type]
        )
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


def write_or_print(
    path: Path | None, text: str, *, command: str, force: bool = False, source: Path | None = None
) -> None:
    """The result written whole to path (temp file + rename), or to stdout without one. Only where the command may
    write (synthesis.safe_io.claim_file): a new file, its own earlier output, the file it rewrites (`source`), another
    file with --force; never through a link, over what is not a regular file, into .git/ or dist/ (UnsafeOutput)."""
    from karpenter_tenants.synthesis.safe_io import atomic_write, claim_file

    if path is not None:
        atomic_write(claim_file(path, command=command, force=force, source=source), text)
    else:
        sys.stdout.write(text)


def force_option(command: argparse.ArgumentParser, what: str) -> None:
    command.add_argument(
        "--force",
        action="store_true",
        help=f"replace {what} even when this command did not write it (never a link, .git/ or dist/)",
    )


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
    from karpenter_tenants.config.listing import one_line

    for problem in problems:
        print(one_line(f"error: {problem}"), file=sys.stderr)
    if problems:
        raise Reported


def revision(text: str) -> str:
    """argparse type of --base: a git revision, never empty (an empty one acted as if the option were absent)."""
    if not text.strip():
        raise argparse.ArgumentTypeError(
            "an empty revision: name a git revision (a branch, tag or commit), or leave the option out"
        )
    if text.startswith("-") or any(ord(char) < 32 or char == "\x7f" for char in text):
        raise argparse.ArgumentTypeError(
            f"{text[:40]!r} is not a git revision (it would reach git as an option or "
            "carries control characters): name a branch, tag or commit"
        )
    return text


def file_path(text: str) -> Path:
    """argparse type of an output file option (import's --out-file): never empty (Path('') is the current folder, and
    the refusal named `.`, not the option)."""
    if not text:
        raise argparse.ArgumentTypeError("an empty file name: name the file, or leave the option out for stdout")
    return Path(text)


def folder_path(text: str) -> Path:
    """argparse type of a folder option or argument (--dist, --workloads-dir, render-chart's and export-schemas' OUT):
    never empty (Path('') is the current folder: an empty `--workloads-dir ''` read the working folder's *.json,
    `render-chart ''` wrote into it) nor `-` (standard input, as a file option refuses it: runner.os_error), so the
    refusal names the option."""
    if not text:
        raise argparse.ArgumentTypeError("an empty folder name would mean the current folder; name the folder")
    if text == "-":
        raise argparse.ArgumentTypeError("-: standard input is no folder; name the folder")
    return Path(text)


def release(text: str) -> str:
    """argparse type of migrate --to: a Karpenter release, never empty."""
    if not text.strip():
        raise argparse.ArgumentTypeError(
            "an empty release: name a Karpenter 1.x release such as 1.14.1, or leave the option out for the default"
        )
    return text


def job_count(text: str) -> int:
    """argparse type of synth --jobs: 0 (one per CPU) or more processes (a negative count ran as if it were 1)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of processes (0: one per CPU)") from None
    if not 0 <= value <= 1024:
        raise argparse.ArgumentTypeError(f"{value}: from 0 (one per CPU) to 1024 processes")
    return value


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
    command.add_argument(
        "--reference",
        "--crds",
        dest="reference",
        type=Path,
        default=None,
        metavar="DIR",
        help=f"reference data folder{' with ' + holding if holding else ''} (default: "
        "$KARPENTER_TENANTS_SHARED, then ../shared, then the cache fetch-reference fills; "
        "--crds is an alias)",
    )


def dist_option(
    command: argparse.ArgumentParser, help: str, *, default: Path | None = Path("dist"), aliases: tuple[str, ...] = ()
) -> None:
    """--dist, every command's name for the output folder synth writes (--out of synth and check, --path of
    export-schemas: their earlier names, kept as aliases); args.dist."""
    names = ", ".join(aliases)
    command.add_argument(
        "--dist",
        *aliases,
        dest="dist",
        type=folder_path,
        default=default,
        metavar="DIR",
        help=help + (f" ({names}: an alias)" if aliases else ""),
    )


class DeprecatedSpelling(argparse.Action):
    """An earlier spelling of an option, still accepted (out of --help): its value goes where the new spelling's does
    (the same dest, type and metavar), with one warning line on stderr naming the new spelling. `python main.py
    COMMAND` gives the same exit status and output either way, the warning aside. The spelling and the new one are
    exclusive (argparse's usage error, exit 2). A positional argument (nargs "?") is a value given without the
    option's name; left out, it changes nothing."""

    def __init__(
        self, option_strings: list[str], dest: str, *, command: str, spelling: str, use: str, **kwargs: Any
    ) -> None:
        self.command, self.spelling, self.use = command, spelling, use
        super().__init__(option_strings, dest, **kwargs)

    @property
    def warning(self) -> str:
        return f"{self.command} {self.spelling} is deprecated: use {self.use}"

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        if values is None:  # the positional argument, not given
            return
        warn_once(self.warning)
        setattr(namespace, self.dest, values)


def renamed_option(
    command: argparse.ArgumentParser, name: str, option: str, *, earlier: str, metavar: str, **kwargs: Any
) -> argparse.Action:
    """The option (add_argument's kwargs) of the command called name, and its earlier spelling as a
    DeprecatedSpelling: `name earlier METAVAR is deprecated: use option METAVAR`."""
    group = command.add_mutually_exclusive_group()
    action = group.add_argument(option, metavar=metavar, **kwargs)
    group.add_argument(
        earlier,
        dest=action.dest,
        type=action.type,
        metavar=metavar,
        default=action.default,
        help=argparse.SUPPRESS,
        action=DeprecatedSpelling,
        command=name,
        spelling=f"{earlier} {metavar}",
        use=f"{option} {metavar}",
    )
    return action


def option_once_positional(
    command: argparse.ArgumentParser, name: str, option: str, *, earlier: str, metavar: str, **kwargs: Any
) -> argparse.Action:
    """The option (add_argument's kwargs) of the command called name, whose value was once a positional argument
    shown as earlier (e.g. WORKLOADS.json): still accepted as a DeprecatedSpelling, `name METAVAR without option is
    deprecated: use option METAVAR`."""
    group = command.add_mutually_exclusive_group()
    action = group.add_argument(option, metavar=metavar, **kwargs)
    group.add_argument(
        action.dest,
        nargs="?",
        type=action.type,
        metavar=earlier,
        default=None,
        help=argparse.SUPPRESS,
        action=DeprecatedSpelling,
        command=name,
        spelling=f"{metavar} without {option}",
        use=f"{option} {metavar}",
    )
    return action


DURATION_METAVAR = "D"  # --timeout's, in every command that takes one


def duration(text: str, most: float) -> float:
    """--timeout's value in seconds: 90s, 10m, 1h30m or plain seconds, more than 0 and at most `most` seconds;
    argparse.ArgumentTypeError otherwise."""
    value = float("nan")
    if re.fullmatch(r"\d+(\.\d+)?", text.strip()):
        value = float(text)
    elif re.fullmatch(r"(\d+[hms])+", text.strip()):
        value = sum(int(n) * {"s": 1, "m": 60, "h": 3600}[u] for n, u in re.findall(r"(\d+)([hms])", text))
    if not 0 < value <= most:  # NaN fails both
        hours, rest = divmod(int(most), 3600)
        limit = f"{hours}h" if not rest else f"{int(most)}s"
        raise argparse.ArgumentTypeError(f"{text!r}: a duration such as 90s, 10m or 1h (more than 0, at most {limit})")
    return value
