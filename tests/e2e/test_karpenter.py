"""Karpenter itself: the NodePools synth writes, applied to a real control plane with kube-scheduler, Karpenter's
kwok provider (the core controllers of the pinned Karpenter release) and the kwok node controller, and tenants'
pods created. Asserted on what Karpenter and the scheduler did: NodeClaims and Nodes of each tenant's own pool,
with its label and taint, the pods bound there and never on another tenant's nodes; instance types and capacity
types within the tenant's requirements (against the reference catalogue); GPU and cpu limits holding, with
Karpenter's own reason on the pods left Pending while other tenants still provision; a tenant's Deployment (its
pods made by kube-controller-manager) on nodes of its own pool, one each; the isolation policies applied, refusing
a tenant's pod that selects no node; a changed requirement drifting that pool's nodes, replaced no faster than the
disruption budget `plan` reports for the change; consolidation removing a tenant's nodes once its pods are gone (and
the Deployment's once it is scaled to zero). The only rewrite is nodeClassRef's group and kind (docs/e2e.md)."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import cluster_dict, load

from e2e.build import KARPENTER, KWOK, Phases, build
from e2e.catalogue import InstanceType, instance_types_file
from e2e.isolation import apply_by_kind, isolation_objects, wait_enforced
from e2e.karpenter import (
    KarpenterStack,
    chart_feature_gates,
    kwok_node_class,
    kwok_node_pool,
    kwok_provider_crds,
    mark_node_class_ready,
)
from e2e.kube import ApiError, Kube, condition, wait_for
from e2e.manifests import load_yaml_documents, namespace
from karpenter_tenants.objects.changes import DRIFT, ClusterFacts
from karpenter_tenants.review.plan import plan
from karpenter_tenants.synthesis.render import render_cluster

AMI = {"alias": "al2023@v20261101"}
# The cluster file of this test, synthesized by the product. consolidateAfter is short so that consolidation is
# seen within the test (config, not a rewrite); everything else is what a tenant would write.
TENANTS: list[dict[str, Any]] = [
    {
        "name": "alpha",
        "namespaces": ["alpha"],
        "nodeRole": "node-alpha",
        "ami": AMI,
        "requirements": {"instanceCategories": ["c", "m"], "capacityTypes": ["spot"]},
        "limits": {"cpu": "64"},
        "disruption": {"consolidateAfter": "5s", "budgets": [{"nodes": "100%"}]},
    },
    {
        "name": "beta",
        "namespaces": ["beta"],
        "nodeRole": "node-beta",
        "ami": AMI,
        "requirements": {"instanceCategories": ["r"], "capacityTypes": ["on-demand"]},
        "limits": {"cpu": "8"},
    },
    {
        "name": "gamma",
        "namespaces": ["gamma"],
        "nodeRole": "node-gamma",
        "ami": AMI,
        "requirements": {"instanceFamilies": ["g6"], "gpuManufacturers": ["nvidia"], "capacityTypes": ["on-demand"]},
        "limits": {"cpu": "64", "nvidia.com/gpu": "2"},
        "taints": [{"key": "nvidia.com/gpu", "effect": "NoSchedule"}],
    },
    # A Deployment's tenant, and the drift: at most 2 of its nodes disrupted at once for drift (empty nodes go at once).
    {
        "name": "delta",
        "namespaces": ["delta"],
        "nodeRole": "node-delta",
        "ami": AMI,
        "requirements": {"instanceCategories": ["c", "m"], "capacityTypes": ["spot"]},
        "limits": {"cpu": "64"},
        "disruption": {"consolidateAfter": "5s", "budgets": [{"nodes": "2", "reasons": ["Drifted"]}]},
    },
    # Room for two 2-cpu pods kept on epsilon's pool (a CapacityBuffer), and zeta's static pool of two nodes: Karpenter
    # launches for them with no pod of theirs pending (the chart's StaticCapacity and CapacityBuffer gates on, as synth
    # sets them).
    {
        "name": "epsilon",
        "namespaces": ["epsilon"],
        "nodeRole": "node-epsilon",
        "ami": AMI,
        "requirements": {"instanceCategories": ["c", "m"], "capacityTypes": ["on-demand"]},
        "limits": {"cpu": "32"},
        "buffers": [{"name": "warm", "requests": {"cpu": "2", "memory": "2Gi"}, "replicas": 2}],
    },
    {
        "name": "zeta",
        "namespaces": ["zeta"],
        "nodeRole": "node-zeta",
        "ami": AMI,
        # an instance type named: the kwok provider creates a static NodeClaim's node only from an instance-type
        # requirement ("translating nodeclaim to node, instance type requirement not found" without one)
        "requirements": {"instanceTypes": ["m7i.large"], "capacityTypes": ["on-demand"]},
        "replicas": 2,
        "limits": {"nodes": "2"},
    },
]
STATIC = 2  # zeta's replicas
# The change whose drift is watched: delta's nodes move from spot to on-demand (a requirement neither side contains).
DRIFTED = [
    {**t, "requirements": {**t["requirements"], "capacityTypes": ["on-demand"]}} if t["name"] == "delta" else t
    for t in TENANTS
]
REPLICAS = 4  # delta's Deployment, one pod per node (required anti-affinity on the hostname)
OUTSIDER = "outsider"  # a namespace of no tenant
TIMEOUT = 120


@dataclass
class Cluster:
    kube: Kube
    stack: KarpenterStack
    node_pools: dict[str, dict[str, Any]]  # as synth wrote them
    catalogue: dict[str, InstanceType]
    files: dict[str, str]  # dist/<cluster>/ as synth wrote it, for plan
    folder: Path

    def wait(self, check: Any, what: str, timeout: float = TIMEOUT) -> Any:
        try:
            return wait_for(check, timeout, what, interval=1)
        except TimeoutError as error:
            raise TimeoutError(f"{error}\n{self.state()}\n{self.stack.logs()}") from None

    def state(self) -> str:
        """Pods, Nodes and NodeClaims as the server has them, for a failure's message."""
        lines = []
        for tenant in [*(t["name"] for t in TENANTS), OUTSIDER]:
            for p in self.kube.list("v1", "Pod", tenant):
                scheduled = [
                    c.get("message", "")
                    for c in p.get("status", {}).get("conditions", [])
                    if c["type"] == "PodScheduled" and c["status"] != "True"
                ]
                lines.append(
                    f"pod {tenant}/{p['metadata']['name']} node={p['spec'].get('nodeName')} "
                    f"phase={p.get('status', {}).get('phase')} {scheduled}"
                )
        for n in nodes(self.kube).values():
            ready = [c["status"] for c in n.get("status", {}).get("conditions", []) if c["type"] == "Ready"]
            lines.append(
                f"node {n['metadata']['name']} ready={ready} taints={n['spec'].get('taints')} "
                f"tenant={n['metadata'].get('labels', {}).get('tenant')}"
            )
        for c in node_claims(self.kube):
            lines.append(
                f"nodeclaim {c['metadata']['name']} conditions="
                f"{[(x['type'], x['status']) for x in c.get('status', {}).get('conditions', [])]}"
            )
        return "\n".join(lines)


