"""`import`'s field consumption, shared by the importers of both generations (convert/importer.py: 1.x NodePool +
EC2NodeClass, Karpenter 0.31 Provisioner + AWSNodeTemplate): a field is taken from a copy of the manifest as it is
mapped to the config model (take, move), and whatever is left is reported by its path (_leftovers); Importer, their
base, maps what both generations write alike (object metadata dropped, requirements, taints, block devices, limits)
and reads each kind's objects by name.
Imports config, and convert.importer's Document for its annotations (under TYPE_CHECKING: never run)."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from karpenter_tenants.config.schema.node_class import Ebs
from karpenter_tenants.config.schema.requirements import Limits
from karpenter_tenants.config.schema.tenancy import Tenancy

if TYPE_CHECKING:
    from karpenter_tenants.convert.importer import Document

# Fields of a block device's ebs the config model carries (Ebs, by their manifest spelling).
EBS_FIELDS = {info.alias or name for name, info in Ebs.model_fields.items()}
# Resources whose limits the config model carries (Limits, by their manifest spelling).
LIMIT_RESOURCES = [info.alias or name for name, info in Limits.model_fields.items()]
# The product's tenant label and taint key (tenancy.labelKey's default, config's): what tells the NodePools of one tenant.
TENANT_KEY: str = Tenancy.model_fields["label_key"].default


# --- consuming fields ---------------------------------------------------------------------------


def take(node: dict[str, Any], *path: str) -> Any:
    """Remove and return node[path...] (None when absent), dropping emptied parents."""
    parents = []
    current: Any = node
    for key in path[:-1]:
        if not isinstance(current, dict) or key not in current:
            return None
        parents.append((current, key))
        current = current[key]
    if not isinstance(current, dict):
        return None
    value = current.pop(path[-1], None)
    for parent, key in reversed(parents):
        if parent[key] == {}:
            del parent[key]
    return value


def tenant_marks(pool: Document) -> tuple[Any, Any]:
    """A NodePool's tenant label and tenant taint value (None where it has none)."""
    template = pool.obj["spec"].get("template") or {}
    label = ((template.get("metadata") or {}).get("labels") or {}).get(TENANT_KEY)
    taint = next(
        (
            t.get("value")
            for t in (template.get("spec") or {}).get("taints") or []
            if t.get("key") == TENANT_KEY and t.get("effect") == "NoSchedule"
        ),
        None,
    )
    return label, taint


def class_of(pool: Document) -> str:
    return str(pool.obj["spec"]["template"]["spec"]["nodeClassRef"]["name"])


def once(lines: list[str]) -> list[str]:
    """Each line once (the NodePools of a tenant that share a node class would report its fields each)."""
    return list(dict.fromkeys(lines))


def own_label_dropped(labels: dict[str, Any] | None, tenant: str) -> dict[str, Any] | None:
    """The labels without the product's own tenant label (`tenant: <tenant>`, which synth writes itself)."""
    if labels and labels.get(TENANT_KEY) == tenant:
        return {k: v for k, v in labels.items() if k != TENANT_KEY}
    return labels


def move(rest: dict[str, Any], path: tuple[str, ...], tenant: dict[str, Any], key: str) -> None:
    """Take rest[path] (when present) into tenant[key]."""
    value = take(rest, *path)
    if value is not None:
        tenant[key] = value


def placeholders(node: Any, path: str = "") -> list[tuple[str, str]]:
    """(path, value) of every string holding a shell/template placeholder like ${CLUSTER_NAME}."""
    if isinstance(node, dict):
        return [
            hit for key, value in node.items() for hit in placeholders(value, f"{path}.{key}" if path else str(key))
        ]
    if isinstance(node, list):
        return [hit for index, value in enumerate(node) for hit in placeholders(value, f"{path}[{index}]")]
    return [(path, node)] if isinstance(node, str) and "${" in node else []


def _leftovers(node: Any, path: str = "") -> list[str]:
    if isinstance(node, dict) and node:
        found = []
        for key, value in node.items():
            found += _leftovers(value, f"{path}.{key}" if path else key)
        return found
    if isinstance(node, list) and node:
        return [path]
    return [path] if node not in ({}, [], None) else []


