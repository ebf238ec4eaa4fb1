"""`plan --workloads`: customers' pods scheduled by Karpenter's own scheduler (the Go program in
karpenter_tenants/simulation/scheduler, linking sigs.k8s.io/karpenter 1.14.1), on pools synthesized by the product.
Each scenario's answer is known by construction; the end-to-end ones run `plan` in a git repository the way the
pull-request workflow does. The scheduler is built once per machine (cached by content): a missing Go fails these
tests with what to install, as it fails the command."""

from __future__ import annotations

import copy
import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import cluster_dict, write_cluster

from karpenter_tenants.capacity.catalogue import load_catalogue
from karpenter_tenants.commands.cli import main
from karpenter_tenants.config.loader import load_clusters
from karpenter_tenants.simulation.offerings import catalogue_prices
from karpenter_tenants.simulation.revision import side_of
from karpenter_tenants.simulation.run import simulate
from karpenter_tenants.simulation.workloads import workloads_of
from karpenter_tenants.synthesis.render import render

AMI = {"alias": "al2023@v20261101"}


def tenant(name: str, **fields: Any) -> dict[str, Any]:
    return {"name": name, "nodeRole": f"node-{name}", "namespaces": [name], "ami": AMI, **fields}


def pod_spec(cpu: str = "1", memory: str = "1Gi", tenant_name: str | None = None, **spec: Any) -> dict[str, Any]:
    pinned = (
        {
            "nodeSelector": {"tenant": tenant_name},
            "tolerations": [{"key": "tenant", "operator": "Equal", "value": tenant_name, "effect": "NoSchedule"}],
        }
        if tenant_name
        else {}
    )
    return {
        "containers": [{"name": "c", "image": "i", "resources": {"requests": {"cpu": cpu, "memory": memory}}}],
        **pinned,
        **spec,
    }


def deployment(namespace: str, name: str, replicas: int, spec: dict[str, Any]) -> dict[str, Any]:
    return {
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "metadata": {"namespace": namespace, "name": name},
        "spec": {
            "replicas": replicas,
            "selector": {"matchLabels": {"app": name}},
            "template": {"metadata": {"labels": {"app": name}}, "spec": spec},
        },
    }


def daemonset(namespace: str, name: str, spec: dict[str, Any]) -> dict[str, Any]:
    return {
        "apiVersion": "apps/v1",
        "kind": "DaemonSet",
        "metadata": {"namespace": namespace, "name": name},
        "spec": {
            "selector": {"matchLabels": {"app": name}},
            "template": {"metadata": {"labels": {"app": name}}, "spec": spec},
        },
    }


def node(name: str, labels: dict[str, str], cpu: str = "3920m", memory: str = "14Gi") -> dict[str, Any]:
    return {
        "apiVersion": "v1",
        "kind": "Node",
        "metadata": {"name": name, "labels": labels},
        "spec": {},
        "status": {"allocatable": {"cpu": cpu, "memory": memory, "pods": "58"}},
    }


@pytest.fixture(scope="module")
def catalogue(shared: Path) -> Any:
    return load_catalogue(shared)


def solve(
    tmp_path: Path,
    catalogue: Any,
    tenants: list[dict[str, Any]],
    items: list[dict[str, Any]],
    nodes: list[dict[str, Any]] | None = None,
    keep: bool = True,
    **sections: Any,
) -> Any:
    """The head's answer (base = head) for a cluster of these tenants and these workloads."""
    data = cluster_dict(tenants=tenants, **sections)
    write_cluster(tmp_path / "clusters", data)
    files = render(load_clusters(tmp_path / "clusters"))
    side = side_of(files, "acme", data)
    workloads = workloads_of({"kind": "List", "items": items}, "workloads.json")
    return simulate(
        "acme", "ca-central-1", side, side, nodes or [], workloads, catalogue, catalogue_prices(catalogue), keep=keep
    )


