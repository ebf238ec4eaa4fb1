"""What reading and checking `plan`'s inputs costs as they grow, each size against the smallest in the same run.

Run: .venv/bin/python bench/input_sizes.py [--repeat 3] [--scheduler]

The readers run before any Go (issue 56): every field the scheduler reads is checked in Python, so their cost is
the price of refusing hostile input early. For each input, three sizes a factor 4 apart, in one process:
- workloads (`simulation.workloads.read_workloads`): a `kubectl get pods,deployments,... -A -o json` of N
  Deployments, each with a pinned pod template (requests, limits, nodeSelector, a toleration, a topology spread
  constraint, a node affinity, a host port): 1,000 / 4,000 / 16,000 workloads;
- nodes (`simulation.run.read_nodes`): a `kubectl get nodes -o json` of N nodes in three zones, labelled and
  tainted as Karpenter's are, allocatable and capacity as the kubelet writes them: 1,250 / 5,000 / 20,000 nodes
  (20,000 is the most a nodes file holds);
- zones (`offerings.zones_of` + `instance_types`, the offerings every instance type gets in each zone): 1 / 4 / 16
  zones (16 is the most: offerings.MAX_ZONES), the request's instance types as JSON; and a nodes file of 20,000 nodes
  each in its own zone, refused at the 17th node (it grew the scheduler's memory ~12 MB a zone before);
- prices (`offerings.read_prices`): a `--prices` file of 625 / 2,500 / 10,000 instance types (10,000 is the most);
- kept answers (`simulation.binary.cached`: read, its seal checked with this machine's key, every field validated):
  an answer placing 1,000 / 4,000 / 16,000 pods on new NodeClaims, kept under a request no plan asks, then removed.
Each figure: the least CPU time of --repeat runs in this process (CPU time: the machine is shared), and the peak
resident memory reading the file adds, in a fresh Python process (Linux: its peak reset before reading). The ratios say how
each grows with the file's size: linear is 4x and 16x, and alike milliseconds per MB.
--scheduler: also the scheduler program's peak resident memory (one revision, one pool, one pod) with the
instance types offered in 1, 4 and 16 zones (the program is built first if the machine has none: minutes).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from karpenter_tenants.capacity.catalogue import load_catalogue  # noqa: E402
from karpenter_tenants.config.yaml_input import InputError  # noqa: E402
from karpenter_tenants.reference.shared import shared_dir  # noqa: E402
from karpenter_tenants.simulation.offerings import (  # noqa: E402
    MAX_ZONES,
    catalogue_prices,
    instance_types,
    read_prices,
    zones_of,
)
from karpenter_tenants.simulation.run import read_nodes  # noqa: E402
from karpenter_tenants.simulation.workloads import read_workloads  # noqa: E402

REGION = "us-east-1"


def workloads(count: int) -> dict[str, Any]:
    items = []
    for n in range(count):
        tenant = f"t{n % 40:02d}"
        spec = {
            "containers": [
                {
                    "name": "app",
                    "image": f"registry.example.com/app{n}:1",
                    "ports": [{"containerPort": 8080, "hostPort": 10000 + n % 1000}],
                    "resources": {
                        "requests": {"cpu": f"{100 + n % 900}m", "memory": f"{128 + n % 512}Mi"},
                        "limits": {"cpu": "2", "memory": "2Gi"},
                    },
                }
            ],
            "nodeSelector": {"tenant": tenant},
            "tolerations": [{"key": "tenant", "operator": "Equal", "value": tenant, "effect": "NoSchedule"}],
            "topologySpreadConstraints": [
                {
                    "maxSkew": 1,
                    "topologyKey": "topology.kubernetes.io/zone",
                    "whenUnsatisfiable": "ScheduleAnyway",
                    "labelSelector": {"matchLabels": {"app": f"app{n}"}},
                }
            ],
            "affinity": {
                "nodeAffinity": {
                    "requiredDuringSchedulingIgnoredDuringExecution": {
                        "nodeSelectorTerms": [
                            {
                                "matchExpressions": [
                                    {"key": "karpenter.k8s.aws/instance-cpu", "operator": "Gt", "values": ["1"]}
                                ]
                            }
                        ]
                    }
                }
            },
        }
        items.append(
            {
                "apiVersion": "apps/v1",
                "kind": "Deployment",
                "metadata": {"namespace": tenant, "name": f"app{n}"},
                "spec": {
                    "replicas": 2,
                    "selector": {"matchLabels": {"app": f"app{n}"}},
                    "template": {"metadata": {"labels": {"app": f"app{n}"}}, "spec": spec},
                },
            }
        )
    return {"apiVersion": "v1", "kind": "List", "items": items}


def nodes(count: int, zones: int = 3, own_zone: bool = False) -> dict[str, Any]:
    items = []
    for n in range(count):
        zone = f"{REGION}-z{n}a" if own_zone else f"{REGION}{'abcdefghijklmnop'[n % zones]}"
        items.append(
            {
                "apiVersion": "v1",
                "kind": "Node",
                "metadata": {
                    "name": f"ip-10-0-{n // 250}-{n % 250}.ec2.internal",
                    "labels": {
                        "topology.kubernetes.io/zone": zone,
                        "kubernetes.io/arch": "amd64",
                        "kubernetes.io/os": "linux",
                        "node.kubernetes.io/instance-type": "m5.xlarge",
                        "karpenter.sh/nodepool": f"t{n % 40:02d}",
                        "karpenter.sh/capacity-type": "on-demand",
                        "kubernetes.io/hostname": f"ip-10-0-{n // 250}-{n % 250}.ec2.internal",
                    },
                },
                "spec": {"taints": [{"key": "tenant", "value": f"t{n % 40:02d}", "effect": "NoSchedule"}]},
                "status": {
                    "allocatable": {
                        "cpu": "3920m",
                        "memory": "15236272Ki",
                        "pods": "58",
                        "ephemeral-storage": "95491281146",
                    },
                    "capacity": {"cpu": "4", "memory": "16221872Ki", "pods": "58", "ephemeral-storage": "104779756Ki"},
                },
            }
        )
    return {"apiVersion": "v1", "kind": "List", "items": items}


def prices(count: int, names: list[str]) -> dict[str, float]:
    return {(names[n] if n < len(names) else f"x{n}.large"): 0.05 + n % 97 / 100 for n in range(count)}


def measure(repeat: int, action: Callable[[], Any]) -> float:
    """The least CPU time of `repeat` runs, in seconds (CPU, not wall-clock: the machine is shared; the ratios of
    one run are what compare)."""
    best = float("inf")
    for _ in range(repeat):
        started = time.process_time()
        action()
        best = min(best, time.process_time() - started)
    return best


SETUP = """
import sys
sys.path.insert(0, {root!r})
from pathlib import Path
from karpenter_tenants.capacity.catalogue import load_catalogue
from karpenter_tenants.reference.shared import shared_dir
from karpenter_tenants.simulation.offerings import catalogue_prices, instance_types, read_prices, zones_of
from karpenter_tenants.simulation.run import read_nodes
from karpenter_tenants.simulation.workloads import read_workloads
catalogue = load_catalogue(shared_dir())
names = sorted(it.name for it in catalogue.types)
path = Path({path!r})
"""
ACTIONS = {
    "workloads": "read_workloads(path)",
    "nodes": "read_nodes(path)",
    "prices": "read_prices(path, names)",
    "zones": "import json; json.dumps(instance_types(catalogue, zones_of('us-east-1', read_nodes(path)), "
    "catalogue_prices(catalogue)))",
}


def peak(kind: str, path: Path) -> float:
    """The resident memory (MB) reading `path` as `kind` adds at its peak, in a fresh Python process: its peak reset
    after the imports and the catalogue (Linux: /proc/self/clear_refs 5), then VmHWM less VmRSS before reading."""
    script = (
        SETUP.format(root=str(ROOT), path=str(path))
        + f"""
