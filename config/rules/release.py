"""What the pinned Karpenter release accepts of a cluster file: the Kubernetes versions upstream's compatibility
table gives it (config/compatibility.json), and the keys its chart's values.yaml has (karpenter.values, checked
against the chart defaults config.rules.warnings.ChartDefaults reads). Each rule returns (path, message) pairs.
Imports config only."""

from __future__ import annotations

from config.rules import Problem
from config.rules.warnings import ChartDefaults
from config.schema.cluster_file import ClusterFile
from config.schema.karpenter import unknown_value_keys
from config.versions import newest_listed_line, supported_kubernetes


def kubernetes_version_supported(config: ClusterFile) -> list[Problem]:
    """cluster.kubernetesVersion within upstream's compatibility table for the pinned Karpenter release."""
    version = config.karpenter.parsed_version
    kubernetes = config.cluster.kubernetes_version
    supported = supported_kubernetes(version)
    if supported is None:
        return [(("karpenter", "version"), (
            f"Karpenter {version} is not in Karpenter's Kubernetes compatibility table as this product carries it "
            f"(config/compatibility.json, up to {newest_listed_line()}): pin a listed release, or upgrade "
            "karpenter-tenants to one that knows it"
        ))]
    if kubernetes not in supported:
        return [(("cluster", "kubernetesVersion"), (
            f"Kubernetes {kubernetes} is outside what Karpenter {version} supports ({supported}, per "
            f"upstream's compatibility table, config/compatibility.json): set cluster.kubernetesVersion to the cluster's version if it is in that range, "
            f"else upgrade the cluster or pin a Karpenter release that supports Kubernetes {kubernetes}"
        ))]
    return []


def chart_value_problems(config: ClusterFile, chart_defaults: ChartDefaults) -> list[Problem]:
    """karpenter.values keys the cluster's chart does not have, checked against its values.yaml (chart_defaults)."""
    defaults = chart_defaults.values_file(config)
    if not defaults.is_file():
        return []  # config.rules.warnings says they were not checked
    chart = chart_defaults.default_values(defaults)
    return [(("karpenter", "values", *path), message) for path, message in unknown_value_keys(config.karpenter.values, chart)]
