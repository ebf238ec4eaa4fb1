# IAM: the controller's role (IRSA or EKS Pod Identity) with its least-privilege policy, one node role per
# tenant, instance profiles (0.31) and EKS access entries for the node roles. Every policy document comes
# computed from dist/<key>/aws.json's "iam" (build/iam_policies.py): this file only jsonencode()s them.

locals {
  iam = local.aws.iam

  # Existing IAM (aws.json existing_roles: name -> ARN; existing_instance_profiles: name -> its role): read, never
  # created nor owned; Karpenter's policies are attached to existing roles only under attach_policies_to_existing.
  existing_roles     = local.aws.existing_roles
  existing_profiles  = local.aws.existing_instance_profiles
  attach_to_existing = local.aws.iam_options.attach_policies_to_existing
  boundary           = local.aws.iam_options.permissions_boundary

  # Whether roles may be created at all (variable create_iam_roles, aws.json iam_options.create_roles), and the ones
  # aws.json would have created (the precondition on data.aws_partition.current refuses them when they may not).
  may_create_roles = var.create_iam_roles && local.aws.iam_options.create_roles
  roles_to_create  = distinct(concat(local.aws.controller_role.create ? [local.controller_role_name] : [], values(local.wanted_node_roles)))

  create_controller_role = local.aws.controller_role.create && local.may_create_roles
  attach_controller      = local.create_controller_role || local.attach_to_existing
  # The role created here, or the existing one read (exactly one of the two lists has an element).
  existing_controller  = [for name, role in data.aws_iam_role.existing : role if name == local.controller_role_name]
  controller_role_arn  = one(concat(aws_iam_role.controller[*].arn, local.existing_controller[*].arn))
  controller_role_id   = one(concat(aws_iam_role.controller[*].id, local.existing_controller[*].id))
  # What the controller's ServiceAccount must be trusted by: the EKS Auth service, or the cluster's OIDC provider.
  controller_principal = local.pod_identity ? "pods.eks.amazonaws.com" : coalesce(local.aws.cluster.oidc_provider_arn, "(no OIDC provider)")
}

# Each existing role must exist (the plan fails on a missing one) and trust what it is used by: the controller's
# the EKS Auth service or the cluster's OIDC provider, a node role EC2.
data "aws_iam_role" "existing" {
  for_each = local.existing_roles
  name     = each.key

  lifecycle {
    postcondition {
      condition     = self.arn == each.value
      error_message = "The existing role ${each.key} is ${self.arn}, not ${each.value} as ${var.aws_file} says (iam.existing.roles): give its ARN, with its path, in the cluster file and run `python main.py`."
    }
    postcondition {
      condition     = each.key == local.controller_role_name ? strcontains(self.assume_role_policy, local.controller_principal) : strcontains(self.assume_role_policy, "ec2.")
      error_message = "The existing role ${each.key} does not trust ${each.key == local.controller_role_name ? local.controller_principal : "EC2"}, which ${each.key == local.controller_role_name ? "the controller's credentials come from" : "nodes assume it through"}: add that to its trust policy (see aws.json iam.${each.key == local.controller_role_name ? "controller_trust" : "node_trust"})."
    }
  }
}

data "aws_iam_instance_profile" "existing" {
  for_each = local.existing_profiles
  name     = each.key

  lifecycle {
    postcondition {
      condition     = self.role_name == each.value
      error_message = "The existing instance profile ${each.key} holds role ${self.role_name}, not ${each.value} as ${var.aws_file} says (iam.existing.instanceProfiles): fix the cluster file and run `python main.py`."
    }
  }
}

# --- controller -----------------------------------------------------------------------------------

# Trust (aws.json iam.controller_trust): IRSA while aws.json names an OIDC provider (kept under Pod Identity,
# so the running controller keeps its credentials until it restarts onto Pod Identity), EKS Pod Identity
# under identity podIdentity; null under IRSA without an OIDC provider, which the precondition refuses.
resource "aws_iam_role" "controller" {
  count                = local.create_controller_role ? 1 : 0
  name                 = local.controller_role_name
  path                 = local.aws.controller_role.path
  description          = "Karpenter controller of EKS cluster ${local.cluster_name} (${local.pod_identity ? "EKS Pod Identity" : "IRSA"})"
  assume_role_policy   = jsonencode(local.iam.controller_trust)
  max_session_duration = 3600
  permissions_boundary = local.boundary
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
  role_arn        = local.controller_role_arn
  tags            = local.tags

  lifecycle {
    precondition {
      condition     = local.controller_role_arn == local.aws.pod_identity_association.role_arn
      error_message = "The controller role's ARN is not the pod identity association's role_arn of ${var.aws_file}: run `python main.py` and apply with the new file."
    }
  }
}

