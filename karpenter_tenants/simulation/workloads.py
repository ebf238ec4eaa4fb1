"""The pods a workloads file stands for, as Karpenter's provisioner would see them pending: what `kubectl get pods,
deployments,statefulsets,replicasets,daemonsets,jobs,cronjobs -A -o json` prints (the file `preflight` reads), each
controller's template expanded to the pods it keeps (Deployment, StatefulSet, ReplicaSet: spec.replicas, default 1;
Job: min(parallelism, completions still to go), none when it is suspended or finished; CronJob: one run of its job,
none when it is suspended), bare pods and pods of controllers the file does not list as they are, DaemonSets'
templates apart (the scheduler counts them on every node it considers).

Only pods that would exist and that Karpenter provisions for (sigs.k8s.io/karpenter pkg/utils/pod: IsProvisionable
needs kube-scheduler to have marked the pod Unschedulable, IsActive leaves out terminal and terminating pods): a pod
(or a template) with scheduling gates, one of another scheduler (`schedulerName: fargate-scheduler`), a finished or a
terminating pod, a DaemonSet's pod launch nothing; each is left out and said (Notes), once, on the answer, with the
workloads that request no cpu or memory (simulated as pods of no size) and the objects whose owner the file does not
hold. A pod of a ReplicaSet (or Job) missing from the file whose Deployment (CronJob) is listed is that controller's,
counted once; owners that form a cycle do not make their workloads vanish: the first listed is counted, and said.

The file is untrusted: anything kubectl would never print (a negative or huge replica count, an object listed twice,
more pods than MAX_PODS) and every field the scheduler reads of the wrong type or a value the API server refuses
(simulation.pod_fields) is a WorkloadsError naming the file, the path in it and the fix, found before the scheduler
runs; the scheduler is given only the fields checked. Requests are left to the scheduler to add up (init containers
and pod overhead as Karpenter counts them).

Owns: reading the workloads. Must not import: commands/, review/."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from karpenter_tenants.config.yaml_input import InputError
from karpenter_tenants.simulation.pod_fields import (
    NAMESPACE,
    asks_for_resources,
    checked_spec,
    label_selector,
    scheduling_gates,
)
from karpenter_tenants.simulation.pod_values import FieldError, dns_label, dns_subdomain, labels, shown, whole

KUBECTL = "kubectl get pods,deployments,statefulsets,replicasets,daemonsets,jobs,cronjobs -A -o json"
CONTROLLERS = ("Deployment", "StatefulSet", "ReplicaSet", "Job", "CronJob", "DaemonSet")
MAX_PODS = 50_000  # after expansion: a cluster of 40 customers runs a few thousand; beyond, the answer is no answer
# Kubernetes' quantity grammar (k8s.io/apimachinery resource.Quantity): a signed decimal, an optional exponent or
# a binary or decimal suffix (the workloads' quantities are checked with their magnitude: pod_resources.quantity_value).
QUANTITY = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+|Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E)?")
_NAME = re.compile(r"[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?")
_KINDS = {kind.lower(): kind for kind in ("Pod", *CONTROLLERS)}
# schema.ParseGroupVersion: VERSION or GROUP/VERSION, the version not empty (ValidateOwnerReferences)
_API_VERSION = re.compile(r"[^/]*/?[^/]+")
# metav1.Time: RFC 3339 (time.RFC3339, fractional seconds allowed)
_TIME = re.compile(r"(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-](\d{2}):(\d{2}))")
# the controllers whose spec.selector the API server requires, not empty, matching the template's labels
SELECTED = ("Deployment", "ReplicaSet", "StatefulSet", "DaemonSet")
# The pod fields the reader reads (pod_fields.checked_spec: what the scheduler is given, and the two that decide
# whether Karpenter provisions for the pod at all, schedulingGates and schedulerName); the rest of a template
# (images, probes, env) is never sent.
POD_SPEC_FIELDS = (
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
    "resources",
)
DEFAULT_SCHEDULER = "default-scheduler"
# Why what the file lists makes no pod Karpenter would provision for (Notes.not_run).
FINISHED, SUSPENDED, TERMINATING, GATED, DAEMON_POD = (
    "finished",
    "suspended",
    "terminating",
    "gated (schedulingGates)",
    "of a DaemonSet the file does not list",
)


class WorkloadsError(InputError):
    def __init__(self, file: str, path: str, problem: str) -> None:
        super().__init__(file, None, f"{path}: {problem}" if path else problem)


@dataclass(frozen=True)
class Pod:
    namespace: str
    name: str
    workload: str  # NS/KIND/NAME of what made it (the pod itself for a bare pod)
    obj: dict[str, Any]  # the Pod object sent to the scheduler
    # a controller's replica: its pod template (obj less metadata.name and uid), one object shared by every replica, so
    # that the question sends and the program decodes it once (revision.request); None for a bare pod
    template: dict[str, Any] | None = field(default=None, compare=False, repr=False)

    @property
    def key(self) -> str:
        return f"{self.namespace}/{self.name}"


@dataclass(frozen=True)
class Notes:
    """What the reader could not take as it is, said once on the answer (report.input_lines)."""

    # NS/Kind/name of the workloads simulated whose pods request no cpu or memory: pods of no size, they fit anywhere
    without_requests: tuple[str, ...] = ()
    # (NS/Kind/name, Kind/name of its controller): an object whose controller the file does not list (or is of a kind
    # the simulation does not read), simulated as it is
    owner_missing: tuple[tuple[str, str], ...] = ()
    # pods of a ReplicaSet (Job) the file does not list whose Deployment (CronJob) it does: counted with it, once
    with_their_controller: int = 0
    # (NS/Kind/name, why, pods): what makes no pod Karpenter provisions for (FINISHED, SUSPENDED, TERMINATING, GATED,
    # DAEMON_POD, or "scheduler NAME")
    not_run: tuple[tuple[str, str, int], ...] = ()
    # NS/Kind/name of objects whose ownerReferences form a cycle, each counted as its own workload
    cycles: tuple[str, ...] = ()

    def as_json(self) -> dict[str, Any]:
        return {
            "withoutRequests": list(self.without_requests),
            "ownerMissing": [{"object": o, "owner": w} for o, w in self.owner_missing],
            "countedWithTheirController": self.with_their_controller,
            "notRun": [{"workload": w, "why": why, "pods": n} for w, why, n in self.not_run],
            "ownerCycles": list(self.cycles),
        }


@dataclass(frozen=True)
class Workloads:
    source: str
    pods: tuple[Pod, ...]
    daemonset_pods: tuple[Pod, ...]  # each a DaemonSet object (the scheduler makes its pod as the provisioner does)
    notes: Notes = Notes()
    # hook for simulation.placement (today's placement: which of these pods run on which node): the file's items as
    # read, the running pods among them included
    items: tuple[Any, ...] = field(default=(), compare=False, repr=False)


def read_workloads(path: Path) -> Workloads:
    """The pods of a workloads file; WorkloadsError (or InputError for unreadable JSON) otherwise."""
    from karpenter_tenants.config.yaml_input import read_json

    with collector_paused():
        return workloads_of(read_json(path, str(path), written_by=KUBECTL), str(path))


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector paused while an input file is read and checked (read_workloads, run.read_nodes): the
    readers make no reference cycles (what they drop, reference counting frees), and each full collection walks every
    object made so far, which made the reading superlinear: a 16,000-workload file cost 24x the CPU of a 1,000 one,
    a third of it the collector's; 18x without it (bench/input_sizes.py). Left as it was found (a caller that paused
    it keeps it paused)."""
    import gc

    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


