"""Reads clusters/*.yaml into ClusterFile models, collecting every problem with file, path and line."""

from __future__ import annotations

import hashlib
import json
import types
import typing
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ValidationError

from config import naming
from config.resolved import resolve
from config.rules.releases import node_repair_warnings
from config.rules.warnings import ChartDefaults, cluster_warnings
from config.schema.base import RFC1123_LABEL, FieldProblems, shown
from config.schema.cluster_file import ClusterFile
from config.schema.iam import role_name_of
from config.schema.karpenter import unknown_value_keys
from config.schema.raw_rules import tenant_key_conflicts
from config.schema.stages import applier_names
from config.versions import Generation, generation_of, kubernetes_support
from config.yaml_input import Document, InputError, load_document, read_text

PathKey = tuple[str | int, ...]


@dataclass(frozen=True)
class ConfigProblem:
    """One thing wrong in a config file, phrased so the reader can fix it."""

    file: str
    path: str
    line: int | None
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{where}: {self.path or '(top level)'}: {self.message}"


class ConfigError(Exception):
    """Raised with every problem found in one or more config files."""

    def __init__(self, problems: list[ConfigProblem]) -> None:
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


@dataclass(frozen=True)
class LoadedCluster:
    """A validated cluster file. Its key (the file name) names the cluster's dist/ folder."""

    source: Path
    config: ClusterFile
    warnings: tuple[str, ...]
    digest: str = ""  # SHA-256 of the file's bytes as loaded (synth.incremental.unchanged)

    @property
    def key(self) -> str:
        return self.source.stem

    @property
    def gitops_path(self) -> str:
        return (self.config.gitops.path or f"./dist/{self.key}").rstrip("/")


def format_path(path: Iterable[str | int]) -> str:
    """tenants[0].labels.team; a key with control characters (or none at all) in JSON quotes, so a message stays
    one line and shows what was written: labels["team\\n"]."""
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        elif not part or not part.isprintable():
            text += "[" + json.dumps(part) + "]"
        else:
            text += ("." if text else "") + part
    return text


# --- YAML with line numbers --------------------------------------------------------------


def _index_lines(node: yaml.Node, path: PathKey, lines: dict[PathKey, int], problems: list[tuple[PathKey, int, str]]) -> None:
    lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        seen: dict[object, int] = {}
        for key_node, value_node in node.value:
            key = key_node.value if isinstance(key_node, yaml.ScalarNode) else str(key_node.value)
            line = key_node.start_mark.line + 1
            if key in seen:
                problems.append(
                    (path + (key,), line, f"duplicate key {key!r} (first at line {seen[key]}); keep one of them")
                )
            seen[key] = line
            _index_lines(value_node, path + (key,), lines, problems)
            lines[path + (key,)] = line
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _index_lines(item, path + (index,), lines, problems)


class _Lines(Mapping[PathKey, int]):
    """The line of every path in the document, indexed when a problem first asks for one (a file without
    problems never needs it)."""

    def __init__(self, document: Document) -> None:
        self._document = document
        self._lines: dict[PathKey, int] | None = None

    def _index(self) -> dict[PathKey, int]:
        if self._lines is None:
            self._lines = {}
            root = self._document.node()
            if root is not None:
                _index_lines(root, (), self._lines, [])
        return self._lines

    def __getitem__(self, path: PathKey) -> int:
        return self._index()[path]

    def __iter__(self) -> Iterator[PathKey]:
        return iter(self._index())

    def __len__(self) -> int:
        return len(self._index())


def _line_for(lines: Mapping[PathKey, int], path: PathKey) -> int | None:
    for end in range(len(path), -1, -1):
        if path[:end] in lines:
            return lines[path[:end]]
    return None


# --- pydantic errors, in the reader's terms --------------------------------------------


def unwrap_annotation(annotation: Any) -> Any:
    """The model class inside Optional[...] / list[...] / dict[..., ...], if any."""
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return unwrap_annotation(typing.get_args(annotation)[0])
    if origin in (typing.Union, types.UnionType, list, dict):
        for arg in typing.get_args(annotation):
            found = unwrap_annotation(arg)
            if isinstance(found, type) and issubclass(found, BaseModel):
                return found
        return None
    return annotation


