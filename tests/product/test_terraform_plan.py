"""terraform/ planned by the real OpenTofu CLI: `tofu init` and `tofu plan` of a root module that calls the module
with the generator's aws.json, against a stand-in for the AWS provider (tests/terraform_plan/aws-provider: the real
provider's names and types; what AWS assigns unknown at plan time, as the real one plans; existing roles and instance
profiles read from a world file, failing as AWS does for a missing one). Every expression, count, for_each,
precondition, postcondition, moved block and output of the module is evaluated here, as `terraform plan` would.

Both binaries are built from pinned Go modules on first use and cached (tests/terraform_plan/runner.py); a machine
without Go fails these tests naming it."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import BASE_V1, BASE_V1ALPHA5, cluster_dict, write_cluster
from terraform_plan.runner import Phases, Plan, Root, Tofu, pinned
from test_terraform import CASES, aws_file_for, case_aws

PHASES = Phases("terraform-plan")
ACCOUNT = BASE_V1["cluster"]["accountId"]
OIDC = "oidc.eks.ca-central-1.amazonaws.com/id/C99F50C4A2A9B6C3516F9BB73F3237D7"
SUBNETS = ["subnet-0a1b2c3d4e5f60718", "subnet-0f1e2d3c4b5a69788"]
NODE_SG = "sg-0123456789abcdef0"
CLUSTER_SG = "sg-0fedcba9876543210"


@pytest.fixture(scope="session")
def tofu(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Iterator[Tofu]:
    with PHASES("binaries (built or cached)"):
        built = Tofu(PHASES, tmp_path_factory.mktemp("tofu"))
    yield built
    reporter = request.config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:
        reporter.write_line(f"\n[terraform-plan] {pinned()}; " + "; ".join(PHASES.built))


def test_without_go_the_suite_fails_naming_go_and_what_it_builds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KARPENTER_TENANTS_E2E_GO", str(tmp_path / "no-go"))
    monkeypatch.setenv("KARPENTER_TENANTS_E2E_CACHE", str(tmp_path / "cache"))
    with pytest.raises(RuntimeError) as failure:
        Tofu(Phases("terraform-plan"), tmp_path / "work")
    assert "the suite builds tofu with Go, and no `go` was found" in str(failure.value)


def aws_file(folder: Path, data: dict[str, Any]) -> Path:
    """The generator's aws.json for a cluster file of `data` (written under folder/clusters)."""
    return aws_file_for(write_cluster(folder / "clusters", data))


def root_for(
    tofu: Tofu, tmp_path: Path, data: dict[str, Any], world: dict[str, Any] | None = None, **arguments: Any
) -> Root:
    return tofu.root(tmp_path / "root", aws_file(tmp_path, data), world, **arguments)


def aws_of(root: Root) -> dict[str, Any]:
    return json.loads(Path(root.arguments["aws_file"]).read_text())


def role_arn(name: str, path: str = "/", partition: str = "aws") -> str:
    return f"arn:{partition}:iam::{ACCOUNT}:role{path}{name}"


def trust(*services: str, federated: str | None = None) -> dict[str, Any]:
    """A trust policy document as AWS returns it for a role trusting these services (and an OIDC provider)."""
    statements: list[dict[str, Any]] = [
        {"Effect": "Allow", "Principal": {"Service": service}, "Action": ["sts:AssumeRole", "sts:TagSession"]}
        for service in services
    ]
    if federated:
        statements.append(
            {"Effect": "Allow", "Principal": {"Federated": federated}, "Action": "sts:AssumeRoleWithWebIdentity"}
        )
    return {"Version": "2012-10-17", "Statement": statements}


def existing_role(name: str, *services: str, path: str = "/", federated: str | None = None) -> dict[str, Any]:
    return {name: {"arn": role_arn(name, path), "assume_role_policy": trust(*services, federated=federated)}}


def world(*roles: dict[str, Any], instance_profiles: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"roles": {k: v for role in roles for k, v in role.items()}, "instance_profiles": instance_profiles or {}}


def two_tenants(base: dict[str, Any] = BASE_V1, **sections: Any) -> dict[str, Any]:
    return cluster_dict(
        base,
        tenants=[
            {"name": "alpha", "ami": {"alias": "al2023@v20261101"}},
            {"name": "beta", "ami": {"alias": "al2023@v20261101"}},
        ],
        **sections,
    )


def failed_with(plan: Plan, text: str) -> str:
    """The plan failed, and one of its errors says `text`; that error."""
    assert not plan.ok, "the plan succeeded, expected it to fail with: " + text
    matching = [error for error in plan.errors if text in error]
    assert matching, f"no error says {text!r}; the errors:\n" + "\n".join(plan.errors or [plan.log[-4000:]])
    return matching[0]


def managed_policy_arns(aws: dict[str, Any]) -> list[str]:
    return aws["iam"]["node_managed_policy_arns"]


# --- the default: everything created ------------------------------------------------------------------------------


def test_a_default_1x_cluster_creates_the_controller_role_one_node_role_and_access_entry_per_tenant_and_the_pass_role_policies(
    tofu: Tofu, tmp_path: Path
) -> None:
    root = root_for(tofu, tmp_path, two_tenants(), subnet_ids=SUBNETS, node_security_group_id=NODE_SG)
    plan = root.plan()
    aws = aws_of(root)
    node_attachments = {
        f'aws_iam_role_policy_attachment.node["{tenant} {arn}"]'
        for tenant in ("alpha", "beta")
        for arn in managed_policy_arns(aws)
    }
    assert len(node_attachments) == 8
    rules = {
        f'aws_cloudwatch_event_{kind}.interruption["{key}"]'
        for kind in ("rule", "target")
        for key in ("health", "spot-interruption", "rebalance", "instance-state-change", "capacity-reservation")
    }
    assert plan.created() == {
        "aws_iam_role.controller[0]",
        "aws_iam_role_policy.controller[0]",
        "aws_eks_pod_identity_association.controller[0]",
        "aws_iam_policy.pass_node_roles[0]",
        "aws_iam_role_policy_attachment.pass_node_roles[0]",
        'aws_iam_role.node["alpha"]',
        'aws_iam_role.node["beta"]',
        'aws_eks_access_entry.node["alpha"]',
        'aws_eks_access_entry.node["beta"]',
        "aws_sqs_queue.interruption",
        "aws_sqs_queue_policy.interruption",
        *[f'aws_ec2_tag.subnet_discovery["{subnet}"]' for subnet in SUBNETS],
        "aws_ec2_tag.security_group_discovery[0]",
        *node_attachments,
        *rules,
    }
    assert plan.actions().keys() == plan.created(), "a first plan only creates"
    assert plan.warnings == []

    controller = plan.after("aws_iam_role.controller[0]")
    assert (controller["name"], controller["path"]) == ("karpenter-controller-acme", "/")
    assert json.loads(controller["assume_role_policy"]) == aws["iam"]["controller_trust"]
    assert controller["permissions_boundary"] is None
    # what AWS assigns is unknown until apply, as the real provider plans it
    assert {"arn", "id", "unique_id"} <= {k for k, v in plan.unknown("aws_iam_role.controller[0]").items() if v is True}
    assert json.loads(plan.after("aws_iam_role_policy.controller[0]")["policy"]) == aws["iam"]["controller_policy"]
    assert json.loads(plan.after("aws_iam_policy.pass_node_roles[0]")["policy"]) == aws["iam"]["pass_node_roles"][0]
    assert plan.after("aws_iam_policy.pass_node_roles[0]")["name"] == "karpenter-controller-acme-pass-node-roles-0"
    for tenant in ("alpha", "beta"):
        node = plan.after(f'aws_iam_role.node["{tenant}"]')
        assert node["name"] == aws["node_roles"][tenant] == f"karpenter-node-acme-{tenant}"
        assert json.loads(node["assume_role_policy"]) == aws["iam"]["node_trust"]
        assert node["tags"] == {"karpenter.sh/discovery": "acme", "tenant": tenant}
        entry = plan.after(f'aws_eks_access_entry.node["{tenant}"]')
        assert (entry["cluster_name"], entry["type"]) == ("acme", "EC2_LINUX")
        attachment = plan.after(f'aws_iam_role_policy_attachment.node["{tenant} {managed_policy_arns(aws)[0]}"]')
        assert attachment["role"] == f"karpenter-node-acme-{tenant}"
    association = plan.after("aws_eks_pod_identity_association.controller[0]")
    assert (association["namespace"], association["service_account"]) == ("karpenter", "karpenter")
    assert plan.after("aws_sqs_queue.interruption")["name"] == aws["interruption_queue"]

    outputs = plan.output()
    assert outputs["node_role_names"] == {"alpha": "karpenter-node-acme-alpha", "beta": "karpenter-node-acme-beta"}
    assert outputs["existing_iam"] == {"roles": {}, "instance_profiles": {}}
    assert outputs["policies_to_attach"] == {}
    assert outputs["instance_profile_names"] == {} and outputs["default_instance_profile_name"] is None
    assert plan.output_unknown()["controller_role_arn"] is True


