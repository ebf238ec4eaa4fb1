"""`python main.py plan`: what a change to the cluster configs does to customers' nodes.

Compares freshly synthesized output with dist/ at a git revision and classifies every change by
its effect in Karpenter, following Karpenter's disruption documentation (concepts/disruption,
"Drift", "Special Cases on Drift" and "Behavioral Fields") and the drift design
(kubernetes-sigs/karpenter designs/drift.md for the v1alpha5 Provisioner / AWSNodeTemplate
fields):

- destructive: a node pool removed (its nodes are drained and terminated), a node class removed
  while a node pool uses it, a Karpenter major-version change;
- drift: existing nodes are replaced. NodePool: every field of `spec.template` is hashed
  (labels, annotations, taints, startupTaints, nodeClassRef, expireAfter,
  terminationGracePeriod) except `requirements`, a special case: nodes drift only when they no
  longer match, so narrowing drifts the nodes outside the new values and widening drifts
  none. EC2NodeClass: every field of `spec` is hashed; the selector terms (AMI, subnet,
  security group) are resolved, so nodes drift when the terms select different resources. The 0.31 drift
  feature gate turned on (karpenter.featureGates.driftEnabled): the nodes that drifted while it was off.
- in place: nothing is replaced. NodePool behavioral fields `spec.weight`, `spec.limits`,
  `spec.disruption.*`; object metadata; the Karpenter chart's values (the controller restarts);
  the Flux / Argo CD objects and base objects; the IAM policy documents of dist/<key>/aws.json, which
  terraform/ applies (review/iam_changes.py: statements added, removed, changed).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from charts.common import argocd_chart
from checks.dist_objects import ObjectKey, objects_of
from config.model import ROLE_ANNOTATION, quantity_value
from config.versions import NODE_CLASS_KINDS, NODE_POOL_KINDS
from review.iam_changes import GROUP as IAM_GROUP
from review.iam_changes import KIND as IAM_KIND
from review.iam_changes import aws_document, by_hand, iam_changes, iam_of, node_identity_changes
from synth.aws_side import FILE_NAME as AWS_FILE

DESTRUCTIVE, DRIFT, IN_PLACE = "destructive", "drift", "in place"
SEVERITY = {DESTRUCTIVE: 2, DRIFT: 1, IN_PLACE: 0}
ABSENT = object()

# Drift design table (v1alpha5): fields that never drift nodes.
V1ALPHA5_BEHAVIORAL = ("spec.weight", "spec.limits", "spec.consolidation", "spec.ttlSecondsAfterEmpty", "spec.ttlSecondsUntilExpired")
V1_BEHAVIORAL = ("spec.weight", "spec.limits", "spec.disruption", "spec.replicas")
DYNAMIC_NODE_CLASS_FIELDS = {
    "spec.amiSelectorTerms": "AMIs",
    "spec.subnetSelectorTerms": "subnets",
    "spec.securityGroupSelectorTerms": "security groups",
    "spec.capacityReservationSelectorTerms": "capacity reservations",
    "spec.amiSelector": "AMIs",
    "spec.subnetSelector": "subnets",
    "spec.securityGroupSelector": "security groups",
}
V1ALPHA5_NOTE = " (Karpenter 0.31 replaces drifted nodes only with settings.featureGates.driftEnabled)"


@dataclass(frozen=True)
class FieldChange:
    path: str
    old: Any
    new: Any

    def line(self) -> str:
        return f"`{self.path}`: {_show(self.old)} → {_show(self.new)}"


@dataclass(frozen=True)
class ClusterFacts:
    """What plan needs to know of a cluster beyond its manifests."""

    label_key: str = "tenant"
    # 0.31 replaces drifted nodes only with settings.featureGates.driftEnabled; None: not 0.31 (always on).
    drift_gate: bool | None = None
    # Whether dist/<key>/aws.json names an OIDC provider (terraform/ keeps the IRSA trust), before and after;
    # plan() reads them from the two trees.
    oidc: tuple[bool, bool] = (False, False)


@dataclass
class Change:
    """One object added, removed or changed, with its effect."""

    cluster: str
    group: str  # "tenant <name>" or "Karpenter and base objects"
    kind: str
    name: str
    action: str  # "added", "removed", "changed"
    effect: str
    why: str
    fields: list[FieldChange] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # lines after the fields (a node pool's capacity: commands.capacity)

    def lines(self) -> list[str]:
        head = f"- **{self.effect}** {self.kind}/{self.name} {self.action}: {self.why}"
        return [head, *(f"  - {f.line()}" for f in self.fields), *(f"  - {note}" for note in self.notes)]


def _show(value: Any) -> str:
    if value is ABSENT:
        return "(absent)"
    if isinstance(value, dict | list):
        return "`" + json.dumps(value, sort_keys=True, separators=(",", ":")) + "`"
    return f"`{value}`"


# --- reading the two trees ------------------------------------------------------------------

def tree_at_revision(
    folder: Path, revision: str, known: dict[str, str] | None = None
) -> tuple[dict[str, str], set[str]]:
    """(files, same): the files under folder as they were at a git revision, keyed by path relative to folder,
    except those whose content equals `known`'s (same: their paths). One `git cat-file --batch` reads them all.
    PlanError when the revision is unknown or has no such folder. folder need not exist now."""
    existing = next(p for p in (folder.absolute(), *folder.absolute().parents) if p.is_dir())
    root = Path(_git(existing, "rev-parse", "--show-toplevel").strip()).resolve()
    absolute = existing.resolve() / folder.absolute().relative_to(existing)
    try:
        prefix = absolute.relative_to(root).as_posix()
    except ValueError:
        raise PlanError(f"{folder} is outside the git repository {root}") from None
    try:
        _git(root, "rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}")
    except PlanError:
        raise PlanError(
            f"--base {revision}: no such commit in {root} (a branch, tag or commit id; fetch it first, e.g. "
            f"`git fetch origin {revision}`)"
        ) from None
    if prefix == ".":
        raise PlanError(f"{folder} is the repository's root: pass --dist with the output folder")
    listing = [line.split("\t", 1) for line in _git(root, "ls-tree", "-r", revision, "--", prefix).splitlines()]
    if not listing:
        # A repository's first pull request: nothing was committed there yet, so everything is added.
        print(f"plan: {folder} does not exist at {revision}: every object is new", file=sys.stderr)
        return {}, set()
    blobs = {name[len(prefix) + 1 :]: meta.split()[2] for meta, name in listing if meta.split()[1] == "blob"}
    # Files the caller already has with the same content (same git blob id) are not read at all.
    same = {path for path, blob in blobs.items() if path in (known or {}) and _blob_id(known[path]) == blob}
    wanted = {path: blob for path, blob in blobs.items() if path not in same}
    return _cat_files(root, wanted), same


def _blob_id(text: str) -> str:
    data = text.encode("utf-8")
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()  # noqa: S324 - git's object id, not security


def _cat_files(root: Path, blobs: dict[str, str]) -> dict[str, str]:
    """The contents of git blobs by path, read by one `git cat-file --batch`."""
    if not blobs:
        return {}
    request = "".join(f"{blob}\n" for blob in blobs.values()).encode()
    result = subprocess.run(["git", "-C", str(root), "cat-file", "--batch"], input=request, capture_output=True)
    if result.returncode != 0:
        raise PlanError(f"git cat-file --batch: {result.stderr.decode('utf-8', 'replace').strip() or 'failed'}")
    out, position, files = result.stdout, 0, {}
    for path in blobs:
        header_end = out.index(b"\n", position)
        size = int(out[position:header_end].split()[2])
        body = out[header_end + 1 : header_end + 1 + size]
        position = header_end + 1 + size + 1
        try:
            files[path] = body.decode("utf-8")
        except UnicodeDecodeError:
            raise PlanError(f"git cat-file --batch: {path} is not UTF-8 text") from None
    return files


def merge_base(folder: Path, upstream: str = "origin/main") -> str:
    return _git(folder, "merge-base", upstream, "HEAD").strip()


def _git(where: Path, *args: str) -> str:
    result = subprocess.run(["git", "-C", str(where), *args], capture_output=True)
    if result.returncode != 0:
        error = result.stderr.decode("utf-8", "replace").strip()
        raise PlanError(f"git {' '.join(args)}: {error or 'failed'}")
    try:
        return result.stdout.decode("utf-8")
    except UnicodeDecodeError:
        raise PlanError(f"git {' '.join(args)}: not UTF-8 text") from None


class PlanError(Exception):
    pass


# --- diffing -------------------------------------------------------------------------------


def field_changes(old: Any, new: Any, path: str = "") -> list[FieldChange]:
    """Leaf differences; lists compare as a whole, except node requirements (by key)."""
    if isinstance(old, dict) and isinstance(new, dict):
        changes = []
        for key in sorted(set(old) | set(new), key=str):
            sub = f"{path}.{key}" if path else str(key)
            changes += field_changes(old.get(key, ABSENT), new.get(key, ABSENT), sub)
        return changes
    if path.endswith(".requirements") and isinstance(old, list) and isinstance(new, list):
        return _requirement_changes(old, new, path)
    if old != new:
        return [FieldChange(path, old, new)]
    return []


def _requirement_changes(old: list[dict], new: list[dict], path: str) -> list[FieldChange]:
    """One change per requirement key. A key may have several requirements, which nodes must all match (a range:
    instance-cpu Gt 3 and Lt 65): they are compared together, shown as the list of them."""
    by_key_old, by_key_new = _requirements_by_key(old), _requirements_by_key(new)
    changes = []
    for key in sorted(set(by_key_old) | set(by_key_new), key=str):
        before, after = by_key_old.get(key, ABSENT), by_key_new.get(key, ABSENT)
        if before != after:
            changes.append(FieldChange(f"{path}[{key}]", before, after))
    return changes


def _requirements_by_key(requirements: list[dict]) -> dict[Any, dict | list[dict]]:
    """The requirements of each key: the one requirement, or the list of them where a key has several."""
    found: dict[Any, list[dict]] = {}
    for requirement in requirements:
        found.setdefault(requirement.get("key"), []).append(requirement)
    return {key: each[0] if len(each) == 1 else each for key, each in found.items()}


# --- requirements: narrowing or widening -----------------------------------------------------

_MISSING_LABEL = "\x00absent"
_FRESH = "\x00other"


def _allows(requirement: dict[str, Any] | list[dict[str, Any]] | Any, value: str) -> bool:
    if requirement is ABSENT:
        return True
    if isinstance(requirement, list):  # several requirements of one key: a node matches them all
        return all(_allows(each, value) for each in requirement)
    operator, values = requirement.get("operator"), [str(v) for v in requirement.get("values") or []]
    if operator == "In":
        return value in values
    if operator == "NotIn":
        return value not in values
    if operator == "Exists":
        return value != _MISSING_LABEL
    if operator == "DoesNotExist":
        return value == _MISSING_LABEL
    if operator in ("Gt", "Lt", "Gte", "Lte"):
        if not re.fullmatch(r"-?[0-9]+", value) or not values:
            return False
        number, bound = int(value), int(values[0])
        return {"Gt": number > bound, "Lt": number < bound, "Gte": number >= bound, "Lte": number <= bound}[operator]
    return True


def requirement_effect(before: Any, after: Any) -> str:
    """'widened', 'narrowed' or 'changed' (neither contains the other): decided on witness values —
    every value either side names, its integer neighbours, a value neither names, and no label. A side is one
    requirement, the list of a key's requirements, or ABSENT."""
    witnesses = {_MISSING_LABEL, _FRESH, "0", "1000000"}
    for side in (before, after):
        for requirement in side if isinstance(side, list) else [] if side is ABSENT else [side]:
            for value in requirement.get("values") or []:
                witnesses.add(str(value))
                if re.fullmatch(r"-?[0-9]+", str(value)):
                    witnesses |= {str(int(value) - 1), str(int(value) + 1)}
    old_allowed = {w for w in witnesses if _allows(before, w)}
    new_allowed = {w for w in witnesses if _allows(after, w)}
    if old_allowed <= new_allowed:
        return "widened"
    if new_allowed <= old_allowed:
        return "narrowed"
    return "changed"