@dataclass
class _Made:
    """Pods of one workload before their names are final."""

    namespace: str
    base: str  # the workload's name (the pod's own for a bare pod)
    kind: str
    count: int
    template: dict[str, Any]  # the pod object of every replica (its name set per replica)


def workloads_of(document: Any, source: str) -> Workloads:
    if not isinstance(document, dict) or not isinstance(document.get("items"), list):
        raise WorkloadsError(source, "", f"not a List of objects; write it with `{KUBECTL}`")
    items = document["items"]
    identities = [_identity(item, source, f"items[{index}]") for index, item in enumerate(items)]
    index_of: dict[tuple[str, str, str], int] = {}
    for index, identity in enumerate(identities):
        if identity[0] not in ("Pod", *CONTROLLERS):
            continue
        if identity in index_of:
            kind, namespace, name = identity
            raise WorkloadsError(
                source,
                f"items[{index}]",
                f"{kind} {namespace}/{name} is listed twice (also "
                f"items[{index_of[identity]}]); is it what `{KUBECTL}` printed?",
            )
        index_of[identity] = index
    owners = [_controller(item, source, f"items[{index}]") for index, item in enumerate(items)]
    parent: list[int | None] = [None] * len(items)
    for index, owner in enumerate(owners):
        if owner is not None and owner[0] in CONTROLLERS and identities[index][0] in ("Pod", *CONTROLLERS):
            parent[index] = index_of.get((owner[0], identities[index][1], owner[1]))
    cycles = _break_cycles(parent)
    made: list[_Made] = []
    daemons: list[Pod] = []
    without_requests: list[str] = []
    owner_missing: list[tuple[str, str]] = []
    not_run: list[tuple[str, str, int]] = []
    with_their_controller = 0
    total = 0
    for index, item in enumerate(items):
        where = f"items[{index}]"
        kind, namespace, name = identities[index]
        if kind not in ("Pod", *CONTROLLERS) or parent[index] is not None:
            continue  # not a workload, or made by a listed controller: counted from its template
        workload = f"{namespace}/{kind}/{name}"
        owner = owners[index]
        if owner is not None and index not in cycles:
            owner_kind, owner_name = owner
            if kind == "Pod" and _made_by_listed(owner, item, namespace, index_of) is not None:
                with_their_controller += 1  # its ReplicaSet (Job) is not in the file, its Deployment (CronJob) is
                continue
            if kind == "Pod" and owner_kind == "DaemonSet":
                not_run.append((workload, DAEMON_POD, 1))  # Karpenter never provisions for a DaemonSet's pod
                continue
            if owner_kind != "Node":  # a static pod's mirror is owned by its node
                owner_missing.append((workload, f"{owner_kind}/{owner_name}"))
        metadata = item["metadata"]
        spec = item.get("spec")
        if spec is None:
            spec = {}
        if not isinstance(spec, dict):
            raise WorkloadsError(source, f"{where}.spec", f"is {type(spec).__name__}, not an object")
        if _time(metadata.get("deletionTimestamp"), source, f"{where}.metadata.deletionTimestamp"):
            not_run.append((workload, TERMINATING, _pods_of(kind, spec)))
            continue
        if kind == "Pod":
            if _text(_status(item, source, where).get("phase"), source, f"{where}.status.phase") in (
                "Succeeded",
                "Failed",
            ):
                not_run.append((workload, FINISHED, 1))
                continue
            template_path, template = where, {"metadata": metadata, "spec": spec}
            count = 1
        else:
            template_path = f"{where}.spec.jobTemplate.spec.template" if kind == "CronJob" else f"{where}.spec.template"
            template = _at(item, template_path.removeprefix(f"{where}."), source, where)
            count, why = _count_of(kind, item, spec, source, where)
            if why:
                not_run.append((workload, why, count))
                continue
        template_spec = template.get("spec")
        if not isinstance(template_spec, dict):
            raise WorkloadsError(
                source, f"{template_path}.spec", "missing or not an object: a controller's pod template"
            )
        why = _not_provisioned(template_spec, source, f"{template_path}.spec")
        if why and kind != "DaemonSet":
            not_run.append((workload, why, count))
            continue
        template_metadata = template.get("metadata")
        if template_metadata is not None and not isinstance(template_metadata, dict):
            raise WorkloadsError(source, f"{template_path}.metadata", "is not an object")
        try:
            pod_labels = labels((template_metadata or {}).get("labels"), f"{template_path}.metadata.labels")
            checked = checked_spec(template_spec, f"{template_path}.spec", stored=pod_labels if kind == "Pod" else None)
            if kind in SELECTED:
                _selects(spec.get("selector"), pod_labels, kind, where, template_path)
        except FieldError as error:
            raise WorkloadsError(source, error.path, error.problem) from None
        if not asks_for_resources(checked) and count:
            without_requests.append(workload)
        obj = {
            "apiVersion": "v1",
            "kind": "Pod",
            "metadata": {"namespace": namespace, "name": name, "labels": pod_labels},
            "spec": checked,
        }
        if kind == "DaemonSet":
            daemon = {
                "apiVersion": "apps/v1",
                "kind": "DaemonSet",
                "metadata": {"namespace": namespace, "name": name},
                "spec": {"template": {"metadata": {"labels": pod_labels}, "spec": checked}},
            }
            daemons.append(Pod(namespace, name, workload, daemon))
            continue
        total += count
        if total > MAX_PODS:
            raise WorkloadsError(
                source,
                f"{where}.spec" if kind != "Pod" else where,
                f"{workload} asks for {count} pods, more than the {MAX_PODS} a simulation takes "
                f"in all; is it what `{KUBECTL}` printed?",
            )
        made.append(_Made(namespace, name, kind, count, obj))
    notes = Notes(
        tuple(without_requests),
        tuple(owner_missing),
        with_their_controller,
        tuple(not_run),
        tuple(f"{identities[i][1]}/{identities[i][0]}/{identities[i][2]}" for i in sorted(cycles)),
    )
    return Workloads(
        source,
        tuple(sorted(_named(made), key=lambda p: p.key)),
        tuple(sorted(daemons, key=lambda p: p.key)),
        notes,
        items=tuple(items),
    )  # items: simulation.placement's hook


