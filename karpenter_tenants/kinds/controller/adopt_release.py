"""`adopt --release-values/--release-secret` and `plan`'s adoption: what the first reconcile of the generated Flux
HelmRelease (or Argo CD Application) changes in a Karpenter release installed by hand, value by value.

Owns reading what a user can give without cluster access from this product (`helm get values RELEASE -n NS -o json
--all`, `helm list -n NS -o json`, or the release's Secret as `kubectl get secret -o json` prints it), the values
Flux will install (the generated values over the generated chart version's defaults, composed by Helm itself:
helm-python-sdk's Chart.merge_values), the comparison, and which changes move or restart the controller or change
what it may do, and the release name and namespace Flux's helm-controller uses (flux_release_name, which `adopt`'s
steps name too). Imports config, objects and reference only; never commands.

Upstream facts this relies on:
- Helm 3's release storage (pkg/storage/driver, Secrets driver): a Secret of type `helm.sh/release.v1` named
  `sh.helm.release.v1.<release>.v<revision>`, labels owner=helm, name, status, version; data.release is the release
  as JSON, gzipped and base64-encoded (the Secret's data encodes it once more); Helm decodes data without the gzip
  magic bytes (1f 8b 08) as plain JSON. The release: name, namespace, version, info.status, chart.metadata
  (name, version, appVersion), chart.values (the chart's defaults), config (the user-supplied values).
- `helm get values --all` prints chartutil.CoalesceValues(chart, config): the user values over the chart's
  defaults, maps merged key by key, anything else replaced, a null user value removing the chart's key.
- `helm list -o json` prints a list of {name, namespace, revision, updated, status, chart: "<name>-<version>",
  app_version}.
- Flux helm-controller upgrades with the HelmRelease's values only unless spec.upgrade.preserveValues ("reuse the
  last release's values and merge in overrides"), which the generated HelmRelease never sets: the hand-set values
  are replaced wholesale. Argo CD renders the chart with its valuesObject (`helm template`): the same values.
"""

from __future__ import annotations

import base64
import binascii
import copy
import hashlib
import json
import re
import zlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from karpenter_tenants.config.gitops_engines import ENGINES
from karpenter_tenants.config.loader import LoadedCluster
from karpenter_tenants.config.versions import Generation
from karpenter_tenants.config.yaml_input import InputError, parse_json, read_json
from karpenter_tenants.objects.changes import (
    ABSENT,  # a value one side does not have (plan shows it as objects.changes does)
)
from karpenter_tenants.objects.common import CONTROLLER_CHART, HELM_RESOURCE_POLICY

LAYER = "convert"  # this module's layer (kinds/__init__.py)

CHART = CONTROLLER_CHART  # the controller's chart (objects.common)
SECRET_TYPE = "helm.sh/release.v1"
_SECRET_NAME = re.compile(r"^sh\.helm\.release\.v1\.(?P<release>.+)\.v(?P<revision>[0-9]+)$")
_GZIP_MAGIC = b"\x1f\x8b\x08"
# The largest release record read: the karpenter chart's record (its files, templates and manifest) is some 500 KB; a
# gzip of MAX_INPUT_BYTES of JSON fits in a 100 KB Secret and takes gigabytes of memory to read and compare.
MAX_RECORD_BYTES = 8 * 1024 * 1024
_KEY = re.compile(r"^[A-Za-z0-9_-]+$")

