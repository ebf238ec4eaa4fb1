# IAM: the controller's role (IRSA or EKS Pod Identity) with a least-privilege policy per Karpenter generation, one
# node role per tenant, instance profiles (0.31) and EKS access entries for the node roles.

locals {
  arn_prefix   = "arn:${local.partition}"
  ec2_regional = "${local.arn_prefix}:ec2:${local.region}"
  cluster_tag  = "aws:RequestTag/kubernetes.io/cluster/${local.cluster_name}"
  owned_tag    = "aws:ResourceTag/kubernetes.io/cluster/${local.cluster_name}"
  node_role_arns = [for name in values(local.node_roles) : "${local.arn_prefix}:iam::${local.account_id}:role/${name}"]
  ec2_launch_resources = [
    "${local.ec2_regional}:*:fleet/*",
    "${local.ec2_regional}:*:instance/*",
    "${local.ec2_regional}:*:volume/*",
    "${local.ec2_regional}:*:network-interface/*",
    "${local.ec2_regional}:*:launch-template/*",
    "${local.ec2_regional}:*:spot-instances-request/*",
  ]
  # 0.31 never tags spot instance requests at creation (its upstream policy leaves them out).
  ec2_launch_resources_v1alpha5 = [for arn in local.ec2_launch_resources : arn if !endswith(arn, ":spot-instances-request/*")]
  instance_profile_arns         = "${local.arn_prefix}:iam::${local.account_id}:instance-profile/*"
  cluster_arn                   = "${local.arn_prefix}:eks:${local.region}:${local.account_id}:cluster/${local.cluster_name}"
  ec2_read_actions_v1alpha5 = [
    "ec2:DescribeAvailabilityZones",
    "ec2:DescribeImages",
    "ec2:DescribeInstances",
    "ec2:DescribeInstanceTypeOfferings",
    "ec2:DescribeInstanceTypes",
    "ec2:DescribeLaunchTemplates",
    "ec2:DescribeSecurityGroups",
    "ec2:DescribeSpotPriceHistory",
    "ec2:DescribeSubnets",
  ]
  ec2_read_actions_v1 = [
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
  ]
  # EC2 in the China regions passes roles to ec2.amazonaws.com.cn.
  ec2_service_principals = ["ec2.amazonaws.com", "ec2.amazonaws.com.cn"]
}

# --- controller: trust (IRSA or EKS Pod Identity, aws.json karpenter.identity) -------------------

# IRSA: the cluster's OIDC provider vouches for the controller's ServiceAccount (annotated with the role).
# Kept under Pod Identity while aws.json names an OIDC provider, so the running controller keeps its
# credentials until it restarts onto Pod Identity; removing cluster.oidcProvider drops it.
data "aws_iam_policy_document" "controller_trust_irsa" {
  count = local.oidc_provider != null ? 1 : 0
  statement {
    sid     = "KarpenterServiceAccount"
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = [local.oidc_provider_arn]
    }
    condition {
      test     = "StringEquals"
      variable = "${local.oidc_provider}:sub"
      values   = ["system:serviceaccount:${local.namespace}:${local.service_account}"]
    }
    condition {
      test     = "StringEquals"
      variable = "${local.oidc_provider}:aud"
      values   = ["sts.amazonaws.com"]
    }
  }
}

# EKS Pod Identity: the EKS Auth service assumes the role for the pods of the associated ServiceAccount
# (aws_eks_pod_identity_association below) and tags the session with the cluster, namespace and account.
data "aws_iam_policy_document" "controller_trust_pod_identity" {
  count                   = local.pod_identity ? 1 : 0
  source_policy_documents = local.oidc_provider != null ? [data.aws_iam_policy_document.controller_trust_irsa[0].json] : []
  statement {
    sid     = "KarpenterPodIdentity"
    actions = ["sts:AssumeRole", "sts:TagSession"]
    principals {
      type        = "Service"
      identifiers = ["pods.eks.amazonaws.com"]
    }
  }
}

