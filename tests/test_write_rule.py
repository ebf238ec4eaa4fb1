"""Every command that writes a file or a folder the user names follows one rule (synth.safe_io.claim_file,
claim_folder): it writes a new path or its own earlier output, anything else only with --force, and never through a
symbolic link, over a FIFO or a folder, into .git/ or into synth's dist/ (--force or not). A refusal is exit 2 with
one line naming the path and the fix, and nothing anywhere is changed."""

from __future__ import annotations

import contextlib
import io
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import EXAMPLE_DIST, EXAMPLES_DIR, ROOT, shared_dir

from commands.cli import main

MANIFEST = ROOT / "tests/manifests/v1-basic.yaml"
NODEGROUPS = ROOT / "tests/nodegroups/describe/delta.json"


def run(argv: list[str]) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    return status, err.getvalue()


def snapshot(root: Path) -> dict[str, bytes | str]:
    found: dict[str, bytes | str] = {}
    for top, folders, files in os.walk(root):
        for name in folders + files:
            path = Path(top) / name
            key = str(path.relative_to(root))
            if path.is_symlink():
                found[key] = "-> " + os.readlink(path)
            elif path.is_file():
                found[key] = path.read_bytes()
            elif not path.is_dir():
                found[key] = "special"
    return found


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A repository as a user has it: clusters/, dist/ written by synth, .git/, files of the user's, a link out."""
    root = tmp_path / "repo"
    shutil.copytree(EXAMPLES_DIR, root / "clusters")
    shutil.copytree(EXAMPLE_DIST, root / "dist")
    (root / ".git").mkdir()
    (root / ".git/config").write_text("[core]\n\trepositoryformatversion = 0\n")
    (root / "notes.yaml").write_text("# the user's own notes\n")
    (root / "outside").mkdir(parents=True)
    (tmp_path / "system.conf").write_text("not yours\n")
    (root / "link.yaml").symlink_to(tmp_path / "system.conf")
    (root / "link-folder").symlink_to(tmp_path)
    os.mkfifo(root / "fifo.yaml")
    (root / "folder").mkdir()
    return root


def import_to(out: Path, *extra: str) -> list[str]:
    return ["import", str(MANIFEST), "--out", str(out), *extra]


def nodegroups_to(out: Path, *extra: str) -> list[str]:
    return ["import-nodegroups", str(NODEGROUPS), "--out", str(out), *extra]


FILE_COMMANDS: dict[str, Callable[..., list[str]]] = {"import": import_to, "import-nodegroups": nodegroups_to}
# target -> (allowed without --force, allowed with --force, what the refusal says)
FILE_TARGETS = {
    "new path": ("new.yaml", True, True, None),
    "a user file": ("notes.yaml", False, True, "did not write it"),
    "a symbolic link": ("link.yaml", False, False, "symbolic link"),
    "through a linked folder": ("link-folder/system.conf", False, False, "symbolic link"),
    "a FIFO": ("fifo.yaml", False, False, "not a regular file"),
    "a directory": ("folder", False, False, "not a regular file"),
    ".git/": (".git/config", False, False, ".git"),
    "dist/": ("dist/acme/aws.json", False, False, "synth's output"),
    "the cluster file": ("clusters/acme.yaml", False, True, "did not write it"),
}


@pytest.mark.parametrize("force", [False, True], ids=["", "--force"])
@pytest.mark.parametrize("target", sorted(FILE_TARGETS))
@pytest.mark.parametrize("command", sorted(FILE_COMMANDS))
def test_a_command_writing_a_file_writes_only_where_the_rule_lets_it(
    repo: Path, monkeypatch: pytest.MonkeyPatch, command: str, target: str, force: bool
) -> None:
    monkeypatch.chdir(repo)
    relative, allowed, allowed_forced, refusal = FILE_TARGETS[target]
    before = snapshot(repo.parent)
    status, err = run(FILE_COMMANDS[command](Path(relative), *(["--force"] if force else [])))
    if allowed or (force and allowed_forced):
        assert status in (0, 1), err
        assert (repo / relative).read_text().startswith(f"# Written by karpenter-tenants {command}: ")
    else:
        assert status == 2, err
        assert refusal in err and "Traceback" not in err and len(err.strip().splitlines()) == 1, err
        assert snapshot(repo.parent) == before


