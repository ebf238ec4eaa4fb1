"""Several node pools per tenant (tenants[].pools, Karpenter 1.x): NodePools `<tenant>-<pool>` on the tenant's one
EC2NodeClass, each isolated like the tenant (label, taint, node role, namespaces' policy), what a pool leaves unset
taken from the tenant; a tenant without pools keeps its one NodePool named after it (the example dist/ is
current: tests/product/test_generated_current.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import BASE_V1, BASE_V1ALPHA5, EXAMPLE_DIST, cluster_dict, load, objects
from support.input_helpers import run_bad_config

from karpenter_tenants.synthesis.aws_side import aws_side
from karpenter_tenants.synthesis.render import render_cluster

TENANT = {
    **BASE_V1["tenants"][0],
    "name": "gamma",
    "nodeRole": "node-gamma",
    "namespaces": ["gamma"],
    "limits": {"cpu": "100"},
    "weight": 20,
    "labels": {"team": "g"},
}
POOLS = [
    {"name": "general"},
    {
        "name": "spot",
        "weight": 10,
        "requirements": {"capacityTypes": ["spot"], "instanceCategories": ["c", "m"]},
        "limits": {"cpu": "400"},
    },
    {
        "name": "gpu",
        "requirements": {"gpuManufacturers": ["nvidia"]},
        "labels": {"accelerator": "gpu"},
        "taints": [{"key": "nvidia.com/gpu", "effect": "NoSchedule"}],
    },
]


def rendered(tmp_path: Path, tenant: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {
        path: obj
        for path, obj in objects(render_cluster(load(tmp_path, cluster_dict(tenants=[tenant])))).items()
        if path.startswith("tenants/")
    }


def test_each_pool_is_a_node_pool_of_the_tenant_on_its_one_node_class(tmp_path: Path) -> None:
    found = rendered(tmp_path, {**TENANT, "pools": POOLS})
    pools = {o["metadata"]["name"]: o for o in found.values() if o["kind"] == "NodePool"}
    classes = [o for o in found.values() if o["kind"] == "EC2NodeClass"]
    assert sorted(pools) == ["gamma-general", "gamma-gpu", "gamma-spot"]
    assert [c["metadata"]["name"] for c in classes] == ["gamma"]
    for pool in pools.values():
        template = pool["spec"]["template"]
        assert pool["metadata"]["labels"]["tenant"] == "gamma"
        assert template["spec"]["nodeClassRef"]["name"] == "gamma"
        assert template["metadata"]["labels"]["tenant"] == "gamma" and template["metadata"]["labels"]["team"] == "g"
        assert {"key": "tenant", "value": "gamma", "effect": "NoSchedule"} in template["spec"]["taints"]
    # what a pool sets is its own; what it leaves unset is the tenant's
    assert (pools["gamma-general"]["spec"]["weight"], pools["gamma-general"]["spec"]["limits"]) == (20, {"cpu": "100"})
    assert (pools["gamma-spot"]["spec"]["weight"], pools["gamma-spot"]["spec"]["limits"]) == (10, {"cpu": "400"})
    spot = {
        r["key"]: r["values"] for r in pools["gamma-spot"]["spec"]["template"]["spec"]["requirements"] if "values" in r
    }
    assert spot["karpenter.sh/capacity-type"] == ["spot"] and spot["karpenter.k8s.aws/instance-category"] == ["c", "m"]
    gpu = pools["gamma-gpu"]["spec"]["template"]
    assert gpu["metadata"]["labels"]["accelerator"] == "gpu"
    assert {"key": "nvidia.com/gpu", "effect": "NoSchedule"} in gpu["spec"]["taints"]
    assert "accelerator" not in pools["gamma-general"]["spec"]["template"]["metadata"]["labels"]


def test_pools_share_the_tenants_node_role_and_isolation(tmp_path: Path) -> None:
    loaded = load(tmp_path, cluster_dict(tenants=[{**TENANT, "pools": POOLS}]))
    aws = aws_side(loaded.config, "acme.yaml")
    assert aws["node_roles"] == {"gamma": "node-gamma"}
    found = rendered(tmp_path / "b", {**TENANT, "pools": POOLS})
    bindings = [o for o in found.values() if o["kind"] == "ValidatingAdmissionPolicyBinding"]
    assert len(bindings) == 1  # one binding for the tenant's namespaces, whichever pool their pods land on


def test_the_example_tenant_with_pools_is_in_the_committed_dist() -> None:
    names = {p.name for p in (EXAMPLE_DIST / "acme/tenants/gamma").glob("*.yaml")}
    assert {"nodepool-gamma-general.yaml", "nodepool-gamma-gpu.yaml", "ec2nodeclass-gamma.yaml"} <= names
    assert "nodepool-gamma.yaml" not in names


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (
            cluster_dict(BASE_V1ALPHA5, tenants=[{**BASE_V1ALPHA5["tenants"][0], "pools": [{"name": "a"}]}]),
            "tenants[0].pools: pools are a Karpenter 1.x setting",
        ),
        (
            cluster_dict(tenants=[{**TENANT, "pools": [{"name": "a"}, {"name": "a"}]}]),
            "pool names 'a' listed more than once",
        ),
        (
            cluster_dict(
                tenants=[{**TENANT, "name": "a", "pools": [{"name": "b"}]}, {**TENANT, "name": "a-b", "nodeRole": "r2"}]
            ),
            "NodePool 'a-b' of tenant a-b is also tenant a's pool b's",
        ),
        (
            cluster_dict(tenants=[{**TENANT, "pools": [{"name": "x", "labels": {"tenant": "other"}}]}]),
            "tenants[0].pools[0].labels.tenant: would override the tenant label",
        ),
        (
            cluster_dict(
                tenants=[{**TENANT, "pools": [{"name": "x", "requirements": {"capacityTypes": ["reserved"]}}]}]
            ),
            "tenants[0].pools[0].requirements.capacityTypes: ",
        ),
    ],
)
def test_a_bad_pool_is_refused_naming_it(
    data: dict[str, Any], expected: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    problems = run_bad_config(tmp_path, data, capsys)
    assert any(expected in p for p in problems), problems


def test_a_static_pool_keeps_replicas_nodes_and_turns_the_feature_gate_on(tmp_path: Path) -> None:
    tenant = {
        **TENANT,
        "limits": {},
        "weight": None,
        "pools": [{"name": "base", "replicas": 3, "limits": {"nodes": "5"}}, {"name": "burst", "weight": 10}],
    }
    del tenant["weight"]
    files = render_cluster(load(tmp_path, cluster_dict(tenants=[tenant])))
    found = objects(files)
    pools = {o["metadata"]["name"]: o for o in found.values() if o["kind"] == "NodePool"}
    assert pools["gamma-base"]["spec"]["replicas"] == 3 and pools["gamma-base"]["spec"]["limits"] == {"nodes": "5"}
    assert "replicas" not in pools["gamma-burst"]["spec"]
    [release] = [o for o in found.values() if o["kind"] == "HelmRelease" and o["metadata"]["name"] == "karpenter"]
    assert release["spec"]["values"]["settings"]["featureGates"] == {"staticCapacity": True}


@pytest.mark.parametrize(
    ("pool", "karpenter", "expected"),
    [
        (
            {"name": "s", "replicas": 2, "weight": 5},
            {},
            "tenants[0].pools[0].weight: 'weight' is not supported on static NodePools",
        ),
        (
            {"name": "s", "replicas": 2, "limits": {"cpu": "10"}},
            {},
            "only 'limits.nodes' is supported on static NodePools",
        ),
        (
            {"name": "s", "replicas": 2, "limits": {"nodes": "2"}},
            {"version": "1.7.0"},
            "static node pools (replicas) need Karpenter >= 1.8.0",
        ),
        (
            {"name": "s", "replicas": 2, "limits": {"nodes": "2"}},
            {"featureGates": {"staticCapacity": False}},
            "karpenter.featureGates.staticCapacity: tenant gamma has a static node pool",
        ),
    ],
)
def test_upstreams_static_pool_rules_are_config_errors(
    pool: dict[str, Any], karpenter: dict[str, Any], expected: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tenant = {k: v for k, v in TENANT.items() if k not in ("weight", "limits")} | {"pools": [pool]}
    data = cluster_dict(tenants=[tenant], karpenter={"version": "1.14.1", **karpenter})
    problems = run_bad_config(tmp_path, data, capsys)
    assert any(expected in p for p in problems), problems


def test_a_node_pool_name_past_a_label_values_63_characters_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tenant = {**TENANT, "name": "t" * 40, "pools": [{"name": "p" * 30}]}
    problems = run_bad_config(tmp_path, cluster_dict(tenants=[tenant]), capsys)
    assert any("is 71 characters: Karpenter labels its nodes karpenter.sh/nodepool" in p for p in problems), problems


def test_the_balanced_consolidation_policy_is_written_on_114_and_refused_before(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], shared: Path
) -> None:
    """Karpenter 1.14's Balanced policy (consolidate where the savings outweigh the disruption), per pool: the NodePool
    CRD of ../shared's 1.14.1 takes it; a cluster on 1.13 or 0.31 gets a config error at the pool that asks for it."""
    from karpenter_tenants.checks.validate import ObjectValidator

    tenant = {
        **BASE_V1["tenants"][0],
        "pools": [{"name": "steady", "disruption": {"consolidationPolicy": "Balanced"}}, {"name": "batch"}],
    }
    found = objects(render_cluster(load(tmp_path, cluster_dict(tenants=[tenant]))))
    pools = {o["metadata"]["name"]: o for o in found.values() if o["kind"] == "NodePool"}
    assert pools["alpha-steady"]["spec"]["disruption"]["consolidationPolicy"] == "Balanced"
    assert pools["alpha-batch"]["spec"]["disruption"]["consolidationPolicy"] == "WhenEmptyOrUnderutilized"
    assert ObjectValidator(shared, "1.33").check(pools["alpha-steady"]) == []
    problems = run_bad_config(tmp_path / "old", cluster_dict(tenants=[tenant], karpenter={"version": "1.13.2"}), capsys)
    assert any(
        "tenants[0].pools[0].disruption.consolidationPolicy: consolidationPolicy Balanced needs Karpenter >= "
        "1.14.0; this cluster pins 1.13.2" in p
        for p in problems
    ), problems
    legacy = {**BASE_V1ALPHA5["tenants"][0], "disruption": {"consolidationPolicy": "Balanced"}}
    problems = run_bad_config(tmp_path / "legacy", cluster_dict(BASE_V1ALPHA5, tenants=[legacy]), capsys)
    assert any(
        "tenants[0].disruption.consolidationPolicy: consolidationPolicy Balanced needs Karpenter >= 1.14" in p
        for p in problems
    ), problems
