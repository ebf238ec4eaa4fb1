"""The IAM policy documents of one cluster's AWS side, computed once from the config model.

synthesis/aws_side.py writes them into dist/<key>/aws.json under "iam"; terraform/ only jsonencode()s them,
so the policy a cluster gets is computed in one place, next to the names it grants on:

- controller_policy: the Karpenter controller's inline policy for the cluster's generation, statement by
  statement upstream's getting-started policy of the pinned release
  (../shared/karpenter/<version>/iam/cloudformation.yaml) with the cluster's names; every deliberate
  difference is listed with its reason in terraform/upstream-differences.json (the tests compare both);
- pass_node_roles: upstream's AllowPassingInstanceRole for every node role of the cluster: under iam.passRole one
  statement on the role ARN pattern (path and name prefix) every node role matches, which no tenant changes; else
  one ARN per node role in managed policies of at most PASS_ROLE_CHUNK roles (IAM's 6,144 characters each; inline they would push the role's
  inline policies past 10,240 characters at about 65 tenants; 10 of them, IAM's default quota of managed
  policies per role, hold 500 tenants);
- controller_trust: IRSA (the cluster's OIDC provider vouches for the controller's ServiceAccount) when
  cluster.oidcProvider is set, EKS Pod Identity (pods.eks.amazonaws.com) under karpenter.identity
  podIdentity; None when neither applies (IRSA without an OIDC provider: terraform/ refuses the plan);
- node_trust, node_managed_policy_arns: the node roles' trust (EC2 of the partition) and upstream's managed
  policies of the release;
- queue_policy: the interruption queue's resource policy (EventBridge and SQS may send; no plain HTTP).

Documents are IAM JSON (Version, Statement list); actions, resources, principals and condition values are
sorted (their order means nothing to IAM), statements keep a fixed order, so the bytes are the same every
run."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from karpenter_tenants.config import naming
from karpenter_tenants.config.resolved import resolve
from karpenter_tenants.config.schema.cluster_file import ClusterFile
from karpenter_tenants.config.schema.iam import PASS_ROLE_CHUNK, pass_role_pattern
from karpenter_tenants.config.versions import Generation

VERSION = "2012-10-17"
# EC2 in the China regions passes roles to ec2.amazonaws.com.cn (as upstream's 1.x template allows).
EC2_SERVICE_PRINCIPALS = ("ec2.amazonaws.com", "ec2.amazonaws.com.cn")

Condition = tuple[str, str, list[str]]  # (test, key, values)

REGIONAL_READ_ACTIONS = {
    Generation.V1ALPHA5: [
        "ec2:DescribeAvailabilityZones",
        "ec2:DescribeImages",
        "ec2:DescribeInstances",
        "ec2:DescribeInstanceTypeOfferings",
        "ec2:DescribeInstanceTypes",
        "ec2:DescribeLaunchTemplates",
        "ec2:DescribeSecurityGroups",
        "ec2:DescribeSpotPriceHistory",
        "ec2:DescribeSubnets",
    ],
    Generation.V1: [
        "ec2:DescribeCapacityReservations",
        "ec2:DescribeImages",
        "ec2:DescribeInstances",
        "ec2:DescribeInstanceStatus",
        "ec2:DescribeInstanceTypeOfferings",
        "ec2:DescribeInstanceTypes",
        "ec2:DescribeLaunchTemplates",
        "ec2:DescribePlacementGroups",
        "ec2:DescribeSecurityGroups",
        "ec2:DescribeSpotPriceHistory",
        "ec2:DescribeSubnets",
    ],
}
# The tag Karpenter puts on everything it launches for a node pool: the NodePool's (1.x) or the Provisioner's (0.31).
OWNER_TAG = {Generation.V1: "karpenter.sh/nodepool", Generation.V1ALPHA5: "karpenter.sh/provisioner-name"}
# As upstream's node role of the pinned release: 1.x pulls images with ECR's pull-only policy, 0.31's
# template predates it.
NODE_MANAGED_POLICIES = {
    Generation.V1: [
        "AmazonEKSWorkerNodePolicy",
        "AmazonEKS_CNI_Policy",
        "AmazonEC2ContainerRegistryPullOnly",
        "AmazonSSMManagedInstanceCore",
    ],
    Generation.V1ALPHA5: [
        "AmazonEKSWorkerNodePolicy",
        "AmazonEKS_CNI_Policy",
        "AmazonEC2ContainerRegistryReadOnly",
        "AmazonSSMManagedInstanceCore",
    ],
}
CREATE_ACTIONS = ["RunInstances", "CreateFleet", "CreateLaunchTemplate"]


def document(*statements: dict[str, Any]) -> dict[str, Any]:
    return {"Version": VERSION, "Statement": list(statements)}


def statement(
    sid: str,
    actions: list[str],
    resources: list[str] | None = None,
    conditions: Sequence[Condition] = (),
    principal: dict[str, list[str]] | str | None = None,
    effect: str = "Allow",
) -> dict[str, Any]:
    """One IAM statement; lists sorted. Two conditions of one test on one key are a programming error."""
    found: dict[str, Any] = {"Sid": sid, "Effect": effect}
    if principal is not None:
        found["Principal"] = principal if isinstance(principal, str) else {k: sorted(v) for k, v in principal.items()}
    found["Action"] = sorted(actions)
    if resources is not None:
        found["Resource"] = sorted(resources)
    if conditions:
        block: dict[str, dict[str, list[str]]] = {}
        for test, key, values in conditions:
            keys = block.setdefault(test, {})
            if key in keys:
                raise ValueError(f"{sid}: two {test} conditions on {key}")
            keys[key] = sorted(values)
        found["Condition"] = block
    return found


@dataclass(frozen=True)
class _Cluster:
    """The cluster's names as its policies spell them: ARNs in the partition of its region."""

    partition: str
    region: str
    account: str
    name: str
    generation: Generation

    def arn(self, service: str, resource: str, region: str = "", account: str = "") -> str:
        return f"arn:{self.partition}:{service}:{region}:{account}:{resource}"

    def ec2(self, kind: str) -> str:
        """Regional EC2 resources of any account (as upstream writes them), e.g. instance/*."""
        return self.arn("ec2", f"{kind}/*", self.region, "*")

    def ec2_public(self, kind: str) -> str:
        """Images and snapshots: regional, no account (they may be Amazon's or shared)."""
        return self.arn("ec2", f"{kind}/*", self.region)

    @property
    def cluster_arn(self) -> str:
        return self.arn("eks", f"cluster/{self.name}", self.region, self.account)

    @property
    def instance_profiles(self) -> str:
        return self.arn("iam", "instance-profile/*", account=self.account)

    @property
    def owner(self) -> str:
        return OWNER_TAG[self.generation]

    # Conditions every scoped statement uses.
    def created_for_cluster(self) -> Condition:
        """The cluster tag a create request must set."""
        return ("StringEquals", f"aws:RequestTag/kubernetes.io/cluster/{self.name}", ["owned"])

    def owned_by_cluster(self) -> Condition:
        """The cluster tag an existing resource must carry."""
        return ("StringEquals", f"aws:ResourceTag/kubernetes.io/cluster/{self.name}", ["owned"])

    def requested_for(self, tag: str) -> Condition:
        return ("StringLike", f"aws:RequestTag/{tag}", ["*"])

    def tagged_with(self, tag: str) -> Condition:
        return ("StringLike", f"aws:ResourceTag/{tag}", ["*"])

    def requested_cluster_name(self, test: str = "StringEquals") -> Condition:
        return (test, "aws:RequestTag/eks:eks-cluster-name", [self.name])

    def in_region(self, kind: str) -> Condition:
        return ("StringEquals", f"aws:{kind}Tag/topology.kubernetes.io/region", [self.region])

    def launched(self) -> list[str]:
        """What RunInstances / CreateFleet / CreateLaunchTemplate create and tag; 0.31 never tags spot instance
        requests at creation (its upstream policy leaves them out)."""
        kinds = ["fleet", "instance", "volume", "network-interface", "launch-template"]
        if self.generation is Generation.V1:
            kinds.append("spot-instances-request")
        return [self.ec2(kind) for kind in kinds]


