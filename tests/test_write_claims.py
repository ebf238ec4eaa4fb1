"""The one rule of every command that writes (synth.safe_io.claim_file, claim_folder): a new file, its own earlier
output, or (migrate --write) the file it was asked to rewrite; anything else only with --force; never through a
symbolic link, over what is not a regular file, into .git/ or into synth's output, --force or not."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from synth.safe_io import MARKER, WRITTEN_BY, UnsafeOutput, claim_file, claim_folder, record_folder


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
    assert set(claim_folder(out, ["acme/a.yaml", "acme/b.yaml"], command="render-chart")) == {"acme/a.yaml", "acme/b.yaml"}
    (out / "acme/mine.yaml").write_text("the user's\n")
    with pytest.raises(UnsafeOutput, match="did not write it"):
        claim_folder(out, ["acme/mine.yaml"], command="render-chart")
    assert claim_folder(out, ["acme/mine.yaml"], command="render-chart", force=True)
    with pytest.raises(UnsafeOutput, match="did not write it"):
        claim_folder(out, ["acme/a.yaml"], command="export-schemas")  # render-chart's marker, not export-schemas'
    for folder, refusal in ((place / "dist", "synth's output"), (place / ".git", ".git"), (place / "linked-folder", "symbolic link")):
        with pytest.raises(UnsafeOutput, match=refusal):
            claim_folder(folder, ["x.yaml"], command="render-chart", force=True)
