"""NodeOverlays (a tenant's, or the cluster's `overlays`): price and capacity adjustments.

Part of the cluster config schema (config.schema); imports config only."""

from __future__ import annotations

import re

from pydantic import Field, model_validator

from karpenter_tenants.config.schema.base import FieldProblems, Integer, Model, Name, Quantity, shown
from karpenter_tenants.config.schema.requirements import Requirement

_PRICE = re.compile(r"^\d+(\.\d+)?$")
_PRICE_ADJUSTMENT = re.compile(r"^(([+-](\d*\.?\d+))|(\+\d*\.?\d+%)|(-\d{1,2}(\.\d+)?%)|(-100%))$")
STANDARD_RESOURCES = ("cpu", "memory", "ephemeral-storage", "pods")
# The NodeOverlay CRD's bound (karpenter.sh_nodeoverlays.yaml: spec.requirements maxItems 100; a tenant's overlay
# also gets synth's `karpenter.sh/nodepool In` its pools, config.schema.tenant; tests/unit/config/test_node_pool_bounds.py
# reads it from ../shared).
MAX_NODE_OVERLAY_REQUIREMENTS = 100


class Overlay(Model):
    """A NodeOverlay (Karpenter >= 1.7, alpha) for the tenant's node pools: what Karpenter's scheduling simulation
    believes of the instance types it matches: their price, or extended resources they offer."""

    name: Name = Field(description="The NodeOverlay is `<tenant>-<name>` (cluster-wide: `<name>`). Required, unique.")
    requirements: list[Requirement] = Field(
        default_factory=list,
        description="Which instance types it applies to (well-known labels such as node.kubernetes.io/instance-type, "
        "or the pools' labels); synth adds `karpenter.sh/nodepool In` the tenant's NodePools. Default: all of them.",
    )
    price: str | None = Field(default=None, description="The hourly price to assume, e.g. `0.42`. Default none.")
    price_adjustment: str | None = Field(
        default=None,
        description="A change of the price: `-0.05`, `+10%`, `-15%` (a Savings Plan, say). Default none.",
    )
    capacity: dict[str, Quantity] = Field(
        default_factory=dict,
        description="Extended resources the instances offer beside their own, e.g. `{smarter-devices/fuse: 2}` (not "
        "cpu, memory, ephemeral-storage, pods). Default none.",
    )
    weight: Integer | None = Field(
        default=None, ge=1, le=10000, description="Which overlay wins where several match. Default none (0)."
    )

    @model_validator(mode="after")
    def _as_the_crd_allows(self) -> Overlay:
        problems: list[tuple[tuple[str | int, ...], str]] = []
        if self.price is not None and self.price_adjustment is not None:
            problems.append(
                (("priceAdjustment",), "set either price or priceAdjustment, not both (the NodeOverlay CRD's rule)")
            )
        if self.price is not None and not _PRICE.fullmatch(self.price):
            problems.append((("price",), f"{shown(self.price)} is not a price like '0.42'"))
        if self.price_adjustment is not None and not _PRICE_ADJUSTMENT.fullmatch(self.price_adjustment):
            problems.append(
                (
                    ("priceAdjustment",),
                    f"{shown(self.price_adjustment)} is not a price change like '-0.05', "
                    "'+10%' or '-15%' (a percentage down is at most -100%)",
                )
            )
        for key in self.capacity:
            if key in STANDARD_RESOURCES:
                problems.append(
                    (("capacity", key), f"{key} is the instance's own: an overlay adds extended resources only")
                )
        if len(self.requirements) > MAX_NODE_OVERLAY_REQUIREMENTS:
            problems.append(
                (
                    ("requirements",),
                    f"{len(self.requirements)} requirements; a NodeOverlay holds at most {MAX_NODE_OVERLAY_REQUIREMENTS} "
                    "(the NodeOverlay CRD's spec.requirements maxItems): drop some",
                )
            )
        if self.price is None and self.price_adjustment is None and not self.capacity:
            problems.append(((), "changes nothing: give price, priceAdjustment or capacity"))
        if problems:
            raise FieldProblems(problems)
        return self
