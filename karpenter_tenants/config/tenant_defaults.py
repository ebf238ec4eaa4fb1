"""`tenantDefaults:` of a cluster file: tenant fields every tenant starts from, each tenant overriding. Applied to the
document as read, before validation, so a tenant is validated, synthesized and fingerprinted (synthesis.parts) exactly as
if it had written the merged fields itself:

- mappings merge key by key, recursively (a tenant's `disruption: {expireAfter: Never}` keeps the default's
  consolidationPolicy); any other value — a list, a string, a number — replaces the default's whole, and `null`
  removes it (`labels: null`: none of the default labels);
- `name`, `namespaces` and `pools` are each tenant's own and refused here;
- a problem in a field a tenant inherited is reported once, at `tenantDefaults.<field>` (its line), naming the
  tenants that inherit it; a problem in what a tenant wrote stays at `tenants[i]`.

Imports config.rules' Problem type and config.yaml_input's node limit."""

from __future__ import annotations

from typing import Any

from karpenter_tenants.config.rules import Problem
from karpenter_tenants.config.yaml_input import MAX_NODES

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
        return rest, [
            (
                (KEY,),
                f"expected a mapping of tenant fields (ami, requirements, disruption, limits, ...), "
                f"got {type(defaults).__name__}",
            )
        ]
    problems: list[Problem] = [
        ((KEY, key), f"{key} is each tenant's own: set it in tenants[], not in {KEY}") for key in OWN if key in defaults
    ]
    defaults = {key: value for key, value in defaults.items() if key not in OWN}
    tenants = rest.get("tenants")
    if isinstance(tenants, list) and defaults:
        # the file's node limit holds for what it means, not only for what it spells: defaults copied into every
        # tenant are counted as written out (an alias bomb through tenantDefaults is one too)
        size, inheriting = _nodes(defaults, MAX_NODES), sum(1 for tenant in tenants if isinstance(tenant, dict))
        if size * inheriting > MAX_NODES:
            problems.append(
                (
                    (KEY,),
                    f"{size:,} values inherited by {inheriting:,} tenants are more than the "
                    f"{MAX_NODES:,} a cluster file may hold written out: shorten the defaults",
                )
            )
            return rest, problems
        rest["tenants"] = [merged(defaults, tenant) if isinstance(tenant, dict) else tenant for tenant in tenants]
    return rest, problems


def _nodes(value: Any, cap: int) -> int:
    """How many values value holds (itself included), counted up to cap."""
    count, stack = 0, [value]
    while stack and count <= cap:
        item = stack.pop()
        count += 1
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return count


def _step(value: Any, part: str | int) -> tuple[bool, Any]:
    """value[part] when value holds it (a key the error path spells as text, such as null's 'None', matched too)."""
    if isinstance(value, dict):
        if part in value:
            return True, value[part]
        spelt = [key for key in value if str(key) == str(part)]
        return (True, value[spelt[0]]) if len(spelt) == 1 else (False, None)
    if isinstance(value, list) and isinstance(part, int) and 0 <= part < len(value):
        return True, value[part]
    return False, None


def _holds(value: Any, path: PathKey) -> bool:
    for part in path:
        found, value = _step(value, part)
        if not found:
            return False
    return True


def _own_whole(tenant: Any, path: PathKey) -> bool:
    """Whether the tenant wrote a value other than a mapping somewhere along path: merging replaced the default's
    there, so whatever lies below is the tenant's own (a list of taints it wrote, not the default's)."""
    value = tenant
    for part in path:
        if not isinstance(value, dict):
            return True
        found, value = _step(value, part)
        if not found:
            return False
    return not isinstance(value, dict)


def inherited(original: Any, where: PathKey) -> PathKey | None:
    """For a problem at where (tenants[i]...) in the merged document: the tenantDefaults path it came from, when the
    tenant did not write that path and the defaults did; else None (the problem stays where it is)."""
    if (
        not isinstance(original, dict)
        or not isinstance(original.get(KEY), dict)
        or len(where) < 3
        or where[0] != "tenants"
    ):
        return None
    tenants = original.get("tenants")
    if not isinstance(tenants, list) or not isinstance(where[1], int) or not 0 <= where[1] < len(tenants):
        return None
    inner, tenant = where[2:], tenants[where[1]]
    # the longest prefix the defaults hold and the tenant does not: a wrong key deep inside a default mapping is
    # the default's, a wrong value the tenant wrote over a default (or a list it wrote whole) is the tenant's
    for end in range(len(inner), 0, -1):
        prefix = inner[:end]
        if _holds(original[KEY], prefix):
            if _holds(tenant, prefix) or _own_whole(tenant, prefix):
                return None
            return (KEY, *_keys_along(original[KEY], prefix))
    return None


def _keys_along(defaults: Any, path: PathKey) -> PathKey:
    """path as the defaults spell it (a null key as None, not 'None')."""
    spelt: list[str | int] = []
    value = defaults
    for part in path:
        if isinstance(value, dict) and part not in value:
            part = next((key for key in value if str(key) == str(part)), part)
        spelt.append(part)
        _, value = _step(value, part)
    return tuple(spelt)


def _tenant(original: Any, index: int) -> dict[str, Any]:
    """tenants[index] as written ({} when there is no such mapping)."""
    tenants = original.get("tenants") if isinstance(original, dict) else None
    tenant = tenants[index] if isinstance(tenants, list) and 0 <= index < len(tenants) else None
    return tenant if isinstance(tenant, dict) else {}


def tenant_name(original: Any, index: int) -> str:
    name = _tenant(original, index).get("name")
    return name if isinstance(name, str) else f"tenants[{index}]"


def namespaces_of(original: Any, index: int) -> list[str]:
    """The namespaces tenants[index] writes (to say an inherited problem once for every tenant)."""
    namespaces = _tenant(original, index).get("namespaces")
    return (
        sorted((n for n in namespaces if isinstance(n, str) and n), key=len, reverse=True)
        if isinstance(namespaces, list)
        else []
    )
