"""A controller's replicas cross to Karpenter's scheduler as one template each (issue 56: "the request built once with
shared templates, replicas expanded inside the program, not serialised N times"): the question sends a Deployment's
pod template once and each replica as its name (and node, when it runs); the program decodes the template once and
gives each replica a copy of its own. The answer is the one the same pods sent whole get, on Karpenter's own
scheduler, with preferences the scheduler relaxes in place (a copy shared between replicas would relax them all)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_simulation import bench_like, catalogue, deployment, pod_spec  # noqa: F401  (catalogue: a fixture)

from karpenter_tenants.simulation import binary, partition
from karpenter_tenants.simulation.revision import _pods as sent_pods
from karpenter_tenants.simulation.workloads import workloads_of


def whole(asked: dict[str, Any]) -> dict[str, Any]:
    """The same question with every pod sent as a whole object (what the product sent before templates)."""
    templates = asked.get("podTemplates") or []
    return {
        **{k: v for k, v in asked.items() if k != "podTemplates"},
        "pods": [partition.pod_of(item, templates) for item in asked["pods"]],
    }


def test_replicas_go_as_one_template_and_are_answered_as_the_same_pods_sent_whole(
    tmp_path: Path,
    catalogue: Any,  # noqa: F811
) -> None:
    asked = bench_like(tmp_path, catalogue)
    # a preference no pool can meet, relaxed by the scheduler pod by pod, and replicas already running on a node
    preferred = {
        "nodeAffinity": {
            "preferredDuringSchedulingIgnoredDuringExecution": [
                {
                    "weight": 50,
                    "preference": {"matchExpressions": [{"key": "tenant", "operator": "In", "values": ["nobody"]}]},
                }
            ]
        }
    }
    items = [
        deployment("t0", "relaxed", 5, pod_spec(cpu="300m", tenant_name="t0", affinity=preferred)),
        deployment("t1", "placed", 3, pod_spec(cpu="200m", tenant_name="t1")),
    ]
    extra = workloads_of({"kind": "List", "items": items}, "workloads.json")
    running = {"t1/placed-0": "ip-t1", "t1/placed-1": "ip-t1"}
    more = request_like(asked, extra, running)
    assert len(more["podTemplates"]) == 2 + len(asked["podTemplates"])
    replicas = [item for item in more["pods"] if "template" in item]
    assert len(replicas) == len(more["pods"])  # every pod of the file is a controller's here
    assert all(set(item) <= {"template", "name", "nodeName"} for item in replicas)
    assert {item["name"]: item.get("nodeName") for item in replicas if item["name"].startswith("placed")} == {
        "placed-0": "ip-t1",
        "placed-1": "ip-t1",
        "placed-2": None,
    }

    answer = binary.solve(more, keep=False)
    assert answer == binary.solve(whole(more), keep=False)
    bound = {key for node in answer.get("bound") or [] for key in node.get("pods") or []}
    assert {"t1/placed-0", "t1/placed-1"} <= bound
    placed = {
        key
        for name in ("existingNodes", "nodeClaims")
        for each in answer.get(name) or []
        for key in each.get("pods") or []
    }
    assert {f"t0/relaxed-{n}" for n in range(5)} <= placed  # each replica relaxed its own preference


def request_like(asked: dict[str, Any], extra: Any, running: dict[str, str]) -> dict[str, Any]:
    """asked with extra's pods added as revision.request sends them (its templates after asked's)."""
    sent = sent_pods(extra, running)
    offset = len(asked["podTemplates"])
    return {
        **asked,
        "podTemplates": [*asked["podTemplates"], *sent["podTemplates"]],
        "pods": [*asked["pods"], *({**item, "template": item["template"] + offset} for item in sent["pods"])],
    }


def test_a_replica_costs_its_name_not_its_template() -> None:
    """50,000 replicas of a template with 80 preferred terms: the template once, each replica a few dozen bytes."""
    terms = [
        {"weight": 1, "preference": {"matchExpressions": [{"key": f"k{n}", "operator": "In", "values": ["v"]}]}}
        for n in range(80)
    ]
    spec = pod_spec(cpu="10m", affinity={"nodeAffinity": {"preferredDuringSchedulingIgnoredDuringExecution": terms}})
    workloads = workloads_of({"kind": "List", "items": [deployment("shop", "web", 50_000, spec)]}, "workloads.json")
    sent = json.dumps(sent_pods(workloads, {}))
    template = json.dumps(workloads.pods[0].template)
    assert len(template) > 8_000
    assert sent.count('"preference"') == 80  # the template once
    assert len(sent) < len(template) + 50_000 * 40  # each replica its name: '{"template": 0, "name": "web-49999"}, '


@pytest.mark.parametrize(
    ("item", "templates", "message"),
    [
        ({"template": 3, "name": "web-0"}, [], "pods[0]: template 3 is not an index of podTemplates (0 given)"),
        (
            {"template": -1, "name": "web-0"},
            [{"metadata": {"namespace": "a"}, "spec": {"containers": []}}],
            "pods[0]: template -1 is not an index of podTemplates (1 given)",
        ),
        (
            {"template": 0, "name": "web-0"},
            [{"metadata": {"namespace": "a", "name": "x"}, "spec": {"containers": []}}],
            "podTemplates[0]: a template has no metadata.name",
        ),
        ({"template": 0}, [{"metadata": {"namespace": "a"}, "spec": {"containers": []}}], "pods[0]: no metadata.name"),
    ],
)
def test_a_replica_of_no_template_or_a_named_template_is_refused_by_the_program(
    item: dict[str, Any], templates: list[Any], message: str
) -> None:
    asked = {
        "nodePools": [],
        "nodeClasses": [],
        "instanceTypes": [],
        "nodes": [],
        "daemonSets": [],
        "pods": [item],
        "podTemplates": templates,
    }
    with pytest.raises(
        binary.SimulatorFailed,
        match=message.replace("(", r"\(").replace(")", r"\)").replace("[", r"\[").replace("]", r"\]"),
    ):
        binary.solve(asked, keep=False)


def test_the_split_gives_each_part_its_own_templates_numbered_anew(tmp_path: Path, catalogue: Any) -> None:  # noqa: F811
    asked = bench_like(tmp_path, catalogue)
    owners = {f"t{n}": f"t{n}" for n in range(6)}
    parts = partition.split(asked, owners, owners)
    assert len(parts) > 1
    for part in parts:
        used = sorted({item["template"] for item in part["pods"]})
        assert used == list(range(len(part["podTemplates"])))
        for item in part["pods"]:
            pod = partition.pod_of(item, part["podTemplates"])
            original = next(
                i
                for i in asked["pods"]
                if i["name"] == item["name"]
                and partition.pod_of(i, asked["podTemplates"])["metadata"]["namespace"] == pod["metadata"]["namespace"]
            )
            assert partition.pod_of(original, asked["podTemplates"]) == pod
    assert sum(len(part["pods"]) for part in parts) == len(asked["pods"])
