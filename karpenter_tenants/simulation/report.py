"""The simulation's answer in the reviewer's words: per customer, base → head, pods scheduled, NodeClaims and $/h, pods
left pending with Karpenter's reason and why this pull request changed it, what consolidation would do next; a pod that schedules at base and not at
head is a `destructive` change of its workload (the plan's gate counts it). One line for all the customers whose
answer did not change (naming the first ten), so the comment stays short at 40 customers.

Owns: the simulation's Markdown, JSON and changes. Must not import: commands/."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from karpenter_tenants.config.listing import escaped, first_few
from karpenter_tenants.review.autoscaler import NODE_GROUP_LABEL
from karpenter_tenants.review.changes import DESTRUCTIVE, Change
from karpenter_tenants.simulation.revision import Result, Side, TenantResult
from karpenter_tenants.simulation.workloads import Pod, Workloads

text = escaped  # a value from a file or from the scheduler, as one line of Markdown

@dataclass(frozen=True)
class Simulated:
    cluster: str
    karpenter: str
    prices: str
    base: Result
    head: Result
    base_side: Side
    head_side: Side
    workloads: Workloads

    def as_json(self) -> dict[str, Any]:
        return {"karpenter": self.karpenter, "prices": self.prices, "workloads": self.workloads.source,
                "base": self.base.as_json(), "head": self.head.as_json()}


def _claims(result: TenantResult) -> str:
    if not result.node_claims:
        return "no new node"
    counts = Counter(f"{c['instanceType']} {c['capacityType']}" for c in result.node_claims)
    return f"{len(result.node_claims)} new node(s) (" + ", ".join(f"{n}× {what}" for what, n in sorted(counts.items())) + ")"


def _summary(result: TenantResult) -> str:
    return (f"{result.scheduled} scheduled, {len(result.pending)} pending, {_claims(result)}, "
            f"${result.price_per_hour:.2f}/h")


def _consolidation(result: TenantResult) -> str:
    """What Karpenter's consolidation would do next to a tenant's nodes, in one phrase."""
    if not result.consolidation:
        return "nothing"
    said = []
    for command in result.consolidation:
        nodes = command["nodes"]
        what = ", ".join(f"{text(n['node'])} ({text(n['instanceType'])} {text(n['capacityType'])})" for n in nodes[:3])
        more = f" and {len(nodes) - 3} more" if len(nodes) > 3 else ""
        verb = "replace" if command["replacements"] else "delete"
        into = ""
        if command["replacements"]:
            counts = Counter(f"{r['instanceType']} {r['capacityType']}" for r in command["replacements"])
            into = " with " + ", ".join(f"{n}× {text(k)}" for k, n in sorted(counts.items()))
        pods = sum(int(n.get("pods") or 0) for n in nodes)
        said.append(f"{text(command['method'])}: {verb} {len(nodes)} node(s) {what}{more}{into} "
                    f"({pods} pod(s) move), saves ${command['savingsPerHour']:.2f}/h")
    return "; ".join(said)


def _selected_groups(pod: Pod) -> set[str]:
    """The node groups a pod's nodeSelector or required node affinity pins it to (eks.amazonaws.com/nodegroup)."""
    spec = pod.obj.get("spec") or {}
    groups = set()
    selector = spec.get("nodeSelector") or {}
    if isinstance(selector.get(NODE_GROUP_LABEL), str):
        groups.add(selector[NODE_GROUP_LABEL])
    affinity = ((spec.get("affinity") or {}).get("nodeAffinity") or {}).get(
        "requiredDuringSchedulingIgnoredDuringExecution") or {}
    for term in affinity.get("nodeSelectorTerms") or []:
        for requirement in (term or {}).get("matchExpressions") or []:
            if (requirement or {}).get("key") == NODE_GROUP_LABEL and requirement.get("operator") == "In":
                groups.update(v for v in requirement.get("values") or [] if isinstance(v, str))
    return groups


def _why(pods: list[Pod], simulated: Simulated, tenant: str) -> str:
    """Why these pods of one workload schedule at base and not at head, in the reviewer's words."""
    removed = simulated.base_side.node_groups - simulated.head_side.node_groups
    pinned = set().union(*(_selected_groups(p) for p in pods)) & removed
    count = f"{len(pods)} pod(s)" + (f" of {tenant}" if tenant else "")
    if pinned:
        group = sorted(pinned)[0]
        return (f"{count} become Pending: they select `{NODE_GROUP_LABEL}={text(group)}`, which this PR removes; "
                f"select the tenant's nodes instead (nodeSelector and toleration of its pool)")
    reason = simulated.head.reasons.get(pods[0].key, "")
    if "limit" in reason:
        pools = sorted(pool for pool, owner in simulated.head_side.tenant_of_pool.items() if owner == tenant)
        limits = "; ".join(f"{pool}: " + ", ".join(f"{k} {v}" for k, v in sorted(_limits(simulated, pool).items()))
                           for pool in pools) or "its pools' limits"
        return f"tenant {text(tenant)}'s limits are used up ({text(limits)}): {count} pending"
    return f"{count} become Pending: {text(reason)}"


