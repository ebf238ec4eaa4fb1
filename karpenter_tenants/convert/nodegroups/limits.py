"""A node group's capacity as its tenant's limits: max size x the largest of its instance types' vCPUs, memory and
accelerators (nvidia.com/gpu, amd.com/gpu, aws.amazon.com/neuron), each taken on its own, from Karpenter's
instance-type catalogue in the reference data (capacity.catalogue: instance-types.md of the 1.x reference release).

Owns the limits' arithmetic and how they are said. Imports config, capacity, reference and the record."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from karpenter_tenants.capacity.catalogue import (
    ACCELERATORS,
    Catalogue,
    CatalogueMissing,
    catalogue_folder,
    load_catalogue,
)
from karpenter_tenants.config.schema.requirements import Limits
from karpenter_tenants.convert.nodegroups.record import NodeGroup, NodeGroupsRefused

# The accelerators a tenant's limits can name (config.schema.requirements.Limits), in the catalogue's order.
LIMITED_ACCELERATORS = [
    name for name in ACCELERATORS if name in {info.alias or field for field, info in Limits.model_fields.items()}
]
MEMORY_LABEL = "karpenter.k8s.aws/instance-memory"  # MiB, the node's capacity Karpenter counts against limits


def shared() -> Path:
    from karpenter_tenants.reference.shared import shared_dir

    return shared_dir()


@cache
def _catalogue(folder: Path) -> Catalogue:
    return load_catalogue(folder)


def catalogue() -> Catalogue | str:
    """The catalogue, or why there is none (the missing file and the fix); NodeGroupsRefused when it is malformed."""
    try:
        return _catalogue(shared())
    except CatalogueMissing as missing:
        return str(missing)
    except ValueError as error:  # a CatalogueError: the reference data is not what upstream publishes
        raise NodeGroupsRefused([str(error)]) from None


def mebibytes(amount: int) -> str:
    """MiB as a Kubernetes quantity: Gi when whole, else Mi."""
    return f"{amount // 1024}Gi" if amount % 1024 == 0 else f"{amount}Mi"


def limits(group: NodeGroup) -> dict[str, str] | None:
    """max size x the largest of the instance types' vCPUs, memory and each accelerator (each taken on its own);
    None, reported at the max size, when that is not known."""
    if group.max_size is None:
        return None
    report, hint = group.report, "limits.cpu and limits.memory yourself"
    if group.instance_types is None:
        report.unresolved(
            group.max_path,
            f"the instance types are not known, so neither is the capacity of {group.max_size} nodes: set {hint}",
        )
        return None
    found = catalogue()
    if isinstance(found, str):
        report.unresolved(
            group.max_path, f"no instance-type catalogue to size {group.max_size} nodes ({found}): set {hint}"
        )
        return None
    types = [found.by_name.get(name) for name in group.instance_types]
    unknown = [name for name, it in zip(group.instance_types, types, strict=True) if it is None]
    if unknown:
        report.unsupported(
            group.max_path,
            f"{', '.join(unknown)}: not in the instance types of Karpenter's catalogue "
            f"({catalogue_folder(shared())}) (a typo?): set {hint}",
        )
        return None
    known = [it for it in types if it is not None]
    cpu = max(it.vcpus for it in known)
    memory = max(int(it.labels[MEMORY_LABEL]) for it in known)
    result = {"cpu": str(group.max_size * cpu), "memory": mebibytes(group.max_size * memory)}
    largest = [f"{cpu} vCPUs", mebibytes(memory)]
    for resource in LIMITED_ACCELERATORS:
        count = max(int(it.amount(resource)) for it in known)
        if count:
            result[resource] = str(group.max_size * count)
            largest.append(f"{count} {resource}")
    default = " (the module's default)" if group.max_default else ""
    said = ", ".join(f"{key} {value}" for key, value in result.items())
    report.note(
        group.max_path,
        (
            f"{group.max_size} nodes{default} x the largest instance type ({', '.join(largest)}) = limits {said}: the "
            f"capacity the group could reach (limits.nodes: {group.max_size} would cap the number of nodes instead)"
        ),
    )
    return result
