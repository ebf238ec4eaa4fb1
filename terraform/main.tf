# The AWS side of one cluster's Karpenter. Every name and fact comes resolved from
# dist/<key>/aws.json, which the generator writes beside the manifests that reference the same names;
# this module computes no name and no policy document of its own from the cluster config.

locals {
  aws = jsondecode(file(var.aws_file))

  cluster_name = local.aws.cluster.name
  region       = local.aws.cluster.region
  # The provider's partition must be the partition of the cluster's region (aws.json cluster.partition), in
  # which the generator wrote every ARN of the policies and the ServiceAccount's role ARN (a precondition on
  # the controller role).
  partition        = data.aws_partition.current.partition
  region_partition = local.aws.cluster.partition

  # 0.31.x is the v1alpha5 generation (instance profiles, webhooks); 1.x the v1 generation.
  legacy = local.aws.karpenter.generation == "v1alpha5"

  # How the controller gets the role's credentials: "podIdentity" (an EKS Pod Identity association, no
  # ServiceAccount annotation) or "irsa" (the ServiceAccount's role annotation and an OIDC trust).
  pod_identity = local.aws.karpenter.identity == "podIdentity"

  controller_role_name = local.aws.controller_role.name
  queue_name           = local.aws.interruption_queue

  # Node role by tenant, plus "(default)" for the 0.31 default instance profile's role; 0.31
  # instance profiles by tenant (tenants on the default profile have none).
  node_roles               = local.aws.node_roles
  tenant_instance_profiles = local.aws.instance_profiles
  default_instance_profile = local.aws.default_instance_profile

  # The tag Karpenter's default subnet and security group selectors match (karpenter.sh/discovery).
  discovery_tag_key = one(keys(local.aws.discovery_tags))
  tags              = merge(var.tags, local.aws.discovery_tags)
}

data "aws_partition" "current" {
  lifecycle {
    # The organisation's rule that Terraform creates no IAM role (variable create_iam_roles, or iam.createRoles of
    # the cluster file): refused before anything is planned, naming the roles.
    precondition {
      condition     = local.may_create_roles || length(local.roles_to_create) == 0
      error_message = "This module may create no IAM role (${var.create_iam_roles ? "iam.createRoles false in the cluster file" : "variable create_iam_roles = false"}), but ${var.aws_file} has it create ${join(", ", local.roles_to_create)}: create each outside Terraform, list it in iam.existing.roles (and set it as the tenant's nodeRole or karpenter.controllerRole) with iam.createRoles: false, and run `python main.py`."
    }
  }
}

# --- discovery tags ------------------------------------------------------------------------

resource "aws_ec2_tag" "subnet_discovery" {
  for_each    = var.create_discovery_tags ? toset(var.subnet_ids) : toset([])
  resource_id = each.value
  key         = local.discovery_tag_key
  value       = local.aws.discovery_tags[local.discovery_tag_key]
}

resource "aws_ec2_tag" "security_group_discovery" {
  count       = var.create_discovery_tags && var.node_security_group_id != null ? 1 : 0
  resource_id = var.node_security_group_id
  key         = local.discovery_tag_key
  value       = local.aws.discovery_tags[local.discovery_tag_key]
}

# Karpenter 0.31 serves admission webhooks; the API server reaches them on the nodes' 8443.
# 1.x has no webhooks, so no rule.
resource "aws_vpc_security_group_ingress_rule" "webhook" {
  count                        = local.legacy && var.node_security_group_id != null && var.cluster_security_group_id != null ? 1 : 0
  security_group_id            = var.node_security_group_id
  referenced_security_group_id = var.cluster_security_group_id
  ip_protocol                  = "tcp"
  from_port                    = 8443
  to_port                      = 8443
  description                  = "Karpenter webhooks from the EKS control plane"
  tags                         = local.tags
}
