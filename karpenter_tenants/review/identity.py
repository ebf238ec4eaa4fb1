"""`plan`'s review of the controller's identity: its ServiceAccount switching between IRSA (the role annotation) and EKS
Pod Identity (an association terraform/ makes): what changes on the cluster and in AWS, and in which order to apply
them so the controller keeps its AWS credentials. Whether dist/<key>/aws.json names the cluster's OIDC provider
before and after is read from the two trees.

Imports the change model, objects.review and review.iam (aws.json as a document); never another kind's module."""

from __future__ import annotations

from typing import Any

from karpenter_tenants.config.schema.karpenter import ROLE_ANNOTATION
from karpenter_tenants.objects.changes import IN_PLACE, Change, FieldChange
from karpenter_tenants.objects.dist_objects import ObjectKey
from karpenter_tenants.objects.review import ObjectReview, Sides
from karpenter_tenants.review.iam import aws_document
from karpenter_tenants.synthesis.aws_side import FILE_NAME as AWS_FILE


class ServiceAccountReview(ObjectReview):
    def changed(
        self, sides: Sides, key: ObjectKey, group: str, before: dict, after: dict, fields: list[FieldChange]
    ) -> list[Change]:
        switch = identity_switch(key[0], before, after, oidc(sides, key[0]))
        if switch:
            return [Change(key[0], group, key[1], key[3], "changed", IN_PLACE, switch, fields)]
        return super().changed(sides, key, group, before, after, fields)


REVIEWS = {"ServiceAccount": ServiceAccountReview()}


def oidc(sides: Sides, cluster: str) -> tuple[bool, bool]:
    """Whether dist/<cluster>/aws.json names an OIDC provider (terraform/ keeps the IRSA trust), before and after; the
    same before as after when the file is identical on both sides (plan's `same`)."""
    path = f"{cluster}/{AWS_FILE}"
    after = names_oidc_provider(sides.new_files.get(path))
    before_text = sides.old_files.get(path)
    return (after if before_text is None and path in sides.same else names_oidc_provider(before_text)), after


def _role_annotation(obj: dict) -> Any:
    metadata = obj.get("metadata") if isinstance(obj.get("metadata"), dict) else {}
    annotations = metadata.get("annotations") if isinstance(metadata.get("annotations"), dict) else {}
    return annotations.get(ROLE_ANNOTATION)


def names_oidc_provider(text: str | None) -> bool:
    """Whether an aws.json text names the cluster's OIDC provider (False when absent or unreadable)."""
    cluster = (aws_document(text) or {}).get("cluster")
    return isinstance(cluster, dict) and bool(cluster.get("oidc_provider"))


def identity_switch(cluster: str, before: dict, after: dict, oidc: tuple[bool, bool]) -> str:
    """A switch of the controller between IRSA and EKS Pod Identity (the ServiceAccount's role annotation comes
    or goes): what changes on the cluster and in AWS, and in which order; "" for any other change."""
    old, new = _role_annotation(before), _role_annotation(after)
    if (old is None) == (new is None):
        return ""
    metadata = after.get("metadata") or {}
    account = f"{metadata.get('namespace', '')}/{metadata.get('name', '')}"
    terraform = f"terraform/ with dist/{cluster}/aws.json"
    if new is None:
        return (
            f"controller identity IRSA → EKS Pod Identity. In AWS ({terraform}): a pod identity association of "
            f"{account} with role {old}, which now trusts pods.eks.amazonaws.com"
            + (
                " (its OIDC trust stays while cluster.oidcProvider is set)"
                if oidc[1]
                else " and no longer the OIDC provider (cluster.oidcProvider is unset): the running controller keeps its "
                "IRSA credentials only until they expire (at most an hour), so let this reach the cluster soon after"
            )
            + ". On the cluster: the ServiceAccount loses its role annotation and the "
            "controller pods restart onto Pod Identity (the eks-pod-identity-agent add-on must run). Order: apply "
            "terraform/ before this reaches the cluster; if the annotation goes first, the restarted controller has "
            "no AWS credentials and launches and removes no node until the association exists. No node is replaced"
        )
    return (
        f"controller identity EKS Pod Identity → IRSA. In AWS ({terraform}): role {new} trusts the cluster's "
        f"OIDC provider for {account} and the pod identity association is deleted. On the cluster: the "
        "ServiceAccount gets the role annotation and the controller pods restart onto IRSA, which the AWS SDKs "
        "prefer to an association that still exists. Order: the role must trust the OIDC provider before the pods "
        "restart: "
        + (
            "cluster.oidcProvider was already set, so let this reach the cluster first and apply terraform/ after it"
            if oidc[0]
            else "cluster.oidcProvider was not set before, so apply terraform/ first and this right after; between the "
            "two the controller keeps its Pod Identity credentials only until they expire, then launches and "
            "removes no node"
        )
        + ". No node is replaced"
    )
