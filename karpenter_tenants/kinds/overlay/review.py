"""`plan`'s review of a NodeOverlay (tenants[].overlays, overlays): what Karpenter's scheduling simulation now
believes of the instance types it matches (price, extra capacity), for which NodePools.

Imports the change model and objects.review; never another kind's module."""

from __future__ import annotations

from karpenter_tenants.objects.changes import IN_PLACE, Change, field_changes
from karpenter_tenants.objects.dist_objects import ObjectKey
from karpenter_tenants.objects.review import ObjectReview, Sides

LAYER = "review"  # this module's layer (kinds/__init__.py)


class OverlayReview(ObjectReview):
    def review(self, sides: Sides, key: ObjectKey, group: str) -> list[Change]:
        """A NodeOverlay (tenants[].overlays, overlays): what Karpenter's scheduling simulation now believes, for which
        NodePools. It replaces no node by itself; consolidation may, where another instance type is now cheaper."""
        cluster, old, new = key[0], sides.old, sides.new
        name = key[3]
        before, after = (side[key][1] if key in side else None for side in (old, new))
        fields = field_changes(before, after) if before is not None and after is not None else []
        if before is not None and after is not None and not fields:
            return []
        spec = (after if after is not None else before or {}).get("spec") or {}
        pools = [
            v
            for r in spec.get("requirements") or []
            if r.get("key") == "karpenter.sh/nodepool" and r.get("operator") == "In"
            for v in r.get("values") or []
        ]
        scope = f"NodePool {', '.join(pools)}" if pools else "every NodePool of the cluster (this product's or not)"
        if after is None:
            return [
                Change(
                    cluster,
                    group,
                    "NodeOverlay",
                    name,
                    "removed",
                    IN_PLACE,
                    (
                        f"Karpenter goes back to the instance types' own prices and capacity for {scope}; consolidation may then "
                        "replace nodes that are no longer the cheapest (paced by the pools' budgets)"
                    ),
                )
            ]
        what = []
        if "price" in spec:
            what.append(f"price {spec['price']}")
        if "priceAdjustment" in spec:
            what.append(f"price adjustment {spec['priceAdjustment']}")
        if spec.get("capacity"):
            what.append("extra capacity " + ", ".join(f"{k} {v}" for k, v in sorted(spec["capacity"].items())))
        weight = f" (weight {spec['weight']})" if "weight" in spec else ""
        return [
            Change(
                cluster,
                group,
                "NodeOverlay",
                name,
                "changed" if before is not None else "added",
                IN_PLACE,
                (
                    f"Karpenter's scheduling simulation takes {' and '.join(what) or 'nothing new'}{weight} for the instance types it "
                    f"matches in {scope}: new nodes are chosen with it, and consolidation may replace running nodes where another "
                    "type is now cheaper (paced by the pools' budgets)"
                ),
                fields,
            )
        ]


REVIEWS = {"NodeOverlay": OverlayReview()}
