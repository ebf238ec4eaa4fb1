"""review/namespaces.py: removing a Namespace is destructive (pruning it deletes everything in it); adding one is not."""

from __future__ import annotations

from support.review_trees import obj, reviewed, tree

from karpenter_tenants.objects.changes import DESTRUCTIVE, IN_PLACE


def test_a_namespace_removed_deletes_everything_in_it_and_one_added_replaces_no_node() -> None:
    [removed] = reviewed(tree(obj("Namespace", "karpenter"), folder="karpenter-base"), {}, "Namespace", "karpenter")
    assert (removed.effect, removed.why) == (
        DESTRUCTIVE,
        "pruning it deletes everything in it (the Karpenter controller, when it runs there)",
    )
    [added] = reviewed({}, tree(obj("Namespace", "karpenter"), folder="karpenter-base"), "Namespace", "karpenter")
    assert added.effect == IN_PLACE
