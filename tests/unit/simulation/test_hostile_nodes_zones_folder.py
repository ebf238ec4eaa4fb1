"""Issue 56 "Hostile input, round five", the items still open: the nodes file's quantities (allocatable, capacity)
checked as the workloads' are (`cpu: "1e2147483647"` hung Karpenter's Go parser; `-4`, `1e18` cpus and a capacity
below its allocatable reached the scheduler), the zones a nodes file makes the simulation offer every instance type in
bounded (one distinct zone per node grew the scheduler's memory by ~12 MB a zone), and the snapshot folder reading
only the files it knows (a team's `workloads/prices.json` made every pull request exit 2 blaming --cluster). Each is
exit 2 naming `FILE: items[N].path` and the fix, found before any Go runs, nothing written."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pytest
from test_simulation import deployment, moving_repo, pod_spec  # noqa: F401 (moving_repo: the fixture)

from karpenter_tenants.commands.cli import main
from karpenter_tenants.config.yaml_input import InputError
from karpenter_tenants.simulation.offerings import MAX_ZONES, zones_of
from karpenter_tenants.simulation.run import read_nodes
from karpenter_tenants.simulation.workloads import WorkloadsError, workloads_of

ZONE = "topology.kubernetes.io/zone"


def node(
    name: str = "n1", zone: str = "ca-central-1a", capacity: dict[str, Any] | None = None, **allocatable: Any
) -> dict[str, Any]:
    status: dict[str, Any] = {"allocatable": {"cpu": "3920m", "memory": "14Gi", "pods": "58", **allocatable}}
    if capacity is not None:
        status["capacity"] = capacity
    return {
        "apiVersion": "v1",
        "kind": "Node",
        "metadata": {"name": name, "labels": {ZONE: zone}},
        "spec": {},
        "status": status,
    }


def nodes_file(tmp_path: Path, *items: dict[str, Any]) -> Path:
    path = tmp_path / "nodes.json"
    path.write_text(json.dumps({"apiVersion": "v1", "kind": "List", "items": list(items)}))
    return path


# -- 1. quantities, in the nodes file ------------------------------------------------------------------------------

NODE_QUANTITIES = [
    (
        "memory 1e2147483647",
        node(memory="1e2147483647"),
        "items[0].status.allocatable.memory",
        "an exponent of 2147483647 is past what a quantity holds",
    ),
    ("cpu 1e2147483647", node(cpu="1e2147483647"), "items[0].status.allocatable.cpu", "an exponent of 2147483647"),
    ("cpu -4", node(cpu="-4"), "items[0].status.allocatable.cpu", "'-4' is negative"),
    ("cpu 1e18", node(cpu="1e18"), "items[0].status.allocatable.cpu", "more cpu than Kubernetes counts"),
    ("memory past int64", node(memory="9Ei"), "items[0].status.allocatable.memory", "more than a quantity holds"),
    ("not a quantity", node(memory="14 GiB"), "items[0].status.allocatable.memory", "is not a quantity"),
    (
        "a number, not kubectl's string",
        node(cpu=4),
        "items[0].status.allocatable.cpu",
        "a number, not a quantity string",
    ),
    (
        "capacity 1e2147483647",
        node(capacity={"cpu": "1e2147483647"}),
        "items[0].status.capacity.cpu",
        "an exponent of 2147483647",
    ),
    (
        "resource name",
        node(**{"bad name!": "1"}),
        "items[0].status.allocatable['bad name!']",
        "is not a qualified name",
    ),
]


@pytest.mark.parametrize(
    ("item", "path", "problem"), [case[1:] for case in NODE_QUANTITIES], ids=[case[0] for case in NODE_QUANTITIES]
)
def test_a_nodes_quantity_the_api_server_would_not_hold_is_refused_naming_its_path(
    tmp_path: Path, item: dict[str, Any], path: str, problem: str
) -> None:
    source = nodes_file(tmp_path, node("ok"), item)
    started = time.monotonic()
    with pytest.raises(InputError) as raised:
        read_nodes(source)
    assert time.monotonic() - started < 1
    assert str(raised.value).startswith(f"{source}: {path.replace('items[0]', 'items[1]')}: "), str(raised.value)
    assert problem in str(raised.value)


def test_what_kubectl_prints_of_a_node_passes(tmp_path: Path) -> None:
    """Canonical forms the API server writes (millicores, Ki, a plain count), extended resources, capacity above
    allocatable, no capacity at all."""
    real = node(
        cpu="3920m",
        memory="15236272Ki",
        **{
            "ephemeral-storage": "95491281146",
            "hugepages-2Mi": "0",
            "vpc.amazonaws.com/pod-eni": "9",
            "nvidia.com/gpu": "1",
        },
        capacity={"cpu": "4", "memory": "16221872Ki", "ephemeral-storage": "104779756Ki", "pods": "58"},
    )
    read = read_nodes(nodes_file(tmp_path, real, node("bare")))
    assert [n["status"]["capacity"]["cpu"] for n in read] == ["4", "3920m"]


def test_the_cpu_bound_is_what_kubernetes_counts_in_millicores() -> None:
    """cpu is counted in millicores in an int64 (kube-scheduler's MilliCPU, Quantity.MilliValue()): 9.2e15 cores is
    the most; the workloads' requests are held to it too (1e18 cpus passed the reader and wrapped in Go)."""
    spec = pod_spec(cpu="9223372036854775")  # the most, taken
    workloads_of({"kind": "List", "items": [deployment("shop", "web", 1, spec)]}, "w.json")
    for amount in ("1e18", "9223372036854776"):
        with pytest.raises(
            WorkloadsError,
            match=r"w\.json: items\[0\]\.spec\.template\.spec\.containers\[0\]\."
            r"resources\.requests\.cpu: .* more cpu than Kubernetes counts",
        ):
            workloads_of({"kind": "List", "items": [deployment("shop", "web", 1, pod_spec(cpu=amount))]}, "w.json")


WORKLOAD_QUANTITIES = [
    ("memory 1e2147483647", '"memory": "1e2147483647"', "requests.memory", "an exponent of 2147483647"),
    ("cpu 1e2147483647", '"cpu": "1e2147483647"', "requests.cpu", "an exponent of 2147483647"),
    ("cpu -4", '"cpu": "-4"', "requests.cpu", "'-4' is negative"),
    ("cpu 1e18", '"cpu": "1e18"', "requests.cpu", "more cpu than Kubernetes counts"),
    ("memory 1e999 as JSON", '"memory": 1e999', "requests.memory", "inf is not a finite quantity"),
]


@pytest.mark.parametrize(
    ("written", "path", "problem"),
    [case[1:] for case in WORKLOAD_QUANTITIES],
    ids=[case[0] for case in WORKLOAD_QUANTITIES],
)
def test_a_workloads_quantity_as_written_in_the_file_is_refused_naming_its_path(
    tmp_path: Path, written: str, path: str, problem: str
) -> None:
    """The file's own text (JSON numbers, exponents as the API server's grammar has them), through read_workloads."""
    from karpenter_tenants.simulation.workloads import read_workloads

    source = tmp_path / "workloads.json"
    source.write_text(
        '{"kind": "List", "items": [{"kind": "Deployment", "metadata": {"namespace": "shop", "name": '
        '"web"}, "spec": {"template": {"spec": {"containers": [{"name": "c", "resources": {"requests": '
        f"{{{written}}}}}}}]}}}}}}}}]}}"
    )
    started = time.monotonic()
    with pytest.raises(WorkloadsError) as raised:
        read_workloads(source)
    assert time.monotonic() - started < 1
    assert str(raised.value).startswith(f"{source}: items[0].spec.template.spec.containers[0].resources.{path}: "), str(
        raised.value
    )
    assert problem in str(raised.value)


def test_plan_refuses_a_hostile_nodes_file_before_any_go_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from karpenter_tenants.simulation import binary

    def never(*_: Any, **__: Any) -> Any:
        raise AssertionError("the scheduler program ran")

    monkeypatch.setattr(binary, "binary", never)
    monkeypatch.setattr(binary, "solve", never)
    (tmp_path / "workloads.json").write_text(
        json.dumps({"kind": "List", "items": [deployment("shop", "ok", 1, pod_spec())]})
    )
    nodes_file(tmp_path, node(cpu="1e2147483647"))
    monkeypatch.chdir(tmp_path)
    before = sorted(p.name for p in tmp_path.iterdir())
    status = main(["plan", "--base", "HEAD", "--workloads", "workloads.json", "--nodes", "nodes.json"])
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert err.startswith(
        "error: --nodes nodes.json: items[0].status.allocatable.cpu: '1e2147483647': an exponent of "
        "2147483647 is past what a quantity holds"
    ), err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # nothing written


# -- 2. zones ----------------------------------------------------------------------------------------------------


def test_a_nodes_file_with_more_zones_than_a_cluster_has_is_refused_before_the_offerings_are_made(
    tmp_path: Path,
) -> None:
    """One distinct zone per node: every instance type was offered in each (~12 MB of the scheduler's memory a zone,
    20,000 nodes: 240 GB). At most MAX_ZONES distinct zones; the node bringing one more is named."""
    many = [node(f"n{i}", zone=f"ca-central-1-z{i}a") for i in range(MAX_ZONES + 5)]
    source = nodes_file(tmp_path, *many)
    started = time.monotonic()
    with pytest.raises(InputError) as raised:
        read_nodes(source)
    assert time.monotonic() - started < 1
    assert str(raised.value).startswith(
        f"{source}: items[{MAX_ZONES}].metadata.labels.{ZONE}: 'ca-central-1-z{MAX_ZONES}a' is zone {MAX_ZONES + 1}"
    ), str(raised.value)
    assert f"at most {MAX_ZONES}" in str(raised.value)
    # as many as MAX_ZONES, each several times, pass
    read = read_nodes(
        nodes_file(tmp_path, *[node(f"n{i}", zone=f"ca-central-1-z{i % MAX_ZONES}a") for i in range(3 * MAX_ZONES)])
    )
    assert len(zones_of("ca-central-1", read)) == MAX_ZONES


def test_a_zone_label_that_is_no_label_value_is_refused(tmp_path: Path) -> None:
    source = nodes_file(tmp_path, node(zone="z" * 100_000))
    with pytest.raises(InputError, match=rf"items\[0\]\.metadata\.labels\.{ZONE}: 'zzz.*is not a label value"):
        read_nodes(source)


def test_the_zones_of_the_nodes_are_offered_whatever_their_names(tmp_path: Path) -> None:
    """The nodes' zones as they are, at most MAX_ZONES (read_nodes refuses the 17th): a zone named outside the
    cluster file's region is kept, not refused (Karpenter's kwok provider names us-east-1 zones whatever the cluster;
    a hybrid node's zone label is its own)."""
    read = read_nodes(
        nodes_file(
            tmp_path, node("a", zone="ca-central-1a"), node("b", zone="ca-central-1b"), node("c", zone="us-east-1a")
        )
    )
    assert zones_of("ca-central-1", read) == ["ca-central-1a", "ca-central-1b", "us-east-1a"]
    assert zones_of("ca-central-1", []) == ["ca-central-1a", "ca-central-1b", "ca-central-1c"]


# -- 4. the snapshot folder ----------------------------------------------------------------------------------------


def test_a_snapshot_folder_reads_the_files_it_knows_and_names_the_others_once(
    moving_repo: Path,  # noqa: F811
    capsys: pytest.CaptureFixture[str],
) -> None:
    """workloads/prices.json (a team's --prices file), workloads/notes.json and workloads/other.json (a cluster this
    repository has no file of) were read as snapshots: exit 2 (`not a List`, `--cluster other: no clusters/other.yaml`)
    on every pull request. Only DIR/<cluster>.json and DIR/<cluster>.nodes.json of clusters/ are read; the others
    are named once."""
    snapshots = moving_repo / "workloads"
    snapshots.mkdir()
    (moving_repo / "workloads.json").rename(snapshots / "acme.json")
    (moving_repo / "nodes.json").rename(snapshots / "acme.nodes.json")
    (snapshots / "prices.json").write_text(json.dumps({"m5.large": 0.107}))
    (snapshots / "other.json").write_text(json.dumps({"kind": "List", "items": []}))
    (snapshots / "other.nodes.json").write_text("not json at all")
    (snapshots / "link.json").symlink_to("/etc/passwd")
    cwd = Path.cwd()
    os.chdir(moving_repo)
    try:
        capsys.readouterr()
        status = main(["--clusters", "clusters", "plan", "--base", "HEAD", "--workloads-dir", "workloads"])
        out, err = capsys.readouterr()
        assert status == 0, err
        assert "### Will it run? Cluster acme: Karpenter 1.14.1's scheduler on workloads/acme.json" in out
        said = [line for line in out.splitlines() if "not read" in line]
        assert said == [
            "`workloads/`: 4 file(s) not read, of no cluster file of `clusters/` (a snapshot folder holds "
            "`<cluster>.json` and `<cluster>.nodes.json`): `link.json`, `other.json`, `other.nodes.json`, "
            "`prices.json`"
        ], said
        status = main(
            ["--clusters", "clusters", "plan", "--base", "HEAD", "--workloads-dir", "workloads", "--format", "json"]
        )
        document = json.loads(capsys.readouterr().out)
        assert document["snapshotsNotRead"] == [
            "workloads/link.json",
            "workloads/other.json",
            "workloads/other.nodes.json",
            "workloads/prices.json",
        ]
        assert "simulation" in document
    finally:
        os.chdir(cwd)


def test_every_kind_of_workload_with_one_name_in_a_namespace_is_its_own() -> None:
    """Valid Kubernetes (names are per kind): a Deployment, StatefulSet, ReplicaSet, Job, CronJob called `web` and a
    bare pod `web-0` are six workloads, none "listed twice"."""
    spec = pod_spec()
    kinds = [
        {**deployment("shop", "web", 1, spec), "kind": kind} for kind in ("Deployment", "StatefulSet", "ReplicaSet")
    ]
    job = {"kind": "Job", "metadata": {"namespace": "shop", "name": "web"}, "spec": {"template": {"spec": spec}}}
    cron = {
        "kind": "CronJob",
        "metadata": {"namespace": "shop", "name": "web"},
        "spec": {"jobTemplate": {"spec": {"template": {"spec": spec}}}},
    }
    bare = {"kind": "Pod", "metadata": {"namespace": "shop", "name": "web-0"}, "spec": spec}
    workloads = workloads_of({"kind": "List", "items": [*kinds, job, cron, bare]}, "w.json")
    assert sorted(p.workload for p in workloads.pods) == [
        "shop/CronJob/web",
        "shop/Deployment/web",
        "shop/Job/web",
        "shop/Pod/web-0",
        "shop/ReplicaSet/web",
        "shop/StatefulSet/web",
    ]
    assert len({p.name for p in workloads.pods}) == 6  # each pod its own name


def test_owner_reference_cycles_are_said_on_the_answer() -> None:
    """Not vanished with exit 0: the first listed of each cycle is counted, and the Input line names it."""
    from types import SimpleNamespace

    from karpenter_tenants.simulation.report import input_line

    web = deployment("shop", "web", 2, pod_spec())
    web["metadata"]["ownerReferences"] = [
        {"apiVersion": "apps/v1", "kind": "ReplicaSet", "name": "web-1", "controller": True}
    ]
    replica_set = {**deployment("shop", "web-1", 2, pod_spec()), "kind": "ReplicaSet"}
    replica_set["metadata"]["ownerReferences"] = [
        {"apiVersion": "apps/v1", "kind": "Deployment", "name": "web", "controller": True}
    ]
    workloads = workloads_of({"kind": "List", "items": [web, replica_set]}, "w.json")
    assert len(workloads.pods) == 2
    line = input_line(SimpleNamespace(workloads=workloads, nodes_without_allocatable=()))  # type: ignore[arg-type]
    assert "ownerReferences that form a cycle: shop/Deployment/web counted as workloads of their own" in line


def test_a_capacity_below_its_allocatable_is_kept_as_the_api_server_keeps_it(tmp_path: Path) -> None:
    """Not a value the API server refuses: Karpenter's kwok provider writes a NodeClaim's requests as the node's
    capacity, below the type's allocatable (tests/e2e/test_simulation_fidelity.py snapshots such nodes). The
    scheduler reads allocatable."""
    nodes = read_nodes(nodes_file(tmp_path, node("kwok", capacity={"cpu": "1500m", "memory": "16Gi"})))
    assert nodes[0]["status"]["allocatable"]["cpu"] == "3920m" and nodes[0]["status"]["capacity"]["cpu"] == "1500m"


@pytest.mark.parametrize(
    ("items", "said"),
    [
        ([node("n1"), node("n1")], "items[1].metadata.name: 'n1' is listed twice (first at items[0])"),
        ([node("")], "items[0].metadata.name: '' is no node name the API server takes (a DNS subdomain"),
    ],
)
def test_a_node_name_twice_or_empty_is_refused_before_any_go_runs(tmp_path: Path, items: list[Any], said: str) -> None:
    source = nodes_file(tmp_path, *items)
    with pytest.raises(InputError) as raised:
        read_nodes(source)
    assert str(raised.value).startswith(f"{source}: {said}")
