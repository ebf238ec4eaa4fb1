"""`python main.py fetch-reference` fills the reference data the commands read, with the Helm SDK and HTTP, from
upstream as mirrored on 127.0.0.1 from ../shared (tests/support/reference_mirror.py): the result is ../shared's layout and
bytes; a failed download half way leaves what was there (no half folder); the commands read the fetched folder when
../shared is not beside the repository."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.reference_mirror import oci_registry, raw_server

import karpenter_tenants.reference.shared
from karpenter_tenants.commands.cli import main
from karpenter_tenants.config.versions import REFERENCE_VERSIONS
from karpenter_tenants.reference.shared import reference_cache

VERSIONS = list(REFERENCE_VERSIONS)


def tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def fetch(dest: Path, registry: str, source: str, *versions: str) -> int:
    return main(
        [
            "fetch-reference",
            *versions,
            "--reference",
            str(dest),
            "--registry",
            f"oci://{registry}/karpenter",
            "--plain-http",
            "--source",
            source,
        ]
    )


@pytest.fixture(scope="module")
def mirrors(shared: Path):  # noqa: ANN201 - (registry host, raw URL)
    with oci_registry(shared, VERSIONS) as registry, raw_server(shared, VERSIONS) as source:
        yield registry, source


def test_fetch_reference_gives_the_reference_data_as_upstream_has_it(
    tmp_path: Path, shared: Path, mirrors: tuple[str, str]
) -> None:
    dest = tmp_path / "reference"
    assert fetch(dest, *mirrors, *VERSIONS) == 0
    for version in VERSIONS:
        for part in ("karpenter", "karpenter-crd", "iam", "docs", "reference"):
            ours, theirs = dest / f"karpenter/v{version}/{part}", shared / f"karpenter/v{version}/{part}"
            assert ours.is_dir() == theirs.is_dir(), (version, part)
            if theirs.is_dir():
                assert tree(ours) == tree(theirs), (version, part)
    assert tree(dest / "crds") == tree(shared / "crds")
    # What validate reads of it: the same findings as with ../shared.
    assert not [p for p in tmp_path.rglob(".*") if ".fetch-" in p.name or ".old-" in p.name]


def test_the_fetched_folder_is_what_the_commands_read_without_shared_beside_the_repository(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mirrors: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("KARPENTER_TENANTS_SHARED", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(karpenter_tenants.reference.shared, "REPOSITORY_ROOT", tmp_path / "clone" / "karpenter-tenants")
    (tmp_path / "clone" / "karpenter-tenants").mkdir(parents=True)
    monkeypatch.chdir(tmp_path / "clone" / "karpenter-tenants")  # the repository the command runs in: no ../shared
    assert (
        karpenter_tenants.reference.shared.shared_dir() == tmp_path / "clone" / "shared"
    )  # neither there: the message names ../shared
    assert (
        main(
            [
                "fetch-reference",
                "--registry",
                f"oci://{mirrors[0]}/karpenter",
                "--plain-http",
                "--source",
                mirrors[1],
                *VERSIONS,
            ]
        )
        == 0
    )
    assert reference_cache() == tmp_path / "cache/karpenter-tenants/reference"
    assert karpenter_tenants.reference.shared.shared_dir() == reference_cache()
    assert "fetch-reference: Karpenter 1.14.1 -> " in capsys.readouterr().out


@pytest.mark.parametrize("cut", ["compatibility.yaml", "appproject-crd.yaml"])
def test_a_download_failing_half_way_leaves_what_was_there(
    tmp_path: Path, shared: Path, mirrors: tuple[str, str], capsys: pytest.CaptureFixture[str], cut: str
) -> None:
    dest = tmp_path / "reference"
    with (
        oci_registry(shared, VERSIONS) as registry,
        raw_server(shared, VERSIONS, lambda path: 100 if path.endswith(cut) else None) as broken,
    ):
        assert fetch(dest, registry, broken, "1.14.1") == 2
        [error] = capsys.readouterr().err.splitlines()
        assert (
            error.startswith("error: GET http://")
            and f"{cut}: " in error
            and error.endswith(f"; {dest} keeps what it had")
        )
        assert not (dest / "karpenter/v1.14.1").exists() or cut != "compatibility.yaml"
        assert not [p for p in dest.rglob("*") if ".fetch-" in p.name]
        # A good fetch first, then a broken one: the good one's folders stay, byte for byte.
        assert fetch(dest, *mirrors, "1.14.1") == 0
        before = tree(dest)
        assert fetch(dest, registry, broken, "1.14.1") == 2
        assert tree(dest) == before


def test_a_release_the_registry_does_not_have_is_an_error_naming_it(
    tmp_path: Path, mirrors: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert fetch(tmp_path / "reference", *mirrors, "1.13.0") == 2
    [error] = capsys.readouterr().err.splitlines()
    assert error.startswith(f"error: helm pull oci://{mirrors[0]}/karpenter/karpenter --version 1.13.0: ")
    assert not (tmp_path / "reference/karpenter/v1.13.0").exists()
    assert not (tmp_path / "reference").exists()  # a failed first fetch leaves no empty folder in the user's place
    assert main(["fetch-reference", "1.x"]) == 2


def test_check_says_whether_the_reference_data_is_there_and_fetches_nothing(
    shared: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`make test` and `make verify` run `fetch-reference --check` first: one line naming fetch-reference when the
    releases' data is missing, before minutes of set-up; nothing written either way."""
    none = ["--clusters", str(tmp_path / "clusters")]  # no cluster file: the reference releases
    assert main([*none, "fetch-reference", "--check", "--reference", str(shared)]) == 0
    assert str(shared) in capsys.readouterr().out
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main([*none, "fetch-reference", "--check", "--reference", str(empty)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "fetch-reference" in err and all(v in err for v in REFERENCE_VERSIONS), err
    assert list(empty.iterdir()) == []
    assert main([*none, "fetch-reference", "--check", "--reference", str(tmp_path / "absent"), "1.14.1"]) == 2
    assert not (tmp_path / "absent").exists()
    makefile = (Path(__file__).parents[3] / "Makefile").read_text()
    for target in ("test", "verify"):
        line = next(line for line in makefile.splitlines() if line.startswith(f"{target}:"))
        assert line.split(":", 1)[1].split()[:2] == ["setup", "reference-data"], line
