"""`python main.py import-nodegroups FILE...`: EKS managed node groups -> the `tenants:` entries of a cluster file for
Karpenter 1.x (NodePool + EC2NodeClass), the `iam:` that reuses their node roles, and a report of what has no
Karpenter equivalent.

Read from:
- Terraform: `module "..." { eks_managed_node_groups = {...} }` of terraform-aws-modules/eks (v19-v21 argument
  names; v19/v20's `eks_managed_node_group_defaults` apply per argument as the module applies them), the
  module's `modules/eks-managed-node-group` on its own, and `resource "aws_eks_node_group"` blocks; `.tf` files
  or folders of them (a folder also reads its terraform.tfvars and *.auto.tfvars, as Terraform does), with
  `.tfvars` files given as FILE read as `-var-file`s. Values are resolved statically (convert.hcl_values);
  what is not (module outputs, function calls, data sources...) is reported per field, never guessed.
- `aws eks describe-nodegroup --output json` documents ({"nodegroup": {...}}).

Each node group becomes one tenant named after it (made an RFC 1123 label), except node groups whose tenant label
or taint names one tenant, which become its pools (each with its own requirements, limits, labels and taints). The
mapping: instance types ->
requirements.instanceTypes; capacity type -> requirements.capacityTypes (ON_DEMAND on-demand, SPOT spot,
CAPACITY_BLOCK reserved, with the reservation); AMI type -> an ami.alias of its family (the release version
pinned when known) and requirements.architectures; disk size -> rootVolume.size; block device mappings ->
blockDevices; labels, taints and tags as they are; the node role -> nodeRole, listed in iam.existing.roles
(and iam.sharedNodeRoles when two groups share it); max size x the largest instance type's vCPUs and memory
(Karpenter's instance-type reference data) -> limits.cpu and limits.memory. The rest (minimum size, subnets
not given by id, launch templates, remote access, update settings, user data...) is reported with what to do
instead (docs/import-migrate.md, "From managed node groups").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from config.model import ALIAS_FAMILIES, disk_layout, role_name_of
from config.versions import Generation, reference_version
from config.yaml_input import InputError, read_json, read_text
from convert.hcl_values import NO_DEFAULT, Resolver, Scope, Unresolved, short, unquote, unresolved_parts
from convert.importer import ImportFailed, config_problems
from reference.versions import reference_folder

DESCRIBE = "aws eks describe-nodegroup --output json"
KINDS = "pass .tf files or folders of them, .tfvars files, or `aws eks describe-nodegroup --output json` files"
TENANT_KEY = "tenant"  # tenancy.labelKey's default: the label and taint synth adds

CAPACITY_TYPES = {"ON_DEMAND": "on-demand", "SPOT": "spot", "CAPACITY_BLOCK": "reserved"}
TAINT_EFFECTS = {"NO_SCHEDULE": "NoSchedule", "NO_EXECUTE": "NoExecute", "PREFER_NO_SCHEDULE": "PreferNoSchedule"}
# EKS AMI types -> (Karpenter 1.x alias family, architecture). Karpenter's al2, al2023 and bottlerocket aliases
# pick a family's GPU (NVIDIA) and Neuron variants themselves for instance types that have such devices.
AMI_TYPES = {
    "AL2_x86_64": ("al2", "amd64"), "AL2_x86_64_GPU": ("al2", "amd64"), "AL2_ARM_64": ("al2", "arm64"),
    "AL2023_x86_64_STANDARD": ("al2023", "amd64"), "AL2023_ARM_64_STANDARD": ("al2023", "arm64"),
    "AL2023_x86_64_NVIDIA": ("al2023", "amd64"), "AL2023_ARM_64_NVIDIA": ("al2023", "arm64"),
    "AL2023_x86_64_NEURON": ("al2023", "amd64"),
    "BOTTLEROCKET_x86_64": ("bottlerocket", "amd64"), "BOTTLEROCKET_ARM_64": ("bottlerocket", "arm64"),
    "BOTTLEROCKET_x86_64_NVIDIA": ("bottlerocket", "amd64"), "BOTTLEROCKET_ARM_64_NVIDIA": ("bottlerocket", "arm64"),
    "WINDOWS_CORE_2019_x86_64": ("windows2019", "amd64"), "WINDOWS_FULL_2019_x86_64": ("windows2019", "amd64"),
    "WINDOWS_CORE_2022_x86_64": ("windows2022", "amd64"), "WINDOWS_FULL_2022_x86_64": ("windows2022", "amd64"),
    "WINDOWS_CORE_2025_x86_64": ("windows2025", "amd64"), "WINDOWS_FULL_2025_x86_64": ("windows2025", "amd64"),
}
# The ami.family of a custom AMI (ami_id) by the module's `platform` (v19/v20) or the AMI type's family.
CUSTOM_FAMILY = {"linux": "AL2", "bottlerocket": "Bottlerocket", "al2": "AL2", "al2023": "AL2023",
                 "windows2019": "Windows2019", "windows2022": "Windows2022"}
# Node label domains Karpenter refuses on a NodePool (its CRD's rules).
RESTRICTED_LABELS = ("karpenter.sh", "karpenter.k8s.aws")
# EC2 tags the EC2NodeClass (or AWS) refuses, and cluster-autoscaler's discovery tags, which mean nothing on
# Karpenter's instances (they belong to no Auto Scaling group).
RESTRICTED_TAGS = ("karpenter.sh/nodepool", "karpenter.sh/nodeclaim", "karpenter.k8s.aws/ec2nodeclass", "eks:eks-cluster-name")
# terraform-aws-eks' block_device_mappings[].ebs arguments -> blockDevices[].ebs keys.
EBS_FIELDS = {"volume_size": "volumeSize", "volume_type": "volumeType", "iops": "iops", "throughput": "throughput",
              "encrypted": "encrypted", "kms_key_id": "kmsKeyID", "delete_on_termination": "deleteOnTermination",
              "snapshot_id": "snapshotID"}
# Terraform's unique-name suffix (name_prefix / use_name_prefix): a UTC timestamp and a counter.
_UNIQUE_SUFFIX = re.compile(r"-?[0-9]{18}[0-9a-f]{8}$")

USER_DATA = (
    "user data: Karpenter merges tenants[].userData into its own bootstrap (AL2023: a nodeadm NodeConfig in MIME "
    "multipart; Bottlerocket: TOML settings; AL2: a shell script): carry what it does into userData by hand"
)
LAUNCH_TEMPLATE = (
    "a launch template: Karpenter makes its own from the EC2NodeClass: carry its AMI (ami), user data (userData), "
    "disks (blockDevices), metadata options (metadataOptions) and security groups (securityGroupSelector) by hand"
)
REMOTE_ACCESS = (
    "no Karpenter equivalent (its nodes get no SSH key): reach nodes with SSM Session Manager (the node role's "
    "AmazonSSMManagedInstanceCore), or add a key through userData"
)
UPDATE_CONFIG = (
    "node group update settings: Karpenter replaces nodes (drift on a new AMI, expiry) as disruption.budgets allow, "
    "e.g. disruption.budgets: [{nodes: '33%'}] for a max unavailable of 33%"
)
# What a node group argument that has no place in a tenant means, and what to do instead.
REASONS = {
    "remote_access": REMOTE_ACCESS, "key_name": REMOTE_ACCESS, "remoteAccess": REMOTE_ACCESS,
    "update_config": UPDATE_CONFIG, "updateConfig": UPDATE_CONFIG,
    "force_update_version": "no equivalent: Karpenter drains nodes respecting PodDisruptionBudgets; "
    "terminationGracePeriod bounds how long a node may take",
    "launch_template": LAUNCH_TEMPLATE, "launchTemplate": LAUNCH_TEMPLATE, "launch_template_name": LAUNCH_TEMPLATE,
    "launch_template_id": LAUNCH_TEMPLATE, "launch_template_version": LAUNCH_TEMPLATE,
    "node_repair_config": "node auto repair: Karpenter's is cluster-wide, karpenter.featureGates.nodeRepair: true",
    "nodeRepairConfig": "node auto repair: Karpenter's is cluster-wide, karpenter.featureGates.nodeRepair: true",
    **{name: USER_DATA for name in ("pre_bootstrap_user_data", "post_bootstrap_user_data", "bootstrap_extra_args",
                                    "cloudinit_pre_nodeadm", "cloudinit_post_nodeadm", "user_data_template_path",
                                    "enable_bootstrap_user_data")},
    "vpc_security_group_ids": "security groups: Karpenter selects them by securityGroupSelector (default: tagged "
    "karpenter.sh/discovery: <cluster>): tag these or select them by id",
    "capacity_reservation_specification": "a capacity reservation: Karpenter uses reservations as capacity type "
    "reserved: set requirements.capacityTypes: [reserved] and capacityReservationSelector yourself",
    "dynamic": "a dynamic block, made by Terraform when it runs: write what it makes yourself",
    "instance_metadata_tags": "no EC2NodeClass setting: instance tags in the metadata service are off on Karpenter's nodes",
}
# Arguments that describe Terraform's bookkeeping or how the module names things, not the nodes: not reported.
IGNORED = {
    "timeouts", "lifecycle", "depends_on", "provider", "providers", "source", "version", "use_name_prefix",
    "launch_template_use_name_prefix", "launch_template_description", "launch_template_default_version",
    "update_launch_template_default_version", "description", "iam_role_description", "iam_role_tags",
    "iam_role_additional_policies", "iam_role_attach_cni_policy", "iam_role_permissions_boundary",
    "iam_role_policy_statements", "create_iam_role_policy", "cluster_name", "cluster_version", "kubernetes_version",
    "cluster_endpoint", "cluster_auth_base64", "cluster_service_cidr", "cluster_service_ipv4_cidr", "cluster_ip_family",
    "cluster_primary_security_group_id", "attach_cluster_primary_security_group", "tags_all", "create_launch_template",
    "use_custom_launch_template", "platform", "enable_efa_support", "enable_efa_only", "efa_indices",
    # describe-nodegroup: the node group's state, not its settings
    "nodegroupArn", "clusterName", "createdAt", "modifiedAt", "status", "health", "resources",
}


# Input that cannot be imported at all: every problem, each one line naming the file and the fix.
NodeGroupsRefused = ImportFailed


@dataclass
class Report:
    """What the user reads on stderr, each line once: notes (what was decided), unresolved values (not known
    without Terraform) and settings without a Karpenter equivalent (what to do instead)."""

    notes: list[str] = field(default_factory=list)
    unresolved: list[str] = field(default_factory=list)
    unsupported: list[str] = field(default_factory=list)

    def add(self, kind: str, where: str, message: str) -> None:
        lines = getattr(self, kind)
        line = f"{where}: {message}"
        if line not in lines:
            lines.append(line)


@dataclass
class Imported:
    tenants: list[dict[str, Any]]
    iam: dict[str, Any] | None
    report: Report

    @property
    def findings(self) -> bool:
        return bool(self.report.unresolved or self.report.unsupported)

    def text(self) -> str:
        from convert.migrate import dump_config

        header = (
            "# Managed node groups as tenants for Karpenter 1.x (NodePool + EC2NodeClass), by `python main.py "
            "import-nodegroups`:\n# paste tenants: into a cluster file on karpenter.version 1.x and merge iam: into "
            "its iam: section.\n"
        )
        return header + dump_config({"tenants": self.tenants, **({"iam": self.iam} if self.iam else {})})

    def lines(self) -> list[str]:
        report = self.report
        count = len(self.tenants)
        summary = f"import-nodegroups: {count} tenant{'s' if count != 1 else ''} for Karpenter 1.x"
        if report.unresolved:
            summary += f", {len(report.unresolved)} value(s) not resolved without Terraform"
        if report.unsupported:
            summary += f", {len(report.unsupported)} setting(s) without a Karpenter equivalent"
        if self.findings:
            summary += " (listed above)"
        return [
            *(f"note: {line}" for line in report.notes),
            *(f"unresolved: {line}" for line in report.unresolved),
            *(f"unsupported: {line}" for line in report.unsupported),
            summary,
        ]


# --- instance types ----------------------------------------------------------------------------------


def instance_types_file() -> Path:
    """Karpenter's instance-type reference (vCPUs, memory, architecture of every type) of the 1.x reference release."""
    from reference.shared import shared_dir

    return reference_folder(shared_dir(), reference_version(Generation.V1)) / "reference" / "instance-types.md"


