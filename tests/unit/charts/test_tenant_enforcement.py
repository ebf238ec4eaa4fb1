"""tenants[].enforcement: the isolation policy acts on each tenant's namespaces as the tenant says (its binding's
validationActions), tenancy.enforcement being the default, so a customer moved in week one is enforced while the others
are still audited; `plan` says the same enforcement change of many tenants' bindings as one change naming them."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import BASE_V1, write_cluster

from karpenter_tenants.commands.cli import main
from karpenter_tenants.kinds.isolation.construct import POLICY_NAME, VALIDATION_ACTIONS

TENANTS = ("alpha", "beta", "gamma", "delta")


def _cluster(enforcement: str, own: dict[str, str]) -> dict[str, Any]:
    return {
        "cluster": {**BASE_V1["cluster"], "kubernetesVersion": "1.33"},
        "karpenter": BASE_V1["karpenter"],
        "tenancy": {"enforcement": enforcement},
        "tenants": [
            {
                "name": t,
                "namespaces": [t],
                "ami": {"alias": "al2023@v20261101"},
                **({"enforcement": own[t]} if t in own else {}),
            }
            for t in TENANTS
        ],
    }


def _actions(dist: Path) -> dict[str, list[str]]:
    found = {}
    for path in dist.rglob("validatingadmissionpolicybinding-*.yaml"):
        binding = yaml.safe_load(path.read_text())
        found[binding["metadata"]["name"]] = binding["spec"]["validationActions"]
    return found


@pytest.mark.parametrize("cluster", ["audit", "warn", "deny"])
def test_each_tenants_binding_acts_as_the_tenant_says_else_as_the_cluster(tmp_path: Path, cluster: str) -> None:
    own = {"delta": "deny", "gamma": "audit"}
    write_cluster(tmp_path / "clusters", _cluster(cluster, own))
    assert main(["--clusters", str(tmp_path / "clusters"), "synth", "--dist", str(tmp_path / "dist")]) == 0
    actions = _actions(tmp_path / "dist")
    for tenant in TENANTS:
        assert actions[f"{POLICY_NAME}-{tenant}"] == VALIDATION_ACTIONS[own.get(tenant, cluster)], tenant
    # the namespaces of no tenant stay the cluster's; pods/binding (any pod onto any node) acts as delta's deny
    assert actions[POLICY_NAME] == VALIDATION_ACTIONS[cluster]
    assert actions["karpenter-tenant-pod-binding"] == VALIDATION_ACTIONS["deny"]


def test_enforcement_without_namespaces_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = _cluster("audit", {"alpha": "deny"})
    data["tenants"][0]["namespaces"] = []
    write_cluster(tmp_path / "clusters", data)
    assert main(["--clusters", str(tmp_path / "clusters"), "synth", "--dist", str(tmp_path / "dist")]) == 2
    err = capsys.readouterr().err
    assert "tenants[0].enforcement: enforcement acts on the tenant's namespaces" in err
    assert not (tmp_path / "dist").exists()


def test_plan_says_a_cluster_switch_once_for_the_tenants_it_reaches(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    clusters, dist = tmp_path / "clusters", tmp_path / "dist"
    write_cluster(clusters, _cluster("audit", {"delta": "deny"}))
    assert main(["--clusters", str(clusters), "synth", "--dist", str(dist)]) == 0
    for args in (
        ("init", "-q"),
        ("add", "-A"),
        ("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "base"),
    ):
        subprocess.run(["git", *args], cwd=tmp_path, check=True)
    write_cluster(clusters, _cluster("warn", {"delta": "deny", "beta": "deny"}))  # beta moves to deny on its own
    assert main(["--clusters", str(clusters), "synth", "--dist", str(dist)]) == 0
    capsys.readouterr()
    assert main(["--clusters", str(clusters), "plan", "--base", "HEAD", "--dist", str(dist)]) == 0
    out = capsys.readouterr().out
    bindings = [line for line in out.splitlines() if "ValidatingAdmissionPolicyBinding/" in line]
    grouped = [line for line in bindings if f"{POLICY_NAME}-* (2 tenants)" in line]
    assert len(grouped) == 1 and grouped[0].endswith(": tenants alpha, gamma") and "→ warn" in grouped[0], out
    assert len([line for line in bindings if f"{POLICY_NAME}-beta changed" in line and "→ deny" in line]) == 1, out
    assert not [line for line in bindings if f"{POLICY_NAME}-delta" in line], out
    # the two grouped bindings, beta, the cluster-wide one, and the guard of the tenants at deny (its binding, its list)
    assert "0 destructive, 0 drift, 6 in place." in out
    assert (
        "ConfigMap/karpenter-protected-tenants-deny changed: tenants whose nodes are guarded at deny from namespaces "
        "enforced more weakly: +beta (2 now)"
    ) in out


# --- a customer at deny is protected whatever the enforcement of the namespace a pod comes from ------------------


def _decisions(dist: Path, namespace: str, obj: dict[str, Any], username: str = "alice") -> dict[str, list[str]]:
    """Each validationAction's messages for a CREATE of obj in namespace, binding by binding as the API server acts on
    them (the cel-python evaluation tests/e2e/test_admission.py compares with the real server)."""
    from karpenter_tenants.kinds.isolation.preflight import BoundPolicy, admit, load_policy

    policy = load_policy(dist, "acme")
    assert policy is not None
    found: dict[str, list[str]] = {}
    for binding, params in policy.bindings:
        messages = admit(BoundPolicy(policy.policy, ((binding, params),)), namespace, obj, username=username)
        for action in binding["spec"]["validationActions"]:
            found.setdefault(action, []).extend(messages)
    return found


def _pod(namespace: str, spec: dict[str, Any]) -> dict[str, Any]:
    return {"apiVersion": "v1", "kind": "Pod", "metadata": {"namespace": namespace}, "spec": spec}


def _daemonset(namespace: str, spec: dict[str, Any]) -> dict[str, Any]:
    return {
        "apiVersion": "apps/v1",
        "kind": "DaemonSet",
        "metadata": {"namespace": namespace},
        "spec": {"template": {"spec": spec}},
    }


BETA = {
    "nodeSelector": {"tenant": "beta"},
    "tolerations": [{"key": "tenant", "operator": "Equal", "value": "beta", "effect": "NoSchedule"}],
}
REACHING_BETA = {
    "beta's selector and toleration": BETA,
    "an Exists toleration of the tenant key": {
        "nodeSelector": {"tenant": "beta"},
        "tolerations": [{"key": "tenant", "operator": "Exists"}],
    },
    "a wildcard toleration": {"tolerations": [{"operator": "Exists"}]},
    "spec.nodeName": {"nodeName": "ip-10-0-1-23"},
}


@pytest.mark.parametrize(
    ("cluster", "own"),
    [
        ("audit", {"alpha": "audit", "beta": "deny"}),  # alpha's namespace and those of no tenant are audited
        ("deny", {"alpha": "audit"}),  # beta at the cluster's deny, alpha alone audited
        ("warn", {"beta": "deny", "gamma": "deny"}),
    ],
)
@pytest.mark.parametrize("case", sorted(REACHING_BETA))
@pytest.mark.parametrize("kind", ["Pod", "DaemonSet"])
def test_a_tenant_at_deny_refuses_what_reaches_its_nodes_from_namespaces_enforced_more_weakly(
    tmp_path: Path, cluster: str, own: dict[str, str], case: str, kind: str
) -> None:
    write_cluster(tmp_path / "clusters", _cluster(cluster, own))
    assert main(["--clusters", str(tmp_path / "clusters"), "synth", "--dist", str(tmp_path / "dist")]) == 0
    spec = REACHING_BETA[case]
    if kind == "DaemonSet" and "nodeName" in spec:
        return  # a DaemonSet's template cannot be created with a node name that reaches one node
    make = _pod if kind == "Pod" else _daemonset
    weaker = [ns for ns in ("alpha", "delta", "web") if VALIDATION_ACTIONS[own.get(ns, cluster)] != ["Deny"]]
    assert weaker
    for namespace in weaker:
        denied = _decisions(tmp_path / "dist", namespace, make(namespace, spec)).get("Deny", [])
        assert denied, f"{kind} in {namespace} ({own.get(namespace, cluster)}) reaches beta at deny: {case}"
    # beta's own pods are admitted; a namespace at the same or a stricter enforcement is refused by its own binding
    assert _decisions(tmp_path / "dist", "beta", _pod("beta", BETA)).get("Deny", []) == []


def test_a_weaker_namespace_still_reaches_its_own_nodes_and_the_weaker_customers(tmp_path: Path) -> None:
    """The protection guards only the stricter tenants: alpha (audit) still tolerates its own taint, and a pod of no
    tenant tolerating gamma's (audit) taint is only audited, not refused."""
    write_cluster(tmp_path / "clusters", _cluster("audit", {"beta": "deny"}))
    assert main(["--clusters", str(tmp_path / "clusters"), "synth", "--dist", str(tmp_path / "dist")]) == 0
    own = {
        "nodeSelector": {"tenant": "alpha"},
        "tolerations": [{"key": "tenant", "operator": "Equal", "value": "alpha", "effect": "NoSchedule"}],
    }
    assert not any(_decisions(tmp_path / "dist", "alpha", _pod("alpha", own)).values())
    gamma = {"tolerations": [{"key": "tenant", "operator": "Equal", "value": "gamma", "effect": "NoSchedule"}]}
    decided = _decisions(tmp_path / "dist", "web", _pod("web", gamma))
    assert decided.get("Deny") == [] and decided["Audit"], decided
    reaching = _decisions(tmp_path / "dist", "web", _pod("web", BETA))["Deny"]
    assert reaching == [
        "namespace web (guarding the nodes of tenants beta): rule protected-tenant-taint: pods of "
        "namespace web may not tolerate the tenant taint of beta, whose nodes are enforced more strictly "
        "than this namespace (an Exists toleration of the key tolerates every value)"
    ]


