"""What is derived from a cluster file, computed once: `resolve(config)` gives its ResolvedCluster (the
cluster-level values: roles and their ARNs, the interruption queue, discovery tags, the namespaces the product
exempts or never owns, which feature gates the tenants need) and, per tenant, `ResolvedCluster.tenant(tenant)` its
ResolvedTenant: node pools (ResolvedNodePool: NodePool name, the tenant as that pool sees it, requirements, taints,
labels), disks, AMI alias and family, subnet and security group selectors, node role, instance profile and tags,
every default resolved. Charts take these as props and translate them; nothing else derives them.

A ResolvedCluster is cached per ClusterFile (by identity, dropped with the config: weakref.finalize; not in a
private attribute, which model_copy would carry into a copy with other tenants) and resolves each tenant on first
use. `tenant` takes any tenant the config's settings apply to, also one that is not in `config.tenants` (a tenant
part's settings have none).

What the cluster-wide objects read of the tenants (names, namespaces, node roles, instance profiles, which feature
gates they need) is `ResolvedCluster.tenants`, each a TenantFacts: of a whole cluster file, computed from its
tenants; of a cluster-wide part's settings (`with_tenants`: the settings, which have no tenants, and the facts its
projection carries), those facts. Either way a ClusterFile's `tenants` are whole Tenants or none.

Imports config only."""

from __future__ import annotations

import dataclasses
import functools
import weakref
from dataclasses import dataclass, field
from typing import Protocol

from karpenter_tenants.config import naming
from karpenter_tenants.config.schema.base import CONTROL_PLANE_NAMESPACES
from karpenter_tenants.config.schema.cluster import ClusterConfig
from karpenter_tenants.config.schema.cluster_file import ClusterFile
from karpenter_tenants.config.schema.gitops import always_exempt_namespaces, gitops_namespace
from karpenter_tenants.config.schema.iam import IamConfig, role_name_of
from karpenter_tenants.config.schema.karpenter import KarpenterConfig
from karpenter_tenants.config.schema.node_class import ALIAS_FAMILIES, BlockDevice, SelectorTerm, disk_layout
from karpenter_tenants.config.schema.requirements import requirement_specs
from karpenter_tenants.config.schema.specs import RequirementSpec, TaintSpec
from karpenter_tenants.config.schema.tenancy import Tenancy
from karpenter_tenants.config.schema.tenant import Tenant, node_pools
from karpenter_tenants.config.versions import Generation


@dataclass(frozen=True)
class TenantFacts:
    """What the cluster-wide objects read of a tenant (the isolation policy's namespace map, aws.json, the gates)."""

    name: str
    namespaces: tuple[str, ...]
    node_role: str
    instance_profile: str | None  # 0.31: None when the tenant uses karpenter.defaultInstanceProfile
    static: bool = False  # a node pool of it is static (replicas): the chart's StaticCapacity gate goes on
    overlays_set: bool = False  # it has NodeOverlays: the chart's NodeOverlay gate goes on
    buffers_set: bool = False  # it has CapacityBuffers: the chart's CapacityBuffer gate goes on
    enforcement: str | None = None  # tenants[].enforcement (None: tenancy.enforcement): its nodes are protected at it


class TenantIdentity(Protocol):
    """What node_role and instance_profile read of a tenant: a Tenant, or its TenantFacts (already resolved)."""

    @property
    def name(self) -> str: ...
    @property
    def node_role(self) -> str | None: ...
    @property
    def instance_profile(self) -> str | None: ...


@dataclass(frozen=True)
class ResolvedNodePool:
    """One NodePool of a tenant: `<tenant>` without pools, else `<tenant>-<pool>` each."""

    name: str  # the NodePool's (and Provisioner's) name
    pool: str | None  # the pool's name in tenants[].pools; None for the tenant's own
    settings: Tenant  # the tenant as this pool sees it: the pool's settings, the tenant's where the pool sets none
    requirements: tuple[RequirementSpec, ...]
    taints: tuple[TaintSpec, ...]  # the isolation taint (dedicated tenants) then the configured ones
    labels: dict[str, str]  # the nodes' labels: the tenant's and the pool's, then the tenant label


