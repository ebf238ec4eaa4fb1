"""`status`: what the live cluster runs, per customer (tenant), against what dist/<cluster>/ of the checked-out
revision says (docs/live.md). Given the cluster's objects as the live client listed them (live.client, plain dicts by
live.kinds Kind) and dist/'s objects (objects.dist_objects), it says per tenant: its NodePools and EC2NodeClasses
present, Ready and with the spec of dist/ (else the first field paths that differ: edited by hand); its NodeClaims
per pool (total, Drifted with Karpenter's reason, disrupting, not initialized); its Deployments and StatefulSets whose
pods are not all created yet (their controller has not seen the latest spec, or has made fewer pods than its replicas:
the pods status would otherwise not know to wait for); its pending pods with the scheduler's or Karpenter's message;
its isolation policy binding's enforcement against dist/'s; what its nodes cost now ($/h of its NodeClaims' and its
moving node groups' nodes by instance type, at the prices the command gives: plan's); and for the cluster: the
GitOps appliers of dist/ (Flux Kustomizations and HelmReleases, Argo CD Applications) when their CRDs are served,
Karpenter's controller pods and their version against karpenter.version, the cluster-wide isolation bindings, and
the move from cluster-autoscaler (per node group of clusterAutoscaler.nodeGroups: its nodes left, the pods still on
them and the pods still pinned to it). A tenant is converged when nothing is said of it (cost and the move are
progress, never a finding); the cluster when no tenant and no applier, binding or controller is.

Owns the comparison; its renderings (Markdown-safe text, JSON; of one cluster and of a fleet) are
review.live_status_report's. Reads nothing itself (the command lists).
Imports config, objects (dist_objects, node_labels) and review.autoscaler; never commands."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from karpenter_tenants.config.listing import one_line
from karpenter_tenants.objects.dist_objects import objects_of
from karpenter_tenants.objects.node_labels import required_values
from karpenter_tenants.review.autoscaler import NODE_GROUP_LABEL

POOL_KINDS = ("NodePool", "EC2NodeClass")
LEGACY_KINDS = ("Provisioner", "AWSNodeTemplate")  # Karpenter 0.31: not read by status
APPLIER_GROUPS = {
    "Kustomization": "kustomize.toolkit.fluxcd.io",
    "HelmRelease": "helm.toolkit.fluxcd.io",
    "Application": "argoproj.io",
}
POOL_LABEL = "karpenter.sh/nodepool"
CONTROLLER_LABEL = ("app.kubernetes.io/name", "karpenter")
ROLLOUT_KINDS = ("Deployment", "StatefulSet")  # their status says how many pods exist of how many wanted
BINDING_KIND = "ValidatingAdmissionPolicyBinding"  # the isolation policies' (kinds.isolation.construct), per tenant and cluster-wide
INSTANCE_TYPE_LABEL = "node.kubernetes.io/instance-type"  # on a launched NodeClaim and on every node
CAPACITY_TYPE_LABELS = ("karpenter.sh/capacity-type", "eks.amazonaws.com/capacityType")  # Karpenter's, EKS node groups'
VERSION_LABEL = "app.kubernetes.io/version"
_VERSION = re.compile(r"v?([0-9]+\.[0-9]+\.[0-9]+(?:[-+][0-9A-Za-z.-]+)?)")


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
    # launched from another spec than the pool's: the NodeClaim's karpenter.sh/nodepool-hash (stamped at launch by
    # Karpenter) differs from the one Karpenter stamped on the live NodePool for its spec, at the same hash version;
    # Karpenter's drift will replace them (not Drifted yet: its drift check runs on its own schedule)
    stale: list[Claim] = field(default_factory=list)

    @property
    def converged(self) -> bool:
        return not (self.drifted or self.disrupting or self.not_initialized or self.stale)


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
class Binding:
    """An isolation policy binding of dist/ (ValidatingAdmissionPolicyBinding) against the cluster's: its
    validationActions (Deny, Warn, Audit: the enforcement) and any other field edited."""

    name: str
    wanted: list[str]  # dist/'s validationActions
    present: bool = False
    actions: list[str] = field(default_factory=list)  # the cluster's
    differs: list[str] = field(default_factory=list)

    @property
    def converged(self) -> bool:
        return self.present and not self.differs


@dataclass
class Cost:
    """What some nodes cost now: $/h of those whose instance type has a price; the others counted."""

    nodes: int = 0
    per_hour: float = 0.0
    spot: int = 0  # priced at the on-demand price, as plan prices spot (an upper bound)
    unpriced: dict[str, int] = field(default_factory=dict)  # instance type -> nodes, no price for it
    unknown: int = 0  # NodeClaims not launched yet: no instance type yet

    def add(self, labels: dict[str, Any], prices: dict[str, float]) -> None:
        self.nodes += 1
        if any(str(labels.get(key, "")).lower() == "spot" for key in CAPACITY_TYPE_LABELS):
            self.spot += 1
        instance_type = labels.get(INSTANCE_TYPE_LABEL)
        if not isinstance(instance_type, str) or not instance_type:
            self.unknown += 1
            return
        price = prices.get(instance_type)
        if price is None:
            self.unpriced[instance_type] = self.unpriced.get(instance_type, 0) + 1
        else:
            self.per_hour += price

    def plus(self, other: Cost) -> Cost:
        unpriced = dict(self.unpriced)
        for name, count in other.unpriced.items():
            unpriced[name] = unpriced.get(name, 0) + count
        return Cost(
            self.nodes + other.nodes,
            self.per_hour + other.per_hour,
            self.spot + other.spot,
            unpriced,
            self.unknown + other.unknown,
        )


@dataclass
class GroupProgress:
    """A node group of clusterAutoscaler.nodeGroups (moving to its tenant's pool): what is left of it."""

    group: str
    tenant: str
    nodes: list[str] = field(default_factory=list)  # nodes still labelled eks.amazonaws.com/nodegroup=<group>
    pods_on_nodes: list[str] = field(default_factory=list)  # namespace/name of pods (not DaemonSets') on those nodes
    pinned: list[str] = field(default_factory=list)  # namespace/name of pods whose spec requires the group
    cost: Cost = field(default_factory=Cost)

    @property
    def done(self) -> bool:
        return not (self.nodes or self.pods_on_nodes or self.pinned)


@dataclass
class TenantStatus:
    name: str
    objects: list[ObjectState] = field(default_factory=list)
    claims: list[PoolClaims] = field(default_factory=list)
    rolling: list[Rollout] = field(default_factory=list)
    pending: list[PendingPod] = field(default_factory=list)
    isolation: list[Binding] = field(default_factory=list)
    cost: Cost = field(default_factory=Cost)  # its pools' NodeClaims and its moving node groups' nodes

    @property
    def converged(self) -> bool:
        return (
            all(o.converged for o in self.objects)
            and all(c.converged for c in self.claims)
            and not self.rolling
            and not self.pending
            and all(b.converged for b in self.isolation)
        )


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
    karpenter_version: str = ""  # karpenter.version of the cluster file
    controller_versions: list[str] = field(default_factory=list)  # what the controller pods run ("": not said)
    bindings: list[Binding] = field(default_factory=list)  # dist/'s cluster-wide isolation bindings
    bindings_unserved: int = 0  # dist/'s bindings (all) not checked: the cluster serves no admission policy v1
    moving: list[GroupProgress] = field(default_factory=list)
    prices_source: str = ""  # where the prices are from ("": not priced, see prices_problem)
    prices_problem: str = ""

    @property
    def version_differs(self) -> bool:
        return bool(self.karpenter_version) and any(v and v != self.karpenter_version for v in self.controller_versions)

    @property
    def controller_converged(self) -> bool:
        return self.controller_pods > 0 and self.controller_ready == self.controller_pods and not self.version_differs

    @property
    def converged(self) -> bool:
        return (
            all(t.converged for t in self.tenants)
            and all(a.healthy for a in self.appliers)
            and self.controller_converged
            and all(b.converged for b in self.bindings)
        )

    def not_converged(self) -> list[str]:
        """What did not converge, by name (plain one-line text): the tenants, then the cluster's parts."""
        names = [f"customer {one_line(t.name)[:80]}" for t in self.tenants if not t.converged]
        names += [f"{a.kind} {one_line(a.name)[:80]}" for a in self.appliers if not a.healthy]
        names += [f"{BINDING_KIND} {one_line(b.name)[:80]}" for b in self.bindings if not b.converged]
        if not self.controller_converged:
            names.append("the Karpenter controller")
        return names


# --- the comparison -----------------------------------------------------------------------------------------------


def compare(
    cluster: str,
    target: str,
    tenants: list[tuple[str, tuple[str, ...]]],
    label_key: str,
    controller_namespace: str,
    dist_files: dict[str, str],
    listed: dict[str, list[dict[str, Any]]],
    not_served: set[str],
    *,
    karpenter_version: str = "",
    node_groups: list[tuple[str, str]] | None = None,
    prices: dict[str, float] | None = None,
    prices_source: str = "",
    prices_problem: str = "",
    parsed: dict[Any, tuple[str, Any]] | None = None,
) -> Status:
    """The status of `cluster` (dist/ folder key) from dist/'s files (path relative to dist/ -> text), the tenants as
    (name, namespaces) of the cluster file, and the live objects by kind name (NodePool, EC2NodeClass, NodeClaim, Pod,
    Deployment, StatefulSet, Node, ValidatingAdmissionPolicyBinding, Kustomization, HelmRelease, Application);
    not_served: the kinds the cluster does not serve (a CRD not installed, admission policies' v1 before 1.30);
    karpenter_version: the cluster file's; node_groups: (group, tenant) of clusterAutoscaler.nodeGroups; prices:
    instance type -> $/h (None: not priced, prices_problem says why); parsed: dist_objects(cluster, dist_files) when
    the caller kept it (--wait's looks parse dist/ once)."""
    if parsed is None:
        parsed = dist_objects(cluster, dist_files)
    wanted = {key: obj for key, (_, obj) in parsed.items()}
    if not wanted:
        raise StatusError(f"dist/{cluster}/ holds no object: run synth first (or pass --dist DIR)")
    legacy = sorted({key[1] for key in wanted if key[1] in LEGACY_KINDS})
    if legacy:
        raise StatusError(
            f"dist/{cluster}/ holds Karpenter 0.31 objects ({', '.join(legacy)}): status reads Karpenter "
            "v1 NodePools and EC2NodeClasses only"
        )
    live_by_name = {kind: {_name(o): o for o in listed.get(kind, [])} for kind in (*POOL_KINDS, BINDING_KIND)}
    claims = listed.get("NodeClaim", [])
    claims_by_pool: dict[str, list[dict[str, Any]]] = {}
    for claim in claims:
        claims_by_pool.setdefault(str(_labels(claim).get(POOL_LABEL, "")), []).append(claim)
    pods = listed.get("Pod", [])
    # each tenant's pods and workloads by its namespaces (not every pod per tenant: 40 x 2,000 was half the time)
    pods_by_namespace = _by_namespace(pods)
    workloads_by_namespace = _by_namespace([o for kind in ROLLOUT_KINDS for o in listed.get(kind, [])])
    price_of = prices or {}
    moving = _moving(node_groups or [], listed.get("Node", []), pods, price_of)
    # the isolation bindings of dist/: a tenant's in tenants/<tenant>/, the cluster-wide ones elsewhere (base/)
    bindings_checked = BINDING_KIND not in not_served
    tenant_bindings: dict[str, list[Binding]] = {}
    cluster_bindings: list[Binding] = []
    unserved_bindings = 0
    for (_, kind, _, name), (path, obj) in sorted(parsed.items(), key=lambda item: str(item[0][3])):
        if kind != BINDING_KIND or not isinstance(obj, dict):
            continue
        if not bindings_checked:
            unserved_bindings += 1
            continue
        state = _binding(str(name), obj, live_by_name[BINDING_KIND].get(str(name)))
        parts = path.split("/")
        if len(parts) > 3 and parts[1] == "tenants":
            tenant_bindings.setdefault(parts[2], []).append(state)
        else:
            cluster_bindings.append(state)
    result = []
    for tenant, namespaces in tenants:
        state = TenantStatus(tenant)
        for (_, kind, _, name), obj in sorted(
            wanted.items(),
            key=lambda item: (POOL_KINDS.index(item[0][1]) if item[0][1] in POOL_KINDS else 9, str(item[0][3])),
        ):
            if kind not in POOL_KINDS or _labels(obj).get(label_key) != tenant:
                continue
            state.objects.append(_object_state(kind, str(name), obj, live_by_name[kind].get(str(name))))
            if kind == "NodePool":
                state.claims.append(
                    _pool_claims(str(name), claims_by_pool.get(str(name), []), live_by_name[kind].get(str(name)))
                )
                for claim in claims_by_pool.get(str(name), []):
                    state.cost.add(_labels(claim), price_of)
        for group in moving:
            if group.tenant == tenant:
                state.cost = state.cost.plus(group.cost)
        state.rolling = _rolling([o for ns in namespaces for o in workloads_by_namespace.get(ns, [])], set(namespaces))
        state.pending = _pending([p for ns in namespaces for p in pods_by_namespace.get(ns, [])], set(namespaces))
        state.isolation = tenant_bindings.get(tenant, [])
        result.append(state)
    appliers = []
    for (_, kind, namespace, name), obj in sorted(wanted.items(), key=lambda item: tuple(map(str, item[0]))):
        if APPLIER_GROUPS.get(kind) != str(obj.get("apiVersion", "")).split("/", 1)[0] or kind in not_served:
            continue
        appliers.append(_applier(kind, str(namespace), str(name), listed.get(kind, [])))
    gitops_kinds = {
        key[1]
        for key, obj in wanted.items()
        if APPLIER_GROUPS.get(key[1]) == str(obj.get("apiVersion", "")).split("/", 1)[0]
    }
    controllers = [
        p
        for p in pods
        if _metadata(p).get("namespace") == controller_namespace
        and _labels(p).get(CONTROLLER_LABEL[0]) == CONTROLLER_LABEL[1]
        and not _metadata(p).get("deletionTimestamp")
    ]
    ready = sum(1 for p in controllers if _condition(p, "Ready").get("status") == "True")
    versions = sorted({_version(p) for p in controllers})
    return Status(
        cluster,
        target,
        result,
        appliers,
        sorted(gitops_kinds & not_served),
        len(controllers),
        ready,
        controller_namespace,
        karpenter_version.removeprefix("v"),
        versions,
        cluster_bindings,
        unserved_bindings,
        moving,
        prices_source if prices is not None else "",
        prices_problem if prices is None else "",
    )


def dist_objects(cluster: str, dist_files: dict[str, str]) -> dict[Any, tuple[str, Any]]:
    """dist/<cluster>/'s objects by (cluster, kind, namespace, name), with their paths (objects.dist_objects)."""
    return objects_of({path: text for path, text in dist_files.items() if path.split("/", 1)[0] == cluster})


def _by_namespace(objects: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    found: dict[str, list[dict[str, Any]]] = {}
    for obj in objects:
        namespace = _metadata(obj).get("namespace")
        if isinstance(namespace, str):
            found.setdefault(namespace, []).append(obj)
    return found


def _version(pod: dict[str, Any]) -> str:
    """The Karpenter version a controller pod runs: its image's tag (`.../controller:1.14.1@sha256:...`), else its
    app.kubernetes.io/version label; "" when neither is a version."""
    spec = pod.get("spec") if isinstance(pod.get("spec"), dict) else {}
    containers = (
        [c for c in spec.get("containers") or [] if isinstance(c, dict)]
        if isinstance(spec.get("containers"), list)
        else []
    )
    container = next((c for c in containers if c.get("name") == "controller"), containers[0] if containers else {})
    image = str(container.get("image") or "").split("@", 1)[0]
    tag = image.rsplit(":", 1)[1] if ":" in image.rsplit("/", 1)[-1] else ""
    for text in (tag, str(_labels(pod).get(VERSION_LABEL) or "")):
        match = _VERSION.fullmatch(text.strip())
        if match:
            return match[1]
    return ""


def _binding(name: str, wanted: dict[str, Any], live: dict[str, Any] | None) -> Binding:
    spec = wanted.get("spec") if isinstance(wanted.get("spec"), dict) else {}
    state = Binding(
        name,
        [str(a) for a in spec.get("validationActions") or []]
        if isinstance(spec.get("validationActions"), list)
        else [],
    )
    if live is None:
        return state
    state.present = True
    live_spec = live.get("spec") if isinstance(live.get("spec"), dict) else {}
    actions = live_spec.get("validationActions")
    state.actions = [str(a) for a in actions] if isinstance(actions, list) else []
    state.differs = spec_differences(spec, live.get("spec"))
    return state


def _moving(
    groups: list[tuple[str, str]], nodes: list[dict[str, Any]], pods: list[dict[str, Any]], prices: dict[str, float]
) -> list[GroupProgress]:
    """Per node group moving to Karpenter: its nodes left (label eks.amazonaws.com/nodegroup), the pods still on them
    (not DaemonSets', not finished or terminating) and the pods whose spec still requires the group (nodeSelector,
    or an `In` of required node affinity: checks.stranded), wherever they run or wait."""
    found = {group: GroupProgress(group, tenant) for group, tenant in groups}
    if not found:
        return []
    node_group: dict[str, str] = {}
    for node in nodes:
        group = _labels(node).get(NODE_GROUP_LABEL)
        if isinstance(group, str) and group in found:
            found[group].nodes.append(_name(node))
            found[group].cost.add(_labels(node), prices)
            node_group[_name(node)] = group
    for pod in pods:
        metadata = _metadata(pod)
        status = pod.get("status") if isinstance(pod.get("status"), dict) else {}
        spec = pod.get("spec") if isinstance(pod.get("spec"), dict) else {}
        if metadata.get("deletionTimestamp") or status.get("phase") in ("Succeeded", "Failed"):
            continue
        where = f"{metadata.get('namespace')}/{_name(pod)}"
        on = node_group.get(str(spec.get("nodeName") or ""))
        owners = metadata.get("ownerReferences") if isinstance(metadata.get("ownerReferences"), list) else []
        if on is not None and not any(isinstance(o, dict) and o.get("kind") == "DaemonSet" for o in owners):
            found[on].pods_on_nodes.append(where)
        if NODE_GROUP_LABEL in str(spec.get("nodeSelector")) + str(spec.get("affinity")):
            for group in sorted({g for _, values in required_values(spec, NODE_GROUP_LABEL) for g in values}):
                if group in found:
                    found[group].pinned.append(where)
    for group in found.values():
        group.nodes.sort()
        group.pods_on_nodes.sort()
        group.pinned.sort()
    return [found[group] for group in sorted(found)]


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
    if wanted == live or (
        wanted is not None and live is not None and not isinstance(live, (dict, list)) and str(wanted) == str(live)
    ):
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


HASH, HASH_VERSION = "karpenter.sh/nodepool-hash", "karpenter.sh/nodepool-hash-version"


def _hash_of(obj: dict[str, Any] | None) -> tuple[str, str] | None:
    annotations = _metadata(obj or {}).get("annotations")
    if not isinstance(annotations, dict) or not isinstance(annotations.get(HASH), str):
        return None
    return str(annotations[HASH]), str(annotations.get(HASH_VERSION, ""))


def _pool_claims(pool: str, claims: list[dict[str, Any]], live_pool: dict[str, Any] | None = None) -> PoolClaims:
    """The pool's NodeClaims by state. The spec hash is Karpenter's own (pkg/apis/v1 NodePool.Hash, stamped by the
    running controller on the NodePool and on each NodeClaim it launches), compared, never computed here."""
    found = PoolClaims(pool)
    current = _hash_of(live_pool)
    for claim in claims:
        if _labels(claim).get(POOL_LABEL) != pool:
            continue
        found.total += 1
        name = _name(claim)
        drifted = _condition(claim, "Drifted")
        if drifted.get("status") == "True":
            found.drifted.append(Claim(name, str(drifted.get("reason", "")), str(drifted.get("message", ""))))
        disrupting = next(
            (
                c
                for c in _conditions(claim)
                if str(c.get("type", "")).startswith("Disrupt") and c.get("status") == "True"
            ),
            None,
        )
        if _metadata(claim).get("deletionTimestamp") or disrupting is not None:
            reason = str((disrupting or {}).get("reason") or "deleting")
            found.disrupting.append(Claim(name, reason, str((disrupting or {}).get("message", ""))))
        elif _condition(claim, "Initialized").get("status") != "True":
            launched = _condition(claim, "Launched")
            found.not_initialized.append(Claim(name, str(launched.get("reason", "")), str(launched.get("message", ""))))
        elif drifted.get("status") != "True" and current is not None:
            stamped = _hash_of(claim)
            if stamped is not None and stamped[1] == current[1] and stamped[0] != current[0]:
                found.stale.append(
                    Claim(
                        name,
                        "NodePoolHashDiffers",
                        f"launched from spec hash {stamped[0]}, the NodePool's is {current[0]}",
                    )
                )
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
        if (
            not isinstance(namespace, str)
            or namespace not in namespaces
            or status.get("phase") != "Pending"
            or spec.get("nodeName")
        ):
            continue
        if metadata.get("deletionTimestamp"):
            continue
        scheduled = _condition(pod, "PodScheduled")
        found.append(
            PendingPod(
                str(metadata.get("namespace")),
                _name(pod),
                str(scheduled.get("reason", "")),
                str(scheduled.get("message", "")),
            )
        )
    return sorted(found, key=lambda p: (p.namespace, p.name))


def _applier(kind: str, namespace: str, name: str, live: list[dict[str, Any]]) -> Applier:
    applier = Applier(kind, namespace, name)
    obj = next(
        (o for o in live if _name(o) == name and (not namespace or _metadata(o).get("namespace") == namespace)), None
    )
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
        applier.message = str(
            ((status.get("operationState") or {}) if isinstance(status.get("operationState"), dict) else {}).get(
                "message"
            )
            or ""
        )
        return applier
    ready = _condition(obj, "Ready")
    applier.healthy = ready.get("status") == "True"
    applier.state = f"Ready {ready.get('status') or 'not said'}" + (
        f" ({ready.get('reason')})" if ready.get("reason") else ""
    )
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
