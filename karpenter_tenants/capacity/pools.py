"""Per node pool, from the objects synth writes (NodePool for 1.x, Provisioner for 0.31) and the catalogue: the
instance types its requirements allow, the largest node, the on-demand price range, and the highest hourly
on-demand cost its limits allow (docs/capacity.md says what each figure means).

Requirements are evaluated as Karpenter intersects a NodePool's requirements with an instance type's: per key, on
the values the type offers. A catalogue label (karpenter.k8s.aws/*, kubernetes.io/arch, kubernetes.io/os,
node.kubernetes.io/instance-type) that a type lacks is absent (`In`, `Exists`, `Gt`... fail; `NotIn`,
`DoesNotExist` hold), as Karpenter's AWS provider gives a type without GPUs `instance-gpu-count DoesNotExist`.
karpenter.sh/capacity-type: every type is offered as on-demand and spot (the catalogue has no offerings);
`reserved` alone depends on the node class's capacity reservations, which the catalogue does not know, so it does
not narrow the set (said in a note). A key no catalogue type carries (topology.kubernetes.io/zone, a custom label)
does not choose among instance types: it is listed in a note, not evaluated."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from karpenter_tenants.capacity.catalogue import (
    ACCELERATORS,
    CATALOGUE_VERSION,
    PRICE_REGION,
    Catalogue,
    InstanceType,
    quantity,
)
from karpenter_tenants.config.listing import first_few
from karpenter_tenants.config.versions import NODE_POOL_KINDS
from karpenter_tenants.objects.dist_objects import objects_of

CAPACITY_TYPE = "karpenter.sh/capacity-type"
OFFERED = ("on-demand", "spot")  # the capacity types every catalogue type is offered as
COUNTED = ("cpu", "memory", "pods", *ACCELERATORS)  # resources every catalogue type says its amount of (0: none)


@dataclass(frozen=True)
class Bound:
    """What one limit allows: at most `cost` $/h on demand; how, in words."""

    limit: str  # "cpu 200", "nodes 4"
    cost: float  # math.inf: this limit does not bound the cost
    how: str


@dataclass(eq=False)
class PoolCapacity:
    cluster: str
    region: str
    kind: str
    name: str  # the NodePool's
    tenant: str
    total: int  # catalogue types
    allowed: list[InstanceType]  # by the requirements
    fitting: list[InstanceType]  # of those, each within every limit on its own (Karpenter launches no larger one)
    limits: dict[str, str]
    bounds: list[Bound]
    notes: list[str] = field(default_factory=list)

    @property
    def priced(self) -> list[InstanceType]:
        return [it for it in self.allowed if it.price is not None]

    @property
    def largest(self) -> InstanceType | None:
        return largest(self.allowed)

    @property
    def largest_fitting(self) -> InstanceType | None:
        return largest(self.fitting)

    @property
    def cheapest(self) -> InstanceType | None:
        return min(self.priced, key=lambda it: (it.price, it.name), default=None)

    @property
    def priciest(self) -> InstanceType | None:
        return max(self.priced, key=lambda it: (it.price, it.name), default=None)

    @property
    def bound(self) -> Bound | None:
        """The tightest limit's bound; None: no limit bounds the cost (unbounded)."""
        finite = [b for b in self.bounds if math.isfinite(b.cost)]
        return min(finite, key=lambda b: (b.cost, b.limit)) if finite else None


def largest(types: list[InstanceType]) -> InstanceType | None:
    """Most allocatable cpu, then memory (then the name, for one answer)."""
    return max(types, key=lambda it: (it.amount("cpu"), it.amount("memory"), it.name), default=None)


# --- requirements ------------------------------------------------------------------------------------------------


def _integer(value: str) -> int | None:
    return int(value) if value.isdigit() else None


