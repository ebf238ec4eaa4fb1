"""`python main.py snapshot [--cluster KEY] [--context CTX] [--out DIR] [--timeout D]`: the live cluster's workloads
and nodes as `plan --workloads-dir` and `preflight --workloads` read them, DIR/<cluster>.json and
DIR/<cluster>.nodes.json (docs/live.md), read through the Kubernetes API with the read-only ClusterRole synth writes
(live.kinds).

Only the fields the readers read are written (live.snapshot): never a Secret, a ConfigMap, an environment variable or
an annotation. Both files are checked by the product's own readers before either is written, then written whole
(synthesis.safe_io: a new file or this command's own, never through a link or over a file of yours without --force);
what they say about themselves (workloads asking for nothing, nodes without allocatable, pods whose owner is missing)
is one warning each, with the count. Exit 0 when written; 2 on a bad argument, an unreachable or refusing cluster
(one line: the context and what failed) or a place it may not write.

Must not import at module level: live.client (lightkube), simulation/, checks/ or config.loader."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from karpenter_tenants.commands.common import DURATION_METAVAR, duration, folder_path, force_option, load, one_cluster
from karpenter_tenants.commands.output import EXIT_OK, BadInput, print_warnings

NAME = "snapshot"
NODES_SUFFIX = ".nodes.json"  # as plan's --workloads-dir reads them: DIR/<cluster>.json and DIR/<cluster>.nodes.json
MAX_TIMEOUT = 3600.0


def timeout_seconds(text: str) -> float:
    """argparse type of --timeout: a duration as status's, 90s, 2m or plain seconds (common.duration); more than 0
    and at most an hour."""
    return duration(text, MAX_TIMEOUT)


def add_parser(commands: Any) -> None:
    snapshot = commands.add_parser(
        NAME,
        help="write the live cluster's workloads and nodes (DIR/<cluster>.json, DIR/<cluster>.nodes.json) as "
        "plan --workloads-dir and preflight --workloads read them, through the Kubernetes API (read-only)",
    )
    snapshot.add_argument(
        "--cluster", metavar="KEY", help="cluster file key: the files' name (default: the only one in clusters/)"
    )
    snapshot.add_argument(
        "--context", metavar="CTX", help="the kubeconfig context of that cluster (default: the current context)"
    )
    snapshot.add_argument(
        "--kubeconfig",
        type=Path,
        metavar="FILE",
        help="the kubeconfig (default: $KUBECONFIG, then ~/.kube/config, then the pod's service "
        "account inside a cluster)",
    )
    snapshot.add_argument(
        "--out",
        type=folder_path,
        default=Path("workloads"),
        metavar="DIR",
        help="the snapshot folder (default workloads/, which `verify` passes to plan)",
    )
    snapshot.add_argument(
        "--timeout",
        type=timeout_seconds,
        default=60.0,
        metavar=DURATION_METAVAR,
        help="the most the whole read may take, the credential plugin included, e.g. 90s, 2m (default 60s)",
    )
    force_option(snapshot, "DIR/<cluster>.json and .nodes.json")


def run(args: argparse.Namespace) -> int:
    from karpenter_tenants.live.client import Limits, LiveError, connect
    from karpenter_tenants.live.kinds import NODE, SNAPSHOT_KINDS
    from karpenter_tenants.live.snapshot import as_list, snapshot
    from karpenter_tenants.synthesis.safe_io import atomic_write, claim_folder, record_folder

    cluster = one_cluster(load(args.clusters), args.cluster)
    names = [f"{cluster.key}.json", f"{cluster.key}{NODES_SUFFIX}"]
    out: Path = args.out
    claim_folder(out, names, command=NAME, force=args.force)  # before the cluster is asked anything
    try:
        with connect(args.context, args.kubeconfig, Limits(seconds=args.timeout)) as live:
            listed = {kind: live.list(kind) for kind in SNAPSHOT_KINDS}
            target = live.target
    except LiveError as error:
        raise BadInput(f"{error}; nothing was written") from None
    taken = snapshot(listed)
    texts = {names[0]: as_list(taken.workloads), names[1]: as_list(taken.nodes)}
    _check_with_the_readers(texts, out, cluster.key)
    targets = claim_folder(out, names, command=NAME, force=args.force)  # again: the read took a while
    out.mkdir(parents=True, exist_ok=True)
    for name in names:
        atomic_write(targets[name], texts[name])
    record_folder(out, names, command=NAME)
    counts = taken.counts
    workloads = (
        ", ".join(
            f"{counts[kind.kind]} {kind.kind}{'s' if counts[kind.kind] != 1 else ''}"
            for kind in SNAPSHOT_KINDS
            if kind is not NODE and counts[kind.kind]
        )
        or "no workload"
    )
    print(
        f"snapshot: {cluster.key} from {target}: {out / names[0]} ({workloads}), {out / names[1]} "
        f"({counts[NODE.kind]} Node{'s' if counts[NODE.kind] != 1 else ''})"
    )
    _say_findings(taken, out / names[0], out / names[1])
    return EXIT_OK


def _check_with_the_readers(texts: dict[str, str], out: Path, key: str) -> None:
    """Both files read back, before either is written, by what reads them: plan's workloads and nodes readers (one for
    the simulation and the node review) and preflight's; BadInput (exit 2, nothing written) naming what the cluster
    answered that they refuse (a real API server never does; a hostile one may)."""
    import tempfile

    from karpenter_tenants.config.yaml_input import InputError, read_json
    from karpenter_tenants.kinds.isolation.preflight import PreflightError, workloads
    from karpenter_tenants.simulation.run import read_nodes
    from karpenter_tenants.simulation.workloads import KUBECTL, read_workloads

    with tempfile.TemporaryDirectory(prefix="karpenter-tenants-snapshot-") as folder:
        paths = {name: Path(folder) / name for name in texts}
        for name, path in paths.items():
            path.write_text(texts[name], encoding="ascii")
        workloads_file, nodes_file = paths[f"{key}.json"], paths[f"{key}{NODES_SUFFIX}"]
        try:
            read_workloads(workloads_file)
            workloads(read_json(workloads_file, str(workloads_file), KUBECTL), str(workloads_file))
            read_nodes(nodes_file)  # the one nodes reader: plan's node review and simulation alike
        except (InputError, PreflightError) as error:
            said = _named(str(error).replace(folder + "/", str(out) + "/"), texts)
            raise BadInput(f"the cluster answered what plan would refuse: {said}; nothing was written") from None


def _named(said: str, texts: dict[str, str]) -> str:
    """A reader's `FILE: items[N].path: problem` about a file not written, said of the object the cluster holds:
    `Kind namespace/name: path: problem (items[N] of FILE, not written)`; as it was when it names no item."""
    import json
    import re

    from karpenter_tenants.config.listing import one_line

    found = re.match(r"(?P<file>.+?): items\[(?P<n>\d+)\]\.?(?P<rest>.*)", said, re.DOTALL)
    name = found and next((n for n in texts if found["file"].endswith("/" + n)), None)
    if not found or not name:
        return said
    items = json.loads(texts[name])["items"]  # as_list's own text
    index = int(found["n"])
    item = items[index] if index < len(items) else None
    metadata = item.get("metadata") if isinstance(item, dict) else None
    if not isinstance(item, dict) or not isinstance(metadata, dict):
        return said
    where = "/".join(str(metadata[k]) for k in ("namespace", "name") if metadata.get(k) is not None)
    identity = one_line(f"{item.get('kind', 'object')} {where}")[:160]
    return f"{identity}: {found['rest']} (items[{index}] of {found['file']}, not written)"


def _say_findings(taken: Any, workloads_file: Path, nodes_file: Path) -> None:
    from karpenter_tenants.config.listing import first_few, one_line

    def names(found: list[str]) -> str:
        return first_few([one_line(name)[:120] for name in found])

    warnings = []
    if taken.without_requests:
        count = len(taken.without_requests)
        warnings.append(
            (
                str(workloads_file),
                f"{count} workload{'s ask' if count != 1 else ' asks'} for no cpu or memory "
                f"({names(taken.without_requests)}): the simulation places such pods anywhere, so its "
                "answer for them means little; give their containers resources.requests",
            )
        )
    if taken.without_allocatable:
        count = len(taken.without_allocatable)
        warnings.append(
            (
                str(nodes_file),
                f"{count} node{'s' if count != 1 else ''} without status.allocatable "
                f"({names(taken.without_allocatable)}) left out: plan's scheduler cannot place a pod on a "
                "node that says nothing of its room (a node still registering?); run snapshot again later",
            )
        )
    if taken.orphans:
        count = len(taken.orphans)
        kinds = sorted({owner.split("/", 1)[0] for _, owner in taken.orphans})
        warnings.append(
            (
                str(workloads_file),
                f"{count} pod{'s' if count != 1 else ''} whose owner is not in the "
                f"snapshot ({names([f'{pod} of {owner}' for pod, owner in taken.orphans])}; owner kinds: "
                f"{names(kinds)}): each is simulated as a bare pod, not by its controller's replicas",
            )
        )
    print_warnings(warnings)
    sys.stderr.flush()
