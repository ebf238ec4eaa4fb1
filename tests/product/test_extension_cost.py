"""What a new GitOps engine costs (issue 57; docs/development.md "Adding a GitOps engine"): its module, its line in
kinds.gitops.engine.ENGINE and its facts in config.gitops_engines.ENGINES. Nothing else lists the engines' names:
the cluster file's `gitops.engine` (its validation, its JSON schema's enum, docs/configuration.md's reference row)
and `init --gitops`'s choices are made from ENGINES. Checked by planting an engine in ENGINES, in a process of its
own, before anything reads it."""

from __future__ import annotations

import json
import subprocess
import sys

from conftest import ROOT

# Run in a fresh interpreter: the registry gets a planted engine (kubectl's facts, renamed) before the schema, the
# command line and the reference docs are imported, then each is asked whether it knows the name.
PLANT = """
import dataclasses, json, sys
from karpenter_tenants.config import gitops_engines
planted = dataclasses.replace(gitops_engines.KUBECTL, name=sys.argv[1])
gitops_engines.ENGINES[planted.name] = planted

from karpenter_tenants.commands.cli import build_parser
from karpenter_tenants.config.docs import config_reference
from karpenter_tenants.config.schema.gitops import GitOpsConfig

config = GitOpsConfig.model_validate({"engine": planted.name})
args = build_parser().parse_args(["init", "somewhere", "--gitops", planted.name])
row = next(line for line in config_reference().splitlines() if line.startswith("| `gitops.engine` |"))
print(json.dumps({
    "validated": config.engine,
    "schema": GitOpsConfig.model_json_schema()["properties"]["engine"]["enum"],
    "init": args.gitops,
    "reference": row,
}))
"""


def planted(name: str) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", PLANT, name], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def test_an_engine_planted_in_the_registry_is_accepted_everywhere_the_engines_are_named() -> None:
    found = planted("planted-engine")
    assert found["validated"] == "planted-engine"  # gitops.engine: the cluster file accepts it
    assert found["schema"] == ["flux", "argocd", "kubectl", "planted-engine"]  # the JSON schema's enum lists it
    assert found["init"] == "planted-engine"  # init --gitops offers it
    assert "`planted-engine`" in str(found["reference"])  # docs/configuration.md's row would name it


def test_without_a_plant_the_names_are_the_registrys() -> None:
    """The counterpart: the names every reader has are exactly ENGINES' (the planted one came from there)."""
    import argparse

    from karpenter_tenants.commands import init
    from karpenter_tenants.config.gitops_engines import DEFAULT_ENGINE, ENGINES
    from karpenter_tenants.config.schema.gitops import GitOpsConfig

    assert GitOpsConfig.model_json_schema()["properties"]["engine"]["enum"] == list(ENGINES)
    assert GitOpsConfig.model_fields["engine"].default == DEFAULT_ENGINE.name
    commands = argparse.ArgumentParser().add_subparsers()
    init.add_parser(commands)
    [gitops] = [action for action in commands.choices["init"]._actions if action.dest == "gitops"]
    assert (list(gitops.choices), gitops.default) == (list(ENGINES), DEFAULT_ENGINE.name)
