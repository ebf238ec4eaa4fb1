"""`status`: what the live cluster runs, per customer (tenant), against what dist/<cluster>/ of the checked-out
revision says (docs/live.md). Given the cluster's objects as the live client listed them (live.client, plain dicts by
live.kinds Kind) and dist/'s objects (checks.dist_objects), it says per tenant: its NodePools and EC2NodeClasses
present, Ready and with the spec of dist/ (else the first field paths that differ: edited by hand); its NodeClaims
per pool (total, Drifted with Karpenter's reason, disrupting, not initialized); its Deployments and StatefulSets whose
pods are not all created yet (their controller has not seen the latest spec, or has made fewer pods than its replicas:
the pods status would otherwise not know to wait for); its pending pods with the scheduler's or Karpenter's message; and for the cluster: the GitOps appliers of dist/ (Flux Kustomizations and HelmReleases,
Argo CD Applications) when their CRDs are served, and Karpenter's controller pods. A tenant is converged when nothing
is said of it; the cluster when no tenant and no applier or controller is.

Owns the comparison and its two renderings (Markdown-safe text, JSON); reads nothing itself (the command lists).
Imports config and checks.dist_objects; never commands."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from karpenter_tenants.checks.dist_objects import objects_of
from karpenter_tenants.config.listing import code, escaped, first_few, one_line

POOL_KINDS = ("NodePool", "EC2NodeClass")
LEGACY_KINDS = ("Provisioner", "AWSNodeTemplate")  # Karpenter 0.31: not read by status
APPLIER_GROUPS = {"Kustomization": "kustomize.toolkit.fluxcd.io", "HelmRelease": "helm.toolkit.fluxcd.io",
                  "Application": "argoproj.io"}
POOL_LABEL = "karpenter.sh/nodepool"
CONTROLLER_LABEL = ("app.kubernetes.io/name", "karpenter")
MOST_PATHS = 3  # field paths named per object edited by hand
MOST_PODS = 3  # pending pods named per tenant
ROLLOUT_KINDS = ("Deployment", "StatefulSet")  # their status says how many pods exist of how many wanted


class StatusError(Exception):
    """dist/ cannot be compared (no such cluster in it, or a Karpenter generation status does not read)."""


@dataclass
class ObjectState:
    kind: str
    name: str
    present: bool = False
    ready: str = ""  # the Ready condition's status ("" when it has none)
    ready_message: str = ""
    differs: list[str] = field(default_factory=list)  # field paths of dist/'s spec the cluster holds otherwise

    @property
    def converged(self) -> bool:
        return self.present and self.ready == "True" and not self.differs


@dataclass
class Claim:
    name: str
    reason: str = ""
    message: str = ""


@dataclass
class PoolClaims:
    pool: str
    total: int = 0
    drifted: list[Claim] = field(default_factory=list)
    disrupting: list[Claim] = field(default_factory=list)
    not_initialized: list[Claim] = field(default_factory=list)

    @property
    def converged(self) -> bool:
        return not (self.drifted or self.disrupting or self.not_initialized)


@dataclass
class PendingPod:
    namespace: str
    name: str
    reason: str
    message: str


@dataclass
class Rollout:
    """A Deployment or StatefulSet of the tenant whose pods are not all there yet."""
    kind: str
    namespace: str
    name: str
    wanted: int
    created: int
    observed: bool  # its controller has seen the latest spec (status.observedGeneration >= metadata.generation)


@dataclass
class TenantStatus:
    name: str
    objects: list[ObjectState] = field(default_factory=list)
    claims: list[PoolClaims] = field(default_factory=list)
    rolling: list[Rollout] = field(default_factory=list)
    pending: list[PendingPod] = field(default_factory=list)

    @property
    def converged(self) -> bool:
        return (all(o.converged for o in self.objects) and all(c.converged for c in self.claims)
                and not self.rolling and not self.pending)


@dataclass
class Applier:
    kind: str
    namespace: str
    name: str
    present: bool = False
    healthy: bool = False
    state: str = ""  # Ready's status and reason, or Argo CD's health and sync
    revision: str = ""
    message: str = ""


@dataclass
class Status:
    cluster: str
    target: str
    tenants: list[TenantStatus]
    appliers: list[Applier]
    not_served: list[str]  # GitOps kinds of dist/ whose CRD the cluster does not serve: not checked
    controller_pods: int
    controller_ready: int
    controller_namespace: str

    @property
    def controller_converged(self) -> bool:
        return self.controller_pods > 0 and self.controller_ready == self.controller_pods

    @property
    def converged(self) -> bool:
        return (all(t.converged for t in self.tenants) and all(a.healthy for a in self.appliers)
                and self.controller_converged)

    def not_converged(self) -> list[str]:
        """What did not converge, by name (plain one-line text): the tenants, then the cluster's parts."""
        names = [f"customer {one_line(t.name)[:80]}" for t in self.tenants if not t.converged]
        names += [f"{a.kind} {one_line(a.name)[:80]}" for a in self.appliers if not a.healthy]
        if not self.controller_converged:
            names.append("the Karpenter controller")
        return names