def _model_at(path: PathKey) -> type[BaseModel] | None:
    model: Any = ClusterFile
    for part in path:
        if isinstance(part, int):
            continue
        if not (isinstance(model, type) and issubclass(model, BaseModel)):
            return None
        field = next((f for f in model.model_fields.values() if f.alias == part), None)
        if field is None:
            return None
        model = unwrap_annotation(field.annotation)
    return model if isinstance(model, type) and issubclass(model, BaseModel) else None


def pydantic_message(error: dict[str, Any]) -> str:
    kind = error["type"]
    loc: PathKey = tuple(error["loc"])
    if kind == "extra_forbidden":
        model = _model_at(loc[:-1])
        allowed = sorted(f.alias or name for name, f in model.model_fields.items()) if model else []
        return f"unknown key {loc[-1]!r}{_suggestion(model, str(loc[-1]))}; allowed keys here: {', '.join(allowed)}"
    if kind == "missing":
        return f"required key {loc[-1]!r} is missing"
    if kind in ("value_error", "assertion_error"):
        return str(error["msg"]).removeprefix("Value error, ").removeprefix("Assertion failed, ")
    value = error.get("input")
    if kind == "string_type" and isinstance(value, int | float) and not isinstance(value, bool):
        return f"{value!r} is a YAML number; quote it as written, e.g. \"{value}\""
    if kind == "string_type" and isinstance(value, bool):
        return f"{value!r} is a YAML boolean (so are unquoted yes, no, on, off, true and false); quote it to keep it as text"
    if kind == "literal_error":
        note = " (unquoted yes, no, on, off, true and false are YAML booleans)" if isinstance(value, bool) else ""
        return f"{shown(value)} is not one of {error['ctx']['expected']}{note}"
    if kind in ("model_type", "dict_type"):
        return f"expected a mapping of keys, got {type(value).__name__} {shown(value)}"
    if kind == "list_type":
        return f"expected a list, got {type(value).__name__} {shown(value)}"
    return f"{error['msg']}, got {shown(value)}"


# What users of node groups (terraform-aws-eks' eks_managed_node_groups, eksctl, cluster-autoscaler) write, and the
# typed setting that does it here.
NODE_GROUP_WORDS = {
    "instancetypes": "requirements.instanceTypes",
    "instancetype": "requirements.instanceTypes",
    "capacitytype": "requirements.capacityTypes",
    "amitype": "ami (alias, e.g. al2023@latest; family on 0.31)",
    "disksize": "rootVolume.size",
    "minsize": "nothing: Karpenter starts nodes for pending pods, so there is no minimum; cap with limits",
    "desiredsize": "nothing: Karpenter starts nodes for pending pods, so there is no desired size; cap with limits",
    "maxsize": "limits (cpu, memory, nodes): Karpenter caps resources, not a node count alone",
    "subnetids": "subnetSelector (Karpenter selects subnets by tag: karpenter.sh/discovery by default)",
    "iamrolearn": "nodeRole (its name)",
    "noderolearn": "nodeRole (its name)",
    "iamrolename": "nodeRole",
    "noderolename": "nodeRole",
    "amiid": "ami (selectorTerms with an id)",
    "architecture": "requirements.architectures",
    "zones": "requirements.zones",
}


def _suggestion(model: type[BaseModel] | None, key: str) -> str:
    """' (did you mean …?)' for an unknown key: the typed setting a node group's word stands for, a field of the
    same name one level down (a tenant's instanceTypes is requirements.instanceTypes), or the nearest key here."""
    import difflib

    if model is None:
        return ""
    folded = key.lower().replace("_", "").replace("-", "")
    fields = {(f.alias or name): f for name, f in model.model_fields.items()}
    inner = {}
    for name, field in fields.items():
        child = unwrap_annotation(field.annotation)
        if isinstance(child, type) and issubclass(child, BaseModel):
            inner.update({f"{name}.{f.alias or n}": (f.alias or n) for n, f in child.model_fields.items()})
    for path, name in inner.items():
        if name.lower() == folded:
            return f" (did you mean {path}?)"
    if folded in NODE_GROUP_WORDS and model.__name__ == "Tenant":
        return f" (a node group setting; here: {NODE_GROUP_WORDS[folded]})"
    by_fold = {name.lower(): name for name in fields}
    close = difflib.get_close_matches(folded, list(by_fold), n=1, cutoff=0.7)
    if close:
        return f" (did you mean {by_fold[close[0]]}?)"
    close = difflib.get_close_matches(folded, [p.lower() for p in inner], n=1, cutoff=0.8)
    return f" (did you mean {next(p for p in inner if p.lower() == close[0])}?)" if close else ""


