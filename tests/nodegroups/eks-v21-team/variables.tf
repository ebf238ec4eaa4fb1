variable "environment" {
  type    = string
  default = "prod"
}

variable "cost_prefix" {
  type    = string
  default = "cc"
}

variable "customer_max_size" {
  type    = number
  default = 10
}

variable "max_sizes" {
  description = "Per-customer maximum sizes where the default does not fit"
  type        = map(number)
  default = {
    beta        = 6
    delta-train = 2
  }
}
