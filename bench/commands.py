"""Whole commands as a user runs them, against the floor of writing the same files, in one run.

Run: .venv/bin/python bench/commands.py [--sizes 10,100,1000,5000] [--fleet 100x20] [--readme]
     .venv/bin/python bench/commands.py --pull-request 1000   (only the one-tenant pull request: synth, check, plan)

For each size (tenants in one cluster) it times, from process start to exit, each in a fresh
process with peak memory summed over the process tree (Python and jsii's Node.js):
- --help: `python main.py --help`, the cost of starting the command line at all (the baseline of "nothing
  changed");
- synth: `python -O main.py synth` (as `make synth` runs it) into an empty folder, without a cache;
- synth, nothing changed: the same synth again (its cache and dist/ current: nothing is built, no Node.js);
- check: `python main.py check` of that output without synth's cache (as CI runs it on a fresh checkout);
- synth, 1 tenant changed: the same synth after one more tenant's limits changed, in a working copy
  that has synthesized an earlier change (so synth's cache and spare tree are there: the pull-request
  case, synthesis.incremental); its ratio against the full synth is shown too;
- check, 1 tenant changed: `check` after that synth, with its cache;
- validate: `python main.py validate` of it (schemas, CEL, core kinds, wiring, the rendered chart);
- plan --base, 1 tenant changed: `python main.py plan --base HEAD` after each one-tenant synth (dist/ at HEAD
  committed before the change, synth's cache there: the developer's pull request); its ratio to `check` after the
  same change is printed (issue 36: at most 1.5×);
- plan: `python main.py plan` after a change to 1% of the tenants (at least one) that was not synthesized,
  committed dist/ at the base revision of a scratch git repository;
- kustomize build: one `kustomize build` (pinned, .tools/bin) of a kustomization listing every folder of
  dist/<cluster>/, so the same objects in one run: what rendering this output with kustomize costs;
- helm template: the Helm v4 SDK (helm-python-sdk, in a fresh process) rendering a chart whose one template
  writes every object of dist/ from its values (`toYaml`): Helm's cost for the same objects;
- floor (libyaml): a fresh Python process that loads the same objects (from a JSON file) and writes
  the same files in the same folder layout with PyYAML's libyaml emitter (`CSafeDumper`, as synth);
- floor (json): the same with `json.dumps`.
Every command starts with nothing left to write back of the steps before it (os.sync() first, untimed).
Ratios compare each command with the libyaml floor of the same run, so a loaded machine shifts
both; synth, check and the floors run --repeat times (default 3) and the fastest run counts, the
least disturbed by other load (validate and plan run once, plan --base --repeat times). Each process may write Python's bytecode cache (as on a user's machine: PYTHONDONTWRITEBYTECODE
is dropped) and one warm-up synth fills it first. --readme rewrites the table between the bench
markers in docs/performance.md.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
PYTHON = ROOT / ".venv/bin/python"
MAIN = ROOT / "main.py"
README_START, README_END = "<!-- bench:commands:start -->", "<!-- bench:commands:end -->"
SUMMARY_START, SUMMARY_END = "<!-- bench:summary:start -->", "<!-- bench:summary:end -->"  # in README.md

sys.path.insert(0, str(ROOT / "bench"))
from synth_scaling import cluster_config  # noqa: E402  (same generated clusters as the scaling bench)

FLOOR = r"""
import json, os, sys
import yaml
dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
source, out, kind = sys.argv[1], sys.argv[2], sys.argv[3]
files = json.load(open(source))
for path, documents in files.items():
    target = os.path.join(out, path if kind == "yaml" else path + ".json")
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with open(target, "w") as handle:
        if kind == "yaml":
            handle.write(yaml.dump(documents, Dumper=dumper, sort_keys=False, default_flow_style=False, width=10000))
        else:
            handle.write(json.dumps(documents, indent=2))
