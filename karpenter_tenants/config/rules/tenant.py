"""The rules between a tenant's fields and the Karpenter generation (TENANT_RULES), each giving the offending fields'
paths with one message. Tenant's model validator (config.schema.tenant) runs those of the file's generation in
TENANT_RULES' order; config.rules.cluster runs them again on the tenant as each of its pools sees it.

The rules read a config.schema.tenant.Tenant, which imports this module to run them: its type is imported under
TYPE_CHECKING only (never run, so no cycle). A 1.x field on 0.31 is refused as the node pool's field table says
(config.node_pool_fields: add the field there); any other rule: append a TenantRule to TENANT_RULES.

Imports config only."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from karpenter_tenants.config.node_pool_fields import FIELD, FIELDS
from karpenter_tenants.config.versions import Generation

if TYPE_CHECKING:
    from karpenter_tenants.config.schema.tenant import Tenant


@dataclass(frozen=True)
class TenantRule:
    """A rule between a tenant's fields and the Karpenter generation: `where` gives the offending fields' paths."""

    generation: Generation | None  # None: every generation
    where: Callable[[Tenant], list[tuple[str | int, ...]]]
    message: str


def _if(condition: bool, *path: str | int) -> list[tuple[str | int, ...]]:
    return [path] if condition else []


V1, V1ALPHA5 = Generation.V1, Generation.V1ALPHA5
# A field of the 1.x API on 0.31: the node pool's field table says which, where a tenant sets it and what the refusal
# says (config.node_pool_fields); then the rules between fields.
_reserved = FIELD["requirements.capacityTypes: reserved"].used or (lambda t: [])
FIELD_RULES = [
    TenantRule(V1ALPHA5, field.used, field.refusal_031())
    for field in FIELDS
    if field.used is not None and not field.v1alpha5
]
TENANT_RULES: list[TenantRule] = [
    *FIELD_RULES,
    TenantRule(
        None,
        lambda t: _if(t.replicas is not None and t.weight is not None, "weight"),
        "'weight' is not supported on static NodePools (replicas set; the NodePool CRD's rule): remove one",
    ),
    TenantRule(
        None,
        lambda t: _if(t.replicas is not None and bool(set(t.limits.resources()) - {"nodes"}), "limits"),
        "only 'limits.nodes' is supported on static NodePools (replicas set; the NodePool CRD's rule)",
    ),
    TenantRule(
        None,
        lambda t: _if(bool(t.buffers) and not t.namespaces, "buffers"),
        "a buffer is a CapacityBuffer in one of the tenant's namespaces: list them in namespaces (or remove buffers)",
    ),
    TenantRule(
        None,
        lambda t: _if(t.enforcement is not None and not t.namespaces, "enforcement"),
        "enforcement acts on the tenant's namespaces (its isolation binding): list them in namespaces (or "
        "remove enforcement)",
    ),
    TenantRule(
        None,
        lambda t: _if(t.quota is not None and not t.namespaces, "quota"),
        "a quota is written into the tenant's namespaces: list them in namespaces (or remove quota)",
    ),
    TenantRule(
        None,
        lambda t: _if(t.block_devices is not None and "root_volume" in t.model_fields_set, "rootVolume"),
        "set either rootVolume or blockDevices (which then must include the root volume), not both",
    ),
    TenantRule(
        None,
        lambda t: _if(
            t.ami.family == "Custom" and "root_volume" in t.model_fields_set and t.root_volume.device_name is None,
            "rootVolume",
        ),
        "rootVolume with ami.family Custom needs rootVolume.deviceName: Custom AMIs have no default root "
        "device (e.g. '/dev/xvda'), or remove rootVolume to keep the AMI's own disks",
    ),
    TenantRule(
        V1,
        lambda t: [
            ("blockDevices", index, "ebs")
            for index, device in enumerate(t.block_devices or [])
            if device.ebs.volume_size is None and device.ebs.snapshot_id is None
        ],
        "an EBS volume needs volumeSize or snapshotID (the EC2NodeClass CRD's rule: 'snapshotID or volumeSize must be "
        "defined'): give its size, e.g. volumeSize: 100Gi",
    ),
    TenantRule(
        V1,
        lambda t: _if(t.instance_profile is not None, "instanceProfile"),
        "instanceProfile is a Karpenter 0.31 field; on 1.x give 'nodeRole' (Karpenter creates the profile)",
    ),
    TenantRule(
        V1,
        lambda t: _if(t.ami.family not in (None, "Custom") and t.ami.selector_terms is None, "ami", "family"),
        "ami.family on 1.x goes with ami.selectorTerms, or is 'Custom' beside an alias (no user data merged); "
        "an alias implies its family, so remove ami.family or use 'Custom'",
    ),
    TenantRule(
        V1,
        lambda t: [] if t.capacity_reservation_selector else _reserved(t),
        "capacity type 'reserved' needs capacityReservationSelector: the reservations the tenant may use",
    ),
    TenantRule(
        V1,
        lambda t: _if(t.ami.selector_terms is not None and t.ami.family is None, "ami", "selectorTerms"),
        "ami.selectorTerms on 1.x need ami.family (the AMIs' family, or Custom with userData)",
    ),
    TenantRule(
        V1ALPHA5,
        lambda t: _if(t.disruption.consolidation_policy == "Balanced", "disruption", "consolidationPolicy"),
        "consolidationPolicy Balanced needs Karpenter >= 1.14; 0.31 has WhenEmptyOrUnderutilized "
        "(consolidation.enabled) and WhenEmpty",
    ),
    TenantRule(
        V1ALPHA5,
        lambda t: _if(
            t.disruption.consolidation_policy == "WhenEmptyOrUnderutilized"
            and "consolidate_after" in t.disruption.model_fields_set,
            "disruption",
            "consolidateAfter",
        ),
        "disruption.consolidateAfter has no effect with WhenEmptyOrUnderutilized on 0.31 (consolidation.enabled "
        "has no delay): remove it or use WhenEmpty",
    ),
    TenantRule(
        V1ALPHA5,
        lambda t: _if(len([x for x in t.subnet_selector or [] if x.tags is not None]) > 1, "subnetSelector"),
        "subnetSelector: 0.31 selects by one tag map; merge the tag terms into one",
    ),
    TenantRule(
        V1ALPHA5,
        lambda t: _if(
            len([x for x in t.security_group_selector or [] if x.tags is not None]) > 1, "securityGroupSelector"
        ),
        "securityGroupSelector: 0.31 selects by one tag map; merge the tag terms into one",
    ),
]
