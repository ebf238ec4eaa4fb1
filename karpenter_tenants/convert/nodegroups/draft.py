"""The draft import-nodegroups writes, from the node-group records the readers made: the node groups grouped into
tenants (one tenant per group, or a tenant's pools where the groups' tenant label or taint names it), each tenant's
entry, the iam: that reuses their node roles, the notes every import needs, and the check by the config model that
synth would take it; Imported, what the command prints (the sections, then the report's lines and a summary).

Owns the grouping and the entries' shape. Imports config, convert.importer, the record and limits; not the readers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from karpenter_tenants.config.schema.karpenter import ControllerConfig
from karpenter_tenants.config.schema.tenant import POOL_KEYS
from karpenter_tenants.config.versions import Generation
from karpenter_tenants.convert.hcl_values import short
from karpenter_tenants.convert.importer import config_problems
from karpenter_tenants.convert.nodegroups.limits import limits
from karpenter_tenants.convert.nodegroups.record import TENANT_KEY, UNIQUE_SUFFIX, NodeGroup, NodeGroupsRefused, Report

# karpenter.controller.nodeGroup's default: the node group the controller runs on unless the cluster file says another.
CONTROLLER_NODE_GROUP: str = ControllerConfig.model_fields["node_group"].default
# POOL_KEYS: what a pool sets on its own; the rest is the tenant's one EC2NodeClass and isolation. A node group's entry
# has no weight, disruption (the tenant's, added after grouping) or replicas.
REQUIREMENT_ORDER = ("instanceTypes", "capacityTypes", "architectures", "operatingSystems")
# What a node group under cluster-autoscaler did, as the closest Karpenter disruption: no node replaced for its age,
# none replaced by a cheaper one, a node removed once nothing but DaemonSets runs on it, after cluster-autoscaler's
# --scale-down-unneeded-time default (10 minutes). Karpenter's own defaults (underutilized nodes consolidated after 1m,
# every node replaced after 720h) are what the team opts in to (`--disruption karpenter`).
NODE_GROUP_DISRUPTION = {"consolidationPolicy": "WhenEmpty", "consolidateAfter": "10m", "expireAfter": "Never"}


@dataclass
class Imported:
    tenants: list[dict[str, Any]]
    iam: dict[str, Any] | None
    report: Report
    cluster_autoscaler: dict[str, Any] | None = None

    @property
    def findings(self) -> bool:
        return bool(self.report.unresolved or self.report.unsupported)

    def text(self) -> str:
        from karpenter_tenants.convert.migrate import dump_config

        header = (
            "# Written by karpenter-tenants import-nodegroups: managed node groups as tenants for Karpenter 1.x "
            "(NodePool + EC2NodeClass):\n# paste tenants: into a cluster file on karpenter.version 1.x and merge iam: "
            "into its iam: section.\n"
            + (
                "# clusterAutoscaler: the groups cluster-autoscaler scales (their discovery tags): the move's first pull "
                "request\n# takes it and iam: with no tenant yet; each tenant comes once its group is ignored "
                "(docs/cluster-autoscaler.md).\n"
                if self.cluster_autoscaler
                else ""
            )
        )
        sections = {
            **({"clusterAutoscaler": self.cluster_autoscaler} if self.cluster_autoscaler else {}),
            "tenants": self.tenants,
            **({"iam": self.iam} if self.iam else {}),
        }
        return header + dump_config(sections)

    def lines(self, verbose: bool = False) -> list[str]:
        """What stderr says: what needs the user's hand first (unresolved values, settings without an equivalent),
        then the groups skipped and the notes; one line for what several node groups share unless verbose."""
        report = self.report
        count = len(self.tenants)
        summary = f"import-nodegroups: {count} tenant{'s' if count != 1 else ''} for Karpenter 1.x"
        if report.unresolved:
            summary += f", {len(report.unresolved)} value(s) not resolved without Terraform"
        if report.unsupported:
            summary += f", {len(report.unsupported)} setting(s) without a Karpenter equivalent"
        if report.skipped:
            summary += f"; {len(report.skipped)} node group(s) skipped (the controller's)"
        if self.findings:
            summary += " (listed above)"

        def said(kind: str) -> list[str]:
            return getattr(report, kind) if verbose else report.grouped(kind)

        return [
            *(f"unresolved: {line}" for line in said("unresolved")),
            *(f"unsupported: {line}" for line in said("unsupported")),
            *(f"skipped: {line}" for line in said("skipped")),
            *(f"note: {line}" for line in said("notes")),
            summary,
        ]


def draft(groups: list[NodeGroup], report: Report, disruption: str = "node-groups") -> Imported:
    """The tenants and iam: of the node groups (each named); NodeGroupsRefused when they cannot be grouped or the
    config model refuses the result. disruption: "node-groups" gives every tenant NODE_GROUP_DISRUPTION (what its
    nodes had), "karpenter" leaves Karpenter's defaults."""
    tenants = tenants_of(groups)
    for name, members in tenants.items():
        for member in members:
            member.dedicated = member.taint_owner is not None and member.taint_owner[0] == name
            if len(members) == 1 and member.name != name:
                member.report.note(member.where, f"tenant {name}, as its tenant label or taint names it")
                member.name = name
    built = [entry(members[0]) if len(members) == 1 else pooled(name, members) for name, members in tenants.items()]
    if disruption == "node-groups":
        built = [_with_disruption(tenant) for tenant in built]
        report.add(
            "notes",
            "every tenant",
            (
                "disruption as under cluster-autoscaler: nodes never expire (expireAfter: Never) and are not replaced by "
                "cheaper ones; a node goes once only DaemonSets run on it, after 10m (consolidationPolicy: WhenEmpty, "
                "consolidateAfter: 10m, cluster-autoscaler's scale-down-unneeded-time default). Karpenter's defaults "
                "(underutilized nodes consolidated after 1m, every node replaced after 720h) are opt-in: "
                "import-nodegroups --disruption karpenter, or a tenant's disruption: of your choosing"
            ),
        )
    else:
        report.add(
            "notes",
            "every tenant",
            (
                "disruption: Karpenter's defaults (--disruption karpenter): underutilized nodes are consolidated after "
                "1m and every node is replaced after 720h, which the node groups never did; long-running jobs (GPU "
                "training) want consolidationPolicy: WhenEmpty and expireAfter: Never"
            ),
        )
    firsts = [members[0] for members in tenants.values()]  # each tenant's first group: its role, its place
    iam = _iam(dict(zip(tenants, firsts, strict=True)))
    isolated = [name for name, first in zip(tenants, firsts, strict=True) if not first.dedicated]
    if isolated:
        report.add(
            "notes",
            "tenants " + ", ".join(isolated),
            (
                f"dedicated: false, as the node groups had no taint {TENANT_KEY}=<name>:NoSchedule: their nodes take any pod "
                "that tolerates the group's taints; set dedicated: true (and give the tenant's pods the toleration) to keep "
                "other pods off, and list the tenant's namespaces"
            ),
        )
    report.add(
        "notes",
        "every tenant",
        (
            "pods that select eks.amazonaws.com/nodegroup or eks.amazonaws.com/capacityType select the node group, not the "
            f"tenant: select {TENANT_KEY}: <tenant> (and karpenter.sh/capacity-type) instead; subnets and security groups "
            "not imported by id are the cluster's tagged karpenter.sh/discovery: <cluster> (tag the node groups' ones)"
        ),
    )
    problems = _model_problems(built, iam, firsts)
    if problems:
        raise NodeGroupsRefused(problems)
    return Imported(built, iam or None, report, _autoscaler(tenants))


