"""`status` on the suite's real control plane: kube-apiserver (RBAC on), Karpenter's kwok provider, kube-scheduler,
kube-controller-manager and kwok. A tenant's NodePool as synth writes it (nodeClassRef rewritten to its KWOKNodeClass,
the only rewrite: docs/e2e.md), its Deployment; `status` runs as a user bound to nothing but the ClusterRole synth
writes in base/, against a dist/ holding the same rewrite (the kwok provider serves no EC2NodeClass, so dist/'s
EC2NodeClass is left out of the compared tree, and so are the isolation policy's bindings: not applied here, where a
pod no pool can serve must reach the scheduler; test_admission.py applies them). Karpenter runs as a process here,
not a pod: a stand-in pod in its namespace, labelled as the chart labels the controller and with the image tag of
karpenter.version, carries its readiness.

Asserted: `status --wait` converges once Karpenter has launched the tenant's nodes and its pods are bound (exit 0,
the customer done, its NodeClaims counted and priced, the controller's version as karpenter.version); a NodePool
edited by hand is named with the field (exit 1); a pod no pool can serve is named pending with the scheduler's reason
(exit 1); a pull request that changes the tenant's requirements (on-demand to spot), applied, makes its NodeClaims
Drifted with Karpenter's reason (exit 1), and `status --wait` converges as Karpenter replaces them; a stopped
controller (the process stopped, its pod gone) is said (exit 1)."""

from __future__ import annotations

import contextlib
import io
import os
import re
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
from e2e.karpenter import (
    KarpenterStack,
    chart_feature_gates,
    kwok_node_class,
    kwok_node_pool,
    kwok_provider_crds,
    mark_node_class_ready,
)
from e2e.kube import Kube, wait_for
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
]
READER = "status-reader"
VERSION = cluster_dict()["karpenter"]["version"]


@dataclass
class Running:
    kube: Kube
    repo: Path
    reader: Path
    stack: KarpenterStack


def write_dist(repo: Path, tenants: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """clusters/acme.yaml with these tenants and dist/acme/ as synth writes it, as the cluster runs it under kwok (the
    NodePool's nodeClassRef rewritten, no EC2NodeClass, no isolation binding); the NodePools by name."""
    write_cluster(repo / "clusters", cluster_dict(tenants=tenants))
    files = {path.removeprefix("acme/"): text for path, text in render(load_clusters(repo / "clusters")).items()}
    pools = {}
    for path, text in files.items():
        obj = yaml.safe_load(text) if path.endswith(".yaml") else None
        if isinstance(obj, dict) and obj.get("kind") in ("EC2NodeClass", "ValidatingAdmissionPolicyBinding"):
            continue
        if isinstance(obj, dict) and obj.get("kind") == "NodePool":
            obj = kwok_node_pool(obj)
            pools[obj["metadata"]["name"]] = obj
            text = yaml.safe_dump(obj)
        (repo / "dist/acme" / path).parent.mkdir(parents=True, exist_ok=True)
        (repo / "dist/acme" / path).write_text(text)
    return pools


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


def web(replicas: int) -> dict[str, Any]:
    spec = {
        "containers": [
            {
                "name": "app",
                "image": "registry.invalid/app:1",
                "resources": {"requests": {"cpu": "1500m", "memory": "512Mi"}},
            }
        ],
        "terminationGracePeriodSeconds": 0,
        "nodeSelector": {"tenant": "alpha"},
        "tolerations": [{"key": "tenant", "operator": "Equal", "value": "alpha", "effect": "NoSchedule"}],
    }
    return {
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "metadata": {"name": "web", "namespace": "alpha"},
        "spec": {
            "replicas": replicas,
            "selector": {"matchLabels": {"app": "web"}},
            "template": {"metadata": {"labels": {"app": "web"}}, "spec": spec},
        },
    }


@pytest.fixture(scope="module")
def running(
    kube_binaries: dict[str, Path], control_planes: Any, phases: Phases, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Running]:
    karpenter = build(KARPENTER, phases)["kwok"]
    kwok = build(KWOK, phases)["kwok"]
    folder = tmp_path_factory.mktemp("status")
    repo = folder / "repo"
    pools = write_dist(repo, TENANTS)
    files = render(load_clusters(repo / "clusters"))
    instance_types_file(folder / "instance-types.json")
    plane, kube = control_planes("status", ("--disable-admission-plugins=TaintNodesByCondition",))
    kube.apply_crds(
        [
            d
            for path in kwok_provider_crds()
            for d in load_yaml_documents(path)
            if d.get("kind") == "CustomResourceDefinition"
        ]
    )
    kube.apply(namespace("alpha"))
    kube.apply(namespace("karpenter"))
    kube.apply(kwok_node_class("alpha"))
    mark_node_class_ready(kube, "alpha")
    kube.apply(pools["alpha"])
    kube.apply(yaml.safe_load(files[f"acme/base/clusterrole-{READER_ROLE}.yaml"]))
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
        chart_feature_gates({p.removeprefix("acme/"): t for p, t in files.items()}),
    )
    try:
        with phases("status: Karpenter, kube-scheduler, kube-controller-manager and kwok up"):
            stack.start(kube)
            for name in ("alpha", "karpenter"):
                wait_for(lambda n=name: kube.get("v1", "ServiceAccount", "default", n), 60, f"{name}'s default account")
            # the controller's stand-in: bound to no real node, its Ready condition set as a kubelet would
            kube.apply(
                {
                    "apiVersion": "v1",
                    "kind": "Pod",
                    "metadata": {
                        "name": "karpenter-0",
                        "namespace": "karpenter",
                        "labels": {"app.kubernetes.io/name": "karpenter"},
                    },
                    "spec": {
                        "nodeName": "controller-host",
                        "containers": [
                            {"name": "controller", "image": f"registry.invalid/karpenter/controller:{VERSION}"}
                        ],
                    },
                }
            )
            kube.request(
                "PATCH",
                kube.path("v1", "Pod", "karpenter", "karpenter-0") + "/status",
                {"status": {"phase": "Running", "conditions": [{"type": "Ready", "status": "True"}]}},
                "application/merge-patch+json",
            )
        yield Running(kube, repo, reader, stack)
    finally:
        stack.stop()


