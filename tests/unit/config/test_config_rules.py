"""config.rules.cluster: the rules across a cluster file's sections, each returning (path, message) pairs whose path
is one the file has (the loader reports it at its line), the first rule with problems reported."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import BASE_V1, cluster_dict, load

from karpenter_tenants.config.loader import ConfigError
from karpenter_tenants.config.rules.cluster import CLUSTER_RULES, first_problems

ALPHA = BASE_V1["tenants"][0]
BROKEN: dict[str, tuple[dict[str, Any], str]] = {
    "node_pool_names_unique": (
        cluster_dict(
            tenants=[
                {**ALPHA, "name": "a", "pools": [{"name": "b"}]},
                {"name": "a-b", "nodeRole": "node-ab", "ami": ALPHA["ami"]},
            ]
        ),
        "is also",
    ),
    "fields_fit_the_release": (
        cluster_dict(
            karpenter={"version": "1.2.3"},
            tenants=[{**ALPHA, "capacityReservationSelector": [{"id": "cr-0123456789abcdef0"}]}],
        ),
        "needs Karpenter >= 1.3.0",
    ),
    "static_pools_fit_the_release": (
        cluster_dict(
            karpenter={"version": "1.14.1", "featureGates": {"staticCapacity": False}},
            tenants=[{**ALPHA, "replicas": 2}],
        ),
        "staticCapacity: false",
    ),
    "requirement_keys_the_crds_accept": (
        cluster_dict(
            tenants=[
                {
                    **ALPHA,
                    "requirements": {"extra": [{"key": "kubernetes.io/hostname", "operator": "In", "values": ["x"]}]},
                }
            ]
        ),
        "restricted",
    ),
    "api_fits_the_release": (
        cluster_dict(tenants=[{**ALPHA, "enclaveOptions": {"enabled": True}}]),
        "Karpenter 1.15.0 adds it to its CRDs",
    ),
    "flux_applier_is_not_the_controller": (
        cluster_dict(gitops={"flux": {"serviceAccountName": "karpenter"}}),
        "the Karpenter controller's ServiceAccount",
    ),
    "namespaces_belong_to_one_tenant": (
        cluster_dict(tenants=[{**ALPHA, "namespaces": ["kube-system"]}]),
        "is a system, Karpenter or GitOps namespace",
    ),
}


def test_the_rules_run_in_the_order_the_validators_ran() -> None:
    assert [rule.__name__ for rule in CLUSTER_RULES] == [
        "node_pool_names_unique",
        "fields_fit_the_release",
        "static_pools_fit_the_release",
        "overlays_fit_the_release",
        "requirement_keys_the_crds_accept",
        "balanced_fits_the_release",
        "api_fits_the_release",
        "buffers_fit_the_release",
        "one_autoscaler_per_pod",
        "flux_applier_is_not_the_controller",
        "chart_source_fits_engine",
        "namespaces_belong_to_one_tenant",
    ]


def test_a_valid_file_keeps_every_rule(tmp_path: Path) -> None:
    config = load(tmp_path, cluster_dict()).config
    assert first_problems(config) == [] and all(rule(config) == [] for rule in CLUSTER_RULES)


@pytest.mark.parametrize("rule", sorted(BROKEN))
def test_each_rule_reports_a_path_the_file_has_at_its_line(rule: str, tmp_path: Path) -> None:
    data, message = BROKEN[rule]
    with pytest.raises(ConfigError) as raised:
        load(tmp_path, data)
    [problem] = [p for p in raised.value.problems if message in p.message]
    assert problem.line is not None, problem
