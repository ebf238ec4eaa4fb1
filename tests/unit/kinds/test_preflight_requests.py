"""preflight judges every request of a workload that the API server puts through the isolation policy (hostile round
7, f118 and f120): the pod its controller creates (a DaemonSet's is not its template: the controller replaces the
required node affinity with the node's matchFields term), and the workload object itself when the policy's
matchConstraints name its resource (synth's name pods and DaemonSets). A DaemonSet selecting its tenant's nodes by
node affinity only was admitted; the API server refuses it (rule own-nodes). tests/e2e/test_preflight_truth.py sends
the same shapes to the real API server."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from conftest import EXAMPLE_DIST
from test_isolation_cel import DAEMONSET_CONTROLLER, DAEMONSET_TOLERATIONS, pinned
from test_preflight import TOLERATE_ALPHA
from test_preflight_pod_as_seen import judged, with_rule

from karpenter_tenants.kinds.isolation.preflight import BoundPolicy, admit, load_policy

NODE = "ip-10-0-1-23"


def example() -> BoundPolicy:
    found = load_policy(EXAMPLE_DIST, "acme")
    assert found is not None
    return found


def required(*terms: dict[str, Any]) -> dict[str, Any]:
    return {
        "affinity": {
            "nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [*terms]}}
        }
    }


def tenant(operator: str, *values: str) -> dict[str, Any]:
    return {"key": "tenant", "operator": operator, **({"values": list(values)} if values else {})}


ZONE = {"key": "topology.kubernetes.io/zone", "operator": "In", "values": ["ca-central-1a"]}
BY_NAME = {"matchFields": [{"key": "metadata.name", "operator": "In", "values": [NODE]}]}
# the pod template's placement in alpha's namespace (tenant alpha, label key `tenant`)
SHAPES: dict[str, dict[str, Any]] = {
    "nodeSelector": {"nodeSelector": {"tenant": "alpha"}},
    "In [alpha]": required({"matchExpressions": [tenant("In", "alpha")]}),
    "In [alpha] and matchFields": required({"matchExpressions": [tenant("In", "alpha")], **BY_NAME}),
    "two terms In [alpha]": required(
        {"matchExpressions": [tenant("In", "alpha")]}, {"matchExpressions": [tenant("In", "alpha"), ZONE]}
    ),
    "a term without tenant": required({"matchExpressions": [tenant("In", "alpha")]}, {"matchExpressions": [ZONE]}),
    "In [alpha, beta]": required({"matchExpressions": [tenant("In", "alpha", "beta")]}),
    "NotIn [beta]": required({"matchExpressions": [tenant("NotIn", "beta")]}),
    "Exists": required({"matchExpressions": [tenant("Exists")]}),
    "matchFields only": required(BY_NAME),
    "nodeSelector and In [beta]": {
        "nodeSelector": {"tenant": "alpha"},
        **required({"matchExpressions": [tenant("In", "beta")]}),
    },
}
KINDS = ("Pod", "DaemonSet", "Deployment", "ReplicaSet", "StatefulSet", "Job", "CronJob")


def listed(kind: str, name: str, placement: dict[str, Any]) -> dict[str, Any]:
    spec = {"containers": [{"name": "c", "image": "i"}], "tolerations": TOLERATE_ALPHA, **placement}
    meta = {"name": name, "namespace": "alpha"}
    if kind == "Pod":
        return {"apiVersion": "v1", "kind": kind, "metadata": meta, "spec": spec}
    template = {"metadata": {"labels": {"app": name}}, "spec": spec}
    if kind == "CronJob":
        body: dict[str, Any] = {"schedule": "0 * * * *", "jobTemplate": {"spec": {"template": template}}}
    else:
        body = {"selector": {"matchLabels": {"app": name}}, "template": template}
    return {
        "apiVersion": "batch/v1" if kind in ("Job", "CronJob") else "apps/v1",
        "kind": kind,
        "metadata": meta,
        "spec": body,
    }


def by_hand(kind: str, obj: dict[str, Any]) -> list[str]:
    """The refusals of the requests the API server judges, written out here: a DaemonSet object, and the pod its
    controller creates (pkg/controller/daemon/util: the node's term in place of the template's, node-condition
    tolerations); the other controllers' pods are their template's spec; a bare pod is itself."""
    policy = example()
    if kind == "Pod":
        return admit(policy, "alpha", obj)
    spec = copy.deepcopy((obj["spec"]["jobTemplate"]["spec"] if kind == "CronJob" else obj["spec"])["template"]["spec"])
    found = admit(policy, "alpha", obj) if kind == "DaemonSet" else []
    if kind == "DaemonSet":
        spec.setdefault("affinity", {}).setdefault("nodeAffinity", {}).update(pinned(NODE)["affinity"]["nodeAffinity"])
        spec["tolerations"] = [*spec["tolerations"], *DAEMONSET_TOLERATIONS]
    pod = {"apiVersion": "v1", "kind": "Pod", "metadata": {"namespace": "alpha"}, "spec": spec}
    return found + [m for m in admit(policy, "alpha", pod) if m not in found]


def test_preflight_refuses_what_the_requests_of_each_kind_are_refused() -> None:
    """Every kind and shape of node selection: preflight's refusals are those of the requests the API server judges.
    A DaemonSet selecting alpha's nodes by node affinity (In [alpha], with or without a matchFields term: f118, f120)
    is refused, as its object and its controller's pods are; a Deployment's pods keep the affinity, admitted."""
    items = [
        listed(kind, f"{kind.lower()}-{i}", placement) for kind in KINDS for i, placement in enumerate(SHAPES.values())
    ]
    verdicts = judged(example(), items)
    for kind in KINDS:
        for i, shape in enumerate(SHAPES):
            obj = listed(kind, f"{kind.lower()}-{i}", SHAPES[shape])
            assert verdicts[f"{kind}/{obj['metadata']['name']}"] == by_hand(kind, obj), (kind, shape)
    refused = {shape for i, shape in enumerate(SHAPES) if verdicts[f"DaemonSet/daemonset-{i}"]}
    assert refused == set(SHAPES) - {"nodeSelector", "nodeSelector and In [beta]"}
    assert not verdicts["Deployment/deployment-1"] and not verdicts["Deployment/deployment-2"]
    [message] = verdicts["DaemonSet/daemonset-1"]
    assert "rule own-nodes" in message and "by nodeSelector, which its controller keeps in every pod" in message


def test_a_daemonsets_pod_spec_is_what_its_controller_writes() -> None:
    """k8s pkg/controller/daemon/util/daemonset_util.go: ReplaceDaemonSetPodNodeNameNodeAffinity (the template's
    required terms replaced by the node's, the preferred ones kept) and AddOrUpdateDaemonPodTolerations (a matching
    toleration replaced, tolerationSeconds dropped; network-unavailable with hostNetwork); other kinds' as given."""
    from karpenter_tenants.kinds.isolation.preflight import DAEMON_NODE, controller_pod_spec

    preferred = [{"weight": 1, "preference": {"matchExpressions": [tenant("In", "alpha")]}}]
    template = {
        "hostNetwork": True,
        "nodeSelector": {"tenant": "alpha"},
        "affinity": {
            "nodeAffinity": {
                "requiredDuringSchedulingIgnoredDuringExecution": {
                    "nodeSelectorTerms": [{"matchExpressions": [tenant("In", "alpha")]}]
                },
                "preferredDuringSchedulingIgnoredDuringExecution": preferred,
            },
            "podAntiAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": []},
        },
        "tolerations": [
            *TOLERATE_ALPHA,
            {
                "key": "node.kubernetes.io/not-ready",
                "operator": "Exists",
                "effect": "NoExecute",
                "tolerationSeconds": 5,
            },
        ],
    }
    before = copy.deepcopy(template)
    pod = controller_pod_spec("DaemonSet", template)
    assert template == before  # the workload's own spec is left as it is
    [term] = pod["affinity"]["nodeAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"]["nodeSelectorTerms"]
    assert list(term) == ["matchFields"] and term["matchFields"][0]["key"] == "metadata.name"
    assert term["matchFields"][0]["operator"] == "In" and len(term["matchFields"][0]["values"]) == 1
    assert pod["affinity"]["nodeAffinity"]["preferredDuringSchedulingIgnoredDuringExecution"] == preferred
    assert pod["affinity"]["podAntiAffinity"] == template["affinity"]["podAntiAffinity"]
    assert pod["nodeSelector"] == {"tenant": "alpha"}
    assert pod["tolerations"] == [
        *TOLERATE_ALPHA,
        {"key": "node.kubernetes.io/not-ready", "operator": "Exists", "effect": "NoExecute"},
        *DAEMONSET_TOLERATIONS[1:],
        {"key": "node.kubernetes.io/network-unavailable", "operator": "Exists", "effect": "NoSchedule"},
    ]
    # no affinity, no tolerations: the node's term and the node-condition tolerations alone
    bare = controller_pod_spec("DaemonSet", {"containers": []})
    assert bare["affinity"] == pinned(DAEMON_NODE)["affinity"]
    assert bare["tolerations"] == DAEMONSET_TOLERATIONS
    for kind in ("Deployment", "ReplicaSet", "StatefulSet", "Job", "CronJob"):
        assert controller_pod_spec(kind, template) == before


