"""Tenant isolation enforced by the real API server: the policies and bindings of dist/acme/base applied,
the pod and pods/binding tables of tests/unit/charts/test_isolation_cel.py sent as real requests, and the server's decision
compared with the cel-python evaluation that test uses (imported, so both always run the same tables)."""

from __future__ import annotations

import copy
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import EXAMPLE_DIST, EXAMPLES_DIR, ROOT, cluster_dict, write_cluster
from test_isolation_cel import (
    BINDINGS,
    DAEMONSET_CONTROLLER,
    DAEMONSET_TOLERATIONS,
    PODS,
    admit,
    binding,
    bound,
    daemonset,
    pinned,
    selector,
    toleration,
)

from e2e.build import Phases
from e2e.isolation import apply_by_kind, isolation_files, isolation_objects, wait_enforced
from e2e.kube import ApiError, Kube, wait_for
from e2e.manifests import namespace
from karpenter_tenants.kinds.isolation.construct import BINDING_POLICY_NAME
from karpenter_tenants.kinds.isolation.preflight import BoundPolicy

NODE = "ip-10-0-1-23"  # no Node object is needed: admission runs before anything looks the node up
KUBELET = f"system:node:{NODE}"  # impersonated; no NodeRestriction plugin here, so RBAC lets it create pods
OTHER_KUBELET = "system:node:ip-10-0-9-9"
GATED_EARLY = {"schedulingGates": [{"name": "example.com/wait"}], "tolerations": [{"operator": "Exists"}]}


def pod(name: str, namespace_name: str, spec: dict[str, Any]) -> dict[str, Any]:
    return {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": {"name": name, "namespace": namespace_name},
        "spec": {"containers": [{"name": "app", "image": "registry.invalid/app:1"}], **spec},
    }


def denial(call: Any, policy: BoundPolicy) -> str | None:
    """None when the request passes, else the server's denial by that policy (other errors propagate)."""
    try:
        call()
    except ApiError as error:
        if error.status == 403 and f"ValidatingAdmissionPolicy '{policy.policy['metadata']['name']}'" in error.message:
            return error.message
        raise
    return None


def compare(predicted: list[str], denied: str | None) -> None:
    """Same decision; the server names the first validation that fails (it stops there), cel-python lists
    every failing one in the policy's order."""
    if not predicted:
        assert denied is None, f"cel-python admits, the server denies: {denied}"
        return
    assert denied is not None, f"cel-python denies ({predicted}), the server admits"
    assert denied.endswith(f"denied request: {predicted[0]}"), f"cel-python's first denial {predicted[0]!r}: {denied}"


@pytest.fixture(scope="module")
def policies() -> tuple[BoundPolicy, BoundPolicy]:
    return bound(), bound(name=BINDING_POLICY_NAME)


