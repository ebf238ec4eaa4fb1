"""Building one chart or construct in a cdk8s Testing app, with the typed props synth gives it, for the
tests/test_chart_*.py files (one per chart file of charts/). The whole-render tests (test_tenant_chart.py,
test_buffers.py, ...) build whole clusters; these build one chart alone."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from conftest import load

import karpenter_tenants.charts  # noqa: F401 - silences jsii's Node.js banner before cdk8s is imported
from karpenter_tenants.config.resolved import ResolvedTenant, resolve
from karpenter_tenants.config.schema.cluster_file import ClusterFile


def props(tmp_path: Path, data: dict[str, Any], tenant: str | None = None) -> tuple[ClusterFile, ResolvedTenant | None]:
    """A cluster file's props as a part gets them (charts.part_inputs): the cluster-level settings, without tenants,
    and the tenant named `tenant` resolved against them (config.resolved; None: no tenant)."""
    config = load(tmp_path, data).config
    settings = config.model_copy(update={"tenants": []})
    found = next(t for t in config.tenants if t.name == tenant) if tenant is not None else None
    return settings, resolve(settings).tenant(found) if found is not None else None


def wide_props(tmp_path: Path, data: dict[str, Any]) -> ClusterFile:
    """The cluster-wide charts' props as synth gives them (synthesis.parts.project): the settings, each tenant by its
    TenantFacts."""
    from karpenter_tenants.synthesis.parts import project

    return project(load(tmp_path, data))[0].config()


def synth_chart(build: Callable[[Any], Any]) -> list[dict[str, Any]]:
    """The objects of a chart that build(app) makes in a Testing app (a FolderChart of ours)."""
    from cdk8s import Testing

    return list(Testing.synth(build(Testing.app())))


def synth_construct(build: Callable[[Any], Any]) -> tuple[Any, list[dict[str, Any]]]:
    """A construct build(chart) makes in a Testing chart, and that chart's objects."""
    from cdk8s import Testing

    chart = Testing.chart()
    construct = build(chart)
    return construct, list(Testing.synth(chart))


def synth_stages(chart_class: Any, config: ClusterFile, key: str = "acme") -> tuple[list[Any], list[dict[str, Any]]]:
    """Every install stage of config (kinds.gitops.stages) added to a stages chart of chart_class (FluxStagesChart or
    ArgoCdAppsChart, gitops path dist/<key>): the stages and the chart's objects."""
    from karpenter_tenants.kinds.gitops.stages import install_stages

    stages = install_stages(config)

    def build(app: Any) -> Any:
        chart = chart_class(app, "stages", config=config, key=key, gitops_path=f"dist/{key}")
        for stage in stages:
            chart.add(stage)
        return chart

    return stages, synth_chart(build)


def by_kind(objects: list[dict[str, Any]], kind: str) -> dict[str, dict[str, Any]]:
    """The objects of one kind by name."""
    return {o["metadata"]["name"]: o for o in objects if o["kind"] == kind}


def findings(shared: Path, objects: list[dict[str, Any]], kubernetes: str = "1.33") -> list[str]:
    """What ../shared's CRDs (schemas, unknown fields refused, and CEL rules) and Kubernetes' schemas say of objects."""
    from karpenter_tenants.checks.validate import ObjectValidator

    validator = ObjectValidator(shared, kubernetes)
    return [str(f) for obj in objects for f in validator.check(obj)]
