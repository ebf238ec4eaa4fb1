"""One cluster's output in parts, each built from an explicit projection of its config, and what each part's
cache key hashes (synthesis.incremental).

- The cluster-wide part (id WIDE): `base/`, the Karpenter chart stages (Flux: `karpenter-crd/`, `karpenter/`),
  the applier root (`flux/` or `argocd/`) and the appliers of the stages before the node pools (in
  `flux/stages/` or `argocd/apps/`), and `aws.json` (synthesis.render). Its input is a charts.part_inputs.ClusterWide:
  the cluster-level settings and, of each tenant, only its TenantFacts.
- One part per tenant (id: the tenant's name): `tenants/<tenant>/` (node pool and node class) and the tenant's
  applier (the Flux Kustomization or Argo CD Application `<key>-nodepool-<tenant>`). Its input is a
  charts.part_inputs.TenantPart: the cluster-level settings (whose `tenants` is empty) and that one tenant,
  resolved (config.resolved.ResolvedTenant), which is what its charts take and its fingerprint hashes.

Each folder's kustomization.yaml lists the object files the parts put in it (synthesis.render), so it follows
from the parts' outputs and reads no config. synthesis.incremental fingerprints each part by exactly its
projection: a part whose projection and files are unchanged is not built.

Nothing here imports cdk8s at module level: projecting and fingerprinting a config starts no Node.js, so a synth
with nothing to build never starts it. Imports config and charts only.
"""

from __future__ import annotations

import dataclasses
import hashlib
from typing import TYPE_CHECKING, Any

from karpenter_tenants.charts.cluster import ChartOutput
from karpenter_tenants.charts.part_inputs import ClusterWide, Site, TenantPart
from karpenter_tenants.config.loader import LoadedCluster
from karpenter_tenants.config.resolved import ResolvedTenant, facts_of, resolve

if TYPE_CHECKING:
    from karpenter_tenants.charts.extensions import Extensions

WIDE = ""  # the cluster-wide part's id; a tenant part's is its tenant's name


def site_of(cluster: LoadedCluster) -> Site:
    """What every part of the cluster shares: its key, GitOps path, file name and cluster-level settings."""
    config = cluster.config
    return Site(cluster.key, cluster.gitops_path, cluster.source.name, config.model_copy(update={"tenants": []}))


def project(cluster: LoadedCluster) -> tuple[ClusterWide, list[TenantPart]]:
    """The cluster's parts' inputs: the cluster-wide part's and one per tenant, by tenant name."""
    site = site_of(cluster)
    resolved = [resolve(cluster.config).tenant(t) for t in cluster.config.sorted_tenants()]
    return ClusterWide(site, tuple(facts_of(r) for r in resolved)), [TenantPart(site, r) for r in resolved]


def raw_tenant_keys(cluster: LoadedCluster, site: str) -> dict[str, str]:
    """Per tenant name, a key of the tenant as written in the file (before validation) and of site (its
    site_fingerprint): a tenant part's projection, so its fingerprint and facts, is a function of the two (and
    of the code, which the cache is sealed with): a tenant validates against the cluster-level settings alone and
    resolves against them alone (part_fingerprint's premise). synthesis.incremental reuses the recorded fingerprint
    of a tenant whose key is unchanged instead of validating its projection again (a third of a one-tenant
    synth at 1,000 tenants). Empty when the document's tenants cannot be matched to the validated ones."""
    raw = cluster.raw.get("tenants") if isinstance(cluster.raw, dict) else None
    tenants = cluster.config.tenants
    if not isinstance(raw, list) or len(raw) != len(tenants):
        return {}
    keys = {}
    for written, tenant in zip(raw, tenants, strict=True):
        if not isinstance(written, dict) or written.get("name") != tenant.name or tenant.name in keys:
            return {}
        # repr: exact for what a YAML document holds (1, "1", 1.0 and true differ), in the order written (another
        # order is another key: the tenant is projected again, never wrongly reused).
        keys[tenant.name] = hashlib.sha256(f"{site}\0{written!r}".encode()).hexdigest()
    return keys


def _model_digest(model: Any) -> str:
    """A pydantic model's fields as written: which were set (block_devices reads model_fields_set) and their
    validated values. That is all of it: a section's validated value is a function of what was written
    there, the Karpenter generation its validators read from the context (the cluster-level settings, in
    every part's fingerprint) and the code (the cache's code fingerprint); no validator reads another
    tenant or writes a field that was not set. Its unset fields' defaults follow from the same, so
    dumping them too (as this did) cost 10 ms a run at 1,000 tenants for nothing."""
    return hashlib.sha256(model.model_dump_json(exclude_unset=True).encode()).hexdigest()


def _resolved_digest(tenant: ResolvedTenant) -> str:
    """What a tenant's charts are given: the tenant as written (its node pools' settings are copies of it with the
    pools' fields) and every value resolved from it and the cluster-level settings."""
    derived = {
        "node_pools": [(p.name, p.pool, p.requirements, p.taints, sorted(p.labels.items())) for p in tenant.node_pools],
        "values": (
            tenant.requirements,
            tenant.taints,
            sorted(tenant.labels.items()),
            sorted(tenant.tags.items()),
            tenant.ami_alias,
            tenant.ami_family,
            tenant.node_role,
            tenant.instance_profile,
            sorted(tenant.object_labels.items()),
        ),
        "models": [
            [m.model_dump_json() for m in models]
            for models in (tenant.block_devices, tenant.subnet_selector, tenant.security_group_selector)
        ],
    }
    return hashlib.sha256(f"{_model_digest(tenant.tenant)}\0{derived!r}".encode()).hexdigest()


def site_fingerprint(site: Site) -> str:
    return hashlib.sha256(
        "\0".join([site.key, site.gitops_path, site.source_name, _model_digest(site.settings)]).encode()
    ).hexdigest()


def part_fingerprint(site: str, part: ClusterWide | TenantPart) -> str:
    """site: site_fingerprint(part.site). Exactly the part's projection."""
    if isinstance(part, TenantPart):
        projection = _resolved_digest(part.tenant)
    else:
        projection = repr([dataclasses.astuple(t) for t in part.tenants])  # every fact the cluster-wide part reads
    return hashlib.sha256(f"{site}\0{projection}".encode()).hexdigest()


def cluster_outputs(cluster: LoadedCluster, extensions: Extensions | None = None) -> list[ChartOutput]:
    """Every part of one cluster built (charts.cluster.build_part): every object by folder, the folders in order."""
    from karpenter_tenants.charts.cluster import build_part
    from karpenter_tenants.charts.extensions import active

    extensions = extensions if extensions is not None else active()
    wide, tenants = project(cluster)
    by_folder: dict[str, list[dict[str, Any]]] = {}
    parts: list[ClusterWide | TenantPart] = [wide, *tenants]
    for part in parts:
        for output in build_part(part, extensions):
            by_folder.setdefault(output.folder, []).extend(output.objects)
    return [ChartOutput(folder, objects) for folder, objects in sorted(by_folder.items())]
