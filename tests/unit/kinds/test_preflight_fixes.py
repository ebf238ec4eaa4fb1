"""preflight's fix advice, followed to the letter: for each rule (and each branch of kinds.isolation.preflight.fixes), a
workload the isolation policy refuses, the advice preflight prints for it applied mechanically (the pod template
edited, or the cluster file edited and synthesized again) and preflight run again: the workload is admitted, no
other workload's verdict changes, and neither synth nor preflight reports a config error.

The advice is parsed by the patterns in `follow`: a text no pattern reads fails the test, so advice that changes
wording is followed here again (or found not to say what to do)."""

from __future__ import annotations

import copy
import json
import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import cluster_dict, write_cluster

from karpenter_tenants.commands.cli import main
from karpenter_tenants.objects.node_labels import NODE_GROUP_LABEL

KEY = "tenant"  # tenancy.labelKey (the default)
HOSTNAME = "kubernetes.io/hostname"
AMI = {"alias": "al2023@v20261101"}
MOVING = {
    "running": False,
    "nodeGroups": [{"name": "globex-workers", "tenant": "globex"}, {"name": "globex-spot", "tenant": "globex"}],
}


def tenant(name: str, *namespaces: str) -> dict[str, Any]:
    return {"name": name, "nodeRole": f"node-{name}", "namespaces": list(namespaces), "ami": AMI}


def tolerate(value: str) -> dict[str, str]:
    return {"key": KEY, "operator": "Equal", "value": value, "effect": "NoSchedule"}


WILDCARD = {"operator": "Exists"}
PLAIN = cluster_dict(tenants=[tenant("alpha", "alpha"), tenant("beta", "beta")], tenancy={"enforcement": "audit"})
MOVE = cluster_dict(
    tenants=[tenant("alpha", "alpha"), tenant("globex", "globex")],
    tenancy={"enforcement": "audit"},
    clusterAutoscaler=MOVING,
)


def workload(kind: str, namespace: str, name: str, **pod: Any) -> dict[str, Any]:
    """A kubectl List item of that kind whose pods have the spec pod (plus a container)."""
    spec: dict[str, Any] = {"containers": [{"name": "c", "image": "i"}], **copy.deepcopy(pod)}
    if kind == "Pod":
        body = spec
    elif kind == "CronJob":
        body = {"jobTemplate": {"spec": {"template": {"spec": spec}}}}
    else:
        body = {"template": {"spec": spec}}
    return {"apiVersion": "v1", "kind": kind, "metadata": {"name": name, "namespace": namespace}, "spec": body}


def pod_of(item: dict[str, Any]) -> dict[str, Any]:
    """The pod spec of an item (the dict itself: edits change the item)."""
    spec = item["spec"]
    if item["kind"] == "Pod":
        return spec
    if item["kind"] == "CronJob":
        return spec["jobTemplate"]["spec"]["template"]["spec"]
    return spec["template"]["spec"]


def name_of(item: dict[str, Any]) -> str:
    return f"{item['metadata']['namespace']}/{item['kind']}/{item['metadata']['name']}"


# Workloads every cluster runs beside the one under test; their verdicts must not change when advice is followed.
# The CloudWatch agent tolerates every taint and is admitted only because amazon-cloudwatch is exempt by default.
BYSTANDERS = [
    workload("DaemonSet", "amazon-cloudwatch", "cloudwatch-agent", tolerations=[WILDCARD]),
    workload("Deployment", "alpha", "api", nodeSelector={KEY: "alpha"}, tolerations=[tolerate("alpha")]),
    workload("Deployment", "monitoring", "grafana"),
]