def _limits(simulated: Simulated, pool: str) -> dict[str, str]:
    for obj in simulated.head_side.pools:
        if (obj.get("metadata") or {}).get("name") == pool:
            limits = (obj.get("spec") or {}).get("limits") or {}
            return {str(k): str(v) for k, v in limits.items()} if isinstance(limits, dict) else {}
    return {}


def changes(simulated: Simulated) -> list[Change]:
    """A destructive change per workload whose pods schedule at base and go Pending at head."""
    lost: dict[str, list[Pod]] = {}
    for pod in simulated.workloads.pods:
        if simulated.base.placement.get(pod.key) is not None and simulated.head.placement.get(pod.key) is None:
            lost.setdefault(pod.workload, []).append(pod)
    found = []
    for workload, pods in sorted(lost.items()):
        namespace, kind, name = workload.split("/", 2)
        tenant = simulated.head_side.tenant_of_namespace.get(namespace, "")
        found.append(Change(
            cluster=simulated.cluster, group=f"tenant {tenant}" if tenant else "pods of no tenant", kind=kind,
            name=f"{namespace}/{name}", action="goes Pending", effect=DESTRUCTIVE, why=_why(pods, simulated, tenant),
            notes=[f"Karpenter: {text(simulated.head.reasons.get(pods[0].key, ''))}"],
        ))
    return found


def markdown(simulated: Simulated) -> str:
    lines = [f"### Will it run? Cluster {text(simulated.cluster)}: Karpenter {simulated.karpenter}'s scheduler on "
             f"{text(simulated.workloads.source)}", "",
             f"{len(simulated.workloads.pods)} pods, {len(simulated.workloads.daemonset_pods)} DaemonSets; prices: "
             f"{text(simulated.prices)}.", ""]
    sides = (("base", simulated.base_side), ("head", simulated.head_side))
    old = [name for name, side in sides if not side.generation_supported]
    bare = [name for name, side in sides if side.generation_supported and not side.pools]
    if old:
        lines.append(f"- the {' and the '.join(old)} runs Karpenter 0.31 (Provisioners, which the 1.x scheduler does not "
                     "read): its pods are placed on the existing nodes only")
    if bare:
        lines.append(f"- {'the ' + ' and the '.join(bare)} {'has' if len(bare) == 1 else 'have'} no NodePool: pods are "
                     "placed on the existing nodes only (Karpenter launches no node without one)")
    unchanged: list[tuple[str, TenantResult]] = []
    for tenant in sorted(set(simulated.base.tenants) | set(simulated.head.tenants)):
        base = simulated.base.tenants.get(tenant, TenantResult())
        head = simulated.head.tenants.get(tenant, TenantResult())
        name = f"tenant {text(tenant)}" if tenant else "pods of no tenant"
        if base.as_json() == head.as_json():
            unchanged.append((name, head))
            continue
        lines.append(f"- **{name}**: {_summary(base)} → {_summary(head)}")
        newly = sorted(p["pod"] for p in head.pending if p["pod"] not in {q["pod"] for q in base.pending})
        by_reason = Counter(simulated.head.reasons.get(key, "") for key in newly)
        for reason, count in sorted(by_reason.items(), key=lambda item: (-item[1], item[0]))[:5]:
            lines.append(f"  - {count} pod(s) newly pending: {text(reason)}")
        if base.consolidation != head.consolidation:
            lines.append(f"  - consolidation next: {_consolidation(base)} → {_consolidation(head)}")
    if len(unchanged) == 1:
        lines.append(f"- {unchanged[0][0]}: unchanged: {_summary(unchanged[0][1])}")
    elif unchanged:  # one line for all of them, not one each (42 lines on every pull request at 40 customers)
        names = [name.removeprefix("tenant ") for name, _ in unchanged if name.startswith("tenant ")]
        names += [name for name, _ in unchanged if not name.startswith("tenant ")]
        together = TenantResult(sum(result.scheduled for _, result in unchanged),
                                [p for _, result in unchanged for p in result.pending],
                                [c for _, result in unchanged for c in result.node_claims])
        lines.append(f"- unchanged for {len(unchanged)} customers ({first_few(names, 10)}): {_summary(together)} in all")
    for pool in simulated.head.dropped_pools:
        lines.append(f"- NodePool {text(pool.get('nodePool'))} not considered: {text(pool.get('reason'))}")
    return "\n".join(lines) + "\n"
