"""`plan` of a change to a cluster file's `tenantDefaults:` (config.tenant_defaults): one line per default that
changed, naming the tenants it reaches — those that inherit it whole, those that merge it with a mapping of their own,
and those that set their own and are untouched — so an AMI roll across 40 customers reads as one line above the 40
EC2NodeClass drifts it causes.

Reads both revisions' cluster files as plain data (a committed file the config model of this revision may no longer
accept); never fails the plan. Imports config.yaml_input and config.tenant_defaults (the merge)."""

from __future__ import annotations

import json
import re
from typing import Any

from karpenter_tenants.config.listing import first_few
from karpenter_tenants.config.tenant_defaults import merged

KEY = "tenantDefaults"
MAX_LINES = 20  # a base revision's file may hold any number of keys


def _read(text: str | None, name: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    from karpenter_tenants.config.yaml_input import InputError, load_document

    if not text or KEY not in text and "tenants" not in text:
        return {}, []
    try:
        data = load_document(text, name).data
    except InputError:
        return {}, []
    if not isinstance(data, dict):
        return {}, []
    defaults = data.get(KEY) if isinstance(data.get(KEY), dict) else {}
    tenants = (
        sorted(
            (t for t in data.get("tenants") or [] if isinstance(t, dict) and isinstance(t.get("name"), str)),
            key=lambda t: t["name"],
        )
        if isinstance(data.get("tenants"), list)
        else []
    )
    return defaults, tenants


def defaults_lines(base_text: str | None, head_text: str | None, name: str) -> list[str]:
    """One line per key of tenantDefaults that differs between base and head (none when neither has any)."""
    old, _ = _read(base_text, f"{name} at the base")
    new, tenants = _read(head_text, name)
    lines = []
    changed = [key for key in sorted(set(old) | set(new), key=str) if old.get(key) != new.get(key)]
    for key in changed[:MAX_LINES]:
        what = "added" if key not in old else "removed" if key not in new else "changed"
        inherit = [t["name"] for t in tenants if key not in t]
        # a tenant that writes the field is reached where its merged value differs (a mapping of its own that leaves
        # some of the default's keys), untouched where it is the same either way
        merge = [
            t["name"]
            for t in tenants
            if key in t
            and merged({key: old[key]} if key in old else {}, {key: t[key]})
            != merged({key: new[key]} if key in new else {}, {key: t[key]})
        ]
        own = [t["name"] for t in tenants if key in t and t["name"] not in merge]
        parts = [
            f"{len(inherit)} tenant{'s' if len(inherit) != 1 else ''} inherit{'s' if len(inherit) == 1 else ''} "
            f"it{f' ({first_few(inherit)})' if inherit else ''}"
        ]
        if merge:
            parts.append(f"{len(merge)} merge it with their own ({first_few(merge)})")
        if own:
            parts.append(f"{len(own)} set their own and are unchanged by it ({first_few(own)})")
        lines.append(f"`{KEY}.{_shown(key)}` {what}: {'; '.join(parts)}")
    if len(changed) > MAX_LINES:
        lines.append(f"`{KEY}.…`: {len(changed) - MAX_LINES} more fields changed")
    return lines


def _shown(key: Any) -> str:
    """A key as a plan line may print it: a tenant field's name as it is; anything else (a key the base revision's
    file holds that no tenant field has) quoted, one line, at most 64 characters."""
    text = str(key)
    if re.fullmatch(r"[A-Za-z][A-Za-z0-9]{0,63}", text):
        return text
    return json.dumps(text[:64] + ("…" if len(text) > 64 else ""))
