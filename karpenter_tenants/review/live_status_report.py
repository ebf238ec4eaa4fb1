"""The renderings of `status`'s comparison (review.live_status, docs/live.md): one cluster's Status as Markdown-safe
text (markdown: a section per customer not converged from tenant_lines, the cluster's from cluster_lines, the move
from cluster-autoscaler, the cost now) and as JSON (as_json, as_document); and a fleet's (fleet_markdown,
fleet_document: a customer x cluster table, the clusters not read, then each cluster's report). Reads nothing, decides
nothing: what is said is review.live_status's.
Imports config.listing, review.autoscaler and review.live_status only."""

from __future__ import annotations

import json
from typing import Any

from karpenter_tenants.config.listing import code, escaped, first_few
from karpenter_tenants.review.autoscaler import NODE_GROUP_LABEL
from karpenter_tenants.review.live_status import (
    BINDING_KIND,
    Binding,
    Cost,
    GroupProgress,
    Status,
    TenantStatus,
)

MOST_PATHS = 3  # field paths named per object edited by hand
MOST_PODS = 3  # pending pods named per tenant


# --- the renderings -----------------------------------------------------------------------------------------------


def _said(reason: str, message: str) -> str:
    text = ": ".join(part for part in (reason, message) if part)
    return f" ({escaped(text, 200)})" if text else ""


def tenant_lines(tenant: TenantStatus) -> list[str]:
    """What is said of a tenant that has not converged, most important first, each one Markdown-safe line."""
    lines = []
    for obj in tenant.objects:
        what = f"{obj.kind} {code(obj.name)}"
        if not obj.present:
            lines.append(f"{what}: not in the cluster (dist/ has it: not applied yet?)")
            continue
        if obj.differs:
            paths = first_few([code(p) for p in obj.differs], MOST_PATHS)
            lines.append(f"{what}: edited by hand: {paths} differ{'s' if len(obj.differs) == 1 else ''} from dist/")
        if obj.ready != "True":
            lines.append(
                f"{what}: not Ready ({escaped(obj.ready or 'no Ready condition', 40)})"
                + (f": {escaped(obj.ready_message, 200)}" if obj.ready_message else "")
            )
    for pool in tenant.claims:
        if pool.converged:
            continue
        parts = []
        for label, claims in (
            ("Drifted", pool.drifted),
            ("disrupting", pool.disrupting),
            ("not initialized", pool.not_initialized),
            ("launched from an older spec (Karpenter will drift them)", pool.stale),
        ):
            if claims:
                first = claims[0]
                parts.append(
                    f"{len(claims)} {label} ({code(first.name)}{_said(first.reason, first.message)}"
                    + (f" and {len(claims) - 1} more" if len(claims) > 1 else "")
                    + ")"
                )
        lines.append(f"NodeClaims of pool {code(pool.pool)}: {pool.total} in all, {', '.join(parts)}")
    if tenant.rolling:
        named = [
            f"{r.kind} {code(r.namespace + '/' + r.name)} ({r.created} of {r.wanted}"
            + ("" if r.observed else ", its controller has not seen the latest spec yet")
            + ")"
            for r in tenant.rolling[:MOST_PODS]
        ]
        more = len(tenant.rolling) - MOST_PODS
        lines.append(
            f"{len(tenant.rolling)} workload{'s' if len(tenant.rolling) != 1 else ''} still creating pods: "
            + "; ".join(named)
            + (f"; and {more} more" if more > 0 else "")
        )
    if tenant.pending:
        named = [f"{code(p.namespace + '/' + p.name)}{_said(p.reason, p.message)}" for p in tenant.pending[:MOST_PODS]]
        more = len(tenant.pending) - MOST_PODS
        lines.append(
            f"{len(tenant.pending)} pending pod{'s' if len(tenant.pending) != 1 else ''}: "
            + "; ".join(named)
            + (f"; and {more} more" if more > 0 else "")
        )
    lines += [binding_line(b) for b in tenant.isolation if not b.converged]
    return lines


def _actions(actions: list[str]) -> str:
    return "+".join(escaped(a, 20) for a in actions) or "no validationActions"


def binding_line(binding: Binding) -> str:
    """What is said of an isolation binding that is not as dist/ writes it."""
    what = f"isolation binding {code(binding.name)}"
    if not binding.present:
        return f"{what}: not in the cluster (dist/ enforces {_actions(binding.wanted)}): not applied yet?"
    if binding.actions != binding.wanted:
        return f"{what}: enforcement {_actions(binding.actions)} in the cluster, dist/ says {_actions(binding.wanted)}"
    paths = first_few([code(p) for p in binding.differs], MOST_PATHS)
    return f"{what}: edited by hand: {paths} differ{'s' if len(binding.differs) == 1 else ''} from dist/"


