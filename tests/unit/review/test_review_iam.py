"""review/iam.py: plan's view of dist/<key>/aws.json, the IAM policy documents terraform/ applies, statement by
statement; the AWS side's changes are said under one group and replace no node."""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import pytest
from conftest import BASE_V1, EXAMPLE_DIST, cluster_dict, load

from karpenter_tenants.objects.changes import DESTRUCTIVE, IN_PLACE
from karpenter_tenants.review.iam import GROUP, KIND, aws_changes, iam_changes, iam_of
from karpenter_tenants.synthesis.aws_side import aws_json


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
        "acme",
        GROUP,
        KIND,
        "iam",
        "added",
        IN_PLACE,
    )
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
    grown["controller_policy"]["Statement"].append(
        {"Sid": "AllowPassingNewRole", "Effect": "Allow", "Action": "iam:PassRole", "Resource": [arn]}
    )
    changes = {name: why for name, _, why in iam_changes("acme", iam, grown)}
    assert f"statement AllowPassingNewRole added (on {arn})" in changes["iam.controller_policy"]
    changes = {name: why for name, _, why in iam_changes("acme", grown, iam)}
    assert f"statement AllowPassingNewRole removed (on {arn})" in changes["iam.controller_policy"]


# --- the organisation's IAM rules: policies named by ARN, PassRole by scope, access entries of existing roles -------


AMI = {"alias": "al2023@v20261101"}


def aws_text(tmp_path: Path, **sections: Any) -> str:
    folder = tmp_path / str(len(list(tmp_path.iterdir())) if tmp_path.exists() else 0)
    return aws_json(load(folder, cluster_dict(**sections)).config, "acme.yaml")


def tenants(*names: str, **extra: Any) -> list[dict[str, Any]]:
    return [{"name": name, "ami": AMI, **extra.get(name, {})} for name in names]


EDITS: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "a tenant added": ({"tenants": tenants("alpha")}, {"tenants": tenants("alpha", "beta")}),
    "51 tenants: a second PassRole policy": (
        {"tenants": tenants(*[f"t{i:02}" for i in range(50)])},
        {"tenants": tenants(*[f"t{i:02}" for i in range(51)])},
    ),
    "passRole scope set": (
        {"tenants": tenants("alpha", "beta")},
        {"tenants": tenants("alpha", "beta"), "iam": {"passRole": {"namePrefix": "karpenter-node-acme-"}}},
    ),
    "a permissions boundary (no policy changes)": (
        {"tenants": tenants("alpha")},
        {"tenants": tenants("alpha"), "iam": {"permissionsBoundary": "arn:aws:iam::001234567890:policy/b"}},
    ),
    "identity to irsa": (
        {"tenants": tenants("alpha")},
        {
            "tenants": tenants("alpha"),
            "karpenter": {"version": "1.14.1", "identity": "irsa"},
            "cluster": {**BASE_V1["cluster"], "oidcProvider": "oidc.eks.ca-central-1.amazonaws.com/id/X"},
        },
    ),
}


@pytest.mark.parametrize("edit", sorted(EDITS))
def test_every_plan_line_about_a_policy_names_its_arn(edit: str, tmp_path: Path) -> None:
    before, after = (aws_text(tmp_path, **sections) for sections in EDITS[edit])
    changes = aws_changes({"acme/aws.json": before}, {"acme/aws.json": after})
    about_policies = [c for c in changes if c.name.startswith("iam.")]
    for change in about_policies:
        subject = change.why.split(": ", 1)[0]
        assert (
            re.search(r"arn:aws:(iam|sqs):[^ ]*:(policy|role|karpenter)", subject)
            or "managed policies attached" in subject
            or subject.startswith("trust policy of the node roles")
        ), change.why
    if "no policy changes" not in edit:
        assert about_policies, [c.why for c in changes]


def test_a_second_pass_role_policy_is_named_by_both_arns(tmp_path: Path) -> None:
    before, after = (aws_text(tmp_path, **sections) for sections in EDITS["51 tenants: a second PassRole policy"])
    [change] = [
        c for c in aws_changes({"acme/aws.json": before}, {"acme/aws.json": after}) if c.name == "iam.pass_node_roles"
    ]
    assert change.why.startswith(
        "managed policies arn:aws:iam::001234567890:policy/karpenter-controller-acme-pass-node-roles-0, "
        "arn:aws:iam::001234567890:policy/karpenter-controller-acme-pass-node-roles-1 on role "
        "arn:aws:iam::001234567890:role/karpenter-controller-acme: "
    ), change.why