# --- the comparison -----------------------------------------------------------------------------------------------


def compare(cluster: str, target: str, tenants: list[tuple[str, tuple[str, ...]]], label_key: str,
            controller_namespace: str, dist_files: dict[str, str], listed: dict[str, list[dict[str, Any]]],
            not_served: set[str]) -> Status:
    """The status of `cluster` (dist/ folder key) from dist/'s files (path relative to dist/ -> text), the tenants as
    (name, namespaces) of the cluster file, and the live objects by kind name (NodePool, EC2NodeClass, NodeClaim, Pod,
    Deployment, StatefulSet, Kustomization, HelmRelease, Application); not_served: the kinds whose CRD the cluster does not serve."""
    wanted = {key: obj for key, (_, obj) in objects_of(
        {path: text for path, text in dist_files.items() if path.split("/", 1)[0] == cluster}).items()}
    if not wanted:
        raise StatusError(f"dist/{cluster}/ holds no object: run synth first (or pass --dist DIR)")
    legacy = sorted({key[1] for key in wanted if key[1] in LEGACY_KINDS})
    if legacy:
        raise StatusError(f"dist/{cluster}/ holds Karpenter 0.31 objects ({', '.join(legacy)}): status reads Karpenter "
                          "v1 NodePools and EC2NodeClasses only")
    live_by_name = {kind: {_name(o): o for o in listed.get(kind, [])} for kind in POOL_KINDS}
    claims = listed.get("NodeClaim", [])
    pods = listed.get("Pod", [])
    result = []
    for tenant, namespaces in tenants:
        state = TenantStatus(tenant)
        for (_, kind, _, name), obj in sorted(wanted.items(), key=lambda item: (POOL_KINDS.index(item[0][1])
                                                                                if item[0][1] in POOL_KINDS else 9,
                                                                                str(item[0][3]))):
            if kind not in POOL_KINDS or _labels(obj).get(label_key) != tenant:
                continue
            state.objects.append(_object_state(kind, str(name), obj, live_by_name[kind].get(str(name))))
            if kind == "NodePool":
                state.claims.append(_pool_claims(str(name), claims))
        state.rolling = _rolling([o for kind in ROLLOUT_KINDS for o in listed.get(kind, [])], set(namespaces))
        state.pending = _pending(pods, set(namespaces))
        result.append(state)
    appliers = []
    for (_, kind, namespace, name), obj in sorted(wanted.items(), key=lambda item: tuple(map(str, item[0]))):
        if APPLIER_GROUPS.get(kind) != str(obj.get("apiVersion", "")).split("/", 1)[0] or kind in not_served:
            continue
        appliers.append(_applier(kind, str(namespace), str(name), listed.get(kind, [])))
    gitops_kinds = {key[1] for key, obj in wanted.items()
                    if APPLIER_GROUPS.get(key[1]) == str(obj.get("apiVersion", "")).split("/", 1)[0]}
    controllers = [p for p in pods if _metadata(p).get("namespace") == controller_namespace
                   and _labels(p).get(CONTROLLER_LABEL[0]) == CONTROLLER_LABEL[1]
                   and not _metadata(p).get("deletionTimestamp")]
    ready = sum(1 for p in controllers if _condition(p, "Ready").get("status") == "True")
    return Status(cluster, target, result, appliers, sorted(gitops_kinds & not_served), len(controllers), ready,
                  controller_namespace)


