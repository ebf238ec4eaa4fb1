"""`snapshot` end to end against a recorded API server on loopback (support.fake_apiserver, with a kubeconfig pointing
at it: the real client runs): the documented folder `workloads/<cluster>.json` + `.nodes.json`, accepted by `plan
--workloads/--nodes`, `plan --workloads-dir` and `preflight`; no env value written; the findings said once with their
count; and every failure (the cluster's answer, the kubeconfig, the place to write) exit 2 in one line with nothing
written."""

from __future__ import annotations

import contextlib
import io
import json
import os
import stat
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import cluster_dict, write_cluster
from support.fake_apiserver import PATHS, FakeApiServer, Raw, controller, kubeconfig, node, pod, serving

from karpenter_tenants.commands.cli import main
from karpenter_tenants.synthesis.safe_io import FOLDER_MARKER_PREFIX

TOKEN = "t0ken-of-the-team"
SECRET = "hunter2-do-not-write"
NODE_GROUP = {
    "eks.amazonaws.com/nodegroup": "globex-workers",
    "topology.kubernetes.io/zone": "ca-central-1a",
    "kubernetes.io/arch": "amd64",
    "kubernetes.io/os": "linux",
}


def run(repo: Path, *argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    cwd = Path.cwd()
    os.chdir(repo)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = main(["--clusters", "clusters", *argv])
            except SystemExit as exit:  # argparse's usage errors
                status = int(exit.code or 0)
    finally:
        os.chdir(cwd)
    return status, out.getvalue(), err.getvalue()


def cluster() -> dict[str, Any]:
    globex = {
        "name": "globex",
        "nodeRole": "node-globex",
        "namespaces": ["globex"],
        "ami": {"alias": "al2023@v20261101"},
        "requirements": {"capacityTypes": ["on-demand"]},
    }
    return cluster_dict(
        tenants=[globex],
        clusterAutoscaler={"running": False, "nodeGroups": [{"name": "globex-workers", "tenant": "globex"}]},
    )


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    write_cluster(tmp_path / "repo/clusters", cluster())
    return tmp_path / "repo"


def with_secrets(kind: str, namespace: str, name: str, **fields: Any) -> dict[str, Any]:
    env = [
        {"name": "DB_PASSWORD", "value": SECRET},
        {"name": "TOKEN", "valueFrom": {"secretKeyRef": {"name": "s", "key": "k"}}},
    ]
    obj = controller(kind, namespace, name, env=env, **fields)
    obj["metadata"]["annotations"]["kubectl.kubernetes.io/last-applied-configuration"] = json.dumps({"env": SECRET})
    return obj


def cluster_objects(server: FakeApiServer) -> None:
    """globex's web pinned to its node group (3 replicas: Deployment -> ReplicaSet -> pods), its api on the tenant's
    pool, a node agent DaemonSet, a job of a CronJob, a bare pod asking for nothing, a pod of an Argo Rollout (a kind
    snapshot does not read), a PodDisruptionBudget, a NodeClaim, two nodes of the group and one still registering."""
    web = with_secrets("Deployment", "globex", "web", replicas=3)
    web["spec"]["template"]["spec"]["nodeSelector"] = {"eks.amazonaws.com/nodegroup": "globex-workers"}
    replica_set = with_secrets("ReplicaSet", "globex", "web-5d9", replicas=3, owner=("Deployment", "web"))
    replica_set["spec"]["template"] = web["spec"]["template"]
    api = with_secrets("Deployment", "globex", "api", replicas=2)
    api["spec"]["template"]["spec"].update(
        nodeSelector={"tenant": "globex"},
        tolerations=[{"key": "tenant", "operator": "Equal", "value": "globex", "effect": "NoSchedule"}],
    )
    server.put(
        web,
        replica_set,
        api,
        *(
            pod(
                "globex",
                f"web-5d9-{i}",
                owner=("ReplicaSet", "web-5d9"),
                nodeSelector={"eks.amazonaws.com/nodegroup": "globex-workers"},
            )
            for i in range(3)
        ),
        controller("DaemonSet", "kube-system", "node-agent"),
        controller("CronJob", "globex", "report"),
        controller("Job", "globex", "report-1", owner=("CronJob", "report")),
        pod("default", "debug", cpu=None),
        pod("globex", "canary-7f", owner=("Rollout", "canary")),
        {
            "apiVersion": "policy/v1",
            "kind": "PodDisruptionBudget",
            "metadata": {"name": "web", "namespace": "globex", "annotations": {"a": SECRET}},
            "spec": {"maxUnavailable": 1, "selector": {"matchLabels": {"app": "web"}}},
            "status": {"currentHealthy": 3, "desiredHealthy": 2, "disruptionsAllowed": 1, "expectedPods": 3},
        },
        {
            "apiVersion": "karpenter.sh/v1",
            "kind": "NodeClaim",
            "metadata": {"name": "globex-abc", "labels": {"karpenter.sh/nodepool": "globex"}},
            "spec": {
                "nodeClassRef": {"group": "karpenter.k8s.aws", "kind": "EC2NodeClass", "name": "globex"},
                "requirements": [],
            },
            "status": {"nodeName": "ip-3"},
        },
        node("ng-1", labels=NODE_GROUP),
        node("ng-2", labels=NODE_GROUP),
        node("ng-3", labels=NODE_GROUP, without_allocatable=True),
    )


@pytest.fixture
def server() -> Iterator[FakeApiServer]:
    fake = FakeApiServer(token=TOKEN)
    cluster_objects(fake)
    with serving(fake):
        yield fake


@pytest.fixture
def config(repo: Path, server: FakeApiServer) -> Path:
    return kubeconfig(repo / "kubeconfig", server.url, token=TOKEN, context="acme-admin")


def written(repo: Path) -> dict[str, bytes]:
    folder = repo / "workloads"
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())} if folder.is_dir() else {}


