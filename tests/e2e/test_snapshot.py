"""`snapshot` on the suite's real control plane: kube-apiserver (RBAC on), Karpenter's kwok provider, kube-scheduler and
kube-controller-manager (Deployments -> ReplicaSets -> pods, DaemonSets). Two tenants' NodePools as synth writes
them, their Deployments with a secret in an environment variable, a DaemonSet, a PodDisruptionBudget, a CronJob, a
Secret and a ConfigMap; Karpenter launches NodeClaims and kwok makes their Nodes. Then `snapshot` runs as a user bound
to nothing but the ClusterRole synth writes in base/ (it may not read a Secret), over TLS with a client certificate.

Asserted: the files hold every pod, owner, PodDisruptionBudget, NodeClaim and Node the server has, no env value and no
Secret or ConfigMap; `plan --workloads --nodes` on them answers (exit 0) and its simulation says exactly what it says
on the hand-made files the README's `kubectl get ... -o json` gives (the same objects whole)."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import cluster_dict, write_cluster

from e2e.build import KARPENTER, KWOK, Phases, build
from e2e.catalogue import instance_types_file
from e2e.controlplane import ControlPlane
from e2e.karpenter import (
    CONTROLLERS,
    KarpenterStack,
    chart_feature_gates,
    kwok_node_class,
    kwok_node_pool,
    kwok_provider_crds,
    mark_node_class_ready,
)
from e2e.kube import ApiError, Kube, wait_for
from e2e.manifests import load_yaml_documents, namespace
from karpenter_tenants.commands.cli import main
from karpenter_tenants.config.loader import load_clusters
from karpenter_tenants.live.kinds import READER_ROLE
from karpenter_tenants.synthesis.render import render

AMI = {"alias": "al2023@v20261101"}
TENANTS: list[dict[str, Any]] = [
    {
        "name": "alpha",
        "namespaces": ["alpha"],
        "nodeRole": "node-alpha",
        "ami": AMI,
        "requirements": {"instanceCategories": ["c", "m"], "capacityTypes": ["on-demand"]},
        "limits": {"cpu": "32"},
    },
    {
        "name": "beta",
        "namespaces": ["beta"],
        "nodeRole": "node-beta",
        "ami": AMI,
        "requirements": {"instanceCategories": ["c", "m"], "capacityTypes": ["on-demand"]},
        "limits": {"cpu": "32"},
    },
]
SECRET = "hunter2-in-an-env-var"
READER = "snapshot-reader"  # the user of the client certificate snapshot runs with
TIMEOUT = 180
KINDS = [
    ("v1", "Pod"),
    ("apps/v1", "Deployment"),
    ("apps/v1", "ReplicaSet"),
    ("apps/v1", "StatefulSet"),
    ("apps/v1", "DaemonSet"),
    ("batch/v1", "Job"),
    ("batch/v1", "CronJob"),
]


def deployment(tenant: str, name: str, replicas: int, cpu: str) -> dict[str, Any]:
    spec = {
        "containers": [
            {
                "name": "app",
                "image": "registry.invalid/app:1",
                "env": [{"name": "DB_PASSWORD", "value": SECRET}],
                "resources": {"requests": {"cpu": cpu, "memory": "512Mi"}},
            }
        ],
        "terminationGracePeriodSeconds": 0,
        "nodeSelector": {"tenant": tenant},
        "tolerations": [{"key": "tenant", "operator": "Equal", "value": tenant, "effect": "NoSchedule"}],
    }
    return {
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "metadata": {"name": name, "namespace": tenant, "annotations": {"team/secret": SECRET}},
        "spec": {
            "replicas": replicas,
            "selector": {"matchLabels": {"app": name}},
            "template": {"metadata": {"labels": {"app": name}}, "spec": spec},
        },
    }


WORKLOADS: list[dict[str, Any]] = [
    deployment("alpha", "web", 3, "1500m"),
    deployment("beta", "api", 2, "1"),
    {
        "apiVersion": "apps/v1",
        "kind": "DaemonSet",
        "metadata": {"name": "node-agent", "namespace": "kube-system"},
        "spec": {
            "selector": {"matchLabels": {"app": "node-agent"}},
            "template": {
                "metadata": {"labels": {"app": "node-agent"}},
                "spec": {
                    "containers": [
                        {
                            "name": "agent",
                            "image": "registry.invalid/agent:1",
                            "resources": {"requests": {"cpu": "100m", "memory": "64Mi"}},
                        }
                    ],
                    "tolerations": [{"operator": "Exists"}],
                    "terminationGracePeriodSeconds": 0,
                },
            },
        },
    },
    {
        "apiVersion": "batch/v1",
        "kind": "CronJob",
        "metadata": {"name": "report", "namespace": "alpha"},
        "spec": {
            "schedule": "0 3 * * *",
            "jobTemplate": {
                "spec": {
                    "template": {
                        "spec": {
                            "restartPolicy": "Never",
                            "nodeSelector": {"tenant": "alpha"},
                            "tolerations": [
                                {"key": "tenant", "operator": "Equal", "value": "alpha", "effect": "NoSchedule"}
                            ],
                            "containers": [
                                {
                                    "name": "report",
                                    "image": "registry.invalid/report:1",
                                    "resources": {"requests": {"cpu": "500m", "memory": "256Mi"}},
                                }
                            ],
                        }
                    }
                }
            },
        },
    },
    {
        "apiVersion": "policy/v1",
        "kind": "PodDisruptionBudget",
        "metadata": {"name": "web", "namespace": "alpha"},
        "spec": {"maxUnavailable": 1, "selector": {"matchLabels": {"app": "web"}}},
    },
    {
        "apiVersion": "v1",
        "kind": "Secret",
        "metadata": {"name": "db", "namespace": "alpha"},
        "stringData": {"password": SECRET},
    },
    {
        "apiVersion": "v1",
        "kind": "ConfigMap",
        "metadata": {"name": "settings", "namespace": "alpha"},
        "data": {"password": SECRET},
    },
]


@dataclass
class Running:
    plane: ControlPlane
    kube: Kube
    repo: Path  # clusters/acme.yaml of TENANTS
    reader: Path  # the kubeconfig of READER


def git(repo: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=repo, check=True, capture_output=True
    )


def run(repo: Path, *argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    cwd = Path.cwd()
    os.chdir(repo)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(["--clusters", "clusters", *argv])
    finally:
        os.chdir(cwd)
    return status, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def running(
    kube_binaries: dict[str, Path], control_planes: Any, phases: Phases, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Running]:
    karpenter = build(KARPENTER, phases)["kwok"]
    kwok = build(KWOK, phases)["kwok"]
    folder = tmp_path_factory.mktemp("snapshot")
    repo = folder / "repo"
    write_cluster(repo / "clusters", cluster_dict(tenants=TENANTS))
    files = {path.removeprefix("acme/"): text for path, text in render(load_clusters(repo / "clusters")).items()}
    instance_types_file(folder / "instance-types.json")
    plane, kube = control_planes("snapshot", ("--disable-admission-plugins=TaintNodesByCondition",))
    kube.apply_crds(
        [
            d
            for path in kwok_provider_crds()
            for d in load_yaml_documents(path)
            if d.get("kind") == "CustomResourceDefinition"
        ]
    )
    pools = {
        obj["metadata"]["name"]: obj
        for path, text in files.items()
        if path.endswith(".yaml")
        for obj in [yaml.safe_load(text)]
        if isinstance(obj, dict) and obj.get("kind") == "NodePool"
    }
    for tenant in TENANTS:
        kube.apply(namespace(tenant["name"]))
        kube.apply(kwok_node_class(tenant["name"]))
        mark_node_class_ready(kube, tenant["name"])
        kube.apply(kwok_node_pool(pools[tenant["name"]]))
    kube.apply(namespace("karpenter"))
    # the read-only identity: the ClusterRole as synth wrote it, bound to READER (what the README says to do)
    kube.apply(yaml.safe_load(files[f"base/clusterrole-{READER_ROLE}.yaml"]))
    kube.apply(
        {
            "apiVersion": "rbac.authorization.k8s.io/v1",
            "kind": "ClusterRoleBinding",
            "metadata": {"name": READER_ROLE},
            "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole", "name": READER_ROLE},
            "subjects": [{"apiGroup": "rbac.authorization.k8s.io", "kind": "User", "name": READER}],
        }
    )
    reader = plane.user_kubeconfig("reader", READER)
    stack = KarpenterStack(
        plane,
        kube_binaries,
        karpenter,
        kwok,
        folder / "instance-types.json",
        folder,
        chart_feature_gates(files),
        controllers=(*CONTROLLERS, "daemonset"),
    )
    try:
        with phases("snapshot: Karpenter, kube-scheduler, kube-controller-manager and kwok up"):
            stack.start(kube)
            for name in ("alpha", "beta", "kube-system"):
                wait_for(lambda n=name: kube.get("v1", "ServiceAccount", "default", n), 60, f"{name}'s default account")
        with phases("snapshot: the tenants' pods bound to Karpenter's nodes"):
            for obj in WORKLOADS:
                kube.apply(obj)

            def settled() -> bool:
                pods = [p for t in ("alpha", "beta") for p in kube.list("v1", "Pod", t)]
                agents = kube.list("v1", "Pod", "kube-system")
                nodes = kube.list("v1", "Node")
                return (
                    len(pods) == 5
                    and all(p["spec"].get("nodeName") for p in pods)
                    and bool(nodes)
                    and len(agents) == len(nodes)
                )

            try:
                wait_for(settled, TIMEOUT, "5 tenant pods bound and a node agent on every node", interval=1)
            except TimeoutError as error:
                raise TimeoutError(f"{error}\n{stack.logs()}") from None
        yield Running(plane, kube, repo, reader)
    finally:
        stack.stop()


def everything(kube: Kube) -> dict[str, list[dict[str, Any]]]:
    """What `kubectl get ... -A -o json` prints of each kind (items with their apiVersion and kind), by kind."""
    found = {}
    for api_version, kind in [
        *KINDS,
        ("policy/v1", "PodDisruptionBudget"),
        ("karpenter.sh/v1", "NodeClaim"),
        ("v1", "Node"),
    ]:
        found[kind] = [{"apiVersion": api_version, "kind": kind, **item} for item in kube.list(api_version, kind)]
    return found


def test_snapshot_reads_what_runs_as_the_reader_and_plan_answers_on_it(running: Running, phases: Phases) -> None:
    kube, repo = running.kube, running.repo
    # the reader may list what snapshot reads, and not a Secret or a ConfigMap
    for path in ("/api/v1/secrets", "/api/v1/configmaps"):
        with pytest.raises(ApiError) as refused:
            kube.request("GET", path, user=READER)
        assert refused.value.status == 403

    started = time.monotonic()
    status, out, err = run(repo, "snapshot", "--kubeconfig", str(running.reader))
    took = time.monotonic() - started
    assert status == 0, err
    live = everything(kube)
    assert out.startswith(
        f"snapshot: acme from context e2e (https://127.0.0.1:{running.plane.port}): "
        f"workloads/acme.json ({len(live['Pod'])} Pods, "
    )
    phases.note(
        f"snapshot: {sum(len(v) for v in live.values())} objects ({len(live['Pod'])} pods, "
        f"{len(live['Node'])} nodes) read as {READER} in {took:.2f} s"
    )

    workloads = json.loads((repo / "workloads/acme.json").read_text())
    nodes = json.loads((repo / "workloads/acme.nodes.json").read_text())
    by_kind: dict[str, set[str]] = {}
    for item in workloads["items"]:
        by_kind.setdefault(item["kind"], set()).add(f"{item['metadata'].get('namespace')}/{item['metadata']['name']}")
    for kind, items in live.items():
        names = {f"{i['metadata'].get('namespace')}/{i['metadata']['name']}" for i in items}
        assert (
            by_kind.get(kind, set()) if kind != "Node" else {f"None/{n['metadata']['name']}" for n in nodes["items"]}
        ) == names, kind
    assert by_kind["NodeClaim"] and by_kind["ReplicaSet"] and by_kind["PodDisruptionBudget"] == {"alpha/web"}
    assert not {"Secret", "ConfigMap"} & set(by_kind)
    text = (repo / "workloads/acme.json").read_text() + (repo / "workloads/acme.nodes.json").read_text()
    assert SECRET not in text and "DB_PASSWORD" not in text

    # the same cluster the hand-made way (README: kubectl get ... -A -o json), whole objects
    (repo / "handmade").mkdir()
    (repo / "handmade/workloads.json").write_text(
        json.dumps({"apiVersion": "v1", "kind": "List", "items": [i for _, kind in KINDS for i in live[kind]]})
    )
    (repo / "handmade/nodes.json").write_text(json.dumps({"apiVersion": "v1", "kind": "List", "items": live["Node"]}))

    # plan at a pull request that halves beta's cpu limit: answered on both, the same
    assert run(repo, "synth", "--out", "dist")[0] == 0
    git(repo, "init", "-q")
    git(repo, "add", "clusters", "dist")
    git(repo, "commit", "-qm", "base")
    head = cluster_dict(tenants=[{**t, "limits": {"cpu": "2"}} if t["name"] == "beta" else t for t in TENANTS])
    write_cluster(repo / "clusters", head)
    assert run(repo, "synth", "--out", "dist")[0] == 0
    answers = []
    for workloads_file, nodes_file in (
        ("workloads/acme.json", "workloads/acme.nodes.json"),
        ("handmade/workloads.json", "handmade/nodes.json"),
    ):
        status, out, err = run(
            repo,
            "plan",
            "--base",
            "HEAD",
            "--workloads",
            workloads_file,
            "--nodes",
            nodes_file,
            "--cluster",
            "acme",
            "--format",
            "json",
        )
        assert status == 0, err
        simulation = json.loads(out)["simulation"]
        assert simulation.pop("workloads") == workloads_file
        answers.append(simulation)
    assert answers[0] == answers[1]
    asked = {
        name: tenant["scheduled"] + len(tenant["pending"]) for name, tenant in answers[0]["base"]["tenants"].items()
    }
    assert asked == {"alpha": 4, "beta": 2}, answers[0]  # web's 3 and a run of the report; api's 2
