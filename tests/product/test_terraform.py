"""The Terraform module in terraform/: its contract with the generator (dist/<key>/aws.json), the IAM
policies it attaches (computed by synthesis/iam_policies.py into aws.json), and the `terraform output -json`
hand-off. No terraform binary here: python-hcl2 parses the module, and the tests check that every value
it reads from aws.json exists there and that it applies aws.json's names and documents as they are; the
policy invariants run on the documents themselves."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import hcl2
import pytest
import yaml
from conftest import BASE_V1ALPHA5, EXAMPLE_DIST, EXAMPLES_DIR, ROOT, cluster_dict, write_cluster

from karpenter_tenants.checks.terraform_outputs import REQUIRED_OUTPUTS
from karpenter_tenants.commands.cli import main
from karpenter_tenants.config.loader import load_cluster_file
from karpenter_tenants.synthesis.aws_side import FORMAT, aws_json
from karpenter_tenants.synthesis.iam_policies import PASS_ROLE_CHUNK

MODULE = ROOT / "terraform"
FIXTURES = Path(__file__).parents[1] / "fixtures"


def parsed() -> dict[str, dict[str, Any]]:
    return {path.name: hcl2.load(path.open()) for path in sorted(MODULE.glob("*.tf"))}


def _without_comments(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_comments(v) for k, v in value.items() if k != "__comments__"}
    if isinstance(value, list):
        return [_without_comments(v) for v in value]
    return value


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


def module_locals() -> dict[str, Any]:
    return {
        k: v
        for document in parsed().values()
        for block in document.get("locals", [])
        for k, v in block.items()
        if not k.startswith("__")
    }


def unquote(value: Any) -> Any:
    return value[1:-1] if isinstance(value, str) and value.startswith('"') and value.endswith('"') else value


def aws_partition(region: str) -> tuple[str, str]:
    """(partition, DNS suffix) of a region as AWS's own SDK data knows them (botocore's endpoints.json)."""
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


def example(key: str) -> Path:
    """A committed dist/<key>/aws.json: what terraform/ reads for an example cluster."""
    return EXAMPLE_DIST / key / "aws.json"


# --- what the module reads of aws.json ------------------------------------------------------------

_REFERENCE = re.compile(r"^\$\{local\.(\w+)((?:\.\w+)*)\}$")


def aws_path(expression: str) -> str | None:
    """The aws.json path an expression is, when it is a bare reference followed through locals that are
    bare references themselves: '${local.node_roles}' -> 'node_roles', '${local.iam.node_trust}' ->
    'iam.node_trust'; None for anything else."""
    match = _REFERENCE.match(expression) if isinstance(expression, str) else None
    if match is None:
        return None
    name, rest = match[1], match[2]
    if name == "aws":
        return rest.lstrip(".")
    inner = aws_path(module_locals().get(name, ""))
    return None if inner is None else f"{inner}{rest}".lstrip(".")


def references() -> set[str]:
    """Every aws.json path the module's expressions name (local.aws.<path>, or through the iam local)."""
    text = json.dumps(_without_comments(parsed()))
    found = {m[1] for m in re.finditer(r"local\.aws((?:\.\w+)+)", text)}
    found |= {".iam" + m[1] for m in re.finditer(r"local\.iam((?:\.\w+)+)", text)}
    return {path.lstrip(".") for path in found}


def lookup(document: Any, path: str) -> tuple[bool, Any]:
    """(found, value) of a dotted path; found is also True when the path runs into a null on its way (what
    a count or a precondition guards in the module)."""
    for key in path.split("."):
        if document is None:
            return True, None
        if not isinstance(document, dict) or key not in document:
            return False, None
        document = document[key]
    return True, document


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


@pytest.mark.parametrize(
    ("variable", "instruction"),
    [
        ("cluster_config_path", "replaced by aws_file"),
        (
            "oidc_provider_arn",
            "set cluster.oidcProvider in the cluster file, run `python main.py`, and remove oidc_provider_arn",
        ),
    ],
)
def test_a_removed_variable_fails_with_the_upgrade_instruction(variable: str, instruction: str) -> None:
    [validation] = blocks("variable")[variable]["validation"]
    assert validation["condition"] == f"${{var.{variable} == null}}"
    assert instruction in validation["error_message"]
    assert f"var.{variable}" not in json.dumps([body for name, body in parsed().items() if name != "variables.tf"])


def test_the_outputs_the_generator_reads_exist_and_are_described() -> None:
    outputs = blocks("output")
    assert set(REQUIRED_OUTPUTS) <= set(outputs)
    assert all(body.get("description") for body in outputs.values())


def test_terraform_reads_aws_json_and_derives_no_name_and_no_policy() -> None:
    """One implementation of names and policies: the generator's. The module neither reads the cluster file
    nor applies a naming rule, a default or a policy statement of its own."""
    main_tf = (MODULE / "main.tf").read_text()
    assert "jsondecode(file(var.aws_file))" in main_tf
    # data sources only read what aws.json names as existing (iam.existing), by its for_each maps
    data = blocks("data")
    assert set(data) == {"aws_partition.current", "aws_iam_role.existing", "aws_iam_instance_profile.existing"}
    assert aws_path(data["aws_iam_role.existing"]["for_each"]) == "existing_roles"
    assert aws_path(data["aws_iam_instance_profile.existing"]["for_each"]) == "existing_instance_profiles"
    assert data["aws_iam_role.existing"]["name"] == data["aws_iam_instance_profile.existing"]["name"] == "${each.key}"
    for path in sorted(MODULE.glob("*.tf")):
        text = path.read_text()
        for needle in (
            "yamldecode",
            "try(",
            "naming.json",
            "cluster_config_path)",
            "replace(",
            "aws_iam_policy_document",
            '"arn:${',
            "sts:",
            "ec2:",
            "Statement",
        ):
            assert needle not in text, f"{path.name} has {needle}"
    assert not (MODULE / "naming.json").exists()


