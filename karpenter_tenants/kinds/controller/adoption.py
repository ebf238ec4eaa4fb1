"""`plan`'s line for a controller release that appears in dist/ (the Flux HelmRelease or Argo CD Application of the
karpenter chart): on a cluster where `helm install` made the release, the first reconcile adopts it, upgrading it in
place with the generated values (Flux's helm-controller upgrades an existing release of its release name). With the
live release given (`plan --release-values/--release-secret`, kinds/controller/adopt_release.py's ReleaseDiff in the
cluster's facts), the line is the adoption with every value the first reconcile changes; without it, the line says
the release may be an adoption and how to see what it changes.

Used by kinds/controller/review.py's review of the objects that install the controller (registered in
review/registry.py); imports objects.changes (the change model) and kinds.controller.adopt_release (the ReleaseDiff's
type, under TYPE_CHECKING) only; never another kind's module."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from karpenter_tenants.objects.changes import DESTRUCTIVE, IN_PLACE, NO_NODE_REPLACED, Change, FieldChange

if TYPE_CHECKING:
    from karpenter_tenants.kinds.controller.adopt_release import ReleaseDiff

LAYER = "review"  # this module's layer (kinds/__init__.py)


def added_controller_release(
    adoption: ReleaseDiff | None, cluster: str, group: str, kind: str, name: str, release: str, namespace: str
) -> Change:
    """The Change for the new object that installs the controller; adoption: the cluster's ReleaseDiff or None."""
    if adoption is None:
        why = (
            f"new release {release} in namespace {namespace}: installs the controller, or, where `helm install` "
            f"already made release {release} there, adopts it (the first reconcile upgrades it in place with the "
            f"generated values, replacing the hand-set ones; run `python main.py adopt {cluster} --release-values FILE` "
            f"or `plan --release-values FILE` to see what it changes); {NO_NODE_REPLACED}"
        )
        return Change(cluster, group, kind, name, "added", IN_PLACE, why)
    release, namespace = adoption.release.name, adoption.release.namespace
    live, generated = adoption.live.chart_version, adoption.release.chart_version
    if live is None:
        version = f"chart {generated} (the live version not known: give --release-list)"
    else:
        version = (
            f"chart {live} → {generated}"
            if live.removeprefix("v") != generated.removeprefix("v")
            else f"chart {live}, unchanged"
        )
    effect = IN_PLACE
    if live is not None and major(live) != major(generated):
        effect = DESTRUCTIVE
        version += ", a Karpenter major-version change: the node-pool APIs change"
    moving = adoption.moving
    counts = (
        f"its first reconcile changes {len(adoption.changes)} values"
        if adoption.changes
        else "its first reconcile changes no value"
    )
    if moving:
        counts += (
            f", {len(moving)} of them move or restart the controller or change what it may do (carry them into "
            f"{adoption.source}, or accept them: `python main.py adopt {cluster} --release-values FILE --accept-release-changes`)"
        )
    why = f"adopts the existing release {release} in namespace {namespace} ({version}): {counts}"
    if effect is IN_PLACE:
        why += f"; {NO_NODE_REPLACED}"
    # kinds.controller.adopt_release marks a value one side lacks with the change model's ABSENT: shown as (absent)
    fields = [FieldChange(f"values.{c.path}", c.live, c.generated) for c in adoption.changes]
    notes = [f"moves the controller: `values.{c.path}` (keep the live value: set {c.carried_by})" for c in moving]
    return Change(cluster, group, kind, name, "adopted", effect, why, fields, notes)


def major(version: Any) -> int | None:
    """The major version of a chart version (`1.14.1`, `v0.31.5`), None when it is not one."""
    match = re.match(r"^v?([0-9]+)\.", str(version))
    return int(match.group(1)) if match else None
