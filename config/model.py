"""The cluster config: one YAML file per cluster under clusters/, the only input of this product.

Every model is frozen and rejects unknown keys. Keys are camelCase, as in the Kubernetes
objects they become. Each field's description states its default; defaults are resolved
here, once, so the charts never guess.
"""

from __future__ import annotations

import datetime
import difflib
import json
import math
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ValidationInfo,
    field_validator,
    model_validator,
)
from pydantic.alias_generators import to_camel

from config import naming
from config.versions import Generation, KarpenterVersion

# --- reusable value types ---------------------------------------------------------------

CONTROL_PLANE_NAMESPACES = ("kube-node-lease", "kube-public", "kube-system")
RFC1123_LABEL = re.compile(r"^[a-z0-9]([-a-z0-9]*[a-z0-9])?$")
_QUANTITY = re.compile(
    r"^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E|[eE][+-]?[0-9]+)?$"
)
# Karpenter v1's own pattern (NodePool CRD: consolidateAfter, expireAfter).
_DURATION = re.compile(r"^([0-9]+(s|m|h))+$")
# Versions: vYYYYMMDD for AL2/AL2023, v1.x.y for Bottlerocket, latest (Windows: latest only).
_AMI_ALIAS = re.compile(r"^(al2|al2023|bottlerocket|windows2019|windows2022|windows2025)@(v[0-9][0-9.]*|latest)$")
_K8S_VERSION = re.compile(r"^1\.[0-9]{2}$")
# Kubelet (EC2NodeClass CRD rules): reserved resources, eviction signals and thresholds.
_RESERVED_KEYS = ("cpu", "memory", "ephemeral-storage", "pid")
_EVICTION_SIGNALS = (
    "memory.available", "nodefs.available", "nodefs.inodesFree", "imagefs.available", "imagefs.inodesFree", "pid.available",
)
_EVICTION_THRESHOLD = re.compile(
    r"^(([0-9]{1,2}(\.[0-9]{1,2})?|100(\.0{1,2})?)%|[+]?([0-9]+(\.[0-9]*)?|\.[0-9]+)(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E)?)$"
)


SHOWN_WHOLE, SHOWN_CHARACTERS = 200, 80


def shown(value: object) -> str:
    """A value as a problem shows it: its repr, or, past SHOWN_WHOLE characters, its first SHOWN_CHARACTERS and
    how long it was (a 100,000-character value would bury the message)."""
    text = repr(value)
    if len(text) <= SHOWN_WHOLE:
        return text
    size = f"{len(value):,} characters" if isinstance(value, str) else f"{len(text):,} characters written out"
    return f"{text[:SHOWN_CHARACTERS]}… ({size})"


def _quantity(value: object) -> object:
    """Accept YAML numbers for quantities (cpu: 100) and keep the canonical string form."""
    if isinstance(value, bool):
        return value  # rejected below as not a string
    if isinstance(value, int | float):
        return str(value)
    return value


# The suffixes of a Kubernetes quantity and what each multiplies by (binary, then decimal SI).
QUANTITY_UNITS = {"Ki": 2**10, "Mi": 2**20, "Gi": 2**30, "Ti": 2**40, "Pi": 2**50, "Ei": 2**60, "m": 1e-3, "k": 1e3,
                  "M": 1e6, "G": 1e9, "T": 1e12, "P": 1e15, "E": 1e18}


def quantity_value(value: object) -> float:
    """A Kubernetes quantity as a number ('64' < '128', '512Gi' < '1Ti'); inf for what is none."""
    text = str(value)
    for suffix in sorted(QUANTITY_UNITS, key=len, reverse=True):
        if text.endswith(suffix):
            try:
                return float(text[: -len(suffix)]) * QUANTITY_UNITS[suffix]
            except ValueError:
                return float("inf")
    try:
        return float(text)
    except ValueError:
        return float("inf")


def _no_bool(value: object) -> object:
    """pydantic reads true as 1 where a number belongs; YAML reads yes, no, on, off, true and false as booleans,
    so `weight: yes` would silently be weight 1."""
    if isinstance(value, bool):
        raise ValueError(f"{str(value).lower()} is a boolean (YAML reads yes/no/true/false as one); write a number")
    return value


Integer = Annotated[int, BeforeValidator(_no_bool)]


def _non_negative_quantity(value: str) -> str:
    if not _QUANTITY.fullmatch(value):
        raise ValueError(f"{shown(value)} is not a Kubernetes quantity like '100', '500m' or '64Gi'")
    if value.startswith("-"):
        raise ValueError(f"{shown(value)} is negative; a limit must be zero or more")
    return value


def _duration(value: str) -> str:
    if value != "Never" and not _DURATION.fullmatch(value):
        raise ValueError(f"{shown(value)} is not a duration like '30s', '15m', '720h' or '1h30m' (or 'Never')")
    return value


def _unique(values: list[Any] | None) -> list[Any] | None:
    if values is None:
        return None
    repeated = sorted({str(v) for v in values if values.count(v) > 1})
    if repeated:
        raise ValueError(f"{', '.join(repr(v) for v in repeated)} listed more than once; list each value once")
    return values


def _shaped(pattern: str, what: str, max_length: int | None = None) -> AfterValidator:
    """A validator that accepts strings matching the regular expression (and at most max_length long) and
    names what they must be otherwise. The whole string must match (fullmatch: `$` alone would let a trailing
    newline through), in ASCII (`\\w` is no non-ASCII letter: AWS and Kubernetes names are ASCII)."""
    compiled = re.compile(pattern, re.ASCII)

    def check(value: str) -> str:
        if (max_length is not None and len(value) > max_length) or not compiled.fullmatch(value):
            raise ValueError(f"{shown(value)} is not {what}")
        return value

    return AfterValidator(check)


Name = Annotated[str, _shaped(
    RFC1123_LABEL.pattern,
    "an RFC 1123 label: use at most 63 lowercase letters, digits and '-', starting and ending with a letter or digit",
    max_length=63,
)]
IamRoleName = Annotated[str, _shaped(r"^[\w+=,.@-]{1,64}$", "an IAM role name (1-64 of letters, digits and +=,.@_-)")]
InstanceProfileName = Annotated[
    str, _shaped(r"^[\w+=,.@-]{1,128}$", "an instance profile name (1-128 of letters, digits and +=,.@_-)")
]
RoleArn = Annotated[str, _shaped(
    r"^arn:aws[a-z-]*:iam::[0-9]{12}:role/[\w+=,.@/-]{1,512}$", "an IAM role ARN like 'arn:aws:iam::001234567890:role/name'"
)]
QueueName = Annotated[str, _shaped(r"^[A-Za-z0-9_-]{1,80}$", "an SQS queue name (1-80 of letters, digits, '-' and '_')")]
AccountId = Annotated[str, _shaped(r"^[0-9]{12}$", 'an AWS account id: exactly 12 digits, e.g. "001234567890"')]
Region = Annotated[str, _shaped(
    r"^([a-z]{2}(-gov|-iso[a-z]*)?|eusc-[a-z]{2})-[a-z]+-[0-9]$", "an AWS region like 'ca-central-1'"
)]
# Karpenter v1's own patterns (NodePool CRD: budget nodes and duration); a five-field cron or a macro.
BudgetNodes = Annotated[str, _shaped(r"^((100|[0-9]{1,2})%|[0-9]+)$", "a node count like '2' or a percentage like '10%'")]
BudgetDuration = Annotated[str, _shaped(
    r"^((([0-9]+(h|m))|([0-9]+h[0-9]+m))(0s)?)$", "a budget duration in hours and minutes like '8h' or '1h30m'"
)]
CronSchedule = Annotated[str, _shaped(
    r"^(@(annually|yearly|monthly|weekly|daily|midnight|hourly))$|^(\S+\s){4}\S+$",
    "a cron schedule like '0 9 * * mon-fri' or '@daily'",
)]
Quantity = Annotated[str, BeforeValidator(_quantity), AfterValidator(_non_negative_quantity)]
Duration = Annotated[str, AfterValidator(_duration)]
LabelKey = Annotated[str, _shaped(
    r"^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$",
    "a Kubernetes label key like 'team' or 'example.com/team'",
    max_length=316,
)]
LabelValue = Annotated[str, _shaped(
    r"^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$",
    "a Kubernetes label value: at most 63 letters, digits, '-', '_' or '.', starting and ending with a letter or digit",
    max_length=63,
)]


class Model(BaseModel):
    """Base of every config section: frozen, camelCase keys, unknown keys rejected."""

    model_config = ConfigDict(
        frozen=True,
        extra="forbid",
        alias_generator=to_camel,
        validate_by_alias=True,
        validate_by_name=False,
        serialize_by_alias=True,
        strict=False,
        # JSON of a section is what synth's part fingerprints hash (charts.cluster): NaN and the infinities must
        # not all read as null there, or an edit between them would keep a stale file (no field takes them
        # now, chart values included: this keeps a float field added later from doing it).
        ser_json_inf_nan="constants",
    )


def _generation(info: ValidationInfo) -> Generation | None:
    """The Karpenter generation the whole file asks for (None when its version is invalid)."""
    return (info.context or {}).get("generation")


# --- cluster ------------------------------------------------------------------------------


class ClusterConfig(Model):
    name: Name = Field(description="EKS cluster name; also the `karpenter.sh/discovery` tag value. Required.")
    account_id: AccountId = Field(description="AWS account id, 12 digits, quoted in YAML. Required.")
    region: Region = Field(description="AWS region, e.g. `ca-central-1`. Required.")
    kubernetes_version: str = Field(
        default="1.33",
        description="Kubernetes minor version, used to validate core kinds; must be in upstream's compatibility "
        "table for karpenter.version. Default `1.33`.",
    )
    endpoint: str | None = Field(
        default=None,
        description="API server endpoint; default: none, Karpenter discovers it with eks:DescribeCluster.",
    )
    oidc_provider: str | None = Field(
        default=None,
        description="IAM OIDC provider of the cluster, as IAM names it: host/path, e.g. "
        "`oidc.eks.ca-central-1.amazonaws.com/id/EXAMPLED539D4633E53DE1B71EXAMPLE` (for IRSA and the Terraform "
        "module). The issuer URL (`https://...`, what terraform-aws-eks' `cluster_oidc_issuer_url` output holds) is "
        "taken without its scheme. Default: none.",
    )

    @field_validator("oidc_provider", mode="before")
    @classmethod
    def _oidc_provider_as_iam_names_it(cls, value: object) -> object:
        """IAM's provider ARN and the trust's condition keys use host/path: `https://` would make them never match."""
        if not isinstance(value, str):
            return value
        text = value.removeprefix("https://").rstrip("/")
        if not re.fullmatch(r"[a-z0-9]([a-z0-9.-]*[a-z0-9])?(/[A-Za-z0-9._-]+)*", text, re.ASCII):
            raise ValueError(
                f"{shown(value)} is not an OIDC provider like 'oidc.eks.ca-central-1.amazonaws.com/id/EXAMPLE' (the "
                "cluster's OIDC issuer URL without https://)"
            )
        return text

    @field_validator("account_id", mode="before")
    @classmethod
    def _account_id_is_a_string(cls, value: object) -> object:
        if isinstance(value, int) and not isinstance(value, bool):
            raise ValueError(
                f"{shown(value)} is a YAML number; write the account id as a quoted 12-digit string, "
                "e.g. \"001234567890\", so leading zeros are kept"
            )
        return value

    @field_validator("kubernetes_version", mode="before")
    @classmethod
    def _kubernetes_version_shape(cls, value: object) -> object:
        if isinstance(value, float):
            raise ValueError(f"{shown(value)} is a YAML number; quote it, e.g. \"1.33\" (1.30 would read as 1.3)")
        if isinstance(value, str) and not _K8S_VERSION.fullmatch(value):
            raise ValueError(f"{shown(value)} is not a Kubernetes minor version like \"1.33\"")
        return value

    @field_validator("endpoint")
    @classmethod
    def _endpoint_is_https(cls, value: str | None) -> str | None:
        if value is not None and not value.startswith("https://"):
            raise ValueError(f"{shown(value)} is not an https:// URL")
        return value


# --- gitops -------------------------------------------------------------------------------


# The ServiceAccounts of Flux's own controllers (flux install / flux bootstrap writes them in Flux's namespace).
FLUX_CONTROLLER_ACCOUNTS = frozenset({
    "source-controller", "kustomize-controller", "helm-controller", "notification-controller",
    "image-reflector-controller", "image-automation-controller", "default",
})


class FluxSource(Model):
    url: str = Field(description="URL of this repository as Flux clones it: `ssh://git@…` or `https://…`. Required.")
    branch: str = Field(default="main", description="Branch Flux follows. Default `main`.")
    secret_ref: Name | None = Field(
        default=None,
        description="Secret in gitops.flux.namespace with the credentials (`flux create secret git`). Default none "
        "(a public repository).",
    )

    @field_validator("url")
    @classmethod
    def _git_url(cls, value: str) -> str:
        if not re.fullmatch(r"(ssh|https|http)://[^\s]+", value, re.ASCII):
            raise ValueError(f"{shown(value)} is not a Git URL Flux clones: ssh://git@host/org/repo or https://host/org/repo")
        return value


class FluxConfig(Model):
    namespace: Name = Field(
        default="flux-system", description="Namespace of the Flux Kustomizations. Default `flux-system`."
    )
    source_ref: Name = Field(
        default="flux-system",
        description="Name of the Flux GitRepository holding this repository. Default `flux-system`, the one `flux "
        "bootstrap` creates (named after Flux's namespace); another name needs `source` (synth then writes that "
        "GitRepository beside the root), else `validate` reports it.",
    )
    source: FluxSource | None = Field(
        default=None,
        description="This repository as a GitRepository of its own (`sourceRef`), written beside the root: for a "
        "fleet repository that `flux bootstrap` does not sync. Default none (the bootstrap GitRepository).",
    )
    interval: Duration = Field(default="10m", description="Flux reconcile interval. Default `10m`.")
    service_account_name: Name | None = Field(
        default=None,
        description="ServiceAccount the generated Kustomizations (in `namespace`) and HelmReleases (in "
        "karpenter.namespace) run as: what Flux's multi-tenancy lockdown (`--default-service-account`, "
        "flux2-multi-tenancy) requires. synth writes it in both namespaces, each bound to `cluster-admin` (the "
        "Karpenter chart installs CRDs and cluster roles): beside the root for the Kustomizations, in base/ for the "
        "HelmReleases. Default none (the controllers' own identity).",
    )

    @model_validator(mode="after")
    def _source_for_another_repository(self) -> FluxConfig:
        # `flux bootstrap` names its GitRepository after Flux's namespace (flux-system/flux-system by default).
        if self.source is not None and self.source_ref == self.namespace:
            raise FieldProblems([(("sourceRef",), (
                f"{self.namespace}/{self.source_ref} is the GitRepository `flux bootstrap` creates and owns; name this "
                "repository's own GitRepository otherwise (e.g. sourceRef: fleet)"))])
        return self


class ArgoCdConfig(Model):
    repo_url: str = Field(
        alias="repoURL", description="URL of this Git repository, as Argo CD knows it (Argo CD spelling). Required."
    )
    target_revision: str = Field(default="HEAD", description="Git revision Argo CD syncs. Default `HEAD`.")
    namespace: Name = Field(default="argocd", description="Namespace of the Applications. Default `argocd`.")
    project: Name = Field(default="default", description="Argo CD project of the Applications. Default `default`.")
    destination_server: str = Field(
        default="https://kubernetes.default.svc",
        description="API server of the cluster Argo CD deploys to. Default: the cluster Argo CD runs in.",
    )
    prune: bool = Field(default=True, description="Automated sync deletes what left the repository. Default true.")
    self_heal: bool = Field(default=True, description="Automated sync reverts changes made in the cluster. Default true.")


