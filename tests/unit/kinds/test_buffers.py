"""Capacity buffers per tenant (tenants[].buffers, Karpenter >= 1.14): a CapacityBuffer in one of the tenant's
namespaces, with the PodTemplate of one chunk (its requests, on the tenant's nodes, in the pool it names), applied by
a stage of its own after the tenant's node pools; the CapacityBuffer CRD's rules (../shared's v1.14.1) as config
errors, the capacityBuffer feature gate turned on, and the chunk's pod one the tenant's isolation policy admits."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import BASE_V1, EXAMPLE_DIST, cluster_dict, load, objects
from support.input_helpers import run_bad_config
from test_isolation_cel import admit, bound

from karpenter_tenants.checks.validate import ObjectValidator
from karpenter_tenants.kinds.gitops.stages import install_stages
from karpenter_tenants.synthesis.render import render_cluster

TENANT = {
    **BASE_V1["tenants"][0],
    "namespaces": ["alpha"],
    "pools": [{"name": "general"}, {"name": "gpu", "taints": [{"key": "nvidia.com/gpu", "effect": "NoSchedule"}]}],
}
WARM = {"name": "warm", "requests": {"cpu": "2", "memory": "4Gi"}, "replicas": 3}
GPU = {
    "name": "gpu-room",
    "pool": "gpu",
    "requests": {"cpu": "4", "nvidia.com/gpu": "1"},
    "limits": {"nvidia.com/gpu": "2"},
}
WEB = {"name": "web-headroom", "scalable": {"kind": "Deployment", "name": "web"}, "percentage": 20}


def rendered(tmp_path: Path, buffers: list[dict[str, Any]], **tenant: Any) -> dict[str, dict[str, Any]]:
    return objects(render_cluster(load(tmp_path, cluster_dict(tenants=[{**TENANT, **tenant, "buffers": buffers}]))))


def of_kind(found: dict[str, dict[str, Any]], kind: str) -> dict[str, dict[str, Any]]:
    return {o["metadata"]["name"]: o for o in found.values() if o["kind"] == kind}


def test_a_buffer_is_a_capacity_buffer_with_the_pod_template_of_its_chunk_in_the_tenants_namespace(
    tmp_path: Path,
) -> None:
    found = rendered(tmp_path, [WARM])
    [path] = [p for p, o in found.items() if o["kind"] == "CapacityBuffer"]
    assert path == "tenants/alpha/buffers/capacitybuffer-warm.yaml"
    buffer = of_kind(found, "CapacityBuffer")["warm"]
    assert buffer["metadata"]["namespace"] == "alpha" and buffer["metadata"]["labels"]["tenant"] == "alpha"
    assert buffer["spec"] == {"podTemplateRef": {"name": "karpenter-tenants-buffer-warm"}, "replicas": 3}
    template = of_kind(found, "PodTemplate")["karpenter-tenants-buffer-warm"]
    assert template["metadata"]["namespace"] == "alpha"
    spec = template["template"]["spec"]
    assert spec["nodeSelector"] == {"tenant": "alpha"}  # any of the tenant's pools: where Karpenter puts such a pod
    assert spec["tolerations"] == [{"key": "tenant", "operator": "Equal", "value": "alpha", "effect": "NoSchedule"}]
    [container] = spec["containers"]
    assert container["resources"] == {
        "requests": {"cpu": "2", "memory": "4Gi"},
        "limits": {"cpu": "2", "memory": "4Gi"},
    }
    # hardened like the product's other pods (checkov passes it but for the checks a never-run pod cannot meet)
    assert container["securityContext"] == {
        "allowPrivilegeEscalation": False,
        "readOnlyRootFilesystem": True,
        "capabilities": {"drop": ["ALL"]},
    }
    assert spec["securityContext"]["runAsNonRoot"] is True
    skipped = sorted(
        v.split("=")[0] for k, v in template["metadata"]["annotations"].items() if k.startswith("checkov.io/skip")
    )
    assert skipped == ["CKV_K8S_43", "CKV_K8S_8", "CKV_K8S_9"]


def test_a_buffer_in_a_pool_selects_that_pool_and_tolerates_its_taints_with_gpu_limits_equal_to_requests(
    tmp_path: Path,
) -> None:
    found = rendered(tmp_path, [GPU])
    spec = of_kind(found, "PodTemplate")["karpenter-tenants-buffer-gpu-room"]["template"]["spec"]
    assert spec["nodeSelector"] == {"tenant": "alpha", "karpenter.sh/nodepool": "alpha-gpu"}
    pool = of_kind(found, "NodePool")["alpha-gpu"]["spec"]["template"]["spec"]
    # the chunk tolerates exactly the taints of the pool's nodes, so Karpenter can place it there
    assert sorted((t["key"], t["effect"]) for t in spec["tolerations"]) == sorted(
        (t["key"], t["effect"]) for t in pool["taints"]
    )
    # Kubernetes does not overcommit extended resources: a container asking for a GPU must limit it to as many
    assert spec["containers"][0]["resources"] == {
        "requests": {"cpu": "4", "nvidia.com/gpu": "1"},
        "limits": {"cpu": "4", "nvidia.com/gpu": "1"},
    }
    assert of_kind(found, "CapacityBuffer")["gpu-room"]["spec"]["limits"] == {"nvidia.com/gpu": "2"}


def test_a_buffer_of_a_workload_refers_to_it_and_writes_no_pod_template(tmp_path: Path) -> None:
    found = rendered(tmp_path, [WEB, {"name": "jobs", "scalable": {"kind": "Job", "name": "nightly"}, "replicas": 1}])
    buffers = of_kind(found, "CapacityBuffer")
    assert buffers["web-headroom"]["spec"] == {
        "scalableRef": {"apiGroup": "apps", "kind": "Deployment", "name": "web"},
        "percentage": 20,
    }
    assert buffers["jobs"]["spec"]["scalableRef"]["apiGroup"] == "batch"
    assert not of_kind(found, "PodTemplate")


def test_every_buffer_synth_writes_passes_the_crd_schema_and_its_rules(tmp_path: Path, shared: Path) -> None:
    validator = ObjectValidator(shared, "1.33")
    found = rendered(
        tmp_path, [WARM, GPU, WEB, {"name": "capped", "requests": {"memory": "1Gi"}, "limits": {"memory": "8Gi"}}]
    )
    checked = [
        (path, validator.check(o, path)) for path, o in found.items() if o["kind"] in ("CapacityBuffer", "PodTemplate")
    ]
    assert len(checked) == 7
    assert [findings for _, findings in checked if findings] == []


def test_the_buffers_have_a_stage_after_the_tenants_node_pools_and_turn_the_gate_on(tmp_path: Path) -> None:
    loaded = load(tmp_path, cluster_dict(tenants=[{**TENANT, "buffers": [WARM]}]))
    stages = {stage.id: stage for stage in install_stages(loaded.config)}
    assert (
        stages["buffers-alpha"].after == ("nodepool-alpha",)
        and stages["buffers-alpha"].folder == "tenants/alpha/buffers"
    )
    assert stages["buffers-alpha"].wave > stages["nodepool-alpha"].wave
    found = objects(render_cluster(loaded))
    assert "acme-buffers-alpha" in of_kind(found, "Kustomization")
    release = of_kind(found, "HelmRelease")["karpenter"]
    assert release["spec"]["values"]["settings"]["featureGates"] == {"capacityBuffer": True}
    # without buffers: no stage, no gate
    plain = objects(render_cluster(load(tmp_path / "b", cluster_dict(tenants=[TENANT]))))
    assert "acme-buffers-alpha" not in of_kind(plain, "Kustomization")
    assert "featureGates" not in of_kind(plain, "HelmRelease")["karpenter"]["spec"]["values"].get("settings", {})


def test_the_examples_buffer_chunk_is_a_pod_the_tenants_isolation_policy_admits() -> None:
    """What Karpenter simulates for the buffer is a pod of gamma's: the policy that decides gamma's real pods admits it
    (and a chunk that selected no tenant would be refused: the check can fail)."""
    [path] = (EXAMPLE_DIST / "acme/tenants/gamma/buffers").glob("podtemplate-*.yaml")
    import yaml

    template = yaml.safe_load(path.read_text())
    policy, namespace = bound(), template["metadata"]["namespace"]
    assert admit(policy, namespace, template["template"]["spec"]) == []
    assert admit(policy, namespace, {**template["template"]["spec"], "nodeSelector": {}})


@pytest.mark.parametrize(
    ("buffers", "tenant", "karpenter", "expected"),
    [
        ([{"name": "x", "requests": {"cpu": "1"}}], {}, {}, "tenants[0].buffers[0]: sets no size"),
        ([{**WARM, "scalable": {"kind": "Deployment", "name": "web"}}], {}, {}, "set either requests"),
        ([{"name": "x", "replicas": 1}], {}, {}, "set either requests"),
        ([{**WARM, "percentage": 10}], {}, {}, "tenants[0].buffers[0].percentage: percentage is a share of a workload"),
        ([{**WEB, "pool": "gpu"}], {}, {}, "tenants[0].buffers[0].pool: a workload's own pod template decides"),
        ([{**WARM, "pool": "spot"}], {}, {}, "tenants[0].buffers[0].pool: 'spot' is not one of the tenant's pools"),
        ([{**WARM, "namespace": "beta"}], {}, {}, "tenants[0].buffers[0].namespace: 'beta' is not one of the tenant's"),
        (
            [WARM],
            {"namespaces": ["alpha", "alpha-jobs"]},
            {},
            "tenants[0].buffers[0].namespace: the tenant has 2 namespaces",
        ),
        (
            [WARM],
            {"namespaces": []},
            {},
            "tenants[0].buffers: a buffer is a CapacityBuffer in one of the tenant's namespaces",
        ),
        ([WARM, WARM], {}, {}, "tenants[0].buffers[1].name: buffer 'warm' is listed twice"),
        ([{**WARM, "requests": {"cpu": "-1"}}], {}, {}, "is negative"),
        ([{**WARM, "requests": {"Not A Resource": "1"}}], {}, {}, "a resource name such as"),
        ([{**WEB, "scalable": {"kind": "CronJob", "name": "x"}}], {}, {}, "tenants[0].buffers[0].scalable.kind"),
        ([WARM], {}, {"version": "1.13.2"}, "CapacityBuffers need Karpenter >= 1.14.0; this cluster pins 1.13.2"),
        (
            [WARM],
            {},
            {"featureGates": {"capacityBuffer": False}},
            "karpenter.featureGates.capacityBuffer: a tenant has buffers",
        ),
    ],
)
def test_a_buffer_the_crd_or_the_release_refuses_is_a_config_error(
    buffers: list[dict[str, Any]],
    tenant: dict[str, Any],
    karpenter: dict[str, Any],
    expected: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = cluster_dict(
        tenants=[{**TENANT, **tenant, "buffers": buffers}], karpenter={"version": "1.14.1", **karpenter}
    )
    problems = run_bad_config(tmp_path, data, capsys)
    assert any(expected in p for p in problems), problems


def test_buffers_on_karpenter_031_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from conftest import BASE_V1ALPHA5

    tenant = {**BASE_V1ALPHA5["tenants"][0], "namespaces": ["alpha"], "buffers": [WARM]}
    problems = run_bad_config(tmp_path, cluster_dict(BASE_V1ALPHA5, tenants=[tenant]), capsys)
    assert any("tenants[0].buffers: buffers (CapacityBuffer) need Karpenter >= 1.14" in p for p in problems), problems


def test_plan_says_what_room_a_buffer_keeps_and_that_it_launches_nodes_now(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from conftest import git, write_cluster

    from karpenter_tenants.commands.cli import main

    clusters, dist = tmp_path / "clusters", tmp_path / "dist"
    write_cluster(clusters, cluster_dict(tenants=[TENANT]))
    git(tmp_path, "init", "-q")
    assert main(["--clusters", str(clusters), "synth", "--out", str(dist)]) == 0
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-qm", "base")
    write_cluster(clusters, cluster_dict(tenants=[{**TENANT, "buffers": [{**GPU, "replicas": 1}]}]))
    assert main(["--clusters", str(clusters), "synth", "--out", str(dist)]) == 0
    capsys.readouterr()
    assert main(["--clusters", str(clusters), "plan", "--base", "HEAD", "--dist", str(dist)]) == 0
    out = capsys.readouterr().out
    assert (
        "CapacityBuffer/gpu-room added: Karpenter keeps room for 1 chunk(s) and up to nvidia.com/gpu 2 of cpu 4, "
        "nvidia.com/gpu 1 on NodePool alpha-gpu in namespace alpha: it launches nodes for them now"
    ) in out
    assert "PodTemplate/" not in out  # said with its buffer
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-qm", "buffer")
    write_cluster(clusters, cluster_dict(tenants=[TENANT]))
    assert main(["--clusters", str(clusters), "synth", "--out", str(dist)]) == 0
    capsys.readouterr()
    assert main(["--clusters", str(clusters), "plan", "--base", "HEAD", "--dist", str(dist)]) == 0
    assert (
        "CapacityBuffer/gpu-room removed: Karpenter stops keeping this room in namespace alpha: nodes launched only "
        "for it become empty and consolidation removes them"
    ) in capsys.readouterr().out


def test_plan_says_a_change_of_the_chunk_alone_on_its_buffers_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Only the chunk's requests change: the CapacityBuffer's file is the same, its PodTemplate's is not; plan says
    it on the buffer's line with the requests before and after (it used to say "No change")."""
    from conftest import git, write_cluster

    from karpenter_tenants.commands.cli import main

    clusters, dist = tmp_path / "clusters", tmp_path / "dist"
    write_cluster(clusters, cluster_dict(tenants=[{**TENANT, "buffers": [WARM]}]))
    git(tmp_path, "init", "-q")
    assert main(["--clusters", str(clusters), "synth", "--out", str(dist)]) == 0
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-qm", "base")
    write_cluster(
        clusters, cluster_dict(tenants=[{**TENANT, "buffers": [{**WARM, "requests": {"cpu": "3", "memory": "4Gi"}}]}])
    )
    assert main(["--clusters", str(clusters), "synth", "--out", str(dist)]) == 0
    capsys.readouterr()
    assert main(["--clusters", str(clusters), "plan", "--base", "HEAD", "--dist", str(dist)]) == 0
    out = capsys.readouterr().out
    assert "CapacityBuffer/warm changed: Karpenter keeps room for 3 chunk(s) of cpu 3, memory 4Gi" in out, out
    assert (
        '`chunk requests (its PodTemplate\'s container)`: `{"cpu":"2","memory":"4Gi"}` → `{"cpu":"3","memory":"4Gi"}`'
        in out
    ), out
