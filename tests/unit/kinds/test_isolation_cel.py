"""Tenant isolation: the emitted ValidatingAdmissionPolicy's CEL, evaluated with cel-python on a table
of pods, as the API server evaluates it (variables in order, then every validation)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import BASE_V1, EXAMPLE_DIST, cluster_dict, load, objects

from karpenter_tenants.kinds.isolation.construct import BINDING_POLICY_NAME, POLICY_NAME
from karpenter_tenants.kinds.isolation.preflight import BoundPolicy, load_policy
from karpenter_tenants.synthesis.render import render_cluster

POLICY = EXAMPLE_DIST / "acme/base/validatingadmissionpolicy-karpenter-tenant-isolation.yaml"
BINDING_POLICY = EXAMPLE_DIST / "acme/base/validatingadmissionpolicy-karpenter-tenant-pod-binding.yaml"


def bound(dist: Path = EXAMPLE_DIST, key: str = "acme", name: str = POLICY_NAME) -> BoundPolicy:
    """A policy of a cluster's dist/ as the API server applies it: with its bindings and their parameters."""
    found = load_policy(dist, key, name)
    assert found is not None, f"{dist}/{key} has no {name}"
    return found


def admit(
    policy: BoundPolicy,
    namespace: str,
    pod_spec: dict[str, Any],
    *,
    operation: str = "CREATE",
    username: str = "alice",
    obj: dict[str, Any] | None = None,
    old: dict[str, Any] | None = None,
) -> list[str]:
    """The messages of the validations a request fails (empty: admitted), as the API server evaluates them: the
    product's own evaluation (kinds.isolation.preflight.admit, what `preflight` reports), which tests/e2e/test_admission.py
    compares with the real API server's decisions."""
    from karpenter_tenants.kinds.isolation.preflight import admit as evaluate

    pod = {"apiVersion": "v1", "kind": "Pod", "metadata": {"namespace": namespace}, "spec": pod_spec}
    return evaluate(policy, namespace, obj if obj is not None else pod, operation=operation, username=username, old=old)


def selector(tenant: str) -> dict[str, Any]:
    return {"nodeSelector": {"tenant": tenant}}


def toleration(value: str | None = None, operator: str = "Equal", key: str | None = "tenant") -> dict[str, Any]:
    found: dict[str, Any] = {"operator": operator, "effect": "NoSchedule"}
    if key is not None:
        found["key"] = key
    if value is not None:
        found["value"] = value
    return found


def affinity(*terms: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "affinity": {
            "nodeAffinity": {
                "requiredDuringSchedulingIgnoredDuringExecution": {
                    "nodeSelectorTerms": [{"matchExpressions": expressions} for expressions in terms]
                }
            }
        }
    }


def tenant_in(*values: str) -> dict[str, Any]:
    return {"key": "tenant", "operator": "In", "values": list(values)}


OWN_NODES = (
    "tenant alpha: rule own-nodes: pods in namespace {ns} must select the tenant's nodes: nodeSelector tenant: "
    "alpha or a required node affinity tenant In [alpha] in every term"
)
WILDCARD_ALPHA = (
    "tenant alpha: rule no-wildcard-toleration: a toleration without a key and operator Exists tolerates every "
    "tenant's taint"
)
OWN_TAINT_ALPHA = "tenant alpha: rule own-taint-only: pods may tolerate the tenant taint only with value alpha"
NO_TENANT_TAINT = (
    "namespace web (no tenant): rule own-taint-only: pods may tolerate the tenant taint only with value "
    "(none: this namespace belongs to no tenant)"
)
NODE_NAME = (
    "{who}: rule no-node-name: spec.nodeName skips the scheduler, and the kubelet does not check the tenant taint; "
    "let the scheduler place the pod (nodeSelector or node affinity)"
)
NO_TENANT_WILDCARD = (
    "namespace web (no tenant): rule no-wildcard-toleration: a toleration without a key and operator Exists "
    "tolerates every tenant's taint"
)

