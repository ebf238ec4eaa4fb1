"""`python main.py status [--cluster KEY] [--context [KEY=]CTX]... [--prices FILE] [--format md|json] [--wait
[--timeout D]]`: per customer (tenant), has the live cluster converged to dist/<cluster>/ of the checked-out revision
(docs/live.md): its NodePools and EC2NodeClasses present, Ready and as in dist/, its NodeClaims up to date, no pod of
it pending, its isolation binding as dist/ enforces it; what its nodes cost now (plan's catalogue and --prices); the
move from cluster-autoscaler; the cluster's GitOps appliers and Karpenter's controller and version (review.live_status
compares; live.client reads, read-only). Without --cluster and with several cluster files: the fleet, every cluster
read (its context from --context KEY=CTX, else the kubeconfig context `aws eks update-kubeconfig` names it, else one
named as its key), a customer x cluster table, a cluster that cannot be read said and the others reported.

Exit 0 when every customer and the cluster (every cluster of the fleet) have converged, 1 otherwise (what did not,
listed; in a fleet, a cluster that could not be read too), 2 on a bad argument or an unreachable or refusing cluster
(one line: the context and what failed; in a fleet, when no cluster could be read). --wait looks again with back-off
until converged or --timeout (default 10m): a gate for an Argo CD PostSync hook or a Flux-applied Job.

Must not import at module level: live.client (lightkube), review/ or config.loader."""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from karpenter_tenants.commands.common import DURATION_METAVAR, dist_option, load, one_cluster
from karpenter_tenants.commands.common import duration as common_duration
from karpenter_tenants.commands.output import EXIT_FINDINGS, EXIT_OK, BadInput

NAME = "status"
DEFAULT_TIMEOUT = 600.0
MAX_TIMEOUT = 24 * 3600.0
READ_SECONDS = 60.0  # one look at the cluster, the credential plugin included
FIRST_PAUSE, MOST_PAUSE = 2.0, 30.0  # --wait's back-off between looks
sleep = time.sleep  # the tests make the pauses instant
FLEET_READERS = 4  # clusters of a fleet read at once


def duration(text: str) -> float:
    """argparse type of --timeout: 90s, 10m, 1h30m or plain seconds (common.duration); more than 0, at most a day."""
    return common_duration(text, MAX_TIMEOUT)


def add_parser(commands: Any) -> None:
    status = commands.add_parser(
        NAME,
        help="per customer, has the live cluster converged to dist/ (pools, node classes, NodeClaims, pending "
        "pods, isolation, GitOps appliers, Karpenter's controller and version), what its nodes cost now, the move from "
        "cluster-autoscaler; every cluster of clusters/ without --cluster; exit 0 when converged, 1 when not; --wait "
        "to gate a rollout",
    )
    status.add_argument(
        "--cluster",
        metavar="KEY",
        help="cluster file key (default: the only one in clusters/; with several, every one of them: the fleet)",
    )
    status.add_argument(
        "--context",
        metavar="[KEY=]CTX",
        action="append",
        default=[],
        help="the kubeconfig context of the cluster (default: the current context); for the fleet, "
        "KEY=CTX once per cluster (default: the context `aws eks update-kubeconfig` names, "
        "arn:aws:eks:REGION:ACCOUNT:cluster/NAME, else one named KEY)",
    )
    status.add_argument(
        "--kubeconfig",
        type=Path,
        metavar="FILE",
        help="the kubeconfig (default: $KUBECONFIG, then ~/.kube/config, then the pod's service "
        "account inside a cluster)",
    )
    dist_option(status, "the synth output compared with the cluster (default dist/)")
    status.add_argument(
        "--prices",
        type=Path,
        metavar="FILE",
        help="on-demand $/h by instance type for the cluster's region (JSON object, as plan's; default "
        "Karpenter's us-east-1 table): what the customers' nodes cost now",
    )
    status.add_argument(
        "--format",
        choices=["md", "markdown", "json"],
        default="md",
        help="md (default): Markdown-safe text; json: the same, for a program",
    )
    status.add_argument(
        "--wait", action="store_true", help="look again with back-off until converged (exit 0) or --timeout (exit 1)"
    )
    status.add_argument(
        "--timeout",
        type=duration,
        default=DEFAULT_TIMEOUT,
        metavar=DURATION_METAVAR,
        help="the most to wait, e.g. 90s, 10m, 1h (default 10m): with --wait for convergence, else for the one look "
        "(a look takes at most 60 s)",
    )


