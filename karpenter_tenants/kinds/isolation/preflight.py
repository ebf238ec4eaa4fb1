"""`python main.py preflight --workloads FILE`: what the isolation policies in dist/ would do to what already runs.

Input: what `kubectl get pods,daemonsets,deployments,statefulsets,replicasets,jobs,cronjobs -A -o json` prints (a
List), so the command itself needs no cluster access. For every workload (a controller's pod template, or a pod no
listed controller owns) it evaluates the generated policy (`base/validatingadmissionpolicy-karpenter-tenant-
isolation.yaml` of the cluster's dist/ folder) on every request of the workload the policy's matchConstraints select
(the pod its controller makes, controller_pod_spec, and the workload object itself: a DaemonSet), as the API server would on CREATE
(cel-python, the same evaluation tests/unit/kinds/test_isolation_cel.py compares with the real API server), and says which rule
refuses it and what to do. Pods already running are not refused (an UPDATE that leaves their placement is
admitted); the report is about the pods their controllers create next: after a rollout, a node replaced, a
DaemonSet reaching a new node. Workloads alike in what the policy reads (kinds/isolation/policy_reads.py) are
evaluated once."""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as default
from pathlib import Path
from typing import Any

import celpy

from karpenter_tenants.config.yaml_input import read_yaml_all
from karpenter_tenants.kinds.isolation.policy_reads import metadata_reads, optional_syntax, spec_fields

LAYER = "checks"  # this module's layer (kinds/__init__.py)

WORKLOAD_KINDS = ("DaemonSet", "Deployment", "StatefulSet", "ReplicaSet", "Job", "CronJob")
CONTROLLER = (
    "system:serviceaccount:kube-system:replicaset-controller"  # who creates a workload's pods, as preflight asks
)
# who creates each kind's pods: kube-controller-manager's controllers, each with its service account's credentials
# (--use-service-account-credentials, as EKS runs it); a CronJob's pods are its Jobs'
CREATORS = {
    kind: f"system:serviceaccount:kube-system:{controller}"
    for kind, controller in (
        ("DaemonSet", "daemon-set-controller"),
        ("Deployment", "replicaset-controller"),
        ("ReplicaSet", "replicaset-controller"),
        ("StatefulSet", "statefulset-controller"),
        ("Job", "job-controller"),
        ("CronJob", "job-controller"),
    )
}
APPLIER = "preflight:applier"  # who creates the workload object itself (a person, a GitOps engine: not known here)
# (API group, version, resource) of each kind's requests, as a policy's resourceRules name them
RESOURCES = {
    "Pod": ("", "v1", "pods"),
    "DaemonSet": ("apps", "v1", "daemonsets"),
    "Deployment": ("apps", "v1", "deployments"),
    "ReplicaSet": ("apps", "v1", "replicasets"),
    "StatefulSet": ("apps", "v1", "statefulsets"),
    "Job": ("batch", "v1", "jobs"),
    "CronJob": ("batch", "v1", "cronjobs"),
}
MIRROR = "kubernetes.io/config.mirror"  # the annotation of a static pod's mirror, which its node's kubelet creates
# The node a DaemonSet's pod is for, as its controller names it in the pod (any node: the policy is asked once)
DAEMON_NODE = "ip-10-0-0-1.ec2.internal"
# What the DaemonSet controller adds to every pod's tolerations (k8s pkg/controller/daemon/util/daemonset_util.go,
# AddOrUpdateDaemonPodTolerations; network-unavailable only with hostNetwork)
DAEMON_TOLERATIONS = (
    ("node.kubernetes.io/not-ready", "NoExecute"),
    ("node.kubernetes.io/unreachable", "NoExecute"),
    ("node.kubernetes.io/disk-pressure", "NoSchedule"),
    ("node.kubernetes.io/memory-pressure", "NoSchedule"),
    ("node.kubernetes.io/pid-pressure", "NoSchedule"),
    ("node.kubernetes.io/unschedulable", "NoSchedule"),
)


class PreflightError(Exception):
    """Bad input: the workloads file or the policy cannot be read."""


