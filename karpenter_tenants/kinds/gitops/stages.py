"""The install order of one cluster, built once for every GitOps engine:

    base -> CRDs (1.x: the karpenter-crd chart) -> controller (the karpenter chart) -> node pools

Each engine renders these stages its own way (Flux: a Kustomization per stage with dependsOn;
Argo CD: an Application per stage in sync waves); adding an engine means rendering this list."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from karpenter_tenants.config.schema.cluster_file import ClusterFile
from karpenter_tenants.config.schema.stages import (
    BASE_STAGE,
    CONTROLLER_STAGE,
    CRD_STAGE,
    OVERLAYS_STAGE,
    buffers_stage_id,
    quota_stage_id,
    tenant_stage_id,
)
from karpenter_tenants.config.versions import Generation
from karpenter_tenants.kinds.buffer.fields import folder as buffers_folder
from karpenter_tenants.kinds.controller.fields import karpenter_values
from karpenter_tenants.kinds.overlay.fields import FOLDER as OVERLAYS_FOLDER
from karpenter_tenants.kinds.quota.fields import folder as quota_folder

if TYPE_CHECKING:
    from cdk8s import ApiObjectMetadata

    from karpenter_tenants.config.schema.tenant import Tenant

LAYER = "charts"  # this module's layer (kinds/__init__.py)

# The sync wave of each kind of stage (Argo CD); Flux orders the same stages with dependsOn.
BASE_WAVE, CRD_WAVE, CONTROLLER_WAVE, NODE_POOL_WAVE, QUOTA_WAVE = 0, 1, 2, 3, 4


@dataclass(frozen=True)
class ChartInstall:
    """A Karpenter Helm chart one stage installs."""

    chart: str  # "karpenter-crd" | "karpenter"
    # Whether the chart's crds/ folder is skipped (1.x controller: karpenter-crd owns the CRDs); None for
    # karpenter-crd, whose CRDs are templates, so there is nothing to skip.
    skip_crds: bool | None
    values: dict[str, Any] | None = None


@dataclass(frozen=True)
class Stage:
    """One step of the install order: a folder of generated objects, or a chart to install."""

    id: str  # "karpenter-base", "karpenter-crd", "karpenter", "nodepool-<tenant>"; appliers "<key>-<id>"
    wave: int
    after: tuple[str, ...] = ()  # ids of the stages that must be ready first
    folder: str | None = None  # generated objects in dist/<key>/<folder>
    chart: ChartInstall | None = None
    tenant: str | None = None


def install_stages(config: ClusterFile) -> list[Stage]:
    return cluster_stages(config) + [stage for tenant in config.sorted_tenants() for stage in tenant_stages(tenant)]


def cluster_stages(config: ClusterFile) -> list[Stage]:
    """The stages before the node pools: from the cluster-level settings alone."""
    stages = [Stage(BASE_STAGE, BASE_WAVE, folder="base")]
    controller_after = BASE_STAGE
    v1 = config.generation is Generation.V1
    if v1:
        # This chart ships its CRDs as templates, so Helm upgrades them like any object.
        stages.append(Stage(CRD_STAGE, CRD_WAVE, (BASE_STAGE,), chart=ChartInstall("karpenter-crd", None)))
        controller_after = CRD_STAGE
    # 1.x: CRDs come from karpenter-crd; 0.31: the chart's crds/ folder is their only source.
    controller = ChartInstall("karpenter", skip_crds=v1, values=karpenter_values(config))
    stages.append(Stage(CONTROLLER_STAGE, CONTROLLER_WAVE, (controller_after,), chart=controller))
    if config.overlays:
        # cluster-wide NodeOverlays: their CRD comes with karpenter-crd, the gate with the controller
        stages.append(Stage(OVERLAYS_STAGE, NODE_POOL_WAVE, (CONTROLLER_STAGE,), folder=OVERLAYS_FOLDER))
    return stages


def tenant_stage(tenant: str) -> Stage:
    """A tenant's node pool stage: from its name alone."""
    return Stage(
        tenant_stage_id(tenant), NODE_POOL_WAVE, (CONTROLLER_STAGE,), folder=f"tenants/{tenant}", tenant=tenant
    )


def tenant_stages(tenant: Tenant) -> list[Stage]:
    """A tenant's stages: its node pools, then what goes into its namespaces, each apart so that a namespace that does
    not exist yet holds back only that, never the pools: (with `quota`) its ResourceQuotas, (with `buffers`) its
    CapacityBuffers and their PodTemplates."""
    stages = [tenant_stage(tenant.name)]
    if tenant.quota is not None:
        stages.append(
            Stage(
                quota_stage_id(tenant.name),
                QUOTA_WAVE,
                (tenant_stage_id(tenant.name),),
                folder=quota_folder(tenant.name),
                tenant=tenant.name,
            )
        )
    if tenant.buffers:
        stages.append(
            Stage(
                buffers_stage_id(tenant.name),
                QUOTA_WAVE,
                (tenant_stage_id(tenant.name),),
                folder=buffers_folder(tenant.name),
                tenant=tenant.name,
            )
        )
    return stages


def applier_metadata(name: str, namespace: str, label_key: str, tenant: str | None, **extra: Any) -> ApiObjectMetadata:
    """Metadata of a stage's applier (Flux Kustomization, Argo CD Application). A tenant's applier carries
    the tenant label like its node pool, so `plan` and `kubectl -l` find it. (cdk8s imported here: the stages
    themselves are read when cluster files load, which starts no Node.js.)"""
    from cdk8s import ApiObjectMetadata

    return ApiObjectMetadata(name=name, namespace=namespace, labels={label_key: tenant} if tenant else None, **extra)