@cache
def instance_facts(path: Path) -> dict[str, tuple[int, int, str]] | None:
    """instance type -> (vCPUs, memory in MiB, architecture), from the reference page; None without one."""
    if not path.is_file():
        return None
    facts = {}
    for section in read_text(path).split("\n### `")[1:]:
        name = section.split("`", 1)[0]
        cpu = re.search(r"\|karpenter\.k8s\.aws/instance-cpu\|([0-9]+)\|", section)
        memory = re.search(r"\|karpenter\.k8s\.aws/instance-memory\|([0-9]+)\|", section)
        arch = re.search(r"\|kubernetes\.io/arch\|([a-z0-9]+)\|", section)
        if cpu and memory and arch:
            facts[name] = (int(cpu.group(1)), int(memory.group(1)), arch.group(1))
    return facts


def _mebibytes(amount: int) -> str:
    return f"{amount // 1024}Gi" if amount % 1024 == 0 else f"{amount}Mi"


# --- one node group -> one tenant -----------------------------------------------------------------------


def tenant_name(name: str) -> str:
    """A node group's name as an RFC 1123 label: lowercase, every other character '-', at most 63."""
    label = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return label[:63].rstrip("-")


@dataclass
class Role:
    name: str
    existing: str  # as iam.existing.roles lists it: the name, or the ARN of a role at a path
    owner: str | None = None  # the Terraform that creates it, when it does


