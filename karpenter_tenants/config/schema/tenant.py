"""A tenant (`tenants[]`) and its pools (`tenants[].pools[]`); its validator runs the rules between a tenant's fields
and the Karpenter generation (config.rules.tenant.TENANT_RULES).

Part of the cluster config schema (config.schema); imports config only."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field, ValidationInfo, field_validator, model_validator

from karpenter_tenants.config.rules.tenant import TENANT_RULES
from karpenter_tenants.config.schema.base import (
    Duration,
    FieldProblems,
    Flag,
    IamRoleName,
    InstanceProfileName,
    Integer,
    LabelValue,
    Model,
    Name,
    context_generation,
    shown,
    unique_items,
)
from karpenter_tenants.config.schema.buffers import Buffer
from karpenter_tenants.config.schema.node_class import (
    Ami,
    BlockDevice,
    CapacityReservationTerm,
    EnclaveOptions,
    Kubelet,
    MetadataOptions,
    RootVolume,
    SelectorTerm,
    node_class_problems,
)
from karpenter_tenants.config.schema.overlays import MAX_NODE_OVERLAY_REQUIREMENTS, Overlay
from karpenter_tenants.config.schema.quota import Quota
from karpenter_tenants.config.schema.requirements import (
    MAX_NODE_POOL_REQUIREMENTS,
    Disruption,
    Limits,
    NodeLabelKey,
    Requirements,
    Taints,
    requirement_specs,
)
from karpenter_tenants.config.versions import Generation


class Pool(Model):
    """One of a tenant's node pools (1.x): NodePool `<tenant>-<pool>`, on the tenant's EC2NodeClass, with the tenant's
    label, taint, node role and isolation. What it leaves unset is the tenant's."""

    name: Name = Field(description="Pool name: the NodePool is `<tenant>-<name>`. Required, unique in the tenant.")
    node_pool_name: Name | None = Field(
        default=None,
        description="The NodePool's name when it is not `<tenant>-<name>`: the name a NodePool already has on the "
        "cluster (`import` keeps it), so adopting it changes the NodePool in place instead of deleting it with its "
        "nodes and creating another. Unique among the cluster's NodePools. Default `<tenant>-<name>`.",
    )
    requirements: Requirements | None = Field(
        default=None, description="Which instances this pool may launch. Default: the tenant's requirements."
    )
    limits: Limits | None = Field(
        default=None, description="Caps on this pool's capacity. Default: the tenant's limits."
    )
    weight: Integer | None = Field(
        default=None,
        ge=1,
        le=100,
        description="Priority among the tenant's pools (and all pools): Karpenter tries the highest weight first and "
        "falls back to lower ones when it cannot launch there (limits reached, no capacity). Default: the tenant's.",
    )
    disruption: Disruption | None = Field(
        default=None, description="When Karpenter may replace this pool's nodes. Default: the tenant's."
    )
    replicas: Integer | None = Field(
        default=None,
        ge=0,
        description="A static pool (Karpenter >= 1.8, alpha): this many nodes whatever the pods ask for. synth turns "
        "on the `staticCapacity` feature gate. Upstream's rules: no `weight`, only `limits.nodes`, consolidation "
        "ignored, and a pool cannot switch between static and dynamic (remove and re-add it). Default: the tenant's.",
    )
    labels: dict[NodeLabelKey, LabelValue] = Field(
        default_factory=dict, description="Node labels added to the tenant's. Default none."
    )
    taints: Taints = Field(
        default_factory=list,
        description="Taints added to the tenant's (e.g. a GPU pool's `nvidia.com/gpu:NoSchedule`). Default none.",
    )


# What a pool overrides, the one list of it: each Pool field but the pool's names, with how the pool's value meets the
# tenant's (REPLACES: the pool's when set, else the tenant's; ADDS: the tenant's and then the pool's). node_pools()
# applies it; config.rules.cluster, convert.importer, convert.migrate and convert.nodegroups.draft read POOL_KEYS.
# tests/unit/config/test_pool_overrides.py holds it to Pool's fields.
Combine = Literal["replaces", "adds"]
REPLACES: Combine = "replaces"
ADDS: Combine = "adds"
POOL_NAMES = ("name", "node_pool_name")  # who the pool is, not what it overrides
POOL_OVERRIDES: dict[str, Combine] = {
    "requirements": REPLACES,
    "limits": REPLACES,
    "weight": REPLACES,
    "disruption": REPLACES,
    "replicas": REPLACES,
    "labels": ADDS,
    "taints": ADDS,
}
# The same fields as the cluster file spells them (tenants[].pools[] keys), in Pool's order.
POOL_KEYS: tuple[str, ...] = tuple(Pool.model_fields[name].alias or name for name in POOL_OVERRIDES)


