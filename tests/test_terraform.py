"""The Terraform module in terraform/: its contract with the generator (dist/<key>/aws.json), its IAM
policies, and the `terraform output -json` hand-off. No terraform binary here: python-hcl2 parses the
module and tests/hcl_eval.py evaluates what it still computes (policies, ARNs) over aws.json."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import hcl2
import pytest
import yaml
from conftest import BASE_V1ALPHA5, ROOT, cluster_dict, write_cluster
from hcl_eval import Module

from checks.terraform_outputs import REQUIRED_OUTPUTS
from commands.cli import main
from config.loader import load_cluster_file
from synth.aws_side import FORMAT, aws_json

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


def aws_file_for(config_path: Path) -> Path:
    """The generator's aws.json for a cluster file, written beside it (tests' temporary files only)."""
    loaded = load_cluster_file(config_path, display_name=config_path.name)
    target = config_path.with_name(f"{config_path.stem}.aws.json")
    target.write_text(aws_json(loaded.config, config_path.name), encoding="utf-8")
    return target


def module_for(aws_file: Path) -> Module:
    """The module reading an aws.json, with the provider's answers for the cluster's region
    (data.aws_partition) and the queue's ARN as AWS forms it."""
    variables = {
        "aws_file": str(aws_file), "oidc_provider_arn": None, "tags": {}, "create_access_entries": True,
        "tenant_extra_policy_arns": {"alpha": ["arn:aws:iam::aws:policy/AmazonS3ReadOnlyAccess"]},
    }
    module = Module(MODULE, variables)
    region, account = module.local("region"), module.local("account_id")
    partition, dns_suffix = aws_partition(region)
    module.references["data"] = {"aws_partition": {"current": {"partition": partition, "dns_suffix": dns_suffix}}}
    queue = module.local("queue_name")
    module.references["aws_sqs_queue"] = {
        "interruption": {"name": queue, "arn": f"arn:{partition}:sqs:{region}:{account}:{queue}"}
    }
    role = module.local("aws")["controller_role"]
    module.references["aws_iam_role"] = {
        "controller": {"arn": f"arn:{partition}:iam::{account}:role{role['path']}{role['name']}"}
    }
    return module


def example(key: str) -> Path:
    """A committed dist/<key>/aws.json: what terraform/ reads for an example cluster."""
    return ROOT / "dist" / key / "aws.json"


# --- layout and contract --------------------------------------------------------------------


def test_the_module_has_the_standard_files_and_every_file_parses() -> None:
    assert {"main.tf", "variables.tf", "outputs.tf", "versions.tf"} <= set(parsed())


def test_every_variable_is_typed_and_described_and_optional_ones_have_defaults() -> None:
    variables = blocks("variable")
    assert "aws_file" in variables
    for name, body in variables.items():
        assert body.get("description"), f"variable {name} has no description"
        assert body.get("type"), f"variable {name} has no type"
        if name != "aws_file":
            assert "default" in body, f"optional variable {name} has no default"
    assert "default" not in variables["aws_file"]
    assert variables["aws_file"]["type"] == "string"
    assert variables["subnet_ids"]["type"] == "${list(string)}"
    assert variables["tenant_extra_policy_arns"]["type"] == "${map(list(string))}"


def test_the_removed_cluster_config_path_fails_with_the_upgrade_instruction() -> None:
    [validation] = blocks("variable")["cluster_config_path"]["validation"]
    assert validation["condition"] == "${var.cluster_config_path == null}"
    assert "replaced by aws_file" in validation["error_message"]
    assert "dist/<key>/aws.json" in validation["error_message"]


def test_the_outputs_the_generator_reads_exist_and_are_described() -> None:
    outputs = blocks("output")
    assert set(REQUIRED_OUTPUTS) <= set(outputs)
    assert all(body.get("description") for body in outputs.values())


