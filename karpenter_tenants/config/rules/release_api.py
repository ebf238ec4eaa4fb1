"""The rule that the config's 1.x API fits the pinned release: what a later release's CRDs added (config.versions'
ApiAddition facts: Gte/Lte requirement operators, the Unhealthy disruption reason, enclaveOptions) refused on an older
release, at the line that has it, naming the release that adds it. One of config.rules.cluster's CLUSTER_RULES.

Imports config only."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Protocol

from karpenter_tenants.config.rules import PathKey, Problem
from karpenter_tenants.config.schema.karpenter import KarpenterConfig
from karpenter_tenants.config.schema.overlays import Overlay
from karpenter_tenants.config.schema.requirements import Disruption, Requirement, Requirements
from karpenter_tenants.config.schema.tenant import Tenant
from karpenter_tenants.config.versions import (
    ENCLAVE_OPTIONS,
    REQUIREMENT_GTE_LTE,
    UNHEALTHY_REASON,
    ApiAddition,
    Generation,
)


class ReleaseSections(Protocol):
    """What the rule reads of a file (config.rules.cluster.ClusterSections: these and the other sections)."""

    @property
    def karpenter(self) -> KarpenterConfig: ...
    @property
    def overlays(self) -> Sequence[Overlay]: ...
    @property
    def tenants(self) -> Sequence[Tenant]: ...
    @property
    def generation(self) -> Generation: ...


def _requirements(config: ReleaseSections) -> Iterator[tuple[PathKey, Requirement]]:
    """Every raw requirement of the file (requirements.extra of tenants and pools, overlays') with its path."""
    for index, tenant in enumerate(config.tenants):
        sections: list[tuple[PathKey, Requirements | None]] = [(("tenants", index), tenant.requirements)]
        sections += [(("tenants", index, "pools", i), pool.requirements) for i, pool in enumerate(tenant.pools)]
        for path, requirements in sections:
            for i, requirement in enumerate(requirements.extra if requirements is not None else []):
                yield (*path, "requirements", "extra", i), requirement
        for o, overlay in enumerate(tenant.overlays):
            for i, requirement in enumerate(overlay.requirements):
                yield ("tenants", index, "overlays", o, "requirements", i), requirement
    for o, overlay in enumerate(config.overlays):
        for i, requirement in enumerate(overlay.requirements):
            yield ("overlays", o, "requirements", i), requirement


def _disruptions(config: ReleaseSections) -> Iterator[tuple[PathKey, Disruption]]:
    for index, tenant in enumerate(config.tenants):
        yield ("tenants", index, "disruption"), tenant.disruption
        for i, pool in enumerate(tenant.pools):
            if pool.disruption is not None:
                yield ("tenants", index, "pools", i, "disruption"), pool.disruption


def _uses(config: ReleaseSections) -> Iterator[tuple[PathKey, ApiAddition]]:
    """Where the file uses something a 1.x release added after 1.0, and what."""
    for path, requirement in _requirements(config):
        if requirement.operator in ("Gte", "Lte"):
            yield (*path, "operator"), REQUIREMENT_GTE_LTE
    for path, disruption in _disruptions(config):
        for b, budget in enumerate(disruption.budgets or []):
            if "Unhealthy" in (budget.reasons or []):
                yield (*path, "budgets", b, "reasons", budget.reasons.index("Unhealthy")), UNHEALTHY_REASON  # type: ignore[union-attr]
    for index, tenant in enumerate(config.tenants):
        if tenant.enclave_options is not None:
            yield ("tenants", index, "enclaveOptions"), ENCLAVE_OPTIONS


def api_fits_the_release(config: ReleaseSections) -> list[Problem]:
    """What the pinned release's CRDs do not have yet, refused where the file says it, naming the release that adds it."""
    version = config.karpenter.parsed_version
    return [
        (
            path,
            f"{addition.what}: Karpenter {addition.since} adds it to its CRDs; this cluster pins {version}, whose "
            "CRDs refuse it: "
            + (
                "upgrade karpenter.version to it or later, or remove it"
                if config.generation is Generation.V1
                else "migrate the cluster to 1.x first (docs/upgrade-031.md), or remove it"
            ),
        )
        for path, addition in _uses(config)
        if config.generation is not Generation.V1 or not version.at_least(addition.since)
    ]


def node_repair_warnings(config: ReleaseSections) -> list[str]:
    """A disruption budget for reason Unhealthy paces node repair (1.15), which Karpenter runs only with its nodeRepair
    feature gate on (the chart's default: off): said once when the file leaves it off."""
    if not any(addition is UNHEALTHY_REASON for _, addition in _uses(config)):
        return []
    karpenter = config.karpenter
    settings = karpenter.values.get("settings")
    gates = settings.get("featureGates") if isinstance(settings, dict) else None
    if karpenter.feature_gates.get("nodeRepair") is True or (
        isinstance(gates, dict) and gates.get("nodeRepair") is True
    ):
        return []
    return [
        "a disruption budget with reason Unhealthy paces node repair, which Karpenter runs only with the nodeRepair "
        "feature gate on (the chart's default is off): set karpenter.featureGates.nodeRepair: true, or the budget "
        "has no effect"
    ]
