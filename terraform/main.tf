# The AWS side of one cluster's Karpenter: read from the same clusters/<key>.yaml as the
# manifests, with default names from naming.json, which the generator reads too.

locals {
  config    = yamldecode(file(var.cluster_config_path))
  naming    = jsondecode(file("${path.module}/naming.json"))
  cluster   = local.config.cluster
  karpenter = local.config.karpenter

  cluster_name = local.cluster.name
  account_id   = local.cluster.accountId
  region       = local.cluster.region
  # ARNs in the partition the provider is in (aws, aws-us-gov, aws-cn, ...); the precondition on the
  # controller role requires it to be the partition of cluster.region (naming.json "partitions",
  # the table the generator uses for the ServiceAccount's role ARN).
  partition        = data.aws_partition.current.partition
  dns_suffix       = data.aws_partition.current.dns_suffix
  region_partition = try([for prefix, partition in local.naming.partitions : partition if startswith(local.region, prefix)][0], "aws")

  # 0.31.x is the v1alpha5 generation (instance profiles, webhooks); 1.x the v1 generation.
  legacy = startswith(trimprefix(local.karpenter.version, "v"), "0.")

  namespace       = try(local.karpenter.namespace, "karpenter")
  service_account = try(local.karpenter.serviceAccount, "karpenter")

  controller_role_name = try(
    local.karpenter.controllerRole.name,
    reverse(split("/", local.karpenter.controllerRole.arn))[0],
    replace(local.naming.controller_role, "{cluster}", local.cluster_name),
  )
  queue_name = try(local.karpenter.interruptionQueue, replace(local.naming.interruption_queue, "{cluster}", local.cluster_name))

  default_instance_profile = try(local.karpenter.defaultInstanceProfile, null)
  default_node_role        = replace(local.naming.default_node_role, "{cluster}", local.cluster_name)

  tenants = {
    for t in try(local.config.tenants, []) : t.name => {
      node_role = try(t.nodeRole, replace(replace(local.naming.node_role, "{cluster}", local.cluster_name), "{tenant}", t.name))
      # 0.31: a tenant without instanceProfile uses the cluster default when there is one.
      instance_profile = local.legacy ? try(
        t.instanceProfile,
        local.default_instance_profile == null ? replace(replace(local.naming.instance_profile, "{cluster}", local.cluster_name), "{tenant}", t.name) : null,
      ) : null
    }
  }

  node_roles = merge(
    { for name, t in local.tenants : name => t.node_role },
    local.legacy && local.default_instance_profile != null ? { "(default)" = local.default_node_role } : {},
  )
  tenant_instance_profiles = { for name, t in local.tenants : name => t.instance_profile if t.instance_profile != null }

  oidc_provider     = try(local.cluster.oidcProvider, "")
  oidc_provider_arn = coalesce(var.oidc_provider_arn, "arn:${local.partition}:iam::${local.account_id}:oidc-provider/${local.oidc_provider}")

  discovery_tag = { "karpenter.sh/discovery" = local.cluster_name }
  tags          = merge(var.tags, { "karpenter.sh/discovery" = local.cluster_name })
}

data "aws_partition" "current" {}

# --- discovery tags ------------------------------------------------------------------------

resource "aws_ec2_tag" "subnet_discovery" {
  for_each    = toset(var.subnet_ids)
  resource_id = each.value
  key         = "karpenter.sh/discovery"
  value       = local.cluster_name
}

resource "aws_ec2_tag" "security_group_discovery" {
  count       = var.node_security_group_id == null ? 0 : 1
  resource_id = var.node_security_group_id
  key         = "karpenter.sh/discovery"
  value       = local.cluster_name
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
