# IAM: the controller's role (IRSA or EKS Pod Identity) with its least-privilege policy, one node role per
# tenant, instance profiles (0.31) and EKS access entries for the node roles. Every policy document comes
# computed from dist/<key>/aws.json's "iam" (synth/iam_policies.py): this file only jsonencode()s them.

locals {
  iam = local.aws.iam
}

# --- controller -----------------------------------------------------------------------------------

# Trust (aws.json iam.controller_trust): IRSA while aws.json names an OIDC provider (kept under Pod Identity,
# so the running controller keeps its credentials until it restarts onto Pod Identity), EKS Pod Identity
# under identity podIdentity; null under IRSA without an OIDC provider, which the precondition refuses.
resource "aws_iam_role" "controller" {
  name                 = local.controller_role_name
  path                 = local.aws.controller_role.path
  description          = "Karpenter controller of EKS cluster ${local.cluster_name} (${local.pod_identity ? "EKS Pod Identity" : "IRSA"})"
  assume_role_policy   = jsonencode(local.iam.controller_trust)
  max_session_duration = 3600
  tags                 = local.tags

  lifecycle {
    precondition {
      condition     = local.partition == local.region_partition
      error_message = "The AWS provider is in partition ${local.partition} but cluster.region ${local.region} of ${var.aws_file} is in ${local.region_partition}: configure the provider for the cluster's region."
    }
    precondition {
      condition     = local.iam.controller_trust != null
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

# The policy of the cluster's Karpenter generation (aws.json iam.controller_policy): upstream's
# getting-started policy of the pinned release but for the differences listed in upstream-differences.json.
resource "aws_iam_role_policy" "controller" {
  name   = "karpenter-controller"
  role   = aws_iam_role.controller.id
  policy = jsonencode(local.iam.controller_policy)

  lifecycle {
    precondition {
      condition     = aws_sqs_queue.interruption.arn == local.aws.interruption_queue_arn
      error_message = "The interruption queue's ARN ${aws_sqs_queue.interruption.arn} is not interruption_queue_arn of ${var.aws_file}, which the controller's policy names: configure the provider for the cluster's account and region."
    }
  }
}

# Upstream's AllowPassingInstanceRole for every node role of the cluster, in managed policies of at most 50
# roles (aws.json iam.pass_node_roles) attached to the controller role: inline, the ARNs would push the
# role's inline policies past IAM's 10,240 characters at about 65 tenants.
resource "aws_iam_policy" "pass_node_roles" {
  count       = length(local.iam.pass_node_roles)
  name        = "${local.controller_role_name}-pass-node-roles-${count.index}"
  description = "Karpenter controller of EKS cluster ${local.cluster_name}: pass its node roles (part ${count.index}) to EC2"
  policy      = jsonencode(local.iam.pass_node_roles[count.index])
  tags        = local.tags
}

resource "aws_iam_role_policy_attachment" "pass_node_roles" {
  count      = length(local.iam.pass_node_roles)
  role       = aws_iam_role.controller.name
  policy_arn = aws_iam_policy.pass_node_roles[count.index].arn
}

# --- node roles ---------------------------------------------------------------------------------

locals {
  # Upstream's managed policies of the release (aws.json iam.node_managed_policy_arns) and the tenant's extra ones.
  node_policy_attachments = merge([
    for tenant, role in local.node_roles : {
      for arn in concat(local.iam.node_managed_policy_arns, lookup(var.tenant_extra_policy_arns, tenant, [])) :
      "${tenant} ${arn}" => { role = role, policy_arn = arn }
    }
  ]...)
}

resource "aws_iam_role" "node" {
  for_each           = local.node_roles
  name               = each.value
  description        = "Karpenter nodes of ${each.key == "(default)" ? "the default instance profile" : "tenant ${each.key}"} on EKS cluster ${local.cluster_name}"
  assume_role_policy = jsonencode(local.iam.node_trust)
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