@pytest.mark.parametrize("command", sorted(FILE_COMMANDS))
def test_a_command_replaces_its_own_earlier_output_but_not_the_other_commands(repo: Path, command: str) -> None:
    out = repo / "tenants.yaml"
    assert run(FILE_COMMANDS[command](out))[0] in (0, 1)
    assert run(FILE_COMMANDS[command](out))[0] in (0, 1)  # its own: replaced
    other = next(c for c in FILE_COMMANDS if c != command)
    status, err = run(FILE_COMMANDS[other](out))
    assert status == 2 and "did not write it" in err


@pytest.mark.parametrize("target", ["a symbolic link", "a FIFO", "a directory", ".git/", "dist/"])
def test_migrate_write_rewrites_its_own_input_never_through_a_link_or_into_git_or_dist(repo: Path, target: str) -> None:
    relative = {"a symbolic link": "link.yaml", "a FIFO": "fifo.yaml", "a directory": "folder", ".git/": ".git/acme.yaml",
                "dist/": "dist/acme.yaml"}[target]
    if target in (".git/", "dist/"):
        shutil.copy(repo / "clusters/acme-legacy.yaml", repo / relative)
    elif target == "a symbolic link":
        (repo / "link.yaml").unlink()
        (repo / "link.yaml").symlink_to(repo / "clusters/acme-legacy.yaml")
    before = snapshot(repo.parent)
    status, err = run(["migrate", str(repo / relative), "--write"])
    assert status == 2 and "Traceback" not in err, err
    assert snapshot(repo.parent) == before
    # and its own input, a regular file, it rewrites
    assert run(["migrate", str(repo / "clusters/acme-legacy.yaml"), "--write", "--step", "prepare"])[0] == 0


def render_chart(out: Path, *extra: str) -> list[str]:
    return ["--clusters", str(EXAMPLES_DIR), "render-chart", str(out), "--crds", str(shared_dir()), *extra]


def export_schemas(out: Path, *extra: str) -> list[str]:
    return ["export-schemas", str(out), "--path", str(EXAMPLE_DIST), "--crds", str(shared_dir()), *extra]


TREE_COMMANDS: dict[str, Callable[..., list[str]]] = {"render-chart": render_chart, "export-schemas": export_schemas}


@pytest.mark.parametrize("command", sorted(TREE_COMMANDS))
def test_a_command_writing_a_folder_writes_new_and_its_own_files_only(repo: Path, command: str) -> None:
    out = repo / "out"
    assert run(TREE_COMMANDS[command](out))[0] == 0  # a new folder
    first = snapshot(out)
    assert run(TREE_COMMANDS[command](out))[0] == 0  # its own files, again
    assert snapshot(out) == first
    victim = sorted(p for p in first if p.endswith((".yaml", ".json")) and not p.startswith("."))[0]
    (out / victim).unlink()
    (out / victim).write_text("the user's file\n")  # a user file at a path it writes, not listed by its marker...
    marker = out / f".karpenter-tenants-{command}"
    marker.write_text("\n".join(line for line in marker.read_text().splitlines() if line != victim) + "\n")
    before = snapshot(repo.parent)
    status, err = run(TREE_COMMANDS[command](out))
    assert status == 2 and "did not write it" in err and "--force" in err, err
    assert snapshot(repo.parent) == before
    assert run(TREE_COMMANDS[command](out, "--force"))[0] == 0
    assert (out / victim).read_text() != "the user's file\n"
    # a folder of the user's files, never written by it
    (repo / "mine").mkdir()
    other = TREE_COMMANDS[next(c for c in TREE_COMMANDS if c != command)]
    assert run(other(repo / "mine"))[0] == 0
    before = snapshot(repo.parent)
    status, err = run(TREE_COMMANDS[command](repo / "mine"))
    assert snapshot(repo.parent) == before or status == 0  # no overlap of names: new files only


@pytest.mark.parametrize("target", ["a symbolic link", "a FIFO", ".git/", "dist/"])
@pytest.mark.parametrize("command", sorted(TREE_COMMANDS))
def test_a_command_writing_a_folder_never_writes_through_a_link_or_into_git_or_dist(
    repo: Path, command: str, target: str
) -> None:
    out = {"a symbolic link": repo / "link-folder", "a FIFO": repo / "fifo.yaml", ".git/": repo / ".git/out",
           "dist/": repo / "dist/out"}[target]
    before = snapshot(repo.parent)
    status, err = run(TREE_COMMANDS[command](out, "--force"))
    assert status == 2 and "Traceback" not in err, err
    assert snapshot(repo.parent) == before
