"""kinds.gitops.argocd: alone, in a Testing app (ArgoCdAppsChart, ArgoCdRootChart), every install stage
(kinds.gitops.stages) an Application in a sync wave after the stages it needs, checked against ../shared's Argo CD
CRDs; and in a whole rendered cluster, the app-of-apps that replaces the Flux folders."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from conftest import BASE_V1, BASE_V1ALPHA5, cluster_dict, load, objects
from support.chart_testing import by_kind, findings, synth_chart, synth_stages

from karpenter_tenants.kinds.controller.fields import karpenter_values
from karpenter_tenants.kinds.gitops.argocd import ArgoCdAppsChart, ArgoCdRootChart
from karpenter_tenants.synthesis.render import render_cluster

ARGOCD = {"engine": "argocd", "argocd": {"repoURL": "https://git.example.com/platform.git"}}
WAVE = "argocd.argoproj.io/sync-wave"


def test_every_stage_is_an_application_in_a_wave_after_the_stages_it_needs(tmp_path: Path, shared: Path) -> None:
    config = load(
        tmp_path, cluster_dict(gitops=ARGOCD, tenants=[{**BASE_V1["tenants"][0], "namespaces": ["alpha"]}])
    ).config
    stages, objects = synth_stages(ArgoCdAppsChart, config)
    applications = by_kind(objects, "Application")
    assert list(applications) == [f"acme-{s.id}" for s in stages]
    waves = {s.id: int(applications[f"acme-{s.id}"]["metadata"]["annotations"][WAVE]) for s in stages}
    for stage in stages:
        assert waves[stage.id] == stage.wave
        assert all(waves[a] < waves[stage.id] for a in stage.after), "Argo CD orders by wave alone"
    assert findings(shared, objects) == []  # Argo CD's Application CRD


def test_the_root_applies_the_apps_folder(tmp_path: Path, shared: Path) -> None:
    config = load(tmp_path, cluster_dict(gitops=ARGOCD)).config
    objects = synth_chart(
        lambda app: ArgoCdRootChart(app, "argocd", config=config, key="acme", gitops_path="dist/acme")
    )
    [root] = by_kind(objects, "Application").values()
    assert root["metadata"]["name"] == "acme-root"
    assert root["spec"]["source"]["path"] == "dist/acme/argocd/apps"
    assert root["spec"]["source"]["repoURL"] == ARGOCD["argocd"]["repoURL"]
    assert findings(shared, objects) == []


def rendered(tmp_path: Path, data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return objects(render_cluster(load(tmp_path, data)))


def apps(found: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {obj["metadata"]["name"]: obj for path, obj in found.items() if path.startswith("argocd/apps/")}


def test_argocd_replaces_the_flux_folders_with_an_app_of_apps(tmp_path: Path) -> None:
    found = rendered(tmp_path, cluster_dict(gitops=ARGOCD))
    folders = sorted({path.rsplit("/", 1)[0] for path in found})
    assert folders == ["argocd", "argocd/apps", "base", "tenants/alpha"]
    root = found["argocd/application-acme-root.yaml"]
    assert root["spec"]["source"] == {
        "path": "dist/acme/argocd/apps",
        "repoURL": "https://git.example.com/platform.git",
        "targetRevision": "HEAD",
    }
    assert "finalizers" not in root["metadata"], "deleting the root must not uninstall Karpenter"


def test_child_applications_run_in_sync_waves_base_crds_controller_node_pools(tmp_path: Path) -> None:
    children = apps(rendered(tmp_path, cluster_dict(gitops=ARGOCD)))
    waves = {name: app["metadata"]["annotations"]["argocd.argoproj.io/sync-wave"] for name, app in children.items()}
    assert waves == {
        "acme-karpenter-base": "0",
        "acme-karpenter-crd": "1",
        "acme-karpenter": "2",
        "acme-nodepool-alpha": "3",
    }
    assert all(a["metadata"]["finalizers"] == ["resources-finalizer.argocd.argoproj.io"] for a in children.values())


def test_the_karpenter_application_installs_the_oci_chart_with_the_generated_values(tmp_path: Path) -> None:
    data = cluster_dict(gitops=ARGOCD)
    spec = apps(rendered(tmp_path, data))["acme-karpenter"]["spec"]
    assert spec["source"]["repoURL"] == "public.ecr.aws/karpenter"
    assert (spec["source"]["chart"], spec["source"]["targetRevision"]) == ("karpenter", "1.14.1")
    assert spec["source"]["helm"]["skipCrds"] is True
    assert spec["source"]["helm"]["valuesObject"] == karpenter_values(load(tmp_path / "x", data).config)
    assert spec["syncPolicy"]["syncOptions"] == ["ServerSideApply=true"]
    assert spec["destination"] == {"namespace": "karpenter", "server": "https://kubernetes.default.svc"}


def test_node_pool_applications_skip_dry_run_on_missing_crds_and_sync_the_tenant_folder(tmp_path: Path) -> None:
    spec = apps(rendered(tmp_path, cluster_dict(gitops=ARGOCD)))["acme-nodepool-alpha"]["spec"]
    assert spec["source"]["path"] == "dist/acme/tenants/alpha"
    assert spec["syncPolicy"]["syncOptions"] == ["SkipDryRunOnMissingResource=true"]


def test_automated_sync_prune_and_self_heal_are_configurable(tmp_path: Path) -> None:
    gitops = {"engine": "argocd", "argocd": {**ARGOCD["argocd"], "prune": False, "selfHeal": False}}
    for app in apps(rendered(tmp_path, cluster_dict(gitops=gitops))).values():
        assert app["spec"]["syncPolicy"]["automated"] == {"prune": False, "selfHeal": False}


def test_031_on_argocd_has_no_crd_application_and_keeps_the_charts_crds(tmp_path: Path) -> None:
    children = apps(rendered(tmp_path, cluster_dict(BASE_V1ALPHA5, gitops=ARGOCD)))
    assert sorted(children) == ["acme-karpenter", "acme-karpenter-base", "acme-nodepool-alpha"]
    source = children["acme-karpenter"]["spec"]["source"]
    assert (source["targetRevision"], source["helm"]["skipCrds"]) == ("v0.31.5", False)
