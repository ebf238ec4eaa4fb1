"""The instance types the scheduler chooses from, as Karpenter's AWS provider would give them: the catalogue
Karpenter 1.14.1 publishes (capacity.catalogue: every label, allocatable as Karpenter computes it on AL2023), each
offered in every zone of the cluster (its nodes' zones, of its region, at most MAX_ZONES) and as on-demand and spot,
priced from Karpenter's own on-demand table (us-east-1's, the only one it ships) or from `--prices FILE` (a JSON
object: instance type → on-demand $/h of the cluster's region).

Assumptions, said with every answer (PRICES_NOTE, SPOT_NOTE): spot has no offline price, so a spot offering is priced
at the on-demand price (an upper bound; Karpenter launches spot where the pool allows it); every type is offered in
every zone (the catalogue has no per-zone availability); a type with no price is not offered (Karpenter drops types
without offerings).

Capacity and overhead: the catalogue gives allocatable; Karpenter counts a type's capacity against a pool's limits.
Capacity cpu is the type's vCPUs (karpenter.k8s.aws/instance-cpu), capacity memory its memory less Karpenter's
default VM overhead (7.5 %, --vm-memory-overhead-percent), the rest as kube-reserved overhead, so that
allocatable = capacity - overhead is the catalogue's.

Owns: the scheduler's instance types. Must not import: commands/, review/."""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from karpenter_tenants.capacity.catalogue import PRICE_REGION, Catalogue, quantity
from karpenter_tenants.config.yaml_input import InputError
from karpenter_tenants.simulation.binary import CORE_VERSION

VM_MEMORY_OVERHEAD = 0.075  # Karpenter's default --vm-memory-overhead-percent
SPOT_NOTE = "spot priced at the on-demand price (no offline spot price: an upper bound)"
MAX_PRICES = 10_000
ZONE_LABEL = "topology.kubernetes.io/zone"
# The distinct zones new nodes are offered in. Every instance type is offered in each (1,318 priced types, on-demand
# and spot: 2,636 offerings a zone, 0.2 MB of the request; the scheduler's memory grows ~4.5 MB a zone with one
# NodePool, ~12 MB with a cluster's many: bench/input_sizes.py), so a nodes file with one zone per node (20,000 nodes)
# asked for hundreds of GB. A cluster's nodes are in its region's availability zones (at most 6, us-east-1) and
# perhaps a few Local or Wavelength Zones: 16 leaves room for those and bounds the offerings. The zones are counted in
# the file's order; the node that brings the 17th is named (simulation.run.read_nodes), before any Go runs.
MAX_ZONES = 16


@dataclass(frozen=True)
class Prices:
    by_type: dict[str, float]
    source: str  # said on every price, e.g. "Karpenter 1.14.1's on-demand table for us-east-1 (2026-07-06)"


def catalogue_prices(catalogue: Catalogue) -> Prices:
    return Prices(
        {it.name: it.price for it in catalogue.types if it.price is not None},
        f"Karpenter 1.14.1's on-demand table for {PRICE_REGION} (generated {catalogue.prices_generated})",
    )


MAX_PRICE = 10_000  # $/h: no instance type costs that much an hour; a larger number is a mistake (or 1.7e308)


def read_prices(path: Path, known: Collection[str] | None = None) -> Prices:
    """`--prices FILE`: a JSON object of instance type → on-demand price per hour; InputError naming the file and the
    key whose value is not a finite number from 0 to MAX_PRICE. known: the catalogue's type names (None: the
    catalogue's, when it can be read); keys that name none of them are said once in the prices' source (how many, the
    first few), and a file none of whose keys names one is InputError (it would offer no type at all)."""
    from karpenter_tenants.config.listing import first_few, one_line
    from karpenter_tenants.config.yaml_input import read_json

    document = read_json(path, str(path), written_by="a JSON object of instance type to on-demand $/h")
    if not isinstance(document, dict) or not document or len(document) > MAX_PRICES:
        raise InputError(
            str(path),
            None,
            f'not a JSON object of 1 to {MAX_PRICES} instance types to prices, e.g. {{"m5.large": 0.107}}',
        )
    for name, price in document.items():
        if isinstance(price, bool) or not isinstance(price, (int, float)) or not _price(price):
            shown = (
                f"a {len(str(abs(price)))}-digit number"
                if isinstance(price, int) and not isinstance(price, bool) and abs(price) >= 10**15
                else one_line(repr(price))[:40]
            )
            raise InputError(
                str(path),
                None,
                f"{one_line(repr(name))[:80]}: {shown} is not a price per hour: give a "
                f"finite number of dollars from 0 to {MAX_PRICE:,}",
            )
    names = set(known) if known is not None else _catalogue_names()
    source = f"{path}"
    if names is not None:
        unknown = sorted(name for name in document if name not in names)
        if len(unknown) == len(document):
            raise InputError(
                str(path),
                None,
                f"none of its {len(document)} key(s) names an instance type of Karpenter "
                f"{CORE_VERSION}'s catalogue ({first_few([one_line(n)[:40] for n in unknown], 3)}): it would "
                'price no type; keys are instance type names, e.g. {"m5.large": 0.107}',
            )
        if unknown:
            source += (
                f" ({len(unknown)} of its {len(document)} keys name no instance type of Karpenter {CORE_VERSION}'s "
                f"catalogue, not used: {first_few([one_line(n)[:40] for n in unknown], 3)})"
            )
    return Prices({name: float(price) for name, price in document.items()}, source)


