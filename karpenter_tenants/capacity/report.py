"""The capacity report (`python main.py capacity`) as text, Markdown or JSON, and plan's capacity line per changed
node pool. Every price is us-east-1's on-demand price per hour, and says so.

Must not import: review/ (plan's changes come in as they are; their severities as an argument)."""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Mapping
from typing import Any

from karpenter_tenants.capacity.catalogue import PRICE_REGION, Catalogue, InstanceType
from karpenter_tenants.capacity.pools import PoolCapacity, money, node_pools, pool_capacity

PRICES = f"{PRICE_REGION} on-demand prices"


def capacities(
    files: dict[str, str], catalogue: Catalogue, regions: dict[str, str], label_keys: dict[str, str] | None = None
) -> list[PoolCapacity]:
    """Every node pool of a dist/ tree's files, by cluster and name; regions: each cluster key's AWS region."""
    label_keys = label_keys or {}
    return [
        pool_capacity(obj, catalogue, cluster, regions.get(cluster, ""), label_keys.get(cluster, "tenant"))
        for (cluster, _), obj in sorted(node_pools(files).items())
    ]


def bound_text(pool: PoolCapacity) -> str:
    bound = pool.bound
    if bound is None:
        why = "; ".join(f"{b.limit}: {b.how}" for b in pool.bounds) or "no limits"
        return f"unbounded ({why})"
    return f"at most {money(bound.cost)}/h on demand ({PRICE_REGION} prices): {bound.how}"


def _node(it: InstanceType) -> str:
    gpus = [
        f"{it.resources[r]} {r}"
        for r in ("nvidia.com/gpu", "amd.com/gpu", "aws.amazon.com/neuron", "habana.ai/gaudi")
        if r in it.resources
    ]
    price = f", {money(it.price)}/h" if it.price is not None else ", no us-east-1 price"
    return (
        f"{it.name} ({it.vcpus} vCPUs; allocatable {it.amount('cpu'):g} cpu, {it.amount('memory') / 2**30:,.1f} GiB memory"
        + "".join(f", {g}" for g in gpus)
        + price
        + ")"
    )


def _region_note(region: str) -> str:
    if not region or region == PRICE_REGION:
        return f"{PRICES}"
    return (
        f"{PRICES}, not {region}'s: the table Karpenter ships, which it uses until it has read live prices and "
        f"for regions without a table of their own; {region}'s prices differ"
    )


def pool_lines(pool: PoolCapacity) -> list[str]:
    within = "" if len(pool.fitting) == len(pool.allowed) else f" ({len(pool.fitting)} within its limits)"
    lines = [f"{len(pool.allowed):,} of {pool.total:,} instance types allowed by its requirements{within}"]
    if pool.largest is not None:
        lines.append(f"largest node: {_node(pool.largest)}")
        if pool.largest_fitting is not None and pool.largest_fitting is not pool.largest:
            lines.append(f"largest within its limits: {_node(pool.largest_fitting)}")
    if pool.cheapest is not None and pool.priciest is not None:
        lines.append(
            f"per node: {money(pool.cheapest.known_price)}/h ({pool.cheapest.name}) to "
            f"{money(pool.priciest.known_price)}/h ({pool.priciest.name})"
        )
    limits = ", ".join(f"{k} {v}" for k, v in pool.limits.items()) or "none"
    lines.append(f"limits {limits}: {bound_text(pool)}")
    lines += [f"note: {note}" for note in pool.notes]
    return lines


def text(pools: list[PoolCapacity], catalogue: Catalogue) -> str:
    out = [
        f"capacity: catalogue {catalogue.folder} ({len(catalogue.types):,} instance types; {PRICES}, "
        f"generated {catalogue.prices_generated})"
    ]
    for cluster in sorted({p.cluster for p in pools}):
        in_cluster = [p for p in pools if p.cluster == cluster]
        out += ["", f"{cluster} ({in_cluster[0].region}; {_region_note(in_cluster[0].region)})"]
        for pool in in_cluster:
            out.append(f"  {pool.kind}/{pool.name} (tenant {pool.tenant or '?'})")
            out += [f"    {line}" for line in pool_lines(pool)]
    if not pools:
        out.append("no node pools")
    return "\n".join(out) + "\n"


def markdown(pools: list[PoolCapacity], catalogue: Catalogue) -> str:
    out = [
        "## Capacity: instance types and on-demand cost per node pool",
        "",
        f"Catalogue: Karpenter's {len(catalogue.types):,} instance types; prices: {PRICES} per hour "
        f"(generated {catalogue.prices_generated}).",
    ]
    for cluster in sorted({p.cluster for p in pools}):
        in_cluster = [p for p in pools if p.cluster == cluster]
        out += [
            "",
            f"### Cluster {cluster} ({in_cluster[0].region})",
            "",
            f"Prices: {_region_note(in_cluster[0].region)}.",
            "",
            "| node pool | tenant | instance types | largest node | per node | its limits allow, on demand |",
            "| --- | --- | ---: | --- | --- | --- |",
        ]
        for pool in in_cluster:
            largest = pool.largest.name if pool.largest is not None else "—"
            per_node = (
                f"{money(pool.cheapest.known_price)}–{money(pool.priciest.known_price)}/h"
                if pool.cheapest is not None and pool.priciest is not None
                else "—"
            )
            bound = pool.bound
            allow = f"at most {money(bound.cost)}/h" if bound is not None else "unbounded"
            count = f"{len(pool.allowed):,} of {pool.total:,}"
            out.append(f"| {pool.kind}/{pool.name} | {pool.tenant} | {count} | {largest} | {per_node} | {allow} |")
        for pool in in_cluster:
            out += ["", f"#### {pool.kind}/{pool.name}", "", *(f"- {line}" for line in pool_lines(pool))]
    return "\n".join(out) + "\n"


