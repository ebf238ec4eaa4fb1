"""What the pinned Karpenter release accepts of a cluster file: the Kubernetes versions its compatibility table gives
(config/compatibility.json, else the reference data's tables or karpenter.compatibility); the keys its chart's
values.yaml has and the shape of each value there (karpenter.values, checked against the chart defaults
config.rules.warnings.ChartDefaults reads). The 1.x API a
later release added is config.rules.release_api's (a rule across sections). Each rule returns (path, message) pairs.
Imports config only."""

from __future__ import annotations

from typing import Any

from karpenter_tenants.config.rules import Problem
from karpenter_tenants.config.rules.warnings import ChartDefaults
from karpenter_tenants.config.schema.base import shown
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
    """karpenter.values keys the cluster's chart does not have, and values of another shape than the chart's default
    (value_shape_problems), checked against its values.yaml (chart_defaults)."""
    defaults = chart_defaults.values_file(config)
    if not defaults.is_file():
        return []  # config.rules.warnings says they were not checked
    chart = chart_defaults.default_values(defaults)
    whole = chart_defaults.rendered_whole(defaults) if hasattr(chart_defaults, "rendered_whole") else frozenset()
    found = [*unknown_value_keys(config.karpenter.values, chart, whole=whole)]
    found += value_shape_problems(config.karpenter.values, chart)
    return [(("karpenter", "values", *path), message) for path, message in found]


def _shape(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, dict):
        return "a map"
    if isinstance(value, list):
        return "a list"
    return type(value).__name__


def _fits(value: Any, default: Any) -> bool:
    """Whether a value has the shape the chart's templates expect where values.yaml has `default`: a map for a map,
    a list for a list, true/false for a boolean, a number (or a string of one: Helm renders it alike) for a number,
    a scalar for a string. null always (Helm then drops the default)."""
    if value is None or default is None:
        return True
    if isinstance(default, dict):
        return isinstance(value, dict)
    if isinstance(default, list):
        return isinstance(value, list)
    if isinstance(default, bool):
        return isinstance(value, bool)
    if isinstance(default, int | float):
        if isinstance(value, str):
            try:
                float(value)
            except ValueError:
                return False
            return True
        return isinstance(value, int | float) and not isinstance(value, bool)
    return not isinstance(value, dict | list)


def value_shape_problems(values: Any, chart: Any, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], str]]:
    """(path, message) for every karpenter.values entry whose shape is not the chart default's (`replicas: two`,
    `tolerations: {}`, `settings: x`): the chart renders it into a Deployment the API server refuses, or a setting
    Karpenter cannot read. Below a map the chart defaults empty (podAnnotations, resources) anything goes."""
    if not isinstance(values, dict) or not isinstance(chart, dict):
        return []
    found: list[tuple[tuple[str, ...], str]] = []
    for key, value in values.items():
        if key not in chart:
            continue  # unknown_value_keys says so
        default, at = chart[key], (*path, str(key))
        if not _fits(value, default):
            found.append(
                (
                    at,
                    f"is {_shape(value)} ({shown(value)}) where the chart's values.yaml has {_shape(default)} "
                    f"({shown(default)}): give {_shape(default)}",
                )
            )
        elif isinstance(value, dict):
            found += value_shape_problems(value, default, at)
    return found