def world_of(aws: dict[str, Any]) -> dict[str, Any]:
    """A world in which the IAM aws.json names as existing exists as it should: each role at its ARN trusting what
    uses it (the controller's: EKS Pod Identity, and the OIDC provider when aws.json names one; a node role: EC2),
    each instance profile holding its role."""
    controller = aws["controller_role"]["name"]
    oidc = aws["cluster"]["oidc_provider_arn"]
    roles = {
        name: {
            "arn": arn,
            "assume_role_policy": trust("pods.eks.amazonaws.com", federated=oidc)
            if name == controller
            else trust("ec2.amazonaws.com"),
        }
        for name, arn in aws["existing_roles"].items()
    }
    return {
        "roles": roles,
        "instance_profiles": {name: {"role": role} for name, role in aws["existing_instance_profiles"].items()},
    }


@pytest.mark.parametrize("case", sorted(CASES))
def test_every_aws_json_case_of_the_static_tests_plans_or_fails_with_the_modules_message(
    case: str, tofu: Tofu, tmp_path: Path
) -> None:
    aws = case_aws(case, tmp_path)
    path = tmp_path / "aws.json"
    path.write_text(json.dumps(aws))
    root = tofu.root(
        tmp_path / "root",
        path,
        world_of(aws),
        subnet_ids=SUBNETS,
        node_security_group_id=NODE_SG,
        cluster_security_group_id=CLUSTER_SG,
    )
    plan = root.plan()
    if case == "irsa without an OIDC provider":
        failed_with(plan, "has identity irsa but no cluster.oidc_provider")
        return
    created = plan.created()
    assert plan.actions().keys() == created, "a first plan only creates"

    def created_of(prefix: str) -> set[str]:
        return {a for a in created if a.startswith(prefix)}

    existing = aws["existing_roles"]
    attach = aws["controller_role"]["create"] or aws["iam_options"]["attach_policies_to_existing"]
    assert created_of("aws_iam_role.node[") == {
        f'aws_iam_role.node["{key}"]' for key, role in aws["node_roles"].items() if role not in existing
    }
    assert created_of("aws_iam_role.controller") == (
        {"aws_iam_role.controller[0]"} if aws["controller_role"]["create"] else set()
    )
    assert created_of("aws_iam_role_policy.controller") == ({"aws_iam_role_policy.controller[0]"} if attach else set())
    assert created_of("aws_iam_policy.pass_node_roles") == (
        {f"aws_iam_policy.pass_node_roles[{i}]" for i in range(len(aws["iam"]["pass_node_roles"]))} if attach else set()
    )
    assert ("aws_vpc_security_group_ingress_rule.webhook[0]" in created) == (
        aws["karpenter"]["generation"] == "v1alpha5"
    )
    assert created_of("aws_iam_instance_profile.tenant") == {
        f'aws_iam_instance_profile.tenant["{key}"]'
        for key, profile in aws["instance_profiles"].items()
        if profile not in aws["existing_instance_profiles"]
    }
    assert ("aws_iam_instance_profile.default[0]" in created) == (
        aws["default_instance_profile"] is not None
        and aws["default_instance_profile"] not in aws["existing_instance_profiles"]
    )
    assert ("aws_eks_pod_identity_association.controller[0]" in created) == (
        aws["karpenter"]["identity"] == "podIdentity"
    )
    # existing node roles' access entries as aws.json says (iam.existing.accessEntries), each role once
    existing_nodes = set(aws["node_roles"].values()) & set(existing)
    assert created_of("aws_eks_access_entry.existing_node") == (
        {f'aws_eks_access_entry.existing_node["{role}"]' for role in existing_nodes}
        if aws["iam_options"]["existing_node_access_entries"]
        else set()
    )
    for role in existing_nodes if aws["iam_options"]["existing_node_access_entries"] else ():
        assert plan.after(f'aws_eks_access_entry.existing_node["{role}"]')["principal_arn"] == existing[role]
    boundary = aws["iam_options"]["permissions_boundary"]
    for address in created_of("aws_iam_role."):
        assert plan.after(address)["permissions_boundary"] == boundary
        assert plan.after(address)["path"] == (
            aws["controller_role"]["path"] if "controller" in address else aws["iam_options"]["node_role_path"]
        )
    if not aws["iam_options"]["create_roles"]:
        assert not created_of("aws_iam_role."), "iam.createRoles false: no role created"
    outputs = plan.output()
    assert outputs["node_role_names"] == aws["node_roles"]
    assert outputs["existing_iam"] == {"roles": existing, "instance_profiles": aws["existing_instance_profiles"]}
    assert bool(outputs["policies_to_attach"]) == (
        bool(existing) and not aws["iam_options"]["attach_policies_to_existing"]
    )


# --- existing IAM ---------------------------------------------------------------------------------------------------


