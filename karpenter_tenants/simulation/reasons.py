"""A pending pod's own reason, from Karpenter's: the scheduler joins one message per NodePool it tried ("; ", in weight
order: multierr.Combine in scheduling/scheduler.go addToNewNodeClaim), most of them about pools the pod could never
use (another tenant's taint, another tenant's exhausted limit). The pod's own reason is the messages of its tenant's
pools, the decisive one first (a pool that took the pod and could not fit it before one whose requirements or taint
refused it), then the messages no pool can be told from; the other pools' taints are folded into one count and their
other messages left out (counted).

A message is told to be a pool's by what it names: `(NodePool=X)`, `karpenter.sh/nodepool In [X]` in the requirements
it prints, a taint only that pool's template carries, or the pool's side of an incompatible requirement (its label).

Owns: the wording-free reading of Karpenter's pending reasons. Must not import: commands/."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from karpenter_tenants.simulation.revision import Side

_NAMED = re.compile(r"\(NodePool=([^)\s]+)\)")
_REQUIRED = re.compile(r"karpenter\.sh/nodepool In \[([^\]]*)\]")
_TAINT = re.compile(r"did not tolerate taint \(taint=(.+)\)")
_INCOMPATIBLE = re.compile(r"incompatible requirements, key ([^,]+), .+ not in \1 In \[([^\]]*)\]")


@dataclass(frozen=True)
class Reason:
    text: str  # what is said of the pod: its own pools' messages (decisive first), the rest folded
    own: tuple[str, ...]  # the messages of the pod's tenant's pools, decisive first
    folded_taints: int  # other pools whose taint the pod does not tolerate (folded into one count)
    left_out: int  # other messages of other tenants' pools, left out
    tenant_without_pool: bool = False  # the pod's tenant has no NodePool at this revision

    @property
    def decisive(self) -> str:
        return self.own[0] if self.own else ""


def parts(reason: str) -> list[str]:
    return [part.strip() for part in reason.split("; ") if part.strip()]


def _taint_text(taint: Any) -> str:
    """A taint as Karpenter's pretty.Taint prints it: key=value:Effect, or key:Effect without a value."""
    if not isinstance(taint, dict):
        return ""
    value = taint.get("value")
    return f"{taint.get('key')}{'=' + str(value) if value else ''}:{taint.get('effect')}"


def _pool_facts(side: Side) -> tuple[dict[str, set[str]], dict[str, dict[str, str]], dict[str, dict[str, set[str]]]]:
    """Per pool: its template's taints as printed, its template labels, its In requirements (key -> values)."""
    taints: dict[str, set[str]] = {}
    labels: dict[str, dict[str, str]] = {}
    required: dict[str, dict[str, set[str]]] = {}
    for pool in side.pools:
        name = str((pool.get("metadata") or {}).get("name"))
        template = ((pool.get("spec") or {}).get("template") or {}) if isinstance(pool.get("spec"), dict) else {}
        spec = template.get("spec") if isinstance(template.get("spec"), dict) else {}
        taints[name] = {_taint_text(t) for t in spec.get("taints") or [] if isinstance(t, dict)}
        metadata = template.get("metadata") if isinstance(template.get("metadata"), dict) else {}
        labels[name] = (
            {str(k): str(v) for k, v in (metadata.get("labels") or {}).items()}
            if isinstance(metadata.get("labels"), dict)
            else {}
        )
        required[name] = {}
        for requirement in spec.get("requirements") or []:
            if isinstance(requirement, dict) and requirement.get("operator") == "In":
                required[name][str(requirement.get("key"))] = {str(v) for v in requirement.get("values") or []}
    return taints, labels, required


def pools_of(message: str, side: Side, facts: Any = None) -> set[str]:
    """The pools a message of Karpenter's is about (empty: it cannot be told)."""
    taints, labels, required = facts or _pool_facts(side)
    named = _NAMED.search(message)
    if named:
        return {named.group(1)}
    match = _REQUIRED.search(message)
    if match and match.group(1).strip():
        return set(match.group(1).split())
    taint = _TAINT.fullmatch(message)
    if taint:
        return {pool for pool, printed in taints.items() if taint.group(1) in printed}
    incompatible = _INCOMPATIBLE.fullmatch(message)
    if incompatible:
        key, values = incompatible.group(1), set(incompatible.group(2).split())
        return {pool for pool in labels if labels[pool].get(key) in values or required[pool].get(key) == values}
    return set()


def _rank(message: str) -> int:
    """Decisive first: a pool that took the pod and could not fit it (resources, limits, offerings, topology), then
    one whose requirements refused it, then one whose taint did."""
    if _TAINT.fullmatch(message):
        return 2
    if message.startswith(("incompatible requirements", "incompatible volume requirements")):
        return 1
    return 0


def own_reason(reason: str, tenant: str, side: Side) -> Reason:
    """The pod's own reason, for a pod of `tenant` ("" for pods of no tenant: every pool's messages but the taints
    are its own) at the revision `side`."""
    facts = _pool_facts(side)
    mine = {pool for pool, owner in side.tenant_of_pool.items() if owner == tenant} if tenant else set()
    own: list[str] = []
    unknown: list[str] = []
    folded_pools: set[str] = set()
    folded_unknown = 0
    left_out = 0
    for message in parts(reason):
        pools = pools_of(message, side, facts)
        if tenant and pools and pools <= mine:
            own.append(message)
        elif _TAINT.fullmatch(message) and (not tenant or not pools & mine):
            if pools:
                folded_pools |= pools
            else:
                folded_unknown += 1
        elif not pools or not tenant:
            unknown.append(message)
        elif pools & mine:
            own.append(message)
        else:
            left_out += 1
    own.sort(key=_rank)  # stable: Karpenter's order (the pools' weight order) within a rank
    folded = len(folded_pools) + folded_unknown
    without_pool = bool(tenant) and not mine and bool(side.pools)
    said = list(own) + unknown
    if without_pool and not own:
        said.insert(0, f"tenant {tenant} has no NodePool at this revision")
    if folded:
        said.append(f"did not tolerate the taints of {folded} other NodePool(s)")
    if left_out:
        said.append(f"{left_out} message(s) about other tenants' NodePools left out")
    text = "; ".join(said) if said else reason
    return Reason(text, tuple(own), folded, left_out, without_pool)


def is_limit(message: str) -> bool:
    """A message saying the pool's limits are used up (Karpenter's remaining-resources check)."""
    return "exceed limits for nodepool" in message or "node limits have been exhausted" in message
