"""Today's placement, the simulation's starting point (docs/simulation.md), and the nodes each revision has.

Which pods run where: a pod the snapshot shows bound (spec.nodeName) to a node of the nodes file, neither finished nor
terminating, is one of its workload's pods (its controller's chain of owners, as the workloads reader counts them: a
ReplicaSet's pods are its Deployment's, a Job's its CronJob's); a pod of the workload takes its node (a pod of the same
name first: a StatefulSet's, a bare pod; the others in order). What runs stays where it runs on the nodes the revision
keeps (Karpenter's cluster state sees bound pods as used capacity); only the pods whose node goes, those pending in the
snapshot and replicas without a running pod go through the scheduler. `--from-empty` asks the old question instead:
every pod scheduled afresh onto the revision's nodes, empty but for DaemonSets.

Which nodes: the base has every node of the nodes file; the head has them less the nodes of the node groups it
removes from clusterAutoscaler.nodeGroups, of the NodePools it deletes (and of those whose EC2NodeClass it deletes),
and those its NodePool or EC2NodeClass change drifts, which Karpenter replaces: plan's own review of the two objects
(kinds/node_pool/review.py, the drift rules of kinds/node_pool/drift.py) and its node-by-node decision
(review.nodes.drifted_nodes: narrowed requirements drift only the nodes that no longer match them).

Owns: the starting point, the head's nodes and what moves, in the reviewer's words. Must not import: commands/."""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

from karpenter_tenants.config.listing import escaped, first_few
from karpenter_tenants.review.autoscaler import NODE_GROUP_LABEL
from karpenter_tenants.simulation.revision import NODE_CLASS, NODE_POOL, Result, Side
from karpenter_tenants.simulation.workloads import CONTROLLERS, Pod, Workloads

POOL_LABEL = "karpenter.sh/nodepool"
# a pod of an unlisted ReplicaSet (Job) is its Deployment's (CronJob's), named after it: DEPLOYMENT-<hash>, CRONJOB-<time>
MADE_BY = {"ReplicaSet": "Deployment", "Job": "CronJob"}
NAMED = 3  # pods named per line of what moves (and how many more)


def node_name(node: dict[str, Any]) -> str:
    return str((node.get("metadata") or {}).get("name"))


def running_pods(workloads: Workloads, node_names: set[str]) -> dict[str, str]:
    """pod key (of workloads.pods) → the node of node_names it runs on in the snapshot."""
    items = [item for item in getattr(workloads, "items", ()) if isinstance(item, dict)]
    listed: dict[tuple[str, str, str], dict[str, Any]] = {}
    for item in items:
        identity = _identity(item)
        if identity is not None and identity[0] in CONTROLLERS:
            listed.setdefault(identity, item)
    running: dict[str, list[tuple[str, str]]] = {}  # workload → [(pod name, node)]
    for item in items:
        identity = _identity(item)
        if identity is None or identity[0] != "Pod":
            continue
        metadata, spec, status = (
            item.get(k) if isinstance(item.get(k), dict) else {} for k in ("metadata", "spec", "status")
        )
        node = spec.get("nodeName")
        if (
            not isinstance(node, str)
            or node not in node_names
            or metadata.get("deletionTimestamp")
            or status.get("phase") in ("Succeeded", "Failed")
        ):
            continue
        kind, namespace, name = _root(item, identity, listed)
        running.setdefault(f"{namespace}/{kind}/{name}", []).append((identity[2], node))
    of_workload: dict[str, list[Pod]] = {}
    for pod in workloads.pods:
        of_workload.setdefault(pod.workload, []).append(pod)
    found: dict[str, str] = {}
    for workload, pods_running in sorted(running.items()):
        free = {pod.name: pod for pod in sorted(of_workload.get(workload, ()), key=_replica_order)}
        unmatched = []
        for name, node in sorted(pods_running):
            pod = free.pop(name, None)
            if pod is not None:
                found[pod.key] = node
            else:
                unmatched.append(node)
        for pod, node in zip(free.values(), unmatched, strict=False):  # more running than it keeps: the rest left out
            found[pod.key] = node
    return found


def _identity(item: dict[str, Any]) -> tuple[str, str, str] | None:
    metadata = item.get("metadata")
    if (
        not isinstance(item.get("kind"), str)
        or not isinstance(metadata, dict)
        or not isinstance(metadata.get("name"), str)
    ):
        return None
    namespace = metadata.get("namespace") or "default"
    return (item["kind"], namespace, metadata["name"]) if isinstance(namespace, str) else None