def with_resources(rules: list[dict[str, Any]], exclude: list[dict[str, Any]] | None = None) -> BoundPolicy:
    bound = example()
    policy = copy.deepcopy(bound.policy)
    policy["spec"]["matchConstraints"]["resourceRules"] = rules
    if exclude is not None:
        policy["spec"]["matchConstraints"]["excludeResourceRules"] = exclude
    return BoundPolicy(policy, bound.bindings)


def rule(group: str, *resources: str, **fields: Any) -> dict[str, Any]:
    return {
        "apiGroups": [group],
        "apiVersions": ["v1"],
        "operations": ["CREATE", "UPDATE"],
        "resources": list(resources),
        **fields,
    }


@pytest.mark.parametrize(
    ("rules", "exclude", "pods", "daemonsets"),
    [
        ([rule("", "pods"), rule("apps", "daemonsets")], None, True, True),  # synth's
        ([rule("", "pods")], None, True, False),
        ([rule("apps", "daemonsets")], None, False, True),
        ([rule("", "pods/binding")], None, False, False),  # a subresource: not the pod's CREATE
        ([rule("", "pods/*")], None, True, False),  # `*` subresource: the resource too (rules.go splitResource)
        ([rule("*", "*")], None, True, True),
        ([rule("*", "*/*")], None, True, True),
        ([rule("*", "*")], [rule("apps", "daemonsets")], True, False),
        ([rule("*", "*", scope="Cluster")], None, False, False),
        ([rule("*", "*", scope="Namespaced")], None, True, True),
        ([{**rule("*", "*"), "operations": ["UPDATE"]}], None, False, False),
        ([{**rule("*", "*"), "apiVersions": ["v1beta1"]}], None, True, True),  # matchPolicy Equivalent (default)
    ],
)
def test_the_policy_judges_the_resources_its_match_constraints_name(
    rules: list[dict[str, Any]], exclude: list[dict[str, Any]] | None, pods: bool, daemonsets: bool
) -> None:
    """k8s staging/src/k8s.io/apiserver/pkg/admission/plugin/webhook/predicates/rules/rules.go: what a rule names."""
    policy = with_resources(rules, exclude)
    assert policy.judges(("", "v1", "pods")) is pods
    assert policy.judges(("apps", "v1", "daemonsets")) is daemonsets


