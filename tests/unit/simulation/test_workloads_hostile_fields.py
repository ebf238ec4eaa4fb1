"""Issue 56 items 5 and 6 (the workloads): every field Karpenter's scheduler reads, of the wrong type or of a value
the API server refuses, is found by the Python reader and refused with exit 2 naming `FILE: items[N].path`, before
any Go runs (it reached the Go decoder, which named the scheduler's `pods[0]`, panicked on a `Gt` without values, or
simulated `maxSkew: 0` as valid; `memory: "1e2147483647"` hung Go's quantity arithmetic for hours). Objects of
different kinds with the same name in one namespace, valid in Kubernetes, are distinct workloads (exit 2 "pod listed
twice" before); owner references that form a cycle no longer make their workloads vanish."""

from __future__ import annotations

import copy
import json
import os
import time
from pathlib import Path
from typing import Any

import pytest
from test_simulation import deployment, pod_spec, solve, tenant

from karpenter_tenants.capacity.catalogue import load_catalogue
from karpenter_tenants.commands.cli import main
from karpenter_tenants.simulation.workloads import WorkloadsError, workloads_of

SPEC = "items[0].spec.template.spec"
AFFINITY = {
    "nodeAffinity": {
        "requiredDuringSchedulingIgnoredDuringExecution": {
            "nodeSelectorTerms": [
                {"matchExpressions": [{"key": "karpenter.k8s.aws/instance-cpu", "operator": "Gt", "values": ["3"]}]}
            ]
        }
    }
}


def with_spec(**fields: Any) -> dict[str, Any]:
    return deployment("shop", "web", 2, pod_spec(**fields))


def container(**fields: Any) -> dict[str, Any]:
    spec = pod_spec()
    spec["containers"][0].update(fields)
    return deployment("shop", "web", 1, spec)


def requests(**amounts: Any) -> dict[str, Any]:
    spec = pod_spec()
    spec["containers"][0]["resources"]["requests"].update(amounts)
    return deployment("shop", "web", 1, spec)


def node_requirement(**requirement: Any) -> dict[str, Any]:
    affinity = copy.deepcopy(AFFINITY)
    affinity["nodeAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"]["nodeSelectorTerms"][0][
        "matchExpressions"
    ][0] = requirement
    return with_spec(affinity=affinity)


