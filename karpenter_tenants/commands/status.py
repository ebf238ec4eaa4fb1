"""`python main.py status [--cluster KEY] [--context CTX] [--format md|json] [--wait [--timeout D]]`: per customer
(tenant), has the live cluster converged to dist/<cluster>/ of the checked-out revision (docs/live.md): its NodePools
and EC2NodeClasses present, Ready and as in dist/, its NodeClaims up to date, no pod of it pending; the cluster's
GitOps appliers and Karpenter's controller (review.live_status compares; live.client reads, read-only).

Exit 0 when every customer and the cluster have converged, 1 otherwise (what did not, listed), 2 on a bad argument
or an unreachable or refusing cluster (one line: the context and what failed). --wait looks again with back-off
until converged or --timeout (default 10m): a gate for an Argo CD PostSync hook or a Flux-applied Job.

Must not import at module level: live.client (lightkube), review/ or config.loader."""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path
from typing import Any

from karpenter_tenants.commands.common import dist_option, load, one_cluster
from karpenter_tenants.commands.output import EXIT_FINDINGS, EXIT_OK, BadInput

NAME = "status"
DEFAULT_TIMEOUT = 600.0
MAX_TIMEOUT = 24 * 3600.0
READ_SECONDS = 60.0  # one look at the cluster, the credential plugin included
FIRST_PAUSE, MOST_PAUSE = 2.0, 30.0  # --wait's back-off between looks
_UNITS = {"s": 1, "m": 60, "h": 3600}
sleep = time.sleep  # the tests make the pauses instant


def duration(text: str) -> float:
    """argparse type of --timeout: 90s, 10m, 1h30m or plain seconds; more than 0, at most a day."""
    value = float("nan")
    if re.fullmatch(r"\d+(\.\d+)?", text.strip()):
        value = float(text)
    elif re.fullmatch(r"(\d+[hms])+", text.strip()):
        value = sum(int(n) * _UNITS[u] for n, u in re.findall(r"(\d+)([hms])", text))
    if not 0 < value <= MAX_TIMEOUT:  # NaN fails both
        raise argparse.ArgumentTypeError(f"{text!r}: a duration such as 90s, 10m or 1h (more than 0, at most 24h)")
    return value


def add_parser(commands: Any) -> None:
    status = commands.add_parser(
        NAME, help="per customer, has the live cluster converged to dist/ (pools, node classes, NodeClaims, pending "
        "pods, GitOps appliers, Karpenter's controller); exit 0 when it has, 1 when not; --wait to gate a rollout",
    )
    status.add_argument("--cluster", metavar="KEY", help="cluster file key (default: the only one in clusters/)")
    status.add_argument("--context", metavar="CTX", help="the kubeconfig context of that cluster (default: the "
                        "current context)")
    status.add_argument("--kubeconfig", type=Path, metavar="FILE",
                        help="the kubeconfig (default: $KUBECONFIG, then ~/.kube/config, then the pod's service "
                        "account inside a cluster)")
    dist_option(status, "the synth output compared with the cluster (default dist/)")
    status.add_argument("--format", choices=["md", "markdown", "json"], default="md",
                        help="md (default): Markdown-safe text; json: the same, for a program")
    status.add_argument("--wait", action="store_true",
                        help="look again with back-off until converged (exit 0) or --timeout (exit 1)")
    status.add_argument("--timeout", type=duration, default=DEFAULT_TIMEOUT, metavar="D",
                        help="with --wait: the most to wait, e.g. 90s, 10m, 1h (default 10m)")


def run(args: argparse.Namespace) -> int:
    from karpenter_tenants.build.tree import read_tree
    from karpenter_tenants.config.yaml_input import InputError
    from karpenter_tenants.review.live_status import StatusError, as_json, markdown

    cluster = one_cluster(load(args.clusters), args.cluster)
    dist: Path = args.dist
    try:
        files = {f"{cluster.key}/{path}": text for path, text in read_tree(dist / cluster.key).items()}
    except InputError as error:
        raise BadInput(str(error)) from None
    if not files:
        raise BadInput(f"{dist / cluster.key}/: no such folder or nothing in it: run synth first (or pass --dist DIR)")
    render = as_json if args.format == "json" else markdown
    deadline = time.monotonic() + args.timeout
    pause = FIRST_PAUSE
    while True:
        try:
            status = _look(cluster, files, args, deadline if args.wait else None)
        except StatusError as error:
            raise BadInput(str(error)) from None
        left = deadline - time.monotonic()
        if status.converged or not args.wait or left <= 0:
            break
        waiting = status.not_converged()
        print(f"status: {cluster.key}: not converged yet ({len(waiting)}: {_few(waiting)}); looking again in "
              f"{min(pause, left):.0f} s", file=sys.stderr, flush=True)
        sleep(min(pause, left))
        pause = min(pause * 2, MOST_PAUSE)
    sys.stdout.write(render(status))
    if status.converged:
        return EXIT_OK
    waiting = status.not_converged()
    print(f"status: {cluster.key}: not converged" + (f" within --timeout {args.timeout:g} s" if args.wait else "")
          + f": {_few(waiting)}", file=sys.stderr)
    return EXIT_FINDINGS


def _few(names: list[str]) -> str:
    from karpenter_tenants.config.listing import first_few

    return first_few(names)


def _look(cluster: Any, files: dict[str, str], args: argparse.Namespace, deadline: float | None) -> Any:
    """One look: the cluster's objects listed (within READ_SECONDS, or the time --wait has left) and compared."""
    from karpenter_tenants.live.client import Limits, LiveError, connect
    from karpenter_tenants.live.kinds import GITOPS_KINDS, STATUS_KINDS
    from karpenter_tenants.review.live_status import compare

    seconds = READ_SECONDS if deadline is None else max(min(READ_SECONDS, deadline - time.monotonic()), 5.0)
    try:
        with connect(args.context, args.kubeconfig, Limits(seconds=seconds)) as live:
            listed = {kind.kind: live.list(kind) for kind in STATUS_KINDS}
            not_served = {kind.kind for kind in GITOPS_KINDS if kind in live.unserved}
            target = str(live.target)
    except LiveError as error:
        raise BadInput(str(error)) from None
    config = cluster.config
    tenants = [(t.name, tuple(t.namespaces)) for t in config.tenants]
    return compare(cluster.key, target, tenants, config.tenancy.label_key, config.karpenter.namespace, files, listed,
                   not_served)
