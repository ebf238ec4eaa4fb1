"""A pod spec's resources as the API server takes them: quantities in resource.ParseQuantity's grammar within what
Kubernetes counts (quantity_value, resource_quantity: MAX_QUANTITY of the unit, MAX_CPU cores), a container's and the
pod's requests and limits (requirements: validateResourceRequirements, validateContainerResourceName,
validatePodResourceName, validateResourceQuantityHugePageValue, validateResourceClaimNames), spec.overhead
(validateOverhead) and the pod-level resources against its containers' (pod_level_consistency:
validatePodResourceConsistency), each refusal a FieldError naming its path, found before any Go runs. A quantity is
sent as the text given (quantity_text), trimmed, a JSON null as "0" (Quantity.UnmarshalJSON).

Owns: the resources of a pod spec (simulation.pod_fields checks the rest of it; run reads a node's allocatable with
resource_quantity). Imports simulation.pod_values and config only (config.quantities: the bounds)."""

from __future__ import annotations

import math
import re
from decimal import Decimal, InvalidOperation
from typing import Any

from karpenter_tenants.config import quantities
from karpenter_tenants.simulation.pod_values import (
    FieldError,
    as_list,
    as_object,
    dns_label,
    dns_subdomain,
    key_path,
    kind_of,
    qualified_name,
    shown,
    string,
)

# A quantity as resource.ParseQuantity reads it: a signed decimal and a binary or decimal suffix or an exponent.
QUANTITY = re.compile(r"([+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+))(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E|[eE][+-]?[0-9]+)?")
# The bounds of what Kubernetes counts, and each suffix's factor: config.quantities (the cluster file's limits too).
MAX_QUANTITY, MAX_CPU = quantities.MAX_QUANTITY, quantities.MAX_CPU
# What Go's strings.TrimSpace trims (unicode.IsSpace: the Latin-1 spaces, then the White_Space property); Python's
# str.strip() would trim \x1c-\x1f too, which ParseQuantity refuses.
GO_SPACE = "\t\n\v\f\r \x85\xa0\u1680" + "".join(map(chr, range(0x2000, 0x200B))) + "\u2028\u2029\u202f\u205f\u3000"
# the resources of Kubernetes' own names a container may ask for (validateContainerResourceName; hugepages-<size> too),
# and a pod's own resources (pod-level resources: validatePodResourceName)
CONTAINER_RESOURCES = ("cpu", "memory", "ephemeral-storage")
POD_RESOURCES = ("cpu", "memory")


def quantity_value(value: Any, path: str) -> Decimal:
    """A resource quantity as the API server holds it (a string in resource.ParseQuantity's grammar, or a JSON number),
    its magnitude within what a Quantity's int64 holds; FieldError otherwise. As Quantity.UnmarshalJSON reads it
    (apimachinery pkg/api/resource/quantity.go): a JSON null is a zero Quantity, and a string is parsed with its
    leading and trailing white space trimmed (strings.TrimSpace)."""
    if value is None:  # UnmarshalJSON: `if l == 4 && bytes.Equal(value, []byte("null"))`: a zero Quantity
        return Decimal(0)
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise FieldError(path, f"{shown(value)} is not a quantity (e.g. 500m, 2Gi)")
    if isinstance(value, float) and not math.isfinite(value):
        raise FieldError(path, f"{value} is not a finite quantity")
    text = value.strip(GO_SPACE) if isinstance(value, str) else repr(value)
    match = QUANTITY.fullmatch(text)  # of any length, as resource.ParseQuantity reads it (its digits bounded below)
    if match is None:
        raise FieldError(path, f"{shown(value)} is not a quantity (e.g. 500m, 2Gi)")
    number, suffix = match.group(1), match.group(2) or ""
    try:
        return quantities.amount(number, suffix)
    except quantities.ExponentPastBound as error:
        raise FieldError(
            path, f"{shown(value)}: {error} is past what a quantity holds (at most {MAX_QUANTITY} of its unit)"
        ) from None
    except quantities.AmountPastBound:
        raise FieldError(
            path, f"{shown(value)} is more than a quantity holds (at most {MAX_QUANTITY} of its unit)"
        ) from None
    except InvalidOperation:
        raise FieldError(path, f"{shown(value)} is not a quantity (e.g. 500m, 2Gi)") from None