resource "aws_iam_role" "controller" {
  name                 = local.controller_role_name
  path                 = local.aws.controller_role.path
  description          = "Karpenter controller of EKS cluster ${local.cluster_name} (${local.pod_identity ? "EKS Pod Identity" : "IRSA"})"
  assume_role_policy   = local.pod_identity ? data.aws_iam_policy_document.controller_trust_pod_identity[0].json : data.aws_iam_policy_document.controller_trust_irsa[0].json
  max_session_duration = 3600
  tags                 = local.tags

  lifecycle {
    precondition {
      condition     = local.aws.format == 2
      error_message = "${var.aws_file} has format ${local.aws.format}; this module reads format 2: use the module from the same revision as the generator that wrote the file."
    }
    precondition {
      condition     = local.partition == local.region_partition
      error_message = "The AWS provider is in partition ${local.partition} but cluster.region ${local.region} of ${var.aws_file} is in ${local.region_partition}: configure the provider for the cluster's region."
    }
    precondition {
      condition     = local.pod_identity || local.oidc_provider != null
      error_message = "${var.aws_file} has identity irsa but no cluster.oidc_provider, which the IRSA trust conditions name: set cluster.oidcProvider in the cluster file (or karpenter.identity: podIdentity) and run `python main.py`."
    }
  }
}

# The controller's ServiceAccount gets the role through EKS Pod Identity (needs the eks-pod-identity-agent
# add-on on the cluster). Created before the manifests drop the ServiceAccount's role annotation: see
# `python main.py plan` for the order when switching.
resource "aws_eks_pod_identity_association" "controller" {
  count           = local.pod_identity ? 1 : 0
  cluster_name    = local.aws.pod_identity_association.cluster_name
  namespace       = local.aws.pod_identity_association.namespace
  service_account = local.aws.pod_identity_association.service_account
  role_arn        = aws_iam_role.controller.arn
  tags            = local.tags

  lifecycle {
    precondition {
      condition     = aws_iam_role.controller.arn == local.aws.pod_identity_association.role_arn
      error_message = "The controller role's ARN is not the pod identity association's role_arn of ${var.aws_file}: run `python main.py` and apply with the new file."
    }
  }
}

resource "aws_iam_role_policy" "controller" {
  name   = "karpenter-controller"
  role   = aws_iam_role.controller.id
  policy = local.legacy ? data.aws_iam_policy_document.controller_v1alpha5.json : data.aws_iam_policy_document.controller_v1.json
}

# Upstream's AllowPassingInstanceRole, for every node role of the cluster (one per tenant). Inline, the
# ARNs would push the role's inline policies past IAM's 10,240 characters at about 65 tenants, so
# they go in managed policies (6,144 characters each) of at most 50 roles, attached to the
# controller role: 10 such policies (IAM's default quota of managed policies per role) = 500 tenants.
locals {
  pass_role_chunks = chunklist(local.node_role_arns, 50)
}

data "aws_iam_policy_document" "pass_node_roles" {
  count = length(local.pass_role_chunks)
  statement {
    sid       = "AllowPassingInstanceRole"
    actions   = ["iam:PassRole"]
    resources = local.pass_role_chunks[count.index]
    condition {
      test     = "StringEquals"
      variable = "iam:PassedToService"
      values   = local.ec2_service_principals
    }
  }
}

resource "aws_iam_policy" "pass_node_roles" {
  count       = length(local.pass_role_chunks)
  name        = "${local.controller_role_name}-pass-node-roles-${count.index}"
  description = "Karpenter controller of EKS cluster ${local.cluster_name}: pass its node roles (part ${count.index}) to EC2"
  policy      = data.aws_iam_policy_document.pass_node_roles[count.index].json
  tags        = local.tags
}

resource "aws_iam_role_policy_attachment" "pass_node_roles" {
  count      = length(local.pass_role_chunks)
  role       = aws_iam_role.controller.name
  policy_arn = aws_iam_policy.pass_node_roles[count.index].arn
}

# --- controller policy, both generations ----------------------------------------------------------
# Statements both generations' documents take (source_policy_documents); the regional read
# actions are the pinned release's.

