# Mirror the names in dist/<key>/aws.json; read back by the generator:
# `terraform output -json > tf-outputs.json` then `python main.py check-terraform tf-outputs.json --cluster <key>`.

output "cluster_name" {
  description = "EKS cluster name (aws.json cluster.name)."
  value       = local.cluster_name
}

output "controller_role_arn" {
  description = "ARN of the Karpenter controller's role: the ServiceAccount annotation eks.amazonaws.com/role-arn (IRSA) or the pod identity association's role (EKS Pod Identity)."
  value       = local.controller_role_arn
}

output "node_role_names" {
  description = "Node IAM role name by tenant (plus \"(default)\" for the 0.31 default instance profile's role): EC2NodeClass spec.role on 1.x."
  value = merge(
    { for tenant, role in aws_iam_role.node : tenant => role.name },
    { for tenant, role in local.node_roles : tenant => data.aws_iam_role.existing[role].name if contains(keys(local.existing_roles), role) },
  )
}

output "instance_profile_names" {
  description = "Karpenter 0.31: instance profile name by tenant (AWSNodeTemplate spec.instanceProfile); empty on 1.x."
  value = merge(
    { for tenant, profile in aws_iam_instance_profile.tenant : tenant => profile.name },
    { for tenant, profile in local.tenant_instance_profiles : tenant => data.aws_iam_instance_profile.existing[profile].name if contains(keys(local.existing_profiles), profile) },
  )
}

output "default_instance_profile_name" {
  description = "Karpenter 0.31: the default instance profile (Helm value settings.aws.defaultInstanceProfile), or null."
  value       = one(concat(aws_iam_instance_profile.default[*].name, [for name, profile in data.aws_iam_instance_profile.existing : profile.name if name == local.default_instance_profile]))
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

output "existing_iam" {
  description = "The existing IAM this module reads and neither creates nor owns (iam.existing of the cluster file): role name -> ARN, instance profile name -> its role."
  value = {
    roles             = { for name, role in data.aws_iam_role.existing : name => role.arn }
    instance_profiles = { for name, profile in data.aws_iam_instance_profile.existing : name => profile.role_name }
  }
}

output "policies_to_attach" {
  description = "What Karpenter needs on existing roles that this module does not attach (iam.existing.attachPolicies false): by role name, the inline policy documents (JSON) to put on the role, the documents (JSON) to create as customer managed policies and attach (the PassRole and upgrade-path ones: inline, they would pass IAM's 10,240 characters per role), and the AWS managed policy ARNs to attach. Empty when the module attaches everything."
  value = local.attach_to_existing ? {} : merge(
    local.create_controller_role ? {} : {
      (local.controller_role_name) = {
        inline_policies = { (local.aws.policy_names.controller_policy) = jsonencode(local.iam.controller_policy) }
        managed_policy_documents = merge(
          { for index, document in local.iam.pass_node_roles : local.aws.policy_names.pass_node_roles[index] => jsonencode(document) },
          lookup(local.iam, "upgrade_controller_policy", null) == null ? {} : { (local.aws.policy_names.upgrade_controller_policy) = jsonencode(local.iam.upgrade_controller_policy) },
        )
        managed_policies = []
      }
    },
    { for role, tenants in local.existing_node_roles : role => {
      inline_policies          = {}
      managed_policy_documents = {}
      managed_policies         = distinct(concat(local.iam.node_managed_policy_arns, flatten([for tenant in tenants : lookup(var.tenant_extra_policy_arns, tenant, [])])))
    } },
  )
}

output "access_entries" {
  description = "The EKS access entries (type EC2_LINUX) this module created, by node role name: the principal ARN. A node role of aws.json without one (iam.existing.accessEntries false, or create_access_entries = false) joins only with access it has elsewhere (a managed node group's entry, aws-auth): check-terraform lists each."
  value = merge(
    { for key, entry in aws_eks_access_entry.node : local.created_node_roles[key] => entry.principal_arn },
    { for role, entry in aws_eks_access_entry.existing_node : role => entry.principal_arn },
  )
}