def existing_controller_and_alpha(attach: bool) -> dict[str, Any]:
    return cluster_dict(
        iam={
            "existing": {"roles": ["platform-karpenter", role_arn("KarpenterNodeRole-acme")], "attachPolicies": attach}
        },
        karpenter={"version": "1.14.1", "controllerRole": {"name": "platform-karpenter"}},
        tenants=[
            {"name": "alpha", "nodeRole": "KarpenterNodeRole-acme", "ami": {"alias": "al2023@v20261101"}},
            {"name": "beta", "ami": {"alias": "al2023@v20261101"}},
        ],
    )


EXISTING = world(
    existing_role("platform-karpenter", "pods.eks.amazonaws.com"),
    existing_role("KarpenterNodeRole-acme", "ec2.amazonaws.com"),
)


def test_an_existing_controller_role_and_existing_node_role_are_read_not_created_and_not_attached_to(
    tofu: Tofu, tmp_path: Path
) -> None:
    root = root_for(tofu, tmp_path, existing_controller_and_alpha(attach=False), EXISTING)
    plan = root.plan()
    aws = aws_of(root)
    created = plan.created()
    assert not {
        a
        for a in created
        if a.startswith(
            (
                "aws_iam_role.controller",
                "aws_iam_role_policy.controller",
                "aws_iam_policy.pass_node_roles",
                "aws_iam_role_policy_attachment.pass_node_roles",
                "aws_iam_role_policy_attachment.existing_node",
            )
        )
    }
    assert {a for a in created if a.startswith("aws_iam_role.")} == {'aws_iam_role.node["beta"]'}
    # the created role's entry, and (1.x default, iam.existing.accessEntries) the existing node role's, by its ARN
    assert {a for a in created if a.startswith("aws_eks_access_entry")} == {
        'aws_eks_access_entry.node["beta"]',
        'aws_eks_access_entry.existing_node["KarpenterNodeRole-acme"]',
    }
    assert {a for a in created if a.startswith("aws_iam_role_policy_attachment.node")} == {
        f'aws_iam_role_policy_attachment.node["beta {arn}"]' for arn in managed_policy_arns(aws)
    }
    # the association gets the existing role's ARN at plan time, so its precondition compared real values
    assert plan.after("aws_eks_pod_identity_association.controller[0]")["role_arn"] == role_arn("platform-karpenter")

    outputs = plan.output()
    assert outputs["controller_role_arn"] == role_arn("platform-karpenter")
    assert outputs["node_role_names"] == {"alpha": "KarpenterNodeRole-acme", "beta": "karpenter-node-acme-beta"}
    assert outputs["existing_iam"] == {
        "roles": {
            "platform-karpenter": role_arn("platform-karpenter"),
            "KarpenterNodeRole-acme": role_arn("KarpenterNodeRole-acme"),
        },
        "instance_profiles": {},
    }
    to_attach = outputs["policies_to_attach"]
    assert set(to_attach) == {"platform-karpenter", "KarpenterNodeRole-acme"}
    controller = to_attach["platform-karpenter"]
    assert controller["managed_policies"] == []
    assert {name: json.loads(text) for name, text in controller["inline_policies"].items()} == {
        "karpenter-controller": aws["iam"]["controller_policy"],
    }
    # PassRole as customer managed policies, as the module makes them: inline they pass 10,240 characters at ~65 tenants
    assert {name: json.loads(text) for name, text in controller["managed_policy_documents"].items()} == {
        "platform-karpenter-pass-node-roles-0": aws["iam"]["pass_node_roles"][0],
    }
    assert to_attach["KarpenterNodeRole-acme"] == {
        "inline_policies": {},
        "managed_policy_documents": {},
        "managed_policies": managed_policy_arns(aws),
    }


def test_with_attach_policies_the_module_attaches_karpenters_policies_to_the_existing_roles(
    tofu: Tofu, tmp_path: Path
) -> None:
    root = root_for(
        tofu,
        tmp_path,
        existing_controller_and_alpha(attach=True),
        EXISTING,
        tenant_extra_policy_arns={"alpha": ["arn:aws:iam::aws:policy/AmazonS3ReadOnlyAccess"]},
    )
    plan = root.plan()
    aws = aws_of(root)
    created = plan.created()
    assert "aws_iam_role.controller[0]" not in created and 'aws_iam_role.node["alpha"]' not in created
    # the existing role's name is known at plan time (the data source read it): the attachments name it
    assert plan.after("aws_iam_role_policy.controller[0]")["role"] == "platform-karpenter"
    assert json.loads(plan.after("aws_iam_role_policy.controller[0]")["policy"]) == aws["iam"]["controller_policy"]
    assert plan.after("aws_iam_role_policy_attachment.pass_node_roles[0]")["role"] == "platform-karpenter"
    assert "aws_iam_policy.pass_node_roles[0]" in created
    existing_node = {a: plan.after(a) for a in created if a.startswith("aws_iam_role_policy_attachment.existing_node")}
    arns = [*managed_policy_arns(aws), "arn:aws:iam::aws:policy/AmazonS3ReadOnlyAccess"]
    assert existing_node == {
        f'aws_iam_role_policy_attachment.existing_node["KarpenterNodeRole-acme {arn}"]': {
            "role": "KarpenterNodeRole-acme",
            "policy_arn": arn,
        }
        for arn in arns
    }
    # the created role's entry, and (1.x default, iam.existing.accessEntries) the existing node role's, by its ARN
    assert {a for a in created if a.startswith("aws_eks_access_entry")} == {
        'aws_eks_access_entry.node["beta"]',
        'aws_eks_access_entry.existing_node["KarpenterNodeRole-acme"]',
    }
    assert plan.output()["policies_to_attach"] == {}


def shared_role_cluster(attach: bool) -> dict[str, Any]:
    ami = {"alias": "al2023@v20261101"}
    return cluster_dict(
        iam={"existing": {"roles": ["shared-nodes"], "attachPolicies": attach}, "sharedNodeRoles": ["shared-nodes"]},
        tenants=[
            {"name": "alpha", "nodeRole": "shared-nodes", "ami": ami},
            {"name": "beta", "nodeRole": "shared-nodes", "ami": ami},
        ],
    )


EXTRA = {
    "alpha": ["arn:aws:iam::aws:policy/AmazonS3ReadOnlyAccess", "arn:aws:iam::aws:policy/CloudWatchAgentServerPolicy"],
    "beta": ["arn:aws:iam::aws:policy/AmazonS3ReadOnlyAccess"],
}


def test_a_shared_existing_node_role_gets_its_policies_once(tofu: Tofu, tmp_path: Path) -> None:
    root = root_for(
        tofu,
        tmp_path,
        shared_role_cluster(attach=True),
        world(existing_role("shared-nodes", "ec2.amazonaws.com")),
        tenant_extra_policy_arns=EXTRA,
    )
    plan = root.plan()
    aws = aws_of(root)
    attached = [
        plan.after(a)["policy_arn"]
        for a in plan.created()
        if a.startswith("aws_iam_role_policy_attachment.existing_node")
    ]
    expected = [*managed_policy_arns(aws), *EXTRA["alpha"]]
    assert sorted(attached) == sorted(expected), "each policy once on the shared role, the tenants' extra ones too"
    assert not {
        a
        for a in plan.created()
        if a.startswith(("aws_iam_role.node", "aws_eks_access_entry.node", "aws_iam_role_policy_attachment.node"))
    }
    assert {a for a in plan.created() if a.startswith("aws_eks_access_entry")} == {
        'aws_eks_access_entry.existing_node["shared-nodes"]'
    }, "one access entry for the shared role"
    assert plan.output()["node_role_names"] == {"alpha": "shared-nodes", "beta": "shared-nodes"}