PODS: dict[str, tuple[str, dict[str, Any], list[str]]] = {
    "own selector and toleration": ("alpha", {**selector("alpha"), "tolerations": [toleration("alpha")]}, []),
    "own selector, second namespace of the tenant": ("alpha-batch", selector("alpha"), []),
    "own selector without toleration": ("alpha", selector("alpha"), []),
    "other tenant's selector": ("alpha", selector("beta"), [OWN_NODES.format(ns="alpha")]),
    "no selector at all": ("alpha", {}, [OWN_NODES.format(ns="alpha")]),
    "selector on another label only": (
        "alpha",
        {"nodeSelector": {"workload": "batch"}},
        [OWN_NODES.format(ns="alpha")],
    ),
    "required affinity on own tenant": ("alpha", affinity([tenant_in("alpha")]), []),
    "affinity with several terms, all own tenant": (
        "alpha",
        affinity(
            [tenant_in("alpha")],
            [tenant_in("alpha"), {"key": "kubernetes.io/arch", "operator": "In", "values": ["arm64"]}],
        ),
        [],
    ),
    "affinity with one term escaping to another tenant": (
        "alpha",
        affinity([tenant_in("alpha")], [tenant_in("beta")]),
        [OWN_NODES.format(ns="alpha")],
    ),
    "affinity with a term not constraining the tenant": (
        "alpha",
        affinity([tenant_in("alpha")], [{"key": "kubernetes.io/arch", "operator": "In", "values": ["arm64"]}]),
        [OWN_NODES.format(ns="alpha")],
    ),
    "affinity In both tenants": ("alpha", affinity([tenant_in("alpha", "beta")]), [OWN_NODES.format(ns="alpha")]),
    "affinity NotIn other tenant": (
        "alpha",
        affinity([{"key": "tenant", "operator": "NotIn", "values": ["beta"]}]),
        [OWN_NODES.format(ns="alpha")],
    ),
    "toleration of another tenant's taint": (
        "alpha",
        {**selector("alpha"), "tolerations": [toleration("alpha"), toleration("beta")]},
        [OWN_TAINT_ALPHA],
    ),
    "Exists toleration on the tenant key": (
        "alpha",
        {**selector("alpha"), "tolerations": [toleration(operator="Exists")]},
        [OWN_TAINT_ALPHA],
    ),
    "key-less Exists toleration": (
        "alpha",
        {**selector("alpha"), "tolerations": [toleration(operator="Exists", key=None)]},
        [WILDCARD_ALPHA],
    ),
    "key-less Exists toleration with empty key": (
        "alpha",
        {**selector("alpha"), "tolerations": [toleration(operator="Exists", key="")]},
        [WILDCARD_ALPHA],
    ),
    "unrelated toleration": (
        "alpha",
        {**selector("alpha"), "tolerations": [{"key": "gpu", "operator": "Exists", "effect": "NoSchedule"}]},
        [],
    ),
    "everything wrong at once": (
        "alpha",
        {"tolerations": [toleration("beta"), toleration(operator="Exists", key=None)]},
        [OWN_NODES.format(ns="alpha"), WILDCARD_ALPHA, OWN_TAINT_ALPHA],
    ),
    "namespace of no tenant, plain pod": ("web", {}, []),
    "namespace of no tenant selecting a tenant label without toleration": ("web", selector("alpha"), []),
    "namespace of no tenant tolerating a tenant taint": (
        "web",
        {"tolerations": [toleration("alpha")]},
        [NO_TENANT_TAINT],
    ),
    "namespace of no tenant with a key-less Exists toleration": (
        "web",
        {"tolerations": [toleration(operator="Exists", key=None)]},
        [NO_TENANT_WILDCARD],
    ),
    "namespace of no tenant naming a tenant's node": (
        "web",
        {"nodeName": "ip-10-0-1-23.ca-central-1.compute.internal"},
        [NODE_NAME.format(who="namespace web (no tenant)")],
    ),
    "tenant naming a node, even its own": (
        "alpha",
        {**selector("alpha"), "nodeName": "ip-10-0-1-23.ca-central-1.compute.internal"},
        [NODE_NAME.format(who="tenant alpha")],
    ),
    "empty nodeName is no node": ("web", {"nodeName": ""}, []),
    "exempt agent namespace: wildcard toleration and nodeName": (
        "amazon-cloudwatch",
        {"nodeName": "ip-10-0-1-23", "tolerations": [toleration(operator="Exists", key=None)]},
        [],
    ),
    "GitOps namespace is exempt": ("flux-system", {"tolerations": [toleration("alpha")]}, []),
    "beta pod on beta nodes": ("beta", {**selector("beta"), "tolerations": [toleration("beta")]}, []),
    "beta pod tolerating alpha": (
        "beta",
        {**selector("beta"), "tolerations": [toleration("alpha")]},
        ["tenant beta: rule own-taint-only: pods may tolerate the tenant taint only with value beta"],
    ),
}


@pytest.fixture(scope="module")
def policy() -> BoundPolicy:
    return bound()


