"""Exact partitioning (simulation.partition, issue 54 "speed"): the cluster split into parts no pod of which can reach
another's pools or nodes, each part asked of Karpenter's own scheduler, gives the joint solve's answer. On randomized
clusters (tenants with their own taints, labels, limits and types; pods that fit, that do not fit, that tolerate
nothing, of no tenant, running on node-group nodes; hostname spreads and anti-affinity; a pull request changing one
tenant, consolidation asked), the partitioned answer equals the joint one: where every pod goes, every NodeClaim
(pool, type, zone, capacity type, price), every pending pod and its own pools' messages, consolidation, dropped pools.
And the split itself: what joins, what keeps apart, when it falls back to one joint question."""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest
from conftest import cluster_dict, write_cluster
from test_simulation import deployment, node, pod_spec, tenant

from karpenter_tenants.capacity.catalogue import load_catalogue
from karpenter_tenants.config.loader import load_clusters
from karpenter_tenants.simulation import partition
from karpenter_tenants.simulation.offerings import catalogue_prices
from karpenter_tenants.simulation.reasons import own_reason
from karpenter_tenants.simulation.revision import side_of
from karpenter_tenants.simulation.run import simulate
from karpenter_tenants.simulation.workloads import workloads_of
from karpenter_tenants.synthesis.render import render

FAMILIES = ["m7i", "c7i", "r7i", "m7g"]
SIZES = ["large", "xlarge", "2xlarge"]
CPUS = ["250m", "500m", "1", "3", "7", "40"]


@pytest.fixture(scope="module")
def catalogue(shared: Path) -> Any:
    return load_catalogue(shared)


def random_tenant(rng: random.Random, name: str) -> dict[str, Any]:
    fields: dict[str, Any] = {
        "requirements": {
            "instanceFamilies": rng.sample(FAMILIES, rng.randint(1, 2)),
            "instanceSizes": rng.sample(SIZES, rng.randint(1, 3)),
            "capacityTypes": rng.choice([["on-demand"], ["spot", "on-demand"]]),
        }
    }
    if "m7g" in fields["requirements"]["instanceFamilies"]:
        fields["requirements"]["architectures"] = ["arm64", "amd64"]
    if rng.random() < 0.4:
        fields["limits"] = {"cpu": rng.choice(["8", "16", "32"])}
    return tenant(name, **fields)


def random_workloads(rng: random.Random, names: list[str], groups: int) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    for name in names:
        for number in range(rng.randint(1, 3)):
            spec = pod_spec(cpu=rng.choice(CPUS), memory=rng.choice(["512Mi", "2Gi", "6Gi"]), tenant_name=name)
            shape = rng.random()
            if shape < 0.2:
                spec["topologySpreadConstraints"] = [
                    {
                        "maxSkew": 1,
                        "topologyKey": "kubernetes.io/hostname",
                        "whenUnsatisfiable": "DoNotSchedule",
                        "labelSelector": {"matchLabels": {"app": f"w{number}"}},
                    }
                ]
            elif shape < 0.35:
                spec["affinity"] = {
                    "podAntiAffinity": {
                        "requiredDuringSchedulingIgnoredDuringExecution": [
                            {
                                "topologyKey": "kubernetes.io/hostname",
                                "labelSelector": {"matchLabels": {"app": f"w{number}"}},
                            }
                        ]
                    }
                }
            elif shape < 0.45:
                del spec["tolerations"]  # tolerates nothing: pending, with its own pool's taint message
            items.append(deployment(name, f"w{number}", rng.randint(1, 6), spec))
    # pods of no tenant: on the node groups' nodes when there are some (else pending)
    items.append(deployment("default", "shared", rng.randint(1, 4), pod_spec(cpu=rng.choice(["250m", "1"]))))
    if groups:
        items.append(
            {
                "apiVersion": "v1",
                "kind": "Pod",
                "metadata": {"namespace": "kube-system", "name": "dns"},
                "spec": {**pod_spec(cpu="100m"), "nodeName": "group-0"},
                "status": {"phase": "Running"},
            }
        )
    return items


def sides(tmp_path: Path, tenants: list[dict[str, Any]], changed: list[dict[str, Any]]) -> tuple[Any, Any]:
    found = []
    for label, listed in (("base", tenants), ("head", changed)):
        data = cluster_dict(tenants=listed)
        write_cluster(tmp_path / label / "clusters", data)
        found.append(side_of(render(load_clusters(tmp_path / label / "clusters")), "acme", data))
    return found[0], found[1]


def comparable(simulated: Any) -> dict[str, Any]:
    """Everything the plan reads of a simulation, each pending pod's reason as its own pools' messages."""
    out: dict[str, Any] = {}
    for label, result, side in (
        ("base", simulated.base, simulated.base_side),
        ("head", simulated.head, simulated.head_side),
    ):
        tenants = {name: t.as_json() for name, t in result.tenants.items()}
        own = {}
        for name, t in tenants.items():
            for entry in t["pending"]:
                reason = own_reason(str(entry["reason"]), name, side)
                own[entry["pod"]] = (reason.own, reason.tenant_without_pool)
                entry["reason"] = None
        out[label] = {"tenants": tenants, "placement": result.placement, "own": own, "dropped": result.dropped_pools}
    return out