@dataclass(frozen=True)
class ResolvedTenant:
    """A tenant with every default resolved."""

    tenant: Tenant
    node_pools: tuple[ResolvedNodePool, ...]  # in the order of tenants[].pools; one without pools
    requirements: tuple[RequirementSpec, ...]  # the tenant's own (its pools' are theirs)
    taints: tuple[TaintSpec, ...]
    labels: dict[str, str]
    tags: dict[str, str]  # the EC2 tags of its nodes' instances
    ami_alias: str | None  # 1.x: default al2023@latest; None when selector terms pick the AMIs
    ami_family: str
    block_devices: tuple[BlockDevice, ...]
    subnet_selector: tuple[SelectorTerm, ...]
    security_group_selector: tuple[SelectorTerm, ...]
    node_role: str
    instance_profile: str | None  # 0.31: None when the tenant uses karpenter.defaultInstanceProfile
    object_labels: dict[str, str]  # on every object of the tenant's: the tenant label

    @property
    def name(self) -> str:
        return self.tenant.name

    def node_pool(self, pool: str | None) -> ResolvedNodePool:
        """The node pool of tenants[].pools `pool` (None: the tenant's own, the only one without pools)."""
        return next(p for p in self.node_pools if p.pool == pool)


@dataclass(frozen=True)
class ResolvedCluster:
    """The cluster-level values of one cluster file, and its tenants resolved on first use. Holds the config's
    sections and tenants, not the config, so the cache does not keep a config alive."""

    cluster: ClusterConfig
    karpenter: KarpenterConfig
    tenancy: Tenancy
    iam: IamConfig
    generation: Generation
    existing_roles: dict[str, str]  # roles terraform/ neither creates nor owns, name -> ARN
    controller_role_name: str
    controller_role_arn: str
    default_node_role: str | None  # 0.31: the role of karpenter.defaultInstanceProfile; None without one
    interruption_queue: str
    discovery_tags: dict[str, str]
    gitops_namespace: str
    always_exempt_namespaces: list[str]  # never checked by the isolation policy: control plane, Karpenter, GitOps
    exempt_namespaces: list[str]  # those and tenancy.exemptNamespaces
    not_owned_namespaces: set[str]  # exist before Karpenter; never written: control plane, default, GitOps
    cluster_overlays: bool  # the file has top-level overlays
    # Of a cluster file: its tenants; of a cluster-wide part's settings: none, and `given` the facts it carries.
    source_tenants: tuple[Tenant, ...] = field(default=(), repr=False, compare=False)
    given: tuple[TenantFacts, ...] | None = field(default=None, repr=False, compare=False)
    _tenants: dict[int, tuple[Tenant, ResolvedTenant]] = field(default_factory=dict, repr=False, compare=False)

    @functools.cached_property
    def tenants(self) -> tuple[TenantFacts, ...]:
        """What the cluster-wide objects read of each tenant, by name."""
        if self.given is not None:
            return self.given
        return tuple(facts_of(self.tenant(t)) for t in sorted(self.source_tenants, key=lambda t: t.name))

    @property
    def tenant_names(self) -> list[str]:
        """The tenants' names, sorted (without resolving them)."""
        given = self.given
        return [t.name for t in given] if given is not None else sorted(t.name for t in self.source_tenants)

    @property
    def static_capacity(self) -> bool:
        """A node pool is static (replicas): the StaticCapacity gate goes on."""
        return any(t.static for t in self.tenants)

    @property
    def node_overlays(self) -> bool:
        """The cluster or a tenant has NodeOverlays: the NodeOverlay gate goes on."""
        return self.cluster_overlays or any(t.overlays_set for t in self.tenants)

    @property
    def capacity_buffers(self) -> bool:
        """A tenant has CapacityBuffers: the CapacityBuffer gate goes on."""
        return any(t.buffers_set for t in self.tenants)

    def default_iam_name(self, kind: str, tenant: str = "") -> str:
        """A default IAM name (config/naming.json's rule), after iam.namePrefix."""
        return default_iam_name(self.iam, self.cluster, kind, tenant)

    def role_arn(self, name: str) -> str:
        """The ARN of a role the cluster names: an existing role's as given, else in the account at /."""
        return self.existing_roles.get(name) or naming.role_arn(self.cluster.region, self.cluster.account_id, name)

    def node_role(self, tenant: TenantIdentity) -> str:
        """The IAM role of a tenant's nodes: as written (1.x); on 0.31 the role of the tenant's existing
        instance profile, or of karpenter.defaultInstanceProfile for a tenant that runs on it (it has no role of its
        own); else the naming rule."""
        existing = self.iam.existing.instance_profiles.get(tenant.instance_profile or "")
        if existing is not None:
            return role_name_of(existing)
        if self.on_default_profile(tenant) and self.default_node_role is not None:
            return self.default_node_role
        return tenant.node_role or self.default_iam_name("node_role", tenant.name)

    def on_default_profile(self, tenant: TenantIdentity) -> bool:
        """0.31: the tenant's nodes start with karpenter.defaultInstanceProfile (it names no instance profile)."""
        return (
            self.generation is Generation.V1ALPHA5
            and tenant.instance_profile is None
            and self.karpenter.default_instance_profile is not None
        )

    def instance_profile(self, tenant: TenantIdentity) -> str | None:
        """0.31: the tenant's instance profile; None when it uses karpenter.defaultInstanceProfile."""
        if tenant.instance_profile is not None:
            return tenant.instance_profile
        if self.karpenter.default_instance_profile is not None:
            return None
        return self.default_iam_name("instance_profile", tenant.name)

    def tenant(self, tenant: Tenant) -> ResolvedTenant:
        """The tenant resolved against these settings (once per tenant object)."""
        found = self._tenants.get(id(tenant))
        if found is None or found[0] is not tenant:
            found = self._tenants[id(tenant)] = (tenant, self._resolve_tenant(tenant))
        return found[1]

    def _taints(self, tenant: Tenant) -> list[TaintSpec]:
        """The isolation taint (unless the tenant shares nodes) followed by the configured ones."""
        taints = [TaintSpec(self.tenancy.label_key, "NoSchedule", tenant.name)] if tenant.dedicated else []
        return taints + [TaintSpec(t.key, t.effect, t.value) for t in tenant.taints]

    def _labels(self, tenant: Tenant) -> dict[str, str]:
        return {**dict(sorted(tenant.labels.items())), self.tenancy.label_key: tenant.name}

    def _resolve_tenant(self, tenant: Tenant) -> ResolvedTenant:
        pools = tuple(
            ResolvedNodePool(name, pool, seen, tuple(requirements(seen)), tuple(self._taints(seen)), self._labels(seen))
            for name, pool, seen in node_pools(tenant)
        )
        alias = ami_alias(tenant)
        family = self._ami_family(tenant, alias)
        discovery = [SelectorTerm.model_validate({"tags": self.discovery_tags})]
        return ResolvedTenant(
            tenant=tenant,
            node_pools=pools,
            requirements=tuple(requirements(tenant)),
            taints=tuple(self._taints(tenant)),
            labels=self._labels(tenant),
            tags={**dict(sorted(tenant.tags.items())), self.tenancy.label_key: tenant.name},
            ami_alias=alias,
            ami_family=family,
            block_devices=tuple(block_devices(tenant, family)),
            subnet_selector=tuple(tenant.subnet_selector if tenant.subnet_selector is not None else discovery),
            security_group_selector=tuple(
                tenant.security_group_selector if tenant.security_group_selector is not None else discovery
            ),
            node_role=self.node_role(tenant),
            instance_profile=self.instance_profile(tenant),
            object_labels={self.tenancy.label_key: tenant.name},
        )

    def _ami_family(self, tenant: Tenant, alias: str | None) -> str:
        """The AMI family Karpenter applies to the tenant's nodes (user data, default disks)."""
        ami = tenant.ami
        if self.generation is Generation.V1ALPHA5:
            return ami.family or "AL2"
        if ami.selector_terms is not None or ami.family == "Custom":
            return ami.family or "AL2023"
        return ALIAS_FAMILIES[str(alias).split("@")[0]]


