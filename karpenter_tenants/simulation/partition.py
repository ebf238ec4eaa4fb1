"""Exact partitioning of one revision's question to Karpenter's scheduler (issue 54, speed): the cluster split into
parts no pod of which can reach a NodePool or node of another, each part asked as a question of its own, the answers
joined. Each part's answer is Karpenter's exact answer for that part, and together they are the joint solve's answer
(tests/unit/simulation/test_partition.py compares them on randomized clusters with Karpenter's own scheduler):

- a pod is joined with every NodePool and node it might reach: only a taint it does not tolerate (NoSchedule,
  NoExecute) or a label its nodeSelector or required node affinity cannot match (a value the pool's template label or
  `In`/`NotIn`/`DoesNotExist` requirement excludes, or a custom label the pool does not define: Karpenter's
  `Requirements.Compatible` refuses it) keeps them apart; anything this reading cannot decide joins them;
- a pod with its node (bound), its namespace (topology and affinity count a namespace's pods), its tenant's pools
  (its reason names them); a Karpenter node with its NodePool (limits count the pool's nodes); every NodePool whose
  consolidation is asked, together (multi-node consolidation ranks candidates across pools);
- when in doubt, one joint question: a pod with a topology spread or pod (anti-)affinity keyed on anything but the
  hostname (its domains are every pool's, whatever the pod reaches: Karpenter's topology domain groups), one that
  counts pods of other namespaces (`namespaces`, `namespaceSelector`), or an offering of reserved capacity (shared
  by all pools) makes the whole cluster one part.

The parts ask their questions in one batch of the program (the instance types decoded once); each part's answer is
kept under its own key, so a pull request that changes one tenant asks only that tenant's part again and reads the
others from the answers kept for its base (binary.py).

Owns: the split, the batch and the join. Must not import: commands/."""

from __future__ import annotations

import hashlib
import json
from typing import Any

HOSTNAME = "kubernetes.io/hostname"
POOL_LABEL = "karpenter.sh/nodepool"
BLOCKING = ("NoSchedule", "NoExecute")
# a node taint the cluster puts on and takes off (readiness, start-up, Karpenter's own disruption taint) is not taken
# as proof that a pod cannot reach the node
TRANSIENT_PREFIXES = ("node.kubernetes.io/", "node.cloudprovider.kubernetes.io/", "karpenter.sh/")
# a label Karpenter may allow undefined (its well-known labels): not taken as proof either
WELL_KNOWN_MARKS = ("kubernetes.io", "k8s.io", "karpenter", "amazonaws.com", "k8s.aws")
# signatures x (pools + nodes) the split checks at most (a few seconds of Python at worst): a few hundred workloads
# (each a signature) against 40 pools and 2,000 nodes stay well below it
CHECKS_BUDGET = 1_000_000


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _name(obj: dict[str, Any]) -> str:
    return str(_dict(obj.get("metadata")).get("name"))


def _pod_key(obj: dict[str, Any]) -> str:
    metadata = _dict(obj.get("metadata"))
    return f"{metadata.get('namespace') or 'default'}/{metadata.get('name')}"


def _template_index(item: dict[str, Any], templates: list[Any]) -> int | None:
    """The index of podTemplates a pod of a question is a replica of, or None (a pod sent whole)."""
    at = item.get("template")
    return at if isinstance(at, int) and not isinstance(at, bool) and 0 <= at < len(templates) else None


def pod_of(item: dict[str, Any], templates: list[Any]) -> dict[str, Any]:
    """A pod of a question as a whole object, a replica of podTemplates made whole (the split reads them so; revision._pods writes them)."""
    at = _template_index(item, templates)
    if at is None or not isinstance(templates[at], dict):
        return item
    template = templates[at]
    metadata = template.get("metadata") if isinstance(template.get("metadata"), dict) else {}
    spec = template.get("spec") if isinstance(template.get("spec"), dict) else {}
    node = item.get("nodeName")
    return {
        **template,
        "metadata": {**metadata, "name": item.get("name")},
        "spec": {**spec, "nodeName": node} if node is not None else spec,
    }


def _terms(spec: dict[str, Any]) -> list[dict[str, Any]]:
    """The pod (anti-)affinity terms of a pod spec, required and preferred."""
    found = []
    affinity = _dict(spec.get("affinity"))
    for kind in ("podAffinity", "podAntiAffinity"):
        block = _dict(affinity.get(kind))
        found += [_dict(t) for t in _list(block.get("requiredDuringSchedulingIgnoredDuringExecution"))]
        found += [
            _dict(_dict(t).get("podAffinityTerm"))
            for t in _list(block.get("preferredDuringSchedulingIgnoredDuringExecution"))
        ]
    return found