@dataclass
class Pricing:
    by_type: dict[str, float] | None
    source: str = ""
    problem: str = ""


@dataclass
class Member:
    """A cluster status reads: its cluster file, dist/'s files of it and the context to read it through."""

    cluster: Any  # config.loader's LoadedCluster
    files: dict[str, str]
    context: str | None
    problem: str = ""  # why it cannot be read (no context found for it): said, not read
    parsed: Any = None  # dist/'s objects, parsed at the first look and kept for the next ones


def run(args: argparse.Namespace) -> int:
    clusters = load(args.clusters)
    keys = {c.key for c in clusters}
    fleet = args.cluster is None and len(clusters) > 1
    contexts = _contexts(args.context, keys, fleet)
    chosen = clusters if fleet else [one_cluster(clusters, args.cluster)]
    if not fleet and set(contexts) - {chosen[0].key, None}:
        other = sorted(k for k in contexts if k not in (chosen[0].key, None))[0]
        raise BadInput(
            f"--context {other}=...: status reads one cluster here ({chosen[0].key}); drop --cluster to "
            "read every cluster of clusters/"
        )
    pricing = _pricing(args.prices)
    members = [_member(c, args, contexts, fleet) for c in chosen]
    render_one = _render(args.format)
    deadline = time.monotonic() + args.timeout
    pause = FIRST_PAUSE
    while True:
        looked = _look_all(members, args, pricing, deadline, fleet)
        waiting = _waiting(looked)
        left = deadline - time.monotonic()
        if not waiting or not args.wait or left <= 0:
            break
        name = "the fleet" if fleet else members[0].cluster.key
        print(
            f"status: {name}: not converged yet ({len(waiting)}: {_few(waiting)}); looking again in "
            f"{min(pause, left):.0f} s",
            file=sys.stderr,
            flush=True,
        )
        sleep(min(pause, left))
        pause = min(pause * 2, MOST_PAUSE)
    if not fleet:
        status = looked[0][1]
        sys.stdout.write(render_one(status))
    else:
        if all(isinstance(result, str) for _, result in looked):
            raise BadInput(
                "no cluster of the fleet could be read: "
                + "; ".join(f"{member.cluster.key}: {result}" for member, result in looked)[:2000]
            )
        from karpenter_tenants.review.live_status_report import fleet_document, fleet_markdown

        results = [(member.cluster.key, result) for member, result in looked]
        tenants = {member.cluster.key: {t.name for t in member.cluster.config.tenants} for member in members}
        if args.format == "json":
            import json

            sys.stdout.write(json.dumps(fleet_document(results, tenants), indent=2, ensure_ascii=True) + "\n")
        else:
            sys.stdout.write(fleet_markdown(results, tenants))
    if not waiting:
        return EXIT_OK
    name = "the fleet" if fleet else members[0].cluster.key
    print(
        f"status: {name}: not converged"
        + (f" within --timeout {args.timeout:g} s" if args.wait else "")
        + f": {_few(waiting)}",
        file=sys.stderr,
    )
    return EXIT_FINDINGS


def _render(format: str) -> Any:
    from karpenter_tenants.review.live_status_report import as_json, markdown

    return as_json if format == "json" else markdown


def _waiting(looked: list[tuple[Member, Any]]) -> list[str]:
    """What did not converge, by name; in a fleet each prefixed with its cluster, a cluster not read named whole."""
    if len(looked) == 1 and not isinstance(looked[0][1], str):
        return looked[0][1].not_converged()
    found = []
    for member, result in looked:
        if isinstance(result, str):
            found.append(f"{member.cluster.key} (not read)")
        else:
            found += [f"{member.cluster.key}: {name}" for name in result.not_converged()]
    return found


