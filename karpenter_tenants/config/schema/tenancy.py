"""The `tenancy` section (tenant label key, exempt namespaces, enforcement) and the Kubernetes floor of the isolation
policy.

Part of the cluster config schema (config.schema); imports config only."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from karpenter_tenants.config.schema.base import LabelKey, Model, Name, shown, unique_items

MIN_KUBERNETES_MINOR = 30  # admissionregistration.k8s.io/v1 ValidatingAdmissionPolicy is GA from 1.30


# Node agents of EKS add-ons that run a DaemonSet on every node outside kube-system: the CloudWatch
# Observability agent and GuardDuty runtime monitoring. Their pods tolerate every taint.
DEFAULT_EXEMPT_NAMESPACES = ("amazon-cloudwatch", "amazon-guardduty")
# Karpenter's own exception to its restricted label domains; kubelets cannot set labels under it on
# themselves (NodeRestriction admission), so a compromised node cannot claim another tenant's label.
NODE_RESTRICTION_DOMAIN = "node-restriction.kubernetes.io"


class Tenancy(Model):
    label_key: LabelKey = Field(
        default="tenant",
        description="Node label and taint key that carries the tenant name. Default `tenant`. "
        "`node-restriction.kubernetes.io/tenant` is stronger: the NodeRestriction admission plugin stops "
        "kubelets from setting labels with that prefix on their own node, so a node cannot relabel itself "
        "into another tenant.",
    )
    exempt_namespaces: list[Name] = Field(
        default_factory=lambda: list(DEFAULT_EXEMPT_NAMESPACES),
        description="Namespaces the isolation policy does not check, besides kube-system, kube-public, "
        "kube-node-lease, Karpenter's and the GitOps engine's (always exempt). Node agents that run as "
        "DaemonSets on every node (monitoring, logging, the GPU device plugin in `gpu-operator`) need their "
        "namespace here, or their pods, which tolerate every taint, are denied. Trade-off: a pod in an exempt "
        "namespace may run on any tenant's nodes, so only platform teams may create pods there (RBAC). "
        "Setting the list replaces the default `[amazon-cloudwatch, amazon-guardduty]` (EKS add-on agents).",
    )
    enforcement: Literal["audit", "warn", "deny"] = Field(
        default="deny",
        description="How the isolation policies act on a request they would refuse (the bindings' "
        "validationActions): `audit` only records it in the API server's audit log (annotation "
        "`validation.policy.admission.k8s.io/validation_failure`), `warn` also returns a warning to the client "
        "(kubectl prints it), `deny` refuses it. Default `deny` (a new cluster); roll out on a live cluster "
        "audit -> warn -> deny, reading `python main.py plan` at each switch (docs/isolation.md).",
    )

    @field_validator("label_key")
    @classmethod
    def _not_restricted(cls, value: str) -> str:
        domain = value.split("/")[0] if "/" in value else ""
        if domain == NODE_RESTRICTION_DOMAIN:
            return value
        for restricted in ("kubernetes.io", "k8s.io", "karpenter.sh", "karpenter.k8s.aws"):
            if domain == restricted or domain.endswith("." + restricted):
                raise ValueError(
                    f"{shown(value)} uses the restricted label domain {restricted!r}; choose your own, "
                    f"or {NODE_RESTRICTION_DOMAIN}/<name>"
                )
        return value

    @field_validator("exempt_namespaces")
    @classmethod
    def _exempt_once(cls, value: list[str]) -> list[str]:
        return unique_items(value)  # type: ignore[return-value]
