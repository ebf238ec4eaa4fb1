"""Where the cluster-wide NodeOverlays are written (the install order, kinds.gitops.stages, applies that folder; a
tenant's own overlays go with its node pools)."""

from __future__ import annotations

LAYER = "config"  # this module's layer (kinds/__init__.py)

FOLDER = "overlays"