def _contexts(given: list[str], keys: set[str], fleet: bool) -> dict[str | None, str]:
    """--context values by cluster key (None: a context given without a key, for the one cluster read)."""
    from karpenter_tenants.config.listing import one_line

    found: dict[str | None, str] = {}
    for value in given:
        key, sep, context = value.partition("=")
        if not sep or key not in keys:
            if fleet:
                raise BadInput(
                    f"--context {one_line(value)[:120]}: several clusters ({', '.join(sorted(keys))}) are "
                    "read: give KEY=CTX, once per cluster (KEY: a cluster file's key)"
                )
            key, context = None, value  # a context name that holds '=' is taken whole
        if not context.strip():
            raise BadInput(f"--context {one_line(value)[:120]}: no context name")
        if key in found:
            raise BadInput(f"--context {'for ' + key if key else ''}given twice: give one context per cluster")
        found[key] = context
    return found


def _member(cluster: Any, args: argparse.Namespace, contexts: dict[str | None, str], fleet: bool) -> Member:
    from karpenter_tenants.config.yaml_input import InputError

    dist: Path = args.dist
    folder = dist / cluster.key
    if folder.is_symlink():
        raise BadInput(
            f"{folder}: a symbolic link, not read: status compares the cluster with the files synth wrote in "
            f"{dist}/ itself; run synth (or pass --dist DIR)"
        )
    try:
        read, not_read = _dist_files(folder)
    except InputError as error:
        raise BadInput(str(error)) from None
    if not_read:
        from karpenter_tenants.commands.output import warn_once
        from karpenter_tenants.config.listing import code, first_few

        warn_once(
            f"{folder}/: {len(not_read)} symbolic link(s) or special file(s) not read (synth writes only files and "
            f"folders; status reads nothing through a link): {first_few([code(p, 80) for p in not_read])}"
        )
    files = {f"{cluster.key}/{path}": text for path, text in read.items()}
    if not files:
        raise BadInput(f"{dist / cluster.key}/: no such folder or nothing in it: run synth first (or pass --dist DIR)")
    if not fleet:
        return Member(cluster, files, contexts.get(cluster.key, contexts.get(None)))
    if cluster.key in contexts:
        return Member(cluster, files, contexts[cluster.key])
    from karpenter_tenants.live.client import LiveError, context_names

    config = cluster.config.cluster
    arn = f"arn:aws:eks:{config.region}:{config.account_id}:cluster/{config.name}"
    try:
        names = context_names(args.kubeconfig)
    except LiveError as error:
        return Member(cluster, files, None, f"{error}: pass --context {cluster.key}=CTX and the kubeconfig that has it")
    found = next((name for name in (arn, cluster.key) if name in names), None)
    if found is None:
        return Member(
            cluster,
            files,
            None,
            f"no kubeconfig context for it (neither {arn} nor {cluster.key}): pass --context {cluster.key}=CTX",
        )
    return Member(cluster, files, found)


def _dist_files(folder: Path) -> tuple[dict[str, str], list[str]]:
    """dist/<cluster>/'s regular files by path relative to it (synth's marker excepted), as UTF-8 text, and the
    entries not read (sorted relative paths): a symbolic link, to a file or a folder, is never followed (a link in
    dist/ to /etc/ssh/... would bring that file into the report), nor is a FIFO or a device read. Nothing when the
    folder does not exist."""
    import os
    import stat

    from karpenter_tenants.config.yaml_input import read_text
    from karpenter_tenants.synthesis.safe_io import MARKER

    files: dict[str, str] = {}
    not_read: list[str] = []
    if not folder.is_dir():
        return files, not_read
    for root, folders, names in os.walk(folder):  # links to folders are listed, never entered (followlinks=False)
        for name in sorted(folders + names):
            path = Path(root) / name
            relative = path.relative_to(folder).as_posix()
            mode = os.lstat(path).st_mode
            if stat.S_ISREG(mode):
                if relative != MARKER:
                    files[relative] = read_text(path, str(path))
            elif not stat.S_ISDIR(mode):
                not_read.append(relative)
    return dict(sorted(files.items())), sorted(not_read)


