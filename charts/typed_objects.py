"""Typed cdk8s objects (imports/) serialised in Python, without a Node.js round trip per object.

Charts author objects exactly as with cdk8s: the typed structs of imports/ (NodePoolSpec, ...) and
cdk8s's ApiObjectMetadata, given to an imported ApiObject class (NodePool, Kustomization, ...).
Creating that ApiObject costs a round trip to jsii's Node.js runtime, and so does its toJson; at
thousands of tenants those round trips were most of synth's time. `typed_object(NodePool, chart, id,
metadata=..., spec=...)` keeps the same arguments but records a Python `TypedObject` on the chart,
whose `to_json()` produces what cdk8s's `NodePool.toJson()` would:

- ApiObject.toJson: metadata = the chart's labels merged under the object's, sanitised (keys sorted,
  null/empty maps and lists dropped); the props resolved (union values such as quantities become
  `{value}`) and sanitised (keys sorted, nulls dropped);
- the imported class's toJson: apiVersion and kind first, then each struct's fields in the order and
  under the JSON names of the generated `toJson_<Struct>` functions, enums as their CRD values.

cdk8s-plus-33's `k8s` classes (KubeNamespace, ...) work the same way: their props' metadata is a
`k8s.ObjectMeta`, merged with the chart's like ApiObjectMetadata, then written by toJson_ObjectMeta.
An object of no typed class (`ApiObject` with JSON patches) is a `raw_object(...)`.

The field tables (JSON name, kind of conversion, nested struct) and enum values are read from the
imported module's own JavaScript (the `toJson_*` functions cdk8s import generates, in the module's
jsii tarball; for cdk8s-plus-33, the k8s submodule's lib/imports/k8s.js), so they follow imports/ when
it is regenerated. tests/test_typed_objects.py compares every object with cdk8s's own toJson
(examples, a large generated cluster, random structs)."""

from __future__ import annotations

import enum
import json
import os
import re
import sys
import tarfile
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from decimal import Decimal
from functools import cache, cached_property
from pathlib import Path
from typing import Any

# --- the generated JavaScript -----------------------------------------------------------------------

_FUNCTION = re.compile(r"^function toJson_(\w+)\(obj\) \{\n(.*?)\n\}$", re.S | re.M)
_FIELD = re.compile(r"^\s+'([^']+)': (.+),$", re.M)
_GVK = re.compile(r"^(\w+)\.GVK = \{\s*apiVersion: '([^']*)',\s*kind: '([^']*)',\s*\};", re.M)
# The same as a static class field (cdk8s-plus's k8s module): the class it belongs to is the one declared before it.
_STATIC_GVK = re.compile(
    r"^class (\w+) |^ +static GVK = \{\s*apiVersion: '([^']*)',\s*kind: '([^']*)',\s*\};", re.M
)
_ENUM_MEMBER = re.compile(r'^\s+(\w+)\["(\w+)"\] = "((?:[^"\\]|\\.)*)";$', re.M)
# Each field's conversion, as cdk8s import writes it (P: the property, T: a struct type).
_KINDS = [
    ("map", re.compile(r"\(\(obj\.(\w+)\) === undefined\) \? undefined : \(Object\.entries\(obj\.\1\)\.reduce"
                       r"\(\(r, i\) => \(i\[1\] === undefined\) \? r : \(\{ \.\.\.r, \[i\[0\]\]: i\[1\] \}\), \{\}\)\)")),
    ("map_value", re.compile(r"\(\(obj\.(\w+)\) === undefined\) \? undefined : \(Object\.entries\(obj\.\1\)\.reduce"
                             r"\(\(r, i\) => \(i\[1\] === undefined\) \? r : \(\{ \.\.\.r, \[i\[0\]\]: i\[1\]\?\.value \}\), \{\}\)\)")),
    ("map", re.compile(r"\(\(obj\.(\w+)\) === undefined\) \? undefined : \(Object\.entries\(obj\.\1\)\.reduce"
                       r"\(\(r, i\) => \(i\[1\] === undefined\) \? r : \(\{ \.\.\.r, \[i\[0\]\]: i\[1\]\?\.map\(y => y\) \}\), \{\}\)\)")),
    # A map of structs (none of ours set one: struct_json refuses it, as sanitize refuses a struct).
    ("map_struct", re.compile(r"\(\(obj\.(\w+)\) === undefined\) \? undefined : \(Object\.entries\(obj\.\1\)\.reduce"
                              r"\(\(r, i\) => \(i\[1\] === undefined\) \? r : \(\{ \.\.\.r, \[i\[0\]\]: toJson_(\w+)\(i\[1\]\) \}\), \{\}\)\)")),
    ("structs", re.compile(r"obj\.(\w+)\?\.map\(y => toJson_(\w+)\(y\)\)")),
    ("list", re.compile(r"obj\.(\w+)\?\.map\(y => y\)")),
    ("struct", re.compile(r"toJson_(\w+)\(obj\.(\w+)\)")),
    ("value", re.compile(r"obj\.(\w+)\?\.value")),
    ("date", re.compile(r"obj\.(\w+)\?\.toISOString\(\)")),
    ("plain", re.compile(r"obj\.(\w+)")),
]