# The policy of the cluster's Karpenter generation (aws.json iam.controller_policy): upstream's
# getting-started policy of the pinned release but for the differences listed in upstream-differences.json.
resource "aws_iam_role_policy" "controller" {
  count  = local.attach_controller ? 1 : 0
  name   = local.aws.policy_names.controller_policy
  role   = local.controller_role_id
  policy = jsonencode(local.iam.controller_policy)

  lifecycle {
    precondition {
      condition     = aws_sqs_queue.interruption.arn == local.aws.interruption_queue_arn
      error_message = "The interruption queue's ARN ${aws_sqs_queue.interruption.arn} is not interruption_queue_arn of ${var.aws_file}, which the controller's policy names: configure the provider for the cluster's account and region."
    }
  }
}

# Upstream's AllowPassingInstanceRole (only to EC2) attached to the controller role: under iam.passRole one policy
# on the role ARN pattern (aws.json iam_options.pass_role), the same whatever the tenants; else every node role's ARN,
# in managed policies of at most 50 roles (aws.json iam.pass_node_roles): inline, the ARNs would push the role's
# inline policies past IAM's 10,240 characters at about 65 tenants. Names: aws.json policy_names.
resource "aws_iam_policy" "pass_node_roles" {
  count       = local.attach_controller ? length(local.iam.pass_node_roles) : 0
  name        = local.aws.policy_names.pass_node_roles[count.index]
  description = local.aws.iam_options.pass_role != null ? "Karpenter controller of EKS cluster ${local.cluster_name}: pass roles matching ${local.aws.iam_options.pass_role} (iam.passRole) to EC2" : "Karpenter controller of EKS cluster ${local.cluster_name}: pass its node roles (part ${count.index}) to EC2"
  policy      = jsonencode(local.iam.pass_node_roles[count.index])
  tags        = local.tags
}

resource "aws_iam_role_policy_attachment" "pass_node_roles" {
  count      = local.attach_controller ? length(local.iam.pass_node_roles) : 0
  role       = local.controller_role_id
  policy_arn = aws_iam_policy.pass_node_roles[count.index].arn
}

# The 0.31 -> 1.x upgrade path only (aws.json iam.upgrade_controller_policy, null otherwise): the policy the 0.32-1.0
# controllers need beside the version's own, attached from the `--step prepare` commit until `--step finish`
# (docs/upgrade-031.md). Managed, as the two inline policies together would pass IAM's 10,240 characters.
resource "aws_iam_policy" "upgrade" {
  count       = local.attach_controller && lookup(local.iam, "upgrade_controller_policy", null) != null ? 1 : 0
  name        = local.aws.policy_names.upgrade_controller_policy
  description = "Karpenter controller of EKS cluster ${local.cluster_name}: what the 0.32-1.0 controllers need while upgrading from 0.31"
  policy      = jsonencode(local.iam.upgrade_controller_policy)
  tags        = local.tags
}

resource "aws_iam_role_policy_attachment" "upgrade" {
  count      = length(aws_iam_policy.upgrade)
  role       = local.controller_role_id
  policy_arn = aws_iam_policy.upgrade[0].arn
}

# --- node roles ---------------------------------------------------------------------------------