_CACHE: dict[int, ResolvedCluster] = {}


def resolve(config: ClusterFile) -> ResolvedCluster:
    """The config's resolved values, computed on its first call and kept while the config lives."""
    found = _CACHE.get(id(config))
    if found is None:
        found = _keep(config, _resolve(config))
    return found


def _keep(config: ClusterFile, resolved: ResolvedCluster) -> ResolvedCluster:
    _CACHE[id(config)] = resolved
    weakref.finalize(config, _CACHE.pop, id(config), None)
    return resolved


def with_tenants(settings: ClusterFile, tenants: tuple[TenantFacts, ...]) -> ClusterFile:
    """A copy of a cluster's settings (a cluster file without tenants) whose resolution carries these tenants'
    facts (by name): the config of a cluster-wide part, which reads nothing else of its tenants."""
    if settings.tenants:
        raise ValueError("with_tenants takes a cluster's settings: a cluster file without tenants")
    config = settings.model_copy()
    _keep(config, dataclasses.replace(_resolve(config), given=tenants))
    return config


def facts_of(tenant: ResolvedTenant) -> TenantFacts:
    """What the cluster-wide objects read of a resolved tenant."""
    return TenantFacts(
        tenant.name,
        tuple(tenant.tenant.namespaces),
        tenant.node_role,
        tenant.instance_profile,
        any(pool.settings.replicas is not None for pool in tenant.node_pools),
        bool(tenant.tenant.overlays),
        bool(tenant.tenant.buffers),
        tenant.tenant.enforcement,
    )


