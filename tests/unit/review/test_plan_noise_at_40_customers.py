"""`plan` at 40 customers (issue 53 item 10): what repeats per customer or per node group is said once.

- removing the clusterAutoscaler section while the base says `running: true` reminds to uninstall cluster-autoscaler
  (it said nothing: the file no longer mentions it, the cluster may still run it);
- 26 node groups leaving the move while the nodes file shows nodes of each: one destructive line naming them (the
  first ten and how many more), counted as 26, not 26 alike blocks;
- one AMI roll (the same field change in 41 tenants' EC2NodeClasses): one block naming the tenants, counted as 41,
  the nodes each replaces (`--nodes`) summed."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from conftest import cluster_dict, git, write_cluster

from karpenter_tenants.commands.cli import main
from karpenter_tenants.objects.changes import DESTRUCTIVE, DRIFT, Change, FieldChange
from karpenter_tenants.review import grouping
from karpenter_tenants.review.registry import GROUPINGS

AMI = "al2023@v20261101"


def tenant(name: str, ami: str = AMI) -> dict[str, Any]:
    return {"name": name, "nodeRole": f"node-{name}", "namespaces": [name], "ami": {"alias": ami}}


def pull_request(repo: Path, base: dict[str, Any], head: dict[str, Any]) -> None:
    write_cluster(repo / "clusters", base)
    assert main(["--clusters", str(repo / "clusters"), "synth", "--out", str(repo / "dist")]) == 0
    git(repo, "init", "-q")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "base")
    write_cluster(repo / "clusters", head)
    assert main(["--clusters", str(repo / "clusters"), "synth", "--out", str(repo / "dist")]) == 0


def plan(repo: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[int, str]:
    cwd = Path.cwd()
    os.chdir(repo)
    try:
        capsys.readouterr()
        status = main(["--clusters", "clusters", "plan", "--base", "HEAD", *extra])
    finally:
        os.chdir(cwd)
    return status, capsys.readouterr().out


def nodes_file(repo: Path, nodes: list[tuple[str, dict[str, str]]]) -> None:
    (repo / "nodes.json").write_text(
        json.dumps(
            {
                "apiVersion": "v1",
                "kind": "List",
                "items": [
                    {"apiVersion": "v1", "kind": "Node", "metadata": {"name": name, "labels": labels}}
                    for name, labels in nodes
                ],
            }
        )
    )


# --- (a) the clusterAutoscaler section removed while cluster-autoscaler runs ----------------------------------------

UNINSTALL = "the clusterAutoscaler section is removed while the base revision says `running: true`: uninstall cluster-autoscaler"


@pytest.mark.parametrize("running", [True, False])
def test_removing_the_section_while_it_says_running_reminds_to_uninstall_cluster_autoscaler(
    running: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    base = cluster_dict(clusterAutoscaler={"running": running, "nodeGroups": []})
    pull_request(tmp_path, base, cluster_dict())
    status, out = plan(tmp_path, capsys)
    assert status == 0
    lines = [line for line in out.splitlines() if "clusterAutoscaler section is removed" in line]
    if running:
        assert lines == [
            f"- {UNINSTALL} (its Helm release or Deployment: `kubectl get deployments -A | grep "
            "cluster-autoscaler`) if it still runs, or it keeps scaling node groups beside Karpenter"
        ]
        assert "#### Moving from cluster-autoscaler" in out
    else:  # it said it was gone
        assert lines == []


def test_the_section_kept_or_still_running_says_no_uninstall_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    moving = {"running": True, "nodeGroups": []}
    pull_request(
        tmp_path, cluster_dict(clusterAutoscaler=moving), cluster_dict(clusterAutoscaler={**moving, "running": False})
    )
    status, out = plan(tmp_path, capsys)
    assert status == 0 and "clusterAutoscaler section is removed" not in out


# --- (b) node groups leaving while they still have nodes ------------------------------------------------------------


def groups(count: int) -> list[dict[str, str]]:
    return [{"name": f"cust{i:02d}-workers", "tenant": f"cust{i:02d}"} for i in range(count)]


def test_26_node_groups_that_still_have_nodes_are_one_line_naming_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    base = cluster_dict(clusterAutoscaler={"running": False, "nodeGroups": groups(26)})
    pull_request(tmp_path, base, cluster_dict(clusterAutoscaler={"running": False, "nodeGroups": []}))
    nodes_file(
        tmp_path,
        [(f"ip-{i}-{j}", {"eks.amazonaws.com/nodegroup": f"cust{i:02d}-workers"}) for i in range(26) for j in range(2)],
    )
    status, out = plan(tmp_path, capsys, "--nodes", "nodes.json", "--fail-on", "destructive")
    assert status == 3  # still the gate's: each group's pods lose their nodes
    assert "26 destructive, 0 drift, 0 in place." in out
    lines = [line for line in out.splitlines() if "still has nodes" in line]
    shown = ", ".join(f"cust{i:02d}-workers (tenant cust{i:02d})" for i in range(10))
    assert lines == [
        f"- **destructive** NodeGroup/* (26 node groups) still has nodes: 26 node groups leave "
        f"clusterAutoscaler.nodeGroups while nodes.json shows 52 node(s) of them: {shown} and 16 more; their pods lose "
        "their nodes when the groups are deleted: drain each onto its tenant's pool first (`kubectl drain -l "
        "eks.amazonaws.com/nodegroup=<group>`), then merge"
    ]
    assert "#### Node groups leaving clusterAutoscaler" in out
    assert "#### Tenant cust00" not in out  # no block per group's tenant
    status, out = plan(tmp_path, capsys, "--nodes", "nodes.json", "--format", "json")
    [grouped] = [c for c in json.loads(out)["changes"] if c["action"] == "still has nodes"]
    assert grouped["count"] == 26 and grouped["effect"] == DESTRUCTIVE


def still_has_nodes(group: str, tenant: str, cluster: str = "acme") -> Change:
    return Change(
        cluster,
        f"tenant {tenant}",
        "NodeGroup",
        group,
        "still has nodes",
        DESTRUCTIVE,
        f"leaves clusterAutoscaler.nodeGroups while nodes.json shows 1 node(s) labelled `x={group}` (n)",
    )


def test_one_node_group_keeps_its_own_finding_and_clusters_are_kept_apart() -> None:
    node_groups_still_running_in_one_line = grouping.node_groups_still_running_in_one_line
    one = [still_has_nodes("a-workers", "a")]
    assert node_groups_still_running_in_one_line(one) == one
    two_clusters = [still_has_nodes("a-workers", "a", "acme"), still_has_nodes("b-workers", "b", "globex")]
    assert node_groups_still_running_in_one_line(two_clusters) == two_clusters
    said = node_groups_still_running_in_one_line([still_has_nodes("b-workers", "b"), still_has_nodes("a-workers", "a")])
    assert [(c.name, c.count) for c in said] == [("* (2 node groups)", 2)]
    assert node_groups_still_running_in_one_line(said) == said  # said once, however often it is asked
    assert node_groups_still_running_in_one_line in GROUPINGS


# --- (c) one AMI roll across many tenants ---------------------------------------------------------------------------

NEXT_AMI = "al2023@v20261201"


def test_an_ami_roll_of_41_tenants_is_one_block_naming_them(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    names = [f"cust{i:02d}" for i in range(41)]
    # cust40 rolls to another AMI: a change of its own, said on its own
    rolled = [tenant(n, NEXT_AMI if n != "cust40" else "al2023@v20261215") for n in names]
    pull_request(tmp_path, cluster_dict(tenants=[tenant(n) for n in names]), cluster_dict(tenants=rolled))
    status, out = plan(tmp_path, capsys)
    assert status == 0
    assert "0 destructive, 41 drift, 0 in place." in out
    shown = ", ".join(names[:10])
    heading = f"#### 40 tenants changed alike: {shown} and 30 more"
    assert heading in out
    block = out.split(heading, 1)[1].split("####", 1)[0].strip().splitlines()
    assert block == [
        "- **drift** EC2NodeClass/<tenant> changed: nodes are replaced where the new terms select different AMIs",
        f'  - `spec.amiSelectorTerms`: `[{{"alias":"{AMI}"}}]` → `[{{"alias":"{NEXT_AMI}"}}]`',
        "  - paced by disruption budgets: <tenant>: at most 10% of its nodes at a time, rounded up: 1 node of up to 10, "
        "2 of up to 20",
    ]
    assert out.count("EC2NodeClass/") == 2 and "#### Tenant cust40" in out and "#### Tenant cust00" not in out
    # with --nodes, each tenant's line of the nodes it replaces is summed into one
    nodes_file(
        tmp_path,
        [
            (f"ip-{i}-{j}", {"karpenter.sh/nodepool": name, "node.kubernetes.io/instance-type": "m7i.large"})
            for i, name in enumerate(names)
            for j in range(2)
        ],
    )
    status, out = plan(tmp_path, capsys, "--nodes", "nodes.json")
    block = out.split(heading, 1)[1].split("####", 1)[0]
    assert "  - nodes (nodes.json): replaces 80 of the 80 nodes of these 40 tenants' pools" in block
    assert "ip-0-0" not in block
    status, out = plan(tmp_path, capsys, "--format", "json")
    counts = sorted(c.get("count", 1) for c in json.loads(out)["changes"] if c["kind"] == "EC2NodeClass")
    assert counts == [1, 40]


def drift(tenant_name: str, old: str = AMI, new: str = NEXT_AMI, why: str = "nodes are replaced") -> Change:
    return Change(
        "acme",
        f"tenant {tenant_name}",
        "EC2NodeClass",
        tenant_name,
        "changed",
        DRIFT,
        why,
        [FieldChange("spec.amiSelectorTerms", [{"alias": old}], [{"alias": new}])],
        [f"paced by disruption budgets: {tenant_name}: at most 10% of its nodes at a time"],
    )


def test_two_tenants_alike_or_changes_that_differ_keep_their_blocks() -> None:
    node_classes_changed_alike = grouping.node_classes_changed_alike
    two = [drift("alpha"), drift("bravo")]
    assert node_classes_changed_alike(two) == two
    differ = [drift("alpha"), drift("bravo"), drift("charlie", new="al2023@v20261215")]
    assert node_classes_changed_alike(differ) == differ
    three = [drift("alpha"), drift("bravo"), drift("charlie")]
    [said] = node_classes_changed_alike(three)
    assert (
        said.group == "3 tenants changed alike: alpha, bravo, charlie" and said.count == 3 and said.name == "<tenant>"
    )
    assert said.notes == ["paced by disruption budgets: <tenant>: at most 10% of its nodes at a time"]
    assert node_classes_changed_alike([said]) == [said]
    assert node_classes_changed_alike in GROUPINGS
