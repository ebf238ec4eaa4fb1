"""What the import-nodegroups test files share: the fixtures' folders, `run` (the command through the real CLI),
and the synth round trip that checks the imported tenants make NodePools requiring what the node groups ran."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import cluster_dict, load

from karpenter_tenants.commands.cli import main
from karpenter_tenants.synthesis.render import render_cluster

NODEGROUPS = Path(__file__).parents[1] / "nodegroups"
V21, V20 = NODEGROUPS / "eks-v21", NODEGROUPS / "eks-v20"
RESOURCES, DESCRIBE = NODEGROUPS / "aws-eks-node-group", NODEGROUPS / "describe"


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, dict[str, Any] | None, list[str]]:
    """(exit status, the printed sections, stderr's lines) of `import-nodegroups ARGS`."""
    status = main(["import-nodegroups", *map(str, args)])
    captured = capsys.readouterr()
    return status, yaml.safe_load(captured.out) if captured.out else None, captured.err.splitlines()


def synthesized(tmp_path: Path, imported: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The NodePools (by tenant) synth writes for the imported sections put beside a minimal cluster/karpenter. With
    a clusterAutoscaler section (the groups carried cluster-autoscaler's tags), as docs/cluster-autoscaler.md walks
    it: the first pull request (the section and iam:, no tenant) synthesizes, then the tenants once every group is
    ignored."""
    moving = imported.get("clusterAutoscaler")
    if moving is not None:
        first = {key: value for key, value in imported.items() if key != "tenants"}
        render_cluster(load(tmp_path / "first", cluster_dict(**first, tenants=[])))
        imported = {
            **imported,
            "clusterAutoscaler": {
                **moving,
                "nodeGroups": [{**group, "ignored": True} for group in moving["nodeGroups"]],
            },
        }
    files = render_cluster(load(tmp_path, cluster_dict(**imported)))
    return {
        path.split("/")[1]: yaml.safe_load(text)
        for path, text in files.items()
        if path.startswith("tenants/") and path.split("/")[-1].startswith("nodepool-")
    }


def requirement(pool: dict[str, Any], key: str) -> list[str] | None:
    found = [r["values"] for r in pool["spec"]["template"]["spec"]["requirements"] if r["key"] == key]
    return found[0] if found else None


def assert_pool_is_the_group(
    pool: dict[str, Any],
    types: list[str],
    capacity: list[str],
    labels: dict[str, str],
    taints: list[dict[str, str]],
    tenant: str,
    dedicated: bool = False,
) -> None:
    template = pool["spec"]["template"]
    assert requirement(pool, "node.kubernetes.io/instance-type") == types
    assert requirement(pool, "karpenter.sh/capacity-type") == capacity
    assert template["metadata"]["labels"] == {**labels, "tenant": tenant}
    own = [{"effect": "NoSchedule", "key": "tenant", "value": tenant}] if dedicated else []
    assert template["spec"].get("taints", []) == own + [dict(sorted(t.items())) for t in taints]


def describe_file(tmp_path: Path, name: str, **fields: Any) -> Path:
    import json

    group = {
        "nodegroupName": name,
        "capacityType": "ON_DEMAND",
        "instanceTypes": ["m6i.large"],
        "amiType": "AL2023_x86_64_STANDARD",
        "scalingConfig": {"minSize": 0, "maxSize": 2, "desiredSize": 0},
        "labels": {},
        "taints": [],
        "tags": {},
        **fields,
    }
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps({"nodegroup": group}))
    return path