class GitOpsConfig(Model):
    engine: Literal["flux", "argocd"] = Field(default="flux", description="What syncs dist/. Default `flux`.")
    path: str | None = Field(
        default=None,
        description="Path of this cluster's dist/ folder in the Git repository. Default `./dist/<file name>`.",
    )
    flux: FluxConfig = Field(default_factory=FluxConfig, description="Flux settings (engine `flux`).")
    argocd: ArgoCdConfig | None = Field(default=None, description="Argo CD settings; required for engine `argocd`.")

    @field_validator("path")
    @classmethod
    def _relative_path(cls, value: str | None) -> str | None:
        if value is not None and (value.startswith("/") or ".." in value.split("/")):
            raise ValueError(f"{shown(value)} must be a path inside the repository, like './dist/acme'")
        return value

    @model_validator(mode="after")
    def _engine_settings(self) -> GitOpsConfig:
        if self.engine == "argocd" and self.argocd is None:
            raise ValueError("engine argocd needs an 'argocd' section with at least repoURL (this repository's URL)")
        if self.engine == "flux" and self.argocd is not None:
            raise ValueError("an 'argocd' section is set but engine is flux: set engine: argocd or remove it")
        if self.engine == "argocd" and "flux" in self.model_fields_set:
            raise ValueError("a 'flux' section is set but engine is argocd: remove it")
        return self


# The ids of a cluster's install stages (charts.stages builds the stages in this order; each GitOps engine names its
# applier of a stage <key>-<id>, beside <key>-root): base, CRDs (1.x), controller, cluster-wide overlays, node pools.
BASE_STAGE = "karpenter-base"
CRD_STAGE = "karpenter-crd"
CONTROLLER_STAGE = "karpenter"
OVERLAYS_STAGE = "karpenter-overlays"


def tenant_stage_id(tenant: str) -> str:
    """The id of a tenant's node pool stage: nodepool-<tenant>."""
    return f"nodepool-{tenant}"


def quota_stage_id(tenant: str) -> str:
    """The id of a tenant's ResourceQuota stage (with `quota`): quota-<tenant>."""
    return f"quota-{tenant}"


def buffers_stage_id(tenant: str) -> str:
    """The id of a tenant's CapacityBuffer stage (with `buffers`): buffers-<tenant>."""
    return f"buffers-{tenant}"


def install_stage_ids(config: ClusterFile) -> list[str]:
    """The ids of a cluster's install stages, in charts.stages.install_stages' order."""
    ids = [BASE_STAGE, *([CRD_STAGE] if config.generation is Generation.V1 else []), CONTROLLER_STAGE]
    ids += [OVERLAYS_STAGE] if config.overlays else []
    for tenant in config.sorted_tenants():
        ids.append(tenant_stage_id(tenant.name))
        ids += [quota_stage_id(tenant.name)] if tenant.quota is not None else []
        ids += [buffers_stage_id(tenant.name)] if tenant.buffers else []
    return ids


def applier_names(key: str, config: ClusterFile) -> list[str]:
    """The names of a cluster's appliers (Argo CD Applications, Flux Kustomizations): <key>-root and <key>-<stage>."""
    return [f"{key}-root", *(f"{key}-{stage}" for stage in install_stage_ids(config))]


# --- karpenter ----------------------------------------------------------------------------


class Resources(Model):
    cpu: Quantity = Field(default="1", description="CPU request and limit of the controller. Default `1`.")
    memory: Quantity = Field(default="1Gi", description="Memory request and limit of the controller. Default `1Gi`.")


class Toleration(Model):
    key: str | None = Field(default=None, description="Taint key; none with operator Exists: every taint.")
    operator: Literal["Equal", "Exists"] = Field(default="Equal", description="Default `Equal`.")
    value: str | None = Field(default=None, description="With Equal: the taint value.")
    effect: Literal["NoSchedule", "PreferNoSchedule", "NoExecute"] | None = Field(
        default=None, description="Default: every effect."
    )
    toleration_seconds: Integer | None = Field(default=None, ge=0, description="NoExecute only. Default: forever.")


class TopologySpread(Model):
    max_skew: Integer = Field(default=1, ge=1, description="Default 1.")
    topology_key: str = Field(description="Node label to spread over, e.g. `topology.kubernetes.io/zone`. Required.")
    when_unsatisfiable: Literal["DoNotSchedule", "ScheduleAnyway"] = Field(
        default="DoNotSchedule", description="Default `DoNotSchedule`."
    )


class ServiceMonitor(Model):
    enabled: bool = Field(default=False, description="Create a Prometheus Operator ServiceMonitor. Default false.")
    additional_labels: dict[LabelKey, LabelValue] = Field(
        default_factory=dict, description="Labels your Prometheus selects ServiceMonitors by. Default none."
    )


class Webhook(Model):
    enabled: bool = Field(default=True, description="0.31: serve the validating/defaulting webhooks. Default true.")
    port: Integer = Field(default=8443, ge=1024, le=65535, description="0.31: the webhook's container port. Default 8443.")


class ControllerConfig(Model):
    node_group: Name = Field(
        default="core",
        description="EKS managed node group that runs the controller (never Karpenter's own nodes). Default `core`.",
    )
    replicas: Integer = Field(default=2, ge=1, le=10, description="Controller replicas. Default 2 (HA).")
    resources: Resources = Field(
        default_factory=Resources, description="Requests = limits (Guaranteed QoS). Default 1 CPU, 1Gi."
    )
    log_level: Literal["debug", "info", "error"] = Field(default="info", description="Default `info`.")
    pod_annotations: dict[str, str] = Field(default_factory=dict, description="Controller pod annotations. Default none.")
    pod_labels: dict[LabelKey, LabelValue] = Field(default_factory=dict, description="Controller pod labels. Default none.")
    priority_class_name: Name | None = Field(
        default=None, description="Default: the chart's `system-cluster-critical`."
    )
    tolerations: list[Toleration] = Field(
        default_factory=list,
        description="Tolerations added to the chart's own (`CriticalAddonsOnly`), e.g. for a tainted core node group.",
    )
    topology_spread_constraints: list[TopologySpread] | None = Field(
        default=None,
        description="Replace the chart's spread (one replica per zone at most skew 1); the chart adds the label "
        "selector. Default: the chart's.",
    )
    image_repository: str | None = Field(
        default=None,
        description="Controller image repository, for a private mirror of `public.ecr.aws/karpenter/controller` "
        "(the chart's tag and digest are kept, so the mirror must keep digests). Default: upstream's.",
    )


_DIGEST = re.compile(r"^sha256:[0-9a-f]{64}$")
# Karpenter publishes its charts (karpenter and karpenter-crd, one release script) signed with cosign keyless
# from GitHub Actions since 0.35.0 (aws/karpenter-provider-aws#5609, "Verification" in the chart's README):
# issuer GitHub's OIDC provider, subject the release workflow at the release tag.
FIRST_SIGNED_CHART = (0, 35, 0)
KARPENTER_SIGNING_ISSUER = r"^https://token\.actions\.githubusercontent\.com$"
KARPENTER_SIGNING_SUBJECT = r"^https://github\.com/aws/karpenter-provider-aws/\.github/workflows/release\.yaml@refs/tags/v{version}$"
CHARTS = ("karpenter", "karpenter-crd")


def _regex(value: str) -> str:
    try:
        re.compile(value)
    except re.error as error:
        raise ValueError(f"{shown(value)} is not a regular expression ({error})") from None
    return value


Regex = Annotated[str, AfterValidator(_regex)]


_ISSUER_HELP = (
    "Regular expression the signing certificate's OIDC issuer must match. Default: GitHub Actions' issuer, which "
    "signs Karpenter's releases."
)
_SUBJECT_HELP = (
    "Regular expression the certificate's subject must match. Default: Karpenter's release workflow at the pinned "
    "version's tag (`https://github.com/aws/karpenter-provider-aws/.github/workflows/release.yaml@refs/tags/v<version>`)."
)


class ChartVerify(Model):
    provider: Literal["cosign"] = Field(description="Signature provider: `cosign` (keyless). Required.")
    issuer: Regex = Field(default=KARPENTER_SIGNING_ISSUER, description=_ISSUER_HELP)
    subject: Regex | None = Field(default=None, description=_SUBJECT_HELP)


class ChartSource(Model):
    digests: dict[str, str] = Field(
        default_factory=dict,
        description="Pin a chart (`karpenter`, and on 1.x `karpenter-crd`) to its OCI manifest digest "
        "(`sha256:` and 64 hex digits, e.g. from `crane digest public.ecr.aws/karpenter/karpenter:1.14.1`): the "
        "tag can be moved, the digest cannot. Flux: OCIRepository `ref.digest`; Argo CD (3.1 or later): an "
        "`oci://` source with the digest as targetRevision. Default none.",
    )
    verify: ChartVerify | None = Field(
        default=None,
        description="Flux only, Karpenter 1.x only: verify the charts' cosign keyless signatures (OCIRepository "
        "`verify` with `matchOIDCIdentity`). Upstream signs its charts from 0.35.0 on; Argo CD verifies GnuPG "
        "signatures of Git commits only. Default: not verified.",
    )

    @field_validator("digests")
    @classmethod
    def _digests(cls, value: dict[str, str], info: ValidationInfo) -> dict[str, str]:
        charts = CHARTS if _generation(info) is not Generation.V1ALPHA5 else CHARTS[:1]
        problems = []
        for chart, digest in value.items():
            if chart not in charts:
                problems.append(f"{chart!r} is not a chart this cluster installs: one of {', '.join(charts)}")
            elif not isinstance(digest, str) or not _DIGEST.fullmatch(digest):
                problems.append(
                    f"{chart}: {digest!r} is not an OCI digest: 'sha256:' and 64 lowercase hex digits (e.g. from "
                    f"`crane digest public.ecr.aws/karpenter/{chart}:<version>`)"
                )
        if problems:
            raise ValueError("; ".join(problems))
        return value


class ControllerRole(Model):
    arn: RoleArn | None = Field(default=None, description="Full role ARN. Default: derived from account id and name.")
    name: IamRoleName | None = Field(default=None, description="Role name. Default `karpenter-controller-<cluster>`.")

    @model_validator(mode="after")
    def _one_of(self) -> ControllerRole:
        if self.arn is not None and self.name is not None:
            raise ValueError("set either 'arn' or 'name', not both")
        return self


