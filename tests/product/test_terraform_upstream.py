"""The Terraform module against upstream's own getting-started CloudFormation of each reference release
(../shared/karpenter/<version>/iam/cloudformation.yaml): the controller policy statement by statement,
the node role (managed policies, trust), the interruption queue, its policy and the EventBridge rules.

Both sides are taken for one cluster: upstream's template with its !Sub variables resolved for the
cluster, and ours as the module applies them: the policy documents of the generator's aws.json for that
cluster (synthesis/iam_policies.py), the queue settings and event patterns written in terraform/. Both are
broken into facts (an action, a resource, a condition value, ...) and compared. Every deliberate difference
is listed once, with its reason, in terraform/upstream-differences.json; a difference not listed
there fails, and so does a listed one that no longer exists."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import BASE_V1, BASE_V1ALPHA5, EXAMPLE_DIST, EXAMPLES_DIR, cluster_dict, write_cluster
from test_terraform import MODULE, aws_file_for, aws_partition, blocks, module_locals, unquote

from karpenter_tenants.config.versions import REFERENCE_VERSIONS, KarpenterVersion
from karpenter_tenants.reference.versions import reference_folder

DIFFERENCES_FILE = MODULE / "upstream-differences.json"
EXAMPLES = sorted(p.stem for p in (EXAMPLES_DIR).glob("*.yaml"))
REGIONS = ["ca-central-1", "us-gov-west-1", "cn-north-1"]


# --- upstream: CloudFormation with its intrinsic functions ---------------------------------------


class _Intrinsic:
    def __init__(self, function: str, value: Any) -> None:
        self.function, self.value = function, value


class _CfnLoader(yaml.SafeLoader):
    """YAML with CloudFormation's short forms (!Sub, !GetAtt, !Ref, ...) kept as _Intrinsic."""


def _construct(loader: _CfnLoader, suffix: str, node: yaml.Node) -> _Intrinsic:
    if isinstance(node, yaml.ScalarNode):
        value: Any = loader.construct_scalar(node)
    elif isinstance(node, yaml.SequenceNode):
        value = loader.construct_sequence(node, deep=True)
    else:
        value = loader.construct_mapping(node, deep=True)
    return _Intrinsic(suffix, value)


_CfnLoader.add_multi_constructor("!", _construct)