def test_status_wait_converges_then_says_a_hand_edit_and_a_pending_pod(running: Running, phases: Phases) -> None:
    kube, repo, reader = running.kube, running.repo, str(running.reader)
    kube.apply(web(3))
    with phases("status: --wait until alpha's nodes are launched and its pods bound"):
        status, out, err = run(repo, "status", "--kubeconfig", reader, "--wait", "--timeout", "3m")
    assert status == 0, out + err
    assert "converged to dist/" in out and "Done (1 customer): `alpha`" in out
    claims = kube.list("karpenter.sh/v1", "NodeClaim")
    assert claims and f"{len(claims)} NodeClaim{'s' if len(claims) != 1 else ''} up to date" in out
    assert all(p["spec"].get("nodeName") for p in kube.list("v1", "Pod", "alpha"))
    assert "Kustomization (dist/ has them): the cluster serves no such kind" in out  # no Flux on this plane
    assert f"1/1 pods Ready, version `{VERSION}` as karpenter.version" in out
    assert re.search(rf"^\| `alpha` \| done \| \$[0-9.,]+/h \({len(claims)} nodes?\) \|$", out, re.M), out

    # a NodePool edited by hand: named with the field
    pool = kube.get("karpenter.sh/v1", "NodePool", "alpha")
    assert pool is not None
    kube.request(
        "PATCH",
        kube.path("karpenter.sh/v1", "NodePool", name="alpha"),
        {"spec": {"limits": {"cpu": "48"}}},
        "application/merge-patch+json",
    )
    status, out, err = run(repo, "status", "--kubeconfig", reader)
    assert status == 1
    assert "NodePool `alpha`: edited by hand: `spec.limits.cpu` differs from dist/" in out
    assert "not converged: customer alpha" in err
    kube.request(
        "PATCH",
        kube.path("karpenter.sh/v1", "NodePool", name="alpha"),
        {"spec": {"limits": {"cpu": "32"}}},
        "application/merge-patch+json",
    )

    # a pod no pool can serve: pending with the scheduler's reason
    kube.apply(
        {
            "apiVersion": "v1",
            "kind": "Pod",
            "metadata": {"name": "stranded", "namespace": "alpha"},
            "spec": {
                "nodeSelector": {"tenant": "nobody"},
                "terminationGracePeriodSeconds": 0,
                "containers": [{"name": "app", "image": "registry.invalid/app:1"}],
            },
        }
    )
    wait_for(
        lambda: any(
            c.get("type") == "PodScheduled" and c.get("status") == "False"
            for c in ((kube.get("v1", "Pod", "stranded", "alpha") or {}).get("status") or {}).get("conditions", [])
        ),
        60,
        "the scheduler's verdict on the stranded pod",
    )
    status, out, err = run(repo, "status", "--kubeconfig", reader)
    assert status == 1, out + err
    assert "1 pending pod: `alpha/stranded` (Unschedulable: 0/" in out
    assert "edited by hand" not in out


