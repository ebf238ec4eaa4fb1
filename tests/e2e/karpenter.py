"""Karpenter on the suite's control plane: kube-scheduler (marks pods unschedulable, binds them to the nodes
Karpenter makes; as system:kube-scheduler), kube-controller-manager (Deployments, ReplicaSets, service accounts),
Karpenter's kwok cloud provider (the core controllers of sigs.k8s.io/karpenter; it creates the Node objects itself)
and the kwok node controller (makes those Nodes Ready and their pods Running). All on 127.0.0.1 with the admin
kubeconfig but the scheduler, each in its own process group, stopped by whoever started them."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Any

from e2e.build import GO_ENV, KARPENTER, go_binary
from e2e.controlplane import ControlPlane
from e2e.kube import Kube
from e2e.processes import Process, free_port

KWOK_NODE_CLASS = {"group": "karpenter.kwok.sh", "kind": "KWOKNodeClass"}


def karpenter_module_dir() -> Path:
    """Where the Go module cache holds sigs.k8s.io/karpenter at the pinned version (the build downloaded it)."""
    go = go_binary("the kwok provider")
    result = subprocess.run(
        [go, "list", "-m", "-f", "{{.Dir}}", "sigs.k8s.io/karpenter"],
        cwd=KARPENTER.directory,
        capture_output=True,
        text=True,
        env={**os.environ, "GOFLAGS": "-mod=readonly"},
    )
    if result.returncode != 0 or not result.stdout.strip():
        raise RuntimeError(f"go list -m sigs.k8s.io/karpenter failed (${GO_ENV} or PATH's go):\n{result.stderr}")
    return Path(result.stdout.strip())


def kwok_provider_crds() -> list[Path]:
    """The CRDs the kwok provider runs with: NodePool, NodeClaim, NodeOverlay and CapacityBuffer of its chart
    (kwok/charts/crds) and its KWOKNodeClass (kwok/apis/crds), from the pinned module."""
    root = karpenter_module_dir() / "kwok"
    return [*sorted((root / "charts/crds").glob("*.yaml")), *sorted((root / "apis/crds").glob("*.yaml"))]


def kwok_node_pool(node_pool: dict[str, Any]) -> dict[str, Any]:
    """The NodePool as synth wrote it, except spec.template.spec.nodeClassRef's group and kind: they name the
    KWOKNodeClass of the same name instead of the EC2NodeClass (the kwok provider resolves no other kind)."""
    rewritten = {**node_pool, "spec": {**node_pool["spec"], "template": {**node_pool["spec"]["template"]}}}
    template_spec = {**node_pool["spec"]["template"]["spec"]}
    template_spec["nodeClassRef"] = {**template_spec["nodeClassRef"], **KWOK_NODE_CLASS}
    rewritten["spec"]["template"]["spec"] = template_spec
    return rewritten


def chart_feature_gates(files: dict[str, str]) -> str:
    """FEATURE_GATES as the karpenter chart's Deployment sets it from the synthesized HelmRelease's values: every gate
    of the chart's values.yaml (../shared, the pinned release), the HelmRelease's settings.featureGates over them,
    `ReservedCapacity=true,...` (templates/deployment.yaml spells each gate with a capital first letter)."""
    import yaml

    from karpenter_tenants.reference.shared import shared_dir

    [release] = [
        obj
        for path, text in files.items()
        if path.endswith(".yaml") and "kind: HelmRelease" in text
        for obj in [yaml.safe_load(text)]
        if obj["metadata"]["name"] == "karpenter"
    ]
    chart = yaml.safe_load(
        (
            shared_dir() / f"karpenter/v{KARPENTER.version_of('sigs.k8s.io/karpenter').lstrip('v')}"
            "/karpenter/values.yaml"
        ).read_text()
    )
    gates = {**chart["settings"]["featureGates"], **release["spec"]["values"]["settings"].get("featureGates", {})}
    return ",".join(f"{name[0].upper()}{name[1:]}={str(value).lower()}" for name, value in gates.items())


def kwok_node_class(name: str) -> dict[str, Any]:
    return {"apiVersion": "karpenter.kwok.sh/v1alpha1", "kind": "KWOKNodeClass", "metadata": {"name": name}}


def mark_node_class_ready(kube: Kube, name: str) -> None:
    """KWOKNodeClass has no controller of its own; its Ready condition is what the EC2NodeClass controller would
    report for a resolved node class (Karpenter launches nothing for a NodePool whose class is not Ready)."""
    path = kube.path("karpenter.kwok.sh/v1alpha1", "KWOKNodeClass", name=name) + "/status"
    condition = {
        "type": "Ready",
        "status": "True",
        "reason": "Ready",
        "message": "",
        "lastTransitionTime": "2026-01-01T00:00:00Z",
        "observedGeneration": 1,
    }
    kube.request("PATCH", path, {"status": {"conditions": [condition]}}, "application/merge-patch+json")


# kube-controller-manager's controllers the test needs: Deployments' ReplicaSets and their pods, and each
# namespace's default service account (which the ServiceAccount admission plugin wants before a pod is admitted).
CONTROLLERS = ("deployment", "replicaset", "serviceaccount")


class KarpenterStack:
    """kube-scheduler, kube-controller-manager, the kwok node controller and Karpenter's kwok provider on a started
    control plane."""

    def __init__(
        self,
        plane: ControlPlane,
        kube_binaries: dict[str, Path],
        karpenter: Path,
        kwok: Path,
        instance_types: Path,
        folder: Path,
        feature_gates: str = "",
        controllers: tuple[str, ...] = CONTROLLERS,
    ) -> None:
        self.plane, self.folder, self.feature_gates, self.controllers = plane, folder, feature_gates, controllers
        self.kube_binaries, self.karpenter, self.kwok, self.instance_types = (
            kube_binaries,
            karpenter,
            kwok,
            instance_types,
        )
        self.processes: list[Process] = []

    def start(self, kube: Kube) -> None:
        kubeconfig = str(self.plane.kubeconfig)
        # The scheduler as the user a real one is (kubeadm's certificate): the isolation policies let only
        # system:kube-scheduler bind pods in tenant namespaces, and its bootstrap RBAC roles are what it may do.
        own = str(self.plane.user_kubeconfig("kube-scheduler", "system:kube-scheduler"))
        scheduler = Process(
            "kube-scheduler",
            [
                str(self.kube_binaries["kube-scheduler"]),
                f"--kubeconfig={own}",
                f"--authentication-kubeconfig={own}",
                f"--authorization-kubeconfig={own}",
                "--bind-address=127.0.0.1",
                f"--secure-port={free_port()}",
                "--leader-elect=false",
                "-v=1",
            ],
            self.folder / "kube-scheduler.log",
        )
        self.processes.append(scheduler)
        self.processes.append(
            Process(
                "kube-controller-manager",
                [
                    str(self.kube_binaries["kube-controller-manager"]),
                    f"--kubeconfig={kubeconfig}",
                    f"--authentication-kubeconfig={kubeconfig}",
                    f"--authorization-kubeconfig={kubeconfig}",
                    "--bind-address=127.0.0.1",
                    f"--secure-port={free_port()}",
                    "--leader-elect=false",
                    f"--controllers={','.join(self.controllers)}",
                    "-v=1",
                ],
                self.folder / "kube-controller-manager.log",
            )
        )
        # Manages only the Nodes the kwok provider annotates kwok.x-k8s.io/node=fake (and their pods).
        home = self.folder / "kwok-home"
        home.mkdir(exist_ok=True)
        kwok = Process(
            "kwok",
            [
                str(self.kwok),
                f"--kubeconfig={kubeconfig}",
                "--manage-nodes-with-annotation-selector=kwok.x-k8s.io/node=fake",
                f"--server-address=127.0.0.1:{free_port()}",
                "--node-ip=127.0.0.1",
                "--cidr=10.0.0.1/16",
            ],
            self.folder / "kwok.log",
            env={"HOME": str(home)},
        )
        self.processes.append(kwok)
        karpenter = Process(
            "karpenter",
            [str(self.karpenter)],
            self.folder / "karpenter.log",
            env={
                "KUBECONFIG": kubeconfig,
                "INSTANCE_TYPES_FILE_PATH": str(self.instance_types),
                "DISABLE_LEADER_ELECTION": "true",
                "METRICS_PORT": str(free_port()),
                "HEALTH_PROBE_PORT": str(free_port()),
                "LOG_LEVEL": "info",
                "BATCH_IDLE_DURATION": "1s",
                "BATCH_MAX_DURATION": "3s",
                "SYSTEM_NAMESPACE": "kube-system",
                "KARPENTER_SERVICE": "karpenter",
                **({"FEATURE_GATES": self.feature_gates} if self.feature_gates else {}),
            },
        )
        self.processes.append(karpenter)
        scheduler.wait_until(
            lambda: (
                "Starting Kubernetes Scheduler" in scheduler.log.read_text(errors="replace")
                or "leaderelection" in scheduler.log.read_text(errors="replace")
                or "Successfully" in scheduler.log.read_text(errors="replace")
            ),
            60,
            "scheduler started",
        )
        karpenter.wait_until(
            lambda: "Starting workers" in karpenter.log.read_text(errors="replace"),
            120,
            "Karpenter's controllers started",
        )

    def logs(self) -> str:
        return "\n".join(f"--- {p.name} ---\n{p.tail(30)}" for p in self.processes)

    def stop(self) -> None:
        for process in reversed(self.processes):
            process.stop()
        self.processes.clear()
