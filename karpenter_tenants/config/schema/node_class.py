"""A tenant's node class settings: AMIs, subnet, security group and capacity reservation selectors, disks (root volume,
block devices, each AMI family's layout), kubelet and instance metadata options.

Part of the cluster config schema (config.schema); imports config only."""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import Field, ValidationInfo, field_validator, model_validator

from karpenter_tenants.config.schema.base import (
    AMI_ALIAS,
    EVICTION_SIGNALS,
    EVICTION_THRESHOLD,
    INT32_MAX,
    RESERVED_KEYS,
    FieldProblems,
    Flag,
    Integer,
    IpAddress,
    Model,
    duration_text,
    non_negative_quantity,
    shaped_text,
    shown,
)

# The EC2NodeClass CRD's bounds on the node class fields synth writes (karpenter.k8s.aws_ec2nodeclasses.yaml, Karpenter
# 1.x; tests/unit/config/test_node_class_bounds.py holds them to the CRDs in ../shared). The API server refuses an
# EC2NodeClass past any of them, so the loader refuses the cluster file first. 0.31's AWSNodeTemplate CRD bounds none
# of them (its selectors are tag maps, its blockDeviceMappings unbounded): the counts and tag rules are 1.x's only.
MAX_SELECTOR_TERMS = 30  # spec.{ami,subnet,securityGroup,capacityReservation}SelectorTerms maxItems
MAX_SELECTOR_TAGS = 20  # spec.*SelectorTerms[].tags maxProperties
MAX_BLOCK_DEVICE_MAPPINGS = 50  # spec.blockDeviceMappings maxItems
# spec.*SelectorTerms[].id and capacityReservationSelectorTerms[].ownerID patterns. The CRD's id patterns are
# unanchored (Kubernetes matches a pattern anywhere in the value); an EC2 id is the whole value, so the loader matches
# the whole id, on either generation (0.31 writes ids into `aws-ids`, which EC2 refuses alike).
SUBNET_ID_PATTERN = "subnet-[0-9a-z]+"
SECURITY_GROUP_ID_PATTERN = "sg-[0-9a-z]+"
AMI_ID_PATTERN = "ami-[0-9a-z]+"
CAPACITY_RESERVATION_ID_PATTERN = "^cr-[0-9a-z]+$"
OWNER_ID_PATTERN = "^[0-9]{12}$"


class AmiSelectorTerm(Model):
    id: str | None = Field(default=None, description="AMI id.")
    name: str | None = Field(default=None, description="AMI name (wildcards allowed).")
    owner: str | None = Field(default=None, description="AMI owner (account id or alias), with name or tags.")
    tags: dict[str, str] | None = Field(default=None, description="AMI tags.")
    ssm_parameter: str | None = Field(default=None, description="1.x: SSM parameter holding the AMI id.")

    @model_validator(mode="after")
    def _one_kind(self) -> AmiSelectorTerm:
        if self.id is not None and any(v is not None for v in (self.name, self.owner, self.tags, self.ssm_parameter)):
            raise ValueError("'id' cannot be combined with other fields in an AMI selector term")
        if all(v is None for v in (self.id, self.name, self.tags, self.ssm_parameter)):
            raise ValueError("an AMI selector term needs one of id, name, tags or ssmParameter")
        return self


class Ami(Model):
    alias: str | None = Field(
        default=None, description="1.x: AMI alias, e.g. `al2023@v20261101`. Default `al2023@latest` (warned)."
    )
    family: Literal["AL2", "AL2023", "Bottlerocket", "Ubuntu", "Windows2019", "Windows2022", "Custom"] | None = Field(
        default=None,
        description="amiFamily: 0.31 (default `AL2`); 1.x with selectorTerms (required there), or `Custom` beside an "
        "alias (Karpenter then finds the alias's AMIs but merges no user data and attaches no default disks). "
        "Ubuntu on 1.x (selectorTerms only) is written as Karpenter's v1 migration guide says: `AL2` user data and "
        "Ubuntu's `/dev/sda1` root disk.",
    )
    selector_terms: list[AmiSelectorTerm] | None = Field(
        default=None,
        description="Custom AMIs instead of an alias (1.x amiSelectorTerms, 0.31 amiSelector). Default none.",
    )

    @model_validator(mode="after")
    def _alias_or_terms(self) -> Ami:
        if self.alias is not None and self.selector_terms is not None:
            raise ValueError("set either 'alias' or 'selectorTerms', not both")
        return self

    @field_validator("alias")
    @classmethod
    def _alias_shape(cls, value: str | None) -> str | None:
        if value is not None and not AMI_ALIAS.fullmatch(value):
            raise ValueError(
                f"{shown(value)} is not an AMI alias like 'al2023@v20261101' (family al2, al2023, bottlerocket, "
                "windows2019, windows2022 or windows2025; version like v20261101, v1.30.0 or latest)"
            )
        return value


