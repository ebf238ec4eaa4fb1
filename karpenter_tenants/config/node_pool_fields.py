"""The node pool's field table: for each key of a tenant (or its pools) that not every supported Karpenter release has,
or that replaces nodes differently per generation, where it lands in each generation's objects (kind, path, drift
class), the first release whose CRDs have it, where a tenant uses it and what a refusal says.

Read by: config.rules.tenant (a 1.x field on 0.31 is refused with `on_031`), config.rules.cluster (a field on a 1.x
release before `since` is refused with `older`), kinds.node_pool.drift (the behavioral paths: a change there replaces
no node) and config.docs (docs/configuration.md's table "What each node pool field needs"). tests/unit/config/test_node_pool_fields.py
checks every landing against each release's CRDs in the reference data (0.31.5; 1.0.14, 1.14.1, 1.15.2), present
from `since` and absent before. To add a field: one FIELD entry.

The node pool kind's (kinds/node_pool/) facts, kept in config/ because config's rules read them: a folder imports
only the folders below it (kinds/ sits above config/). Imports config.versions, config.schema.requirements and
config.schema.tenant only (the last for the Tenant a field's `used` reads, under TYPE_CHECKING: that module runs
config.rules.tenant, which reads this one)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from karpenter_tenants.config.schema.requirements import TYPED_REQUIREMENT_KEYS
from karpenter_tenants.config.versions import ENCLAVE_OPTIONS, Generation, KarpenterVersion

if TYPE_CHECKING:
    from karpenter_tenants.config.schema.tenant import Tenant

# Drift classes (Karpenter's disruption docs, "Drift"; kinds.node_pool.drift says each in the plan's words).
BEHAVIORAL = "behavioral"  # a change replaces no node
TEMPLATE = "template"  # a change replaces every node of the pool (the NodePool's template hash, 0.31's spec hash)
REQUIREMENT = "requirement"  # narrowing replaces the nodes that no longer match; widening none
NODE_CLASS = "node class"  # a change replaces the nodes using the node class (selector terms: where they select anew)
OBJECT = "object"  # the field makes objects: one removed terminates its nodes, one added replaces none

PathKey = tuple[str | int, ...]
V1_ONLY = "1.0.0"  # `since` of a field the 1.x API has from its first release and 0.31 lacks


@dataclass(frozen=True)
class Landing:
    """Where a field is written in one generation's objects."""

    kind: str  # "NodePool", "EC2NodeClass", "Provisioner", "AWSNodeTemplate", "NodeOverlay", "CapacityBuffer"
    path: str  # "spec.template.spec.expireAfter"
    drift: str  # BEHAVIORAL, TEMPLATE, REQUIREMENT, NODE_CLASS or OBJECT


@dataclass(frozen=True)
class Field:
    """A tenant's key and what each Karpenter release makes of it."""

    key: str  # as the cluster file spells it under tenants[]: "limits.nodes"
    since: str  # the first release whose CRDs have it: "0.31.0" (every supported release), V1_ONLY, "1.8.0"
    v1: tuple[Landing, ...]
    v1alpha5: tuple[Landing, ...] = ()  # where 0.31 writes it (empty: 0.31 has no such field)
    used: Callable[[Tenant], list[PathKey]] | None = None  # where a tenant sets it, tenant-relative
    on_031: str = ""  # the refusal on 0.31, whole; default "<key> needs Karpenter 1.x"
    older: str = ""  # the refusal on a 1.x release before `since`: a template of {since} and {version}

    @property
    def release(self) -> KarpenterVersion:
        return KarpenterVersion.parse(self.since)

    def available(self, version: KarpenterVersion) -> bool:
        """Whether the release's API has the field (0.31 only has what it writes)."""
        if version.generation is Generation.V1ALPHA5:
            return bool(self.v1alpha5)
        return version.at_least(self.since)

    def landings(self, generation: Generation) -> tuple[Landing, ...]:
        return self.v1 if generation is Generation.V1 else self.v1alpha5

    def refusal_031(self) -> str:
        return self.on_031 or f"{self.key} needs Karpenter 1.x"

    def refusal_older(self, version: KarpenterVersion) -> str:
        template = self.older or (self.key + " needs Karpenter >= {since}; this cluster pins {version}")
        return template.format(since=self.since, version=version)


def _if(condition: bool, *path: str | int) -> list[PathKey]:
    return [path] if condition else []


def _reserved(tenant: Tenant) -> list[PathKey]:
    """Where the tenant asks for reserved capacity: capacityTypes, or a raw capacity-type requirement (as `import`
    writes them) that admits `reserved`."""
    key = TYPED_REQUIREMENT_KEYS["capacity_types"]
    found = _if("reserved" in tenant.requirements.capacity_types, "requirements", "capacityTypes")
    return found + [
        ("requirements", "extra", i, "values")
        for i, r in enumerate(tenant.requirements.extra)
        if r.key == key and r.operator == "In" and "reserved" in r.values
    ]


NP, NC, PR, NT = "NodePool", "EC2NodeClass", "Provisioner", "AWSNodeTemplate"
TEMPLATE_SPEC = "spec.template.spec"

