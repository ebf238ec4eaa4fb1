# Plain provider resources, as the aws_eks_node_group documentation writes them.
resource "aws_iam_role" "example" {
  name = "eks-node-group-example"

  assume_role_policy = jsonencode({
    Statement = [{
      Action    = "sts:AssumeRole"
      Effect    = "Allow"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
    Version = "2012-10-17"
  })
}

resource "aws_eks_node_group" "example" {
  cluster_name    = aws_eks_cluster.example.name
  node_group_name = "example"
  node_role_arn   = aws_iam_role.example.arn
  subnet_ids      = aws_subnet.example[*].id

  ami_type       = "BOTTLEROCKET_ARM_64"
  capacity_type  = "ON_DEMAND"
  instance_types = ["c7g.xlarge"]
  disk_size      = 40

  labels = {
    team = "payments"
  }

  taint {
    key    = "team"
    value  = "payments"
    effect = "NO_SCHEDULE"
  }

  taint {
    key    = "batch"
    effect = "PREFER_NO_SCHEDULE"
  }

  scaling_config {
    desired_size = 1
    max_size     = 3
    min_size     = 1
  }

  update_config {
    max_unavailable = 1
  }

  tags = {
    Team = "payments"
  }

  # Ensure that IAM Role permissions are created before and deleted after EKS Node Group handling.
  depends_on = [
    aws_iam_role_policy_attachment.example-AmazonEKSWorkerNodePolicy,
  ]
}

resource "aws_eks_node_group" "windows" {
  cluster_name    = aws_eks_cluster.example.name
  node_group_name = "windows_2022"
  node_role_arn   = "arn:aws:iam::001234567890:role/eks/windows-nodes"
  subnet_ids      = ["subnet-0123456789abcdef0"]

  ami_type       = "WINDOWS_CORE_2022_x86_64"
  instance_types = ["m6i.xlarge"]

  scaling_config {
    desired_size = 2
    max_size     = 4
    min_size     = 0
  }
}
