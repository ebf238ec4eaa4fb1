"""Karpenter's drift rules: which field changes of a node pool or a node class replace its nodes, per API generation,
after Karpenter's disruption documentation (concepts/disruption, "Drift", "Special Cases on Drift" and "Behavioral
Fields") and the drift design (kubernetes-sigs/karpenter designs/drift.md for the v1alpha5 Provisioner /
AWSNodeTemplate fields):

- NodePool (1.x): every field of `spec.template` is hashed (labels, annotations, taints, startupTaints,
  nodeClassRef, expireAfter, terminationGracePeriod) except `requirements`, a special case: nodes drift only when
  they no longer match, so narrowing drifts the nodes outside the new values and widening drifts none. The
  behavioral fields `spec.weight`, `spec.limits`, `spec.disruption.*` (and `spec.replicas`) drift nothing, nor does
  anything outside the template.
- Provisioner (0.31): every field drifts but the behavioral ones (weight, limits, consolidation, the two TTLs);
  requirements as above. Karpenter 0.31 replaces drifted nodes only with its drift feature gate
  (settings.featureGates.driftEnabled); turning it on replaces the nodes that drifted while it was off.
- EC2NodeClass / AWSNodeTemplate: every field of `spec` is hashed; the selector terms (AMI, subnet, security group,
  capacity reservation) are resolved, so nodes drift where the terms select different resources.

Object metadata drifts nothing (objects.review says so for every kind). Imports the change model and the kinds of
each generation (config.versions) and the kind's field table (config.node_pool_fields: which paths are
behavioral); never another kind's module."""

from __future__ import annotations

import re
from typing import Any

from karpenter_tenants.config.node_pool_fields import behavioral_paths
from karpenter_tenants.config.versions import NODE_CLASS_KIND, NODE_POOL_KIND, Generation
from karpenter_tenants.objects.changes import ABSENT, DESTRUCTIVE, DRIFT, IN_PLACE, FieldChange

LAYER = "review"  # this module's layer (kinds/__init__.py)

GENERATION = {kind: generation for kinds in (NODE_POOL_KIND, NODE_CLASS_KIND) for generation, kind in kinds.items()}
# Drift design table (v1alpha5) and the disruption docs (v1): the node pool's fields that never drift nodes, as the
# field table (config.node_pool_fields) classes them.
BEHAVIORAL = {generation: behavioral_paths(generation, NODE_POOL_KIND[generation]) for generation in Generation}
DYNAMIC_NODE_CLASS_FIELDS = {
    "spec.amiSelectorTerms": "AMIs",
    "spec.subnetSelectorTerms": "subnets",
    "spec.securityGroupSelectorTerms": "security groups",
    "spec.capacityReservationSelectorTerms": "capacity reservations",
    "spec.amiSelector": "AMIs",
    "spec.subnetSelector": "subnets",
    "spec.securityGroupSelector": "security groups",
}
V1ALPHA5_NOTE = " (Karpenter 0.31 replaces drifted nodes only with settings.featureGates.driftEnabled)"


def _note(kind: str) -> str:
    return V1ALPHA5_NOTE if GENERATION[kind] is Generation.V1ALPHA5 else ""


def node_pool_field(kind: str, change: FieldChange) -> tuple[str, str]:
    """(effect, reason) of a change of a NodePool's or Provisioner's field (not its metadata)."""
    path, v1 = change.path, GENERATION[kind] is Generation.V1
    if ".requirements[" in path:
        effect = requirement_effect(change.old, change.new)
        key = path.rsplit("[", 1)[1].rstrip("]")
        added = product_default(key, change.new)
        why = f"; {added}" if added and product_default(key, change.old) is None else ""
        if effect == "widened":
            return IN_PLACE, f"requirement {key} widened: existing nodes still match, none is replaced{why}"
        return DRIFT, f"requirement {key} {effect}: nodes whose {key} no longer matches are replaced{_note(kind)}{why}"
    if v1 and path == "spec.replicas" and ABSENT in (change.old, change.new):
        return DESTRUCTIVE, (
            "a NodePool cannot switch between static (replicas) and dynamic: the API server "
            "refuses the change (the NodePool CRD's rule); remove the pool in one pull request and "
            "add it back in the next (its nodes are drained and terminated)"
        )
    if any(path == b or path.startswith(b + ".") for b in BEHAVIORAL[GENERATION[kind]]):
        return IN_PLACE, "behavioral field: no node is replaced"
    if v1 and not path.startswith("spec.template."):
        return IN_PLACE, "not part of the node template"
    return DRIFT, f"node template changed: every node of the pool is replaced{_note(kind)}"


