"""`plan`'s review of node pools and node classes (NodePool + EC2NodeClass on 1.x, Provisioner + AWSNodeTemplate on
0.31): a node pool removed terminates its nodes (destructive), so does a node class removed while a pool uses it; a
field change drifts or not as Karpenter's drift rules say (kinds/node_pool/drift.py), paced by the pools' disruption budgets;
a lowered limit stops new nodes; a tenant with several pools is told the order Karpenter tries them in.

Imports the change model, the drift rules and objects.review; never another kind's module."""

from __future__ import annotations

import dataclasses
from typing import Any

from karpenter_tenants.config.schema.base import quantity_value
from karpenter_tenants.config.versions import NODE_CLASS_KIND, NODE_POOL_KIND, NODE_POOL_KINDS, Generation
from karpenter_tenants.kinds.node_pool.drift import node_class_field, node_pool_field, under_gate
from karpenter_tenants.objects.changes import ABSENT, DESTRUCTIVE, DRIFT, Change, FieldChange
from karpenter_tenants.objects.dist_objects import ObjectKey, Objects
from karpenter_tenants.objects.review import ObjectReview, Sides

LAYER = "review"  # this module's layer (kinds/__init__.py)

V1_POOL = NODE_POOL_KIND[Generation.V1]


def node_class_of(pool: dict[str, Any]) -> str | None:
    """The name of the node class a NodePool (nodeClassRef) or Provisioner (providerRef) uses."""
    spec = pool.get("spec") or {}
    if pool["kind"] == V1_POOL:
        ref = ((spec.get("template") or {}).get("spec") or {}).get("nodeClassRef", {})
    else:
        ref = spec.get("providerRef") or {}
    name: str | None = ref.get("name")
    return name


class _NodeReview(ObjectReview):
    """What node pools and node classes share: a field change under the 0.31 drift gate, drift paced by budgets."""

    reads_its_folder = True  # the pools of the tenant or using the node class, their budgets

    def review(self, sides: Sides, key: ObjectKey, group: str) -> list[Change]:
        """Each drift with how the budgets of the pools that drift pace it, a line per clause (Change.notes)."""
        paced = pacing(key[0], key[1], key[3], sides.new)
        return [
            dataclasses.replace(c, notes=[*paced, *c.notes]) if c.effect == DRIFT else c
            for c in super().review(sides, key, group)
        ]

    def classify(
        self, sides: Sides, key: ObjectKey, before: dict[str, Any], after: dict[str, Any], change: FieldChange
    ) -> tuple[str, str]:
        return under_gate(
            key[1], *super().classify(sides, key, before, after, change), sides.facts_of(key[0]).drift_gate
        )


class NodePoolReview(_NodeReview):
    def added(self, sides: Sides, key: ObjectKey, group: str) -> list[Change]:
        """A new pool says, in one line, how Karpenter will disrupt its nodes (loudly for a GPU pool)."""
        line = disruption_line(sides.new[key][1])
        return [dataclasses.replace(c, notes=[*c.notes, line]) for c in super().added(sides, key, group)]

    def removed(self, sides: Sides, key: ObjectKey, group: str) -> list[Change]:
        return [
            Change(
                key[0],
                group,
                key[1],
                key[3],
                "removed",
                DESTRUCTIVE,
                (
                    "its nodes are drained and terminated all at once: deleting a node pool is not paced by its disruption "
                    "budgets (only pod disruption budgets slow each drain); pods that need this pool (its tenant's, which "
                    "select its label and tolerate its taint) stay Pending until a pool for them exists again"
                ),
            )
        ]

    def review(self, sides: Sides, key: ObjectKey, group: str) -> list[Change]:
        return [fallback_note(change, sides) for change in super().review(sides, key, group)]

    def classify(
        self, sides: Sides, key: ObjectKey, before: dict[str, Any], after: dict[str, Any], change: FieldChange
    ) -> tuple[str, str]:
        effect, reason = super().classify(sides, key, before, after, change)
        if lowered_limit(change):
            reason += "; a lowered limit stops new nodes once usage reaches it, and removes none"
        if change.path == "spec.template.spec.expireAfter":
            reason += "; " + expiry_note(change.new)
        return effect, reason

    def field_effect(self, kind: str, change: FieldChange) -> tuple[str, str]:
        return node_pool_field(kind, change)


class NodeClassReview(_NodeReview):
    def removed(self, sides: Sides, key: ObjectKey, group: str) -> list[Change]:
        if (key[0], key[3]) not in node_class_users(sides.old, sides.new):
            return super().removed(sides, key, group)
        return [
            Change(
                key[0],
                group,
                key[1],
                key[3],
                "removed",
                DESTRUCTIVE,
                "a node pool uses it: its nodes are drained and terminated",
            )
        ]

    def field_effect(self, kind: str, change: FieldChange) -> tuple[str, str]:
        return node_class_field(kind, change)


