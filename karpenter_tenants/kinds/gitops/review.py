"""What `plan` tells of the objects the GitOps engine does not apply itself: the root applier (the Flux root
Kustomization or Argo CD root Application, applied by hand unless the bootstrap folder lists it, docs/gitops.md),
the objects of the Flux bootstrap folder beside it (the appliers' account and binding, a fleet GitRepository),
applied by hand with the root and never pruned, and, where no engine syncs dist/ (gitops.engine kubectl), every
object: its stage folder is applied by hand and nothing prunes. Said on the object's own changes, whatever its kind's review says.

Imports the change model (objects.changes), objects.dist_objects and its own kind's facts (config.gitops_engines) only."""

from __future__ import annotations

import dataclasses

from karpenter_tenants.config.gitops_engines import ENGINES, FLUX, EngineFacts, engine_of_applier, root_name
from karpenter_tenants.objects.changes import Change
from karpenter_tenants.objects.dist_objects import ObjectKey, Objects

LAYER = "review"  # this module's layer (kinds/__init__.py)

BOOTSTRAP_BEFORE = (
    "applied by hand with the root, not by Flux: run `kubectl apply -k dist/{cluster}/"
    + FLUX.root_folder
    + "` before merging"
)
ROOT_AFTER = "after merging run `kubectl apply -k dist/{folder}`"
# A new root (the pull request that installs or adopts Karpenter) is applied last, after merging, as `adopt`'s script
# does it (convert/adopt.py: it checks the root is not applied yet, hands the installed objects over, applies it).
NEW_ROOT = (
    "the root is new: apply it last, after merging (Flux and Argo CD read dist/ from Git): `{command}`{beside}; "
    "where Karpenter or its CRDs were installed by hand (`helm install`), run `python main.py adopt {cluster} "
    "--format sh` instead: its script checks the cluster, hands the installed objects over and applies the root "
    "as its last step"
)
BOOTSTRAP_WITH_NEW_ROOT = (
    "applied by hand with the new root, not by Flux: after merging, last, by the root's "
    "`kubectl apply -k dist/{cluster}/" + FLUX.root_folder + "` (its line says when)"
)


# The engine whose clusters have no appliers at all (gitops.engine kubectl): every stage folder is applied by hand.
MANUAL = next((engine for engine in ENGINES.values() if not engine.has_appliers), None)
APPLIER_KINDS = frozenset(engine.applier_kind for engine in ENGINES.values() if engine.has_appliers)
_manual_memo: list[tuple[Objects, frozenset[str]]] = []


def applied_by_hand(change: Change, path: str, key: ObjectKey, new: Objects) -> Change:
    """A change with how the object reaches the cluster when nothing applies it (the root, the bootstrap folder, or
    every stage folder where nothing syncs dist/)."""
    cluster, _, namespace, name = key
    if MANUAL is not None and cluster in _manual_clusters(new):
        return _manual_note(change, MANUAL, path, namespace)
    if path.startswith(f"{cluster}/{FLUX.root_folder}/") and path.count("/") == 2 and name != root_name(cluster):
        change = _bootstrap_note(change, cluster, namespace)
    return _root_note(change, new)


def _manual_clusters(new: Objects) -> frozenset[str]:
    """The clusters of the new dist/ that nothing syncs (one pass per plan): their output holds the Karpenter CRDs
    themselves (the charts rendered at synth; an engine's chart installs them otherwise) and no applier of any
    engine."""
    if not _manual_memo or _manual_memo[0][0] is not new:
        rendered = {key[0] for key in new if key[1] == "CustomResourceDefinition"}
        synced = {key[0] for key in new if key[1] in APPLIER_KINDS}
        _manual_memo[:] = [(new, frozenset(rendered - synced))]
    return _manual_memo[0][1]


def _delete_command(change: Change, namespace: str) -> str:
    """The kubectl command that deletes a removed object nothing prunes."""
    where = f" -n {namespace}" if namespace else ""
    return f"kubectl delete{where} {change.kind.lower()} {change.name}"


