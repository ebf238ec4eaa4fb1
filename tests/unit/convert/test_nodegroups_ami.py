"""convert.nodegroups.ami: each EKS AMI type as its Karpenter alias and architecture, the release version pinned;
what has no alias reported, not mapped."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.nodegroups_cli import describe_file, run, synthesized

from karpenter_tenants.convert.nodegroups.ami import AMI_TYPES, set_ami, set_custom_ami
from karpenter_tenants.convert.nodegroups.record import FileReport, NodeGroup, Report


@pytest.mark.parametrize("ami_type", sorted(AMI_TYPES))
def test_each_eks_ami_type_becomes_its_karpenter_alias_and_architecture(
    ami_type: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    family, arch = AMI_TYPES[ami_type]
    types = ["m6g.large"] if arch == "arm64" else ["m6i.large"]
    status, imported, err = run(capsys, describe_file(tmp_path, "a", amiType=ami_type, instanceTypes=types))
    assert status == 0, err
    assert imported is not None
    [tenant] = imported["tenants"]
    assert tenant["ami"] == {"alias": f"{family}@latest"}
    assert tenant["requirements"]["architectures"] == [arch]
    assert tenant["requirements"].get("operatingSystems") == (["windows"] if family.startswith("windows") else None)
    synthesized(tmp_path, imported)  # the config model and synth take it


@pytest.mark.parametrize("ami_type", ["CUSTOM", "BOTTLEROCKET_x86_64_FIPS"])
def test_ami_types_without_an_alias_are_reported_not_mapped(
    ami_type: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, imported, err = run(capsys, describe_file(tmp_path, "a", amiType=ami_type))
    assert status == 1
    assert imported is not None and "ami" not in imported["tenants"][0]
    assert any(
        line.startswith(f"unsupported: {tmp_path / 'a.json'}: nodegroup.amiType: {ami_type} has no Karpenter alias")
        for line in err
    )


def group() -> NodeGroup:
    return NodeGroup("nodegroup a", FileReport("a.json", Report()))


@pytest.mark.parametrize(
    ("ami_type", "release", "alias"),
    [
        ("AL2023_x86_64_STANDARD", "1.30.0-20240625", "al2023@v20240625"),
        ("AL2_x86_64", "1.29.3-20240531", "al2@v20240531"),
        ("BOTTLEROCKET_ARM_64", "1.20.3-5d9ac849", "bottlerocket@v1.20.3"),
        ("WINDOWS_CORE_2022_x86_64", "2022.10.9", "windows2022@latest"),
    ],
)
def test_the_release_version_is_pinned_in_the_alias_as_karpenter_spells_it(
    ami_type: str, release: str, alias: str
) -> None:
    a = group()
    set_ami(a, ami_type, "nodegroup.amiType", release, "nodegroup.releaseVersion")
    assert a.fields["ami"] == {"alias": alias}


def test_a_release_version_of_another_family_leaves_latest_and_says_so() -> None:
    a = group()
    set_ami(a, "BOTTLEROCKET_x86_64", "nodegroup.amiType", "1.30.0-2024062x", "nodegroup.releaseVersion")
    assert a.fields["ami"] == {"alias": "bottlerocket@latest"}
    assert a.report.report.unsupported == [
        "a.json: nodegroup.releaseVersion: '1.30.0-2024062x' is no bottlerocket "
        "release version: ami.alias left at bottlerocket@latest"
    ]


def test_a_custom_ami_replaces_the_alias_by_its_id_and_family_or_is_reported_without_a_family() -> None:
    a = group()
    set_ami(a, "AL2023_x86_64_STANDARD", "m.ami_type")
    set_custom_ami(a, "ami-0123", "m.ami_id", "AL2023", "m.ami_type")
    assert a.fields["ami"] == {"selectorTerms": [{"id": "ami-0123"}], "family": "AL2023"} and a.family is None
    b = group()
    set_custom_ami(b, "ami-0123", "m.ami_id", None, "m.platform")
    assert "ami" not in b.fields
    assert b.report.report.unresolved[0].startswith(
        "a.json: m.platform: the custom AMI's family (ami_type or platform)"
    )
