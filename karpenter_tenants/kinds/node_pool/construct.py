"""TenantNodePool: what the node-pool construct of a tenant is in either Karpenter generation, and what both share.

A tenant's chart (charts.tenant_chart.TenantChart) holds one at construct id `node-pool`: a NodePoolV1
(kinds.node_pool.v1: NodePool + EC2NodeClass, Karpenter 1.x) or a ProvisionerV1alpha5
(kinds.node_pool.v1alpha5: Provisioner + AWSNodeTemplate, 0.31), both named after the tenant and labelled with
it, the node class at construct id `node-class`. Imports config, objects.common and cdk8s only."""

from __future__ import annotations

from typing import Any, ClassVar, TypedDict

from cdk8s import ApiObject, ApiObjectMetadata
from constructs import Construct

from karpenter_tenants.config.resolved import ResolvedTenant
from karpenter_tenants.config.schema.cluster_file import ClusterFile
from karpenter_tenants.config.schema.node_class import BlockDevice
from karpenter_tenants.config.schema.tenant import Tenant
from karpenter_tenants.config.versions import Generation
from karpenter_tenants.objects.common import quantity

LAYER = "charts"  # this module's layer (kinds/__init__.py)


class TenantNodePool(Construct):
    """The node pools of one tenant and their node class, in the generation the subclass builds.

    Props (keyword-only): `config`, the cluster-level settings, whose Karpenter generation must be the subclass's;
    `tenant`, the tenant resolved (config.resolved.ResolvedTenant: its node pools, requirements, taints, disks,
    roles, every default resolved). Attributes: `tenant` (its config.schema Tenant), `resolved`, `node_class`,
    `node_pools` (by object name, in order) and `node_pool` (the first; the only one without `pools`)."""

    generation: ClassVar[Generation]

    def __init__(self, scope: Construct, id: str, *, config: ClusterFile, tenant: ResolvedTenant) -> None:
        if config.generation is not self.generation:
            raise ValueError(
                f"{type(self).__name__}: config is Karpenter {config.karpenter.version} ({config.generation.value}); "
                f"this construct writes {self.generation.value} objects (charts.tenant_chart.NODE_POOLS has the "
                "construct of each generation)"
            )
        super().__init__(scope, id)
        self.config = config
        self.tenant = tenant.tenant
        self.resolved = tenant
        self.labels = dict(tenant.object_labels)  # on every object of the tenant's
        self.node_class: ApiObject
        self.node_pool: ApiObject
        self.node_pools: dict[str, ApiObject] = {}

    def metadata(self, name: str | None = None) -> ApiObjectMetadata:
        """An object's metadata: named `name` (default the tenant's name), labelled with the tenant."""
        return ApiObjectMetadata(name=name or self.tenant.name, labels=dict(self.labels))

    def limits(self, union: type, tenant: Tenant | None = None) -> dict[str, Any] | None:
        """tenant's (default: this one's) limits as values of the imported quantity type union; None without any."""
        limits: dict[str, Any] = {
            name: quantity(union, value) for name, value in (tenant or self.tenant).limits.resources().items()
        }
        return limits or None


class EbsFields(TypedDict):
    """The EBS settings both node-class generations spell the same way (keyword arguments of either's Ebs class)."""

    iops: int | None
    throughput: int | None
    encrypted: bool | None
    kms_key_id: str | None
    delete_on_termination: bool | None
    snapshot_id: str | None


def ebs_fields(device: BlockDevice) -> EbsFields:
    """The EBS settings both node-class generations spell the same way."""
    ebs = device.ebs
    return {
        "iops": ebs.iops,
        "throughput": ebs.throughput,
        "encrypted": ebs.encrypted,
        "kms_key_id": ebs.kms_key_id,
        "delete_on_termination": ebs.delete_on_termination,
        "snapshot_id": ebs.snapshot_id,
    }