def _named(made: list[_Made]) -> list[Pod]:
    """Every pod with a name of its own: a bare pod's, else NAME-N (a StatefulSet's pods are named so); where two
    workloads of one namespace would make the same name (a Deployment and a StatefulSet called alike, valid in
    Kubernetes), the controllers' pods are named NAME-KIND-N."""
    wanted: dict[tuple[str, str], int] = {}
    for each in made:
        for name in _names(each, qualified=False):
            wanted[(each.namespace, name)] = wanted.get((each.namespace, name), 0) + 1
    taken = {(each.namespace, each.base) for each in made if each.kind == "Pod"}
    pods = []
    for each in made:
        names = _names(each, qualified=False)
        if each.kind != "Pod" and any(wanted[(each.namespace, n)] > 1 for n in names):
            names = _names(each, qualified=True)
        workload = f"{each.namespace}/{each.kind}/{each.base}"
        shared = (
            None
            if each.kind == "Pod"
            else {
                **each.template,
                "metadata": {k: v for k, v in each.template["metadata"].items() if k not in ("name", "uid")},
            }
        )
        for name in names:
            while each.kind != "Pod" and (each.namespace, name) in taken:
                name += "-x"  # still taken by a bare pod of that very name
            taken.add((each.namespace, name))
            obj = {
                **each.template,
                "metadata": {**each.template["metadata"], "name": name, "uid": f"{each.namespace}/{name}"},
            }
            pods.append(Pod(each.namespace, name, workload, obj, shared))
    return pods


