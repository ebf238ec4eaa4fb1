# State moves: where a resource's address changed between revisions of this module, a `moved` block carries its
# state to the new address, so that `terraform plan` shows no change (as terraform-aws-modules keep them, in
# migrations.tf). Keep each until no state of the revision before it is left to upgrade.

# Addresses of an earlier revision, which always created the controller role: kept in state, not re-created.
moved {
  from = aws_iam_role.controller
  to   = aws_iam_role.controller[0]
}

moved {
  from = aws_iam_role_policy.controller
  to   = aws_iam_role_policy.controller[0]
}
