"""`status` of the cluster issue 55 sizes: 40 customers, 2,000 pods, 130 nodes (and their 130 NodeClaims), every
customer converged, against a recorded API server on loopback (tests/support/fake_apiserver.py: the real client,
kubeconfig and HTTP, lists paged by 500 as kube-apiserver pages them), and a tenth of it in the same run.

Run: .venv/bin/python bench/status.py [--repeat 3]

Each figure is the whole command (`python main.py status --kubeconfig ...`, process start to exit, fastest of
--repeat), beside `--help` (starting the command line at all) and, in-process, one look split into the API reads
and the comparison. The issue's bound: under 2 s on the kwok control plane (docs/performance.md).
"""

from __future__ import annotations

import argparse
import copy
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
PYTHON = str(ROOT / ".venv/bin/python")
sys.path[:0] = [str(ROOT / "tests"), str(ROOT)]

from support.fake_apiserver import FakeApiServer, controller, kubeconfig, node, pod, serving  # noqa: E402

AMI = {"alias": "al2023@v20261101"}


def repository(folder: Path, customers: int) -> Path:
    tenants = [
        {
            "name": f"c{n:02d}",
            "nodeRole": f"node-c{n:02d}",
            "namespaces": [f"c{n:02d}"],
            "ami": AMI,
            "requirements": {"instanceCategories": ["c", "m"]},
            "limits": {"cpu": "64"},
        }
        for n in range(customers)
    ]
    data = {
        "cluster": {"name": "acme", "accountId": "001234567890", "region": "ca-central-1"},
        "karpenter": {"version": "1.14.1"},
        "tenants": tenants,
    }
    (folder / "clusters").mkdir(parents=True)
    (folder / "clusters/acme.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    subprocess.run(
        [PYTHON, "-O", str(ROOT / "main.py"), "--clusters", "clusters", "synth", "--out", "dist"],
        cwd=folder,
        check=True,
        capture_output=True,
    )
    return folder


def ready(obj: dict[str, Any]) -> dict[str, Any]:
    obj = copy.deepcopy(obj)
    if "toolkit" in obj["apiVersion"]:
        obj["metadata"].setdefault("namespace", "flux-system")
        obj["status"] = {"lastAppliedRevision": "main@sha1:0123abc"}
    obj.setdefault("status", {})["conditions"] = [{"type": "Ready", "status": "True", "reason": "Ok"}]
    return obj


