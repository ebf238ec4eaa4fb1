"""Flux rendering of the install stages (kinds.gitops.stages): a root Kustomization per cluster, which applies
one Kustomization per stage, ordered by dependsOn; chart stages become an OCIRepository + HelmRelease
(kinds.gitops.flux_helm; imported with this module, so that charts.runtime loads its jsii assembly before any
build, never beside one). FLUX_ENGINE is Flux behind kinds.gitops.engine's Engine."""

from __future__ import annotations

from cdk8s import ApiObject
from cdk8s_plus_33 import k8s
from constructs import Construct

from karpenter_tenants.config.gitops_engines import FLUX, root_name
from karpenter_tenants.config.schema.cluster_file import ClusterFile
from karpenter_tenants.imports.flux_git.io.fluxcd.toolkit.source import (
    GitRepository,
    GitRepositorySpec,
    GitRepositorySpecRef,
    GitRepositorySpecSecretRef,
)
from karpenter_tenants.imports.flux_kustomize.io.fluxcd.toolkit.kustomize import (
    Kustomization,
    KustomizationSpec,
    KustomizationSpecDependsOn,
    KustomizationSpecSourceRef,
    KustomizationSpecSourceRefKind,
)
from karpenter_tenants.kinds.gitops.flux_helm import FluxHelmChart
from karpenter_tenants.kinds.gitops.stages import Stage, applier_metadata
from karpenter_tenants.objects.common import PRODUCT
from karpenter_tenants.objects.folder import FolderChart

LAYER = "charts"  # this module's layer (kinds/__init__.py)


def stage_folder(stage: Stage) -> str:
    """The folder of dist/<cluster>/ a stage's Kustomization applies: its objects, or its chart's Flux objects."""
    if stage.chart is not None:
        return stage.chart.chart
    assert stage.folder is not None
    return stage.folder


class _FluxKustomizations(FolderChart):
    """A chart of Flux Kustomizations, each applying one folder of dist/<cluster>/."""

    def __init__(
        self, scope: Construct, id: str, *, folder: str, config: ClusterFile, key: str, gitops_path: str
    ) -> None:
        super().__init__(scope, id, folder=folder)
        self.flux = config.gitops.flux
        self.gitops_path = gitops_path
        self.key = key
        self.label_key = config.tenancy.label_key

    def kustomization(
        self, name: str, folder: str, depends_on: tuple[str, ...] = (), *, wait: bool, tenant: str | None = None
    ) -> ApiObject:
        flux = self.flux
        return Kustomization(
            self,
            name,
            metadata=applier_metadata(name, flux.namespace, self.label_key, tenant),
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
                service_account_name=flux.service_account_name,
            ),
        )


class FluxRootChart(_FluxKustomizations):
    """`dist/<cluster>/flux`: the one object a user applies (`kubectl apply -k`), once.

    The root applies `flux/stages` and nothing else: it never lies inside the folder it applies, so
    it cannot replace or prune itself, and its name (`<cluster>-root`) is unique per cluster."""

    folder = FLUX.root_folder

    def __init__(self, scope: Construct, id: str, *, config: ClusterFile, key: str, gitops_path: str) -> None:
        super().__init__(scope, id, folder=self.folder, config=config, key=key, gitops_path=gitops_path)
        # wait: false — the stages report their own health; the root only has to apply them.
        self.root = self.kustomization(root_name(key), FLUX.stages_folder, wait=False)
        flux = config.gitops.flux
        # A fleet repository of its own: its GitRepository, applied with the root (flux bootstrap's is not ours).
        self.source: ApiObject | None = None
        if flux.source is not None:
            self.source = GitRepository(
                self,
                "source",
                metadata=applier_metadata(flux.source_ref, flux.namespace, self.label_key, None),
                spec=GitRepositorySpec(
                    interval=flux.interval,
                    url=flux.source.url,
                    ref=GitRepositorySpecRef(branch=flux.source.branch),
                    secret_ref=GitRepositorySpecSecretRef(name=flux.source.secret_ref)
                    if flux.source.secret_ref
                    else None,
                ),
            )
        # Flux's lockdown: the Kustomizations run as this account, which exists before the root first applies.
        if flux.service_account_name is not None:
            applier_account(self, "applier", config=config, namespace=flux.namespace)


