"""`plan`'s review of what installs the Karpenter controller (Flux OCIRepository + HelmRelease, Argo CD Application):
a major-version change of the chart is destructive (the node-pool APIs change); a change of its Helm values restarts
the controller and replaces no node, except the 0.31 drift feature gate turning on (DRIFT_GATE_ON; the node pools' own
drift rules: kinds/node_pool/drift.py). Also the "Chart and image versions" lines: each change of a Karpenter chart's
version, digest or signature check, or of the controller image.

A new object that installs the controller is said by kinds/controller/adoption.py (an adoption of the release `helm
install` made, with its value changes when plan is given the live release). Imports the change model
(objects.changes), kinds.controller.adoption, objects.review, objects.dist_objects and objects.common (how an Argo CD source names its chart) and reference (lazily: the CRDs a version change compares) only; never another kind's module."""

from __future__ import annotations

from typing import Any

from karpenter_tenants.kinds.controller.adoption import added_controller_release
from karpenter_tenants.kinds.controller.adoption import major as _major
from karpenter_tenants.objects.changes import DESTRUCTIVE, DRIFT, IN_PLACE, Change, FieldChange
from karpenter_tenants.objects.common import CONTROLLER_CHART, argocd_chart, chart_installed
from karpenter_tenants.objects.dist_objects import ObjectKey, objects_of
from karpenter_tenants.objects.review import ObjectReview, Sides

LAYER = "review"  # this module's layer (kinds/__init__.py)

DRIFT_GATE_ON = (
    "the drift feature gate turns on (karpenter.featureGates.driftEnabled): the restarted controller replaces every "
    "node that drifted while the gate was off: nodes whose AMI is not the one their AWSNodeTemplate selects "
    "now (the AL2, Bottlerocket and Ubuntu families follow the latest EKS optimized AMI, so each node launched before "
    "its latest release) and nodes whose Provisioner or AWSNodeTemplate changed since they launched"
)


class ControllerReview(ObjectReview):
    """A Flux OCIRepository or HelmRelease, or an Argo CD Application; values: whether the kind carries Helm values."""

    def __init__(self, *, values: bool) -> None:
        self.values = values

    def added(self, sides: Sides, key: ObjectKey, group: str) -> list[Change]:
        obj = sides.new[key][1]
        if not self.values or _karpenter_values(obj) is None:
            return super().added(sides, key, group)
        spec = obj["spec"]
        if key[1] == "HelmRelease":
            release = spec.get("releaseName") or key[3]
            namespace = spec.get("targetNamespace") or key[2]
        else:
            release = (spec["source"].get("helm") or {}).get("releaseName") or key[3]
            namespace = spec["destination"]["namespace"]
        adoption = sides.facts_of(key[0]).adoption
        return [added_controller_release(adoption, key[0], group, key[1], key[3], str(release), str(namespace))]

    def changed(
        self, sides: Sides, key: ObjectKey, group: str, before: dict, after: dict, fields: list[FieldChange]
    ) -> list[Change]:
        versions = (_chart_version(before), _chart_version(after))
        if versions[0] and versions[1] and versions[0][1] != versions[1][1]:
            old_version, new_version = versions[0][1], versions[1][1]
            if _major(old_version) != _major(new_version):
                why = f"Karpenter major-version change {old_version} → {new_version}: the node-pool APIs change"
                return [Change(key[0], group, key[1], key[3], "changed", DESTRUCTIVE, why, fields)]
            why = (
                f"Karpenter {old_version} → {new_version}: the controller restarts on the new release (a rolling "
                f"update of its pods), no node is replaced by the upgrade itself; {crd_changes(str(old_version), str(new_version))}"
            )
            return [Change(key[0], group, key[1], key[3], "changed", IN_PLACE, why, fields)]
        return super().changed(sides, key, group, before, after, fields)

    def classify(self, sides: Sides, key: ObjectKey, before: dict, after: dict, change: FieldChange) -> tuple[str, str]:
        if ".featureGates" in change.path and _drift_gate(before) is not True and _drift_gate(after) is True:
            return DRIFT, DRIFT_GATE_ON
        return super().classify(sides, key, before, after, change)

    def field_effect(self, kind: str, change: FieldChange) -> tuple[str, str]:
        if self.values and (".values." in change.path or ".valuesObject." in change.path):
            return IN_PLACE, "Helm values: the controller restarts, no node is replaced"
        return super().field_effect(kind, change)


