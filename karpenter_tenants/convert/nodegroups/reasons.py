"""What a node group setting without a place in a tenant means, and what to do instead; the settings that are
Terraform's bookkeeping and so not reported; `rest`, which reports what no reader consumed.

Owns REASONS and IGNORED. Imports convert.nodegroups.record only."""

from __future__ import annotations

from typing import Any

from karpenter_tenants.convert.nodegroups.record import NodeGroup

USER_DATA = (
    "user data: Karpenter merges tenants[].userData into its own bootstrap (AL2023: a nodeadm NodeConfig in MIME "
    "multipart; Bottlerocket: TOML settings; AL2: a shell script): carry what it does into userData by hand"
)
LAUNCH_TEMPLATE = (
    "a launch template: Karpenter makes its own from the EC2NodeClass: carry its AMI (ami), user data (userData), "
    "disks (blockDevices), metadata options (metadataOptions) and security groups (securityGroupSelector) by hand"
)
REMOTE_ACCESS = (
    "no Karpenter equivalent (its nodes get no SSH key): reach nodes with SSM Session Manager (the node role's "
    "AmazonSSMManagedInstanceCore), or add a key through userData"
)
UPDATE_CONFIG = (
    "node group update settings: Karpenter replaces nodes (drift on a new AMI, expiry) as disruption.budgets allow, "
    "e.g. disruption.budgets: [{nodes: '33%'}] for a max unavailable of 33%"
)
# What a node group argument that has no place in a tenant means, and what to do instead.
REASONS = {
    "remote_access": REMOTE_ACCESS,
    "key_name": REMOTE_ACCESS,
    "remoteAccess": REMOTE_ACCESS,
    "update_config": UPDATE_CONFIG,
    "updateConfig": UPDATE_CONFIG,
    "force_update_version": "no equivalent: Karpenter drains nodes respecting PodDisruptionBudgets; "
    "terminationGracePeriod bounds how long a node may take",
    "launch_template": LAUNCH_TEMPLATE,
    "launchTemplate": LAUNCH_TEMPLATE,
    "launch_template_name": LAUNCH_TEMPLATE,
    "launch_template_id": LAUNCH_TEMPLATE,
    "launch_template_version": LAUNCH_TEMPLATE,
    "node_repair_config": "node auto repair: Karpenter's is cluster-wide, karpenter.featureGates.nodeRepair: true",
    "nodeRepairConfig": "node auto repair: Karpenter's is cluster-wide, karpenter.featureGates.nodeRepair: true",
    **{
        name: USER_DATA
        for name in (
            "pre_bootstrap_user_data",
            "post_bootstrap_user_data",
            "bootstrap_extra_args",
            "cloudinit_pre_nodeadm",
            "cloudinit_post_nodeadm",
            "user_data_template_path",
            "enable_bootstrap_user_data",
        )
    },
    "vpc_security_group_ids": "security groups: Karpenter selects them by securityGroupSelector (default: tagged "
    "karpenter.sh/discovery: <cluster>): tag these or select them by id",
    "capacity_reservation_specification": "a capacity reservation: Karpenter uses reservations as capacity type "
    "reserved: set requirements.capacityTypes: [reserved] and capacityReservationSelector yourself",
    "dynamic": "a dynamic block, made by Terraform when it runs: write what it makes yourself",
    "instance_metadata_tags": "no EC2NodeClass setting: instance tags in the metadata service are off on Karpenter's nodes",
}
# Arguments that describe Terraform's bookkeeping or how the module names things, not the nodes: not reported.
IGNORED = {
    "timeouts",
    "lifecycle",
    "depends_on",
    "provider",
    "providers",
    "source",
    "version",
    "use_name_prefix",
    "launch_template_use_name_prefix",
    "launch_template_description",
    "launch_template_default_version",
    "update_launch_template_default_version",
    "description",
    "iam_role_description",
    "iam_role_tags",
    "iam_role_additional_policies",
    "iam_role_attach_cni_policy",
    "iam_role_permissions_boundary",
    "iam_role_policy_statements",
    "create_iam_role_policy",
    "cluster_name",
    "cluster_version",
    "kubernetes_version",
    "cluster_endpoint",
    "cluster_auth_base64",
    "cluster_service_cidr",
    "cluster_service_ipv4_cidr",
    "cluster_ip_family",
    "cluster_primary_security_group_id",
    "attach_cluster_primary_security_group",
    "tags_all",
    "create_launch_template",
    "use_custom_launch_template",
    "platform",
    "enable_efa_support",
    "enable_efa_only",
    "efa_indices",
    # describe-nodegroup: the node group's state, not its settings
    "nodegroupArn",
    "clusterName",
    "createdAt",
    "modifiedAt",
    "status",
    "health",
    "resources",
}


def rest(group: NodeGroup, args: dict[str, tuple[Any, str]]) -> None:
    """Arguments nothing consumed: reported with what to do instead, unless Terraform's own bookkeeping."""
    for name, (value, path) in args.items():
        if name in IGNORED or value in (None, "", [], {}, False):
            continue
        group.report.unsupported(path, REASONS.get(name, "no Karpenter equivalent in the config model"))