def _pricing(path: Path | None) -> Pricing:
    """plan's prices: --prices FILE (its problems exit 2, as plan's), else the catalogue's table (when the reference
    data cannot be read, the cost is said not priced, and status still answers)."""
    from karpenter_tenants.config.environment import EnvironmentProblem
    from karpenter_tenants.config.yaml_input import InputError
    from karpenter_tenants.simulation.offerings import catalogue_prices, read_prices

    if path is not None:
        try:
            prices = read_prices(path)
        except InputError as error:
            raise BadInput(f"--prices {error}") from None
        return Pricing(prices.by_type, prices.source)
    from karpenter_tenants.capacity.catalogue import load_catalogue
    from karpenter_tenants.reference.shared import shared_dir

    try:
        prices = catalogue_prices(load_catalogue(shared_dir()))
    except (InputError, EnvironmentProblem, OSError, ValueError) as error:
        return Pricing(None, problem=f"the catalogue's prices cannot be read ({error}); give --prices FILE")
    return Pricing(prices.by_type, prices.source)


def _few(names: list[str]) -> str:
    from karpenter_tenants.config.listing import first_few

    return first_few(names)


def _look_all(
    members: list[Member], args: argparse.Namespace, pricing: Pricing, deadline: float | None, fleet: bool
) -> list[tuple[Member, Any]]:
    """Each member looked at: its Status, or (in a fleet) the line saying why it could not be read."""
    if not fleet:
        return [(members[0], _look(members[0], args, pricing, deadline))]

    def one(member: Member) -> Any:
        if member.problem:
            return member.problem
        try:
            return _look(member, args, pricing, deadline)
        except BadInput as error:
            return str(error)

    with ThreadPoolExecutor(max_workers=min(FLEET_READERS, len(members))) as pool:
        return list(zip(members, pool.map(one, members), strict=True))


def _look(member: Member, args: argparse.Namespace, pricing: Pricing, deadline: float | None) -> Any:
    """One look: the cluster's objects listed (within READ_SECONDS, or the time --timeout has left) and compared."""
    from karpenter_tenants.live.client import Limits, LiveError, connect
    from karpenter_tenants.live.kinds import STATUS_KINDS
    from karpenter_tenants.review.live_status import StatusError, compare, dist_objects

    floor = min(5.0, args.timeout)  # the last look of --wait gets 5 s at least; a shorter --timeout is the user's
    seconds = READ_SECONDS if deadline is None else max(min(READ_SECONDS, deadline - time.monotonic()), floor)
    try:
        with connect(member.context, args.kubeconfig, Limits(seconds=seconds)) as live:
            listed = {kind.kind: live.list(kind) for kind in STATUS_KINDS}
            not_served = {kind.kind for kind in live.unserved}
            target = str(live.target)
    except LiveError as error:
        raise BadInput(str(error)) from None
    config = member.cluster.config
    tenants = [(t.name, tuple(t.namespaces)) for t in config.tenants]
    moving = config.cluster_autoscaler
    groups = [(g.name, g.tenant) for g in moving.node_groups] if moving is not None else []
    try:
        if member.parsed is None:
            member.parsed = dist_objects(member.cluster.key, member.files)
        return compare(
            member.cluster.key,
            target,
            tenants,
            config.tenancy.label_key,
            config.karpenter.namespace,
            member.files,
            listed,
            not_served,
            karpenter_version=config.karpenter.version,
            node_groups=groups,
            prices=pricing.by_type,
            prices_source=pricing.source,
            prices_problem=pricing.problem,
            parsed=member.parsed,
        )
    except StatusError as error:
        raise BadInput(str(error)) from None