class Tenant:
    """One node group's tenant, built from its settings (each with the path it was read at); what cannot be
    mapped is reported at that path."""

    def __init__(self, file: str, where: str, report: Report) -> None:
        self.file, self.where, self.report = file, where, report
        self.name = ""
        self.requirements: dict[str, Any] = {}
        self.fields: dict[str, Any] = {}
        self.instance_types: list[str] | None = None
        self.max_size: int | None = None
        self.max_path, self.max_default = "", False
        self.family: str | None = None  # the alias family
        self.role: Role | None = None
        self.taints: list[dict[str, str]] = []
        self.dedicated = False
        # The tenant its tenant label and taint (TENANT_KEY) name, with where each was read: node groups of one
        # tenant become its pools.
        self.label_owner: tuple[str, str] | None = None
        self.taint_owner: tuple[str, str] | None = None

    # reporting

    def note(self, path: str, message: str) -> None:
        self.report.add("notes", f"{self.file}: {path}", message)

    def unsupported(self, path: str, message: str) -> None:
        self.report.add("unsupported", f"{self.file}: {path}", message)

    def unresolved(self, path: str, message: str) -> None:
        self.report.add("unresolved", f"{self.file}: {path}", message)

    def known(self, value: Any, path: str, hint: str) -> Any:
        """value when every part of it is known; else None, each unknown part reported with what to set."""
        parts = unresolved_parts(value, path)
        for where, part in parts:
            self.unresolved(where, f"{part.reason}: set {hint} yourself")
        return None if parts else value

    def entries(self, value: Any, path: str, hint: str) -> dict[str, str]:
        """The known entries of a map of strings (labels, tags); each unknown or non-string one reported."""
        mapping = self.known(value, path, hint) if not isinstance(value, dict) else value
        if mapping is None:
            return {}
        if not isinstance(mapping, dict):
            self.unsupported(path, f"{short(repr(mapping))} is not a map: set {hint} yourself")
            return {}
        found = {}
        for key, item in mapping.items():
            if self.known(key, path, hint) is None or self.known(item, f"{path}.{key}", f"{hint}.{key}") is None:
                continue
            if item is None:
                continue
            if isinstance(item, bool):
                item = "true" if item else "false"
            if isinstance(item, list | dict):
                self.unsupported(f"{path}.{key}", f"{short(repr(item))} is not a string")
                continue
            found[str(key)] = str(item)
        return found

    # settings

    def set_name(self, name: Any, path: str) -> bool:
        name = self.known(name, path, "the tenant's name")
        if not isinstance(name, str) or not name:
            if name is not None:
                self.unsupported(path, f"{short(repr(name))} is not a node group name")
            return False
        label = tenant_name(name)
        if not label:
            self.unsupported(path, f"{name!r} has no letter or digit to name a tenant after: not imported")
            return False
        if label != name:
            self.note(path, f"{name!r} is not an RFC 1123 label: the tenant is {label!r}")
        self.name = label
        return True

    def set_instance_types(self, value: Any, path: str, default: list[str] | None = None) -> None:
        if value is None and default is not None:
            self.note(path, f"not set: EKS's default {', '.join(default)}")
            value = default
        types = self.known(value, path, "requirements.instanceTypes")
        if types is None:
            return
        if not isinstance(types, list) or not all(isinstance(t, str) for t in types) or not types:
            self.unsupported(path, f"{short(repr(types))} is not a list of instance types: set requirements.instanceTypes yourself")
            return
        self.instance_types = list(dict.fromkeys(types))
        self.requirements["instanceTypes"] = self.instance_types

    def set_capacity_type(self, value: Any, path: str, reservations: list[str] | None = None) -> None:
        capacity = self.known(value if value is not None else "ON_DEMAND", path, "requirements.capacityTypes")
        if capacity is None:
            return
        if capacity not in CAPACITY_TYPES:
            self.unsupported(path, f"{short(repr(capacity))} is none of {', '.join(CAPACITY_TYPES)}: set "
                                   "requirements.capacityTypes yourself")
            return
        if capacity == "CAPACITY_BLOCK" and not reservations:
            self.unresolved(path, "CAPACITY_BLOCK is Karpenter's capacity type reserved, which needs the reservation "
                                  "(in the launch template): set requirements.capacityTypes: [reserved] and "
                                  "capacityReservationSelector yourself")
            return
        self.requirements["capacityTypes"] = [CAPACITY_TYPES[capacity]]
        if reservations:
            self.fields["capacityReservationSelector"] = [{"id": r} for r in reservations]

    def set_ami(self, ami_type: Any, path: str, release: Any = None, release_path: str = "", default: bool = False) -> None:
        if default:
            self.note(path, "not set: EKS's default AMI type since Kubernetes 1.30 (and the module's since v21) is "
                            "AL2023_x86_64_STANDARD: al2023; a group still on AL2 needs ami.alias al2@… instead")
        ami_type = self.known(ami_type, path, "ami.alias")
        if ami_type is None:
            return
        if ami_type not in AMI_TYPES:
            fix = ("set ami.selectorTerms (the launch template's AMI) and ami.family yourself" if ami_type == "CUSTOM"
                   else "Karpenter's bottlerocket alias is not the FIPS variant: set ami.selectorTerms with the "
                   "FIPS AMI's ssmParameter and ami.family Bottlerocket yourself" if "FIPS" in str(ami_type)
                   else "set ami yourself")
            self.unsupported(path, f"{ami_type} has no Karpenter alias: {fix}")
            return
        family, arch = AMI_TYPES[ami_type]
        self.family = family
        if family == "al2":
            self.note(path, "EKS publishes AL2 AMIs up to Kubernetes 1.32: move the tenant to al2023 (or bottlerocket) "
                            "before the cluster goes further")
        self.requirements["architectures"] = [arch]
        if family.startswith("windows"):
            self.requirements["operatingSystems"] = ["windows"]
            if "FULL" in ami_type:
                self.note(path, f"Karpenter's {family} alias is Windows Server Core: for Full, set ami.selectorTerms "
                                f"(the Full AMI's ssmParameter) with ami.family {ALIAS_FAMILIES[family]}")
        if ami_type.endswith(("_GPU", "_NVIDIA", "_NEURON")):
            self.note(path, f"Karpenter's {family} alias picks the family's GPU/Neuron AMI itself for instance types "
                            "with such devices")
        version = self.pinned(family, release, release_path)
        self.fields["ami"] = {"alias": f"{family}@{version}"}

    def pinned(self, family: str, release: Any, path: str) -> str:
        """The alias version of an AMI release version (1.30.0-20240625 -> v20240625; Bottlerocket 1.20.3-5d9ac849
        -> v1.20.3), else latest (reported)."""
        release = self.known(release, path, "the version of ami.alias") if release is not None else None
        if isinstance(release, str) and not family.startswith("windows"):
            dated = re.fullmatch(r"[0-9]+\.[0-9]+(\.[0-9]+)?-([0-9]{8})", release)
            semantic = re.fullmatch(r"([0-9]+\.[0-9]+\.[0-9]+)-[0-9a-f]+", release)
            if family in ("al2", "al2023") and dated:
                return f"v{dated.group(2)}"
            if family == "bottlerocket" and semantic:
                return f"v{semantic.group(1)}"
            self.unsupported(path, f"{release!r} is no {family} release version: ami.alias left at {family}@latest")
        if not family.startswith("windows"):
            example = "v1.38.1" if family == "bottlerocket" else "v20250101"
            self.note(path or self.where, f"ami.alias {family}@latest replaces nodes on every AMI release: pin the "
                                          f"version the group runs (e.g. {family}@{example})")
        return "latest"

    def set_disk_size(self, value: Any, path: str) -> None:
        size = self.known(value, path, "rootVolume.size")
        if size is None:
            return
        if isinstance(size, bool) or not isinstance(size, int | float) or size < 1 or int(size) != size:
            self.unsupported(path, f"{short(repr(size))} is not a size in GiB: set rootVolume.size yourself")
            return
        self.fields["rootVolume"] = {"size": f"{int(size)}Gi"}

    def set_block_devices(self, value: Any, path: str) -> None:
        """terraform-aws-eks' block_device_mappings (a map, or a list) -> blockDevices, the family's root device
        marked rootVolume."""
        if isinstance(value, dict):
            devices = [(f"{path}.{key}", device) for key, device in value.items()]
        elif isinstance(value, list):
            devices = [(f"{path}[{index}]", device) for index, device in enumerate(value)]
        else:
            self.known(value, path, "blockDevices")
            return
        layout = disk_layout(ALIAS_FAMILIES[self.family]) if self.family else ()
        root = next((device for device, _, is_root in layout if is_root), None)
        found = []
        for where, device in devices:
            name = device.get("device_name") if isinstance(device, dict) else device
            if isinstance(name, Unresolved):
                self.known(name, f"{where}.device_name" if isinstance(device, dict) else where, "blockDevices")
                continue
            if not isinstance(device, dict) or not isinstance(name, str):
                self.unsupported(where, f"{short(repr(device))} is not a block device mapping with a device_name: "
                                        "set blockDevices yourself")
                continue
            ebs_in = device.get("ebs") or {}
            ebs_in = ebs_in[0] if isinstance(ebs_in, list) and ebs_in else ebs_in
            if not isinstance(ebs_in, dict):
                self.known(ebs_in, f"{where}.ebs", "blockDevices[].ebs")
                ebs_in = {}
            ebs: dict[str, Any] = {}
            for source, item in ebs_in.items():
                target = EBS_FIELDS.get(source)
                if target is None:
                    self.unsupported(f"{where}.ebs.{source}", "no blockDevices setting")
                elif self.known(item, f"{where}.ebs.{source}", f"blockDevices[].ebs.{target}") is not None:
                    ebs[target] = f"{item}Gi" if source == "volume_size" else item
            for other in sorted(set(device) - {"device_name", "ebs"}):
                if device[other] not in (None, ""):
                    self.unsupported(f"{where}.{other}", "no blockDevices setting")
            entry: dict[str, Any] = {"deviceName": device["device_name"]}
            if device["device_name"] == root:
                entry["rootVolume"] = True
            found.append({**entry, "ebs": ebs})
        if found:
            self.fields["blockDevices"] = found

    def set_labels(self, value: Any, path: str) -> None:
        labels = self.entries(value, path, "labels")
        for key in list(labels):
            domain = key.split("/")[0] if "/" in key else ""
            if domain.endswith(RESTRICTED_LABELS) or key == "kubernetes.io/hostname":
                self.unsupported(f"{path}.{key}", "a label Karpenter reserves for itself: not carried")
                del labels[key]
            elif key == TENANT_KEY:  # the tenant the group is part of (synth labels its nodes so itself)
                self.label_owner = (labels.pop(key), f"{path}.{key}")
        if labels:
            self.fields["labels"] = labels

    def set_taints(self, value: Any, path: str) -> None:
        """Taints as EKS writes them (key, value, effect NO_SCHEDULE...), a list or terraform-aws-eks v21's map."""
        items = list(value.items()) if isinstance(value, dict) else list(enumerate(value)) if isinstance(value, list) else None
        if items is None:
            self.known(value, path, "taints")
            return
        for key, taint in items:
            where = f"{path}.{key}" if isinstance(value, dict) else f"{path}[{key}]"
            if self.known(taint, where, "taints") is None:
                continue
            if not isinstance(taint, dict) or not isinstance(taint.get("key"), str):
                self.unsupported(where, f"{short(repr(taint))} is not a taint (key, value, effect)")
                continue
            effect = taint.get("effect")
            if effect not in TAINT_EFFECTS:
                self.unsupported(f"{where}.effect", f"{effect!r} is none of {', '.join(TAINT_EFFECTS)}")
                continue
            entry = {"key": taint["key"], **({"value": str(taint["value"])} if taint.get("value") not in (None, "") else {}),
                     "effect": TAINT_EFFECTS[effect]}
            if entry["key"] == TENANT_KEY:
                if entry["effect"] == "NoSchedule" and entry.get("value"):
                    self.taint_owner = (entry["value"], where)  # synth's own isolation taint: dedicated
                else:
                    self.unsupported(where, f"synth taints every node {TENANT_KEY}=<tenant name>:NoSchedule itself (dedicated): not carried")
                continue
            self.taints.append(entry)

    def set_tags(self, value: Any, path: str) -> None:
        tags = self.entries(value, path, "tags")
        for key in list(tags):
            if key.startswith("k8s.io/cluster-autoscaler/"):
                self.note(f"{path}.{key}", "cluster-autoscaler's discovery tag: not carried (Karpenter's nodes are in no "
                                           "Auto Scaling group)")
                del tags[key]
            elif key in RESTRICTED_TAGS or key.startswith(("kubernetes.io/cluster", "aws:", "eks:")):
                self.note(f"{path}.{key}", "a tag AWS, EKS or Karpenter sets itself: not carried")
                del tags[key]
        if tags:
            self.fields["tags"] = {**self.fields.get("tags", {}), **tags}

    def set_scaling(self, minimum: Any, min_path: str, maximum: Any, max_path: str, desired: Any, desired_path: str,
                    defaulted: tuple[str, ...] = ()) -> None:
        """defaulted: which of min and max are the module's defaults, not written."""
        hint = "limits.cpu and limits.memory (max size x the largest instance type)"
        self.max_path, self.max_default = max_path, "max" in defaulted
        if maximum is None:
            self.unresolved(max_path, f"not given: set {hint} yourself")
        size = self.known(maximum, max_path, hint)
        if size is not None and (isinstance(size, bool) or not isinstance(size, int) or size < 0):
            self.unsupported(max_path, f"{short(repr(size))} is not a node count: set {hint} yourself")
            size = None
        self.max_size = size
        low = minimum.expression if isinstance(minimum, Unresolved) else minimum
        if isinstance(low, str) or isinstance(low, int) and not isinstance(low, bool) and low > 0:
            default = " (the module's default)" if "min" in defaulted else ""
            self.unsupported(min_path, f"{low}{default}: Karpenter keeps no minimum of nodes, it launches for pending "
                                       "pods only (to keep capacity warm, run low-priority placeholder pods)")
        if desired is not None and not unresolved_parts(desired, desired_path):
            self.note(desired_path, f"{desired}: Karpenter sizes the tenant's nodes to its pending pods")

    def set_role(self, role: Role | None) -> None:
        self.role = role

    def set_subnets(self, value: Any, path: str) -> None:
        subnets = self.known(value, path, "subnetSelector (or tag the subnets karpenter.sh/discovery: <cluster>, the default)")
        if subnets is None:
            return
        if not isinstance(subnets, list) or not all(isinstance(s, str) and s.startswith("subnet-") for s in subnets):
            self.unsupported(path, f"{short(repr(subnets))} is not a list of subnet ids: set subnetSelector yourself")
            return
        if subnets:
            self.fields["subnetSelector"] = [{"id": s} for s in subnets]

    def set_metadata_options(self, value: Any, path: str) -> None:
        options = self.entries(value, path, "metadataOptions")
        names = {"http_endpoint": "httpEndpoint", "http_tokens": "httpTokens",
                 "http_put_response_hop_limit": "httpPutResponseHopLimit", "http_protocol_ipv6": "httpProtocolIPv6"}
        found: dict[str, Any] = {}
        for key, item in options.items():
            if key in names:
                found[names[key]] = int(item) if key == "http_put_response_hop_limit" and item.isdigit() else item
            else:
                self.unsupported(f"{path}.{key}", REASONS.get(key, "no metadataOptions setting"))
        if found:
            self.fields["metadataOptions"] = found

    def set_monitoring(self, value: Any, path: str) -> None:
        enabled = self.known(value, path, "detailedMonitoring")
        if isinstance(enabled, bool):
            self.fields["detailedMonitoring"] = enabled

    def set_custom_ami(self, ami_id: Any, path: str, family: str | None, family_path: str) -> None:
        """A custom AMI (the module's ami_id): ami.selectorTerms by id, its family from the AMI type or platform."""
        ami = self.known(ami_id, path, "ami.selectorTerms (and ami.family)")
        self.fields.pop("ami", None)
        if not isinstance(ami, str):
            return
        if family is None:
            self.unresolved(family_path, "the custom AMI's family (ami_type or platform) is not given: set "
                                         f"ami.selectorTerms [{{id: {ami}}}] with its ami.family yourself")
            return
        self.family = None
        self.fields["ami"] = {"selectorTerms": [{"id": ami}], "family": family}
        self.note(path, f"a custom AMI: ami.family {family} decides how Karpenter bootstraps it")

    def rest(self, args: dict[str, tuple[Any, str]]) -> None:
        """Arguments nothing consumed: reported with what to do instead, unless Terraform's own bookkeeping."""
        for name, (value, path) in args.items():
            if name in IGNORED or value in (None, "", [], {}, False):
                continue
            self.unsupported(path, REASONS.get(name, "no Karpenter equivalent in the config model"))

    def owner(self) -> str | None:
        """The tenant the group's tenant label (or taint) names; None without either. NodeGroupsRefused when the two
        name different tenants."""
        label, taint = self.label_owner, self.taint_owner
        if label is not None and taint is not None and label[0] != taint[0]:
            raise NodeGroupsRefused([
                f"{self.file}: {self.where}: its tenant label ({label[1]}: {label[0]}) and tenant taint ({taint[1]}: "
                f"{TENANT_KEY}={taint[0]}:NoSchedule) name two tenants; a node group is one tenant's: make them the same"
            ])
        found = label or taint
        return found[0] if found else None

    def build(self) -> dict[str, Any]:
        """The tenant, its keys in the order docs/configuration.md lists them."""
        order = ("instanceTypes", "capacityTypes", "architectures", "operatingSystems")
        tenant: dict[str, Any] = {"name": self.name, **({"nodeRole": self.role.name} if self.role else {}),
                                  "dedicated": self.dedicated}
        if self.requirements:
            tenant["requirements"] = {key: self.requirements[key] for key in order if key in self.requirements}
        limits = self.limits()
        if limits:
            tenant["limits"] = limits
        for key in ("labels", "taints", "tags"):
            value = self.taints if key == "taints" else self.fields.get(key)
            if value:
                tenant[key] = value
        return {**tenant, **{k: v for k, v in self.fields.items() if k not in ("labels", "tags")}}

    def limits(self) -> dict[str, str] | None:
        """max size x the largest of the instance types' vCPUs and memory (each taken on its own)."""
        if self.max_size is None:
            return None
        hint = "limits.cpu and limits.memory yourself"
        if self.instance_types is None:
            self.unresolved(self.max_path, f"the instance types are not known, so neither is the capacity of {self.max_size} nodes: set {hint}")
            return None
        path = instance_types_file()
        facts = instance_facts(path)
        if facts is None:
            self.unresolved(self.max_path, f"no instance-type reference data ({path}) to size {self.max_size} nodes: set {hint}")
            return None
        unknown = [t for t in self.instance_types if t not in facts]
        if unknown:
            self.unsupported(self.max_path, f"{', '.join(unknown)}: not in Karpenter {reference_version(Generation.V1)}'s "
                                            f"instance types (a typo?): set {hint}")
            return None
        cpu = max(facts[t][0] for t in self.instance_types)
        memory = max(facts[t][1] for t in self.instance_types)
        limits = {"cpu": str(self.max_size * cpu), "memory": _mebibytes(self.max_size * memory)}
        default = " (the module's default)" if self.max_default else ""
        self.note(self.max_path, (
            f"{self.max_size} nodes{default} x the largest instance type ({cpu} vCPUs, {_mebibytes(memory)}) = "
            f"limits cpu {limits['cpu']}, memory {limits['memory']}: the capacity the group could reach (limits.nodes: "
            f"{self.max_size} would cap the number of nodes instead)"
        ))
        return limits


