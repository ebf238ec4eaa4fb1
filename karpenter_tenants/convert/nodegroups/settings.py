"""One node group setting -> its tenant's field on the record: name, instance types, capacity type, disks, labels,
taints, tags, scaling (limits come later, from the draft), subnets, metadata options, monitoring and a node role
given by ARN; and `eks_settings`, what aws_eks_node_group and describe-nodegroup both say (EKS's API).

Each function reads one value at its path and reports, at that path, what it cannot map (the AMI: ami.py). Owns the
EKS value tables (capacity types, taint effects, reserved labels and tags, EBS arguments). Imports config, the
record and reasons; not the readers or the draft."""

from __future__ import annotations

import re
from typing import Any

from karpenter_tenants.config.schema.iam import role_name_of
from karpenter_tenants.config.schema.node_class import ALIAS_FAMILIES, disk_layout
from karpenter_tenants.convert.hcl_values import Unresolved, as_text, short, unresolved_parts
from karpenter_tenants.convert.nodegroups.reasons import REASONS
from karpenter_tenants.convert.nodegroups.record import TENANT_KEY, Arguments, NodeGroup, Role, tenant_name

CAPACITY_TYPES = {"ON_DEMAND": "on-demand", "SPOT": "spot", "CAPACITY_BLOCK": "reserved"}
TAINT_EFFECTS = {"NO_SCHEDULE": "NoSchedule", "NO_EXECUTE": "NoExecute", "PREFER_NO_SCHEDULE": "PreferNoSchedule"}
# Node label domains Karpenter refuses on a NodePool (its CRD's rules).
RESTRICTED_LABELS = ("karpenter.sh", "karpenter.k8s.aws")
# The label terraform-aws-eks' Karpenter example puts on the node group the controller runs on, and the controller's
# nodeSelector selects: such a group is the controller's, never a tenant.
CONTROLLER_LABEL = "karpenter.sh/controller"
# EC2 tags the EC2NodeClass (or AWS) refuses, and cluster-autoscaler's discovery tags, which mean nothing on
# Karpenter's instances (they belong to no Auto Scaling group).
RESTRICTED_TAGS = (
    "karpenter.sh/nodepool",
    "karpenter.sh/nodeclaim",
    "karpenter.k8s.aws/ec2nodeclass",
    "eks:eks-cluster-name",
)
# terraform-aws-eks' block_device_mappings[].ebs arguments -> blockDevices[].ebs keys.
EBS_FIELDS = {
    "volume_size": "volumeSize",
    "volume_type": "volumeType",
    "iops": "iops",
    "throughput": "throughput",
    "encrypted": "encrypted",
    "kms_key_id": "kmsKeyID",
    "delete_on_termination": "deleteOnTermination",
    "snapshot_id": "snapshotID",
}
METADATA_OPTIONS = {
    "http_endpoint": "httpEndpoint",
    "http_tokens": "httpTokens",
    "http_put_response_hop_limit": "httpPutResponseHopLimit",
    "http_protocol_ipv6": "httpProtocolIPv6",
}


def set_name(group: NodeGroup, name: Any, path: str) -> bool:
    """The tenant's name: the node group's, made an RFC 1123 label; False (reported) when it has none."""
    report = group.report
    name = report.known(name, path, "the tenant's name")
    if not isinstance(name, str) or not name:
        if name is not None:
            report.unsupported(path, f"{short(repr(name))} is not a node group name")
        return False
    label = tenant_name(name)
    if not label:
        report.unsupported(path, f"{name!r} has no letter or digit to name a tenant after: not imported")
        return False
    if label != name:
        report.note(path, f"{name!r} is not an RFC 1123 label: the tenant is {label!r}")
    group.name, group.eks_name = label, name
    return True


def set_instance_types(group: NodeGroup, value: Any, path: str, default: list[str] | None = None) -> None:
    report = group.report
    if value is None and default is not None:
        report.note(path, f"not set: EKS's default {', '.join(default)}")
        value = default
    types = report.known(value, path, "requirements.instanceTypes")
    if types is None:
        return
    if not isinstance(types, list) or not all(isinstance(t, str) for t in types) or not types:
        report.unsupported(
            path, f"{short(repr(types))} is not a list of instance types: set requirements.instanceTypes yourself"
        )
        return
    group.instance_types = list(dict.fromkeys(types))
    group.requirements["instanceTypes"] = group.instance_types


