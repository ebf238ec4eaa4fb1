"""The rules across a cluster file's sections (what no one section can check alone), each a function of the file
returning its problems as (path, message) pairs, in CLUSTER_RULES' order: ClusterFile's one model validator runs
them in that order and reports the first rule's problems that has any (as pydantic stopped at the first failing
validator when each was one), so messages and their order are unchanged.

Rules take the sections (ClusterSections), not a ClusterFile, so they sit below config.schema.cluster_file.

Imports config only (the field table and the engines' facts, both on
config's layer)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from karpenter_tenants.config.gitops_engines import ENGINES, FLUX
from karpenter_tenants.config.node_pool_fields import FIELD, FIELDS
from karpenter_tenants.config.rules import Problem
from karpenter_tenants.config.rules.release_api import ReleaseSections, api_fits_the_release
from karpenter_tenants.config.rules.tenant import TENANT_RULES
from karpenter_tenants.config.schema.autoscaler import ClusterAutoscaler
from karpenter_tenants.config.schema.cluster import ClusterConfig
from karpenter_tenants.config.schema.gitops import FLUX_CONTROLLER_ACCOUNTS, GitOpsConfig, always_exempt_namespaces
from karpenter_tenants.config.schema.iam import IamConfig
from karpenter_tenants.config.schema.requirements import Requirements, restricted_requirement_key
from karpenter_tenants.config.schema.tenancy import Tenancy
from karpenter_tenants.config.schema.tenant import POOL_KEYS, node_pools
from karpenter_tenants.config.versions import Generation


class ClusterSections(ReleaseSections, Protocol):
    """What the rules read: a ClusterFile's sections (karpenter, overlays, tenants and the generation: ReleaseSections)."""

    @property
    def cluster(self) -> ClusterConfig: ...
    @property
    def gitops(self) -> GitOpsConfig: ...
    @property
    def tenancy(self) -> Tenancy: ...
    @property
    def iam(self) -> IamConfig: ...
    @property
    def cluster_autoscaler(self) -> ClusterAutoscaler | None: ...


def node_pool_names_unique(config: ClusterSections) -> list[Problem]:
    """A pool's NodePool `<tenant>-<pool>` may not be another tenant's or pool's (tenant a's pool b and tenant a-b)."""
    owners: dict[str, str] = {}
    problems: list[Problem] = []
    for index, tenant in enumerate(config.tenants):
        for position, (name, pool, as_seen) in enumerate(node_pools(tenant)):
            if pool is not None:  # the tenant's own rules, on what the pool sets (the tenant's were checked)
                problems += [
                    (("tenants", index, "pools", position, *path), rule.message)
                    for rule in TENANT_RULES
                    if rule.generation in (None, config.generation)
                    for path in rule.where(as_seen)
                    if path and path[0] in POOL_KEYS and str(path[0]) in tenant.pools[position].model_fields_set
                ]
            owner = f"tenant {tenant.name}" + (f"'s pool {pool}" if pool else "")
            if pool is not None and len(name) > 63:
                problems.append(
                    (
                        ("tenants", index, "pools", position, "name"),
                        (
                            f"NodePool {name!r} is {len(name)} characters: Karpenter labels its nodes karpenter.sh/nodepool "
                            "with it, and label values are at most 63; shorten the pool or tenant name"
                        ),
                    )
                )
            other = owners.setdefault(name, owner)
            if other != owner:
                field = "nodePoolName" if pool is not None and tenant.pools[position].node_pool_name else "name"
                path: tuple[str | int, ...] = (
                    ("tenants", index, "pools", position, field) if pool else ("tenants", index, "name")
                )
                problems.append(
                    (
                        path,
                        f"NodePool {name!r} of {owner} is also {other}'s: rename the pool or the tenant, "
                        "or give one of them another pools[].nodePoolName",
                    )
                )
    return problems