def clean_loc(loc: Iterable[Any]) -> PathKey:
    # pydantic marks an invalid dict key with a trailing '[key]'; the key itself is the path.
    return tuple(part for part in loc if part != "[key]")


# --- loading ------------------------------------------------------------------------------


def _warnings(config: ClusterFile) -> tuple[str, ...]:
    return cluster_warnings(config, _chart_defaults)


_chart_defaults: ChartDefaults | None = None


def use_chart_defaults(chart_defaults: ChartDefaults | None) -> None:
    """The chart defaults every load checks karpenter.values against (None: not checked, and no warning says so)."""
    global _chart_defaults
    _chart_defaults = chart_defaults


def load_cluster_file(source: Path, display_name: str | None = None) -> LoadedCluster:
    """Load one cluster file; raise ConfigError listing every problem in it. karpenter.values is checked against
    the chart defaults use_chart_defaults installed."""
    chart_defaults = _chart_defaults
    name = display_name or str(source)
    try:
        text = read_text(source, name)
        document = load_document(text, name)
    except OSError as error:
        raise ConfigError([ConfigProblem(name, "", None, f"cannot read the file: {error.strerror}")]) from None
    except InputError as error:
        raise ConfigError([ConfigProblem(error.file, "", error.line, error.detail)]) from None
    data = document.data
    if not isinstance(data, dict):
        raise ConfigError(
            [ConfigProblem(name, "", 1, "expected a mapping with keys cluster, karpenter and tenants")]
        )

    lines = _Lines(document)
    duplicate_keys: list[tuple[PathKey, int, str]] = []
    if document.repeats_keys:
        _index_lines(document.node(), (), {}, duplicate_keys)  # type: ignore[arg-type]  # data is a mapping
    problems = [ConfigProblem(name, format_path(path), line, message) for path, line, message in duplicate_keys]
    problems += _duplicate_tenant_names(data, name, lines)

    generation = generation_of((data.get("karpenter") or {}).get("version") if isinstance(data.get("karpenter"), dict) else None)
    config = None
    try:
        config = ClusterFile.model_validate(data, context={"generation": generation})
    except ValidationError as error:
        for item in error.errors():
            loc = clean_loc(item["loc"])
            cause = (item.get("ctx") or {}).get("error")
            # A model's rules between its fields: each problem at its own field and line.
            for path, message in cause.problems if isinstance(cause, FieldProblems) else [((), pydantic_message(item))]:
                where = (*loc, *path)
                problems.append(ConfigProblem(name, format_path(where), _line_for(lines, where), message))

    if config is not None and config.karpenter.values and chart_defaults is not None:
        for path, message in chart_value_problems(config, chart_defaults):
            problems.append(ConfigProblem(name, format_path(path), _line_for(lines, path), message))
    if not RFC1123_LABEL.fullmatch(source.stem) or len(source.stem) > 63:
        problems.append(
            ConfigProblem(
                name, "", None, f"file name {source.stem!r} must be an RFC 1123 label (it names the dist/ folder)"
            )
        )
    release_warnings: list[str] = []
    if config is not None:
        problems += _aws_name_problems(config, name, lines)
        compatibility, release_warnings = _compatibility_problems(config, name, lines)
        problems += compatibility
    for path, message in tenant_key_conflicts(data):
        problems.append(ConfigProblem(name, format_path(path), _line_for(lines, path), message))
    if problems:
        raise ConfigError(sorted(problems, key=lambda p: (p.line or 0, p.path)))
    assert config is not None
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    release_warnings += node_repair_warnings(config)
    return LoadedCluster(source, config, (*release_warnings, *_warnings(config)), digest)


