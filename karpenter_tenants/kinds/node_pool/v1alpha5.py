"""ProvisionerV1alpha5: a tenant's node pool in Karpenter 0.31, Provisioner (karpenter.sh/v1alpha5) +
AWSNodeTemplate (karpenter.k8s.aws/v1alpha1), in the field names of 0.31's CRDs. Imports config, objects, kinds.node_pool.construct and the generated imports/ only."""

from __future__ import annotations

from cdk8s import ApiObject
from constructs import Construct

from karpenter_tenants.config.resolved import ResolvedTenant
from karpenter_tenants.config.schema.cluster_file import ClusterFile
from karpenter_tenants.config.schema.node_class import SelectorTerm
from karpenter_tenants.config.schema.specs import duration_seconds
from karpenter_tenants.config.versions import Generation
from karpenter_tenants.imports.karpenter_aws_v1alpha1.aws.k8s.karpenter import (
    AwsNodeTemplate,
    AwsNodeTemplateSpec,
    AwsNodeTemplateSpecBlockDeviceMappings,
    AwsNodeTemplateSpecBlockDeviceMappingsEbs,
    AwsNodeTemplateSpecBlockDeviceMappingsEbsVolumeSize,
    AwsNodeTemplateSpecMetadataOptions,
)
from karpenter_tenants.imports.karpenter_v1alpha5.sh.karpenter import (
    Provisioner,
    ProvisionerSpec,
    ProvisionerSpecConsolidation,
    ProvisionerSpecKubeletConfiguration,
    ProvisionerSpecKubeletConfigurationKubeReserved,
    ProvisionerSpecKubeletConfigurationSystemReserved,
    ProvisionerSpecLimits,
    ProvisionerSpecLimitsResources,
    ProvisionerSpecProviderRef,
    ProvisionerSpecRequirements,
    ProvisionerSpecStartupTaints,
    ProvisionerSpecTaints,
)
from karpenter_tenants.kinds.node_pool.construct import TenantNodePool, ebs_fields
from karpenter_tenants.objects.common import quantity

LAYER = "charts"  # this module's layer (kinds/__init__.py)


