"""kinds.node_pool.v1.NodePoolV1 alone: a tenant's NodePools and EC2NodeClass (Karpenter 1.x) in a Testing chart."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import BASE_V1, BASE_V1ALPHA5, cluster_dict
from support.chart_testing import by_kind, findings, props, synth_construct

from karpenter_tenants.kinds.node_pool.v1 import NodePoolV1

ALPHA = BASE_V1["tenants"][0]
POOLS = [{"name": "general"}, {"name": "gpu", "taints": [{"key": "nvidia.com/gpu", "effect": "NoSchedule"}]}]


def build(tmp_path: Path, **tenant: object) -> tuple[NodePoolV1, list[dict]]:
    config, found = props(tmp_path, cluster_dict(tenants=[{**ALPHA, **tenant}]), "alpha")
    return synth_construct(lambda chart: NodePoolV1(chart, "node-pool", config=config, tenant=found))


def test_the_node_pool_carries_the_tenants_taint_and_label_and_uses_its_node_class(
    tmp_path: Path, shared: Path
) -> None:
    construct, objects = build(tmp_path)
    [pool] = by_kind(objects, "NodePool").values()
    [node_class] = by_kind(objects, "EC2NodeClass").values()
    template = pool["spec"]["template"]
    assert template["metadata"]["labels"]["tenant"] == "alpha"  # what the tenant's pods select
    assert {"key": "tenant", "value": "alpha", "effect": "NoSchedule"} in template["spec"]["taints"]
    # The reference Karpenter needs to launch anything: its own node class, by group, kind and name.
    ref = template["spec"]["nodeClassRef"]
    assert (ref["group"], ref["kind"], ref["name"]) == (
        "karpenter.k8s.aws",
        node_class["kind"],
        node_class["metadata"]["name"],
    )
    assert node_class["spec"]["role"] == "node-alpha"
    assert pool["metadata"]["labels"] == node_class["metadata"]["labels"] == {"tenant": "alpha"}
    assert construct.node_pool.name == construct.node_class.name == "alpha"
    assert findings(shared, objects) == []  # v1.14.1's NodePool and EC2NodeClass CRDs (fields, CEL rules) accept them


def test_with_pools_one_node_pool_per_pool_on_the_one_node_class(tmp_path: Path, shared: Path) -> None:
    construct, objects = build(tmp_path, pools=POOLS)
    pools = by_kind(objects, "NodePool")
    assert sorted(pools) == sorted(construct.node_pools) == ["alpha-general", "alpha-gpu"]
    assert [c.node.id for c in construct.node.children] == ["node-class", "node-pool-general", "node-pool-gpu"]
    assert {p["spec"]["template"]["spec"]["nodeClassRef"]["name"] for p in pools.values()} == {"alpha"}
    assert len(by_kind(objects, "EC2NodeClass")) == 1
    gpu_taints = pools["alpha-gpu"]["spec"]["template"]["spec"]["taints"]
    assert {"key": "nvidia.com/gpu", "effect": "NoSchedule"} in gpu_taints
    assert {"key": "tenant", "value": "alpha", "effect": "NoSchedule"} in gpu_taints, "a pool keeps the tenant's taint"
    assert construct.node_pool is construct.node_pools["alpha-general"]
    assert findings(shared, objects) == []


def test_a_config_of_the_other_generation_is_refused_naming_the_prop(tmp_path: Path) -> None:
    config, tenant = props(tmp_path, cluster_dict(BASE_V1ALPHA5), "alpha")
    with pytest.raises(
        ValueError, match=r"NodePoolV1: config is Karpenter 0\.31\.5 \(v1alpha5\); this construct writes v1"
    ):
        synth_construct(lambda chart: NodePoolV1(chart, "node-pool", config=config, tenant=tenant))


def test_props_are_keyword_only(tmp_path: Path) -> None:
    config, tenant = props(tmp_path, cluster_dict(), "alpha")
    with pytest.raises(TypeError):
        synth_construct(lambda chart: NodePoolV1(chart, "node-pool", config, tenant))  # type: ignore[misc]
