"""What the API server refuses of what synth writes is a config error at its line: the NodePool CRD's bounds
(spec.disruption.budgets maxItems 50, spec.template.spec.requirements maxItems 100, counted as the NodePool writes
them), its rule on static NodePools (only limits.nodes: a static pool inherits only the tenant's `nodes`), and the
controller pod fields the chart writes into its Deployment as given (Kubernetes' ValidateTolerations,
validateTopologySpreadConstraints and ValidateAnnotations, pkg/apis/core/validation/validation.go). The bounds are
the product's own constants, held here to the CRDs in ../shared."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import BASE_V1, BASE_V1ALPHA5, cluster_dict, load, objects
from support.input_helpers import run_bad_config

from karpenter_tenants.config.loader import ConfigError
from karpenter_tenants.config.schema.karpenter import POD_ANNOTATIONS_MAX_BYTES
from karpenter_tenants.config.schema.overlays import MAX_NODE_OVERLAY_REQUIREMENTS
from karpenter_tenants.config.schema.requirements import MAX_DISRUPTION_BUDGETS, MAX_NODE_POOL_REQUIREMENTS
from karpenter_tenants.synthesis.render import render_cluster

TENANT = BASE_V1["tenants"][0]
# Every NodePool CRD in ../shared: the 1.x reference release, the newest line, the upgrade stops (v1 and v1beta1).
NODE_POOL_CRDS = (
    "karpenter/v1.14.1/karpenter/crds/karpenter.sh_nodepools.yaml",
    "karpenter-next/v1.15.2/crds/karpenter.sh_nodepools.yaml",
    "karpenter-upgrade-path/v1.0.14/crds/karpenter.sh_nodepools.yaml",
    "karpenter-upgrade-path/v0.37.8/crds/karpenter.sh_nodepools.yaml",
)


def _extra(count: int) -> list[dict[str, Any]]:
    return [{"key": f"example.com/k{n}", "operator": "Exists"} for n in range(count)]


def _problems(tmp_path: Path, data: dict[str, Any]) -> list[str]:
    with pytest.raises(ConfigError) as raised:
        load(tmp_path, data)
    return [f"{p.path}: {p.message}" for p in raised.value.problems]


def _node_pools(tmp_path: Path, data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    found = objects(render_cluster(load(tmp_path, data)))
    return {o["metadata"]["name"]: o for o in found.values() if o["kind"] in ("NodePool", "Provisioner")}


@pytest.mark.parametrize("crd", NODE_POOL_CRDS)
def test_the_bounds_are_the_node_pool_crds_own(crd: str, shared: Path) -> None:
    document = yaml.safe_load((shared / crd).read_text())
    for version in document["spec"]["versions"]:
        spec = version["schema"]["openAPIV3Schema"]["properties"]["spec"]["properties"]
        assert spec["disruption"]["properties"]["budgets"]["maxItems"] == MAX_DISRUPTION_BUDGETS
        requirements = spec["template"]["properties"]["spec"]["properties"]["requirements"]
        assert requirements["maxItems"] == MAX_NODE_POOL_REQUIREMENTS


def test_more_budgets_than_a_node_pool_holds_is_a_config_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    budgets = [{"nodes": str(n)} for n in range(MAX_DISRUPTION_BUDGETS + 1)]
    [problem] = run_bad_config(tmp_path, cluster_dict(tenants=[{**TENANT, "disruption": {"budgets": budgets}}]), capsys)
    assert problem.startswith("acme.yaml:")
    assert (
        "tenants[0].disruption.budgets: 51 budgets; a NodePool holds at most 50 (the NodePool CRD's "
        "spec.disruption.budgets maxItems)" in problem
    )
    pools = [{"name": "a"}, {"name": "b", "disruption": {"budgets": budgets}}]
    [problem] = _problems(tmp_path / "pool", cluster_dict(tenants=[{**TENANT, "pools": pools}]))
    assert problem.startswith("tenants[0].pools[1].disruption.budgets: 51 budgets"), problem
    fifty = cluster_dict(tenants=[{**TENANT, "disruption": {"budgets": budgets[:-1]}}])
    [pool] = _node_pools(tmp_path / "fifty", fifty).values()
    assert len(pool["spec"]["disruption"]["budgets"]) == MAX_DISRUPTION_BUDGETS


def test_requirements_are_counted_as_the_node_pool_writes_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The typed keys and the product's defaults count with `extra`: 5 written by default (capacity type, arch, os,
    generation and the categories here), so 95 extra make 100 and 96 make 101."""
    typed = {"instanceCategories": ["c", "m"]}
    at_most = cluster_dict(tenants=[{**TENANT, "requirements": {**typed, "extra": _extra(95)}}])
    [pool] = _node_pools(tmp_path / "at-most", at_most).values()
    assert len(pool["spec"]["template"]["spec"]["requirements"]) == MAX_NODE_POOL_REQUIREMENTS

    over = cluster_dict(tenants=[{**TENANT, "requirements": {**typed, "extra": _extra(96)}}])
    [problem] = run_bad_config(tmp_path / "over", over, capsys)
    assert problem.startswith("acme.yaml:")
    assert (
        "tenants[0].requirements.extra: NodePool alpha would get 101 requirements (96 of extra, 5 from the typed keys "
        "and their defaults); a NodePool's template holds at most 100 (the NodePool CRD's "
        "spec.template.spec.requirements maxItems)" in problem
    )
    # without the defaults, 100 extra are 100 requirements
    bare = cluster_dict(tenants=[{**TENANT, "requirements": {"defaults": False, "extra": _extra(100)}}])
    [pool] = _node_pools(tmp_path / "bare", bare).values()
    assert len(pool["spec"]["template"]["spec"]["requirements"]) == MAX_NODE_POOL_REQUIREMENTS