@pytest.fixture(scope="module")
def server(control_planes, policies) -> Kube:
    _, kube = control_planes("isolation")
    namespaces = {ns for ns, _, _ in PODS.values()} | {ns for ns, _, _ in BINDINGS.values()}
    for name in sorted(namespaces):
        kube.apply(namespace(name))
        # No controller-manager runs here: create the service account the ServiceAccount admission
        # plugin looks up, as the service-account controller would.
        kube.apply({"apiVersion": "v1", "kind": "ServiceAccount", "metadata": {"name": "default", "namespace": name}})
    # RBAC lets every user of the binding table bind pods, so that only the policy decides.
    kube.apply(
        {
            "apiVersion": "rbac.authorization.k8s.io/v1",
            "kind": "ClusterRole",
            "metadata": {"name": "e2e-binder"},
            "rules": [
                {
                    "apiGroups": [""],
                    "resources": ["pods/binding", "bindings", "pods"],
                    "verbs": ["create", "update", "get"],
                },
                {"apiGroups": ["apps"], "resources": ["daemonsets"], "verbs": ["create"]},
            ],
        }
    )
    kube.apply(
        {
            "apiVersion": "rbac.authorization.k8s.io/v1",
            "kind": "ClusterRoleBinding",
            "metadata": {"name": "e2e-binder"},
            "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole", "name": "e2e-binder"},
            "subjects": [
                {"apiGroup": "rbac.authorization.k8s.io", "kind": "User", "name": user}
                for user in sorted(
                    {*(user for _, user, _ in BINDINGS.values()), DAEMONSET_CONTROLLER, KUBELET, OTHER_KUBELET, "alice"}
                )
            ],
        }
    )
    # A pod from before its namespace was onboarded: no tenant selector, created before the policies exist.
    kube.create(pod("onboarded-late", "alpha", {}))
    # Created gated before the policies deny (during audit, or before onboarding), tolerating every taint.
    kube.create(pod("gated-early", "alpha", GATED_EARLY))
    kube.apply(namespace("karpenter"))  # the parameters' namespace
    apply_by_kind(kube, isolation_objects(isolation_files(EXAMPLE_DIST / "acme")))
    # Enforced once the admission plugin's informers have the policies: probe with a denied pod.
    denied_case = next(case for case, (_, _, expected) in sorted(PODS.items()) if expected)
    ns, spec, _ = PODS[denied_case]
    wait_enforced(kube, pod("probe", ns, spec))
    return kube


def test_the_tables_have_allowed_and_denied_requests() -> None:
    assert sum(1 for *_, denied in PODS.values() if denied) >= 8
    assert sum(1 for *_, denied in PODS.values() if not denied) >= 8
    assert any(d for *_, d in BINDINGS.values()) and any(not d for *_, d in BINDINGS.values())


@pytest.mark.parametrize("case", sorted(PODS))
def test_the_real_server_admits_or_denies_the_pod_as_the_cel_evaluation_does(case: str, server: Kube, policies) -> None:
    namespace_name, spec, _ = PODS[case]
    name = f"pod-{sorted(PODS).index(case)}"
    denied = denial(lambda: server.create(pod(name, namespace_name, spec)), policies[0])
    compare(admit(policies[0], namespace_name, spec), denied)
    if denied is None:
        assert server.get("v1", "Pod", name, namespace_name) is not None


def bind(kube: Kube, namespace_name: str, pod_name: str, user: str, legacy: bool = False) -> None:
    """Bind a pod to NODE through pods/binding, or (legacy) the `bindings` resource: POST .../namespaces/NS/bindings."""
    body = {**binding(namespace_name, NODE), "metadata": {"name": pod_name, "namespace": namespace_name}}
    path = f"/api/v1/namespaces/{namespace_name}/" + ("bindings" if legacy else f"pods/{pod_name}/binding")
    kube.request("POST", path, body, user=user)


@pytest.mark.parametrize("legacy", [False, True], ids=["pods/binding", "bindings"])
@pytest.mark.parametrize("case", sorted(BINDINGS))
def test_the_real_server_lets_only_whom_the_cel_evaluation_lets_bind(
    case: str, legacy: bool, server: Kube, policies
) -> None:
    namespace_name, user, _ = BINDINGS[case]
    name = f"bind-{sorted(BINDINGS).index(case)}{'-legacy' if legacy else ''}"
    server.create(pod(name, namespace_name, selector("alpha") if namespace_name == "alpha" else {}))
    denied = denial(lambda: bind(server, namespace_name, name, user, legacy), policies[1])
    compare(admit(policies[1], namespace_name, {}, username=user, obj=binding(namespace_name)), denied)
    node = (server.get("v1", "Pod", name, namespace_name) or {})["spec"].get("nodeName")
    assert node == (None if denied else NODE)


def test_a_pod_the_scheduler_bound_can_be_updated(server: Kube, policies) -> None:
    """nodeName is denied on CREATE only: an update of a bound pod passes, as cel-python says."""
    spec = selector("alpha")
    server.create(pod("bound", "alpha", spec))
    bind(server, "alpha", "bound", "system:kube-scheduler")
    bound = server.get("v1", "Pod", "bound", "alpha")
    assert bound["spec"]["nodeName"] == NODE
    old = copy.deepcopy(bound)
    bound["metadata"].setdefault("labels", {})["updated"] = "yes"
    denied = denial(lambda: server.request("PUT", server.object_path(bound), bound), policies[0])
    compare(admit(policies[0], "alpha", bound["spec"], operation="UPDATE", obj=bound, old=old), denied)


