"""The first pull requests of a team's repository (issue 53 item 6): a 1.x cluster file with no tenant yet and a
`workloads/` snapshot folder (`workloads/<cluster>.json`, `workloads/<cluster>.nodes.json`), as `verify` passes it to
`plan --workloads-dir workloads`. A revision without any NodePool is simulated on the nodes that exist (Karpenter's
own scheduler, its existing-node path with no NodeClaim template): the pods that run there count as scheduled, only
what fits no node is pending. A cluster still on 0.31 is told to finish its upgrade first; a 1.x one never is."""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path
from typing import Any

import pytest
from conftest import BASE_V1ALPHA5, cluster_dict
from test_simulation import daemonset, deployment, node, pod_spec, pull_request, tenant

from karpenter_tenants.commands.cli import main

WORKERS = {
    "eks.amazonaws.com/nodegroup": "workers",
    "topology.kubernetes.io/zone": "ca-central-1a",
    "kubernetes.io/arch": "amd64",
    "kubernetes.io/os": "linux",
}


def running(item: dict[str, Any], owner: dict[str, Any] | None, node_name: str, index: int = 0) -> dict[str, Any]:
    """A pod as `kubectl get pods -A -o json` prints one that runs: made by `owner` (None: a bare pod), bound to a node."""
    template = item["spec"]["template"] if owner is not None else item
    metadata = item["metadata"]
    pod = {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": {
            "namespace": metadata["namespace"],
            "name": f"{metadata['name']}-abc12-{index}",
            "labels": dict((template.get("metadata") or {}).get("labels") or {}),
        },
        "spec": {**copy.deepcopy(template["spec"]), "nodeName": node_name},
        "status": {"phase": "Running"},
    }
    if owner is not None:
        pod["metadata"]["ownerReferences"] = [
            {"apiVersion": "apps/v1", "kind": owner["kind"], "name": owner["metadata"]["name"], "controller": True}
        ]
    return pod


def snapshot(*extra: dict[str, Any]) -> list[dict[str, Any]]:
    """What `kubectl get pods,deployments,replicasets,daemonsets,... -A -o json` prints of a cluster running on its
    node group: Deployments with their ReplicaSets and pods (each pod bound to one of the two nodes), a DaemonSet, a
    bare pod."""
    items: list[dict[str, Any]] = []
    for namespace, name, replicas, cpu in (("globex", "web", 3, "500m"), ("initech", "api", 2, "1")):
        made = deployment(namespace, name, replicas, pod_spec(cpu=cpu))
        replica_set = copy.deepcopy(made)
        replica_set["kind"] = "ReplicaSet"
        replica_set["metadata"] = {
            "namespace": namespace,
            "name": f"{name}-abc12",
            "ownerReferences": [{"apiVersion": "apps/v1", "kind": "Deployment", "name": name, "controller": True}],
        }
        items += [
            made,
            replica_set,
            *(running(replica_set, replica_set, f"ng-{i % 2 + 1}", i) for i in range(replicas)),
        ]
    items.append(daemonset("kube-system", "aws-node", pod_spec(cpu="25m", memory="64Mi")))
    bare = {"metadata": {"namespace": "default", "name": "debug"}, "spec": pod_spec(cpu="250m", memory="256Mi")}
    items.append(running(bare, None, "ng-1"))
    return [*items, *extra]


def repository(tmp_path: Path, base: dict[str, Any], head: dict[str, Any], items: list[dict[str, Any]]) -> Path:
    repo = tmp_path / "repo"
    pull_request(repo, base, head)
    folder = repo / "workloads"
    folder.mkdir()
    (folder / "acme.json").write_text(json.dumps({"apiVersion": "v1", "kind": "List", "items": items}))
    (folder / "acme.nodes.json").write_text(
        json.dumps({"apiVersion": "v1", "kind": "List", "items": [node("ng-1", WORKERS), node("ng-2", WORKERS)]})
    )
    return repo


