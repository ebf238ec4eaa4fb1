"""How `plan` reviews one object of dist/: the two sides it compares (Sides), the group an object's changes are said
under (its tenant, or the Karpenter and base objects), and ObjectReview, the review of a kind with no rule of its own:
added, removed, or changed field by field, replacing no node; object metadata drifts nothing, whatever the kind.

Each kind's review (kinds/*/review.py: node_pool, quota, buffer, overlay, isolation, controller; review/identity.py,
review/namespaces.py) refines ObjectReview; review/registry.py maps kinds to them. Imports the change model
(objects.changes) and objects.dist_objects only; never a kind's module or the registry."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from karpenter_tenants.objects.changes import (
    IN_PLACE,
    NO_NODE_REPLACED,
    Change,
    ClusterFacts,
    FieldChange,
    by_effect,
    field_changes,
)
from karpenter_tenants.objects.dist_objects import ObjectKey, Objects


@dataclass(frozen=True)
class Sides:
    """What plan compares: the objects before (only those of the files that differ: `same` names the others) and
    after, the files they come from, and what each cluster's config says beyond them."""

    old: Objects
    new: Objects
    old_files: dict[str, str]
    new_files: dict[str, str]
    same: set[str] | frozenset[str]
    facts: dict[str, ClusterFacts]

    def facts_of(self, cluster: str) -> ClusterFacts:
        return self.facts.get(cluster, ClusterFacts())


def group_of(path: str, obj: dict[str, Any], key: str) -> str:
    """The tenant an object belongs to, by its tenant label (node pools, node classes and their appliers carry
    it); objects of a dist/ written before appliers were labelled fall back to their tenants/<name>/ folder."""
    labels = (obj.get("metadata") or {}).get("labels") or {}
    if isinstance(labels, dict) and key in labels:
        return f"tenant {labels[key]}"
    parts = path.split("/")
    if len(parts) > 2 and parts[1] == "tenants":
        return f"tenant {parts[2]}"
    return "Karpenter and base objects"


class ObjectReview:
    """The review of an object of a kind with no rule of its own; a kind's module overrides what differs."""

    # Whether the review reads the other objects of the object's folder, on the new side even where their files are
    # identical (synth writes a tenant's node pools and node classes in one folder, a buffer and its chunk's
    # PodTemplate in another): plan parses those files too, and no other file whose content is the same.
    reads_its_folder = False

    def said_under(self, key: ObjectKey, sides: Sides) -> ObjectKey:
        """The object whose line says this object's change (its own, unless it is part of another)."""
        return key

    def review(self, sides: Sides, key: ObjectKey, group: str) -> list[Change]:
        if key not in sides.old:
            return self.added(sides, key, group)
        if key not in sides.new:
            return self.removed(sides, key, group)
        before, after = sides.old[key][1], sides.new[key][1]
        fields = field_changes(before, after)
        return self.changed(sides, key, group, before, after, fields) if fields else []

    def added(self, sides: Sides, key: ObjectKey, group: str) -> list[Change]:
        return [Change(key[0], group, key[1], key[3], "added", IN_PLACE, "new object; no existing node is replaced")]

    def removed(self, sides: Sides, key: ObjectKey, group: str) -> list[Change]:
        return [Change(key[0], group, key[1], key[3], "removed", IN_PLACE, NO_NODE_REPLACED)]

    def changed(
        self, sides: Sides, key: ObjectKey, group: str, before: dict, after: dict, fields: list[FieldChange]
    ) -> list[Change]:
        """One Change per effect of the object's field changes (fields: at least one)."""
        classified = [(*self.classify(sides, key, before, after, change), change) for change in fields]
        return by_effect(key[0], group, key[1], key[3], classified)

    def classify(self, sides: Sides, key: ObjectKey, before: dict, after: dict, change: FieldChange) -> tuple[str, str]:
        """(effect, reason) of one field change of the object."""
        if change.path.startswith("metadata."):
            return IN_PLACE, "object metadata only"
        return self.field_effect(key[1], change)

    def field_effect(self, kind: str, change: FieldChange) -> tuple[str, str]:
        """(effect, reason) of a change of a field outside the object's metadata."""
        return IN_PLACE, NO_NODE_REPLACED
