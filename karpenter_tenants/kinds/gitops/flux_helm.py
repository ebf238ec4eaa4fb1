"""Flux rendering of a chart stage (kinds.gitops.stages): an OCIRepository for one Karpenter chart and the HelmRelease
that installs it. Apart from kinds.gitops.flux's Kustomizations, which a tenant's applier needs alone."""

from __future__ import annotations

from cdk8s import ApiObjectMetadata
from constructs import Construct

from karpenter_tenants.config.schema.cluster_file import ClusterFile
from karpenter_tenants.imports.flux_helm.io.fluxcd.toolkit.helm import (
    HelmRelease,
    HelmReleaseSpec,
    HelmReleaseSpecChartRef,
    HelmReleaseSpecChartRefKind,
    HelmReleaseSpecInstall,
    HelmReleaseSpecInstallCrds,
    HelmReleaseSpecInstallRemediation,
    HelmReleaseSpecUpgrade,
    HelmReleaseSpecUpgradeCrds,
    HelmReleaseSpecUpgradeRemediation,
)
from karpenter_tenants.imports.flux_source.io.fluxcd.toolkit.source import (
    OciRepository,
    OciRepositorySpec,
    OciRepositorySpecLayerSelector,
    OciRepositorySpecLayerSelectorOperation,
    OciRepositorySpecRef,
    OciRepositorySpecVerify,
    OciRepositorySpecVerifyMatchOidcIdentity,
    OciRepositorySpecVerifyProvider,
)
from karpenter_tenants.kinds.gitops.stages import ChartInstall
from karpenter_tenants.objects.common import HELM_CHART_LAYER, KARPENTER_CHART_REPOSITORY, member
from karpenter_tenants.objects.folder import FolderChart

LAYER = "charts"  # this module's layer (kinds/__init__.py)


class FluxHelmChart(FolderChart):
    """`dist/<cluster>/<chart>`: an OCIRepository for one Karpenter chart and the HelmRelease that installs it."""

    def __init__(self, scope: Construct, id: str, *, config: ClusterFile, install: ChartInstall, folder: str) -> None:
        super().__init__(scope, id, folder=folder)
        namespace = config.karpenter.namespace
        interval = config.gitops.flux.interval
        name = install.chart
        source = config.karpenter.chart_source
        metadata = ApiObjectMetadata(name=name, namespace=namespace)  # both objects: the chart's name
        self.repository = OciRepository(
            self,
            "oci-repository",
            metadata=metadata,
            spec=OciRepositorySpec(
                interval=interval,
                url=f"{KARPENTER_CHART_REPOSITORY}/{name}",
                # A digest takes precedence over the tag (the tag stays for the reader).
                ref=OciRepositorySpecRef(
                    tag=config.karpenter.parsed_version.chart_version, digest=source.digests.get(name)
                ),
                layer_selector=OciRepositorySpecLayerSelector(
                    media_type=HELM_CHART_LAYER, operation=OciRepositorySpecLayerSelectorOperation.COPY
                ),
                verify=OciRepositorySpecVerify(
                    provider=member(OciRepositorySpecVerifyProvider, source.verify.provider),
                    match_oidc_identity=[
                        OciRepositorySpecVerifyMatchOidcIdentity(
                            issuer=source.verify.issuer, subject=config.karpenter.chart_subject()
                        )
                    ],
                )
                if source.verify is not None
                else None,
            ),
        )
        install_crds, upgrade_crds = ("Skip", "Skip") if install.skip_crds else ("Create", "CreateReplace")
        self.release = HelmRelease(
            self,
            "helm-release",
            metadata=metadata,
            spec=HelmReleaseSpec(
                interval=interval,
                release_name=name,
                chart_ref=HelmReleaseSpecChartRef(
                    kind=HelmReleaseSpecChartRefKind.OCI_REPOSITORY, name=name, namespace=namespace
                ),
                install=HelmReleaseSpecInstall(
                    crds=member(HelmReleaseSpecInstallCrds, install_crds),
                    remediation=HelmReleaseSpecInstallRemediation(retries=3),
                ),
                upgrade=HelmReleaseSpecUpgrade(
                    crds=member(HelmReleaseSpecUpgradeCrds, upgrade_crds),
                    remediation=HelmReleaseSpecUpgradeRemediation(retries=3),
                ),
                values=install.values,
                service_account_name=config.gitops.flux.service_account_name,
            ),
        )