def couples_everything(pod: dict[str, Any]) -> bool:
    """A pod whose placement depends on pools and nodes it cannot reach, or on other namespaces' pods."""
    spec = _dict(pod.get("spec"))
    namespace = _dict(pod.get("metadata")).get("namespace") or "default"
    for constraint in _list(spec.get("topologySpreadConstraints")):
        if _dict(constraint).get("topologyKey") != HOSTNAME:
            return True
    for term in _terms(spec):
        if term.get("topologyKey") != HOSTNAME or term.get("namespaceSelector") is not None:
            return True
        if any(n != namespace for n in _list(term.get("namespaces"))):
            return True
    return False


def _tolerates(tolerations: list[Any], taint: dict[str, Any]) -> bool:
    """corev1.Toleration.ToleratesTaint."""
    for toleration in tolerations:
        toleration = _dict(toleration)
        effect = toleration.get("effect") or ""
        if effect and effect != taint.get("effect"):
            continue
        key = toleration.get("key") or ""
        operator = toleration.get("operator") or "Equal"
        if operator == "Exists":
            if not key or key == taint.get("key"):
                return True
        elif (
            operator == "Equal"
            and key == taint.get("key")
            and (toleration.get("value") or "") == (taint.get("value") or "")
        ):
            return True
    return False


def refused_by_taints(tolerations: list[Any], taints: list[Any], transient_ignored: bool) -> bool:
    for taint in taints:
        taint = _dict(taint)
        if taint.get("effect") not in BLOCKING:
            continue
        if transient_ignored and str(taint.get("key", "")).startswith(TRANSIENT_PREFIXES):
            continue
        if not _tolerates(tolerations, taint):
            return True
    return False


def _well_known(key: str) -> bool:
    prefix = key.split("/", 1)[0] if "/" in key else ""
    return any(mark in prefix for mark in WELL_KNOWN_MARKS)


class _Target:
    """What a pool or a node offers a pod's labels: known values per key (a node's labels, a pool's template labels and
    requirements), as (kind, values): "in" (one of values), "notin", "none" (the key must not exist), "any"."""

    def __init__(self, taints: list[Any], rules: dict[str, tuple[str, frozenset[str]]], is_node: bool) -> None:
        self.taints = taints
        self.rules = rules
        self.is_node = is_node

    def excludes(self, key: str, values: frozenset[str]) -> bool:
        """True when no value of `values` can be this target's value for `key` (the pod requires key In values)."""
        rule = self.rules.get(key)
        if rule is None:
            # undefined: a node has no such label (the pod cannot go there); a pool refuses a custom label it does not
            # define; a well-known one may be allowed
            return not _well_known(key) or self.is_node
        kind, known = rule
        if kind == "in":
            return not (known & values)
        if kind == "notin":
            return values <= known
        if kind == "none":
            return True
        return False


def _pool_target(pool: dict[str, Any]) -> _Target:
    template = _dict(_dict(pool.get("spec")).get("template"))
    spec = _dict(template.get("spec"))
    rules: dict[str, tuple[str, frozenset[str]]] = {}
    for key, value in _dict(_dict(template.get("metadata")).get("labels")).items():
        rules[str(key)] = ("in", frozenset({str(value)}))
    for requirement in _list(spec.get("requirements")):
        requirement = _dict(requirement)
        key, operator = str(requirement.get("key")), requirement.get("operator")
        values = frozenset(str(v) for v in _list(requirement.get("values")))
        before = rules.get(key)
        if operator == "In":
            rule = ("in", values if before is None or before[0] != "in" else values & before[1])
        elif operator == "NotIn" and before is None:
            rule = ("notin", values)
        elif operator == "DoesNotExist" and before is None:
            rule = ("none", frozenset())
        else:
            rule = before or ("any", frozenset())  # Exists, Gt, Lt, or combinations: not read (joins)
        rules[key] = rule
    return _Target(_list(spec.get("taints")), rules, is_node=False)


def _node_target(node: dict[str, Any]) -> _Target:
    labels = _dict(_dict(node.get("metadata")).get("labels"))
    return _Target(
        _list(_dict(node.get("spec")).get("taints")),
        {str(k): ("in", frozenset({str(v)})) for k, v in labels.items()},
        is_node=True,
    )