def _resolve(config: ClusterFile) -> ResolvedCluster:
    cluster, karpenter, iam = config.cluster, config.karpenter, config.iam
    listed = [*iam.existing.roles, *iam.existing.instance_profiles.values()]
    existing = {
        role_name_of(role): role
        if role.startswith("arn:")
        else naming.role_arn(cluster.region, cluster.account_id, role)
        for role in listed
    }
    role = karpenter.controller_role
    if role.arn is not None:
        controller_name = role.arn.rsplit("/", 1)[1]
    else:
        controller_name = role.name or default_iam_name(iam, cluster, "controller_role")
    controller_arn = (
        role.arn
        if role.arn is not None
        else (existing.get(controller_name) or naming.role_arn(cluster.region, cluster.account_id, controller_name))
    )
    profile = karpenter.default_instance_profile
    if profile is None:
        default_role = None
    elif profile in iam.existing.instance_profiles:
        default_role = role_name_of(iam.existing.instance_profiles[profile])
    else:
        default_role = iam.default_node_role or default_iam_name(iam, cluster, "default_node_role")
    always = always_exempt_namespaces(karpenter.namespace, config.gitops)
    gitops = gitops_namespace(config.gitops)
    return ResolvedCluster(
        cluster=cluster,
        karpenter=karpenter,
        tenancy=config.tenancy,
        iam=iam,
        generation=config.generation,
        existing_roles=existing,
        controller_role_name=controller_name,
        controller_role_arn=controller_arn,
        default_node_role=default_role,
        interruption_queue=karpenter.interruption_queue or naming.name("interruption_queue", cluster.name),
        discovery_tags={"karpenter.sh/discovery": cluster.name},
        gitops_namespace=gitops,
        always_exempt_namespaces=always,
        exempt_namespaces=sorted({*always, *config.tenancy.exempt_namespaces}),
        not_owned_namespaces={*CONTROL_PLANE_NAMESPACES, "default", gitops},
        cluster_overlays=bool(config.overlays),
        source_tenants=tuple(config.tenants),
    )


def default_iam_name(iam: IamConfig, cluster: ClusterConfig, kind: str, tenant: str = "") -> str:
    """A default IAM name (config/naming.json's rule), after iam.namePrefix."""
    return iam.name_prefix + naming.name(kind, cluster.name, tenant)


def requirements(tenant: Tenant) -> list[RequirementSpec]:
    """The tenant's typed requirements (fixed order, values as written), then its raw extra ones
    (config.schema.requirements.requirement_specs, which the NodePool CRD's bound counts too)."""
    return requirement_specs(tenant.requirements)


def ami_alias(tenant: Tenant) -> str | None:
    """1.x: the AMI alias (default `al2023@latest`, warned), None when selector terms pick the AMIs."""
    if tenant.ami.selector_terms is not None:
        return None
    return tenant.ami.alias or "al2023@latest"


def block_devices(tenant: Tenant, ami_family: str) -> list[BlockDevice]:
    """The tenant's disks: blockDevices as written, else the AMI family's own layout (as Karpenter would
    attach it) with rootVolume's settings: encrypted, and the root device sized as configured."""
    if tenant.block_devices is not None:
        return list(tenant.block_devices)
    volume = tenant.root_volume
    layout = disk_layout(ami_family)
    if not layout:  # Custom: the AMI's own mappings, unless a root volume is asked for
        if "root_volume" not in tenant.model_fields_set:
            return []
        layout = ((volume.device_name or "", "20Gi", True),)
    devices = []
    for device, size, is_root in layout:
        ebs = {
            "volumeSize": (volume.size or size) if is_root else size,
            "volumeType": volume.type,
            "encrypted": volume.encrypted,
            "kmsKeyID": volume.kms_key_id,
            "deleteOnTermination": True,
        }
        name = (volume.device_name or device) if is_root else device
        devices.append(BlockDevice.model_validate({"deviceName": name, "rootVolume": is_root or None, "ebs": ebs}))
    return devices