def test_a_pod_from_before_onboarding_can_be_relabelled_and_its_finalizers_removed_but_not_retolerated(
    server: Kube, policies
) -> None:
    """An UPDATE that leaves where the pod may run is admitted whatever its selectors; one that adds a toleration
    is checked like a new pod (the real server and cel-python agree)."""
    for change in ("label", "finalizer", "toleration"):
        current = server.get("v1", "Pod", "onboarded-late", "alpha")
        old = copy.deepcopy(current)
        if change == "label":
            current["metadata"].setdefault("labels", {})["onboarded"] = "yes"
        elif change == "finalizer":
            current["metadata"]["finalizers"] = ["example.com/keep"]
        else:
            current["spec"]["tolerations"] = [*(current["spec"].get("tolerations") or []), {"operator": "Exists"}]
        denied = denial(
            lambda current=current: server.request("PUT", server.object_path(current), current), policies[0]
        )
        expected = admit(policies[0], "alpha", current["spec"], operation="UPDATE", obj=current, old=old)
        compare(expected, denied)
        assert (expected != []) == (change == "toleration"), (change, expected)


def test_a_pod_gated_before_deny_and_ungated_after_is_refused_as_a_new_pod_would_be(server: Kube, policies) -> None:
    """Removing a scheduling gate lets the scheduler place the pod: the real server and cel-python both decide that
    UPDATE as the pod's CREATE, so a wildcard toleration from before deny does not carry the pod onto a tenant's
    nodes; the pod stays gated."""
    current = server.get("v1", "Pod", "gated-early", "alpha")
    old = copy.deepcopy(current)
    del current["spec"]["schedulingGates"]
    denied = denial(lambda: server.request("PUT", server.object_path(current), current), policies[0])
    expected = admit(policies[0], "alpha", current["spec"], operation="UPDATE", obj=current, old=old)
    compare(expected, denied)
    assert expected and denied, "ungating a wildcard-tolerating pod in a tenant's namespace must be refused"
    assert server.get("v1", "Pod", "gated-early", "alpha")["spec"]["schedulingGates"]


@pytest.mark.parametrize("namespace_name", ["alpha", "web"])
@pytest.mark.parametrize("user", [KUBELET, "alice", OTHER_KUBELET], ids=["its kubelet", "a user", "another node"])
def test_a_mirror_pod_is_admitted_from_the_kubelet_of_its_node_only(
    server: Kube, policies, namespace_name: str, user: str
) -> None:
    """A static pod's mirror (spec.nodeName, the kubernetes.io/config.mirror annotation) created by the kubelet of
    the node it names is admitted in tenant and plain namespaces; from anyone else it is refused by no-node-name."""
    name = f"mirror-{namespace_name}-{user.replace(':', '-').replace('.', '-')}"
    obj = pod(name, namespace_name, {"nodeName": NODE, "tolerations": [{"operator": "Exists"}]})
    obj["metadata"]["annotations"] = {
        "kubernetes.io/config.mirror": "0123456789abcdef",
        "kubernetes.io/config.source": "file",
    }
    path = f"/api/v1/namespaces/{namespace_name}/pods"
    denied = denial(lambda: server.request("POST", path, obj, user=user), policies[0])
    expected = admit(policies[0], namespace_name, obj["spec"], obj=obj, username=user)
    compare(expected, denied)
    assert (denied is None) == (user == KUBELET), denied


SCALE = 5000