@dataclass(frozen=True)
class Field:
    key: str  # the JSON (CRD) name
    prop: str  # the jsii property name
    kind: str  # plain | struct | structs | list | map | map_value | map_struct | value | date
    struct: str | None = None  # the nested struct's (or map_struct's value's) type name


class _Structs(Mapping[str, tuple[Field, ...]]):
    """The struct tables by name, each parsed from its toJson_ function's body when first asked for (cdk8s-plus's
    k8s module has 547: parsing them all would cost more than the few objects that use them)."""

    def __init__(self, bodies: dict[str, str]) -> None:
        self._bodies = bodies
        self._parsed: dict[str, tuple[Field, ...]] = {}

    def __getitem__(self, name: str) -> tuple[Field, ...]:
        found = self._parsed.get(name)
        if found is None:
            found = tuple(_field(key, expression) for key, expression in _FIELD.findall(self._bodies[name]))
            self._parsed[name] = found
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(self._bodies)

    def __len__(self) -> int:
        return len(self._bodies)


class Assembly:
    """One module's tables: structs (parsed on first use), GVKs by class name, enums (parsed on first use)."""

    def __init__(self, source: str) -> None:
        self._source = source
        self.structs: Mapping[str, tuple[Field, ...]] = _Structs(dict(_FUNCTION.findall(source)))
        self.gvk = {name: (api_version, kind) for name, api_version, kind in _GVK.findall(source)}
        declared = None
        for match in _STATIC_GVK.finditer(source):
            if match.group(1) is not None:
                declared = match.group(1)
            elif declared is None or declared in self.gvk:
                raise ValueError(f"typed_objects: a static GVK outside a class, or two in {declared}")
            else:
                self.gvk[declared] = (match.group(2), match.group(3))

    @cached_property
    def enums(self) -> dict[str, dict[str, str]]:
        enums: dict[str, dict[str, str]] = {}
        for enum_name, member, value in _ENUM_MEMBER.findall(self._source):
            enums.setdefault(enum_name, {})[member] = value.encode().decode("unicode_escape")
        return enums


def _field(key: str, expression: str) -> Field:
    for kind, pattern in _KINDS:
        match = pattern.fullmatch(expression)
        if match is None:
            continue
        if kind == "struct":
            return Field(key, match.group(2), kind, match.group(1))
        if kind in ("structs", "map_struct"):
            return Field(key, match.group(1), kind, match.group(2))
        return Field(key, match.group(1), kind)
    raise ValueError(f"typed_objects: cdk8s import wrote a conversion this module does not know: {expression}")


def parse_javascript(source: str) -> Assembly:
    return Assembly(source)


@cache
def assembly(module_name: str) -> Assembly:
    """The field tables of one imported module (e.g. imports.karpenter_v1.sh.karpenter), from its tarball; of a
    jsii submodule (cdk8s_plus_33.k8s), from its package's tarball, the submodule's own JavaScript file."""
    folder = Path(sys.modules[module_name].__file__ or "").parent
    package, submodule = module_name, ""
    while not (folder / "_jsii").is_dir():
        if "." not in package:
            raise ValueError(f"typed_objects: {module_name} is no jsii module (no _jsii folder above it)")
        package, _, last = package.rpartition(".")
        submodule = f"{last}.{submodule}".rstrip(".")
        folder = folder.parent
    (tarball,) = (folder / "_jsii").glob("*.jsii.tgz")
    if submodule:
        return parse_javascript(_submodule_source(tarball, submodule))
    with tarfile.open(tarball) as archive:
        source = "\n".join(_read(archive, member) for member in archive.getmembers() if member.name.endswith(".js"))
    return parse_javascript(source)


