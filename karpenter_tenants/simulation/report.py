"""The simulation's answer in the reviewer's words: per customer, base → head, pods scheduled, NodeClaims and $/h, pods
left pending with their own reason (simulation.reasons: the messages of the pod's own pools, the other tenants'
taints folded into a count) and why this pull request changed it, what consolidation would do next; every pending pod
of a customer the pull request touches (its pools, node classes or namespaces added, changed or removed) named, up to
a bound, with that reason. A pod that schedules at base and not at head is a `destructive` change of its workload; a
pod of a touched customer that cannot run at head and did not run at base is an `unschedulable` finding of its own
(`--fail-on unschedulable`; `destructive` and `drift` trip on it too). What the reader left out or took as it could
(workloads without requests, owners missing, pods that would not exist) and what the instance types assume of each
node class are said once. One line for all the customers whose answer did not change and that the pull request does
not touch (naming the first ten), so the comment stays short at 40 customers.

Owns: the simulation's Markdown, JSON and changes. Must not import: commands/."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from typing import Any

from karpenter_tenants.config.listing import escaped, first_few
from karpenter_tenants.objects.changes import DESTRUCTIVE, UNSCHEDULABLE, Change
from karpenter_tenants.review.autoscaler import NODE_GROUP_LABEL
from karpenter_tenants.review.nodes import Nodes
from karpenter_tenants.simulation.reasons import Reason, is_limit, own_reason
from karpenter_tenants.simulation.revision import Result, Side, TenantResult
from karpenter_tenants.simulation.workloads import FINISHED, GATED, SUSPENDED, TERMINATING, Pod, Workloads

text = escaped  # a value from a file or from the scheduler, as one line of Markdown

MOST_NAMED = 5  # pending pods named per reason of a customer (and how many more)
MOST_REASONS = 5  # reasons said per customer (and how many pods more, for how many other reasons)
REASON_MOST = 700  # a reason's characters: Karpenter's own (requirements=..., resources=...) run to 500


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
    # names of the nodes the nodes file lists without status.allocatable (left out: the scheduler cannot place on them)
    nodes_without_allocatable: tuple[str, ...] = ()

    @property
    def owners(self) -> dict[str, str]:
        """Whose pods are whose (as simulation.run gives both revisions: the head's tenants, else the base's)."""
        return {**self.base_side.tenant_of_namespace, **self.head_side.tenant_of_namespace}

    def as_json(self) -> dict[str, Any]:
        reasons = Reasons(self)
        return {
            "karpenter": self.karpenter,
            "scheduler": scheduler_of(self),
            "prices": self.prices,
            "workloads": self.workloads.source,
            "input": {
                **self.workloads.notes.as_json(),
                "nodesWithoutAllocatable": list(self.nodes_without_allocatable),
            },
            "nodeClasses": node_class_lines(self),
            "base": reasons.json_of("base"),
            "head": reasons.json_of("head"),
        }


class NodeList(list):  # type: ignore[type-arg]
    """The nodes read from a nodes file (simulation.run.read_nodes), and the names of those it left out for having no
    status.allocatable (a node not yet registered: the scheduler cannot place on it), said once on the answer."""

    without_allocatable: tuple[str, ...] = ()
    source: str = "--nodes"  # the file read, and the path of each zone's first node in it (offerings.zones_of)
    zone_paths: dict[str, str] = {}  # noqa: RUF012 (set per instance by read_nodes)
    reviewed: Nodes | None = None  # every node of the file (those left out too) for the node review (review.nodes)


class Reasons:
    """Each pending pod's own reason at each revision (simulation.reasons), computed once per reason and tenant."""

    def __init__(self, simulated: Simulated) -> None:
        self.simulated = simulated
        self.owners = simulated.owners
        self._said: dict[tuple[str, str, str], Reason] = {}

    def raw(self, revision: str, key: str) -> str:
        result = self.simulated.base if revision == "base" else self.simulated.head
        if key in result.reasons:
            return result.reasons[key]
        for tenant in result.tenants.values():  # a result built without its reasons map (tests): the pending entry's
            for entry in tenant.pending:
                if entry.get("pod") == key:
                    return str(entry.get("reason") or "")
        return ""

    def of(self, revision: str, key: str) -> Reason:
        tenant = self.owners.get(key.split("/", 1)[0], "")
        raw = self.raw(revision, key)
        found = self._said.get((revision, tenant, raw))
        if found is None:
            side = self.simulated.base_side if revision == "base" else self.simulated.head_side
            found = self._said[(revision, tenant, raw)] = own_reason(raw, tenant, side)
        return found

    def json_of(self, revision: str) -> dict[str, Any]:
        """The revision's R, each pending pod's reason its own (the copies changed, never the result)."""
        result = self.simulated.base if revision == "base" else self.simulated.head
        document = result.as_json()
        for tenant in document["tenants"].values():
            tenant["pending"] = [
                {**entry, "reason": self.of(revision, str(entry.get("pod"))).text} for entry in tenant["pending"]
            ]
        return document


