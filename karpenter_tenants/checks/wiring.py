"""The GitOps wiring check of `validate`: how the appliers of a cluster (Flux Kustomizations, Argo CD
Applications) and the one-time bootstrap step fit together, for every engine (under gitops.engine kubectl, which
writes no appliers, the cluster's folder is what is applied by hand: each object in exactly one of its folders).

Rules (each finding names both objects where two are involved):
- path: every applier's folder exists in the repository (`spec.path` / `spec.source.path`);
- order: every `dependsOn` target exists; every sync wave is an integer; an applier of node pools
  runs after (dependsOn / wave) the applier that installs the Karpenter chart (the CRDs);
- unique: no two appliers share kind/namespace/name in one EKS cluster, the bootstrap root included,
  also across cluster files that describe the same EKS cluster (account, region, name);
- self: no applier applies itself or an applier that applies it (a cycle prunes its own parent);
- twice: no object is applied by two appliers (overlapping paths), and every object is applied;
- source: every Flux sourceRef is generated or the documented bootstrap GitRepository; every Argo CD
  path source is this repository (`gitops.argocd.repoURL`).

What an applier applies is what `kustomize build` of its folder yields for the files this product
writes: the `resources` of kustomization.yaml (files and folders, recursively); a folder without
one is built from all its YAML files, as Flux does."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from karpenter_tenants.checks.validate import KUSTOMIZE_FILE, Documents, Finding, read_documents
from karpenter_tenants.config.gitops_engines import DEFAULT_ENGINE, ENGINES, FLUX, root_folder_of
from karpenter_tenants.config.yaml_input import load_all
from karpenter_tenants.objects.common import CONTROLLER_CHART, argocd_chart, chart_installed

APPLIERS = {(engine.applier_group, engine.applier_kind) for engine in ENGINES.values() if engine.has_appliers}
# The engine whose output has no appliers (gitops.engine kubectl): the cluster's folder is what is applied by hand.
MANUAL = next((engine for engine in ENGINES.values() if not engine.has_appliers), None)
KARPENTER_GROUPS = {"karpenter.sh", "karpenter.k8s.aws"}
SYNC_WAVE = "argocd.argoproj.io/sync-wave"


@dataclass(frozen=True)
class ClusterWiring:
    """What the wiring check needs to know of one cluster file."""

    key: str
    engine: str  # gitops.engine: a key of config.gitops_engines.ENGINES
    repository_path: str  # where dist/<key> lives in the Git repository, like "dist/acme"
    identity: tuple[str, ...]  # the EKS cluster: account, region, name
    flux_namespace: str = "flux-system"
    flux_source: str = "flux-system"
    argocd_repo_url: str | None = None


@dataclass(frozen=True)
class Obj:
    file: str  # relative to the validated folder
    group: str
    kind: str
    namespace: str
    name: str
    body: dict[str, Any] = field(compare=False, hash=False, repr=False)

    @property
    def ref(self) -> str:
        where = f"{self.namespace}/" if self.namespace else ""
        return f"{self.kind} {where}{self.name} ({self.file})"

    @property
    def identity(self) -> tuple[str, str, str, str]:
        return self.group, self.kind, self.namespace, self.name


@dataclass
class Applier:
    obj: Obj
    folder: str | None  # repository path it applies, normalized; None: not a path source (a chart)
    applies: list[Obj] = field(default_factory=list)
    after: set[str] = field(default_factory=set)  # names of appliers that run before it (dependsOn / wave)


def _normalize(path: str) -> str:
    parts: list[str] = []
    for part in PurePosixPath(path.strip()).parts:
        if part in ("", "."):
            continue
        if part == "..":
            if parts:
                parts.pop()
            continue
        parts.append(part)
    return "/".join(parts).strip("/")


def _objects(relative: str, documents: list[Any]) -> list[Obj]:
    found = []
    for document in documents:
        if not isinstance(document, dict):
            continue
        api = str(document.get("apiVersion", ""))
        metadata = document.get("metadata") if isinstance(document.get("metadata"), dict) else {}
        found.append(
            Obj(
                relative,
                api.rsplit("/", 1)[0] if "/" in api else "",
                str(document.get("kind", "")),
                str(metadata.get("namespace", "") or ""),
                str(metadata.get("name", "")),
                document,
            )
        )
    return found


class _Tree:
    """The validated files (path relative to dist/ -> documents): objects per file, what each folder builds to."""

    def __init__(self, files: Documents) -> None:
        self.kustomizations = {
            path.rsplit("/", 1)[0] if "/" in path else "": documents
            for path, documents in files.items()
            if path.rsplit("/", 1)[-1] == KUSTOMIZE_FILE
        }
        self.by_file = {
            path: _objects(path, documents)
            for path, documents in sorted(files.items())
            if path.endswith(".yaml") and path.rsplit("/", 1)[-1] != KUSTOMIZE_FILE
        }
        self.folders = {""} | {"/".join(path.split("/")[:i]) for path in files for i in range(1, path.count("/") + 1)}

    def build(self, local: str, seen: frozenset[str] = frozenset()) -> list[Obj] | None:
        """Objects a build of dist folder `local` yields; None when the folder does not exist."""
        if local not in self.folders:
            return None
        if local in seen:
            return []
        if local not in self.kustomizations:
            prefix = f"{local}/" if local else ""
            return [obj for file, objs in self.by_file.items() if file.startswith(prefix) for obj in objs]
        documents = self.kustomizations[local]
        document = documents[0] if documents else None
        found: list[Obj] = []
        for entry in (document.get("resources") or []) if isinstance(document, dict) else []:
            child = _normalize(f"{local}/{entry}")
            if child in self.folders:
                found += self.build(child, seen | {local}) or []
            else:
                found += self.by_file.get(child, [])
        return found


def _applier_folder(obj: Obj) -> str | None:
    spec = obj.body.get("spec") if isinstance(obj.body.get("spec"), dict) else {}
    if (obj.group, obj.kind) == (FLUX.applier_group, FLUX.applier_kind):
        return _normalize(str(spec.get("path", "") or "."))
    source = spec.get("source") if isinstance(spec.get("source"), dict) else {}
    if argocd_chart(source):
        return None
    return _normalize(str(source.get("path", "") or "."))


def _is_applier(obj: Obj) -> bool:
    return (obj.group, obj.kind) in APPLIERS


def _installs_karpenter(obj: Obj) -> bool:
    """It installs one of Karpenter's charts (the controller's or karpenter-crd)."""
    return (chart_installed({**obj.body, "kind": obj.kind}) or "").startswith(CONTROLLER_CHART)


def check_wiring(folder: Path, clusters: list[ClusterWiring], documents: Documents | None = None) -> list[Finding]:
    """Wiring findings for every cluster folder under `folder` (dist/; documents: its files already
    read by checks.validate.read_documents)."""
    return check_wiring_documents(read_documents(folder) if documents is None else documents, clusters, folder.name)


def check_wiring_files(
    files: dict[str, str], clusters: list[ClusterWiring], folder_name: str = "dist"
) -> list[Finding]:
    """Wiring findings for files keyed by path relative to dist/ (`folder_name` in the repository)."""
    documents = {
        path: load_all(text, f"{folder_name}/{path}") if path.endswith(".yaml") else [] for path, text in files.items()
    }
    return check_wiring_documents(documents, clusters, folder_name)


def check_wiring_documents(files: Documents, clusters: list[ClusterWiring], folder_name: str = "dist") -> list[Finding]:
    """Wiring findings for parsed files keyed by path relative to dist/ (`folder_name` in the repository)."""
    tree = _Tree(files)
    known = {c.key: c for c in clusters}
    for key in sorted({path.split("/", 1)[0] for path in files if "/" in path} - set(known)):
        # a folder of dist/ no cluster file names: the engine whose root folder it holds; none, and no applier in it:
        # the engine without appliers
        engine = next(
            (
                e.name
                for e in ENGINES.values()
                if e is not DEFAULT_ENGINE and e.root_folder and f"{key}/{e.root_folder}" in tree.folders
            ),
            None,
        )
        if engine is None:
            synced = f"{key}/{DEFAULT_ENGINE.root_folder}" in tree.folders or any(
                _is_applier(obj) for file, objs in tree.by_file.items() if file.startswith(f"{key}/") for obj in objs
            )
            engine = DEFAULT_ENGINE.name if synced or MANUAL is None else MANUAL.name
        known[key] = ClusterWiring(key, engine, _normalize(f"{folder_name}/{key}"), (key,))
    findings: list[Finding] = []
    appliers_by_cluster: dict[str, list[Applier]] = {}
    for key, cluster in sorted(known.items()):
        if key in tree.folders:
            appliers, cluster_findings = _check_cluster(tree, cluster, known)
            appliers_by_cluster[key] = appliers
            findings += cluster_findings
    findings += _unique_per_eks_cluster(known, appliers_by_cluster)
    return findings


def _finding(obj: Obj, where: str, message: str) -> Finding:
    return Finding(
        obj.file, obj.kind, f"{obj.namespace}/{obj.name}" if obj.namespace else obj.name, where, message, "wiring"
    )


def _local(cluster: ClusterWiring, known: dict[str, ClusterWiring], repository_path: str) -> tuple[str | None, str]:
    """(dist-relative folder, owning cluster key) of a repository path; (None, "") outside every cluster folder."""
    for other in sorted(known.values(), key=lambda c: -len(c.repository_path)):
        prefix = other.repository_path
        if repository_path == prefix or repository_path.startswith(prefix + "/"):
            rest = repository_path[len(prefix) :].strip("/")
            return _normalize(f"{other.key}/{rest}"), other.key
    return None, ""


def _check_cluster(
    tree: _Tree, cluster: ClusterWiring, known: dict[str, ClusterWiring]
) -> tuple[list[Applier], list[Finding]]:
    findings: list[Finding] = []
    own = {file: objs for file, objs in tree.by_file.items() if file.startswith(f"{cluster.key}/")}
    objects = [obj for objs in own.values() for obj in objs]
    generated_sources = {
        (o.kind, o.namespace, o.name) for o in objects if o.group.startswith("source.toolkit.fluxcd.io")
    }
    bootstrap_folder = root_folder_of(cluster.key, ENGINES[cluster.engine])
    bootstrap_build = tree.build(bootstrap_folder)
    bootstrap = [o for o in (bootstrap_build or []) if o.file.startswith(f"{cluster.key}/")]
    appliers: list[Applier] = []
    for obj in objects:
        if not _is_applier(obj):
            continue
        repository_folder = _applier_folder(obj)
        applier = Applier(obj, repository_folder)
        appliers.append(applier)
        if repository_folder is None:
            continue
        local, owner = _local(cluster, known, repository_folder)
        field_path = "spec.path" if obj.kind == "Kustomization" else "spec.source.path"
        built = tree.build(local) if local is not None else None
        if built is None:
            findings.append(
                _finding(
                    obj,
                    field_path,
                    f"{repository_folder!r} is not a folder of the generated output "
                    f"(expected under {cluster.repository_path}/)",
                )
            )
            continue
        if owner != cluster.key:
            findings.append(
                _finding(
                    obj,
                    field_path,
                    f"{repository_folder!r} belongs to cluster {owner!r}, not to "
                    f"{cluster.key!r}: each cluster's appliers apply only its own folder",
                )
            )
        applier.applies = built
    findings += _sources(cluster, appliers, generated_sources)
    findings += _order(appliers)
    findings += _self_and_twice(cluster, appliers, bootstrap, objects, bootstrap_folder)
    return appliers, findings


def _sources(cluster: ClusterWiring, appliers: list[Applier], generated: set[tuple[str, str, str]]) -> list[Finding]:
    findings = []
    for applier in appliers:
        obj, spec = applier.obj, applier.obj.body.get("spec") or {}
        if obj.kind == "Kustomization":
            ref = spec.get("sourceRef") if isinstance(spec.get("sourceRef"), dict) else {}
            kind, name = str(ref.get("kind", "")), str(ref.get("name", ""))
            namespace = str(ref.get("namespace") or obj.namespace)
            # `flux bootstrap` creates one GitRepository, named after Flux's namespace (docs/gitops.md).
            bootstrap = ("GitRepository", cluster.flux_namespace, cluster.flux_namespace)
            if (kind, namespace, name) != bootstrap and (kind, namespace, name) not in generated:
                findings.append(
                    _finding(
                        obj,
                        "spec.sourceRef",
                        (
                            f"{kind} {namespace}/{name} is neither generated nor the GitRepository `flux bootstrap` creates "
                            f"({cluster.flux_namespace}/{cluster.flux_namespace}): set gitops.flux.source so synth writes it "
                            f"beside the root, or gitops.flux.sourceRef: {cluster.flux_namespace}"
                        ),
                    )
                )
        elif applier.folder is not None and cluster.argocd_repo_url is not None:
            url = str((spec.get("source") or {}).get("repoURL", ""))
            if url != cluster.argocd_repo_url:
                findings.append(
                    _finding(
                        obj,
                        "spec.source.repoURL",
                        (f"{url!r} is not this repository ({cluster.argocd_repo_url!r}, gitops.argocd.repoURL)"),
                    )
                )
    return findings


def _wave(obj: Obj) -> int | None:
    annotations = (obj.body.get("metadata") or {}).get("annotations") or {}
    value = annotations.get(SYNC_WAVE, "0")
    try:
        return int(str(value))
    except ValueError:
        return None


def _order(appliers: list[Applier]) -> list[Finding]:
    findings = []
    by_name = {(a.obj.kind, a.obj.namespace, a.obj.name): a for a in appliers}
    # Who applies whom: ordering only means something among siblings (children of one parent).
    parent_of: dict[tuple[str, str, str], Applier] = {}
    for applier in appliers:
        for obj in applier.applies:
            if _is_applier(obj):
                parent_of.setdefault((obj.kind, obj.namespace, obj.name), applier)
    for applier in appliers:
        obj = applier.obj
        if obj.kind == "Kustomization":
            for index, dependency in enumerate((obj.body.get("spec") or {}).get("dependsOn") or []):
                if not isinstance(dependency, dict):
                    continue
                target = (
                    "Kustomization",
                    str(dependency.get("namespace") or obj.namespace),
                    str(dependency.get("name")),
                )
                if target not in by_name:
                    findings.append(
                        _finding(
                            obj,
                            f"spec.dependsOn[{index}]",
                            f"Kustomization {target[1]}/{target[2]} does not exist in this cluster",
                        )
                    )
                else:
                    applier.after.add(target[2])
        elif _wave(obj) is None:
            findings.append(_finding(obj, f"metadata.annotations[{SYNC_WAVE}]", "sync wave is not an integer"))
    # Argo CD: siblings (children of one parent) in lower waves run first. Grouped by parent and wave so a
    # thousand tenants' Applications cost a thousand steps, not a million.
    siblings: dict[int, dict[int, list[str]]] = {}
    for applier in appliers:
        if applier.obj.kind == "Application":
            parent = parent_of.get((applier.obj.kind, applier.obj.namespace, applier.obj.name))
            waves = siblings.setdefault(id(parent), {})
            waves.setdefault(_wave(applier.obj) or 0, []).append(applier.obj.name)  # an invalid wave counts as 0
    lower: dict[tuple[int, int], set[str]] = {}
    for group, waves in siblings.items():
        before: set[str] = set()
        for wave in sorted(waves):
            lower[(group, wave)] = set(before)
            before.update(waves[wave])
    for applier in appliers:
        wave = _wave(applier.obj) if applier.obj.kind == "Application" else None
        if wave is not None:
            parent = parent_of.get((applier.obj.kind, applier.obj.namespace, applier.obj.name))
            applier.after |= lower[(id(parent), wave)]
    findings += _karpenter_first(appliers)
    return findings


def _closure(applier: Applier, by_name: dict[str, Applier]) -> set[str]:
    seen: set[str] = set()
    stack = list(applier.after)
    while stack:
        name = stack.pop()
        if name not in seen:
            seen.add(name)
            stack += list(by_name[name].after) if name in by_name else []
    return seen


def _karpenter_first(appliers: list[Applier]) -> list[Finding]:
    by_name = {a.obj.name: a for a in appliers}
    # An Argo CD Application of the chart installs it itself; a Flux Kustomization through the HelmRelease it applies.
    installers = [
        a
        for a in appliers
        if _installs_karpenter(a.obj) or any(o.kind == "HelmRelease" and _installs_karpenter(o) for o in a.applies)
    ]
    findings = []
    for applier in appliers:
        pools = [o for o in applier.applies if o.group in KARPENTER_GROUPS]
        if not pools or not installers:
            continue
        before = _closure(applier, by_name)
        if not any(installer.obj.name in before for installer in installers if installer is not applier):
            names = ", ".join(i.obj.ref for i in installers)
            findings.append(
                _finding(
                    applier.obj,
                    "spec",
                    (
                        f"applies {pools[0].kind} {pools[0].name} but does not run after {names}, which installs the "
                        "Karpenter CRDs: add dependsOn (Flux) or a higher sync wave (Argo CD)"
                    ),
                )
            )
    return findings


def _self_and_twice(
    cluster: ClusterWiring, appliers: list[Applier], bootstrap: list[Obj], objects: list[Obj], bootstrap_folder: str
) -> list[Finding]:
    findings = []
    appliers_of: dict[tuple[str, str, str, str], list[str]] = {}
    engine = ENGINES[cluster.engine]
    bootstrap_name = (
        f"the bootstrap step (`kubectl apply -k {cluster.repository_path}/{engine.root_folder}`)"
        if engine.has_appliers
        else f"the stage folders of {cluster.repository_path}/, applied by hand (gitops.engine {engine.name})"
    )
    for obj in bootstrap:
        appliers_of.setdefault(obj.identity, []).append(bootstrap_name)
    applied_by: dict[tuple[str, str, str, str], list[Applier]] = {}
    for applier in appliers:
        for obj in applier.applies:
            appliers_of.setdefault(obj.identity, []).append(applier.obj.ref)
            applied_by.setdefault(obj.identity, []).append(applier)
    for applier in appliers:
        obj = applier.obj
        if obj.identity in {o.identity for o in applier.applies}:
            findings.append(
                _finding(
                    obj,
                    "spec",
                    f"{_folder_field(obj)} {applier.folder!r} contains {obj.ref} itself: "
                    "it would apply (and prune) itself",
                )
            )
        for parent in applied_by.get(obj.identity, []):
            if parent is not applier and parent.obj.identity in {o.identity for o in applier.applies}:
                findings.append(
                    _finding(
                        obj, "spec", f"applies its own parent {parent.obj.ref}: each would rewrite and prune the other"
                    )
                )
    for obj in objects:
        names = appliers_of.get(obj.identity, [])
        if len(names) > 1:
            findings.append(
                _finding(
                    obj,
                    "",
                    f"applied by {len(names)} appliers: {' and '.join(sorted(set(names)))}; "
                    "an object must have exactly one (overlapping paths)",
                )
            )
        elif not names:
            findings.append(
                _finding(
                    obj,
                    "",
                    f"applied by no applier: neither {bootstrap_name} nor any "
                    "Kustomization/Application of this cluster builds it",
                )
            )
    return findings


def _folder_field(obj: Obj) -> str:
    return "spec.path" if obj.kind == "Kustomization" else "spec.source.path"


def _unique_per_eks_cluster(known: dict[str, ClusterWiring], appliers: dict[str, list[Applier]]) -> list[Finding]:
    """Two appliers with one kind/namespace/name in one EKS cluster overwrite each other."""
    findings = []
    seen: dict[tuple[Any, ...], Applier] = {}
    for key in sorted(appliers):
        for applier in appliers[key]:
            obj = applier.obj
            identity = (known[key].identity, obj.kind, obj.namespace, obj.name)
            first = seen.setdefault(identity, applier)
            if first is not applier:
                same = (
                    "this cluster"
                    if first.obj.file.split("/")[0] == key
                    else (f"cluster file {first.obj.file.split('/')[0]!r}, which describes the same EKS cluster")
                )
                findings.append(
                    _finding(
                        obj,
                        "metadata.name",
                        (
                            f"{obj.kind} {obj.namespace}/{obj.name} is also {first.obj.ref} in {same}: "
                            "one would overwrite the other"
                        ),
                    )
                )
    return findings


def wiring_for(clusters: Iterable[Any]) -> list[ClusterWiring]:
    """ClusterWiring of loaded cluster files (config.loader.LoadedCluster)."""
    found = []
    for loaded in clusters:
        config = loaded.config
        gitops = config.gitops
        found.append(
            ClusterWiring(
                key=loaded.key,
                engine=gitops.engine,
                repository_path=_normalize(loaded.gitops_path),
                identity=(config.cluster.account_id, config.cluster.region, config.cluster.name),
                flux_namespace=gitops.flux.namespace,
                flux_source=gitops.flux.source_ref,
                argocd_repo_url=gitops.argocd.repo_url if gitops.argocd is not None else None,
            )
        )
    return found