def _signature(spec: dict[str, Any]) -> str:
    return json.dumps(
        [
            spec.get("tolerations"),
            spec.get("nodeSelector"),
            _dict(_dict(spec.get("affinity")).get("nodeAffinity")).get(
                "requiredDuringSchedulingIgnoredDuringExecution"
            ),
        ],
        sort_keys=True,
        default=str,
    )


def _unreachable(spec: dict[str, Any], target: _Target) -> bool:
    """True only when the pod provably cannot be placed on the target."""
    if refused_by_taints(_list(spec.get("tolerations")), target.taints, transient_ignored=target.is_node):
        return True
    for key, value in _dict(spec.get("nodeSelector")).items():
        if target.excludes(str(key), frozenset({str(value)})):
            return True
    required = _dict(
        _dict(_dict(spec.get("affinity")).get("nodeAffinity")).get("requiredDuringSchedulingIgnoredDuringExecution")
    )
    terms = _list(required.get("nodeSelectorTerms"))
    if terms and all(_term_excluded(_dict(term), target) for term in terms):
        return True
    return False


def _term_excluded(term: dict[str, Any], target: _Target) -> bool:
    for expression in _list(term.get("matchExpressions")):
        expression = _dict(expression)
        if expression.get("operator") == "In" and target.excludes(
            str(expression.get("key")), frozenset(str(v) for v in _list(expression.get("values")))
        ):
            return True
    return False


class _Union:
    def __init__(self) -> None:
        self.parent: dict[str, str] = {}

    def find(self, item: str) -> str:
        self.parent.setdefault(item, item)
        root = item
        while self.parent[root] != root:
            root = self.parent[root]
        while self.parent[item] != root:
            self.parent[item], item = root, self.parent[item]
        return root

    def join(self, first: str, second: str) -> None:
        a, b = self.find(first), self.find(second)
        if a != b:
            self.parent[max(a, b)] = min(a, b)


