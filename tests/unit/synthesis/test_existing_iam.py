"""Bring your own IAM (the cluster file's `iam:`): existing roles and 0.31 instance profiles that terraform/ reads
but neither creates nor owns, node roles shared only where allowed, a permissions boundary and a name prefix.
What terraform/ then does with aws.json is tested where the module is planned; here: what the generator accepts,
refuses (each with its fix) and writes into aws.json and the manifests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import BASE_V1, BASE_V1ALPHA5, cluster_dict, load, objects, write_cluster
from support.input_helpers import run_bad_config

from karpenter_tenants.commands.cli import main
from karpenter_tenants.synthesis.aws_side import aws_side
from karpenter_tenants.synthesis.render import render_cluster

TENANT = BASE_V1["tenants"][0]
CORE = "core-eks-node-group-20240101"


def brownfield(**iam: Any) -> dict[str, Any]:
    """A 1.x cluster whose controller role exists and two tenants share the core node group's role."""
    return cluster_dict(
        karpenter={"version": "1.14.1", "controllerRole": {"name": "acme-karpenter"}},
        tenants=[
            {**TENANT, "nodeRole": CORE},
            {**TENANT, "name": "beta", "nodeRole": CORE},
            {**TENANT, "name": "gamma", "nodeRole": None},
        ],
        iam=iam,
    )


def without_none(data: dict[str, Any]) -> dict[str, Any]:
    for tenant in data["tenants"]:
        for key in [k for k, v in tenant.items() if v is None]:
            del tenant[key]
    return data


def aws_of(tmp_path: Path, data: dict[str, Any]) -> dict[str, Any]:
    loaded = load(tmp_path, without_none(data))
    return aws_side(loaded.config, "acme.yaml")


def test_existing_roles_are_listed_for_terraform_with_their_arns_and_the_controller_is_not_created(
    tmp_path: Path,
) -> None:
    aws = aws_of(
        tmp_path,
        brownfield(
            existing={"roles": ["acme-karpenter", f"arn:aws:iam::001234567890:role/eks/{CORE}"]}, sharedNodeRoles=[CORE]
        ),
    )
    assert aws["controller_role"]["create"] is False
    assert aws["existing_roles"] == {
        "acme-karpenter": "arn:aws:iam::001234567890:role/acme-karpenter",
        CORE: f"arn:aws:iam::001234567890:role/eks/{CORE}",
    }
    assert aws["node_roles"] == {"alpha": CORE, "beta": CORE, "gamma": "karpenter-node-acme-gamma"}
    # the documented defaults: roles may be created, existing node roles get access entries on 1.x, PassRole per ARN
    assert aws["iam_options"] == {
        "attach_policies_to_existing": False,
        "permissions_boundary": None,
        "create_roles": True,
        "existing_node_access_entries": True,
        "pass_role": None,
        "node_role_path": "/",
        "existing_node_roles_with_access_entry": [],
    }
    # the controller may pass the shared role once, at its path, and gamma's own role
    [passing] = aws["iam"]["pass_node_roles"]
    assert passing["Statement"][0]["Resource"] == [
        f"arn:aws:iam::001234567890:role/eks/{CORE}",
        "arn:aws:iam::001234567890:role/karpenter-node-acme-gamma",
    ]


def test_the_manifests_name_the_existing_roles(tmp_path: Path) -> None:
    loaded = load(
        tmp_path, without_none(brownfield(existing={"roles": ["acme-karpenter", CORE]}, sharedNodeRoles=[CORE]))
    )
    roles = {
        o["metadata"]["name"]: o["spec"]["role"]
        for o in objects(render_cluster(loaded)).values()
        if o["kind"] == "EC2NodeClass"
    }
    assert roles == {"alpha": CORE, "beta": CORE, "gamma": "karpenter-node-acme-gamma"}


def test_a_node_role_two_tenants_share_is_refused_unless_allowed_and_existing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    [problem] = run_bad_config(
        tmp_path / "a", without_none(brownfield(existing={"roles": ["acme-karpenter", CORE]})), capsys
    )
    assert f"tenants[1].nodeRole: tenant beta shares node role '{CORE}' with tenant alpha" in problem
    assert "list the role in iam.sharedNodeRoles (and iam.existing.roles)" in problem
    [problem] = run_bad_config(
        tmp_path / "b", without_none(brownfield(existing={"roles": ["acme-karpenter"]}, sharedNodeRoles=[CORE])), capsys
    )
    assert "iam.sharedNodeRoles[0]: a shared node role outlives each tenant that uses it" in problem
    assert f"create '{CORE}' outside terraform/ and list it in iam.existing.roles" in problem


