"""Flux Kustomizations that apply the cluster's folders in order: base -> CRDs -> controller -> node pools."""

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


@dataclass(frozen=True)
class Stage:
    """One folder of dist/<cluster>/ applied by one Flux Kustomization."""

    name: str
    folder: str
    depends_on: tuple[str, ...] = ()


class FluxChart(Chart):
    """The entry point a cluster's Flux is pointed at (`dist/<cluster>/flux`)."""

    def __init__(self, scope: Construct, id: str, *, config: ClusterFile, gitops_path: str, stages: list[Stage]) -> None:
        super().__init__(scope, id, labels=MANAGED_BY)
        gitops = config.gitops.flux
        self.kustomizations = {
            stage.name: Kustomization(
                self,
                stage.name,
                metadata=ApiObjectMetadata(name=stage.name, namespace=gitops.namespace),
                spec=KustomizationSpec(
                    interval=gitops.interval,
                    path=f"{gitops_path}/{stage.folder}",
                    prune=True,
                    # wait: the next stage starts only when every object here is Ready
                    # (CRDs established, controller Deployment available).
                    wait=True,
                    timeout="5m",
                    source_ref=KustomizationSpecSourceRef(
                        kind=KustomizationSpecSourceRefKind.GIT_REPOSITORY, name=gitops.source_ref
                    ),
                    depends_on=[KustomizationSpecDependsOn(name=d) for d in stage.depends_on] or None,
                ),
            )
            for stage in stages
        }
