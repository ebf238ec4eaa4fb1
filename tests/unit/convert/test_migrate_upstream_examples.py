"""`migrate --write` never writes a file that does not synthesize (issue 24 item 4): on every upstream 0.31 example
(tests/upstream-v031/, our own files in the style of aws/karpenter-provider-aws v0.31's examples/provisioner),
import -> migrate --write -> synth exits 0, or migrate exits 1 naming the decision and writes nothing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from conftest import BASE_V1ALPHA5, cluster_dict, write_cluster

from karpenter_tenants.commands.cli import main
from karpenter_tenants.convert.importer import import_manifests

UPSTREAM = Path(__file__).parents[2] / "upstream-v031"
# The examples whose 1.x file needs a human decision: an Ubuntu family found by Karpenter 0.31 without AMI
# selectors has no 1.x alias (Karpenter 1.x dropped the Ubuntu family's AMI discovery).
NEEDS_A_DECISION = {"multiple-ebs.yaml", "ubuntu-kubelet-log-query.yaml"}


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize("example", sorted(p.name for p in UPSTREAM.glob("*.yaml")))
def test_every_upstream_0_31_example_migrates_to_a_file_synth_accepts_or_migrate_names_the_decision(
    example: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    imported = import_manifests([UPSTREAM / example])
    path = write_cluster(
        tmp_path / "clusters",
        cluster_dict(
            BASE_V1ALPHA5,
            karpenter={"version": "0.31.5", "defaultInstanceProfile": "default-acme"},
            tenants=imported.tenants,
        ),
    )
    before = path.read_text()
    status, out, err = run(capsys, "migrate", str(path), "--write")
    if example in NEEDS_A_DECISION:
        assert status == 1, err
        assert path.read_text() == before and out == ""
        assert re.search(
            r"decide: tenant \S+: amiFamily Ubuntu has no alias in Karpenter 1.x: give ami.selectorTerms", err
        )
        assert "blocked: " in err and "tenants[0].ami.family" in err
        assert err.splitlines()[-1].endswith("nothing written")
    else:
        assert status == 0, err
        assert yaml.safe_load(path.read_text())["karpenter"]["version"] == "1.14.1"
        assert run(capsys, "--clusters", str(path.parent), "synth", "--out", str(tmp_path / "dist"))[0] == 0


def test_a_decided_ubuntu_family_migrates_once_the_0_31_file_names_its_amis(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    imported = import_manifests([UPSTREAM / "ubuntu-kubelet-log-query.yaml"])
    imported.tenants[0]["ami"]["selectorTerms"] = [{"name": "ubuntu-eks/k8s_1.28/images/*", "owner": "099720109477"}]
    path = write_cluster(tmp_path / "clusters", cluster_dict(BASE_V1ALPHA5, tenants=imported.tenants))
    assert run(capsys, "migrate", str(path), "--write")[0] == 0
    assert run(capsys, "--clusters", str(path.parent), "synth", "--out", str(tmp_path / "dist"))[0] == 0


def test_migrate_without_write_prints_nothing_when_synth_would_reject_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_cluster(
        tmp_path, cluster_dict(BASE_V1ALPHA5, tenants=[{"name": "alpha", "ami": {"family": "Ubuntu"}}])
    )
    status, out, err = run(capsys, "migrate", str(path))
    assert (status, out) == (1, "")
    assert "synth would reject the result (1 problem(s) above)" in err