def test_existing_iam_the_file_does_not_use_is_refused_as_a_likely_typo(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = cluster_dict(iam={"existing": {"roles": ["node-alpah"]}, "sharedNodeRoles": ["node-beta"]})
    problems = run_bad_config(tmp_path, data, capsys)
    assert any(
        "iam.existing.roles[0]: 'node-alpah' is neither karpenter.controllerRole nor a tenant's nodeRole" in p
        for p in problems
    ), problems
    assert any("iam.sharedNodeRoles[0]: 'node-beta' is no tenant's nodeRole" in p for p in problems), problems


@pytest.mark.parametrize(
    ("arn", "expected"),
    [
        ("arn:aws:iam::999999999999:role/node-alpha", "is in account 999999999999, not the cluster's (001234567890)"),
        ("arn:aws-cn:iam::001234567890:role/node-alpha", "is in partition 'aws-cn', the cluster's region in 'aws'"),
    ],
)
def test_an_existing_role_arn_outside_the_clusters_account_or_partition_is_refused(
    arn: str, expected: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    [problem] = run_bad_config(tmp_path, cluster_dict(iam={"existing": {"roles": [arn]}}), capsys)
    assert "iam.existing.roles[0]: " in problem and expected in problem


def test_the_permissions_boundary_is_written_for_terraform_and_checked_for_its_partition(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    boundary = "arn:aws:iam::001234567890:policy/platform-boundary"
    assert (
        aws_of(tmp_path / "a", cluster_dict(iam={"permissionsBoundary": boundary}))["iam_options"][
            "permissions_boundary"
        ]
        == boundary
    )
    [problem] = run_bad_config(
        tmp_path / "b", cluster_dict(iam={"permissionsBoundary": boundary.replace(":aws:", ":aws-cn:")}), capsys
    )
    assert "iam.permissionsBoundary: " in problem and "write it as 'arn:aws:iam::...'" in problem
    [problem] = run_bad_config(tmp_path / "c", cluster_dict(iam={"permissionsBoundary": "platform-boundary"}), capsys)
    assert "is not an IAM policy ARN" in problem


def test_the_name_prefix_goes_before_every_default_iam_name_and_counts_towards_awss_limits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = cluster_dict(
        tenants=[{**TENANT, "name": "alpha"}, {**TENANT, "name": "beta", "nodeRole": "own-beta"}],
        iam={"namePrefix": "platform-"},
    )
    del data["tenants"][0]["nodeRole"]
    aws = aws_of(tmp_path / "a", data)
    assert aws["controller_role"]["name"] == "platform-karpenter-controller-acme"
    assert aws["node_roles"] == {"alpha": "platform-karpenter-node-acme-alpha", "beta": "own-beta"}
    legacy = cluster_dict(
        BASE_V1ALPHA5,
        karpenter={"version": "0.31.5", "defaultInstanceProfile": "default-acme"},
        tenants=[{**BASE_V1ALPHA5["tenants"][0], "instanceProfile": None}],
        iam={"namePrefix": "platform-"},
    )
    aws = aws_of(tmp_path / "b", legacy)
    assert aws["node_roles"]["(default)"] == "platform-karpenter-node-acme-default"
    long = cluster_dict(cluster={**BASE_V1["cluster"], "name": "c" * 25}, iam={"namePrefix": "p" * 32})
    [problem] = run_bad_config(tmp_path / "c", long, capsys)
    assert "the default controller role name" in problem and "AWS allows at most 64" in problem


def test_031_getting_started_iam_is_used_as_it_is(tmp_path: Path) -> None:
    """The getting-started steps of 0.31 made KarpenterNodeRole-<cluster> in KarpenterNodeInstanceProfile-<cluster>:
    the default profile and a tenant on it are taken as they are; the controller may pass exactly that role."""
    data = cluster_dict(
        BASE_V1ALPHA5,
        karpenter={
            "version": "0.31.5",
            "controllerRole": {"name": "acme-karpenter"},
            "defaultInstanceProfile": "KarpenterNodeInstanceProfile-acme",
        },
        tenants=[{**BASE_V1ALPHA5["tenants"][0], "instanceProfile": "KarpenterNodeInstanceProfile-acme"}],
        iam={
            "existing": {
                "roles": ["acme-karpenter"],
                "instanceProfiles": {"KarpenterNodeInstanceProfile-acme": "KarpenterNodeRole-acme"},
            }
        },
    )
    aws = aws_of(tmp_path, data)
    assert aws["existing_instance_profiles"] == {"KarpenterNodeInstanceProfile-acme": "KarpenterNodeRole-acme"}
    assert aws["node_roles"] == {"(default)": "KarpenterNodeRole-acme", "alpha": "KarpenterNodeRole-acme"}
    assert set(aws["existing_roles"]) == {"acme-karpenter", "KarpenterNodeRole-acme"}
    [passing] = aws["iam"]["pass_node_roles"]
    assert passing["Statement"][0]["Resource"] == ["arn:aws:iam::001234567890:role/KarpenterNodeRole-acme"]


@pytest.mark.parametrize(
    ("iam", "karpenter", "expected"),
    [
        (
            {"existing": {"instanceProfiles": {"node-alpha": "r"}}},
            {"version": "1.14.1"},
            "iam.existing.instanceProfiles: instance profiles are Karpenter 0.31's",
        ),
        (
            {"defaultNodeRole": "r"},
            {"version": "1.14.1"},
            "iam.defaultNodeRole: the role of karpenter.defaultInstanceProfile",
        ),
    ],
)
def test_031_only_iam_settings_on_1x_are_refused(
    iam: dict[str, Any], karpenter: dict[str, Any], expected: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    [problem] = run_bad_config(tmp_path, cluster_dict(karpenter=karpenter, iam=iam), capsys)
    assert expected in problem


def test_an_existing_profile_must_be_one_the_file_uses_and_must_not_hold_the_controller_role(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = cluster_dict(
        BASE_V1ALPHA5,
        iam={
            "existing": {"instanceProfiles": {"node-alpha": "karpenter-controller-acme", "unused-profile": "some-role"}}
        },
    )
    problems = run_bad_config(tmp_path, data, capsys)
    assert any(
        "iam.existing.instanceProfiles.node-alpha: 'karpenter-controller-acme' is the controller role" in p
        for p in problems
    ), problems
    assert any("iam.existing.instanceProfiles.unused-profile: 'unused-profile' is neither" in p for p in problems), (
        problems
    )


def test_two_clusters_may_name_one_existing_role_but_not_create_one_twice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    clusters = tmp_path / "clusters"
    shared = {"existing": {"roles": [CORE]}}
    first = cluster_dict(tenants=[{**TENANT, "nodeRole": CORE}], iam=shared)
    second = cluster_dict(
        cluster={**BASE_V1["cluster"], "name": "other"}, tenants=[{**TENANT, "nodeRole": CORE}], iam=shared
    )
    write_cluster(clusters, first, "acme")
    write_cluster(clusters, second, "other")
    assert main(["--clusters", str(clusters), "synth", "--out", str(tmp_path / "dist")]) == 0
    write_cluster(clusters, cluster_dict(second, iam={}), "other")
    assert (
        main(["--clusters", str(clusters), "synth", "--out", str(tmp_path / "dist")]) == 0
    )  # acme reads it, other creates it
    write_cluster(clusters, cluster_dict(first, iam={}), "acme")
    capsys.readouterr()
    assert main(["--clusters", str(clusters), "synth", "--out", str(tmp_path / "dist")]) == 2
    assert f"a node role '{CORE}' is also" in capsys.readouterr().err


def test_aws_json_with_existing_iam_is_json_terraform_reads(tmp_path: Path) -> None:
    aws = aws_of(
        tmp_path,
        brownfield(existing={"roles": ["acme-karpenter", CORE], "attachPolicies": True}, sharedNodeRoles=[CORE]),
    )
    assert json.loads(json.dumps(aws)) == aws and aws["format"] == 6
    assert aws["iam_options"]["attach_policies_to_existing"] is True


LEGACY_TENANT = BASE_V1ALPHA5["tenants"][0]


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (
            cluster_dict(
                BASE_V1ALPHA5,
                karpenter={"version": "0.31.5", "defaultInstanceProfile": "default-acme"},
                iam={"defaultNodeRole": "Karpenter-Controller-Acme"},
            ),
            "iam.defaultNodeRole: 'Karpenter-Controller-Acme', the role of the default instance profile, is the controller role",
        ),
        (
            cluster_dict(tenants=[{**TENANT, "nodeRole": "Core-Nodes"}], iam={"existing": {"roles": ["core-nodes"]}}),
            "tenants[0].nodeRole: 'Core-Nodes' is the existing role 'core-nodes' (IAM names are unique regardless of case)",
        ),
        (
            cluster_dict(
                tenants=[{**TENANT, "nodeRole": "core"}],
                iam={"existing": {"roles": ["core", "arn:aws:iam::001234567890:role/eks/core"]}},
            ),
            "iam.existing.roles[1]: 'core' is listed twice",
        ),
        (
            cluster_dict(
                karpenter={"version": "1.14.1", "controllerRole": {"arn": "arn:aws:iam::999999999999:role/k"}}
            ),
            "karpenter.controllerRole.arn: 'arn:aws:iam::999999999999:role/k' is in account 999999999999",
        ),
    ],
)
def test_iam_that_would_fail_terraform_or_isolation_is_refused(
    data: dict[str, Any], expected: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    problems = run_bad_config(tmp_path, data, capsys)
    assert any(expected in p for p in problems), problems


def test_two_clusters_may_not_share_an_existing_controller_role(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    clusters = tmp_path / "clusters"
    shared = {"existing": {"roles": ["platform-karpenter"]}}
    karpenter = {"version": "1.14.1", "controllerRole": {"name": "platform-karpenter"}}
    write_cluster(clusters, cluster_dict(karpenter=karpenter, iam=shared), "acme")
    write_cluster(
        clusters,
        cluster_dict(
            cluster={**BASE_V1["cluster"], "name": "other"},
            karpenter=karpenter,
            tenants=[{**TENANT, "nodeRole": "node-other"}],
            iam=shared,
        ),
        "other",
    )
    assert main(["--clusters", str(clusters), "synth", "--out", str(tmp_path / "dist")]) == 2
    err = capsys.readouterr().err
    assert "the controller role 'platform-karpenter' is also" in err and "give this cluster a role of its own" in err


def test_existing_roles_with_their_access_entry_are_listed_for_terraform(tmp_path: Path) -> None:
    """iam.existing.withAccessEntry: the node-group roles that have their EKS access entry (terraform/ creates none
    for them, and one for every other existing node role: tests/product/test_terraform_plan.py plans it)."""
    data = brownfield(existing={"roles": ["acme-karpenter", CORE], "withAccessEntry": [CORE]}, sharedNodeRoles=[CORE])
    aws = aws_of(tmp_path, data)
    assert aws["iam_options"]["existing_node_roles_with_access_entry"] == [CORE]
    assert aws["iam_options"]["existing_node_access_entries"] is True


def test_with_access_entry_names_an_existing_node_role(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = without_none(
        brownfield(
            existing={
                "roles": ["acme-karpenter", CORE],
                "withAccessEntry": ["node-gama", "acme-karpenter", "karpenter-node-acme-gamma"],
            },
            sharedNodeRoles=[CORE],
        )
    )
    problems = run_bad_config(tmp_path, data, capsys)
    assert any("iam.existing.withAccessEntry[0]: 'node-gama' is no tenant's node role" in p for p in problems), problems
    assert any("iam.existing.withAccessEntry[1]: 'acme-karpenter' is no tenant's node role" in p for p in problems), (
        problems
    )
    assert any(
        "iam.existing.withAccessEntry[2]: 'karpenter-node-acme-gamma' is a node role terraform/ creates" in p
        for p in problems
    ), problems


def test_check_terraform_does_not_ask_for_an_entry_a_listed_role_has() -> None:
    from karpenter_tenants.checks.terraform_outputs import without_access_entry

    aws = {
        "cluster": {"name": "acme"},
        "node_roles": {"alpha": CORE, "beta": "node-beta"},
        "existing_roles": {
            CORE: f"arn:aws:iam::001234567890:role/{CORE}",
            "node-beta": "arn:aws:iam::001234567890:role/node-beta",
        },
        "iam_options": {"existing_node_access_entries": False, "existing_node_roles_with_access_entry": [CORE]},
    }
    lines = without_access_entry(aws, {"access_entries": {}})
    assert len(lines) == 1 and lines[0].startswith("node-beta (beta): terraform/ created no EKS access entry"), lines