def split(
    request: dict[str, Any], tenant_of_pool: dict[str, str], tenant_of_namespace: dict[str, str]
) -> list[dict[str, Any]]:
    """The request's independent parts, each a request of its own without `instanceTypes` (they belong to the batch),
    in a stable order (by the first pod key, then the first pool, then the first node); one part, the request whole
    (less its instance types), when anything couples the cluster as a whole."""
    templates = _list(request.get("podTemplates"))
    items = [_dict(p) for p in _list(request.get("pods"))]
    pods = [pod_of(item, templates) for item in items]
    pools = [_dict(p) for p in _list(request.get("nodePools"))]
    nodes = [_dict(n) for n in _list(request.get("nodes"))]
    whole = {key: value for key, value in request.items() if key != "instanceTypes"}
    reserved = any(
        _dict(offering).get("capacityType") == "reserved"
        for each in _list(request.get("instanceTypes"))
        for offering in _list(_dict(each).get("offerings"))
    )
    if reserved or any(couples_everything(p) for p in pods) or len(pools) + len(nodes) == 0:
        return [whole]
    # each scheduling signature (tolerations, selector, required node affinity: a workload's pods share one) is
    # checked against every pool and node once; pods with a signature each would make that pods x nodes of work
    # (50,000 x 20,000 at the limits): past CHECKS_BUDGET, the split is not worth its cost, one joint question
    if len({_signature(_dict(pod.get("spec"))) for pod in pods}) * (len(pools) + len(nodes)) > CHECKS_BUDGET:
        return [whole]
    union = _Union()
    pool_targets = [(f"pool:{_name(p)}", _pool_target(p)) for p in pools]
    node_targets = [(f"node:{_name(n)}", _node_target(n)) for n in nodes]
    reach: dict[str, list[str]] = {}  # a scheduling signature -> the targets it may reach
    for pod in pods:
        key = f"pod:{_pod_key(pod)}"
        metadata, spec = _dict(pod.get("metadata")), _dict(pod.get("spec"))
        namespace = str(metadata.get("namespace") or "default")
        union.join(key, f"ns:{namespace}")
        if spec.get("nodeName"):
            union.join(key, f"node:{spec['nodeName']}")
        signature = _signature(spec)
        if signature not in reach:
            reach[signature] = [
                name for name, target in (*pool_targets, *node_targets) if not _unreachable(spec, target)
            ]
        for target in reach[signature]:
            union.join(key, target)
        tenant = tenant_of_namespace.get(namespace)
        if tenant:
            for pool, owner in tenant_of_pool.items():
                if owner == tenant:
                    union.join(key, f"pool:{pool}")
    for node in nodes:
        pool = _dict(_dict(node.get("metadata")).get("labels")).get(POOL_LABEL)
        if isinstance(pool, str) and pool:
            union.join(f"node:{_name(node)}", f"pool:{pool}")
        union.find(f"node:{_name(node)}")
    for pool in pools:
        union.find(f"pool:{_name(pool)}")
    asked = [str(name) for name in _list(request.get("disruption"))]
    for name in asked[1:]:
        union.join(f"pool:{asked[0]}", f"pool:{name}")
    groups: dict[str, dict[str, list[Any]]] = {}

    def group(item: str) -> dict[str, list[Any]]:
        return groups.setdefault(union.find(item), {"pods": [], "nodePools": [], "nodes": []})

    for item, pod in zip(items, pods, strict=True):
        group(f"pod:{_pod_key(pod)}")["pods"].append(item)
    for pool in pools:
        group(f"pool:{_name(pool)}")["nodePools"].append(pool)
    for node in nodes:
        group(f"node:{_name(node)}")["nodes"].append(node)
    with_pods = [g for g in groups.values() if g["pods"]]
    rest: dict[str, list[Any]] = {"pods": [], "nodePools": [], "nodes": []}
    for each in groups.values():  # pools and nodes no pod reaches: one part (their dropped pools are said)
        if not each["pods"]:
            rest["nodePools"] += each["nodePools"]
            rest["nodes"] += each["nodes"]
    if len(with_pods) <= 1 and not (rest["nodePools"] or rest["nodes"]):
        return [whole]
    parts = with_pods + ([rest] if rest["nodePools"] or rest["nodes"] else [])
    classes = {_name(_dict(c)): c for c in _list(request.get("nodeClasses"))}
    order = {id(obj): index for index, obj in enumerate([*items, *pools, *nodes])}
    built: list[tuple[tuple[int, int], dict[str, Any]]] = []
    for part in parts:
        names = {_name(p) for p in part["nodePools"]}
        refs = {
            str(_dict(_dict(_dict(_dict(p.get("spec")).get("template")).get("spec")).get("nodeClassRef")).get("name"))
            for p in part["nodePools"]
        }
        question = {
            "nodePools": sorted(part["nodePools"], key=lambda o: order[id(o)]),
            "nodeClasses": [classes[name] for name in sorted(refs) if name in classes],
            "nodes": sorted(part["nodes"], key=lambda o: order[id(o)]),
            **_with_templates(sorted(part["pods"], key=lambda o: order[id(o)]), templates),
            "daemonSets": request.get("daemonSets") or [],
        }
        if asked and any(name in names for name in asked):
            question["disruption"] = [name for name in asked if name in names]
        if not part["nodePools"] and pools and part["pods"]:
            question["poolsElsewhere"] = len(pools)
        built.append(
            (
                (
                    min((order[id(o)] for o in part["pods"]), default=len(order)),
                    min((order[id(o)] for o in [*part["nodePools"], *part["nodes"]]), default=len(order)),
                ),
                question,
            )
        )
    built.sort(key=lambda each: each[0])
    return [question for _, question in built]


def _with_templates(items: list[dict[str, Any]], templates: list[Any]) -> dict[str, list[Any]]:
    """A part's pods with the templates its replicas use, numbered anew (a part's question sends only its own)."""
    used: dict[int, int] = {}
    renumbered = []
    for item in items:
        at = _template_index(item, templates)
        if at is not None:
            renumbered.append({**item, "template": used.setdefault(at, len(used))})
        else:
            renumbered.append(item)
    return {"pods": renumbered, **({"podTemplates": [templates[at] for at in used]} if used else {})}


