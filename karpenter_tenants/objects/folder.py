"""The one kind of cdk8s Chart synth writes: a Chart whose objects go to one folder of dist/<cluster>/.

Every chart of this product is a `FolderChart`; a chart a user nests inside one (a plain cdk8s `Chart`)
writes its objects to the same folder (synthesis.render finds the nearest FolderChart above it)."""

from __future__ import annotations

from cdk8s import Chart
from constructs import Construct

from karpenter_tenants.objects.common import MANAGED_BY


class FolderChart(Chart):
    """A cdk8s Chart labelled as this product's, without name hashes (every object names itself), whose objects
    synth writes to `dist/<cluster>/<folder>/`, one file each."""

    def __init__(self, scope: Construct, id: str, *, folder: str, namespace: str | None = None) -> None:
        super().__init__(scope, id, labels=dict(MANAGED_BY), namespace=namespace, disable_resource_name_hashes=True)
        self.folder = folder


def folder_of(chart: Chart) -> str | None:
    """The folder a chart's objects go to: its own (a FolderChart) or the nearest FolderChart's above it."""
    scope: Construct | None = chart
    while scope is not None:
        if isinstance(scope, FolderChart):
            return scope.folder
        scope = scope.node.scope
    return None
