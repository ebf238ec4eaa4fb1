"""terraform-aws-modules/eks' node groups -> node-group records: `module "..." { eks_managed_node_groups = {...} }`
(v19-v21 argument names; v19/v20's `eks_managed_node_group_defaults` applied per argument as the module applies
them) and the module's `modules/eks-managed-node-group` on its own, with the defaults the module gives what is not
written and the node role it creates.

Owns the module's argument names and defaults. Imports the record, settings, ami, reasons and terraform; not the
other readers or the draft."""

from __future__ import annotations

from typing import Any

from karpenter_tenants.config.schema.node_class import ALIAS_FAMILIES
from karpenter_tenants.convert.hcl_values import Unresolved
from karpenter_tenants.convert.nodegroups.ami import CUSTOM_FAMILY, set_ami, set_custom_ami
from karpenter_tenants.convert.nodegroups.reasons import LAUNCH_TEMPLATE, rest
from karpenter_tenants.convert.nodegroups.record import DESCRIBE, Arguments, NodeGroup, Role
from karpenter_tenants.convert.nodegroups.settings import (
    set_block_devices,
    set_capacity_type,
    set_disk_size,
    set_instance_types,
    set_labels,
    set_metadata_options,
    set_monitoring,
    set_name,
    set_scaling,
    set_subnets,
    set_tags,
    set_taints,
)
from karpenter_tenants.convert.nodegroups.terraform import Source, node_role

# The root module's arguments its node groups take: (value, path) by name.
ModuleArguments = dict[str, tuple[Any, str]]


def read_module(source: Source, label: str, body: dict[str, Any]) -> list[NodeGroup]:
    """The node groups of one `module` block: none unless it is terraform-aws-eks (with eks_managed_node_groups) or
    its eks-managed-node-group module."""
    where, resolver, report = f"module.{label}", source.resolver, source.report
    module_source = resolver.value(body.get("source"))
    single = isinstance(module_source, str) and "eks-managed-node-group" in module_source
    if "self_managed_node_groups" in body:
        report.unsupported(
            f"{where}.self_managed_node_groups",
            "self-managed node groups (Auto Scaling groups) are not read: write their tenants by hand",
        )
    if not single and "eks_managed_node_groups" not in body:
        return []
    if resolver.value(body.get("create", True)) is False:
        report.note(where, "create = false: no node groups to import")
        return []
    if single:
        args = {
            k: (resolver.value(v), f"{where}.{k}")
            for k, v in body.items()
            if not k.startswith("__") and k not in ("source", "version", "providers", "depends_on")
        }
        group = _module_group(source, where, label, Arguments(where, args), None, f"{where}.aws_iam_role.this[0]")
        return [group] if group is not None else []
    groups = resolver.value(body["eks_managed_node_groups"])
    if not isinstance(groups, dict):
        reason = groups.reason if isinstance(groups, Unresolved) else "not a map of node groups"
        report.unresolved(
            f"{where}.eks_managed_node_groups", f"{reason}: import these node groups from `{DESCRIBE}` instead"
        )
        return []
    defaults = resolver.value(body.get("eks_managed_node_group_defaults", {}))
    if not isinstance(defaults, dict):
        reason = defaults.reason if isinstance(defaults, Unresolved) else "not a map"
        report.unresolved(
            f"{where}.eks_managed_node_group_defaults", f"{reason}: the node groups are imported without these defaults"
        )
        defaults = {}
    module = {name: (resolver.value(body[name]), f"{where}.{name}") for name in ("tags", "subnet_ids") if name in body}
    found = []
    for key, entry in groups.items():
        path = f"{where}.eks_managed_node_groups.{key}"
        if isinstance(key, Unresolved) or not isinstance(entry, dict):
            reason = (
                key.reason
                if isinstance(key, Unresolved)
                else entry.reason
                if isinstance(entry, Unresolved)
                else ("not a node group")
            )
            report.unresolved(path, f"{reason}: import this node group from `{DESCRIBE}` instead")
            continue
        args = {k: (v, f"{where}.eks_managed_node_group_defaults.{k}") for k, v in defaults.items()}
        args.update({k: (v, f"{path}.{k}") for k, v in entry.items()})
        address = f'{where}.module.eks_managed_node_group["{key}"].aws_iam_role.this[0]'
        group = _module_group(source, path, str(key), Arguments(path, args), module, address)
        if group is not None:
            found.append(group)
    return found