def _names(made: _Made, qualified: bool) -> list[str]:
    if made.kind == "Pod":
        return [made.base]
    stem = f"{made.base}-{made.kind.lower()}" if qualified else made.base
    return [f"{stem}-{replica}" for replica in range(made.count)]


def _break_cycles(parent: list[int | None]) -> set[int]:
    """Owners that own each other (A's controller B, B's A): the first listed of each cycle is taken as its own
    workload (its owner reference ignored), so that none vanishes. The indexes taken so."""
    state = [0] * len(parent)  # 0 not seen, 1 on the walk, 2 done
    roots = set()
    for start in range(len(parent)):
        walk = []
        at: int | None = start
        while at is not None and state[at] == 0:
            state[at] = 1
            walk.append(at)
            at = parent[at]
        if at is not None and state[at] == 1:
            cycle = walk[walk.index(at) :]
            root = min(cycle)
            parent[root] = None
            roots.add(root)
        for seen in walk:
            state[seen] = 2
    return roots


def _made_by_listed(
    owner: tuple[str, str], pod: dict[str, Any], namespace: str, index_of: dict[tuple[str, str, str], int]
) -> int | None:
    """The listed Deployment that made the ReplicaSet, missing from the file, that owns this pod (the ReplicaSet is
    named DEPLOYMENT-<pod-template-hash>), or the listed CronJob of its Job (CRONJOB-<scheduled time>): its index."""
    kind, name = owner
    made_by = {"ReplicaSet": "Deployment", "Job": "CronJob"}.get(kind)
    if made_by is None or "-" not in name:
        return None
    stem, _, suffix = name.rpartition("-")
    if kind == "Job" and not suffix.isdigit():
        return None
    if kind == "ReplicaSet":
        template_hash = (
            ((pod.get("metadata") or {}).get("labels") or {}).get("pod-template-hash")
            if isinstance((pod.get("metadata") or {}).get("labels"), dict)
            else None
        )
        if isinstance(template_hash, str) and template_hash and name.endswith(f"-{template_hash}"):
            stem = name[: -len(template_hash) - 1]
    return index_of.get((made_by, namespace, stem))


