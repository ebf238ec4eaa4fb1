"""Validation throughput for a cluster of N tenants (default 1,000), in objects per second.

Run: .venv/bin/python bench/validate_throughput.py [--tenants N]

Reports, in one run on the same objects, the time of: reading the YAML (the floor), the CRD
schema layer alone, and the full `validate` layers (schema + list types + CEL + core kinds),
with ratios against the floor, so results compare across machines.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from synth_scaling import cluster_config  # noqa: E402  (same folder)

from karpenter_tenants.checks.validate import _validator, apply_defaults, read_objects, validate_tree  # noqa: E402
from karpenter_tenants.config.loader import load_cluster_file, use_chart_defaults  # noqa: E402
from karpenter_tenants.reference.charts import ChartReference  # noqa: E402
from karpenter_tenants.reference.crds import load_crds  # noqa: E402
from karpenter_tenants.reference.shared import shared_dir  # noqa: E402
from karpenter_tenants.synthesis.render import render, write_atomically  # noqa: E402


def timed(label: str, action, count: int, floor: float | None) -> float:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    action()
    elapsed = time.perf_counter() - start
    ratio = f"{elapsed / floor:6.1f}x" if floor else "   1.0x"
    print(f"{label:<44} {elapsed:8.2f} s {count / elapsed:10.0f} objects/s {ratio}")
    return elapsed


def main() -> None:
    use_chart_defaults(ChartReference())  # as main.py does
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tenants", type=int, default=1000)
    args = parser.parse_args()
    shared = shared_dir()
    crds = load_crds(shared)
    with tempfile.TemporaryDirectory() as work:
        work_path = Path(work)
        (work_path / "clusters").mkdir()
        config = work_path / "clusters/acme.yaml"
        config.write_text(yaml.safe_dump(cluster_config(args.tenants)))
        cluster = load_cluster_file(config)
        dist = work_path / "dist"
        write_atomically(dist, render([cluster]))
        objects = list(read_objects(dist))
        print(f"{args.tenants} tenants: {len(objects)} objects in {dist}")

        floor = timed("read YAML (floor)", lambda: list(read_objects(dist)), len(objects), None)

        def schema_only() -> None:
            for _, obj in objects:
                entry = crds.get((obj["apiVersion"], obj["kind"]))
                if entry is not None:
                    list(_validator(entry).iter_errors(apply_defaults(entry.schema, obj)))

        timed("CRD schema layer only", schema_only, len(objects), floor)

        def full() -> None:
            report = validate_tree(dist, crds, {"acme": "1.33"}, "1.33")
            assert not report.findings, report.findings[:3]

        timed("full validate (schema, CEL, core kinds)", full, len(objects), floor)


if __name__ == "__main__":
    main()
