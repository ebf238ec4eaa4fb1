"""`plan --workloads` at a platform team's scale, against its own baseline in the same run.

Run: .venv/bin/python bench/simulation.py [--tenants 40] [--pods 2000] [--repeat 3]

A cluster of N tenants (synthesized by the product, each with its own NodePool) and P pods spread over them (one
Deployment per tenant, mixed sizes), the scheduler built already (it is built once per machine, outside the
measure). It times, fastest of --repeat:
- simulate: both revisions (base and head) through Karpenter's scheduler, as `plan --workloads` runs them, with the
  catalogue's 1,336 instance types offered in three zones;
- baseline: the same with P/10 pods, so the ratio says how the cost grows with the pods (linear: about 10×);
- kept base: the base's answer kept from an earlier plan (every pull request against the same main asks the same
  base question), the head's asked with the machine's cores as Karpenter's workers; both kept (the plan run again);
- one revision: the scheduler program alone on the head's request (start-up, decoding, Solve, answer), the part
  in Go, consolidation asked of the pool the pull request changes, with 1 worker and with the machine's cores; and
  the same without asking what consolidation would do next (its share of the time);
- today's placement (the default of `plan --workloads`): every pod running on the nodes a first answer launched for
  it (the snapshot of a cluster that runs them), base + head neither kept, and the base kept;
- joint: the same plans with the cluster asked as one question (simulation.partition's split turned off), the
  baseline of the exact partitioning (a part per tenant here: each tenant's pods reach only its pool).
The issue's target: 40 tenants and 2,000 pods for base and head in under 5 s once built, the everyday one-tenant pull
request (base kept) under 2 s.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from karpenter_tenants.capacity.catalogue import load_catalogue  # noqa: E402
from karpenter_tenants.config.loader import load_clusters  # noqa: E402
from karpenter_tenants.reference.shared import shared_dir  # noqa: E402
from karpenter_tenants.simulation import binary  # noqa: E402
from karpenter_tenants.simulation.offerings import catalogue_prices, instance_types, zones_of  # noqa: E402
from karpenter_tenants.simulation.revision import changed_pools, request, side_of  # noqa: E402
from karpenter_tenants.simulation.run import cores, simulate  # noqa: E402
from karpenter_tenants.simulation.workloads import workloads_of  # noqa: E402
from karpenter_tenants.synthesis.render import render  # noqa: E402

SIZES = (("250m", "256Mi"), ("500m", "1Gi"), ("1", "2Gi"), ("2", "4Gi"))


def cluster(tenants: int) -> dict:
    return {
        "cluster": {"name": "bench", "accountId": "001234567890", "region": "us-east-1", "kubernetesVersion": "1.33"},
        "karpenter": {"version": "1.14.1"},
        "tenants": [
            {
                "name": f"t{n:03d}",
                "namespaces": [f"t{n:03d}"],
                "ami": {"alias": "al2023@v20261101"},
                "requirements": {"instanceCategories": ["c", "m", "r"], "capacityTypes": ["spot", "on-demand"]},
                "limits": {"cpu": "1000"},
            }
            for n in range(tenants)
        ],
    }


def workloads(tenants: int, pods: int) -> dict:
    items = []
    for n in range(tenants):
        name = f"t{n:03d}"
        cpu, memory = SIZES[n % len(SIZES)]
        spec = {
            "containers": [{"name": "c", "image": "i", "resources": {"requests": {"cpu": cpu, "memory": memory}}}],
            "nodeSelector": {"tenant": name},
            "tolerations": [{"key": "tenant", "operator": "Equal", "value": name, "effect": "NoSchedule"}],
        }
        items.append(
            {
                "kind": "Deployment",
                "metadata": {"namespace": name, "name": "app"},
                "spec": {
                    "replicas": pods // tenants + (1 if n < pods % tenants else 0),
                    "selector": {"matchLabels": {"app": "app"}},
                    "template": {"metadata": {"labels": {"app": "app"}}, "spec": spec},
                },
            }
        )
    return {"kind": "List", "items": items}


def side_of_changed(side):
    """The head of a one-tenant pull request: the first pool's cpu limit doubled."""
    import copy
    from dataclasses import replace

    pools = copy.deepcopy(side.pools)
    pools[0]["spec"]["limits"]["cpu"] = "2000"
    return replace(side, pools=pools)