SPREAD = {"maxSkew": 1, "topologyKey": "topology.kubernetes.io/zone", "whenUnsatisfiable": "DoNotSchedule"}
TERM = "affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms"
HOSTILE = [
    (
        "tolerationSeconds x",
        with_spec(tolerations=[{"key": "k", "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": "x"}]),
        f"{SPEC}.tolerations[0].tolerationSeconds",
        "not a whole number",
    ),
    (
        "maxSkew as text",
        with_spec(topologySpreadConstraints=[{**SPREAD, "maxSkew": "1"}]),
        f"{SPEC}.topologySpreadConstraints[0].maxSkew",
        "not a whole number",
    ),
    (
        "maxSkew 0",
        with_spec(topologySpreadConstraints=[{**SPREAD, "maxSkew": 0}]),
        f"{SPEC}.topologySpreadConstraints[0].maxSkew",
        "not greater than zero",
    ),
    (
        "whenUnsatisfiable Bogus",
        with_spec(topologySpreadConstraints=[{**SPREAD, "whenUnsatisfiable": "Bogus"}]),
        f"{SPEC}.topologySpreadConstraints[0].whenUnsatisfiable",
        "is not one of DoNotSchedule, ScheduleAnyway",
    ),
    (
        "hostPort 2^40",
        container(ports=[{"containerPort": 80, "hostPort": 2**40}]),
        f"{SPEC}.containers[0].ports[0].hostPort",
        "out of range",
    ),
    ("priority high", with_spec(priority="high"), f"{SPEC}.priority", "not a whole number"),
    ("priority 1e999", with_spec(priority=float("inf")), f"{SPEC}.priority", "not a finite number"),
    (
        "Gt without values",
        node_requirement(key="karpenter.k8s.aws/instance-cpu", operator="Gt"),
        f"{SPEC}.{TERM}[0].matchExpressions[0].values",
        "Gt takes exactly one value",
    ),
    (
        "Gt of a value no label takes",  # the API server takes any one label value (Karpenter ignores a non-integer)
        node_requirement(key="karpenter.k8s.aws/instance-cpu", operator="Gt", values=["many many"]),
        f"{SPEC}.{TERM}[0].matchExpressions[0].values[0]",
        "is not a label value",
    ),
    (
        "operator Nope",
        node_requirement(key="tenant", operator="Nope", values=["a"]),
        f"{SPEC}.{TERM}[0].matchExpressions[0].operator",
        "is not one of In, NotIn, Exists, DoesNotExist, Gt, Lt",
    ),
    (
        "In without values",
        node_requirement(key="tenant", operator="In", values=[]),
        f"{SPEC}.{TERM}[0].matchExpressions[0].values",
        "In needs at least one value",
    ),
    (
        "empty nodeSelectorTerms",
        with_spec(
            affinity={"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": []}}}
        ),
        f"{SPEC}.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms",
        "is empty",
    ),
    (
        "label selector operator",
        with_spec(
            affinity={
                "podAntiAffinity": {
                    "requiredDuringSchedulingIgnoredDuringExecution": [
                        {
                            "topologyKey": "kubernetes.io/hostname",
                            "labelSelector": {"matchExpressions": [{"key": "app", "operator": "Gt", "values": ["1"]}]},
                        }
                    ]
                }
            }
        ),
        f"{SPEC}.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].labelSelector."
        "matchExpressions[0].operator",
        "is not one of In, NotIn, Exists, DoesNotExist",
    ),
    (
        "affinity term without topologyKey",
        with_spec(
            affinity={
                "podAffinity": {
                    "requiredDuringSchedulingIgnoredDuringExecution": [{"labelSelector": {"matchLabels": {"app": "x"}}}]
                }
            }
        ),
        f"{SPEC}.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey",
        "is required",
    ),
    (
        "weight 0",
        with_spec(
            affinity={
                "nodeAffinity": {
                    "preferredDuringSchedulingIgnoredDuringExecution": [
                        {"weight": 0, "preference": {"matchExpressions": [{"key": "a", "operator": "Exists"}]}}
                    ]
                }
            }
        ),
        f"{SPEC}.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight",
        "out of range",
    ),
    (
        "toleration Exists with a value",
        with_spec(tolerations=[{"key": "k", "operator": "Exists", "value": "v"}]),
        f"{SPEC}.tolerations[0].value",
        "must be empty when the operator is Exists",
    ),
    (
        "toleration effect",
        with_spec(tolerations=[{"key": "k", "operator": "Exists", "effect": "Sometimes"}]),
        f"{SPEC}.tolerations[0].effect",
        "is not one of NoSchedule, PreferNoSchedule, NoExecute",
    ),
    (
        "tolerationSeconds without NoExecute",
        with_spec(tolerations=[{"key": "k", "operator": "Exists", "effect": "NoSchedule", "tolerationSeconds": 5}]),
        f"{SPEC}.tolerations[0].tolerationSeconds",
        "only means something with effect NoExecute",
    ),
    (
        "memory 1e2147483647",
        requests(memory="1e2147483647"),
        f"{SPEC}.containers[0].resources.requests.memory",
        "an exponent of 2147483647 is past what a quantity holds",
    ),
    (
        "cpu 1e2147483647",
        requests(cpu="1e2147483647"),
        f"{SPEC}.containers[0].resources.requests.cpu",
        "an exponent of 2147483647",
    ),
    (
        "memory 1e999 as a number",
        requests(memory=float("inf")),
        f"{SPEC}.containers[0].resources.requests.memory",
        "not a finite quantity",
    ),
    (
        "memory past int64",
        requests(memory="9Ei"),
        f"{SPEC}.containers[0].resources.requests.memory",
        "more than a quantity holds",
    ),
    (
        "memory 12e18",
        requests(memory=12 * 10**18),
        f"{SPEC}.containers[0].resources.requests.memory",
        "more than a quantity holds",
    ),
    (
        "request above limit",
        container(resources={"requests": {"cpu": "2"}, "limits": {"cpu": "1"}}),
        f"{SPEC}.containers[0].resources.requests.cpu",
        "more than its limit 1",
    ),
    (
        "protocol",
        container(ports=[{"containerPort": 80, "hostPort": 80, "protocol": "ICMP"}]),
        f"{SPEC}.containers[0].ports[0].protocol",
        "is not one of TCP, UDP, SCTP",
    ),
    (
        "nodeSelector value",
        with_spec(nodeSelector={"tenant": 7}),
        f"{SPEC}.nodeSelector.tenant",
        "is a number, not a string",
    ),
    (
        "label key",
        deployment("shop", "web", 1, pod_spec())
        | {"spec": {"replicas": 1, "template": {"metadata": {"labels": {"bad key!": "x"}}, "spec": pod_spec()}}},
        "items[0].spec.template.metadata.labels['bad key!']",
        "is not a qualified name",
    ),
    (
        "duplicate spread",
        with_spec(topologySpreadConstraints=[SPREAD, SPREAD]),
        f"{SPEC}.topologySpreadConstraints[1]",
        "repeats topologyKey topology.kubernetes.io/zone",
    ),
    (
        "preemptionPolicy",
        with_spec(preemptionPolicy="Always"),
        f"{SPEC}.preemptionPolicy",
        "is not one of PreemptLowerPriority, Never",
    ),
    (
        "owner reference kind",
        {
            **deployment("shop", "web", 1, pod_spec()),
            "metadata": {"namespace": "shop", "name": "web", "ownerReferences": [{"apiVersion": "apps/v1", "kind": 5}]},
        },
        "items[0].metadata.ownerReferences[0].kind",
        "is not a string",
    ),
    (
        "job suspend",
        {
            "kind": "Job",
            "metadata": {"namespace": "shop", "name": "j"},
            "spec": {"suspend": "yes", "template": {"spec": pod_spec()}},
        },
        "items[0].spec.suspend",
        "is not true or false",
    ),
    ("schedulingGates", with_spec(schedulingGates=[{"name": 3}]), f"{SPEC}.schedulingGates[0].name", "not a string"),
]