def _shared_statements(c: _Cluster, queue_arn: str) -> list[dict[str, Any]]:
    """The statements of both generations (the regional read actions and the queue's are the release's)."""
    v1 = c.generation is Generation.V1
    queue_actions = ["sqs:DeleteMessage", "sqs:GetQueueUrl", "sqs:ReceiveMessage"]
    launch_conditions = [
        c.created_for_cluster(),
        *([c.requested_cluster_name()] if v1 else []),
        c.requested_for(c.owner),
    ]
    return [
        statement(
            "AllowRegionalReadActions",
            REGIONAL_READ_ACTIONS[c.generation],
            ["*"],
            [("StringEquals", "aws:RequestedRegion", [c.region])],
        ),
        statement("AllowSSMReadActions", ["ssm:GetParameter"], [c.arn("ssm", "parameter/aws/service/*", c.region)]),
        statement("AllowPricingReadActions", ["pricing:GetProducts"], ["*"]),
        statement("AllowAPIServerEndpointDiscovery", ["eks:DescribeCluster"], [c.cluster_arn]),
        # Launch templates only Karpenter's own, tagged for this cluster (on 0.31 a deliberate difference from
        # upstream, which allows any: this product never sets spec.launchTemplate).
        statement(
            "AllowScopedEC2LaunchTemplateAccessActions" if v1 else "AllowScopedEC2LaunchTemplateActions",
            ["ec2:RunInstances", "ec2:CreateFleet"],
            [c.ec2("launch-template")],
            [c.owned_by_cluster(), c.tagged_with(c.owner)],
        ),
        statement(
            "AllowScopedEC2InstanceActionsWithTags",
            ["ec2:RunInstances", "ec2:CreateFleet", "ec2:CreateLaunchTemplate"],
            c.launched(),
            launch_conditions,
        ),
        statement(
            "AllowScopedResourceCreationTagging",
            ["ec2:CreateTags"],
            c.launched(),
            [*launch_conditions, ("StringEquals", "ec2:CreateAction", CREATE_ACTIONS)],
        ),
        statement(
            "AllowScopedDeletion",
            ["ec2:TerminateInstances", "ec2:DeleteLaunchTemplate"],
            [c.ec2("instance"), c.ec2("launch-template")],
            [c.owned_by_cluster(), c.tagged_with(c.owner)],
        ),
        statement(
            "AllowInterruptionQueueActions",
            queue_actions if v1 else [*queue_actions, "sqs:GetQueueAttributes"],
            [queue_arn],
        ),
    ]