def test_a_shared_existing_node_role_not_attached_to_lists_its_policies_once_to_attach(
    tofu: Tofu, tmp_path: Path
) -> None:
    root = root_for(
        tofu,
        tmp_path,
        shared_role_cluster(attach=False),
        world(existing_role("shared-nodes", "ec2.amazonaws.com")),
        tenant_extra_policy_arns=EXTRA,
    )
    plan = root.plan()
    aws = aws_of(root)
    assert not {a for a in plan.created() if a.startswith("aws_iam_role_policy_attachment.existing_node")}
    assert plan.output()["policies_to_attach"] == {
        "shared-nodes": {
            "inline_policies": {},
            "managed_policy_documents": {},
            "managed_policies": [*managed_policy_arns(aws), *EXTRA["alpha"]],
        }
    }


def test_a_missing_existing_role_fails_the_plan_as_aws_does(tofu: Tofu, tmp_path: Path) -> None:
    missing = world(existing_role("platform-karpenter", "pods.eks.amazonaws.com"))
    plan = root_for(tofu, tmp_path, existing_controller_and_alpha(attach=False), missing).plan()
    error = failed_with(plan, "reading IAM Role (KarpenterNodeRole-acme): couldn't find resource")
    assert 'data.aws_iam_role.existing["KarpenterNodeRole-acme"]' in error


def test_an_existing_role_at_another_path_than_the_cluster_file_says_fails_the_plan_naming_its_arn(
    tofu: Tofu, tmp_path: Path
) -> None:
    elsewhere = world(
        existing_role("platform-karpenter", "pods.eks.amazonaws.com", path="/platform/"),
        existing_role("KarpenterNodeRole-acme", "ec2.amazonaws.com"),
    )
    plan = root_for(tofu, tmp_path, existing_controller_and_alpha(attach=False), elsewhere).plan()
    failed_with(
        plan,
        f"The existing role platform-karpenter is {role_arn('platform-karpenter', '/platform/')}, "
        f"not {role_arn('platform-karpenter')}",
    )


@pytest.mark.parametrize(
    ("identity", "roles", "message"),
    [
        (
            "podIdentity",
            [
                existing_role("platform-karpenter", "ec2.amazonaws.com"),
                existing_role("KarpenterNodeRole-acme", "ec2.amazonaws.com"),
            ],
            "The existing role platform-karpenter does not trust pods.eks.amazonaws.com, which the controller's credentials come from",
        ),
        (
            "irsa",
            [
                existing_role("platform-karpenter", "pods.eks.amazonaws.com"),
                existing_role("KarpenterNodeRole-acme", "ec2.amazonaws.com"),
            ],
            f"The existing role platform-karpenter does not trust arn:aws:iam::{ACCOUNT}:oidc-provider/{OIDC}",
        ),
        (
            "podIdentity",
            [
                existing_role("platform-karpenter", "pods.eks.amazonaws.com"),
                existing_role("KarpenterNodeRole-acme", "pods.eks.amazonaws.com"),
            ],
            "The existing role KarpenterNodeRole-acme does not trust EC2, which nodes assume it through",
        ),
    ],
    ids=["controller without EKS Pod Identity", "controller without the OIDC provider", "node role without EC2"],
)
def test_an_existing_role_that_does_not_trust_what_uses_it_fails_the_plan(
    identity: str, roles: list[dict[str, Any]], message: str, tofu: Tofu, tmp_path: Path
) -> None:
    data = existing_controller_and_alpha(attach=False)
    data["karpenter"]["identity"] = identity
    data["cluster"]["oidcProvider"] = OIDC
    plan = root_for(tofu, tmp_path, data, world(*roles)).plan()
    failed_with(plan, message)


def test_an_existing_controller_role_trusting_the_oidc_provider_plans_under_irsa(tofu: Tofu, tmp_path: Path) -> None:
    data = existing_controller_and_alpha(attach=False)
    data["karpenter"]["identity"] = "irsa"
    data["cluster"]["oidcProvider"] = OIDC
    roles = world(
        existing_role("platform-karpenter", federated=f"arn:aws:iam::{ACCOUNT}:oidc-provider/{OIDC}"),
        existing_role("KarpenterNodeRole-acme", "ec2.amazonaws.com"),
    )
    plan = root_for(tofu, tmp_path, data, roles).plan()
    assert not {a for a in plan.created() if "controller" in a}, "no association under IRSA, no role, no policy"
    assert plan.output()["controller_role_arn"] == role_arn("platform-karpenter")
    assert plan.output()["pod_identity_association"] is None


# --- Karpenter 0.31: instance profiles ------------------------------------------------------------------------------


def legacy(**sections: Any) -> dict[str, Any]:
    """A Karpenter 0.31 cluster (IRSA, the only identity 0.31 has, so with an OIDC provider)."""
    data = cluster_dict(BASE_V1ALPHA5, **sections)
    data["cluster"]["oidcProvider"] = OIDC
    return data


def legacy_with_existing_default_profile() -> dict[str, Any]:
    return legacy(
        karpenter={"version": "0.31.5", "defaultInstanceProfile": "KarpenterNodeInstanceProfile-acme"},
        iam={"existing": {"instanceProfiles": {"KarpenterNodeInstanceProfile-acme": "KarpenterNodeRole-acme"}}},
    )


def test_0_31_with_an_existing_default_instance_profile_creates_no_profile_and_no_role_for_it(
    tofu: Tofu, tmp_path: Path
) -> None:
    existing = world(
        existing_role("KarpenterNodeRole-acme", "ec2.amazonaws.com"),
        instance_profiles={"KarpenterNodeInstanceProfile-acme": {"role": "KarpenterNodeRole-acme"}},
    )
    root = root_for(
        tofu,
        tmp_path,
        legacy_with_existing_default_profile(),
        existing,
        node_security_group_id=NODE_SG,
        cluster_security_group_id=CLUSTER_SG,
    )
    plan = root.plan()
    created = plan.created()
    assert not {a for a in created if a.startswith("aws_iam_instance_profile.default") or '"(default)' in a}
    assert {a for a in created if a.startswith(("aws_iam_role.", "aws_iam_instance_profile."))} == {
        "aws_iam_role.controller[0]",
        'aws_iam_role.node["alpha"]',
        'aws_iam_instance_profile.tenant["alpha"]',
    }
    assert plan.after('aws_iam_instance_profile.tenant["alpha"]')["name"] == "node-alpha"
    assert "aws_vpc_security_group_ingress_rule.webhook[0]" in created
    outputs = plan.output()
    assert outputs["default_instance_profile_name"] == "KarpenterNodeInstanceProfile-acme"
    assert outputs["node_role_names"]["(default)"] == "KarpenterNodeRole-acme"
    assert outputs["existing_iam"]["instance_profiles"] == {
        "KarpenterNodeInstanceProfile-acme": "KarpenterNodeRole-acme"
    }
    # the controller may pass the existing profile's role: PassRole names it
    pass_role = json.loads(plan.after("aws_iam_policy.pass_node_roles[0]")["policy"])
    assert role_arn("KarpenterNodeRole-acme") in json.dumps(pass_role)