@pytest.mark.parametrize(("item", "path", "problem"), [case[1:] for case in HOSTILE], ids=[case[0] for case in HOSTILE])
def test_a_wrong_field_the_scheduler_reads_is_refused_naming_its_path(
    item: dict[str, Any], path: str, problem: str
) -> None:
    started = time.monotonic()
    with pytest.raises(WorkloadsError) as raised:
        workloads_of({"kind": "List", "items": [item]}, "workloads.json")
    assert time.monotonic() - started < 1
    assert str(raised.value).startswith(f"workloads.json: {path}: "), str(raised.value)
    assert problem in str(raised.value)


def test_the_scheduler_is_given_only_the_fields_checked() -> None:
    spec = pod_spec(
        tolerations=[{"key": "k", "operator": "Exists"}],
        hostNetwork=True,
        volumes=[
            {"name": "cfg", "configMap": {"name": "x", "defaultMode": "x"}},
            {"name": "data", "persistentVolumeClaim": {"claimName": "data"}},
        ],
    )
    spec["containers"][0].update(
        env=[{"name": "A", "value": 1}],
        livenessProbe="x",
        ports=[{"containerPort": 80}, {"containerPort": 443, "hostPort": 443}],
    )
    sent = workloads_of({"kind": "List", "items": [deployment("shop", "web", 1, spec)]}, "w.json").pods[0].obj["spec"]
    assert sent == {
        "containers": [
            {
                "name": "c",
                "resources": {"requests": {"cpu": "1", "memory": "1Gi"}},
                "ports": [{"hostPort": 443, "protocol": "TCP", "containerPort": 443}],
            }
        ],
        "tolerations": [{"key": "k", "operator": "Exists"}],
        "volumes": [{"name": "cfg"}, {"name": "data", "persistentVolumeClaim": {"claimName": "data"}}],
    }


def test_plan_refuses_before_any_go_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from karpenter_tenants.simulation import binary

    def never(*_: Any, **__: Any) -> Any:
        raise AssertionError("the scheduler program ran")

    monkeypatch.setattr(binary, "binary", never)
    monkeypatch.setattr(binary, "solve", never)
    items = [deployment("shop", "ok", 1, pod_spec()), requests(memory="1e2147483647")]
    (tmp_path / "workloads.json").write_text(json.dumps({"kind": "List", "items": items}))
    cwd = Path.cwd()
    os.chdir(tmp_path)
    try:
        status = main(["plan", "--base", "HEAD", "--workloads", "workloads.json"])
    finally:
        os.chdir(cwd)
    err = capsys.readouterr().err
    assert status == 2
    assert "workloads.json: items[1].spec.template.spec.containers[0].resources.requests.memory: '1e2147483647'" in err


