"""The checkov skips: each with its reason, and the ones only Karpenter 0.31's chart needs scoped to 0.31 clusters."""

from __future__ import annotations

import re

import yaml
from conftest import ROOT

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
    assert 'config=.checkov-karpenter-0.31.yaml' in script
    assert '[[ "$generation" == 0.* ]]' in script
