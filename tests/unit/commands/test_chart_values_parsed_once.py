"""The chart's values.yaml that karpenter.values is checked against is parsed once per run, however many cluster
files pin its release (issue 53 item 9: a run parsed it for every cluster file it loaded, and verify loads them in
several steps). Counts calls, never time."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import BASE_V1, cluster_dict, write_cluster

from karpenter_tenants.commands.cli import main
from karpenter_tenants.reference import charts
from karpenter_tenants.reference import data as reference_data


def test_one_run_parses_each_values_file_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, shared: Path) -> None:
    for index, name in enumerate(("acme", "globex", "initech")):
        config = cluster_dict(BASE_V1)
        config["cluster"].update(name=name, accountId=f"00123456789{index}")
        config["karpenter"]["values"] = {"podAnnotations": {"team": name}, "logLevel": "info"}
        write_cluster(tmp_path / "clusters", config, name)
    parsed: list[str] = []
    real = reference_data.yaml_documents

    def counting(path: Path | str, text: str, loader: type = reference_data.yaml.SafeLoader) -> list:
        if str(path).endswith("values.yaml"):
            parsed.append(str(path))
        return real(path, text, loader)

    monkeypatch.setattr(reference_data, "yaml_documents", counting)
    charts._values_documents.cache_clear()  # a run as a fresh process starts it
    charts._check_chart.cache_clear()
    assert main(["--clusters", str(tmp_path / "clusters"), "synth", "--dist", str(tmp_path / "dist")]) == 0
    assert len(parsed) == 1 and parsed[0].startswith(str(shared)), parsed
    # by content, not by name: the same file again is not parsed again, a changed one is
    copy = tmp_path / "chart/values.yaml"
    copy.parent.mkdir()
    copy.write_text(Path(parsed[0]).read_text())
    reference = charts.ChartReference()
    assert reference.default_values(copy) == reference.default_values(Path(parsed[0])) and len(parsed) == 2
    copy.write_text(copy.read_text() + "\naddedByTheTest: 1\n")
    assert reference.default_values(copy)["addedByTheTest"] == 1 and len(parsed) == 3
