"""The base objects of a Karpenter installation: namespace, service account, network policy, FlowSchemas, the tenant
isolation policies and the live commands' read-only ClusterRole (the charts themselves are install stages:
kinds.gitops.stages). Imports config, live.kinds, charts, objects, kinds.gitops.engine (which engine writes the stages),
kinds.isolation.construct, kinds.controller.fields and cdk8s only."""

from __future__ import annotations

from cdk8s import ApiObject, ApiObjectMetadata, JsonPatch
from cdk8s_plus_33 import k8s
from constructs import Construct

from karpenter_tenants.config.resolved import resolve
from karpenter_tenants.config.schema.cluster_file import ClusterFile
from karpenter_tenants.config.schema.karpenter import ROLE_ANNOTATION
from karpenter_tenants.kinds.controller.fields import controller_ports
from karpenter_tenants.kinds.gitops.engine import engine_of
from karpenter_tenants.kinds.isolation.construct import isolation_policy
from karpenter_tenants.live.kinds import READER_ROLE, READER_VERBS, reader_rules
from karpenter_tenants.objects.common import HELM_RESOURCE_POLICY, quantity
from karpenter_tenants.objects.folder import FolderChart


class BaseChart(FolderChart):
    """Namespace (Pod Security Standards `restricted`) and the ServiceAccount: annotated with the controller role
    under IRSA, bare under EKS Pod Identity (the association in terraform/ names the role).

    `dist/<cluster>/base/`, the first install stage: a platform team's own cluster-wide objects go here too
    (docs/extending.md). Its objects are cdk8s-plus-33's typed `k8s` classes."""

    folder = "base"

    def __init__(self, scope: Construct, id: str, *, config: ClusterFile) -> None:
        super().__init__(scope, id, folder=self.folder)
        self.config = config
        karpenter = config.karpenter
        pss_version = f"v{config.cluster.kubernetes_version}"
        # A namespace that exists before Karpenter (kube-system, upstream's own layout; default; the GitOps engine's)
        # is not the product's: writing it would put Pod Security labels on it (restricted in kube-system refuses
        # aws-node, kube-proxy and the CSI drivers, so new nodes never become Ready) and pruning would delete it.
        self.karpenter_namespace: k8s.KubeNamespace | None = None
        if karpenter.namespace not in resolve(config).not_owned_namespaces:
            self.karpenter_namespace = k8s.KubeNamespace(
                self,
                "namespace",
                metadata=k8s.ObjectMeta(
                    name=karpenter.namespace,
                    labels={
                        # Both controller charts run as non-root with a read-only root filesystem and
                        # RuntimeDefault seccomp, so the strictest level holds.
                        "pod-security.kubernetes.io/enforce": "restricted",
                        "pod-security.kubernetes.io/enforce-version": pss_version,
                        "pod-security.kubernetes.io/audit": "restricted",
                        "pod-security.kubernetes.io/warn": "restricted",
                    },
                ),
            )
        # IRSA: the role annotation names the controller's role; under Pod Identity the association does.
        role = (
            {ROLE_ANNOTATION: resolve(config).controller_role_arn} if config.karpenter.identity_mode == "irsa" else {}
        )
        # The chart's values say serviceAccount.create: false, so this account is never Helm's, except where `adopt`
        # hands over a release `helm install` made, whose account the chart created: Helm's upgrade deletes what the new
        # manifest lacks unless the live object says keep, and Flux's apply of this file takes over the fields kubectl
        # set (adopt's own annotation would be dropped before the upgrade runs: seen in tests/e2e/test_journey.py).
        account = k8s.ObjectMeta(
            name=karpenter.service_account,
            namespace=karpenter.namespace,
            annotations={**role, HELM_RESOURCE_POLICY[0]: HELM_RESOURCE_POLICY[1]},
        )
        self.service_account = k8s.KubeServiceAccount(self, "service-account", metadata=account)
        # what the GitOps engine needs beside the controller (Flux's lockdown: the account helm-controller installs
        # the charts as)
        engine_of(config).base_objects(self, config=config, namespace=karpenter.namespace)
        # Only the controller's own ports accept traffic; egress stays open because the controller
        # calls the API server and regional AWS endpoints, whose addresses no policy can list.
        self.network_policy = k8s.KubeNetworkPolicy(
            self,
            "network-policy",
            metadata=k8s.ObjectMeta(name="karpenter", namespace=karpenter.namespace),
            spec=k8s.NetworkPolicySpec(
                pod_selector=k8s.LabelSelector(
                    match_labels={"app.kubernetes.io/name": "karpenter", "app.kubernetes.io/instance": "karpenter"}
                ),
                policy_types=["Ingress", "Egress"],
                ingress=[
                    k8s.NetworkPolicyIngressRule(
                        ports=[
                            k8s.NetworkPolicyPort(port=quantity(k8s.IntOrString, port), protocol="TCP")
                            for port in sorted(controller_ports(config).values())
                        ]
                    )
                ],
                egress=[k8s.NetworkPolicyEgressRule()],
            ),
        )
        self.flow_schemas = flow_schemas(self, config)
        self.isolation = isolation_policy(self, config)
        self.reader_role = reader_role(self)