@dataclass(frozen=True)
class Workload:
    kind: str
    namespace: str
    name: str
    spec: dict[str, Any]  # the pod spec it creates
    # the pod's metadata as the API server sees it at CREATE: its template's labels and annotations (a bare pod's own)
    metadata: dict[str, Any] = default(default_factory=dict)
    creator: str = CONTROLLER  # who creates the pod: a controller; a mirror pod's kubelet (system:node:<node>)
    # the workload object itself as the API server stores it (a controller's: kind, metadata, spec; None for a bare
    # pod), which a policy naming its kind judges too: synth's names DaemonSets
    source: dict[str, Any] | None = None
    # (kind, namespace, name) of its controller when that is listed too: judged all the same (a pod a webhook changed,
    # an older ReplicaSet, a Job of a CronJob edited since differ from the template), said only when refused while
    # its controller's template is admitted (preflight)
    owner: tuple[str, str, str] | None = None


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

    def matching(
        self, namespace: str, resource: tuple[str, str, str] | None = None, operation: str = "CREATE"
    ) -> list[dict[str, Any] | None]:
        """The parameters of the bindings that match a request in namespace (after the policy's own constraints);
        with resource (group, version, resource), only those whose matchResources also select it (judges)."""
        if not _selects(
            ((self.policy.get("spec") or {}).get("matchConstraints") or {}).get("namespaceSelector"), namespace
        ):
            return []
        return [
            params
            for binding, params in self.bindings
            if _selects((((binding.get("spec") or {}).get("matchResources")) or {}).get("namespaceSelector"), namespace)
            and (
                resource is None
                or _selects_resource((binding.get("spec") or {}).get("matchResources"), resource, operation)
            )
        ]

    def judges(self, resource: tuple[str, str, str], operation: str = "CREATE") -> bool:
        """Whether the policy's matchConstraints select a request on resource (group, version, resource) and
        operation at all: synth's select pods and DaemonSets, so a Deployment itself is never judged, its pods are."""
        return _selects_resource(
            (self.policy.get("spec") or {}).get("matchConstraints"), resource, operation, unruled=False
        )


def _selects_resource(match: Any, resource: tuple[str, str, str], operation: str, *, unruled: bool = True) -> bool:
    """Whether match (a policy's matchConstraints, a binding's matchResources) selects a request on resource (a main
    resource, no subresource) and operation: a resourceRule names it (k8s staging/src/k8s.io/apiserver/pkg/admission/
    plugin/webhook/predicates/rules/rules.go: `*` any group, version, operation, resource; `*/*` any resource and
    subresource; scope `Cluster` no namespaced one; a version of another under matchPolicy Equivalent, the default,
    as the API server converts the request; `pods/*` names pods too, its subresource `*` matching none) and no
    excludeResourceRule does. unruled: what no resourceRules select
    (a binding's: what its policy does; a policy's: nothing, the API server requires them)."""
    if not isinstance(match, dict):
        return unruled
    if (match.get("objectSelector") or {}) not in ({}, {"matchLabels": {}}, {"matchExpressions": []}):
        raise PreflightError(f"objectSelector {match['objectSelector']!r}: not one synth writes")
    exact = match.get("matchPolicy") == "Exact"
    group, version, plural = resource

    def names(rule: Any) -> bool:
        if not isinstance(rule, dict):
            raise PreflightError(f"resourceRule {rule!r}: not one synth writes")
        if rule.get("resourceNames"):
            raise PreflightError(f"resourceRule {rule!r}: resourceNames, not what synth writes")

        def has(key: str, value: str) -> bool:
            listed = rule.get(key) or []
            return "*" in listed or value in listed

        resources = [str(r).partition("/") for r in rule.get("resources") or []]
        return (
            has("apiGroups", group)
            and (not exact or has("apiVersions", version))
            and has("operations", operation)
            and any(name in ("*", plural) and sub in ("", "*") for name, _, sub in resources)
            and rule.get("scope") in (None, "*", "Namespaced")
        )

    rules = match.get("resourceRules") or []
    return (any(names(r) for r in rules) if rules else unruled) and not any(
        names(r) for r in match.get("excludeResourceRules") or []
    )


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
    if not (dist / key).is_dir():
        raise PreflightError(
            f"{dist / key} is not a folder: no dist/ of cluster {key} to judge by (a wrong --dist, or the cluster "
            "not synthesized): run `python main.py` first, or name the folder synth writes with --dist"
        )
    objects = []
    for path in sorted((dist / key).rglob("*.yaml")):
        if path.name == "kustomization.yaml" or not path.is_file():
            continue
        objects += [d for d in read_yaml_all(path, str(path)) if isinstance(d, dict)]
    return bound_policy(objects, key, name)


