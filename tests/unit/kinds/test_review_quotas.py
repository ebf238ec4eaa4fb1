"""kinds/quota/review.py: a tenant's ResourceQuota as what its pods in the namespace may request; no node is replaced."""

from __future__ import annotations

from support.review_trees import obj, reviewed, tree

from karpenter_tenants.objects.changes import IN_PLACE


def quota(cpu: str, labels: dict[str, str] | None = None) -> dict:
    return obj("ResourceQuota", "alpha", "team-a", labels, spec={"hard": {"cpu": cpu, "memory": "20Gi"}})


def test_a_quota_added_or_changed_says_the_caps_the_tenants_pods_may_request() -> None:
    [added] = reviewed({}, tree(quota("10")), "ResourceQuota", "alpha", "team-a")
    assert (added.action, added.effect) == ("added", IN_PLACE) and added.why == (
        "the tenant's pods in namespace team-a may request at most cpu 10, memory 20Gi (a new pod past it is refused; "
        "running pods stay); no node is replaced"
    )
    [changed] = reviewed(tree(quota("10")), tree(quota("20")), "ResourceQuota", "alpha", "team-a")
    assert changed.action == "changed" and "at most cpu 20, memory 20Gi" in changed.why


def test_a_quota_removed_lets_the_pods_request_any_amount_again() -> None:
    [removed] = reviewed(tree(quota("10")), {}, "ResourceQuota", "alpha", "team-a")
    assert removed.why == "the tenant's pods in namespace team-a may request any amount again; no node is replaced"


def test_a_quota_whose_labels_alone_change_is_said_with_its_unchanged_caps_and_an_unchanged_one_not_at_all() -> None:
    [relabelled] = reviewed(tree(quota("10")), tree(quota("10", {"team": "alpha"})), "ResourceQuota", "alpha", "team-a")
    assert relabelled.why.startswith(
        "object metadata only: the tenant's pods in namespace team-a may still request at most cpu 10, memory 20Gi"
    )
    assert reviewed(tree(quota("10")), tree(quota("10")), "ResourceQuota", "alpha", "team-a") == []
