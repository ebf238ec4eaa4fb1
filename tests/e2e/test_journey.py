"""A team's whole move from cluster-autoscaler node groups to Karpenter (docs/cluster-autoscaler.md), one pull request
at a time, on the real control plane: kube-apiserver, kube-scheduler, kube-controller-manager, Flux's source-,
kustomize- and helm-controller under the multi-tenancy lockdown, Karpenter's kwok provider and kwok.

The brownfield start: the karpenter chart installed by hand with hand-set values (Helm's SDK inside helm-controller,
from a HelmRelease the test writes, suspended and deleted afterwards: helm-controller then leaves the release
installed, as `helm install` would have), three customers' managed node groups as nodes labelled and tainted
`tenant=<customer>` (kwok runs them), each customer's Deployment running there, a node agent DaemonSet on every node.
Then the move, each commit pushed to the test's Git server and reconciled by Flux: adopt; the first tenant; the second
tenant; a node group removed from `clusterAutoscaler.nodeGroups`; a customer offboarded.

At every step: no customer's pod is refused or left Pending (each customer's Deployment rolls out again, and every
customer still on a node group gets a new pod, admitted and Running on its group); a pod of one customer cannot be
placed on another's nodes when either is an onboarded tenant (the policy refuses it; every running pod is on its own
customer's nodes); what `python main.py plan --base PREV` said of the commit is what the API server, Flux and
Karpenter did (each object it adds or changes is on the server as the commit has it, each one it removes is gone,
nothing else re-created; no node replaced or drifted unless it said so; the nodes of a node pool it removes are
gone); the pull-request workflow's own scripts give the gate status expected of the commit; the Helm release's
values after Flux takes over are what Flux installs (and, once `adopt` compares the live release, what it said)."""

from __future__ import annotations

import base64
import gzip
import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import yaml
from test_workflow_gate import LABEL, Job, repository_copy, run_job

from e2e.build import HELM, KARPENTER, KWOK, Phases, build
from e2e.catalogue import instance_types_file
from e2e.flux import (
    FLUX_NAMESPACE,
    ScratchRepository,
    controller_crds,
    expected_appliers,
    git,
    git_repository,
    kustomization_objects,
    kustomizations,
    request_reconcile,
    start_controllers,
    wait_until_applied,
)
from e2e.gitserver import GitServer
from e2e.helm import merged, patch_for_local_registry, push_chart, start_helm_controller, start_registry
from e2e.karpenter import (
    CONTROLLERS,
    KarpenterStack,
    kwok_node_class,
    kwok_node_pool,
    kwok_provider_crds,
    mark_node_class_ready,
)
from e2e.kube import ApiError, Kube, condition, wait_for
from e2e.manifests import ROOT, load_yaml_documents, namespace
from e2e.processes import Process
from e2e.test_adopt import write_kubeconfig
from karpenter_tenants.reference.shared import SHARED_ENV, shared_dir

KEY = "journey"
CONTEXT = "e2e"
CUSTOMERS = ("alpha", "beta", "gamma")
VERSION = "1.14.1"
AMI = {"alias": "al2023@v20261101"}
NODE_GROUP_LABEL = "eks.amazonaws.com/nodegroup"
NODE_AGENTS = "amazon-cloudwatch"  # an exempt namespace by default (tenancy.exemptNamespaces)
HELMRELEASE = ("helm.toolkit.fluxcd.io/v2", "HelmRelease")
NODECLAIM = ("karpenter.sh/v1", "NodeClaim")
TIMEOUT = 120
# What a platform team typed into `helm install karpenter` (Karpenter's getting-started guide, IRSA): not what the
# product generates (its controller affinity to the core group, Pod Identity, the service account its own).
HAND_SET_VALUES: dict[str, Any] = {
    "settings": {"clusterName": KEY, "interruptionQueue": f"karpenter-{KEY}"},
    "serviceAccount": {
        "annotations": {"eks.amazonaws.com/role-arn": f"arn:aws:iam::001234567890:role/karpenter-controller-{KEY}"}
    },
    "controller": {
        "resources": {"requests": {"cpu": "500m", "memory": "512Mi"}, "limits": {"cpu": "500m", "memory": "512Mi"}}
    },
    "replicas": 2,
}
# The managed node groups: core (kube-system and the Karpenter controller, never moved) and one per customer.
GROUPS = {"core": 3, **{f"{c}-workers": 2 for c in CUSTOMERS}}
ZONES = ("us-east-1a", "us-east-1b", "us-east-1c")


def tenant(name: str) -> dict[str, Any]:
    """A customer as a tenant (what `import-nodegroups` writes, trimmed): its namespace, node role, AMI, c/m on-demand;
    consolidation only of empty nodes after an hour, so that no node the test watches is consolidated meanwhile."""
    return {
        "name": name,
        "namespaces": [name],
        "nodeRole": f"node-{name}",
        "ami": AMI,
        "requirements": {"instanceCategories": ["c", "m"], "capacityTypes": ["on-demand"]},
        "disruption": {"consolidationPolicy": "WhenEmpty", "consolidateAfter": "1h"},
    }


def cluster_file(groups: list[dict[str, Any]], tenants: list[str]) -> dict[str, Any]:
    return {
        "cluster": {"name": KEY, "accountId": "001234567890", "region": "us-east-1", "kubernetesVersion": "1.33"},
        "gitops": {"flux": {"serviceAccountName": "flux-applier"}},
        "karpenter": {
            "version": VERSION,
            "namespace": "karpenter",
            "serviceAccount": "karpenter",
            "controllerRole": {"name": f"karpenter-controller-{KEY}"},
            "interruptionQueue": f"karpenter-{KEY}",
            "controller": {"nodeGroup": "core", "replicas": 2},
        },
        "clusterAutoscaler": {"running": True, "nodeGroups": groups},
        "tenants": [tenant(name) for name in tenants],
    }


def group(customer: str, ignored: bool = False) -> dict[str, Any]:
    return {"name": f"{customer}-workers", "tenant": customer, **({"ignored": True} if ignored else {})}


@dataclass(frozen=True)
class Step:
    """One pull request of the move: its cluster file, the tenants after it, the customers still on node groups, and
    what the workflow's gate must say."""

    name: str
    config: dict[str, Any]
    tenants: tuple[str, ...]
    on_groups: tuple[str, ...]  # customers whose pods still run on their node group
    gate: str  # the workflow's verify status without the label
    destructive: bool = False


