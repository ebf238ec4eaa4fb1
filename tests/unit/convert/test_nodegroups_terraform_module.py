"""convert.nodegroups.terraform_module: terraform-aws-eks' eks_managed_node_groups (v19-v21) and its
eks-managed-node-group module on its own, read with the defaults the module applies; synthesizing the imported
tenants gives NodePools that require exactly what the node groups ran."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import cluster_dict, load
from support.nodegroups_cli import NODEGROUPS, V20, V21, assert_pool_is_the_group, requirement, run, synthesized

from karpenter_tenants.convert.nodegroups.record import NodeGroup, Report, Role
from karpenter_tenants.convert.nodegroups.terraform import blocks, read_terraform, sources
from karpenter_tenants.convert.nodegroups.terraform_module import read_module


def test_terraform_aws_eks_v21_node_groups_synthesize_to_node_pools_requiring_what_the_groups_ran(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, imported, err = run(capsys, V21, V21 / "gpu.tfvars")
    assert status == 1, err  # the minimum sizes, user data and the unresolved subnets are findings
    assert imported is not None
    pools = synthesized(tmp_path, imported)
    assert sorted(pools) == ["alpha", "beta-arm", "bottlerocket", "gpu"]
    assert_pool_is_the_group(
        pools["alpha"],
        ["m6i.large", "m6i.xlarge", "m5.large"],
        ["on-demand"],
        {"customer": "alpha", "example.com/tier": "acme-general"},
        [{"key": "dedicated", "value": "alpha", "effect": "NoSchedule"}],
        "alpha",
    )
    assert_pool_is_the_group(
        pools["beta-arm"],
        ["m7g.large", "m7g.2xlarge"],
        ["spot"],
        {},
        [{"key": "kubernetes.io/arch", "value": "arm64", "effect": "NoSchedule"}],
        "beta-arm",
    )
    assert_pool_is_the_group(
        pools["gpu"],
        ["g5.xlarge", "g5.2xlarge"],
        ["on-demand"],
        {},
        [{"key": "nvidia.com/gpu", "effect": "NoSchedule"}],
        "gpu",
    )
    assert_pool_is_the_group(pools["bottlerocket"], ["c6i.large"], ["on-demand"], {}, [], "bottlerocket")
    assert requirement(pools["beta-arm"], "kubernetes.io/arch") == ["arm64"]
    # max_size x the largest type: 10 x m6i.xlarge (4 vCPUs, 16Gi); var.beta_max_size's default 6 x m7g.2xlarge
    assert pools["alpha"]["spec"]["limits"] == {"cpu": "40", "memory": "160Gi"}
    assert pools["beta-arm"]["spec"]["limits"] == {"cpu": "48", "memory": "192Gi"}
    tenants = {t["name"]: t for t in imported["tenants"]}
    assert tenants["alpha"]["tags"] == {"Example": "acme", "GithubRepo": "terraform-aws-eks", "Customer": "alpha"}
    assert tenants["bottlerocket"]["ami"] == {"alias": "bottlerocket@latest"}
    assert imported["iam"] == {
        "existing": {
            "roles": ["acme-shared-nodes", "alpha-eks-node-group"],
            # managed node groups' roles have their access entries (issue 43)
            "withAccessEntry": ["acme-shared-nodes", "alpha-eks-node-group"],
        },
        "sharedNodeRoles": ["acme-shared-nodes"],
    }
    assert err[-1] == (
        "import-nodegroups: 4 tenants for Karpenter 1.x, 2 value(s) not resolved without Terraform, "
        "5 setting(s) without a Karpenter equivalent (listed above)"
    )


def test_v20_defaults_block_devices_and_metadata_options_are_carried_as_the_module_applies_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, imported, err = run(capsys, V20 / "main.tf")
    assert status == 1
    assert imported is not None
    tenants = {t["name"]: t for t in imported["tenants"]}
    # eks_managed_node_group_defaults: AL2 and two instance types for every group that sets neither
    assert tenants["default-node-group"]["requirements"]["instanceTypes"] == ["m6i.large", "m5.large"]
    assert tenants["default-node-group"]["ami"] == {"alias": "al2@latest"}
    # without the module's launch template, disk_size is the node group's disk
    assert tenants["default-node-group"]["rootVolume"] == {"size": "50Gi"}
    complete = tenants["complete-eks-mng"]
    assert complete["ami"] == {"alias": "al2@v20240917"}
    assert complete["blockDevices"] == [
        {
            "deviceName": "/dev/xvda",
            "rootVolume": True,
            "ebs": {
                "volumeSize": "75Gi",
                "volumeType": "gp3",
                "iops": 3000,
                "throughput": 150,
                "encrypted": True,
                "deleteOnTermination": True,
            },
        }
    ]
    assert complete["metadataOptions"] == {
        "httpEndpoint": "enabled",
        "httpTokens": "required",
        "httpPutResponseHopLimit": 2,
    }
    assert complete["detailedMonitoring"] is True
    assert complete["subnetSelector"] == [{"id": "subnet-0123456789abcdef0"}, {"id": "subnet-0fedcba9876543210"}]
    assert complete["tags"] == {
        "Environment": "dev",
        "Terraform": "true",
        "ExtraTag": "EKS managed node group complete example",
    }
    where = f"{V20 / 'main.tf'}: module.eks.eks_managed_node_groups"
    text = "\n".join(err)
    # the KMS key is a module output: left out of the disk, not guessed, and said
    assert (
        f"unresolved: {where}.complete.block_device_mappings.xvda.ebs.kms_key_id: module.ebs_kms_key.key_id is an "
        "output of module ebs_kms_key, known only after apply"
    ) in text
    assert f"unsupported: {where}.default_node_group.remote_access: no Karpenter equivalent" in text
    assert f"unsupported: {where}.complete.min_size: 1: Karpenter keeps no minimum of nodes" in text
    assert f"unsupported: {where}.complete.vpc_security_group_ids: security groups" in text
    assert (
        f"{where}.prefixed_role.iam_role_use_name_prefix: the module creates the node role with the name prefix "
        "'prefixed_role-eks-node-group-'" in text
    )
    pools = synthesized(tmp_path, imported)
    assert_pool_is_the_group(
        pools["complete-eks-mng"],
        ["m6i.large", "m5.large", "m5n.large"],
        ["spot"],
        {"GithubRepo": "terraform-aws-eks", "GithubOrg": "terraform-aws-modules"},
        [{"key": "dedicated", "value": "gpuGroup", "effect": "NoSchedule"}],
        "complete-eks-mng",
    )


def test_unresolvable_expressions_are_reported_per_field_and_left_out_never_guessed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, imported, err = run(capsys, V21)  # no gpu.tfvars: var.gpu_types has no default
    assert status == 1
    assert imported is not None
    gpu = next(t for t in imported["tenants"] if t["name"] == "gpu")
    assert "instanceTypes" not in gpu["requirements"] and "limits" not in gpu
    where = f"{V21 / 'main.tf'}: module.eks"
    assert (
        f"unresolved: {where}.eks_managed_node_groups.gpu.instance_types: var.gpu_types has no default: set "
        "requirements.instanceTypes yourself"
    ) in err
    assert (
        f"unresolved: {where}.eks_managed_node_groups.gpu.max_size: the instance types are not known, so neither "
        "is the capacity of 2 nodes: set limits.cpu and limits.memory yourself"
    ) in err
    assert (
        f"unresolved: {where}.subnet_ids: module.vpc.private_subnets is an output of module vpc, known only after "
        "apply: set subnetSelector (or tag the subnets karpenter.sh/discovery: <cluster>, the default) yourself"
    ) in err
    assert all("subnetSelector" not in t for t in imported["tenants"])


def test_node_groups_kept_in_a_local_and_the_node_group_module_on_its_own_are_imported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = NODEGROUPS / "node-group-module"
    status, imported, err = run(capsys, folder)
    assert status == 1 and imported is not None
    tenants = {t["name"]: t for t in imported["tenants"]}
    assert sorted(tenants) == ["defaults-only", "separate-eks-mng", "web"]
    assert tenants["web"]["labels"] == {"role": "web"} and tenants["web"]["limits"] == {"cpu": "32", "memory": "64Gi"}
    # no instance_types: the group runs a default this command does not guess
    assert "instanceTypes" not in tenants["defaults-only"]["requirements"]
    where = f"{folder / 'main.tf'}: module.eks.eks_managed_node_groups"
    assert any(
        line.startswith(
            f"unresolved: {where}.defaults_only.instance_types: not set: the group runs a default instance type"
        )
        for line in err
    )
    assert (
        f"unsupported: {where}.web.min_size: 1 (the module's default): Karpenter keeps no minimum of nodes, it "
        "launches for pending pods only (to keep capacity warm, run low-priority placeholder pods)" in err
    )
    # the sub-module: its role is named `<name>-eks-node-group` without the name prefix
    assert tenants["separate-eks-mng"]["nodeRole"] == "separate-eks-mng-eks-node-group"
    assert tenants["separate-eks-mng"]["taints"] == [{"key": "separate", "value": "true", "effect": "NoExecute"}]
    synthesized(tmp_path, imported)


def read(tmp_path: Path, text: str) -> tuple[list[NodeGroup], Report]:
    path = tmp_path / "main.tf"
    path.write_text(text)
    report = Report()
    [(source, data)] = sources(read_terraform([path], {}, [])[tmp_path], report)
    return [group for labels, body in blocks(data, "module") for group in read_module(source, labels[0], body)], report


def test_the_defaults_apply_per_argument_and_the_module_role_is_known_without_a_name_prefix(tmp_path: Path) -> None:
    [web], _ = read(
        tmp_path,
        (
            'module "eks" {\n  source = "terraform-aws-modules/eks/aws"\n'
            '  eks_managed_node_group_defaults = {\n    instance_types = ["m6i.large"]\n    capacity_type = "SPOT"\n  }\n'
            '  eks_managed_node_groups = {\n    web = {\n      capacity_type = "ON_DEMAND"\n'
            "      iam_role_use_name_prefix = false\n    }\n  }\n}\n"
        ),
    )
    assert web.requirements["instanceTypes"] == ["m6i.large"] and web.requirements["capacityTypes"] == ["on-demand"]
    assert (web.max_size, web.max_default) == (3, True)
    assert web.role == Role(
        "web-eks-node-group",
        "web-eks-node-group",
        'module.eks.module.eks_managed_node_group["web"].aws_iam_role.this[0]',
    )


def test_a_module_of_create_false_or_not_terraform_aws_eks_gives_no_node_groups(tmp_path: Path) -> None:
    groups, report = read(
        tmp_path,
        (
            'module "eks" {\n  source = "terraform-aws-modules/eks/aws"\n  create = false\n  eks_managed_node_groups = {}\n}\n'
            'module "vpc" {\n  source = "terraform-aws-modules/vpc/aws"\n}\n'
        ),
    )
    assert groups == [] and report.notes == [
        f"{tmp_path / 'main.tf'}: module.eks: create = false: no node groups to import"
    ]


def test_without_the_modules_launch_template_disk_size_is_the_disk_and_its_settings_are_ignored(tmp_path: Path) -> None:
    [web], report = read(
        tmp_path,
        (
            'module "eks" {\n  source = "terraform-aws-modules/eks/aws"\n  eks_managed_node_groups = {\n    web = {\n'
            '      instance_types = ["m6i.large"]\n      use_custom_launch_template = false\n      disk_size = 50\n'
            "      enable_monitoring = true\n    }\n  }\n}\n"
        ),
    )
    assert web.fields["rootVolume"] == {"size": "50Gi"} and "detailedMonitoring" not in web.fields
    assert (
        f"{tmp_path / 'main.tf'}: module.eks.eks_managed_node_groups.web.enable_monitoring: ignored by the module "
        "without its own launch template (use_custom_launch_template = false)"
    ) in report.notes


def test_the_groups_cluster_autoscaler_scales_come_as_the_moves_clusterautoscaler_section(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """issue 43: the groups carry cluster-autoscaler's discovery tags: the import writes the clusterAutoscaler section
    (each group, its tenant and node role), which the team scripted by hand before; its first pull request, the
    section and iam: with no tenant, synthesizes (iam may list the groups' roles before their tenants exist)."""
    status, imported, err = run(capsys, V21, V21 / "gpu.tfvars")
    assert imported is not None, err
    moving = imported["clusterAutoscaler"]
    assert moving["running"] is True
    by_tenant = {g["tenant"]: g for g in moving["nodeGroups"]}
    assert set(by_tenant) == {t["name"] for t in imported["tenants"]}
    assert all(g.get("ignored") is None for g in moving["nodeGroups"])  # each until cluster-autoscaler lets go
    assert by_tenant["alpha"]["nodeRole"] == "alpha-eks-node-group"
    assert {g["nodeRole"] for g in moving["nodeGroups"] if "nodeRole" in g} <= set(imported["iam"]["existing"]["roles"])
    first = {key: value for key, value in imported.items() if key != "tenants"}
    load(tmp_path, cluster_dict(**first, tenants=[]))  # raises ConfigError if refused
