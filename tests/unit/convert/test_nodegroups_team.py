"""import-nodegroups on terraform-aws-eks v21 as a platform team writes it (tests/nodegroups/eks-v21-team: locals,
merge() of common and cost-allocation tags, var defaults, lookup/try/format/concat, string templates, a core group
the controller runs on, GPU customers on g5 and p4d): every value is resolved, the core group is skipped with why,
the GPU groups are limited by the GPU counts of Karpenter's catalogue, and the result synthesizes."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from conftest import BASE_V1, cluster_dict, write_cluster
from support.nodegroups_cli import NODEGROUPS, assert_pool_is_the_group, run, synthesized

from karpenter_tenants.capacity.catalogue import load_catalogue
from karpenter_tenants.commands.cli import main

TEAM = NODEGROUPS / "eks-v21-team"
COMMON_TAGS = {"Environment": "prod", "ManagedBy": "terraform", "CostCenter": "cc-prod"}


def test_team_terraform_resolves_whole_and_synthesizes_without_the_controllers_group(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], shared: Path
) -> None:
    status, imported, err = run(capsys, TEAM)
    assert imported is not None
    # the only value Terraform alone knows: the VPC module's subnets
    assert [line for line in err if line.startswith("unresolved:")] == [
        f"unresolved: {TEAM / 'main.tf'}: module.eks.subnet_ids: module.vpc.private_subnets is an output of module "
        "vpc, known only after apply: set subnetSelector (or tag the subnets karpenter.sh/discovery: <cluster>, the "
        "default) yourself"
    ]
    assert status == 1
    tenants = {t["name"]: t for t in imported["tenants"]}
    assert sorted(tenants) == ["alpha", "beta", "delta-train", "gamma-gpu"]
    # merge(local.common_tags, {customer = ...}): the cost-allocation tag kept beside the common ones
    assert tenants["alpha"]["tags"] == {**COMMON_TAGS, "customer": "alpha"}
    assert tenants["delta-train"]["tags"] == {**COMMON_TAGS, "customer": "delta", "team/owner": "ml-platform"}
    # "${local.cluster}-alpha-nodes", upper("spot"), concat(), lookup() and try() of var defaults
    assert tenants["alpha"]["nodeRole"] == "prod-shared-alpha-nodes"
    assert tenants["alpha"]["requirements"]["capacityTypes"] == ["spot"]
    assert tenants["beta"]["requirements"]["instanceTypes"] == ["m6i.xlarge", "m6i.2xlarge", "m5.xlarge"]
    assert tenants["beta"]["limits"]["cpu"] == "48"  # lookup(var.max_sizes, "beta", ...) = 6 nodes x 8 vCPUs
    # merge(local.customer_taint, {value = ...}): the tenant taint, so the tenant is dedicated
    assert all(t["dedicated"] for t in tenants.values())
    # the core group: named as karpenter.controller.nodeGroup's default, skipped, and nothing else said of it
    core = f"{TEAM / 'main.tf'}: module.eks.eks_managed_node_groups.core"
    assert [line for line in err if line.startswith(("skipped:", "unsupported:")) or core in line] == [
        f"skipped: {core}: node group core runs the Karpenter controller (karpenter.controller.nodeGroup is core): not "
        "a tenant; it stays a managed node group, as the controller must not run on nodes Karpenter manages"
    ]
    assert err[-1].endswith("; 1 node group(s) skipped (the controller's) (listed above)")
    # GPU limits: max size x the most GPUs of the group's types, as Karpenter's catalogue counts them
    catalogue = load_catalogue(shared)
    for name, types, max_size in (("gamma-gpu", ["g5.xlarge", "g5.12xlarge"], 4), ("delta-train", ["p4d.24xlarge"], 2)):
        gpus = max(catalogue.by_name[t].gpus for t in types)
        assert gpus > 0 and tenants[name]["limits"]["nvidia.com/gpu"] == str(max_size * gpus)
    assert "nvidia.com/gpu" not in tenants["alpha"]["limits"]
    pools = synthesized(tmp_path, imported)
    assert pools["delta-train"]["spec"]["limits"] == {"cpu": "192", "memory": "2304Gi", "nvidia.com/gpu": "16"}
    assert pools["gamma-gpu"]["spec"]["limits"]["nvidia.com/gpu"] == "16"
    assert_pool_is_the_group(
        pools["gamma-gpu"],
        ["g5.xlarge", "g5.12xlarge"],
        ["on-demand"],
        {},
        [{"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"}],
        "gamma-gpu",
        dedicated=True,
    )


def cluster_file(tmp_path: Path, karpenter: object) -> Path:
    path = tmp_path / "acme.yaml"
    path.write_text(yaml.safe_dump({"cluster": {"name": "acme"}, "karpenter": karpenter}))
    return path


def test_the_cluster_files_controller_node_group_is_the_one_skipped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = cluster_file(tmp_path, {"version": "1.14.1", "controller": {"nodeGroup": "alpha"}})
    status, imported, err = run(capsys, TEAM, "--cluster-file", path)
    assert imported is not None
    assert sorted(t["name"] for t in imported["tenants"]) == ["beta", "core", "delta-train", "gamma-gpu"]
    assert any(
        line.startswith("skipped: ")
        and "node group alpha runs the Karpenter controller (karpenter.controller.nodeGroup is alpha)" in line
        for line in err
    )


def test_the_controllers_group_is_found_by_its_eks_name_with_the_modules_unique_suffix(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # terraform-aws-eks names EKS's group <name>-<timestamp><counter> (use_name_prefix): the name the cluster file has
    path = cluster_file(tmp_path, {"version": "1.14.1", "controller": {"nodeGroup": "core-20250101120000000000000001"}})
    status, imported, err = run(capsys, TEAM, "--cluster-file", path)
    assert imported is not None and "core" not in [t["name"] for t in imported["tenants"]]
    assert any(
        line.startswith("skipped: ") and "(karpenter.controller.nodeGroup is core-20250101120000000000000001)" in line
        for line in err
    )


def test_a_group_labelled_for_the_controller_is_skipped_whatever_its_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # terraform-aws-eks' Karpenter example: the group the controller's nodeSelector karpenter.sh/controller selects
    path = tmp_path / "main.tf"
    path.write_text(
        'module "eks" {\n  source = "terraform-aws-modules/eks/aws"\n  eks_managed_node_groups = {\n'
        '    karpenter = {\n      instance_types = ["m5.large"]\n      labels = { "karpenter.sh/controller" = "true" }\n    }\n'
        '    web = {\n      instance_types = ["m6i.large"]\n    }\n  }\n}\n'
    )
    status, imported, err = run(capsys, path)
    assert imported is not None and [t["name"] for t in imported["tenants"]] == ["web"]
    assert (
        f"skipped: {path}: module.eks.eks_managed_node_groups.karpenter: node group karpenter runs the Karpenter "
        'controller (it is labelled karpenter.sh/controller: "true" (module.eks.eks_managed_node_groups.karpenter.'
        "labels.karpenter.sh/controller)): not a tenant; it stays a managed node group, as the controller must not "
        "run on nodes Karpenter manages"
    ) in err


def test_only_the_controllers_group_is_exit_2_saying_it_was_skipped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "main.tf"
    path.write_text(
        'module "eks" {\n  source = "terraform-aws-modules/eks/aws"\n  eks_managed_node_groups = {\n'
        '    core = {\n      instance_types = ["m5.large"]\n    }\n  }\n}\n'
    )
    out = tmp_path / "tenants.yaml"
    status, imported, err = run(capsys, path, "--out-file", out)
    assert (status, imported) == (2, None) and not out.exists()
    assert err[0].startswith(
        f"error: {path}: module.eks.eks_managed_node_groups.core: node group core runs the Karpenter"
    )
    assert err[-1] == f"error: {path}: no node group could be imported (the reasons above)"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (
            "tenants: []\n",
            "not a cluster file (one YAML mapping with cluster: and karpenter:): name the cluster file the "
            "tenants go to with --cluster-file",
        ),
        (
            yaml.safe_dump({"cluster": {"name": "acme"}, "karpenter": {"controller": {"nodeGroup": ["core"]}}}),
            "karpenter.controller.nodeGroup: ['core'] is not a node group name; write the name of the managed node group the "
            "controller runs on",
        ),
        ("cluster: [\n", None),
    ],
)
def test_a_bad_cluster_file_is_exit_2_with_one_line_naming_it_and_nothing_written(
    content: str, message: str | None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "acme.yaml"
    path.write_text(content)
    out = tmp_path / "tenants.yaml"
    status, imported, err = run(capsys, TEAM, "--cluster-file", path, "--out-file", out)
    assert (status, imported) == (2, None) and not out.exists()
    assert len(err) == 1 and err[0].startswith(f"error: {path}"), err
    if message is not None:
        assert err[0] == f"error: {path}: {message}"


def test_node_groups_made_by_a_for_expression_over_a_customers_map_are_each_imported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 40 customers are written once: a map of customers and one for expression making their node groups
    path = tmp_path / "main.tf"
    path.write_text(
        'locals {\n  tags = { ManagedBy = "terraform" }\n'
        '  customers = {\n    alpha = { max = 4 }\n    beta = { max = 2, types = ["g5.xlarge"], gpu = true }\n  }\n}\n'
        'module "eks" {\n  source = "terraform-aws-modules/eks/aws"\n  version = "~> 21.0"\n'
        '  eks_managed_node_groups = merge(\n    { core = { instance_types = ["m6i.large"] } },\n'
        "    { for name, c in local.customers : name => {\n"
        '        ami_type = try(c.gpu, false) ? "AL2023_x86_64_NVIDIA" : "AL2023_x86_64_STANDARD"\n'
        '        instance_types = try(c.types, ["m6i.xlarge"])\n        max_size = c.max\n'
        "        labels = { tenant = name }\n"
        '        taints = { tenant = { key = "tenant", value = name, effect = "NO_SCHEDULE" } }\n'
        '        iam_role_name = "${name}-nodes"\n        iam_role_use_name_prefix = false\n'
        "        tags = merge(local.tags, { customer = name })\n      } }\n  )\n}\n"
    )
    status, imported, err = run(capsys, path)
    assert imported is not None, err
    tenants = {t["name"]: t for t in imported["tenants"]}
    assert sorted(tenants) == ["alpha", "beta"]
    assert tenants["alpha"]["limits"] == {"cpu": "16", "memory": "64Gi"}  # 4 x m6i.xlarge (4 vCPUs, 16Gi)
    assert tenants["beta"]["limits"] == {"cpu": "8", "memory": "32Gi", "nvidia.com/gpu": "2"}  # 2 x g5.xlarge, 1 GPU
    assert tenants["beta"]["tags"] == {"ManagedBy": "terraform", "customer": "beta"}
    assert tenants["beta"]["nodeRole"] == "beta-nodes" and tenants["alpha"]["dedicated"] is True
    assert not [line for line in err if line.startswith("unresolved:")], err
    synthesized(tmp_path, imported)


def test_the_file_import_nodegroups_writes_is_what_synth_takes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "tenants.yaml"
    assert main(["import-nodegroups", str(TEAM), "--out-file", str(out)]) == 1
    clusters = write_cluster(tmp_path / "clusters", cluster_dict(BASE_V1, **yaml.safe_load(out.read_text()))).parent
    capsys.readouterr()
    assert main(["--clusters", str(clusters), "synth", "--out", str(tmp_path / "dist")]) == 0, capsys.readouterr().err
    pools = {p.parent.name for p in (tmp_path / "dist" / "acme" / "tenants").glob("*/nodepool-*.yaml")}
    assert pools == {"alpha", "beta", "gamma-gpu", "delta-train"}