def quantity_text(value: Any) -> str:
    """A checked quantity as the string sent (a JSON number written as Go's quantity parser reads it): a string trimmed
    and a JSON null "0", as Quantity.UnmarshalJSON reads them (quantity_value)."""
    if value is None:
        return "0"
    if isinstance(value, str):
        return value.strip(GO_SPACE)
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
        raise FieldError(path, f"is {kind_of(value)}, not a map of resource quantities")
    checked = {}
    for name, amount in value.items():
        resource_quantity(name, amount, key_path(path, name), negative=negative)
        checked[name] = quantity_text(amount)
    return checked


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
    for index, item in enumerate(as_list(value, path)):
        at = f"{path}[{index}]"
        item = as_object(item, at)
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


def requirements(
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
    given = as_object(value, path)
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


def overhead(given: dict[str, Any], path: str) -> dict[str, str]:
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
        raise FieldError(f"{path}.overhead", f"is {kind_of(given['overhead'])}, not a map of resource quantities")
    try:
        return requirements({"limits": given["overhead"]}, f"{path}.overhead", "container").get("limits", {})
    except FieldError as error:  # said at the overhead's own paths
        at = error.path.replace(f"{path}.overhead.limits", f"{path}.overhead", 1)
        raise FieldError(at, error.problem.replace("a container limits", "a pod's overhead takes")) from None


def _effective_requests(container: dict[str, Any]) -> dict[str, Decimal]:
    """A checked container's requests as the API server stores them: a limit without a request is its request too
    (pkg/apis/core/v1 defaults.go SetDefaults_Pod, before validation)."""
    resources = container.get("resources") or {}
    given = {**resources.get("limits", {}), **resources.get("requests", {})}
    return {name: quantity_value(amount, "") for name, amount in given.items()}


def _add(total: dict[str, Decimal], amounts: dict[str, Decimal]) -> None:
    for name, amount in amounts.items():
        total[name] = total.get(name, Decimal(0)) + amount


def aggregate_requests(spec: dict[str, Any]) -> dict[str, Decimal]:
    """The requests of a checked spec's containers as resourcehelper.AggregateContainerRequests adds them up
    (k8s.io/component-helpers/resource/helpers.go aggregateContainerResourcesByFn, the sidecar formula of KEP-753): the
    containers' and the sidecars' (init containers of restartPolicy Always) summed, or, where larger, what an init
    container needs while it runs: its own requests and those of the sidecars started before it. Neither the pod's
    overhead nor its pod-level resources are counted."""
    total: dict[str, Decimal] = {}
    for container in spec.get("containers", []):
        _add(total, _effective_requests(container))
    sidecars: dict[str, Decimal] = {}
    init: dict[str, Decimal] = {}
    for container in spec.get("initContainers", []):
        own = _effective_requests(container)
        if container.get("restartPolicy") == "Always":
            _add(total, own)
            _add(sidecars, own)
            running = dict(sidecars)
        else:
            running = dict(own)
            _add(running, sidecars)
        for name, amount in running.items():
            init[name] = max(init.get(name, amount), amount)
    for name, amount in init.items():
        total[name] = max(total.get(name, amount), amount)
    return total


def pod_level_consistency(spec: dict[str, Any], path: str) -> None:
    """A checked spec's pod-level resources against its containers', refused where validatePodResourceConsistency
    refuses them (pkg/apis/core/validation/validation.go, PodLevelResources), on the pod as the API server defaults it
    first (pkg/apis/core/v1/defaults.go): each pod-level request at least the containers' aggregate request of that
    resource (aggregate_requests), and each container's limit at most the pod-level limit of that resource, if any.

    Only the resources the pod level takes are compared (cpu, memory, hugepages-<size>:
    resourcehelper.IsSupportedPodLevelResource): Kubernetes 1.34 stopped comparing a container's ephemeral-storage or
    GPUs with a pod-level 0 (kubernetes#132551), and what 1.34 takes is taken. A pod-level request not given is the API
    server's default: with pod-level limits (defaultPodRequests), the containers' aggregate, or, for huge pages and
    where the containers request none, the limit; with no pod-level limits, none (0, so below any container request).
    Pod-level huge pages given in neither default to the containers' (defaultHugePagePodLimits)."""
    resources = spec.get("resources") or {}
    requests, limits = resources.get("requests", {}), resources.get("limits", {})
    if not requests and not limits:
        return
    aggregate = aggregate_requests(spec)
    # defaultHugePagePodLimits gives the pod level limits of the containers' huge pages, and then defaultPodRequests runs
    limited = bool(limits) or any(name.startswith("hugepages-") for name in aggregate)
    for name in sorted(aggregate):
        if name not in POD_RESOURCES and not name.startswith("hugepages-"):
            continue
        needed, at = _amount(aggregate[name], name), key_path(f"{path}.resources.requests", name)
        if name in requests:
            if aggregate[name] > quantity_value(requests[name], ""):
                raise FieldError(
                    at,
                    f"{requests[name]} is less than the containers' aggregate request of {name}, {needed} (init and "
                    "sidecar containers counted as the scheduler counts them): the API server refuses a pod-level "
                    f"request below it: give at least {needed}",
                )
        elif name not in limits:
            if not limited and aggregate[name] > 0:
                raise FieldError(
                    at,
                    f"is not given while the containers request {needed} of {name}: with pod-level requests and no "
                    f"pod-level limits the API server takes it as 0 and refuses it: give at least {needed}, or leave "
                    "the pod-level resources out",
                )
        elif aggregate[name] > quantity_value(limits[name], ""):
            default = "its pod-level limit" if name.startswith("hugepages-") else "the containers' aggregate request"
            raise FieldError(
                at,
                f"is not given, so the API server defaults it to {default}, and the pod-level limit {limits[name]} is "
                f"below the containers' aggregate request of {needed}: it refuses the pod: give a pod-level limit of "
                f"at least {needed}, or lower the containers' requests",
            )
    for index, container in enumerate(spec.get("containers", [])):
        for name, amount in ((container.get("resources") or {}).get("limits") or {}).items():
            if name in limits and quantity_value(amount, "") > quantity_value(limits[name], ""):
                raise FieldError(
                    key_path(f"{path}.containers[{index}].resources.limits", name),
                    f"{amount} is more than the pod-level limit of {name}, {limits[name]}: the API server refuses a "
                    f"container's limit above it: give at most {limits[name]}, or raise the pod-level limit",
                )


_UNITS = (
    *((suffix, 2**power) for suffix, power in (("Ei", 60), ("Pi", 50), ("Ti", 40), ("Gi", 30), ("Mi", 20), ("Ki", 10))),
    *((suffix, 10**power) for suffix, power in (("E", 18), ("P", 15), ("T", 12), ("G", 9), ("M", 6), ("k", 3))),
)


def _amount(value: Decimal, name: str) -> str:
    """An aggregate amount as a quantity: cpu in cores or millicores, the others in the largest binary or decimal unit
    that divides them (3Gi, 1G), or in units."""
    if name == "cpu" or value % 1:
        return f"{value.normalize():f}" if value % 1 == 0 else f"{(value * 1000).normalize():f}m"
    whole = int(value)
    for suffix, size in _UNITS:
        if whole >= size and whole % size == 0:
            return f"{whole // size}{suffix}"
    return str(whole)