# --- classification ----------------------------------------------------------------------------


def _group(path: str, obj: dict[str, Any], key: str) -> str:
    """The tenant an object belongs to, by its tenant label (node pools, node classes and their appliers carry
    it); objects of a dist/ written before appliers were labelled fall back to their tenants/<name>/ folder."""
    labels = (obj.get("metadata") or {}).get("labels") or {}
    if isinstance(labels, dict) and key in labels:
        return f"tenant {labels[key]}"
    parts = path.split("/")
    if len(parts) > 2 and parts[1] == "tenants":
        return f"tenant {parts[2]}"
    return "Karpenter and base objects"


def _major(version: Any) -> int | None:
    match = re.match(r"^v?([0-9]+)\.", str(version))
    return int(match.group(1)) if match else None


def _chart_version(obj: dict[str, Any]) -> tuple[str, Any] | None:
    """(chart, version) for the objects that pin the Karpenter chart (Flux OCIRepository, Argo CD Application);
    None also when the chart is pinned by digest alone (Argo CD), whose version the object does not say."""
    source = chart_source(obj)
    if source is None or source[0] != "karpenter" or "version" not in source[1]:
        return None
    return "karpenter", source[1]["version"]


def chart_source(obj: dict[str, Any]) -> tuple[str, dict[str, str]] | None:
    """(chart, {version, digest, signature check}) of a Flux OCIRepository or Argo CD Application that pulls a
    Karpenter chart; keys absent when the object does not set them."""
    spec = obj.get("spec") if isinstance(obj.get("spec"), dict) else {}
    found: dict[str, str] = {}
    if obj.get("kind") == "OCIRepository" and "/karpenter/" in str(spec.get("url", "")):
        chart = str(spec["url"]).rstrip("/").rpartition("/")[2]
        ref = spec.get("ref") if isinstance(spec.get("ref"), dict) else {}
        found.update({k: str(ref[v]) for k, v in (("version", "tag"), ("digest", "digest")) if ref.get(v)})
        verify = spec.get("verify") if isinstance(spec.get("verify"), dict) else None
        if verify:
            subjects = ", ".join(f"`{m.get('subject')}`" for m in verify.get("matchOIDCIdentity") or [])
            found["signature check"] = f"{verify.get('provider')} keyless, subject {subjects}" if subjects else str(verify.get("provider"))
        return chart, found
    source = spec.get("source")
    chart = argocd_chart(source) if obj.get("kind") == "Application" else None
    if chart is None or not chart.startswith("karpenter"):
        return None
    revision = str(source.get("targetRevision", ""))  # type: ignore[union-attr]
    found["digest" if revision.startswith("sha256:") else "version"] = revision
    return chart, found