def _read(archive: tarfile.TarFile, member: tarfile.TarInfo) -> str:
    return archive.extractfile(member).read().decode()  # type: ignore[union-attr]


def _submodule_source(tarball: Path, submodule: str) -> str:
    """The compiled JavaScript of a jsii submodule ("k8s"): its symbolId in the assembly's manifest (package/.jsii)
    names the TypeScript source (src/imports/k8s), which the package ships compiled under lib/. The tarball is
    read as a stream up to that file (cdk8s-plus's holds 26 MB, mostly after it)."""
    wanted, scripts = None, {}
    with tarfile.open(tarball, "r|gz") as archive:
        for member in archive:
            if member.name == "package/.jsii":
                wanted = _submodule_file(_read(archive, member), submodule)
                if wanted in scripts:
                    return scripts[wanted]
            elif member.name == wanted:
                return _read(archive, member)
            elif wanted is None and member.name.startswith("package/lib/") and member.name.endswith(".js"):
                scripts[member.name] = _read(archive, member)  # the manifest came later than usual
    raise ValueError(f"typed_objects: {tarball.name} holds no {wanted or 'package/.jsii'} (jsii submodule {submodule})")


def _submodule_file(manifest: str, submodule: str) -> str:
    # Only the manifest's submodules are decoded (the whole manifest is large); a submodule's key is
    # "<assembly>.<submodule>", e.g. "cdk8s-plus-33.k8s".
    found_at = re.search(r'"submodules":\s*', manifest)
    submodules = json.JSONDecoder().raw_decode(manifest, found_at.end())[0] if found_at else {}
    (entry,) = [v for k, v in submodules.items() if k.partition(".")[2] == submodule] or [{}]
    symbol = entry.get("symbolId", "").rstrip(":")
    source, _, path = symbol.partition("/")
    if source != "src" or not path:
        raise ValueError(f"typed_objects: cannot find the JavaScript of jsii submodule {submodule} ({symbol or 'not listed'})")
    return f"package/lib/{path}.js"


# --- JavaScript's object semantics ------------------------------------------------------------------


def _index_key(key: str) -> bool:
    """An array index (a canonical uint32 below 2**32-1): JavaScript objects list these keys first."""
    return key.isdigit() and key.isascii() and (key == "0" or key[0] != "0") and int(key) < 2**32 - 1


def _utf16(key: str) -> bytes:
    return key.encode("utf-16-be", "surrogatepass")


def js_keys(keys: list[str], *, sort: bool) -> list[str]:
    """The order JavaScript lists an object's keys in: index keys ascending, then the rest in insertion
    order (sorted by UTF-16 code units when sort, as Array.prototype.sort does)."""
    indexes = sorted((k for k in keys if _index_key(k)), key=int)
    rest = [k for k in keys if not _index_key(k)] if indexes else list(keys)
    if sort:
        # Code points and UTF-16 code units order ASCII alike; only other keys need the encoding.
        rest.sort(key=None if all(k.isascii() for k in rest) else _utf16)
    return indexes + rest if indexes else rest


_SORT = not os.environ.get("CDK8S_DISABLE_SORT")  # as ApiObject.toJson reads it


def _number(value: float) -> int | float:
    """A number as it comes back from JavaScript: a double, integral ones below 1e21 as ints written with
    the double's shortest digits (as Number.prototype.toString does: 2**54+1 comes back as 2**54)."""
    if value.is_integer() and abs(value) < 1e21:
        return int(Decimal(repr(value)))
    return value


def sanitize(value: Any, *, filter_empty: bool = False, sort: bool | None = None) -> Any:
    """cdk8s's sanitizeValue (keys sorted, null members dropped) after resolve, on plain values."""
    return _sanitize(value, filter_empty, _SORT if sort is None else sort)


