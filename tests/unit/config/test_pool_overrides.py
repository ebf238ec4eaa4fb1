"""What a pool overrides is one list (config.schema.tenant.POOL_OVERRIDES, issue 57): it names every field of the Pool
model but the pool's names, node_pools() applies each the way the list says, and the rules and converters read it
instead of keeping their own (they once kept five lists, of seven, six and four keys)."""

from __future__ import annotations

import ast
from pathlib import Path

from karpenter_tenants.config.schema.tenant import (
    ADDS,
    POOL_KEYS,
    POOL_NAMES,
    POOL_OVERRIDES,
    REPLACES,
    Pool,
    Tenant,
    node_pools,
)

PACKAGE = Path(__file__).parents[3] / "karpenter_tenants"


def test_the_list_is_the_pool_models_fields_but_its_names() -> None:
    assert list(POOL_OVERRIDES) == [name for name in Pool.model_fields if name not in POOL_NAMES]
    assert set(POOL_NAMES) <= set(Pool.model_fields)
    assert set(POOL_OVERRIDES.values()) <= {REPLACES, ADDS}
    assert POOL_KEYS == tuple(Pool.model_fields[name].alias for name in POOL_OVERRIDES)


def test_every_field_a_pool_overrides_is_a_tenants_field() -> None:
    assert [name for name in POOL_OVERRIDES if name not in Tenant.model_fields] == []


def _tenant() -> Tenant:
    """Every field set on the tenant and its first pool (replicas added unvalidated: a static pool takes no weight)."""
    tenant = Tenant.model_validate(
        {
            "name": "a",
            "weight": 10,
            "labels": {"team": "a"},
            "taints": [{"key": "t", "value": "a", "effect": "NoSchedule"}],
            "limits": {"cpu": "10"},
            "requirements": {"capacityTypes": ["on-demand"]},
            "disruption": {"consolidateAfter": "5m"},
            "pools": [
                {
                    "name": "own",
                    "weight": 20,
                    "labels": {"pool": "own"},
                    "taints": [{"key": "p", "value": "own", "effect": "NoSchedule"}],
                    "limits": {"cpu": "20"},
                    "requirements": {"capacityTypes": ["spot"]},
                    "disruption": {"consolidateAfter": "10m"},
                },
                {"name": "bare"},
            ],
        }
    )
    own, bare = tenant.pools
    return tenant.model_copy(update={"replicas": 1, "pools": [own.model_copy(update={"replicas": 2}), bare]})


def test_node_pools_applies_each_field_as_the_list_says() -> None:
    tenant = _tenant()
    (_, _, own), (_, _, bare) = node_pools(tenant)
    pool, unset = tenant.pools
    # the test's pool sets every field the list names (a field added to Pool must be added here too)
    assert set(POOL_OVERRIDES) <= pool.model_fields_set
    for name, how in POOL_OVERRIDES.items():
        mine, theirs = getattr(pool, name), getattr(tenant, name)
        if how == REPLACES and name == "limits" and bare.replicas is not None:
            # a static pool inherits only the tenant's limits.nodes (the NodePool CRD's rule on static NodePools)
            assert own.limits == mine and theirs.resources() == {"cpu": "10"}
            assert bare.limits.resources() == {}, name
        elif how == REPLACES:
            assert getattr(own, name) == mine, name
            assert getattr(bare, name) == theirs, name
        else:
            expected = {**theirs, **mine} if isinstance(theirs, dict) else [*theirs, *mine]
            assert getattr(own, name) == expected, name
            assert getattr(bare, name) == theirs, name
    assert own.pools == [] and bare.pools == []


def test_no_module_keeps_its_own_list_of_pool_keys() -> None:
    """A module-level or local assignment of a name like POOL_KEYS or pool_fields outside config.schema.tenant is a
    second list, which would drift from the first."""
    found = []
    for path in PACKAGE.rglob("*.py"):
        if "imports" in path.parts or path == PACKAGE / "config/schema/tenant.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets = (
                node.targets
                if isinstance(node, ast.Assign)
                else [node.target]
                if isinstance(node, ast.AnnAssign)
                else []
            )
            found += [
                f"{path.relative_to(PACKAGE)}: {t.id}"
                for t in targets
                if isinstance(t, ast.Name) and t.id.lower() in ("pool_keys", "pool_fields", "pool_overrides")
            ]
    assert found == []


def test_the_rules_and_converters_read_the_one_list() -> None:
    from karpenter_tenants.config.rules import cluster
    from karpenter_tenants.convert import importer, migrate
    from karpenter_tenants.convert.nodegroups import draft

    assert all(module.POOL_KEYS is POOL_KEYS for module in (cluster, importer, migrate, draft))
