"""Terraform read statically for the node group readers: .tf files parsed (python-hcl2), grouped by folder with the
folder's locals, variable defaults and var files (terraform.tfvars, *.auto.tfvars, the -var-file FILEs), each file a
Source its blocks are read from; and a node role given as an `aws_iam_role` of the same folder.

Owns the HCL reading. Imports config, convert.hcl_values and the record and settings; not the readers of blocks
(terraform_module, terraform_resource), which import it."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from karpenter_tenants.config.yaml_input import read_json, read_text
from karpenter_tenants.convert.hcl_values import NO_DEFAULT, Resolver, Scope, Unresolved, unquote
from karpenter_tenants.convert.nodegroups.record import KINDS, FileReport, NodeGroup, NodeGroupsRefused, Report, Role
from karpenter_tenants.convert.nodegroups.settings import role_of_arn


def parse_hcl(path: Path) -> dict[str, Any]:
    """A .tf or .tfvars file as python-hcl2 reads it; NodeGroupsRefused naming the line when it is not HCL."""
    import hcl2
    from hcl2.utils import SerializationOptions
    from lark.exceptions import LarkError, UnexpectedInput, VisitError

    text = read_text(path)
    options = SerializationOptions(
        with_comments=False, explicit_blocks=False, preserve_heredocs=False, preserve_scientific_notation=False
    )
    try:
        tree = hcl2.parses(text)
        _no_argument_twice(tree, path)
        return hcl2.serialize(tree, serialization_options=options)
    except UnexpectedInput as error:
        where = f"{path}:{error.line}" if getattr(error, "line", -1) > 0 else str(path)
        column = f" (column {error.column})" if getattr(error, "column", -1) > 0 else ""
        raise NodeGroupsRefused([f"{where}: not Terraform (HCL) syntax{column}; {KINDS}"]) from None
    except (RecursionError, VisitError) as error:
        if isinstance(error, RecursionError) or isinstance(error.orig_exc, RecursionError):
            raise NodeGroupsRefused([f"{path}: nested too deeply to read as Terraform (HCL); flatten it"]) from None
        raise NodeGroupsRefused([f"{path}: not Terraform (HCL) syntax python-hcl2 reads; {KINDS}"]) from None
    except (LarkError, ValueError):
        raise NodeGroupsRefused([f"{path}: not Terraform (HCL) syntax python-hcl2 reads; {KINDS}"]) from None


def _no_argument_twice(tree: Any, path: Path) -> None:
    """Terraform refuses a block that sets one argument twice ("Duplicate argument"); python-hcl2 would keep the last."""
    stack = [tree]
    while stack:
        node = stack.pop()
        children = [c for c in getattr(node, "children", None) or [] if hasattr(c, "children")]
        if type(node).__name__ == "BodyRule":
            seen: dict[str, int] = {}
            for child in children:
                if type(child).__name__ != "AttributeRule":
                    continue
                name, line = str(child.children[0].serialize()), getattr(child._meta, "line", 0)  # noqa: SLF001
                if name in seen:
                    raise NodeGroupsRefused(
                        [
                            f"{path}:{line}: {name} is already set at line {seen[name]} of the same "
                            "block; Terraform refuses the file (Duplicate argument): keep one"
                        ]
                    )
                seen[name] = line
        stack += children


_LABELS = {"module": 1, "resource": 2, "variable": 1, "locals": 0}


def blocks(data: dict[str, Any], kind: str) -> list[tuple[list[str], dict[str, Any]]]:
    """(labels, body) of every `kind` block of a parsed file: `module "eks" {...}` -> (["eks"], {...})."""
    found = []
    for entry in data.get(kind, []) if isinstance(data.get(kind), list) else []:
        stack = [([], entry)]
        while stack:
            labels, node = stack.pop()
            keys = [k for k in node if not k.startswith("__")] if isinstance(node, dict) else []
            if len(labels) < _LABELS[kind] and len(keys) == 1 and isinstance(node[keys[0]], dict):
                stack.append(([*labels, unquote(keys[0])], node[keys[0]]))
            elif isinstance(node, dict):
                found.append((labels, node))
    return found


@dataclass
class Folder:
    """A Terraform folder's files (parsed) and the values its expressions resolve against."""

    scope: Scope = field(default_factory=Scope)
    files: list[tuple[str, dict[str, Any]]] = field(default_factory=list)


