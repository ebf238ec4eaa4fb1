"""`plan` at 40 customers (issue 36): a cluster in the middle of its move from cluster-autoscaler (40 node groups, 25
of them taken over by tenants, 15 not yet), under random edits of a few tenants (tests/unit/review/test_plan_property.py's edits
of one tenant each): the plan's length follows what changed, not the number of customers. Its lines are at most
those of the plan of no change (itself bounded, however many customers: lines that repeat across customers are one
line with the count and the names) plus a bounded number per edit."""

from __future__ import annotations

import copy
import functools
import os
import tempfile
from pathlib import Path
from typing import Any

import yaml
from conftest import EXAMPLES_DIR, load
from hypothesis import HealthCheck, Phase, given, note, settings
from hypothesis import strategies as st
from test_plan_property import EDITS

from karpenter_tenants.config.loader import ConfigError
from karpenter_tenants.objects.changes import ClusterFacts
from karpenter_tenants.review.autoscaler import migration_notes
from karpenter_tenants.review.markdown import markdown
from karpenter_tenants.review.plan import plan
from karpenter_tenants.synthesis.render import render_cluster

CUSTOMERS, TENANTS = 40, 25
# The edits of one tenant (or one of its pools) each; not those of the whole cluster (tenancy, controller, chart
# values, ...), which may rightly change every tenant's objects.
ONE_TENANT = (
    "requirement",
    "limit",
    "labels",
    "annotations",
    "taints",
    "startupTaints",
    "weight",
    "disruption",
    "quota",
    "buffers",
    "pools",
    "replicas",
    "node class",
)
NO_CHANGE_LINES = 10  # the plan of no change: its heading, counts, and the move's few lines (8 today)
LINES_PER_EDIT = 24  # one tenant's objects: a few changed, each its line, its fields and its notes


def moving_cluster() -> dict[str, Any]:
    config = yaml.safe_load((EXAMPLES_DIR / "acme.yaml").read_text())
    template = next(t for t in config["tenants"] if t["name"] == "alpha")
    config["tenants"] = [
        {
            **copy.deepcopy(template),
            "name": f"c{i:02d}",
            "namespaces": [f"c{i:02d}"],
            "nodeRole": f"karpenter-node-acme-c{i:02d}",
        }
        for i in range(TENANTS)
    ]
    config["clusterAutoscaler"] = {
        "running": False,
        "nodeGroups": [{"name": f"c{i:02d}-workers", "tenant": f"c{i:02d}"} for i in range(CUSTOMERS)],
    }
    return config


def planned(old: dict[str, Any], new: dict[str, Any]) -> list[str] | None:
    """plan's Markdown lines (not blank) from one config to the other, as `plan --base` says them; None when the
    edited config is not valid."""
    with tempfile.TemporaryDirectory() as folder:
        try:
            cluster = load(Path(folder), new, "acme")
        except ConfigError:
            return None
    new_files = {f"acme/{path}": text for path, text in render_cluster(cluster).items()}
    old_files = base_files(yaml.safe_dump(old))
    same = {path for path, text in old_files.items() if new_files.get(path) == text}
    facts = {"acme": ClusterFacts(cluster.config.tenancy.label_key)}
    changes = plan({p: t for p, t in old_files.items() if p not in same}, new_files, facts, same)
    text = markdown(changes, "HEAD", {}, {"acme": migration_notes(cluster.config)})
    return [line for line in text.splitlines() if line.strip()]


@functools.cache
def base_files(text: str) -> dict[str, str]:
    with tempfile.TemporaryDirectory() as folder:
        cluster = load(Path(folder), yaml.safe_load(text), "acme")
    return {f"acme/{path}": text for path, text in render_cluster(cluster).items()}


def test_the_plan_of_no_change_at_40_customers_is_a_few_lines() -> None:
    lines = planned(moving_cluster(), moving_cluster())
    assert lines is not None and len(lines) <= NO_CHANGE_LINES, "\n".join(lines or [])
    assert any(line.startswith(f"- {TENANTS} node groups whose tenant's pool is in this revision") for line in lines)
    assert any(line.startswith(f"- {CUSTOMERS - TENANTS} node groups not taken over yet") for line in lines)


@settings(
    max_examples=int(os.environ.get("PLAN_SCALE_EXAMPLES", "8")),
    deadline=None,
    phases=[p for p in Phase if p is not Phase.explain],
    suppress_health_check=[HealthCheck.too_slow],
)
@given(st.data())
def test_the_plan_of_random_edits_at_40_customers_grows_with_the_edits_not_the_customers(data: st.DataObject) -> None:
    base = moving_cluster()
    config = copy.deepcopy(base)
    done = []
    for _ in range(data.draw(st.integers(1, 3), label="edits")):
        said = EDITS[data.draw(st.sampled_from(ONE_TENANT), label="edit kind")](data.draw, config)
        if said is not None:
            done.append(said)
    note(f"edits: {done}")
    lines = planned(base, config)
    if lines is None:
        return  # an edit the config refuses
    note("\n".join(lines))
    assert len(lines) <= NO_CHANGE_LINES + LINES_PER_EDIT * len(done), "\n".join(lines)