def test_a_snapshot_is_the_documented_folder_plan_and_preflight_read(
    repo: Path, config: Path, server: FakeApiServer
) -> None:
    status, out, err = run(repo, "snapshot", "--kubeconfig", str(config))
    assert status == 0, err
    assert out == (
        f"snapshot: acme from context acme-admin ({server.url}): workloads/acme.json (5 Pods, 1 ReplicaSet, "
        "2 Deployments, 1 DaemonSet, 1 Job, 1 CronJob, 1 PodDisruptionBudget, 1 NodeClaim), "
        "workloads/acme.nodes.json (2 Nodes)\n"
    )
    assert err.splitlines() == [
        "warning: workloads/acme.json: 1 workload asks for no cpu or memory (default/Pod/debug): the simulation places "
        "such pods anywhere, so its answer for them means little; give their containers resources.requests",
        "warning: workloads/acme.nodes.json: 1 node without status.allocatable (ng-3) left out: plan's scheduler cannot "
        "place a pod on a node that says nothing of its room (a node still registering?); run snapshot again later",
        "warning: workloads/acme.json: 1 pod whose owner is not in the snapshot (globex/canary-7f of Rollout/canary; "
        "owner kinds: Rollout): each is simulated as a bare pod, not by its controller's replicas",
    ]
    files = written(repo)
    assert sorted(files) == [f"{FOLDER_MARKER_PREFIX}snapshot", "acme.json", "acme.nodes.json"]
    for text in files.values():
        assert SECRET.encode() not in text and b"DB_PASSWORD" not in text and b"last-applied" not in text
    assert [n["metadata"]["name"] for n in json.loads(files["acme.nodes.json"])["items"]] == ["ng-1", "ng-2"]
    # every list asked for in pages of 500, with the team's token
    assert {path for path, _, _ in server.requests} == set(PATHS.values())
    assert all(query["limit"] == ["500"] for _, query, _ in server.requests)
    # run again: its own files are replaced, byte for byte the same
    assert run(repo, "snapshot", "--kubeconfig", str(config))[0] == 0
    assert written(repo) == files

    # preflight and plan read them (plan in a repository, base -> head, as the pull-request workflow runs it)
    from test_simulation import git

    assert run(repo, "synth", "--out", "dist")[0] == 0
    status, out, err = run(repo, "preflight", "--workloads", "workloads/acme.json")
    assert status == 1 and "preflight: acme: 6 workloads" in out, out + err
    assert "stranded: globex/Deployment/web" in out  # its node group moves to the tenant's pool
    git(repo, "init", "-q")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "base")
    head = cluster()
    head["clusterAutoscaler"]["nodeGroups"] = []
    write_cluster(repo / "clusters", head)
    assert run(repo, "synth", "--out", "dist")[0] == 0
    status, out, err = run(
        repo,
        "plan",
        "--base",
        "HEAD",
        "--workloads",
        "workloads/acme.json",
        "--nodes",
        "workloads/acme.nodes.json",
        "--cluster",
        "acme",
    )
    assert status == 0, err
    assert "3 pod(s) of globex become Pending: they select `eks.amazonaws.com/nodegroup=globex-workers`" in out
    status, folder_out, err = run(repo, "plan", "--base", "HEAD", "--workloads-dir", "workloads")
    assert status == 0, err
    assert "3 pod(s) of globex become Pending" in folder_out


