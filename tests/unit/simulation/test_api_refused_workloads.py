"""Issue 56, the workloads reader against the API server's own rules (k8s.io/kubernetes v1.33 pkg/apis/core/validation
validateContainers, validateInitContainers, validateContainerCommon, validateContainerPorts, validateResourceRequirements,
validateContainerResourceName, validatePodResourceName, validateResourceQuantityHugePageValue,
validateResourceClaimNames, validateOverhead and the RuntimeClass admission, validateMatchLabelKeysInTopologySpread,
ValidateVolumes, validateSchedulingGates, ValidatePriorityClassName, ValidateNodeName; apps and batch validation's names
and selectors; apimachinery ValidateOwnerReferences and metav1.Time): what it refuses is refused naming
`FILE: items[N].path` on one line, and what it takes (a `kubernetes.io/` resource, any hostIP, a Gt of any one label
value, a quantity longer than 64 characters, two sidecars of one host port, what `snapshot` leaves out) is taken."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from test_simulation import daemonset, deployment, pod_spec

from karpenter_tenants.live.kinds import WORKLOAD_KINDS
from karpenter_tenants.live.snapshot import kept
from karpenter_tenants.simulation.workloads import WorkloadsError, read_workloads, workloads_of

SPEC = "items[0].spec.template.spec"


def body(**spec: Any) -> dict[str, Any]:
    return deployment("shop", "web", 1, pod_spec(**spec))


def container(**fields: Any) -> dict[str, Any]:
    spec = pod_spec()
    spec["containers"][0].update(fields)
    return deployment("shop", "web", 1, spec)


def resources(requests: dict[str, Any] | None = None, limits: dict[str, Any] | None = None, **more: Any) -> Any:
    return container(resources={"requests": requests or {"cpu": "1"}, **({"limits": limits} if limits else {}), **more})


def two(first: dict[str, Any], second: dict[str, Any], init: bool = False) -> dict[str, Any]:
    spec = pod_spec()
    spec["containers"] = [{"name": "a", "image": "i", **first}]
    spec.setdefault("initContainers" if init else "containers", []).append({"name": "b", "image": "i", **second})
    return deployment("shop", "web", 1, spec)


def with_meta(item: dict[str, Any], **metadata: Any) -> dict[str, Any]:
    item = copy.deepcopy(item)
    item["metadata"].update(metadata)
    return item


def bare_pod(**spec: Any) -> dict[str, Any]:
    return {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": {"namespace": "shop", "name": "p", "labels": {"app": "p", "pod-template-hash": "abc"}},
        "spec": pod_spec(**spec),
    }


def cron(name: str = "nightly", **spec: Any) -> dict[str, Any]:
    return {
        "apiVersion": "batch/v1",
        "kind": "CronJob",
        "metadata": {"namespace": "shop", "name": name},
        "spec": {"jobTemplate": {"spec": {"template": {"spec": pod_spec()}}}, **spec},
    }


def spread(**fields: Any) -> dict[str, Any]:
    return {"maxSkew": 1, "topologyKey": "topology.kubernetes.io/zone", "whenUnsatisfiable": "DoNotSchedule", **fields}


def claimed(**resources_: Any) -> dict[str, Any]:
    item = container(resources={"requests": {"cpu": "1"}, **resources_})
    item["spec"]["template"]["spec"]["resourceClaims"] = [{"name": "gpu", "resourceClaimTemplateName": "gpu-template"}]
    return item


OWNER = {"apiVersion": "apps/v1", "kind": "ReplicaSet", "name": "web-1", "uid": "u1", "controller": True}
DEPLOYMENT = deployment("shop", "web", 1, pod_spec())
NO_SELECTOR = copy.deepcopy(DEPLOYMENT)
del NO_SELECTOR["spec"]["selector"]
OTHER_SELECTOR = copy.deepcopy(DEPLOYMENT)
OTHER_SELECTOR["spec"]["selector"] = {"matchLabels": {"app": "api"}}
EMPTY_SELECTOR = copy.deepcopy(DEPLOYMENT)
EMPTY_SELECTOR["spec"]["selector"] = {}
STATEFUL = {**deployment("shop", "web.v1", 1, pod_spec()), "kind": "StatefulSet"}

REFUSED = [
    # containers (validateContainerCommon, validateContainers, validateInitContainers)
    ("no container name", container(name=None), f"{SPEC}.containers[0].name", "is required"),
    ("empty container name", container(name=""), f"{SPEC}.containers[0].name", "is required"),
    ("container name Bad_Name", container(name="Bad_Name"), f"{SPEC}.containers[0].name", "is not a valid container"),
    ("container name of 64", container(name="c" * 64), f"{SPEC}.containers[0].name", "DNS label"),
    ("two containers of one name", two({}, {"name": "a"}), f"{SPEC}.containers[1].name", "name of containers[0]"),
    ("an init container named as a container", two({}, {"name": "a"}, init=True), f"{SPEC}.initContainers[0].name", ""),
    ("an empty image", container(image=""), f"{SPEC}.containers[0].image", "is empty"),
    ("an image of a number", container(image=5), f"{SPEC}.containers[0].image", "not a string"),
    (
        "restartPolicy Always on a container",
        container(restartPolicy="Always"),
        f"{SPEC}.containers[0].restartPolicy",
        "",
    ),
    ("restartPolicy Never on a container", container(restartPolicy="Never"), f"{SPEC}.containers[0].restartPolicy", ""),
    # ports (validateContainerPorts)
    (
        "a port without containerPort",
        container(ports=[{"name": "http"}]),
        f"{SPEC}.containers[0].ports[0].containerPort",
        "",
    ),
    (
        "port name HTTP",
        container(ports=[{"containerPort": 80, "name": "HTTP"}]),
        f"{SPEC}.containers[0].ports[0].name",
        "",
    ),
    (
        "port name of 16",
        container(ports=[{"containerPort": 80, "name": "p" * 16}]),
        f"{SPEC}.containers[0].ports[0].name",
        "",
    ),
    (
        "port name all digits",
        container(ports=[{"containerPort": 80, "name": "8080"}]),
        f"{SPEC}.containers[0].ports[0].name",
        "",
    ),
    (
        "two ports of one name",
        container(ports=[{"containerPort": 80, "name": "http"}, {"containerPort": 81, "name": "http"}]),
        f"{SPEC}.containers[0].ports[1].name",
        "names two ports",
    ),
    # resources (validateResourceRequirements and the names' and quantities' rules)
    (
        "hugepages-foo",
        resources({"cpu": "1", "hugepages-foo": "2Mi"}, {"hugepages-foo": "2Mi"}),
        f"{SPEC}.containers[0].resources.requests.hugepages-foo",
        "page size",
    ),
    (
        "hugepages-2Mi of 3Mi",
        resources({"cpu": "1", "hugepages-2Mi": "3Mi"}, {"hugepages-2Mi": "3Mi"}),
        f"{SPEC}.containers[0].resources.requests.hugepages-2Mi",
        "whole multiple",
    ),
    (
        "hugepages-1Gi of 1.5Gi",
        resources({"cpu": "1"}, {"hugepages-1Gi": "1.5Gi"}),
        f"{SPEC}.containers[0].resources.limits.hugepages-1Gi",
        "whole multiple",
    ),
    (
        "requests.example.com/gpu",
        resources({"cpu": "1"}, {"requests.example.com/gpu": "1"}),
        f"{SPEC}.containers[0].resources.limits.requests.example.com/gpu",
        "no `requests.` prefix",
    ),
    (
        "an extended prefix of 250",
        resources({"cpu": "1"}, {"a" * 250 + "/gpu": "1"}),
        f"{SPEC}.containers[0].resources.limits",
        "244 characters",
    ),
    (
        "a claim no pod claim names",
        resources(claims=[{"name": "gpu"}]),
        f"{SPEC}.containers[0].resources.claims[0].name",
        "which are none",
    ),
    (
        "a claim of another name",
        claimed(claims=[{"name": "other"}]),
        f"{SPEC}.containers[0].resources.claims[0].name",
        "none of the pod's spec.resourceClaims",
    ),
    (
        "pod-level gpu",
        body(resources={"limits": {"nvidia.com/gpu": "1"}}),
        f"{SPEC}.resources.limits.nvidia.com/gpu",
        "pod-level limits take",
    ),
    ("pod-level claims", body(resources={"claims": [{"name": "gpu"}]}), f"{SPEC}.resources.claims", "pod level"),
    # overhead (validateOverhead; the RuntimeClass admission)
    (
        "overhead without runtimeClassName",
        body(overhead={"cpu": "250m"}),
        f"{SPEC}.overhead",
        "without a runtimeClassName",
    ),
    ("overhead pods", body(overhead={"pods": "1"}, runtimeClassName="kata"), f"{SPEC}.overhead.pods", "overhead takes"),
    (
        "overhead gpu 0.5",
        body(overhead={"nvidia.com/gpu": "0.5"}, runtimeClassName="kata"),
        f"{SPEC}.overhead.nvidia.com/gpu",
        "whole number",
    ),
    ("runtimeClassName Bad", body(runtimeClassName="Bad Class"), f"{SPEC}.runtimeClassName", "DNS subdomain"),
    # topology spread (validateMatchLabelKeysInTopologySpread), priority class, node name
    (
        "matchLabelKeys key in the labelSelector",
        body(topologySpreadConstraints=[spread(labelSelector={"matchLabels": {"app": "web"}}, matchLabelKeys=["app"])]),
        f"{SPEC}.topologySpreadConstraints[0].matchLabelKeys",
        "is in the labelSelector too",
    ),
    ("priorityClassName 'Bad Name'", body(priorityClassName="Bad Name"), f"{SPEC}.priorityClassName", "DNS subdomain"),
    ("nodeName 'Bad Node'", body(nodeName="Bad Node"), f"{SPEC}.nodeName", "DNS subdomain"),
    ("nodeName 123", body(nodeName=123), f"{SPEC}.nodeName", "not a string"),
    ("nodeName []", body(nodeName=[]), f"{SPEC}.nodeName", "not a string"),
    # volumes (ValidateVolumes), scheduling gates (validateSchedulingGates)
    ("a volume name empty", body(volumes=[{"name": "", "emptyDir": {}}]), f"{SPEC}.volumes[0].name", "is required"),
    ("a volume name Bad_Name", body(volumes=[{"name": "Bad_Name", "emptyDir": {}}]), f"{SPEC}.volumes[0].name", ""),
    (
        "two volumes of one name",
        body(volumes=[{"name": "v", "emptyDir": {}}, {"name": "v", "secret": {}}]),
        f"{SPEC}.volumes[1].name",
        "",
    ),
    (
        "a volume of two sources",
        body(volumes=[{"name": "v", "emptyDir": {}, "secret": {}}]),
        f"{SPEC}.volumes[0]",
        "more than one",
    ),
    (
        "an empty claimName",
        body(volumes=[{"name": "v", "persistentVolumeClaim": {"claimName": ""}}]),
        f"{SPEC}.volumes[0].persistentVolumeClaim.claimName",
        "",
    ),
    ("a gate named empty", body(schedulingGates=[{"name": ""}]), f"{SPEC}.schedulingGates[0].name", "qualified name"),
    ("a gate 'bad gate'", body(schedulingGates=[{"name": "bad gate"}]), f"{SPEC}.schedulingGates[0].name", ""),
    (
        "a gate twice",
        body(schedulingGates=[{"name": "a/b"}, {"name": "a/b"}]),
        f"{SPEC}.schedulingGates[1].name",
        "twice",
    ),
    # metadata and the controllers' own rules
    ("Deployment 'a..b'", deployment("shop", "a..b", 1, pod_spec()), "items[0].metadata.name", "DNS subdomain"),
    ("Deployment 'a.-b'", deployment("shop", "a.-b", 1, pod_spec()), "items[0].metadata.name", "DNS subdomain"),
    ("a StatefulSet name with a dot", STATEFUL, "items[0].metadata.name", "DNS label"),
    ("a CronJob name of 60", cron("n" * 60, schedule="* * * * *"), "items[0].metadata.name", "52 at most"),
    ("a CronJob schedule empty", cron(schedule=""), "items[0].spec.schedule", "is empty"),
    ("a Deployment without selector", NO_SELECTOR, "items[0].spec.selector", "is required"),
    ("an empty selector", EMPTY_SELECTOR, "items[0].spec.selector", "is empty"),
    ("a selector not the template's", OTHER_SELECTOR, f"{SPEC.removesuffix('.spec')}.metadata.labels", "do not match"),
    (
        "an owner without name",
        with_meta(DEPLOYMENT, ownerReferences=[{**OWNER, "name": ""}]),
        "items[0].metadata.ownerReferences[0].name",
        "",
    ),
    (
        "an owner without kind",
        with_meta(DEPLOYMENT, ownerReferences=[{**OWNER, "kind": ""}]),
        "items[0].metadata.ownerReferences[0].kind",
        "",
    ),
    (
        "an owner uid empty",
        with_meta(DEPLOYMENT, ownerReferences=[{**OWNER, "uid": ""}]),
        "items[0].metadata.ownerReferences[0].uid",
        "",
    ),
    (
        "an owner without apiVersion",
        with_meta(DEPLOYMENT, ownerReferences=[{**OWNER, "apiVersion": None}]),
        "items[0].metadata.ownerReferences[0].apiVersion",
        "is missing",
    ),
    (
        "an owner apiVersion 'apps/'",
        with_meta(DEPLOYMENT, ownerReferences=[{**OWNER, "apiVersion": "apps/"}]),
        "items[0].metadata.ownerReferences[0].apiVersion",
        "",
    ),
    (
        "two controllers",
        with_meta(DEPLOYMENT, ownerReferences=[OWNER, {**OWNER, "name": "web-2"}]),
        "items[0].metadata.ownerReferences[1].controller",
        "a second controller",
    ),
    (
        "deletionTimestamp 'not a date'",
        with_meta(bare_pod(), deletionTimestamp="not a date"),
        "items[0].metadata.deletionTimestamp",
        "RFC 3339",
    ),
    (
        "deletionTimestamp of month 13",
        with_meta(bare_pod(), deletionTimestamp="2025-13-01T00:00:00Z"),
        "items[0].metadata.deletionTimestamp",
        "",
    ),
    ("kind 'Pod '", {**bare_pod(), "kind": "Pod "}, "items[0].kind", "did you mean Pod?"),
]


@pytest.mark.parametrize(("item", "path", "problem"), [case[1:] for case in REFUSED], ids=[case[0] for case in REFUSED])
def test_what_the_api_server_refuses_is_refused_naming_its_path(item: dict[str, Any], path: str, problem: str) -> None:
    with pytest.raises(WorkloadsError) as raised:
        workloads_of({"kind": "List", "items": [item]}, "workloads.json")
    said = str(raised.value)
    assert said.startswith(f"workloads.json: {path}"), said
    assert problem in said and "\n" not in said


def merged_pod() -> dict[str, Any]:
    """A pod as a 1.34 API server stores it: matchLabelKeys merged into its spread's selector."""
    expression = {"key": "pod-template-hash", "operator": "In", "values": ["abc"]}
    return bare_pod(
        topologySpreadConstraints=[
            spread(
                labelSelector={"matchLabels": {"app": "p"}, "matchExpressions": [expression]},
                matchLabelKeys=["pod-template-hash"],
            )
        ]
    )