def test_preflight_asks_only_the_requests_the_policy_matches() -> None:
    """A DaemonSet by node affinity, a Deployment selecting nothing: refused by the policy synth writes; with pods left
    out of its matchConstraints (edited by hand) only the DaemonSet object is judged, with DaemonSets left out only
    the pods; a policy naming Deployments judges the Deployment itself (a rule on its replicas)."""
    items = [listed("DaemonSet", "agent", SHAPES["In [alpha]"]), listed("Deployment", "web", {})]
    assert all(judged(example(), items).values())
    no_pods = judged(with_resources([rule("apps", "daemonsets")]), items)
    assert no_pods["DaemonSet/agent"] and no_pods["Deployment/web"] == []
    no_daemonsets = judged(with_resources([rule("", "pods")]), items)
    assert no_daemonsets["DaemonSet/agent"] and no_daemonsets["Deployment/web"]  # its pods are refused all the same
    nothing = judged(with_resources([rule("", "pods")], [rule("", "pods")]), items)
    assert nothing == {"DaemonSet/agent": [], "Deployment/web": []}
    many = {**listed("Deployment", "many", {"nodeSelector": {"tenant": "alpha"}}), "apiVersion": "apps/v1"}
    many["spec"]["replicas"] = 20
    capped = with_rule('object.kind != "Deployment" || object.spec.replicas <= 10', "at most 10 replicas")
    capped.policy["spec"]["matchConstraints"]["resourceRules"].append(rule("apps", "deployments"))
    assert "at most 10 replicas" in judged(capped, [many])["Deployment/many"]
    assert judged(with_rule('object.kind != "Deployment"', "no Deployment"), [many]) == {"Deployment/many": []}


def test_each_controllers_pods_are_asked_as_that_controller() -> None:
    """kube-controller-manager creates pods with each controller's service account (--use-service-account-
    credentials): a rule on the user (added by hand) is judged with the controller that creates the pods."""
    by_job_controller = with_rule(
        'request.userInfo.username != "system:serviceaccount:kube-system:job-controller"', "not the job controller"
    )
    placed = {"nodeSelector": {"tenant": "alpha"}}
    items = [listed(kind, kind.lower(), placed) for kind in ("Job", "CronJob", "Deployment", "DaemonSet")]
    assert judged(by_job_controller, items) == {
        "Job/job": ["not the job controller"],
        "CronJob/cronjob": ["not the job controller"],
        "Deployment/deployment": [],
        "DaemonSet/daemonset": [],
    }
    by_daemon_set_controller = with_rule(
        f'request.userInfo.username != "{DAEMONSET_CONTROLLER}"', "not the DS controller"
    )
    assert judged(by_daemon_set_controller, items[2:]) == {
        "Deployment/deployment": [],
        "DaemonSet/daemonset": ["not the DS controller"],
    }
