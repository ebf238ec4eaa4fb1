"""NodePoolV1: a tenant's node pools in Karpenter 1.x, NodePool (karpenter.sh/v1) + EC2NodeClass
(karpenter.k8s.aws/v1). Imports config, objects, kinds.node_pool.construct and the
generated imports/ only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cdk8s import ApiObject, JsonPatch
from constructs import Construct

from karpenter_tenants.config.resolved import ResolvedNodePool, ResolvedTenant
from karpenter_tenants.config.schema.cluster_file import ClusterFile
from karpenter_tenants.config.versions import Generation
from karpenter_tenants.imports.karpenter_aws_v1.aws.k8s.karpenter import (
    Ec2NodeClass,
    Ec2NodeClassSpec,
    Ec2NodeClassSpecAmiFamily,
    Ec2NodeClassSpecAmiSelectorTerms,
    Ec2NodeClassSpecBlockDeviceMappings,
    Ec2NodeClassSpecBlockDeviceMappingsEbs,
    Ec2NodeClassSpecBlockDeviceMappingsEbsVolumeType,
    Ec2NodeClassSpecCapacityReservationSelectorTerms,
    Ec2NodeClassSpecInstanceStorePolicy,
    Ec2NodeClassSpecKubelet,
    Ec2NodeClassSpecMetadataOptions,
    Ec2NodeClassSpecMetadataOptionsHttpEndpoint,
    Ec2NodeClassSpecMetadataOptionsHttpProtocolIPv6,
    Ec2NodeClassSpecMetadataOptionsHttpTokens,
    Ec2NodeClassSpecSecurityGroupSelectorTerms,
    Ec2NodeClassSpecSubnetSelectorTerms,
)
from karpenter_tenants.imports.karpenter_v1.sh.karpenter import (
    NodePool,
    NodePoolSpec,
    NodePoolSpecDisruption,
    NodePoolSpecDisruptionBudgets,
    NodePoolSpecDisruptionBudgetsReasons,
    NodePoolSpecDisruptionConsolidationPolicy,
    NodePoolSpecLimits,
    NodePoolSpecTemplate,
    NodePoolSpecTemplateMetadata,
    NodePoolSpecTemplateSpec,
    NodePoolSpecTemplateSpecNodeClassRef,
    NodePoolSpecTemplateSpecRequirements,
    NodePoolSpecTemplateSpecRequirementsOperator,
    NodePoolSpecTemplateSpecStartupTaints,
    NodePoolSpecTemplateSpecStartupTaintsEffect,
    NodePoolSpecTemplateSpecTaints,
    NodePoolSpecTemplateSpecTaintsEffect,
)
from karpenter_tenants.kinds.node_pool.construct import TenantNodePool, ebs_fields
from karpenter_tenants.objects.common import member

LAYER = "charts"  # this module's layer (kinds/__init__.py)


class NodePoolV1(TenantNodePool):
    """The tenant's EC2NodeClass (construct id `node-class`, named after the tenant) and its NodePools: one named
    after the tenant (construct id `node-pool`) or, with `pools`, one NodePool `<tenant>-<pool>` per pool (construct
    id `node-pool-<pool>`), all on the tenant's one EC2NodeClass.

    Props (keyword-only): `config`, the cluster-level settings of a Karpenter 1.x cluster; `tenant`, the tenant
    resolved (config.resolved.ResolvedTenant)."""

    generation = Generation.V1

    def __init__(self, scope: Construct, id: str, *, config: ClusterFile, tenant: ResolvedTenant) -> None:
        super().__init__(scope, id, config=config, tenant=tenant)
        self.node_class = self._ec2_node_class()
        for pool in self.resolved.node_pools:
            self.node_pools[pool.name] = self._node_pool(
                pool, "node-pool" if pool.pool is None else f"node-pool-{pool.pool}"
            )
        self.node_pool = next(iter(self.node_pools.values()))

    def _node_pool(self, pool: ResolvedNodePool, id: str) -> ApiObject:
        """One NodePool: the tenant as this pool sees it, on the tenant's EC2NodeClass."""
        tenant = pool.settings
        disruption = tenant.disruption
        spec = NodePoolSpec(
            template=NodePoolSpecTemplate(
                metadata=NodePoolSpecTemplateMetadata(
                    labels=dict(pool.labels), annotations=dict(sorted(tenant.annotations.items())) or None
                ),
                spec=NodePoolSpecTemplateSpec(
                    node_class_ref=NodePoolSpecTemplateSpecNodeClassRef(
                        group="karpenter.k8s.aws", kind="EC2NodeClass", name=tenant.name
                    ),
                    requirements=[
                        NodePoolSpecTemplateSpecRequirements(
                            key=r.key,
                            operator=member(NodePoolSpecTemplateSpecRequirementsOperator, r.operator),
                            values=list(r.values) or None,
                            min_values=r.min_values,
                        )
                        for r in pool.requirements
                    ],
                    taints=[
                        NodePoolSpecTemplateSpecTaints(
                            key=t.key, value=t.value, effect=member(NodePoolSpecTemplateSpecTaintsEffect, t.effect)
                        )
                        for t in pool.taints
                    ]
                    or None,
                    startup_taints=[
                        NodePoolSpecTemplateSpecStartupTaints(
                            key=t.key,
                            value=t.value,
                            effect=member(NodePoolSpecTemplateSpecStartupTaintsEffect, t.effect),
                        )
                        for t in tenant.startup_taints
                    ]
                    or None,
                    expire_after=disruption.expire_after,
                    termination_grace_period=tenant.termination_grace_period,
                ),
            ),
            disruption=NodePoolSpecDisruption(
                consolidation_policy=member(NodePoolSpecDisruptionConsolidationPolicy, disruption.consolidation_policy),
                consolidate_after=disruption.consolidate_after,
                budgets=[
                    NodePoolSpecDisruptionBudgets(
                        nodes=b.nodes,
                        schedule=b.schedule,
                        duration=b.duration,
                        reasons=[member(NodePoolSpecDisruptionBudgetsReasons, r) for r in b.reasons]
                        if b.reasons and not _newer_reasons(b.reasons)
                        else None,
                    )
                    for b in disruption.budgets
                ]
                if disruption.budgets is not None
                else None,
            ),
            limits=self.limits(NodePoolSpecLimits, tenant),
            weight=tenant.weight,
            replicas=tenant.replicas,
        )
        node_pool = NodePool(self, id, metadata=self.metadata(pool.name), spec=spec)
        for index, budget in enumerate(disruption.budgets or []):
            if budget.reasons and _newer_reasons(budget.reasons):
                # a reason newer than imports/' NodePool (generated from the 1.14.1 CRDs), e.g. 1.15's Unhealthy
                # (config.rules.release_api refuses it on a release whose CRDs lack it): the list as written
                node_pool.add_json_patch(
                    JsonPatch.add(f"/spec/disruption/budgets/{index}/reasons", list(budget.reasons))
                )
        return node_pool

    def _ec2_node_class(self) -> ApiObject:
        tenant, resolved = self.tenant, self.resolved
        ami = tenant.ami
        if ami.selector_terms is not None:
            ami_terms = [
                Ec2NodeClassSpecAmiSelectorTerms(
                    id=t.id, name=t.name, owner=t.owner, tags=t.tags, ssm_parameter=t.ssm_parameter
                )
                for t in ami.selector_terms
            ]
        else:
            ami_terms = [Ec2NodeClassSpecAmiSelectorTerms(alias=resolved.ami_alias)]
        metadata = tenant.metadata_options
        spec = Ec2NodeClassSpec(
            role=resolved.node_role,
            ami_family=self._ami_family(),
            ami_selector_terms=ami_terms,
            subnet_selector_terms=[
                Ec2NodeClassSpecSubnetSelectorTerms(tags=t.tags, id=t.id) for t in resolved.subnet_selector
            ],
            security_group_selector_terms=[
                Ec2NodeClassSpecSecurityGroupSelectorTerms(tags=t.tags, id=t.id, name=t.name)
                for t in resolved.security_group_selector
            ],
            block_device_mappings=[
                Ec2NodeClassSpecBlockDeviceMappings(
                    device_name=device.device_name,
                    root_volume=device.root_volume,
                    ebs=Ec2NodeClassSpecBlockDeviceMappingsEbs(
                        volume_size=device.ebs.volume_size,
                        volume_type=member(Ec2NodeClassSpecBlockDeviceMappingsEbsVolumeType, device.ebs.volume_type)
                        if device.ebs.volume_type
                        else None,
                        **ebs_fields(device),
                    ),
                )
                for device in resolved.block_devices
            ]
            or None,
            metadata_options=Ec2NodeClassSpecMetadataOptions(
                http_endpoint=member(Ec2NodeClassSpecMetadataOptionsHttpEndpoint, metadata.http_endpoint),
                http_protocol_i_pv6=member(
                    Ec2NodeClassSpecMetadataOptionsHttpProtocolIPv6, metadata.http_protocol_ipv6
                ),
                http_put_response_hop_limit=metadata.http_put_response_hop_limit,
                http_tokens=member(Ec2NodeClassSpecMetadataOptionsHttpTokens, metadata.http_tokens),
            ),
            associate_public_ip_address=tenant.associate_public_ip_address,
            kubelet=Ec2NodeClassSpecKubelet(**tenant.kubelet.model_dump(exclude_none=True, by_alias=False))
            if tenant.kubelet
            else None,
            user_data=tenant.user_data,
            instance_store_policy=member(Ec2NodeClassSpecInstanceStorePolicy, tenant.instance_store_policy)
            if tenant.instance_store_policy
            else None,
            detailed_monitoring=tenant.detailed_monitoring,
            capacity_reservation_selector_terms=[
                Ec2NodeClassSpecCapacityReservationSelectorTerms(id=t.id, tags=t.tags, owner_id=t.owner_id)
                for t in tenant.capacity_reservation_selector
            ]
            if tenant.capacity_reservation_selector
            else None,
            tags=dict(resolved.tags),
        )
        if tenant.enclave_options is not None:  # refused on a release whose CRDs lack it (config.rules.release_api)
            newer = {"enclaveOptions": tenant.enclave_options.model_dump()}
            return _Ec2NodeClassWithNewerFields(self, "node-class", newer=newer, metadata=self.metadata(), spec=spec)
        return Ec2NodeClass(self, "node-class", metadata=self.metadata(), spec=spec)

    def _ami_family(self) -> Ec2NodeClassSpecAmiFamily | None:
        """amiFamily beside the selector terms: required with selectorTerms, meaningful beside an alias only as
        Custom (no user data merged, no default disks); an alias implies its own family otherwise."""
        ami = self.tenant.ami
        if ami.family is None or (ami.selector_terms is None and ami.family != "Custom"):
            return None
        # Karpenter 1.x has no Ubuntu family: its v1 migration guide writes Ubuntu AMIs as AL2 (same user data
        # format) with Ubuntu's /dev/sda1 root disk, which config.resolved's block_devices keeps.
        family: Ec2NodeClassSpecAmiFamily = member(
            Ec2NodeClassSpecAmiFamily, "AL2" if ami.family == "Ubuntu" else ami.family
        )
        return family


class _Ec2NodeClassWithNewerFields(Ec2NodeClass):
    """An EC2NodeClass with spec fields newer than imports/' (generated from the reference release's CRDs, 1.14.1),
    such as 1.15's enclaveOptions: cdk8s serialises the typed spec (its generated toJson keeps only the fields it
    knows, so a JsonPatch of spec would be dropped), then this adds them."""

    def __init__(self, scope: Construct, id: str, *, newer: Mapping[str, object], **props: object) -> None:
        super().__init__(scope, id, **props)  # type: ignore[arg-type]
        self._newer = newer

    def to_json(self) -> object:
        serialised = super().to_json()
        serialised["spec"].update(self._newer)
        return serialised


def _newer_reasons(reasons: Sequence[str]) -> bool:
    """Whether a budget's reasons name one imports/' NodePool has no enum member for (a later release's)."""
    known = {m.name.replace("_", "") for m in NodePoolSpecDisruptionBudgetsReasons}
    return any(reason.upper() not in known for reason in reasons)
