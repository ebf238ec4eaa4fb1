"""TenantQuotaChart: a tenant's cap (tenants[].quota) as ResourceQuotas in its namespaces, in
`dist/<cluster>/tenants/<tenant>/quota/`. Imports config, objects, kinds.quota.fields and cdk8s
only."""

from __future__ import annotations

from cdk8s_plus_33 import k8s
from constructs import Construct

from karpenter_tenants.config.resolved import ResolvedTenant
from karpenter_tenants.kinds.quota.fields import folder
from karpenter_tenants.objects.common import PRODUCT, quantity
from karpenter_tenants.objects.folder import FolderChart

LAYER = "charts"  # this module's layer (kinds/__init__.py)


class TenantQuotaChart(FolderChart):
    """`dist/<cluster>/tenants/<tenant>/quota/`: the tenant's cap (tenants[].quota) as a ResourceQuota
    `karpenter-tenants-quota` in each of its namespaces (construct ids `quota-<namespace>`), applied by its own
    stage after the node pools.

    Props (keyword-only): `tenant`, a resolved tenant (config.resolved.ResolvedTenant) with a `quota`."""

    NAME = f"{PRODUCT}-quota"

    def __init__(self, scope: Construct, id: str, *, tenant: ResolvedTenant) -> None:
        resolved, config = tenant, tenant.tenant
        quota = config.quota
        if quota is None:
            raise ValueError(f"TenantQuotaChart: tenant {config.name!r} has no quota (tenant.quota is None)")
        super().__init__(scope, id, folder=folder(config.name))
        labels = dict(resolved.object_labels)
        self.quotas = {
            namespace: k8s.KubeResourceQuota(
                self,
                f"quota-{namespace}",
                metadata=k8s.ObjectMeta(name=self.NAME, namespace=namespace, labels=labels),
                spec=k8s.ResourceQuotaSpec(
                    hard={key: quantity(k8s.Quantity, value) for key, value in quota.hard_in(namespace).items()}
                ),
            )
            for namespace in config.namespaces
        }
