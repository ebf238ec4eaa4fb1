"""objects/review.py: the review of an object of a kind with no rule of its own (added, removed, changed field by
field, replacing no node; object metadata drifts nothing), and the group its changes are said under."""

from __future__ import annotations

import yaml
from support.review_trees import obj, reviewed, tree

from karpenter_tenants.objects.changes import ABSENT, IN_PLACE, Change, ClusterFacts, FieldChange
from karpenter_tenants.review.plan import plan


def test_changes_are_grouped_by_the_tenant_label_of_each_object() -> None:
    def kustomization(name: str, labels: dict[str, str] | None) -> str:
        metadata = {"name": name, "namespace": "flux-system", **({"labels": labels} if labels else {})}
        return yaml.safe_dump(
            {
                "apiVersion": "kustomize.toolkit.fluxcd.io/v1",
                "kind": "Kustomization",
                "metadata": metadata,
                "spec": {"path": "./x"},
            }
        )

    new = {
        "acme/flux/stages/kustomization-acme-nodepool-gamma.yaml": kustomization(
            "acme-nodepool-gamma", {"team": "gamma"}
        ),
        "acme/flux/stages/kustomization-acme-karpenter.yaml": kustomization("acme-karpenter", None),
    }
    groups = {c.name: c.group for c in plan({}, new, {"acme": ClusterFacts("team")})}
    assert groups == {"acme-nodepool-gamma": "tenant gamma", "acme-karpenter": "Karpenter and base objects"}


def test_a_tenants_object_in_a_dist_written_before_appliers_were_labelled_is_said_under_its_tenants_folder() -> None:
    [change] = plan({}, tree(obj("ConfigMap", "x"), folder="tenants/gamma"))
    assert change.group == "tenant gamma"


def test_an_object_of_a_kind_with_no_rule_of_its_own_replaces_no_node_added_removed_or_changed() -> None:
    before, after = (
        obj("ConfigMap", "x", "ns", data={"a": "1"}),
        obj("ConfigMap", "x", "ns", {"tenant": "alpha"}, data={"a": "2"}),
    )
    assert reviewed({}, tree(after), "ConfigMap", "x", "ns") == [
        Change("acme", "tenant alpha", "ConfigMap", "x", "added", IN_PLACE, "new object; no existing node is replaced")
    ]
    assert reviewed(tree(before), {}, "ConfigMap", "x", "ns") == [
        Change("acme", "tenant alpha", "ConfigMap", "x", "removed", IN_PLACE, "no node is replaced")
    ]
    assert reviewed(tree(before), tree(after), "ConfigMap", "x", "ns") == [
        Change(
            "acme",
            "tenant alpha",
            "ConfigMap",
            "x",
            "changed",
            IN_PLACE,
            "no node is replaced; object metadata only",
            [FieldChange("data.a", "1", "2"), FieldChange("metadata.labels", ABSENT, {"tenant": "alpha"})],
        ),
    ]
    assert reviewed(tree(before), tree(before), "ConfigMap", "x", "ns") == []
