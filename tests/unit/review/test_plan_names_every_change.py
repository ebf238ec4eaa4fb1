"""`plan` is what a reviewer reads instead of the dist/ diff, so it must name every object the diff touches: for
config edits of every kind of object the product writes (the example cluster as base), each object whose content
differs between the two synthesized trees is named by one of plan's changes, and plan names nothing that did not
change. Plan reads the base the way `plan --base` does: files identical on both sides are left out of the base
and given as `same`."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import EXAMPLES_DIR, load

from karpenter_tenants.objects.changes import ClusterFacts
from karpenter_tenants.objects.common import BUFFER_POD_TEMPLATE_PREFIX
from karpenter_tenants.objects.dist_objects import objects_of
from karpenter_tenants.review.iam import KIND as IAM_KIND
from karpenter_tenants.review.plan import plan
from karpenter_tenants.synthesis.aws_side import FILE_NAME as AWS_FILE
from karpenter_tenants.synthesis.render import render_cluster

Edit = Callable[[dict[str, Any]], None]


def tenant(data: dict[str, Any], name: str) -> dict[str, Any]:
    return next(t for t in data["tenants"] if t["name"] == name)


def gamma_buffer(data: dict[str, Any]) -> dict[str, Any]:
    return tenant(data, "gamma")["buffers"][0]


def to_scalable(data: dict[str, Any]) -> None:
    buffer = gamma_buffer(data)
    del buffer["requests"], buffer["pool"]
    buffer["scalable"] = {"kind": "Deployment", "name": "web"}


EDITS: dict[str, Edit] = {  # on the acme example; "<cluster>: ..." on that example
    "a buffer's chunk shape only": lambda d: gamma_buffer(d).update(requests={"cpu": "3", "memory": "4Gi"}),
    "a buffer's size only": lambda d: gamma_buffer(d).update(replicas=3),
    "a buffer's size and chunk shape": lambda d: gamma_buffer(d).update(
        replicas=1, requests={"cpu": "4", "memory": "8Gi"}
    ),
    "a buffer's chunk from requests to a workload's pods": to_scalable,
    "a buffer added": lambda d: tenant(d, "gamma")["buffers"].append(
        {"name": "more", "requests": {"cpu": "1"}, "replicas": 1}
    ),
    "a buffer removed": lambda d: tenant(d, "gamma").pop("buffers"),
    "a requirement": lambda d: tenant(d, "alpha")["requirements"].update(instanceGenerations=[7]),
    "a limit": lambda d: tenant(d, "alpha")["limits"].update(cpu="300"),
    "a quota": lambda d: tenant(d, "gamma")["quota"].update(cpu="100"),
    "a tenant's overlay": lambda d: tenant(d, "gamma")["overlays"][0].update(priceAdjustment="-25%"),
    "a cluster-wide overlay": lambda d: d["overlays"][0].update(priceAdjustment="-5%"),
    "a namespace added": lambda d: tenant(d, "beta")["namespaces"].append("beta-jobs"),
    "a tenant removed": lambda d: d["tenants"].remove(tenant(d, "beta")),
    "a label": lambda d: tenant(d, "beta")["labels"].update(workload="general"),
    "the controller's replicas": lambda d: d["karpenter"]["controller"].update(replicas=3),
    "an exempt namespace": lambda d: d["tenancy"]["exemptNamespaces"].append("monitoring"),
    "acme-argocd: a quota split": lambda d: tenant(d, "alpha")["quota"]["split"].update(
        {"alpha": {"cpu": "100", "memory": "400Gi"}, "alpha-batch": {"cpu": "60", "memory": "240Gi"}}
    ),
    "acme-argocd: a static pool's replicas": lambda d: tenant(d, "delta").update(replicas=3),
    "acme-argocd: a tenant removed": lambda d: d["tenants"].remove(tenant(d, "beta")),
    "acme-argocd: a taint": lambda d: tenant(d, "gamma")["taints"][0].update(value="changed"),
    "acme-legacy: a requirement": lambda d: tenant(d, "alpha")["requirements"].update(capacityTypes=["on-demand"]),
    "acme-legacy: a disruption setting": lambda d: tenant(d, "beta")["disruption"].update(consolidateAfter="20m"),
    "acme-legacy: a tenant added": lambda d: d["tenants"].append(
        {**tenant(d, "alpha"), "name": "gamma", "instanceProfile": "karpenter-node-legacy-gamma"}
    ),
}


def example(edit: str) -> str:
    return edit.split(": ", 1)[0] if ": " in edit else "acme"


def rendered(folder: Path, data: dict[str, Any], name: str) -> dict[str, str]:
    return {f"{name}/{path}": text for path, text in render_cluster(load(folder, data, name)).items()}


def named_by_plan(key: tuple[str, str, str, str]) -> tuple[str, str, str]:
    """The (cluster, kind, name) a change of this object is said under: a buffer's chunk with its buffer."""
    cluster, kind, _, name = key
    if kind == "PodTemplate" and name.startswith(BUFFER_POD_TEMPLATE_PREFIX):
        return cluster, "CapacityBuffer", name.removeprefix(BUFFER_POD_TEMPLATE_PREFIX)
    return cluster, kind, name


@pytest.fixture(scope="module")
def bases(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[dict[str, Any], dict[str, str]]]:
    found = {}
    for name in sorted({example(edit) for edit in EDITS}):
        data = yaml.safe_load((EXAMPLES_DIR / f"{name}.yaml").read_text())
        found[name] = data, rendered(tmp_path_factory.mktemp("base"), data, name)
    return found


@pytest.mark.parametrize("edit", EDITS, ids=list(EDITS))
def test_plan_names_every_object_that_changed_and_nothing_else(
    edit: str, bases: dict[str, tuple[dict[str, Any], dict[str, str]]], tmp_path: Path
) -> None:
    name = example(edit)
    data, old_files = bases[name]
    changed = copy.deepcopy(data)
    EDITS[edit](changed)
    new_files = rendered(tmp_path, changed, name)
    old, new = objects_of(old_files), objects_of(new_files)
    differing = {
        key for key in set(old) | set(new) if (old.get(key) or (None, None))[1] != (new.get(key) or (None, None))[1]
    }
    assert differing, f"{edit}: the edit changes no object (the test's edit is wrong)"
    same = {path for path, text in old_files.items() if new_files.get(path) == text}
    changes = plan({p: t for p, t in old_files.items() if p not in same}, new_files, {name: ClusterFacts()}, same)
    named = {(c.cluster, c.kind, c.name) for c in changes if c.kind != IAM_KIND}
    expected = {named_by_plan(key) for key in differing}
    assert expected - named == set(), f"{edit}: plan does not name {sorted(expected - named)}"
    assert named - expected == set(), f"{edit}: plan names unchanged {sorted(named - expected)}"
    # The AWS side's changes (the IAM documents terraform/ applies) come from aws.json, only when it changed.
    iam = [c.name for c in changes if c.kind == IAM_KIND]
    assert not iam or old_files.get(f"{name}/{AWS_FILE}") != new_files.get(f"{name}/{AWS_FILE}"), (edit, iam)