def running_snapshot(side, document: dict, full, types) -> tuple[list, object]:
    """(nodes, workloads) of a cluster where every pod runs: a node per NodeClaim of a first answer (its type's
    labels and capacity, its pool's labels and taints), each pod of the answer running there."""
    answer = binary.solve(request(side, [], full, types), keep=False)
    by_type = {each["name"]: each for each in types}
    pools = {pool["metadata"]["name"]: pool["spec"]["template"] for pool in side.pools}
    specs = {item["metadata"]["namespace"]: item["spec"]["template"]["spec"] for item in document["items"]}
    nodes, items = [], list(document["items"])
    for number, claim in enumerate(answer["nodeClaims"]):
        name, template, kind = f"node-{number}", pools[claim["nodePool"]], by_type[claim["instanceType"]]
        labels = {
            **kind["labels"],
            **(template.get("metadata") or {}).get("labels", {}),
            "karpenter.sh/nodepool": claim["nodePool"],
            "topology.kubernetes.io/zone": claim["zone"],
            "karpenter.sh/capacity-type": claim["capacityType"],
        }
        nodes.append(
            {
                "apiVersion": "v1",
                "kind": "Node",
                "metadata": {"name": name, "labels": labels},
                "spec": {"taints": template["spec"].get("taints") or []},
                "status": {
                    "allocatable": kind["capacity"],
                    "capacity": kind["capacity"],
                    "conditions": [{"type": "Ready", "status": "True"}],
                },
            }
        )
        for key in claim["pods"]:
            namespace, pod = key.split("/")
            items.append(
                {
                    "kind": "Pod",
                    "metadata": {
                        "namespace": namespace,
                        "name": f"{pod}-running",
                        "ownerReferences": [
                            {"apiVersion": "apps/v1", "kind": "Deployment", "name": "app", "controller": True}
                        ],
                    },
                    "spec": {**specs[namespace], "nodeName": name},
                    "status": {"phase": "Running"},
                }
            )
    return nodes, workloads_of({"kind": "List", "items": items}, "bench")


def forget_head(asked_base: dict, asked_head: dict) -> int:
    """Forget the kept answers of the head's parts that are not the base's (what a pull request asks anew); how many
    there were."""
    from karpenter_tenants.simulation import partition

    owners = ({}, {})  # every pool and namespace here is its tenant's by name: the split needs no map to join them
    digest = partition.types_digest(asked_head["instanceTypes"])
    base = {binary.kept_path(partition.kept_key(part, digest)) for part in partition.split(asked_base, *owners)}
    forgotten = 0
    for part in partition.split(asked_head, *owners):
        path = binary.kept_path(partition.kept_key(part, digest))
        if path not in base and path.is_file():
            path.unlink()
            forgotten += 1
    return forgotten


