"""kinds.gitops.flux (FluxStagesChart, FluxRootChart) and kinds.gitops.flux_helm (FluxHelmChart) alone, in a Testing
app: every install stage (kinds.gitops.stages) a Kustomization in dependsOn order, checked against ../shared's Flux CRDs."""

from __future__ import annotations

from pathlib import Path

from conftest import BASE_V1, cluster_dict, load
from support.chart_testing import by_kind, findings, synth_chart, synth_stages

from karpenter_tenants.kinds.gitops.flux import FluxRootChart, FluxStagesChart, stage_folder
from karpenter_tenants.kinds.gitops.flux_helm import FluxHelmChart
from karpenter_tenants.kinds.gitops.stages import install_stages

TENANTS = [
    {**BASE_V1["tenants"][0], "namespaces": ["alpha"], "quota": {"cpu": "10"}, "limits": {"cpu": "100"}},
    {**BASE_V1["tenants"][0], "name": "beta", "nodeRole": "node-beta"},
]


def test_every_stage_is_a_kustomization_applied_after_the_stages_it_needs(tmp_path: Path, shared: Path) -> None:
    config = load(tmp_path, cluster_dict(tenants=TENANTS)).config
    stages, objects = synth_stages(FluxStagesChart, config)
    kustomizations = by_kind(objects, "Kustomization")
    assert list(kustomizations) == [f"acme-{s.id}" for s in stages]
    order = list(kustomizations)
    for stage in stages:
        spec = kustomizations[f"acme-{stage.id}"]["spec"]
        assert spec["path"] == f"dist/acme/{stage_folder(stage)}"
        assert spec["wait"] is True and spec["prune"] is True
        needs = [d["name"] for d in spec.get("dependsOn", [])]
        assert needs == [f"acme-{a}" for a in stage.after]
        assert all(order.index(n) < order.index(f"acme-{stage.id}") for n in needs), "a stage needs only earlier ones"
    assert kustomizations["acme-nodepool-alpha"]["metadata"]["labels"]["tenant"] == "alpha"
    assert findings(shared, objects) == []  # Flux's Kustomization CRD


def test_the_root_applies_the_stages_folder_only(tmp_path: Path, shared: Path) -> None:
    config = load(tmp_path, cluster_dict()).config
    objects = synth_chart(lambda app: FluxRootChart(app, "flux", config=config, key="acme", gitops_path="dist/acme"))
    [root] = by_kind(objects, "Kustomization").values()
    assert root["metadata"]["name"] == "acme-root"
    assert root["spec"]["path"] == "dist/acme/flux/stages" and root["spec"]["wait"] is False
    assert findings(shared, objects) == []


def test_each_chart_stage_is_an_oci_repository_and_a_helm_release(tmp_path: Path, shared: Path) -> None:
    config = load(tmp_path, cluster_dict()).config
    [stage] = [s for s in install_stages(config) if s.chart is not None and s.chart.chart == "karpenter"]
    objects = synth_chart(
        lambda app: FluxHelmChart(app, "karpenter", config=config, install=stage.chart, folder=stage_folder(stage))
    )
    [repository] = by_kind(objects, "OCIRepository").values()
    [release] = by_kind(objects, "HelmRelease").values()
    assert repository["spec"]["url"] == "oci://public.ecr.aws/karpenter/karpenter"
    assert release["spec"]["chartRef"] == {
        "kind": "OCIRepository",
        "name": repository["metadata"]["name"],
        "namespace": repository["metadata"]["namespace"],
    }
    assert release["metadata"]["namespace"] == config.karpenter.namespace
    assert findings(shared, objects) == []  # Flux's OCIRepository and HelmRelease CRDs