def _sanitize(value: Any, filter_empty: bool, sort: bool) -> Any:
    kind = type(value)
    if kind is str or kind is bool or value is None:
        return value
    if kind is dict:
        return _sanitize_dict(value, filter_empty, sort)
    if kind is list:
        if filter_empty and not value:
            return None
        return [item if type(item) is str else _sanitize(item, filter_empty, sort) for item in value]
    if kind is int:
        return value if -(2**53) <= value <= 2**53 else _number(float(value))
    if isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return _number(value)
    if isinstance(value, enum.Enum):
        return enum_value(value)
    if isinstance(value, list | tuple):
        if filter_empty and not value:
            return None
        return [_sanitize(item, filter_empty, sort) for item in value]
    if isinstance(value, dict):
        return _sanitize_dict(value, filter_empty, sort)
    if hasattr(type(value), "__jsii_type__") and not hasattr(value, "_values"):
        return {"value": union_value(value)}  # a union class (quantity, int-or-string): resolved to {value}
    raise TypeError(f"typed_objects: cannot serialise {type(value).__name__} in a free-form field")


def _sanitize_dict(value: dict[Any, Any], filter_empty: bool, sort: bool) -> dict[str, Any] | None:
    result = {}
    for key in _key_order(tuple(map(str, value)), sort):
        item = value[key]
        if type(item) is not str:  # a string is itself: the common case without a call
            item = _sanitize(item, filter_empty, sort)
            if item is None:
                continue
        result[key] = item
    if filter_empty and not result:
        return None
    return result


_KEY_ORDERS: dict[tuple[bool, tuple[str, ...]], list[str]] = {}


def _key_order(keys: tuple[str, ...], sort: bool) -> list[str]:
    """js_keys(keys), remembered: the tenants' maps repeat the same keys thousands of times."""
    found = _KEY_ORDERS.get((sort, keys))
    if found is None:
        if len(_KEY_ORDERS) > 100_000:  # one run has far fewer distinct key sets; bounds a long-lived process
            _KEY_ORDERS.clear()
        found = _KEY_ORDERS[(sort, keys)] = js_keys(list(keys), sort=sort)
    return found


_HELD = "_typed_objects_value"  # where a union object made by union_of() keeps its value


def union_of(union: type, value: str | float) -> Any:
    """`union.from_string(value)` (from_number for a number) kept in Python: an instance of the imported union
    class (a quantity such as NodePoolSpecLimits, an int-or-string), so the typed structs take it, holding the
    value the jsii object would hold, made without the round trip that creates that object (to_jsii() makes it)."""
    if not callable(getattr(union, "from_string", None)):
        raise TypeError(f"typed_objects: {union.__name__} is not a union class of imports/")
    found = object.__new__(union)
    setattr(found, _HELD, value)
    return found


def to_jsii(value: Any) -> Any:
    """The jsii object a union_of() object stands for; any other value as it is."""
    held = getattr(value, _HELD, _HELD)
    if held is _HELD:
        return value
    union = type(value)
    return union.from_string(held) if isinstance(held, str) else union.from_number(held)  # type: ignore[attr-defined]


_UNION_VALUES: dict[int, tuple[Any, Any]] = {}


def union_value(value: Any) -> Any:
    """The value of a union object (e.g. NodePoolSpecLimits.from_string("10")); one round trip per jsii
    object, none for a union_of() object."""
    held = getattr(value, _HELD, _HELD)
    if held is not _HELD:
        return held
    found = _UNION_VALUES.get(id(value))
    if found is None or found[0] is not value:
        found = (value, value.value)
        _UNION_VALUES[id(value)] = found
    return found[1]


_ENUM_VALUES: dict[enum.Enum, str] = {}


def enum_value(member: enum.Enum) -> str:
    found = _ENUM_VALUES.get(member)
    if found is None:
        jsii_type = type(member).__jsii_type__  # type: ignore[attr-defined]
        found = _ENUM_VALUES[member] = assembly(type(member).__module__).enums[jsii_type.rpartition(".")[2]][member.name]
    return found


