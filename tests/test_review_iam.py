"""review/iam.py: plan's view of dist/<key>/aws.json, the IAM policy documents terraform/ applies, statement by
statement; the AWS side's changes are said under one group and replace no node."""

from __future__ import annotations

import copy

from conftest import EXAMPLE_DIST

from review.changes import IN_PLACE
from review.iam import GROUP, KIND, aws_changes, iam_changes, iam_of


def test_iam_changes_of_a_new_a_removed_and_a_reordered_aws_json() -> None:
    aws = (EXAMPLE_DIST / "acme/aws.json").read_text()
    iam = iam_of(aws)
    assert iam and iam_changes("acme", iam, iam) == []
    [(name, action, why)] = iam_changes("acme", None, iam)
    assert (name, action) == ("iam", "added") and "apply terraform/ with dist/acme/aws.json" in why
    [(name, action, why)] = iam_changes("acme", iam, None)
    assert (name, action) == ("iam", "removed") and "destroyed with terraform/" in why
    reordered = copy.deepcopy(iam)
    reordered["controller_policy"]["Statement"].reverse()
    assert [change[2] for change in iam_changes("acme", iam, reordered)] == [
        "apply terraform/ with dist/acme/aws.json, after the merge has reached the cluster (nothing uses what it takes away by then): same statements, written differently; no node is replaced"
    ]
    assert iam_of("{not json") is None and iam_of(None) is None and iam_of('{"format": 2}') == {}


def test_iam_changes_of_a_hand_edited_aws_json_compare_what_they_can_read() -> None:
    """A base revision's aws.json is whatever was committed: statements that are no objects and a Resource that
    is one string (as IAM allows) do not crash plan."""
    iam = iam_of((EXAMPLE_DIST / "acme/aws.json").read_text())
    assert iam
    edited = copy.deepcopy(iam)
    edited["queue_policy"]["Statement"] = [1, "x", None]
    edited["controller_policy"]["Statement"][0]["Resource"] = "arn:aws:ec2:*:*:instance/*"
    changes = {name: why for name, _, why in iam_changes("acme", edited, iam)}
    assert set(changes) == {"iam.queue_policy", "iam.controller_policy"}
    assert "statement" in changes["iam.queue_policy"] and "resources" in changes["iam.controller_policy"]


def test_the_aws_side_says_each_aws_json_that_differs_and_skips_those_identical_on_both_sides() -> None:
    aws = (EXAMPLE_DIST / "acme/aws.json").read_text()
    [added] = aws_changes({}, {"acme/aws.json": aws})
    assert (added.cluster, added.group, added.kind, added.name, added.action, added.effect) == (
        "acme", GROUP, KIND, "iam", "added", IN_PLACE)
    assert aws_changes({}, {"acme/aws.json": aws}, {"acme/aws.json"}) == []
    assert aws_changes({"acme/aws.json": aws}, {"acme/aws.json": aws}) == []
    assert aws_changes({}, {"acme/tenants/aws.json": aws}) == []  # only dist/<key>/aws.json is the AWS side


def test_a_statement_added_or_removed_is_said_with_the_arns_it_names() -> None:
    """A reviewer (or a security team re-attaching a policy by hand) sees what a statement grants on, not its Sid
    alone: e.g. a PassRole statement added names the node roles' ARNs."""
    iam = iam_of((EXAMPLE_DIST / "acme/aws.json").read_text())
    assert iam
    grown = copy.deepcopy(iam)
    arn = "arn:aws:iam::001234567890:role/karpenter-node-acme-new"
    grown["controller_policy"]["Statement"].append({"Sid": "AllowPassingNewRole", "Effect": "Allow",
                                                    "Action": "iam:PassRole", "Resource": [arn]})
    changes = {name: why for name, _, why in iam_changes("acme", iam, grown)}
    assert f"statement AllowPassingNewRole added (on {arn})" in changes["iam.controller_policy"]
    changes = {name: why for name, _, why in iam_changes("acme", grown, iam)}
    assert f"statement AllowPassingNewRole removed (on {arn})" in changes["iam.controller_policy"]
