"""What the commands write and refuse to write. Every command that writes a file or a folder
the user names follows one rule (synthesis.safe_io.claim_file, claim_folder): it writes a new path or its own earlier output
(or, migrate --write, the file it was asked to rewrite), anything else only with --force, and never through a symbolic
link, over a FIFO or a folder, into .git/ or into synth's dist/ (--force or not). A refusal is exit 2 with one line
naming the path and the fix, and nothing anywhere is changed."""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import stat
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import EXAMPLE_DIST, EXAMPLES_DIR, ROOT, shared_dir

from karpenter_tenants.commands.cli import main
from karpenter_tenants.synthesis.safe_io import (
    MARKER,
    WRITTEN_BY,
    UnsafeOutput,
    claim_file,
    claim_folder,
    record_folder,
)


@pytest.fixture
def place(tmp_path: Path) -> Path:
    (tmp_path / "repo/.git").mkdir(parents=True)
    (tmp_path / "repo/.git/config").write_text("[core]\n")
    (tmp_path / "repo/dist/acme").mkdir(parents=True)
    (tmp_path / "repo/dist" / MARKER).write_text("synth\n")
    (tmp_path / "repo/dist/acme/aws.json").write_text("{}\n")
    (tmp_path / "repo/clusters").mkdir()
    (tmp_path / "repo/clusters/acme.yaml").write_text("cluster: {}\n")
    (tmp_path / "repo/tenants.yaml").write_text(f"{WRITTEN_BY}import: tenants\ntenants: []\n")
    (tmp_path / "outside.txt").write_text("system file\n")
    (tmp_path / "repo/link.yaml").symlink_to(tmp_path / "outside.txt")
    (tmp_path / "repo/linked-folder").symlink_to(tmp_path)
    os.mkfifo(tmp_path / "repo/fifo.yaml")
    return tmp_path / "repo"


