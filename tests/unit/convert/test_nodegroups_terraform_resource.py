"""convert.nodegroups.terraform_resource: `resource "aws_eks_node_group"` blocks, with EKS's defaults and their
node roles (an aws_iam_role of the same folder, or an ARN)."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.nodegroups_cli import RESOURCES, assert_pool_is_the_group, requirement, run, synthesized

from karpenter_tenants.convert.nodegroups.record import NodeGroup, Report
from karpenter_tenants.convert.nodegroups.terraform import blocks, read_terraform, sources
from karpenter_tenants.convert.nodegroups.terraform_resource import read_resource


def test_aws_eks_node_group_resources_synthesize_to_node_pools_requiring_what_the_groups_ran(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, imported, err = run(capsys, RESOURCES)
    assert status == 1, err
    assert imported is not None
    pools = synthesized(tmp_path, imported)
    assert_pool_is_the_group(
        pools["example"],
        ["c7g.xlarge"],
        ["on-demand"],
        {"team": "payments"},
        [
            {"key": "team", "value": "payments", "effect": "NoSchedule"},
            {"key": "batch", "effect": "PreferNoSchedule"},
        ],
        "example",
    )
    assert_pool_is_the_group(pools["windows-2022"], ["m6i.xlarge"], ["on-demand"], {}, [], "windows-2022")
    assert requirement(pools["windows-2022"], "kubernetes.io/os") == ["windows"]
    tenants = {t["name"]: t for t in imported["tenants"]}
    # the role of `aws_iam_role.example.arn` is named in the same folder; an ARN at a path stays an ARN
    assert tenants["example"]["nodeRole"] == "eks-node-group-example"
    assert tenants["example"]["rootVolume"] == {"size": "40Gi"}
    assert tenants["example"]["ami"] == {"alias": "bottlerocket@latest"}
    assert tenants["windows-2022"]["ami"] == {"alias": "windows2022@latest"}
    assert imported["iam"]["existing"]["roles"] == [
        "arn:aws:iam::001234567890:role/eks/windows-nodes",
        "eks-node-group-example",
    ]
    assert any(
        "aws_eks_node_group.example.node_group_name" not in line and "created by aws_iam_role.example" in line
        for line in err
    )
    assert (
        f"unsupported: {RESOURCES / 'main.tf'}: aws_eks_node_group.example.update_config: node group update "
        "settings: Karpenter replaces nodes"
    ) in "\n".join(err)


def read(tmp_path: Path, text: str) -> tuple[list[NodeGroup | None], Report]:
    path = tmp_path / "main.tf"
    path.write_text(text)
    report = Report()
    [(source, data)] = sources(read_terraform([path], {}, [])[tmp_path], report)
    return [read_resource(source, labels[1], body) for labels, body in blocks(data, "resource")], report


def test_a_name_prefix_names_the_tenant_and_eks_defaults_fill_what_is_not_written(tmp_path: Path) -> None:
    [group], report = read(tmp_path, 'resource "aws_eks_node_group" "x" {\n  node_group_name_prefix = "batch-"\n}\n')
    assert group is not None and group.name == "batch"
    assert group.requirements == {
        "architectures": ["amd64"],
        "instanceTypes": ["t3.medium"],
        "capacityTypes": ["on-demand"],
    }
    assert (
        f"{tmp_path / 'main.tf'}: aws_eks_node_group.x.instance_types: not set: EKS's default t3.medium" in report.notes
    )


def test_node_groups_count_makes_are_not_guessed_and_dynamic_blocks_are_reported(tmp_path: Path) -> None:
    groups, report = read(
        tmp_path,
        (
            'resource "aws_eks_node_group" "many" {\n  count = 3\n}\n'
            'resource "aws_eks_node_group" "one" {\n  node_group_name = "one"\n  max_size = 1\n'
            '  dynamic "taint" {\n    for_each = var.taints\n    content {\n      key = taint.value\n    }\n  }\n}\n'
        ),
    )
    assert groups[0] is None and groups[1] is not None and groups[1].name == "one"
    where = tmp_path / "main.tf"
    assert report.unresolved[0].startswith(
        f"{where}: aws_eks_node_group.many.count: the node groups count makes are known only to Terraform"
    )
    assert any(
        line.startswith(f"{where}: aws_eks_node_group.one.dynamic.taint: a dynamic block") for line in report.unresolved
    )
