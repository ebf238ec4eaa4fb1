"""The everyday pull request where teams run the product: a repository `karpenter-tenants init` wrote, one cluster of
41 tenants (with karpenter.values, so the chart's values are checked), one tenant's limits changed; `make synth`'s
command (`python -O main.py`), then `check` and `plan --base HEAD` (what `make verify` runs besides validate).

Run: .venv/bin/python bench/init_repository.py [--tenants 41] [--repeat 3]

Each command runs in a fresh process; CPU seconds (user + system of it and the processes it waited for: jsii's
Node.js) and wall seconds, the fastest of --repeat runs. The same pull request is measured with Python's bytecode in
these states, each in its own PYTHONPYCACHEPREFIX folder (so neither this checkout's __pycache__ folders nor the
interpreter's count, and each state holds exactly what it says):
- warm: bytecode written and read as usual (one untimed run of each command fills it);
- then with PYTHONDONTWRITEBYTECODE=1 (set by many CI images: nothing is ever written), the standard library
  compiled at both levels as python.org's, pyenv's and actions/setup-python's builds ship it (`make install`):
  - pip's bytecode only: the venv's site-packages and the package compiled for plain `python`, as pip leaves them
    (init's Makefile before it compiled for `-O`): `python -O main.py` compiles every module of them on every run;
  - after `make setup`: the generated Makefile's `python -O -m compileall` of the venv's site-packages too;
- after `make setup` on an image whose standard library has no bytecode (the official Docker `python` images
  delete it): its modules are compiled on every run;
- no bytecode at all.
The ratio printed is each state's CPU over warm's, per command (issue 53's target: within 1.5x).
"""

from __future__ import annotations

import argparse
import copy
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
PYTHON = ROOT / ".venv/bin/python"
MAIN = ROOT / "main.py"


def run(command: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float]:
    """(CPU seconds of the process and what it waited for, wall seconds) of one command, which must exit 0."""
    with tempfile.TemporaryFile() as output:
        start = time.perf_counter()
        process = subprocess.Popen(command, cwd=cwd, env=env, stdout=output, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        process.returncode = code = os.waitstatus_to_exitcode(status)
        if code != 0:
            output.seek(0)
            raise SystemExit(f"{' '.join(command)} exited {code}:\n{output.read().decode()[-2000:]}")
    return usage.ru_utime + usage.ru_stime, wall


def environment(prefix: Path, write: bool) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPATH")}
    env.update(PYTHONPYCACHEPREFIX=str(prefix), JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION="20")
    if not write:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def compile_into(prefix: Path, folders: list[Path], levels: tuple[tuple[str, ...], ...] = ((), ("-O",))) -> None:
    """Bytecode of folders for each level: () plain `python` (what pip compiles), ("-O",) for `python -O`."""
    env = environment(prefix, write=True)
    for flags in levels:
        subprocess.run(
            [str(PYTHON), *flags, "-m", "compileall", "-q", "-j", "0", *map(str, folders)],
            env=env,
            capture_output=True,
            check=False,
        )  # a file that does not compile (a test fixture) is left out


def team_repository(work: Path, tenants: int) -> tuple[Path, dict]:
    """init's repository with tenants copies of its example tenant and karpenter.values, synthesized, committed."""
    repo = work / "team"
    subprocess.run(
        [
            str(PYTHON),
            str(MAIN),
            "init",
            str(repo),
            "--name",
            "globex",
            "--account-id",
            "210987654321",
            "--region",
            "eu-west-1",
            "--kubernetes-version",
            "1.33",
            "--module-source",
            str(ROOT / "terraform"),
        ],
        check=True,
        capture_output=True,
    )
    path = repo / "clusters/globex.yaml"
    config = yaml.safe_load(path.read_text())
    template = config["tenants"][0]
    config["tenants"] = [
        {**copy.deepcopy(template), "name": f"team-{i:02d}", "namespaces": [f"team-{i:02d}"]} for i in range(tenants)
    ]
    config["karpenter"]["values"] = {"podAnnotations": {"team": "platform"}, "logLevel": "info"}
    path.write_text(yaml.safe_dump(config, sort_keys=False))
    env = environment(work / "pyc-setup-run", write=True)
    subprocess.run([str(PYTHON), "-O", "main.py"], cwd=repo, env=env, check=True, capture_output=True)
    for args in (
        ["init", "-q"],
        ["add", "-A"],
        ["-c", "user.name=bench", "-c", "user.email=bench@example.com", "commit", "-qm", "base"],
    ):
        subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True)
    return repo, config


