"""The cluster's Karpenter picks the scheduler (issue 54 item 7): one Go program per Karpenter minor the product
simulates (simulation/scheduler/, go.mod for 1.14 linking sigs.k8s.io/karpenter v1.14.1, go115.mod for 1.15 linking
v1.15.0), chosen by the head revision's karpenter.version; a release of another minor, or none said, is answered by
the nearest (or the default) and the answer says so, in Markdown and in `--format json`. Kept answers of one core are
never another's. The 1.15 program is built once per machine (a few minutes the first time; CI's prebuild does it)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from conftest import cluster_dict, write_cluster

from karpenter_tenants.capacity.catalogue import load_catalogue
from karpenter_tenants.config.loader import load_clusters
from karpenter_tenants.simulation import binary, build
from karpenter_tenants.simulation.offerings import catalogue_prices
from karpenter_tenants.simulation.report import markdown
from karpenter_tenants.simulation.revision import side_of
from karpenter_tenants.simulation.run import simulate
from karpenter_tenants.simulation.workloads import workloads_of
from karpenter_tenants.synthesis.render import render

AMI = {"alias": "al2023@v20261101"}


@pytest.fixture(scope="module")
def catalogue(shared: Path) -> Any:
    return load_catalogue(shared)


def _program(minor: str) -> Path:
    try:
        return build.binary(minor)
    except build.Unavailable as error:  # no Go: fails with what to install, as the command does
        raise AssertionError(str(error)) from None


def _linked_core(program: Path) -> str:
    """The sigs.k8s.io/karpenter version a built program links, as `go version -m` reads it from the binary."""
    go = shutil.which("go")
    assert go is not None
    shown = subprocess.run([go, "version", "-m", str(program)], capture_output=True, text=True, timeout=120).stdout
    found = re.search(r"^\s*dep\s+sigs\.k8s\.io/karpenter\s+(v\S+)", shown, re.MULTILINE)
    assert found is not None, shown
    return found.group(1)


def _simulate(
    tmp_path: Path,
    catalogue: Any,
    monkeypatch: pytest.MonkeyPatch,
    version: str | None,
    base_version: str | None = None,
) -> tuple[Any, list[Path], list[dict[str, Any]]]:
    """A one-tenant cluster at this karpenter.version (None: the file says none) simulated with nothing kept: (the
    answer, the programs run, the batches they answered)."""
    tenant = {
        "name": "alpha",
        "nodeRole": "node-alpha",
        "namespaces": ["alpha"],
        "ami": AMI,
        "requirements": {"instanceFamilies": ["m7i"], "instanceSizes": ["large", "xlarge"]},
    }
    data = cluster_dict(tenants=[tenant])
    write_cluster(tmp_path / "clusters", data)
    files = render(load_clusters(tmp_path / "clusters"))

    def at(said: str | None) -> dict[str, Any]:
        copy = json.loads(json.dumps(data))
        if said is None:
            copy["karpenter"].pop("version", None)
        else:
            copy["karpenter"]["version"] = said
        return copy

    head = side_of(files, "acme", at(version))
    base = side_of(files, "acme", at(base_version if base_version is not None else version))
    pods = {
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "metadata": {"namespace": "alpha", "name": "web"},
        "spec": {
            "replicas": 2,
            "selector": {"matchLabels": {"app": "web"}},
            "template": {
                "metadata": {"labels": {"app": "web"}},
                "spec": {
                    "containers": [
                        {"name": "c", "image": "i", "resources": {"requests": {"cpu": "1", "memory": "1Gi"}}}
                    ],
                    "nodeSelector": {"tenant": "alpha"},
                    "tolerations": [{"key": "tenant", "operator": "Equal", "value": "alpha", "effect": "NoSchedule"}],
                },
            },
        },
    }
    workloads = workloads_of({"kind": "List", "items": [pods]}, "workloads.json")
    programs: list[Path] = []
    answered: list[dict[str, Any]] = []
    real_run = binary._run

    def run(program: Path, request: str) -> Any:
        programs.append(program)
        result = real_run(program, request)
        answered.append(json.loads(result.stdout))
        return result

    monkeypatch.setattr(binary, "_run", run)
    simulated = simulate(
        "acme", "ca-central-1", base, head, [], workloads, catalogue, catalogue_prices(catalogue), keep=False
    )
    return simulated, programs, answered


def test_a_cluster_at_1_15_is_answered_by_the_program_linking_core_1_15(
    tmp_path: Path, catalogue: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    program = _program("1.15")
    assert _linked_core(program) == "v1.15.0"
    assert (
        subprocess.run([str(program), "--version"], capture_output=True, text=True, timeout=60).stdout.strip()
        == "v1.15.0"
    )
    simulated, programs, answered = _simulate(tmp_path, catalogue, monkeypatch, "1.15.2")
    assert programs and set(programs) == {program}
    assert answered and all(answer.get("karpenterCore") == "v1.15.0" for answer in answered)
    assert simulated.head.tenants["alpha"].scheduled == 2  # the 1.15 core schedules the pools as 1.14's does
    document = simulated.as_json()
    assert document["karpenter"] == "1.15.0"
    assert document["scheduler"] == {"minor": "1.15", "core": "1.15.0", "cluster": "1.15.2", "note": ""}
    text = markdown(simulated)
    assert "Karpenter 1.15.0's scheduler" in text and "Scheduler:" not in text


def test_a_cluster_at_1_14_is_answered_by_the_program_linking_core_1_14(
    tmp_path: Path, catalogue: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    program = _program("1.14")
    assert _linked_core(program) == "v1.14.1"
    simulated, programs, answered = _simulate(tmp_path, catalogue, monkeypatch, "1.14.1")
    assert set(programs) == {program} and all(answer.get("karpenterCore") == "v1.14.1" for answer in answered)
    assert simulated.as_json()["scheduler"] == {"minor": "1.14", "core": "1.14.1", "cluster": "1.14.1", "note": ""}
    assert "Karpenter 1.14.1's scheduler" in markdown(simulated)


def test_a_minor_without_a_scheduler_is_answered_by_the_nearest_and_the_answer_says_so(
    tmp_path: Path, catalogue: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    simulated, programs, _ = _simulate(tmp_path, catalogue, monkeypatch, "1.16.0", base_version="1.16.0")
    assert set(programs) == {_program("1.15")}
    said = simulated.as_json()["scheduler"]
    assert (said["minor"], said["core"], said["cluster"]) == ("1.15", "1.15.0", "1.16.0")
    assert said["note"] == (
        "the cluster runs Karpenter 1.16.0, a minor the simulation has no scheduler of (it has 1.14 "
        "and 1.15): the nearest, Karpenter 1.15's (core 1.15.0), answers"
    )
    text = markdown(simulated)
    assert "Karpenter 1.15.0's scheduler" in text
    assert "Scheduler: the cluster runs Karpenter 1.16.0, a minor the simulation has no scheduler of" in text


def test_the_choice_by_release(tmp_path: Path) -> None:
    """Each minor its own; an older one the oldest the product has, a newer one the newest; none said (or no
    release) the default, said as such."""
    assert [(s.minor, s.core, s.note) for s in (binary.scheduler_for("1.14.1"), binary.scheduler_for("v1.15.2"))] == [
        ("1.14", "1.14.1", ""),
        ("1.15", "1.15.0", ""),
    ]
    older = binary.scheduler_for("1.13.0")
    assert (older.minor, older.core) == ("1.14", "1.14.1") and "Karpenter 1.13.0, a minor" in older.note
    assert binary.scheduler_for("1.0.14").minor == "1.14" and binary.scheduler_for("2.0.0").minor == "1.15"
    none = binary.scheduler_for("")
    assert (none.minor, none.core) == ("1.14", "1.14.1")
    assert none.note == (
        "the cluster file's karpenter.version says none: Karpenter 1.14's scheduler (the default) "
        "answers; the simulation has 1.14 and 1.15"
    )
    odd = binary.scheduler_for("latest\n## x")
    assert odd.minor == "1.14" and "is 'latest ## x', not a Karpenter release" in odd.note
    assert binary.core_version("1.15") == "1.15.0" and binary.core_version() == binary.CORE_VERSION == "1.14.1"


def test_the_base_on_another_minor_is_said(tmp_path: Path, catalogue: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A pull request that upgrades Karpenter: both revisions are asked of the head's scheduler, and the answer says
    the base runs another."""
    simulated, programs, _ = _simulate(tmp_path, catalogue, monkeypatch, "1.15.2", base_version="1.14.1")
    assert set(programs) == {_program("1.15")}
    note = simulated.as_json()["scheduler"]["note"]
    assert note == (
        "the base revision runs Karpenter 1.14.1: both revisions are asked of the head's scheduler (what "
        "changes is the pull request's doing, not the scheduler's)"
    )
    assert f"Scheduler: {note}." in markdown(simulated)


