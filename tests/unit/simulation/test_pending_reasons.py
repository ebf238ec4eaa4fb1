"""Issue 54 item 3, each pending pod's own reason. Karpenter's scheduler joins one message per NodePool it tried:
another tenant's exhausted limit (`all available instance types exceed limits for nodepool (NodePool=alpha)`) and
every other tenant's taint (`did not tolerate taint ...`, 40 of them at 40 customers) stood beside the pod's own, and
the reviewer's sentence was built from whichever mentioned a limit: "tenant beta's limits are used up" for a pod too
big for beta's types while it was alpha's limit. The pod's own reason is its tenant's pools' messages, the decisive
first; the other pools' taints are one count."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from conftest import cluster_dict
from test_simulation import deployment, plan, pod_spec, pull_request, tenant

from karpenter_tenants.simulation.reasons import own_reason
from karpenter_tenants.simulation.revision import Side


def pool(name: str, *taints: dict[str, str]) -> dict[str, Any]:
    return {
        "metadata": {"name": name},
        "spec": {
            "template": {
                "metadata": {"labels": {"tenant": name}},
                "spec": {
                    "taints": [{"key": "tenant", "value": name, "effect": "NoSchedule"}, *taints],
                    "requirements": [{"key": "tenant", "operator": "In", "values": [name]}],
                },
            }
        },
    }


FORTY = [f"c{n:02d}" for n in range(40)]
SIDE = Side([pool(name) for name in FORTY], [], {name: name for name in FORTY}, {name: name for name in FORTY}, set())
TOO_BIG = (
    "no instance type has enough resources, requirements=karpenter.sh/nodepool In [c07], tenant In [c07], "
    'resources={"cpu":"40","memory":"1Gi","pods":"1"}'
)


def karpenters(own: str, *extra: str) -> str:
    """Karpenter's reason for a pod of c07 at 40 customers: every other pool's taint, its own pool's message."""
    taints = [f"did not tolerate taint (taint=tenant={name}:NoSchedule)" for name in FORTY if name != "c07"]
    return "; ".join([*taints[:20], own, *taints[20:], *extra])


def test_forty_taints_fold_into_one_count_and_the_own_pools_message_comes_first() -> None:
    reason = own_reason(karpenters(TOO_BIG), "c07", SIDE)
    assert reason.text == TOO_BIG + "; did not tolerate the taints of 39 other NodePool(s)"
    assert reason.own == (TOO_BIG,) and reason.folded_taints == 39


def test_another_tenants_exhausted_limit_is_not_the_pods_reason() -> None:
    exhausted = "all available instance types exceed limits for nodepool (NodePool=c03)"
    reason = own_reason(karpenters(TOO_BIG, exhausted), "c07", SIDE)
    assert reason.decisive == TOO_BIG and "exceed limits" not in reason.text
    assert reason.text.endswith("1 message(s) about other tenants' NodePools left out")
    own_limit = "all available instance types exceed limits for nodepool (NodePool=c07)"
    untolerated = "did not tolerate taint (taint=tenant=c07:NoSchedule)"
    # the pod's own pool: its limit decides before its taint (a pool that took the pod before one that refused it)
    assert own_reason(f"{untolerated}; {own_limit}", "c07", SIDE).own == (own_limit, untolerated)


def test_a_pod_of_no_tenant_keeps_every_message_but_the_taints() -> None:
    reason = own_reason(
        karpenters("incompatible requirements, key tenant, tenant In [x] not in tenant In [c07]"), "", SIDE
    )
    assert reason.text == (
        "incompatible requirements, key tenant, tenant In [x] not in tenant In [c07]; "
        "did not tolerate the taints of 39 other NodePool(s)"
    )


def test_a_tenant_without_a_pool_at_this_revision_says_so() -> None:
    new = Side(SIDE.pools, [], SIDE.tenant_of_pool, {**SIDE.tenant_of_namespace, "newco": "newco"}, set())
    reason = own_reason(karpenters(TOO_BIG), "newco", new)
    assert reason.text.startswith("tenant newco has no NodePool at this revision; ")


def test_the_reviewers_sentence_is_the_pods_own_pool(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """beta's 3-cpu pod ran on an xlarge at base; the head narrows beta to large: destructive, because no type of
    beta's has enough resources. alpha's limit is used up at both revisions, and its message stands in Karpenter's
    reason for beta's pod: the finding must not say beta's limits are used up."""
    alpha = tenant(
        "alpha", limits={"cpu": "8"}, requirements={"instanceFamilies": ["m7i"], "instanceSizes": ["xlarge"]}
    )
    beta = tenant("beta", requirements={"instanceFamilies": ["m7i"], "instanceSizes": ["large", "xlarge"]})
    base = cluster_dict(tenants=[alpha, beta])
    head = copy.deepcopy(base)
    head["tenants"][1]["requirements"]["instanceSizes"] = ["large"]
    repo = tmp_path / "repo"
    pull_request(repo, base, head)
    items = [
        deployment("alpha", "web", 4, pod_spec(cpu="3", tenant_name="alpha")),
        deployment("beta", "big", 1, pod_spec(cpu="3", tenant_name="beta")),
    ]
    (repo / "workloads.json").write_text(json.dumps({"kind": "List", "items": items}))
    (repo / "nodes.json").write_text(json.dumps({"kind": "List", "items": []}))
    status, out, err = plan(repo, "--fail-on", "destructive", capsys=capsys)
    assert status == 3, err
    finding = next(line for line in out.splitlines() if "Deployment/beta/big goes Pending" in line)
    assert "limits are used up" not in finding and "exceed limits" not in finding
    assert "1 pod(s) of beta become Pending: no instance type has enough resources" in finding
    status, out, err = plan(repo, "--format", "json", capsys=capsys)
    head_json = json.loads(out)["simulation"]["head"]["tenants"]
    assert head_json["beta"]["pending"][0]["reason"].startswith("no instance type has enough resources")
    assert "NodePool=alpha" not in head_json["beta"]["pending"][0]["reason"]
    # alpha's own pods are pending for alpha's own limit, said as such
    assert all(
        p["reason"].startswith("all available instance types exceed limits for nodepool (NodePool=alpha)")
        for p in head_json["alpha"]["pending"]
    )