def applier_account(scope: Construct, id: str, *, config: ClusterFile, namespace: str) -> k8s.KubeServiceAccount:
    """gitops.flux.serviceAccountName in one namespace, bound to cluster-admin: what the Flux controllers impersonate
    for the generated appliers under `--default-service-account` (the Karpenter chart installs CRDs and cluster
    roles, which only an account that holds their permissions may create)."""
    name = config.gitops.flux.service_account_name
    assert name is not None
    account = k8s.KubeServiceAccount(
        scope, f"{id}-service-account", metadata=k8s.ObjectMeta(name=name, namespace=namespace)
    )
    k8s.KubeClusterRoleBinding(
        scope,
        f"{id}-binding",
        # one EKS cluster has one cluster file, so the name is unique in the cluster without the file's key
        metadata=k8s.ObjectMeta(name=f"{PRODUCT}-flux-{namespace}-{name}"),
        role_ref=k8s.RoleRef(api_group="rbac.authorization.k8s.io", kind="ClusterRole", name="cluster-admin"),
        subjects=[k8s.Subject(kind="ServiceAccount", name=name, namespace=namespace)],
    )
    return account


class FluxStagesChart(_FluxKustomizations):
    """`dist/<cluster>/flux/stages`: one Kustomization per folder, ordered by dependsOn; each stage's is added
    by the part of the output it belongs to (`add`: the cluster-wide part's chart has the cluster-wide stages, each
    tenant's part a chart of its own with the tenant's)."""

    folder = FLUX.stages_folder

    def __init__(self, scope: Construct, id: str, *, config: ClusterFile, key: str, gitops_path: str) -> None:
        super().__init__(scope, id, folder=self.folder, config=config, key=key, gitops_path=gitops_path)
        self.kustomizations: dict[str, ApiObject] = {}

    def add(self, stage: Stage) -> ApiObject:
        key = self.key
        # wait: the next stage starts only when every object here is Ready
        # (CRDs established, controller Deployment available).
        self.kustomizations[stage.id] = self.kustomization(
            f"{key}-{stage.id}",
            stage_folder(stage),
            tuple(f"{key}-{a}" for a in stage.after),
            wait=True,
            tenant=stage.tenant,
        )
        return self.kustomizations[stage.id]


class FluxEngine:
    """Flux behind kinds.gitops.engine.Engine."""

    facts = FLUX

    def root_chart(self, scope: Construct, *, config: ClusterFile, key: str, gitops_path: str) -> FluxRootChart:
        return FluxRootChart(scope, FLUX.name, config=config, key=key, gitops_path=gitops_path)

    def stages_chart(
        self, scope: Construct, id: str, *, config: ClusterFile, key: str, gitops_path: str
    ) -> FluxStagesChart:
        return FluxStagesChart(scope, id, config=config, key=key, gitops_path=gitops_path)

    def base_objects(self, scope: Construct, *, config: ClusterFile, namespace: str) -> None:
        """Flux's lockdown (gitops.flux.serviceAccountName): helm-controller installs the charts as this account of
        the HelmReleases' namespace."""
        if config.gitops.flux.service_account_name is not None:
            applier_account(scope, "flux-applier", config=config, namespace=namespace)

    def chart_stage_charts(self, scope: Construct, *, config: ClusterFile, stages: list[Stage]) -> None:
        """A FluxHelmChart (OCIRepository + HelmRelease) per chart stage, construct id and folder the chart's name."""
        for stage in stages:
            if stage.chart is not None:
                folder = stage_folder(stage)
                FluxHelmChart(scope, folder, config=config, install=stage.chart, folder=folder)


FLUX_ENGINE = FluxEngine()