class KarpenterConfig(Model):
    version: str = Field(description="Karpenter release, e.g. `1.14.1` or `0.31.5`. Required.")
    namespace: Name = Field(default="karpenter", description="Controller namespace. Default `karpenter`.")
    service_account: Name = Field(default="karpenter", description="Controller service account. Default `karpenter`.")
    controller_role: ControllerRole = Field(
        default_factory=ControllerRole,
        description="IAM role of the controller (IRSA or Pod Identity, see `identity`). Default: "
        "`karpenter-controller-<cluster>` in the cluster's account.",
    )
    identity: Literal["irsa", "podIdentity"] | None = Field(
        default=None,
        description="How the controller gets its role's credentials. `podIdentity`: EKS Pod Identity, an "
        "`aws_eks_pod_identity_association` in terraform/ and no role annotation on the ServiceAccount (the cluster "
        "needs the `eks-pod-identity-agent` add-on; Karpenter 1.x only). `irsa`: the ServiceAccount's "
        "`eks.amazonaws.com/role-arn` annotation and an OIDC trust (needs `cluster.oidcProvider`). Default "
        "`podIdentity` on 1.x, as terraform-aws-eks' `modules/karpenter` does since v21 (it removed IRSA: \"Native "
        "support for IAM roles for service accounts (IRSA) has been removed; EKS Pod Identity is now enabled by "
        "default\", its docs/UPGRADE-21.0.md); `irsa` on 0.31, which predates EKS Pod Identity. Switching is shown "
        "by `plan` with the order to follow (docs/configuration.md).",
    )
    interruption_queue: QueueName | None = Field(
        default=None, description="SQS interruption queue name. Default `karpenter-<cluster>`."
    )
    default_instance_profile: InstanceProfileName | None = Field(
        default=None,
        description="0.31 only: `settings.aws.defaultInstanceProfile`. Default: none (each tenant names its own).",
    )
    controller: ControllerConfig = Field(default_factory=ControllerConfig, description="Controller placement.")
    upgrading_from: str | None = Field(
        default=None,
        description="The 0.31 release the running cluster is being upgraded from (`0.31.5`), while it walks the upgrade "
        "path (docs/upgrade-031.md): on 0.31.x and at the 1.0.x stop, aws.json then adds the controller policy the "
        "0.32-1.0 controllers need, beside the version's own. Written by `migrate --step`; removed by its last step. "
        "Default: none.",
    )
    feature_gates: dict[str, bool] = Field(
        default_factory=dict,
        description="The chart's `settings.featureGates`: on 1.x spotToSpotConsolidation, nodeRepair, reservedCapacity, "
        "nodeOverlay, staticCapacity, capacityBuffer; on 0.31 driftEnabled. Default: the chart's.",
    )
    service_monitor: ServiceMonitor = Field(default_factory=ServiceMonitor, description="Prometheus scraping.")
    webhook: Webhook | None = Field(default=None, description="0.31 only: the chart's webhook. Default: the chart's.")
    chart_source: ChartSource = Field(
        default_factory=ChartSource, description="Where the charts come from: digest pins, signature verification."
    )
    values: dict[str, Any] = Field(
        default_factory=dict,
        description="Any other value of the karpenter chart, deep-merged last over the generated ones. Every key is "
        "checked against the chart's own values.yaml for this version (an unknown key is an error naming the nearest "
        "one; needs the reference data in ../shared). Only what JSON holds: quote dates, `.nan`/`.inf` and keys "
        "such as `yes` or `1`. Default none.",
    )

    @field_validator("version", mode="before")
    @classmethod
    def _version_is_a_string(cls, value: object) -> object:
        if isinstance(value, int | float) and not isinstance(value, bool):
            raise ValueError(f"{shown(value)} is a YAML number; quote the version, e.g. \"1.14.1\"")
        return value

    @field_validator("version")
    @classmethod
    def _supported_version(cls, value: str) -> str:
        return str(KarpenterVersion.parse(value))

    @field_validator("default_instance_profile")
    @classmethod
    def _only_on_v1alpha5(cls, value: str | None, info: ValidationInfo) -> str | None:
        if value is not None and _generation(info) is Generation.V1:
            raise ValueError(
                "defaultInstanceProfile is a Karpenter 0.31 setting; Karpenter 1.x creates instance "
                "profiles from each tenant's nodeRole: remove it"
            )
        return value

    @field_validator("upgrading_from")
    @classmethod
    def _upgrade_stop(cls, value: str | None, info: ValidationInfo) -> str | None:
        if value is None:
            return value
        try:
            parsed = KarpenterVersion.parse(value)
        except ValueError:
            parsed = None
        if parsed is None or parsed.generation is not Generation.V1ALPHA5:
            raise ValueError(f"{shown(value)}: upgradingFrom names the 0.31 release the cluster came from, e.g. \"0.31.5\"")
        version = info.data.get("version")
        if isinstance(version, str) and not version.startswith(("0.31.", "1.0.")):
            raise ValueError(
                f"the 0.31 -> 1.x upgrade stops at 1.0.x (its conversion webhooks serve the v1beta1 objects; 1.1+ serves "
                f"only v1): set karpenter.version to 1.0.x, migrate the stored versions, then remove upgradingFrom for "
                f"{version} (`python main.py migrate FILE --step finish`)"
            )
        return str(parsed)

    @field_validator("feature_gates")
    @classmethod
    def _known_gates(cls, value: dict[str, bool], info: ValidationInfo) -> dict[str, bool]:
        generation = _generation(info)
        known = FEATURE_GATES.get(generation) if generation else None
        for gate in value:
            if known is not None and gate not in known:
                raise ValueError(
                    f"{gate!r} is not a feature gate of the {generation.value if generation else ''} chart: one of "
                    f"{', '.join(sorted(known))}"
                )
        return value

    @field_validator("webhook")
    @classmethod
    def _webhook_on_v1alpha5(cls, value: Webhook | None, info: ValidationInfo) -> Webhook | None:
        if value is not None and _generation(info) is Generation.V1:
            raise ValueError("webhook is a Karpenter 0.31 setting; 1.x serves no webhooks: remove it")
        return value

    @field_validator("identity")
    @classmethod
    def _pod_identity_on_v1(cls, value: str | None, info: ValidationInfo) -> str | None:
        if value == "podIdentity" and _generation(info) is Generation.V1ALPHA5:
            raise ValueError(
                "podIdentity needs Karpenter 1.x: 0.31 predates EKS Pod Identity (Karpenter's guides use it from "
                "0.34 on) and this product supports no release in between; set identity: irsa (or leave it unset) "
                "until `migrate` has moved the cluster to 1.x"
            )
        return value

    @model_validator(mode="after")
    def _values_do_not_take_over(self) -> KarpenterConfig:
        """karpenter.values may set what the product does not own, never what it does: the service account and its
        identity, the image without a digest, host namespaces and paths, fewer replicas, the cluster's name and
        endpoint. Each is a config error naming the typed setting (or why there is none)."""
        values, problems = self.values, []

        def at(*path: str) -> Any:
            node: Any = values
            for key in path:
                node = node.get(key) if isinstance(node, dict) else None
            return node

        if "serviceAccount" in values:
            problems.append((("values", "serviceAccount"), (
                "the product writes the controller's ServiceAccount (base/) and its identity: set karpenter.serviceAccount "
                "(its name) and karpenter.identity (irsa, with karpenter.controllerRole, or podIdentity) instead"
            )))
        image = at("controller", "image")
        if isinstance(image, dict) and "repository" in image and not image.get("digest"):
            problems.append((("values", "controller", "image", "repository"), (
                "an image repository without controller.image.digest runs whatever its tag points to: set "
                "karpenter.controller.imageRepository and pin the digest (values controller.image.digest)"
            )))
        for key in ("hostNetwork", "hostPID", "hostIPC"):
            if at(key) or at("controller", key):
                problems.append((("values", key), f"{key} gives the controller the node's namespaces: not allowed"))
        for index, volume in enumerate(at("extraVolumes") or []):
            if isinstance(volume, dict) and "hostPath" in volume:
                problems.append((("values", "extraVolumes", index, "hostPath"),
                                 "a hostPath volume gives the controller the node's files: not allowed"))
        if "replicas" in values:
            problems.append((("values", "replicas"), "set karpenter.controller.replicas (at least 2 keeps it highly "
                                                      "available; its PodDisruptionBudget follows it)"))
        for key, typed in (("clusterName", "cluster.name"), ("clusterEndpoint", "cluster.endpoint"),
                           ("interruptionQueue", "karpenter.interruptionQueue")):
            if at("settings", key) is not None:
                problems.append((("values", "settings", key), f"set {typed}: synth writes it into the chart's settings"))
        if problems:
            raise FieldProblems(problems)
        return self

    @model_validator(mode="after")
    def _helm_values_only(self) -> KarpenterConfig:
        problems = list(_not_helm_values(self.values, ("values",)))
        if problems:
            raise FieldProblems(problems)
        return self

    @model_validator(mode="after")
    def _signed_charts_only(self) -> KarpenterConfig:
        version = KarpenterVersion.parse(self.version)
        if self.chart_source.verify is not None and (version.major, version.minor, version.patch) < FIRST_SIGNED_CHART:
            raise FieldProblems([(("chartSource", "verify"), (
                f"Karpenter {version}'s charts are not signed: upstream signs its OCI charts (cosign keyless, from "
                "its GitHub release workflow) from 0.35.0 on (aws/karpenter-provider-aws#5609); remove verify and "
                "pin chartSource.digests instead"
            ))])
        return self

    @property
    def parsed_version(self) -> KarpenterVersion:
        return KarpenterVersion.parse(self.version)

    @property
    def identity_mode(self) -> str:
        """`irsa` or `podIdentity`: as written, else podIdentity on 1.x and irsa on 0.31 (see `identity`)."""
        if self.identity is not None:
            return self.identity
        return "podIdentity" if self.parsed_version.generation is Generation.V1 else "irsa"

    def chart_subject(self) -> str:
        """The certificate subject a chart signature must have (chartSource.verify)."""
        verify = self.chart_source.verify
        assert verify is not None
        return verify.subject or KARPENTER_SIGNING_SUBJECT.format(version=re.escape(str(self.parsed_version)))


# The ServiceAccount annotation of IRSA: EKS's pod identity webhook gives the pods that role's web identity.
def unknown_value_keys(values: Any, chart: Any, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], str]]:
    """(path, message) for every key of `values` the chart's values.yaml does not have. Below a key whose
    default is an empty map, a list or null the chart takes anything (podAnnotations, env, ...)."""
    if not isinstance(values, dict) or not isinstance(chart, dict) or not chart:
        return []
    found = []
    for key, value in values.items():
        if key not in chart:
            keys = sorted(str(k) for k in chart)
            nearest = difflib.get_close_matches(str(key), keys, n=1) or [
                k for k in keys if k.lower().startswith(str(key).lower()) or str(key).lower().startswith(k.lower())
            ][:1]
            hint = f"; did you mean {nearest[0]!r}?" if nearest else f"; the chart has {', '.join(sorted(map(str, chart)))}"
            where = ".".join(path) or "the top level"
            found.append(((*path, str(key)), f"{key!r} is not a value of the karpenter chart at {where}{hint}"))
        else:
            found += unknown_value_keys(value, chart[key], (*path, str(key)))
    return found


ROLE_ANNOTATION = "eks.amazonaws.com/role-arn"


# The chart's settings.featureGates per generation (values.yaml of 1.14.1 and 0.31.5; a test compares).
FEATURE_GATES: dict[Generation, frozenset[str]] = {
    Generation.V1: frozenset(
        {"nodeRepair", "nodeOverlay", "reservedCapacity", "spotToSpotConsolidation", "staticCapacity", "capacityBuffer"}
    ),
    Generation.V1ALPHA5: frozenset({"driftEnabled"}),
}


# --- tenants ------------------------------------------------------------------------------


class Requirement(Model):
    """A raw node selector requirement, passed through as written."""

    key: LabelKey = Field(description="Node label key, e.g. `karpenter.k8s.aws/instance-cpu`. Required.")
    operator: Literal["In", "NotIn", "Exists", "DoesNotExist", "Gt", "Lt", "Gte", "Lte"] = Field(
        description="Required. Gte and Lte need Karpenter 1.x."
    )
    values: list[str] = Field(default_factory=list, description="Values; numbers are written as strings. Default none.")
    min_values: Integer | None = Field(default=None, ge=1, le=50, description="1.x only. Default: none.")

    @field_validator("values", mode="before")
    @classmethod
    def _stringify(cls, value: object) -> object:
        if isinstance(value, list):
            return [str(v) if isinstance(v, int | float) and not isinstance(v, bool) else v for v in value]
        return value

    @model_validator(mode="after")
    def _operator_values(self) -> Requirement:
        if self.operator in ("Exists", "DoesNotExist") and self.values:
            raise ValueError(f"operator {self.operator} takes no values")
        if self.operator in ("In", "NotIn") and not self.values:
            raise ValueError(f"operator {self.operator} needs at least one value")
        if self.operator in ("Gt", "Lt", "Gte", "Lte") and (len(self.values) != 1 or not re.fullmatch(r"^[0-9]+$", self.values[0])):
            raise ValueError(f"operator {self.operator} needs exactly one non-negative integer value")
        return self


REQUIREMENT_KEYS: dict = json.loads((Path(__file__).parent / "requirement_keys.json").read_text())


def restricted_requirement_key(key: str, kind: str) -> str | None:
    """Why the 1.x CRD of `kind` (NodePool, NodeOverlay) refuses a requirement on `key` (its CEL rules, as
    config/requirement_keys.json lists them), or None."""
    if key in REQUIREMENT_KEYS["always_restricted"]:
        return f"label {key!r} is restricted: the {kind} CRD refuses it (every node has its own)"
    prefix = key.split("/", 1)[0]  # the CEL rule's self.find("^([^/]+)")
    for domain, allowed in REQUIREMENT_KEYS[kind].items():
        if prefix.endswith(domain) and key not in allowed:
            import difflib

            near = difflib.get_close_matches(key, allowed, n=1)
            return (f"{shown(key)} is in the label domain {domain!r}, where the {kind} CRD accepts only Karpenter's "
                    "well-known labels (config/requirement_keys.json)"
                    + (f": did you mean {near[0]!r}?" if near else ": use one of them or a label of your own"))
    return None


class Requirements(Model):
    """Typed instance requirements; each list becomes an `In` requirement on Karpenter's well-known label."""

    instance_categories: list[str] = Field(
        default_factory=list, description="e.g. [c, m, r]. Default: any (Karpenter default)."
    )
    instance_families: list[str] = Field(default_factory=list, description="e.g. [m7i, c7g]. Default: any.")
    instance_sizes: list[str] = Field(default_factory=list, description="e.g. [large, xlarge]. Default: any.")
    instance_generations: list[Integer] = Field(
        default_factory=list, description="e.g. [6, 7]. Default: any newer than 2 (generation > 2)."
    )
    instance_types: list[str] = Field(
        default_factory=list,
        description="Exact EC2 instance types, e.g. [m7i.large, m7i.xlarge] (node.kubernetes.io/instance-type), as a "
        "node group lists them. Narrower than families and sizes: Karpenter picks among fewer types (fewer spot pools "
        "to fall back on). Default: any.",
    )
    capacity_types: list[Literal["spot", "on-demand", "reserved"]] = Field(
        default_factory=list, description="Default `[on-demand]` (with `defaults`)."
    )
    architectures: list[Literal["amd64", "arm64"]] = Field(
        default_factory=list, description="Default `[amd64]` (with `defaults`)."
    )
    zones: list[str] = Field(default_factory=list, description="Availability zones. Default: every zone of the subnets.")
    operating_systems: list[Literal["linux", "windows"]] = Field(
        default_factory=list, description="Default `[linux]` (with `defaults`)."
    )
    gpu_manufacturers: list[Literal["nvidia", "amd", "aws", "habana"]] = Field(
        default_factory=list, description="GPU instances of these makers (instance-gpu-manufacturer). Default: any."
    )
    gpu_counts: list[Integer] = Field(
        default_factory=list, description="GPUs per instance, e.g. [1, 4] (instance-gpu-count). Default: any."
    )
    extra: list[Requirement] = Field(default_factory=list, description="Raw requirements appended as written.")
    defaults: bool = Field(
        default=True,
        description="Add this product's defaults for keys left unset (on-demand, amd64, linux, generation > 2). "
        "Default true; `import` writes false so only what the manifests say is emitted.",
    )

    @field_validator("instance_categories", "instance_families", "instance_sizes")
    @classmethod
    def _lowercase_words(cls, value: list[str]) -> list[str]:
        for item in value:
            if not re.fullmatch(r"^[a-z0-9-]+$", item):
                raise ValueError(f"{item!r} is not an EC2 instance type component (lowercase letters and digits)")
        return value

    @field_validator("instance_types")
    @classmethod
    def _instance_types(cls, value: list[str]) -> list[str]:
        for item in value:
            if not re.fullmatch(r"^[a-z0-9-]+\.[a-z0-9-]+$", item, re.ASCII):
                raise ValueError(f"{item!r} is not an EC2 instance type like 'm7i.large' (family '.' size, lowercase)")
        return value

    @field_validator(
        "instance_categories", "instance_families", "instance_sizes", "instance_generations", "instance_types", "capacity_types",
        "architectures", "zones", "operating_systems", "gpu_manufacturers", "gpu_counts",
    )
    @classmethod
    def _each_once(cls, value: list[Any]) -> list[Any]:
        return _unique(value)  # type: ignore[return-value]

    @field_validator("capacity_types", "architectures", "operating_systems", mode="before")
    @classmethod
    def _not_empty(cls, value: object) -> object:
        if value == []:
            raise ValueError("must list at least one value (omit the key for the default)")
        return value

    @model_validator(mode="after")
    def _no_duplicates_of_typed_keys(self) -> Requirements:
        for requirement in self.extra:
            field = next((f for f, key in TYPED_REQUIREMENT_KEYS.items() if key == requirement.key), None)
            if field is not None and getattr(self, field):
                raise ValueError(
                    f"extra requirement {requirement.key!r} conflicts with '{to_camel(field)}', which already "
                    "sets that key (by default or as written); keep one of them"
                )
        return self


TYPED_REQUIREMENT_KEYS: dict[str, str] = {
    "instance_categories": "karpenter.k8s.aws/instance-category",
    "instance_families": "karpenter.k8s.aws/instance-family",
    "instance_sizes": "karpenter.k8s.aws/instance-size",
    "instance_generations": "karpenter.k8s.aws/instance-generation",
    "instance_types": "node.kubernetes.io/instance-type",
    "capacity_types": "karpenter.sh/capacity-type",
    "architectures": "kubernetes.io/arch",
    "zones": "topology.kubernetes.io/zone",
    "operating_systems": "kubernetes.io/os",
    "gpu_manufacturers": "karpenter.k8s.aws/instance-gpu-manufacturer",
    "gpu_counts": "karpenter.k8s.aws/instance-gpu-count",
}


class Limits(Model):
    """Caps on the sum over the tenant's nodes; every resource Karpenter counts, each unlimited by default."""

    cpu: Quantity | None = Field(default=None, description="Total CPU of the tenant's nodes. Default: unlimited.")
    memory: Quantity | None = Field(default=None, description="Total memory of the tenant's nodes. Default: unlimited.")
    ephemeral_storage: Quantity | None = Field(
        default=None, alias="ephemeral-storage", description="Total ephemeral storage. Default: unlimited."
    )
    nvidia_gpu: Quantity | None = Field(default=None, alias="nvidia.com/gpu", description="NVIDIA GPUs. Default: unlimited.")
    amd_gpu: Quantity | None = Field(default=None, alias="amd.com/gpu", description="AMD GPUs. Default: unlimited.")
    neuron: Quantity | None = Field(
        default=None, alias="aws.amazon.com/neuron", description="AWS Inferentia/Trainium devices. Default: unlimited."
    )
    nodes: Quantity | None = Field(default=None, description="1.x: number of nodes. Default: unlimited.")

    def resources(self) -> dict[str, str]:
        """The set limits by resource name, cpu and memory first (the order Karpenter's docs use)."""
        return {
            info.alias or name: value
            for name, info in type(self).model_fields.items()
            if (value := getattr(self, name)) is not None
        }