def test_a_pod_too_big_for_any_allowed_type_stays_pending_with_karpenters_reason(
    tmp_path: Path, catalogue: Any
) -> None:
    small = tenant("alpha", requirements={"instanceFamilies": ["m7i"], "instanceSizes": ["large", "xlarge"]})
    result = solve(
        tmp_path,
        catalogue,
        [small],
        [
            deployment("alpha", "huge", 1, pod_spec(cpu="64", tenant_name="alpha")),
            deployment("alpha", "fits", 2, pod_spec(cpu="1", tenant_name="alpha")),
        ],
    )
    alpha = result.head.tenants["alpha"]
    assert [p["pod"] for p in alpha.pending] == ["alpha/huge-0"]
    assert alpha.pending[0]["workload"] == "alpha/Deployment/huge" and alpha.pending[0]["reason"]
    assert alpha.scheduled == 2
    assert all(c["instanceType"] in ("m7i.large", "m7i.xlarge") for c in alpha.node_claims)


def test_a_tenant_whose_limits_run_out_leaves_the_rest_pending(tmp_path: Path, catalogue: Any) -> None:
    capped = tenant(
        "alpha", limits={"cpu": "8"}, requirements={"instanceFamilies": ["m7i"], "instanceSizes": ["xlarge"]}
    )
    result = solve(
        tmp_path, catalogue, [capped], [deployment("alpha", "web", 6, pod_spec(cpu="3", tenant_name="alpha"))]
    )
    alpha = result.head.tenants["alpha"]
    # m7i.xlarge: 4 vCPUs, one 3-cpu pod each; the limit of 8 cpus admits two nodes
    assert len(alpha.node_claims) == 2 and alpha.scheduled == 2 and len(alpha.pending) == 4
    assert all("limit" in p["reason"] for p in alpha.pending)


def test_a_pod_that_does_not_tolerate_the_tenants_taint_is_pending(tmp_path: Path, catalogue: Any) -> None:
    result = solve(
        tmp_path,
        catalogue,
        [tenant("alpha")],
        [
            deployment("alpha", "untolerated", 1, pod_spec(nodeSelector={"tenant": "alpha"})),
            deployment("alpha", "tolerated", 1, pod_spec(tenant_name="alpha")),
        ],
    )
    alpha = result.head.tenants["alpha"]
    assert [p["pod"] for p in alpha.pending] == ["alpha/untolerated-0"]
    assert "taint" in alpha.pending[0]["reason"] or "tolerate" in alpha.pending[0]["reason"]


def test_an_arm64_pool_leaves_an_amd64_only_pod_pending(tmp_path: Path, catalogue: Any) -> None:
    arm = tenant("beta", requirements={"instanceFamilies": ["r7g", "r8g"], "architectures": ["arm64"]})
    amd64 = {
        "nodeAffinity": {
            "requiredDuringSchedulingIgnoredDuringExecution": {
                "nodeSelectorTerms": [
                    {"matchExpressions": [{"key": "kubernetes.io/arch", "operator": "In", "values": ["amd64"]}]}
                ]
            }
        }
    }
    result = solve(
        tmp_path,
        catalogue,
        [arm],
        [
            deployment("beta", "x86-image", 1, pod_spec(tenant_name="beta", affinity=amd64)),
            deployment("beta", "multiarch", 1, pod_spec(tenant_name="beta")),
        ],
    )
    beta = result.head.tenants["beta"]
    assert [p["pod"] for p in beta.pending] == ["beta/x86-image-0"]
    assert [c["instanceType"].split(".")[0] in ("r7g", "r8g") for c in beta.node_claims] == [True]


def test_gpu_pods_land_on_the_gpu_pool(tmp_path: Path, catalogue: Any) -> None:
    gpu = tenant(
        "gamma",
        requirements={"instanceFamilies": ["g6"], "gpuManufacturers": ["nvidia"], "capacityTypes": ["on-demand"]},
        taints=[{"key": "nvidia.com/gpu", "effect": "NoSchedule"}],
    )
    spec = pod_spec(tenant_name="gamma")
    spec["containers"][0]["resources"]["limits"] = {"nvidia.com/gpu": "1"}
    spec["containers"][0]["resources"]["requests"]["nvidia.com/gpu"] = "1"
    spec["tolerations"].append({"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"})
    result = solve(tmp_path, catalogue, [gpu], [deployment("gamma", "train", 2, spec)])
    gamma = result.head.tenants["gamma"]
    assert gamma.pending == [] and gamma.scheduled == 2
    assert gamma.node_claims and all(
        c["instanceType"].startswith("g6.") and c["capacityType"] == "on-demand" for c in gamma.node_claims
    )


