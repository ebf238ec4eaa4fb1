"""The GitOps wiring check: the example output is clean, and each way of mis-wiring it is caught
with a finding that names both objects involved."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import EXAMPLE_DIST, EXAMPLES_DIR, ROOT

from karpenter_tenants.checks.wiring import ClusterWiring, check_wiring, check_wiring_files, wiring_for
from karpenter_tenants.config.loader import LoadedCluster

Files = dict[str, str]


def edit(files: Files, path: str, change: Callable[[dict[str, Any]], None]) -> Files:
    """A copy of files with the object in `path` changed in place by `change`."""
    obj = yaml.safe_load(files[path])
    change(obj)
    return {**files, path: yaml.safe_dump(obj, sort_keys=False)}


def findings(files: Files, examples: list[LoadedCluster]) -> list[str]:
    return [str(f) for f in check_wiring_files(files, wiring_for(examples))]


def test_every_example_cluster_is_wired_cleanly(example_files: Files, examples: list[LoadedCluster]) -> None:
    assert findings(example_files, examples) == []


def test_the_committed_dist_is_wired_cleanly(examples: list[LoadedCluster]) -> None:
    assert [str(f) for f in check_wiring(EXAMPLE_DIST, wiring_for(examples))] == []


def test_every_object_of_every_example_is_applied_exactly_once(
    example_files: Files, examples: list[LoadedCluster]
) -> None:
    """Dropping any one object file from its folder's kustomization.yaml leaves it applied by nobody."""
    path = "acme/tenants/alpha/kustomization.yaml"
    kustomization = yaml.safe_load(example_files[path])
    kustomization["resources"] = [r for r in kustomization["resources"] if r != "nodepool-alpha.yaml"]
    found = findings({**example_files, path: yaml.safe_dump(kustomization)}, examples)
    assert found == [
        "acme/tenants/alpha/nodepool-alpha.yaml: NodePool/alpha: (object): applied by no applier: neither the "
        "bootstrap step (`kubectl apply -k dist/acme/flux`) nor any Kustomization/Application of this cluster "
        "builds it [wiring]"
    ]


ROOT_FILE = "acme/flux/kustomization-acme-root.yaml"


def _set(*keys: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(obj: dict[str, Any]) -> None:
        target = obj
        for key in keys[:-1]:
            target = target.setdefault(key, {})
        target[keys[-1]] = value

    return change


# Each case: a file of dist/, the key path and value set in its object, and substrings some finding must
# contain (both objects involved named).
MUTATIONS: list[dict[str, Any]] = yaml.safe_load((ROOT / "tests/cases/wiring-mutations.yaml").read_text())


def same_eks_cluster(examples: list[LoadedCluster]) -> list[ClusterWiring]:
    """The examples' wiring, with acme-legacy describing the same EKS cluster as acme (as during an upgrade
    where both files were kept)."""
    wiring = {w.key: w for w in wiring_for(examples)}
    wiring["acme-legacy"] = dataclasses.replace(wiring["acme-legacy"], identity=wiring["acme"].identity)
    return list(wiring.values())


@pytest.mark.parametrize("case", MUTATIONS, ids=[case["id"] for case in MUTATIONS])
def test_a_mis_wired_dist_is_rejected_naming_both_objects(
    example_files: Files, examples: list[LoadedCluster], case: dict[str, Any]
) -> None:
    files = edit(example_files, case["file"], _set(*case["set"], value=case["value"]))
    found = [str(f) for f in check_wiring_files(files, same_eks_cluster(examples))]
    assert found, "the mutation must be found"
    for text in case["expect"]:
        assert any(text in finding for finding in found), "\n".join(found)


def test_the_old_hand_made_root_would_have_been_caught(example_files: Files, examples: list[LoadedCluster]) -> None:
    """The README once said `flux create kustomization karpenter --path=./dist/acme/flux`: a root that
    shares its name with the controller stage, so applying it replaced itself."""
    files = edit(example_files, ROOT_FILE, _set("metadata", "name", value="acme-karpenter"))
    assert any("is also Kustomization flux-system/acme-karpenter" in f for f in findings(files, examples))


def test_validate_runs_the_wiring_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from karpenter_tenants.commands.cli import main

    dist = tmp_path / "dist"
    for relative, text in edit(
        {p.relative_to(EXAMPLE_DIST).as_posix(): p.read_text() for p in (EXAMPLE_DIST).rglob("*.yaml")},
        ROOT_FILE,
        _set("spec", "path", value="./dist/acme/flux"),
    ).items():
        (dist / relative).parent.mkdir(parents=True, exist_ok=True)
        (dist / relative).write_text(text)
    assert main(["--clusters", str(EXAMPLES_DIR), "validate", str(dist)]) == 1
    output = capsys.readouterr().out
    assert "acme/flux/kustomization-acme-root.yaml: Kustomization/flux-system/acme-root: spec: spec.path " in output
    # itself, and the nine stages, the root and the appliers' account and its binding each applied twice or never
    assert "(13 wiring)" in output


def test_both_engines_render_the_same_install_stages(tmp_path: Path) -> None:
    """One stage plan (kinds.gitops.stages): Flux and Argo CD apply the same stages, in the same order."""
    from conftest import cluster_dict, load, objects

    from karpenter_tenants.kinds.gitops.stages import install_stages
    from karpenter_tenants.synthesis.render import render_cluster

    for base in (
        {},
        {
            "karpenter": {"version": "0.31.5"},
            "cluster": {
                "name": "acme",
                "accountId": "001234567890",
                "region": "ca-central-1",
                "kubernetesVersion": "1.28",
            },
            "tenants": [{"name": "alpha", "instanceProfile": "p", "ami": {"family": "AL2"}}],
        },
    ):
        flux = load(tmp_path / f"flux{len(base)}", cluster_dict(**base))
        argo = load(
            tmp_path / f"argo{len(base)}",
            cluster_dict(**base, gitops={"engine": "argocd", "argocd": {"repoURL": "https://example.com/r.git"}}),
        )
        stages = install_stages(flux.config)
        kustomizations = {
            o["metadata"]["name"]: o for p, o in objects(render_cluster(flux)).items() if p.startswith("flux/stages/")
        }
        applications = {
            o["metadata"]["name"]: o for p, o in objects(render_cluster(argo)).items() if p.startswith("argocd/apps/")
        }
        assert sorted(kustomizations) == sorted(applications) == sorted(f"acme-{s.id}" for s in stages)
        for stage in stages:
            after = [d["name"] for d in kustomizations[f"acme-{stage.id}"]["spec"].get("dependsOn", [])]
            assert after == [f"acme-{a}" for a in stage.after]
            wave = int(applications[f"acme-{stage.id}"]["metadata"]["annotations"]["argocd.argoproj.io/sync-wave"])
            assert all(
                wave > int(applications[name]["metadata"]["annotations"]["argocd.argoproj.io/sync-wave"])
                for name in after
            )
