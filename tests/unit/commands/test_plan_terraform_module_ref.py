"""After `make upgrade` moves requirements.txt to a new version, the Terraform root `init` wrote (terraform/main.tf,
the product's module by `?ref=v<version>`) still pins the old ref: `plan` (and so `verify`) says so, once, in a note
after its heading, never as a finding or a gate failure (issue 53 item 8a)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from conftest import BASE_V1, write_cluster

from karpenter_tenants import SOURCE, __version__
from karpenter_tenants.commands.cli import main
from karpenter_tenants.scaffold import module_source
from karpenter_tenants.scaffold.terraform_ref import product_ref, stale_module_refs

NOTE = "the Terraform module is not at this version"


def git(repo: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", *args], cwd=repo, check=True, capture_output=True
    )


def root_module(source: str) -> str:
    return f'module "karpenter_acme" {{\n  source = "{source}"\n\n  aws_file = "${{path.root}}/../dist/acme/aws.json"\n}}\n'


@pytest.fixture(scope="module")
def repository(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A team's repository: the cluster synthesized and committed, terraform/main.tf as init writes it."""
    repo = tmp_path_factory.mktemp("team")
    write_cluster(repo / "clusters", BASE_V1)
    assert main(["--clusters", str(repo / "clusters"), "synth", "--dist", str(repo / "dist")]) == 0
    (repo / "terraform").mkdir()
    (repo / "terraform/main.tf").write_text(root_module(module_source()))
    git(repo, "init", "-q")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "base")
    return repo


def plan(
    repo: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *extra: str
) -> tuple[int, str]:
    monkeypatch.chdir(repo)
    capsys.readouterr()
    status = main(["plan", "--base", "HEAD", "--fail-on", "destructive", *extra])
    return status, capsys.readouterr().out


def test_plan_notes_once_that_the_modules_ref_is_not_the_installed_version(
    repository: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    main_tf = repository / "terraform/main.tf"
    before = main_tf.read_text()
    try:
        main_tf.write_text(before.replace(f"?ref=v{__version__}", "?ref=v0.1.0"))
        (repository / "terraform/extra.tf").write_text(root_module(module_source()))  # at this version: not named
        status, out = plan(repository, monkeypatch, capsys)
        assert status == 0  # a note, not a gate
        assert out.count(NOTE) == 1, out
        heading, note = out.split("\n\n")[:2]
        assert heading.startswith("## Karpenter plan against") and NOTE in note
        assert "`terraform/main.tf` at `ref=v0.1.0`" in note and f"?ref=v{__version__}" in note
        assert "extra.tf" not in note
    finally:
        main_tf.write_text(before)
        (repository / "terraform/extra.tf").unlink(missing_ok=True)


@pytest.mark.parametrize(
    "source",
    [
        module_source(),
        str(Path("../modules/karpenter")),
        "git::https://github.com/someone-else/karpenter-tenants.git//terraform?ref=v0.0.1",
    ],
)
def test_plan_says_nothing_when_the_module_is_at_this_version_or_not_the_products(
    source: str, repository: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    main_tf = repository / "terraform/main.tf"
    before = main_tf.read_text()
    try:
        main_tf.write_text(root_module(source))
        status, out = plan(repository, monkeypatch, capsys)
        assert status == 0 and NOTE not in out, out
    finally:
        main_tf.write_text(before)


def test_the_products_source_in_each_spelling_terraform_takes() -> None:
    repository = SOURCE.removeprefix("https://")
    assert product_ref(module_source()) == f"v{__version__}"
    assert product_ref(f"{repository}//terraform?ref=v0.1.0") == "v0.1.0"
    assert product_ref(f"git@{repository.replace('/', ':', 1)}.git//terraform?ref=main&depth=1") == "main"
    assert product_ref(f"git::ssh://git@{repository.upper()}.git//terraform") == ""  # no ref: the default branch
    assert product_ref(f"git::https://{repository}-fork.git//terraform?ref=v1") is None
    assert product_ref("./modules/karpenter") is None


def test_what_a_pull_request_commits_there_is_read_safely(tmp_path: Path) -> None:
    (tmp_path / "terraform").mkdir()
    elsewhere = tmp_path / "elsewhere.tf"
    elsewhere.write_text(root_module(module_source().replace(f"v{__version__}", "v0.0.1")))
    (tmp_path / "terraform/link.tf").symlink_to(elsewhere)  # a link is not followed
    (tmp_path / "terraform/huge.tf").write_text(
        root_module("git::" + SOURCE + ".git//terraform?ref=v0") + " " * (2 << 20)
    )
    assert stale_module_refs(tmp_path) == []
    (tmp_path / "terraform/odd.tf").write_text(root_module(SOURCE + ".git//terraform?ref=`$(x)`"))
    from karpenter_tenants.scaffold.terraform_ref import module_ref_note

    note = module_ref_note(tmp_path)
    assert "$(x)" not in note and "at a ref" in note  # a ref from a file is shown only when plain