def _v1_statements(c: _Cluster) -> list[dict[str, Any]]:
    """Karpenter 1.x only: capacity reservations and placement groups, instance profiles it creates per
    EC2NodeClass (only ones tagged for this cluster and region), ARC zonal shift."""
    profile_tag = "karpenter.k8s.aws/ec2nodeclass"
    return [
        statement(
            "AllowScopedEC2InstanceAccessActions",
            ["ec2:RunInstances", "ec2:CreateFleet"],
            [
                c.ec2_public("image"),
                c.ec2_public("snapshot"),
                c.ec2("security-group"),
                c.ec2("subnet"),
                c.ec2("capacity-reservation"),
                c.ec2("placement-group"),
            ],
        ),
        statement(
            "AllowScopedResourceTagging",
            ["ec2:CreateTags"],
            [c.ec2("instance")],
            [
                c.owned_by_cluster(),
                c.tagged_with(c.owner),
                c.requested_cluster_name("StringEqualsIfExists"),
                (
                    "ForAllValues:StringEquals",
                    "aws:TagKeys",
                    ["eks:eks-cluster-name", "karpenter.sh/nodeclaim", "Name"],
                ),
            ],
        ),
        statement(
            "AllowScopedInstanceProfileCreationActions",
            ["iam:CreateInstanceProfile"],
            [c.instance_profiles],
            [
                c.created_for_cluster(),
                c.requested_cluster_name(),
                c.in_region("Request"),
                c.requested_for(profile_tag),
            ],
        ),
        statement(
            "AllowScopedInstanceProfileTagActions",
            ["iam:TagInstanceProfile"],
            [c.instance_profiles],
            [
                c.owned_by_cluster(),
                c.in_region("Resource"),
                c.created_for_cluster(),
                c.requested_cluster_name(),
                c.in_region("Request"),
                c.tagged_with(profile_tag),
                c.requested_for(profile_tag),
            ],
        ),
        statement(
            "AllowScopedInstanceProfileActions",
            ["iam:AddRoleToInstanceProfile", "iam:RemoveRoleFromInstanceProfile", "iam:DeleteInstanceProfile"],
            [c.instance_profiles],
            [c.owned_by_cluster(), c.in_region("Resource"), c.tagged_with(profile_tag)],
        ),
        # Zonal shift awareness: Karpenter avoids zones under an ARC zonal shift of this cluster.
        statement(
            "AllowZonalShiftStatusReadOnly",
            ["arc-zonal-shift:GetManagedResource"],
            ["*"],
            [("StringEquals", "arc-zonal-shift:ResourceIdentifier", [c.cluster_arn])],
        ),
        # The EC2NodeClass finalizer lists instance profiles to find and delete the ones it created: without
        # it deleting a tenant hangs and leaks its instance profile.
        statement("AllowUnscopedInstanceProfileListAction", ["iam:ListInstanceProfiles"], ["*"]),
        statement("AllowInstanceProfileReadActions", ["iam:GetInstanceProfile"], [c.instance_profiles]),
    ]


