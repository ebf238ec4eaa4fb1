"""The organisation's IAM rules in the cluster file (config/rules/iam.py, synthesis/iam_policies.py): iam.createRoles
false (terraform/ creates no role; a tenant without an existing one is refused at its line), iam.passRole (one
PassRole grant on a role ARN pattern that no tenant changes, matched as IAM matches resource ARNs) and
iam.existing.accessEntries in aws.json. What terraform/ plans from it: tests/product/test_terraform_plan.py."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import BASE_V1, BASE_V1ALPHA5, cluster_dict, load
from support.input_helpers import run_bad_config

from karpenter_tenants.synthesis.aws_side import aws_side

ACCOUNT = BASE_V1["cluster"]["accountId"]
AMI = {"alias": "al2023@v20261101"}


def role(name: str, path: str = "/") -> str:
    return f"arn:aws:iam::{ACCOUNT}:role{path}{name}"


def iam_matches(pattern: str, arn: str) -> bool:
    """IAM's matching of a Resource ARN with wildcards, as AWS documents it (IAM JSON policy elements: Resource):
    `*` any combination of zero or more characters, `/` included; `?` any single character; case-sensitive."""
    regex = "".join(".*" if c == "*" else "." if c == "?" else re.escape(c) for c in pattern)
    return re.fullmatch(regex, arn, re.DOTALL) is not None


def tenants(count: int, prefix: str | None = None) -> list[dict[str, Any]]:
    return [
        {"name": f"t{i:02}", "ami": AMI, **({"nodeRole": f"{prefix}t{i:02}"} if prefix else {})} for i in range(count)
    ]


def aws_of(tmp_path: Path, data: dict[str, Any]) -> dict[str, Any]:
    return aws_side(load(tmp_path, data).config, "acme.yaml")


def problems(tmp_path: Path, data: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> list[str]:
    return run_bad_config(tmp_path, data, capsys)


def line_of(data: dict[str, Any], needle: str) -> int:
    """The 1-based line of the first line of the file (as write_cluster writes it) that contains needle."""
    text = yaml.safe_dump(data, sort_keys=False).splitlines()
    return next(number for number, line in enumerate(text, 1) if needle in line)


# --- iam.createRoles: false -----------------------------------------------------------------------------------------


def no_roles(*tenant_list: dict[str, Any], existing: list[str] | None = None) -> dict[str, Any]:
    return cluster_dict(
        karpenter={"version": "1.14.1", "controllerRole": {"name": "platform-karpenter"}},
        tenants=list(tenant_list),
        iam={"createRoles": False, "existing": {"roles": existing or ["platform-karpenter"]}},
    )


def test_with_create_roles_false_every_role_is_existing_and_aws_json_creates_none(tmp_path: Path) -> None:
    data = no_roles(
        {"name": "alpha", "nodeRole": "node-alpha", "ami": AMI},
        {"name": "beta", "nodeRole": "node-beta", "ami": AMI},
        existing=["platform-karpenter", "node-alpha", "node-beta"],
    )
    aws = aws_of(tmp_path, data)
    assert aws["iam_options"]["create_roles"] is False
    assert aws["controller_role"]["create"] is False
    assert set(aws["node_roles"].values()) <= set(aws["existing_roles"]), "no node role left for terraform/ to create"


def test_with_create_roles_false_a_tenant_without_a_node_role_is_refused_at_its_line_naming_it_and_the_fix(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = no_roles(
        {"name": "alpha", "nodeRole": "node-alpha", "ami": AMI},
        {"name": "gamma", "ami": AMI},
        existing=["platform-karpenter", "node-alpha"],
    )
    [problem] = problems(tmp_path, data, capsys)
    assert problem.startswith(f"acme.yaml:{line_of(data, 'name: gamma')}: tenants[1].nodeRole: "), problem
    assert "tenant gamma has no existing node role (the default name would be 'karpenter-node-acme-gamma')" in problem
    assert "iam.createRoles is false (terraform/ creates no IAM role)" in problem
    assert (
        "create its role outside Terraform, set tenants[1].nodeRole to its name and list it in iam.existing.roles"
        in problem
    )


def test_with_create_roles_false_a_node_role_or_controller_role_not_listed_as_existing_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = no_roles({"name": "alpha", "nodeRole": "node-alpha", "ami": AMI}, existing=["node-alpha"])
    data["tenants"].append({"name": "beta", "nodeRole": "node-beta", "ami": AMI})
    found = problems(tmp_path, data, capsys)
    assert len(found) == 2, found
    controller = next(p for p in found if ": karpenter.controllerRole: " in p)
    assert "the controller role 'platform-karpenter' is not in iam.existing.roles" in controller
    beta = next(p for p in found if ": tenants[1].nodeRole: " in p)
    assert beta.startswith(f"acme.yaml:{line_of(data, 'nodeRole: node-beta')}:")
    assert (
        "tenant beta's node role 'node-beta' is not an existing one" in beta and "list it in iam.existing.roles" in beta
    )


def test_with_create_roles_false_on_0_31_a_tenant_needs_an_existing_instance_profile(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = cluster_dict(
        BASE_V1ALPHA5,
        karpenter={"version": "0.31.5", "controllerRole": {"name": "platform-karpenter"}},
        iam={"createRoles": False, "existing": {"roles": ["platform-karpenter"]}},
    )
    data["cluster"]["oidcProvider"] = "oidc.eks.ca-central-1.amazonaws.com/id/C99F50C4A2A9B6C3516F9BB73F3237D7"
    found = problems(tmp_path, data, capsys)
    assert found and all(": tenants[" in p and "give it an instance profile that exists" in p for p in found), found


# --- iam.passRole -----------------------------------------------------------------------------------------------------


PREFIX = {"passRole": {"namePrefix": "platform-karpenter-node-acme-"}, "namePrefix": "platform-"}


@pytest.mark.parametrize("count", [1, 2, 40, 120])
def test_a_pass_role_prefix_grants_one_pattern_that_no_tenant_changes_and_every_tenants_role_matches(
    count: int, tmp_path: Path
) -> None:
    aws = aws_of(tmp_path, cluster_dict(tenants=tenants(count), iam=PREFIX))
    pattern = f"arn:aws:iam::{ACCOUNT}:role/platform-karpenter-node-acme-*"
    assert aws["iam_options"]["pass_role"] == pattern
    [document] = aws["iam"]["pass_node_roles"]
    [statement] = document["Statement"]
    assert statement["Resource"] == [pattern] and statement["Action"] == ["iam:PassRole"]
    assert statement["Condition"] == {
        "StringEquals": {"iam:PassedToService": ["ec2.amazonaws.com", "ec2.amazonaws.com.cn"]}
    }
    assert aws["policy_names"]["pass_node_roles"] == ["platform-karpenter-controller-acme-pass-node-roles-0"]
    assert len(aws["node_role_arns"]) == count
    assert all(iam_matches(pattern, arn) for arn in aws["node_role_arns"].values())
    # outside the prefix: the controller, another cluster's node roles, a role named like it at a deeper path is not
    for outside in (
        aws["controller_role"]["arn"],
        role("platform-karpenter-node-other-t00"),
        role("karpenter-node-acme-t00"),
        role("Platform-karpenter-node-acme-t00"),
    ):
        assert not iam_matches(pattern, outside), outside


def test_the_pass_role_policy_is_the_same_bytes_for_any_set_of_tenants(tmp_path: Path) -> None:
    few = aws_of(tmp_path / "few", cluster_dict(tenants=tenants(2), iam=PREFIX))
    many = aws_of(tmp_path / "many", cluster_dict(tenants=tenants(40)[5:], iam=PREFIX))
    assert few["iam"]["pass_node_roles"] == many["iam"]["pass_node_roles"]
    assert few["policy_names"] == many["policy_names"]
    # without a scope it changes with every tenant
    plain = [aws_of(tmp_path / f"plain{n}", cluster_dict(tenants=tenants(n)))["iam"]["pass_node_roles"] for n in (2, 3)]
    assert plain[0] != plain[1]


def test_a_pass_role_path_creates_node_roles_at_the_path_and_grants_below_it(tmp_path: Path) -> None:
    data = cluster_dict(
        tenants=[{"name": "alpha", "ami": AMI}, {"name": "beta", "nodeRole": "core-nodes", "ami": AMI}],
        iam={"passRole": {"path": "/karpenter/acme/"}, "existing": {"roles": [role("core-nodes", "/karpenter/acme/")]}},
    )
    aws = aws_of(tmp_path, data)
    pattern = f"arn:aws:iam::{ACCOUNT}:role/karpenter/acme/*"
    assert aws["iam_options"]["pass_role"] == pattern and aws["iam_options"]["node_role_path"] == "/karpenter/acme/"
    assert aws["node_role_arns"] == {
        "karpenter-node-acme-alpha": role("karpenter-node-acme-alpha", "/karpenter/acme/"),
        "core-nodes": role("core-nodes", "/karpenter/acme/"),
    }
    assert all(iam_matches(pattern, arn) for arn in aws["node_role_arns"].values())
    for outside in (
        role("karpenter-node-acme-alpha"),
        role("x", "/karpenter/acme-other/"),
        role("x", "/karpenter/"),
        aws["controller_role"]["arn"],
    ):
        assert not iam_matches(pattern, outside), outside
    assert iam_matches(pattern, role("x", "/karpenter/acme/deeper/")), "IAM's * crosses /: paths below match too"


def test_a_node_role_outside_the_pass_role_scope_is_refused_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = cluster_dict(
        tenants=[{"name": "alpha", "ami": AMI}, {"name": "beta", "nodeRole": "legacy-beta", "ami": AMI}], iam=PREFIX
    )
    [problem] = problems(tmp_path, data, capsys)
    assert problem.startswith(f"acme.yaml:{line_of(data, 'nodeRole: legacy-beta')}: tenants[1].nodeRole: ")
    assert (
        f"tenant beta's node role '{role('legacy-beta')}' does not match iam.passRole's "
        f"'arn:aws:iam::{ACCOUNT}:role/platform-karpenter-node-acme-*'"
    ) in problem
    assert "give it a role whose name starts with 'platform-karpenter-node-acme-'" in problem


def test_an_existing_node_role_listed_by_name_under_a_pass_role_path_is_refused_saying_to_give_its_arn(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = cluster_dict(
        tenants=[{"name": "alpha", "nodeRole": "core-nodes", "ami": AMI}],
        iam={"passRole": {"path": "/karpenter/acme/"}, "existing": {"roles": ["core-nodes"]}},
    )
    [problem] = problems(tmp_path, data, capsys)
    assert ": tenants[0].nodeRole: " in problem
    assert "list it in iam.existing.roles by its ARN, which must be at path /karpenter/acme/" in problem


def test_a_pass_role_scope_the_controller_role_falls_in_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = cluster_dict(
        iam={"passRole": {"namePrefix": "node-"}},
        karpenter={"version": "1.14.1", "controllerRole": {"name": "node-controller"}},
    )
    [problem] = problems(tmp_path, data, capsys)
    assert ": iam.passRole: the controller role 'arn:aws:iam::001234567890:role/node-controller' matches" in problem
    assert "could pass its own role to EC2" in problem


@pytest.mark.parametrize(
    ("scope", "message"),
    [
        ({}, "set namePrefix or a path other than '/'"),
        ({"path": "karpenter/"}, "is not an IAM path like '/karpenter/acme/'"),
        ({"path": "/a*/"}, "is not an IAM path"),
        ({"namePrefix": "node-*"}, "is not a role name prefix"),
    ],
)
def test_a_pass_role_scope_that_is_no_scope_or_holds_wildcards_is_refused(
    scope: dict[str, str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    [problem] = problems(tmp_path, cluster_dict(iam={"passRole": scope}), capsys)
    assert "iam.passRole" in problem and message in problem, problem


# --- iam.existing.accessEntries --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("base", "setting", "expected"),
    [
        (BASE_V1, None, True),
        (BASE_V1, False, False),
        (BASE_V1ALPHA5, None, False),
        (BASE_V1ALPHA5, True, True),
    ],
    ids=["1.x default on", "1.x off", "0.31 default off", "0.31 on"],
)
def test_existing_node_access_entries_default_on_for_1x_only(
    base: dict[str, Any], setting: bool | None, expected: bool, tmp_path: Path
) -> None:
    data = cluster_dict(base, iam={"existing": {} if setting is None else {"accessEntries": setting}})
    if base is BASE_V1ALPHA5:
        data["cluster"]["oidcProvider"] = "oidc.eks.ca-central-1.amazonaws.com/id/C99F50C4A2A9B6C3516F9BB73F3237D7"
    assert aws_of(tmp_path, data)["iam_options"]["existing_node_access_entries"] is expected
