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

from karpenter_tenants.config.resolved import resolve
from karpenter_tenants.config.schema.cluster_file import ClusterFile
from karpenter_tenants.config.schema.cluster_file import isolation_supported as supported

if TYPE_CHECKING:
    from constructs import Construct

LAYER = "charts"  # this module's layer (kinds/__init__.py)

POLICY_NAME = "karpenter-tenant-isolation"
NO_TENANT_PARAMS = "karpenter-no-tenant"  # the ConfigMap parameter of the namespaces of no tenant
TENANT_PARAMS_PREFIX = "karpenter-tenant-"  # + the tenant's name: its ConfigMap parameter
# keys of the no-tenant parameter: the customers still on their node groups (",a,b," to match, "a, b" to say)
NODE_GROUP_TENANTS, NODE_GROUP_TENANT_NAMES = "nodeGroupTenants", "nodeGroupTenantNames"
NAME_LABEL = "kubernetes.io/metadata.name"
BINDING_POLICY_NAME = "karpenter-tenant-pod-binding"
SCHEDULER_USER = "system:kube-scheduler"  # the identity of kube-scheduler, on EKS too
# The DaemonSet controller's identity (kube-controller-manager with --use-service-account-credentials, as on EKS).
# A kubelet's identity (system:node:<node name>, group system:nodes) and the annotation it sets on the mirror pod of
# a static pod: the pod runs already, from a manifest on the node; refusing its mirror only hides it from the API.
NODE_USER_PREFIX = "system:node:"
MIRROR_ANNOTATION = "kubernetes.io/config.mirror"
# tenancy.enforcement -> the bindings' validationActions (Deny and Warn must not be combined; Audit goes with Warn
# so that a warned request is in the audit log too).
VALIDATION_ACTIONS = {"audit": ["Audit"], "warn": ["Warn", "Audit"], "deny": ["Deny"]}
ENFORCEMENT_ORDER = ("audit", "warn", "deny")  # weakest first
# A customer's nodes are protected at the customer's own enforcement, whatever the enforcement of the namespace a pod
# comes from: for each enforcement stricter than some namespace's, one binding of the pod policy (and its parameter,
# both named PROTECTED_PREFIX + the enforcement) selects the namespaces enforced more weakly and refuses there, at that
# enforcement, tolerating the taint of the tenants enforced at it or above, wildcard tolerations and spec.nodeName.
PROTECTED_PREFIX = "karpenter-protected-tenants-"
PROTECTS, PROTECTED_NAMES = "protects", "protectedNames"  # the parameter's keys: ",a,b," to match, "a, b" to say


def excluded_namespaces(config: ClusterFile) -> list[str]:
    return resolve(config).exempt_namespaces


def node_group_tenants(config: ClusterFile) -> list[str]:
    """The customers still on cluster-autoscaler node groups (clusterAutoscaler.nodeGroups) that are no tenant yet:
    their namespaces are namespaces of no tenant, and their pods tolerate the tenant taint of their own group's
    nodes (labelled and tainted with the tenant key and the customer's name), which the policy lets them do until the
    customer is onboarded. No onboarded tenant is among them, so none of its nodes is reachable from there."""
    moving = config.cluster_autoscaler
    if moving is None:
        return []
    onboarded = set(resolve(config).tenant_names)
    return sorted({group.tenant for group in moving.node_groups} - onboarded)


def _cel_string(value: str) -> str:
    return json.dumps(value)  # a JSON string literal is a valid CEL string literal