data "aws_iam_policy_document" "controller_shared" {
  statement {
    sid       = "AllowRegionalReadActions"
    actions   = local.legacy ? local.ec2_read_actions_v1alpha5 : local.ec2_read_actions_v1
    resources = ["*"]
    condition {
      test     = "StringEquals"
      variable = "aws:RequestedRegion"
      values   = [local.region]
    }
  }

  statement {
    sid       = "AllowSSMReadActions"
    actions   = ["ssm:GetParameter"]
    resources = ["${local.arn_prefix}:ssm:${local.region}::parameter/aws/service/*"]
  }

  statement {
    sid       = "AllowPricingReadActions"
    actions   = ["pricing:GetProducts"]
    resources = ["*"]
  }

  statement {
    sid       = "AllowAPIServerEndpointDiscovery"
    actions   = ["eks:DescribeCluster"]
    resources = [local.cluster_arn]
  }
}

# --- controller policy, Karpenter 1.x -------------------------------------------------------------
# Statement by statement upstream's getting-started policy of the pinned release
# (../shared/karpenter/<version>/iam/cloudformation.yaml), in one inline policy; every deliberate
# difference is listed with its reason in upstream-differences.json, and tests/test_terraform_upstream.py
# fails on any other.

data "aws_iam_policy_document" "controller_v1" {
  source_policy_documents = [data.aws_iam_policy_document.controller_shared.json]

  statement {
    sid     = "AllowScopedEC2InstanceAccessActions"
    actions = ["ec2:RunInstances", "ec2:CreateFleet"]
    resources = [
      "${local.arn_prefix}:ec2:${local.region}::image/*",
      "${local.arn_prefix}:ec2:${local.region}::snapshot/*",
      "${local.ec2_regional}:*:security-group/*",
      "${local.ec2_regional}:*:subnet/*",
      "${local.ec2_regional}:*:capacity-reservation/*",
      "${local.ec2_regional}:*:placement-group/*",
    ]
  }

  statement {
    sid       = "AllowScopedEC2LaunchTemplateAccessActions"
    actions   = ["ec2:RunInstances", "ec2:CreateFleet"]
    resources = ["${local.ec2_regional}:*:launch-template/*"]
    condition {
      test     = "StringEquals"
      variable = local.owned_tag
      values   = ["owned"]
    }
    condition {
      test     = "StringLike"
      variable = "aws:ResourceTag/karpenter.sh/nodepool"
      values   = ["*"]
    }
  }

  statement {
    sid       = "AllowScopedEC2InstanceActionsWithTags"
    actions   = ["ec2:RunInstances", "ec2:CreateFleet", "ec2:CreateLaunchTemplate"]
    resources = local.ec2_launch_resources
    condition {
      test     = "StringEquals"
      variable = local.cluster_tag
      values   = ["owned"]
    }
    condition {
      test     = "StringEquals"
      variable = "aws:RequestTag/eks:eks-cluster-name"
      values   = [local.cluster_name]
    }
    condition {
      test     = "StringLike"
      variable = "aws:RequestTag/karpenter.sh/nodepool"
      values   = ["*"]
    }
  }

  statement {
    sid       = "AllowScopedResourceCreationTagging"
    actions   = ["ec2:CreateTags"]
    resources = local.ec2_launch_resources
    condition {
      test     = "StringEquals"
      variable = local.cluster_tag
      values   = ["owned"]
    }
    condition {
      test     = "StringEquals"
      variable = "aws:RequestTag/eks:eks-cluster-name"
      values   = [local.cluster_name]
    }
    condition {
      test     = "StringEquals"
      variable = "ec2:CreateAction"
      values   = ["RunInstances", "CreateFleet", "CreateLaunchTemplate"]
    }
    condition {
      test     = "StringLike"
      variable = "aws:RequestTag/karpenter.sh/nodepool"
      values   = ["*"]
    }
  }

  statement {
    sid       = "AllowScopedResourceTagging"
    actions   = ["ec2:CreateTags"]
    resources = ["${local.ec2_regional}:*:instance/*"]
    condition {
      test     = "StringEquals"
      variable = local.owned_tag
      values   = ["owned"]
    }
    condition {
      test     = "StringLike"
      variable = "aws:ResourceTag/karpenter.sh/nodepool"
      values   = ["*"]
    }
    condition {
      test     = "StringEqualsIfExists"
      variable = "aws:RequestTag/eks:eks-cluster-name"
      values   = [local.cluster_name]
    }
    condition {
      test     = "ForAllValues:StringEquals"
      variable = "aws:TagKeys"
      values   = ["eks:eks-cluster-name", "karpenter.sh/nodeclaim", "Name"]
    }
  }

  statement {
    sid     = "AllowScopedDeletion"
    actions = ["ec2:TerminateInstances", "ec2:DeleteLaunchTemplate"]
    resources = [
      "${local.ec2_regional}:*:instance/*",
      "${local.ec2_regional}:*:launch-template/*",
    ]
    condition {
      test     = "StringEquals"
      variable = local.owned_tag
      values   = ["owned"]
    }
    condition {
      test     = "StringLike"
      variable = "aws:ResourceTag/karpenter.sh/nodepool"
      values   = ["*"]
    }
  }

  # Karpenter 1.x creates an instance profile per EC2NodeClass from its role: only profiles it
  # tags for this cluster and region.
  statement {
    sid       = "AllowScopedInstanceProfileCreationActions"
    actions   = ["iam:CreateInstanceProfile"]
    resources = [local.instance_profile_arns]
    condition {
      test     = "StringEquals"
      variable = local.cluster_tag
      values   = ["owned"]
    }
    condition {
      test     = "StringEquals"
      variable = "aws:RequestTag/eks:eks-cluster-name"
      values   = [local.cluster_name]
    }
    condition {
      test     = "StringEquals"
      variable = "aws:RequestTag/topology.kubernetes.io/region"
      values   = [local.region]
    }
    condition {
      test     = "StringLike"
      variable = "aws:RequestTag/karpenter.k8s.aws/ec2nodeclass"
      values   = ["*"]
    }
  }

  statement {
    sid       = "AllowScopedInstanceProfileTagActions"
    actions   = ["iam:TagInstanceProfile"]
    resources = [local.instance_profile_arns]
    condition {
      test     = "StringEquals"
      variable = local.owned_tag
      values   = ["owned"]
    }
    condition {
      test     = "StringEquals"
      variable = "aws:ResourceTag/topology.kubernetes.io/region"
      values   = [local.region]
    }
    condition {
      test     = "StringEquals"
      variable = local.cluster_tag
      values   = ["owned"]
    }
    condition {
      test     = "StringEquals"
      variable = "aws:RequestTag/eks:eks-cluster-name"
      values   = [local.cluster_name]
    }
    condition {
      test     = "StringEquals"
      variable = "aws:RequestTag/topology.kubernetes.io/region"
      values   = [local.region]
    }
    condition {
      test     = "StringLike"
      variable = "aws:ResourceTag/karpenter.k8s.aws/ec2nodeclass"
      values   = ["*"]
    }
    condition {
      test     = "StringLike"
      variable = "aws:RequestTag/karpenter.k8s.aws/ec2nodeclass"
      values   = ["*"]
    }
  }

  statement {
    sid       = "AllowScopedInstanceProfileActions"
    actions   = ["iam:AddRoleToInstanceProfile", "iam:RemoveRoleFromInstanceProfile", "iam:DeleteInstanceProfile"]
    resources = [local.instance_profile_arns]
    condition {
      test     = "StringEquals"
      variable = local.owned_tag
      values   = ["owned"]
    }
    condition {
      test     = "StringEquals"
      variable = "aws:ResourceTag/topology.kubernetes.io/region"
      values   = [local.region]
    }
    condition {
      test     = "StringLike"
      variable = "aws:ResourceTag/karpenter.k8s.aws/ec2nodeclass"
      values   = ["*"]
    }
  }

  statement {
    sid       = "AllowInterruptionQueueActions"
    actions   = ["sqs:DeleteMessage", "sqs:GetQueueUrl", "sqs:ReceiveMessage"]
    resources = [aws_sqs_queue.interruption.arn]
  }

  # Zonal shift awareness: Karpenter avoids zones under an ARC zonal shift of this cluster.
  statement {
    sid       = "AllowZonalShiftStatusReadOnly"
    actions   = ["arc-zonal-shift:GetManagedResource"]
    resources = ["*"]
    condition {
      test     = "StringEquals"
      variable = "arc-zonal-shift:ResourceIdentifier"
      values   = [local.cluster_arn]
    }
  }

  # The EC2NodeClass finalizer lists instance profiles to find and delete the ones it created:
  # without it deleting a tenant hangs and leaks its instance profile.
  statement {
    sid       = "AllowUnscopedInstanceProfileListAction"
    actions   = ["iam:ListInstanceProfiles"]
    resources = ["*"]
  }

  statement {
    sid       = "AllowInstanceProfileReadActions"
    actions   = ["iam:GetInstanceProfile"]
    resources = [local.instance_profile_arns]
  }
}