def test_a_daemonset_makes_a_small_type_too_small(tmp_path: Path, catalogue: Any) -> None:
    sized = tenant(
        "alpha",
        requirements={
            "instanceFamilies": ["m7i"],
            "instanceSizes": ["large", "xlarge", "2xlarge"],
            "capacityTypes": ["on-demand"],
        },
    )
    web = deployment("alpha", "web", 1, pod_spec(cpu="1", memory="2Gi", tenant_name="alpha"))
    alone = solve(tmp_path / "a", catalogue, [sized], [web]).head.tenants["alpha"].node_claims
    agent = daemonset("kube-system", "agent", pod_spec(cpu="1500m", memory="1Gi", tolerations=[{"operator": "Exists"}]))
    with_agent = solve(tmp_path / "b", catalogue, [sized], [web, agent]).head.tenants["alpha"].node_claims
    assert [c["instanceType"] for c in alone] == ["m7i.large"]  # 1930m allocatable: the pod fits
    assert [c["instanceType"] for c in with_agent] == ["m7i.xlarge"]  # 1 + 1.5 cpu does not fit a large


def test_the_same_input_gives_the_same_answer(tmp_path: Path, catalogue: Any) -> None:
    tenants = [tenant("alpha"), tenant("beta", requirements={"capacityTypes": ["spot", "on-demand"]})]
    items = [
        deployment("alpha", "web", 7, pod_spec(cpu="700m", tenant_name="alpha")),
        deployment("beta", "api", 5, pod_spec(cpu="1500m", memory="3Gi", tenant_name="beta")),
    ]
    answers = {
        json.dumps(solve(tmp_path / str(n), catalogue, tenants, items, keep=False).as_json(), sort_keys=True)
        for n in range(3)
    }
    assert len(answers) == 1


def bench_like(tmp_path: Path, catalogue: Any, tenants: int = 6) -> dict[str, Any]:
    """A request of several tenants' pools as synthesized, pods of four sizes each, consolidation asked of two pools."""
    from karpenter_tenants.simulation.offerings import instance_types, zones_of
    from karpenter_tenants.simulation.revision import request

    names = [f"t{n}" for n in range(tenants)]
    data = cluster_dict(
        tenants=[
            tenant(
                name,
                requirements={"capacityTypes": ["spot", "on-demand"]},
                limits={"cpu": "40"},
                disruption={"consolidationPolicy": "WhenEmptyOrUnderutilized", "consolidateAfter": "0s"},
            )
            for name in names
        ]
    )
    write_cluster(tmp_path / "clusters", data)
    side = side_of(render(load_clusters(tmp_path / "clusters")), "acme", data)
    items = [
        deployment(name, f"w{size}", 2, pod_spec(cpu=cpu, tenant_name=name))
        for name in names
        for size, cpu in enumerate(("250m", "700m", "1500m", "3"))
    ]
    workloads = workloads_of({"kind": "List", "items": items}, "workloads.json")
    types = instance_types(catalogue, zones_of("ca-central-1", []), catalogue_prices(catalogue))
    underused = []  # an m5.4xlarge of each of the first two pools, which consolidation is asked about
    for name in names[:2]:
        labels = {
            "karpenter.sh/nodepool": name,
            "tenant": name,
            "node.kubernetes.io/instance-type": "m5.4xlarge",
            "topology.kubernetes.io/zone": "ca-central-1a",
            "karpenter.sh/capacity-type": "on-demand",
            "kubernetes.io/arch": "amd64",
            "kubernetes.io/os": "linux",
        }
        underused.append(node(f"ip-{name}", labels, cpu="15890m", memory="57Gi"))
        underused[-1]["spec"] = {"taints": [{"key": "tenant", "value": name, "effect": "NoSchedule"}]}
    return request(side, underused, workloads, types, names[:2])


