"""`plan`'s report: the changes as Markdown (the pull request's comment), by cluster, then tenant, the most severe
first; a change as its line and one line per field, a value as compact JSON.

Imports the change model (objects.changes) and config.listing only; never a kind's module: what a change says is
decided before it is rendered."""

from __future__ import annotations

import json
from typing import Any

from karpenter_tenants.config.listing import code, one_line
from karpenter_tenants.objects.changes import (
    ABSENT,
    DESTRUCTIVE,
    DRIFT,
    IN_PLACE,
    SEVERITY,
    UNSCHEDULABLE,
    Change,
    FieldChange,
)

VALUE_MOST = 400  # a field's old or new value in the comment: a longer one (user data, a policy) is cut


def shown(value: Any) -> str:
    """A field's value (from the base revision's or the head's files) as a code span: compact JSON for a map or a
    list, the text otherwise; one line, cut at VALUE_MOST."""
    if value is ABSENT:
        return "(absent)"
    if isinstance(value, dict | list):
        return code(json.dumps(value, sort_keys=True, separators=(",", ":")), VALUE_MOST)
    return code(value, VALUE_MOST)


def field_line(change: FieldChange) -> str:
    return f"{code(change.path, VALUE_MOST)}: {shown(change.old)} → {shown(change.new)}"


def change_lines(change: Change) -> list[str]:
    """The change's line, then one per field and per note; each one line whatever its parts hold (a name, a key or a
    reason read from a file is escaped where it is said; this is the backstop)."""
    head = f"- **{change.effect}** {change.kind}/{change.name} {change.action}: {change.why}"
    return [
        one_line(line)
        for line in (head, *(f"  - {field_line(f)}" for f in change.fields), *(f"  - {note}" for note in change.notes))
    ]


def markdown(
    changes: list[Change],
    base: str,
    versions: dict[str, list[str]] | None = None,
    moving: dict[str, list[str]] | None = None,
    defaults: dict[str, list[str]] | None = None,
) -> str:
    """The summary; base: the revision compared with, as Markdown (commands.plan puts the one typed in a code
    span); versions: chart and image lines by cluster; moving: the cluster-autoscaler runbook's lines by
    cluster (review.autoscaler), shown whether or not the cluster changed; defaults: the tenantDefaults lines by
    cluster (review.tenant_defaults)."""
    counts = {
        effect: sum(c.count for c in changes if c.effect == effect)
        for effect in (UNSCHEDULABLE, DESTRUCTIVE, DRIFT, IN_PLACE)
    }
    unschedulable = f", {counts[UNSCHEDULABLE]} unschedulable" if counts[UNSCHEDULABLE] else ""  # the simulation's
    lines = [
        f"## Karpenter plan against {base}",
        "",
        f"{counts[DESTRUCTIVE]} destructive, {counts[DRIFT]} drift, {counts[IN_PLACE]} in place{unschedulable}.",
    ]
    moving = {cluster: notes for cluster, notes in (moving or {}).items() if notes}
    defaults = {cluster: notes for cluster, notes in (defaults or {}).items() if notes}
    if not changes:  # a move's step may change no object (a node group leaving it): its lines follow
        lines += ["", "No change to any object of dist/." if moving or defaults else "No change to any cluster."]
    for cluster in sorted({c.cluster for c in changes} | set(moving) | set(defaults)):
        lines += ["", f"### Cluster {cluster}"]
        if defaults.get(cluster):
            lines += ["", "#### Tenant defaults", "", *(f"- {line}" for line in defaults[cluster])]
        if moving.get(cluster):
            lines += ["", "#### Moving from cluster-autoscaler", "", *(f"- {line}" for line in moving[cluster])]
        if (versions or {}).get(cluster):
            lines += ["", "#### Chart and image versions", "", *(f"- {line}" for line in versions[cluster])]  # type: ignore[index]
        in_cluster = [c for c in changes if c.cluster == cluster]
        groups = sorted({c.group for c in in_cluster}, key=lambda g: (not g.startswith("tenant"), g))
        for group in groups:
            lines += ["", f"#### {group[0].upper()}{group[1:]}", ""]
            for change in sorted(
                (c for c in in_cluster if c.group == group), key=lambda c: (-SEVERITY[c.effect], c.kind, c.name)
            ):
                lines += change_lines(change)
    return "\n".join(lines) + "\n"
