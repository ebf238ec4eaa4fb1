"""convert.nodegroups.record: the report each line of which is said once, values checked as known before they are
used, and node group names as tenant names."""

from __future__ import annotations

from karpenter_tenants.convert.hcl_values import Unresolved
from karpenter_tenants.convert.nodegroups.record import Arguments, FileReport, Report, tenant_name


def test_a_line_is_reported_once_however_often_it_is_found() -> None:
    report = FileReport("main.tf", Report())
    report.note("module.eks", "read")
    report.note("module.eks", "read")
    assert report.report.notes == ["main.tf: module.eks: read"]


def test_a_value_with_an_unknown_part_is_none_and_each_unknown_part_is_reported_with_what_to_set() -> None:
    report = FileReport("main.tf", Report())
    assert report.known(["m6i.large"], "p", "requirements.instanceTypes") == ["m6i.large"]
    unknown = Unresolved("var.types", "var.types has no default")
    assert report.known(["m6i.large", unknown], "p", "requirements.instanceTypes") is None
    assert report.report.unresolved == [
        "main.tf: p[1]: var.types has no default: set requirements.instanceTypes yourself"
    ]


def test_map_entries_are_strings_and_what_is_not_one_is_left_out_and_reported() -> None:
    report = FileReport("a.json", Report())
    assert report.entries({"a": "x", "b": True, "c": None, "d": [1]}, "nodegroup.labels", "labels") == {
        "a": "x",
        "b": "true",
    }
    assert report.report.unsupported == ["a.json: nodegroup.labels.d: [1] is not a string"]
    assert report.entries("web", "nodegroup.tags", "tags") == {}
    assert report.report.unsupported[-1] == "a.json: nodegroup.tags: 'web' is not a map: set tags yourself"


def test_a_node_group_name_becomes_an_rfc_1123_label_of_at_most_63_characters() -> None:
    assert tenant_name("Beta_ARM.nodes") == "beta-arm-nodes"
    assert tenant_name("__") == ""
    assert tenant_name("a" * 62 + "_b") == "a" * 62


def test_an_argument_taken_is_gone_from_the_rest_and_one_not_given_has_its_default_at_its_path() -> None:
    args = Arguments("module.eks", {"name": ("web", "module.eks.name"), "size": (None, "module.eks.size")})
    assert args.given("name") and not args.given("size")
    assert args.take("name") == ("web", "module.eks.name") and "name" not in args.args
    assert args.take("max_size", 3) == (3, "module.eks.max_size")


def test_what_forty_node_groups_share_is_one_line_naming_them() -> None:
    """issue 43: 81 `unsupported:` lines, mostly min_size and update_config x 40: one line each, naming the groups;
    a message that differs per group (its value) stays its own line; the lines keep their first place."""
    from karpenter_tenants.convert.nodegroups.record import Report

    report = Report()
    report.add("unsupported", "main.tf: module.eks.subnet_ids", "first")
    for i in range(40):
        report.add(
            "unsupported", f"main.tf: module.eks.eks_managed_node_groups.g{i:02}.min_size", "no minimum in Karpenter"
        )
        report.add("unsupported", f"main.tf: module.eks.eks_managed_node_groups.g{i:02}.update_config", "no equivalent")
    report.add("unsupported", "main.tf: module.eks.eks_managed_node_groups.g00.taints", "one of its own")
    lines = report.grouped("unsupported")
    assert lines == [
        "main.tf: module.eks.subnet_ids: first",
        "main.tf: module.eks.eks_managed_node_groups.{40 node groups: g00, g01, g02, g03, g04 and 35 more}.min_size: "
        "no minimum in Karpenter",
        "main.tf: module.eks.eks_managed_node_groups.{40 node groups: g00, g01, g02, g03, g04 and 35 more}.update_config: "
        "no equivalent",
        "main.tf: module.eks.eks_managed_node_groups.g00.taints: one of its own",
    ]
    assert len(report.unsupported) == 82  # --verbose: every line