def test_0_31_with_a_default_instance_profile_it_creates_creates_the_profile_and_its_role(
    tofu: Tofu, tmp_path: Path
) -> None:
    data = legacy(karpenter={"version": "0.31.5", "defaultInstanceProfile": "default-acme"})
    plan = root_for(tofu, tmp_path, data).plan()
    assert {
        "aws_iam_instance_profile.default[0]",
        'aws_iam_role.node["(default)"]',
        'aws_eks_access_entry.node["(default)"]',
    } <= plan.created()
    assert plan.after("aws_iam_instance_profile.default[0]")["name"] == "default-acme"
    assert plan.after('aws_iam_role.node["(default)"]')["name"] == "karpenter-node-acme-default"


def test_0_31_a_default_instance_profile_it_creates_may_hold_an_existing_role(tofu: Tofu, tmp_path: Path) -> None:
    """iam.defaultNodeRole names the role of an existing profile: the new default profile holds that role (the plan
    failed with "Invalid index" when the profile named the role through aws_iam_role.node)."""
    data = legacy(
        karpenter={"version": "0.31.5", "defaultInstanceProfile": "default-acme"},
        iam={
            "defaultNodeRole": "KarpenterNodeRole-acme",
            "existing": {"instanceProfiles": {"KarpenterNodeInstanceProfile-acme": "KarpenterNodeRole-acme"}},
        },
        tenants=[
            {"name": "alpha", "instanceProfile": "KarpenterNodeInstanceProfile-acme", "ami": {"family": "AL2"}},
            {"name": "beta", "instanceProfile": "node-beta", "ami": {"family": "AL2"}},
        ],
    )
    existing = world(
        existing_role("KarpenterNodeRole-acme", "ec2.amazonaws.com"),
        instance_profiles={"KarpenterNodeInstanceProfile-acme": {"role": "KarpenterNodeRole-acme"}},
    )
    plan = root_for(tofu, tmp_path, data, existing).plan()
    created = plan.created()
    assert plan.after("aws_iam_instance_profile.default[0]") == {
        "name": "default-acme",
        "path": "/",
        "role": "KarpenterNodeRole-acme",
        "tags": {"karpenter.sh/discovery": "acme"},
        "tags_all": {"karpenter.sh/discovery": "acme"},
    }
    assert plan.after('aws_iam_instance_profile.tenant["beta"]')["role"] == "karpenter-node-acme-beta"
    assert 'aws_iam_instance_profile.tenant["alpha"]' not in created, "alpha's profile exists"
    assert {a for a in created if a.startswith("aws_iam_role.node")} == {'aws_iam_role.node["beta"]'}
    outputs = plan.output()
    assert outputs["instance_profile_names"] == {"alpha": "KarpenterNodeInstanceProfile-acme", "beta": "node-beta"}
    assert outputs["default_instance_profile_name"] == "default-acme"


def test_an_existing_instance_profile_holding_another_role_fails_the_plan(tofu: Tofu, tmp_path: Path) -> None:
    existing = world(
        existing_role("KarpenterNodeRole-acme", "ec2.amazonaws.com"),
        instance_profiles={"KarpenterNodeInstanceProfile-acme": {"role": "SomeOtherRole"}},
    )
    plan = root_for(tofu, tmp_path, legacy_with_existing_default_profile(), existing).plan()
    failed_with(
        plan,
        "The existing instance profile KarpenterNodeInstanceProfile-acme holds role SomeOtherRole, "
        "not KarpenterNodeRole-acme",
    )


def test_a_missing_existing_instance_profile_fails_the_plan_as_aws_does(tofu: Tofu, tmp_path: Path) -> None:
    plan = root_for(
        tofu,
        tmp_path,
        legacy_with_existing_default_profile(),
        world(existing_role("KarpenterNodeRole-acme", "ec2.amazonaws.com")),
    ).plan()
    failed_with(plan, "reading IAM Instance Profile (KarpenterNodeInstanceProfile-acme): couldn't find resource")


# --- options --------------------------------------------------------------------------------------------------------


def test_the_permissions_boundary_lands_on_every_role_the_module_creates(tofu: Tofu, tmp_path: Path) -> None:
    boundary = f"arn:aws:iam::{ACCOUNT}:policy/platform-boundary"
    data = legacy(
        karpenter={"version": "0.31.5", "defaultInstanceProfile": "default-acme"},
        iam={"permissionsBoundary": boundary},
        tenants=[
            {"name": "alpha", "instanceProfile": "node-alpha", "ami": {"family": "AL2"}},
            {"name": "beta", "ami": {"family": "AL2"}},
        ],
    )
    plan = root_for(tofu, tmp_path, data).plan()
    roles = {a: plan.after(a) for a in plan.created() if a.startswith("aws_iam_role.")}
    # beta runs on the default instance profile: no role of its own (issue 43)
    assert set(roles) == {"aws_iam_role.controller[0]", 'aws_iam_role.node["alpha"]', 'aws_iam_role.node["(default)"]'}
    assert {a: r["permissions_boundary"] for a, r in roles.items()} == dict.fromkeys(roles, boundary)


def test_more_than_50_tenants_get_one_pass_role_policy_per_50_node_roles_each_attached(
    tofu: Tofu, tmp_path: Path
) -> None:
    tenants = [{"name": f"t{i:02}", "ami": {"alias": "al2023@v20261101"}} for i in range(51)]
    plan = root_for(tofu, tmp_path, cluster_dict(tenants=tenants)).plan()
    created = plan.created()
    assert {a for a in created if a.startswith("aws_iam_policy.")} == {
        "aws_iam_policy.pass_node_roles[0]",
        "aws_iam_policy.pass_node_roles[1]",
    }
    assert {a for a in created if a.startswith("aws_iam_role_policy_attachment.pass_node_roles")} == {
        "aws_iam_role_policy_attachment.pass_node_roles[0]",
        "aws_iam_role_policy_attachment.pass_node_roles[1]",
    }
    named = [
        json.loads(plan.after(f"aws_iam_policy.pass_node_roles[{i}]")["policy"])["Statement"][0]["Resource"]
        for i in (0, 1)
    ]
    assert [len(resources) for resources in named] == [50, 1]
    assert sorted(r.rsplit("/", 1)[1] for resources in named for r in resources) == sorted(
        f"karpenter-node-acme-t{i:02}" for i in range(51)
    )
    assert len([a for a in created if a.startswith("aws_eks_access_entry.")]) == 51


