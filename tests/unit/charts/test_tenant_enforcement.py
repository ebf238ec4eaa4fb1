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

from karpenter_tenants.charts.isolation import POLICY_NAME, VALIDATION_ACTIONS
from karpenter_tenants.commands.cli import main

TENANTS = ("alpha", "beta", "gamma", "delta")


def _cluster(enforcement: str, own: dict[str, str]) -> dict[str, Any]:
    return {"cluster": {**BASE_V1["cluster"], "kubernetesVersion": "1.33"}, "karpenter": BASE_V1["karpenter"],
            "tenancy": {"enforcement": enforcement},
            "tenants": [{"name": t, "namespaces": [t], "ami": {"alias": "al2023@v20261101"},
                         **({"enforcement": own[t]} if t in own else {})} for t in TENANTS]}


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
    # what no tenant owns stays the cluster's: the binding of the namespaces of no tenant, and pods/binding
    assert actions[POLICY_NAME] == actions["karpenter-tenant-pod-binding"] == VALIDATION_ACTIONS[cluster]


def test_enforcement_without_namespaces_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = _cluster("audit", {"alpha": "deny"})
    data["tenants"][0]["namespaces"] = []
    write_cluster(tmp_path / "clusters", data)
    assert main(["--clusters", str(tmp_path / "clusters"), "synth", "--dist", str(tmp_path / "dist")]) == 2
    err = capsys.readouterr().err
    assert "tenants[0].enforcement: enforcement acts on the tenant's namespaces" in err
    assert not (tmp_path / "dist").exists()


def test_plan_says_a_cluster_switch_once_for_the_tenants_it_reaches(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    clusters, dist = tmp_path / "clusters", tmp_path / "dist"
    write_cluster(clusters, _cluster("audit", {"delta": "deny"}))
    assert main(["--clusters", str(clusters), "synth", "--dist", str(dist)]) == 0
    for args in (("init", "-q"), ("add", "-A"), ("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "base")):
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
    assert "0 destructive, 0 drift, 5 in place." in out  # the two grouped bindings, beta, and the two cluster-wide ones
