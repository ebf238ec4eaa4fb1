"""Reads `terraform output -json` of the module in terraform/ and reports every place where what
Terraform created differs from dist/<key>/aws.json, the resolved names the module was given and the
manifests beside it reference."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from karpenter_tenants.config.versions import Generation
from karpenter_tenants.config.yaml_input import InputError, read_json

REQUIRED_OUTPUTS = (
    "cluster_name",
    "controller_role_arn",
    "node_role_names",
    "instance_profile_names",
    "default_instance_profile_name",
    "interruption_queue_name",
    "pod_identity_association",
    "existing_iam",
    "policies_to_attach",
    "access_entries",
)


class OutputsError(Exception):
    """The outputs file cannot be read as `terraform output -json` of this module."""


def read_outputs(path: Path) -> dict[str, Any]:
    try:
        document = read_json(path)
    except OSError as error:
        raise OutputsError(f"{path}: cannot read: {error.strerror}") from None
    except InputError as error:
        raise OutputsError(str(error)) from None
    if not isinstance(document, dict):
        raise OutputsError(f"{path}: expected the object `terraform output -json` writes")
    missing = [name for name in REQUIRED_OUTPUTS if name not in document]
    if missing:
        raise OutputsError(
            f"{path}: missing outputs {', '.join(missing)}; is it the output of the module in terraform/?"
        )
    # `terraform output -json` wraps each output as {"value": ..., "type": ..., "sensitive": ...};
    # `terraform output -json <module output>` writes the module's object as it is.
    wrapped = all(isinstance(v, dict) and "value" in v and "type" in v for v in document.values())
    outputs = {name: value["value"] for name, value in document.items()} if wrapped else document
    wrong = [
        f"{name} should be {want}, not {json.dumps(outputs[name])[:60]}"
        for name, (want, fits) in _OUTPUT_TYPES.items()
        if not fits(outputs[name])
    ]
    if wrong:
        raise OutputsError(
            f"{path}: outputs of the wrong type: {'; '.join(wrong)}; is it the output of the module in terraform/?"
        )
    return outputs


def _string_map(value: Any) -> bool:
    return value is None or (isinstance(value, dict) and all(isinstance(v, str) for v in value.values()))


def _attach_entry(value: Any) -> bool:
    maps = (
        [value.get(k, {}) for k in ("inline_policies", "managed_policy_documents")]
        if isinstance(value, dict)
        else [None]
    )
    return (
        isinstance(value, dict)
        and all(isinstance(m, dict) and _string_map(m) for m in maps)
        and isinstance(value.get("managed_policies", []), list)
        and all(isinstance(i, str) for i in value.get("managed_policies", []))
    )


_OUTPUT_TYPES = {
    "cluster_name": ("a string", lambda v: isinstance(v, str)),
    "controller_role_arn": ("a string", lambda v: isinstance(v, str)),
    "node_role_names": ("a map of strings", _string_map),
    "instance_profile_names": ("a map of strings", _string_map),
    "default_instance_profile_name": ("a string or null", lambda v: v is None or isinstance(v, str)),
    "interruption_queue_name": ("a string", lambda v: isinstance(v, str)),
    "pod_identity_association": (
        "an object of strings or null",
        lambda v: (
            v is None
            or (
                isinstance(v, dict)
                and all(isinstance(v.get(k), str) for k in ("namespace", "service_account", "role_arn"))
            )
        ),
    ),
    "existing_iam": (
        "an object of two maps of strings (roles, instance_profiles)",
        lambda v: (
            isinstance(v, dict)
            and all(isinstance(v.get(k), dict) and _string_map(v.get(k)) for k in ("roles", "instance_profiles"))
        ),
    ),
    "access_entries": ("a map of strings", _string_map),
    "policies_to_attach": (
        "a map of objects of inline_policies (a map of strings) and managed_policies (strings)",
        lambda v: isinstance(v, dict) and all(_attach_entry(i) for i in v.values()),
    ),
}


def mismatches(aws: dict[str, Any], outputs: dict[str, Any], source: str) -> list[str]:
    """One sentence per difference between Terraform's outputs and aws.json (read from `source`), which
    holds the names the manifests reference (tests/unit/synthesis/test_aws_json.py)."""
    v1 = aws["karpenter"]["generation"] == Generation.V1.value
    found = []

    def compare(name: str, created: Any, expected: Any, where: str) -> None:
        if created != expected:
            found.append(f"{name}: Terraform has {created!r} but {where} has {expected!r}")

    compare("cluster_name", outputs["cluster_name"], aws["cluster"]["name"], f"{source} cluster.name")
    pod_identity = aws["karpenter"]["identity"] == "podIdentity"
    compare(
        "controller_role_arn",
        outputs["controller_role_arn"],
        aws["controller_role"]["arn"],
        "the pod identity association's role (aws.json)"
        if pod_identity
        else "the ServiceAccount annotation eks.amazonaws.com/role-arn",
    )
    found += _association_mismatches(aws, outputs["pod_identity_association"])
    compare(
        "interruption_queue_name",
        outputs["interruption_queue_name"],
        aws["interruption_queue"],
        "the Helm value " + ("settings.interruptionQueue" if v1 else "settings.aws.interruptionQueueName"),
    )
    _compare_maps(
        found,
        "node_role_names",
        outputs["node_role_names"] or {},
        aws["node_roles"],
        "EC2NodeClass spec.role" if v1 else "node role (in its instance profile)",
    )
    _compare_maps(
        found,
        "instance_profile_names",
        outputs["instance_profile_names"] or {},
        aws["instance_profiles"],
        "AWSNodeTemplate spec.instanceProfile",
    )
    compare(
        "default_instance_profile_name",
        outputs["default_instance_profile_name"],
        aws["default_instance_profile"],
        "the Helm value settings.aws.defaultInstanceProfile" if not v1 else f"{source} default_instance_profile",
    )
    existing = outputs["existing_iam"]
    compare("existing_iam.roles", existing["roles"], aws["existing_roles"], f"{source} existing_roles (iam.existing)")
    compare(
        "existing_iam.instance_profiles",
        existing["instance_profiles"],
        aws["existing_instance_profiles"],
        f"{source} existing_instance_profiles (iam.existing.instanceProfiles)",
    )
    return found


def to_attach(outputs: dict[str, Any]) -> list[str]:
    """What the user attaches to existing roles themselves (iam.existing.attachPolicies false): one line per role."""
    lines = []
    for role, wanted in sorted(outputs["policies_to_attach"].items()):
        parts = [f"inline {name}" for name in sorted(wanted.get("inline_policies") or {})]
        parts += [f"customer managed {name}" for name in sorted(wanted.get("managed_policy_documents") or {})]
        parts += [f"managed {arn}" for arn in wanted.get("managed_policies") or []]
        if parts:
            lines.append(f"{role}: {', '.join(parts)} (`terraform output policies_to_attach` has the documents)")
    return lines


def without_access_entry(aws: dict[str, Any], outputs: dict[str, Any]) -> list[str]:
    """One line per node role of aws.json that terraform/ created no EKS access entry for (an existing role under
    iam.existing.accessEntries false, or any under the module's create_access_entries = false): its nodes join only
    with access it has elsewhere, else never; the command that gives it one."""
    entries = outputs["access_entries"] or {}
    existing = aws.get("existing_roles") or {}
    arns = {**(aws.get("node_role_arns") or {}), **existing}
    lines = []
    have = set((aws.get("iam_options") or {}).get("existing_node_roles_with_access_entry") or [])
    for role in sorted(set(aws["node_roles"].values())):
        if role in entries or role in have:  # listed in iam.existing.withAccessEntry: it has its entry
            continue
        tenants = sorted(t for t, name in aws["node_roles"].items() if name == role)
        why = (
            "an existing role, and iam.existing.accessEntries is false"
            if role in existing and not (aws.get("iam_options") or {}).get("existing_node_access_entries")
            else "the module's create_access_entries is false"
        )
        arn = arns.get(role, role)
        lines.append(
            f"{role} ({', '.join(tenants)}): terraform/ created no EKS access entry for it ({why}); unless it has one "
            f"(a managed node group's role) or an aws-auth mapping, its nodes cannot join the cluster: "
            f"aws eks create-access-entry --cluster-name {aws['cluster']['name']} --principal-arn {arn} --type EC2_LINUX"
        )
    return lines


def _compare_maps(found: list[str], name: str, created: dict[str, str], manifests: dict[str, str], field: str) -> None:
    for tenant in sorted(set(created) | set(manifests)):
        owner = "the default instance profile's" if tenant == "(default)" else f"tenant {tenant}'s"
        if tenant not in created:
            found.append(f"{name}[{tenant}]: Terraform created none but {owner} {field} is {manifests[tenant]!r}")
        elif tenant not in manifests:
            found.append(
                f"{name}[{tenant}]: Terraform created {created[tenant]!r} for a tenant the manifests do not have"
            )
        elif created[tenant] != manifests[tenant]:
            found.append(
                f"{name}[{tenant}]: Terraform created {created[tenant]!r} but {owner} {field} is {manifests[tenant]!r}"
            )


def _association_mismatches(aws: dict[str, Any], created: dict[str, Any] | None) -> list[str]:
    """The EKS Pod Identity association against the controller's ServiceAccount (namespace, name) and role."""
    karpenter, expected = aws["karpenter"], aws["pod_identity_association"]
    account = f"{karpenter['namespace']}/{karpenter['service_account']}"
    if expected is None:
        if created is None:
            return []
        return [
            f"pod_identity_association: Terraform has one ({created['namespace']}/{created['service_account']} → "
            f"{created['role_arn']}) but aws.json has identity irsa: apply terraform/ with it to delete the association"
        ]
    if created is None:
        return [
            f"pod_identity_association: Terraform created none but the ServiceAccount {account} has no role annotation "
            "(identity podIdentity in aws.json): the controller has no AWS credentials until terraform/ is applied"
        ]
    found = []
    for key, where in (
        ("namespace", "the ServiceAccount's namespace"),
        ("service_account", "the ServiceAccount"),
        ("role_arn", "the controller role of aws.json"),
    ):
        if created[key] != expected[key]:
            found.append(
                f"pod_identity_association.{key}: Terraform has {created[key]!r} but {where} is {expected[key]!r}"
            )
    return found
