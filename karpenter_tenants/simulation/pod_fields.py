"""The pod fields Karpenter's scheduler reads, checked as the API server checks them and copied, alone, into the pod
the scheduler is given: a value of the wrong type (`tolerationSeconds: "x"`, `priority: "high"`, `1e999`), one the API
server refuses (`maxSkew: 0`, `whenUnsatisfiable: Bogus`, `hostPort` past 65535, a `Gt` without its one integer, an
operator that is none, empty `nodeSelectorTerms`) or a quantity the API server would not hold (`1e2147483647`, which
hangs Go's quantity arithmetic) is a FieldError naming its path, found before any Go runs; the Go program then decodes
only what was checked here (every other field, images, probes, environment, volume sources, is left out).

The types are the Kubernetes OpenAPI types of k8s.io/api/core/v1 (int32, int64, string, maps of strings, quantities);
the refusals are the API server's pod validation (k8s.io/kubernetes pkg/apis/core/validation: ValidatePodSpec's
affinity, tolerations, topology spread constraints, container ports and resources; apimachinery's label and
qualified-name rules; resource.ParseQuantity's grammar).

Owns: what of a pod spec reaches the scheduler. Imports nothing of the product's."""

from __future__ import annotations

import math
import re
from decimal import Decimal, InvalidOperation
from typing import Any

INT32 = (-(2**31), 2**31 - 1)
INT64 = (-(2**63), 2**63 - 1)
# A quantity as resource.ParseQuantity reads it: a signed decimal and a binary or decimal suffix or an exponent.
QUANTITY = re.compile(r"([+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+))(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E|[eE][+-]?[0-9]+)?")
SUFFIXES: dict[str, int | Decimal] = {
    "": 1,
    "n": Decimal("1e-9"),
    "u": Decimal("1e-6"),
    "m": Decimal("1e-3"),
    "k": Decimal(10**3),
    "M": Decimal(10**6),
    "G": Decimal(10**9),
    "T": Decimal(10**12),
    "P": Decimal(10**15),
    "E": Decimal(10**18),
    "Ki": Decimal(2**10),
    "Mi": Decimal(2**20),
    "Gi": Decimal(2**30),
    "Ti": Decimal(2**40),
    "Pi": Decimal(2**50),
    "Ei": Decimal(2**60),
}
# The bound on a quantity's magnitude. The API server takes any quantity its grammar parses (inf.Dec holds the rest,
# `1e2147483647` included, whose arithmetic hangs); what Kubernetes then counts is an int64: every resource's units
# (Quantity.Value(): bytes, pods, GPUs) and cpu's millicores (Quantity.MilliValue(): kube-scheduler's MilliCPU,
# Karpenter's cpu arithmetic). Past those, Go's Value() and MilliValue() wrap silently. So at most 2^63-1 of the unit
# (8 EiB of memory), and at most (2^63-1)/1000 cores of cpu (9.2e15): `cpu: "1e18"`, in a request or in a node's
# allocatable, is refused. Nothing real comes near either (the largest EC2 instance has under 2,000 vCPUs and 32 TiB).
MAX_QUANTITY = Decimal(2**63 - 1)
MAX_CPU = MAX_QUANTITY / 1000  # cores: its millicores an int64
MAX_EXPONENT = 30  # 1e30 is past MAX_QUANTITY already; an exponent of millions is what hangs Go's inf.Dec
_NAME_PART = re.compile(r"[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?")
_SUBDOMAIN = re.compile(r"[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*")
_LABEL_VALUE = re.compile(r"(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?")
NODE_OPERATORS = ("In", "NotIn", "Exists", "DoesNotExist", "Gt", "Lt")
LABEL_OPERATORS = ("In", "NotIn", "Exists", "DoesNotExist")
TAINT_EFFECTS = ("NoSchedule", "PreferNoSchedule", "NoExecute")
PROTOCOLS = ("TCP", "UDP", "SCTP")
# the resources of Kubernetes' own names a container may ask for (validateContainerResourceName; hugepages-<size> too),
# and a pod's own resources (pod-level resources: validatePodResourceName)
CONTAINER_RESOURCES = ("cpu", "memory", "ephemeral-storage")
POD_RESOURCES = ("cpu", "memory")
NAMESPACE = re.compile(  # a namespace's name: a DNS label
    r"[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?"
)
_PLAIN_KEY = re.compile(r"[-A-Za-z0-9_./]{1,317}")
DNS_LABEL = re.compile(r"[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?")  # apimachinery IsDNS1123Label (63 at most)
# a port's name (apimachinery IsValidPortName, an IANA service name): 15 at most, a letter at least, no '--'
_PORT_NAME = re.compile(r"(?!.*--)[a-z0-9]([-a-z0-9]{0,13}[a-z0-9])?")


class FieldError(ValueError):
    """A field of a pod spec the scheduler would read, wrong: path (relative to the spec given) and why."""

    def __init__(self, path: str, problem: str) -> None:
        self.path, self.problem = path, problem
        super().__init__(f"{path}: {problem}")


def shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _kind(value: Any) -> str:
    return {
        bool: "a boolean",
        int: "a number",
        float: "a number",
        str: "a string",
        list: "a list",
        dict: "an object",
    }.get(type(value), type(value).__name__)


# -- scalars -----------------------------------------------------------------------------------------------------


def string(value: Any, path: str) -> str:
    if not isinstance(value, str):
        raise FieldError(path, f"{shown(value)} is {_kind(value)}, not a string")
    return value


def integer(value: Any, path: str, bounds: tuple[int, int] = INT32, what: str = "int32") -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, float) and not math.isfinite(value):
            raise FieldError(path, f"{value} is not a finite number")
        raise FieldError(path, f"{shown(value)} is {_kind(value)}, not a whole number ({what})")
    if not bounds[0] <= value <= bounds[1]:
        raise FieldError(path, f"{value} is out of range ({what}: {bounds[0]} to {bounds[1]})")
    return value


def one_of(value: Any, choices: tuple[str, ...], path: str) -> str:
    if string(value, path) not in choices:
        raise FieldError(path, f"{shown(value)} is not one of {', '.join(choices)}")
    return str(value)


