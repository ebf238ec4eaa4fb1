"""kinds/controller/review.py: what installs the Karpenter controller: a chart's major-version change is destructive, its
Helm values restart the controller and replace no node, unless the 0.31 drift gate turns on; and the chart and image
version lines."""

from __future__ import annotations

from typing import Any

from support.review_trees import obj, reviewed, tree

from karpenter_tenants.kinds.controller.review import DRIFT_GATE_ON, version_changes
from karpenter_tenants.objects.changes import DESTRUCTIVE, DRIFT, IN_PLACE


def repository(tag: str) -> dict:
    return obj(
        "OCIRepository",
        "karpenter",
        "flux-system",
        spec={"url": "oci://public.ecr.aws/karpenter/karpenter", "ref": {"tag": tag}},
    )


def release(**values: Any) -> dict:
    return obj("HelmRelease", "karpenter", "flux-system", spec={"chartRef": {"name": "karpenter"}, "values": values})


def test_a_major_version_change_of_the_karpenter_chart_is_destructive_a_minor_one_not() -> None:
    [major] = reviewed(
        tree(repository("0.37.0")), tree(repository("1.0.0")), "OCIRepository", "karpenter", "flux-system"
    )
    assert (major.effect, major.why) == (
        DESTRUCTIVE,
        "Karpenter major-version change 0.37.0 → 1.0.0: the node-pool APIs change",
    )
    [minor] = reviewed(
        tree(repository("1.0.0")), tree(repository("1.1.0")), "OCIRepository", "karpenter", "flux-system"
    )
    assert minor.effect == IN_PLACE and minor.why.startswith(
        "Karpenter 1.0.0 → 1.1.0: the controller restarts on the new release (a rolling update of its pods), no node "
        "is replaced by the upgrade itself; "
    )


def test_a_release_change_says_the_controller_restarts_and_what_the_crds_change(
    tmp_path,
    monkeypatch,  # noqa: ANN001
) -> None:
    """1.14.1 → 1.15.2 (the Go module's CRDs in ../shared/karpenter-next): the new NodePool disruption reason, the
    EC2NodeClass enclaveOptions (and its kubelet's typed fields gone); a release without reference data is said as
    not compared."""
    from conftest import shared_dir

    from karpenter_tenants.reference.shared import SHARED_ENV

    shared = tmp_path / "shared"
    (shared / "karpenter/v1.15.2/karpenter").mkdir(parents=True)
    (shared / "karpenter/v1.14.1").symlink_to(shared_dir() / "karpenter/v1.14.1")
    (shared / "karpenter/v1.15.2/karpenter/crds").symlink_to(shared_dir() / "karpenter-next/v1.15.2/crds")
    monkeypatch.setenv(SHARED_ENV, str(shared))
    [change] = reviewed(
        tree(repository("1.14.1")), tree(repository("1.15.2")), "OCIRepository", "karpenter", "flux-system"
    )
    assert change.effect == IN_PLACE and "the controller restarts on the new release" in change.why
    assert "the CRDs change: " in change.why and "+spec.disruption.budgets[].reasons[]=Unhealthy" in change.why
    assert "EC2NodeClass: +spec.enclaveOptions" in change.why
    [unknown] = reviewed(
        tree(repository("1.14.1")), tree(repository("1.14.2")), "OCIRepository", "karpenter", "flux-system"
    )
    assert "not compared (no reference data for 1.14.2: `python main.py fetch-reference 1.14.2`)" in unknown.why


def test_a_helm_values_change_restarts_the_controller_and_replaces_no_node() -> None:
    [change] = reviewed(tree(release(replicas=1)), tree(release(replicas=2)), "HelmRelease", "karpenter", "flux-system")
    assert (change.effect, change.why) == (IN_PLACE, "Helm values: the controller restarts, no node is replaced")


def test_turning_the_031_drift_gate_on_drifts_the_nodes_that_drifted_while_it_was_off() -> None:
    off, on = ({"settings": {"featureGates": {"driftEnabled": gate}}} for gate in (False, True))
    [change] = reviewed(tree(release(**off)), tree(release(**on)), "HelmRelease", "karpenter", "flux-system")
    assert (change.effect, change.why) == (DRIFT, DRIFT_GATE_ON)
    [back] = reviewed(tree(release(**on)), tree(release(**off)), "HelmRelease", "karpenter", "flux-system")
    assert back.effect == IN_PLACE


def test_each_change_of_a_chart_version_or_the_controller_image_is_one_line() -> None:
    old = tree(repository("1.0.0"), release(), folder="flux")
    new = tree(repository("1.1.0"), release(controller={"image": {"tag": "v1.1.0-fix"}}), folder="flux")
    assert version_changes(old, new) == {
        "acme": ["`karpenter` chart version: `1.0.0` → `1.1.0`", "controller image tag: (the chart's) → `v1.1.0-fix`"]
    }
    assert version_changes(old, old) == {}
