"""Synth and validation time and peak memory against tenants per cluster, and for a fleet.

Run: .venv/bin/python bench/synth_scaling.py [--sizes 10,100,1000,5000] [--fleet 100x20]

Every measurement runs in a fresh process (so peak memory is its own, jsii's Node.js runtime
included) and reports wall time and peak RSS for:
- synth: load the cluster file and render every file of dist/ (what `python main.py` does,
  minus the disk), run with `python -O` as the Makefile does (jsii skips its runtime type checks);
- validate: `validate` of the written dist/ (schema, CEL, core kinds);
- floor: plain PyYAML (`yaml.safe_dump`, the pure-Python emitter) of the same objects — what
  any generator must at least spend to write them; synth / floor is the ratio to watch;
- fleet: N clusters x M tenants synthesized sequentially and with `--jobs` (one process per
  cluster, as many as cores).
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent


def cluster_config(tenants: int, name: str = "acme") -> dict:
    base = yaml.safe_load((ROOT / "clusters/acme.yaml").read_text())
    base["cluster"]["name"] = name
    # Names derived from the cluster name: a fleet in one account must not share IAM or queue names.
    base["karpenter"].pop("controllerRole", None)
    base["karpenter"].pop("interruptionQueue", None)
    template = base["tenants"][0]
    base["tenants"] = [
        {
            **template,
            "name": f"tenant-{i:05d}",
            "namespaces": [f"tenant-{i:05d}"],
            "nodeRole": f"karpenter-node-{name}-{i:05d}",
        }
        for i in range(tenants)
    ]
    return base


def peak_rss_mb() -> float:
    """Peak RSS of this process plus its children (jsii's node runtime), from /proc (Linux)."""
    total = 0
    pids = [str(os.getpid())]
    children = Path(f"/proc/{os.getpid()}/task/{os.getpid()}/children")
    if children.exists():
        pids += children.read_text().split()
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


# --- child measurements ---------------------------------------------------------------------------


def child(kind: str, work: Path) -> dict:
    sys.path.insert(0, str(ROOT))
    from karpenter_tenants.config.loader import load_clusters, use_chart_defaults
    from karpenter_tenants.reference.charts import ChartReference
    from karpenter_tenants.synthesis.render import render, write_atomically

    use_chart_defaults(ChartReference())  # as main.py does

    start = time.perf_counter()
    if kind == "synth":
        files = render(load_clusters(work / "clusters"))
        elapsed = time.perf_counter() - start
        write_atomically(work / "dist", files)
        objects = [
            yaml.load(t, Loader=yaml.CSafeLoader) for p, t in files.items() if not p.endswith("kustomization.yaml")
        ]
        (work / "objects.pickle").write_bytes(pickle.dumps(objects))
    elif kind == "floor":
        objects = pickle.loads((work / "objects.pickle").read_bytes())
        start = time.perf_counter()
        for obj in objects:
            yaml.safe_dump(obj, sort_keys=False)
        elapsed = time.perf_counter() - start
    elif kind == "validate":
        from karpenter_tenants.checks.validate import validate_tree
        from karpenter_tenants.reference.crds import load_crds
        from karpenter_tenants.reference.shared import shared_dir

        crds = load_crds(shared_dir())
        start = time.perf_counter()
        report = validate_tree(work / "dist", crds, {}, "1.33")
        elapsed = time.perf_counter() - start
        assert not report.findings, report.findings[:3]
    else:
        raise SystemExit(f"unknown measurement {kind}")
    return {"seconds": elapsed, "peak_mb": peak_rss_mb()}


def measure(kind: str, work: Path, optimize: bool = False) -> dict:
    command = [sys.executable, *(["-O"] if optimize else []), __file__, "--child", kind, "--work", str(work)]
    result = subprocess.run(command, capture_output=True, text=True, check=True)
    return json.loads(result.stdout.strip().splitlines()[-1])


def fleet(work: Path, clusters: int, tenants: int, jobs: int) -> dict:
    start = time.perf_counter()
    subprocess.run(
        [
            sys.executable,
            "-O",
            str(ROOT / "main.py"),
            "--clusters",
            str(work / "clusters"),
            "synth",
            "--out",
            str(work / "dist"),
            "--jobs",
            str(jobs),
        ],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return {"seconds": time.perf_counter() - start}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10,100,1000,5000")
    parser.add_argument("--fleet", default="100x20", help="CLUSTERSxTENANTS, or 'none'")
    parser.add_argument("--child")
    parser.add_argument("--work", type=Path)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.child, args.work)))
        return

    print(
        f"{'tenants':>8} {'objects':>8} | {'synth s':>8} {'MB':>6} | {'floor s':>8} {'MB':>6} | "
        f"{'synth/floor':>11} | {'validate s':>10} {'MB':>6} | {'synth ms/tenant':>15}"
    )
    for size in [int(s) for s in args.sizes.split(",")]:
        with tempfile.TemporaryDirectory() as work_dir:
            work = Path(work_dir)
            (work / "clusters").mkdir()
            (work / "clusters/acme.yaml").write_text(yaml.safe_dump(cluster_config(size)))
            synth = measure("synth", work, optimize=True)
            floor = measure("floor", work)
            validate = measure("validate", work)
            objects = len(pickle.loads((work / "objects.pickle").read_bytes()))
            print(
                f"{size:>8} {objects:>8} | {synth['seconds']:>8.2f} {synth['peak_mb']:>6.0f} | "
                f"{floor['seconds']:>8.2f} {floor['peak_mb']:>6.0f} | {synth['seconds'] / floor['seconds']:>10.1f}x | "
                f"{validate['seconds']:>10.2f} {validate['peak_mb']:>6.0f} | {1000 * synth['seconds'] / size:>15.2f}",
                flush=True,
            )
    if args.fleet != "none":
        clusters, tenants = (int(x) for x in args.fleet.split("x"))
        with tempfile.TemporaryDirectory() as work_dir:
            work = Path(work_dir)
            (work / "clusters").mkdir()
            for index in range(clusters):
                name = f"cluster-{index:03d}"
                (work / "clusters" / f"{name}.yaml").write_text(yaml.safe_dump(cluster_config(tenants, name)))
            sequential = fleet(work, clusters, tenants, jobs=1)
            cores = os.cpu_count() or 1
            parallel = fleet(work, clusters, tenants, jobs=cores)
            print(
                f"fleet {clusters} clusters x {tenants} tenants: sequential {sequential['seconds']:.1f} s, "
                f"--jobs {cores} {parallel['seconds']:.1f} s ({sequential['seconds'] / parallel['seconds']:.1f}x)"
            )


if __name__ == "__main__":
    main()