def test_every_policy_the_module_attaches_is_an_aws_json_document_as_it_is() -> None:
    documents = {}
    for name, body in blocks("resource").items():
        for attribute in ("policy", "assume_role_policy"):
            if attribute in body:
                match = re.fullmatch(r"\$\{jsonencode\((local\.[\w.]+)(\[count\.index\])?\)\}", body[attribute])
                assert match, f"{name}.{attribute} is {body[attribute]}, not jsonencode() of an aws.json document"
                documents[f"{name}.{attribute}"] = aws_path("${" + match[1] + "}")
    assert documents == {
        "aws_iam_role.controller.assume_role_policy": "iam.controller_trust",
        "aws_iam_role_policy.controller.policy": "iam.controller_policy",
        "aws_iam_policy.pass_node_roles.policy": "iam.pass_node_roles",
        "aws_iam_role.node.assume_role_policy": "iam.node_trust",
        "aws_sqs_queue_policy.interruption.policy": "iam.queue_policy",
        "aws_iam_policy.upgrade.policy": "iam.upgrade_controller_policy",
    }
    # one managed policy per document of iam.pass_node_roles, each attached to the controller role
    # (an existing controller role gets them only under iam.existing.attachPolicies)
    for resource in ("aws_iam_policy.pass_node_roles", "aws_iam_role_policy_attachment.pass_node_roles"):
        assert (
            blocks("resource")[resource]["count"]
            == "${local.attach_controller ? length(local.iam.pass_node_roles) : 0}"
        )
    assert module_locals()["attach_controller"] == "${local.create_controller_role || local.attach_to_existing}"
    assert aws_path(module_locals()["attach_to_existing"]) == "iam_options.attach_policies_to_existing"
    attachments = module_locals()["node_policy_attachments"]
    assert "concat(local.iam.node_managed_policy_arns, lookup(var.tenant_extra_policy_arns, tenant, []))" in attachments
    assert "for tenant, role in local.created_node_roles" in attachments
    existing = module_locals()["existing_node_policy_attachments"]
    assert existing.startswith("${local.attach_to_existing ?") and "local.iam.node_managed_policy_arns" in existing


def test_existing_roles_are_read_never_created_and_every_created_role_gets_the_boundary() -> None:
    resources, values = blocks("resource"), module_locals()
    assert values["wanted_node_roles"] == (
        "${{for key, role in local.node_roles : key => role if !contains(keys(local.existing_roles), role)}}"
    )
    # none at all where roles may not be created (variable create_iam_roles, aws.json iam_options.create_roles)
    assert values["created_node_roles"] == "${local.may_create_roles ? local.wanted_node_roles : {}}"
    assert values["may_create_roles"] == "${var.create_iam_roles && local.aws.iam_options.create_roles}"
    assert resources["aws_iam_role.controller"]["count"] == "${local.create_controller_role ? 1 : 0}"
    assert values["create_controller_role"] == "${local.aws.controller_role.create && local.may_create_roles}"
    for role in ("aws_iam_role.controller", "aws_iam_role.node"):
        assert resources[role]["permissions_boundary"] == "${local.boundary}"
    assert aws_path(values["boundary"]) == "iam_options.permissions_boundary"
    assert [name for name, body in resources.items() if name.startswith("aws_iam_role.")] == [
        "aws_iam_role.controller",
        "aws_iam_role.node",
    ]
    # profiles: existing ones are not created
    for profile, test in (
        ("aws_iam_instance_profile.tenant", "for_each"),
        ("aws_iam_instance_profile.default", "count"),
    ):
        assert "!contains(keys(local.existing_profiles)" in resources[profile][test], profile
    # the earlier revision's addresses move instead of being replaced, by `moved` blocks all in migrations.tf
    moved = [(block["from"], block["to"]) for document in parsed().values() for block in document.get("moved", [])]
    assert [name for name, document in parsed().items() if document.get("moved")] == ["migrations.tf"]
    assert ("${aws_iam_role.controller}", "${aws_iam_role.controller[0]}") in moved
    assert ("${aws_iam_role_policy.controller}", "${aws_iam_role_policy.controller[0]}") in moved


def with_oidc(data: dict[str, Any]) -> dict[str, Any]:
    data["cluster"]["oidcProvider"] = "oidc.eks.ca-central-1.amazonaws.com/id/C99F50C4A2A9B6C3516F9BB73F3237D7"
    return data


def in_region(data: dict[str, Any], region: str) -> dict[str, Any]:
    data["cluster"]["region"] = region
    return data