def test_karpenters_workers_change_no_answer(tmp_path: Path, catalogue: Any) -> None:
    """The scheduler's concurrency (Karpenter's --cpu-requests; the simulation gives it the machine's cores) tries
    candidates side by side and keeps the earliest that fits: the same answer with 1, 2 and 4 workers, asked six
    times, on the catalogue's types and pools as synth writes them, consolidation of two pools included (whose
    candidates Karpenter orders by a map's random order)."""
    from karpenter_tenants.simulation import binary

    asked = bench_like(tmp_path, catalogue)
    one = binary.solve(asked, workers=1, keep=False)
    assert len(one["nodeClaims"]) >= 4
    # single-node consolidation says each pool's next command (Karpenter takes the pools in a map's random order)
    assert sorted(node["node"] for command in one["disruption"] for node in command["nodes"]) == ["ip-t0", "ip-t1"]
    for workers in (1, 2, 4, 2, 4):
        assert binary.solve(asked, workers=workers, keep=False) == one


def test_an_answer_is_kept_and_asked_again_only_for_another_question(
    tmp_path: Path, catalogue: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The base revision of every pull request against the same main asks the same question: answered from the kept
    answer (the program not run), byte for byte what it answered; another question runs it; a kept file that is not
    the program's (damaged, another request's, a link) is asked again; only the newest ANSWERS_KEPT stay."""
    from karpenter_tenants.simulation import binary

    kept = tmp_path / "answers"
    monkeypatch.setattr(binary, "_answers", lambda *_: kept)
    runs = []
    real_run = binary._run

    def counted(program: Any, request: str) -> Any:  # the program run (not `go env`, which finding it runs)
        runs.append(1)
        return real_run(program, request)

    monkeypatch.setattr(binary, "_run", counted)
    asked = bench_like(tmp_path, catalogue, tenants=2)
    first = binary.solve(asked)
    assert runs == [1] and binary.solve(asked) == first and runs == [1]  # kept
    assert binary.solve(asked, keep=False) == first and runs == [1, 1]
    other = {**asked, "disruption": []}
    binary.solve(other)
    assert len(runs) == 3
    path = binary.kept_path(asked)
    assert path.parent == kept and path.is_file()
    edited = json.loads(path.read_text())
    edited["answer"]["karpenterCore"] = "v0.0.0"  # still JSON, still the request's: its digest is not
    deep = '{"request": "%s", "answer": %s}' % (path.stem, "[" * 100_000 + "]" * 100_000)
    for damage in ("not json", json.dumps({"request": "0" * 64, "answer": {}}), json.dumps(edited), deep, "link"):
        path.unlink()
        if damage == "link":
            path.symlink_to(tmp_path / "elsewhere.json")
            (tmp_path / "elsewhere.json").write_text(json.dumps({"request": path.stem, "answer": {}}))
        else:
            path.write_text(damage)
        assert binary.solve(asked) == first  # asked again, and kept again as a plain file
        assert path.is_file() and not path.is_symlink() and json.loads(path.read_text())["answer"] == first
    monkeypatch.setenv("KARPENTER_TENANTS_NO_CACHE", "1")  # the cache switch: asked every time, nothing read
    before = len(runs)
    assert binary.solve(asked) == first and len(runs) == before + 1
    monkeypatch.delenv("KARPENTER_TENANTS_NO_CACHE")
    monkeypatch.setattr(binary, "ANSWERS_KEPT", 1)
    binary.solve({**asked, "disruption": ["t1"]})
    assert len(list(kept.iterdir())) == 1


# --- end to end: `plan --workloads` in a repository, base → head, as the pull-request workflow runs it ----------


def git(repo: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=repo, check=True, capture_output=True
    )


def pull_request(repo: Path, base: dict[str, Any], head: dict[str, Any]) -> None:
    """repo: base's cluster file synthesized and committed, head's synthesized over it, as a pull request's checkout."""
    write_cluster(repo / "clusters", base)
    assert main(["--clusters", str(repo / "clusters"), "synth", "--out", str(repo / "dist")]) == 0
    git(repo, "init", "-q")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "base")
    write_cluster(repo / "clusters", head)
    assert main(["--clusters", str(repo / "clusters"), "synth", "--out", str(repo / "dist")]) == 0