class Importer:
    def __init__(self, documents: list[Document]) -> None:
        self.documents = documents
        self.unsupported: list[str] = []
        self.notes: list[str] = []
        self.problems: list[str] = []
        self.owners: dict[str, list[str]] = {}  # 0.31: tenant named by a tenant label or taint -> its Provisioners

    def report_rest(
        self, document: Document, rest: dict[str, Any], why: str = "not expressible in the config model"
    ) -> None:
        for path in _leftovers(rest):
            self.unsupported.append(f"{document.where}: {path}: {why}")

    def by_kind(self, kind: str) -> dict[str, Document]:
        found: dict[str, Document] = {}
        for document in self.documents:
            if document.obj.get("kind") == kind:
                name = (document.obj.get("metadata") or {}).get("name")
                if not name:
                    self.problems.append(f"{document.where}: metadata.name is missing")
                elif name in found:
                    self.problems.append(f"{document.where}: a second {kind} named {name!r}")
                else:
                    found[name] = document
        return found

    def rest_of(self, document: Document) -> dict[str, Any]:
        """A copy of the document without what is not a node pool's behaviour; fields are taken from it as they
        are imported, and what remains is reported as not expressible."""
        rest = copy.deepcopy(document.obj)
        self.common_metadata(rest)
        return rest

    @staticmethod
    def common_metadata(rest: dict[str, Any]) -> None:
        """Object metadata other than the name is not part of a node pool's behaviour."""
        for key in (
            "labels",
            "annotations",
            "namespace",
            "uid",
            "resourceVersion",
            "generation",
            "creationTimestamp",
            "managedFields",
        ):
            take(rest, "metadata", key)
        take(rest, "status")
        for key in ("apiVersion", "kind"):
            rest.pop(key, None)
        take(rest, "metadata", "name")

    @staticmethod
    def requirements(raw: list[dict[str, Any]] | None) -> dict[str, Any]:
        """As written, in `extra`; but exact instance types (node.kubernetes.io/instance-type In, no minValues),
        which node group users think in, as the typed `instanceTypes`."""
        extra, typed = [], {}
        for requirement in raw or []:
            if (
                requirement["key"] == "node.kubernetes.io/instance-type"
                and requirement["operator"] == "In"
                and requirement.get("values")
                and requirement.get("minValues") is None
                and "instanceTypes" not in typed
            ):
                typed["instanceTypes"] = [str(v) for v in requirement["values"]]
                continue
            item = {"key": requirement["key"], "operator": requirement["operator"]}
            if requirement.get("values"):
                item["values"] = [str(v) for v in requirement["values"]]
            if requirement.get("minValues") is not None:
                item["minValues"] = requirement["minValues"]
            extra.append(item)
        return {"defaults": False, **typed, **({"extra": extra} if extra else {})}

    @staticmethod
    def taints(tenant: dict[str, Any], taints: list[dict[str, Any]] | None) -> None:
        own = {"key": TENANT_KEY, "value": tenant["name"], "effect": "NoSchedule"}
        rest = [t for t in taints or [] if {k: t.get(k) for k in ("key", "value", "effect")} != own]
        tenant["dedicated"] = len(rest) != len(taints or [])
        if rest:
            tenant["taints"] = [{k: t[k] for k in ("key", "value", "effect") if k in t} for t in rest]

    def block_devices(self, document: Document, raw: list[dict[str, Any]] | None) -> list[dict[str, Any]] | None:
        if raw is None:
            return None
        devices = []
        for index, mapping in enumerate(raw):
            ebs = dict(mapping.get("ebs") or {})
            for name in sorted(set(ebs) - EBS_FIELDS):  # e.g. volumeInitializationRate (1.x, not in the model)
                ebs.pop(name)
                self.unsupported.append(
                    f"{document.where}: spec.blockDeviceMappings[{index}].ebs.{name}: not expressible in the config model"
                )
            device: dict[str, Any] = {"deviceName": mapping.get("deviceName"), "ebs": ebs}
            if "rootVolume" in mapping:
                device["rootVolume"] = mapping["rootVolume"]
            if "volumeSize" in device["ebs"]:
                device["ebs"]["volumeSize"] = str(device["ebs"]["volumeSize"])
            devices.append(device)
        return devices

    @staticmethod
    def limits(tenant: dict[str, Any], limits: dict[str, Any] | None) -> dict[str, Any]:
        rest = dict(limits or {})
        found = {k: str(rest.pop(k)) for k in LIMIT_RESOURCES if k in rest}
        if found:
            tenant["limits"] = found
        return rest