CASES = {
    "a new path": ("new.yaml", None, True, True),
    "its own earlier output": ("tenants.yaml", None, True, True),
    "a user file": ("clusters/acme.yaml", "did not write it", False, True),
    "a symbolic link": ("link.yaml", "symbolic link", False, False),
    "a path through a linked folder": ("linked-folder/outside.txt", "symbolic link", False, False),
    "a FIFO": ("fifo.yaml", "not a regular file", False, False),
    "a directory": ("clusters", "not a regular file", False, False),
    ".git/": (".git/config", "inside a .git folder", False, False),
    "dist/": ("dist/acme/aws.json", "synth's output", False, False),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_claim_file_writes_new_files_and_its_own_and_refuses_the_rest(place: Path, case: str, monkeypatch) -> None:
    relative, refusal, allowed, allowed_with_force = CASES[case]
    monkeypatch.chdir(place)
    for force, expected in ((False, allowed), (True, allowed_with_force)):
        if expected:
            assert claim_file(Path(relative), command="import", force=force) == Path(relative)
        else:
            with pytest.raises(UnsafeOutput) as error:
                claim_file(Path(relative), command="import", force=force)
            assert refusal in str(error.value) and relative.split("/")[0] in str(error.value)
            if refusal == "did not write it":
                assert "--force" in str(error.value)


def test_another_commands_output_is_not_its_own(place: Path) -> None:
    with pytest.raises(UnsafeOutput):
        claim_file(place / "tenants.yaml", command="import-nodegroups")


def test_migrate_may_rewrite_the_file_it_was_given(place: Path) -> None:
    source = place / "clusters/acme.yaml"
    assert claim_file(source, command="migrate", source=source) == source
    with pytest.raises(UnsafeOutput):
        claim_file(place / "link.yaml", command="migrate", source=place / "link.yaml")


def test_claim_folder_takes_new_and_its_own_files_only(place: Path) -> None:
    out = place / "rendered"
    targets = claim_folder(out, ["acme/a.yaml"], command="render-chart")
    targets["acme/a.yaml"].parent.mkdir(parents=True)
    targets["acme/a.yaml"].write_text("a\n")
    record_folder(out, ["acme/a.yaml"], command="render-chart")
    assert set(claim_folder(out, ["acme/a.yaml", "acme/b.yaml"], command="render-chart")) == {
        "acme/a.yaml",
        "acme/b.yaml",
    }
    (out / "acme/mine.yaml").write_text("the user's\n")
    with pytest.raises(UnsafeOutput, match="did not write it"):
        claim_folder(out, ["acme/mine.yaml"], command="render-chart")
    assert claim_folder(out, ["acme/mine.yaml"], command="render-chart", force=True)
    with pytest.raises(UnsafeOutput, match="did not write it"):
        claim_folder(out, ["acme/a.yaml"], command="export-schemas")  # render-chart's marker, not export-schemas'
    for folder, refusal in (
        (place / "dist", "synth's output"),
        (place / ".git", ".git"),
        (place / "linked-folder", "symbolic link"),
    ):
        with pytest.raises(UnsafeOutput, match=refusal):
            claim_folder(folder, ["x.yaml"], command="render-chart", force=True)


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
    return ["import", str(MANIFEST), "--out-file", str(out), *extra]


def nodegroups_to(out: Path, *extra: str) -> list[str]:
    return ["import-nodegroups", str(NODEGROUPS), "--out-file", str(out), *extra]


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
    relative = {
        "a symbolic link": "link.yaml",
        "a FIFO": "fifo.yaml",
        "a directory": "folder",
        ".git/": ".git/acme.yaml",
        "dist/": "dist/acme.yaml",
    }[target]
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
    out = {
        "a symbolic link": repo / "link-folder",
        "a FIFO": repo / "fifo.yaml",
        ".git/": repo / ".git/out",
        "dist/": repo / "dist/out",
    }[target]
    before = snapshot(repo.parent)
    status, err = run(TREE_COMMANDS[command](out, "--force"))
    assert status == 2 and "Traceback" not in err, err
    assert snapshot(repo.parent) == before


def test_outputs_are_written_only_as_regular_files_in_place_of_links(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """import --out-file and migrate --write: never through a link (refused, exit 2, the link and its target as they
    were: the write rule); a FIFO, a device and a hard-linked file are refused (exit 2) and left as they were; an
    input that is a FIFO or a device is refused without being read."""
    manifests = ROOT / "tests/manifests/v1-basic.yaml"
    real = tmp_path / "real.yaml"
    real.write_text("old\n")
    link = tmp_path / "link.yaml"
    link.symlink_to(real)
    assert main(["import", str(manifests), "--out-file", str(link), "--force"]) == 2
    assert "is a symbolic link" in capsys.readouterr().err
    assert link.is_symlink() and real.read_text() == "old\n"
    real.write_text("# Written by karpenter-tenants import: an earlier import\n")  # its own output: may be replaced
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    hard = tmp_path / "hard.yaml"
    os.link(real, hard)
    for target, message in (
        (fifo, "is not a regular file"),
        (Path("/dev/null"), "is not a regular file"),
        (hard, "other hard link"),
    ):
        capsys.readouterr()
        assert main(["import", str(manifests), "--out-file", str(target)]) == 2
        assert message in capsys.readouterr().err
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and stat.S_ISCHR(os.stat("/dev/null").st_mode)
    # Inputs: a FIFO or /dev/zero would be read without end.
    for source in (fifo, Path("/dev/zero")):
        capsys.readouterr()
        assert main(["import", str(source)]) == 2
        assert "not a regular file" in capsys.readouterr().err
    # migrate --write through a link: refused, both as they were.
    legacy = tmp_path / "clusters-real.yaml"
    shutil.copy(EXAMPLES_DIR / "acme-legacy.yaml", legacy)
    pointer = tmp_path / "acme-legacy.yaml"
    pointer.symlink_to(legacy)
    capsys.readouterr()
    assert main(["migrate", str(pointer), "--write"]) == 2
    assert "is a symbolic link" in capsys.readouterr().err
    assert pointer.is_symlink() and legacy.read_text() == (EXAMPLES_DIR / "acme-legacy.yaml").read_text()


def test_render_chart_and_export_schemas_write_only_inside_the_folder_never_through_links(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], shared: Path
) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "v1").symlink_to(tmp_path)  # a link where a schema folder would be
    assert main(["export-schemas", str(out), "--path", str(EXAMPLE_DIST / "acme"), "--crds", str(shared)]) == 2
    assert "is a symbolic link: remove it" in capsys.readouterr().err
    assert not list(tmp_path.glob("*.json"))
    assert main(["--clusters", str(EXAMPLES_DIR), "render-chart", str(EXAMPLE_DIST), "--crds", str(shared)]) == 2
    assert "synth's output" in capsys.readouterr().err


