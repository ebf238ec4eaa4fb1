"""Flux Kustomizations: a root per cluster, which applies the stages that apply the cluster's folders
in order: base -> CRDs -> controller -> node pools."""

from __future__ import annotations

from dataclasses import dataclass

from cdk8s import ApiObjectMetadata, Chart
from constructs import Construct

from charts.common import MANAGED_BY
from charts.config import ClusterFile
from imports.flux_kustomize.io.fluxcd.toolkit.kustomize import (
    Kustomization,
    KustomizationSpec,
    KustomizationSpecDependsOn,
    KustomizationSpecSourceRef,
    KustomizationSpecSourceRefKind,
)

ROOT_FOLDER = "flux"
STAGES_FOLDER = "flux/stages"


@dataclass(frozen=True)
class Stage:
    """One folder of dist/<cluster>/ applied by one Flux Kustomization."""

    name: str
    folder: str
    depends_on: tuple[str, ...] = ()


def root_name(key: str) -> str:
    return f"{key}-root"


class _FluxKustomizations(Chart):
    def __init__(self, scope: Construct, id: str, *, config: ClusterFile, key: str, gitops_path: str) -> None:
        super().__init__(scope, id, labels=MANAGED_BY)
        self.flux = config.gitops.flux
        self.gitops_path = gitops_path
        self.key = key

    def kustomization(self, name: str, folder: str, depends_on: tuple[str, ...] = (), *, wait: bool) -> Kustomization:
        flux = self.flux
        return Kustomization(
            self,
            name,
            metadata=ApiObjectMetadata(name=name, namespace=flux.namespace),
            spec=KustomizationSpec(
                interval=flux.interval,
                path=f"{self.gitops_path}/{folder}",
                prune=True,
                wait=wait,
                timeout="5m",
                source_ref=KustomizationSpecSourceRef(
                    kind=KustomizationSpecSourceRefKind.GIT_REPOSITORY, name=flux.source_ref
                ),
                depends_on=[KustomizationSpecDependsOn(name=d) for d in depends_on] or None,
            ),
        )


class FluxRootChart(_FluxKustomizations):
    """`dist/<cluster>/flux`: the one object a user applies (`kubectl apply -k`), once.

    The root applies `flux/stages` and nothing else: it never lies inside the folder it applies, so
    it cannot replace or prune itself, and its name (`<cluster>-root`) is unique per cluster."""

    def __init__(self, scope: Construct, id: str, *, config: ClusterFile, key: str, gitops_path: str) -> None:
        super().__init__(scope, id, config=config, key=key, gitops_path=gitops_path)
        # wait: false — the stages report their own health; the root only has to apply them.
        self.root = self.kustomization(root_name(key), STAGES_FOLDER, wait=False)


class FluxStagesChart(_FluxKustomizations):
    """`dist/<cluster>/flux/stages`: one Kustomization per folder, ordered by dependsOn."""

    def __init__(
        self, scope: Construct, id: str, *, config: ClusterFile, key: str, gitops_path: str, stages: list[Stage]
    ) -> None:
        super().__init__(scope, id, config=config, key=key, gitops_path=gitops_path)
        # wait: the next stage starts only when every object here is Ready
        # (CRDs established, controller Deployment available).
        self.kustomizations = {
            stage.name: self.kustomization(stage.name, stage.folder, stage.depends_on, wait=True) for stage in stages
        }