"""


def tree_rss_kb(pid: int) -> int:
    """Resident memory of a process and all its descendants (Linux /proc)."""
    total, stack = 0, [pid]
    while stack:
        current = stack.pop()
        try:
            for line in Path(f"/proc/{current}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
            for task in Path(f"/proc/{current}/task").iterdir():
                stack += [int(child) for child in (task / "children").read_text().split()]
        except OSError:
            continue
    return total


def run(
    command: list[str], cwd: Path, expect: tuple[int, ...] = (0,), timeout: float | None = None
) -> tuple[float, float]:
    """(seconds, peak MB of the process tree) of one command, start to exit; past timeout the command is stopped
    and its time is the timeout (the table says "> N")."""
    env = {**os.environ, "JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION": "20"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # users' Python caches bytecode; compiling every run is not synth's cost
    # What earlier steps wrote (a floor's files, a deleted dist/, git's objects) is flushed first: synth's one
    # sync (syncfs) would otherwise wait for it, and a run would pay for whatever preceded it.
    os.sync()
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    peak = 0
    done = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not done.is_set():
            peak = max(peak, tree_rss_kb(process.pid))
            time.sleep(0.02)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    try:
        stdout, stderr = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        done.set()
        sampler.join()
        return float(timeout or 0), peak / 1024
    elapsed = time.perf_counter() - start
    done.set()
    sampler.join()
    if process.returncode not in expect:
        raise SystemExit(f"{' '.join(command)} exited {process.returncode}:\n{stderr.decode()[-2000:]}")
    return elapsed, peak / 1024


def git(repo: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True)


def documents_of(dist: Path) -> dict[str, list]:
    return {
        str(path.relative_to(dist.parent)): list(yaml.load_all(path.read_text(), Loader=yaml.CSafeLoader))[0]
        for path in sorted(dist.rglob("*.yaml"))
    }


class _NoAliases(yaml.SafeDumper):
    """Tenants share their template's nested maps; anchors and aliases for them would make a 5,000-tenant
    file an 'alias bomb' to the hardened loader. Written out in full, as a person would."""

    def ignore_aliases(self, data: object) -> bool:
        return True


def cluster_yaml(config: dict) -> str:
    return yaml.dump(config, Dumper=_NoAliases)


def sized_config(size: int) -> dict:
    """cluster_config(size): the example's full tenant, size times (each tenant with every setting the example uses)."""
    return cluster_config(size)


def forget_cache(repo: Path) -> None:
    (repo / ".dist.synth-cache.json").unlink(missing_ok=True)


def best(measurements: list[tuple[float, float]]) -> tuple[float, float]:
    """The fastest of repeated runs (what the machine's load added least to) and the highest peak."""
    return min(m[0] for m in measurements), max(m[1] for m in measurements)


def fresh_synth(repo: Path) -> tuple[float, float]:
    """A full synth into an empty folder: no dist/, no cache, no spare."""
    shutil.rmtree(repo / "dist", ignore_errors=True)
    shutil.rmtree(repo / ".dist.spare", ignore_errors=True)
    forget_cache(repo)
    return run([str(PYTHON), "-O", str(MAIN), "synth"], repo)


KUSTOMIZE_TIMEOUT = 120.0

HELM = r"""
import json, sys
import helm_python
chart = helm_python.Chart.load(sys.argv[1])
rendered = chart.render({"objects": json.load(open(sys.argv[2]))}, name="bench", namespace="default", is_install=True)
sys.stdout.write("".join(rendered.values()))
"""


def helm_chart(folder: Path) -> Path:
    """A chart whose one template writes every object its values list (the floor of templating them with Helm)."""
    (folder / "templates").mkdir(parents=True)
    (folder / "Chart.yaml").write_text("apiVersion: v2\nname: bench\nversion: 0.1.0\n")
    (folder / "templates/objects.yaml").write_text("{{- range .Values.objects }}\n---\n{{ toYaml . }}\n{{- end }}\n")
    return folder


def kustomize_root(repo: Path) -> Path:
    """A kustomization listing every folder of dist/<cluster>/ (the folders synth writes a kustomization.yaml in)."""
    root = repo / "all"
    root.mkdir(exist_ok=True)
    folders = sorted(str(p.parent.relative_to(repo)) for p in (repo / "dist").rglob("kustomization.yaml"))
    (root / "kustomization.yaml").write_text(
        "apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n"
        + "".join(f"- ../{folder}\n" for folder in folders)
    )
    return root


