"""The names and ARNs a cluster file makes Terraform create or the controller's ServiceAccount carry, as AWS checks
them: lengths (config/naming.json "limits") and the region's partition. Each rule is a function of the loaded
ClusterFile returning (path, message) pairs. Imports config only."""

from __future__ import annotations

from karpenter_tenants.config import naming
from karpenter_tenants.config.resolved import resolve
from karpenter_tenants.config.rules import PathKey, Problem
from karpenter_tenants.config.schema.cluster_file import ClusterFile
from karpenter_tenants.config.versions import Generation

RULE = f"{naming.NAMING_FILE.parent.name}/{naming.NAMING_FILE.name}"


def _too_long(path: PathKey, what: str, value: str, limit_kind: str, fix: str) -> list[Problem]:
    limit = naming.limit(limit_kind)
    if len(value) > limit:
        return [(path, f"{what} {value!r} is {len(value)} characters; AWS allows at most {limit}: {fix}")]
    return []


def aws_names_fit(config: ClusterFile) -> list[Problem]:
    """The controller role's ARN is in the region's partition; the default controller role, EventBridge rule, SQS
    queue, node role and instance profile names are within AWS's lengths."""
    found: list[Problem] = []
    cluster, karpenter = config.cluster, config.karpenter
    role = karpenter.controller_role
    partition = naming.partition(cluster.region)
    if role.arn is not None and role.arn.split(":")[1] != partition:
        found.append(
            (
                ("karpenter", "controllerRole", "arn"),
                f"{role.arn!r} is in partition {role.arn.split(':')[1]!r} but cluster.region {cluster.region} is in "
                f"{partition!r}: write it as 'arn:{partition}:iam::...'",
            )
        )
    if role.arn is None and role.name is None:
        found += _too_long(
            ("karpenter", "controllerRole"),
            f"the default controller role name (naming rule controller_role in {RULE})",
            resolve(config).controller_role_name,
            "iam_role",
            "set karpenter.controllerRole.name to a shorter name or shorten cluster.name",
        )
    rules = [
        naming.name("interruption_rule", cluster.name, rule=key)
        for key in naming.interruption_rules(config.generation.value)
    ]
    found += _too_long(  # the longest of the interruption queue's EventBridge rules
        ("cluster", "name"),
        f"the EventBridge rule name (naming rule interruption_rule in {RULE})",
        max(rules, key=len),
        "event_rule",
        "shorten cluster.name",
    )
    if karpenter.interruption_queue is None:
        found += _too_long(
            ("karpenter", "interruptionQueue"),
            f"the default SQS queue name (naming rule interruption_queue in {RULE})",
            resolve(config).interruption_queue,
            "sqs_queue",
            "set karpenter.interruptionQueue to a shorter name or shorten cluster.name",
        )
    v1 = config.generation is Generation.V1
    for index, tenant in enumerate(config.tenants):
        if tenant.node_role is None and not resolve(config).on_default_profile(tenant):
            fix = (
                f"set tenants[{index}].nodeRole to a shorter name, or shorten the tenant or cluster name"
                if v1
                else "shorten the tenant or cluster name"
            )
            what = "the default node role name" if v1 else "the name of the role in the tenant's instance profile"
            found += _too_long(
                ("tenants", index, "nodeRole" if v1 else "name"),
                f"{what} (naming rule node_role in {RULE})",
                resolve(config).node_role(tenant),
                "iam_role",
                fix,
            )
        profile = resolve(config).instance_profile(tenant)
        if not v1 and tenant.instance_profile is None and profile is not None:
            found += _too_long(
                ("tenants", index, "instanceProfile"),
                f"the default instance profile name (naming rule instance_profile in {RULE})",
                profile,
                "instance_profile",
                f"set tenants[{index}].instanceProfile to a shorter name, or shorten the tenant or cluster name",
            )
    return found


def default_profile_role_name_fits(config: ClusterFile) -> list[Problem]:
    """(0.31) The role terraform/ creates for karpenter.defaultInstanceProfile is within IAM's length."""
    profile = config.karpenter.default_instance_profile
    if (
        config.generation is not Generation.V1
        and profile is not None
        and config.iam.default_node_role is None
        and profile not in config.iam.existing.instance_profiles
    ):
        return _too_long(
            ("karpenter", "defaultInstanceProfile"),
            f"the role of the default instance profile (naming rule default_node_role in {RULE})",
            resolve(config).default_node_role or "",
            "iam_role",
            "set iam.defaultNodeRole or shorten cluster.name",
        )
    return []