class Taint(Model):
    key: LabelKey = Field(description="Taint key. Required.")
    value: LabelValue | None = Field(default=None, description="Taint value. Default none.")
    effect: Literal["NoSchedule", "PreferNoSchedule", "NoExecute"] = Field(description="Required.")


class Budget(Model):
    nodes: BudgetNodes = Field(default="10%", description="Nodes disrupted at once, count or percent. Default `10%`.")
    schedule: CronSchedule | None = Field(default=None, description="Cron schedule when the budget starts. Default: always.")
    duration: BudgetDuration | None = Field(default=None, description="How long after each schedule hit. Required with schedule.")
    reasons: list[Literal["Underutilized", "Empty", "Drifted"]] | None = Field(
        default=None, description="Disruption reasons it applies to. Default: all."
    )

    @field_validator("nodes", mode="before")
    @classmethod
    def _int_nodes(cls, value: object) -> object:
        return str(value) if isinstance(value, int) and not isinstance(value, bool) else value

    @field_validator("reasons")
    @classmethod
    def _reasons_once(cls, value: list[str] | None) -> list[str] | None:
        return _unique(value)

    @model_validator(mode="after")
    def _schedule_with_duration(self) -> Budget:
        if (self.schedule is None) != (self.duration is None):
            raise ValueError("'schedule' and 'duration' must be set together")
        return self


class Disruption(Model):
    consolidation_policy: Literal["WhenEmptyOrUnderutilized", "WhenEmpty", "Balanced"] = Field(
        default="WhenEmptyOrUnderutilized",
        description="Default `WhenEmptyOrUnderutilized`; `Balanced` (Karpenter >= 1.14) consolidates only where the "
        "savings outweigh the pods' disruption; 0.31: `consolidation.enabled` / `ttlSecondsAfterEmpty`.",
    )
    consolidate_after: Duration = Field(
        default="1m",
        description="Wait before consolidating. Default `1m`; 0.31 uses it for ttlSecondsAfterEmpty with WhenEmpty.",
    )
    expire_after: Duration = Field(
        default="720h", description="Node lifetime, or `Never`. Default `720h`; 0.31: ttlSecondsUntilExpired."
    )
    budgets: list[Budget] | None = Field(default=None, description="1.x only. Default: Karpenter's (10% of nodes).")


class AmiSelectorTerm(Model):
    id: str | None = Field(default=None, description="AMI id.")
    name: str | None = Field(default=None, description="AMI name (wildcards allowed).")
    owner: str | None = Field(default=None, description="AMI owner (account id or alias), with name or tags.")
    tags: dict[str, str] | None = Field(default=None, description="AMI tags.")
    ssm_parameter: str | None = Field(default=None, description="1.x: SSM parameter holding the AMI id.")

    @model_validator(mode="after")
    def _one_kind(self) -> AmiSelectorTerm:
        if self.id is not None and any(v is not None for v in (self.name, self.owner, self.tags, self.ssm_parameter)):
            raise ValueError("'id' cannot be combined with other fields in an AMI selector term")
        if all(v is None for v in (self.id, self.name, self.tags, self.ssm_parameter)):
            raise ValueError("an AMI selector term needs one of id, name, tags or ssmParameter")
        return self


class Ami(Model):
    alias: str | None = Field(
        default=None, description="1.x: AMI alias, e.g. `al2023@v20261101`. Default `al2023@latest` (warned)."
    )
    family: Literal["AL2", "AL2023", "Bottlerocket", "Ubuntu", "Windows2019", "Windows2022", "Custom"] | None = Field(
        default=None,
        description="amiFamily: 0.31 (default `AL2`); 1.x with selectorTerms (required there), or `Custom` beside an "
        "alias (Karpenter then finds the alias's AMIs but merges no user data and attaches no default disks). "
        "Ubuntu on 1.x (selectorTerms only) is written as Karpenter's v1 migration guide says: `AL2` user data and "
        "Ubuntu's `/dev/sda1` root disk.",
    )
    selector_terms: list[AmiSelectorTerm] | None = Field(
        default=None, description="Custom AMIs instead of an alias (1.x amiSelectorTerms, 0.31 amiSelector). Default none."
    )

    @model_validator(mode="after")
    def _alias_or_terms(self) -> Ami:
        if self.alias is not None and self.selector_terms is not None:
            raise ValueError("set either 'alias' or 'selectorTerms', not both")
        return self

    @field_validator("alias")
    @classmethod
    def _alias_shape(cls, value: str | None) -> str | None:
        if value is not None and not _AMI_ALIAS.fullmatch(value):
            raise ValueError(
                f"{shown(value)} is not an AMI alias like 'al2023@v20261101' (family al2, al2023, bottlerocket, "
                "windows2019, windows2022 or windows2025; version like v20261101, v1.30.0 or latest)"
            )
        return value


class CapacityReservationTerm(Model):
    id: str | None = Field(default=None, description="A capacity reservation id, `cr-…`.")
    tags: dict[str, str] | None = Field(default=None, description="Reservations carrying all these tags.")
    owner_id: str | None = Field(default=None, alias="ownerID", description="With tags: the owning account.")

    @model_validator(mode="after")
    def _id_or_tags(self) -> CapacityReservationTerm:
        if (self.id is None) == (self.tags is None):
            raise ValueError("a capacity reservation term sets exactly one of 'id' or 'tags'")
        if self.id is not None and self.owner_id is not None:
            raise ValueError("'ownerID' goes with 'tags', not with 'id'")
        if self.id is not None and not re.fullmatch(r"^cr-[0-9a-z]+$", self.id):
            raise ValueError(f"{self.id!r} is not a capacity reservation id like 'cr-0123456789abcdef0'")
        return self


class SelectorTerm(Model):
    tags: dict[str, str] | None = Field(default=None, description="Match resources carrying all these tags.")
    id: str | None = Field(default=None, description="Match one resource by id.")
    name: str | None = Field(default=None, description="Security groups only (1.x): match by group name.")

    @model_validator(mode="after")
    def _exactly_one(self) -> SelectorTerm:
        if sum(v is not None for v in (self.tags, self.id, self.name)) != 1:
            raise ValueError("a selector term sets exactly one of 'tags', 'id' or 'name'")
        if self.tags is not None and not self.tags:
            raise ValueError("'tags' must name at least one tag")
        return self


# EC2NodeClass's own pattern for blockDeviceMappings[].ebs.volumeSize (Karpenter 1.x CRD).
VolumeSize = Annotated[str, _shaped(
    r"^((?:[1-9][0-9]{0,3}|[1-4][0-9]{4}|[5][0-8][0-9]{3}|59000)Gi|(?:[1-9][0-9]{0,3}|[1-5][0-9]{4}|[6][0-3][0-9]{3}"
    r"|64000)G|([1-9]||[1-5][0-7]|58)Ti|([1-9]||[1-5][0-9]|6[0-3]|64)T)$",
    "an EBS volume size like '20Gi' (1Gi to 59000Gi, or G, Ti, T)",
)]


# Karpenter's own default disks per AMI family, as it attaches them when an EC2NodeClass /
# AWSNodeTemplate has no blockDeviceMappings (karpenter-provider-aws pkg/providers/amifamily:
# DefaultBlockDeviceMappings of al2.go, al2023.go, bottlerocket.go, windows.go, ubuntu.go; custom.go
# has none): (device, size, holds the kubelet's root dir, i.e. the "root volume" of rootVolume below).
FAMILY_DISKS: dict[str, tuple[tuple[str, str, bool], ...]] = {
    "AL2": (("/dev/xvda", "20Gi", True),),
    "AL2023": (("/dev/xvda", "20Gi", True),),
    "Bottlerocket": (("/dev/xvda", "4Gi", False), ("/dev/xvdb", "20Gi", True)),  # OS volume, data volume
    "Ubuntu": (("/dev/sda1", "20Gi", True),),
    "Windows": (("/dev/sda1", "50Gi", True),),
    "Custom": (),
}
ALIAS_FAMILIES = {
    "al2": "AL2", "al2023": "AL2023", "bottlerocket": "Bottlerocket",
    "windows2019": "Windows2019", "windows2022": "Windows2022", "windows2025": "Windows2025",
}


def disk_layout(family: str) -> tuple[tuple[str, str, bool], ...]:
    return FAMILY_DISKS["Windows" if family.startswith("Windows") else family]


class RootVolume(Model):
    size: VolumeSize | None = Field(
        default=None, description="Size in Gi, G, Ti or T, e.g. `100Gi`. Default: the AMI family's, `20Gi` (Windows `50Gi`)."
    )
    type: Literal["gp3", "gp2", "io1", "io2"] = Field(default="gp3", description="Default `gp3`.")
    encrypted: bool = Field(default=True, description="Default true.")
    kms_key_id: str | None = Field(default=None, description="KMS key ARN. Default: the account's EBS default key.")
    device_name: str | None = Field(
        default=None,
        description="Default: the AMI family's root device as Karpenter attaches it: `/dev/xvda` (AL2, AL2023), "
        "`/dev/sda1` (Windows, Ubuntu), the data volume `/dev/xvdb` (Bottlerocket, whose 4Gi OS volume "
        "`/dev/xvda` is kept and encrypted alike). Required for `Custom`, which has no default disks: without "
        "rootVolume a Custom AMI keeps its own block device mappings.",
    )


class Ebs(Model):
    volume_size: VolumeSize | None = Field(default=None, description="Size, e.g. `100Gi`.")
    volume_type: Literal["standard", "gp2", "gp3", "io1", "io2", "sc1", "st1"] | None = None
    iops: Integer | None = Field(default=None, ge=0)
    throughput: Integer | None = Field(default=None, ge=0)
    encrypted: bool | None = None
    kms_key_id: str | None = Field(default=None, alias="kmsKeyID")
    delete_on_termination: bool | None = None
    snapshot_id: str | None = Field(default=None, alias="snapshotID")


class BlockDevice(Model):
    device_name: str = Field(description="e.g. `/dev/xvda`. Required.")
    root_volume: bool | None = Field(default=None, description="1.x: the root volume. Default: not marked.")
    ebs: Ebs = Field(description="EBS settings. Required.")


class Kubelet(Model):
    """Kubelet settings (1.x EC2NodeClass spec.kubelet; 0.31 Provisioner spec.kubeletConfiguration)."""

    cluster_dns: list[str] | None = Field(default=None, alias="clusterDNS")
    max_pods: Integer | None = Field(default=None, ge=0)
    pods_per_core: Integer | None = Field(default=None, ge=0)
    system_reserved: dict[str, str] | None = None
    kube_reserved: dict[str, str] | None = None
    eviction_hard: dict[str, str] | None = None
    eviction_soft: dict[str, str] | None = None
    eviction_soft_grace_period: dict[str, str] | None = None
    eviction_max_pod_grace_period: Integer | None = Field(default=None, ge=0)
    image_gc_high_threshold_percent: Integer | None = Field(default=None, ge=0, le=100, alias="imageGCHighThresholdPercent")
    image_gc_low_threshold_percent: Integer | None = Field(default=None, ge=0, le=100, alias="imageGCLowThresholdPercent")
    cpu_cfs_quota: bool | None = Field(default=None, alias="cpuCFSQuota")

    @field_validator("system_reserved", "kube_reserved")
    @classmethod
    def _reserved(cls, value: dict[str, str] | None) -> dict[str, str] | None:
        for key, quantity in (value or {}).items():
            if key not in _RESERVED_KEYS:
                raise ValueError(f"{key!r} is not one of {', '.join(_RESERVED_KEYS)} (the keys kubelet reserves)")
            _non_negative_quantity(quantity)
        return value

    @field_validator("eviction_hard", "eviction_soft", "eviction_soft_grace_period")
    @classmethod
    def _eviction(cls, value: dict[str, str] | None, info: ValidationInfo) -> dict[str, str] | None:
        for key, threshold in (value or {}).items():
            if key not in _EVICTION_SIGNALS:
                raise ValueError(f"{key!r} is not an eviction signal: one of {', '.join(_EVICTION_SIGNALS)}")
            if info.field_name == "eviction_soft_grace_period":
                _duration(threshold)
            elif not _EVICTION_THRESHOLD.fullmatch(threshold):
                raise ValueError(f"{key}: {threshold!r} is not a threshold like '10%' or '500Mi'")
        return value

    @model_validator(mode="after")
    def _consistent(self) -> Kubelet:
        problems: list[tuple[tuple[str | int, ...], str]] = []
        high, low = self.image_gc_high_threshold_percent, self.image_gc_low_threshold_percent
        if high is not None and low is not None and high <= low:
            problems.append((("imageGCHighThresholdPercent",),
                             f"imageGCHighThresholdPercent ({high}) must be greater than imageGCLowThresholdPercent ({low})"))
        soft, grace = set(self.eviction_soft or {}), set(self.eviction_soft_grace_period or {})
        if soft != grace:
            problems.append((("evictionSoftGracePeriod",), (
                "evictionSoft and evictionSoftGracePeriod must name the same signals "
                f"(only in one of them: {', '.join(sorted(soft ^ grace))})"
            )))
        if problems:
            raise FieldProblems(problems)
        return self


class MetadataOptions(Model):
    http_endpoint: Literal["enabled", "disabled"] = Field(default="enabled", description="Default `enabled`.")
    http_protocol_ipv6: Literal["enabled", "disabled"] = Field(
        default="disabled", alias="httpProtocolIPv6", description="Default `disabled`."
    )
    http_tokens: Literal["required", "optional"] = Field(default="required", description="IMDSv2. Default required.")
    http_put_response_hop_limit: Integer = Field(default=1, ge=1, le=64, description="Default 1: pods can't reach IMDS.")


_PRICE = re.compile(r"^\d+(\.\d+)?$")
_PRICE_ADJUSTMENT = re.compile(r"^(([+-](\d*\.?\d+))|(\+\d*\.?\d+%)|(-\d{1,2}(\.\d+)?%)|(-100%))$")
STANDARD_RESOURCES = ("cpu", "memory", "ephemeral-storage", "pods")


class Overlay(Model):
    """A NodeOverlay (Karpenter >= 1.7, alpha) for the tenant's node pools: what Karpenter's scheduling simulation
    believes of the instance types it matches: their price, or extended resources they offer."""

    name: Name = Field(description="The NodeOverlay is `<tenant>-<name>` (cluster-wide: `<name>`). Required, unique.")
    requirements: list[Requirement] = Field(
        default_factory=list,
        description="Which instance types it applies to (well-known labels such as node.kubernetes.io/instance-type, "
        "or the pools' labels); synth adds `karpenter.sh/nodepool In` the tenant's NodePools. Default: all of them.",
    )
    price: str | None = Field(default=None, description="The hourly price to assume, e.g. `0.42`. Default none.")
    price_adjustment: str | None = Field(
        default=None, description="A change of the price: `-0.05`, `+10%`, `-15%` (a Savings Plan, say). Default none.",
    )
    capacity: dict[str, Quantity] = Field(
        default_factory=dict,
        description="Extended resources the instances offer beside their own, e.g. `{smarter-devices/fuse: 2}` (not "
        "cpu, memory, ephemeral-storage, pods). Default none.",
    )
    weight: Integer | None = Field(default=None, ge=1, le=10000, description="Which overlay wins where several match. "
                                   "Default none (0).")

    @model_validator(mode="after")
    def _as_the_crd_allows(self) -> Overlay:
        problems: list[tuple[tuple[str | int, ...], str]] = []
        if self.price is not None and self.price_adjustment is not None:
            problems.append((("priceAdjustment",), "set either price or priceAdjustment, not both (the NodeOverlay CRD's rule)"))
        if self.price is not None and not _PRICE.fullmatch(self.price):
            problems.append((("price",), f"{shown(self.price)} is not a price like '0.42'"))
        if self.price_adjustment is not None and not _PRICE_ADJUSTMENT.fullmatch(self.price_adjustment):
            problems.append((("priceAdjustment",), f"{shown(self.price_adjustment)} is not a price change like '-0.05', "
                                                  "'+10%' or '-15%' (a percentage down is at most -100%)"))
        for key in self.capacity:
            if key in STANDARD_RESOURCES:
                problems.append((("capacity", key), f"{key} is the instance's own: an overlay adds extended resources only"))
        if self.price is None and self.price_adjustment is None and not self.capacity:
            problems.append(((), "changes nothing: give price, priceAdjustment or capacity"))
        if problems:
            raise FieldProblems(problems)
        return self


