"""`init` validates every value it writes (issue 56 item 9): a region AWS does not have, a `--module-source` Terraform
would interpolate (`${file(...)}`), a `--package` that adds a line (or an option) to requirements.txt, a `--name` that
is a path, and flags that do not apply to the choices made are refused with exit 2 in one line naming the flag, and
nothing is written."""

from __future__ import annotations

import json
from pathlib import Path

import botocore
import pytest

from karpenter_tenants.commands.cli import main
from karpenter_tenants.config import naming

BASE = ["--name", "globex", "--account-id", "210987654321", "--region", "eu-west-1", "--kubernetes-version", "1.33"]


def _refused(tmp_path: Path, capsys: pytest.CaptureFixture[str], flags: list[str], flag: str) -> str:
    target = tmp_path / "r"
    assert main(["init", str(target), *flags]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: init: ") and flag in err and "Traceback" not in err, err
    assert not target.exists()
    assert "/tmp/" not in err.replace(str(tmp_path), "") and "tmp" not in err.replace(str(tmp_path), ""), err
    return err


@pytest.mark.parametrize("region", ["xx-nowhere-9", "us-east-9", "eu-central-7", "mars-east-1", "eusc-fr-west-1"])
def test_a_region_aws_does_not_have_is_refused_naming_region(
    region: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    flags = list(BASE)
    flags[flags.index("--region") + 1] = region
    assert region in _refused(tmp_path, capsys, flags, "--region")


def test_every_region_of_awss_sdk_is_in_the_products_table_and_init_takes_it(tmp_path: Path) -> None:
    endpoints = json.loads((Path(botocore.__file__).parent / "data/endpoints.json").read_text())
    listed = {region: p["partition"] for p in endpoints["partitions"] for region in p["regions"]}
    assert naming.regions() == listed  # config/naming.json's table is AWS's
    for region in ("cn-north-1", "us-gov-west-1", "eusc-de-east-1", "ap-southeast-7"):
        flags = list(BASE)
        flags[flags.index("--region") + 1] = region
        assert main(["init", str(tmp_path / region), *flags]) == 0


@pytest.mark.parametrize(
    "source",
    [
        '${file("/etc/passwd")}',
        "git::https://x/y.git//terraform?ref=${var.ref}",
        "%{ if true }x%{ endif }",
        "git::https://x/y.git\n  count = 0",
        "a\x1b[31m",
        " ",
    ],
)
def test_a_module_source_terraform_would_interpolate_or_that_adds_a_line_is_refused(
    source: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _refused(tmp_path, capsys, [*BASE, "--module-source", source], "--module-source")


@pytest.mark.parametrize(
    "package",
    [
        "karpenter-tenants==0.2.0\n--index-url https://evil.example/simple",
        "karpenter-tenants==0.2.0\r--extra-index-url=https://evil.example",
        "--index-url=https://evil.example/simple",
        "-e git+https://evil.example/x",
        "karpenter-tenants==0.2.0 --global-option=--evil",
        "karpenter-tenants==${VERSION}",
        "karpenter-tenants\u2028==0.2.0",
    ],
)
def test_a_package_that_adds_a_line_or_an_option_to_requirements_is_refused(
    package: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _refused(tmp_path, capsys, [*BASE, f"--package={package}"], "--package")


def test_a_package_requirement_of_its_own_is_written_as_given(tmp_path: Path) -> None:
    package = "karpenter-tenants @ git+https://git.example.com/platform/karpenter-tenants.git@v0.2.0"
    assert main(["init", str(tmp_path / "r"), *BASE, "--package", package]) == 0
    assert (tmp_path / "r/requirements.txt").read_text().splitlines()[-1] == package


@pytest.mark.parametrize("name", ["../x", "../../etc/evil", "x/y", "/abs", ".", "a" * 64])
def test_a_name_that_is_a_path_is_refused_naming_name_not_a_temporary_folder(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    flags = list(BASE)
    flags[flags.index("--name") + 1] = name
    _refused(tmp_path, capsys, flags, "--name")
    assert not (tmp_path / "x.yaml").exists() and not (tmp_path.parent / "evil.yaml").exists()


def test_flags_that_do_not_apply_are_refused_naming_them(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = _refused(tmp_path, capsys, [*BASE, "--repo-url", "https://git.example.com/p.git"], "--repo-url")
    assert "--gitops argocd" in err
    _refused(tmp_path, capsys, [*BASE, "--gitops", "flux", "--repo-url", "https://git.example.com/p.git"], "--repo-url")
    err = _refused(
        tmp_path, capsys, [*BASE, "--oidc-provider", "oidc.eks.eu-west-1.amazonaws.com/id/EXAMPLE"], "--oidc-provider"
    )
    assert "--identity irsa" in err
    # where they apply, they are taken
    assert (
        main(["init", str(tmp_path / "a"), *BASE, "--gitops", "argocd", "--repo-url", "https://git.example.com/p.git"])
        == 0
    )
