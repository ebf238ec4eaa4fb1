"""Reads `terraform output -json` of the module in terraform/ and reports every place where what
Terraform created differs from what the manifests of the same cluster file reference."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from config.model import ClusterFile
from config.versions import Generation
from config.yaml_input import InputError, read_json

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


@dataclass(frozen=True)
class Expected:
    """What the manifests of one cluster file reference, in the module's output shape."""

    cluster_name: str
    controller_role_arn: str
    node_role_names: dict[str, str]  # 1.x: EC2NodeClass spec.role by tenant
    instance_profile_names: dict[str, str]  # 0.31: AWSNodeTemplate spec.instanceProfile by tenant
    default_instance_profile_name: str | None
    interruption_queue_name: str


def expected(config: ClusterFile) -> Expected:
    v1 = config.generation is Generation.V1
    profiles = {}
    if not v1:
        profiles = {t.name: p for t in config.sorted_tenants() if (p := config.instance_profile(t)) is not None}
    return Expected(
        cluster_name=config.cluster.name,
        controller_role_arn=config.controller_role_arn,
        node_role_names={t.name: config.node_role(t) for t in config.sorted_tenants()} if v1 else {},
        instance_profile_names=profiles,
        default_instance_profile_name=None if v1 else config.karpenter.default_instance_profile,
        interruption_queue_name=config.interruption_queue,
    )


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
        raise OutputsError(f"{path}: outputs of the wrong type: {'; '.join(wrong)}; is it the output of the module in terraform/?")
    return outputs


def _string_map(value: Any) -> bool:
    return value is None or (isinstance(value, dict) and all(isinstance(v, str) for v in value.values()))


_OUTPUT_TYPES = {
    "cluster_name": ("a string", lambda v: isinstance(v, str)),
    "controller_role_arn": ("a string", lambda v: isinstance(v, str)),
    "node_role_names": ("a map of strings", _string_map),
    "instance_profile_names": ("a map of strings", _string_map),
    "default_instance_profile_name": ("a string or null", lambda v: v is None or isinstance(v, str)),
    "interruption_queue_name": ("a string", lambda v: isinstance(v, str)),
}


def mismatches(config: ClusterFile, outputs: dict[str, Any], source: str) -> list[str]:
    """One sentence per difference between Terraform's outputs and the manifests."""
    want = expected(config)
    found = []

    def compare(name: str, created: Any, manifests: Any, where: str) -> None:
        if created != manifests:
            found.append(f"{name}: Terraform has {created!r} but {where} has {manifests!r}")

    compare("cluster_name", outputs["cluster_name"], want.cluster_name, f"{source} cluster.name")
    compare(
        "controller_role_arn",
        outputs["controller_role_arn"],
        want.controller_role_arn,
        "the ServiceAccount annotation eks.amazonaws.com/role-arn",
    )
    compare(
        "interruption_queue_name",
        outputs["interruption_queue_name"],
        want.interruption_queue_name,
        "the Helm value " + ("settings.interruptionQueue" if config.generation is Generation.V1 else "settings.aws.interruptionQueueName"),
    )
    if config.generation is Generation.V1:
        created = {k: v for k, v in (outputs["node_role_names"] or {}).items() if k != "(default)"}
        _compare_maps(found, "node_role_names", created, want.node_role_names, "EC2NodeClass spec.role")
    else:
        _compare_maps(
            found, "instance_profile_names", outputs["instance_profile_names"] or {}, want.instance_profile_names,
            "AWSNodeTemplate spec.instanceProfile",
        )
        compare(
            "default_instance_profile_name",
            outputs["default_instance_profile_name"],
            want.default_instance_profile_name,
            "the Helm value settings.aws.defaultInstanceProfile",
        )
    return found


def _compare_maps(found: list[str], name: str, created: dict[str, str], manifests: dict[str, str], field: str) -> None:
    for tenant in sorted(set(created) | set(manifests)):
        if tenant not in created:
            found.append(f"{name}[{tenant}]: Terraform created none but tenant {tenant}'s {field} is {manifests[tenant]!r}")
        elif tenant not in manifests:
            found.append(f"{name}[{tenant}]: Terraform created {created[tenant]!r} for a tenant the manifests do not have")
        elif created[tenant] != manifests[tenant]:
            found.append(
                f"{name}[{tenant}]: Terraform created {created[tenant]!r} but tenant {tenant}'s {field} is "
                f"{manifests[tenant]!r}"
            )
