# The node groups kept in a local, and one node group made with the module's own sub-module (as terraform-aws-eks'
# examples/eks-managed-node-group does beside the cluster).
locals {
  name = "acme"

  node_groups = {
    web = {
      instance_types = ["c6i.large", "c6i.xlarge"]
      max_size       = 8
      labels         = { role = "web" }
    }
    defaults_only = {
      max_size = 2
    }
  }
}

module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 21.0"

  name               = local.name
  kubernetes_version = "1.33"

  eks_managed_node_groups = local.node_groups
}

module "eks_managed_node_group" {
  source  = "terraform-aws-modules/eks/aws//modules/eks-managed-node-group"
  version = "~> 21.0"

  name                 = "separate-eks-mng"
  cluster_name         = module.eks.cluster_name
  cluster_service_cidr = module.eks.cluster_service_cidr

  subnet_ids = ["subnet-0123456789abcdef0"]

  instance_types = ["m6i.large"]
  max_size       = 2

  iam_role_use_name_prefix = false

  taints = {
    separate = {
      key    = "separate"
      value  = "true"
      effect = "NO_EXECUTE"
    }
  }
}