# Values whose change moves or restarts the controller, or changes what it may do, with the cluster-file field that
# carries each (the generated values come from these: kinds/controller/fields.py); a prefix matches the paths under it.
_MOVES_V1 = {
    "affinity": "karpenter.controller.nodeGroup (the node group of `eks.amazonaws.com/nodegroup In [...]`), else "
    "karpenter.values.affinity",
    "nodeSelector": "karpenter.values.nodeSelector",
    "tolerations": "karpenter.controller.tolerations (the chart's CriticalAddonsOnly is kept)",
    "topologySpreadConstraints": "karpenter.controller.topologySpreadConstraints",
    "replicas": "karpenter.controller.replicas",
    "serviceAccount.name": "karpenter.serviceAccount",
    "serviceAccount.annotations": "karpenter.identity and karpenter.controllerRole (irsa: the role-arn annotation)",
    "controller.image.repository": "karpenter.controller.imageRepository",
    "controller.image.tag": "karpenter.version",
    "controller.image.digest": "karpenter.values.controller.image.digest",
    "settings.clusterName": "cluster.name",
    "settings.clusterEndpoint": "cluster.endpoint",
    "settings.interruptionQueue": "karpenter.interruptionQueue",
}
_MOVES_V1ALPHA5 = {
    **{path: carry for path, carry in _MOVES_V1.items() if not path.startswith("settings.")},
    "settings.aws.clusterName": "cluster.name",
    "settings.aws.clusterEndpoint": "cluster.endpoint",
    "settings.aws.interruptionQueueName": "karpenter.interruptionQueue",
    "settings.aws.defaultInstanceProfile": "karpenter.defaultInstanceProfile",
}
MOVES = {Generation.V1: _MOVES_V1, Generation.V1ALPHA5: _MOVES_V1ALPHA5}


class ReleaseInputError(InputError):
    """A release file that is not what the option reads (the message names the file, what is wrong and the fix)."""


@dataclass(frozen=True)
class LiveRelease:
    """The installed release as the user's files tell it."""

    values: dict[str, Any]  # computed: the user values over the chart's defaults (`--all`)
    files: tuple[str, ...]
    name: str | None = None  # None: the files do not say (values alone)
    namespace: str | None = None
    chart_version: str | None = None
    status: str | None = None


@dataclass(frozen=True)
class GeneratedRelease:
    """The release the generated applier installs or upgrades."""

    name: str
    namespace: str
    applier: str  # "Flux HelmRelease karpenter/karpenter", "Argo CD Application argocd/acme-karpenter"
    chart_version: str
    values: dict[str, Any]  # the generated values (HelmRelease spec.values, Application valuesObject)
    service_account_annotations: dict[str, str] | None  # the product's ServiceAccount's, when the chart makes none


@dataclass(frozen=True)
class ValueChange:
    path: str
    change: str  # "changed", "added" (only the generated values have it), "dropped" (only the live ones)
    live: Any
    generated: Any
    moves_controller: bool
    carried_by: str | None = None  # the cluster-file field that carries it (moves_controller only)

    def as_json(self) -> dict[str, Any]:
        found = {
            "path": self.path,
            "change": self.change,
            "live": None if self.live is ABSENT else self.live,
            "generated": None if self.generated is ABSENT else self.generated,
            "movesController": self.moves_controller,
        }
        if self.carried_by:
            found["clusterFile"] = self.carried_by
        return found


@dataclass(frozen=True)
class ReleaseDiff:
    cluster: str
    source: str  # the cluster file
    release: GeneratedRelease
    live: LiveRelease
    values: dict[str, Any]  # the full values the applier installs, computed
    changes: tuple[ValueChange, ...] = field(default_factory=tuple)

    @property
    def moving(self) -> list[ValueChange]:
        return [c for c in self.changes if c.moves_controller]

    def as_json(self) -> dict[str, Any]:
        release: dict[str, Any] = {"name": self.release.name, "namespace": self.release.namespace}
        if self.live.status:
            release["status"] = self.live.status
        return {
            "release": release,
            "chartVersion": {"live": self.live.chart_version, "generated": self.release.chart_version},
            "changes": [c.as_json() for c in self.changes],
            "values": self.values,
        }


# --- reading the user's files ---------------------------------------------------------------------------------------


