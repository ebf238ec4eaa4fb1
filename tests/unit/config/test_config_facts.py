"""The facts config owns for the layers above it: the install stage ids kinds.gitops.stages builds its stages with (and the
loader names Argo CD Applications from), the isolation policy's Kubernetes floor, the pass-role chunk of the IAM
policies, and the karpenter.values rule against a chart's defaults."""

from __future__ import annotations

from pathlib import Path

import pytest

from karpenter_tenants.config.loader import load_cluster_file
from karpenter_tenants.config.schema.cluster_file import isolation_supported
from karpenter_tenants.config.schema.karpenter import unknown_value_keys
from karpenter_tenants.config.schema.stages import applier_names, install_stage_ids
from karpenter_tenants.kinds.gitops.stages import install_stages

ROOT = Path(__file__).resolve().parents[3]
# the examples (the user's clusters/ are tests/product/test_user_clusters.py's)
CLUSTERS = sorted((ROOT / "tests/fixtures/clusters").glob("*.yaml"))


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
        (
            ("controller", "resource"),
            "'resource' is not a value of the karpenter chart at controller; did you mean 'resources'?",
        ),
    ]


class _Defaults:
    """A chart whose default values are given: what the loader checks karpenter.values against."""

    def __init__(self, folder: Path, values: dict | None) -> None:
        self.file, self.values = folder / "values.yaml", values
        if values is not None:
            self.file.write_text("x: 1\n")

    def values_file(self, config: object) -> Path:
        return self.file

    def default_values(self, path: Path) -> dict | None:
        return self.values


def test_karpenter_values_are_checked_against_the_chart_defaults_the_program_installs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import karpenter_tenants.config.loader
    from karpenter_tenants.config.loader import ConfigError

    source = tmp_path / "acme.yaml"
    text = (ROOT / "tests/fixtures/clusters/acme.yaml").read_text()
    assert "    settings:\n" in text
    source.write_text(text.replace("    settings:\n", "    replicaz: 2\n    settings:\n", 1))
    monkeypatch.setattr(
        karpenter_tenants.config.loader, "_chart_defaults", _Defaults(tmp_path, {"replicas": 2, "settings": {}})
    )
    with pytest.raises(ConfigError) as raised:
        load_cluster_file(source)
    [problem] = raised.value.problems
    assert (problem.path, problem.message) == (
        "karpenter.values.replicaz",
        "'replicaz' is not a value of the karpenter chart at the top level; did you mean 'replicas'?",
    )
    assert problem.line == text.splitlines().index("    settings:") + 1
    missing = tmp_path / "missing"
    missing.mkdir()
    monkeypatch.setattr(karpenter_tenants.config.loader, "_chart_defaults", _Defaults(missing, None))
    assert any("karpenter.values not checked" in w for w in load_cluster_file(source).warnings)
    monkeypatch.setattr(
        karpenter_tenants.config.loader, "_chart_defaults", None
    )  # no reference data installed: nothing to say
    assert not any("karpenter.values" in w for w in load_cluster_file(source).warnings)
