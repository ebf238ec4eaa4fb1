"""review/identity.py: the controller's ServiceAccount switching between IRSA and EKS Pod Identity says what changes
on the cluster and in AWS and the order to apply them in, by whether aws.json names the cluster's OIDC provider."""

from __future__ import annotations

import json

from support.review_trees import obj, reviewed, tree

from karpenter_tenants.config.schema.karpenter import ROLE_ANNOTATION
from karpenter_tenants.objects.changes import IN_PLACE

ROLE = "arn:aws:iam::123456789012:role/acme-karpenter"


def account(role: str | None, **more: str) -> dict:
    found = obj("ServiceAccount", "karpenter", "kube-system")
    found["metadata"]["annotations"] = {**({ROLE_ANNOTATION: role} if role else {}), **more}
    return found


def files(role: str | None, oidc: bool, **more: str) -> dict[str, str]:
    aws = json.dumps({"cluster": {"oidc_provider": "oidc.eks.example/id/X" if oidc else None}})
    return {**tree(account(role, **more), folder="karpenter-base"), "acme/aws.json": aws}


def test_irsa_to_pod_identity_says_the_association_and_that_terraform_goes_first() -> None:
    [change] = reviewed(files(ROLE, True), files(None, True), "ServiceAccount", "karpenter", "kube-system")
    assert change.effect == IN_PLACE and change.why.startswith(
        f"controller identity IRSA → EKS Pod Identity. In AWS (terraform/ with dist/acme/aws.json): a pod identity "
        f"association of kube-system/karpenter with role {ROLE}, which now trusts pods.eks.amazonaws.com (its OIDC trust "
        "stays while cluster.oidcProvider is set)"
    )
    assert "apply terraform/ before this reaches the cluster" in change.why


def test_pod_identity_to_irsa_orders_terraform_by_whether_the_oidc_provider_was_set_before() -> None:
    [was_set] = reviewed(files(None, True), files(ROLE, True), "ServiceAccount", "karpenter", "kube-system")
    assert "cluster.oidcProvider was already set, so let this reach the cluster first" in was_set.why
    [was_not] = reviewed(files(None, False), files(ROLE, True), "ServiceAccount", "karpenter", "kube-system")
    assert "cluster.oidcProvider was not set before, so apply terraform/ first" in was_not.why


def test_an_aws_json_identical_on_both_sides_is_the_same_before_as_after() -> None:
    old, new = files(None, True), files(ROLE, True)
    del old["acme/aws.json"]
    [change] = reviewed(old, new, "ServiceAccount", "karpenter", "kube-system", same=frozenset({"acme/aws.json"}))
    assert "cluster.oidcProvider was already set" in change.why


def test_any_other_service_account_change_is_an_object_change() -> None:
    [change] = reviewed(files(ROLE, True), files(ROLE, True, note="x"), "ServiceAccount", "karpenter", "kube-system")
    assert (change.effect, change.why) == (IN_PLACE, "object metadata only")


def test_many_existing_node_roles_adopted_at_once_are_said_once() -> None:
    """issue 43: 40 node-group roles added in one pull request: one note naming them, not 40 copies of it."""
    import json

    from karpenter_tenants.review.iam import aws_changes

    def aws(roles: list[str]) -> str:
        return json.dumps(
            {
                "node_roles": {f"t{i}": r for i, r in enumerate(roles)},
                "existing_roles": {r: f"arn:aws:iam::001234567890:role/{r}" for r in roles},
                "node_role_arns": {r: f"arn:aws:iam::001234567890:role/{r}" for r in roles},
                "iam_options": {"existing_node_access_entries": False},
            }
        )

    roles = [f"group-{i:02}-node-role" for i in range(40)]
    changes = [c for c in aws_changes({"acme/aws.json": aws([])}, {"acme/aws.json": aws(roles)}) if c.action == "added"]
    assert len(changes) == 1, [c.name for c in changes]
    [change] = changes
    assert change.name == "40 of them" and change.why.startswith("group-00-node-role, group-01-node-role")
    assert "and 30 more, each: an existing node role (<its ARN>)" in change.why
    assert "--principal-arn <its ARN>" in change.why and "group-05" not in change.why.split("each:")[1]
    # one role alone keeps its own note, with its name and ARN
    [single] = [
        c for c in aws_changes({"acme/aws.json": aws([])}, {"acme/aws.json": aws(roles[:1])}) if c.action == "added"
    ]
    assert single.name == roles[0] and f"arn:aws:iam::001234567890:role/{roles[0]}" in single.why