# --- Terraform -----------------------------------------------------------------------------------------


def _hcl(path: Path) -> dict[str, Any]:
    import hcl2
    from hcl2.utils import SerializationOptions
    from lark.exceptions import LarkError, UnexpectedInput, VisitError

    text = read_text(path)
    options = SerializationOptions(with_comments=False, explicit_blocks=False, preserve_heredocs=False,
                                   preserve_scientific_notation=False)
    try:
        return hcl2.loads(text, serialization_options=options)
    except UnexpectedInput as error:
        where = f"{path}:{error.line}" if getattr(error, "line", -1) > 0 else str(path)
        column = f" (column {error.column})" if getattr(error, "column", -1) > 0 else ""
        raise NodeGroupsRefused([f"{where}: not Terraform (HCL) syntax{column}; {KINDS}"]) from None
    except (RecursionError, VisitError) as error:
        if isinstance(error, RecursionError) or isinstance(error.orig_exc, RecursionError):
            raise NodeGroupsRefused([f"{path}: nested too deeply to read as Terraform (HCL); flatten it"]) from None
        raise NodeGroupsRefused([f"{path}: not Terraform (HCL) syntax python-hcl2 reads; {KINDS}"]) from None
    except (LarkError, ValueError):
        raise NodeGroupsRefused([f"{path}: not Terraform (HCL) syntax python-hcl2 reads; {KINDS}"]) from None


