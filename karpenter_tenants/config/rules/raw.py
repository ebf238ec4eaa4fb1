"""Rules on a cluster file as read, before validation (reported with every other problem): tenant names given twice,
and the tenant key set, tainted or selected on by a tenant. Each takes the parsed YAML and returns (path, message)
pairs. Imports config only."""

from __future__ import annotations

from typing import Any

from karpenter_tenants.config.rules import Problem


def tenant_key_conflicts(data: Any) -> list[Problem]:
    """(path, message) where a tenant of a cluster file (as read, before validation, so these are
    reported with every other problem) sets, taints or selects on the tenant key: that label and
    taint carry isolation, and the product sets them."""

    def mapping(value: Any) -> dict[str, Any]:
        return value if isinstance(value, dict) else {}

    def items(value: Any) -> list[Any]:
        return value if isinstance(value, list) else []

    data = mapping(data)
    key = mapping(data.get("tenancy")).get("labelKey", "tenant")
    found: list[Problem] = []
    for index, tenant in enumerate(items(data.get("tenants"))):
        tenant = mapping(tenant)
        # the tenant itself, and each of its pools (whose labels, taints and requirements add to the tenant's)
        places = [(("tenants", index), tenant)] + [
            (("tenants", index, "pools", position), mapping(pool))
            for position, pool in enumerate(items(tenant.get("pools")))
        ]
        for at, where in places:
            if key in mapping(where.get("labels")):
                found.append(
                    (
                        (*at, "labels", key),
                        (
                            f"would override the tenant label ({key}: {tenant.get('name')}); remove it or choose another "
                            "tenancy.labelKey"
                        ),
                    )
                )
            for field in ("taints", "startupTaints"):
                for position, taint in enumerate(items(where.get(field))):
                    if mapping(taint).get("key") == key:
                        found.append(
                            (
                                (*at, field, position, "key"),
                                (
                                    f"{key!r} is the tenant key: the product sets the tenant taint itself (dedicated: true); "
                                    "remove this one"
                                ),
                            )
                        )
            for position, requirement in enumerate(items(mapping(where.get("requirements")).get("extra"))):
                if mapping(requirement).get("key") == key:
                    found.append(
                        (
                            (*at, "requirements", "extra", position, "key"),
                            (
                                f"{key!r} is the tenant key: the product selects the tenant's nodes by it; remove this requirement"
                            ),
                        )
                    )
    return found


def duplicate_tenant_names(data: Any) -> list[Problem]:
    """(path, message) for each tenant whose name an earlier tenant has: tenant names must be unique."""
    tenants = data.get("tenants") if isinstance(data, dict) else None
    if not isinstance(tenants, list):
        return []
    first: dict[str, int] = {}
    problems: list[Problem] = []
    for index, tenant in enumerate(tenants):
        tenant_name = tenant.get("name") if isinstance(tenant, dict) else None
        if not isinstance(tenant_name, str):
            continue
        if tenant_name in first:
            problems.append(
                (
                    ("tenants", index, "name"),
                    f"duplicate tenant name {tenant_name!r} (also tenants[{first[tenant_name]}]); tenant names must be unique",
                )
            )
        else:
            first[tenant_name] = index
    return problems