def boolean(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise FieldError(path, f"{shown(value)} is {_kind(value)}, not true or false")
    return value


def qualified_name(value: Any, path: str) -> str:
    """A label key, a resource name, a topology key: [prefix/]name, the prefix a DNS subdomain."""
    string(value, path)
    prefix, _, name = value.rpartition("/")
    if (
        not name
        or not _NAME_PART.fullmatch(name)
        or (prefix and (len(prefix) > 253 or not _SUBDOMAIN.fullmatch(prefix)))
        or (not prefix and "/" in value)
    ):
        raise FieldError(
            path, f"{shown(value)} is not a qualified name ([prefix/]name, the name 63 characters at most)"
        )
    return str(value)


def label_value(value: Any, path: str) -> str:
    string(value, path)
    if len(value) > 63 or not _LABEL_VALUE.fullmatch(value):
        raise FieldError(
            path, f"{shown(value)} is not a label value (63 characters at most: letters, digits, '-', '_', '.')"
        )
    return str(value)


def dns_label(value: Any, path: str, what: str = "name") -> str:
    """A DNS-1123 label (apimachinery IsDNS1123Label): a container's, a volume's, a StatefulSet's name."""
    string(value, path)
    if not DNS_LABEL.fullmatch(value):
        raise FieldError(
            path,
            f"{shown(value)} is not a valid {what}: the API server takes a DNS label (63 characters at most: "
            "lowercase letters, digits and '-', a letter or digit at each end)",
        )
    return str(value)


def dns_subdomain(value: Any, path: str, what: str = "name") -> str:
    """A DNS-1123 subdomain (apimachinery IsDNS1123Subdomain): most objects' names, a node's, a priority class's."""
    string(value, path)
    if len(value) > 253 or not _SUBDOMAIN.fullmatch(value):
        raise FieldError(
            path,
            f"{shown(value)} is not a valid {what}: the API server takes a DNS subdomain (253 characters at most: "
            "lowercase letters, digits, '-' and '.', a letter or digit at each end of each dot-separated part)",
        )
    return str(value)


def labels(value: Any, path: str) -> dict[str, str]:
    """A map of label keys to label values (metadata.labels, nodeSelector, matchLabels)."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise FieldError(path, f"is {_kind(value)}, not a map of strings")
    for key, item in value.items():
        qualified_name(key, key_path(path, key))
        label_value(item, key_path(path, key))
    return dict(value)


def quantity_value(value: Any, path: str) -> Decimal:
    """A resource quantity as the API server holds it (a string in resource.ParseQuantity's grammar, or a JSON number),
    its magnitude within what a Quantity's int64 holds; FieldError otherwise."""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise FieldError(path, f"{shown(value)} is not a quantity (e.g. 500m, 2Gi)")
    if isinstance(value, float) and not math.isfinite(value):
        raise FieldError(path, f"{value} is not a finite quantity")
    text = value if isinstance(value, str) else repr(value)
    match = QUANTITY.fullmatch(text)  # of any length, as resource.ParseQuantity reads it (its digits bounded below)
    if match is None:
        raise FieldError(path, f"{shown(value)} is not a quantity (e.g. 500m, 2Gi)")
    number, suffix = match.group(1), match.group(2) or ""
    if suffix not in SUFFIXES:  # an exponent, e.g. e3 (E alone is exa, Ei exbi)
        digits = suffix[1:].lstrip("+-").lstrip("0")  # no int() of thousands of digits (Python refuses them)
        exponent = int(("-" if suffix[1:2] == "-" else "") + (digits or "0")) if len(digits) <= 100 else None
        if exponent is None or abs(exponent) > MAX_EXPONENT:
            raise FieldError(
                path,
                f"{shown(value)}: an exponent of {exponent if exponent is not None else f'{len(digits)} digits'} "
                "is past what a quantity holds "
                f"(at most {MAX_QUANTITY} of its unit)",
            )
        scale = Decimal(10) ** exponent
    else:
        scale = Decimal(SUFFIXES[suffix])
    try:
        amount = Decimal(number) * scale
    except InvalidOperation:
        raise FieldError(path, f"{shown(value)} is not a quantity (e.g. 500m, 2Gi)") from None
    if abs(amount) > MAX_QUANTITY:
        raise FieldError(path, f"{shown(value)} is more than a quantity holds (at most {MAX_QUANTITY} of its unit)")
    return amount


def quantity_text(value: Any) -> str:
    """A checked quantity as the string sent (a JSON number written as Go's quantity parser reads it)."""
    if isinstance(value, str):
        return value
    if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
        return str(int(value))
    return repr(value)


def resource_quantity(name: Any, amount: Any, path: str, *, negative: bool = False) -> Decimal:
    """One entry of a resource list (a container's requests, a node's allocatable): its name a qualified name, its
    amount a quantity within what Kubernetes counts (MAX_QUANTITY, cpu MAX_CPU) and not negative; FieldError at
    path (the entry's own)."""
    qualified_name(name, path)
    value = quantity_value(amount, path)
    if value < 0 and not negative:
        raise FieldError(path, f"{shown(amount)} is negative; the API server refuses it: give 0 or more (500m, 2Gi)")
    if name == "cpu" and abs(value) > MAX_CPU:
        raise FieldError(
            path,
            f"{shown(amount)} is more cpu than Kubernetes counts (at most {int(MAX_CPU)} cores: "
            "its millicores are an int64); give cores or millicores (4, 3920m)",
        )
    return value


def resource_list(value: Any, path: str, *, negative: bool = False) -> dict[str, str]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise FieldError(path, f"is {_kind(value)}, not a map of resource quantities")
    checked = {}
    for name, amount in value.items():
        resource_quantity(name, amount, key_path(path, name), negative=negative)
        checked[name] = quantity_text(amount)
    return checked


def _object(value: Any, path: str) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise FieldError(path, f"is {_kind(value)}, not an object")
    return value


def _list(value: Any, path: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise FieldError(path, f"is {_kind(value)}, not a list")
    return value


def _strings(value: Any, path: str) -> list[str]:
    return [string(item, f"{path}[{index}]") for index, item in enumerate(_list(value, path))]


# -- the spec's parts ----------------------------------------------------------------------------------------------


def key_path(path: str, key: Any) -> str:
    """path.key, or path['key'] where the key is no plain name (a newline, a quote: one line, the key seen whole)."""
    return f"{path}.{key}" if isinstance(key, str) and _PLAIN_KEY.fullmatch(key) else f"{path}[{key!r}]"


def _native(name: str) -> bool:
    """Kubernetes' own resource names (helper.IsNativeResource): no prefix, or a kubernetes.io one."""
    return "/" not in name or "kubernetes.io/" in name


def _resource_name(name: str, at: str, level: str, kind: str) -> None:
    """A resource name the API server takes in a container's (validateContainerResourceName) or the pod's
    (validatePodResourceName: cpu, memory and huge pages only) requests or limits: FieldError otherwise."""
    if level == "pod":
        if name not in POD_RESOURCES and not name.startswith("hugepages-"):
            raise FieldError(
                at,
                f"{name} is not a resource the pod-level {kind} take: the API server takes cpu, memory and "
                "hugepages-<size> there (ask for extended resources such as GPUs in a container's resources)",
            )
        return
    if "/" not in name:
        if name not in CONTAINER_RESOURCES and not name.startswith("hugepages-"):
            raise FieldError(
                at,
                f"{name} is not a resource a container {kind[:-1]}s (the API server takes "
                f"{', '.join(CONTAINER_RESOURCES)}, hugepages-<size>, and extended resources such as nvidia.com/gpu)",
            )
    elif not _native(name) and (name.startswith("requests.") or len(name.rpartition("/")[0]) > 253 - len("requests.")):
        # helper.IsExtendedResourceName: no `requests.` prefix (the quota convention), and a qualified name still
        # with it (its prefix 244 characters at most)
        raise FieldError(
            at,
            f"{shown(name)} is not an extended resource name the API server takes: no `requests.` prefix, and "
            "the prefix before '/' 244 characters at most",
        )


def _huge_pages(name: str, amount: str, at: str) -> None:
    """hugepages-<size>: the size a positive whole quantity, the amount a whole multiple of it
    (validateResourceQuantityHugePageValue, helper.IsHugePageResourceValueDivisible)."""
    try:
        size = quantity_value(name.removeprefix("hugepages-"), at)
    except FieldError:
        size = Decimal(0)
    if size <= 0 or (size * 1000) % 1 != 0 or size % 1 != 0:
        raise FieldError(
            at,
            f"{shown(name)}: its page size is no quantity the API server takes (hugepages-2Mi, hugepages-1Gi)",
        )
    if math.ceil(quantity_value(amount, at)) % int(size) != 0:
        raise FieldError(
            at,
            f"{amount} is not a whole multiple of the page size of {name}: the API server refuses it "
            f"(e.g. {name.removeprefix('hugepages-')} or twice it)",
        )


def _claims(value: Any, path: str, claims: frozenset[str]) -> None:
    """A container's resources.claims: each the name of one of spec.resourceClaims, once (validateResourceClaimNames:
    a claim named whole and one of its requests named too is the claim twice); its request a DNS label."""
    whole: set[str] = set()
    requested: dict[str, set[str]] = {}
    for index, item in enumerate(_list(value, path)):
        at = f"{path}[{index}]"
        item = _object(item, at)
        name = item.get("name")
        if name is None or name == "":
            raise FieldError(f"{at}.name", "is required: the name of one of the pod's spec.resourceClaims")
        string(name, f"{at}.name")
        request = item.get("request")
        if request is not None and request != "":
            dns_label(request, f"{at}.request", "request name")
        if name in whole or (not request and name in requested) or (request and request in requested.get(name, ())):
            raise FieldError(f"{at}.name", f"{shown(name)} is claimed twice: the API server refuses it")
        if name not in claims:
            raise FieldError(
                f"{at}.name",
                f"{shown(name)} is none of the pod's spec.resourceClaims "
                f"({', '.join(sorted(claims)) if claims else 'which are none'}): the API server refuses it",
            )
        if request:
            requested.setdefault(name, set()).add(request)
        else:
            whole.add(name)


def _requirements(
    value: Any, path: str, level: str = "container", claims: frozenset[str] = frozenset()
) -> dict[str, dict[str, str]]:
    """Resource requirements: requests and limits, refused where the API server refuses them
    (validateResourceRequirements, validateContainerResourceName, validatePodResourceName,
    ValidateResourceQuantityValue, validateResourceQuantityHugePageValue, validateResourceClaimNames): a request above
    its limit; a name of Kubernetes' own that is no container resource (`pods`, `nvidia.com` unprefixed) or, at pod
    level, anything but cpu, memory or hugepages; an extended resource named `requests.*`, or of a fraction; an extended
    resource or huge pages requested without an equal limit (they are not overcommitted); huge pages without cpu or
    memory, of a page size that is no quantity or an amount that is no multiple of it; a claim naming none of the pod's
    resourceClaims (claims at pod level at all). A `kubernetes.io/` name is the API server's own: taken as it is."""
    given = _object(value, path)
    requests = resource_list(given.get("requests"), f"{path}.requests")
    limits = resource_list(given.get("limits"), f"{path}.limits")
    for kind, listed in (("requests", requests), ("limits", limits)):
        for name, amount in listed.items():
            at = key_path(f"{path}.{kind}", name)
            _resource_name(name, at, level, kind)
            if name.startswith("hugepages-"):
                _huge_pages(name, amount, at)
            elif not _native(name) and quantity_value(amount, at) % 1 != 0:
                raise FieldError(
                    at,
                    f"{amount} is not a whole number: an extended resource is counted in units "
                    "(the API server refuses a fraction)",
                )
    for name, amount in requests.items():
        at = key_path(f"{path}.requests", name)
        if name in limits and quantity_value(amount, "") > quantity_value(limits[name], ""):
            raise FieldError(
                at, f"{amount} is more than its limit {limits[name]}; the API server refuses a request above the limit"
            )
        if not _native(name) or name.startswith("hugepages-"):
            if name not in limits:
                raise FieldError(
                    at,
                    f"{name} is requested without a limit: the API server refuses it (extended "
                    "resources and huge pages are not overcommitted): give the same amount in limits",
                )
            if quantity_value(amount, "") != quantity_value(limits[name], ""):
                raise FieldError(
                    at,
                    f"{amount} is not its limit {limits[name]}: extended resources and huge pages "
                    "are requested exactly as their limit (the API server refuses the difference)",
                )
    if any(name.startswith("hugepages-") for name in (*requests, *limits)) and not any(
        name in ("cpu", "memory") for name in (*requests, *limits)
    ):
        raise FieldError(
            f"{path}.limits",
            "huge pages without cpu or memory: the API server refuses them (give a cpu or memory request or limit)",
        )
    if given.get("claims") is not None:
        if level == "pod":
            raise FieldError(
                f"{path}.claims",
                "is set at pod level: the API server refuses it (claims go in a container's resources)",
            )
        _claims(given["claims"], f"{path}.claims", claims)
    return {key: found for key, found in (("requests", requests), ("limits", limits)) if found}


def _ports(value: Any, path: str) -> list[dict[str, Any]]:
    """A container's ports as validateContainerPorts checks them (each a containerPort, 1 to 65535; a name an IANA
    service name, once in the container; a hostPort a port; a protocol TCP, UDP or SCTP; hostIP any string, as the
    API server takes it), and the host ports the scheduler reads (scheduling.GetHostPorts), with the API server's
    defaults."""
    ports = []
    names: set[str] = set()
    for index, port in enumerate(_list(value, path)):
        at = f"{path}[{index}]"
        port = _object(port, at)
        if not isinstance(port, dict):
            raise FieldError(at, "is not an object")
        if port.get("containerPort") is None or port.get("containerPort") == 0:
            raise FieldError(f"{at}.containerPort", "is required (the API server refuses a port without it)")
        integer(port["containerPort"], f"{at}.containerPort", (1, 65535), "a port, 1 to 65535")
        host = (
            integer(port["hostPort"], f"{at}.hostPort", (0, 65535), "a port, 1 to 65535")
            if port.get("hostPort") is not None
            else 0
        )
        protocol = one_of(port["protocol"], PROTOCOLS, f"{at}.protocol") if port.get("protocol") is not None else "TCP"
        host_ip = string(port["hostIP"], f"{at}.hostIP") if port.get("hostIP") is not None else ""
        if port.get("name") not in (None, ""):
            name = string(port["name"], f"{at}.name")
            if not _PORT_NAME.fullmatch(name) or not re.search("[a-z]", name):
                raise FieldError(
                    f"{at}.name",
                    f"{shown(name)} is not a port name the API server takes (an IANA service name: 15 characters "
                    "at most, lowercase letters, digits and '-', a letter at least, no '--', no '-' at either end)",
                )
            if name in names:
                raise FieldError(
                    f"{at}.name", f"{shown(name)} names two ports of the container: the API server refuses it"
                )
            names.add(name)
        if host:
            ports.append(
                {
                    "hostPort": host,
                    "protocol": protocol,
                    **({"hostIP": host_ip} if host_ip else {}),
                    "containerPort": port["containerPort"],
                }
            )
    return ports


def _container(value: Any, path: str, init: bool, claims: frozenset[str] = frozenset()) -> dict[str, Any]:
    """A container: its name a DNS label (validateContainerCommon; unique in the pod: checked_spec), its image not empty,
    its resources and ports; restartPolicy only on an init container, Always (a sidecar, which counts with the pod's
    containers): validateContainers forbids it on the others (Kubernetes 1.33 and 1.34: the ContainerRestartRules gate
    that would take it is alpha, off)."""
    given = _object(value, path)
    if not isinstance(value, dict):
        raise FieldError(path, f"is {_kind(value)}, not an object")
    if given.get("name") is None or given.get("name") == "":
        raise FieldError(f"{path}.name", "is required: the API server refuses a container without a name")
    kept: dict[str, Any] = {"name": dns_label(given["name"], f"{path}.name", "container name")}
    # the API server requires an image; `snapshot` leaves images out, so only one given empty or not a string is refused
    if given.get("image") is not None and string(given["image"], f"{path}.image") == "":
        raise FieldError(f"{path}.image", "is empty: the API server refuses a container without an image")
    resources = _requirements(given.get("resources"), f"{path}.resources", claims=claims)
    if resources:
        kept["resources"] = resources
    ports = _ports(given.get("ports"), f"{path}.ports")
    if ports:
        kept["ports"] = ports
    if given.get("restartPolicy") is not None:
        if not init:
            raise FieldError(
                f"{path}.restartPolicy",
                "may not be set on a container (the API server refuses it): a sidecar is an init container "
                "with restartPolicy Always",
            )
        # validateInitContainerRestartPolicy: Always or none
        kept["restartPolicy"] = one_of(given["restartPolicy"], ("Always",), f"{path}.restartPolicy")
    return kept


def _node_requirement(value: Any, path: str, fields: bool = False, required: bool = True) -> dict[str, Any]:
    """A node selector requirement as ValidateNodeSelectorRequirement takes it: In and NotIn with values, Exists and
    DoesNotExist without, Gt and Lt with exactly one; in a required term each value a label value (a preferred term's
    may be any string). A Gt or Lt value that is no integer is the API server's to take: Karpenter's provisioner
    then ignores the pod (Provisioner.Validate), as the scheduler program does."""
    given = _object(value, path)
    if not isinstance(value, dict):
        raise FieldError(path, f"is {_kind(value)}, not an object")
    key = string(given.get("key"), f"{path}.key")
    if fields:
        if key != "metadata.name":
            raise FieldError(f"{path}.key", f"{shown(key)}: matchFields selects metadata.name only")
    else:
        qualified_name(key, f"{path}.key")
    operator = one_of(given.get("operator"), ("In", "NotIn") if fields else NODE_OPERATORS, f"{path}.operator")
    values = _strings(given.get("values"), f"{path}.values")
    if fields and len(values) != 1:
        raise FieldError(f"{path}.values", "a matchFields requirement has exactly one value")
    if operator in ("In", "NotIn") and not values:
        raise FieldError(f"{path}.values", f"{operator} needs at least one value")
    if operator in ("Exists", "DoesNotExist") and values:
        raise FieldError(f"{path}.values", f"{operator} takes no values")
    if operator in ("Gt", "Lt") and len(values) != 1:
        raise FieldError(f"{path}.values", f"{operator} takes exactly one value, a whole number")
    for number, each in enumerate(values):
        if fields:  # ValidateNodeFieldSelectorRequirement: a node's name
            dns_subdomain(each, f"{path}.values[{number}]", "node name")
        elif required:
            label_value(each, f"{path}.values[{number}]")
    return {"key": key, "operator": operator, **({"values": values} if values else {})}


def _node_term(value: Any, path: str, required: bool = True) -> dict[str, Any]:
    given = _object(value, path)
    if not isinstance(value, dict):
        raise FieldError(path, f"is {_kind(value)}, not an object")
    term: dict[str, Any] = {}
    for field, fields in (("matchExpressions", False), ("matchFields", True)):
        listed = [
            _node_requirement(item, f"{path}.{field}[{index}]", fields, required)
            for index, item in enumerate(_list(given.get(field), f"{path}.{field}"))
        ]
        if listed:
            term[field] = listed
    return term


def _weight(value: Any, path: str) -> int:
    return integer(value, path, (1, 100), "a weight, 1 to 100")


def _node_affinity(value: Any, path: str) -> dict[str, Any]:
    given = _object(value, path)
    kept: dict[str, Any] = {}
    required = given.get("requiredDuringSchedulingIgnoredDuringExecution")
    if required is not None:
        at = f"{path}.requiredDuringSchedulingIgnoredDuringExecution"
        terms = _list(_object(required, at).get("nodeSelectorTerms"), f"{at}.nodeSelectorTerms")
        if not terms:
            raise FieldError(
                f"{at}.nodeSelectorTerms",
                "is empty: a required node selector has at least one term (the API server refuses it)",
            )
        kept["requiredDuringSchedulingIgnoredDuringExecution"] = {
            "nodeSelectorTerms": [
                _node_term(term, f"{at}.nodeSelectorTerms[{index}]") for index, term in enumerate(terms)
            ]
        }
    preferred = []
    at = f"{path}.preferredDuringSchedulingIgnoredDuringExecution"
    for index, item in enumerate(_list(given.get("preferredDuringSchedulingIgnoredDuringExecution"), at)):
        where = f"{at}[{index}]"
        item = _object(item, where)
        preferred.append(
            {
                "weight": _weight(item.get("weight"), f"{where}.weight"),
                "preference": _node_term(
                    item.get("preference") if item.get("preference") is not None else {},
                    f"{where}.preference",
                    required=False,  # ValidatePreferredSchedulingTerms: any label value
                ),
            }
        )
    if preferred:
        kept["preferredDuringSchedulingIgnoredDuringExecution"] = preferred
    return kept


def label_selector(value: Any, path: str) -> dict[str, Any]:
    given = _object(value, path)
    kept: dict[str, Any] = {}
    if given.get("matchLabels") is not None:
        kept["matchLabels"] = labels(given["matchLabels"], f"{path}.matchLabels")
    expressions = []
    for index, item in enumerate(_list(given.get("matchExpressions"), f"{path}.matchExpressions")):
        at = f"{path}.matchExpressions[{index}]"
        item = _object(item, at)
        key = qualified_name(item.get("key"), f"{at}.key")
        operator = one_of(item.get("operator"), LABEL_OPERATORS, f"{at}.operator")
        values = _strings(item.get("values"), f"{at}.values")
        if operator in ("In", "NotIn") and not values:
            raise FieldError(f"{at}.values", f"{operator} needs at least one value")
        if operator in ("Exists", "DoesNotExist") and values:
            raise FieldError(f"{at}.values", f"{operator} takes no values")
        for number, each in enumerate(values):
            label_value(each, f"{at}.values[{number}]")
        expressions.append({"key": key, "operator": operator, **({"values": values} if values else {})})
    if expressions:
        kept["matchExpressions"] = expressions
    return kept


def _pod_term(value: Any, path: str) -> dict[str, Any]:
    given = _object(value, path)
    if not isinstance(value, dict):
        raise FieldError(path, f"is {_kind(value)}, not an object")
    topology = given.get("topologyKey")
    if topology is None or topology == "":
        raise FieldError(f"{path}.topologyKey", "is required (the API server refuses a pod affinity term without it)")
    term: dict[str, Any] = {"topologyKey": qualified_name(topology, f"{path}.topologyKey")}
    for field in ("labelSelector", "namespaceSelector"):
        if given.get(field) is not None:
            term[field] = label_selector(given[field], f"{path}.{field}")
    for field in ("namespaces", "matchLabelKeys", "mismatchLabelKeys"):
        listed = _strings(given.get(field), f"{path}.{field}")
        if field == "namespaces":
            for index, namespace in enumerate(listed):
                if not NAMESPACE.fullmatch(namespace):
                    raise FieldError(
                        f"{path}.namespaces[{index}]",
                        f"{shown(namespace)} is not a namespace's name (a "
                        "DNS label, 63 characters at most): the API server refuses it",
                    )
        else:
            for index, key in enumerate(listed):
                qualified_name(key, f"{path}.{field}[{index}]")
            if listed and "labelSelector" not in term:
                raise FieldError(
                    f"{path}.{field}",
                    "is given without a labelSelector: the API server refuses it (the keys add to the selector's)",
                )
        if listed:
            term[field] = listed
    repeated = _repeated_key(term.get("matchLabelKeys", []), term.get("labelSelector", {}))
    if repeated is not None:  # validateMatchLabelKeysAndMismatchLabelKeys
        raise FieldError(
            f"{path}.matchLabelKeys",
            f"{shown(repeated)} is in the labelSelector too: the API server refuses a key in both",
        )
    both = set(term.get("matchLabelKeys", ())) & set(term.get("mismatchLabelKeys", ()))
    if both:
        raise FieldError(
            f"{path}.mismatchLabelKeys",
            f"{shown(sorted(both)[0])} is in matchLabelKeys too: the API server refuses a key in both",
        )
    return term


def _pod_affinity(value: Any, path: str) -> dict[str, Any]:
    given = _object(value, path)
    kept: dict[str, Any] = {}
    at = f"{path}.requiredDuringSchedulingIgnoredDuringExecution"
    required = [
        _pod_term(term, f"{at}[{index}]")
        for index, term in enumerate(_list(given.get("requiredDuringSchedulingIgnoredDuringExecution"), at))
    ]
    if required:
        kept["requiredDuringSchedulingIgnoredDuringExecution"] = required
    at = f"{path}.preferredDuringSchedulingIgnoredDuringExecution"
    preferred = []
    for index, item in enumerate(_list(given.get("preferredDuringSchedulingIgnoredDuringExecution"), at)):
        where = f"{at}[{index}]"
        item = _object(item, where)
        preferred.append(
            {
                "weight": _weight(item.get("weight"), f"{where}.weight"),
                "podAffinityTerm": _pod_term(item.get("podAffinityTerm"), f"{where}.podAffinityTerm"),
            }
        )
    if preferred:
        kept["preferredDuringSchedulingIgnoredDuringExecution"] = preferred
    return kept


def _affinity(value: Any, path: str) -> dict[str, Any]:
    given = _object(value, path)
    kept: dict[str, Any] = {}
    for field, check in (
        ("nodeAffinity", _node_affinity),
        ("podAffinity", _pod_affinity),
        ("podAntiAffinity", _pod_affinity),
    ):
        if given.get(field) is not None:
            found = check(given[field], f"{path}.{field}")
            if found:
                kept[field] = found
    return kept


def _toleration(value: Any, path: str) -> dict[str, Any]:
    given = _object(value, path)
    if not isinstance(value, dict):
        raise FieldError(path, f"is {_kind(value)}, not an object")
    key = string(given["key"], f"{path}.key") if given.get("key") is not None else ""
    if key:
        qualified_name(key, f"{path}.key")
    operator = (
        one_of(given["operator"], ("Equal", "Exists"), f"{path}.operator")
        if given.get("operator") not in (None, "")
        else "Equal"
    )
    value_ = string(given["value"], f"{path}.value") if given.get("value") is not None else ""
    if not key and operator != "Exists":
        raise FieldError(f"{path}.operator", "must be Exists when the key is empty (the API server refuses it)")
    if operator == "Exists" and value_:
        raise FieldError(f"{path}.value", "must be empty when the operator is Exists")
    if operator == "Equal":
        label_value(value_, f"{path}.value")
    effect = one_of(given["effect"], TAINT_EFFECTS, f"{path}.effect") if given.get("effect") not in (None, "") else ""
    kept: dict[str, Any] = {
        **({"key": key} if key else {}),
        "operator": operator,
        **({"value": value_} if value_ else {}),
        **({"effect": effect} if effect else {}),
    }
    if given.get("tolerationSeconds") is not None:
        kept["tolerationSeconds"] = integer(given["tolerationSeconds"], f"{path}.tolerationSeconds", INT64, "int64")
        if effect != "NoExecute":
            raise FieldError(
                f"{path}.tolerationSeconds",
                "only means something with effect NoExecute (the API server refuses it otherwise)",
            )
    return kept


def _repeated_key(keys: list[str], selector: dict[str, Any]) -> str | None:
    """The first of keys that a matchExpression of selector repeats (its key in matchLabels or an earlier
    expression): what validateMatchLabelKeysAndMismatchLabelKeys refuses once the API server has merged the
    matchLabelKeys into the selector (pod affinity since 1.31, topology spread since 1.34)."""
    wanted = set(keys)
    seen = set(selector.get("matchLabels", {}))
    for expression in selector.get("matchExpressions", []):
        if expression["key"] in wanted and expression["key"] in seen:
            return str(expression["key"])
        seen.add(expression["key"])
    return None


def _spread(value: Any, path: str, stored: dict[str, str] | None = None) -> dict[str, Any]:
    given = _object(value, path)
    if not isinstance(value, dict):
        raise FieldError(path, f"is {_kind(value)}, not an object")
    skew = integer(given.get("maxSkew"), f"{path}.maxSkew")
    if skew < 1:
        raise FieldError(f"{path}.maxSkew", f"{skew} is not greater than zero (the API server refuses it)")
    topology = given.get("topologyKey")
    if topology is None or topology == "":
        raise FieldError(f"{path}.topologyKey", "is required")
    kept: dict[str, Any] = {
        "maxSkew": skew,
        "topologyKey": qualified_name(topology, f"{path}.topologyKey"),
        "whenUnsatisfiable": one_of(
            given.get("whenUnsatisfiable"), ("DoNotSchedule", "ScheduleAnyway"), f"{path}.whenUnsatisfiable"
        ),
    }
    if given.get("labelSelector") is not None:
        kept["labelSelector"] = label_selector(given["labelSelector"], f"{path}.labelSelector")
    if given.get("minDomains") is not None:
        domains = integer(given["minDomains"], f"{path}.minDomains")
        if domains < 1:
            raise FieldError(f"{path}.minDomains", f"{domains} is not greater than zero")
        if kept["whenUnsatisfiable"] != "DoNotSchedule":
            raise FieldError(f"{path}.minDomains", "only means something with whenUnsatisfiable DoNotSchedule")
        kept["minDomains"] = domains
    for field in ("nodeAffinityPolicy", "nodeTaintsPolicy"):
        if given.get(field) is not None:
            kept[field] = one_of(given[field], ("Honor", "Ignore"), f"{path}.{field}")
    keys = _strings(given.get("matchLabelKeys"), f"{path}.matchLabelKeys")
    for index, key in enumerate(keys):
        qualified_name(key, f"{path}.matchLabelKeys[{index}]")
    if keys and "labelSelector" not in kept:
        raise FieldError(f"{path}.matchLabelKeys", "is given without a labelSelector: the API server refuses it")
    if keys:
        # validateMatchLabelKeysInTopologySpread: no key of matchLabelKeys in the labelSelector. A pod the API server
        # stored (stored: its labels) may hold each merged in (1.34, MatchLabelKeysInPodTopologySpreadSelectorMerge):
        # one last `KEY In [its label's value]` expression, which is taken.
        selector = kept["labelSelector"]
        expressions = selector.get("matchExpressions", [])
        if stored is not None:
            merged = {
                e["key"]
                for e in expressions
                if e["operator"] == "In" and e.get("values") == [stored.get(e["key"])] and e["key"] in keys
            }
            expressions = [e for e in expressions if e["key"] not in merged or e["operator"] != "In"]
        listed = {*selector.get("matchLabels", {}), *(e["key"] for e in expressions)}
        both = next((key for key in keys if key in listed), None)
        if both is not None:
            raise FieldError(
                f"{path}.matchLabelKeys",
                f"{shown(both)} is in the labelSelector too: the API server refuses a key in both "
                "(matchLabelKeys adds it to the selector)",
            )
    if keys:
        kept["matchLabelKeys"] = keys
    return kept


# the sources a volume gives exactly one of (k8s.io/api/core/v1 VolumeSource; validateVolumeSource)
VOLUME_SOURCES = frozenset(
    (
        "awsElasticBlockStore azureDisk azureFile cephfs cinder configMap csi downwardAPI emptyDir ephemeral fc "
        "flexVolume flocker gcePersistentDisk gitRepo glusterfs hostPath image iscsi nfs persistentVolumeClaim "
        "photonPersistentDisk portworxVolume projected quobyte rbd scaleIO secret storageos vsphereVolume"
    ).split()
)


def _volume(value: Any, path: str) -> dict[str, Any]:
    """A volume as ValidateVolumes takes it (its name a DNS label, one source at most; a claim's claimName given) and
    what the scheduler reads of it: its name and, for a claim (volumeutil.GetPersistentVolumeClaim), that it is one;
    every other source is left out."""
    given = _object(value, path)
    if not isinstance(value, dict):
        raise FieldError(path, f"is {_kind(value)}, not an object")
    if given.get("name") is None or given.get("name") == "":
        raise FieldError(f"{path}.name", "is required (the API server refuses a volume without a name)")
    kept: dict[str, Any] = {"name": dns_label(given["name"], f"{path}.name", "volume name")}
    # exactly one source: `snapshot` keeps only a claim's (the one the scheduler reads), so none is taken, two are not
    sources = [key for key in given if key in VOLUME_SOURCES and given[key] is not None]
    if len(sources) > 1:
        raise FieldError(
            path,
            f"gives more than one volume source ({', '.join(sources)}): the API server takes exactly one",
        )
    if sources == ["persistentVolumeClaim"]:
        claim = _object(given["persistentVolumeClaim"], f"{path}.persistentVolumeClaim")
        name = claim.get("claimName")
        if name is None or name == "":
            raise FieldError(f"{path}.persistentVolumeClaim.claimName", "is required: the name of the claim")
        kept["persistentVolumeClaim"] = {"claimName": string(name, f"{path}.persistentVolumeClaim.claimName")}
    elif sources == ["ephemeral"]:
        _object(given["ephemeral"], f"{path}.ephemeral")
        kept["ephemeral"] = {}
    return kept


def scheduling_gates(spec: dict[str, Any], path: str) -> list[str]:
    """The names of a pod's scheduling gates (a gated pod is not scheduled until they are removed): each a qualified
    name, once (validateSchedulingGates)."""
    gates: list[str] = []
    for index, gate in enumerate(_list(spec.get("schedulingGates"), f"{path}.schedulingGates")):
        at = f"{path}.schedulingGates[{index}].name"
        name = qualified_name(_object(gate, f"{path}.schedulingGates[{index}]").get("name"), at)
        if name in gates:
            raise FieldError(at, f"{shown(name)} is given twice: the API server refuses a scheduling gate twice")
        gates.append(name)
    return gates


def _resource_claims(value: Any, path: str) -> frozenset[str]:
    """The names of spec.resourceClaims (validatePodResourceClaim: each a DNS label, once, with exactly one of
    resourceClaimName and resourceClaimTemplateName, a DNS subdomain), which containers' resources.claims name."""
    names: set[str] = set()
    for index, item in enumerate(_list(value, path)):
        at = f"{path}[{index}]"
        item = _object(item, at)
        if item.get("name") is None or item.get("name") == "":
            raise FieldError(f"{at}.name", "is required (the API server refuses a resource claim without a name)")
        name = dns_label(item["name"], f"{at}.name", "resource claim name")
        if name in names:
            raise FieldError(f"{at}.name", f"{shown(name)} names two resource claims: the API server refuses it")
        names.add(name)
        given = [field for field in ("resourceClaimName", "resourceClaimTemplateName") if item.get(field) is not None]
        if len(given) != 1:
            raise FieldError(
                at, "gives exactly one of resourceClaimName and resourceClaimTemplateName (the API server refuses it)"
            )
        dns_subdomain(item[given[0]], f"{at}.{given[0]}", given[0])
    return frozenset(names)


def _containers(given: dict[str, Any], path: str, claims: frozenset[str]) -> dict[str, Any]:
    """containers and initContainers, their names unique across both (validateContainers, validateInitContainers) and
    their host ports as checkHostPortConflicts takes them: a host port, protocol and IP once across the containers,
    once in each init container (they run one at a time)."""
    containers = _list(given.get("containers"), f"{path}.containers")
    if not containers:
        raise FieldError(f"{path}.containers", "missing or empty: a pod has at least one container")
    kept: dict[str, Any] = {
        "containers": [_container(c, f"{path}.containers[{i}]", False, claims) for i, c in enumerate(containers)]
    }
    init = [
        _container(c, f"{path}.initContainers[{i}]", True, claims)
        for i, c in enumerate(_list(given.get("initContainers"), f"{path}.initContainers"))
    ]
    if init:
        kept["initContainers"] = init
    named: dict[str, str] = {}
    for kind, listed in (("containers", kept["containers"]), ("initContainers", init)):
        for index, container in enumerate(listed):
            at = f"{kind}[{index}]"
            if container["name"] in named:
                raise FieldError(
                    f"{path}.{at}.name",
                    f"{shown(container['name'])} is the name of {named[container['name']]} already: the API server "
                    "refuses two containers of one name (init containers included)",
                )
            named[container["name"]] = at
    taken: dict[tuple[Any, ...], str] = {}
    for kind, listed in (("containers", kept["containers"]), ("initContainers", init)):
        for index, container in enumerate(listed):
            if kind == "initContainers":
                taken = {}
            for number, port in enumerate(container.get("ports", [])):
                key = (port["hostPort"], port["protocol"], port.get("hostIP", ""))
                at = f"{path}.{kind}[{index}].ports[{number}].hostPort"
                if key in taken:
                    raise FieldError(
                        at,
                        f"{port['hostPort']}/{port['protocol']} is taken by {taken[key]} already: the "
                        "API server refuses a host port twice in a pod's containers (or in one init container)",
                    )
                taken[key] = at.removeprefix(f"{path}.")
    return kept


def _overhead(given: dict[str, Any], path: str) -> dict[str, str]:
    """spec.overhead: checked as validateOverhead checks it (a container's limits: cpu, memory, ephemeral-storage, huge
    pages, extended resources in units), and refused without spec.runtimeClassName: the RuntimeClass admission plugin
    (on by default) rejects a pod whose overhead no RuntimeClass defines. The RuntimeClass itself is not in the file:
    the overhead a pod of a runtimeClassName gives is taken as the class's."""
    if given.get("runtimeClassName") is not None:
        dns_subdomain(given["runtimeClassName"], f"{path}.runtimeClassName", "RuntimeClass name")
    if given.get("overhead") is None:
        return {}
    if given.get("runtimeClassName") in (None, ""):
        raise FieldError(
            f"{path}.overhead",
            "is set without a runtimeClassName: the API server refuses it (the RuntimeClass admission sets a pod's "
            "overhead from its RuntimeClass): give the runtimeClassName whose class defines it, or leave it out",
        )
    if not isinstance(given["overhead"], dict):
        raise FieldError(f"{path}.overhead", f"is {_kind(given['overhead'])}, not a map of resource quantities")
    try:
        return _requirements({"limits": given["overhead"]}, f"{path}.overhead", "container").get("limits", {})
    except FieldError as error:  # said at the overhead's own paths
        at = error.path.replace(f"{path}.overhead.limits", f"{path}.overhead", 1)
        raise FieldError(at, error.problem.replace("a container limits", "a pod's overhead takes")) from None


def checked_spec(spec: Any, path: str, stored: dict[str, str] | None = None) -> dict[str, Any]:
    """The pod spec the scheduler is given: the fields it reads, each checked; FieldError (path under `path`). stored:
    the labels of a Pod whose own spec this is (as the API server stored it), None for a controller's template."""
    given = _object(spec, path)
    claims = _resource_claims(given.get("resourceClaims"), f"{path}.resourceClaims")
    kept = _containers(given, path, claims)
    overhead = _overhead(given, path)
    if overhead:
        kept["overhead"] = overhead
    resources = _requirements(given.get("resources"), f"{path}.resources", "pod")  # pod-level (PodRequests reads them)
    if resources:
        kept["resources"] = resources
    selector = labels(given.get("nodeSelector"), f"{path}.nodeSelector")
    if selector:
        kept["nodeSelector"] = selector
    if given.get("affinity") is not None:
        affinity = _affinity(given["affinity"], f"{path}.affinity")
        if affinity:
            kept["affinity"] = affinity
    tolerations = [
        _toleration(t, f"{path}.tolerations[{i}]")
        for i, t in enumerate(_list(given.get("tolerations"), f"{path}.tolerations"))
    ]
    if tolerations:
        kept["tolerations"] = tolerations
    spreads = []
    seen: dict[tuple[str, str], int] = {}
    for index, item in enumerate(_list(given.get("topologySpreadConstraints"), f"{path}.topologySpreadConstraints")):
        spread = _spread(item, f"{path}.topologySpreadConstraints[{index}]", stored)
        pair = (spread["topologyKey"], spread["whenUnsatisfiable"])
        if pair in seen:
            raise FieldError(
                f"{path}.topologySpreadConstraints[{index}]",
                f"repeats topologyKey {pair[0]} with "
                f"whenUnsatisfiable {pair[1]} of [{seen[pair]}] (the API server refuses the pair twice)",
            )
        seen[pair] = index
        spreads.append(spread)
    if spreads:
        kept["topologySpreadConstraints"] = spreads
    if given.get("priorityClassName") not in (None, ""):  # ValidatePriorityClassName: a DNS subdomain
        kept["priorityClassName"] = dns_subdomain(
            given["priorityClassName"], f"{path}.priorityClassName", "PriorityClass name"
        )
    if given.get("schedulerName") not in (None, ""):
        kept["schedulerName"] = string(given["schedulerName"], f"{path}.schedulerName")
    if given.get("nodeName") not in (None, ""):  # ValidateNodeName: a DNS subdomain (placement reads it)
        dns_subdomain(given["nodeName"], f"{path}.nodeName", "node name")
    if given.get("priority") is not None:
        kept["priority"] = integer(given["priority"], f"{path}.priority")
    if given.get("preemptionPolicy") is not None:
        kept["preemptionPolicy"] = one_of(
            given["preemptionPolicy"], ("PreemptLowerPriority", "Never"), f"{path}.preemptionPolicy"
        )
    volumes = [_volume(v, f"{path}.volumes[{i}]") for i, v in enumerate(_list(given.get("volumes"), f"{path}.volumes"))]
    named: dict[str, int] = {}
    for index, volume in enumerate(volumes):
        if volume["name"] in named:
            raise FieldError(
                f"{path}.volumes[{index}].name",
                f"{shown(volume['name'])} is the name of volumes[{named[volume['name']]}] already: the API server "
                "refuses two volumes of one name",
            )
        named[volume["name"]] = index
    if volumes:
        kept["volumes"] = volumes
    scheduling_gates(given, path)
    return kept


def asks_for_resources(spec: dict[str, Any]) -> bool:
    """A checked spec's pod requests cpu or memory (a container's request or limit, an init container's, or the
    pod-level resources): one that does not is simulated as a pod of no size."""
    parts = [*spec.get("containers", []), *spec.get("initContainers", []), spec]
    for part in parts:
        resources = part.get("resources") or {}
        for kind in ("requests", "limits"):
            if any(name in (resources.get(kind) or {}) for name in ("cpu", "memory")):
                return True
    return False