def test_the_table_has_at_least_20_pods_allowed_and_denied() -> None:
    assert len(PODS) >= 20
    assert sum(1 for *_, denied in PODS.values() if not denied) >= 8
    assert sum(1 for *_, denied in PODS.values() if denied) >= 8


@pytest.mark.parametrize("case", sorted(PODS))
def test_the_policy_admits_or_denies_the_pod_naming_tenant_and_rule(case: str, policy: BoundPolicy) -> None:
    namespace, spec, expected = PODS[case]
    assert admit(policy, namespace, spec) == expected


def test_a_pod_bound_by_the_scheduler_keeps_its_node_name_on_update(policy: BoundPolicy) -> None:
    """nodeName is denied on CREATE only: every scheduled pod has one afterwards, and updates must pass."""
    spec = {**selector("alpha"), "nodeName": "ip-10-0-1-23"}
    assert admit(policy, "alpha", spec, operation="UPDATE", old=pod_object("alpha", spec)) == []


def pod_object(namespace: str, spec: dict[str, Any], **metadata: Any) -> dict[str, Any]:
    return {"apiVersion": "v1", "kind": "Pod", "metadata": {"namespace": namespace, **metadata}, "spec": spec}


WILDCARD = {"tolerations": [{"operator": "Exists"}]}


@pytest.mark.parametrize(
    "change",
    ["a label", "an annotation", "a finalizer removed", "an owner reference", "the image"],
)
def test_an_update_that_leaves_where_the_pod_may_run_is_admitted_whatever_its_selectors(
    change: str, policy: dict[str, Any]
) -> None:
    """A pod created before its namespace was onboarded has no tenant selector, and one of a node agent a wildcard
    toleration: an UPDATE that leaves nodeSelector, affinity, tolerations and nodeName as they were is admitted
    (Job controllers remove finalizers, controllers adopt and orphan pods, people relabel them)."""
    for before in (
        {"containers": [{"name": "app", "image": "app:1"}]},
        {**WILDCARD, "containers": [{"name": "a", "image": "a:1"}]},
    ):
        old = pod_object("alpha", before, finalizers=["batch.kubernetes.io/job-tracking"])
        new = pod_object("alpha", before, labels={"team": "blue"}, finalizers=["batch.kubernetes.io/job-tracking"])
        if change == "an annotation":
            new = pod_object("alpha", before, annotations={"note": "x"}, finalizers=old["metadata"]["finalizers"])
        elif change == "a finalizer removed":
            new = pod_object("alpha", before)
        elif change == "an owner reference":
            new = pod_object(
                "alpha", before, ownerReferences=[{"apiVersion": "batch/v1", "kind": "Job", "name": "j", "uid": "1"}]
            )
        elif change == "the image":
            new = pod_object("alpha", {**before, "containers": [{"name": "app", "image": "app:2"}]})
        assert admit(policy, "alpha", new["spec"], operation="UPDATE", obj=new, old=old) == [], (change, before)


def test_an_update_that_changes_where_the_pod_may_run_is_checked_like_a_create(policy: BoundPolicy) -> None:
    """Adding a toleration (the one placement field an UPDATE may change on a running pod), or a node selector to a
    pod with scheduling gates, is checked as a new pod would be."""
    before = pod_object("alpha", {**selector("alpha")})
    after = pod_object("alpha", {**selector("alpha"), **WILDCARD})
    assert admit(policy, "alpha", after["spec"], operation="UPDATE", obj=after, old=before) == admit(
        policy, "alpha", after["spec"]
    )
    assert admit(policy, "alpha", after["spec"]) != []
    gated = pod_object("alpha", {"schedulingGates": [{"name": "example.com/wait"}]})
    selected = pod_object("alpha", {**gated["spec"], **selector("beta")})
    assert admit(policy, "alpha", selected["spec"], operation="UPDATE", obj=selected, old=gated) != []


def binding(namespace: str, node: str = "ip-10-0-1-23") -> dict[str, Any]:
    return {
        "apiVersion": "v1",
        "kind": "Binding",
        "metadata": {"name": "web-0", "namespace": namespace},
        "target": {"apiVersion": "v1", "kind": "Node", "name": node},
    }


