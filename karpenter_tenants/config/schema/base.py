"""The value types every section shares (names, quantities, durations, label keys and values, ARNs) with their shape
checks, the frozen camelCase base Model, and FieldProblems (a model's problems, each at its own field).

Part of the cluster config schema (config.schema); imports config only."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, ValidationInfo
from pydantic.alias_generators import to_camel

from karpenter_tenants.config import quantities
from karpenter_tenants.config.versions import Generation

CONTROL_PLANE_NAMESPACES = ("kube-node-lease", "kube-public", "kube-system")
RFC1123_LABEL = re.compile(r"^[a-z0-9]([-a-z0-9]*[a-z0-9])?$")
_QUANTITY = re.compile(r"^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E|[eE][+-]?[0-9]+)?$")
# Karpenter v1's own pattern (NodePool CRD: consolidateAfter, expireAfter).
_DURATION = re.compile(r"^([0-9]+(s|m|h))+$")
# Versions: vYYYYMMDD for AL2/AL2023, v1.x.y for Bottlerocket, latest (Windows: latest only).
AMI_ALIAS = re.compile(r"^(al2|al2023|bottlerocket|windows2019|windows2022|windows2025)@(v[0-9][0-9.]*|latest)$")
_K8S_VERSION = re.compile(r"^1\.[0-9]{2}$")


def kubernetes_minor_value(value: object) -> object:
    """A field validator's body (mode before) for a Kubernetes minor like "1.33": never a YAML number."""
    if isinstance(value, float):
        raise ValueError(f'{shown(value)} is a YAML number; quote it, e.g. "1.33" (1.30 would read as 1.3)')
    if isinstance(value, str) and not _K8S_VERSION.fullmatch(value):
        raise ValueError(f'{shown(value)} is not a Kubernetes minor version like "1.33"')
    return value


# Kubelet (EC2NodeClass CRD rules): reserved resources, eviction signals and thresholds.
RESERVED_KEYS = ("cpu", "memory", "ephemeral-storage", "pid")
EVICTION_SIGNALS = (
    "memory.available",
    "nodefs.available",
    "nodefs.inodesFree",
    "imagefs.available",
    "imagefs.inodesFree",
    "pid.available",
)
EVICTION_THRESHOLD = re.compile(
    r"^(([0-9]{1,2}(\.[0-9]{1,2})?|100(\.0{1,2})?)%|[+]?([0-9]+(\.[0-9]*)?|\.[0-9]+)(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E)?)$"
)


SHOWN_WHOLE, SHOWN_CHARACTERS = 200, 80


def shown(value: object) -> str:
    """A value as a problem shows it: its repr, or, past SHOWN_WHOLE characters, its first SHOWN_CHARACTERS and
    how long it was (a 100,000-character value would bury the message)."""
    text = repr(value)
    if len(text) <= SHOWN_WHOLE:
        return text
    size = f"{len(value):,} characters" if isinstance(value, str) else f"{len(text):,} characters written out"
    return f"{text[:SHOWN_CHARACTERS]}… ({size})"


def _quantity(value: object) -> object:
    """Accept YAML numbers for quantities (cpu: 100) and keep the canonical string form."""
    if isinstance(value, bool):
        return value  # rejected below as not a string
    if isinstance(value, int | float):
        return str(value)
    return value


# The suffixes of a Kubernetes quantity and what each multiplies by (binary, then decimal SI).
QUANTITY_UNITS = {
    "Ki": 2**10,
    "Mi": 2**20,
    "Gi": 2**30,
    "Ti": 2**40,
    "Pi": 2**50,
    "Ei": 2**60,
    "m": 1e-3,
    "k": 1e3,
    "M": 1e6,
    "G": 1e9,
    "T": 1e12,
    "P": 1e15,
    "E": 1e18,
}