def spec_differences(wanted: Any, live: Any, path: str = "spec") -> list[str]:
    """Field paths where live does not hold what wanted says. Only what dist/ writes is compared (the API server's
    defaults, fields dist/ leaves out, are no difference); lists are compared item by item and must be as long."""
    if isinstance(wanted, dict):
        if not isinstance(live, dict):
            return [path]
        found: list[str] = []
        for key in sorted(wanted, key=str):
            found += spec_differences(wanted[key], live.get(key), f"{path}.{key}")
        return found
    if isinstance(wanted, list):
        if not isinstance(live, list) or len(live) != len(wanted):
            return [path]
        found = []
        for index, (w, v) in enumerate(zip(wanted, live, strict=True)):
            found += spec_differences(w, v, f"{path}[{index}]")
        return found
    if wanted == live or (wanted is not None and live is not None and not isinstance(live, (dict, list))
                          and str(wanted) == str(live)):
        return []
    return [path]


def _object_state(kind: str, name: str, wanted: dict[str, Any], live: dict[str, Any] | None) -> ObjectState:
    state = ObjectState(kind, name)
    if live is None:
        return state
    state.present = True
    ready = _condition(live, "Ready")
    state.ready = str(ready.get("status", ""))
    state.ready_message = str(ready.get("message") or ready.get("reason") or "")
    state.differs = spec_differences(wanted.get("spec") or {}, live.get("spec"))
    return state


def _pool_claims(pool: str, claims: list[dict[str, Any]]) -> PoolClaims:
    found = PoolClaims(pool)
    for claim in claims:
        if _labels(claim).get(POOL_LABEL) != pool:
            continue
        found.total += 1
        name = _name(claim)
        drifted = _condition(claim, "Drifted")
        if drifted.get("status") == "True":
            found.drifted.append(Claim(name, str(drifted.get("reason", "")), str(drifted.get("message", ""))))
        disrupting = next((c for c in _conditions(claim) if str(c.get("type", "")).startswith("Disrupt")
                           and c.get("status") == "True"), None)
        if _metadata(claim).get("deletionTimestamp") or disrupting is not None:
            reason = str((disrupting or {}).get("reason") or "deleting")
            found.disrupting.append(Claim(name, reason, str((disrupting or {}).get("message", ""))))
        elif _condition(claim, "Initialized").get("status") != "True":
            launched = _condition(claim, "Launched")
            found.not_initialized.append(Claim(name, str(launched.get("reason", "")), str(launched.get("message", ""))))
    return found


