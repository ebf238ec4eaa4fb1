"""simulation.pod_resources through the workloads reader (read_workloads: the error names the file and `items[N]...`):
quantities as the API server decodes them (apimachinery Quantity.UnmarshalJSON: a JSON null is a zero quantity, a
string is trimmed of white space before ParseQuantity), and pod-level resources refused where Kubernetes'
validatePodResourceConsistency refuses them (pkg/apis/core/validation/validation.go, PodLevelResources: each pod-level
request at least the containers' aggregate request, resourcehelper.AggregateContainerRequests with its sidecar
formula; each container's limit at most the pod-level limit), on the pod as the API server defaults it first
(pkg/apis/core/v1/defaults.go: SetDefaults_Pod, defaultPodRequests)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_simulation import deployment

from karpenter_tenants.simulation.workloads import WorkloadsError, read_workloads

SPEC = "items[0].spec.template.spec"


def container(
    name: str, requests: dict[str, Any] | None = None, limits: dict[str, Any] | None = None, **extra: Any
) -> dict[str, Any]:
    resources = {**({"requests": requests} if requests is not None else {}), **({"limits": limits} if limits else {})}
    return {"name": name, "image": "i", "resources": resources, **extra}


def spec(
    containers: list[dict[str, Any]],
    init: list[dict[str, Any]] | None = None,
    requests: dict[str, Any] | None = None,
    limits: dict[str, Any] | None = None,
) -> dict[str, Any]:
    body: dict[str, Any] = {"containers": containers}
    if init:
        body["initContainers"] = init
    if requests is not None or limits is not None:
        body["resources"] = {**({"requests": requests} if requests else {}), **({"limits": limits} if limits else {})}
    return body


def written(tmp_path: Path, body: dict[str, Any]) -> Path:
    path = tmp_path / "workloads.json"
    path.write_text(json.dumps({"apiVersion": "v1", "kind": "List", "items": [deployment("shop", "web", 2, body)]}))
    return path


def refusal(tmp_path: Path, body: dict[str, Any]) -> str:
    path = written(tmp_path, body)
    with pytest.raises(WorkloadsError) as raised:
        read_workloads(path)
    message = str(raised.value)
    assert message.startswith(f"{path}: {SPEC}."), message
    assert "\n" not in message
    return message.removeprefix(f"{path}: ")


def sent(tmp_path: Path, body: dict[str, Any]) -> dict[str, Any]:
    """The pod spec the scheduler is given for the file's one Deployment."""
    pods = read_workloads(written(tmp_path, body)).pods
    assert len(pods) == 2
    return pods[0].obj["spec"]


# -- quantities as Quantity.UnmarshalJSON reads them --------------------------------------------------------------


def test_a_null_quantity_is_zero_and_sent_as_zero(tmp_path: Path) -> None:
    """`if l == 4 && bytes.Equal(value, []byte("null"))`: a zero Quantity, which the API server stores as "0"."""
    body = spec([container("c", {"cpu": None, "memory": "1Gi"}, {"cpu": None, "memory": "1Gi"})])
    resources = sent(tmp_path, body)["containers"][0]["resources"]
    assert resources == {"requests": {"cpu": "0", "memory": "1Gi"}, "limits": {"cpu": "0", "memory": "1Gi"}}
    # zero, not nothing: a request above a null limit is a request above 0
    above = spec([container("c", {"cpu": "100m"}, {"cpu": None})])
    assert refusal(tmp_path, above).startswith(
        f"{SPEC}.containers[0].resources.requests.cpu: 100m is more than its limit 0"
    )


def test_a_quantity_is_trimmed_of_white_space_as_the_api_server_trims_it(tmp_path: Path) -> None:
    """UnmarshalJSON parses strings.TrimSpace(value): " 500m " is 500m, sent trimmed; Go's white space only (a \\x1c,
    which Python's str.strip() would trim too, is still no quantity)."""
    body = spec([container("c", {"cpu": " 500m ", "memory": "\t1Gi\n"}, {"memory": "\u00a02Gi\u3000"})])
    resources = sent(tmp_path, body)["containers"][0]["resources"]
    assert resources == {"requests": {"cpu": "500m", "memory": "1Gi"}, "limits": {"memory": "2Gi"}}
    message = refusal(tmp_path, spec([container("c", {"cpu": "\x1c500m"})]))
    assert message.startswith(f"{SPEC}.containers[0].resources.requests.cpu: '\\x1c500m' is not a quantity")


# -- pod-level resources against the containers' (validatePodResourceConsistency) ------------------------------


