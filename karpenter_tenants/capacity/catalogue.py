"""Karpenter's instance-type catalogue, read from the reference data (`<shared>/karpenter/v1.14.1/reference/`):

- `instance-types.md`: every EC2 instance type Karpenter 1.14.1 knows (upstream generates it from the AWS provider
  with `hack/docs/instancetypes_gen`), each a `### \\`name\\`` section with a Labels table (every
  `karpenter.k8s.aws/*` label, `kubernetes.io/arch`, `kubernetes.io/os`, `node.kubernetes.io/instance-type`) and a
  Resources table (allocatable cpu, memory, pods, GPUs, ... on AL2023 without extra block devices);
- `zz_generated.pricing_aws.go`: the on-demand price per hour of each type in us-east-1, the table Karpenter ships and
  uses until it has read live prices, and for regions it has no table for.

Both are reference data, read as untrusted input (reference.data): a regular file reached without leaving
the reference folder, at most 64 MiB of UTF-8; anything that is not the format above is a CatalogueError naming
the file, the line and the fix (exit 2), never a half-read catalogue."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from karpenter_tenants.config.schema.base import QUANTITY_UNITS
from karpenter_tenants.config.yaml_input import InputError
from karpenter_tenants.reference import data as reference_data
from karpenter_tenants.reference.versions import reference_folder

CATALOGUE_VERSION = "1.14.1"  # the Karpenter release whose catalogue the reference data carries
TYPES_FILE = "instance-types.md"
PRICES_FILE = "zz_generated.pricing_aws.go"
PRICE_REGION = "us-east-1"
FIX = (
    f"the catalogue is read as upstream publishes it (karpenter/v{CATALOGUE_VERSION}/reference/ of ../shared): restore "
    "it, or name a reference folder that has it with --reference DIR or $KARPENTER_TENANTS_SHARED"
)
_QUANTITY = re.compile(r"([0-9]+(?:\.[0-9]+)?)(" + "|".join(sorted(QUANTITY_UNITS, key=len, reverse=True)) + ")?")
_ROW = re.compile(r"\s*\|([^|]*)\|([^|]*)\|\s*")
_PRICE = re.compile(r'"([a-z0-9][a-z0-9.-]*)":\s*([0-9]+(?:\.[0-9]+)?)')
# Resources of a type that GPUs and other accelerators are counted in (NodePool limits name them).
ACCELERATORS = ("nvidia.com/gpu", "amd.com/gpu", "aws.amazon.com/neuron", "habana.ai/gaudi")


class CatalogueError(InputError):
    """The catalogue cannot be used as it is; the message names the file (and line) and the fix."""

    def __init__(self, file: str | Path, line: int | None, problem: str) -> None:
        super().__init__(str(file), line, f"{problem}; {FIX}")


def quantity(text: str) -> float | None:
    """A Kubernetes quantity ('940m', '1392Mi', '8') as a number; None when it is not one."""
    match = _QUANTITY.fullmatch(text.strip())
    return None if match is None else float(match[1]) * QUANTITY_UNITS.get(match[2] or "", 1)


@dataclass(eq=False)
class InstanceType:
    """One catalogue entry: labels as Karpenter puts them on the node, allocatable resources as quantities (text),
    and its us-east-1 on-demand price per hour (None: not in the price table)."""

    name: str
    labels: dict[str, str] = field(default_factory=dict)
    resources: dict[str, str] = field(default_factory=dict)
    price: float | None = None

    @property
    def known_price(self) -> float:
        """The price of a type taken from a priced list (ValueError when it has none)."""
        if self.price is None:
            raise ValueError(f"{self.name} has no price")
        return self.price

    @property
    def category(self) -> str:
        return self.labels.get("karpenter.k8s.aws/instance-category", "")

    @property
    def gpus(self) -> int:
        """NVIDIA GPUs (nvidia.com/gpu) of the node."""
        return int(self.amount("nvidia.com/gpu"))

    @property
    def vcpus(self) -> int:
        """vCPUs (karpenter.k8s.aws/instance-cpu): the node's cpu capacity, which Karpenter counts against limits."""
        return int(self.labels["karpenter.k8s.aws/instance-cpu"])

    def amount(self, resource: str) -> float:
        """The allocatable amount of a resource (cpu in cores, memory in bytes); 0 when the type has none."""
        text = self.resources.get(resource)
        return 0.0 if text is None else quantity(text) or 0.0