def test_create_discovery_tags_false_creates_no_ec2_tag(tofu: Tofu, tmp_path: Path) -> None:
    tagged = root_for(tofu, tmp_path / "tagged", BASE_V1, subnet_ids=SUBNETS, node_security_group_id=NODE_SG).plan()
    assert len([a for a in tagged.created() if a.startswith("aws_ec2_tag.")]) == 3
    assert tagged.after(f'aws_ec2_tag.subnet_discovery["{SUBNETS[0]}"]') == {
        "resource_id": SUBNETS[0],
        "key": "karpenter.sh/discovery",
        "value": "acme",
    }
    untagged = root_for(
        tofu,
        tmp_path / "untagged",
        BASE_V1,
        subnet_ids=SUBNETS,
        node_security_group_id=NODE_SG,
        create_discovery_tags=False,
    ).plan()
    assert not [a for a in untagged.created() if a.startswith("aws_ec2_tag.")]
    assert untagged.created() == {a for a in tagged.created() if not a.startswith("aws_ec2_tag.")}


# --- upgrades and refusals ------------------------------------------------------------------------------------------


def test_a_state_of_the_previous_revision_moves_the_controller_role_and_policy_to_index_0_without_replacement(
    tofu: Tofu, tmp_path: Path
) -> None:
    """The previous revision created the controller role and its policy without count: its state has them at
    aws_iam_role.controller and aws_iam_role_policy.controller (made here by applying, then `tofu state mv`)."""
    root = root_for(tofu, tmp_path, two_tenants(), subnet_ids=SUBNETS)
    root.apply(root.plan())
    root.state_mv("aws_iam_role.controller[0]", "aws_iam_role.controller")
    root.state_mv("aws_iam_role_policy.controller[0]", "aws_iam_role_policy.controller")
    addresses = {r["type"] + "." + r["name"]: r for r in root.state()["resources"] if r["mode"] == "managed"}
    assert "index_key" not in addresses["aws_iam_role.controller"]["instances"][0]

    plan = root.plan()
    changes = plan.changes()
    for address in ("aws_iam_role.controller", "aws_iam_role_policy.controller"):
        change = changes[f"{address}[0]"]
        assert change["previous_address"] == f"module.karpenter.{address}"
        assert change["change"]["actions"] == ["no-op"]
    assert set(plan.actions().values()) == {("no-op",)}, "nothing else changes either"
    assert plan.output()["controller_role_arn"] == role_arn("karpenter-controller-acme")


def test_an_aws_json_of_an_older_format_is_refused_with_the_upgrade_instruction(tofu: Tofu, tmp_path: Path) -> None:
    path = aws_file(tmp_path, BASE_V1)
    old = json.loads(path.read_text())
    old["format"] = 4
    for key in ("node_role_arns", "policy_names"):
        del old[key]
    for key in ("create_roles", "existing_node_access_entries", "pass_role", "node_role_path"):
        del old["iam_options"][key]
    path.write_text(json.dumps(old))
    plan = tofu.root(tmp_path / "root", path).plan()
    failed_with(plan, "aws_file is not of format 6, the one this module reads")
    failed_with(plan, "run `python main.py` with the generator of this module's revision")


def test_a_provider_in_another_partition_fails_the_partition_precondition(tofu: Tofu, tmp_path: Path) -> None:
    data = cluster_dict(cluster={**BASE_V1["cluster"], "region": "cn-north-1"})
    root = root_for(tofu, tmp_path, data, region="us-east-1")
    failed_with(
        root.plan(),
        f"The AWS provider is in partition aws but cluster.region cn-north-1 of {root.arguments['aws_file']} "
        "is in aws-cn: configure the provider for the cluster's region.",
    )
    # and in the cluster's own partition it plans, with every ARN in it
    china = root_for(tofu, tmp_path / "china", data)
    plan = china.plan()
    assert re.search(
        r'"arn:aws-cn:iam::001234567890:role/node-alpha"', plan.after("aws_iam_policy.pass_node_roles[0]")["policy"]
    )


# --- the 0.31 -> 1.x upgrade path (docs/upgrade-031.md) ---------------------------------------------------------------


def test_on_the_upgrade_path_the_upgrade_policy_is_created_and_attached_and_only_there(
    tofu: Tofu, tmp_path: Path
) -> None:
    upgrading = cluster_dict(BASE_V1ALPHA5, karpenter={"version": "0.31.5", "upgradingFrom": "0.31.5"})
    upgrading["cluster"]["oidcProvider"] = OIDC
    root = root_for(tofu, tmp_path / "on", upgrading)
    plan = root.plan()
    aws = aws_of(root)
    policy = plan.after("aws_iam_policy.upgrade[0]")
    assert policy["name"] == "karpenter-controller-acme-upgrade-path"
    assert json.loads(policy["policy"]) == aws["iam"]["upgrade_controller_policy"]
    assert {"aws_iam_policy.upgrade[0]", "aws_iam_role_policy_attachment.upgrade[0]"} <= plan.created()
    del upgrading["karpenter"]["upgradingFrom"]
    off = root_for(tofu, tmp_path / "off", upgrading).plan()
    assert not {a for a in off.created() if "upgrade" in a}


def test_a_renamed_tenant_keeping_its_node_role_is_moved_in_state_as_plan_says_not_recreated(
    tofu: Tofu, tmp_path: Path
) -> None:
    """terraform/ keys what it creates for a node role by tenant. A tenant renamed with its nodeRole kept: applied as
    is, tofu deletes the role (with its access entry and attachments) under the old key and creates one of the same
    name under the new key; after the `terraform state mv` commands `plan` prints for it, only the role's tenant tag
    and description change, and nothing is deleted or created."""
    from karpenter_tenants.review.iam import node_identity_changes

    tenants = [
        {"name": "alpha", "nodeRole": "karpenter-node-acme-alpha", "ami": {"alias": "al2023@v20261101"}},
        {"name": "beta", "ami": {"alias": "al2023@v20261101"}},
    ]
    root = root_for(tofu, tmp_path, cluster_dict(BASE_V1, tenants=tenants), subnet_ids=SUBNETS)
    root.apply(root.plan())
    before = Path(root.arguments["aws_file"]).read_text()
    renamed = [{**tenants[0], "name": "alphax"}, tenants[1]]
    after = aws_file(tmp_path, cluster_dict(BASE_V1, tenants=renamed)).read_text()
    assert Path(root.arguments["aws_file"]).read_text() == after  # the root reads the new aws.json

    actions = root.plan().actions()
    assert actions['aws_iam_role.node["alpha"]'] == ("delete",) and actions['aws_iam_role.node["alphax"]'] == (
        "create",
    )
    assert actions['aws_eks_access_entry.node["alpha"]'] == ("delete",)

    [(name, action, why, destructive)] = node_identity_changes("acme", before, after)
    assert (name, action, destructive) == ("karpenter-node-acme-alpha", "changed", True), why
    moves = re.findall(r"terraform state mv 'module\.<name>\.([^']+)' 'module\.<name>\.([^']+)'", why)
    assert len(moves) == 2 + len(managed_policy_arns(json.loads(after))), why
    for source, destination in moves:
        root.state_mv(source, destination)
    actions = root.plan().actions()
    assert not [a for a, act in actions.items() if "delete" in act or "create" in act], actions
    assert actions['aws_iam_role.node["alphax"]'] == ("update",), actions


