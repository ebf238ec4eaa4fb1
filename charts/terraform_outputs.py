"""Reads `terraform output -json` of the module in terraform/ and reports every place where what
Terraform created differs from dist/<key>/aws.json, the resolved names the module was given and the
manifests beside it reference."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from charts.versions import Generation

REQUIRED_OUTPUTS = (
    "cluster_name",
    "controller_role_arn",
    "node_role_names",
    "instance_profile_names",
    "default_instance_profile_name",
    "interruption_queue_name",
)


class OutputsError(Exception):
    """The outputs file cannot be read as `terraform output -json` of this module."""


def read_outputs(path: Path) -> dict[str, Any]:
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise OutputsError(f"{path}: cannot read: {error.strerror}") from None
    except json.JSONDecodeError as error:
        raise OutputsError(f"{path}: not JSON ({error.msg} at line {error.lineno}); write it with `terraform output -json`") from None
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
    return {name: value["value"] for name, value in document.items()} if wrapped else document


def mismatches(aws: dict[str, Any], outputs: dict[str, Any], source: str) -> list[str]:
    """One sentence per difference between Terraform's outputs and aws.json (read from `source`), which
    holds the names the manifests reference (tests/test_aws_json.py)."""
    v1 = aws["karpenter"]["generation"] == Generation.V1.value
    found = []

    def compare(name: str, created: Any, expected: Any, where: str) -> None:
        if created != expected:
            found.append(f"{name}: Terraform has {created!r} but {where} has {expected!r}")

    compare("cluster_name", outputs["cluster_name"], aws["cluster"]["name"], f"{source} cluster.name")
    compare(
        "controller_role_arn",
        outputs["controller_role_arn"],
        aws["controller_role"]["arn"],
        "the ServiceAccount annotation eks.amazonaws.com/role-arn",
    )
    compare(
        "interruption_queue_name",
        outputs["interruption_queue_name"],
        aws["interruption_queue"],
        "the Helm value " + ("settings.interruptionQueue" if v1 else "settings.aws.interruptionQueueName"),
    )
    _compare_maps(
        found, "node_role_names", outputs["node_role_names"] or {}, aws["node_roles"],
        "EC2NodeClass spec.role" if v1 else "node role (in its instance profile)",
    )
    _compare_maps(
        found, "instance_profile_names", outputs["instance_profile_names"] or {}, aws["instance_profiles"],
        "AWSNodeTemplate spec.instanceProfile",
    )
    compare(
        "default_instance_profile_name",
        outputs["default_instance_profile_name"],
        aws["default_instance_profile"],
        "the Helm value settings.aws.defaultInstanceProfile" if not v1 else f"{source} default_instance_profile",
    )
    return found


def _compare_maps(found: list[str], name: str, created: dict[str, str], manifests: dict[str, str], field: str) -> None:
    for tenant in sorted(set(created) | set(manifests)):
        owner = "the default instance profile's" if tenant == "(default)" else f"tenant {tenant}'s"
        if tenant not in created:
            found.append(f"{name}[{tenant}]: Terraform created none but {owner} {field} is {manifests[tenant]!r}")
        elif tenant not in manifests:
            found.append(f"{name}[{tenant}]: Terraform created {created[tenant]!r} for a tenant the manifests do not have")
        elif created[tenant] != manifests[tenant]:
            found.append(f"{name}[{tenant}]: Terraform created {created[tenant]!r} but {owner} {field} is {manifests[tenant]!r}")