def _blocks(data: dict[str, Any], kind: str) -> list[tuple[list[str], dict[str, Any]]]:
    """(labels, body) of every `kind` block of a parsed file: `module "eks" {...}` -> (["eks"], {...})."""
    found = []
    for entry in data.get(kind, []) if isinstance(data.get(kind), list) else []:
        stack = [([], entry)]
        while stack:
            labels, node = stack.pop()
            keys = [k for k in node if not k.startswith("__")] if isinstance(node, dict) else []
            if len(labels) < _LABELS[kind] and len(keys) == 1 and isinstance(node[keys[0]], dict):
                stack.append(([*labels, unquote(keys[0])], node[keys[0]]))
            elif isinstance(node, dict):
                found.append((labels, node))
    return found


_LABELS = {"module": 1, "resource": 2, "variable": 1, "locals": 0}


@dataclass
class _Folder:
    scope: Scope = field(default_factory=Scope)
    files: list[tuple[str, dict[str, Any]]] = field(default_factory=list)


def _read_terraform(tf_files: list[Path], auto_vars: dict[Path, list[Path]], var_files: list[Path]) -> dict[Path, _Folder]:
    folders: dict[Path, _Folder] = {}
    explicit = [(path, _var_values(path)) for path in var_files]
    for path in tf_files:
        folder = folders.setdefault(path.parent, _Folder())
        data = _hcl(path)
        folder.files.append((str(path), data))
        for _, body in _blocks(data, "locals"):
            folder.scope.locals.update({k: v for k, v in body.items() if not k.startswith("__")})
        for labels, body in _blocks(data, "variable"):
            if labels:
                folder.scope.defaults[labels[0]] = body["default"] if "default" in body else NO_DEFAULT
    for parent, folder in folders.items():
        for path, values in [*((p, _var_values(p)) for p in auto_vars.get(parent, [])), *explicit]:
            folder.scope.values.update(values)
            folder.scope.var_files.append(str(path))
    return folders


def _var_values(path: Path) -> dict[str, Any]:
    if path.name.endswith(".json"):
        data = read_json(path, written_by="terraform's -var-file JSON")
        if not isinstance(data, dict):
            raise NodeGroupsRefused([f"{path}: not a .tfvars.json object of variable values"])
        return {k: _json_as_hcl(v) for k, v in data.items()}
    return {k: v for k, v in _hcl(path).items() if not k.startswith("__")}


def _json_as_hcl(value: Any) -> Any:
    """A JSON value written as python-hcl2 gives HCL ones (strings quoted), for the resolver."""
    import json

    if isinstance(value, str):
        return json.dumps(value).replace("${", "$${").replace("%{", "%%{")
    if isinstance(value, list):
        return [_json_as_hcl(v) for v in value]
    if isinstance(value, dict):
        return {k: _json_as_hcl(v) for k, v in value.items()}
    return value


def _terraform_groups(folders: dict[Path, _Folder], report: Report) -> list[Tenant]:
    tenants = []
    for folder in folders.values():
        resolver = Resolver(folder.scope)
        roles = {labels[1]: body for _, data in folder.files for labels, body in _blocks(data, "resource")
                 if len(labels) == 2 and labels[0] == "aws_iam_role"}
        for file, data in folder.files:
            for labels, body in _blocks(data, "module"):
                if labels:
                    tenants += _module(_Source(file, resolver, roles, report), labels[0], body)
            for labels, body in _blocks(data, "resource"):
                if len(labels) == 2 and labels[0] == "aws_eks_node_group":
                    tenant = _resource(_Source(file, resolver, roles, report), labels[1], body)
                    if tenant is not None:
                        tenants.append(tenant)
    return tenants


@dataclass
class _Source:
    """A .tf file being read: its folder's values and aws_iam_role resources, and the report."""

    file: str
    resolver: Resolver
    roles: dict[str, dict[str, Any]]
    report: Report

    def add(self, kind: str, path: str, message: str) -> None:
        self.report.add(kind, f"{self.file}: {path}", message)


class _Arguments:
    """A block's arguments (each resolved, with the path it was read at); `take` consumes one, and what is left
    is reported by Tenant.rest."""

    def __init__(self, where: str, args: dict[str, tuple[Any, str]]) -> None:
        self.where, self.args = where, args

    def given(self, name: str) -> bool:
        return self.args.get(name, (None,))[0] is not None

    def take(self, name: str, default: Any = None) -> tuple[Any, str]:
        value, path = self.args.pop(name, (None, f"{self.where}.{name}"))
        return (default, path) if value is None else (value, path)


