"""All charts of one cluster, and the folder of dist/<cluster>/ each one is written to."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cdk8s import App, Chart

from charts.flux_chart import FluxChart, Stage
from charts.karpenter_chart import BaseChart, KarpenterChart, KarpenterCrdChart
from charts.loader import LoadedCluster
from charts.tenant_chart import TenantChart
from charts.versions import Generation


@dataclass(frozen=True)
class ChartOutput:
    folder: str  # relative to dist/<cluster>/
    objects: list[dict[str, Any]]


class ClusterCharts:
    """Builds the charts of one cluster in its own cdk8s App (clusters never share construct ids)."""

    def __init__(self, cluster: LoadedCluster) -> None:
        config = cluster.config
        self.app = App()
        self.folders: dict[str, Chart] = {}
        self.folders["base"] = BaseChart(self.app, "base", config=config)
        tenant_folders = {tenant.name: f"tenants/{tenant.name}" for tenant in config.sorted_tenants()}
        for tenant in config.sorted_tenants():
            self.folders[tenant_folders[tenant.name]] = TenantChart(
                self.app, f"tenant-{tenant.name}", config=config, tenant=tenant
            )
        if config.gitops.engine == "argocd":
            self._argocd(cluster, tenant_folders)
        else:
            self._flux(cluster, tenant_folders)

    def _flux(self, cluster: LoadedCluster, tenant_folders: dict[str, str]) -> None:
        config = cluster.config
        stages = [Stage("karpenter-base", "base")]
        controller_after = "karpenter-base"
        if config.generation is Generation.V1:
            self.folders["karpenter-crd"] = KarpenterCrdChart(self.app, "karpenter-crd", config=config)
            stages.append(Stage("karpenter-crd", "karpenter-crd", ("karpenter-base",)))
            controller_after = "karpenter-crd"
        self.folders["karpenter"] = KarpenterChart(self.app, "karpenter", config=config)
        stages.append(Stage("karpenter", "karpenter", (controller_after,)))
        stages += [Stage(f"nodepool-{tenant}", folder, ("karpenter",)) for tenant, folder in tenant_folders.items()]
        self.folders["flux"] = FluxChart(
            self.app, "flux", config=config, gitops_path=cluster.gitops_path, stages=stages
        )

    def _argocd(self, cluster: LoadedCluster, tenant_folders: dict[str, str]) -> None:
        from charts.argocd_chart import ArgoCdAppsChart, ArgoCdRootChart

        common = {"config": cluster.config, "key": cluster.key, "gitops_path": cluster.gitops_path}
        self.folders["argocd"] = ArgoCdRootChart(self.app, "argocd", **common)
        self.folders["argocd/apps"] = ArgoCdAppsChart(self.app, "argocd-apps", tenant_folders=tenant_folders, **common)

    def outputs(self) -> list[ChartOutput]:
        return [ChartOutput(folder, list(chart.to_json())) for folder, chart in sorted(self.folders.items())]
