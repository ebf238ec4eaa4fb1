"""TenantChart (`tenants/<tenant>/`): one node pool per customer, in the shape of the cluster's Karpenter generation,
its NodeOverlays and its share of the isolation policy; synthesized whole (render_cluster) and alone in a Testing app
(NODE_POOLS: the node pool of each generation)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import BASE_V1, BASE_V1ALPHA5, cluster_dict, load, objects
from support.chart_testing import by_kind, props, synth_chart

from karpenter_tenants.charts.tenant_chart import NODE_POOLS, TenantChart
from karpenter_tenants.config.versions import Generation
from karpenter_tenants.kinds.isolation.construct import POLICY_NAME
from karpenter_tenants.kinds.node_pool.v1 import NodePoolV1
from karpenter_tenants.kinds.node_pool.v1alpha5 import ProvisionerV1alpha5
from karpenter_tenants.synthesis.render import render_cluster

ALPHA = BASE_V1["tenants"][0]
OLD_ALPHA = BASE_V1ALPHA5["tenants"][0]


def tenant_objects(tmp_path: Path, data: dict[str, Any], tenant: str = "alpha") -> dict[str, dict[str, Any]]:
    files = render_cluster(load(tmp_path, data))
    return {obj["kind"]: obj for path, obj in objects(files).items() if path.startswith(f"tenants/{tenant}/")}


def requirement(spec: dict[str, Any], key: str) -> dict[str, Any]:
    matches = [r for r in spec["requirements"] if r["key"] == key]
    assert len(matches) == 1, f"{key} appears {len(matches)} times"
    return matches[0]


def test_a_1x_tenant_gets_a_node_pool_and_an_ec2_node_class_named_after_it(tmp_path: Path) -> None:
    found = tenant_objects(tmp_path, cluster_dict())
    assert set(found) == {"NodePool", "EC2NodeClass"}
    assert found["NodePool"]["apiVersion"] == "karpenter.sh/v1"
    assert found["EC2NodeClass"]["apiVersion"] == "karpenter.k8s.aws/v1"
    assert found["NodePool"]["metadata"]["name"] == found["EC2NodeClass"]["metadata"]["name"] == "alpha"
    assert found["NodePool"]["spec"]["template"]["spec"]["nodeClassRef"] == {
        "group": "karpenter.k8s.aws",
        "kind": "EC2NodeClass",
        "name": "alpha",
    }
    assert found["EC2NodeClass"]["spec"]["role"] == "node-alpha"


def test_a_031_tenant_gets_a_provisioner_and_an_aws_node_template(tmp_path: Path) -> None:
    found = tenant_objects(tmp_path, cluster_dict(BASE_V1ALPHA5))
    assert set(found) == {"Provisioner", "AWSNodeTemplate"}
    assert found["Provisioner"]["apiVersion"] == "karpenter.sh/v1alpha5"
    assert found["AWSNodeTemplate"]["apiVersion"] == "karpenter.k8s.aws/v1alpha1"
    assert found["Provisioner"]["spec"]["providerRef"] == {"name": "alpha"}
    assert found["AWSNodeTemplate"]["spec"]["instanceProfile"] == "node-alpha"
    assert found["AWSNodeTemplate"]["spec"]["amiFamily"] == "AL2"


def test_nodes_carry_the_tenant_label_and_a_no_schedule_taint_by_default(tmp_path: Path) -> None:
    pool = tenant_objects(tmp_path, cluster_dict())["NodePool"]["spec"]["template"]
    assert pool["metadata"]["labels"] == {"tenant": "alpha"}
    assert pool["spec"]["taints"] == [{"effect": "NoSchedule", "key": "tenant", "value": "alpha"}]


def test_a_shared_tenant_has_its_label_but_no_isolation_taint(tmp_path: Path) -> None:
    data = cluster_dict(tenants=[{**ALPHA, "dedicated": False}])
    pool = tenant_objects(tmp_path, data)["NodePool"]["spec"]["template"]
    assert pool["metadata"]["labels"] == {"tenant": "alpha"}
    assert "taints" not in pool["spec"]


def test_the_tenant_label_key_is_configurable_and_used_for_labels_taints_and_tags(tmp_path: Path) -> None:
    data = cluster_dict(tenancy={"labelKey": "example.com/customer"})
    found = tenant_objects(tmp_path, data)
    template = found["NodePool"]["spec"]["template"]
    assert template["metadata"]["labels"] == {"example.com/customer": "alpha"}
    assert template["spec"]["taints"][0]["key"] == "example.com/customer"
    assert found["EC2NodeClass"]["spec"]["tags"] == {"example.com/customer": "alpha"}


def test_extra_labels_and_taints_come_after_the_tenant_ones(tmp_path: Path) -> None:
    data = cluster_dict(
        tenants=[
            {
                **ALPHA,
                "labels": {"workload": "batch"},
                "taints": [{"key": "gpu", "effect": "NoExecute"}],
                "startupTaints": [{"key": "cilium/agent-not-ready", "value": "true", "effect": "NoSchedule"}],
            }
        ]
    )
    spec = tenant_objects(tmp_path, data)["NodePool"]["spec"]["template"]
    assert spec["metadata"]["labels"] == {"workload": "batch", "tenant": "alpha"}
    assert spec["spec"]["taints"] == [
        {"effect": "NoSchedule", "key": "tenant", "value": "alpha"},
        {"effect": "NoExecute", "key": "gpu"},
    ]
    assert spec["spec"]["startupTaints"] == [{"effect": "NoSchedule", "key": "cilium/agent-not-ready", "value": "true"}]


def test_typed_requirements_map_to_karpenter_well_known_labels(tmp_path: Path) -> None:
    data = cluster_dict(
        tenants=[
            {
                **ALPHA,
                "requirements": {
                    "instanceCategories": ["c", "m"],
                    "instanceFamilies": ["m7i"],
                    "instanceSizes": ["large", "xlarge"],
                    "instanceGenerations": [6, 7],
                    "capacityTypes": ["spot"],
                    "architectures": ["arm64"],
                    "zones": ["ca-central-1a"],
                    "operatingSystems": ["linux"],
                    "extra": [{"key": "karpenter.k8s.aws/instance-cpu", "operator": "Lt", "values": [65]}],
                },
            }
        ]
    )
    spec = tenant_objects(tmp_path, data)["NodePool"]["spec"]["template"]["spec"]
    assert [(r["key"], r["operator"], r.get("values")) for r in spec["requirements"]] == [
        ("karpenter.k8s.aws/instance-category", "In", ["c", "m"]),
        ("karpenter.k8s.aws/instance-family", "In", ["m7i"]),
        ("karpenter.k8s.aws/instance-size", "In", ["large", "xlarge"]),
        ("karpenter.k8s.aws/instance-generation", "In", ["6", "7"]),
        ("karpenter.sh/capacity-type", "In", ["spot"]),
        ("kubernetes.io/arch", "In", ["arm64"]),
        ("topology.kubernetes.io/zone", "In", ["ca-central-1a"]),
        ("kubernetes.io/os", "In", ["linux"]),
        ("karpenter.k8s.aws/instance-cpu", "Lt", ["65"]),
    ]


def test_requirement_defaults_are_on_demand_amd64_linux_and_generation_above_2(tmp_path: Path) -> None:
    spec = tenant_objects(tmp_path, cluster_dict())["NodePool"]["spec"]["template"]["spec"]
    assert requirement(spec, "karpenter.sh/capacity-type")["values"] == ["on-demand"]
    assert requirement(spec, "kubernetes.io/arch")["values"] == ["amd64"]
    assert requirement(spec, "kubernetes.io/os")["values"] == ["linux"]
    assert requirement(spec, "karpenter.k8s.aws/instance-generation") == {
        "key": "karpenter.k8s.aws/instance-generation",
        "operator": "Gt",
        "values": ["2"],
    }


def test_min_values_is_passed_through_on_1x(tmp_path: Path) -> None:
    extra = [{"key": "karpenter.k8s.aws/instance-family", "operator": "Exists", "minValues": 5}]
    data = cluster_dict(tenants=[{**ALPHA, "requirements": {"extra": extra}}])
    spec = tenant_objects(tmp_path, data)["NodePool"]["spec"]["template"]["spec"]
    assert requirement(spec, "karpenter.k8s.aws/instance-family") == {
        "key": "karpenter.k8s.aws/instance-family",
        "minValues": 5,
        "operator": "Exists",
    }


def test_limits_are_emitted_as_quantities_in_each_generation(tmp_path: Path) -> None:
    limits = {"cpu": 100, "memory": "400Gi"}
    new = tenant_objects(tmp_path / "new", cluster_dict(tenants=[{**ALPHA, "limits": limits}]))
    old = tenant_objects(tmp_path / "old", cluster_dict(BASE_V1ALPHA5, tenants=[{**OLD_ALPHA, "limits": limits}]))
    assert new["NodePool"]["spec"]["limits"] == {"cpu": "100", "memory": "400Gi"}
    assert old["Provisioner"]["spec"]["limits"] == {"resources": {"cpu": "100", "memory": "400Gi"}}


def test_no_limits_means_no_limits_field(tmp_path: Path) -> None:
    assert "limits" not in tenant_objects(tmp_path, cluster_dict())["NodePool"]["spec"]


def test_disruption_maps_onto_v1_fields(tmp_path: Path) -> None:
    disruption = {
        "consolidationPolicy": "WhenEmpty",
        "consolidateAfter": "10m",
        "expireAfter": "Never",
        "budgets": [{"nodes": 1, "schedule": "@daily", "duration": "1h30m", "reasons": ["Drifted"]}],
    }
    pool = tenant_objects(tmp_path, cluster_dict(tenants=[{**ALPHA, "disruption": disruption, "weight": 40}]))
    spec = pool["NodePool"]["spec"]
    assert spec["disruption"] == {
        "budgets": [{"duration": "1h30m", "nodes": "1", "reasons": ["Drifted"], "schedule": "@daily"}],
        "consolidateAfter": "10m",
        "consolidationPolicy": "WhenEmpty",
    }
    assert spec["template"]["spec"]["expireAfter"] == "Never"
    assert spec["weight"] == 40


def test_v1alpha5_consolidation_replaces_ttl_seconds_after_empty(tmp_path: Path) -> None:
    data = cluster_dict(BASE_V1ALPHA5, tenants=[{**OLD_ALPHA, "disruption": {"expireAfter": "24h"}}])
    spec = tenant_objects(tmp_path, data)["Provisioner"]["spec"]
    assert spec["consolidation"] == {"enabled": True}
    assert "ttlSecondsAfterEmpty" not in spec
    assert spec["ttlSecondsUntilExpired"] == 86400


def test_v1alpha5_when_empty_becomes_ttl_seconds_after_empty_and_never_omits_expiry(tmp_path: Path) -> None:
    disruption = {"consolidationPolicy": "WhenEmpty", "consolidateAfter": "1h30m", "expireAfter": "Never"}
    data = cluster_dict(BASE_V1ALPHA5, tenants=[{**OLD_ALPHA, "disruption": disruption}])
    spec = tenant_objects(tmp_path, data)["Provisioner"]["spec"]
    assert spec["ttlSecondsAfterEmpty"] == 5400
    assert "consolidation" not in spec
    assert "ttlSecondsUntilExpired" not in spec


def test_node_classes_default_to_hardened_settings(tmp_path: Path) -> None:
    spec = tenant_objects(tmp_path, cluster_dict())["EC2NodeClass"]["spec"]
    assert spec["metadataOptions"] == {
        "httpEndpoint": "enabled",
        "httpProtocolIPv6": "disabled",
        "httpPutResponseHopLimit": 1,
        "httpTokens": "required",
    }
    assert spec["blockDeviceMappings"] == [
        {
            "deviceName": "/dev/xvda",
            "ebs": {"deleteOnTermination": True, "encrypted": True, "volumeSize": "20Gi", "volumeType": "gp3"},
            "rootVolume": True,
        }
    ]
    assert spec["associatePublicIPAddress"] is False


def test_selectors_default_to_the_cluster_discovery_tag(tmp_path: Path) -> None:
    new = tenant_objects(tmp_path / "new", cluster_dict())["EC2NodeClass"]["spec"]
    old = tenant_objects(tmp_path / "old", cluster_dict(BASE_V1ALPHA5))["AWSNodeTemplate"]["spec"]
    assert (
        new["subnetSelectorTerms"]
        == new["securityGroupSelectorTerms"]
        == [{"tags": {"karpenter.sh/discovery": "acme"}}]
    )
    assert old["subnetSelector"] == old["securityGroupSelector"] == {"karpenter.sh/discovery": "acme"}


def test_id_selector_terms_become_aws_ids_on_v1alpha5(tmp_path: Path) -> None:
    selector = [{"id": "subnet-0a"}, {"id": "subnet-0b"}]
    data = cluster_dict(BASE_V1ALPHA5, tenants=[{**OLD_ALPHA, "subnetSelector": selector}])
    assert tenant_objects(tmp_path, data)["AWSNodeTemplate"]["spec"]["subnetSelector"] == {
        "aws-ids": "subnet-0a,subnet-0b"
    }


def test_ami_alias_defaults_to_latest_with_a_warning(tmp_path: Path) -> None:
    data = cluster_dict(tenants=[{"name": "alpha", "nodeRole": "node-alpha"}])
    cluster = load(tmp_path, data)
    assert cluster.warnings == (
        "tenant alpha: AMI alias al2023@latest (default) follows every new AMI release, so each release drifts "
        "and replaces this tenant's nodes; pin a version like 'al2023@v20261101'",
    )
    spec = tenant_objects(tmp_path / "x", data)["EC2NodeClass"]["spec"]
    assert spec["amiSelectorTerms"] == [{"alias": "al2023@latest"}]


def test_names_default_to_the_shared_naming_rule(tmp_path: Path) -> None:
    new = tenant_objects(tmp_path / "new", cluster_dict(tenants=[{"name": "alpha", "ami": ALPHA["ami"]}]))
    assert new["EC2NodeClass"]["spec"]["role"] == "karpenter-node-acme-alpha"
    old = tenant_objects(tmp_path / "old", cluster_dict(BASE_V1ALPHA5, tenants=[{"name": "alpha"}]))
    assert old["AWSNodeTemplate"]["spec"]["instanceProfile"] == "karpenter-node-acme-alpha"


def test_a_031_tenant_without_a_profile_uses_the_default_instance_profile(tmp_path: Path) -> None:
    data = cluster_dict(
        BASE_V1ALPHA5,
        karpenter={"version": "0.31.5", "defaultInstanceProfile": "default-acme"},
        tenants=[{"name": "alpha"}],
    )
    assert "instanceProfile" not in tenant_objects(tmp_path, data)["AWSNodeTemplate"]["spec"]


def test_loosening_the_hardened_defaults_warns_and_is_emitted_as_asked(tmp_path: Path) -> None:
    tenant = {
        **ALPHA,
        "metadataOptions": {"httpTokens": "optional", "httpPutResponseHopLimit": 2},
        "rootVolume": {"encrypted": False},
    }
    cluster = load(tmp_path, cluster_dict(tenants=[tenant]))
    assert cluster.warnings == (
        "tenant alpha: metadataOptions.httpTokens optional allows IMDSv1, whose credentials any SSRF in a pod can "
        "read; keep 'required' unless a workload cannot use IMDSv2",
        "tenant alpha: metadataOptions.httpPutResponseHopLimit 2 lets pods reach the node's instance metadata and "
        "its IAM role; keep 1 unless pods need IMDS",
        "tenant alpha: rootVolume.encrypted is false: node disks are not encrypted at rest",
    )
    spec = tenant_objects(tmp_path / "x", cluster_dict(tenants=[tenant]))["EC2NodeClass"]["spec"]
    assert (spec["metadataOptions"]["httpTokens"], spec["metadataOptions"]["httpPutResponseHopLimit"]) == (
        "optional",
        2,
    )
    assert spec["blockDeviceMappings"][0]["ebs"]["encrypted"] is False


def test_the_hardened_defaults_raise_no_warning(tmp_path: Path) -> None:
    assert load(tmp_path, cluster_dict()).warnings == ()


GPU_TENANT = {
    **ALPHA,
    "requirements": {"gpuManufacturers": ["nvidia"], "gpuCounts": [1, 4], "capacityTypes": ["on-demand", "reserved"]},
    "limits": {
        "cpu": "64",
        "memory": "512Gi",
        "nvidia.com/gpu": "8",
        "aws.amazon.com/neuron": "2",
        "nodes": "4",
        "ephemeral-storage": "2Ti",
    },
    "capacityReservationSelector": [
        {"id": "cr-0123456789abcdef0"},
        {"tags": {"team": "ml"}, "ownerID": "001234567890"},
    ],
}


def test_limits_on_any_resource_gpu_requirements_and_reservations_reach_the_node_pool(
    tmp_path: Path, shared: Path
) -> None:
    from karpenter_tenants.checks.validate import ObjectValidator

    found = tenant_objects(tmp_path, cluster_dict(tenants=[GPU_TENANT]))
    pool, node_class = found["NodePool"]["spec"], found["EC2NodeClass"]["spec"]
    assert pool["limits"] == {
        "aws.amazon.com/neuron": "2",
        "cpu": "64",
        "ephemeral-storage": "2Ti",
        "memory": "512Gi",
        "nodes": "4",
        "nvidia.com/gpu": "8",
    }
    assert requirement(pool["template"]["spec"], "karpenter.k8s.aws/instance-gpu-manufacturer")["values"] == ["nvidia"]
    assert requirement(pool["template"]["spec"], "karpenter.k8s.aws/instance-gpu-count")["values"] == ["1", "4"]
    assert requirement(pool["template"]["spec"], "karpenter.sh/capacity-type")["values"] == ["on-demand", "reserved"]
    assert node_class["capacityReservationSelectorTerms"] == [
        {"id": "cr-0123456789abcdef0"},
        {"ownerID": "001234567890", "tags": {"team": "ml"}},
    ]
    validator = ObjectValidator(shared, "1.33")  # the CRDs' schemas and CEL rules accept them
    assert [str(f) for obj in found.values() for f in validator.check(obj)] == []


def test_reserved_capacity_needs_reservations_and_1x(tmp_path: Path) -> None:
    import pytest

    from karpenter_tenants.config.loader import ConfigError

    reserved = {**ALPHA, "requirements": {"capacityTypes": ["reserved"]}}
    with pytest.raises(ConfigError) as error:
        load(tmp_path / "a", cluster_dict(tenants=[reserved]))
    assert [p.message for p in error.value.problems] == [
        "capacity type 'reserved' needs capacityReservationSelector: the reservations the tenant may use"
    ]
    old = {**OLD_ALPHA, "capacityReservationSelector": [{"id": "cr-0123456789abcdef0"}], "limits": {"nodes": "3"}}
    with pytest.raises(ConfigError) as error:
        load(tmp_path / "b", cluster_dict(BASE_V1ALPHA5, tenants=[old]))
    assert [(p.path, p.message) for p in error.value.problems] == [
        ("tenants[0].capacityReservationSelector", "capacityReservationSelector needs Karpenter 1.x"),
        ("tenants[0].limits.nodes", "limits.nodes needs Karpenter 1.x"),
    ]


def test_more_node_roles_than_ten_pass_role_policies_hold_warn_before_terraform_fails(tmp_path: Path) -> None:
    """IAM attaches at most 10 managed policies to a role by default; the PassRole policies hold 50 roles each."""
    from karpenter_tenants.config.schema.iam import MANAGED_POLICIES_PER_ROLE
    from karpenter_tenants.synthesis.iam_policies import PASS_ROLE_CHUNK

    def tenants(count: int) -> list[dict[str, Any]]:
        return [{**ALPHA, "name": f"t{i}", "namespaces": [f"t{i}"], "nodeRole": f"node-t{i}"} for i in range(count)]

    most = MANAGED_POLICIES_PER_ROLE * PASS_ROLE_CHUNK
    assert not [w for w in load(tmp_path / "a", cluster_dict(tenants=tenants(most))).warnings if "node roles" in w]
    warnings = [w for w in load(tmp_path / "b", cluster_dict(tenants=tenants(most + 1))).warnings if "node roles" in w]
    assert warnings == [
        f"{most + 1} node roles need 11 managed policies on the controller role to pass them to EC2 (50 roles each); "
        "IAM allows 10 per role unless its quota is raised (to at most 20): request that before applying terraform/, "
        "or split the tenants across clusters"
    ]


# -- alone in a Testing app ----------------------------------------------------------------------------------------
SAVINGS = {"name": "savings", "priceAdjustment": "-20%"}


def build(tmp_path: Path, data: dict[str, Any]) -> tuple[TenantChart, list[dict[str, Any]]]:
    config, tenant = props(tmp_path, data, "alpha")
    made: list[TenantChart] = []
    objects = synth_chart(
        lambda app: made.append(TenantChart(app, "node-pool", config=config, tenant=tenant)) or made[0]
    )
    return made[0], objects


def test_every_generation_has_its_node_pool_construct() -> None:
    assert NODE_POOLS == {Generation.V1: NodePoolV1, Generation.V1ALPHA5: ProvisionerV1alpha5}
    assert {cls.generation for cls in NODE_POOLS.values()} == set(Generation)


@pytest.mark.parametrize(
    ("data", "construct", "kinds"),
    [
        (BASE_V1, NodePoolV1, ["EC2NodeClass", "NodePool"]),
        (BASE_V1ALPHA5, ProvisionerV1alpha5, ["AWSNodeTemplate", "Provisioner"]),
    ],
    ids=["1.x", "0.31"],
)
def test_the_chart_holds_the_node_pool_of_the_clusters_generation_at_id_node_pool(
    data: dict[str, Any], construct: type, kinds: list[str], tmp_path: Path
) -> None:
    chart, objects = build(tmp_path, cluster_dict(data))
    assert chart.folder == "tenants/alpha"
    assert isinstance(chart.node_pool, construct) and chart.node_pool.node.id == "node-pool"
    assert sorted(o["kind"] for o in objects if o["apiVersion"].startswith("karpenter.")) == kinds
    assert all(o["metadata"]["labels"]["app.kubernetes.io/managed-by"] == "karpenter-tenants" for o in objects)


def test_the_chart_binds_the_isolation_policy_to_the_tenants_namespaces(tmp_path: Path) -> None:
    tenant = {**BASE_V1["tenants"][0], "namespaces": ["alpha", "alpha-jobs"]}
    _, objects = build(tmp_path, cluster_dict(tenants=[tenant]))
    [binding] = by_kind(objects, "ValidatingAdmissionPolicyBinding").values()
    assert binding["metadata"]["name"] == f"{POLICY_NAME}-alpha" and binding["spec"]["policyName"] == POLICY_NAME
    [term] = binding["spec"]["matchResources"]["namespaceSelector"]["matchExpressions"]
    assert term["values"] == ["alpha", "alpha-jobs"]
    [parameter] = by_kind(objects, "ConfigMap").values()
    assert parameter["data"] == {"tenant": "alpha"}
    assert binding["spec"]["paramRef"]["name"] == parameter["metadata"]["name"]


def test_the_chart_holds_the_tenants_overlays(tmp_path: Path) -> None:
    chart, objects = build(tmp_path, cluster_dict(tenants=[{**BASE_V1["tenants"][0], "overlays": [SAVINGS]}]))
    assert sorted(chart.overlays) == ["savings"]
    assert sorted(by_kind(objects, "NodeOverlay")) == ["alpha-savings"]