def both_ways(monkeypatch: pytest.MonkeyPatch, run: Any) -> tuple[dict[str, Any], dict[str, Any], list[int]]:
    sizes: list[int] = []
    split = partition.split

    def counting(*args: Any) -> list[dict[str, Any]]:
        parts = split(*args)
        sizes.append(len(parts))
        return parts

    monkeypatch.setattr(partition, "split", counting)
    parted = comparable(run())
    monkeypatch.setattr(
        partition, "split", lambda request, *_: [{k: v for k, v in request.items() if k != "instanceTypes"}]
    )
    joint = comparable(run())
    monkeypatch.setattr(partition, "split", split)
    return parted, joint, sizes


@pytest.mark.parametrize("seed", range(10))
def test_partitioned_equals_joint_on_randomized_clusters(
    seed: int, tmp_path: Path, catalogue: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(seed)
    names = [f"t{n}" for n in range(rng.randint(2, 5))]
    tenants = [random_tenant(rng, name) for name in names]
    changed = copy.deepcopy(tenants)  # the pull request: one tenant's types or limits changed (consolidation asked)
    victim = rng.randrange(len(changed))
    changed[victim]["requirements"]["instanceSizes"] = rng.sample(SIZES, rng.randint(1, 3))
    changed[victim]["limits"] = {"cpu": rng.choice(["8", "64"])}
    groups = rng.randint(0, 3)
    nodes = [
        node(
            f"group-{n}",
            {
                "eks.amazonaws.com/nodegroup": "legacy",
                "kubernetes.io/arch": "amd64",
                "topology.kubernetes.io/zone": "ca-central-1a",
                "kubernetes.io/hostname": f"group-{n}",
            },
        )
        for n in range(groups)
    ]
    base, head = sides(tmp_path, tenants, changed)
    workloads = workloads_of({"kind": "List", "items": random_workloads(rng, names, groups)}, "workloads.json")
    prices = catalogue_prices(catalogue)

    def run() -> Any:
        return simulate("acme", "ca-central-1", base, head, nodes, workloads, catalogue, prices, keep=False)

    parted, joint, sizes = both_ways(monkeypatch, run)
    assert parted == joint
    assert max(sizes) > 1, sizes  # the cluster did split


def test_a_one_tenant_pull_request_asks_only_that_tenants_part(
    tmp_path: Path, catalogue: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the base kept from an earlier plan, the head's unchanged tenants are read from the base's kept parts."""
    names = ["alpha", "beta", "gamma"]
    tenants = [tenant(name, requirements={"instanceFamilies": ["m7i"]}) for name in names]
    changed = copy.deepcopy(tenants)
    changed[1]["limits"] = {"cpu": "8"}
    base, head = sides(tmp_path, tenants, changed)
    items = [deployment(name, "web", 3, pod_spec(cpu="1", tenant_name=name)) for name in names]
    workloads = workloads_of({"kind": "List", "items": items}, "workloads.json")
    prices = catalogue_prices(catalogue)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    asked: list[int] = []
    batch = partition.batch_solve

    def counting(parts: list[dict[str, Any]], *args: Any) -> list[dict[str, Any]]:
        asked.append(len(parts))
        return batch(parts, *args)

    monkeypatch.setattr(partition, "batch_solve", counting)
    simulate("acme", "ca-central-1", base, base, [], workloads, catalogue, prices)  # main's own plan: its parts kept
    assert sum(asked) == 3  # one part per tenant
    asked.clear()
    first = simulate("acme", "ca-central-1", base, head, [], workloads, catalogue, prices)
    # beta's part at head (its pool changed: a new question) and at base (consolidation of beta's pool asked)
    assert sum(asked) == 2
    asked.clear()
    again = simulate("acme", "ca-central-1", base, head, [], workloads, catalogue, prices)
    assert asked == [] and comparable(again) == comparable(first)


def test_what_joins_and_what_stays_apart() -> None:
    def pool(name: str, taint: bool = True) -> dict[str, Any]:
        return {
            "metadata": {"name": name},
            "spec": {
                "template": {
                    "metadata": {"labels": {"tenant": name}},
                    "spec": {
                        "nodeClassRef": {"name": name},
                        "taints": [{"key": "tenant", "value": name, "effect": "NoSchedule"}] if taint else [],
                    },
                }
            },
        }

    def pending(namespace: str, name: str, **spec: Any) -> dict[str, Any]:
        return {"metadata": {"namespace": namespace, "name": name}, "spec": {"containers": [], **spec}}

    def pinned(tenant_name: str) -> dict[str, Any]:
        return {
            "nodeSelector": {"tenant": tenant_name},
            "tolerations": [{"key": "tenant", "value": tenant_name, "effect": "NoSchedule"}],
        }

    owners = {"a": "a", "b": "b"}
    request = {
        "nodePools": [pool("a"), pool("b")],
        "nodeClasses": [{"metadata": {"name": "a"}}, {"metadata": {"name": "b"}}],
        "instanceTypes": [],
        "nodes": [],
        "daemonSets": [],
        "pods": [pending("a", "x", **pinned("a")), pending("b", "y", **pinned("b"))],
    }
    parts = partition.split(request, owners, owners)
    assert [[p["metadata"]["name"] for p in part["pods"]] for part in parts] == [["x"], ["y"]]
    assert [[c["metadata"]["name"] for c in part["nodeClasses"]] for part in parts] == [["a"], ["b"]]
    # a pod tolerating every taint and selecting nothing reaches both pools: one part
    loose = {**request, "pods": [*request["pods"], pending("c", "z", tolerations=[{"operator": "Exists"}])]}
    assert len(partition.split(loose, owners, owners)) == 1
    # consolidation asked of both pools: one part
    assert len(partition.split({**request, "disruption": ["a", "b"]}, owners, owners)) == 1
    # a zone spread: its domains are every pool's, one joint question
    zoned = copy.deepcopy(request)
    zoned["pods"][0]["spec"]["topologySpreadConstraints"] = [
        {"topologyKey": "topology.kubernetes.io/zone", "maxSkew": 1}
    ]
    assert partition.split(zoned, owners, owners) == [{k: v for k, v in zoned.items() if k != "instanceTypes"}]
    # an affinity counting another namespace's pods: one joint question
    across = copy.deepcopy(request)
    across["pods"][0]["spec"]["affinity"] = {
        "podAffinity": {
            "requiredDuringSchedulingIgnoredDuringExecution": [
                {"topologyKey": "kubernetes.io/hostname", "namespaces": ["b"], "labelSelector": {}}
            ]
        }
    }
    assert len(partition.split(across, owners, owners)) == 1
    # a pod bound to a node joins the node; a custom label the pool does not define keeps them apart
    shared_node = {"metadata": {"name": "n1", "labels": {"role": "shared"}}, "spec": {}}
    bound = {
        **request,
        "nodes": [shared_node],
        "pods": [
            *request["pods"],
            pending("a", "w", nodeName="n1"),
            pending("b", "v", nodeSelector={"role": "shared"}),
        ],
    }
    assert len(partition.split(bound, owners, owners)) == 1  # a's pod and b's pod share n1
    # a pod reaching no pool while the cluster has some says so (not "no dynamic nodepools found")
    stray = {**request, "pods": [*request["pods"], pending("d", "s", nodeSelector={"tenant": "nobody"})]}
    lonely = [p for p in partition.split(stray, owners, owners) if p["pods"][0]["metadata"]["name"] == "s"]
    assert lonely[0]["nodePools"] == [] and lonely[0]["poolsElsewhere"] == 2


def test_a_pod_reaching_no_pool_says_how_many_refuse_it(tmp_path: Path, catalogue: Any) -> None:
    base, _ = sides(tmp_path, [tenant("alpha")], [tenant("alpha")])
    items = [
        deployment("alpha", "web", 1, pod_spec(tenant_name="alpha")),
        deployment("other", "stray", 1, pod_spec(nodeSelector={"tenant": "nobody"})),
    ]
    result = simulate(
        "acme",
        "ca-central-1",
        base,
        base,
        [],
        workloads_of({"kind": "List", "items": items}, "w.json"),
        catalogue,
        catalogue_prices(catalogue),
        keep=False,
    )
    assert result.head.reasons["other/stray-0"] == (
        "no NodePool it can reach (the cluster's 1 NodePool(s) refuse it "
        "by taint or label), and no existing node fits it"
    )


def test_pods_with_a_signature_each_against_many_nodes_fall_back_to_one_question(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The split checks each scheduling signature against every pool and node: a pod a signature makes that pods x
    nodes (quadratic; 20,000 x 5,000 took 157 s in a hostile round). Past the budget: one joint question, at once."""
    import time

    nodes = [{"metadata": {"name": f"n{i}", "labels": {"team": f"w{i}"}}, "spec": {}} for i in range(2_000)]
    pods = [
        {"metadata": {"namespace": "x", "name": f"p{i}"}, "spec": {"nodeSelector": {"team": f"v{i}"}}}
        for i in range(5_000)
    ]
    request = {"nodePools": [], "nodeClasses": [], "instanceTypes": [], "nodes": nodes, "pods": pods, "daemonSets": []}
    started = time.process_time()
    parts = partition.split(request, {}, {})
    assert parts == [{k: v for k, v in request.items() if k != "instanceTypes"}]
    assert time.process_time() - started < 5
    monkeypatch.setattr(partition, "CHECKS_BUDGET", 10**9)  # under the budget the same input splits
    small = {**request, "nodes": nodes[:20], "pods": pods[:50]}
    assert len(partition.split(small, {}, {})) > 1