def chart_value_problems(config: ClusterFile, chart_defaults: ChartDefaults) -> list[tuple[PathKey, str]]:
    """karpenter.values keys the cluster's chart does not have, checked against its values.yaml (chart_defaults)."""
    defaults = chart_defaults.values_file(config)
    if not defaults.is_file():
        return []  # _warnings says they were not checked
    chart = chart_defaults.default_values(defaults)
    return [(("karpenter", "values", *path), message) for path, message in unknown_value_keys(config.karpenter.values, chart)]


def _compatibility_problems(
    config: ClusterFile, name: str, lines: Mapping[PathKey, int]
) -> tuple[list[ConfigProblem], list[str]]:
    """cluster.kubernetesVersion within upstream's compatibility table for the pinned Karpenter release (and the
    warning naming where the range came from when it is not the product's own table)."""
    version = config.karpenter.parsed_version
    support = kubernetes_support(version, _chart_defaults, config.karpenter.compatibility)
    path: PathKey
    if support.problem is not None:
        path, message = support.problem
    elif config.cluster.kubernetes_version not in support.range:  # type: ignore[operator]
        kubernetes = config.cluster.kubernetes_version
        path = ("cluster", "kubernetesVersion")
        message = (
            f"Kubernetes {kubernetes} is outside what Karpenter {version} supports ({support.range}, per "
            f"{support.source}): set cluster.kubernetesVersion to the cluster's version if it is in that range, "
            f"else upgrade the cluster or pin a Karpenter release that supports Kubernetes {kubernetes}"
        )
    else:
        return [], [support.warning] if support.warning else []
    return [ConfigProblem(name, format_path(path), _line_for(lines, path), message)], []


def _aws_name_problems(config: ClusterFile, name: str, lines: Mapping[PathKey, int]) -> list[ConfigProblem]:
    """The names Terraform will create and the role ARN the ServiceAccount carries, as AWS checks them:
    lengths (config/naming.json "limits") and the region's partition."""
    found: list[tuple[PathKey, str]] = []
    rule = f"{naming.NAMING_FILE.parent.name}/{naming.NAMING_FILE.name}"

    def check(path: PathKey, what: str, value: str, limit_kind: str, fix: str) -> None:
        limit = naming.limit(limit_kind)
        if len(value) > limit:
            found.append((path, f"{what} {value!r} is {len(value)} characters; AWS allows at most {limit}: {fix}"))

    cluster, karpenter = config.cluster, config.karpenter
    role = karpenter.controller_role
    partition = naming.partition(cluster.region)
    if role.arn is not None and role.arn.split(":")[1] != partition:
        found.append((
            ("karpenter", "controllerRole", "arn"),
            f"{role.arn!r} is in partition {role.arn.split(':')[1]!r} but cluster.region {cluster.region} is in "
            f"{partition!r}: write it as 'arn:{partition}:iam::...'",
        ))
    if role.arn is None and role.name is None:
        check(
            ("karpenter", "controllerRole"), f"the default controller role name (naming rule controller_role in {rule})",
            resolve(config).controller_role_name, "iam_role", "set karpenter.controllerRole.name to a shorter name or shorten cluster.name",
        )
    rules = [naming.name("interruption_rule", cluster.name, rule=key) for key in naming.interruption_rules(config.generation.value)]
    check(  # the longest of the interruption queue's EventBridge rules
        ("cluster", "name"), f"the EventBridge rule name (naming rule interruption_rule in {rule})",
        max(rules, key=len), "event_rule", "shorten cluster.name",
    )
    if karpenter.interruption_queue is None:
        check(
            ("karpenter", "interruptionQueue"), f"the default SQS queue name (naming rule interruption_queue in {rule})",
            resolve(config).interruption_queue, "sqs_queue", "set karpenter.interruptionQueue to a shorter name or shorten cluster.name",
        )
    v1 = config.generation is Generation.V1
    for index, tenant in enumerate(config.tenants):
        if tenant.node_role is None:
            fix = (
                f"set tenants[{index}].nodeRole to a shorter name, or shorten the tenant or cluster name"
                if v1 else "shorten the tenant or cluster name"
            )
            what = "the default node role name" if v1 else "the name of the role in the tenant's instance profile"
            check(
                ("tenants", index, "nodeRole" if v1 else "name"),
                f"{what} (naming rule node_role in {rule})",
                resolve(config).node_role(tenant), "iam_role", fix,
            )
        profile = resolve(config).instance_profile(tenant)
        if not v1 and tenant.instance_profile is None and profile is not None:
            check(
                ("tenants", index, "instanceProfile"), f"the default instance profile name (naming rule instance_profile in {rule})",
                profile, "instance_profile", f"set tenants[{index}].instanceProfile to a shorter name, or shorten the tenant or cluster name",
            )
    found += _iam_problems(config)
    default_profile = karpenter.default_instance_profile
    if (not v1 and default_profile is not None and config.iam.default_node_role is None
            and default_profile not in config.iam.existing.instance_profiles):
        check(
            ("karpenter", "defaultInstanceProfile"),
            f"the role of the default instance profile (naming rule default_node_role in {rule})",
            resolve(config).default_node_role or "", "iam_role", "set iam.defaultNodeRole or shorten cluster.name",
        )
    return [ConfigProblem(name, format_path(path), _line_for(lines, path), message) for path, message in found]


