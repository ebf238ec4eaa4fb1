"""convert.nodegroups.describe: `aws eks describe-nodegroup --output json` documents, every value known."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.nodegroups_cli import DESCRIBE, assert_pool_is_the_group, describe_file, run, synthesized

from karpenter_tenants.convert.nodegroups.describe import read_describe
from karpenter_tenants.convert.nodegroups.record import DESCRIBE as DESCRIBE_COMMAND
from karpenter_tenants.convert.nodegroups.record import NodeGroupsRefused, Report


def test_describe_nodegroup_documents_synthesize_to_node_pools_requiring_what_the_groups_ran(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, imported, err = run(capsys, DESCRIBE / "gpu-spot.json", DESCRIBE / "delta.json")
    assert status == 1, err
    assert imported is not None
    pools = synthesized(tmp_path, imported)
    assert_pool_is_the_group(
        pools["gamma-gpu"],
        ["g5.xlarge", "g6.xlarge"],
        ["spot"],
        {"customer": "gamma", "accelerator": "nvidia"},
        [{"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"}],
        "gamma-gpu",
    )
    # delta's node group already had the tenant taint: the tenant stays dedicated, the taint is synth's own
    assert_pool_is_the_group(pools["delta"], ["r6i.2xlarge"], ["on-demand"], {}, [], "delta", dedicated=True)
    tenants = {t["name"]: t for t in imported["tenants"]}
    assert tenants["gamma-gpu"]["ami"] == {"alias": "al2023@v20250519"}  # the release version, pinned
    assert tenants["delta"]["ami"] == {"alias": "bottlerocket@v1.38.1"}
    assert tenants["gamma-gpu"]["rootVolume"] == {"size": "100Gi"}
    assert tenants["gamma-gpu"]["subnetSelector"] == [
        {"id": "subnet-0123456789abcdef0"},
        {"id": "subnet-0fedcba9876543210"},
    ]
    assert tenants["gamma-gpu"]["tags"] == {"Customer": "gamma"}  # cluster-autoscaler's tags are not carried
    text = "\n".join(err)
    assert f"{DESCRIBE / 'delta.json'}: nodegroup.launchTemplate: a launch template" in text
    assert f"{DESCRIBE / 'delta.json'}: nodegroup.remoteAccess: no Karpenter equivalent" in text
    assert "'gamma-gpu-20240312101522384700000007' ends in Terraform's unique suffix" in text


def test_a_name_with_terraforms_unique_suffix_names_the_tenant_without_it(tmp_path: Path) -> None:
    path = describe_file(tmp_path, "web-20240312101522384700000007")
    group = read_describe(path, Report())
    assert group.name == "web"
    assert group.report.report.notes[0] == (
        f"{path}: nodegroup.nodegroupName: 'web-20240312101522384700000007' ends in "
        "Terraform's unique suffix: the tenant is named after 'web'"
    )


def test_a_document_of_another_shape_is_refused_with_every_field_that_is_wrong(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"nodegroup": {"instanceTypes": "m6i.large", "diskSize": true}}')
    with pytest.raises(NodeGroupsRefused) as refused:
        read_describe(path, Report())
    assert refused.value.problems == [
        f"{path}: nodegroup.instanceTypes: 'm6i.large' is not a list; write the file with `{DESCRIBE_COMMAND}`",
        f"{path}: nodegroup.diskSize: True is not an integer; write the file with `{DESCRIBE_COMMAND}`",
        f"{path}: nodegroup.nodegroupName is missing; write the file with `{DESCRIBE_COMMAND}`",
    ]


def test_a_group_without_instance_types_or_ami_type_a_launch_template_sets_is_reported(tmp_path: Path) -> None:
    group = read_describe(describe_file(tmp_path, "lt", instanceTypes=None, amiType=None), Report())
    assert "instanceTypes" not in group.requirements and "ami" not in group.fields
    assert [line.split(": ", 2)[1] for line in group.report.report.unresolved + group.report.report.unsupported] == [
        "nodegroup.instanceTypes",
        "nodegroup.amiType",
    ]
