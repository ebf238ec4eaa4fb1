"""`status` of the move from cluster-autoscaler (per node group of clusterAutoscaler.nodeGroups: its nodes left, the
pods still on them and those still pinned to it) and of a fleet (no --cluster with several cluster files: every
cluster read through its own context, a customer x cluster table, a cluster that cannot be read said without hiding
the others), against recorded API servers on loopback (support.fake_apiserver)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import cluster_dict, write_cluster
from support.fake_apiserver import FakeApiServer, node, pod, serving
from test_status_command import bindings, claim, controller_pod, converged, ready, run

AMI = {"alias": "al2023@v20261101"}
TENANTS = [
    {"name": "alpha", "nodeRole": "node-alpha", "namespaces": ["alpha"], "ami": AMI},
    {"name": "beta", "nodeRole": "node-beta", "namespaces": ["beta"], "ami": AMI},
]
MOVING = {
    "running": False,
    "nodeGroups": [{"name": "ng-alpha", "tenant": "alpha"}, {"name": "ng-gamma", "tenant": "gamma"}],
}
GLOBEX = {"name": "globex", "accountId": "001234567890", "region": "ca-central-1"}
GLOBEX_ARN = "arn:aws:eks:ca-central-1:001234567890:cluster/globex"


def group_node(name: str, group: str, instance_type: str = "m5.2xlarge") -> dict[str, Any]:
    return node(
        name,
        labels={
            "eks.amazonaws.com/nodegroup": group,
            "node.kubernetes.io/instance-type": instance_type,
            "eks.amazonaws.com/capacityType": "ON_DEMAND",
            "topology.kubernetes.io/zone": "ca-central-1a",
        },
    )


def kubeconfig(path: Path, servers: dict[str, str]) -> Path:
    """One context per entry (context name -> server), each its own cluster, a token user."""
    document = {
        "apiVersion": "v1",
        "kind": "Config",
        "current-context": next(iter(servers)),
        "clusters": [{"name": f"c{i}", "cluster": {"server": url}} for i, url in enumerate(servers.values())],
        "contexts": [{"name": name, "context": {"cluster": f"c{i}", "user": "me"}} for i, name in enumerate(servers)],
        "users": [{"name": "me", "user": {"token": "t0ken"}}],
    }
    path.write_text(json.dumps(document))
    return path


@pytest.fixture(scope="module")
def fleet(tmp_path_factory: pytest.TempPathFactory) -> Path:
    repo = tmp_path_factory.mktemp("fleet") / "repo"
    write_cluster(repo / "clusters", cluster_dict(tenants=TENANTS, clusterAutoscaler=MOVING))
    write_cluster(
        repo / "clusters",
        cluster_dict(
            cluster=GLOBEX,
            tenants=[
                {**TENANTS[0], "nodeRole": "node-alpha-globex"},
                {"name": "delta", "nodeRole": "node-delta", "namespaces": ["delta"], "ami": AMI},
            ],
        ),
        name="globex",
    )
    code, _, err = run(repo, "synth", "--dist", "dist")
    assert code == 0, err
    return repo


def settled(server: FakeApiServer, repo: Path, cluster: str) -> None:
    """As test_status_command.converged, for any cluster of the fleet: its pools and classes and Flux's stages
    Ready, a NodeClaim of alpha's pool, the controller Ready, the isolation policy bound as dist/ binds it."""
    if cluster == "acme":
        converged(server, repo)
        return
    for obj in _objects(repo, cluster, "NodePool") + _objects(repo, cluster, "EC2NodeClass"):
        server.put(ready(obj))
    for kind in ("Kustomization", "HelmRelease"):
        server.put(*(ready(obj, lastAppliedRevision="main@sha1:0123abc") for obj in _objects(repo, cluster, kind)))
    server.put(claim(f"{cluster}-a1", "alpha"), controller_pod(), *bindings(repo, cluster))


def _objects(repo: Path, cluster: str, kind: str) -> list[dict[str, Any]]:
    found = []
    for path in sorted((repo / "dist" / cluster).rglob("*.yaml")):
        for document in yaml.safe_load_all(path.read_text()):
            if (
                isinstance(document, dict)
                and document.get("kind") == kind
                and ("toolkit" in document["apiVersion"] or kind in ("NodePool", "EC2NodeClass"))
            ):
                found.append(document)
    return found


