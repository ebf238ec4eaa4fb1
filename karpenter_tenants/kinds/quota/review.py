"""`plan`'s review of a tenant's ResourceQuota (tenants[].quota): what its pods in that namespace may request now.
A quota replaces no node; a new pod past it is refused, running pods stay.

Imports the change model and objects.review; never another kind's module."""

from __future__ import annotations

from typing import Any

from karpenter_tenants.objects.changes import IN_PLACE, Change, field_changes
from karpenter_tenants.objects.dist_objects import ObjectKey
from karpenter_tenants.objects.review import ObjectReview, Sides

LAYER = "review"  # this module's layer (kinds/__init__.py)


class QuotaReview(ObjectReview):
    def review(self, sides: Sides, key: ObjectKey, group: str) -> list[Change]:
        """A tenant's ResourceQuota (tenants[].quota) as what its pods in that namespace may request."""
        cluster, old, new = key[0], sides.old, sides.new
        namespace, name = key[2], key[3]
        before, after = ((side.get(key) or (None, {}))[1] for side in (old, new))

        def hard(obj: dict[str, Any]) -> dict[str, str]:
            return {str(k): str(v) for k, v in sorted(((obj.get("spec") or {}).get("hard") or {}).items())}

        caps = ", ".join(f"{k} {v}" for k, v in hard(after).items())
        if key not in new:
            return [
                Change(
                    cluster,
                    group,
                    "ResourceQuota",
                    name,
                    "removed",
                    IN_PLACE,
                    f"the tenant's pods in namespace {namespace} may request any amount again; no node is replaced",
                )
            ]
        fields = field_changes(before, after) if key in old else []
        if key in old and not fields:
            return []
        if key in old and hard(before) == hard(after):
            # The caps are the same, the object is not (its labels when tenancy.labelKey changes): still said, the
            # reviewer reads no dist/ diff.
            what = "object metadata only" if all(f.path.startswith("metadata.") for f in fields) else "the same caps"
            return [
                Change(
                    cluster,
                    group,
                    "ResourceQuota",
                    name,
                    "changed",
                    IN_PLACE,
                    (
                        f"{what}: the tenant's pods in namespace {namespace} may still request at most {caps}; no node is "
                        "replaced"
                    ),
                    fields,
                )
            ]
        action = "changed" if key in old else "added"
        return [
            Change(
                cluster,
                group,
                "ResourceQuota",
                name,
                action,
                IN_PLACE,
                (
                    f"the tenant's pods in namespace {namespace} may request at most {caps} (a new pod past it is refused; "
                    "running pods stay); no node is replaced"
                ),
                fields,
            )
        ]


REVIEWS = {"ResourceQuota": QuotaReview()}