SCHEDULER_BINDS = (
    "namespace {ns}: rule scheduler-binds: {user} may not bind pods to nodes; only the scheduler "
    "(system:kube-scheduler) and service accounts of exempt namespaces may"
)
# (namespace, user creating pods/binding, expected messages)
BINDINGS: dict[str, tuple[str, str, list[str]]] = {
    "the scheduler binds a tenant's pod": ("alpha", "system:kube-scheduler", []),
    "the scheduler binds a pod of no tenant": ("web", "system:kube-scheduler", []),
    "a service account of an exempt namespace binds": ("web", "system:serviceaccount:kube-system:my-scheduler", []),
    "a user binds a pod of no tenant": (
        "web",
        "jane@example.com",
        [SCHEDULER_BINDS.format(ns="web", user="jane@example.com")],
    ),
    "a tenant's service account binds its own pod": (
        "alpha",
        "system:serviceaccount:alpha:deployer",
        [SCHEDULER_BINDS.format(ns="alpha", user="system:serviceaccount:alpha:deployer")],
    ),
    "a look-alike of an exempt service account prefix": (
        "web",
        "system:serviceaccount:kube-systemx:evil",
        [SCHEDULER_BINDS.format(ns="web", user="system:serviceaccount:kube-systemx:evil")],
    ),
    "anyone binds in an exempt namespace": ("amazon-guardduty", "jane@example.com", []),
}


@pytest.mark.parametrize("case", sorted(BINDINGS))
def test_only_the_scheduler_binds_pods_to_nodes(case: str) -> None:
    policy = bound(name=BINDING_POLICY_NAME)
    namespace, user, expected = BINDINGS[case]
    assert admit(policy, namespace, {}, username=user, obj=binding(namespace)) == expected


def test_the_binding_policy_matches_both_ways_to_bind_a_pod_and_is_bound_to_deny() -> None:
    """pods/binding, and the legacy `bindings` resource (POST /api/v1/namespaces/NS/bindings) the API server still
    serves, which binds a pod just the same (tests/e2e/test_admission.py sends both)."""
    policy = yaml.safe_load(BINDING_POLICY.read_text())
    assert policy["spec"]["matchConstraints"]["resourceRules"] == [
        {"apiGroups": [""], "apiVersions": ["v1"], "operations": ["CREATE"], "resources": ["bindings", "pods/binding"]}
    ]
    bound = yaml.safe_load(
        BINDING_POLICY.with_name("validatingadmissionpolicybinding-karpenter-tenant-pod-binding.yaml").read_text()
    )
    assert bound["spec"] == {"policyName": "karpenter-tenant-pod-binding", "validationActions": ["Deny"]}


def test_the_policy_excludes_karpenter_and_system_namespaces_and_is_bound_to_deny(policy: BoundPolicy) -> None:
    [expression] = policy.policy["spec"]["matchConstraints"]["namespaceSelector"]["matchExpressions"]
    assert expression == {
        "key": "kubernetes.io/metadata.name",
        "operator": "NotIn",
        "values": [
            "amazon-cloudwatch",
            "amazon-guardduty",
            "flux-system",
            "gpu-operator",
            "karpenter",
            "kube-node-lease",
            "kube-public",
            "kube-system",
        ],
    }
    # One binding per tenant for its namespaces, with its parameter naming it; one for the namespaces of no tenant.
    bindings = {b["metadata"]["name"]: (b["spec"], params) for b, params in policy.bindings}
    assert sorted(bindings) == [
        "karpenter-tenant-isolation",
        "karpenter-tenant-isolation-alpha",
        "karpenter-tenant-isolation-beta",
        "karpenter-tenant-isolation-gamma",
    ]
    spec, params = bindings["karpenter-tenant-isolation-alpha"]
    assert spec["matchResources"]["namespaceSelector"]["matchExpressions"] == [
        {"key": "kubernetes.io/metadata.name", "operator": "In", "values": ["alpha", "alpha-batch"]}
    ]
    assert spec["paramRef"] == {
        "name": "karpenter-tenant-alpha",
        "namespace": "karpenter",
        "parameterNotFoundAction": "Deny",
    }
    assert (spec["validationActions"], params["data"]) == (["Deny"], {"tenant": "alpha"})
    spec, params = bindings["karpenter-tenant-isolation"]
    assert spec["matchResources"]["namespaceSelector"]["matchExpressions"][0]["operator"] == "NotIn"
    assert {"alpha", "alpha-batch", "kube-system"} <= set(
        spec["matchResources"]["namespaceSelector"]["matchExpressions"][0]["values"]
    )
    assert params["data"] == {"tenant": ""}