def controller_image(obj: dict[str, Any]) -> dict[str, str] | None:
    """controller.image.{repository,tag,digest} set in the karpenter chart's values (Flux HelmRelease, Argo CD
    Application), or None for objects that install no controller."""
    values = _karpenter_values(obj)
    if values is None:
        return None
    image = (values.get("controller") or {}).get("image") or {}
    return {key: str(image[key]) for key in ("repository", "tag", "digest") if image.get(key)}


def _karpenter_values(obj: dict[str, Any]) -> dict[str, Any] | None:
    """The karpenter chart's values in a Flux HelmRelease or Argo CD Application ({} when it sets none), or None for
    objects that install no controller."""
    spec = obj.get("spec") if isinstance(obj.get("spec"), dict) else {}
    if obj.get("kind") == "HelmRelease" and (spec.get("chartRef") or {}).get("name") == "karpenter":
        values = spec.get("values")
    elif obj.get("kind") == "Application" and argocd_chart(spec.get("source")) == "karpenter":
        values = ((spec.get("source") or {}).get("helm") or {}).get("valuesObject")
    else:
        return None
    return values if isinstance(values, dict) else {}


def version_changes(old_files: dict[str, str], new_files: dict[str, str], same: set[str] | frozenset[str] = frozenset()
                    ) -> dict[str, list[str]]:
    """Per cluster, one line per change of a Karpenter chart's version, digest or signature check, or of the
    controller image's repository, tag or digest where the config overrides them."""
    def facts(files: dict[str, str]) -> dict[str, dict[tuple[str, str], str]]:
        found: dict[str, dict[tuple[str, str], str]] = {}
        for (cluster, *_), (_, obj) in objects_of(files).items():
            source = chart_source(obj)
            if source is not None:
                found.setdefault(cluster, {}).update({(f"`{source[0]}` chart", k): v for k, v in source[1].items()})
                found.setdefault(cluster, {})[(f"`{source[0]}` chart", "pulled")] = "yes"
            image = controller_image(obj)
            if image is not None:
                found.setdefault(cluster, {}).update({("controller image", k): v for k, v in image.items()})
        return found

    def order(item: tuple[str, str]) -> tuple[bool, str, int]:
        return item[0] == "controller image", item[0].replace("`", ""), _ATTRIBUTES.index(item[1])

    def shown(side: dict[tuple[str, str], str], what: str, attribute: str) -> str:
        value = side.get((what, attribute))
        if value:
            return value if attribute == "signature check" else f"`{value}`"
        if what == "controller image":
            return "(the chart's)"
        if attribute == "version" and side.get((what, "digest")):
            return "(pinned by digest only)"
        return "(none)"

    before, after = facts(old_files), facts({p: t for p, t in new_files.items() if p not in same})
    lines: dict[str, list[str]] = {}
    for cluster in sorted(set(before) | set(after)):
        old, new = before.get(cluster, {}), after.get(cluster, {})
        for what, attribute in sorted(set(old) | set(new), key=order):
            if attribute == "pulled" or old.get((what, attribute)) == new.get((what, attribute)):
                continue
            was, now = shown(old, what, attribute), shown(new, what, attribute)
            lines.setdefault(cluster, []).append(f"{what} {attribute}: {was} → {now}")
    return lines


_ATTRIBUTES = ("pulled", "version", "repository", "tag", "digest", "signature check")


def classify_fields(kind: str, changes: list[FieldChange]) -> list[tuple[str, str, FieldChange]]:
    """(effect, reason, change) for each field change of a changed object."""
    found = []
    for change in changes:
        found.append((*_classify_field(kind, change), change))
    return found


def _classify_field(kind: str, change: FieldChange) -> tuple[str, str]:
    path = change.path
    if path.startswith("metadata."):
        return IN_PLACE, "object metadata only"
    note = V1ALPHA5_NOTE if kind in ("Provisioner", "AWSNodeTemplate") else ""
    if kind in NODE_POOL_KINDS:
        if ".requirements[" in path:
            effect = requirement_effect(change.old, change.new)
            key = path.rsplit("[", 1)[1].rstrip("]")
            if effect == "widened":
                return IN_PLACE, f"requirement {key} widened: existing nodes still match, none is replaced"
            return DRIFT, f"requirement {key} {effect}: nodes whose {key} no longer matches are replaced{note}"
        if kind == "NodePool" and path == "spec.replicas" and ABSENT in (change.old, change.new):
            return DESTRUCTIVE, ("a NodePool cannot switch between static (replicas) and dynamic: the API server "
                                 "refuses the change (the NodePool CRD's rule); remove the pool in one pull request and "
                                 "add it back in the next (its nodes are drained and terminated)")
        if any(path == b or path.startswith(b + ".") for b in (V1_BEHAVIORAL if kind == "NodePool" else V1ALPHA5_BEHAVIORAL)):
            return IN_PLACE, "behavioral field: no node is replaced"
        if kind == "NodePool" and not path.startswith("spec.template."):
            return IN_PLACE, "not part of the node template"
        return DRIFT, f"node template changed: every node of the pool is replaced{note}"
    if kind in NODE_CLASS_KINDS:
        top = ".".join(path.split(".")[:2])
        if top in DYNAMIC_NODE_CLASS_FIELDS:
            return DRIFT, f"nodes are replaced where the new terms select different {DYNAMIC_NODE_CLASS_FIELDS[top]}{note}"
        return DRIFT, f"node class changed: every node using it is replaced{note}"
    if kind in ("HelmRelease", "Application") and (".values." in path or ".valuesObject." in path):
        return IN_PLACE, "Helm values: the controller restarts, no node is replaced"
    return IN_PLACE, "no node is replaced"


