"""Where a tenant's ResourceQuotas are written (the install order, kinds.gitops.stages, applies that folder)."""

from __future__ import annotations

LAYER = "config"  # this module's layer (kinds/__init__.py)


def folder(tenant: str) -> str:
    """The folder of dist/<cluster>/ of this tenant's ResourceQuotas."""
    return f"tenants/{tenant}/quota"
