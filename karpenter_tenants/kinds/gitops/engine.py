"""The GitOps engine as synth meets it: `Engine`, what each engine's chart module implements (kinds.gitops.flux,
kinds.gitops.argocd, kinds.gitops.kubectl), and `engine_of`, the one place the cluster file's `gitops.engine` picks it. A new engine is a
module with an Engine, its EngineFacts (config.gitops_engines) and a line in ENGINE.

charts.parts builds every engine's charts through it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from karpenter_tenants.kinds.gitops.argocd import ARGOCD_ENGINE
from karpenter_tenants.kinds.gitops.flux import FLUX_ENGINE
from karpenter_tenants.kinds.gitops.kubectl import KUBECTL_ENGINE

if TYPE_CHECKING:
    from cdk8s import ApiObject
    from constructs import Construct

    from karpenter_tenants.config.gitops_engines import EngineFacts
    from karpenter_tenants.config.schema.cluster_file import ClusterFile
    from karpenter_tenants.kinds.gitops.stages import Stage
    from karpenter_tenants.objects.folder import FolderChart

LAYER = "charts"  # this module's layer (kinds/__init__.py)


class StagesChart(Protocol):
    """A chart of stage appliers in the engine's stages folder; each part of the output adds its own stages."""

    def add(self, stage: Stage) -> ApiObject | None: ...  # None: the engine writes no appliers (kubectl)


class Engine(Protocol):
    """How one engine renders a cluster's install stages (kinds.gitops.stages)."""

    facts: EngineFacts

    def root_chart(self, scope: Construct, *, config: ClusterFile, key: str, gitops_path: str) -> FolderChart:
        """The root applier's chart (construct id facts.name, folder facts.root_folder): applied once by hand, it
        applies the stages folder."""
        ...

    def stages_chart(
        self, scope: Construct, id: str, *, config: ClusterFile, key: str, gitops_path: str
    ) -> StagesChart:
        """An empty chart of stage appliers in facts.stages_folder."""
        ...

    def base_objects(self, scope: Construct, *, config: ClusterFile, namespace: str) -> None:
        """What the engine needs in the base stage, in Karpenter's namespace (Flux under lockdown: the account
        helm-controller installs the charts as; Argo CD: nothing)."""
        ...

    def chart_stage_charts(self, scope: Construct, *, config: ClusterFile, stages: list[Stage]) -> None:
        """The charts a chart stage needs in a folder of its own (Flux: OCIRepository + HelmRelease; Argo CD: none,
        its Application renders the chart itself)."""
        ...


ENGINE: dict[str, Engine] = {engine.facts.name: engine for engine in (FLUX_ENGINE, ARGOCD_ENGINE, KUBECTL_ENGINE)}


def engine_of(config: ClusterFile) -> Engine:
    """The engine that syncs this cluster's dist/ (gitops.engine)."""
    return ENGINE[config.gitops.engine]