SIDECARS = two(
    {"ports": [{"containerPort": 80}]},
    {"restartPolicy": "Always", "ports": [{"containerPort": 9000, "hostPort": 9000}]},
    init=True,
)
SIDECARS["spec"]["template"]["spec"]["initContainers"].append(
    {"name": "c2", "image": "i", "restartPolicy": "Always", "ports": [{"containerPort": 9000, "hostPort": 9000}]}
)
TAKEN = [
    ("a kubernetes.io resource", resources({"cpu": "1", "kubernetes.io/widgets": "1"})),
    ("a hostIP that is no IP", container(ports=[{"containerPort": 80, "hostPort": 80, "hostIP": "not-an-ip"}])),
    ("a quantity of 66 characters", resources({"cpu": "0." + "0" * 63 + "1"})),
    (
        "a required Gt of a word",
        body(
            affinity={
                "nodeAffinity": {
                    "requiredDuringSchedulingIgnoredDuringExecution": {
                        "nodeSelectorTerms": [{"matchExpressions": [{"key": "k", "operator": "Gt", "values": ["a"]}]}]
                    }
                }
            }
        ),
    ),
    (
        "a Lt of 20 digits",
        body(
            affinity={
                "nodeAffinity": {
                    "requiredDuringSchedulingIgnoredDuringExecution": {
                        "nodeSelectorTerms": [
                            {"matchExpressions": [{"key": "k", "operator": "Lt", "values": ["1" * 20]}]}
                        ]
                    }
                }
            }
        ),
    ),
    (
        "a preferred In of any string",
        body(
            affinity={
                "nodeAffinity": {
                    "preferredDuringSchedulingIgnoredDuringExecution": [
                        {
                            "weight": 1,
                            "preference": {
                                "matchExpressions": [{"key": "k", "operator": "In", "values": ["not a label value!"]}]
                            },
                        }
                    ]
                }
            }
        ),
    ),
    ("hugepages-2Mi of 4Mi", resources({"cpu": "1", "hugepages-2Mi": "4Mi"}, {"hugepages-2Mi": "4Mi"})),
    ("pod-level hugepages", body(resources={"limits": {"hugepages-2Mi": "2Mi", "memory": "1Gi"}})),
    ("a claim of a pod claim", claimed(claims=[{"name": "gpu"}])),
    ("overhead of a runtime class", body(overhead={"cpu": "250m", "memory": "120Mi"}, runtimeClassName="kata")),
    ("two sidecars of one host port", SIDECARS),
    ("a StatefulSet name of 63", {**deployment("shop", "s" * 63, 1, pod_spec()), "kind": "StatefulSet"}),
    ("a CronJob name of 52", cron("n" * 52, schedule="@hourly")),
    ("a matchLabelKeys merged into a stored pod's spread", merged_pod()),
    ("a DaemonSet with its selector", daemonset("shop", "agent", pod_spec())),
    ("an RFC 3339 time with fractions", with_meta(bare_pod(), deletionTimestamp="2025-01-31T12:00:00.5+01:00")),
    ("a volume as snapshot keeps it (its source left out)", body(volumes=[{"name": "config"}])),
    ("a container as snapshot keeps it (no image)", container(image=None)),
    ("an owner as snapshot keeps it (no uid)", with_meta(DEPLOYMENT, ownerReferences=[{**OWNER, "uid": None}])),
    ("a CronJob as snapshot keeps it (no schedule)", cron()),
]


