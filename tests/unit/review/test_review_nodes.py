"""review/nodes.py and `plan --nodes FILE`: each drift names the cluster's nodes it replaces, by name and instance type,
as Karpenter's drift rules decide (requirements: the nodes whose labels no longer match; anything else of the
template or the node class: every node of the pool); a bad FILE is exit 2 with one line and nothing else."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from support.review_trees import obj, tree

from karpenter_tenants.commands.cli import main
from karpenter_tenants.objects.changes import ClusterFacts
from karpenter_tenants.review.nodes import Node, Nodes
from karpenter_tenants.review.plan import plan

FAMILY = "karpenter.k8s.aws/instance-family"


def pool(families: list[str], taints: list[dict[str, str]] | None = None, name: str = "alpha") -> dict:
    requirements = [
        {"key": FAMILY, "operator": "In", "values": families},
        {"key": "karpenter.sh/capacity-type", "operator": "In", "values": ["on-demand"]},
        {"key": "karpenter.k8s.aws/instance-generation", "operator": "Gt", "values": ["2"]},
    ]
    spec = {
        "nodeClassRef": {"group": "karpenter.k8s.aws", "kind": "EC2NodeClass", "name": "alpha"},
        "requirements": requirements,
        **({"taints": taints} if taints else {}),
    }
    return obj("NodePool", name, labels={"tenant": "alpha"}, spec={"template": {"spec": spec}})


def node_class(ami: str = "al2023@v20261101") -> dict:
    return obj(
        "EC2NodeClass", "alpha", labels={"tenant": "alpha"}, spec={"role": "r", "amiSelectorTerms": [{"alias": ami}]}
    )


def node(name: str, instance_type: str, pool_name: str = "alpha", **labels: str) -> Node:
    family, generation = instance_type.split(".")[0], "".join(c for c in instance_type.split(".")[0] if c.isdigit())
    return Node(
        name,
        {
            "karpenter.sh/nodepool": pool_name,
            "node.kubernetes.io/instance-type": instance_type,
            FAMILY: family,
            "karpenter.k8s.aws/instance-generation": generation,
            "karpenter.sh/capacity-type": "on-demand",
            **labels,
        },
    )


NODES = Nodes(
    "nodes.json",
    (
        node("ip-1", "c6a.large"),
        node("ip-2", "c5.xlarge"),
        node("ip-3", "c6i.large"),
        node("ip-4", "m5.large", pool_name="beta"),
    ),
)


def notes(old: dict[str, str], new: dict[str, str], nodes: Nodes = NODES) -> list[str]:
    [change] = [c for c in plan(old, new, {"acme": ClusterFacts()}, nodes=nodes) if c.effect == "drift"]
    return [n for n in change.notes if n.startswith("nodes (")]


def test_a_narrowed_requirement_replaces_the_nodes_whose_labels_no_longer_match() -> None:
    """The issue's move: c6a, c5 and c6i nodes; families narrowed to c6i: the c6a and c5 nodes drift, not the c6i."""
    before, after = tree(pool(["c6a", "c5", "c6i"]), node_class()), tree(pool(["c6i"]), node_class())
    assert notes(before, after) == [
        "nodes (nodes.json): replaces 2 of alpha's 3: `ip-1` (c6a.large), `ip-2` (c5.xlarge); keeps `ip-3` (c6i.large): "
        "its labels still match the new requirements"
    ]


def test_a_well_known_label_a_node_does_not_carry_does_not_make_it_drift() -> None:
    bare = Nodes("nodes.json", (Node("ip-9", {"karpenter.sh/nodepool": "alpha", FAMILY: "c6i"}),))
    before, after = tree(pool(["c6a", "c6i"]), node_class()), tree(pool(["c6i"]), node_class())
    assert notes(before, after, bare) == [
        "nodes (nodes.json): replaces 0 of alpha's 1; keeps `ip-9` (instance type "
        "unknown): its labels still match the new requirements"
    ]


def test_a_template_or_node_class_change_replaces_every_node_of_the_pool() -> None:
    taint = [{"key": "gpu", "effect": "NoSchedule"}]
    every = "nodes (nodes.json): replaces 3 of alpha's 3: `ip-1` (c6a.large), `ip-2` (c5.xlarge), `ip-3` (c6i.large)"
    assert notes(tree(pool(["c6i"]), node_class()), tree(pool(["c6i"], taint), node_class())) == [every]
    # a node class: every node of the pools that use it (beta's node is not one)
    assert notes(tree(pool(["c6i"]), node_class()), tree(pool(["c6i"]), node_class("al2023@v20261201"))) == [every]


def test_a_pool_without_a_node_in_the_file_says_so() -> None:
    before, after = tree(pool(["c6a"], name="gamma"), node_class()), tree(pool(["c6i"], name="gamma"), node_class())
    assert notes(before, after) == [
        "nodes (nodes.json): none of gamma's (no node labelled karpenter.sh/nodepool=gamma)"
    ]


# --- the command --------------------------------------------------------------------------------------------------


def kubectl_nodes(*nodes: Node) -> dict[str, Any]:
    """What `kubectl get nodes -o json` prints (the fields plan reads, and some it does not)."""
    return {
        "apiVersion": "v1",
        "kind": "List",
        "metadata": {"resourceVersion": ""},
        "items": [
            {
                "apiVersion": "v1",
                "kind": "Node",
                "metadata": {"name": n.name, "labels": n.labels},
                "spec": {"providerID": f"aws:///ca-central-1a/i-{index:017x}"},
                "status": {"conditions": []},
            }
            for index, n in enumerate(nodes)
        ],
    }


