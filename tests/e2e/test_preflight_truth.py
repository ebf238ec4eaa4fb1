"""preflight's verdict on a workload, compared with the real API server enforcing dist/'s isolation policies on the
requests that workload makes: the workload object itself (the policy judges Pods and DaemonSets, not Deployments,
StatefulSets, ReplicaSets, Jobs or CronJobs) and the pod its controller creates, sent as that controller's service
account. No controller-manager runs here: the test writes each controller's pod itself, from the upstream source
(a DaemonSet's: k8s pkg/controller/daemon/util/daemonset_util.go, ReplaceDaemonSetPodNodeNameNodeAffinity and
AddOrUpdateDaemonPodTolerations; the others copy their template's spec). Hostile round 7 (f118, f120): preflight
admitted a DaemonSet selecting its tenant's nodes by node affinity, which the server refuses (rule own-nodes)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from conftest import EXAMPLE_DIST
from test_isolation_cel import DAEMONSET_TOLERATIONS, bound, pinned, toleration

from e2e.isolation import apply_by_kind, isolation_files, isolation_objects, wait_enforced
from e2e.kube import ApiError, Kube
from e2e.manifests import namespace
from karpenter_tenants.kinds.isolation.preflight import BoundPolicy, preflight, workloads

NODE = "ip-10-0-1-23"  # the node a DaemonSet's pod is for (no Node object: admission does not look it up)
SA = "system:serviceaccount:kube-system:"
# who creates each kind's pods (kube-controller-manager with --use-service-account-credentials); a bare pod: a user
CREATOR = {
    "Pod": "alice",
    "DaemonSet": SA + "daemon-set-controller",
    "Deployment": SA + "replicaset-controller",
    "ReplicaSet": SA + "replicaset-controller",
    "StatefulSet": SA + "statefulset-controller",
    "Job": SA + "job-controller",
    "CronJob": SA + "job-controller",
}
KINDS = tuple(CREATOR)
OWN = {"tolerations": [toleration("alpha")]}


def required(*terms: dict[str, Any]) -> dict[str, Any]:
    return {
        "affinity": {
            "nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [*terms]}}
        }
    }


def expression(key: str, operator: str, *values: str) -> dict[str, Any]:
    return {"key": key, "operator": operator, **({"values": list(values)} if values else {})}


TENANT_IN_ALPHA = {"matchExpressions": [expression("tenant", "In", "alpha")]}
BY_NAME = {"matchFields": [expression("metadata.name", "In", NODE)]}
ZONE = expression("topology.kubernetes.io/zone", "In", "ca-central-1a")
# (namespace, the pod template's placement): alpha is a tenant's namespace (label key `tenant`), web is no tenant's
SHAPES: dict[str, tuple[str, dict[str, Any]]] = {
    "nodeSelector": ("alpha", {"nodeSelector": {"tenant": "alpha"}, **OWN}),
    "affinity In [alpha] (f118)": ("alpha", {**required(TENANT_IN_ALPHA), **OWN}),
    "affinity In [alpha] and matchFields (f120)": ("alpha", {**required({**TENANT_IN_ALPHA, **BY_NAME}), **OWN}),
    "two terms In [alpha]": (
        "alpha",
        {**required(TENANT_IN_ALPHA, {"matchExpressions": [expression("tenant", "In", "alpha"), ZONE]}), **OWN},
    ),
    "two terms, one without tenant": ("alpha", {**required(TENANT_IN_ALPHA, {"matchExpressions": [ZONE]}), **OWN}),
    "In [alpha] and a zone in one term": (
        "alpha",
        {**required({"matchExpressions": [expression("tenant", "In", "alpha"), ZONE]}), **OWN},
    ),
    "In [alpha, alpha]": (
        "alpha",
        {**required({"matchExpressions": [expression("tenant", "In", "alpha", "alpha")]}), **OWN},
    ),
    "In [alpha, beta]": (
        "alpha",
        {**required({"matchExpressions": [expression("tenant", "In", "alpha", "beta")]}), **OWN},
    ),
    "NotIn [beta]": ("alpha", {**required({"matchExpressions": [expression("tenant", "NotIn", "beta")]}), **OWN}),
    "Exists": ("alpha", {**required({"matchExpressions": [expression("tenant", "Exists")]}), **OWN}),
    "matchFields only": ("alpha", {**required(BY_NAME), **OWN}),
    "preferred In [alpha] only": (
        "alpha",
        {
            "affinity": {
                "nodeAffinity": {
                    "preferredDuringSchedulingIgnoredDuringExecution": [{"weight": 1, "preference": TENANT_IN_ALPHA}]
                }
            },
            **OWN,
        },
    ),
    "nodeSelector alpha, affinity In [beta]": (
        "alpha",
        {
            "nodeSelector": {"tenant": "alpha"},
            **required({"matchExpressions": [expression("tenant", "In", "beta")]}),
            **OWN,
        },
    ),
    "nothing": ("alpha", OWN),
    "no tenant's namespace, affinity In [alpha]": ("web", required(TENANT_IN_ALPHA)),
}
CASES = [(kind, shape) for kind in KINDS for shape in SHAPES]


def workload(kind: str, name: str, namespace_name: str, placement: dict[str, Any]) -> dict[str, Any]:
    """The workload as kubectl lists it (and as it is created): a valid object of its kind."""
    labels = {"app": name}
    spec = {"containers": [{"name": "c", "image": "registry.invalid/app:1"}], **copy.deepcopy(placement)}
    if kind in ("Job", "CronJob"):
        spec["restartPolicy"] = "Never"
    template = {"metadata": {"labels": labels}, "spec": spec}
    meta = {"name": name, "namespace": namespace_name}
    if kind == "Pod":
        return {"apiVersion": "v1", "kind": "Pod", "metadata": {**meta, "labels": labels}, "spec": spec}
    if kind == "Job":
        return {"apiVersion": "batch/v1", "kind": "Job", "metadata": meta, "spec": {"template": template}}
    if kind == "CronJob":
        job = {"spec": {"template": template}}
        return {
            "apiVersion": "batch/v1",
            "kind": "CronJob",
            "metadata": meta,
            "spec": {"schedule": "0 * * * *", "jobTemplate": job},
        }
    body: dict[str, Any] = {"selector": {"matchLabels": labels}, "template": template}
    if kind == "StatefulSet":
        body["serviceName"] = name
    return {"apiVersion": "apps/v1", "kind": kind, "metadata": meta, "spec": body}


def controllers_pod(kind: str, obj: dict[str, Any]) -> dict[str, Any]:
    """The pod the workload's controller creates (a bare pod: itself)."""
    if kind == "Pod":
        return obj
    spec = obj["spec"]["jobTemplate"]["spec"] if kind == "CronJob" else obj["spec"]
    template = copy.deepcopy(spec["template"])
    if kind == "DaemonSet":  # the node's term in place of the template's terms; node-condition tolerations added
        node_affinity = template["spec"].setdefault("affinity", {}).setdefault("nodeAffinity", {})
        node_affinity["requiredDuringSchedulingIgnoredDuringExecution"] = pinned(NODE)["affinity"]["nodeAffinity"][
            "requiredDuringSchedulingIgnoredDuringExecution"
        ]
        template["spec"]["tolerations"] = [*template["spec"].get("tolerations", []), *DAEMONSET_TOLERATIONS]
    meta = {"generateName": obj["metadata"]["name"] + "-", "namespace": obj["metadata"]["namespace"]}
    return {"apiVersion": "v1", "kind": "Pod", "metadata": {**meta, **template["metadata"]}, "spec": template["spec"]}


