"""The `karpenter` section: the controller, its chart source and signature checks, its role, feature gates and
free-form chart values (which must be Helm values: JSON), and the rule checking those values against a chart's
defaults.

Part of the cluster config schema (config.schema); imports config only."""

from __future__ import annotations

import datetime
import difflib
import math
import re
from collections.abc import Iterator
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, Field, ValidationInfo, field_validator, model_validator

from karpenter_tenants.config.schema.base import (
    AnnotationKey,
    CpuQuantity,
    FieldProblems,
    Flag,
    IamRoleName,
    InstanceProfileName,
    Integer,
    LabelKey,
    LabelValue,
    Model,
    Name,
    Quantity,
    QueueName,
    RoleArn,
    context_generation,
    kubernetes_minor_value,
    shown,
)
from karpenter_tenants.config.versions import Generation, KarpenterVersion, minor_key

# The labels the Karpenter chart's Deployment selects its pods by (templates/_helpers.tpl: karpenter.selectorLabels).
CHART_SELECTOR_LABELS = ("app.kubernetes.io/name", "app.kubernetes.io/instance")
POD_ANNOTATIONS_MAX_BYTES = 256 * 1024  # apimachinery's ValidateAnnotations: TotalAnnotationSizeLimitB, keys + values


class Resources(Model):
    cpu: CpuQuantity = Field(default="1", description="CPU request and limit of the controller. Default `1`.")
    memory: Quantity = Field(default="1Gi", description="Memory request and limit of the controller. Default `1Gi`.")


class Toleration(Model):
    """A toleration the chart writes into its Deployment as given: what Kubernetes' ValidateTolerations refuses
    (pkg/apis/core/validation/validation.go) is refused here, or the HelmRelease's install or upgrade would fail."""

    key: LabelKey | None = Field(default=None, description="Taint key; none with operator Exists: every taint.")
    operator: Literal["Equal", "Exists"] = Field(default="Equal", description="Default `Equal`.")
    value: LabelValue | None = Field(default=None, description="With Equal: the taint value (a label value).")
    effect: Literal["NoSchedule", "PreferNoSchedule", "NoExecute"] | None = Field(
        default=None, description="Default: every effect."
    )
    toleration_seconds: Integer | None = Field(default=None, ge=0, description="NoExecute only. Default: forever.")

    @field_validator("key", mode="before")
    @classmethod
    def _empty_key(cls, value: object) -> object:
        return None if value == "" else value  # Kubernetes reads an empty key as none

    @model_validator(mode="after")
    def _as_kubernetes_validates_it(self) -> Toleration:
        # ValidateTolerations' rules between the fields (the key and value shapes are LabelKey's and LabelValue's:
        # ValidateLabelName and IsValidLabelValue there; the operator and effect are the Literals above).
        rules = (
            (
                not self.key and self.operator != "Exists",
                "operator",
                f"operator {self.operator} needs a key: Kubernetes takes a toleration without a key only with operator "
                "Exists (every taint); give the key or use operator Exists",
            ),
            (
                self.operator == "Exists" and bool(self.value),
                "value",
                "operator Exists takes no value (Kubernetes: value must be empty when operator is 'Exists'); remove "
                "the value or use operator Equal",
            ),
            (
                self.toleration_seconds is not None and self.effect != "NoExecute",
                "tolerationSeconds",
                "tolerationSeconds needs effect NoExecute (Kubernetes: effect must be 'NoExecute' when "
                "tolerationSeconds is set); set the effect or remove tolerationSeconds",
            ),
        )
        problems: list[tuple[tuple[str | int, ...], str]] = [((key,), text) for broken, key, text in rules if broken]
        if problems:
            raise FieldProblems(problems)
        return self


class TopologySpread(Model):
    max_skew: Integer = Field(default=1, ge=1, description="Default 1.")
    topology_key: str = Field(
        min_length=1,  # ValidateTopologyKey (pkg/apis/core/validation/validation.go): "can not be empty"
        description="Node label to spread over, e.g. `topology.kubernetes.io/zone`. Required.",
    )
    when_unsatisfiable: Literal["DoNotSchedule", "ScheduleAnyway"] = Field(
        default="DoNotSchedule", description="Default `DoNotSchedule`."
    )


