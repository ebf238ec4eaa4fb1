"""A tenant's `quota`: the ResourceQuota caps of its namespaces.

Part of the cluster config schema (config.schema); imports config only."""

from __future__ import annotations

from pydantic import Field, field_validator, model_validator

from karpenter_tenants.config.schema.base import Model, Name, Quantity, quantity_value


class QuotaCaps(Model):
    """Caps on what pods may request: a ResourceQuota's spec.hard."""

    cpu: Quantity | None = Field(default=None, description="requests.cpu. Default: no cap.")
    memory: Quantity | None = Field(default=None, description="requests.memory. Default: no cap.")
    gpu: Quantity | None = Field(
        default=None, alias="nvidia.com/gpu", description="requests.nvidia.com/gpu. Default: no cap."
    )
    pods: Quantity | None = Field(default=None, description="Number of pods. Default: no cap.")

    @field_validator("pods")
    @classmethod
    def _whole_pods(cls, value: str | None) -> str | None:
        if value is not None and not float(quantity_value(value)).is_integer():
            raise ValueError(f"{value!r} is not a whole number of pods: a quota counts pods, e.g. '100'")
        return value

    @model_validator(mode="after")
    def _caps_something(self) -> QuotaCaps:
        if not self.hard():
            raise ValueError("sets no cap: give at least one of cpu, memory, nvidia.com/gpu, pods (or remove it)")
        return self

    def hard(self) -> dict[str, str]:
        """ResourceQuota spec.hard."""
        found = {
            "requests.cpu": self.cpu,
            "requests.memory": self.memory,
            "requests.nvidia.com/gpu": self.gpu,
            "pods": self.pods,
        }
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
                problems.append(
                    (
                        ("split", name),
                        f"{name!r} is not one of the tenant's namespaces "
                        f"({', '.join(namespaces) or 'none'}): remove its share or add it to namespaces",
                    )
                )
        missing = [name for name in namespaces if name not in self.split]
        if missing:
            problems.append(
                (
                    ("split",),
                    f"namespace {', '.join(map(repr, missing))} has no share, so it would be "
                    "uncapped: give every namespace of the tenant a share (or remove split)",
                )
            )
        total = self.hard()
        for name, share in self.split.items():
            extra, absent = sorted(set(share.hard()) - set(total)), sorted(set(total) - set(share.hard()))
            if extra:
                problems.append(
                    (
                        ("split", name),
                        f"caps {', '.join(extra)}, which the quota does not: a share "
                        "divides the quota's caps (add it to the quota, or remove it here)",
                    )
                )
            if absent:
                problems.append(
                    (
                        ("split", name),
                        f"has no share of {', '.join(absent)}, so the namespace would be uncapped there: give it one",
                    )
                )
        for key, cap in total.items():
            shares = [share.hard()[key] for share in self.split.values() if key in share.hard()]
            if shares and sum(map(quantity_value, shares)) > quantity_value(cap):
                problems.append(
                    (
                        ("split",),
                        f"the shares' {key} add up to {' + '.join(shares)}, more than the "
                        f"quota's {cap}: lower a share or raise the quota",
                    )
                )
        return problems