def _node_class_of(pool: dict[str, Any]) -> str | None:
    spec = pool.get("spec") or {}
    if pool["kind"] == "NodePool":
        return ((spec.get("template") or {}).get("spec") or {}).get("nodeClassRef", {}).get("name")
    return (spec.get("providerRef") or {}).get("name")


def plan(
    old_files: dict[str, str],
    new_files: dict[str, str],
    facts: dict[str, ClusterFacts] | None = None,
    same: set[str] | frozenset[str] = frozenset(),
) -> list[Change]:
    """Every change between two dist/ trees, classified; facts: what each cluster's config says beyond them;
    same: files identical on both sides, left out of old_files (their objects still give context, like which
    node pool uses a node class)."""
    facts = facts or {}
    old, new = objects_of(old_files), objects_of(new_files)
    changed = {key: value for key, value in new.items() if value[0] not in same}
    node_class_users = {
        (key[0], _node_class_of(obj)) for key, (_, obj) in new.items() if key[1] in NODE_POOL_KINDS
    } | {(key[0], _node_class_of(obj)) for key, (_, obj) in old.items() if key[1] in NODE_POOL_KINDS}
    changes: list[Change] = []
    for key in sorted({_buffer_of(key, old, new) for key in set(old) | set(changed)}):
        cluster, kind, _, name = key
        path, obj = new.get(key) or old[key]
        cluster_facts = facts.get(cluster, ClusterFacts())
        if kind == "ServiceAccount":
            after_oidc = _names_oidc_provider(new_files.get(f"{cluster}/{AWS_FILE}"))
            before_text = old_files.get(f"{cluster}/{AWS_FILE}")
            before_oidc = after_oidc if before_text is None and f"{cluster}/{AWS_FILE}" in same else _names_oidc_provider(before_text)
            cluster_facts = dataclasses.replace(cluster_facts, oidc=(before_oidc, after_oidc))
        group = _group(path, obj, cluster_facts.label_key)
        if kind == "ResourceQuota":
            changes += _quota_change(cluster, group, key, old, new)
            continue
        if kind == "CapacityBuffer":
            changes += _buffer_change(cluster, group, key, *_buffer_sides(key, old, new, same))
            continue
        if kind == "NodeOverlay":
            changes += _overlay_change(cluster, group, key, old, new)
            continue
        count = len(changes)
        if key not in old:
            changes.append(Change(cluster, group, kind, name, "added", IN_PLACE, "new object; no existing node is replaced"))
        elif key not in new:
            changes.append(_removed(cluster, group, kind, name, key, new, node_class_users))
        else:
            changes += _changed(cluster, group, kind, name, old[key][1], new[key][1], cluster_facts, new)
        if path.startswith(f"{cluster}/flux/") and path.count("/") == 2 and not name.endswith("-root"):
            changes[count:] = [_bootstrap_note(change, cluster, key[2]) for change in changes[count:]]
    changes = [_fallback_note(_root_note(change, new), new, facts) for change in changes]
    # The AWS side: the IAM policy documents of dist/<key>/aws.json, which terraform/ applies.
    for path in sorted({p for p in (*old_files, *new_files) if p.count("/") == 1 and p.endswith(f"/{AWS_FILE}")} - set(same)):
        cluster = path.split("/", 1)[0]
        manual = by_hand(new_files.get(path))
        for name, action, why in iam_changes(cluster, iam_of(old_files.get(path)), iam_of(new_files.get(path)), manual):
            changes.append(Change(cluster, IAM_GROUP, IAM_KIND, name, action, IN_PLACE, why))
        for name, action, why, destructive in node_identity_changes(cluster, old_files.get(path), new_files.get(path)):
            changes.append(Change(cluster, IAM_GROUP, IAM_KIND, name, action, DESTRUCTIVE if destructive else IN_PLACE, why))
    from review.upgrade import upgrade_changes  # it builds Changes: imported once this module is

    return changes + upgrade_changes(old_files, new_files, same)


def _quota_change(cluster: str, group: str, key: ObjectKey, old: dict, new: dict) -> list[Change]:
    """A tenant's ResourceQuota (tenants[].quota) as what its pods in that namespace may request."""
    namespace, name = key[2], key[3]
    before, after = ((side.get(key) or (None, {}))[1] for side in (old, new))

    def hard(obj: dict) -> dict[str, str]:
        return {str(k): str(v) for k, v in sorted(((obj.get("spec") or {}).get("hard") or {}).items())}

    caps = ", ".join(f"{k} {v}" for k, v in hard(after).items())
    if key not in new:
        return [Change(cluster, group, "ResourceQuota", name, "removed", IN_PLACE,
                       f"the tenant's pods in namespace {namespace} may request any amount again; no node is replaced")]
    fields = field_changes(before, after) if key in old else []
    if key in old and not fields:
        return []
    if key in old and hard(before) == hard(after):
        # The caps are the same, the object is not (its labels when tenancy.labelKey changes): still said, the
        # reviewer reads no dist/ diff.
        what = "object metadata only" if all(f.path.startswith("metadata.") for f in fields) else "the same caps"
        return [Change(cluster, group, "ResourceQuota", name, "changed", IN_PLACE, (
            f"{what}: the tenant's pods in namespace {namespace} may still request at most {caps}; no node is "
            "replaced"), fields)]
    action = "changed" if key in old else "added"
    return [Change(cluster, group, "ResourceQuota", name, action, IN_PLACE, (
        f"the tenant's pods in namespace {namespace} may request at most {caps} (a new pod past it is refused; "
        "running pods stay); no node is replaced"), fields)]


BUFFER_TEMPLATE = "karpenter-tenants-buffer-"  # charts.tenant_chart.TenantBuffersChart's PodTemplates


