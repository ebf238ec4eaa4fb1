"""karpenter.values entries of another shape than the chart's default (`tolerations: {}`, `settings: x`) are refused
at their path: the chart would render them into a Deployment the API server refuses, or settings Karpenter cannot
read (helper-found, round 7). Held to the charts' own values.yaml in ../shared: each chart's defaults fit themselves,
and every typed default refuses a value of another shape there, and only there."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import cluster_dict
from support.input_helpers import run_bad_config

from karpenter_tenants.config.rules.release import value_shape_problems

CHARTS = ("karpenter/v0.31.5/karpenter/values.yaml", "karpenter/v1.14.1/karpenter/values.yaml")


def _leaves(node: Any, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], Any]]:
    if isinstance(node, dict) and node:
        return [leaf for key, value in node.items() for leaf in _leaves(value, (*path, str(key)))]
    return [(path, node)]


def _wrong(default: Any) -> Any:
    """A value of another shape than `default`."""
    if isinstance(default, dict):
        return "x"
    if isinstance(default, list):
        return {"a": 1}
    if isinstance(default, bool):
        return "yes"
    if isinstance(default, int | float):
        return "many"
    return ["x"]


def _nested(path: tuple[str, ...], value: Any) -> dict[str, Any]:
    for key in reversed(path):
        value = {key: value}
    return value


@pytest.mark.parametrize("chart", CHARTS)
def test_every_typed_default_refuses_another_shape_at_its_path(chart: str, shared: Path) -> None:
    values = yaml.safe_load((shared / chart).read_text())
    assert value_shape_problems(values, values) == []  # the chart's defaults fit themselves
    typed = [(path, default) for path, default in _leaves(values) if default is not None and path]
    assert len(typed) > 20, chart
    for path, default in typed:
        found = value_shape_problems(_nested(path, _wrong(default)), values)
        assert [p for p, _ in found] == [path], (path, default, found)
        null = value_shape_problems(_nested(path, None), values)  # Helm drops a default set to null
        assert null == [], (path, null)


def test_numbers_as_strings_pass_as_helm_renders_them_alike(shared: Path) -> None:
    values = yaml.safe_load((shared / CHARTS[1]).read_text())
    assert value_shape_problems({"revisionHistoryLimit": "5"}, values) == []
    assert [p for p, _ in value_shape_problems({"revisionHistoryLimit": "five"}, values)] == [("revisionHistoryLimit",)]


def test_a_cluster_file_with_a_wrong_shape_is_exit_2_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = cluster_dict()
    data["karpenter"]["values"] = {"tolerations": {}, "podAnnotations": {"a": "b"}}
    [problem] = run_bad_config(tmp_path, data, capsys)
    assert "karpenter.values.tolerations: is a map ({}) where the chart's values.yaml has a list" in problem, problem
    assert problem.startswith("acme.yaml:"), problem