COMMANDS = {
    "synth (python -O main.py)": ["-O", "main.py"],
    "check": ["main.py", "check"],
    "plan --base HEAD": ["main.py", "plan", "--base", "HEAD"],
}


def pull_request(
    repo: Path, config: dict, env: dict[str, str], repeat: int, counter: list[int]
) -> dict[str, tuple[float, float]]:
    """Each command's best (CPU, wall) over repeat one-tenant changes (a new value each time: synth builds it)."""
    path = repo / "clusters/globex.yaml"
    runs: dict[str, list[tuple[float, float]]] = {name: [] for name in COMMANDS}
    tenant = config["tenants"][len(config["tenants"]) // 2]
    for _ in range(repeat):
        counter[0] += 1
        tenant["limits"] = {"cpu": str(100 + counter[0]), "memory": "400Gi"}
        path.write_text(yaml.safe_dump(config, sort_keys=False))
        for name, args in COMMANDS.items():
            runs[name].append(run([str(PYTHON), *args], repo, env))
    return {name: (min(r[0] for r in found), min(r[1] for r in found)) for name, found in runs.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tenants", type=int, default=41)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    if not PYTHON.exists():
        raise SystemExit(f"{PYTHON} missing: run `make setup` first")
    venv_purelib = Path(
        subprocess.run(
            [str(PYTHON), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    )
    stdlib = Path(
        subprocess.run(
            [str(PYTHON), "-c", "import sysconfig; print(sysconfig.get_paths()['stdlib'])"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    )
    package = ROOT / "karpenter_tenants"  # installed editable here; in a team's venv it is in site-packages
    counter = [0]
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        repo, config = team_repository(work, args.tenants)
        states: dict[str, dict[str, str]] = {}
        warm = work / "pyc-warm"
        states["warm bytecode"] = environment(warm, write=True)
        pull_request(repo, config, states["warm bytecode"], 1, counter)  # untimed: fills it
        before, after, bare = work / "pyc-pip", work / "pyc-setup", work / "pyc-setup-bare-stdlib"
        compile_into(before, [stdlib])
        compile_into(before, [venv_purelib, package], levels=((),))
        states["PYTHONDONTWRITEBYTECODE=1, pip's bytecode only"] = environment(before, write=False)
        compile_into(after, [stdlib, venv_purelib, package])
        states["PYTHONDONTWRITEBYTECODE=1, after make setup"] = environment(after, write=False)
        compile_into(bare, [venv_purelib, package])
        states["PYTHONDONTWRITEBYTECODE=1, after make setup, stdlib without bytecode"] = environment(bare, write=False)
        states["PYTHONDONTWRITEBYTECODE=1, no bytecode at all"] = environment(work / "pyc-none", write=False)
        found = {state: pull_request(repo, config, env, args.repeat, counter) for state, env in states.items()}
    base = found["warm bytecode"]
    print(f"| {args.tenants} tenants, one changed | command | CPU s | wall s | CPU × warm |")
    print("| --- | --- | ---: | ---: | ---: |")
    for state, measured in found.items():
        for name, (cpu, wall) in measured.items():
            print(f"| {state} | {name} | {cpu:.2f} | {wall:.2f} | {cpu / base[name][0]:.2f}× |")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