def _type(it: InstanceType | None) -> dict[str, Any] | None:
    if it is None:
        return None
    return {"name": it.name, "vcpus": it.vcpus, "allocatable": dict(it.resources), "price": it.price}


def as_json(pools: list[PoolCapacity], catalogue: Catalogue) -> str:
    document = {
        "catalogue": {
            "folder": str(catalogue.folder),
            "types": len(catalogue.types),
            "prices": {
                "region": PRICE_REGION,
                "capacityType": "on-demand",
                "unit": "USD per hour",
                "generated": catalogue.prices_generated,
            },
        },
        "pools": [
            {
                "cluster": p.cluster,
                "region": p.region,
                "kind": p.kind,
                "name": p.name,
                "tenant": p.tenant,
                "instanceTypes": {
                    "allowed": len(p.allowed),
                    "withinLimits": len(p.fitting),
                    "of": p.total,
                    "names": [it.name for it in p.allowed],
                },
                "largest": _type(p.largest),
                "largestWithinLimits": _type(p.largest_fitting),
                "cheapest": _type(p.cheapest),
                "priciest": _type(p.priciest),
                "limits": p.limits,
                "maxHourlyCost": None if p.bound is None else round(p.bound.cost, 6),
                "bounds": [
                    {"limit": b.limit, "maxHourlyCost": None if math.isinf(b.cost) else round(b.cost, 6), "how": b.how}
                    for b in p.bounds
                ],
                "notes": p.notes,
            }
            for p in pools
        ],
    }
    return json.dumps(document, indent=2) + "\n"


# --- plan ----------------------------------------------------------------------------------------------------------


def plan_lines(
    old_files: dict[str, str], new_files: dict[str, str], catalogue: Catalogue, changed: set[tuple[str, str]]
) -> dict[tuple[str, str], str]:
    """(cluster, NodePool name) -> one line for each changed pool whose allowed set or cost bound the change alters,
    e.g. `instance types 152 → 40; at most $15.91/h → $4.12/h on demand (us-east-1 prices)`."""
    before, after = node_pools(old_files), node_pools(new_files)
    found = {}
    for key in sorted(changed & set(before) & set(after)):
        old, new = (pool_capacity(side[key], catalogue, key[0], "") for side in (before, after))
        parts = []
        if [it.name for it in old.allowed] != [it.name for it in new.allowed]:
            parts.append(f"instance types {len(old.allowed):,} → {len(new.allowed):,} (of {new.total:,})")
        if old.largest is not new.largest and new.largest is not None:
            parts.append(f"largest node {old.largest.name if old.largest else '—'} → {new.largest.name}")
        costs = [p.bound.cost if p.bound is not None else math.inf for p in (old, new)]
        shown = [f"{money(c)}/h" if math.isfinite(c) else "unbounded" for c in costs]
        if costs[0] != costs[1] and not math.isclose(costs[0], costs[1]):
            change = (
                f"at most {shown[0]} → {shown[1]}" if math.isfinite(costs[0]) else f"unbounded → at most {shown[1]}"
            )
            parts.append(f"{change.replace('at most unbounded', 'unbounded')} on demand ({PRICE_REGION} prices)")
        elif parts:
            bound = f"at most {shown[1]}" if math.isfinite(costs[1]) else "unbounded"
            parts.append(f"{bound} on demand ({PRICE_REGION} prices), unchanged")
        if parts:
            found[key] = "capacity: " + "; ".join(parts)
    return found


def add_plan_lines(
    changes: list[Any], old_files: dict[str, str], new_files: dict[str, str], severity: Mapping[str, int]
) -> None:
    """A capacity line on each changed node pool whose instance types or cost bound the change alters; without the
    catalogue, one line on stderr saying the lines need it (plan itself does not). changes: plan's (review.plan
    Change: kind, action, effect, cluster, name, notes); severity: each effect's rank, the most severe highest."""
    from karpenter_tenants.capacity.catalogue import load_catalogue, missing_catalogue
    from karpenter_tenants.config.versions import NODE_POOL_KINDS
    from karpenter_tenants.config.yaml_input import InputError
    from karpenter_tenants.reference.shared import shared_dir

    pools = sorted(
        (c for c in changes if c.kind in NODE_POOL_KINDS and c.action == "changed"), key=lambda c: -severity[c.effect]
    )
    if not pools:
        return
    shared = shared_dir()
    problem = missing_catalogue(shared)
    try:
        catalogue = load_catalogue(shared) if problem is None else None
    except InputError as error:
        problem = str(error)
        catalogue = None
    if catalogue is None:
        print(
            f"plan: no capacity lines (instance types, on-demand cost) for the changed node pools: {problem}",
            file=sys.stderr,
        )
        return
    lines = plan_lines(old_files, new_files, catalogue, {(c.cluster, c.name) for c in pools})
    done: set[tuple[str, str]] = set()
    for change in pools:  # on the pool's first (most severe) entry
        key = (change.cluster, change.name)
        if key in lines and key not in done:
            change.notes.append(lines[key])
            done.add(key)