def reader_role(chart: Construct) -> k8s.KubeClusterRole:
    """The read-only ClusterRole of `snapshot` (live.kinds): get, list and watch of exactly the kinds it reads, never
    a Secret or a ConfigMap. Nothing binds it: the team binds it to its own user or group (README)."""
    return k8s.KubeClusterRole(
        chart,
        "reader-role",
        metadata=k8s.ObjectMeta(name=READER_ROLE),
        rules=[
            k8s.PolicyRule(api_groups=[group], resources=resources, verbs=list(READER_VERBS))
            for group, resources in reader_rules()
        ],
    )


def flow_schemas(chart: Construct, config: ClusterFile) -> list[ApiObject]:
    """The two FlowSchemas Karpenter's getting-started guide applies when the controller runs outside
    kube-system, whose built-in FlowSchemas would otherwise not cover it: leader election at the
    `leader-election` priority level, everything else at `workload-high`."""
    karpenter = config.karpenter
    if karpenter.namespace == "kube-system":
        return []
    # flowcontrol.apiserver.k8s.io/v1 is served from Kubernetes 1.29; v1beta3 (same fields) before.
    minor = int(config.cluster.kubernetes_version.split(".")[1])
    api_version = "flowcontrol.apiserver.k8s.io/" + ("v1" if minor >= 29 else "v1beta3")
    subject = {
        "kind": "ServiceAccount",
        "serviceAccount": {"name": karpenter.service_account, "namespace": karpenter.namespace},
    }
    specs = {
        "karpenter-leader-election": {
            "distinguisherMethod": {"type": "ByUser"},
            "matchingPrecedence": 200,
            "priorityLevelConfiguration": {"name": "leader-election"},
            "rules": [
                {
                    "resourceRules": [
                        {
                            "apiGroups": ["coordination.k8s.io"],
                            "namespaces": ["*"],
                            "resources": ["leases"],
                            "verbs": ["get", "create", "update"],
                        }
                    ],
                    "subjects": [subject],
                }
            ],
        },
        "karpenter-workload": {
            "distinguisherMethod": {"type": "ByUser"},
            "matchingPrecedence": 1000,
            "priorityLevelConfiguration": {"name": "workload-high"},
            "rules": [
                {
                    "nonResourceRules": [{"nonResourceURLs": ["*"], "verbs": ["*"]}],
                    "resourceRules": [
                        {
                            "apiGroups": ["*"],
                            "clusterScope": True,
                            "namespaces": ["*"],
                            "resources": ["*"],
                            "verbs": ["*"],
                        }
                    ],
                    "subjects": [subject],
                }
            ],
        },
    }
    found = []
    for name, spec in specs.items():
        # One untyped path for both API versions: cdk8s-plus-33 types only v1, the fields are the same.
        flow_schema = ApiObject(
            chart, name, api_version=api_version, kind="FlowSchema", metadata=ApiObjectMetadata(name=name)
        )
        flow_schema.add_json_patch(JsonPatch.add("/spec", spec))
        found.append(flow_schema)
    return found