@pytest.fixture
def repo(tmp_path: Path) -> Any:
    from test_plan import ALPHA, Repo, cluster_dict

    repository = Repo(
        tmp_path, cluster_dict(tenants=[{**ALPHA, "requirements": {"instanceFamilies": ["c6a", "c5", "c6i"]}}])
    )
    return repository, cluster_dict(tenants=[{**ALPHA, "requirements": {"instanceFamilies": ["c6i"]}}])


def test_plan_nodes_names_the_nodes_each_drift_replaces(
    repo: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repository, changed = repo
    file = tmp_path / "nodes.json"
    file.write_text(json.dumps(kubectl_nodes(*NODES.items)))
    status, lines = repository.plan(capsys, changed, "--nodes", str(file))
    assert status == 0
    assert (
        f"  - nodes ({file}): replaces 2 of alpha's 3: `ip-1` (c6a.large), `ip-2` (c5.xlarge); keeps `ip-3` "
        "(c6i.large): its labels still match the new requirements" in lines
    )


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (None, "nodes.json: no such file"),
        ("{not json", "nodes.json"),
        (json.dumps({"kind": "List", "items": {"a": 1}}), "not a List of at most 20000 nodes, nor one Node"),
        (json.dumps({"kind": "List", "items": [{"kind": "Pod", "metadata": {"name": "x"}}]}), "items[0]: not a Node"),
        (
            json.dumps({"kind": "List", "items": [{"kind": "Node", "metadata": {"name": "x", "labels": {"a": 1}}}]}),
            "items[0].metadata.labels: not a map of strings",
        ),
        ("[" * 5000 + "]" * 5000, "nested more than"),
    ],
)
def test_a_bad_nodes_file_is_exit_2_with_one_line(
    content: str | None, says: str, repo: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repository, changed = repo
    file = tmp_path / "nodes.json"
    if content is not None:
        file.write_text(content)
    repository.write(changed)
    capsys.readouterr()
    status = main(
        [
            "--clusters",
            str(repository.root / "clusters"),
            "plan",
            "--base",
            "HEAD",
            "--dist",
            str(repository.root / "dist"),
            "--nodes",
            str(file),
        ]
    )
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("error: --nodes ") and says in err, err


@pytest.mark.parametrize(
    ("item", "says"),
    [
        ({"metadata": {"name": "Bad Node\x1b[2J"}}, "items[0].metadata.name: 'Bad Node\\x1b[2J' is no node name"),
        (
            {"metadata": {"name": "ip-1"}, "spec": {"taints": [{"key": "k", "effect": "Bogus"}]}},
            "items[0].spec.taints[0].effect: 'Bogus' is not one of NoSchedule",
        ),
    ],
)
def test_plan_nodes_alone_reads_the_file_as_the_simulation_does(
    item: dict[str, Any], says: str, repo: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`plan --nodes FILE` without --workloads reads FILE through the simulation's reader (one reader, issue 56): what
    no API server holds (a node name that is no DNS subdomain, a taint effect that is none) is exit 2 naming its path,
    where the review's own reader took it into the comment."""
    repository, changed = repo
    file = tmp_path / "nodes.json"
    file.write_text(json.dumps({"kind": "List", "items": [{"kind": "Node", **item}]}))
    repository.write(changed)
    capsys.readouterr()
    status = main(
        ["--clusters", str(repository.root / "clusters"), "plan", "--base", "HEAD"]
        + ["--dist", str(repository.root / "dist"), "--nodes", str(file)]
    )
    out, err = capsys.readouterr()
    assert status == 2 and out == "" and err == f"error: --nodes {file}: {says}" + err.split(says, 1)[1], err
    assert len(err.strip().splitlines()) == 1 and "\x1b" not in err


def test_a_hostile_node_name_or_label_cannot_reach_the_comment_or_terminal_raw() -> None:
    """`plan --nodes` with a node named `n1<ESC>]0;owned<BEL>` or an instance-type label holding a newline and a
    heading: one line each, no escape sequence, no new heading."""
    from karpenter_tenants.review.nodes import Node

    shown = Node(
        "n1\x1b]0;owned\x07`x", {"node.kubernetes.io/instance-type": "m5.large\n## 0 destructive: merge"}
    ).shown()
    assert "\x1b" not in shown and "\x07" not in shown and "\n" not in shown
    assert shown.startswith("`n1 ]0;owned 'x`") and "\\#\\# 0 destructive" in shown


def test_a_pool_of_twenty_thousand_nodes_is_one_line_naming_ten_of_each() -> None:
    """A drift of a big pool: one pass over its nodes (each once, not each against every other) and a line that names
    the first ten of those replaced and of those kept, then how many more."""
    many = Nodes("nodes.json", tuple(node(f"ip-{n}", "c6a.large" if n % 2 else "c6i.large") for n in range(20_000)))
    before, after = tree(pool(["c6a", "c6i"]), node_class()), tree(pool(["c6i"]), node_class())
    [line] = notes(before, after, many)
    assert line.startswith(
        "nodes (nodes.json): replaces 10000 of alpha's 20000: `ip-1` (c6a.large), `ip-3` (c6a.large)"
    )
    assert "`ip-19` (c6a.large) and 9990 more; keeps `ip-0` (c6i.large)" in line
    assert line.endswith("`ip-18` (c6i.large) and 9990 more: its labels still match the new requirements")
