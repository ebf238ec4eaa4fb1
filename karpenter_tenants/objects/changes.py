"""`plan`'s change model: the three severities, a Change (one object added, removed or changed, with its effect and
why), the field changes of two versions of an object, how one change's reasons are joined, what a cluster's config
tells plan beyond its manifests (ClusterFacts), and the gate (`--fail-on`).

- destructive: nodes are drained and terminated (a node pool removed, a node class removed while a node pool uses
  it, a Karpenter major-version change, ...);
- drift: existing nodes are replaced (kinds/node_pool/drift.py: Karpenter's drift rules);
- in place: nothing is replaced;
- unschedulable (the simulation's, `plan --workloads`): a pod of a tenant the change adds or changes cannot run at
  head.

Imports config (the tenancy label key's default) and kinds.controller.adopt_release (the ReleaseDiff's type, under
TYPE_CHECKING: that module reads this one) only; never a kind's module, the git reading or the rendering."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from karpenter_tenants.config.schema.tenancy import Tenancy

if TYPE_CHECKING:
    from karpenter_tenants.kinds.controller.adopt_release import ReleaseDiff

DESTRUCTIVE, DRIFT, IN_PLACE = "destructive", "drift", "in place"
# The simulation's (simulation.report): a pod of a tenant this change adds or changes that cannot run at head. Its own
# class, above destructive for the gate: `--fail-on unschedulable` trips on it alone, `destructive` and `drift` on it too.
UNSCHEDULABLE = "unschedulable"
SEVERITY = {UNSCHEDULABLE: 3, DESTRUCTIVE: 2, DRIFT: 1, IN_PLACE: 0}
FAIL_ON = (DESTRUCTIVE, DRIFT, UNSCHEDULABLE)  # what --fail-on takes
ABSENT = object()  # a field one side does not have
NO_NODE_REPLACED = "no node is replaced"


@dataclass(frozen=True)
class FieldChange:
    path: str
    old: Any
    new: Any


@dataclass(frozen=True)
class ClusterFacts:
    """What plan needs to know of a cluster beyond its manifests."""

    label_key: str = Tenancy.model_fields["label_key"].default
    # 0.31 replaces drifted nodes only with settings.featureGates.driftEnabled; None: not 0.31 (always on).
    drift_gate: bool | None = None
    # The live release the cluster's new controller release adopts, when given.
    adoption: ReleaseDiff | None = None


@dataclass
class Change:
    """One object added, removed or changed, with its effect."""

    cluster: str
    group: str  # "tenant <name>" or "Karpenter and base objects"
    kind: str
    name: str
    action: str  # "added", "removed", "changed"
    effect: str
    why: str
    fields: list[FieldChange] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # lines after the fields (a node pool's capacity: commands.capacity)
    count: int = 1  # how many objects it says (a change said once for several tenants: review.registry.GROUPINGS)


def field_changes(old: Any, new: Any, path: str = "") -> list[FieldChange]:
    """Leaf differences; lists compare as a whole, except node requirements (by key)."""
    if isinstance(old, dict) and isinstance(new, dict):
        changes = []
        for key in sorted(set(old) | set(new), key=str):
            sub = f"{path}.{key}" if path else str(key)
            changes += field_changes(old.get(key, ABSENT), new.get(key, ABSENT), sub)
        return changes
    if path.endswith(".requirements") and isinstance(old, list) and isinstance(new, list):
        return _requirement_changes(old, new, path)
    if old != new:
        return [FieldChange(path, old, new)]
    return []


def _requirement_changes(old: list[dict], new: list[dict], path: str) -> list[FieldChange]:
    """One change per requirement key. A key may have several requirements, which nodes must all match (a range:
    instance-cpu Gt 3 and Lt 65): they are compared together, shown as the list of them."""
    by_key_old, by_key_new = _requirements_by_key(old), _requirements_by_key(new)
    changes = []
    for key in sorted(set(by_key_old) | set(by_key_new), key=str):
        before, after = by_key_old.get(key, ABSENT), by_key_new.get(key, ABSENT)
        if before != after:
            changes.append(FieldChange(f"{path}[{key}]", before, after))
    return changes


def _requirements_by_key(requirements: list[dict]) -> dict[Any, dict | list[dict]]:
    """The requirements of each key: the one requirement, or the list of them where a key has several."""
    found: dict[Any, list[dict]] = {}
    for requirement in requirements:
        found.setdefault(requirement.get("key"), []).append(requirement)
    return {key: each[0] if len(each) == 1 else each for key, each in found.items()}


def by_effect(
    cluster: str, group: str, kind: str, name: str, classified: list[tuple[str, str, FieldChange]]
) -> list[Change]:
    """A changed object's (effect, reason, field change)s as one Change per effect, the most severe first."""
    found: dict[str, list[tuple[str, FieldChange]]] = {}
    for effect, reason, change in classified:
        found.setdefault(effect, []).append((reason, change))
    result = []
    for effect in sorted(found, key=lambda e: -SEVERITY[e]):
        reasons = sorted({reason for reason, _ in found[effect]})
        result.append(
            Change(cluster, group, kind, name, "changed", effect, joined(reasons), [c for _, c in found[effect]])
        )
    return result


def joined(reasons: list[str]) -> str:
    """Reasons of one change, each once; 'no node is replaced', which several end with, said once at the end."""
    ending = [r for r in reasons if r.endswith(NO_NODE_REPLACED)]
    if len(ending) < 2:
        return "; ".join(reasons)
    heads = [r.removesuffix(NO_NODE_REPLACED).rstrip(" ,:;") for r in ending]
    return "; ".join([*(h for h in heads if h), *(r for r in reasons if r not in ending), NO_NODE_REPLACED])


def gate_tripped(changes: list[Change], fail_on: str | None) -> bool:
    if fail_on is None:
        return False
    threshold = SEVERITY[fail_on if fail_on in FAIL_ON else DRIFT]
    return any(SEVERITY[c.effect] >= threshold for c in changes)