def read_live_release(
    values: Path | None, listing: Path | None, secret: Path | None, expected: GeneratedRelease
) -> LiveRelease:
    """The live release from `--release-values` (with `--release-list`) or `--release-secret`; ReleaseInputError
    naming the file for anything else, or for a release other than the one the generated applier upgrades."""
    if secret is not None:
        return _from_secret(secret, expected)
    assert values is not None
    computed = _values_file(values)
    if listing is None:
        return LiveRelease(computed, (str(values),))
    name, namespace, version, status = _from_list(listing, expected)
    return LiveRelease(computed, (str(values), str(listing)), name, namespace, version, status)


def _json(path: Path, written_by: str) -> Any:
    from karpenter_tenants.config.yaml_input import non_finite

    try:
        document = read_json(path, written_by=written_by)
        found = non_finite(document)
        if found:  # the diff is printed as JSON, which has no infinity
            raise ReleaseInputError(
                str(path), None, f"{found}: a number beyond a 64-bit float; write the file with `{written_by}`"
            )
        return document
    except InputError as error:
        raise ReleaseInputError(error.file, error.line, error.detail) from None
    except OSError as error:
        raise ReleaseInputError(
            str(path), None, f"cannot be read ({error.strerror or error}); write it with `{written_by}`"
        ) from None


def _values_file(path: Path) -> dict[str, Any]:
    written_by = "helm get values RELEASE -n NAMESPACE -o json --all"
    try:  # the values are part of the record, so no larger (read and compared, JSON takes ~17 times the file)
        size = path.stat().st_size
    except OSError:
        size = 0  # missing or unreadable: read_json says so
    if size > MAX_RECORD_BYTES:
        raise ReleaseInputError(
            str(path),
            None,
            f"larger than {MAX_RECORD_BYTES // (1024 * 1024)} MiB: not a release's "
            f"values (the karpenter chart's are a few KB); write them with `{written_by}`",
        )
    data = _json(path, written_by)
    if isinstance(data, dict) and data.get("kind") == "Secret":
        raise ReleaseInputError(str(path), None, "a Secret, not the release's values: pass it with --release-secret")
    if not isinstance(data, dict):
        raise ReleaseInputError(
            str(path), None, f"not a JSON object of Helm values but {_kind(data)}; write it with `{written_by}`"
        )
    missing = [key for key in ("controller", "serviceAccount", "settings") if key not in data]
    if missing:
        raise ReleaseInputError(
            str(path),
            None,
            f"has no {', '.join(missing)}: the chart's defaults are missing, so "
            f"these are not the computed values; write them with `{written_by}` (with --all)",
        )
    return _chart_values(path, data, written_by)


def _chart_values(path: Path, values: dict[str, Any], written_by: str) -> dict[str, Any]:
    """values, where the parts this command reads as mappings are (the chart's values.yaml has them so)."""
    if "serviceAccount" in values and not isinstance(values["serviceAccount"], dict | None):
        raise ReleaseInputError(
            str(path),
            None,
            f"serviceAccount is {_kind(values['serviceAccount'])}, not a mapping: not "
            f"values of the {CHART} chart; write them with `{written_by}`",
        )
    return values


def _from_list(path: Path, expected: GeneratedRelease) -> tuple[str, str, str, str | None]:
    written_by = f"helm list -n {expected.namespace} -o json"
    data = _json(path, written_by)
    if not isinstance(data, list) or not all(isinstance(e, dict) for e in data):
        raise ReleaseInputError(
            str(path), None, f"not the JSON list of releases `{written_by}` prints but {_kind(data)}"
        )
    found = [
        e
        for e in data
        if e.get("name") == expected.name and e.get("namespace", expected.namespace) == expected.namespace
    ]
    if not found:
        have = ", ".join(f"{e.get('namespace')}/{e.get('name')}" for e in data) or "none"
        raise ReleaseInputError(
            str(path),
            None,
            f"lists no release {expected.name} in namespace {expected.namespace}, "
            f"the one the generated {expected.applier} upgrades (it lists: {have})",
        )
    chart = found[0].get("chart")
    match = (
        re.fullmatch(rf"{CHART}-(?P<version>v?[0-9]+\.[0-9]+\.[0-9]+\S*)", chart) if isinstance(chart, str) else None
    )
    if match is None:
        raise ReleaseInputError(
            str(path),
            None,
            f"release {expected.name} is of chart {chart!r}, not the {CHART} chart "
            f"(`{CHART}-<version>`): it is not the Karpenter controller's release",
        )
    status = found[0].get("status")
    return expected.name, expected.namespace, match.group("version"), status if isinstance(status, str) else None


