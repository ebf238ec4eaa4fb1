"""The GitOps engines' facts, which every layer reads: for each `gitops.engine`, the folder of dist/<cluster>/ that is
applied once by hand (the root applier, and Flux's bootstrap objects beside it), the folder of the stage appliers the
root applies, the appliers' kind and API group, and the words and commands the readers say of the engine (what syncs
dist/, how its root is applied, how a stage folder is applied where nothing syncs, why `adopt` has no steps for it).
The engines' charts (kinds.gitops.flux, kinds.gitops.argocd, kinds.gitops.kubectl) write these folders; wiring, plan,
adopt and the upgrade runbook read them from here, without loading the charts, and never branch on an engine's name.

The gitops kind's (kinds/gitops/) facts, kept in config/ because config's rules read them (a folder imports only the
folders below it; kinds/ sits above config/). Imports nothing of the product."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class EngineFacts:
    """What the rest of the product knows of one GitOps engine's output."""

    name: str  # the value of gitops.engine, and the root chart's construct id
    root_folder: str  # the root applier's folder of dist/<cluster>/, applied by hand
    stages_folder: str  # the stage appliers, which the root applies
    applier_kind: str | None  # the kind of every applier the engine's charts write (None: it writes none)
    applier_group: str | None  # its API group
    bootstrap_beside_root: bool  # whether objects beside the root are applied by hand with it (Flux's `apply -k`)
    # What syncs dist/ from Git ("Flux", "Argo CD"); None: nothing does, every stage folder is applied by hand
    # (then root_folder is "", the cluster's folder itself, and applier_kind and applier_group are None).
    synced_by: str | None = None
    # The one-time command that applies the root: {folder} the root's folder, {path} its file, both under dist/.
    root_command: str = ""
    # The command that applies one stage folder {folder} (under dist/) by hand, where nothing syncs dist/.
    stage_command: str = ""
    # Why `adopt` writes no steps for this engine and what to do instead ({cluster}, {namespace}: Karpenter's);
    # None: convert.adopt.ENGINE_STEPS has the engine's steps.
    adopt_instead: str | None = None
    # karpenter.chartSource settings the engine cannot honour: (setting, why), said as a config error.
    refuses_chart_source: tuple[tuple[str, str], ...] = ()
    # Whether one instance of the engine may manage many clusters (a hub): its appliers, in its one namespace, must
    # then be named differently by every cluster file (config.rules.files checks it across the files).
    hub: bool = False
    # The upgrade runbook's commands (convert.upgrade_path) that stop, then restart, the engine applying dist/: a
    # command with {name} is said for each applier (the root first, then each stage's), any other once. {namespace}:
    # the engine's (config.schema.gitops.gitops_namespace); {karpenter_namespace}; {root_file}: the root applier's
    # file under dist/. Unused where nothing syncs dist/ (has_appliers false).
    suspend_commands: tuple[str, ...] = ()
    resume_commands: tuple[str, ...] = ()
    # The engine's settings as `init` writes them into a new cluster file (karpenter_tenants.scaffold), lines under
    # `gitops:`; {repo_url}: init's --repo-url (a placeholder with a TODO when not given), which only an engine whose
    # lines have it accepts. "": the engine's defaults, nothing written.
    init_settings: str = ""

    @property
    def has_appliers(self) -> bool:
        """Whether objects of the cluster apply dist/ (a root and its stage appliers), or nothing does."""
        return self.applier_kind is not None

    def apply_root(self, folder: str, path: str) -> str:
        return self.root_command.format(folder=folder, path=path)

    def apply_stage(self, folder: str) -> str:
        return self.stage_command.format(folder=folder)