@dataclass(eq=False)
class Catalogue:
    types: list[InstanceType]
    folder: Path  # where it was read
    prices_generated: str  # when upstream generated the price table, e.g. 2026-07-06T14:20:29Z

    @cached_property
    def label_keys(self) -> frozenset[str]:
        """Every label key some type carries: a requirement on another key does not select among types."""
        return frozenset(key for it in self.types for key in it.labels)

    @cached_property
    def by_name(self) -> dict[str, InstanceType]:
        return {it.name: it for it in self.types}


def catalogue_folder(shared: Path) -> Path:
    return reference_folder(shared, CATALOGUE_VERSION) / "reference"


def missing_catalogue(shared: Path) -> str | None:
    """None when shared has the catalogue's two files, else what is missing and the fix, in one line."""
    folder = catalogue_folder(shared)
    absent = [name for name in (TYPES_FILE, PRICES_FILE) if not (folder / name).exists()]
    if not absent:
        return None
    return (
        f"{folder}/ has no {' and no '.join(absent)}, the instance-type catalogue of Karpenter {CATALOGUE_VERSION} "
        "(../shared carries it; fetch-reference does not fetch it): name a reference folder that has it with "
        "--reference DIR or $KARPENTER_TENANTS_SHARED"
    )


class CatalogueMissing(InputError):
    def __init__(self, problem: str) -> None:
        self.file, self.line, self.detail = "", None, problem
        ValueError.__init__(self, problem)


def load_catalogue(shared: Path) -> Catalogue:
    """The catalogue under shared, every type with its price; CatalogueError when a file is missing or malformed."""
    folder = catalogue_folder(shared)
    problem = missing_catalogue(shared)
    if problem is not None:
        raise CatalogueMissing(problem)
    texts = {}
    for name in (TYPES_FILE, PRICES_FILE):
        try:
            texts[name] = reference_data.read_text(reference_data.checked_path(shared, folder / name))
        except reference_data.ReferenceDataError as error:  # its fix names validate's options: this one's instead
            raise CatalogueError(error.file, error.line, error.detail.removesuffix(f"; {reference_data.FIX}")) from None
    types = _parsed_types(texts[TYPES_FILE], folder / TYPES_FILE)
    prices, generated = parse_prices(texts[PRICES_FILE], folder / PRICES_FILE)
    for it in types:
        it.price = prices.get(it.name)
    return Catalogue(types, folder, generated)


def _parsed_types(text: str, source: Path) -> list[InstanceType]:
    """parse_catalogue(text), through the disk cache (reference.disk_cache, keyed by the text and this module's
    source): parsing the 2 MB table costs more than a whole `plan` of a one-tenant change. A cached entry that is not
    the list of [name, labels, resources] it writes is parsed again."""
    from karpenter_tenants.reference.disk_cache import cached, source_digest

    def rows() -> list[list[object]]:
        return [[it.name, it.labels, it.resources] for it in parse_catalogue(text, source)]

    found = cached("instance-types", [source_digest(__file__), text], rows)
    if not all(
        isinstance(row, list)
        and len(row) == 3
        and isinstance(row[0], str)
        and isinstance(row[1], dict)
        and isinstance(row[2], dict)
        for row in found
    ):
        found = rows()
    return [InstanceType(name, labels, resources) for name, labels, resources in found]  # type: ignore[arg-type]


