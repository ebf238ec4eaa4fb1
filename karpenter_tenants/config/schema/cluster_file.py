"""ClusterFile, the root of one clusters/<name>.yaml (its rules across sections are config.rules.cluster's), and whether the cluster enforces
the isolation policy. What is derived from it (node pools, requirements, roles, ...) is config.resolved's.

Part of the cluster config schema (config.schema); imports config only."""

from __future__ import annotations

from pydantic import Field, model_validator

from karpenter_tenants.config.rules.cluster import first_problems
from karpenter_tenants.config.schema.autoscaler import ClusterAutoscaler
from karpenter_tenants.config.schema.base import FieldProblems, Model
from karpenter_tenants.config.schema.cluster import ClusterConfig
from karpenter_tenants.config.schema.gitops import GitOpsConfig
from karpenter_tenants.config.schema.iam import IamConfig
from karpenter_tenants.config.schema.karpenter import KarpenterConfig
from karpenter_tenants.config.schema.overlays import Overlay
from karpenter_tenants.config.schema.tenancy import MIN_KUBERNETES_MINOR, Tenancy
from karpenter_tenants.config.schema.tenant import Tenant
from karpenter_tenants.config.versions import Generation


class ClusterFile(Model):
    """One file under clusters/: one EKS cluster, its Karpenter and its tenants."""

    cluster: ClusterConfig = Field(description="The EKS cluster. Required.")
    gitops: GitOpsConfig = Field(default_factory=GitOpsConfig, description="How dist/ is synced. Default: Flux.")
    karpenter: KarpenterConfig = Field(description="The Karpenter installation. Required.")
    tenancy: Tenancy = Field(default_factory=Tenancy, description="How tenants' nodes are told apart.")
    iam: IamConfig = Field(default_factory=IamConfig, description="Existing IAM, permissions boundary, name prefix.")
    cluster_autoscaler: ClusterAutoscaler | None = Field(
        default=None,
        description="While moving from cluster-autoscaler: whether it still runs and which node groups move to which "
        "tenant (docs/cluster-autoscaler.md). Default none (no cluster-autoscaler).",
    )
    overlays: list[Overlay] = Field(
        default_factory=list,
        description="1.x >= 1.7: cluster-wide NodeOverlays, e.g. an enterprise discount on every instance: NodeOverlay "
        "`<name>` for every NodePool of the cluster (also those this product does not write; a `karpenter.sh/nodepool` "
        "requirement narrows it), applied after the controller (stage `karpenter-overlays`); synth turns on the "
        "`nodeOverlay` feature gate. A tenant's own overlays win where their weight is higher. Default none.",
    )
    tenants: list[Tenant] = Field(default_factory=list, description="The customers. Default none.")

    # Derived values, resolved once here so every chart agrees.

    @property
    def generation(self) -> Generation:
        return self.karpenter.parsed_version.generation

    # What is derived from these sections is config.resolved's (resolve(config)), computed once.

    @model_validator(mode="after")
    def _rules(self) -> ClusterFile:
        """The rules across sections (config.rules.cluster), in order: the first one's problems that has any."""
        problems = first_problems(self)
        if problems:
            raise FieldProblems(problems)
        return self

    def sorted_tenants(self) -> list[Tenant]:
        """Tenants by name: output never depends on their order in the file."""
        return sorted(self.tenants, key=lambda tenant: tenant.name)


def isolation_supported(config: ClusterFile) -> bool:
    """Whether the cluster's Kubernetes enforces the isolation ValidatingAdmissionPolicy (1.30 and newer)."""
    return int(config.cluster.kubernetes_version.split(".")[1]) >= MIN_KUBERNETES_MINOR
