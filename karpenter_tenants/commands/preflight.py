"""`python main.py preflight --workloads FILE`: what the isolation policies in dist/ would refuse of what already
runs (FILE from `kubectl get ... -A -o json`, as plan's --workloads; `preflight FILE` is its deprecated spelling);
exit 1 when any would be refused.

Must not import at module level: checks/ or config.loader (imported when it runs)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from karpenter_tenants.commands.common import dist_option, load, one_cluster, option_once_positional
from karpenter_tenants.commands.output import EXIT_FINDINGS, EXIT_OK, BadInput

NAME = "preflight"
KUBECTL_WORKLOADS = "kubectl get pods,daemonsets,deployments,statefulsets,replicasets,jobs,cronjobs -A -o json"


def add_parser(commands: Any) -> None:
    preflight = commands.add_parser(
        NAME,
        help="what the isolation policies in dist/ would refuse of what already runs "
        "(from `kubectl get pods,daemonsets,deployments,statefulsets,replicasets,jobs,cronjobs -A -o json`)",
    )
    option_once_positional(
        preflight,
        NAME,
        "--workloads",
        earlier="WORKLOADS.json",
        metavar="FILE",
        type=Path,
        help="the file kubectl wrote, as plan's --workloads (required; FILE without "
        "--workloads: its deprecated spelling)",
    )
    preflight.add_argument("--cluster", metavar="KEY", help="cluster file key (default: the only one in clusters/)")
    dist_option(preflight, "the output folder (default dist/)")
    preflight.add_argument(
        "--verbose", action="store_true", help="also list every workload admitted (default: counted in the summary)"
    )


def run(args: argparse.Namespace) -> int:
    from karpenter_tenants.config.listing import one_line
    from karpenter_tenants.config.yaml_input import read_json
    from karpenter_tenants.kinds.isolation.preflight import PreflightError, load_policy, preflight, workloads

    if args.workloads is None:  # required, but by hand: argparse would name the deprecated positional too
        raise BadInput(f"preflight needs --workloads FILE: what `{KUBECTL_WORKLOADS}` wrote")
    clusters = load(args.clusters)
    cluster = one_cluster(clusters, args.cluster)
    try:
        # the input first: a path that does not exist, or is no kubectl List, is bad input whatever dist/ holds
        items = workloads(read_json(args.workloads, str(args.workloads), KUBECTL_WORKLOADS), str(args.workloads))
        policy = load_policy(args.dist, cluster.key)
        if policy is None:
            print(f"preflight: {cluster.key} has no isolation policy (no tenant names namespaces): nothing is refused")
            return EXIT_OK
        verdicts = preflight(
            policy,
            items,
            cluster.config.tenancy.label_key,
            frozenset(ns for t in cluster.config.tenants for ns in t.namespaces),
        )
    except PreflightError as error:
        raise BadInput(f"{error}") from None
    refused = [v for v in verdicts if v.refusals]
    pins = _stranded(cluster, items, args.dist)
    for verdict in verdicts:
        w = verdict.workload
        name = f"{w.namespace}/{w.kind}/{w.name}"
        for line in pins.get(name, []):
            print(one_line(f"stranded: {name}: {line}"))
        if not verdict.refusals:
            if not pins.get(name) and args.verbose:
                print(f"admitted: {name}")
            continue
        for message, fix in zip(verdict.refusals, verdict.fixes + [""] * len(verdict.refusals), strict=False):
            # the policy's message may quote the workload's own values: one line whatever they hold
            print(one_line(f"refused: {name}: {message}" + (f"; fix: {fix}" if fix else "")))
    admitted = sum(
        1
        for v in verdicts
        if not v.refusals and not pins.get(f"{v.workload.namespace}/{v.workload.kind}/{v.workload.name}")
    )
    print(
        f"preflight: {cluster.key}: {len(verdicts)} workloads, {admitted} admitted, {len(refused)} would be refused under "
        f"enforcement deny (now {cluster.config.tenancy.enforcement})"
        + (f", {len(pins)} select nodes that go with the move" if pins else "")
    )
    return EXIT_FINDINGS if refused or pins else EXIT_OK


def _stranded(cluster: Any, items: list[Any], dist: Path) -> dict[str, list[str]]:
    """For each workload that pins a node label no node carries after the move (checks.stranded), its lines."""
    from karpenter_tenants.capacity.catalogue import load_catalogue, missing_catalogue
    from karpenter_tenants.capacity.pools import allowed_types, node_pools
    from karpenter_tenants.checks.stranded import stranded
    from karpenter_tenants.config.yaml_input import InputError
    from karpenter_tenants.reference.shared import shared_dir
    from karpenter_tenants.synthesis.render import read_tree

    config = cluster.config
    moving = {g.name: g.tenant for g in config.cluster_autoscaler.node_groups} if config.cluster_autoscaler else {}
    tenants = {t.name for t in config.tenants}
    tenant_of = {ns: t.name for t in config.tenants for ns in t.namespaces}
    types_of: dict[str, set[str]] = {}
    shared = shared_dir()
    if missing_catalogue(shared) is None:
        try:
            catalogue = load_catalogue(shared)
            files = {p: t for p, t in read_tree(dist).items() if p.startswith(f"{cluster.key}/tenants/")}
            for obj in node_pools(files).values():
                tenant = ((obj.get("metadata") or {}).get("labels") or {}).get(config.tenancy.label_key)
                if isinstance(tenant, str):
                    types_of.setdefault(tenant, set()).update(it.name for it in allowed_types(obj, catalogue))
        except (InputError, OSError):
            types_of = {}
    found = {}
    for w in items:
        tenant = tenant_of.get(w.namespace)
        lines = stranded(
            w.spec,
            tenant,
            moving,
            tenants,
            config.tenancy.label_key,
            types_of.get(tenant) if tenant in types_of else None,
        )
        if lines:
            found[f"{w.namespace}/{w.kind}/{w.name}"] = lines
    return found
