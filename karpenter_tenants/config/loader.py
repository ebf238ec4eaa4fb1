"""Reads clusters/*.yaml into ClusterFile models, collecting every problem with file, path and line: the YAML's,
the schema's, and those of the rules in config.rules (the loader only reads files and maps each rule's paths to
file:line)."""

from __future__ import annotations

import hashlib
import json
import re
import types
import typing
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ValidationError

from karpenter_tenants.config import chart_defaults as installed_defaults
from karpenter_tenants.config import tenant_defaults
from karpenter_tenants.config.listing import first_few
from karpenter_tenants.config.rules.files import across_files_problems, file_name_problems, file_problems
from karpenter_tenants.config.rules.raw import duplicate_tenant_names, tenant_key_conflicts
from karpenter_tenants.config.rules.release import chart_value_problems, kubernetes_version_supported
from karpenter_tenants.config.rules.release_api import node_repair_warnings
from karpenter_tenants.config.rules.warnings import ChartDefaults, cluster_warnings
from karpenter_tenants.config.schema.base import FieldProblems, shown
from karpenter_tenants.config.schema.cluster_file import ClusterFile
from karpenter_tenants.config.versions import generation_of
from karpenter_tenants.config.yaml_input import Document, InputError, load_document, read_text

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
    digest: str = ""  # SHA-256 of the file's bytes as loaded (synthesis.incremental.unchanged)
    # The document as read (before validation): synthesis.parts.raw_tenant_keys fingerprints each tenant as written.
    raw: Any = field(default=None, repr=False, compare=False)

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


def _index_lines(
    node: yaml.Node, path: PathKey, lines: dict[PathKey, int], problems: list[tuple[PathKey, int, str]]
) -> None:
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


def pydantic_message(error: Mapping[str, Any]) -> str:
    kind = error["type"]
    loc: PathKey = tuple(error["loc"])
    if kind == "extra_forbidden":
        model = _model_at(loc[:-1])
        allowed = sorted(f.alias or name for name, f in model.model_fields.items()) if model else []
        if model is ClusterFile:  # read before validation (config.tenant_defaults)
            allowed = sorted([*allowed, tenant_defaults.KEY])
        return f"unknown key {loc[-1]!r}{_suggestion(model, str(loc[-1]))}; allowed keys here: {', '.join(allowed)}"
    if kind == "missing":
        return f"required key {loc[-1]!r} is missing"
    if kind in ("value_error", "assertion_error"):
        return str(error["msg"]).removeprefix("Value error, ").removeprefix("Assertion failed, ")
    value = error.get("input")
    if kind == "string_type" and isinstance(value, int | float) and not isinstance(value, bool):
        return f'{value!r} is a YAML number; quote it as written, e.g. "{value}"'
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
    for name, info in fields.items():
        child = unwrap_annotation(info.annotation)
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
    return cluster_warnings(config, _defaults())


_INSTALLED: Any = object()  # _chart_defaults' value until use_chart_defaults: config.chart_defaults' installed ones
_chart_defaults: Any = _INSTALLED


def use_chart_defaults(chart_defaults: ChartDefaults | None) -> None:
    """The chart defaults every load checks karpenter.values against (None: not checked, and no warning says so),
    instead of those installed in config.chart_defaults (commands.runner's)."""
    global _chart_defaults
    _chart_defaults = chart_defaults


def _defaults() -> ChartDefaults | None:
    chosen: ChartDefaults | None = installed_defaults.current() if _chart_defaults is _INSTALLED else _chart_defaults
    return chosen