def _iso_date(value: Any) -> str:
    """Date fields (none of ours set one) are left to cdk8s: refuse rather than guess jsii's conversion."""
    raise TypeError("typed_objects: date fields are not supported; use the cdk8s class")


# --- structs ----------------------------------------------------------------------------------------


@cache
def _python_names(struct_type: type) -> dict[str, str]:
    return {jsii: python for python, jsii in struct_type.__jsii_name_mapping__.items()}  # type: ignore[attr-defined]


def _struct_type(module: str, name: str) -> type:
    return getattr(sys.modules[module], name)


def _props(value: Any, struct_type: type) -> dict[str, Any]:
    """A struct's set values by jsii name (a dict given for a struct is that struct's keyword arguments)."""
    if isinstance(value, dict):
        value = struct_type(**value)
    names = _python_names(type(value))
    values = value._values
    return {jsii: values[python] for jsii, python in names.items() if values.get(python) is not None}


# How struct_json converts a field of each kind.
_SANITIZED, _STRUCT, _STRUCTS, _VALUE, _DATE, _MAP_VALUE = range(6)
_CONVERSIONS = {"plain": _SANITIZED, "list": _SANITIZED, "map": _SANITIZED, "map_struct": _SANITIZED,
                "struct": _STRUCT, "structs": _STRUCTS, "value": _VALUE, "date": _DATE, "map_value": _MAP_VALUE}


@cache
def _plan(module: str, name: str) -> tuple[type, tuple[tuple[str, str, int, str | None], ...]]:
    """The struct's Python class and its fields as (Python attribute, JSON name, conversion, nested struct)."""
    struct_type = _struct_type(module, name)
    python = _python_names(struct_type)
    fields = assembly(module).structs[name]
    return struct_type, tuple((python[f.prop], f.key, _CONVERSIONS[f.kind], f.struct) for f in fields)


_SET_FIELDS: dict[tuple[type, tuple[str, ...]], list[tuple[str, str, int, str | None]]] = {}


def _set_fields(
    struct_type: type, fields: tuple[tuple[str, str, int, str | None], ...], attributes: tuple[str, ...]
) -> list[tuple[str, str, int, str | None]]:
    """The fields among attributes (the ones a struct has set), in the generated order; remembered per struct
    class and set of attributes, so a struct of 30 fields with 3 set costs 3 steps."""
    found = _SET_FIELDS.get((struct_type, attributes))
    if found is None:
        present = set(attributes)
        found = _SET_FIELDS[(struct_type, attributes)] = [field for field in fields if field[0] in present]
    return found


def struct_json(module: str, name: str, value: Any) -> dict[str, Any]:
    """toJson_<name>(sanitize(value)): the struct's fields in the generated order, under their JSON names."""
    struct_type, fields = _plan(module, name)
    if isinstance(value, dict):
        value = struct_type(**value)
    elif type(value) is not struct_type:
        raise TypeError(f"typed_objects: {type(value).__name__} given for a {name}")
    values = value._values
    result: dict[str, Any] = {}
    for attribute, key, conversion, struct in _set_fields(struct_type, fields, tuple(values)):
        item = values[attribute]
        if item is None:
            continue
        if conversion == _SANITIZED:  # plain, list, map, map_struct: what sanitize left
            result[key] = item if type(item) is str else _sanitize(item, False, _SORT)
        elif conversion == _STRUCT:
            result[key] = struct_json(module, struct, item)  # type: ignore[arg-type]
        elif conversion == _STRUCTS:
            result[key] = [None if y is None else struct_json(module, struct, y) for y in item]  # type: ignore[arg-type]
        elif conversion == _VALUE:
            result[key] = union_value(item)
        elif conversion == _MAP_VALUE:
            result[key] = {k: union_value(item[k]) for k in js_keys(list(item), sort=_SORT) if item[k] is not None}
        else:
            result[key] = _iso_date(item)
    return result


# --- objects ----------------------------------------------------------------------------------------


def chart_metadata(chart: Any) -> tuple[dict[str, str], str | None]:
    """The chart's labels and namespace (one round trip per chart, remembered on it)."""
    found = getattr(chart, "_typed_objects_chart_metadata", None)
    if found is None:
        found = (dict(chart.labels or {}), chart.namespace)
        chart._typed_objects_chart_metadata = found
    return found