CASES: dict[str, Path | dict[str, Any]] = {
    "example 1.x": EXAMPLES_DIR / "acme.yaml",
    "example 0.31": EXAMPLES_DIR / "acme-legacy.yaml",
    "example argocd": EXAMPLES_DIR / "acme-argocd.yaml",
    "1.x with derived names": with_oidc(
        cluster_dict(tenants=[{"name": "alpha"}, {"name": "beta", "nodeRole": "custom-beta"}])
    ),
    "1.x irsa, GovCloud": in_region(
        with_oidc(cluster_dict(karpenter={"version": "1.14.1", "identity": "irsa"})), "us-gov-west-1"
    ),
    "1.x pod identity, China": in_region(cluster_dict(), "cn-north-1"),
    "0.31 without default profile": with_oidc(
        cluster_dict(BASE_V1ALPHA5, tenants=[{"name": "alpha"}, {"name": "beta", "instanceProfile": "custom-beta"}])
    ),
    "0.31 with default profile, China": in_region(
        with_oidc(
            cluster_dict(BASE_V1ALPHA5, karpenter={"version": "0.31.5", "defaultInstanceProfile": "default-acme"})
        ),
        "cn-north-1",
    ),
    "0.31 on the upgrade path (karpenter.upgradingFrom)": with_oidc(
        cluster_dict(BASE_V1ALPHA5, karpenter={"version": "0.31.5", "upgradingFrom": "0.31.5"})
    ),
    "custom namespace, queue and role arn": with_oidc(
        cluster_dict(
            karpenter={
                "version": "1.14.1",
                "namespace": "kube-karpenter",
                "serviceAccount": "kc",
                "interruptionQueue": "acme-interruptions",
                "controllerRole": {"arn": "arn:aws:iam::001234567890:role/platform/acme-karpenter"},
            }
        )
    ),
    "irsa without an OIDC provider": cluster_dict(karpenter={"version": "1.14.1", "identity": "irsa"}),
    "1.x brownfield: existing controller and shared node role, boundary, prefix": cluster_dict(
        karpenter={"version": "1.14.1", "controllerRole": {"name": "acme-karpenter"}},
        tenants=[
            {"name": "alpha", "nodeRole": "core-eks-node-group-2024"},
            {"name": "beta", "nodeRole": "core-eks-node-group-2024"},
            {"name": "gamma"},
        ],
        iam={
            "existing": {"roles": ["acme-karpenter", "arn:aws:iam::001234567890:role/eks/core-eks-node-group-2024"]},
            "sharedNodeRoles": ["core-eks-node-group-2024"],
            "permissionsBoundary": "arn:aws:iam::001234567890:policy/platform-boundary",
            "namePrefix": "platform-",
        },
    ),
    "1.x organisation rules: no role created, PassRole by name prefix": cluster_dict(
        karpenter={"version": "1.14.1", "controllerRole": {"name": "platform-karpenter-acme"}},
        tenants=[
            {"name": "alpha", "nodeRole": "platform-node-acme-alpha"},
            {"name": "beta", "nodeRole": "platform-node-acme-beta"},
        ],
        iam={
            "existing": {"roles": ["platform-karpenter-acme", "platform-node-acme-alpha", "platform-node-acme-beta"]},
            "createRoles": False,
            "passRole": {"namePrefix": "platform-node-acme-"},
        },
    ),
    "1.x PassRole by path, no access entries for existing node roles": cluster_dict(
        tenants=[{"name": "alpha", "nodeRole": "core-nodes"}, {"name": "beta"}],
        iam={
            "existing": {"roles": ["arn:aws:iam::001234567890:role/karpenter/acme/core-nodes"], "accessEntries": False},
            "passRole": {"path": "/karpenter/acme/"},
        },
    ),
    "0.31 getting-started IAM, existing": with_oidc(
        cluster_dict(
            BASE_V1ALPHA5,
            karpenter={
                "version": "0.31.5",
                "controllerRole": {"name": "acme-karpenter"},
                "defaultInstanceProfile": "KarpenterNodeInstanceProfile-acme",
            },
            iam={
                "existing": {
                    "roles": ["acme-karpenter"],
                    "attachPolicies": True,
                    "instanceProfiles": {"KarpenterNodeInstanceProfile-acme": "KarpenterNodeRole-acme"},
                }
            },
        )
    ),
}


def case_aws(case: str, folder: Path) -> dict[str, Any]:
    source = CASES[case]
    if isinstance(source, Path):
        return json.loads(example(source.stem).read_text())
    return json.loads(aws_file_for(write_cluster(folder / re.sub(r"\W+", "-", case), source)).read_text())


