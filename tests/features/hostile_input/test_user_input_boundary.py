"""The suite's boundary with the user's input: only tests/product/test_user_clusters.py reads clusters/ and dist/, which is
what lets .ci/user-clusters.sh (the suite's second pass, with clusters/ replaced by a user's own) run that module
alone. conftest's audit hook sees each read; these tests check that it does."""

from __future__ import annotations

import os

import conftest
from conftest import ROOT


def _seen(event: str, *args: object) -> list[str]:
    conftest._USER_INPUT_READS.clear()
    conftest._note_user_input_read(event, args)
    seen = list(conftest._USER_INPUT_READS)
    conftest._USER_INPUT_READS.clear()
    return seen


def test_a_read_of_clusters_or_dist_is_seen_by_any_route() -> None:
    assert _seen("open", str(ROOT / "clusters/acme.yaml"), "r", 0) == [str(ROOT / "clusters/acme.yaml")]
    assert _seen("os.scandir", ROOT / "dist") == [str(ROOT / "dist")]
    assert _seen("os.listdir", os.fsencode(ROOT / "dist/acme")) == [str(ROOT / "dist/acme")]
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        assert _seen("open", "dist/acme/kustomization.yaml", "r", 0) == [str(ROOT / "dist/acme/kustomization.yaml")]
    finally:
        os.chdir(cwd)


def test_other_folders_and_look_alikes_are_not_user_input() -> None:
    assert _seen("open", str(ROOT / "tests/fixtures/clusters/acme.yaml"), "r", 0) == []
    assert _seen("open", str(ROOT / "distribution.txt"), "r", 0) == []
    assert _seen("open", 3, "r", 0) == []
    assert _seen("exec", str(ROOT / "dist")) == []
