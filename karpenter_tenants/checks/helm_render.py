"""Renders the real Karpenter chart (from ../shared) with the generated values, offline, through the
Helm v4 SDK (helm-python-sdk): no helm binary, no cluster.

The chart is reference data, untrusted input (reference.data): before Helm reads it, every entry of the
chart folder is a regular file or folder, or a link to a regular file inside the reference folder (a link to
/etc/hostname would put that file into the rendered output), and its values.yaml is a YAML mapping. A chart Helm
cannot load or render (a template calling `fail`, an include loop, output that is not YAML) is a
ReferenceDataError naming the chart and Helm's words, exit 2."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from karpenter_tenants.charts.helm_values import karpenter_values
from karpenter_tenants.config.schema.cluster_file import ClusterFile
from karpenter_tenants.config.yaml_input import SAFE_LOADER
from karpenter_tenants.reference import data as reference_data
from karpenter_tenants.reference.charts import chart_folder
from karpenter_tenants.reference.data import ReferenceDataError


def _documents(text: str, source: str) -> list[dict[str, Any]]:
    """The objects of a template as rendered (or a CRD file), parsed within the input limits."""
    return [d for d in reference_data.yaml_documents(source, text, SAFE_LOADER) if isinstance(d, dict) and d]


def render_chart(
    folder: Path, values: dict[str, Any], name: str, namespace: str
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(the objects of the chart's templates, the CRDs of its crds/ folder), as `helm template` renders them
    with these values, release name and namespace, from a folder chart_folder gave. Helm applies crds/ outside
    the release (never owned). From the disk cache (reference.disk_cache) when the same chart files were rendered
    with the same values, name and namespace before."""
    from importlib.metadata import version

    from karpenter_tenants.reference import disk_cache

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

    try:
        chart = helm_python.Chart.load(str(folder))
        rendered = chart.render(values, name=name, namespace=namespace, is_install=True)
        crd_files = sorted(chart.crds, key=lambda c: c["name"])
    except helm_python.HelmError as error:
        words = " ".join(str(error).split())
        raise ReferenceDataError(
            folder, None, f"Helm cannot render the chart: {words if len(words) <= 300 else words[:300] + '...'}"
        ) from None
    templates = [
        document
        for template, text in sorted(rendered.items())
        if template.endswith((".yaml", ".yml"))
        for document in _documents(text, f"{folder} ({template} as rendered)")
    ]
    crds = [document for crd in crd_files for document in _documents(crd["data"], f"{folder}/crds/{crd['name']}")]
    return templates, crds


def render_karpenter(shared: Path, config: ClusterFile) -> list[dict[str, Any]]:
    """The objects `helm template karpenter <chart> -n <namespace> -f values` would produce."""
    templates, _ = render_chart(chart_folder(shared, config), karpenter_values(config), "karpenter", config.karpenter.namespace)
    return templates