def _count(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


def _rolling(workloads: list[dict[str, Any]], namespaces: set[str]) -> list[Rollout]:
    """The workloads of these namespaces whose pods are not all created: not yet observed at their generation, or
    fewer pods (status.replicas, every revision's) than spec.replicas (1 when unset, as the API server defaults).
    Pods created but not scheduled are the pending pods' business; readiness is the application's, not status's."""
    found = []
    for obj in workloads:
        metadata = _metadata(obj)
        namespace = metadata.get("namespace")
        if not isinstance(namespace, str) or namespace not in namespaces or metadata.get("deletionTimestamp"):
            continue
        spec = obj.get("spec") if isinstance(obj.get("spec"), dict) else {}
        status = obj.get("status") if isinstance(obj.get("status"), dict) else {}
        wanted = _count(spec.get("replicas"))
        wanted = 1 if wanted is None and "replicas" not in spec else (wanted or 0)
        created = _count(status.get("replicas")) or 0
        generation, observed_at = _count(metadata.get("generation")), _count(status.get("observedGeneration"))
        observed = observed_at is not None and (generation is None or observed_at >= generation)
        if not observed or created < wanted:
            found.append(Rollout(str(obj.get("kind", "")), namespace, _name(obj), wanted, created, observed))
    return sorted(found, key=lambda r: (r.namespace, r.kind, r.name))


def _pending(pods: list[dict[str, Any]], namespaces: set[str]) -> list[PendingPod]:
    found = []
    for pod in pods:
        metadata = _metadata(pod)
        status = pod.get("status") if isinstance(pod.get("status"), dict) else {}
        spec = pod.get("spec") if isinstance(pod.get("spec"), dict) else {}
        namespace = metadata.get("namespace")
        if not isinstance(namespace, str) or namespace not in namespaces or status.get("phase") != "Pending" \
                or spec.get("nodeName"):
            continue
        if metadata.get("deletionTimestamp"):
            continue
        scheduled = _condition(pod, "PodScheduled")
        found.append(PendingPod(str(metadata.get("namespace")), _name(pod), str(scheduled.get("reason", "")),
                                str(scheduled.get("message", ""))))
    return sorted(found, key=lambda p: (p.namespace, p.name))


def _applier(kind: str, namespace: str, name: str, live: list[dict[str, Any]]) -> Applier:
    applier = Applier(kind, namespace, name)
    obj = next((o for o in live if _name(o) == name and (not namespace or _metadata(o).get("namespace") == namespace)),
               None)
    if obj is None:
        return applier
    applier.present = True
    status = obj.get("status") if isinstance(obj.get("status"), dict) else {}
    if kind == "Application":
        health = str((status.get("health") or {}).get("status", "")) if isinstance(status.get("health"), dict) else ""
        sync = status.get("sync") if isinstance(status.get("sync"), dict) else {}
        applier.healthy = health == "Healthy" and sync.get("status") == "Synced"
        applier.state = f"{health or 'no health'}, {sync.get('status') or 'no sync status'}"
        applier.revision = str(sync.get("revision") or "")
        applier.message = str(((status.get("operationState") or {}) if isinstance(status.get("operationState"), dict)
                               else {}).get("message") or "")
        return applier
    ready = _condition(obj, "Ready")
    applier.healthy = ready.get("status") == "True"
    applier.state = f"Ready {ready.get('status') or 'not said'}" + (f" ({ready.get('reason')})" if ready.get("reason") else "")
    applier.revision = str(status.get("lastAppliedRevision") or status.get("lastAttemptedRevision") or "")
    applier.message = "" if applier.healthy else str(ready.get("message") or "")
    return applier


def _metadata(obj: dict[str, Any]) -> dict[str, Any]:
    metadata = obj.get("metadata")
    return metadata if isinstance(metadata, dict) else {}


def _name(obj: dict[str, Any]) -> str:
    return str(_metadata(obj).get("name", ""))


def _labels(obj: dict[str, Any]) -> dict[str, Any]:
    labels = _metadata(obj).get("labels")
    return labels if isinstance(labels, dict) else {}


def _conditions(obj: dict[str, Any]) -> list[dict[str, Any]]:
    status = obj.get("status")
    conditions = status.get("conditions") if isinstance(status, dict) else None
    return [c for c in conditions if isinstance(c, dict)] if isinstance(conditions, list) else []


def _condition(obj: dict[str, Any], kind: str) -> dict[str, Any]:
    return next((c for c in _conditions(obj) if c.get("type") == kind), {})


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
            lines.append(f"{what}: not Ready ({escaped(obj.ready or 'no Ready condition', 40)})"
                         + (f": {escaped(obj.ready_message, 200)}" if obj.ready_message else ""))
    for pool in tenant.claims:
        if pool.converged:
            continue
        parts = []
        for label, claims in (("Drifted", pool.drifted), ("disrupting", pool.disrupting),
                              ("not initialized", pool.not_initialized)):
            if claims:
                first = claims[0]
                parts.append(f"{len(claims)} {label} ({code(first.name)}{_said(first.reason, first.message)}"
                             + (f" and {len(claims) - 1} more" if len(claims) > 1 else "") + ")")
        lines.append(f"NodeClaims of pool {code(pool.pool)}: {pool.total} in all, {', '.join(parts)}")
    if tenant.rolling:
        named = [f"{r.kind} {code(r.namespace + '/' + r.name)} ({r.created} of {r.wanted}"
                 + ("" if r.observed else ", its controller has not seen the latest spec yet") + ")"
                 for r in tenant.rolling[:MOST_PODS]]
        more = len(tenant.rolling) - MOST_PODS
        lines.append(f"{len(tenant.rolling)} workload{'s' if len(tenant.rolling) != 1 else ''} still creating pods: "
                     + "; ".join(named) + (f"; and {more} more" if more > 0 else ""))
    if tenant.pending:
        named = [f"{code(p.namespace + '/' + p.name)}{_said(p.reason, p.message)}" for p in tenant.pending[:MOST_PODS]]
        more = len(tenant.pending) - MOST_PODS
        lines.append(f"{len(tenant.pending)} pending pod{'s' if len(tenant.pending) != 1 else ''}: "
                     + "; ".join(named) + (f"; and {more} more" if more > 0 else ""))
    return lines


def cluster_lines(status: Status) -> list[str]:
    lines = []
    for applier in status.appliers:
        where = f"{applier.namespace}/{applier.name}" if applier.namespace else applier.name
        what = f"{applier.kind} {code(where)}"
        if not applier.present:
            lines.append(f"{what}: not in the cluster (dist/ has it)")
            continue
        revision = f", applied {code(applier.revision)}" if applier.revision else ""
        lines.append(f"{what}: {escaped(applier.state, 80)}{revision}"
                     + (f": {escaped(applier.message, 200)}" if applier.message else ""))
    for kind in status.not_served:
        lines.append(f"{kind} (dist/ has them): the cluster serves no such kind (CRD not installed): not checked")
    controller = f"Karpenter controller ({code(status.controller_namespace)}): "
    if status.controller_pods == 0:
        lines.append(controller + "no controller pod running")
    else:
        lines.append(controller + f"{status.controller_ready}/{status.controller_pods} pods Ready")
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
        out.append(f"Done ({len(done)} customer{'s' if len(done) != 1 else ''}): "
                   f"{first_few([code(t.name) for t in done], 20)}: pools and node classes Ready and as in dist/, "
                   f"{claims} NodeClaim{'s' if claims != 1 else ''} up to date, every workload's pods created, no pending "
                   "pod.")
    else:
        out.append("Done: no customer yet.")
    return "\n".join(out) + "\n"


def as_json(status: Status) -> str:
    def tenant(t: TenantStatus) -> dict[str, Any]:
        return {
            "name": t.name, "converged": t.converged,
            "objects": [{"kind": o.kind, "name": o.name, "present": o.present, "ready": o.ready,
                         "readyMessage": o.ready_message, "differs": o.differs} for o in t.objects],
            "nodeClaims": [{"pool": p.pool, "total": p.total, **{
                key: [{"name": c.name, "reason": c.reason, "message": c.message} for c in claims]
                for key, claims in (("drifted", p.drifted), ("disrupting", p.disrupting),
                                    ("notInitialized", p.not_initialized))}} for p in t.claims],
            "rollingOut": [{"kind": r.kind, "namespace": r.namespace, "name": r.name, "replicas": r.wanted,
                            "created": r.created, "observed": r.observed} for r in t.rolling],
            "pendingPods": [{"namespace": p.namespace, "name": p.name, "reason": p.reason, "message": p.message}
                            for p in t.pending],
        }
    document = {
        "cluster": status.cluster, "target": status.target, "converged": status.converged,
        "customers": [tenant(t) for t in status.tenants],
        "appliers": [{"kind": a.kind, "namespace": a.namespace, "name": a.name, "present": a.present,
                      "healthy": a.healthy, "state": a.state, "revision": a.revision, "message": a.message}
                     for a in status.appliers],
        "notServed": status.not_served,
        "controller": {"namespace": status.controller_namespace, "pods": status.controller_pods,
                       "ready": status.controller_ready},
    }
    return json.dumps(document, indent=2, ensure_ascii=True) + "\n"