REVIEWS = {
    **{kind: NodePoolReview() for kind in NODE_POOL_KIND.values()},
    **{kind: NodeClassReview() for kind in NODE_CLASS_KIND.values()},
}


def node_class_users(old: Objects, new: Objects) -> set[tuple[str, str | None]]:
    """(cluster, node class) for every node class a node pool of either side uses."""
    return {
        (key[0], node_class_of(obj))
        for side in (new, old)
        for key, (_, obj) in side.items()
        if key[1] in NODE_POOL_KINDS
    }


def expiry_note(expire_after: object) -> str:
    """What expiry does once expireAfter changed (Karpenter 1.x, concepts/disruption: expiration is forceful)."""
    if expire_after == "Never" or expire_after is None:
        return "from then on nodes never expire"
    return (
        f"expiry itself is forceful: from then on each node is replaced when it is {expire_after} old, whether or "
        "not the disruption budgets allow it (they pace drift and consolidation, not expiry; pod disruption "
        "budgets and terminationGracePeriod bound each drain)"
    )


GPU_RESOURCES = ("nvidia.com/gpu", "amd.com/gpu", "aws.amazon.com/neuron")
GPU_CATEGORIES = frozenset({"g", "p", "inf", "trn", "dl"})  # EC2's accelerated-computing instance categories


def disruption_line(pool: dict[str, Any]) -> str:
    """How Karpenter disrupts a node pool's nodes, as its manifest says (the CRDs' defaults where a field is absent):
    consolidation, expiry and the budgets (1.x); 0.31's consolidation and TTLs. A GPU pool whose nodes may be
    consolidated or expire says so first: either stops a running job."""
    spec = _mapping(pool.get("spec"))
    if pool.get("kind") == V1_POOL:
        disruption = _mapping(spec.get("disruption"))
        template = _mapping(spec.get("template")).get("spec") or {}
        policy = disruption.get("consolidationPolicy", "WhenEmptyOrUnderutilized")
        after = disruption.get("consolidateAfter", "0s")
        expire = template.get("expireAfter", "720h")
        budgets = disruption.get("budgets") or [{"nodes": "10%"}]
        requirements = template.get("requirements") or []
        what = {"WhenEmpty": "empty nodes only", "Balanced": "nodes where the savings outweigh the disruption"}.get(
            policy, "empty and underutilized nodes (removed, or replaced by cheaper ones)"
        )
        consolidates = "never consolidates" if after == "Never" else f"consolidates {what} after {after} ({policy})"
        paced = ", ".join(
            f"{b.get('nodes')}"
            + (f" during '{b['schedule']}'" if b.get("schedule") else "")
            + (f" for {', '.join(b['reasons'])}" if b.get("reasons") else "")
            for b in budgets
            if isinstance(b, dict)
        )
        text = f"{consolidates}; {_expiry(expire)}; budgets: {paced} of its nodes at a time"
        risky = policy != "WhenEmpty" and after != "Never" or expire != "Never"
    else:  # 0.31 Provisioner
        consolidation = (
            bool((spec.get("consolidation") or {}).get("enabled"))
            if isinstance(spec.get("consolidation"), dict)
            else False
        )
        empty = spec.get("ttlSecondsAfterEmpty")
        expire_seconds = spec.get("ttlSecondsUntilExpired")
        requirements = spec.get("requirements") or []
        consolidates = (
            "consolidates empty and underutilized nodes (consolidation.enabled)"
            if consolidation
            else f"removes empty nodes after {empty}s (ttlSecondsAfterEmpty)"
            if empty is not None
            else "never consolidates"
        )
        text = f"{consolidates}; {_expiry('Never' if expire_seconds is None else f'{expire_seconds}s')}"
        risky = consolidation or expire_seconds is not None
    line = f"disruption: {text}"
    if _gpu(spec, requirements) and risky:
        return (
            "GPU pool: a consolidation or an expiry stops a running job on its nodes; consolidationPolicy: "
            f"WhenEmpty and expireAfter: Never keep them while pods run. {line}"
        )
    return line


def _mapping(value: object) -> dict[str, Any]:
    """value when it is a mapping (as a manifest's field should be), else an empty one."""
    return value if isinstance(value, dict) else {}


def _expiry(expire: object) -> str:
    if expire == "Never":
        return "nodes never expire"
    return f"each node is replaced when {expire} old (forceful: not paced by the budgets)"


