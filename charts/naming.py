"""Default AWS names (IAM roles, instance profiles, the interruption queue): one rule for both sides.

The templates live in terraform/naming.json, which the Terraform module reads with jsondecode and
this module reads here, so a name the generator writes into a manifest is the name Terraform
creates, by construction."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

NAMING_FILE = Path(__file__).resolve().parent.parent / "terraform" / "naming.json"


@cache
def templates() -> dict[str, str]:
    return {k: v for k, v in json.loads(NAMING_FILE.read_text(encoding="utf-8")).items() if not k.startswith("_")}


def name(kind: str, cluster: str, tenant: str = "") -> str:
    """e.g. name("node_role", "acme", "alpha") -> "karpenter-node-acme-alpha"."""
    return templates()[kind].replace("{cluster}", cluster).replace("{tenant}", tenant)