class ServiceMonitor(Model):
    enabled: Flag = Field(default=False, description="Create a Prometheus Operator ServiceMonitor. Default false.")
    additional_labels: dict[LabelKey, LabelValue] = Field(
        default_factory=dict, description="Labels your Prometheus selects ServiceMonitors by. Default none."
    )


class Webhook(Model):
    enabled: Flag = Field(default=True, description="0.31: serve the validating/defaulting webhooks. Default true.")
    port: Integer = Field(
        default=8443, ge=1024, le=65535, description="0.31: the webhook's container port. Default 8443."
    )


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
    pod_annotations: dict[AnnotationKey, str] = Field(
        default_factory=dict, description="Controller pod annotations. Default none."
    )
    pod_labels: dict[LabelKey, LabelValue] = Field(
        default_factory=dict, description="Controller pod labels. Default none."
    )
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

    @field_validator("pod_labels")
    @classmethod
    def _not_the_selector(cls, value: dict[str, str]) -> dict[str, str]:
        taken = sorted(set(value) & set(CHART_SELECTOR_LABELS))
        if taken:
            raise ValueError(
                f"{', '.join(taken)}: the chart's selector labels, which it sets on the pods itself; another value "
                "makes the Deployment's pod template no longer match its selector (the API server refuses it): "
                "remove them"
            )
        return value

    @field_validator("topology_spread_constraints")
    @classmethod
    def _spread_once(cls, value: list[TopologySpread] | None) -> list[TopologySpread] | None:
        # ValidateSpreadConstraintNotRepeat (pkg/apis/core/validation/validation.go): a {topologyKey,
        # whenUnsatisfiable} pair is one kind of constraint; the API server refuses a pod template repeating one.
        pairs = [(t.topology_key, t.when_unsatisfiable) for t in value or []]
        repeated = sorted({pair for pair in pairs if pairs.count(pair) > 1})
        if repeated:
            raise ValueError(
                "; ".join(f"topologyKey {shown(key)} with whenUnsatisfiable {how}" for key, how in repeated)
                + " listed more than once (Kubernetes refuses a pod template repeating a {topologyKey, "
                "whenUnsatisfiable} pair): keep one"
            )
        return value

    @field_validator("pod_annotations")
    @classmethod
    def _annotations_fit(cls, value: dict[str, str]) -> dict[str, str]:
        # apimachinery's ValidateAnnotations (ValidateObjectMeta of the Deployment's pod template): the keys and
        # values together at most TotalAnnotationSizeLimitB, 256 KiB.
        size = sum(len(key.encode()) + len(text.encode()) for key, text in value.items())  # Go counts bytes
        if size > POD_ANNOTATIONS_MAX_BYTES:
            raise ValueError(
                f"{size:,} bytes of keys and values; Kubernetes takes at most {POD_ANNOTATIONS_MAX_BYTES:,} "
                "(256 KiB) of annotations on a pod: shorten or drop some"
            )
        return value

    @field_validator("image_repository")
    @classmethod
    def _repository_only(cls, value: str | None) -> str | None:
        if value is None:
            return None
        last = value.rsplit("/", 1)[-1]
        if "@" in value or ":" in last or not re.fullmatch(r"[a-z0-9]([a-z0-9._/:-]*[a-z0-9])?", value):
            raise ValueError(
                f"{shown(value)} is not an image repository: give the repository without a tag or digest (e.g. "
                "'registry.example/karpenter/controller'); the chart adds the release's tag and digest"
            )
        return value


