variable "aws_file" {
  description = "Path of the cluster's resolved AWS side, dist/<key>/aws.json, written by the generator (python main.py) beside the manifests. Every name this module creates (controller role, node roles, instance profiles, queue) and the cluster's name, account, region, partition, OIDC provider, Karpenter generation, namespace and service account come from it."
  type        = string

  validation {
    condition     = endswith(var.aws_file, ".json")
    error_message = "aws_file is the generator's dist/<key>/aws.json (not the cluster's clusters/<key>.yaml)."
  }

  # A file of an older generator fails here, naming the fix (whatever else then fails on a key it lacks).
  validation {
    condition     = jsondecode(file(var.aws_file)).format == 6
    error_message = "aws_file is not of format 6, the one this module reads (format 6 added iam.existing.withAccessEntry; 5 the organisation's IAM rules: iam.createRoles, iam.passRole, access entries of existing node roles): run `python main.py` with the generator of this module's revision and apply with the file it writes (module and generator come from the same revision)."
  }
}

variable "cluster_config_path" {
  description = "Removed: the module reads dist/<key>/aws.json (variable aws_file) instead of the cluster file. Kept only to say so; leave it unset."
  type        = string
  default     = null

  validation {
    condition     = var.cluster_config_path == null
    error_message = "cluster_config_path was replaced by aws_file: set aws_file = \"<repository>/dist/<key>/aws.json\" (written by `python main.py`) and remove cluster_config_path."
  }
}

variable "subnet_ids" {
  description = "Subnets Karpenter may launch nodes into; each is tagged karpenter.sh/discovery = <cluster name>."
  type        = list(string)
  default     = []
}

variable "create_discovery_tags" {
  description = "Tag subnet_ids and node_security_group_id with aws.json's discovery tag (karpenter.sh/discovery = <cluster name>). Set false when the tags are set where the subnets and the security group are defined (terraform-aws-eks' node_security_group_tags, terraform-aws-vpc's private_subnet_tags), so one resource owns each tag and the two do not undo each other on every apply."
  type        = bool
  default     = true
}

variable "node_security_group_id" {
  description = "The cluster's node security group; tagged karpenter.sh/discovery = <cluster name>. Null to skip the tag and the webhook rule."
  type        = string
  default     = null
}

variable "cluster_security_group_id" {
  description = "The EKS control plane's security group: source of the webhook (TCP 8443) ingress rule that Karpenter 0.31 needs. Null to skip the rule."
  type        = string
  default     = null
}

variable "oidc_provider_arn" {
  description = "Removed: the IRSA trust in aws.json names the OIDC provider arn:<partition>:iam::<cluster.accountId>:oidc-provider/<cluster.oidcProvider>. Kept only to say so; leave it unset."
  type        = string
  default     = null

  validation {
    condition     = var.oidc_provider_arn == null
    error_message = "oidc_provider_arn was removed: the controller's trust policy comes from aws.json, which names the provider of cluster.oidcProvider in cluster.accountId; set cluster.oidcProvider in the cluster file, run `python main.py`, and remove oidc_provider_arn."
  }
}

variable "tenant_extra_policy_arns" {
  description = "Extra IAM policy ARNs to attach to a tenant's node role, by tenant name, e.g. { alpha = [\"arn:aws:iam::aws:policy/AmazonS3ReadOnlyAccess\"] }."
  type        = map(list(string))
  default     = {}
}

variable "create_access_entries" {
  description = "Create an EKS access entry (type EC2_LINUX) for every node role this module creates, and for every existing node role when aws.json's iam_options.existing_node_access_entries is true (the cluster file's iam.existing.accessEntries, default true on 1.x), so nodes can join a cluster using access entries. false: none at all; `python main.py check-terraform` then lists each node role without one and the command that creates it."
  type        = bool
  default     = true
}

variable "create_iam_roles" {
  description = "Whether this module may create IAM roles (as terraform-aws-eks' create_iam_role / create_node_iam_role). false: it creates none, and the plan fails naming each role aws.json would have it create; the cluster file then lists every role in iam.existing.roles, with iam.createRoles: false so that synth refuses a tenant without one. aws.json's iam_options.create_roles false has the same effect."
  type        = bool
  default     = true
}

variable "tags" {
  description = "Tags added to every resource this module creates."
  type        = map(string)
  default     = {}
}