locals {
  # The node roles terraform/ creates, by tenant (and "(default)"); existing ones are only read.
  wanted_node_roles  = { for key, role in local.node_roles : key => role if !contains(keys(local.existing_roles), role) }
  created_node_roles = local.may_create_roles ? local.wanted_node_roles : {}
  # Existing node roles, each once however many tenants share it, and the tenants of each (their extra policies).
  existing_node_roles = { for role in distinct([for key, role in local.node_roles : role if contains(keys(local.existing_roles), role)]) :
  role => [for key, name in local.node_roles : key if name == role] }

  # Upstream's managed policies of the release (aws.json iam.node_managed_policy_arns) and the tenant's extra ones.
  node_policy_attachments = merge([
    for tenant, role in local.created_node_roles : {
      for arn in concat(local.iam.node_managed_policy_arns, lookup(var.tenant_extra_policy_arns, tenant, [])) :
      "${tenant} ${arn}" => { role = role, policy_arn = arn }
    }
  ]...)
  existing_node_policy_attachments = local.attach_to_existing ? merge([
    for role, tenants in local.existing_node_roles : {
      for arn in distinct(concat(local.iam.node_managed_policy_arns, flatten([for tenant in tenants : lookup(var.tenant_extra_policy_arns, tenant, [])]))) :
      "${role} ${arn}" => { role = role, policy_arn = arn }
    }
  ]...) : {}
}

locals {
  # Every node role's name by tenant (and "(default)"): the role created here, or the existing one read. An
  # instance profile created here may hold an existing role (a 0.31 default profile whose iam.defaultNodeRole exists).
  node_role_names = { for key, role in local.node_roles : key =>
  contains(keys(local.existing_roles), role) ? data.aws_iam_role.existing[role].name : local.may_create_roles ? aws_iam_role.node[key].name : role }
}

resource "aws_iam_role" "node" {
  for_each             = local.created_node_roles
  name                 = each.value
  path                 = local.aws.iam_options.node_role_path
  description          = "Karpenter nodes of ${each.key == "(default)" ? "the default instance profile" : "tenant ${each.key}"} on EKS cluster ${local.cluster_name}"
  assume_role_policy   = jsonencode(local.iam.node_trust)
  permissions_boundary = local.boundary
  tags                 = merge(local.tags, each.key == "(default)" ? {} : { tenant = each.key })
}

resource "aws_iam_role_policy_attachment" "node" {
  for_each   = local.node_policy_attachments
  role       = aws_iam_role.node[split(" ", each.key)[0]].name
  policy_arn = each.value.policy_arn
}

# Only under iam.existing.attachPolicies: the same policies on existing node roles (removed again with the role's
# last tenant or the switch; the role itself stays).
resource "aws_iam_role_policy_attachment" "existing_node" {
  for_each   = local.existing_node_policy_attachments
  role       = data.aws_iam_role.existing[each.value.role].name
  policy_arn = each.value.policy_arn
}

# 0.31 nodes start with an instance profile; 1.x creates its own from the EC2NodeClass role. Existing profiles
# (aws.json existing_instance_profiles) are only read.
resource "aws_iam_instance_profile" "tenant" {
  for_each = { for tenant, profile in local.tenant_instance_profiles : tenant => profile if !contains(keys(local.existing_profiles), profile) }
  name     = each.value
  role     = local.node_role_names[each.key]
  tags     = merge(local.tags, { tenant = each.key })
}

resource "aws_iam_instance_profile" "default" {
  count = local.legacy && local.default_instance_profile != null && !contains(keys(local.existing_profiles), coalesce(local.default_instance_profile, "-")) ? 1 : 0
  name  = local.default_instance_profile
  role  = local.node_role_names["(default)"]
  tags  = local.tags
}

# Nodes join with an access entry of their role: every role created here gets one.
resource "aws_eks_access_entry" "node" {
  for_each      = var.create_access_entries ? local.created_node_roles : {}
  cluster_name  = local.cluster_name
  principal_arn = aws_iam_role.node[each.key].arn
  type          = "EC2_LINUX"
  tags          = local.tags
}

# An existing node role gets one (once, however many tenants share it) under aws.json
# iam_options.existing_node_access_entries (iam.existing.accessEntries, default on 1.x); off, it keeps the access it
# has (a managed node group's access entry, aws-auth) and check-terraform names each role without one. Roles listed in
# iam_options.existing_node_roles_with_access_entry (iam.existing.withAccessEntry) have theirs: none is created.
resource "aws_eks_access_entry" "existing_node" {
  for_each = var.create_access_entries && local.aws.iam_options.existing_node_access_entries ? {
    for role, tenants in local.existing_node_roles : role => tenants
    if !contains(local.aws.iam_options.existing_node_roles_with_access_entry, role)
  } : {}
  cluster_name  = local.cluster_name
  principal_arn = data.aws_iam_role.existing[each.key].arn
  type          = "EC2_LINUX"
  tags          = local.tags
}
