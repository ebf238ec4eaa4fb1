"""The real Karpenter chart (../shared) renders with the generated values, for both versions."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from karpenter_tenants.checks.helm_render import render_karpenter
from karpenter_tenants.checks.validate import ObjectValidator
from karpenter_tenants.config.loader import LoadedCluster


def by_kind(rendered: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [obj for obj in rendered if obj["kind"] == kind]


def example(examples: list[LoadedCluster], key: str) -> LoadedCluster:
    return next(c for c in examples if c.key == key)


def test_the_1x_chart_renders_a_deployment_with_our_service_account_and_cluster_name(
    shared: Path, examples: list[LoadedCluster]
) -> None:
    rendered = render_karpenter(shared, example(examples, "acme").config)
    assert by_kind(rendered, "ServiceAccount") == [], "serviceAccount.create=false: the chart must not make one"
    [deployment] = by_kind(rendered, "Deployment")
    pod = deployment["spec"]["template"]["spec"]
    assert pod["serviceAccountName"] == "karpenter"
    env = {e["name"]: e.get("value") for e in pod["containers"][0]["env"]}
    assert env["CLUSTER_NAME"] == "acme"
    assert env["INTERRUPTION_QUEUE"] == "karpenter-acme"
    assert pod["containers"][0]["resources"]["requests"] == pod["containers"][0]["resources"]["limits"]
    assert deployment["spec"]["replicas"] == 2
    terms = pod["affinity"]["nodeAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"]["nodeSelectorTerms"]
    assert {"key": "eks.amazonaws.com/nodegroup", "operator": "In", "values": ["core"]} in terms[0]["matchExpressions"]


def test_the_031_chart_renders_with_settings_aws_in_its_global_settings(
    shared: Path, examples: list[LoadedCluster]
) -> None:
    rendered = render_karpenter(shared, example(examples, "acme-legacy").config)
    [deployment] = by_kind(rendered, "Deployment")
    assert deployment["spec"]["template"]["spec"]["serviceAccountName"] == "karpenter"
    [settings] = [c for c in by_kind(rendered, "ConfigMap") if c["metadata"]["name"] == "karpenter-global-settings"]
    assert settings["data"]["aws.clusterName"] == "acme"
    assert settings["data"]["aws.defaultInstanceProfile"] == "default-acme"
    assert settings["data"]["aws.interruptionQueueName"] == "karpenter-acme"


def test_every_rendered_object_is_a_valid_core_kind(shared: Path, examples: list[LoadedCluster]) -> None:
    for cluster in examples:
        validator = ObjectValidator(shared, cluster.config.cluster.kubernetes_version)
        rendered = render_karpenter(shared, cluster.config)
        assert len(rendered) > 10
        assert [str(f) for obj in rendered for f in validator.check(obj, "chart")] == []


def test_the_network_policy_selects_the_rendered_controller_pods(
    shared: Path, examples: list[LoadedCluster], example_files: dict[str, str]
) -> None:
    import yaml

    for cluster in examples:
        policy = yaml.safe_load(example_files[f"{cluster.key}/base/networkpolicy-karpenter.yaml"])
        [deployment] = by_kind(render_karpenter(shared, cluster.config), "Deployment")
        pod_labels = deployment["spec"]["template"]["metadata"]["labels"]
        assert policy["spec"]["podSelector"]["matchLabels"].items() <= pod_labels.items()
        ports = {p["containerPort"] for p in deployment["spec"]["template"]["spec"]["containers"][0]["ports"]}
        assert {p["port"] for p in policy["spec"]["ingress"][0]["ports"]} == ports


def test_the_controller_keeps_a_pod_disruption_budget(shared: Path, examples: list[LoadedCluster]) -> None:
    for cluster in examples:
        [budget] = by_kind(render_karpenter(shared, cluster.config), "PodDisruptionBudget")
        assert budget["spec"]["maxUnavailable"] == 1


def test_the_identity_reaches_the_rendered_controller_pods(shared: Path, examples: list[LoadedCluster]) -> None:
    """Under EKS Pod Identity the chart renders no role annotation anywhere and the pod template carries the identity
    (so switching restarts the pods, which get credentials when they start); under IRSA neither."""
    import json

    for cluster in examples:
        rendered = render_karpenter(shared, cluster.config)
        [deployment] = by_kind(rendered, "Deployment")
        annotations = deployment["spec"]["template"]["metadata"].get("annotations") or {}
        assert "eks.amazonaws.com/role-arn" not in json.dumps(rendered)
        pod_identity = cluster.config.karpenter.identity_mode == "podIdentity"
        assert annotations.get("karpenter-tenants/identity") == ("podIdentity" if pod_identity else None), cluster.key
    assert {c.key: c.config.karpenter.identity_mode for c in examples} == {
        "acme": "podIdentity",
        "acme-argocd": "irsa",
        "acme-legacy": "irsa",
    }
