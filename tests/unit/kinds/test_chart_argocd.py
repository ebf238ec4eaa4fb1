"""kinds.gitops.argocd (ArgoCdAppsChart, ArgoCdRootChart) alone, in a Testing app: every install stage (kinds.gitops.stages)
an Application in a sync wave after the stages it needs, checked against ../shared's Argo CD CRDs."""

from __future__ import annotations

from pathlib import Path

from conftest import BASE_V1, cluster_dict, load
from support.chart_testing import by_kind, findings, synth_chart, synth_stages

from karpenter_tenants.kinds.gitops.argocd import ArgoCdAppsChart, ArgoCdRootChart

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
