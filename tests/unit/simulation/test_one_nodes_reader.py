"""Issue 56 "Hostile input, round six": one reader of a nodes file (simulation.run.read_nodes) for the node review
(`plan --nodes FILE` alone) and the simulation (`plan --workloads ... --nodes FILE`), as strict as the API server:
a node's name a DNS subdomain (ValidateNodeName), a taint's timeAdded an RFC 3339 time (metav1.Time's decoding), spec
and status objects, spec.unschedulable a boolean; `kubectl get node NAME -o json` (one Node, not a List) taken by both."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from karpenter_tenants.config.yaml_input import InputError
from karpenter_tenants.simulation.run import read_nodes


def node(name: str = "ip-10-0-1-23.ec2.internal", **spec: Any) -> dict[str, Any]:
    return {
        "apiVersion": "v1",
        "kind": "Node",
        "metadata": {"name": name, "labels": {"karpenter.sh/nodepool": "alpha"}},
        "spec": spec,
        "status": {"allocatable": {"cpu": "3920m", "memory": "14Gi", "pods": "58"}},
    }


def write(tmp_path: Path, document: Any) -> Path:
    path = tmp_path / "nodes.json"
    path.write_text(json.dumps(document))
    return path


def listed(*items: dict[str, Any]) -> dict[str, Any]:
    return {"apiVersion": "v1", "kind": "List", "items": list(items)}


# ValidateNodeName = apimachinery's NameIsDNSSubdomain: RFC 1123 subdomain, at most 253 characters
@pytest.mark.parametrize(
    "name",
    ["ip-10-0-1-23.ca-central-1.compute.internal", "i-0123456789abcdef0", "a", "0.1", "n" * 63 + "." + "n" * 189],
)
def test_a_node_name_the_api_server_takes_is_read(tmp_path: Path, name: str) -> None:
    read = read_nodes(write(tmp_path, listed(node(name))))
    assert [n["metadata"]["name"] for n in read] == [name]
    assert [n.name for n in read.reviewed.items] == [name]


@pytest.mark.parametrize(
    "name",
    ["Bad Node", "UPPER", "", "-a", "a-", "a..b", "a_b", "n\x1b[31m", "n\n## merge", "n" * 254, "nodé"],
)
def test_a_node_name_no_api_server_takes_is_exit_2_naming_it(tmp_path: Path, name: str) -> None:
    source = write(tmp_path, listed(node("ok"), node(name)))
    with pytest.raises(InputError) as raised:
        read_nodes(source)
    said = str(raised.value)
    assert said.startswith(f"{source}: items[1].metadata.name: ") and "DNS subdomain" in said, said
    assert "\x1b" not in said and "\n" not in said


# metav1.Time.UnmarshalJSON: time.Parse(time.RFC3339, s); null is the zero time
TAKEN = ["2026-12-05T13:00:00Z", "2026-12-05T13:00:00.123456789+02:00", "2024-02-29T23:59:59-05:30", None]
REFUSED = [
    "yesterday",
    "2026-12-05 13:00:00Z",  # a space for the T
    "2026-12-05T13:00:00",  # no zone
    "2026-02-29T00:00:00Z",  # 2026 is no leap year
    "2026-12-05T24:00:00Z",
    "2026-12-05T13:60:00Z",
    "2026-12-05t13:00:00z",
    1733403600,
]


def test_a_taints_time_added_is_read_as_the_api_server_decodes_it(tmp_path: Path) -> None:
    """An RFC 3339 time (or null) is taken and left out of what the scheduler gets; anything else is exit 2 naming
    the taint's timeAdded."""
    for added in TAKEN:
        taint = {"key": "node.kubernetes.io/unreachable", "effect": "NoExecute", "timeAdded": added}
        read = read_nodes(write(tmp_path, listed(node(taints=[taint]))))
        assert read[0]["spec"]["taints"] == [{"key": "node.kubernetes.io/unreachable", "effect": "NoExecute"}]
    for added in REFUSED:
        source = write(tmp_path, listed(node(taints=[{"key": "k", "effect": "NoExecute", "timeAdded": added}])))
        with pytest.raises(InputError) as raised:
            read_nodes(source)
        assert str(raised.value).startswith(f"{source}: items[0].spec.taints[0].timeAdded: "), added
        assert "RFC 3339" in str(raised.value)


@pytest.mark.parametrize(
    ("item", "path"),
    [
        ({**node(), "spec": []}, "items[0].spec: [] is not an object"),
        ({**node(), "status": "Ready"}, "items[0].status: 'Ready' is not an object"),
        (node(unschedulable="yes"), "items[0].spec.unschedulable: 'yes' is not true or false"),
        ({**node(), "kind": "Pod"}, "items[0]: not a Node"),
    ],
)
def test_a_node_the_api_server_would_not_decode_is_exit_2(tmp_path: Path, item: dict[str, Any], path: str) -> None:
    source = write(tmp_path, listed(item))
    with pytest.raises(InputError) as raised:
        read_nodes(source)
    assert str(raised.value).startswith(f"{source}: {path}"), str(raised.value)


def test_one_node_as_kubectl_get_node_prints_it_is_read_by_both(tmp_path: Path) -> None:
    """`kubectl get node NAME -o json` prints the Node itself, no List: the simulation and the node review both take
    it (the review's reader took it and the simulation's refused it); its paths start at the document."""
    read = read_nodes(write(tmp_path, node("ip-1")))
    assert [n["metadata"]["name"] for n in read] == ["ip-1"]
    assert [n.name for n in read.reviewed.items] == ["ip-1"]
    source = write(tmp_path, {**node("ip-1"), "status": {"allocatable": {"cpu": "-1"}}})
    with pytest.raises(InputError) as raised:
        read_nodes(source)
    assert str(raised.value).startswith(f"{source}: status.allocatable.cpu: ")


def test_the_review_sees_a_node_the_scheduler_leaves_out(tmp_path: Path) -> None:
    """A node without status.allocatable (still registering) is left out of the scheduler's nodes, said once, and
    still named by the node review (a drift replaces it too)."""
    registering = {**node("ip-2"), "status": {}}
    read = read_nodes(write(tmp_path, listed(node("ip-1"), registering)))
    assert [n["metadata"]["name"] for n in read] == ["ip-1"] and read.without_allocatable == ("ip-2",)
    assert [n.name for n in read.reviewed.items] == ["ip-1", "ip-2"]