def test_terraform_reads_aws_json_and_derives_no_name_from_the_cluster_file() -> None:
    """One naming implementation: the generator's. The module neither reads the cluster file nor
    applies a naming rule or a default of its own."""
    main_tf = (MODULE / "main.tf").read_text()
    assert "jsondecode(file(var.aws_file))" in main_tf
    for path in sorted(MODULE.glob("*.tf")):
        text = path.read_text()
        for needle in ("yamldecode", "try(", "naming.json", "cluster_config_path)", "replace("):
            assert needle not in text, f"{path.name} has {needle}"
    assert not (MODULE / "naming.json").exists()


def with_oidc(data: dict[str, Any]) -> dict[str, Any]:
    data["cluster"]["oidcProvider"] = "oidc.eks.ca-central-1.amazonaws.com/id/C99F50C4A2A9B6C3516F9BB73F3237D7"
    return data


CASES = {
    "example 1.x": ROOT / "clusters/acme.yaml",
    "example 0.31": ROOT / "clusters/acme-legacy.yaml",
    "example argocd": ROOT / "clusters/acme-argocd.yaml",
    "1.x with derived names": with_oidc(
        cluster_dict(tenants=[{"name": "alpha"}, {"name": "beta", "nodeRole": "custom-beta"}])
    ),
    "0.31 without default profile": with_oidc(
        cluster_dict(BASE_V1ALPHA5, tenants=[{"name": "alpha"}, {"name": "beta", "instanceProfile": "custom-beta"}])
    ),
    "custom namespace, queue and role arn": with_oidc(cluster_dict(
        karpenter={
            "version": "1.14.1",
            "namespace": "kube-karpenter",
            "serviceAccount": "kc",
            "interruptionQueue": "acme-interruptions",
            "controllerRole": {"arn": "arn:aws:iam::001234567890:role/platform/acme-karpenter"},
        }
    )),
}


def resource_names(module: Module) -> dict[str, Any]:
    """What the module creates, evaluated from its resource blocks (for_each / count expanded)."""
    resources = blocks("resource")

    def each(resource: str, attribute: str = "name") -> dict[str, Any]:
        body = resources[resource]
        found = {}
        for key, value in module.evaluate(body["for_each"]).items():
            module.references["each"] = {"key": key, "value": value}
            found[key] = module.evaluate(body[attribute])
        module.references.pop("each", None)
        return found

    default = resources["aws_iam_instance_profile.default"]
    return {
        "controller_role": {
            "name": module.evaluate(resources["aws_iam_role.controller"]["name"]),
            "path": module.evaluate(resources["aws_iam_role.controller"]["path"]),
        },
        "node_roles": each("aws_iam_role.node"),
        "instance_profiles": each("aws_iam_instance_profile.tenant"),
        "default_instance_profile": module.evaluate(default["name"]) if module.evaluate(default["count"]) else None,
        "interruption_queue": module.evaluate(resources["aws_sqs_queue.interruption"]["name"]),
        **identity(module),
        "discovery_tag": (
            module.evaluate(resources["aws_ec2_tag.subnet_discovery"]["key"]),
            module.evaluate(resources["aws_ec2_tag.subnet_discovery"]["value"]),
        ),
        "tags": module.local("tags"),
    }


