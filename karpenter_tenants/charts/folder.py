"""The folder chart's old address, kept for a platform team's extensions (docs/extending.md): `FolderChart` and
`folder_of` live in objects/folder.py, below kinds/, whose constructs write into one; the product imports them from
there. Imports objects.folder only."""

from __future__ import annotations

from karpenter_tenants.objects.folder import FolderChart, folder_of

__all__ = ["FolderChart", "folder_of"]
