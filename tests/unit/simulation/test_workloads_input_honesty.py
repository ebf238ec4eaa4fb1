"""Issue 54 items 6 and 8: the workloads file read honestly, and only the pods that would exist.

- Said once on the answer: the workloads that request no cpu or memory (simulated as pods of no size), the objects
  whose owner the file does not hold, the nodes without status.allocatable (left out; they were exit 2).
- A pod of a ReplicaSet missing from the file whose Deployment is listed is the Deployment's, counted once (it was
  counted beside its Deployment: 173 pods where 136 run); likewise a Job's pod whose CronJob is listed.
- As Karpenter treats them (sigs.k8s.io/karpenter pkg/utils/pod: IsProvisionable, IsActive): a pod or template with
  scheduling gates, of another scheduler (`fargate-scheduler`), finished or terminating launches nothing; a Job
  runs min(parallelism, completions still to go) pods (`parallelism: 10, completions: 1` is one pod), none when it is
  suspended or finished; a suspended CronJob none. Each left out is said, with why."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from test_simulation import deployment, pod_spec, solve, tenant

from karpenter_tenants.capacity.catalogue import load_catalogue
from karpenter_tenants.simulation.report import Simulated, input_line, markdown
from karpenter_tenants.simulation.revision import Result, Side
from karpenter_tenants.simulation.run import read_nodes
from karpenter_tenants.simulation.workloads import FINISHED, GATED, SUSPENDED, TERMINATING, workloads_of


def owned(item: dict[str, Any], kind: str, name: str) -> dict[str, Any]:
    item = copy.deepcopy(item)
    item["metadata"]["ownerReferences"] = [{"apiVersion": "apps/v1", "kind": kind, "name": name, "controller": True}]
    return item


def pod(namespace: str, name: str, spec: dict[str, Any] | None = None, **fields: Any) -> dict[str, Any]:
    return {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": {"namespace": namespace, "name": name, "labels": {"app": name}, **fields.pop("metadata", {})},
        "spec": spec or pod_spec(),
        **fields,
    }


def job(namespace: str, name: str, spec: dict[str, Any], status: dict[str, Any] | None = None) -> dict[str, Any]:
    return {
        "apiVersion": "batch/v1",
        "kind": "Job",
        "metadata": {"namespace": namespace, "name": name},
        "spec": {**spec, "template": {"metadata": {"labels": {"job": name}}, "spec": pod_spec()}},
        **({"status": status} if status else {}),
    }


def cronjob(namespace: str, name: str, job_spec: dict[str, Any], suspend: bool = False) -> dict[str, Any]:
    return {
        "apiVersion": "batch/v1",
        "kind": "CronJob",
        "metadata": {"namespace": namespace, "name": name},
        "spec": {
            "suspend": suspend,
            "schedule": "0 * * * *",
            "jobTemplate": {
                "spec": {**job_spec, "template": {"metadata": {"labels": {"job": name}}, "spec": pod_spec()}}
            },
        },
    }


def read(*items: dict[str, Any]) -> Any:
    return workloads_of({"kind": "List", "items": list(items)}, "workloads.json")


def counts(workloads: Any) -> dict[str, int]:
    found: dict[str, int] = {}
    for each in workloads.pods:
        found[each.workload] = found.get(each.workload, 0) + 1
    return found


def test_pods_of_a_replica_set_missing_from_the_file_are_counted_once_with_their_deployment() -> None:
    web = deployment("shop", "web", 3, pod_spec())
    running = [
        owned(
            pod("shop", f"web-7d4b9c-{n}", metadata={"labels": {"app": "web", "pod-template-hash": "7d4b9c"}}),
            "ReplicaSet",
            "web-7d4b9c",
        )
        for n in range(3)
    ]
    nightly = cronjob("shop", "nightly", {"parallelism": 1})
    its_run = owned(pod("shop", "nightly-29000000-x"), "Job", "nightly-29000000")
    workloads = read(web, *running, nightly, its_run)
    assert counts(workloads) == {"shop/Deployment/web": 3, "shop/CronJob/nightly": 1}  # was 3 + 3 + 1 + 1
    assert workloads.notes.with_their_controller == 4 and workloads.notes.owner_missing == ()


def test_what_the_reader_took_as_it_could_is_counted_and_said_once() -> None:
    idle = deployment("shop", "idle", 2, {"containers": [{"name": "c", "image": "i"}]})
    orphan = owned(pod("shop", "roll-1"), "Rollout", "roll")
    stateful = owned(pod("shop", "db-0"), "StatefulSet", "db")
    workloads = read(idle, orphan, stateful, deployment("shop", "web", 1, pod_spec()))
    notes = workloads.notes
    assert notes.without_requests == ("shop/Deployment/idle",)
    assert notes.owner_missing == (("shop/Pod/roll-1", "Rollout/roll"), ("shop/Pod/db-0", "StatefulSet/db"))
    assert counts(workloads) == {
        "shop/Deployment/idle": 2,
        "shop/Pod/roll-1": 1,
        "shop/Pod/db-0": 1,
        "shop/Deployment/web": 1,
    }
    side = Side([], [], {}, {}, set())
    simulated = Simulated(
        "acme",
        "1.14.1",
        "prices",
        Result({}, {}, {}, []),
        Result({}, {}, {}, []),
        side,
        side,
        workloads,
        ("ip-10-0-0-9",),
    )
    line = input_line(simulated)
    assert line == (
        "Input: 1 workload(s) request no cpu or memory, simulated as pods of no size (shop/Deployment/idle); "
        "2 object(s) whose owner the file does not hold (or of a kind not simulated), simulated as they "
        "are (shop/Pod/roll-1: Rollout/roll, shop/Pod/db-0: StatefulSet/db); 1 node(s) without "
        "status.allocatable left out (ip-10-0-0-9)."
    )
    text = markdown(simulated)
    assert text.count("request no cpu or memory") == 1 and text.count("without status.allocatable") == 1
    document = simulated.as_json()["input"]
    assert document["withoutRequests"] == ["shop/Deployment/idle"] and document["nodesWithoutAllocatable"] == [
        "ip-10-0-0-9"
    ]


def test_a_node_without_allocatable_is_left_out_and_counted_not_refused(tmp_path: Path) -> None:
    ready = {"metadata": {"name": "n1"}, "status": {"allocatable": {"cpu": "2", "memory": "4Gi", "pods": "29"}}}
    joining = {"metadata": {"name": "n2"}, "status": {}}
    (tmp_path / "nodes.json").write_text(json.dumps({"kind": "List", "items": [ready, joining]}))
    nodes = read_nodes(tmp_path / "nodes.json")
    assert [n["metadata"]["name"] for n in nodes] == ["n1"] and nodes.without_allocatable == ("n2",)


NOT_RUN = [
    (
        job(
            "batch",
            "done",
            {"completions": 2},
            {"succeeded": 2, "conditions": [{"type": "Complete", "status": "True"}]},
        ),
        ("batch/Job/done", FINISHED),
    ),
    (
        job("batch", "failed", {}, {"conditions": [{"type": "Failed", "status": "True"}]}),
        ("batch/Job/failed", FINISHED),
    ),
    (job("batch", "paused", {"suspend": True, "parallelism": 3}), ("batch/Job/paused", SUSPENDED)),
    (cronjob("batch", "off", {"parallelism": 2}, suspend=True), ("batch/CronJob/off", SUSPENDED)),
    (pod("batch", "gated", pod_spec(schedulingGates=[{"name": "example.com/quota"}])), ("batch/Pod/gated", GATED)),
    (
        deployment("batch", "gated-web", 4, pod_spec(schedulingGates=[{"name": "x"}])),
        ("batch/Deployment/gated-web", GATED),
    ),
    (
        pod("batch", "fargate", pod_spec(schedulerName="fargate-scheduler")),
        ("batch/Pod/fargate", "of scheduler fargate-scheduler"),
    ),
    (
        pod("batch", "leaving", metadata={"deletionTimestamp": "2026-12-01T00:00:00Z"}),
        ("batch/Pod/leaving", TERMINATING),
    ),
    (pod("batch", "ran", status={"phase": "Succeeded"}), ("batch/Pod/ran", FINISHED)),
    (
        owned(pod("batch", "agent-x"), "DaemonSet", "agent"),
        ("batch/Pod/agent-x", "of a DaemonSet the file does not list"),
    ),
]


@pytest.mark.parametrize(("item", "said"), NOT_RUN, ids=[said[0] for _, said in NOT_RUN])
def test_pods_that_would_not_exist_or_that_karpenter_does_not_provision_for_are_left_out(
    item: dict[str, Any], said: tuple[str, str]
) -> None:
    workloads = read(item)
    assert workloads.pods == ()
    assert [(w, why) for w, why, _ in workloads.notes.not_run] == [said]


def test_a_job_runs_its_parallelism_up_to_the_completions_still_to_go() -> None:
    workloads = read(
        job("batch", "once", {"parallelism": 10, "completions": 1}),
        job("batch", "rest", {"parallelism": 4, "completions": 5}, {"succeeded": 3}),
        job("batch", "queue", {"parallelism": 3}),
        cronjob("batch", "hourly", {"parallelism": 3, "completions": 2}),
        job("batch", "default", {}),
    )
    assert counts(workloads) == {
        "batch/Job/once": 1,
        "batch/Job/rest": 2,
        "batch/Job/queue": 3,
        "batch/CronJob/hourly": 2,
        "batch/Job/default": 1,
    }


def test_what_would_not_run_launches_no_node(tmp_path: Path, shared: Path) -> None:
    """Through Karpenter's scheduler: a tenant whose only pods are those above has nothing scheduled, nothing pending
    and no NodeClaim (they launched nodes before)."""
    items = []
    for item, _ in NOT_RUN:
        moved = copy.deepcopy(item)
        moved["metadata"]["namespace"] = "alpha"
        items.append(moved)
    result = solve(tmp_path, load_catalogue(shared), [tenant("alpha")], items)
    alpha = result.head.tenants.get("alpha")
    assert alpha is None or (alpha.scheduled, alpha.pending, alpha.node_claims) == (0, [], [])
    assert (
        "Input: left out, as Karpenter provisions for none of them: 3 pod(s) finished (alpha/Job/done, alpha/Job/failed, "
        "alpha/Pod/ran), 5 pod(s) suspended (alpha/Job/paused, alpha/CronJob/off), 1 pod(s) terminating "
        "(alpha/Pod/leaving), 5 pod(s) gated (schedulingGates) (alpha/Pod/gated, alpha/Deployment/gated-web), "
        "1 pod(s) of a DaemonSet the file does not list (alpha/Pod/agent-x), 1 pod(s) of scheduler "
        "fargate-scheduler (alpha/Pod/fargate)."
    ) in markdown(result)