def test_a_pod_level_request_below_the_containers_sum_is_refused(tmp_path: Path) -> None:
    body = spec(
        [container("a", {"cpu": "1", "memory": "1Gi"}), container("b", {"cpu": "500m", "memory": "1Gi"})],
        requests={"cpu": "1", "memory": "4Gi"},
    )
    assert refusal(tmp_path, body) == (
        f"{SPEC}.resources.requests.cpu: 1 is less than the containers' aggregate request of cpu, 1500m (init and "
        "sidecar containers counted as the scheduler counts them): the API server refuses a pod-level request below "
        "it: give at least 1500m"
    )


def test_the_aggregate_counts_sidecars_and_the_init_containers_after_them(tmp_path: Path) -> None:
    """AggregateContainerRequests: max(containers + sidecars, each init container + the sidecars started before it).
    Here max(1 + 500m, 1800m + 500m) = 2300m of cpu, above the pod's 2; memory max(1Gi + 1Gi, 1Gi) = 2Gi."""
    body = spec(
        [container("app", {"cpu": "1", "memory": "1Gi"})],
        init=[
            container("proxy", {"cpu": "500m", "memory": "1Gi"}, restartPolicy="Always"),
            container("migrate", {"cpu": "1800m", "memory": "512Mi"}),
        ],
        requests={"cpu": "2", "memory": "2Gi"},
    )
    message = refusal(tmp_path, body)
    assert message.startswith(f"{SPEC}.resources.requests.cpu: 2 is less than the containers' aggregate request")
    assert "of cpu, 2300m" in message and message.endswith("give at least 2300m")


def test_a_pod_level_request_left_out_without_pod_level_limits_is_zero(tmp_path: Path) -> None:
    """No pod-level limits: defaultPodRequests does not run, the memory request is a zero Quantity, below 3Gi."""
    body = spec([container("a", {"cpu": "1", "memory": "3Gi"})], requests={"cpu": "2"})
    message = refusal(tmp_path, body)
    assert message.startswith(
        f"{SPEC}.resources.requests.memory: is not given while the containers request 3Gi of memory"
    )
    assert message.endswith("give at least 3Gi, or leave the pod-level resources out")


def test_a_default_pod_level_request_above_the_pod_level_limit_is_refused(tmp_path: Path) -> None:
    """Pod-level limits and no request: defaultPodRequests makes it the containers' aggregate (a container's limit
    without a request being its request, SetDefaults_Pod), here 2, above the limit 1."""
    body = spec([container("a", None, {"cpu": "1"}), container("b", {"cpu": "1"})], limits={"cpu": "1"})
    message = refusal(tmp_path, body)
    assert message.startswith(f"{SPEC}.resources.requests.cpu: is not given, so the API server defaults it")
    assert "the pod-level limit 1 is below the containers' aggregate request of 2" in message


def test_a_container_limit_above_the_pod_level_limit_is_refused(tmp_path: Path) -> None:
    body = spec(
        [container("a", {"cpu": "500m", "memory": "1Gi"}), container("b", {"cpu": "1"}, {"cpu": "3", "memory": "1Gi"})],
        requests={"cpu": "2", "memory": "2Gi"},
        limits={"cpu": "2", "memory": "4Gi"},
    )
    assert refusal(tmp_path, body) == (
        f"{SPEC}.containers[1].resources.limits.cpu: 3 is more than the pod-level limit of cpu, 2: the API server "
        "refuses a container's limit above it: give at most 2, or raise the pod-level limit"
    )


def test_pod_level_requests_above_the_containers_with_a_sidecar_are_taken(tmp_path: Path) -> None:
    """What the API server takes still passes: pod-level requests above the aggregate (max(1 + 500m, 2 + 500m) =
    2500m, 2Gi), a container's limit equal to the pod's, and a container's ephemeral-storage, which the pod level does
    not take and Kubernetes 1.34 no longer compares with a pod-level 0 (kubernetes#132551)."""
    body = spec(
        [container("app", {"cpu": "1", "memory": "1Gi", "ephemeral-storage": "1Gi"}, {"cpu": "4", "memory": "2Gi"})],
        init=[
            container("proxy", {"cpu": "500m", "memory": "1Gi"}, restartPolicy="Always"),
            container("migrate", {"cpu": "2", "memory": "512Mi"}),
        ],
        requests={"cpu": "3", "memory": "2Gi"},
        limits={"cpu": "4", "memory": "4Gi"},
    )
    given = sent(tmp_path, body)
    assert given["resources"] == {"requests": {"cpu": "3", "memory": "2Gi"}, "limits": {"cpu": "4", "memory": "4Gi"}}
    assert [c["name"] for c in given["initContainers"]] == ["proxy", "migrate"]
    # pod-level limits alone: the requests default to the containers' aggregate (2500m, 2Gi), within the limits
    del body["resources"]["requests"]
    assert sent(tmp_path, body)["resources"] == {"limits": {"cpu": "4", "memory": "4Gi"}}
