"""The 1.x API the config speaks, per release, against every 1.x release's CRDs in the reference data (1.0.14 of the
upgrade path, the reference release 1.14.1, the Go module's 1.15.2 in ../shared/karpenter-next): config.versions'
ApiAddition facts (Gte/Lte operators, the Unhealthy budget reason, enclaveOptions, consolidateAfter no longer
required) hold for each release's CRDs, and the config's vocabulary is the newest CRDs'."""

from __future__ import annotations

import typing
from pathlib import Path
from typing import Any

import pytest
import yaml

from karpenter_tenants.config.schema.node_class import EnclaveOptions
from karpenter_tenants.config.schema.requirements import Budget, Requirement
from karpenter_tenants.config.versions import (
    CONSOLIDATE_AFTER_OPTIONAL,
    ENCLAVE_OPTIONS,
    REQUIREMENT_GTE_LTE,
    UNHEALTHY_REASON,
    ApiAddition,
    KarpenterVersion,
)
from karpenter_tenants.reference.versions import crd_folder

NEXT = "1.15.2"


def release_crds(shared: Path) -> dict[str, Path]:
    """Every 1.x release whose Karpenter CRDs the reference data holds, by version: fetch-reference's layout and the Go
    module trees (reference.versions.crd_folder), and the upgrade path's stop at 1.0.14."""
    found = {
        p.name.removeprefix("v"): crd_folder(shared, p.name.removeprefix("v"))
        for tree in ("karpenter", "karpenter-next")
        for p in (shared / tree).glob("v1.*")
    }
    found["1.0.14"] = shared / "karpenter-upgrade-path/v1.0.14/crds"
    return found


def v1_schema(folder: Path, kind_file: str) -> dict[str, Any]:
    crd = yaml.safe_load((folder / kind_file).read_text())
    [served] = [v for v in crd["spec"]["versions"] if v["name"] == "v1"]
    return served["schema"]["openAPIV3Schema"]["properties"]["spec"]


def node_pool(folder: Path) -> dict[str, Any]:
    return v1_schema(folder, "karpenter.sh_nodepools.yaml")


def operators(folder: Path) -> set[str]:
    spec = node_pool(folder)["properties"]["template"]["properties"]["spec"]
    return set(spec["properties"]["requirements"]["items"]["properties"]["operator"]["enum"])


def reasons(folder: Path) -> set[str]:
    budgets = node_pool(folder)["properties"]["disruption"]["properties"]["budgets"]
    return set(budgets["items"]["properties"]["reasons"]["items"]["enum"])


def node_class(folder: Path) -> dict[str, Any]:
    return v1_schema(folder, "karpenter.k8s.aws_ec2nodeclasses.yaml")


HAS_ADDITION: list[tuple[ApiAddition, Any]] = [
    (REQUIREMENT_GTE_LTE, lambda folder: {"Gte", "Lte"} <= operators(folder)),
    (UNHEALTHY_REASON, lambda folder: "Unhealthy" in reasons(folder)),
    (ENCLAVE_OPTIONS, lambda folder: "enclaveOptions" in node_class(folder)["properties"]),
    (
        CONSOLIDATE_AFTER_OPTIONAL,
        lambda folder: "consolidateAfter" not in node_pool(folder)["properties"]["disruption"].get("required", []),
    ),
]


@pytest.mark.parametrize("addition,present", HAS_ADDITION, ids=lambda x: getattr(x, "what", ""))
def test_each_api_addition_is_in_the_crds_of_the_releases_from_its_first_and_not_before(
    addition: ApiAddition, present: Any, shared: Path
) -> None:
    releases = release_crds(shared)
    assert {"1.0.14", "1.14.1", NEXT} <= set(releases), releases
    for version, folder in releases.items():
        expected = KarpenterVersion.parse(version).at_least(addition.since)
        assert present(folder) is expected, f"{addition.what}: Karpenter {version}'s CRDs ({folder}) " + (
            "lack it" if expected else f"have it, before {addition.since}"
        )


def test_the_releases_compared_fall_on_both_sides_of_every_addition(shared: Path) -> None:
    """Each fact is tested by a release before it and one from it (else the test above proves nothing)."""
    versions = [KarpenterVersion.parse(v) for v in release_crds(shared)]
    for addition, _ in HAS_ADDITION:
        assert any(v.at_least(addition.since) for v in versions) and not all(
            v.at_least(addition.since) for v in versions
        )


def test_consolidate_after_defaults_to_0s_where_it_is_optional_and_the_product_writes_it_everywhere(
    shared: Path,
) -> None:
    """1.15.2's CRD defaults an omitted consolidateAfter to 0s; the product's own default (1m) is written on every 1.x
    release, valid where it is required (1.14.1) and where not (1.15.2)."""
    from karpenter_tenants.config.schema.requirements import Disruption

    newest = release_crds(shared)[NEXT]
    assert node_pool(newest)["properties"]["disruption"]["properties"]["consolidateAfter"]["default"] == "0s"
    assert "consolidateAfter" in node_pool(release_crds(shared)["1.14.1"])["properties"]["disruption"]["required"]
    assert Disruption().consolidate_after == "1m"


def test_the_configs_operators_and_reasons_are_the_newest_crds(shared: Path) -> None:
    newest = release_crds(shared)[NEXT]
    assert set(typing.get_args(Requirement.model_fields["operator"].annotation)) == operators(newest)
    [reason_list] = [a for a in typing.get_args(Budget.model_fields["reasons"].annotation) if a is not type(None)]
    assert set(typing.get_args(typing.get_args(reason_list)[0])) == reasons(newest)


def test_the_configs_enclave_options_are_the_crds(shared: Path) -> None:
    schema = node_class(release_crds(shared)[NEXT])["properties"]["enclaveOptions"]
    assert set(schema["properties"]) == {f.alias or name for name, f in EnclaveOptions.model_fields.items()}
    assert schema["required"] == [n for n, f in EnclaveOptions.model_fields.items() if f.is_required()]


def test_the_feature_gates_of_each_1x_chart_are_the_reference_releases_and_those_added_since(shared: Path) -> None:
    """FEATURE_GATES (1.14.1's chart) and FEATURE_GATES_SINCE against the values.yaml of every 1.x chart in the reference
    data: the published 1.14.1 and the Go module tree's 1.15.2 (its chart sources: the same keys as the published
    chart, whose release commit rewrites only the version and image lines)."""
    from karpenter_tenants.config.schema.karpenter import FEATURE_GATES, FEATURE_GATES_SINCE
    from karpenter_tenants.config.versions import Generation
    from karpenter_tenants.reference.versions import release_data

    charts = {
        version: data.chart_source / "values.yaml"
        for version in ("1.14.1", NEXT)
        if (data := release_data(shared, version)) is not None
    }
    assert set(charts) == {"1.14.1", NEXT}
    for version, values in charts.items():
        gates = set(yaml.safe_load(values.read_text())["settings"]["featureGates"])
        added = {gate for gate, since in FEATURE_GATES_SINCE.items() if KarpenterVersion.parse(version).at_least(since)}
        assert gates == FEATURE_GATES[Generation.V1] | added, version