def _iam_problems(config: ClusterFile) -> list[tuple[PathKey, str]]:
    """Existing IAM, shared node roles and the boundary as AWS and isolation need them: a node role is never the
    controller role nor another spelt alike but for case (IAM names are unique regardless of case), two tenants
    share one only where iam.sharedNodeRoles says so and the role is an existing one, every existing role or
    profile listed is one the file names, and every ARN is in the cluster's account and partition."""
    found: list[tuple[PathKey, str]] = []
    iam, cluster = config.iam, config.cluster
    v1 = config.generation is Generation.V1
    partition = naming.partition(cluster.region)
    controller = resolve(config).controller_role_name
    existing = {name.lower() for name in resolve(config).existing_roles}

    tenants_of: dict[str, list[tuple[int, str, str]]] = {}
    for index, tenant in enumerate(config.tenants):
        node_role = resolve(config).node_role(tenant)
        path: PathKey = ("tenants", index, "nodeRole" if v1 else "instanceProfile")
        if node_role.lower() == controller.lower():
            found.append((path, f"{node_role!r} is the controller role (IAM names are unique regardless of case): "
                                "nodes would get the controller's permissions; give the tenant a node role of its own"))
        tenants_of.setdefault(node_role.lower(), []).append((index, tenant.name, node_role))
    shared = {name.lower() for name in iam.shared_node_roles}
    for key, users in tenants_of.items():
        first = users[0]
        for index, tenant_name, node_role in users[1:]:
            path = ("tenants", index, "nodeRole")
            if tenant_name == first[1]:
                continue  # a duplicate tenant name, reported as such
            if node_role != first[2]:
                found.append((path, f"{node_role!r} and tenant {first[1]}'s {first[2]!r} differ only in case, and IAM "
                                    "role names are unique regardless of case: they are one role; spell it one way"))
            elif v1 and key not in shared:
                found.append((path, (
                    f"tenant {tenant_name} shares node role {node_role!r} with tenant {first[1]}: their nodes would "
                    "have one AWS identity; give each tenant its own role, or list the role in iam.sharedNodeRoles "
                    "(and iam.existing.roles) to allow it"
                )))
    for position, role in enumerate(iam.shared_node_roles):
        path = ("iam", "sharedNodeRoles", position)
        if role.lower() not in tenants_of:
            found.append((path, f"{role!r} is no tenant's nodeRole: remove it, or fix the name"))
        elif role.lower() not in existing:
            found.append((path, (
                f"a shared node role outlives each tenant that uses it, so terraform/ does not own one: create "
                f"{role!r} outside terraform/ and list it in iam.existing.roles"
            )))

    # IAM names are unique regardless of case, but aws.json and terraform/ match existing names exactly: every name
    # the file uses for an existing role is spelt as iam.existing lists it.
    spelt = {name.lower(): name for name in resolve(config).existing_roles}
    uses = [(("karpenter", "controllerRole"), controller)] + [
        (("tenants", index, "nodeRole"), resolve(config).node_role(t)) for index, t in enumerate(config.tenants) if v1]
    uses += [(("iam", "sharedNodeRoles", position), role) for position, role in enumerate(iam.shared_node_roles)]
    for path, name in uses:
        listed = spelt.get(name.lower())
        if listed is not None and listed != name:
            found.append((path, f"{name!r} is the existing role {listed!r} (IAM names are unique regardless of case): "
                                f"spell it {listed!r}, as iam.existing lists it"))
    if not v1 and resolve(config).default_node_role is not None:
        default = resolve(config).default_node_role
        path = ("iam", "defaultNodeRole") if iam.default_node_role else ("karpenter", "defaultInstanceProfile")
        if default.lower() == controller.lower():
            found.append((path, f"{default!r}, the role of the default instance profile, is the controller role: nodes "
                                "on it would get the controller's permissions; give it a role of its own"))
        elif iam.default_node_role is not None and default.lower() in tenants_of and default not in resolve(config).existing_roles:
            found.append((path, f"{default!r}, the role of the default instance profile, is also a tenant's node role: "
                                "terraform/ would create it twice; give the default profile a role of its own"))
    controller_arn = config.karpenter.controller_role.arn
    if controller_arn is not None:
        if controller_arn.split(":")[4] != cluster.account_id:  # (its partition is checked with the names)
            found.append((("karpenter", "controllerRole", "arn"), (
                f"{controller_arn!r} is in account {controller_arn.split(':')[4]}, not the cluster's "
                f"({cluster.account_id}): terraform/ creates or reads the controller role in the cluster's account")))
        existing_arn = resolve(config).existing_roles.get(controller)
        listed_arn = next((r for r in iam.existing.roles if r.startswith("arn:") and role_name_of(r) == controller), None)
        if existing_arn is not None and listed_arn is not None and listed_arn != controller_arn:
            found.append((("karpenter", "controllerRole", "arn"), (
                f"{controller_arn!r} is not iam.existing.roles' {listed_arn!r}: one role has one ARN; write the same")))

    named = {controller.lower(), *tenants_of}
    seen_existing: dict[str, int] = {}
    for position, role in enumerate(iam.existing.roles):
        path = ("iam", "existing", "roles", position)
        name = role_name_of(role)
        if name.lower() in seen_existing:
            found.append((path, f"{name!r} is listed twice (also iam.existing.roles[{seen_existing[name.lower()]}]): list "
                                "each role once, by name or by its one ARN"))
        seen_existing.setdefault(name.lower(), position)
        if name.lower() not in named:
            found.append((path, (
                f"{name!r} is neither karpenter.controllerRole nor a tenant's nodeRole"
                + ("" if v1 else " (on 0.31 a node role comes with its instance profile: list the profile in "
                   "iam.existing.instanceProfiles)") + ": remove it, or fix the name"
            )))
        found += _arn_problems(path, role, partition, cluster.account_id)
    if iam.existing.instance_profiles and v1:
        found.append((("iam", "existing", "instanceProfiles"), (
            "instance profiles are Karpenter 0.31's: 1.x creates them from each tenant's nodeRole; list existing "
            "roles in iam.existing.roles instead"
        )))
    elif iam.existing.instance_profiles:
        used = {config.karpenter.default_instance_profile, *(t.instance_profile for t in config.tenants)}
        for profile, role in iam.existing.instance_profiles.items():
            path = ("iam", "existing", "instanceProfiles", profile)
            if profile not in used:
                found.append((path, f"{profile!r} is neither karpenter.defaultInstanceProfile nor a tenant's "
                                    "instanceProfile: remove it, or fix the name"))
            if role_name_of(role).lower() == controller.lower():
                found.append((path, f"{role!r} is the controller role: nodes would get the controller's permissions"))
            found += _arn_problems(path, role, partition, cluster.account_id)
    boundary = iam.permissions_boundary
    if boundary is not None and boundary.split(":")[1] != partition:
        found.append((("iam", "permissionsBoundary"), (
            f"{boundary!r} is in partition {boundary.split(':')[1]!r} but cluster.region {cluster.region} is in "
            f"{partition!r}: write it as 'arn:{partition}:iam::...'"
        )))
    if iam.default_node_role is not None:
        profile = config.karpenter.default_instance_profile
        if v1 or profile is None:
            found.append((("iam", "defaultNodeRole"), (
                "the role of karpenter.defaultInstanceProfile, a 0.31 setting"
                + ("" if v1 else " this file does not set") + ": remove it"
            )))
        elif profile in iam.existing.instance_profiles:
            found.append((("iam", "defaultNodeRole"), (
                f"{profile!r} is an existing instance profile, whose role iam.existing.instanceProfiles gives: "
                "remove iam.defaultNodeRole"
            )))
    return found