def set_capacity_type(group: NodeGroup, value: Any, path: str, reservations: list[str] | None = None) -> None:
    report = group.report
    capacity = report.known(value if value is not None else "ON_DEMAND", path, "requirements.capacityTypes")
    if capacity is None:
        return
    if capacity not in CAPACITY_TYPES:
        report.unsupported(
            path,
            f"{short(repr(capacity))} is none of {', '.join(CAPACITY_TYPES)}: set requirements.capacityTypes yourself",
        )
        return
    if capacity == "CAPACITY_BLOCK" and not reservations:
        report.unresolved(
            path,
            "CAPACITY_BLOCK is Karpenter's capacity type reserved, which needs the reservation "
            "(in the launch template): set requirements.capacityTypes: [reserved] and "
            "capacityReservationSelector yourself",
        )
        return
    group.requirements["capacityTypes"] = [CAPACITY_TYPES[capacity]]
    if reservations:
        group.fields["capacityReservationSelector"] = [{"id": r} for r in reservations]


def set_disk_size(group: NodeGroup, value: Any, path: str) -> None:
    size = group.report.known(value, path, "rootVolume.size")
    if size is None:
        return
    if isinstance(size, bool) or not isinstance(size, int | float) or size < 1 or int(size) != size:
        group.report.unsupported(path, f"{short(repr(size))} is not a size in GiB: set rootVolume.size yourself")
        return
    group.fields["rootVolume"] = {"size": f"{int(size)}Gi"}


def set_block_devices(group: NodeGroup, value: Any, path: str) -> None:
    """terraform-aws-eks' block_device_mappings (a map, or a list) -> blockDevices, the family's root device
    marked rootVolume."""
    report = group.report
    if isinstance(value, dict):
        devices = [(f"{path}.{key}", device) for key, device in value.items()]
    elif isinstance(value, list):
        devices = [(f"{path}[{index}]", device) for index, device in enumerate(value)]
    else:
        report.known(value, path, "blockDevices")
        return
    layout = disk_layout(ALIAS_FAMILIES[group.family]) if group.family else ()
    root = next((device for device, _, is_root in layout if is_root), None)
    found = []
    for where, device in devices:
        name = device.get("device_name") if isinstance(device, dict) else device
        if isinstance(name, Unresolved):
            report.known(name, f"{where}.device_name" if isinstance(device, dict) else where, "blockDevices")
            continue
        if not isinstance(device, dict) or not isinstance(name, str):
            report.unsupported(
                where,
                f"{short(repr(device))} is not a block device mapping with a device_name: set blockDevices yourself",
            )
            continue
        entry: dict[str, Any] = {"deviceName": device["device_name"]}
        if device["device_name"] == root:
            entry["rootVolume"] = True
        found.append({**entry, "ebs": _ebs(group, device, where)})
    if found:
        group.fields["blockDevices"] = found


def _ebs(group: NodeGroup, device: dict[str, Any], where: str) -> dict[str, Any]:
    """A block device mapping's ebs as blockDevices[].ebs; its arguments without a blockDevices setting reported."""
    report = group.report
    ebs_in = device.get("ebs") or {}
    ebs_in = ebs_in[0] if isinstance(ebs_in, list) and ebs_in else ebs_in
    if not isinstance(ebs_in, dict):
        report.known(ebs_in, f"{where}.ebs", "blockDevices[].ebs")
        ebs_in = {}
    ebs: dict[str, Any] = {}
    for source, item in ebs_in.items():
        target = EBS_FIELDS.get(source)
        if target is None:
            report.unsupported(f"{where}.ebs.{source}", "no blockDevices setting")
        elif report.known(item, f"{where}.ebs.{source}", f"blockDevices[].ebs.{target}") is not None:
            ebs[target] = f"{item}Gi" if source == "volume_size" else item
    for other in sorted(set(device) - {"device_name", "ebs"}):
        if device[other] not in (None, ""):
            report.unsupported(f"{where}.{other}", "no blockDevices setting")
    return ebs


