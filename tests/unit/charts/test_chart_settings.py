"""Chart settings: typed settings and the `karpenter.values` escape hatch land where the real chart (../shared)
reads them, for both chart generations, and keys the chart does not have are config errors."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import BASE_V1, BASE_V1ALPHA5, cluster_dict, load, objects

from karpenter_tenants.checks.helm_render import render_karpenter
from karpenter_tenants.config.loader import ConfigError
from karpenter_tenants.config.schema.karpenter import FEATURE_GATES
from karpenter_tenants.config.versions import Generation
from karpenter_tenants.kinds.controller.fields import karpenter_values
from karpenter_tenants.synthesis.render import render_cluster

SETTINGS = {
    "podAnnotations": {"example.com/team": "platform"},
    "podLabels": {"team": "platform"},
    "priorityClassName": "karpenter-critical",
    "tolerations": [{"key": "dedicated", "value": "core", "effect": "NoSchedule"}],
    "topologySpreadConstraints": [{"topologyKey": "kubernetes.io/hostname", "maxSkew": 1}],
    "imageRepository": "123456789012.dkr.ecr.ca-central-1.amazonaws.com/mirror/karpenter/controller",
}


def deployment(shared: Path, tmp_path: Path, data: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    rendered = render_karpenter(shared, load(tmp_path, data).config)
    [found] = [o for o in rendered if o["kind"] == "Deployment"]
    return found, rendered


@pytest.mark.parametrize("base", [BASE_V1, BASE_V1ALPHA5], ids=["1.14.1", "0.31.5"])
def test_typed_controller_settings_land_where_the_chart_puts_them(base: dict, shared: Path, tmp_path: Path) -> None:
    karpenter = {
        **base["karpenter"],
        "controller": SETTINGS,
        "serviceMonitor": {"enabled": True, "additionalLabels": {"release": "prom"}},
    }
    found, rendered = deployment(shared, tmp_path, cluster_dict(base, karpenter=karpenter))
    template = found["spec"]["template"]
    pod = template["spec"]
    assert template["metadata"]["annotations"]["example.com/team"] == "platform"
    assert template["metadata"]["labels"]["team"] == "platform"
    assert pod["priorityClassName"] == "karpenter-critical"
    assert pod["tolerations"] == [
        {"key": "CriticalAddonsOnly", "operator": "Exists"},  # the chart's own, kept
        {"key": "dedicated", "operator": "Equal", "value": "core", "effect": "NoSchedule"},
    ]
    [spread] = pod["topologySpreadConstraints"]
    assert (spread["topologyKey"], spread["maxSkew"], spread["whenUnsatisfiable"]) == (
        "kubernetes.io/hostname",
        1,
        "DoNotSchedule",
    )
    assert pod["containers"][0]["image"].startswith(SETTINGS["imageRepository"] + ":")
    monitors = [o for o in rendered if o["kind"] == "ServiceMonitor"]
    if base is BASE_V1:
        # The 1.x chart renders it only where the API server serves monitoring.coreos.com/v1 (Helm's
        # Capabilities), which an offline render has not: the values are what reaches the cluster.
        assert monitors == []
        assert karpenter_values(load(tmp_path / "v", cluster_dict(base, karpenter=karpenter)).config)[
            "serviceMonitor"
        ] == {"enabled": True, "additionalLabels": {"release": "prom"}}
    else:
        [monitor] = monitors
        assert monitor["metadata"]["labels"]["release"] == "prom"


def test_1x_feature_gates_reach_the_controllers_environment(shared: Path, tmp_path: Path) -> None:
    karpenter = {**BASE_V1["karpenter"], "featureGates": {"spotToSpotConsolidation": True, "nodeRepair": True}}
    found, _ = deployment(shared, tmp_path, cluster_dict(karpenter=karpenter))
    env = {e["name"]: e.get("value") for e in found["spec"]["template"]["spec"]["containers"][0]["env"]}
    gates = dict(pair.split("=") for pair in env["FEATURE_GATES"].split(","))
    assert (gates["SpotToSpotConsolidation"], gates["NodeRepair"], gates["ReservedCapacity"]) == (
        "true",
        "true",
        "true",
    )


def test_031_drift_gate_and_webhook_port_reach_the_chart_and_the_network_policy(shared: Path, tmp_path: Path) -> None:
    karpenter = {**BASE_V1ALPHA5["karpenter"], "featureGates": {"driftEnabled": True}, "webhook": {"port": 9443}}
    data = cluster_dict(BASE_V1ALPHA5, karpenter=karpenter)
    found, rendered = deployment(shared, tmp_path / "a", data)
    container = found["spec"]["template"]["spec"]["containers"][0]
    assert {"name": "https-webhook", "containerPort": 9443, "protocol": "TCP"} in container["ports"]
    [config_map] = [
        o for o in rendered if o["kind"] == "ConfigMap" and o["metadata"]["name"] == "karpenter-global-settings"
    ]
    assert config_map["data"]["featureGates.driftEnabled"] == "true"
    policy = objects(render_cluster(load(tmp_path / "b", data)))["base/networkpolicy-karpenter.yaml"]
    assert sorted(p["port"] for p in policy["spec"]["ingress"][0]["ports"]) == [8000, 8081, 9443]


def test_the_feature_gates_are_the_charts_own(shared: Path) -> None:
    for generation, version in ((Generation.V1, "v1.14.1"), (Generation.V1ALPHA5, "v0.31.5")):
        values = yaml.safe_load((shared / "karpenter" / version / "karpenter/values.yaml").read_text())
        assert FEATURE_GATES[generation] == set(values["settings"]["featureGates"]), version


def test_chart_tolerations_kept_with_extra_ones_are_the_charts_own(shared: Path) -> None:
    from karpenter_tenants.kinds.controller.fields import CHART_TOLERATIONS

    for version in ("v1.14.1", "v0.31.5"):
        values = yaml.safe_load((shared / "karpenter" / version / "karpenter/values.yaml").read_text())
        assert values["tolerations"] == CHART_TOLERATIONS, version


def test_an_unknown_feature_gate_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as error:
        load(tmp_path, cluster_dict(karpenter={**BASE_V1["karpenter"], "featureGates": {"driftEnabled": True}}))
    [problem] = error.value.problems
    assert problem.path == "karpenter.featureGates"
    assert problem.message.startswith("'driftEnabled' is not a feature gate of the v1 chart: one of capacityBuffer, ")


def test_values_are_merged_last_and_reach_the_chart(shared: Path, tmp_path: Path) -> None:
    values = {
        "controller": {"env": [{"name": "AWS_REGION", "value": "ca-central-1"}]},
        "logLevel": "debug",
        "podAnnotations": {"anything.example.com/free-form": "yes"},
    }
    found, _ = deployment(shared, tmp_path, cluster_dict(karpenter={**BASE_V1["karpenter"], "values": values}))
    container = found["spec"]["template"]["spec"]["containers"][0]
    env = {e["name"]: e.get("value") for e in container["env"]}
    assert (env["AWS_REGION"], env["LOG_LEVEL"]) == ("ca-central-1", "debug")
    assert container["resources"]["limits"] == {"cpu": "1", "memory": "1Gi"}  # generated values kept beside them
    assert found["spec"]["template"]["metadata"]["annotations"]["anything.example.com/free-form"] == "yes"


@pytest.mark.parametrize(
    ("values", "path", "message"),
    [
        (
            {"replica": 3},
            "karpenter.values.replica",
            "'replica' is not a value of the karpenter chart at the top level; did you mean 'replicas'?",
        ),
        (
            {"settings": {"featureGate": {"x": True}}},
            "karpenter.values.settings.featureGate",
            "'featureGate' is not a value of the karpenter chart at settings; did you mean 'featureGates'?",
        ),
        (
            {"controller": {"image": {"repo": "x"}}},
            "karpenter.values.controller.image.repo",
            "'repo' is not a value of the karpenter chart at controller.image; did you mean 'repository'?",
        ),
    ],
)
def test_a_values_key_the_chart_does_not_have_is_an_error_naming_the_nearest(
    values: dict, path: str, message: str, tmp_path: Path
) -> None:
    with pytest.raises(ConfigError) as error:
        load(tmp_path, cluster_dict(karpenter={**BASE_V1["karpenter"], "values": values}))
    [problem] = error.value.problems
    assert (problem.path, problem.message) == (path, message)
    assert problem.line is not None


def test_values_are_checked_against_the_charts_own_version(tmp_path: Path) -> None:
    """0.31's chart has webhook values, 1.x's has none."""
    load(
        tmp_path / "a",
        cluster_dict(
            BASE_V1ALPHA5, karpenter={**BASE_V1ALPHA5["karpenter"], "values": {"webhook": {"logLevel": "info"}}}
        ),
    )
    with pytest.raises(ConfigError):
        load(
            tmp_path / "b",
            cluster_dict(karpenter={**BASE_V1["karpenter"], "values": {"webhook": {"logLevel": "info"}}}),
        )


TAKEOVERS = {
    "a second ServiceAccount with another role": (
        {
            "serviceAccount": {
                "create": True,
                "name": "k",
                "annotations": {"eks.amazonaws.com/role-arn": "arn:aws:iam::999999999999:role/evil"},
            }
        },
        "karpenter.values.serviceAccount: the product writes the controller's ServiceAccount",
    ),
    "an image without a digest": (
        {"controller": {"image": {"repository": "example.com/karpenter", "digest": ""}}},
        "karpenter.values.controller.image.repository: an image repository without",
    ),
    "host network": ({"hostNetwork": True}, "karpenter.values.hostNetwork: hostNetwork gives the controller"),
    "a hostPath volume": (
        {"extraVolumes": [{"name": "root", "hostPath": {"path": "/"}}]},
        "karpenter.values.extraVolumes[0].hostPath: a hostPath volume",
    ),
    "no replicas": ({"replicas": 0}, "karpenter.values.replicas: set karpenter.controller.replicas"),
    "another cluster name": (
        {"settings": {"clusterName": "other"}},
        "karpenter.values.settings.clusterName: set cluster.name",
    ),
}


@pytest.mark.parametrize("case", sorted(TAKEOVERS))
def test_the_values_escape_hatch_cannot_take_over_what_the_product_owns(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from support.input_helpers import run_bad_config

    values, expected = TAKEOVERS[case]
    problems = run_bad_config(tmp_path, cluster_dict(karpenter={**BASE_V1["karpenter"], "values": values}), capsys)
    assert [p for p in problems if expected in p], problems
