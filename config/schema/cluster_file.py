"""ClusterFile, the root of one clusters/<name>.yaml, its validators across sections, and whether the cluster enforces
the isolation policy. What is derived from it (node pools, requirements, roles, ...) is config.resolved's.

Part of the cluster config schema (config.schema); imports config only."""

from __future__ import annotations

from pydantic import Field, model_validator

from config.schema.autoscaler import ClusterAutoscaler
from config.schema.base import CONTROL_PLANE_NAMESPACES, FieldProblems, Model
from config.schema.cluster import ClusterConfig
from config.schema.gitops import FLUX_CONTROLLER_ACCOUNTS, GitOpsConfig
from config.schema.iam import IamConfig
from config.schema.karpenter import KarpenterConfig
from config.schema.overlays import Overlay
from config.schema.requirements import Requirements, restricted_requirement_key
from config.schema.tenancy import MIN_KUBERNETES_MINOR, Tenancy
from config.schema.tenant import TENANT_RULES, Tenant, node_pools
from config.versions import Generation


class ClusterFile(Model):
    """One file under clusters/: one EKS cluster, its Karpenter and its tenants."""

    cluster: ClusterConfig = Field(description="The EKS cluster. Required.")
    gitops: GitOpsConfig = Field(default_factory=GitOpsConfig, description="How dist/ is synced. Default: Flux.")
    karpenter: KarpenterConfig = Field(description="The Karpenter installation. Required.")
    tenancy: Tenancy = Field(default_factory=Tenancy, description="How tenants' nodes are told apart.")
    iam: IamConfig = Field(default_factory=IamConfig, description="Existing IAM, permissions boundary, name prefix.")
    cluster_autoscaler: ClusterAutoscaler | None = Field(
        default=None,
        description="While moving from cluster-autoscaler: whether it still runs and which node groups move to which "
        "tenant (docs/cluster-autoscaler.md). Default none (no cluster-autoscaler).",
    )
    overlays: list[Overlay] = Field(
        default_factory=list,
        description="1.x >= 1.7: cluster-wide NodeOverlays, e.g. an enterprise discount on every instance: NodeOverlay "
        "`<name>` for every NodePool of the cluster (also those this product does not write; a `karpenter.sh/nodepool` "
        "requirement narrows it), applied after the controller (stage `karpenter-overlays`); synth turns on the "
        "`nodeOverlay` feature gate. A tenant's own overlays win where their weight is higher. Default none.",
    )
    tenants: list[Tenant] = Field(default_factory=list, description="The customers. Default none.")

    # Derived values, resolved once here so every chart agrees.

    @property
    def generation(self) -> Generation:
        return self.karpenter.parsed_version.generation

    # What is derived from these sections is config.resolved's (resolve(config)), computed once.

    @model_validator(mode="after")
    def _node_pool_names_unique(self) -> ClusterFile:
        """A pool's NodePool `<tenant>-<pool>` may not be another tenant's or pool's (tenant a's pool b and tenant a-b)."""
        owners: dict[str, str] = {}
        problems: list[tuple[tuple[str | int, ...], str]] = []
        pool_fields = {"requirements", "limits", "weight", "disruption", "labels", "taints", "replicas"}
        for index, tenant in enumerate(self.tenants):
            for position, (name, pool, as_seen) in enumerate(node_pools(tenant)):
                if pool is not None:  # the tenant's own rules, on what the pool sets (the tenant's were checked)
                    problems += [
                        (("tenants", index, "pools", position, *path), rule.message)
                        for rule in TENANT_RULES if rule.generation in (None, self.generation)
                        for path in rule.where(as_seen) if path and path[0] in pool_fields
                        and str(path[0]) in tenant.pools[position].model_fields_set
                    ]
                owner = f"tenant {tenant.name}" + (f"'s pool {pool}" if pool else "")
                if pool is not None and len(name) > 63:
                    problems.append((("tenants", index, "pools", position, "name"), (
                        f"NodePool {name!r} is {len(name)} characters: Karpenter labels its nodes karpenter.sh/nodepool "
                        "with it, and label values are at most 63; shorten the pool or tenant name")))
                other = owners.setdefault(name, owner)
                if other != owner:
                    path: tuple[str | int, ...] = ("tenants", index, "pools", position, "name") if pool else ("tenants", index, "name")
                    problems.append((path, f"NodePool {name!r} of {owner} is also {other}'s: rename the pool or the tenant"))
        if problems:
            raise FieldProblems(problems)
        return self

    @model_validator(mode="after")
    def _static_pools_fit_the_release(self) -> ClusterFile:
        """replicas (static NodePools) arrived in Karpenter 1.8.0 behind the StaticCapacity gate, which synth turns on."""
        static = [(index, tenant) for index, tenant in enumerate(self.tenants)
                  if any(pool.replicas is not None for _, _, pool in node_pools(tenant))]
        if not static or self.generation is not Generation.V1:
            return self
        version = self.karpenter.parsed_version
        problems: list[tuple[tuple[str | int, ...], str]] = []
        if (version.major, version.minor) < (1, 8):
            problems += [(("tenants", index, "replicas"), (
                f"static node pools (replicas) need Karpenter >= 1.8.0; this cluster pins {version}")) for index, _ in static]
        if self.karpenter.feature_gates.get("staticCapacity") is False:
            problems.append((("karpenter", "featureGates", "staticCapacity"), (
                "tenant " + static[0][1].name + " has a static node pool (replicas), which Karpenter ignores with this "
                "gate off: remove staticCapacity: false (synth turns it on)")))
        if problems:
            raise FieldProblems(problems)
        return self

    @model_validator(mode="after")
    def _overlays_fit_the_release(self) -> ClusterFile:
        with_overlays: list[tuple[str | int, ...]] = [("overlays",)] if self.overlays else []
        with_overlays += [("tenants", index, "overlays") for index, t in enumerate(self.tenants)
                          if isinstance(t, Tenant) and t.overlays]
        if not with_overlays:
            return self
        if self.generation is not Generation.V1:
            if self.overlays:  # a tenant's are refused by its TenantRule
                raise FieldProblems([(("overlays",), "overlays (NodeOverlay) need Karpenter >= 1.7")])
            return self
        version, problems = self.karpenter.parsed_version, []
        if (version.major, version.minor) < (1, 7):
            problems += [(path, f"NodeOverlays need Karpenter >= 1.7.0; this cluster pins {version}") for path in with_overlays]
        if self.karpenter.feature_gates.get("nodeOverlay") is False:
            problems.append((("karpenter", "featureGates", "nodeOverlay"), (
                "overlays are set, which Karpenter ignores with this gate off: remove nodeOverlay: false (synth "
                "turns it on)")))
        owners: dict[str, str] = {}
        lists = [(("overlays",), "", self.overlays)] + [(("tenants", index, "overlays"), f"{t.name}-", t.overlays)
                                                         for index, t in enumerate(self.tenants) if isinstance(t, Tenant)]
        for path, prefix, overlays in lists:
            seen: set[str] = set()
            for position, overlay in enumerate(overlays):
                name, where = prefix + overlay.name, ".".join(map(str, path)) + f"[{position}]"
                if overlay.name in seen:
                    problems.append(((*path, position, "name"), f"overlay {overlay.name!r} is listed twice"))
                elif name in owners:
                    problems.append(((*path, position, "name"), f"NodeOverlay {name!r} is also {owners[name]}'s: "
                                     "rename one (NodeOverlays are cluster-wide)"))
                seen.add(overlay.name)
                owners.setdefault(name, where)
        if problems:
            raise FieldProblems(problems)
        return self

    @model_validator(mode="after")
    def _requirement_keys_the_crds_accept(self) -> ClusterFile:
        """Raw requirements (requirements.extra, overlays' requirements) on a key of Karpenter's own label domains that
        the 1.x NodePool or NodeOverlay CRD refuses are refused here, at the line that has them."""
        if self.generation is not Generation.V1:
            return self
        found: list[tuple[tuple[str | int, ...], str, str]] = []  # (path of the requirement, key, kind)
        for index, tenant in enumerate(self.tenants):
            if not isinstance(tenant, Tenant):
                continue
            sections: list[tuple[tuple[str | int, ...], Requirements | None]] = [(("tenants", index), tenant.requirements)]
            sections += [(("tenants", index, "pools", i), pool.requirements) for i, pool in enumerate(tenant.pools)]
            for path, requirements in sections:
                found += [((*path, "requirements", "extra", i), r.key, "NodePool")
                          for i, r in enumerate(requirements.extra if requirements is not None else [])]
            found += [(("tenants", index, "overlays", o, "requirements", i), r.key, "NodeOverlay")
                      for o, overlay in enumerate(tenant.overlays) for i, r in enumerate(overlay.requirements)]
        found += [(("overlays", o, "requirements", i), r.key, "NodeOverlay")
                  for o, overlay in enumerate(self.overlays) for i, r in enumerate(overlay.requirements)]
        problems = [((*path, "key"), why) for path, key, kind in found
                    if (why := restricted_requirement_key(key, kind)) is not None]
        if problems:
            raise FieldProblems(problems)
        return self

    @model_validator(mode="after")
    def _balanced_fits_the_release(self) -> ClusterFile:
        """The Balanced consolidation policy arrived in Karpenter 1.14.0."""
        if self.generation is not Generation.V1:
            return self
        version = self.karpenter.parsed_version
        if (version.major, version.minor) >= (1, 14):
            return self
        problems: list[tuple[tuple[str | int, ...], str]] = []
        for index, tenant in enumerate(self.tenants):
            if not isinstance(tenant, Tenant):
                continue
            where = [("disruption",)] + [("pools", i, "disruption") for i, pool in enumerate(tenant.pools)
                                          if pool.disruption is not None]
            for path in where:
                disruption = tenant.disruption if len(path) == 1 else tenant.pools[path[1]].disruption  # type: ignore[index]
                if disruption is not None and disruption.consolidation_policy == "Balanced":
                    problems.append((("tenants", index, *path, "consolidationPolicy"), (
                        f"consolidationPolicy Balanced needs Karpenter >= 1.14.0; this cluster pins {version}")))
        if problems:
            raise FieldProblems(problems)
        return self

    @model_validator(mode="after")
    def _buffers_fit_the_release(self) -> ClusterFile:
        """CapacityBuffers arrived in Karpenter 1.14.0 behind the CapacityBuffer gate, which synth turns on."""
        with_buffers = [index for index, t in enumerate(self.tenants) if isinstance(t, Tenant) and t.buffers]
        if not with_buffers or self.generation is not Generation.V1:
            return self
        version, problems = self.karpenter.parsed_version, []
        if (version.major, version.minor) < (1, 14):
            problems += [(("tenants", index, "buffers"), f"CapacityBuffers need Karpenter >= 1.14.0; this cluster pins "
                          f"{version}") for index in with_buffers]
        if self.karpenter.feature_gates.get("capacityBuffer") is False:
            problems.append((("karpenter", "featureGates", "capacityBuffer"), (
                "a tenant has buffers, which Karpenter ignores with this gate off: remove capacityBuffer: false (synth "
                "turns it on)")))
        if problems:
            raise FieldProblems(problems)
        return self

    @model_validator(mode="after")
    def _one_autoscaler_per_pod(self) -> ClusterFile:
        """cluster-autoscaler and Karpenter must not both add nodes for the same pending pods: while it runs, a tenant
        may take over a node group only once cluster-autoscaler ignores that group (cdk-eks-blueprints refuses the
        two together outright; upstream's migration guide scales cluster-autoscaler down first)."""
        moving = self.cluster_autoscaler
        if moving is None:
            return self
        tenants = {t.name for t in self.tenants}
        problems: list[tuple[tuple[str | int, ...], str]] = []
        seen: dict[str, int] = {}
        for index, group in enumerate(moving.node_groups):
            path = ("clusterAutoscaler", "nodeGroups", index)
            if group.name in seen:
                problems.append(((*path, "name"), f"node group {group.name!r} is listed twice (also nodeGroups[{seen[group.name]}])"))
            seen.setdefault(group.name, index)
            if group.name == self.karpenter.controller.node_group:
                problems.append(((*path, "name"), (
                    f"{group.name!r} runs the Karpenter controller (karpenter.controller.nodeGroup): it stays a node "
                    "group Karpenter does not manage; keep it out of the move")))
            if moving.running and not group.ignored and group.tenant in tenants:
                problems.append(((*path, "ignored"), (
                    f"cluster-autoscaler still scales node group {group.name!r} while tenant {group.tenant}'s node pool "
                    "serves the same pods: both would add nodes for every pending pod. Make cluster-autoscaler ignore "
                    "the group first (docs/cluster-autoscaler.md step 2), then set ignored: true"
                )))
        if problems:
            raise FieldProblems(problems)
        return self

    @model_validator(mode="after")
    def _flux_applier_is_not_the_controller(self) -> ClusterFile:
        name, flux = self.gitops.flux.service_account_name, self.gitops.flux
        if name is None or self.gitops.engine != "flux":
            return self
        path = ("gitops", "flux", "serviceAccountName")
        if name == self.karpenter.service_account:
            raise FieldProblems([(path, (
                f"{name!r} is the Karpenter controller's ServiceAccount (karpenter.serviceAccount); the appliers' "
                "account is bound to cluster-admin: give it a name of its own, e.g. karpenter-applier"))])
        if name in FLUX_CONTROLLER_ACCOUNTS:
            raise FieldProblems([(path, (
                f"{name!r} is a Flux controller's own ServiceAccount, which `flux bootstrap` owns: synth would write it "
                "(and remove it with the setting); give the appliers' account a name of its own, e.g. flux-applier"))])
        if self.karpenter.namespace == flux.namespace:
            raise FieldProblems([(("karpenter", "namespace"), (
                f"{flux.namespace!r} is also gitops.flux.namespace: with serviceAccountName the appliers' account would "
                "be written twice there (beside the root and in base/); install Karpenter in a namespace of its own"))])
        return self

    @model_validator(mode="after")
    def _chart_source_fits_engine(self) -> ClusterFile:
        if self.gitops.engine == "argocd" and self.karpenter.chart_source.verify is not None:
            raise FieldProblems([(("karpenter", "chartSource", "verify"), (
                "Argo CD cannot verify chart signatures: it checks GnuPG signatures of Git commits only, not cosign "
                "signatures of Helm OCI charts; remove verify and pin karpenter.chartSource.digests instead (or use "
                "gitops.engine flux)"
            ))])
        return self

    @model_validator(mode="after")
    def _namespaces_belong_to_one_tenant(self) -> ClusterFile:
        always = set(always_exempt_namespaces(self.karpenter, self.gitops))
        configured = set(self.tenancy.exempt_namespaces)
        owners: dict[str, list[tuple[int, int, str]]] = {}
        problems: list[tuple[tuple[str | int, ...], str]] = []
        for index, tenant in enumerate(self.tenants):
            for position, namespace in enumerate(tenant.namespaces):
                path = ("tenants", index, "namespaces", position)
                if namespace in always:
                    problems.append((path, f"tenant {tenant.name}: namespace {namespace!r} is a system, Karpenter or GitOps namespace"))
                elif namespace in configured:
                    problems.append((path, (
                        f"tenant {tenant.name}: namespace {namespace!r} is also in tenancy.exemptNamespaces, which "
                        "the isolation policy does not check; remove it from one of the two"
                    )))
                owners.setdefault(namespace, []).append((index, position, tenant.name))
        for namespace, listed in owners.items():
            if len(listed) > 1:
                index, position, _ = listed[-1]
                problems.append((("tenants", index, "namespaces", position), (
                    f"namespace {namespace!r} is listed by tenants {', '.join(t for _, _, t in listed)}; a namespace "
                    "belongs to one tenant"
                )))
        if problems:
            raise FieldProblems(problems)
        return self

    def sorted_tenants(self) -> list[Tenant]:
        """Tenants by name: output never depends on their order in the file."""
        return sorted(self.tenants, key=lambda tenant: tenant.name)


def gitops_namespace(gitops: GitOpsConfig) -> str:
    """The GitOps engine's namespace."""
    argocd = gitops.argocd
    return argocd.namespace if gitops.engine == "argocd" and argocd is not None else gitops.flux.namespace


def always_exempt_namespaces(karpenter: KarpenterConfig, gitops: GitOpsConfig) -> list[str]:
    """Namespaces the isolation policy never checks: the control plane's, Karpenter's, the GitOps engine's."""
    return sorted({*CONTROL_PLANE_NAMESPACES, karpenter.namespace, gitops_namespace(gitops)})


def isolation_supported(config: ClusterFile) -> bool:
    """Whether the cluster's Kubernetes enforces the isolation ValidatingAdmissionPolicy (1.30 and newer)."""
    return int(config.cluster.kubernetes_version.split(".")[1]) >= MIN_KUBERNETES_MINOR
