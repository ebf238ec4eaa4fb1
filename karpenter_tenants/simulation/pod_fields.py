"""The pod fields Karpenter's scheduler reads, checked as the API server checks them and copied, alone, into the pod
the scheduler is given: a value of the wrong type (`tolerationSeconds: "x"`, `priority: "high"`, `1e999`), one the API
server refuses (`maxSkew: 0`, `whenUnsatisfiable: Bogus`, `hostPort` past 65535, a `Gt` without its one integer, an
operator that is none, empty `nodeSelectorTerms`) or a quantity the API server would not hold (`1e2147483647`, which
hangs Go's quantity arithmetic) is a FieldError naming its path, found before any Go runs; the Go program then decodes
only what was checked here (every other field, images, probes, environment, volume sources, is left out).

The types are the Kubernetes OpenAPI types of k8s.io/api/core/v1 (int32, int64, string, maps of strings, quantities);
the refusals are the API server's pod validation (k8s.io/kubernetes pkg/apis/core/validation: ValidatePodSpec's
affinity, tolerations, topology spread constraints, container ports, volumes, scheduling gates; the resources and
quantities are simulation.pod_resources's, the scalar values simulation.pod_values's).

Owns: what of a pod spec reaches the scheduler. Imports simulation.pod_values and simulation.pod_resources only."""

from __future__ import annotations

import re
from typing import Any

from karpenter_tenants.simulation.pod_resources import overhead, pod_level_consistency, requirements
from karpenter_tenants.simulation.pod_values import (
    INT64,
    FieldError,
    as_list,
    as_object,
    dns_label,
    dns_subdomain,
    integer,
    kind_of,
    label_value,
    labels,
    one_of,
    qualified_name,
    shown,
    string,
    strings,
)

NODE_OPERATORS = ("In", "NotIn", "Exists", "DoesNotExist", "Gt", "Lt")
LABEL_OPERATORS = ("In", "NotIn", "Exists", "DoesNotExist")
TAINT_EFFECTS = ("NoSchedule", "PreferNoSchedule", "NoExecute")
PROTOCOLS = ("TCP", "UDP", "SCTP")
NAMESPACE = re.compile(  # a namespace's name: a DNS label
    r"[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?"
)
# a port's name (apimachinery IsValidPortName, an IANA service name): 15 at most, a letter at least, no '--'
_PORT_NAME = re.compile(r"(?!.*--)[a-z0-9]([-a-z0-9]{0,13}[a-z0-9])?")


# -- the spec's parts ----------------------------------------------------------------------------------------------


def _ports(value: Any, path: str) -> list[dict[str, Any]]:
    """A container's ports as validateContainerPorts checks them (each a containerPort, 1 to 65535; a name an IANA
    service name, once in the container; a hostPort a port; a protocol TCP, UDP or SCTP; hostIP any string, as the
    API server takes it), and the host ports the scheduler reads (scheduling.GetHostPorts), with the API server's
    defaults."""
    ports = []
    names: set[str] = set()
    for index, port in enumerate(as_list(value, path)):
        at = f"{path}[{index}]"
        port = as_object(port, at)
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
    given = as_object(value, path)
    if not isinstance(value, dict):
        raise FieldError(path, f"is {kind_of(value)}, not an object")
    if given.get("name") is None or given.get("name") == "":
        raise FieldError(f"{path}.name", "is required: the API server refuses a container without a name")
    kept: dict[str, Any] = {"name": dns_label(given["name"], f"{path}.name", "container name")}
    # the API server requires an image; `snapshot` leaves images out, so only one given empty or not a string is refused
    if given.get("image") is not None and string(given["image"], f"{path}.image") == "":
        raise FieldError(f"{path}.image", "is empty: the API server refuses a container without an image")
    resources = requirements(given.get("resources"), f"{path}.resources", claims=claims)
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
    given = as_object(value, path)
    if not isinstance(value, dict):
        raise FieldError(path, f"is {kind_of(value)}, not an object")
    key = string(given.get("key"), f"{path}.key")
    if fields:
        if key != "metadata.name":
            raise FieldError(f"{path}.key", f"{shown(key)}: matchFields selects metadata.name only")
    else:
        qualified_name(key, f"{path}.key")
    operator = one_of(given.get("operator"), ("In", "NotIn") if fields else NODE_OPERATORS, f"{path}.operator")
    values = strings(given.get("values"), f"{path}.values")
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
    given = as_object(value, path)
    if not isinstance(value, dict):
        raise FieldError(path, f"is {kind_of(value)}, not an object")
    term: dict[str, Any] = {}
    for field, fields in (("matchExpressions", False), ("matchFields", True)):
        listed = [
            _node_requirement(item, f"{path}.{field}[{index}]", fields, required)
            for index, item in enumerate(as_list(given.get(field), f"{path}.{field}"))
        ]
        if listed:
            term[field] = listed
    return term