def bound_policy(
    objects: list[dict[str, Any]], key: str, name: str = "karpenter-tenant-isolation"
) -> BoundPolicy | None:
    """The named policy among a cluster's objects (as load_policy reads them from its dist/ folder, or plan from a
    revision's files) with its bindings and their parameters; None when the objects hold no such policy."""
    policies = [
        o
        for o in objects
        if o.get("kind") == "ValidatingAdmissionPolicy" and (o.get("metadata") or {}).get("name") == name
    ]
    if not policies:
        return None
    if (optional := optional_syntax(policies[0])) is not None:
        from karpenter_tenants.config.listing import one_line

        where, expression = optional
        shown = one_line(expression) if len(expression) <= 200 else one_line(expression[:199]) + "…"
        raise PreflightError(
            f"{key}: ValidatingAdmissionPolicy {name}, {where}: {shown!r} uses CEL's optional syntax (`.?field`, "
            "`[?key]`, `optional.of`, `orValue`), which the API server compiles (Kubernetes 1.29+) but cel-python "
            f"{_cel_python_version()}, the CEL preflight evaluates with, cannot parse: preflight cannot judge by this policy; "
            "write the expression with has() and ?: (as synth does), or run `python main.py` to write the policy again"
        )
    return _bound(objects, key, name, policies[0])


def _bound(objects: list[dict[str, Any]], key: str, name: str, policy: dict[str, Any]) -> BoundPolicy:
    config_maps = {
        ((o.get("metadata") or {}).get("namespace"), (o.get("metadata") or {}).get("name")): o
        for o in objects
        if o.get("kind") == "ConfigMap"
    }
    bindings = []
    for binding in (o for o in objects if o.get("kind") == "ValidatingAdmissionPolicyBinding"):
        spec = binding.get("spec") or {}
        if spec.get("policyName") != name:
            continue
        ref = spec.get("paramRef")
        params = config_maps.get((ref.get("namespace"), ref.get("name"))) if isinstance(ref, dict) else None
        if isinstance(ref, dict) and params is None:
            raise PreflightError(
                f"{key}: binding {(binding.get('metadata') or {}).get('name')} names the parameter "
                f"{ref.get('namespace')}/{ref.get('name')}, which dist/{key} does not hold; run `python main.py`"
            )
        bindings.append((binding, params))
    return BoundPolicy(policy, tuple(bindings))


def _cel_python_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("cel-python")
    except PackageNotFoundError:
        return "(version unknown)"


INT64 = (-(2**63), 2**63 - 1)
_WHAT = {str: "a string", int: "an integer", list: "a list"}