def status(field):
    return next(int(line.split()[1]) for line in open('/proc/self/status') if line.startswith(field + ':'))
open('/proc/self/clear_refs', 'w').write('5')
before = status('VmRSS')
{ACTIONS[kind]}
print(status('VmHWM') - before)
"""
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    return int(result.stdout.strip()) / 1024


def refused(path: Path) -> str:
    try:
        read_nodes(path)
    except InputError as error:
        return str(error)
    raise SystemExit(f"{path} was not refused")


def scheduler_peak(types: list[dict[str, Any]], work: Path) -> float:
    """The scheduler program's peak resident memory (MB) on one revision: one tenant's NodePool, one pod, the types
    given (the program run in a fresh Python, whose children's rusage is that run's alone)."""
    import yaml

    from karpenter_tenants.config.loader import load_clusters
    from karpenter_tenants.simulation import binary
    from karpenter_tenants.simulation.revision import request, side_of
    from karpenter_tenants.simulation.workloads import workloads_of
    from karpenter_tenants.synthesis.render import render

    folder = work / "clusters"
    if not folder.is_dir():
        folder.mkdir()
        data = {
            "cluster": {"name": "bench", "accountId": "001234567890", "region": REGION, "kubernetesVersion": "1.33"},
            "karpenter": {"version": "1.14.1"},
            "tenants": [{"name": "t00", "namespaces": ["t00"], "ami": {"alias": "al2023@v20261101"}}],
        }
        (folder / "bench.yaml").write_text(yaml.safe_dump(data))
    data = yaml.safe_load((folder / "bench.yaml").read_text())
    side = side_of(render(load_clusters(folder)), "bench", data)
    one = workloads_of(
        {
            "kind": "List",
            "items": [
                {
                    "kind": "Deployment",
                    "metadata": {"namespace": "t00", "name": "a"},
                    "spec": {
                        "replicas": 1,
                        "selector": {"matchLabels": {"app": "a"}},
                        "template": {
                            "metadata": {"labels": {"app": "a"}},
                            "spec": {"containers": [{"name": "c", "resources": {"requests": {"cpu": "1"}}}]},
                        },
                    },
                }
            ],
        },
        "b",
    )
    asked = work / "request.json"
    asked.write_text(json.dumps({**request(side, [], one, types), "workers": 1}))
    program = binary.binary()
    script = (
        "import resource, subprocess, sys\n"
        "subprocess.run([sys.argv[1]], stdin=open(sys.argv[2]), stdout=subprocess.DEVNULL, check=True)\n"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script, str(program), str(asked)], capture_output=True, text=True, check=True
    )
    return int(result.stdout.strip()) / 1024


def kept_answer(pods: int, repeat: int) -> tuple[int, float, float, float]:
    """(pods, the kept file's MB, CPU seconds of reading it back, 0: memory not measured) for an answer placing `pods`
    pods, 10 a NodeClaim, kept under a request of its own in the machine's answers folder and removed after."""
    from karpenter_tenants.simulation import binary

    claims = [
        {
            "nodePool": f"t{n % 40:02d}",
            "pods": [f"t{n % 40:02d}/p{n}-{k}" for k in range(10)],
            "instanceTypeOptions": 60,
            "instanceType": "m7i.xlarge",
            "capacityType": "on-demand",
            "zone": "us-east-1a",
            "pricePerHour": 0.2016,
            "requests": {"cpu": "3", "memory": "6Gi"},
        }
        for n in range(pods // 10)
    ]
    answer = {
        "karpenterCore": "v1.14.1",
        "bound": [],
        "nodeClaims": claims,
        "existingNodes": [],
        "pending": [],
        "droppedNodePools": [],
    }
    asked = {"bench": "input_sizes", "pods": pods, "at": time.time()}
    binary._keep(asked, answer)
    path = binary.kept_path(asked)
    try:
        if binary.cached(asked) != answer:
            raise SystemExit("the kept answer did not read back (no key on this machine?)")
        return pods, path.stat().st_size / 2**20, measure(repeat, lambda: binary.cached(asked)), 0.0
    finally:
        path.unlink(missing_ok=True)


def table(title: str, unit: str, rows: list[tuple[int, float, float, float]]) -> None:
    """rows: (size, file MB, CPU seconds, peak MB added); ratios against the first row."""
    print(
        f"\n| {title} | file | CPU time | ratio | ms per MB | memory added | ratio |\n"
        "| ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
    )
    for size, megabytes, seconds, added in rows:
        print(
            f"| {size:,} {unit} | {megabytes:.2f} MB | {seconds * 1000:.0f} ms | {seconds / rows[0][2]:.1f}x | "
            f"{seconds * 1000 / megabytes:.0f} | {added:.0f} MB | {added / max(rows[0][3], 1):.1f}x |"
        )


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--scheduler", action="store_true", help="also the scheduler program's memory by zones")
    args = parser.parse_args()
    catalogue = load_catalogue(shared_dir())
    names = sorted(it.name for it in catalogue.types)
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)

        def written(name: str, document: Any) -> tuple[Path, float]:
            path = work / name
            path.write_text(json.dumps(document))
            return path, path.stat().st_size / 2**20

        for kind, unit, sizes, make in (
            ("workloads", "Deployments", (1_000, 4_000, 16_000), workloads),
            ("nodes", "nodes", (1_250, 5_000, 20_000), nodes),
            ("prices", "types", (625, 2_500, 10_000), lambda count: prices(count, names)),
        ):
            rows = []
            for count in sizes:
                path, size = written(f"{kind}{count}.json", make(count))
                reader = {
                    "workloads": read_workloads,
                    "nodes": read_nodes,
                    "prices": lambda path: read_prices(path, names),
                }[kind]
                rows.append(
                    (count, size, measure(args.repeat, lambda path=path, reader=reader: reader(path)), peak(kind, path))
                )
            table(kind, unit, rows)

        all_prices = catalogue_prices(catalogue)
        print(
            "\n| zones | nodes file | request's instance types | CPU time | ratio | memory added |"
            f"{' scheduler peak RSS |' if args.scheduler else ''}\n| ---: | ---: | ---: | ---: | ---: | ---: |"
            f"{' ---: |' if args.scheduler else ''}"
        )
        first = 0.0
        for count in (1, 4, MAX_ZONES):
            path, size = written(f"z{count}.json", nodes(count * 8, zones=count))
            made: list[Any] = []

            def offered(path: Path = path, made: list[Any] = made) -> None:
                types = instance_types(catalogue, zones_of(REGION, read_nodes(path)), all_prices)
                made[:] = [types, json.dumps(types)]

            seconds = measure(args.repeat, offered)
            first = first or seconds
            go = f" {scheduler_peak(made[0], work):.0f} MB |" if args.scheduler else ""
            print(
                f"| {count} | {count * 8} nodes | {len(made[1]) / 2**20:.1f} MB | {seconds * 1000:.0f} ms | "
                f"{seconds / first:.1f}x | {peak('zones', path):.0f} MB |{go}"
            )
        kept_rows = []
        for count in (1_000, 4_000, 16_000):
            kept_rows.append(kept_answer(count, args.repeat))
        table("kept answers", "pods", kept_rows)
        path, size = written("own-zones.json", nodes(20_000, own_zone=True))
        started = time.process_time()
        said = refused(path)
        print(
            f"\n20,000 nodes each in its own zone ({size:.1f} MB): refused in {(time.process_time() - started) * 1000:.0f} "
            f"ms CPU (the file read whole, then the 17th zone): {said[said.index('items[') :][:110]}..."
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