def _arn_problems(path: PathKey, role: str, partition: str, account: str) -> list[tuple[PathKey, str]]:
    """An existing role given by ARN must be in the cluster's partition and account (Karpenter passes it to the
    cluster's EC2 instances)."""
    if not role.startswith("arn:"):
        return []
    parts = role.split(":")
    if parts[1] != partition:
        return [(path, f"{role!r} is in partition {parts[1]!r}, the cluster's region in {partition!r}: write it "
                       f"as 'arn:{partition}:iam::...'")]
    if parts[4] != account:
        return [(path, f"{role!r} is in account {parts[4]}, not the cluster's ({account}): nodes and the controller "
                       "use roles of the cluster's account")]
    return []


def _duplicate_tenant_names(data: dict[str, Any], name: str, lines: Mapping[PathKey, int]) -> list[ConfigProblem]:
    tenants = data.get("tenants")
    if not isinstance(tenants, list):
        return []
    first: dict[str, int] = {}
    problems = []
    for index, tenant in enumerate(tenants):
        tenant_name = tenant.get("name") if isinstance(tenant, dict) else None
        if not isinstance(tenant_name, str):
            continue
        if tenant_name in first:
            problems.append(
                ConfigProblem(
                    name,
                    f"tenants[{index}].name",
                    _line_for(lines, ("tenants", index, "name")),
                    f"duplicate tenant name {tenant_name!r} (also tenants[{first[tenant_name]}]); "
                    "tenant names must be unique",
                )
            )
        else:
            first[tenant_name] = index
    return problems


