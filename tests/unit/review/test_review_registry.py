"""review/registry.py: each kind of object is reviewed by one module, a kind none registers by the plain object review,
and the AWS side (aws.json: IAM, then the upgrade path) after the objects."""

from __future__ import annotations

from karpenter_tenants.kinds.node_pool.review import NodeClassReview, NodePoolReview
from karpenter_tenants.objects.review import ObjectReview
from karpenter_tenants.review import registry
from karpenter_tenants.review.iam import aws_changes
from karpenter_tenants.review.release_iam import release_iam_changes
from karpenter_tenants.review.upgrade import upgrade_changes


def test_no_kind_is_registered_by_two_modules() -> None:
    kinds = [kind for module in registry.MODULES for kind in module.REVIEWS]
    assert len(kinds) == len(set(kinds)) == len(registry.REVIEWS)


def test_node_pools_and_node_classes_of_both_generations_are_reviewed_by_the_node_pools_module() -> None:
    assert {kind for kind, review in registry.REVIEWS.items() if isinstance(review, NodePoolReview)} == {
        "NodePool",
        "Provisioner",
    }
    assert {kind for kind, review in registry.REVIEWS.items() if isinstance(review, NodeClassReview)} == {
        "EC2NodeClass",
        "AWSNodeTemplate",
    }


def test_a_kind_no_module_registers_gets_the_plain_object_review() -> None:
    assert type(registry.review_of("Secret")) is ObjectReview


def test_the_aws_side_is_reviewed_after_the_objects_iam_then_the_upgrade_path() -> None:
    assert registry.FILE_REVIEWS == (aws_changes, upgrade_changes, release_iam_changes)
