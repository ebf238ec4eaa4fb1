"""Renders the real Karpenter chart (from ../shared) with the generated values, offline, through the
Helm v4 SDK (helm-python-sdk): no helm binary, no cluster."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from charts.helm_values import karpenter_values
from config.model import ClusterFile
from config.versions import reference_folder


def chart_folder(shared: Path, config: ClusterFile) -> Path:
    """The unpacked chart of the release the cluster pins: <shared>/karpenter/v<version>/karpenter."""
    return reference_folder(shared, config.karpenter.parsed_version) / "karpenter"


def render_karpenter(shared: Path, config: ClusterFile) -> list[dict[str, Any]]:
    """The objects `helm template karpenter <chart> -n <namespace> -f values` would produce."""
    import helm_python

    chart = helm_python.Chart.load(str(chart_folder(shared, config)))
    rendered = chart.render(
        karpenter_values(config), name="karpenter", namespace=config.karpenter.namespace, is_install=True
    )
    found = []
    for template, text in sorted(rendered.items()):
        if not template.endswith((".yaml", ".yml")):
            continue
        for document in yaml.safe_load_all(text):
            if isinstance(document, dict) and document:
                found.append(document)
    return found
