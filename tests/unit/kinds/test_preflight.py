"""`python main.py preflight --workloads FILE`: what the generated isolation policy would refuse of the workloads a
cluster already runs, with the rule and the fix; from a `kubectl get ... -A -o json` List, no cluster access."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import cluster_dict, write_cluster

from karpenter_tenants.commands.cli import main

TOLERATE_ALPHA = [{"key": "tenant", "operator": "Equal", "value": "alpha", "effect": "NoSchedule"}]


def template(spec: dict[str, Any]) -> dict[str, Any]:
    return {"template": {"spec": {"containers": [{"name": "c", "image": "i"}], **spec}}}


def item(kind: str, namespace: str, name: str, spec: dict[str, Any], **metadata: Any) -> dict[str, Any]:
    return {
        "apiVersion": "v1",
        "kind": kind,
        "metadata": {"name": name, "namespace": namespace, **metadata},
        "spec": spec,
    }


@pytest.fixture
def cluster(tmp_path: Path) -> Path:
    tenants = [
        {"name": "alpha", "nodeRole": "node-alpha", "namespaces": ["alpha"], "ami": {"alias": "al2023@v20261101"}},
        {"name": "beta", "nodeRole": "node-beta", "namespaces": ["beta"], "ami": {"alias": "al2023@v20261101"}},
    ]
    write_cluster(tmp_path / "clusters", cluster_dict(tenants=tenants, tenancy={"enforcement": "audit"}))
    assert main(["--clusters", str(tmp_path / "clusters"), "synth", "--out", str(tmp_path / "dist")]) == 0
    return tmp_path


def run(cluster: Path, items: list[dict[str, Any]], capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    (cluster / "workloads.json").write_text(json.dumps({"apiVersion": "v1", "kind": "List", "items": items}))
    capsys.readouterr()
    status = main(
        [
            "--clusters",
            str(cluster / "clusters"),
            "preflight",
            "--workloads",
            str(cluster / "workloads.json"),
            "--dist",
            str(cluster / "dist"),
            "--verbose",
        ]
    )
    return status, capsys.readouterr().out.splitlines()


def test_preflight_lists_what_deny_would_refuse_with_the_rule_and_the_fix(
    cluster: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    items = [
        item("DaemonSet", "logging", "fluent-bit", template({"tolerations": [{"operator": "Exists"}]})),
        item("Deployment", "alpha", "web", template({})),
        item(
            "Deployment", "alpha", "api", template({"nodeSelector": {"tenant": "alpha"}, "tolerations": TOLERATE_ALPHA})
        ),
        item(
            "ReplicaSet",
            "alpha",
            "api-7d9",
            template({"nodeSelector": {"tenant": "alpha"}, "tolerations": TOLERATE_ALPHA}),
            ownerReferences=[{"kind": "Deployment", "name": "api", "controller": True}],
        ),
        item(
            "Pod",
            "alpha",
            "api-7d9-x",
            {
                "containers": [{"name": "c", "image": "i"}],
                "nodeSelector": {"tenant": "alpha"},
                "tolerations": TOLERATE_ALPHA,
            },
            ownerReferences=[{"kind": "ReplicaSet", "name": "api-7d9", "controller": True}],
        ),
        item("CronJob", "beta", "report", {"jobTemplate": {"spec": template({"tolerations": TOLERATE_ALPHA})}}),
        item("Pod", "kube-system", "aws-node-abc", {"tolerations": [{"operator": "Exists"}], "containers": []}),
    ]
    status, lines = run(cluster, items, capsys)
    assert status == 1
    assert lines == [
        "admitted: alpha/Deployment/api",
        "refused: alpha/Deployment/web: tenant alpha: rule own-nodes: pods in namespace alpha must select the "
        "tenant's nodes: nodeSelector tenant: alpha or a required node affinity tenant In [alpha] in every term; "
        "fix: add `nodeSelector: {tenant: alpha}` and the toleration tenant=alpha:NoSchedule to its pod template",
        "refused: beta/CronJob/report: tenant beta: rule own-nodes: pods in namespace beta must select the tenant's "
        "nodes: nodeSelector tenant: beta or a required node affinity tenant In [beta] in every term; fix: add "
        "`nodeSelector: {tenant: beta}` and the toleration tenant=beta:NoSchedule to its pod template",
        "refused: beta/CronJob/report: tenant beta: rule own-taint-only: pods may tolerate the tenant taint only with "
        "value beta; fix: tolerate only tenant=beta",
        "admitted: kube-system/Pod/aws-node-abc",
        "refused: logging/DaemonSet/fluent-bit: namespace logging (no tenant): rule no-wildcard-toleration: a "
        "toleration without a key and operator Exists tolerates every tenant's taint; fix: a node agent (runs on every "
        "node): add logging to tenancy.exemptNamespaces (if your file does not set it yet, start from its default: "
        "amazon-cloudwatch, amazon-guardduty); otherwise give each toleration its key",
        "preflight: acme: 5 workloads, 2 admitted, 3 would be refused under enforcement deny (now audit)",
    ]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("[]", "workloads.json: not a List of objects"),
        (
            "{",
            "workloads.json: not JSON (Expecting property name enclosed in double quotes at line 1); write it with "
            "`kubectl get pods,daemonsets,deployments,statefulsets,replicasets,jobs,cronjobs -A -o json`",
        ),
    ],
)
def test_a_workloads_file_that_is_no_list_is_bad_input(
    cluster: Path, capsys: pytest.CaptureFixture[str], content: str, message: str
) -> None:
    (cluster / "workloads.json").write_text(content)
    status = main(
        [
            "--clusters",
            str(cluster / "clusters"),
            "preflight",
            "--workloads",
            str(cluster / "workloads.json"),
            "--dist",
            str(cluster / "dist"),
        ]
    )
    err = capsys.readouterr().err
    assert status == 2 and message in err and "Traceback" not in err, err


@pytest.mark.parametrize(
    ("spec", "where"),
    [
        ({"nodeSelector": {"tenant": 5}}, "spec.nodeSelector.tenant is 5, not a string"),
        ({"nodeSelector": ["tenant"]}, "spec.nodeSelector is list, not a map of strings"),
        (
            {"tolerations": [{**TOLERATE_ALPHA[0], "tolerationSeconds": float("inf")}]},
            "spec.tolerations[0].tolerationSeconds is inf, not an integer",
        ),
        (
            {"tolerations": [{**TOLERATE_ALPHA[0], "tolerationSeconds": 2**64}]},
            "spec.tolerations[0].tolerationSeconds is 18446744073709551616, not a 64-bit integer",
        ),
        ({"tolerations": [{"key": 7}]}, "spec.tolerations[0].key is 7, not a string"),
        ({"tolerations": "x"}, "spec.tolerations is str, not a list"),
        ({"nodeName": 12}, "spec.nodeName is 12, not a string"),
        ({"schedulingGates": [{"name": 1}]}, "spec.schedulingGates[0].name is 1, not a string"),
        (
            {
                "affinity": {
                    "nodeAffinity": {
                        "requiredDuringSchedulingIgnoredDuringExecution": {
                            "nodeSelectorTerms": [
                                {"matchExpressions": [{"key": "tenant", "operator": "In", "values": [5]}]}
                            ]
                        }
                    }
                }
            },
            "matchExpressions[0].values has 5, not a string",
        ),
    ],
    ids=[
        "selector int",
        "selector list",
        "seconds inf",
        "seconds huge",
        "key int",
        "tolerations str",
        "node name",
        "gate name",
        "affinity value",
    ],
)
def test_a_pod_field_of_a_type_the_pod_schema_refuses_is_bad_input_naming_the_workload(
    cluster: Path, capsys: pytest.CaptureFixture[str], spec: dict[str, Any], where: str
) -> None:
    """What kubectl never prints (the API server's schema refuses it) is exit 2 naming the workload and the field,
    not a CEL evaluation error (exit 70)."""
    (cluster / "workloads.json").write_text(
        json.dumps({"apiVersion": "v1", "kind": "List", "items": [item("Deployment", "alpha", "web", template(spec))]})
        .replace('"Infinity"', "1e400")
        .replace("Infinity", "1e400")
    )
    status = main(
        [
            "--clusters",
            str(cluster / "clusters"),
            "preflight",
            "--workloads",
            str(cluster / "workloads.json"),
            "--dist",
            str(cluster / "dist"),
        ]
    )
    err = capsys.readouterr().err
    assert status == 2 and "alpha/Deployment/web: spec." in err and where in err and "internal error" not in err, err


def test_preflight_with_no_dist_of_the_cluster_is_bad_input_not_all_clear(
    cluster: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _ = run(cluster, [item("Pod", "alpha", "p", {"containers": []})], capsys)
    assert status == 1  # judged by the policy in dist/: no tenant selector
    (cluster / "workloads.json").write_text(json.dumps({"apiVersion": "v1", "kind": "List", "items": []}))
    status = main(
        [
            "--clusters",
            str(cluster / "clusters"),
            "preflight",
            "--workloads",
            str(cluster / "workloads.json"),
            "--dist",
            str(cluster / "nowhere"),
        ]
    )
    captured = capsys.readouterr()
    assert status == 2 and "is not a folder: no dist/ of cluster acme to judge by" in captured.err, captured
    assert "nothing is refused" not in captured.out


def test_preflight_with_no_policy_still_reads_its_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A cluster whose dist/ has no isolation policy: a workloads file that does not exist is still exit 2 (it said
    'nothing is refused' without opening it)."""
    write_cluster(tmp_path / "clusters", cluster_dict())  # no tenant names namespaces: no policy
    assert main(["--clusters", str(tmp_path / "clusters"), "synth", "--out", str(tmp_path / "dist")]) == 0
    status = main(
        [
            "--clusters",
            str(tmp_path / "clusters"),
            "preflight",
            "--workloads",
            str(tmp_path / "nowhere.json"),
            "--dist",
            str(tmp_path / "dist"),
        ]
    )
    assert status == 2 and "nowhere.json" in capsys.readouterr().err


from hypothesis import HealthCheck, example, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_ANY = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(2**70), 2**70),
        st.floats(),
        st.text(max_size=6),
        st.sampled_from(["tenant", "alpha", "Exists", "Equal", "NoSchedule", "In", ""]),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(
            st.sampled_from(
                [
                    "key",
                    "operator",
                    "value",
                    "effect",
                    "tolerationSeconds",
                    "tenant",
                    "values",
                    "name",
                    "nodeSelectorTerms",
                    "matchExpressions",
                    "nodeAffinity",
                    "requiredDuringSchedulingIgnoredDuringExecution",
                ]
            ),
            inner,
            max_size=4,
        ),
    ),
    max_leaves=8,
)
POD_FIELDS = st.fixed_dictionaries(
    {},
    optional={"nodeSelector": _ANY, "tolerations": _ANY, "affinity": _ANY, "nodeName": _ANY, "schedulingGates": _ANY},
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    spec=POD_FIELDS,
    namespace=st.sampled_from(["alpha", "beta", "web", "kube-system"]),
    other=st.dictionaries(st.sampled_from(["runtimeClassName", "priority", "volumes", "hostname"]), _ANY, max_size=2),
)
@example(spec={}, namespace="alpha", other={"runtimeClassName": 2**63})
def test_preflight_judges_or_refuses_any_pod_spec_never_crashes(
    spec: dict[str, Any], namespace: str, other: dict[str, Any]
) -> None:
    """Whatever a workloads file holds in the fields the policy reads, or in others (`runtimeClassName: 2**63` made
    the conversion to CEL overflow: exit 70), preflight judges the pod or says the file is bad input
    (PreflightError: exit 2); no other error (exit 70)."""
    from conftest import EXAMPLE_DIST

    from karpenter_tenants.kinds.isolation.preflight import PreflightError, load_policy, preflight, workloads

    policy = load_policy(EXAMPLE_DIST, "acme")
    document = {
        "apiVersion": "v1",
        "kind": "List",
        "items": [item("Pod", namespace, "p", {"containers": [], **other, **spec})],
    }
    try:
        preflight(policy, workloads(json.loads(json.dumps(document)), "workloads.json"), "tenant")
    except PreflightError:
        pass


