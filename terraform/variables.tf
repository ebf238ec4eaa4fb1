variable "cluster_config_path" {
  description = "Path of the cluster's config file (clusters/<key>.yaml): the same file the manifest generator reads. Cluster name, account, region, OIDC provider, Karpenter version, namespace, service account and tenants all come from it."
  type        = string
}

variable "subnet_ids" {
  description = "Subnets Karpenter may launch nodes into; each is tagged karpenter.sh/discovery = <cluster name>."
  type        = list(string)
  default     = []
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
  description = "ARN of the cluster's IAM OIDC provider. Default: derived from cluster.accountId and cluster.oidcProvider in the config file."
  type        = string
  default     = null
}

variable "tenant_extra_policy_arns" {
  description = "Extra IAM policy ARNs to attach to a tenant's node role, by tenant name, e.g. { alpha = [\"arn:aws:iam::aws:policy/AmazonS3ReadOnlyAccess\"] }."
  type        = map(list(string))
  default     = {}
}

variable "create_access_entries" {
  description = "Create an EKS access entry (type EC2_LINUX) for every node role, so nodes can join a cluster using access entries."
  type        = bool
  default     = true
}

variable "tags" {
  description = "Tags added to every resource this module creates."
  type        = map(string)
  default     = {}
}
