"""What `snapshot` keeps of the live objects: only the fields `plan --workloads/--nodes` and `preflight` read
(simulation.workloads, simulation.run.read_nodes, review.nodes, kinds.isolation.preflight; tests/unit/live/test_snapshot.py
holds the two lists together), copied by name from the API server's answer, so nothing else is ever written: no
environment variable (`env`, `envFrom`), no annotation (`kubectl.kubernetes.io/last-applied-configuration` holds a
whole earlier manifest), no managed fields, image, command, probe or volume source (a volume keeps its name and, for a
claim, the claim); Secrets and ConfigMaps are never read at all.

Also what the written snapshot says about itself (Findings): workloads that ask for no cpu or memory, nodes without
status.allocatable (left out of the nodes file: plan's scheduler refuses such a node), pods whose owner is not in the
snapshot (simulated as bare pods).

Owns: the snapshot's shape. Imports live.kinds and config.listing only; never simulation or checks (the command checks
the files with their readers)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from karpenter_tenants.live.kinds import NODE, WORKLOAD_KINDS, Kind

# The pod spec fields the readers read (simulation.workloads.POD_SPEC_FIELDS: the scheduler's; kinds.isolation.preflight: the
# isolation policy's), and of a container what the scheduler counts (requests and limits, host ports, a sidecar's
# restartPolicy).
POD_SPEC = (
    "containers",
    "initContainers",
    "overhead",
    "nodeSelector",
    "affinity",
    "tolerations",
    "topologySpreadConstraints",
    "priorityClassName",
    "priority",
    "schedulerName",
    "nodeName",
    "volumes",
    "preemptionPolicy",
    "schedulingGates",
    "runtimeClassName",
    "resources",
)
CONTAINER = ("name", "resources", "ports", "restartPolicy")
RESOURCES = ("requests", "limits")
PORT = ("containerPort", "hostPort", "protocol", "hostIP")
OWNER = ("apiVersion", "kind", "name", "controller")
TEMPLATE_KINDS = ("Deployment", "ReplicaSet", "StatefulSet", "DaemonSet", "Job")
CONTROLLER_SPEC = {
    "Deployment": ("replicas", "selector"),
    "ReplicaSet": ("replicas", "selector"),
    "StatefulSet": ("replicas", "selector"),
    "DaemonSet": ("selector",),
    "Job": ("parallelism", "completions", "suspend", "selector"),
}
PDB_SPEC = ("selector", "minAvailable", "maxUnavailable", "unhealthyPodEvictionPolicy")
PDB_STATUS = ("currentHealthy", "desiredHealthy", "disruptionsAllowed", "expectedPods")
NODE_CLAIM_SPEC = (
    "requirements",
    "nodeClassRef",
    "taints",
    "startupTaints",
    "resources",
    "expireAfter",
    "terminationGracePeriod",
)
NODE_CLAIM_STATUS = ("nodeName", "providerID", "capacity", "allocatable")
CONDITION = ("type", "status", "reason", "message")
TAINT = ("key", "value", "effect")


def _pick(value: Any, names: tuple[str, ...]) -> dict[str, Any]:
    """The named fields of an object (in that order), those present; {} for what is not an object."""
    return (
        {name: value[name] for name in names if name in value and value[name] is not None}
        if isinstance(value, dict)
        else {}
    )


def _each(value: Any, keep: Any) -> Any:
    """keep() of each item of a list; a value that is no list as it is (the readers name its path)."""
    return [keep(item) for item in value] if isinstance(value, list) else value


def _container(container: Any) -> Any:
    if not isinstance(container, dict):
        return container
    kept = _pick(container, CONTAINER)
    if "resources" in kept:
        kept["resources"] = (
            _pick(kept["resources"], RESOURCES) if isinstance(kept["resources"], dict) else kept["resources"]
        )
    if "ports" in kept:
        ports = (
            [_pick(p, PORT) for p in kept["ports"] if isinstance(p, dict) and p.get("hostPort")]
            if isinstance(kept["ports"], list)
            else []
        )
        if ports:
            kept["ports"] = ports
        else:
            del kept["ports"]
    return kept


def _volume(volume: Any) -> Any:
    """A volume's name and, for a claim (the only source the scheduler reads: its zone), the claim; never the source
    of a secret, a config map, a projected token or a CSI driver's attributes."""
    if not isinstance(volume, dict):
        return volume
    kept = _pick(volume, ("name",))
    if isinstance(volume.get("persistentVolumeClaim"), dict):
        kept["persistentVolumeClaim"] = _pick(volume["persistentVolumeClaim"], ("claimName", "readOnly"))
    if isinstance(volume.get("ephemeral"), dict):
        template = volume["ephemeral"].get("volumeClaimTemplate")
        kept["ephemeral"] = (
            {
                "volumeClaimTemplate": {
                    "spec": _pick(
                        (template or {}).get("spec"),
                        ("accessModes", "storageClassName", "resources", "selector", "volumeMode"),
                    )
                }
            }
            if isinstance(template, dict)
            else {}
        )
    return kept


