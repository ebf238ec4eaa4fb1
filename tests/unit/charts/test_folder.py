"""charts/folder.py: the old address of FolderChart, which docs/extending.md gave a platform team's extensions (their
main.py may import it), still names the one class the product writes with (objects.folder, below kinds/)."""

from __future__ import annotations

from cdk8s import App, Chart


def test_the_extension_path_names_the_products_folder_chart() -> None:
    from karpenter_tenants.charts import folder as old
    from karpenter_tenants.objects import folder as new

    assert old.FolderChart is new.FolderChart and old.folder_of is new.folder_of
    app = App()
    parent = old.FolderChart(app, "base", folder="base")
    nested = Chart(parent, "team")  # a user's plain Chart nested in one of ours writes to our folder
    assert new.folder_of(nested) == "base"
