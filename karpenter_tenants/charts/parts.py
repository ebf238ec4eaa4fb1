"""The construct of each part of a cluster's output (built by charts.cluster.build_part): `ClusterWideCharts` and `TenantCharts`.

Both are plain cdk8s Constructs whose children are the part's charts (each a objects.folder.FolderChart, written
to its folder of dist/<cluster>/). A platform team adds its own constructs to them through extensions
(charts.extensions, docs/extending.md): `cluster.base` and `tenant.chart` are ordinary cdk8s Charts."""

from __future__ import annotations

from constructs import Construct

from karpenter_tenants.charts.base_chart import BaseChart
from karpenter_tenants.charts.part_inputs import ClusterWide, TenantPart
from karpenter_tenants.charts.tenant_chart import TenantChart
from karpenter_tenants.kinds.buffer.construct import TenantBuffersChart
from karpenter_tenants.kinds.gitops.engine import StagesChart, engine_of
from karpenter_tenants.kinds.gitops.stages import cluster_stages, tenant_stages
from karpenter_tenants.kinds.overlay.construct import ClusterOverlaysChart
from karpenter_tenants.kinds.quota.construct import TenantQuotaChart


class ClusterWideCharts(Construct):
    """The cluster-wide part of one cluster (construct id: the cluster's key). Its charts:

    - `base` (BaseChart, `base/`): namespace, service account, network policy, FlowSchemas, isolation policies;
    - with top-level `overlays`, `overlays` (ClusterOverlaysChart, `overlays/`): the cluster-wide NodeOverlays;
    - what the engine needs per Karpenter chart stage (Flux: a FluxHelmChart in `karpenter-crd/` on 1.x and in
      `karpenter/`; Argo CD: nothing);
    - `root`: the applier root (construct id and folder: the engine's, `flux/` or `argocd/`), applied once by hand;
    - `stages`: the appliers of the stages before the node pools (`flux/stages/` or `argocd/apps/`).

    Every engine's charts come from kinds.gitops.engine (engine_of: the cluster file's gitops.engine).

    part: the cluster-wide projection. `config` is the cluster-level settings (no tenant in them) and `tenants`
    each tenant's TenantFacts (name, namespaces, node role, instance profile, gates), which is also what
    `resolve(config).tenants` gives the charts: what the part reads of tenants is what its fingerprint covers."""

    def __init__(self, scope: Construct, id: str, *, part: ClusterWide) -> None:
        super().__init__(scope, id)
        site, config = part.site, part.config()
        self.part, self.site, self.config, self.tenants = part, site, config, part.tenants
        self.base = BaseChart(self, "base", config=config)
        self.overlays = ClusterOverlaysChart(self, "overlays", config=config) if config.overlays else None
        stages, engine = cluster_stages(config), engine_of(config)
        engine.chart_stage_charts(self, config=config, stages=stages)
        self.root = engine.root_chart(self, config=config, key=site.key, gitops_path=site.gitops_path)
        self.stages: StagesChart = engine.stages_chart(
            self, "stages", config=config, key=site.key, gitops_path=site.gitops_path
        )
        for stage in stages:
            self.stages.add(stage)


class TenantCharts(Construct):
    """One tenant's part of a cluster (construct id: the tenant's name). Its charts:

    - `chart` (TenantChart, `tenants/<tenant>/`): the tenant's node pool, and what tenant extensions add;
    - `applier`: the tenant's Flux Kustomization or Argo CD Application `<key>-nodepool-<tenant>`, in the
      stages' folder.

    part: the cluster-level settings (`config`, without tenants) and this one tenant (`tenant`, its config; `resolved`,
    config.resolved.ResolvedTenant, which the charts take)."""

    def __init__(self, scope: Construct, id: str, *, part: TenantPart) -> None:
        super().__init__(scope, id)
        self.part, self.site, self.config, self.tenant = part, part.site, part.site.settings, part.tenant.tenant
        self.resolved = part.tenant
        self.chart = TenantChart(self, "node-pool", config=self.config, tenant=part.tenant)
        self.applier: StagesChart = engine_of(self.config).stages_chart(
            self, "applier", config=self.config, key=part.site.key, gitops_path=part.site.gitops_path
        )
        for stage in tenant_stages(self.tenant):
            self.applier.add(stage)
        self.quota = TenantQuotaChart(self, "quota", tenant=part.tenant) if self.tenant.quota else None
        self.buffers = TenantBuffersChart(self, "buffers", tenant=part.tenant) if self.tenant.buffers else None