@pytest.fixture
def moving_repo(tmp_path: Path) -> Path:
    """A cluster moving customer globex off its node group: at base the group is listed in clusterAutoscaler, with
    globex's tenant already there; the head removes the group (the move's last step)."""
    repo = tmp_path / "repo"
    base = cluster_dict(
        tenants=[tenant("globex", requirements={"capacityTypes": ["on-demand"]})],
        clusterAutoscaler={"running": False, "nodeGroups": [{"name": "globex-workers", "tenant": "globex"}]},
    )
    head = copy.deepcopy(base)
    head["clusterAutoscaler"]["nodeGroups"] = []
    pull_request(repo, base, head)
    pinned = pod_spec(cpu="500m", nodeSelector={"eks.amazonaws.com/nodegroup": "globex-workers"})
    items = [deployment("globex", "web", 3, pinned), deployment("globex", "api", 2, pod_spec(tenant_name="globex"))]
    (repo / "workloads.json").write_text(json.dumps({"apiVersion": "v1", "kind": "List", "items": items}))
    group = {
        "eks.amazonaws.com/nodegroup": "globex-workers",
        "topology.kubernetes.io/zone": "ca-central-1a",
        "kubernetes.io/arch": "amd64",
        "kubernetes.io/os": "linux",
    }
    (repo / "nodes.json").write_text(json.dumps({"kind": "List", "items": [node("ng-1", group), node("ng-2", group)]}))
    return repo


