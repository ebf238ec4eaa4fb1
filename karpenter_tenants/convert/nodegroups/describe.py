"""`aws eks describe-nodegroup --output json` documents ({"nodegroup": {...}}) -> node-group records: what EKS runs,
every value known; a document of another shape is refused.

Owns the document's field names and types. Imports config, the record, settings, ami and reasons; not the
Terraform readers or the draft."""

from __future__ import annotations

from pathlib import Path

from karpenter_tenants.config.yaml_input import read_json
from karpenter_tenants.convert.hcl_values import short
from karpenter_tenants.convert.nodegroups.ami import set_ami
from karpenter_tenants.convert.nodegroups.reasons import rest
from karpenter_tenants.convert.nodegroups.record import (
    DESCRIBE,
    KINDS,
    UNIQUE_SUFFIX,
    Arguments,
    FileReport,
    NodeGroup,
    NodeGroupsRefused,
    Report,
)
from karpenter_tenants.convert.nodegroups.settings import (
    DESCRIBE_NAMES,
    eks_settings,
    role_of_arn,
    set_instance_types,
    set_name,
)

_JSON_TYPES = {str: "a string", list: "a list", dict: "an object", int: "an integer"}
_DESCRIBE_SHAPES = {
    "nodegroupName": str,
    "instanceTypes": list,
    "capacityType": str,
    "amiType": str,
    "releaseVersion": str,
    "diskSize": int,
    "labels": dict,
    "taints": list,
    "tags": dict,
    "scalingConfig": dict,
    "nodeRole": str,
    "subnets": list,
}


def read_describe(path: Path, report: Report) -> NodeGroup:
    """One `aws eks describe-nodegroup --output json` document; NodeGroupsRefused when it is not one."""
    document = read_json(path, written_by=DESCRIBE)
    entry = document.get("nodegroup") if isinstance(document, dict) else None
    if not isinstance(entry, dict):
        raise NodeGroupsRefused([f'{path}: no "nodegroup" object, so not what `{DESCRIBE}` writes; {KINDS}'])
    problems = [
        f"{path}: nodegroup.{key}: {short(repr(entry[key]))} is not {_JSON_TYPES[kind]}; write the file with `{DESCRIBE}`"
        for key, kind in _DESCRIBE_SHAPES.items()
        if entry.get(key) is not None and (not isinstance(entry[key], kind) or isinstance(entry[key], bool))
    ]
    if not entry.get("nodegroupName"):
        problems.append(f"{path}: nodegroup.nodegroupName is missing; write the file with `{DESCRIBE}`")
    if problems:
        raise NodeGroupsRefused(problems)
    args = Arguments("nodegroup", {k: (v, f"nodegroup.{k}") for k, v in entry.items()})
    take = args.take
    group = NodeGroup(f"nodegroup {entry['nodegroupName']}", FileReport(str(path), report))
    name, name_path = take("nodegroupName")
    base = UNIQUE_SUFFIX.sub("", name)
    if base != name and base:
        group.report.note(name_path, f"{name!r} ends in Terraform's unique suffix: the tenant is named after {base!r}")
        name = base
    if not set_name(group, name, name_path):
        return group
    ami_type, ami_path = take("amiType")
    release = take("releaseVersion")
    if ami_type is None:
        group.report.unsupported(ami_path, "not given (a launch template's AMI): set ami yourself")
    else:
        set_ami(group, ami_type, ami_path, *release)
    if args.given("instanceTypes"):
        set_instance_types(group, *take("instanceTypes"))
    else:
        group.report.unresolved(
            take("instanceTypes")[1],
            "not given (the launch template's instance type): set requirements.instanceTypes yourself",
        )
    eks_settings(group, args, DESCRIBE_NAMES)
    if args.given("nodeRole"):
        group.role = role_of_arn(group, *take("nodeRole"))
    rest(group, args.args)
    return group
