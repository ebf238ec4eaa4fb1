"""Argo CD app-of-apps: a root Application whose children install the cluster's stages (kinds.gitops.stages) in
sync waves: the base objects, the karpenter-crd chart (1.x), the karpenter chart, one node pool per tenant.
ARGOCD_ENGINE is Argo CD behind kinds.gitops.engine's Engine."""

from __future__ import annotations

from cdk8s import ApiObject
from constructs import Construct

from karpenter_tenants.config.gitops_engines import ARGOCD, root_name
from karpenter_tenants.config.schema.cluster_file import ClusterFile
from karpenter_tenants.config.schema.gitops import ArgoCdConfig
from karpenter_tenants.imports.argocd.io.argoproj import (  # noqa: I001
    Application,
    ApplicationSpec,
    ApplicationSpecDestination,
    ApplicationSpecSource,
    ApplicationSpecSourceHelm,
    ApplicationSpecSyncPolicy,
    ApplicationSpecSyncPolicyAutomated,
)
from karpenter_tenants.kinds.gitops.stages import Stage, applier_metadata
from karpenter_tenants.objects.folder import FolderChart

LAYER = "charts"  # this module's layer (kinds/__init__.py)

KARPENTER_OCI_REPOSITORY = "public.ecr.aws/karpenter"  # Argo CD names OCI Helm repositories without oci://
SYNC_WAVE = "argocd.argoproj.io/sync-wave"
# Deleting a child Application deletes what it deployed (like Flux's prune of a Kustomization).
RESOURCES_FINALIZER = "resources-finalizer.argocd.argoproj.io"


def _repository_path(gitops_path: str, folder: str) -> str:
    return f"{gitops_path.removeprefix('./')}/{folder}"


class _ArgoApplications(FolderChart):
    """A chart of Argo CD Applications."""

    def __init__(self, scope: Construct, id: str, *, folder: str, config: ClusterFile, key: str) -> None:
        super().__init__(scope, id, folder=folder)
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
        tenant: str | None = None,
    ) -> ApiObject:
        argocd = self.argocd
        return Application(
            self,
            name,
            metadata=applier_metadata(
                name,
                argocd.namespace,
                self.config.tenancy.label_key,
                tenant,
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
        digest = self.config.karpenter.chart_source.digests.get(chart)
        if digest is not None:
            # Argo CD's Helm-OCI source takes a version only (a digest fails as a semver constraint,
            # argoproj/argo-cd#24970); its OCI source (3.1 or later) takes a digest, path `.` for a Helm chart.
            return ApplicationSpecSource(
                repo_url=f"oci://{KARPENTER_OCI_REPOSITORY}/{chart}", path=".", target_revision=digest, helm=helm
            )
        return ApplicationSpecSource(
            repo_url=KARPENTER_OCI_REPOSITORY,
            chart=chart,
            target_revision=self.config.karpenter.parsed_version.chart_version,
            helm=helm,
        )


class ArgoCdRootChart(_ArgoApplications):
    """The root Application (`dist/<cluster>/argocd/`), applied once; it syncs the child Applications."""

    folder = ARGOCD.root_folder

    def __init__(self, scope: Construct, id: str, *, config: ClusterFile, key: str, gitops_path: str) -> None:
        super().__init__(scope, id, folder=self.folder, config=config, key=key)
        # No cascade: deleting the root Application must not uninstall Karpenter and every node pool.
        self.root = self.application(
            root_name(key),
            self.git_source(_repository_path(gitops_path, ARGOCD.stages_folder)),
            self.argocd.namespace,
            cascade=False,
        )


class ArgoCdAppsChart(_ArgoApplications):
    """The child Applications (`dist/<cluster>/argocd/apps/`): one per install stage, in sync waves; each stage's
    is added by the part of the output it belongs to (`add`: the cluster-wide stages, each tenant's own)."""

    folder = ARGOCD.stages_folder

    def __init__(self, scope: Construct, id: str, *, config: ClusterFile, key: str, gitops_path: str) -> None:
        super().__init__(scope, id, folder=self.folder, config=config, key=key)
        self.gitops_path = gitops_path
        self.applications: dict[str, ApiObject] = {}

    def add(self, stage: Stage) -> ApiObject:
        namespace = self.config.karpenter.namespace
        if stage.chart is not None:
            install = stage.chart
            source = self.chart_source(
                install.chart,
                ApplicationSpecSourceHelm(
                    release_name=install.chart,
                    skip_crds=install.skip_crds,
                    values_object=install.values,
                ),
            )
            # CRDs exceed the client-side apply annotation limit; server-side apply has none.
            sync_options: list[str] | None = ["ServerSideApply=true"]
        else:
            assert stage.folder is not None
            source = self.git_source(_repository_path(self.gitops_path, stage.folder))
            # NodePool/EC2NodeClass CRDs may not exist yet at dry-run time on a fresh cluster.
            sync_options = ["SkipDryRunOnMissingResource=true"] if stage.tenant is not None else None
        self.applications[stage.id] = self.application(
            f"{self.key}-{stage.id}",
            source,
            namespace,
            wave=str(stage.wave),
            sync_options=sync_options,
            tenant=stage.tenant,
        )
        return self.applications[stage.id]


class ArgoCdEngine:
    """Argo CD behind kinds.gitops.engine.Engine."""

    facts = ARGOCD

    def root_chart(self, scope: Construct, *, config: ClusterFile, key: str, gitops_path: str) -> ArgoCdRootChart:
        return ArgoCdRootChart(scope, ARGOCD.name, config=config, key=key, gitops_path=gitops_path)

    def stages_chart(
        self, scope: Construct, id: str, *, config: ClusterFile, key: str, gitops_path: str
    ) -> ArgoCdAppsChart:
        return ArgoCdAppsChart(scope, id, config=config, key=key, gitops_path=gitops_path)

    def base_objects(self, scope: Construct, *, config: ClusterFile, namespace: str) -> None:
        """None: Argo CD applies as its own controller's account."""

    def chart_stage_charts(self, scope: Construct, *, config: ClusterFile, stages: list[Stage]) -> None:
        """None: a chart stage's Application renders its chart itself."""


ARGOCD_ENGINE = ArgoCdEngine()
