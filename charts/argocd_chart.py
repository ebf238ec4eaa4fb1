"""Argo CD app-of-apps: a root Application whose children install, in sync waves, the base objects,
the karpenter-crd chart (1.x), the karpenter chart and one Application per tenant's node pool."""

from __future__ import annotations

from typing import Any

from cdk8s import ApiObjectMetadata, Chart
from constructs import Construct

from charts.common import MANAGED_BY
from charts.config import ArgoCdConfig, ClusterFile
from charts.helm_values import karpenter_values
from charts.versions import Generation
from imports.argocd.io.argoproj import (  # noqa: I001
    Application,
    ApplicationSpec,
    ApplicationSpecDestination,
    ApplicationSpecSource,
    ApplicationSpecSourceHelm,
    ApplicationSpecSyncPolicy,
    ApplicationSpecSyncPolicyAutomated,
)

KARPENTER_OCI_REPOSITORY = "public.ecr.aws/karpenter"  # Argo CD names OCI Helm repositories without oci://
SYNC_WAVE = "argocd.argoproj.io/sync-wave"
# Deleting a child Application deletes what it deployed (like Flux's prune of a Kustomization).
RESOURCES_FINALIZER = "resources-finalizer.argocd.argoproj.io"
WAVES = {"base": "0", "karpenter-crd": "1", "karpenter": "2", "nodepool": "3"}


def _repository_path(gitops_path: str, folder: str) -> str:
    return f"{gitops_path.removeprefix('./')}/{folder}"


class _ArgoApplications(Chart):
    def __init__(self, scope: Construct, id: str, *, config: ClusterFile, key: str) -> None:
        super().__init__(scope, id, labels=MANAGED_BY)
        assert config.gitops.argocd is not None  # the config model requires it for engine argocd
        self.config = config
        self.argocd: ArgoCdConfig = config.gitops.argocd
        self.key = key

    def application(
        self,
        name: str,
        source: ApplicationSpecSource,
        namespace: str,
        *,
        wave: str | None = None,
        sync_options: list[str] | None = None,
        cascade: bool = True,
    ) -> Application:
        argocd = self.argocd
        return Application(
            self,
            name,
            metadata=ApiObjectMetadata(
                name=name,
                namespace=argocd.namespace,
                annotations={SYNC_WAVE: wave} if wave is not None else None,
                finalizers=[RESOURCES_FINALIZER] if cascade else None,
            ),
            spec=ApplicationSpec(
                project=argocd.project,
                source=source,
                destination=ApplicationSpecDestination(server=argocd.destination_server, namespace=namespace),
                sync_policy=ApplicationSpecSyncPolicy(
                    automated=ApplicationSpecSyncPolicyAutomated(prune=argocd.prune, self_heal=argocd.self_heal),
                    sync_options=sync_options,
                ),
            ),
        )

    def git_source(self, path: str) -> ApplicationSpecSource:
        return ApplicationSpecSource(
            repo_url=self.argocd.repo_url, target_revision=self.argocd.target_revision, path=path
        )

    def chart_source(self, chart: str, helm: ApplicationSpecSourceHelm) -> ApplicationSpecSource:
        return ApplicationSpecSource(
            repo_url=KARPENTER_OCI_REPOSITORY,
            chart=chart,
            target_revision=self.config.karpenter.parsed_version.chart_version,
            helm=helm,
        )


class ArgoCdRootChart(_ArgoApplications):
    """The root Application (`dist/<cluster>/argocd/`), applied once; it syncs the child Applications."""

    def __init__(self, scope: Construct, id: str, *, config: ClusterFile, key: str, gitops_path: str) -> None:
        super().__init__(scope, id, config=config, key=key)
        # No cascade: deleting the root Application must not uninstall Karpenter and every node pool.
        self.root = self.application(
            f"{key}-root",
            self.git_source(_repository_path(gitops_path, "argocd/apps")),
            self.argocd.namespace,
            cascade=False,
        )


class ArgoCdAppsChart(_ArgoApplications):
    """The child Applications (`dist/<cluster>/argocd/apps/`), ordered by sync wave."""

    def __init__(
        self, scope: Construct, id: str, *, config: ClusterFile, key: str, gitops_path: str, tenant_folders: dict[str, str]
    ) -> None:
        super().__init__(scope, id, config=config, key=key)
        namespace = config.karpenter.namespace
        self.applications: dict[str, Application] = {}
        self.applications["base"] = self.application(
            f"{key}-karpenter-base",
            self.git_source(_repository_path(gitops_path, "base")),
            namespace,
            wave=WAVES["base"],
        )
        v1 = config.generation is Generation.V1
        if v1:
            self.applications["karpenter-crd"] = self.application(
                f"{key}-karpenter-crd",
                self.chart_source("karpenter-crd", ApplicationSpecSourceHelm(release_name="karpenter-crd")),
                namespace,
                wave=WAVES["karpenter-crd"],
                # CRDs exceed the client-side apply annotation limit; server-side apply has none.
                sync_options=["ServerSideApply=true"],
            )
        values: dict[str, Any] = karpenter_values(config)
        self.applications["karpenter"] = self.application(
            f"{key}-karpenter",
            self.chart_source(
                "karpenter",
                ApplicationSpecSourceHelm(
                    release_name="karpenter",
                    # 1.x: CRDs come from karpenter-crd; 0.31: the chart's crds/ folder is their only source.
                    skip_crds=v1,
                    values_object=values,
                ),
            ),
            namespace,
            wave=WAVES["karpenter"],
            sync_options=["ServerSideApply=true"],
        )
        for tenant, folder in sorted(tenant_folders.items()):
            self.applications[f"nodepool-{tenant}"] = self.application(
                f"{key}-nodepool-{tenant}",
                self.git_source(_repository_path(gitops_path, folder)),
                namespace,
                wave=WAVES["nodepool"],
                # NodePool/EC2NodeClass CRDs may not exist yet at dry-run time on a fresh cluster.
                sync_options=["SkipDryRunOnMissingResource=true"],
            )