@pytest.fixture(scope="module")
def cluster(
    kube_binaries: dict[str, Path], control_planes: Any, phases: Phases, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Cluster]:
    karpenter = build(KARPENTER, phases)["kwok"]
    kwok = build(KWOK, phases)["kwok"]
    folder = tmp_path_factory.mktemp("karpenter")
    files = render_cluster(load(folder, cluster_dict(tenants=TENANTS)))
    kept = instance_types_file(folder / "instance-types.json")
    # No node lifecycle controller runs (kube-controller-manager runs only the controllers the test needs), so nothing
    # would lift the node.kubernetes.io/not-ready taint this admission plugin puts on every new Node: off here.
    plane, kube = control_planes("karpenter", ("--disable-admission-plugins=TaintNodesByCondition",))
    kube.apply_crds(
        [
            d
            for path in kwok_provider_crds()
            for d in load_yaml_documents(path)
            if d.get("kind") == "CustomResourceDefinition"
        ]
    )
    for name in [*(t["name"] for t in TENANTS), OUTSIDER, "karpenter"]:
        kube.apply(namespace(name))
    for tenant in TENANTS:
        kube.apply(kwok_node_class(tenant["name"]))
        mark_node_class_ready(kube, tenant["name"])
        kube.apply(kwok_node_pool(node_pools(files)[tenant["name"]]))
    # The tenants' CapacityBuffers with their chunks' PodTemplates, as synth wrote them (tenants/<t>/buffers).
    for path, text in sorted(files.items()):
        if "/buffers/" in path and not path.endswith("kustomization.yaml"):
            kube.apply(yaml.safe_load(text))
    gates = chart_feature_gates(files)
    stack = KarpenterStack(plane, kube_binaries, karpenter, kwok, folder / "instance-types.json", folder, gates)
    try:
        with phases("Karpenter, kube-scheduler, kube-controller-manager and kwok up"):
            stack.start(kube)
            # kube-controller-manager's service-account controller makes each namespace's default account.
            for name in [*(t["name"] for t in TENANTS), OUTSIDER]:
                wait_for(
                    lambda n=name: kube.get("v1", "ServiceAccount", "default", n),
                    60,
                    f"kube-controller-manager to create {name}'s default service account",
                )
        # The isolation policies and bindings as synth wrote them (base/ and each tenant's parameters).
        apply_by_kind(kube, isolation_objects(files))
        wait_enforced(kube, pod("probe", "alpha", select=False))
        phases.note(
            f"karpenter e2e: {len(kept)} instance types in the kwok provider's file; "
            "NodePools applied as synth wrote them but nodeClassRef -> KWOKNodeClass; isolation policies applied; "
            f"FEATURE_GATES={gates} (the chart's, from the HelmRelease's values)"
        )
        yield Cluster(kube, stack, node_pools(files), {it.name: it for it in kept}, files, folder)
    finally:
        stack.stop()