def touched_tenants(simulated: Simulated) -> tuple[set[str], set[str]]:
    """(the tenants this pull request touches: a NodePool or EC2NodeClass of theirs added, changed or removed, a
    namespace added or removed; of them, those new at head)."""
    base, head = simulated.base_side, simulated.head_side

    def specs(objects: list[dict[str, Any]]) -> dict[str, str]:
        return {
            str((o.get("metadata") or {}).get("name")): json.dumps(o.get("spec"), sort_keys=True, default=str)
            for o in objects
            if isinstance(o, dict)
        }

    def class_owners(side: Side) -> dict[str, str]:
        found = {}
        for pool in side.pools:
            ref = (
                (((pool.get("spec") or {}).get("template") or {}).get("spec") or {}).get("nodeClassRef")
                if isinstance(pool.get("spec"), dict)
                else None
            )
            name = str((pool.get("metadata") or {}).get("name"))
            if isinstance(ref, dict) and name in side.tenant_of_pool:
                found[str(ref.get("name"))] = side.tenant_of_pool[name]
        return found

    touched: set[str] = set()
    for objects, owners in (
        ((base.pools, head.pools), (base.tenant_of_pool, head.tenant_of_pool)),
        ((base.classes, head.classes), (class_owners(base), class_owners(head))),
    ):
        before, after = specs(objects[0]), specs(objects[1])
        for name in set(before) | set(after):
            if before.get(name) != after.get(name):
                touched |= {owners[1].get(name, ""), owners[0].get(name, "")}
    for namespace in set(base.tenant_of_namespace) | set(head.tenant_of_namespace):
        if base.tenant_of_namespace.get(namespace) != head.tenant_of_namespace.get(namespace):
            touched |= {base.tenant_of_namespace.get(namespace, ""), head.tenant_of_namespace.get(namespace, "")}
    known = set(base.tenant_of_namespace.values()) | set(base.tenant_of_pool.values())
    new = (set(head.tenant_of_namespace.values()) | set(head.tenant_of_pool.values())) - known
    touched -= {""}
    return touched | new, new


def _claims(result: TenantResult) -> str:
    if not result.node_claims:
        return "no new node"
    counts = Counter(f"{c['instanceType']} {c['capacityType']}" for c in result.node_claims)
    return (
        f"{len(result.node_claims)} new node(s) ("
        + ", ".join(f"{n}× {text(what)}" for what, n in sorted(counts.items()))
        + ")"
    )


def _summary(result: TenantResult) -> str:
    return (
        f"{result.scheduled} scheduled, {len(result.pending)} pending, {_claims(result)}, "
        f"${result.price_per_hour:.2f}/h"
    )


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
        said.append(
            f"{text(command['method'])}: {verb} {len(nodes)} node(s) {what}{more}{into} "
            f"({pods} pod(s) move), saves ${command['savingsPerHour']:.2f}/h"
        )
    return "; ".join(said)


def _selected_groups(pod: Pod) -> set[str]:
    """The node groups a pod's nodeSelector or required node affinity pins it to (eks.amazonaws.com/nodegroup)."""
    spec = pod.obj.get("spec") or {}
    groups = set()
    selector = spec.get("nodeSelector") or {}
    if isinstance(selector.get(NODE_GROUP_LABEL), str):
        groups.add(selector[NODE_GROUP_LABEL])
    affinity = ((spec.get("affinity") or {}).get("nodeAffinity") or {}).get(
        "requiredDuringSchedulingIgnoredDuringExecution"
    ) or {}
    for term in affinity.get("nodeSelectorTerms") or []:
        for requirement in (term or {}).get("matchExpressions") or []:
            if (requirement or {}).get("key") == NODE_GROUP_LABEL and requirement.get("operator") == "In":
                groups.update(v for v in requirement.get("values") or [] if isinstance(v, str))
    return groups


