"""All charts of one cluster, and the folder of dist/<cluster>/ each one is written to."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cdk8s import App, Chart

from charts.flux_chart import FluxRootChart, FluxStagesChart, Stage
from charts.karpenter_chart import BaseChart, KarpenterChart, KarpenterCrdChart
from charts.loader import LoadedCluster
from charts.tenant_chart import TenantsChart
from charts.versions import Generation


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
    """Builds the charts of one cluster, each in its own cdk8s App (see _app)."""

    def __init__(self, cluster: LoadedCluster) -> None:
        config = cluster.config
        self.folders: dict[str, Chart] = {}
        self.folders["base"] = BaseChart(_app(), "base", config=config)
        tenant_folders = {tenant.name: f"tenants/{tenant.name}" for tenant in config.sorted_tenants()}
        self.tenants = TenantsChart(_app(), "tenants", config=config)
        if config.gitops.engine == "argocd":
            self._argocd(cluster, tenant_folders)
        else:
            self._flux(cluster, tenant_folders)

    def _flux(self, cluster: LoadedCluster, tenant_folders: dict[str, str]) -> None:
        config = cluster.config
        # Every Flux object is named after the cluster key: several clusters (or two configs of one
        # EKS cluster, such as acme and acme-legacy) share one flux-system namespace without collisions.
        key = cluster.key
        base, crd, controller = f"{key}-karpenter-base", f"{key}-karpenter-crd", f"{key}-karpenter"
        stages = [Stage(base, "base")]
        controller_after = base
        if config.generation is Generation.V1:
            self.folders["karpenter-crd"] = KarpenterCrdChart(_app(), "karpenter-crd", config=config)
            stages.append(Stage(crd, "karpenter-crd", (base,)))
            controller_after = crd
        self.folders["karpenter"] = KarpenterChart(_app(), "karpenter", config=config)
        stages.append(Stage(controller, "karpenter", (controller_after,)))
        stages += [
            Stage(f"{key}-nodepool-{tenant}", folder, (controller,)) for tenant, folder in tenant_folders.items()
        ]
        common = {"config": config, "key": key, "gitops_path": cluster.gitops_path}
        self.folders["flux"] = FluxRootChart(_app(), "flux", **common)
        self.folders["flux/stages"] = FluxStagesChart(_app(), "flux-stages", stages=stages, **common)

    def _argocd(self, cluster: LoadedCluster, tenant_folders: dict[str, str]) -> None:
        from charts.argocd_chart import ArgoCdAppsChart, ArgoCdRootChart

        common = {"config": cluster.config, "key": cluster.key, "gitops_path": cluster.gitops_path}
        self.folders["argocd"] = ArgoCdRootChart(_app(), "argocd", **common)
        self.folders["argocd/apps"] = ArgoCdAppsChart(_app(), "argocd-apps", tenant_folders=tenant_folders, **common)

    def outputs(self) -> list[ChartOutput]:
        found = [ChartOutput(folder, list(chart.to_json())) for folder, chart in self.folders.items()]
        by_tenant: dict[str, list[dict[str, Any]]] = {}
        for obj in self.tenants.to_json():  # node pool and class are both named after their tenant
            by_tenant.setdefault(obj["metadata"]["name"], []).append(obj)
        found += [ChartOutput(f"tenants/{tenant}", objects) for tenant, objects in by_tenant.items()]
        return sorted(found, key=lambda output: output.folder)
