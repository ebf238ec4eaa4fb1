"""Issue 56, the fresh hostile round's "accepted but wrong": values the API server refuses, which the simulation took as
valid, are refused by the Python reader naming `FILE: items[N].path` (exit 2 through `plan`), as Kubernetes'
validation refuses them (pkg/apis/core/validation: ValidateResourceRequirements, validateContainerResourceName,
validateResourceQuantityValue, validateInitContainerRestartPolicy, ValidateMatchLabelKeysAndMismatchLabelKeys,
validateNodeTaints, a namespace a DNS label). What the API server takes of the same fields still passes. A label key
or resource name that is no plain name is shown quoted, on the one line of the message."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_hostile_nodes_zones_folder import node, nodes_file
from test_simulation import deployment, pod_spec

from karpenter_tenants.config.yaml_input import InputError
from karpenter_tenants.simulation.run import read_nodes
from karpenter_tenants.simulation.workloads import WorkloadsError, workloads_of

SPEC = "items[0].spec.template.spec"
SELECTOR = {"matchLabels": {"app": "web"}}
SPREAD = {"maxSkew": 1, "topologyKey": "kubernetes.io/hostname", "whenUnsatisfiable": "DoNotSchedule"}


def resources(
    requests: dict[str, Any] | None = None,
    limits: dict[str, Any] | None = None,
    *,
    init: dict[str, Any] | None = None,
    pod: dict[str, Any] | None = None,
    **spec: Any,
) -> dict[str, Any]:
    body = pod_spec(**spec)
    body["containers"][0]["resources"] = {
        **({"requests": requests} if requests is not None else {}),
        **({"limits": limits} if limits is not None else {}),
    }
    if init is not None:
        body["initContainers"] = [{"name": "i", "image": "i", **init}]
    if pod is not None:
        body["resources"] = pod
    return deployment("shop", "web", 1, body)


def term(**fields: Any) -> dict[str, Any]:
    return deployment(
        "shop",
        "web",
        1,
        pod_spec(
            affinity={
                "podAntiAffinity": {
                    "requiredDuringSchedulingIgnoredDuringExecution": [
                        {"topologyKey": "kubernetes.io/hostname", **fields}
                    ]
                }
            }
        ),
    )


TERM = f"{SPEC}.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0]"


def ports(listed: list[dict[str, Any]]) -> dict[str, Any]:
    body = pod_spec()
    body["containers"][0]["ports"] = listed
    return deployment("shop", "web", 1, body)


REFUSED = [
    (
        "fractional gpu",
        resources({"cpu": "1"}, {"nvidia.com/gpu": "0.5"}),
        f"{SPEC}.containers[0].resources.limits.nvidia.com/gpu",
        "0.5 is not a whole number",
    ),
    (
        "gpu requested without a limit",
        resources({"cpu": "1", "nvidia.com/gpu": "1"}),
        f"{SPEC}.containers[0].resources.requests.nvidia.com/gpu",
        "requested without a limit",
    ),
    (
        "gpu request other than its limit",
        resources({"nvidia.com/gpu": "1"}, {"nvidia.com/gpu": "2"}),
        f"{SPEC}.containers[0].resources.requests.nvidia.com/gpu",
        "1 is not its limit 2",
    ),
    (
        "hugepages without a limit",
        resources({"memory": "1Gi", "hugepages-2Mi": "64Mi"}),
        f"{SPEC}.containers[0].resources.requests.hugepages-2Mi",
        "requested without a limit",
    ),
    (
        "hugepages alone",
        resources(None, {"hugepages-2Mi": "64Mi"}),
        f"{SPEC}.containers[0].resources.limits",
        "huge pages without cpu or memory",
    ),
    (
        "a pods request",
        resources({"cpu": "1", "pods": "1"}),
        f"{SPEC}.containers[0].resources.requests.pods",
        "pods is not a resource a container requests",
    ),
    (
        "pod-level ephemeral-storage",
        resources({"cpu": "1"}, pod={"requests": {"ephemeral-storage": "1Gi"}}),
        f"{SPEC}.resources.requests.ephemeral-storage",
        "is not a resource the pod-level requests take",
    ),
    (
        "init container restartPolicy Never",
        resources({"cpu": "1"}, init={"restartPolicy": "Never"}),
        f"{SPEC}.initContainers[0].restartPolicy",
        "'Never' is not one of Always",
    ),
    (
        "matchLabelKeys without labelSelector",
        term(matchLabelKeys=["pod-template-hash"]),
        f"{TERM}.matchLabelKeys",
        "without a labelSelector",
    ),
    (
        "mismatchLabelKeys without labelSelector",
        term(mismatchLabelKeys=["team"]),
        f"{TERM}.mismatchLabelKeys",
        "without a labelSelector",
    ),
    (
        "a key in both",
        term(labelSelector=SELECTOR, matchLabelKeys=["team"], mismatchLabelKeys=["team"]),
        f"{TERM}.mismatchLabelKeys",
        "'team' is in matchLabelKeys too",
    ),
    (
        "spread matchLabelKeys without labelSelector",
        deployment(
            "shop", "web", 1, pod_spec(topologySpreadConstraints=[{**SPREAD, "matchLabelKeys": ["pod-template-hash"]}])
        ),
        f"{SPEC}.topologySpreadConstraints[0].matchLabelKeys",
        "without a labelSelector",
    ),
    (
        "an affinity term's namespace no DNS label",
        term(namespaces=["Bad NS"]),
        f"{TERM}.namespaces[0]",
        "'Bad NS' is not a namespace's name",
    ),
    (
        "hostPort without containerPort",
        ports([{"hostPort": 8080}]),
        f"{SPEC}.containers[0].ports[0].containerPort",
        "is required",
    ),
    (
        "a host port twice",
        ports([{"hostPort": 8080, "containerPort": 80}, {"hostPort": 8080, "containerPort": 81}]),
        f"{SPEC}.containers[0].ports[1].hostPort",
        "8080/TCP is taken by containers[0].ports[0].hostPort already",
    ),
    (
        "namespace of 70 characters",
        deployment("n" * 70, "web", 1, pod_spec()),
        "items[0].metadata.namespace",
        "is not a Kubernetes namespace",
    ),
    (
        "namespace with a dot",
        deployment("shop.eu", "web", 1, pod_spec()),
        "items[0].metadata.namespace",
        "is not a Kubernetes namespace",
    ),
]


@pytest.mark.parametrize(("item", "path", "problem"), [case[1:] for case in REFUSED], ids=[case[0] for case in REFUSED])
def test_a_value_the_api_server_refuses_is_refused_naming_its_path(
    item: dict[str, Any], path: str, problem: str
) -> None:
    with pytest.raises(WorkloadsError) as raised:
        workloads_of({"kind": "List", "items": [item]}, "workloads.json")
    assert str(raised.value).startswith(f"workloads.json: {path}: "), str(raised.value)
    assert problem in str(raised.value)


TAKEN = [
    ("a gpu limit alone", resources({"cpu": "1"}, {"nvidia.com/gpu": "1"})),
    ("a gpu requested as its limit", resources({"cpu": "1", "nvidia.com/gpu": "2"}, {"nvidia.com/gpu": "2"})),
    ("hugepages with memory", resources({"memory": "1Gi", "hugepages-2Mi": "64Mi"}, {"hugepages-2Mi": "64Mi"})),
    ("ephemeral-storage", resources({"cpu": "1", "ephemeral-storage": "10Gi"})),
    ("a sidecar", resources({"cpu": "1"}, init={"restartPolicy": "Always"})),
    ("pod-level cpu and memory", resources({"cpu": "1"}, pod={"requests": {"cpu": "2", "memory": "1Gi"}})),
    (
        "matchLabelKeys with labelSelector",
        term(labelSelector=SELECTOR, matchLabelKeys=["pod-template-hash"], mismatchLabelKeys=["team"]),
    ),
    ("a namespace of 63", deployment("n" * 63, "web", 1, pod_spec())),
    (
        "one host port per protocol",
        ports([{"hostPort": 53, "containerPort": 53}, {"hostPort": 53, "containerPort": 53, "protocol": "UDP"}]),
    ),
]


@pytest.mark.parametrize("item", [case[1] for case in TAKEN], ids=[case[0] for case in TAKEN])
def test_what_the_api_server_takes_passes(item: dict[str, Any]) -> None:
    assert workloads_of({"kind": "List", "items": [item]}, "workloads.json").pods


def test_a_label_key_with_a_newline_is_named_on_one_line() -> None:
    item = deployment("shop", "web", 1, pod_spec(nodeSelector={"team\nx": "a"}))
    with pytest.raises(WorkloadsError) as raised:
        workloads_of({"kind": "List", "items": [item]}, "workloads.json")
    assert "\n" not in str(raised.value)
    assert f"{SPEC}.nodeSelector['team\\nx']: " in str(raised.value)


def tainted(*taints: dict[str, Any], labels: dict[str, str] | None = None) -> dict[str, Any]:
    item = node()
    item["spec"] = {"taints": list(taints)}
    item["metadata"]["labels"].update(labels or {})
    return item


NODES = [
    (
        "taint effect Bogus",
        tainted({"key": "tenant", "value": "a", "effect": "Bogus"}),
        "items[0].spec.taints[0].effect",
        "'Bogus' is not one of NoSchedule, PreferNoSchedule, NoExecute",
    ),
    (
        "empty taint key",
        tainted({"key": "", "effect": "NoSchedule"}),
        "items[0].spec.taints[0].key",
        "is not a qualified name",
    ),
    (
        "taint value no label value",
        tainted({"key": "tenant", "value": "a b", "effect": "NoSchedule"}),
        "items[0].spec.taints[0].value",
        "is not a label value",
    ),
    (
        "a taint twice",
        tainted({"key": "tenant", "effect": "NoSchedule"}, {"key": "tenant", "effect": "NoSchedule"}),
        "items[0].spec.taints[1]",
        "repeats key tenant with effect NoSchedule of [0]",
    ),
    (
        "label key no qualified name",
        tainted(labels={"bad key": "a"}),
        "items[0].metadata.labels['bad key']",
        "is not a qualified name",
    ),
    (
        "label key with a newline",
        tainted(labels={"a\nb": "a"}),
        "items[0].metadata.labels['a\\nb']",
        "is not a qualified name",
    ),
    (
        "label value too long",
        tainted(labels={"tenant": "x" * 64}),
        "items[0].metadata.labels.tenant",
        "is not a label value",
    ),
    ("pods of a fraction", node(pods="1.5"), "items[0].status.allocatable.pods", "1.5 is not a whole number"),
    (
        "a gpu fraction",
        node(**{"nvidia.com/gpu": "0.5"}),
        "items[0].status.allocatable.nvidia.com/gpu",
        "0.5 is not a whole number",
    ),
    (  # round 9 (r9-nodes-013): read as a node without allocatable
        "allocatable a list",
        {**node(), "status": {"allocatable": []}},
        "items[0].status.allocatable",
        "is not a map of resource quantities",
    ),
]


@pytest.mark.parametrize(("item", "path", "problem"), [case[1:] for case in NODES], ids=[case[0] for case in NODES])
def test_a_node_the_api_server_refuses_is_refused_naming_its_path(
    tmp_path: Path, item: dict[str, Any], path: str, problem: str
) -> None:
    source = nodes_file(tmp_path, item)
    with pytest.raises(InputError) as raised:
        read_nodes(source)
    said = str(raised.value)
    assert "\n" not in said
    assert f"{path}: " in said and problem in said, said


def test_a_node_as_kubectl_prints_it_with_taints_passes(tmp_path: Path) -> None:
    item = tainted(
        {"key": "tenant", "value": "alpha", "effect": "NoSchedule"},
        {"key": "tenant", "value": "alpha", "effect": "NoExecute"},
        {"key": "node.kubernetes.io/unschedulable", "effect": "NoSchedule", "timeAdded": "2026-12-05T00:00:00Z"},
        labels={"kubernetes.io/hostname": "ip-10-0-0-1.ca-central-1.compute.internal"},
    )
    read = read_nodes(nodes_file(tmp_path, item))
    assert [t["effect"] for t in read[0]["spec"]["taints"]] == ["NoSchedule", "NoExecute", "NoSchedule"]
    assert json.dumps(read)


@pytest.mark.parametrize(
    ("argument", "said"),
    [
        ("", ".: a folder where a file is asked; name the file (an empty argument names the current folder)"),
        ("-", "-: standard input is not read; write what you would pipe to a file and name the file"),
        ("{tmp}", "{tmp}: a folder where a file is asked; name the file"),
        ("{tmp}/nowhere.json", "{tmp}/nowhere.json: no such file"),
    ],
)
def test_a_workloads_argument_that_names_no_file_is_said_plainly(tmp_path: Path, argument: str, said: str) -> None:
    from karpenter_tenants.commands.runner import exit_status, os_error
    from karpenter_tenants.simulation.workloads import read_workloads

    path = Path(argument.format(tmp=tmp_path))

    def body() -> int:
        read_workloads(path)
        return 0

    with pytest.raises(OSError) as raised:
        read_workloads(path)
    assert os_error(raised.value) == said.format(tmp=tmp_path)
    assert exit_status(body) == 2


def test_a_read_error_names_its_file(tmp_path: Path) -> None:
    """/proc/self/mem is a regular file whose read fails (EIO): the message names it."""
    from karpenter_tenants.commands.runner import os_error
    from karpenter_tenants.simulation.offerings import read_prices

    with pytest.raises(OSError) as raised:
        read_prices(Path("/proc/self/mem"), ["m5.large"])
    assert os_error(raised.value).startswith("/proc/self/mem: cannot be read or written (Input/output error)")


def test_a_snapshot_folder_that_is_a_file_is_said_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from karpenter_tenants.commands.cli import main

    (tmp_path / "file").write_text("{}")
    assert main(["plan", "--base", "HEAD", "--workloads-dir", str(tmp_path / "file")]) == 2
    assert "not a folder: --workloads-dir names the folder" in capsys.readouterr().err


def test_a_snapshot_folder_that_is_a_link_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from karpenter_tenants.commands.cli import main

    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "elsewhere")
    assert main(["plan", "--base", "HEAD", "--workloads-dir", str(tmp_path / "link")]) == 2
    assert "a symbolic link: the snapshot folder is a folder of the repository" in capsys.readouterr().err


@pytest.mark.parametrize("version", ["1.014.1", "01.14.1", "1.14.01"])
def test_a_version_with_leading_zeros_is_no_release(version: str) -> None:
    from karpenter_tenants.config.versions import KarpenterVersion

    with pytest.raises(ValueError, match="is not a Karpenter release version"):
        KarpenterVersion.parse(version)


def test_a_lone_surrogate_in_a_file_is_printed_escaped_not_a_crash(tmp_path: Path) -> None:
    """JSON's "\\ud800" reads as a lone surrogate, which UTF-8 cannot write: it ended in exit 70 at the first print."""
    import subprocess
    import sys

    from conftest import ROOT

    pod = {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": {
            "name": "p",
            "namespace": "alpha",
            "ownerReferences": [
                {"apiVersion": "x/v1", "kind": "Rollout", "name": "r\ud800x", "uid": "u", "controller": True}
            ],
        },
        "spec": {"containers": [{"name": "c", "image": "x", "resources": {"requests": {"cpu": "100m"}}}]},
    }
    path = tmp_path / "w.json"
    path.write_text(json.dumps({"items": [pod]}))  # ensure_ascii: the file holds the escape \ud800
    result = subprocess.run(
        [sys.executable, "main.py", "plan", "--workloads", str(path), "--cluster", "acme", "--base", "HEAD"],
        cwd=ROOT,
        capture_output=True,
    )
    assert result.returncode == 0, result.stderr
    assert b"internal error" not in result.stderr and b"\\ud800" in result.stdout + result.stderr


def test_invisible_characters_are_taken_out_of_what_is_printed() -> None:
    from karpenter_tenants.config.listing import one_line

    hidden = "n\u00ad\U000e0049\U000e0047\U000e004e\u180e"
    assert one_line(hidden).strip() == "n"


def test_verify_writes_no_file_named_dash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from karpenter_tenants.commands.cli import main

    monkeypatch.chdir(tmp_path)
    assert main(["verify", "--plan-markdown", "-"]) == 2
    assert "--plan-markdown -: standard output is verify's own report" in capsys.readouterr().err
    assert not (tmp_path / "-").exists()
