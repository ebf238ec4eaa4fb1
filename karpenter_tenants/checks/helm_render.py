"""Renders the real Karpenter chart (from ../shared) with the generated values, offline, through the
Helm v4 SDK (helm-python-sdk): no helm binary, no cluster.

The chart is reference data, untrusted input (reference.data): before Helm reads it, every entry of the
chart folder is a regular file or folder, or a link to a regular file inside the reference folder (a link to
/etc/hostname would put that file into the rendered output), and its values.yaml is a YAML mapping. A chart Helm
cannot load or render (a template calling `fail`, an include loop, output that is not YAML) is a
ReferenceDataError naming the chart and Helm's words, exit 2."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from karpenter_tenants.config.schema.cluster_file import ClusterFile
from karpenter_tenants.kinds.controller.fields import karpenter_values
from karpenter_tenants.reference.charts import chart_folder, render_chart

__all__ = ["render_chart", "render_karpenter"]  # render_chart lives in reference.charts (synth renders with it too)


def render_karpenter(shared: Path, config: ClusterFile) -> list[dict[str, Any]]:
    """The objects `helm template karpenter <chart> -n <namespace> -f values` would produce."""
    templates, _ = render_chart(
        chart_folder(shared, config), karpenter_values(config), "karpenter", config.karpenter.namespace
    )
    return templates