@pytest.mark.parametrize("target", ["a symbolic link", "a FIFO", ".git/", "dist/"])
def test_fetch_reference_never_fills_a_link_a_fifo_git_or_dist(tmp_path: Path, target: str) -> None:
    """fetch-reference replaces release folders whole in the folder it fills: never one that is a link, not a folder,
    inside .git/ or synth's output (refused before anything is downloaded)."""
    import os as os_module

    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    (root / "dist").mkdir()
    (root / "dist/.karpenter-tenants").write_text("synth\n")
    (root / "elsewhere").mkdir()
    (root / "link").symlink_to(root / "elsewhere")
    os_module.mkfifo(root / "fifo")
    folder = {
        "a symbolic link": root / "link",
        "a FIFO": root / "fifo",
        ".git/": root / ".git/reference",
        "dist/": root / "dist/reference",
    }[target]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(
            [
                "fetch-reference",
                "1.14.1",
                "--reference",
                str(folder),
                "--source",
                "http://127.0.0.1:9",
                "--registry",
                "oci://127.0.0.1:9/karpenter",
                "--plain-http",
            ]
        )
    assert status == 2 and "Traceback" not in err.getvalue(), err.getvalue()
    assert not list((root / "elsewhere").iterdir()) and not (root / ".git/reference").exists()
    assert not (root / "dist/reference").exists()


@pytest.mark.parametrize("target", ["a symbolic link", "a FIFO"])
def test_docs_never_writes_through_a_link_or_over_a_fifo(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, target: str
) -> None:
    import os as os_module

    (tmp_path / "docs").mkdir()
    real = tmp_path / "elsewhere.md"
    real.write_text((ROOT / "docs/configuration.md").read_text())
    if target == "a symbolic link":
        (tmp_path / "docs/configuration.md").symlink_to(real)
    else:
        os_module.mkfifo(tmp_path / "docs/configuration.md")
    monkeypatch.chdir(tmp_path)
    before = real.read_text()
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        status = main(["docs"])
    assert status == 2 and "Traceback" not in err.getvalue(), err.getvalue()
    assert real.read_text() == before


def test_a_link_planted_at_the_temporary_name_is_replaced_never_followed(tmp_path: Path) -> None:
    """Every temp + rename writer goes through atomic_write: a symbolic link planted where it writes its temporary file
    (`.<name>.tmp-<pid>`) is removed, and the file it points to keeps its content."""
    import os

    from karpenter_tenants.synthesis.safe_io import atomic_write

    victim = tmp_path / "victim"
    victim.write_text("mine\n")
    target = tmp_path / "out.yaml"
    (tmp_path / f".out.yaml.tmp-{os.getpid()}").symlink_to(victim)
    atomic_write(target, "written\n")
    assert target.read_text() == "written\n" and victim.read_text() == "mine\n"
    assert not (tmp_path / f".out.yaml.tmp-{os.getpid()}").exists()