STEPS = (
    Step("adopt", cluster_file([group(c) for c in CUSTOMERS], []), (), CUSTOMERS, "0"),
    Step(
        "first tenant",
        cluster_file([group("alpha", True), group("beta"), group("gamma")], ["alpha"]),
        ("alpha",),
        CUSTOMERS,
        "0",
    ),  # alpha's pods still on its group: it is drained after this step's checks
    Step(
        "second tenant",
        cluster_file([group("alpha", True), group("beta", True), group("gamma")], ["alpha", "beta"]),
        ("alpha", "beta"),
        ("beta", "gamma"),
        "0",
    ),
    Step(
        "node group removed",
        cluster_file([group("beta", True), group("gamma")], ["alpha", "beta"]),
        ("alpha", "beta"),
        ("beta", "gamma"),
        "0",
    ),
    Step(
        "customer offboarded",
        cluster_file([group("beta", True), group("gamma")], ["beta"]),
        ("beta",),
        ("beta", "gamma"),
        "3",
        destructive=True,
    ),
)


def not_yet_moved(step: Step) -> set[str]:
    """The customers of clusterAutoscaler.nodeGroups that are no tenant yet: the isolation policy lets namespaces of no
    tenant tolerate their taints (docs/cluster-autoscaler.md)."""
    return {g["tenant"] for g in step.config["clusterAutoscaler"]["nodeGroups"]} - set(step.tenants)


# --- the product's side: the repository, its commits, plan and the workflow ---------------------------------------


def run_product(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, SHARED_ENV: str(shared_dir())}
    return subprocess.run([sys.executable, *args], cwd=cwd, capture_output=True, text=True, env=env, timeout=600)


@dataclass
class Review:
    """What the product said of a commit: `plan --base PREV --fail-on destructive` and the workflow's job."""

    plan: str
    plan_status: int
    job: Job
    labelled: Job | None  # the job again with the label, for a destructive commit

    def lines(self) -> list[tuple[str, str, str, str]]:
        """(effect, kind, name, action) of each object line of the plan."""
        return re.findall(
            r"^- \*\*(destructive|drift|in place)\*\* ([^/\s]+)/(\S+) (added|removed|changed)\b", self.plan, re.M
        )

    def counts(self) -> tuple[int, int, int]:
        found = re.search(r"^(\d+) destructive, (\d+) drift, (\d+) in place\.", self.plan, re.M)
        if not found:
            assert not self.lines(), f"plan printed no counts:\n{self.plan}"
            return 0, 0, 0
        return int(found.group(1)), int(found.group(2)), int(found.group(3))

    def not_yet_moved(self) -> set[str]:
        """The customers plan says the isolation policy admits from namespaces of no tenant (its Moving section)."""
        found = re.search(r"still on node groups \(([^)]*)\) are admitted", self.plan)
        return {name.strip() for name in found.group(1).split(",")} if found else set()


class Product:
    """The user's repository: a copy of this one (tools linked, as test_workflow_gate makes it) whose main branch gets
    one commit per step, synthesized by the product; plan and the workflow run on it in a worker thread while the
    cluster moves, each commit against the one before."""

    def __init__(self, folder: Path, tmp: Path) -> None:
        self.repo = repository_copy(folder)
        self.tmp = tmp
        git(self.repo, "init", "-q", "-b", "main")
        git(self.repo, "add", "-A", ".")
        git(self.repo, "commit", "-qm", "the product, no cluster yet")
        self.commits = [git(self.repo, "rev-parse", "HEAD")]
        self.files: list[dict[str, str]] = []  # per step: clusters/<key>.yaml and dist/<key>/** as synth wrote them
        self.worker = ThreadPoolExecutor(1, thread_name_prefix="journey-product")
        self.prepared: list[Future[dict[str, str]]] = [self.worker.submit(self._commit, s) for s in STEPS]
        self.reviews: list[Future[Review]] = [self.worker.submit(self._review, i) for i in range(len(STEPS))]

    def _commit(self, step: Step) -> dict[str, str]:
        path = self.repo / "clusters" / f"{KEY}.yaml"
        path.parent.mkdir(exist_ok=True)
        path.write_text(yaml.safe_dump(step.config, sort_keys=False))
        synth = run_product("-O", str(ROOT / "main.py"), cwd=self.repo)
        assert synth.returncode == 0, f"synth of step {step.name!r} failed:\n{synth.stdout}{synth.stderr}"
        git(self.repo, "add", "-A", "clusters", "dist")
        git(self.repo, "commit", "-qm", f"journey: {step.name}")
        self.commits.append(git(self.repo, "rev-parse", "HEAD"))
        dist = self.repo / "dist" / KEY
        files = {str(p.relative_to(self.repo)): p.read_text() for p in sorted(dist.rglob("*")) if p.is_file()}
        return {str(path.relative_to(self.repo)): path.read_text(), **files}

    def _review(self, index: int) -> Review:
        step, base, head = STEPS[index], self.commits[index], self.commits[index + 1]
        git(self.repo, "checkout", "-q", "-f", head)
        git(self.repo, "update-ref", "refs/remotes/origin/main", base)  # the pull request's base branch
        planned = run_product(str(ROOT / "main.py"), "plan", "--base", base, "--fail-on", "destructive", cwd=self.repo)
        assert planned.returncode in (0, 3), f"plan of {step.name!r} failed:\n{planned.stdout}{planned.stderr}"
        job = run_job(self.repo, [], self.tmp / f"job-{index}")
        labelled = run_job(self.repo, [LABEL], self.tmp / f"job-{index}-labelled") if step.destructive else None
        return Review(planned.stdout, planned.returncode, job, labelled)

    def stop(self) -> None:
        self.worker.shutdown(cancel_futures=True)


# --- the cluster: nodes, workloads, the brownfield install ---------------------------------------------------------


def node(name: str, node_group: str, zone: str, customer: str | None) -> dict[str, Any]:
    """A managed node group's node as EKS labels it (and the team tainted it), run by kwok."""
    labels = {
        NODE_GROUP_LABEL: node_group,
        "kubernetes.io/hostname": name,
        "kubernetes.io/os": "linux",
        "kubernetes.io/arch": "amd64",
        "topology.kubernetes.io/zone": zone,
        "node.kubernetes.io/instance-type": "m7i.xlarge",
        "karpenter.sh/capacity-type": "on-demand",
    }
    spec: dict[str, Any] = {}
    if customer:
        labels["tenant"] = customer
        spec["taints"] = [{"key": "tenant", "value": customer, "effect": "NoSchedule"}]
    resources = {"cpu": "4", "memory": "16Gi", "pods": "110", "ephemeral-storage": "80Gi"}
    return {
        "apiVersion": "v1",
        "kind": "Node",
        "metadata": {"name": name, "labels": labels, "annotations": {"kwok.x-k8s.io/node": "fake"}},
        "spec": spec,
        "status": {"allocatable": resources, "capacity": resources},
    }