def node_pools(files: dict[str, str]) -> dict[str, dict[str, Any]]:
    """The NodePools of synth's files, by name."""
    return {
        obj["metadata"]["name"]: obj
        for path, text in files.items()
        if path.endswith(".yaml")
        for obj in [yaml.safe_load(text)]
        if isinstance(obj, dict) and obj.get("kind") == "NodePool"
    }


def pod(name: str, tenant: str, cpu: str = "1", gpus: int = 0, select: bool = True) -> dict[str, Any]:
    """A tenant's pod as the isolation policy wants it: its tenant's node selector and toleration."""
    resources: dict[str, Any] = {"requests": {"cpu": cpu, "memory": "512Mi"}}
    tolerations = [{"key": "tenant", "operator": "Equal", "value": tenant, "effect": "NoSchedule"}]
    if gpus:
        resources = {
            "requests": {**resources["requests"], "nvidia.com/gpu": str(gpus)},
            "limits": {"nvidia.com/gpu": str(gpus)},
        }
        tolerations.append({"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"})
    spec: dict[str, Any] = {
        "containers": [{"name": "app", "image": "registry.invalid/app:1", "resources": resources}],
        "terminationGracePeriodSeconds": 0,
    }
    if select:
        spec |= {"nodeSelector": {"tenant": tenant}, "tolerations": tolerations}
    return {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": {"name": name, "namespace": tenant, "labels": {"app": name}},
        "spec": spec,
    }