def _pods_of(kind: str, spec: dict[str, Any]) -> int:
    """How many pods an object being deleted stands for (said, not simulated)."""
    value = spec.get("replicas") if kind not in ("Job", "Pod") else spec.get("parallelism") if kind == "Job" else 1
    number = whole(value)
    return number if number is not None and 0 <= number <= MAX_PODS else 1


def _count_of(kind: str, item: dict[str, Any], spec: dict[str, Any], source: str, where: str) -> tuple[int, str]:
    """The pods a controller keeps now, and why none ("" when it runs): a Job's by its suspension, status and
    completions (the Job controller runs min(parallelism, completions - succeeded) pods), a CronJob's next run unless
    it is suspended; a DaemonSet's pods are per node (0 here)."""
    if kind == "DaemonSet":
        return 0, ""
    if kind == "CronJob":
        # batch validateCronJobSpec requires a schedule; `snapshot` leaves it out: only one given empty is refused
        if spec.get("schedule") is not None and _text(spec["schedule"], source, f"{where}.spec.schedule") == "":
            raise WorkloadsError(source, f"{where}.spec.schedule", "is empty: when the CronJob runs (e.g. '0 * * * *')")
        job_spec = _at(item, "spec.jobTemplate.spec", source, where)
        parallelism = _count(job_spec.get("parallelism"), 1, source, f"{where}.spec.jobTemplate.spec.parallelism")
        completions = job_spec.get("completions")
        if completions is not None:
            parallelism = min(parallelism, _count(completions, 1, source, f"{where}.spec.jobTemplate.spec.completions"))
        return parallelism, SUSPENDED if _flag(spec.get("suspend"), source, f"{where}.spec.suspend") else ""
    if kind == "Job":
        parallelism = _count(spec.get("parallelism"), 1, source, f"{where}.spec.parallelism")
        if _flag(spec.get("suspend"), source, f"{where}.spec.suspend"):
            return parallelism, SUSPENDED
        status = _status(item, source, where)
        conditions = status.get("conditions") or []
        if not isinstance(conditions, list) or not all(isinstance(c, dict) for c in conditions):
            raise WorkloadsError(source, f"{where}.status.conditions", "is not a list of conditions")
        if any(
            c.get("type") in ("Complete", "Failed", "SuccessCriteriaMet", "FailureTarget") and c.get("status") == "True"
            for c in conditions
        ):
            return parallelism, FINISHED
        if spec.get("completions") is None:
            return parallelism, ""
        completions = _count(spec["completions"], 1, source, f"{where}.spec.completions")
        succeeded = _count(status.get("succeeded"), 0, source, f"{where}.status.succeeded", bounded=False)
        remaining = max(0, completions - succeeded)
        return (min(parallelism, remaining), "") if remaining else (parallelism, FINISHED)
    return _count(spec.get("replicas"), 1, source, f"{where}.spec.replicas"), ""


def _not_provisioned(spec: dict[str, Any], source: str, path: str) -> str:
    """Why Karpenter would not provision for this pod (template): scheduling gates (kube-scheduler leaves it
    SchedulingGated, never Unschedulable), another scheduler (kube-scheduler never marks it); "" when it would."""
    try:
        gates = scheduling_gates(spec, path)
    except FieldError as error:
        raise WorkloadsError(source, error.path, error.problem) from None
    if gates:
        return GATED
    scheduler = spec.get("schedulerName")
    if scheduler is not None and not isinstance(scheduler, str):
        raise WorkloadsError(source, f"{path}.schedulerName", f"{shown(scheduler)} is not a string")
    if scheduler and scheduler != DEFAULT_SCHEDULER:
        return f"of scheduler {scheduler}"
    return ""


