# terraform-aws-eks v21 (argument names as its examples write them): a shared cluster, one managed node group per
# customer, each scaled by cluster-autoscaler.
locals {
  name   = "acme"
  region = "ca-central-1"

  tags = {
    Example    = local.name
    GithubRepo = "terraform-aws-eks"
  }

  general_types = ["m6i.large", "m6i.xlarge", "m5.large"]
}

module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 21.0"

  name               = local.name
  kubernetes_version = "1.33"

  vpc_id     = module.vpc.vpc_id
  subnet_ids = module.vpc.private_subnets

  eks_managed_node_groups = {
    # Starting on 1.30, AL2023 is the default AMI type for EKS managed node groups
    alpha = {
      instance_types = local.general_types

      min_size     = 1
      max_size     = 10
      desired_size = 2

      labels = {
        customer = "alpha"
        "example.com/tier" = "${local.name}-general"
      }

      taints = {
        dedicated = {
          key    = "dedicated"
          value  = "alpha"
          effect = "NO_SCHEDULE"
        }
      }

      create_iam_role          = true
      iam_role_name            = "alpha-eks-node-group"
      iam_role_use_name_prefix = false

      tags = {
        Customer                               = "alpha"
        "k8s.io/cluster-autoscaler/enabled"    = "true"
        "k8s.io/cluster-autoscaler/${local.name}" = "owned"
      }
    }

    beta_arm = {
      ami_type       = "AL2023_ARM_64_STANDARD"
      instance_types = ["m7g.large", "m7g.2xlarge"]
      capacity_type  = "SPOT"

      min_size     = 0
      max_size     = var.beta_max_size
      desired_size = 0

      taints = {
        arm = {
          key    = "kubernetes.io/arch"
          value  = "arm64"
          effect = "NO_SCHEDULE"
        }
      }

      create_iam_role = false
      iam_role_arn    = var.shared_node_role_arn
    }

    gpu = {
      ami_type       = "AL2023_x86_64_NVIDIA"
      instance_types = var.gpu_types

      min_size     = 0
      max_size     = 2
      desired_size = 0

      taints = {
        gpu = {
          key    = "nvidia.com/gpu"
          effect = "NO_SCHEDULE"
        }
      }

      # This is not required - demonstrates how to pass additional configuration to nodeadm
      cloudinit_pre_nodeadm = [
        {
          content_type = "application/node.eks.aws"
          content      = <<-EOT
            ---
            apiVersion: node.eks.aws/v1alpha1
            kind: NodeConfig
            spec:
              kubelet:
                config:
                  shutdownGracePeriod: 30s
          EOT
        }
      ]
    }

    bottlerocket = {
      ami_type       = "BOTTLEROCKET_x86_64"
      instance_types = ["c6i.large"]

      min_size = 2
      max_size = 4

      create_iam_role = false
      iam_role_arn    = var.shared_node_role_arn

      bootstrap_extra_args = <<-EOT
        [settings.host-containers.admin]
        enabled = false
      EOT

      update_config = {
        max_unavailable_percentage = 33
      }
    }
  }

  tags = local.tags
}
