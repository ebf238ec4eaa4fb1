variable "gpu_types" {
  description = "Instance types of the GPU customer's node group"
  type        = list(string)
}

variable "beta_max_size" {
  type    = number
  default = 6
}

variable "shared_node_role_arn" {
  description = "The node role the platform team made for node groups that share one"
  type        = string
  default     = "arn:aws:iam::001234567890:role/acme-shared-nodes"
}