def parse_catalogue(text: str, source: str | Path = TYPES_FILE) -> list[InstanceType]:
    """Every `### \\`name\\`` section of instance-types.md with its Labels and Resources tables, checked: each type
    names itself in node.kubernetes.io/instance-type, has an architecture, an OS, its vCPUs and allocatable cpu and
    memory as quantities, and appears once."""
    types: list[InstanceType] = []
    lines: dict[str, int] = {}
    table: dict[str, str] | None = None
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("### "):
            name = re.fullmatch(r"### `([a-z0-9][a-z0-9.-]*)`\s*", line)
            if name is None:
                raise CatalogueError(source, number, f"{line.strip()!r} is not an instance type heading (### `name`)")
            if name[1] in lines:
                raise CatalogueError(source, number, f"{name[1]} appears twice (first at line {lines[name[1]]})")
            types.append(InstanceType(name[1]))
            lines[name[1]] = number
            table = None
        elif line.startswith("#### ") and types:
            heading = line[5:].strip()
            if heading not in ("Labels", "Resources"):
                raise CatalogueError(
                    source, number, f"unknown table {heading!r} in {types[-1].name} (Labels, Resources)"
                )
            table = types[-1].labels if heading == "Labels" else types[-1].resources
        elif line.startswith("#"):
            table = None  # a family heading (## a1 Family) ends the type
        elif table is not None and line.strip():
            row = _ROW.fullmatch(line)
            if row is None:
                raise CatalogueError(source, number, f"{line.strip()!r} is not a table row (| key | value |)")
            key, value = row[1].strip(), row[2].strip()
            if key in ("Label", "Resource", "--") or set(key) <= {"-", ":"}:
                continue
            table[key] = value
    if not types:
        raise CatalogueError(source, None, "no instance types in it (### `name` sections)")
    for it in types:
        _check_type(it, source, lines[it.name])
    return types


def _check_type(it: InstanceType, source: str | Path, line: int) -> None:
    def fail(problem: str) -> None:
        raise CatalogueError(source, line, f"{it.name}: {problem}")

    if it.labels.get("node.kubernetes.io/instance-type") != it.name:
        fail(f"its node.kubernetes.io/instance-type label is {it.labels.get('node.kubernetes.io/instance-type')!r}")
    for key in ("kubernetes.io/arch", "kubernetes.io/os"):
        if not it.labels.get(key):
            fail(f"no {key} label")
    if not re.fullmatch(r"[1-9][0-9]*", it.labels.get("karpenter.k8s.aws/instance-cpu", "")):
        fail(
            f"karpenter.k8s.aws/instance-cpu is {it.labels.get('karpenter.k8s.aws/instance-cpu')!r}, not a count of vCPUs"
        )
    for resource in ("cpu", "memory"):
        if resource not in it.resources:
            fail(f"no allocatable {resource} in its Resources")
    for resource, value in it.resources.items():
        if quantity(value) is None:
            fail(f"resource {resource} is {value!r}, not a quantity")


def parse_prices(text: str, source: str | Path = PRICES_FILE) -> tuple[dict[str, float], str]:
    """us-east-1's on-demand price per hour by instance type, and when upstream generated the table."""
    start = text.find(f'"{PRICE_REGION}": {{')
    if start < 0:
        raise CatalogueError(source, None, f'no "{PRICE_REGION}": {{ ... }} price table')
    end = text.find("\n\t},", start)
    if end < 0:
        end = text.find("},", start)
    if end < 0:
        raise CatalogueError(source, text.count("\n", 0, start) + 1, f"the {PRICE_REGION} price table does not end")
    prices = {name: float(price) for name, price in _PRICE.findall(text[start + len(PRICE_REGION) + 4 : end])}
    if not prices:
        raise CatalogueError(source, text.count("\n", 0, start) + 1, f"the {PRICE_REGION} price table lists no price")
    generated = re.search(r"generated at (\S+) for " + re.escape(PRICE_REGION), text)
    return prices, generated[1] if generated else "an unknown date"
