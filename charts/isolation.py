"""Tenant isolation enforced by the API server: two ValidatingAdmissionPolicies and their bindings.

Taints alone do not isolate tenants: a pod may tolerate another tenant's taint (or every taint,
with a key-less `Exists` toleration) and land on that tenant's nodes, or name a node in
`spec.nodeName` and skip the scheduler (the kubelet does not check NoSchedule taints). The pod
policy rejects, in each tenant's namespaces, pods that do not select their own tenant's nodes,
and everywhere outside the exempt namespaces, tolerations of other tenants' taints and pods
created with `spec.nodeName`. The binding policy lets only the scheduler (and service accounts of
exempt namespaces) bind pods to nodes through `pods/binding`.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from config.model import ClusterFile

if TYPE_CHECKING:
    from constructs import Construct

POLICY_NAME = "karpenter-tenant-isolation"
BINDING_POLICY_NAME = "karpenter-tenant-pod-binding"
SCHEDULER_USER = "system:kube-scheduler"  # the identity of kube-scheduler, on EKS too
# tenancy.enforcement -> the bindings' validationActions (Deny and Warn must not be combined; Audit goes with Warn
# so that a warned request is in the audit log too).
VALIDATION_ACTIONS = {"audit": ["Audit"], "warn": ["Warn", "Audit"], "deny": ["Deny"]}
MIN_KUBERNETES_MINOR = 30  # admissionregistration.k8s.io/v1 ValidatingAdmissionPolicy is GA from 1.30


def supported(config: ClusterFile) -> bool:
    return int(config.cluster.kubernetes_version.split(".")[1]) >= MIN_KUBERNETES_MINOR


def excluded_namespaces(config: ClusterFile) -> list[str]:
    return config.exempt_namespaces


def _cel_string(value: str) -> str:
    return json.dumps(value)  # a JSON string literal is a valid CEL string literal


def expressions(config: ClusterFile) -> dict[str, object]:
    """The policy's CEL: variables and validations, as the API server (and the tests) evaluate them."""
    key = _cel_string(config.tenancy.label_key)
    owners = {ns: t.name for t in config.sorted_tenants() for ns in sorted(t.namespaces)}
    tenants_map = "{" + ", ".join(f"{_cel_string(ns)}: {_cel_string(t)}" for ns, t in sorted(owners.items())) + "}"
    affinity = "object.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution"
    variables = [
        ("namespaceTenants", tenants_map),
        (
            "tenant",
            'request.namespace in variables.namespaceTenants ? variables.namespaceTenants[request.namespace] : ""',
        ),
        ("tolerations", "has(object.spec.tolerations) ? object.spec.tolerations : []"),
        # An UPDATE that leaves where the pod may run as it was (labels, annotations, finalizers, owner references,
        # status, an image) is admitted whatever its selectors: a pod created before its namespace was onboarded,
        # a Job's finalizer removed, a controller adopting or orphaning it.
        (
            "placementUnchanged",
            'request.operation == "UPDATE"'
            " && (has(oldObject.spec.tolerations) ? oldObject.spec.tolerations : []) == variables.tolerations"
            + "".join(
                f" && has(oldObject.spec.{field}) == has(object.spec.{field})"
                f" && (!has(object.spec.{field}) || oldObject.spec.{field} == object.spec.{field})"
                for field in ("nodeSelector", "affinity", "nodeName")
            ),
        ),
        (
            "selectsOwnNodes",
            f"(has(object.spec.nodeSelector) && {key} in object.spec.nodeSelector"
            f" && object.spec.nodeSelector[{key}] == variables.tenant)"
            f" || (has(object.spec.affinity) && has(object.spec.affinity.nodeAffinity)"
            f" && has({affinity}) && size({affinity}.nodeSelectorTerms) > 0"
            f" && {affinity}.nodeSelectorTerms.all(term, has(term.matchExpressions)"
            f' && term.matchExpressions.exists(e, e.key == {key} && e.operator == "In"'
            f" && size(e.values) > 0 && e.values.all(v, v == variables.tenant))))",
        ),
    ]
    who = '(variables.tenant == "" ? "namespace " + request.namespace + " (no tenant)" : "tenant " + variables.tenant)'
    validations = [
        (
            'variables.placementUnchanged || variables.tenant == "" || variables.selectsOwnNodes',
            '"tenant " + variables.tenant + ": rule own-nodes: pods in namespace " + request.namespace'
            f' + " must select the tenant\'s nodes: nodeSelector " + {key} + ": " + variables.tenant'
            f' + " or a required node affinity " + {key} + " In [" + variables.tenant + "] in every term"',
        ),
        (
            'variables.placementUnchanged || !variables.tolerations.exists(t, (!has(t.key) || t.key == "")'
            ' && has(t.operator) && t.operator == "Exists")',
            f'{who} + ": rule no-wildcard-toleration: a toleration without a key and operator Exists tolerates'
            ' every tenant\'s taint"',
        ),
        (
            '!(request.operation == "CREATE" && has(object.spec.nodeName) && object.spec.nodeName != "")',
            f'{who} + ": rule no-node-name: spec.nodeName skips the scheduler, and the kubelet does not check the'
            ' tenant taint; let the scheduler place the pod (nodeSelector or node affinity)"',
        ),
        (
            f"variables.placementUnchanged || variables.tolerations.all(t, !has(t.key) || t.key != {key}"
            ' || (variables.tenant != "" && (!has(t.operator) || t.operator == "Equal")'
            " && has(t.value) && t.value == variables.tenant))",
            f'{who} + ": rule own-taint-only: pods may tolerate the " + {key} + " taint only with value "'
            ' + (variables.tenant == "" ? "(none: this namespace belongs to no tenant)" : variables.tenant)',
        ),
    ]
    return {"variables": variables, "validations": validations}