MAX_NODE_POOL_LABELS = 100  # karpenter.sh_nodepools.yaml: spec.template.metadata.labels maxProperties
EC2_TAG_TEXT = re.compile(r"[\w .:/=+\-@]*")
# EC2 holds at most 50 tags on an instance (docs.aws.amazon.com: tag restrictions). Karpenter's AWS provider adds its
# own: at launch kubernetes.io/cluster/<cluster>, karpenter.sh/nodepool, eks:eks-cluster-name and
# karpenter.k8s.aws/ec2nodeclass (CloudProvider's staticTags), then its tagging controller karpenter.sh/nodeclaim and
# Name; synth adds the tenant tag. A tenant's own Name tag is one of those, not another.
EC2_MAX_TAGS = 50
KARPENTER_INSTANCE_TAGS = 6


class Tenant(Model):
    name: Name = Field(description="Tenant name: node pool, node class and label value. Required, unique.")
    node_role: IamRoleName | None = Field(
        default=None, description="1.x: IAM role of the tenant's nodes. Default `karpenter-node-<cluster>-<tenant>`."
    )
    instance_profile: InstanceProfileName | None = Field(
        default=None,
        description="0.31: instance profile of the tenant's nodes. Default: karpenter.defaultInstanceProfile if set, "
        "else `karpenter-node-<cluster>-<tenant>`.",
    )
    namespaces: list[Name] = Field(
        default_factory=list,
        description="Namespaces of the tenant: their pods must select the tenant's nodes, and no other pod may "
        "tolerate its taint (ValidatingAdmissionPolicy, Kubernetes >= 1.30). Default none.",
    )
    enforcement: Literal["audit", "warn", "deny"] | None = Field(
        default=None,
        description="How the isolation policy acts on this tenant's namespaces (its binding's validationActions): "
        "`audit`, `warn` or `deny`, as tenancy.enforcement says them. Default: tenancy.enforcement. A customer moved "
        "early is enforced (`deny`) while the others are still audited (docs/isolation.md).",
    )
    dedicated: Flag = Field(
        default=True,
        description="Default true: nodes carry the tenant taint, so only this tenant's pods (tolerating it) land.",
    )
    requirements: Requirements = Field(default_factory=Requirements, description="Which instances may launch.")
    limits: Limits = Field(default_factory=Limits, description="Caps on the tenant's total capacity.")
    labels: dict[NodeLabelKey, LabelValue] = Field(default_factory=dict, description="Extra node labels. Default none.")
    taints: Taints = Field(default_factory=list, description="Extra taints. Default none.")
    startup_taints: Taints = Field(default_factory=list, description="Default none.")
    tags: dict[str, str] = Field(
        default_factory=dict,
        description="Extra EC2 tags, at most 43 (an instance holds 50; "
        "Karpenter adds 6, synth the tenant tag). Default none.",
    )
    weight: Integer | None = Field(default=None, ge=1, le=100, description="Node pool priority 1-100. Default none.")
    replicas: Integer | None = Field(
        default=None,
        ge=0,
        description="1.x >= 1.8: a static node pool of this many nodes (see pools[].replicas). Default none (Karpenter "
        "scales with the pods).",
    )
    annotations: dict[str, str] = Field(default_factory=dict, description="Node annotations. Default none.")
    kubelet: Kubelet | None = Field(default=None, description="Kubelet settings. Default: Karpenter's.")
    user_data: str | None = Field(
        default=None,
        max_length=16 * 1024,
        description="Extra user data for the nodes "
        "(EC2 takes at most 16 KiB, Karpenter's own bootstrap included). Default none.",
    )
    instance_store_policy: Literal["RAID0"] | None = Field(
        default=None, description="1.x: `RAID0` to use instance store volumes. Default none."
    )
    block_devices: list[BlockDevice] | None = Field(
        default=None, description="Block devices, replacing rootVolume when set. Default: rootVolume only."
    )
    detailed_monitoring: Flag | None = Field(default=None, description="EC2 detailed monitoring. Default: off.")
    associate_public_ip_address: Flag = Field(
        default=False, alias="associatePublicIPAddress", description="1.x: give nodes public IPs. Default false."
    )
    termination_grace_period: Duration | None = Field(
        default=None, description="1.x: how long a draining node may take. Default: unlimited."
    )
    enclave_options: EnclaveOptions | None = Field(
        default=None,
        description="1.x >= 1.15: `{enabled: true}` turns on AWS Nitro Enclaves (the EC2NodeClass's "
        "enclaveOptions; only instance types that support them launch). Default none (off).",
    )
    disruption: Disruption = Field(default_factory=Disruption, description="When Karpenter may replace nodes.")
    overlays: list[Overlay] = Field(
        default_factory=list,
        description="1.x >= 1.7: NodeOverlays for the tenant's node pools (price adjustments, extra capacity), written "
        "with the pools; synth turns on the `nodeOverlay` feature gate. Default none.",
    )
    quota: Quota | None = Field(
        default=None,
        description="A cap on what the tenant's pods may request, written as a ResourceQuota in each of its "
        "`namespaces` (the whole cap in each, which add up and synth warns, or each one's share: `split`) and applied "
        "after its node pools (stage `quota-<tenant>`, NotReady until the namespaces exist). Needs `namespaces`. "
        "Default none.",
    )
    buffers: list[Buffer] = Field(
        default_factory=list,
        description="1.x >= 1.14: CapacityBuffers in the tenant's namespaces, spare room on its nodes kept ready for "
        "its pods, applied after its node pools (stage `buffers-<tenant>`); synth turns on the `capacityBuffer` "
        "feature gate. Needs `namespaces`. Default none.",
    )
    pools: list[Pool] = Field(
        default_factory=list,
        description="1.x: several node pools for this tenant (a general pool and a GPU pool, on-demand and a spot "
        "burst at another weight, arm64 beside amd64), each a NodePool `<tenant>-<pool>` on the tenant's one "
        "EC2NodeClass; the tenant's requirements, limits, weight, disruption, labels and taints are their defaults "
        "(docs/configuration.md). Default none: one NodePool named after the tenant.",
    )
    ami: Ami = Field(default_factory=Ami, description="Which AMI nodes boot.")
    root_volume: RootVolume = Field(default_factory=RootVolume, description="The root EBS volume.")
    metadata_options: MetadataOptions = Field(
        default_factory=MetadataOptions, description="Instance metadata service (IMDS) settings."
    )
    subnet_selector: list[SelectorTerm] | None = Field(
        default=None, description="Default: subnets tagged `karpenter.sh/discovery: <cluster>`."
    )
    security_group_selector: list[SelectorTerm] | None = Field(
        default=None, description="Default: security groups tagged `karpenter.sh/discovery: <cluster>`."
    )
    capacity_reservation_selector: list[CapacityReservationTerm] | None = Field(
        default=None,
        description="1.x: On-Demand Capacity Reservations the tenant may use (capacityReservationSelectorTerms); "
        "required with capacity type `reserved`. Default none.",
    )

    @field_validator("namespaces")
    @classmethod
    def _namespaces_once(cls, value: list[str]) -> list[str]:
        return unique_items(value)  # type: ignore[return-value]

    @field_validator("tags")
    @classmethod
    def _tag_keys(cls, value: dict[str, str]) -> dict[str, str]:
        # The EC2NodeClass CEL rules' restricted keys, and AWS's own prefix.
        restricted = (
            "karpenter.sh/nodepool",
            "karpenter.sh/nodeclaim",
            "karpenter.k8s.aws/ec2nodeclass",
            "eks:eks-cluster-name",
        )
        for key, text in value.items():
            if key in restricted or key.startswith(("kubernetes.io/cluster", "aws:")):
                raise ValueError(f"tag key {key!r} is reserved for Karpenter, EKS or AWS; choose another key")
            # EC2's limits on a tag: a key of 1-128 and a value of at most 256 characters, of letters, digits,
            # spaces and _ . : / = + - @ (docs.aws.amazon.com: tag restrictions)
            for what, part, most in (("key", key, 128), ("value", text, 256)):
                if len(part) > most or (what == "key" and not part) or not EC2_TAG_TEXT.fullmatch(part):
                    raise ValueError(
                        f"tag {shown(key)}: its {what} {shown(part)} is not {most} characters at most of "
                        "letters, digits, spaces and _ . : / = + - @, as EC2 takes tags"
                    )
        most = EC2_MAX_TAGS - KARPENTER_INSTANCE_TAGS - 1
        if len(set(value) - {"Name"}) > most:
            raise ValueError(
                f"{len(value)} tags: an instance holds {EC2_MAX_TAGS}, of which Karpenter adds "
                f"{KARPENTER_INSTANCE_TAGS} (Name, karpenter.sh/nodepool, karpenter.sh/nodeclaim, "
                "karpenter.k8s.aws/ec2nodeclass, eks:eks-cluster-name, kubernetes.io/cluster/<cluster>) and "
                f"synth the tenant tag: at most {most} of your own (Name aside); drop some"
            )
        return value

    @field_validator("pools")
    @classmethod
    def _pool_names_once(cls, value: list[Pool]) -> list[Pool]:
        names = [pool.name for pool in value]
        repeated = sorted({n for n in names if names.count(n) > 1})
        if repeated:
            raise ValueError(f"pool names {', '.join(map(repr, repeated))} listed more than once; name each pool once")
        return value

    @model_validator(mode="after")
    def _labels_fit_the_node_pool(self) -> Tenant:
        """A NodePool's template holds at most 100 labels (the CRD's maxProperties): the tenant's, a pool's, and the
        tenant label synth adds."""
        for path, labels in [
            (("labels",), dict(self.labels)),
            *((("pools", index, "labels"), {**self.labels, **pool.labels}) for index, pool in enumerate(self.pools)),
        ]:
            if len(labels) + 1 > MAX_NODE_POOL_LABELS:
                raise ValueError(
                    f"{'.'.join(map(str, path))}: {len(labels)} labels and the tenant label make "
                    f"{len(labels) + 1}; a NodePool's template holds at most {MAX_NODE_POOL_LABELS} (the "
                    "CRD's maxProperties): drop some"
                )
        return self

    @model_validator(mode="after")
    def _requirements_fit_the_node_pool(self, info: ValidationInfo) -> Tenant:
        """A NodePool's template holds at most 100 requirements (the CRD's maxItems): counted as the NodePool writes
        them (requirement_specs: the typed keys, the defaults for those left unset, then `extra`), once per
        `requirements` a NodePool takes (the tenant's, unless every pool sets its own; each pool's own). 0.31's
        Provisioner CRD has no such bound. A tenant's NodeOverlays alike (the NodeOverlay CRD's maxItems 100)."""
        if context_generation(info) is Generation.V1ALPHA5:
            return self
        problems: list[tuple[tuple[str | int, ...], str]] = []
        checked: set[tuple[str | int, ...]] = set()
        for position, (name, pool, seen) in enumerate(node_pools(self)):  # a pool's position is its index
            own = pool is not None and self.pools[position].requirements is not None
            path: tuple[str | int, ...] = ("pools", position, "requirements") if own else ("requirements",)
            written = len(requirement_specs(seen.requirements))
            if written <= MAX_NODE_POOL_REQUIREMENTS or path in checked:
                continue
            checked.add(path)
            extra = len(seen.requirements.extra)
            problems.append(
                (
                    (*path, "extra") if extra else path,
                    f"NodePool {name} would get {written} requirements ({extra} of extra, {written - extra} from the "
                    f"typed keys and their defaults); a NodePool's template holds at most "
                    f"{MAX_NODE_POOL_REQUIREMENTS} (the NodePool CRD's spec.template.spec.requirements maxItems): "
                    "drop some",
                )
            )
        for index, overlay in enumerate(self.overlays):  # synth adds `karpenter.sh/nodepool In` the tenant's pools
            if len(overlay.requirements) + 1 > MAX_NODE_OVERLAY_REQUIREMENTS:
                problems.append(
                    (
                        ("overlays", index, "requirements"),
                        f"{len(overlay.requirements)} requirements and the karpenter.sh/nodepool one synth adds make "
                        f"{len(overlay.requirements) + 1}; a NodeOverlay holds at most {MAX_NODE_OVERLAY_REQUIREMENTS} "
                        "(the NodeOverlay CRD's spec.requirements maxItems): drop some",
                    )
                )
        if problems:
            raise FieldProblems(problems)
        return self

    @model_validator(mode="after")
    def _namespaced_objects_fit(self) -> Tenant:
        """The quota's split and the buffers name the tenant's own namespaces and pools."""
        problems = [
            (("quota", *path), message)
            for path, message in (self.quota.split_problems(list(self.namespaces)) if self.quota is not None else [])
        ]
        pools = [pool.name for pool in self.pools]
        seen: set[str] = set()
        for index, buffer in enumerate(self.buffers):
            path = ("buffers", index)
            if buffer.name in seen:
                problems.append(((*path, "name"), f"buffer {buffer.name!r} is listed twice"))
            seen.add(buffer.name)
            if buffer.namespace is None and len(self.namespaces) > 1:
                problems.append(
                    (
                        (*path, "namespace"),
                        f"the tenant has {len(self.namespaces)} namespaces: name the "
                        f"buffer's ({', '.join(self.namespaces)})",
                    )
                )
            elif buffer.namespace is not None and self.namespaces and buffer.namespace not in self.namespaces:
                problems.append(
                    (
                        (*path, "namespace"),
                        f"{buffer.namespace!r} is not one of the tenant's namespaces ({', '.join(self.namespaces)})",
                    )
                )
            if buffer.pool is not None and buffer.pool not in pools:
                problems.append(
                    (
                        (*path, "pool"),
                        f"{buffer.pool!r} is not one of the tenant's pools ("
                        + (", ".join(pools) if pools else "it has none: remove pool")
                        + ")",
                    )
                )
        if problems:
            raise FieldProblems(problems)
        return self

    @model_validator(mode="after")
    def _node_class_fits_the_crd(self, info: ValidationInfo) -> Tenant:
        """What the EC2NodeClass CRD refuses of the node class fields (config.schema.node_class)."""
        problems = node_class_problems(
            v1=context_generation(info) is not Generation.V1ALPHA5,
            ami=self.ami,
            subnet_selector=self.subnet_selector,
            security_group_selector=self.security_group_selector,
            capacity_reservation_selector=self.capacity_reservation_selector,
            block_devices=self.block_devices,
        )
        if problems:
            raise FieldProblems(problems)
        return self

    def buffer_namespace(self, buffer: Buffer) -> str:
        return buffer.namespace or self.namespaces[0]

    @model_validator(mode="after")
    def _fits_generation(self, info: ValidationInfo) -> Tenant:
        generation = context_generation(info)
        problems = [
            (path, rule.message)
            for rule in TENANT_RULES
            if rule.generation in (None, generation)
            for path in rule.where(self)
        ]
        if problems:
            raise FieldProblems(problems)
        return self


