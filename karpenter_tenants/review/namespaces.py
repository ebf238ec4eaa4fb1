"""`plan`'s review of a Namespace: removing one is destructive, since Flux prunes (Argo CD deletes) a namespace removed
from its folder and everything in it goes, the Karpenter controller and its service account included when it is the
controller's.

Imports the change model and objects.review; never another kind's module."""

from __future__ import annotations

from karpenter_tenants.objects.changes import DESTRUCTIVE, Change
from karpenter_tenants.objects.dist_objects import ObjectKey
from karpenter_tenants.objects.review import ObjectReview, Sides


class NamespaceReview(ObjectReview):
    def removed(self, sides: Sides, key: ObjectKey, group: str) -> list[Change]:
        return [
            Change(
                key[0],
                group,
                key[1],
                key[3],
                "removed",
                DESTRUCTIVE,
                "pruning it deletes everything in it (the Karpenter controller, when it runs there)",
            )
        ]


REVIEWS = {"Namespace": NamespaceReview()}
