"""A tenant's scheduling settings: requirements (typed and raw), limits, taints, disruption and its budgets.

Part of the cluster config schema (config.schema); imports config only."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, Field, field_validator, model_validator
from pydantic.alias_generators import to_camel

from karpenter_tenants.config.schema.base import (
    BudgetDuration,
    BudgetNodes,
    CpuQuantity,
    CronSchedule,
    Duration,
    Flag,
    Integer,
    LabelKey,
    LabelValue,
    Model,
    Quantity,
    shown,
    unique_items,
)
from karpenter_tenants.config.schema.specs import DEFAULT_REQUIREMENTS, RequirementSpec


class Requirement(Model):
    """A raw node selector requirement, passed through as written."""

    key: LabelKey = Field(description="Node label key, e.g. `karpenter.k8s.aws/instance-cpu`. Required.")
    operator: Literal["In", "NotIn", "Exists", "DoesNotExist", "Gt", "Lt", "Gte", "Lte"] = Field(
        description="Required. Gte and Lte need Karpenter >= 1.9."
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
        if self.operator in ("Gt", "Lt", "Gte", "Lte") and (
            len(self.values) != 1 or not re.fullmatch(r"^[0-9]+$", self.values[0])
        ):
            raise ValueError(f"operator {self.operator} needs exactly one non-negative integer value")
        if self.operator in ("Gt", "Lt", "Gte", "Lte") and int(self.values[0]) >= 2**63:
            # the CRD's CEL rule reads it with int(), a 64-bit integer: a larger one fails the rule's evaluation
            raise ValueError(
                f"operator {self.operator}: {self.values[0]} is larger than a 64-bit integer "
                f"({2**63 - 1}), which the NodePool CRD's rule cannot read"
            )
        if self.operator == "In" and self.min_values is not None and len(self.values) < self.min_values:
            raise ValueError(
                f"minValues {self.min_values} asks for more values than the {len(self.values)} listed; the "
                "NodePool CRD refuses it (list at least that many values, or lower minValues)"
            )
        return self


REQUIREMENT_KEYS: dict[str, Any] = json.loads((Path(__file__).parent.parent / "requirement_keys.json").read_text())


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
            return (
                f"{shown(key)} is in the label domain {domain!r}, where the {kind} CRD accepts only Karpenter's "
                "well-known labels (config/requirement_keys.json)"
                + (f": did you mean {near[0]!r}?" if near else ": use one of them or a label of your own")
            )
    return None


def _node_label(key: str) -> str:
    """A label of the NodePool's template: the NodePool CRD's CEL rules on template labels refuse the same keys as
    on requirement keys (tests/unit/config/test_requirement_keys.py compares both with ../shared)."""
    why = restricted_requirement_key(key, "NodePool")
    if why is not None:
        raise ValueError(
            why.replace("refuses it (every node has its own)", "refuses it as a label (every node has its own)")
        )
    return key


NodeLabelKey = Annotated[LabelKey, AfterValidator(_node_label)]
"""A node label a tenant or pool sets: a label key the NodePool CRD accepts on its template."""


MAX_GENERATION = 99  # EC2's generations are single digits today (8 in 2026): two leave room, more is a typo


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
    zones: list[str] = Field(
        default_factory=list, description="Availability zones. Default: every zone of the subnets."
    )
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
    defaults: Flag = Field(
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

    @field_validator("instance_generations")
    @classmethod
    def _positive_generations(cls, value: list[int]) -> list[int]:
        bad = [g for g in value if g < 1]
        if bad:
            raise ValueError(
                f"{', '.join(map(str, bad))}: EC2 instance generations start at 1 (m5 is generation 5); "
                "no instance type has this one, so the pool could launch nothing"
            )
        huge = [g for g in value if g > MAX_GENERATION]
        if huge:
            raise ValueError(
                f"{', '.join(shown(g) for g in huge)}: EC2 instance generations are one or two digits (m8g is "
                "generation 8); no instance type has this one, so the pool could launch nothing"
            )
        return value

    @field_validator("instance_types")
    @classmethod
    def _instance_types(cls, value: list[str]) -> list[str]:
        for item in value:
            if not re.fullmatch(r"^[a-z0-9-]+\.[a-z0-9-]+$", item, re.ASCII):
                raise ValueError(f"{item!r} is not an EC2 instance type like 'm7i.large' (family '.' size, lowercase)")
        return value

    @field_validator(
        "instance_categories",
        "instance_families",
        "instance_sizes",
        "instance_generations",
        "instance_types",
        "capacity_types",
        "architectures",
        "zones",
        "operating_systems",
        "gpu_manufacturers",
        "gpu_counts",
    )
    @classmethod
    def _each_once(cls, value: list[Any]) -> list[Any]:
        return unique_items(value)  # type: ignore[return-value]

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

# The NodePool CRD's bound on the requirements of its template (karpenter.sh_nodepools.yaml, every 1.x release and
# v1beta1: spec.template.spec.requirements maxItems 100; tests/unit/config/test_node_pool_bounds.py reads it from
# ../shared). 0.31's Provisioner CRD (spec.requirements) has no bound.
MAX_NODE_POOL_REQUIREMENTS = 100


def requirement_specs(typed: Requirements) -> list[RequirementSpec]:
    """The requirements a node pool's `requirements` write, as its NodePool or Provisioner lists them: the typed ones
    (fixed order, values as written, the product's defaults for keys left unset), then the raw `extra` ones.
    config.resolved.requirements (what kinds/node_pool writes) and the NodePool CRD's bound both count these."""
    found: list[RequirementSpec] = []
    extra_keys = {r.key for r in typed.extra}
    # Exact instance types fix their architecture and generation: the defaults for those would only exclude
    # some of them (an m7g.large is arm64, a t2.micro of generation 2).
    decided = {"architectures", "instance_generations"} if typed.instance_types else set()
    for name, key in TYPED_REQUIREMENT_KEYS.items():
        defaults = typed.defaults and name not in decided
        values = getattr(typed, name) or (DEFAULT_REQUIREMENTS.get(name, ()) if defaults else ())
        if key in extra_keys:
            continue
        if name == "instance_generations" and not values and defaults:
            # Karpenter's documented starting point: skip the oldest instance generations.
            found.append(RequirementSpec(key, "Gt", ("2",)))
        elif values:
            found.append(RequirementSpec(key, "In", tuple(str(v) for v in values)))
    found.extend(RequirementSpec(r.key, r.operator, tuple(r.values), r.min_values) for r in typed.extra)
    return found


class Limits(Model):
    """Caps on the sum over the tenant's nodes; every resource Karpenter counts, each unlimited by default."""

    cpu: CpuQuantity | None = Field(default=None, description="Total CPU of the tenant's nodes. Default: unlimited.")
    memory: Quantity | None = Field(default=None, description="Total memory of the tenant's nodes. Default: unlimited.")
    ephemeral_storage: Quantity | None = Field(
        default=None, alias="ephemeral-storage", description="Total ephemeral storage. Default: unlimited."
    )
    nvidia_gpu: Quantity | None = Field(
        default=None, alias="nvidia.com/gpu", description="NVIDIA GPUs. Default: unlimited."
    )
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


def _taints_once(value: list[Taint]) -> list[Taint]:
    """Kubernetes refuses a node whose taints repeat a key and effect (core/v1 validation: "taints must be unique by
    key and effect"), so Karpenter's node would never register."""
    seen: set[tuple[str, str]] = set()
    for taint in value:
        if (taint.key, taint.effect) in seen:
            raise ValueError(
                f"the taint {taint.key}:{taint.effect} is listed twice; Kubernetes refuses a node whose "
                "taints repeat a key and effect: keep one"
            )
        seen.add((taint.key, taint.effect))
    return value


Taints = Annotated[list[Taint], AfterValidator(_taints_once)]


class Budget(Model):
    nodes: BudgetNodes = Field(default="10%", description="Nodes disrupted at once, count or percent. Default `10%`.")
    schedule: CronSchedule | None = Field(
        default=None, description="Cron schedule when the budget starts. Default: always."
    )
    duration: BudgetDuration | None = Field(
        default=None, description="How long after each schedule hit. Required with schedule."
    )
    reasons: list[Literal["Underutilized", "Empty", "Drifted", "Unhealthy"]] | None = Field(
        default=None,
        description="Disruption reasons it applies to (`Unhealthy`: node repair, Karpenter >= 1.15). Default: all.",
    )

    @field_validator("nodes", mode="before")
    @classmethod
    def _int_nodes(cls, value: object) -> object:
        return str(value) if isinstance(value, int) and not isinstance(value, bool) else value

    @field_validator("reasons")
    @classmethod
    def _reasons_once(cls, value: list[str] | None) -> list[str] | None:
        return unique_items(value)

    @model_validator(mode="after")
    def _schedule_with_duration(self) -> Budget:
        if (self.schedule is None) != (self.duration is None):
            raise ValueError("'schedule' and 'duration' must be set together")
        return self


# The NodePool CRD's bound on disruption budgets (karpenter.sh_nodepools.yaml, every 1.x release: spec.disruption.budgets
# maxItems 50; tests/unit/config/test_node_pool_bounds.py reads it from ../shared).
MAX_DISRUPTION_BUDGETS = 50


class Disruption(Model):
    consolidation_policy: Literal["WhenEmptyOrUnderutilized", "WhenEmpty", "Balanced"] = Field(
        default="WhenEmptyOrUnderutilized",
        description="Default `WhenEmptyOrUnderutilized`; `Balanced` (Karpenter >= 1.14) consolidates only where the "
        "savings outweigh the pods' disruption; 0.31: `consolidation.enabled` / `ttlSecondsAfterEmpty`.",
    )
    consolidate_after: Duration = Field(
        default="1m",
        description="Wait before consolidating. Default `1m`, written on every release (from 1.15 the NodePool CRD no "
        "longer requires it and defaults it to `0s`: set `0s` for that); 0.31 uses it for ttlSecondsAfterEmpty with "
        "WhenEmpty.",
    )
    expire_after: Duration = Field(
        default="720h", description="Node lifetime, or `Never`. Default `720h`; 0.31: ttlSecondsUntilExpired."
    )
    budgets: list[Budget] | None = Field(
        default=None,
        description="1.x only, at most 50 (the NodePool CRD's bound). Default: Karpenter's (10% of nodes).",
    )

    @field_validator("budgets")
    @classmethod
    def _budgets_fit_the_node_pool(cls, value: list[Budget] | None) -> list[Budget] | None:
        # The NodePool CRD's bound (karpenter.sh_nodepools.yaml: spec.disruption.budgets maxItems 50): the API
        # server refuses a NodePool with more, and Flux's apply of its stage fails.
        if value is not None and len(value) > MAX_DISRUPTION_BUDGETS:
            raise ValueError(
                f"{len(value)} budgets; a NodePool holds at most {MAX_DISRUPTION_BUDGETS} (the NodePool CRD's "
                "spec.disruption.budgets maxItems): merge or drop some"
            )
        return value
