"""Node disks per AMI family, as Karpenter itself would attach them, for both generations: every family's
own devices (encrypted), none for Custom unless asked, and output the API server (CRD schema and CEL) accepts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import BASE_V1, BASE_V1ALPHA5, cluster_dict, load, objects

from karpenter_tenants.checks.validate import ObjectValidator
from karpenter_tenants.config.loader import ConfigError
from karpenter_tenants.synthesis.render import render_cluster

# Karpenter's DefaultBlockDeviceMappings per family (karpenter-provider-aws pkg/providers/amifamily/*.go and
# the EC2NodeClass docs): written out here independently of the product's table.
AL = [("/dev/xvda", "20Gi", True)]
BOTTLEROCKET = [("/dev/xvda", "4Gi", False), ("/dev/xvdb", "20Gi", True)]
WINDOWS = [("/dev/sda1", "50Gi", True)]
UBUNTU = [("/dev/sda1", "20Gi", True)]

V1_CASES: dict[str, tuple[dict[str, Any], str | None, list[tuple[str, str, bool]]]] = {
    # name: (ami, amiFamily emitted, disks)
    "al2023 alias": ({"alias": "al2023@v20261101"}, None, AL),
    "al2 alias": ({"alias": "al2@v20261101"}, None, AL),
    "bottlerocket alias": ({"alias": "bottlerocket@v1.30.0"}, None, BOTTLEROCKET),
    "windows2022 alias": ({"alias": "windows2022@latest"}, None, WINDOWS),
    "windows2025 alias": ({"alias": "windows2025@latest"}, None, WINDOWS),
    "bottlerocket AMIs by id": (
        {"family": "Bottlerocket", "selectorTerms": [{"id": "ami-0123456789abcdef0"}]},
        "Bottlerocket",
        BOTTLEROCKET,
    ),
    "ubuntu AMIs by id (v1 migration guide: AL2 user data)": (
        {"family": "Ubuntu", "selectorTerms": [{"id": "ami-0123456789abcdef0"}]},
        "AL2",
        UBUNTU,
    ),
    "custom AMIs by id": ({"family": "Custom", "selectorTerms": [{"id": "ami-0123456789abcdef0"}]}, "Custom", []),
    "custom beside an alias": ({"family": "Custom", "alias": "al2023@v20261101"}, "Custom", []),
}


def disks(node_class: dict[str, Any]) -> list[tuple[str, str, bool]]:
    return [
        (m["deviceName"], m["ebs"]["volumeSize"], bool(m.get("rootVolume")))
        for m in node_class["spec"].get("blockDeviceMappings") or []
    ]


def node_class(tmp_path: Path, data: dict[str, Any]) -> dict[str, Any]:
    found = objects(render_cluster(load(tmp_path, data)))
    return next(
        obj
        for path, obj in found.items()
        if path.startswith("tenants/alpha/")
        and "Node" in obj["kind"]
        and obj["kind"] in ("EC2NodeClass", "AWSNodeTemplate")
    )


def accepted(obj: dict[str, Any], shared: Path, kubernetes: str) -> list[str]:
    return [str(f) for f in ObjectValidator(shared, kubernetes).check(obj)]


@pytest.mark.parametrize("case", sorted(V1_CASES))
def test_1x_node_classes_get_their_ami_familys_own_encrypted_disks(case: str, tmp_path: Path, shared: Path) -> None:
    ami, family, expected = V1_CASES[case]
    found = node_class(tmp_path, cluster_dict(tenants=[{**BASE_V1["tenants"][0], "ami": ami}]))
    assert found["spec"].get("amiFamily") == family
    assert disks(found) == expected
    assert all(m["ebs"]["encrypted"] is True for m in found["spec"].get("blockDeviceMappings") or [])
    assert accepted(found, shared, "1.33") == []


V1ALPHA5_CASES: dict[str, tuple[str | None, list[tuple[str, str, bool]]]] = {
    "default family AL2": (None, AL),
    "Bottlerocket": ("Bottlerocket", BOTTLEROCKET),
    "Ubuntu": ("Ubuntu", UBUNTU),
    "Windows2022": ("Windows2022", WINDOWS),
    "Custom": ("Custom", []),
}


@pytest.mark.parametrize("case", sorted(V1ALPHA5_CASES))
def test_031_node_templates_get_their_ami_familys_own_encrypted_disks(case: str, tmp_path: Path, shared: Path) -> None:
    family, expected = V1ALPHA5_CASES[case]
    tenant = {**BASE_V1ALPHA5["tenants"][0], "ami": {"family": family} if family else {}}
    found = node_class(tmp_path, cluster_dict(BASE_V1ALPHA5, tenants=[tenant]))
    assert found["spec"]["amiFamily"] == (family or "AL2")
    assert [(d, s) for d, s, _ in disks(found)] == [(d, s) for d, s, _ in expected]  # v1alpha5 has no rootVolume flag
    assert all(m["ebs"]["encrypted"] is True for m in found["spec"].get("blockDeviceMappings") or [])
    assert accepted(found, shared, "1.28") == []


def test_root_volume_settings_size_the_familys_root_device_and_encrypt_every_device(tmp_path: Path) -> None:
    tenant = {
        **BASE_V1["tenants"][0],
        "ami": {"alias": "bottlerocket@v1.30.0"},
        "rootVolume": {"size": "100Gi", "type": "gp2", "kmsKeyId": "arn:aws:kms:ca-central-1:001234567890:key/k"},
    }
    found = node_class(tmp_path, cluster_dict(tenants=[tenant]))
    assert disks(found) == [("/dev/xvda", "4Gi", False), ("/dev/xvdb", "100Gi", True)]
    for mapping in found["spec"]["blockDeviceMappings"]:
        assert mapping["ebs"]["volumeType"] == "gp2"
        assert mapping["ebs"]["kmsKeyID"] == "arn:aws:kms:ca-central-1:001234567890:key/k"


def test_a_custom_ami_gets_a_root_volume_only_with_its_device_name(tmp_path: Path) -> None:
    ami = {"family": "Custom", "selectorTerms": [{"id": "ami-0123456789abcdef0"}]}
    tenant = {**BASE_V1["tenants"][0], "ami": ami, "rootVolume": {"deviceName": "/dev/xvda", "size": "30Gi"}}
    assert disks(node_class(tmp_path / "a", cluster_dict(tenants=[tenant]))) == [("/dev/xvda", "30Gi", True)]
    with pytest.raises(ConfigError) as error:
        load(tmp_path / "b", cluster_dict(tenants=[{**tenant, "rootVolume": {"size": "30Gi"}}]))
    assert [p.message for p in error.value.problems] == [
        "rootVolume with ami.family Custom needs rootVolume.deviceName: Custom AMIs have no default root device "
        "(e.g. '/dev/xvda'), or remove rootVolume to keep the AMI's own disks"
    ]


def test_an_alias_implies_its_family_so_another_family_beside_it_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as error:
        load(
            tmp_path,
            cluster_dict(tenants=[{**BASE_V1["tenants"][0], "ami": {"alias": "al2023@v20261101", "family": "AL2023"}}]),
        )
    assert [p.message for p in error.value.problems] == [
        "ami.family on 1.x goes with ami.selectorTerms, or is 'Custom' beside an alias (no user data merged); an "
        "alias implies its family, so remove ami.family or use 'Custom'"
    ]


def test_ubuntu_on_1x_warns_that_upstream_does_not_promise_al2_user_data_compatibility(tmp_path: Path) -> None:
    ami = {"family": "Ubuntu", "selectorTerms": [{"id": "ami-0123456789abcdef0"}]}
    loaded = load(tmp_path, cluster_dict(tenants=[{**BASE_V1["tenants"][0], "ami": ami}]))
    assert any("Karpenter 1.x has no Ubuntu family" in w for w in loaded.warnings)


def test_selector_terms_raise_no_latest_alias_warning(tmp_path: Path) -> None:
    ami = {"family": "AL2023", "selectorTerms": [{"tags": {"team": "platform"}}]}
    loaded = load(tmp_path, cluster_dict(tenants=[{**BASE_V1["tenants"][0], "ami": ami}]))
    assert not [w for w in loaded.warnings if "@latest" in w or "al2023@latest" in w]