def load_cluster_file(source: Path, display_name: str | None = None) -> LoadedCluster:
    """Load one cluster file; raise ConfigError listing every problem in it. karpenter.values is checked against
    the chart defaults use_chart_defaults installed."""
    defaults = _defaults()
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
        raise ConfigError([ConfigProblem(name, "", 1, "expected a mapping with keys cluster, karpenter and tenants")])

    lines = _Lines(document)
    duplicate_keys: list[tuple[PathKey, int, str]] = []
    if document.repeats_keys:
        _index_lines(document.node(), (), {}, duplicate_keys)  # type: ignore[arg-type]  # data is a mapping
    problems = [ConfigProblem(name, format_path(path), line, message) for path, line, message in duplicate_keys]
    written = data
    data, defaults_problems = tenant_defaults.apply(data)  # each tenant as if it had written tenantDefaults' fields
    # a problem of a field tenants inherited: once, at tenantDefaults, with the tenants that inherit it
    inheriting: dict[tuple[PathKey, str], list[str]] = {}

    def located(found: Iterable[tuple[PathKey, str]]) -> list[ConfigProblem]:
        placed = []
        for path, message in found:
            source = tenant_defaults.inherited(written, path)
            if source is None:
                placed.append(ConfigProblem(name, format_path(path), _line_for(lines, path), message))
            else:  # said once for every tenant that inherits it: the tenant's own name in it as <tenant>
                tenant = tenant_defaults.tenant_name(written, int(path[1]))
                said = re.sub(rf"(?<![\w-]){re.escape(tenant)}(?![\w-])", "<tenant>", message)
                for namespace in tenant_defaults.namespaces_of(written, int(path[1])):
                    said = re.sub(rf"(?<![\w-]){re.escape(namespace)}(?![\w-])", "\0", said)
                said = re.sub("\0(, \0)*", "<its namespaces>", said)
                inheriting.setdefault((source, said), []).append(tenant)
        return placed

    problems += located(defaults_problems)
    if any(path == (tenant_defaults.KEY,) for path, _ in defaults_problems):
        # the section as a whole is refused (not a mapping, too large): the tenants without it would only add noise
        raise ConfigError(sorted(problems, key=lambda p: (p.line or 0, p.path)))
    problems += located(duplicate_tenant_names(data))

    generation = generation_of(
        (data.get("karpenter") or {}).get("version") if isinstance(data.get("karpenter"), dict) else None
    )
    config = None
    try:
        config = ClusterFile.model_validate(data, context={"generation": generation})
    except ValidationError as error:
        for item in error.errors():
            loc = clean_loc(item["loc"])
            cause = (item.get("ctx") or {}).get("error")
            # A model's rules between its fields: each problem at its own field and line.
            found = cause.problems if isinstance(cause, FieldProblems) else [((), pydantic_message(item))]
            problems += located(((*loc, *path), message) for path, message in found)

    if config is not None and config.karpenter.values and defaults is not None:
        problems += located(chart_value_problems(config, defaults))
    problems += [
        ConfigProblem(name, format_path(path), None, message) for path, message in file_name_problems(source.stem)
    ]
    release_warnings: list[str] = []
    if config is not None:
        problems += located(file_problems(config))
        compatibility, release_warnings = kubernetes_version_supported(config, defaults)
        problems += located(compatibility)
    problems += located(tenant_key_conflicts(data))
    for (path, message), tenants in inheriting.items():
        each = list(dict.fromkeys(tenants))
        names = first_few(each)
        problems.append(
            ConfigProblem(
                name,
                format_path(path),
                _line_for(lines, path),
                f"{message} (inherited by tenant{'s' if len(each) > 1 else ''} {names})",
            )
        )
    if problems:
        raise ConfigError(sorted(problems, key=lambda p: (p.line or 0, p.path)))
    assert config is not None
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    release_warnings += node_repair_warnings(config)
    return LoadedCluster(source, config, (*release_warnings, *_warnings(config)), digest, data)


def load_clusters(folder: Path, only: Iterable[str] = ()) -> list[LoadedCluster]:
    """Load every clusters/*.yaml (or just the named ones), reporting all problems of all files at once."""
    import os

    wanted = set(only)
    problems: list[ConfigProblem] = []
    try:
        names = os.listdir(folder)  # not glob: it says nothing of a folder it cannot read
    except FileNotFoundError:
        names = None
        problems.append(
            ConfigProblem(str(folder), "", None, "no such folder; create it with one <cluster>.yaml per cluster")
        )
    except NotADirectoryError:
        names = None
        problems.append(
            ConfigProblem(
                str(folder),
                "",
                None,
                "is a file, not a folder: name the folder that holds the <cluster>.yaml files (default clusters/)",
            )
        )
    except PermissionError:
        names = None
        problems.append(
            ConfigProblem(
                str(folder),
                "",
                None,
                "permission denied: cannot list the folder's files; make it readable (and searchable) by this user",
            )
        )
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
    problems += [
        ConfigProblem(str(cluster.source), format_path(path), None, message)
        for cluster, path, message in across_files_problems(loaded)
    ]
    if problems:
        raise ConfigError(problems)
    return loaded