def money(value: float) -> str:
    return f"${value:,.2f}" if value >= 0.995 or value == 0 else f"${value:.3f}"


def cost_text(cost: Cost) -> str:
    """`$1.23/h (3 nodes, 1 spot at the on-demand price; 1 of m9.huge not priced)`, one line."""
    if not cost.nodes:
        return "no node"
    notes = [f"{cost.nodes} node{'s' if cost.nodes != 1 else ''}"]
    if cost.spot:
        notes.append(f"{cost.spot} spot at its on-demand price")
    if cost.unknown:
        notes.append(f"{cost.unknown} with no instance type yet")
    if cost.unpriced:
        shown = first_few([f"{n} of {code(t, 40)}" for t, n in sorted(cost.unpriced.items())], 3)
        notes.append(f"not priced: {shown}")
    return f"{money(cost.per_hour)}/h ({', '.join(notes)})"


def group_line(group: GroupProgress) -> str:
    head = f"node group {code(group.group)} → customer {code(group.tenant)}: "
    if group.done:
        return head + (
            "no node left, no pod on it or pinned to it: its move is done (remove it from Terraform and "
            "from clusterAutoscaler.nodeGroups)"
        )
    parts = [
        f"{len(group.nodes)} node{'s' if len(group.nodes) != 1 else ''} left"
        + (f" ({first_few([code(n, 60) for n in group.nodes], 3)}, {cost_text(group.cost)})" if group.nodes else "")
    ]
    if group.pods_on_nodes:
        parts.append(
            f"{len(group.pods_on_nodes)} pod{'s' if len(group.pods_on_nodes) != 1 else ''} still on them "
            f"({first_few([code(n, 80) for n in group.pods_on_nodes], MOST_PODS)})"
        )
    if group.pinned:
        parts.append(
            f"{len(group.pinned)} pod{'s' if len(group.pinned) != 1 else ''} still pinned to it by "
            f"`{NODE_GROUP_LABEL}` ({first_few([code(n, 80) for n in group.pinned], MOST_PODS)})"
        )
    return head + "; ".join(parts)


def cluster_lines(status: Status) -> list[str]:
    lines = []
    for applier in status.appliers:
        where = f"{applier.namespace}/{applier.name}" if applier.namespace else applier.name
        what = f"{applier.kind} {code(where)}"
        if not applier.present:
            lines.append(f"{what}: not in the cluster (dist/ has it)")
            continue
        revision = f", applied {code(applier.revision)}" if applier.revision else ""
        lines.append(
            f"{what}: {escaped(applier.state, 80)}{revision}"
            + (f": {escaped(applier.message, 200)}" if applier.message else "")
        )
    for kind in status.not_served:
        lines.append(f"{kind} (dist/ has them): the cluster serves no such kind (CRD not installed): not checked")
    controller = f"Karpenter controller ({code(status.controller_namespace)}): "
    if status.controller_pods == 0:
        lines.append(
            controller + "no controller pod running (stopped, or scaled to 0?): nothing launches or replaces nodes"
        )
    else:
        running = [v for v in status.controller_versions if v]
        if status.version_differs:
            version = (
                f", running {', '.join(code(v, 40) for v in running)} while karpenter.version is "
                f"{code(status.karpenter_version, 40)}: dist/'s release not applied yet?"
            )
        elif running:
            version = f", version {code(running[0], 40)} as karpenter.version"
        else:
            version = ", version not said by its pods (no version image tag or app.kubernetes.io/version label)"
        lines.append(controller + f"{status.controller_ready}/{status.controller_pods} pods Ready{version}")
    lines += [binding_line(b) for b in status.bindings if not b.converged]
    checked = [b for t in status.tenants for b in t.isolation] + status.bindings
    if checked:
        enforced: dict[str, list[str]] = {}
        for tenant in status.tenants:
            for binding in tenant.isolation:
                if binding.present:
                    enforced.setdefault(_actions(binding.actions), []).append(code(tenant.name))
        as_dist = sum(1 for b in checked if b.converged)
        lines.append(
            f"isolation policy: {as_dist} of {len(checked)} binding{'s' if len(checked) != 1 else ''} as in "
            "dist/"
            + (
                "; per customer: "
                + "; ".join(f"{how} for {first_few(names, 5)}" for how, names in sorted(enforced.items()))
                if enforced
                else ""
            )
        )
    if status.bindings_unserved:
        lines.append(
            f"isolation policy ({status.bindings_unserved} {BINDING_KIND}s in dist/): the cluster serves no "
            "admissionregistration.k8s.io/v1 (Kubernetes before 1.30?): not checked"
        )
    return lines


