"""The simulation starts from the cluster as it is (issue 54 items 1, 2 and 5): the pods the snapshot shows running
stay on their nodes where the head keeps them (Karpenter's cluster state sees bound pods), the head's nodes are the
head's (a deleted NodePool's nodes gone, a drifted pool's nodes replaced: their pods go through the scheduler), and
consolidation is asked of the real placement. `--from-empty` asks the old question. Each scenario failed on the code
before: the answer is known by construction."""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path
from typing import Any

import pytest
from conftest import cluster_dict
from test_simulation import deployment, node, pod_spec, pull_request, tenant

from karpenter_tenants.commands.cli import main
from karpenter_tenants.simulation.placement import nodes_gone, running_pods
from karpenter_tenants.simulation.revision import Side
from karpenter_tenants.simulation.workloads import workloads_of

ZONE = "ca-central-1a"


def runs(
    workload: dict[str, Any], node_name: str, index: int, *, name: str | None = None, **status: Any
) -> dict[str, Any]:
    """A pod of `workload` as `kubectl get pods -o json` prints it, bound to node_name."""
    metadata = workload["metadata"]
    template = workload["spec"]["template"]
    return {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": {
            "namespace": metadata["namespace"],
            "name": name or f"{metadata['name']}-7d9f8-{index}",
            "labels": dict(template["metadata"]["labels"]),
            "ownerReferences": [
                {"apiVersion": "apps/v1", "kind": workload["kind"], "name": metadata["name"], "controller": True}
            ],
        },
        "spec": {**copy.deepcopy(template["spec"]), "nodeName": node_name},
        "status": {"phase": "Running", **status},
    }


def karpenter_node(
    name: str, pool: str, instance_type: str, cpu: str = "3920m", memory: str = "14Gi"
) -> dict[str, Any]:
    """A node Karpenter launched for `pool` (a tenant's: its label and taint), as `kubectl get nodes -o json` shows it."""
    family, size = instance_type.split(".")
    labels = {
        "karpenter.sh/nodepool": pool,
        "tenant": pool,
        "node.kubernetes.io/instance-type": instance_type,
        "karpenter.k8s.aws/instance-family": family,
        "karpenter.k8s.aws/instance-size": size,
        "topology.kubernetes.io/zone": ZONE,
        "karpenter.sh/capacity-type": "on-demand",
        "kubernetes.io/arch": "amd64",
        "kubernetes.io/os": "linux",
    }
    made = node(name, labels, cpu=cpu, memory=memory)
    made["spec"] = {"taints": [{"key": "tenant", "value": pool, "effect": "NoSchedule"}]}
    return made


def repository(
    tmp_path: Path, base: dict[str, Any], head: dict[str, Any], items: list[dict[str, Any]], nodes: list[dict[str, Any]]
) -> Path:
    repo = tmp_path / "repo"
    pull_request(repo, base, head)
    (repo / "workloads.json").write_text(json.dumps({"apiVersion": "v1", "kind": "List", "items": items}))
    (repo / "nodes.json").write_text(json.dumps({"apiVersion": "v1", "kind": "List", "items": nodes}))
    return repo


