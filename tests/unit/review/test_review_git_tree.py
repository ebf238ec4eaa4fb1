"""review/git_tree.py: dist/ as it was at a git revision: only the files whose content differs from what plan has
are read (one `git cat-file --batch`), and a revision or folder git cannot give is a PlanError that says what to do."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from karpenter_tenants.review.git_tree import PlanError, merge_base, tree_at_revision


def git(root: Path, *args: str) -> str:
    command = ["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@example.com", *args]
    return subprocess.run(command, check=True, capture_output=True, text=True).stdout


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    git(tmp_path, "init", "-q")
    (tmp_path / "dist/acme").mkdir(parents=True)
    (tmp_path / "dist/acme/a.yaml").write_text("kind: A\n")
    (tmp_path / "dist/acme/b.yaml").write_text("kind: B\n")
    (tmp_path / "README").write_text("x\n")
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-qm", "base")
    return tmp_path


def test_the_files_at_a_revision_are_keyed_by_their_path_below_the_folder(repo: Path) -> None:
    assert tree_at_revision(repo / "dist", "HEAD") == ({"acme/a.yaml": "kind: A\n", "acme/b.yaml": "kind: B\n"}, set())


def test_a_file_plan_has_with_the_same_content_is_not_read_but_named_same(repo: Path) -> None:
    files, same = tree_at_revision(repo / "dist", "HEAD", {"acme/a.yaml": "kind: A\n", "acme/b.yaml": "kind: C\n"})
    assert files == {"acme/b.yaml": "kind: B\n"} and same == {"acme/a.yaml"}


def test_a_folder_the_revision_does_not_have_is_empty_so_everything_is_added(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert tree_at_revision(repo / "new-dist", "HEAD") == ({}, set())
    assert "does not exist at HEAD: every object is new" in capsys.readouterr().err


def test_an_unknown_revision_or_the_repositorys_root_is_a_plan_error_saying_what_to_pass(repo: Path) -> None:
    with pytest.raises(PlanError, match="--base nope: no such commit .* `git fetch origin nope`"):
        tree_at_revision(repo / "dist", "nope")
    with pytest.raises(PlanError, match="pass --dist with the output folder"):
        tree_at_revision(repo, "HEAD")


def test_the_merge_base_with_an_upstream_is_a_commit_and_without_one_a_plan_error(repo: Path) -> None:
    git(repo, "branch", "upstream")
    assert merge_base(repo, "upstream") == git(repo, "rev-parse", "HEAD").strip()
    with pytest.raises(PlanError, match="git merge-base origin/main HEAD"):
        merge_base(repo)