def _shape_problem(pod: dict[str, Any]) -> str | None:
    """The first field the policy reads that is not of the type the API server's Pod schema gives it (`kubectl get
    -o json` never prints one; the file was edited or made by hand), as `path: what it is`; None when all fit."""

    def strings(value: Any, path: str) -> str | None:
        if not isinstance(value, dict):
            return f"{path} is {type(value).__name__}, not a map of strings"
        for key, item in value.items():
            if not isinstance(item, str):
                return f"{path}.{key} is {item!r}, not a string"
        return None

    def objects(value: Any, path: str, fields: dict[str, type | tuple[type, ...]]) -> str | None:
        if not isinstance(value, list):
            return f"{path} is {type(value).__name__}, not a list"
        for index, item in enumerate(value):
            if not isinstance(item, dict):
                return f"{path}[{index}] is {item!r}, not an object"
            for name, kind in fields.items():
                if name in item and item[name] is not None and not isinstance(item[name], kind):
                    return f"{path}[{index}].{name} is {item[name]!r}, not {_WHAT[kind]}"
        return None

    if (
        "nodeSelector" in pod
        and pod["nodeSelector"] is not None
        and (problem := strings(pod["nodeSelector"], "spec.nodeSelector"))
    ):
        return problem
    if "nodeName" in pod and pod["nodeName"] is not None and not isinstance(pod["nodeName"], str):
        return f"spec.nodeName is {pod['nodeName']!r}, not a string"
    if pod.get("tolerations") is not None:
        if problem := objects(
            pod["tolerations"],
            "spec.tolerations",
            {"key": str, "operator": str, "value": str, "effect": str, "tolerationSeconds": int},
        ):
            return problem
        for index, toleration in enumerate(pod["tolerations"]):
            seconds = toleration.get("tolerationSeconds")
            if isinstance(seconds, bool) or isinstance(seconds, int) and not INT64[0] <= seconds <= INT64[1]:
                return f"spec.tolerations[{index}].tolerationSeconds is {seconds!r}, not a 64-bit integer"
    if pod.get("schedulingGates") is not None and (
        problem := objects(pod["schedulingGates"], "spec.schedulingGates", {"name": str})
    ):
        return problem
    affinity = pod.get("affinity")
    if affinity is None:
        return None
    if not isinstance(affinity, dict) or not isinstance(affinity.get("nodeAffinity", {}) or {}, dict):
        return "spec.affinity is not an object of objects"
    required = (affinity.get("nodeAffinity") or {}).get("requiredDuringSchedulingIgnoredDuringExecution")
    if required is None:
        return None
    path = "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms"
    if not isinstance(required, dict):
        return f"{path[: -len('.nodeSelectorTerms')]} is not an object"
    terms = required.get("nodeSelectorTerms") or []
    if problem := objects(terms, path, {"matchExpressions": list, "matchFields": list}):
        return problem
    for index, term in enumerate(terms):
        for field in ("matchExpressions", "matchFields"):
            requirements = term.get(field) or []
            if problem := objects(
                requirements, f"{path}[{index}].{field}", {"key": str, "operator": str, "values": list}
            ):
                return problem
            for number, requirement in enumerate(requirements):
                for value in requirement.get("values") or []:
                    if not isinstance(value, str):
                        return f"{path}[{index}].{field}[{number}].values has {value!r}, not a string"
    return None


