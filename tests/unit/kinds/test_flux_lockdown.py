"""Flux's multi-tenancy lockdown and the bootstrap layouts: with gitops.flux.serviceAccountName every generated
applier names the account, which synth writes with its binding where each controller impersonates it; no object
references another namespace (--no-cross-namespace-refs); a sourceRef is the bootstrap GitRepository or one synth
writes (gitops.flux.source). The lockdown itself runs in tests/e2e/test_flux.py."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import BASE_V1, EXAMPLE_DIST, cluster_dict, load, objects, write_cluster
from support.input_helpers import run_bad_config

from karpenter_tenants.commands.cli import main
from karpenter_tenants.synthesis.render import render_cluster

APPLIER = "flux-applier"


def example_objects(key: str) -> dict[str, dict[str, Any]]:
    return {
        str(p.relative_to(EXAMPLE_DIST / key)): yaml.safe_load(p.read_text())
        for p in sorted((EXAMPLE_DIST / key).rglob("*.yaml"))
        if p.name != "kustomization.yaml"
    }


def test_every_applier_of_the_locked_down_example_names_the_generated_account() -> None:
    found = example_objects("acme")
    appliers = {path: o for path, o in found.items() if o["kind"] in ("Kustomization", "HelmRelease")}
    assert len(appliers) >= 7
    assert {path: o["spec"].get("serviceAccountName") for path, o in appliers.items()} == dict.fromkeys(
        appliers, APPLIER
    )
    # the account exists where each controller looks for it: the appliers' namespace, with a binding
    accounts = {
        (o["metadata"]["namespace"], path.split("/")[0])
        for path, o in found.items()
        if o["kind"] == "ServiceAccount" and o["metadata"]["name"] == APPLIER
    }
    assert accounts == {("flux-system", "flux"), ("karpenter", "base")}
    bound = {
        (s["namespace"], o["roleRef"]["name"])
        for o in found.values()
        if o["kind"] == "ClusterRoleBinding"
        for s in o["subjects"]
        if s["name"] == APPLIER
    }
    assert bound == {("flux-system", "cluster-admin"), ("karpenter", "cluster-admin")}
    assert {o["metadata"]["namespace"] for o in appliers.values() if o["kind"] == "HelmRelease"} == {"karpenter"}


@pytest.mark.parametrize("key", ["acme", "acme-legacy", "acme-argocd"])
def test_no_generated_object_references_another_namespace(key: str) -> None:
    """What kustomize-controller and helm-controller refuse under --no-cross-namespace-refs=true."""
    for path, obj in example_objects(key).items():
        spec, namespace = obj.get("spec") or {}, obj["metadata"].get("namespace")
        refs = [spec.get("sourceRef"), spec.get("chartRef"), *(spec.get("dependsOn") or [])]
        for ref in (r for r in refs if isinstance(r, dict)):
            assert ref.get("namespace", namespace) == namespace, (path, ref)


def test_the_appliers_account_may_not_be_the_controllers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    [problem] = run_bad_config(tmp_path, cluster_dict(gitops={"flux": {"serviceAccountName": "karpenter"}}), capsys)
    assert "gitops.flux.serviceAccountName: 'karpenter' is the Karpenter controller's ServiceAccount" in problem


def test_a_fleet_repository_gets_its_own_git_repository_beside_the_root(tmp_path: Path) -> None:
    source = {"url": "ssh://git@github.com/acme/fleet", "secretRef": "fleet-key"}
    files = render_cluster(load(tmp_path, cluster_dict(gitops={"flux": {"sourceRef": "fleet", "source": source}})))
    found = {path: o for path, o in objects(files).items() if o["kind"] == "GitRepository"}
    assert list(found) == ["flux/gitrepository-fleet.yaml"]
    repository = found["flux/gitrepository-fleet.yaml"]
    assert repository["metadata"] | {"labels": None} == {"name": "fleet", "namespace": "flux-system", "labels": None}
    assert repository["spec"] == {
        "interval": "10m",
        "ref": {"branch": "main"},
        "secretRef": {"name": "fleet-key"},
        "url": "ssh://git@github.com/acme/fleet",
    }
    assert "gitrepository-fleet.yaml" in yaml.safe_load(files["flux/kustomization.yaml"])["resources"]


@pytest.mark.parametrize(
    ("flux", "expected"),
    [
        (
            {"sourceRef": "flux-system", "source": {"url": "https://github.com/acme/fleet"}},
            "flux-system/flux-system is the GitRepository `flux bootstrap` creates and owns",
        ),
        ({"sourceRef": "fleet", "source": {"url": "github.com/acme/fleet"}}, "is not a Git URL Flux clones"),
    ],
)
def test_a_source_that_would_fight_bootstrap_or_cannot_be_cloned_is_refused(
    flux: dict[str, Any], expected: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    [problem] = run_bad_config(tmp_path, cluster_dict(gitops={"flux": flux}), capsys)
    assert expected in problem, problem


def test_validate_reports_a_source_ref_nothing_creates(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    clusters, dist = tmp_path / "clusters", tmp_path / "dist"
    write_cluster(clusters, cluster_dict(gitops={"flux": {"sourceRef": "elsewhere"}}, tenants=BASE_V1["tenants"]))
    assert main(["--clusters", str(clusters), "synth", "--out", str(dist)]) == 0
    capsys.readouterr()
    assert main(["--clusters", str(clusters), "validate", str(dist)]) == 1
    out = capsys.readouterr().out
    assert (
        "spec.sourceRef: GitRepository flux-system/elsewhere is neither generated nor the GitRepository `flux "
        "bootstrap` creates (flux-system/flux-system): set gitops.flux.source"
    ) in out


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (
            cluster_dict(gitops={"flux": {"serviceAccountName": "kustomize-controller"}}),
            "'kustomize-controller' is a Flux controller's own ServiceAccount",
        ),
        (
            cluster_dict(
                gitops={"flux": {"serviceAccountName": "flux-applier"}},
                karpenter={"version": "1.14.1", "namespace": "flux-system"},
            ),
            "karpenter.namespace: 'flux-system' is also gitops.flux.namespace",
        ),
    ],
)
def test_an_appliers_account_that_would_take_over_fluxs_own_is_refused(
    data: dict[str, Any], expected: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    problems = run_bad_config(tmp_path, data, capsys)
    assert any(expected in p for p in problems), problems