def _controller(item: dict[str, Any]) -> tuple[str, str] | None:
    owners = (item.get("metadata") or {}).get("ownerReferences")
    for owner in owners if isinstance(owners, list) else []:
        if (
            isinstance(owner, dict)
            and owner.get("controller")
            and isinstance(owner.get("kind"), str)
            and isinstance(owner.get("name"), str)
        ):
            return owner["kind"], owner["name"]
    return None


def _root(
    item: dict[str, Any], identity: tuple[str, str, str], listed: dict[tuple[str, str, str], dict[str, Any]]
) -> tuple[str, str, str]:
    """The workload a pod is counted with: its listed controller's, up the chain of controllers the file lists."""
    seen = {identity}
    while (owner := _controller(item)) is not None:
        above = (owner[0], identity[1], owner[1])
        if above not in listed and owner[0] in MADE_BY and "-" in owner[1]:
            above = (MADE_BY[owner[0]], identity[1], owner[1].rpartition("-")[0])
        if above not in listed or above in seen:
            break
        seen.add(above)
        item, identity = listed[above], above
    return identity


def _replica_order(pod: Pod) -> tuple[int, str]:
    found = re.search(r"-([0-9]+)$", pod.name)
    return (int(found.group(1)) if found else -1, pod.name)


def nodes_gone(cluster: str, base: Side, head: Side, nodes: list[dict[str, Any]]) -> dict[str, str]:
    """node name → why the head does not have it (a node group removed, a NodePool or its EC2NodeClass deleted, a
    drift); the nodes not named remain."""
    gone: dict[str, str] = {}
    removed_groups = base.node_groups - head.node_groups
    for node in nodes:
        group = ((node.get("metadata") or {}).get("labels") or {}).get(NODE_GROUP_LABEL)
        if group in removed_groups:
            gone[node_name(node)] = f"node group {group} leaves clusterAutoscaler.nodeGroups"
    pooled = [node for node in nodes if ((node.get("metadata") or {}).get("labels") or {}).get(POOL_LABEL)]
    if not pooled:
        return gone
    from karpenter_tenants.kinds.node_pool.review import node_class_of
    from karpenter_tenants.objects.changes import DESTRUCTIVE
    from karpenter_tenants.review.nodes import Node, Nodes, drifted_nodes

    sides = _sides(cluster, base, head)
    listed = Nodes("", tuple(Node(node_name(n), dict((n.get("metadata") or {}).get("labels") or {})) for n in pooled))
    by_pool: dict[str, list[str]] = {}
    for node in listed.items:
        by_pool.setdefault(node.labels[POOL_LABEL], []).append(node.name)
    # a NodePool's own deletion before its EC2NodeClass's (the reason said is the pool's)
    for change in sorted(_changes(sides), key=lambda c: c.kind != NODE_POOL[1]):
        if change.action == "removed" and change.effect == DESTRUCTIVE:
            if change.kind == NODE_POOL[1]:
                for name in by_pool.get(change.name, ()):
                    gone.setdefault(name, f"NodePool {change.name} is deleted")
            elif change.kind == NODE_CLASS[1]:
                users = sorted(
                    key[3]
                    for key, (_, obj) in sides.old.items()
                    if key[1] == NODE_POOL[1] and node_class_of(obj) == change.name
                )
                for pool in users:
                    for name in by_pool.get(pool, ()):
                        gone.setdefault(name, f"EC2NodeClass {change.name} of NodePool {pool} is deleted")
            continue
        fields = ", ".join(
            dict.fromkeys(f.path.removeprefix("spec.template.spec.").removeprefix("spec.") for f in change.fields)
        )
        for pool, _, replaced, _ in drifted_nodes(change, sides, listed) or ():
            via = f" (its EC2NodeClass {change.name})" if change.kind == NODE_CLASS[1] else ""
            for node in replaced:
                gone.setdefault(node.name, f"NodePool {pool} drifts{via} on {fields}")
    return gone


def _sides(cluster: str, base: Side, head: Side) -> Any:
    """The two revisions' NodePools and EC2NodeClasses as plan's review compares them."""
    from karpenter_tenants.objects.changes import ClusterFacts
    from karpenter_tenants.objects.review import Sides

    def objects(side: Side) -> dict[Any, Any]:
        found = {}
        for obj in (*side.pools, *side.classes):
            metadata = obj.get("metadata") if isinstance(obj.get("metadata"), dict) else {}
            name = metadata.get("name")
            if isinstance(name, str):
                tenant = side.tenant_of_pool.get(name, "")
                found[(cluster, obj.get("kind"), metadata.get("namespace", ""), name)] = (
                    f"{cluster}/tenants/{tenant}/{str(obj.get('kind')).lower()}-{name}.yaml",
                    obj,
                )
        return found

    return Sides(objects(base), objects(head), {}, {}, frozenset(), {cluster: ClusterFacts()})