def _sentence(reason: Reason, simulated: Simulated, tenant: str) -> str:
    """The reviewer's sentence for a pod's own reason: its tenant's limits when the decisive message of its own pool
    says they are used up (never another tenant's), else the reason itself."""
    from karpenter_tenants.simulation.reasons import pools_of

    if reason.decisive and is_limit(reason.decisive):
        pools = sorted(
            {pool for message in reason.own if is_limit(message) for pool in pools_of(message, simulated.head_side)}
        )
        limits = (
            "; ".join(
                f"{pool}: " + ", ".join(f"{k} {v}" for k, v in sorted(_limits(simulated, pool).items()))
                for pool in pools
            )
            or "its pools' limits"
        )
        return f"tenant {text(tenant)}'s limits are used up ({text(limits)})"
    return text(reason.text, REASON_MOST)


def _why(pods: list[Pod], simulated: Simulated, tenant: str, reasons: Reasons) -> str:
    """Why these pods of one workload schedule at base and not at head, in the reviewer's words."""
    removed = simulated.base_side.node_groups - simulated.head_side.node_groups
    pinned = set().union(*(_selected_groups(p) for p in pods)) & removed
    count = f"{len(pods)} pod(s)" + (f" of {tenant}" if tenant else "")
    if pinned:
        group = sorted(pinned)[0]
        return (
            f"{count} become Pending: they select `{NODE_GROUP_LABEL}={text(group)}`, which this PR removes; "
            f"select the tenant's nodes instead (nodeSelector and toleration of its pool)"
        )
    reason = reasons.of("head", pods[0].key)
    sentence = _sentence(reason, simulated, tenant)
    if sentence.startswith(f"tenant {text(tenant)}'s limits"):
        return f"{sentence}: {count} pending"
    return f"{count} become Pending: {sentence}"


def _limits(simulated: Simulated, pool: str) -> dict[str, str]:
    for obj in simulated.head_side.pools:
        if (obj.get("metadata") or {}).get("name") == pool:
            limits = (obj.get("spec") or {}).get("limits") or {}
            return {str(k): str(v) for k, v in limits.items()} if isinstance(limits, dict) else {}
    return {}


def changes(simulated: Simulated) -> list[Change]:
    """A destructive change per workload whose pods schedule at base and go Pending at head; an unschedulable one per
    workload of a tenant the pull request touches whose pods run at neither (new at head, or pending at base too)."""
    reasons = Reasons(simulated)
    owners = simulated.owners
    touched, new = touched_tenants(simulated)
    lost: dict[str, list[Pod]] = {}
    stuck: dict[str, list[Pod]] = {}
    for pod in simulated.workloads.pods:
        if simulated.head.placement.get(pod.key) is not None:
            continue
        if simulated.base.placement.get(pod.key) is not None:
            lost.setdefault(pod.workload, []).append(pod)
        elif owners.get(pod.namespace, "") in touched:
            stuck.setdefault(pod.workload, []).append(pod)
    found = []
    for workload, pods in sorted(lost.items()):
        namespace, kind, name = workload.split("/", 2)
        tenant = owners.get(namespace, "")
        why = _why(pods, simulated, tenant, reasons)
        said = text(reasons.of("head", pods[0].key).text, REASON_MOST)
        found.append(
            Change(
                cluster=simulated.cluster,
                group=f"tenant {tenant}" if tenant else "pods of no tenant",
                kind=kind,
                name=f"{namespace}/{name}",
                action="goes Pending",
                effect=DESTRUCTIVE,
                why=why,
                notes=[] if why.endswith(said) else [f"Karpenter: {said}"],  # the reason, when the sentence is not it
            )
        )
    for workload, pods in sorted(stuck.items()):
        namespace, kind, name = workload.split("/", 2)
        tenant = owners.get(namespace, "")
        reason = reasons.of("head", pods[0].key)
        named = first_few([text(p.key) for p in pods], MOST_NAMED)
        where = (
            f"tenant {text(tenant)}, new in this pull request"
            if tenant in new
            else f"tenant {text(tenant)}, which this pull request changes"
        )
        sentence = _sentence(reason, simulated, tenant)
        said = text(reason.text, REASON_MOST)
        found.append(
            Change(
                cluster=simulated.cluster,
                group=f"tenant {tenant}",
                kind=kind,
                name=f"{namespace}/{name}",
                action="cannot run",
                effect=UNSCHEDULABLE,
                why=f"{len(pods)} pod(s) of {where}, can run at neither revision ({named}): {sentence}",
                notes=[] if sentence == said else [f"Karpenter: {said}"],
            )
        )
    return found