REQUEST = {"nodePools": [], "nodeClasses": [], "instanceTypes": [], "nodes": [], "pods": [], "daemonSets": []}


def _answer(core: str) -> dict[str, Any]:
    return {
        "karpenterCore": core,
        "bound": None,
        "existingNodes": None,
        "pending": [],
        "droppedNodePools": None,
        "nodeClaims": [],
    }


def test_a_kept_answer_of_one_minor_is_never_the_others(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same question asked of 1.14 and of 1.15: two keys, two folders, two runs; an answer of another core found
    under a minor's key (sealed by this machine all the same) is asked again; a program that answers as another core
    than its module's is SimulatorFailed."""
    monkeypatch.setattr(binary, "binary", lambda minor=build.DEFAULT_MINOR: tmp_path / minor / "scheduler")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("KARPENTER_TENANTS_NO_CACHE", raising=False)
    monkeypatch.delenv(binary.PROFILE_ENV, raising=False)
    for minor in build.MODULES:
        (tmp_path / minor).mkdir()
    runs: list[str] = []

    def run(program: Path, _: str) -> subprocess.CompletedProcess[str]:
        runs.append(program.parent.name)
        return subprocess.CompletedProcess([], 0, json.dumps(_answer(f"v{build.MODULES[program.parent.name][1]}")), "")

    monkeypatch.setattr(binary, "_run", run)
    assert binary._key(REQUEST, "1.14") != binary._key(REQUEST, "1.15")
    assert binary.solve(REQUEST, minor="1.14")["karpenterCore"] == "v1.14.1" and runs == ["1.14"]
    assert binary.cached(REQUEST, "1.14") is not None and binary.cached(REQUEST, "1.15") is None
    assert binary.solve(REQUEST, minor="1.15")["karpenterCore"] == "v1.15.0" and runs == ["1.14", "1.15"]
    assert binary.solve(REQUEST, minor="1.14")["karpenterCore"] == "v1.14.1" and runs == ["1.14", "1.15"]  # kept
    assert binary.kept_path(REQUEST, "1.15").parent == tmp_path / "1.15" / "answers"
    # a 1.14 answer put under 1.15's key, sealed with this machine's key: not of 1.15's core, so not read
    key = binary._key(REQUEST, "1.15")
    secret = binary._secret()
    assert secret is not None
    wrong = _answer("v1.14.1")
    binary.kept_path(REQUEST, "1.15").write_text(
        json.dumps({"request": key, "seal": binary._seal(secret, key, wrong), "answer": wrong})
    )
    assert binary.cached(REQUEST, "1.15") is None
    monkeypatch.setattr(
        binary, "_run", lambda *_: subprocess.CompletedProcess([], 0, json.dumps(_answer("v1.14.1")), "")
    )
    with pytest.raises(binary.SimulatorFailed, match="answered as core v1.14.1, not the v1.15.0"):
        binary.solve(REQUEST, minor="1.15", keep=False)


def test_each_module_file_requires_the_core_its_minor_says() -> None:
    """build.MODULES (what the answer says) and the module files (what is linked) agree."""
    for minor, (name, core) in build.MODULES.items():
        text = (build.SOURCE / name).read_text()
        assert re.search(rf"^\s*sigs\.k8s\.io/karpenter v{re.escape(core)}$", text, re.MULTILINE), (minor, name)
        assert (build.SOURCE / (name.removesuffix(".mod") + ".sum")).is_file()
    assert build.DEFAULT_MINOR in build.MODULES


def test_cis_prebuild_builds_every_minors_scheduler(monkeypatch: pytest.MonkeyPatch) -> None:
    """tests/e2e/prebuild.py builds each minor's program first (the unit suite, beside it, runs them)."""
    import importlib.util

    path = Path(__file__).resolve().parents[2] / "e2e" / "prebuild.py"
    spec = importlib.util.spec_from_file_location("prebuild_under_test", path)
    assert spec is not None and spec.loader is not None
    prebuild = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(prebuild)
    built: list[str] = []
    monkeypatch.setattr(prebuild.scheduler, "binary", lambda minor: built.append(minor) or Path("/x"))
    monkeypatch.setattr(prebuild, "MODULES", ())
    assert prebuild.main() == 0
    assert built == list(build.MODULES)


def test_a_build_goes_in_its_minors_folder_and_older_layout_builds_are_removed(tmp_path: Path) -> None:
    """One folder per minor (each pruned to BUILDS_KEPT); the builds of before, <cache>/<digest>/scheduler, removed."""
    old = tmp_path / ("a" * 20)
    old.mkdir()
    (old / "scheduler").write_text("program")
    (tmp_path / "1.14").mkdir()
    (tmp_path / "notes").mkdir()
    build._prune_unversioned(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["1.14", "notes"]
    assert build._digest("go1.26.8", "1.14") != build._digest("go1.26.8", "1.15")
    with pytest.raises(build.Unavailable, match="no scheduler of Karpenter '1.16'"):
        build._digest("go1.26.8", "1.16")


def test_plan_of_a_cluster_at_1_15_says_its_scheduler_in_markdown_and_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`plan --workloads` in a repository as the pull-request workflow runs it: a cluster at 1.15.2 whose pull request
    onboards a customer is answered by core 1.15.0; the same at 1.17.0 by the nearest, said."""
    from karpenter_tenants.commands.cli import main

    def tenant(name: str) -> dict[str, Any]:
        return {"name": name, "nodeRole": f"node-{name}", "namespaces": [name], "ami": AMI}

    pods = [
        {
            "apiVersion": "apps/v1",
            "kind": "Deployment",
            "metadata": {"namespace": name, "name": "web"},
            "spec": {
                "replicas": 1,
                "selector": {"matchLabels": {"app": "web"}},
                "template": {
                    "metadata": {"labels": {"app": "web"}},
                    "spec": {
                        "containers": [
                            {"name": "c", "image": "i", "resources": {"requests": {"cpu": "1", "memory": "1Gi"}}}
                        ],
                        "nodeSelector": {"tenant": name},
                        "tolerations": [{"key": "tenant", "operator": "Equal", "value": name, "effect": "NoSchedule"}],
                    },
                },
            },
        }
        for name in ("alpha", "beta")
    ]
    for version, core, said in (("1.15.2", "1.15.0", ""), ("1.17.0", "1.15.0", "the cluster runs Karpenter 1.17.0")):
        repo = tmp_path / version
        base = cluster_dict(tenants=[tenant("alpha")])
        # a release no compatibility table here lists states upstream's row (config: karpenter.compatibility)
        base["karpenter"] = {"version": version, "compatibility": {"minK8sVersion": "1.26", "maxK8sVersion": "1.36"}}
        write_cluster(repo / "clusters", base)
        assert main(["--clusters", str(repo / "clusters"), "synth", "--out", str(repo / "dist")]) == 0
        (repo / "workloads.json").write_text(json.dumps({"kind": "List", "items": pods}))
        (repo / "nodes.json").write_text(json.dumps({"kind": "List", "items": []}))
        for args in (
            ["init", "-q"],
            ["add", "-A"],
            ["-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "b"],
        ):
            subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True)
        write_cluster(repo / "clusters", {**base, "tenants": [tenant("alpha"), tenant("beta")]})
        assert main(["--clusters", str(repo / "clusters"), "synth", "--out", str(repo / "dist")]) == 0
        cwd = Path.cwd()
        os.chdir(repo)
        try:
            outs = []
            for form in ("markdown", "json"):
                capsys.readouterr()
                status = main(
                    [
                        "--clusters",
                        "clusters",
                        "plan",
                        "--base",
                        "HEAD",
                        "--workloads",
                        "workloads.json",
                        "--nodes",
                        "nodes.json",
                        "--format",
                        form,
                    ]
                )
                captured = capsys.readouterr()
                outs.append((status, captured.out, captured.err))
        finally:
            os.chdir(cwd)
        (status, text, err), (json_status, out, _) = outs
        assert status == 0 and json_status == 0, text + out + err
        assert f"Karpenter {core}'s scheduler" in text
        assert ("Scheduler: " + said in text) if said else "Scheduler:" not in text
        scheduler = json.loads(out)["simulation"]["scheduler"]
        assert (scheduler["minor"], scheduler["core"], scheduler["cluster"]) == ("1.15", core, version)
        assert scheduler["note"].startswith(said) and bool(scheduler["note"]) == bool(said)


def test_a_module_needing_a_go_that_cannot_be_had_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    """A module file whose `go` line is newer than the Go on PATH is built with that toolchain, which the go command
    fetches; when it cannot (no module proxy here), SimulatorUnavailable (exit 2) names the Go to install."""
    monkeypatch.setattr(build, "_go_line", lambda _: (1, 99, 0))
    monkeypatch.setenv("GOPROXY", "off")
    with pytest.raises(binary.SimulatorUnavailable) as raised:
        binary.binary("1.15")
    said = str(raised.value)
    assert (
        "the scheduler of Karpenter 1.15 (go115.mod: sigs.k8s.io/karpenter v1.15.0) needs go1.99.0, which the go "
        "command could not fetch" in said
    )
    assert "install Go 1.99.0 or newer (https://go.dev/dl/)" in said and "Traceback" not in said


def test_two_builds_of_one_minor_at_once_run_go_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The unit suite and CI's prebuild may ask for the same program at once: the second waits for the first's build
    (a lock beside it) and takes it, instead of compiling it again on the same two cores."""
    from concurrent.futures import ThreadPoolExecutor

    fake = tmp_path / "go"
    fake.write_text(
        '#!/bin/sh\necho built >> "$COUNT"\nsleep 1\nwhile [ "$1" != "-o" ]; do shift; done\n'
        'printf "#!/bin/sh\\n" > "$2" && chmod +x "$2"\n'
    )
    fake.chmod(0o755)
    monkeypatch.setenv("COUNT", str(tmp_path / "count"))
    monkeypatch.setenv(build.CACHE_ENV, str(tmp_path / "cache"))
    monkeypatch.setattr(build, "go_command", lambda minor: (str(fake), dict(os.environ), [], "go1.26.8"))
    with ThreadPoolExecutor(max_workers=2) as pool:
        built = list(pool.map(lambda _: build.binary("1.15"), range(2)))
    assert built[0] == built[1] == tmp_path / "cache" / "1.15" / built[0].parent.name / "scheduler"
    assert (tmp_path / "count").read_text().count("built") == 1
