"""kinds.node_pool.v1alpha5.ProvisionerV1alpha5 alone: a tenant's Provisioner and AWSNodeTemplate (Karpenter 0.31)
in a Testing chart, in the field names of ../shared's v0.31.5 CRDs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import BASE_V1, BASE_V1ALPHA5, cluster_dict
from support.chart_testing import by_kind, findings, props, synth_construct

from karpenter_tenants.kinds.node_pool.v1alpha5 import ProvisionerV1alpha5

OLD_ALPHA = BASE_V1ALPHA5["tenants"][0]
# Every setting a 0.31 tenant may give that lands in a field of its own.
FULL = {
    **OLD_ALPHA,
    "limits": {"cpu": "64", "memory": "256Gi"},
    "labels": {"team": "a"},
    "annotations": {"example.com/owner": "a"},
    "taints": [{"key": "dedicated", "value": "a", "effect": "NoExecute"}],
    "startupTaints": [{"key": "example.com/not-ready", "effect": "NoSchedule"}],
    "kubelet": {"maxPods": 58, "kubeReserved": {"cpu": "200m"}, "systemReserved": {"memory": "500Mi"}},
    "disruption": {"consolidationPolicy": "WhenEmpty", "consolidateAfter": "10m", "expireAfter": "720h"},
    "weight": 20,
    "rootVolume": {"size": "100Gi"},
    "subnetSelector": [{"id": "subnet-0a"}, {"tags": {"tier": "private"}}],
    "userData": "#!/bin/bash\necho hi\n",
    "detailedMonitoring": True,
}


def build(tmp_path: Path, tenant: dict[str, Any]) -> tuple[ProvisionerV1alpha5, list[dict[str, Any]]]:
    config, found = props(tmp_path, cluster_dict(BASE_V1ALPHA5, tenants=[tenant]), tenant["name"])
    return synth_construct(lambda chart: ProvisionerV1alpha5(chart, "node-pool", config=config, tenant=found))


def crd_fields(shared: Path, kind: str, file: str) -> Any:
    """The v1alpha5/v1alpha1 schema of one of ../shared's v0.31.5 CRDs."""
    [crd] = [d for d in yaml.safe_load_all((shared / "karpenter/v0.31.5/karpenter/crds" / file).read_text()) if d]
    assert crd["spec"]["names"]["kind"] == kind
    [version] = crd["spec"]["versions"]
    return version["schema"]["openAPIV3Schema"]


def unknown_fields(schema: dict[str, Any], value: Any, path: str = "") -> list[str]:
    """The paths in value that its schema has no property for."""
    found = []
    if isinstance(value, dict):
        properties = schema.get("properties")
        for key, child in value.items():
            if properties is not None:
                if key not in properties:
                    found.append(f"{path}.{key}")
                else:
                    found += unknown_fields(properties[key], child, f"{path}.{key}")
            elif isinstance(schema.get("additionalProperties"), dict):
                found += unknown_fields(schema["additionalProperties"], child, f"{path}.{key}")
    elif isinstance(value, list) and isinstance(schema.get("items"), dict):
        for index, item in enumerate(value):
            found += unknown_fields(schema["items"], item, f"{path}[{index}]")
    return found


def test_every_field_is_one_of_the_031_crds_and_they_accept_the_objects(tmp_path: Path, shared: Path) -> None:
    construct, objects = build(tmp_path, FULL)
    [provisioner] = by_kind(objects, "Provisioner").values()
    [template] = by_kind(objects, "AWSNodeTemplate").values()
    assert (provisioner["apiVersion"], template["apiVersion"]) == (
        "karpenter.sh/v1alpha5",
        "karpenter.k8s.aws/v1alpha1",
    )
    assert unknown_fields(crd_fields(shared, "Provisioner", "karpenter.sh_provisioners.yaml"), provisioner) == []
    assert (
        unknown_fields(crd_fields(shared, "AWSNodeTemplate", "karpenter.k8s.aws_awsnodetemplates.yaml"), template) == []
    )
    spec = provisioner["spec"]
    # 0.31's names, where 1.x has others (template, nodeClassRef, disruption, expireAfter).
    assert spec["providerRef"] == {"name": template["metadata"]["name"]} == {"name": "alpha"}
    assert (spec["ttlSecondsAfterEmpty"], spec["ttlSecondsUntilExpired"]) == (600, 2592000)
    assert spec["limits"] == {"resources": {"cpu": "64", "memory": "256Gi"}}
    assert spec["kubeletConfiguration"] == {
        "maxPods": 58,
        "kubeReserved": {"cpu": "200m"},
        "systemReserved": {"memory": "500Mi"},
    }
    assert template["spec"]["subnetSelector"] == {"tier": "private", "aws-ids": "subnet-0a"}
    assert findings(shared, objects, "1.28") == []
    assert construct.node_pool.name == construct.node_class.name == "alpha"


def test_the_provisioner_carries_the_tenants_taint_and_label(tmp_path: Path) -> None:
    _, objects = build(tmp_path, OLD_ALPHA)
    [provisioner] = by_kind(objects, "Provisioner").values()
    assert provisioner["spec"]["labels"]["tenant"] == "alpha"
    assert {"key": "tenant", "value": "alpha", "effect": "NoSchedule"} in provisioner["spec"]["taints"]
    assert provisioner["metadata"]["labels"] == {"tenant": "alpha"}


def test_consolidation_is_written_instead_of_ttl_seconds_after_empty(tmp_path: Path, shared: Path) -> None:
    _, objects = build(tmp_path, {**OLD_ALPHA, "disruption": {"consolidationPolicy": "WhenEmptyOrUnderutilized"}})
    [provisioner] = by_kind(objects, "Provisioner").values()
    assert provisioner["spec"]["consolidation"] == {"enabled": True}
    assert "ttlSecondsAfterEmpty" not in provisioner["spec"]  # the CRD's rule: not both
    assert findings(shared, objects, "1.28") == []


def test_a_config_of_the_other_generation_is_refused_naming_the_prop(tmp_path: Path) -> None:
    config, tenant = props(tmp_path, cluster_dict(), BASE_V1["tenants"][0]["name"])
    with pytest.raises(
        ValueError, match=r"ProvisionerV1alpha5: config is Karpenter 1\.14\.1 \(v1\); this construct writes v1alpha5"
    ):
        synth_construct(lambda chart: ProvisionerV1alpha5(chart, "node-pool", config=config, tenant=tenant))