def customer_pod_spec(customer: str, selects: str | None = None, tolerates: str | None = None) -> dict[str, Any]:
    """A customer's pod as the runbook wants it before its tenant comes: it selects `tenant: <customer>` (the group's
    nodes carry it, and so will the pool's) and tolerates its own group's taint."""
    selects, tolerates = selects or customer, tolerates or customer
    return {
        "nodeSelector": {"tenant": selects},
        "tolerations": [{"key": "tenant", "operator": "Equal", "value": tolerates, "effect": "NoSchedule"}],
        "containers": [
            {
                "name": "app",
                "image": "registry.invalid/app:1",
                "resources": {"requests": {"cpu": "250m", "memory": "256Mi"}},
            }
        ],
        "terminationGracePeriodSeconds": 0,
    }


def customer_pod(name: str, customer: str, selects: str | None = None, tolerates: str | None = None) -> dict[str, Any]:
    return {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": {"name": name, "namespace": customer},
        "spec": customer_pod_spec(customer, selects, tolerates),
    }


def customer_deployment(customer: str) -> dict[str, Any]:
    labels = {"app": "app"}
    return {
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "metadata": {"name": "app", "namespace": customer},
        "spec": {
            "replicas": 2,
            "selector": {"matchLabels": labels},
            "template": {
                "metadata": {"labels": labels, "annotations": {"journey/step": "brownfield"}},
                "spec": customer_pod_spec(customer),
            },
        },
    }


NODE_AGENT = {
    "apiVersion": "apps/v1",
    "kind": "DaemonSet",
    "metadata": {"name": "node-agent", "namespace": NODE_AGENTS},
    "spec": {
        "selector": {"matchLabels": {"app": "node-agent"}},
        "template": {
            "metadata": {"labels": {"app": "node-agent"}},
            "spec": {
                "tolerations": [{"operator": "Exists"}],
                "containers": [
                    {
                        "name": "agent",
                        "image": "registry.invalid/agent:1",
                        "resources": {"requests": {"cpu": "10m", "memory": "32Mi"}},
                    }
                ],
                "terminationGracePeriodSeconds": 0,
            },
        },
    },
}


def helm_release_record(kube: Kube, name: str, namespace_: str) -> dict[str, Any]:
    """The latest revision of a Helm release as Helm's Secret storage holds it (base64 of gzipped JSON, in the
    Secret's base64)."""
    secrets = [
        s
        for s in kube.list("v1", "Secret", namespace_)
        if s.get("type") == "helm.sh/release.v1" and (s["metadata"].get("labels") or {}).get("name") == name
    ]
    assert secrets, f"no Helm release {name} in {namespace_}"
    latest = max(secrets, key=lambda s: int(s["metadata"]["labels"]["version"]))
    payload = base64.b64decode(base64.b64decode(latest["data"]["release"]))
    return dict(json.loads(gzip.decompress(payload)))


def helm_get_values_all(record: dict[str, Any]) -> dict[str, Any]:
    """`helm get values RELEASE -o json --all`: the user-supplied values coalesced over the chart's."""
    return dict(merged(record["chart"].get("values") or {}, record.get("config") or {}))


def helm_list(record: dict[str, Any]) -> list[dict[str, Any]]:
    """`helm list -o json` for that one release."""
    chart = record["chart"]["metadata"]
    return [
        {
            "name": record["name"],
            "namespace": record["namespace"],
            "revision": str(record["version"]),
            "updated": record["info"].get("last_deployed", ""),
            "status": record["info"]["status"],
            "chart": f"{chart['name']}-{chart['version']}",
            "app_version": chart.get("appVersion", ""),
        }
    ]


# --- the journey's state -------------------------------------------------------------------------------------------


@dataclass
class Journey:
    kube: Kube
    plane: Any
    stack: KarpenterStack
    processes: list[Process]
    product: Product
    flux: ScratchRepository
    registry: str
    folder: Path
    phases: Phases
    script_env: dict[str, str]
    served: list[list[dict[str, Any]]] = field(default_factory=list)  # per pushed step: the objects Flux applies
    done: list[str] = field(default_factory=list)  # steps that passed
    brownfield_release: dict[str, Any] = field(default_factory=dict)

    def wait(self, check: Callable[[], Any], what: str, timeout: float = TIMEOUT) -> Any:
        try:
            return wait_for(check, timeout, what, interval=0.5)
        except TimeoutError as error:
            raise TimeoutError(f"{error}\n{self.state()}\n{self.stack.logs()}") from None

    def state(self) -> str:
        lines = []
        for ns in [*CUSTOMERS, NODE_AGENTS, "karpenter"]:
            for p in self.kube.list("v1", "Pod", ns):
                waiting = [
                    c.get("message", "")
                    for c in (p.get("status") or {}).get("conditions") or []
                    if c["type"] == "PodScheduled" and c["status"] != "True"
                ]
                lines.append(
                    f"pod {ns}/{p['metadata']['name']} node={p['spec'].get('nodeName')} "
                    f"phase={(p.get('status') or {}).get('phase')} {waiting}"
                )
            for rs in self.kube.list("apps/v1", "ReplicaSet", ns):
                failures = [c.get("message") for c in (rs.get("status") or {}).get("conditions") or []]
                if failures:
                    lines.append(f"replicaset {ns}/{rs['metadata']['name']}: {failures}")
        for n in self.kube.list("v1", "Node"):
            labels = n["metadata"].get("labels") or {}
            lines.append(
                f"node {n['metadata']['name']} tenant={labels.get('tenant')} "
                f"group={labels.get(NODE_GROUP_LABEL)} pool={labels.get('karpenter.sh/nodepool')}"
            )
        return "\n".join(lines)

    def nodes(self) -> dict[str, dict[str, Any]]:
        return {n["metadata"]["name"]: n for n in self.kube.list("v1", "Node")}

    def node_claims(self) -> dict[str, dict[str, Any]]:
        return {c["metadata"]["name"]: c for c in self.kube.list(*NODECLAIM)}

    def running(self, ns: str) -> list[dict[str, Any]]:
        return [
            p
            for p in self.kube.list("v1", "Pod", ns)
            if not p["metadata"].get("deletionTimestamp") and (p.get("status") or {}).get("phase") == "Running"
        ]