def _v1alpha5_statements(c: _Cluster) -> list[dict[str, Any]]:
    """Karpenter 0.31 only: spot instance requests launched directly, the machine migration tagging."""
    return [
        # Upstream also lists launch-template/* here (any launch template in the region); see
        # AllowScopedEC2LaunchTemplateActions.
        statement(
            "AllowScopedEC2InstanceActions",
            ["ec2:RunInstances", "ec2:CreateFleet"],
            [
                c.ec2_public("image"),
                c.ec2_public("snapshot"),
                c.ec2("spot-instances-request"),
                c.ec2("security-group"),
                c.ec2("subnet"),
            ],
        ),
        statement(
            "AllowMachineMigrationTagging",
            ["ec2:CreateTags"],
            [c.ec2("instance")],
            [
                c.owned_by_cluster(),
                ("StringEquals", "aws:RequestTag/karpenter.sh/managed-by", [c.name]),
                c.requested_for(c.owner),
                ("ForAllValues:StringEquals", "aws:TagKeys", [c.owner, "karpenter.sh/managed-by"]),
            ],
        ),
    ]


def upgrade_controller_policy(c: _Cluster, queue_arn: str) -> dict[str, Any]:
    """What the 0.32-1.0 controllers of the 0.31 -> 1.x upgrade path need (karpenter.upgradingFrom), attached beside
    the version's own policy: upstream's v0.37.8 getting-started policy (../shared/karpenter-upgrade-path/v0.37.8;
    1.0.14's differs only in scoping the instance-profile statements, as here) with the cluster's names. The
    product's 0.31 policy allows only karpenter.sh/provisioner-name tags and its 1.x one needs the
    eks:eks-cluster-name tag those releases do not set. iam:PassRole stays in pass_node_roles."""
    nodepool = c.tagged_with(OWNER_TAG[Generation.V1])
    launched = [
        c.ec2(kind)
        for kind in ("fleet", "instance", "volume", "network-interface", "launch-template", "spot-instances-request")
    ]
    requested = [c.created_for_cluster(), c.requested_for(OWNER_TAG[Generation.V1])]
    profile_tag = "karpenter.k8s.aws/ec2nodeclass"
    return document(
        statement(
            "AllowScopedEC2InstanceAccessActions",
            ["ec2:RunInstances", "ec2:CreateFleet"],
            [c.ec2_public("image"), c.ec2_public("snapshot"), c.ec2("security-group"), c.ec2("subnet")],
        ),
        statement(
            "AllowScopedEC2LaunchTemplateAccessActions",
            ["ec2:RunInstances", "ec2:CreateFleet"],
            [c.ec2("launch-template")],
            [c.owned_by_cluster(), nodepool],
        ),
        statement(
            "AllowScopedEC2InstanceActionsWithTags",
            ["ec2:RunInstances", "ec2:CreateFleet", "ec2:CreateLaunchTemplate"],
            launched,
            requested,
        ),
        statement(
            "AllowScopedResourceCreationTagging",
            ["ec2:CreateTags"],
            launched,
            [*requested, ("StringEquals", "ec2:CreateAction", CREATE_ACTIONS)],
        ),
        statement(
            "AllowScopedResourceTagging",
            ["ec2:CreateTags"],
            [c.ec2("instance")],
            [
                c.owned_by_cluster(),
                nodepool,
                ("ForAllValues:StringEquals", "aws:TagKeys", ["karpenter.sh/nodeclaim", "Name"]),
            ],
        ),
        statement(
            "AllowScopedDeletion",
            ["ec2:TerminateInstances", "ec2:DeleteLaunchTemplate"],
            [c.ec2("instance"), c.ec2("launch-template")],
            [c.owned_by_cluster(), nodepool],
        ),
        statement(
            "AllowRegionalReadActions",
            REGIONAL_READ_ACTIONS[Generation.V1ALPHA5],
            ["*"],
            [("StringEquals", "aws:RequestedRegion", [c.region])],
        ),
        statement("AllowSSMReadActions", ["ssm:GetParameter"], [c.arn("ssm", "parameter/aws/service/*", c.region)]),
        statement("AllowPricingReadActions", ["pricing:GetProducts"], ["*"]),
        statement(
            "AllowInterruptionQueueActions", ["sqs:DeleteMessage", "sqs:GetQueueUrl", "sqs:ReceiveMessage"], [queue_arn]
        ),
        statement(
            "AllowScopedInstanceProfileCreationActions",
            ["iam:CreateInstanceProfile"],
            [c.instance_profiles],
            [c.created_for_cluster(), c.in_region("Request"), c.requested_for(profile_tag)],
        ),
        statement(
            "AllowScopedInstanceProfileTagActions",
            ["iam:TagInstanceProfile"],
            [c.instance_profiles],
            [
                c.owned_by_cluster(),
                c.in_region("Resource"),
                c.created_for_cluster(),
                c.in_region("Request"),
                c.tagged_with(profile_tag),
                c.requested_for(profile_tag),
            ],
        ),
        statement(
            "AllowScopedInstanceProfileActions",
            ["iam:AddRoleToInstanceProfile", "iam:RemoveRoleFromInstanceProfile", "iam:DeleteInstanceProfile"],
            [c.instance_profiles],
            [c.owned_by_cluster(), c.in_region("Resource"), c.tagged_with(profile_tag)],
        ),
        statement("AllowInstanceProfileReadActions", ["iam:GetInstanceProfile"], [c.instance_profiles]),
        statement("AllowAPIServerEndpointDiscovery", ["eks:DescribeCluster"], [c.cluster_arn]),
    )