def set_labels(group: NodeGroup, value: Any, path: str) -> None:
    labels = group.report.entries(value, path, "labels")
    for key in list(labels):
        domain = key.split("/")[0] if "/" in key else ""
        if key == CONTROLLER_LABEL and labels[key] == "true":  # the controller's nodes: the group is skipped
            group.controller_label = f"{path}.{key}"
            del labels[key]
        elif domain.endswith(RESTRICTED_LABELS) or key == "kubernetes.io/hostname":
            group.report.unsupported(f"{path}.{key}", "a label Karpenter reserves for itself: not carried")
            del labels[key]
        elif key == TENANT_KEY:  # the tenant the group is part of (synth labels its nodes so itself)
            group.label_owner = (labels.pop(key), f"{path}.{key}")
    if labels:
        group.fields["labels"] = labels


def set_taints(group: NodeGroup, value: Any, path: str) -> None:
    """Taints as EKS writes them (key, value, effect NO_SCHEDULE...), a list or terraform-aws-eks v21's map."""
    report = group.report
    items = (
        list(value.items()) if isinstance(value, dict) else list(enumerate(value)) if isinstance(value, list) else None
    )
    if items is None:
        report.known(value, path, "taints")
        return
    for key, taint in items:
        where = f"{path}.{key}" if isinstance(value, dict) else f"{path}[{key}]"
        if report.known(taint, where, "taints") is None:
            continue
        if not isinstance(taint, dict) or not isinstance(taint.get("key"), str):
            report.unsupported(where, f"{short(repr(taint))} is not a taint (key, value, effect)")
            continue
        effect = taint.get("effect")
        if effect not in TAINT_EFFECTS:
            report.unsupported(f"{where}.effect", f"{effect!r} is none of {', '.join(TAINT_EFFECTS)}")
            continue
        entry = {
            "key": taint["key"],
            **({"value": as_text(taint["value"])} if taint.get("value") not in (None, "") else {}),
            "effect": TAINT_EFFECTS[effect],
        }
        if entry["key"] == TENANT_KEY:
            if entry["effect"] == "NoSchedule" and entry.get("value"):
                group.taint_owner = (entry["value"], where)  # synth's own isolation taint: dedicated
            else:
                report.unsupported(
                    where,
                    f"synth taints every node {TENANT_KEY}=<tenant name>:NoSchedule itself (dedicated): not carried",
                )
            continue
        group.taints.append(entry)


def set_tags(group: NodeGroup, value: Any, path: str) -> None:
    tags = group.report.entries(value, path, "tags")
    for key in list(tags):
        if key.startswith("k8s.io/cluster-autoscaler/"):
            group.autoscaled = True
            group.report.note(
                f"{path}.{key}",
                "cluster-autoscaler's discovery tag: not carried (Karpenter's nodes are in no Auto Scaling group)",
            )
            del tags[key]
        elif key in RESTRICTED_TAGS or key.startswith(("kubernetes.io/cluster", "aws:", "eks:")):
            group.report.note(f"{path}.{key}", "a tag AWS, EKS or Karpenter sets itself: not carried")
            del tags[key]
    if tags:
        group.fields["tags"] = {**group.fields.get("tags", {}), **tags}


def set_scaling(
    group: NodeGroup,
    minimum: Any,
    min_path: str,
    maximum: Any,
    max_path: str,
    desired: Any,
    desired_path: str,
    defaulted: tuple[str, ...] = (),
) -> None:
    """The max size (the draft sizes limits by it); the min and desired sizes reported. defaulted: which of min and
    max are the module's defaults, not written."""
    report = group.report
    hint = "limits.cpu and limits.memory (max size x the largest instance type)"
    group.max_path, group.max_default = max_path, "max" in defaulted
    if maximum is None:
        report.unresolved(max_path, f"not given: set {hint} yourself")
    size = report.known(maximum, max_path, hint)
    if size is not None and (isinstance(size, bool) or not isinstance(size, int) or size < 0):
        report.unsupported(max_path, f"{short(repr(size))} is not a node count: set {hint} yourself")
        size = None
    group.max_size = size
    low = minimum.expression if isinstance(minimum, Unresolved) else minimum
    if isinstance(low, str) or isinstance(low, int) and not isinstance(low, bool) and low > 0:
        default = " (the module's default)" if "min" in defaulted else ""
        report.unsupported(
            min_path,
            f"{low}{default}: Karpenter keeps no minimum of nodes, it launches for pending "
            "pods only (to keep capacity warm, run low-priority placeholder pods)",
        )
    if desired is not None and not unresolved_parts(desired, desired_path):
        report.note(desired_path, f"{desired}: Karpenter sizes the tenant's nodes to its pending pods")


