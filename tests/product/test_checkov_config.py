"""The checkov skips: each with its reason, and the ones only Karpenter 0.31's chart needs scoped to 0.31 clusters."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import EXAMPLE_DIST, ROOT

ONLY_031 = {"CKV_K8S_155", "CKV_K8S_29"}  # webhook ClusterRoles; no pod-level securityContext value


def skips(name: str) -> list[str]:
    return yaml.safe_load((ROOT / name).read_text())["skip-check"]


def test_clusters_on_1x_are_scanned_without_the_031_skips() -> None:
    assert not ONLY_031 & set(skips(".checkov.yaml"))
    assert set(skips(".checkov-karpenter-0.31.yaml")) == set(skips(".checkov.yaml")) | ONLY_031


def test_every_skip_says_why_in_a_comment_above_it() -> None:
    for name in (".checkov.yaml", ".checkov-karpenter-0.31.yaml"):
        lines = (ROOT / name).read_text().splitlines()
        for index, line in enumerate(lines):
            if re.fullmatch(r"\s+- CKV_\w+", line):
                assert lines[index - 1].lstrip().startswith("#"), f"{name}: {line.strip()} has no reason"


def test_the_scan_picks_the_031_configuration_by_the_clusters_karpenter_version() -> None:
    script = (ROOT / ".ci/checkov.sh").read_text()
    assert "config=.checkov-karpenter-0.31.yaml" in script
    assert '[[ "$generation" == 0.* ]]' in script


def _checkov_iam() -> Any:
    spec = importlib.util.spec_from_file_location("checkov_iam", ROOT / ".ci/checkov_iam.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("key", sorted(p.parent.name for p in (EXAMPLE_DIST).glob("*/aws.json")))
def test_checkov_scans_every_policy_document_of_aws_json_statement_by_statement(key: str, tmp_path: Path) -> None:
    """terraform/ only jsonencode()s aws.json's documents; the scan sees them as aws_iam_policy_document blocks
    (the form checkov's IAM checks read), each statement carried whole."""
    _checkov_iam().main(EXAMPLE_DIST, tmp_path)
    written = json.loads((tmp_path / key / "iam.tf.json").read_text())
    iam = json.loads((EXAMPLE_DIST / key / "aws.json").read_text())["iam"]
    expected = {name: document for name, document in iam.items() if isinstance(document, dict)}
    expected |= {f"pass_node_roles_{i}": document for i, document in enumerate(iam["pass_node_roles"])}
    blocks = written["data"]["aws_iam_policy_document"]
    assert set(blocks) == set(expected)
    for name, document in expected.items():
        back = []
        for block in blocks[name]["statement"]:
            statement = {"Sid": block["sid"], "Effect": block["effect"], "Action": block["actions"]}
            if "resources" in block:
                statement["Resource"] = block["resources"]
            for principal in block.get("principals", []):
                if principal["type"] == "*":
                    statement["Principal"] = "*"
                else:
                    statement.setdefault("Principal", {})[principal["type"]] = principal["identifiers"]
            for condition in block.get("condition", []):
                statement.setdefault("Condition", {}).setdefault(condition["test"], {})[condition["variable"]] = (
                    condition["values"]
                )
            back.append(statement)
        assert back == document["Statement"], name
    script = (ROOT / ".ci/checkov.sh").read_text()
    assert '.venv/bin/python .ci/checkov_iam.py dist "$work/iam"' in script
    assert '-d "$work/iam" --framework terraform_json' in script