# In the order config.rules.tenant refuses them on 0.31.
FIELDS: tuple[Field, ...] = (
    Field(
        "pools",
        V1_ONLY,
        (Landing(NP, "metadata.name", OBJECT),),
        used=lambda t: _if(bool(t.pools), "pools"),
        on_031="pools are a Karpenter 1.x setting (NodePools on one EC2NodeClass); on 0.31 give each pool a tenant of "
        "its own, or migrate the cluster to 1.x first",
    ),
    Field(
        "replicas",
        "1.8.0",
        (Landing(NP, "spec.replicas", BEHAVIORAL),),
        used=lambda t: (
            _if(t.replicas is not None, "replicas")
            + [("pools", i, "replicas") for i, p in enumerate(t.pools) if p.replicas is not None]
        ),
        on_031="replicas (static node pools) needs Karpenter >= 1.8",
        older="static node pools (replicas) need Karpenter >= {since}; this cluster pins {version}",
    ),
    Field(
        "overlays",
        "1.7.0",
        (Landing("NodeOverlay", "spec", BEHAVIORAL),),
        used=lambda t: _if(bool(t.overlays), "overlays"),
        on_031="overlays (NodeOverlay) need Karpenter >= 1.7",
        older="NodeOverlays need Karpenter >= {since}; this cluster pins {version}",
    ),
    Field(
        "buffers",
        "1.14.0",
        (Landing("CapacityBuffer", "spec", BEHAVIORAL),),
        used=lambda t: _if(bool(t.buffers), "buffers"),
        on_031="buffers (CapacityBuffer) need Karpenter >= 1.14",
        older="CapacityBuffers need Karpenter >= {since}; this cluster pins {version}",
    ),
    Field(
        "nodeRole",
        V1_ONLY,
        (Landing(NC, "spec.role", NODE_CLASS),),
        used=lambda t: _if(t.node_role is not None, "nodeRole"),
        on_031="nodeRole is a Karpenter 1.x field; on 0.31 give 'instanceProfile' (or karpenter.defaultInstanceProfile)",
    ),
    Field(
        "ami.alias",
        V1_ONLY,
        (Landing(NC, "spec.amiSelectorTerms", NODE_CLASS),),
        used=lambda t: _if(t.ami.alias is not None, "ami", "alias"),
        on_031="ami.alias is a Karpenter 1.x field; on 0.31 use ami.family, e.g. 'AL2'",
    ),
    Field(
        "disruption.budgets",
        V1_ONLY,
        (Landing(NP, "spec.disruption.budgets", BEHAVIORAL),),
        used=lambda t: _if(t.disruption.budgets is not None, "disruption", "budgets"),
        on_031="disruption.budgets needs Karpenter 1.x; 0.31 has no disruption budgets",
    ),
    Field(
        "requirements.extra[].minValues",
        V1_ONLY,
        (Landing(NP, TEMPLATE_SPEC + ".requirements", REQUIREMENT),),
        used=lambda t: [
            ("requirements", "extra", i, "minValues")
            for i, r in enumerate(t.requirements.extra)
            if r.min_values is not None
        ],
    ),
    Field(
        "requirements.capacityTypes: reserved",
        V1_ONLY,
        (Landing(NP, TEMPLATE_SPEC + ".requirements", REQUIREMENT),),
        used=_reserved,
        on_031="capacity type 'reserved' needs Karpenter 1.x",
    ),
    # Capacity reservations: "Karpenter introduced native support for EC2 On-Demand Capacity Reservations (ODCRs) in
    # v1.3" (karpenter.sh docs, tasks/odcrs).
    Field(
        "capacityReservationSelector",
        "1.3.0",
        (Landing(NC, "spec.capacityReservationSelectorTerms", NODE_CLASS),),
        used=lambda t: _if(t.capacity_reservation_selector is not None, "capacityReservationSelector"),
        older="capacityReservationSelector needs Karpenter >= {since} (on-demand capacity reservations); this "
        "cluster pins {version}, whose EC2NodeClass CRD refuses it: upgrade karpenter.version, or remove it",
    ),
    Field(
        "limits.nodes",
        V1_ONLY,
        (Landing(NP, "spec.limits.nodes", BEHAVIORAL),),
        used=lambda t: _if(t.limits.nodes is not None, "limits", "nodes"),
    ),
    Field(
        "instanceStorePolicy",
        V1_ONLY,
        (Landing(NC, "spec.instanceStorePolicy", NODE_CLASS),),
        used=lambda t: _if(t.instance_store_policy is not None, "instanceStorePolicy"),
    ),
    Field(
        "terminationGracePeriod",
        V1_ONLY,
        (Landing(NP, TEMPLATE_SPEC + ".terminationGracePeriod", TEMPLATE),),
        used=lambda t: _if(t.termination_grace_period is not None, "terminationGracePeriod"),
    ),
    Field(
        "associatePublicIPAddress",
        V1_ONLY,
        (Landing(NC, "spec.associatePublicIPAddress", NODE_CLASS),),
        used=lambda t: _if(t.associate_public_ip_address, "associatePublicIPAddress"),
        on_031="associatePublicIPAddress needs Karpenter 1.x (on 0.31 the subnet decides)",
    ),
    # ssmParameter: aws/karpenter-provider-aws#7341, in the v1.4.0 release notes.
    Field(
        "ami.selectorTerms[].ssmParameter",
        "1.4.0",
        (Landing(NC, "spec.amiSelectorTerms[].ssmParameter", NODE_CLASS),),
        used=lambda t: [
            ("ami", "selectorTerms", i, "ssmParameter")
            for i, term in enumerate(t.ami.selector_terms or [])
            if term.ssm_parameter
        ],
        older="ami.selectorTerms[].ssmParameter needs Karpenter >= {since}; this cluster pins {version}, whose "
        "EC2NodeClass CRD refuses it: upgrade karpenter.version, or select the AMIs by alias, id, name or tags",
    ),
    Field(
        "securityGroupSelector[].name",
        V1_ONLY,
        (Landing(NC, "spec.securityGroupSelectorTerms[].name", NODE_CLASS),),
        used=lambda t: [
            ("securityGroupSelector", i, "name") for i, term in enumerate(t.security_group_selector or []) if term.name
        ],
    ),
    # Fields every supported release has, for their landing and drift class (what plan and the docs say).
    Field("weight", "0.31.0", (Landing(NP, "spec.weight", BEHAVIORAL),), (Landing(PR, "spec.weight", BEHAVIORAL),)),
    Field("limits", "0.31.0", (Landing(NP, "spec.limits", BEHAVIORAL),), (Landing(PR, "spec.limits", BEHAVIORAL),)),
    Field(
        "disruption",
        "0.31.0",
        (Landing(NP, "spec.disruption", BEHAVIORAL),),
        (Landing(PR, "spec.consolidation", BEHAVIORAL), Landing(PR, "spec.ttlSecondsAfterEmpty", BEHAVIORAL)),
    ),
    Field(
        "disruption.expireAfter",
        "0.31.0",
        (Landing(NP, TEMPLATE_SPEC + ".expireAfter", TEMPLATE),),
        (Landing(PR, "spec.ttlSecondsUntilExpired", BEHAVIORAL),),
    ),
    Field(
        "requirements",
        "0.31.0",
        (Landing(NP, TEMPLATE_SPEC + ".requirements", REQUIREMENT),),
        (Landing(PR, "spec.requirements", REQUIREMENT),),
    ),
    Field(
        "labels",
        "0.31.0",
        (Landing(NP, "spec.template.metadata.labels", TEMPLATE),),
        (Landing(PR, "spec.labels", TEMPLATE),),
    ),
    Field(
        "taints", "0.31.0", (Landing(NP, TEMPLATE_SPEC + ".taints", TEMPLATE),), (Landing(PR, "spec.taints", TEMPLATE),)
    ),
    Field(
        "startupTaints",
        "0.31.0",
        (Landing(NP, TEMPLATE_SPEC + ".startupTaints", TEMPLATE),),
        (Landing(PR, "spec.startupTaints", TEMPLATE),),
    ),
    Field(
        "kubelet",
        "0.31.0",
        (Landing(NC, "spec.kubelet", NODE_CLASS),),
        (Landing(PR, "spec.kubeletConfiguration", TEMPLATE),),
    ),
    Field(
        "userData", "0.31.0", (Landing(NC, "spec.userData", NODE_CLASS),), (Landing(NT, "spec.userData", NODE_CLASS),)
    ),
    Field(
        "blockDevices",
        "0.31.0",
        (Landing(NC, "spec.blockDeviceMappings", NODE_CLASS),),
        (Landing(NT, "spec.blockDeviceMappings", NODE_CLASS),),
    ),
    Field("tags", "0.31.0", (Landing(NC, "spec.tags", NODE_CLASS),), (Landing(NT, "spec.tags", NODE_CLASS),)),
    Field(
        "subnetSelector",
        "0.31.0",
        (Landing(NC, "spec.subnetSelectorTerms", NODE_CLASS),),
        (Landing(NT, "spec.subnetSelector", NODE_CLASS),),
    ),
    Field(
        "securityGroupSelector",
        "0.31.0",
        (Landing(NC, "spec.securityGroupSelectorTerms", NODE_CLASS),),
        (Landing(NT, "spec.securityGroupSelector", NODE_CLASS),),
    ),
    # refused on older releases by config.rules.release_api, as an API addition
    Field("enclaveOptions", ENCLAVE_OPTIONS.since, (Landing(NC, "spec.enclaveOptions", NODE_CLASS),)),
)
FIELD = {field.key: field for field in FIELDS}


def behavioral_paths(generation: Generation, kind: str) -> tuple[str, ...]:
    """The paths of a kind of the generation whose changes replace no node (kinds.node_pool.drift)."""
    return tuple(
        dict.fromkeys(
            landing.path
            for field in FIELDS
            for landing in field.landings(generation)
            if landing.kind == kind and landing.drift == BEHAVIORAL
        )
    )