def expressions(config: ClusterFile) -> dict[str, object]:
    """The policy's CEL: variables and validations, as the API server (and the tests) evaluate them."""
    key = _cel_string(config.tenancy.label_key)
    affinity = "variables.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution"
    variables = [
        # The tenant of the request's namespace is the parameter of the binding that matched it (one ConfigMap per
        # tenant, beside the tenant's binding; "" for the namespaces of no tenant): the policy stays the same size
        # whatever the number of tenants and namespaces.
        ("tenant", 'has(params.data) && "tenant" in params.data ? params.data.tenant : ""'),
        # The customers still on their node groups (",a,b,": node_group_tenants), in the parameter of the namespaces
        # of no tenant: a pod there may tolerate the tenant taint with one of their names.
        (
            "nodeGroupTenants",
            'has(params.data) && "nodeGroupTenants" in params.data ? params.data.nodeGroupTenants : ""',
        ),
        # The tenants whose nodes a protection binding guards (",a,b,"; "" in a namespace's own binding): the
        # binding selects namespaces enforced more weakly than those tenants, and refuses there what reaches them.
        ("protects", 'has(params.data) && "protects" in params.data ? params.data.protects : ""'),
        # The pod spec the request is about: a pod's, or a DaemonSet's template (checked like a pod: the DaemonSet
        # controller creates its pods from it, below).
        ("spec", 'object.kind == "DaemonSet" ? object.spec.template.spec : object.spec'),
        ("tolerations", "has(variables.spec.tolerations) ? variables.spec.tolerations : []"),
        # The mirror pod of a static pod, created by the kubelet of the node it names (and no one else's pod with
        # that annotation: on EKS the NodeRestriction plugin also keeps a kubelet to mirror pods of its own node).
        (
            "mirrorOfItsNode",
            f'object.kind == "Pod" && has(object.metadata.annotations)'
            f" && {_cel_string(MIRROR_ANNOTATION)} in object.metadata.annotations"
            f' && has(variables.spec.nodeName) && variables.spec.nodeName != ""'
            f" && request.userInfo.username == {_cel_string(NODE_USER_PREFIX)} + variables.spec.nodeName",
        ),
        # An UPDATE that leaves where the pod may run as it was (labels, annotations, finalizers, owner references,
        # status, an image) is admitted whatever its selectors: a pod created before its namespace was onboarded,
        # a Job's finalizer removed, a controller adopting or orphaning it. Scheduling gates count as placement: a
        # gated pod is not placed yet, so the UPDATE that removes a gate is checked as a new pod would be (else a pod
        # created gated during audit, or before onboarding, is placed by the scheduler past the policy).
        (
            "placementUnchanged",
            'request.operation == "UPDATE"'
            ' && (oldObject.kind == "DaemonSet" ? oldObject.spec.template.spec : oldObject.spec) == variables.spec'
            ' || request.operation == "UPDATE" && object.kind == "Pod"'
            " && (has(oldObject.spec.tolerations) ? oldObject.spec.tolerations : []) == variables.tolerations"
            + "".join(
                f" && has(oldObject.spec.{field}) == has(variables.spec.{field})"
                f" && (!has(variables.spec.{field}) || oldObject.spec.{field} == variables.spec.{field})"
                for field in ("nodeSelector", "affinity", "nodeName", "schedulingGates")
            ),
        ),
        (
            "selectsOwnNodes",
            f"(has(variables.spec.nodeSelector) && {key} in variables.spec.nodeSelector"
            f" && variables.spec.nodeSelector[{key}] == variables.tenant)"
            # A DaemonSet selects them by nodeSelector only: its controller replaces each pod's required node affinity
            # with the one node the pod is for (matchFields metadata.name), so a pod of it shows no affinity to check
            # and the nodeSelector it keeps is what the policy can see (a DaemonSet from before onboarding included).
            f' || object.kind != "DaemonSet"'
            f" && has(variables.spec.affinity) && has(variables.spec.affinity.nodeAffinity)"
            f" && has({affinity}) && size({affinity}.nodeSelectorTerms) > 0"
            f" && {affinity}.nodeSelectorTerms.all(term, has(term.matchExpressions)"
            f' && term.matchExpressions.exists(e, e.key == {key} && e.operator == "In"'
            f" && size(e.values) > 0 && e.values.all(v, v == variables.tenant)))",
        ),
    ]
    who = (
        '(variables.protects != "" ? "namespace " + request.namespace + " (guarding the nodes of tenants "'
        ' + params.data.protectedNames + ")" : variables.tenant == "" ? "namespace " + request.namespace'
        ' + " (no tenant)" : "tenant " + variables.tenant)'
    )
    validations = [
        (
            'variables.placementUnchanged || variables.tenant == "" || variables.selectsOwnNodes',
            '"tenant " + variables.tenant + ": rule own-nodes: pods in namespace " + request.namespace'
            f' + " must select the tenant\'s nodes: nodeSelector " + {key} + ": " + variables.tenant'
            f' + (object.kind == "DaemonSet" || has(variables.spec.affinity) && has(variables.spec.affinity.nodeAffinity)'
            f" && has({affinity}) && {affinity}.nodeSelectorTerms.exists(term, has(term.matchFields))"
            ' ? " (a DaemonSet and its pods: by nodeSelector, which its controller keeps in every pod; it replaces a'
            ' required node affinity)"'
            f' : " or a required node affinity " + {key} + " In [" + variables.tenant + "] in every term")',
        ),
        (
            'variables.placementUnchanged || !variables.tolerations.exists(t, (!has(t.key) || t.key == "")'
            ' && has(t.operator) && t.operator == "Exists")',
            f'{who} + ": rule no-wildcard-toleration: a toleration without a key and operator Exists tolerates'
            " every tenant's taint\"",
        ),
        (
            '!(request.operation == "CREATE" && has(variables.spec.nodeName) && variables.spec.nodeName != "")',
            f'{who} + ": rule no-node-name: spec.nodeName skips the scheduler, and the kubelet does not check the'
            ' tenant taint; let the scheduler place the pod (nodeSelector or node affinity)"',
        ),
        (
            f'variables.placementUnchanged || variables.protects != "" || variables.tolerations.all(t, !has(t.key) || t.key != {key}'
            ' || (!has(t.operator) || t.operator == "Equal") && has(t.value)'
            ' && (variables.tenant != "" ? t.value == variables.tenant'
            ' : t.value != "" && variables.nodeGroupTenants.contains("," + t.value + ",")))',
            f'{who} + ": rule own-taint-only: pods may tolerate the " + {key} + " taint only with value "'
            ' + (variables.tenant != "" ? variables.tenant : variables.nodeGroupTenants == ""'
            ' ? "(none: this namespace belongs to no tenant)"'
            ' : "of a customer still on its node group (" + params.data.nodeGroupTenantNames'
            ' + "; none of a tenant: this namespace belongs to no tenant)")',
        ),
        (
            f'variables.placementUnchanged || variables.protects == "" || variables.tolerations.all(t, !has(t.key)'
            f' || t.key != {key} || (!has(t.operator) || t.operator == "Equal") && has(t.value)'
            ' && !variables.protects.contains("," + t.value + ","))',
            f'{who} + ": rule protected-tenant-taint: pods of namespace " + request.namespace + " may not tolerate the "'
            f' + {key} + " taint of " + params.data.protectedNames + ", whose nodes are enforced more strictly than this'
            ' namespace (an Exists toleration of the key tolerates every value)"',
        ),
    ]
    validations = [(f"variables.mirrorOfItsNode || {expression}", message) for expression, message in validations]
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
    """The cluster-wide part: the pod policy (parameterised by the tenant) with the binding for the namespaces of no
    tenant and its parameter, and the pods/binding policy with its binding; nothing when no tenant names
    namespaces. Each tenant's own binding and parameter are its part's (tenant_isolation)."""
    from cdk8s_plus_33 import k8s

    tenants = resolve(config).tenants  # a cluster-wide part's settings have no tenants: their facts
    if not any(t.namespaces for t in tenants) or not supported(config):
        return []
    tenant_namespaces = sorted({ns for t in tenants for ns in t.namespaces})
    pods = _policy(
        chart,
        config,
        "tenant-isolation",
        POLICY_NAME,
        ["pods"],
        ["CREATE", "UPDATE"],
        expressions(config),
        parameterised=True,
        daemonsets=True,
    )
    no_tenant = _binding(
        chart,
        config,
        "tenant-isolation",
        POLICY_NAME,
        POLICY_NAME,
        NO_TENANT_PARAMS,
        k8s.LabelSelectorRequirement(
            key=NAME_LABEL, operator="NotIn", values=sorted({*excluded_namespaces(config), *tenant_namespaces})
        ),
    )
    parameter = _parameter(chart, config, "no-tenant", NO_TENANT_PARAMS, "", node_group_tenants(config))
    protection = []
    for level, protected, selector in protections(config, tenants):
        name = f"{PROTECTED_PREFIX}{level}"
        protection.append(_binding(chart, config, f"protected-{level}", name, POLICY_NAME, name, selector, level))
        protection.append(
            k8s.KubeConfigMap(
                chart,
                f"protected-{level}-parameter",
                metadata=k8s.ObjectMeta(name=name, namespace=config.karpenter.namespace),
                data={PROTECTS: "," + ",".join(protected) + ",", PROTECTED_NAMES: ", ".join(protected)},
            )
        )
    return [
        *pods,
        no_tenant,
        parameter,
        *protection,
        # pods/binding and the legacy `bindings` resource (POST /api/v1/namespaces/NS/bindings) bind a pod alike. Any
        # pod may be bound to any node this way, so it acts as the strictest enforcement of any tenant's nodes.
        *_policy(
            chart,
            config,
            "tenant-pod-binding",
            BINDING_POLICY_NAME,
            ["bindings", "pods/binding"],
            ["CREATE"],
            binding_expressions(config),
        ),
        _binding(
            chart,
            config,
            "tenant-pod-binding",
            BINDING_POLICY_NAME,
            BINDING_POLICY_NAME,
            None,
            None,
            strictest(config, tenants),
        ),
    ]