def _from_secret(path: Path, expected: GeneratedRelease) -> LiveRelease:
    written_by = f"kubectl get secret sh.helm.release.v1.{expected.name}.vN -n {expected.namespace} -o json"
    data = _json(path, written_by)
    if isinstance(data, dict) and data.get("kind") == "List" and isinstance(data.get("items"), list):
        deployed = [i for i in data["items"] if _field(_field(i, "metadata"), "labels").get("status") == "deployed"]
        if len(deployed) != 1:
            raise ReleaseInputError(
                str(path),
                None,
                f"a list of {len(data['items'])} Secrets, {len(deployed)} of them "
                f"the deployed revision: give the one Secret, `{written_by}`",
            )
        data = deployed[0]
    if not isinstance(data, dict) or data.get("kind") != "Secret":
        raise ReleaseInputError(str(path), None, f"not a Secret but {_kind(data)}; write it with `{written_by}`")
    meta = data.get("metadata") if isinstance(data.get("metadata"), dict) else {}
    named = _SECRET_NAME.match(str(meta.get("name", "")))
    if data.get("type") != SECRET_TYPE or named is None:
        raise ReleaseInputError(
            str(path),
            None,
            f"Secret {meta.get('name')!r} of type {data.get('type')!r} is not a Helm "
            f"release record (type {SECRET_TYPE}, named sh.helm.release.v1.<release>.v<revision>)",
        )
    if (named.group("release"), meta.get("namespace", expected.namespace)) != (expected.name, expected.namespace):
        raise ReleaseInputError(
            str(path),
            None,
            f"the record of release {named.group('release')} in namespace "
            f"{meta.get('namespace')}, not of {expected.name} in {expected.namespace}, the release the "
            f"generated {expected.applier} upgrades",
        )
    record = _decode(
        path, (data.get("data") or {}).get("release") if isinstance(data.get("data"), dict) else None, written_by
    )
    chart = record.get("chart") if isinstance(record.get("chart"), dict) else {}
    metadata = chart.get("metadata") if isinstance(chart.get("metadata"), dict) else {}
    if metadata.get("name") != CHART:
        raise ReleaseInputError(
            str(path),
            None,
            f"a release of chart {metadata.get('name')!r}, not the {CHART} chart: it is "
            "not the Karpenter controller's release",
        )
    if (record.get("name"), record.get("namespace")) != (expected.name, expected.namespace):
        raise ReleaseInputError(
            str(path),
            None,
            f"its release record is of {record.get('name')!r} in "
            f"{record.get('namespace')!r}, not of the Secret's release {expected.name} in {expected.namespace}",
        )
    defaults, config = chart.get("values") or {}, record.get("config") or {}
    if not isinstance(defaults, dict) or not isinstance(config, dict):
        raise ReleaseInputError(
            str(path), None, "its release record's chart.values or config is not a mapping: not a record Helm wrote"
        )
    status = (record.get("info") or {}).get("status") if isinstance(record.get("info"), dict) else None
    version = metadata.get("version")
    return LiveRelease(
        _chart_values(path, coalesce(defaults, config), written_by),
        (str(path),),
        expected.name,
        expected.namespace,
        str(version) if version is not None else None,
        status if isinstance(status, str) else None,
    )