def plan(repo: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[int, str, str]:
    cwd = Path.cwd()
    os.chdir(repo)
    try:
        capsys.readouterr()
        status = main(
            [
                "--clusters",
                "clusters",
                "plan",
                "--base",
                "HEAD",
                "--workloads",
                "workloads.json",
                "--nodes",
                "nodes.json",
                *extra,
            ]
        )
    finally:
        os.chdir(cwd)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def simulation(repo: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> dict[str, Any]:
    status, out, err = plan(repo, capsys, "--format", "json", *extra)
    assert status in (0, 1), err
    return json.loads(out)["simulation"]


# --- scenarios ----------------------------------------------------------------------------------------------------


def test_narrowing_types_under_a_running_pod_that_fits_only_the_old_ones_is_destructive(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """acmecorp's types narrowed from *.xlarge to *.large while a 3-cpu pod runs on one of its three xlarge nodes: the
    drift replaces the nodes, and no large type holds the pod. It read `0 destructive, 1 drift`, acmecorp
    "unchanged: 5 scheduled": the drifted nodes were kept at head."""
    wide = tenant(
        "acmecorp",
        requirements={"instanceFamilies": ["m7i"], "instanceSizes": ["xlarge"], "capacityTypes": ["on-demand"]},
    )
    narrow = copy.deepcopy(wide)
    narrow["requirements"]["instanceSizes"] = ["large"]
    big = deployment("acmecorp", "big", 1, pod_spec(cpu="3", tenant_name="acmecorp"))
    web = deployment("acmecorp", "web", 4, pod_spec(cpu="500m", memory="512Mi", tenant_name="acmecorp"))
    nodes = [karpenter_node(f"ip-{n}", "acmecorp", "m7i.xlarge") for n in range(3)]
    items = [big, web, runs(big, "ip-0", 0), *(runs(web, f"ip-{i % 3}", i) for i in range(4))]
    repo = repository(tmp_path, cluster_dict(tenants=[wide]), cluster_dict(tenants=[narrow]), items, nodes)
    status, out, err = plan(repo, capsys, "--fail-on", "destructive")
    assert status == 3, out + err
    assert "**destructive** Deployment/acmecorp/big goes Pending" in out
    assert "Deployment/acmecorp/web" not in out.split("### Will it run?")[0]  # the small pods fit the large types
    section = out.split("### Will it run?", 1)[1]
    drift = r"NodePool acmecorp drifts on requirements\[karpenter.k8s.aws/instance-size\]"  # Markdown-escaped
    assert f"- the head does not have 3 node(s) of the nodes file: {drift}: 3 (ip-0, ip-1, ip-2)" in section
    assert (
        f"- 5 pod(s) move at head: 5 whose node goes ({drift}): 4 onto new nodes of acmecorp, 1 pending "
        "(acmecorp/big-0)"
    ) in section
    result = simulation(repo, capsys)
    base, head = result["base"], result["head"]
    assert base["tenants"]["acmecorp"]["scheduled"] == 5 and base["tenants"]["acmecorp"]["nodeClaims"] == []
    assert base["placement"]["start"] == "today" and base["placement"]["running"] == 5
    assert [p["pod"] for p in head["tenants"]["acmecorp"]["pending"]] == ["acmecorp/big-0"]
    assert all(c["instanceType"] == "m7i.large" for c in head["tenants"]["acmecorp"]["nodeClaims"])
    assert head["placement"]["running"] == 0 and len(head["placement"]["moved"]) == 5


def test_a_narrowing_that_the_running_nodes_still_match_keeps_them_and_their_pods(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Karpenter drifts only the nodes whose labels no longer match narrowed requirements: xlarge nodes stay when
    the sizes narrow from [large, xlarge] to [xlarge], and their pods with them."""
    wide = tenant(
        "acmecorp",
        requirements={
            "instanceFamilies": ["m7i"],
            "instanceSizes": ["large", "xlarge"],
            "capacityTypes": ["on-demand"],
        },
    )
    narrow = copy.deepcopy(wide)
    narrow["requirements"]["instanceSizes"] = ["xlarge"]
    web = deployment("acmecorp", "web", 2, pod_spec(cpu="500m", tenant_name="acmecorp"))
    nodes = [
        karpenter_node("ip-x", "acmecorp", "m7i.xlarge"),
        karpenter_node("ip-l", "acmecorp", "m7i.large", cpu="1930m", memory="6Gi"),
    ]
    items = [web, runs(web, "ip-x", 0), runs(web, "ip-l", 1)]
    repo = repository(tmp_path, cluster_dict(tenants=[wide]), cluster_dict(tenants=[narrow]), items, nodes)
    head = simulation(repo, capsys)["head"]
    assert [n["node"] for n in head["placement"]["nodesGone"]] == ["ip-l"]
    assert head["placement"]["running"] == 1
    assert [(m["from"], m["to"]) for m in head["placement"]["moved"]] == [("ip-l", "node ip-x")]


def test_offboarding_a_tenant_its_running_pods_are_not_scheduled_on_the_deleted_pools_nodes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """duff offboarded while its 4 pods run on its pool's two nodes: the pool is deleted, its nodes go, its pods have
    nowhere to run. They counted as scheduled on the deleted pool's nodes (only node groups' nodes were dropped)."""
    acmecorp, duff = tenant("acmecorp"), tenant("duff")
    web = deployment("duff", "web", 4, pod_spec(cpu="500m", tenant_name="duff"))
    api = deployment("acmecorp", "api", 1, pod_spec(cpu="500m", tenant_name="acmecorp"))
    nodes = [
        karpenter_node("duff-1", "duff", "m7i.xlarge"),
        karpenter_node("duff-2", "duff", "m7i.xlarge"),
        karpenter_node("acme-1", "acmecorp", "m7i.xlarge"),
    ]
    items = [web, api, *(runs(web, f"duff-{i % 2 + 1}", i) for i in range(4)), runs(api, "acme-1", 0)]
    repo = repository(tmp_path, cluster_dict(tenants=[acmecorp, duff]), cluster_dict(tenants=[acmecorp]), items, nodes)
    result = simulation(repo, capsys)
    base, head = result["base"], result["head"]
    assert base["tenants"]["duff"]["scheduled"] == 4
    assert head["tenants"]["duff"]["scheduled"] == 0 and len(head["tenants"]["duff"]["pending"]) == 4
    assert head["tenants"]["acmecorp"] == base["tenants"]["acmecorp"]  # runs where it ran
    assert {(n["node"], n["why"]) for n in head["placement"]["nodesGone"]} == {
        ("duff-1", "NodePool duff is deleted"),
        ("duff-2", "NodePool duff is deleted"),
    }
    status, out, _ = plan(repo, capsys, "--fail-on", "destructive")
    assert status == 3
    assert "**destructive** Deployment/duff/web goes Pending" in out
    assert (
        "- 4 pod(s) move at head: 4 whose node goes (NodePool duff is deleted): 4 pending (duff/web-0, duff/web-1, "
        "duff/web-2 and 1 more)" in out
    )


def packed_repository(tmp_path: Path) -> Path:
    """A base with no NodePool (the first tenant's pull request) whose pods run packed as the scheduler's own order
    would not pack them: 3 + 3 cpu on a 6-cpu node, 4 on a 4-cpu node (from empty the 4 goes first onto the 6)."""
    legacy = [deployment("legacy", name, 1, pod_spec(cpu=cpu)) for name, cpu in (("x", "3"), ("y", "3"), ("z", "4"))]
    labels = {
        "eks.amazonaws.com/nodegroup": "workers",
        "topology.kubernetes.io/zone": ZONE,
        "kubernetes.io/arch": "amd64",
        "kubernetes.io/os": "linux",
    }
    nodes = [node("a", labels, cpu="6", memory="14Gi"), node("b", labels, cpu="4", memory="14Gi")]
    items = [*legacy, runs(legacy[0], "a", 0), runs(legacy[1], "a", 0), runs(legacy[2], "b", 0)]
    return repository(tmp_path, cluster_dict(tenants=[]), cluster_dict(tenants=[tenant("globex")]), items, nodes)


def test_a_base_without_node_pools_whose_pods_run_on_their_nodes_has_none_pending(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = packed_repository(tmp_path)
    result = simulation(repo, capsys)
    for revision in ("base", "head"):
        assert result[revision]["tenants"][""]["scheduled"] == 3 and result[revision]["tenants"][""]["pending"] == []
    status, out, _ = plan(repo, capsys, "--fail-on", "destructive")
    assert status == 0 and "goes Pending" not in out
    assert "- starting point: today's placement: 3 of 3 pod(s) run where the snapshot has them bound (3 at head)" in out


def test_from_empty_gives_the_old_answer_and_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    repo = packed_repository(tmp_path)
    result = simulation(repo, capsys, "--from-empty")
    [pending] = result["base"]["tenants"][""]["pending"]
    assert pending["pod"] == "legacy/y-0" or pending["pod"] == "legacy/x-0"
    assert result["base"]["placement"] == {"start": "empty", "running": 0, "nodesGone": [], "moved": []}
    _, out, _ = plan(repo, capsys, "--from-empty")
    assert "- starting point: empty (`--from-empty`): every pod is scheduled afresh" in out


@pytest.fixture
def half_used(tmp_path: Path) -> Path:
    """globex's pool switches WhenEmpty → WhenEmptyOrUnderutilized while three of its m5.xlarge nodes each run one pod
    of 1.5 cpu (half used)."""
    globex = tenant(
        "globex",
        requirements={"capacityTypes": ["on-demand"]},
        disruption={"consolidationPolicy": "WhenEmpty", "consolidateAfter": "0s"},
    )
    head = copy.deepcopy(globex)
    head["disruption"]["consolidationPolicy"] = "WhenEmptyOrUnderutilized"
    api = deployment("globex", "api", 3, pod_spec(cpu="1500m", memory="2Gi", tenant_name="globex"))
    nodes = [karpenter_node(f"ip-{n}", "globex", "m5.xlarge") for n in range(3)]
    items = [api, *(runs(api, f"ip-{n}", n) for n in range(3))]
    return repository(tmp_path, cluster_dict(tenants=[globex]), cluster_dict(tenants=[head]), items, nodes)


def test_a_consolidation_switch_on_half_used_nodes_removes_nodes(
    half_used: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """From empty the three pods packed onto two of the nodes and emptiness removed the third at both revisions:
    the switch showed nothing."""
    result = simulation(half_used, capsys)
    base, head = result["base"]["tenants"]["globex"], result["head"]["tenants"]["globex"]
    assert base["consolidation"] == []  # WhenEmpty: no node is empty
    assert base["scheduled"] == head["scheduled"] == 3 and head["nodeClaims"] == []
    [command] = head["consolidation"]
    assert command["reason"] == "Underutilized" and len(command["nodes"]) >= 2 and command["savingsPerHour"] > 0
    assert len(command["nodes"]) - len(command["replacements"]) == 2  # three nodes' pods on one node: two fewer
    old = simulation(half_used, capsys, "--from-empty")
    assert old["base"]["tenants"]["globex"]["consolidation"][0]["method"] == "emptiness"


# --- the pieces ---------------------------------------------------------------------------------------------------


def test_running_pods_are_matched_to_their_workloads_pods() -> None:
    web = deployment("shop", "web", 3, pod_spec())
    replica_set = {
        "apiVersion": "apps/v1",
        "kind": "ReplicaSet",
        "metadata": {
            "namespace": "shop",
            "name": "web-7d9f8",
            "ownerReferences": [{"apiVersion": "apps/v1", "kind": "Deployment", "name": "web", "controller": True}],
        },
        "spec": {"replicas": 3, "template": web["spec"]["template"]},
    }
    db = deployment("shop", "db", 2, pod_spec())
    db["kind"] = "StatefulSet"
    bare = {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": {"namespace": "shop", "name": "debug"},
        "spec": {**pod_spec(), "nodeName": "n2"},
        "status": {"phase": "Running"},
    }
    finished = {
        **copy.deepcopy(bare),
        "metadata": {"namespace": "shop", "name": "done"},
        "status": {"phase": "Succeeded"},
    }
    items = [
        web,
        replica_set,
        db,
        bare,
        finished,
        runs(replica_set, "n1", 0),
        runs(replica_set, "elsewhere", 1),  # a node the nodes file does not list
        runs(replica_set, "n2", 2),
        runs(db, "n2", 0, name="db-1"),
    ]
    items[-2]["metadata"]["deletionTimestamp"] = "2026-12-01T00:00:00Z"  # terminating: its replacement is pending
    workloads = workloads_of({"kind": "List", "items": items}, "w.json")
    found = running_pods(workloads, {"n1", "n2"})
    assert found == {"shop/web-0": "n1", "shop/db-1": "n2", "shop/debug": "n2"}


def test_the_heads_nodes_are_the_heads(tmp_path: Path) -> None:
    """Nodes of a deleted pool, of a removed node group and of a drifted pool are gone; an in-place change keeps them."""
    from conftest import write_cluster

    from karpenter_tenants.config.loader import load_clusters
    from karpenter_tenants.simulation.revision import side_of
    from karpenter_tenants.synthesis.render import render

    def side(data: dict[str, Any], where: str) -> Side:
        write_cluster(tmp_path / where / "clusters", data)
        return side_of(render(load_clusters(tmp_path / where / "clusters")), "acme", data)

    groups = {"running": False, "nodeGroups": [{"name": "old", "tenant": "alpha"}]}
    base = cluster_dict(tenants=[tenant("alpha"), tenant("beta"), tenant("gamma")], clusterAutoscaler=groups)
    head = cluster_dict(
        tenants=[
            tenant("alpha", limits={"cpu": "64"}),
            tenant("gamma", taints=[{"key": "dedicated", "value": "gamma", "effect": "NoSchedule"}]),
        ],
        clusterAutoscaler={"running": False, "nodeGroups": []},
    )
    nodes = [
        karpenter_node("a", "alpha", "m7i.large"),
        karpenter_node("b", "beta", "m7i.large"),
        karpenter_node("g", "gamma", "m7i.large"),
        node("ng", {"eks.amazonaws.com/nodegroup": "old"}),
        node("other", {"eks.amazonaws.com/nodegroup": "core"}),
    ]
    gone = nodes_gone("acme", side(base, "base"), side(head, "head"), nodes)
    assert set(gone) == {"b", "g", "ng"}
    assert (
        gone["b"] == "NodePool beta is deleted" and gone["ng"] == "node group old leaves clusterAutoscaler.nodeGroups"
    )
    assert gone["g"].startswith("NodePool gamma drifts on ") and "taints" in gone["g"]


def test_the_lines_escape_what_comes_from_the_files() -> None:
    """Node and pod names come from the snapshot: never raw into the pull request's comment."""
    from types import SimpleNamespace

    from karpenter_tenants.simulation.placement import lines

    hostile = "ng-1\x1b]0;owned\x07\n## 0 destructive: all clear"
    start = {
        "start": "today",
        "running": 1,
        "nodesGone": [{"node": hostile, "why": f"NodePool {hostile} is deleted"}],
        "moved": [
            {
                "pod": f"ns/{hostile}",
                "workload": "ns/Pod/x",
                "from": hostile,
                "why": "NodePool x is deleted",
                "to": None,
            }
        ],
    }
    simulated = SimpleNamespace(
        base=SimpleNamespace(start={**start, "nodesGone": [], "moved": []}),
        head=SimpleNamespace(start=start),
        workloads=SimpleNamespace(pods=(1,), source="w.json"),
    )
    said = "\n".join(lines(simulated))
    assert "\x1b" not in said and "\n## 0 destructive" not in said and said.count("\n") == 2