@pytest.fixture(scope="module")
def cases(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    folder = tmp_path_factory.mktemp("cases")
    return {case: case_aws(case, folder) for case in CASES}


def test_every_aws_json_value_the_module_reads_exists_in_what_the_generator_writes(
    cases: dict[str, dict[str, Any]],
) -> None:
    """A typo on either side fails here, not at `terraform plan`; a path may run into a null only where the
    module guards it (pod_identity_association under IRSA: count 0; controller_trust: a precondition)."""
    paths = references()
    assert {
        "iam.controller_policy",
        "node_roles",
        "pod_identity_association.role_arn",
        "interruption_queue_arn",
    } <= paths
    for path in sorted(paths):
        found = {case: lookup(aws, path) for case, aws in cases.items()}
        assert all(ok for ok, _ in found.values()), (
            f"local.aws.{path}: missing in {[c for c, (ok, _) in found.items() if not ok]}"
        )
        assert any(value is not None for _, value in found.values()), f"local.aws.{path} is null in every case"
    # and every document the generator computes is applied
    assert {p.split(".")[1] for p in paths if p.startswith("iam.")} == set(cases["example 1.x"]["iam"])


# Resource attributes that are aws.json names as they are (for_each: the map whose values name the resources).
NAMED = {
    ("aws_iam_role.controller", "name"): "controller_role.name",
    ("aws_iam_role.controller", "path"): "controller_role.path",
    ("aws_iam_instance_profile.default", "name"): "default_instance_profile",
    ("aws_sqs_queue.interruption", "name"): "interruption_queue",
    ("aws_eks_pod_identity_association.controller", "cluster_name"): "pod_identity_association.cluster_name",
    ("aws_eks_pod_identity_association.controller", "namespace"): "pod_identity_association.namespace",
    ("aws_eks_pod_identity_association.controller", "service_account"): "pod_identity_association.service_account",
    ("aws_eks_access_entry.node", "cluster_name"): "cluster.name",
}


def test_the_module_names_its_resources_with_aws_json_names_as_they_are() -> None:
    resources = blocks("resource")
    for (resource, attribute), path in NAMED.items():
        assert aws_path(resources[resource][attribute]) == path, (resource, attribute)
        if attribute == "for_each":
            assert resources[resource]["name"] == "${each.value}", resource
    assert resources["aws_iam_role.node"]["for_each"] == "${local.created_node_roles}"
    assert resources["aws_iam_role.node"]["name"] == "${each.value}"
    assert aws_path(module_locals()["tenant_instance_profiles"]) == "instance_profiles"
    assert (
        resources["aws_eks_access_entry.node"]["for_each"]
        == "${var.create_access_entries ? local.created_node_roles : {}}"
    )
    assert (
        aws_path("${local.tags}") is None and module_locals()["tags"] == "${merge(var.tags, local.aws.discovery_tags)}"
    )
    for tag in ("subnet_discovery", "security_group_discovery"):
        body = resources[f"aws_ec2_tag.{tag}"]
        assert (body["key"], body["value"]) == (
            "${local.discovery_tag_key}",
            "${local.aws.discovery_tags[local.discovery_tag_key]}",
        )
    assert module_locals()["discovery_tag_key"] == "${one(keys(local.aws.discovery_tags))}"
    # the identity: the association only under EKS Pod Identity, its role the controller role
    association = resources["aws_eks_pod_identity_association.controller"]
    assert association["count"] == "${local.pod_identity ? 1 : 0}"
    assert module_locals()["pod_identity"] == '${local.aws.karpenter.identity == "podIdentity"}'
    [precondition] = association["lifecycle"][0]["precondition"]
    assert precondition["condition"] == "${local.controller_role_arn == local.aws.pod_identity_association.role_arn}"


def test_a_0_31_cluster_gets_instance_profiles_and_a_1x_cluster_none() -> None:
    legacy = json.loads(example("acme-legacy").read_text())
    assert legacy["node_roles"] == {  # beta runs on the default instance profile: its role (issue 43)
        "(default)": "karpenter-node-acme-default",
        "alpha": "karpenter-node-acme-alpha",
    }
    assert legacy["instance_profiles"] == {"alpha": "karpenter-node-acme-alpha"}
    assert legacy["default_instance_profile"] == "default-acme"
    current = json.loads(example("acme").read_text())
    assert current["instance_profiles"] == {} and current["default_instance_profile"] is None
    assert current["node_roles"] == {
        "alpha": "karpenter-node-acme-alpha",
        "beta": "karpenter-node-acme-beta",
        "gamma": "karpenter-node-acme-gamma",
    }
    default = blocks("resource")["aws_iam_instance_profile.default"]
    assert default["count"].startswith("${local.legacy && local.default_instance_profile != null &&")
    assert default["role"] == '${local.node_role_names["(default)"]}'
    assert module_locals()["legacy"] == '${local.aws.karpenter.generation == "v1alpha5"}'


def test_a_role_arn_with_a_path_is_created_at_that_path(cases: dict[str, dict[str, Any]]) -> None:
    role = cases["custom namespace, queue and role arn"]["controller_role"]
    assert (role["name"], role["path"]) == ("acme-karpenter", "/platform/")


FORMAT_CHECK = re.compile(r"\$\{jsondecode\(file\(var\.aws_file\)\)\.format == (\d+)\}")


def format_check() -> tuple[int, str]:
    """(the format variable aws_file's validation accepts, its message)."""
    [(accepted, message)] = [
        (int(match[1]), unquote(validation["error_message"]))
        for validation in blocks("variable")["aws_file"]["validation"]
        if (match := FORMAT_CHECK.fullmatch(validation["condition"]))
    ]
    return accepted, message


def test_an_aws_json_of_another_format_fails_the_plan_with_the_fix(tmp_path: Path) -> None:
    """aws_file's validation reads the file's format itself (no local, no key beside format), so an older file
    fails with this message, whatever else fails on the keys it lacks."""
    accepted, message = format_check()
    assert accepted == FORMAT
    assert "run `python main.py` with the generator of this module's revision" in message
    assert f"format {FORMAT}" in message
    for key in ("acme", "acme-legacy", "acme-argocd"):
        assert json.loads(example(key).read_text())["format"] == accepted
    older = json.loads(example("acme").read_text())
    older["format"] = FORMAT - 1  # a file of the previous generator: no policy documents
    del older["iam"]
    assert older["format"] != accepted
    # nothing else checks the format: one place to move with FORMAT
    assert sum(json.dumps(document).count(".format") for document in parsed().values()) == 1


def test_irsa_without_an_oidc_provider_has_no_trust_and_the_plan_fails_naming_the_fix(
    cases: dict[str, dict[str, Any]],
) -> None:
    """IRSA's trust names the OIDC provider; EKS Pod Identity needs none (BASE_V1 has no oidcProvider)."""
    assert cases["irsa without an OIDC provider"]["iam"]["controller_trust"] is None
    preconditions = blocks("resource")["aws_iam_role.controller"]["lifecycle"][0]["precondition"]
    [guard] = [p for p in preconditions if p["condition"] == "${local.iam.controller_trust != null}"]
    assert "set cluster.oidcProvider" in guard["error_message"]
    assert cases["1.x pod identity, China"]["iam"]["controller_trust"] is not None


def test_the_queue_the_policies_name_is_the_queue_the_module_creates(cases: dict[str, dict[str, Any]]) -> None:
    [precondition] = blocks("resource")["aws_iam_role_policy.controller"]["lifecycle"][0]["precondition"]
    assert precondition["condition"] == "${aws_sqs_queue.interruption.arn == local.aws.interruption_queue_arn}"
    for aws in cases.values():
        cluster = aws["cluster"]
        arn = f"arn:{cluster['partition']}:sqs:{cluster['region']}:{cluster['account_id']}:{aws['interruption_queue']}"
        assert aws["interruption_queue_arn"] == arn
        assert [s["Resource"] for s in aws["iam"]["queue_policy"]["Statement"]] == [[arn], [arn]]


# --- IAM policies (aws.json "iam", synthesis/iam_policies.py) -------------------------------------------

MUTATING_EC2 = re.compile(r"^ec2:(?!Describe|Get)")


def statements_of(aws: dict[str, Any], *names: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """(document, statement) of the controller's documents (or the named ones)."""
    iam = aws["iam"]
    for name in names or ("controller_policy", "pass_node_roles"):
        documents = iam[name] if isinstance(iam[name], list) else [iam[name]] if iam[name] else []
        for document in documents:
            for statement in document["Statement"]:
                yield name, statement


def condition_keys(statement: dict[str, Any]) -> dict[str, list[str]]:
    return {key: values for keys in statement.get("Condition", {}).values() for key, values in keys.items()}


@pytest.mark.parametrize("case", sorted(CASES))
def test_every_document_is_an_iam_policy_with_unique_sids(case: str, cases: dict[str, dict[str, Any]]) -> None:
    iam = cases[case]["iam"]
    documents = [
        d for value in iam.values() for d in (value if isinstance(value, list) else [value]) if isinstance(d, dict)
    ]
    assert len(documents) >= 4  # controller policy and trust (unless irsa without a provider), node trust, queue
    for document in documents:
        assert set(document) == {"Version", "Statement"} and document["Version"] == "2012-10-17"
        sids = [s["Sid"] for s in document["Statement"]]
        assert len(sids) == len(set(sids)) and all(re.fullmatch(r"[A-Za-z0-9]+", sid) for sid in sids)
        for statement in document["Statement"]:
            assert statement["Effect"] in ("Allow", "Deny") and statement["Action"]
            for listed in ("Action", "Resource"):
                assert statement.get(listed, []) == sorted(statement.get(listed, [])), (statement["Sid"], listed)


@pytest.mark.parametrize("case", sorted(CASES))
def test_no_statement_allows_every_action(case: str, cases: dict[str, dict[str, Any]]) -> None:
    for _, statement in statements_of(cases[case], "controller_policy", "pass_node_roles", "queue_policy"):
        if statement["Effect"] == "Allow":
            assert not [a for a in statement["Action"] if a == "*" or a.endswith(":*")], statement["Sid"]


@pytest.mark.parametrize("case", sorted(CASES))
def test_no_mutating_ec2_action_applies_to_every_resource_without_a_tag_condition(
    case: str, cases: dict[str, dict[str, Any]]
) -> None:
    for _, statement in statements_of(cases[case]):
        if [a for a in statement["Action"] if MUTATING_EC2.match(a)] and "*" in statement["Resource"]:
            assert any("Tag/" in key for key in condition_keys(statement)), statement["Sid"]


@pytest.mark.parametrize("case", sorted(CASES))
def test_deleting_and_launching_instances_is_conditioned_on_the_cluster_tags(
    case: str, cases: dict[str, dict[str, Any]]
) -> None:
    aws = cases[case]
    name, partition, region = aws["cluster"]["name"], aws["cluster"]["partition"], aws["cluster"]["region"]
    instances = f"arn:{partition}:ec2:{region}:*:instance/*"
    checked = 0
    for _, statement in statements_of(aws):
        conditions = statement.get("Condition", {}).get("StringEquals", {})
        if {"ec2:TerminateInstances", "ec2:DeleteLaunchTemplate"} & set(statement["Action"]):
            assert conditions[f"aws:ResourceTag/kubernetes.io/cluster/{name}"] == ["owned"], statement["Sid"]
            checked += 1
        if "ec2:RunInstances" in statement["Action"] and instances in statement["Resource"]:
            assert conditions[f"aws:RequestTag/kubernetes.io/cluster/{name}"] == ["owned"], statement["Sid"]
            checked += 1
        if "ec2:RunInstances" in statement["Action"] and any(":launch-template/" in r for r in statement["Resource"]):
            assert conditions.get(
                f"aws:ResourceTag/kubernetes.io/cluster/{name}",
                conditions.get(f"aws:RequestTag/kubernetes.io/cluster/{name}"),
            ) == ["owned"], statement["Sid"]
    assert checked == 2


@pytest.mark.parametrize("case", sorted(CASES))
def test_pass_role_is_limited_to_this_clusters_node_roles_and_ec2(case: str, cases: dict[str, dict[str, Any]]) -> None:
    aws = cases[case]
    assert not [s for _, s in statements_of(aws, "controller_policy") if "iam:PassRole" in s["Action"]]
    passing = [s for _, s in statements_of(aws, "pass_node_roles")]
    assert all(s["Action"] == ["iam:PassRole"] for s in passing)
    assert all(
        condition_keys(s) == {"iam:PassedToService": ["ec2.amazonaws.com", "ec2.amazonaws.com.cn"]} for s in passing
    )
    account, partition = aws["cluster"]["account_id"], aws["cluster"]["partition"]
    path = aws["iam_options"]["node_role_path"]
    # each node role once (tenants may share an existing one), an existing role at the path AWS has it at
    arns = {
        aws["existing_roles"].get(role) or f"arn:{partition}:iam::{account}:role{path}{role}"
        for role in aws["node_roles"].values()
    }
    assert set(aws["node_role_arns"].values()) == arns
    listed = [arn for s in passing for arn in s["Resource"]]
    scope = aws["iam_options"]["pass_role"]
    if scope is not None:
        # iam.passRole: one pattern that every node role matches as IAM matches resources, and the controller does not
        assert listed == [scope] and scope.startswith(f"arn:{partition}:iam::{account}:role/") and scope.endswith("*")
        assert all(iam_matches(scope, arn) for arn in arns), (scope, arns)
        assert not iam_matches(scope, aws["controller_role"]["arn"])
        return
    assert sorted(listed) == sorted(arns) and len(listed) == len(arns)
    assert all(len(s["Resource"]) <= PASS_ROLE_CHUNK for s in passing)


def iam_matches(pattern: str, arn: str) -> bool:
    """IAM's matching of a Resource ARN with wildcards, as AWS documents it (IAM JSON policy elements: Resource):
    `*` any combination of zero or more characters, `/` included; `?` any single character; case-sensitive."""
    regex = "".join(".*" if c == "*" else "." if c == "?" else re.escape(c) for c in pattern)
    return re.fullmatch(regex, arn, re.DOTALL) is not None


@pytest.mark.parametrize("case", sorted(CASES))
def test_only_1x_may_manage_instance_profiles_and_only_ones_tagged_for_this_cluster(
    case: str, cases: dict[str, dict[str, Any]]
) -> None:
    aws = cases[case]
    managing = [s for _, s in statements_of(aws) if any("InstanceProfile" in a for a in s["Action"])]
    if aws["karpenter"]["generation"] == "v1alpha5":
        assert managing == []
        return
    read = {"iam:GetInstanceProfile", "iam:ListInstanceProfiles"}
    mutating = [s for s in managing if any(a not in read for a in s["Action"])]
    assert len(mutating) == 3
    for statement in mutating:
        assert any(f"kubernetes.io/cluster/{aws['cluster']['name']}" in key for key in condition_keys(statement))


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_controller_trust_is_irsa_and_or_pod_identity_as_aws_json_says(
    case: str, cases: dict[str, dict[str, Any]]
) -> None:
    aws = cases[case]
    trust = aws["iam"]["controller_trust"]
    by_sid = {s["Sid"]: s for s in (trust or {"Statement": []})["Statement"]}
    oidc = aws["cluster"]["oidc_provider"]
    subject = f"system:serviceaccount:{aws['karpenter']['namespace']}:{aws['karpenter']['service_account']}"
    if oidc is not None:
        assert by_sid.pop("KarpenterServiceAccount") == {
            "Sid": "KarpenterServiceAccount",
            "Effect": "Allow",
            "Action": ["sts:AssumeRoleWithWebIdentity"],
            "Principal": {"Federated": [aws["cluster"]["oidc_provider_arn"]]},
            "Condition": {"StringEquals": {f"{oidc}:sub": [subject], f"{oidc}:aud": ["sts.amazonaws.com"]}},
        }
    if aws["karpenter"]["identity"] == "podIdentity":
        # EKS Pod Identity's trust as AWS documents it (and terraform-aws-eks' modules/karpenter writes it).
        assert by_sid.pop("KarpenterPodIdentity") == {
            "Sid": "KarpenterPodIdentity",
            "Effect": "Allow",
            "Action": ["sts:AssumeRole", "sts:TagSession"],
            "Principal": {"Service": ["pods.eks.amazonaws.com"]},
        }
        assert aws["pod_identity_association"]["role_arn"] == aws["controller_role"]["arn"]
    else:
        assert aws["pod_identity_association"] is None
    assert by_sid == {}
    assert (trust is None) == (oidc is None and aws["karpenter"]["identity"] == "irsa")


def test_every_node_role_gets_an_access_entry() -> None:
    entry = blocks("resource")["aws_eks_access_entry.node"]
    assert unquote(entry["type"]) == "EC2_LINUX"
    assert entry["principal_arn"] == "${aws_iam_role.node[each.key].arn}"


# --- interruption queue, tags, webhook -------------------------------------------------------------


def test_the_interruption_queue_is_encrypted_short_lived_and_tls_only(cases: dict[str, dict[str, Any]]) -> None:
    queue = blocks("resource")["aws_sqs_queue.interruption"]
    assert queue["message_retention_seconds"] == 300
    assert queue["sqs_managed_sse_enabled"] is True
    for aws in cases.values():
        allow, deny = aws["iam"]["queue_policy"]["Statement"]
        assert allow["Principal"] == {"Service": ["events.amazonaws.com", "sqs.amazonaws.com"]}
        assert allow["Action"] == ["sqs:SendMessage"]
        assert (deny["Effect"], deny["Principal"], deny["Action"]) == ("Deny", "*", ["sqs:*"])
        assert deny["Condition"] == {"Bool": {"aws:SecureTransport": ["false"]}}


def test_the_webhook_rule_only_where_webhooks_run() -> None:
    webhook = blocks("resource")["aws_vpc_security_group_ingress_rule.webhook"]
    assert webhook["from_port"] == webhook["to_port"] == 8443
    assert webhook["count"].startswith("${local.legacy &&")


# --- terraform output -json hand-off -------------------------------------------------------------


def run_check(
    capsys: pytest.CaptureFixture[str], outputs: Path, cluster: str, dist: Path = EXAMPLE_DIST
) -> tuple[int, list[str], str]:
    status = main(
        ["--clusters", str(EXAMPLES_DIR), "check-terraform", str(outputs), "--cluster", cluster, "--dist", str(dist)]
    )
    captured = capsys.readouterr()
    return status, captured.out.splitlines(), captured.err


@pytest.mark.parametrize("cluster", ["acme", "acme-legacy"])
def test_matching_terraform_outputs_are_accepted(cluster: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, lines, _ = run_check(capsys, FIXTURES / f"terraform-output-{cluster}.json", cluster)
    assert (status, lines) == (0, [f"check-terraform: {cluster}: Terraform outputs match the manifests"])


def test_the_outputs_of_a_module_output_object_are_accepted_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
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


MISMATCHES: list[dict[str, Any]] = yaml.safe_load(
    (Path(__file__).parents[1] / "cases/terraform-mismatches.yaml").read_text()
)


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
    """The fixtures are what the module outputs for the example clusters: aws.json's names, which its
    resources carry as they are (test_the_module_names_its_resources_with_aws_json_names_as_they_are)."""
    aws = json.loads(example(cluster).read_text())
    document = {
        name: entry["value"]
        for name, entry in json.loads((FIXTURES / f"terraform-output-{cluster}.json").read_text()).items()
    }
    association = aws["pod_identity_association"]
    assert document == {
        "cluster_name": aws["cluster"]["name"],
        "controller_role_arn": aws["controller_role"]["arn"],
        "node_role_names": aws["node_roles"],
        "instance_profile_names": aws["instance_profiles"],
        "default_instance_profile_name": aws["default_instance_profile"],
        "interruption_queue_name": aws["interruption_queue"],
        # the association's id is AWS's; the rest is what the module's association carries
        "pod_identity_association": None
        if association is None
        else {
            "association_id": document["pod_identity_association"]["association_id"],
            "namespace": association["namespace"],
            "role_arn": association["role_arn"],
            "service_account": association["service_account"],
        },
        "existing_iam": {"roles": aws["existing_roles"], "instance_profiles": aws["existing_instance_profiles"]},
        "policies_to_attach": {},
        # every node role is created by the module, with its access entry
        "access_entries": aws["node_role_arns"],
    }
    outputs = blocks("output")
    assert outputs["node_role_names"]["value"].startswith(
        "${merge({for tenant, role in aws_iam_role.node : tenant => role.name}, "
    )
    assert outputs["interruption_queue_name"]["value"] == "${aws_sqs_queue.interruption.name}"


def test_every_interruption_rule_aws_json_names_has_its_event_pattern_in_the_module() -> None:
    """config/naming.json says which rules each generation gets and names them; sqs.tf holds their patterns."""
    from karpenter_tenants.config import naming

    events = module_locals()["interruption_events"]
    assert set(naming.interruption_rules("v1")) == set(events)
    assert set(naming.interruption_rules("v1alpha5")) == set(events) - {"capacity-reservation"}
    aws = json.loads((EXAMPLE_DIST / "acme/aws.json").read_text())
    assert aws["interruption_rules"]["instance-state-change"] == "karpenter-acme-instance-state-change"
    assert "for key, rule_name in local.aws.interruption_rules :" in module_locals()["interruption_rules"]


# --- terraform/README.md: the wiring example and the import blocks ---------------------------------

# The outputs of terraform-aws-modules/eks v21 and terraform-aws-modules/vpc v6 that the README's example may
# reference: facts, pinned here from the modules' published output references (their outputs.tf; for eks, e.g.
# https://registry.terraform.io/modules/terraform-aws-modules/eks/aws/21.0.0?tab=outputs). A reference to a name
# outside these fails the test instead of the user's `terraform plan`.
EKS_V21_OUTPUTS = {
    "cluster_arn",
    "cluster_certificate_authority_data",
    "cluster_endpoint",
    "cluster_id",
    "cluster_name",
    "cluster_oidc_issuer_url",
    "cluster_dualstack_oidc_issuer_url",
    "cluster_version",
    "cluster_platform_version",
    "cluster_status",
    "cluster_primary_security_group_id",
    "cluster_service_cidr",
    "cluster_ip_family",
    "access_entries",
    "access_policy_associations",
    "kms_key_arn",
    "kms_key_id",
    "kms_key_policy",
    "cluster_security_group_arn",
    "cluster_security_group_id",
    "node_security_group_arn",
    "node_security_group_id",
    "oidc_provider",
    "oidc_provider_arn",
    "cluster_tls_certificate_sha1_fingerprint",
    "cluster_iam_role_name",
    "cluster_iam_role_arn",
    "cluster_iam_role_unique_id",
    "cluster_addons",
    "cluster_identity_providers",
    "cloudwatch_log_group_name",
    "cloudwatch_log_group_arn",
    "fargate_profiles",
    "eks_managed_node_groups",
    "eks_managed_node_groups_autoscaling_group_names",
    "self_managed_node_groups",
    "self_managed_node_groups_autoscaling_group_names",
}
# The attributes of one eks_managed_node_groups entry (the eks-managed-node-group submodule's outputs).
EKS_NODE_GROUP_OUTPUTS = {
    "launch_template_id",
    "launch_template_arn",
    "launch_template_latest_version",
    "launch_template_name",
    "node_group_arn",
    "node_group_id",
    "node_group_resources",
    "node_group_autoscaling_group_names",
    "node_group_status",
    "node_group_labels",
    "node_group_taints",
    "iam_role_name",
    "iam_role_arn",
    "iam_role_unique_id",
    "security_group_arn",
    "security_group_id",
}
VPC_OUTPUTS = {
    "vpc_id",
    "vpc_cidr_block",
    "private_subnets",
    "public_subnets",
    "intra_subnets",
    "database_subnets",
    "private_subnets_cidr_blocks",
    "public_subnets_cidr_blocks",
    "azs",
    "natgw_ids",
}


def readme_hcl() -> list[str]:
    return re.findall(r"```hcl\n(.*?)```", (MODULE / "README.md").read_text(), re.S)


def test_the_readmes_wiring_example_references_only_outputs_the_eks_and_vpc_modules_have() -> None:
    [wiring] = [block for block in readme_hcl() if 'module "eks"' in block]
    parsed_example = hcl2.loads(wiring)
    references = re.findall(r"module\.(eks|vpc)\.(\w+)((?:\[\"\w+\"\])?\.\w+)?", wiring)
    assert {name for _, name, _ in references} >= {"node_security_group_id", "oidc_provider", "private_subnets"}
    for module, name, rest in references:
        assert name in (EKS_V21_OUTPUTS if module == "eks" else VPC_OUTPUTS), f"module.{module}.{name}"
        if rest:
            assert name == "eks_managed_node_groups" and rest.rsplit(".", 1)[1] in EKS_NODE_GROUP_OUTPUTS, rest
    # the karpenter module is called with variables it has, and the discovery tags have one owner
    modules = {name.strip('"'): body for block in parsed_example["module"] for name, body in block.items()}
    call = modules["karpenter_acme"]
    arguments = set(call) - {"source", "__comments__", "__is_block__"}
    assert arguments <= set(blocks("variable")), arguments - set(blocks("variable"))
    assert call["create_discovery_tags"] is False and "subnet_ids" not in call
    eks, vpc = modules["eks"], modules["vpc"]
    assert eks["node_security_group_tags"] == vpc["private_subnet_tags"] == "${local.karpenter_acme.discovery_tags}"
    assert lookup(json.loads(example("acme").read_text()), "discovery_tags") == (
        True,
        {"karpenter.sh/discovery": "acme"},
    )


def test_the_readmes_import_blocks_address_resources_the_module_has() -> None:
    """Each `to` names a resource of the module with the index its count or for_each gives it."""
    [imports] = [block for block in readme_hcl() if "import {" in block]
    resources = blocks("resource")
    addresses = [block["to"] for block in hcl2.loads(imports)["import"]]
    assert len(addresses) == 4
    for address in addresses:
        match = re.fullmatch(r"\$\{module\.karpenter_acme\.(\w+)\.(\w+)(\[(\d+|\"[^\"]+\")\])?\}", address)
        assert match, address
        body = resources[f"{match[1]}.{match[2]}"]
        index = match[4]
        if "count" in body:
            assert index == "0", address
        elif "for_each" in body:
            assert index is not None and index.startswith('"'), address
        else:
            assert index is None, address


def test_check_terraform_compares_existing_iam_and_lists_what_to_attach_yourself(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    outputs = json.loads((FIXTURES / "terraform-output-acme.json").read_text())
    outputs["existing_iam"]["value"]["roles"] = {"acme-karpenter": "arn:aws:iam::001234567890:role/acme-karpenter"}
    outputs["policies_to_attach"]["value"] = {
        "acme-karpenter": {"inline_policies": {"karpenter-controller": "{}"}, "managed_policies": []}
    }
    path = tmp_path / "outputs.json"
    path.write_text(json.dumps(outputs))
    status, out, _ = run_check(capsys, path, "acme")
    assert status == 1
    assert (
        "mismatch: existing_iam.roles: Terraform has {'acme-karpenter': 'arn:aws:iam::001234567890:role/acme-karpenter'}"
        in out[0]
    )
    assert out[1] == (
        "attach yourself: acme-karpenter: inline karpenter-controller (`terraform output policies_to_attach` "
        "has the documents)"
    )


@pytest.mark.parametrize(
    "outputs",
    [
        {"existing_iam": {"roles": {}}},
        {"policies_to_attach": {"r": {"managed_policies": 5}}},
        {"policies_to_attach": {"r": {"inline_policies": ["x"]}}},
    ],
)
def test_malformed_existing_iam_outputs_are_bad_input(
    outputs: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    document = json.loads((FIXTURES / "terraform-output-acme.json").read_text())
    for name, value in outputs.items():
        document[name]["value"] = value
    path = tmp_path / "outputs.json"
    path.write_text(json.dumps(document))
    status, _, err = run_check(capsys, path, "acme")
    assert status == 2 and "outputs of the wrong type" in err and "Traceback" not in err


def test_check_terraform_names_each_node_role_without_an_access_entry_and_the_command_that_creates_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Not a mismatch (exit 0): the role may have its access elsewhere (a managed node group's entry, aws-auth)."""
    aws = json.loads(example("acme").read_text())
    status, lines = check_edited(
        tmp_path,
        capsys,
        "acme",
        {
            "access_entries": {
                role: arn for role, arn in aws["node_role_arns"].items() if role != aws["node_roles"]["alpha"]
            }
        },
    )
    role = aws["node_roles"]["alpha"]
    assert (status, lines) == (
        0,
        [
            f"no access entry: {role} (alpha): terraform/ created no EKS access entry for it (the module's "
            "create_access_entries is false); unless it has one (a managed node group's role) or an aws-auth mapping, its "
            f"nodes cannot join the cluster: aws eks create-access-entry --cluster-name acme --principal-arn "
            f"{aws['node_role_arns'][role]} --type EC2_LINUX",
            "check-terraform: acme: Terraform outputs match the manifests",
        ],
    )


def test_check_terraform_says_an_existing_node_role_has_no_access_entry_under_access_entries_false(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    clusters, dist = tmp_path / "clusters", tmp_path / "dist"
    core = "arn:aws:iam::001234567890:role/eks/core-nodes"
    write_cluster(
        clusters,
        cluster_dict(
            tenants=[
                {"name": "alpha", "nodeRole": "core-nodes", "ami": {"alias": "al2023@v20261101"}},
                {"name": "beta", "ami": {"alias": "al2023@v20261101"}},
            ],
            iam={"existing": {"roles": [core], "accessEntries": False, "attachPolicies": True}},
        ),
    )
    assert main(["--clusters", str(clusters), "synth", "--out", str(dist)]) == 0
    aws = json.loads((dist / "acme/aws.json").read_text())
    outputs = {  # what the module outputs for it (tests/product/test_terraform_plan.py plans the same case)
        "cluster_name": "acme",
        "controller_role_arn": aws["controller_role"]["arn"],
        "node_role_names": aws["node_roles"],
        "instance_profile_names": {},
        "default_instance_profile_name": None,
        "interruption_queue_name": aws["interruption_queue"],
        "pod_identity_association": {**aws["pod_identity_association"], "association_id": "a-1"},
        "existing_iam": {"roles": aws["existing_roles"], "instance_profiles": {}},
        "policies_to_attach": {},
        "access_entries": {"karpenter-node-acme-beta": aws["node_role_arns"]["karpenter-node-acme-beta"]},
    }
    (tmp_path / "outputs.json").write_text(json.dumps(outputs))
    capsys.readouterr()
    status = main(["--clusters", str(clusters), "check-terraform", str(tmp_path / "outputs.json"), "--dist", str(dist)])
    out = capsys.readouterr().out.splitlines()
    assert status == 0
    assert out[0] == (
        "no access entry: core-nodes (alpha): terraform/ created no EKS access entry for it (an existing role, "
        "and iam.existing.accessEntries is false); unless it has one (a managed node group's role) or an "
        f"aws-auth mapping, its nodes cannot join the cluster: aws eks create-access-entry --cluster-name acme "
        f"--principal-arn {core} --type EC2_LINUX"
    )
