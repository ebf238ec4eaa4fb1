"""kinds.quota.construct.TenantQuotaChart alone (`tenants/<tenant>/quota/`) in a Testing app."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import BASE_V1, cluster_dict
from support.chart_testing import findings, props, synth_chart

from karpenter_tenants.kinds.quota.construct import TenantQuotaChart

TENANT = {**BASE_V1["tenants"][0], "namespaces": ["alpha", "alpha-jobs"], "limits": {"cpu": "100"}}
QUOTA = {"cpu": "40", "memory": "160Gi", "pods": "300"}


def test_each_namespace_gets_the_tenants_quota_in_its_own_folder(tmp_path: Path, shared: Path) -> None:
    _, tenant = props(tmp_path, cluster_dict(tenants=[{**TENANT, "quota": QUOTA}]), "alpha")
    chart = None

    def build(app: object) -> TenantQuotaChart:
        nonlocal chart
        chart = TenantQuotaChart(app, "quota", tenant=tenant)
        return chart

    objects = synth_chart(build)
    assert chart is not None and chart.folder == "tenants/alpha/quota"
    assert [(o["kind"], o["metadata"]["namespace"], o["metadata"]["name"]) for o in objects] == [
        ("ResourceQuota", "alpha", "karpenter-tenants-quota"),
        ("ResourceQuota", "alpha-jobs", "karpenter-tenants-quota"),
    ]
    for quota in objects:
        assert quota["metadata"]["labels"] == {"app.kubernetes.io/managed-by": "karpenter-tenants", "tenant": "alpha"}
        # Pods request cpu and memory: the quota caps the requests (a bare `cpu` would cap them too, but refuse pods
        # without requests outright); a pod count is its own key.
        assert quota["spec"]["hard"] == {"requests.cpu": "40", "requests.memory": "160Gi", "pods": "300"}
    assert [c.node.id for c in chart.node.children] == ["quota-alpha", "quota-alpha-jobs"]
    assert findings(shared, objects) == []


def test_a_tenant_without_a_quota_is_refused_naming_the_prop(tmp_path: Path) -> None:
    _, tenant = props(tmp_path, cluster_dict(tenants=[TENANT]), "alpha")
    with pytest.raises(ValueError, match=r"TenantQuotaChart: tenant 'alpha' has no quota \(tenant.quota is None\)"):
        synth_chart(lambda app: TenantQuotaChart(app, "quota", tenant=tenant))