def measure_size(size: int, work: Path, repeat: int) -> dict[str, tuple[float, float]]:
    repo = work / "repo"
    (repo / "clusters").mkdir(parents=True)
    (repo / ".gitignore").write_text("/.dist.*\n")  # synth's lock, cache and spare, as in the product's repository
    (repo / "clusters/acme.yaml").write_text(cluster_yaml(sized_config(size)))
    python = [str(PYTHON), str(MAIN)]
    found = {"--help": best([run([*python, "--help"], repo) for _ in range(repeat)])}
    found["synth"] = best([fresh_synth(repo) for _ in range(repeat)])
    found["synth, nothing changed"] = best([run([str(PYTHON), "-O", str(MAIN), "synth"], repo) for _ in range(repeat)])
    kustomize = ROOT / ".tools/bin/kustomize"
    if kustomize.exists():
        root = kustomize_root(repo)
        # Once, and at most KUSTOMIZE_TIMEOUT: kustomize's time grows faster than the folders (11 s at 1,000 tenants,
        # over 5 minutes at 5,000).
        found["kustomize build"] = run(
            [str(kustomize), "build", str(root), "-o", str(work / "kustomized.yaml")], repo, timeout=KUSTOMIZE_TIMEOUT
        )
        shutil.rmtree(root)
    objects = work / "helm-objects.json"
    objects.write_text(
        json.dumps(
            [
                d
                for d in documents_of(repo / "dist").values()
                if d.get("kind") != "Kustomization" or "kustomize.config.k8s.io" not in d.get("apiVersion", "")
            ]
        )
    )
    chart = helm_chart(work / "chart")
    found["helm template"] = best(
        [run([str(PYTHON), "-c", HELM, str(chart), str(objects)], work) for _ in range(repeat)]
    )
    forget_cache(repo)
    found["check"] = best([run([*python, "check"], repo) for _ in range(repeat)])
    found["validate"] = run([*python, "validate"], repo)
    source = work / "objects.json"
    source.write_text(json.dumps(documents_of(repo / "dist")))
    for kind in ("yaml", "json"):
        out = work / f"floor-{kind}"
        runs = []
        for _ in range(repeat):
            runs.append(run([str(PYTHON), "-c", FLOOR, str(source), str(out), kind], work))
            shutil.rmtree(out)
        found[f"floor {kind}"] = best(runs)
    found.update(pull_request(repo, size, repeat))
    git(repo, "checkout", "-q", "--", "dist")
    config = sized_config(size)
    for tenant in config["tenants"][: max(1, size // 100)]:
        tenant["limits"] = {"cpu": "100", "memory": "400Gi"}
    (repo / "clusters/acme.yaml").write_text(cluster_yaml(config))
    found["plan"] = run([*python, "plan", "--base", "HEAD"], repo)
    return found


def pull_request(repo: Path, size: int, repeat: int) -> dict[str, tuple[float, float]]:
    """The pull-request case in a working copy that has synthesized before (its cache and spare tree are there; the
    repository's dist/ committed): one tenant's limits changed against HEAD each time (a new value each time, so each
    synth builds that one tenant's part), then synth, `check` and `plan --base HEAD` after it (the developer's pull
    request before it is pushed). repo: clusters/ and the synthesized dist/ of size tenants, not yet a git repository."""
    python = [str(PYTHON), str(MAIN)]
    git(repo, "init", "-q")
    git(repo, "add", "-A")
    commit(repo, "base")
    config = sized_config(size)
    config["tenants"][size // 3]["limits"] = {"cpu": "99", "memory": "400Gi"}
    (repo / "clusters/acme.yaml").write_text(cluster_yaml(config))
    run([str(PYTHON), "-O", str(MAIN), "synth"], repo)  # an earlier change: leaves the cache and the spare
    git(repo, "add", "-A")
    commit(repo, "an earlier change")
    synths, checks, plans = [], [], []
    for attempt in range(repeat):
        config["tenants"][size // 2]["limits"] = {"cpu": str(100 + attempt), "memory": "400Gi"}
        (repo / "clusters/acme.yaml").write_text(cluster_yaml(config))
        synths.append(run([str(PYTHON), "-O", str(MAIN), "synth"], repo))
        checks.append(run([*python, "check"], repo))
        plans.append(run([*python, "plan", "--base", "HEAD"], repo))
    return {
        "synth, 1 tenant changed": best(synths),
        "check, 1 tenant changed": best(checks),
        "plan --base, 1 tenant changed": best(plans),
    }


def pull_request_only(size: int, repeat: int) -> None:
    """--pull-request: only the pull-request case at one size (one untimed synth first), and plan's ratio to check."""
    with tempfile.TemporaryDirectory() as work:
        repo = Path(work) / "repo"
        (repo / "clusters").mkdir(parents=True)
        (repo / ".gitignore").write_text("/.dist.*\n")
        (repo / "clusters/acme.yaml").write_text(cluster_yaml(sized_config(size)))
        run([str(PYTHON), "-O", str(MAIN), "synth"], repo)
        found = pull_request(repo, size, repeat)
    for command, (seconds, peak) in found.items():
        print(f"| {size:,} tenants | {command} | {seconds:.2f} | {peak:.0f} MB |")
    print(plan_ratio(size, found))


def plan_ratio(size: int, found: dict[str, tuple[float, float]]) -> str:
    """plan --base against check after the same one-tenant change (issue 36's target: at most 1.5×)."""
    plan, check = found["plan --base, 1 tenant changed"][0], found["check, 1 tenant changed"][0]
    return (
        f"{size:,} tenants: plan --base / check after the same one-tenant change: {plan:.2f} s / {check:.2f} s "
        f"= {plan / check:.2f}×"
    )


def commit(repo: Path, message: str) -> None:
    git(repo, "-c", "user.name=bench", "-c", "user.email=bench@example.com", "commit", "-qm", message)


def fleet(clusters: int, tenants: int, work: Path) -> dict[str, tuple[float, float]]:
    repo = work / "fleet"
    (repo / "clusters").mkdir(parents=True)
    for index in range(clusters):
        name = f"cluster-{index:03d}"
        (repo / "clusters" / f"{name}.yaml").write_text(cluster_yaml(cluster_config(tenants, name)))
    found = {"synth": run([str(PYTHON), "-O", str(MAIN), "synth"], repo)}
    shutil.rmtree(repo / "dist")
    forget_cache(repo)
    found["synth --jobs 0"] = run([str(PYTHON), "-O", str(MAIN), "synth", "--jobs", "0"], repo)
    source = work / "fleet.json"
    source.write_text(json.dumps(documents_of(repo / "dist")))
    found["floor yaml"] = run([str(PYTHON), "-c", FLOOR, str(source), str(work / "fleet-floor"), "yaml"], work)
    return found


Row = tuple[str, str, tuple[float, float], tuple[float, float], "tuple[float, float] | None"]


def table(rows: list[Row]) -> str:
    lines = [
        "| size | command | seconds | × libyaml floor | × full synth | peak MB (process tree) |",
        "| --- | --- | ---: | ---: | ---: | ---: |",
    ]
    for size, command, (seconds, peak), (floor, _), synth in rows:
        against = f"{seconds / synth[0]:.0%}" if synth else ""
        shown = (
            f"> {seconds:.0f}" if command == "kustomize build" and seconds >= KUSTOMIZE_TIMEOUT else f"{seconds:.2f}"
        )
        ratio = f"> {seconds / floor:.0f}" if shown.startswith(">") else f"{seconds / floor:.1f}"
        lines.append(f"| {size} | {command} | {shown} | {ratio}× | {against} | {peak:.0f} |")
    return "\n".join(lines)


def warm_up(work: Path) -> None:
    """One synth of the example clusters into a scratch folder: fills Python's bytecode cache (-O and not)."""
    for flags in (["-O"], []):
        run(
            [
                str(PYTHON),
                *flags,
                str(MAIN),
                "--clusters",
                str(ROOT / "clusters"),
                "synth",
                "--out",
                str(work / "warm"),
            ],
            work,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10,100,1000,5000")
    parser.add_argument("--fleet", default="100x20", help="CLUSTERSxTENANTS, or 'none'")
    parser.add_argument("--readme", action="store_true", help="rewrite the table in docs/performance.md")
    parser.add_argument(
        "--repeat", type=int, default=3, help="runs of each synth, check and floor; the fastest counts (default 3)"
    )
    parser.add_argument(
        "--pull-request",
        type=int,
        metavar="TENANTS",
        help="only the pull-request case (synth, check, plan --base after one tenant changed) at this size",
    )
    args = parser.parse_args()
    if not PYTHON.exists():
        raise SystemExit(f"{PYTHON} missing: run `make setup` first")
    if args.pull_request:
        with tempfile.TemporaryDirectory() as work:
            warm_up(Path(work))
        pull_request_only(args.pull_request, args.repeat)
        return
    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as work:
        warm_up(Path(work))
    commands = (
        "--help",
        "synth",
        "synth, nothing changed",
        "check",
        "synth, 1 tenant changed",
        "check, 1 tenant changed",
        "plan --base, 1 tenant changed",
        "validate",
        "plan",
        "kustomize build",
        "helm template",
        "floor yaml",
        "floor json",
    )
    for size in [int(s) for s in args.sizes.split(",")]:
        with tempfile.TemporaryDirectory() as work:
            found = measure_size(size, Path(work), args.repeat)
        floor = found["floor yaml"]
        for command in commands:
            if command not in found:
                print(
                    f"{size:,} tenants: {command}: not measured (.tools/bin/kustomize missing: `make test` builds it)"
                )
                continue
            against = found["synth"] if "1 tenant" in command or "nothing" in command else None
            label = f"{size:,} tenants"
            rows.append((label, command, found[command], floor, against))
            print(table(rows[-1:]).splitlines()[-1], flush=True)
        print(plan_ratio(size, found), flush=True)
    if args.fleet != "none":
        clusters, tenants = (int(x) for x in args.fleet.split("x"))
        with tempfile.TemporaryDirectory() as work:
            found = fleet(clusters, tenants, Path(work))
        for command in ("synth", "synth --jobs 0", "floor yaml"):
            rows.append((f"fleet {clusters} × {tenants}", command, found[command], found["floor yaml"], None))
            print(table(rows[-1:]).splitlines()[-1], flush=True)
    output = table(rows)
    print(output)
    if args.readme:
        write_table(output, README_START, README_END)
        write_table(summary(rows), SUMMARY_START, SUMMARY_END, ROOT / "README.md")


def summary(rows: list[Row]) -> str:
    """The README's few lines: synth against the floor and the pull-request case, per single-cluster size."""
    found = {(label, command): measured for label, command, measured, _, _ in rows}
    lines = [
        "| tenants in one cluster | synth | × libyaml floor | one tenant changed | `check` after it |",
        "| ---: | ---: | ---: | ---: | ---: |",
    ]
    for label in dict.fromkeys(label for label, *_ in rows if label.endswith(" tenants")):
        synth, floor = found[(label, "synth")][0], found[(label, "floor yaml")][0]
        changed, check = found[(label, "synth, 1 tenant changed")][0], found[(label, "check, 1 tenant changed")][0]
        lines.append(
            f"| {label.removesuffix(' tenants')} | {synth:.2f} s | {synth / floor:.1f}× | "
            f"{changed:.2f} s ({changed / synth:.0%}) | {check:.2f} s ({check / synth:.0%}) |"
        )
    return "\n".join(lines)


def write_table(output: str, start: str, end: str, path: Path = ROOT / "docs/performance.md") -> None:
    """Replace what the file has between the two markers with output."""
    readme = path
    text = readme.read_text()
    if start not in text or end not in text:
        raise SystemExit(f"{path.name} has no {start} … {end} markers")
    head, rest = text.split(start, 1)
    _, tail = rest.split(end, 1)
    readme.write_text(f"{head}{start}\n{output}\n{end}{tail}")


if __name__ == "__main__":
    main()
