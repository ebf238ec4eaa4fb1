"""The GitOps engines' facts, which every layer reads: for each `gitops.engine`, the folder of dist/<cluster>/ that is
applied once by hand (the root applier, and Flux's bootstrap objects beside it), the folder of the stage appliers the
root applies, and the appliers' kind and API group. The engines' charts (kinds.gitops.flux, kinds.gitops.argocd)
write these folders; wiring, plan, adopt and the upgrade runbook read them from here, without loading the charts.

Imports nothing of the product (it sits on config's layer)."""

from __future__ import annotations

from dataclasses import dataclass

LAYER = "config"  # this module's layer (kinds/__init__.py)


@dataclass(frozen=True)
class EngineFacts:
    """What the rest of the product knows of one GitOps engine's output."""

    name: str  # the value of gitops.engine, and the root chart's construct id
    root_folder: str  # the root applier's folder of dist/<cluster>/, applied by hand
    stages_folder: str  # the stage appliers, which the root applies
    applier_kind: str  # the kind of every applier the engine's charts write
    applier_group: str  # its API group
    bootstrap_beside_root: bool  # whether objects beside the root are applied by hand with it (Flux's `apply -k`)


FLUX = EngineFacts(name="flux", root_folder="flux", stages_folder="flux/stages", applier_kind="Kustomization",
                   applier_group="kustomize.toolkit.fluxcd.io", bootstrap_beside_root=True)
ARGOCD = EngineFacts(name="argocd", root_folder="argocd", stages_folder="argocd/apps", applier_kind="Application",
                     applier_group="argoproj.io", bootstrap_beside_root=False)
ENGINES = {engine.name: engine for engine in (FLUX, ARGOCD)}
"""Every engine, by gitops.engine (config.schema.gitops' Literal lists the same names: a test holds it)."""
DEFAULT_ENGINE = FLUX


def root_name(key: str) -> str:
    """The root applier of the cluster of this key, whatever the engine."""
    return f"{key}-root"


def engine_of_applier(kind: str) -> EngineFacts | None:
    """The engine whose appliers are of this kind (None: not an applier)."""
    return next((engine for engine in ENGINES.values() if engine.applier_kind == kind), None)