def fields_fit_the_release(config: ClusterSections) -> list[Problem]:
    """A node pool field on a 1.x release before the one that adds it (config.node_pool_fields: `since`), refused where
    the tenant sets it, with the field's own words; 0.31's refusals are config.rules.tenant's."""
    if config.generation is not Generation.V1:
        return []
    version = config.karpenter.parsed_version
    late = [(field, field.used) for field in FIELDS if field.used is not None and not field.available(version)]
    return [
        (("tenants", index, *path), field.refusal_older(version))
        for index, tenant in enumerate(config.tenants)
        for field, used in late
        for path in used(tenant)
    ]


def static_pools_fit_the_release(config: ClusterSections) -> list[Problem]:
    """replicas (static NodePools) need the StaticCapacity gate, which synth turns on (the release: the field table)."""
    static = [
        (index, tenant)
        for index, tenant in enumerate(config.tenants)
        if any(pool.replicas is not None for _, _, pool in node_pools(tenant))
    ]
    if not static or config.generation is not Generation.V1:
        return []
    problems: list[Problem] = []  # the release: fields_fit_the_release
    if config.karpenter.feature_gates.get("staticCapacity") is False:
        problems.append(
            (
                ("karpenter", "featureGates", "staticCapacity"),
                (
                    "tenant "
                    + static[0][1].name
                    + " has a static node pool (replicas), which Karpenter ignores with this "
                    "gate off: remove staticCapacity: false (synth turns it on)"
                ),
            )
        )
    return problems


def overlays_fit_the_release(config: ClusterSections) -> list[Problem]:
    with_overlays: list[tuple[str | int, ...]] = [("overlays",)] if config.overlays else []
    with_overlays += [("tenants", index, "overlays") for index, t in enumerate(config.tenants) if t.overlays]
    if not with_overlays:
        return []
    field = FIELD["overlays"]  # a tenant's on an older release: fields_fit_the_release; the cluster's here
    if config.generation is not Generation.V1:
        return [(("overlays",), field.refusal_031())] if config.overlays else []
    version = config.karpenter.parsed_version
    problems: list[Problem] = []
    if config.overlays and not field.available(version):
        problems.append((("overlays",), field.refusal_older(version)))
    if config.karpenter.feature_gates.get("nodeOverlay") is False:
        problems.append(
            (
                ("karpenter", "featureGates", "nodeOverlay"),
                (
                    "overlays are set, which Karpenter ignores with this gate off: remove nodeOverlay: false (synth "
                    "turns it on)"
                ),
            )
        )
    owners: dict[str, str] = {}
    lists = [(("overlays",), "", config.overlays)] + [
        (("tenants", index, "overlays"), f"{t.name}-", t.overlays) for index, t in enumerate(config.tenants)
    ]
    for path, prefix, overlays in lists:
        seen: set[str] = set()
        for position, overlay in enumerate(overlays):
            name, where = prefix + overlay.name, ".".join(map(str, path)) + f"[{position}]"
            if overlay.name in seen:
                problems.append(((*path, position, "name"), f"overlay {overlay.name!r} is listed twice"))
            elif name in owners:
                problems.append(
                    (
                        (*path, position, "name"),
                        f"NodeOverlay {name!r} is also {owners[name]}'s: rename one (NodeOverlays are cluster-wide)",
                    )
                )
            seen.add(overlay.name)
            owners.setdefault(name, where)
    return problems


def requirement_keys_the_crds_accept(config: ClusterSections) -> list[Problem]:
    """Raw requirements (requirements.extra, overlays' requirements) on a key of Karpenter's own label domains that
    the 1.x NodePool or NodeOverlay CRD refuses are refused here, at the line that has them."""
    if config.generation is not Generation.V1:
        return []
    found: list[tuple[tuple[str | int, ...], str, str]] = []  # (path of the requirement, key, kind)
    for index, tenant in enumerate(config.tenants):
        sections: list[tuple[tuple[str | int, ...], Requirements | None]] = [(("tenants", index), tenant.requirements)]
        sections += [(("tenants", index, "pools", i), pool.requirements) for i, pool in enumerate(tenant.pools)]
        for path, requirements in sections:
            found += [
                ((*path, "requirements", "extra", i), r.key, "NodePool")
                for i, r in enumerate(requirements.extra if requirements is not None else [])
            ]
        found += [
            (("tenants", index, "overlays", o, "requirements", i), r.key, "NodeOverlay")
            for o, overlay in enumerate(tenant.overlays)
            for i, r in enumerate(overlay.requirements)
        ]
    found += [
        (("overlays", o, "requirements", i), r.key, "NodeOverlay")
        for o, overlay in enumerate(config.overlays)
        for i, r in enumerate(overlay.requirements)
    ]
    problems = [
        ((*path, "key"), why) for path, key, kind in found if (why := restricted_requirement_key(key, kind)) is not None
    ]
    return problems