def workloads(document: Any, source: str) -> list[Workload]:
    """The workloads of a `kubectl get ... -o json` List: controllers' pod templates, and pods no listed controller
    owns (a pod of a listed ReplicaSet, or a ReplicaSet of a listed Deployment, is its owner's)."""
    if not isinstance(document, dict) or not isinstance(document.get("items"), list):
        raise PreflightError(
            f"{source}: not a List of objects (`kubectl get pods,daemonsets,... -A -o json` prints one)"
        )
    items = [i for i in document["items"] if isinstance(i, dict)]
    listed = {
        (i.get("kind"), (i.get("metadata") or {}).get("namespace"), (i.get("metadata") or {}).get("name")): (
            (i.get("metadata") or {}).get("uid")
        )
        for i in items
    }
    found = []
    for item in items:
        kind, metadata = item.get("kind"), item.get("metadata") or {}
        namespace, name = metadata.get("namespace") or "default", metadata.get("name") or "?"
        owners = [o for o in metadata.get("ownerReferences") or [] if isinstance(o, dict) and o.get("controller")]
        owner = next(
            (
                (str(o.get("kind")), str(namespace), str(o.get("name")))
                for o in owners
                if (key := (o.get("kind"), metadata.get("namespace"), o.get("name"))) in listed
                and (not o.get("uid") or not listed[key] or o.get("uid") == listed[key])  # the same object
            ),
            None,
        )
        spec = item.get("spec") or {}
        if kind == "Pod":
            pod, template = spec, item
        elif kind == "CronJob":
            template = ((spec.get("jobTemplate") or {}).get("spec") or {}).get("template") or {}
            pod = template.get("spec") if isinstance(template, dict) else None
        elif kind in WORKLOAD_KINDS:
            template = spec.get("template") or {}
            pod = template.get("spec") if isinstance(template, dict) else None
        else:
            continue
        if isinstance(pod, dict):
            own = template.get("metadata") if isinstance(template, dict) else None
            problem = (
                _shape_problem(pod)
                or _metadata_problem(own)
                or (None if kind == "Pod" else _metadata_problem(metadata))
            )
            if problem is not None:
                raise PreflightError(
                    f"{source}: {namespace}/{kind}/{name}: {problem}, which the API server's Pod schema refuses "
                    "(`kubectl get ... -o json` never prints it): give the command what kubectl printed"
                )
            meta = {
                key: dict(own[key])
                for key in ("labels", "annotations")
                if isinstance(own, dict) and isinstance(own.get(key), dict) and own[key]
            }
            creator = CREATORS.get(str(kind), CONTROLLER)
            if kind == "Pod" and owner is not None:  # created by its controller's controller
                creator = CREATORS.get(owner[0], CONTROLLER)
            if kind == "Pod" and isinstance(pod.get("nodeName"), str) and pod["nodeName"]:
                if MIRROR in meta.get("annotations", {}):  # a static pod's mirror: its node's kubelet creates it
                    creator = f"system:node:{pod['nodeName']}"
                elif _scheduled(item.get("status")):  # the scheduler set nodeName: its creator did not
                    pod = {key: value for key, value in pod.items() if key != "nodeName"}
            itself = None
            if kind != "Pod":  # the controller itself, as the API server has it at CREATE (no status)
                itself = {
                    "apiVersion": "/".join(RESOURCES[str(kind)][:2]),  # the version the policy is given
                    "kind": kind,
                    "metadata": {
                        "name": name,
                        "namespace": namespace,
                        **{k: dict(metadata[k]) for k in ("labels", "annotations") if metadata.get(k)},
                    },
                    "spec": spec,
                }
            found.append(Workload(str(kind), str(namespace), str(name), pod, meta, creator, itself, owner))
    return sorted(found, key=lambda w: (w.namespace, w.kind, w.name))


def _scheduled(status: Any) -> bool:
    """Whether a pod's status shows the scheduler placed it (docs/isolation.md, preflight): a PodScheduled condition
    that is True, or a phase past Pending (Running, Succeeded, Failed, Unknown: a snapshot keeps only the phase). A bare
    pod so placed is judged as its creator would create it again, without the spec.nodeName the binding wrote."""
    if not isinstance(status, dict):
        return False
    if status.get("phase") in ("Running", "Succeeded", "Failed", "Unknown"):
        return True
    return any(
        isinstance(c, dict) and c.get("type") == "PodScheduled" and c.get("status") == "True"
        for c in status.get("conditions") or []
        if isinstance(status.get("conditions"), list)
    )


def _metadata_problem(metadata: Any) -> str | None:
    """The first of a pod's (or template's) labels and annotations that is not a map of strings, as `path: what`."""
    if metadata is None:
        return None
    if not isinstance(metadata, dict):
        return "metadata is not an object"
    for key in ("labels", "annotations"):
        value = metadata.get(key)
        if value is None:
            continue
        if not isinstance(value, dict):
            return f"metadata.{key} is {type(value).__name__}, not a map of strings"
        for name, item in value.items():
            if not isinstance(item, str):
                return f"metadata.{key}.{name} is {item!r}, not a string"
    return None


def admit(
    bound: BoundPolicy,
    namespace: str,
    obj: dict[str, Any],
    *,
    operation: str = "CREATE",
    username: str = CONTROLLER,
    old: dict[str, Any] | None = None,
    resource: tuple[str, str, str] | None = None,
) -> list[str]:
    """The messages of the validations a request fails (empty: admitted), as the API server evaluates them: not at
    all when neither the policy's constraints nor a binding select the namespace, else for each binding that does,
    with its parameter: the variables in order, then every validation. resource: the request's (group, version,
    resource), for the bindings that narrow the policy's resources (None: the policy judges the request)."""
    failed: list[str] = []
    for params in bound.matching(namespace, resource, operation):
        failed += _evaluate(bound.policy, namespace, obj, operation, username, old, params)
    return failed