def test_under_a_pass_role_scope_a_tenant_added_or_removed_changes_no_policy_and_plan_says_the_scope(
    tmp_path: Path,
) -> None:
    scope = {"passRole": {"namePrefix": "karpenter-node-acme-"}}
    before = aws_text(tmp_path, tenants=tenants("alpha"), iam=scope)
    after = aws_text(tmp_path, tenants=tenants("alpha", "beta"), iam=scope)
    changes = aws_changes({"acme/aws.json": before}, {"acme/aws.json": after})
    assert not [c for c in changes if c.name.startswith("iam.")], "no policy changes"
    [added] = changes
    assert added.name == "karpenter-node-acme-beta" and added.action == "added"
    assert (
        "the controller may pass it to EC2 by iam.passRole's arn:aws:iam::001234567890:role/karpenter-node-acme-*: "
        "no PassRole policy changes"
    ) in added.why
    # setting the scope is said with the pattern, and that tenants no longer change it
    [scoped] = [
        c
        for c in aws_changes({"acme/aws.json": aws_text(tmp_path, tenants=tenants("alpha"))}, {"acme/aws.json": before})
        if c.name == "iam.pass_node_roles"
    ]
    assert (
        "(iam.passRole: every role matching arn:aws:iam::001234567890:role/karpenter-node-acme-* may be passed to EC2, "
        "so tenants coming and going do not change it)" in scoped.why
    )
    assert (
        "resources +arn:aws:iam::001234567890:role/karpenter-node-acme-* -arn:aws:iam::001234567890:role/karpenter-node-acme-alpha"
        in scoped.why
    )


def test_an_existing_node_role_without_an_access_entry_from_terraform_says_what_to_run(tmp_path: Path) -> None:
    existing = {"existing": {"roles": ["arn:aws:iam::001234567890:role/eks/core-nodes"], "accessEntries": False}}
    before = aws_text(tmp_path, tenants=tenants("alpha"), iam={"existing": {"accessEntries": False}})
    after = aws_text(tmp_path, tenants=tenants("alpha", "beta", beta={"nodeRole": "core-nodes"}), iam=existing)
    [added] = [c for c in aws_changes({"acme/aws.json": before}, {"acme/aws.json": after}) if c.name == "core-nodes"]
    assert "terraform/ creates no EKS access entry for it (iam.existing.accessEntries false)" in added.why
    assert (
        "before merging run `aws eks create-access-entry --cluster-name acme --principal-arn "
        "arn:aws:iam::001234567890:role/eks/core-nodes --type EC2_LINUX`"
    ) in added.why


def test_switching_existing_node_access_entries_off_is_destructive_with_the_state_rm_that_keeps_them(
    tmp_path: Path,
) -> None:
    role = {"beta": {"nodeRole": "core-nodes"}}
    on = aws_text(tmp_path, tenants=tenants("alpha", "beta", **role), iam={"existing": {"roles": ["core-nodes"]}})
    off = aws_text(
        tmp_path,
        tenants=tenants("alpha", "beta", **role),
        iam={"existing": {"roles": ["core-nodes"], "accessEntries": False}},
    )
    [change] = aws_changes({"acme/aws.json": on}, {"acme/aws.json": off})
    assert (change.name, change.action, change.effect) == ("core-nodes", "changed", DESTRUCTIVE)
    assert """terraform state rm 'module.<name>.aws_eks_access_entry.existing_node["core-nodes"]'""" in change.why
    [change] = aws_changes({"acme/aws.json": off}, {"acme/aws.json": on})
    assert (change.name, change.effect) == ("core-nodes", IN_PLACE)
    assert "now creates an EKS access entry (EC2_LINUX) for this existing node role" in change.why
    assert "ResourceInUseException: list it in iam.existing.withAccessEntry" in change.why


def test_turning_create_roles_off_is_said_once(tmp_path: Path) -> None:
    ami = {"alias": "al2023@v20261101"}
    sections = {
        "karpenter": {"version": "1.14.1", "controllerRole": {"name": "platform-karpenter"}},
        "tenants": [{"name": "alpha", "nodeRole": "node-alpha", "ami": ami}],
    }
    roles = {"existing": {"roles": ["platform-karpenter", "node-alpha"]}}
    before = aws_text(tmp_path, **sections, iam=roles)
    after = aws_text(tmp_path, **sections, iam={**roles, "createRoles": False})
    [change] = aws_changes({"acme/aws.json": before}, {"acme/aws.json": after})
    assert (change.name, change.action, change.effect) == ("iam.createRoles", "changed", IN_PLACE)
    assert "creates no IAM role from now on (iam.createRoles false" in change.why
