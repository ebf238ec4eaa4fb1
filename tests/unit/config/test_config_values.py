"""Values that synth and validate used to accept but the API server, Karpenter, Flux or Argo CD then refused or
broke on are config errors at their line, naming the path and the fix (issue: accepted, then refused)."""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import pytest
from conftest import BASE_V1, load, shared_dir

from karpenter_tenants.config.loader import ConfigError
from karpenter_tenants.config.schema.karpenter import CHART_SELECTOR_LABELS

GO_MAX = "2562047h47m16s"


def tenant(**fields: Any) -> dict[str, Any]:
    data = copy.deepcopy(BASE_V1)
    data["tenants"][0].update(fields)
    return data


def with_(section: str, value: Any) -> dict[str, Any]:
    data = copy.deepcopy(BASE_V1)
    data[section] = value
    return data


ARGO = {"engine": "argocd", "argocd": {"repoURL": "https://git.example/platform.git"}}
CASES: dict[str, tuple[dict[str, Any], str, str]] = {
    "expireAfter past Go's longest duration": (
        tenant(disruption={"expireAfter": "2562048h"}),
        "tenants[0].disruption.expireAfter",
        "longer than Go's longest",
    ),
    "flux interval past Go's longest duration": (
        with_("gitops", {"flux": {"interval": "9999999999h"}}),
        "gitops.flux.interval",
        "longer than Go's longest",
    ),
    "budget duration past Go's longest": (
        tenant(disruption={"budgets": [{"nodes": "1", "schedule": "@daily", "duration": "3000000h"}]}),
        "tenants[0].disruption.budgets[0].duration",
        "longer than Go's longest",
    ),
    "maxPods past int32": (
        tenant(kubelet={"maxPods": 2**31}),
        "tenants[0].kubelet.maxPods",
        "less than or equal to 2147483647",
    ),
    "a fraction of a pod in the quota": (
        tenant(namespaces=["alpha"], quota={"pods": "1.5"}),
        "tenants[0].quota.pods",
        "not a whole number of pods",
    ),
    "a budget at minute 61 hour 25": (
        tenant(disruption={"budgets": [{"nodes": "1", "schedule": "61 25 * * *", "duration": "1h"}]}),
        "tenants[0].disruption.budgets[0].schedule",
        "the minute '61' is not from 0 to 59",
    ),
    "a budget in month 13": (
        tenant(disruption={"budgets": [{"nodes": "1", "schedule": "0 9 * 13 *", "duration": "1h"}]}),
        "tenants[0].disruption.budgets[0].schedule",
        "the month '13' is not from 1 to 12",
    ),
    "a pod label that is the chart's selector": (
        with_("karpenter", {"version": "1.14.1", "controller": {"podLabels": {"app.kubernetes.io/name": "mine"}}}),
        "karpenter.controller.podLabels",
        "the chart's selector labels",
    ),
    "a pod annotation key that is no key": (
        with_("karpenter", {"version": "1.14.1", "controller": {"podAnnotations": {"bad key!": "x"}}}),
        "karpenter.controller.podAnnotations",
        "not a Kubernetes annotation key",
    ),
    "a 300-character priorityClassName": (
        with_("karpenter", {"version": "1.14.1", "values": {"priorityClassName": "p" * 300}}),
        "karpenter.values",
        "is not a PriorityClass name",
    ),
    "an image repository with a tag": (
        with_(
            "karpenter", {"version": "1.14.1", "controller": {"imageRepository": "registry.example/karpenter:latest"}}
        ),
        "karpenter.controller.imageRepository",
        "without a tag or digest",
    ),
    "an image repository with a digest": (
        with_("karpenter", {"version": "1.14.1", "controller": {"imageRepository": "registry.example/k@sha256:00"}}),
        "karpenter.controller.imageRepository",
        "without a tag or digest",
    ),
    "an Argo CD repoURL with a newline": (
        with_("gitops", {**ARGO, "argocd": {"repoURL": "https://git.example/a.git\nx: y"}}),
        "gitops.argocd.repoURL",
        "not a Git URL Argo CD can clone",
    ),
    "an Argo CD repoURL with a space": (
        with_("gitops", {**ARGO, "argocd": {"repoURL": "https://git.example/a b.git"}}),
        "gitops.argocd.repoURL",
        "not a Git URL Argo CD can clone",
    ),
    "an Argo CD repoURL of file://": (
        with_("gitops", {**ARGO, "argocd": {"repoURL": "file:///srv/git/a.git"}}),
        "gitops.argocd.repoURL",
        "not a Git URL Argo CD can clone",
    ),
    "clusterDNS that is no IP address": (
        tenant(kubelet={"clusterDNS": ["kube-dns"]}),
        "tenants[0].kubelet.clusterDNS[0]",
        "not an IP address",
    ),
    "an instance generation below 1": (
        tenant(requirements={"instanceGenerations": [-1]}),
        "tenants[0].requirements.instanceGenerations",
        "instance generations start at 1",
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_value_the_cluster_would_refuse_is_a_config_error_at_its_path(tmp_path: Path, case: str) -> None:
    data, path, message = CASES[case]
    with pytest.raises(ConfigError) as error:
        load(tmp_path, data)
    found = [(p.path, p.message) for p in error.value.problems]
    assert any(p.startswith(path) and message in m for p, m in found), found
    assert all(p.line for p in error.value.problems), "every problem names its line"


@pytest.mark.parametrize(
    ("data", "what"),
    [
        (tenant(disruption={"expireAfter": GO_MAX.removesuffix("16s") + "15s"}), "the longest duration that fits"),
        (tenant(kubelet={"maxPods": 2**31 - 1, "clusterDNS": ["10.100.0.10", "fd00::a"]}), "int32 and IPv4/IPv6"),
        (tenant(namespaces=["alpha"], quota={"pods": "2k"}), "a whole number with a suffix"),
        (
            tenant(
                disruption={"budgets": [{"nodes": "1", "schedule": "*/15 0-23 1,15 jan-dec mon-fri", "duration": "1h"}]}
            ),
            "steps, ranges, lists and names",
        ),
        (with_("gitops", {**ARGO, "argocd": {"repoURL": "git@github.com:acme/platform.git"}}), "scp-like Git URL"),
        (
            with_(
                "karpenter",
                {
                    "version": "1.14.1",
                    "controller": {
                        "imageRepository": "registry.example:5000/karpenter/controller",
                        "podLabels": {"team": "platform"},
                    },
                },
            ),
            "a registry port",
        ),
    ],
    ids=lambda v: v if isinstance(v, str) else "",
)
def test_values_at_the_edge_of_what_the_cluster_takes_are_accepted(
    tmp_path: Path, data: dict[str, Any], what: str
) -> None:
    load(tmp_path, data)


def test_the_selector_labels_are_the_karpenter_charts(shared: Path) -> None:
    """What the chart's Deployment selects its pods by (templates/_helpers.tpl, karpenter.selectorLabels)."""
    helpers = (shared_dir() / "karpenter/v1.14.1/karpenter/templates/_helpers.tpl").read_text()
    block = helpers[helpers.index('define "karpenter.selectorLabels"') :]
    block = block[: block.index("{{- end }}")]
    assert set(re.findall(r"^(app\.kubernetes\.io/[a-z]+):", block, re.M)) == set(CHART_SELECTOR_LABELS)


@pytest.mark.parametrize(("encrypted", "said"), [(False, "ebs.encrypted false"), (None, "ebs.encrypted unset")])
def test_a_block_device_not_encrypted_is_warned_as_the_root_volume_is(
    tmp_path: Path, encrypted: bool | None, said: str
) -> None:
    ebs = {"volumeSize": "100Gi", **({"encrypted": encrypted} if encrypted is not None else {})}
    loaded = load(tmp_path, tenant(blockDevices=[{"deviceName": "/dev/xvda", "rootVolume": True, "ebs": ebs}]))
    assert any(said in w and "blockDevices[0] (/dev/xvda)" in w for w in loaded.warnings), loaded.warnings
    encrypted_disk = tenant(
        blockDevices=[
            {"deviceName": "/dev/xvda", "rootVolume": True, "ebs": {"volumeSize": "100Gi", "encrypted": True}}
        ]
    )
    assert not any("blockDevices" in w for w in load(tmp_path / "ok", encrypted_disk).warnings)


def test_a_gitops_path_that_is_not_the_folder_synth_writes_is_warned(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import contextlib
    import io

    from karpenter_tenants.commands.cli import main

    monkeypatch.chdir(tmp_path)
    for path, warned in (("./dist/acmee", True), ("./dist/acme", False)):
        clusters = tmp_path / "clusters"
        clusters.mkdir(exist_ok=True)
        data = copy.deepcopy(BASE_V1)
        data["gitops"] = {"path": path}
        (clusters / "acme.yaml").write_text(__import__("yaml").safe_dump(data))
        err = io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            assert main(["--clusters", "clusters", "synth", "--out", "dist"]) == 0
        assert (
            "gitops.path ./dist/acmee is not the folder synth writes this cluster into (./dist/acme)" in err.getvalue()
        ) == warned


@pytest.mark.parametrize("version", ["1.14.1", "0.31.5"])
def test_values_the_chart_renders_whole_take_kubernetes_keys(tmp_path: Path, version: str) -> None:
    """issue 44: the chart renders nodeSelector, podSecurityContext and strategy with toYaml, so their keys are
    Kubernetes', not the chart's: a real setting is accepted; a chart key misspelled is still refused."""
    data = copy.deepcopy(BASE_V1)
    data["karpenter"] = {
        "version": version,
        "values": {
            "nodeSelector": {"node-role.example.com/system": "true"},
            "strategy": {"rollingUpdate": {"maxSurge": 1}},
            **({"podSecurityContext": {"runAsNonRoot": True}} if version != "0.31.5" else {}),
        },
    }
    if version == "0.31.5":
        data["cluster"]["kubernetesVersion"] = "1.28"
        data["tenants"] = [{"name": "alpha", "instanceProfile": "node-alpha", "ami": {"family": "AL2"}}]
    load(tmp_path, data)
    data["karpenter"]["values"]["nodeSelectr"] = {"a": "b"}
    with pytest.raises(
        ConfigError, match=r"karpenter\.values\.nodeSelectr: 'nodeSelectr' is not a value of the karpenter chart"
    ):
        load(tmp_path, data)


def test_what_the_chart_renders_whole_is_read_from_its_templates(shared: Path) -> None:
    from karpenter_tenants.reference.charts import ChartReference

    whole = ChartReference().rendered_whole(shared / "karpenter/v1.14.1/karpenter/values.yaml")
    assert {("nodeSelector",), ("podSecurityContext",), ("strategy",), ("tolerations",)} <= whole
    assert not {path for path in whole if path[0] in ("settings", "replicas", "image")}