def serve(journey: Journey, index: int) -> str:
    """Step `index`'s commit as Flux reads it: the product's files with the stand-ins for what does not run here
    (the chart registry on loopback, the kwok provider's node class), committed and pushed to the Git server."""
    files = journey.product.prepared[index].result()
    work = journey.flux.work
    shutil.rmtree(work / "dist" / KEY, ignore_errors=True)
    for path, text in files.items():
        (work / path).parent.mkdir(parents=True, exist_ok=True)
        (work / path).write_text(text)
    dist = work / "dist" / KEY
    patched = patch_for_local_registry(dist, journey.registry, {"karpenter"})
    for path in sorted(dist.rglob("nodepool-*.yaml")):
        [pool] = load_yaml_documents(path)
        path.write_text(yaml.safe_dump(kwok_node_pool(pool), sort_keys=False))
        patched.append(f"{path.relative_to(work)}: NodePool {pool['metadata']['name']}: nodeClassRef -> KWOKNodeClass")
    if index == 0:
        journey.phases.note(
            "journey: patched in the commits Flux reads (chart registry on loopback, no kubelet, "
            "the kwok provider's node class):\n  " + "\n  ".join(patched)
        )
    journey.served.append(
        [o for p in sorted(dist.rglob("*.yaml")) if p.name != "kustomization.yaml" for o in load_yaml_documents(p)]
    )
    return journey.flux.commit_and_push(f"journey: {STEPS[index].name}")


@pytest.fixture(scope="module")
def journey(
    control_planes: Any,
    kube_binaries: dict[str, Path],
    flux_binaries: dict[str, Path],
    helm_binaries: dict[str, Path],
    phases: Phases,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Journey]:
    folder = tmp_path_factory.mktemp("journey")
    product = Product(folder / "product", folder / "jobs")
    karpenter = build(KARPENTER, phases)["kwok"]
    kwok = build(KWOK, phases)["kwok"]
    processes: list[Process] = []
    server = stack = None
    try:
        registry, host = start_registry(helm_binaries["registry"], folder)
        processes.append(registry)
        for chart in ("karpenter", "karpenter-crd"):
            push_chart(host, f"karpenter/{chart}", shared_dir() / f"karpenter/v{VERSION}/{chart}")
        flux = ScratchRepository(folder / "flux")
        for name in ("clusters", "dist"):  # the user's repository: no example cluster
            shutil.rmtree(flux.work / name)
        flux.commit_and_push("the product, no cluster yet")
        server = GitServer(flux.served_root)
        instance_types_file(folder / "instance-types.json")
        plane, kube = control_planes("journey", ("--disable-admission-plugins=TaintNodesByCondition",))
        kube.apply_crds(
            controller_crds()
            + controller_crds(HELM, ("github.com/fluxcd/helm-controller",))
            + [
                d
                for path in kwok_provider_crds()
                for d in load_yaml_documents(path)
                if d.get("kind") == "CustomResourceDefinition" and d["spec"]["group"] == "karpenter.kwok.sh"
            ]
        )
        for name in (FLUX_NAMESPACE, "karpenter", NODE_AGENTS, *CUSTOMERS):
            kube.apply(namespace(name))
        processes += start_controllers(flux_binaries, plane, folder)
        processes.append(start_helm_controller(helm_binaries["helm-controller"], plane, folder))
        with phases("journey: the chart installed by hand (hand-set values)"):
            install_by_hand(kube, host, processes)
        stack = KarpenterStack(
            plane,
            kube_binaries,
            karpenter,
            kwok,
            folder / "instance-types.json",
            folder,
            controllers=(*CONTROLLERS, "daemonset", "garbagecollector"),
        )
        kubectl = kube_binaries["kubectl"]
        env = {
            **os.environ,
            "KUBECONFIG": str(write_kubeconfig(plane, folder / "kubeconfig")),
            "PATH": f"{kubectl.parent}{os.pathsep}{os.environ.get('PATH', '')}",
            "HOME": str(folder),
        }
        state = Journey(kube, plane, stack, processes, product, flux, host, folder, phases, env)
        with phases("journey: Karpenter, scheduler, controller-manager, kwok up; node groups and workloads running"):
            stack.start(kube)
            for customer in CUSTOMERS:
                wait_for(
                    lambda c=customer: kube.get("v1", "ServiceAccount", "default", c),
                    60,
                    f"{customer}'s default account",
                )
            for group_name, count in GROUPS.items():
                customer = group_name.removesuffix("-workers") if group_name != "core" else None
                for i in range(count):
                    kube.apply(node(f"{group_name}-{i + 1}", group_name, ZONES[i % len(ZONES)], customer))
            kube.apply(NODE_AGENT)
            for customer in CUSTOMERS:
                kube.apply(customer_deployment(customer))
            for customer in CUSTOMERS:
                wait_rolled_out(state, customer, "brownfield")
            wait_node_agents(state)
        kube.apply(git_repository(server.url(flux.bare.name)))
        yield state
    finally:
        product.stop()
        if stack is not None:
            stack.stop()
        for process in reversed(processes):
            process.stop()
        if server is not None:
            server.stop()


def install_by_hand(kube: Kube, host: str, processes: list[Process]) -> None:
    """`helm install karpenter` with the team's values: Helm's SDK in helm-controller installs the chart (its crds/
    too) from a HelmRelease written here, as an administrator account; the HelmRelease is then suspended and deleted,
    which leaves the release installed (helm-controller skips the uninstall of a suspended HelmRelease)."""
    admin = {"apiVersion": "v1", "kind": "ServiceAccount", "metadata": {"name": "by-hand", "namespace": "karpenter"}}
    binding = {
        "apiVersion": "rbac.authorization.k8s.io/v1",
        "kind": "ClusterRoleBinding",
        "metadata": {"name": "by-hand"},
        "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole", "name": "cluster-admin"},
        "subjects": [{"kind": "ServiceAccount", "name": "by-hand", "namespace": "karpenter"}],
    }
    source = {
        "apiVersion": "source.toolkit.fluxcd.io/v1",
        "kind": "OCIRepository",
        "metadata": {"name": "by-hand", "namespace": "karpenter"},
        "spec": {
            "interval": "10m",
            "url": f"oci://{host}/karpenter/karpenter",
            "ref": {"tag": VERSION},
            "insecure": True,
        },
    }
    release = {
        "apiVersion": HELMRELEASE[0],
        "kind": HELMRELEASE[1],
        "metadata": {"name": "karpenter", "namespace": "karpenter"},
        "spec": {
            "interval": "10m",
            "releaseName": "karpenter",
            "serviceAccountName": "by-hand",
            "chartRef": {"kind": "OCIRepository", "name": "by-hand"},
            "install": {"crds": "Create", "disableWait": True},
            "values": HAND_SET_VALUES,
        },
    }
    for obj in (admin, binding, source, release):
        kube.apply(obj)

    def installed() -> bool:
        for process in processes:
            if process.popen.poll() is not None:
                raise RuntimeError(f"{process.name} exited:\n{process.tail()}")
        obj = kube.get(*HELMRELEASE, "karpenter", "karpenter")
        return condition(obj, "Ready") == "True"

    try:
        wait_for(installed, 180, "the hand-made HelmRelease installed", interval=1)
    except TimeoutError as error:
        obj = kube.get(*HELMRELEASE, "karpenter", "karpenter")
        raise TimeoutError(
            f"{error}: {(obj or {}).get('status')}\n" + "\n".join(p.tail(15) for p in processes)
        ) from None
    path = kube.object_path(release)
    kube.request("PATCH", path, {"spec": {"suspend": True}}, "application/merge-patch+json")
    kube.request("DELETE", path)
    wait_for(lambda: kube.get(*HELMRELEASE, "karpenter", "karpenter") is None, 60, "the hand-made HelmRelease deleted")
    for obj in (source, binding, admin):
        kube.request("DELETE", kube.object_path(obj))


