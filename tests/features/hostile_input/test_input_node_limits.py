"""What Kubernetes, the NodePool CRD and EC2 refuse of a node is a config error at its line, before synth writes a
NodePool or an EC2NodeClass the API server refuses or whose nodes would never register or launch: taints repeating a
key and effect (core/v1 node validation), a Gt/Gte value past a 64-bit integer and minValues above the values listed
(the CRD's CEL rules), EC2 tags past AWS's limits (a key of 1-128, a value of at most 256 characters, letters,
digits, spaces and _ . : / = + - @; 50 on an instance, Karpenter's own and the tenant tag included), user data past
EC2's 16 KiB."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import BASE_V1, cluster_dict, load
from support.input_helpers import run_bad_config

TENANT = BASE_V1["tenants"][0]


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        (
            {"taints": [{"key": "a", "effect": "NoSchedule"}, {"key": "a", "value": "b", "effect": "NoSchedule"}]},
            "tenants[0].taints: the taint a:NoSchedule is listed twice",
        ),
        (
            {"startupTaints": [{"key": "s", "effect": "NoExecute"}] * 2},
            "tenants[0].startupTaints: the taint s:NoExecute",
        ),
        (
            {"pools": [{"name": "gpu", "taints": [{"key": "g", "effect": "NoSchedule"}] * 2}]},
            "tenants[0].pools[0].taints: the taint g:NoSchedule is listed twice",
        ),
        ({"tags": {"a\tb": "x"}}, "its key 'a\\tb' is not 128 characters at most"),
        ({"tags": {"k" * 129: "x"}}, "is not 128 characters at most"),
        ({"tags": {"k": "v" * 257}}, "its value"),
        ({"tags": {"k": "new\nline"}}, "its value"),
        ({"tags": {f"k{n}": "v" for n in range(44)}}, "44 tags: an instance holds 50, of which Karpenter adds 6"),
        ({"userData": "x" * (16 * 1024 + 1)}, "tenants[0].userData: String should have at most 16384 characters"),
        # the NodePool CRD's requirement rules (karpenter.sh_nodepools.yaml, 1.14.1)
        (
            {
                "requirements": {
                    "extra": [{"key": "karpenter.k8s.aws/instance-cpu", "operator": "Gte", "values": [str(2**63)]}]
                }
            },
            "larger than a 64-bit integer",
        ),
        (
            {
                "requirements": {
                    "extra": [
                        {
                            "key": "karpenter.k8s.aws/instance-family",
                            "operator": "In",
                            "values": ["m7i", "c7i"],
                            "minValues": 3,
                        }
                    ]
                }
            },
            "minValues 3 asks for more values than the 2 listed",
        ),
    ],
)
def test_what_the_node_would_be_refused_for_is_a_config_error(
    fields: dict[str, Any], expected: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    [problem] = run_bad_config(tmp_path, cluster_dict(tenants=[{**TENANT, **fields}]), capsys)
    assert expected in problem


def test_what_ec2_and_kubernetes_take_passes(tmp_path: Path) -> None:
    fields = {
        "taints": [{"key": "a", "effect": "NoSchedule"}, {"key": "a", "effect": "NoExecute"}],
        "tags": {
            "k" * 128: "v" * 256,
            "cost-center": "team a/b:c=d+e-f@g_h.i",
            "Équipe": "données",
            "Name": "n",
            **{f"k{n}": "v" for n in range(40)},
        },  # 43 of one's own and Name
        "userData": "x" * (16 * 1024),
    }
    loaded = load(tmp_path, cluster_dict(tenants=[{**TENANT, **fields}]))
    assert loaded.config.tenants[0].tags == fields["tags"]


def test_more_labels_than_a_node_pool_holds_is_a_config_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    labels = {f"l{n}.example.com/k": "v" for n in range(100)}
    [problem] = run_bad_config(tmp_path, cluster_dict(tenants=[{**TENANT, "labels": labels}]), capsys)
    assert "100 labels and the tenant label make 101; a NodePool's template holds at most 100" in problem
    pools = [{"name": "gpu", "labels": {f"p{n}.example.com/k": "v" for n in range(50)}}]
    half = {f"l{n}.example.com/k": "v" for n in range(50)}
    [problem] = run_bad_config(
        tmp_path / "pools", cluster_dict(tenants=[{**TENANT, "labels": half, "pools": pools}]), capsys
    )
    assert "pools.0.labels: 100 labels" in problem


def test_validate_reports_a_node_pool_over_its_labels_on_the_object_not_on_the_reference_data(shared: Path) -> None:
    """The CRD's label rules cost more than the API server allows on 101 labels; the object is refused by its schema
    (maxProperties) first: a finding on it, and the other objects checked, never exit 2 blaming ../shared."""
    import yaml

    from karpenter_tenants.checks.validate import ObjectValidator

    pool = {
        "apiVersion": "karpenter.sh/v1",
        "kind": "NodePool",
        "metadata": {"name": "big"},
        "spec": {
            "template": {
                "metadata": {"labels": {f"l{n}.example.com/k": "v" for n in range(101)}},
                "spec": {
                    "nodeClassRef": {"group": "karpenter.k8s.aws", "kind": "EC2NodeClass", "name": "big"},
                    "requirements": [],
                },
            }
        },
    }
    findings = [str(f) for f in ObjectValidator(shared, "1.33").check(yaml.safe_load(yaml.safe_dump(pool)))]
    assert any("maxProperties" in f or "too many properties" in f or "labels" in f for f in findings), findings
    assert any("the CRD's rules were not evaluated" in f for f in findings), findings
