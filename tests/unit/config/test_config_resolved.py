"""config.resolved: what is derived from a cluster file, computed once, and what the charts put in dist/."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
import yaml
from conftest import BASE_V1, EXAMPLE_DIST, EXAMPLES_DIR, cluster_dict, load

from karpenter_tenants.config.loader import load_clusters
from karpenter_tenants.config.resolved import _CACHE, ResolvedTenant, resolve
from karpenter_tenants.synthesis.parts import project

EXAMPLES = load_clusters(EXAMPLES_DIR)


def _dist_pools(key: str, tenant: str) -> dict[str, dict]:
    folder = EXAMPLE_DIST / key / "tenants" / tenant
    found = {}
    for path in folder.glob("*.yaml"):
        document = yaml.safe_load(path.read_text())
        if document.get("kind") in ("NodePool", "Provisioner"):
            found[document["metadata"]["name"]] = document
    return found


@pytest.mark.parametrize("cluster", EXAMPLES, ids=lambda c: c.key)
def test_every_example_tenants_resolved_node_pools_are_the_ones_in_dist(cluster) -> None:
    for tenant in cluster.config.tenants:
        resolved = resolve(cluster.config).tenant(tenant)
        written = _dist_pools(cluster.key, tenant.name)
        assert sorted(written) == sorted(p.name for p in resolved.node_pools)
        for pool in resolved.node_pools:
            spec = written[pool.name]["spec"]
            pool_spec = spec["template"]["spec"] if "template" in spec else spec
            labels = spec["template"]["metadata"]["labels"] if "template" in spec else spec["labels"]
            assert [
                (r["key"], r["operator"], tuple(r.get("values", ()))) for r in pool_spec.get("requirements", [])
            ] == [(r.key, r.operator, r.values) for r in pool.requirements]
            assert [(t["key"], t["effect"], t.get("value")) for t in pool_spec.get("taints", [])] == [
                (t.key, t.effect, t.value) for t in pool.taints
            ]
            assert labels == pool.labels


def test_a_config_is_resolved_once_and_its_tenants_once(tmp_path: Path) -> None:
    config = load(tmp_path, cluster_dict(BASE_V1)).config
    assert resolve(config) is resolve(config)
    tenant = config.tenants[0]
    assert resolve(config).tenant(tenant) is resolve(config).tenant(tenant)
    assert isinstance(resolve(config).tenant(tenant), ResolvedTenant)


def test_a_copy_with_other_tenants_is_resolved_on_its_own_and_the_cache_goes_with_the_config(tmp_path: Path) -> None:
    config = load(tmp_path, cluster_dict(BASE_V1)).config
    copy = config.model_copy(update={"tenants": []})
    assert resolve(copy) is not resolve(config)
    assert (
        not resolve(copy).static_capacity and resolve(copy).controller_role_arn == resolve(config).controller_role_arn
    )
    key = id(copy)
    del copy
    gc.collect()
    assert key not in _CACHE


def test_a_tenant_resolves_the_same_against_the_settings_alone_as_against_its_file(tmp_path: Path) -> None:
    config = load(
        tmp_path,
        cluster_dict(
            BASE_V1,
            tenants=[
                {
                    **BASE_V1["tenants"][0],
                    "pools": [{"name": "general"}, {"name": "gpu", "taints": [{"key": "gpu", "effect": "NoSchedule"}]}],
                }
            ],
        ),
    ).config
    settings = config.model_copy(update={"tenants": []})
    tenant = config.tenants[0]
    assert resolve(settings).tenant(tenant) == resolve(config).tenant(tenant)
    assert [p.name for p in resolve(config).tenant(tenant).node_pools] == ["alpha-general", "alpha-gpu"]
    assert resolve(config).tenant(tenant).node_pool("gpu").taints[-1].key == "gpu"


def test_the_cluster_wide_parts_tenant_facts_resolve_to_the_tenants_own_role_and_profile(tmp_path: Path) -> None:
    cluster = load(tmp_path, cluster_dict(BASE_V1))
    wide, [part] = project(cluster)
    facts, config = wide.tenants[0], wide.config()
    assert resolve(config).node_role(facts) == part.tenant.node_role == "node-alpha"
    assert resolve(config).instance_profile(facts) == part.tenant.instance_profile


def test_a_cluster_wide_parts_config_has_no_tenants_and_resolves_with_its_facts(tmp_path: Path) -> None:
    """The part's config is the settings (a ClusterFile's tenants are whole Tenants or none); the facts come from its
    resolution, and they are the facts the whole file resolves to (so aws.json and the gates read the same either
    way), for tenants with every gate-relevant setting."""
    from karpenter_tenants.config.resolved import Tenant, with_tenants

    data = cluster_dict(
        BASE_V1,
        tenants=[
            {**BASE_V1["tenants"][0], "pools": [{"name": "static", "replicas": 2}, {"name": "general"}]},
            {"name": "beta", "nodeRole": "node-beta", "namespaces": ["beta", "beta-jobs"]},
        ],
    )
    cluster = load(tmp_path, data)
    wide, _ = project(cluster)
    config = wide.config()
    assert config.tenants == [] and all(isinstance(t, Tenant) for t in cluster.config.tenants)
    assert resolve(config).tenants == wide.tenants == resolve(cluster.config).tenants
    assert [t.name for t in wide.tenants] == resolve(cluster.config).tenant_names == ["alpha", "beta"]
    assert resolve(config).static_capacity and resolve(cluster.config).static_capacity
    assert wide.tenants[1].namespaces == ("beta", "beta-jobs")
    with pytest.raises(ValueError, match="without tenants"):
        with_tenants(cluster.config, wide.tenants)