def _narrow(present: bool, values: set[str], requirement: dict[str, Any]) -> tuple[bool, set[str]]:
    """(still possible, the values left) after one requirement, for a key the type offers `values` of (present) or
    lacks (not present)."""
    operator, wanted = requirement.get("operator"), [str(v) for v in requirement.get("values") or []]
    if operator == "NotIn":
        return True, values - set(wanted)
    if operator == "DoesNotExist":
        return not present, values
    if not present:
        return False, values
    if operator == "In":
        return True, values & set(wanted)
    if operator == "Exists":
        return True, values
    bound = _integer(wanted[0]) if len(wanted) == 1 else None
    compare = {
        "Gt": lambda v: v > bound,
        "Lt": lambda v: v < bound,
        "Gte": lambda v: v >= bound,
        "Lte": lambda v: v <= bound,
    }.get(str(operator))
    if compare is None or bound is None:
        raise ValueError(
            f"requirement {requirement!r}: operator {operator} with values {wanted} is not one Karpenter takes"
        )
    return True, {v for v in values if (n := _integer(v)) is not None and compare(n)}


def allows(requirements: list[dict[str, Any]], it: InstanceType, catalogue_keys: frozenset[str]) -> bool:
    """Whether an instance type satisfies every requirement on a key the catalogue carries (and capacity-type)."""
    by_key: dict[str, list[dict[str, Any]]] = {}
    for requirement in requirements:
        key = str(requirement.get("key"))
        if key in catalogue_keys or key == CAPACITY_TYPE:
            by_key.setdefault(key, []).append(requirement)
    for key, on_key in by_key.items():
        if key == CAPACITY_TYPE:
            present, values = True, {*OFFERED, "reserved"}
        else:
            present, values = key in it.labels, {it.labels[key]} if key in it.labels else set()
        for requirement in on_key:
            possible, values = _narrow(present, values, requirement)
            if not possible or (present and not values):
                return False
    return True


def requirement_notes(
    requirements: list[dict[str, Any]], catalogue: Catalogue, allowed: list[InstanceType]
) -> list[str]:
    """What the set leaves out or cannot say: keys not evaluated, reserved capacity, a minValues no set can meet."""
    notes = []
    other = sorted({str(r.get("key")) for r in requirements} - catalogue.label_keys - {CAPACITY_TYPE})
    if other:
        notes.append(
            f"not evaluated (no catalogue type carries the label, so it does not choose among instance "
            f"types): {', '.join(other)}"
        )
    capacity = [r for r in requirements if r.get("key") == CAPACITY_TYPE]
    left = {*OFFERED, "reserved"}
    for requirement in capacity:
        left = _narrow(True, left, requirement)[1]
    if capacity and left == {"reserved"}:
        notes.append(
            "reserved capacity only: Karpenter launches just the types of the capacity reservations the node "
            "class selects, which the catalogue does not know; counted here as every type the other "
            "requirements allow"
        )
    if capacity and not left:
        notes.append("no capacity type is left: Karpenter launches nothing")
    for requirement in requirements:
        wanted = requirement.get("minValues")
        if not isinstance(wanted, int):
            continue
        key = str(requirement.get("key"))
        if key == CAPACITY_TYPE:
            have = len(left)
        elif key in catalogue.label_keys:
            have = len({it.labels[key] for it in allowed if key in it.labels})
        else:
            continue
        if have < wanted:
            notes.append(
                f"minValues {wanted} on {key}, but the allowed types have {have} value(s): Karpenter "
                "launches nothing from this pool"
            )
    return notes


# --- limits ------------------------------------------------------------------------------------------------------


def capacity_of(it: InstanceType, resource: str) -> float | None:
    """How much of a limited resource a node of this type counts against the limit: cpu its vCPUs (Karpenter counts
    capacity), every other resource the catalogue's allocatable amount (for memory below the capacity Karpenter
    counts, so bounds err high); None: the catalogue cannot say (ephemeral-storage, set by the node class's disks)."""
    if resource == "cpu":
        return float(it.vcpus)
    if resource == "ephemeral-storage":
        return None
    return it.amount(resource)