def test_no_policy_without_tenant_namespaces_or_before_kubernetes_130(tmp_path: Path) -> None:
    plain = objects(render_cluster(load(tmp_path / "a", cluster_dict())))
    assert not [p for p in plain if "validatingadmissionpolicy" in p]
    tenants = [{**BASE_V1["tenants"][0], "namespaces": ["alpha"]}]
    old = load(
        tmp_path / "b", cluster_dict(cluster={**BASE_V1["cluster"], "kubernetesVersion": "1.29"}, tenants=tenants)
    )
    assert not [p for p in objects(render_cluster(old)) if "validatingadmissionpolicy" in p]
    assert old.warnings[0].startswith(
        "tenant namespaces are not enforced: the isolation ValidatingAdmissionPolicy needs"
    )


def test_a_namespace_belongs_to_one_tenant(tmp_path: Path) -> None:
    from karpenter_tenants.config.loader import ConfigError

    alpha = {**BASE_V1["tenants"][0], "namespaces": ["shared", "karpenter"]}
    beta = {**BASE_V1["tenants"][0], "name": "beta", "namespaces": ["shared"]}
    with pytest.raises(ConfigError) as error:
        load(tmp_path, cluster_dict(tenants=[alpha, beta]))
    assert [(p.path, p.message) for p in error.value.problems] == [
        ("tenants[0].namespaces[1]", "tenant alpha: namespace 'karpenter' is a system, Karpenter or GitOps namespace"),
        (
            "tenants[1].namespaces[0]",
            "namespace 'shared' is listed by tenants alpha, beta; a namespace belongs to one tenant",
        ),
    ]


def test_exempt_namespaces_are_configurable_and_never_a_tenants(tmp_path: Path) -> None:
    from karpenter_tenants.config.loader import ConfigError

    alpha = {**BASE_V1["tenants"][0], "namespaces": ["alpha", "monitoring"]}
    with pytest.raises(ConfigError) as error:
        load(
            tmp_path / "a", cluster_dict(tenants=[alpha], tenancy={"exemptNamespaces": ["monitoring", "gpu-operator"]})
        )
    assert [p.message for p in error.value.problems] == [
        "tenant alpha: namespace 'monitoring' is also in tenancy.exemptNamespaces, which the isolation policy does "
        "not check; remove it from one of the two"
    ]
    alpha = {**BASE_V1["tenants"][0], "namespaces": ["alpha"]}
    data = cluster_dict(tenants=[alpha], tenancy={"exemptNamespaces": ["gpu-operator"]})
    for path, text in render_cluster(load(tmp_path / "b", data)).items():
        (tmp_path / "dist/acme" / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "dist/acme" / path).write_text(text)
    policy = bound(tmp_path / "dist")
    # Setting the list replaces the default EKS add-on namespaces; the system ones always stay.
    assert policy.policy["spec"]["matchConstraints"]["namespaceSelector"]["matchExpressions"][0]["values"] == [
        "flux-system",
        "gpu-operator",
        "karpenter",
        "kube-node-lease",
        "kube-public",
        "kube-system",
    ]
    device_plugin = {"nodeName": "ip-10-0-1-23", "tolerations": [toleration(operator="Exists", key=None)]}
    assert admit(policy, "gpu-operator", device_plugin) == []
    assert admit(policy, "amazon-cloudwatch", device_plugin) != []


def test_the_tenant_label_may_use_the_node_restriction_prefix(tmp_path: Path, shared: Path) -> None:
    """Kubelets cannot set node-restriction.kubernetes.io/ labels on themselves; Karpenter allows the domain."""
    from karpenter_tenants.checks.validate import ObjectValidator

    alpha = {**BASE_V1["tenants"][0], "namespaces": ["alpha"]}
    data = cluster_dict(tenants=[alpha], tenancy={"labelKey": "node-restriction.kubernetes.io/tenant"})
    found = objects(render_cluster(load(tmp_path, data)))
    pool = found["tenants/alpha/nodepool-alpha.yaml"]
    assert pool["spec"]["template"]["metadata"]["labels"]["node-restriction.kubernetes.io/tenant"] == "alpha"
    validator = ObjectValidator(shared, "1.33")  # Karpenter's own CEL rules accept the domain
    assert [str(f) for path, obj in found.items() for f in validator.check(obj, path)] == []


