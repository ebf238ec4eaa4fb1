"""The Terraform module in terraform/: its contract with the generator, its IAM policies, and the
`terraform output -json` hand-off. No terraform binary here: python-hcl2 parses the module and
tests/hcl_eval.py evaluates its locals on the same cluster files the generator reads."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import hcl2
import pytest
from conftest import BASE_V1ALPHA5, ROOT, cluster_dict, write_cluster
from hcl_eval import Module

from checks.terraform_outputs import REQUIRED_OUTPUTS
from commands.cli import main
from config.loader import load_cluster_file

MODULE = ROOT / "terraform"
FIXTURES = Path(__file__).parent / "fixtures"


def parsed() -> dict[str, dict[str, Any]]:
    return {path.name: hcl2.load(path.open()) for path in sorted(MODULE.glob("*.tf"))}


def blocks(kind: str) -> dict[str, Any]:
    """Blocks of one kind by name ('variable' -> {'name': body}); resources/data by 'type.name'."""
    found: dict[str, Any] = {}
    for document in parsed().values():
        for block in document.get(kind, []):
            for first, body in block.items():
                if kind in ("resource", "data"):
                    for second, inner in body.items():
                        found[f"{first.strip(chr(34))}.{second.strip(chr(34))}"] = inner
                else:
                    found[first.strip('"')] = body
    return found


def unquote(value: Any) -> Any:
    return value[1:-1] if isinstance(value, str) and value.startswith('"') and value.endswith('"') else value


def aws_partition(region: str) -> tuple[str, str]:
    """(partition, DNS suffix) of a region as AWS's own SDK data knows them (botocore's endpoints.json):
    what the provider's data.aws_partition answers when configured for that region."""
    import botocore

    document = json.loads((Path(botocore.__file__).parent / "data/endpoints.json").read_text())
    for partition in document["partitions"]:
        if region in partition["regions"] or re.match(partition["regionRegex"], region):
            return partition["partition"], partition["dnsSuffix"]
    raise AssertionError(f"{region} is in no partition of botocore's endpoints.json")


def module_for(config_path: Path) -> Module:
    """The module's locals for a cluster file, with the provider's answers for the cluster's region
    (data.aws_partition) and the queue's ARN as AWS forms it."""
    module = Module(MODULE, {"cluster_config_path": str(config_path), "oidc_provider_arn": None, "tags": {}})
    region, account = module.local("region"), module.local("account_id")
    partition, dns_suffix = aws_partition(region)
    module.references["data"] = {"aws_partition": {"current": {"partition": partition, "dns_suffix": dns_suffix}}}
    queue = module.local("queue_name")
    module.references["aws_sqs_queue"] = {
        "interruption": {"name": queue, "arn": f"arn:{partition}:sqs:{region}:{account}:{queue}"}
    }
    return module


# --- layout and contract --------------------------------------------------------------------


def test_the_module_has_the_standard_files_and_every_file_parses() -> None:
    assert {"main.tf", "variables.tf", "outputs.tf", "versions.tf"} <= set(parsed())


def test_every_variable_is_typed_and_described_and_optional_ones_have_defaults() -> None:
    variables = blocks("variable")
    assert "cluster_config_path" in variables
    for name, body in variables.items():
        assert body.get("description"), f"variable {name} has no description"
        assert body.get("type"), f"variable {name} has no type"
        if name != "cluster_config_path":
            assert "default" in body, f"optional variable {name} has no default"
    assert variables["cluster_config_path"]["type"] == "string"
    assert variables["subnet_ids"]["type"] == "${list(string)}"
    assert variables["tenant_extra_policy_arns"]["type"] == "${map(list(string))}"


def test_the_outputs_the_generator_reads_exist_and_are_described() -> None:
    outputs = blocks("output")
    assert set(REQUIRED_OUTPUTS) <= set(outputs)
    assert all(body.get("description") for body in outputs.values())


def test_terraform_reads_the_cluster_file_and_the_naming_rule_the_generator_reads() -> None:
    main_tf = (MODULE / "main.tf").read_text()
    assert "yamldecode(file(var.cluster_config_path))" in main_tf
    assert 'jsondecode(file("${path.module}/naming.json"))' in main_tf


