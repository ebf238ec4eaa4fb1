"""convert.nodegroups.limits: max size x the largest instance type as limits.cpu and limits.memory, or reported
as to set when that is not known."""

from __future__ import annotations

from pathlib import Path

import pytest
from nodegroups_cli import describe_file, run

from convert.nodegroups import limits as limits_module
from convert.nodegroups.limits import limits, mebibytes
from convert.nodegroups.record import FileReport, NodeGroup, Report


def test_without_instance_type_reference_data_the_limits_are_reported_as_to_set(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(limits_module, "instance_types_file", lambda: tmp_path / "missing/instance-types.md")
    status, imported, err = run(capsys, describe_file(tmp_path, "a"))
    assert status == 1 and imported is not None
    assert "limits" not in imported["tenants"][0]
    assert (f"unresolved: {tmp_path / 'a.json'}: nodegroup.scalingConfig.maxSize: no instance-type reference data "
            f"({tmp_path / 'missing/instance-types.md'}) to size 2 nodes: set limits.cpu and limits.memory yourself") in err


def group(types: list[str] | None, max_size: int | None = 3) -> NodeGroup:
    return NodeGroup("nodegroup a", FileReport("a.json", Report()), instance_types=types, max_size=max_size,
                     max_path="nodegroup.scalingConfig.maxSize")


def test_the_limits_are_the_max_size_times_the_largest_cpu_and_the_largest_memory_each_on_its_own(shared: Path) -> None:
    # c6i.2xlarge: 8 vCPUs, 16Gi; r6i.large: 2 vCPUs, 16Gi; m6i.xlarge: 4 vCPUs, 16Gi
    a = group(["r6i.large", "c6i.2xlarge"])
    assert limits(a) == {"cpu": "24", "memory": "48Gi"}
    assert a.report.report.notes[0].startswith("a.json: nodegroup.scalingConfig.maxSize: 3 nodes x the largest "
                                               "instance type (8 vCPUs, 16Gi)")
    assert mebibytes(1536) == "1536Mi" and mebibytes(2048) == "2Gi"


def test_an_instance_type_karpenter_does_not_know_leaves_the_limits_to_set(shared: Path) -> None:
    a = group(["m6i.large", "m6i.hyper"])
    assert limits(a) is None
    assert a.report.report.unsupported[0].startswith("a.json: nodegroup.scalingConfig.maxSize: m6i.hyper: not in "
                                                     "Karpenter ")


def test_without_a_max_size_there_are_no_limits_and_without_instance_types_they_are_to_set() -> None:
    assert limits(group(["m6i.large"], max_size=None)) is None
    a = group(None)
    assert limits(a) is None
    assert a.report.report.unresolved == ["a.json: nodegroup.scalingConfig.maxSize: the instance types are not known, "
                                          "so neither is the capacity of 3 nodes: set limits.cpu and limits.memory yourself"]