@pytest.mark.parametrize(
    ("enforcement", "actions"), [("audit", ["Audit"]), ("warn", ["Warn", "Audit"]), ("deny", ["Deny"])]
)
def test_enforcement_sets_both_bindings_validation_actions(
    enforcement: str, actions: list[str], tmp_path: Path
) -> None:
    """The rollout stages map to the bindings' validationActions as the API server reads them (Deny never with Warn:
    the API server refuses that binding)."""
    data = cluster_dict(
        tenants=[
            {"name": "alpha", "nodeRole": "node-alpha", "namespaces": ["alpha"], "ami": {"alias": "al2023@v20261101"}}
        ],
        tenancy={"enforcement": enforcement},
    )
    found = objects(render_cluster(load(tmp_path, data)))
    bindings = [o for o in found.values() if o["kind"] == "ValidatingAdmissionPolicyBinding"]
    assert len(bindings) == 3 and all(
        b["spec"]["validationActions"] == actions for b in bindings
    )  # no tenant, alpha, pods/binding


def test_a_gpu_tenant_without_its_device_plugins_namespace_exempt_is_warned(tmp_path: Path) -> None:
    gpu = {
        "name": "gamma",
        "nodeRole": "node-gamma",
        "namespaces": ["gamma"],
        "ami": {"alias": "al2023@v20261101"},
        "requirements": {"gpuManufacturers": ["nvidia"]},
    }
    warned = load(tmp_path / "a", cluster_dict(tenants=[gpu])).warnings
    assert [w for w in warned if "device plugin" in w] == [
        "tenant gamma asks for nvidia GPUs: their device plugin (DaemonSet in gpu-operator by default) tolerates every "
        "taint, so the isolation policy refuses it on gamma's nodes and no GPU is advertised; add its namespace to "
        "tenancy.exemptNamespaces"
    ]
    exempt = cluster_dict(tenants=[gpu], tenancy={"exemptNamespaces": ["gpu-operator"]})
    assert not [w for w in load(tmp_path / "b", exempt).warnings if "device plugin" in w]


# What the DaemonSet controller writes into each pod (pkg/controller/daemon/util): the node's affinity in place of
# the template's required one, and tolerations of the node conditions it must run through.
DAEMONSET_CONTROLLER = "system:serviceaccount:kube-system:daemon-set-controller"
DAEMONSET_TOLERATIONS = [
    {"key": key, "operator": "Exists", "effect": effect}
    for key, effect in (
        ("node.kubernetes.io/not-ready", "NoExecute"),
        ("node.kubernetes.io/unreachable", "NoExecute"),
        ("node.kubernetes.io/disk-pressure", "NoSchedule"),
        ("node.kubernetes.io/memory-pressure", "NoSchedule"),
        ("node.kubernetes.io/pid-pressure", "NoSchedule"),
        ("node.kubernetes.io/unschedulable", "NoSchedule"),
    )
]


def pinned(*nodes: str) -> dict[str, Any]:
    return {
        "affinity": {
            "nodeAffinity": {
                "requiredDuringSchedulingIgnoredDuringExecution": {
                    "nodeSelectorTerms": [
                        {"matchFields": [{"key": "metadata.name", "operator": "In", "values": list(nodes)}]}
                    ]
                }
            }
        }
    }


def daemonset(namespace: str, spec: dict[str, Any]) -> dict[str, Any]:
    return {
        "apiVersion": "apps/v1",
        "kind": "DaemonSet",
        "metadata": {"name": "agent", "namespace": namespace},
        "spec": {
            "selector": {"matchLabels": {"app": "agent"}},
            "template": {"metadata": {"labels": {"app": "agent"}}, "spec": spec},
        },
    }


def test_a_daemonsets_template_is_checked_like_a_pod_and_selects_by_node_selector(policy: BoundPolicy) -> None:
    own = {**selector("alpha"), "tolerations": [toleration("alpha")]}
    assert admit(policy, "alpha", {}, obj=daemonset("alpha", own)) == []
    [refused] = admit(policy, "alpha", {}, obj=daemonset("alpha", {"tolerations": [toleration("alpha")]}))
    assert "rule own-nodes" in refused
    assert admit(
        policy, "alpha", {}, obj=daemonset("alpha", {**own, "tolerations": [toleration(operator="Exists", key=None)]})
    )
    # a required node affinity on the tenant key, which a Deployment may use: its controller's pods would not keep it
    by_affinity = {
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
    }
    assert admit(policy, "alpha", by_affinity) == []  # a pod
    [refused] = admit(policy, "alpha", {}, obj=daemonset("alpha", by_affinity))
    assert "rule own-nodes" in refused and "by nodeSelector, which its controller keeps in every pod" in refused