CASES = {
    "example 1.x": ROOT / "clusters/acme.yaml",
    "example 0.31": ROOT / "clusters/acme-legacy.yaml",
    "example argocd": ROOT / "clusters/acme-argocd.yaml",
    "1.x with derived names": cluster_dict(tenants=[{"name": "alpha"}, {"name": "beta", "nodeRole": "custom-beta"}]),
    "0.31 without default profile": cluster_dict(
        BASE_V1ALPHA5, tenants=[{"name": "alpha"}, {"name": "beta", "instanceProfile": "custom-beta"}]
    ),
    "custom namespace, queue and role arn": cluster_dict(
        karpenter={
            "version": "1.14.1",
            "namespace": "kube-karpenter",
            "serviceAccount": "kc",
            "interruptionQueue": "acme-interruptions",
            "controllerRole": {"arn": "arn:aws:iam::001234567890:role/platform/acme-karpenter"},
        }
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_same_cluster_file_gives_the_same_names_on_both_sides(case: str, tmp_path: Path) -> None:
    source = CASES[case]
    path = source if isinstance(source, Path) else write_cluster(tmp_path, source)
    config = load_cluster_file(path, display_name=path.name).config
    terraform = module_for(path)

    assert config.controller_role_arn.rsplit("/", 1)[1] == terraform.local("controller_role_name")
    assert config.interruption_queue == terraform.local("queue_name")
    tenants = terraform.local("tenants")
    assert sorted(tenants) == sorted(t.name for t in config.tenants)
    for tenant in config.tenants:
        if config.generation.value == "v1":
            assert config.node_role(tenant) == tenants[tenant.name]["node_role"]
        else:
            assert config.instance_profile(tenant) == tenants[tenant.name]["instance_profile"]
    assert terraform.local("default_instance_profile") == config.karpenter.default_instance_profile
    subject = f"system:serviceaccount:{config.karpenter.namespace}:{config.karpenter.service_account}"
    assert (terraform.local("namespace"), terraform.local("service_account")) == (
        config.karpenter.namespace,
        config.karpenter.service_account,
    )
    trust = blocks("data")["aws_iam_policy_document.controller_trust"]["statement"][0]
    assert [unquote(c["values"][0]) for c in trust["condition"]] == [
        "system:serviceaccount:${local.namespace}:${local.service_account}",
        "sts.amazonaws.com",
    ]
    assert subject.endswith(f"{terraform.local('namespace')}:{terraform.local('service_account')}")


# --- IAM policies -----------------------------------------------------------------------------

MUTATING_EC2 = re.compile(r"^ec2:(?!Describe|Get)")


def statements(document: str) -> list[dict[str, Any]]:
    return blocks("data")[f"aws_iam_policy_document.{document}"]["statement"]


def values(items: Any) -> list[str]:
    if isinstance(items, str):
        return [items]
    return [unquote(item) for item in items]


def conditions(statement: dict[str, Any]) -> dict[str, list[str]]:
    return {unquote(c["variable"]): values(c["values"]) for c in statement.get("condition", [])}


@pytest.mark.parametrize("document", ["controller_v1", "controller_v1alpha5", "controller_shared", "pass_node_roles"])
def test_no_statement_allows_every_action(document: str) -> None:
    for statement in statements(document):
        assert "*" not in values(statement["actions"]), statement["sid"]
        assert all(not action.endswith(":*") for action in values(statement["actions"])), statement["sid"]


@pytest.mark.parametrize("document", ["controller_v1", "controller_v1alpha5", "controller_shared", "pass_node_roles"])
def test_no_mutating_ec2_action_applies_to_every_resource_without_a_tag_condition(document: str) -> None:
    for statement in statements(document):
        mutating = [a for a in values(statement["actions"]) if MUTATING_EC2.match(a)]
        if mutating and "*" in values(statement["resources"]):
            assert any("Tag/" in variable for variable in conditions(statement)), statement["sid"]


@pytest.mark.parametrize("document", ["controller_v1", "controller_v1alpha5", "controller_shared", "pass_node_roles"])
def test_deleting_and_launching_instances_is_conditioned_on_the_cluster_tags(document: str) -> None:
    for statement in statements(document):
        actions = values(statement["actions"])
        resources = values(statement["resources"]) if isinstance(statement["resources"], list) else []
        creates_instances = "ec2:RunInstances" in actions and (
            statement["resources"] == "${local.ec2_launch_resources}" or any("instance/*" in r for r in resources)
        )
        if {"ec2:TerminateInstances", "ec2:DeleteLaunchTemplate"} & set(actions):
            assert conditions(statement)["${local.owned_tag}"] == ["owned"], statement["sid"]
        if creates_instances:
            assert conditions(statement)["${local.cluster_tag}"] == ["owned"], statement["sid"]
    iam = (MODULE / "iam.tf").read_text()
    assert 'owned_tag    = "aws:ResourceTag/kubernetes.io/cluster/${local.cluster_name}"' in iam
    assert 'cluster_tag  = "aws:RequestTag/kubernetes.io/cluster/${local.cluster_name}"' in iam


def test_pass_role_is_limited_to_this_clusters_node_roles() -> None:
    for document in ("controller_v1", "controller_v1alpha5"):
        assert not [s for s in statements(document) if "iam:PassRole" in values(s["actions"])]
    [statement] = statements("pass_node_roles")
    assert statement["resources"] == "${local.pass_role_chunks[count.index]}"
    assert conditions(statement) == {"iam:PassedToService": ["${local.ec2_service_principals}"]}
    module = module_for(ROOT / "clusters/acme.yaml")
    assert module.local("pass_role_chunks") == [module.local("node_role_arns")]
    arns = module.local("node_role_arns")
    assert arns == [
        "arn:aws:iam::001234567890:role/karpenter-node-acme-alpha",
        "arn:aws:iam::001234567890:role/karpenter-node-acme-beta",
    ]


def test_only_1x_may_manage_instance_profiles_and_only_ones_tagged_for_this_cluster() -> None:
    v1 = [s for s in statements("controller_v1") if any("InstanceProfile" in a for a in values(s["actions"]))]
    legacy = [s for s in statements("controller_v1alpha5") if any("InstanceProfile" in a for a in values(s["actions"]))]
    assert legacy == []
    read = {"iam:GetInstanceProfile", "iam:ListInstanceProfiles"}
    mutating = [s for s in v1 if any(a not in read for a in values(s["actions"]))]
    assert len(mutating) == 3
    for statement in mutating:
        assert any("kubernetes.io/cluster/" in v or "cluster_tag" in v or "owned_tag" in v for v in conditions(statement))


def test_the_generation_picks_the_policy() -> None:
    policy = blocks("resource")["aws_iam_role_policy.controller"]["policy"]
    assert policy == (
        "${local.legacy ? data.aws_iam_policy_document.controller_v1alpha5.json : "
        "data.aws_iam_policy_document.controller_v1.json}"
    )
    assert module_for(ROOT / "clusters/acme-legacy.yaml").local("legacy") is True
    assert module_for(ROOT / "clusters/acme.yaml").local("legacy") is False


def test_node_roles_get_an_access_entry() -> None:
    entry = blocks("resource")["aws_eks_access_entry.node"]
    assert unquote(entry["type"]) == "EC2_LINUX"
    legacy = module_for(ROOT / "clusters/acme-legacy.yaml")
    assert legacy.local("node_roles") == {
        "(default)": "karpenter-node-acme-default",
        "alpha": "karpenter-node-acme-alpha",
        "beta": "karpenter-node-acme-beta",
    }
    assert legacy.local("tenant_instance_profiles") == {"alpha": "karpenter-node-acme-alpha"}


# --- interruption queue, tags, webhook -------------------------------------------------------------


def test_the_interruption_queue_is_encrypted_short_lived_and_tls_only() -> None:
    queue = blocks("resource")["aws_sqs_queue.interruption"]
    assert queue["message_retention_seconds"] == 300
    assert queue["sqs_managed_sse_enabled"] is True
    allow, deny = statements("queue")
    assert values(allow["principals"][0]["identifiers"]) == ["events.amazonaws.com", "sqs.amazonaws.com"]
    assert unquote(deny["effect"]) == "Deny"
    assert conditions(deny) == {"aws:SecureTransport": ["false"]}


def test_discovery_tags_and_the_webhook_rule_only_where_webhooks_run() -> None:
    resources = blocks("resource")
    assert unquote(resources["aws_ec2_tag.subnet_discovery"]["key"]) == "karpenter.sh/discovery"
    assert unquote(resources["aws_ec2_tag.security_group_discovery"]["key"]) == "karpenter.sh/discovery"
    webhook = resources["aws_vpc_security_group_ingress_rule.webhook"]
    assert webhook["from_port"] == webhook["to_port"] == 8443
    assert webhook["count"].startswith("${local.legacy &&")


# --- terraform output -json hand-off -------------------------------------------------------------


def run_check(capsys: pytest.CaptureFixture[str], outputs: Path, cluster: str) -> tuple[int, list[str], str]:
    status = main(["--clusters", str(ROOT / "clusters"), "check-terraform", str(outputs), "--cluster", cluster])
    captured = capsys.readouterr()
    return status, captured.out.splitlines(), captured.err


@pytest.mark.parametrize("cluster", ["acme", "acme-legacy"])
def test_matching_terraform_outputs_are_accepted(cluster: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, lines, _ = run_check(capsys, FIXTURES / f"terraform-output-{cluster}.json", cluster)
    assert (status, lines) == (0, [f"check-terraform: {cluster}: Terraform outputs match the manifests"])


def test_the_outputs_of_a_module_output_object_are_accepted_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    document = json.loads((FIXTURES / "terraform-output-acme.json").read_text())
    outputs = tmp_path / "outputs.json"
    outputs.write_text(json.dumps({name: entry["value"] for name, entry in document.items()}))
    status, lines, _ = run_check(capsys, outputs, "acme")
    assert (status, lines) == (0, ["check-terraform: acme: Terraform outputs match the manifests"])


def test_mismatched_terraform_outputs_are_reported_one_by_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    document = json.loads((FIXTURES / "terraform-output-acme.json").read_text())
    document["controller_role_arn"]["value"] = "arn:aws:iam::001234567890:role/KarpenterController"
    document["node_role_names"]["value"] = {"alpha": "KarpenterNode-alpha", "gamma": "karpenter-node-acme-gamma"}
    document["interruption_queue_name"]["value"] = "Karpenter-acme"
    outputs = tmp_path / "outputs.json"
    outputs.write_text(json.dumps(document))
    status, lines, _ = run_check(capsys, outputs, "acme")
    assert status == 1
    assert lines == [
        "mismatch: controller_role_arn: Terraform has 'arn:aws:iam::001234567890:role/KarpenterController' but the "
        "ServiceAccount annotation eks.amazonaws.com/role-arn has 'arn:aws:iam::001234567890:role/karpenter-controller-acme'",
        "mismatch: interruption_queue_name: Terraform has 'Karpenter-acme' but the Helm value "
        "settings.interruptionQueue has 'karpenter-acme'",
        "mismatch: node_role_names[alpha]: Terraform created 'KarpenterNode-alpha' but tenant alpha's EC2NodeClass "
        "spec.role is 'karpenter-node-acme-alpha'",
        "mismatch: node_role_names[beta]: Terraform created none but tenant beta's EC2NodeClass spec.role is "
        "'karpenter-node-acme-beta'",
        "mismatch: node_role_names[gamma]: Terraform created 'karpenter-node-acme-gamma' for a tenant the manifests "
        "do not have",
        "check-terraform: acme: 5 mismatches",
    ]


def test_an_outputs_file_of_another_module_is_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    outputs = tmp_path / "outputs.json"
    outputs.write_text(json.dumps({"vpc_id": {"value": "vpc-1"}}))
    status, _, err = run_check(capsys, outputs, "acme")
    assert status == 2
    assert "missing outputs cluster_name, controller_role_arn" in err
    outputs.write_text("{not json")
    status, _, err = run_check(capsys, outputs, "acme")
    assert status == 2 and "not JSON" in err


def test_the_readme_documents_the_terraform_workflow() -> None:
    readme = (MODULE / "README.md").read_text()
    for command in ("terraform init", "terraform plan", "terraform apply", "terraform output -json"):
        assert command in readme
    assert "check-terraform" in readme


def test_example_fixtures_are_what_the_module_would_output(tmp_path: Path) -> None:
    """The fixtures follow the module's own locals for the example clusters (the evaluator's view)."""
    for cluster in ("acme", "acme-legacy"):
        terraform = module_for(ROOT / f"clusters/{cluster}.yaml")
        document = json.loads((FIXTURES / f"terraform-output-{cluster}.json").read_text())
        assert document["node_role_names"]["value"] == terraform.local("node_roles")
        assert document["instance_profile_names"]["value"] == terraform.local("tenant_instance_profiles")
        assert document["interruption_queue_name"]["value"] == terraform.local("queue_name")
        assert document["controller_role_arn"]["value"].endswith("/" + terraform.local("controller_role_name"))