class QuotaCaps(Model):
    """Caps on what pods may request: a ResourceQuota's spec.hard."""

    cpu: Quantity | None = Field(default=None, description="requests.cpu. Default: no cap.")
    memory: Quantity | None = Field(default=None, description="requests.memory. Default: no cap.")
    gpu: Quantity | None = Field(default=None, alias="nvidia.com/gpu", description="requests.nvidia.com/gpu. "
                                 "Default: no cap.")
    pods: Quantity | None = Field(default=None, description="Number of pods. Default: no cap.")

    @model_validator(mode="after")
    def _caps_something(self) -> QuotaCaps:
        if not self.hard():
            raise ValueError("sets no cap: give at least one of cpu, memory, nvidia.com/gpu, pods (or remove it)")
        return self

    def hard(self) -> dict[str, str]:
        """ResourceQuota spec.hard."""
        found = {"requests.cpu": self.cpu, "requests.memory": self.memory, "requests.nvidia.com/gpu": self.gpu,
                 "pods": self.pods}
        return {key: str(value) for key, value in found.items() if value is not None}


class Quota(QuotaCaps):
    """What the tenant's pods may request: a ResourceQuota `karpenter-tenants-quota` in each of its namespaces, with
    the whole cap in each, or each namespace's share of it (`split`). Karpenter has no cap across node pools
    (kubernetes-sigs/karpenter#1747)."""

    split: dict[Name, QuotaCaps] = Field(
        default_factory=dict,
        description="Each namespace's share, e.g. `{web: {cpu: '100'}, batch: {cpu: '60'}}`: every namespace of the "
        "tenant gets one, capping the quota's resources, adding up to at most the quota. Default: the whole cap in "
        "each namespace (they add up, and synth warns).",
    )

    def hard_in(self, namespace: str) -> dict[str, str]:
        """The namespace's ResourceQuota spec.hard: its share, or the whole cap."""
        share = self.split.get(namespace)
        return share.hard() if share is not None else self.hard()

    def split_problems(self, namespaces: list[str]) -> list[tuple[tuple[str | int, ...], str]]:
        """A split as a cap on the tenant needs it: a share for each of its namespaces and for no other, each
        capping what the quota caps, together not more than it (relative paths under `quota`)."""
        if not self.split:
            return []
        problems: list[tuple[tuple[str | int, ...], str]] = []
        for name in self.split:
            if name not in namespaces:
                problems.append((("split", name), f"{name!r} is not one of the tenant's namespaces "
                                 f"({', '.join(namespaces) or 'none'}): remove its share or add it to namespaces"))
        missing = [name for name in namespaces if name not in self.split]
        if missing:
            problems.append((("split",), f"namespace {', '.join(map(repr, missing))} has no share, so it would be "
                             "uncapped: give every namespace of the tenant a share (or remove split)"))
        total = self.hard()
        for name, share in self.split.items():
            extra, absent = sorted(set(share.hard()) - set(total)), sorted(set(total) - set(share.hard()))
            if extra:
                problems.append((("split", name), f"caps {', '.join(extra)}, which the quota does not: a share "
                                 "divides the quota's caps (add it to the quota, or remove it here)"))
            if absent:
                problems.append((("split", name), f"has no share of {', '.join(absent)}, so the namespace would be "
                                 "uncapped there: give it one"))
        for key, cap in total.items():
            shares = [share.hard()[key] for share in self.split.values() if key in share.hard()]
            if shares and sum(map(quantity_value, shares)) > quantity_value(cap):
                problems.append((("split",), f"the shares' {key} add up to {' + '.join(shares)}, more than the "
                                 f"quota's {cap}: lower a share or raise the quota"))
        return problems


RESOURCE_NAME_PATTERN = r"^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?[a-z0-9]([-a-z0-9_.]*[a-z0-9])?$"
ResourceName = Annotated[str, _shaped(RESOURCE_NAME_PATTERN, "a resource name such as 'cpu', 'memory' or 'nvidia.com/gpu'")]
BUFFER_IMAGE = "registry.k8s.io/pause:3.10"  # never runs: Karpenter's placeholder pods are simulated only


class ScalableRef(Model):
    """A workload with a scale subresource in the buffer's namespace, whose pods are the buffer's shape."""

    kind: Literal["Deployment", "StatefulSet", "ReplicaSet", "ReplicationController", "Job"] = Field(
        description="Required.")
    name: Name = Field(description="Required.")

    @property
    def api_group(self) -> str:
        return {"ReplicationController": "", "Job": "batch"}.get(self.kind, "apps")


class Buffer(Model):
    """A CapacityBuffer (Karpenter >= 1.14, alpha): spare capacity kept on the tenant's nodes, so that its pods start
    without waiting for a node. Karpenter provisions nodes for the buffer's placeholder pods (simulated, never
    created) and refills it as real pods take the room."""

    name: Name = Field(description="The CapacityBuffer's name in its namespace. Required, unique in the tenant.")
    namespace: Name | None = Field(
        default=None, description="One of the tenant's namespaces. Default: its only one (required with several).")
    pool: Name | None = Field(
        default=None, description="Which of the tenant's pools the room is kept in. Default: any of them (where "
        "Karpenter would put such a pod).")
    requests: dict[ResourceName, Quantity] = Field(
        default_factory=dict,
        description="One chunk's requests, e.g. `{cpu: '2', memory: 4Gi}`: synth writes a PodTemplate "
        "`karpenter-tenants-buffer-<name>` of that shape selecting the tenant's nodes. Set this or `scalable`.",
    )
    scalable: ScalableRef | None = Field(
        default=None, description="A workload whose pods are one chunk each, e.g. `{kind: Deployment, name: web}` "
        "(its pods must select the tenant's nodes, as the isolation policy makes them). Set this or `requests`.",
    )
    replicas: Integer | None = Field(default=None, ge=0, description="How many chunks. Default none.")
    percentage: Integer | None = Field(
        default=None, ge=0, description="With `scalable`: chunks as a share of its replicas, rounded up. Default none.")
    limits: dict[ResourceName, Quantity] = Field(
        default_factory=dict, description="A cap on all chunks' requests together, e.g. `{cpu: '16'}`. Default none.")

    @model_validator(mode="after")
    def _as_the_crd_allows(self) -> Buffer:
        problems: list[tuple[tuple[str | int, ...], str]] = []
        if bool(self.requests) == (self.scalable is not None):
            problems.append(((), "set either requests (synth writes the PodTemplate) or scalable (a workload's pods), "
                                 "one of them (the CapacityBuffer CRD's rule)"))
        if self.percentage is not None and self.scalable is None:
            problems.append((("percentage",), "percentage is a share of a workload's replicas: give scalable, or use "
                                              "replicas"))
        if self.pool is not None and self.scalable is not None:
            problems.append((("pool",), "a workload's own pod template decides where its chunks go: remove pool (or "
                                        "give requests instead of scalable)"))
        if self.replicas is None and self.percentage is None and not self.limits:
            problems.append(((), "sets no size, so Karpenter would keep as many chunks as fit: give replicas, "
                                 "percentage or limits"))
        if problems:
            raise FieldProblems(problems)
        return self


class Pool(Model):
    """One of a tenant's node pools (1.x): NodePool `<tenant>-<pool>`, on the tenant's EC2NodeClass, with the tenant's
    label, taint, node role and isolation. What it leaves unset is the tenant's."""

    name: Name = Field(description="Pool name: the NodePool is `<tenant>-<name>`. Required, unique in the tenant.")
    requirements: Requirements | None = Field(
        default=None, description="Which instances this pool may launch. Default: the tenant's requirements."
    )
    limits: Limits | None = Field(default=None, description="Caps on this pool's capacity. Default: the tenant's limits.")
    weight: Integer | None = Field(
        default=None, ge=1, le=100,
        description="Priority among the tenant's pools (and all pools): Karpenter tries the highest weight first and "
        "falls back to lower ones when it cannot launch there (limits reached, no capacity). Default: the tenant's.",
    )
    disruption: Disruption | None = Field(default=None, description="When Karpenter may replace this pool's nodes. "
                                          "Default: the tenant's.")
    replicas: Integer | None = Field(
        default=None, ge=0,
        description="A static pool (Karpenter >= 1.8, alpha): this many nodes whatever the pods ask for. synth turns "
        "on the `staticCapacity` feature gate. Upstream's rules: no `weight`, only `limits.nodes`, consolidation "
        "ignored, and a pool cannot switch between static and dynamic (remove and re-add it). Default: the tenant's.",
    )
    labels: dict[LabelKey, LabelValue] = Field(default_factory=dict, description="Node labels added to the tenant's. "
                                               "Default none.")
    taints: list[Taint] = Field(default_factory=list, description="Taints added to the tenant's (e.g. a GPU pool's "
                                "`nvidia.com/gpu:NoSchedule`). Default none.")


class Tenant(Model):
    name: Name = Field(description="Tenant name: node pool, node class and label value. Required, unique.")
    node_role: IamRoleName | None = Field(
        default=None, description="1.x: IAM role of the tenant's nodes. Default `karpenter-node-<cluster>-<tenant>`."
    )
    instance_profile: InstanceProfileName | None = Field(
        default=None,
        description="0.31: instance profile of the tenant's nodes. Default: karpenter.defaultInstanceProfile if set, "
        "else `karpenter-node-<cluster>-<tenant>`.",
    )
    namespaces: list[Name] = Field(
        default_factory=list,
        description="Namespaces of the tenant: their pods must select the tenant's nodes, and no other pod may "
        "tolerate its taint (ValidatingAdmissionPolicy, Kubernetes >= 1.30). Default none.",
    )
    dedicated: bool = Field(
        default=True,
        description="Default true: nodes carry the tenant taint, so only this tenant's pods (tolerating it) land.",
    )
    requirements: Requirements = Field(default_factory=Requirements, description="Which instances may launch.")
    limits: Limits = Field(default_factory=Limits, description="Caps on the tenant's total capacity.")
    labels: dict[LabelKey, LabelValue] = Field(default_factory=dict, description="Extra node labels. Default none.")
    taints: list[Taint] = Field(default_factory=list, description="Extra taints. Default none.")
    startup_taints: list[Taint] = Field(default_factory=list, description="Default none.")
    tags: dict[str, str] = Field(default_factory=dict, description="Extra EC2 tags. Default none.")
    weight: Integer | None = Field(default=None, ge=1, le=100, description="Node pool priority 1-100. Default none.")
    replicas: Integer | None = Field(
        default=None, ge=0,
        description="1.x >= 1.8: a static node pool of this many nodes (see pools[].replicas). Default none (Karpenter "
        "scales with the pods).",
    )
    annotations: dict[str, str] = Field(default_factory=dict, description="Node annotations. Default none.")
    kubelet: Kubelet | None = Field(default=None, description="Kubelet settings. Default: Karpenter's.")
    user_data: str | None = Field(default=None, description="Extra user data for the nodes. Default none.")
    instance_store_policy: Literal["RAID0"] | None = Field(
        default=None, description="1.x: `RAID0` to use instance store volumes. Default none."
    )
    block_devices: list[BlockDevice] | None = Field(
        default=None, description="Block devices, replacing rootVolume when set. Default: rootVolume only."
    )
    detailed_monitoring: bool | None = Field(default=None, description="EC2 detailed monitoring. Default: off.")
    associate_public_ip_address: bool = Field(
        default=False, alias="associatePublicIPAddress", description="1.x: give nodes public IPs. Default false."
    )
    termination_grace_period: Duration | None = Field(
        default=None, description="1.x: how long a draining node may take. Default: unlimited."
    )
    disruption: Disruption = Field(default_factory=Disruption, description="When Karpenter may replace nodes.")
    overlays: list[Overlay] = Field(
        default_factory=list,
        description="1.x >= 1.7: NodeOverlays for the tenant's node pools (price adjustments, extra capacity), written "
        "with the pools; synth turns on the `nodeOverlay` feature gate. Default none.",
    )
    quota: Quota | None = Field(
        default=None,
        description="A cap on what the tenant's pods may request, written as a ResourceQuota in each of its "
        "`namespaces` (the whole cap in each, which add up and synth warns, or each one's share: `split`) and applied "
        "after its node pools (stage `quota-<tenant>`, NotReady until the namespaces exist). Needs `namespaces`. "
        "Default none.",
    )
    buffers: list[Buffer] = Field(
        default_factory=list,
        description="1.x >= 1.14: CapacityBuffers in the tenant's namespaces, spare room on its nodes kept ready for "
        "its pods, applied after its node pools (stage `buffers-<tenant>`); synth turns on the `capacityBuffer` "
        "feature gate. Needs `namespaces`. Default none.",
    )
    pools: list[Pool] = Field(
        default_factory=list,
        description="1.x: several node pools for this tenant (a general pool and a GPU pool, on-demand and a spot "
        "burst at another weight, arm64 beside amd64), each a NodePool `<tenant>-<pool>` on the tenant's one "
        "EC2NodeClass; the tenant's requirements, limits, weight, disruption, labels and taints are their defaults "
        "(docs/configuration.md). Default none: one NodePool named after the tenant.",
    )
    ami: Ami = Field(default_factory=Ami, description="Which AMI nodes boot.")
    root_volume: RootVolume = Field(default_factory=RootVolume, description="The root EBS volume.")
    metadata_options: MetadataOptions = Field(
        default_factory=MetadataOptions, description="Instance metadata service (IMDS) settings."
    )
    subnet_selector: list[SelectorTerm] | None = Field(
        default=None, description="Default: subnets tagged `karpenter.sh/discovery: <cluster>`."
    )
    security_group_selector: list[SelectorTerm] | None = Field(
        default=None, description="Default: security groups tagged `karpenter.sh/discovery: <cluster>`."
    )
    capacity_reservation_selector: list[CapacityReservationTerm] | None = Field(
        default=None,
        description="1.x: On-Demand Capacity Reservations the tenant may use (capacityReservationSelectorTerms); "
        "required with capacity type `reserved`. Default none.",
    )

    @field_validator("namespaces")
    @classmethod
    def _namespaces_once(cls, value: list[str]) -> list[str]:
        return _unique(value)  # type: ignore[return-value]

    @field_validator("tags")
    @classmethod
    def _tag_keys(cls, value: dict[str, str]) -> dict[str, str]:
        # The EC2NodeClass CEL rules' restricted keys, and AWS's own prefix.
        restricted = ("karpenter.sh/nodepool", "karpenter.sh/nodeclaim", "karpenter.k8s.aws/ec2nodeclass", "eks:eks-cluster-name")
        for key in value:
            if key in restricted or key.startswith(("kubernetes.io/cluster", "aws:")):
                raise ValueError(f"tag key {key!r} is reserved for Karpenter, EKS or AWS; choose another key")
        return value

    @field_validator("pools")
    @classmethod
    def _pool_names_once(cls, value: list[Pool]) -> list[Pool]:
        names = [pool.name for pool in value]
        repeated = sorted({n for n in names if names.count(n) > 1})
        if repeated:
            raise ValueError(f"pool names {', '.join(map(repr, repeated))} listed more than once; name each pool once")
        return value

    @model_validator(mode="after")
    def _namespaced_objects_fit(self) -> Tenant:
        """The quota's split and the buffers name the tenant's own namespaces and pools."""
        problems = [(("quota", *path), message) for path, message in
                    (self.quota.split_problems(list(self.namespaces)) if self.quota is not None else [])]
        pools = [pool.name for pool in self.pools]
        seen: set[str] = set()
        for index, buffer in enumerate(self.buffers):
            path = ("buffers", index)
            if buffer.name in seen:
                problems.append(((*path, "name"), f"buffer {buffer.name!r} is listed twice"))
            seen.add(buffer.name)
            if buffer.namespace is None and len(self.namespaces) > 1:
                problems.append(((*path, "namespace"), f"the tenant has {len(self.namespaces)} namespaces: name the "
                                 f"buffer's ({', '.join(self.namespaces)})"))
            elif buffer.namespace is not None and self.namespaces and buffer.namespace not in self.namespaces:
                problems.append(((*path, "namespace"), f"{buffer.namespace!r} is not one of the tenant's namespaces "
                                 f"({', '.join(self.namespaces)})"))
            if buffer.pool is not None and buffer.pool not in pools:
                problems.append(((*path, "pool"), f"{buffer.pool!r} is not one of the tenant's pools ("
                                 + (", ".join(pools) if pools else "it has none: remove pool") + ")"))
        if problems:
            raise FieldProblems(problems)
        return self

    def buffer_namespace(self, buffer: Buffer) -> str:
        return buffer.namespace or self.namespaces[0]

    @model_validator(mode="after")
    def _fits_generation(self, info: ValidationInfo) -> Tenant:
        generation = _generation(info)
        problems = [
            (path, rule.message)
            for rule in TENANT_RULES
            if rule.generation in (None, generation)
            for path in rule.where(self)
        ]
        if problems:
            raise FieldProblems(problems)
        return self


