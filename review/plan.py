"""`python main.py plan`: what a change to the cluster configs does to customers' nodes.

Compares freshly synthesized output with dist/ at a git revision (review/git_tree.py) and classifies every change by
its effect in Karpenter (review/changes.py: destructive, drift, in place), each object by the review its kind is
registered with (review/registry.py: node pools and node classes after Karpenter's drift rules, quotas, buffers,
overlays, the controller's identity, the isolation policies, the Karpenter chart, namespaces), then the AWS side
(review/iam.py) and the 0.31 -> 1.x upgrade path (review/upgrade.py); review/markdown.py renders the report.

Imports review's modules; nothing in review imports it."""

from __future__ import annotations

from checks.dist_objects import objects_of
from review.changes import Change, ClusterFacts
from review.gitops import applied_by_hand
from review.objects import Sides, group_of
from review.registry import FILE_REVIEWS, review_of


def plan(
    old_files: dict[str, str],
    new_files: dict[str, str],
    facts: dict[str, ClusterFacts] | None = None,
    same: set[str] | frozenset[str] = frozenset(),
) -> list[Change]:
    """Every change between two dist/ trees, classified; facts: what each cluster's config says beyond them;
    same: files identical on both sides, left out of old_files (their objects still give context, like which
    node pool uses a node class)."""
    sides = Sides(objects_of(old_files), objects_of(new_files), old_files, new_files, same, facts or {})
    changed = {key for key, (path, _) in sides.new.items() if path not in same}
    changes: list[Change] = []
    for key in sorted({review_of(key[1]).said_under(key, sides) for key in set(sides.old) | changed}):
        path, obj = sides.new.get(key) or sides.old[key]
        group = group_of(path, obj, sides.facts_of(key[0]).label_key)
        changes += [applied_by_hand(change, path, key, sides.new) for change in review_of(key[1]).review(sides, key, group)]
    for review in FILE_REVIEWS:
        changes += review(old_files, new_files, same)
    return changes