@pytest.fixture(scope="module", autouse=True)
def scale_synth(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[subprocess.Popen[str], Path]]:
    """synth of 5,000 tenants of two namespaces each, started as `make synth` runs it (python -O, its own processes)
    when the module starts, so that it runs beside the module's other tests; the scale test waits for it."""
    folder = tmp_path_factory.mktemp("scale")
    tenants = [
        {
            "name": f"t{i:04d}",
            "nodeRole": f"node-{i:04d}",
            "namespaces": [f"t{i:04d}", f"t{i:04d}-jobs"],
            "ami": {"alias": "al2023@v20261101"},
        }
        for i in range(SCALE)
    ]
    tenancy = yaml.safe_load((EXAMPLES_DIR / "acme.yaml").read_text())["tenancy"]  # the example's, compared below
    write_cluster(folder / "clusters", cluster_dict(tenants=tenants, tenancy=tenancy))
    synth = subprocess.Popen(
        [
            sys.executable,
            "-O",
            str(ROOT / "main.py"),
            "--clusters",
            str(folder / "clusters"),
            "synth",
            "--out",
            str(folder / "dist"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        cwd=ROOT,
    )
    try:
        yield synth, folder / "dist"
    finally:
        if synth.poll() is None:
            synth.kill()
        synth.communicate()


def test_the_policy_for_5000_tenants_loads_and_decides_as_for_one(control_planes, scale_synth, phases: Phases) -> None:
    """5,000 tenants of two namespaces each: the policy is the same size as for one tenant (each tenant's namespaces
    are its own binding, with its name as the binding's parameter), the real API server takes every object, and a
    pod of the last tenant is admitted or denied as the example's are."""
    synth, dist = scale_synth
    _, kube = control_planes("scale")
    with phases("scale: waiting for the synth of 5,000 tenants"):
        output, _ = synth.communicate(timeout=600)
    assert synth.returncode == 0, output
    objects = isolation_objects(isolation_files(dist / "acme"))
    [policy] = [
        o
        for o in objects
        if o["kind"] == "ValidatingAdmissionPolicy" and o["metadata"]["name"] == "karpenter-tenant-isolation"
    ]
    one = [
        o
        for o in isolation_objects(isolation_files(EXAMPLE_DIST / "acme"))
        if o["metadata"]["name"] == "karpenter-tenant-isolation" and o["kind"] == "ValidatingAdmissionPolicy"
    ][0]
    assert len(yaml.safe_dump(policy["spec"])) == len(yaml.safe_dump(one["spec"]))  # independent of the tenants
    kube.apply(namespace("karpenter"))
    with phases(f"scale: {len(objects)} isolation objects applied"):
        apply_by_kind(kube, objects)
    assert (
        len([o for o in kube.list("v1", "ConfigMap", "karpenter") if o["metadata"]["name"].startswith("karpenter-")])
        == SCALE + 1
    )
    for name in ("t4999-jobs", "outsider"):
        kube.apply(namespace(name))
        kube.apply({"apiVersion": "v1", "kind": "ServiceAccount", "metadata": {"name": "default", "namespace": name}})
    with phases("scale: the policy read for cel-python (kinds.isolation.preflight.load_policy)"):
        scale = bound(dist)
    tolerate = {"tolerations": [{"key": "tenant", "operator": "Equal", "value": "t4999", "effect": "NoSchedule"}]}
    cases = [
        ("t4999-jobs", {}, True),
        ("t4999-jobs", {**selector("t4999"), **tolerate}, False),
        ("t4999-jobs", selector("t0000"), True),
        ("outsider", tolerate, True),
        ("outsider", {}, False),
    ]
    for index, (namespace_name, spec, refused) in enumerate(cases):
        expected = admit(scale, namespace_name, spec)
        assert bool(expected) == refused, (namespace_name, spec, expected)
        decided = wait_for(
            lambda n=namespace_name, s=spec, i=index: _decision(kube, pod(f"p{i}", n, s), scale),
            30,
            "the 5,000 bindings to be enforced",
        )
        compare(expected, decided[1])


def _decision(kube: Kube, obj: dict[str, Any], policy: BoundPolicy) -> tuple[bool, str | None] | None:
    """(created, denial) once the admission plugin has the bindings: a dry run, then (None) to retry while a denial
    that should come does not (informers still filling)."""
    try:
        kube.create(obj, dry_run=True)
    except ApiError as error:
        if error.status == 403:
            return (False, error.message)
        raise
    expected = admit(policy, obj["metadata"]["namespace"], obj["spec"])
    return None if expected else (True, None)


@pytest.mark.parametrize(
    ("case", "obj", "user"),
    [
        (
            "a DaemonSet selecting its tenant's nodes",
            daemonset("alpha", {**selector("alpha"), "tolerations": [toleration("alpha")]}),
            "jane@example.com",
        ),
        (
            "a DaemonSet selecting no tenant's nodes",
            daemonset("alpha", {"tolerations": [toleration("alpha")]}),
            "jane@example.com",
        ),
        (
            "a DaemonSet selecting its tenant's nodes by node affinity",
            daemonset(
                "alpha",
                {
                    "affinity": {
                        "nodeAffinity": {
                            "requiredDuringSchedulingIgnoredDuringExecution": {
                                "nodeSelectorTerms": [
                                    {"matchExpressions": [{"key": "tenant", "operator": "In", "values": ["alpha"]}]}
                                ]
                            }
                        }
                    },
                    "tolerations": [toleration("alpha")],
                },
            ),
            "jane@example.com",
        ),
        ("a DaemonSet pod pinned to its node by the controller", "pinned", DAEMONSET_CONTROLLER),
        ("the same pod created by anyone else", "pinned", "jane@example.com"),
        ("a pinned pod of a DaemonSet from before onboarding (no selector)", "pinned bare", DAEMONSET_CONTROLLER),
    ],
)
def test_daemonsets_and_their_controllers_pods_are_decided_as_the_cel_evaluation_does(
    case: str, obj: Any, user: str, server: Kube, policies
) -> None:
    """The DaemonSet's template is checked like a pod, its selection by nodeSelector; a pod the DaemonSet controller
    pins to one node (matchFields metadata.name, what it writes in place of the template's affinity) is admitted by
    the nodeSelector it keeps, not by being pinned."""
    if obj in ("pinned", "pinned bare"):
        spec = {
            "containers": [{"name": "app", "image": "registry.invalid/app:1"}],
            **pinned("ip-10-0-1-23"),
            **({} if obj == "pinned bare" else selector("alpha")),
            "tolerations": [toleration("alpha"), *DAEMONSET_TOLERATIONS],
        }
        obj = {
            "apiVersion": "v1",
            "kind": "Pod",
            "metadata": {"name": f"ds-{len(user)}-{len(case)}", "namespace": "alpha"},
            "spec": spec,
        }
    else:
        obj["metadata"]["name"] = f"agent-{abs(hash(case)) % 10000}"
        obj["spec"]["template"]["spec"]["containers"] = [{"name": "app", "image": "registry.invalid/app:1"}]
    path = server.path(obj["apiVersion"], obj["kind"], "alpha")
    denied = denial(lambda: server.request("POST", path, obj, user=user), policies[0])
    compare(admit(policies[0], "alpha", obj.get("spec", {}), obj=obj, username=user), denied)


MIXED_TENANTS = ("alpha", "beta", "gamma")


@pytest.fixture(scope="module")
def mixed(control_planes, tmp_path_factory: pytest.TempPathFactory) -> tuple[Kube, Path]:
    """A cluster of mixed enforcements on its own API server: the cluster at audit, alpha audit, beta deny, gamma
    warn; the namespaces of the three and one of no tenant."""
    folder = tmp_path_factory.mktemp("mixed")
    tenants = [
        {
            "name": t,
            "namespaces": [t],
            "ami": {"alias": "al2023@v20261101"},
            "enforcement": {"alpha": "audit", "beta": "deny", "gamma": "warn"}[t],
        }
        for t in MIXED_TENANTS
    ]
    write_cluster(folder / "clusters", cluster_dict(tenants=tenants, tenancy={"enforcement": "audit"}))
    synth = subprocess.run(
        [
            sys.executable,
            str(ROOT / "main.py"),
            "--clusters",
            str(folder / "clusters"),
            "synth",
            "--out",
            str(folder / "dist"),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert synth.returncode == 0, synth.stdout + synth.stderr
    _, kube = control_planes("mixed")
    for name in (*MIXED_TENANTS, "web", "karpenter"):
        kube.apply(namespace(name))
        kube.apply({"apiVersion": "v1", "kind": "ServiceAccount", "metadata": {"name": "default", "namespace": name}})
    apply_by_kind(kube, isolation_objects(isolation_files(folder / "dist/acme")))
    wait_enforced(kube, pod("probe", "web", {"tolerations": [toleration("beta")]}))
    return kube, folder / "dist"


REACHING_BETA = {
    "beta's selector and toleration": {**selector("beta"), "tolerations": [toleration("beta")]},
    "an Exists toleration of the tenant key": {**selector("beta"), "tolerations": [toleration(operator="Exists")]},
    "a wildcard toleration": {"tolerations": [toleration(operator="Exists", key=None)]},
    "spec.nodeName": {"nodeName": NODE},
}


# a DaemonSet's template with spec.nodeName is refused on its pods by the same rule (the Pod case)
REACHING_CASES = [
    (kind, case)
    for kind in ("Pod", "DaemonSet")
    for case in sorted(REACHING_BETA)
    if kind == "Pod" or "nodeName" not in REACHING_BETA[case]
]


@pytest.mark.parametrize("namespace_name", ["alpha", "gamma", "web"])
@pytest.mark.parametrize(("kind", "case"), REACHING_CASES)
def test_the_real_server_keeps_pods_of_namespaces_at_audit_or_warn_off_the_nodes_of_a_tenant_at_deny(
    mixed, case: str, namespace_name: str, kind: str
) -> None:
    """The hole of per-tenant enforcement: beta at deny was reachable from alpha's namespace (audit), gamma's (warn)
    and the namespaces of no tenant (the cluster's audit). The real server refuses every such request, as the
    protection binding says, and the cel-python evaluation of the deny bindings agrees."""
    kube, dist = mixed
    spec = REACHING_BETA[case]
    name = f"reach-{sorted(REACHING_BETA).index(case)}"
    obj = pod(name, namespace_name, spec) if kind == "Pod" else daemonset(namespace_name, spec)
    if kind == "DaemonSet":
        obj["metadata"]["name"] = name
        obj["spec"]["template"]["spec"]["containers"] = [{"name": "app", "image": "registry.invalid/app:1"}]
    policy = bound(dist)
    deny_only = BoundPolicy(
        policy.policy, tuple((b, p) for b, p in policy.bindings if b["spec"]["validationActions"] == ["Deny"])
    )
    predicted = admit(deny_only, namespace_name, spec, obj=obj)
    assert predicted, f"cel-python admits {case} from {namespace_name} onto beta's nodes"
    path = kube.path(obj["apiVersion"], obj["kind"], namespace_name)
    denied = denial(lambda: kube.request("POST", path, obj), policy)
    assert denied is not None and any(denied.endswith(f"denied request: {message}") for message in predicted), denied


@pytest.mark.parametrize("namespace_name", ["alpha", "gamma", "web"])
def test_the_real_server_still_admits_what_does_not_reach_the_tenant_at_deny(mixed, namespace_name: str) -> None:
    """What the weaker namespaces' own enforcement only audits or warns of (another weak tenant's taint, no selector)
    is admitted; their own tenant's pods too."""
    kube, dist = mixed
    own = namespace_name if namespace_name != "web" else "alpha"
    spec = {**({} if namespace_name == "web" else selector(own)), "tolerations": [toleration(own)]}
    obj = pod(f"fine-{namespace_name}", namespace_name, spec)
    kube.request("POST", kube.path("v1", "Pod", namespace_name), obj)
    assert kube.get("v1", "Pod", f"fine-{namespace_name}", namespace_name) is not None
