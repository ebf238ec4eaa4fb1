"""One cluster's output in parts, each built from an explicit projection of its config.

- The cluster-wide part: `base/`, the Karpenter chart stages (Flux: `karpenter-crd/`, `karpenter/`), the
  applier root (`flux/` or `argocd/`) and the appliers of the stages before the node pools (in
  `flux/stages/` or `argocd/apps/`), and `aws.json` (synth.render). Its builder receives `ClusterWide`: the
  cluster-level settings (the config without its tenants) and, of each tenant, only `TenantFacts` (name,
  namespaces, node role, instance profile): what the isolation policy's namespace map and aws.json read.
  The charts see a ClusterFile whose `tenants` are those TenantFacts, so reading any other setting of a
  tenant raises AttributeError instead of going unnoticed.
- One part per tenant: `tenants/<tenant>/` (node pool and node class) and the tenant's applier (the Flux
  Kustomization or Argo CD Application `<key>-nodepool-<tenant>`). Its builder receives `TenantPart`: the
  cluster-level settings (whose `tenants` is empty) and that one tenant.

Each folder's kustomization.yaml lists the object files the parts put in it (synth.render), so it follows
from the parts' outputs and reads no config. synth.incremental fingerprints each part by exactly its
projection: a part whose projection and files are unchanged is not built.

Nothing here imports cdk8s at module level: projecting a config starts no Node.js. The builders import
what they use: a tenant part cdk8s and the typed imports, the cluster-wide part also cdk8s-plus-33. Every
chart is a TypedChart of typed objects (charts.typed_objects): building and serialising a part makes no
jsii object, so no synth starts Node.js.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from config.loader import LoadedCluster
from config.model import ClusterFile, Tenant

if TYPE_CHECKING:
    from charts.argocd_chart import ArgoCdAppsChart
    from charts.flux_chart import FluxStagesChart
    from charts.tenant_chart import TenantsChart
    from charts.typed_objects import TypedChart

WIDE = ""  # the cluster-wide part's id; a tenant part's is its tenant's name


@dataclass(frozen=True)
class ChartOutput:
    folder: str  # relative to dist/<cluster>/
    objects: list[dict[str, Any]]


@dataclass(frozen=True)
class Site:
    """What every part of a cluster reads: where it goes, the file it comes from, and the cluster-level
    settings (the cluster file without its tenants)."""

    key: str
    gitops_path: str
    source_name: str
    settings: ClusterFile


@dataclass(frozen=True)
class TenantFacts:
    """What the cluster-wide objects read of a tenant."""

    name: str
    namespaces: tuple[str, ...]
    node_role: str
    instance_profile: str | None  # 0.31: None when the tenant uses karpenter.defaultInstanceProfile


@dataclass(frozen=True)
class ClusterWide:
    site: Site
    tenants: tuple[TenantFacts, ...]  # by name

    def config(self) -> ClusterFile:
        """The settings with TenantFacts for tenants (not validated again: they come from a validated file)."""
        return self.site.settings.model_copy(update={"tenants": list(self.tenants)})


@dataclass(frozen=True)
class TenantPart:
    site: Site
    tenant: Tenant


def project(cluster: LoadedCluster) -> tuple[ClusterWide, list[TenantPart]]:
    """The cluster's parts' inputs: the cluster-wide part's and one per tenant, by tenant name."""
    config = cluster.config
    site = Site(cluster.key, cluster.gitops_path, cluster.source.name, config.model_copy(update={"tenants": []}))
    tenants = config.sorted_tenants()
    facts = tuple(
        TenantFacts(t.name, tuple(t.namespaces), config.node_role(t), config.instance_profile(t)) for t in tenants
    )
    return ClusterWide(site, facts), [TenantPart(site, t) for t in tenants]


def _model_digest(model: Any) -> str:
    """A pydantic model's fields as written: which were set (block_devices reads model_fields_set) and their
    validated values. That is all of it: a section's validated value is a function of what was written
    there, the Karpenter generation its validators read from the context (the cluster-level settings, in
    every part's fingerprint) and the code (the cache's code fingerprint); no validator reads another
    tenant or writes a field that was not set. Its unset fields' defaults follow from the same, so
    dumping them too (as this did) cost 10 ms a run at 1,000 tenants for nothing."""
    return hashlib.sha256(model.model_dump_json(exclude_unset=True).encode()).hexdigest()


def site_fingerprint(site: Site) -> str:
    return hashlib.sha256(
        "\0".join([site.key, site.gitops_path, site.source_name, _model_digest(site.settings)]).encode()
    ).hexdigest()


