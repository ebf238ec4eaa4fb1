"""NodeOverlays (Karpenter >= 1.7, karpenter.sh/v1alpha1): ClusterOverlaysChart, the cluster-wide ones in
`dist/<cluster>/overlays/`, and a tenant's own (tenant_overlay, in its chart). Imports config, objects, kinds.overlay.fields, cdk8s and imports/ (its NodeOverlay classes, when an overlay is built) only."""

from __future__ import annotations

from cdk8s import ApiObject, ApiObjectMetadata
from constructs import Construct

from karpenter_tenants.config.resolved import ResolvedTenant
from karpenter_tenants.config.schema.cluster_file import ClusterFile
from karpenter_tenants.config.schema.overlays import Overlay
from karpenter_tenants.kinds.overlay.fields import FOLDER
from karpenter_tenants.objects.common import member, quantity
from karpenter_tenants.objects.folder import FolderChart

LAYER = "charts"  # this module's layer (kinds/__init__.py)


class ClusterOverlaysChart(FolderChart):
    """`dist/<cluster>/overlays/`: the cluster-wide NodeOverlays (top-level `overlays`, construct ids
    `overlay-<name>`), for every NodePool of the cluster, applied by stage `karpenter-overlays` after the controller.

    Props (keyword-only): `config`, the cluster-level settings (its `overlays`)."""

    def __init__(self, scope: Construct, id: str, *, config: ClusterFile) -> None:
        super().__init__(scope, id, folder=FOLDER)
        self.overlays = {o.name: node_overlay(self, o, name=o.name) for o in config.overlays}


def tenant_overlay(scope: Construct, tenant: ResolvedTenant, overlay: Overlay) -> ApiObject:
    """NodeOverlay `<tenant>-<overlay>` (construct id `overlay-<name>`): the overlay's requirements and the tenant's
    NodePools, so it changes what Karpenter believes only for this tenant's pools."""
    pools = [pool.name for pool in tenant.node_pools]
    return node_overlay(
        scope, overlay, name=f"{tenant.name}-{overlay.name}", labels=dict(tenant.object_labels), node_pools=pools
    )


def node_overlay(
    scope: Construct,
    overlay: Overlay,
    *,
    name: str,
    labels: dict[str, str] | None = None,
    node_pools: list[str] | None = None,
) -> ApiObject:
    """A NodeOverlay (construct id `overlay-<overlay name>`) of the overlay's settings; with node_pools, for those
    NodePools only."""
    from karpenter_tenants.imports.karpenter_overlay_v1alpha1.sh.karpenter import (
        NodeOverlay,
        NodeOverlaySpec,
        NodeOverlaySpecCapacity,
        NodeOverlaySpecRequirements,
        NodeOverlaySpecRequirementsOperator,
    )

    requirements = (
        [
            NodeOverlaySpecRequirements(
                key="karpenter.sh/nodepool", operator=NodeOverlaySpecRequirementsOperator.IN, values=node_pools
            )
        ]
        if node_pools
        else []
    )
    requirements += [
        NodeOverlaySpecRequirements(
            key=r.key, operator=member(NodeOverlaySpecRequirementsOperator, r.operator), values=list(r.values) or None
        )
        for r in overlay.requirements
    ]
    return NodeOverlay(
        scope,
        f"overlay-{overlay.name}",
        metadata=ApiObjectMetadata(name=name, labels=labels),
        spec=NodeOverlaySpec(
            requirements=requirements,
            price=overlay.price,
            price_adjustment=overlay.price_adjustment,
            capacity={k: quantity(NodeOverlaySpecCapacity, v) for k, v in sorted(overlay.capacity.items())} or None,
            weight=overlay.weight,
        ),
    )
