"""charts.base_chart.BaseChart alone (`base/`): the Karpenter namespace, service account, network policy and
FlowSchemas, in a Testing app, checked against the real Karpenter chart (../shared) rendered with our values."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import BASE_V1, BASE_V1ALPHA5, cluster_dict, load, objects
from support.chart_testing import by_kind, findings, synth_chart, wide_props

from karpenter_tenants.charts.base_chart import BaseChart
from karpenter_tenants.checks.helm_render import render_karpenter
from karpenter_tenants.config.resolved import resolve
from karpenter_tenants.synthesis.render import render_cluster


def base(config: Any) -> list[dict[str, Any]]:
    return synth_chart(lambda app: BaseChart(app, "base", config=config))


@pytest.mark.parametrize("data", [BASE_V1, BASE_V1ALPHA5], ids=["1.x", "0.31"])
def test_the_network_policy_and_the_service_account_are_the_rendered_controllers(
    data: dict[str, Any], tmp_path: Path, shared: Path
) -> None:
    config = wide_props(tmp_path, cluster_dict(data, karpenter={**data["karpenter"], "identity": "irsa"}))
    objects = base(config)
    [policy] = by_kind(objects, "NetworkPolicy").values()
    [account] = by_kind(objects, "ServiceAccount").values()
    [deployment] = [o for o in render_karpenter(shared, config) if o["kind"] == "Deployment"]
    pod = deployment["spec"]["template"]
    assert policy["spec"]["podSelector"]["matchLabels"].items() <= pod["metadata"]["labels"].items()
    ports = {p["containerPort"] for c in pod["spec"]["containers"] for p in c.get("ports", [])}
    assert {p["port"] for p in policy["spec"]["ingress"][0]["ports"]} == ports, "every controller port, no other"
    assert (account["metadata"]["name"], account["metadata"]["namespace"]) == (
        pod["spec"]["serviceAccountName"],
        deployment["metadata"].get("namespace", config.karpenter.namespace),
    )
    assert account["metadata"]["annotations"] == {
        "eks.amazonaws.com/role-arn": resolve(config).controller_role_arn,
        "helm.sh/resource-policy": "keep",
    }
    assert findings(shared, objects, config.cluster.kubernetes_version) == []


def test_under_pod_identity_the_service_account_names_no_role(tmp_path: Path) -> None:
    config = wide_props(tmp_path, cluster_dict(karpenter={"version": "1.14.1", "identity": "podIdentity"}))
    [account] = by_kind(base(config), "ServiceAccount").values()
    assert "eks.amazonaws.com/role-arn" not in account["metadata"]["annotations"]


@pytest.mark.parametrize("data", [BASE_V1, BASE_V1ALPHA5], ids=["1.x", "0.31"])
def test_the_service_account_tells_helm_to_keep_it_which_only_an_adopted_release_reads(
    data: dict[str, Any], tmp_path: Path, shared: Path
) -> None:
    """The chart rendered with the generated values has no ServiceAccount (serviceAccount.create: false), so no release
    of ours ever owns it; a release `helm install` made did create it, and its upgrade to the generated values deletes
    it unless the live account says keep (Helm's pkg/kube reads helm.sh/resource-policy on the live object). Flux's
    apply of base/ precedes the upgrade and drops annotations kubectl set, so base/ itself must say it."""
    config = wide_props(tmp_path, cluster_dict(data))
    [account] = by_kind(base(config), "ServiceAccount").values()
    assert account["metadata"]["annotations"]["helm.sh/resource-policy"] == "keep"
    rendered = render_karpenter(shared, config)
    assert not [
        o for o in rendered if o["kind"] == "ServiceAccount" and o["metadata"]["name"] == account["metadata"]["name"]
    ]


def test_the_namespace_is_restricted_at_the_clusters_kubernetes_version(tmp_path: Path) -> None:
    config = wide_props(tmp_path, cluster_dict())
    [namespace] = by_kind(base(config), "Namespace").values()
    labels = namespace["metadata"]["labels"]
    assert {labels[f"pod-security.kubernetes.io/{mode}"] for mode in ("enforce", "audit", "warn")} == {"restricted"}
    assert labels["pod-security.kubernetes.io/enforce-version"] == f"v{config.cluster.kubernetes_version}"


@pytest.mark.parametrize(
    ("kubernetes", "api_version"),
    [("1.28", "flowcontrol.apiserver.k8s.io/v1beta3"), ("1.29", "flowcontrol.apiserver.k8s.io/v1")],
)
def test_flow_schemas_use_the_api_version_the_cluster_serves(
    kubernetes: str, api_version: str, tmp_path: Path, shared: Path
) -> None:
    data = cluster_dict(cluster={**BASE_V1["cluster"], "kubernetesVersion": kubernetes})
    objects = base(wide_props(tmp_path, data))
    schemas = by_kind(objects, "FlowSchema")
    assert sorted(schemas) == ["karpenter-leader-election", "karpenter-workload"]
    assert {s["apiVersion"] for s in schemas.values()} == {api_version}
    for schema in schemas.values():
        [subject] = {str(r["subjects"]) for r in schema["spec"]["rules"]}
        assert subject == str(
            [{"kind": "ServiceAccount", "serviceAccount": {"name": "karpenter", "namespace": "karpenter"}}]
        )
    assert findings(shared, list(schemas.values()), kubernetes) == []


def test_in_kube_system_neither_a_namespace_nor_flow_schemas_are_written(tmp_path: Path) -> None:
    objects = base(wide_props(tmp_path, cluster_dict(karpenter={"version": "1.14.1", "namespace": "kube-system"})))
    assert not by_kind(objects, "Namespace") and not by_kind(objects, "FlowSchema")
    assert [o["metadata"]["namespace"] for o in objects if o["kind"] == "ServiceAccount"] == ["kube-system"]


def rendered(tmp_path: Path, data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return objects(render_cluster(load(tmp_path, data)))


def test_flowschemas_follow_the_kubernetes_version_and_are_skipped_in_kube_system(tmp_path: Path) -> None:
    new = rendered(tmp_path / "new", cluster_dict())
    old = rendered(tmp_path / "old", cluster_dict(BASE_V1ALPHA5))
    system = rendered(tmp_path / "sys", cluster_dict(karpenter={**BASE_V1["karpenter"], "namespace": "kube-system"}))
    assert new["base/flowschema-karpenter-workload.yaml"]["apiVersion"] == "flowcontrol.apiserver.k8s.io/v1"
    assert old["base/flowschema-karpenter-workload.yaml"]["apiVersion"] == "flowcontrol.apiserver.k8s.io/v1beta3"
    leader = new["base/flowschema-karpenter-leader-election.yaml"]["spec"]
    assert (leader["matchingPrecedence"], leader["priorityLevelConfiguration"]) == (200, {"name": "leader-election"})
    assert leader["rules"][0]["subjects"] == [
        {"kind": "ServiceAccount", "serviceAccount": {"name": "karpenter", "namespace": "karpenter"}}
    ]
    workload = new["base/flowschema-karpenter-workload.yaml"]["spec"]
    assert (workload["matchingPrecedence"], workload["priorityLevelConfiguration"]) == (1000, {"name": "workload-high"})
    assert not [p for p in system if "flowschema" in p]