class CapacityReservationTerm(Model):
    id: str | None = Field(default=None, description="A capacity reservation id, `cr-…`.")
    tags: dict[str, str] | None = Field(default=None, description="Reservations carrying all these tags.")
    owner_id: str | None = Field(default=None, alias="ownerID", description="With tags: the owning account.")

    @model_validator(mode="after")
    def _id_or_tags(self) -> CapacityReservationTerm:
        if (self.id is None) == (self.tags is None):
            raise ValueError("a capacity reservation term sets exactly one of 'id' or 'tags'")
        if self.id is not None and self.owner_id is not None:
            raise ValueError("'ownerID' goes with 'tags', not with 'id'")
        if self.id is not None and not re.fullmatch(CAPACITY_RESERVATION_ID_PATTERN, self.id):
            raise ValueError(f"{self.id!r} is not a capacity reservation id like 'cr-0123456789abcdef0'")
        return self


class SelectorTerm(Model):
    tags: dict[str, str] | None = Field(default=None, description="Match resources carrying all these tags.")
    id: str | None = Field(default=None, description="Match one resource by id.")
    name: str | None = Field(default=None, description="Security groups only (1.x): match by group name.")

    @model_validator(mode="after")
    def _exactly_one(self) -> SelectorTerm:
        if sum(v is not None for v in (self.tags, self.id, self.name)) != 1:
            raise ValueError("a selector term sets exactly one of 'tags', 'id' or 'name'")
        if self.tags is not None and not self.tags:
            raise ValueError("'tags' must name at least one tag")
        return self


# EC2NodeClass's own pattern for blockDeviceMappings[].ebs.volumeSize (Karpenter 1.x CRD).
VolumeSize = Annotated[
    str,
    shaped_text(
        r"^((?:[1-9][0-9]{0,3}|[1-4][0-9]{4}|[5][0-8][0-9]{3}|59000)Gi|(?:[1-9][0-9]{0,3}|[1-5][0-9]{4}|[6][0-3][0-9]{3}"
        r"|64000)G|([1-9]||[1-5][0-7]|58)Ti|([1-9]||[1-5][0-9]|6[0-3]|64)T)$",
        "an EBS volume size like '20Gi' (1Gi to 59000Gi, or G, Ti, T)",
    ),
]


# Karpenter's own default disks per AMI family, as it attaches them when an EC2NodeClass /
# AWSNodeTemplate has no blockDeviceMappings (karpenter-provider-aws pkg/providers/amifamily:
# DefaultBlockDeviceMappings of al2.go, al2023.go, bottlerocket.go, windows.go, ubuntu.go; custom.go
# has none): (device, size, holds the kubelet's root dir, i.e. the "root volume" of rootVolume below).
FAMILY_DISKS: dict[str, tuple[tuple[str, str, bool], ...]] = {
    "AL2": (("/dev/xvda", "20Gi", True),),
    "AL2023": (("/dev/xvda", "20Gi", True),),
    "Bottlerocket": (("/dev/xvda", "4Gi", False), ("/dev/xvdb", "20Gi", True)),  # OS volume, data volume
    "Ubuntu": (("/dev/sda1", "20Gi", True),),
    "Windows": (("/dev/sda1", "50Gi", True),),
    "Custom": (),
}
ALIAS_FAMILIES = {
    "al2": "AL2",
    "al2023": "AL2023",
    "bottlerocket": "Bottlerocket",
    "windows2019": "Windows2019",
    "windows2022": "Windows2022",
    "windows2025": "Windows2025",
}


