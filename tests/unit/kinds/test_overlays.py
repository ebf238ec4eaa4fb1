"""NodeOverlays per tenant (tenants[].overlays, Karpenter >= 1.7): what Karpenter's scheduling simulation believes of
the instance types an overlay matches (a price, an adjustment, extended resources), for the tenant's NodePools only;
the NodeOverlay CRD's rules (../shared's v1.14.1) as config errors, the nodeOverlay feature gate turned on."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import BASE_V1, cluster_dict, load, objects
from support.input_helpers import run_bad_config

from karpenter_tenants.synthesis.render import render_cluster

TENANT = {**BASE_V1["tenants"][0], "pools": [{"name": "general"}, {"name": "spot", "weight": 5}]}
SAVINGS = {
    "name": "savings",
    "priceAdjustment": "-20%",
    "requirements": [{"key": "karpenter.k8s.aws/instance-family", "operator": "In", "values": ["m7i"]}],
}


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


@pytest.mark.parametrize(
    ("overlay", "karpenter", "expected"),
    [
        ({"name": "x", "price": "0.4", "priceAdjustment": "+1%"}, {}, "set either price or priceAdjustment, not both"),
        ({"name": "x", "priceAdjustment": "-150%"}, {}, "is not a price change like '-0.05'"),
        (
            {"name": "x", "capacity": {"cpu": "2"}},
            {},
            "cpu is the instance's own: an overlay adds extended resources only",
        ),
        ({"name": "x"}, {}, "changes nothing: give price, priceAdjustment or capacity"),
        (SAVINGS, {"version": "1.6.2"}, "NodeOverlays need Karpenter >= 1.7.0"),
        (SAVINGS, {"featureGates": {"nodeOverlay": False}}, "karpenter.featureGates.nodeOverlay: overlays are set"),
    ],
)
def test_an_overlay_the_crd_or_the_release_refuses_is_a_config_error(
    overlay: dict[str, Any],
    karpenter: dict[str, Any],
    expected: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = cluster_dict(tenants=[{**TENANT, "overlays": [overlay]}], karpenter={"version": "1.14.1", **karpenter})
    problems = run_bad_config(tmp_path, data, capsys)
    assert any(expected in p for p in problems), problems


def test_a_cluster_wide_overlay_applies_to_every_node_pool_in_a_stage_after_the_controller(
    tmp_path: Path, shared: Path
) -> None:
    from karpenter_tenants.checks.validate import ObjectValidator
    from karpenter_tenants.kinds.gitops.stages import install_stages

    discount = {"name": "enterprise-discount", "priceAdjustment": "-3%"}
    loaded = load(tmp_path, cluster_dict(overlays=[discount], tenants=[TENANT]))
    found = objects(render_cluster(loaded))
    overlays = {path: o for path, o in found.items() if o["kind"] == "NodeOverlay"}
    assert list(overlays) == ["overlays/nodeoverlay-enterprise-discount.yaml"]
    [overlay] = overlays.values()
    # no karpenter.sh/nodepool requirement: every NodePool of the cluster, the product's or not
    assert overlay["metadata"]["name"] == "enterprise-discount" and "tenant" not in overlay["metadata"]["labels"]
    assert overlay["spec"] == {"priceAdjustment": "-3%", "requirements": []}
    assert ObjectValidator(shared, "1.33").check(overlay) == []  # requirements is required: an empty list is kept
    stages = {stage.id: stage for stage in install_stages(loaded.config)}
    assert stages["karpenter-overlays"].after == ("karpenter",) and stages["karpenter-overlays"].folder == "overlays"
    [release] = [o for o in found.values() if o["kind"] == "HelmRelease" and o["metadata"]["name"] == "karpenter"]
    assert release["spec"]["values"]["settings"]["featureGates"] == {"nodeOverlay": True}
    assert "acme-karpenter-overlays" in {o["metadata"]["name"] for o in found.values() if o["kind"] == "Kustomization"}


@pytest.mark.parametrize(
    ("overlays", "tenant_overlays", "karpenter", "expected"),
    [
        ([SAVINGS, SAVINGS], [], {}, "overlays[1].name: overlay 'savings' is listed twice"),
        ([{**SAVINGS, "name": "alpha-savings"}], [SAVINGS], {}, "NodeOverlay 'alpha-savings' is also overlays[0]'s"),
        ([SAVINGS], [], {"version": "1.6.2"}, "overlays: NodeOverlays need Karpenter >= 1.7.0"),
        (
            [SAVINGS],
            [],
            {"featureGates": {"nodeOverlay": False}},
            "karpenter.featureGates.nodeOverlay: overlays are set",
        ),
        ([{"name": "x"}], [], {}, "overlays[0]: changes nothing"),
    ],
)
def test_a_cluster_wide_overlay_that_clashes_or_the_release_refuses_is_a_config_error(
    overlays: list[dict[str, Any]],
    tenant_overlays: list[dict[str, Any]],
    karpenter: dict[str, Any],
    expected: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = cluster_dict(
        overlays=overlays,
        tenants=[{**TENANT, "overlays": tenant_overlays}],
        karpenter={"version": "1.14.1", **karpenter},
    )
    problems = run_bad_config(tmp_path, data, capsys)
    assert any(expected in p for p in problems), problems


def test_cluster_wide_overlays_on_karpenter_031_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from conftest import BASE_V1ALPHA5

    problems = run_bad_config(tmp_path, cluster_dict(BASE_V1ALPHA5, overlays=[SAVINGS]), capsys)
    assert any("overlays: overlays (NodeOverlay) need Karpenter >= 1.7" in p for p in problems), problems