def test_the_moves_progress_per_node_group(fleet: Path) -> None:
    """ng-alpha (alpha's pool took it over) still has two nodes, a pod on them and a pod pinned to it elsewhere;
    ng-gamma (gamma not a tenant yet) has none left: done. Progress, not a finding: the cluster converged (exit 0);
    alpha's cost counts its node group's nodes (m5.2xlarge $0.384/h)."""
    with serving(FakeApiServer()) as server:
        converged(server, fleet)
        on_group = pod("alpha", "legacy-0", nodeName="ng-a-1")
        pinned = pod("alpha", "legacy-1", nodeSelector={"eks.amazonaws.com/nodegroup": "ng-alpha"})
        pinned["status"] = {"phase": "Running"}
        agent = pod("kube-system", "aws-node-x", nodeName="ng-a-2", owner=("DaemonSet", "aws-node"))
        server.put(
            group_node("ng-a-1", "ng-alpha"),
            group_node("ng-a-2", "ng-alpha"),
            on_group,
            pinned,
            agent,
            node("karpenter-1"),
        )
        config = kubeconfig(fleet / "kubeconfig", {"acme-ctx": server.url})
        code, out, err = run(fleet, "status", "--cluster", "acme", "--kubeconfig", str(config))
        _, as_json, _ = run(fleet, "status", "--cluster", "acme", "--kubeconfig", str(config), "--format", "json")
    assert code == 0, out + err
    assert (
        "- node group `ng-alpha` → customer `alpha`: 2 nodes left (`ng-a-1`, `ng-a-2`, $0.768/h (2 nodes)); 1 pod "
        "still on them (`alpha/legacy-0`); 1 pod still pinned to it by `eks.amazonaws.com/nodegroup` "
        "(`alpha/legacy-1`)"
    ) in out
    assert (
        "- node group `ng-gamma` → customer `gamma`: no node left, no pod on it or pinned to it: its move is done"
        in out
    )
    assert "| `alpha` | done | $0.960/h (4 nodes) |" in out  # 2 x m5.large + 2 x m5.2xlarge
    move = json.loads(as_json)["move"]
    assert move[0] | {"cost": None} == {
        "nodeGroup": "ng-alpha",
        "customer": "alpha",
        "nodes": ["ng-a-1", "ng-a-2"],
        "podsOnNodes": ["alpha/legacy-0"],
        "pinned": ["alpha/legacy-1"],
        "cost": None,
    }


def test_a_fleet_every_cluster_a_customer_on_one_line(fleet: Path) -> None:
    """No --cluster, two cluster files: acme through --context acme=CTX, globex through the context `aws eks
    update-kubeconfig` names (its ARN); alpha, in both, on one line of the table."""
    with serving(FakeApiServer()) as acme, serving(FakeApiServer()) as globex:
        settled(acme, fleet, "acme")
        settled(globex, fleet, "globex")
        config = kubeconfig(fleet / "kubeconfig", {"acme-ctx": acme.url, GLOBEX_ARN: globex.url})
        code, out, err = run(fleet, "status", "--kubeconfig", str(config), "--context", "acme=acme-ctx")
        _, as_json, _ = run(
            fleet, "status", "--kubeconfig", str(config), "--context", "acme=acme-ctx", "--format", "json"
        )
        waiting = pod("delta", "api-0")
        waiting["status"] = {"phase": "Pending"}
        globex.put(waiting)
        not_yet, out_not_yet, err_not_yet = run(
            fleet, "status", "--kubeconfig", str(config), "--context", "acme=acme-ctx"
        )
    assert code == 0, out + err
    assert out.startswith("# status of the fleet: converged to dist/\n")
    assert "| customer | `acme` | `globex` |" in out
    assert "| `alpha` | done, $0.192/h | done, $0.096/h |" in out
    assert "| `beta` | done | – |" in out and "| `delta` | done | – |" not in out and "| `delta` | – | done |" in out
    assert "## status of `acme`: converged to dist/" in out and "## status of `globex`: converged to dist/" in out
    assert "### the cluster" in out
    document = json.loads(as_json)
    assert document["converged"] is True and document["customers"]["alpha"] == {
        "acme": "done, $0.192/h",
        "globex": "done, $0.096/h",
    }
    assert [c["cluster"] for c in document["clusters"]] == ["acme", "globex"]
    assert not_yet == 1 and "| `delta` | – | not converged |" in out_not_yet
    assert "# status of the fleet: 1 of 2 clusters converged" in out_not_yet
    assert "status: the fleet: not converged: globex: customer delta" in err_not_yet


def test_an_unreachable_cluster_is_said_and_the_others_reported(fleet: Path) -> None:
    with serving(FakeApiServer()) as acme:
        settled(acme, fleet, "acme")
        config = kubeconfig(fleet / "kubeconfig", {"acme-ctx": acme.url, "globex-ctx": "http://127.0.0.1:9"})
        code, out, err = run(
            fleet, "status", "--kubeconfig", str(config), "--context", "acme=acme-ctx", "--context", "globex=globex-ctx"
        )
        no_context, out_no_context, _ = run(fleet, "status", "--kubeconfig", str(config), "--context", "acme=acme-ctx")
    assert code == 1 and "Traceback" not in err
    assert "- cluster `globex`: not read: context globex-ctx (http\\://127.0.0.1:9): listing " in out
    assert "| `alpha` | done, $0.192/h | not read |" in out and "| `beta` | done | – |" in out
    assert "| `delta` | – | not read |" in out and "## status of `acme`: converged to dist/" in out
    assert "status: the fleet: not converged: globex (not read)" in err
    assert no_context == 1
    assert (
        f"- cluster `globex`: not read: no kubeconfig context for it (neither {GLOBEX_ARN} nor globex): pass "
        "--context globex=CTX"
    ) in out_no_context