def _buffer_of(key: ObjectKey, old: dict, new: dict) -> ObjectKey:
    """The key a change of this object is said under: a buffer's chunk (PodTemplate karpenter-tenants-buffer-<name>)
    with its CapacityBuffer, which then has one line for both, whichever of them changed."""
    cluster, kind, namespace, name = key
    if kind == "PodTemplate" and name.startswith(BUFFER_TEMPLATE):
        buffer = (cluster, "CapacityBuffer", namespace, name.removeprefix(BUFFER_TEMPLATE))
        if buffer in old or buffer in new:
            return buffer
    return key


BufferSide = tuple[dict | None, dict | None]  # (CapacityBuffer, its chunk's PodTemplate) on one side


def _buffer_sides(key: ObjectKey, old: dict, new: dict, same: set[str] | frozenset[str]) -> tuple[BufferSide, BufferSide]:
    """A buffer's (CapacityBuffer, PodTemplate) before and after. An object whose file is identical on both sides is
    not in `old` (plan's `same`): it is the same before as after."""
    template = (key[0], "PodTemplate", key[2], BUFFER_TEMPLATE + key[3])

    def before(k: ObjectKey) -> dict | None:
        return old[k][1] if k in old else new[k][1] if k in new and new[k][0] in same else None

    def after(k: ObjectKey) -> dict | None:
        return new[k][1] if k in new else None

    return (before(key), before(template)), (after(key), after(template))


def _buffer_change(cluster: str, group: str, key: ObjectKey, before: BufferSide, after: BufferSide) -> list[Change]:
    """A tenant's CapacityBuffer (tenants[].buffers) and its chunk's PodTemplate, as one line: the room Karpenter keeps
    and what it costs (nodes launched for pods that never run). The fields are both objects' changes."""
    namespace, name, template_name = key[2], key[3], BUFFER_TEMPLATE + key[3]
    (buffer_before, template_before), (buffer_after, template_after) = before, after
    if buffer_after is None:
        return [Change(cluster, group, "CapacityBuffer", name, "removed", IN_PLACE, (
            f"Karpenter stops keeping this room in namespace {namespace}: nodes launched only for it become empty and "
            "consolidation removes them; no pod is evicted"))]
    fields, notes = [], []
    if buffer_before is not None:
        fields = field_changes(buffer_before, buffer_after)
        if template_before is not None and template_after is not None:
            requests = [_chunk_requests(t) for t in (template_before, template_after)]
            said = [FieldChange("chunk requests (its PodTemplate's container)", *requests)] if requests[0] != requests[1] else []
            fields += said + [
                dataclasses.replace(f, path=f"PodTemplate/{template_name} {f.path}")
                for f in field_changes(template_before, template_after)
                if not (said and f.path == "template.spec.containers")  # the requests say it
            ]
        elif template_before is not None or template_after is not None:
            notes.append(f"PodTemplate/{template_name} (the chunk's pod) {'added' if template_after else 'removed'}")
        if not fields and not notes:
            return []
    spec = buffer_after.get("spec") or {}
    size = [f"{spec['replicas']} chunk(s)"] if "replicas" in spec else []
    size += [f"{spec['percentage']}% of the replicas"] if "percentage" in spec else []
    size += ["up to " + ", ".join(f"{k} {v}" for k, v in sorted((spec.get("limits") or {}).items()))] if spec.get("limits") else []
    if "podTemplateRef" in spec:
        pod = ((template_after or {}).get("template") or {}).get("spec") or {}
        requests = _chunk_requests(template_after or {})
        shape = " of " + ", ".join(f"{k} {v}" for k, v in sorted(requests.items())) if requests else ""
        pool = (pod.get("nodeSelector") or {}).get("karpenter.sh/nodepool")
        shape += f" on NodePool {pool}" if pool else " on the tenant's nodes"
    else:
        ref = spec.get("scalableRef") or {}
        shape = f" shaped like {ref.get('kind')} {ref.get('name')}'s pods"
    return [Change(cluster, group, "CapacityBuffer", name, "changed" if buffer_before is not None else "added", IN_PLACE, (
        f"Karpenter keeps room for {' and '.join(size)}{shape} in namespace {namespace}: it launches nodes for "
        "them now, billed like any node though no pod runs there until the tenant's pods take the room; no existing "
        "node is replaced"), fields, notes)]


def _chunk_requests(template: dict) -> dict[str, Any]:
    """What one chunk of a buffer asks for: the requests of its PodTemplate's containers."""
    pod = (template.get("template") or {}).get("spec") or {}
    return {k: v for c in pod.get("containers") or [] for k, v in ((c.get("resources") or {}).get("requests") or {}).items()}


def _overlay_change(cluster: str, group: str, key: ObjectKey, old: dict, new: dict) -> list[Change]:
    """A NodeOverlay (tenants[].overlays, overlays): what Karpenter's scheduling simulation now believes, for which
    NodePools. It replaces no node by itself; consolidation may, where another instance type is now cheaper."""
    name = key[3]
    before, after = (side[key][1] if key in side else None for side in (old, new))
    fields = field_changes(before, after) if before is not None and after is not None else []
    if before is not None and after is not None and not fields:
        return []
    spec = (after if after is not None else before or {}).get("spec") or {}
    pools = [v for r in spec.get("requirements") or [] if r.get("key") == "karpenter.sh/nodepool" and r.get("operator") == "In"
             for v in r.get("values") or []]
    scope = f"NodePool {', '.join(pools)}" if pools else "every NodePool of the cluster (this product's or not)"
    if after is None:
        return [Change(cluster, group, "NodeOverlay", name, "removed", IN_PLACE, (
            f"Karpenter goes back to the instance types' own prices and capacity for {scope}; consolidation may then "
            "replace nodes that are no longer the cheapest (paced by the pools' budgets)"))]
    what = []
    if "price" in spec:
        what.append(f"price {spec['price']}")
    if "priceAdjustment" in spec:
        what.append(f"price adjustment {spec['priceAdjustment']}")
    if spec.get("capacity"):
        what.append("extra capacity " + ", ".join(f"{k} {v}" for k, v in sorted(spec["capacity"].items())))
    weight = f" (weight {spec['weight']})" if "weight" in spec else ""
    return [Change(cluster, group, "NodeOverlay", name, "changed" if before is not None else "added", IN_PLACE, (
        f"Karpenter's scheduling simulation takes {' and '.join(what) or 'nothing new'}{weight} for the instance types it "
        f"matches in {scope}: new nodes are chosen with it, and consolidation may replace running nodes where another "
        "type is now cheaper (paced by the pools' budgets)"), fields)]


