"""One revision's question to Karpenter's scheduler and its answer per customer: the revision's NodePools and
EC2NodeClasses as synthesized (dist/ files), the nodes that exist (`--nodes`, less those of node groups the revision
removes from clusterAutoscaler.nodeGroups), the workloads' pods; answered with what schedules on existing nodes,
the NodeClaims that would launch (pool, instance-type options, the offering Karpenter would pick, $/h), the pods
left pending with Karpenter's own reason, and what Karpenter's consolidation would do next with the pods placed
(the nodes it would remove or replace, and the $/h saved).

Owns: a revision's request and its per-tenant result (the `--format json` contract's R). Must not import: commands/."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import yaml

from karpenter_tenants.config.versions import Generation, generation_of
from karpenter_tenants.review.autoscaler import NODE_GROUP_LABEL
from karpenter_tenants.simulation.workloads import Pod, Workloads

NODE_POOL, NODE_CLASS = ("karpenter.sh/v1", "NodePool"), ("karpenter.k8s.aws/v1", "EC2NodeClass")


@dataclass(frozen=True)
class Side:
    """What one revision says of a cluster: its pools and node classes (parsed dist/ objects), which tenant each
    pool and each namespace belongs to, and the node groups it lists under clusterAutoscaler.nodeGroups."""

    pools: list[dict[str, Any]]
    classes: list[dict[str, Any]]
    tenant_of_pool: dict[str, str]
    tenant_of_namespace: dict[str, str]
    node_groups: set[str]
    # False: a 0.31 cluster (karpenter.version 0.31.x, or Provisioners in dist/ when the file does not say), which
    # the scheduler of 1.x does not read. A 1.x cluster without any NodePool yet is supported: its pods are placed
    # on the nodes that exist.
    generation_supported: bool = True
    karpenter: str = ""  # the revision's karpenter.version, as its cluster file says it ("" when it says none)


def side_of(files: dict[str, str], key: str, cluster: dict[str, Any] | None) -> Side:
    """files: dist/'s files at the revision (path relative to dist/ → text); cluster: the revision's cluster file as
    plain data (None: it has none)."""
    pools, classes, tenant_of_pool = [], [], {}
    provisioners = False
    prefix = f"{key}/tenants/"
    for path in sorted(p for p in files if p.startswith(prefix) and p.endswith(".yaml")):
        if not path.rsplit("/", 1)[-1].startswith(("nodepool-", "ec2nodeclass-", "provisioner-")):
            continue
        try:
            obj = yaml.load(files[path], Loader=yaml.CSafeLoader)
        except yaml.YAMLError:
            continue  # validate reports it; the scheduler is given what parses
        if not isinstance(obj, dict):
            continue
        identity = (obj.get("apiVersion"), obj.get("kind"))
        tenant = path[len(prefix) :].split("/", 1)[0]
        if identity == NODE_POOL:
            pools.append(obj)
            tenant_of_pool[str((obj.get("metadata") or {}).get("name"))] = tenant
        elif identity == NODE_CLASS:
            classes.append(obj)
        elif obj.get("kind") == "Provisioner":
            provisioners = True
    tenant_of_namespace: dict[str, str] = {}
    groups: set[str] = set()
    if isinstance(cluster, dict):
        for tenant in cluster.get("tenants") or []:
            if isinstance(tenant, dict) and isinstance(tenant.get("name"), str):
                for namespace in tenant.get("namespaces") or []:
                    if isinstance(namespace, str):
                        tenant_of_namespace.setdefault(namespace, tenant["name"])
        moving = cluster.get("clusterAutoscaler")
        for group in (moving.get("nodeGroups") if isinstance(moving, dict) else None) or []:
            if isinstance(group, dict) and isinstance(group.get("name"), str):
                groups.add(group["name"])
    version = (cluster.get("karpenter") if isinstance(cluster, dict) else None) or {}
    version = version.get("version") if isinstance(version, dict) else None
    generation = generation_of(version)
    supported = generation is Generation.V1 if generation is not None else not provisioners or bool(pools)
    return Side(
        pools,
        classes,
        tenant_of_pool,
        tenant_of_namespace,
        groups,
        supported,
        version if isinstance(version, str) else "",
    )


def nodes_at(nodes: list[dict[str, Any]], removed_groups: set[str]) -> list[dict[str, Any]]:
    """The nodes that exist at a revision: those of a node group it removes are gone."""
    return [
        n for n in nodes if ((n.get("metadata") or {}).get("labels") or {}).get(NODE_GROUP_LABEL) not in removed_groups
    ]


def changed_pools(base: Side, head: Side) -> list[str]:
    """The NodePools a pull request adds or changes (by name): those whose consolidation is asked at both revisions."""

    def by_name(side: Side) -> dict[str, str]:
        return {
            str((pool.get("metadata") or {}).get("name")): json.dumps(pool.get("spec"), sort_keys=True, default=str)
            for pool in side.pools
        }

    before, after = by_name(base), by_name(head)
    return sorted(name for name, spec in after.items() if before.get(name) != spec)


def request(
    side: Side,
    nodes: list[dict[str, Any]],
    workloads: Workloads,
    instance_types: list[dict[str, Any]],
    consolidate: list[str] | tuple[str, ...] = (),
    running: dict[str, str] | None = None,
) -> dict[str, Any]:
    """consolidate: the NodePools whose nodes Karpenter's consolidation is asked about (none: it is not asked);
    running: pod key → the node of `nodes` it runs on (simulation.placement), where the scheduler binds it before
    scheduling the others."""
    return {
        "nodePools": side.pools,
        "nodeClasses": side.classes,
        "instanceTypes": instance_types,
        "nodes": nodes,
        **_pods(workloads, running or {}),
        "daemonSets": [pod.obj for pod in workloads.daemonset_pods],
        # what Karpenter's consolidation would do next to these pools' nodes, with the pods placed (scheduler/disruption.go)
        **({"disruption": list(consolidate)} if consolidate else {}),
    }


def _pods(workloads: Workloads, running: dict[str, str]) -> dict[str, list[dict[str, Any]]]:
    """The pods as the question sends them: a bare pod whole, a controller's replica as {"template": I, "name": N,
    "nodeName"?: X} of its template in podTemplates, sent once whatever the replicas (scheduler/input.go pods)."""
    templates: list[dict[str, Any]] = []
    index: dict[int, int] = {}
    items: list[dict[str, Any]] = []
    for pod in workloads.pods:
        node = running.get(pod.key)
        if pod.template is None:
            items.append(_bound(pod.obj, node))
            continue
        at = index.setdefault(id(pod.template), len(templates))
        if at == len(templates):
            templates.append(pod.template)
        items.append({"template": at, "name": pod.name, **({"nodeName": node} if node is not None else {})})
    return {"pods": items, **({"podTemplates": templates} if templates else {})}


def _bound(obj: dict[str, Any], node: str | None) -> dict[str, Any]:
    """The pod as the scheduler is given it: bound to node (spec.nodeName), or pending (none)."""
    spec = obj.get("spec") if isinstance(obj.get("spec"), dict) else {}
    if node is None and "nodeName" not in spec:
        return obj
    spec = {key: value for key, value in spec.items() if key != "nodeName"}
    return {**obj, "spec": {**spec, "nodeName": node} if node is not None else spec}


@dataclass
class TenantResult:
    scheduled: int = 0
    pending: list[dict[str, str]] = field(default_factory=list)
    node_claims: list[dict[str, Any]] = field(default_factory=list)
    # what Karpenter's consolidation would do next to this tenant's nodes: one entry per command of the method the
    # disruption controller acts with (its nodes and replacements of this tenant's pools, the $/h they save)
    consolidation: list[dict[str, Any]] = field(default_factory=list)

    @property
    def price_per_hour(self) -> float:
        return round(sum(claim.get("pricePerHour") or 0.0 for claim in self.node_claims), 4)

    def as_json(self) -> dict[str, Any]:
        return {
            "scheduled": self.scheduled,
            "pending": self.pending,
            "nodeClaims": self.node_claims,
            "pricePerHour": self.price_per_hour,
            "consolidation": self.consolidation,
        }


@dataclass
class Result:
    """A revision's answer: per tenant ("" for pods of no tenant), and where each pod went (pod key → a node, a
    NodeClaim's pool, or None: pending)."""

    tenants: dict[str, TenantResult]
    placement: dict[str, str | None]
    reasons: dict[str, str]
    dropped_pools: list[dict[str, str]]
    # the starting point (simulation.placement.describe): "today" or "empty", the pods that run where they are, the
    # nodes the revision does not have and where their pods go; {} when not said
    start: dict[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        return {
            "tenants": {name: self.tenants[name].as_json() for name in sorted(self.tenants)},
            "droppedNodePools": self.dropped_pools,
            **({"placement": self.start} if self.start else {}),
        }


def result_of(
    answer: dict[str, Any], side: Side, workloads: Workloads, tenant_of_namespace: dict[str, str] | None = None
) -> Result:
    """tenant_of_namespace: whose pods are whose (default the side's own; simulation.run gives both revisions the
    same, so that a namespace a pull request onboards is the same customer's at base and at head)."""
    pods = {pod.key: pod for pod in workloads.pods}
    tenants: dict[str, TenantResult] = {}
    owners = side.tenant_of_namespace if tenant_of_namespace is None else tenant_of_namespace

    def tenant_of(pod: Pod) -> TenantResult:
        return tenants.setdefault(owners.get(pod.namespace, ""), TenantResult())

    placement: dict[str, str | None] = {}
    reasons: dict[str, str] = {}
    for node in [*(answer.get("bound") or []), *(answer.get("existingNodes") or [])]:  # running there, or placed there
        for key in node.get("pods") or []:
            if key in pods:
                placement[key] = f"node {node.get('node')}"
                tenant_of(pods[key]).scheduled += 1
    for claim in answer.get("nodeClaims") or []:
        pool = str(claim.get("nodePool"))
        claim_pods = [key for key in claim.get("pods") or [] if key in pods]
        for key in claim_pods:
            placement[key] = f"new node of {pool}"
            tenant_of(pods[key]).scheduled += 1
        owner = tenants.setdefault(side.tenant_of_pool.get(pool, ""), TenantResult())
        owner.node_claims.append(
            {
                "nodePool": pool,
                "instanceType": claim.get("instanceType"),
                "capacityType": claim.get("capacityType"),
                "zone": claim.get("zone"),
                "pricePerHour": claim.get("pricePerHour"),
                "instanceTypeOptions": claim.get("instanceTypeOptions"),
                "pods": len(claim_pods),
            }
        )
    for entry in answer.get("pending") or []:
        key = entry.get("pod")
        if key in pods:
            placement[key] = None
            reasons[key] = str(entry.get("reason") or "")
            tenant_of(pods[key]).pending.append({"pod": key, "workload": pods[key].workload, "reason": reasons[key]})
    for key, pod in pods.items():  # the scheduler answers for every pod it was given; one it did not: pending
        if key not in placement:
            placement[key] = None
            reasons[key] = "the scheduler gave no answer for it"
            tenant_of(pod).pending.append({"pod": key, "workload": pod.workload, "reason": reasons[key]})
    for command in answer.get("disruption") or []:
        _consolidation_of(command, side, tenants)
    for each in tenants.values():
        each.pending.sort(key=lambda p: p["pod"])
        each.node_claims.sort(key=lambda c: (c["nodePool"], str(c["instanceType"]), str(c["zone"])))
    return Result(tenants, placement, reasons, list(answer.get("droppedNodePools") or []))


def _consolidation_of(command: dict[str, Any], side: Side, tenants: dict[str, TenantResult]) -> None:
    """A disruption command's share of each tenant whose pools it touches: the tenant's nodes it removes, the
    replacements in the tenant's pools and what they save per hour."""
    nodes = [n for n in command.get("nodes") or [] if isinstance(n, dict)]
    replacements = [r for r in command.get("replacements") or [] if isinstance(r, dict)]
    for tenant in sorted({side.tenant_of_pool.get(str(x.get("nodePool")), "") for x in [*nodes, *replacements]}):
        own = [n for n in nodes if side.tenant_of_pool.get(str(n.get("nodePool")), "") == tenant]
        new = [r for r in replacements if side.tenant_of_pool.get(str(r.get("nodePool")), "") == tenant]
        saved = sum(float(n.get("pricePerHour") or 0) for n in own) - sum(
            float(r.get("pricePerHour") or 0) for r in new
        )
        tenants.setdefault(tenant, TenantResult()).consolidation.append(
            {
                "method": command.get("method"),
                "reason": command.get("reason"),
                "decision": command.get("decision"),
                "nodes": [
                    {
                        k: n.get(k)
                        for k in ("node", "nodePool", "instanceType", "capacityType", "zone", "pricePerHour", "pods")
                    }
                    for n in own
                ],
                "replacements": [
                    {k: r.get(k) for k in ("nodePool", "instanceType", "capacityType", "zone", "pricePerHour")}
                    for r in new
                ],
                "savingsPerHour": round(saved, 4),
            }
        )