# --- the organisation's IAM rules (iam.createRoles, iam.passRole, iam.existing.accessEntries) ---------------------------


def organisation(**iam: Any) -> dict[str, Any]:
    """Every role existing (the controller's, alpha's and beta's), created by the platform team under a name prefix."""
    ami = {"alias": "al2023@v20261101"}
    return cluster_dict(
        karpenter={"version": "1.14.1", "controllerRole": {"name": "platform-karpenter"}},
        tenants=[
            {"name": "alpha", "nodeRole": "platform-node-acme-alpha", "ami": ami},
            {"name": "beta", "nodeRole": "platform-node-acme-beta", "ami": ami},
        ],
        iam={
            "existing": {"roles": ["platform-karpenter", "platform-node-acme-alpha", "platform-node-acme-beta"]},
            "createRoles": False,
            "passRole": {"namePrefix": "platform-node-acme-"},
            **iam,
        },
    )


ORGANISATION = world(
    existing_role("platform-karpenter", "pods.eks.amazonaws.com"),
    existing_role("platform-node-acme-alpha", "ec2.amazonaws.com"),
    existing_role("platform-node-acme-beta", "ec2.amazonaws.com"),
)


def test_with_create_roles_false_the_plan_creates_zero_iam_roles_and_gives_existing_node_roles_access_entries(
    tofu: Tofu, tmp_path: Path
) -> None:
    root = root_for(tofu, tmp_path, organisation(), ORGANISATION, create_iam_roles=False)
    plan = root.plan()
    created = plan.created()
    assert not [a for a in created if a.startswith(("aws_iam_role.", "aws_iam_instance_profile."))], created
    assert not [a for a in plan.actions() if a.startswith("aws_iam_role.")], "no role in the plan at all"
    # Karpenter 1.x default: terraform/ gives each existing node role its access entry, by the role's ARN
    assert {a: plan.after(a)["principal_arn"] for a in created if a.startswith("aws_eks_access_entry.")} == {
        f'aws_eks_access_entry.existing_node["{name}"]': role_arn(name)
        for name in ("platform-node-acme-alpha", "platform-node-acme-beta")
    }
    assert plan.output()["access_entries"] == {
        name: role_arn(name) for name in ("platform-node-acme-alpha", "platform-node-acme-beta")
    }
    assert plan.output()["controller_role_arn"] == role_arn("platform-karpenter")


def test_the_module_switch_create_iam_roles_false_refuses_an_aws_json_that_would_create_roles(
    tofu: Tofu, tmp_path: Path
) -> None:
    root = root_for(tofu, tmp_path, two_tenants(), create_iam_roles=False)
    error = failed_with(root.plan(), "This module may create no IAM role (variable create_iam_roles = false), but ")
    assert (
        "has it create karpenter-controller-acme, karpenter-node-acme-alpha, karpenter-node-acme-beta: create each "
        "outside Terraform, list it in iam.existing.roles" in error
    )


def test_a_pass_role_prefix_plans_one_policy_on_the_pattern_stated_in_its_description(
    tofu: Tofu, tmp_path: Path
) -> None:
    root = root_for(
        tofu,
        tmp_path,
        organisation(
            existing={
                "roles": ["platform-karpenter", "platform-node-acme-alpha", "platform-node-acme-beta"],
                "attachPolicies": True,
            }
        ),
        ORGANISATION,
    )
    plan = root.plan()
    pattern = f"arn:aws:iam::{ACCOUNT}:role/platform-node-acme-*"
    policy = plan.after("aws_iam_policy.pass_node_roles[0]")
    assert json.loads(policy["policy"])["Statement"][0]["Resource"] == [pattern]
    assert pattern in policy["description"] and "(iam.passRole)" in policy["description"]
    assert (
        policy["name"] == aws_of(root)["policy_names"]["pass_node_roles"][0] == "platform-karpenter-pass-node-roles-0"
    )
    assert "aws_iam_policy.pass_node_roles[1]" not in plan.actions()


def test_a_pass_role_path_creates_node_roles_at_the_path(tofu: Tofu, tmp_path: Path) -> None:
    ami = {"alias": "al2023@v20261101"}
    data = cluster_dict(
        tenants=[{"name": "alpha", "ami": ami}, {"name": "beta", "nodeRole": "core-nodes", "ami": ami}],
        iam={
            "passRole": {"path": "/karpenter/acme/"},
            "existing": {"roles": [role_arn("core-nodes", "/karpenter/acme/")]},
        },
    )
    plan = root_for(
        tofu, tmp_path, data, world(existing_role("core-nodes", "ec2.amazonaws.com", path="/karpenter/acme/"))
    ).plan()
    assert plan.after('aws_iam_role.node["alpha"]')["path"] == "/karpenter/acme/"
    assert json.loads(plan.after("aws_iam_policy.pass_node_roles[0]")["policy"])["Statement"][0]["Resource"] == [
        f"arn:aws:iam::{ACCOUNT}:role/karpenter/acme/*"
    ]
    assert plan.after('aws_eks_access_entry.existing_node["core-nodes"]')["principal_arn"] == role_arn(
        "core-nodes", "/karpenter/acme/"
    )