def _shape(result: TenantResult) -> Any:
    """What a customer's answer is, its reasons' words aside."""
    return (
        result.scheduled,
        sorted(str(p.get("pod")) for p in result.pending),
        result.node_claims,
        result.consolidation,
    )


def _pending_lines(base: TenantResult, head: TenantResult, reasons: Reasons) -> list[str]:
    """A customer's pods pending at head, each named (up to MOST_NAMED per reason, MOST_REASONS reasons) with its
    own reason; those pending at base too are said as still pending."""
    before = {entry["pod"] for entry in base.pending}
    groups: dict[tuple[bool, str], list[str]] = {}
    for entry in head.pending:
        key = str(entry["pod"])
        groups.setdefault((key not in before, reasons.of("head", key).text), []).append(key)
    ordered = sorted(groups.items(), key=lambda item: (not item[0][0], -len(item[1]), item[0][1]))
    lines = []
    for (newly, reason), pods in ordered[:MOST_REASONS]:
        names = first_few([text(p) for p in sorted(pods)], MOST_NAMED)
        lines.append(
            f"  - {len(pods)} pod(s) {'newly pending' if newly else 'still pending'} ({names}): "
            f"{text(reason, REASON_MOST)}"
        )
    rest = ordered[MOST_REASONS:]
    if rest:
        lines.append(
            f"  - and {sum(len(pods) for _, pods in rest)} pod(s) more pending, for {len(rest)} other reason(s)"
        )
    return lines


def input_line(simulated: Simulated) -> str:
    """What the reader left out or took as it could, said once ("" when nothing)."""
    notes = simulated.workloads.notes
    said = []
    if notes.without_requests:
        said.append(
            f"{len(notes.without_requests)} workload(s) request no cpu or memory, simulated as pods of no size "
            f"({first_few([text(w) for w in notes.without_requests])})"
        )
    if notes.owner_missing:
        said.append(
            f"{len(notes.owner_missing)} object(s) whose owner the file does not hold (or of a kind not "
            "simulated), simulated as they are ("
            + first_few([f"{text(o)}: {text(w)}" for o, w in notes.owner_missing])
            + ")"
        )
    if notes.with_their_controller:
        said.append(
            f"{notes.with_their_controller} pod(s) of ReplicaSets (Jobs) the file does not list counted once, "
            "with the Deployment (CronJob) it lists"
        )
    if notes.not_run:
        by_why: dict[str, list[tuple[str, int]]] = {}
        for workload, why, pods in notes.not_run:
            by_why.setdefault(why, []).append((workload, pods))
        order = [FINISHED, SUSPENDED, TERMINATING, GATED]
        parts = [
            f"{sum(n for _, n in listed)} pod(s) {text(why)} ({first_few([text(w) for w, _ in listed])})"
            for why, listed in sorted(
                by_why.items(), key=lambda item: (order.index(item[0]) if item[0] in order else len(order), item[0])
            )
        ]
        said.append("left out, as Karpenter provisions for none of them: " + ", ".join(parts))
    if notes.cycles:
        said.append(
            f"ownerReferences that form a cycle: {first_few([text(c) for c in notes.cycles])} counted as "
            "workloads of their own"
        )
    if simulated.nodes_without_allocatable:
        said.append(
            f"{len(simulated.nodes_without_allocatable)} node(s) without status.allocatable left out "
            f"({first_few([text(n) for n in simulated.nodes_without_allocatable])})"
        )
    return ("Input: " + "; ".join(said) + ".") if said else ""


def scheduler_of(simulated: Simulated) -> dict[str, str]:
    """Which of the product's schedulers answered (one per Karpenter minor: simulation.binary.scheduler_for the head's
    karpenter.version): {"minor", "core", "cluster": the head's karpenter.version ("" when none), "note": why it is not
    the cluster's own minor, and that the base says another ("" when there is nothing to say)}."""
    from karpenter_tenants.simulation.binary import scheduler_for

    head, base = simulated.head_side.karpenter, simulated.base_side.karpenter
    chosen = scheduler_for(head)
    notes = [chosen.note] if chosen.note else []
    if base and base.strip() != head.strip() and scheduler_for(base).minor != chosen.minor:
        notes.append(
            f"the base revision runs Karpenter {base.strip()[:40]}: both revisions are asked of the head's "
            "scheduler (what changes is the pull request's doing, not the scheduler's)"
        )
    return {"minor": chosen.minor, "core": simulated.karpenter, "cluster": head, "note": "; ".join(notes)}


