"""Changes said once for many tenants: an onboarding pull request of 20 customers whose objects come alike (the same
kinds, the same notes: a NodePool, its EC2NodeClass and applier each, the same disruption) is one block naming the
tenants, not 20 blocks of the same lines; each kind's line counts the objects it stands for (Change.count), so the
summary's numbers are the objects'. Tenants that differ in anything keep their own blocks.

Registered in review/registry.py GROUPINGS. Imports the change model only."""

from __future__ import annotations

import re

from karpenter_tenants.config.listing import first_few
from karpenter_tenants.review.changes import Change

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
        shape = (cluster, *sorted((c.kind, _named(c.name, tenant), c.effect, _named(c.why, tenant),
                                   tuple(_named(n, tenant) for n in c.notes)) for c in own))
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
            said.append(Change(change.cluster, f"{len(tenants)} tenants added alike: {shown}", change.kind,
                               _named(change.name, first_tenant), "added", change.effect, _named(change.why, first_tenant),
                               notes=[_named(n, first_tenant) for n in change.notes], count=len(tenants)))
        grouped |= {id(c) for _, own in members for c in own}
    return [c for c in changes if id(c) not in grouped] + said
