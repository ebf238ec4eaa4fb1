"""kinds/node_pool/review.py: node pools and node classes: a node pool removed terminates its nodes, so does a node class
removed while a pool uses it; drift is paced by the disruption budgets of the pools that drift; a lowered limit
stops new nodes and removes none; a tenant with several pools is told the order Karpenter tries them in."""

from __future__ import annotations

import math
import re
from typing import Any

import pytest
from support.review_trees import obj, reviewed, tree

from karpenter_tenants.kinds.node_pool.review import budget_nodes, node_class_of
from karpenter_tenants.objects.changes import DESTRUCTIVE, DRIFT, IN_PLACE, ClusterFacts


def pool(name: str = "alpha", node_class: str = "alpha", tenant: str = "alpha", **spec: Any) -> dict:
    template = {"spec": {"nodeClassRef": {"group": "karpenter.k8s.aws", "kind": "EC2NodeClass", "name": node_class}}}
    return obj("NodePool", name, labels={"tenant": tenant}, spec={"template": template, **spec})


def node_class(name: str = "alpha", **spec: Any) -> dict:
    return obj("EC2NodeClass", name, labels={"tenant": "alpha"}, spec={"role": "r", **spec})


def test_a_node_pool_removed_is_destructive_not_paced_by_its_budgets() -> None:
    [change] = reviewed(tree(pool()), {}, "NodePool", "alpha")
    assert change.effect == DESTRUCTIVE and "not paced by its disruption budgets" in change.why


def test_a_node_class_removed_is_destructive_only_while_a_node_pool_uses_it() -> None:
    [used] = reviewed(tree(pool(), node_class()), tree(pool()), "EC2NodeClass", "alpha")
    assert (used.effect, used.why) == (DESTRUCTIVE, "a node pool uses it: its nodes are drained and terminated")
    [unused] = reviewed(
        tree(pool(node_class="other"), node_class()), tree(pool(node_class="other")), "EC2NodeClass", "alpha"
    )
    assert (unused.effect, unused.why) == (IN_PLACE, "no node is replaced")


def test_a_node_pool_names_its_node_class_by_nodeclassref_on_1x_and_providerref_on_031() -> None:
    assert node_class_of(pool(node_class="x")) == "x"
    assert node_class_of(obj("Provisioner", "alpha", spec={"providerRef": {"name": "y"}})) == "y"


def test_drift_says_how_the_budgets_of_the_pools_that_drift_pace_it() -> None:
    budgets = {
        "budgets": [
            {"nodes": "1"},
            {"nodes": "0", "schedule": "0 9 * * mon-fri", "duration": "8h"},
            {"nodes": "0", "reasons": ["Empty"]},
        ]
    }
    before, after = node_class(amiFamily="AL2"), node_class(amiFamily="Bottlerocket")
    [change] = reviewed(
        tree(pool(disruption=budgets), before), tree(pool(disruption=budgets), after), "EC2NodeClass", "alpha"
    )
    assert change.effect == DRIFT and change.why == "node class changed: every node using it is replaced"
    assert change.notes == [  # a line per clause
        "paced by disruption budgets: alpha: at most 1 node at a time",
        "paced by disruption budgets: alpha: 0 nodes during '0 9 * * mon-fri' (UTC) for 8h",
        "paced by disruption budgets: alpha: 1 budget for other reasons (Empty) does not apply to drift",
    ]


def test_a_lowered_limit_stops_new_nodes_and_removes_none() -> None:
    [change] = reviewed(tree(pool(limits={"cpu": "100"})), tree(pool(limits={"cpu": "50"})), "NodePool", "alpha")
    assert change.effect == IN_PLACE and change.why.endswith(
        "; a lowered limit stops new nodes once usage reaches it, and removes none"
    )
    [raised] = reviewed(tree(pool(limits={"cpu": "100"})), tree(pool(limits={"cpu": "200"})), "NodePool", "alpha")
    assert "lowered" not in raised.why


def test_a_031_node_pools_drift_with_the_gate_off_replaces_nothing() -> None:
    before, after = (
        obj("Provisioner", "alpha", spec={"taints": t}) for t in ([], [{"key": "a", "effect": "NoSchedule"}])
    )
    [change] = reviewed(
        tree(before), tree(after), "Provisioner", "alpha", facts={"acme": ClusterFacts(drift_gate=False)}
    )
    assert change.effect == IN_PLACE and change.why.startswith("inactive: the drift feature gate is off")


def test_a_weight_change_of_a_tenant_with_several_pools_says_the_order_karpenter_tries_them_in() -> None:
    old = tree(pool(weight=10), pool("alpha-spot", weight=20))
    new = tree(pool(weight=30), pool("alpha-spot", weight=20))
    [change] = reviewed(old, new, "NodePool", "alpha")
    assert change.why.endswith(
        "falling back when one cannot launch (its requirements, limits or capacity): alpha (30) → alpha-spot (20)"
    )
    [alone] = reviewed(tree(pool(weight=10)), tree(pool(weight=30)), "NodePool", "alpha")
    assert "falling back" not in alone.why


@pytest.mark.parametrize("percent", [1, 3, 10, 20, 30, 33, 50, 99])
def test_budget_node_counts_are_karpenters_rounding_up(percent: int) -> None:
    """Karpenter allows ceil(nodes × percent) disruptions (its docs: 20% of 19 nodes allows 4): the counts plan
    quotes are where that ceiling is 1 and 2."""
    text = budget_nodes(f"{percent}%", " at a time")
    one, two = (int(n) for n in re.findall(r"of up to (\d+)", text))
    assert max(n for n in range(1, 1000) if math.ceil(n * percent / 100) == 1) == one
    assert max(n for n in range(1, 1000) if math.ceil(n * percent / 100) <= 2) == two
    assert math.ceil(19 * 20 / 100) == 4


def test_an_expiry_change_drifts_paced_by_budgets_and_says_expiry_itself_is_forceful() -> None:
    """expireAfter is part of the node template, so changing it drifts the pool's nodes (paced by its budgets);
    expiry itself is forceful in Karpenter 1.x (concepts/disruption): nodes that reach the new age are replaced
    whatever the budgets. Turning it to Never says nodes no longer expire."""

    def with_expiry(value: str) -> dict:
        data = pool(disruption={"budgets": [{"nodes": "10%"}]})
        data["spec"]["template"]["spec"]["expireAfter"] = value
        return data

    [change] = reviewed(
        tree(with_expiry("720h"), node_class()), tree(with_expiry("336h"), node_class()), "NodePool", "alpha"
    )
    assert change.effect == DRIFT and change.notes[0].startswith("paced by disruption budgets: alpha: at most 10%")
    assert "expiry itself is forceful: from then on each node is replaced when it is 336h old" in change.why
    [never] = reviewed(
        tree(with_expiry("720h"), node_class()), tree(with_expiry("Never"), node_class()), "NodePool", "alpha"
    )
    assert never.why.endswith("; from then on nodes never expire")