def _level(config: ClusterFile, tenant: object) -> str:
    return getattr(tenant, "enforcement", None) or config.tenancy.enforcement


def strictest(config: ClusterFile, tenants: tuple | list) -> str:
    """The strictest enforcement of the cluster's and any tenant's: what guards binding a pod to any node."""
    return max((config.tenancy.enforcement, *(_level(config, t) for t in tenants)), key=ENFORCEMENT_ORDER.index)


def protections(config: ClusterFile, tenants: tuple | list) -> list[tuple[str, list[str], object]]:
    """(enforcement, tenants protected at it, the namespaceSelector requirement of the namespaces enforced more weakly)
    for each enforcement some tenant's nodes have above some namespace's: with beta at deny and alpha (or the
    namespaces of no tenant) at audit, a pod there must not reach beta's nodes, refused at beta's enforcement."""
    from cdk8s_plus_33 import k8s

    cluster = ENFORCEMENT_ORDER.index(config.tenancy.enforcement)
    found = []
    for rank, level in enumerate(ENFORCEMENT_ORDER):
        protected = sorted(t.name for t in tenants if _level(config, t) == level)  # stricter ones: their own level
        weaker = sorted(
            {ns for t in tenants if ENFORCEMENT_ORDER.index(_level(config, t)) < rank for ns in t.namespaces}
        )
        if rank == 0 or not protected or cluster >= rank and not weaker:
            continue
        if cluster < rank:  # the namespaces of no tenant are weaker too: every namespace but the stricter tenants'
            stricter = {
                ns for t in tenants if ENFORCEMENT_ORDER.index(_level(config, t)) >= rank for ns in t.namespaces
            }
            selector = k8s.LabelSelectorRequirement(
                key=NAME_LABEL, operator="NotIn", values=sorted({*excluded_namespaces(config), *stricter})
            )
        else:
            selector = k8s.LabelSelectorRequirement(key=NAME_LABEL, operator="In", values=weaker)
        found.append((level, protected, selector))
    return found