# The requirements the product adds for a key a tenant leaves unset (config/resolved.py: requirements, with
# requirements.defaults true) in a form no typed field writes, and why: a plan line for one says the user did not
# write it. (Its other defaults, capacity type on-demand, amd64, linux, are `In` lists a user may as well have written.)
PRODUCT_DEFAULTS: dict[str, tuple[dict[str, Any], str, str]] = {
    "karpenter.k8s.aws/instance-generation": (
        {"key": "karpenter.k8s.aws/instance-generation", "operator": "Gt", "values": ["2"]},
        "requirements.instanceGenerations and instanceTypes are unset",
        "it skips the oldest instance generations, as Karpenter's getting-started NodePool does",
    ),
}


def product_default(key: str, requirement: Any) -> str | None:
    """Where a requirement comes from when it is the one the product adds for its key (PRODUCT_DEFAULTS), and why;
    None for any other."""
    found = PRODUCT_DEFAULTS.get(key)
    if found is None or requirement != found[0]:
        return None
    requirement_text = f"{key} {found[0]['operator']} {' '.join(found[0]['values'])}"
    return (
        f"{requirement_text} is what the product adds when {found[1]}: {found[2]} (`requirements.defaults: "
        "false` leaves it out)"
    )


def node_class_field(kind: str, change: FieldChange) -> tuple[str, str]:
    """(effect, reason) of a change of an EC2NodeClass's or AWSNodeTemplate's field (not its metadata)."""
    top = ".".join(change.path.split(".")[:2])
    if top in DYNAMIC_NODE_CLASS_FIELDS:
        return (
            DRIFT,
            f"nodes are replaced where the new terms select different {DYNAMIC_NODE_CLASS_FIELDS[top]}{_note(kind)}",
        )
    return DRIFT, f"node class changed: every node using it is replaced{_note(kind)}"


def under_gate(kind: str, effect: str, reason: str, drift_gate: bool | None) -> tuple[str, str]:
    """A 0.31 node pool's or node class's drift as the drift feature gate has it (ClusterFacts.drift_gate; None: the
    cluster is not 0.31): off, nothing is replaced."""
    if GENERATION[kind] is not Generation.V1ALPHA5 or effect != DRIFT or drift_gate is None:
        return effect, reason
    reason = reason.replace(V1ALPHA5_NOTE, "")
    if drift_gate:
        return effect, reason
    return IN_PLACE, (
        f"inactive: the drift feature gate is off (karpenter.featureGates.driftEnabled), so no node is "
        f"replaced; with it on: {reason}"
    )


# --- requirements: narrowing or widening -----------------------------------------------------

MISSING_LABEL = "\x00absent"
_FRESH = "\x00other"


def allows(requirement: dict[str, Any] | list[dict[str, Any]] | Any, value: str) -> bool:
    """Whether a node label's value (MISSING_LABEL: the node has none) meets a requirement, the list of a key's
    requirements, or ABSENT (none)."""
    if requirement is ABSENT:
        return True
    if isinstance(requirement, list):  # several requirements of one key: a node matches them all
        return all(allows(each, value) for each in requirement)
    operator, values = requirement.get("operator"), [str(v) for v in requirement.get("values") or []]
    if operator == "In":
        return value in values
    if operator == "NotIn":
        return value not in values
    if operator == "Exists":
        return value != MISSING_LABEL
    if operator == "DoesNotExist":
        return value == MISSING_LABEL
    if operator in ("Gt", "Lt", "Gte", "Lte"):
        if not re.fullmatch(r"-?[0-9]+", value) or not values:
            return False
        number, bound = int(value), int(values[0])
        return {"Gt": number > bound, "Lt": number < bound, "Gte": number >= bound, "Lte": number <= bound}[operator]
    return True


def requirement_effect(before: Any, after: Any) -> str:
    """'widened', 'narrowed' or 'changed' (neither contains the other): decided on witness values —
    every value either side names, its integer neighbours, a value neither names, and no label. A side is one
    requirement, the list of a key's requirements, or ABSENT."""
    witnesses = {MISSING_LABEL, _FRESH, "0", "1000000"}
    for side in (before, after):
        for requirement in side if isinstance(side, list) else [] if side is ABSENT else [side]:
            for value in requirement.get("values") or []:
                witnesses.add(str(value))
                if re.fullmatch(r"-?[0-9]+", str(value)):
                    witnesses |= {str(int(value) - 1), str(int(value) + 1)}
    old_allowed = {w for w in witnesses if allows(before, w)}
    new_allowed = {w for w in witnesses if allows(after, w)}
    if old_allowed <= new_allowed:
        return "widened"
    if new_allowed <= old_allowed:
        return "narrowed"
    return "changed"
