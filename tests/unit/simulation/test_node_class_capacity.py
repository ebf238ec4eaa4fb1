"""Issue 54 item 8, the tenant's own node class: the EC2NodeClass's `kubelet.maxPods` and root volume size change the
capacity of the instance types its NodePools launch, as Karpenter's AWS provider computes them
(github.com/aws/karpenter-provider-aws v1.14.1 pkg/providers/instancetype/types.go: pods(), ephemeralStorage(),
kubeReservedResources(), evictionThreshold(); the scheduler program's nodeclass.go). Before, every pool was offered
the catalogue's types (ENI-limited pods, a 20Gi root volume): 20 pods on one node where Karpenter launches several
with four each, and a pod asking for 30Gi of ephemeral storage pending on a tenant whose nodes have 100Gi."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_simulation import deployment, pod_spec, solve, tenant

from karpenter_tenants.capacity.catalogue import load_catalogue
from karpenter_tenants.simulation.node_classes import assumptions
from karpenter_tenants.simulation.report import markdown

SMALL = {"instanceFamilies": ["m7i"], "instanceSizes": ["large", "xlarge", "2xlarge"], "capacityTypes": ["on-demand"]}


@pytest.fixture(scope="module")
def catalogue(shared: Path) -> Any:
    return load_catalogue(shared)


def test_kubelet_max_pods_caps_the_pods_per_node(tmp_path: Path, catalogue: Any) -> None:
    capped = tenant("alpha", requirements=SMALL, kubelet={"maxPods": 4})
    result = solve(
        tmp_path,
        catalogue,
        [capped],
        [deployment("alpha", "tiny", 20, pod_spec(cpu="50m", memory="64Mi", tenant_name="alpha"))],
    )
    alpha = result.head.tenants["alpha"]
    assert alpha.scheduled == 20 and alpha.pending == []
    assert len(alpha.node_claims) == 5  # 4 pods a node, as the provider's pods() makes it
    assert all(claim["pods"] <= 4 for claim in alpha.node_claims)
    assert "alpha (kubelet.maxPods 4)" in markdown(result)
    # without it: the catalogue's ENI-limited count (29 on an m7i.large) takes all twenty on one node
    free = solve(
        tmp_path / "free",
        catalogue,
        [tenant("alpha", requirements=SMALL)],
        [deployment("alpha", "tiny", 20, pod_spec(cpu="50m", memory="64Mi", tenant_name="alpha"))],
    )
    assert len(free.head.tenants["alpha"].node_claims) == 1
    assert "Node classes" not in markdown(free)  # as the catalogue assumes: nothing to say


def test_the_root_volume_is_the_nodes_ephemeral_storage(tmp_path: Path, catalogue: Any) -> None:
    spec = pod_spec(cpu="500m", tenant_name="alpha")
    spec["containers"][0]["resources"]["requests"]["ephemeral-storage"] = "30Gi"
    big = solve(
        tmp_path / "big",
        catalogue,
        [tenant("alpha", requirements=SMALL, rootVolume={"size": "100Gi"})],
        [deployment("alpha", "scratch", 2, spec)],
    )
    assert big.head.tenants["alpha"].pending == [] and big.head.tenants["alpha"].scheduled == 2
    # 100Gi less 1Gi kube-reserved and 10Gi for eviction: two pods of 30Gi on one node
    assert len(big.head.tenants["alpha"].node_claims) == 1
    default = solve(
        tmp_path / "default",
        catalogue,
        [tenant("alpha", requirements=SMALL)],
        [deployment("alpha", "scratch", 1, spec)],
    )
    assert [p["pod"] for p in default.head.tenants["alpha"].pending] == ["alpha/scratch-0"]  # 17Gi of 20Gi


def test_what_is_not_applied_is_said() -> None:
    raid = {
        "metadata": {"name": "gamma"},
        "spec": {
            "instanceStorePolicy": "RAID0",
            "kubelet": {"maxPods": 110},
            "amiSelectorTerms": [{"alias": "al2023@latest"}],
        },
    }
    rocket = {
        "metadata": {"name": "delta"},
        "spec": {"kubelet": {"podsPerCore": 2}, "amiSelectorTerms": [{"alias": "bottlerocket@latest"}]},
    }
    lines = assumptions([], [raid, rocket])
    assert lines[0].startswith("Node classes: the instance types of gamma (kubelet.maxPods 110) are as Karpenter's")
    assert lines[1] == (
        "Node classes, not applied: gamma: instanceStorePolicy RAID0 (its ephemeral storage is taken as "
        "the root volume's, not the instance store's), delta: kubelet.podsPerCore (Bottlerocket ignores "
        "it, as Karpenter does)."
    )
    default = {
        "metadata": {"name": "alpha"},
        "spec": {
            "blockDeviceMappings": [{"deviceName": "/dev/xvda", "rootVolume": True, "ebs": {"volumeSize": "20Gi"}}]
        },
    }
    assert assumptions([default], [default]) == []