@pytest.fixture(scope="module")
def policy() -> BoundPolicy:
    return bound()


@pytest.fixture(scope="module")
def server(control_planes) -> Kube:
    _, kube = control_planes("preflight")
    for name in sorted({ns for ns, _ in SHAPES.values()} | {"karpenter"}):
        kube.apply(namespace(name))
        kube.apply({"apiVersion": "v1", "kind": "ServiceAccount", "metadata": {"name": "default", "namespace": name}})
    kube.apply(
        {
            "apiVersion": "rbac.authorization.k8s.io/v1",
            "kind": "ClusterRole",
            "metadata": {"name": "e2e-pod-creators"},
            "rules": [{"apiGroups": [""], "resources": ["pods"], "verbs": ["create"]}],
        }
    )
    kube.apply(
        {
            "apiVersion": "rbac.authorization.k8s.io/v1",
            "kind": "ClusterRoleBinding",
            "metadata": {"name": "e2e-pod-creators"},
            "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole", "name": "e2e-pod-creators"},
            "subjects": [
                {"apiGroup": "rbac.authorization.k8s.io", "kind": "User", "name": user}
                for user in sorted(set(CREATOR.values()))
            ],
        }
    )
    apply_by_kind(kube, isolation_objects(isolation_files(EXAMPLE_DIST / "acme")))
    wait_enforced(kube, controllers_pod("Pod", workload("Pod", "probe", "alpha", {})))
    return kube


