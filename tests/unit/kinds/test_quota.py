"""A customer-wide cap (tenants[].quota): a ResourceQuota in each of the tenant's namespaces, applied by a stage of
its own after its node pools (a namespace not there yet holds back only the quota), checked against what the
tenant's pools can provide, and shown by plan as what the customer's pods may request. Karpenter has no limit
across node pools (kubernetes-sigs/karpenter#1747); a namespace's ResourceQuota is Kubernetes' own cap."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import BASE_V1, cluster_dict, git, load, objects, write_cluster
from support.input_helpers import run_bad_config

from karpenter_tenants.commands.cli import main
from karpenter_tenants.kinds.gitops.stages import install_stages
from karpenter_tenants.synthesis.render import render_cluster

TENANT = {**BASE_V1["tenants"][0], "namespaces": ["alpha", "alpha-jobs"], "limits": {"cpu": "100"}}
QUOTA = {"cpu": "40", "memory": "160Gi", "nvidia.com/gpu": "2", "pods": "300"}


def quotas(tmp_path: Path, data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {
        path: o for path, o in objects(render_cluster(load(tmp_path, data))).items() if o["kind"] == "ResourceQuota"
    }


def test_the_quota_is_a_resource_quota_in_each_of_the_tenants_namespaces(tmp_path: Path) -> None:
    found = quotas(tmp_path, cluster_dict(tenants=[{**TENANT, "quota": QUOTA}]))
    assert sorted(found) == [
        "tenants/alpha/quota/resourcequota-alpha-jobs-karpenter-tenants-quota.yaml",
        "tenants/alpha/quota/resourcequota-alpha-karpenter-tenants-quota.yaml",
    ]
    for quota in found.values():
        assert quota["metadata"]["name"] == "karpenter-tenants-quota"
        assert quota["metadata"]["labels"]["tenant"] == "alpha"
        assert quota["spec"]["hard"] == {
            "requests.cpu": "40",
            "requests.memory": "160Gi",
            "requests.nvidia.com/gpu": "2",
            "pods": "300",
        }
    assert not quotas(tmp_path / "b", cluster_dict(tenants=[TENANT]))


@pytest.mark.parametrize("engine", ["flux", "argocd", "kubectl"])
def test_the_quota_has_a_stage_after_the_tenants_node_pools(engine: str, tmp_path: Path) -> None:
    gitops = {"engine": engine, **({"argocd": {"repoURL": "https://git.example/p.git"}} if engine == "argocd" else {})}
    loaded = load(tmp_path, cluster_dict(gitops=gitops, tenants=[{**TENANT, "quota": QUOTA}]))
    stages = {stage.id: stage for stage in install_stages(loaded.config)}
    assert stages["quota-alpha"].after == ("nodepool-alpha",) and stages["quota-alpha"].folder == "tenants/alpha/quota"
    assert stages["quota-alpha"].wave > stages["nodepool-alpha"].wave
    files = render_cluster(loaded)
    names = {o["metadata"]["name"] for o in objects(files).values() if o["kind"] in ("Kustomization", "Application")}
    if engine == "kubectl":  # no appliers: the stage is its own folder, a kustomization applied by hand
        assert not names and "tenants/alpha/quota/kustomization.yaml" in files
    else:
        assert "acme-quota-alpha" in names


@pytest.mark.parametrize(
    ("quota", "tenant", "expected"),
    [
        ({}, {}, "tenants[0].quota: sets no cap"),
        (QUOTA, {"namespaces": []}, "tenants[0].quota: a quota is written into the tenant's namespaces"),
        ({"cpu": "-1"}, {}, "is negative"),
    ],
)
def test_a_quota_that_caps_nothing_or_nowhere_is_refused(
    quota: dict[str, Any], tenant: dict[str, Any], expected: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    problems = run_bad_config(tmp_path, cluster_dict(tenants=[{**TENANT, **tenant, "quota": quota}]), capsys)
    assert any(expected in p for p in problems), problems


@pytest.mark.parametrize(
    ("quota", "namespaces", "warned"),
    [
        ({"cpu": "30"}, ["alpha"], []),
        ({"cpu": "30"}, ["alpha", "alpha-jobs"], ["quota is the whole cap in each of its 2 namespaces"]),
        (
            {"cpu": "200"},
            ["alpha"],
            [
                "quota requests.cpu 200 (x1 namespaces) is more than its pools can ever provide "
                "(cpu limits summing to 100)"
            ],
        ),
        (
            {"cpu": "10"},
            ["alpha"],
            ["its pools may provide 100 cpu, over 4 times what its quota lets its pods request"],
        ),
        ({"memory": "10Gi"}, ["alpha"], []),  # the pool has no memory limit: it may provide any amount
    ],
)
def test_the_quota_is_checked_against_what_the_pools_can_provide(
    quota: dict[str, Any], namespaces: list[str], warned: list[str], tmp_path: Path
) -> None:
    loaded = load(tmp_path, cluster_dict(tenants=[{**TENANT, "namespaces": namespaces, "quota": quota}]))
    quota_warnings = [w for w in loaded.warnings if "quota" in w]
    assert len(quota_warnings) == len(warned) and all(any(w in q for q in quota_warnings) for w in warned), (
        quota_warnings
    )


def test_quota_warnings_say_what_the_pools_provide_in_kubernetes_units(tmp_path: Path) -> None:
    # the imported GPU pools of issue 36: 768Gi and 1536Mi of memory, 1500m and 2 cpu, said as quantities, not 2.06e+11
    pools = [
        {"name": "train", "limits": {"cpu": "1500m", "memory": "768Gi"}},
        {"name": "serve", "limits": {"cpu": "2", "memory": "1536Mi"}},
    ]
    tenant = {
        **TENANT,
        "namespaces": ["alpha"],
        "limits": None,
        "pools": pools,
        "quota": {"cpu": "20", "memory": "10Gi"},
    }
    tenant = {k: v for k, v in tenant.items() if v is not None}
    warnings = [w for w in load(tmp_path, cluster_dict(tenants=[tenant])).warnings if "quota" in w]
    assert any("(cpu limits summing to 3500m)" in w for w in warnings), warnings
    assert any("its pools may provide 787968Mi memory, over 4 times" in w for w in warnings), warnings


def test_plan_shows_a_quota_as_what_the_customers_pods_may_request(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    clusters, dist = tmp_path / "clusters", tmp_path / "dist"
    tenant = {**TENANT, "namespaces": ["alpha"]}
    write_cluster(clusters, cluster_dict(tenants=[{**tenant, "quota": {"cpu": "40"}}]))
    git(tmp_path, "init", "-q")
    assert main(["--clusters", str(clusters), "synth", "--out", str(dist)]) == 0
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-qm", "base")
    write_cluster(clusters, cluster_dict(tenants=[{**tenant, "quota": {"cpu": "60", "pods": "100"}}]))
    capsys.readouterr()
    assert main(["--clusters", str(clusters), "plan", "--base", "HEAD", "--dist", str(dist)]) == 0
    out = capsys.readouterr().out
    assert (
        "- **in place** ResourceQuota/karpenter-tenants-quota changed: the tenant's pods in namespace alpha may "
        "request at most pods 100, requests.cpu 60 (a new pod past it is refused; running pods stay); no node is "
        "replaced"
    ) in out
    write_cluster(clusters, cluster_dict(tenants=[tenant]))
    assert main(["--clusters", str(clusters), "plan", "--base", "HEAD", "--dist", str(dist)]) == 0
    assert (
        "ResourceQuota/karpenter-tenants-quota removed: the tenant's pods in namespace alpha may request any amount "
        "again"
    ) in capsys.readouterr().out


SPLIT = {
    "cpu": "40",
    "memory": "160Gi",
    "split": {"alpha": {"cpu": "30", "memory": "100Gi"}, "alpha-jobs": {"cpu": "10", "memory": "60Gi"}},
}


def test_a_split_quota_gives_each_namespace_its_share_and_caps_the_tenant_as_a_whole(tmp_path: Path) -> None:
    found = quotas(tmp_path, cluster_dict(tenants=[{**TENANT, "quota": SPLIT}]))
    hard = {q["metadata"]["namespace"]: q["spec"]["hard"] for q in found.values()}
    assert hard == {
        "alpha": {"requests.cpu": "30", "requests.memory": "100Gi"},
        "alpha-jobs": {"requests.cpu": "10", "requests.memory": "60Gi"},
    }
    # what every namespace may request together is at most the quota: no "namespaces add up" warning
    loaded = load(tmp_path / "w", cluster_dict(tenants=[{**TENANT, "quota": SPLIT}]))
    assert not [w for w in loaded.warnings if "namespaces" in w], loaded.warnings


@pytest.mark.parametrize(
    ("split", "expected"),
    [
        (
            {"alpha": {"cpu": "30", "memory": "100Gi"}},
            "tenants[0].quota.split: namespace 'alpha-jobs' has no share, so it would be uncapped",
        ),
        (
            {**SPLIT["split"], "beta": {"cpu": "1", "memory": "1Gi"}},
            "tenants[0].quota.split.beta: 'beta' is not one of the tenant's",
        ),
        (
            {**SPLIT["split"], "alpha-jobs": {"cpu": "11", "memory": "60Gi"}},
            "tenants[0].quota.split: the shares' requests.cpu add up to 30 + 11, more than the quota's 40",
        ),
        (
            {**SPLIT["split"], "alpha-jobs": {"cpu": "10"}},
            "tenants[0].quota.split.alpha-jobs: has no share of requests.memory, so the namespace would be uncapped there",
        ),
        (
            {**SPLIT["split"], "alpha-jobs": {"cpu": "10", "memory": "60Gi", "pods": "5"}},
            "tenants[0].quota.split.alpha-jobs: caps pods, which the quota does not",
        ),
        ({**SPLIT["split"], "alpha-jobs": {}}, "tenants[0].quota.split.alpha-jobs: sets no cap"),
    ],
)
def test_a_split_that_leaves_a_namespace_uncapped_or_exceeds_the_quota_is_refused(
    split: dict[str, Any], expected: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = cluster_dict(tenants=[{**TENANT, "quota": {**SPLIT, "split": split}}])
    problems = run_bad_config(tmp_path, data, capsys)
    assert any(expected in p for p in problems), problems