def types_digest(instance_types: list[Any]) -> str:
    return hashlib.sha256(json.dumps(instance_types, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def kept_key(part: dict[str, Any], digest: str) -> dict[str, Any]:
    """What a part's kept answer is keyed by: the part with its batch's instance types as their digest."""
    return {**part, "instanceTypes": digest}


def join(answers: list[dict[str, Any]]) -> dict[str, Any]:
    """The parts' answers as the joint question's answer, sorted as the program sorts one (solve.go sortAnswer)."""
    if len(answers) == 1:
        return answers[0]
    joined: dict[str, Any] = {"karpenterCore": answers[0].get("karpenterCore") if answers else None}
    for key in ("bound", "nodeClaims", "existingNodes", "pending", "droppedNodePools"):
        joined[key] = [entry for answer in answers for entry in (answer.get(key) or [])]
    joined["bound"].sort(key=lambda e: str(e.get("node")))
    joined["existingNodes"].sort(key=lambda e: str(e.get("node")))
    joined["pending"].sort(key=lambda e: str(e.get("pod")))
    joined["droppedNodePools"].sort(key=lambda e: str(e.get("nodePool")))
    joined["nodeClaims"].sort(
        key=lambda c: (
            str(c.get("nodePool")),
            str(c.get("instanceType")),
            str(c.get("zone")),
            str(c.get("capacityType")),
            (c.get("pods") or [""])[0],
        )
    )
    disruption = [command for answer in answers for command in (answer.get("disruption") or [])]
    if disruption:
        joined["disruption"] = disruption
    return joined


def solve_all(
    requests: list[dict[str, Any]],
    tenant_of_pool: dict[str, str],
    tenant_of_namespace: dict[str, str],
    workers: int,
    keep: bool = True,
    minor: str | None = None,
) -> list[dict[str, Any]]:
    """Each request (a revision's question: simulation.revision.request) answered as the joint question would be,
    from its parts: a part answered before (kept, sealed: binary.py) is read, the others asked in one batch per run of
    the program, the same part asked once even when several requests hold it (a pull request's unchanged tenants at
    base and at head). The requests share their instance types (one catalogue per plan)."""
    from concurrent.futures import ThreadPoolExecutor

    from karpenter_tenants.simulation import binary

    keep = keep and not binary._off()
    minor = minor or binary.DEFAULT_MINOR  # the Karpenter minor whose scheduler answers (binary.scheduler_for)
    types = requests[0].get("instanceTypes") or [] if requests else []
    digest = types_digest(types)
    parts = [split(each, tenant_of_pool, tenant_of_namespace) for each in requests]
    answers: dict[str, dict[str, Any]] = {}
    asked: dict[str, dict[str, Any]] = {}
    for part in (part for each in parts for part in each):
        key = binary._key(kept_key(part, digest), minor)
        if key in answers or key in asked:
            continue
        found = binary.cached(kept_key(part, digest), minor) if keep else None
        if found is not None:
            answers[key] = found
        else:
            asked[key] = part
    if asked:
        binary.binary(minor)  # built (once) before the runs start
        keys = list(asked)
        # at most one batch per core, the parts shared out in their order; each batch's Karpenter gets its share of
        # the cores as workers (which change no answer)
        count = max(1, min(len(keys), workers))
        batches = [keys[index::count] for index in range(count)]
        share = max(1, workers // count)
        with ThreadPoolExecutor(max_workers=count) as pool:
            for batch, found in zip(
                batches,
                pool.map(lambda batch: batch_solve([asked[key] for key in batch], types, share, minor), batches),
                strict=True,
            ):
                for key, answer in zip(batch, found, strict=True):
                    answers[key] = answer
                    if keep:
                        binary._keep(kept_key(asked[key], digest), answer, minor)
    return [join([answers[binary._key(kept_key(part, digest), minor)] for part in each]) for each in parts]


def batch_solve(
    parts: list[dict[str, Any]], instance_types: list[Any], workers: int, minor: str | None = None
) -> list[dict[str, Any]]:
    """One run of the program answering the parts (main.go solveParts), each answer checked as a whole one is."""
    from karpenter_tenants.simulation import binary

    program = binary.binary(minor or binary.DEFAULT_MINOR)
    binary._profile_path()
    question = {"instanceTypes": instance_types, "parts": parts, "workers": max(1, min(64, workers))}
    result = binary._run(program, json.dumps(question))
    if result.returncode != 0:
        raise binary.SimulatorFailed(
            result.stderr.strip().splitlines()[-1]
            if result.stderr.strip()
            else f"exit {result.returncode} without a message"
        )
    try:
        document = json.loads(result.stdout)
    except json.JSONDecodeError as error:
        raise binary.SimulatorFailed(f"answered with no JSON ({error})") from None
    answers = document.get("parts") if isinstance(document, dict) else None
    if not isinstance(answers, list) or len(answers) != len(parts):
        raise binary.SimulatorFailed(
            f"answered {len(answers) if isinstance(answers, list) else 'no'} part(s) of {len(parts)} asked"
        )
    for index, answer in enumerate(answers):
        if (problem := binary.answer_problem(answer)) is not None:
            raise binary.SimulatorFailed(f"answered part {index} in a shape the product does not read: {problem}")
    return answers