REVIEWS = {
    "OCIRepository": ControllerReview(values=False),
    "HelmRelease": ControllerReview(values=True),
    "Application": ControllerReview(values=True),
}


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
            found["signature check"] = (
                f"{verify.get('provider')} keyless, subject {subjects}" if subjects else str(verify.get("provider"))
            )
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
    if chart_installed(obj) != CONTROLLER_CHART:
        return None
    if obj.get("kind") == "HelmRelease":
        values = spec.get("values")
    else:
        values = ((spec.get("source") or {}).get("helm") or {}).get("valuesObject")
    return values if isinstance(values, dict) else {}


def version_changes(
    old_files: dict[str, str], new_files: dict[str, str], same: set[str] | frozenset[str] = frozenset()
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


def _drift_gate(obj: dict[str, Any]) -> Any:
    """settings.featureGates.driftEnabled in the karpenter chart's values (Flux HelmRelease, Argo CD Application): the
    0.31 controller replaces drifted nodes only with it; None where the object sets none or installs no controller."""
    values = _karpenter_values(obj)
    if values is None:
        return None
    gates = (values.get("settings") or {}).get("featureGates") or {}
    return gates.get("driftEnabled") if isinstance(gates, dict) else None


def crd_changes(old: str, new: str) -> str:
    """What the Karpenter CRDs change between two releases, from their reference data: per kind, the schema fields
    and enum values added and removed (e.g. NodePool's `Unhealthy` disruption reason); said as not compared when a
    release's reference data is missing."""
    from karpenter_tenants.reference.shared import shared_dir
    from karpenter_tenants.reference.versions import crd_folder

    shared = shared_dir()
    folders = {version: crd_folder(shared, version.lstrip("v")) for version in (old, new)}
    missing = [version for version, folder in folders.items() if not folder.is_dir()]
    if missing:
        return (
            f"the CRDs of the two releases not compared (no reference data for {', '.join(missing)}: `python "
            f"main.py fetch-reference {' '.join(v.lstrip('v') for v in missing)}`)"
        )
    before, after = (_crd_fields(folders[old]), _crd_fields(folders[new]))
    parts = []
    for kind in sorted(set(before) | set(after)):
        added = sorted(after.get(kind, set()) - before.get(kind, set()))
        removed = sorted(before.get(kind, set()) - after.get(kind, set()))
        changes = [f"+{field}" for field in added] + [f"-{field}" for field in removed]
        if changes:
            shown = ", ".join(changes[:8]) + (f" (+{len(changes) - 8} more)" if len(changes) > 8 else "")
            parts.append(f"{kind}: {shown}")
    return "the CRDs change: " + "; ".join(parts) if parts else "the CRDs are the same"


def _crd_fields(folder: Any) -> dict[str, set[str]]:
    """kind -> its schema's field paths and enum values (`spec.disruption.budgets[].reasons=Unhealthy`), over its
    served versions, from the reference data's CRD files."""
    from karpenter_tenants.reference.crds import parsed_yaml

    found: dict[str, set[str]] = {}
    for path in sorted(folder.glob("*.yaml")):
        for crd in parsed_yaml(path):
            if not isinstance(crd, dict) or crd.get("kind") != "CustomResourceDefinition":
                continue
            kind = str(((crd.get("spec") or {}).get("names") or {}).get("kind"))
            fields = found.setdefault(kind, set())
            for version in (crd.get("spec") or {}).get("versions") or []:
                if version.get("served"):
                    _walk((version.get("schema") or {}).get("openAPIV3Schema") or {}, "", fields)
    return found


def _walk(schema: dict[str, Any], path: str, fields: set[str]) -> None:
    for value in schema.get("enum") or []:
        fields.add(f"{path}={value}")
    for name, sub in (schema.get("properties") or {}).items():
        if name in ("apiVersion", "kind", "metadata", "status") and not path:
            continue
        child = f"{path}.{name}" if path else name
        fields.add(child)
        if isinstance(sub, dict):
            _walk(sub, child, fields)
    items = schema.get("items")
    if isinstance(items, dict):
        _walk(items, f"{path}[]", fields)