def tenant_isolation(
    chart: Construct, config: ClusterFile, tenant: str, namespaces: list[str], enforcement: str | None = None
) -> list[object]:
    """A tenant part's share of the pod policy: its binding, matching exactly its namespaces, acting as the tenant's
    enforcement (default tenancy.enforcement), and its parameter (a ConfigMap naming the tenant, in Karpenter's
    namespace); nothing when it names no namespace."""
    from cdk8s_plus_33 import k8s

    if not namespaces or not supported(config):
        return []
    name = f"{POLICY_NAME}-{tenant}"
    params = f"{TENANT_PARAMS_PREFIX}{tenant}"
    return [
        _binding(
            chart,
            config,
            "isolation",
            name,
            POLICY_NAME,
            params,
            k8s.LabelSelectorRequirement(key=NAME_LABEL, operator="In", values=sorted(namespaces)),
            enforcement,
        ),
        _parameter(chart, config, "isolation-parameter", params, tenant),
    ]


def _parameter(
    chart: Construct, config: ClusterFile, id: str, name: str, tenant: str, node_group_tenants: list[str] = ()
) -> object:
    from cdk8s_plus_33 import k8s

    data = {"tenant": tenant}
    if node_group_tenants:
        data[NODE_GROUP_TENANTS] = "," + ",".join(node_group_tenants) + ","  # matched as ",<value>,"
        data[NODE_GROUP_TENANT_NAMES] = ", ".join(node_group_tenants)  # for the message
    return k8s.KubeConfigMap(
        chart, id, metadata=k8s.ObjectMeta(name=name, namespace=config.karpenter.namespace), data=data
    )