def test_workloads_of_different_kinds_with_one_name_are_distinct(tmp_path: Path, shared: Path) -> None:
    spec = pod_spec(tenant_name="alpha")
    stateful = {**deployment("alpha", "web", 2, spec), "kind": "StatefulSet"}
    job = {
        "kind": "Job",
        "metadata": {"namespace": "alpha", "name": "web"},
        "spec": {"parallelism": 1, "template": {"spec": spec}},
    }
    bare = {"kind": "Pod", "metadata": {"namespace": "alpha", "name": "web-0"}, "spec": spec}
    items = [deployment("alpha", "web", 2, spec), stateful, job, bare]
    workloads = workloads_of({"kind": "List", "items": items}, "w.json")
    assert sorted((p.workload, p.name) for p in workloads.pods) == [
        ("alpha/Deployment/web", "web-deployment-0"),
        ("alpha/Deployment/web", "web-deployment-1"),
        ("alpha/Job/web", "web-job-0"),
        ("alpha/Pod/web-0", "web-0"),
        ("alpha/StatefulSet/web", "web-statefulset-0"),
        ("alpha/StatefulSet/web", "web-statefulset-1"),
    ]
    result = solve(tmp_path, load_catalogue(shared), [tenant("alpha")], items)  # was exit 2: "pod listed twice"
    assert result.head.tenants["alpha"].scheduled == 6 and result.head.tenants["alpha"].pending == []


def test_an_object_listed_twice_is_refused() -> None:
    with pytest.raises(WorkloadsError, match=r"items\[1\]: Deployment shop/web is listed twice \(also items\[0\]\)"):
        workloads_of({"kind": "List", "items": [deployment("shop", "web", 1, pod_spec())] * 2}, "w.json")


def test_owner_references_in_a_cycle_do_not_make_workloads_vanish() -> None:
    web = deployment("shop", "web", 3, pod_spec())
    web["metadata"]["ownerReferences"] = [
        {"apiVersion": "apps/v1", "kind": "ReplicaSet", "name": "web-1", "controller": True}
    ]
    replica_set = {**deployment("shop", "web-1", 3, pod_spec()), "kind": "ReplicaSet"}
    replica_set["metadata"] = {
        "namespace": "shop",
        "name": "web-1",
        "ownerReferences": [{"apiVersion": "apps/v1", "kind": "Deployment", "name": "web", "controller": True}],
    }
    three = [{**deployment("shop", name, 1, pod_spec()), "kind": "ReplicaSet"} for name in ("a", "b", "c")]
    for item, owner in zip(three, ("b", "c", "a"), strict=True):
        item["metadata"]["ownerReferences"] = [
            {"apiVersion": "apps/v1", "kind": "ReplicaSet", "name": owner, "controller": True}
        ]
    workloads = workloads_of({"kind": "List", "items": [web, replica_set, *three]}, "w.json")
    assert sorted({p.workload for p in workloads.pods}) == ["shop/Deployment/web", "shop/ReplicaSet/a"]
    assert len(workloads.pods) == 4  # the first listed of each cycle, its pods once
    assert workloads.notes.cycles == ("shop/Deployment/web", "shop/ReplicaSet/a")


def test_whole_numbers_written_as_floats_are_read_as_kubectl_sends_them() -> None:
    """Round 8 (r8-plan-104): `replicas: 3.0` was refused, but kubectl decodes a manifest's numbers and encodes
    `3.0` back as `3`, which the API server takes; a fraction stays refused (the API server's int32 decoder)."""
    spec = pod_spec(
        priority=100.0,
        topologySpreadConstraints=[{**SPREAD, "maxSkew": 2.0}],
        tolerations=[{"key": "k", "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 30.0}],
    )
    read = workloads_of({"kind": "List", "items": [deployment("shop", "web", 3.0, spec)]}, "w.json")  # type: ignore[arg-type]
    assert len(read.pods) == 3
    sent = read.pods[0].obj["spec"]
    assert sent["priority"] == 100 and type(sent["priority"]) is int
    assert type(sent["topologySpreadConstraints"][0]["maxSkew"]) is int
    assert type(sent["tolerations"][0]["tolerationSeconds"]) is int
    for item, path in (
        (deployment("shop", "web", 2.5, pod_spec()), "items[0].spec.replicas"),  # type: ignore[arg-type]
        (with_spec(priority=1.5), f"{SPEC}.priority"),
    ):
        with pytest.raises(WorkloadsError) as raised:
            workloads_of({"kind": "List", "items": [item]}, "w.json")
        assert str(raised.value).startswith(f"w.json: {path}: "), str(raised.value)