def _program(expression: Any) -> Any:
    """A policy expression compiled for bounded evaluation (objects.cel: the API server's limits on size, nesting,
    cost and time, in cel-python's terms): dist/ may have been edited by hand, so the policy is untrusted input."""
    from karpenter_tenants.objects.cel import RuleError, RuleLimitExceeded, bounded_program

    if not isinstance(expression, str):
        raise PreflightError(
            f"the isolation policy has an expression that is not a string ({expression!r}); run `python main.py`"
        )
    try:
        return bounded_program(expression)
    except (RuleError, RuleLimitExceeded) as error:
        raise PreflightError(
            f"the isolation policy in dist/: {error}; run `python main.py` to write it again"
        ) from None


def _run(expression: Any, activation: dict[str, Any]) -> Any:
    from karpenter_tenants.objects.cel import RuleLimitExceeded

    try:
        return _program(expression).evaluate(activation)
    except RuleLimitExceeded as error:
        raise PreflightError(
            f"the isolation policy in dist/: {error}; run `python main.py` to write it again"
        ) from None
    except celpy.CELEvalError as error:  # a value of a type the policy's expressions were not written for
        raise PreflightError(
            f"the isolation policy cannot judge this request ({error.args[0] if error.args else error}): "
            "a field of an unexpected type; give the command what kubectl printed"
        ) from None


def _evaluate(
    policy: dict[str, Any],
    namespace: str,
    obj: dict[str, Any],
    operation: str,
    username: str,
    old: dict[str, Any] | None,
    params: dict[str, Any] | None,
) -> list[str]:
    try:
        activation: dict[str, Any] = {
            "object": celpy.json_to_cel(obj),
            "oldObject": celpy.json_to_cel(old) if old is not None else None,
            "params": celpy.json_to_cel(params) if params is not None else None,
            "request": celpy.json_to_cel(
                {"namespace": namespace, "operation": operation, "userInfo": {"username": username}}
            ),
        }
    except ValueError as error:  # celpy's "overflow": a whole number past CEL's 64 bits, which no Pod field holds
        raise PreflightError(
            f"a number in namespace {namespace}'s pod is out of CEL's 64-bit range ({error}): the API server's Pod "
            "schema refuses it (`kubectl get ... -o json` never prints it): give the command what kubectl printed"
        ) from None
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


def fixes(
    messages: list[str], workload: Workload, label_key: str, tenant_namespaces: frozenset[str] = frozenset()
) -> list[str]:
    """What to do about each refusal, by its rule (tenant_namespaces: namespaces a tenant names, which cannot be
    exempt)."""
    from karpenter_tenants.config.schema.tenancy import DEFAULT_EXEMPT_NAMESPACES

    # a file that does not set the list has its default, which a list written with one namespace would replace
    keep_defaults = f"if your file does not set it yet, start from its default: {', '.join(DEFAULT_EXEMPT_NAMESPACES)}"
    found = []
    for message in messages:
        tenant = message.split(":")[0].removeprefix("tenant ") if message.startswith("tenant ") else None
        if "rule own-nodes" in message:
            from karpenter_tenants.objects.node_labels import NODE_GROUP_LABEL, required_values

            pinned = sorted({g for _, groups in required_values(workload.spec, NODE_GROUP_LABEL) for g in groups})
            if pinned:  # its node group goes with the move: adding the tenant's selector beside it would strand it
                from karpenter_tenants.config.listing import code, escaped  # the groups are the workload file's

                what = (
                    code(f"{NODE_GROUP_LABEL}: {pinned[0]}")
                    if len(pinned) == 1
                    else f"every `{NODE_GROUP_LABEL}` selection ({', '.join(escaped(g) for g in pinned)})"
                )  # any one strands it
                found.append(
                    f"replace {what} in its pod template's node selection with "
                    f"`nodeSelector: {{{label_key}: {tenant}}}` and add the toleration "
                    f"{label_key}={tenant}:NoSchedule"
                )
            else:
                found.append(
                    f"add `nodeSelector: {{{label_key}: {tenant}}}` and the toleration "
                    f"{label_key}={tenant}:NoSchedule to its pod template"
                )
        elif "rule no-wildcard-toleration" in message and workload.namespace in tenant_namespaces:
            # a tenant's namespace cannot be exempt (a config error): the agent belongs in a namespace of its own; a
            # key given is the tenant key only with the tenant's value (rule own-taint-only)
            found.append(
                f"give each toleration its key (the {label_key} one only as {label_key}={tenant}); a node "
                f"agent (runs on every node) belongs in a namespace of its own, which "
                f"tenancy.exemptNamespaces may list ({workload.namespace} is a tenant's, which it may not; "
                f"{keep_defaults})"
            )
        elif "rule no-wildcard-toleration" in message:
            found.append(
                f"a node agent (runs on every node): add {workload.namespace} to tenancy.exemptNamespaces "
                f"({keep_defaults}); otherwise give each toleration its key"
            )
        elif "rule own-taint-only" in message and "no tenant" in message:
            # once the namespace is the tenant's, its pods must select the tenant's nodes and tolerate only its value
            found.append(
                f"add {workload.namespace} to the namespaces of the tenant whose nodes it runs on and give its "
                f"pod template `nodeSelector: {{{label_key}: <that tenant>}}` and, of its {label_key} "
                f"tolerations, only {label_key}=<that tenant>:NoSchedule; or drop the {label_key} toleration"
            )
        elif "rule own-taint-only" in message:
            found.append(f"tolerate only {label_key}={tenant}")
        elif "rule protected-tenant-taint" in message:
            guarded = message.split("guarding the nodes of tenants ", 1)[-1].split(")", 1)[0]
            found.append(
                f"drop its {label_key} toleration of {guarded} (those nodes are not this namespace's; an "
                f"Exists toleration of {label_key} tolerates them too), or move the workload into a namespace of "
                "the tenant whose nodes it needs"
            )
        elif "rule no-node-name" in message:
            found.append("drop spec.nodeName and select the node with nodeSelector or node affinity")
    return found