def _fits(it: InstanceType, limits: dict[str, float]) -> bool:
    for resource, limit in limits.items():
        have = capacity_of(it, resource)
        if have is not None and have > limit:
            return False
    return True


def money(value: float) -> str:
    return f"${value:,.2f}" if value >= 1 else f"${value:.4f}".rstrip("0").rstrip(".") if value else "$0"


def _unit(resource: str, amount: float) -> str:
    if resource == "memory":
        return f"{amount / 2**30:,.1f} GiB"
    if resource == "cpu":
        return f"{amount:,g} vCPUs"
    return f"{amount:,g} {resource}"


def bounds(fitting: list[InstanceType], limits: dict[str, str], replicas: int | None) -> tuple[list[Bound], list[str]]:
    """For each limit, the highest hourly on-demand cost of nodes within it: filling a resource limit L with the type
    that costs most per unit of it, L × max(price / amount); `nodes` (and a static pool's replicas) × the priciest
    type. Over the allowed types that fit the limits and have a price. A type with none of a limited resource is not
    held back by that limit: that limit bounds nothing."""
    priced = [it for it in fitting if it.price is not None]
    found: list[Bound] = []
    notes: list[str] = []
    counts = {"nodes": limits.get("nodes")}
    for resource, text in limits.items():
        limit = quantity(str(text))
        if resource == "nodes" or limit is None:
            if limit is None:
                notes.append(f"limit {resource} {text!r} is not a quantity: not evaluated")
            continue
        label = f"{resource} {text}"
        if not priced:
            found.append(Bound(label, 0.0, "no allowed type with a us-east-1 price fits within the limits"))
            continue
        if resource == "ephemeral-storage" or (
            resource not in COUNTED and all(it.resources.get(resource) is None for it in priced)
        ):
            notes.append(f"limit {label}: the catalogue does not say how much of it a node has: not evaluated")
            continue
        amounts = [(it, capacity_of(it, resource) or 0.0) for it in priced]
        without = sorted(it.name for it, amount in amounts if amount <= 0)
        if without:
            shown = first_few(without, 3)
            found.append(Bound(label, math.inf, f"{len(without)} allowed type(s) have no {resource} ({shown})"))
            continue
        worst, amount = max(amounts, key=lambda pair: (pair[0].known_price / pair[1], pair[0].name))
        per_unit = worst.known_price / amount
        scale = 2**30 if resource == "memory" else 1.0
        unit = "GiB" if resource == "memory" else "vCPU" if resource == "cpu" else resource
        found.append(
            Bound(
                label,
                limit * per_unit,
                f"{resource} {text} filled with {worst.name}, the priciest per "
                f"{unit} ({money(worst.known_price)}/h for {_unit(resource, amount)}: "
                f"{money(per_unit * scale)}/h per {unit})",
            )
        )
    for what, limit_text in counts.items():
        if limit_text is None:
            continue
        count = quantity(limit_text)
        if count is None:
            notes.append(f"limit {what} {limit_text!r} is not a number: not evaluated")
            continue
        if not priced:
            found.append(
                Bound(f"{what} {limit_text}", 0.0, "no allowed type with a us-east-1 price fits within the limits")
            )
            continue
        top = max(priced, key=lambda it: (it.price, it.name))
        found.append(
            Bound(
                f"{what} {limit_text}",
                count * top.known_price,
                f"{limit_text} node(s), each at most {top.name}, the priciest allowed type within the limits "
                f"({money(top.known_price)}/h)",
            )
        )
    if replicas is not None and priced:
        top = max(priced, key=lambda it: (it.price, it.name))
        notes.append(
            f"a static pool: replicas {replicas} keep {replicas} node(s), at most "
            f"{money(replicas * top.known_price)}/h on demand ({PRICE_REGION} prices) as {top.name}; the limits "
            "allow more while Karpenter replaces a node (a new one starts before the old one goes)"
        )
    return found, notes