def _resolve(value: Any, names: dict[str, str]) -> Any:
    """CloudFormation's evaluation of !Sub / !GetAtt / !Ref with the given parameter and attribute values."""
    if isinstance(value, _Intrinsic):
        if value.function == "Sub":

            def substitute(match: re.Match[str]) -> str:
                if match[1] not in names:
                    raise AssertionError(f"upstream template uses ${{{match[1]}}}, which this test does not model")
                return names[match[1]]

            return re.sub(r"\$\{([^}!]+)\}", substitute, value.value)
        if value.function in ("GetAtt", "Ref"):
            return names[value.value]
        raise AssertionError(f"upstream template uses !{value.function}, which this test does not model")
    if isinstance(value, dict):
        return {k: _resolve(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [_resolve(v, names) for v in value]
    return value


def upstream_resources(version: str, shared: Path, names: dict[str, str]) -> dict[str, Any]:
    path = reference_folder(shared, version) / "iam/cloudformation.yaml"
    template = yaml.load(path.read_text(encoding="utf-8"), Loader=_CfnLoader)  # noqa: S506 - SafeLoader subclass
    return {name: _resolve(resource, names) for name, resource in template["Resources"].items()}


# --- facts ------------------------------------------------------------------------------------------

Fact = tuple[str, ...]


def _listed(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


def _text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def statement_facts(statement: dict[str, Any]) -> set[Fact]:
    """An IAM statement in its JSON form as facts."""
    facts: set[Fact] = {("Effect", statement.get("Effect", "Allow"))}
    facts |= {("Action", a) for a in _listed(statement["Action"])}
    facts |= {("Resource", r) for r in _listed(statement.get("Resource", []))}
    principal = statement.get("Principal")
    if isinstance(principal, dict):
        facts |= {("Principal", kind, p) for kind, ids in principal.items() for p in _listed(ids)}
    elif principal is not None:
        facts.add(("Principal", "*", principal))
    for test, keys in statement.get("Condition", {}).items():
        facts |= {("Condition", test, key, _text(v)) for key, values in keys.items() for v in _listed(values)}
    return facts


def pass_role_statements(aws: dict[str, Any]) -> list[dict[str, Any]]:
    """The statements of every managed policy of iam.pass_node_roles merged into one per Sid: together they
    are what the controller may pass."""
    merged: dict[str, dict[str, Any]] = {}
    for document in aws["iam"]["pass_node_roles"]:
        for statement in document["Statement"]:
            if statement["Sid"] in merged:
                merged[statement["Sid"]]["Resource"] += statement["Resource"]
            else:
                merged[statement["Sid"]] = {**statement, "Resource": list(statement["Resource"])}
    return list(merged.values())


def _unquoted(value: Any) -> Any:
    """A literal as python-hcl2 gives it, quotes removed (keys too)."""
    if isinstance(value, dict):
        return {unquote(k): _unquoted(v) for k, v in value.items() if not k.startswith("__")}
    if isinstance(value, list):
        return [_unquoted(v) for v in value]
    return unquote(value)


def _by_sid(statements: list[dict[str, Any]]) -> dict[str, set[Fact]]:
    found: dict[str, set[Fact]] = {}
    for statement in statements:
        key = statement.get("Sid") or f"{statement['Effect']} {' '.join(_listed(statement['Action']))}"
        assert key not in found, f"two statements named {key}"
        found[key] = statement_facts(statement)
    return found


def _queue_key(statements: list[dict[str, Any]]) -> dict[str, set[Fact]]:
    """Queue policy statements by effect and actions (upstream's first statement has no Sid)."""
    return _by_sid([{k: v for k, v in s.items() if k != "Sid"} for s in statements])


# --- both sides for one cluster ----------------------------------------------------------------------


def cluster_for(version: str, region: str, folder: Path, identity: str | None = None) -> Path:
    generation = KarpenterVersion.parse(version).generation.value
    base = BASE_V1 if generation == "v1" else BASE_V1ALPHA5
    data = cluster_dict(base, karpenter={"version": version, **({"identity": identity} if identity else {})})
    data["cluster"]["region"] = region
    data["cluster"]["oidcProvider"] = f"oidc.eks.{region}.amazonaws.com/id/C99F50C4A2A9B6C3516F9BB73F3237D7"
    return write_cluster(folder, data)


def compared_parts(
    aws: dict[str, Any], shared: Path
) -> tuple[dict[str, dict[str, set[Fact]]], dict[str, dict[str, set[Fact]]], dict[str, Any]]:
    """(upstream, ours, placeholders) for the cluster of an aws.json: per part, per statement key, the facts of each side."""
    cluster = aws["cluster"]
    partition, region, account, name = cluster["partition"], cluster["region"], cluster["account_id"], cluster["name"]
    queue_arn = f"arn:{partition}:sqs:{region}:{account}:{aws['interruption_queue']}"  # as AWS forms a queue's ARN
    upstream_role = f"KarpenterNodeRole-{name}"
    names = {
        "AWS::Partition": partition,
        "AWS::Region": region,
        "AWS::AccountId": account,
        "AWS::URLSuffix": aws_partition(region)[1],  # the region's DNS suffix as AWS's SDK data has it
        "ClusterName": name,
        "KarpenterNodeRole": upstream_role,
        "KarpenterNodeRole.Arn": f"arn:{partition}:iam::{account}:role/{upstream_role}",
        "KarpenterInterruptionQueue": aws["interruption_queue"],
        "KarpenterInterruptionQueue.Arn": queue_arn,
    }
    resources = upstream_resources(aws["karpenter"]["version"], shared, names)

    def of_type(kind: str) -> dict[str, Any]:
        return {name: r["Properties"] for name, r in resources.items() if r["Type"] == kind}

    upstream: dict[str, dict[str, set[Fact]]] = {}
    upstream["controller policy"] = _by_sid(
        [s for p in of_type("AWS::IAM::ManagedPolicy").values() for s in json.loads(p["PolicyDocument"])["Statement"]]
    )
    [node_role] = of_type("AWS::IAM::Role").values()
    upstream["node role"] = {
        "managed policies": {("ManagedPolicy", arn) for arn in node_role["ManagedPolicyArns"]},
        "trust": set().union(*(statement_facts(s) for s in node_role["AssumeRolePolicyDocument"]["Statement"])),
    }
    [queue] = of_type("AWS::SQS::Queue").values()
    upstream["queue"] = {
        "settings": {
            ("MessageRetentionPeriod", str(queue["MessageRetentionPeriod"])),
            ("SqsManagedSseEnabled", _text(queue["SqsManagedSseEnabled"])),
        }
    }
    [queue_policy] = of_type("AWS::SQS::QueuePolicy").values()
    upstream["queue policy"] = _queue_key(queue_policy["PolicyDocument"]["Statement"])
    upstream["interruption rules"] = {
        " / ".join(rule["EventPattern"]["detail-type"]): {
            ("EventPattern", json.dumps(rule["EventPattern"], sort_keys=True)),
            *(("Target", target["Arn"]) for target in rule["Targets"]),
        }
        for rule in of_type("AWS::Events::Rule").values()
    }

    iam = aws["iam"]
    ours: dict[str, dict[str, set[Fact]]] = {}
    ours["controller policy"] = _by_sid(iam["controller_policy"]["Statement"])
    for key, facts in _by_sid(pass_role_statements(aws)).items():
        assert key not in ours["controller policy"], f"{key} both inline and in the node-role policies"
        ours["controller policy"][key] = facts
    ours["node role"] = {
        "managed policies": {("ManagedPolicy", arn) for arn in iam["node_managed_policy_arns"]},
        "trust": set().union(*(statement_facts(s) for s in iam["node_trust"]["Statement"])),
    }
    resources_tf = blocks("resource")
    queue_tf = resources_tf["aws_sqs_queue.interruption"]
    ours["queue"] = {
        "settings": {
            ("MessageRetentionPeriod", str(queue_tf["message_retention_seconds"])),
            ("SqsManagedSseEnabled", _text(queue_tf["sqs_managed_sse_enabled"])),
        }
    }
    ours["queue policy"] = _queue_key(iam["queue_policy"]["Statement"])
    # Every rule targets the queue the module creates, whose ARN the module requires to be aws.json's.
    assert resources_tf["aws_cloudwatch_event_target.interruption"]["arn"] == "${aws_sqs_queue.interruption.arn}"
    assert aws["interruption_queue_arn"] == queue_arn
    events = _unquoted(module_locals()["interruption_events"])
    ours["interruption rules"] = {
        " / ".join(events[key]["pattern"]["detail-type"]): {
            ("EventPattern", json.dumps(events[key]["pattern"], sort_keys=True)),
            ("Target", aws["interruption_queue_arn"]),
        }
        for key in aws["interruption_rules"]
    }
    placeholders = {
        "{partition}": partition,
        "{region}": region,
        "{account}": account,
        "{cluster}": name,
        "{node_role}": sorted(aws["node_roles"].values()),
    }
    return upstream, ours, placeholders


def aws_for(version: str, region: str, folder: Path, identity: str | None = None) -> dict[str, Any]:
    """The generator's aws.json for a cluster of that release in that region."""
    return json.loads(aws_file_for(cluster_for(version, region, folder, identity)).read_text())


def differences(upstream: dict[str, dict[str, set[Fact]]], ours: dict[str, dict[str, set[Fact]]]) -> set[Fact]:
    """('part', 'statement', 'missing'|'extra', *fact) and ('part', 'statement', 'only upstream'|'only module')."""
    found: set[Fact] = set()
    for part in sorted(set(upstream) | set(ours)):
        theirs, mine = upstream.get(part, {}), ours.get(part, {})
        for key in sorted(set(theirs) | set(mine)):
            if key not in mine:
                found.add((part, key, "only upstream"))
            elif key not in theirs:
                found.add((part, key, "only module"))
            else:
                found |= {(part, key, "missing", *fact) for fact in theirs[key] - mine[key]}
                found |= {(part, key, "extra", *fact) for fact in mine[key] - theirs[key]}
    return found


def listed_differences(version: str, placeholders: dict[str, Any]) -> set[Fact]:
    """terraform/upstream-differences.json for one release, placeholders filled in."""

    scalars = {k: v for k, v in placeholders.items() if isinstance(v, str)}

    def fill(fact: list[str]) -> list[Fact]:
        variants = [fact]
        if any("{node_role}" in item for item in fact):
            variants = [[item.replace("{node_role}", role) for item in fact] for role in placeholders["{node_role}"]]
        filled = []
        for variant in variants:
            items = []
            for item in variant:
                for placeholder, value in scalars.items():
                    item = item.replace(placeholder, value)
                items.append(item)
            filled.append(tuple(items))
        return filled

    found: set[Fact] = set()
    for entry in json.loads(DIFFERENCES_FILE.read_text(encoding="utf-8"))["differences"]:
        assert entry.get("reason"), f"{entry}: every listed difference needs its reason"
        if version not in entry["versions"]:
            continue
        head = (entry["part"], entry["statement"])
        if "only" in entry:
            found.add((*head, f"only {entry['only']}"))
        for side in ("missing", "extra"):
            for fact in entry.get(side, []):
                found |= {(*head, side, *filled) for filled in fill(fact)}
    return found


def assert_upstream_but_for_the_listed_differences(aws: dict[str, Any], shared: Path) -> None:
    version = aws["karpenter"]["version"]
    upstream, ours, placeholders = compared_parts(aws, shared)
    actual, listed = differences(upstream, ours), listed_differences(version, placeholders)
    unlisted = sorted(actual - listed)
    stale = sorted(listed - actual)
    assert not unlisted, (
        f"differences from upstream's {version} template not listed in {DIFFERENCES_FILE.name} "
        "(fix the module, or list them there with the reason):\n" + "\n".join(map(str, unlisted))
    )
    assert not stale, f"listed in {DIFFERENCES_FILE.name} but no longer a difference (remove them):\n" + "\n".join(
        map(str, stale)
    )
    # The comparison saw the whole template: every upstream statement and every rule.
    assert len(upstream["controller policy"]) >= 10 and len(upstream["interruption rules"]) >= 4


IDENTITIES = {"0.31.5": ["irsa"], "1.14.1": ["irsa", "podIdentity"]}  # 0.31 predates EKS Pod Identity


@pytest.mark.parametrize("region", REGIONS)
@pytest.mark.parametrize(("version", "identity"), [(v, i) for v in REFERENCE_VERSIONS for i in IDENTITIES[v]])
def test_the_module_is_upstreams_template_but_for_the_listed_differences(
    version: str, identity: str, region: str, tmp_path: Path, shared: Path
) -> None:
    assert_upstream_but_for_the_listed_differences(aws_for(version, region, tmp_path, identity), shared)


@pytest.mark.parametrize("key", EXAMPLES)
def test_every_examples_aws_json_is_upstreams_template_but_for_the_listed_differences(key: str, shared: Path) -> None:
    assert_upstream_but_for_the_listed_differences(json.loads((EXAMPLE_DIST / key / "aws.json").read_text()), shared)


def test_both_reference_releases_are_compared_and_cover_the_examples() -> None:
    assert set(IDENTITIES) == set(REFERENCE_VERSIONS)
    assert {
        json.loads((EXAMPLE_DIST / key / "aws.json").read_text())["karpenter"]["version"] for key in EXAMPLES
    } <= set(REFERENCE_VERSIONS)


def test_the_statements_upstream_added_for_1x_are_granted(tmp_path: Path, shared: Path) -> None:
    """The permissions whose absence was observed: EC2NodeClass finalizer, instance status, placement
    groups, zonal shift; and the capacity reservation interruption rule."""
    upstream, ours, _ = compared_parts(aws_for("1.14.1", "ca-central-1", tmp_path), shared)
    granted = {fact[1] for facts in ours["controller policy"].values() for fact in facts if fact[0] == "Action"}
    for action in (
        "iam:ListInstanceProfiles",
        "ec2:DescribeInstanceStatus",
        "ec2:DescribePlacementGroups",
        "arc-zonal-shift:GetManagedResource",
    ):
        upstream_grants = any(("Action", action) in facts for facts in upstream["controller policy"].values())
        assert upstream_grants and action in granted, action
    assert "EC2 Capacity Reservation Instance Interruption Warning" in ours["interruption rules"]
    assert ("ManagedPolicy", "arn:aws:iam::aws:policy/AmazonEC2ContainerRegistryPullOnly") in ours["node role"][
        "managed policies"
    ]


IAM_LIMITS = {"inline policies of a role": 10_240, "managed policy": 6_144}  # characters, whitespace excluded


@pytest.mark.parametrize("version", REFERENCE_VERSIONS)
def test_the_policies_fit_iams_size_limits_with_500_tenants_of_long_names(version: str, tmp_path: Path) -> None:
    base = BASE_V1 if KarpenterVersion.parse(version).generation.value == "v1" else BASE_V1ALPHA5
    data = cluster_dict(base, karpenter={"version": version})
    data["cluster"].update(name="c" * 23, region="us-gov-west-1")  # the longest ARN prefix of the three partitions
    template = {k: v for k, v in data["tenants"][0].items() if k not in ("nodeRole", "instanceProfile")}
    data["tenants"] = [{**template, "name": f"tenant-{i:03d}-" + "t" * 14} for i in range(500)]  # 64-character roles
    aws = json.loads(aws_file_for(write_cluster(tmp_path, data)).read_text())
    assert {len(r) for r in aws["node_roles"].values()} == {64}

    def size(document: dict[str, Any]) -> int:
        return len(json.dumps(document, separators=(",", ":")))

    assert size(aws["iam"]["controller_policy"]) <= IAM_LIMITS["inline policies of a role"]
    assert len(aws["iam"]["pass_node_roles"]) == 10  # IAM's default quota of managed policies per role
    for document in aws["iam"]["pass_node_roles"]:
        assert size(document) <= IAM_LIMITS["managed policy"]


def test_the_0_31_module_grants_no_1x_only_permission(tmp_path: Path, shared: Path) -> None:
    upstream, ours, _ = compared_parts(aws_for("0.31.5", "ca-central-1", tmp_path), shared)
    assert "EC2 Capacity Reservation Instance Interruption Warning" not in ours["interruption rules"]
    granted = {fact[1] for facts in ours["controller policy"].values() for fact in facts if fact[0] == "Action"}
    assert "iam:CreateInstanceProfile" not in granted and "arc-zonal-shift:GetManagedResource" not in granted