def node_class_lines(simulated: Simulated) -> list[str]:
    """What the instance types assume of each revision's node classes (simulation.node_classes)."""
    from karpenter_tenants.simulation.node_classes import assumptions

    return assumptions(simulated.base_side.classes, simulated.head_side.classes)


def markdown(simulated: Simulated) -> str:
    reasons = Reasons(simulated)
    lines = [
        f"### Will it run? Cluster {text(simulated.cluster)}: Karpenter {simulated.karpenter}'s scheduler on "
        f"{text(simulated.workloads.source)}",
        "",
        f"{len(simulated.workloads.pods)} pods, {len(simulated.workloads.daemonset_pods)} DaemonSets; prices: "
        f"{text(simulated.prices)}.",
        "",
    ]
    if note := scheduler_of(simulated)["note"]:  # the cluster's Karpenter has no scheduler of its own minor here
        lines += [f"Scheduler: {text(note, 700)}.", ""]
    said = [line for line in (input_line(simulated), *node_class_lines(simulated)) if line]
    for line in said:  # each its own paragraph
        lines += [line, ""]
    sides = (("base", simulated.base_side), ("head", simulated.head_side))
    old = [name for name, side in sides if not side.generation_supported]
    bare = [name for name, side in sides if side.generation_supported and not side.pools]
    if old:
        lines.append(
            f"- the {' and the '.join(old)} runs Karpenter 0.31 (Provisioners, which the 1.x scheduler does not "
            "read): its pods are placed on the existing nodes only"
        )
    if bare:
        lines.append(
            f"- {'the ' + ' and the '.join(bare)} {'has' if len(bare) == 1 else 'have'} no NodePool: pods are "
            "placed on the existing nodes only (Karpenter launches no node without one)"
        )
    from karpenter_tenants.simulation.placement import lines as placement_lines  # hook: the starting point, what moves

    lines += placement_lines(simulated)
    touched, _ = touched_tenants(simulated)
    unchanged: list[tuple[str, TenantResult]] = []
    for tenant in sorted(set(simulated.base.tenants) | set(simulated.head.tenants)):
        base = simulated.base.tenants.get(tenant, TenantResult())
        head = simulated.head.tenants.get(tenant, TenantResult())
        name = f"tenant {text(tenant)}" if tenant else "pods of no tenant"
        if _shape(base) == _shape(head):  # Karpenter's words may differ (a requirement more), the answer not
            if tenant in touched and head.pending:  # every pending pod of a customer the pull request touches
                lines.append(f"- **{name}**: unchanged: {_summary(head)}")
                lines += _pending_lines(base, head, reasons)
            else:
                unchanged.append((name, head))
            continue
        lines.append(f"- **{name}**: {_summary(base)} → {_summary(head)}")
        lines += _pending_lines(base, head, reasons)
        if base.consolidation != head.consolidation:
            lines.append(f"  - consolidation next: {_consolidation(base)} → {_consolidation(head)}")
    if len(unchanged) == 1:
        lines.append(f"- {unchanged[0][0]}: unchanged: {_summary(unchanged[0][1])}")
    elif unchanged:  # one line for all of them, not one each (42 lines on every pull request at 40 customers)
        names = [name.removeprefix("tenant ") for name, _ in unchanged if name.startswith("tenant ")]
        names += [name for name, _ in unchanged if not name.startswith("tenant ")]
        together = TenantResult(
            sum(result.scheduled for _, result in unchanged),
            [p for _, result in unchanged for p in result.pending],
            [c for _, result in unchanged for c in result.node_claims],
        )
        lines.append(
            f"- unchanged for {len(unchanged)} customers ({first_few(names, 10)}): {_summary(together)} in all"
        )
    for pool in simulated.head.dropped_pools:
        lines.append(f"- NodePool {text(pool.get('nodePool'))} not considered: {text(pool.get('reason'))}")
    return "\n".join(lines) + "\n"