def wait_rolled_out(journey: Journey, customer: str, step: str) -> None:
    """The customer's Deployment has its 2 pods of this step's template Running, none refused (a ReplicaSet that
    cannot create a pod says so in its ReplicaFailure condition)."""
    kube = journey.kube

    def done() -> bool:
        for rs in kube.list("apps/v1", "ReplicaSet", customer):
            for found in (rs.get("status") or {}).get("conditions") or []:
                if found["type"] == "ReplicaFailure" and found["status"] == "True":
                    raise AssertionError(f"{customer}'s pods refused at step {step!r}: {found.get('message')}")
        pods = [
            p for p in journey.running(customer) if (p["metadata"].get("annotations") or {}).get("journey/step") == step
        ]
        others = [
            p
            for p in kube.list("v1", "Pod", customer)
            if (p["metadata"].get("labels") or {}).get("app") == "app"
            and (p["metadata"].get("annotations") or {}).get("journey/step") != step
        ]
        return len(pods) == 2 and not others

    journey.wait(done, f"{customer}'s Deployment rolled out at step {step!r}")


def wait_node_agents(journey: Journey) -> None:
    """The node agent runs on every node (the DaemonSet controller's pods, admitted in an exempt namespace)."""

    def everywhere() -> bool:
        nodes = set(journey.nodes())
        on = {p["spec"].get("nodeName") for p in journey.running(NODE_AGENTS)}
        return nodes <= on

    journey.wait(everywhere, "a node agent Running on every node")


def roll(journey: Journey, customer: str, step: str) -> None:
    """A rollout of the customer's Deployment (its template annotated with the step): new pods, made by the ReplicaSet
    controller, through admission."""
    kube = journey.kube
    kube.request(
        "PATCH",
        kube.path("apps/v1", "Deployment", customer, "app"),
        {"spec": {"template": {"metadata": {"annotations": {"journey/step": step}}}}},
        "application/strategic-merge-patch+json",
    )


def delete(kube: Kube, path: str, body: Any = None) -> None:
    """DELETE, done when already gone (a controller or kwok may delete the pod first)."""
    try:
        kube.request("DELETE", path, body)
    except ApiError as error:
        if error.status != 404:
            raise


def cordon(kube: Kube, obj: dict[str, Any]) -> None:
    """`kubectl cordon`: spec.unschedulable, and the taint node.kubernetes.io/unschedulable:NoSchedule that the node
    lifecycle controller adds for it on a real cluster (not run here). Karpenter's scheduling simulation reads the
    taint, not the field: without it, Karpenter counts the cordoned nodes as room and launches nothing."""
    taints = [*(obj["spec"].get("taints") or []), {"key": "node.kubernetes.io/unschedulable", "effect": "NoSchedule"}]
    kube.request(
        "PATCH",
        kube.path("v1", "Node", name=obj["metadata"]["name"]),
        {"spec": {"unschedulable": True, "taints": taints}},
        "application/merge-patch+json",
    )


def admitted(kube: Kube, pod: dict[str, Any], dry_run: bool = False) -> str | None:
    """None when the API server admits the pod, else the policy's message."""
    try:
        kube.create(pod, dry_run=dry_run)
    except ApiError as error:
        if error.status == 403 and "ValidatingAdmissionPolicy" in error.message:
            return error.message
        raise
    return None


def enforced(journey: Journey, tenants: tuple[str, ...]) -> None:
    """Once a tenant lists namespaces the policy comes with it: wait until the API server enforces it (a pod in the
    tenant's namespace that selects no node is refused)."""
    probe = customer_pod("probe", tenants[0])
    probe["spec"].pop("nodeSelector")
    journey.wait(lambda: admitted(journey.kube, probe, dry_run=True) is not None, "the isolation policy enforced", 60)


def uids(kube: Kube, objects: list[dict[str, Any]]) -> dict[tuple[str, str, str | None], str]:
    found = {}
    for obj in objects:
        meta = obj["metadata"]
        served = kube.get(obj["apiVersion"], obj["kind"], meta["name"], meta.get("namespace"))
        if served is not None:
            found[(obj["kind"], meta["name"], meta.get("namespace"))] = served["metadata"]["uid"]
    return found


def contains(served: Any, wanted: Any, path: str = "") -> list[str]:
    """Where the server's object lacks what the commit has (maps: each key; lists: same length, item by item; the
    server may add defaults)."""
    if isinstance(wanted, dict):
        if not isinstance(served, dict):
            return [f"{path}: {served!r} is not a map"]
        return [m for key, value in wanted.items() for m in contains(served.get(key), value, f"{path}.{key}")]
    if isinstance(wanted, list):
        if not isinstance(served, list) or len(served) != len(wanted):
            return [f"{path}: {served!r} != {wanted!r}"]
        return [m for i, (s, w) in enumerate(zip(served, wanted, strict=True)) for m in contains(s, w, f"{path}[{i}]")]
    return [] if served == wanted else [f"{path}: {served!r} != {wanted!r}"]


@dataclass
class Before:
    nodes: dict[str, str]  # name -> uid
    claims: dict[str, tuple[str, str]]  # NodeClaim name -> its pool and its node's name
    objects: dict[tuple[str, str, str | None], str]  # the previous commit's objects on the server -> uid


def before_push(journey: Journey) -> Before:
    previous = journey.served[-1] if journey.served else []
    return Before(
        {n: o["metadata"]["uid"] for n, o in journey.nodes().items()},
        {
            n: (c["metadata"]["labels"].get("karpenter.sh/nodepool", ""), (c.get("status") or {}).get("nodeName", ""))
            for n, c in journey.node_claims().items()
        },
        uids(journey.kube, previous),
    )