def _yaml_kind(value: object) -> str:
    """What YAML made of a value that no Helm value (JSON) is."""
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if value is None:
        return "null"
    if isinstance(value, datetime.datetime | datetime.date):
        return "date"
    if isinstance(value, bytes):
        return "!!binary value"
    if isinstance(value, set):
        return "!!set"
    return type(value).__name__


def _yaml_spelling(value: object) -> str:
    """A scalar as YAML writes it (the text it was read from may differ: yes and on are true too)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, float) and not math.isfinite(value):
        return ".nan" if math.isnan(value) else ".inf" if value > 0 else "-.inf"
    if isinstance(value, datetime.date):
        return value.isoformat()
    return str(value)


def _not_helm_values(value: object, path: tuple[str | int, ...]) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """Where free-form chart values hold what JSON (and so Helm) has not: a key that is not text (reported at
    the mapping that holds it), a date, binary data, a set, NaN or an infinity (YAML makes them of unquoted text
    such as `2020-01-01`, `yes:` or `.nan`, or of a tag)."""
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(key, str):
                yield from _not_helm_values(item, (*path, key))
            else:
                read_as = "null (~, null or no key at all)" if key is None else f"the {_yaml_kind(key)} {_yaml_spelling(key)}"
                yield path, (
                    f"holds a key YAML reads as {read_as}"
                    + (" (unquoted yes, no, on and off are booleans too)" if isinstance(key, bool) else "")
                    + "; Helm values' keys are text: quote it"
                )
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _not_helm_values(item, (*path, index))
    elif isinstance(value, float) and not math.isfinite(value):
        yield path, f"{_yaml_spelling(value)} is no Helm value (JSON has no NaN or infinity); quote it to keep it as text"
    elif not isinstance(value, str | int | float | bool) and value is not None:
        shown = f" ({_yaml_spelling(value)})" if isinstance(value, datetime.date) else ""  # a set or bytes: no help
        yield path, f"a YAML {_yaml_kind(value)}{shown}, which is no Helm value; quote it to keep it as text"


class FieldProblems(ValueError):
    """Problems of one model, each at its own field (path relative to the model); the loader reports each at
    its own line. str() joins them for callers that show one message."""

    def __init__(self, problems: list[tuple[tuple[str | int, ...], str]]) -> None:
        self.problems = problems
        super().__init__("; ".join(message for _, message in problems))


@dataclass(frozen=True)
class TenantRule:
    """A rule between a tenant's fields and the Karpenter generation: `where` gives the offending fields' paths."""

    generation: Generation | None  # None: every generation
    where: Callable[[Tenant], list[tuple[str | int, ...]]]
    message: str


def _if(condition: bool, *path: str | int) -> list[tuple[str | int, ...]]:
    return [path] if condition else []


def _reserved_paths(tenant: Tenant) -> list[tuple[str | int, ...]]:
    """Where the tenant asks for reserved capacity: capacityTypes, or a raw capacity-type requirement (as `import`
    writes them) that admits `reserved`."""
    key = TYPED_REQUIREMENT_KEYS["capacity_types"]
    found = _if("reserved" in tenant.requirements.capacity_types, "requirements", "capacityTypes")
    return found + [("requirements", "extra", i, "values") for i, r in enumerate(tenant.requirements.extra)
                    if r.key == key and r.operator == "In" and "reserved" in r.values]


V1, V1ALPHA5 = Generation.V1, Generation.V1ALPHA5
TENANT_RULES: list[TenantRule] = [
    TenantRule(V1ALPHA5, lambda t: _if(bool(t.pools), "pools"),
               "pools are a Karpenter 1.x setting (NodePools on one EC2NodeClass); on 0.31 give each pool a tenant of "
               "its own, or migrate the cluster to 1.x first"),
    TenantRule(V1ALPHA5, lambda t: _if(t.replicas is not None, "replicas"), "replicas (static node pools) needs Karpenter >= 1.8"),
    TenantRule(V1ALPHA5, lambda t: _if(bool(t.overlays), "overlays"), "overlays (NodeOverlay) need Karpenter >= 1.7"),
    TenantRule(None, lambda t: _if(t.replicas is not None and t.weight is not None, "weight"),
               "'weight' is not supported on static NodePools (replicas set; the NodePool CRD's rule): remove one"),
    TenantRule(None, lambda t: _if(t.replicas is not None and set(t.limits.resources()) - {"nodes"}, "limits"),
               "only 'limits.nodes' is supported on static NodePools (replicas set; the NodePool CRD's rule)"),
    TenantRule(V1ALPHA5, lambda t: _if(bool(t.buffers), "buffers"), "buffers (CapacityBuffer) need Karpenter >= 1.14"),
    TenantRule(None, lambda t: _if(bool(t.buffers) and not t.namespaces, "buffers"),
               "a buffer is a CapacityBuffer in one of the tenant's namespaces: list them in namespaces (or remove "
               "buffers)"),
    TenantRule(None, lambda t: _if(t.quota is not None and not t.namespaces, "quota"),
               "a quota is written into the tenant's namespaces: list them in namespaces (or remove quota)"),
    TenantRule(None, lambda t: _if(t.block_devices is not None and "root_volume" in t.model_fields_set, "rootVolume"),
               "set either rootVolume or blockDevices (which then must include the root volume), not both"),
    TenantRule(None, lambda t: _if(t.ami.family == "Custom" and "root_volume" in t.model_fields_set
                                   and t.root_volume.device_name is None, "rootVolume"),
               "rootVolume with ami.family Custom needs rootVolume.deviceName: Custom AMIs have no default root "
               "device (e.g. '/dev/xvda'), or remove rootVolume to keep the AMI's own disks"),
    TenantRule(V1, lambda t: _if(t.instance_profile is not None, "instanceProfile"),
               "instanceProfile is a Karpenter 0.31 field; on 1.x give 'nodeRole' (Karpenter creates the profile)"),
    TenantRule(V1, lambda t: _if(t.ami.family not in (None, "Custom") and t.ami.selector_terms is None, "ami", "family"),
               "ami.family on 1.x goes with ami.selectorTerms, or is 'Custom' beside an alias (no user data merged); "
               "an alias implies its family, so remove ami.family or use 'Custom'"),
    TenantRule(V1, lambda t: [] if t.capacity_reservation_selector else _reserved_paths(t),
               "capacity type 'reserved' needs capacityReservationSelector: the reservations the tenant may use"),
    TenantRule(V1, lambda t: _if(t.ami.selector_terms is not None and t.ami.family is None, "ami", "selectorTerms"),
               "ami.selectorTerms on 1.x need ami.family (the AMIs' family, or Custom with userData)"),
    TenantRule(V1ALPHA5, lambda t: _if(t.node_role is not None, "nodeRole"),
               "nodeRole is a Karpenter 1.x field; on 0.31 give 'instanceProfile' (or karpenter.defaultInstanceProfile)"),
    TenantRule(V1ALPHA5, lambda t: _if(t.ami.alias is not None, "ami", "alias"),
               "ami.alias is a Karpenter 1.x field; on 0.31 use ami.family, e.g. 'AL2'"),
    TenantRule(V1ALPHA5, lambda t: _if(t.disruption.budgets is not None, "disruption", "budgets"),
               "disruption.budgets needs Karpenter 1.x; 0.31 has no disruption budgets"),
    TenantRule(V1ALPHA5, lambda t: [("requirements", "extra", i, "minValues")
                                    for i, r in enumerate(t.requirements.extra) if r.min_values is not None],
               "requirements.extra[].minValues needs Karpenter 1.x"),
    TenantRule(V1ALPHA5, _reserved_paths, "capacity type 'reserved' needs Karpenter 1.x"),
    TenantRule(V1ALPHA5, lambda t: _if(t.capacity_reservation_selector is not None, "capacityReservationSelector"),
               "capacityReservationSelector needs Karpenter 1.x"),
    TenantRule(V1ALPHA5, lambda t: _if(t.limits.nodes is not None, "limits", "nodes"), "limits.nodes needs Karpenter 1.x"),
    TenantRule(V1ALPHA5, lambda t: _if(t.instance_store_policy is not None, "instanceStorePolicy"),
               "instanceStorePolicy needs Karpenter 1.x"),
    TenantRule(V1ALPHA5, lambda t: _if(t.termination_grace_period is not None, "terminationGracePeriod"),
               "terminationGracePeriod needs Karpenter 1.x"),
    TenantRule(V1ALPHA5, lambda t: _if(t.associate_public_ip_address, "associatePublicIPAddress"),
               "associatePublicIPAddress needs Karpenter 1.x (on 0.31 the subnet decides)"),
    TenantRule(V1ALPHA5, lambda t: [("ami", "selectorTerms", i, "ssmParameter")
                                    for i, term in enumerate(t.ami.selector_terms or []) if term.ssm_parameter],
               "ami.selectorTerms[].ssmParameter needs Karpenter 1.x"),
    TenantRule(V1ALPHA5, lambda t: [("securityGroupSelector", i, "name")
                                    for i, term in enumerate(t.security_group_selector or []) if term.name],
               "securityGroupSelector[].name needs Karpenter 1.x"),
    TenantRule(V1ALPHA5, lambda t: _if(t.disruption.consolidation_policy == "Balanced", "disruption",
                                       "consolidationPolicy"),
               "consolidationPolicy Balanced needs Karpenter >= 1.14; 0.31 has WhenEmptyOrUnderutilized "
               "(consolidation.enabled) and WhenEmpty"),
    TenantRule(V1ALPHA5, lambda t: _if(t.disruption.consolidation_policy == "WhenEmptyOrUnderutilized"
                                       and "consolidate_after" in t.disruption.model_fields_set,
                                       "disruption", "consolidateAfter"),
               "disruption.consolidateAfter has no effect with WhenEmptyOrUnderutilized on 0.31 (consolidation.enabled "
               "has no delay): remove it or use WhenEmpty"),
    TenantRule(V1ALPHA5, lambda t: _if(len([x for x in t.subnet_selector or [] if x.tags is not None]) > 1,
                                       "subnetSelector"),
               "subnetSelector: 0.31 selects by one tag map; merge the tag terms into one"),
    TenantRule(V1ALPHA5, lambda t: _if(len([x for x in t.security_group_selector or [] if x.tags is not None]) > 1,
                                       "securityGroupSelector"),
               "securityGroupSelector: 0.31 selects by one tag map; merge the tag terms into one"),
]


# Node agents of EKS add-ons that run a DaemonSet on every node outside kube-system: the CloudWatch
# Observability agent and GuardDuty runtime monitoring. Their pods tolerate every taint.
MIN_KUBERNETES_MINOR = 30  # admissionregistration.k8s.io/v1 ValidatingAdmissionPolicy is GA from 1.30


def isolation_supported(config: ClusterFile) -> bool:
    """Whether the cluster's Kubernetes enforces the isolation ValidatingAdmissionPolicy (1.30 and newer)."""
    return int(config.cluster.kubernetes_version.split(".")[1]) >= MIN_KUBERNETES_MINOR


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
        return _unique(value)  # type: ignore[return-value]


RoleNameOrArn = Annotated[str, _shaped(
    r"^([\w+=,.@-]{1,64}|arn:aws[a-z-]*:iam::[0-9]{12}:role/([\w+=,.@-]+/)*[\w+=,.@-]{1,64})$",
    "an IAM role name (1-64 of letters, digits and +=,.@_-) or role ARN like 'arn:aws:iam::001234567890:role/name'",
)]
PolicyArn = Annotated[str, _shaped(
    r"^arn:aws[a-z-]*:iam::([0-9]{12}|aws):policy/[\w+=,.@/-]{1,512}$",
    "an IAM policy ARN like 'arn:aws:iam::001234567890:policy/boundary'",
)]
NamePrefix = Annotated[str, _shaped(r"^[\w+=,.@-]{0,32}$", "a name prefix (at most 32 of letters, digits and +=,.@_-)")]


def role_name_of(role: str) -> str:
    """The name of an IAM role given by name or ARN (arn:...:role/<path>/<name>)."""
    return role.rsplit("/", 1)[1] if role.startswith("arn:") else role


class ExistingIam(Model):
    roles: Annotated[list[RoleNameOrArn], AfterValidator(_unique)] = Field(
        default_factory=list,
        description="IAM roles that already exist (the controller role, tenants' node roles, e.g. a managed node "
        "group's role or the getting-started `KarpenterNodeRole-<cluster>`), by name or ARN (an ARN gives the role's "
        "path). terraform/ neither creates nor owns them (it reads them, and checks that they exist and trust the "
        "right principal); it attaches Karpenter's policies to them only with `attachPolicies: true`. Each must be "
        "named by the file. Default none.",
    )
    instance_profiles: dict[InstanceProfileName, RoleNameOrArn] = Field(
        default_factory=dict,
        description="0.31: instance profiles that already exist (e.g. the getting-started "
        "`KarpenterNodeInstanceProfile-<cluster>`), each with the role it holds (the controller may pass only that "
        "role). terraform/ neither creates nor owns them. Each must be `karpenter.defaultInstanceProfile` or a "
        "tenant's `instanceProfile`. Default none.",
    )
    attach_policies: bool = Field(
        default=False,
        description="Whether terraform/ attaches what Karpenter needs to the existing roles: the controller's "
        "policy and its PassRole policies to an existing controller role, the node policies (and "
        "`tenant_extra_policy_arns`) to existing node roles. Default false: you attach them yourself (the module's "
        "output `policies_to_attach` holds the documents; `plan` lists them).",
    )