@dataclass
class Checkout:
    """A repository with one cluster file, its dist/ and a workloads file, as a user runs preflight on."""

    root: Path
    config: dict[str, Any]
    items: list[dict[str, Any]] = field(default_factory=list)

    def synth(self) -> None:
        write_cluster(self.root / "clusters", self.config)
        status = main(["--clusters", str(self.root / "clusters"), "synth", "--out", str(self.root / "dist")])
        assert status == 0, f"synth of the cluster file exits {status}:\n{yaml.safe_dump(self.config)}"

    def preflight(self, capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
        (self.root / "workloads.json").write_text(json.dumps({"apiVersion": "v1", "kind": "List", "items": self.items}))
        capsys.readouterr()
        status = main(
            [
                "--clusters",
                str(self.root / "clusters"),
                "preflight",
                "--workloads",
                str(self.root / "workloads.json"),
                "--dist",
                str(self.root / "dist"),
                "--verbose",
            ]
        )
        out, err = capsys.readouterr()
        assert status in (0, 1) and not err, f"preflight exits {status}:\n{out}{err}"
        return status, out.splitlines()


_SYNTHESIZED: dict[str, Path] = {}


@pytest.fixture
def checkout(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Callable[[dict[str, Any]], Checkout]:
    """A Checkout of a cluster file, its dist/ synthesized once per test run and copied."""

    def make(config: dict[str, Any]) -> Checkout:
        text = yaml.safe_dump(config, sort_keys=True)
        if text not in _SYNTHESIZED:
            made = Checkout(tmp_path_factory.mktemp("synthesized"), copy.deepcopy(config))
            made.synth()
            _SYNTHESIZED[text] = made.root
        shutil.copytree(_SYNTHESIZED[text], tmp_path, dirs_exist_ok=True)
        return Checkout(tmp_path, copy.deepcopy(config))

    return make


REFUSED = re.compile(r"^refused: (?P<name>[^:]+): (?P<message>.*?rule (?P<rule>[a-z-]+).*); fix: (?P<fix>.*)$")


def findings(lines: list[str], name: str) -> list[tuple[str, str]]:
    """(rule, fix) of each refusal of the workload; every refusal has a fix."""
    refused = [line for line in lines if line.startswith(f"refused: {name}: ")]
    parsed = [REFUSED.match(line) for line in refused]
    assert all(parsed), f"a refusal without a fix: {refused}"
    return [(m["rule"], m["fix"]) for m in parsed if m]


def verdicts(lines: list[str], leaving: str) -> list[str]:
    """The lines about every workload but one (the summary, whose counts change, left out)."""
    return [
        line
        for line in lines
        if not line.startswith("preflight:") and f" {leaving}:" not in f" {line}" and not line.endswith(f" {leaving}")
    ]


# --- the advice, followed ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Intent:
    """What the user means where the advice leaves them a choice: which alternative ("exempt", "keys", "own
    namespace", "tenant", "drop"), the key a key-less toleration was meant for, the namespace of its own an agent
    moves to."""

    alternative: str = ""
    wanted_key: str = KEY
    own_namespace: str = "node-agents"


def runs_on(pod: dict[str, Any]) -> str:
    """The tenant whose nodes a pod runs on: the one it selects, else the only one it tolerates."""
    selected = (pod.get("nodeSelector") or {}).get(KEY)
    if selected:
        return selected
    values = {t.get("value") for t in pod.get("tolerations") or [] if t.get("key") == KEY and t.get("value")}
    assert len(values) == 1, f"the test gives no single tenant whose nodes {pod} runs on"
    return values.pop()


def select(pod: dict[str, Any], key: str, value: str) -> None:
    pod.setdefault("nodeSelector", {})[key] = value


def add_toleration(pod: dict[str, Any], key: str, value: str, effect: str) -> None:
    toleration = {"key": key, "operator": "Equal", "value": value, "effect": effect}
    if toleration not in (pod.get("tolerations") or []):
        pod.setdefault("tolerations", []).append(toleration)


def drop_tolerations(pod: dict[str, Any], key: str) -> None:
    pod["tolerations"] = [t for t in pod.get("tolerations") or [] if t.get("key") != key]


def unpin(pod: dict[str, Any], label: str, values: set[str]) -> None:
    """Removes the selection of those values of label from the pod's node selection: the nodeSelector entry, the
    values of In expressions (an expression left with none goes, and a term left with nothing, and so on up)."""
    selector = pod.get("nodeSelector") or {}
    if selector.get(label) in values:
        del selector[label]
    affinity = pod.get("affinity") or {}
    required = (affinity.get("nodeAffinity") or {}).get("requiredDuringSchedulingIgnoredDuringExecution")
    if not required:
        return
    for term in required["nodeSelectorTerms"]:
        for expression in term.get("matchExpressions") or []:
            if expression["key"] == label and expression["operator"] == "In":
                expression["values"] = [v for v in expression["values"] if v not in values]
        term["matchExpressions"] = [e for e in term.get("matchExpressions") or [] if e.get("values") != []]
    required["nodeSelectorTerms"] = [
        t for t in required["nodeSelectorTerms"] if t.get("matchExpressions") or t.get("matchFields")
    ]
    if not required["nodeSelectorTerms"]:
        del affinity["nodeAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"]
        if not affinity["nodeAffinity"]:
            del affinity["nodeAffinity"]
        if not affinity:
            del pod["affinity"]


def exempt(config: dict[str, Any], namespace: str, defaults: list[str] | None) -> None:
    """Adds the namespace to tenancy.exemptNamespaces: to the list the file sets, else to a new list (starting with
    the defaults the advice names, if it names any)."""
    tenancy = config.setdefault("tenancy", {})
    if "exemptNamespaces" not in tenancy:
        tenancy["exemptNamespaces"] = list(defaults or [])
    tenancy["exemptNamespaces"].append(namespace)


def give_to_tenant(config: dict[str, Any], name: str, namespace: str) -> None:
    [owner] = [t for t in config["tenants"] if t["name"] == name]
    owner.setdefault("namespaces", []).append(namespace)


SELECT = r"`nodeSelector: \{(?P<key>[^:{}]+): (?P<tenant>[^{}]+)\}`"
TOLERATION = r"the toleration (?P<tkey>[^=\s]+)=(?P<tvalue>[^:\s]+):(?P<effect>\w+)"
ADVICE: dict[str, re.Pattern[str]] = {
    "select": re.compile(rf"add {SELECT} and {TOLERATION} to its pod template"),
    "replace pin": re.compile(
        rf"replace (`(?P<label>[^:`]+): (?P<group>[^`]+)`|every `(?P<labels>[^`]+)` selection "
        rf"\((?P<groups>[^)]+)\)) in its pod template's node selection with {SELECT} and add "
        rf"{TOLERATION}"
    ),
    "exempt or keys": re.compile(
        r"a node agent \(runs on every node\): add (?P<namespace>\S+) to "
        r"tenancy\.exemptNamespaces( \(if your file does not set it yet, start from its "
        r"default: (?P<defaults>[^)]+)\))?; otherwise give each toleration its key"
    ),
    "keys or own namespace": re.compile(
        r"give each toleration its key( \(the (?P<key>\S+) one only as "
        r"(?P=key)=(?P<value>[^)\s]+)\))?; a node agent \(runs on every node\) belongs "
        r"in a namespace of its own, which tenancy\.exemptNamespaces may list "
        r"\((?P<namespace>\S+) is a tenant's, which it may not(; if your file does "
        r"not set it yet, start from its default: (?P<defaults>[^)]+))?\)"
    ),
    "tenant or drop": re.compile(
        r"add (?P<namespace>\S+) to the namespaces of the tenant whose nodes it runs on"
        r"(?P<select> and give its pod template `nodeSelector: \{(?P<skey>[^:]+): <that "
        r"tenant>\}` and, of its (?P=skey) tolerations, only (?P=skey)=<that tenant>:"
        r"(?P<effect>\w+))?[,;] or drop the (?P<key>\S+) toleration"
    ),
    "tolerate only": re.compile(r"tolerate only (?P<key>[^=\s]+)=(?P<value>\S+)$"),
    "no node name": re.compile(r"drop spec\.nodeName and select the node with nodeSelector or node affinity"),
    "drop protected": re.compile(
        r"drop its (?P<key>\S+) toleration of (?P<tenants>[^(]+) \(those nodes are not this "
        r"namespace's; an Exists toleration of (?P=key) tolerates them too\), or move the "
        r"workload into a namespace of the tenant whose nodes it needs"
    ),
}


def follow(fix: str, item: dict[str, Any], config: dict[str, Any], intent: Intent) -> bool:
    """Does what the fix says to the item (its pod template, or where it runs) or to the cluster file; whether the
    cluster file changed (so synth runs again)."""
    pod = pod_of(item)
    matched = {what: m for what, pattern in ADVICE.items() if (m := pattern.fullmatch(fix))}
    assert len(matched) == 1, f"advice no pattern of this test reads (or several do): {fix!r}"
    [(what, m)] = matched.items()
    if what == "select":
        select(pod, m["key"], m["tenant"])
        add_toleration(pod, m["tkey"], m["tvalue"], m["effect"])
    elif what == "replace pin":
        label = m["label"] or m["labels"]
        unpin(pod, label, {m["group"]} if m["group"] else set(m["groups"].split(", ")))
        select(pod, m["key"], m["tenant"])
        add_toleration(pod, m["tkey"], m["tvalue"], m["effect"])
    elif what == "exempt or keys" and intent.alternative == "exempt":
        exempt(config, m["namespace"], m["defaults"].split(", ") if m["defaults"] else None)
        return True
    elif what in ("exempt or keys", "keys or own namespace") and intent.alternative == "keys":
        # give each key-less Exists toleration the key it was meant for (as the advice says it, when it says how)
        tolerations = []
        for toleration in pod["tolerations"]:
            if not toleration.get("key") and toleration.get("operator") == "Exists":
                toleration = {**toleration, "key": intent.wanted_key}
                if what == "keys or own namespace" and m["key"] == intent.wanted_key:
                    toleration.update(operator="Equal", value=m["value"])
            tolerations.append(toleration)
        pod["tolerations"] = tolerations
    elif what == "keys or own namespace" and intent.alternative == "own namespace":
        item["metadata"]["namespace"] = intent.own_namespace
        exempt(config, intent.own_namespace, m["defaults"].split(", ") if m["defaults"] else None)
        return True
    elif what == "tenant or drop" and intent.alternative == "tenant":
        owner = runs_on(pod)
        give_to_tenant(config, owner, m["namespace"])
        if m["select"]:
            select(pod, m["skey"], owner)
            drop_tolerations(pod, m["skey"])
            add_toleration(pod, m["skey"], owner, m["effect"])
        return True
    elif what == "tenant or drop" and intent.alternative == "drop":
        drop_tolerations(pod, m["key"])
    elif what == "tolerate only":
        drop_tolerations(pod, m["key"])
        pod["tolerations"].append({"key": m["key"], "operator": "Equal", "value": m["value"]})
    elif what == "no node name":
        select(pod, HOSTNAME, pod.pop("nodeName"))
    elif what == "drop protected":
        drop_tolerations(pod, m["key"])
    else:
        raise AssertionError(f"the test has no intent {intent.alternative!r} for advice {what!r}: {fix!r}")
    return False


# --- the cases ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    config: dict[str, Any]
    item: dict[str, Any]
    rules: list[str]  # the rules that refuse it, in preflight's order
    intent: Intent = Intent()


PINNED = {"nodeSelector": {NODE_GROUP_LABEL: "globex-workers"}}
PINNED_AFFINITY = {
    "affinity": {
        "nodeAffinity": {
            "requiredDuringSchedulingIgnoredDuringExecution": {
                "nodeSelectorTerms": [
                    {
                        "matchExpressions": [
                            {"key": NODE_GROUP_LABEL, "operator": "In", "values": ["globex-spot", "globex-workers"]},
                            {"key": "kubernetes.io/arch", "operator": "In", "values": ["amd64"]},
                        ]
                    }
                ]
            }
        }
    }
}
CASES = {
    "own-nodes": Case(PLAIN, workload("Deployment", "alpha", "web"), ["own-nodes"]),
    "own-nodes, wrong tenant selected": Case(
        PLAIN,
        workload("Deployment", "alpha", "web", nodeSelector={KEY: "beta"}, tolerations=[tolerate("alpha")]),
        ["own-nodes"],
    ),
    "own-nodes, node group pinned by nodeSelector": Case(
        MOVE, workload("Deployment", "globex", "web", **PINNED), ["own-nodes"]
    ),
    "own-nodes, node groups pinned by node affinity": Case(
        MOVE, workload("Deployment", "globex", "batch", **PINNED_AFFINITY), ["own-nodes"]
    ),
    "no-wildcard-toleration, no tenant: exempt": Case(
        PLAIN,
        workload("DaemonSet", "logging", "fluent-bit", tolerations=[WILDCARD]),
        ["no-wildcard-toleration"],
        Intent("exempt"),
    ),
    "no-wildcard-toleration, no tenant, exempt list set: exempt": Case(
        cluster_dict(PLAIN, tenancy={"enforcement": "audit", "exemptNamespaces": ["amazon-cloudwatch"]}),
        workload("DaemonSet", "logging", "fluent-bit", tolerations=[WILDCARD]),
        ["no-wildcard-toleration"],
        Intent("exempt"),
    ),
    "no-wildcard-toleration, no tenant: keys": Case(
        PLAIN,
        workload("Deployment", "logging", "tools", tolerations=[WILDCARD]),
        ["no-wildcard-toleration"],
        Intent("keys", wanted_key="example.com/maintenance"),
    ),
    "no-wildcard-toleration, tenant's namespace: own namespace": Case(
        PLAIN,
        workload("DaemonSet", "alpha", "agent", tolerations=[WILDCARD]),
        ["own-nodes", "no-wildcard-toleration"],
        Intent("own namespace"),
    ),
    "no-wildcard-toleration, tenant's namespace, selects its nodes: keys": Case(
        PLAIN,
        workload("DaemonSet", "alpha", "agent", nodeSelector={KEY: "alpha"}, tolerations=[WILDCARD]),
        ["no-wildcard-toleration"],
        Intent("keys"),
    ),
    "no-wildcard-toleration, tenant's namespace: keys": Case(
        PLAIN,
        workload("DaemonSet", "alpha", "agent", tolerations=[WILDCARD]),
        ["own-nodes", "no-wildcard-toleration"],
        Intent("keys"),
    ),
    "own-taint-only, tenant": Case(
        PLAIN,
        workload("CronJob", "beta", "report", nodeSelector={KEY: "beta"}, tolerations=[tolerate("alpha")]),
        ["own-taint-only"],
    ),
    "own-taint-only, tenant, Exists": Case(
        PLAIN,
        workload(
            "Deployment", "alpha", "web", nodeSelector={KEY: "alpha"}, tolerations=[{"key": KEY, "operator": "Exists"}]
        ),
        ["own-taint-only"],
    ),
    "own-taint-only, no tenant, selects its nodes: tenant": Case(
        PLAIN,
        workload("Deployment", "jobs", "etl", nodeSelector={KEY: "alpha"}, tolerations=[tolerate("alpha")]),
        ["own-taint-only"],
        Intent("tenant"),
    ),
    "own-taint-only, no tenant, tolerates only: tenant": Case(
        PLAIN,
        workload("Deployment", "jobs", "etl", tolerations=[tolerate("alpha")]),
        ["own-taint-only"],
        Intent("tenant"),
    ),
    "own-taint-only, no tenant, Exists: tenant": Case(
        PLAIN,
        workload(
            "Deployment", "jobs", "etl", nodeSelector={KEY: "alpha"}, tolerations=[{"key": KEY, "operator": "Exists"}]
        ),
        ["own-taint-only"],
        Intent("tenant"),
    ),
    "own-taint-only, no tenant: drop": Case(
        PLAIN,
        workload("Deployment", "jobs", "etl", tolerations=[tolerate("alpha")]),
        ["own-taint-only"],
        Intent("drop"),
    ),
    "no-node-name, no tenant": Case(
        PLAIN, workload("Pod", "logging", "debug", nodeName="ip-10-0-0-1.ec2.internal"), ["no-node-name"]
    ),
    "protected-tenant-taint, no tenant at audit, beta at deny: drop": Case(
        cluster_dict(
            tenants=[tenant("alpha", "alpha"), {**tenant("beta", "beta"), "enforcement": "deny"}],
            tenancy={"enforcement": "audit"},
        ),
        workload("Deployment", "jobs", "etl", tolerations=[tolerate("beta")]),
        ["protected-tenant-taint", "own-taint-only"],
        Intent("drop"),
    ),
    "no-node-name, tenant's namespace": Case(
        PLAIN, workload("Pod", "alpha", "debug", nodeName="ip-10-0-0-1.ec2.internal"), ["own-nodes", "no-node-name"]
    ),
}


@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_following_the_fix_admits_the_workload_and_changes_nothing_else(
    case: Case, checkout: Callable[[dict[str, Any]], Checkout], capsys: pytest.CaptureFixture[str]
) -> None:
    repo = checkout(case.config)
    item = copy.deepcopy(case.item)
    repo.items = [*copy.deepcopy(BYSTANDERS), item]
    status, before = repo.preflight(capsys)
    found = findings(before, name_of(item))
    assert status == 1 and [rule for rule, _ in found] == case.rules, before
    others = verdicts(before, name_of(item))
    assert all(line.startswith("admitted: ") for line in others), others

    changed = [follow(fix, item, repo.config, case.intent) for _, fix in found]
    if any(changed):
        repo.synth()
    status, after = repo.preflight(capsys)

    name = name_of(item)
    assert f"admitted: {name}" in after, f"followed {[fix for _, fix in found]}:\n{yaml.safe_dump(item)}\n" + "\n".join(
        after
    )
    assert not [line for line in after if line.startswith(f"stranded: {name}:")], after
    assert verdicts(after, name) == others, "following the fix changed another workload's verdict"
    assert status == 0, after


def test_every_advice_fixes_gives_is_one_this_test_follows() -> None:
    """Every text fixes() gives (each rule, in a tenant's namespace and another, with and without a node group
    pinned) is read by exactly one pattern of ADVICE, and every pattern reads one: a new or reworded branch of
    fixes() is not left unfollowed."""
    from karpenter_tenants.kinds.isolation.preflight import Workload, fixes

    messages = {
        "own-nodes": "tenant alpha: rule own-nodes: ...",
        "no-wildcard-toleration": "namespace logging (no tenant): rule no-wildcard-toleration: ...",
        "no-wildcard-toleration tenant": "tenant alpha: rule no-wildcard-toleration: ...",
        "own-taint-only": "tenant alpha: rule own-taint-only: ...",
        "own-taint-only no tenant": "namespace logging (no tenant): rule own-taint-only: ...",
        "no-node-name": "namespace logging (no tenant): rule no-node-name: ...",
        "protected-tenant-taint": "namespace logging (guarding the nodes of tenants beta): rule protected-tenant-taint: ...",
    }
    seen = set()
    for spec in ({}, PINNED, PINNED_AFFINITY):
        for namespace in ("alpha", "logging"):
            advice = fixes(list(messages.values()), Workload("Pod", namespace, "p", spec), KEY, frozenset({"alpha"}))
            for fix in advice:
                read = {what for what, pattern in ADVICE.items() if pattern.fullmatch(fix)}
                assert len(read) == 1, (fix, read)
                seen |= read
    assert seen == set(ADVICE)
