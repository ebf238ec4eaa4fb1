"""What the API server refuses of the EC2NodeClass synth writes is a config error at its line: the EC2NodeClass CRD's
bounds on the node class fields (selector terms maxItems 30 and their tags maxProperties 20, blockDeviceMappings
maxItems 50, the id and ownerID patterns) and its CEL rules (one rootVolume; empty tag keys or values; subnet terms
take tags or id, no name). The bounds are the product's own constants (config.schema.node_class), held here to the
CRDs in ../shared. Hostile round 7b: c161, c162, c183-c187, c191, c197, c199; via import: xim040, xng020, xng022."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import BASE_V1, BASE_V1ALPHA5, cluster_dict, load, objects
from support.input_helpers import run_bad_config

from karpenter_tenants.config.loader import ConfigError
from karpenter_tenants.config.schema.node_class import (
    AMI_ID_PATTERN,
    CAPACITY_RESERVATION_ID_PATTERN,
    MAX_BLOCK_DEVICE_MAPPINGS,
    MAX_SELECTOR_TAGS,
    MAX_SELECTOR_TERMS,
    OWNER_ID_PATTERN,
    SECURITY_GROUP_ID_PATTERN,
    SUBNET_ID_PATTERN,
)
from karpenter_tenants.synthesis.render import render_cluster

TENANT = BASE_V1["tenants"][0]
# Every EC2NodeClass CRD in ../shared: the 1.x reference release, the newest line, the upgrade stops (v1 and v1beta1).
NODE_CLASS_CRDS = (
    "karpenter/v1.14.1/karpenter/crds/karpenter.k8s.aws_ec2nodeclasses.yaml",
    "karpenter-next/v1.15.2/crds/karpenter.k8s.aws_ec2nodeclasses.yaml",
    "karpenter-upgrade-path/v1.0.14/crds/karpenter.k8s.aws_ec2nodeclasses.yaml",
    "karpenter-upgrade-path/v0.37.8/crds/karpenter.k8s.aws_ec2nodeclasses.yaml",
)
ID_PATTERNS = {
    "amiSelectorTerms": AMI_ID_PATTERN,
    "subnetSelectorTerms": SUBNET_ID_PATTERN,
    "securityGroupSelectorTerms": SECURITY_GROUP_ID_PATTERN,
    "capacityReservationSelectorTerms": CAPACITY_RESERVATION_ID_PATTERN,
}


def _problems(tmp_path: Path, data: dict[str, Any]) -> list[str]:
    with pytest.raises(ConfigError) as raised:
        load(tmp_path, data)
    return [f"{p.path}: {p.message}" for p in raised.value.problems]


def _tenant(**fields: Any) -> dict[str, Any]:
    return cluster_dict(tenants=[{**TENANT, **fields}])


def _node_class(tmp_path: Path, data: dict[str, Any]) -> dict[str, Any]:
    found = objects(render_cluster(load(tmp_path, data)))
    [node_class] = [o for o in found.values() if o["kind"] in ("EC2NodeClass", "AWSNodeTemplate")]
    return node_class


def _disks(count: int, roots: tuple[int, ...] = (0,)) -> list[dict[str, Any]]:
    return [
        {"deviceName": f"/dev/xvd{n}", "ebs": {"volumeSize": "20Gi"}, **({"rootVolume": True} if n in roots else {})}
        for n in range(count)
    ]


@pytest.mark.parametrize("crd", NODE_CLASS_CRDS)
def test_the_bounds_are_the_ec2_node_class_crds_own(crd: str, shared: Path) -> None:
    document = yaml.safe_load((shared / crd).read_text())
    for version in document["spec"]["versions"]:
        spec = version["schema"]["openAPIV3Schema"]["properties"]["spec"]["properties"]
        for field, pattern in ID_PATTERNS.items():
            if field not in spec:  # capacity reservations: 1.3 on
                assert field == "capacityReservationSelectorTerms", (crd, field)
                continue
            assert spec[field]["maxItems"] == MAX_SELECTOR_TERMS, field
            items = spec[field]["items"]["properties"]
            assert items["id"]["pattern"] == pattern, field
            assert items["tags"]["maxProperties"] == MAX_SELECTOR_TAGS, field
            [tags_rule] = items["tags"]["x-kubernetes-validations"]
            assert tags_rule == {
                "message": "empty tag keys or values aren't supported",
                "rule": "self.all(k, k != '' && self[k] != '')",
            }, field
        if "capacityReservationSelectorTerms" in spec:
            owner = spec["capacityReservationSelectorTerms"]["items"]["properties"]["ownerID"]
            assert owner["pattern"] == OWNER_ID_PATTERN
        # a subnet term has no name (the CRD prunes it, then its rule wants tags or id); a security group's has
        assert "name" not in spec["subnetSelectorTerms"]["items"]["properties"]
        assert "name" in spec["securityGroupSelectorTerms"]["items"]["properties"]
        devices = spec["blockDeviceMappings"]
        assert devices["maxItems"] == MAX_BLOCK_DEVICE_MAPPINGS
        assert {
            "message": "must have only one blockDeviceMappings with rootVolume",
            "rule": "self.filter(x, has(x.rootVolume)?x.rootVolume==true:false).size() <= 1",
        } in devices["x-kubernetes-validations"]
        ebs = devices["items"]["properties"]["ebs"]
        assert {
            "message": "snapshotID or volumeSize must be defined",
            "rule": "has(self.snapshotID) || has(self.volumeSize)",
        } in ebs["x-kubernetes-validations"], crd


def test_an_ebs_volume_needs_a_size_or_a_snapshot_on_1x_only(tmp_path: Path) -> None:
    """Helper-found (round 7): an EBS volume with neither is refused by the EC2NodeClass CRD's rule (above); 0.31's
    AWSNodeTemplate has no such rule."""
    disks = [{"deviceName": "/dev/xvda", "rootVolume": True, "ebs": {"volumeType": "gp3"}}]
    assert _problems(tmp_path / "none", _tenant(blockDevices=disks)) == [
        "tenants[0].blockDevices[0].ebs: an EBS volume needs volumeSize or snapshotID (the EC2NodeClass CRD's rule: "
        "'snapshotID or volumeSize must be defined'): give its size, e.g. volumeSize: 100Gi"
    ]
    snapshot = [{**disks[0], "ebs": {"snapshotID": "snap-0123456789abcdef0"}}]
    node_class = _node_class(tmp_path / "snapshot", _tenant(blockDevices=snapshot))
    assert node_class["spec"]["blockDeviceMappings"][0]["ebs"]["snapshotID"] == "snap-0123456789abcdef0"
    old = {**BASE_V1ALPHA5["tenants"][0], "blockDevices": [{"deviceName": "/dev/xvda", "ebs": {"volumeType": "gp3"}}]}
    template = _node_class(tmp_path / "old", cluster_dict(BASE_V1ALPHA5, tenants=[old]))
    assert template["spec"]["blockDeviceMappings"][0]["ebs"] == {"volumeType": "gp3"}


def test_the_031_node_template_bounds_none_of_them(tmp_path: Path, shared: Path) -> None:
    """0.31's AWSNodeTemplate selects by tag maps and bounds no disks: 31 ids and 51 disks pass there; an id of the
    wrong shape is refused on 0.31 too (EC2 refuses it in `aws-ids`)."""
    path = shared / "karpenter/v0.31.5/karpenter/crds/karpenter.k8s.aws_awsnodetemplates.yaml"
    [version] = yaml.safe_load(path.read_text())["spec"]["versions"]
    spec = version["schema"]["openAPIV3Schema"]["properties"]["spec"]["properties"]
    assert spec["subnetSelector"]["type"] == "object" and "maxProperties" not in spec["subnetSelector"]
    assert "maxItems" not in spec["blockDeviceMappings"]
    tenant = {
        **BASE_V1ALPHA5["tenants"][0],
        "subnetSelector": [{"id": f"subnet-{n:08x}"} for n in range(MAX_SELECTOR_TERMS + 1)],
        "blockDevices": _disks(MAX_BLOCK_DEVICE_MAPPINGS + 1),
    }
    template = _node_class(tmp_path / "many", cluster_dict(BASE_V1ALPHA5, tenants=[tenant]))
    assert len(template["spec"]["subnetSelector"]["aws-ids"].split(",")) == MAX_SELECTOR_TERMS + 1
    assert len(template["spec"]["blockDeviceMappings"]) == MAX_BLOCK_DEVICE_MAPPINGS + 1
    tenant = {**BASE_V1ALPHA5["tenants"][0], "subnetSelector": [{"id": "sg-123"}]}
    problems = _problems(tmp_path / "shape", cluster_dict(BASE_V1ALPHA5, tenants=[tenant]))
    assert [p.split(":")[0] for p in problems] == ["tenants[0].subnetSelector[0].id"], problems


def test_c161_two_root_volumes_exit_2_at_the_second(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    [problem] = run_bad_config(tmp_path / "bad", _tenant(blockDevices=_disks(2, roots=(0, 1))), capsys)
    assert problem.startswith("acme.yaml:")
    assert (
        "tenants[0].blockDevices[1].rootVolume: blockDevices[0] is the root volume already; an EC2NodeClass has only "
        "one (the EC2NodeClass CRD's rule 'must have only one blockDeviceMappings with rootVolume')" in problem
    )
    node_class = _node_class(tmp_path / "one", _tenant(blockDevices=_disks(2, roots=(1,))))
    assert [d.get("rootVolume") for d in node_class["spec"]["blockDeviceMappings"]] == [None, True]


def test_c162_block_devices_past_50(tmp_path: Path) -> None:
    assert _problems(tmp_path / "over", _tenant(blockDevices=_disks(MAX_BLOCK_DEVICE_MAPPINGS + 1))) == [
        "tenants[0].blockDevices: 51 block devices; an EC2NodeClass holds at most 50 (the EC2NodeClass CRD's "
        "spec.blockDeviceMappings maxItems)"
    ]
    node_class = _node_class(tmp_path / "fits", _tenant(blockDevices=_disks(MAX_BLOCK_DEVICE_MAPPINGS)))
    assert len(node_class["spec"]["blockDeviceMappings"]) == MAX_BLOCK_DEVICE_MAPPINGS


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        (  # c183
            {"subnetSelector": [{"id": "sg-123"}]},
            "tenants[0].subnetSelector[0].id: 'sg-123' is not a subnet id like 'subnet-0123456789abcdef0': the "
            "EC2NodeClass CRD's pattern for spec.subnetSelectorTerms[].id is 'subnet-[0-9a-z]+'",
        ),
        (  # xng020
            {"subnetSelector": [{"tags": {"a": "b"}}, {"id": "subnet-XYZ!"}]},
            "tenants[0].subnetSelector[1].id: 'subnet-XYZ!' is not a subnet id",
        ),
        (  # c187
            {"securityGroupSelector": [{"id": "subnet-1"}]},
            "tenants[0].securityGroupSelector[0].id: 'subnet-1' is not a security group id like "
            "'sg-0123456789abcdef0': the EC2NodeClass CRD's pattern for spec.securityGroupSelectorTerms[].id is "
            "'sg-[0-9a-z]+'",
        ),
        (  # c197
            {"ami": {"family": "AL2023", "selectorTerms": [{"id": "img-1"}]}},
            "tenants[0].ami.selectorTerms[0].id: 'img-1' is not an AMI id like 'ami-0123456789abcdef0': the "
            "EC2NodeClass CRD's pattern for spec.amiSelectorTerms[].id is 'ami-[0-9a-z]+'",
        ),
        (  # c184
            {"subnetSelector": [{"name": "x"}]},
            "tenants[0].subnetSelector[0].name: only security groups are selected by name; the EC2NodeClass CRD's "
            "subnetSelectorTerms take 'tags' or 'id'",
        ),
        (  # c185
            {"subnetSelector": [{"tags": {"a": ""}}]},
            "tenants[0].subnetSelector[0].tags: tag 'a' has an empty key or value; the EC2NodeClass CRD refuses "
            'them (its rule "empty tag keys or values aren\'t supported")',
        ),
        (
            {"securityGroupSelector": [{"id": "sg-1"}, {"tags": {"": "x"}}]},
            "tenants[0].securityGroupSelector[1].tags: tag '' has an empty key or value",
        ),
        (
            {"ami": {"family": "AL2023", "selectorTerms": [{"tags": {f"k{n}": "v" for n in range(21)}}]}},
            "tenants[0].ami.selectorTerms[0].tags: 21 tags; a selector term holds at most 20",
        ),
        (  # c191
            {"capacityReservationSelector": [{"tags": {"a": "b"}, "ownerID": "01234567890"}]},
            "tenants[0].capacityReservationSelector[0].ownerID: '01234567890' is not an AWS account id of 12 digits "
            "(the EC2NodeClass CRD's pattern for spec.capacityReservationSelectorTerms[].ownerID is '^[0-9]{12}$')",
        ),
    ],
)
def test_what_the_ec2_node_class_crd_refuses_is_a_config_error(
    fields: dict[str, Any], expected: str, tmp_path: Path
) -> None:
    [problem] = _problems(tmp_path, _tenant(**fields))
    assert problem.startswith(expected), problem


@pytest.mark.parametrize(
    ("field", "term", "crd_field"),
    [
        ("subnetSelector", lambda n: {"id": f"subnet-{n:08x}"}, "subnetSelectorTerms"),  # c186, xng022
        ("securityGroupSelector", lambda n: {"id": f"sg-{n:08x}"}, "securityGroupSelectorTerms"),
        ("capacityReservationSelector", lambda n: {"id": f"cr-{n:08x}"}, "capacityReservationSelectorTerms"),
        ("ami", lambda n: {"id": f"ami-{n:08x}"}, "amiSelectorTerms"),  # c199
    ],
)
def test_more_selector_terms_than_an_ec2_node_class_holds(
    field: str, term: Any, crd_field: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def terms(count: int) -> dict[str, Any]:
        listed = [term(n) for n in range(count)]
        return {"ami": {"family": "AL2023", "selectorTerms": listed}} if field == "ami" else {field: listed}

    path = "ami.selectorTerms" if field == "ami" else field
    [problem] = run_bad_config(tmp_path / "over", _tenant(**terms(MAX_SELECTOR_TERMS + 1)), capsys)
    assert problem.startswith("acme.yaml:")
    assert (
        f"tenants[0].{path}: 31 terms; an EC2NodeClass holds at most 30 (the EC2NodeClass CRD's spec.{crd_field} "
        "maxItems)" in problem
    ), problem
    node_class = _node_class(tmp_path / "fits", _tenant(**terms(MAX_SELECTOR_TERMS)))
    assert len(node_class["spec"][crd_field]) == MAX_SELECTOR_TERMS


def test_what_the_crd_takes_is_taken_as_written_beside_what_it_refuses(tmp_path: Path) -> None:
    """Names on security groups, 12-digit owners with leading zeros, one root volume: written as given; the same
    name on a subnet term is refused."""
    fields = {
        "subnetSelector": [{"id": "subnet-0a1b2c3d4e5f60718"}, {"tags": {"tier": "private"}}],
        "securityGroupSelector": [{"name": "nodes"}, {"id": "sg-0123abc"}],
        "capacityReservationSelector": [{"tags": {"team": "alpha"}, "ownerID": "001234567890"}],
        "blockDevices": _disks(3, roots=(0,)),
    }
    spec = _node_class(tmp_path, _tenant(**fields))["spec"]
    assert spec["subnetSelectorTerms"] == [{"id": "subnet-0a1b2c3d4e5f60718"}, {"tags": {"tier": "private"}}]
    assert spec["securityGroupSelectorTerms"] == [{"name": "nodes"}, {"id": "sg-0123abc"}]
    assert spec["capacityReservationSelectorTerms"] == [{"tags": {"team": "alpha"}, "ownerID": "001234567890"}]
    for field, pattern in ID_PATTERNS.items():
        for term in spec.get(field, []):
            assert "id" not in term or re.search(pattern, term["id"]), (field, term)
    named = {**fields, "subnetSelector": [*fields["subnetSelector"], {"name": "nodes"}]}
    assert [p.split(":")[0] for p in _problems(tmp_path / "named", _tenant(**named))] == [
        "tenants[0].subnetSelector[2].name"
    ]