@pytest.mark.parametrize("command", sorted(FILE_COMMANDS))
def test_an_absolute_path_through_a_linked_folder_is_refused_as_the_relative_one_is(
    repo: Path, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    """`--out-file /abs/repo/link-folder/sub/out.yaml`: the link is two folders up; spelled absolute or relative, refused."""
    (repo.parent / "sub").mkdir()
    monkeypatch.chdir(repo)
    before = snapshot(repo.parent)
    for spelled in (repo / "link-folder/sub/out.yaml", Path("link-folder/sub/out.yaml")):
        status, err = run(FILE_COMMANDS[command](spelled, "--force"))
        assert status == 2 and "link-folder is a symbolic link" in err and len(err.strip().splitlines()) == 1, err
        assert snapshot(repo.parent) == before


@pytest.mark.parametrize("command", sorted(TREE_COMMANDS))
def test_a_folder_command_refuses_an_absolute_folder_through_a_link(repo: Path, command: str) -> None:
    (repo.parent / "sub").mkdir()
    before = snapshot(repo.parent)
    status, err = run(TREE_COMMANDS[command](repo / "link-folder/sub/out", "--force"))
    assert status == 2 and "link-folder is a symbolic link" in err, err
    assert snapshot(repo.parent) == before


@pytest.mark.parametrize("planted", ["a FIFO", "a hard link", "a folder", "a symbolic link"])
@pytest.mark.parametrize("command", sorted(TREE_COMMANDS))
def test_a_folder_commands_marker_that_is_not_its_plain_file_is_refused_before_anything_is_written(
    repo: Path, command: str, planted: str
) -> None:
    """The marker is written last: a FIFO, a hard link to the user's file, a folder or a link there is found first."""
    out = repo / "out"
    out.mkdir()
    marker = out / f".karpenter-tenants-{command}"
    if planted == "a FIFO":
        os.mkfifo(marker)
    elif planted == "a hard link":
        os.link(repo / "notes.yaml", marker)
    elif planted == "a folder":
        marker.mkdir()
    else:
        marker.symlink_to(repo / "notes.yaml")
    before = snapshot(repo.parent)
    status, err = run(TREE_COMMANDS[command](out, "--force"))
    assert status == 2 and "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    assert snapshot(repo.parent) == before


@pytest.mark.parametrize("planted", ["a dangling link", "a link to the user's file", "a FIFO"])
def test_synths_lock_is_never_taken_through_a_link_or_on_a_fifo(tmp_path: Path, planted: str) -> None:
    """`.dist.lock` beside the output folder: a dangling link there would have created its target."""
    lock = tmp_path / ".dist.lock"
    victim = tmp_path / "victim"
    if planted == "a dangling link":
        lock.symlink_to(victim)
    elif planted == "a link to the user's file":
        victim.write_text("mine\n")
        lock.symlink_to(victim)
    else:
        os.mkfifo(lock)
    before = snapshot(tmp_path)
    status, err = run(["--clusters", str(EXAMPLES_DIR), "synth", "--dist", str(tmp_path / "dist")])
    assert status == 2 and ".dist.lock" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize("spelled", ["relative", "absolute"])
def test_synth_never_writes_a_folder_reached_through_a_linked_folder(
    repo: Path, monkeypatch: pytest.MonkeyPatch, spelled: str
) -> None:
    """`synth --dist link-folder/dist`: the link is above the output folder, not the folder itself."""
    monkeypatch.chdir(repo)
    before = snapshot(repo.parent)
    out = Path("link-folder/dist") if spelled == "relative" else repo / "link-folder/dist"
    status, err = run(["--clusters", str(EXAMPLES_DIR), "synth", "--dist", str(out)])
    assert status == 2 and "link-folder is a symbolic link" in err and len(err.strip().splitlines()) == 1, err
    assert snapshot(repo.parent) == before


@pytest.mark.parametrize("command", sorted(TREE_COMMANDS))
def test_a_folder_command_never_replaces_a_hard_linked_file_in_its_folder(repo: Path, command: str) -> None:
    """A file it wrote, hard-linked since to the user's file: replacing it would split the two, so it is refused
    (even with --force) before anything is written."""
    out = repo / "out"
    assert run(TREE_COMMANDS[command](out))[0] == 0
    victim = sorted(p for p in snapshot(out) if p.endswith((".yaml", ".json")) and not p.startswith("."))[0]
    (out / victim).unlink()
    os.link(repo / "notes.yaml", out / victim)
    before = snapshot(repo.parent)
    status, err = run(TREE_COMMANDS[command](out, "--force"))
    assert status == 2 and "other hard links" in err and len(err.strip().splitlines()) == 1, err
    assert snapshot(repo.parent) == before


def test_verify_claims_its_markdown_file_before_any_step_runs(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`verify --plan-markdown clusters/acme.yaml`: refused at once (exit 2), before check, validate or plan run."""
    monkeypatch.chdir(repo)
    before = snapshot(repo.parent)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["--clusters", "clusters", "verify", "--plan-markdown", "clusters/acme.yaml"])
    assert status == 2 and "did not write it" in err.getvalue() and "== verify" not in out.getvalue(), err.getvalue()
    assert snapshot(repo.parent) == before


def test_synth_refuses_an_output_folder_named_through_dot_dot(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`--dist dist/acme/..` is dist/ by another name: its cache would land inside dist/acme (beside `..`)."""
    monkeypatch.chdir(repo)
    before = snapshot(repo.parent)
    status, err = run(["--clusters", str(EXAMPLES_DIR), "synth", "--dist", "dist/acme/.."])
    assert status == 2 and "`..` after a folder's name" in err and len(err.strip().splitlines()) == 1, err
    assert snapshot(repo.parent) == before
    assert run(["--clusters", str(EXAMPLES_DIR), "synth", "--dist", "../repo/dist"])[0] == 0  # a leading `..`: fine
