"""review/changes.py: plan's change model: field changes of two versions of an object, one Change per effect with its
reasons said once, the gate, and what plan assumes of a cluster whose config it was not given."""

from __future__ import annotations

from karpenter_tenants.config.schema.tenancy import Tenancy
from karpenter_tenants.review.changes import (
    ABSENT,
    DESTRUCTIVE,
    DRIFT,
    IN_PLACE,
    Change,
    ClusterFacts,
    FieldChange,
    by_effect,
    field_changes,
    gate_tripped,
    joined,
)


def test_field_changes_are_the_leaves_that_differ_with_absent_sides_and_whole_lists() -> None:
    before = {"spec": {"weight": 1, "taints": [{"key": "a"}], "gone": True}}
    after = {"spec": {"weight": 2, "taints": [{"key": "b"}], "new": "x"}}
    assert field_changes(before, after) == [
        FieldChange("spec.gone", True, ABSENT),
        FieldChange("spec.new", ABSENT, "x"),
        FieldChange("spec.taints", [{"key": "a"}], [{"key": "b"}]),
        FieldChange("spec.weight", 1, 2),
    ]
    assert field_changes(before, before) == []


def test_requirements_compare_by_key_and_a_keys_several_requirements_together() -> None:
    low, high = {"key": "cpu", "operator": "Gt", "values": ["3"]}, {"key": "cpu", "operator": "Lt", "values": ["65"]}
    zone = {"key": "zone", "operator": "In", "values": ["a"]}
    before = {"spec": {"requirements": [zone, low, high]}}
    after = {"spec": {"requirements": [{**low, "values": ["7"]}, high, zone]}}
    assert field_changes(before, after) == [
        FieldChange("spec.requirements[cpu]", [low, high], [{**low, "values": ["7"]}, high]),
    ]


def test_one_change_per_effect_the_most_severe_first_with_its_reasons_sorted_and_once() -> None:
    weight, taint = FieldChange("spec.weight", 1, 2), FieldChange("spec.template.spec.taints", None, [])
    changes = by_effect("acme", "tenant alpha", "NodePool", "alpha", [
        (IN_PLACE, "behavioral field: no node is replaced", weight),
        (DRIFT, "node template changed", taint),
        (IN_PLACE, "behavioral field: no node is replaced", weight),
    ])
    assert changes == [
        Change("acme", "tenant alpha", "NodePool", "alpha", "changed", DRIFT, "node template changed", [taint]),
        Change("acme", "tenant alpha", "NodePool", "alpha", "changed", IN_PLACE, "behavioral field: no node is replaced",
               [weight, weight]),
    ]


def test_no_node_is_replaced_is_said_once_at_the_end_of_reasons_that_all_end_with_it() -> None:
    assert joined(["a: no node is replaced", "b; no node is replaced", "c"]) == "a; b; c; no node is replaced"
    assert joined(["a: no node is replaced"]) == "a: no node is replaced"


def test_the_gate_trips_on_destructive_changes_and_with_drift_on_drift_too() -> None:
    drift = [Change("acme", "g", "NodePool", "a", "changed", DRIFT, "x")]
    destructive = [Change("acme", "g", "NodePool", "a", "removed", DESTRUCTIVE, "x")]
    assert not gate_tripped(drift, "destructive") and gate_tripped(destructive, "destructive")
    assert gate_tripped(drift, "drift") and gate_tripped(destructive, "drift")
    assert not gate_tripped(destructive, None)


def test_a_cluster_plan_has_no_facts_of_uses_the_tenancy_label_keys_default_and_no_drift_gate() -> None:
    assert ClusterFacts() == ClusterFacts(Tenancy().label_key, None)
