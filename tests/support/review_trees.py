"""Small dist/ trees for the tests of review/'s modules: objects written as the files synth would write, and the
Sides plan hands a kind's review."""

from __future__ import annotations

from typing import Any

import yaml

from karpenter_tenants.objects.changes import Change, ClusterFacts
from karpenter_tenants.objects.dist_objects import objects_of
from karpenter_tenants.objects.review import Sides, group_of
from karpenter_tenants.review.registry import review_of


def obj(kind: str, name: str, namespace: str | None = None, labels: dict[str, str] | None = None, **top: Any) -> dict:
    metadata = {
        "name": name,
        **({"namespace": namespace} if namespace else {}),
        **({"labels": labels} if labels else {}),
    }
    return {"apiVersion": "v1", "kind": kind, "metadata": metadata, **top}


def tree(*objects: dict[str, Any], cluster: str = "acme", folder: str = "tenants/alpha") -> dict[str, str]:
    return {f"{cluster}/{folder}/{o['kind'].lower()}-{o['metadata']['name']}.yaml": yaml.safe_dump(o) for o in objects}


def sides(
    old: dict[str, str],
    new: dict[str, str],
    same: frozenset[str] = frozenset(),
    facts: dict[str, ClusterFacts] | None = None,
) -> Sides:
    return Sides(objects_of(old), objects_of(new), old, new, same, facts or {})


def reviewed(
    old: dict[str, str], new: dict[str, str], kind: str, name: str, namespace: str = "", **more: Any
) -> list[Change]:
    """The changes the review registered for kind says of one object of the acme cluster between two trees."""
    both = sides(old, new, **more)
    key = ("acme", kind, namespace, name)
    path, found = both.new.get(key) or both.old[key]
    return review_of(kind).review(both, key, group_of(path, found, both.facts_of("acme").label_key))
