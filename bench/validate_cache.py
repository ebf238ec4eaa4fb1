"""`python main.py validate` with a cold and a warm disk cache (reference.disk_cache), whole commands, in one run.

Run: .venv/bin/python bench/validate_cache.py [--sizes examples,1000] [--rounds 3] [--readme]

For each size (the three example clusters of clusters/, or one cluster of N tenants synthesized
first), each round times from process start to exit, each in a fresh process:
- cold: `validate` with an empty cache folder (parses the CRDs, renders the chart, evaluates every
  CEL rule, and stores all three);
- warm: `validate` again with the folder the cold run filled (the everyday second run);
- no cache: `validate --no-cache`;
- start-up: `python main.py --help` (the interpreter and the command-line imports: the floor).
The table gives the median of the rounds and cold / warm. The commands run with bytecode written
(PYTHONDONTWRITEBYTECODE unset), as on a user's machine. --readme rewrites the table between the
bench markers in docs/performance.md.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
PYTHON = ROOT / ".venv/bin/python"
MAIN = ROOT / "main.py"
README_START, README_END = "<!-- bench:validate-cache:start -->", "<!-- bench:validate-cache:end -->"

sys.path.insert(0, str(ROOT / "bench"))
from synth_scaling import cluster_config  # noqa: E402  (same generated clusters as the other benches)

from karpenter_tenants.commands import write_table  # noqa: E402


def timed(command: list[str], cwd: Path, cache: Path | None) -> float:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "KARPENTER_TENANTS_NO_CACHE")}
    env["JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION"] = "20"
    if cache is not None:
        env["KARPENTER_TENANTS_CACHE_DIR"] = str(cache)
    start = time.perf_counter()
    result = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(
            f"{' '.join(command)} exited {result.returncode}:\n{result.stdout[-1000:]}{result.stderr[-2000:]}"
        )
    return elapsed


def measure(repo: Path, work: Path, rounds: int) -> dict[str, float]:
    python = [str(PYTHON), str(MAIN)]
    timed([*python, "--help"], repo, None)  # bytecode written before anything is timed
    found: dict[str, list[float]] = {"cold": [], "warm": [], "no cache": [], "start-up (--help)": []}
    for index in range(rounds):
        cache = work / f"cache-{index}"
        found["cold"].append(timed([*python, "validate"], repo, cache))
        found["warm"].append(timed([*python, "validate"], repo, cache))
        found["no cache"].append(timed([*python, "validate", "--no-cache"], repo, cache))
        found["start-up (--help)"].append(timed([*python, "--help"], repo, None))
        shutil.rmtree(cache)
    return {name: statistics.median(times) for name, times in found.items()}


def repository(size: str, work: Path) -> Path:
    if size == "examples":
        return ROOT
    repo = work / f"repo-{size}"
    (repo / "clusters").mkdir(parents=True)
    (repo / "clusters/acme.yaml").write_text(yaml.safe_dump(cluster_config(int(size))))
    subprocess.run([str(PYTHON), "-O", str(MAIN), "synth"], cwd=repo, check=True, capture_output=True)
    return repo


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="examples,1000", help="'examples' and/or tenants in one cluster")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--readme", action="store_true", help="rewrite the table in docs/performance.md")
    args = parser.parse_args()
    lines = [
        "| dist/ | validate | seconds (median of %d) | cold / this |" % args.rounds,
        "| --- | --- | ---: | ---: |",
    ]
    with tempfile.TemporaryDirectory(prefix="bench-validate-cache-") as scratch:
        for size in args.sizes.split(","):
            work = Path(scratch) / size
            work.mkdir()
            label = "3 example clusters" if size == "examples" else f"{int(size):,} tenants"
            results = measure(repository(size, work), work, args.rounds)
            for name, seconds in results.items():
                lines.append(f"| {label} | {name} | {seconds:.2f} | {results['cold'] / seconds:.1f}× |")
            print("\n".join(lines[-len(results) :]), flush=True)
    output = "\n".join(lines)
    print(output)
    if args.readme:
        write_table(output, README_START, README_END)


if __name__ == "__main__":
    main()