def _weight(value: Any, path: str) -> int:
    return integer(value, path, (1, 100), "a weight, 1 to 100")


def _node_affinity(value: Any, path: str) -> dict[str, Any]:
    given = as_object(value, path)
    kept: dict[str, Any] = {}
    required = given.get("requiredDuringSchedulingIgnoredDuringExecution")
    if required is not None:
        at = f"{path}.requiredDuringSchedulingIgnoredDuringExecution"
        terms = as_list(as_object(required, at).get("nodeSelectorTerms"), f"{at}.nodeSelectorTerms")
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
    for index, item in enumerate(as_list(given.get("preferredDuringSchedulingIgnoredDuringExecution"), at)):
        where = f"{at}[{index}]"
        item = as_object(item, where)
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
    given = as_object(value, path)
    kept: dict[str, Any] = {}
    if given.get("matchLabels") is not None:
        kept["matchLabels"] = labels(given["matchLabels"], f"{path}.matchLabels")
    expressions = []
    for index, item in enumerate(as_list(given.get("matchExpressions"), f"{path}.matchExpressions")):
        at = f"{path}.matchExpressions[{index}]"
        item = as_object(item, at)
        key = qualified_name(item.get("key"), f"{at}.key")
        operator = one_of(item.get("operator"), LABEL_OPERATORS, f"{at}.operator")
        values = strings(item.get("values"), f"{at}.values")
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
    given = as_object(value, path)
    if not isinstance(value, dict):
        raise FieldError(path, f"is {kind_of(value)}, not an object")
    topology = given.get("topologyKey")
    if topology is None or topology == "":
        raise FieldError(f"{path}.topologyKey", "is required (the API server refuses a pod affinity term without it)")
    term: dict[str, Any] = {"topologyKey": qualified_name(topology, f"{path}.topologyKey")}
    for field in ("labelSelector", "namespaceSelector"):
        if given.get(field) is not None:
            term[field] = label_selector(given[field], f"{path}.{field}")
    for field in ("namespaces", "matchLabelKeys", "mismatchLabelKeys"):
        listed = strings(given.get(field), f"{path}.{field}")
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
    given = as_object(value, path)
    kept: dict[str, Any] = {}
    at = f"{path}.requiredDuringSchedulingIgnoredDuringExecution"
    required = [
        _pod_term(term, f"{at}[{index}]")
        for index, term in enumerate(as_list(given.get("requiredDuringSchedulingIgnoredDuringExecution"), at))
    ]
    if required:
        kept["requiredDuringSchedulingIgnoredDuringExecution"] = required
    at = f"{path}.preferredDuringSchedulingIgnoredDuringExecution"
    preferred = []
    for index, item in enumerate(as_list(given.get("preferredDuringSchedulingIgnoredDuringExecution"), at)):
        where = f"{at}[{index}]"
        item = as_object(item, where)
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
    given = as_object(value, path)
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
    given = as_object(value, path)
    if not isinstance(value, dict):
        raise FieldError(path, f"is {kind_of(value)}, not an object")
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
    given = as_object(value, path)
    if not isinstance(value, dict):
        raise FieldError(path, f"is {kind_of(value)}, not an object")
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
    keys = strings(given.get("matchLabelKeys"), f"{path}.matchLabelKeys")
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
    given = as_object(value, path)
    if not isinstance(value, dict):
        raise FieldError(path, f"is {kind_of(value)}, not an object")
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
        claim = as_object(given["persistentVolumeClaim"], f"{path}.persistentVolumeClaim")
        name = claim.get("claimName")
        if name is None or name == "":
            raise FieldError(f"{path}.persistentVolumeClaim.claimName", "is required: the name of the claim")
        kept["persistentVolumeClaim"] = {"claimName": string(name, f"{path}.persistentVolumeClaim.claimName")}
    elif sources == ["ephemeral"]:
        as_object(given["ephemeral"], f"{path}.ephemeral")
        kept["ephemeral"] = {}
    return kept


