"""kinds.isolation.construct alone in a Testing app: the cluster-wide part (isolation_policy: the pod policy, the binding for
the namespaces of no tenant and its parameter, the pods/binding policy) and each tenant's share (tenant_isolation:
its binding and parameter), each in the chart synth gives it (base/, tenants/<tenant>/), with the props synth gives
them. The policies are bound as the API server binds them and evaluated on requests (kinds.isolation.preflight.admit, which
tests/e2e/test_admission.py compares with the real API server); the objects are checked against Kubernetes' schemas
(../shared)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import BASE_V1, cluster_dict
from support.chart_testing import findings, props, wide_props

from karpenter_tenants.config.resolved import resolve
from karpenter_tenants.kinds.isolation.construct import (
    BINDING_POLICY_NAME,
    POLICY_NAME,
    isolation_policy,
    tenant_isolation,
)
from karpenter_tenants.kinds.isolation.preflight import BoundPolicy, admit

AMI = {"alias": "al2023@v20261101"}
TENANTS = {"alpha": ["alpha", "alpha-batch"], "beta": ["beta"]}
# The customers still on cluster-autoscaler node groups: alpha's group (alpha is onboarded) and gamma's (it is not).
NODE_GROUPS = {"alpha-workers": "alpha", "gamma-gpu": "gamma"}


def cluster(
    tenants: dict[str, list[str]] = TENANTS, node_groups: dict[str, str] = NODE_GROUPS, **sections: Any
) -> dict[str, Any]:
    return cluster_dict(
        tenants=[
            {"name": name, "nodeRole": f"node-{name}", "namespaces": namespaces, "ami": AMI}
            for name, namespaces in tenants.items()
        ],
        **(
            {
                "clusterAutoscaler": {
                    "running": True,
                    "nodeGroups": [
                        {"name": group, "tenant": customer, "ignored": True} for group, customer in node_groups.items()
                    ],
                }
            }
            if node_groups
            else {}
        ),
        **sections,
    )


def synth_isolation(tmp_path: Path, data: dict[str, Any]) -> tuple[dict[str, list[object]], list[dict[str, Any]]]:
    """What kinds.isolation.construct makes for a cluster: by chart ("base" and each tenant's name) the objects each function
    returned, and every object as the charts synthesize them."""
    from cdk8s import Chart, Testing

    app = Testing.app()
    made = {"base": isolation_policy(Chart(app, "base"), wide_props(tmp_path / "wide", data))}
    for tenant in data["tenants"]:
        settings, resolved = props(tmp_path / tenant["name"], data, tenant["name"])
        assert resolved is not None
        made[tenant["name"]] = tenant_isolation(
            Chart(app, tenant["name"]), settings, resolved.name, list(resolved.tenant.namespaces)
        )
    return made, [o for chart in app.charts for o in Testing.synth(chart)]


def bound(objects: list[dict[str, Any]], name: str) -> BoundPolicy:
    """The named policy with each of its bindings and the parameter the binding names, all taken from objects (a
    binding whose parameter is not among them fails here: the API server would deny every request it matches)."""
    [policy] = [o for o in objects if o["kind"] == "ValidatingAdmissionPolicy" and o["metadata"]["name"] == name]
    config_maps = {(o["metadata"]["namespace"], o["metadata"]["name"]): o for o in objects if o["kind"] == "ConfigMap"}
    bindings = []
    for binding in objects:
        if binding["kind"] != "ValidatingAdmissionPolicyBinding" or binding["spec"]["policyName"] != name:
            continue
        ref = binding["spec"].get("paramRef")
        bindings.append((binding, config_maps[(ref["namespace"], ref["name"])] if ref else None))
    return BoundPolicy(policy, tuple(bindings))


def pod(node_tenant: str | None = None, *tolerated: str, **spec: Any) -> dict[str, Any]:
    """A pod spec selecting node_tenant's nodes (by the default tenant label) and tolerating the given tenants' taints."""
    return {
        **({"nodeSelector": {"tenant": node_tenant}} if node_tenant else {}),
        "tolerations": [{"key": "tenant", "operator": "Equal", "value": v, "effect": "NoSchedule"} for v in tolerated],
        **spec,
    }


def request(policy: BoundPolicy, namespace: str, spec: dict[str, Any], **kwargs: Any) -> list[str]:
    return admit(
        policy,
        namespace,
        {"apiVersion": "v1", "kind": "Pod", "metadata": {"namespace": namespace}, "spec": spec},
        **kwargs,
    )


def rules(messages: list[str]) -> list[str]:
    """The rule each refusal names (`...: rule <name>: ...`)."""
    return [message.split(": rule ")[1].split(":")[0] for message in messages]


@pytest.fixture(scope="module")
def synthesized(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, list[object]], list[dict[str, Any]]]:
    return synth_isolation(tmp_path_factory.mktemp("isolation"), cluster())


def test_every_namespace_is_bound_once_with_its_own_tenants_parameter_and_exempt_ones_never(
    synthesized: tuple[dict[str, list[object]], list[dict[str, Any]]], tmp_path: Path
) -> None:
    _, objects = synthesized
    policy = bound(objects, POLICY_NAME)
    exempt = resolve(wide_props(tmp_path, cluster())).exempt_namespaces
    assert {"kube-system", "karpenter"} <= set(exempt)
    owners = {namespace: tenant for tenant, namespaces in TENANTS.items() for namespace in namespaces}
    for namespace in [*owners, "web", "gamma-app"]:
        [params] = policy.matching(namespace)  # one binding: one evaluation, with one tenant
        assert params is not None and params["data"]["tenant"] == owners.get(namespace, ""), namespace
    for namespace in exempt:
        assert policy.matching(namespace) == [] and bound(objects, BINDING_POLICY_NAME).matching(namespace) == []


def test_each_tenants_pods_run_on_its_own_nodes_only(
    synthesized: tuple[dict[str, list[object]], list[dict[str, Any]]],
) -> None:
    _, objects = synthesized
    policy = bound(objects, POLICY_NAME)
    for tenant, namespaces in TENANTS.items():
        other = next(t for t in TENANTS if t != tenant)
        for namespace in namespaces:
            assert request(policy, namespace, pod(tenant, tenant)) == []
            assert rules(request(policy, namespace, pod(other))) == ["own-nodes"]
            assert rules(request(policy, namespace, pod())) == ["own-nodes"]
            assert rules(request(policy, namespace, pod(tenant, tenant, other))) == ["own-taint-only"]
            assert rules(request(policy, namespace, pod(tenant, tolerations=[{"operator": "Exists"}]))) == [
                "no-wildcard-toleration"
            ]
            assert "no-node-name" in rules(request(policy, namespace, pod(tenant, nodeName="ip-10-0-1-23")))


def test_namespaces_of_no_tenant_tolerate_only_the_taints_of_customers_still_on_their_node_groups(
    synthesized: tuple[dict[str, list[object]], list[dict[str, Any]]],
) -> None:
    _, objects = synthesized
    policy = bound(objects, POLICY_NAME)
    assert request(policy, "gamma-app", pod("gamma", "gamma")) == []  # gamma is no tenant yet: its group runs on
    assert request(policy, "web", pod()) == []
    # alpha's node group is listed, but alpha is onboarded: its nodes are its namespaces' only
    for tenant in TENANTS:
        [refused] = request(policy, "gamma-app", pod(tenant, tenant))
        assert rules([refused]) == ["own-taint-only"] and "(gamma;" in refused, refused


def test_only_the_scheduler_and_exempt_service_accounts_bind_pods_to_nodes(
    synthesized: tuple[dict[str, list[object]], list[dict[str, Any]]],
) -> None:
    _, objects = synthesized
    policy = bound(objects, BINDING_POLICY_NAME)
    binding = {
        "apiVersion": "v1",
        "kind": "Binding",
        "metadata": {"name": "web-0", "namespace": "alpha"},
        "target": {"apiVersion": "v1", "kind": "Node", "name": "ip-10-0-1-23"},
    }
    for namespace in ("alpha", "beta", "web"):
        obj = {**binding, "metadata": {**binding["metadata"], "namespace": namespace}}
        assert admit(policy, namespace, obj, username="system:kube-scheduler") == []
        assert admit(policy, namespace, obj, username="system:serviceaccount:kube-system:my-scheduler") == []
        assert rules(admit(policy, namespace, obj, username=f"system:serviceaccount:{namespace}:deployer")) == [
            "scheduler-binds"
        ]


def test_the_objects_are_valid_kubernetes_at_the_clusters_version(
    synthesized: tuple[dict[str, list[object]], list[dict[str, Any]]], shared: Path
) -> None:
    _, objects = synthesized
    assert {o["kind"] for o in objects} == {
        "ValidatingAdmissionPolicy",
        "ValidatingAdmissionPolicyBinding",
        "ConfigMap",
    }
    assert findings(shared, objects, "1.33") == []


def test_a_tenants_share_is_only_its_namespaces_binding_and_parameter(
    synthesized: tuple[dict[str, list[object]], list[dict[str, Any]]],
) -> None:
    """A tenant's chart holds what isolates its namespaces and nothing of the others': the cluster-wide objects do not
    grow with the tenants."""
    made, objects = synthesized
    for tenant, namespaces in TENANTS.items():
        chart_objects = [o for o in objects if o["metadata"]["name"].endswith(f"-{tenant}")]
        assert len(made[tenant]) == 2 and len(chart_objects) == 2
        policy = BoundPolicy(
            bound(objects, POLICY_NAME).policy,
            tuple(b for b in bound(objects, POLICY_NAME).bindings if b[1]["data"]["tenant"] == tenant),
        )
        assert {ns for ns in [*TENANTS["alpha"], *TENANTS["beta"], "web"] if policy.matching(ns)} == set(namespaces)


@pytest.mark.parametrize(
    ("tenants", "kubernetes"),
    [({"alpha": []}, "1.33"), (TENANTS, "1.29")],
    ids=["no namespaces", "before Kubernetes 1.30"],
)
def test_no_isolation_objects_where_no_tenant_names_namespaces_or_kubernetes_cannot_enforce_them(
    tenants: dict[str, list[str]], kubernetes: str, tmp_path: Path
) -> None:
    data = cluster(tenants, {}, cluster={**BASE_V1["cluster"], "kubernetesVersion": kubernetes})
    made, objects = synth_isolation(tmp_path, data)
    assert objects == [] and all(found == [] for found in made.values())


@pytest.mark.parametrize("enforcement", ["audit", "warn", "deny"])
def test_enforcement_decides_what_every_binding_does_with_a_refusal(enforcement: str, tmp_path: Path) -> None:
    """Kubernetes refuses a binding with both Deny and Warn; only deny refuses the request, and warn is audited too."""
    _, objects = synth_isolation(tmp_path, cluster(tenancy={"enforcement": enforcement}))
    actions = [o["spec"]["validationActions"] for o in objects if o["kind"] == "ValidatingAdmissionPolicyBinding"]
    assert len(actions) == 2 + len(TENANTS)
    for found in actions:
        assert not {"Deny", "Warn"} <= set(found)
        assert ("Deny" in found) == (enforcement == "deny") and ("Warn" in found) == (enforcement == "warn")
        assert "Audit" in found or enforcement == "deny"


def test_a_custom_tenant_label_key_is_the_one_pods_must_select_and_tolerate(tmp_path: Path) -> None:
    """(And without node groups a namespace of no tenant tolerates no tenant's taint.)"""
    _, objects = synth_isolation(tmp_path, cluster(node_groups={}, tenancy={"labelKey": "example.com/team"}))
    policy = bound(objects, POLICY_NAME)
    own = {
        "nodeSelector": {"example.com/team": "alpha"},
        "tolerations": [{"key": "example.com/team", "operator": "Equal", "value": "alpha", "effect": "NoSchedule"}],
    }
    assert request(policy, "alpha", own) == []
    assert rules(request(policy, "alpha", pod("alpha"))) == ["own-nodes"]  # the default key selects nothing here
    foreign = {**own, "tolerations": [{**own["tolerations"][0], "value": "beta"}]}
    assert rules(request(policy, "alpha", foreign)) == ["own-taint-only"]
    [refused] = request(policy, "web", foreign)
    assert rules([refused]) == ["own-taint-only"] and refused.endswith("(none: this namespace belongs to no tenant)")