def pod_spec(spec: Any) -> Any:
    if not isinstance(spec, dict):
        return spec
    kept = _pick(spec, POD_SPEC)
    for name in ("containers", "initContainers"):
        if name in kept:
            kept[name] = _each(kept[name], _container)
    if "volumes" in kept:
        kept["volumes"] = _each(kept["volumes"], _volume)
    return kept


def _metadata(metadata: Any, namespaced: bool) -> Any:
    if not isinstance(metadata, dict):
        return metadata
    # deletionTimestamp: a terminating object makes no pod Karpenter provisions for (the reader says so)
    kept = _pick(
        metadata,
        ("name", "namespace", "labels", "deletionTimestamp") if namespaced else ("name", "labels", "deletionTimestamp"),
    )
    owners = metadata.get("ownerReferences")
    if owners:
        kept["ownerReferences"] = _each(owners, lambda owner: _pick(owner, OWNER))
    return kept


def _template(template: Any) -> Any:
    if not isinstance(template, dict):
        return template
    kept: dict[str, Any] = {}
    labels = (template.get("metadata") or {}).get("labels") if isinstance(template.get("metadata"), dict) else None
    if labels is not None:
        kept["metadata"] = {"labels": labels}
    if "spec" in template:
        kept["spec"] = pod_spec(template["spec"])
    return kept


def kept(kind: Kind, obj: dict[str, Any]) -> dict[str, Any]:
    """What the snapshot writes of one object the API server listed."""
    out: dict[str, Any] = {
        "apiVersion": kind.api_version,
        "kind": kind.kind,
        "metadata": _metadata(obj.get("metadata"), kind.namespaced),
    }
    spec = obj.get("spec")
    status = obj.get("status") if isinstance(obj.get("status"), dict) else {}
    if kind.kind == "Pod":
        out["spec"] = pod_spec(spec)
        if status.get("phase") is not None:
            out["status"] = {"phase": status["phase"]}
    elif kind.kind in TEMPLATE_KINDS:
        out["spec"] = {**_pick(spec, CONTROLLER_SPEC[kind.kind])}
        if isinstance(spec, dict) and "template" in spec:
            out["spec"]["template"] = _template(spec["template"])
        if kind.kind == "Job":  # finished or not, and how many completions remain
            job_status = {
                **_pick(status, ("succeeded",)),
                **(
                    {"conditions": _each(status["conditions"], lambda c: _pick(c, ("type", "status")))}
                    if status.get("conditions")
                    else {}
                ),
            }
            if job_status:
                out["status"] = job_status
    elif kind.kind == "CronJob":
        job = (spec or {}).get("jobTemplate") if isinstance(spec, dict) else None
        job_spec = job.get("spec") if isinstance(job, dict) else None
        out["spec"] = _pick(spec, ("suspend",))
        if isinstance(job, dict):
            out["spec"]["jobTemplate"] = {
                "spec": {
                    **_pick(job_spec, ("parallelism", "completions")),
                    **(
                        {"template": _template(job_spec["template"])}
                        if isinstance(job_spec, dict) and "template" in job_spec
                        else {}
                    ),
                }
            }
    elif kind.kind == "PodDisruptionBudget":
        out["spec"] = _pick(spec, PDB_SPEC)
        out["status"] = _pick(status, PDB_STATUS)
    elif kind.kind == "NodeClaim":
        out["spec"] = _pick(spec, NODE_CLAIM_SPEC)
        out["status"] = {
            **_pick(status, NODE_CLAIM_STATUS),
            **(
                {"conditions": _each(status["conditions"], lambda c: _pick(c, CONDITION))}
                if status.get("conditions")
                else {}
            ),
        }
    elif kind.kind == "Node":
        out["spec"] = _pick(spec, ("unschedulable", "providerID"))
        if isinstance(spec, dict) and spec.get("taints"):
            out["spec"]["taints"] = _each(spec["taints"], lambda t: _pick(t, TAINT))
        out["status"] = {
            **_pick(status, ("allocatable", "capacity")),
            **(
                {"conditions": _each(status["conditions"], lambda c: _pick(c, ("type", "status")))}
                if status.get("conditions")
                else {}
            ),
        }
    return out


