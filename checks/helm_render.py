"""Renders the real Karpenter chart (from ../shared) with the generated values, offline, through the
Helm v4 SDK (helm-python-sdk): no helm binary, no cluster."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from charts.helm_values import karpenter_values
from config.model import ClusterFile
from config.versions import reference_folder
from config.yaml_input import SAFE_LOADER


def chart_folder(shared: Path, config: ClusterFile, chart: str = "karpenter") -> Path:
    """The unpacked chart of the release the cluster pins: <shared>/karpenter/v<version>/<chart>."""
    return reference_folder(shared, config.karpenter.parsed_version) / chart


def _documents(text: str) -> list[dict[str, Any]]:
    return [d for d in yaml.load_all(text, Loader=SAFE_LOADER) if isinstance(d, dict) and d]


def render_chart(
    folder: Path, values: dict[str, Any], name: str, namespace: str
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(the objects of the chart's templates, the CRDs of its crds/ folder), as `helm template` renders them
    with these values, release name and namespace. Helm applies crds/ outside the release (never owned).
    From the disk cache (checks.disk_cache) when the same chart files were rendered with the same values,
    name and namespace before."""
    from importlib.metadata import version

    from checks import disk_cache

    try:
        values_key = json.dumps(values, allow_nan=False)
    except (TypeError, ValueError):
        return _render(folder, values, name, namespace)
    parts = (
        disk_cache.folder_digest(folder), values_key, name, namespace,
        f"helm-python-sdk {version('helm-python-sdk')} PyYAML {yaml.__version__}", disk_cache.source_digest(__file__),
    )
    templates, crds = disk_cache.cached("chart", parts, lambda: list(_render(folder, values, name, namespace)))
    return templates, crds


def _render(
    folder: Path, values: dict[str, Any], name: str, namespace: str
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    import helm_python

    chart = helm_python.Chart.load(str(folder))
    rendered = chart.render(values, name=name, namespace=namespace, is_install=True)
    templates = [
        document
        for template, text in sorted(rendered.items())
        if template.endswith((".yaml", ".yml"))
        for document in _documents(text)
    ]
    crds = [document for crd in sorted(chart.crds, key=lambda c: c["name"]) for document in _documents(crd["data"])]
    return templates, crds


def render_karpenter(shared: Path, config: ClusterFile) -> list[dict[str, Any]]:
    """The objects `helm template karpenter <chart> -n <namespace> -f values` would produce."""
    templates, _ = render_chart(chart_folder(shared, config), karpenter_values(config), "karpenter", config.karpenter.namespace)
    return templates