def _removed(cluster: str, group: str, kind: str, name: str, key: ObjectKey, new: dict, users: set) -> Change:
    if kind in NODE_POOL_KINDS:
        return Change(cluster, group, kind, name, "removed", DESTRUCTIVE, (
            "its nodes are drained and terminated all at once: deleting a node pool is not paced by its disruption "
            "budgets (only pod disruption budgets slow each drain); pods that need this pool (its tenant's, which "
            "select its label and tolerate its taint) stay Pending until a pool for them exists again"
        ))
    if kind == "Namespace":
        # Flux prunes (Argo CD deletes) a namespace removed from its folder: everything in it goes, the Karpenter
        # controller and its service account included when it is the controller's.
        return Change(cluster, group, kind, name, "removed", DESTRUCTIVE,
                      "pruning it deletes everything in it (the Karpenter controller, when it runs there)")
    if kind in NODE_CLASS_KINDS and (cluster, name) in users:
        return Change(
            cluster, group, kind, name, "removed", DESTRUCTIVE, "a node pool uses it: its nodes are drained and terminated"
        )
    return Change(cluster, group, kind, name, "removed", IN_PLACE, "no node is replaced")


def _changed(
    cluster: str, group: str, kind: str, name: str, before: dict, after: dict, facts: ClusterFacts, new: dict
) -> list[Change]:
    fields = field_changes(before, after)
    if not fields:
        return []
    if kind == "ValidatingAdmissionPolicy":
        return [Change(cluster, group, kind, name, "changed", IN_PLACE, _policy_summary(before, after))]
    if kind == "ValidatingAdmissionPolicyBinding":
        actions = [sorted((o.get("spec") or {}).get("validationActions") or []) for o in (before, after)]
        parts = [_enforcement_summary(*actions)] if actions[0] != actions[1] else []
        parts += _binding_namespaces(before, after)
        if parts:
            return [Change(cluster, group, kind, name, "changed", IN_PLACE, "; ".join(parts))]
    switch = _identity_switch(cluster, kind, before, after, facts.oidc)
    if switch:
        return [Change(cluster, group, kind, name, "changed", IN_PLACE, switch, fields)]
    versions = (_chart_version(before), _chart_version(after))
    if versions[0] and versions[1] and versions[0][1] != versions[1][1]:
        old_version, new_version = versions[0][1], versions[1][1]
        if _major(old_version) != _major(new_version):
            why = f"Karpenter major-version change {old_version} → {new_version}: the node-pool APIs change"
            return [Change(cluster, group, kind, name, "changed", DESTRUCTIVE, why, fields)]
    by_effect: dict[str, list[tuple[str, FieldChange]]] = {}
    gate_on = _drift_gate(before) is not True and _drift_gate(after) is True
    for effect, reason, change in classify_fields(kind, fields):
        if gate_on and ".featureGates" in change.path:
            effect, reason = DRIFT, DRIFT_GATE_ON
        if kind in ("Provisioner", "AWSNodeTemplate") and effect == DRIFT and facts.drift_gate is not None:
            reason = reason.replace(V1ALPHA5_NOTE, "")
            if not facts.drift_gate:
                effect, reason = IN_PLACE, (
                    f"inactive: the drift feature gate is off (karpenter.featureGates.driftEnabled), so no node is "
                    f"replaced; with it on: {reason}"
                )
        if effect == DRIFT:
            reason += _pacing(cluster, kind, name, after, new)
        if kind in NODE_POOL_KINDS and _lowered_limit(change):
            reason += "; a lowered limit stops new nodes once usage reaches it, and removes none"
        by_effect.setdefault(effect, []).append((reason, change))
    result = []
    for effect in sorted(by_effect, key=lambda e: -SEVERITY[e]):
        reasons = sorted({reason for reason, _ in by_effect[effect]})
        result.append(
            Change(cluster, group, kind, name, "changed", effect, _joined(reasons), [c for _, c in by_effect[effect]])
        )
    return result


DRIFT_GATE_ON = (
    "the drift feature gate turns on (karpenter.featureGates.driftEnabled): the restarted controller replaces every "
    "node that drifted while the gate was off: nodes whose AMI is not the one their AWSNodeTemplate selects "
    "now (the AL2, Bottlerocket and Ubuntu families follow the latest EKS optimized AMI, so each node launched before "
    "its latest release) and nodes whose Provisioner or AWSNodeTemplate changed since they launched"
)


def _drift_gate(obj: dict[str, Any]) -> Any:
    """settings.featureGates.driftEnabled in the karpenter chart's values (Flux HelmRelease, Argo CD Application): the
    0.31 controller replaces drifted nodes only with it; None where the object sets none or installs no controller."""
    values = _karpenter_values(obj)
    if values is None:
        return None
    gates = (values.get("settings") or {}).get("featureGates") or {}
    return gates.get("driftEnabled") if isinstance(gates, dict) else None


def _lowered_limit(change: FieldChange) -> bool:
    if ".limits." not in f".{change.path}." and not change.path.startswith("spec.limits"):
        return False
    return change.old is not ABSENT and (change.new is ABSENT or quantity_value(change.new) < quantity_value(change.old))


NO_NODE_REPLACED = "no node is replaced"


def _joined(reasons: list[str]) -> str:
    """Reasons of one change, each once; 'no node is replaced', which several end with, said once at the end."""
    ending = [r for r in reasons if r.endswith(NO_NODE_REPLACED)]
    if len(ending) < 2:
        return "; ".join(reasons)
    heads = [r.removesuffix(NO_NODE_REPLACED).rstrip(" ,:;") for r in ending]
    return "; ".join([*(h for h in heads if h), *(r for r in reasons if r not in ending), NO_NODE_REPLACED])


def budget_nodes(nodes: str, when: str) -> str:
    """A budget's `nodes` as the node counts it allows (`when`: ' at a time', ' during …'): Karpenter rounds a
    percentage of the pool's nodes up (20% of 19 nodes allows 4), so a small pool still moves one node at a time."""
    if not nodes.endswith("%"):
        return f"{nodes} node{'s' if nodes != '1' else ''}{when}"
    percent = int(nodes[:-1])
    if percent == 0:
        return f"no node (0%){when}"
    if percent >= 100:
        return f"all its nodes (100%){when}"
    return (f"{nodes} of its nodes{when}, rounded up: 1 node of up to {100 // percent}, 2 of up to {200 // percent}")


