"""kinds.buffer.construct.TenantBuffersChart alone (`tenants/<tenant>/buffers/`) in a Testing app: each chunk's pod is one the
tenant's own NodePool (kinds.node_pool.v1, built from the same props) can take."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import BASE_V1, cluster_dict
from support.chart_testing import by_kind, findings, props, synth_chart, synth_construct

from karpenter_tenants.config.resolved import resolve
from karpenter_tenants.kinds.buffer.construct import TenantBuffersChart
from karpenter_tenants.kinds.node_pool.v1 import NodePoolV1

TENANT = {
    **BASE_V1["tenants"][0],
    "namespaces": ["alpha"],
    "pools": [{"name": "general"}, {"name": "gpu", "taints": [{"key": "nvidia.com/gpu", "effect": "NoSchedule"}]}],
}
WARM = {"name": "warm", "requests": {"cpu": "2", "memory": "4Gi"}, "replicas": 3}
GPU = {
    "name": "gpu-room",
    "pool": "gpu",
    "requests": {"cpu": "4", "nvidia.com/gpu": "1"},
    "limits": {"nvidia.com/gpu": "2"},
}
WEB = {"name": "web-headroom", "scalable": {"kind": "Deployment", "name": "web"}, "percentage": 20}


def tolerated(taint: dict[str, Any], tolerations: list[dict[str, Any]]) -> bool:
    """Kubernetes' rule: a toleration of the taint's key (or of every key, with Exists) and effect (or every effect)."""
    return any(
        (
            t.get("key") in (None, taint["key"])
            and t.get("effect") in (None, taint["effect"])
            and (t.get("operator") == "Exists" or t.get("value") == taint.get("value"))
        )
        for t in tolerations
    )


def schedulable_on(pod: dict[str, Any], pool: dict[str, Any]) -> bool:
    """Whether Karpenter could launch a node of pool for pod: its nodeSelector is among the node's labels (the
    template's and karpenter.sh/nodepool) and it tolerates every taint of the node."""
    template = pool["spec"]["template"]
    labels = {**template["metadata"].get("labels", {}), "karpenter.sh/nodepool": pool["metadata"]["name"]}
    taints = template["spec"].get("taints", [])
    return pod.get("nodeSelector", {}).items() <= labels.items() and all(
        tolerated(t, pod.get("tolerations", [])) for t in taints
    )


def test_each_chunk_is_a_pod_the_tenants_own_node_pool_can_take(tmp_path: Path, shared: Path) -> None:
    config, tenant = props(tmp_path, cluster_dict(tenants=[{**TENANT, "buffers": [WARM, GPU, WEB]}]), "alpha")
    objects = synth_chart(lambda app: TenantBuffersChart(app, "buffers", tenant=tenant))
    _, pools = synth_construct(lambda chart: NodePoolV1(chart, "node-pool", config=config, tenant=tenant))
    pools = by_kind(pools, "NodePool")
    templates, buffers = by_kind(objects, "PodTemplate"), by_kind(objects, "CapacityBuffer")
    assert sorted(buffers) == ["gpu-room", "warm", "web-headroom"]
    assert sorted(templates) == ["karpenter-tenants-buffer-gpu-room", "karpenter-tenants-buffer-warm"]
    warm = templates["karpenter-tenants-buffer-warm"]["template"]["spec"]
    gpu = templates["karpenter-tenants-buffer-gpu-room"]["template"]["spec"]
    assert schedulable_on(warm, pools["alpha-general"])
    assert schedulable_on(gpu, pools["alpha-gpu"]) and not schedulable_on(gpu, pools["alpha-general"])
    assert not schedulable_on(warm, pools["alpha-gpu"]), "the gpu pool's own taint keeps a general chunk off it"
    assert buffers["warm"]["spec"]["podTemplateRef"] == {"name": "karpenter-tenants-buffer-warm"}
    assert buffers["web-headroom"]["spec"]["scalableRef"] == {"apiGroup": "apps", "kind": "Deployment", "name": "web"}
    assert {b["metadata"]["namespace"] for b in objects} == {"alpha"}
    assert findings(shared, objects) == []  # v1.14.1's CapacityBuffer CRD (fields, CEL rules), core PodTemplate


def test_a_pool_the_tenant_does_not_have_is_refused_naming_the_prop(tmp_path: Path) -> None:
    config, tenant = props(tmp_path, cluster_dict(tenants=[{**TENANT, "buffers": [GPU]}]), "alpha")
    tenant = resolve(config).tenant(
        tenant.tenant.model_copy(update={"pools": tenant.tenant.pools[:1]})
    )  # gpu gone after validation
    with pytest.raises(
        ValueError, match=r"TenantBuffersChart: tenant 'alpha' has no pool 'gpu' \(tenant.buffers\[\].pool"
    ):
        synth_chart(lambda app: TenantBuffersChart(app, "buffers", tenant=tenant))