def _identity(item: Any, source: str, where: str) -> tuple[str, str, str]:
    """(kind, namespace, name) of an item, its name as the API server takes it of its kind (ValidateObjectMeta's
    name rule: a DNS subdomain, a StatefulSet's a DNS label, a CronJob's 52 characters at most)."""
    if not isinstance(item, dict):
        raise WorkloadsError(source, where, f"is {type(item).__name__}, not an object")
    kind = item.get("kind")
    metadata = item.get("metadata")
    if not isinstance(kind, str) or not isinstance(metadata, dict):
        raise WorkloadsError(source, where, f"has no kind or metadata; write the file with `{KUBECTL}`")
    meant = _KINDS.get(kind.strip().lower())
    if meant is not None and meant != kind:  # `Pod `, `deployment`: no kind the API server has
        raise WorkloadsError(source, f"{where}.kind", f"{shown(kind)} is no Kubernetes kind; did you mean {meant}?")
    namespace, name = metadata.get("namespace") or "default", metadata.get("name")
    for part, value, pattern in (("metadata.namespace", namespace, NAMESPACE), ("metadata.name", name, _NAME)):
        if not isinstance(value, str) or not pattern.fullmatch(value):
            raise WorkloadsError(
                source,
                f"{where}.{part}",
                f"{shown(value)} is not a Kubernetes "
                f"{'namespace (a DNS label, 63 characters at most)' if pattern is NAMESPACE else 'name'}",
            )
    name = str(name)  # a string: the loop above refused any other
    if kind in ("Pod", *CONTROLLERS):
        try:
            if kind == "StatefulSet":  # apps ValidateStatefulSetName: a DNS label
                dns_label(name, f"{where}.metadata.name", "StatefulSet name")
            else:
                dns_subdomain(name, f"{where}.metadata.name", f"{kind} name")
        except FieldError as error:
            raise WorkloadsError(source, error.path, error.problem) from None
        if kind == "CronJob" and len(name) > 52:  # batch ValidateCronJobCreate: its Jobs are NAME-<11 characters>
            raise WorkloadsError(
                source,
                f"{where}.metadata.name",
                f"{shown(name)} is {len(name)} characters: the API server takes a CronJob name of 52 at most "
                "(its Jobs add 11 to it)",
            )
    return kind, str(namespace), name


def _controller(item: dict[str, Any], source: str, where: str) -> tuple[str, str] | None:
    """The owner reference marked controller (kind, name), each reference as the API server takes it
    (apimachinery ValidateOwnerReferences: an apiVersion with a version, a kind, a name and a uid, one controller)."""
    owners = item["metadata"].get("ownerReferences") or []
    path = f"{where}.metadata.ownerReferences"
    if not isinstance(owners, list):
        raise WorkloadsError(source, path, "is not a list")
    found: tuple[str, str] | None = None
    for index, owner in enumerate(owners):
        if not isinstance(owner, dict):
            raise WorkloadsError(source, f"{path}[{index}]", "is not an object")
        for key in ("apiVersion", "kind", "name", "uid"):
            if key == "uid" and owner.get(key) is None:
                continue  # required by the API server, left out by `snapshot`: its absence is taken
            if not isinstance(owner.get(key), str):
                raise WorkloadsError(
                    source,
                    f"{path}[{index}].{key}",
                    f"{shown(owner.get(key))} is not a string"
                    if owner.get(key) is not None
                    else f"is missing: the API server refuses an owner reference without its {key}",
                )
            if owner[key] == "" or (key == "apiVersion" and not _API_VERSION.fullmatch(owner[key])):
                raise WorkloadsError(
                    source,
                    f"{path}[{index}].{key}",
                    f"{shown(owner[key])}: the API server refuses an owner reference without its {key}"
                    + (" (GROUP/VERSION or VERSION, e.g. apps/v1)" if key == "apiVersion" else ""),
                )
        if owner.get("controller") is not None and not isinstance(owner["controller"], bool):
            raise WorkloadsError(
                source, f"{path}[{index}].controller", f"{shown(owner['controller'])} is not true or false"
            )
        if owner.get("controller"):
            if found is not None:
                raise WorkloadsError(
                    source,
                    f"{path}[{index}].controller",
                    f"{owner['kind']}/{owner['name']} is a second controller after {found[0]}/{found[1]}: "
                    "the API server takes one reference with controller true",
                )
            found = owner["kind"], owner["name"]
    return found


