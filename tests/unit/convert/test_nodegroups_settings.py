"""convert.nodegroups.settings: one node group setting -> its tenant's field, what Karpenter or synth reserve
reported and not carried."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.nodegroups_cli import describe_file, run, synthesized

from karpenter_tenants.convert.nodegroups.record import Arguments, FileReport, NodeGroup, Report, Role
from karpenter_tenants.convert.nodegroups.settings import (
    DESCRIBE_NAMES,
    RESOURCE_NAMES,
    eks_settings,
    role_of_arn,
    set_block_devices,
    set_scaling,
)


def test_capacity_blocks_are_reserved_capacity_with_their_reservation_or_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, imported, err = run(
        capsys, describe_file(tmp_path, "block", capacityType="CAPACITY_BLOCK", instanceTypes=["p5.48xlarge"])
    )
    assert status == 1 and imported is not None
    assert "capacityTypes" not in imported["tenants"][0]["requirements"]
    assert any("nodegroup.capacityType: CAPACITY_BLOCK is Karpenter's capacity type reserved" in line for line in err)
    (tmp_path / "block.tf").write_text(
        'module "eks" {\n  source = "terraform-aws-modules/eks/aws"\n  eks_managed_node_groups = {\n    ml = {\n'
        '      capacity_type = "CAPACITY_BLOCK"\n      instance_types = ["p5.48xlarge"]\n      min_size = 0\n'
        "      capacity_reservation_specification = {\n        capacity_reservation_target = {\n"
        '          capacity_reservation_id = "cr-0123456789abcdef0"\n        }\n      }\n    }\n  }\n}\n'
    )
    _, imported, _ = run(capsys, tmp_path / "block.tf")
    assert imported is not None
    [tenant] = imported["tenants"]
    assert tenant["requirements"]["capacityTypes"] == ["reserved"]
    assert tenant["capacityReservationSelector"] == [{"id": "cr-0123456789abcdef0"}]
    synthesized(tmp_path, imported)


def test_labels_taints_and_tags_karpenter_or_synth_reserve_are_reported_and_not_carried(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The tenant label and taint name the group's tenant (tests/unit/convert/test_multi_pool_import.py); a tenant taint of
    another effect is synth's to set."""
    path = describe_file(
        tmp_path,
        "a",
        labels={"karpenter.sh/nodepool": "x", "tenant": "other", "team": "a"},
        taints=[
            {"key": "tenant", "value": "other", "effect": "NO_SCHEDULE"},
            {"key": "tenant", "value": "other", "effect": "NO_EXECUTE"},
        ],
        tags={"aws:cloudformation:stack-name": "x", "eks:nodegroup-name": "a", "Team": "a"},
    )
    status, imported, err = run(capsys, path)
    assert status == 1 and imported is not None
    [tenant] = imported["tenants"]
    assert tenant["labels"] == {"team": "a"} and tenant["tags"] == {"Team": "a"} and "taints" not in tenant
    assert (tenant["name"], tenant["dedicated"]) == ("other", True)
    text = "\n".join(err)
    assert "nodegroup.labels.karpenter.sh/nodepool: a label Karpenter reserves for itself" in text
    assert "nodegroup.taints[1]: synth taints every node tenant=<tenant name>:NoSchedule itself" in text
    synthesized(tmp_path, imported)


def group() -> NodeGroup:
    return NodeGroup("module.eks.eks_managed_node_groups.web", FileReport("main.tf", Report()))


