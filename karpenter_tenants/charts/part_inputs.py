"""What each part of a cluster's output is built from: the typed props of the part constructs (charts.parts).

- `ClusterWide` (ClusterWideCharts' props): `Site`, the cluster-level settings (the config without its tenants),
  and, of each tenant, only its `TenantFacts` (config.resolved: name, namespaces, node role, instance profile, which
  gates it needs): what the isolation policy's namespace map, the gates and aws.json read. Its `config()` is the
  settings, no tenant in them, whose resolution (`resolve(config).tenants`) carries those facts: a chart can read
  nothing else of a tenant.
- `TenantPart` (TenantCharts' props): the Site (whose settings have no tenants) and that one tenant, resolved
  (config.resolved.ResolvedTenant), as the tenant's charts take it.

How a loaded cluster is split into these, and what each part's cache key hashes, is synth's (synthesis.parts).
Owns no cdk8s: importing it starts no Node.js. Imports config only."""

from __future__ import annotations

from dataclasses import dataclass

from karpenter_tenants.config.resolved import ResolvedTenant, TenantFacts, with_tenants
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
class ClusterWide:
    site: Site
    tenants: tuple[TenantFacts, ...]  # by name

    def config(self) -> ClusterFile:
        """The settings (no tenants), resolving with these tenants' facts (config.resolved.with_tenants)."""
        return with_tenants(self.site.settings, self.tenants)


@dataclass(frozen=True)
class TenantPart:
    site: Site
    tenant: ResolvedTenant