def identity(module: Module) -> dict[str, Any]:
    """The controller role's trust (the document the role uses, its statements) and the pod identity association."""
    documents = blocks("data")
    trust: dict[str, Any] = {}
    for kind in ("irsa", "pod_identity"):
        body = documents[f"aws_iam_policy_document.controller_trust_{kind}"]
        if module.evaluate(body["count"]):
            statement = body["statement"][0]
            trust[kind] = {
                "actions": module.evaluate(statement["actions"]),
                "principal": (module.evaluate(statement["principals"][0]["type"]),
                              module.evaluate(statement["principals"][0]["identifiers"])),
                "conditions": {module.evaluate(c["variable"]): module.evaluate(c["values"]) for c in statement.get("condition", [])},
            }
    role = blocks("resource")["aws_iam_role.controller"]
    module.references.setdefault("data", {})["aws_iam_policy_document"] = {
        f"controller_trust_{kind}": [{"json": kind}] for kind in trust
    }
    association = blocks("resource")["aws_eks_pod_identity_association.controller"]
    created = None
    if module.evaluate(association["count"]):
        created = {key: module.evaluate(association[key]) for key in ("cluster_name", "namespace", "service_account")}
        [precondition] = association["lifecycle"][0]["precondition"]
        created["role_arn_matches"] = module.evaluate(precondition["condition"])
    return {
        "trust": trust,
        "trust_used": module.evaluate(role["assume_role_policy"]),
        "pod_identity_sources": module.evaluate(documents["aws_iam_policy_document.controller_trust_pod_identity"]
                                                ["source_policy_documents"]) if "pod_identity" in trust else None,
        "association": created,
    }


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_module_creates_exactly_what_aws_json_names(case: str, tmp_path: Path) -> None:
    source = CASES[case]
    if isinstance(source, Path):
        aws_file = example(source.stem)
    else:
        aws_file = aws_file_for(write_cluster(tmp_path, source))
    aws = json.loads(aws_file.read_text())
    created = resource_names(module_for(aws_file))

    assert created["controller_role"] == {k: aws["controller_role"][k] for k in ("name", "path")}
    assert aws["controller_role"]["arn"].endswith(f":role{aws['controller_role']['path']}{aws['controller_role']['name']}")
    assert created["node_roles"] == aws["node_roles"]
    assert set(aws["tenants"]) <= set(created["node_roles"])
    assert created["instance_profiles"] == aws["instance_profiles"]
    assert created["default_instance_profile"] == aws["default_instance_profile"]
    assert created["interruption_queue"] == aws["interruption_queue"]
    oidc = aws["cluster"]["oidc_provider"]
    subject = f"system:serviceaccount:{aws['karpenter']['namespace']}:{aws['karpenter']['service_account']}"
    if oidc is not None:
        assert created["trust"]["irsa"] == {
            "actions": ["sts:AssumeRoleWithWebIdentity"],
            "principal": ("Federated", [aws["cluster"]["oidc_provider_arn"]]),
            "conditions": {f"{oidc}:sub": [subject], f"{oidc}:aud": ["sts.amazonaws.com"]},
        }
    if aws["karpenter"]["identity"] == "podIdentity":
        # EKS Pod Identity's trust as AWS documents it (and terraform-aws-eks' modules/karpenter writes it).
        assert created["trust"]["pod_identity"] == {
            "actions": ["sts:AssumeRole", "sts:TagSession"],
            "principal": ("Service", ["pods.eks.amazonaws.com"]),
            "conditions": {},
        }
        assert created["trust_used"] == "pod_identity"
        assert created["pod_identity_sources"] == (["irsa"] if oidc else [])
        association = aws["pod_identity_association"]
        assert created["association"] == {
            "cluster_name": aws["cluster"]["name"], "namespace": aws["karpenter"]["namespace"],
            "service_account": aws["karpenter"]["service_account"], "role_arn_matches": True,
        }
        assert association["role_arn"] == aws["controller_role"]["arn"]
    else:
        assert set(created["trust"]) == {"irsa"} and created["trust_used"] == "irsa"
        assert created["association"] is None
    [(key, value)] = aws["discovery_tags"].items()
    assert created["discovery_tag"] == (key, value)
    assert created["tags"] == aws["discovery_tags"]


def test_a_0_31_cluster_gets_instance_profiles_and_a_1x_cluster_none() -> None:
    legacy = resource_names(module_for(example("acme-legacy")))
    assert legacy["node_roles"] == {
        "(default)": "karpenter-node-acme-default",
        "alpha": "karpenter-node-acme-alpha",
        "beta": "karpenter-node-acme-beta",
    }
    assert legacy["instance_profiles"] == {"alpha": "karpenter-node-acme-alpha"}
    assert legacy["default_instance_profile"] == "default-acme"
    current = resource_names(module_for(example("acme")))
    assert current["instance_profiles"] == {} and current["default_instance_profile"] is None
    assert current["node_roles"] == {"alpha": "karpenter-node-acme-alpha", "beta": "karpenter-node-acme-beta"}