def controller_policy(c: _Cluster, queue_arn: str) -> dict[str, Any]:
    own = _v1_statements(c) if c.generation is Generation.V1 else _v1alpha5_statements(c)
    return document(*_shared_statements(c, queue_arn), *own)


def pass_role_scope(config: ClusterFile) -> str | None:
    """The role ARN pattern of iam.passRole (role<path><namePrefix>*), or None: one ARN per node role."""
    scope = config.iam.pass_role
    cluster = config.cluster
    return None if scope is None else pass_role_pattern(scope, naming.partition(cluster.region), cluster.account_id)


def node_role_arn(config: ClusterFile, name: str) -> str:
    """A node role's ARN: an existing role's as listed, else the one terraform/ creates, at iam.passRole.path."""
    existing = resolve(config).existing_roles.get(name)
    if existing is not None:
        return existing
    path = config.iam.pass_role.path if config.iam.pass_role is not None else "/"
    return f"arn:{naming.partition(config.cluster.region)}:iam::{config.cluster.account_id}:role{path}{name}"


def pass_node_roles(config: ClusterFile, node_roles: dict[str, str]) -> list[dict[str, Any]]:
    """Upstream's AllowPassingInstanceRole (only to EC2). Under iam.passRole one policy on the role ARN pattern,
    the same whatever the tenants; else one managed policy per PASS_ROLE_CHUNK node roles (by their key: tenant,
    "(default)"), in key order; a role several tenants share is listed once; an existing role by its ARN (with its
    path)."""
    scope = pass_role_scope(config)
    arns = (
        [scope]
        if scope is not None
        else list(dict.fromkeys(node_role_arn(config, node_roles[key]) for key in sorted(node_roles)))
    )
    return [
        document(
            statement(
                "AllowPassingInstanceRole",
                ["iam:PassRole"],
                arns[start : start + PASS_ROLE_CHUNK],
                [("StringEquals", "iam:PassedToService", list(EC2_SERVICE_PRINCIPALS))],
            )
        )
        for start in range(0, len(arns), PASS_ROLE_CHUNK)
    ]


