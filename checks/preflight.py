"""`python main.py preflight WORKLOADS.json`: what the isolation policies in dist/ would do to what already runs.

Input: what `kubectl get pods,daemonsets,deployments,statefulsets,replicasets,jobs,cronjobs -A -o json` prints (a
List), so the command itself needs no cluster access. For every workload (a controller's pod template, or a pod no
listed controller owns) it evaluates the generated policy (`base/validatingadmissionpolicy-karpenter-tenant-
isolation.yaml` of the cluster's dist/ folder) on the pod the workload makes, as the API server would on CREATE
(cel-python, the same evaluation tests/test_isolation.py compares with the real API server), and says which rule
refuses it and what to do. Pods already running are not refused (an UPDATE that leaves their placement is
admitted); the report is about the pods their controllers create next: after a rollout, a node replaced, a
DaemonSet reaching a new node."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import celpy

from config.yaml_input import read_yaml_all

WORKLOAD_KINDS = ("DaemonSet", "Deployment", "StatefulSet", "ReplicaSet", "Job", "CronJob")


class PreflightError(Exception):
    """Bad input: the workloads file or the policy cannot be read."""


@dataclass(frozen=True)
class Workload:
    kind: str
    namespace: str
    name: str
    spec: dict[str, Any]  # the pod spec it creates


@dataclass(frozen=True)
class Verdict:
    workload: Workload
    refusals: list[str]  # the policy's messages, empty when admitted
    fixes: list[str]


@dataclass(frozen=True)
class BoundPolicy:
    """A ValidatingAdmissionPolicy as the API server applies it: the policy, each of its bindings and the parameter
    object each binding names (None when it names none)."""

    policy: dict[str, Any]
    bindings: tuple[tuple[dict[str, Any], dict[str, Any] | None], ...] = ()

    def matching(self, namespace: str) -> list[dict[str, Any] | None]:
        """The parameters of the bindings that match a request in namespace (after the policy's own constraints)."""
        if not _selects(((self.policy.get("spec") or {}).get("matchConstraints") or {}).get("namespaceSelector"), namespace):
            return []
        return [params for binding, params in self.bindings
                if _selects((((binding.get("spec") or {}).get("matchResources")) or {}).get("namespaceSelector"), namespace)]


def _selects(selector: Any, namespace: str) -> bool:
    """Whether a namespaceSelector of In/NotIn requirements on kubernetes.io/metadata.name (what synth writes)
    selects the namespace; an empty or missing selector selects every namespace."""
    for expression in (selector or {}).get("matchExpressions") or []:
        if expression.get("key") != "kubernetes.io/metadata.name" or expression.get("operator") not in ("In", "NotIn"):
            raise PreflightError(f"namespaceSelector {expression!r}: not one synth writes")
        inside = namespace in (expression.get("values") or [])
        if inside != (expression["operator"] == "In"):
            return False
    return True


def load_policy(dist: Path, key: str, name: str = "karpenter-tenant-isolation") -> BoundPolicy | None:
    """The named policy of a cluster's dist/ folder with its bindings and their parameters (in base/ and every
    tenant's folder), or None when the cluster has no such policy (no tenant names namespaces)."""
    objects = []
    for path in sorted((dist / key).rglob("*.yaml")):
        if path.name == "kustomization.yaml" or not path.is_file():
            continue
        objects += [d for d in read_yaml_all(path, str(path)) if isinstance(d, dict)]
    policies = [o for o in objects if o.get("kind") == "ValidatingAdmissionPolicy" and (o.get("metadata") or {}).get("name") == name]
    if not policies:
        return None
    config_maps = {((o.get("metadata") or {}).get("namespace"), (o.get("metadata") or {}).get("name")): o
                   for o in objects if o.get("kind") == "ConfigMap"}
    bindings = []
    for binding in (o for o in objects if o.get("kind") == "ValidatingAdmissionPolicyBinding"):
        spec = binding.get("spec") or {}
        if spec.get("policyName") != name:
            continue
        ref = spec.get("paramRef")
        params = config_maps.get((ref.get("namespace"), ref.get("name"))) if isinstance(ref, dict) else None
        if isinstance(ref, dict) and params is None:
            raise PreflightError(f"{key}: binding {(binding.get('metadata') or {}).get('name')} names the parameter "
                                 f"{ref.get('namespace')}/{ref.get('name')}, which dist/{key} does not hold; run `python main.py`")
        bindings.append((binding, params))
    return BoundPolicy(policies[0], tuple(bindings))


def workloads(document: Any, source: str) -> list[Workload]:
    """The workloads of a `kubectl get ... -o json` List: controllers' pod templates, and pods no listed controller
    owns (a pod of a listed ReplicaSet, or a ReplicaSet of a listed Deployment, is its owner's)."""
    if not isinstance(document, dict) or not isinstance(document.get("items"), list):
        raise PreflightError(f"{source}: not a List of objects (`kubectl get pods,daemonsets,... -A -o json` prints one)")
    items = [i for i in document["items"] if isinstance(i, dict)]
    listed = {(i.get("kind"), (i.get("metadata") or {}).get("namespace"), (i.get("metadata") or {}).get("name")) for i in items}
    found = []
    for item in items:
        kind, metadata = item.get("kind"), item.get("metadata") or {}
        namespace, name = metadata.get("namespace") or "default", metadata.get("name") or "?"
        owners = [o for o in metadata.get("ownerReferences") or [] if isinstance(o, dict) and o.get("controller")]
        if any((o.get("kind"), metadata.get("namespace"), o.get("name")) in listed for o in owners):
            continue  # its controller is listed: judged by its template
        spec = item.get("spec") or {}
        if kind == "Pod":
            pod = spec
        elif kind == "CronJob":
            pod = (((spec.get("jobTemplate") or {}).get("spec") or {}).get("template") or {}).get("spec")
        elif kind in WORKLOAD_KINDS:
            pod = (spec.get("template") or {}).get("spec")
        else:
            continue
        if isinstance(pod, dict):
            found.append(Workload(str(kind), str(namespace), str(name), pod))
    return sorted(found, key=lambda w: (w.namespace, w.kind, w.name))


def admit(bound: BoundPolicy, namespace: str, obj: dict[str, Any], *, operation: str = "CREATE",
          username: str = "system:serviceaccount:kube-system:replicaset-controller",
          old: dict[str, Any] | None = None) -> list[str]:
    """The messages of the validations a request fails (empty: admitted), as the API server evaluates them: not at
    all when neither the policy's constraints nor a binding select the namespace, else for each binding that does,
    with its parameter: the variables in order, then every validation."""
    failed: list[str] = []
    for params in bound.matching(namespace):
        failed += _evaluate(bound.policy, namespace, obj, operation, username, old, params)
    return failed


def _program(expression: Any) -> Any:
    """A policy expression compiled for bounded evaluation (checks.cel: the API server's limits on size, nesting,
    cost and time, in cel-python's terms): dist/ may have been edited by hand, so the policy is untrusted input."""
    from checks.cel import RuleError, RuleLimitExceeded, bounded_program

    if not isinstance(expression, str):
        raise PreflightError(f"the isolation policy has an expression that is not a string ({expression!r}); run `python main.py`")
    try:
        return bounded_program(expression)
    except (RuleError, RuleLimitExceeded) as error:
        raise PreflightError(f"the isolation policy in dist/: {error}; run `python main.py` to write it again") from None


def _run(expression: Any, activation: dict[str, Any]) -> Any:
    from checks.cel import RuleLimitExceeded

    try:
        return _program(expression).evaluate(activation)
    except RuleLimitExceeded as error:
        raise PreflightError(f"the isolation policy in dist/: {error}; run `python main.py` to write it again") from None


def _evaluate(policy: dict[str, Any], namespace: str, obj: dict[str, Any], operation: str, username: str,
              old: dict[str, Any] | None, params: dict[str, Any] | None) -> list[str]:
    activation: dict[str, Any] = {
        "object": celpy.json_to_cel(obj),
        "oldObject": celpy.json_to_cel(old) if old is not None else None,
        "params": celpy.json_to_cel(params) if params is not None else None,
        "request": celpy.json_to_cel({"namespace": namespace, "operation": operation, "userInfo": {"username": username}}),
    }
    variables: dict[Any, Any] = {}
    for variable in policy["spec"].get("variables") or []:
        activation["variables"] = celpy.celtypes.MapType(variables)
        variables[celpy.celtypes.StringType(variable["name"])] = _run(variable["expression"], activation)
    activation["variables"] = celpy.celtypes.MapType(variables)
    failed = []
    for validation in policy["spec"]["validations"]:
        result = _run(validation["expression"], activation)
        if not isinstance(result, celpy.celtypes.BoolType):
            raise PreflightError(f"{validation['expression']} gave {result!r}")
        if not result:
            message = _run(validation["messageExpression"], activation)
            failed.append(str(message))
    return failed


def fixes(messages: list[str], workload: Workload, label_key: str) -> list[str]:
    """What to do about each refusal, by its rule."""
    found = []
    for message in messages:
        tenant = message.split(":")[0].removeprefix("tenant ") if message.startswith("tenant ") else None
        if "rule own-nodes" in message:
            found.append(f"add `nodeSelector: {{{label_key}: {tenant}}}` and the toleration {label_key}={tenant}:NoSchedule "
                         f"to its pod template")
        elif "rule no-wildcard-toleration" in message:
            found.append(f"a node agent (runs on every node): add {workload.namespace} to tenancy.exemptNamespaces; "
                         "otherwise give each toleration its key")
        elif "rule own-taint-only" in message and "no tenant" in message:
            found.append(f"add {workload.namespace} to the namespaces of the tenant whose nodes it runs on, or drop the "
                         f"{label_key} toleration")
        elif "rule own-taint-only" in message:
            found.append(f"tolerate only {label_key}={tenant}")
        elif "rule no-node-name" in message:
            found.append("drop spec.nodeName and select the node with nodeSelector or node affinity")
    return found


def preflight(policy: BoundPolicy, items: list[Workload], label_key: str) -> list[Verdict]:
    verdicts = []
    for workload in items:
        pod = {"apiVersion": "v1", "kind": "Pod", "metadata": {"namespace": workload.namespace}, "spec": workload.spec}
        messages = admit(policy, workload.namespace, pod)
        verdicts.append(Verdict(workload, messages, fixes(messages, workload, label_key)))
    return verdicts
