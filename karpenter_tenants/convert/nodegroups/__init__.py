"""`python main.py import-nodegroups FILE...`: EKS managed node groups -> the `tenants:` entries of a cluster file for
Karpenter 1.x (NodePool + EC2NodeClass), the `iam:` that reuses their node roles, and a report of what has no
Karpenter equivalent.

Read from:
- Terraform: `module "..." { eks_managed_node_groups = {...} }` of terraform-aws-modules/eks (v19-v21 argument
  names; v19/v20's `eks_managed_node_group_defaults` apply per argument as the module applies them), the
  module's `modules/eks-managed-node-group` on its own, and `resource "aws_eks_node_group"` blocks; `.tf` files
  or folders of them (a folder also reads its terraform.tfvars and *.auto.tfvars, as Terraform does), with
  `.tfvars` files given as FILE read as `-var-file`s. Values are resolved statically (convert.hcl_values: locals,
  variables, templates, operators and the functions of convert.hcl_functions, merge() and the like); what is not
  (module outputs, other functions, data sources...) is reported per field, never guessed.
- `aws eks describe-nodegroup --output json` documents ({"nodegroup": {...}}).

Each node group becomes one tenant named after it (made an RFC 1123 label), except the one the Karpenter controller
runs on (karpenter.controller.nodeGroup, or labelled karpenter.sh/controller), which is skipped and said so, and node
groups whose tenant label or taint names one tenant, which become its pools (each with its own requirements, limits, labels and taints). The
mapping: instance types ->
requirements.instanceTypes; capacity type -> requirements.capacityTypes (ON_DEMAND on-demand, SPOT spot,
CAPACITY_BLOCK reserved, with the reservation); AMI type -> an ami.alias of its family (the release version
pinned when known) and requirements.architectures; disk size -> rootVolume.size; block device mappings ->
blockDevices; labels, taints and tags as they are; the node role -> nodeRole, listed in iam.existing.roles
(and iam.sharedNodeRoles when two groups share it); max size x the largest instance type's vCPUs, memory and GPUs
(Karpenter's instance-type catalogue, capacity.catalogue) -> limits.cpu, limits.memory and limits of nvidia.com/gpu
(amd.com/gpu, aws.amazon.com/neuron). The rest (minimum size, subnets
not given by id, launch templates, remote access, update settings, user data...) is reported with what to do
instead (docs/import-migrate.md, "From managed node groups").

The package, by input and by step (each module's docstring says what it owns and imports):
- inputs: which reader each FILE goes to; import_nodegroups;
- terraform (the .tf files and var files read by folder), terraform_module (eks_managed_node_groups and the
  eks-managed-node-group module), terraform_resource (aws_eks_node_group), describe (describe-nodegroup JSON):
  the readers, each making NodeGroup records (record);
- settings, ami, reasons: one node group setting -> its tenant field, or the report of what has no equivalent;
- limits, draft: the records as tenants (limits from the instance types), iam: and the notes; Imported.
This module re-exports the command's entry points only and is imported by none of them.
"""

from __future__ import annotations

from karpenter_tenants.convert.nodegroups.draft import Imported
from karpenter_tenants.convert.nodegroups.inputs import controller_node_group, import_nodegroups
from karpenter_tenants.convert.nodegroups.record import NodeGroupsRefused

__all__ = ["Imported", "NodeGroupsRefused", "controller_node_group", "import_nodegroups"]