def set_subnets(group: NodeGroup, value: Any, path: str) -> None:
    report = group.report
    subnets = report.known(
        value, path, "subnetSelector (or tag the subnets karpenter.sh/discovery: <cluster>, the default)"
    )
    if subnets is None:
        return
    if not isinstance(subnets, list) or not all(isinstance(s, str) and s.startswith("subnet-") for s in subnets):
        report.unsupported(path, f"{short(repr(subnets))} is not a list of subnet ids: set subnetSelector yourself")
        return
    if subnets:
        group.fields["subnetSelector"] = [{"id": s} for s in subnets]


def set_metadata_options(group: NodeGroup, value: Any, path: str) -> None:
    options = group.report.entries(value, path, "metadataOptions")
    found: dict[str, Any] = {}
    for key, item in options.items():
        if key in METADATA_OPTIONS:
            found[METADATA_OPTIONS[key]] = (
                int(item) if key == "http_put_response_hop_limit" and item.isdigit() else item
            )
        else:
            group.report.unsupported(f"{path}.{key}", REASONS.get(key, "no metadataOptions setting"))
    if found:
        group.fields["metadataOptions"] = found


def set_monitoring(group: NodeGroup, value: Any, path: str) -> None:
    enabled = group.report.known(value, path, "detailedMonitoring")
    if isinstance(enabled, bool):
        group.fields["detailedMonitoring"] = enabled


def role_of_arn(group: NodeGroup, value: Any, path: str) -> Role | None:
    """A node role given by its ARN (or a value that resolves to one); None, reported, otherwise."""
    arn = group.report.known(value, path, "nodeRole (and iam.existing.roles)")
    if arn is None:
        return None
    if not isinstance(arn, str) or not re.fullmatch(
        r"arn:aws[a-z-]*:iam::[0-9]{12}:role/([\w+=,.@-]+/)*[\w+=,.@-]{1,64}", arn, re.ASCII
    ):
        group.report.unsupported(path, f"{short(repr(arn))} is not an IAM role ARN: set nodeRole yourself")
        return None
    name = role_name_of(arn)
    return Role(name, arn if arn.split(":role/", 1)[1] != name else name)  # an ARN keeps a role's path


# EKS's node group settings as aws_eks_node_group and describe-nodegroup spell them.
RESOURCE_NAMES = {
    "capacity": "capacity_type",
    "disk": "disk_size",
    "labels": "labels",
    "taints": "taint",
    "tags": "tags",
    "scaling": "scaling_config",
    "sizes": ("min_size", "max_size", "desired_size"),
    "subnets": "subnet_ids",
}
DESCRIBE_NAMES = {
    "capacity": "capacityType",
    "disk": "diskSize",
    "labels": "labels",
    "taints": "taints",
    "tags": "tags",
    "scaling": "scalingConfig",
    "sizes": ("minSize", "maxSize", "desiredSize"),
    "subnets": "subnets",
}


def eks_settings(group: NodeGroup, args: Arguments, names: dict[str, Any]) -> None:
    """What an aws_eks_node_group and a describe-nodegroup document both say (EKS's API), by the names of one."""
    take = args.take
    set_capacity_type(group, *take(names["capacity"]))
    if args.given(names["disk"]):
        set_disk_size(group, *take(names["disk"]))
    set_labels(group, *take(names["labels"], {}))
    set_taints(group, *take(names["taints"], []))
    set_tags(group, *take(names["tags"], {}))
    scaling, path = take(names["scaling"], {})
    if isinstance(scaling, list):  # the resource's scaling_config block
        scaling = scaling[0] if scaling and isinstance(scaling[0], dict) else {}
    set_scaling(group, *(part for size in names["sizes"] for part in (scaling.get(size), f"{path}.{size}")))
    set_subnets(group, *take(names["subnets"]))
