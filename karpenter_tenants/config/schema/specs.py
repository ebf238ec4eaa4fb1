"""The resolved shapes of a requirement and a taint, both Karpenter generations', and duration arithmetic.

Part of the cluster config schema (config.schema); imports config only."""

from __future__ import annotations

from dataclasses import dataclass

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