def node_pools(tenant: Tenant) -> list[tuple[str, str | None, Tenant]]:
    """(NodePool name, pool name, the tenant as that pool sees it) for each of the tenant's node pools: one named
    after the tenant without pools, else `<tenant>-<pool>` (or the pool's nodePoolName) each, whose unset settings are the tenant's. Pure: the
    validators call it; charts read it from config.resolved."""
    if not tenant.pools:
        return [(tenant.name, None, tenant)]
    found: list[tuple[str, str | None, Tenant]] = []
    for pool in tenant.pools:
        update: dict[str, object] = {"pools": []}
        for name, how in POOL_OVERRIDES.items():
            own, default = getattr(pool, name), getattr(tenant, name)
            if how == ADDS:
                update[name] = {**default, **own} if isinstance(default, dict) else [*default, *own]
            else:
                update[name] = own if own is not None else default
        if update["replicas"] is not None and pool.limits is None:
            # A static NodePool takes only limits.nodes (the NodePool CRD's rule on spec: "only 'limits.nodes' is
            # supported on static NodePools"): of the tenant's limits it inherits only nodes; limits a static
            # pool sets itself are refused (config.rules.tenant).
            update["limits"] = Limits.model_validate({"nodes": tenant.limits.nodes} if tenant.limits.nodes else {})
        found.append((pool.node_pool_name or f"{tenant.name}-{pool.name}", pool.name, tenant.model_copy(update=update)))
    return found
