"""One node pool per tenant: NodePool + EC2NodeClass (Karpenter 1.x) or Provisioner + AWSNodeTemplate (0.31)."""

from __future__ import annotations

from typing import Any

from cdk8s import ApiObject, ApiObjectMetadata
from cdk8s_plus_33 import k8s
from constructs import Construct

from charts.common import PRODUCT, member, quantity
from charts.folder import FolderChart
from charts.isolation import tenant_isolation
from config.model import BlockDevice, ClusterFile, SelectorTerm, Tenant, duration_seconds
from config.versions import Generation
from imports.karpenter_aws_v1.aws.k8s.karpenter import (
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
from imports.karpenter_aws_v1alpha1.aws.k8s.karpenter import (
    AwsNodeTemplate,
    AwsNodeTemplateSpec,
    AwsNodeTemplateSpecBlockDeviceMappings,
    AwsNodeTemplateSpecBlockDeviceMappingsEbs,
    AwsNodeTemplateSpecBlockDeviceMappingsEbsVolumeSize,
    AwsNodeTemplateSpecMetadataOptions,
)
from imports.karpenter_v1.sh.karpenter import (
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
from imports.karpenter_v1alpha5.sh.karpenter import (
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


def _ebs_fields(device: BlockDevice) -> dict[str, object]:
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


class TenantChart(FolderChart):
    """One customer's chart, `dist/<cluster>/tenants/<tenant>/`: its TenantNodePool (construct id `node-pool`) and
    whatever a platform team adds (docs/extending.md). Built from the cluster-level settings and that one tenant
    (charts.part_inputs.TenantPart), which are all it may read."""

    def __init__(self, scope: Construct, id: str, *, config: ClusterFile, tenant: Tenant) -> None:
        super().__init__(scope, id, folder=f"tenants/{tenant.name}")
        self.config = config
        self.tenant = tenant
        self.node_pool = TenantNodePool(self, "node-pool", config=config, tenant=tenant)
        self.overlays = {o.name: tenant_overlay(self, config, tenant, o) for o in tenant.overlays}
        # Its namespaces' binding of the isolation policy, with the parameter naming the tenant (charts.isolation):
        # a tenant's share of the policy is its own, so the cluster-wide objects do not grow with the tenants.
        self.isolation = tenant_isolation(self, config, tenant.name, list(tenant.namespaces))


class TenantNodePool(Construct):
    """The node pools of one customer: NodePool + EC2NodeClass (1.x) or Provisioner + AWSNodeTemplate (0.31), both
    named after the tenant and labelled with it (construct ids `node-pool` and `node-class`). With `pools` (1.x), one
    NodePool `<tenant>-<pool>` per pool (construct id `node-pool-<pool>`), all on the tenant's one EC2NodeClass."""

    def __init__(self, scope: Construct, id: str, *, config: ClusterFile, tenant: Tenant) -> None:
        super().__init__(scope, id)
        self.config = config
        self.tenant = tenant
        self.node_class: ApiObject
        self.node_pool: ApiObject  # the first (the only one without pools)
        self.node_pools: dict[str, ApiObject] = {}  # by NodePool name
        if config.generation is Generation.V1:
            self.node_class = self._ec2_node_class()
            for name, pool, as_seen in config.node_pools(tenant):
                self.node_pools[name] = self._node_pool(as_seen, name, "node-pool" if pool is None else f"node-pool-{pool}")
        else:
            self.node_class = self._aws_node_template()
            self.node_pools[tenant.name] = self._provisioner()
        self.node_pool = next(iter(self.node_pools.values()))

    # --- Karpenter 1.x -----------------------------------------------------------------------

    def _node_pool(self, tenant: Tenant, name: str, id: str) -> ApiObject:
        """One NodePool: `tenant` as this pool sees it (ClusterFile.node_pools), on the tenant's EC2NodeClass."""
        config = self.config
        disruption = tenant.disruption
        spec = NodePoolSpec(
            template=NodePoolSpecTemplate(
                metadata=NodePoolSpecTemplateMetadata(
                    labels=config.node_labels(tenant), annotations=dict(sorted(tenant.annotations.items())) or None
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
                        for r in config.requirements(tenant)
                    ],
                    taints=[
                        NodePoolSpecTemplateSpecTaints(
                            key=t.key, value=t.value, effect=member(NodePoolSpecTemplateSpecTaintsEffect, t.effect)
                        )
                        for t in config.taints(tenant)
                    ]
                    or None,
                    startup_taints=[
                        NodePoolSpecTemplateSpecStartupTaints(
                            key=t.key, value=t.value, effect=member(NodePoolSpecTemplateSpecStartupTaintsEffect, t.effect)
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
                        reasons=[member(NodePoolSpecDisruptionBudgetsReasons, r) for r in b.reasons] if b.reasons else None,
                    )
                    for b in disruption.budgets
                ]
                if disruption.budgets is not None
                else None,
            ),
            limits=self._limits(NodePoolSpecLimits, tenant),
            weight=tenant.weight,
            replicas=tenant.replicas,
        )
        return NodePool(self, id, metadata=self._metadata(name), spec=spec)

    def _ec2_node_class(self) -> ApiObject:
        tenant, config = self.tenant, self.config
        ami = tenant.ami
        if ami.selector_terms is not None:
            ami_terms = [
                Ec2NodeClassSpecAmiSelectorTerms(id=t.id, name=t.name, owner=t.owner, tags=t.tags, ssm_parameter=t.ssm_parameter)
                for t in ami.selector_terms
            ]
        else:
            ami_terms = [Ec2NodeClassSpecAmiSelectorTerms(alias=config.ami_alias(tenant))]
        metadata = tenant.metadata_options
        spec = Ec2NodeClassSpec(
            role=config.node_role(tenant),
            ami_family=self._v1_ami_family(),
            ami_selector_terms=ami_terms,
            subnet_selector_terms=[
                Ec2NodeClassSpecSubnetSelectorTerms(tags=t.tags, id=t.id) for t in config.subnet_selector(tenant)
            ],
            security_group_selector_terms=[
                Ec2NodeClassSpecSecurityGroupSelectorTerms(tags=t.tags, id=t.id, name=t.name)
                for t in config.security_group_selector(tenant)
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
                        **_ebs_fields(device),
                    ),
                )
                for device in config.block_devices(tenant)
            ]
            or None,
            metadata_options=Ec2NodeClassSpecMetadataOptions(
                http_endpoint=member(Ec2NodeClassSpecMetadataOptionsHttpEndpoint, metadata.http_endpoint),
                http_protocol_i_pv6=member(Ec2NodeClassSpecMetadataOptionsHttpProtocolIPv6, metadata.http_protocol_ipv6),
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
            tags=config.ec2_tags(tenant),
        )
        return Ec2NodeClass(self, "node-class", metadata=self._metadata(), spec=spec)

    # --- Karpenter 0.31 ----------------------------------------------------------------------

    def _provisioner(self) -> ApiObject:
        tenant, config = self.tenant, self.config
        disruption = tenant.disruption
        consolidate = disruption.consolidation_policy == "WhenEmptyOrUnderutilized"
        spec = ProvisionerSpec(
            provider_ref=ProvisionerSpecProviderRef(name=tenant.name),
            labels=config.node_labels(tenant),
            annotations=dict(sorted(tenant.annotations.items())) or None,
            kubelet_configuration=self._kubelet_v1alpha5(),
            requirements=[
                ProvisionerSpecRequirements(key=r.key, operator=r.operator, values=list(r.values) or None)
                for r in config.requirements(tenant)
            ]
            or None,
            taints=[ProvisionerSpecTaints(key=t.key, value=t.value, effect=t.effect) for t in config.taints(tenant)]
            or None,
            startup_taints=[
                ProvisionerSpecStartupTaints(key=t.key, value=t.value, effect=t.effect) for t in tenant.startup_taints
            ]
            or None,
            limits=ProvisionerSpecLimits(resources=limits)
            if (limits := self._limits(ProvisionerSpecLimitsResources))
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
        return Provisioner(self, "node-pool", metadata=self._metadata(), spec=spec)

    def _aws_node_template(self) -> ApiObject:
        tenant, config = self.tenant, self.config
        metadata = tenant.metadata_options
        spec = AwsNodeTemplateSpec(
            instance_profile=config.instance_profile(tenant),
            ami_family=config.ami_family(tenant),
            ami_selector=self._v1alpha5_ami_selector(),
            subnet_selector=self._v1alpha5_selector(config.subnet_selector(tenant)),
            security_group_selector=self._v1alpha5_selector(config.security_group_selector(tenant)),
            block_device_mappings=[
                AwsNodeTemplateSpecBlockDeviceMappings(
                    device_name=device.device_name,
                    ebs=AwsNodeTemplateSpecBlockDeviceMappingsEbs(
                        volume_size=quantity(AwsNodeTemplateSpecBlockDeviceMappingsEbsVolumeSize, device.ebs.volume_size)
                        if device.ebs.volume_size
                        else None,
                        volume_type=device.ebs.volume_type,
                        **_ebs_fields(device),
                    ),
                )
                for device in config.block_devices(tenant)
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
            tags=config.ec2_tags(tenant),
        )
        return AwsNodeTemplate(self, "node-class", metadata=self._metadata(), spec=spec)

    # --- helpers -------------------------------------------------------------------------------

    def _metadata(self, name: str | None = None) -> ApiObjectMetadata:
        return ApiObjectMetadata(name=name or self.tenant.name, labels={self.config.tenancy.label_key: self.tenant.name})

    def _limits(self, union: type, tenant: Tenant | None = None) -> dict[str, Any] | None:
        limits = {name: quantity(union, value) for name, value in (tenant or self.tenant).limits.resources().items()}
        return limits or None

    def _v1_ami_family(self) -> Ec2NodeClassSpecAmiFamily | None:
        """amiFamily beside the selector terms: required with selectorTerms, meaningful beside an alias only as
        Custom (no user data merged, no default disks); an alias implies its own family otherwise."""
        ami = self.tenant.ami
        if ami.family is None or (ami.selector_terms is None and ami.family != "Custom"):
            return None
        # Karpenter 1.x has no Ubuntu family: its v1 migration guide writes Ubuntu AMIs as AL2 (same user data
        # format) with Ubuntu's /dev/sda1 root disk, which config.block_devices keeps.
        return member(Ec2NodeClassSpecAmiFamily, "AL2" if ami.family == "Ubuntu" else ami.family)

    def _kubelet_v1alpha5(self) -> ProvisionerSpecKubeletConfiguration | None:
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

    def _v1alpha5_ami_selector(self) -> dict[str, str] | None:
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

    def _v1alpha5_selector(self, terms: list[SelectorTerm]) -> dict[str, str]:
        """v1alpha5 selectors are one tag map; ids go in the comma-separated 'aws-ids' key."""
        selector: dict[str, str] = {}
        resolved = terms
        for term in resolved:
            if term.tags:
                selector.update(term.tags)
        ids = [term.id for term in resolved if term.id]
        if ids:
            selector["aws-ids"] = ",".join(ids)
        return selector


class TenantQuotaChart(FolderChart):
    """`dist/<cluster>/tenants/<tenant>/quota/`: the tenant's cap (tenants[].quota) as a ResourceQuota
    `karpenter-tenants-quota` in each of its namespaces, applied by its own stage after the node pools."""

    NAME = f"{PRODUCT}-quota"

    def __init__(self, scope: Construct, id: str, *, config: ClusterFile, tenant: Tenant) -> None:
        from charts.stages import quota_folder

        super().__init__(scope, id, folder=quota_folder(tenant.name))
        assert tenant.quota is not None
        quota = tenant.quota
        self.quotas = {
            namespace: k8s.KubeResourceQuota(self, f"quota-{namespace}",
                metadata=k8s.ObjectMeta(name=self.NAME, namespace=namespace,
                                        labels={config.tenancy.label_key: tenant.name}),
                spec=k8s.ResourceQuotaSpec(hard={key: quantity(k8s.Quantity, value)
                                                 for key, value in quota.hard_in(namespace).items()}),
            )
            for namespace in tenant.namespaces
        }


# checkov's pod checks that cannot hold for a chunk no one runs, skipped on the PodTemplate alone (checkov reads
# `checkov.io/skip<N>: <check>=<reason>` annotations); its security context and limits pass the others.
BUFFER_SCANNER_SKIPS = {
    f"checkov.io/skip{i}": f"{check}=a CapacityBuffer's chunk: Karpenter only simulates its pods, none is created or run"
    for i, check in enumerate(("CKV_K8S_8", "CKV_K8S_9", "CKV_K8S_43"), start=1)
}


class TenantBuffersChart(FolderChart):
    """`dist/<cluster>/tenants/<tenant>/buffers/`: the tenant's CapacityBuffers (tenants[].buffers, construct ids
    `buffer-<name>`), each with the PodTemplate of its chunk (`pod-template-<name>`, unless it refers to a workload),
    applied by their own stage after the node pools. The PodTemplate's pods select and tolerate the tenant's nodes
    (and the pool's, with `pool`), as the isolation policy wants a tenant's pods to."""

    POD_TEMPLATE_PREFIX = f"{PRODUCT}-buffer-"

    def __init__(self, scope: Construct, id: str, *, config: ClusterFile, tenant: Tenant) -> None:
        from charts.stages import buffers_folder
        from imports.capacity_buffer_v1beta1.io.x_k8s.autoscaling import (
            CapacityBuffer,
            CapacityBufferSpec,
            CapacityBufferSpecLimits,
            CapacityBufferSpecPodTemplateRef,
            CapacityBufferSpecScalableRef,
        )

        super().__init__(scope, id, folder=buffers_folder(tenant.name))
        self.pod_templates: dict[str, ApiObject] = {}
        self.buffers: dict[str, ApiObject] = {}
        pools = {pool: (name, as_seen) for name, pool, as_seen in config.node_pools(tenant)}
        labels = {config.tenancy.label_key: tenant.name}
        for buffer in tenant.buffers:
            namespace = tenant.buffer_namespace(buffer)
            template_ref = scalable_ref = None
            if buffer.scalable is not None:
                scalable = buffer.scalable
                scalable_ref = CapacityBufferSpecScalableRef(kind=scalable.kind, name=scalable.name,
                                                             api_group=scalable.api_group)
            else:
                node_pool, as_seen = pools[buffer.pool] if buffer.pool is not None else (None, tenant)
                template = self._pod_template(config, as_seen, buffer, namespace, node_pool, labels)
                self.pod_templates[buffer.name] = template
                template_ref = CapacityBufferSpecPodTemplateRef(name=template.name)
            self.buffers[buffer.name] = CapacityBuffer(self, f"buffer-{buffer.name}",
                metadata=ApiObjectMetadata(name=buffer.name, namespace=namespace, labels=labels),
                spec=CapacityBufferSpec(
                    pod_template_ref=template_ref,
                    scalable_ref=scalable_ref,
                    replicas=buffer.replicas,
                    percentage=buffer.percentage,
                    limits={k: quantity(CapacityBufferSpecLimits, v) for k, v in sorted(buffer.limits.items())} or None,
                ),
            )

    def _pod_template(self, config: ClusterFile, tenant: Tenant, buffer: Any, namespace: str, node_pool: str | None,
                      labels: dict[str, str]) -> ApiObject:
        """A chunk's shape: the buffer's requests (and limits equal to them), on the tenant's nodes (the pool's, with
        `pool`), tolerating their taints; hardened like any pod of the product's, though none is ever created."""
        from config.model import BUFFER_IMAGE

        selector = {**labels, **({"karpenter.sh/nodepool": node_pool} if node_pool else {})}
        tolerations = [k8s.Toleration(key=t.key, operator="Equal" if t.value is not None else "Exists", value=t.value,
                                      effect=t.effect) for t in config.taints(tenant)]
        requests = {k: quantity(k8s.Quantity, v) for k, v in sorted(buffer.requests.items())}
        # Limits equal to the requests: Kubernetes wants them for extended resources (nvidia.com/gpu), and they make
        # the chunk a Guaranteed pod of exactly that size; Karpenter sizes it by its requests either way.
        limits = {k: quantity(k8s.Quantity, v) for k, v in sorted(buffer.requests.items())}
        return k8s.KubePodTemplate(self, f"pod-template-{buffer.name}",
            metadata=k8s.ObjectMeta(name=self.POD_TEMPLATE_PREFIX + buffer.name, namespace=namespace, labels=labels,
                                    annotations=BUFFER_SCANNER_SKIPS),
            template=k8s.PodTemplateSpec(
                metadata=k8s.ObjectMeta(labels=labels),
                spec=k8s.PodSpec(
                    node_selector=selector,
                    tolerations=tolerations or None,
                    security_context=k8s.PodSecurityContext(run_as_non_root=True, run_as_user=65535,
                                                            seccomp_profile=k8s.SeccompProfile(type="RuntimeDefault")),
                    containers=[k8s.Container(name="buffer", image=BUFFER_IMAGE, image_pull_policy="Always",
                        resources=k8s.ResourceRequirements(requests=requests, limits=limits),
                        security_context=k8s.SecurityContext(allow_privilege_escalation=False, read_only_root_filesystem=True,
                                                             capabilities=k8s.Capabilities(drop=["ALL"])))],
                ),
            ),
        )


def tenant_overlay(scope: Construct, config: ClusterFile, tenant: Tenant, overlay: Any) -> ApiObject:
    """NodeOverlay `<tenant>-<overlay>` (construct id `overlay-<name>`): the overlay's requirements and the tenant's
    NodePools, so it changes what Karpenter believes only for this tenant's pools."""
    pools = [name for name, _, _ in config.node_pools(tenant)]
    return node_overlay(scope, overlay, name=f"{tenant.name}-{overlay.name}", labels={config.tenancy.label_key: tenant.name},
                        node_pools=pools)


class ClusterOverlaysChart(FolderChart):
    """`dist/<cluster>/overlays/`: the cluster-wide NodeOverlays (top-level `overlays`, construct ids
    `overlay-<name>`), for every NodePool of the cluster, applied by stage `karpenter-overlays` after the controller."""

    def __init__(self, scope: Construct, id: str, *, config: ClusterFile) -> None:
        from charts.stages import OVERLAYS_FOLDER

        super().__init__(scope, id, folder=OVERLAYS_FOLDER)
        self.overlays = {o.name: node_overlay(self, o, name=o.name) for o in config.overlays}


def node_overlay(scope: Construct, overlay: Any, *, name: str, labels: dict[str, str] | None = None,
                 node_pools: list[str] | None = None) -> ApiObject:
    """A NodeOverlay (construct id `overlay-<overlay name>`) of the overlay's settings; with node_pools, for those
    NodePools only."""
    from imports.karpenter_overlay_v1alpha1.sh.karpenter import (
        NodeOverlay,
        NodeOverlaySpec,
        NodeOverlaySpecCapacity,
        NodeOverlaySpecRequirements,
        NodeOverlaySpecRequirementsOperator,
    )

    requirements = [NodeOverlaySpecRequirements(key="karpenter.sh/nodepool", operator=NodeOverlaySpecRequirementsOperator.IN,
                                                values=node_pools)] if node_pools else []
    requirements += [NodeOverlaySpecRequirements(key=r.key, operator=member(NodeOverlaySpecRequirementsOperator, r.operator),
                                                 values=list(r.values) or None) for r in overlay.requirements]
    return NodeOverlay(scope, f"overlay-{overlay.name}",
        metadata=ApiObjectMetadata(name=name, labels=labels),
        spec=NodeOverlaySpec(
            requirements=requirements,
            price=overlay.price,
            price_adjustment=overlay.price_adjustment,
            capacity={k: quantity(NodeOverlaySpecCapacity, v) for k, v in sorted(overlay.capacity.items())} or None,
            weight=overlay.weight,
        ),
    )