def _module(source: _Source, label: str, body: dict[str, Any]) -> list[Tenant]:
    where, resolver = f"module.{label}", source.resolver
    module_source = resolver.value(body.get("source"))
    single = isinstance(module_source, str) and "eks-managed-node-group" in module_source
    if "self_managed_node_groups" in body:
        source.add("unsupported", f"{where}.self_managed_node_groups",
                   "self-managed node groups (Auto Scaling groups) are not read: write their tenants by hand")
    if not single and "eks_managed_node_groups" not in body:
        return []
    if resolver.value(body.get("create", True)) is False:
        source.add("notes", where, "create = false: no node groups to import")
        return []
    if single:
        args = {k: (resolver.value(v), f"{where}.{k}") for k, v in body.items()
                if not k.startswith("__") and k not in ("source", "version", "providers", "depends_on")}
        tenant = _module_group(source, where, label, _Arguments(where, args), None, f"{where}.aws_iam_role.this[0]")
        return [tenant] if tenant is not None else []
    groups = resolver.value(body["eks_managed_node_groups"])
    if not isinstance(groups, dict):
        reason = groups.reason if isinstance(groups, Unresolved) else "not a map of node groups"
        source.add("unresolved", f"{where}.eks_managed_node_groups", f"{reason}: import these node groups from "
                                                                     f"`{DESCRIBE}` instead")
        return []
    defaults = resolver.value(body.get("eks_managed_node_group_defaults", {}))
    if not isinstance(defaults, dict):
        reason = defaults.reason if isinstance(defaults, Unresolved) else "not a map"
        source.add("unresolved", f"{where}.eks_managed_node_group_defaults",
                   f"{reason}: the node groups are imported without these defaults")
        defaults = {}
    module = {name: (resolver.value(body[name]), f"{where}.{name}") for name in ("tags", "subnet_ids") if name in body}
    tenants = []
    for key, group in groups.items():
        path = f"{where}.eks_managed_node_groups.{key}"
        if isinstance(key, Unresolved) or not isinstance(group, dict):
            reason = key.reason if isinstance(key, Unresolved) else group.reason if isinstance(group, Unresolved) else (
                "not a node group")
            source.add("unresolved", path, f"{reason}: import this node group from `{DESCRIBE}` instead")
            continue
        args = {k: (v, f"{where}.eks_managed_node_group_defaults.{k}") for k, v in defaults.items()}
        args.update({k: (v, f"{path}.{k}") for k, v in group.items()})
        address = f"{where}.module.eks_managed_node_group[\"{key}\"].aws_iam_role.this[0]"
        tenant = _module_group(source, path, str(key), _Arguments(path, args), module, address)
        if tenant is not None:
            tenants.append(tenant)
    return tenants


def _module_group(source: _Source, where: str, key: str, args: _Arguments, module: dict[str, tuple[Any, str]] | None,
                  role_address: str) -> Tenant | None:
    """One node group of terraform-aws-eks (v19-v21), its arguments resolved; the module's defaults applied (min 1,
    or 0 for modules/eks-managed-node-group on its own, max 3, desired 1, ON_DEMAND, EKS's AMI type). module: the
    root module's tags and subnet_ids, which its node groups take; None for the node group module on its own."""
    tenant = Tenant(source.file, where, source.report)
    take = args.take
    if take("create", True)[0] is False:
        tenant.note(where, "create = false: not imported")
        return None
    name, name_path = take("name", key)
    if not tenant.set_name(name, name_path):
        return None
    ami_id, ami_id_path = take("ami_id", "")
    platform, platform_path = take("platform")
    given_type = args.given("ami_type")
    ami_type, ami_path = take("ami_type", "AL2023_x86_64_STANDARD")
    tenant.set_ami(ami_type, ami_path, *take("ami_release_version"), default=not given_type and ami_id == "")
    if ami_id != "":
        family = (ALIAS_FAMILIES.get(tenant.family or "") if given_type
                  else CUSTOM_FAMILY.get(platform) if isinstance(platform, str) else None)
        tenant.set_custom_ami(ami_id, ami_id_path, family, ami_path if given_type else platform_path)
    reservation = take("capacity_reservation_specification")
    reservations = _reservation_ids(reservation[0])
    if reservations is None and reservation[0] is not None:
        args.args["capacity_reservation_specification"] = reservation  # reported with the rest
    if args.given("instance_types"):
        tenant.set_instance_types(*take("instance_types"))
    else:
        tenant.unresolved(take("instance_types")[1], (
            "not set: the group runs a default instance type (EKS's t3.medium, unless the module's version or a launch "
            f"template sets another; `{DESCRIBE}` shows it): set requirements.instanceTypes yourself"))
    tenant.set_capacity_type(*take("capacity_type"), reservations=reservations)
    custom_template = take("use_custom_launch_template", True)[0] is not False
    disk, devices = take("disk_size"), take("block_device_mappings")
    if custom_template:
        if disk[0] is not None:
            tenant.unsupported(disk[1], "ignored by the module when it makes its own launch template "
                                        "(use_custom_launch_template, default true): the nodes have the AMI's default "
                                        "root disk or block_device_mappings; set rootVolume.size if you meant it")
        if devices[0] is not None:
            tenant.set_block_devices(*devices)
        if args.given("metadata_options"):
            tenant.set_metadata_options(*take("metadata_options"))
        else:
            source.add("notes", where.split(".eks_managed_node_groups")[0], (
                "the module's default metadata options (hop limit 2) let pods reach the node role through IMDS; "
                "synth's hop limit 1 keeps them to their own identity: set metadataOptions.httpPutResponseHopLimit: 2 "
                "for pods that need it"))
        tenant.set_monitoring(*take("enable_monitoring"))
        if take("create_launch_template", True)[0] is False:  # an existing launch template, named here
            for argument in ("launch_template_name", "launch_template_id"):
                if args.given(argument):
                    tenant.unsupported(take(argument)[1], LAUNCH_TEMPLATE)
        for argument in ("launch_template_name", "launch_template_id", "launch_template_version"):
            take(argument)  # the module's own launch template's name: not the nodes'
    else:
        if disk[0] is not None:
            tenant.set_disk_size(*disk)
        for argument in ("block_device_mappings", "metadata_options", "enable_monitoring", "vpc_security_group_ids"):
            value, path = take(argument)
            if value not in (None, {}, []):
                tenant.note(path, "ignored by the module without its own launch template (use_custom_launch_template = false)")
    tenant.set_labels(*take("labels", {}))
    tenant.set_taints(*take("taints", {}))
    tags: dict[str, str] = {}
    for value, path in ((module or {}).get("tags", ({}, "")), take("tags", {}), take("launch_template_tags", {})):
        tags.update(tenant.entries(value, path, "tags"))
    tenant.set_tags(tags, f"{where}.tags")
    defaults = (("min_size", 1 if module is not None else 0), ("max_size", 3), ("desired_size", 1))
    defaulted = tuple(name.split("_")[0] for name, _ in defaults if not args.given(name))
    tenant.set_scaling(*(part for name, default in defaults for part in take(name, default)), defaulted=defaulted)
    subnets = take("subnet_ids")
    tenant.set_subnets(*(subnets if subnets[0] is not None else (module or {}).get("subnet_ids", subnets)))
    tenant.set_role(_module_role(source, tenant, args, name, role_address))
    tenant.rest(args.args)
    return tenant


def _reservation_ids(value: Any) -> list[str] | None:
    target = value.get("capacity_reservation_target") if isinstance(value, dict) else None
    found = target.get("capacity_reservation_id") if isinstance(target, dict) else None
    return [found] if isinstance(found, str) and found.startswith("cr-") else None


def _module_role(source: _Source, tenant: Tenant, args: _Arguments, name: Any, address: str) -> Role | None:
    """The node role: an existing one (create_iam_role = false: iam_role_arn), or the one the module creates,
    whose name is known when it takes no name prefix."""
    create, arn = args.take("create_iam_role", True), args.take("iam_role_arn")
    role_name, prefix = args.take("iam_role_name"), args.take("iam_role_use_name_prefix", True)
    args.take("iam_role_path")
    if create[0] is False:
        return _role(source, tenant, *arn) if arn[0] is not None else None
    named = tenant.known(role_name[0] if role_name[0] is not None else f"{name}-eks-node-group", role_name[1], "nodeRole")
    if named is None:
        return None
    if prefix[0] is not False:
        tenant.unresolved(prefix[1], (
            f"the module creates the node role with the name prefix '{named}-' (iam_role_use_name_prefix), known only "
            f"after apply: `terraform state show '{address}'` gives its name: set nodeRole (and iam.existing.roles) "
            "yourself"
        ))
        return None
    return Role(str(named), str(named), owner=address)