_DIGEST = re.compile(r"^sha256:[0-9a-f]{64}$")
# Karpenter publishes its charts (karpenter and karpenter-crd, one release script) signed with cosign keyless
# from GitHub Actions since 0.35.0 (aws/karpenter-provider-aws#5609, "Verification" in the chart's README):
# issuer GitHub's OIDC provider, subject the release workflow at the release tag.
FIRST_SIGNED_CHART = (0, 35, 0)
KARPENTER_SIGNING_ISSUER = r"^https://token\.actions\.githubusercontent\.com$"
KARPENTER_SIGNING_SUBJECT = (
    r"^https://github\.com/aws/karpenter-provider-aws/\.github/workflows/release\.yaml@refs/tags/v{version}$"
)
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
        charts = CHARTS if context_generation(info) is not Generation.V1ALPHA5 else CHARTS[:1]
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


class Compatibility(Model):
    """Upstream's row of Karpenter's Kubernetes compatibility table for the pinned release, stated in the file."""

    min_k8s_version: str = Field(
        alias="minK8sVersion", description='The oldest Kubernetes minor the release supports, e.g. "1.26". Required.'
    )
    max_k8s_version: str = Field(
        alias="maxK8sVersion", description='The newest Kubernetes minor the release supports, e.g. "1.36". Required.'
    )

    @field_validator("min_k8s_version", "max_k8s_version", mode="before")
    @classmethod
    def _minor(cls, value: object) -> object:
        return kubernetes_minor_value(value)

    @model_validator(mode="after")
    def _ordered(self) -> Compatibility:
        if minor_key(self.min_k8s_version) > minor_key(self.max_k8s_version):
            raise ValueError(f"minK8sVersion {self.min_k8s_version} is above maxK8sVersion {self.max_k8s_version}")
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
        'default", its docs/UPGRADE-21.0.md); `irsa` on 0.31, which predates EKS Pod Identity. Switching is shown '
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
        "nodeOverlay, staticCapacity, capacityBuffer (and from 1.15 terminateFirstDrift, terminateFirstRepair, "
        "podDeletionCostManagement); on 0.31 driftEnabled. Default: the chart's.",
    )
    service_monitor: ServiceMonitor = Field(default_factory=ServiceMonitor, description="Prometheus scraping.")
    webhook: Webhook | None = Field(default=None, description="0.31 only: the chart's webhook. Default: the chart's.")
    chart_source: ChartSource = Field(
        default_factory=ChartSource, description="Where the charts come from: digest pins, signature verification."
    )
    compatibility: Compatibility | None = Field(
        default=None,
        description="The Kubernetes range of a release that no compatibility table here lists: neither this product's "
        "(config/compatibility.json) nor the reference data's (`fetch-reference`; a release's own table at its tag ends "
        "at the line before it, e.g. 1.15.2's at 1.14.x). Upstream's row for the release as its compatibility page "
        'states it (karpenter.sh/docs/upgrading/compatibility), `{minK8sVersion: "1.26", maxK8sVersion: "1.36"}`; '
        "synth warns that the range is the file's. A table that lists the release wins: the two must agree. "
        "Default none.",
    )
    values: dict[str, Any] = Field(
        default_factory=dict,
        description="Any other value of the karpenter chart, deep-merged last over the generated ones. Every key is "
        "checked against the chart's own values.yaml for this version (an unknown key is an error naming the nearest "
        "one; needs the reference data in ../shared). Only what JSON holds: quote dates, `.nan`/`.inf` and keys "
        "such as `yes` or `1`. Default none.",
    )

    @field_validator("values")
    @classmethod
    def _priority_class_name(cls, value: dict[str, Any]) -> dict[str, Any]:
        name = value.get("priorityClassName")
        if (
            isinstance(name, str)
            and name
            and (
                len(name) > 253
                or not re.fullmatch(r"[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*", name)
            )
        ):
            raise ValueError(
                f"priorityClassName {shown(name)} is not a PriorityClass name (a DNS subdomain: at most 253 "
                "lowercase letters, digits, '-' and '.'), which the API server refuses on the pods"
            )
        return value

    @field_validator("version", mode="before")
    @classmethod
    def _version_is_a_string(cls, value: object) -> object:
        if isinstance(value, int | float) and not isinstance(value, bool):
            raise ValueError(f'{shown(value)} is a YAML number; quote the version, e.g. "1.14.1"')
        return value

    @field_validator("version")
    @classmethod
    def _supported_version(cls, value: str) -> str:
        return str(KarpenterVersion.parse(value))

    @field_validator("default_instance_profile")
    @classmethod
    def _only_on_v1alpha5(cls, value: str | None, info: ValidationInfo) -> str | None:
        if value is not None and context_generation(info) is Generation.V1:
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
            raise ValueError(
                f'{shown(value)}: upgradingFrom names the 0.31 release the cluster came from, e.g. "0.31.5"'
            )
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
        generation = context_generation(info)
        known = FEATURE_GATES.get(generation) if generation else None
        version = info.data.get("version")
        pinned = KarpenterVersion.parse(version) if generation is Generation.V1 and isinstance(version, str) else None
        for gate in value:
            since = FEATURE_GATES_SINCE.get(gate) if generation is Generation.V1 else None
            if since is not None and pinned is not None and not pinned.at_least(since):
                raise ValueError(
                    f"{gate!r} is a feature gate of the chart from Karpenter {since}; this cluster pins "
                    f"{pinned}: upgrade karpenter.version to {since} or later, or remove it"
                )
            if known is not None and gate not in known and since is None:
                raise ValueError(
                    f"{gate!r} is not a feature gate of the {generation.value if generation else ''} chart: one of "
                    f"{', '.join(sorted(known))}"
                )
        return value

    @field_validator("webhook")
    @classmethod
    def _webhook_on_v1alpha5(cls, value: Webhook | None, info: ValidationInfo) -> Webhook | None:
        if value is not None and context_generation(info) is Generation.V1:
            raise ValueError("webhook is a Karpenter 0.31 setting; 1.x serves no webhooks: remove it")
        return value

    @field_validator("identity")
    @classmethod
    def _pod_identity_on_v1(cls, value: str | None, info: ValidationInfo) -> str | None:
        if value == "podIdentity" and context_generation(info) is Generation.V1ALPHA5:
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
        values = self.values
        problems: list[tuple[tuple[str | int, ...], str]] = []

        def at(*path: str) -> Any:
            node: Any = values
            for key in path:
                node = node.get(key) if isinstance(node, dict) else None
            return node

        if "serviceAccount" in values:
            problems.append(
                (
                    ("values", "serviceAccount"),
                    (
                        "the product writes the controller's ServiceAccount (base/) and its identity: set karpenter.serviceAccount "
                        "(its name) and karpenter.identity (irsa, with karpenter.controllerRole, or podIdentity) instead"
                    ),
                )
            )
        image = at("controller", "image")
        if isinstance(image, dict) and "repository" in image and not image.get("digest"):
            problems.append(
                (
                    ("values", "controller", "image", "repository"),
                    (
                        "an image repository without controller.image.digest runs whatever its tag points to: set "
                        "karpenter.controller.imageRepository and pin the digest (values controller.image.digest)"
                    ),
                )
            )
        for key in ("hostNetwork", "hostPID", "hostIPC"):
            if at(key) or at("controller", key):
                problems.append((("values", key), f"{key} gives the controller the node's namespaces: not allowed"))
        for index, volume in enumerate(at("extraVolumes") or []):
            if isinstance(volume, dict) and "hostPath" in volume:
                problems.append(
                    (
                        ("values", "extraVolumes", index, "hostPath"),
                        "a hostPath volume gives the controller the node's files: not allowed",
                    )
                )
        if "replicas" in values:
            problems.append(
                (
                    ("values", "replicas"),
                    "set karpenter.controller.replicas (at least 2 keeps it highly "
                    "available; its PodDisruptionBudget follows it)",
                )
            )
        for key, typed in (
            ("clusterName", "cluster.name"),
            ("clusterEndpoint", "cluster.endpoint"),
            ("interruptionQueue", "karpenter.interruptionQueue"),
        ):
            if at("settings", key) is not None:
                problems.append(
                    (("values", "settings", key), f"set {typed}: synth writes it into the chart's settings")
                )
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
            raise FieldProblems(
                [
                    (
                        ("chartSource", "verify"),
                        (
                            f"Karpenter {version}'s charts are not signed: upstream signs its OCI charts (cosign keyless, from "
                            "its GitHub release workflow) from 0.35.0 on (aws/karpenter-provider-aws#5609); remove verify and "
                            "pin chartSource.digests instead"
                        ),
                    )
                ]
            )
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
def unknown_value_keys(
    values: Any, chart: Any, path: tuple[str, ...] = (), whole: frozenset[tuple[str, ...]] = frozenset()
) -> list[tuple[tuple[str, ...], str]]:
    """(path, message) for every key of `values` the chart's values.yaml does not have. Below a key whose
    default is an empty map, a list or null the chart takes anything (podAnnotations, env, ...), and below one the
    chart's templates render whole (whole: nodeSelector, podSecurityContext, strategy: Kubernetes' keys)."""
    if not isinstance(values, dict) or not isinstance(chart, dict) or not chart or path in whole:
        return []
    found = []
    for key, value in values.items():
        if key not in chart:
            keys = sorted(str(k) for k in chart)
            nearest = (
                difflib.get_close_matches(str(key), keys, n=1)
                or [
                    k for k in keys if k.lower().startswith(str(key).lower()) or str(key).lower().startswith(k.lower())
                ][:1]
            )
            hint = (
                f"; did you mean {nearest[0]!r}?"
                if nearest
                else f"; the chart has {', '.join(sorted(map(str, chart)))}"
            )
            where = ".".join(path) or "the top level"
            found.append(((*path, str(key)), f"{key!r} is not a value of the karpenter chart at {where}{hint}"))
        else:
            found += unknown_value_keys(value, chart[key], (*path, str(key)), whole)
    return found