def test_the_daemonset_controllers_pinned_pods_are_admitted_by_the_node_selector_they_keep(policy: BoundPolicy) -> None:
    """The controller replaces the template's required node affinity with the one node a pod is for and keeps its
    nodeSelector: a pinned pod is admitted by that selector, never by being pinned. A DaemonSet from before its
    namespace was onboarded (its template never checked) makes pinned pods for every node it selects, another
    tenant's untainted ones included: refused under deny, whoever creates them."""
    tolerations = {"tolerations": [toleration("alpha"), *DAEMONSET_TOLERATIONS]}
    assert (
        admit(
            policy,
            "alpha",
            {**selector("alpha"), **pinned("ip-10-0-1-23"), **tolerations},
            username=DAEMONSET_CONTROLLER,
        )
        == []
    )
    for user in (DAEMONSET_CONTROLLER, "alice"):
        [refused] = admit(policy, "alpha", {**pinned("ip-10-0-1-23"), **tolerations}, username=user)
        assert "rule own-nodes" in refused and "its controller keeps in every pod" in refused
    # pinned, selecting its nodes, but tolerating another tenant's taint: refused (the node may be that tenant's)
    other = {**selector("alpha"), **pinned("ip-10-0-1-23"), "tolerations": [toleration(value="beta")]}
    assert any("rule own-taint-only" in m for m in admit(policy, "alpha", other, username=DAEMONSET_CONTROLLER))


GATED = {"schedulingGates": [{"name": "example.com/wait"}]}


@pytest.mark.parametrize(
    ("namespace", "spec", "admitted"),
    [
        ("alpha", WILDCARD, False),  # created during audit (or before onboarding) with a wildcard toleration
        ("alpha", {**selector("beta"), "tolerations": [toleration("beta")]}, False),  # another tenant's nodes
        ("alpha", {}, False),  # no tenant selector at all
        ("web", {"tolerations": [toleration("alpha")]}, False),  # a namespace of no tenant tolerating a tenant
        ("alpha", {**selector("alpha"), "tolerations": [toleration("alpha")]}, True),  # its own nodes
        ("web", {}, True),
    ],
    ids=["wildcard", "other tenant", "no selector", "no tenant tolerating alpha", "own nodes", "plain pod"],
)
def test_removing_a_scheduling_gate_is_checked_as_a_new_pod_would_be(
    policy: BoundPolicy, namespace: str, spec: dict[str, Any], admitted: bool
) -> None:
    """A gated pod is not placed yet: the UPDATE that removes its gate (and nothing else) lets the scheduler place it,
    so it is decided as the pod's CREATE would be; a pod created gated while the policy only audited (or before its
    namespace was onboarded) cannot reach another tenant's nodes by being ungated under deny."""
    gated = pod_object(namespace, {**spec, **GATED, "containers": [{"name": "app", "image": "app:1"}]})
    ungated = pod_object(namespace, {**spec, "containers": [{"name": "app", "image": "app:1"}]})
    decided = admit(policy, namespace, ungated["spec"], operation="UPDATE", obj=ungated, old=gated)
    assert decided == admit(policy, namespace, ungated["spec"])
    assert (decided == []) == admitted, decided
    # One gate of two removed: still not placed, still checked.
    two = pod_object(namespace, {**spec, "schedulingGates": [{"name": "a"}, {"name": "b"}]})
    one = pod_object(namespace, {**spec, "schedulingGates": [{"name": "b"}]})
    assert (admit(policy, namespace, one["spec"], operation="UPDATE", obj=one, old=two) == []) == admitted


def mirror_pod(namespace: str, node: str, spec: dict[str, Any] | None = None) -> dict[str, Any]:
    return pod_object(
        namespace,
        {"nodeName": node, **(spec or {})},
        annotations={"kubernetes.io/config.mirror": "0123456789abcdef", "kubernetes.io/config.source": "file"},
    )


