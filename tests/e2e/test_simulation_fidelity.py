"""`plan --workloads` against the real thing: the same pools (as synth writes them) and the same pods, once through
the running Karpenter (the kwok provider: the core controllers of the pinned release, on a real control plane with
kube-scheduler) and once through the product's simulation (karpenter_tenants/simulation: Karpenter's scheduler in
the Go program), with the same instance types (the kwok provider's file, converted: capacity, kwok's overhead,
every karpenter.k8s.aws/* label, offerings and prices). Asserted: the same pods left pending and the same number of
NodeClaims per pool; and, from a snapshot of running pods (nodes and bound pods) and more pods after it, the same
NodeClaims per pool launched for them and the same pods pending per tenant. The only rewrite on the cluster side is
nodeClassRef's group and kind (docs/e2e.md)."""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import cluster_dict, load

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
from karpenter_tenants.simulation import binary
from karpenter_tenants.simulation.placement import node_name, running_pods
from karpenter_tenants.simulation.revision import request, side_of
from karpenter_tenants.simulation.run import read_nodes
from karpenter_tenants.simulation.workloads import workloads_of
from karpenter_tenants.synthesis.render import render_cluster

AMI = {"alias": "al2023@v20261101"}
TENANTS: list[dict[str, Any]] = [
    {
        "name": "alpha",
        "namespaces": ["alpha"],
        "nodeRole": "node-alpha",
        "ami": AMI,
        "requirements": {"instanceCategories": ["c", "m"], "capacityTypes": ["spot"]},
        "limits": {"cpu": "8"},
    },
    {
        "name": "beta",
        "namespaces": ["beta"],
        "nodeRole": "node-beta",
        "ami": AMI,
        "requirements": {"instanceCategories": ["r"], "capacityTypes": ["on-demand"]},
        "limits": {"cpu": "4"},
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
]
TIMEOUT = 180


def pod(name: str, tenant: str, cpu: str = "1", gpus: int = 0) -> dict[str, Any]:
    requests: dict[str, str] = {"cpu": cpu, "memory": "512Mi"}
    resources: dict[str, Any] = {"requests": requests}
    tolerations = [{"key": "tenant", "operator": "Equal", "value": tenant, "effect": "NoSchedule"}]
    if gpus:
        requests["nvidia.com/gpu"] = str(gpus)
        resources["limits"] = {"nvidia.com/gpu": str(gpus)}
        tolerations.append({"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"})
    return {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": {"name": name, "namespace": tenant, "labels": {"app": name}},
        "spec": {
            "containers": [{"name": "app", "image": "registry.invalid/app:1", "resources": resources}],
            "terminationGracePeriodSeconds": 0,
            "nodeSelector": {"tenant": tenant},
            "tolerations": tolerations,
        },
    }


PODS = [
    *(pod(f"a-{i}", "alpha", cpu="1500m") for i in range(6)),  # 9 cpus asked, 8 allowed
    pod("a-huge", "alpha", cpu="200"),  # no type that large
    *(pod(f"b-{i}", "beta", cpu="1500m") for i in range(4)),  # 6 cpus asked, 4 allowed
    *(pod(f"g-{i}", "gamma", gpus=1) for i in range(3)),  # 3 GPUs asked, 2 allowed
]


def partitioned(asked: dict[str, Any], side: Any) -> dict[str, Any]:
    """The answer of the question asked in its parts (simulation.partition, as `plan` asks it), as `same` reads it;
    the case did split (a part per tenant)."""
    from karpenter_tenants.simulation import partition

    assert len(partition.split(asked, side.tenant_of_pool, side.tenant_of_namespace)) > 1
    return same(partition.solve_all([asked], side.tenant_of_pool, side.tenant_of_namespace, 1, keep=False)[0], side)


def same(answer: dict[str, Any], side: Any) -> dict[str, Any]:
    """An answer with each pending pod's reason as its own pools' messages (simulation.reasons): a joint answer also
    names pools the pod cannot reach (another tenant's exhausted limit is checked before its taint), which a part
    never tries; everything else byte for byte."""
    from karpenter_tenants.simulation.reasons import own_reason

    pending = [
        {
            "pod": entry["pod"],
            "own": own_reason(entry["reason"], side.tenant_of_namespace.get(entry["pod"].split("/")[0], ""), side).own,
        }
        for entry in answer["pending"]
    ]
    return {**answer, "pending": pending}


def simulator_types(kwok_file: Path) -> list[dict[str, Any]]:
    """The kwok provider's instance types (kwok/cloudprovider/helpers.go newInstanceType) as the simulation's input:
    the same capacity and overhead (kube-reserved 100m cpu, 10Mi memory), labels and offerings."""
    types = []
    for option in json.loads(kwok_file.read_text()):
        labels = {"kubernetes.io/arch": option["architecture"], "kubernetes.io/os": "linux"}
        offerings = []
        for offering in option["offerings"]:
            requirements = {r["key"]: r["values"][0] for r in offering["Requirements"]}
            labels.update({k: v for k, v in requirements.items() if k.startswith("karpenter.k8s.aws/")})
            offerings.append(
                {
                    "zone": requirements["topology.kubernetes.io/zone"],
                    "capacityType": requirements["karpenter.sh/capacity-type"],
                    "price": offering["Price"],
                    "available": offering["Available"],
                }
            )
        types.append(
            {
                "name": option["name"],
                "labels": labels,
                "capacity": option["resources"],
                "overhead": {"kubeReserved": {"cpu": "100m", "memory": "10Mi"}},
                "offerings": offerings,
            }
        )
    return types


def karpenter_with(
    tenants: list[dict[str, Any]],
    name: str,
    kube_binaries: dict[str, Path],
    control_planes: Any,
    phases: Phases,
    folder: Path,
) -> tuple[Kube, dict[str, str], Path, KarpenterStack]:
    """A control plane with these tenants' NodePools (as synth writes them) and the running Karpenter (kwok)."""
    karpenter = build(KARPENTER, phases)["kwok"]
    kwok = build(KWOK, phases)["kwok"]
    files = render_cluster(load(folder, cluster_dict(tenants=tenants)))
    instance_types_file(folder / "instance-types.json")
    plane, kube = control_planes(name, ("--disable-admission-plugins=TaintNodesByCondition",))
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
    for tenant in tenants:
        kube.apply(namespace(tenant["name"]))
        kube.apply(kwok_node_class(tenant["name"]))
        mark_node_class_ready(kube, tenant["name"])
        kube.apply(kwok_node_pool(pools[tenant["name"]]))
    kube.apply(namespace("karpenter"))
    stack = KarpenterStack(
        plane, kube_binaries, karpenter, kwok, folder / "instance-types.json", folder, chart_feature_gates(files)
    )
    try:
        stack.start(kube)
        for each in (t["name"] for t in tenants):
            wait_for(lambda n=each: kube.get("v1", "ServiceAccount", "default", n), 60, f"{each}'s default account")
    except BaseException:
        stack.stop()
        raise
    return kube, files, folder / "instance-types.json", stack


@pytest.fixture(scope="module")
def running(
    kube_binaries: dict[str, Path], control_planes: Any, phases: Phases, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[Kube, dict[str, str], Path]]:
    kube, files, kwok_file, stack = karpenter_with(
        TENANTS, "fidelity", kube_binaries, control_planes, phases, tmp_path_factory.mktemp("fidelity")
    )
    try:
        yield kube, files, kwok_file
    finally:
        stack.stop()


def settled(kube: Kube, tenants: list[dict[str, Any]]) -> tuple[dict[str, int], dict[str, str]]:
    """(NodeClaims per pool, pod → node of the bound pods) once both stayed the same for 15 s (Karpenter's batch
    window and a scheduling round)."""

    def claims_by_pool() -> dict[str, int]:
        counts: dict[str, int] = {}
        for claim in kube.list("karpenter.sh/v1", "NodeClaim"):
            pool = claim["metadata"].get("labels", {}).get("karpenter.sh/nodepool", "")
            counts[pool] = counts.get(pool, 0) + 1
        return counts

    def bound() -> dict[str, str]:
        return {
            f"{t['name']}/{p['metadata']['name']}": p["spec"]["nodeName"]
            for t in tenants
            for p in kube.list("v1", "Pod", t["name"])
            if p["spec"].get("nodeName")
        }

    last: tuple[Any, ...] = ()
    stable_since = time.monotonic()
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        now = (tuple(sorted(claims_by_pool().items())), tuple(sorted(bound().items())))
        if now != last:
            last, stable_since = now, time.monotonic()
        elif time.monotonic() - stable_since >= 15 and now[1]:
            return dict(last[0]), dict(last[1])
        time.sleep(1)
    raise TimeoutError(f"Karpenter did not settle within {TIMEOUT} s: {last}")


def test_the_simulation_answers_as_the_running_karpenter_does(
    running: tuple[Kube, dict[str, str], Path], phases: Phases
) -> None:
    kube, files, kwok_file = running
    for each in PODS:  # one batch: Karpenter's batcher takes pods arriving within a second together
        kube.apply(each)

    real_claims, real_bound = settled(kube, TENANTS)
    all_pods = {f"{p['metadata']['namespace']}/{p['metadata']['name']}" for p in PODS}
    real_pending = all_pods - set(real_bound)

    data = cluster_dict(tenants=TENANTS)
    side = side_of(
        {f"acme/{path}": text for path, text in files.items()}, "acme", data
    )  # render_cluster: one cluster's
    workloads = workloads_of({"kind": "List", "items": PODS}, "pods")
    answer = binary.solve(request(side, [], workloads, simulator_types(kwok_file)))
    assert partitioned(request(side, [], workloads, simulator_types(kwok_file)), side) == same(answer, side)
    simulated_claims: dict[str, int] = {}
    for claim in answer["nodeClaims"]:
        simulated_claims[claim["nodePool"]] = simulated_claims.get(claim["nodePool"], 0) + 1
    simulated_pending = {entry["pod"] for entry in answer["pending"]}
    phases.note(
        f"simulation fidelity: Karpenter {real_claims} NodeClaims, pending {sorted(real_pending)}; "
        f"simulation {simulated_claims}, pending {sorted(simulated_pending)}"
    )
    assert simulated_claims == real_claims
    # which of identical pods stays pending is Karpenter's choice; how many per tenant, and the one no type fits, not
    assert Counter(p.split("/")[0] for p in simulated_pending) == Counter(p.split("/")[0] for p in real_pending)
    assert "alpha/a-huge" in simulated_pending and "alpha/a-huge" in real_pending


# --- from a snapshot with running pods: the cluster as it is, then more pods ------------------------------------------

# delta's limit is used up by its running nodes (phase 2 launches nothing for it: its pods stay pending), omega's is
# not. Not a limit reached between rounds of phase 2: the kwok provider's nodes report the NodeClaim's requests as
# status.capacity (a 2-pod c6a.xlarge: cpu 3), which the running Karpenter counts against the limit once launched,
# where the simulation's launched node, as an EC2 one, has the type's capacity (4).
RUNNING_TENANTS: list[dict[str, Any]] = [
    {
        "name": "delta",
        "namespaces": ["delta"],
        "nodeRole": "node-delta",
        "ami": AMI,
        "requirements": {"instanceCategories": ["c", "m"], "capacityTypes": ["on-demand"]},
        "limits": {"cpu": "6"},
    },
    {
        "name": "omega",
        "namespaces": ["omega"],
        "nodeRole": "node-omega",
        "ami": AMI,
        "requirements": {"instanceCategories": ["r"], "capacityTypes": ["on-demand"]},
        "limits": {"cpu": "16"},
    },
]
FIRST = [*(pod(f"d-{i}", "delta", cpu="1500m") for i in range(3)), *(pod(f"o-{i}", "omega") for i in range(2))]
THEN = [
    *(pod(f"d-{i}", "delta", cpu="1500m") for i in range(3, 8)),
    pod("d-huge", "delta", cpu="200"),
    *(pod(f"o-{i}", "omega", cpu="2") for i in range(2, 6)),
]


@pytest.fixture(scope="module")
def snapshot_cluster(
    kube_binaries: dict[str, Path], control_planes: Any, phases: Phases, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[Kube, dict[str, str], Path]]:
    kube, files, kwok_file, stack = karpenter_with(
        RUNNING_TENANTS,
        "fidelity-running",
        kube_binaries,
        control_planes,
        phases,
        tmp_path_factory.mktemp("fidelity-running"),
    )
    try:
        yield kube, files, kwok_file
    finally:
        stack.stop()


def test_from_a_snapshot_with_running_pods_the_simulation_answers_as_karpenter_does(
    snapshot_cluster: tuple[Kube, dict[str, str], Path], phases: Phases, tmp_path: Path
) -> None:
    """Pods run on the nodes Karpenter launched for them; the snapshot (nodes and bound pods, as `snapshot` keeps
    them) is taken; more pods come. The running Karpenter and the simulation from the snapshot (the running pods
    bound where they run: simulation.placement) launch the same NodeClaims per pool for them and leave the same pods
    pending per tenant (the pools' limits count the running nodes)."""
    kube, files, kwok_file = snapshot_cluster
    for each in FIRST:
        kube.apply(each)
    claims_before, bound_before = settled(kube, RUNNING_TENANTS)
    assert len(bound_before) == len(FIRST), bound_before
    snapshot = tmp_path / "nodes.json"
    snapshot.write_text(json.dumps({"kind": "List", "items": kube.list("v1", "Node")}))
    nodes = read_nodes(snapshot)
    for each in THEN:
        kube.apply(each)
    claims_after, bound_after = settled(kube, RUNNING_TENANTS)
    real_claims = {
        pool: n - claims_before.get(pool, 0) for pool, n in claims_after.items() if n != claims_before.get(pool, 0)
    }
    real_pending = {f"{p['metadata']['namespace']}/{p['metadata']['name']}" for p in THEN} - set(bound_after)

    items = [
        *(
            {
                **each,
                "spec": {
                    **each["spec"],
                    "nodeName": bound_before[f"{each['metadata']['namespace']}/{each['metadata']['name']}"],
                },
                "status": {"phase": "Running"},
            }
            for each in FIRST
        ),
        *THEN,
    ]  # the snapshot: running pods, then more
    workloads = workloads_of({"kind": "List", "items": items}, "snapshot")
    placed = running_pods(workloads, {node_name(n) for n in nodes})
    assert placed == bound_before  # every running pod where the snapshot has it
    side = side_of(
        {f"acme/{path}": text for path, text in files.items()}, "acme", cluster_dict(tenants=RUNNING_TENANTS)
    )
    answer = binary.solve(request(side, nodes, workloads, simulator_types(kwok_file), (), placed))
    assert partitioned(request(side, nodes, workloads, simulator_types(kwok_file), (), placed), side) == same(
        answer, side
    )
    assert sorted(pod for node in answer["bound"] for pod in node["pods"]) == sorted(bound_before)
    simulated_claims = dict(Counter(claim["nodePool"] for claim in answer["nodeClaims"]))
    simulated_pending = {entry["pod"] for entry in answer["pending"]}
    phases.note(
        f"simulation fidelity from running pods ({len(bound_before)} on {len(nodes)} node(s), "
        f"{claims_before}): Karpenter {real_claims} NodeClaims more, pending {sorted(real_pending)}; "
        f"simulation {simulated_claims}, pending {sorted(simulated_pending)}"
    )
    assert simulated_claims == real_claims
    assert Counter(p.split("/")[0] for p in simulated_pending) == Counter(p.split("/")[0] for p in real_pending)
    assert "delta/d-huge" in simulated_pending and "delta/d-huge" in real_pending