def test_overlay_requirements_are_bounded_as_the_node_overlay_crd_says(tmp_path: Path, shared: Path) -> None:
    """A tenant's NodeOverlay gets synth's `karpenter.sh/nodepool In` its pools beside its own requirements: 99 of its
    own make 100; a cluster-wide one gets none."""
    document = yaml.safe_load((shared / "karpenter/v1.14.1/karpenter/crds/karpenter.sh_nodeoverlays.yaml").read_text())
    spec = document["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"]["spec"]["properties"]
    assert spec["requirements"]["maxItems"] == MAX_NODE_OVERLAY_REQUIREMENTS

    def overlay(count: int) -> dict[str, Any]:
        return {"name": "o", "priceAdjustment": "-10%", "requirements": _extra(count)}

    found = objects(
        render_cluster(load(tmp_path / "fits", cluster_dict(tenants=[{**TENANT, "overlays": [overlay(99)]}])))
    )
    [written] = [o for o in found.values() if o["kind"] == "NodeOverlay"]
    assert len(written["spec"]["requirements"]) == MAX_NODE_OVERLAY_REQUIREMENTS
    problems = _problems(tmp_path / "over", cluster_dict(tenants=[{**TENANT, "overlays": [overlay(100)]}]))
    assert problems == [
        "tenants[0].overlays[0].requirements: 100 requirements and the karpenter.sh/nodepool one synth adds make 101; "
        "a NodeOverlay holds at most 100 (the NodeOverlay CRD's spec.requirements maxItems): drop some"
    ]
    load(tmp_path / "wide", cluster_dict(overlays=[overlay(100)]))
    problems = _problems(tmp_path / "wide-over", cluster_dict(overlays=[overlay(101)]))
    assert problems == [
        "overlays[0].requirements: 101 requirements; a NodeOverlay holds at most 100 (the NodeOverlay CRD's "
        "spec.requirements maxItems): drop some"
    ]


