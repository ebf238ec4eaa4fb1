"""The one test module that reads clusters/, the user's input, and dist/, what synth made of it: every cluster
file there synthesizes, the committed dist/ is exactly what synth writes from them, and `validate` is clean.
The rest of the suite runs on the product's own examples (tests/fixtures/clusters), so it passes whatever
clusters a user keeps (.ci/user-clusters.sh proves it: the suite again with clusters/ replaced)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import ROOT

from karpenter_tenants.commands.cli import main
from karpenter_tenants.config.loader import load_clusters
from karpenter_tenants.synthesis.render import read_tree, render

CLUSTERS, DIST = ROOT / "clusters", ROOT / "dist"


def test_every_cluster_file_synthesizes_and_the_committed_dist_is_current() -> None:
    clusters = load_clusters(CLUSTERS)
    assert clusters, "clusters/ holds no cluster file"
    expected = render(clusters)
    committed = read_tree(DIST)
    stale = sorted(path for path in set(committed) | set(expected) if committed.get(path) != expected.get(path))
    assert stale == [], f"dist/ is stale ({len(stale)} files, e.g. {stale[:3]}): run `make synth` and commit dist/"


def test_validate_is_clean_on_the_users_clusters(shared: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["--clusters", str(CLUSTERS), "validate", str(DIST), "--crds", str(shared)])
    out = capsys.readouterr().out
    assert status == 0, out