# Node roles per managed policy that lets the controller pass them to EC2 (synth.iam_policies.pass_node_roles):
# IAM's 6,144 characters per managed policy hold 50 role ARNs.
PASS_ROLE_CHUNK = 50
MANAGED_POLICIES_PER_ROLE = 10  # IAM's default quota of managed policies attached to one role


class IamConfig(Model):
    existing: ExistingIam = Field(default_factory=ExistingIam, description="IAM that terraform/ must not create.")
    shared_node_roles: list[IamRoleName] = Field(
        default_factory=list,
        description="1.x: node roles that several tenants may share (their nodes then have one AWS identity). A "
        "node role two tenants name is a config error unless listed here, and a shared role must be in "
        "`existing.roles` (it outlives any one tenant, so terraform/ does not own it). Default none.",
    )
    permissions_boundary: PolicyArn | None = Field(
        default=None,
        description="Permissions boundary of every IAM role terraform/ creates (as terraform-aws-eks' "
        "`iam_role_permissions_boundary_arn`). Default none.",
    )
    name_prefix: NamePrefix = Field(
        default="",
        description="Prepended to every default IAM name (controller role, node roles, instance profiles), for "
        "accounts whose policies allow creating roles under a prefix only. A fixed prefix, not terraform-aws-eks' "
        "random `name_prefix` suffix: the manifests name the roles. Names written in the file are taken as they "
        "are. Default none.",
    )
    default_node_role: IamRoleName | None = Field(
        default=None,
        description="0.31: name of the role in `karpenter.defaultInstanceProfile` that terraform/ creates (or "
        "adopts with an `import` block, terraform/README.md). Default `<namePrefix>karpenter-node-<cluster>-default`.",
    )

    @field_validator("shared_node_roles")
    @classmethod
    def _shared_once(cls, value: list[str]) -> list[str]:
        return _unique(value)  # type: ignore[return-value]


class AutoscaledNodeGroup(Model):
    name: str = Field(description="The EKS managed node group (its name in EKS, e.g. from `aws eks list-nodegroups`). Required.")
    tenant: Name = Field(description="The tenant whose node pool takes over the group's workloads. Required.")
    ignored: bool = Field(
        default=False,
        description="cluster-autoscaler no longer scales the group (its `--nodes` flag or the "
        "`k8s.io/cluster-autoscaler/enabled` auto-discovery tag removed, or the group pinned at its current size). "
        "While cluster-autoscaler runs, the tenant may exist only once this is true. Default false.",
    )

    @field_validator("name")
    @classmethod
    def _node_group_name(cls, value: str) -> str:
        if not re.fullmatch(r"[0-9A-Za-z][A-Za-z0-9_-]{0,62}", value, re.ASCII):
            raise ValueError(f"{shown(value)} is not an EKS node group name (1-63 of letters, digits, '-' and '_')")
        return value


class ClusterAutoscaler(Model):
    """Moving a cluster from cluster-autoscaler node groups to Karpenter (docs/cluster-autoscaler.md)."""

    running: bool = Field(
        description="cluster-autoscaler still runs in the cluster. Flip to false when it is removed (the runbook's "
        "last step). Required."
    )
    node_groups: list[AutoscaledNodeGroup] = Field(
        default_factory=list,
        description="The node groups moving to Karpenter, each with the tenant that takes it over. Default none.",
    )


