"""The instance types file of Karpenter's kwok provider (`INSTANCE_TYPES_FILE_PATH`), made from the reference
catalogue in ../shared: `reference/instance-types.md` (every EC2 type with its `karpenter.k8s.aws/*` labels and
allocatable resources) and `reference/zz_generated.pricing_aws.go` (us-east-1 on-demand prices).

The file's format is the kwok provider's `[]InstanceTypeOptions` (sigs.k8s.io/karpenter kwok/cloudprovider,
helpers.go): name, architecture, operatingSystems, resources, and offerings of {Price, Available, Requirements}.
The provider derives an instance type's requirements from name, architecture, OS, zones and capacity types only;
any other key an offering's Requirements carry becomes a well-known label Karpenter matches the NodePool's
requirements against and puts on the Node. So every offering carries its type's `karpenter.k8s.aws/*` labels:
a NodePool's `instance-category In [c, m]` or `instance-gpu-count Gt 0` is decided by Karpenter, not by us.

The catalogue is parsed by the product (capacity.catalogue); this module only selects and writes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from karpenter_tenants.capacity.catalogue import InstanceType, load_catalogue
from karpenter_tenants.reference.shared import shared_dir

__all__ = ["InstanceType", "instance_types_file"]

# Kept (docs/e2e.md): c, m and r of generations 6 and 7 (the generations of the example tenant alpha), and every
# g and p type of generation 5 and later (NVIDIA and AMD GPUs); x86 and Graviton, every size, with a us-east-1
# price. The whole catalogue (1,336 types, 9 MB as this file) slows Karpenter's scheduling simulation on two
# cores without testing anything more.
GENERATIONS = {"c": (6, 7), "m": (6, 7), "r": (6, 7), "g": tuple(range(5, 10)), "p": tuple(range(5, 10))}
ZONES = ("us-east-1a", "us-east-1b", "us-east-1c")
# Spot offerings are priced at this share of on-demand (the reference has no spot prices); Karpenter picks the
# cheapest offering, so spot must be cheaper, as it is on EC2.
SPOT_SHARE = 0.4
# Kept resources (the reference also lists vpc.amazonaws.com/pod-eni and similar, which nothing here asks for).
RESOURCES = ("cpu", "memory", "ephemeral-storage", "pods", "nvidia.com/gpu")


def selected(types: list[InstanceType]) -> list[InstanceType]:
    return [
        it
        for it in types
        if it.price is not None
        and it.labels.get("kubernetes.io/os") == "linux"
        and int(it.labels.get("karpenter.k8s.aws/instance-generation", "0")) in GENERATIONS.get(it.category, ())
    ]


def offerings(it: InstanceType, on_demand: float) -> list[dict[str, Any]]:
    labels = [
        {"key": key, "operator": "In", "values": [value]}
        # An empty value (metal types' instance-hypervisor) left out, as this file always had it.
        for key, value in sorted(it.labels.items())
        if key.startswith("karpenter.k8s.aws/") and value
    ]
    return [
        {
            "Price": round(on_demand * (SPOT_SHARE if capacity == "spot" else 1.0), 6),
            "Available": True,
            "Requirements": [
                {"key": "karpenter.sh/capacity-type", "operator": "In", "values": [capacity]},
                {"key": "topology.kubernetes.io/zone", "operator": "In", "values": [zone]},
                *labels,
            ],
        }
        for capacity in ("spot", "on-demand")
        for zone in ZONES
    ]


def instance_types_file(target: Path) -> list[InstanceType]:
    """Writes the kwok provider's file to `target`; the kept types, for the tests' predictions. The catalogue is
    parsed by the product (capacity.catalogue), the one `python main.py capacity` reads."""
    kept = selected(load_catalogue(shared_dir()).types)
    options = [
        {
            "name": it.name,
            "architecture": it.labels["kubernetes.io/arch"],
            "operatingSystems": ["linux"],
            "resources": {key: value for key, value in it.resources.items() if key in RESOURCES},
            "offerings": offerings(it, it.price),  # type: ignore[arg-type]
        }
        for it in kept
    ]
    target.write_text(json.dumps(options), encoding="utf-8")
    return kept
