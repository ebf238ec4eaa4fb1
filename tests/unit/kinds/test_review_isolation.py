"""kinds/isolation/review.py: an isolation policy's change as the namespaces, tenants and rules whose admission changes, a
binding's as its enforcement and the namespaces it selects; new pods only, no node is replaced."""

from __future__ import annotations

from support.review_trees import obj, reviewed, tree

from karpenter_tenants.kinds.isolation.construct import TENANT_PARAMS_PREFIX, VALIDATION_ACTIONS
from karpenter_tenants.objects.changes import IN_PLACE


def binding(enforcement: str, namespaces: list[str], name: str = "tenant-alpha") -> dict:
    selector = {"matchExpressions": [{"key": "kubernetes.io/metadata.name", "operator": "In", "values": namespaces}]}
    return obj(
        "ValidatingAdmissionPolicyBinding",
        name,
        spec={
            "validationActions": VALIDATION_ACTIONS[enforcement],
            "paramRef": {"name": f"{TENANT_PARAMS_PREFIX}alpha"},
            "matchResources": {"namespaceSelector": selector},
        },
    )


def policy(*rules: str) -> dict:
    validations = [{"expression": "true", "messageExpression": f'"rule {rule}: x"'} for rule in rules]
    return obj("ValidatingAdmissionPolicy", "isolation", spec={"validations": validations})


def test_switching_enforcement_to_deny_says_every_refused_pod_is_refused_from_now_on() -> None:
    [change] = reviewed(
        tree(binding("audit", ["a"])), tree(binding("deny", ["a"])), "ValidatingAdmissionPolicyBinding", "tenant-alpha"
    )
    assert change.effect == IN_PLACE and change.why == (
        "enforcement audit: refusals are only recorded in the API server's audit log → deny: the request is refused; "
        "from now on every pod the policy would refuse is refused: read what audit recorded first"
    )
    [back] = reviewed(
        tree(binding("deny", ["a"])), tree(binding("warn", ["a"])), "ValidatingAdmissionPolicyBinding", "tenant-alpha"
    )
    assert back.why.endswith("pods the policy would refuse are admitted again (isolation is no longer enforced)")


def test_a_tenants_binding_says_the_namespaces_it_gains_and_loses() -> None:
    [change] = reviewed(
        tree(binding("deny", ["a", "b"])),
        tree(binding("deny", ["b", "c"])),
        "ValidatingAdmissionPolicyBinding",
        "tenant-alpha",
    )
    assert change.why == "namespaces of tenant alpha: +c -a"


def test_a_binding_change_of_neither_is_an_object_change() -> None:
    before, after = binding("deny", ["a"]), binding("deny", ["a"])
    after["spec"]["policyName"] = "other"
    [change] = reviewed(tree(before), tree(after), "ValidatingAdmissionPolicyBinding", "tenant-alpha")
    assert change.why == "no node is replaced"


def test_a_policy_change_says_the_rules_added_and_dropped_not_its_cel() -> None:
    [change] = reviewed(
        tree(policy("own-nodes", "no-node-name")),
        tree(policy("own-nodes", "tolerations")),
        "ValidatingAdmissionPolicy",
        "isolation",
    )
    assert change.why == (
        "admission changes for new pods, running pods are untouched: new rules: tolerations; "
        "rules dropped: no-node-name"
    )
    [same] = reviewed(
        tree(policy("own-nodes")),
        tree(
            {
                **policy("own-nodes"),
                "spec": {"validations": [{"expression": "false", "messageExpression": '"rule own-nodes: y"'}]},
            }
        ),
        "ValidatingAdmissionPolicy",
        "isolation",
    )
    assert same.why.endswith("rule text changed, same namespaces and rules")


def test_the_no_tenant_parameter_says_which_customers_leave_their_node_groups_not_every_name_twice() -> None:
    """issue 43: one customer onboarded at 40 changed both strings of the parameter: 39 names four times. The change
    is said as who comes and goes; another ConfigMap keeps the default review."""
    from karpenter_tenants.kinds.isolation.construct import NO_TENANT_PARAMS

    def parameter(customers: list[str]) -> dict:
        data = {"tenant": ""}
        if customers:
            data.update(
                {"nodeGroupTenants": "," + ",".join(customers) + ",", "nodeGroupTenantNames": ", ".join(customers)}
            )
        return obj("ConfigMap", NO_TENANT_PARAMS, "karpenter", data=data)

    customers = [f"c{i:02}" for i in range(40)]
    before, after = (
        tree(parameter(customers), folder="base"),
        tree(parameter(customers[:7] + customers[8:]), folder="base"),
    )
    [change] = reviewed(before, after, "ConfigMap", NO_TENANT_PARAMS, "karpenter")
    assert change.effect == IN_PLACE and change.fields == []
    assert change.why.startswith(
        "customers still on their node groups, whose pods may tolerate their own group's taint: -c07 (39 left)"
    )
    [last] = reviewed(
        tree(parameter(["c00"]), folder="base"),
        tree(parameter([]), folder="base"),
        "ConfigMap",
        NO_TENANT_PARAMS,
        "karpenter",
    )
    assert ": -c00 (0 left)" in last.why
    other = obj("ConfigMap", "something-else", "karpenter", data={"a": "1"})
    changed = obj("ConfigMap", "something-else", "karpenter", data={"a": "2"})
    [plain] = reviewed(
        tree(other, folder="base"), tree(changed, folder="base"), "ConfigMap", "something-else", "karpenter"
    )
    assert plain.fields and plain.fields[0].path == "data.a"