def test_a_provisioner_takes_more_than_100_requirements(tmp_path: Path, shared: Path) -> None:
    """0.31's Provisioner CRD bounds neither its requirements nor anything like budgets: no refusal there."""
    document = yaml.safe_load((shared / "karpenter/v0.31.5/karpenter/crds/karpenter.sh_provisioners.yaml").read_text())
    [version] = document["spec"]["versions"]
    spec = version["schema"]["openAPIV3Schema"]["properties"]["spec"]["properties"]
    assert "maxItems" not in spec["requirements"] and "disruption" not in spec
    tenant = {**BASE_V1ALPHA5["tenants"][0], "requirements": {"extra": _extra(101)}}
    [provisioner] = _node_pools(tmp_path, cluster_dict(BASE_V1ALPHA5, tenants=[tenant])).values()
    assert len(provisioner["spec"]["requirements"]) > MAX_NODE_POOL_REQUIREMENTS
    # the 1.x tenant alike is refused
    tenant = {**TENANT, "requirements": {"extra": _extra(101)}}
    assert _problems(tmp_path / "v1", cluster_dict(tenants=[tenant]))[0].startswith("tenants[0].requirements.extra:")


def test_requirements_are_counted_per_node_pool_where_they_are_set(tmp_path: Path) -> None:
    many = {"extra": _extra(100)}
    # two pools inherit the tenant's: one problem, at the tenant's
    pools = [{"name": "a"}, {"name": "b"}]
    problems = _problems(
        tmp_path / "inherited", cluster_dict(tenants=[{**TENANT, "requirements": many, "pools": pools}])
    )
    assert [p.split(":")[0] for p in problems] == ["tenants[0].requirements.extra"], problems
    assert "NodePool alpha-a would get 104 requirements" in problems[0]
    # a pool's own
    pools = [{"name": "a"}, {"name": "b", "requirements": many}]
    problems = _problems(tmp_path / "own", cluster_dict(tenants=[{**TENANT, "pools": pools}]))
    assert [p.split(":")[0] for p in problems] == ["tenants[0].pools[1].requirements.extra"], problems
    # the tenant's are written nowhere when every pool sets its own
    pools = [{"name": "a", "requirements": {"architectures": ["arm64"]}}]
    tenant = {**TENANT, "requirements": many, "pools": pools}
    assert list(_node_pools(tmp_path / "unused", cluster_dict(tenants=[tenant]))) == ["alpha-a"]


def test_a_static_pool_inherits_only_the_tenants_node_limit(tmp_path: Path, shared: Path) -> None:
    """The NodePool CRD's rule on spec: a static NodePool takes no limit but nodes. What a static pool inherits of
    the tenant's limits is only `nodes`; limits it sets itself are refused."""
    document = yaml.safe_load((shared / "karpenter/v1.14.1/karpenter/crds/karpenter.sh_nodepools.yaml").read_text())
    rules = document["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"]["spec"][
        "x-kubernetes-validations"
    ]
    assert any(
        r["message"] == "only 'limits.nodes' is supported on static NodePools" and "'nodes' in self.limits" in r["rule"]
        for r in rules
    ), rules
    tenant = {
        **TENANT,
        "limits": {"cpu": "16", "memory": "64Gi"},
        "pools": [{"name": "s", "replicas": 0}, {"name": "d"}],
    }
    pools = _node_pools(tmp_path / "cpu", cluster_dict(tenants=[tenant]))
    assert "limits" not in pools["alpha-s"]["spec"]
    assert pools["alpha-d"]["spec"]["limits"] == {"cpu": "16", "memory": "64Gi"}
    tenant = {**tenant, "limits": {"cpu": "16", "nodes": "3"}}
    pools = _node_pools(tmp_path / "nodes", cluster_dict(tenants=[tenant]))
    assert pools["alpha-s"]["spec"]["limits"] == {"nodes": "3"}
    assert pools["alpha-d"]["spec"]["limits"] == {"cpu": "16", "nodes": "3"}
    tenant = {**tenant, "pools": [{"name": "s", "replicas": 2, "limits": {"cpu": "8", "nodes": "2"}}]}
    assert _problems(tmp_path / "own", cluster_dict(tenants=[tenant])) == [
        "tenants[0].pools[0].limits: only 'limits.nodes' is supported on static NodePools (replicas set; the NodePool "
        "CRD's rule)"
    ]


def _controller(**fields: Any) -> dict[str, Any]:
    data = copy.deepcopy(BASE_V1)
    data["karpenter"]["controller"] = fields
    return data