# --- controller policy, Karpenter 0.31 (v1alpha5) -------------------------------------------------

data "aws_iam_policy_document" "controller_v1alpha5" {
  source_policy_documents = [data.aws_iam_policy_document.controller_shared.json]

  # Upstream also lists launch-template/* here, which would let the controller launch from any
  # launch template in the region; this product never sets spec.launchTemplate, so launch templates
  # are only Karpenter's own, allowed below when tagged for this cluster.
  statement {
    sid     = "AllowScopedEC2InstanceActions"
    actions = ["ec2:RunInstances", "ec2:CreateFleet"]
    resources = [
      "${local.arn_prefix}:ec2:${local.region}::image/*",
      "${local.arn_prefix}:ec2:${local.region}::snapshot/*",
      "${local.ec2_regional}:*:spot-instances-request/*",
      "${local.ec2_regional}:*:security-group/*",
      "${local.ec2_regional}:*:subnet/*",
    ]
  }

  statement {
    sid       = "AllowScopedEC2LaunchTemplateActions"
    actions   = ["ec2:RunInstances", "ec2:CreateFleet"]
    resources = ["${local.ec2_regional}:*:launch-template/*"]
    condition {
      test     = "StringEquals"
      variable = local.owned_tag
      values   = ["owned"]
    }
    condition {
      test     = "StringLike"
      variable = "aws:ResourceTag/karpenter.sh/provisioner-name"
      values   = ["*"]
    }
  }

  statement {
    sid       = "AllowScopedEC2InstanceActionsWithTags"
    actions   = ["ec2:RunInstances", "ec2:CreateFleet", "ec2:CreateLaunchTemplate"]
    resources = local.ec2_launch_resources_v1alpha5
    condition {
      test     = "StringEquals"
      variable = local.cluster_tag
      values   = ["owned"]
    }
    condition {
      test     = "StringLike"
      variable = "aws:RequestTag/karpenter.sh/provisioner-name"
      values   = ["*"]
    }
  }

  statement {
    sid       = "AllowScopedResourceCreationTagging"
    actions   = ["ec2:CreateTags"]
    resources = local.ec2_launch_resources_v1alpha5
    condition {
      test     = "StringEquals"
      variable = local.cluster_tag
      values   = ["owned"]
    }
    condition {
      test     = "StringEquals"
      variable = "ec2:CreateAction"
      values   = ["RunInstances", "CreateFleet", "CreateLaunchTemplate"]
    }
    condition {
      test     = "StringLike"
      variable = "aws:RequestTag/karpenter.sh/provisioner-name"
      values   = ["*"]
    }
  }

  statement {
    sid       = "AllowMachineMigrationTagging"
    actions   = ["ec2:CreateTags"]
    resources = ["${local.ec2_regional}:*:instance/*"]
    condition {
      test     = "StringEquals"
      variable = local.owned_tag
      values   = ["owned"]
    }
    condition {
      test     = "StringEquals"
      variable = "aws:RequestTag/karpenter.sh/managed-by"
      values   = [local.cluster_name]
    }
    condition {
      test     = "StringLike"
      variable = "aws:RequestTag/karpenter.sh/provisioner-name"
      values   = ["*"]
    }
    condition {
      test     = "ForAllValues:StringEquals"
      variable = "aws:TagKeys"
      values   = ["karpenter.sh/provisioner-name", "karpenter.sh/managed-by"]
    }
  }

  statement {
    sid     = "AllowScopedDeletion"
    actions = ["ec2:TerminateInstances", "ec2:DeleteLaunchTemplate"]
    resources = [
      "${local.ec2_regional}:*:instance/*",
      "${local.ec2_regional}:*:launch-template/*",
    ]
    condition {
      test     = "StringEquals"
      variable = local.owned_tag
      values   = ["owned"]
    }
    condition {
      test     = "StringLike"
      variable = "aws:ResourceTag/karpenter.sh/provisioner-name"
      values   = ["*"]
    }
  }

  statement {
    sid       = "AllowInterruptionQueueActions"
    actions   = ["sqs:DeleteMessage", "sqs:GetQueueAttributes", "sqs:GetQueueUrl", "sqs:ReceiveMessage"]
    resources = [aws_sqs_queue.interruption.arn]
  }
}