def _module_group(
    source: Source, where: str, key: str, args: Arguments, module: ModuleArguments | None, role_address: str
) -> NodeGroup | None:
    """One node group of terraform-aws-eks (v19-v21), its arguments resolved; the module's defaults applied (min 1,
    or 0 for modules/eks-managed-node-group on its own, max 3, desired 1, ON_DEMAND, EKS's AMI type). module: the
    root module's tags and subnet_ids, which its node groups take; None for the node group module on its own."""
    group = NodeGroup(where, source.report)
    take = args.take
    if take("create", True)[0] is False:
        group.report.note(where, "create = false: not imported")
        return None
    name, name_path = take("name", key)
    if not set_name(group, name, name_path):
        return None
    _ami(group, args)
    reservation = take("capacity_reservation_specification")
    reservations = _reservation_ids(reservation[0])
    if reservations is None and reservation[0] is not None:
        args.args["capacity_reservation_specification"] = reservation  # reported with the rest
    if args.given("instance_types"):
        set_instance_types(group, *take("instance_types"))
    else:
        group.report.unresolved(
            take("instance_types")[1],
            (
                "not set: the group runs a default instance type (EKS's t3.medium, unless the module's version or a launch "
                f"template sets another; `{DESCRIBE}` shows it): set requirements.instanceTypes yourself"
            ),
        )
    set_capacity_type(group, *take("capacity_type"), reservations=reservations)
    _launch_template(source, group, args)
    set_labels(group, *take("labels", {}))
    set_taints(group, *take("taints", {}))
    tags: dict[str, str] = {}
    for value, path in ((module or {}).get("tags", ({}, "")), take("tags", {}), take("launch_template_tags", {})):
        tags.update(group.report.entries(value, path, "tags"))
    set_tags(group, tags, f"{where}.tags")
    defaults = (("min_size", 1 if module is not None else 0), ("max_size", 3), ("desired_size", 1))
    defaulted = tuple(name.split("_")[0] for name, _ in defaults if not args.given(name))
    set_scaling(group, *(part for name, default in defaults for part in take(name, default)), defaulted=defaulted)
    subnets = take("subnet_ids")
    set_subnets(group, *(subnets if subnets[0] is not None else (module or {}).get("subnet_ids", subnets)))
    group.role = _module_role(source, group, args, name, role_address)
    rest(group, args.args)
    return group


def _ami(group: NodeGroup, args: Arguments) -> None:
    """ami_type (EKS's default when not given) and its release version, or a custom ami_id of the type's family
    or the platform's."""
    take = args.take
    ami_id, ami_id_path = take("ami_id", "")
    platform, platform_path = take("platform")
    given_type = args.given("ami_type")
    ami_type, ami_path = take("ami_type", "AL2023_x86_64_STANDARD")
    set_ami(group, ami_type, ami_path, *take("ami_release_version"), default=not given_type and ami_id == "")
    if ami_id != "":
        family = (
            ALIAS_FAMILIES.get(group.family or "")
            if given_type
            else CUSTOM_FAMILY.get(platform)
            if isinstance(platform, str)
            else None
        )
        set_custom_ami(group, ami_id, ami_id_path, family, ami_path if given_type else platform_path)


def _launch_template(source: Source, group: NodeGroup, args: Arguments) -> None:
    """The disk, block devices, metadata options and monitoring: the module's own launch template's
    (use_custom_launch_template, default true), or without one the node group's disk_size only."""
    take = args.take
    custom_template = take("use_custom_launch_template", True)[0] is not False
    disk, devices = take("disk_size"), take("block_device_mappings")
    if not custom_template:
        if disk[0] is not None:
            set_disk_size(group, *disk)
        for argument in ("block_device_mappings", "metadata_options", "enable_monitoring", "vpc_security_group_ids"):
            value, path = take(argument)
            if value not in (None, {}, []):
                group.report.note(
                    path, "ignored by the module without its own launch template (use_custom_launch_template = false)"
                )
        return
    if disk[0] is not None:
        group.report.unsupported(
            disk[1],
            "ignored by the module when it makes its own launch template "
            "(use_custom_launch_template, default true): the nodes have the AMI's default "
            "root disk or block_device_mappings; set rootVolume.size if you meant it",
        )
    if devices[0] is not None:
        set_block_devices(group, *devices)
    if args.given("metadata_options"):
        set_metadata_options(group, *take("metadata_options"))
    else:
        source.report.note(
            group.where.split(".eks_managed_node_groups")[0],
            (
                "the module's default metadata options (hop limit 2) let pods reach the node role through IMDS; "
                "synth's hop limit 1 keeps them to their own identity: set metadataOptions.httpPutResponseHopLimit: 2 "
                "for pods that need it"
            ),
        )
    set_monitoring(group, *take("enable_monitoring"))
    if take("create_launch_template", True)[0] is False:  # an existing launch template, named here
        for argument in ("launch_template_name", "launch_template_id"):
            if args.given(argument):
                group.report.unsupported(take(argument)[1], LAUNCH_TEMPLATE)
    for argument in ("launch_template_name", "launch_template_id", "launch_template_version"):
        take(argument)  # the module's own launch template's name: not the nodes'


def _reservation_ids(value: Any) -> list[str] | None:
    target = value.get("capacity_reservation_target") if isinstance(value, dict) else None
    found = target.get("capacity_reservation_id") if isinstance(target, dict) else None
    return [found] if isinstance(found, str) and found.startswith("cr-") else None


def _module_role(source: Source, group: NodeGroup, args: Arguments, name: Any, address: str) -> Role | None:
    """The node role: an existing one (create_iam_role = false: iam_role_arn), or the one the module creates,
    whose name is known when it takes no name prefix."""
    create, arn = args.take("create_iam_role", True), args.take("iam_role_arn")
    role_name, prefix = args.take("iam_role_name"), args.take("iam_role_use_name_prefix", True)
    args.take("iam_role_path")
    if create[0] is False:
        return node_role(source, group, *arn) if arn[0] is not None else None
    named = group.report.known(
        role_name[0] if role_name[0] is not None else f"{name}-eks-node-group", role_name[1], "nodeRole"
    )
    if named is None:
        return None
    if prefix[0] is not False:
        group.report.unresolved(
            prefix[1],
            (
                f"the module creates the node role with the name prefix '{named}-' (iam_role_use_name_prefix), known only "
                f"after apply: `terraform state show '{address}'` gives its name: set nodeRole (and iam.existing.roles) "
                "yourself"
            ),
        )
        return None
    return Role(str(named), str(named), owner=address)
