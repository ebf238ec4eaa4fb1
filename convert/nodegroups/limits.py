"""A node group's capacity as its tenant's limits: max size x the largest of its instance types' vCPUs and memory,
each taken on its own, from Karpenter's instance-type reference data of the 1.x reference release.

Owns the reading of that reference page. Imports config, checks (the shared folder) and the record."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from config.versions import Generation, reference_version
from config.yaml_input import read_text
from convert.nodegroups.record import NodeGroup
from reference.versions import reference_folder


def instance_types_file() -> Path:
    """Karpenter's instance-type reference (vCPUs, memory, architecture of every type) of the 1.x reference release."""
    from reference.shared import shared_dir

    return reference_folder(shared_dir(), reference_version(Generation.V1)) / "reference" / "instance-types.md"


@cache
def instance_facts(path: Path) -> dict[str, tuple[int, int, str]] | None:
    """instance type -> (vCPUs, memory in MiB, architecture), from the reference page; None without one."""
    if not path.is_file():
        return None
    facts = {}
    for section in read_text(path).split("\n### `")[1:]:
        name = section.split("`", 1)[0]
        cpu = re.search(r"\|karpenter\.k8s\.aws/instance-cpu\|([0-9]+)\|", section)
        memory = re.search(r"\|karpenter\.k8s\.aws/instance-memory\|([0-9]+)\|", section)
        arch = re.search(r"\|kubernetes\.io/arch\|([a-z0-9]+)\|", section)
        if cpu and memory and arch:
            facts[name] = (int(cpu.group(1)), int(memory.group(1)), arch.group(1))
    return facts


def mebibytes(amount: int) -> str:
    return f"{amount // 1024}Gi" if amount % 1024 == 0 else f"{amount}Mi"


def limits(group: NodeGroup) -> dict[str, str] | None:
    """max size x the largest of the instance types' vCPUs and memory (each taken on its own); None, reported at
    the max size, when that is not known."""
    if group.max_size is None:
        return None
    report, hint = group.report, "limits.cpu and limits.memory yourself"
    if group.instance_types is None:
        report.unresolved(group.max_path, f"the instance types are not known, so neither is the capacity of "
                                          f"{group.max_size} nodes: set {hint}")
        return None
    path = instance_types_file()
    facts = instance_facts(path)
    if facts is None:
        report.unresolved(group.max_path, f"no instance-type reference data ({path}) to size {group.max_size} nodes: "
                                          f"set {hint}")
        return None
    unknown = [t for t in group.instance_types if t not in facts]
    if unknown:
        report.unsupported(group.max_path, f"{', '.join(unknown)}: not in Karpenter {reference_version(Generation.V1)}'s "
                                           f"instance types (a typo?): set {hint}")
        return None
    cpu = max(facts[t][0] for t in group.instance_types)
    memory = max(facts[t][1] for t in group.instance_types)
    found = {"cpu": str(group.max_size * cpu), "memory": mebibytes(group.max_size * memory)}
    default = " (the module's default)" if group.max_default else ""
    report.note(group.max_path, (
        f"{group.max_size} nodes{default} x the largest instance type ({cpu} vCPUs, {mebibytes(memory)}) = "
        f"limits cpu {found['cpu']}, memory {found['memory']}: the capacity the group could reach (limits.nodes: "
        f"{group.max_size} would cap the number of nodes instead)"
    ))
    return found