def reconciled(journey: Journey, revision: str, removed: set[str] = frozenset()) -> None:
    """Flux applied the pushed commit: every Kustomization the commit's bootstrap reaches is Ready at it (a
    HelmRelease's Kustomization waits for the release), and those the commit drops are pruned."""
    kube = journey.kube
    request_reconcile(kube, git_repository(""), str(time.time()))
    bootstrap = kustomization_objects(journey.flux.work / "dist" / KEY / "flux")
    appliers = expected_appliers(journey.flux, bootstrap)
    wait_until_applied(
        kube, set(appliers), revision, f"every Kustomization Ready at {revision[:12]}", journey.processes
    )
    for name in removed:
        journey.wait(lambda name=name: name not in kustomizations(kube), f"Kustomization {name} pruned")


def check_plan(journey: Journey, review: Review, before: Before, step: Step, removed_nodes: set[str]) -> None:
    """What plan said of the commit is what happened: each object it adds or changes is on the server as the commit
    has it, each one it removes is gone, every other object of the previous commit is the same object (uid); no node
    replaced and no NodeClaim drifted unless plan said so; the nodes of each node pool it removes are gone."""
    kube, served = journey.kube, journey.served[-1]
    previous = journey.served[-2] if len(journey.served) > 1 else []
    lines = review.lines()
    removed = set()
    for _effect, kind, name, action in lines:
        if kind == "aws.json":  # terraform's input, not the cluster's
            continue
        if action == "removed":
            gone = [o for o in previous if (o["kind"], o["metadata"]["name"]) == (kind, name)]
            assert gone, f"plan removes {kind}/{name}, which the previous commit did not have"
            for obj in gone:
                meta = obj["metadata"]
                removed.add((kind, name, meta.get("namespace")))
                journey.wait(
                    lambda o=obj, m=meta: kube.get(o["apiVersion"], o["kind"], m["name"], m.get("namespace")) is None,
                    f"{kind}/{name} removed as plan said",
                )
            continue
        found = [o for o in served if (o["kind"], o["metadata"]["name"]) == (kind, name)]
        assert found, f"plan says {kind}/{name} {action}, which the commit does not have"
        for obj in found:
            meta = obj["metadata"]
            on_server = kube.get(obj["apiVersion"], kind, meta["name"], meta.get("namespace"))
            assert on_server is not None, f"plan says {kind}/{name} {action}; the server has none"
            wanted = {k: v for k, v in obj.items() if k not in ("apiVersion", "kind", "metadata")}
            missing = contains(on_server, {**wanted, "metadata": {"labels": meta.get("labels") or {}}})
            assert not missing, f"plan says {kind}/{name} {action}; the server's differs: {missing}"
    kept = {ref: uid for ref, uid in before.objects.items() if ref not in removed}
    now = uids(
        kube, [o for o in previous if (o["kind"], o["metadata"]["name"], o["metadata"].get("namespace")) in kept]
    )
    recreated = sorted(str(ref) for ref, uid in kept.items() if now.get(ref) != uid)
    assert not recreated, f"objects plan does not remove were deleted or re-created: {recreated}"
    destructive, drift, _ = review.counts()
    removed_pools = {name for _, kind, name, action in lines if kind == "NodePool" and action == "removed"}
    drifting_pools = {name for effect, kind, name, _ in lines if kind == "NodePool" and effect == "drift"}
    for claim, (pool, _) in before.claims.items():
        if pool in removed_pools:
            journey.wait(
                lambda c=claim: c not in journey.node_claims(), f"NodeClaim {claim} of removed pool {pool} gone"
            )
    claims = journey.node_claims()
    drifted = {
        c["metadata"]["labels"].get("karpenter.sh/nodepool")
        for c in claims.values()
        if condition(c, "Drifted") == "True"
    }
    assert drifted <= drifting_pools, (
        f"plan said drift of {sorted(drifting_pools)}; Karpenter drifted {sorted(drifted)}"
    )
    of_removed = {n for n, (pool, _) in before.claims.items() if pool in removed_pools}
    lost = {c for c in before.claims if c not in claims} - of_removed
    assert not lost, f"NodeClaims of pools plan does not remove are gone: {sorted(lost)}"
    pool_nodes = {node_name for claim, (_, node_name) in before.claims.items() if claim in of_removed}
    for name in pool_nodes:
        journey.wait(lambda n=name: n not in journey.nodes(), f"node {name} of a removed pool gone")
    nodes = {n: o["metadata"]["uid"] for n, o in journey.nodes().items()}
    replaced = sorted(
        n for n, uid in before.nodes.items() if nodes.get(n) != uid and n not in removed_nodes | pool_nodes
    )
    if not destructive and not drift:
        assert not replaced, f"plan said no node is replaced; these were: {replaced}"
    assert not (destructive and not step.destructive), f"plan of {step.name!r} says destructive:\n{review.plan}"


def check_customers(journey: Journey, step: Step, index: int) -> None:
    """No customer's pod refused or left Pending: each customer's Deployment rolls out again; each customer still on a
    node group gets a new pod, admitted and Running on its group; every running pod is on its own customer's nodes;
    a pod of one customer that selects and tolerates another's nodes is refused when either is an onboarded tenant."""
    kube, label = journey.kube, f"s{index}"
    present = [c for c in CUSTOMERS if c in step.tenants or c in step.on_groups]
    for customer in present:
        roll(journey, customer, step.name)
    for customer in step.on_groups:
        refused = admitted(kube, customer_pod(f"new-{label}", customer))
        assert refused is None, (
            f"step {step.name!r}: a new pod of {customer}, still on its node group, was refused: {refused}"
        )
    for customer in present:
        wait_rolled_out(journey, customer, step.name)
    for customer in step.on_groups:
        journey.wait(
            lambda c=customer: any(p["metadata"]["name"] == f"new-{label}" for p in journey.running(c)),
            f"{customer}'s new pod Running",
        )
    nodes = journey.nodes()
    for customer in present:
        for pod in journey.running(customer):
            labels = nodes[pod["spec"]["nodeName"]]["metadata"].get("labels") or {}
            assert labels.get("tenant") == customer, f"{customer}'s pod {pod['metadata']['name']} runs on {labels}"
            if customer in step.on_groups and pod["metadata"]["name"].startswith("new-"):
                assert labels.get(NODE_GROUP_LABEL) == f"{customer}-workers", (customer, labels)
    for customer in present:
        for other in CUSTOMERS:
            if other == customer:
                continue
            stray = customer_pod(f"stray-{label}", customer, selects=other, tolerates=other)
            refused = admitted(kube, stray, dry_run=True)
            # in a namespace of no tenant only the taints of customers still on node groups may be tolerated; in a
            # tenant's, only its own (no policy before the first tenant)
            expected = bool(step.tenants) and (customer in step.tenants or other not in not_yet_moved(step))
            assert (refused is not None) == expected, (
                f"step {step.name!r}: a pod of {customer} on {other}'s nodes was "
                f"{'admitted' if refused is None else 'refused: ' + refused}; expected {'refused' if expected else 'admitted'}"
            )


