"""The pods a workloads file stands for, as the scheduler is given them: what `kubectl get pods,deployments,
statefulsets,replicasets,daemonsets,jobs,cronjobs -A -o json` prints (the file `preflight` reads), each controller's
template expanded to its replicas (Deployment, StatefulSet, ReplicaSet: spec.replicas, default 1; Job:
spec.parallelism, default 1; CronJob: one run of its job), bare pods and pods of controllers the file does not list
as they are, DaemonSets' templates apart (the scheduler counts them on every node it considers).

The file is untrusted: anything kubectl would never print (a negative or huge replica count, a quantity that is not
one, a field of the wrong type, more pods than MAX_PODS) is a WorkloadsError naming the file, the path in it and the
fix, found before the scheduler runs. Requests are left to the scheduler to add up (init containers and pod
overhead as Karpenter counts them).

Owns: reading the workloads. Must not import: commands/, review/."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from karpenter_tenants.config.yaml_input import InputError

KUBECTL = "kubectl get pods,deployments,statefulsets,replicasets,daemonsets,jobs,cronjobs -A -o json"
CONTROLLERS = ("Deployment", "StatefulSet", "ReplicaSet", "Job", "CronJob", "DaemonSet")
MAX_PODS = 50_000  # after expansion: a cluster of 40 customers runs a few thousand; beyond, the answer is no answer
# Kubernetes' quantity grammar (k8s.io/apimachinery resource.Quantity): a signed decimal, an optional exponent or
# a binary or decimal suffix.
QUANTITY = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+|Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E)?")
_NAME = re.compile(r"[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?")
# The pod fields the scheduler reads; the rest of a template (images, probes, env) is dropped before it is sent.
POD_SPEC_FIELDS = ("containers", "initContainers", "overhead", "nodeSelector", "affinity", "tolerations",
                   "topologySpreadConstraints", "priorityClassName", "priority", "schedulerName", "nodeName",
                   "volumes", "preemptionPolicy")


class WorkloadsError(InputError):
    def __init__(self, file: str, path: str, problem: str) -> None:
        super().__init__(file, None, f"{path}: {problem}" if path else problem)


@dataclass(frozen=True)
class Pod:
    namespace: str
    name: str
    workload: str  # NS/KIND/NAME of what made it (the pod itself for a bare pod)
    obj: dict[str, Any]  # the Pod object sent to the scheduler

    @property
    def key(self) -> str:
        return f"{self.namespace}/{self.name}"


@dataclass(frozen=True)
class Workloads:
    source: str
    pods: tuple[Pod, ...]
    daemonset_pods: tuple[Pod, ...]  # each a DaemonSet object (the scheduler makes its pod as the provisioner does)


def read_workloads(path: Path) -> Workloads:
    """The pods of a workloads file; WorkloadsError (or InputError for unreadable JSON) otherwise."""
    from karpenter_tenants.config.yaml_input import read_json

    return workloads_of(read_json(path, str(path), written_by=KUBECTL), str(path))


def workloads_of(document: Any, source: str) -> Workloads:
    if not isinstance(document, dict) or not isinstance(document.get("items"), list):
        raise WorkloadsError(source, "", f"not a List of objects; write it with `{KUBECTL}`")
    items = document["items"]
    listed: set[tuple[str, str, str]] = set()
    for index, item in enumerate(items):
        kind, namespace, name = _identity(item, source, f"items[{index}]")
        listed.add((kind, namespace, name))
    pods: list[Pod] = []
    daemons: list[Pod] = []
    for index, item in enumerate(items):
        where = f"items[{index}]"
        kind, namespace, name = _identity(item, source, where)
        if kind not in ("Pod", *CONTROLLERS):
            continue
        owner = _controller(item, source, where)
        if owner is not None and (owner[0], namespace, owner[1]) in listed:
            continue  # made by a listed controller: counted from its template
        spec = item.get("spec")
        if spec is None:
            spec = {}
        if not isinstance(spec, dict):
            raise WorkloadsError(source, f"{where}.spec", f"is {type(spec).__name__}, not an object")
        workload = f"{namespace}/{kind}/{name}"
        if kind == "Pod":
            if spec.get("nodeName") and _phase(item) in ("Succeeded", "Failed"):
                continue  # finished: asks for nothing
            pods.append(_pod(namespace, name, workload, item.get("metadata") or {}, spec, source, f"{where}.spec"))
            _check_total(pods, source, where)
            continue
        template_path = f"{where}.spec.jobTemplate.spec.template" if kind == "CronJob" else f"{where}.spec.template"
        template = _at(item, template_path.removeprefix(f"{where}."), source, where)
        metadata = template.get("metadata") or {}
        template_spec = template.get("spec")
        if not isinstance(template_spec, dict):
            raise WorkloadsError(source, f"{template_path}.spec", "missing or not an object: a controller's pod template")
        if kind == "DaemonSet":
            made = _pod(namespace, name, workload, metadata, template_spec, source, f"{template_path}.spec")
            daemon = {"apiVersion": "apps/v1", "kind": "DaemonSet", "metadata": {"namespace": namespace, "name": name},
                      "spec": {"template": {"metadata": {"labels": made.obj["metadata"]["labels"]},
                                            "spec": made.obj["spec"]}}}
            daemons.append(Pod(namespace, name, workload, daemon))
            continue
        if kind == "CronJob":
            job_spec = _at(item, "spec.jobTemplate.spec", source, where)
            count = _count(job_spec.get("parallelism"), 1, source, f"{where}.spec.jobTemplate.spec.parallelism")
        elif kind == "Job":
            count = _count(spec.get("parallelism"), 1, source, f"{where}.spec.parallelism")
        else:
            count = _count(spec.get("replicas"), 1, source, f"{where}.spec.replicas")
        if len(pods) + count > MAX_PODS:
            raise WorkloadsError(source, f"{where}.spec", f"{workload} asks for {count} pods, more than the "
                                 f"{MAX_PODS} a simulation takes in all; is it what `{KUBECTL}` printed?")
        for replica in range(count):
            pods.append(_pod(namespace, f"{name}-{replica}", workload, metadata, template_spec, source,
                             f"{template_path}.spec", check=replica == 0))
    return Workloads(source, tuple(sorted(pods, key=lambda p: p.key)), tuple(sorted(daemons, key=lambda p: p.key)))


def _check_total(pods: list[Pod], source: str, where: str) -> None:
    if len(pods) > MAX_PODS:
        raise WorkloadsError(source, where, f"more than {MAX_PODS} pods in all; is it what `{KUBECTL}` printed?")


def _identity(item: Any, source: str, where: str) -> tuple[str, str, str]:
    if not isinstance(item, dict):
        raise WorkloadsError(source, where, f"is {type(item).__name__}, not an object")
    kind = item.get("kind")
    metadata = item.get("metadata")
    if not isinstance(kind, str) or not isinstance(metadata, dict):
        raise WorkloadsError(source, where, f"has no kind or metadata; write the file with `{KUBECTL}`")
    namespace, name = metadata.get("namespace") or "default", metadata.get("name")
    for field, value in (("metadata.namespace", namespace), ("metadata.name", name)):
        if not isinstance(value, str) or not _NAME.fullmatch(value):
            raise WorkloadsError(source, f"{where}.{field}", f"{_shown(value)} is not a Kubernetes name")
    return kind, namespace, name


def _controller(item: dict[str, Any], source: str, where: str) -> tuple[str, str] | None:
    owners = (item.get("metadata") or {}).get("ownerReferences") or []
    if not isinstance(owners, list):
        raise WorkloadsError(source, f"{where}.metadata.ownerReferences", "is not a list")
    for owner in owners:
        if isinstance(owner, dict) and owner.get("controller") and isinstance(owner.get("kind"), str) \
                and isinstance(owner.get("name"), str):
            return owner["kind"], owner["name"]
    return None


def _phase(item: dict[str, Any]) -> Any:
    status = item.get("status")
    return status.get("phase") if isinstance(status, dict) else None


def _at(item: dict[str, Any], path: str, source: str, where: str) -> dict[str, Any]:
    value: Any = item
    for part in path.split("."):
        value = value.get(part) if isinstance(value, dict) else None
    if not isinstance(value, dict):
        raise WorkloadsError(source, f"{where}.{path}", "missing or not an object")
    return value


def _count(value: Any, default: int, source: str, path: str) -> int:
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int):
        raise WorkloadsError(source, path, f"{_shown(value)} is not a whole number")
    if value < 0:
        raise WorkloadsError(source, path, f"{value} is negative; the API server refuses it")
    if value > MAX_PODS:
        raise WorkloadsError(source, path, f"{value} is more than the {MAX_PODS} pods a simulation takes")
    return value


def _pod(namespace: str, name: str, workload: str, metadata: Any, spec: dict[str, Any], source: str, path: str,
         *, check: bool = True) -> Pod:
    if check:
        _check_spec(spec, source, path)
        if not isinstance(metadata, dict) or not _strings(metadata.get("labels")):
            raise WorkloadsError(source, path.removesuffix(".spec") + ".metadata.labels", "is not a map of strings")
    labels = dict((metadata or {}).get("labels") or {})
    kept = {key: spec[key] for key in POD_SPEC_FIELDS if key in spec and spec[key] is not None and key != "nodeName"}
    obj = {"apiVersion": "v1", "kind": "Pod",
           "metadata": {"namespace": namespace, "name": name, "labels": labels, "uid": f"{namespace}/{name}"},
           "spec": kept}
    return Pod(namespace, name, workload, obj)


def _strings(value: Any) -> bool:
    return value is None or (isinstance(value, dict) and all(isinstance(k, str) and isinstance(v, str)
                                                              for k, v in value.items()))


def _check_spec(spec: dict[str, Any], source: str, path: str) -> None:
    """The fields the scheduler decodes, of the types the Pod schema gives them: a quantity that is not one would
    otherwise fail inside the scheduler, far from the file."""
    containers = spec.get("containers")
    if not isinstance(containers, list) or not containers:
        raise WorkloadsError(source, f"{path}.containers", "missing or empty: a pod has at least one container")
    for field in ("containers", "initContainers"):
        listed = spec.get(field) or []
        if not isinstance(listed, list):
            raise WorkloadsError(source, f"{path}.{field}", "is not a list")
        for index, container in enumerate(listed):
            where = f"{path}.{field}[{index}]"
            if not isinstance(container, dict):
                raise WorkloadsError(source, where, "is not an object")
            resources = container.get("resources") or {}
            if not isinstance(resources, dict):
                raise WorkloadsError(source, f"{where}.resources", "is not an object")
            for kind in ("requests", "limits"):
                _quantities(resources.get(kind), source, f"{where}.resources.{kind}")
    _quantities(spec.get("overhead"), source, f"{path}.overhead")
    if not _strings(spec.get("nodeSelector")):
        raise WorkloadsError(source, f"{path}.nodeSelector", "is not a map of strings")
    for field in ("tolerations", "topologySpreadConstraints"):
        value = spec.get(field)
        if value is not None and (not isinstance(value, list) or not all(isinstance(v, dict) for v in value)):
            raise WorkloadsError(source, f"{path}.{field}", "is not a list of objects")
    if spec.get("affinity") is not None and not isinstance(spec["affinity"], dict):
        raise WorkloadsError(source, f"{path}.affinity", "is not an object")


def _quantities(value: Any, source: str, path: str) -> None:
    if value is None:
        return
    if not isinstance(value, dict):
        raise WorkloadsError(source, path, "is not a map of resource quantities")
    for resource, amount in value.items():
        if isinstance(amount, bool) or not isinstance(amount, (str, int, float)) or \
                (isinstance(amount, str) and (len(amount) > 64 or not QUANTITY.fullmatch(amount))):
            raise WorkloadsError(source, f"{path}.{resource}", f"{_shown(amount)} is not a quantity (e.g. 500m, 2Gi)")
        if isinstance(amount, str) and amount.startswith("-") or not isinstance(amount, str) and amount < 0:
            raise WorkloadsError(source, f"{path}.{resource}", f"{_shown(amount)} is negative")


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
