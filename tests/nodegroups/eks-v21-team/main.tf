# A platform team's cluster on terraform-aws-eks v21: a core group for the cluster's own services (the Karpenter
# controller's karpenter.controller.nodeGroup), one node group per customer with its cost-allocation tag merged into
# the common tags, and two GPU customers (g5 and p4d).
locals {
  cluster = "${var.environment}-shared"
  common_tags = {
    Environment = var.environment
    ManagedBy   = "terraform"
    CostCenter  = format("%s-%s", var.cost_prefix, var.environment)
  }
  general_types = ["m6i.xlarge", "m6i.2xlarge"]
  customer_taint = {
    effect = "NO_SCHEDULE"
    key    = "tenant"
  }
}

module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 21.0"

  name               = local.cluster
  kubernetes_version = "1.33"
  vpc_id             = module.vpc.vpc_id
  subnet_ids         = module.vpc.private_subnets

  eks_managed_node_groups = {
    core = {
      ami_type       = "BOTTLEROCKET_x86_64"
      instance_types = ["m6i.large"]
      min_size       = 2
      max_size       = 3
      desired_size   = 2
      labels = {
        "node-role" = "core"
      }
      tags = merge(local.common_tags, { Name = "${local.cluster}-core" })
    }

    alpha = {
      instance_types = local.general_types
      capacity_type  = upper("spot")
      min_size       = 0
      max_size       = var.customer_max_size
      desired_size   = 1
      labels         = { tenant = "alpha" }
      taints         = { tenant = merge(local.customer_taint, { value = "alpha" }) }
      iam_role_name            = "${local.cluster}-alpha-nodes"
      iam_role_use_name_prefix = false
      tags = merge(local.common_tags, { customer = "alpha" })
    }

    beta = {
      instance_types = concat(local.general_types, ["m5.xlarge"])
      min_size       = 0
      max_size       = lookup(var.max_sizes, "beta", var.customer_max_size)
      desired_size   = 1
      labels         = { tenant = "beta" }
      taints         = { tenant = merge(local.customer_taint, { value = "beta" }) }
      iam_role_name            = "${local.cluster}-beta-nodes"
      iam_role_use_name_prefix = false
      tags = merge(local.common_tags, { customer = "beta" })
    }

    gamma-gpu = {
      ami_type       = "AL2023_x86_64_NVIDIA"
      instance_types = ["g5.xlarge", "g5.12xlarge"]
      min_size       = 0
      max_size       = 4
      desired_size   = 0
      labels         = { tenant = "gamma-gpu" }
      taints = {
        tenant = merge(local.customer_taint, { value = "gamma-gpu" })
        gpu    = { key = "nvidia.com/gpu", value = "true", effect = "NO_SCHEDULE" }
      }
      iam_role_name            = "${local.cluster}-gamma-nodes"
      iam_role_use_name_prefix = false
      tags = merge(local.common_tags, { customer = "gamma" })
    }

    delta-train = {
      ami_type       = "AL2023_x86_64_NVIDIA"
      instance_types = ["p4d.24xlarge"]
      capacity_type  = "ON_DEMAND"
      min_size       = 0
      max_size       = try(var.max_sizes["delta-train"], 1)
      desired_size   = 0
      labels         = { tenant = "delta-train" }
      taints         = { tenant = merge(local.customer_taint, { value = "delta-train" }) }
      iam_role_name            = "${local.cluster}-delta-nodes"
      iam_role_use_name_prefix = false
      tags = merge(local.common_tags, { customer = "delta", "team/owner" = lower("ML-Platform") })
    }
  }

  tags = local.common_tags
}
