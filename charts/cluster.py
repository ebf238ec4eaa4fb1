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

Each part is a construct tree of its own (charts.parts: ClusterWideCharts, TenantCharts) in its own cdk8s
App, serialised by cdk8s. Nothing here imports cdk8s at module level: projecting and fingerprinting a config
starts no Node.js, so a synth with nothing to build never starts it.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from config.loader import LoadedCluster
from config.model import ClusterFile, Tenant

if TYPE_CHECKING:
    from charts.extensions import Extensions

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
    static: bool = False  # a node pool of it is static (replicas): the chart's StaticCapacity gate goes on
    overlays_set: bool = False  # it has NodeOverlays: the chart's NodeOverlay gate goes on
    buffers_set: bool = False  # it has CapacityBuffers: the chart's CapacityBuffer gate goes on


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
        TenantFacts(t.name, tuple(t.namespaces), config.node_role(t), config.instance_profile(t),
                    any(pool.replicas is not None for _, _, pool in config.node_pools(t)), bool(t.overlays),
                    bool(t.buffers)) for t in tenants
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
        projection = repr([(t.name, t.namespaces, t.node_role, t.instance_profile, t.static, t.overlays_set,
                           t.buffers_set)
                           for t in part.tenants])
    return hashlib.sha256(f"{site}\0{projection}".encode()).hexdigest()


# --- building a part -------------------------------------------------------------------------------------
# Each part is its own cdk8s App: cdk8s's Chart.toJson() resolves and validates the whole App it is in, so one
# App holding every tenant's charts would make synth quadratic in the tenants (docs/performance.md). Building a
# part imports cdk8s (charts.parts), which starts jsii's Node.js runtime: only a run that builds a part pays it.


def build_part(part: ClusterWide | TenantPart, extensions: Extensions) -> list[ChartOutput]:
    """A part's objects by folder: its construct tree built in an App of its own, the extensions called, and each
    chart serialised by cdk8s (Chart.toJson)."""
    from cdk8s import App

    from charts.parts import ClusterWideCharts, TenantCharts

    app = App()
    if isinstance(part, TenantPart):
        extensions.extend_tenant(TenantCharts(app, part.tenant.name, part=part))
    else:
        extensions.extend_base(ClusterWideCharts(app, part.site.key, part=part))
    return app_outputs(app)


def app_outputs(app: Any) -> list[ChartOutput]:
    """Every chart of an App serialised by cdk8s, with the folder it goes to (charts.folder)."""
    from charts.folder import folder_of

    outputs = []
    for chart in app.charts:
        folder = folder_of(chart)
        if folder is None:
            raise ChartError(
                f"chart {chart.node.path}: its objects have no folder in dist/: add constructs to a chart synth made "
                "(a tenant's `chart`, the cluster's `base`) or nest your Chart inside one"
            )
        objects = chart.to_json()
        if objects:
            outputs.append(ChartOutput(folder, objects))
    return outputs


class ChartError(Exception):
    """A construct tree synth cannot write (an extension's chart outside every folder, two objects for one file)."""


def cluster_outputs(cluster: LoadedCluster, extensions: Extensions | None = None) -> list[ChartOutput]:
    """Every part of one cluster built: every object by folder, the folders in order."""
    from charts.extensions import active

    extensions = extensions if extensions is not None else active()
    wide, tenants = project(cluster)
    by_folder: dict[str, list[dict[str, Any]]] = {}
    for part in [wide, *tenants]:
        for output in build_part(part, extensions):
            by_folder.setdefault(output.folder, []).extend(output.objects)
    return [ChartOutput(folder, objects) for folder, objects in sorted(by_folder.items())]