def balanced_fits_the_release(config: ClusterSections) -> list[Problem]:
    """The Balanced consolidation policy arrived in Karpenter 1.14.0."""
    if config.generation is not Generation.V1:
        return []
    version = config.karpenter.parsed_version
    if (version.major, version.minor) >= (1, 14):
        return []
    problems: list[Problem] = []
    for index, tenant in enumerate(config.tenants):
        where = [("disruption",)] + [
            ("pools", i, "disruption") for i, pool in enumerate(tenant.pools) if pool.disruption is not None
        ]
        for path in where:
            disruption = tenant.disruption if len(path) == 1 else tenant.pools[path[1]].disruption
            if disruption is not None and disruption.consolidation_policy == "Balanced":
                problems.append(
                    (
                        ("tenants", index, *path, "consolidationPolicy"),
                        (f"consolidationPolicy Balanced needs Karpenter >= 1.14.0; this cluster pins {version}"),
                    )
                )
    return problems


def buffers_fit_the_release(config: ClusterSections) -> list[Problem]:
    """CapacityBuffers need the CapacityBuffer gate, which synth turns on (the release: the field table)."""
    with_buffers = [index for index, t in enumerate(config.tenants) if t.buffers]
    if not with_buffers or config.generation is not Generation.V1:
        return []
    problems: list[Problem] = []  # the release: fields_fit_the_release
    if config.karpenter.feature_gates.get("capacityBuffer") is False:
        problems.append(
            (
                ("karpenter", "featureGates", "capacityBuffer"),
                (
                    "a tenant has buffers, which Karpenter ignores with this gate off: remove capacityBuffer: false (synth "
                    "turns it on)"
                ),
            )
        )
    return problems


def one_autoscaler_per_pod(config: ClusterSections) -> list[Problem]:
    """cluster-autoscaler and Karpenter must not both add nodes for the same pending pods: while it runs, a tenant
    may take over a node group only once cluster-autoscaler ignores that group (cdk-eks-blueprints refuses the
    two together outright; upstream's migration guide scales cluster-autoscaler down first)."""
    moving = config.cluster_autoscaler
    if moving is None:
        return []
    tenants = {t.name for t in config.tenants}
    problems: list[Problem] = []
    seen: dict[str, int] = {}
    for index, group in enumerate(moving.node_groups):
        path = ("clusterAutoscaler", "nodeGroups", index)
        if group.name in seen:
            problems.append(
                ((*path, "name"), f"node group {group.name!r} is listed twice (also nodeGroups[{seen[group.name]}])")
            )
        seen.setdefault(group.name, index)
        if group.name == config.karpenter.controller.node_group:
            problems.append(
                (
                    (*path, "name"),
                    (
                        f"{group.name!r} runs the Karpenter controller (karpenter.controller.nodeGroup): it stays a node "
                        "group Karpenter does not manage; keep it out of the move"
                    ),
                )
            )
        if moving.running and not group.ignored and group.tenant in tenants:
            problems.append(
                (
                    (*path, "ignored"),
                    (
                        f"cluster-autoscaler still scales node group {group.name!r} while tenant {group.tenant}'s node pool "
                        "serves the same pods: both would add nodes for every pending pod. Make cluster-autoscaler ignore "
                        "the group first (docs/cluster-autoscaler.md step 2), then set ignored: true"
                    ),
                )
            )
    return problems


