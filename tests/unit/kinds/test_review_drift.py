"""kinds/node_pool/drift.py: Karpenter's drift rules, per generation, as its docs (concepts/disruption, "Drift", "Special Cases
on Drift", "Behavioral Fields") and the v1alpha5 drift design say which field changes replace nodes."""

from __future__ import annotations

from pathlib import Path

import pytest

from karpenter_tenants.kinds.node_pool.drift import (
    V1ALPHA5_NOTE,
    node_class_field,
    node_pool_field,
    requirement_effect,
    under_gate,
)
from karpenter_tenants.objects.changes import ABSENT, DESTRUCTIVE, DRIFT, IN_PLACE, FieldChange


def change(path: str, old: object = "a", new: object = "b") -> FieldChange:
    return FieldChange(path, old, new)


@pytest.mark.parametrize(
    "path",
    [
        "spec.template.spec.nodeClassRef.name",
        "spec.template.metadata.labels.team",
        "spec.template.spec.taints",
        "spec.template.spec.startupTaints",
        "spec.template.spec.expireAfter",
        "spec.template.spec.terminationGracePeriod",
    ],
)
def test_a_change_of_a_nodepools_template_drifts_every_node_of_the_pool(path: str) -> None:
    assert node_pool_field("NodePool", change(path)) == (
        DRIFT,
        "node template changed: every node of the pool is replaced",
    )


@pytest.mark.parametrize(
    "path", ["spec.limits.cpu", "spec.weight", "spec.disruption.budgets", "spec.disruption.consolidateAfter"]
)
def test_a_change_of_a_nodepools_behavioral_field_drifts_nothing(path: str) -> None:
    assert node_pool_field("NodePool", change(path)) == (IN_PLACE, "behavioral field: no node is replaced")


def test_a_nodepool_field_outside_its_template_drifts_nothing() -> None:
    assert node_pool_field("NodePool", change("spec.other")) == (IN_PLACE, "not part of the node template")


def test_a_nodepool_switching_between_static_and_dynamic_is_destructive() -> None:
    effect, reason = node_pool_field("NodePool", change("spec.replicas", ABSENT, 3))
    assert effect == DESTRUCTIVE and "the API server refuses the change" in reason
    assert node_pool_field("NodePool", change("spec.replicas", 2, 3))[0] == IN_PLACE  # a static pool resized


def test_a_narrowed_requirement_drifts_the_nodes_outside_it_and_a_widened_one_none() -> None:
    narrowed = change(
        "spec.template.spec.requirements[zone]",
        {"operator": "In", "values": ["a", "b"]},
        {"operator": "In", "values": ["a"]},
    )
    widened = FieldChange(narrowed.path, narrowed.new, narrowed.old)
    assert node_pool_field("NodePool", narrowed) == (
        DRIFT,
        "requirement zone narrowed: nodes whose zone no longer matches are replaced",
    )
    assert node_pool_field("NodePool", widened) == (
        IN_PLACE,
        "requirement zone widened: existing nodes still match, none is replaced",
    )


@pytest.mark.parametrize(
    "path",
    [
        "spec.weight",
        "spec.limits.resources.cpu",
        "spec.consolidation.enabled",
        "spec.ttlSecondsAfterEmpty",
        "spec.ttlSecondsUntilExpired",
    ],
)
def test_a_change_of_a_provisioners_behavioral_field_drifts_nothing(path: str) -> None:
    assert node_pool_field("Provisioner", change(path))[0] == IN_PLACE


def test_any_other_provisioner_field_drifts_and_says_the_031_feature_gate() -> None:
    """The v1alpha5 Provisioner has no template: every non-behavioral field is hashed (drift design)."""
    assert node_pool_field("Provisioner", change("spec.taints")) == (
        DRIFT,
        f"node template changed: every node of the pool is replaced{V1ALPHA5_NOTE}",
    )


def test_a_node_class_change_drifts_its_nodes_and_selector_terms_drift_where_they_select_otherwise() -> None:
    assert node_class_field("EC2NodeClass", change("spec.amiSelectorTerms")) == (
        DRIFT,
        "nodes are replaced where the new terms select different AMIs",
    )
    assert node_class_field("EC2NodeClass", change("spec.userData")) == (
        DRIFT,
        "node class changed: every node using it is replaced",
    )
    assert node_class_field("AWSNodeTemplate", change("spec.subnetSelector.x")) == (
        DRIFT,
        f"nodes are replaced where the new terms select different subnets{V1ALPHA5_NOTE}",
    )


def test_031_drift_with_the_feature_gate_off_replaces_nothing_and_on_says_no_gate() -> None:
    drift = node_pool_field("Provisioner", change("spec.taints"))
    effect, reason = under_gate("Provisioner", *drift, False)
    assert effect == IN_PLACE and reason.startswith("inactive: the drift feature gate is off")
    assert under_gate("Provisioner", *drift, True) == (
        DRIFT,
        "node template changed: every node of the pool is replaced",
    )
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


def test_the_requirements_plan_calls_the_products_own_are_what_synth_adds_and_no_typed_field_writes(
    tmp_path: Path,
) -> None:
    """PRODUCT_DEFAULTS is the product's behaviour (config/resolved.py), not a copy that could drift from it: a tenant
    with no requirements gets each of them; with `defaults: false` none; a typed field of that key never writes it."""
    from conftest import BASE_V1, cluster_dict, load

    from karpenter_tenants.config.resolved import requirements
    from karpenter_tenants.config.schema.requirements import TYPED_REQUIREMENT_KEYS
    from karpenter_tenants.kinds.node_pool.drift import PRODUCT_DEFAULTS

    def written(tenant_requirements: dict | None) -> list[dict]:
        tenant = {k: v for k, v in BASE_V1["tenants"][0].items() if k != "requirements"}
        if tenant_requirements is not None:
            tenant["requirements"] = tenant_requirements
        config = load(tmp_path, cluster_dict(tenants=[tenant])).config
        return [
            {"key": r.key, "operator": r.operator, "values": list(r.values)} for r in requirements(config.tenants[0])
        ]

    defaults = [requirement for requirement, _, _ in PRODUCT_DEFAULTS.values()]
    assert defaults and all(d in written(None) for d in defaults)
    assert not any(d in written({"defaults": False}) for d in defaults)
    for requirement in defaults:
        field = next(f for f, key in TYPED_REQUIREMENT_KEYS.items() if key == requirement["key"])
        camel = field.split("_")[0] + "".join(w.title() for w in field.split("_")[1:])
        assert requirement not in written({camel: [int(requirement["values"][0])]})


def test_a_requirement_the_product_adds_is_said_with_its_reason() -> None:
    generation = {"key": "karpenter.k8s.aws/instance-generation", "operator": "Gt", "values": ["2"]}
    effect, why = node_pool_field(
        "NodePool", change("spec.template.spec.requirements[karpenter.k8s.aws/instance-generation]", ABSENT, generation)
    )
    assert effect == DRIFT and why.endswith(
        "; karpenter.k8s.aws/instance-generation Gt 2 is what the product adds when requirements.instanceGenerations "
        "and instanceTypes are unset: it skips the oldest instance generations, as Karpenter's getting-started NodePool "
        "does (`requirements.defaults: false` leaves it out)"
    )
    written = {**generation, "values": ["5"]}
    assert (
        "product adds"
        not in node_pool_field(
            "NodePool",
            change("spec.template.spec.requirements[karpenter.k8s.aws/instance-generation]", ABSENT, written),
        )[1]
    )
