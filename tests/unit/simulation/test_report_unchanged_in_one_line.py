"""The simulation's section of a pull request at 40 customers (issue 53 item 10): the customers whose answer did not
change are one line naming them (the first ten, and how many more) with their totals, not a line each (42 lines on
every pull request); a customer whose answer changed keeps its own line."""

from __future__ import annotations

from karpenter_tenants.simulation.report import Simulated, markdown
from karpenter_tenants.simulation.revision import Result, Side, TenantResult
from karpenter_tenants.simulation.workloads import Workloads

SIDE = Side([{"metadata": {"name": "p"}}], [], {"p": "alpha"}, {}, set())  # a revision with a NodePool
CLAIM = {
    "nodePool": "p",
    "instanceType": "m7i.large",
    "capacityType": "on-demand",
    "zone": "z",
    "pricePerHour": 0.1,
    "instanceTypeOptions": 1,
    "pods": 2,
}


def simulated(base: dict[str, TenantResult], head: dict[str, TenantResult]) -> Simulated:
    return Simulated(
        "acme",
        "1.14.1",
        "prices",
        Result(base, {}, {}, []),
        Result(head, {}, {}, []),
        SIDE,
        SIDE,
        Workloads("workloads/acme.json", (), ()),
    )


def test_42_unchanged_customers_are_one_line() -> None:
    same = {f"cust{i:02d}": TenantResult(scheduled=10, node_claims=[dict(CLAIM)]) for i in range(41)}
    same[""] = TenantResult(scheduled=3)
    head = {
        **same,
        "zeta": TenantResult(
            scheduled=1, pending=[{"pod": "zeta/a-0", "workload": "zeta/Deployment/a", "reason": "r"}]
        ),
    }
    base = {**same, "zeta": TenantResult(scheduled=2)}
    text = markdown(simulated(base, head))
    assert "  - 1 pod(s) newly pending" in text  # a changed customer keeps its detail
    lines = [line for line in text.splitlines() if line.startswith("- ")]
    shown = ", ".join(f"cust{i:02d}" for i in range(10))
    assert lines == [
        "- **tenant zeta**: 2 scheduled, 0 pending, no new node, $0.00/h → 1 scheduled, 1 pending, no new node, $0.00/h",
        f"- unchanged for 42 customers ({shown} and 32 more): 413 scheduled, 0 pending, 41 new node(s) "
        "(41× m7i.large on-demand), $4.10/h in all",
    ]
    assert sum("unchanged" in line for line in lines) == 1


def test_one_unchanged_customer_keeps_its_line() -> None:
    one = {"alpha": TenantResult(scheduled=4)}
    lines = [line for line in markdown(simulated(one, dict(one))).splitlines() if line.startswith("- ")]
    assert lines == ["- tenant alpha: unchanged: 4 scheduled, 0 pending, no new node, $0.00/h"]
