"""`python main.py import FILE...`: existing Karpenter manifests -> the `tenants:` section of a cluster file.

Reads Provisioner + AWSNodeTemplate (Karpenter 0.31, inline `provider` blocks included) or
NodePool + EC2NodeClass (1.x), several per file and several files. Each node pool becomes a
tenant named after it, except NodePools of one tenant (its tenant label or taint, or NodePools sharing an
EC2NodeClass, as Karpenter's own examples write an amd64 and an arm64 pool on one class), which become that
tenant's `pools`; 0.31 has no pools, so there each Provisioner stays a tenant. A node role that several tenants
still share (node classes of one role) is declared in an `iam:` section (sharedNodeRoles, existing.roles), so that
what import writes synthesizes. Every field is either mapped to the config model or reported by its
path: mapping consumes fields from a copy of the manifest and whatever is left is reported (convert/manifest_fields.py:
the consuming and the mapping both generations share).

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
from karpenter_tenants.config.schema.node_class import ALIAS_FAMILIES
from karpenter_tenants.config.schema.tenant import POOL_KEYS  # what a pool sets on its own; the rest is the tenant's
from karpenter_tenants.config.versions import Generation, reference_version
from karpenter_tenants.config.yaml_input import InputError, read_yaml_all
from karpenter_tenants.convert.manifest_fields import (
    TENANT_KEY,
    Importer,
    class_of,
    move,
    once,
    own_label_dropped,
    placeholders,
    take,
    tenant_marks,
)

KINDS = {
    ("karpenter.sh/v1alpha5", "Provisioner"): Generation.V1ALPHA5,
    ("karpenter.k8s.aws/v1alpha1", "AWSNodeTemplate"): Generation.V1ALPHA5,
    ("karpenter.sh/v1", "NodePool"): Generation.V1,
    ("karpenter.k8s.aws/v1", "EC2NodeClass"): Generation.V1,
}
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
            for path, value in placeholders(document.obj)
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
        names = ", ".join(str(path) for path in paths[:3]) + (f" and {len(paths) - 3} more" if len(paths) > 3 else "")
        raise ImportFailed([f"{names}: no Provisioner or NodePool found (the manifests import reads)"])
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

    def drafted(loc: tuple[str | int, ...]) -> str:
        """The path as the key of the tenant it drafts (the manifest's own fields are mapped, not copied)."""
        if len(loc) >= 2 and loc[0] == "tenants" and isinstance(loc[1], int) and loc[1] < len(tenants):
            name = one_line(str(tenants[loc[1]].get("name", "")))[:63]
            return f"drafted as tenant {name!r}" + (f", its {format_path(loc[2:])}" if loc[2:] else "")
        return format_path(loc)

    return [f"{at(loc)}: {drafted(loc)}: {message}; it cannot be a tenant as it is" for loc, message in found]


class _V1Importer(Importer):
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
            users.setdefault(class_of(document), []).append(name)
        # NodePools without a tenant label or taint: those of one EC2NodeClass are one tenant's pools
        self.untenanted: set[str] = {name for name, document in pools.items() if tenant_marks(document) == (None, None)}
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
                tenant_of_class.setdefault(class_of(member), set()).add(tenant)
            origins.append(members[0].where)
            if len(members) == 1 and members[0].obj["metadata"]["name"] == tenant:
                tenants.append(
                    self.tenant(members[0], classes[class_of(members[0])])
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
        return ImportResult(Generation.V1, tenants, once(self.unsupported), once(self.notes), origins, iam)

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
        label, taint = tenant_marks(document)
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
        class_name = class_of(document)
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
                built.append((name, self.tenant(member, classes[class_of(member)], tenant_name), member))
                continue
            built.append(
                (name[len(tenant_name) + 1 :], self.tenant(member, classes[class_of(member)], tenant_name), member)
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
                    (classes[class_of(member)], classes[class_of(first_member)]) if on_class else (member, first_member)
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
        for class_name in dict.fromkeys(class_of(member) for _, _, member in built):
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
        take(rest, "spec", "template", "spec", "nodeClassRef")
        tenant["requirements"] = self.requirements(take(rest, "spec", "template", "spec", "requirements"))
        labels = own_label_dropped(take(rest, "spec", "template", "metadata", "labels"), tenant["name"])
        if labels:
            tenant["labels"] = labels
        annotations = take(rest, "spec", "template", "metadata", "annotations")
        if annotations:
            tenant["annotations"] = annotations
        self.taints(tenant, take(rest, "spec", "template", "spec", "taints"))
        startup = take(rest, "spec", "template", "spec", "startupTaints")
        if startup:
            tenant["startupTaints"] = startup
        grace = take(rest, "spec", "template", "spec", "terminationGracePeriod")
        if grace is not None:
            tenant["terminationGracePeriod"] = grace
        disruption: dict[str, Any] = {
            # The CRD's defaults where the manifest leaves them out.
            "consolidationPolicy": take(rest, "spec", "disruption", "consolidationPolicy")
            or "WhenEmptyOrUnderutilized",
            "consolidateAfter": take(rest, "spec", "disruption", "consolidateAfter") or "0s",
            "expireAfter": take(rest, "spec", "template", "spec", "expireAfter") or "720h",
        }
        budgets = take(rest, "spec", "disruption", "budgets")
        if budgets is not None:
            disruption["budgets"] = budgets
        tenant["disruption"] = disruption
        other_limits = self.limits(tenant, take(rest, "spec", "limits"))
        if other_limits:
            rest.setdefault("spec", {})["limits"] = other_limits
        move(rest, ("spec", "weight"), tenant, "weight")
        self.report_rest(pool, rest)
        self.node_class(tenant, node_class)
        return tenant

    def node_class(self, tenant: dict[str, Any], document: Document) -> None:
        rest = self.rest_of(document)
        move(rest, ("spec", "role"), tenant, "nodeRole")
        terms = take(rest, "spec", "amiSelectorTerms") or []
        family = take(rest, "spec", "amiFamily")
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
            move(rest, ("spec", source), tenant, target)
        devices = self.block_devices(document, take(rest, "spec", "blockDeviceMappings"))
        if devices is not None:
            tenant["blockDevices"] = devices
        metadata = take(rest, "spec", "metadataOptions")
        if metadata:
            tenant["metadataOptions"] = metadata
        for source, target in (
            ("kubelet", "kubelet"),
            ("userData", "userData"),
            ("instanceStorePolicy", "instanceStorePolicy"),
            ("detailedMonitoring", "detailedMonitoring"),
            ("associatePublicIPAddress", "associatePublicIPAddress"),
        ):
            move(rest, ("spec", source), tenant, target)
        tags = take(rest, "spec", "tags")
        if tags:
            tenant["tags"] = tags
        self.report_rest(document, rest)


class _V1Alpha5Importer(Importer):
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
        return ImportResult(Generation.V1ALPHA5, tenants, once(self.unsupported), once(self.notes))

    def tenant(self, provisioner: Document, template: Document) -> dict[str, Any]:
        rest = copy.deepcopy(provisioner.obj)
        self.common_metadata(rest)
        tenant: dict[str, Any] = {"name": provisioner.obj["metadata"]["name"]}
        take(rest, "spec", "providerRef")
        take(rest, "spec", "provider")
        tenant["requirements"] = self.requirements(take(rest, "spec", "requirements"))
        for source in ("labels", "annotations", "startupTaints"):
            value = take(rest, "spec", source)
            if source == "labels":
                value = self.foreign_label(provisioner, own_label_dropped(value, tenant["name"]))
            if value:
                tenant[source] = value
        self.taints(tenant, self.foreign_taints(provisioner, take(rest, "spec", "taints")))
        other_limits = self.limits(tenant, take(rest, "spec", "limits", "resources"))
        if other_limits:
            rest.setdefault("spec", {}).setdefault("limits", {})["resources"] = other_limits
        consolidation = take(rest, "spec", "consolidation") or {}
        after_empty = take(rest, "spec", "ttlSecondsAfterEmpty")
        until_expired = take(rest, "spec", "ttlSecondsUntilExpired")
        if consolidation.get("enabled"):
            disruption: dict[str, Any] = {"consolidationPolicy": "WhenEmptyOrUnderutilized"}
        else:  # ttlSecondsAfterEmpty, or no consolidation at all
            disruption = {
                "consolidationPolicy": "WhenEmpty",
                "consolidateAfter": f"{after_empty}s" if after_empty is not None else "Never",
            }
        disruption["expireAfter"] = f"{until_expired}s" if until_expired is not None else "Never"
        tenant["disruption"] = disruption
        move(rest, ("spec", "weight"), tenant, "weight")
        kubelet = take(rest, "spec", "kubeletConfiguration")
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
        profile = take(rest, "spec", "instanceProfile")
        if profile is not None:
            tenant["instanceProfile"] = profile
        else:
            self.notes.append(
                f"{document.where}: no instanceProfile: set karpenter.defaultInstanceProfile in the cluster file"
            )
        ami: dict[str, Any] = {}
        family = take(rest, "spec", "amiFamily")
        if family is not None:
            ami["family"] = family
        selector = take(rest, "spec", "amiSelector")
        if selector:
            ami["selectorTerms"] = _ami_terms(selector)
        if ami:
            tenant["ami"] = ami
        for source, target in (
            ("subnetSelector", "subnetSelector"),
            ("securityGroupSelector", "securityGroupSelector"),
        ):
            value = take(rest, "spec", source)
            if value is not None:
                tenant[target] = _selector_terms(value)
        devices = self.block_devices(document, take(rest, "spec", "blockDeviceMappings"))
        if devices is not None:
            tenant["blockDevices"] = devices
        metadata = take(rest, "spec", "metadataOptions")
        tenant["metadataOptions"] = {**V1ALPHA5_METADATA_DEFAULTS, **(metadata or {})}
        for source in ("userData", "detailedMonitoring"):
            move(rest, ("spec", source), tenant, source)
        tags = take(rest, "spec", "tags")
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
