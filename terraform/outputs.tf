# Mirror the names in dist/<key>/aws.json; read back by the generator:
# `terraform output -json > tf-outputs.json` then `python main.py check-terraform tf-outputs.json --cluster <key>`.

output "cluster_name" {
  description = "EKS cluster name (aws.json cluster.name)."
  value       = local.cluster_name
}

output "controller_role_arn" {
  description = "ARN of the Karpenter controller's role: the ServiceAccount annotation eks.amazonaws.com/role-arn (IRSA) or the pod identity association's role (EKS Pod Identity)."
  value       = aws_iam_role.controller.arn
}

output "node_role_names" {
  description = "Node IAM role name by tenant (plus \"(default)\" for the 0.31 default instance profile's role): EC2NodeClass spec.role on 1.x."
  value       = { for tenant, role in aws_iam_role.node : tenant => role.name }
}

output "instance_profile_names" {
  description = "Karpenter 0.31: instance profile name by tenant (AWSNodeTemplate spec.instanceProfile); empty on 1.x."
  value       = { for tenant, profile in aws_iam_instance_profile.tenant : tenant => profile.name }
}

output "default_instance_profile_name" {
  description = "Karpenter 0.31: the default instance profile (Helm value settings.aws.defaultInstanceProfile), or null."
  value       = one(aws_iam_instance_profile.default[*].name)
}

output "interruption_queue_name" {
  description = "SQS interruption queue name: Helm value settings.interruptionQueue (1.x) / settings.aws.interruptionQueueName (0.31)."
  value       = aws_sqs_queue.interruption.name
}

output "pod_identity_association" {
  description = "EKS Pod Identity: the association of the controller's ServiceAccount with its role (namespace, service_account, role_arn, association_id); null under IRSA."
  value = local.pod_identity ? {
    namespace       = aws_eks_pod_identity_association.controller[0].namespace
    service_account = aws_eks_pod_identity_association.controller[0].service_account
    role_arn        = aws_eks_pod_identity_association.controller[0].role_arn
    association_id  = aws_eks_pod_identity_association.controller[0].association_id
  } : null
}
