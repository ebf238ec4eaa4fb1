"""Plain `kubectl apply -k` (gitops.engine kubectl): nothing in the cluster syncs dist/. dist/<cluster>/ holds the
install stages' folders (kinds.gitops.stages), each a kustomization, and a person or a pipeline applies them in
order (`kubectl apply --server-side -k dist/<cluster>/<folder>`, docs/gitops.md): base, karpenter-crd (1.x),
karpenter, then the node pools and what goes into the tenants' namespaces. No root, no appliers.

kubectl cannot install a Helm chart, so a chart stage's folder holds the chart as `helm template` renders it with the
cluster's values at synth (reference.charts.render_chart, offline, from the reference data: ../shared,
$KARPENTER_TENANTS_SHARED or the fetch-reference cache): `karpenter-crd/` the CRDs (1.x), `karpenter/` the controller
(and on 0.31 the CRDs of the chart's crds/ folder). Without the reference data synth refuses, exit 2, naming what is
missing. KUBECTL_ENGINE is this behind kinds.gitops.engine's Engine."""

from __future__ import annotations

from typing import Any

from cdk8s import ApiObject, ApiObjectMetadata, JsonPatch
from constructs import Construct

from karpenter_tenants.config.environment import EnvironmentProblem
from karpenter_tenants.config.gitops_engines import KUBECTL
from karpenter_tenants.config.schema.cluster_file import ClusterFile
from karpenter_tenants.kinds.gitops.stages import ChartInstall, Stage
from karpenter_tenants.objects.folder import FolderChart

LAYER = "charts"  # this module's layer (kinds/__init__.py)

METADATA = ("name", "namespace", "labels", "annotations")  # what ApiObjectMetadata takes of a rendered object's


class NoAppliers(Construct):
    """The stages 'chart' of an engine that writes no appliers: each stage is its folder, applied by hand."""

    def add(self, stage: Stage) -> None:
        return None


class RenderedChart(FolderChart):
    """`dist/<cluster>/<chart>`: the objects `helm template <chart> -n <karpenter.namespace>` renders with the
    stage's values (the chart's crds/ folder too unless the stage skips it), one file each."""

    def __init__(self, scope: Construct, id: str, *, config: ClusterFile, install: ChartInstall, folder: str) -> None:
        super().__init__(scope, id, folder=folder)
        for obj in render(config, install):
            self.add_object(obj)

    def add_object(self, obj: dict[str, Any]) -> ApiObject:
        metadata = obj.get("metadata") or {}
        where = f"{metadata.get('namespace')}-" if metadata.get("namespace") else ""
        api_object = ApiObject(
            self,
            f"{obj['kind']}-{where}{metadata['name']}",
            api_version=obj["apiVersion"],
            kind=obj["kind"],
            metadata=ApiObjectMetadata(**{k: metadata[k] for k in METADATA if metadata.get(k)}),
        )
        for field in sorted(set(obj) - {"apiVersion", "kind", "metadata", "status"}):
            api_object.add_json_patch(JsonPatch.add(f"/{field}", obj[field]))
        return api_object


class MissingReferenceData(EnvironmentProblem):
    """The reference data synth needs to render a chart stage is not there (exit 2, the message says what to fetch).
    One message, so that it crosses from a `synth --jobs` worker as it is."""


def render(config: ClusterFile, install: ChartInstall) -> list[dict[str, Any]]:
    """The chart stage's objects as Helm renders them from the reference data; MissingReferenceData (exit 2) naming
    what is missing when the reference data lacks the release or its published chart."""
    from karpenter_tenants.reference import versions
    from karpenter_tenants.reference.charts import chart_folder, render_chart
    from karpenter_tenants.reference.shared import shared_dir

    shared = shared_dir()
    version = config.karpenter.parsed_version
    who = f"gitops.engine kubectl renders the {install.chart} chart at synth; karpenter.version"
    problem = versions.missing_reference_data(shared, version, who) or versions.missing_published_chart(
        shared, version, who
    )
    if problem is not None:
        raise MissingReferenceData(problem)
    templates, crds = render_chart(
        chart_folder(shared, config, install.chart), install.values or {}, install.chart, config.karpenter.namespace
    )
    return templates if install.skip_crds is not False else [*crds, *templates]


class KubectlEngine:
    """`kubectl apply -k` of each stage folder, by hand, behind kinds.gitops.engine.Engine."""

    facts = KUBECTL

    def root_chart(self, scope: Construct, *, config: ClusterFile, key: str, gitops_path: str) -> FolderChart:
        """Nothing to apply once: an empty chart (synth writes no folder for it); the stage folders are the root."""
        return FolderChart(scope, KUBECTL.name, folder=KUBECTL.root_folder)

    def stages_chart(self, scope: Construct, id: str, *, config: ClusterFile, key: str, gitops_path: str) -> NoAppliers:
        return NoAppliers(scope, id)

    def base_objects(self, scope: Construct, *, config: ClusterFile, namespace: str) -> None:
        """None: whoever runs kubectl applies as themselves."""

    def chart_stage_charts(self, scope: Construct, *, config: ClusterFile, stages: list[Stage]) -> None:
        """A RenderedChart per chart stage, construct id and folder the chart's name (as Flux's folders are named)."""
        for stage in stages:
            if stage.chart is not None:
                RenderedChart(scope, stage.chart.chart, config=config, install=stage.chart, folder=stage.chart.chart)


KUBECTL_ENGINE = KubectlEngine()
