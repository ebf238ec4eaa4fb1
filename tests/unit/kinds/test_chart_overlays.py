"""kinds.overlay.construct alone: ClusterOverlaysChart (`overlays/`) in a Testing app, and a tenant's NodeOverlay for exactly
the NodePools its NodePoolV1 builds."""

from __future__ import annotations

from pathlib import Path

from conftest import BASE_V1, cluster_dict
from support.chart_testing import by_kind, findings, props, synth_chart, synth_construct, wide_props

from karpenter_tenants.kinds.node_pool.v1 import NodePoolV1
from karpenter_tenants.kinds.overlay.construct import ClusterOverlaysChart, tenant_overlay

TENANT = {**BASE_V1["tenants"][0], "pools": [{"name": "general"}, {"name": "spot", "weight": 5}]}
SAVINGS = {
    "name": "savings",
    "priceAdjustment": "-20%",
    "requirements": [{"key": "karpenter.k8s.aws/instance-family", "operator": "In", "values": ["m7i"]}],
}
FUSE = {"name": "fuse", "capacity": {"smarter-devices/fuse": "2"}, "weight": 10}


def test_cluster_wide_overlays_apply_to_every_node_pool(tmp_path: Path, shared: Path) -> None:
    config = wide_props(tmp_path, cluster_dict(overlays=[SAVINGS, FUSE], tenants=[TENANT]))
    objects = synth_chart(lambda app: ClusterOverlaysChart(app, "overlays", config=config))
    overlays = by_kind(objects, "NodeOverlay")
    assert sorted(overlays) == ["fuse", "savings"]
    assert overlays["savings"]["spec"]["requirements"] == SAVINGS["requirements"], "no karpenter.sh/nodepool term"
    assert overlays["savings"]["spec"]["priceAdjustment"] == "-20%"
    assert overlays["fuse"]["spec"] == {"requirements": [], "capacity": {"smarter-devices/fuse": "2"}, "weight": 10}
    assert findings(shared, objects) == []  # v1.14.1's NodeOverlay CRD (fields, CEL rules)


def test_a_tenants_overlay_names_exactly_its_own_node_pools(tmp_path: Path, shared: Path) -> None:
    config, tenant = props(tmp_path, cluster_dict(tenants=[{**TENANT, "overlays": [SAVINGS]}]), "alpha")
    [overlay] = tenant.tenant.overlays
    _, objects = synth_construct(lambda chart: tenant_overlay(chart, tenant, overlay))
    _, pools = synth_construct(lambda chart: NodePoolV1(chart, "node-pool", config=config, tenant=tenant))
    [found] = by_kind(objects, "NodeOverlay").values()
    assert found["metadata"]["name"] == "alpha-savings" and found["metadata"]["labels"] == {"tenant": "alpha"}
    first, *rest = found["spec"]["requirements"]
    assert first == {"key": "karpenter.sh/nodepool", "operator": "In", "values": sorted(by_kind(pools, "NodePool"))}
    assert rest == SAVINGS["requirements"]
    assert findings(shared, objects) == []