def markdown(status: Status) -> str:
    verdict = "converged to dist/" if status.converged else "not converged"
    out = [f"# status of {code(status.cluster)}: {verdict}", "", f"From {code(status.target, 300)}.", ""]
    for tenant in status.tenants:
        if tenant.converged:
            continue
        out.append(f"## customer {code(tenant.name)}: not converged")
        out += [f"- {line}" for line in tenant_lines(tenant)]
        out.append("")
    out.append("## the cluster")
    out += [f"- {line}" for line in cluster_lines(status)]
    out.append("")
    done = [t for t in status.tenants if t.converged]
    if done:
        claims = sum(p.total for t in done for p in t.claims)
        out.append(
            f"Done ({len(done)} customer{'s' if len(done) != 1 else ''}): "
            f"{first_few([code(t.name) for t in done], 20)}: pools and node classes Ready and as in dist/, "
            f"{claims} NodeClaim{'s' if claims != 1 else ''} up to date, every workload's pods created, no pending "
            "pod."
        )
    else:
        out.append("Done: no customer yet.")
    out.append("")
    if status.moving:
        out.append("## the move from cluster-autoscaler")
        out += [f"- {group_line(group)}" for group in status.moving]
        out.append("")
    out += cost_lines(status)
    while out and not out[-1]:
        out.pop()
    return "\n".join(out) + "\n"


def cost_lines(status: Status) -> list[str]:
    """The cost-now section: per customer, what its nodes cost an hour, with where the prices are from."""
    if not status.tenants:
        return []
    if not status.prices_source:
        return ["## cost now", "", f"Not priced: {escaped(status.prices_problem or 'no prices', 300)}.", ""]
    total = Cost()
    out = ["## cost now", "", "| customer | state | $/h now |", "|---|---|---|"]
    for tenant in status.tenants:
        total = total.plus(tenant.cost)
        out.append(
            f"| {code(tenant.name)} | {'done' if tenant.converged else 'not converged'} | "
            f"{cost_text(tenant.cost).replace('|', '/')} |"
        )
    out += [
        "",
        f"All customers: {cost_text(total)}; prices: {escaped(status.prices_source, 300)} (a zone does not "
        "change the price: the catalogue has none per zone).",
        "",
    ]
    return out


def as_json(status: Status) -> str:
    return json.dumps(as_document(status), indent=2, ensure_ascii=True) + "\n"


def _cost(cost: Cost) -> dict[str, Any]:
    return {
        "nodes": cost.nodes,
        "perHour": round(cost.per_hour, 6),
        "spot": cost.spot,
        "unpriced": cost.unpriced,
        "notLaunched": cost.unknown,
    }


def _binding_json(binding: Binding) -> dict[str, Any]:
    return {
        "name": binding.name,
        "present": binding.present,
        "validationActions": binding.actions,
        "wanted": binding.wanted,
        "differs": binding.differs,
    }