def flux_applier_is_not_the_controller(config: ClusterSections) -> list[Problem]:
    name, flux = config.gitops.flux.service_account_name, config.gitops.flux
    if name is None or config.gitops.engine != FLUX.name:  # the flux section's own setting
        return []
    path = ("gitops", "flux", "serviceAccountName")
    if name == config.karpenter.service_account:
        return [
            (
                path,
                (
                    f"{name!r} is the Karpenter controller's ServiceAccount (karpenter.serviceAccount); the appliers' "
                    "account is bound to cluster-admin: give it a name of its own, e.g. karpenter-applier"
                ),
            )
        ]
    if name in FLUX_CONTROLLER_ACCOUNTS:
        return [
            (
                path,
                (
                    f"{name!r} is a Flux controller's own ServiceAccount, which `flux bootstrap` owns: synth would write it "
                    "(and remove it with the setting); give the appliers' account a name of its own, e.g. flux-applier"
                ),
            )
        ]
    if config.karpenter.namespace == flux.namespace:
        return [
            (
                ("karpenter", "namespace"),
                (
                    f"{flux.namespace!r} is also gitops.flux.namespace: with serviceAccountName the appliers' account would "
                    "be written twice there (beside the root and in base/); install Karpenter in a namespace of its own"
                ),
            )
        ]
    return []


def chart_source_fits_engine(config: ClusterSections) -> list[Problem]:
    """A karpenter.chartSource setting the engine cannot honour (its facts say which and why)."""
    source = config.karpenter.chart_source
    return [
        (("karpenter", "chartSource", setting), why)
        for setting, why in ENGINES[config.gitops.engine].refuses_chart_source
        if getattr(source, setting)
    ]


def namespaces_belong_to_one_tenant(config: ClusterSections) -> list[Problem]:
    always = set(always_exempt_namespaces(config.karpenter.namespace, config.gitops))
    configured = set(config.tenancy.exempt_namespaces)
    owners: dict[str, list[tuple[int, int, str]]] = {}
    problems: list[Problem] = []
    for index, tenant in enumerate(config.tenants):
        for position, namespace in enumerate(tenant.namespaces):
            path = ("tenants", index, "namespaces", position)
            if namespace in always:
                problems.append(
                    (path, f"tenant {tenant.name}: namespace {namespace!r} is a system, Karpenter or GitOps namespace")
                )
            elif namespace in configured:
                problems.append(
                    (
                        path,
                        (
                            f"tenant {tenant.name}: namespace {namespace!r} is also in tenancy.exemptNamespaces, which "
                            "the isolation policy does not check; remove it from one of the two"
                        ),
                    )
                )
            owners.setdefault(namespace, []).append((index, position, tenant.name))
    for namespace, listed in owners.items():
        if len(listed) > 1:
            index, position, _ = listed[-1]
            problems.append(
                (
                    ("tenants", index, "namespaces", position),
                    (
                        f"namespace {namespace!r} is listed by tenants {', '.join(t for _, _, t in listed)}; a namespace "
                        "belongs to one tenant"
                    ),
                )
            )
    return problems


# In the order the file is checked: the first rule with problems is reported.
CLUSTER_RULES: tuple[Callable[[ClusterSections], list[Problem]], ...] = (
    node_pool_names_unique,
    fields_fit_the_release,
    static_pools_fit_the_release,
    overlays_fit_the_release,
    requirement_keys_the_crds_accept,
    balanced_fits_the_release,
    api_fits_the_release,
    buffers_fit_the_release,
    one_autoscaler_per_pod,
    flux_applier_is_not_the_controller,
    chart_source_fits_engine,
    namespaces_belong_to_one_tenant,
)


def first_problems(config: ClusterSections) -> list[Problem]:
    """The problems of the first rule of CLUSTER_RULES that has any; none when the file keeps every rule."""
    for rule in CLUSTER_RULES:
        problems = rule(config)
        if problems:
            return problems
    return []