def disk_layout(family: str) -> tuple[tuple[str, str, bool], ...]:
    return FAMILY_DISKS["Windows" if family.startswith("Windows") else family]


class RootVolume(Model):
    size: VolumeSize | None = Field(
        default=None,
        description="Size in Gi, G, Ti or T, e.g. `100Gi`. Default: the AMI family's, `20Gi` (Windows `50Gi`).",
    )
    type: Literal["gp3", "gp2", "io1", "io2"] = Field(default="gp3", description="Default `gp3`.")
    encrypted: Flag = Field(default=True, description="Default true.")
    kms_key_id: str | None = Field(default=None, description="KMS key ARN. Default: the account's EBS default key.")
    device_name: str | None = Field(
        default=None,
        description="Default: the AMI family's root device as Karpenter attaches it: `/dev/xvda` (AL2, AL2023), "
        "`/dev/sda1` (Windows, Ubuntu), the data volume `/dev/xvdb` (Bottlerocket, whose 4Gi OS volume "
        "`/dev/xvda` is kept and encrypted alike). Required for `Custom`, which has no default disks: without "
        "rootVolume a Custom AMI keeps its own block device mappings.",
    )


class Ebs(Model):
    volume_size: VolumeSize | None = Field(default=None, description="Size, e.g. `100Gi`.")
    volume_type: Literal["standard", "gp2", "gp3", "io1", "io2", "sc1", "st1"] | None = None
    iops: Integer | None = Field(default=None, ge=0)
    throughput: Integer | None = Field(default=None, ge=0)
    encrypted: bool | None = None
    kms_key_id: str | None = Field(default=None, alias="kmsKeyID")
    delete_on_termination: bool | None = None
    snapshot_id: str | None = Field(default=None, alias="snapshotID")


class BlockDevice(Model):
    device_name: str = Field(description="e.g. `/dev/xvda`. Required.")
    root_volume: Flag | None = Field(default=None, description="1.x: the root volume. Default: not marked.")
    ebs: Ebs = Field(description="EBS settings. Required.")


class Kubelet(Model):
    """Kubelet settings (1.x EC2NodeClass spec.kubelet; 0.31 Provisioner spec.kubeletConfiguration)."""

    cluster_dns: list[IpAddress] | None = Field(default=None, alias="clusterDNS")
    max_pods: Integer | None = Field(default=None, ge=0, le=INT32_MAX)  # int32 in the kubelet and the CRDs
    pods_per_core: Integer | None = Field(default=None, ge=0, le=INT32_MAX)
    system_reserved: dict[str, str] | None = None
    kube_reserved: dict[str, str] | None = None
    eviction_hard: dict[str, str] | None = None
    eviction_soft: dict[str, str] | None = None
    eviction_soft_grace_period: dict[str, str] | None = None
    eviction_max_pod_grace_period: Integer | None = Field(default=None, ge=0)
    image_gc_high_threshold_percent: Integer | None = Field(
        default=None, ge=0, le=100, alias="imageGCHighThresholdPercent"
    )
    image_gc_low_threshold_percent: Integer | None = Field(
        default=None, ge=0, le=100, alias="imageGCLowThresholdPercent"
    )
    cpu_cfs_quota: Flag | None = Field(default=None, alias="cpuCFSQuota")

    @field_validator("system_reserved", "kube_reserved")
    @classmethod
    def _reserved(cls, value: dict[str, str] | None) -> dict[str, str] | None:
        for key, quantity in (value or {}).items():
            if key not in RESERVED_KEYS:
                raise ValueError(f"{key!r} is not one of {', '.join(RESERVED_KEYS)} (the keys kubelet reserves)")
            non_negative_quantity(quantity)
        return value

    @field_validator("eviction_hard", "eviction_soft", "eviction_soft_grace_period")
    @classmethod
    def _eviction(cls, value: dict[str, str] | None, info: ValidationInfo) -> dict[str, str] | None:
        for key, threshold in (value or {}).items():
            if key not in EVICTION_SIGNALS:
                raise ValueError(f"{key!r} is not an eviction signal: one of {', '.join(EVICTION_SIGNALS)}")
            if info.field_name == "eviction_soft_grace_period":
                duration_text(threshold)
            elif not EVICTION_THRESHOLD.fullmatch(threshold):
                raise ValueError(f"{key}: {threshold!r} is not a threshold like '10%' or '500Mi'")
        return value

    @model_validator(mode="after")
    def _consistent(self) -> Kubelet:
        problems: list[tuple[tuple[str | int, ...], str]] = []
        high, low = self.image_gc_high_threshold_percent, self.image_gc_low_threshold_percent
        if high is not None and low is not None and high <= low:
            problems.append(
                (
                    ("imageGCHighThresholdPercent",),
                    f"imageGCHighThresholdPercent ({high}) must be greater than imageGCLowThresholdPercent ({low})",
                )
            )
        soft, grace = set(self.eviction_soft or {}), set(self.eviction_soft_grace_period or {})
        if soft != grace:
            problems.append(
                (
                    ("evictionSoftGracePeriod",),
                    (
                        "evictionSoft and evictionSoftGracePeriod must name the same signals "
                        f"(only in one of them: {', '.join(sorted(soft ^ grace))})"
                    ),
                )
            )
        if problems:
            raise FieldProblems(problems)
        return self