def _autoscaler(tenants: dict[str, list[NodeGroup]]) -> dict[str, Any] | None:
    """clusterAutoscaler: every imported node group with its tenant and node role, when any carries
    cluster-autoscaler's discovery tags (it runs); each `ignored: false` until the team has cluster-autoscaler let go
    of it (the section's guard then refuses the tenant before that). None when no group is autoscaled."""
    groups = [(name, group) for name, members in tenants.items() for group in members]
    if not any(group.autoscaled for _, group in groups):
        return None
    return {
        "running": True,
        "nodeGroups": [
            {
                "name": group.eks_name or group.name,
                "tenant": name,
                **({"nodeRole": group.role.name} if group.role else {}),
            }
            for name, group in groups
        ],
    }


def tenant_groups(groups: list[NodeGroup], controller: str = CONTROLLER_NODE_GROUP) -> list[NodeGroup]:
    """The node groups that become tenants: all but the one the Karpenter controller runs on (named by
    karpenter.controller.nodeGroup, which the controller's affinity selects, or labelled karpenter.sh/controller:
    "true", which terraform-aws-eks' Karpenter example selects by), each skipped one reported with why. That group
    stays a managed node group: Karpenter must not run on the nodes it manages."""
    kept = []
    named = {controller, UNIQUE_SUFFIX.sub("", controller)}  # the module names EKS's group <name>-<unique suffix>
    for group in groups:
        if group.eks_name in named or group.name in named:
            why = f"karpenter.controller.nodeGroup is {controller}"
        elif group.controller_label is not None:
            why = f'it is labelled karpenter.sh/controller: "true" ({group.controller_label})'
        else:
            kept.append(group)
            continue
        report, at = group.report.report, f"{group.file}: {group.where}"
        for kind in ("notes", "unresolved", "unsupported"):  # what its reading found is moot
            setattr(report, kind, [line for line in getattr(report, kind) if not line.startswith((f"{at}.", f"{at}:"))])
        report.add(
            "skipped",
            at,
            (
                f"node group {group.eks_name or group.name} runs the Karpenter controller ({why}): not a tenant; it stays "
                "a managed node group, as the controller must not run on nodes Karpenter manages"
            ),
        )
    return kept