def metadata_json(metadata: Any, chart: Any) -> dict[str, Any]:
    """ApiObjectMetadataDefinition.toJson of an object in chart."""
    values = _props(metadata, type(metadata)) if metadata is not None else {}
    unknown = set(values) - {"name", "namespace", "labels", "annotations", "finalizers"}
    if unknown:
        raise TypeError(f"typed_objects: metadata fields {sorted(unknown)} are not supported; use the cdk8s class")
    if "name" not in values:
        raise TypeError("typed_objects: give every object a metadata name (cdk8s would generate one)")
    labels, namespace = chart_metadata(chart)
    return sanitize(
        {
            **values,
            "namespace": values.get("namespace") or namespace,
            "labels": {**labels, **(values.get("labels") or {})},
        },
        filter_empty=True,
        sort=True,  # ApiObjectMetadataDefinition.toJson sorts whatever CDK8S_DISABLE_SORT says
    )


class TypedObject:
    """An object of an imported ApiObject class (NodePool, ...), kept in Python; to_json() is what
    cdk8s's toJson of the same object would return."""

    def __init__(self, api_class: type, chart: Any, id: str, props: dict[str, Any]) -> None:
        self.api_class = api_class
        self.chart = chart
        self.id = id
        self.props = props

    @property
    def name(self) -> str:
        metadata = self.props.get("metadata")
        return metadata["name"] if isinstance(metadata, dict) else metadata.name

    def to_json(self) -> dict[str, Any]:
        module, name = self.api_class.__module__, self.api_class.__name__
        table = assembly(module)
        api_version, kind = table.gvk[name]
        props_type = _struct_type(module, f"{name}Props")
        resolved = _props(props_type(**self.props), props_type)
        result: dict[str, Any] = {"apiVersion": api_version, "kind": kind}
        for field in table.structs[f"{name}Props"]:
            item = resolved.get(field.prop)
            if field.key == "metadata":
                result["metadata"] = metadata_json(item, self.chart)
                if field.kind == "struct":  # k8s.ObjectMeta (cdk8s-plus): toJson_ObjectMeta writes its fields in order
                    result["metadata"] = _in_order(result["metadata"], table.structs[field.struct])  # type: ignore[index]
            elif item is not None:
                if field.kind != "struct":
                    raise TypeError(f"typed_objects: {name}Props.{field.prop} is not a struct")
                result[field.key] = struct_json(module, field.struct, item)  # type: ignore[arg-type]
        return result

    def to_cdk8s(self, chart: Any) -> Any:
        """The same object as a cdk8s ApiObject in chart (for comparing with cdk8s's own toJson)."""
        return self.api_class(chart, self.id, **{key: _to_jsii(value) for key, value in self.props.items()})


def _in_order(values: dict[str, Any], fields: tuple[Field, ...]) -> dict[str, Any]:
    """A struct's toJson_ of values already sanitised (maps and lists copied as they are): its fields in order."""
    plain = ("plain", "map", "list")
    if not set(values) <= {f.prop for f in fields if f.kind in plain}:
        raise TypeError(f"typed_objects: {sorted(values)} are not all plain fields of the struct")
    return {f.key: values[f.prop] for f in fields if f.prop in values}


class RawObject:
    """An object of no imported class, kept in Python: what cdk8s's `ApiObject(chart, id, api_version=...,
    kind=..., metadata=...)` with `add_json_patch(JsonPatch.add(path, value))` for each added path writes."""

    def __init__(self, chart: Any, id: str, api_version: str, kind: str, metadata: Any, add: dict[str, Any]) -> None:
        bad = [path for path in add if not re.fullmatch(r"/[A-Za-z][A-Za-z0-9]*", path) or path in _RAW_FIRST_PATHS]
        if bad:
            raise ValueError(f"typed_objects: raw objects add top-level fields other than the header only, not {bad}")
        self.chart = chart
        self.id = id
        self.api_version, self.kind, self.metadata, self.add = api_version, kind, metadata, add

    @property
    def name(self) -> str:
        return self.metadata.name

    def to_json(self) -> dict[str, Any]:
        """ApiObject.toJson: the props sanitised (apiVersion, kind, metadata), then the patches applied in order (new
        keys last, as JavaScript adds them; ApiObject.toJson puts apiVersion, kind and metadata first)."""
        result: dict[str, Any] = {
            "apiVersion": self.api_version,
            "kind": self.kind,
            "metadata": metadata_json(self.metadata, self.chart),
        }
        for path, value in self.add.items():
            result[path[1:]] = _patched(value)
        return result

    def to_cdk8s(self, chart: Any) -> Any:
        """The same object as a cdk8s ApiObject in chart (for comparing with cdk8s's own toJson)."""
        from cdk8s import ApiObject, JsonPatch

        found = ApiObject(chart, self.id, api_version=self.api_version, kind=self.kind, metadata=self.metadata)
        for path, value in self.add.items():
            found.add_json_patch(JsonPatch.add(path, value))
        return found