@pytest.mark.parametrize(
    ("toleration", "expected"),
    [
        # ValidateTolerations, one rule each
        ({"key": "k", "operator": "Exists", "value": "v"}, "tolerations[0].value: operator Exists takes no value"),
        ({"operator": "Equal", "value": "v"}, "tolerations[0].operator: operator Equal needs a key"),
        ({"key": "", "value": "v"}, "tolerations[0].operator: operator Equal needs a key"),
        (
            {"key": "k", "effect": "NoSchedule", "tolerationSeconds": 30},
            "tolerations[0].tolerationSeconds: tolerationSeconds needs effect NoExecute",
        ),
        ({"key": "k", "tolerationSeconds": 30}, "tolerations[0].tolerationSeconds: tolerationSeconds needs effect"),
        ({"key": "bad key", "operator": "Exists"}, "tolerations[0].key: 'bad key' is not a Kubernetes label key"),
        ({"key": "k", "value": "not a value"}, "tolerations[0].value: 'not a value' is not a Kubernetes label value"),
        ({"key": "k", "value": "v" * 64}, "tolerations[0].value:"),
    ],
)
def test_controller_tolerations_kubernetes_refuses_are_config_errors(
    toleration: dict[str, Any], expected: str, tmp_path: Path
) -> None:
    [problem] = _problems(tmp_path, _controller(tolerations=[toleration]))
    assert problem.startswith(f"karpenter.controller.{expected}"), problem


def test_synth_refuses_c323_and_takes_what_kubernetes_takes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = _controller(tolerations=[{"key": "k", "operator": "Exists", "value": "v"}])
    [problem] = run_bad_config(tmp_path / "bad", bad, capsys)
    assert problem.startswith("acme.yaml:")
    assert "karpenter.controller.tolerations[0].value: operator Exists takes no value" in problem
    tolerations = [
        {"operator": "Exists"},  # every taint
        {"key": "", "operator": "Exists", "effect": "NoExecute"},  # an empty key is none
        {"key": "dedicated", "value": ""},
        {"key": "example.com/core", "operator": "Equal", "value": "yes", "effect": "NoSchedule"},
        {"key": "node.kubernetes.io/unreachable", "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 0},
    ]
    config = load(tmp_path / "good", _controller(tolerations=tolerations)).config
    assert len(config.karpenter.controller.tolerations) == len(tolerations)


def test_controller_spread_kubernetes_refuses_is_a_config_error(tmp_path: Path) -> None:
    zone = "topology.kubernetes.io/zone"
    [problem] = _problems(tmp_path / "empty", _controller(topologySpreadConstraints=[{"topologyKey": ""}]))
    assert problem.startswith("karpenter.controller.topologySpreadConstraints[0].topologyKey:"), problem
    twice = [{"topologyKey": zone}, {"topologyKey": zone, "maxSkew": 2}]
    [problem] = _problems(tmp_path / "twice", _controller(topologySpreadConstraints=twice))
    assert problem.startswith(
        f"karpenter.controller.topologySpreadConstraints: topologyKey '{zone}' with whenUnsatisfiable DoNotSchedule "
        "listed more than once"
    ), problem
    # one key both ways is two kinds of constraint
    both = [{"topologyKey": zone}, {"topologyKey": zone, "whenUnsatisfiable": "ScheduleAnyway"}]
    config = load(tmp_path / "both", _controller(topologySpreadConstraints=both)).config
    assert len(config.karpenter.controller.topology_spread_constraints or []) == 2


def test_controller_pod_annotations_past_256_kib_are_a_config_error(tmp_path: Path) -> None:
    """ValidateAnnotations counts bytes of keys and values: 2-byte characters reach the limit at half the length."""
    half = POD_ANNOTATIONS_MAX_BYTES // 2
    load(tmp_path / "fits", _controller(podAnnotations={"a": "é" * ((half - 1) // 2), "b": "x" * (half - 1)}))
    [problem] = _problems(tmp_path / "over", _controller(podAnnotations={"a": "é" * half}))
    assert problem.startswith("karpenter.controller.podAnnotations: 262,145 bytes of keys and values"), problem
