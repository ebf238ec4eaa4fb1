"""AWS names and ARNs on both sides: the partition of the cluster's region (as AWS's own SDK data
lists regions and partitions) in the generated manifests and in the Terraform module, and names
longer than AWS accepts rejected when the config is loaded."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import botocore
import pytest
from conftest import BASE_V1, BASE_V1ALPHA5, cluster_dict, load, objects, write_cluster
from support.input_helpers import run_bad_config
from test_terraform import aws_file_for, blocks

from karpenter_tenants.config import naming
from karpenter_tenants.config.resolved import resolve
from karpenter_tenants.synthesis.render import render_cluster

ENDPOINTS = json.loads((Path(botocore.__file__).parent / "data/endpoints.json").read_text())
REGIONS = {region: p["partition"] for p in ENDPOINTS["partitions"] for region in p["regions"]}


def in_region(region: str, base: dict[str, Any] = BASE_V1, **karpenter: Any) -> dict[str, Any]:
    data = cluster_dict(base)
    data["cluster"]["region"] = region
    data["karpenter"].update(karpenter)
    return data


def test_every_aws_region_is_accepted_and_mapped_to_its_partition(tmp_path: Path) -> None:
    assert {"aws", "aws-us-gov", "aws-cn"} <= set(REGIONS.values())
    for region, partition in sorted(REGIONS.items()):
        assert naming.partition(region) == partition, region
        load(tmp_path, in_region(region))  # the config accepts every region AWS has


@pytest.mark.parametrize("region", ["ca-central-1", "us-gov-west-1", "cn-north-1"])
def test_the_controller_role_arn_is_in_the_regions_partition(region: str, tmp_path: Path) -> None:
    """Under IRSA on the ServiceAccount; under EKS Pod Identity in the association terraform/ creates."""
    arn = f"arn:{REGIONS[region]}:iam::001234567890:role/karpenter-controller-acme"
    found = objects(render_cluster(load(tmp_path / "irsa", in_region(region, identity="irsa"))))
    assert found["base/serviceaccount-karpenter.yaml"]["metadata"]["annotations"]["eks.amazonaws.com/role-arn"] == arn
    aws = json.loads(render_cluster(load(tmp_path / "pod", in_region(region)))["aws.json"])
    assert aws["pod_identity_association"]["role_arn"] == arn


def strings(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return [value] if isinstance(value, str) else []


@pytest.mark.parametrize("base", [BASE_V1, BASE_V1ALPHA5], ids=["1.x", "0.31"])
@pytest.mark.parametrize("region", ["ca-central-1", "us-gov-west-1", "cn-north-1"])
def test_terraform_arns_are_in_the_partition_of_the_region(region: str, base: dict[str, Any], tmp_path: Path) -> None:
    """Every ARN aws.json hands terraform/ (names and policy documents) is in the region's partition, and the
    node roles trust EC2 under the partition's DNS suffix (AWS's SDK data has both)."""
    data = in_region(region, base)
    data["cluster"]["oidcProvider"] = f"oidc.eks.{region}.amazonaws.com/id/C99F50C4A2A9B6C3516F9BB73F3237D7"
    aws = json.loads(aws_file_for(write_cluster(tmp_path, data)).read_text())
    [partition] = [p for p in ENDPOINTS["partitions"] if p["partition"] == REGIONS[region]]
    assert aws["cluster"]["partition"] == partition["partition"]
    arns = [s for s in strings(aws) if s.startswith("arn:")]
    assert len(arns) > 20 and all(arn.startswith(f"arn:{partition['partition']}:") for arn in arns), arns
    [trust] = aws["iam"]["node_trust"]["Statement"]
    assert trust["Principal"] == {"Service": [f"ec2.{partition['dnsSuffix']}"]}


def test_every_partitions_dns_suffix_is_awss() -> None:
    """config/naming.json's dns_suffixes are botocore's, for every partition AWS has (and no other)."""
    listed = json.loads(naming.NAMING_FILE.read_text())["dns_suffixes"]
    assert listed == {p["partition"]: p["dnsSuffix"] for p in ENDPOINTS["partitions"]}
    assert all(naming.dns_suffix(partition) == suffix for partition, suffix in listed.items())


def test_terraform_refuses_a_provider_in_another_partition_than_the_clusters_region() -> None:
    """Every ARN of aws.json is in the partition of the cluster's region; a provider configured for another
    partition would create roles the manifests do not reference."""
    [precondition] = [
        p
        for p in blocks("resource")["aws_iam_role.controller"]["lifecycle"][0]["precondition"]
        if "local.region_partition" in p["condition"]
    ]
    assert precondition["condition"] == "${local.partition == local.region_partition}"
    assert "configure the provider for the cluster's region" in precondition["error_message"]
    from test_terraform import module_locals

    assert module_locals()["partition"] == "${data.aws_partition.current.partition}"
    assert module_locals()["region_partition"] == "${local.aws.cluster.partition}"


def test_a_role_arn_in_another_partition_than_the_region_is_a_config_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = in_region("us-gov-west-1", controllerRole={"arn": "arn:aws:iam::001234567890:role/karpenter"})
    assert run_bad_config(tmp_path, data, capsys) == [
        "acme.yaml:8: karpenter.controllerRole.arn: 'arn:aws:iam::001234567890:role/karpenter' is in partition "
        "'aws' but cluster.region us-gov-west-1 is in 'aws-us-gov': write it as 'arn:aws-us-gov:iam::...'"
    ]


# --- name lengths ---------------------------------------------------------------------------------

LONG_CLUSTER = "c" * 40  # karpenter-node-<40>-<tenant>: over 64 with any tenant name of 9 or more
LONG_TENANT = "tenant-with-a-long-name"


def long_names(base: dict[str, Any], **karpenter: Any) -> dict[str, Any]:
    data = cluster_dict(base)
    data["cluster"]["name"] = LONG_CLUSTER
    data["karpenter"].update(karpenter)
    tenant = {k: v for k, v in data["tenants"][0].items() if k not in ("nodeRole", "instanceProfile")}
    data["tenants"] = [{**tenant, "name": LONG_TENANT}]
    return data


def test_1x_names_longer_than_aws_allows_are_config_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_bad_config(tmp_path, long_names(BASE_V1), capsys) == [
        f"acme.yaml:2: cluster.name: the EventBridge rule name (naming rule interruption_rule in config/naming.json) "
        f"'karpenter-{LONG_CLUSTER}-instance-state-change' is 72 characters; AWS allows at most 64: shorten cluster.name",
        f"acme.yaml:8: tenants[0].nodeRole: the default node role name (naming rule node_role in config/naming.json) "
        f"'karpenter-node-{LONG_CLUSTER}-{LONG_TENANT}' is 79 characters; AWS allows at most 64: set "
        "tenants[0].nodeRole to a shorter name, or shorten the tenant or cluster name",
    ]


def test_031_node_roles_and_the_default_profiles_role_longer_than_aws_allows_are_config_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = long_names(BASE_V1ALPHA5)
    data["cluster"]["name"] = cluster = "c" * 50
    data["karpenter"]["defaultInstanceProfile"] = "default-profile"
    assert run_bad_config(tmp_path, data, capsys) == [
        f"acme.yaml:2: cluster.name: the EventBridge rule name (naming rule interruption_rule in config/naming.json) "
        f"'karpenter-{cluster}-instance-state-change' is 82 characters; AWS allows at most 64: shorten cluster.name",
        "acme.yaml:6: karpenter.controllerRole: the default controller role name (naming rule controller_role in "
        f"config/naming.json) 'karpenter-controller-{cluster}' is 71 characters; AWS allows at most 64: set "
        "karpenter.controllerRole.name to a shorter name or shorten cluster.name",
        "acme.yaml:8: karpenter.defaultInstanceProfile: the role of the default instance profile (naming rule "
        f"default_node_role in config/naming.json) 'karpenter-node-{cluster}-default' is 73 characters; AWS "
        "allows at most 64: set iam.defaultNodeRole or shorten cluster.name",
    ]  # the tenant runs on the default profile: no role of its own to name (issue 43)
    data["karpenter"].pop("defaultInstanceProfile")
    assert run_bad_config(tmp_path / "no-default", data, capsys)[-1] == (
        "acme.yaml:9: tenants[0].name: the name of the role in the tenant's instance profile (naming rule node_role "
        f"in config/naming.json) 'karpenter-node-{cluster}-{LONG_TENANT}' is 89 characters; AWS allows at most "
        "64: shorten the tenant or cluster name"
    )


def test_the_default_controller_role_name_is_checked_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = cluster_dict(BASE_V1)
    data["cluster"]["name"] = cluster = "c" * 63
    assert run_bad_config(tmp_path, data, capsys) == [
        f"acme.yaml:2: cluster.name: the EventBridge rule name (naming rule interruption_rule in config/naming.json) "
        f"'karpenter-{cluster}-instance-state-change' is 95 characters; AWS allows at most 64: shorten cluster.name",
        "acme.yaml:5: karpenter.controllerRole: the default controller role name (naming rule controller_role in "
        f"config/naming.json) 'karpenter-controller-{cluster}' is 84 characters; AWS allows at most 64: set "
        "karpenter.controllerRole.name to a shorter name or shorten cluster.name",
    ]


def test_names_at_the_limits_are_accepted(tmp_path: Path) -> None:
    data = cluster_dict(BASE_V1)
    data["cluster"]["name"] = (
        "c" * 23
    )  # karpenter-node-<23>-<25> = 64 characters; rules karpenter-<23>-instance-state-change: 55
    data["tenants"] = [{**data["tenants"][0], "name": "t" * 25}]
    del data["tenants"][0]["nodeRole"]
    data["karpenter"]["controllerRole"] = {"name": "r" * 64}
    data["karpenter"]["interruptionQueue"] = "q" * 80
    config = load(tmp_path, data).config
    assert len(resolve(config).node_role(config.tenants[0])) == naming.limit("iam_role") == 64
    assert naming.limit("sqs_queue") == 80 and naming.limit("instance_profile") == 128


def test_given_names_longer_than_aws_allows_are_config_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = cluster_dict(BASE_V1)
    data["karpenter"].update(controllerRole={"name": "r" * 65}, interruptionQueue="q" * 81)
    data["tenants"][0]["nodeRole"] = "n" * 65
    assert run_bad_config(tmp_path, data, capsys) == [
        f"acme.yaml:8: karpenter.controllerRole.name: '{'r' * 65}' is not an IAM role name (1-64 of letters, digits "
        "and +=,.@_-)",
        f"acme.yaml:9: karpenter.interruptionQueue: '{'q' * 81}' is not an SQS queue name (1-80 of letters, digits, "
        "'-' and '_')",
        f"acme.yaml:12: tenants[0].nodeRole: '{'n' * 65}' is not an IAM role name (1-64 of letters, digits and +=,.@_-)",
    ]