@pytest.mark.parametrize("namespace", ["alpha", "web", "kube-system"])
def test_a_kubelets_mirror_pod_of_its_own_node_is_admitted_and_no_one_elses(
    policy: BoundPolicy, namespace: str
) -> None:
    """The mirror pod of a static pod (spec.nodeName, the kubernetes.io/config.mirror annotation) is created by the
    kubelet of the node it names, system:node:<node>: admitted in tenant and plain namespaces alike, with whatever
    tolerations the manifest on the node has. The same pod from anyone else, or naming another node, is refused."""
    node = "ip-10-0-1-23.ca-central-1.compute.internal"
    mirror = mirror_pod(namespace, node, {"tolerations": [toleration(operator="Exists", key=None)]})
    assert admit(policy, namespace, mirror["spec"], obj=mirror, username=f"system:node:{node}") == []
    if namespace == "kube-system":
        return  # exempt: nothing is checked there
    assert any("rule no-node-name" in m for m in admit(policy, namespace, mirror["spec"], obj=mirror, username="alice"))
    other_node = "system:node:ip-10-0-9-9.ca-central-1.compute.internal"
    assert any(
        "rule no-node-name" in m for m in admit(policy, namespace, mirror["spec"], obj=mirror, username=other_node)
    )
    plain = pod_object(namespace, mirror["spec"])  # no annotation: a kubelet creating a pod is not a mirror
    assert any(
        "rule no-node-name" in m
        for m in admit(policy, namespace, plain["spec"], obj=plain, username=f"system:node:{node}")
    )


def moving_cluster(tmp_path: Path, tenants: list[str], groups: dict[str, str]) -> BoundPolicy:
    """A cluster mid-way through the move from cluster-autoscaler: `tenants` onboarded (with a namespace each), the
    node groups {group: customer} still listed; its dist/ written and the pod policy bound as the API server would."""
    data = cluster_dict(
        tenants=[
            {"name": name, "nodeRole": f"node-{name}", "namespaces": [name], "ami": {"alias": "al2023@v20261101"}}
            for name in tenants
        ],
        clusterAutoscaler={
            "running": True,
            "nodeGroups": [{"name": group, "tenant": customer, "ignored": True} for group, customer in groups.items()],
        },
    )
    for path, text in render_cluster(load(tmp_path / "config", data)).items():
        (tmp_path / "dist/acme" / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "dist/acme" / path).write_text(text)
    return bound(tmp_path / "dist")


def on_group(customer: str) -> dict[str, Any]:
    """A pod of a customer still on its node group: it selects the group's nodes and tolerates their taint."""
    return {**selector(customer), "tolerations": [toleration(customer)]}


def test_customers_still_on_their_node_groups_keep_running_when_the_first_tenant_is_onboarded(tmp_path: Path) -> None:
    """The first tenant brings the binding for namespaces of no tenant; the customers still on node groups are
    namespaces of no tenant whose pods tolerate their own group's taint: each such pod is admitted (under deny), and
    none of them may tolerate the onboarded tenant's taint, nor a wildcard."""
    policy = moving_cluster(
        tmp_path, ["alpha"], {"alpha-workers": "alpha", "beta-workers": "beta", "gamma-gpu": "gamma"}
    )
    for customer in ("beta", "gamma"):
        assert admit(policy, f"{customer}-app", on_group(customer)) == []
        # a customer still on node groups cannot reach the onboarded tenant's nodes
        [refused] = admit(policy, f"{customer}-app", on_group("alpha"))
        assert "rule own-taint-only" in refused and "beta, gamma" in refused, refused
        assert any(
            "no-wildcard-toleration" in m
            for m in admit(policy, f"{customer}-app", {"tolerations": [{"operator": "Exists"}]})
        )
        assert admit(policy, f"{customer}-app", {"tolerations": [toleration(operator="Exists")]}) != []
    # and the onboarded tenant's pods cannot reach a customer's group
    assert any(
        "rule own-taint-only" in m
        for m in admit(policy, "alpha", {**selector("alpha"), "tolerations": [toleration("beta")]})
    )
    assert any("rule own-nodes" in m for m in admit(policy, "alpha", on_group("beta")))


def test_a_customer_onboarded_leaves_the_node_group_customers_and_no_one_else_tolerates_its_taint(
    tmp_path: Path,
) -> None:
    before = moving_cluster(tmp_path / "1", ["alpha"], {"beta-workers": "beta", "gamma-gpu": "gamma"})
    after = moving_cluster(tmp_path / "2", ["alpha", "beta"], {"beta-workers": "beta", "gamma-gpu": "gamma"})
    assert admit(before, "web", on_group("beta")) == []
    assert admit(after, "web", on_group("beta")) != []  # beta's nodes are a tenant's now: its namespaces only
    assert admit(after, "beta", on_group("beta")) == []
    assert admit(after, "web", on_group("gamma")) == []
    # Without the move, a namespace of no tenant tolerates no tenant taint at all (as before).
    plain = moving_cluster(tmp_path / "3", ["alpha"], {})
    [refused] = admit(plain, "web", on_group("beta"))
    assert refused.endswith("only with value (none: this namespace belongs to no tenant)")