# --- node roles ---------------------------------------------------------------------------------

data "aws_iam_policy_document" "node_trust" {
  statement {
    sid     = "EC2AssumeRole"
    actions = ["sts:AssumeRole"]
    principals {
      type        = "Service"
      identifiers = ["ec2.${local.dns_suffix}"]
    }
  }
}

locals {
  # As upstream's node role of the pinned release: 1.x pulls images with ECR's pull-only policy,
  # 0.31's template predates it.
  node_managed_policies = [
    "${local.arn_prefix}:iam::aws:policy/AmazonEKSWorkerNodePolicy",
    "${local.arn_prefix}:iam::aws:policy/AmazonEKS_CNI_Policy",
    "${local.arn_prefix}:iam::aws:policy/${local.legacy ? "AmazonEC2ContainerRegistryReadOnly" : "AmazonEC2ContainerRegistryPullOnly"}",
    "${local.arn_prefix}:iam::aws:policy/AmazonSSMManagedInstanceCore",
  ]
  node_policy_attachments = merge([
    for tenant, role in local.node_roles : {
      for arn in concat(local.node_managed_policies, lookup(var.tenant_extra_policy_arns, tenant, [])) :
      "${tenant} ${arn}" => { role = role, policy_arn = arn }
    }
  ]...)
}