def test_a_role_arn_with_a_path_is_created_at_that_path(tmp_path: Path) -> None:
    aws_file = aws_file_for(write_cluster(tmp_path, CASES["custom namespace, queue and role arn"]))
    assert resource_names(module_for(aws_file))["controller_role"] == {"name": "acme-karpenter", "path": "/platform/"}


def test_the_module_refuses_another_format_and_irsa_without_oidc_provider(tmp_path: Path) -> None:
    """IRSA's trust names the OIDC provider; EKS Pod Identity needs none (BASE_V1 has no oidcProvider)."""
    preconditions = blocks("resource")["aws_iam_role.controller"]["lifecycle"][0]["precondition"]
    irsa = aws_file_for(write_cluster(tmp_path / "irsa", cluster_dict(karpenter={"version": "1.14.1", "identity": "irsa"})))
    assert [module_for(irsa).evaluate(p["condition"]) for p in preconditions] == [True, True, False]
    assert "set cluster.oidcProvider" in preconditions[2]["error_message"]
    pod_identity = aws_file_for(write_cluster(tmp_path / "pod", cluster_dict()))
    assert [module_for(pod_identity).evaluate(p["condition"]) for p in preconditions] == [True, True, True]
    document = json.loads(pod_identity.read_text())
    assert document["format"] == FORMAT
    document["format"] = FORMAT - 1  # a file of the previous generator, without identity and association
    pod_identity.write_text(json.dumps(document))
    assert module_for(pod_identity).evaluate(preconditions[0]["condition"]) is False


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
    aws = json.loads(example("acme").read_text())
    module = module_for(example("acme"))
    assert module.local("pass_role_chunks") == [module.local("node_role_arns")]
    account, partition = aws["cluster"]["account_id"], aws["cluster"]["partition"]
    assert module.local("node_role_arns") == [
        f"arn:{partition}:iam::{account}:role/{aws['node_roles'][tenant]}" for tenant in aws["tenants"]
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
    assert module_for(example("acme-legacy")).local("legacy") is True
    assert module_for(example("acme")).local("legacy") is False


def test_every_node_role_gets_an_access_entry() -> None:
    entry = blocks("resource")["aws_eks_access_entry.node"]
    assert unquote(entry["type"]) == "EC2_LINUX"
    legacy = module_for(example("acme-legacy"))
    assert legacy.evaluate(entry["for_each"]) == legacy.local("node_roles")
    assert sorted(legacy.local("node_roles")) == ["(default)", "alpha", "beta"]


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
    module = module_for(example("acme"))
    for tag in ("subnet_discovery", "security_group_discovery"):
        body = resources[f"aws_ec2_tag.{tag}"]
        assert (module.evaluate(body["key"]), module.evaluate(body["value"])) == ("karpenter.sh/discovery", "acme")
    webhook = resources["aws_vpc_security_group_ingress_rule.webhook"]
    assert webhook["from_port"] == webhook["to_port"] == 8443
    assert webhook["count"].startswith("${local.legacy &&")


# --- terraform output -json hand-off -------------------------------------------------------------


def run_check(
    capsys: pytest.CaptureFixture[str], outputs: Path, cluster: str, dist: Path = ROOT / "dist"
) -> tuple[int, list[str], str]:
    status = main(
        ["--clusters", str(ROOT / "clusters"), "check-terraform", str(outputs), "--cluster", cluster, "--dist", str(dist)]
    )
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


def check_edited(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], cluster: str, edits: dict[str, Any]
) -> tuple[int, list[str]]:
    """check-terraform on the cluster's fixture with some output values replaced."""
    document = json.loads((FIXTURES / f"terraform-output-{cluster}.json").read_text())
    for name, value in edits.items():
        document[name]["value"] = value
    outputs = tmp_path / "outputs.json"
    outputs.write_text(json.dumps(document))
    status, lines, _ = run_check(capsys, outputs, cluster)
    return status, lines


MISMATCHES: list[dict[str, Any]] = yaml.safe_load((Path(__file__).parent / "cases/terraform-mismatches.yaml").read_text())