def scheduling_gates(spec: dict[str, Any], path: str) -> list[str]:
    """The names of a pod's scheduling gates (a gated pod is not scheduled until they are removed): each a qualified
    name, once (validateSchedulingGates)."""
    gates: list[str] = []
    for index, gate in enumerate(as_list(spec.get("schedulingGates"), f"{path}.schedulingGates")):
        at = f"{path}.schedulingGates[{index}].name"
        name = qualified_name(as_object(gate, f"{path}.schedulingGates[{index}]").get("name"), at)
        if name in gates:
            raise FieldError(at, f"{shown(name)} is given twice: the API server refuses a scheduling gate twice")
        gates.append(name)
    return gates


def _resource_claims(value: Any, path: str) -> frozenset[str]:
    """The names of spec.resourceClaims (validatePodResourceClaim: each a DNS label, once, with exactly one of
    resourceClaimName and resourceClaimTemplateName, a DNS subdomain), which containers' resources.claims name."""
    names: set[str] = set()
    for index, item in enumerate(as_list(value, path)):
        at = f"{path}[{index}]"
        item = as_object(item, at)
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
    containers = as_list(given.get("containers"), f"{path}.containers")
    if not containers:
        raise FieldError(f"{path}.containers", "missing or empty: a pod has at least one container")
    kept: dict[str, Any] = {
        "containers": [_container(c, f"{path}.containers[{i}]", False, claims) for i, c in enumerate(containers)]
    }
    init = [
        _container(c, f"{path}.initContainers[{i}]", True, claims)
        for i, c in enumerate(as_list(given.get("initContainers"), f"{path}.initContainers"))
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


def checked_spec(spec: Any, path: str, stored: dict[str, str] | None = None) -> dict[str, Any]:
    """The pod spec the scheduler is given: the fields it reads, each checked; FieldError (path under `path`). stored:
    the labels of a Pod whose own spec this is (as the API server stored it), None for a controller's template."""
    given = as_object(spec, path)
    claims = _resource_claims(given.get("resourceClaims"), f"{path}.resourceClaims")
    kept = _containers(given, path, claims)
    extra = overhead(given, path)
    if extra:
        kept["overhead"] = extra
    resources = requirements(given.get("resources"), f"{path}.resources", "pod")  # pod-level (PodRequests reads them)
    if resources:
        kept["resources"] = resources
        pod_level_consistency(kept, path)
    selector = labels(given.get("nodeSelector"), f"{path}.nodeSelector")
    if selector:
        kept["nodeSelector"] = selector
    if given.get("affinity") is not None:
        affinity = _affinity(given["affinity"], f"{path}.affinity")
        if affinity:
            kept["affinity"] = affinity
    tolerations = [
        _toleration(t, f"{path}.tolerations[{i}]")
        for i, t in enumerate(as_list(given.get("tolerations"), f"{path}.tolerations"))
    ]
    if tolerations:
        kept["tolerations"] = tolerations
    spreads = []
    seen: dict[tuple[str, str], int] = {}
    for index, item in enumerate(as_list(given.get("topologySpreadConstraints"), f"{path}.topologySpreadConstraints")):
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
    volumes = [
        _volume(v, f"{path}.volumes[{i}]") for i, v in enumerate(as_list(given.get("volumes"), f"{path}.volumes"))
    ]
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
