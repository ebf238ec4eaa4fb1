"""Option values a command cannot use are usage errors (exit 2, argparse's one error line naming the option), never an
internal error and never taken as if the option were absent: an empty `--base` or `--to`, a `--kubernetes-version`
that is not 1.<minor> with known schemas."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest
from conftest import EXAMPLE_DIST, EXAMPLES_DIR, shared_dir

from karpenter_tenants.commands.cli import main


def run(argv: list[str]) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as exit:  # argparse's usage errors
            status = int(exit.code or 0)
    return status, err.getvalue()


@pytest.mark.parametrize("value", ["x.y", "9.99", "1.0", "", "1.33.1", "2.1", " "])
@pytest.mark.parametrize("command", ["validate", "export-schemas"])
def test_a_kubernetes_version_without_known_schemas_is_a_usage_error(tmp_path: Path, command: str, value: str) -> None:
    folder = tmp_path / "manifests"
    (folder / "base").mkdir(parents=True)
    (folder / "base/ns.yaml").write_text((EXAMPLE_DIST / "acme/base/namespace-karpenter.yaml").read_text())
    argv = {
        "validate": ["validate", str(folder), "--crds", str(shared_dir())],
        "export-schemas": ["export-schemas", str(tmp_path / "out"), "--path", str(folder), "--crds", str(shared_dir())],
    }[command]
    status, err = run([*argv, "--kubernetes-version", value])
    assert status == 2 and "argument --kubernetes-version" in err and "1.25 to 1.37" in err, err
    assert "internal error" not in err and not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    "argv",
    [
        ["plan", "--base", ""],
        ["validate", "--base", ""],
        ["verify", "--base", " "],
        ["migrate", str(EXAMPLES_DIR / "acme-legacy.yaml"), "--to", ""],
    ],
    ids=["plan", "validate", "verify", "migrate"],
)
def test_an_empty_revision_or_release_is_a_usage_error_not_the_default(argv: list[str]) -> None:
    status, err = run(argv)
    assert status == 2 and ("an empty revision" in err or "an empty release" in err), err


@pytest.mark.parametrize(
    ("argv", "option", "said"),
    [
        (["plan", "--workloads-dir", ""], "--workloads-dir", "an empty folder name would mean the current folder"),
        (["verify", "--workloads-dir", ""], "--workloads-dir", "an empty folder name would mean the current folder"),
        (["plan", "--dist", ""], "--dist", "an empty folder name would mean the current folder"),
        (["render-chart", ""], "out", "an empty folder name would mean the current folder"),
        (["export-schemas", ""], "out", "an empty folder name would mean the current folder"),
        # round 9 (r9-fetchref-006): fetch-reference filled the working folder (and kept ./karpenter on failure)
        (["fetch-reference", "--reference", ""], "--reference", "an empty folder name would mean the current folder"),
        (["snapshot", "--out", ""], "--out", "an empty folder name would mean the current folder"),
        (["init", ""], "DIR", "an empty folder name would mean the current folder"),
        (["import", "in.yaml", "--out-file", ""], "--out-file", "an empty file name"),  # said `. is not a regular file`
        (["synth", "--jobs", "-1"], "--jobs", "from 0 (one per CPU) to 1024 processes"),  # ran as 1 without a word
        (["init", "r", "--karpenter-version", ""], "--karpenter-version", "an empty release"),  # was the default
        (["plan", "--dist", "-"], "--dist", "-: standard input is no folder"),
        (["status", "--dist", "-"], "--dist", "-: standard input is no folder"),
        (["plan", "--workloads-dir", "-"], "--workloads-dir", "-: standard input is no folder"),
    ],
)
def test_an_empty_or_dash_folder_is_a_usage_error_naming_the_option(
    argv: list[str], option: str, said: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--workloads-dir ''` read the working folder's *.json (Path('') is `.`), `--dist -` a folder named `-`: each is
    refused naming the option, as a file option refuses `-` (issue 56)."""
    monkeypatch.chdir(tmp_path)
    status, err = run(argv)
    assert status == 2 and f"argument {option}" in err and said in err, err
    assert len(err.splitlines()) == 1


def test_plan_outside_a_git_repository_is_one_line_naming_the_folder_and_the_fix(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """git's own answer was two lines (`fatal: not a git repository ...` and `Stopping at filesystem boundary ...`),
    naming neither the folder nor the fix."""
    from conftest import cluster_dict, write_cluster

    write_cluster(tmp_path / "clusters", cluster_dict())
    (tmp_path / "dist").mkdir()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path.parent))  # no repository above the test's folder
    status, err = run(["plan", "--base", "HEAD", "--dist", "dist"])
    assert status == 2
    assert err == (
        "error: --dist dist: not in a git repository: plan compares the folder synth wrote with a git revision "
        "(--base, default the merge base with origin/main); run plan in the clone that holds it\n"
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["plan", "--nodes", "a\x1b[31mb\n## merged.json"],
        ["plan", "--workloads", "w\x1b]0;owned\x07.json"],
        ["plan", "--prices", "p\r\x1b[2K.json", "--workloads", "w.json"],
        ["status", "--dist", "d\x1b[31m"],
    ],
    ids=["nodes", "workloads", "prices", "status-dist"],
)
def test_a_path_typed_with_control_characters_is_echoed_as_one_line_without_them(
    argv: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A path (or any value) typed with ESC, BEL, CR or a newline is echoed with spaces in their place, as every value
    from a file is (config.listing.one_line): one line that cannot drive the terminal."""
    from conftest import cluster_dict, write_cluster

    write_cluster(tmp_path / "clusters", cluster_dict())
    monkeypatch.chdir(tmp_path)
    status, err = run(argv)
    assert status == 2 and err.startswith("error: "), err
    assert len(err.splitlines()) == 1 and not any(c in err for c in "\x1b\x07\r"), repr(err)
