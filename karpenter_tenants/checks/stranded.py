"""preflight's second question: which workloads select or require a node label no node will carry after the move,
so their pods go Pending once the nodes that carry it are gone: `eks.amazonaws.com/nodegroup` of a group listed
under clusterAutoscaler.nodeGroups whose customer is a tenant (its nodes are drained onto the tenant's pool), and
`node.kubernetes.io/instance-type` values none of which the tenant's pools allow (from Karpenter's catalogue, when
the reference data has it). Each with the selector to write instead.

Owns: stranded selectors. Must not import: review/, commands/."""

from __future__ import annotations

from typing import Any

from karpenter_tenants.config.listing import code
from karpenter_tenants.objects.node_labels import INSTANCE_TYPE_LABEL, NODE_GROUP_LABEL, required_values


def stranded(
    spec: dict[str, Any],
    tenant: str | None,
    moving: dict[str, str],
    tenants: set[str],
    label_key: str,
    allowed_types: set[str] | None,
) -> list[str]:
    """One line per pin no node will satisfy after the move, with its fix. moving: node group → the tenant taking it
    over; tenant: the tenant whose namespace the workload is in (None: none); allowed_types: the instance types the
    tenant's pools allow (None: not known)."""
    lines = []
    instead = (
        f"`{label_key}: {tenant}` (and tolerate `{label_key}={tenant}:NoSchedule`)"
        if tenant
        else "the label of the pool it should run on"
    )
    for where, groups in required_values(spec, NODE_GROUP_LABEL):
        going = sorted(g for g in groups if g in moving and moving[g] in tenants)
        if going and len(going) == len(groups) and len(going) == 1:
            group = going[0]  # a group clusterAutoscaler.nodeGroups lists (a name the config checked)
            lines.append(
                f"its {where} selects `{NODE_GROUP_LABEL}={group}`, which no node carries once node group "
                f"{group} has moved to tenant {moving[group]}'s pool: its pods go Pending; fix: replace that "
                f"selector with {instead}"
            )
        elif going and len(going) == len(groups):  # every group it may run on moves: name them all
            lines.append(
                f"its {where} selects `{NODE_GROUP_LABEL}` in {going}, which no node carries once node groups "
                f"{', '.join(going)} have moved to tenant{'s' if len({moving[g] for g in going}) > 1 else ''} "
                f"{', '.join(sorted({moving[g] for g in going}))}'s pool: its pods go Pending; fix: replace "
                f"that selector with {instead}"
            )
    if allowed_types is not None:
        for where, types in required_values(spec, INSTANCE_TYPE_LABEL):
            if types and not types & allowed_types:
                lines.append(
                    f"its {where} requires `{INSTANCE_TYPE_LABEL}` in {code(sorted(types))}, which tenant {tenant}'s "
                    "pools never launch: its pods go Pending; fix: replace that selector with a type the "
                    f"pools allow (`capacity` lists them) or {instead}"
                )
    return lines
