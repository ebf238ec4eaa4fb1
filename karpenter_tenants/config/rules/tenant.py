"""The rules between a tenant's fields and the Karpenter generation (TENANT_RULES), each giving the offending fields'
paths with one message. Tenant's model validator (config.schema.tenant) runs those of the file's generation in
TENANT_RULES' order; config.rules.cluster runs them again on the tenant as each of its pools sees it.

The rules read a tenant through TenantFields, not Tenant, so they sit below config.schema.tenant. To add a rule:
append a TenantRule to TENANT_RULES.

Imports config only."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from karpenter_tenants.config.schema.node_class import (
    Ami,
    BlockDevice,
    CapacityReservationTerm,
    RootVolume,
    SelectorTerm,
)
from karpenter_tenants.config.schema.quota import Quota
from karpenter_tenants.config.schema.requirements import TYPED_REQUIREMENT_KEYS, Disruption, Limits, Requirements
from karpenter_tenants.config.versions import Generation


class TenantFields(Protocol):
    """What the rules read of a tenant (config.schema.tenant.Tenant)."""

    @property
    def pools(self) -> Sequence[object]: ...
    @property
    def replicas(self) -> int | None: ...
    @property
    def overlays(self) -> Sequence[object]: ...
    @property
    def weight(self) -> int | None: ...
    @property
    def limits(self) -> Limits: ...
    @property
    def buffers(self) -> Sequence[object]: ...
    @property
    def namespaces(self) -> Sequence[str]: ...
    @property
    def enforcement(self) -> str | None: ...
    @property
    def quota(self) -> Quota | None: ...
    @property
    def block_devices(self) -> Sequence[BlockDevice] | None: ...
    @property
    def root_volume(self) -> RootVolume: ...
    @property
    def ami(self) -> Ami: ...
    @property
    def instance_profile(self) -> str | None: ...
    @property
    def node_role(self) -> str | None: ...
    @property
    def capacity_reservation_selector(self) -> Sequence[CapacityReservationTerm] | None: ...
    @property
    def requirements(self) -> Requirements: ...
    @property
    def disruption(self) -> Disruption: ...
    @property
    def instance_store_policy(self) -> str | None: ...
    @property
    def termination_grace_period(self) -> str | None: ...
    @property
    def associate_public_ip_address(self) -> bool: ...
    @property
    def subnet_selector(self) -> Sequence[SelectorTerm] | None: ...
    @property
    def security_group_selector(self) -> Sequence[SelectorTerm] | None: ...
    @property
    def model_fields_set(self) -> set[str]: ...


@dataclass(frozen=True)
class TenantRule:
    """A rule between a tenant's fields and the Karpenter generation: `where` gives the offending fields' paths."""

    generation: Generation | None  # None: every generation
    where: Callable[[TenantFields], list[tuple[str | int, ...]]]
    message: str


def _if(condition: bool, *path: str | int) -> list[tuple[str | int, ...]]:
    return [path] if condition else []


def _reserved_paths(tenant: TenantFields) -> list[tuple[str | int, ...]]:
    """Where the tenant asks for reserved capacity: capacityTypes, or a raw capacity-type requirement (as `import`
    writes them) that admits `reserved`."""
    key = TYPED_REQUIREMENT_KEYS["capacity_types"]
    found = _if("reserved" in tenant.requirements.capacity_types, "requirements", "capacityTypes")
    return found + [("requirements", "extra", i, "values") for i, r in enumerate(tenant.requirements.extra)
                    if r.key == key and r.operator == "In" and "reserved" in r.values]


V1, V1ALPHA5 = Generation.V1, Generation.V1ALPHA5
TENANT_RULES: list[TenantRule] = [
    TenantRule(V1ALPHA5, lambda t: _if(bool(t.pools), "pools"),
               "pools are a Karpenter 1.x setting (NodePools on one EC2NodeClass); on 0.31 give each pool a tenant of "
               "its own, or migrate the cluster to 1.x first"),
    TenantRule(V1ALPHA5, lambda t: _if(t.replicas is not None, "replicas"), "replicas (static node pools) needs Karpenter >= 1.8"),
    TenantRule(V1ALPHA5, lambda t: _if(bool(t.overlays), "overlays"), "overlays (NodeOverlay) need Karpenter >= 1.7"),
    TenantRule(None, lambda t: _if(t.replicas is not None and t.weight is not None, "weight"),
               "'weight' is not supported on static NodePools (replicas set; the NodePool CRD's rule): remove one"),
    TenantRule(None, lambda t: _if(t.replicas is not None and set(t.limits.resources()) - {"nodes"}, "limits"),
               "only 'limits.nodes' is supported on static NodePools (replicas set; the NodePool CRD's rule)"),
    TenantRule(V1ALPHA5, lambda t: _if(bool(t.buffers), "buffers"), "buffers (CapacityBuffer) need Karpenter >= 1.14"),
    TenantRule(None, lambda t: _if(bool(t.buffers) and not t.namespaces, "buffers"),
               "a buffer is a CapacityBuffer in one of the tenant's namespaces: list them in namespaces (or remove "
               "buffers)"),
    TenantRule(None, lambda t: _if(t.enforcement is not None and not t.namespaces, "enforcement"),
               "enforcement acts on the tenant's namespaces (its isolation binding): list them in namespaces (or "
               "remove enforcement)"),
    TenantRule(None, lambda t: _if(t.quota is not None and not t.namespaces, "quota"),
               "a quota is written into the tenant's namespaces: list them in namespaces (or remove quota)"),
    TenantRule(None, lambda t: _if(t.block_devices is not None and "root_volume" in t.model_fields_set, "rootVolume"),
               "set either rootVolume or blockDevices (which then must include the root volume), not both"),
    TenantRule(None, lambda t: _if(t.ami.family == "Custom" and "root_volume" in t.model_fields_set
                                   and t.root_volume.device_name is None, "rootVolume"),
               "rootVolume with ami.family Custom needs rootVolume.deviceName: Custom AMIs have no default root "
               "device (e.g. '/dev/xvda'), or remove rootVolume to keep the AMI's own disks"),
    TenantRule(V1, lambda t: _if(t.instance_profile is not None, "instanceProfile"),
               "instanceProfile is a Karpenter 0.31 field; on 1.x give 'nodeRole' (Karpenter creates the profile)"),
    TenantRule(V1, lambda t: _if(t.ami.family not in (None, "Custom") and t.ami.selector_terms is None, "ami", "family"),
               "ami.family on 1.x goes with ami.selectorTerms, or is 'Custom' beside an alias (no user data merged); "
               "an alias implies its family, so remove ami.family or use 'Custom'"),
    TenantRule(V1, lambda t: [] if t.capacity_reservation_selector else _reserved_paths(t),
               "capacity type 'reserved' needs capacityReservationSelector: the reservations the tenant may use"),
    TenantRule(V1, lambda t: _if(t.ami.selector_terms is not None and t.ami.family is None, "ami", "selectorTerms"),
               "ami.selectorTerms on 1.x need ami.family (the AMIs' family, or Custom with userData)"),
    TenantRule(V1ALPHA5, lambda t: _if(t.node_role is not None, "nodeRole"),
               "nodeRole is a Karpenter 1.x field; on 0.31 give 'instanceProfile' (or karpenter.defaultInstanceProfile)"),
    TenantRule(V1ALPHA5, lambda t: _if(t.ami.alias is not None, "ami", "alias"),
               "ami.alias is a Karpenter 1.x field; on 0.31 use ami.family, e.g. 'AL2'"),
    TenantRule(V1ALPHA5, lambda t: _if(t.disruption.budgets is not None, "disruption", "budgets"),
               "disruption.budgets needs Karpenter 1.x; 0.31 has no disruption budgets"),
    TenantRule(V1ALPHA5, lambda t: [("requirements", "extra", i, "minValues")
                                    for i, r in enumerate(t.requirements.extra) if r.min_values is not None],
               "requirements.extra[].minValues needs Karpenter 1.x"),
    TenantRule(V1ALPHA5, _reserved_paths, "capacity type 'reserved' needs Karpenter 1.x"),
    TenantRule(V1ALPHA5, lambda t: _if(t.capacity_reservation_selector is not None, "capacityReservationSelector"),
               "capacityReservationSelector needs Karpenter 1.x"),
    TenantRule(V1ALPHA5, lambda t: _if(t.limits.nodes is not None, "limits", "nodes"), "limits.nodes needs Karpenter 1.x"),
    TenantRule(V1ALPHA5, lambda t: _if(t.instance_store_policy is not None, "instanceStorePolicy"),
               "instanceStorePolicy needs Karpenter 1.x"),
    TenantRule(V1ALPHA5, lambda t: _if(t.termination_grace_period is not None, "terminationGracePeriod"),
               "terminationGracePeriod needs Karpenter 1.x"),
    TenantRule(V1ALPHA5, lambda t: _if(t.associate_public_ip_address, "associatePublicIPAddress"),
               "associatePublicIPAddress needs Karpenter 1.x (on 0.31 the subnet decides)"),
    TenantRule(V1ALPHA5, lambda t: [("ami", "selectorTerms", i, "ssmParameter")
                                    for i, term in enumerate(t.ami.selector_terms or []) if term.ssm_parameter],
               "ami.selectorTerms[].ssmParameter needs Karpenter 1.x"),
    TenantRule(V1ALPHA5, lambda t: [("securityGroupSelector", i, "name")
                                    for i, term in enumerate(t.security_group_selector or []) if term.name],
               "securityGroupSelector[].name needs Karpenter 1.x"),
    TenantRule(V1ALPHA5, lambda t: _if(t.disruption.consolidation_policy == "Balanced", "disruption",
                                       "consolidationPolicy"),
               "consolidationPolicy Balanced needs Karpenter >= 1.14; 0.31 has WhenEmptyOrUnderutilized "
               "(consolidation.enabled) and WhenEmpty"),
    TenantRule(V1ALPHA5, lambda t: _if(t.disruption.consolidation_policy == "WhenEmptyOrUnderutilized"
                                       and "consolidate_after" in t.disruption.model_fields_set,
                                       "disruption", "consolidateAfter"),
               "disruption.consolidateAfter has no effect with WhenEmptyOrUnderutilized on 0.31 (consolidation.enabled "
               "has no delay): remove it or use WhenEmpty"),
    TenantRule(V1ALPHA5, lambda t: _if(len([x for x in t.subnet_selector or [] if x.tags is not None]) > 1,
                                       "subnetSelector"),
               "subnetSelector: 0.31 selects by one tag map; merge the tag terms into one"),
    TenantRule(V1ALPHA5, lambda t: _if(len([x for x in t.security_group_selector or [] if x.tags is not None]) > 1,
                                       "securityGroupSelector"),
               "securityGroupSelector: 0.31 selects by one tag map; merge the tag terms into one"),
]
