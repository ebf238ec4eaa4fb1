"""The commands that read a user's large input, at the size issue 44 bounds, against a tenth of it in the same run.

Run: .venv/bin/python bench/large_input.py [--repeat 2]

- preflight of 20,000 workloads (`kubectl get pods,deployments,... -A -o json` of a big shared cluster: 40 tenants'
  namespaces and some of no tenant, each workload its own image and requests, a few placements per namespace) with
  the example cluster `acme`'s isolation policy; baseline 2,000. The bound: under 30 s.
- import-nodegroups of a 1 MB Terraform file (terraform-aws-modules/eks with thousands of managed node groups, each
  with labels, a taint and instance types); baseline 100 KB. The bound: under 30 s.
- import of 10,000 NodePools (Karpenter's example NodePool, one EC2NodeClass shared by all: one tenant of 10,000
  pools, the worst grouping); baseline 1,000. Issue 56's hostile round: 77 s; shared-class grouping was quadratic.
Each figure is the whole command (`python main.py ...`), fastest of --repeat; the ratio says how it grows (linear:
about 10x).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYTHON = str(ROOT / ".venv/bin/python")


def workloads(count: int) -> dict:
    items = []
    for n in range(count):
        namespace = f"t{n % 40:02d}" if n % 5 else "monitoring"
        spec: dict = {
            "containers": [
                {
                    "name": "app",
                    "image": f"registry.example.com/app{n}:1.{n % 7}",
                    "resources": {"requests": {"cpu": f"{100 + n % 900}m"}},
                }
            ]
        }
        if n % 3:
            spec["nodeSelector"] = {"tenant": namespace}
            spec["tolerations"] = [{"key": "tenant", "operator": "Equal", "value": namespace, "effect": "NoSchedule"}]
        items.append(
            {
                "apiVersion": "apps/v1",
                "kind": "Deployment",
                "metadata": {"namespace": namespace, "name": f"app{n}"},
                "spec": {
                    "replicas": 2,
                    "selector": {"matchLabels": {"app": f"app{n}"}},
                    "template": {"metadata": {"labels": {"app": f"app{n}"}}, "spec": spec},
                },
            }
        )
    return {"apiVersion": "v1", "kind": "List", "items": items}


def terraform(kilobytes: int) -> str:
    groups = []
    n = 0
    while sum(len(g) for g in groups) < kilobytes * 1024:
        groups.append(f"""    group-{n} = {{
      min_size       = 1
      max_size       = {3 + n % 5}
      desired_size   = 2
      instance_types = ["m5.large", "m5a.large", "m6i.large"]
      labels         = {{ team = "team-{n % 40}", tier = "t{n % 3}" }}
      taints         = [{{ key = "dedicated", value = "team-{n % 40}", effect = "NO_SCHEDULE" }}]
    }}
""")
        n += 1
    return (
        'module "eks" {\n  source  = "terraform-aws-modules/eks/aws"\n  version = "~> 20.0"\n'
        '  cluster_name = "bench"\n  eks_managed_node_groups = {\n' + "".join(groups) + "  }\n}\n"
    )


def node_pools(count: int) -> str:
    """`count` NodePools on one EC2NodeClass, as `kubectl get nodepools,ec2nodeclasses -o yaml` lists them."""
    pool = """apiVersion: karpenter.sh/v1
kind: NodePool
metadata:
  name: p{n}
spec:
  template:
    spec:
      requirements:
      - {{key: kubernetes.io/arch, operator: In, values: [amd64]}}
      - {{key: karpenter.sh/capacity-type, operator: In, values: [on-demand]}}
      - {{key: karpenter.k8s.aws/instance-category, operator: In, values: [c, m, r]}}
      - {{key: karpenter.k8s.aws/instance-generation, operator: Gt, values: ['2']}}
      nodeClassRef: {{group: karpenter.k8s.aws, kind: EC2NodeClass, name: default}}
      expireAfter: 720h
  limits: {{cpu: 1000}}
  disruption: {{consolidationPolicy: WhenEmptyOrUnderutilized, consolidateAfter: 1m}}
"""
    node_class = """apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
metadata: {name: default}
spec:
  role: KarpenterNodeRole-acme
  amiSelectorTerms: [{alias: al2023@v20261101}]
  subnetSelectorTerms: [{tags: {karpenter.sh/discovery: acme}}]
  securityGroupSelectorTerms: [{tags: {karpenter.sh/discovery: acme}}]
"""
    return "---\n".join([*(pool.format(n=n) for n in range(count)), node_class])


def fastest(repeat: int, command: list[str], cwd: Path) -> float:
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        result = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
        best = min(best, time.perf_counter() - started)
        if result.returncode not in (0, 1):
            raise SystemExit(f"{' '.join(command)} exited {result.returncode}: {result.stderr[-2000:]}")
    return best


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        rows = []
        for count in (2_000, 20_000):
            (work / f"w{count}.json").write_text(json.dumps(workloads(count)))
            command = [
                PYTHON,
                str(ROOT / "main.py"),
                "--clusters",
                str(ROOT / "clusters"),
                "preflight",
                "--cluster",
                "acme",
                "--dist",
                str(ROOT / "dist"),
                "--workloads",
                str(work / f"w{count}.json"),
            ]
            rows.append((f"preflight, {count:,} workloads", fastest(args.repeat, command, work)))
        for kilobytes in (100, 1024):
            path = work / f"groups{kilobytes}.tf"
            path.write_text(terraform(kilobytes))
            command = [
                PYTHON,
                str(ROOT / "main.py"),
                "import-nodegroups",
                str(path),
                "--out-file",
                str(work / f"out{kilobytes}.yaml"),
                "--force",
            ]
            rows.append((f"import-nodegroups, a {kilobytes:,} KB .tf", fastest(args.repeat, command, work)))
        for count in (1_000, 10_000):
            path = work / f"pools{count}.yaml"
            path.write_text(node_pools(count))
            command = [PYTHON, str(ROOT / "main.py"), "import", str(path), "--out-file", str(work / f"t{count}.yaml")]
            rows.append((f"import, {count:,} NodePools on one EC2NodeClass", fastest(args.repeat, command, work)))
    print("| input | time (bound: 30 s) |\n| --- | ---: |")
    for what, seconds in rows:
        print(f"| {what} | {seconds:.2f} s |")
    print(
        f"ratio preflight 20,000 / 2,000: {rows[1][1] / rows[0][1]:.2f}x; "
        f"import-nodegroups 1 MB / 100 KB: {rows[3][1] / rows[2][1]:.2f}x; "
        f"import 10,000 / 1,000 NodePools: {rows[5][1] / rows[4][1]:.2f}x"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