def load_clusters(folder: Path, only: Iterable[str] = ()) -> list[LoadedCluster]:
    """Load every clusters/*.yaml (or just the named ones), reporting all problems of all files at once."""
    import os

    wanted = set(only)
    problems: list[ConfigProblem] = []
    try:
        names = os.listdir(folder)  # not glob: it says nothing of a folder it cannot read
    except FileNotFoundError:
        names = None
        problems.append(ConfigProblem(str(folder), "", None, "no such folder; create it with one <cluster>.yaml per cluster"))
    except NotADirectoryError:
        names = None
        problems.append(ConfigProblem(str(folder), "", None, "is a file, not a folder: name the folder that holds the "
                                      "<cluster>.yaml files (default clusters/)"))
    except PermissionError:
        names = None
        problems.append(ConfigProblem(str(folder), "", None, "permission denied: cannot list the folder's files; make "
                                      "it readable (and searchable) by this user"))
    files = sorted(folder / n for n in (names or []) if n.endswith(".yaml") and (not wanted or n[:-5] in wanted))
    if names is None:
        pass
    elif not files:
        missing = ", ".join(sorted(wanted)) if wanted else "*.yaml"
        problems.append(ConfigProblem(str(folder), "", None, f"no cluster files found ({missing})"))
    for path in sorted(folder / n for n in (names or []) if n.endswith(".yml")):
        problems.append(
            ConfigProblem(str(path), "", None, f"cluster files end in .yaml; rename it to {path.stem}.yaml")
        )
    loaded = []
    for path in files:
        try:
            loaded.append(load_cluster_file(path))
        except ConfigError as error:
            problems.extend(error.problems)
    problems += _same_cluster_twice(loaded)
    problems += _aws_names_shared(loaded)
    problems += _applier_names_shared(loaded)
    if problems:
        raise ConfigError(problems)
    return loaded