resource "aws_iam_role" "node" {
  for_each           = local.node_roles
  name               = each.value
  description        = "Karpenter nodes of ${each.key == "(default)" ? "the default instance profile" : "tenant ${each.key}"} on EKS cluster ${local.cluster_name}"
  assume_role_policy = data.aws_iam_policy_document.node_trust.json
  tags               = merge(local.tags, each.key == "(default)" ? {} : { tenant = each.key })
}

resource "aws_iam_role_policy_attachment" "node" {
  for_each   = local.node_policy_attachments
  role       = aws_iam_role.node[split(" ", each.key)[0]].name
  policy_arn = each.value.policy_arn
}

# 0.31 nodes start with an instance profile; 1.x creates its own from the EC2NodeClass role.
resource "aws_iam_instance_profile" "tenant" {
  for_each = local.tenant_instance_profiles
  name     = each.value
  role     = aws_iam_role.node[each.key].name
  tags     = merge(local.tags, { tenant = each.key })
}

resource "aws_iam_instance_profile" "default" {
  count = local.legacy && local.default_instance_profile != null ? 1 : 0
  name  = local.default_instance_profile
  role  = aws_iam_role.node["(default)"].name
  tags  = local.tags
}

resource "aws_eks_access_entry" "node" {
  for_each      = var.create_access_entries ? local.node_roles : {}
  cluster_name  = local.cluster_name
  principal_arn = aws_iam_role.node[each.key].arn
  type          = "EC2_LINUX"
  tags          = local.tags
}
