"""`import-nodegroups` (convert.nodegroups.inputs): which reader each FILE goes to, what is refused before any is
read (exit 2, one line each, nothing written), and the written file. The readers' and the draft's own tests are in
tests/test_nodegroups_*.py; the fixtures in tests/nodegroups/ write node groups the ways terraform-aws-eks' own
examples (examples/eks-managed-node-group, eks_managed_node_group) and the provider's documentation write them."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml
from nodegroups_cli import DESCRIBE, run

from commands.cli import main
from convert.hcl_values import NO_DEFAULT, Resolver, Scope, Unresolved


def test_the_written_file_holds_the_sections_and_a_header_saying_they_are_for_karpenter_1x(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "tenants.yaml"
    assert main(["import-nodegroups", str(DESCRIBE / "delta.json"), "--out", str(out)]) == 1
    text = out.read_text()
    assert text.startswith("# Managed node groups as tenants for Karpenter 1.x (NodePool + EC2NodeClass)")
    assert yaml.safe_load(text)["tenants"][0]["name"] == "delta"
    assert capsys.readouterr().out == ""


def test_locals_variables_and_templates_resolve_and_everything_else_says_why_not() -> None:
    scope = Scope(
        locals={"name": '"acme"', "types": "${var.types}", "tier": '"${local.name}-${var.size}"', "loop": "${local.loop}",
                "tags": {"Team": '"${local.name}"'}, "merged": '${merge(local.tags, {a = "b"})}', "literal": '"$${x}"'},
        defaults={"types": ['"m6i.large"'], "size": 2, "open": NO_DEFAULT},
    )
    resolver = Resolver(scope)
    assert resolver.value("${local.types}") == ["m6i.large"]
    assert resolver.value('"${local.tier}"') == "acme-2"
    assert resolver.value("${local.tags.Team}") == "acme"
    assert resolver.value('${local.tags["Team"]}') == "acme"
    assert resolver.value("${local.literal}") == "${x}"
    assert resolver.value("${var.open}") == Unresolved("var.open", "var.open has no default")
    assert resolver.value("${local.loop}").reason == "local.loop refers to itself"
    assert resolver.value("${local.merged}").reason.startswith("local.merged is merge(local.tags, {a = \"b\"}): merge(")
    assert "calls the function merge()" in resolver.value("${local.merged}").reason
    assert resolver.value("${data.aws_ami.eks.id}").reason == "data.aws_ami.eks.id is a data source, read by Terraform when it runs"
    assert resolver.value("${aws_subnet.a.id}").reason == "aws_subnet.a.id is a resource attribute, known only after apply"
    assert resolver.value("${var.missing}").reason == "var.missing is not declared in the files given"
    assert resolver.value('"%{ if true }x%{ endif }"').reason.endswith("holds a template directive (%{...}), which is not evaluated")


@pytest.mark.parametrize(("name", "content", "first"), [
    ("main.tf", "cluster:\n  name: acme\n", "main.tf:1: not Terraform (HCL) syntax (column 8); pass .tf files"),
    ("nodegroup.json", '{"nodegroup": ', "nodegroup.json: not JSON (Expecting value at line 1); write it with "
                                         "`aws eks describe-nodegroup --output json`"),
    ("cluster.json", '{"cluster": {"name": "acme"}}', 'cluster.json: no "nodegroup" object, so not what'),
    ("s3.tf", 'resource "aws_s3_bucket" "b" {\n  bucket = "x"\n}\n', "s3.tf: no managed node group in it"),
    ("empty", None, "empty: a folder without .tf files"),
    ("scaling.json", '{"nodegroup": {"nodegroupName": "a", "scalingConfig": [3]}}',
     "scaling.json: nodegroup.scalingConfig: [3] is not an object; write the file with"),
])
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
    status, imported, err = run(capsys, path, "--out", out)
    assert (status, imported) == (2, None)
    assert len(err) == 1 and err[0].startswith(f"error: {tmp_path / first}"), err
    assert not out.exists()


def test_a_device_is_refused_before_it_is_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero")
    out = tmp_path / "tenants.yaml"
    status, imported, err = run(capsys, "/dev/zero", "--out", out)
    assert (status, imported) == (2, None) and not out.exists()
    assert err == ["error: /dev/zero: not a regular file (a device or FIFO would be read without end); name a file"]
    status, _, err = run(capsys, DESCRIBE / "delta.json", "--out", "/dev/null")
    assert status == 2 and len(err) == 1 and err[0].startswith("error: /dev/null")


def test_node_groups_terraform_makes_with_functions_or_for_each_are_reported_and_nothing_is_imported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "main.tf"
    path.write_text(
        'module "eks" {\n  source = "terraform-aws-modules/eks/aws"\n'
        '  eks_managed_node_groups = merge(local.common, var.extra)\n}\n'
        'resource "aws_eks_node_group" "each" {\n  for_each = var.groups\n  node_group_name = each.key\n}\n'
    )
    out = tmp_path / "tenants.yaml"
    status, imported, err = run(capsys, path, "--out", out)
    assert (status, imported) == (2, None) and not out.exists()
    assert err == [
        f"error: {path}: module.eks.eks_managed_node_groups: merge(local.common, var.extra) calls the function merge(), "
        "which is not evaluated: import these node groups from `aws eks describe-nodegroup --output json` instead",
        f"error: {path}: aws_eks_node_group.each.for_each: the node groups for_each makes are known only to Terraform: "
        "import them from `aws eks describe-nodegroup --output json` instead",
        f"error: {path}: no node group could be imported (the reasons above)",
    ]