def part_fingerprint(site: str, part: ClusterWide | TenantPart) -> str:
    """site: site_fingerprint(part.site). Exactly the part's projection."""
    if isinstance(part, TenantPart):
        projection = _model_digest(part.tenant)
    else:
        projection = repr([(t.name, t.namespaces, t.node_role, t.instance_profile) for t in part.tenants])
    return hashlib.sha256(f"{site}\0{projection}".encode()).hexdigest()


class SharedCharts:
    """The charts several parts add objects to, made on first use from the site alone (their labels, the
    GitOps settings): the tenants' chart and the chart of the stages' appliers."""

    def __init__(self, site: Site) -> None:
        self.site = site
        self._tenants: TenantsChart | None = None
        self._stages: FluxStagesChart | ArgoCdAppsChart | None = None

    @property
    def tenants(self) -> TenantsChart:
        if self._tenants is None:
            from charts.tenant_chart import TenantsChart

            self._tenants = TenantsChart("tenants")
        return self._tenants

    @property
    def stages(self) -> FluxStagesChart | ArgoCdAppsChart:
        if self._stages is None:
            site = self.site
            common = {"config": site.settings, "key": site.key, "gitops_path": site.gitops_path}
            if site.settings.gitops.engine == "argocd":
                from charts.argocd_chart import ArgoCdAppsChart

                self._stages = ArgoCdAppsChart("argocd-apps", **common)
            else:
                from charts.flux_chart import FluxStagesChart

                self._stages = FluxStagesChart("flux-stages", **common)
        return self._stages

    @property
    def stages_folder(self) -> str:
        return self.stages.folder


def build_cluster_wide(part: ClusterWide, shared: SharedCharts) -> tuple[dict[str, TypedChart], list[ChartOutput]]:
    """The cluster-wide part's charts by folder, and its objects by folder."""
    from charts.karpenter_chart import BaseChart  # cdk8s-plus-33's structs: only the cluster-wide part needs them
    from charts.stages import cluster_stages
    from charts.typed_objects import chart_json

    site, config = part.site, part.config()
    common = {"config": config, "key": site.key, "gitops_path": site.gitops_path}
    folders: dict[str, TypedChart] = {"base": BaseChart("base", config=config)}
    stages = cluster_stages(config)
    if config.gitops.engine == "argocd":
        from charts.argocd_chart import ArgoCdRootChart

        folders["argocd"] = ArgoCdRootChart("argocd", **common)
    else:
        from charts.flux_chart import FluxRootChart, stage_folder
        from charts.flux_helm_chart import FluxHelmChart

        for stage in stages:
            if stage.chart is not None:
                folders[stage_folder(stage)] = FluxHelmChart(stage.chart.chart, config=config, install=stage.chart)
        folders["flux"] = FluxRootChart("flux", **common)
    outputs = [ChartOutput(folder, chart_json(chart)) for folder, chart in folders.items()]
    appliers = [shared.stages.add(stage) for stage in stages]
    outputs.append(ChartOutput(shared.stages_folder, [applier.to_json() for applier in appliers]))
    return folders, outputs


def build_tenant(part: TenantPart, shared: SharedCharts) -> list[ChartOutput]:
    """A tenant part's objects by folder."""
    from charts.stages import tenant_stage

    tenant = part.tenant
    pool = shared.tenants.add(part.site.settings, tenant)
    applier = shared.stages.add(tenant_stage(tenant.name))
    return [
        ChartOutput(f"tenants/{tenant.name}", [pool.node_class.to_json(), pool.node_pool.to_json()]),
        ChartOutput(shared.stages_folder, [applier.to_json()]),
    ]


class ClusterCharts:
    """Every part of one cluster built: the charts by folder (`folders`, the shared stages chart under its
    folder), the tenants' chart (`tenants`), and `outputs()`: every object by folder."""

    def __init__(self, cluster: LoadedCluster) -> None:
        wide, tenants = project(cluster)
        shared = SharedCharts(wide.site)
        self.folders, self._outputs = build_cluster_wide(wide, shared)
        for part in tenants:
            self._outputs += build_tenant(part, shared)
        self.folders[shared.stages_folder] = shared.stages
        self.tenants = shared.tenants

    def outputs(self) -> list[ChartOutput]:
        by_folder: dict[str, list[dict[str, Any]]] = {}
        for output in self._outputs:
            by_folder.setdefault(output.folder, []).extend(output.objects)
        return [ChartOutput(folder, objects) for folder, objects in sorted(by_folder.items())]