def test_block_devices_mark_the_ami_familys_root_device_and_report_what_has_no_setting() -> None:
    web = group()
    web.family = "al2023"
    set_block_devices(
        web,
        {
            "xvda": {
                "device_name": "/dev/xvda",
                "ebs": {"volume_size": 80, "kms_key_id": "k", "no_such": 1},
                "no_device": "",
            },
            "data": {"device_name": "/dev/xvdb", "ebs": [{"volume_type": "gp3"}], "virtual_name": "x"},
        },
        "m.block_device_mappings",
    )
    assert web.fields["blockDevices"] == [
        {"deviceName": "/dev/xvda", "rootVolume": True, "ebs": {"volumeSize": "80Gi", "kmsKeyID": "k"}},
        {"deviceName": "/dev/xvdb", "ebs": {"volumeType": "gp3"}},
    ]
    assert web.report.report.unsupported == [
        "main.tf: m.block_device_mappings.xvda.ebs.no_such: no blockDevices setting",
        "main.tf: m.block_device_mappings.data.virtual_name: no blockDevices setting",
    ]


def test_a_role_arn_at_a_path_stays_an_arn_and_one_without_is_its_name() -> None:
    web = group()
    assert role_of_arn(web, "arn:aws:iam::001234567890:role/nodes", "p") == Role("nodes", "nodes")
    assert role_of_arn(web, "arn:aws:iam::001234567890:role/eks/nodes", "p") == Role(
        "nodes", "arn:aws:iam::001234567890:role/eks/nodes"
    )
    assert role_of_arn(web, "nodes", "p") is None
    assert web.report.report.unsupported == ["main.tf: p: 'nodes' is not an IAM role ARN: set nodeRole yourself"]


def test_the_min_size_is_reported_and_the_max_size_kept_for_the_limits() -> None:
    web = group()
    set_scaling(web, 2, "m.min_size", 5, "m.max_size", 3, "m.desired_size")
    assert (web.max_size, web.max_path, web.max_default) == (5, "m.max_size", False)
    assert web.report.report.unsupported[0].startswith("main.tf: m.min_size: 2: Karpenter keeps no minimum of nodes")
    assert web.report.report.notes == [
        "main.tf: m.desired_size: 3: Karpenter sizes the tenant's nodes to its pending pods"
    ]


def test_eks_settings_read_the_resources_and_the_documents_spelling_alike() -> None:
    resource, document = group(), group()
    eks_settings(
        resource,
        Arguments(
            "r",
            {
                "capacity_type": ("SPOT", "r.capacity_type"),
                "scaling_config": ([{"max_size": 4}], "r.scaling_config"),
                "subnet_ids": (["subnet-1"], "r.subnet_ids"),
            },
        ),
        RESOURCE_NAMES,
    )
    eks_settings(
        document,
        Arguments(
            "d",
            {
                "capacityType": ("SPOT", "d.capacityType"),
                "scalingConfig": ({"maxSize": 4}, "d.scalingConfig"),
                "subnets": (["subnet-1"], "d.subnets"),
            },
        ),
        DESCRIBE_NAMES,
    )
    for read in (resource, document):
        assert read.requirements == {"capacityTypes": ["spot"]}
        assert read.max_size == 4 and read.fields == {"subnetSelector": [{"id": "subnet-1"}]}


def test_numbers_in_labels_taints_and_tags_become_the_strings_terraform_makes_of_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Terraform converts a number to a string without a fraction or exponent where it has none: 1e3 is "1000"
    (tmp_path / "main.tf").write_text(
        'module "eks" {\n  source = "terraform-aws-modules/eks/aws"\n  version = "~> 21.0"\n  name = "acme"\n'
        '  eks_managed_node_groups = {\n    alpha = {\n      instance_types = ["m6i.large"]\n      max_size = 3\n'
        "      labels = { size = 1e3, ratio = 1.5, count = 2 }\n      tags = { Budget = 2e3 }\n"
        '      taints = { t = { key = "tier", value = 1e1, effect = "NO_SCHEDULE" } }\n    }\n  }\n}\n'
    )
    status, imported, _ = run(capsys, tmp_path / "main.tf")
    assert status in (0, 1) and imported is not None
    [tenant] = imported["tenants"]
    assert tenant["labels"] == {"size": "1000", "ratio": "1.5", "count": "2"}
    assert tenant["tags"] == {"Budget": "2000"} and tenant["taints"][0]["value"] == "10"