def check_gate(review: Review, step: Step) -> None:
    from test_workflow_gate import verify_status

    assert verify_status(review.job) == step.gate, f"the workflow's verify status for {step.name!r}:\n{review.job.log}"
    assert review.job.passed == (step.gate == "0"), review.job.log
    assert review.plan_status == (3 if step.gate == "3" else 0), review.plan
    if step.destructive:
        assert review.labelled is not None and review.labelled.passed, (
            "the label karpenter-destructive-ok should waive it"
        )


def run_step(
    journey: Journey,
    index: int,
    before_reconcile: Callable[[], None] | None = None,
    removed_nodes: set[str] = frozenset(),
    after_reconcile: Callable[[], None] | None = None,
) -> Review:
    step = STEPS[index]
    assert journey.done == [s.name for s in STEPS[:index]], f"an earlier step failed: done {journey.done}"
    phases = journey.phases
    with phases(f"journey: {step.name}: commit served"):
        before = before_push(journey)
        for name in step.tenants:  # the kwok provider's stand-in for the tenant's EC2NodeClass
            journey.kube.apply(kwok_node_class(name))
            mark_node_class_ready(journey.kube, name)
        revision = serve(journey, index)
    if before_reconcile:
        before_reconcile()
    gone = (
        {o["metadata"]["name"] for o in journey.served[-2] if o["kind"] == "Kustomization"}
        - {o["metadata"]["name"] for o in journey.served[-1] if o["kind"] == "Kustomization"}
        if index
        else set()
    )
    with phases(f"journey: {step.name}: Flux reconciled"):
        reconciled(journey, revision, gone)
    if after_reconcile:
        after_reconcile()
    if step.tenants:
        enforced(journey, step.tenants)
    with phases(f"journey: {step.name}: what plan said, done"):
        review = journey.product.reviews[index].result()
        check_plan(journey, review, before, step, removed_nodes)
        if step.tenants:  # the customers plan says the policy admits from namespaces of no tenant
            assert review.not_yet_moved() == not_yet_moved(step), review.plan
    with phases(f"journey: {step.name}: customers' pods"):
        check_customers(journey, step, index)
        wait_node_agents(journey)
    check_gate(review, step)
    return review


# --- the steps -----------------------------------------------------------------------------------------------------


def without_nulls(values: Any) -> Any:
    if isinstance(values, dict):
        return {key: without_nulls(value) for key, value in values.items() if value is not None}
    return [without_nulls(value) for value in values] if isinstance(values, list) else values


def assert_adopt_reports_the_live_release(
    journey: Journey, live: dict[str, Any], listed: list[dict[str, Any]], installed: dict[str, Any]
) -> None:
    """Issue 35, item 3: `adopt KEY --release-values FILE --release-list FILE --format json` compares the live release
    (`helm get values -o json --all`, `helm list -o json`) with what Flux will install. Its report must name the
    release, the chart versions, every value the first reconcile changes, adds or drops (those that move or restart
    the controller marked), and the values Flux installs: which the test reads back from Helm's record after Flux
    took over (`installed`, as `helm get values --all` prints them)."""
    values_file, list_file = journey.folder / "release-values.json", journey.folder / "release-list.json"
    values_file.write_text(json.dumps(live))
    list_file.write_text(json.dumps(listed))
    args = ("adopt", KEY, "--release-values", str(values_file), "--release-list", str(list_file), "--format", "json")
    strict = run_product(str(ROOT / "main.py"), *args, cwd=journey.flux.work)
    accepted = run_product(str(ROOT / "main.py"), *args, "--accept-release-changes", cwd=journey.flux.work)
    assert accepted.returncode == 0, accepted.stderr
    report = json.loads(accepted.stdout)
    assert report["release"] == {"name": "karpenter", "namespace": "karpenter", "status": "deployed"}, report["release"]
    # the hand install here is helm-controller's: an OCI chart's version carries the artifact's digest (+sha)
    assert report["chartVersion"]["generated"] == VERSION, report["chartVersion"]
    assert report["chartVersion"]["live"].partition("+")[0] == VERSION, report["chartVersion"]
    # Helm 4's merge (what helm-controller installs with) drops null values; `--all` of a Helm 3 record keeps them
    assert without_nulls(report["values"]) == without_nulls(installed), "adopt's values are not what Flux installed"

    def step(path: str, key: str) -> str:  # docs/adopt.md: dotted, a key with other characters in brackets
        if re.fullmatch(r"[A-Za-z0-9_-]+", key):
            return f"{path}.{key}" if path else key
        return f"{path}[{json.dumps(key)}]"

    def leaves(values: Any, path: str = "") -> dict[str, Any]:
        if isinstance(values, dict):  # an empty map renders as an absent one (the chart's `with`/`toYaml`)
            return {k: v for key, value in values.items() for k, v in leaves(value, step(path, key)).items()}
        return {path: values}

    old, new = leaves(without_nulls(live)), leaves(without_nulls(installed))
    reported = {c["path"]: c for c in report["changes"]}
    for path in sorted(set(old) | set(new)):
        if old.get(path) == new.get(path):  # null and absent are one (Helm's merge drops nulls)
            continue
        if path == "serviceAccount.name" and not old.get(path) and new.get(path) == "karpenter":
            continue  # "" with create: true is the name the chart derives (karpenter.serviceAccountName): the same account
        prefix = next((r for r in reported if path == r or path.startswith((r + ".", r + "["))), None)
        assert prefix is not None, f"adopt does not report the change of {path}: {old.get(path)!r} -> {new.get(path)!r}"
    # the issue's list, and what docs/adopt.md adds: the spread, the API endpoint, the account's name
    moving = (
        "affinity",
        "nodeSelector",
        "tolerations",
        "replicas",
        "topologySpreadConstraints",
        "settings.clusterName",
        "settings.interruptionQueue",
        "settings.clusterEndpoint",
        "serviceAccount.annotations",
        "serviceAccount.name",
        "controller.image",
    )
    for path, change in reported.items():
        assert change["movesController"] == path.startswith(moving), change
    assert strict.returncode == (1 if any(c["movesController"] for c in reported.values()) else 0), strict.stdout