class MetadataOptions(Model):
    http_endpoint: Literal["enabled", "disabled"] = Field(default="enabled", description="Default `enabled`.")
    http_protocol_ipv6: Literal["enabled", "disabled"] = Field(
        default="disabled", alias="httpProtocolIPv6", description="Default `disabled`."
    )
    http_tokens: Literal["required", "optional"] = Field(default="required", description="IMDSv2. Default required.")
    http_put_response_hop_limit: Integer = Field(
        default=1, ge=1, le=64, description="Default 1: pods can't reach IMDS."
    )


class EnclaveOptions(Model):
    """The EC2NodeClass's enclaveOptions (Karpenter >= 1.15): AWS Nitro Enclaves on the tenant's nodes."""

    enabled: Flag = Field(
        description="Nitro Enclaves on the nodes; Karpenter then launches only instance types that "
        "support them. Required."
    )


Path = tuple[str | int, ...]


def _tags_problems(path: Path, tags: dict[str, str] | None) -> list[tuple[Path, str]]:
    """A selector term's tags as the EC2NodeClass CRD takes them: its CEL rule "empty tag keys or values aren't
    supported" (self.all(k, k != '' && self[k] != '')) and maxProperties."""
    if tags is None:
        return []
    problems: list[tuple[Path, str]] = []
    empty = [key for key, value in tags.items() if key == "" or value == ""]
    if empty:
        problems.append(
            (
                (*path, "tags"),
                f"tag {shown(empty[0])} has an empty key or value; the EC2NodeClass CRD refuses them (its rule "
                '"empty tag keys or values aren\'t supported"): give both, or select by id',
            )
        )
    if len(tags) > MAX_SELECTOR_TAGS:
        problems.append(
            (
                (*path, "tags"),
                f"{len(tags)} tags; a selector term holds at most {MAX_SELECTOR_TAGS} (the EC2NodeClass CRD's "
                "selector terms' tags maxProperties): split them over terms",
            )
        )
    return problems