def binding_expressions(config: ClusterFile) -> dict[str, object]:
    """CEL of the pods/binding policy: who may bind a pod to a node outside the exempt namespaces."""
    exempt = "[" + ", ".join(_cel_string(f"system:serviceaccount:{ns}:") for ns in excluded_namespaces(config)) + "]"
    validations = [
        (
            f"request.userInfo.username == {_cel_string(SCHEDULER_USER)}"
            f" || {exempt}.exists(prefix, request.userInfo.username.startsWith(prefix))",
            '"namespace " + request.namespace + ": rule scheduler-binds: " + request.userInfo.username'
            f' + " may not bind pods to nodes; only the scheduler ({SCHEDULER_USER}) and service accounts of'
            ' exempt namespaces may"',
        ),
    ]
    return {"variables": [], "validations": validations}


def isolation_policy(chart: Construct, config: ClusterFile) -> list[object]:
    """The pod and pods/binding ValidatingAdmissionPolicies with their Deny bindings, or nothing when no
    tenant names namespaces."""
    if not any(t.namespaces for t in config.tenants) or not supported(config):
        return []
    return [
        *_policy(chart, config, "tenant-isolation", POLICY_NAME, ["pods"], ["CREATE", "UPDATE"], expressions(config)),
        # pods/binding and the legacy `bindings` resource (POST /api/v1/namespaces/NS/bindings) bind a pod alike.
        *_policy(
            chart, config, "tenant-pod-binding", BINDING_POLICY_NAME, ["bindings", "pods/binding"], ["CREATE"],
            binding_expressions(config),
        ),
    ]


def _policy(
    chart: Construct, config: ClusterFile, id: str, name: str, resources: list[str], operations: list[str], cel: dict
) -> list[object]:
    from cdk8s_plus_33 import k8s  # imported when charts are built, not when configs are checked

    namespace_selector = k8s.LabelSelector(
        match_expressions=[
            k8s.LabelSelectorRequirement(
                key="kubernetes.io/metadata.name", operator="NotIn", values=excluded_namespaces(config)
            )
        ]
    )
    policy = k8s.KubeValidatingAdmissionPolicy(chart,
        f"{id}-policy",
        metadata=k8s.ObjectMeta(name=name),
        spec=k8s.ValidatingAdmissionPolicySpec(
            failure_policy="Fail",
            match_constraints=k8s.MatchResources(
                namespace_selector=namespace_selector,
                resource_rules=[
                    k8s.NamedRuleWithOperations(
                        api_groups=[""], api_versions=["v1"], operations=operations, resources=resources
                    )
                ],
            ),
            variables=[k8s.Variable(name=n, expression=e) for n, e in cel["variables"]] or None,
            validations=[
                k8s.Validation(expression=expression, message_expression=message, reason="Forbidden")
                for expression, message in cel["validations"]
            ],
        ),
    )
    binding = k8s.KubeValidatingAdmissionPolicyBinding(chart,
        f"{id}-binding",
        metadata=k8s.ObjectMeta(name=name),
        spec=k8s.ValidatingAdmissionPolicyBindingSpec(
            policy_name=name, validation_actions=VALIDATION_ACTIONS[config.tenancy.enforcement]
        ),
    )
    return [policy, binding]