def _binding(
    chart: Construct,
    config: ClusterFile,
    id: str,
    name: str,
    policy: str,
    params: str | None,
    namespaces: object | None,
    enforcement: str | None = None,
) -> object:
    """A Deny (or enforcement's, default tenancy.enforcement's) binding of the policy, for the namespaces the requirement selects (by their
    name label, which the API server sets and no one can change), with its parameter when the policy takes one
    (a missing parameter denies: parameterNotFoundAction Deny)."""
    from cdk8s_plus_33 import k8s

    return k8s.KubeValidatingAdmissionPolicyBinding(
        chart,
        f"{id}-binding",
        metadata=k8s.ObjectMeta(name=name),
        spec=k8s.ValidatingAdmissionPolicyBindingSpec(
            policy_name=policy,
            validation_actions=VALIDATION_ACTIONS[enforcement or config.tenancy.enforcement],
            param_ref=k8s.ParamRef(name=params, namespace=config.karpenter.namespace, parameter_not_found_action="Deny")
            if params is not None
            else None,
            match_resources=k8s.MatchResources(namespace_selector=k8s.LabelSelector(match_expressions=[namespaces]))
            if namespaces is not None
            else None,
        ),
    )


def _policy(
    chart: Construct,
    config: ClusterFile,
    id: str,
    name: str,
    resources: list[str],
    operations: list[str],
    cel: dict,
    parameterised: bool = False,
    daemonsets: bool = False,
) -> list[object]:
    from cdk8s_plus_33 import k8s  # imported when charts are built, not when configs are checked

    namespace_selector = k8s.LabelSelector(
        match_expressions=[
            k8s.LabelSelectorRequirement(key=NAME_LABEL, operator="NotIn", values=excluded_namespaces(config))
        ]
    )
    policy = k8s.KubeValidatingAdmissionPolicy(
        chart,
        f"{id}-policy",
        metadata=k8s.ObjectMeta(name=name),
        spec=k8s.ValidatingAdmissionPolicySpec(
            failure_policy="Fail",
            param_kind=k8s.ParamKind(api_version="v1", kind="ConfigMap") if parameterised else None,
            match_constraints=k8s.MatchResources(
                namespace_selector=namespace_selector,
                resource_rules=[
                    k8s.NamedRuleWithOperations(
                        api_groups=[""], api_versions=["v1"], operations=operations, resources=resources
                    ),
                    *(
                        [
                            k8s.NamedRuleWithOperations(
                                api_groups=["apps"],
                                api_versions=["v1"],
                                operations=operations,
                                resources=["daemonsets"],
                            )
                        ]
                        if daemonsets
                        else []
                    ),
                ],
            ),
            variables=[k8s.Variable(name=n, expression=e) for n, e in cel["variables"]] or None,
            validations=[
                k8s.Validation(expression=expression, message_expression=message, reason="Forbidden")
                for expression, message in cel["validations"]
            ],
        ),
    )
    return [policy]