def plan(repo: Path, *extra: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    cwd = Path.cwd()
    os.chdir(repo)
    try:
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
                *extra,
            ]
        )
    finally:
        os.chdir(cwd)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_removing_a_node_group_under_pinned_pods_is_destructive_and_says_why(
    moving_repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = plan(moving_repo, "--fail-on", "destructive", capsys=capsys)
    assert status == 3, out
    assert (
        "3 pod(s) of globex become Pending: they select `eks.amazonaws.com/nodegroup=globex-workers`, which this "
        "PR removes"
    ) in out
    assert "**destructive** Deployment/globex/web goes Pending" in out
    assert "Deployment/globex/api" not in out.split("### Will it run?")[0]  # api runs on globex's pool either way
    assert "### Will it run? Cluster acme: Karpenter 1.14.1's scheduler on workloads.json" in out


def test_the_json_contract(moving_repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = plan(moving_repo, "--format", "json", capsys=capsys)
    assert status == 0
    simulation = json.loads(out)["simulation"]
    assert simulation["karpenter"] == "1.14.1" and "us-east-1" in simulation["prices"]
    base, head = simulation["base"]["tenants"]["globex"], simulation["head"]["tenants"]["globex"]
    assert base["scheduled"] == 5 and base["pending"] == []
    assert head["scheduled"] == 2 and [p["pod"] for p in head["pending"]] == [f"globex/web-{i}" for i in range(3)]
    assert {p["workload"] for p in head["pending"]} == {"globex/Deployment/web"}
    for claim in head["nodeClaims"]:
        assert set(claim) >= {"nodePool", "instanceType", "capacityType", "zone", "pricePerHour", "instanceTypeOptions"}
        assert claim["nodePool"] == "globex" and claim["capacityType"] == "on-demand" and claim["pricePerHour"] > 0
    assert head["pricePerHour"] == pytest.approx(sum(c["pricePerHour"] for c in head["nodeClaims"]))


def test_without_go_the_command_says_what_to_install(
    moving_repo: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    tools = tmp_path / "bin"  # git (plan reads the base revision with it), and no go
    tools.mkdir()
    (tools / "git").symlink_to(shutil.which("git") or "/usr/bin/git")
    monkeypatch.setenv("PATH", str(tools))
    monkeypatch.setenv("KARPENTER_TENANTS_SIMULATOR_CACHE", str(tmp_path / "cache"))
    before = {p: p.read_bytes() for p in moving_repo.rglob("*") if p.is_file() and ".git" not in p.parts}
    status, _, err = plan(moving_repo, capsys=capsys)
    assert status == 2
    assert "install Go 1.26.6 or newer" in err and err.count("\n") == 1
    assert before == {p: p.read_bytes() for p in moving_repo.rglob("*") if p.is_file() and ".git" not in p.parts}


BAD_WORKLOADS = {
    "negative replicas": ({"replicas": -1}, "items[0].spec.replicas: -1 is negative"),
    "a million replicas": ({"replicas": 10**6}, "items[0].spec.replicas: 1000000 is more than the 50000 pods"),
    "replicas as text": ({"replicas": "3"}, "items[0].spec.replicas: '3' is not a whole number"),
    "unparsable request": (
        {"template": {"spec": pod_spec(cpu="lots")}},
        "items[0].spec.template.spec.containers[0].resources.requests.cpu: 'lots' is not a quantity",
    ),
    "no containers": (
        {"template": {"spec": {"containers": []}}},
        "items[0].spec.template.spec.containers: missing or empty",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD_WORKLOADS))
def test_a_hostile_workloads_file_is_exit_2_naming_the_file_and_the_path(
    case: str, moving_repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec, expected = BAD_WORKLOADS[case]
    item = deployment("globex", "web", 1, pod_spec())
    item["spec"].update(spec)
    (moving_repo / "workloads.json").write_text(json.dumps({"kind": "List", "items": [item]}))
    status, out, err = plan(moving_repo, capsys=capsys)
    assert status == 2 and out == ""
    assert err == f"error: workloads.json: {expected}" + err.split(expected, 1)[1]
    assert err.count("\n") == 1


def test_a_deep_or_huge_workloads_file_is_refused_in_bounded_time(
    moving_repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (moving_repo / "workloads.json").write_text('{"kind": "List", "items": ' + "[" * 5000 + "]" * 5000 + "}")
    status, _, err = plan(moving_repo, capsys=capsys)
    assert status == 2 and "nested more than" in err
    many = [deployment("globex", f"d{i}", 5000, pod_spec()) for i in range(11)]
    (moving_repo / "workloads.json").write_text(json.dumps({"kind": "List", "items": many}))
    status, _, err = plan(moving_repo, capsys=capsys)
    assert status == 2 and "asks for 5000 pods, more than the 50000 a simulation takes in all" in err


def test_a_snapshot_folder_simulates_each_cluster_it_names(
    moving_repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--workloads-dir DIR` (what verify and the pull-request workflow pass when the repository keeps workloads/):
    DIR/<cluster>.json and DIR/<cluster>.nodes.json, each cluster simulated."""
    snapshots = moving_repo / "workloads"
    snapshots.mkdir()
    (moving_repo / "workloads.json").rename(snapshots / "acme.json")
    (moving_repo / "nodes.json").rename(snapshots / "acme.nodes.json")
    cwd = Path.cwd()
    os.chdir(moving_repo)
    try:
        capsys.readouterr()
        status = main(
            [
                "--clusters",
                "clusters",
                "plan",
                "--base",
                "HEAD",
                "--workloads-dir",
                "workloads",
                "--fail-on",
                "destructive",
            ]
        )
    finally:
        os.chdir(cwd)
    out = capsys.readouterr().out
    assert status == 3
    assert "### Will it run? Cluster acme: Karpenter 1.14.1's scheduler on workloads/acme.json" in out
    assert "**destructive** Deployment/globex/web goes Pending" in out


def test_removing_a_node_group_that_still_has_nodes_is_destructive_with_nodes_alone(
    moving_repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without workloads, `--nodes` alone says it: the pull request lists the group as moved, the cluster still has
    its nodes (issue: 38 groups removed while each showed 2 Ready nodes read as `0 destructive`)."""
    cwd = Path.cwd()
    os.chdir(moving_repo)
    try:
        capsys.readouterr()
        status = main(
            ["--clusters", "clusters", "plan", "--base", "HEAD", "--nodes", "nodes.json", "--fail-on", "destructive"]
        )
        out = capsys.readouterr().out
        assert status == 3
        assert (
            "**destructive** NodeGroup/globex-workers still has nodes: leaves clusterAutoscaler.nodeGroups while "
            "nodes.json shows 2 node(s) labelled `eks.amazonaws.com/nodegroup=globex-workers` (ng-1, ng-2)"
        ) in out
        status = main(["--clusters", "clusters", "plan", "--base", "HEAD", "--fail-on", "destructive"])
        assert status == 0 and "NodeGroup/" not in capsys.readouterr().out  # without --nodes, nothing to see
        # its nodes labelled with the tenant too, cluster-autoscaler running: one finding (leaving with nodes), not
        # also "not in the move", whose advice (list it) would undo the pull request
        cluster_file = moving_repo / "clusters/acme.yaml"
        data = yaml.safe_load(cluster_file.read_text())
        data["clusterAutoscaler"]["running"] = True
        cluster_file.write_text(yaml.safe_dump(data, sort_keys=False))
        labelled = json.loads((moving_repo / "nodes.json").read_text())
        for node in labelled["items"]:
            node["metadata"].setdefault("labels", {})["tenant"] = "globex"
        (moving_repo / "nodes.json").write_text(json.dumps(labelled))
        assert main(["--clusters", "clusters", "plan", "--base", "HEAD", "--nodes", "nodes.json"]) == 0
        lines = [line for line in capsys.readouterr().out.splitlines() if "NodeGroup/globex-workers" in line]
        assert len(lines) == 1 and "still has nodes" in lines[0], lines
        hostile = json.loads((moving_repo / "nodes.json").read_text())
        hostile["items"][0]["metadata"]["name"] = "ng-1\x1b]0;owned\x07\n## 0 destructive: all clear"
        (moving_repo / "nodes.json").write_text(json.dumps(hostile))
        main(["--clusters", "clusters", "plan", "--base", "HEAD", "--nodes", "nodes.json"])
        out = capsys.readouterr().out
        assert "\x1b" not in out and "\n## 0 destructive" not in out
    finally:
        os.chdir(cwd)


def test_a_number_beyond_a_float_is_bad_input_not_infinity(
    moving_repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """1e999 is valid JSON that Python reads as infinity: a replica count of it is refused naming its path."""
    (moving_repo / "workloads.json").write_text(
        '{"kind": "List", "items": [{"kind": "Deployment", "metadata": '
        '{"name": "w", "namespace": "globex"}, "spec": {"replicas": 1e999, '
        '"template": {"spec": {"containers": [{"name": "c"}]}}}}]}'
    )
    status, out, err = plan(moving_repo, capsys=capsys)
    assert status == 2 and out == "" and "workloads.json: items[0].spec.replicas: inf is not a whole number" in err


def test_an_onboarded_customers_node_group_the_move_does_not_list_is_destructive_with_nodes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """issue 43: a customer's GPU group left out of clusterAutoscaler.nodeGroups while cluster-autoscaler runs
    synthesized clean. With `--nodes`, its nodes (the group's label, the tenant's label) say it is there: both
    autoscalers may add nodes for the tenant's pods, a destructive finding naming the group and what to add."""
    repo = tmp_path / "repo"
    data = cluster_dict(
        tenants=[tenant("gamma")],
        clusterAutoscaler={
            "running": True,
            "nodeGroups": [{"name": "gamma-workers", "tenant": "gamma", "ignored": True}],
        },
    )
    write_cluster(repo / "clusters", data)
    assert main(["--clusters", str(repo / "clusters"), "synth", "--out", str(repo / "dist")]) == 0
    for args in (("init", "-q"), ("add", "-A"), ("commit", "-qm", "base")):
        git(repo, *args)
    labels = {"eks.amazonaws.com/nodegroup": "gamma-gpu", "tenant": "gamma", "kubernetes.io/arch": "amd64"}
    listed = {"eks.amazonaws.com/nodegroup": "gamma-workers", "tenant": "gamma", "kubernetes.io/arch": "amd64"}
    other = {"eks.amazonaws.com/nodegroup": "core", "kubernetes.io/arch": "amd64"}
    (repo / "nodes.json").write_text(
        json.dumps(
            {
                "kind": "List",
                "items": [node("gpu-1", labels), node("gpu-2", labels), node("w-1", listed), node("core-1", other)],
            }
        )
    )
    cwd = Path.cwd()
    os.chdir(repo)
    try:
        capsys.readouterr()
        status = main(
            ["--clusters", "clusters", "plan", "--base", "HEAD", "--nodes", "nodes.json", "--fail-on", "destructive"]
        )
        out = capsys.readouterr().out
    finally:
        os.chdir(cwd)
    assert status == 3, out
    [line] = [line for line in out.splitlines() if "NodeGroup/" in line]
    assert line.startswith(
        "- **destructive** NodeGroup/gamma-gpu not in the move: nodes.json shows 2 node(s) of node "
        "group `gamma-gpu` labelled `tenant=gamma` (gpu-1, gpu-2)"
    ), line
    assert "{name: gamma-gpu, tenant: gamma}" in line


@pytest.fixture
def consolidating_repo(tmp_path: Path) -> Path:
    """A pull request that lets Karpenter consolidate globex's underused nodes (WhenEmpty → WhenEmptyOrUnderutilized):
    an m5.4xlarge of globex's pool runs one small pod."""
    repo = tmp_path / "repo"
    globex = tenant(
        "globex",
        requirements={"capacityTypes": ["on-demand"]},
        disruption={"consolidationPolicy": "WhenEmpty", "consolidateAfter": "0s"},
    )
    base = cluster_dict(tenants=[globex])
    head = copy.deepcopy(base)
    head["tenants"][0]["disruption"]["consolidationPolicy"] = "WhenEmptyOrUnderutilized"
    pull_request(repo, base, head)
    items = [deployment("globex", "api", 1, pod_spec(cpu="500m", memory="512Mi", tenant_name="globex"))]
    (repo / "workloads.json").write_text(json.dumps({"apiVersion": "v1", "kind": "List", "items": items}))
    labels = {
        "karpenter.sh/nodepool": "globex",
        "tenant": "globex",
        "node.kubernetes.io/instance-type": "m5.4xlarge",
        "topology.kubernetes.io/zone": "ca-central-1a",
        "karpenter.sh/capacity-type": "on-demand",
        "kubernetes.io/arch": "amd64",
        "kubernetes.io/os": "linux",
    }
    big = node("ip-10-0-1-1", labels, cpu="15890m", memory="57Gi")
    big["spec"] = {"taints": [{"key": "tenant", "value": "globex", "effect": "NoSchedule"}]}
    (repo / "nodes.json").write_text(json.dumps({"kind": "List", "items": [big]}))
    return repo


def test_a_policy_that_lets_karpenter_consolidate_says_which_nodes_go_and_what_it_saves(
    consolidating_repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = plan(consolidating_repo, "--format", "json", capsys=capsys)
    assert status == 0, out
    simulation = json.loads(out)["simulation"]
    base, head = simulation["base"]["tenants"]["globex"], simulation["head"]["tenants"]["globex"]
    assert base["scheduled"] == head["scheduled"] == 1 and base["nodeClaims"] == head["nodeClaims"] == []
    assert base["consolidation"] == []  # WhenEmpty: the node runs a pod, Karpenter leaves it
    [command] = head["consolidation"]
    assert command["reason"] == "Underutilized" and command["decision"] == "replace"
    assert [(n["node"], n["instanceType"], n["pods"]) for n in command["nodes"]] == [("ip-10-0-1-1", "m5.4xlarge", 1)]
    [replacement] = command["replacements"]
    # the cheapest on-demand offering of the pool that holds the pod, at Karpenter's own prices
    assert (
        replacement["capacityType"] == "on-demand" and replacement["pricePerHour"] < command["nodes"][0]["pricePerHour"]
    )
    assert command["savingsPerHour"] == pytest.approx(command["nodes"][0]["pricePerHour"] - replacement["pricePerHour"])
    status, out, _ = plan(consolidating_repo, capsys=capsys)
    assert status == 0
    assert (
        f"  - consolidation next: nothing → single-node consolidation: replace 1 node(s) ip-10-0-1-1 (m5.4xlarge "
        f"on-demand) with 1× {replacement['instanceType']} on-demand (1 pod(s) move), saves "
        f"${command['savingsPerHour']:.2f}/h"
    ) in out