def condition_of(obj: dict[str, Any], kind: str) -> str | None:
    return next(
        (c.get("status") for c in (obj.get("status") or {}).get("conditions") or [] if c.get("type") == kind), None
    )


def test_a_requirement_change_drifts_the_nodes_then_wait_converges(running: Running, phases: Phases) -> None:
    """The pull request moves alpha from on-demand to spot: dist/ rewritten by synth, its NodePool applied. `status`
    names alpha's NodeClaims Drifted with Karpenter's reason (exit 1); `status --wait` converges (exit 0) once
    Karpenter has replaced every one of them with spot nodes."""
    kube, repo, reader = running.kube, running.repo, str(running.reader)
    kube.request("DELETE", kube.path("v1", "Pod", "alpha", "stranded"))
    wait_for(lambda: kube.get("v1", "Pod", "stranded", "alpha") is None, 60, "the stranded pod gone")
    before = {c["metadata"]["name"] for c in kube.list("karpenter.sh/v1", "NodeClaim")}
    assert before and {
        c["metadata"]["labels"].get("karpenter.sh/capacity-type") for c in kube.list("karpenter.sh/v1", "NodeClaim")
    } == {"on-demand"}
    changed = [{**t, "requirements": {**t["requirements"], "capacityTypes": ["spot"]}} for t in TENANTS]
    pools = write_dist(repo, changed)
    kube.apply(pools["alpha"])
    seen = ""
    with phases("status: alpha's NodeClaims named Drifted"):
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            status, out, err = run(repo, "status", "--kubeconfig", reader)
            if "Drifted (" in out:
                seen = out
                break
            time.sleep(0.5)
    assert seen, f"no Drifted NodeClaim said within 90 s: {out}{err}"
    assert status == 1 and "## customer `alpha`: not converged" in seen
    assert re.search(r"NodeClaims of pool `alpha`: \d+ in all, \d+ Drifted \(`[^`]+` \(RequirementsDrifted", seen), seen
    with phases("status: --wait while Karpenter replaces the drifted nodes"):
        status, out, err = run(repo, "status", "--kubeconfig", reader, "--wait", "--timeout", "4m")
    assert status == 0, out + err
    assert "Done (1 customer): `alpha`" in out and "not converged yet" in err
    claims = kube.list("karpenter.sh/v1", "NodeClaim")
    assert claims and not {c["metadata"]["name"] for c in claims} & before
    assert {c["metadata"]["labels"].get("karpenter.sh/capacity-type") for c in claims} == {"spot"}
    assert not any(condition_of(c, "Drifted") == "True" for c in claims)


def test_a_stopped_controller_is_said(running: Running) -> None:
    """Karpenter's process stopped and its pod gone (a Deployment scaled to 0): `status` says no controller pod runs,
    exit 1, naming the controller."""
    kube, repo, reader = running.kube, running.repo, str(running.reader)
    next(p for p in running.stack.processes if p.name == "karpenter").stop()
    kube.request("DELETE", kube.path("v1", "Pod", "karpenter", "karpenter-0"), {"gracePeriodSeconds": 0})
    wait_for(lambda: kube.get("v1", "Pod", "karpenter-0", "karpenter") is None, 60, "the controller's pod gone")
    status, out, err = run(repo, "status", "--kubeconfig", reader)
    assert status == 1, out + err
    assert "Karpenter controller (`karpenter`): no controller pod running (stopped, or scaled to 0?)" in out
    assert "the Karpenter controller" in err and "Done (1 customer): `alpha`" in out
