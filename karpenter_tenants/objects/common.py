"""Names and helpers every chart and every kind shares: the managed-by label, the controller chart's name and how
an object names the chart it installs (chart_installed), the Helm keep annotation, typed quantities."""

from __future__ import annotations

import enum
import re
from functools import cache
from typing import TypeVar

PRODUCT = "karpenter-tenants"
MANAGED_BY = {"app.kubernetes.io/managed-by": PRODUCT}
# The name of each CapacityBuffer chunk's PodTemplate is this and the buffer's name (kinds.buffer.construct).
BUFFER_POD_TEMPLATE_PREFIX = f"{PRODUCT}-buffer-"
KARPENTER_CHART_REPOSITORY = "oci://public.ecr.aws/karpenter"
HELM_CHART_LAYER = "application/vnd.cncf.helm.chart.content.v1.tar+gzip"


E = TypeVar("E", bound=enum.Enum)
U = TypeVar("U")


@cache
def member(enum_type: type[E], value: str) -> E:
    """The jsii enum member for a CRD enum value: jsii names members in UPPER_SNAKE ('CreateReplace' ->
    CREATE_REPLACE), so match on the letters alone."""
    wanted = re.sub(r"[^A-Za-z0-9]", "", value).upper()
    for candidate in enum_type:
        if candidate.name.replace("_", "") == wanted:
            return candidate
    raise ValueError(f"{value!r} is not one of {[m.name for m in enum_type]} in {enum_type.__name__}")


def argocd_chart(source: object) -> str | None:
    """The chart an Argo CD Application source installs: `chart` of a Helm repository source, or the last path
    segment of an `oci://` source (a chart pinned by digest); None for a Git path source."""
    if not isinstance(source, dict):
        return None
    if source.get("chart"):
        return str(source["chart"])
    url = str(source.get("repoURL", ""))
    return url.rstrip("/").rpartition("/")[2] if url.startswith("oci://") else None


CONTROLLER_CHART = "karpenter"  # the chart that installs the controller (karpenter-crd installs the CRDs)
# Helm never deletes an object annotated so on upgrade or uninstall (pkg/kube: ResourcePolicyAnno, KeepPolicy).
HELM_RESOURCE_POLICY = ("helm.sh/resource-policy", "keep")


def chart_installed(obj: object) -> str | None:
    """The chart a Flux HelmRelease (spec.chartRef.name) or an Argo CD Application (argocd_chart of spec.source)
    installs; None for any other object, or one of another shape. The one answer to "does this object install
    Karpenter's controller" (== CONTROLLER_CHART) that wiring, plan and adopt ask."""
    if not isinstance(obj, dict):
        return None
    spec = obj.get("spec") if isinstance(obj.get("spec"), dict) else {}
    if obj.get("kind") == "HelmRelease":
        ref = spec.get("chartRef") if isinstance(spec.get("chartRef"), dict) else {}
        return str(ref["name"]) if ref.get("name") else None
    if obj.get("kind") == "Application":
        return argocd_chart(spec.get("source"))
    return None


def quantity(union: type[U], value: str | float) -> U:
    """A value of an imported union type (a Kubernetes quantity or int-or-string: `NodePoolSpecLimits`,
    `k8s.IntOrString`), the way cdk8s import makes them: `from_string` or `from_number`."""
    made: U = union.from_string(value) if isinstance(value, str) else union.from_number(value)  # type: ignore[attr-defined]
    return made