# --- pools -------------------------------------------------------------------------------------------------------


def pool_spec(obj: dict[str, Any]) -> tuple[list[dict[str, Any]], dict[str, str], int | None]:
    """(requirements, limits, static replicas) of a NodePool or Provisioner as written. A field of another shape (a
    base revision's dist/ edited by hand: `spec: [1]`) reads as absent; `validate` is what reports it."""

    def mapping(value: Any) -> dict[str, Any]:
        return value if isinstance(value, dict) else {}

    spec = mapping(obj.get("spec"))
    if obj.get("kind") == "Provisioner":
        requirements = spec.get("requirements")
        limits = mapping(mapping(spec.get("limits")).get("resources"))
    else:
        requirements = mapping(mapping(spec.get("template")).get("spec")).get("requirements")
        limits = mapping(spec.get("limits"))
    replicas = spec.get("replicas")
    return (
        [r for r in requirements if isinstance(r, dict)] if isinstance(requirements, list) else [],
        {str(k): str(v) for k, v in limits.items()},
        replicas
        if isinstance(replicas, int) and not isinstance(replicas, bool) and obj.get("kind") != "Provisioner"
        else None,
    )


def allowed_types(obj: dict[str, Any], catalogue: Catalogue) -> list[InstanceType]:
    """The catalogue types a NodePool's (or Provisioner's) requirements allow."""
    requirements = pool_spec(obj)[0]
    return [it for it in catalogue.types if allows(requirements, it, catalogue.label_keys)]


def pool_capacity(
    obj: dict[str, Any], catalogue: Catalogue, cluster: str, region: str, label_key: str = "tenant"
) -> PoolCapacity:
    requirements, limits, replicas = pool_spec(obj)
    metadata = obj.get("metadata") or {}
    allowed = [it for it in catalogue.types if allows(requirements, it, catalogue.label_keys)]
    numeric = {r: q for r, text in limits.items() if r != "nodes" and (q := quantity(str(text))) is not None}
    fitting = [it for it in allowed if _fits(it, numeric)]
    found, limit_notes = bounds(fitting, limits, replicas)
    notes = requirement_notes(requirements, catalogue, allowed) + limit_notes
    unpriced = sorted(it.name for it in allowed if it.price is None)
    if unpriced:
        notes.append(
            f"{len(unpriced)} allowed type(s) have no {PRICE_REGION} price in the table, left out of the "
            f"prices and the bound: {', '.join(unpriced)}"
        )
    typed = {
        "karpenter.k8s.aws/instance-category",
        "karpenter.k8s.aws/instance-family",
        "node.kubernetes.io/instance-type",
    }
    if obj.get("kind") == "Provisioner" and not typed & {str(r.get("key")) for r in requirements}:
        notes.append(
            "Karpenter 0.31's defaulting webhook adds instance-category In [c, m, r] to a Provisioner that names "
            "no instance category, family or type: not applied here, the set may be narrower"
        )
    if obj.get("kind") == "Provisioner":
        notes.append(
            f"a Karpenter 0.31 Provisioner, evaluated against Karpenter {CATALOGUE_VERSION}'s catalogue (0.31 "
            "reads the same EC2 types from the EC2 API, but not every label this catalogue has)"
        )
    tenant = str((metadata.get("labels") or {}).get(label_key, ""))
    return PoolCapacity(
        cluster,
        region,
        str(obj.get("kind")),
        str(metadata.get("name", "")),
        tenant,
        len(catalogue.types),
        allowed,
        fitting,
        limits,
        found,
        notes,
    )


def node_pools(files: dict[str, str]) -> dict[tuple[str, str], dict[str, Any]]:
    """(cluster key, NodePool name) -> the NodePool or Provisioner, from a dist/ tree's files."""
    return {(key[0], key[3]): obj for key, (_, obj) in objects_of(files).items() if key[1] in NODE_POOL_KINDS}
