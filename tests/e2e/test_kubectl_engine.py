"""gitops.engine kubectl for real: a cluster file with the engine (built here, never in clusters/), synthesized by
`python main.py synth` with the reference data, then the runbook of docs/gitops.md as `init --gitops kubectl` writes it
into the team's Makefile (`make apply`): `kubectl apply --server-side -k` of each stage folder in install order, with kubectl 1.33.13 (built from the same pinned module as the
API server) against the real kube-apiserver, waiting for the CRDs to be established before the node pools. Asserted:
every object of every stage folder is on the server (the karpenter-crd chart's CRDs, the karpenter chart's
Deployment and RBAC as Helm renders them, the NodePool and EC2NodeClass), and a second run of the runbook changes
nothing (every object's resourceVersion and generation are the same)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

from e2e.kube import Kube
from e2e.manifests import ROOT
from karpenter_tenants.reference.shared import SHARED_ENV, shared_dir
from karpenter_tenants.scaffold import RepositoryFacts, makefile

KEY = "acme"
CLUSTER = {
    "cluster": {"name": "acme", "accountId": "001234567890", "region": "ca-central-1", "kubernetesVersion": "1.33"},
    "gitops": {"engine": "kubectl"},
    "karpenter": {"version": "1.14.1"},
    "tenants": [
        {
            "name": "alpha",
            "namespaces": ["alpha"],
            "nodeRole": "node-alpha",
            "ami": {"alias": "al2023@v20261101"},
            "requirements": {"instanceCategories": ["c", "m"], "capacityTypes": ["spot", "on-demand"]},
            "limits": {"cpu": "100", "memory": "400Gi"},
        },
        {"name": "beta", "nodeRole": "node-beta", "ami": {"alias": "al2023@v20261101"}},
    ],
}
# The install order of the stage folders for this file (kinds.gitops.stages; the unit tests hold it to the stages).
STAGES = ("base", "karpenter-crd", "karpenter", "tenants/alpha", "tenants/beta")
KARPENTER_CRDS = ("nodepools.karpenter.sh", "nodeclaims.karpenter.sh", "ec2nodeclasses.karpenter.k8s.aws")


@dataclass
class Applied:
    kube: Kube
    dist: Path
    runs: list[list[str]]  # each run of the runbook: kubectl's output per command
    run: Any  # runs the runbook once more


def _objects(folder: Path) -> list[dict[str, Any]]:
    found = []
    for path in sorted(folder.glob("*.yaml")):
        if path.name != "kustomization.yaml":
            found += [d for d in yaml.safe_load_all(path.read_text()) if isinstance(d, dict)]
    return found


@pytest.fixture(scope="module")
def applied(
    control_planes, kube_binaries: dict[str, Path], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Applied]:
    plane, kube = control_planes("kubectl-engine")
    work = tmp_path_factory.mktemp("kubectl-engine")
    (work / "clusters").mkdir()
    (work / "clusters" / f"{KEY}.yaml").write_text(yaml.safe_dump(CLUSTER, sort_keys=False))
    env = {**os.environ, SHARED_ENV: str(shared_dir())}
    synth = subprocess.run(
        [sys.executable, "-O", str(ROOT / "main.py"), "synth", "--jobs", "1"],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert synth.returncode == 0, synth.stderr
    dist = work / "dist" / KEY
    kubectl = [str(kube_binaries["kubectl"]), "--kubeconfig", str(plane.kubeconfig)]

    # The runbook as a team runs it: the `apply` target of the Makefile `init --gitops kubectl` writes.
    facts = RepositoryFacts(
        name=KEY,
        account_id=None,
        region=None,
        kubernetes_version=None,
        karpenter_version="1.14.1",
        identity="podIdentity",
        engine="kubectl",
        repo_url=None,
        module_source="unused",
        package="unused",
    )
    (work / "Makefile").write_text(makefile(facts))

    def run() -> list[str]:
        command = ["make", "--no-print-directory", "apply", f"KUBECTL={' '.join(kubectl)}"]
        done = subprocess.run(command, cwd=work, capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, f"{' '.join(command)}: {done.stdout}{done.stderr}"
        objects = sum(len(_objects(dist / folder)) for folder in STAGES)
        said = [line for line in done.stdout.splitlines() if line.endswith(" serverside-applied")]
        assert len(said) == objects, done.stdout  # kubectl names each object it applied: every stage's, once
        return done.stdout.splitlines()

    result = Applied(kube, dist, [run()], run)
    yield result


def test_the_stage_folders_are_exactly_the_install_order(applied: Applied) -> None:
    folders = {str(p.parent.relative_to(applied.dist)) for p in applied.dist.rglob("kustomization.yaml")}
    assert folders == set(STAGES)
    assert not (applied.dist / "flux").exists() and not (applied.dist / "argocd").exists()


def test_every_object_of_every_stage_is_on_the_server(applied: Applied) -> None:
    kube = applied.kube
    for folder in STAGES:
        for obj in _objects(applied.dist / folder):
            meta = obj["metadata"]
            live = kube.get(obj["apiVersion"], obj["kind"], meta["name"], meta.get("namespace"))
            assert live is not None, f"{folder}: {obj['kind']} {meta.get('namespace', '')}/{meta['name']} missing"


def test_the_crds_the_controller_and_the_node_pools_exist(applied: Applied) -> None:
    kube = applied.kube
    for name in KARPENTER_CRDS:
        crd = kube.get("apiextensions.k8s.io/v1", "CustomResourceDefinition", name)
        assert crd is not None and any(
            c["type"] == "Established" and c["status"] == "True" for c in crd["status"]["conditions"]
        )
    deployment = kube.get("apps/v1", "Deployment", "karpenter", "karpenter")
    assert deployment is not None
    [container] = deployment["spec"]["template"]["spec"]["containers"]
    assert container["image"].startswith("public.ecr.aws/karpenter/controller:1.14.1")
    assert deployment["spec"]["template"]["spec"]["serviceAccountName"] == "karpenter"
    assert kube.get("v1", "ServiceAccount", "karpenter", "karpenter") is not None  # base/, not the chart's
    for tenant in ("alpha", "beta"):
        pool = kube.get("karpenter.sh/v1", "NodePool", tenant)
        node_class = kube.get("karpenter.k8s.aws/v1", "EC2NodeClass", tenant)
        assert pool is not None and node_class is not None
        assert pool["spec"]["template"]["spec"]["nodeClassRef"]["name"] == tenant
        assert node_class["spec"]["role"] == f"node-{tenant}"


def test_running_the_runbook_again_changes_nothing(applied: Applied) -> None:
    kube = applied.kube

    def versions() -> dict[tuple[str, str, str], tuple[str, Any]]:
        found = {}
        for folder in STAGES:
            for obj in _objects(applied.dist / folder):
                meta = obj["metadata"]
                live = kube.get(obj["apiVersion"], obj["kind"], meta["name"], meta.get("namespace"))
                assert live is not None
                found[(obj["kind"], meta.get("namespace", ""), meta["name"])] = (
                    live["metadata"]["resourceVersion"],
                    live["metadata"].get("generation"),
                )
        return found

    before = versions()
    applied.runs.append(applied.run())
    assert versions() == before
