"""convert.nodegroups.limits: max size x the largest instance type as limits.cpu and limits.memory, or reported
as to set when that is not known."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.nodegroups_cli import describe_file, run

from karpenter_tenants.convert.nodegroups import limits as limits_module
from karpenter_tenants.convert.nodegroups.limits import limits, mebibytes
from karpenter_tenants.convert.nodegroups.record import FileReport, NodeGroup, Report


def test_without_instance_type_reference_data_the_limits_are_reported_as_to_set(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(limits_module, "shared", lambda: tmp_path / "missing")
    status, imported, err = run(capsys, describe_file(tmp_path, "a"))
    assert status == 1 and imported is not None
    assert "limits" not in imported["tenants"][0]
    assert any(
        line.startswith(
            f"unresolved: {tmp_path / 'a.json'}: nodegroup.scalingConfig.maxSize: no instance-type "
            f"catalogue to size 2 nodes ({tmp_path / 'missing'}/karpenter/v1.14.1/reference/ has no "
            "instance-types.md"
        )
        and line.endswith(": set limits.cpu and limits.memory yourself")
        for line in err
    ), err


def group(types: list[str] | None, max_size: int | None = 3) -> NodeGroup:
    return NodeGroup(
        "nodegroup a",
        FileReport("a.json", Report()),
        instance_types=types,
        max_size=max_size,
        max_path="nodegroup.scalingConfig.maxSize",
    )


def test_the_limits_are_the_max_size_times_the_largest_cpu_and_the_largest_memory_each_on_its_own(shared: Path) -> None:
    # c6i.2xlarge: 8 vCPUs, 16Gi; r6i.large: 2 vCPUs, 16Gi; m6i.xlarge: 4 vCPUs, 16Gi
    a = group(["r6i.large", "c6i.2xlarge"])
    assert limits(a) == {"cpu": "24", "memory": "48Gi"}
    assert a.report.report.notes[0].startswith(
        "a.json: nodegroup.scalingConfig.maxSize: 3 nodes x the largest instance type (8 vCPUs, 16Gi)"
    )
    assert mebibytes(1536) == "1536Mi" and mebibytes(2048) == "2Gi"


def test_an_instance_type_karpenter_does_not_know_leaves_the_limits_to_set(shared: Path) -> None:
    a = group(["m6i.large", "m6i.hyper"])
    assert limits(a) is None
    assert a.report.report.unsupported[0].startswith(
        "a.json: nodegroup.scalingConfig.maxSize: m6i.hyper: not in the instance types of Karpenter's catalogue"
    )


def test_without_a_max_size_there_are_no_limits_and_without_instance_types_they_are_to_set() -> None:
    assert limits(group(["m6i.large"], max_size=None)) is None
    a = group(None)
    assert limits(a) is None
    assert a.report.report.unresolved == [
        "a.json: nodegroup.scalingConfig.maxSize: the instance types are not known, "
        "so neither is the capacity of 3 nodes: set limits.cpu and limits.memory yourself"
    ]


@pytest.mark.parametrize(
    ("types", "max_size", "expected"),
    [
        # GPU counts as Karpenter's catalogue gives them (nvidia.com/gpu): g5.xlarge 1, g5.12xlarge 4, p4d.24xlarge 8
        (["g5.xlarge", "g5.12xlarge"], 4, {"cpu": "192", "memory": "768Gi", "nvidia.com/gpu": "16"}),
        (["p4d.24xlarge"], 2, {"cpu": "192", "memory": "2304Gi", "nvidia.com/gpu": "16"}),
        # Inferentia: aws.amazon.com/neuron, 1 device on inf2.xlarge
        (["inf2.xlarge"], 3, {"cpu": "12", "memory": "48Gi", "aws.amazon.com/neuron": "3"}),
    ],
)
def test_accelerator_groups_are_limited_to_max_size_times_the_most_devices_of_their_types(
    types: list[str], max_size: int, expected: dict[str, str], shared: Path
) -> None:
    from karpenter_tenants.capacity.catalogue import load_catalogue

    catalogue = load_catalogue(shared)
    for resource in ("nvidia.com/gpu", "aws.amazon.com/neuron"):
        most = max(int(catalogue.by_name[t].amount(resource)) for t in types)
        assert (resource in expected) is (most > 0)
        if most:
            assert expected[resource] == str(max_size * most)
    assert limits(group(types, max_size)) == expected