def _decode(path: Path, payload: Any, written_by: str) -> dict[str, Any]:
    """data.release: base64 (the Secret's) of base64 (Helm's) of gzip (or plain) JSON."""
    if not isinstance(payload, str):
        raise ReleaseInputError(str(path), None, "has no data.release: not a Helm release record")
    try:
        raw = base64.b64decode(base64.b64decode(payload, validate=True), validate=True)
    except (binascii.Error, ValueError):
        raise ReleaseInputError(
            str(path),
            None,
            "data.release is not base64 of Helm's base64 text: not a release "
            "record as `kubectl get secret -o json` prints it",
        ) from None
    complete = True
    if raw[:3] == _GZIP_MAGIC:
        inflate = zlib.decompressobj(16 + zlib.MAX_WBITS)
        try:
            raw = inflate.decompress(raw, MAX_RECORD_BYTES + 1)
        except zlib.error as error:
            raise ReleaseInputError(
                str(path), None, f"data.release is not valid gzip ({error}): the record is damaged"
            ) from None
        complete = inflate.eof
    if len(raw) > MAX_RECORD_BYTES or not complete:
        raise ReleaseInputError(
            str(path),
            None,
            f"data.release unpacks to more than {MAX_RECORD_BYTES // (1024 * 1024)} "
            "MiB or is cut short: not a record this command reads (a release's record is well under 1 MiB)",
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ReleaseInputError(
            str(path), None, "data.release does not hold a release as JSON: not a Helm release record"
        ) from None
    try:
        record = parse_json(text, str(path), written_by)
    except InputError as error:
        if error.detail.startswith("not JSON"):
            raise ReleaseInputError(
                str(path), None, "data.release does not hold a release as JSON: not a Helm release record"
            ) from None
        raise ReleaseInputError(str(path), None, f"data.release: {error.detail}") from None
    if not isinstance(record, dict):
        raise ReleaseInputError(str(path), None, "data.release holds no release object: not a Helm release record")
    from karpenter_tenants.config.yaml_input import non_finite

    found = non_finite(record)
    if found:
        raise ReleaseInputError(str(path), None, f"data.release: {found}: a number beyond a 64-bit float")
    return record


def _field(data: Any, key: str) -> dict[str, Any]:
    """data[key] where both are mappings, else an empty one (a List's items as a user may have edited them)."""
    found = data.get(key) if isinstance(data, dict) else None
    return found if isinstance(found, dict) else {}


def _kind(data: Any) -> str:
    return {dict: "an object", list: "a list", str: "a string", type(None): "null"}.get(
        type(data), f"a {type(data).__name__}"
    )


# --- the values Flux installs ---------------------------------------------------------------------------------------


def coalesce(defaults: dict[str, Any], user: dict[str, Any]) -> dict[str, Any]:
    """The user values over the chart's defaults as Helm coalesces them (chartutil.CoalesceValues): maps merged key by
    key, anything else replaced by the user's; a null user value removes the chart's key, and the chart's own nulls
    are left out (what helm-python-sdk's Chart.merge_values does: tests/unit/convert/test_adopt_release.py)."""
    merged = copy.deepcopy(user)
    for key, default in defaults.items():
        if key not in merged:
            if default is not None:
                merged[key] = _without_nulls(default)
        elif merged[key] is None:
            del merged[key]
        elif isinstance(merged[key], dict) and isinstance(default, dict):
            merged[key] = coalesce(default, merged[key])
    return merged


def _without_nulls(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_nulls(v) for k, v in value.items() if v is not None}
    return copy.deepcopy(value)


def flux_release_name(release: dict[str, Any]) -> str:
    """helm-controller's release name: spec.releaseName, else `[<targetNamespace>-]<name>`, shortened to 53
    characters as the HelmRelease API documents (first 40 characters, '-', first 12 of its SHA-256)."""
    spec = release["spec"]
    if spec.get("releaseName"):
        return str(spec["releaseName"])
    target = spec.get("targetNamespace")
    name = f"{target}-{release['metadata']['name']}" if target else str(release["metadata"]["name"])
    if len(name) > 53:
        name = f"{name[:40]}-{hashlib.sha256(name.encode()).hexdigest()[:12]}"
    return name


def flux_release_namespace(release: dict[str, Any]) -> str:
    """The namespace Helm checks `meta.helm.sh/release-namespace` against: spec.targetNamespace, else the
    HelmRelease's."""
    return str(release["spec"].get("targetNamespace") or release["metadata"]["namespace"])


def refuse_engine_without_steps(cluster: LoadedCluster) -> None:
    """InputError (exit 2) naming the cluster file and what to do instead, for an engine adopt has no steps for (its
    facts' adopt_instead: gitops.engine kubectl, where nothing would take the release over)."""
    engine = ENGINES[cluster.config.gitops.engine]
    if engine.adopt_instead is not None:
        raise InputError(
            str(cluster.source),
            None,
            engine.adopt_instead.format(cluster=cluster.key, namespace=cluster.config.karpenter.namespace),
        )


def generated_release(cluster: LoadedCluster, objects: Iterable[dict[str, Any]]) -> GeneratedRelease:
    """The controller release of the cluster's rendered objects (a Flux HelmRelease of the karpenter chart, or the
    Argo CD Application of it)."""
    refuse_engine_without_steps(cluster)  # gitops.engine kubectl: no release to adopt; InputError says what instead
    objects = list(objects)
    for obj in objects:
        spec = obj.get("spec") or {}
        if not _installs_controller(obj):
            continue
        if obj["kind"] == "HelmRelease":
            name, namespace = flux_release_name(obj), flux_release_namespace(obj)
            applier = f"Flux HelmRelease {obj['metadata']['namespace']}/{obj['metadata']['name']}"
            values = spec.get("values") or {}
        else:
            helm = spec["source"].get("helm") or {}
            name, namespace = helm.get("releaseName") or obj["metadata"]["name"], spec["destination"]["namespace"]
            applier = f"Argo CD Application {obj['metadata']['namespace']}/{obj['metadata']['name']}"
            values = helm.get("valuesObject") or {}
        break
    else:
        raise ValueError(f"{cluster.key}: no rendered object installs the {CHART} chart")
    account = values.get("serviceAccount") or {}
    annotations = None
    if account.get("create", True) is False:
        annotations = next(
            (
                dict((o["metadata"].get("annotations") or {}))
                for o in objects
                if o.get("kind") == "ServiceAccount"
                and o["metadata"].get("name") == account.get("name")
                and o["metadata"].get("namespace") == namespace
            ),
            {},
        )
        # Helm's own instruction on the product's account (charts.base_chart), no value of the chart's
        annotations.pop(HELM_RESOURCE_POLICY[0], None)
    return GeneratedRelease(name, namespace, applier, cluster.config.karpenter.version, values, annotations)


def installed_values(shared: Path, cluster: LoadedCluster, values: dict[str, Any]) -> dict[str, Any]:
    """The generated values over the defaults of the generated chart version (../shared), composed by Helm."""
    import helm_python

    from karpenter_tenants.reference.charts import chart_folder
    from karpenter_tenants.reference.data import ReferenceDataError

    folder = chart_folder(shared, cluster.config)
    try:
        chart = helm_python.Chart.load(str(folder))
        try:
            return dict(chart.merge_values(copy.deepcopy(values)))
        finally:
            chart.close()
    except helm_python.HelmError as error:
        raise ReferenceDataError(
            folder, None, f"Helm cannot load the chart: {' '.join(str(error).split())[:300]}"
        ) from None


# --- the comparison -------------------------------------------------------------------------------------------------


def release_diff(cluster: LoadedCluster, shared: Path, generated: GeneratedRelease, live: LiveRelease) -> ReleaseDiff:
    installed = installed_values(shared, cluster, generated.values)
    before, after = copy.deepcopy(live.values), copy.deepcopy(installed)
    if generated.service_account_annotations is not None and (before.get("serviceAccount") or {}).get("create", True):
        # The chart stops rendering the ServiceAccount (create: false): the product's (base/) is what carries the
        # annotations, and the live release's chart-made account is kept (adopt's helm.sh/resource-policy: keep).
        after.setdefault("serviceAccount", {})["annotations"] = generated.service_account_annotations
    for view in (before, after):
        if isinstance(view.get("serviceAccount"), dict):  # "" and a default name are the same account
            view["serviceAccount"]["name"] = _account_name(view, generated.name)
    moves = MOVES[cluster.config.generation]
    changes = [
        ValueChange(path, change, old, new, carry is not None, carry)
        for path, change, old, new in _differences(before, after, [])
        for carry in [_carried_by(path, moves)]
    ]
    return ReleaseDiff(cluster.key, str(cluster.source), generated, live, installed, tuple(changes))


def _account_name(values: dict[str, Any], release: str) -> str:
    """The controller's ServiceAccount as the chart names it (templates/_helpers.tpl karpenter.serviceAccountName and
    karpenter.fullname)."""
    account = values["serviceAccount"]
    if account.get("name"):
        return str(account["name"])
    if not account.get("create", True):
        return "default"
    if values.get("fullnameOverride"):
        return str(values["fullnameOverride"])[:63].rstrip("-")
    name = str(values.get("nameOverride") or CHART)
    return release[:63].rstrip("-") if name in release else f"{release}-{name}"[:63].rstrip("-")


def _differences(old: Any, new: Any, keys: list[str]) -> list[tuple[str, str, Any, Any]]:
    if isinstance(old, dict) and isinstance(new, dict):
        found = []
        for key in sorted(set(old) | set(new), key=str):
            found += _differences(old.get(key, ABSENT), new.get(key, ABSENT), [*keys, str(key)])
        return found
    if old == new or (old is None or old is ABSENT) and (new is None or new is ABSENT):
        return []  # a null value is an unset one (Helm's coalescing drops it; older Helm's `--all` prints the chart's)
    change = "added" if old is ABSENT else "dropped" if new is ABSENT else "changed"
    return [(dotted(keys), change, old, new)]


def dotted(keys: list[str]) -> str:
    """A values path: keys joined by dots, a key with other characters in brackets (`serviceAccount.annotations
    ["eks.amazonaws.com/role-arn"]`)."""
    path = ""
    for key in keys:
        path += (f".{key}" if path else key) if _KEY.match(key) else f"[{json.dumps(key)}]"
    return path


def _carried_by(path: str, moves: dict[str, str]) -> str | None:
    for prefix, carry in moves.items():
        if path == prefix or path.startswith((f"{prefix}.", f"{prefix}[")):
            return carry
    return None


# --- output ---------------------------------------------------------------------------------------------------------


def _shown(value: Any) -> str:
    if value is ABSENT:
        return "(absent)"
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def _printable(text: str) -> str:
    """A string from the user's files as the text report prints it: as is when printable, else JSON-escaped (a key,
    status or version holding terminal escape sequences never reaches the terminal raw)."""
    return text if text.isprintable() else json.dumps(text)


def version_line(diff: ReleaseDiff) -> str:
    live, generated = diff.live.chart_version, diff.release.chart_version
    live = _printable(live) if live is not None else None
    if live is None:
        return f"chart version {generated} (the live release's not known: give --release-list or --release-secret)"
    return (
        f"chart version {live} (unchanged)" if same_version(live, generated) else f"chart version {live} → {generated}"
    )


def same_version(live: str, generated: str) -> bool:
    """Karpenter's charts before 0.35 say `v0.31.5` (Chart.yaml), the cluster file `0.31.5`; a release Flux installed
    from an OCI source says `1.14.1+<digest>` (helm-controller appends the artifact's digest as build metadata, which
    semver leaves out of a version's identity)."""
    return live.removeprefix("v").partition("+")[0] == generated.removeprefix("v").partition("+")[0]


def text(diff: ReleaseDiff, accepted: bool) -> str:
    """The report: the release, the chart version change, every value change (those that move the controller
    first, each with the cluster-file field that carries it), and what to do."""
    release = diff.release
    lines = [
        f"# {diff.cluster}: the first reconcile of the {release.applier} and the live release {release.name} "
        f"in namespace {release.namespace}",
        f"# read from {', '.join(diff.live.files)}",
        f"{version_line(diff)}" + (f"; live status {_printable(diff.live.status)}" if diff.live.status else ""),
    ]
    if diff.live.status not in (None, "deployed"):
        lines.append(
            f"the live release is {_printable(diff.live.status)}, not deployed: read `helm history {release.name} -n "
            f"{release.namespace}` before adopting it"
        )
    if not diff.changes:
        lines.append("no value changes: the first reconcile installs the live values as they are")
        return "\n".join(lines) + "\n"
    lines.append(
        f"{len(diff.changes)} values change ({len(diff.moving)} move or restart the controller or change what it "
        "may do, marked !):"
    )
    for change in sorted(diff.changes, key=lambda c: (not c.moves_controller, c.path)):
        mark = "!" if change.moves_controller else " "
        lines.append(
            f"  {mark} {change.change:<7} {_printable(change.path)}: {_shown(change.live)} → {_shown(change.generated)}"
        )
        if change.carried_by:
            lines.append(f"              keep the live value: set {change.carried_by} in {diff.source}")
    if diff.moving and not accepted:
        lines.append(
            f"{len(diff.moving)} changes marked ! are not accepted: carry the live values into {diff.source} (the "
            "field named under each), synthesize and run again, or pass --accept-release-changes"
        )
    elif diff.moving:
        lines.append("the changes marked ! are accepted (--accept-release-changes)")
    return "\n".join(lines) + "\n"


# --- plan -----------------------------------------------------------------------------------------------------------


class NoAdoption(ValueError):
    """`plan --release-values/--release-secret` on a change that adopts no release, or several (the message says)."""


def plan_release_diff(
    clusters: list[LoadedCluster],
    new_files: dict[str, str],
    old_paths: set[str],
    shared: Path,
    values: Path | None,
    listing: Path | None,
    secret: Path | None,
) -> ReleaseDiff:
    """The adoption of the one cluster whose controller release is new in this change (its file is in new_files and
    not in the base revision, old_paths), compared with the live release of the user's files."""
    from karpenter_tenants.objects.dist_objects import objects_of

    new = objects_of(new_files)
    adopting = []
    for cluster in clusters:
        objects = {path: obj for (key, *_), (path, obj) in new.items() if key == cluster.key}
        try:
            generated = generated_release(cluster, objects.values())
        except ValueError:
            continue
        path = next(p for p, o in objects.items() if _installs_controller(o))
        if path not in old_paths:
            adopting.append((cluster, generated))
    if len(adopting) != 1:
        which = ", ".join(c.key for c, _ in adopting)
        raise NoAdoption(
            f"the release options describe the release a new controller HelmRelease (or Application) adopts, and this "
            f"change adds {'none' if not adopting else f'{len(adopting)} ({which}): plan one cluster adoption at a time'}"
            + ("; the clusters' releases are already in dist/ at the base revision" if not adopting else "")
        )
    cluster, generated = adopting[0]
    return release_diff(cluster, shared, generated, read_live_release(values, listing, secret, generated))


def _installs_controller(obj: dict[str, Any]) -> bool:
    from karpenter_tenants.objects.common import chart_installed

    return chart_installed(obj) == CHART