def plan(repo: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[int, str, str]:
    cwd = Path.cwd()
    os.chdir(repo)
    try:
        capsys.readouterr()
        status = main(["--clusters", "clusters", "plan", "--base", "HEAD", "--workloads-dir", "workloads", *extra])
    finally:
        os.chdir(cwd)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_a_1x_cluster_without_tenants_is_simulated_on_its_nodes_not_told_to_migrate_from_0_31(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """It exited 2: `cluster acme has no Karpenter 1.x NodePool at the base or the head ... (a 0.31 cluster: migrate
    it first)`, for a cluster on 1.14.1."""
    bare = cluster_dict(tenants=[])
    repo = repository(tmp_path, bare, copy.deepcopy(bare), snapshot())
    status, out, err = plan(repo, capsys)
    assert status in (0, 1), err
    assert "0.31" not in out + err and "migrate" not in out + err
    assert "### Will it run? Cluster acme: Karpenter 1.14.1's scheduler on workloads/acme.json" in out
    assert "- the base and the head have no NodePool: pods are placed on the existing nodes only" in out
    assert "- pods of no tenant: unchanged: 6 scheduled, 0 pending, no new node, $0.00/h" in out


def test_the_first_tenants_pull_request_simulates_its_base_on_the_snapshots_nodes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The base has no NodePool: its pods ran on the nodes of the nodes file and fit there; it said every one pending
    (`no dynamic nodepools found`), so the first tenant's pull request read as scheduling 173 pods."""
    repo = repository(tmp_path, cluster_dict(tenants=[]), cluster_dict(tenants=[tenant("globex")]), snapshot())
    status, out, err = plan(repo, capsys, "--format", "json")
    assert status == 0, err
    simulation = json.loads(out)["simulation"]
    base, head = simulation["base"]["tenants"], simulation["head"]["tenants"]
    assert {name: (each["scheduled"], each["pending"]) for name, each in base.items()} == {
        "": (3, []),
        "globex": (3, []),
    }  # globex's namespace is the same customer's at base, before its tenant exists
    assert {name: (each["scheduled"], each["pending"]) for name, each in head.items()} == {
        "": (3, []),
        "globex": (3, []),
    }
    assert all(not each["nodeClaims"] for each in (*base.values(), *head.values()))  # they fit the nodes there are
    status, out, _ = plan(repo, capsys)
    assert status == 0
    assert "goes Pending" not in out  # no workload's pods are lost to the simulation (the gate's destructive kind)
    section = out.split("### Will it run?", 1)[1]
    assert "- the base has no NodePool: pods are placed on the existing nodes only" in section
    assert "pending, no new node, $0.00/h →" not in section  # no customer's answer changed
    assert (
        "- unchanged for 2 customers (globex, pods of no tenant): 6 scheduled, 0 pending, no new node, $0.00/h in all"
        in section
    )


def test_a_base_without_node_pools_leaves_pending_only_what_fits_no_node(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    huge = deployment("initech", "batch", 1, pod_spec(cpu="6"))  # no node of 3920m takes it
    repo = repository(tmp_path, cluster_dict(tenants=[]), cluster_dict(tenants=[tenant("globex")]), snapshot(huge))
    status, out, err = plan(repo, capsys, "--format", "json")
    assert status == 0, err
    base = json.loads(out)["simulation"]["base"]["tenants"]
    assert base["globex"]["scheduled"] == 3 and base["globex"]["pending"] == []
    assert base[""]["scheduled"] == 3
    assert base[""]["pending"] == [
        {
            "pod": "initech/batch-0",
            "workload": "initech/Deployment/batch",
            "reason": "no dynamic nodepools found, and no existing node fits it",
        }
    ]


def test_a_cluster_still_on_0_31_is_told_to_finish_its_upgrade(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    legacy = cluster_dict(BASE_V1ALPHA5)
    repo = repository(tmp_path, legacy, copy.deepcopy(legacy), snapshot())
    status, out, err = plan(repo, capsys)
    assert status == 2 and out == ""
    assert (
        "cluster acme runs Karpenter 0.31 (karpenter.version 0.31.5): the simulation runs Karpenter 1.x's "
        "scheduler, which does not read Provisioners"
    ) in err
    assert "`migrate`" in err
