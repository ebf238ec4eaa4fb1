"""Changes said once for many tenants: an onboarding pull request of 20 customers whose objects come alike (the same
kinds, the same notes: a NodePool, its EC2NodeClass and applier each, the same disruption) is one block naming the
tenants, not 20 blocks of the same lines; each kind's line counts the objects it stands for (Change.count), so the
summary's numbers are the objects'. Tenants that differ in anything keep their own blocks.

The same for what repeats per tenant or per node group in a change of 40 customers: one AMI roll (the same field
change in every tenant's node class) is one block naming the tenants (node_classes_changed_alike), and the node
groups a pull request removes while the nodes file shows nodes of them (commands/plan's `still has nodes`, one
destructive finding per group) one line naming them (node_groups_still_running_in_one_line).

Registered in review/registry.py GROUPINGS. Imports the change model (objects.changes), config and review.autoscaler (its label) only."""

from __future__ import annotations

import re

from karpenter_tenants.config.listing import first_few
from karpenter_tenants.config.versions import NODE_CLASS_KIND
from karpenter_tenants.objects.changes import DESTRUCTIVE, Change
from karpenter_tenants.review.autoscaler import NODE_GROUP_LABEL

AT_LEAST = 3  # tenants alike before they are said as one


def _named(text: str, tenant: str) -> str:
    return re.sub(rf"(?<![A-Za-z0-9]){re.escape(tenant)}(?![A-Za-z0-9])", "<tenant>", text)


def added_tenants_in_one_block(changes: list[Change]) -> list[Change]:
    by_tenant: dict[tuple[str, str], list[Change]] = {}
    for change in changes:
        if change.group.startswith("tenant ") and change.group != "tenant isolation":
            by_tenant.setdefault((change.cluster, change.group.removeprefix("tenant ")), []).append(change)
    alike: dict[tuple[object, ...], list[tuple[str, list[Change]]]] = {}
    for (cluster, tenant), own in by_tenant.items():
        if any(c.action != "added" or c.fields or c.count != 1 for c in own):
            continue
        shape = (
            cluster,
            *sorted(
                (
                    c.kind,
                    _named(c.name, tenant),
                    c.effect,
                    _named(c.why, tenant),
                    tuple(_named(n, tenant) for n in c.notes),
                )
                for c in own
            ),
        )
        alike.setdefault(shape, []).append((tenant, own))
    grouped: set[int] = set()
    said: list[Change] = []
    for members in alike.values():
        if len(members) < AT_LEAST:
            continue
        tenants = sorted(tenant for tenant, _ in members)
        shown = first_few(tenants, 10)
        first_tenant, first = members[0]
        for change in first:
            said.append(
                Change(
                    change.cluster,
                    f"{len(tenants)} tenants added alike: {shown}",
                    change.kind,
                    _named(change.name, first_tenant),
                    "added",
                    change.effect,
                    _named(change.why, first_tenant),
                    notes=[_named(n, first_tenant) for n in change.notes],
                    count=len(tenants),
                )
            )
        grouped |= {id(c) for _, own in members for c in own}
    return [c for c in changes if id(c) not in grouped] + said


NODE_CLASS_KINDS = frozenset(NODE_CLASS_KIND.values())
# review/nodes.py's line per node pool of a drift (`plan --nodes`): how many of the pool's nodes it replaces, or none
_NODES_LINE = re.compile(
    r"nodes \((?P<source>.*?)\): (?:replaces (?P<replaced>\d+) of \S+'s (?P<total>\d+)(?:[:;] .*)?"
    r"|none of \S+'s \(no node labelled \S+\))"
)


