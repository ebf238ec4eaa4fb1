"""Issue 54 item 4: every pending pod of a customer the pull request touches is named with its own reason (up to a
bound per reason, and how many more); a pod of a customer the pull request adds or changes that cannot run at head
(and did not at base) is a finding of its own class, `unschedulable`, which the gate counts: `--fail-on
unschedulable` on it alone, `destructive` (verify's default) and `drift` on it too. A pod that ran at base and not at
head stays `destructive`. Before, a new customer whose 40-cpu pods fit no allowed type passed the gate (exit 0) and
pods pending at both revisions were counts only."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from conftest import cluster_dict
from test_simulation import deployment, moving_repo, plan, pod_spec, pull_request, tenant  # noqa: F401

from karpenter_tenants.objects.changes import DESTRUCTIVE, DRIFT, IN_PLACE, UNSCHEDULABLE, Change, gate_tripped

SIZES = {"instanceFamilies": ["m7i"], "instanceSizes": ["large", "xlarge"], "capacityTypes": ["on-demand"]}


def repo_of(tmp_path: Path, base: dict, head: dict, items: list[dict]) -> Path:
    repo = tmp_path / "repo"
    pull_request(repo, base, head)
    (repo / "workloads.json").write_text(json.dumps({"kind": "List", "items": items}))
    (repo / "nodes.json").write_text(json.dumps({"kind": "List", "items": []}))
    return repo


def test_a_new_customer_whose_pods_fit_no_allowed_type_fails_the_gate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    base = cluster_dict(tenants=[tenant("alpha", requirements=SIZES)])
    head = cluster_dict(tenants=[tenant("alpha", requirements=SIZES), tenant("newco", requirements=SIZES)])
    items = [
        deployment("alpha", "web", 1, pod_spec(tenant_name="alpha")),
        deployment("newco", "batch", 3, pod_spec(cpu="40", tenant_name="newco")),
        deployment("newco", "api", 2, pod_spec(tenant_name="newco")),
    ]
    repo = repo_of(tmp_path, base, head, items)
    for gate in ("destructive", "unschedulable", "drift"):
        status, out, err = plan(repo, "--fail-on", gate, capsys=capsys)
        assert status == 3, (gate, err)
        assert f"plan: {gate} changes present: exit 3" in err
    assert "0 destructive, 0 drift, " in out and "1 unschedulable." in out.splitlines()[2]
    finding = next(line for line in out.splitlines() if line.startswith("- **unschedulable**"))
    assert finding.startswith(
        "- **unschedulable** Deployment/newco/batch cannot run: 3 pod(s) of tenant newco, new in "
        "this pull request, can run at neither revision (newco/batch-0, newco/batch-1, "
        "newco/batch-2): no instance type has enough resources"
    )
    assert "Deployment/newco/api" not in out.split("### Will it run?")[0]  # its pods run at head: no finding
    section = out.split("### Will it run?", 1)[1]
    named = next(line for line in section.splitlines() if "newco/batch-0" in line)
    assert named.startswith(
        "  - 3 pod(s) still pending (newco/batch-0, newco/batch-1, newco/batch-2): no instance type "
        "has enough resources"
    )
    document = json.loads(plan(repo, "--format", "json", capsys=capsys)[1])
    assert [(c["effect"], c["name"]) for c in document["changes"] if c["effect"] == UNSCHEDULABLE] == [
        (UNSCHEDULABLE, "newco/batch")
    ]


def test_every_pending_pod_of_a_touched_customer_is_named_up_to_a_bound(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """beta gains a label (its pool changes in place): its eight pods that fit no type, pending at both revisions,
    are named (five, and how many more) with their reason, and are unschedulable; alpha, untouched, with a pod
    pending at both revisions too, stays in the one line of unchanged customers, with no finding."""
    base = cluster_dict(tenants=[tenant("alpha", requirements=SIZES), tenant("beta", requirements=SIZES)])
    head = copy.deepcopy(base)
    head["tenants"][1]["labels"] = {"team": "beta"}
    items = [
        deployment("alpha", "huge", 1, pod_spec(cpu="40", tenant_name="alpha")),
        deployment("beta", "huge", 8, pod_spec(cpu="40", tenant_name="beta")),
        deployment("beta", "web", 1, pod_spec(tenant_name="beta")),
    ]
    repo = repo_of(tmp_path, base, head, items)
    status, out, err = plan(repo, "--fail-on", "unschedulable", capsys=capsys)
    assert status == 3, err
    section = out.split("### Will it run?", 1)[1]
    lines = section.splitlines()
    beta = lines.index(
        "- **tenant beta**: unchanged: 1 scheduled, 8 pending, 1 new node(s) (1× m7i.large on-demand), $0.10/h"
    )
    assert lines[beta + 1].startswith(
        "  - 8 pod(s) still pending (beta/huge-0, beta/huge-1, beta/huge-2, beta/huge-3, "
        "beta/huge-4 and 3 more): no instance type has enough resources"
    )
    assert "- tenant alpha: unchanged: 0 scheduled, 1 pending, no new node, $0.00/h" in lines
    assert "alpha/huge-0" not in out
    assert (
        "- **unschedulable** Deployment/beta/huge cannot run: 8 pod(s) of tenant beta, which this pull request "
        "changes, can run at neither revision" in out
    )


def test_a_pod_that_ran_at_base_stays_destructive(moving_repo: Path, capsys: pytest.CaptureFixture[str]) -> None:  # noqa: F811
    status, out, _ = plan(moving_repo, "--fail-on", "unschedulable", capsys=capsys)
    assert status == 0, out  # destructive, not unschedulable: that gate is for pods that never ran
    assert "**destructive** Deployment/globex/web goes Pending" in out and "**unschedulable**" not in out


def change(effect: str) -> Change:
    return Change("acme", "tenant a", "Deployment", "a/x", "cannot run", effect, "why")


@pytest.mark.parametrize(
    ("effects", "gate", "tripped"),
    [
        ([UNSCHEDULABLE], "unschedulable", True),
        ([UNSCHEDULABLE], "destructive", True),
        ([UNSCHEDULABLE], "drift", True),
        ([DESTRUCTIVE], "unschedulable", False),
        ([DRIFT, IN_PLACE], "destructive", False),
        ([DRIFT], "drift", True),
        ([DESTRUCTIVE], "destructive", True),
        ([UNSCHEDULABLE], None, False),
    ],
)
def test_the_gate(effects: list[str], gate: str | None, tripped: bool) -> None:
    assert gate_tripped([change(e) for e in effects], gate) is tripped
