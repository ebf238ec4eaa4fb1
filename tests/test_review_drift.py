"""review/drift.py: Karpenter's drift rules, per generation, as its docs (concepts/disruption, "Drift", "Special Cases
on Drift", "Behavioral Fields") and the v1alpha5 drift design say which field changes replace nodes."""

from __future__ import annotations

import pytest

from review.changes import ABSENT, DESTRUCTIVE, DRIFT, IN_PLACE, FieldChange
from review.drift import V1ALPHA5_NOTE, node_class_field, node_pool_field, requirement_effect, under_gate


def change(path: str, old: object = "a", new: object = "b") -> FieldChange:
    return FieldChange(path, old, new)


@pytest.mark.parametrize("path", [
    "spec.template.spec.nodeClassRef.name",
    "spec.template.metadata.labels.team",
    "spec.template.spec.taints",
    "spec.template.spec.startupTaints",
    "spec.template.spec.expireAfter",
    "spec.template.spec.terminationGracePeriod",
])
def test_a_change_of_a_nodepools_template_drifts_every_node_of_the_pool(path: str) -> None:
    assert node_pool_field("NodePool", change(path)) == (DRIFT, "node template changed: every node of the pool is replaced")


@pytest.mark.parametrize("path", ["spec.limits.cpu", "spec.weight", "spec.disruption.budgets", "spec.disruption.consolidateAfter"])
def test_a_change_of_a_nodepools_behavioral_field_drifts_nothing(path: str) -> None:
    assert node_pool_field("NodePool", change(path)) == (IN_PLACE, "behavioral field: no node is replaced")


def test_a_nodepool_field_outside_its_template_drifts_nothing() -> None:
    assert node_pool_field("NodePool", change("spec.other")) == (IN_PLACE, "not part of the node template")


def test_a_nodepool_switching_between_static_and_dynamic_is_destructive() -> None:
    effect, reason = node_pool_field("NodePool", change("spec.replicas", ABSENT, 3))
    assert effect == DESTRUCTIVE and "the API server refuses the change" in reason
    assert node_pool_field("NodePool", change("spec.replicas", 2, 3))[0] == IN_PLACE  # a static pool resized


def test_a_narrowed_requirement_drifts_the_nodes_outside_it_and_a_widened_one_none() -> None:
    narrowed = change("spec.template.spec.requirements[zone]", {"operator": "In", "values": ["a", "b"]},
                      {"operator": "In", "values": ["a"]})
    widened = FieldChange(narrowed.path, narrowed.new, narrowed.old)
    assert node_pool_field("NodePool", narrowed) == (
        DRIFT, "requirement zone narrowed: nodes whose zone no longer matches are replaced")
    assert node_pool_field("NodePool", widened) == (
        IN_PLACE, "requirement zone widened: existing nodes still match, none is replaced")


@pytest.mark.parametrize("path", ["spec.weight", "spec.limits.resources.cpu", "spec.consolidation.enabled",
                                  "spec.ttlSecondsAfterEmpty", "spec.ttlSecondsUntilExpired"])
def test_a_change_of_a_provisioners_behavioral_field_drifts_nothing(path: str) -> None:
    assert node_pool_field("Provisioner", change(path))[0] == IN_PLACE


def test_any_other_provisioner_field_drifts_and_says_the_031_feature_gate() -> None:
    """The v1alpha5 Provisioner has no template: every non-behavioral field is hashed (drift design)."""
    assert node_pool_field("Provisioner", change("spec.taints")) == (
        DRIFT, f"node template changed: every node of the pool is replaced{V1ALPHA5_NOTE}")


def test_a_node_class_change_drifts_its_nodes_and_selector_terms_drift_where_they_select_otherwise() -> None:
    assert node_class_field("EC2NodeClass", change("spec.amiSelectorTerms")) == (
        DRIFT, "nodes are replaced where the new terms select different AMIs")
    assert node_class_field("EC2NodeClass", change("spec.userData")) == (
        DRIFT, "node class changed: every node using it is replaced")
    assert node_class_field("AWSNodeTemplate", change("spec.subnetSelector.x")) == (
        DRIFT, f"nodes are replaced where the new terms select different subnets{V1ALPHA5_NOTE}")


def test_031_drift_with_the_feature_gate_off_replaces_nothing_and_on_says_no_gate() -> None:
    drift = node_pool_field("Provisioner", change("spec.taints"))
    effect, reason = under_gate("Provisioner", *drift, False)
    assert effect == IN_PLACE and reason.startswith("inactive: the drift feature gate is off")
    assert under_gate("Provisioner", *drift, True) == (DRIFT, "node template changed: every node of the pool is replaced")
    assert under_gate("NodePool", DRIFT, "x", False) == (DRIFT, "x")  # 1.x: drift is always on


@pytest.mark.parametrize(
    ("before", "after", "effect"),
    [
        ({"operator": "In", "values": ["a"]}, {"operator": "In", "values": ["a", "b"]}, "widened"),
        ({"operator": "In", "values": ["a", "b"]}, {"operator": "In", "values": ["b"]}, "narrowed"),
        ({"operator": "In", "values": ["a"]}, {"operator": "In", "values": ["b"]}, "changed"),
        ({"operator": "Gt", "values": ["5"]}, {"operator": "Gt", "values": ["2"]}, "widened"),
        ({"operator": "Gt", "values": ["2"]}, {"operator": "In", "values": ["6", "7"]}, "narrowed"),
        ({"operator": "In", "values": ["6"]}, {"operator": "Gt", "values": ["5"]}, "widened"),
        ({"operator": "In", "values": ["a"]}, {"operator": "Exists"}, "widened"),
        ({"operator": "NotIn", "values": ["a"]}, {"operator": "Exists"}, "changed"),  # NotIn admits unlabelled nodes
        ({"operator": "Exists"}, {"operator": "In", "values": ["a"]}, "narrowed"),
    ],
)
def test_requirement_changes_are_narrowing_or_widening(before: dict, after: dict, effect: str) -> None:
    assert requirement_effect(before, after) == effect


def test_a_requirement_added_narrows_and_removed_widens() -> None:
    requirement = {"key": "topology.kubernetes.io/zone", "operator": "In", "values": ["ca-central-1a"]}
    assert requirement_effect(ABSENT, requirement) == "narrowed"
    assert requirement_effect(requirement, ABSENT) == "widened"