def owner(group: NodeGroup) -> str | None:
    """The tenant the group's tenant label (or taint) names; None without either. NodeGroupsRefused when the two
    name different tenants."""
    label, taint = group.label_owner, group.taint_owner
    if label is not None and taint is not None and label[0] != taint[0]:
        raise NodeGroupsRefused(
            [
                f"{group.file}: {group.where}: its tenant label ({label[1]}: {label[0]}) and tenant taint ({taint[1]}: "
                f"{TENANT_KEY}={taint[0]}:NoSchedule) name two tenants; a node group is one tenant's: make them the same"
            ]
        )
    found = label or taint
    return found[0] if found else None


def tenants_of(groups: list[NodeGroup]) -> dict[str, list[NodeGroup]]:
    """The node groups by tenant: those whose tenant label or taint names one tenant are its pools; any other is a
    tenant of its own, named after it. NodeGroupsRefused for two groups of one name or one pool name."""
    problems = []
    tenants: dict[str, list[NodeGroup]] = {}
    owners = {group: owner(group) for group in groups}
    for group in groups:
        tenants.setdefault(owners[group] or group.name, []).append(group)
    for name, members in tenants.items():
        unlabelled = [m for m in members if owners[m] is None]
        if unlabelled and len(members) > 1:
            first = unlabelled[0]
            other = next(m for m in members if m is not first)
            problems.append(
                f"{other.file}: {other.where}: a second node group for tenant {name!r} (the first: {first.file}: "
                f"{first.where}): import each node group once"
                if owners[other] is None
                else f"{first.file}: {first.where}: tenant {name!r} is named after this node group, and {other.file}: "
                f"{other.where} is tenant {name}'s by its tenant label or taint: give this group the label "
                f"{TENANT_KEY}: {name} too (it becomes one of {name}'s pools), or rename it"
            )
            continue
        seen: dict[str, NodeGroup] = {}
        for member in members:
            pool = pool_name(name, member.name)
            if pool in seen and len(members) > 1:
                problems.append(
                    f"{member.file}: {member.where}: pool {pool!r} of tenant {name} again (the first: {seen[pool].file}: "
                    f"{seen[pool].where}): each node group of a tenant is a pool named after it: rename one"
                )
            seen.setdefault(pool, member)
    if problems:
        raise NodeGroupsRefused(problems)
    return tenants


def pool_name(tenant: str, group: str) -> str:
    """A node group's pool name in its tenant: its own name, less a leading `<tenant>-` (NodePool `<tenant>-<pool>`)."""
    return group[len(tenant) + 1 :] if group.startswith(f"{tenant}-") and len(group) > len(tenant) + 1 else group