class ClusterFile(Model):
    """One file under clusters/: one EKS cluster, its Karpenter and its tenants."""

    cluster: ClusterConfig = Field(description="The EKS cluster. Required.")
    gitops: GitOpsConfig = Field(default_factory=GitOpsConfig, description="How dist/ is synced. Default: Flux.")
    karpenter: KarpenterConfig = Field(description="The Karpenter installation. Required.")
    tenancy: Tenancy = Field(default_factory=Tenancy, description="How tenants' nodes are told apart.")
    iam: IamConfig = Field(default_factory=IamConfig, description="Existing IAM, permissions boundary, name prefix.")
    cluster_autoscaler: ClusterAutoscaler | None = Field(
        default=None,
        description="While moving from cluster-autoscaler: whether it still runs and which node groups move to which "
        "tenant (docs/cluster-autoscaler.md). Default none (no cluster-autoscaler).",
    )
    overlays: list[Overlay] = Field(
        default_factory=list,
        description="1.x >= 1.7: cluster-wide NodeOverlays, e.g. an enterprise discount on every instance: NodeOverlay "
        "`<name>` for every NodePool of the cluster (also those this product does not write; a `karpenter.sh/nodepool` "
        "requirement narrows it), applied after the controller (stage `karpenter-overlays`); synth turns on the "
        "`nodeOverlay` feature gate. A tenant's own overlays win where their weight is higher. Default none.",
    )
    tenants: list[Tenant] = Field(default_factory=list, description="The customers. Default none.")

    # Derived values, resolved once here so every chart agrees.

    @property
    def generation(self) -> Generation:
        return self.karpenter.parsed_version.generation

    @property
    def controller_role_arn(self) -> str:
        role = self.karpenter.controller_role
        if role.arn is not None:
            return role.arn
        return self.role_arn(self.controller_role_name)

    @property
    def controller_role_name(self) -> str:
        role = self.karpenter.controller_role
        if role.arn is not None:
            return role.arn.rsplit("/", 1)[1]
        return role.name or self.default_iam_name("controller_role")

    def default_iam_name(self, kind: str, tenant: str = "") -> str:
        """A default IAM name (config/naming.json's rule), after iam.namePrefix."""
        return self.iam.name_prefix + naming.name(kind, self.cluster.name, tenant)

    @property
    def existing_roles(self) -> dict[str, str]:
        """Roles terraform/ neither creates nor owns, name -> ARN: iam.existing.roles and the roles of
        iam.existing.instanceProfiles (an ARN as given, which carries the role's path; a name in the cluster's
        account at /)."""
        listed = [*self.iam.existing.roles, *self.iam.existing.instance_profiles.values()]
        return {role_name_of(role): role if role.startswith("arn:") else
                naming.role_arn(self.cluster.region, self.cluster.account_id, role) for role in listed}

    def role_arn(self, name: str) -> str:
        """The ARN of a role the cluster names: an existing role's as given, else in the account at /."""
        return self.existing_roles.get(name) or naming.role_arn(self.cluster.region, self.cluster.account_id, name)

    @property
    def default_node_role(self) -> str | None:
        """0.31: the role of karpenter.defaultInstanceProfile (None without one): an existing profile's role as
        given, else iam.defaultNodeRole or the naming rule."""
        profile = self.karpenter.default_instance_profile
        if profile is None:
            return None
        if profile in self.iam.existing.instance_profiles:
            return role_name_of(self.iam.existing.instance_profiles[profile])
        return self.iam.default_node_role or self.default_iam_name("default_node_role")

    @property
    def interruption_queue(self) -> str:
        return self.karpenter.interruption_queue or naming.name("interruption_queue", self.cluster.name)

    @property
    def discovery_tags(self) -> dict[str, str]:
        return {"karpenter.sh/discovery": self.cluster.name}

    # Per-tenant values, every default resolved here so the charts only translate them.

    def node_pools(self, tenant: Tenant) -> list[tuple[str, str | None, Tenant]]:
        """(NodePool name, pool name, the tenant as that pool sees it) for each of the tenant's node pools: one named
        after the tenant without pools, else `<tenant>-<pool>` each, whose unset settings are the tenant's."""
        if not tenant.pools:
            return [(tenant.name, None, tenant)]
        found = []
        for pool in tenant.pools:
            update = {
                "requirements": pool.requirements if pool.requirements is not None else tenant.requirements,
                "limits": pool.limits if pool.limits is not None else tenant.limits,
                "weight": pool.weight if pool.weight is not None else tenant.weight,
                "replicas": pool.replicas if pool.replicas is not None else tenant.replicas,
                "disruption": pool.disruption if pool.disruption is not None else tenant.disruption,
                "labels": {**tenant.labels, **pool.labels},
                "taints": [*tenant.taints, *pool.taints],
                "pools": [],
            }
            found.append((f"{tenant.name}-{pool.name}", pool.name, tenant.model_copy(update=update)))
        return found

    @model_validator(mode="after")
    def _node_pool_names_unique(self) -> ClusterFile:
        """A pool's NodePool `<tenant>-<pool>` may not be another tenant's or pool's (tenant a's pool b and tenant a-b)."""
        owners: dict[str, str] = {}
        problems: list[tuple[tuple[str | int, ...], str]] = []
        pool_fields = {"requirements", "limits", "weight", "disruption", "labels", "taints", "replicas"}
        for index, tenant in enumerate(self.tenants):
            for position, (name, pool, as_seen) in enumerate(self.node_pools(tenant)):
                if pool is not None:  # the tenant's own rules, on what the pool sets (the tenant's were checked)
                    problems += [
                        (("tenants", index, "pools", position, *path), rule.message)
                        for rule in TENANT_RULES if rule.generation in (None, self.generation)
                        for path in rule.where(as_seen) if path and path[0] in pool_fields
                        and str(path[0]) in tenant.pools[position].model_fields_set
                    ]
                owner = f"tenant {tenant.name}" + (f"'s pool {pool}" if pool else "")
                if pool is not None and len(name) > 63:
                    problems.append((("tenants", index, "pools", position, "name"), (
                        f"NodePool {name!r} is {len(name)} characters: Karpenter labels its nodes karpenter.sh/nodepool "
                        "with it, and label values are at most 63; shorten the pool or tenant name")))
                other = owners.setdefault(name, owner)
                if other != owner:
                    path: tuple[str | int, ...] = ("tenants", index, "pools", position, "name") if pool else ("tenants", index, "name")
                    problems.append((path, f"NodePool {name!r} of {owner} is also {other}'s: rename the pool or the tenant"))
        if problems:
            raise FieldProblems(problems)
        return self

    def requirements(self, tenant: Tenant) -> list[RequirementSpec]:
        """The tenant's typed requirements (fixed order, values as written), then its raw extra ones."""
        typed = tenant.requirements
        found: list[RequirementSpec] = []
        extra_keys = {r.key for r in typed.extra}
        # Exact instance types fix their architecture and generation: the defaults for those would only exclude
        # some of them (an m7g.large is arm64, a t2.micro of generation 2).
        decided = {"architectures", "instance_generations"} if typed.instance_types else set()
        for field, key in TYPED_REQUIREMENT_KEYS.items():
            defaults = typed.defaults and field not in decided
            values = getattr(typed, field) or (DEFAULT_REQUIREMENTS.get(field, ()) if defaults else ())
            if key in extra_keys:
                continue
            if field == "instance_generations" and not values and defaults:
                # Karpenter's documented starting point: skip the oldest instance generations.
                found.append(RequirementSpec(key, "Gt", ("2",)))
            elif values:
                found.append(RequirementSpec(key, "In", tuple(str(v) for v in values)))
        found.extend(RequirementSpec(r.key, r.operator, tuple(r.values), r.min_values) for r in typed.extra)
        return found

    def taints(self, tenant: Tenant) -> list[TaintSpec]:
        """The isolation taint (unless the tenant shares nodes) followed by the configured ones."""
        taints = [TaintSpec(self.tenancy.label_key, "NoSchedule", tenant.name)] if tenant.dedicated else []
        return taints + [TaintSpec(t.key, t.effect, t.value) for t in tenant.taints]

    def node_labels(self, tenant: Tenant) -> dict[str, str]:
        return {**dict(sorted(tenant.labels.items())), self.tenancy.label_key: tenant.name}

    def ec2_tags(self, tenant: Tenant) -> dict[str, str]:
        return {**dict(sorted(tenant.tags.items())), self.tenancy.label_key: tenant.name}

    def ami_alias(self, tenant: Tenant) -> str | None:
        """1.x: the AMI alias (default `al2023@latest`, warned), None when selector terms pick the AMIs."""
        if tenant.ami.selector_terms is not None:
            return None
        return tenant.ami.alias or "al2023@latest"

    def subnet_selector(self, tenant: Tenant) -> list[SelectorTerm]:
        if tenant.subnet_selector is not None:
            return tenant.subnet_selector
        return [SelectorTerm.model_validate({"tags": self.discovery_tags})]

    def security_group_selector(self, tenant: Tenant) -> list[SelectorTerm]:
        if tenant.security_group_selector is not None:
            return tenant.security_group_selector
        return [SelectorTerm.model_validate({"tags": self.discovery_tags})]

    def ami_family(self, tenant: Tenant) -> str:
        """The AMI family Karpenter applies to the tenant's nodes (user data, default disks)."""
        ami = tenant.ami
        if self.generation is Generation.V1ALPHA5:
            return ami.family or "AL2"
        if ami.selector_terms is not None or ami.family == "Custom":
            return ami.family or "AL2023"
        return ALIAS_FAMILIES[str(self.ami_alias(tenant)).split("@")[0]]

    def block_devices(self, tenant: Tenant) -> list[BlockDevice]:
        """The tenant's disks: blockDevices as written, else the AMI family's own layout (as Karpenter would
        attach it) with rootVolume's settings: encrypted, and the root device sized as configured."""
        if tenant.block_devices is not None:
            return list(tenant.block_devices)
        volume = tenant.root_volume
        layout = disk_layout(self.ami_family(tenant))
        if not layout:  # Custom: the AMI's own mappings, unless a root volume is asked for
            if "root_volume" not in tenant.model_fields_set:
                return []
            layout = ((volume.device_name or "", "20Gi", True),)
        devices = []
        for device, size, is_root in layout:
            ebs = {"volumeSize": (volume.size or size) if is_root else size, "volumeType": volume.type,
                   "encrypted": volume.encrypted, "kmsKeyID": volume.kms_key_id, "deleteOnTermination": True}
            name = (volume.device_name or device) if is_root else device
            devices.append(BlockDevice.model_validate({"deviceName": name, "rootVolume": is_root or None, "ebs": ebs}))
        return devices

    @property
    def gitops_namespace(self) -> str:
        argocd = self.gitops.argocd
        return argocd.namespace if self.gitops.engine == "argocd" and argocd is not None else self.gitops.flux.namespace

    @property
    def always_exempt_namespaces(self) -> list[str]:
        """Namespaces the isolation policy never checks: the control plane's, Karpenter's, the GitOps engine's."""
        return sorted({*CONTROL_PLANE_NAMESPACES, self.karpenter.namespace, self.gitops_namespace})

    @property
    def not_owned_namespaces(self) -> set[str]:
        """Namespaces that exist before Karpenter, which the product never writes (nor labels, nor prunes): the
        control plane's, `default` and the GitOps engine's."""
        return {*CONTROL_PLANE_NAMESPACES, "default", self.gitops_namespace}

    @property
    def exempt_namespaces(self) -> list[str]:
        return sorted({*self.always_exempt_namespaces, *self.tenancy.exempt_namespaces})

    @model_validator(mode="after")
    def _static_pools_fit_the_release(self) -> ClusterFile:
        """replicas (static NodePools) arrived in Karpenter 1.8.0 behind the StaticCapacity gate, which synth turns on."""
        static = [(index, tenant) for index, tenant in enumerate(self.tenants)
                  if any(pool.replicas is not None for _, _, pool in self.node_pools(tenant))]
        if not static or self.generation is not Generation.V1:
            return self
        version = self.karpenter.parsed_version
        problems: list[tuple[tuple[str | int, ...], str]] = []
        if (version.major, version.minor) < (1, 8):
            problems += [(("tenants", index, "replicas"), (
                f"static node pools (replicas) need Karpenter >= 1.8.0; this cluster pins {version}")) for index, _ in static]
        if self.karpenter.feature_gates.get("staticCapacity") is False:
            problems.append((("karpenter", "featureGates", "staticCapacity"), (
                "tenant " + static[0][1].name + " has a static node pool (replicas), which Karpenter ignores with this "
                "gate off: remove staticCapacity: false (synth turns it on)")))
        if problems:
            raise FieldProblems(problems)
        return self

    @model_validator(mode="after")
    def _overlays_fit_the_release(self) -> ClusterFile:
        with_overlays: list[tuple[str | int, ...]] = [("overlays",)] if self.overlays else []
        with_overlays += [("tenants", index, "overlays") for index, t in enumerate(self.tenants)
                          if isinstance(t, Tenant) and t.overlays]
        if not with_overlays:
            return self
        if self.generation is not Generation.V1:
            if self.overlays:  # a tenant's are refused by its TenantRule
                raise FieldProblems([(("overlays",), "overlays (NodeOverlay) need Karpenter >= 1.7")])
            return self
        version, problems = self.karpenter.parsed_version, []
        if (version.major, version.minor) < (1, 7):
            problems += [(path, f"NodeOverlays need Karpenter >= 1.7.0; this cluster pins {version}") for path in with_overlays]
        if self.karpenter.feature_gates.get("nodeOverlay") is False:
            problems.append((("karpenter", "featureGates", "nodeOverlay"), (
                "overlays are set, which Karpenter ignores with this gate off: remove nodeOverlay: false (synth "
                "turns it on)")))
        owners: dict[str, str] = {}
        lists = [(("overlays",), "", self.overlays)] + [(("tenants", index, "overlays"), f"{t.name}-", t.overlays)
                                                         for index, t in enumerate(self.tenants) if isinstance(t, Tenant)]
        for path, prefix, overlays in lists:
            seen: set[str] = set()
            for position, overlay in enumerate(overlays):
                name, where = prefix + overlay.name, ".".join(map(str, path)) + f"[{position}]"
                if overlay.name in seen:
                    problems.append(((*path, position, "name"), f"overlay {overlay.name!r} is listed twice"))
                elif name in owners:
                    problems.append(((*path, position, "name"), f"NodeOverlay {name!r} is also {owners[name]}'s: "
                                     "rename one (NodeOverlays are cluster-wide)"))
                seen.add(overlay.name)
                owners.setdefault(name, where)
        if problems:
            raise FieldProblems(problems)
        return self

    @model_validator(mode="after")
    def _requirement_keys_the_crds_accept(self) -> ClusterFile:
        """Raw requirements (requirements.extra, overlays' requirements) on a key of Karpenter's own label domains that
        the 1.x NodePool or NodeOverlay CRD refuses are refused here, at the line that has them."""
        if self.generation is not Generation.V1:
            return self
        found: list[tuple[tuple[str | int, ...], str, str]] = []  # (path of the requirement, key, kind)
        for index, tenant in enumerate(self.tenants):
            if not isinstance(tenant, Tenant):
                continue
            sections: list[tuple[tuple[str | int, ...], Requirements | None]] = [(("tenants", index), tenant.requirements)]
            sections += [(("tenants", index, "pools", i), pool.requirements) for i, pool in enumerate(tenant.pools)]
            for path, requirements in sections:
                found += [((*path, "requirements", "extra", i), r.key, "NodePool")
                          for i, r in enumerate(requirements.extra if requirements is not None else [])]
            found += [(("tenants", index, "overlays", o, "requirements", i), r.key, "NodeOverlay")
                      for o, overlay in enumerate(tenant.overlays) for i, r in enumerate(overlay.requirements)]
        found += [(("overlays", o, "requirements", i), r.key, "NodeOverlay")
                  for o, overlay in enumerate(self.overlays) for i, r in enumerate(overlay.requirements)]
        problems = [((*path, "key"), why) for path, key, kind in found
                    if (why := restricted_requirement_key(key, kind)) is not None]
        if problems:
            raise FieldProblems(problems)
        return self

    @model_validator(mode="after")
    def _balanced_fits_the_release(self) -> ClusterFile:
        """The Balanced consolidation policy arrived in Karpenter 1.14.0."""
        if self.generation is not Generation.V1:
            return self
        version = self.karpenter.parsed_version
        if (version.major, version.minor) >= (1, 14):
            return self
        problems: list[tuple[tuple[str | int, ...], str]] = []
        for index, tenant in enumerate(self.tenants):
            if not isinstance(tenant, Tenant):
                continue
            where = [("disruption",)] + [("pools", i, "disruption") for i, pool in enumerate(tenant.pools)
                                          if pool.disruption is not None]
            for path in where:
                disruption = tenant.disruption if len(path) == 1 else tenant.pools[path[1]].disruption  # type: ignore[index]
                if disruption is not None and disruption.consolidation_policy == "Balanced":
                    problems.append((("tenants", index, *path, "consolidationPolicy"), (
                        f"consolidationPolicy Balanced needs Karpenter >= 1.14.0; this cluster pins {version}")))
        if problems:
            raise FieldProblems(problems)
        return self

    @model_validator(mode="after")
    def _buffers_fit_the_release(self) -> ClusterFile:
        """CapacityBuffers arrived in Karpenter 1.14.0 behind the CapacityBuffer gate, which synth turns on."""
        with_buffers = [index for index, t in enumerate(self.tenants) if isinstance(t, Tenant) and t.buffers]
        if not with_buffers or self.generation is not Generation.V1:
            return self
        version, problems = self.karpenter.parsed_version, []
        if (version.major, version.minor) < (1, 14):
            problems += [(("tenants", index, "buffers"), f"CapacityBuffers need Karpenter >= 1.14.0; this cluster pins "
                          f"{version}") for index in with_buffers]
        if self.karpenter.feature_gates.get("capacityBuffer") is False:
            problems.append((("karpenter", "featureGates", "capacityBuffer"), (
                "a tenant has buffers, which Karpenter ignores with this gate off: remove capacityBuffer: false (synth "
                "turns it on)")))
        if problems:
            raise FieldProblems(problems)
        return self

    @property
    def capacity_buffers(self) -> bool:
        """Whether a tenant has CapacityBuffers: the CapacityBuffer feature gate goes on."""
        return any(t.buffers_set if not isinstance(t, Tenant) else bool(t.buffers) for t in self.tenants)

    @property
    def node_overlays(self) -> bool:
        """Whether the cluster or a tenant has NodeOverlays: the NodeOverlay feature gate goes on."""
        return bool(self.overlays) or any(t.overlays_set if not isinstance(t, Tenant) else bool(t.overlays)
                                          for t in self.tenants)

    @property
    def static_capacity(self) -> bool:
        """Whether a node pool is static (replicas): the StaticCapacity feature gate goes on."""
        # the cluster-wide part reads it from its TenantFacts (charts.cluster), a tenant's part from the tenant
        return any(t.static if not isinstance(t, Tenant) else any(p.replicas is not None for _, _, p in self.node_pools(t))
                   for t in self.tenants)

    @model_validator(mode="after")
    def _one_autoscaler_per_pod(self) -> ClusterFile:
        """cluster-autoscaler and Karpenter must not both add nodes for the same pending pods: while it runs, a tenant
        may take over a node group only once cluster-autoscaler ignores that group (cdk-eks-blueprints refuses the
        two together outright; upstream's migration guide scales cluster-autoscaler down first)."""
        moving = self.cluster_autoscaler
        if moving is None:
            return self
        tenants = {t.name for t in self.tenants}
        problems: list[tuple[tuple[str | int, ...], str]] = []
        seen: dict[str, int] = {}
        for index, group in enumerate(moving.node_groups):
            path = ("clusterAutoscaler", "nodeGroups", index)
            if group.name in seen:
                problems.append(((*path, "name"), f"node group {group.name!r} is listed twice (also nodeGroups[{seen[group.name]}])"))
            seen.setdefault(group.name, index)
            if group.name == self.karpenter.controller.node_group:
                problems.append(((*path, "name"), (
                    f"{group.name!r} runs the Karpenter controller (karpenter.controller.nodeGroup): it stays a node "
                    "group Karpenter does not manage; keep it out of the move")))
            if moving.running and not group.ignored and group.tenant in tenants:
                problems.append(((*path, "ignored"), (
                    f"cluster-autoscaler still scales node group {group.name!r} while tenant {group.tenant}'s node pool "
                    "serves the same pods: both would add nodes for every pending pod. Make cluster-autoscaler ignore "
                    "the group first (docs/cluster-autoscaler.md step 2), then set ignored: true"
                )))
        if problems:
            raise FieldProblems(problems)
        return self

    @model_validator(mode="after")
    def _flux_applier_is_not_the_controller(self) -> ClusterFile:
        name, flux = self.gitops.flux.service_account_name, self.gitops.flux
        if name is None or self.gitops.engine != "flux":
            return self
        path = ("gitops", "flux", "serviceAccountName")
        if name == self.karpenter.service_account:
            raise FieldProblems([(path, (
                f"{name!r} is the Karpenter controller's ServiceAccount (karpenter.serviceAccount); the appliers' "
                "account is bound to cluster-admin: give it a name of its own, e.g. karpenter-applier"))])
        if name in FLUX_CONTROLLER_ACCOUNTS:
            raise FieldProblems([(path, (
                f"{name!r} is a Flux controller's own ServiceAccount, which `flux bootstrap` owns: synth would write it "
                "(and remove it with the setting); give the appliers' account a name of its own, e.g. flux-applier"))])
        if self.karpenter.namespace == flux.namespace:
            raise FieldProblems([(("karpenter", "namespace"), (
                f"{flux.namespace!r} is also gitops.flux.namespace: with serviceAccountName the appliers' account would "
                "be written twice there (beside the root and in base/); install Karpenter in a namespace of its own"))])
        return self

    @model_validator(mode="after")
    def _chart_source_fits_engine(self) -> ClusterFile:
        if self.gitops.engine == "argocd" and self.karpenter.chart_source.verify is not None:
            raise FieldProblems([(("karpenter", "chartSource", "verify"), (
                "Argo CD cannot verify chart signatures: it checks GnuPG signatures of Git commits only, not cosign "
                "signatures of Helm OCI charts; remove verify and pin karpenter.chartSource.digests instead (or use "
                "gitops.engine flux)"
            ))])
        return self

    @model_validator(mode="after")
    def _namespaces_belong_to_one_tenant(self) -> ClusterFile:
        always = set(self.always_exempt_namespaces)
        configured = set(self.tenancy.exempt_namespaces)
        owners: dict[str, list[tuple[int, int, str]]] = {}
        problems: list[tuple[tuple[str | int, ...], str]] = []
        for index, tenant in enumerate(self.tenants):
            for position, namespace in enumerate(tenant.namespaces):
                path = ("tenants", index, "namespaces", position)
                if namespace in always:
                    problems.append((path, f"tenant {tenant.name}: namespace {namespace!r} is a system, Karpenter or GitOps namespace"))
                elif namespace in configured:
                    problems.append((path, (
                        f"tenant {tenant.name}: namespace {namespace!r} is also in tenancy.exemptNamespaces, which "
                        "the isolation policy does not check; remove it from one of the two"
                    )))
                owners.setdefault(namespace, []).append((index, position, tenant.name))
        for namespace, listed in owners.items():
            if len(listed) > 1:
                index, position, _ = listed[-1]
                problems.append((("tenants", index, "namespaces", position), (
                    f"namespace {namespace!r} is listed by tenants {', '.join(t for _, _, t in listed)}; a namespace "
                    "belongs to one tenant"
                )))
        if problems:
            raise FieldProblems(problems)
        return self

    def node_role(self, tenant: Tenant) -> str:
        """The IAM role of a tenant's nodes: as written (1.x); on 0.31 the role of the tenant's existing
        instance profile; else the naming rule."""
        existing = self.iam.existing.instance_profiles.get(tenant.instance_profile or "")
        if existing is not None:
            return role_name_of(existing)
        return tenant.node_role or self.default_iam_name("node_role", tenant.name)

    def instance_profile(self, tenant: Tenant) -> str | None:
        """0.31: the tenant's instance profile; None when it uses karpenter.defaultInstanceProfile."""
        if tenant.instance_profile is not None:
            return tenant.instance_profile
        if self.karpenter.default_instance_profile is not None:
            return None
        return self.default_iam_name("instance_profile", tenant.name)

    def sorted_tenants(self) -> list[Tenant]:
        """Tenants by name: output never depends on their order in the file."""
        return sorted(self.tenants, key=lambda tenant: tenant.name)


# This product's defaults for typed requirement keys the config leaves unset (Requirements.defaults).
DEFAULT_REQUIREMENTS = {"capacity_types": ("on-demand",), "architectures": ("amd64",), "operating_systems": ("linux",)}


@dataclass(frozen=True)
class RequirementSpec:
    """A resolved node selector requirement, in the shape both Karpenter generations share."""

    key: str
    operator: str
    values: tuple[str, ...] = ()
    min_values: int | None = None


@dataclass(frozen=True)
class TaintSpec:
    key: str
    effect: str
    value: str | None = None


def duration_seconds(duration: str) -> int:
    """'1h30m' -> 5400. The config model has already checked the shape."""
    total, number = 0, ""
    for char in duration:
        if char.isdigit():
            number += char
        else:
            total += int(number) * {"s": 1, "m": 60, "h": 3600}[char]
            number = ""
    return total


def tenant_key_conflicts(data: Any) -> list[tuple[tuple[str | int, ...], str]]:
    """(path, message) where a tenant of a cluster file (as read, before validation, so these are
    reported with every other problem) sets, taints or selects on the tenant key: that label and
    taint carry isolation, and the product sets them."""

    def mapping(value: Any) -> dict[str, Any]:
        return value if isinstance(value, dict) else {}

    def items(value: Any) -> list[Any]:
        return value if isinstance(value, list) else []

    data = mapping(data)
    key = mapping(data.get("tenancy")).get("labelKey", "tenant")
    found: list[tuple[tuple[str | int, ...], str]] = []
    for index, tenant in enumerate(items(data.get("tenants"))):
        tenant = mapping(tenant)
        # the tenant itself, and each of its pools (whose labels, taints and requirements add to the tenant's)
        places = [(("tenants", index), tenant)] + [
            (("tenants", index, "pools", position), mapping(pool)) for position, pool in enumerate(items(tenant.get("pools")))]
        for at, where in places:
            if key in mapping(where.get("labels")):
                found.append(((*at, "labels", key), (
                    f"would override the tenant label ({key}: {tenant.get('name')}); remove it or choose another "
                    "tenancy.labelKey")))
            for field in ("taints", "startupTaints"):
                for position, taint in enumerate(items(where.get(field))):
                    if mapping(taint).get("key") == key:
                        found.append(((*at, field, position, "key"), (
                            f"{key!r} is the tenant key: the product sets the tenant taint itself (dedicated: true); "
                            "remove this one")))
            for position, requirement in enumerate(items(mapping(where.get("requirements")).get("extra"))):
                if mapping(requirement).get("key") == key:
                    found.append(((*at, "requirements", "extra", position, "key"), (
                        f"{key!r} is the tenant key: the product selects the tenant's nodes by it; remove this requirement")))
    return found
