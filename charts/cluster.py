"""All charts of one cluster, and the folder of dist/<cluster>/ each one is written to."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cdk8s import App, Chart

from charts.flux_chart import FluxHelmChart, FluxRootChart, FluxStagesChart, stage_folder
from charts.karpenter_chart import BaseChart
from charts.stages import install_stages
from charts.tenant_chart import TenantsChart
from charts.typed_objects import chart_json
from config.loader import LoadedCluster


@dataclass(frozen=True)
class ChartOutput:
    folder: str  # relative to dist/<cluster>/
    objects: list[dict[str, Any]]


def _app() -> App:
    """A cdk8s App for one chart.

    cdk8s's Chart.toJson() resolves dependencies and validates the whole App it belongs to on
    every call, so N charts in one App cost O(N^2) (measured: 1,000 -> 2,000 tenants took 9x as
    long). Our charts never reference each other, so each gets its own App and synth is linear."""
    return App()


class ClusterCharts:
    """Builds the charts of one cluster, each in its own cdk8s App (see _app): the base objects, the tenants'
    node pools, and the GitOps engine's rendering of the install stages (charts.stages)."""

    def __init__(self, cluster: LoadedCluster) -> None:
        config = cluster.config
        self.folders: dict[str, Chart] = {}
        self.folders["base"] = BaseChart(_app(), "base", config=config)
        self.tenants = TenantsChart(_app(), "tenants", config=config)
        stages = install_stages(config)
        common = {"config": config, "key": cluster.key, "gitops_path": cluster.gitops_path}
        if config.gitops.engine == "argocd":
            from charts.argocd_chart import ArgoCdAppsChart, ArgoCdRootChart

            self.folders["argocd"] = ArgoCdRootChart(_app(), "argocd", **common)
            self.folders["argocd/apps"] = ArgoCdAppsChart(_app(), "argocd-apps", stages=stages, **common)
        else:
            for stage in stages:
                if stage.chart is not None:
                    self.folders[stage_folder(stage)] = FluxHelmChart(
                        _app(), stage.chart.chart, config=config, install=stage.chart
                    )
            self.folders["flux"] = FluxRootChart(_app(), "flux", **common)
            self.folders["flux/stages"] = FluxStagesChart(_app(), "flux-stages", stages=stages, **common)

    def outputs(self) -> list[ChartOutput]:
        found = [ChartOutput(folder, chart_json(chart)) for folder, chart in self.folders.items()]
        by_tenant: dict[str, list[dict[str, Any]]] = {}
        for obj in chart_json(self.tenants):  # node pool and class are both named after their tenant
            by_tenant.setdefault(obj["metadata"]["name"], []).append(obj)
        found += [ChartOutput(f"tenants/{tenant}", objects) for tenant, objects in by_tenant.items()]
        return sorted(found, key=lambda output: output.folder)
