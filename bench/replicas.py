"""What a controller's replicas cost on their way to Karpenter's scheduler: sent as one template and their names
(today: revision.request, scheduler/input.go pods) against every replica sent whole (before), in one run.

Run: .venv/bin/python bench/replicas.py [--sizes 2000,8000,32000]

One Deployment whose pod template carries 80 preferred node-affinity terms (about 8 KB, the issue's hostile shape) at
each size of replicas, asked of the program with no NodePool (so that the figures are the question's: writing it,
sending it, decoding it; Karpenter's own scheduling of each pod is the same either way and is not measured here). For
each: the question's size, the CPU time Python takes to write it (json.dumps), and the program's CPU time and peak
resident memory (each run in a fresh Python whose children's rusage is that run's alone). The ratio is whole against
template on the same size: what the template saves.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from karpenter_tenants.simulation import binary  # noqa: E402
from karpenter_tenants.simulation.partition import pod_of  # noqa: E402
from karpenter_tenants.simulation.revision import _pods  # noqa: E402
from karpenter_tenants.simulation.workloads import workloads_of  # noqa: E402

RUN = (
    "import resource, subprocess, sys\n"
    "subprocess.run([sys.argv[1]], stdin=open(sys.argv[2]), stdout=subprocess.DEVNULL, check=True)\n"
    "usage = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
    "print(usage.ru_utime + usage.ru_stime, usage.ru_maxrss)\n"
)


def deployment(replicas: int) -> dict[str, Any]:
    terms = [
        {
            "weight": 1,
            "preference": {"matchExpressions": [{"key": f"example.com/k{n}", "operator": "In", "values": ["v"]}]},
        }
        for n in range(80)
    ]
    spec = {
        "containers": [{"name": "c", "image": "i", "resources": {"requests": {"cpu": "10m", "memory": "16Mi"}}}],
        "affinity": {"nodeAffinity": {"preferredDuringSchedulingIgnoredDuringExecution": terms}},
    }
    return {
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "metadata": {"namespace": "shop", "name": "web"},
        "spec": {
            "replicas": replicas,
            "selector": {"matchLabels": {"app": "web"}},
            "template": {"metadata": {"labels": {"app": "web"}}, "spec": spec},
        },
    }


def program_run(program: Path, question: Path) -> tuple[float, float]:
    """(CPU seconds, peak MB) of the program answering the question."""
    result = subprocess.run(
        [sys.executable, "-c", RUN, str(program), str(question)], capture_output=True, text=True, check=True
    )
    seconds, kilobytes = result.stdout.split()
    return float(seconds), int(kilobytes) / 1024


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="2000,8000,32000")
    args = parser.parse_args()
    program = binary.binary()
    print(
        "| replicas | sent as | question | write (CPU) | program CPU | program peak RSS |\n"
        "| ---: | --- | ---: | ---: | ---: | ---: |"
    )
    with tempfile.TemporaryDirectory() as scratch:
        for replicas in (int(size) for size in args.sizes.split(",")):
            workloads = workloads_of({"kind": "List", "items": [deployment(replicas)]}, "workloads.json")
            sent = _pods(workloads, {})
            whole = {"pods": [pod_of(item, sent["podTemplates"]) for item in sent["pods"]]}
            rows = []
            for label, pods in (("template", sent), ("whole", whole)):
                question = {
                    "nodePools": [],
                    "nodeClasses": [],
                    "instanceTypes": [],
                    "nodes": [],
                    "daemonSets": [],
                    **pods,
                    "workers": 1,
                }
                started = time.process_time()
                text = json.dumps(question)
                written = time.process_time() - started
                path = Path(scratch) / f"{label}.json"
                path.write_text(text)
                rows.append((label, len(text) / 2**20, written, *program_run(program, path)))
            for label, megabytes, written, seconds, peak in rows:
                ratio = (
                    ""
                    if label == "template"
                    else (
                        f" ({megabytes / rows[0][1]:.0f}x, {written / max(rows[0][2], 1e-6):.0f}x, "
                        f"{seconds / max(rows[0][3], 1e-6):.1f}x, {peak / rows[0][4]:.1f}x)"
                    )
                )
                print(
                    f"| {replicas:,} | {label}{ratio} | {megabytes:.1f} MB | {written * 1000:.0f} ms | "
                    f"{seconds:.2f} s | {peak:.0f} MB |"
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
