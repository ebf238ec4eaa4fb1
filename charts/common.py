"""Names, labels and requirement rules shared by every chart."""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from typing import TypeVar

from charts.config import TYPED_REQUIREMENT_KEYS, ClusterFile, Requirement, Tenant

PRODUCT = "karpenter-tenants"
MANAGED_BY = {"app.kubernetes.io/managed-by": PRODUCT}
KARPENTER_CHART_REPOSITORY = "oci://public.ecr.aws/karpenter"
HELM_CHART_LAYER = "application/vnd.cncf.helm.chart.content.v1.tar+gzip"


E = TypeVar("E", bound=enum.Enum)


def member(enum_type: type[E], value: str) -> E:
    """The jsii enum member for a CRD enum value: jsii names members in UPPER_SNAKE ('CreateReplace' ->
    CREATE_REPLACE), so match on the letters alone."""
    wanted = re.sub(r"[^A-Za-z0-9]", "", value).upper()
    for candidate in enum_type:
        if candidate.name.replace("_", "") == wanted:
            return candidate
    raise ValueError(f"{value!r} is not one of {[m.name for m in enum_type]} in {enum_type.__name__}")


# This product's defaults for typed requirement keys the config leaves unset (Requirements.defaults).
DEFAULT_REQUIREMENTS = {"capacity_types": ("on-demand",), "architectures": ("amd64",), "operating_systems": ("linux",)}


@dataclass(frozen=True)
class RequirementSpec:
    """A node selector requirement in the shape both Karpenter generations share."""

    key: str
    operator: str
    values: tuple[str, ...] = ()
    min_values: int | None = None


def tenant_requirements(tenant: Tenant) -> list[RequirementSpec]:
    """The tenant's typed requirements (fixed order, values as written) then its raw extra ones."""
    typed = tenant.requirements
    found: list[RequirementSpec] = []
    extra_keys = {r.key for r in typed.extra}
    for field, key in TYPED_REQUIREMENT_KEYS.items():
        values = getattr(typed, field) or (DEFAULT_REQUIREMENTS.get(field, ()) if typed.defaults else ())
        if key in extra_keys:
            continue
        if field == "instance_generations" and not values and typed.defaults:
            # Karpenter's documented starting point: skip the oldest instance generations.
            found.append(RequirementSpec(key, "Gt", ("2",)))
        elif values:
            found.append(RequirementSpec(key, "In", tuple(str(v) for v in values)))
    found.extend(_raw(r) for r in typed.extra)
    return found


def _raw(requirement: Requirement) -> RequirementSpec:
    return RequirementSpec(
        requirement.key, requirement.operator, tuple(requirement.values), requirement.min_values
    )


@dataclass(frozen=True)
class TaintSpec:
    key: str
    effect: str
    value: str | None = None


def tenant_taints(config: ClusterFile, tenant: Tenant) -> list[TaintSpec]:
    """The isolation taint (unless the tenant shares nodes) followed by the configured ones."""
    taints = []
    if tenant.dedicated:
        taints.append(TaintSpec(config.tenancy.label_key, "NoSchedule", tenant.name))
    taints.extend(TaintSpec(t.key, t.effect, t.value) for t in tenant.taints)
    return taints


def tenant_labels(config: ClusterFile, tenant: Tenant) -> dict[str, str]:
    return {**dict(sorted(tenant.labels.items())), config.tenancy.label_key: tenant.name}


def tenant_tags(config: ClusterFile, tenant: Tenant) -> dict[str, str]:
    return {**dict(sorted(tenant.tags.items())), config.tenancy.label_key: tenant.name}


def seconds(duration: str) -> int:
    """'1h30m' -> 5400. The config model has already checked the shape."""
    total, number = 0, ""
    for char in duration:
        if char.isdigit():
            number += char
        else:
            total += int(number) * {"s": 1, "m": 60, "h": 3600}[char]
            number = ""
    return total