def _without_nulls(value: Any) -> Any:
    """The value as the API server stores it: a field given as null is absent (Go's decoder leaves it unset)."""
    if isinstance(value, dict):
        return {key: _without_nulls(item) for key, item in value.items() if item is not None}
    if isinstance(value, list):
        return [_without_nulls(item) for item in value]
    return value


def _metadata_read(metadata: dict[str, Any], reads: dict[str, frozenset[str] | None]) -> dict[str, Any]:
    """The labels and annotations of a workload's pod that the policy reads (metadata_reads): a map read by key keeps
    those keys (and is there, empty, when the pod has others: `has()` says so), a map read whole is whole, a map not
    read or empty is absent (the API server stores no empty map)."""
    found: dict[str, Any] = {}
    for name, keys in reads.items():
        value = metadata.get(name)
        if not isinstance(value, dict) or not value:
            continue
        found[name] = dict(value) if keys is None else {k: v for k, v in value.items() if k in keys}
    return found


def controller_pod_spec(kind: str, spec: dict[str, Any]) -> dict[str, Any]:
    """The spec of a pod a workload's controller creates from its template: the template's, except a DaemonSet's
    (k8s pkg/controller/daemon/util/daemonset_util.go): its controller replaces the required node affinity's terms
    with one, `matchFields: metadata.name In [<node>]` for the node the pod is for (ReplaceDaemonSetPodNodeNameNode
    Affinity: the template's terms are gone, its nodeSelector stays), and adds or replaces (same key, operator, value
    and effect) the tolerations of node conditions (AddOrUpdateDaemonPodTolerations). The other controllers copy
    the template's placement as it is (a StatefulSet adds a hostname and subdomain, a Job labels and a finalizer)."""
    if kind != "DaemonSet":
        return spec
    pod = dict(spec)
    affinity = dict(pod.get("affinity") or {})
    node_affinity = dict(affinity.get("nodeAffinity") or {})
    node_affinity["requiredDuringSchedulingIgnoredDuringExecution"] = {
        **(node_affinity.get("requiredDuringSchedulingIgnoredDuringExecution") or {}),
        "nodeSelectorTerms": [{"matchFields": [{"key": "metadata.name", "operator": "In", "values": [DAEMON_NODE]}]}],
    }
    pod["affinity"] = {**affinity, "nodeAffinity": node_affinity}
    tolerations = list(pod.get("tolerations") or [])
    keys = [(key, effect) for key, effect in DAEMON_TOLERATIONS]
    if pod.get("hostNetwork") is True:
        keys.append(("node.kubernetes.io/network-unavailable", "NoSchedule"))
    for key, effect in keys:
        added = {"key": key, "operator": "Exists", "effect": effect}
        same = [
            i
            for i, t in enumerate(tolerations)
            if isinstance(t, dict)
            and (t.get("key"), t.get("operator"), t.get("value") or "", t.get("effect")) == (key, "Exists", "", effect)
        ]
        if same:
            tolerations[same[0]] = added  # Toleration.MatchToleration: updated in place (tolerationSeconds dropped)
        else:
            tolerations.append(added)
    pod["tolerations"] = tolerations
    return pod