def quantity_value(value: object) -> float:
    """A Kubernetes quantity as a number ('64' < '128', '512Gi' < '1Ti'); inf for what is none."""
    text = str(value)
    for suffix in sorted(QUANTITY_UNITS, key=len, reverse=True):
        if text.endswith(suffix):
            try:
                return float(text[: -len(suffix)]) * QUANTITY_UNITS[suffix]
            except ValueError:
                return float("inf")
    try:
        return float(text)
    except ValueError:
        return float("inf")


def _no_bool(value: object) -> object:
    """pydantic reads true as 1 where a number belongs; YAML reads yes, no, on, off, true and false as booleans,
    so `weight: yes` would silently be weight 1."""
    if isinstance(value, bool):
        raise ValueError(f"{str(value).lower()} is a boolean (YAML reads yes/no/true/false as one); write a number")
    return value


Integer = Annotated[int, BeforeValidator(_no_bool)]


def _only_bool(value: object) -> object:
    """pydantic reads the strings 'false', 'off', 'no', '0' (and 0, 1) as booleans: a quoted `dedicated: "false"`
    silently dropped a tenant's taint. A switch takes true or false, unquoted."""
    if not isinstance(value, bool):
        raise ValueError(f"{shown(value)} is not true or false: write true or false, unquoted")
    return value


Flag = Annotated[bool, BeforeValidator(_only_bool)]


def quantity_amount(value: str) -> Decimal:
    """A quantity the grammar took (_QUANTITY) as its exact amount of the unit, within what Kubernetes counts
    (config.quantities, the simulation's bounds too); ValueError past them."""
    found = re.fullmatch(r"([+-]?[0-9.]+)(.*)", value)
    assert found is not None
    try:
        return quantities.amount(*found.groups())
    except quantities.ExponentPastBound:
        raise ValueError(f"{shown(value)}: an exponent that large is no quantity Kubernetes counts") from None
    except quantities.AmountPastBound:
        raise ValueError(
            f"{shown(value)} is more than a quantity holds (at most {quantities.MAX_QUANTITY} of its unit)"
        ) from None


def non_negative_quantity(value: str) -> str:
    if not _QUANTITY.fullmatch(value):
        raise ValueError(f"{shown(value)} is not a Kubernetes quantity like '100', '500m' or '64Gi'")
    if value.startswith("-"):
        raise ValueError(f"{shown(value)} is negative; a limit must be zero or more")
    quantity_amount(value)
    return value


# Go's longest time.Duration (int64 nanoseconds, about 292 years): Karpenter's and Flux's controllers parse durations
# with time.ParseDuration, which refuses a longer one.
GO_MAX_DURATION_SECONDS = (2**63 - 1) / 1e9
INT32_MAX = 2**31 - 1
_UNIT_SECONDS = {"h": 3600, "m": 60, "s": 1}


def duration_seconds_of(value: str) -> float:
    """'1h30m' -> 5400.0 (h, m, s parts as _DURATION allows them)."""
    return float(sum(int(number) * _UNIT_SECONDS[unit] for number, unit in re.findall(r"([0-9]+)([hms])", value)))


def _within_go(value: str) -> str:
    if value != "Never" and duration_seconds_of(value) > GO_MAX_DURATION_SECONDS:
        raise ValueError(
            f"{shown(value)} is longer than Go's longest duration (2562047h47m16s, about 292 years), which Karpenter "
            "and Flux cannot read: give a shorter one (or 'Never' where it is allowed)"
        )
    return value


def duration_text(value: str) -> str:
    if value != "Never" and not _DURATION.fullmatch(value):
        raise ValueError(f"{shown(value)} is not a duration like '30s', '15m', '720h' or '1h30m' (or 'Never')")
    return _within_go(value)


# A cron schedule's five fields as Karpenter reads them (robfig/cron's standard parser: minute, hour, day of month,
# month, day of week; *, ?, ranges, steps, lists, month and day names).
_CRON_FIELDS: tuple[tuple[str, int, int, dict[str, int]], ...] = (
    ("minute", 0, 59, {}),
    ("hour", 0, 23, {}),
    ("day of month", 1, 31, {}),
    ("month", 1, 12, {m: i + 1 for i, m in enumerate("jan feb mar apr may jun jul aug sep oct nov dec".split())}),
    ("day of week", 0, 6, {d: i for i, d in enumerate("sun mon tue wed thu fri sat".split())}),
)


