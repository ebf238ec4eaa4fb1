"""A node group's AMI -> its tenant's ami (an alias of its family, the release pinned when known, or a custom AMI's
selectorTerms and family) and the requirements the AMI type implies (architecture, operating system).

Owns the EKS AMI type table. Imports config and convert.nodegroups.record only."""

from __future__ import annotations

import re
from typing import Any

from karpenter_tenants.config.schema.node_class import ALIAS_FAMILIES
from karpenter_tenants.convert.nodegroups.record import NodeGroup

# EKS AMI types -> (Karpenter 1.x alias family, architecture). Karpenter's al2, al2023 and bottlerocket aliases
# pick a family's GPU (NVIDIA) and Neuron variants themselves for instance types that have such devices.
AMI_TYPES = {
    "AL2_x86_64": ("al2", "amd64"),
    "AL2_x86_64_GPU": ("al2", "amd64"),
    "AL2_ARM_64": ("al2", "arm64"),
    "AL2023_x86_64_STANDARD": ("al2023", "amd64"),
    "AL2023_ARM_64_STANDARD": ("al2023", "arm64"),
    "AL2023_x86_64_NVIDIA": ("al2023", "amd64"),
    "AL2023_ARM_64_NVIDIA": ("al2023", "arm64"),
    "AL2023_x86_64_NEURON": ("al2023", "amd64"),
    "BOTTLEROCKET_x86_64": ("bottlerocket", "amd64"),
    "BOTTLEROCKET_ARM_64": ("bottlerocket", "arm64"),
    "BOTTLEROCKET_x86_64_NVIDIA": ("bottlerocket", "amd64"),
    "BOTTLEROCKET_ARM_64_NVIDIA": ("bottlerocket", "arm64"),
    "WINDOWS_CORE_2019_x86_64": ("windows2019", "amd64"),
    "WINDOWS_FULL_2019_x86_64": ("windows2019", "amd64"),
    "WINDOWS_CORE_2022_x86_64": ("windows2022", "amd64"),
    "WINDOWS_FULL_2022_x86_64": ("windows2022", "amd64"),
    "WINDOWS_CORE_2025_x86_64": ("windows2025", "amd64"),
    "WINDOWS_FULL_2025_x86_64": ("windows2025", "amd64"),
}
# The ami.family of a custom AMI (ami_id) by the module's `platform` (v19/v20) or the AMI type's family.
CUSTOM_FAMILY = {
    "linux": "AL2",
    "bottlerocket": "Bottlerocket",
    "al2": "AL2",
    "al2023": "AL2023",
    "windows2019": "Windows2019",
    "windows2022": "Windows2022",
}


def set_ami(
    group: NodeGroup, ami_type: Any, path: str, release: Any = None, release_path: str = "", default: bool = False
) -> None:
    """The AMI type's alias (and architecture, operating system); default: the type is EKS's default, not given."""
    report = group.report
    if default:
        report.note(
            path,
            "not set: EKS's default AMI type since Kubernetes 1.30 (and the module's since v21) is "
            "AL2023_x86_64_STANDARD: al2023; a group still on AL2 needs ami.alias al2@… instead",
        )
    ami_type = report.known(ami_type, path, "ami.alias")
    if ami_type is None:
        return
    if ami_type not in AMI_TYPES:
        fix = (
            "set ami.selectorTerms (the launch template's AMI) and ami.family yourself"
            if ami_type == "CUSTOM"
            else "Karpenter's bottlerocket alias is not the FIPS variant: set ami.selectorTerms with the "
            "FIPS AMI's ssmParameter and ami.family Bottlerocket yourself"
            if "FIPS" in str(ami_type)
            else "set ami yourself"
        )
        report.unsupported(path, f"{ami_type} has no Karpenter alias: {fix}")
        return
    family, arch = AMI_TYPES[ami_type]
    group.family = family
    if family == "al2":
        report.note(
            path,
            "EKS publishes AL2 AMIs up to Kubernetes 1.32: move the tenant to al2023 (or bottlerocket) "
            "before the cluster goes further",
        )
    group.requirements["architectures"] = [arch]
    if family.startswith("windows"):
        group.requirements["operatingSystems"] = ["windows"]
        if "FULL" in ami_type:
            report.note(
                path,
                f"Karpenter's {family} alias is Windows Server Core: for Full, set ami.selectorTerms "
                f"(the Full AMI's ssmParameter) with ami.family {ALIAS_FAMILIES[family]}",
            )
    if ami_type.endswith(("_GPU", "_NVIDIA", "_NEURON")):
        report.note(
            path,
            f"Karpenter's {family} alias picks the family's GPU/Neuron AMI itself for instance types with such devices",
        )
    version = pinned(group, family, release, release_path)
    group.fields["ami"] = {"alias": f"{family}@{version}"}


def pinned(group: NodeGroup, family: str, release: Any, path: str) -> str:
    """The alias version of an AMI release version (1.30.0-20240625 -> v20240625; Bottlerocket 1.20.3-5d9ac849
    -> v1.20.3), else latest (reported)."""
    report = group.report
    release = report.known(release, path, "the version of ami.alias") if release is not None else None
    if isinstance(release, str) and not family.startswith("windows"):
        dated = re.fullmatch(r"[0-9]+\.[0-9]+(\.[0-9]+)?-([0-9]{8})", release)
        semantic = re.fullmatch(r"([0-9]+\.[0-9]+\.[0-9]+)-[0-9a-f]+", release)
        if family in ("al2", "al2023") and dated:
            return f"v{dated.group(2)}"
        if family == "bottlerocket" and semantic:
            return f"v{semantic.group(1)}"
        report.unsupported(path, f"{release!r} is no {family} release version: ami.alias left at {family}@latest")
    if not family.startswith("windows"):
        example = "v1.38.1" if family == "bottlerocket" else "v20250101"
        report.note(
            path or group.where,
            f"ami.alias {family}@latest replaces nodes on every AMI release: pin the "
            f"version the group runs (e.g. {family}@{example})",
        )
    return "latest"


def set_custom_ami(group: NodeGroup, ami_id: Any, path: str, family: str | None, family_path: str) -> None:
    """A custom AMI (the module's ami_id): ami.selectorTerms by id, its family from the AMI type or platform."""
    report = group.report
    ami = report.known(ami_id, path, "ami.selectorTerms (and ami.family)")
    group.fields.pop("ami", None)
    if not isinstance(ami, str):
        return
    if family is None:
        report.unresolved(
            family_path,
            "the custom AMI's family (ami_type or platform) is not given: set "
            f"ami.selectorTerms [{{id: {ami}}}] with its ami.family yourself",
        )
        return
    group.family = None
    group.fields["ami"] = {"selectorTerms": [{"id": ami}], "family": family}
    report.note(path, f"a custom AMI: ami.family {family} decides how Karpenter bootstraps it")
