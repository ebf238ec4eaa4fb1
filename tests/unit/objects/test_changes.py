"""objects/changes.py: plan's change model: field changes of two versions of an object, one Change per effect with its
reasons said once, the gate, and what plan assumes of a cluster whose config it was not given."""

from __future__ import annotations

from karpenter_tenants.config.schema.tenancy import Tenancy
from karpenter_tenants.objects.changes import (
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
    changes = by_effect(
        "acme",
        "tenant alpha",
        "NodePool",
        "alpha",
        [
            (IN_PLACE, "behavioral field: no node is replaced", weight),
            (DRIFT, "node template changed", taint),
            (IN_PLACE, "behavioral field: no node is replaced", weight),
        ],
    )
    assert changes == [
        Change("acme", "tenant alpha", "NodePool", "alpha", "changed", DRIFT, "node template changed", [taint]),
        Change(
            "acme",
            "tenant alpha",
            "NodePool",
            "alpha",
            "changed",
            IN_PLACE,
            "behavioral field: no node is replaced",
            [weight, weight],
        ),
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


def test_tenants_added_alike_are_one_block_and_the_summary_still_counts_their_objects(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """Walked at 40 customers: onboarding 20 customers alike was 157 lines of plan, 20 blocks of the same three lines;
    it is one block naming them, each line counting the objects it stands for. A tenant unlike the others keeps its
    own block."""
    import subprocess

    from conftest import BASE_V1, write_cluster

    from karpenter_tenants.commands.cli import main

    def cluster(names: list[str]) -> dict:
        tenants = [{"name": n, "nodeRole": f"node-{n}", "ami": {"alias": "al2023@v20261101"}} for n in names]
        tenants += (
            [
                {
                    "name": "odd",
                    "nodeRole": "node-odd",
                    "ami": {"alias": "al2023@v20261101"},
                    "disruption": {"expireAfter": "Never"},
                }
            ]
            if names
            else []
        )
        return {**BASE_V1, "cluster": {**BASE_V1["cluster"], "kubernetesVersion": "1.33"}, "tenants": tenants}

    clusters, dist = tmp_path / "clusters", tmp_path / "dist"
    write_cluster(clusters, cluster([]))
    assert main(["--clusters", str(clusters), "synth", "--dist", str(dist)]) == 0
    for args in (
        ("init", "-q"),
        ("add", "-A"),
        ("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "base"),
    ):
        subprocess.run(["git", *args], cwd=tmp_path, check=True)
    names = [f"c{i:02}" for i in range(20)]
    write_cluster(clusters, cluster(names))
    assert main(["--clusters", str(clusters), "synth", "--dist", str(dist)]) == 0
    capsys.readouterr()
    assert main(["--clusters", str(clusters), "plan", "--base", "HEAD", "--dist", str(dist)]) == 0
    out = capsys.readouterr().out
    assert "#### 20 tenants added alike: c00, c01, c02, c03, c04, c05, c06, c07, c08, c09 and 10 more" in out
    assert "- **in place** NodePool/<tenant> added" in out and "#### Tenant odd" in out
    assert not [line for line in out.splitlines() if line.startswith("#### Tenant c")]
    added = sum(1 for line in out.splitlines() if line.startswith("- **in place**") and " added" in line)
    assert len(out.splitlines()) < 60
    import re

    total = int(re.search(r"(\d+) in place\.", out).group(1))
    assert total >= 3 * 21 and added < 15  # 21 tenants' NodePool, EC2NodeClass and applier each, in a few lines