def test_without_access_entries_for_existing_node_roles_check_terraform_names_each_and_the_command(
    tofu: Tofu, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """iam.existing.accessEntries false: applied, `terraform output -json karpenter` handed to check-terraform says, per
    existing node role, that terraform/ made no access entry and what to run; a created role has its entry."""
    from karpenter_tenants.commands.cli import main

    ami = {"alias": "al2023@v20261101"}
    data = cluster_dict(
        tenants=[{"name": "alpha", "nodeRole": "core-nodes", "ami": ami}, {"name": "beta", "ami": ami}],
        iam={"existing": {"roles": ["core-nodes"], "accessEntries": False}},
    )
    root = root_for(tofu, tmp_path, data, world(existing_role("core-nodes", "ec2.amazonaws.com")))
    plan = root.plan()
    assert {a for a in plan.created() if a.startswith("aws_eks_access_entry.")} == {'aws_eks_access_entry.node["beta"]'}
    root.apply(plan)
    outputs = tmp_path / "outputs.json"
    outputs.write_text(root.run("output", "-json", "karpenter").stdout)
    dist = tmp_path / "dist"
    (dist / "acme").mkdir(parents=True)
    (dist / "acme/aws.json").write_text(Path(root.arguments["aws_file"]).read_text())
    capsys.readouterr()
    status = main(["--clusters", str(tmp_path / "clusters"), "check-terraform", str(outputs), "--dist", str(dist)])
    lines = capsys.readouterr().out.splitlines()
    assert status == 0, lines
    assert [line for line in lines if line.startswith("no access entry: ")] == [
        (
            "no access entry: core-nodes (alpha): terraform/ created no EKS access entry for it (an existing role, and "
            "iam.existing.accessEntries is false); unless it has one (a managed node group's role) or an aws-auth mapping, "
            f"its nodes cannot join the cluster: aws eks create-access-entry --cluster-name acme --principal-arn "
            f"{role_arn('core-nodes')} --type EC2_LINUX"
        )
    ]
    assert lines[-1] == "check-terraform: acme: Terraform outputs match the manifests"
    assert not [line for line in lines if "karpenter-node-acme-beta" in line], "beta's created role has its entry"


@pytest.mark.parametrize("scoped", [True, False], ids=["iam.passRole", "one ARN per role"])
def test_a_tenant_added_under_a_pass_role_scope_leaves_the_applied_pass_role_policy_unchanged(
    scoped: bool, tofu: Tofu, tmp_path: Path
) -> None:
    """The security team's reason for iam.passRole: after onboarding a tenant the policy it approved is the same (no-op
    in the plan); without the scope the same onboarding updates it."""
    iam = {"passRole": {"namePrefix": "karpenter-node-acme-"}} if scoped else {}
    root = root_for(tofu, tmp_path, two_tenants(iam=iam))
    root.apply(root.plan())
    grown = two_tenants(iam=iam)
    grown["tenants"].append({"name": "gamma", "ami": {"alias": "al2023@v20261101"}})
    aws_file(tmp_path, grown)  # the root's aws.json, rewritten
    actions = root.plan().actions()
    assert actions['aws_iam_role.node["gamma"]'] == ("create",)
    assert actions["aws_iam_policy.pass_node_roles[0]"] == (("no-op",) if scoped else ("update",))


def test_the_terraform_root_init_writes_plans_with_the_module(tofu: Tofu, tmp_path: Path) -> None:
    """`karpenter-tenants init`'s terraform/main.tf (its module source pointed at this checkout's terraform/, as a
    team's `git::...?ref=` resolves to it) plans after `make synth`: the controller role and the tenant's node role."""
    import subprocess
    import sys

    from karpenter_tenants.commands.cli import main

    repo = tmp_path / "platform"
    assert (
        main(
            [
                "init",
                str(repo),
                "--name",
                "globex",
                "--account-id",
                ACCOUNT,
                "--region",
                "eu-west-1",
                "--kubernetes-version",
                "1.33",
                "--module-source",
                str(Path(__file__).resolve().parents[2] / "terraform"),
            ]
        )
        == 0
    )
    synth = subprocess.run([sys.executable, "-O", "main.py"], cwd=repo, capture_output=True, text=True)
    assert synth.returncode == 0, synth.stderr
    world_file = tmp_path / "world.json"
    world_file.write_text(json.dumps({"account_id": ACCOUNT, "roles": {}, "instance_profiles": {}}))
    environment = tofu.environment(world_file)
    for arguments in (("init", "-input=false", "-no-color"), ("plan", "-input=false", "-no-color", "-out=plan.bin")):
        result = subprocess.run(
            [str(tofu.binary), *arguments],
            cwd=repo / "terraform",
            capture_output=True,
            text=True,
            env=environment,
            timeout=300,
        )
        assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-4000:]
    shown = json.loads(
        subprocess.run(
            [str(tofu.binary), "show", "-json", "plan.bin"],
            cwd=repo / "terraform",
            capture_output=True,
            text=True,
            env=environment,
            check=True,
        ).stdout
    )
    created = {change["address"] for change in shown["resource_changes"] if "create" in change["change"]["actions"]}
    assert "module.karpenter_globex.aws_iam_role.controller[0]" in created
    assert any(address.startswith("module.karpenter_globex.aws_iam_role.node[") for address in created), sorted(created)


def test_0_31_a_tenant_on_the_default_profile_gets_no_role_and_the_default_role_may_exist(
    tofu: Tofu, tmp_path: Path
) -> None:
    """issue 43: a 0.31 tenant that names no instance profile runs on karpenter.defaultInstanceProfile, so terraform/
    creates no role, policies or access entry for it; iam.defaultNodeRole listed in iam.existing.roles (as
    terraform/iam.tf documents) is read, not created, and held by the default profile terraform/ creates."""
    data = legacy(
        karpenter={"version": "0.31.5", "defaultInstanceProfile": "default-acme"},
        iam={"defaultNodeRole": "KarpenterNodeRole-acme", "existing": {"roles": ["KarpenterNodeRole-acme"]}},
        tenants=[
            {"name": "alpha", "instanceProfile": "node-alpha", "ami": {"family": "AL2"}},
            {"name": "beta", "ami": {"family": "AL2"}},
        ],
    )
    existing = world(existing_role("KarpenterNodeRole-acme", "ec2.amazonaws.com"))
    plan = root_for(tofu, tmp_path, data, existing).plan()
    created = plan.created()
    assert not [a for a in created if '"beta' in a], sorted(created)
    assert {a for a in created if a.startswith("aws_iam_role.")} == {
        "aws_iam_role.controller[0]",
        'aws_iam_role.node["alpha"]',
    }
    assert plan.after("aws_iam_instance_profile.default[0]")["role"] == "KarpenterNodeRole-acme"
    pass_role = json.dumps(json.loads(plan.after("aws_iam_policy.pass_node_roles[0]")["policy"]))
    assert role_arn("KarpenterNodeRole-acme") in pass_role and "karpenter-node-acme-beta" not in pass_role


def test_existing_node_roles_with_their_access_entry_get_none_the_others_get_theirs(tofu: Tofu, tmp_path: Path) -> None:
    """issue 43: 40 node-group roles already have access entries, a customer onboarded later has an existing role of
    its own: iam.existing.withAccessEntry names the first, and terraform/ creates the entry of the other only."""
    data = cluster_dict(
        iam={
            "existing": {
                "roles": ["platform-karpenter", "KarpenterNodeRole-acme", "node-gamma"],
                "withAccessEntry": ["KarpenterNodeRole-acme"],
            }
        },
        karpenter={"version": "1.14.1", "controllerRole": {"name": "platform-karpenter"}},
        tenants=[
            {"name": "alpha", "nodeRole": "KarpenterNodeRole-acme", "ami": {"alias": "al2023@v20261101"}},
            {"name": "gamma", "nodeRole": "node-gamma", "ami": {"alias": "al2023@v20261101"}},
        ],
    )
    existing = world(
        existing_role("platform-karpenter", "pods.eks.amazonaws.com"),
        existing_role("KarpenterNodeRole-acme", "ec2.amazonaws.com"),
        existing_role("node-gamma", "ec2.amazonaws.com"),
    )
    plan = root_for(tofu, tmp_path, data, existing).plan()
    assert {a for a in plan.created() if a.startswith("aws_eks_access_entry")} == {
        'aws_eks_access_entry.existing_node["node-gamma"]'
    }