def _sort_key(obj: dict[str, Any]) -> tuple[str, str]:
    metadata = obj.get("metadata") if isinstance(obj.get("metadata"), dict) else {}
    return (str(metadata.get("namespace") or ""), str(metadata.get("name") or ""))


def as_list(objects: list[dict[str, Any]]) -> str:
    """A v1 List as text: one object per line (a refreshed snapshot's diff names the objects that changed), keys
    sorted, ASCII only (a name with control characters is written escaped, never raw), the same bytes for the same
    objects."""
    lines = ",\n".join(json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=True) for obj in objects)
    return '{"apiVersion":"v1","kind":"List","metadata":{"resourceVersion":""},"items":[\n' + lines + "\n]}\n"


@dataclass
class Snapshot:
    """The two files' objects (kept fields only) and what they say about themselves."""

    workloads: list[dict[str, Any]]
    nodes: list[dict[str, Any]]
    counts: dict[str, int]  # objects per kind, as written
    without_requests: list[str] = field(default_factory=list)  # NS/Kind/name of workloads asking for no cpu or memory
    without_allocatable: list[str] = field(default_factory=list)  # nodes left out of the nodes file
    orphans: list[tuple[str, str]] = field(default_factory=list)  # (NS/name of a pod, the owner's kind/name)


def snapshot(listed: dict[Kind, list[dict[str, Any]]]) -> Snapshot:
    """The snapshot of what the client listed per kind (WORKLOAD_KINDS and NODE)."""
    workloads = []
    counts: dict[str, int] = {}
    for kind in WORKLOAD_KINDS:
        objects = sorted((kept(kind, obj) for obj in listed.get(kind, [])), key=_sort_key)
        counts[kind.kind] = len(objects)
        workloads += objects
    nodes, without = [], []
    for obj in sorted((kept(NODE, obj) for obj in listed.get(NODE, [])), key=_sort_key):
        if (obj.get("status") or {}).get("allocatable"):
            nodes.append(obj)
        else:
            without.append(str(_sort_key(obj)[1]))
    counts[NODE.kind] = len(nodes)
    names = {
        str(n["metadata"].get("name"))
        for n in listed.get(NODE, [])
        if isinstance(n, dict) and isinstance(n.get("metadata"), dict)
    }
    return Snapshot(workloads, nodes, counts, _without_requests(workloads), without, _orphans(workloads, names))


def _identity(obj: dict[str, Any]) -> tuple[str, str, str]:
    namespace, name = _sort_key(obj)
    return str(obj.get("kind")), namespace or "default", name


def _controller(obj: dict[str, Any]) -> tuple[str, str] | None:
    owners = (obj.get("metadata") or {}).get("ownerReferences") if isinstance(obj.get("metadata"), dict) else None
    for owner in owners if isinstance(owners, list) else []:
        if (
            isinstance(owner, dict)
            and owner.get("controller")
            and isinstance(owner.get("kind"), str)
            and isinstance(owner.get("name"), str)
        ):
            return owner["kind"], owner["name"]
    return None


