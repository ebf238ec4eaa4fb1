"""Tenant isolation: the emitted ValidatingAdmissionPolicy's CEL, evaluated with cel-python on a table
of pods, as the API server evaluates it (variables in order, then every validation)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import celpy
import pytest
import yaml
from conftest import BASE_V1, ROOT, cluster_dict, load, objects

from charts.synth import render_cluster

POLICY = ROOT / "dist/acme/base/validatingadmissionpolicy-karpenter-tenant-isolation.yaml"


def admit(policy: dict[str, Any], namespace: str, pod_spec: dict[str, Any]) -> list[str]:
    """The messages of the validations a pod fails (empty: admitted)."""
    environment = celpy.Environment()
    activation: dict[str, Any] = {
        "object": celpy.json_to_cel({"apiVersion": "v1", "kind": "Pod", "metadata": {"namespace": namespace}, "spec": pod_spec}),
        "request": celpy.json_to_cel({"namespace": namespace, "operation": "CREATE"}),
    }
    variables: dict[str, Any] = {}
    for variable in policy["spec"]["variables"]:
        activation["variables"] = celpy.celtypes.MapType(variables)
        program = environment.program(environment.compile(variable["expression"]))
        variables[celpy.celtypes.StringType(variable["name"])] = program.evaluate(activation)
    activation["variables"] = celpy.celtypes.MapType(variables)
    failed = []
    for validation in policy["spec"]["validations"]:
        result = environment.program(environment.compile(validation["expression"])).evaluate(activation)
        assert isinstance(result, celpy.celtypes.BoolType), f"{validation['expression']} gave {result!r}"
        if not result:
            message = environment.program(environment.compile(validation["messageExpression"])).evaluate(activation)
            failed.append(str(message))
    return failed


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
    "selector on another label only": ("alpha", {"nodeSelector": {"workload": "batch"}}, [OWN_NODES.format(ns="alpha")]),
    "required affinity on own tenant": ("alpha", affinity([tenant_in("alpha")]), []),
    "affinity with several terms, all own tenant": (
        "alpha",
        affinity([tenant_in("alpha")], [tenant_in("alpha"), {"key": "kubernetes.io/arch", "operator": "In", "values": ["arm64"]}]),
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
    "namespace of no tenant tolerating a tenant taint": ("web", {"tolerations": [toleration("alpha")]}, [NO_TENANT_TAINT]),
    "namespace of no tenant with a key-less Exists toleration": (
        "web",
        {"tolerations": [toleration(operator="Exists", key=None)]},
        [NO_TENANT_WILDCARD],
    ),
    "beta pod on beta nodes": ("beta", {**selector("beta"), "tolerations": [toleration("beta")]}, []),
    "beta pod tolerating alpha": (
        "beta",
        {**selector("beta"), "tolerations": [toleration("alpha")]},
        ["tenant beta: rule own-taint-only: pods may tolerate the tenant taint only with value beta"],
    ),
}


@pytest.fixture(scope="module")
def policy() -> dict[str, Any]:
    return yaml.safe_load(POLICY.read_text())


def test_the_table_has_at_least_20_pods_allowed_and_denied() -> None:
    assert len(PODS) >= 20
    assert sum(1 for *_, denied in PODS.values() if not denied) >= 8
    assert sum(1 for *_, denied in PODS.values() if denied) >= 8


@pytest.mark.parametrize("case", sorted(PODS))
def test_the_policy_admits_or_denies_the_pod_naming_tenant_and_rule(case: str, policy: dict[str, Any]) -> None:
    namespace, spec, expected = PODS[case]
    assert admit(policy, namespace, spec) == expected


def test_the_policy_excludes_karpenter_and_system_namespaces_and_is_bound_to_deny(policy: dict[str, Any]) -> None:
    [expression] = policy["spec"]["matchConstraints"]["namespaceSelector"]["matchExpressions"]
    assert expression == {
        "key": "kubernetes.io/metadata.name",
        "operator": "NotIn",
        "values": ["flux-system", "karpenter", "kube-node-lease", "kube-public", "kube-system"],
    }
    binding = yaml.safe_load(POLICY.with_name("validatingadmissionpolicybinding-karpenter-tenant-isolation.yaml").read_text())
    assert binding["spec"] == {"policyName": "karpenter-tenant-isolation", "validationActions": ["Deny"]}


def test_no_policy_without_tenant_namespaces_or_before_kubernetes_130(tmp_path: Path) -> None:
    plain = objects(render_cluster(load(tmp_path / "a", cluster_dict())))
    assert not [p for p in plain if "validatingadmissionpolicy" in p]
    tenants = [{**BASE_V1["tenants"][0], "namespaces": ["alpha"]}]
    old = load(tmp_path / "b", cluster_dict(cluster={**BASE_V1["cluster"], "kubernetesVersion": "1.29"}, tenants=tenants))
    assert not [p for p in objects(render_cluster(old)) if "validatingadmissionpolicy" in p]
    assert old.warnings[0].startswith("tenant namespaces are not enforced: the isolation ValidatingAdmissionPolicy needs")


def test_a_namespace_belongs_to_one_tenant(tmp_path: Path) -> None:
    from charts.loader import ConfigError

    alpha = {**BASE_V1["tenants"][0], "namespaces": ["shared", "karpenter"]}
    beta = {**BASE_V1["tenants"][0], "name": "beta", "namespaces": ["shared"]}
    with pytest.raises(ConfigError) as error:
        load(tmp_path, cluster_dict(tenants=[alpha, beta]))
    assert [p.message for p in error.value.problems] == [
        "tenant alpha: namespace 'karpenter' is a system or Karpenter namespace; namespace 'shared' is listed by "
        "tenants alpha, beta; a namespace belongs to one tenant"
    ]