ROLE_ANNOTATION = "eks.amazonaws.com/role-arn"


# The chart's settings.featureGates per generation (values.yaml of 1.14.1 and 0.31.5; a test compares).
FEATURE_GATES: dict[Generation, frozenset[str]] = {
    Generation.V1: frozenset(
        {"nodeRepair", "nodeOverlay", "reservedCapacity", "spotToSpotConsolidation", "staticCapacity", "capacityBuffer"}
    ),
    Generation.V1ALPHA5: frozenset({"driftEnabled"}),
}
# The 1.x chart's feature gates a later release added (FEATURE_GATES[V1] are the reference release's, 1.14.1), by the
# release whose chart adds them: refused on older ones. tests/unit/config/test_release_api.py compares them with every 1.x chart's
# values.yaml in the reference data (1.15.2's from its Go module tree).
FEATURE_GATES_SINCE: dict[str, str] = {
    "terminateFirstDrift": "1.15.0",
    "terminateFirstRepair": "1.15.0",
    "podDeletionCostManagement": "1.15.0",
}


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
                read_as = (
                    "null (~, null or no key at all)" if key is None else f"the {_yaml_kind(key)} {_yaml_spelling(key)}"
                )
                yield (
                    path,
                    (
                        f"holds a key YAML reads as {read_as}"
                        + (" (unquoted yes, no, on and off are booleans too)" if isinstance(key, bool) else "")
                        + "; Helm values' keys are text: quote it"
                    ),
                )
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _not_helm_values(item, (*path, index))
    elif isinstance(value, float) and not math.isfinite(value):
        yield (
            path,
            f"{_yaml_spelling(value)} is no Helm value (JSON has no NaN or infinity); quote it to keep it as text",
        )
    elif not isinstance(value, str | int | float | bool) and value is not None:
        shown = f" ({_yaml_spelling(value)})" if isinstance(value, datetime.date) else ""  # a set or bytes: no help
        yield path, f"a YAML {_yaml_kind(value)}{shown}, which is no Helm value; quote it to keep it as text"
