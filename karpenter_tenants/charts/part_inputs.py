"""What each part of a cluster's output is built from: the typed props of the part constructs (charts.parts).

- `ClusterWide` (ClusterWideCharts' props): `Site`, the cluster-level settings (the config without its tenants),
  and, of each tenant, only its `TenantFacts` (name, namespaces, node role, instance profile, which gates it
  needs): what the isolation policy's namespace map, the gates and aws.json read. Its `config()` is a ClusterFile
  whose `tenants` are those TenantFacts, so a chart reading any other setting of a tenant raises AttributeError
  instead of going unnoticed.
- `TenantPart` (TenantCharts' props): the Site (whose settings have no tenants) and that one tenant, resolved
  (config.resolved.ResolvedTenant), as the tenant's charts take it.

How a loaded cluster is split into these, and what each part's cache key hashes, is synth's (synth.parts).
Owns no cdk8s: importing it starts no Node.js. Imports config only."""

from __future__ import annotations

from dataclasses import dataclass

from karpenter_tenants.config.resolved import ResolvedTenant
from karpenter_tenants.config.schema.cluster_file import ClusterFile


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
    tenant: ResolvedTenant
