"""NodeOverlays per tenant (tenants[].overlays, Karpenter >= 1.7): what Karpenter's scheduling simulation believes of
the instance types an overlay matches (a price, an adjustment, extended resources), for the tenant's NodePools only;
the NodeOverlay CRD's rules (../shared's v1.14.1) as config errors, the nodeOverlay feature gate turned on."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import BASE_V1, cluster_dict, load, objects
from test_config_errors import run_bad_config

from synth.render import render_cluster

TENANT = {**BASE_V1["tenants"][0], "pools": [{"name": "general"}, {"name": "spot", "weight": 5}]}
SAVINGS = {"name": "savings", "priceAdjustment": "-20%",
           "requirements": [{"key": "karpenter.k8s.aws/instance-family", "operator": "In", "values": ["m7i"]}]}


def test_an_overlay_applies_to_the_tenants_pools_only_and_turns_the_gate_on(tmp_path: Path) -> None:
    found = objects(render_cluster(load(tmp_path, cluster_dict(tenants=[{**TENANT, "overlays": [SAVINGS]}]))))
    [overlay] = [o for o in found.values() if o["kind"] == "NodeOverlay"]
    assert overlay["metadata"]["name"] == "alpha-savings" and overlay["metadata"]["labels"]["tenant"] == "alpha"
    assert overlay["spec"]["requirements"] == [
        {"key": "karpenter.sh/nodepool", "operator": "In", "values": ["alpha-general", "alpha-spot"]},
        {"key": "karpenter.k8s.aws/instance-family", "operator": "In", "values": ["m7i"]},
    ]
    assert overlay["spec"]["priceAdjustment"] == "-20%"
    [release] = [o for o in found.values() if o["kind"] == "HelmRelease" and o["metadata"]["name"] == "karpenter"]
    assert release["spec"]["values"]["settings"]["featureGates"] == {"nodeOverlay": True}


@pytest.mark.parametrize(("overlay", "karpenter", "expected"), [
    ({"name": "x", "price": "0.4", "priceAdjustment": "+1%"}, {}, "set either price or priceAdjustment, not both"),
    ({"name": "x", "priceAdjustment": "-150%"}, {}, "is not a price change like '-0.05'"),
    ({"name": "x", "capacity": {"cpu": "2"}}, {}, "cpu is the instance's own: an overlay adds extended resources only"),
    ({"name": "x"}, {}, "changes nothing: give price, priceAdjustment or capacity"),
    (SAVINGS, {"version": "1.6.2"}, "NodeOverlays need Karpenter >= 1.7.0"),
    (SAVINGS, {"featureGates": {"nodeOverlay": False}}, "karpenter.featureGates.nodeOverlay: a tenant has overlays"),
])
def test_an_overlay_the_crd_or_the_release_refuses_is_a_config_error(
    overlay: dict[str, Any], karpenter: dict[str, Any], expected: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = cluster_dict(tenants=[{**TENANT, "overlays": [overlay]}], karpenter={"version": "1.14.1", **karpenter})
    problems = run_bad_config(tmp_path, data, capsys)
    assert any(expected in p for p in problems), problems