def node_classes_changed_alike(changes: list[Change]) -> list[Change]:
    """The same change of AT_LEAST or more tenants' node classes (an AMI roll: spec.amiSelectorTerms alike in 41
    tenants' EC2NodeClasses) as one change naming the tenants, not a block each; its count is the objects'. Each
    tenant's line of the nodes it replaces (`--nodes`) is summed into one."""
    alike: dict[tuple[object, ...], list[tuple[str, Change, list[tuple[str, int, int]]]]] = {}
    for change in changes:
        if (
            change.kind not in NODE_CLASS_KINDS
            or change.action != "changed"
            or change.count != 1
            or not change.fields
            or not change.group.startswith("tenant ")
        ):
            continue
        tenant = change.group.removeprefix("tenant ")
        nodes = [
            (m["source"], int(m["replaced"] or 0), int(m["total"] or 0))
            for m in (_NODES_LINE.fullmatch(n) for n in change.notes)
            if m
        ]
        kept = [n for n in change.notes if not _NODES_LINE.fullmatch(n)]
        shape = (
            change.cluster,
            change.kind,
            change.effect,
            _named(change.name, tenant),
            _named(change.why, tenant),
            tuple((f.path, repr(f.old), repr(f.new)) for f in change.fields),
            tuple(_named(n, tenant) for n in kept),
            frozenset(source for source, _, _ in nodes),
        )
        alike.setdefault(shape, []).append((tenant, change, nodes))
    grouped: set[int] = set()
    said: list[Change] = []
    for members in alike.values():
        if len(members) < AT_LEAST:
            continue
        tenants = sorted(tenant for tenant, _, _ in members)
        first_tenant, first, _ = members[0]
        notes = [_named(n, first_tenant) for n in first.notes if not _NODES_LINE.fullmatch(n)]
        counted = [each for _, _, nodes in members for each in nodes]
        if counted:
            replaced, total = sum(r for _, r, _ in counted), sum(t for _, _, t in counted)
            notes.append(
                f"nodes ({counted[0][0]}): replaces {replaced} of the {total} nodes of these "
                f"{len(tenants)} tenants' pools"
            )
        said.append(
            Change(
                first.cluster,
                f"{len(tenants)} tenants changed alike: {first_few(tenants, 10)}",
                first.kind,
                _named(first.name, first_tenant),
                "changed",
                first.effect,
                _named(first.why, first_tenant),
                list(first.fields),
                notes,
                count=len(tenants),
            )
        )
        grouped |= {id(change) for _, change, _ in members}
    return [c for c in changes if id(c) not in grouped] + said


STILL_HAS_NODES = "still has nodes"  # commands/plan's finding: a node group leaves the move while nodes of it remain
_HOLDING = re.compile(r"while (?P<source>.+?) shows (?P<count>\d+) node\(s\) labelled")


def node_groups_still_running_in_one_line(changes: list[Change]) -> list[Change]:
    """Two or more node groups of a cluster that leave clusterAutoscaler.nodeGroups while the nodes file shows nodes
    of them (one destructive `still has nodes` per group: 26 alike blocks for 26 groups) as one destructive change
    naming the groups (the first ten, and how many more) and their tenants; its count is the groups'."""
    found: dict[str, list[Change]] = {}
    for change in changes:
        if change.kind == "NodeGroup" and change.action == STILL_HAS_NODES and change.count == 1:
            found.setdefault(change.cluster, []).append(change)
    grouped: set[int] = set()
    said: list[Change] = []
    for cluster, each in found.items():
        if len(each) < 2:
            continue
        each = sorted(each, key=lambda c: c.name)
        named = [f"{c.name} ({c.group})" if c.group.startswith("tenant ") else c.name for c in each]
        holding = [_HOLDING.search(c.why) for c in each]
        sources = {m["source"] for m in holding if m}
        shows = (
            f"{sources.pop()} shows {sum(int(m['count']) for m in holding if m)} node(s) of them"
            if all(holding) and len(sources) == 1
            else "the nodes file shows nodes of each"
        )
        said.append(
            Change(
                cluster,
                "node groups leaving clusterAutoscaler",
                "NodeGroup",
                f"* ({len(each)} node groups)",
                STILL_HAS_NODES,
                DESTRUCTIVE,
                f"{len(each)} node groups leave clusterAutoscaler.nodeGroups while {shows}: {first_few(named, 10)}; their "
                f"pods lose their nodes when the groups are deleted: drain each onto its tenant's pool first "
                f"(`kubectl drain -l {NODE_GROUP_LABEL}=<group>`), then merge",
                count=len(each),
            )
        )
        grouped |= {id(c) for c in each}
    return [c for c in changes if id(c) not in grouped] + said