class ProvisionerV1alpha5(TenantNodePool):
    """The tenant's AWSNodeTemplate (construct id `node-class`) and its one Provisioner (construct id `node-pool`),
    both named after the tenant (0.31 has no `pools`).

    Props (keyword-only): `config`, the cluster-level settings of a Karpenter 0.31 cluster; `tenant`, the tenant
    resolved (config.resolved.ResolvedTenant)."""

    generation = Generation.V1ALPHA5

    def __init__(self, scope: Construct, id: str, *, config: ClusterFile, tenant: ResolvedTenant) -> None:
        super().__init__(scope, id, config=config, tenant=tenant)
        self.node_class = self._aws_node_template()
        self.node_pool = self.node_pools[tenant.name] = self._provisioner()

    def _provisioner(self) -> ApiObject:
        tenant, pool = self.tenant, self.resolved.node_pool(None)
        disruption = tenant.disruption
        consolidate = disruption.consolidation_policy == "WhenEmptyOrUnderutilized"
        spec = ProvisionerSpec(
            provider_ref=ProvisionerSpecProviderRef(name=tenant.name),
            labels=dict(pool.labels),
            annotations=dict(sorted(tenant.annotations.items())) or None,
            kubelet_configuration=self._kubelet(),
            requirements=[
                ProvisionerSpecRequirements(key=r.key, operator=r.operator, values=list(r.values) or None)
                for r in pool.requirements
            ]
            or None,
            taints=[ProvisionerSpecTaints(key=t.key, value=t.value, effect=t.effect) for t in pool.taints] or None,
            startup_taints=[
                ProvisionerSpecStartupTaints(key=t.key, value=t.value, effect=t.effect) for t in tenant.startup_taints
            ]
            or None,
            limits=ProvisionerSpecLimits(resources=limits)
            if (limits := self.limits(ProvisionerSpecLimitsResources))
            else None,
            # v1alpha5: consolidation and ttlSecondsAfterEmpty are mutually exclusive.
            consolidation=ProvisionerSpecConsolidation(enabled=True) if consolidate else None,
            ttl_seconds_after_empty=None
            if consolidate or disruption.consolidate_after == "Never"
            else duration_seconds(disruption.consolidate_after),
            ttl_seconds_until_expired=None
            if disruption.expire_after == "Never"
            else duration_seconds(disruption.expire_after),
            weight=tenant.weight,
        )
        return Provisioner(self, "node-pool", metadata=self.metadata(), spec=spec)

    def _aws_node_template(self) -> ApiObject:
        tenant, resolved = self.tenant, self.resolved
        metadata = tenant.metadata_options
        spec = AwsNodeTemplateSpec(
            instance_profile=resolved.instance_profile,
            ami_family=resolved.ami_family,
            ami_selector=self._ami_selector(),
            subnet_selector=_selector(resolved.subnet_selector),
            security_group_selector=_selector(resolved.security_group_selector),
            block_device_mappings=[
                AwsNodeTemplateSpecBlockDeviceMappings(
                    device_name=device.device_name,
                    ebs=AwsNodeTemplateSpecBlockDeviceMappingsEbs(
                        volume_size=quantity(
                            AwsNodeTemplateSpecBlockDeviceMappingsEbsVolumeSize, device.ebs.volume_size
                        )
                        if device.ebs.volume_size
                        else None,
                        volume_type=device.ebs.volume_type,
                        **ebs_fields(device),
                    ),
                )
                for device in resolved.block_devices
            ]
            or None,
            metadata_options=AwsNodeTemplateSpecMetadataOptions(
                http_endpoint=metadata.http_endpoint,
                http_protocol_i_pv6=metadata.http_protocol_ipv6,
                http_put_response_hop_limit=metadata.http_put_response_hop_limit,
                http_tokens=metadata.http_tokens,
            ),
            user_data=tenant.user_data,
            detailed_monitoring=tenant.detailed_monitoring,
            tags=dict(resolved.tags),
        )
        return AwsNodeTemplate(self, "node-class", metadata=self.metadata(), spec=spec)

    def _kubelet(self) -> ProvisionerSpecKubeletConfiguration | None:
        kubelet = self.tenant.kubelet
        if kubelet is None:
            return None
        values = kubelet.model_dump(exclude_none=True, by_alias=False)
        for reserved in ("kube_reserved", "system_reserved"):
            if reserved in values:
                kind = (
                    ProvisionerSpecKubeletConfigurationKubeReserved
                    if reserved == "kube_reserved"
                    else ProvisionerSpecKubeletConfigurationSystemReserved
                )
                values[reserved] = {k: quantity(kind, v) for k, v in values[reserved].items()}
        return ProvisionerSpecKubeletConfiguration(**values)

    def _ami_selector(self) -> dict[str, str] | None:
        """v1alpha5 amiSelector: one map; ids, name and owners in its aws:: keys, tags as themselves."""
        terms = self.tenant.ami.selector_terms
        if not terms:
            return None
        selector: dict[str, str] = {}
        ids = [t.id for t in terms if t.id]
        if ids:
            selector["aws::ids"] = ",".join(ids)
        for term in terms:
            if term.name:
                selector["aws::name"] = term.name
            if term.owner:
                selector["aws::owners"] = term.owner
            selector.update(term.tags or {})
        return selector


def _selector(terms: tuple[SelectorTerm, ...]) -> dict[str, str]:
    """v1alpha5 selectors are one tag map; ids go in the comma-separated 'aws-ids' key."""
    selector: dict[str, str] = {}
    for term in terms:
        if term.tags:
            selector.update(term.tags)
    ids = [term.id for term in terms if term.id]
    if ids:
        selector["aws-ids"] = ",".join(ids)
    return selector
