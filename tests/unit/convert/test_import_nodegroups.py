"""`import-nodegroups` (convert.nodegroups.inputs): which reader each FILE goes to, what is refused before any is
read (exit 2, one line each, nothing written), and the written file. The readers' and the draft's own tests are in
tests/test_nodegroups_*.py; the fixtures in tests/nodegroups/ write node groups the ways terraform-aws-eks' own
examples (examples/eks-managed-node-group, eks_managed_node_group) and the provider's documentation write them."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml
from support.nodegroups_cli import DESCRIBE, run

from karpenter_tenants.commands.cli import main


def test_the_written_file_holds_the_sections_and_a_header_saying_they_are_for_karpenter_1x(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "tenants.yaml"
    assert main(["import-nodegroups", str(DESCRIBE / "delta.json"), "--out-file", str(out)]) == 1
    text = out.read_text()
    assert text.startswith(
        "# Written by karpenter-tenants import-nodegroups: managed node groups as tenants for Karpenter 1.x (NodePool + EC2NodeClass)"
    )
    assert yaml.safe_load(text)["tenants"][0]["name"] == "delta"
    assert capsys.readouterr().out == ""


@pytest.mark.parametrize(
    ("name", "content", "first"),
    [
        ("main.tf", "cluster:\n  name: acme\n", "main.tf:1: not Terraform (HCL) syntax (column 8); pass .tf files"),
        (
            "nodegroup.json",
            '{"nodegroup": ',
            "nodegroup.json: not JSON (Expecting value at line 1); write it with "
            "`aws eks describe-nodegroup --output json`",
        ),
        ("cluster.json", '{"cluster": {"name": "acme"}}', 'cluster.json: no "nodegroup" object, so not what'),
        ("s3.tf", 'resource "aws_s3_bucket" "b" {\n  bucket = "x"\n}\n', "s3.tf: no managed node group in it"),
        ("empty", None, "empty: a folder without .tf files"),
        (
            "scaling.json",
            '{"nodegroup": {"nodegroupName": "a", "scalingConfig": [3]}}',
            "scaling.json: nodegroup.scalingConfig: [3] is not an object; write the file with",
        ),
    ],
)
def test_bad_input_is_exit_2_with_one_line_and_nothing_written(
    name: str, content: str | None, first: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / name
    if content is None:
        path.mkdir()
    else:
        path.write_text(content)
    out = tmp_path / "out" / "tenants.yaml"
    out.parent.mkdir()
    status, imported, err = run(capsys, path, "--out-file", out)
    assert (status, imported) == (2, None)
    assert len(err) == 1 and err[0].startswith(f"error: {tmp_path / first}"), err
    assert not out.exists()


def test_a_device_is_refused_before_it_is_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero")
    out = tmp_path / "tenants.yaml"
    status, imported, err = run(capsys, "/dev/zero", "--out-file", out)
    assert (status, imported) == (2, None) and not out.exists()
    assert err == ["error: /dev/zero: not a regular file (a device or FIFO would be read without end); name a file"]
    status, _, err = run(capsys, DESCRIBE / "delta.json", "--out-file", "/dev/null")
    assert status == 2 and len(err) == 1 and err[0].startswith("error: /dev/null")


def test_node_groups_made_of_module_outputs_or_by_for_each_are_reported_and_nothing_is_imported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "main.tf"
    path.write_text(
        'module "eks" {\n  source = "terraform-aws-modules/eks/aws"\n'
        "  eks_managed_node_groups = merge(module.defaults.groups, {})\n}\n"
        'resource "aws_eks_node_group" "each" {\n  for_each = var.groups\n  node_group_name = each.key\n}\n'
    )
    out = tmp_path / "tenants.yaml"
    status, imported, err = run(capsys, path, "--out-file", out)
    assert (status, imported) == (2, None) and not out.exists()
    assert err == [
        f"error: {path}: module.eks.eks_managed_node_groups: module.defaults.groups is an output of module defaults, "
        "known only after apply: import these node groups from `aws eks describe-nodegroup --output json` instead",
        f"error: {path}: aws_eks_node_group.each.for_each: the node groups for_each makes are known only to Terraform: "
        "import them from `aws eks describe-nodegroup --output json` instead",
        f"error: {path}: no node group could be imported (the reasons above)",
    ]


@pytest.mark.parametrize(
    ("option", "policy", "after", "expire"),
    [
        ((), "WhenEmpty", "10m", "Never"),  # what cluster-autoscaler did with the node groups: kept
        (("--disruption", "karpenter"), "WhenEmptyOrUnderutilized", "1m", "720h"),  # Karpenter's defaults, opted in
    ],
)
def test_imported_tenants_keep_how_their_node_groups_nodes_were_disrupted_unless_told(
    option: tuple[str, ...], policy: str, after: str, expire: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Under cluster-autoscaler a node group's nodes never expired and went only when unneeded: the imported tenants'
    NodePools, as synth writes them, do the same (GPU training customers' nodes included) unless the team opts in to
    Karpenter's consolidation and expiry; the report says which, once."""
    from conftest import BASE_V1, write_cluster

    out = tmp_path / "tenants.yaml"
    main(
        [
            "import-nodegroups",
            str(DESCRIBE / "gpu-spot.json"),
            str(DESCRIBE / "delta.json"),
            "--out-file",
            str(out),
            *option,
        ]
    )
    notes = [line for line in capsys.readouterr().err.splitlines() if "disruption" in line and "every tenant" in line]
    assert len(notes) == 1 and ("opt-in" in notes[0]) == (not option), notes
    imported = yaml.safe_load(out.read_text())
    data = {**BASE_V1, "tenants": imported["tenants"], "iam": imported.get("iam", {})}
    clusters, dist = tmp_path / "clusters", tmp_path / "dist"
    write_cluster(clusters, data)
    assert main(["--clusters", str(clusters), "synth", "--out", str(dist)]) == 0
    pools = [yaml.safe_load(p.read_text()) for p in sorted(dist.glob("acme/tenants/*/nodepool-*.yaml"))]
    assert len(pools) == len(imported["tenants"]) == 2
    for pool in pools:
        assert pool["spec"]["disruption"]["consolidationPolicy"] == policy
        assert pool["spec"]["disruption"]["consolidateAfter"] == after
        assert pool["spec"]["template"]["spec"]["expireAfter"] == expire


