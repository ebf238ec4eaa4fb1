"""convert.nodegroups.draft: node groups grouped into tenants (or a tenant's pools, tests/unit/convert/test_multi_pool_import.py),
their iam: and the notes every import needs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from support.nodegroups_cli import describe_file, run

from karpenter_tenants.convert.nodegroups.draft import draft, entry, owner, pool_name, pooled, tenants_of
from karpenter_tenants.convert.nodegroups.record import FileReport, NodeGroup, NodeGroupsRefused, Report, Role


def test_two_node_groups_for_one_tenant_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, imported, err = run(capsys, describe_file(tmp_path, "web_a"), describe_file(tmp_path, "web-a"))
    assert (status, imported) == (2, None)
    assert err == [
        f"error: {tmp_path / 'web-a.json'}: nodegroup web-a: a second node group for tenant 'web-a' (the first: "
        f"{tmp_path / 'web_a.json'}: nodegroup web_a): import each node group once"
    ]


def group(name: str, **fields: Any) -> NodeGroup:
    return NodeGroup(f"nodegroup {name}", FileReport(f"{name}.json", Report()), name=name, **fields)


def test_a_pool_is_named_after_its_group_less_the_tenants_prefix() -> None:
    assert pool_name("gamma", "gamma-gpu") == "gpu"
    assert pool_name("gamma", "gamma-") == "gamma-" and pool_name("gamma", "general") == "general"


def test_a_group_whose_tenant_label_and_taint_name_two_tenants_is_refused() -> None:
    both = group("a", label_owner=("x", "nodegroup.labels.tenant"), taint_owner=("y", "nodegroup.taints[0]"))
    with pytest.raises(NodeGroupsRefused) as refused:
        owner(both)
    assert refused.value.problems == [
        "a.json: nodegroup a: its tenant label (nodegroup.labels.tenant: x) and tenant taint (nodegroup.taints[0]: "
        "tenant=y:NoSchedule) name two tenants; a node group is one tenant's: make them the same"
    ]
    assert owner(group("b", taint_owner=("y", "p"))) == "y" and owner(group("c")) is None


def test_groups_of_one_tenant_label_are_its_pools_and_the_others_tenants_of_their_own() -> None:
    general, gpu, web = (
        group("gamma-general", label_owner=("gamma", "p")),
        group("gamma-gpu", label_owner=("gamma", "p")),
        group("web"),
    )
    assert tenants_of([general, web, gpu]) == {"gamma": [general, gpu], "web": [web]}


def test_the_entry_lists_the_keys_in_the_documented_order_and_pooled_groups_share_the_tenants_settings() -> None:
    a = group(
        "gamma-a",
        role=Role("nodes", "nodes"),
        requirements={"architectures": ["amd64"], "instanceTypes": ["m6i.large"]},
        fields={"tags": {"t": "1"}, "ami": {"alias": "al2023@latest"}, "labels": {"l": "a"}},
    )
    b = group("gamma-b", fields={"tags": {"t": "2"}, "ami": {"alias": "al2023@latest"}})
    assert list(entry(a)) == ["name", "nodeRole", "dedicated", "requirements", "labels", "tags", "ami"]
    assert list(entry(a)["requirements"]) == ["instanceTypes", "architectures"]
    tenant = pooled("gamma", [a, b])
    assert tenant["pools"] == [
        {
            "name": "a",
            "requirements": {"instanceTypes": ["m6i.large"], "architectures": ["amd64"]},
            "labels": {"l": "a"},
        },
        {"name": "b"},
    ]
    assert tenant["tags"] == {"t": "1"}
    differences = [line.split(" differs")[0] for line in b.report.report.unsupported]
    assert differences == [
        "gamma-b.json: nodegroup gamma-b: nodeRole unset (the default)",
        "gamma-b.json: nodegroup gamma-b: tags {'t': '2'}",
    ]


def test_roles_two_tenants_share_are_listed_as_shared_node_roles(shared: Path) -> None:
    report = Report()
    groups = [
        NodeGroup(f"nodegroup {n}", FileReport(f"{n}.json", report), name=n, role=Role("nodes", "nodes"))
        for n in ("a", "b")
    ]
    imported = draft(groups, report)
    assert imported.iam == {
        "existing": {"roles": ["nodes"], "withAccessEntry": ["nodes"]},
        "sharedNodeRoles": ["nodes"],
    }
    assert imported.lines()[-1] == "import-nodegroups: 2 tenants for Karpenter 1.x"