def cpu_seconds(run) -> float:
    """The CPU time (user + system) of the scheduler programs one call runs: what the parts cost in all, shared out
    over the cores of a larger runner (the parts are independent, asked in one batch per core)."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    run()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def fastest(repeat: int, run) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tenants", type=int, default=40)
    parser.add_argument("--pods", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    import yaml

    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch) / "clusters"
        folder.mkdir()
        data = cluster(args.tenants)
        (folder / "bench.yaml").write_text(yaml.safe_dump(data))
        side = side_of(render(load_clusters(folder)), "bench", data)
    catalogue = load_catalogue(shared_dir())
    prices = catalogue_prices(catalogue)
    started = time.perf_counter()
    binary.binary()
    print(f"scheduler ready in {time.perf_counter() - started:.1f} s (built now, or found in the cache)")
    full = workloads_of(workloads(args.tenants, args.pods), "bench")
    small = workloads_of(workloads(args.tenants, max(args.tenants, args.pods // 10)), "bench")
    # the head differs from the base (one tenant's limit), as in a pull request: two scheduler runs
    head = side_of_changed(side)
    types = instance_types(catalogue, zones_of("us-east-1", []), prices)
    changed = changed_pools(side, head)  # the pool the pull request changes: consolidation is asked of its nodes
    both = fastest(
        args.repeat, lambda: simulate("bench", "us-east-1", side, head, [], full, catalogue, prices, keep=False)
    )
    base = fastest(
        args.repeat, lambda: simulate("bench", "us-east-1", side, head, [], small, catalogue, prices, keep=False)
    )

    def head_only() -> None:  # the base's answer kept from an earlier plan; the head's asked
        forget_head(request(side, [], full, types, changed), request(head, [], full, types, changed))
        simulate("bench", "us-east-1", side, head, [], full, catalogue, prices)

    simulate("bench", "us-east-1", side, head, [], full, catalogue, prices)  # keeps the base's answer
    warm = fastest(args.repeat, head_only)
    again = fastest(args.repeat, lambda: simulate("bench", "us-east-1", side, head, [], full, catalogue, prices))
    count = cores()
    one = fastest(args.repeat, lambda: binary.solve(request(head, [], full, types, changed), keep=False))
    one_all = fastest(args.repeat, lambda: binary.solve(request(head, [], full, types, changed), count, keep=False))
    plain = fastest(args.repeat, lambda: binary.solve(request(head, [], full, types), keep=False))
    nodes, running = running_snapshot(side, workloads(args.tenants, args.pods), full, types)
    placed = simulate("bench", "us-east-1", side, head, nodes, running, catalogue, prices, keep=False)
    assert placed.base.start["running"] == len(running.pods), placed.base.start["running"]  # every pod runs
    today = fastest(
        args.repeat, lambda: simulate("bench", "us-east-1", side, head, nodes, running, catalogue, prices, keep=False)
    )

    from karpenter_tenants.simulation.placement import running_pods

    placing = running_pods(running, {n["metadata"]["name"] for n in nodes})
    zoned = instance_types(catalogue, zones_of("us-east-1", nodes), prices)  # the types of the nodes' zones
    asked_base = request(side, nodes, running, zoned, changed, placing)
    asked_head = request(head, nodes, running, zoned, changed, placing)
    simulate("bench", "us-east-1", side, head, nodes, running, catalogue, prices)  # keeps the base's answer
    assert forget_head(asked_base, asked_head) >= 1  # the head's changed part, as simulate asks it, was kept

    def today_head_only() -> None:  # the base's answer kept, the head's asked (no node of a limit change goes)
        forget_head(asked_base, asked_head)
        simulate("bench", "us-east-1", side, head, nodes, running, catalogue, prices)

    today_kept = fastest(args.repeat, today_head_only)

    from karpenter_tenants.simulation import partition

    split = partition.split
    partition.split = lambda request, *_: [{k: v for k, v in request.items() if k != "instanceTypes"}]
    try:
        joint_both = fastest(
            args.repeat, lambda: simulate("bench", "us-east-1", side, head, [], full, catalogue, prices, keep=False)
        )
        joint_today = fastest(
            args.repeat,
            lambda: simulate("bench", "us-east-1", side, head, nodes, running, catalogue, prices, keep=False),
        )
        simulate("bench", "us-east-1", side, head, nodes, running, catalogue, prices)  # keeps the joint base

        def joint_head_only() -> None:
            forget_head(asked_base, asked_head)
            simulate("bench", "us-east-1", side, head, nodes, running, catalogue, prices)

        joint_kept = fastest(args.repeat, joint_head_only)
    finally:
        partition.split = split
    print(f"| {args.tenants} tenants, a one-tenant pull request | pods | time |")
    print("| --- | ---: | ---: |")
    print(f"| base + head, neither kept (the first plan against this base) | {len(full.pods)} | {both:.2f} s |")
    print(f"| the same, baseline | {len(small.pods)} | {base:.2f} s |")
    print(f"| base kept from an earlier plan, head asked on {count} cores | {len(full.pods)} | {warm:.2f} s |")
    print(f"| both kept (the plan run again) | {len(full.pods)} | {again:.2f} s |")
    print(f"| one revision (Go), 1 worker | {len(full.pods)} | {one:.2f} s |")
    print(f"| one revision (Go), {count} workers | {len(full.pods)} | {one_all:.2f} s |")
    print(f"| one revision (Go), 1 worker, no consolidation asked | {len(full.pods)} | {plain:.2f} s |")
    print(
        f"| today's placement ({len(nodes)} nodes running every pod): base + head, neither kept | {len(running.pods)} "
        f"| {today:.2f} s |"
    )
    print(f"| today's placement: base kept, head asked | {len(running.pods)} | {today_kept:.2f} s |")
    print(f"| joint (one question): base + head from empty, neither kept | {len(full.pods)} | {joint_both:.2f} s |")
    print(f"| joint: today's placement, neither kept | {len(running.pods)} | {joint_today:.2f} s |")
    print(f"| joint: today's placement, base kept, head asked | {len(running.pods)} | {joint_kept:.2f} s |")
    cpu_empty = cpu_seconds(lambda: simulate("bench", "us-east-1", side, head, [], full, catalogue, prices, keep=False))
    cpu_today = cpu_seconds(
        lambda: simulate("bench", "us-east-1", side, head, nodes, running, catalogue, prices, keep=False)
    )
    print(
        f"scheduler CPU, base + head neither kept: from empty {cpu_empty:.1f} s, today's placement {cpu_today:.1f} s; "
        f"shared over 4 / 8 cores (one batch of parts per core): from empty ~{cpu_empty / 4:.1f} / "
        f"~{cpu_empty / 8:.1f} s, today's placement ~{cpu_today / 4:.1f} / ~{cpu_today / 8:.1f} s plus the Python side"
    )
    print(
        f"partitioned / joint: from empty {both / joint_both:.2f}×, today's placement {today / joint_today:.2f}×, "
        f"base kept {today_kept / joint_kept:.2f}×"
    )
    print(
        f"ratio {len(full.pods)} / {len(small.pods)} pods: {both / base:.2f}×; kept base / neither kept: "
        f"{warm / both:.2f}×"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