def test_an_unknown_disruption_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "tenants.yaml"
    assert (
        main(["import-nodegroups", str(DESCRIBE / "delta.json"), "--out-file", str(out), "--disruption", "never"]) == 2
    )
    assert "--disruption: invalid choice: 'never'" in capsys.readouterr().err and not out.exists()


def test_stderr_says_what_needs_a_hand_first_and_what_groups_share_once(capsys: pytest.CaptureFixture[str]) -> None:
    team = Path(__file__).parents[2] / "nodegroups" / "eks-v21-team"
    main(["import-nodegroups", str(team)])
    short = capsys.readouterr().err.splitlines()
    main(["import-nodegroups", str(team), "--verbose"])
    every = capsys.readouterr().err.splitlines()
    assert short[0].startswith("unresolved: ") and every[0].startswith("unresolved: ")
    assert short[-1] == every[-1] and short[-1].startswith("import-nodegroups: 4 tenants")
    shared = [
        line for line in short if "{4 node groups: alpha, beta, gamma-gpu, delta-train}.ami_release_version" in line
    ]
    assert len(shared) == 1 and len(every) == len(short) + 3


def test_a_nodegroup_name_with_an_escape_sequence_is_never_printed_raw(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The notes name each node group: an OSC sequence in nodegroupName (ESC ] 0 ; title BEL sets the terminal's
    title) reaches stderr with spaces for its control characters."""
    import json

    described = json.loads((DESCRIBE / "delta.json").read_text())
    group = described["nodegroup"] if "nodegroup" in described else described["nodegroups"][0]
    group["nodegroupName"] = "a\x1b]0;x\x07"
    source = tmp_path / "ng.json"
    source.write_text(json.dumps(described))
    main(["import-nodegroups", str(source)])
    err = capsys.readouterr().err
    assert "a ]0;x " in err
    assert "\x1b" not in err and "\x07" not in err