FLUX = EngineFacts(
    name="flux",
    root_folder="flux",
    stages_folder="flux/stages",
    applier_kind="Kustomization",
    applier_group="kustomize.toolkit.fluxcd.io",
    bootstrap_beside_root=True,
    synced_by="Flux",
    root_command="kubectl apply -k dist/{folder}",
    suspend_commands=(
        "flux suspend kustomization {name} -n {namespace}",
        "flux suspend helmrelease karpenter -n {karpenter_namespace}",
    ),
    resume_commands=(
        "flux resume kustomization {name} -n {namespace}",
        "flux resume helmrelease karpenter -n {karpenter_namespace}",
    ),
)
ARGOCD = EngineFacts(
    name="argocd",
    root_folder="argocd",
    stages_folder="argocd/apps",
    applier_kind="Application",
    applier_group="argoproj.io",
    bootstrap_beside_root=False,
    synced_by="Argo CD",
    root_command="kubectl apply -n argocd -f dist/{path}",
    hub=True,
    # the root first: with its self-heal on, it would turn its children's automated sync back on
    suspend_commands=("argocd app set {namespace}/{name} --sync-policy none",),
    # the root as generated (its automated sync), which syncs its children's back
    resume_commands=("kubectl apply -n {namespace} -f dist/{root_file}",),
    init_settings="  argocd:\n    repoURL: {repo_url}\n    targetRevision: main",
    refuses_chart_source=(
        (
            "verify",
            "Argo CD cannot verify chart signatures: it checks GnuPG signatures of Git commits "
            "only, not cosign signatures of Helm OCI charts; remove verify and pin karpenter.chartSource."
            "digests instead (or use gitops.engine flux)",
        ),
    ),
)
# Plain `kubectl apply -k`: no controller; the stage folders of dist/<cluster>/ are applied by hand in install order
# (kinds.gitops.kubectl; docs/gitops.md). Server-side: the CRDs exceed client-side apply's annotation limit.
KUBECTL = EngineFacts(
    name="kubectl",
    root_folder="",
    stages_folder="",
    applier_kind=None,
    applier_group=None,
    bootstrap_beside_root=False,
    stage_command="kubectl apply --server-side -k dist/{folder}",
    adopt_instead=(
        "gitops.engine kubectl has no controller to hand a Helm install to: nothing syncs dist/ and the chart stage is "
        "the chart rendered at synth. Either keep Karpenter a Helm release (gitops.engine flux or argocd, then `adopt "
        "{cluster}`), or apply the stage folders over it in order (`kubectl apply --server-side --force-conflicts -k "
        "dist/{cluster}/<folder>`, docs/gitops.md: server-side apply takes over the fields Helm set) and then drop Helm's "
        "record without deleting anything: `kubectl delete secret -n {namespace} -l owner=helm,name=karpenter`"
    ),
    refuses_chart_source=tuple(
        (
            setting,
            (
                "gitops.engine kubectl pulls no chart: synth renders the chart of the reference data (fetch-reference checks what "
                "it downloads); remove karpenter.chartSource." + setting + " (or use gitops.engine flux)"
            ),
        )
        for setting in ("digests", "verify")
    ),
)
ENGINES = {engine.name: engine for engine in (FLUX, ARGOCD, KUBECTL)}
"""Every engine, by gitops.engine: the one list of their names, which config.schema.gitops' Literal (and so the JSON
schema) and init's --gitops choices are made from (tests/product/test_extension_cost.py holds it)."""
DEFAULT_ENGINE = FLUX


def root_name(key: str) -> str:
    """The root applier of the cluster of this key, whatever the engine."""
    return f"{key}-root"


def engine_of_applier(kind: str) -> EngineFacts | None:
    """The engine whose appliers are of this kind (None: not an applier)."""
    return next((engine for engine in ENGINES.values() if engine.has_appliers and engine.applier_kind == kind), None)


def root_folder_of(key: str, engine: EngineFacts) -> str:
    """The folder of dist/ applied once by hand for this cluster: the engine's root folder, or (nothing syncing
    dist/) the cluster's folder itself, every stage folder of which is applied by hand."""
    return f"{key}/{engine.root_folder}" if engine.root_folder else key


def root_file(key: str, engine: EngineFacts) -> str:
    """The root applier's file under dist/ (an engine with appliers: cdk8s names it `<kind>-<name>.yaml`)."""
    return f"{root_folder_of(key, engine)}/{(engine.applier_kind or '').lower()}-{root_name(key)}.yaml"