def entry(group: NodeGroup) -> dict[str, Any]:
    """The node group's tenant entry, its keys in the order docs/configuration.md lists them."""
    tenant: dict[str, Any] = {
        "name": group.name,
        **({"nodeRole": group.role.name} if group.role else {}),
        "dedicated": group.dedicated,
    }
    if group.requirements:
        tenant["requirements"] = {
            key: group.requirements[key] for key in REQUIREMENT_ORDER if key in group.requirements
        }
    found = limits(group)
    if found:
        tenant["limits"] = found
    for key in ("labels", "taints", "tags"):
        value = group.taints if key == "taints" else group.fields.get(key)
        if value:
            tenant[key] = value
    return {**tenant, **{k: v for k, v in group.fields.items() if k not in ("labels", "tags")}}


def pooled(name: str, members: list[NodeGroup]) -> dict[str, Any]:
    """Node groups of one tenant as its pools: requirements, limits, labels and taints are each pool's; the rest is
    the tenant's, and where a group differs from the first in it, that is reported on the group."""
    built = [(member, entry(member)) for member in members]
    first, tenant = built[0][0], {k: v for k, v in built[0][1].items() if k not in POOL_KEYS}
    tenant["name"] = name
    for member, item in built[1:]:
        for key in dict.fromkeys([*tenant, *item]):
            if key in (*POOL_KEYS, "name") or item.get(key) == tenant.get(key):
                continue
            member.report.unsupported(
                member.where,
                (
                    f"{key} {_shown(item.get(key))} differs from node group {first.where}'s {_shown(tenant.get(key))}, and tenant "
                    f"{name}'s pools share one EC2NodeClass and isolation: the tenant has {first.where}'s; set {key} "
                    f"yourself, or give this group a tenant label of its own"
                ),
            )
    tenant["pools"] = [
        {"name": pool_name(name, member.name), **{k: item[k] for k in POOL_KEYS if k in item}} for member, item in built
    ]
    return tenant


def _with_disruption(tenant: dict[str, Any]) -> dict[str, Any]:
    """The tenant with NODE_GROUP_DISRUPTION, after its limits (the keys in docs/configuration.md's order)."""
    keys = list(tenant)
    at = keys.index("limits") + 1 if "limits" in keys else len(keys)
    return {
        **{k: tenant[k] for k in keys[:at]},
        "disruption": dict(NODE_GROUP_DISRUPTION),
        **{k: tenant[k] for k in keys[at:]},
    }


def _shown(value: Any) -> str:
    return "unset (the default)" if value is None else short(repr(value))


def _iam(firsts: dict[str, NodeGroup]) -> dict[str, Any]:
    """iam: existing.roles (every node role the tenants reuse), existing.withAccessEntry (the same: a managed node
    group's role has its EKS access entry) and sharedNodeRoles (those two tenants share); a note
    on each tenant whose role Terraform creates with the node group, or that has none."""
    users: dict[str, list[NodeGroup]] = {}
    for name, first in firsts.items():
        if first.role is not None:
            users.setdefault(first.role.name, []).append(first)
            if first.role.owner is not None:
                first.report.note(
                    first.where,
                    (
                        f"node role {first.role.name} is created by {first.role.owner}: removing the node group from "
                        "Terraform deletes it, and the tenant's nodes lose their role: keep it (a `removed` block with "
                        "`lifecycle { destroy = false }`), or give the tenant a role of its own first"
                    ),
                )
        else:
            first.report.note(
                first.where,
                f"no nodeRole: terraform/ creates the tenant's default role (karpenter-node-<cluster>-{name})",
            )
    iam: dict[str, Any] = {}
    if users:
        existing = sorted({group[0].role.existing for group in users.values() if group[0].role})
        # a managed node group's role has the EKS access entry EKS made for it: terraform/ must not create another
        iam["existing"] = {"roles": existing, "withAccessEntry": sorted(users)}
        shared = sorted(name for name, group in users.items() if len(group) > 1)
        if shared:
            iam["sharedNodeRoles"] = shared
    return iam


def _model_problems(built: list[dict[str, Any]], iam: dict[str, Any], firsts: list[NodeGroup]) -> list[str]:
    """The tenants checked by the config model, so import-nodegroups never writes what synth rejects."""

    def where(index: int) -> str:
        return f"{firsts[index].file}: {firsts[index].where}"

    return config_problems(built, Generation.V1, where, {"iam": iam} if iam else {})