WORKLOADS = ("Pod", "Deployment", "ReplicaSet", "StatefulSet", "DaemonSet", "Job", "CronJob")


def _pod_specs(obj: dict[str, Any]) -> Any:
    spec = obj.get("spec") if isinstance(obj.get("spec"), dict) else {}
    if obj.get("kind") == "Pod":
        return spec
    if obj.get("kind") == "CronJob":
        spec = ((spec.get("jobTemplate") or {}).get("spec") or {}) if isinstance(spec.get("jobTemplate"), dict) else {}
    template = spec.get("template") if isinstance(spec, dict) else None
    return template.get("spec") if isinstance(template, dict) else None


def _asks_nothing(spec: Any) -> bool:
    """No container of the pod (init containers included) nor the pod itself requests or limits cpu or memory (a
    limit alone is the request the API server gives it), as plan's reader counts it."""
    if not isinstance(spec, dict):
        return False
    parts = [spec]
    for name in ("containers", "initContainers"):
        listed = spec.get(name) or []
        parts += [c for c in listed if isinstance(c, dict)] if isinstance(listed, list) else []
    for part in parts:
        resources = part.get("resources") if isinstance(part.get("resources"), dict) else {}
        for amounts in (resources.get("requests"), resources.get("limits")):
            if isinstance(amounts, dict) and (amounts.get("cpu") or amounts.get("memory")):
                return False
    return True


def _without_requests(objects: list[dict[str, Any]]) -> list[str]:
    """The workloads (as plan counts them: a controller no listed controller owns, or a pod none does, running or
    pending) whose pods ask for no cpu or memory."""
    listed = {_identity(o) for o in objects}
    found = []
    for obj in objects:
        kind, namespace, name = _identity(obj)
        if kind not in WORKLOADS:
            continue
        owner = _controller(obj)
        if owner is not None and (owner[0], namespace, owner[1]) in listed:
            continue
        if not _runs(obj):
            continue
        if _asks_nothing(_pod_specs(obj)):
            found.append(f"{namespace}/{kind}/{name}")
    return found


def _runs(obj: dict[str, Any]) -> bool:
    """Whether the workload makes pods Karpenter provisions for now (plan's reader says why not of the others:
    terminating, finished, suspended, no replicas, gated, another scheduler)."""
    metadata = obj.get("metadata") if isinstance(obj.get("metadata"), dict) else {}
    spec = obj.get("spec") if isinstance(obj.get("spec"), dict) else {}
    status = obj.get("status") if isinstance(obj.get("status"), dict) else {}
    if metadata.get("deletionTimestamp") or spec.get("suspend") is True or spec.get("replicas") == 0:
        return False
    if obj.get("kind") == "Pod" and status.get("phase") in ("Succeeded", "Failed"):
        return False
    conditions = status.get("conditions") if isinstance(status.get("conditions"), list) else []
    if obj.get("kind") == "Job" and any(
        isinstance(c, dict)
        and c.get("status") == "True"
        and c.get("type") in ("Complete", "Failed", "SuccessCriteriaMet", "FailureTarget")
        for c in conditions
    ):
        return False
    pod = _pod_specs(obj)
    return not (
        isinstance(pod, dict)
        and (pod.get("schedulingGates") or pod.get("schedulerName") not in (None, "", "default-scheduler"))
    )


def _orphans(objects: list[dict[str, Any]], nodes: set[str]) -> list[tuple[str, str]]:
    """Pods whose controlling owner the snapshot does not hold (a kind it does not read, such as an Argo Rollout, or
    an owner deleted): plan simulates each as a bare pod. A static pod's mirror, owned by its Node, is not one."""
    listed = {_identity(o) for o in objects}
    found = []
    for obj in objects:
        kind, namespace, name = _identity(obj)
        owner = _controller(obj) if kind == "Pod" else None
        if owner is None or (owner[0] == "Node" and owner[1] in nodes) or (owner[0], namespace, owner[1]) in listed:
            continue
        found.append((f"{namespace}/{name}", f"{owner[0]}/{owner[1]}"))
    return found