def test_no_cluster_of_the_fleet_read_is_exit_2(fleet: Path) -> None:
    config = kubeconfig(fleet / "kubeconfig", {"a": "http://127.0.0.1:9", "g": "http://127.0.0.1:9"})
    code, out, err = run(fleet, "status", "--kubeconfig", str(config), "--context", "acme=a", "--context", "globex=g")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert (
        err.startswith("error: no cluster of the fleet could be read: acme: context a")
        or "no cluster of the fleet" in err
    )


def test_no_kubeconfig_for_the_fleet_is_exit_2_naming_it(fleet: Path) -> None:
    code, out, err = run(fleet, "status", "--kubeconfig", str(fleet / "missing"))
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert f"acme: no kubeconfig: --kubeconfig {fleet / 'missing'} names no file that exists" in err


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--context", "acme-ctx"], "several clusters (acme, globex) are read: give KEY=CTX"),
        (["--context", "nope=x"], "--context nope=x: several clusters"),
        (["--context", "acme=a", "--context", "acme=b"], "given twice"),
        (["--context", "acme="], "no context name"),
        (["--cluster", "acme", "--context", "globex=x"], "status reads one cluster here (acme)"),
    ],
)
def test_bad_contexts_are_exit_2_in_one_line(fleet: Path, argv: list[str], said: str) -> None:
    code, out, err = run(fleet, "status", *argv)
    assert code == 2 and out == "" and said in err and len(err.strip().splitlines()) == 1, err


def test_wait_waits_for_the_whole_fleet(fleet: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """--wait without --cluster: looks again until every cluster has converged (globex's pending pod bound)."""
    from karpenter_tenants.commands import status as status_command

    with serving(FakeApiServer()) as acme, serving(FakeApiServer()) as globex:
        settled(acme, fleet, "acme")
        settled(globex, fleet, "globex")
        waiting = pod("delta", "api-0")
        waiting["status"] = {"phase": "Pending"}
        globex.put(waiting)
        pauses: list[float] = []

        def pause(seconds: float) -> None:
            pauses.append(seconds)
            waiting["spec"]["nodeName"] = "n1"
            waiting["status"] = {"phase": "Running"}

        monkeypatch.setattr(status_command, "sleep", pause)
        config = kubeconfig(fleet / "kubeconfig", {"acme-ctx": acme.url, "globex-ctx": globex.url})
        code, out, err = run(
            fleet,
            "status",
            "--kubeconfig",
            str(config),
            "--context",
            "acme=acme-ctx",
            "--context",
            "globex=globex-ctx",
            "--wait",
        )
    assert code == 0 and pauses == [2.0], out + err
    assert "status: the fleet: not converged yet (1: globex: customer delta); looking again in 2 s" in err
    assert out.startswith("# status of the fleet: converged to dist/")


def test_hostile_names_in_the_move_and_the_cost_are_escaped(fleet: Path) -> None:
    hostile = "x\x1b[31m`](http://evil.example)|\n# heading"
    with serving(FakeApiServer()) as server:
        converged(server, fleet)
        server.put(
            group_node(hostile, "ng-alpha", instance_type=hostile),
            pod("alpha", hostile, nodeName=hostile),
            claim("alpha-h", "alpha", instance_type=hostile),
        )
        controller = server.objects["/api/v1/pods"]
        for each in controller:
            if each["metadata"]["namespace"] == "karpenter":
                each["metadata"]["labels"]["app.kubernetes.io/version"] = hostile
        config = kubeconfig(fleet / "kubeconfig", {"acme-ctx": server.url})
        code, out, err = run(fleet, "status", "--cluster", "acme", "--kubeconfig", str(config))
        _, as_json, _ = run(fleet, "status", "--cluster", "acme", "--kubeconfig", str(config), "--format", "json")
    assert code == 0, out + err
    assert "\x1b" not in out + err + as_json and "\n# heading" not in out
    row = next(line for line in out.splitlines() if line.startswith("| `alpha` |"))
    assert row.count("|") == 4, row  # the table's cells stay three
    assert "version not said by its pods" in out
    assert json.loads(as_json)["move"][0]["nodes"] == [hostile]
