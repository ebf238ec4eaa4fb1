"""The kinds the live commands read, once: the client lists them and base_chart grants exactly them, get/list/watch,
in the read-only ClusterRole READER_ROLE (`dist/<cluster>/base/clusterrole-karpenter-tenants-reader.yaml`), so the
role and what the commands read cannot drift apart. Never a Secret or a ConfigMap.

Imports nothing (base_chart imports it at synth time)."""

from __future__ import annotations

from dataclasses import dataclass

READER_ROLE = "karpenter-tenants-reader"
READER_VERBS = ("get", "list", "watch")


@dataclass(frozen=True)
class Kind:
    group: str  # "" for the core API
    version: str
    kind: str
    plural: str
    namespaced: bool
    # served only once a CRD is installed (Karpenter's), or by some Kubernetes versions only (admission policies'
    # v1, 1.30 on): the API server's 404 means "none yet" or "not served here", not a failure
    custom: bool = False

    @property
    def api_version(self) -> str:
        return f"{self.group}/{self.version}" if self.group else self.version


POD = Kind("", "v1", "Pod", "pods", True)
NODE = Kind("", "v1", "Node", "nodes", False)
DEPLOYMENT = Kind("apps", "v1", "Deployment", "deployments", True)
REPLICA_SET = Kind("apps", "v1", "ReplicaSet", "replicasets", True)
STATEFUL_SET = Kind("apps", "v1", "StatefulSet", "statefulsets", True)
DAEMON_SET = Kind("apps", "v1", "DaemonSet", "daemonsets", True)
JOB = Kind("batch", "v1", "Job", "jobs", True)
CRON_JOB = Kind("batch", "v1", "CronJob", "cronjobs", True)
POD_DISRUPTION_BUDGET = Kind("policy", "v1", "PodDisruptionBudget", "poddisruptionbudgets", True)
NODE_CLAIM = Kind("karpenter.sh", "v1", "NodeClaim", "nodeclaims", False, custom=True)
NODE_POOL = Kind("karpenter.sh", "v1", "NodePool", "nodepools", False, custom=True)
EC2_NODE_CLASS = Kind("karpenter.k8s.aws", "v1", "EC2NodeClass", "ec2nodeclasses", False, custom=True)
FLUX_KUSTOMIZATION = Kind("kustomize.toolkit.fluxcd.io", "v1", "Kustomization", "kustomizations", True, custom=True)
FLUX_HELM_RELEASE = Kind("helm.toolkit.fluxcd.io", "v2", "HelmRelease", "helmreleases", True, custom=True)
ARGO_APPLICATION = Kind("argoproj.io", "v1alpha1", "Application", "applications", True, custom=True)
POLICY_BINDING = Kind(
    "admissionregistration.k8s.io",
    "v1",
    "ValidatingAdmissionPolicyBinding",
    "validatingadmissionpolicybindings",
    False,
    custom=True,
)

# `snapshot`: the workloads file (pods, their owners up the chain, DaemonSets, PodDisruptionBudgets, NodeClaims)
# and the nodes file, what `plan --workloads/--nodes` and `preflight` read.
WORKLOAD_KINDS = (
    POD,
    REPLICA_SET,
    DEPLOYMENT,
    STATEFUL_SET,
    DAEMON_SET,
    JOB,
    CRON_JOB,
    POD_DISRUPTION_BUDGET,
    NODE_CLAIM,
)
SNAPSHOT_KINDS = (*WORKLOAD_KINDS, NODE)
# `status`: the tenants' pools and node classes against dist/, their NodeClaims, Deployments and StatefulSets still
# creating pods, pending pods (and Karpenter's controller pods), the nodes (cost now, the node groups of a move from
# cluster-autoscaler), the isolation policies' bindings (their enforcement against dist/'s, on Kubernetes 1.30 and
# later), and the GitOps appliers of dist/'s stages (Flux, Argo CD) when their CRDs are served.
GITOPS_KINDS = (FLUX_KUSTOMIZATION, FLUX_HELM_RELEASE, ARGO_APPLICATION)
STATUS_KINDS = (
    NODE_POOL,
    EC2_NODE_CLASS,
    NODE_CLAIM,
    POD,
    DEPLOYMENT,
    STATEFUL_SET,
    NODE,
    POLICY_BINDING,
    *GITOPS_KINDS,
)
# Everything a live command reads: the role grants exactly these.
READ_KINDS = (*SNAPSHOT_KINDS, *(kind for kind in STATUS_KINDS if kind not in SNAPSHOT_KINDS))


def reader_rules(kinds: tuple[Kind, ...] = READ_KINDS) -> list[tuple[str, list[str]]]:
    """(API group, its resources) for READER_ROLE's rules, one rule per group, sorted (the output is stable)."""
    by_group: dict[str, set[str]] = {}
    for kind in kinds:
        by_group.setdefault(kind.group, set()).add(kind.plural)
    return [(group, sorted(plurals)) for group, plurals in sorted(by_group.items())]
