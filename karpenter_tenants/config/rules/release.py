"""What the pinned Karpenter release accepts of a cluster file: the Kubernetes versions its compatibility table gives
(config/compatibility.json, else the reference data's tables or karpenter.compatibility); the keys its chart's
values.yaml has (karpenter.values, checked against the chart defaults config.rules.warnings.ChartDefaults reads). The 1.x API a
later release added is config.rules.release_api's (a rule across sections). Each rule returns (path, message) pairs.
Imports config only."""

from __future__ import annotations

from karpenter_tenants.config.rules import Problem
from karpenter_tenants.config.rules.warnings import ChartDefaults
from karpenter_tenants.config.schema.cluster_file import ClusterFile
from karpenter_tenants.config.schema.karpenter import unknown_value_keys
from karpenter_tenants.config.versions import ReleaseTables, kubernetes_support


def kubernetes_version_supported(config: ClusterFile, tables: ReleaseTables | None) -> tuple[list[Problem], list[str]]:
    """cluster.kubernetesVersion within the pinned Karpenter release's Kubernetes range (config.versions.kubernetes_support:
    the product's table, else the reference data's tables, else karpenter.compatibility), and the warning naming where
    the range came from when it is not the product's own table."""
    version = config.karpenter.parsed_version
    support = kubernetes_support(version, tables, config.karpenter.compatibility)
    if support.problem is not None:
        return [support.problem], []
    kubernetes = config.cluster.kubernetes_version
    if kubernetes not in support.range:  # type: ignore[operator]
        return [
            (
                ("cluster", "kubernetesVersion"),
                (
                    f"Kubernetes {kubernetes} is outside what Karpenter {version} supports ({support.range}, per "
                    f"{support.source}): set cluster.kubernetesVersion to the cluster's version if it is in that range, "
                    f"else upgrade the cluster or pin a Karpenter release that supports Kubernetes {kubernetes}"
                ),
            )
        ], []
    return [], [support.warning] if support.warning else []


def chart_value_problems(config: ClusterFile, chart_defaults: ChartDefaults) -> list[Problem]:
    """karpenter.values keys the cluster's chart does not have, checked against its values.yaml (chart_defaults)."""
    defaults = chart_defaults.values_file(config)
    if not defaults.is_file():
        return []  # config.rules.warnings says they were not checked
    chart = chart_defaults.default_values(defaults)
    whole = chart_defaults.rendered_whole(defaults) if hasattr(chart_defaults, "rendered_whole") else frozenset()
    return [
        (("karpenter", "values", *path), message)
        for path, message in unknown_value_keys(config.karpenter.values, chart, whole=whole)
    ]
