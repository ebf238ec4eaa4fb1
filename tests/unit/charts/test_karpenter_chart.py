"""Base objects, the Karpenter charts via Flux, and the Flux Kustomizations that order them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import BASE_V1ALPHA5, cluster_dict, load, objects

from karpenter_tenants.synthesis.render import render_cluster


def cluster_objects(tmp_path: Path, data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return objects(render_cluster(load(tmp_path, data)))


def test_the_namespace_enforces_the_restricted_pod_security_standard(tmp_path: Path) -> None:
    namespace = cluster_objects(tmp_path, cluster_dict())["base/namespace-karpenter.yaml"]
    assert namespace["metadata"]["labels"] == {
        "app.kubernetes.io/managed-by": "karpenter-tenants",
        "pod-security.kubernetes.io/audit": "restricted",
        "pod-security.kubernetes.io/enforce": "restricted",
        "pod-security.kubernetes.io/enforce-version": "v1.33",
        "pod-security.kubernetes.io/warn": "restricted",
    }


def test_the_service_account_carries_the_irsa_role_derived_from_account_and_name(tmp_path: Path) -> None:
    data = cluster_dict(karpenter={"version": "1.14.1", "identity": "irsa"})
    found = cluster_objects(tmp_path, data)["base/serviceaccount-karpenter.yaml"]
    assert found["metadata"]["namespace"] == "karpenter"
    assert found["metadata"]["annotations"]["eks.amazonaws.com/role-arn"] == (
        "arn:aws:iam::001234567890:role/karpenter-controller-acme"
    )


def test_a_given_role_arn_is_used_as_is_with_custom_namespace_and_service_account(tmp_path: Path) -> None:
    arn = "arn:aws:iam::001234567890:role/platform/karpenter"
    data = cluster_dict(
        karpenter={
            "version": "1.14.1",
            "namespace": "kube-karpenter",
            "serviceAccount": "kc",
            "controllerRole": {"arn": arn},
            "identity": "irsa",
        }
    )
    found = cluster_objects(tmp_path, data)
    account = found["base/serviceaccount-kc.yaml"]
    assert account["metadata"] == {
        "annotations": {"eks.amazonaws.com/role-arn": arn, "helm.sh/resource-policy": "keep"},
        "labels": {"app.kubernetes.io/managed-by": "karpenter-tenants"},
        "name": "kc",
        "namespace": "kube-karpenter",
    }
    values = found["karpenter/helmrelease-karpenter.yaml"]["spec"]["values"]
    assert values["serviceAccount"] == {"create": False, "name": "kc"}
    assert found["karpenter/helmrelease-karpenter.yaml"]["metadata"]["namespace"] == "kube-karpenter"


def test_1x_values_use_settings_cluster_name_and_interruption_queue(tmp_path: Path) -> None:
    data = cluster_dict(
        cluster={**cluster_dict()["cluster"], "endpoint": "https://ABC.gr7.ca-central-1.eks.amazonaws.com"}
    )
    values = cluster_objects(tmp_path, data)["karpenter/helmrelease-karpenter.yaml"]["spec"]["values"]
    assert values["settings"] == {
        "clusterEndpoint": "https://ABC.gr7.ca-central-1.eks.amazonaws.com",
        "clusterName": "acme",
        "interruptionQueue": "karpenter-acme",
    }


def test_031_values_use_settings_aws_with_the_default_instance_profile(tmp_path: Path) -> None:
    data = cluster_dict(BASE_V1ALPHA5, karpenter={"version": "0.31.5", "defaultInstanceProfile": "default-acme"})
    values = cluster_objects(tmp_path, data)["karpenter/helmrelease-karpenter.yaml"]["spec"]["values"]
    assert values["settings"] == {
        "aws": {
            "clusterName": "acme",
            "defaultInstanceProfile": "default-acme",
            "interruptionQueueName": "karpenter-acme",
        }
    }


def test_controller_resources_have_requests_equal_to_limits(tmp_path: Path) -> None:
    data = cluster_dict(
        karpenter={"version": "1.14.1", "controller": {"resources": {"cpu": "500m", "memory": "768Mi"}}}
    )
    values = cluster_objects(tmp_path, data)["karpenter/helmrelease-karpenter.yaml"]["spec"]["values"]
    expected = {"cpu": "500m", "memory": "768Mi"}
    assert values["controller"]["resources"] == {"limits": expected, "requests": expected}


def test_controller_affinity_keeps_the_charts_rules_and_adds_the_core_node_group(tmp_path: Path) -> None:
    new = cluster_objects(tmp_path / "new", cluster_dict())["karpenter/helmrelease-karpenter.yaml"]
    old = cluster_objects(tmp_path / "old", cluster_dict(BASE_V1ALPHA5))["karpenter/helmrelease-karpenter.yaml"]
    for release, karpenter_label in ((new, "karpenter.sh/nodepool"), (old, "karpenter.sh/provisioner-name")):
        affinity = release["spec"]["values"]["affinity"]
        terms = affinity["nodeAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"]["nodeSelectorTerms"]
        assert terms == [
            {
                "matchExpressions": [
                    {"key": karpenter_label, "operator": "DoesNotExist"},
                    {"key": "eks.amazonaws.com/nodegroup", "operator": "In", "values": ["core"]},
                ]
            }
        ]
        assert affinity["podAntiAffinity"] == {
            "requiredDuringSchedulingIgnoredDuringExecution": [{"topologyKey": "kubernetes.io/hostname"}]
        }


def test_1x_installs_the_crd_chart_and_the_controller_chart_skips_crds(tmp_path: Path) -> None:
    found = cluster_objects(tmp_path, cluster_dict())
    crd_release = found["karpenter-crd/helmrelease-karpenter-crd.yaml"]["spec"]
    release = found["karpenter/helmrelease-karpenter.yaml"]["spec"]
    assert crd_release["chartRef"] == {"kind": "OCIRepository", "name": "karpenter-crd", "namespace": "karpenter"}
    assert (crd_release["install"]["crds"], crd_release["upgrade"]["crds"]) == ("Create", "CreateReplace")
    assert (release["install"]["crds"], release["upgrade"]["crds"]) == ("Skip", "Skip")


def test_031_has_no_crd_chart_and_lets_the_controller_chart_own_crds(tmp_path: Path) -> None:
    found = cluster_objects(tmp_path, cluster_dict(BASE_V1ALPHA5))
    assert not [path for path in found if path.startswith("karpenter-crd/")]
    release = found["karpenter/helmrelease-karpenter.yaml"]["spec"]
    assert (release["install"]["crds"], release["upgrade"]["crds"]) == ("Create", "CreateReplace")


def test_chart_versions_are_spelled_as_upstream_publishes_them(tmp_path: Path) -> None:
    new = cluster_objects(tmp_path / "new", cluster_dict())
    old = cluster_objects(tmp_path / "old", cluster_dict(BASE_V1ALPHA5))
    assert new["karpenter/ocirepository-karpenter.yaml"]["spec"]["ref"] == {"tag": "1.14.1"}
    assert new["karpenter-crd/ocirepository-karpenter-crd.yaml"]["spec"]["url"] == (
        "oci://public.ecr.aws/karpenter/karpenter-crd"
    )
    assert old["karpenter/ocirepository-karpenter.yaml"]["spec"]["ref"] == {"tag": "v0.31.5"}
    assert old["karpenter/ocirepository-karpenter.yaml"]["spec"]["url"] == "oci://public.ecr.aws/karpenter/karpenter"


def flux_order(found: dict[str, dict[str, Any]]) -> dict[str, list[str]]:
    return {
        obj["metadata"]["name"]: [d["name"] for d in obj["spec"].get("dependsOn", [])]
        for path, obj in found.items()
        if path.startswith("flux/stages/")
    }


def test_flux_kustomizations_order_base_then_crds_then_controller_then_node_pools(tmp_path: Path) -> None:
    data = cluster_dict(
        tenants=[
            cluster_dict()["tenants"][0],
            {**cluster_dict()["tenants"][0], "name": "beta", "nodeRole": "node-beta"},
        ]
    )
    assert flux_order(cluster_objects(tmp_path, data)) == {
        "acme-karpenter-base": [],
        "acme-karpenter-crd": ["acme-karpenter-base"],
        "acme-karpenter": ["acme-karpenter-crd"],
        "acme-nodepool-alpha": ["acme-karpenter"],
        "acme-nodepool-beta": ["acme-karpenter"],
    }


def test_031_flux_order_skips_the_crd_stage(tmp_path: Path) -> None:
    assert flux_order(cluster_objects(tmp_path, cluster_dict(BASE_V1ALPHA5))) == {
        "acme-karpenter-base": [],
        "acme-karpenter": ["acme-karpenter-base"],
        "acme-nodepool-alpha": ["acme-karpenter"],
    }


def test_flux_kustomizations_wait_prune_and_point_at_their_folder(tmp_path: Path) -> None:
    found = cluster_objects(tmp_path, cluster_dict())
    spec = found["flux/stages/kustomization-acme-nodepool-alpha.yaml"]["spec"]
    assert spec["path"] == "./dist/acme/tenants/alpha"
    assert spec["wait"] is True and spec["prune"] is True
    assert spec["sourceRef"] == {"kind": "GitRepository", "name": "flux-system"}
    assert found["flux/stages/kustomization-acme-nodepool-alpha.yaml"]["metadata"]["namespace"] == "flux-system"


def test_the_flux_root_is_named_after_the_cluster_and_applies_only_the_stages_folder(tmp_path: Path) -> None:
    found = cluster_objects(tmp_path, cluster_dict())
    flux_folder = {path: obj for path, obj in found.items() if path.startswith("flux/") and "/stages/" not in path}
    assert list(flux_folder) == ["flux/kustomization-acme-root.yaml"]
    root = flux_folder["flux/kustomization-acme-root.yaml"]
    assert root["metadata"] == {"name": "acme-root", "namespace": "flux-system", "labels": root["metadata"]["labels"]}
    assert root["spec"]["path"] == "./dist/acme/flux/stages"  # not ./dist/acme/flux: it must not apply itself
    assert root["spec"]["prune"] is True


def test_gitops_path_and_source_are_configurable(tmp_path: Path) -> None:
    data = cluster_dict(gitops={"path": "./clusters-out/prod-ca", "flux": {"sourceRef": "platform", "interval": "5m"}})
    spec = cluster_objects(tmp_path, data)["flux/stages/kustomization-acme-karpenter.yaml"]["spec"]
    assert spec["path"] == "./clusters-out/prod-ca/karpenter"
    assert spec["sourceRef"]["name"] == "platform"
    assert spec["interval"] == "5m"


def test_a_network_policy_admits_only_the_controller_ports_of_its_version(tmp_path: Path) -> None:
    new = cluster_objects(tmp_path / "new", cluster_dict())["base/networkpolicy-karpenter.yaml"]["spec"]
    old = cluster_objects(tmp_path / "old", cluster_dict(BASE_V1ALPHA5))["base/networkpolicy-karpenter.yaml"]["spec"]
    assert new["podSelector"] == {
        "matchLabels": {"app.kubernetes.io/instance": "karpenter", "app.kubernetes.io/name": "karpenter"}
    }
    assert [p["port"] for p in new["ingress"][0]["ports"]] == [8080, 8081]
    assert [p["port"] for p in old["ingress"][0]["ports"]] == [8000, 8081, 8443]  # 0.31 serves webhooks
    assert new["egress"] == [{}]


@pytest.mark.parametrize("namespace", ["kube-system", "default", "flux-system"])
def test_a_namespace_the_product_does_not_own_is_never_written(namespace: str, tmp_path: Path) -> None:
    """Karpenter in kube-system (upstream's getting-started layout, adopt's advice for Helm users), default or the
    GitOps engine's namespace: no Namespace object, so no Pod Security labels on it (restricted in kube-system would
    refuse aws-node, kube-proxy and the CSI drivers) and nothing to prune; the controller's objects still go there."""
    found = cluster_objects(tmp_path, cluster_dict(karpenter={"version": "1.14.1", "namespace": namespace}))
    assert not [o for o in found.values() if o["kind"] == "Namespace"]
    [account] = [o for o in found.values() if o["kind"] == "ServiceAccount"]
    assert account["metadata"]["namespace"] == namespace
    own = cluster_objects(
        tmp_path / "own", cluster_dict(karpenter={"version": "1.14.1", "namespace": "karpenter-system"})
    )
    [created] = [o for o in own.values() if o["kind"] == "Namespace"]
    assert created["metadata"]["name"] == "karpenter-system"
    assert created["metadata"]["labels"]["pod-security.kubernetes.io/enforce"] == "restricted"
