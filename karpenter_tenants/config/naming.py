"""Default AWS names (IAM roles, instance profiles, the interruption queue), the one naming rule.

The templates, the region -> partition table and AWS's name lengths live in config/naming.json.
Only the generator applies them: it writes the names into the manifests and, resolved, into
dist/<key>/aws.json, which the Terraform module reads (synthesis/aws_side.py), so a name the
manifests reference is the name Terraform creates, by construction."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

NAMING_FILE = Path(__file__).resolve().parent / "naming.json"


@cache
def _document() -> dict[str, Any]:
    document: dict[str, Any] = json.loads(NAMING_FILE.read_text(encoding="utf-8"))
    return document


def templates() -> dict[str, str]:
    return {k: v for k, v in _document().items() if isinstance(v, str) and not k.startswith("_")}


def partition(region: str) -> str:
    """The ARN partition of a region: 'aws-us-gov' for us-gov-west-1, 'aws-cn' for cn-north-1, else 'aws'."""
    return next((p for prefix, p in _document()["partitions"].items() if region.startswith(prefix)), "aws")


def regions() -> dict[str, str]:
    """Every region AWS's SDK lists (config/naming.json "regions", as of this version) -> its partition."""
    return {region: name for name, listed in _document()["regions"].items() for region in listed}


def dns_suffix(partition_name: str) -> str:
    """A partition's DNS suffix, as in its service principals: 'amazonaws.com.cn' for aws-cn."""
    return str(_document()["dns_suffixes"][partition_name])


def limit(kind: str) -> int:
    """AWS's maximum length of a name: 'iam_role' 64, 'instance_profile' 128, 'sqs_queue' 80."""
    return int(_document()["limits"][kind])


def role_arn(region: str, account_id: str, role_name: str) -> str:
    return f"arn:{partition(region)}:iam::{account_id}:role/{role_name}"


def name(kind: str, cluster: str, tenant: str = "", rule: str = "") -> str:
    """e.g. name("node_role", "acme", "alpha") -> "karpenter-node-acme-alpha"."""
    return templates()[kind].replace("{cluster}", cluster).replace("{tenant}", tenant).replace("{rule}", rule)


def interruption_rules(generation: str) -> list[str]:
    """The keys of the EventBridge rules that feed the interruption queue on a generation ('v1', 'v1alpha5')."""
    return [key for key, which in _document()["interruption_rules"].items() if which == "all" or which == generation]