def _role(source: _Source | None, tenant: Tenant, value: Any, path: str) -> Role | None:
    """A node role given by ARN: literal, from a variable or local, or an `aws_iam_role` of the same folder whose
    name is written in it."""
    reference = re.fullmatch(r"aws_iam_role\.([A-Za-z_][A-Za-z0-9_-]*)\.arn", value.expression) \
        if isinstance(value, Unresolved) else None
    if source is not None and reference and reference.group(1) in source.roles:
        owner = f"aws_iam_role.{reference.group(1)}"
        name = source.resolver.value(source.roles[reference.group(1)].get("name"))
        if isinstance(name, str):
            return Role(name, name, owner)
        why = name.reason if isinstance(name, Unresolved) else f"{owner} is named by name_prefix, known only after apply"
        tenant.unresolved(path, f"{why}: `terraform state show {owner}` gives its name: set nodeRole (and "
                                "iam.existing.roles) yourself")
        return None
    arn = tenant.known(value, path, "nodeRole (and iam.existing.roles)")
    if arn is None:
        return None
    if not isinstance(arn, str) or not re.fullmatch(
        r"arn:aws[a-z-]*:iam::[0-9]{12}:role/([\w+=,.@-]+/)*[\w+=,.@-]{1,64}", arn, re.ASCII
    ):
        tenant.unsupported(path, f"{short(repr(arn))} is not an IAM role ARN: set nodeRole yourself")
        return None
    name = role_name_of(arn)
    return Role(name, arn if arn.split(":role/", 1)[1] != name else name)  # an ARN keeps a role's path


# EKS's node group settings as aws_eks_node_group and describe-nodegroup spell them.
RESOURCE_NAMES = {"capacity": "capacity_type", "disk": "disk_size", "labels": "labels", "taints": "taint", "tags": "tags",
                  "scaling": "scaling_config", "sizes": ("min_size", "max_size", "desired_size"), "subnets": "subnet_ids"}
DESCRIBE_NAMES = {"capacity": "capacityType", "disk": "diskSize", "labels": "labels", "taints": "taints", "tags": "tags",
                  "scaling": "scalingConfig", "sizes": ("minSize", "maxSize", "desiredSize"), "subnets": "subnets"}


def _eks_settings(tenant: Tenant, args: _Arguments, names: dict[str, Any]) -> None:
    """What an aws_eks_node_group and a describe-nodegroup document both say (EKS's API), by the names of one."""
    take = args.take
    tenant.set_capacity_type(*take(names["capacity"]))
    if args.given(names["disk"]):
        tenant.set_disk_size(*take(names["disk"]))
    tenant.set_labels(*take(names["labels"], {}))
    tenant.set_taints(*take(names["taints"], []))
    tenant.set_tags(*take(names["tags"], {}))
    scaling, path = take(names["scaling"], {})
    if isinstance(scaling, list):  # the resource's scaling_config block
        scaling = scaling[0] if scaling and isinstance(scaling[0], dict) else {}
    tenant.set_scaling(*(part for size in names["sizes"] for part in (scaling.get(size), f"{path}.{size}")))
    tenant.set_subnets(*take(names["subnets"]))


def _resource(source: _Source, label: str, body: dict[str, Any]) -> Tenant | None:
    where = f"aws_eks_node_group.{label}"
    for meta in ("count", "for_each"):
        if meta in body:
            source.add("unresolved", f"{where}.{meta}",
                       f"the node groups {meta} makes are known only to Terraform: import them from `{DESCRIBE}` instead")
            return None
    args = _Arguments(where, {k: (source.resolver.value(v), f"{where}.{k}") for k, v in body.items() if not k.startswith("__")})
    take = args.take
    tenant = Tenant(source.file, where, source.report)
    name, name_path = take("node_group_name")
    prefix, prefix_path = take("node_group_name_prefix")
    if name is None and isinstance(prefix, str):
        name, name_path = prefix.rstrip("-_"), prefix_path
    if not tenant.set_name(name if name is not None else label, name_path):
        return None
    given_type = args.given("ami_type")
    tenant.set_ami(*take("ami_type", "AL2023_x86_64_STANDARD"), *take("release_version"), default=not given_type)
    tenant.set_instance_types(*take("instance_types"), default=["t3.medium"])
    _eks_settings(tenant, args, RESOURCE_NAMES)
    if args.given("node_role_arn"):
        tenant.set_role(_role(source, tenant, *take("node_role_arn")))
    dynamic = take("dynamic", [])[0]
    for entry in dynamic if isinstance(dynamic, list) else []:
        for block in entry if isinstance(entry, dict) else {}:
            hint = "taints" if block == "taint" else f"what its {block} blocks say"
            tenant.unresolved(f"{where}.dynamic.{block}", f"{REASONS['dynamic']}: set {hint} yourself")
    tenant.rest(args.args)
    return tenant


# --- describe-nodegroup ----------------------------------------------------------------------------------


_JSON_TYPES = {str: "a string", list: "a list", dict: "an object", int: "an integer"}
_DESCRIBE_SHAPES = {
    "nodegroupName": str, "instanceTypes": list, "capacityType": str, "amiType": str, "releaseVersion": str,
    "diskSize": int, "labels": dict, "taints": list, "tags": dict, "scalingConfig": dict, "nodeRole": str,
    "subnets": list,
}


def _describe(path: Path, report: Report) -> Tenant:
    """One `aws eks describe-nodegroup --output json` document: what EKS runs, every value known."""
    document = read_json(path, written_by=DESCRIBE)
    group = document.get("nodegroup") if isinstance(document, dict) else None
    if not isinstance(group, dict):
        raise NodeGroupsRefused([f"{path}: no \"nodegroup\" object, so not what `{DESCRIBE}` writes; {KINDS}"])
    problems = [
        f"{path}: nodegroup.{key}: {short(repr(group[key]))} is not {_JSON_TYPES[kind]}; write the file with `{DESCRIBE}`"
        for key, kind in _DESCRIBE_SHAPES.items()
        if group.get(key) is not None and (not isinstance(group[key], kind) or isinstance(group[key], bool))
    ]
    if not group.get("nodegroupName"):
        problems.append(f"{path}: nodegroup.nodegroupName is missing; write the file with `{DESCRIBE}`")
    if problems:
        raise NodeGroupsRefused(problems)
    args = _Arguments("nodegroup", {k: (v, f"nodegroup.{k}") for k, v in group.items()})
    take = args.take
    tenant = Tenant(str(path), f"nodegroup {group['nodegroupName']}", report)
    name, name_path = take("nodegroupName")
    base = _UNIQUE_SUFFIX.sub("", name)
    if base != name and base:
        tenant.note(name_path, f"{name!r} ends in Terraform's unique suffix: the tenant is named after {base!r}")
        name = base
    if not tenant.set_name(name, name_path):
        return tenant
    ami_type, ami_path = take("amiType")
    release = take("releaseVersion")
    if ami_type is None:
        tenant.unsupported(ami_path, "not given (a launch template's AMI): set ami yourself")
    else:
        tenant.set_ami(ami_type, ami_path, *release)
    if args.given("instanceTypes"):
        tenant.set_instance_types(*take("instanceTypes"))
    else:
        tenant.unresolved(take("instanceTypes")[1], "not given (the launch template's instance type): set "
                                                     "requirements.instanceTypes yourself")
    _eks_settings(tenant, args, DESCRIBE_NAMES)
    if args.given("nodeRole"):
        tenant.set_role(_role(None, tenant, *take("nodeRole")))
    tenant.rest(args.args)
    return tenant


# --- the command ----------------------------------------------------------------------------------------