def _bootstrap_note(change: Change, cluster: str, namespace: str) -> Change:
    """An object of the bootstrap folder beside the root (the appliers' account and binding, a fleet GitRepository):
    applied by hand with the root, never by Flux, so never pruned either."""
    if change.action == "removed":
        where = f" -n {namespace}" if namespace else ""
        return dataclasses.replace(change, why=(
            f"{change.why}; nothing prunes the bootstrap folder: delete it yourself once nothing uses it (`kubectl "
            f"delete{where} {change.kind.lower()} {change.name}`)"))
    return dataclasses.replace(change, why=(
        f"{change.why}; applied by hand with the root, not by Flux: run `kubectl apply -k dist/{cluster}/flux` before "
        "merging (the stages need it first)"))


def _fallback_note(change: Change, new: dict, facts: dict[str, ClusterFacts]) -> Change:
    """A tenant with several node pools (tenants[].pools): the order Karpenter tries them in, on every line of its
    NodePools that come or whose weight changes."""
    if change.kind != "NodePool" or change.action == "removed":
        return change
    if change.action == "changed" and not any(f.path == "spec.weight" for f in change.fields):
        return change
    label = facts.get(change.cluster, ClusterFacts()).label_key
    pools = [obj for (c, k, _, _), (_, obj) in new.items() if c == change.cluster and k == "NodePool"]
    mine = next((o for o in pools if o["metadata"]["name"] == change.name), None)
    tenant = ((mine or {}).get("metadata", {}).get("labels") or {}).get(label)
    siblings = [o for o in pools if ((o["metadata"].get("labels") or {}).get(label)) == tenant] if tenant else []
    if len(siblings) < 2:
        return change
    ordered = sorted(siblings, key=lambda o: (-((o.get("spec") or {}).get("weight") or 0), o["metadata"]["name"]))
    order = " → ".join(f"{o['metadata']['name']} ({(o.get('spec') or {}).get('weight') or 'no weight'})" for o in ordered)
    return dataclasses.replace(change, why=(
        f"{change.why}; Karpenter tries {tenant}'s pools by weight, falling back when one cannot launch (its "
        f"requirements, limits or capacity): {order}"
    ))


def _root_note(change: Change, new: dict) -> Change:
    """The root applier is applied by hand (docs/gitops.md) unless the bootstrap folder lists it: say how."""
    if change.kind not in ("Kustomization", "Application") or change.name != f"{change.cluster}-root":
        return change
    key = next((k for k in new if k[0] == change.cluster and k[1] == change.kind and k[3] == change.name), None)
    path = new[key][0] if key else f"{change.cluster}/{'flux' if change.kind == 'Kustomization' else 'argocd'}/"
    folder = path.rsplit("/", 1)[0]
    command = (f"kubectl apply -k dist/{folder}" if change.kind == "Kustomization"
               else f"kubectl apply -n argocd -f dist/{path}")
    if change.action == "removed":
        return change
    return dataclasses.replace(change, why=(
        f"{change.why}; the root is applied by hand: after merging run `{command}` (nothing to do where "
        f"`flux bootstrap`'s folder lists dist/{folder})" if change.kind == "Kustomization" else
        f"{change.why}; the root is applied by hand: after merging run `{command}`"
    ))


def _pacing(cluster: str, kind: str, name: str, after: dict, new: dict) -> str:
    """How Karpenter paces the replacement: the disruption budgets of the node pools that drift (1.x)."""
    pools = [
        obj for (c, k, _, _), (_, obj) in new.items()
        if c == cluster and k == "NodePool" and (obj["metadata"]["name"] == name if kind == "NodePool" else _node_class_of(obj) == name)
    ]
    paces = []
    for pool in pools:
        budgets = ((pool.get("spec") or {}).get("disruption") or {}).get("budgets") or [{"nodes": "10%"}]
        drift = [b for b in budgets if not b.get("reasons") or "Drifted" in b["reasons"]]
        always = [b for b in drift if not b.get("schedule")]
        scheduled = [b for b in drift if b.get("schedule")]
        text = f"{pool['metadata']['name']}: " + (
            " and ".join(f"at most {budget_nodes(b['nodes'], ' at a time')}" for b in always) or "no budget limits drift"
        )
        for budget in scheduled:
            window = f" during '{budget['schedule']}' (UTC) for {budget.get('duration')}"
            text += f"; {budget_nodes(budget['nodes'], window)}"
        skipped = [b for b in budgets if b.get("reasons") and "Drifted" not in b["reasons"]]
        if skipped:
            text += f" ({len(skipped)} budget{'s' if len(skipped) != 1 else ''} for other reasons do not apply to drift)"
        paces.append(text)
    return f"; paced by disruption budgets: {'; '.join(paces)}" if paces else ""


def _role_annotation(obj: dict) -> Any:
    metadata = obj.get("metadata") if isinstance(obj.get("metadata"), dict) else {}
    annotations = metadata.get("annotations") if isinstance(metadata.get("annotations"), dict) else {}
    return annotations.get(ROLE_ANNOTATION)


def _names_oidc_provider(text: str | None) -> bool:
    """Whether an aws.json text names the cluster's OIDC provider (False when absent or unreadable)."""
    cluster = (aws_document(text) or {}).get("cluster")
    return isinstance(cluster, dict) and bool(cluster.get("oidc_provider"))


def _identity_switch(cluster: str, kind: str, before: dict, after: dict, oidc: tuple[bool, bool]) -> str:
    """A switch of the controller between IRSA and EKS Pod Identity (the ServiceAccount's role annotation comes
    or goes): what changes on the cluster and in AWS, and in which order; "" for any other change."""
    old, new = _role_annotation(before), _role_annotation(after)
    if kind != "ServiceAccount" or (old is None) == (new is None):
        return ""
    metadata = after.get("metadata") or {}
    account = f"{metadata.get('namespace', '')}/{metadata.get('name', '')}"
    terraform = f"terraform/ with dist/{cluster}/aws.json"
    if new is None:
        return (
            f"controller identity IRSA → EKS Pod Identity. In AWS ({terraform}): a pod identity association of "
            f"{account} with role {old}, which now trusts pods.eks.amazonaws.com"
            + (" (its OIDC trust stays while cluster.oidcProvider is set)" if oidc[1] else
               " and no longer the OIDC provider (cluster.oidcProvider is unset): the running controller keeps its "
               "IRSA credentials only until they expire (at most an hour), so let this reach the cluster soon after")
            + ". On the cluster: the ServiceAccount loses its role annotation and the "
            "controller pods restart onto Pod Identity (the eks-pod-identity-agent add-on must run). Order: apply "
            "terraform/ before this reaches the cluster; if the annotation goes first, the restarted controller has "
            "no AWS credentials and launches and removes no node until the association exists. No node is replaced"
        )
    return (
        f"controller identity EKS Pod Identity → IRSA. In AWS ({terraform}): role {new} trusts the cluster's "
        f"OIDC provider for {account} and the pod identity association is deleted. On the cluster: the "
        "ServiceAccount gets the role annotation and the controller pods restart onto IRSA, which the AWS SDKs "
        "prefer to an association that still exists. Order: the role must trust the OIDC provider before the pods "
        "restart: " + (
            "cluster.oidcProvider was already set, so let this reach the cluster first and apply terraform/ after it"
            if oidc[0] else
            "cluster.oidcProvider was not set before, so apply terraform/ first and this right after; between the "
            "two the controller keeps its Pod Identity credentials only until they expire, then launches and "
            "removes no node"
        ) + ". No node is replaced"
    )