def _cron_fields(value: str) -> str:
    if value.startswith("@"):
        return value
    for text, (what, low, high, names) in zip(value.split(), _CRON_FIELDS, strict=True):
        for item in text.split(","):
            span, _, step = item.partition("/")
            if step and (not step.isdigit() or int(step) == 0):
                raise ValueError(f"{shown(value)}: the {what} step {step!r} is not a whole number above 0")
            if span in ("*", "?"):
                continue
            for bound in span.split("-", 1):
                number = names.get(bound.lower()) if not bound.isdigit() else int(bound)
                if number is None or not low <= number <= high:
                    raise ValueError(
                        f"{shown(value)}: the {what} {bound!r} is not from {low} to {high}"
                        f"{' (or a name)' if names else ''}; write a schedule like '0 9 * * mon-fri'"
                    )
    return value


def _ip_address(value: str) -> str:
    import ipaddress

    try:
        ipaddress.ip_address(value)
    except ValueError:
        raise ValueError(
            f"{shown(value)} is not an IP address (the kubelet's clusterDNS lists the DNS service's "
            "addresses, e.g. '10.100.0.10')"
        ) from None
    return value


def unique_items(values: list[Any] | None) -> list[Any] | None:
    if values is None:
        return None
    repeated = sorted({str(v) for v in values if values.count(v) > 1})
    if repeated:
        raise ValueError(f"{', '.join(repr(v) for v in repeated)} listed more than once; list each value once")
    return values


def shaped_text(pattern: str, what: str, max_length: int | None = None) -> AfterValidator:
    """A validator that accepts strings matching the regular expression (and at most max_length long) and
    names what they must be otherwise. The whole string must match (fullmatch: `$` alone would let a trailing
    newline through), in ASCII (`\\w` is no non-ASCII letter: AWS and Kubernetes names are ASCII)."""
    compiled = re.compile(pattern, re.ASCII)

    def check(value: str) -> str:
        if (max_length is not None and len(value) > max_length) or not compiled.fullmatch(value):
            raise ValueError(f"{shown(value)} is not {what}")
        return value

    return AfterValidator(check)


Name = Annotated[
    str,
    shaped_text(
        RFC1123_LABEL.pattern,
        "an RFC 1123 label: use at most 63 lowercase letters, digits and '-', starting and ending with a letter or digit",
        max_length=63,
    ),
]
IamRoleName = Annotated[
    str, shaped_text(r"^[\w+=,.@-]{1,64}$", "an IAM role name (1-64 of letters, digits and +=,.@_-)")
]
InstanceProfileName = Annotated[
    str, shaped_text(r"^[\w+=,.@-]{1,128}$", "an instance profile name (1-128 of letters, digits and +=,.@_-)")
]
RoleArn = Annotated[
    str,
    shaped_text(
        r"^arn:aws[a-z-]*:iam::[0-9]{12}:role/[\w+=,.@/-]{1,512}$",
        "an IAM role ARN like 'arn:aws:iam::001234567890:role/name'",
    ),
]
QueueName = Annotated[
    str, shaped_text(r"^[A-Za-z0-9_-]{1,80}$", "an SQS queue name (1-80 of letters, digits, '-' and '_')")
]
AccountId = Annotated[str, shaped_text(r"^[0-9]{12}$", 'an AWS account id: exactly 12 digits, e.g. "001234567890"')]
Region = Annotated[
    str, shaped_text(r"^([a-z]{2}(-gov|-iso[a-z]*)?|eusc-[a-z]{2})-[a-z]+-[0-9]$", "an AWS region like 'ca-central-1'")
]
# Karpenter v1's own patterns (NodePool CRD: budget nodes and duration); a five-field cron or a macro.
BudgetNodes = Annotated[
    str, shaped_text(r"^((100|[0-9]{1,2})%|[0-9]+)$", "a node count like '2' or a percentage like '10%'")
]
BudgetDuration = Annotated[
    str,
    shaped_text(
        r"^((([0-9]+(h|m))|([0-9]+h[0-9]+m))(0s)?)$", "a budget duration in hours and minutes like '8h' or '1h30m'"
    ),
    AfterValidator(_within_go),
]
CronSchedule = Annotated[
    str,
    shaped_text(
        r"^(@(annually|yearly|monthly|weekly|daily|midnight|hourly))$|^(\S+\s){4}\S+$",
        "a cron schedule like '0 9 * * mon-fri' or '@daily'",
    ),
    AfterValidator(_cron_fields),
]
IpAddress = Annotated[str, AfterValidator(_ip_address)]
Quantity = Annotated[str, BeforeValidator(_quantity), AfterValidator(non_negative_quantity)]


