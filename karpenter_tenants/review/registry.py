"""Which review each kind of object of dist/ gets, and the reviews of dist/<key>/aws.json: the one place `plan` looks
them up (a kind no module registers gets objects.review.ObjectReview). Each kind's module says the kinds it
reviews (its REVIEWS); a kind is registered once.

Imports the kinds' modules, review.iam, review.upgrade and review.release_iam; nothing imports it but review.plan."""

from __future__ import annotations

from collections.abc import Callable

from karpenter_tenants.kinds.buffer import review as buffers
from karpenter_tenants.kinds.controller import review as controller
from karpenter_tenants.kinds.isolation import review as isolation
from karpenter_tenants.kinds.node_pool import review as node_pools
from karpenter_tenants.kinds.overlay import review as overlays
from karpenter_tenants.kinds.quota import review as quotas
from karpenter_tenants.objects.changes import Change
from karpenter_tenants.objects.review import ObjectReview
from karpenter_tenants.review import grouping, identity, namespaces
from karpenter_tenants.review.iam import aws_changes
from karpenter_tenants.review.release_iam import release_iam_changes
from karpenter_tenants.review.upgrade import upgrade_changes

MODULES = (node_pools, quotas, buffers, overlays, identity, isolation, controller, namespaces)
REVIEWS: dict[str, ObjectReview] = {kind: review for module in MODULES for kind, review in module.REVIEWS.items()}
DEFAULT = ObjectReview()
# (old files, new files, same) -> the changes of the files of the AWS side; after the objects' changes, in this order.
FileReview = Callable[[dict[str, str], dict[str, str], set[str] | frozenset[str]], list[Change]]
FILE_REVIEWS: tuple[FileReview, ...] = (aws_changes, upgrade_changes, release_iam_changes)
# changes -> the same changes, some said as one (a kind's module groups what would repeat per tenant); in this order.
# node_groups_still_running_in_one_line also runs over what commands/plan adds after the object review (the nodes').
GROUPINGS: tuple[Callable[[list[Change]], list[Change]], ...] = (
    isolation.one_line_per_enforcement_change,
    grouping.added_tenants_in_one_block,
    grouping.node_classes_changed_alike,
    grouping.node_groups_still_running_in_one_line,
)


def review_of(kind: str) -> ObjectReview:
    return REVIEWS.get(kind, DEFAULT)