def _manual_note(change: Change, engine: EngineFacts, path: str, namespace: str) -> Change:
    """Nothing syncs dist/: the object's stage folder is applied by hand after merging; nothing prunes either."""
    if change.action == "removed":
        return dataclasses.replace(
            change,
            why=(
                f"{change.why}; nothing prunes under gitops.engine {engine.name}: after merging delete it yourself "
                f"(`{_delete_command(change, namespace)}`)"
            ),
        )
    return dataclasses.replace(
        change,
        why=(
            f"{change.why}; nothing syncs dist/ (gitops.engine {engine.name}): after merging run "
            f"`{engine.apply_stage(path.rpartition('/')[0])}` (the stage folders in install order, docs/gitops.md)"
        ),
    )


def _bootstrap_note(change: Change, cluster: str, namespace: str) -> Change:
    """An object of the bootstrap folder beside the root (the appliers' account and binding, a fleet GitRepository):
    applied by hand with the root, never by Flux, so never pruned either."""
    if change.action == "removed":
        return dataclasses.replace(
            change,
            why=(
                f"{change.why}; nothing prunes the bootstrap folder: delete it yourself once nothing uses it "
                f"(`{_delete_command(change, namespace)}`)"
            ),
        )
    return dataclasses.replace(
        change, why=(f"{change.why}; {BOOTSTRAP_BEFORE.format(cluster=cluster)} (the stages need it first)")
    )


def _root_note(change: Change, new: Objects) -> Change:
    """The root applier is applied by hand (docs/gitops.md) unless the bootstrap folder lists it: say how."""
    engine = engine_of_applier(change.kind)
    if engine is None or change.name != root_name(change.cluster):
        return change
    key = next((k for k in new if k[0] == change.cluster and k[1] == change.kind and k[3] == change.name), None)
    path = new[key][0] if key else f"{change.cluster}/{engine.root_folder}/"
    folder = path.rsplit("/", 1)[0]
    command = engine.apply_root(folder, path)
    if change.action == "removed":
        return change
    if change.action == "added":
        beside = " (the bootstrap objects beside it with it)" if engine.bootstrap_beside_root else ""
        return dataclasses.replace(
            change, why=f"{change.why}; " + NEW_ROOT.format(command=command, beside=beside, cluster=change.cluster)
        )
    return dataclasses.replace(
        change,
        why=(
            f"{change.why}; the root is applied by hand: {ROOT_AFTER.format(folder=folder)} (nothing to do where "
            f"`flux bootstrap`'s folder lists dist/{folder})"
            if engine.bootstrap_beside_root
            else f"{change.why}; the root is applied by hand: after merging run `{command}`"
        ),
    )


def one_instruction_per_folder(changes: list[Change]) -> list[Change]:
    """One action said once: where a pull request changes the bootstrap folder's objects (applied before merging)
    and the root beside them, the one `kubectl apply -k dist/<cluster>/flux` applies both, so the root's line says
    that command before merging too, not a second one after (never two opposite instructions for one folder).
    Where the root itself is new, both go after merging, last, as `adopt` applies them (applying the root before
    merging would stop the very adoption that needs it applied last)."""
    new_roots = {
        c.cluster
        for c in changes
        if c.action == "added" and c.kind == FLUX.applier_kind and c.name == root_name(c.cluster)
    }
    changes = [
        dataclasses.replace(
            c,
            why=c.why.replace(
                BOOTSTRAP_BEFORE.format(cluster=c.cluster) + " (the stages need it first)",
                BOOTSTRAP_WITH_NEW_ROOT.format(cluster=c.cluster),
            ),
        )
        if c.cluster in new_roots
        else c
        for c in changes
    ]
    before = {c.cluster for c in changes if BOOTSTRAP_BEFORE.format(cluster=c.cluster) in c.why}
    found = []
    for change in changes:
        after = ROOT_AFTER.format(folder=f"{change.cluster}/{FLUX.root_folder}")
        if change.cluster in before and after in change.why:
            head = change.why.split("; the root is applied by hand: ", 1)[0]
            change = dataclasses.replace(
                change,
                why=(
                    f"{head}; the root is applied by hand with the bootstrap objects: the same `kubectl apply -k "
                    f"dist/{change.cluster}/{FLUX.root_folder}` before merging applies it (it reconciles once the merge brings its stages)"
                ),
            )
        found.append(change)
    return found
