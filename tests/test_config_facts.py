"""The facts config owns for the layers above it: the install stage ids charts.stages builds its stages with (and the
loader names Argo CD Applications from), the isolation policy's Kubernetes floor, the pass-role chunk of the IAM
policies, and the karpenter.values rule against a chart's defaults."""

from __future__ import annotations

from pathlib import Path

import pytest

from charts.stages import install_stages
from config.loader import load_cluster_file
from config.schema.cluster_file import isolation_supported
from config.schema.karpenter import unknown_value_keys
from config.schema.stages import applier_names, install_stage_ids

ROOT = Path(__file__).resolve().parent.parent
CLUSTERS = sorted([*(ROOT / "clusters").glob("*.yaml"), *(ROOT / "tests/fixtures/clusters").glob("*.yaml")])


@pytest.mark.parametrize("path", CLUSTERS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_the_stage_ids_config_names_appliers_from_are_the_stages_charts_build(path: Path) -> None:
    config = load_cluster_file(path).config
    assert install_stage_ids(config) == [stage.id for stage in install_stages(config)]
    assert applier_names("k", config)[0] == "k-root"
    assert applier_names("k", config)[1:] == [f"k-{stage.id}" for stage in install_stages(config)]


def test_isolation_is_enforced_from_kubernetes_1_30(tmp_path: Path) -> None:
    config = load_cluster_file(CLUSTERS[0]).config
    older = config.model_copy(update={"cluster": config.cluster.model_copy(update={"kubernetes_version": "1.29"})})
    newer = config.model_copy(update={"cluster": config.cluster.model_copy(update={"kubernetes_version": "1.30"})})
    assert not isolation_supported(older)
    assert isolation_supported(newer)


def test_a_values_key_the_chart_lacks_is_named_with_its_path_and_the_nearest_key() -> None:
    chart = {"replicas": 2, "controller": {"resources": {}}, "podAnnotations": {}}
    found = unknown_value_keys({"replica": 1, "controller": {"resource": {}}, "podAnnotations": {"any": "x"}}, chart)
    assert found == [
        (("replica",), "'replica' is not a value of the karpenter chart at the top level; did you mean 'replicas'?"),
        (("controller", "resource"), "'resource' is not a value of the karpenter chart at controller; did you mean "
                                     "'resources'?"),
    ]
