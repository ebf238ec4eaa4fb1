"""`python main.py import FILE...`: existing Karpenter manifests -> the `tenants:` section of a cluster file.

Reads Provisioner + AWSNodeTemplate (Karpenter 0.31, inline `provider` blocks included) or
NodePool + EC2NodeClass (1.x), several per file and several files. Each node pool becomes a
tenant named after it, except NodePools of one tenant (its tenant label or taint, or NodePools sharing an
EC2NodeClass, as Karpenter's own examples write an amd64 and an arm64 pool on one class), which become that
tenant's `pools`; 0.31 has no pools, so there each Provisioner stays a tenant. A node role that several tenants
still share (node classes of one role) is declared in an `iam:` section (sharedNodeRoles, existing.roles), so that
what import writes synthesizes. Every field is either mapped to the config model or reported by its
path: mapping consumes fields from a copy of the manifest and whatever is left is reported.

Synthesizing the result reproduces the manifests field by field, modulo these documented
defaults (docs/import-migrate.md): the tenant label and tag this product adds, the
explicit default root volume and metadata options, `associatePublicIPAddress: false` (1.x),
requirements in a stable order, and inline `provider` blocks written as an AWSNodeTemplate.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from karpenter_tenants.config.listing import first_few, one_line
from karpenter_tenants.config.schema.node_class import ALIAS_FAMILIES, Ebs
from karpenter_tenants.config.schema.requirements import Limits
from karpenter_tenants.config.schema.tenancy import Tenancy
from karpenter_tenants.config.schema.tenant import POOL_KEYS  # what a pool sets on its own; the rest is the tenant's
from karpenter_tenants.config.versions import Generation, reference_version
from karpenter_tenants.config.yaml_input import InputError, read_yaml_all

# Fields of a block device's ebs the config model carries (Ebs, by their manifest spelling).
EBS_FIELDS = {info.alias or name for name, info in Ebs.model_fields.items()}
# Resources whose limits the config model carries (Limits, by their manifest spelling).
LIMIT_RESOURCES = [info.alias or name for name, info in Limits.model_fields.items()]

KINDS = {
    ("karpenter.sh/v1alpha5", "Provisioner"): Generation.V1ALPHA5,
    ("karpenter.k8s.aws/v1alpha1", "AWSNodeTemplate"): Generation.V1ALPHA5,
    ("karpenter.sh/v1", "NodePool"): Generation.V1,
    ("karpenter.k8s.aws/v1", "EC2NodeClass"): Generation.V1,
}
# The product's tenant label and taint key (tenancy.labelKey's default, config's): what tells the NodePools of one tenant.
TENANT_KEY: str = Tenancy.model_fields["label_key"].default
# Tenant settings from the node class, by the EC2NodeClass field they come from (a tenant has one node class).
CLASS_FIELDS = {
    "nodeRole": "spec.role",
    "ami": "spec.amiSelectorTerms",
    "subnetSelector": "spec.subnetSelectorTerms",
    "securityGroupSelector": "spec.securityGroupSelectorTerms",
    "capacityReservationSelector": "spec.capacityReservationSelectorTerms",
    "blockDevices": "spec.blockDeviceMappings",
    "metadataOptions": "spec.metadataOptions",
    "kubelet": "spec.kubelet",
    "userData": "spec.userData",
    "instanceStorePolicy": "spec.instanceStorePolicy",
    "detailedMonitoring": "spec.detailedMonitoring",
    "associatePublicIPAddress": "spec.associatePublicIPAddress",
    "tags": "spec.tags",
}
# Tenant settings from the NodePool that a pool cannot set on its own.
POOL_TENANT_FIELDS = {
    "annotations": "spec.template.metadata.annotations",
    "startupTaints": "spec.template.spec.startupTaints",
    "terminationGracePeriod": "spec.template.spec.terminationGracePeriod",
    "dedicated": f"spec.template.spec.taints (the tenant taint {TENANT_KEY}=<tenant>:NoSchedule)",
}
# Karpenter 0.31's defaults for an AWSNodeTemplate without metadataOptions (hop limit 2, not 1).
V1ALPHA5_METADATA_DEFAULTS = {
    "httpEndpoint": "enabled",
    "httpProtocolIPv6": "disabled",
    "httpPutResponseHopLimit": 2,
    "httpTokens": "required",
}


def _label(value: object, most: int = 120) -> str:
    """A name, kind or file read from the input as one line of terminal text (config.listing.one_line: an escape
    sequence or newline in a NodePool's name cannot drive the terminal), cut at `most`."""
    text = one_line(str(value))
    return text if len(text) <= most else text[: most - 1] + "…"


class ImportFailed(Exception):
    """Input that cannot be imported at all: every problem, each naming its file, each one line of terminal text (the
    values they quote are the input's)."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = [one_line(problem) for problem in problems]
        super().__init__("\n".join(self.problems))


@dataclass
class Document:
    file: str
    index: int
    obj: dict[str, Any]

    @property
    def where(self) -> str:
        kind = self.obj.get("kind", "?")
        metadata = self.obj.get("metadata")
        name = metadata.get("name", "?") if isinstance(metadata, dict) else "?"
        return f"{_label(self.file)} (document {self.index + 1}, {_label(kind)}/{_label(name)})"


def _shape_problems(document: Document, validators: dict[tuple[str, str], Any]) -> list[str]:
    """Where the manifest breaks its CRD's types (a list for a mapping, a scalar for a list, ...):
    the API server would never have stored it, and the mapping below relies on the shapes.
    Unknown fields are not problems here: they are reported as not expressible. `validators` keeps one validator
    a kind for the run (made for each document, 10,000 NodePools spent 45 s reading CRDs and copying schemas)."""
    key = (document.obj["apiVersion"], document.obj["kind"])
    if key not in validators:
        validators[key] = _shape_validator(*key)
    validator = validators[key]
    problems = []
    for error in sorted(validator.iter_errors(document.obj), key=lambda e: [str(p) for p in e.absolute_path]):
        path = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path).lstrip(".")
        message = error.message if len(error.message) <= 200 else error.message[:200] + "…"
        problems.append(f"{document.where}: {path or '(object)'}: {message}")
    return problems


def _shape_validator(api_version: str, kind: str) -> Any:
    """The JSON Schema validator of a kind's CRD, unknown fields allowed and metadata.name required."""
    from karpenter_tenants.checks.schemas import crd_validator, strict_json_schema
    from karpenter_tenants.reference.crds import load_crds
    from karpenter_tenants.reference.shared import shared_dir

    entry = load_crds(shared_dir()).get((api_version, kind))
    if entry is None:
        raise ImportFailed([f"no CRD for {api_version} {kind} under {shared_dir()}"])
    schema = strict_json_schema(entry.schema, reject_unknown=False)
    schema["properties"]["metadata"] = {
        "type": "object",
        "required": ["name"],
        "properties": {"name": {"type": "string", "minLength": 1}},
    }
    return crd_validator(schema)  # no remote $ref, RE2 patterns: the CRD is reference data


@dataclass
class ImportResult:
    generation: Generation
    tenants: list[dict[str, Any]]
    unsupported: list[str] = field(default_factory=list)  # "<where>: <path>: <why>"
    notes: list[str] = field(default_factory=list)
    origins: list[str] = field(default_factory=list)  # per tenant: where its (first) node pool is
    iam: dict[str, Any] | None = None  # the shared node roles declared, when tenants share one

    def __post_init__(self) -> None:
        # printed a line each: the names and values they quote are the input's
        self.unsupported = [one_line(line) for line in self.unsupported]
        self.notes = [one_line(line) for line in self.notes]


def read_documents(paths: list[Path]) -> list[Document]:
    documents, problems = [], []
    for path in paths:
        try:
            loaded = read_yaml_all(path)
        except OSError as error:
            problems.append(f"{path}: cannot read: {error.strerror}")
            continue
        except InputError as error:
            problems.append(str(error))
            continue
        for index, obj in enumerate(loaded):
            if obj is None:
                continue
            if not isinstance(obj, dict):
                problems.append(f"{path} (document {index + 1}): not a Kubernetes object")
                continue
            documents.append(Document(str(path), index, obj))
    if problems:
        raise ImportFailed(problems)
    return documents


def import_manifests(paths: list[Path]) -> ImportResult:
    documents = read_documents(paths)
    problems = []
    generations = set()
    validators: dict[tuple[str, str], Any] = {}
    for document in documents:
        problems += [
            f"{document.where}: {path}: unresolved placeholder {value!r}: substitute it (envsubst, your templating) "
            "before importing"
            for path, value in _placeholders(document.obj)
        ]
        api_version, kind = document.obj.get("apiVersion"), document.obj.get("kind")
        key = (
            (api_version, kind)
            if isinstance(api_version, str) and isinstance(kind, str)
            else (repr(api_version), repr(kind))
        )
        if key not in KINDS:
            problems.append(
                f"{document.where}: unknown kind {key[1]} ({key[0]}): import reads karpenter.sh/v1alpha5 Provisioner, "
                "karpenter.k8s.aws/v1alpha1 AWSNodeTemplate, karpenter.sh/v1 NodePool and karpenter.k8s.aws/v1 EC2NodeClass"
            )
            continue
        if not isinstance(document.obj.get("spec"), dict):
            problems.append(f"{document.where}: no spec: a {key[1]} needs one")
            continue
        shape = _shape_problems(document, validators)
        if shape:
            problems += shape
            continue
        generations.add(KINDS[key])
    if len(generations) > 1:
        problems.append(
            "the manifests mix Karpenter 0.31 (Provisioner, AWSNodeTemplate) and 1.x (NodePool, EC2NodeClass) kinds; "
            "a cluster runs one generation: import them separately"
        )
    if problems:
        raise ImportFailed(problems)
    if not generations:
        raise ImportFailed(["no Provisioner or NodePool found in the input"])
    generation = generations.pop()
    importer = _V1Importer(documents) if generation is Generation.V1 else _V1Alpha5Importer(documents)
    result = importer.run()
    problems = _config_problems(result, documents)
    if problems:
        raise ImportFailed(problems)
    return result


def _config_problems(result: ImportResult, documents: list[Document]) -> list[str]:
    """The imported tenants checked by the config model, so import never writes what synth rejects
    (a name like '../x', a limit like 'inf')."""
    pools = {"NodePool", "Provisioner"}

    def where(index: int) -> str:
        if index < len(result.origins):
            return result.origins[index]
        name = result.tenants[index].get("name")
        pool = (d for d in documents if d.obj.get("kind") in pools and d.obj["metadata"].get("name") == name)
        return next((d.where for d in pool), "the imported tenants")

    return config_problems(result.tenants, result.generation, where, {"iam": result.iam} if result.iam else None)


def config_problems(
    tenants: list[dict[str, Any]],
    generation: Generation,
    where: Callable[[int], str],
    sections: dict[str, Any] | None = None,
) -> list[str]:
    """Problems of tenants (and other sections, e.g. iam) as a cluster file of the generation's reference release
    would have them, each at where(tenant index) (convert.nodegroups uses it too)."""
    from pydantic import ValidationError

    from karpenter_tenants.config.loader import clean_loc, format_path, pydantic_message
    from karpenter_tenants.config.rules.iam import iam_problems
    from karpenter_tenants.config.rules.raw import tenant_key_conflicts
    from karpenter_tenants.config.schema.cluster_file import ClusterFile

    version = str(reference_version(generation))
    # the account and partition of the roles the sections name by ARN, whose cluster file is not known here
    arns = [
        role
        for role in ((sections or {}).get("iam") or {}).get("existing", {}).get("roles", [])
        if isinstance(role, str) and role.startswith("arn:") and len(role.split(":")) > 4
    ]
    account = arns[0].split(":")[4] if arns else "000000000000"
    region = {"aws-cn": "cn-north-1", "aws-us-gov": "us-gov-west-1"}.get(
        arns[0].split(":")[1] if arns else "", "us-east-1"
    )
    config = {
        "cluster": {"name": "imported", "accountId": account, "region": region},
        "karpenter": {"version": version},
        **(sections or {}),
        "tenants": tenants,
    }

    def at(loc: tuple[str | int, ...]) -> str:
        if len(loc) >= 2 and loc[0] == "tenants" and isinstance(loc[1], int):
            return where(loc[1])
        return "the imported tenants"

    found = tenant_key_conflicts(config)
    try:
        found += iam_problems(ClusterFile.model_validate(config, context={"generation": generation}))
    except ValidationError as error:
        found += [(clean_loc(item["loc"]), pydantic_message(item)) for item in error.errors()]
    return [f"{at(loc)}: {format_path(loc)}: {message}; it cannot be a tenant as it is" for loc, message in found]


# --- consuming fields ---------------------------------------------------------------------------


def _take(node: dict[str, Any], *path: str) -> Any:
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


def _tenant_marks(pool: Document) -> tuple[Any, Any]:
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


def _class_of(pool: Document) -> str:
    return str(pool.obj["spec"]["template"]["spec"]["nodeClassRef"]["name"])


def _once(lines: list[str]) -> list[str]:
    """Each line once (the NodePools of a tenant that share a node class would report its fields each)."""
    return list(dict.fromkeys(lines))


def _own_label_dropped(labels: dict[str, Any] | None, tenant: str) -> dict[str, Any] | None:
    """The labels without the product's own tenant label (`tenant: <tenant>`, which synth writes itself)."""
    if labels and labels.get(TENANT_KEY) == tenant:
        return {k: v for k, v in labels.items() if k != TENANT_KEY}
    return labels


def _move(rest: dict[str, Any], path: tuple[str, ...], tenant: dict[str, Any], key: str) -> None:
    """Take rest[path] (when present) into tenant[key]."""
    value = _take(rest, *path)
    if value is not None:
        tenant[key] = value


def _placeholders(node: Any, path: str = "") -> list[tuple[str, str]]:
    """(path, value) of every string holding a shell/template placeholder like ${CLUSTER_NAME}."""
    if isinstance(node, dict):
        return [
            hit for key, value in node.items() for hit in _placeholders(value, f"{path}.{key}" if path else str(key))
        ]
    if isinstance(node, list):
        return [hit for index, value in enumerate(node) for hit in _placeholders(value, f"{path}[{index}]")]
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


class _Importer:
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
            _take(rest, "metadata", key)
        _take(rest, "status")
        for key in ("apiVersion", "kind"):
            rest.pop(key, None)
        _take(rest, "metadata", "name")

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


class _V1Importer(_Importer):
    def run(self) -> ImportResult:
        pools, classes = self.by_kind("NodePool"), self.by_kind("EC2NodeClass")
        for document in pools.values():
            reference = ((document.obj["spec"].get("template") or {}).get("spec") or {}).get("nodeClassRef") or {}
            if reference.get("name") not in classes:
                self.problems.append(
                    f"{document.where}: spec.template.spec.nodeClassRef names EC2NodeClass {reference.get('name')!r}, "
                    "which is not in the input; pass the file that defines it"
                )
        if self.problems:
            raise ImportFailed(self.problems)
        users: dict[str, list[str]] = {}
        for name, document in sorted(pools.items()):
            users.setdefault(_class_of(document), []).append(name)
        # NodePools without a tenant label or taint: those of one EC2NodeClass are one tenant's pools
        self.untenanted: set[str] = {
            name for name, document in pools.items() if _tenant_marks(document) == (None, None)
        }
        # tenant -> its NodePools, and why they are that tenant's (in the order of their first NodePool's name)
        groups: dict[str, list[Document]] = {}
        reasons: dict[str, str] = {}
        untenanted_users = {c: [u for u in names if u in self.untenanted] for c, names in users.items()}
        for _, document in sorted(pools.items()):
            tenant, reason = self.tenant_of(document, untenanted_users)
            groups.setdefault(tenant, []).append(document)
            reasons.setdefault(tenant, reason)
        if self.problems:
            raise ImportFailed(self.problems)
        tenants, origins = [], []
        tenant_of_class: dict[str, set[str]] = {}
        for tenant, members in groups.items():
            for member in members:
                tenant_of_class.setdefault(_class_of(member), set()).add(tenant)
            origins.append(members[0].where)
            if len(members) == 1 and members[0].obj["metadata"]["name"] == tenant:
                tenants.append(
                    self.tenant(members[0], classes[_class_of(members[0])])
                )  # one node pool: as it always was
            else:
                tenants.append(self.pooled(tenant, reasons[tenant], members, classes))
        if self.problems:
            raise ImportFailed(self.problems)
        for class_name, document in classes.items():
            if class_name not in users:
                self.notes.append(f"{document.where}: used by no NodePool in the input: not imported")
            elif len(tenant_of_class[class_name]) > 1:
                self.notes.append(
                    f"{document.where}: shared by {', '.join(users[class_name])}: each tenant gets its own copy"
                )
        iam = self.shared_roles(tenants, origins)
        return ImportResult(Generation.V1, tenants, _once(self.unsupported), _once(self.notes), origins, iam)

    def shared_roles(self, tenants: list[dict[str, Any]], origins: list[str]) -> dict[str, Any] | None:
        """iam: declaring each node role several tenants still share (their node classes name one role), which the
        config allows only so; a note on each saying what that means."""
        users: dict[str, list[str]] = {}
        for tenant in tenants:
            if isinstance(tenant.get("nodeRole"), str):
                users.setdefault(tenant["nodeRole"], []).append(tenant["name"])
        shared = sorted(role for role, names in users.items() if len(names) > 1)
        for role in shared:
            first = origins[[t["name"] for t in tenants].index(users[role][0])]
            self.notes.append(
                f"{first}: node role {role} is shared by tenants {', '.join(users[role])}: their nodes have one AWS "
                "identity, which the config allows only where declared: iam.sharedNodeRoles and iam.existing.roles "
                "list it (merge iam: into the cluster file's), or give each tenant a role of its own"
            )
        return {"existing": {"roles": shared}, "sharedNodeRoles": shared} if shared else None

    def tenant_of(self, document: Document, untenanted_users: dict[str, list[str]]) -> tuple[str, str]:
        """The tenant a NodePool is part of: its tenant label (or tenant taint) names it; else NodePools sharing an
        EC2NodeClass (the product's `<class>-<pool>`, or Karpenter's examples' amd64 and arm64 pools on one class)
        are that class's tenant's; else it is a tenant of its own, named after it. `untenanted_users`: per
        EC2NodeClass, the NodePools of it without a tenant label or taint (made once a run: linear)."""
        name = document.obj["metadata"]["name"]
        label, taint = _tenant_marks(document)
        if label is not None and taint is not None and label != taint:
            self.problems.append(
                f"{document.where}: spec.template: the tenant label {TENANT_KEY}: {label} and the tenant taint "
                f"{TENANT_KEY}={taint}:NoSchedule name two tenants; a node pool is one tenant's: make them name the same"
            )
            return name, ""
        if label is not None or taint is not None:
            return str(label if label is not None else taint), (
                f"its tenant label {TENANT_KEY}: {label}"
                if label is not None
                else f"its tenant taint {TENANT_KEY}={taint}"
            )
        class_name = _class_of(document)
        sharing = untenanted_users[class_name]
        if len(sharing) > 1:
            # a few names and the count: each NodePool's note quotes this reason (all N names each: N² output)
            return class_name, f"NodePools {first_few(sharing)} share EC2NodeClass {class_name}"
        return name, ""

    def pooled(
        self, tenant_name: str, reason: str, members: list[Document], classes: dict[str, Document]
    ) -> dict[str, Any]:
        """NodePools of one tenant as its `pools` (NodePool `<tenant>-<pool>` each, on the tenant's one EC2NodeClass):
        what a pool cannot set on its own (node class settings, annotations, startup taints, the tenant taint) is the
        tenant's, and where the NodePools differ in it each difference is reported."""
        built = []
        kept_names: dict[str, str] = {}  # pool -> the NodePool's own name, where it is not <tenant>-<pool>
        for member in members:
            name = member.obj["metadata"]["name"]
            if not name.startswith(f"{tenant_name}-") or name == f"{tenant_name}-":
                # the NodePool keeps its name (pools[].nodePoolName): adopting it changes it in place; a new name
                # would delete it with all its nodes at once and create another
                kept_names[name] = name
                self.notes.append(
                    f"{member.where}: NodePool {name} is pool {name} of tenant {tenant_name} ({reason}) and keeps its "
                    f"name (pools[].nodePoolName: {name}), so adopting it changes it in place; the tenant label and "
                    "taint the product adds to its template are a drift: Karpenter replaces its nodes, paced by its "
                    "disruption budgets"
                )
                built.append((name, self.tenant(member, classes[_class_of(member)], tenant_name), member))
                continue
            built.append(
                (name[len(tenant_name) + 1 :], self.tenant(member, classes[_class_of(member)], tenant_name), member)
            )
        if not built:
            return {"name": tenant_name}
        _, first, first_member = built[0]
        tenant: dict[str, Any] = {
            "name": tenant_name,
            **{k: v for k, v in first.items() if k not in POOL_KEYS and k != "name"},
        }
        for _, item, member in built[1:]:
            for key in [k for k in dict.fromkeys([*tenant, *item]) if k not in POOL_KEYS and k != "name"]:
                if item.get(key) == tenant.get(key):
                    continue
                on_class = key in CLASS_FIELDS
                source, kept = (
                    (classes[_class_of(member)], classes[_class_of(first_member)])
                    if on_class
                    else (member, first_member)
                )
                path = CLASS_FIELDS.get(key) or POOL_TENANT_FIELDS.get(key, key)
                why = (
                    "the tenant's pools share one EC2NodeClass"
                    if on_class
                    else f"{key} is the tenant's, not a pool's, in the config model"
                )
                self.unsupported.append(
                    f"{source.where}: {path}: differs from {kept.where}, and {why}: tenant {tenant_name} is imported "
                    f"with {kept.obj['metadata']['name']}'s; make them equal, or give this NodePool a tenant of its own"
                )
        for class_name in dict.fromkeys(_class_of(member) for _, _, member in built):
            if class_name != tenant_name:
                self.notes.append(
                    f"{classes[class_name].where}: written as EC2NodeClass {tenant_name} (the product "
                    f"names a tenant's node class after it), for NodePools of tenant {tenant_name}"
                )
        tenant["pools"] = [
            {
                "name": pool,
                **({"nodePoolName": kept_names[pool]} if pool in kept_names else {}),
                **{k: item[k] for k in POOL_KEYS if k in item},
            }
            for pool, item, _ in built
        ]
        return tenant

    def tenant(self, pool: Document, node_class: Document, name: str | None = None) -> dict[str, Any]:
        rest = copy.deepcopy(pool.obj)
        self.common_metadata(rest)
        tenant: dict[str, Any] = {"name": name or pool.obj["metadata"]["name"]}
        _take(rest, "spec", "template", "spec", "nodeClassRef")
        tenant["requirements"] = self.requirements(_take(rest, "spec", "template", "spec", "requirements"))
        labels = _own_label_dropped(_take(rest, "spec", "template", "metadata", "labels"), tenant["name"])
        if labels:
            tenant["labels"] = labels
        annotations = _take(rest, "spec", "template", "metadata", "annotations")
        if annotations:
            tenant["annotations"] = annotations
        self.taints(tenant, _take(rest, "spec", "template", "spec", "taints"))
        startup = _take(rest, "spec", "template", "spec", "startupTaints")
        if startup:
            tenant["startupTaints"] = startup
        grace = _take(rest, "spec", "template", "spec", "terminationGracePeriod")
        if grace is not None:
            tenant["terminationGracePeriod"] = grace
        disruption: dict[str, Any] = {
            # The CRD's defaults where the manifest leaves them out.
            "consolidationPolicy": _take(rest, "spec", "disruption", "consolidationPolicy")
            or "WhenEmptyOrUnderutilized",
            "consolidateAfter": _take(rest, "spec", "disruption", "consolidateAfter") or "0s",
            "expireAfter": _take(rest, "spec", "template", "spec", "expireAfter") or "720h",
        }
        budgets = _take(rest, "spec", "disruption", "budgets")
        if budgets is not None:
            disruption["budgets"] = budgets
        tenant["disruption"] = disruption
        other_limits = self.limits(tenant, _take(rest, "spec", "limits"))
        if other_limits:
            rest.setdefault("spec", {})["limits"] = other_limits
        _move(rest, ("spec", "weight"), tenant, "weight")
        self.report_rest(pool, rest)
        self.node_class(tenant, node_class)
        return tenant

    def node_class(self, tenant: dict[str, Any], document: Document) -> None:
        rest = self.rest_of(document)
        _move(rest, ("spec", "role"), tenant, "nodeRole")
        terms = _take(rest, "spec", "amiSelectorTerms") or []
        family = _take(rest, "spec", "amiFamily")
        if len(terms) == 1 and set(terms[0]) == {"alias"}:
            tenant["ami"] = {"alias": terms[0]["alias"]}
            implied = ALIAS_FAMILIES.get(str(terms[0]["alias"]).split("@")[0])
            if family == "Custom":  # not implied: Karpenter merges no user data and attaches no default disks
                tenant["ami"]["family"] = "Custom"
            elif family is not None and family != implied:
                self.unsupported.append(
                    f"{document.where}: spec.amiFamily: {family} contradicts the alias's family {implied}"
                )
        elif terms:
            tenant["ami"] = {"selectorTerms": terms, **({"family": family} if family else {})}
        for source, target in (
            ("subnetSelectorTerms", "subnetSelector"),
            ("securityGroupSelectorTerms", "securityGroupSelector"),
            ("capacityReservationSelectorTerms", "capacityReservationSelector"),
        ):
            _move(rest, ("spec", source), tenant, target)
        devices = self.block_devices(document, _take(rest, "spec", "blockDeviceMappings"))
        if devices is not None:
            tenant["blockDevices"] = devices
        metadata = _take(rest, "spec", "metadataOptions")
        if metadata:
            tenant["metadataOptions"] = metadata
        for source, target in (
            ("kubelet", "kubelet"),
            ("userData", "userData"),
            ("instanceStorePolicy", "instanceStorePolicy"),
            ("detailedMonitoring", "detailedMonitoring"),
            ("associatePublicIPAddress", "associatePublicIPAddress"),
        ):
            _move(rest, ("spec", source), tenant, target)
        tags = _take(rest, "spec", "tags")
        if tags:
            tenant["tags"] = tags
        self.report_rest(document, rest)


class _V1Alpha5Importer(_Importer):
    def run(self) -> ImportResult:
        provisioners, templates = self.by_kind("Provisioner"), self.by_kind("AWSNodeTemplate")
        for document in provisioners.values():
            spec = document.obj["spec"]
            if "provider" in spec and "providerRef" in spec:
                self.problems.append(
                    f"{document.where}: spec sets both provider and providerRef; Karpenter 0.31 accepts one: keep "
                    "providerRef (the AWSNodeTemplate) or the inline provider"
                )
            elif "provider" not in spec and (spec.get("providerRef") or {}).get("name") not in templates:
                self.problems.append(
                    f"{document.where}: spec.providerRef names AWSNodeTemplate "
                    f"{(spec.get('providerRef') or {}).get('name')!r}, which is not in the input; pass the file that defines it"
                )
        if self.problems:
            raise ImportFailed(self.problems)
        tenants = []
        used = set()
        for name, document in sorted(provisioners.items()):
            spec = document.obj["spec"]
            if "provider" in spec:
                template = Document(
                    document.file,
                    document.index,
                    {"kind": "AWSNodeTemplate", "metadata": {"name": name}, "spec": spec["provider"]},
                )
                self.notes.append(
                    f"{document.where}: inline spec.provider is written as AWSNodeTemplate {name} (providerRef)"
                )
            else:
                used.add(spec["providerRef"]["name"])
                template = templates[spec["providerRef"]["name"]]
            tenants.append(self.tenant(document, template))
        for name, document in templates.items():
            if name not in used:
                self.notes.append(f"{document.where}: used by no Provisioner in the input: not imported")
        for owner, members in sorted(self.owners.items()):
            members = list(dict.fromkeys(members))
            self.notes.append(
                f"Provisioners {', '.join(members)} are tenant {owner}'s (its tenant label or taint): on 0.31 each is a "
                f"tenant of its own here; on 1.x `migrate FILE --pools {owner}={','.join(members)}` makes them "
                f"{owner}'s pools (each Provisioner named {owner}-<pool> keeps its name as a NodePool)"
            )
        return ImportResult(Generation.V1ALPHA5, tenants, _once(self.unsupported), _once(self.notes))

    def tenant(self, provisioner: Document, template: Document) -> dict[str, Any]:
        rest = copy.deepcopy(provisioner.obj)
        self.common_metadata(rest)
        tenant: dict[str, Any] = {"name": provisioner.obj["metadata"]["name"]}
        _take(rest, "spec", "providerRef")
        _take(rest, "spec", "provider")
        tenant["requirements"] = self.requirements(_take(rest, "spec", "requirements"))
        for source in ("labels", "annotations", "startupTaints"):
            value = _take(rest, "spec", source)
            if source == "labels":
                value = self.foreign_label(provisioner, _own_label_dropped(value, tenant["name"]))
            if value:
                tenant[source] = value
        self.taints(tenant, self.foreign_taints(provisioner, _take(rest, "spec", "taints")))
        other_limits = self.limits(tenant, _take(rest, "spec", "limits", "resources"))
        if other_limits:
            rest.setdefault("spec", {}).setdefault("limits", {})["resources"] = other_limits
        consolidation = _take(rest, "spec", "consolidation") or {}
        after_empty = _take(rest, "spec", "ttlSecondsAfterEmpty")
        until_expired = _take(rest, "spec", "ttlSecondsUntilExpired")
        if consolidation.get("enabled"):
            disruption: dict[str, Any] = {"consolidationPolicy": "WhenEmptyOrUnderutilized"}
        else:  # ttlSecondsAfterEmpty, or no consolidation at all
            disruption = {
                "consolidationPolicy": "WhenEmpty",
                "consolidateAfter": f"{after_empty}s" if after_empty is not None else "Never",
            }
        disruption["expireAfter"] = f"{until_expired}s" if until_expired is not None else "Never"
        tenant["disruption"] = disruption
        _move(rest, ("spec", "weight"), tenant, "weight")
        kubelet = _take(rest, "spec", "kubeletConfiguration")
        if kubelet:
            runtime = kubelet.pop("containerRuntime", None)
            if runtime is not None:
                self.unsupported.append(
                    f"{provisioner.where}: spec.kubeletConfiguration.containerRuntime: not expressible in the config model"
                )
            tenant["kubelet"] = kubelet
        self.report_rest(provisioner, rest)
        self.node_template(tenant, template)
        return tenant

    def foreign_label(self, provisioner: Document, labels: dict[str, Any] | None) -> dict[str, Any] | None:
        """A tenant label naming another tenant (several Provisioners of one customer): 0.31 has no pools, so the
        Provisioner is a tenant of its own, labelled with its own name; reported, with how migrate regroups them."""
        if not labels or TENANT_KEY not in labels:
            return labels
        self.owners.setdefault(str(labels[TENANT_KEY]), []).append(provisioner.obj["metadata"]["name"])
        self.unsupported.append(
            f"{provisioner.where}: spec.labels.{TENANT_KEY}: {labels[TENANT_KEY]}: the product labels each tenant's "
            f"nodes {TENANT_KEY}: <tenant> itself, and on 0.31 each Provisioner is a tenant (pools are 1.x): its nodes "
            f"are labelled {TENANT_KEY}: {provisioner.obj['metadata']['name']}"
        )
        return {k: v for k, v in labels.items() if k != TENANT_KEY}

    def foreign_taints(self, provisioner: Document, taints: list[dict[str, Any]] | None) -> list[dict[str, Any]] | None:
        """A tenant taint naming another tenant: reported as the label is; the Provisioner's tenant is dedicated."""
        name = provisioner.obj["metadata"]["name"]
        found = []
        for index, taint in enumerate(taints or []):
            if taint.get("key") == TENANT_KEY and (taint.get("value"), taint.get("effect")) != (name, "NoSchedule"):
                if taint.get("effect") == "NoSchedule":
                    self.owners.setdefault(str(taint.get("value")), []).append(name)
                self.unsupported.append(
                    f"{provisioner.where}: spec.taints[{index}]: {TENANT_KEY}={taint.get('value')}:{taint.get('effect')}: "
                    f"the product taints a dedicated tenant's nodes {TENANT_KEY}=<tenant>:NoSchedule itself, and on 0.31 "
                    f"each Provisioner is a tenant (pools are 1.x): imported as dedicated, {TENANT_KEY}={name}:NoSchedule"
                )
                found.append({"key": TENANT_KEY, "value": name, "effect": "NoSchedule"})
            else:
                found.append(taint)
        return list({str(sorted(t.items())): t for t in found}.values()) if taints is not None else None

    def node_template(self, tenant: dict[str, Any], document: Document) -> None:
        rest = self.rest_of(document)
        profile = _take(rest, "spec", "instanceProfile")
        if profile is not None:
            tenant["instanceProfile"] = profile
        else:
            self.notes.append(
                f"{document.where}: no instanceProfile: set karpenter.defaultInstanceProfile in the cluster file"
            )
        ami: dict[str, Any] = {}
        family = _take(rest, "spec", "amiFamily")
        if family is not None:
            ami["family"] = family
        selector = _take(rest, "spec", "amiSelector")
        if selector:
            ami["selectorTerms"] = _ami_terms(selector)
        if ami:
            tenant["ami"] = ami
        for source, target in (
            ("subnetSelector", "subnetSelector"),
            ("securityGroupSelector", "securityGroupSelector"),
        ):
            value = _take(rest, "spec", source)
            if value is not None:
                tenant[target] = _selector_terms(value)
        devices = self.block_devices(document, _take(rest, "spec", "blockDeviceMappings"))
        if devices is not None:
            tenant["blockDevices"] = devices
        metadata = _take(rest, "spec", "metadataOptions")
        tenant["metadataOptions"] = {**V1ALPHA5_METADATA_DEFAULTS, **(metadata or {})}
        for source in ("userData", "detailedMonitoring"):
            _move(rest, ("spec", source), tenant, source)
        tags = _take(rest, "spec", "tags")
        if tags:
            tenant["tags"] = tags
        self.report_rest(document, rest)


def _selector_terms(selector: dict[str, str]) -> list[dict[str, Any]]:
    """A v1alpha5 tag-map selector as terms: `aws-ids` split into id terms, the other keys one tags term."""
    terms: list[dict[str, Any]] = []
    tags = {k: v for k, v in selector.items() if k != "aws-ids"}
    if tags:
        terms.append({"tags": tags})
    if "aws-ids" in selector:
        terms += [{"id": value.strip()} for value in selector["aws-ids"].split(",") if value.strip()]
    return terms


def _ami_terms(selector: dict[str, str]) -> list[dict[str, Any]]:
    terms: list[dict[str, Any]] = []
    if "aws::ids" in selector:
        terms += [{"id": value.strip()} for value in selector["aws::ids"].split(",") if value.strip()]
    named = {k: v for k, v in (("name", selector.get("aws::name")), ("owner", selector.get("aws::owners"))) if v}
    tags = {k: v for k, v in selector.items() if not k.startswith("aws::")}
    if tags:
        terms.append({"tags": tags, **named})
    elif named:
        terms.append(named)
    return terms


def tenants_yaml(result: ImportResult) -> str:
    header = (
        f"# Written by karpenter-tenants import: Karpenter "
        f"{'0.31 (v1alpha5)' if result.generation is Generation.V1ALPHA5 else '1.x (v1)'} "
        "node pools; paste under a cluster file (karpenter.version must match).\n"
    )
    from karpenter_tenants.convert.migrate import dump_config

    if result.iam:
        header += "# Merge iam: into the cluster file's iam: section (node roles the tenants share).\n"
    return header + dump_config({"tenants": result.tenants, **({"iam": result.iam} if result.iam else {})})