def test_binding_a_pod_to_a_node_acts_as_the_strictest_tenant(tmp_path: Path) -> None:
    """pods/binding can put any pod on any node: with one tenant at deny it is enforced at deny."""
    write_cluster(tmp_path / "clusters", _cluster("audit", {"beta": "deny"}))
    assert main(["--clusters", str(tmp_path / "clusters"), "synth", "--dist", str(tmp_path / "dist")]) == 0
    assert _actions(tmp_path / "dist")["karpenter-tenant-pod-binding"] == VALIDATION_ACTIONS["deny"]


def test_one_enforcement_everywhere_adds_no_protection_binding(tmp_path: Path) -> None:
    for cluster in ("audit", "deny"):
        write_cluster(tmp_path / cluster / "clusters", _cluster(cluster, {}))
        assert (
            main(
                [
                    "--clusters",
                    str(tmp_path / cluster / "clusters"),
                    "synth",
                    "--dist",
                    str(tmp_path / cluster / "dist"),
                ]
            )
            == 0
        )
        assert not [n for n in _actions(tmp_path / cluster / "dist") if n.startswith("karpenter-protected-tenants-")]


def test_an_incremental_synth_of_an_enforcement_change_writes_what_a_fresh_one_does(tmp_path: Path) -> None:
    """Only a tenant's enforcement changes: the cluster-wide part reads it (the protection binding, pods/binding), so
    it is built again, not reused from the record of the earlier synth."""
    clusters, dist, fresh = tmp_path / "clusters", tmp_path / "dist", tmp_path / "fresh"
    write_cluster(clusters, _cluster("audit", {}))
    assert main(["--clusters", str(clusters), "synth", "--dist", str(dist)]) == 0
    write_cluster(clusters, _cluster("audit", {"beta": "deny"}))
    assert main(["--clusters", str(clusters), "synth", "--dist", str(dist)]) == 0
    assert main(["--clusters", str(clusters), "synth", "--dist", str(fresh)]) == 0
    written = {p.relative_to(dist): p.read_text() for p in dist.rglob("*.yaml")}
    assert written == {p.relative_to(fresh): p.read_text() for p in fresh.rglob("*.yaml")}
    assert _actions(dist)["karpenter-protected-tenants-deny"] == VALIDATION_ACTIONS["deny"]
    assert main(["--clusters", str(clusters), "check", "--dist", str(dist)]) == 0
