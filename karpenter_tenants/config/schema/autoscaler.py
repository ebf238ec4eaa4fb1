"""The `clusterAutoscaler` section: moving node groups from cluster-autoscaler to Karpenter.

Part of the cluster config schema (config.schema); imports config only."""

from __future__ import annotations

import re

from pydantic import Field, field_validator

from karpenter_tenants.config.schema.base import Flag, IamRoleName, Model, Name, shown


class AutoscaledNodeGroup(Model):
    name: str = Field(
        description="The EKS managed node group (its name in EKS, e.g. from `aws eks list-nodegroups`). Required."
    )
    tenant: Name = Field(description="The tenant whose node pool takes over the group's workloads. Required.")
    node_role: IamRoleName | None = Field(
        default=None,
        description="The group's node role, which its tenant takes over (import-nodegroups writes it): `iam` may list "
        "it (existing.roles, sharedNodeRoles, existing.withAccessEntry) before the tenant exists. Default none.",
    )
    ignored: Flag = Field(
        default=False,
        description="cluster-autoscaler no longer scales the group (its `--nodes` flag or the "
        "`k8s.io/cluster-autoscaler/enabled` auto-discovery tag removed, or the group pinned at its current size). "
        "While cluster-autoscaler runs, the tenant may exist only once this is true. Default false.",
    )

    @field_validator("name")
    @classmethod
    def _node_group_name(cls, value: str) -> str:
        if not re.fullmatch(r"[0-9A-Za-z][A-Za-z0-9_-]{0,62}", value, re.ASCII):
            raise ValueError(f"{shown(value)} is not an EKS node group name (1-63 of letters, digits, '-' and '_')")
        return value


class ClusterAutoscaler(Model):
    """Moving a cluster from cluster-autoscaler node groups to Karpenter (docs/cluster-autoscaler.md)."""

    running: Flag = Field(
        description="cluster-autoscaler still runs in the cluster. Flip to false when it is removed (the runbook's "
        "last step). Required."
    )
    node_groups: list[AutoscaledNodeGroup] = Field(
        default_factory=list,
        description="The node groups moving to Karpenter, each with the tenant that takes it over. Default none.",
    )
