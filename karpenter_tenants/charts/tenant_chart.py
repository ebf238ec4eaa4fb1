"""TenantChart: one tenant's chart, `dist/<cluster>/tenants/<tenant>/`, composed of its node pool in the cluster's
Karpenter generation (NODE_POOLS), its own NodeOverlays and its share of the isolation policy. Imports config, charts, objects.folder, kinds.node_pool, kinds.overlay and kinds.isolation (their writers) and cdk8s
only."""

from __future__ import annotations

from cdk8s import ApiObject
from constructs import Construct

from karpenter_tenants.config.resolved import ResolvedTenant
from karpenter_tenants.config.schema.cluster_file import ClusterFile
from karpenter_tenants.config.versions import Generation
from karpenter_tenants.kinds.isolation.construct import tenant_isolation
from karpenter_tenants.kinds.node_pool.construct import TenantNodePool
from karpenter_tenants.kinds.node_pool.v1 import NodePoolV1
from karpenter_tenants.kinds.node_pool.v1alpha5 import ProvisionerV1alpha5
from karpenter_tenants.kinds.overlay.construct import tenant_overlay
from karpenter_tenants.objects.folder import FolderChart

# The node-pool construct of each Karpenter generation.
NODE_POOLS: dict[Generation, type[TenantNodePool]] = {
    Generation.V1: NodePoolV1,
    Generation.V1ALPHA5: ProvisionerV1alpha5,
}


class TenantChart(FolderChart):
    """One customer's chart, `dist/<cluster>/tenants/<tenant>/`: its TenantNodePool (construct id `node-pool`: a
    NodePoolV1 on Karpenter 1.x, a ProvisionerV1alpha5 on 0.31), its NodeOverlays (construct ids `overlay-<name>`),
    the isolation policy's binding for its namespaces, and whatever a platform team adds (docs/extending.md).

    Props (keyword-only): `config`, the cluster-level settings; `tenant`, the tenant resolved against them
    (config.resolved.ResolvedTenant, charts.part_inputs.TenantPart), which are all it may read. Attributes: `tenant`
    (its config.schema Tenant) and `resolved`."""

    def __init__(self, scope: Construct, id: str, *, config: ClusterFile, tenant: ResolvedTenant) -> None:
        super().__init__(scope, id, folder=f"tenants/{tenant.name}")
        self.config = config
        self.resolved, self.tenant = tenant, tenant.tenant
        self.node_pool: TenantNodePool = NODE_POOLS[config.generation](self, "node-pool", config=config, tenant=tenant)
        self.overlays: dict[str, ApiObject] = {o.name: tenant_overlay(self, tenant, o) for o in tenant.tenant.overlays}
        # Its namespaces' binding of the isolation policy, with the parameter naming the tenant (kinds.isolation.construct):
        # a tenant's share of the policy is its own, so the cluster-wide objects do not grow with the tenants.
        self.isolation = tenant_isolation(
            self, config, tenant.name, list(tenant.tenant.namespaces), tenant.tenant.enforcement
        )
