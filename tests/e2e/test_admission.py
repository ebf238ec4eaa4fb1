"""Tenant isolation enforced by the real API server: the policy and binding of dist/acme/base applied, the
pod table of tests/test_isolation.py created as real pods, and the server's decision compared with the
cel-python evaluation that test uses (imported, so both always run the same table)."""

from __future__ import annotations

from typing import Any

import pytest
import yaml
from test_isolation import PODS, POLICY, admit

from e2e.kube import ApiError, Kube, wait_for
from e2e.manifests import namespace

POLICY_NAME = "karpenter-tenant-isolation"


def pod(name: str, namespace_name: str, spec: dict[str, Any]) -> dict[str, Any]:
    return {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": {"name": name, "namespace": namespace_name},
        "spec": {"containers": [{"name": "app", "image": "registry.invalid/app:1"}], **spec},
    }


def decision(kube: Kube, obj: dict[str, Any]) -> list[str] | None:
    """None when the server admits the pod, else the denial as the server words it."""
    try:
        kube.create(obj)
    except ApiError as error:
        if error.status == 403 and POLICY_NAME in error.message:
            return [error.message]
        raise
    return None


@pytest.fixture(scope="module")
def server(control_planes) -> Kube:
    _, kube = control_planes("isolation")
    policy = yaml.safe_load(POLICY.read_text())
    binding = yaml.safe_load(POLICY.with_name(f"validatingadmissionpolicybinding-{POLICY_NAME}.yaml").read_text())
    for name in sorted({ns for ns, _, _ in PODS.values()}):
        kube.apply(namespace(name))
        # No controller-manager runs here: create the service account the ServiceAccount admission
        # plugin looks up, as the service-account controller would.
        kube.apply({"apiVersion": "v1", "kind": "ServiceAccount", "metadata": {"name": "default", "namespace": name}})
    kube.apply(policy)
    kube.apply(binding)
    # The policy is enforced once the admission plugin's informers have it: probe with a denied pod.
    denied_case = next(case for case, (_, _, expected) in sorted(PODS.items()) if expected)
    ns, spec, _ = PODS[denied_case]
    wait_for(lambda: _denied_in_dry_run(kube, pod("probe", ns, spec)), 30, "the isolation policy to be enforced")
    return kube


def _denied_in_dry_run(kube: Kube, obj: dict[str, Any]) -> bool:
    try:
        kube.create(obj, dry_run=True)
    except ApiError as error:
        return error.status == 403
    return False


def test_the_table_has_allowed_and_denied_pods() -> None:
    assert sum(1 for *_, denied in PODS.values() if denied) >= 8
    assert sum(1 for *_, denied in PODS.values() if not denied) >= 8


@pytest.mark.parametrize("case", sorted(PODS))
def test_the_real_server_admits_or_denies_the_pod_as_the_cel_evaluation_does(case: str, server: Kube) -> None:
    namespace_name, spec, _ = PODS[case]
    predicted = admit(yaml.safe_load(POLICY.read_text()), namespace_name, spec)
    name = f"pod-{sorted(PODS).index(case)}"
    denial = decision(server, pod(name, namespace_name, spec))
    if not predicted:
        assert denial is None, f"cel-python admits, the server denies: {denial}"
        assert server.get("v1", "Pod", name, namespace_name) is not None
        return
    assert denial is not None, f"cel-python denies ({predicted}), the server admits the pod"
    missing = [message for message in predicted if message not in denial[0]]
    assert not missing, f"the server's denial lacks {missing}: {denial[0]}"
