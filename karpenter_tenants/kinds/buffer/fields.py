"""Where a tenant's CapacityBuffers are written (the install order, kinds.gitops.stages, applies that folder)."""

from __future__ import annotations

LAYER = "config"  # this module's layer (kinds/__init__.py)


def folder(tenant: str) -> str:
    """The folder of dist/<cluster>/ of this tenant's CapacityBuffers and their PodTemplates."""
    return f"tenants/{tenant}/buffers"