def test_a_pod_pinned_to_a_node_group_that_moves_is_stranded_and_the_fix_replaces_the_selector(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The move's outage: a Deployment selecting its customer's node group is admitted by the isolation policy (it
    selects and tolerates the tenant too) and goes Pending once the group is drained; preflight says so, and its fix
    replaces the node-group selector instead of adding beside it."""
    tenants = [
        {"name": "globex", "nodeRole": "node-globex", "namespaces": ["globex"], "ami": {"alias": "al2023@v20261101"}}
    ]
    moving = {"running": False, "nodeGroups": [{"name": "globex-workers", "tenant": "globex"}]}
    write_cluster(
        tmp_path / "clusters", cluster_dict(tenants=tenants, tenancy={"enforcement": "audit"}, clusterAutoscaler=moving)
    )
    assert main(["--clusters", str(tmp_path / "clusters"), "synth", "--out", str(tmp_path / "dist")]) == 0
    tolerate = [{"key": "tenant", "operator": "Equal", "value": "globex", "effect": "NoSchedule"}]
    pinned = {
        "nodeSelector": {"eks.amazonaws.com/nodegroup": "globex-workers", "tenant": "globex"},
        "tolerations": tolerate,
    }
    affinity = {
        "affinity": {
            "nodeAffinity": {
                "requiredDuringSchedulingIgnoredDuringExecution": {
                    "nodeSelectorTerms": [
                        {
                            "matchExpressions": [
                                {"key": "eks.amazonaws.com/nodegroup", "operator": "In", "values": ["globex-workers"]}
                            ]
                        }
                    ]
                }
            }
        }
    }
    items = [
        item("Deployment", "globex", "web", template(pinned)),
        item("Deployment", "globex", "api", template({"nodeSelector": {"tenant": "globex"}, "tolerations": tolerate})),
        item("Deployment", "globex", "batch", template(affinity)),
        item(
            "Deployment",
            "globex",
            "other-group",
            template({**pinned, "nodeSelector": {"eks.amazonaws.com/nodegroup": "core", "tenant": "globex"}}),
        ),
    ]
    status, lines = run(tmp_path, items, capsys)
    assert status == 1
    web = [line for line in lines if line.startswith("stranded: globex/Deployment/web:")]
    assert len(web) == 1 and "eks.amazonaws.com/nodegroup=globex-workers" in web[0]
    assert "replace that selector with `tenant: globex`" in web[0]
    assert "admitted: globex/Deployment/web" not in lines and "admitted: globex/Deployment/api" in lines
    assert "admitted: globex/Deployment/other-group" in lines  # a group that does not move keeps its nodes
    batch = [line for line in lines if line.startswith("refused: globex/Deployment/batch:")]
    assert batch and "replace `eks.amazonaws.com/nodegroup: globex-workers`" in batch[0]
    assert any(
        line.startswith("stranded: globex/Deployment/batch: its required node affinity (term 0)") for line in lines
    )
    assert lines[-1].endswith("2 select nodes that go with the move")


def test_a_node_agent_in_a_tenants_namespace_is_not_told_to_exempt_that_namespace(
    cluster: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Exempting a tenant's namespace is a config error: the fix moves the agent to a namespace of its own."""
    status, lines = run(
        cluster, [item("DaemonSet", "alpha", "agent", template({"tolerations": [{"operator": "Exists"}]}))], capsys
    )
    assert status == 1
    refused = [line for line in lines if line.startswith("refused: alpha/DaemonSet/agent")]
    wildcard = [line for line in refused if "no-wildcard-toleration" in line]
    assert wildcard and all("add alpha to tenancy.exemptNamespaces" not in line for line in refused)
    assert "a namespace of its own" in wildcard[0]


def test_a_pod_pinned_to_several_moving_node_groups_is_told_all_of_them() -> None:
    """A pod that may run on globex-spot or globex-workers, both moving: the stranded line names both (replacing one
    would leave it pinned to the other)."""
    from karpenter_tenants.checks.stranded import stranded

    spec = {
        "nodeSelector": {},
        "affinity": {
            "nodeAffinity": {
                "requiredDuringSchedulingIgnoredDuringExecution": {
                    "nodeSelectorTerms": [
                        {
                            "matchExpressions": [
                                {
                                    "key": "eks.amazonaws.com/nodegroup",
                                    "operator": "In",
                                    "values": ["globex-workers", "globex-spot"],
                                }
                            ]
                        }
                    ]
                }
            }
        },
    }
    [line] = stranded(spec, "globex", {"globex-workers": "globex", "globex-spot": "globex"}, {"globex"}, "tenant", None)
    assert "['globex-spot', 'globex-workers']" in line and "node groups globex-spot, globex-workers have moved" in line


def test_admitted_workloads_are_counted_not_listed_unless_verbose(
    cluster: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """issue 43: at 40 customers preflight printed every admitted workload; now the refused and stranded ones, and a
    count of the rest (--verbose lists them too)."""
    items = [
        item(
            "Deployment",
            "alpha",
            f"api-{i}",
            template({"nodeSelector": {"tenant": "alpha"}, "tolerations": TOLERATE_ALPHA}),
        )
        for i in range(40)
    ] + [item("Deployment", "alpha", "web", template({}))]
    _, verbose = run(cluster, items, capsys)
    admitted = [line for line in verbose if line.startswith("admitted: ")]
    main(
        [
            "--clusters",
            str(cluster / "clusters"),
            "preflight",
            "--workloads",
            str(cluster / "workloads.json"),
            "--dist",
            str(cluster / "dist"),
        ]
    )
    short = capsys.readouterr().out.splitlines()
    assert admitted and not [line for line in short if line.startswith("admitted: ")]
    assert short == [line for line in verbose if not line.startswith("admitted: ")]
    assert f", {len(admitted)} admitted, " in short[-1]


def test_workloads_with_one_pod_spec_in_one_namespace_are_judged_once(
    cluster: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """issue 44: 20,000 pods took minutes (~20 ms each through cel-python); the request is the namespace and the pod
    spec, so a snapshot's copies of one spec are evaluated once, each still reported with its own verdict."""
    from karpenter_tenants.kinds.isolation import preflight as module

    calls = []
    admit = module.admit
    monkeypatch.setattr(module, "admit", lambda *a, **k: calls.append(a[1]) or admit(*a, **k))
    good = template({"nodeSelector": {"tenant": "alpha"}, "tolerations": TOLERATE_ALPHA})
    items = (
        [item("Deployment", "alpha", f"api-{i}", good) for i in range(50)]
        + [item("Deployment", "alpha", f"web-{i}", template({})) for i in range(50)]
        + [item("Deployment", "beta", f"api-{i}", good) for i in range(5)]
    )
    _, lines = run(cluster, items, capsys)
    assert len(calls) == 3  # alpha's two specs, beta's one
    assert len([line for line in lines if line.startswith("refused: alpha/Deployment/web-")]) == 50
    assert (
        len([line for line in lines if line.startswith("refused: beta/Deployment/api-")]) == 5 * 2
    )  # not beta's nodes


_NAME = st.text(alphabet="abcdefghij-0123456789", min_size=1, max_size=6)
OTHER_FIELDS = st.fixed_dictionaries(
    {},
    optional={  # the rest of a pod spec, as the API server's Pod schema takes it
        "containers": st.lists(
            st.fixed_dictionaries(
                {
                    "name": _NAME,
                    "image": _NAME,
                    "resources": st.fixed_dictionaries(
                        {"requests": st.fixed_dictionaries({"cpu": st.sampled_from(["1", "250m", "2"])})}
                    ),
                }
            ),
            max_size=2,
        ),
        "hostNetwork": st.booleans(),
        "priorityClassName": _NAME,
        "serviceAccountName": _NAME,
        "runtimeClassName": _NAME,
        "volumes": st.lists(st.fixed_dictionaries({"name": _NAME, "emptyDir": st.just({})}), max_size=2),
        "securityContext": st.fixed_dictionaries({"runAsNonRoot": st.booleans()}),
        "topologySpreadConstraints": st.lists(
            st.fixed_dictionaries(
                {
                    "maxSkew": st.integers(1, 3),
                    "topologyKey": st.sampled_from(["topology.kubernetes.io/zone", "tenant"]),
                    "whenUnsatisfiable": st.just("DoNotSchedule"),
                }
            ),
            max_size=1,
        ),
    },
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(read=POD_FIELDS, other=OTHER_FIELDS, namespace=st.sampled_from(["alpha", "beta", "web", "kube-system"]))
def test_the_fields_the_policy_reads_decide_its_verdict(
    read: dict[str, Any], other: dict[str, Any], namespace: str
) -> None:
    """preflight asks the policy about the pod spec fields it names (spec_fields), once for workloads alike in them:
    the example policy's verdict on a whole pod, as the API server asks it, is its verdict on those fields alone."""
    from conftest import EXAMPLE_DIST
    from hypothesis import assume

    from karpenter_tenants.kinds.isolation.policy_reads import spec_fields
    from karpenter_tenants.kinds.isolation.preflight import PreflightError, admit, load_policy, workloads

    policy = load_policy(EXAMPLE_DIST, "acme")
    fields = spec_fields(policy.policy)
    assert fields == {"affinity", "nodeName", "nodeSelector", "schedulingGates", "tolerations"}
    document = {"apiVersion": "v1", "kind": "List", "items": [item("Pod", namespace, "p", {**other, **read})]}
    try:
        [workload] = workloads(json.loads(json.dumps(document)), "workloads.json")
    except PreflightError:
        assume(False)  # a field the Pod schema refuses: the file is refused before anything is asked
    spec = {name: value for name, value in workload.spec.items() if value is not None}

    def verdict(pod_spec: dict[str, Any]) -> Any:
        try:
            return admit(
                policy,
                namespace,
                {"apiVersion": "v1", "kind": "Pod", "metadata": {"namespace": namespace}, "spec": pod_spec},
            )
        except PreflightError as error:
            return str(error)

    assert verdict(spec) == verdict({name: value for name, value in spec.items() if name in fields})


# validation expression (beside the alias `spec = object.spec`) -> the fields spec_fields names, None: the whole spec
READS = {
    "has(variables.spec.nodeName)": {"nodeName"},
    'request.operation == "UPDATE" && oldObject.spec == variables.spec || true': set(),
    "size(variables.spec) > 3": None,
    'object.spec == {"a": 1}': None,
    'variables.spec.all(k, k != "x")': None,  # a macro over the spec's keys
    "object .spec. nodeSelector == {}": {"nodeSelector"},  # CEL allows spaces around the dot
    'object["spec"].nodeSelector == {}': None,
    'variables["spec"] == {}': None,
    "true||object.spec == {}": None,  # `||` without spaces
    '(request.operation == "UPDATE" && true || object.spec == {})': None,  # the guard is not the whole term's
    'request.operation == "UPDATE" && true ? true : object.spec == {}': None,  # a choice around the guarded term
    "[object].all(o, o.spec.nodeSelector == {})": None,  # the object whole, under another name
    '"object.spec is " + string(object.spec)': None,
    '"variables.spec.x" == "a"': set(),  # inside a string: not a read
    r'"a\"object.spec" == object.kind': set(),
    "params.variables.spec == {}": None,
    "object.?spec == {}": None,
    "has(object.spec.template.spec.x)": set(),  # a template's spec: a Pod has none
    'object.spec.containers.all(c, c.name != "")': {"containers"},
    "object.`spec` == {}": None,
    "'''a''' == object.kind": None,
    'variables.spec.nodeSelector["tenant"] == "a"': {"nodeSelector"},
    '!("hostNetwork" in .object["spec"])': None,  # `.object`: CEL's root-scoped name, the object whole
    ".object == {}": None,
    '[.object].all(o, size(o["spec"]) < 2)': None,
    '!(true // "\n && has(object.spec.hostNetwork) // "\n)': {"hostNetwork"},  # a comment holding a quote
    "has(object.spec.nodeName) // object.spec whole, in a comment": {"nodeName"},
}
# the alias variable's expression -> spec_fields of a policy reading nothing else
ALIASES = {
    'object.kind == "DaemonSet" ? object.spec.template.spec : object.spec': set(),
    "object.spec == {} ? object.spec : object.spec": None,
    "[object.spec][0]": None,
    "object.spec.nodeSelector": {"nodeSelector"},
    "x ? object.spec : y == object.spec": None,
}


@pytest.mark.parametrize("expression", sorted(READS))
def test_a_policy_that_may_read_the_whole_spec_is_judged_on_it(expression: str) -> None:
    """spec_fields says None (the whole spec is the key) for a policy that may read more than the fields it names:
    dist/ edited by hand is not trusted to read only what the product's policy reads, however it is spelled."""
    from karpenter_tenants.kinds.isolation.policy_reads import spec_fields

    policy = {
        "spec": {
            "variables": [{"name": "spec", "expression": "object.spec"}],
            "validations": [{"expression": expression}],
        }
    }
    assert spec_fields(policy) == READS[expression]
    assert (
        spec_fields(
            {
                "spec": {
                    "variables": policy["spec"]["variables"],  # a message reads as an expression does
                    "validations": [{"expression": "true", "messageExpression": expression}],
                }
            }
        )
        == READS[expression]
    )


@pytest.mark.parametrize("alias", sorted(ALIASES))
def test_the_spec_variable_may_only_choose_the_spec(alias: str) -> None:
    from karpenter_tenants.kinds.isolation.policy_reads import spec_fields

    assert spec_fields({"spec": {"variables": [{"name": "spec", "expression": alias}]}}) == ALIASES[alias]


def test_workloads_alike_in_what_the_policy_reads_are_judged_once(
    cluster: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """500 Deployments of a team, each its own image and resources, one placement: one evaluation (cel-python takes
    ~20 ms each; 20,000 distinct workloads took minutes)."""
    from karpenter_tenants.kinds.isolation import preflight as module

    calls = []
    admit = module.admit
    monkeypatch.setattr(module, "admit", lambda *a, **k: calls.append(a[1]) or admit(*a, **k))
    items = [
        item(
            "Deployment",
            "alpha",
            f"app-{i}",
            template(
                {
                    "containers": [
                        {
                            "name": "c",
                            "image": f"registry.example.com/app{i}:1",
                            "resources": {"requests": {"cpu": f"{i + 1}m"}},
                        }
                    ],
                    "nodeSelector": {"tenant": "alpha"},
                    "tolerations": TOLERATE_ALPHA,
                }
            ),
        )
        for i in range(500)
    ]
    status, lines = run(cluster, items, capsys)
    assert status == 0 and len(calls) == 1 and lines[-1].startswith("preflight: acme: 500 workloads, 500 admitted")


def test_what_a_listed_controller_owns_is_judged_too_and_said_when_it_alone_is_refused(
    cluster: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Round 9 (r9-escape-001..008): an object whose controller was listed was skipped, judged by the controller's
    template only: a pod a webhook gave a wildcard toleration, an older ReplicaSet revision tolerating another
    tenant, a Job of a CronJob edited since, a pod whose owner of that name is another object (uid) were `admitted`.
    Each is judged now, as its controller's controller creates it, and said when refused while its controller is
    admitted; what matches its template (a DaemonSet's pods with the tolerations its controller adds) says nothing."""
    clean = {"nodeSelector": {"tenant": "alpha"}, "tolerations": TOLERATE_ALPHA}
    beta = {
        "nodeSelector": {"tenant": "beta"},
        "tolerations": [{"key": "tenant", "value": "beta", "effect": "NoSchedule"}],
    }
    containers = {"containers": [{"name": "c", "image": "i"}]}

    def owned(kind: str, name: str, spec: dict[str, Any], owner: str, owner_kind: str, uid: str = "") -> dict[str, Any]:
        reference = {"kind": owner_kind, "name": owner, "controller": True, **({"uid": uid} if uid else {})}
        return item(kind, "alpha", name, spec, ownerReferences=[reference])

    items = [
        item("Deployment", "alpha", "web", template(clean), uid="u-web"),
        owned("ReplicaSet", "web-new", template(clean), "web", "Deployment"),
        owned("ReplicaSet", "web-old", template(beta), "web", "Deployment"),  # an older revision
        owned("Pod", "web-new-a", {**containers, **clean}, "web-new", "ReplicaSet"),
        owned(
            "Pod",
            "web-new-b",
            {**containers, **clean, "tolerations": [{"operator": "Exists"}]},
            "web-new",
            "ReplicaSet",
        ),
        owned("Pod", "web-old-a", {**containers, **beta}, "web-old", "ReplicaSet"),  # said by its ReplicaSet's line
        item("DaemonSet", "alpha", "agent", template(clean)),
        owned(
            "Pod",
            "agent-x",
            {
                **containers,
                **clean,
                "tolerations": [
                    *TOLERATE_ALPHA,
                    {"key": "node.kubernetes.io/not-ready", "operator": "Exists", "effect": "NoExecute"},
                    {"key": "node.kubernetes.io/unschedulable", "operator": "Exists", "effect": "NoSchedule"},
                ],
            },
            "agent",
            "DaemonSet",
        ),
        item("CronJob", "alpha", "report", {"jobTemplate": {"spec": template(clean)}}),
        owned("Job", "report-1", template(beta), "report", "CronJob"),  # made before the CronJob was edited
        item("Deployment", "alpha", "api", template(clean), uid="u-api"),
        owned("Pod", "api-x", {**containers, **beta}, "api", "Deployment", uid="u-other"),  # another object's
    ]
    status, lines = run(cluster, items, capsys)
    assert status == 1
    named = sorted({line.split(": ")[1] for line in lines if line.startswith("refused")})
    assert named == [
        "alpha/Job/report-1",
        "alpha/Pod/api-x",
        "alpha/Pod/web-new-b",
        "alpha/ReplicaSet/web-old",
    ], lines
    admitted = sorted(line.split(": ")[1] for line in lines if line.startswith("admitted"))
    assert admitted == [
        "alpha/CronJob/report",
        "alpha/DaemonSet/agent",
        "alpha/Deployment/api",
        "alpha/Deployment/web",
    ], lines