def test_an_exec_credential_plugin_gives_the_token(repo: Path, server: FakeApiServer) -> None:
    script = repo / "get-token"
    script.write_text(
        f"#!{sys.executable}\nimport json\nprint(json.dumps({{'kind': 'ExecCredential', "
        f"'status': {{'token': '{TOKEN}'}}}}))\n"
    )
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    config = kubeconfig(
        repo / "kubeconfig",
        server.url,
        user={
            "exec": {
                "apiVersion": "client.authentication.k8s.io/v1beta1",
                "command": "./get-token",
                "args": ["eks", "get-token"],
            }
        },
    )
    status, out, err = run(repo, "snapshot", "--kubeconfig", str(config))  # ./get-token: relative to the kubeconfig
    assert status == 0, err
    assert TOKEN not in out + err and "workloads/acme.json" in out


def test_hostile_names_are_data_never_terminal_text(repo: Path, config: Path, server: FakeApiServer) -> None:
    hostile = "x\x1b[2J\r\n## [click](https://evil.example) `code`"
    server.objects[PATHS["Node"]] = [node("ng-1", labels=NODE_GROUP), node(f"ng-{hostile}", without_allocatable=True)]
    status, out, err = run(repo, "snapshot", "--kubeconfig", str(config))
    assert status == 0, err
    assert "\x1b" not in out + err and "\r" not in out + err and len(err.splitlines()) == 3
    nodes = (repo / "workloads/acme.nodes.json").read_bytes()
    assert nodes.isascii() and b"\x1b" not in nodes and b"\r" not in nodes
    assert "(ng-x [2J  ## [click](https://evil.example) `code`) left out" in err, (
        err
    )  # named, control characters blanked
    # a label value no API server would accept: refused as plan would refuse it, shown escaped, in one line
    server.objects[PATHS["Node"]] = [node("ng-1", labels={**NODE_GROUP, "team": hostile})]
    for name in ("acme.json", "acme.nodes.json"):
        (repo / "workloads" / name).unlink()
    status, out, err = run(repo, "snapshot", "--kubeconfig", str(config))
    assert status == 2 and out == "" and err.count("\n") == 1 and "\x1b" not in err, err
    assert err.startswith("error: the cluster answered what plan would refuse: Node ng-1: metadata.labels.team: "), err
    assert "'x\\x1b[2J\\r\\n## [click]" in err and "(items[0] of workloads/acme.nodes.json, not written)" in err, err
    # a pod name no API server would accept: refused as plan would refuse it, shown escaped, nothing written
    assert not (repo / "workloads/acme.json").exists()
    server.objects[PATHS["Node"]] = [node("ng-1", labels=NODE_GROUP)]
    server.objects[PATHS["Pod"]] = [pod("globex", "evil\x1b]0;pwned\x07")]
    status, out, err = run(repo, "snapshot", "--kubeconfig", str(config))
    assert status == 2 and out == ""
    assert err.startswith(
        "error: the cluster answered what plan would refuse: Pod globex/evil ]0;pwned : metadata"
        ".name: 'evil\\x1b]0;pwned\\x07' is not a Kubernetes name"
    ), err
    assert err.endswith("; nothing was written\n") and err.count("\n") == 1
    assert not (repo / "workloads/acme.json").exists()


@pytest.mark.parametrize(
    ("answer", "said"),
    [
        (Raw(b'{"kind": "PodList", "items": [{"metadata": '), "listing pods: the answer is not a Kubernetes List"),
        (
            Raw(json.dumps({"kind": "Status", "code": 403, "message": "forbidden"}).encode(), 403),
            "listing pods: 403 Forbidden (forbidden): bind the ClusterRole karpenter-tenants-reader",
        ),
    ],
)
def test_a_broken_answer_is_exit_2_in_one_line_and_nothing_written(
    repo: Path, config: Path, server: FakeApiServer, answer: Raw, said: str
) -> None:
    server.answers[PATHS["Pod"]] = answer
    status, out, err = run(repo, "snapshot", "--kubeconfig", str(config))
    assert status == 2 and out == "" and err.count("\n") == 1, err
    assert err == f"error: context acme-admin ({server.url}): {said}" + err.split(said, 1)[1]
    assert err.endswith("; nothing was written\n") and written(repo) == {}


def test_a_slow_server_is_exit_2_within_the_timeout(repo: Path, config: Path, server: FakeApiServer) -> None:
    server.answers[PATHS["Pod"]] = Raw(json.dumps({"kind": "List", "items": []}).encode() * 10, trickle=0.1)
    started = time.monotonic()
    status, _, err = run(repo, "snapshot", "--kubeconfig", str(config), "--timeout", "1")
    assert status == 2 and "listing pods: no whole answer within --timeout 1 s" in err, err
    assert time.monotonic() - started < 5 and written(repo) == {}