def _changes(sides: Any) -> list[Any]:
    """plan's changes of the NodePools and EC2NodeClasses that differ (an object plan cannot review, as a hand-edited
    base, is left as it is: its nodes remain)."""
    from karpenter_tenants.review.registry import review_of

    found = []
    for key in sorted(set(sides.old) | set(sides.new), key=str):
        before, after = sides.old.get(key), sides.new.get(key)
        if (
            before is not None
            and after is not None
            and json.dumps(before[1], sort_keys=True, default=str) == json.dumps(after[1], sort_keys=True, default=str)
        ):
            continue
        try:
            found += review_of(key[1]).review(sides, key, f"tenant {(after or before)[0].split('/')[2]}")
        except (AttributeError, TypeError, KeyError, ValueError, IndexError):
            continue
    return found


def describe(
    result: Result,
    running: dict[str, str],
    kept: dict[str, str],
    gone: dict[str, str],
    workloads: Workloads,
    from_empty: bool,
) -> dict[str, Any]:
    """A revision's starting point as R's "placement": where it starts ("today" or "empty"), how many pods run where
    they are, the nodes it does not have and the pods bound to them in the snapshot, each with where it goes."""
    if from_empty:
        return {
            "start": "empty",
            "running": 0,
            "nodesGone": [{"node": n, "why": w} for n, w in sorted(gone.items())],
            "moved": [],
        }
    workload_of = {pod.key: pod.workload for pod in workloads.pods}
    moved = [
        {
            "pod": pod,
            "workload": workload_of.get(pod, ""),
            "from": node,
            "why": gone.get(node, ""),
            "to": result.placement.get(pod),
        }
        for pod, node in sorted(running.items())
        if pod not in kept
    ]
    return {
        "start": "today",
        "running": len(kept),
        "nodesGone": [{"node": n, "why": w} for n, w in sorted(gone.items())],
        "moved": moved,
    }


def lines(simulated: Any) -> list[str]:
    """The plan's lines on the starting point and, at head, the nodes it does not have and where their pods go."""
    base, head = simulated.base.start, simulated.head.start
    if not base or not head:
        return []
    text = escaped
    if head["start"] == "empty":
        said = [
            "- starting point: empty (`--from-empty`): every pod is scheduled afresh onto the revision's nodes, "
            'empty but for DaemonSets, and new NodeClaims: it answers "can they all run", not "what changes '
            'for the pods where they run now"'
        ]
    elif not base["running"]:
        said = [
            f"- starting point: today's placement, but no pod of {text(simulated.workloads.source)} runs on a node of "
            "the nodes file (bound by spec.nodeName): every pod is scheduled"
        ]
    else:
        total = len(simulated.workloads.pods)
        said = [
            f"- starting point: today's placement: {base['running']} of {total} pod(s) run where the snapshot has "
            f"them bound ({head['running']} at head); only the others (pending in the snapshot, replicas without "
            "a running pod, and at head those whose node goes) are scheduled"
        ]
    if head["nodesGone"]:
        by_why: dict[str, list[str]] = {}
        for each in head["nodesGone"]:
            by_why.setdefault(each["why"], []).append(each["node"])
        said.append(
            f"- the head does not have {len(head['nodesGone'])} node(s) of the nodes file: "
            + "; ".join(
                f"{text(why)}: {len(names)} ({first_few([text(n) for n in names], NAMED)})"
                for why, names in sorted(by_why.items())
            )
        )
    if head["moved"]:
        by_why_moved: dict[str, list[dict[str, Any]]] = {}
        for each in head["moved"]:
            by_why_moved.setdefault(each["why"], []).append(each)
        parts = []
        for why, moved in sorted(by_why_moved.items()):
            where = Counter(_where(each["to"]) for each in moved)
            pending = [each["pod"] for each in moved if each["to"] is None]
            named = pending or [each["pod"] for each in moved]
            parts.append(
                f"{len(moved)} whose node goes ({text(why)}): "
                + ", ".join(
                    f"{count} {place}" for place, count in sorted(where.items(), key=lambda item: (-item[1], item[0]))
                )
                + f" ({first_few([text(p) for p in named], NAMED)})"
            )
        said.append(f"- {len(head['moved'])} pod(s) move at head: " + "; ".join(parts))
    return said


def _where(placed: str | None) -> str:
    if placed is None:
        return "pending"
    if placed.startswith("new node of "):
        return f"onto new nodes of {escaped(placed.removeprefix('new node of '))}"
    return "onto existing nodes"