def _gpu(spec: dict[str, Any], requirements: list[Any]) -> bool:
    """Whether a node pool launches accelerated instances: GPU limits, a GPU-count requirement, or only accelerated
    instance categories or families."""
    limits = _mapping(spec.get("limits"))
    limits = limits.get("resources", limits) if isinstance(limits.get("resources"), dict) else limits
    if any(resource in limits for resource in GPU_RESOURCES):
        return True
    for requirement in requirements:
        if not isinstance(requirement, dict):
            continue
        key, values = requirement.get("key"), [str(v) for v in requirement.get("values") or []]
        if (
            key
            in (
                "karpenter.k8s.aws/instance-gpu-count",
                "karpenter.k8s.aws/instance-gpu-name",
                "karpenter.k8s.aws/instance-accelerator-count",
            )
            and requirement.get("operator") != "DoesNotExist"
        ):
            return True
        if requirement.get("operator") == "In" and values:
            if key == "karpenter.k8s.aws/instance-category" and set(values) <= GPU_CATEGORIES:
                return True
            if key in ("node.kubernetes.io/instance-type", "karpenter.k8s.aws/instance-family") and all(
                v.startswith(("g", "p", "inf", "trn", "dl")) and not v.startswith("gr") for v in values
            ):
                return True
    return False


def lowered_limit(change: FieldChange) -> bool:
    if ".limits." not in f".{change.path}." and not change.path.startswith("spec.limits"):
        return False
    return change.old is not ABSENT and (
        change.new is ABSENT or quantity_value(change.new) < quantity_value(change.old)
    )


def budget_nodes(nodes: str, when: str) -> str:
    """A budget's `nodes` as the node counts it allows (`when`: ' at a time', ' during …'): Karpenter rounds a
    percentage of the pool's nodes up (20% of 19 nodes allows 4), so a small pool still moves one node at a time."""
    if not nodes.endswith("%"):
        return f"{nodes} node{'s' if nodes != '1' else ''}{when}"
    percent = int(nodes[:-1])
    if percent == 0:
        return f"no node (0%){when}"
    if percent >= 100:
        return f"all its nodes (100%){when}"
    return f"{nodes} of its nodes{when}, rounded up: 1 node of up to {100 // percent}, 2 of up to {200 // percent}"


def pacing(cluster: str, kind: str, name: str, new: Objects) -> list[str]:
    """How Karpenter paces the replacement (1.x): for each node pool that drifts, one line per clause of its
    disruption budgets that applies to drift (the budget at all times, each scheduled one), and one for those that
    do not (budgets for other reasons)."""
    pools = [
        obj
        for (c, k, _, _), (_, obj) in new.items()
        if c == cluster
        and k == V1_POOL
        and (obj["metadata"]["name"] == name if kind == V1_POOL else node_class_of(obj) == name)
    ]
    lines = []
    for pool in pools:
        head = f"paced by disruption budgets: {pool['metadata']['name']}: "
        budgets = ((pool.get("spec") or {}).get("disruption") or {}).get("budgets") or [{"nodes": "10%"}]
        drift = [b for b in budgets if not b.get("reasons") or "Drifted" in b["reasons"]]
        always, scheduled = [b for b in drift if not b.get("schedule")], [b for b in drift if b.get("schedule")]
        lines.append(
            head
            + (
                " and ".join(f"at most {budget_nodes(b['nodes'], ' at a time')}" for b in always)
                or "no budget limits drift" + (" outside the scheduled ones" if scheduled else "")
            )
        )
        for budget in scheduled:
            lines.append(
                head
                + budget_nodes(budget["nodes"], f" during '{budget['schedule']}' (UTC) for {budget.get('duration')}")
            )
        skipped = [b for b in budgets if b.get("reasons") and "Drifted" not in b["reasons"]]
        if skipped:
            reasons = ", ".join(sorted({r for b in skipped for r in b["reasons"]}))
            lines.append(
                f"{head}{len(skipped)} budget{'s' if len(skipped) != 1 else ''} for other reasons ({reasons}) "
                f"{'do' if len(skipped) != 1 else 'does'} not apply to drift"
            )
    return lines


def fallback_note(change: Change, sides: Sides) -> Change:
    """A tenant with several node pools (tenants[].pools): the order Karpenter tries them in, on every line of its
    NodePools that come or whose weight changes."""
    if change.kind != V1_POOL or change.action == "removed":
        return change
    if change.action == "changed" and not any(f.path == "spec.weight" for f in change.fields):
        return change
    label = sides.facts_of(change.cluster).label_key
    pools = [obj for (c, k, _, _), (_, obj) in sides.new.items() if c == change.cluster and k == V1_POOL]
    mine = next((o for o in pools if o["metadata"]["name"] == change.name), None)
    tenant = ((mine or {}).get("metadata", {}).get("labels") or {}).get(label)
    siblings = [o for o in pools if ((o["metadata"].get("labels") or {}).get(label)) == tenant] if tenant else []
    if len(siblings) < 2:
        return change
    ordered = sorted(siblings, key=lambda o: (-((o.get("spec") or {}).get("weight") or 0), o["metadata"]["name"]))
    order = " → ".join(
        f"{o['metadata']['name']} ({(o.get('spec') or {}).get('weight') or 'no weight'})" for o in ordered
    )
    return dataclasses.replace(
        change,
        why=(
            f"{change.why}; Karpenter tries {tenant}'s pools by weight, falling back when one cannot launch (its "
            f"requirements, limits or capacity): {order}"
        ),
    )
