"""The node-group record the readers (terraform_module, terraform_resource, describe) fill and the draft turns into
tenants: one node group's settings, already in the config model's terms, with the path each was read at, and the
report its findings go to.

Owns: NodeGroup, Role, Arguments (a block's arguments as a reader consumes them), Report and FileReport (what the
user reads on stderr), NodeGroupsRefused, and the names every reader shares. Imports config and convert.importer,
nothing else of convert.nodegroups."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from karpenter_tenants.config.listing import first_few
from karpenter_tenants.config.schema.tenancy import Tenancy
from karpenter_tenants.convert.hcl_values import as_text, short, unresolved_parts
from karpenter_tenants.convert.importer import ImportFailed

DESCRIBE = "aws eks describe-nodegroup --output json"
# Terraform's unique-name suffix (name_prefix / use_name_prefix): a UTC timestamp and a counter.
UNIQUE_SUFFIX = re.compile(r"-?[0-9]{18}[0-9a-f]{8}$")
KINDS = "pass .tf files or folders of them, .tfvars files, or `aws eks describe-nodegroup --output json` files"
TENANT_KEY: str = Tenancy.model_fields[
    "label_key"
].default  # tenancy.labelKey's default: the label and taint synth adds

# Input that cannot be imported at all: every problem, each one line naming the file and the fix.
NodeGroupsRefused = ImportFailed


@dataclass
class Report:
    """What the user reads on stderr, each line once: notes (what was decided), node groups skipped (and why),
    unresolved values (not known without Terraform) and settings without a Karpenter equivalent (what to do
    instead)."""

    notes: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # node groups not imported by design (the controller's)
    unresolved: list[str] = field(default_factory=list)
    unsupported: list[str] = field(default_factory=list)

    def add(self, kind: str, where: str, message: str) -> None:
        lines = getattr(self, kind)
        line = f"{where}: {message}"
        if line not in lines:
            lines.append(line)
            self._entries.setdefault(kind, []).append((where, message))

    _entries: dict[str, list[tuple[str, str]]] = field(default_factory=dict, repr=False, compare=False)

    def grouped(self, kind: str) -> list[str]:
        """The kind's lines, those that say the same of several node groups as one: the same message at paths that
        differ in one dotted part only (`….eks_managed_node_groups.<group>.min_size` of 40 groups) becomes one line
        naming the groups (the first five and how many more), in the place of the first."""
        kept = set(getattr(self, kind))  # a skipped group's lines are taken out of the list again
        entries = [(where, message) for where, message in self._entries.get(kind, []) if f"{where}: {message}" in kept]
        buckets: dict[tuple[str, int], list[int]] = {}
        for index, (where, _) in enumerate(entries):
            file, _, path = where.rpartition(": ")
            buckets.setdefault((file, path.count(".")), []).append(index)
        lines: dict[int, str] = {}
        for (file, _), indices in buckets.items():
            parts = {i: entries[i][0].rpartition(": ")[2].split(".") for i in indices}

            # the part that names the node group: the one whose removal leaves the fewest distinct lines
            width = len(parts[indices[0]])
            at = (
                min(range(width), key=lambda v: (len(_grouping(entries, indices, parts, v)), v))
                if len(indices) >= 3 and width
                else None
            )
            for (_, said), members in (
                _grouping(entries, indices, parts, at).items() if at is not None else [(((), ""), [i]) for i in indices]
            ):
                if at is None or len(members) < 3:
                    lines.update({i: f"{entries[i][0]}: {entries[i][1]}" for i in members})
                    continue
                names = list(dict.fromkeys(parts[i][at] for i in members))
                shown = first_few(names)
                first = parts[members[0]]
                path = ".".join([*first[:at], f"{{{len(names)} node groups: {shown}}}", *first[at + 1 :]])
                lines[members[0]] = (
                    f"{file + ': ' if file else ''}{path}: {said if len(names) > 1 else entries[members[0]][1]}"
                )
        return [lines[i] for i in sorted(lines)]


def _grouping(
    entries: list[tuple[str, str]], indices: list[int], parts: dict[int, list[str]], at: int
) -> dict[tuple[Any, ...], list[int]]:
    """The entries by their path without part `at` and their message with that part's value (the node group's name,
    also in a role or an address it names) as <group>."""
    found: dict[tuple[Any, ...], list[int]] = {}
    for i in indices:
        name, message = parts[i][at], entries[i][1]
        # a pattern per name (thousands of groups: past re's cache) only where the message holds the name at all
        said = (
            re.sub(rf"(?<![A-Za-z0-9_]){re.escape(name)}(?![A-Za-z0-9_])", "<group>", message)
            if name in message
            else message
        )
        found.setdefault((tuple(parts[i][:at] + parts[i][at + 1 :]), said), []).append(i)
    return found


@dataclass
class FileReport:
    """The report, each line naming one input file; known and entries check a value and report what of it is not
    usable."""

    file: str
    report: Report

    def note(self, path: str, message: str) -> None:
        self.report.add("notes", f"{self.file}: {path}", message)

    def unsupported(self, path: str, message: str) -> None:
        self.report.add("unsupported", f"{self.file}: {path}", message)

    def unresolved(self, path: str, message: str) -> None:
        self.report.add("unresolved", f"{self.file}: {path}", message)

    def known(self, value: Any, path: str, hint: str) -> Any:
        """value when every part of it is known; else None, each unknown part reported with what to set."""
        parts = unresolved_parts(value, path)
        for where, part in parts:
            self.unresolved(where, f"{part.reason}: set {hint} yourself")
        return None if parts else value

    def entries(self, value: Any, path: str, hint: str) -> dict[str, str]:
        """The known entries of a map of strings (labels, tags); each unknown or non-string one reported."""
        mapping = self.known(value, path, hint) if not isinstance(value, dict) else value
        if mapping is None:
            return {}
        if not isinstance(mapping, dict):
            self.unsupported(path, f"{short(repr(mapping))} is not a map: set {hint} yourself")
            return {}
        found = {}
        for key, item in mapping.items():
            if self.known(key, path, hint) is None or self.known(item, f"{path}.{key}", f"{hint}.{key}") is None:
                continue
            if item is None:
                continue
            if isinstance(item, list | dict):
                self.unsupported(f"{path}.{key}", f"{short(repr(item))} is not a string")
                continue
            found[str(key)] = as_text(item)  # as Terraform converts a bool or number: 1e3 is "1000"
        return found


@dataclass
class Role:
    name: str
    existing: str  # as iam.existing.roles lists it: the name, or the ARN of a role at a path
    owner: str | None = None  # the Terraform that creates it, when it does


@dataclass(eq=False)
class NodeGroup:
    """One node group as the readers found it: its tenant's settings so far (requirements, the tenant fields, its
    own taints), what the draft needs to size and group it, and where it was read."""

    where: str  # the node group in its file: module.eks.eks_managed_node_groups.web, nodegroup web...
    report: FileReport
    name: str = ""  # its tenant's name (an RFC 1123 label); empty when it cannot be imported
    eks_name: str = ""  # its name in EKS as written (the name the controller's affinity selects)
    controller_label: str | None = None  # where the group carries karpenter.sh/controller: "true", if it does
    autoscaled: bool = False  # it carries cluster-autoscaler's discovery tags (k8s.io/cluster-autoscaler/...)
    requirements: dict[str, Any] = field(default_factory=dict)
    fields: dict[str, Any] = field(default_factory=dict)
    instance_types: list[str] | None = None
    max_size: int | None = None
    max_path: str = ""
    max_default: bool = False  # the max size is the module's default, not written
    family: str | None = None  # the alias family
    role: Role | None = None
    taints: list[dict[str, str]] = field(default_factory=list)
    dedicated: bool = False
    # The tenant its tenant label and taint (TENANT_KEY) name, with where each was read: node groups of one tenant
    # become its pools.
    label_owner: tuple[str, str] | None = None
    taint_owner: tuple[str, str] | None = None

    @property
    def file(self) -> str:
        return self.report.file


def tenant_name(name: str) -> str:
    """A node group's name as an RFC 1123 label: lowercase, every other character '-', at most 63."""
    label = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return label[:63].rstrip("-")


class Arguments:
    """A block's arguments (each resolved, with the path it was read at); `take` consumes one, and what is left
    is reported by settings.rest."""

    def __init__(self, where: str, args: dict[str, tuple[Any, str]]) -> None:
        self.where, self.args = where, args

    def given(self, name: str) -> bool:
        return self.args.get(name, (None,))[0] is not None

    def take(self, name: str, default: Any = None) -> tuple[Any, str]:
        value, path = self.args.pop(name, (None, f"{self.where}.{name}"))
        return (default, path) if value is None else (value, path)