def test_a_million_pods_stop_at_the_bound_in_bounded_time(repo: Path, config: Path, server: FakeApiServer) -> None:
    """A server that pages without end (10**6 pods and more): the read stops at 100,000 objects, one line."""
    server.endless.add(PATHS["Pod"])
    started = time.monotonic()
    status, _, err = run(repo, "snapshot", "--kubeconfig", str(config))
    assert status == 2 and "listing pods: more than 100,000 objects in all" in err, err
    assert time.monotonic() - started < 60 and written(repo) == {}


def test_a_workload_past_the_simulation_s_bound_is_named_as_the_cluster_holds_it(
    repo: Path, config: Path, server: FakeApiServer
) -> None:
    """Round 8 (r8-live-000): a Deployment of 2^31-1 replicas (the API server takes it) was refused naming
    `items[N]` of a file snapshot did not write; now the object as the cluster holds it, and the file's item."""
    for path in PATHS.values():
        server.objects[path] = []
    server.objects[PATHS["Node"]] = [node("ng-1", labels=NODE_GROUP)]
    server.objects[PATHS["Deployment"]] = [controller("Deployment", "globex", "huge", replicas=2**31 - 1)]
    status, out, err = run(repo, "snapshot", "--kubeconfig", str(config))
    assert (status, out, err.count("\n")) == (2, "", 1), err
    assert err.startswith(
        "error: the cluster answered what plan would refuse: Deployment globex/huge: spec.replicas: 2147483647 is "
        "more than the 50000 pods a simulation takes"
    ), err
    assert "(items[0] of workloads/acme.json, not written); nothing was written" in err, err
    assert written(repo) == {}


def test_a_missing_or_unreadable_kubeconfig_or_unknown_context_is_named(
    repo: Path, config: Path, server: FakeApiServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    status, _, err = run(repo, "snapshot", "--kubeconfig", "nope.yaml")
    assert status == 2 and err.startswith("error: kubeconfig nope.yaml: no such file"), err
    (repo / "folder").mkdir()
    status, _, err = run(repo, "snapshot", "--kubeconfig", "folder")
    assert status == 2 and "kubeconfig folder is a folder" in err
    status, _, err = run(repo, "snapshot", "--kubeconfig", str(config), "--context", "prod")
    assert status == 2 and f"kubeconfig {config} has no context 'prod' (it has acme-admin)" in err
    monkeypatch.setenv("KUBECONFIG", str(repo / "absent"))
    status, _, err = run(repo, "snapshot")
    assert status == 2 and f"no kubeconfig: $KUBECONFIG={repo / 'absent'} names no file" in err
    monkeypatch.setenv("KUBECONFIG", str(config))
    assert run(repo, "snapshot", "--context", "acme-admin")[0] == 0
    assert written(repo) and server.requests


def test_out_through_a_link_or_over_a_file_of_yours_is_refused_before_the_cluster_is_asked(
    repo: Path, config: Path, server: FakeApiServer, tmp_path: Path
) -> None:
    (tmp_path / "elsewhere").mkdir()
    (repo / "linked").symlink_to(tmp_path / "elsewhere")
    status, _, err = run(repo, "snapshot", "--kubeconfig", str(config), "--out", "linked")
    assert status == 2 and "linked is a symbolic link" in err and err.count("\n") == 1
    (repo / "workloads").mkdir()
    (repo / "workloads/acme.json").write_text('{"kind": "List", "items": []}\n')  # a hand-made kubectl snapshot
    status, _, err = run(repo, "snapshot", "--kubeconfig", str(config))
    assert status == 2 and "workloads/acme.json exists and snapshot did not write it" in err and "--force" in err
    (tmp_path / "outside.json").write_text("mine\n")
    (repo / "workloads/acme.nodes.json").symlink_to(tmp_path / "outside.json")
    status, _, err = run(repo, "snapshot", "--kubeconfig", str(config), "--force")
    assert status == 2 and "acme.nodes.json is a symbolic link" in err
    assert server.requests == [] and list((tmp_path / "elsewhere").iterdir()) == []
    assert (tmp_path / "outside.json").read_text() == "mine\n"
    assert (repo / "workloads/acme.json").read_text() == '{"kind": "List", "items": []}\n'
    (repo / "workloads/acme.nodes.json").unlink()
    assert run(repo, "snapshot", "--kubeconfig", str(config), "--force")[0] == 0  # the hand-made one, replaced


@pytest.mark.parametrize("value", ["0", "-1", "nan", "inf", "abc", "7200"])
def test_a_timeout_it_cannot_use_is_a_usage_error(repo: Path, value: str) -> None:
    status, _, err = run(repo, "snapshot", "--timeout", value)
    assert status == 2 and "argument --timeout" in err and "internal error" not in err
