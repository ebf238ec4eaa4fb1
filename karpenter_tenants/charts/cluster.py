"""Building one part of a cluster's output: its construct tree (charts.parts: ClusterWideCharts, TenantCharts) in a
cdk8s App of its own, the extensions called, each chart serialised by cdk8s (Chart.toJson) with its folder.

A part's input is a charts.part_inputs.ClusterWide or TenantPart; how a cluster is split into them and what each
part's cache key hashes is synth's (synthesis.parts). Nothing here imports cdk8s at module level: importing it starts
no Node.js, so a synth with nothing to build never starts it. Imports config, charts and objects.folder only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from karpenter_tenants.charts.extensions import Extensions
    from karpenter_tenants.charts.part_inputs import ClusterWide, TenantPart


@dataclass(frozen=True)
class ChartOutput:
    folder: str  # relative to dist/<cluster>/
    objects: list[dict[str, Any]]


# Each part is its own cdk8s App: cdk8s's Chart.toJson() resolves and validates the whole App it is in, so one
# App holding every tenant's charts would make synth quadratic in the tenants (docs/performance.md). Building a
# part imports cdk8s (charts.parts), which starts jsii's Node.js runtime: only a run that builds a part pays it.


def build_part(part: ClusterWide | TenantPart, extensions: Extensions) -> list[ChartOutput]:
    """A part's objects by folder: its construct tree built in an App of its own, the extensions called, and each
    chart serialised by cdk8s (Chart.toJson)."""
    from karpenter_tenants.charts import runtime

    runtime.wait()  # jsii's runtime takes one caller at a time
    from cdk8s import App

    from karpenter_tenants.charts.part_inputs import TenantPart
    from karpenter_tenants.charts.parts import ClusterWideCharts, TenantCharts

    app = App()
    if isinstance(part, TenantPart):
        extensions.extend_tenant(TenantCharts(app, part.tenant.name, part=part))
    else:
        extensions.extend_base(ClusterWideCharts(app, part.site.key, part=part))
    return app_outputs(app)


def app_outputs(app: Any) -> list[ChartOutput]:
    """Every chart of an App serialised by cdk8s, with the folder it goes to (objects.folder)."""
    from karpenter_tenants.objects.folder import folder_of

    outputs = []
    for chart in app.charts:
        folder = folder_of(chart)
        if folder is None:
            raise ChartError(
                f"chart {chart.node.path}: its objects have no folder in dist/: add constructs to a chart synth made "
                "(a tenant's `chart`, the cluster's `base`) or nest your Chart inside one"
            )
        objects = chart.to_json()
        if objects:
            outputs.append(ChartOutput(folder, objects))
    return outputs


class ChartError(Exception):
    """A construct tree synth cannot write (an extension's chart outside every folder, two objects for one file)."""
