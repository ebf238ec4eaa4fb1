"""`tenantDefaults:` of a cluster file: tenant fields every tenant starts from, each tenant overriding. Applied to the
document as read, before validation, so a tenant is validated, synthesized and fingerprinted (synth.parts) exactly as
if it had written the merged fields itself:

- mappings merge key by key, recursively (a tenant's `disruption: {expireAfter: Never}` keeps the default's
  consolidationPolicy); any other value — a list, a string, a number — replaces the default's whole, and `null`
  removes it (`labels: null`: none of the default labels);
- `name`, `namespaces` and `pools` are each tenant's own and refused here;
- a problem in a field a tenant inherited is reported once, at `tenantDefaults.<field>` (its line), naming the
  tenants that inherit it; a problem in what a tenant wrote stays at `tenants[i]`.

Imports nothing of the product but config.rules' Problem type."""

from __future__ import annotations

from typing import Any

from karpenter_tenants.config.rules import Problem

KEY = "tenantDefaults"
OWN = ("name", "namespaces", "pools")  # each tenant's own: never a default

PathKey = tuple[str | int, ...]


def merged(default: Any, own: Any) -> Any:
    """own over default: mappings key by key, recursively (a key own sets to null removes the default's); anything
    else replaced whole."""
    if isinstance(default, dict) and isinstance(own, dict):
        out = dict(default)
        for key, value in own.items():
            if value is None and key in default:
                del out[key]
            else:
                out[key] = merged(default[key], value) if key in default else value
        return out
    return own


def apply(data: dict[str, Any]) -> tuple[dict[str, Any], list[Problem]]:
    """The document with tenantDefaults merged into each tenant (and the key removed), and the problems of
    tenantDefaults itself. A document without the key is returned as it is."""
    if KEY not in data:
        return data, []
    defaults = data[KEY]
    rest = {key: value for key, value in data.items() if key != KEY}
    if defaults is None:
        return rest, []
    if not isinstance(defaults, dict):
        return rest, [((KEY,), f"expected a mapping of tenant fields (ami, requirements, disruption, limits, ...), "
                               f"got {type(defaults).__name__}")]
    problems: list[Problem] = [((KEY, key), f"{key} is each tenant's own: set it in tenants[], not in {KEY}")
                               for key in OWN if key in defaults]
    defaults = {key: value for key, value in defaults.items() if key not in OWN}
    tenants = rest.get("tenants")
    if isinstance(tenants, list) and defaults:
        rest["tenants"] = [merged(defaults, tenant) if isinstance(tenant, dict) else tenant for tenant in tenants]
    return rest, problems


def _holds(value: Any, path: PathKey) -> bool:
    for part in path:
        if isinstance(value, dict) and part in value:
            value = value[part]
        elif isinstance(value, list) and isinstance(part, int) and 0 <= part < len(value):
            value = value[part]
        else:
            return False
    return True


def inherited(original: Any, where: PathKey) -> PathKey | None:
    """For a problem at where (tenants[i]...) in the merged document: the tenantDefaults path it came from, when the
    tenant did not write that path and the defaults did; else None (the problem stays where it is)."""
    if not isinstance(original, dict) or not isinstance(original.get(KEY), dict) or len(where) < 3 or where[0] != "tenants":
        return None
    tenants = original.get("tenants")
    if not isinstance(tenants, list) or not isinstance(where[1], int) or not 0 <= where[1] < len(tenants):
        return None
    inner = where[2:]
    # the longest prefix the defaults hold and the tenant does not: a wrong key deep inside a default mapping is
    # the default's, a wrong value the tenant wrote over a default is the tenant's
    for end in range(len(inner), 0, -1):
        prefix = inner[:end]
        if _holds(original[KEY], prefix):
            return None if _holds(tenants[where[1]], prefix) else (KEY, *prefix)
    return None


def tenant_name(original: Any, index: int) -> str:
    tenants = original.get("tenants") if isinstance(original, dict) else None
    tenant = tenants[index] if isinstance(tenants, list) and 0 <= index < len(tenants) else None
    name = tenant.get("name") if isinstance(tenant, dict) else None
    return name if isinstance(name, str) else f"tenants[{index}]"