@pytest.mark.parametrize("case", MISMATCHES, ids=[case["id"] for case in MISMATCHES])
def test_mismatched_terraform_outputs_are_reported_one_by_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], case: dict[str, Any]
) -> None:
    assert check_edited(tmp_path, capsys, case["cluster"], case["outputs"]) == (1, case["expect"])


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


def test_a_missing_or_stale_aws_json_is_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    outputs = FIXTURES / "terraform-output-acme.json"
    status, _, err = run_check(capsys, outputs, "acme", dist=tmp_path)
    assert status == 2
    assert f"{tmp_path}/acme/aws.json: not found; run `python main.py`" in err
    (tmp_path / "acme").mkdir()
    stale = json.loads(example("acme").read_text())
    stale["interruption_queue"] = "old-queue"
    (tmp_path / "acme/aws.json").write_text(json.dumps(stale))
    status, _, err = run_check(capsys, outputs, "acme", dist=tmp_path)
    assert status == 2
    assert "is not what clusters/acme.yaml gives (stale or edited)" in err
    (tmp_path / "acme/aws.json").write_bytes(b'{"_generated": "\xff"}\n')
    status, _, err = run_check(capsys, outputs, "acme", dist=tmp_path)
    assert status == 2 and "not UTF-8 text" in err


@pytest.mark.parametrize("cluster", ["acme", "acme-legacy"])
def test_example_fixtures_mirror_aws_json(cluster: str) -> None:
    """The fixtures are what the module outputs for the example clusters: aws.json's names as the
    module's resources carry them (the evaluator's view of the resource blocks)."""
    aws = json.loads(example(cluster).read_text())
    created = resource_names(module_for(example(cluster)))
    document = {name: entry["value"] for name, entry in json.loads((FIXTURES / f"terraform-output-{cluster}.json").read_text()).items()}
    assert document == {
        "cluster_name": aws["cluster"]["name"],
        "controller_role_arn": aws["controller_role"]["arn"],
        "node_role_names": created["node_roles"],
        "instance_profile_names": created["instance_profiles"],
        "default_instance_profile_name": created["default_instance_profile"],
        "interruption_queue_name": created["interruption_queue"],
        # the association's id is AWS's; the rest is what the module's association carries
        "pod_identity_association": None if created["association"] is None else {
            "association_id": document["pod_identity_association"]["association_id"],
            "namespace": created["association"]["namespace"],
            "role_arn": aws["controller_role"]["arn"],
            "service_account": created["association"]["service_account"],
        },
    }


@pytest.mark.parametrize("cluster", ["acme", "acme-legacy", "acme-argocd"])
def test_every_local_of_the_module_evaluates_on_each_examples_aws_json(cluster: str) -> None:
    """Every key the module reads from aws.json exists in the file the generator writes (a typo on either
    side fails here, not at `terraform plan`)."""
    module = module_for(example(cluster))
    evaluated = {name: module.local(name) for name in sorted(module.sources)}
    assert evaluated["aws"] == json.loads(example(cluster).read_text())
    assert {key.split(" ", 1)[0] for key in evaluated["node_policy_attachments"]} == set(evaluated["node_roles"])
    assert "alpha arn:aws:iam::aws:policy/AmazonS3ReadOnlyAccess" in evaluated["node_policy_attachments"]


def test_every_interruption_rule_aws_json_names_has_its_event_pattern_in_the_module() -> None:
    """config/naming.json says which rules each generation gets and names them; sqs.tf holds their patterns."""
    import hcl2

    from config import naming

    with open(MODULE / "sqs.tf") as handle:
        module = hcl2.load(handle)
    events = next(block["interruption_events"] for block in module["locals"] if "interruption_events" in block)
    assert set(naming.interruption_rules("v1")) == set(events)
    assert set(naming.interruption_rules("v1alpha5")) == set(events) - {"capacity-reservation"}
    aws = json.loads((ROOT / "dist/acme/aws.json").read_text())
    assert aws["interruption_rules"]["instance-state-change"] == "karpenter-acme-instance-state-change"