def denial(kube: Kube, obj: dict[str, Any], user: str | None) -> str | None:
    """The isolation policy's denial of a dry-run CREATE (None: admitted; any other error fails the test)."""
    path = kube.path(obj["apiVersion"], obj["kind"], obj["metadata"]["namespace"])
    try:
        kube.request("POST", path, obj, query={"dryRun": "All", "fieldValidation": "Strict"}, user=user)
    except ApiError as error:
        if error.status == 403 and "ValidatingAdmissionPolicy 'karpenter-tenant-isolation'" in error.message:
            return error.message
        raise
    return None


def test_the_table_has_shapes_both_admitted_and_refused(policy: BoundPolicy) -> None:
    verdicts = {
        shape: bool(
            preflight(policy, workloads({"items": [workload("Deployment", "w", ns, p)]}, "t"), "tenant")[0].refusals
        )
        for shape, (ns, p) in SHAPES.items()
    }
    assert sum(verdicts.values()) >= 5 and sum(not v for v in verdicts.values()) >= 5, verdicts


@pytest.mark.parametrize(("kind", "shape"), CASES, ids=[f"{kind}: {shape}" for kind, shape in CASES])
def test_preflight_decides_each_workload_as_the_real_api_server(
    kind: str, shape: str, server: Kube, policy: BoundPolicy
) -> None:
    """Every request of the workload the server judges (the object when the policy names its kind, the pod its
    controller creates as that controller): refused by the server iff preflight refuses the workload, and each of
    the server's denials (it names the first validation that fails) is one of preflight's messages."""
    namespace_name, placement = SHAPES[shape]
    name = f"w{CASES.index((kind, shape))}"
    obj = workload(kind, name, namespace_name, placement)
    [verdict] = preflight(
        policy, workloads({"apiVersion": "v1", "kind": "List", "items": [obj]}, "workloads.json"), "tenant"
    )
    denials = []
    if kind in ("Pod", "DaemonSet"):  # the policy's matchConstraints: pods and daemonsets
        denials.append(denial(server, obj, None if kind == "DaemonSet" else CREATOR[kind]))
    if kind != "Pod":
        denials.append(denial(server, controllers_pod(kind, obj), CREATOR[kind]))
    if kind not in ("Pod", "DaemonSet"):  # the workload object itself is not the policy's
        assert denial(server, obj, None) is None
    refused = [d for d in denials if d is not None]
    assert bool(refused) == bool(verdict.refusals), (refused, verdict.refusals)
    for message in refused:
        assert any(message.endswith(f"denied request: {m}") for m in verdict.refusals), (message, verdict.refusals)
