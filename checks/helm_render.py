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


def chart_folder(shared: Path, config: ClusterFile) -> Path:
    """The unpacked chart of the release the cluster pins: <shared>/karpenter/v<version>/karpenter."""
    return reference_folder(shared, config.karpenter.parsed_version) / "karpenter"


def render_karpenter(shared: Path, config: ClusterFile) -> list[dict[str, Any]]:
    """The objects `helm template karpenter <chart> -n <namespace> -f values` would produce; from the disk
    cache (checks.disk_cache) when the same chart files were rendered with the same values before."""
    from importlib.metadata import version

    from checks import disk_cache

    folder = chart_folder(shared, config)
    values = karpenter_values(config)
    namespace = config.karpenter.namespace
    try:
        values_key = json.dumps(values, allow_nan=False)
    except (TypeError, ValueError):
        return _render(folder, values, namespace)
    parts = (
        disk_cache.folder_digest(folder), values_key, namespace,
        f"helm-python-sdk {version('helm-python-sdk')} PyYAML {yaml.__version__}", disk_cache.source_digest(__file__),
    )
    return disk_cache.cached("chart", parts, lambda: _render(folder, values, namespace))


def _render(folder: Path, values: dict[str, Any], namespace: str) -> list[dict[str, Any]]:
    import helm_python

    chart = helm_python.Chart.load(str(folder))
    rendered = chart.render(values, name="karpenter", namespace=namespace, is_install=True)
    found = []
    for template, text in sorted(rendered.items()):
        if not template.endswith((".yaml", ".yml")):
            continue
        for document in yaml.load_all(text, Loader=SAFE_LOADER):
            if isinstance(document, dict) and document:
                found.append(document)
    return found