def _cores_in_millicores(value: str) -> str:
    """Kubernetes and Karpenter count cpu in millicores, an int64: more cores than (2^63-1)/1000 wrap."""
    if quantity_amount(value) > quantities.MAX_CPU:
        raise ValueError(f"{shown(value)} is more cores than Kubernetes counts (at most {int(quantities.MAX_CPU)})")
    return value


CpuQuantity = Annotated[Quantity, AfterValidator(_cores_in_millicores)]
Duration = Annotated[str, AfterValidator(duration_text)]


def _qualified_parts(value: str) -> str:
    """Kubernetes' limits on a qualified name (a label or annotation key) the pattern cannot say: the name at most 63
    characters, the prefix a DNS subdomain of at most 253, each of its labels at most 63
    (k8s.io/apimachinery validation.IsQualifiedName)."""
    prefix, _, name = value.rpartition("/")
    if len(name) > 63:
        raise ValueError(f"{shown(value)}: the name after the prefix is {len(name)} characters; Kubernetes allows 63")
    if len(prefix) > 253 or any(len(part) > 63 for part in prefix.split(".")):
        raise ValueError(
            f"{shown(value)}: the prefix is no DNS subdomain (at most 253 characters, each label at most "
            "63); Kubernetes refuses the key"
        )
    return value


LabelKey = Annotated[
    str,
    shaped_text(
        r"^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$",
        "a Kubernetes label key like 'team' or 'example.com/team'",
        max_length=316,
    ),
    AfterValidator(_qualified_parts),
]
AnnotationKey = Annotated[
    str,
    shaped_text(
        r"^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$",
        "a Kubernetes annotation key like 'note' or 'example.com/note' (an optional DNS prefix and '/', then at most 63 "
        "letters, digits, '-', '_' and '.')",
        max_length=316,
    ),
    AfterValidator(_qualified_parts),
]
LabelValue = Annotated[
    str,
    shaped_text(
        r"^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$",
        "a Kubernetes label value: at most 63 letters, digits, '-', '_' or '.', starting and ending with a letter or digit",
        max_length=63,
    ),
]


class Model(BaseModel):
    """Base of every config section: frozen, camelCase keys, unknown keys rejected."""

    model_config = ConfigDict(
        frozen=True,
        extra="forbid",
        alias_generator=to_camel,
        validate_by_alias=True,
        validate_by_name=False,
        serialize_by_alias=True,
        strict=False,
        # JSON of a section is what synth's part fingerprints hash (charts.cluster): NaN and the infinities must
        # not all read as null there, or an edit between them would keep a stale file (no field takes them
        # now, chart values included: this keeps a float field added later from doing it).
        ser_json_inf_nan="constants",
    )


def context_generation(info: ValidationInfo) -> Generation | None:
    """The Karpenter generation the whole file asks for (None when its version is invalid)."""
    return (info.context or {}).get("generation")


class FieldProblems(ValueError):
    """Problems of one model, each at its own field (path relative to the model); the loader reports each at
    its own line. str() joins them for callers that show one message."""

    def __init__(self, problems: list[tuple[tuple[str | int, ...], str]]) -> None:
        self.problems = problems
        super().__init__("; ".join(message for _, message in problems))
