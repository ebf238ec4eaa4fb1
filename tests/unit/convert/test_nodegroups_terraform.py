"""convert.nodegroups.terraform: .tf files read by folder, with the folder's terraform.tfvars and *.auto.tfvars
and the var files given, as Terraform reads them."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.nodegroups_cli import V21, run

from karpenter_tenants.convert.hcl_values import NO_DEFAULT, Unresolved
from karpenter_tenants.convert.nodegroups.record import NodeGroup, NodeGroupsRefused, Report, Role
from karpenter_tenants.convert.nodegroups.terraform import blocks, node_role, parse_hcl, read_terraform, sources


def test_a_folder_reads_terraform_tfvars_and_a_var_file_given_overrides_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "infra"
    folder.mkdir()
    for name in ("main.tf", "variables.tf"):
        (folder / name).write_text((V21 / name).read_text())
    (folder / "terraform.tfvars").write_text('gpu_types = ["g6.xlarge"]\nbeta_max_size = 2\n')
    (tmp_path / "prod.tfvars.json").write_text('{"gpu_types": ["g6.2xlarge", "g6.4xlarge"]}')
    _, imported, err = run(capsys, folder)
    assert imported is not None
    tenants = {t["name"]: t for t in imported["tenants"]}
    assert tenants["gpu"]["requirements"]["instanceTypes"] == ["g6.xlarge"]
    assert tenants["beta-arm"]["limits"] == {"cpu": "16", "memory": "64Gi"}  # 2 x m7g.2xlarge
    assert f"note: {folder}: read terraform.tfvars, as Terraform does" in err
    _, imported, _ = run(capsys, folder, tmp_path / "prod.tfvars.json")
    assert imported is not None
    assert next(t for t in imported["tenants"] if t["name"] == "gpu")["requirements"]["instanceTypes"] == [
        "g6.2xlarge",
        "g6.4xlarge",
    ]


def test_blocks_are_found_by_their_labels_however_python_hcl2_nests_them(tmp_path: Path) -> None:
    path = tmp_path / "main.tf"
    path.write_text(
        'module "eks" {\n  source = "x"\n}\nresource "aws_iam_role" "nodes" {\n  name = "nodes"\n}\n'
        'variable "size" {\n  default = 2\n}\nvariable "open" {}\nlocals {\n  tier = "a"\n}\n'
    )
    data = parse_hcl(path)
    assert [labels for labels, _ in blocks(data, "module")] == [["eks"]]
    assert [labels for labels, _ in blocks(data, "resource")] == [["aws_iam_role", "nodes"]]
    [folder] = read_terraform([path], {}, []).values()
    assert folder.scope.defaults == {"size": 2, "open": NO_DEFAULT} and folder.scope.locals == {"tier": '"a"'}


def test_a_file_that_is_not_hcl_is_refused_naming_its_line(tmp_path: Path) -> None:
    path = tmp_path / "main.tf"
    path.write_text('module "eks" {\n  source = \n}\n')
    with pytest.raises(NodeGroupsRefused) as refused:
        parse_hcl(path)
    assert refused.value.problems[0].startswith(f"{path}:2: not Terraform (HCL) syntax (column 12)")


def test_what_terraform_refuses_as_set_twice_is_refused_not_read_as_the_last(tmp_path: Path) -> None:
    """Terraform refuses an argument set twice in a block and a local defined twice in a module; python-hcl2 keeps
    the last, which would be a value Terraform never computes."""
    path = tmp_path / "main.tf"
    path.write_text("locals {\n  size = 1\n  size = 2\n}\n")
    with pytest.raises(NodeGroupsRefused) as refused:
        parse_hcl(path)
    assert refused.value.problems == [
        f"{path}:3: size is already set at line 2 of the same block; Terraform refuses "
        "the file (Duplicate argument): keep one"
    ]
    path.write_text("locals {\n  size = 1\n}\n")
    other = tmp_path / "more.tf"
    other.write_text("locals {\n  size = 2\n}\n")
    with pytest.raises(NodeGroupsRefused) as refused:
        read_terraform([path, other], {}, [])
    assert "local.size is defined twice" in refused.value.problems[0]
    path.write_text('variable "size" {\n  type    = number\n  default = "5"\n}\n')
    [folder] = read_terraform([path], {}, []).values()
    assert folder.scope.types == {"size": "number"}


def test_a_node_role_of_an_aws_iam_role_in_the_folder_is_its_name_and_one_named_by_prefix_is_reported(
    tmp_path: Path,
) -> None:
    path = tmp_path / "main.tf"
    path.write_text(
        'resource "aws_iam_role" "named" {\n  name = "nodes"\n}\n'
        'resource "aws_iam_role" "prefixed" {\n  name_prefix = "nodes-"\n}\n'
    )
    [(source, _)] = sources(read_terraform([path], {}, [])[tmp_path], Report())
    group = NodeGroup("aws_eks_node_group.a", source.report)
    assert node_role(source, group, Unresolved("aws_iam_role.named.arn", "r"), "p") == Role(
        "nodes", "nodes", "aws_iam_role.named"
    )
    assert node_role(source, group, Unresolved("aws_iam_role.prefixed.arn", "r"), "p") is None
    assert source.report.report.unresolved == [
        f"{path}: p: aws_iam_role.prefixed is named by name_prefix, known only after apply: `terraform state show "
        "aws_iam_role.prefixed` gives its name: set nodeRole (and iam.existing.roles) yourself"
    ]


def test_a_tf_file_that_is_a_link_to_itself_is_refused_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    loop = tmp_path / "loop.tf"
    loop.symlink_to(loop)
    status, sections, errors = run(capsys, loop)
    assert (status, sections) == (2, None)
    assert errors == [f"error: {loop}: cannot read: Too many levels of symbolic links"], errors