def _status(item: dict[str, Any], source: str, where: str) -> dict[str, Any]:
    status = item.get("status")
    if status is None:
        return {}
    if not isinstance(status, dict):
        raise WorkloadsError(source, f"{where}.status", "is not an object")
    return status


def _text(value: Any, source: str, path: str) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise WorkloadsError(source, path, f"{shown(value)} is not a string")
    return value


def _time(value: Any, source: str, path: str) -> str:
    """A metav1.Time as the API server reads it (RFC 3339, e.g. 2025-01-31T12:00:00Z), or "" when there is none."""
    text = _text(value, source, path)
    if not text:
        return text
    match = _TIME.fullmatch(text)
    try:
        if match is None:
            raise ValueError
        year, month, day, hour, minute, second = (int(match.group(n)) for n in range(1, 7))
        datetime(year, month, day, hour, minute, second)
        if match.group(9) is not None and (int(match.group(9)) > 23 or int(match.group(10)) > 59):
            raise ValueError
    except ValueError:
        raise WorkloadsError(
            source, path, f"{shown(text)} is not an RFC 3339 time (e.g. 2025-01-31T12:00:00Z)"
        ) from None
    return text


def _selects(selector: Any, pod_labels: dict[str, str], kind: str, where: str, template_path: str) -> None:
    """A Deployment's, ReplicaSet's, StatefulSet's or DaemonSet's spec.selector as the API server requires it
    (apps validation: given, a valid label selector, not empty, and matching the template's labels)."""
    if selector is None:
        raise FieldError(
            f"{where}.spec.selector",
            f"is required: the API server refuses a {kind} without one (e.g. matchLabels of the template's labels)",
        )
    checked = label_selector(selector, f"{where}.spec.selector")
    if not checked:
        raise FieldError(f"{where}.spec.selector", f"is empty: the API server refuses an empty selector for a {kind}")
    for key, value in checked.get("matchLabels", {}).items():
        if pod_labels.get(key) != value:
            break
    else:
        for expression in checked.get("matchExpressions", []):
            key, operator, values = expression["key"], expression["operator"], expression.get("values", [])
            present = key in pod_labels
            if not {
                "In": present and pod_labels.get(key) in values,
                "NotIn": not present or pod_labels[key] not in values,
                "Exists": present,
                "DoesNotExist": not present,
            }[operator]:
                break
        else:
            return
    raise FieldError(
        f"{template_path}.metadata.labels",
        f"do not match the {kind}'s spec.selector: the API server refuses a template its selector does not select",
    )


def _flag(value: Any, source: str, path: str) -> bool:
    if value is None:
        return False
    if not isinstance(value, bool):
        raise WorkloadsError(source, path, f"{shown(value)} is not true or false")
    return value


def _at(item: dict[str, Any], path: str, source: str, where: str) -> dict[str, Any]:
    value: Any = item
    for part in path.split("."):
        value = value.get(part) if isinstance(value, dict) else None
    if not isinstance(value, dict):
        raise WorkloadsError(source, f"{where}.{path}", "missing or not an object")
    return value


def _count(value: Any, default: int, source: str, path: str, bounded: bool = True) -> int:
    if value is None:
        return default
    number = whole(value)  # `replicas: 3.0` is 3, as kubectl sends it
    if number is None:
        raise WorkloadsError(source, path, f"{shown(value)} is not a whole number")
    if number < 0:
        raise WorkloadsError(source, path, f"{number} is negative; the API server refuses it")
    if number > (MAX_PODS if bounded else 2**31 - 1):
        raise WorkloadsError(
            source,
            path,
            f"{number} is more than the {MAX_PODS} pods a simulation takes"
            if bounded
            else f"{number} is out of range (int32)",
        )
    return number
