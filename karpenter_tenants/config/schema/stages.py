"""The ids of a cluster's install stages (kinds.gitops.stages builds the stages; each GitOps engine names its appliers after
them).

Part of the cluster config schema (config.schema); imports config only."""

from __future__ import annotations

from karpenter_tenants.config.schema.cluster_file import ClusterFile
from karpenter_tenants.config.versions import Generation

# The ids of a cluster's install stages (kinds.gitops.stages builds the stages in this order; each GitOps engine names its
# applier of a stage <key>-<id>, beside <key>-root): base, CRDs (1.x), controller, cluster-wide overlays, node pools.
BASE_STAGE = "karpenter-base"
CRD_STAGE = "karpenter-crd"
CONTROLLER_STAGE = "karpenter"
OVERLAYS_STAGE = "karpenter-overlays"


def tenant_stage_id(tenant: str) -> str:
    """The id of a tenant's node pool stage: nodepool-<tenant>."""
    return f"nodepool-{tenant}"


def quota_stage_id(tenant: str) -> str:
    """The id of a tenant's ResourceQuota stage (with `quota`): quota-<tenant>."""
    return f"quota-{tenant}"


def buffers_stage_id(tenant: str) -> str:
    """The id of a tenant's CapacityBuffer stage (with `buffers`): buffers-<tenant>."""
    return f"buffers-{tenant}"


def install_stage_ids(config: ClusterFile) -> list[str]:
    """The ids of a cluster's install stages, in kinds.gitops.stages.install_stages' order."""
    ids = [BASE_STAGE, *([CRD_STAGE] if config.generation is Generation.V1 else []), CONTROLLER_STAGE]
    ids += [OVERLAYS_STAGE] if config.overlays else []
    for tenant in config.sorted_tenants():
        ids.append(tenant_stage_id(tenant.name))
        ids += [quota_stage_id(tenant.name)] if tenant.quota is not None else []
        ids += [buffers_stage_id(tenant.name)] if tenant.buffers else []
    return ids


def applier_names(key: str, config: ClusterFile) -> list[str]:
    """The names of a cluster's appliers (Argo CD Applications, Flux Kustomizations): <key>-root and <key>-<stage>."""
    return [f"{key}-root", *(f"{key}-{stage}" for stage in install_stage_ids(config))]