@pytest.mark.parametrize("item", [case[1] for case in TAKEN], ids=[case[0] for case in TAKEN])
def test_what_the_api_server_takes_is_taken(item: dict[str, Any]) -> None:
    workloads_of({"kind": "List", "items": [item]}, "workloads.json")


def test_a_snapshot_of_what_the_api_server_lists_is_read_and_a_hostile_one_refused(tmp_path: Path) -> None:
    """`snapshot` writes what the live API returns, less what plan does not read: a snapshot of valid objects reads
    back; one of an object the API server would have refused (a container named Bad_Name) is refused naming its
    path, not a traceback."""
    kinds = {kind.kind: kind for kind in WORKLOAD_KINDS}
    listed = copy.deepcopy(DEPLOYMENT)
    listed["metadata"].update(uid="d1", ownerReferences=[])
    pod = copy.deepcopy(bare_pod(volumes=[{"name": "config", "configMap": {"name": "c"}}]))
    pod["metadata"]["ownerReferences"] = [{**OWNER, "name": "web-abc"}]
    pod["spec"]["containers"][0]["ports"] = [{"containerPort": 80, "hostPort": 80, "name": "http"}]
    items = [kept(kinds["Deployment"], listed), kept(kinds["Pod"], pod)]
    source = tmp_path / "acme.json"
    source.write_text(json.dumps({"kind": "List", "items": items}))
    read = read_workloads(source)  # the pod counted with its Deployment (its ReplicaSet web-abc not listed)
    assert [pod.key for pod in read.pods] == ["shop/web-0"] and read.notes.with_their_controller == 1
    pod["spec"]["containers"][0]["name"] = "Bad_Name"
    source.write_text(json.dumps({"kind": "List", "items": [kept(kinds["Pod"], pod)]}))
    with pytest.raises(WorkloadsError, match=r"acme.json: items\[0\].spec.containers\[0\].name: 'Bad_Name'"):
        read_workloads(source)
