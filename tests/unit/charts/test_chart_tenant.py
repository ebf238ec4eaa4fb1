"""charts.tenant_chart.TenantChart alone (`tenants/<tenant>/`) in a Testing app: it composes the node pool of the
cluster's generation (NODE_POOLS), the tenant's NodeOverlays and its share of the isolation policy."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import BASE_V1, BASE_V1ALPHA5, cluster_dict
from support.chart_testing import by_kind, props, synth_chart

from karpenter_tenants.charts.isolation import POLICY_NAME
from karpenter_tenants.charts.tenant_chart import NODE_POOLS, TenantChart
from karpenter_tenants.config.versions import Generation
from karpenter_tenants.kinds.node_pool.v1 import NodePoolV1
from karpenter_tenants.kinds.node_pool.v1alpha5 import ProvisionerV1alpha5

SAVINGS = {"name": "savings", "priceAdjustment": "-20%"}


def build(tmp_path: Path, data: dict[str, Any]) -> tuple[TenantChart, list[dict[str, Any]]]:
    config, tenant = props(tmp_path, data, "alpha")
    made: list[TenantChart] = []
    objects = synth_chart(lambda app: made.append(TenantChart(app, "node-pool", config=config, tenant=tenant)) or made[0])
    return made[0], objects


def test_every_generation_has_its_node_pool_construct() -> None:
    assert NODE_POOLS == {Generation.V1: NodePoolV1, Generation.V1ALPHA5: ProvisionerV1alpha5}
    assert {cls.generation for cls in NODE_POOLS.values()} == set(Generation)


@pytest.mark.parametrize(("data", "construct", "kinds"), [
    (BASE_V1, NodePoolV1, ["EC2NodeClass", "NodePool"]),
    (BASE_V1ALPHA5, ProvisionerV1alpha5, ["AWSNodeTemplate", "Provisioner"]),
], ids=["1.x", "0.31"])
def test_the_chart_holds_the_node_pool_of_the_clusters_generation_at_id_node_pool(
    data: dict[str, Any], construct: type, kinds: list[str], tmp_path: Path
) -> None:
    chart, objects = build(tmp_path, cluster_dict(data))
    assert chart.folder == "tenants/alpha"
    assert isinstance(chart.node_pool, construct) and chart.node_pool.node.id == "node-pool"
    assert sorted(o["kind"] for o in objects if o["apiVersion"].startswith("karpenter.")) == kinds
    assert all(o["metadata"]["labels"]["app.kubernetes.io/managed-by"] == "karpenter-tenants" for o in objects)


def test_the_chart_binds_the_isolation_policy_to_the_tenants_namespaces(tmp_path: Path) -> None:
    tenant = {**BASE_V1["tenants"][0], "namespaces": ["alpha", "alpha-jobs"]}
    _, objects = build(tmp_path, cluster_dict(tenants=[tenant]))
    [binding] = by_kind(objects, "ValidatingAdmissionPolicyBinding").values()
    assert binding["metadata"]["name"] == f"{POLICY_NAME}-alpha" and binding["spec"]["policyName"] == POLICY_NAME
    [term] = binding["spec"]["matchResources"]["namespaceSelector"]["matchExpressions"]
    assert term["values"] == ["alpha", "alpha-jobs"]
    [parameter] = by_kind(objects, "ConfigMap").values()
    assert parameter["data"] == {"tenant": "alpha"}
    assert binding["spec"]["paramRef"]["name"] == parameter["metadata"]["name"]


def test_the_chart_holds_the_tenants_overlays(tmp_path: Path) -> None:
    chart, objects = build(tmp_path, cluster_dict(tenants=[{**BASE_V1["tenants"][0], "overlays": [SAVINGS]}]))
    assert sorted(chart.overlays) == ["savings"]
    assert sorted(by_kind(objects, "NodeOverlay")) == ["alpha-savings"]
