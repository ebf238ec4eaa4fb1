"""`import_nodegroups(paths)`: the FILE arguments sorted by kind (.tf files and folders of them, .tfvars files,
describe-nodegroup JSON), each read by its reader (terraform_module, terraform_resource, describe) into node-group
records, and the draft made of them.

Owns which reader a file goes to and what input is refused before any is read. Imports every module of
convert.nodegroups but the package's own __init__."""

from __future__ import annotations

import os
from pathlib import Path

from karpenter_tenants.config.yaml_input import InputError, read_text, read_yaml_all
from karpenter_tenants.convert.nodegroups.describe import read_describe
from karpenter_tenants.convert.nodegroups.draft import CONTROLLER_NODE_GROUP, Imported, draft, tenant_groups
from karpenter_tenants.convert.nodegroups.record import KINDS, NodeGroup, NodeGroupsRefused, Report
from karpenter_tenants.convert.nodegroups.terraform import Folder, blocks, read_terraform, sources
from karpenter_tenants.convert.nodegroups.terraform_module import read_module
from karpenter_tenants.convert.nodegroups.terraform_resource import read_resource


def import_nodegroups(
    paths: list[Path], controller: str = CONTROLLER_NODE_GROUP, disruption: str = "node-groups"
) -> Imported:
    """Every node group of the files as a tenant but the controller's (controller: karpenter.controller.nodeGroup);
    NodeGroupsRefused for input that cannot be read as node groups (nothing is written then). disruption: draft's."""
    report = Report()
    tf_files: list[Path] = []
    auto_vars: dict[Path, list[Path]] = {}
    var_files: list[Path] = []
    describe: list[Path] = []
    problems: list[str] = []
    for path in paths:
        if path.is_dir():
            found = sorted(p for p in path.glob("*.tf") if p.is_file())
            if not found:
                problems.append(f"{path}: a folder without .tf files; {KINDS}")
            tf_files += found
            auto = [p for p in (path / "terraform.tfvars", path / "terraform.tfvars.json") if p.is_file()]
            auto += sorted(
                p for p in path.glob("*.auto.tfvars*") if p.is_file() and p.name.endswith((".tfvars", ".json"))
            )
            if auto and found:
                auto_vars[path] = auto
                report.add("notes", str(path), f"read {', '.join(p.name for p in auto)}, as Terraform does")
        elif path.name.endswith(".tf.json"):
            problems.append(f"{path}: Terraform's JSON syntax is not read; write the node groups in .tf files")
        elif path.suffix == ".tf":
            tf_files.append(path)
        elif path.name.endswith((".tfvars", ".tfvars.json")):
            var_files.append(path)
        elif path.suffix == ".json":
            describe.append(path)
        else:  # no telling suffix: a JSON document or Terraform
            try:
                text = read_text(path)
            except InputError as error:
                problems.append(str(error))
                continue
            except OSError as error:
                problems.append(f"{path}: cannot read: {error.strerror or error}")
                continue
            (describe if text.lstrip().startswith("{") else tf_files).append(path)
    if problems:
        raise NodeGroupsRefused(problems)
    tf_files = list(
        {os.path.realpath(path): path for path in tf_files}.values()
    )  # named and in a folder named: once (realpath: a link loop is read, and said, below)
    try:
        groups = _terraform_groups(read_terraform(tf_files, auto_vars, var_files), report)
        groups += [read_describe(path, report) for path in describe]
    except InputError as error:
        raise NodeGroupsRefused([str(error)]) from None
    except OSError as error:
        raise NodeGroupsRefused([f"{error.filename or 'a file'}: cannot read: {error.strerror or error}"]) from None
    groups = tenant_groups([g for g in groups if g.name], controller)
    if not groups:
        named = ", ".join(str(p) for p in paths)
        lines = [*report.skipped, *report.unresolved, *report.unsupported]
        if lines:
            raise NodeGroupsRefused([*lines, f"{named}: no node group could be imported (the reasons above)"])
        raise NodeGroupsRefused(
            [
                f"{named}: no managed node group in it (a module's eks_managed_node_groups, a resource "
                '"aws_eks_node_group" or a describe-nodegroup document): name the files that define them'
            ]
        )
    return draft(groups, report, disruption)


def controller_node_group(path: Path) -> str:
    """karpenter.controller.nodeGroup of a cluster file (its default when the file does not set it);
    NodeGroupsRefused naming the file and the path when the file is not a cluster file or the value not a name."""
    try:
        documents = read_yaml_all(path)
    except InputError as error:
        raise NodeGroupsRefused([str(error)]) from None
    except OSError as error:
        raise NodeGroupsRefused([f"{path}: cannot read: {error.strerror or error}"]) from None
    if len(documents) != 1 or not isinstance(documents[0], dict) or "cluster" not in documents[0]:
        raise NodeGroupsRefused(
            [
                f"{path}: not a cluster file (one YAML mapping with cluster: and karpenter:): name "
                "the cluster file the tenants go to with --cluster-file"
            ]
        )
    value: object = documents[0]
    for key in ("karpenter", "controller", "nodeGroup"):
        value = value.get(key) if isinstance(value, dict) else None
    if value is None:
        return CONTROLLER_NODE_GROUP
    if not isinstance(value, str) or not value:
        raise NodeGroupsRefused(
            [
                f"{path}: karpenter.controller.nodeGroup: {value!r} is not a node group name; write "
                "the name of the managed node group the controller runs on"
            ]
        )
    return value


def _terraform_groups(folders: dict[Path, Folder], report: Report) -> list[NodeGroup]:
    """The node groups of every module and aws_eks_node_group block, file by file in the order given."""
    groups = []
    for folder in folders.values():
        for source, data in sources(folder, report):
            for labels, body in blocks(data, "module"):
                if labels:
                    groups += read_module(source, labels[0], body)
            for labels, body in blocks(data, "resource"):
                if len(labels) == 2 and labels[0] == "aws_eks_node_group":
                    group = read_resource(source, labels[1], body)
                    if group is not None:
                        groups.append(group)
    return groups