def deployment(name: str, tenant: str, replicas: int) -> dict[str, Any]:
    """A tenant's Deployment of pods as pod() makes them, each on a node of its own (required anti-affinity on the
    hostname), so that its pods need several NodeClaims."""
    template = pod(name, tenant)
    anti = {"labelSelector": {"matchLabels": {"app": name}}, "topologyKey": "kubernetes.io/hostname"}
    template["spec"]["affinity"] = {"podAntiAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [anti]}}
    return {
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "metadata": {"name": name, "namespace": tenant},
        "spec": {
            "replicas": replicas,
            "selector": {"matchLabels": {"app": name}},
            "template": {"metadata": {"labels": {"app": name}}, "spec": template["spec"]},
        },
    }


def deployment_pods(kube: Kube, tenant: str, app: str) -> list[dict[str, Any]]:
    """The Deployment's pods (made by its ReplicaSet), not being deleted."""
    return [
        p
        for p in kube.list("v1", "Pod", tenant)
        if (p["metadata"].get("labels") or {}).get("app") == app and not p["metadata"].get("deletionTimestamp")
    ]


def running_replicas(kube: Kube, tenant: str, app: str, replicas: int) -> list[str] | None:
    """The names of the Deployment's pods once exactly `replicas` of them are bound and Running."""
    pods = deployment_pods(kube, tenant, app)
    ready = [p for p in pods if p["spec"].get("nodeName") and p.get("status", {}).get("phase") == "Running"]
    return [p["metadata"]["name"] for p in ready] if len(pods) == len(ready) == replicas else None


def get_pod(kube: Kube, tenant: str, name: str) -> dict[str, Any]:
    found = kube.get("v1", "Pod", name, tenant)
    assert found is not None, f"pod {tenant}/{name} is gone"
    return found


def running(kube: Kube, tenant: str, names: list[str]) -> bool:
    pods = [get_pod(kube, tenant, n) for n in names]
    return all(p["spec"].get("nodeName") and p.get("status", {}).get("phase") == "Running" for p in pods)


def nodes(kube: Kube) -> dict[str, dict[str, Any]]:
    return {n["metadata"]["name"]: n for n in kube.list("v1", "Node")}


def node_claims(kube: Kube, pool: str | None = None) -> list[dict[str, Any]]:
    claims = kube.list("karpenter.sh/v1", "NodeClaim")
    return [c for c in claims if pool is None or c["metadata"].get("labels", {}).get("karpenter.sh/nodepool") == pool]


LAUNCHED = "node.kubernetes.io/instance-type"


def launched_claims(cluster: Any, pool: str | None = None) -> list[dict[str, Any]]:
    """A pool's NodeClaims (every pool's without one), once each has launched: Karpenter labels a NodeClaim with its
    type after the cloud provider's Create returns, so one just made has none yet. One list read both checks and
    answers: Karpenter may create another NodeClaim between two reads."""

    def labelled() -> tuple[list[dict[str, Any]]] | None:
        claims = node_claims(cluster.kube, pool)
        return (claims,) if all(LAUNCHED in (c["metadata"].get("labels") or {}) for c in claims) else None

    found: tuple[list[dict[str, Any]]] = cluster.wait(
        labelled, f"every {pool or 'pool'}'s NodeClaim launched (labelled with its instance type)"
    )
    return found[0]


def launched_types(cluster: Any, pool: str) -> list[str]:
    """The instance types of a pool's launched NodeClaims."""
    return [c["metadata"]["labels"][LAUNCHED] for c in launched_claims(cluster, pool)]


def karpenter_events(kube: Kube, tenant: str, name: str) -> list[str]:
    events = kube.request(
        "GET", f"/api/v1/namespaces/{tenant}/events", query={"fieldSelector": f"involvedObject.name={name}"}
    )["items"]
    return [
        e["message"]
        for e in events
        if e.get("reason") == "FailedScheduling"
        and (e.get("source", {}).get("component") == "karpenter" or e.get("reportingComponent") == "karpenter")
    ]


def allowed(node_pool: dict[str, Any], it: InstanceType) -> bool:
    """Whether the NodePool's requirements (as synth wrote them) allow this catalogue type, by its labels."""
    for requirement in node_pool["spec"]["template"]["spec"]["requirements"]:
        key, operator, values = requirement["key"], requirement["operator"], requirement.get("values", [])
        if key == "karpenter.sh/capacity-type":
            continue  # offerings, checked on the NodeClaim
        value = it.labels.get(key)
        match operator:
            case "In":
                ok = value in values
            case "NotIn":
                ok = value not in values
            case "Exists":
                ok = value is not None
            case "DoesNotExist":
                ok = value is None
            case "Gt":
                ok = value is not None and int(value) > int(values[0])
            case "Lt":
                ok = value is not None and int(value) < int(values[0])
            case _:
                raise AssertionError(f"operator {operator}")
        if not ok:
            return False
    return True


def cpus(quantity: str) -> float:
    return int(quantity[:-1]) / 1000 if quantity.endswith("m") else float(quantity)


def create(kube: Kube, *pods: dict[str, Any]) -> list[str]:
    for p in pods:
        kube.create(p)
    return [p["metadata"]["name"] for p in pods]


def delete_pods(kube: Kube, tenant: str) -> None:
    for p in kube.list("v1", "Pod", tenant):
        try:
            kube.request("DELETE", kube.path("v1", "Pod", tenant, p["metadata"]["name"]), {"gracePeriodSeconds": 0})
        except ApiError as error:
            if error.status != 404:
                raise


def assert_on_own_nodes(c: Cluster, tenant: str, names: list[str]) -> set[str]:
    """Each pod is bound to a Node of its tenant's NodePool, with the tenant's label and taint, made for a
    NodeClaim of that pool; the nodes' names."""
    all_nodes = nodes(c.kube)
    # By provider ID: the NodeClaim has it from its launch, its nodeName only once Karpenter has registered the Node.
    claims = {cl.get("status", {}).get("providerID"): cl for cl in node_claims(c.kube)}
    used = set()
    for name in names:
        node_name = get_pod(c.kube, tenant, name)["spec"]["nodeName"]
        node = all_nodes[node_name]
        labels = node["metadata"]["labels"]
        assert labels.get("tenant") == tenant and labels.get("karpenter.sh/nodepool") == tenant, (name, labels)
        assert {"key": "tenant", "value": tenant, "effect": "NoSchedule"} in node["spec"].get("taints", []), node[
            "spec"
        ]
        claim = claims.get(node["spec"].get("providerID"))
        assert claim is not None, f"node {node_name} of pod {tenant}/{name} has no NodeClaim"
        assert claim["metadata"]["labels"]["karpenter.sh/nodepool"] == tenant
        assert claim["spec"]["nodeClassRef"]["name"] == tenant
        used.add(node_name)
    return used


def test_each_tenant_gets_nodes_of_its_own_pool(cluster: Cluster) -> None:
    kube = cluster.kube
    alpha = create(kube, pod("a-1", "alpha"), pod("a-2", "alpha", cpu="2"))
    beta = create(kube, pod("b-1", "beta"))
    gamma = create(kube, pod("g-1", "gamma", gpus=1))
    kube.create(deployment("web", "delta", REPLICAS))
    for tenant, names in (("alpha", alpha), ("beta", beta), ("gamma", gamma)):
        cluster.wait(lambda t=tenant, n=names: running(kube, t, n), f"{tenant}'s pods bound and Running")
    delta = cluster.wait(
        lambda: running_replicas(kube, "delta", "web", REPLICAS),
        f"delta's Deployment: {REPLICAS} pods made by its ReplicaSet, bound and Running",
    )
    owners = {ref["kind"] for n in delta for ref in get_pod(kube, "delta", n)["metadata"].get("ownerReferences", [])}
    assert owners == {"ReplicaSet"}, owners
    by_tenant = {
        t: assert_on_own_nodes(cluster, t, n)
        for t, n in (("alpha", alpha), ("beta", beta), ("gamma", gamma), ("delta", delta))
    }
    assert (
        len(by_tenant["delta"]) == REPLICAS
    )  # one node each: the anti-affinity, decided by Karpenter and the scheduler
    # No node serves two tenants, and every pod on a tenant's node is that tenant's.
    assert len(set.union(*by_tenant.values())) == sum(len(n) for n in by_tenant.values())
    for tenant, node_names in by_tenant.items():
        for other in TENANTS:
            for p in kube.list("v1", "Pod", other["name"]):
                if p["spec"].get("nodeName") in node_names:
                    assert other["name"] == tenant, f"{other['name']}'s pod {p['metadata']['name']} on {tenant}'s node"
    # In a tenant's namespace, a pod that selects no tenant's nodes is refused by the isolation policy.
    with pytest.raises(ApiError) as refused:
        kube.create(pod("unselected", "beta", select=False))
    assert refused.value.status == 403, refused.value
    assert "ValidatingAdmissionPolicy 'karpenter-tenant-isolation'" in refused.value.message, refused.value.message
    assert "tenant beta: rule own-nodes" in refused.value.message, refused.value.message
    # Outside the tenants' namespaces the policy admits it, and tolerating no tenant's taint it gets no node: Pending,
    # with Karpenter's reason (its first event: Karpenter sends one per pod in 5 minutes).
    stray = create(kube, pod("stray", OUTSIDER, select=False))
    messages = cluster.wait(lambda: karpenter_events(kube, OUTSIDER, stray[0]), "Karpenter's event on the stray pod")
    assert get_pod(kube, OUTSIDER, stray[0])["spec"].get("nodeName") is None
    assert any("taint" in m for m in messages), messages
    for claim in node_claims(kube):
        assert claim["metadata"]["labels"]["karpenter.sh/nodepool"] in {t["name"] for t in TENANTS}


def test_requirements_decide_the_instance_types(cluster: Cluster, phases: Phases) -> None:
    """Every NodeClaim's instance type is one the tenant's NodePool allows in the catalogue, on an offering of
    an allowed capacity type: alpha and delta c/m spot only, gamma g6 NVIDIA on-demand, beta r on-demand. The set each pool
    allows is the product's (`python main.py capacity`, capacity.pools), checked here against what Karpenter did."""
    from karpenter_tenants.capacity.catalogue import load_catalogue
    from karpenter_tenants.capacity.pools import allowed_types
    from karpenter_tenants.reference.shared import shared_dir

    catalogue = load_catalogue(shared_dir())
    computed = {name: {it.name for it in allowed_types(obj, catalogue)} for name, obj in cluster.node_pools.items()}
    claims = launched_claims(cluster)
    assert {c["metadata"]["labels"]["karpenter.sh/nodepool"] for c in claims} >= {"alpha", "beta", "gamma", "delta"}
    for claim in claims:
        pool = claim["metadata"]["labels"]["karpenter.sh/nodepool"]
        labels = claim["metadata"]["labels"]
        it = cluster.catalogue[labels["node.kubernetes.io/instance-type"]]
        assert it.name in computed[pool], (pool, it.name, f"not among the {len(computed[pool])} the product computed")
        assert allowed(cluster.node_pools[pool], it), (pool, it.name)
        capacity = labels["karpenter.sh/capacity-type"]
        tenant = next(t for t in TENANTS if t["name"] == pool)
        assert capacity in tenant["requirements"]["capacityTypes"], (pool, it.name, capacity)
        if pool in ("alpha", "delta"):
            assert it.category in {"c", "m"} and capacity == "spot"
        if pool == "gamma":
            assert it.gpus > 0 and it.labels["karpenter.k8s.aws/instance-family"] == "g6"
            assert it.labels["karpenter.k8s.aws/instance-gpu-manufacturer"] == "nvidia"
        # The node carries the catalogue's labels of the type Karpenter launched.
        assert labels["karpenter.k8s.aws/instance-category"] == it.category
    launched = sorted(
        f"{c['metadata']['labels']['karpenter.sh/nodepool']}: {c['metadata']['labels']['node.kubernetes.io/instance-type']} "
        f"{c['metadata']['labels']['karpenter.sh/capacity-type']}"
        for c in claims
    )
    phases.note(f"karpenter e2e: launched {', '.join(launched)}")


def test_gpu_limit_stops_provisioning(cluster: Cluster) -> None:
    """gamma may have 2 GPUs: with one GPU pod running, two more get one GPU node and one stays Pending with
    Karpenter's reason; the GPUs of gamma's nodes never pass the limit."""
    kube = cluster.kube
    names = create(kube, pod("g-2", "gamma", gpus=1), pod("g-3", "gamma", gpus=1))

    def settled() -> bool:
        pods = [get_pod(kube, "gamma", n) for n in ["g-1", *names]]
        placed = [p for p in pods if p["spec"].get("nodeName")]
        return len(placed) == 2 and any(
            karpenter_events(kube, "gamma", p["metadata"]["name"]) for p in pods if not p["spec"].get("nodeName")
        )

    cluster.wait(settled, "gamma: two GPU pods placed, the third refused by Karpenter")
    pending = [n for n in names if not get_pod(kube, "gamma", n)["spec"].get("nodeName")]
    assert len(pending) == 1
    messages = karpenter_events(kube, "gamma", pending[0])
    assert any("exceed limits for nodepool" in m and "gamma" in m for m in messages), messages
    gpus = sum(cluster.catalogue[name].gpus for name in launched_types(cluster, "gamma"))
    assert gpus <= 2


def test_cpu_limit_holds_while_other_tenants_provision(cluster: Cluster, phases: Phases) -> None:
    """beta may have 8 cpus: pods asking for more stay Pending with Karpenter's reason, and alpha still gets a
    new node meanwhile."""
    kube = cluster.kube
    names = create(kube, *(pod(f"b-big-{i}", "beta", cpu="3") for i in range(3)))
    cluster.wait(
        lambda: any(
            karpenter_events(kube, "beta", n) for n in names if not get_pod(kube, "beta", n)["spec"].get("nodeName")
        ),
        "Karpenter's limit event on a beta pod",
    )
    # Karpenter launches a type only while its capacity fits what remains of the limit: the launched types' capacity
    # (the catalogue's cpu) stays within it. The NodePool's status.resources is not compared: the kwok provider
    # reports a NodeClaim's capacity as the requests it was made for (docs/e2e.md), not the type's.
    launched = launched_types(cluster, "beta")
    capacity = sum(cpus(cluster.catalogue[name].resources["cpu"]) for name in launched)
    assert 0 < capacity <= 8, launched
    counted = kube.get("karpenter.sh/v1", "NodePool", "beta")["status"].get("resources", {}).get("cpu")
    phases.note(
        f"karpenter e2e: beta at its cpu limit 8 with {launched}, {capacity:.2f} cpu of capacity, status.resources.cpu {counted}"
    )
    pending = [n for n in names if not get_pod(kube, "beta", n)["spec"].get("nodeName")]
    assert pending
    assert any(
        "exceed limits for nodepool" in m and "beta" in m for n in pending for m in karpenter_events(kube, "beta", n)
    )
    before = {c["metadata"]["name"] for c in node_claims(kube, "alpha")}
    more = create(kube, pod("a-big", "alpha", cpu="6"))
    cluster.wait(lambda: running(kube, "alpha", more), "alpha's new pod Running while beta is at its limit")
    assert_on_own_nodes(cluster, "alpha", more)
    assert {c["metadata"]["name"] for c in node_claims(kube, "alpha")} - before, "alpha got no new NodeClaim"


DISRUPTED_TAINT = "karpenter.sh/disrupted"


def disrupting(claim: dict[str, Any], node: dict[str, Any] | None) -> bool:
    """Whether Karpenter counts this NodeClaim against its pool's disruption budget: being deleted, or its Node
    tainted karpenter.sh/disrupted (a disruption command has it: tainted first, then replaced and deleted); not once
    its instance is terminating (drained and deleted at the cloud provider, which Karpenter no longer counts:
    BuildDisruptionBudgetMapping)."""
    if condition(claim, "InstanceTerminating") == "True":
        return False
    tainted = any(t.get("key") == DISRUPTED_TAINT for t in ((node or {}).get("spec") or {}).get("taints") or [])
    return bool(claim["metadata"].get("deletionTimestamp")) or tainted


def predicted_budget(changes: list[Any], pool: str) -> int:
    """From plan's changes: that only `pool`'s NodePool drifts, and the nodes its budgets let Karpenter disrupt at
    once, as plan words it (a line of the change: "paced by disruption budgets: delta: at most 2 nodes at a time")."""
    drifting = [c for c in changes if c.effect == DRIFT]
    assert [(c.kind, c.name) for c in drifting] == [("NodePool", pool)], [c.why for c in drifting]
    why = drifting[0].why
    assert "requirement karpenter.sh/capacity-type changed" in why, why
    pacing = [
        re.fullmatch(rf"paced by disruption budgets: {pool}: at most (\d+) nodes? at a time", n)
        for n in drifting[0].notes
    ]
    found = next((m for m in pacing if m), None)
    assert found, f"plan names no budget for {pool}: {drifting[0].notes}"
    return int(found.group(1))


def test_a_changed_requirement_drifts_the_nodes_no_faster_than_plan_s_budget(cluster: Cluster, phases: Phases) -> None:
    """delta's capacity type changes from spot to on-demand (a synth of the changed cluster file): plan says its
    NodePool drifts (no other), paced by its budget of 2 nodes at a time (a budget for drift only). Applied: every spot
    NodeClaim of delta is marked Drifted and replaced by on-demand ones, the Deployment's pods Running again on them,
    and at no moment (polled every 0.3 s) were more of delta's drifted NodeClaims disrupted at once than plan's
    number; no other pool drifts."""
    kube = cluster.kube
    new_files = render_cluster(load(cluster.folder / "changed", cluster_dict(tenants=DRIFTED)))
    budget = predicted_budget(
        plan(
            {f"acme/{p}": t for p, t in cluster.files.items()},
            {f"acme/{p}": t for p, t in new_files.items()},
            {"acme": ClusterFacts()},
        ),
        "delta",
    )
    before = {c["metadata"]["name"] for c in node_claims(kube, "delta")}
    capacity_types = {c["metadata"]["labels"]["karpenter.sh/capacity-type"] for c in node_claims(kube, "delta")}
    assert len(before) == REPLICAS and capacity_types == {"spot"}, (before, capacity_types)
    kube.apply(kwok_node_pool(node_pools(new_files)["delta"]))
    start, deadline = time.monotonic(), time.monotonic() + 240
    peak, samples, drifted, drifted_elsewhere = 0, 0, set(), set()
    timeline: list[tuple[float, list[str]]] = []  # (seconds, delta's NodeClaims disrupting) at each change
    while True:
        claims = node_claims(kube)
        by_provider = {n["spec"].get("providerID"): n for n in nodes(kube).values()}
        mine = [c for c in claims if c["metadata"]["labels"].get("karpenter.sh/nodepool") == "delta"]
        # Drift's disruptions: of Drifted NodeClaims (the budget is drift's; Karpenter counts every disrupted node of
        # the pool against it, so other reasons' only lower what drift may take).
        now = sorted(
            c["metadata"]["name"]
            for c in mine
            if condition(c, "Drifted") == "True"
            and disrupting(c, by_provider.get(c.get("status", {}).get("providerID")))
        )
        samples += 1
        if not timeline or timeline[-1][1] != now:
            timeline.append((round(time.monotonic() - start, 1), now))
        peak = max(peak, len(now))
        drifted |= {c["metadata"]["name"] for c in mine if condition(c, "Drifted") == "True"}
        drifted_elsewhere |= {
            c["metadata"]["name"] for c in claims if c not in mine and condition(c, "Drifted") == "True"
        }
        replaced = (
            not {c["metadata"]["name"] for c in mine} & before
            and len(mine) >= REPLICAS
            and all(c["metadata"]["labels"].get("karpenter.sh/capacity-type") == "on-demand" for c in mine)
        )
        if replaced and running_replicas(kube, "delta", "web", REPLICAS):
            break
        if time.monotonic() > deadline:
            raise TimeoutError(
                f"delta's NodeClaims replaced by on-demand ones and its Deployment Running again "
                f"(240 s; disrupting over time {timeline})\n{cluster.state()}\n{cluster.stack.logs()}"
            )
        time.sleep(0.3)
    phases.note(
        f"karpenter e2e: drift of delta spot -> on-demand: plan's budget {budget} nodes at a time; Karpenter "
        f"replaced {len(before)} NodeClaims in {time.monotonic() - start:.0f} s, at most {peak} disrupted at once "
        f"({samples} samples; disrupting over time {timeline})"
    )
    assert before <= drifted, f"not seen Drifted: {before - drifted}"
    assert not drifted_elsewhere, f"plan says only delta drifts; Karpenter marked {drifted_elsewhere} Drifted"
    assert 1 <= peak <= budget, (peak, budget, timeline)
    for claim in launched_claims(cluster, "delta"):
        it = cluster.catalogue[claim["metadata"]["labels"][LAUNCHED]]
        assert allowed(node_pools(new_files)["delta"], it), it.name
    assert_on_own_nodes(cluster, "delta", running_replicas(kube, "delta", "web", REPLICAS) or [])


def test_consolidation_removes_a_tenant_s_empty_nodes(cluster: Cluster) -> None:
    """alpha's pods deleted and delta's Deployment scaled to zero (its ReplicaSet deletes the pods): consolidation
    removes all their NodeClaims and Nodes, and no other tenant's."""
    kube = cluster.kube
    gone = {"alpha", "delta"}
    pool_nodes = {
        n["metadata"]["name"]
        for n in nodes(kube).values()
        if n["metadata"].get("labels", {}).get("karpenter.sh/nodepool") in gone
    }
    others = {
        c["metadata"]["name"] for c in node_claims(kube) if c["metadata"]["labels"]["karpenter.sh/nodepool"] not in gone
    }
    assert {pool for pool in gone if node_claims(kube, pool)} == gone
    delete_pods(kube, "alpha")
    kube.request(
        "PATCH",
        kube.path("apps/v1", "Deployment", "delta", "web"),
        {"spec": {"replicas": 0}},
        "application/merge-patch+json",
    )
    cluster.wait(lambda: not deployment_pods(kube, "delta", "web"), "delta's ReplicaSet to delete its pods")
    cluster.wait(
        lambda: not any(node_claims(kube, pool) for pool in gone) and not (pool_nodes & set(nodes(kube))),
        "alpha's and delta's NodeClaims and Nodes removed by consolidation",
        timeout=180,
    )
    # Other tenants' NodeClaims are untouched.
    assert others <= {c["metadata"]["name"] for c in node_claims(kube)}


def test_a_static_pool_keeps_its_replicas_with_no_pod_of_its_own(cluster: Cluster) -> None:
    """zeta's static NodePool (replicas 2): Karpenter launches exactly that many nodes of zeta's, though no pod asks,
    and launches no more (its limits.nodes is 2 too)."""
    kube = cluster.kube
    cluster.wait(
        lambda: len([c for c in node_claims(kube, "zeta") if condition(c, "Initialized") == "True"]) == STATIC,
        f"zeta's {STATIC} static NodeClaims initialized",
    )
    assert not kube.list("v1", "Pod", "zeta")
    claims = node_claims(kube, "zeta")
    assert len(claims) == STATIC
    for claim in claims:
        node = nodes(kube)[claim["status"]["nodeName"]]
        assert node["metadata"]["labels"]["tenant"] == "zeta"
        assert {"key": "tenant", "value": "zeta", "effect": "NoSchedule"} in node["spec"]["taints"]
        assert claim["metadata"]["labels"]["node.kubernetes.io/instance-type"] == "m7i.large"


def test_a_buffer_keeps_room_that_the_tenants_pods_take_without_a_new_node(cluster: Cluster) -> None:
    """epsilon's CapacityBuffer (2 chunks of 2 cpu, its PodTemplate as synth wrote it): Karpenter launches room for
    them on epsilon's pool with no pod of epsilon's pending; epsilon's pods of that size then bind to those nodes at
    once, and Karpenter launches room again (the buffer refills)."""
    kube = cluster.kube

    def room() -> set[str] | None:
        from karpenter_tenants.config.schema.base import quantity_value

        claims = [c for c in node_claims(kube, "epsilon") if condition(c, "Initialized") == "True"]
        cpus = sum(quantity_value(c["status"]["allocatable"]["cpu"]) for c in claims)
        return {c["status"]["nodeName"] for c in claims} if cpus >= 4 else None

    before = cluster.wait(room, "room for epsilon's buffer (4 cpu) on its pool's nodes")
    assert not kube.list("v1", "Pod", "epsilon")
    claims_before = {c["metadata"]["name"] for c in node_claims(kube, "epsilon")}
    names = create(kube, pod("e-1", "epsilon", cpu="2"), pod("e-2", "epsilon", cpu="2"))
    cluster.wait(lambda: running(kube, "epsilon", names), "epsilon's pods bound and Running", timeout=30)
    assert {get_pod(kube, "epsilon", n)["spec"]["nodeName"] for n in names} <= before, "the pods waited for a new node"
    cluster.wait(
        lambda: {c["metadata"]["name"] for c in node_claims(kube, "epsilon")} - claims_before,
        "Karpenter to launch room again for epsilon's buffer",
    )
