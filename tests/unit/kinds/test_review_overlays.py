"""kinds/overlay/review.py: a NodeOverlay as what Karpenter's scheduling simulation now takes for the instance types it
matches, in which NodePools; consolidation may replace nodes where another type is now cheaper."""

from __future__ import annotations

from typing import Any

from support.review_trees import obj, reviewed, tree

from karpenter_tenants.objects.changes import IN_PLACE


def overlay(**spec: Any) -> dict:
    return obj(
        "NodeOverlay",
        "cheap",
        spec={"requirements": [{"key": "karpenter.sh/nodepool", "operator": "In", "values": ["alpha"]}], **spec},
    )


def test_an_overlay_says_the_price_and_capacity_it_makes_karpenter_believe_and_for_which_node_pools() -> None:
    [added] = reviewed(
        {}, tree(overlay(price="0.5", capacity={"example.com/gpu": "1"}, weight=10)), "NodeOverlay", "cheap"
    )
    assert (added.action, added.effect) == ("added", IN_PLACE)
    assert added.why.startswith(
        "Karpenter's scheduling simulation takes price 0.5 and extra capacity example.com/gpu 1 "
        "(weight 10) for the instance types it matches in NodePool alpha"
    )


def test_an_overlay_of_no_node_pool_applies_to_every_node_pool_of_the_cluster() -> None:
    [added] = reviewed({}, tree(obj("NodeOverlay", "cheap", spec={"priceAdjustment": "-10%"})), "NodeOverlay", "cheap")
    assert "in every NodePool of the cluster (this product's or not)" in added.why


def test_an_overlay_removed_goes_back_to_the_types_own_prices_and_an_unchanged_one_is_not_said() -> None:
    [removed] = reviewed(tree(overlay(price="0.5")), {}, "NodeOverlay", "cheap")
    assert removed.why.startswith(
        "Karpenter goes back to the instance types' own prices and capacity for NodePool alpha"
    )
    assert reviewed(tree(overlay(price="0.5")), tree(overlay(price="0.5")), "NodeOverlay", "cheap") == []
