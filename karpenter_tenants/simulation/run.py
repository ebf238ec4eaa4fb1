"""A simulation of one cluster for `plan --workloads`: the base and the head revision's sides, the nodes and the
workloads, asked of Karpenter's scheduler once per revision.

Owns: running a cluster's simulation and reading `--nodes` as the scheduler needs it (labels, taints, allocatable).
Must not import: commands/."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from karpenter_tenants.config.yaml_input import InputError
from karpenter_tenants.simulation import binary
from karpenter_tenants.simulation.offerings import MAX_ZONES, SPOT_NOTE, ZONE_LABEL, Prices, instance_types, zones_of
from karpenter_tenants.simulation.report import NodeList, Simulated
from karpenter_tenants.simulation.revision import Side, changed_pools, request, result_of
from karpenter_tenants.simulation.workloads import Workloads, collector_paused

MAX_NODES = 20_000
# A node's name as the API server takes it (ValidateNode's ValidateNodeName: apimachinery's NameIsDNSSubdomain, RFC 1123
# subdomain, at most 253 characters: lowercase letters, digits, '-' and '.', a letter or digit at each end of a part).
NODE_NAME = re.compile(r"[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*")
MAX_NODE_NAME = 253
# A taint's timeAdded as the API server decodes it (metav1.Time.UnmarshalJSON: time.Parse(time.RFC3339, ...); a
# fraction of a second after the seconds, `Z` or a numeric offset); JSON null is no time.
RFC3339 = re.compile(
    r"([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})(?:[.,][0-9]+)?(?:Z|[+-]([0-9]{2}):([0-9]{2}))"
)
KUBECTL_NODES = "kubectl get nodes -o json"


def read_nodes(path: Path) -> NodeList:
    """The one reader of a nodes file, for `plan --nodes` (the node review: NodeList.reviewed) and the simulation
    alike: `kubectl get nodes -o json` (a List) or `kubectl get node NAME -o json` (one Node), each node as the API
    server would hold it (a DNS-subdomain name, labels, taints with a qualified key, an effect and an RFC 3339
    timeAdded, allocatable and capacity quantities Kubernetes counts: _node_resources, pod_resources' bounds), in at most
    MAX_ZONES distinct zones (offerings.zones_of). The list holds what the scheduler reads of the nodes with
    status.allocatable; InputError naming the file and the path in it (`items[3].status.allocatable.cpu`)."""
    with collector_paused():  # the reading linear in the file's size (workloads.collector_paused)
        return _read_nodes(path)


def _read_nodes(path: Path) -> NodeList:
    from karpenter_tenants.config.yaml_input import read_json
    from karpenter_tenants.review.nodes import Node, Nodes
    from karpenter_tenants.simulation.pod_values import FieldError, label_value, labels, shown

    source = str(path)
    document = read_json(path, source, written_by=KUBECTL_NODES)
    single = isinstance(document, dict) and document.get("kind") == "Node"  # `kubectl get node NAME -o json`
    if single:
        items: Any = [document]
    else:
        items = document.get("items") if isinstance(document, dict) else None
    if not isinstance(items, list) or len(items) > MAX_NODES:
        raise InputError(
            source, None, f"not a List of at most {MAX_NODES} nodes, nor one Node; is it `{KUBECTL_NODES}`?"
        )
    nodes = NodeList()
    nodes.source, nodes.zone_paths = source, {}
    names: dict[str, str] = {}
    every = []
    for index, item in enumerate(items):
        where = "" if single else f"items[{index}]"  # one Node: its paths start at the document
        at = f"{where}." if where else ""
        metadata = item.get("metadata") if isinstance(item, dict) else None
        if (
            not isinstance(metadata, dict)
            or not isinstance(metadata.get("name"), str)
            or item.get("kind", "Node") != "Node"
        ):
            raise InputError(source, None, f"{where or 'the document'}: not a Node with a metadata.name")
        name = metadata["name"]
        if name in names:
            raise InputError(
                source,
                None,
                f"{at}metadata.name: {shown(name)} is listed twice (first at {names[name]}); a cluster's node "
                f"names are unique: is it one `{KUBECTL_NODES}`?",
            )
        if len(name) > MAX_NODE_NAME or not NODE_NAME.fullmatch(name):
            raise InputError(
                source,
                None,
                f"{at}metadata.name: {shown(name)} is no node name the API server takes (a DNS subdomain: 1 to "
                f"{MAX_NODE_NAME} lowercase letters, digits, '-' and '.'); is it `{KUBECTL_NODES}`?",
            )
        names[name] = where or "the document"
        node_labels = _field(metadata, "labels", {}, dict, source, f"{at}metadata", "a map of strings")
        if not all(isinstance(k, str) and isinstance(v, str) for k, v in node_labels.items()):
            raise InputError(source, None, f"{at}metadata.labels: not a map of strings")
        spec = _field(item, "spec", {}, dict, source, where, "an object")
        status = _field(item, "status", {}, dict, source, where, "an object")
        taints = _field(spec, "taints", [], list, source, f"{at}spec", "a list of taints (key, effect)")
        if not all(
            isinstance(t, dict) and isinstance(t.get("key"), str) and isinstance(t.get("effect"), str) for t in taints
        ):
            raise InputError(source, None, f"{at}spec.taints: not a list of taints (key, effect)")
        unschedulable = spec.get("unschedulable")
        if unschedulable is not None and not isinstance(unschedulable, bool):
            raise InputError(
                source, None, f"{at}spec.unschedulable: {shown(unschedulable)} is not true or false (a boolean)"
            )
        try:  # as the API server validates a node's (ValidateNode: labels, validateNodeTaints)
            labels(node_labels, f"{at}metadata.labels")
            _taints(taints, f"{at}spec.taints")
        except FieldError as error:
            raise InputError(source, None, f"{error.path}: {error.problem}") from None
        resources = _node_resources(status, source, where)
        every.append(Node(name, node_labels))
        if not resources["allocatable"]:
            nodes.without_allocatable += (name,)  # left out, said once on the answer (report.input_line)
            continue
        zone = node_labels.get(ZONE_LABEL)
        if zone is not None and zone not in nodes.zone_paths:
            try:  # a zone is offered with every instance type: a label value (63 characters at most), no longer
                label_value(zone, f"{at}metadata.labels.{ZONE_LABEL}")
            except FieldError as error:
                raise InputError(source, None, f"{error.path}: {error.problem}") from None
            if len(nodes.zone_paths) == MAX_ZONES:  # every type is offered in each zone (offerings.MAX_ZONES)
                raise InputError(
                    source,
                    None,
                    f"{at}metadata.labels.{ZONE_LABEL}: {shown(zone)} is zone "
                    f"{MAX_ZONES + 1} of the file's nodes; the simulation offers every instance type in "
                    f"each zone of the cluster's nodes, at most {MAX_ZONES} (a region's availability and "
                    "Local Zones): is it `kubectl get nodes -o json` of one cluster?",
                )
            nodes.zone_paths[zone] = f"{at}metadata.labels.{ZONE_LABEL}"
        nodes.append(
            {
                "apiVersion": "v1",
                "kind": "Node",
                "metadata": {"name": name, "labels": node_labels},
                "spec": {
                    "taints": [
                        {k: t[k] for k in ("key", "value", "effect") if isinstance(t.get(k), str)} for t in taints
                    ]
                },
                "status": {
                    "allocatable": resources["allocatable"],
                    "capacity": resources["capacity"] or resources["allocatable"],
                    "conditions": [{"type": "Ready", "status": "True"}],
                },
            }
        )
    nodes.reviewed = Nodes(source, tuple(every))  # every node, those without allocatable too (review.nodes)
    return nodes


def _field(parent: dict[str, Any], name: str, empty: Any, kind: type, source: str, where: str, what: str) -> Any:
    """parent[name] when it is of kind, `empty` when absent or null; InputError at its path otherwise (an empty list
    for an object is no object: the API server's decoding refuses it)."""
    value = parent.get(name)
    if value is None:
        return empty
    if not isinstance(value, kind):
        from karpenter_tenants.simulation.pod_values import shown

        raise InputError(source, None, f"{where + '.' if where else ''}{name}: {shown(value)} is not {what}")
    return value


def _taints(taints: list[dict[str, Any]], path: str) -> None:
    """A node's taints as the API server takes them: a qualified key, a label value, one of the three effects, each
    key and effect once (validateNodeTaints)."""
    from karpenter_tenants.simulation.pod_fields import TAINT_EFFECTS
    from karpenter_tenants.simulation.pod_values import FieldError, label_value, one_of, qualified_name, shown

    seen: dict[tuple[str, str], int] = {}
    for index, taint in enumerate(taints):
        at = f"{path}[{index}]"
        qualified_name(taint["key"], f"{at}.key")
        if taint.get("value") is not None:
            label_value(taint["value"], f"{at}.value")
        one_of(taint["effect"], TAINT_EFFECTS, f"{at}.effect")
        added = taint.get("timeAdded")
        if added is not None and not _rfc3339(added):
            raise FieldError(
                f"{at}.timeAdded",
                f"{shown(added)} is no RFC 3339 time (the API server decodes it as one, e.g. "
                '"2026-12-05T13:00:00Z"; kubectl prints it so)',
            )
        pair = (taint["key"], taint["effect"])
        if pair in seen:
            raise FieldError(
                at,
                f"repeats key {pair[0]} with effect {pair[1]} of [{seen[pair]}] (the API server "
                "refuses a key and effect twice)",
            )
        seen[pair] = index


def _rfc3339(value: Any) -> bool:
    """Whether Go's time.Parse(time.RFC3339, value) takes it (metav1.Time): the layout's fields in range (a month's
    days, hours to 23, minutes and seconds to 59, an offset's hours to 23)."""
    import calendar

    found = RFC3339.fullmatch(value) if isinstance(value, str) else None
    if found is None:
        return False
    year, month, day, hour, minute, second = (int(found.group(n)) for n in range(1, 7))
    offset_hours, offset_minutes = (int(found.group(n) or 0) for n in (7, 8))
    return (
        1 <= month <= 12
        and 1 <= day <= calendar.monthrange(year, month)[1]
        and hour <= 23
        and minute <= 59
        and second <= 59
        and offset_hours <= 23
        and offset_minutes <= 59
    )


def _node_resources(status: dict[str, Any], source: str, where: str) -> dict[str, dict[str, str]]:
    """A node's status.allocatable and status.capacity as kubectl prints them: maps of resource names to quantity
    strings, each within what Kubernetes counts (pod_resources.resource_quantity: the API server's grammar, an
    exponent of at most 30, at most 2^63-1 of the unit and (2^63-1)/1000 cores, never negative). A capacity below its
    allocatable is kept: the API server accepts it (Karpenter's kwok provider writes the NodeClaim's requests as
    capacity, below the type's allocatable: the e2e fidelity snapshot) and the scheduler reads allocatable.
    InputError at the entry's path."""
    from karpenter_tenants.simulation.pod_resources import resource_quantity
    from karpenter_tenants.simulation.pod_values import FieldError, key_path, shown

    found: dict[str, dict[str, str]] = {}
    values: dict[str, dict[str, Any]] = {}
    for field in ("allocatable", "capacity"):
        amounts = status.get(field)
        amounts = {} if amounts is None else amounts  # absent; `[]` or `""` is no map (round 9, r9-nodes-013)
        path = f"{where}.status.{field}" if where else f"status.{field}"
        if not isinstance(amounts, dict):
            raise InputError(
                source,
                None,
                f"{path}: {shown(amounts)} is not a map of resource quantities (cpu: 3920m, memory: 15236272Ki)",
            )
        values[field] = {}
        for name, amount in amounts.items():
            if not isinstance(amount, str):
                kind = (
                    "a number"
                    if isinstance(amount, (int, float)) and not isinstance(amount, bool)
                    else type(amount).__name__
                )
                raise InputError(
                    source,
                    None,
                    f"{key_path(path, name)}: {shown(amount)} is {kind}, not a quantity string "
                    '(kubectl prints "3920m", "15236272Ki")',
                )
            try:
                values[field][name] = resource_quantity(name, amount, key_path(path, name))
            except FieldError as error:
                raise InputError(source, None, f"{error.path}: {error.problem}") from None
            if (name == "pods" or "/" in name and "kubernetes.io/" not in name) and values[field][name] % 1 != 0:
                raise InputError(
                    source,
                    None,
                    f"{key_path(path, name)}: {amount} is not a whole number: {name} is "
                    "counted in units (the API server refuses a fraction)",
                )
        found[field] = dict(amounts)
    return found


def cores() -> int:
    """The cores this process may run on."""
    import os

    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def simulate(
    cluster: str,
    region: str,
    base: Side,
    head: Side,
    nodes: list[dict[str, Any]],
    workloads: Workloads,
    catalogue: Any,
    prices: Prices,
    keep: bool = True,
    from_empty: bool = False,
) -> Simulated:
    """Both revisions through the scheduler (a run of the program each, or none for an answer kept from an earlier
    run; keep=False: every answer asked of the program, none kept), from today's placement (simulation.placement:
    the pods the snapshot shows running stay on the nodes the revision keeps; from_empty: every pod scheduled
    afresh). The head's nodes are the head's: less those of node groups it removes, of NodePools it deletes and
    those its changes drift. A revision without any NodePool (a 1.x cluster before its first tenant) is simulated on
    its existing nodes; a cluster on Karpenter 0.31 at the head is InputError: its Provisioners are not what the 1.x
    scheduler reads."""
    if not head.generation_supported:
        version = f" (karpenter.version {head.karpenter})" if head.karpenter else ""
        raise InputError(
            "--workloads",
            None,
            f"cluster {cluster} runs Karpenter 0.31{version}: the simulation runs "
            "Karpenter 1.x's scheduler, which does not read Provisioners; simulate it once the "
            "upgrade to 1.x (`migrate`, docs/upgrade-031.md) is merged",
        )
    from karpenter_tenants.simulation.partition import solve_all
    from karpenter_tenants.simulation.placement import describe, node_name, nodes_gone, running_pods

    types = instance_types(catalogue, zones_of(region, nodes), prices)
    # consolidation is asked of the pools the pull request adds or changes, at both revisions: each candidate node
    # costs a scheduling simulation of the whole cluster, and an unchanged pool answers as it did
    changed = changed_pools(base, head)
    gone = nodes_gone(cluster, base, head, nodes)  # the head's nodes: less those it removes or drifts
    running = {} if from_empty else running_pods(workloads, {node_name(n) for n in nodes})
    kept = {pod: node for pod, node in running.items() if node not in gone}
    requests = [
        request(base, nodes, workloads, types, changed, running),
        request(head, [n for n in nodes if node_name(n) not in gone], workloads, types, changed, kept),
    ]
    # each revision asked in independent parts (simulation.partition: no pod of one reaches a pool or node of
    # another), each part's answer kept: a pull request that changes one tenant asks that tenant's part again and
    # reads the others from the answers kept for its base; the same part at both revisions is asked once
    tenant_of_pool = {**base.tenant_of_pool, **head.tenant_of_pool}
    owners = {**base.tenant_of_namespace, **head.tenant_of_namespace}
    answers = solve_all(requests, tenant_of_pool, owners, cores(), keep, binary.minor_of(head.karpenter))
    # a namespace is the same customer's at both revisions (the head's tenants, else the base's): the pull request
    # that onboards a customer compares its pods with themselves, not with "pods of no tenant"
    results = result_of(answers[0], base, workloads, owners), result_of(answers[1], head, workloads, owners)
    results[0].start = describe(results[0], running, running, {}, workloads, from_empty)
    results[1].start = describe(results[1], running, kept, gone, workloads, from_empty)
    return Simulated(
        cluster,
        binary.core_version(binary.minor_of(head.karpenter)),
        f"{prices.source}; {SPOT_NOTE}",
        *results,
        base,
        head,
        workloads,
        tuple(getattr(nodes, "without_allocatable", ())),
    )