def preflight(
    policy: BoundPolicy, items: list[Workload], label_key: str, tenant_namespaces: frozenset[str] = frozenset()
) -> list[Verdict]:
    """Each workload's verdict: every request of it the policy judges, as the API server would (the messages of all
    that it refuses, each once). A workload makes two kinds of request: its controller's pods (controller_pod_spec:
    a DaemonSet's are not its template), and the workload object itself when the policy's matchConstraints name its
    resource (synth's name DaemonSets: created again, or its template changed, it is refused as its pods would be)."""
    import json

    verdicts = []
    # A pod's request is the pod (its namespace and spec) and nothing else of the workload, and of the spec the policy
    # reads only the fields its expressions name (spec_fields): workloads alike in those (a snapshot's bare pods,
    # copies of one template, every Deployment of a team that differ in images and resources) get one evaluation
    # (what it costs: docs/performance.md).
    fields = spec_fields(policy.policy)
    # of the pod's metadata, the labels and annotations the policy reads (by key, or whole): the template's, as the
    # API server sees them (a rule on a label judged without it admitted what the policy refuses)
    meta_reads = {"labels": None, "annotations": None} if fields is None else metadata_reads(policy.policy)
    judged: dict[str, list[str]] = {}
    pods = RESOURCES["Pod"]
    for workload in items:
        requests: list[tuple[dict[str, Any], str, tuple[str, str, str]]] = []
        resource = RESOURCES.get(workload.kind)
        if workload.source is not None and resource is not None and policy.judges(resource):
            # the workload object whole (spec_fields name a pod's fields): controllers are few beside their pods
            requests.append((_without_nulls(workload.source), APPLIER, resource))
        if policy.judges(pods):
            spec = _without_nulls(controller_pod_spec(workload.kind, workload.spec))
            read = spec if fields is None else {name: spec[name] for name in sorted(fields) if name in spec}
            meta = _metadata_read(workload.metadata, meta_reads)
            # asked with what the policy reads (the rest is neither read nor converted to CEL)
            pod = {
                "apiVersion": "v1",
                "kind": "Pod",
                "metadata": {"namespace": workload.namespace, **meta},
                "spec": read,
            }
            requests.append((pod, workload.creator, pods))
        messages: list[str] = []
        for obj, username, what in requests:
            key = json.dumps([workload.namespace, obj, username, what], sort_keys=True)
            if key not in judged:
                judged[key] = admit(policy, workload.namespace, obj, username=username, resource=what)
            messages += [m for m in judged[key] if m not in messages]
        verdicts.append(Verdict(workload, messages, fixes(messages, workload, label_key, tenant_namespaces)))
    # an object whose controller is listed is said only when it is refused and its controller admitted (else the
    # controller's line says it): a webhook's change, an older revision
    refused = {(v.workload.kind, v.workload.namespace, v.workload.name): bool(v.refusals) for v in verdicts}
    owners = {(v.workload.kind, v.workload.namespace, v.workload.name): v.workload.owner for v in verdicts}

    def covered(workload: Workload) -> bool:
        chain, seen = workload.owner, set()
        while chain is not None and chain not in seen:  # the controller's own controller (ReplicaSet -> Deployment)
            seen.add(chain)
            if refused.get(chain):
                return True
            chain = owners.get(chain)
        return False

    return [v for v in verdicts if v.workload.owner is None or (v.refusals and not covered(v.workload))]
