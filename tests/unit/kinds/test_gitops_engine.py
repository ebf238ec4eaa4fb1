"""kinds.gitops: one engine is one set of facts (config.gitops_engines), one Engine (kinds.gitops.engine) and one set
of adoption steps; the facts that wiring, plan, adopt and the upgrade runbook read are what the engine's charts
write, checked on a whole rendered cluster of each engine."""

from __future__ import annotations

import typing
from pathlib import Path
from typing import Any

import pytest
from conftest import BASE_V1, cluster_dict, load, objects

from karpenter_tenants.checks.wiring import check_wiring_files
from karpenter_tenants.config.gitops_engines import DEFAULT_ENGINE, ENGINES, engine_of_applier, root_name
from karpenter_tenants.config.schema.gitops import GitOpsConfig
from karpenter_tenants.convert.adopt import ENGINE_STEPS
from karpenter_tenants.kinds.gitops.engine import ENGINE
from karpenter_tenants.kinds.gitops.stages import install_stages
from karpenter_tenants.synthesis.render import render_cluster

GITOPS = {
    "flux": {"engine": "flux"},
    "argocd": {"engine": "argocd", "argocd": {"repoURL": "https://git.example.com/platform.git"}},
    "kubectl": {"engine": "kubectl"},
}
APPLIED = sorted(name for name in GITOPS if ENGINES[name].has_appliers)  # engines whose output applies dist/
TENANT = {**BASE_V1["tenants"][0], "namespaces": ["alpha"], "quota": {"cpu": "10"}}


def test_every_engine_the_cluster_file_accepts_has_facts_an_engine_and_adoption_steps() -> None:
    accepted = set(typing.get_args(GitOpsConfig.model_fields["engine"].annotation))
    assert accepted == set(ENGINES) == set(ENGINE) == set(GITOPS)
    # adopt has steps for an engine, or its facts say what to do instead (never both, never neither)
    assert set(ENGINE_STEPS) == {name for name, e in ENGINES.items() if e.adopt_instead is None}
    assert GitOpsConfig.model_fields["engine"].default == DEFAULT_ENGINE.name
    for name, engine in ENGINE.items():
        assert engine.facts is ENGINES[name]
    # one applier kind per engine that writes appliers: a kind names its engine back
    applying = {e for e in ENGINES.values() if e.has_appliers}
    assert {engine_of_applier(e.applier_kind) for e in applying if e.applier_kind} == applying
    assert engine_of_applier("HelmRelease") is None
    # an engine without appliers has no root folder (the cluster's folder is applied, stage by stage) and says how
    for engine in set(ENGINES.values()) - applying:
        assert engine.root_folder == engine.stages_folder == "" and engine.applier_group is None
        assert engine.synced_by is None and "{folder}" in engine.stage_command
    for engine in applying:
        assert engine.synced_by and engine.root_command


def applied_path(applier: dict[str, Any]) -> str:
    spec = applier["spec"]
    return spec["path"] if "path" in spec else spec["source"]["path"]


@pytest.mark.parametrize("name", APPLIED)
def test_the_engine_writes_its_root_and_stages_where_its_facts_say(name: str, tmp_path: Path) -> None:
    facts = ENGINES[name]
    loaded = load(tmp_path, cluster_dict(gitops=GITOPS[name], tenants=[TENANT]))
    files = render_cluster(loaded)
    found = objects(files)
    appliers = {path: o for path, o in found.items() if o["kind"] == facts.applier_kind}
    key = loaded.key
    # the root: in the root folder, named root_name, applying the stages folder and nothing else
    [(root_path, root)] = [(p, o) for p, o in appliers.items() if o["metadata"]["name"] == root_name(key)]
    assert root_path.rpartition("/")[0] == facts.root_folder
    assert applied_path(root).removeprefix("./").endswith(f"/{facts.stages_folder}")
    # every stage an applier in the stages folder, named after the stage; nothing else the engine applies
    stages = {f"{key}-{stage.id}" for stage in install_stages(loaded.config)}
    in_stages = {o["metadata"]["name"] for p, o in appliers.items() if p.rpartition("/")[0] == facts.stages_folder}
    assert in_stages == stages
    assert set(o["metadata"]["name"] for o in appliers.values()) == stages | {root_name(key)}
    # no other engine's applier anywhere
    others = {e.applier_kind for e in ENGINES.values() if e is not facts}
    assert not [p for p, o in found.items() if o["kind"] in others]
    # the wiring check, told nothing of the cluster file, finds the engine from the root folder alone
    dist = {f"{key}/{path}": text for path, text in files.items()}
    assert check_wiring_files(dist, []) == []


@pytest.mark.parametrize("name", sorted(GITOPS))
def test_the_wiring_check_finds_every_engine_from_its_folder_alone(name: str, tmp_path: Path) -> None:
    """Told nothing of the cluster file: every object is applied exactly once (an engine without appliers: by the
    stage folders applied by hand), and no engine writes another's appliers."""
    loaded = load(tmp_path, cluster_dict(gitops=GITOPS[name], tenants=[TENANT]))
    files = render_cluster(loaded)
    others = {e.applier_kind for e in ENGINES.values() if e is not ENGINES[name] and e.has_appliers}
    assert not [p for p, o in objects(files).items() if o["kind"] in others]
    assert check_wiring_files({f"{loaded.key}/{path}": text for path, text in files.items()}, []) == []
