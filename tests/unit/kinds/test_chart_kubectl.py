"""kinds.gitops.kubectl (gitops.engine kubectl): no appliers, the install stages' folders applied by hand, the chart
stages rendered at synth from ../shared (checked against ../shared's CRDs and Kubernetes' schemas), synth refusing
without the reference data, and what the readers (plan, wiring, adopt, the upgrade runbook, the config rules) say."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import BASE_V1, BASE_V1ALPHA5, cluster_dict, load, objects, write_cluster
from support.chart_testing import findings

from karpenter_tenants.config.gitops_engines import KUBECTL
from karpenter_tenants.config.yaml_input import InputError
from karpenter_tenants.convert.adopt import plan_adoption
from karpenter_tenants.convert.upgrade_path import _suspend
from karpenter_tenants.kinds.gitops.stages import install_stages
from karpenter_tenants.reference.shared import SHARED_ENV
from karpenter_tenants.review.plan import plan
from karpenter_tenants.synthesis.render import render_cluster

REPOSITORY = Path(__file__).resolve().parents[3]
KUBECTL_GITOPS = {"engine": "kubectl"}
TENANT = {**BASE_V1["tenants"][0], "namespaces": ["alpha"], "quota": {"cpu": "10"}}


def stage_folders(config: Any) -> list[str]:
    """The folders the runbook applies, in install order (a chart stage's folder is the chart's name)."""
    return [stage.chart.chart if stage.chart else stage.folder for stage in install_stages(config)]


def test_every_stage_is_a_folder_of_its_own_and_nothing_applies_them(tmp_path: Path, shared: Path) -> None:
    loaded = load(tmp_path, cluster_dict(gitops=KUBECTL_GITOPS, tenants=[TENANT]))
    files = render_cluster(loaded)
    folders = stage_folders(loaded.config)
    assert folders == ["base", "karpenter-crd", "karpenter", "tenants/alpha", "tenants/alpha/quota"]
    assert {path.rpartition("/")[0] for path in files if path != "aws.json"} == set(folders)
    for folder in folders:  # each a kustomization of its own files only (so one apply -k is one stage)
        listed = yaml.safe_load(files[f"{folder}/kustomization.yaml"])["resources"]
        assert listed == sorted(
            p.rpartition("/")[2]
            for p in files
            if p.rpartition("/")[0] == folder and not p.endswith("/kustomization.yaml")
        )
    found = objects(files)
    assert not [
        p
        for p, o in found.items()
        if o["kind"] in ("Kustomization", "Application", "HelmRelease", "OCIRepository", "GitRepository")
    ]
    kinds = {(p.rpartition("/")[0], o["kind"]) for p, o in found.items()}
    assert ("karpenter", "Deployment") in kinds and ("tenants/alpha", "NodePool") in kinds
    crds = {o["metadata"]["name"] for p, o in found.items() if p.startswith("karpenter-crd/")}
    assert {"nodepools.karpenter.sh", "ec2nodeclasses.karpenter.k8s.aws", "nodeclaims.karpenter.sh"} <= crds
    # 1.x: the controller's folder has no CRDs (karpenter-crd's are the ones), as skipCrds / install.crds Skip say
    assert not [p for p, o in found.items() if p.startswith("karpenter/") and o["kind"] == "CustomResourceDefinition"]
    [deployment] = [o for o in found.values() if o["kind"] == "Deployment"]
    assert deployment["metadata"]["namespace"] == loaded.config.karpenter.namespace
    assert deployment["spec"]["template"]["spec"]["serviceAccountName"] == loaded.config.karpenter.service_account
    assert findings(shared, list(found.values())) == []  # Karpenter's CRDs and Kubernetes' own schemas


def test_the_controller_stage_is_the_chart_as_helm_renders_it_with_the_generated_values(
    tmp_path: Path, shared: Path
) -> None:
    from karpenter_tenants.checks.helm_render import render_karpenter

    loaded = load(tmp_path, cluster_dict(gitops=KUBECTL_GITOPS, tenants=[TENANT]))
    found = [o for p, o in objects(render_cluster(loaded)).items() if p.startswith("karpenter/")]
    rendered = render_karpenter(shared, loaded.config)
    assert sorted((o["kind"], o["metadata"]["name"]) for o in found) == sorted(
        (o["kind"], o["metadata"]["name"]) for o in rendered
    )
    by_name = {(o["kind"], o["metadata"]["name"]): o for o in rendered}
    for obj in found:  # the same object, with the product's managed-by label only where Helm set none
        assert {k: v for k, v in obj.items() if k != "metadata"} == {
            k: v for k, v in by_name[(obj["kind"], obj["metadata"]["name"])].items() if k != "metadata"
        }


def test_on_0_31_the_controller_stage_carries_the_charts_crds(tmp_path: Path, shared: Path) -> None:
    loaded = load(tmp_path, cluster_dict(BASE_V1ALPHA5, gitops=KUBECTL_GITOPS))
    found = objects(render_cluster(loaded))
    assert stage_folders(loaded.config)[:2] == ["base", "karpenter"]
    crds = {
        o["metadata"]["name"]
        for p, o in found.items()
        if p.startswith("karpenter/") and o["kind"] == "CustomResourceDefinition"
    }
    assert "provisioners.karpenter.sh" in crds
    assert findings(shared, list(found.values()), kubernetes="1.28") == []


def test_synth_without_the_reference_data_exits_2_naming_what_is_missing(tmp_path: Path) -> None:
    write_cluster(tmp_path / "clusters", cluster_dict(gitops=KUBECTL_GITOPS))
    empty = tmp_path / "no-shared"
    empty.mkdir()
    result = subprocess.run(
        [sys.executable, str(REPOSITORY / "main.py"), "synth", "--jobs", "1"],
        cwd=tmp_path,
        env={**os.environ, SHARED_ENV: str(empty)},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 2, result.stderr
    assert "gitops.engine kubectl renders the karpenter-crd chart at synth" in result.stderr
    assert "fetch-reference 1.14.1" in result.stderr and str(empty) in result.stderr
    assert not (tmp_path / "dist").exists()


@pytest.mark.parametrize(
    ("gitops", "karpenter", "expected"),
    [
        (
            {"engine": "kubectl", "argocd": {"repoURL": "https://git.example/p.git"}},
            {},
            "an 'argocd' section is set but engine is kubectl",
        ),
        ({"engine": "kubectl", "flux": {"interval": "5m"}}, {}, "a 'flux' section is set but engine is kubectl"),
        (
            {"engine": "kubectl"},
            {"chartSource": {"digests": {"karpenter": "sha256:" + "a" * 64}}},
            "gitops.engine kubectl pulls no chart",
        ),
    ],
)
def test_settings_the_kubectl_engine_cannot_honour_are_config_errors(
    gitops: dict[str, Any], karpenter: dict[str, Any], expected: str, tmp_path: Path
) -> None:
    from karpenter_tenants.config.loader import ConfigError

    data = cluster_dict(gitops=gitops)
    data["karpenter"] = {**data["karpenter"], **karpenter}
    with pytest.raises(ConfigError) as error:
        load(tmp_path, data)
    assert any(expected in str(problem) for problem in error.value.problems), error.value.problems


def test_plan_says_each_change_is_applied_by_hand_and_nothing_prunes(tmp_path: Path) -> None:
    before = load(tmp_path / "a", cluster_dict(gitops=KUBECTL_GITOPS, tenants=[TENANT]))
    beta = {**TENANT, "name": "beta", "namespaces": ["beta"], "nodeRole": "node-beta"}
    beta.pop("quota")
    after = load(tmp_path / "b", cluster_dict(gitops=KUBECTL_GITOPS, tenants=[beta]))
    old = {f"acme/{p}": t for p, t in render_cluster(before).items()}
    new = {f"acme/{p}": t for p, t in render_cluster(after).items()}
    changes = plan(old, new)
    added = [c for c in changes if c.kind == "NodePool" and c.action == "added"]
    removed = [c for c in changes if c.kind == "NodePool" and c.action == "removed"]
    assert added and removed
    assert "after merging run `kubectl apply --server-side -k dist/acme/tenants/beta`" in added[0].why
    assert "nothing prunes under gitops.engine kubectl" in removed[0].why
    assert "`kubectl delete nodepool alpha`" in removed[0].why


def test_adopt_refuses_and_says_what_to_do_instead(tmp_path: Path, shared: Path) -> None:
    loaded = load(tmp_path, cluster_dict(gitops=KUBECTL_GITOPS, tenants=[TENANT]))
    with pytest.raises(InputError) as error:
        plan_adoption(loaded, shared)
    message = str(error.value)
    assert str(loaded.source) in message and "no controller to hand a Helm install to" in message
    assert "kubectl apply --server-side --force-conflicts -k dist/acme/<folder>" in message
    assert "kubectl delete secret -n karpenter -l owner=helm,name=karpenter" in message


def test_the_upgrade_runbook_suspends_nothing_and_resumes_by_applying_the_stages_in_order(tmp_path: Path) -> None:
    loaded = load(tmp_path, cluster_dict(gitops=KUBECTL_GITOPS, tenants=[TENANT]))
    assert _suspend("acme", loaded.config, "suspend") == (
        "# gitops.engine kubectl: nothing syncs dist/, nothing to suspend",
    )
    assert _suspend("acme", loaded.config, "resume") == tuple(
        KUBECTL.apply_stage(f"acme/{folder}") for folder in stage_folders(loaded.config)
    )