def controller_trust(config: ClusterFile, oidc_provider_arn: str | None) -> dict[str, Any] | None:
    """IRSA's statement while cluster.oidcProvider is set (kept under Pod Identity, so the running controller
    keeps its credentials until it restarts onto Pod Identity), Pod Identity's under identity podIdentity."""
    karpenter, oidc = config.karpenter, config.cluster.oidc_provider
    statements = []
    if oidc is not None and oidc_provider_arn is not None:
        subject = f"system:serviceaccount:{karpenter.namespace}:{karpenter.service_account}"
        statements.append(
            statement(
                "KarpenterServiceAccount",
                ["sts:AssumeRoleWithWebIdentity"],
                principal={"Federated": [oidc_provider_arn]},
                conditions=[
                    ("StringEquals", f"{oidc}:sub", [subject]),
                    ("StringEquals", f"{oidc}:aud", ["sts.amazonaws.com"]),
                ],
            )
        )
    if karpenter.identity_mode == "podIdentity":
        # The EKS Auth service assumes the role for the associated ServiceAccount's pods and tags the session.
        statements.append(
            statement(
                "KarpenterPodIdentity",
                ["sts:AssumeRole", "sts:TagSession"],
                principal={"Service": ["pods.eks.amazonaws.com"]},
            )
        )
    return document(*statements) if statements else None


def queue_policy(queue_arn: str) -> dict[str, Any]:
    return document(
        statement(
            "EventBridgeAndSQSWrite",
            ["sqs:SendMessage"],
            [queue_arn],
            principal={"Service": ["events.amazonaws.com", "sqs.amazonaws.com"]},
        ),
        statement(
            "DenyHTTP",
            ["sqs:*"],
            [queue_arn],
            [("Bool", "aws:SecureTransport", ["false"])],
            principal="*",
            effect="Deny",
        ),
    )


def queue_arn(config: ClusterFile) -> str:
    cluster = config.cluster
    return f"arn:{naming.partition(cluster.region)}:sqs:{cluster.region}:{cluster.account_id}:{resolve(config).interruption_queue}"


def iam_documents(config: ClusterFile, node_roles: dict[str, str], oidc_provider_arn: str | None) -> dict[str, Any]:
    """aws.json's "iam": every policy document terraform/ attaches (node_roles: aws.json's, by tenant)."""
    cluster = config.cluster
    partition = naming.partition(cluster.region)
    c = _Cluster(partition, cluster.region, cluster.account_id, cluster.name, config.generation)
    queue = queue_arn(config)
    return {
        "controller_policy": controller_policy(c, queue),
        "controller_trust": controller_trust(config, oidc_provider_arn),
        "pass_node_roles": pass_node_roles(config, node_roles),
        "node_trust": document(
            statement(
                "EC2AssumeRole", ["sts:AssumeRole"], principal={"Service": [f"ec2.{naming.dns_suffix(partition)}"]}
            )
        ),
        "node_managed_policy_arns": sorted(
            f"arn:{partition}:iam::aws:policy/{name}" for name in NODE_MANAGED_POLICIES[config.generation]
        ),
        "queue_policy": queue_policy(queue),
        # The 0.31 -> 1.x upgrade path only (karpenter.upgradingFrom): the 0.32-1.0 controllers' policy, else null.
        "upgrade_controller_policy": upgrade_controller_policy(c, queue) if config.karpenter.upgrading_from else None,
    }