def node_class_problems(
    *,
    v1: bool,
    ami: Ami,
    subnet_selector: list[SelectorTerm] | None,
    security_group_selector: list[SelectorTerm] | None,
    capacity_reservation_selector: list[CapacityReservationTerm] | None,
    block_devices: list[BlockDevice] | None,
) -> list[tuple[Path, str]]:
    """What the EC2NodeClass CRD refuses of a tenant's node class fields (paths as the cluster file spells them,
    relative to the tenant). `v1`: the 1.x generation, where the counts and tag rules apply (0.31's AWSNodeTemplate
    has none); the id shapes and subnet names are refused on both."""
    problems: list[tuple[Path, str]] = []
    # (path, the CRD's field, each term's id and tags, the id pattern and what it looks like); None: no such list
    ami_terms, reservations = ami.selector_terms, capacity_reservation_selector
    selectors: tuple[tuple[Path, str, list[tuple[str | None, dict[str, str] | None]] | None, str, str], ...] = (
        (
            ("ami", "selectorTerms"),
            "amiSelectorTerms",
            None if ami_terms is None else [(t.id, t.tags) for t in ami_terms],
            AMI_ID_PATTERN,
            "an AMI id like 'ami-0123456789abcdef0'",
        ),
        (
            ("subnetSelector",),
            "subnetSelectorTerms",
            None if subnet_selector is None else [(t.id, t.tags) for t in subnet_selector],
            SUBNET_ID_PATTERN,
            "a subnet id like 'subnet-0123456789abcdef0'",
        ),
        (
            ("securityGroupSelector",),
            "securityGroupSelectorTerms",
            None if security_group_selector is None else [(t.id, t.tags) for t in security_group_selector],
            SECURITY_GROUP_ID_PATTERN,
            "a security group id like 'sg-0123456789abcdef0'",
        ),
        (  # ids checked by CapacityReservationTerm
            ("capacityReservationSelector",),
            "capacityReservationSelectorTerms",
            None if reservations is None else [(None, t.tags) for t in reservations],
            CAPACITY_RESERVATION_ID_PATTERN,
            "",
        ),
    )
    for path, crd, terms, pattern, like in selectors:
        for index, (term_id, _) in enumerate(terms or []):
            if term_id is not None and not re.fullmatch(pattern, term_id):
                problems.append(
                    (
                        (*path, index, "id"),
                        f"{shown(term_id)} is not {like}: the EC2NodeClass CRD's pattern for spec.{crd}[].id is "
                        f"'{pattern}'",
                    )
                )
    for index, term in enumerate(subnet_selector or []):
        if term.name is not None:
            problems.append(
                (
                    ("subnetSelector", index, "name"),
                    "only security groups are selected by name; the EC2NodeClass CRD's subnetSelectorTerms take 'tags' "
                    "or 'id' (its rule: expected at least one of ['tags', 'id']): select the subnets by id or tags",
                )
            )
    if not v1:
        return problems
    for index, reservation in enumerate(reservations or []):
        if reservation.owner_id is not None and not re.fullmatch(OWNER_ID_PATTERN, reservation.owner_id):
            problems.append(
                (
                    ("capacityReservationSelector", index, "ownerID"),
                    f"{shown(reservation.owner_id)} is not an AWS account id of 12 digits (the EC2NodeClass CRD's "
                    f"pattern for spec.capacityReservationSelectorTerms[].ownerID is '{OWNER_ID_PATTERN}')",
                )
            )
    for path, crd, terms, _, _ in selectors:
        for index, (_, tags) in enumerate(terms or []):
            problems += _tags_problems((*path, index), tags)
        if terms is not None and len(terms) > MAX_SELECTOR_TERMS:
            problems.append(
                (
                    path,
                    f"{len(terms)} terms; an EC2NodeClass holds at most {MAX_SELECTOR_TERMS} (the EC2NodeClass CRD's "
                    f"spec.{crd} maxItems): merge terms (one tags term matches many)",
                )
            )
    if block_devices is not None:
        if len(block_devices) > MAX_BLOCK_DEVICE_MAPPINGS:
            problems.append(
                (
                    ("blockDevices",),
                    f"{len(block_devices)} block devices; an EC2NodeClass holds at most {MAX_BLOCK_DEVICE_MAPPINGS} "
                    "(the EC2NodeClass CRD's spec.blockDeviceMappings maxItems)",
                )
            )
        roots = [index for index, device in enumerate(block_devices) if device.root_volume]
        if len(roots) > 1:
            problems.append(
                (
                    ("blockDevices", roots[1], "rootVolume"),
                    f"blockDevices[{roots[0]}] is the root volume already; an EC2NodeClass has only one (the "
                    "EC2NodeClass CRD's rule 'must have only one blockDeviceMappings with rootVolume'): unset "
                    "rootVolume on all but one",
                )
            )
    return problems
