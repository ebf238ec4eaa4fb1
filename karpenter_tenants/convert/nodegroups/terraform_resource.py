"""`resource "aws_eks_node_group"` blocks -> node-group records, with EKS's defaults for what is not written (AMI type
AL2023_x86_64_STANDARD, t3.medium); node groups made by count or for_each are reported, not guessed.

Owns the resource's argument names. Imports the record, settings, ami, reasons and terraform; not the other readers
or the draft."""

from __future__ import annotations

from typing import Any

from karpenter_tenants.convert.nodegroups.ami import set_ami
from karpenter_tenants.convert.nodegroups.reasons import REASONS, rest
from karpenter_tenants.convert.nodegroups.record import DESCRIBE, Arguments, NodeGroup
from karpenter_tenants.convert.nodegroups.settings import RESOURCE_NAMES, eks_settings, set_instance_types, set_name
from karpenter_tenants.convert.nodegroups.terraform import Source, node_role


def read_resource(source: Source, label: str, body: dict[str, Any]) -> NodeGroup | None:
    """One aws_eks_node_group; None when it cannot be imported (the reasons reported)."""
    where = f"aws_eks_node_group.{label}"
    for meta in ("count", "for_each"):
        if meta in body:
            source.report.unresolved(
                f"{where}.{meta}",
                f"the node groups {meta} makes are known only to Terraform: import them from `{DESCRIBE}` instead",
            )
            return None
    args = Arguments(
        where, {k: (source.resolver.value(v), f"{where}.{k}") for k, v in body.items() if not k.startswith("__")}
    )
    take = args.take
    group = NodeGroup(where, source.report)
    name, name_path = take("node_group_name")
    prefix, prefix_path = take("node_group_name_prefix")
    if name is None and isinstance(prefix, str):
        name, name_path = prefix.rstrip("-_"), prefix_path
    if not set_name(group, name if name is not None else label, name_path):
        return None
    given_type = args.given("ami_type")
    set_ami(group, *take("ami_type", "AL2023_x86_64_STANDARD"), *take("release_version"), default=not given_type)
    set_instance_types(group, *take("instance_types"), default=["t3.medium"])
    eks_settings(group, args, RESOURCE_NAMES)
    if args.given("node_role_arn"):
        group.role = node_role(source, group, *take("node_role_arn"))
    dynamic = take("dynamic", [])[0]
    for entry in dynamic if isinstance(dynamic, list) else []:
        for block in entry if isinstance(entry, dict) else {}:
            hint = "taints" if block == "taint" else f"what its {block} blocks say"
            group.report.unresolved(f"{where}.dynamic.{block}", f"{REASONS['dynamic']}: set {hint} yourself")
    rest(group, args.args)
    return group