def _aws_names_shared(loaded: list[LoadedCluster]) -> list[ConfigProblem]:
    """IAM names are global in an AWS account and queue names per account and region: two cluster files
    whose Terraform would create the same one fail on `terraform apply` (or one takes the other's over)."""
    first: dict[tuple[str, ...], tuple[LoadedCluster, str]] = {}
    problems = []
    for cluster in loaded:
        config = cluster.config
        account, region = config.cluster.account_id, config.cluster.region
        names: list[tuple[tuple[str, ...], str, str]] = [
            ((account, "IAM role", resolve(config).controller_role_name), "karpenter.controllerRole", "the controller role"),
            ((account, region, "SQS queue", resolve(config).interruption_queue), "karpenter.interruptionQueue", "the queue"),
        ]
        for index, tenant in enumerate(config.tenants):
            if config.generation is Generation.V1:
                names.append(((account, "IAM role", resolve(config).node_role(tenant)), f"tenants[{index}].nodeRole", "a node role"))
            elif (profile := resolve(config).instance_profile(tenant)) is not None:
                names.append(((account, "instance profile", profile), f"tenants[{index}].instanceProfile", "an instance profile"))
        existing = {name.lower() for name in resolve(config).existing_roles} | {p.lower() for p in config.iam.existing.instance_profiles}
        attaches = config.iam.existing.attach_policies
        for identity, path, what in names:
            if "SQS queue" not in identity:
                identity = (*identity[:-1], identity[-1].lower())  # IAM names are unique regardless of case
            if identity[-1] in existing and not attaches and what != "the controller role":
                continue  # terraform/ neither creates nor changes it: clusters may share an existing node role
            seen = first.setdefault(identity, (cluster, path))
            if seen[0] is not cluster:
                problems.append(
                    ConfigProblem(
                        str(cluster.source), path, None,
                        f"{what} {identity[-1]!r} is also {seen[0].source}'s ({seen[1]}) in account {account}: " + (
                            "an existing role two clusters' Terraform both attach to (or, for the controller, each "
                            "cluster's policy on one role) is overwritten and detached by the other's runs; give this "
                            "cluster a role of its own" if identity[-1] in existing else
                            "AWS names it once per account, so the two Terraform runs would collide; give this cluster "
                            "its own name"),
                    )
                )
    return problems


def _applier_names_shared(loaded: list[LoadedCluster]) -> list[ConfigProblem]:
    """One Argo CD instance may manage every cluster (a hub): their Applications share its namespace, so an
    Application name two cluster files would both write (cluster `a` with a tenant `karpenter` and cluster
    `a-nodepool`: both `a-nodepool-karpenter`) is a config error. Flux runs in each EKS cluster: checked per cluster
    (validate's wiring check)."""
    first: dict[tuple[str, str], LoadedCluster] = {}
    problems = []
    for cluster in loaded:
        if cluster.config.gitops.engine != "argocd":
            continue
        for name in applier_names(cluster.key, cluster.config):
            key = (resolve(cluster.config).gitops_namespace, name)
            other = first.setdefault(key, cluster)
            if other is not cluster:
                problems.append(ConfigProblem(
                    str(cluster.source), "gitops.engine", None,
                    f"Argo CD Application {key[0]}/{name} would also be written for {other.source}: one Argo CD manages "
                    "both; rename a cluster file or the tenant",
                ))
    return problems


def _same_cluster_twice(loaded: list[LoadedCluster]) -> list[ConfigProblem]:
    """Two files for one EKS cluster would install two Karpenters fighting over its nodes."""
    first: dict[tuple[str, str], LoadedCluster] = {}
    problems = []
    for cluster in loaded:
        identity = (cluster.config.cluster.name, cluster.config.cluster.region)
        if identity in first:
            problems.append(
                ConfigProblem(
                    str(cluster.source),
                    "cluster.name",
                    None,
                    f"cluster {identity[0]} in {identity[1]} is also configured by {first[identity].source}; "
                    "one file per cluster: merge the tenants into one file",
                )
            )
        else:
            first[identity] = cluster
    return problems