def as_document(status: Status) -> dict[str, Any]:
    def tenant(t: TenantStatus) -> dict[str, Any]:
        return {
            "name": t.name,
            "converged": t.converged,
            "objects": [
                {
                    "kind": o.kind,
                    "name": o.name,
                    "present": o.present,
                    "ready": o.ready,
                    "readyMessage": o.ready_message,
                    "differs": o.differs,
                }
                for o in t.objects
            ],
            "nodeClaims": [
                {
                    "pool": p.pool,
                    "total": p.total,
                    **{
                        key: [{"name": c.name, "reason": c.reason, "message": c.message} for c in claims]
                        for key, claims in (
                            ("drifted", p.drifted),
                            ("disrupting", p.disrupting),
                            ("notInitialized", p.not_initialized),
                            ("olderSpec", p.stale),
                        )
                    },
                }
                for p in t.claims
            ],
            "rollingOut": [
                {
                    "kind": r.kind,
                    "namespace": r.namespace,
                    "name": r.name,
                    "replicas": r.wanted,
                    "created": r.created,
                    "observed": r.observed,
                }
                for r in t.rolling
            ],
            "pendingPods": [
                {"namespace": p.namespace, "name": p.name, "reason": p.reason, "message": p.message} for p in t.pending
            ],
            "isolation": [_binding_json(b) for b in t.isolation],
            "cost": _cost(t.cost),
        }

    document = {
        "cluster": status.cluster,
        "target": status.target,
        "converged": status.converged,
        "customers": [tenant(t) for t in status.tenants],
        "appliers": [
            {
                "kind": a.kind,
                "namespace": a.namespace,
                "name": a.name,
                "present": a.present,
                "healthy": a.healthy,
                "state": a.state,
                "revision": a.revision,
                "message": a.message,
            }
            for a in status.appliers
        ],
        "notServed": status.not_served,
        "controller": {
            "namespace": status.controller_namespace,
            "pods": status.controller_pods,
            "ready": status.controller_ready,
            "versions": status.controller_versions,
            "karpenterVersion": status.karpenter_version,
        },
        "isolation": [_binding_json(b) for b in status.bindings],
        "isolationNotChecked": status.bindings_unserved,
        "move": [
            {
                "nodeGroup": g.group,
                "customer": g.tenant,
                "nodes": g.nodes,
                "podsOnNodes": g.pods_on_nodes,
                "pinned": g.pinned,
                "cost": _cost(g.cost),
            }
            for g in status.moving
        ],
        "prices": status.prices_source or None,
        "pricesProblem": status.prices_problem or None,
    }
    return document


# --- a fleet ------------------------------------------------------------------------------------------------------


def _cell(status: Status | str, customer: str, listed: set[str] | None = None) -> str:
    """A customer's state in one cluster of the fleet ("" when it is no tenant there); listed: the tenants of the
    cluster file of a cluster not read."""
    if isinstance(status, str):
        return "not read" if listed is None or customer in listed else ""
    tenant = next((t for t in status.tenants if t.name == customer), None)
    if tenant is None:
        return ""
    state = "done" if tenant.converged else "not converged"
    return f"{state}, {money(tenant.cost.per_hour)}/h" if status.prices_source and tenant.cost.nodes else state


def fleet_markdown(results: list[tuple[str, Status | str]], tenants: dict[str, set[str]] | None = None) -> str:
    """The fleet: a customer x cluster table (a customer present in several clusters on one line), a line per
    cluster that could not be read, then each cluster's report, its headings one level down; tenants: the tenants of
    each cluster's file (for those not read)."""
    tenants = tenants or {}
    read = [status for _, status in results if not isinstance(status, str)]
    converged = sum(1 for status in read if status.converged)
    verdict = (
        "converged to dist/"
        if converged == len(results)
        else f"{converged} of {len(results)} cluster{'s' if len(results) != 1 else ''} converged"
    )
    out = [f"# status of the fleet: {verdict}", ""]
    customers = sorted(
        {t.name for status in read for t in status.tenants} | {n for names in tenants.values() for n in names}
    )
    if customers:
        out.append("| customer | " + " | ".join(code(key) for key, _ in results) + " |")
        out.append("|---" * (len(results) + 1) + "|")
        for customer in customers:
            out.append(
                f"| {code(customer)} | "
                + " | ".join(_cell(status, customer, tenants.get(key)) or "–" for key, status in results)
                + " |"
            )
        out.append("")
    for key, status in results:
        if isinstance(status, str):
            out.append(f"- cluster {code(key)}: not read: {escaped(status, 400)}")
    if any(isinstance(status, str) for _, status in results):
        out.append("")
    for _, status in results:
        if isinstance(status, str):
            continue
        out += [f"#{line}" if line.startswith("#") else line for line in markdown(status).splitlines()]
        out.append("")
    while out and not out[-1]:
        out.pop()
    return "\n".join(out) + "\n"


def fleet_document(
    results: list[tuple[str, Status | str]], tenants: dict[str, set[str]] | None = None
) -> dict[str, Any]:
    tenants = tenants or {}
    customers = sorted(
        {t.name for _, status in results if not isinstance(status, str) for t in status.tenants}
        | {n for names in tenants.values() for n in names}
    )
    return {
        "converged": all(not isinstance(status, str) and status.converged for _, status in results),
        "customers": {
            customer: {key: cell for key, status in results if (cell := _cell(status, customer, tenants.get(key)))}
            for customer in customers
        },
        "clusters": [
            {
                "cluster": key,
                "read": not isinstance(status, str),
                **({"error": status} if isinstance(status, str) else {"status": as_document(status)}),
            }
            for key, status in results
        ],
    }