_RAW_FIRST_PATHS = ("/apiVersion", "/kind", "/metadata")


def _patched(value: Any) -> Any:
    """A value as a JSON patch adds it (not sanitised): maps in JavaScript's key order, unsorted."""
    kind = type(value)
    if kind is str or kind is bool or (kind is int and -(2**53) <= value <= 2**53):
        return value
    if kind is float:
        return _number(value)
    if kind is list or kind is tuple:
        return [_patched(item) for item in value]
    if kind is dict:
        return {key: _patched(value[key]) for key in js_keys(list(value), sort=False)}
    raise TypeError(f"typed_objects: a raw object's patch holds {value!r}; give strings, numbers, booleans, lists and maps")


def raw_object(chart: Any, id: str, *, api_version: str, kind: str, metadata: Any, add: dict[str, Any]) -> RawObject:
    """Add to chart what `ApiObject(chart, id, api_version=..., kind=..., metadata=...)` with
    `JsonPatch.add(path, value)` for each item of add would be, kept in Python."""
    return _add(chart, RawObject(chart, id, api_version, kind, metadata, add))


def _to_jsii(value: Any) -> Any:
    """value with every union_of() object in it made the jsii object it stands for."""
    if hasattr(value, _HELD):
        return to_jsii(value)
    if isinstance(value, list | tuple):
        return [_to_jsii(item) for item in value]
    if isinstance(value, dict):
        return {key: _to_jsii(item) for key, item in value.items()}
    if hasattr(value, "_values"):  # a struct
        return type(value)(**{key: _to_jsii(item) for key, item in value._values.items()})
    return value


class TypedChart:
    """A chart that holds only typed objects: the labels and namespace cdk8s's Chart gives its objects, and
    no jsii object, so building one starts no Node.js (synth.jsii_deferred). Every chart of synth is one;
    chart_json() also takes a cdk8s Chart (its own objects, then typed objects added to it)."""

    def __init__(self, id: str, *, labels: dict[str, str] | None = None, namespace: str | None = None) -> None:
        self.id = id
        self.labels = dict(labels or {})
        self.namespace = namespace

    def to_json(self) -> list[dict[str, Any]]:
        return []  # its objects are all typed objects (chart_objects)


def typed_object(api_class: type, chart: Any, id: str, **props: Any) -> TypedObject:
    """Add an object of api_class to chart, as `api_class(chart, id, **props)` would, kept in Python."""
    return _add(chart, TypedObject(api_class, chart, id, props))


def _add(chart: Any, found: Any) -> Any:
    objects = _chart_objects(chart)
    if found.id in objects:
        raise ValueError(f"There is already a Construct with name '{found.id}' in {type(chart).__name__}")
    objects[found.id] = found
    return found


def _chart_objects(chart: Any) -> dict[str, TypedObject | RawObject]:
    found = getattr(chart, "_typed_objects", None)
    if found is None:
        found = {}
        chart._typed_objects = found
    return found


def chart_objects(chart: Any) -> list[TypedObject | RawObject]:
    """The typed objects added to chart, in the order they were added."""
    return list(_chart_objects(chart).values())


def chart_json(chart: Any) -> list[dict[str, Any]]:
    """Every object of chart: cdk8s's own (chart.to_json(), one round trip) and the typed objects."""
    return list(chart.to_json()) + [obj.to_json() for obj in chart_objects(chart)]