_NAMESPACE_TENANT = re.compile(r'"([^"]+)":\s*"([^"]+)"')
_RULE = re.compile(r"rule ([a-z-]+)")


ENFORCEMENT = {
    ("Audit",): "audit: refusals are only recorded in the API server's audit log",
    ("Audit", "Warn"): "warn: refusals are recorded and returned to the client as warnings, the request still passes",
    ("Deny",): "deny: the request is refused",
}


def _binding_namespaces(before: dict, after: dict) -> list[str]:
    """A binding's namespaces as they change: a tenant's (In, its parameter names the tenant) or those the binding of
    the namespaces of no tenant leaves out (NotIn: the exempt ones and every tenant's)."""

    def selected(binding: dict) -> tuple[str | None, set[str]]:
        spec = binding.get("spec") or {}
        selector = (spec.get("matchResources") or {}).get("namespaceSelector") or {}
        for expression in selector.get("matchExpressions") or []:
            if expression.get("key") == "kubernetes.io/metadata.name":
                return expression.get("operator"), set(expression.get("values") or [])
        return None, set()

    (old_op, old), (new_op, new) = selected(before), selected(after)
    if old_op != new_op or old == new:
        return []
    ref = ((after.get("spec") or {}).get("paramRef") or {}).get("name", "")
    whose = f"tenant {ref.removeprefix('karpenter-tenant-')}" if new_op == "In" and ref.startswith("karpenter-tenant-") else "its"
    what = f"namespaces of {whose}" if new_op == "In" else "namespaces it leaves out (exempt, or a tenant's)"
    change = [f"+{n}" for n in sorted(new - old)] + [f"-{n}" for n in sorted(old - new)]
    return [f"{what}: {' '.join(change)}"]


def _enforcement_summary(before: list[str], after: list[str]) -> str:
    """What switching tenancy.enforcement does, in words."""
    was, now = ENFORCEMENT.get(tuple(before), ", ".join(before)), ENFORCEMENT.get(tuple(after), ", ".join(after))
    text = f"enforcement {was} → {now}"
    if after == ["Deny"]:
        text += "; from now on every pod the policy would refuse is refused: read what audit recorded first"
    elif before == ["Deny"]:
        text += "; pods the policy would refuse are admitted again (isolation is no longer enforced)"
    return text


def _policy_summary(before: dict, after: dict) -> str:
    """An isolation policy change as the namespaces and tenants whose admission changes, not its CEL."""

    def owners(policy: dict) -> dict[str, str]:
        variables = (policy.get("spec") or {}).get("variables") or []
        text = next((v.get("expression", "") for v in variables if v.get("name") == "namespaceTenants"), "")
        return dict(_NAMESPACE_TENANT.findall(text))

    def exempt(policy: dict) -> set[str]:
        selector = ((policy.get("spec") or {}).get("matchConstraints") or {}).get("namespaceSelector") or {}
        return {v for e in selector.get("matchExpressions") or [] for v in e.get("values") or []}

    def rules(policy: dict) -> set[str]:
        return {r for v in (policy.get("spec") or {}).get("validations") or [] for r in _RULE.findall(v.get("messageExpression", ""))}

    parts = []
    old_owners, new_owners = owners(before), owners(after)
    for namespace in sorted(set(old_owners) | set(new_owners)):
        was, now = old_owners.get(namespace), new_owners.get(namespace)
        if was != now:
            parts.append(f"namespace {namespace}: " + (f"tenant {was}" if was else "no tenant") + " → "
                         + (f"tenant {now}" if now else "no tenant"))
    old_exempt, new_exempt = exempt(before), exempt(after)
    if new_exempt - old_exempt:
        parts.append(f"no longer checked (exempt): {', '.join(sorted(new_exempt - old_exempt))}")
    if old_exempt - new_exempt:
        parts.append(f"now checked: {', '.join(sorted(old_exempt - new_exempt))}")
    old_rules, new_rules = rules(before), rules(after)
    if new_rules - old_rules:
        parts.append(f"new rules: {', '.join(sorted(new_rules - old_rules))}")
    if old_rules - new_rules:
        parts.append(f"rules dropped: {', '.join(sorted(old_rules - new_rules))}")
    summary = "; ".join(parts) or "rule text changed, same namespaces and rules"
    return f"admission changes for new pods, running pods are untouched: {summary}"


# --- report ------------------------------------------------------------------------------------


def markdown(
    changes: list[Change], base: str, versions: dict[str, list[str]] | None = None,
    moving: dict[str, list[str]] | None = None,
) -> str:
    """The summary; versions: chart and image lines by cluster; moving: the cluster-autoscaler runbook's lines by
    cluster (review.autoscaler), shown whether or not the cluster changed."""
    counts = {effect: sum(1 for c in changes if c.effect == effect) for effect in (DESTRUCTIVE, DRIFT, IN_PLACE)}
    lines = [
        f"## Karpenter plan against {base}",
        "",
        f"{counts[DESTRUCTIVE]} destructive, {counts[DRIFT]} drift, {counts[IN_PLACE]} in place.",
    ]
    if not changes:
        lines += ["", "No change to any cluster."]
    moving = {cluster: notes for cluster, notes in (moving or {}).items() if notes}
    for cluster in sorted({c.cluster for c in changes} | set(moving)):
        lines += ["", f"### Cluster {cluster}"]
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
                lines += change.lines()
    return "\n".join(lines) + "\n"


def gate_tripped(changes: list[Change], fail_on: str | None) -> bool:
    if fail_on is None:
        return False
    threshold = SEVERITY[DESTRUCTIVE if fail_on == "destructive" else DRIFT]
    return any(SEVERITY[c.effect] >= threshold for c in changes)