def cluster(server: FakeApiServer, repo: Path, customers: int, pods: int, nodes: int) -> None:
    """The cluster as dist/ says, settled: every object of dist/ status compares in the cluster and Ready, `nodes`
    NodeClaims and Nodes spread over the pools, `pods` pods running on them in Deployments of 20 pods."""
    for path in sorted((repo / "dist/acme").rglob("*.yaml")):
        for document in yaml.safe_load_all(path.read_text()):
            if isinstance(document, dict) and document.get("kind") in (
                "NodePool",
                "EC2NodeClass",
                "Kustomization",
                "HelmRelease",
                "ValidatingAdmissionPolicyBinding",
            ):
                server.put(ready(document) if document["kind"] != "ValidatingAdmissionPolicyBinding" else document)
    for n in range(nodes):
        pool = f"c{n % customers:02d}"
        labels = {
            "karpenter.sh/nodepool": pool,
            "node.kubernetes.io/instance-type": "m6i.xlarge",
            "karpenter.sh/capacity-type": "on-demand",
            "topology.kubernetes.io/zone": "ca-central-1a",
        }
        server.put(node(f"ip-10-0-{n}", labels=labels))
        server.put(
            {
                "apiVersion": "karpenter.sh/v1",
                "kind": "NodeClaim",
                "metadata": {"name": f"{pool}-{n}", "labels": labels},
                "status": {
                    "nodeName": f"ip-10-0-{n}",
                    "conditions": [
                        {"type": t, "status": "True"} for t in ("Launched", "Registered", "Initialized", "Ready")
                    ],
                },
            }
        )
    for d in range(pods // 20):
        namespace = f"c{d % customers:02d}"
        deployment = controller("Deployment", namespace, f"app{d}", replicas=20)
        deployment["metadata"]["generation"] = 2
        deployment["status"] = {"observedGeneration": 2, "replicas": 20}
        server.put(deployment)
        for p in range(20):
            running = pod(
                namespace,
                f"app{d}-{p}",
                owner=("ReplicaSet", f"app{d}-abc"),
                nodeName=f"ip-10-0-{(d * 20 + p) % nodes}",
            )
            running["status"]["conditions"] = [{"type": "Ready", "status": "True"}]
            server.put(running)
    karpenter = pod("karpenter", "karpenter-0")
    karpenter["metadata"]["labels"] = {"app.kubernetes.io/name": "karpenter"}
    karpenter["spec"]["containers"][0]["image"] = "public.ecr.aws/karpenter/controller:1.14.1"
    karpenter["status"]["conditions"] = [{"type": "Ready", "status": "True"}]
    server.put(karpenter)


def fastest(command: list[str], cwd: Path, repeat: int) -> tuple[float, subprocess.CompletedProcess[str]]:
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        result = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
        best = min(best, time.perf_counter() - start)
    assert result is not None
    return best, result


def in_process(repo: Path, config: Path) -> tuple[float, float]:
    """(seconds listing, seconds comparing) of one look, in this process (imports done before)."""
    from karpenter_tenants.config.loader import load_clusters
    from karpenter_tenants.live.client import connect
    from karpenter_tenants.live.kinds import STATUS_KINDS
    from karpenter_tenants.review.live_status import compare
    from karpenter_tenants.synthesis.tree import read_tree

    loaded = load_clusters(repo / "clusters")[0]
    files = {f"acme/{p}": t for p, t in read_tree(repo / "dist/acme").items()}
    start = time.perf_counter()
    with connect(None, config) as live:
        listed = {kind.kind: live.list(kind) for kind in STATUS_KINDS}
        unserved = {kind.kind for kind in live.unserved}
    read = time.perf_counter() - start
    start = time.perf_counter()
    tenants = [(t.name, tuple(t.namespaces)) for t in loaded.config.tenants]
    status = compare(
        "acme",
        "bench",
        tenants,
        "tenant",
        "karpenter",
        files,
        listed,
        unserved,
        karpenter_version="1.14.1",
        prices={"m6i.xlarge": 0.192},
        prices_source="bench",
    )
    assert status.converged, status.not_converged()
    return read, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    rows = []
    for customers, pods, nodes in ((4, 200, 13), (40, 2000, 130)):
        with tempfile.TemporaryDirectory() as scratch:
            repo = repository(Path(scratch) / "repo", customers)
            with serving(FakeApiServer()) as server:
                cluster(server, repo, customers, pods, nodes)
                config = kubeconfig(repo / "kubeconfig", server.url)
                seconds, result = fastest(
                    [
                        PYTHON,
                        "-O",
                        str(ROOT / "main.py"),
                        "--clusters",
                        "clusters",
                        "status",
                        "--kubeconfig",
                        str(config),
                    ],
                    repo,
                    args.repeat,
                )
                assert result.returncode == 0, result.stdout + result.stderr
                help_seconds, _ = fastest([PYTHON, "-O", str(ROOT / "main.py"), "--help"], repo, args.repeat)
                read, compared = min((in_process(repo, config) for _ in range(args.repeat)), key=sum)
                rows.append((customers, pods, nodes, seconds, help_seconds, read, compared))
    print("| customers | pods | nodes | status (s) | × --help | one look in-process: API reads (s) | comparison (s) |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for customers, pods, nodes, seconds, help_seconds, read, compared in rows:
        print(
            f"| {customers} | {pods:,} | {nodes} | {seconds:.2f} | {seconds / help_seconds:.1f}× | {read:.2f} | "
            f"{compared:.3f} |"
        )
    small, large = rows
    print(
        f"\n10× the cluster: {large[3] / small[3]:.2f}× the command, {large[5] / small[5]:.1f}× the reads, "
        f"{large[6] / small[6]:.1f}× the comparison"
    )
    print(json.dumps({"rows": rows}))


if __name__ == "__main__":
    main()