def read_terraform(
    tf_files: list[Path], auto_vars: dict[Path, list[Path]], var_files: list[Path]
) -> dict[Path, Folder]:
    """The .tf files by folder: each folder's locals and variable defaults, then its auto var files and the var
    files given (later ones win, as in Terraform)."""
    folders: dict[Path, Folder] = {}
    explicit = [(path, _var_values(path)) for path in var_files]
    for path in tf_files:
        folder = folders.setdefault(path.parent, Folder())
        data = parse_hcl(path)
        folder.files.append((str(path), data))
        for _, body in blocks(data, "locals"):
            for name, value in body.items():
                if name.startswith("__"):
                    continue
                if name in folder.scope.locals:  # Terraform refuses the module: "Duplicate local value definition"
                    raise NodeGroupsRefused(
                        [
                            f"{path}: local.{name} is defined twice in {path.parent} (locals blocks of "
                            "its files); Terraform refuses the module (Duplicate local value "
                            "definition): keep one"
                        ]
                    )
                folder.scope.locals[name] = value
        for labels, body in blocks(data, "variable"):
            if labels:
                folder.scope.defaults[labels[0]] = body["default"] if "default" in body else NO_DEFAULT
                if body.get("type") in ("number", "bool", "string"):
                    folder.scope.types[labels[0]] = body["type"]
    for parent, folder in folders.items():
        for path, values in [*((p, _var_values(p)) for p in auto_vars.get(parent, [])), *explicit]:
            folder.scope.values.update(values)
            folder.scope.var_files.append(str(path))
    return folders


def _var_values(path: Path) -> dict[str, Any]:
    if path.name.endswith(".json"):
        data = read_json(path, written_by="terraform's -var-file JSON")
        if not isinstance(data, dict):
            raise NodeGroupsRefused([f"{path}: not a .tfvars.json object of variable values"])
        return {k: _json_as_hcl(v) for k, v in data.items()}
    return {k: v for k, v in parse_hcl(path).items() if not k.startswith("__")}


def _json_as_hcl(value: Any) -> Any:
    """A JSON value written as python-hcl2 gives HCL ones (strings quoted), for the resolver."""
    import json

    if isinstance(value, str):
        return json.dumps(value).replace("${", "$${").replace("%{", "%%{")
    if isinstance(value, list):
        return [_json_as_hcl(v) for v in value]
    if isinstance(value, dict):
        return {k: _json_as_hcl(v) for k, v in value.items()}
    return value


@dataclass
class Source:
    """A .tf file being read: its folder's values and aws_iam_role resources, and the report (by this file)."""

    file: str
    resolver: Resolver
    roles: dict[str, dict[str, Any]]
    report: FileReport


def sources(folder: Folder, report: Report) -> list[tuple[Source, dict[str, Any]]]:
    """Each file of the folder as a Source, with its parsed blocks."""
    resolver = Resolver(folder.scope)
    roles = {
        labels[1]: body
        for _, data in folder.files
        for labels, body in blocks(data, "resource")
        if len(labels) == 2 and labels[0] == "aws_iam_role"
    }
    return [(Source(file, resolver, roles, FileReport(file, report)), data) for file, data in folder.files]


def node_role(source: Source, group: NodeGroup, value: Any, path: str) -> Role | None:
    """A node role given by ARN: literal, from a variable or local, or an `aws_iam_role` of the same folder whose
    name is written in it."""
    reference = (
        re.fullmatch(r"aws_iam_role\.([A-Za-z_][A-Za-z0-9_-]*)\.arn", value.expression)
        if isinstance(value, Unresolved)
        else None
    )
    if reference and reference.group(1) in source.roles:
        owner = f"aws_iam_role.{reference.group(1)}"
        name = source.resolver.value(source.roles[reference.group(1)].get("name"))
        if isinstance(name, str):
            return Role(name, name, owner)
        why = (
            name.reason if isinstance(name, Unresolved) else f"{owner} is named by name_prefix, known only after apply"
        )
        group.report.unresolved(
            path,
            f"{why}: `terraform state show {owner}` gives its name: set nodeRole (and iam.existing.roles) yourself",
        )
        return None
    return role_of_arn(group, value, path)