def test_adopt_hands_the_hand_installed_release_to_flux(journey: Journey) -> None:
    kube = journey.kube
    record = helm_release_record(kube, "karpenter", "karpenter")
    assert (record["version"], record["info"]["status"]) == (1, "deployed"), record["info"]
    live, listed = helm_get_values_all(record), helm_list(record)
    controller = kube.get("apps/v1", "Deployment", "karpenter", "karpenter")
    assert controller is not None, "the hand install wrote no controller Deployment"
    journey.brownfield_release = record

    def adopt_script() -> None:
        # in the commit Flux reads (the product's repository is busy with plan and the workflow meanwhile)
        generated = run_product(
            str(ROOT / "main.py"), "adopt", KEY, "--format", "sh", "--context", CONTEXT, cwd=journey.flux.work
        )
        assert generated.returncode == 0, generated.stderr
        script = journey.folder / "adopt.sh"
        script.write_text(generated.stdout)
        ran = subprocess.run(
            ["bash", str(script)],
            cwd=journey.flux.work,
            env=journey.script_env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert ran.returncode == 0, f"the adopt script failed:\n{ran.stdout}\n{ran.stderr}"

    account = kube.get("v1", "ServiceAccount", "karpenter", "karpenter")
    assert account is not None, "the hand install wrote no controller ServiceAccount"

    def account_kept() -> None:
        """The controller's service account survives the takeover: the chart created it, the upgrade to the generated
        values (serviceAccount.create: false) would delete it, and base/ itself says keep (charts/base_chart.py).
        Before that, adopt's kubectl annotation alone was dropped by Flux's first apply of base/ and the upgrade deleted
        the account: the controller's new pods could not be created until Flux's next reconcile of base/."""
        kept = kube.get("v1", "ServiceAccount", "karpenter", "karpenter")
        assert kept is not None, "the Helm upgrade after Flux took over deleted the controller's ServiceAccount"
        assert kept["metadata"]["uid"] == account["metadata"]["uid"], "the controller's ServiceAccount was re-created"

    run_step(journey, 0, adopt_script, after_reconcile=account_kept)
    # The same release, upgraded in place by Flux (revision 2), with the values Flux installs: the generated ones.
    after = helm_release_record(kube, "karpenter", "karpenter")
    [generated] = [o for o in journey.served[-1] if o["kind"] == "HelmRelease" and o["metadata"]["name"] == "karpenter"]
    assert after["version"] == 2 and after["info"]["status"] == "deployed", after["info"]
    assert after["config"] == generated["spec"]["values"], (
        "Helm's values after Flux took over are not the generated ones"
    )
    installed = helm_get_values_all(after)
    flux_release = kube.get(*HELMRELEASE, "karpenter", "karpenter")
    assert [h["version"] for h in flux_release["status"]["history"]] == [2], flux_release["status"]["history"]
    moved = kube.get("apps/v1", "Deployment", "karpenter", "karpenter")
    assert moved["metadata"]["uid"] == controller["metadata"]["uid"], "the controller Deployment was re-created"
    assert (
        moved["spec"]["template"]["spec"]["affinity"]["nodeAffinity"]
        == generated["spec"]["values"]["affinity"]["nodeAffinity"]
    )
    changed = [k for k in sorted(set(live) | set(installed)) if live.get(k) != installed.get(k)]
    journey.phases.note(
        f"journey: adopt: the first reconcile changed the release's top-level values {changed} "
        "(hand-set serviceAccount annotations and controller resources replaced by the generated ones)"
    )
    assert_adopt_reports_the_live_release(journey, live, listed, installed)
    journey.done.append(STEPS[0].name)


def test_first_tenant_refuses_no_pod_of_the_customers_still_on_node_groups(journey: Journey) -> None:
    run_step(journey, 1)
    # The runbook: the group cordoned and drained; Karpenter launches alpha's nodes for its pods.
    kube = journey.kube
    with journey.phases("journey: alpha's group drained onto Karpenter's nodes"):
        for name, obj in journey.nodes().items():
            if name.startswith("alpha-workers-"):
                cordon(kube, obj)
        for pod in kube.list("v1", "Pod", "alpha"):
            delete(kube, kube.path("v1", "Pod", "alpha", pod["metadata"]["name"]))
        nodes_of = lambda: journey.nodes()  # noqa: E731

        def on_pool() -> bool:
            pods = [p for p in journey.running("alpha") if (p["metadata"].get("labels") or {}).get("app") == "app"]
            nodes = nodes_of()
            return len(pods) == 2 and all(
                (nodes[p["spec"]["nodeName"]]["metadata"].get("labels") or {}).get("karpenter.sh/nodepool") == "alpha"
                for p in pods
            )

        journey.wait(on_pool, "alpha's pods Running on nodes of its pool", 180)
        wait_node_agents(journey)
    journey.done.append(STEPS[1].name)


def test_second_tenant_leaves_the_first_tenants_nodes_alone(journey: Journey) -> None:
    run_step(journey, 2)
    journey.done.append(STEPS[2].name)


def test_a_node_group_removed_changes_nothing_on_the_cluster(journey: Journey) -> None:
    kube = journey.kube
    gone = {n for n in journey.nodes() if n.startswith("alpha-workers-")}

    def terraform_removes_the_group() -> None:
        for name in gone:
            kube.request("DELETE", kube.path("v1", "Node", name=name))
        # no kubelet: the pods bound there are what the pod garbage collector deletes
        for ns in (NODE_AGENTS, *CUSTOMERS):
            for pod in kube.list("v1", "Pod", ns):
                if pod["spec"].get("nodeName") in gone:
                    delete(kube, kube.path("v1", "Pod", ns, pod["metadata"]["name"]), {"gracePeriodSeconds": 0})

    run_step(journey, 3, terraform_removes_the_group, gone)
    journey.done.append(STEPS[3].name)


def test_an_offboarded_customer_s_nodes_go_and_nothing_else(journey: Journey) -> None:
    kube = journey.kube

    def customer_leaves() -> None:
        kube.request("DELETE", kube.path("apps/v1", "Deployment", "alpha", "app"))
        for pod in kube.list("v1", "Pod", "alpha"):
            delete(kube, kube.path("v1", "Pod", "alpha", pod["metadata"]["name"]))

    alpha_claims = {
        n for n, c in journey.node_claims().items() if c["metadata"]["labels"].get("karpenter.sh/nodepool") == "alpha"
    }
    assert alpha_claims, "alpha has no Karpenter node to offboard"
    run_step(journey, 4, customer_leaves)
    assert not alpha_claims & set(journey.node_claims()), "alpha's NodeClaims outlived its pool"
    journey.done.append(STEPS[4].name)
