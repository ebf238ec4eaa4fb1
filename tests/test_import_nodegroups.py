"""`import-nodegroups`: EKS managed node groups (terraform-aws-eks, aws_eks_node_group, describe-nodegroup JSON) ->
tenants for Karpenter 1.x. The fixtures in tests/nodegroups/ write node groups the ways terraform-aws-eks' own
examples (examples/eks-managed-node-group, eks_managed_node_group) and the provider's documentation write them;
synthesizing the imported tenants gives NodePools that require exactly what the node groups ran."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import cluster_dict, load

from commands.cli import main
from convert.hcl_values import NO_DEFAULT, Resolver, Scope, Unresolved
from convert.nodegroups import limits
from convert.nodegroups.ami import AMI_TYPES
from synth.render import render_cluster

NODEGROUPS = Path(__file__).parent / "nodegroups"
V21, V20 = NODEGROUPS / "eks-v21", NODEGROUPS / "eks-v20"
RESOURCES, DESCRIBE = NODEGROUPS / "aws-eks-node-group", NODEGROUPS / "describe"


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, dict[str, Any] | None, list[str]]:
    """(exit status, the printed sections, stderr's lines) of `import-nodegroups ARGS`."""
    status = main(["import-nodegroups", *map(str, args)])
    captured = capsys.readouterr()
    return status, yaml.safe_load(captured.out) if captured.out else None, captured.err.splitlines()


def synthesized(tmp_path: Path, imported: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The NodePools (by tenant) synth writes for the imported sections put beside a minimal cluster/karpenter."""
    files = render_cluster(load(tmp_path, cluster_dict(**imported)))
    return {
        path.split("/")[1]: yaml.safe_load(text) for path, text in files.items()
        if path.startswith("tenants/") and path.split("/")[-1].startswith("nodepool-")
    }


def requirement(pool: dict[str, Any], key: str) -> list[str] | None:
    found = [r["values"] for r in pool["spec"]["template"]["spec"]["requirements"] if r["key"] == key]
    return found[0] if found else None


def assert_pool_is_the_group(pool: dict[str, Any], types: list[str], capacity: list[str], labels: dict[str, str],
                             taints: list[dict[str, str]], tenant: str, dedicated: bool = False) -> None:
    template = pool["spec"]["template"]
    assert requirement(pool, "node.kubernetes.io/instance-type") == types
    assert requirement(pool, "karpenter.sh/capacity-type") == capacity
    assert template["metadata"]["labels"] == {**labels, "tenant": tenant}
    own = [{"effect": "NoSchedule", "key": "tenant", "value": tenant}] if dedicated else []
    assert template["spec"].get("taints", []) == own + [dict(sorted(t.items())) for t in taints]


# --- round trips --------------------------------------------------------------------------------------


def test_terraform_aws_eks_v21_node_groups_synthesize_to_node_pools_requiring_what_the_groups_ran(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, imported, err = run(capsys, V21, V21 / "gpu.tfvars")
    assert status == 1, err  # the minimum sizes, user data and the unresolved subnets are findings
    assert imported is not None
    pools = synthesized(tmp_path, imported)
    assert sorted(pools) == ["alpha", "beta-arm", "bottlerocket", "gpu"]
    assert_pool_is_the_group(pools["alpha"], ["m6i.large", "m6i.xlarge", "m5.large"], ["on-demand"],
                             {"customer": "alpha", "example.com/tier": "acme-general"},
                             [{"key": "dedicated", "value": "alpha", "effect": "NoSchedule"}], "alpha")
    assert_pool_is_the_group(pools["beta-arm"], ["m7g.large", "m7g.2xlarge"], ["spot"], {},
                             [{"key": "kubernetes.io/arch", "value": "arm64", "effect": "NoSchedule"}], "beta-arm")
    assert_pool_is_the_group(pools["gpu"], ["g5.xlarge", "g5.2xlarge"], ["on-demand"], {},
                             [{"key": "nvidia.com/gpu", "effect": "NoSchedule"}], "gpu")
    assert_pool_is_the_group(pools["bottlerocket"], ["c6i.large"], ["on-demand"], {}, [], "bottlerocket")
    assert requirement(pools["beta-arm"], "kubernetes.io/arch") == ["arm64"]
    # max_size x the largest type: 10 x m6i.xlarge (4 vCPUs, 16Gi); var.beta_max_size's default 6 x m7g.2xlarge
    assert pools["alpha"]["spec"]["limits"] == {"cpu": "40", "memory": "160Gi"}
    assert pools["beta-arm"]["spec"]["limits"] == {"cpu": "48", "memory": "192Gi"}
    tenants = {t["name"]: t for t in imported["tenants"]}
    assert tenants["alpha"]["tags"] == {"Example": "acme", "GithubRepo": "terraform-aws-eks", "Customer": "alpha"}
    assert tenants["bottlerocket"]["ami"] == {"alias": "bottlerocket@latest"}
    assert imported["iam"] == {"existing": {"roles": ["acme-shared-nodes", "alpha-eks-node-group"]},
                               "sharedNodeRoles": ["acme-shared-nodes"]}
    assert err[-1] == ("import-nodegroups: 4 tenants for Karpenter 1.x, 2 value(s) not resolved without Terraform, "
                       "5 setting(s) without a Karpenter equivalent (listed above)")


def test_aws_eks_node_group_resources_synthesize_to_node_pools_requiring_what_the_groups_ran(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, imported, err = run(capsys, RESOURCES)
    assert status == 1, err
    assert imported is not None
    pools = synthesized(tmp_path, imported)
    assert_pool_is_the_group(pools["example"], ["c7g.xlarge"], ["on-demand"], {"team": "payments"}, [
        {"key": "team", "value": "payments", "effect": "NoSchedule"}, {"key": "batch", "effect": "PreferNoSchedule"},
    ], "example")
    assert_pool_is_the_group(pools["windows-2022"], ["m6i.xlarge"], ["on-demand"], {}, [], "windows-2022")
    assert requirement(pools["windows-2022"], "kubernetes.io/os") == ["windows"]
    tenants = {t["name"]: t for t in imported["tenants"]}
    # the role of `aws_iam_role.example.arn` is named in the same folder; an ARN at a path stays an ARN
    assert tenants["example"]["nodeRole"] == "eks-node-group-example"
    assert tenants["example"]["rootVolume"] == {"size": "40Gi"}
    assert tenants["example"]["ami"] == {"alias": "bottlerocket@latest"}
    assert tenants["windows-2022"]["ami"] == {"alias": "windows2022@latest"}
    assert imported["iam"]["existing"]["roles"] == ["arn:aws:iam::001234567890:role/eks/windows-nodes", "eks-node-group-example"]
    assert any("aws_eks_node_group.example.node_group_name" not in line and "created by aws_iam_role.example" in line
               for line in err)
    assert (f"unsupported: {RESOURCES / 'main.tf'}: aws_eks_node_group.example.update_config: node group update "
            "settings: Karpenter replaces nodes") in "\n".join(err)


def test_describe_nodegroup_documents_synthesize_to_node_pools_requiring_what_the_groups_ran(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, imported, err = run(capsys, DESCRIBE / "gpu-spot.json", DESCRIBE / "delta.json")
    assert status == 1, err
    assert imported is not None
    pools = synthesized(tmp_path, imported)
    assert_pool_is_the_group(pools["gamma-gpu"], ["g5.xlarge", "g6.xlarge"], ["spot"],
                             {"customer": "gamma", "accelerator": "nvidia"},
                             [{"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"}], "gamma-gpu")
    # delta's node group already had the tenant taint: the tenant stays dedicated, the taint is synth's own
    assert_pool_is_the_group(pools["delta"], ["r6i.2xlarge"], ["on-demand"], {}, [], "delta", dedicated=True)
    tenants = {t["name"]: t for t in imported["tenants"]}
    assert tenants["gamma-gpu"]["ami"] == {"alias": "al2023@v20250519"}  # the release version, pinned
    assert tenants["delta"]["ami"] == {"alias": "bottlerocket@v1.38.1"}
    assert tenants["gamma-gpu"]["rootVolume"] == {"size": "100Gi"}
    assert tenants["gamma-gpu"]["subnetSelector"] == [{"id": "subnet-0123456789abcdef0"}, {"id": "subnet-0fedcba9876543210"}]
    assert tenants["gamma-gpu"]["tags"] == {"Customer": "gamma"}  # cluster-autoscaler's tags are not carried
    text = "\n".join(err)
    assert f"{DESCRIBE / 'delta.json'}: nodegroup.launchTemplate: a launch template" in text
    assert f"{DESCRIBE / 'delta.json'}: nodegroup.remoteAccess: no Karpenter equivalent" in text
    assert "'gamma-gpu-20240312101522384700000007' ends in Terraform's unique suffix" in text


def test_v20_defaults_block_devices_and_metadata_options_are_carried_as_the_module_applies_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, imported, err = run(capsys, V20 / "main.tf")
    assert status == 1
    assert imported is not None
    tenants = {t["name"]: t for t in imported["tenants"]}
    # eks_managed_node_group_defaults: AL2 and two instance types for every group that sets neither
    assert tenants["default-node-group"]["requirements"]["instanceTypes"] == ["m6i.large", "m5.large"]
    assert tenants["default-node-group"]["ami"] == {"alias": "al2@latest"}
    # without the module's launch template, disk_size is the node group's disk
    assert tenants["default-node-group"]["rootVolume"] == {"size": "50Gi"}
    complete = tenants["complete-eks-mng"]
    assert complete["ami"] == {"alias": "al2@v20240917"}
    assert complete["blockDevices"] == [{"deviceName": "/dev/xvda", "rootVolume": True, "ebs": {
        "volumeSize": "75Gi", "volumeType": "gp3", "iops": 3000, "throughput": 150, "encrypted": True,
        "deleteOnTermination": True}}]
    assert complete["metadataOptions"] == {"httpEndpoint": "enabled", "httpTokens": "required", "httpPutResponseHopLimit": 2}
    assert complete["detailedMonitoring"] is True
    assert complete["subnetSelector"] == [{"id": "subnet-0123456789abcdef0"}, {"id": "subnet-0fedcba9876543210"}]
    assert complete["tags"] == {"Environment": "dev", "Terraform": "true", "ExtraTag": "EKS managed node group complete example"}
    where = f"{V20 / 'main.tf'}: module.eks.eks_managed_node_groups"
    text = "\n".join(err)
    # the KMS key is a module output: left out of the disk, not guessed, and said
    assert (f"unresolved: {where}.complete.block_device_mappings.xvda.ebs.kms_key_id: module.ebs_kms_key.key_id is an "
            "output of module ebs_kms_key, known only after apply") in text
    assert f"unsupported: {where}.default_node_group.remote_access: no Karpenter equivalent" in text
    assert f"unsupported: {where}.complete.min_size: 1: Karpenter keeps no minimum of nodes" in text
    assert f"unsupported: {where}.complete.vpc_security_group_ids: security groups" in text
    assert f"{where}.prefixed_role.iam_role_use_name_prefix: the module creates the node role with the name prefix " \
           "'prefixed_role-eks-node-group-'" in text
    pools = synthesized(tmp_path, imported)
    assert_pool_is_the_group(pools["complete-eks-mng"], ["m6i.large", "m5.large", "m5n.large"], ["spot"],
                             {"GithubRepo": "terraform-aws-eks", "GithubOrg": "terraform-aws-modules"},
                             [{"key": "dedicated", "value": "gpuGroup", "effect": "NoSchedule"}], "complete-eks-mng")


def test_the_written_file_holds_the_sections_and_a_header_saying_they_are_for_karpenter_1x(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "tenants.yaml"
    assert main(["import-nodegroups", str(DESCRIBE / "delta.json"), "--out", str(out)]) == 1
    text = out.read_text()
    assert text.startswith("# Managed node groups as tenants for Karpenter 1.x (NodePool + EC2NodeClass)")
    assert yaml.safe_load(text)["tenants"][0]["name"] == "delta"
    assert capsys.readouterr().out == ""


# --- static resolution --------------------------------------------------------------------------------


def test_unresolvable_expressions_are_reported_per_field_and_left_out_never_guessed(
    capsys: pytest.CaptureFixture[str]
) -> None:
    status, imported, err = run(capsys, V21)  # no gpu.tfvars: var.gpu_types has no default
    assert status == 1
    assert imported is not None
    gpu = next(t for t in imported["tenants"] if t["name"] == "gpu")
    assert "instanceTypes" not in gpu["requirements"] and "limits" not in gpu
    where = f"{V21 / 'main.tf'}: module.eks"
    assert (f"unresolved: {where}.eks_managed_node_groups.gpu.instance_types: var.gpu_types has no default: set "
            "requirements.instanceTypes yourself") in err
    assert (f"unresolved: {where}.eks_managed_node_groups.gpu.max_size: the instance types are not known, so neither "
            "is the capacity of 2 nodes: set limits.cpu and limits.memory yourself") in err
    assert (f"unresolved: {where}.subnet_ids: module.vpc.private_subnets is an output of module vpc, known only after "
            "apply: set subnetSelector (or tag the subnets karpenter.sh/discovery: <cluster>, the default) yourself") in err
    assert all("subnetSelector" not in t for t in imported["tenants"])


def test_a_folder_reads_terraform_tfvars_and_a_var_file_given_overrides_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
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
        "g6.2xlarge", "g6.4xlarge"]


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


# --- mapping ------------------------------------------------------------------------------------------


def describe_file(tmp_path: Path, name: str, **fields: Any) -> Path:
    import json

    group = {"nodegroupName": name, "capacityType": "ON_DEMAND", "instanceTypes": ["m6i.large"], "amiType": "AL2023_x86_64_STANDARD",
             "scalingConfig": {"minSize": 0, "maxSize": 2, "desiredSize": 0}, "labels": {}, "taints": [], "tags": {}, **fields}
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps({"nodegroup": group}))
    return path


@pytest.mark.parametrize("ami_type", sorted(AMI_TYPES))
def test_each_eks_ami_type_becomes_its_karpenter_alias_and_architecture(
    ami_type: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    family, arch = AMI_TYPES[ami_type]
    types = ["m6g.large"] if arch == "arm64" else ["m6i.large"]
    status, imported, err = run(capsys, describe_file(tmp_path, "a", amiType=ami_type, instanceTypes=types))
    assert status == 0, err
    assert imported is not None
    [tenant] = imported["tenants"]
    assert tenant["ami"] == {"alias": f"{family}@latest"}
    assert tenant["requirements"]["architectures"] == [arch]
    assert tenant["requirements"].get("operatingSystems") == (["windows"] if family.startswith("windows") else None)
    synthesized(tmp_path, imported)  # the config model and synth take it


@pytest.mark.parametrize("ami_type", ["CUSTOM", "BOTTLEROCKET_x86_64_FIPS"])
def test_ami_types_without_an_alias_are_reported_not_mapped(ami_type: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, imported, err = run(capsys, describe_file(tmp_path, "a", amiType=ami_type))
    assert status == 1
    assert imported is not None and "ami" not in imported["tenants"][0]
    assert any(line.startswith(f"unsupported: {tmp_path / 'a.json'}: nodegroup.amiType: {ami_type} has no Karpenter alias")
               for line in err)


def test_capacity_blocks_are_reserved_capacity_with_their_reservation_or_reported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, imported, err = run(capsys, describe_file(tmp_path, "block", capacityType="CAPACITY_BLOCK", instanceTypes=["p5.48xlarge"]))
    assert status == 1 and imported is not None
    assert "capacityTypes" not in imported["tenants"][0]["requirements"]
    assert any("nodegroup.capacityType: CAPACITY_BLOCK is Karpenter's capacity type reserved" in line for line in err)
    (tmp_path / "block.tf").write_text(
        'module "eks" {\n  source = "terraform-aws-modules/eks/aws"\n  eks_managed_node_groups = {\n    ml = {\n'
        '      capacity_type = "CAPACITY_BLOCK"\n      instance_types = ["p5.48xlarge"]\n      min_size = 0\n'
        '      capacity_reservation_specification = {\n        capacity_reservation_target = {\n'
        '          capacity_reservation_id = "cr-0123456789abcdef0"\n        }\n      }\n    }\n  }\n}\n'
    )
    _, imported, _ = run(capsys, tmp_path / "block.tf")
    assert imported is not None
    [tenant] = imported["tenants"]
    assert tenant["requirements"]["capacityTypes"] == ["reserved"]
    assert tenant["capacityReservationSelector"] == [{"id": "cr-0123456789abcdef0"}]
    synthesized(tmp_path, imported)


def test_without_instance_type_reference_data_the_limits_are_reported_as_to_set(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(limits, "instance_types_file", lambda: tmp_path / "missing/instance-types.md")
    status, imported, err = run(capsys, describe_file(tmp_path, "a"))
    assert status == 1 and imported is not None
    assert "limits" not in imported["tenants"][0]
    assert (f"unresolved: {tmp_path / 'a.json'}: nodegroup.scalingConfig.maxSize: no instance-type reference data "
            f"({tmp_path / 'missing/instance-types.md'}) to size 2 nodes: set limits.cpu and limits.memory yourself") in err


def test_labels_taints_and_tags_karpenter_or_synth_reserve_are_reported_and_not_carried(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The tenant label and taint name the group's tenant (tests/test_multi_pool_import.py); a tenant taint of
    another effect is synth's to set."""
    path = describe_file(tmp_path, "a", labels={"karpenter.sh/nodepool": "x", "tenant": "other", "team": "a"},
                         taints=[{"key": "tenant", "value": "other", "effect": "NO_SCHEDULE"},
                                 {"key": "tenant", "value": "other", "effect": "NO_EXECUTE"}],
                         tags={"aws:cloudformation:stack-name": "x", "eks:nodegroup-name": "a", "Team": "a"})
    status, imported, err = run(capsys, path)
    assert status == 1 and imported is not None
    [tenant] = imported["tenants"]
    assert tenant["labels"] == {"team": "a"} and tenant["tags"] == {"Team": "a"} and "taints" not in tenant
    assert (tenant["name"], tenant["dedicated"]) == ("other", True)
    text = "\n".join(err)
    assert "nodegroup.labels.karpenter.sh/nodepool: a label Karpenter reserves for itself" in text
    assert "nodegroup.taints[1]: synth taints every node tenant=<tenant name>:NoSchedule itself" in text
    synthesized(tmp_path, imported)


def test_two_node_groups_for_one_tenant_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, imported, err = run(capsys, describe_file(tmp_path, "web_a"), describe_file(tmp_path, "web-a"))
    assert (status, imported) == (2, None)
    assert err == [f"error: {tmp_path / 'web-a.json'}: nodegroup web-a: a second node group for tenant 'web-a' (the first: "
                   f"{tmp_path / 'web_a.json'}: nodegroup web_a): import each node group once"]


# --- bad input ----------------------------------------------------------------------------------------


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


def test_node_groups_kept_in_a_local_and_the_node_group_module_on_its_own_are_imported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = NODEGROUPS / "node-group-module"
    status, imported, err = run(capsys, folder)
    assert status == 1 and imported is not None
    tenants = {t["name"]: t for t in imported["tenants"]}
    assert sorted(tenants) == ["defaults-only", "separate-eks-mng", "web"]
    assert tenants["web"]["labels"] == {"role": "web"} and tenants["web"]["limits"] == {"cpu": "32", "memory": "64Gi"}
    # no instance_types: the group runs a default this command does not guess
    assert "instanceTypes" not in tenants["defaults-only"]["requirements"]
    where = f"{folder / 'main.tf'}: module.eks.eks_managed_node_groups"
    assert any(line.startswith(f"unresolved: {where}.defaults_only.instance_types: not set: the group runs a default "
                               "instance type") for line in err)
    assert f"unsupported: {where}.web.min_size: 1 (the module's default): Karpenter keeps no minimum of nodes, it " \
           "launches for pending pods only (to keep capacity warm, run low-priority placeholder pods)" in err
    # the sub-module: its role is named `<name>-eks-node-group` without the name prefix
    assert tenants["separate-eks-mng"]["nodeRole"] == "separate-eks-mng-eks-node-group"
    assert tenants["separate-eks-mng"]["taints"] == [{"key": "separate", "value": "true", "effect": "NoExecute"}]
    synthesized(tmp_path, imported)


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
