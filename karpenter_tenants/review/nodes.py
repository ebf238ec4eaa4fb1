"""`plan --nodes FILE`: for each drift, the cluster's nodes it would replace, by name and instance type, from what
`kubectl get nodes -o json` prints (no cluster access). A node belongs to a node pool by its `karpenter.sh/nodepool`
label (0.31: `karpenter.sh/provisioner-name`). Which of a pool's nodes drift follows Karpenter's rules (kinds/node_pool/drift.py):
when only requirements changed, the nodes whose labels no longer satisfy the pool's new requirements (a well-known
label a node does not carry does not make it drift, as Karpenter's requirement check allows undefined well-known
labels); when anything else of the template or its node class changed, every node of the pool. The file is read by
the one nodes reader, simulation.run.read_nodes (its `reviewed`), for this review and the simulation alike.

Imports capacity.pools (a pool's requirements as written), the change model, review.drift's requirement matcher, objects.review and review.node_pools (which pools use
a node class); never the git reading or the rendering."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from karpenter_tenants.capacity.pools import pool_spec
from karpenter_tenants.config.listing import first_few
from karpenter_tenants.config.versions import NODE_CLASS_KIND, NODE_POOL_KIND, Generation
from karpenter_tenants.kinds.node_pool.drift import MISSING_LABEL, allows
from karpenter_tenants.kinds.node_pool.review import node_class_of
from karpenter_tenants.objects.changes import DRIFT, Change
from karpenter_tenants.objects.review import Sides

POOL_LABEL = {
    NODE_POOL_KIND[Generation.V1]: "karpenter.sh/nodepool",
    NODE_POOL_KIND[Generation.V1ALPHA5]: "karpenter.sh/provisioner-name",
}
INSTANCE_TYPE = "node.kubernetes.io/instance-type"
# Labels Karpenter knows on every node it launches (its WellKnownLabels and the AWS provider's instance labels): one
# a node does not carry does not make it drift.
WELL_KNOWN = (
    "karpenter.sh/",
    "karpenter.k8s.aws/",
    "kubernetes.io/arch",
    "kubernetes.io/os",
    "node.kubernetes.io/",
    "topology.kubernetes.io/",
)


@dataclass(frozen=True)
class Node:
    name: str
    labels: dict[str, str]

    def shown(self) -> str:
        from karpenter_tenants.config.listing import code, escaped  # from the user's file: never raw into the comment

        return f"{code(self.name)} ({escaped(self.labels.get(INSTANCE_TYPE, 'instance type unknown'), 60)})"


@dataclass(frozen=True)
class Nodes:
    source: str  # the file, as named
    items: tuple[Node, ...]


def with_nodes(change: Change, sides: Sides, nodes: Nodes) -> Change:
    """A drift of a node pool or node class with a line naming the nodes it replaces (and keeps); other changes as
    they are."""
    drifting = drifted_nodes(change, sides, nodes)
    if drifting is None:
        return change
    lines = []
    for pool, label, replaced, kept in drifting:
        if not replaced and not kept:
            lines.append(f"nodes ({nodes.source}): none of {pool}'s (no node labelled {label}={pool})")
            continue
        line = f"nodes ({nodes.source}): replaces {len(replaced)} of {pool}'s {len(replaced) + len(kept)}" + (
            ": " + first_few([n.shown() for n in replaced], SHOWN) if replaced else ""
        )
        if kept:
            line += (
                f"; keeps {first_few([n.shown() for n in kept], SHOWN)}: its labels still match the new requirements"
            )
        lines.append(line)
    return dataclasses.replace(change, notes=[*change.notes, *lines])


def drifted_nodes(change: Change, sides: Sides, nodes: Nodes) -> list[tuple[str, str, list[Node], list[Node]]] | None:
    """Which nodes a drift replaces, as Karpenter's drift rules have it (the module's docstring), per node pool it
    drifts: (pool, the label naming a node's pool, the nodes replaced, the nodes kept). None when the change is no
    drift of a node pool or node class (or the 0.31 drift gate turning on, which labels cannot tell). Also what
    `plan --workloads` takes the head's nodes to be (simulation.placement)."""
    if change.effect != DRIFT or change.action != "changed":
        return None
    if change.kind in POOL_LABEL:
        pools = [change.name]
        only_requirements = all(".requirements[" in f.path for f in change.fields)
    elif change.kind in NODE_CLASS_KIND.values():
        pools = sorted(
            {
                obj["metadata"]["name"]
                for (c, k, _, _), (_, obj) in sides.new.items()
                if c == change.cluster and k in POOL_LABEL and node_class_of(obj) == change.name
            }
        )
        only_requirements = False
    else:  # the 0.31 drift gate turning on: every node that drifted while it was off, which labels cannot tell
        return None
    found = []
    for pool in pools:
        key = next(
            ((c, k, n, p) for (c, k, n, p) in sides.new if c == change.cluster and k in POOL_LABEL and p == pool), None
        )
        obj = sides.new[key][1] if key else {}
        label = POOL_LABEL.get(key[1] if key else change.kind, POOL_LABEL[NODE_POOL_KIND[Generation.V1]])
        requirements = _template_requirements(obj)
        replaced, kept = [], []
        for node in nodes.items:  # one pass (a pool may have thousands of nodes)
            if node.labels.get(label) == pool:
                (replaced if not only_requirements or not _satisfies(node, requirements) else kept).append(node)
        found.append((pool, label, replaced, kept))
    return found


SHOWN = 10  # the nodes a line names, then how many more


def _template_requirements(pool: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """A node pool's requirements by key (capacity.pools.pool_spec reads them: 1.x spec.template.spec.requirements,
    0.31 spec.requirements)."""
    by_key: dict[str, list[dict[str, Any]]] = {}
    for requirement in pool_spec(pool)[0]:
        if isinstance(requirement, dict) and isinstance(requirement.get("key"), str):
            by_key.setdefault(requirement["key"], []).append(requirement)
    return by_key


def _satisfies(node: Node, requirements: dict[str, list[dict[str, Any]]]) -> bool:
    """Whether the node's labels meet every requirement (Karpenter's requirements drift check, undefined well-known
    labels allowed)."""
    for key, each in requirements.items():
        if key not in node.labels and key.startswith(WELL_KNOWN):
            continue
        if not allows(each, node.labels.get(key, MISSING_LABEL)):
            return False
    return True