def import_nodegroups(paths: list[Path]) -> Imported:
    """Every node group of the files as a tenant; NodeGroupsRefused for input that cannot be read as node groups
    (nothing is written then)."""
    report = Report()
    tf_files: list[Path] = []
    auto_vars: dict[Path, list[Path]] = {}
    var_files: list[Path] = []
    describe: list[Path] = []
    problems: list[str] = []
    for path in paths:
        if path.is_dir():
            found = sorted(p for p in path.glob("*.tf") if p.is_file())
            if not found:
                problems.append(f"{path}: a folder without .tf files; {KINDS}")
            tf_files += found
            auto = [p for p in (path / "terraform.tfvars", path / "terraform.tfvars.json") if p.is_file()]
            auto += sorted(p for p in path.glob("*.auto.tfvars*") if p.is_file() and p.name.endswith((".tfvars", ".json")))
            if auto and found:
                auto_vars[path] = auto
                report.add("notes", str(path), f"read {', '.join(p.name for p in auto)}, as Terraform does")
        elif path.name.endswith(".tf.json"):
            problems.append(f"{path}: Terraform's JSON syntax is not read; write the node groups in .tf files")
        elif path.suffix == ".tf":
            tf_files.append(path)
        elif path.name.endswith((".tfvars", ".tfvars.json")):
            var_files.append(path)
        elif path.suffix == ".json":
            describe.append(path)
        else:  # no telling suffix: a JSON document or Terraform
            try:
                text = read_text(path)
            except InputError as error:
                problems.append(str(error))
                continue
            except OSError as error:
                problems.append(f"{path}: cannot read: {error.strerror or error}")
                continue
            (describe if text.lstrip().startswith("{") else tf_files).append(path)
    if problems:
        raise NodeGroupsRefused(problems)
    tf_files = list({path.resolve(): path for path in tf_files}.values())  # a file named and in a folder named: once
    try:
        tenants = _terraform_groups(_read_terraform(tf_files, auto_vars, var_files), report)
        tenants += [_describe(path, report) for path in describe]
    except InputError as error:
        raise NodeGroupsRefused([str(error)]) from None
    except OSError as error:
        raise NodeGroupsRefused([f"{error.filename or 'a file'}: cannot read: {error.strerror or error}"]) from None
    tenants = [t for t in tenants if t.name]
    if not tenants:
        named = ", ".join(str(p) for p in paths)
        lines = [*report.unresolved, *report.unsupported]
        if lines:
            raise NodeGroupsRefused([*lines, f"{named}: no node group could be imported (the reasons above)"])
        raise NodeGroupsRefused([f"{named}: no managed node group in it (a module's eks_managed_node_groups, a resource "
                                 "\"aws_eks_node_group\" or a describe-nodegroup document): name the files that define them"])
    return _assemble(tenants, report)


# What each of a tenant's pools sets on its own (config.model.Pool); the rest is the tenant's one EC2NodeClass and
# isolation.
POOL_KEYS = ("requirements", "limits", "labels", "taints")


def _groups(tenants: list[Tenant]) -> dict[str, list[Tenant]]:
    """The node groups by tenant: those whose tenant label or taint names one tenant are its pools; any other is a
    tenant of its own, named after it. NodeGroupsRefused for two groups of one name or one pool name."""
    problems = []
    groups: dict[str, list[Tenant]] = {}
    owners = {tenant: tenant.owner() for tenant in tenants}
    for tenant in tenants:
        groups.setdefault(owners[tenant] or tenant.name, []).append(tenant)
    for name, members in groups.items():
        unlabelled = [m for m in members if owners[m] is None]
        if unlabelled and len(members) > 1:
            first = unlabelled[0]
            other = next(m for m in members if m is not first)
            problems.append(
                f"{other.file}: {other.where}: a second node group for tenant {name!r} (the first: {first.file}: "
                f"{first.where}): import each node group once"
                if owners[other] is None else
                f"{first.file}: {first.where}: tenant {name!r} is named after this node group, and {other.file}: "
                f"{other.where} is tenant {name}'s by its tenant label or taint: give this group the label "
                f"{TENANT_KEY}: {name} too (it becomes one of {name}'s pools), or rename it"
            )
            continue
        seen: dict[str, Tenant] = {}
        for member in members:
            pool = _pool_name(name, member.name)
            if pool in seen and len(members) > 1:
                problems.append(
                    f"{member.file}: {member.where}: pool {pool!r} of tenant {name} again (the first: {seen[pool].file}: "
                    f"{seen[pool].where}): each node group of a tenant is a pool named after it: rename one"
                )
            seen.setdefault(pool, member)
    if problems:
        raise NodeGroupsRefused(problems)
    return groups


def _pool_name(tenant: str, group: str) -> str:
    """A node group's pool name in its tenant: its own name, less a leading `<tenant>-` (NodePool `<tenant>-<pool>`)."""
    return group[len(tenant) + 1:] if group.startswith(f"{tenant}-") and len(group) > len(tenant) + 1 else group


def _pooled(name: str, members: list[Tenant]) -> dict[str, Any]:
    """Node groups of one tenant as its pools: requirements, limits, labels and taints are each pool's; the rest is
    the tenant's, and where a group differs from the first in it, that is reported on the group."""
    built = [(member, member.build()) for member in members]
    first, tenant = built[0][0], {k: v for k, v in built[0][1].items() if k not in POOL_KEYS}
    tenant["name"] = name
    for member, item in built[1:]:
        for key in dict.fromkeys([*tenant, *item]):
            if key in (*POOL_KEYS, "name") or item.get(key) == tenant.get(key):
                continue
            member.unsupported(member.where, (
                f"{key} {_shown(item.get(key))} differs from node group {first.where}'s {_shown(tenant.get(key))}, and tenant "
                f"{name}'s pools share one EC2NodeClass and isolation: the tenant has {first.where}'s; set {key} "
                f"yourself, or give this group a tenant label of its own"))
    tenant["pools"] = [{"name": _pool_name(name, member.name), **{k: item[k] for k in POOL_KEYS if k in item}}
                       for member, item in built]
    return tenant


def _shown(value: Any) -> str:
    return "unset (the default)" if value is None else short(repr(value))


def _assemble(tenants: list[Tenant], report: Report) -> Imported:
    groups = _groups(tenants)
    for name, members in groups.items():
        for member in members:
            member.dedicated = member.taint_owner is not None and member.taint_owner[0] == name
            if len(members) == 1 and member.name != name:
                member.note(member.where, f"tenant {name}, as its tenant label or taint names it")
                member.name = name
    built = [members[0].build() if len(members) == 1 else _pooled(name, members) for name, members in groups.items()]
    tenants = [members[0] for members in groups.values()]  # each tenant's first group: its role, its place
    users: dict[str, list[Tenant]] = {}
    for name, tenant in zip(groups, tenants, strict=True):
        if tenant.role is not None:
            users.setdefault(tenant.role.name, []).append(tenant)
            if tenant.role.owner is not None:
                tenant.note(tenant.where, (
                    f"node role {tenant.role.name} is created by {tenant.role.owner}: removing the node group from "
                    "Terraform deletes it, and the tenant's nodes lose their role: keep it (a `removed` block with "
                    "`lifecycle { destroy = false }`), or give the tenant a role of its own first"
                ))
        else:
            tenant.note(tenant.where, f"no nodeRole: terraform/ creates the tenant's default role "
                                      f"(karpenter-node-<cluster>-{name})")
    iam: dict[str, Any] = {}
    if users:
        existing = sorted({group[0].role.existing for group in users.values() if group[0].role})
        iam["existing"] = {"roles": existing}
        shared = sorted(name for name, group in users.items() if len(group) > 1)
        if shared:
            iam["sharedNodeRoles"] = shared
    isolated = [name for name, tenant in zip(groups, tenants, strict=True) if not tenant.dedicated]
    if isolated:
        report.add("notes", "tenants " + ", ".join(isolated), (
            f"dedicated: false, as the node groups had no taint {TENANT_KEY}=<name>:NoSchedule: their nodes take any pod "
            "that tolerates the group's taints; set dedicated: true (and give the tenant's pods the toleration) to keep "
            "other pods off, and list the tenant's namespaces"
        ))
    report.add("notes", "every tenant", (
        "pods that select eks.amazonaws.com/nodegroup or eks.amazonaws.com/capacityType select the node group, not the "
        f"tenant: select {TENANT_KEY}: <tenant> (and karpenter.sh/capacity-type) instead; subnets and security groups "
        "not imported by id are the cluster's tagged karpenter.sh/discovery: <cluster> (tag the node groups' ones)"
    ))
    problems = _model_problems(built, iam, tenants)
    if problems:
        raise NodeGroupsRefused(problems)
    return Imported(built, iam or None, report)


def _model_problems(built: list[dict[str, Any]], iam: dict[str, Any], tenants: list[Tenant]) -> list[str]:
    """The tenants checked by the config model, so import-nodegroups never writes what synth rejects."""

    def where(index: int) -> str:
        return f"{tenants[index].file}: {tenants[index].where}"

    return config_problems(built, Generation.V1, where, {"iam": iam} if iam else {})