def _price(value: int | float) -> bool:
    """A finite number from 0 to MAX_PRICE (an integer compared as one: a 400-digit one is no float)."""
    if isinstance(value, int):
        return 0 <= value <= MAX_PRICE
    return math.isfinite(value) and 0 <= value <= MAX_PRICE


def _catalogue_names() -> set[str] | None:
    """The catalogue's instance type names; None when it cannot be read (the simulation then says why itself)."""
    from karpenter_tenants.capacity.catalogue import CatalogueError, load_catalogue
    from karpenter_tenants.config.environment import EnvironmentProblem
    from karpenter_tenants.reference.shared import shared_dir

    try:
        return {it.name for it in load_catalogue(shared_dir()).types}
    except (CatalogueError, InputError, EnvironmentProblem, OSError, ValueError):
        return None


def instance_types(catalogue: Catalogue, zones: list[str], prices: Prices) -> list[dict[str, Any]]:
    types = []
    for it in catalogue.types:
        price = prices.by_type.get(it.name)
        if price is None:
            continue
        vcpus = float(it.labels.get("karpenter.k8s.aws/instance-cpu") or 0)
        memory_mib = float(it.labels.get("karpenter.k8s.aws/instance-memory") or 0)
        allocatable = {resource: text for resource, text in it.resources.items()}
        capacity = dict(allocatable)
        reserved: dict[str, str] = {}
        if vcpus and quantity(allocatable.get("cpu", "0")) is not None:
            capacity["cpu"] = f"{int(vcpus * 1000)}m"
            reserved["cpu"] = f"{max(0, int(vcpus * 1000) - round((quantity(allocatable['cpu']) or 0) * 1000))}m"
        if memory_mib and quantity(allocatable.get("memory", "0")) is not None:
            capacity_mib = int(memory_mib * (1 - VM_MEMORY_OVERHEAD))
            allocatable_mib = int((quantity(allocatable["memory"]) or 0) / 2**20)
            capacity["memory"] = f"{max(capacity_mib, allocatable_mib)}Mi"
            reserved["memory"] = f"{max(0, capacity_mib - allocatable_mib)}Mi"
        offerings = [
            {"zone": zone, "capacityType": capacity_type, "price": price, "available": True}
            for zone in zones
            for capacity_type in ("on-demand", "spot")
        ]
        types.append(
            {
                "name": it.name,
                "labels": dict(it.labels),
                "capacity": capacity,
                "overhead": {"kubeReserved": reserved},
                "offerings": offerings,
            }
        )
    return types


def zones_of(region: str, nodes: list[dict[str, Any]]) -> list[str]:
    """The zones new nodes may go to: those the cluster's nodes are in (topology.kubernetes.io/zone), else the
    region's a, b and c. At most MAX_ZONES; InputError naming the nodes file (run.read_nodes's NodeList: its source
    and each zone's first path) and the node otherwise, before any Go runs. A zone named outside the cluster file's
    region is kept as the nodes have it (Karpenter's kwok provider names its own zones; a hybrid node's label is its
    own): the offerings follow the nodes."""
    from karpenter_tenants.simulation.pod_values import shown

    source = getattr(nodes, "source", "--nodes")
    paths: dict[str, str] = getattr(nodes, "zone_paths", {})
    found: dict[str, str] = {}
    for index, node in enumerate(nodes):
        labels = (node.get("metadata") or {}).get("labels") or {}
        zone = labels.get(ZONE_LABEL) if isinstance(labels, dict) else None
        if isinstance(zone, str) and zone not in found:
            found[zone] = paths.get(zone) or f"nodes[{index}].metadata.labels.{ZONE_LABEL}"
    for count, (zone, path) in enumerate(found.items(), start=1):  # in the file's order: the first past the cap named
        if count > MAX_ZONES:
            raise InputError(
                source,
                None,
                f"{path}: {shown(zone)} is zone {count} of the nodes; the simulation offers "
                f"every instance type in each zone, at most {MAX_ZONES}: is it `kubectl get nodes -o json` "
                "of one cluster?",
            )
    return sorted(found) or [f"{region}{letter}" for letter in "abc"]
