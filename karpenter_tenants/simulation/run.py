"""A simulation of one cluster for `plan --workloads`: the base and the head revision's sides, the nodes and the
workloads, asked of Karpenter's scheduler once per revision.

Owns: running a cluster's simulation and reading `--nodes` as the scheduler needs it (labels, taints, allocatable).
Must not import: commands/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from karpenter_tenants.config.yaml_input import InputError
from karpenter_tenants.simulation import binary
from karpenter_tenants.simulation.offerings import SPOT_NOTE, Prices, instance_types, zones_of
from karpenter_tenants.simulation.report import NodeList, Simulated
from karpenter_tenants.simulation.revision import Side, changed_pools, request, result_of
from karpenter_tenants.simulation.workloads import QUANTITY, Workloads

MAX_NODES = 20_000


def read_nodes(path: Path) -> list[dict[str, Any]]:
    """The nodes of `kubectl get nodes -o json` with what the scheduler reads of them; InputError naming the path."""
    from karpenter_tenants.config.yaml_input import read_json

    source = str(path)
    document = read_json(path, source, written_by="kubectl get nodes -o json")
    items = document.get("items") if isinstance(document, dict) else None
    if not isinstance(items, list) or len(items) > MAX_NODES:
        raise InputError(source, None, f"not a List of at most {MAX_NODES} nodes; is it `kubectl get nodes -o json`?")
    nodes = NodeList()
    for index, item in enumerate(items):
        where = f"items[{index}]"
        metadata = item.get("metadata") if isinstance(item, dict) else None
        if not isinstance(metadata, dict) or not isinstance(metadata.get("name"), str):
            raise InputError(source, None, f"{where}: not a Node with a metadata.name")
        labels = metadata.get("labels") or {}
        if not isinstance(labels, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in labels.items()):
            raise InputError(source, None, f"{where}.metadata.labels: not a map of strings")
        spec = item.get("spec") or {}
        status = item.get("status") or {}
        if not isinstance(spec, dict) or not isinstance(status, dict):
            raise InputError(source, None, f"{where}: spec and status must be objects")
        taints = spec.get("taints") or []
        if not isinstance(taints, list) or not all(isinstance(t, dict) and isinstance(t.get("key"), str)
                                                   and isinstance(t.get("effect"), str) for t in taints):
            raise InputError(source, None, f"{where}.spec.taints: not a list of taints (key, effect)")
        resources = {}
        for field in ("allocatable", "capacity"):
            amounts = status.get(field) or {}
            if not isinstance(amounts, dict) or not all(isinstance(v, str) and QUANTITY.fullmatch(v) for v in amounts.values()):
                raise InputError(source, None, f"{where}.status.{field}: not a map of quantities")
            resources[field] = amounts
        if not resources["allocatable"]:
            nodes.without_allocatable += (metadata["name"],)  # left out, said once on the answer (report.input_line)
            continue
        nodes.append({"apiVersion": "v1", "kind": "Node",
                      "metadata": {"name": metadata["name"], "labels": labels},
                      "spec": {"taints": [{k: t[k] for k in ("key", "value", "effect") if isinstance(t.get(k), str)}
                                          for t in taints]},
                      "status": {"allocatable": resources["allocatable"],
                                 "capacity": resources["capacity"] or resources["allocatable"],
                                 "conditions": [{"type": "Ready", "status": "True"}]}})
    return nodes


def cores() -> int:
    """The cores this process may run on."""
    import os

    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def simulate(cluster: str, region: str, base: Side, head: Side, nodes: list[dict[str, Any]], workloads: Workloads,
             catalogue: Any, prices: Prices, keep: bool = True, from_empty: bool = False) -> Simulated:
    """Both revisions through the scheduler (a run of the program each, or none for an answer kept from an earlier
    run; keep=False: every answer asked of the program, none kept), from today's placement (simulation.placement:
    the pods the snapshot shows running stay on the nodes the revision keeps; from_empty: every pod scheduled
    afresh). The head's nodes are the head's: less those of node groups it removes, of NodePools it deletes and
    those its changes drift. A revision without any NodePool (a 1.x cluster before its first tenant) is simulated on
    its existing nodes; a cluster on Karpenter 0.31 at the head is InputError: its Provisioners are not what the 1.x
    scheduler reads."""
    import json
    from concurrent.futures import ThreadPoolExecutor

    if not head.generation_supported:
        version = f" (karpenter.version {head.karpenter})" if head.karpenter else ""
        raise InputError("--workloads", None, f"cluster {cluster} runs Karpenter 0.31{version}: the simulation runs "
                         "Karpenter 1.x's scheduler, which does not read Provisioners; simulate it once the "
                         "upgrade to 1.x (`migrate`, docs/upgrade-031.md) is merged")
    from karpenter_tenants.simulation.placement import describe, node_name, nodes_gone, running_pods

    types = instance_types(catalogue, zones_of(region, nodes), prices)
    # consolidation is asked of the pools the pull request adds or changes, at both revisions: each candidate node
    # costs a scheduling simulation of the whole cluster, and an unchanged pool answers as it did
    changed = changed_pools(base, head)
    gone = nodes_gone(cluster, base, head, nodes)  # the head's nodes: less those it removes or drifts
    running = {} if from_empty else running_pods(workloads, {node_name(n) for n in nodes})
    kept = {pod: node for pod, node in running.items() if node not in gone}
    requests = [request(base, nodes, workloads, types, changed, running),
                request(head, [n for n in nodes if node_name(n) not in gone], workloads, types, changed, kept)]
    binary.binary()  # built (once) before the runs start
    if json.dumps(requests[0], sort_keys=True) == json.dumps(requests[1], sort_keys=True):
        requests = requests[:1]  # the same question: the scheduler answers it the same way
    # an answer kept from an earlier run (the base of every pull request against the same main) is not asked again;
    # the others run side by side, the machine's cores shared between them (Karpenter's workers change no answer)
    found = [binary.cached(each) if keep else None for each in requests]
    asked = [index for index, answer in enumerate(found) if answer is None]
    workers = max(1, cores() // max(1, len(asked)))
    with ThreadPoolExecutor(max_workers=max(1, len(asked))) as pool:
        for index, answer in zip(asked, pool.map(lambda each: binary.solve(each, workers, keep),
                                                  [requests[i] for i in asked]), strict=True):
            found[index] = answer
    answers = [found[0], found[-1]]
    # a namespace is the same customer's at both revisions (the head's tenants, else the base's): the pull request
    # that onboards a customer compares its pods with themselves, not with "pods of no tenant"
    owners = {**base.tenant_of_namespace, **head.tenant_of_namespace}
    results = result_of(answers[0], base, workloads, owners), result_of(answers[1], head, workloads, owners)
    results[0].start = describe(results[0], running, running, {}, workloads, from_empty)
    results[1].start = describe(results[1], running, kept, gone, workloads, from_empty)
    return Simulated(cluster, binary.core_version(), f"{prices.source}; {SPOT_NOTE}", *results, base, head, workloads,
                     tuple(getattr(nodes, "without_allocatable", ())))
