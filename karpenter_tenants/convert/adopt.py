"""`adopt`: hand an existing Karpenter installation (Helm, CRDs from the chart's crds/ folder, node pools
applied with kubectl) to the generated GitOps objects in place, without deleting anything.

Every name comes from the objects synth renders for the cluster (in memory) and from the real charts in
../shared: the Helm release name and namespace from the rendered Flux HelmRelease, the applier of every
object from the rendered Flux Kustomizations or Argo CD Applications.

Upstream facts this relies on:
- Helm refuses to install a release over an existing object unless the object carries the label
  `app.kubernetes.io/managed-by: Helm` and the annotations `meta.helm.sh/release-name` and
  `meta.helm.sh/release-namespace` of that release ("invalid ownership metadata"). CRDs installed from the
  karpenter chart's crds/ folder carry none, so the karpenter-crd chart cannot take them over
  (aws/karpenter-provider-aws#5096); Karpenter's troubleshooting guide ("Helm Error when installing the
  karpenter-crd chart") documents exactly this label and these annotations as the fix.
- Helm's upgrade deletes objects the new manifest no longer has unless the live object is annotated
  `helm.sh/resource-policy: keep` (pkg/kube Client.Update reads the live object). `helm uninstall` has no
  flag to keep objects and reads the policy from the stored manifest, so a live annotation does not protect
  against it: the release record is removed by deleting its storage Secrets (labels owner=helm,name=<release>).
- Flux helm-controller upgrades an existing release of the HelmRelease's name in its storage namespace
  (release name default `[<targetNamespace>-]<name>`, storage and target namespace default the HelmRelease's).
- Flux skips every reconcile of a Kustomization whose spec.suspend is true (`flux suspend kustomization`), so a
  suspended root is as safe to adopt under as an absent one.
- Flux kustomize-controller applies with server-side apply, takes over fields applied by kubectl, and labels
  what it applies `kustomize.toolkit.fluxcd.io/name` / `kustomize.toolkit.fluxcd.io/namespace`; it prunes only
  objects of its own inventory, so objects it has not applied are never pruned.
- Argo CD syncs an Application by itself only with spec.syncPolicy.automated set and its `enabled` not false
  (null is on); with automated sync off, the root Application applied already syncs nothing on its own.
- Argo CD (3.x default resource tracking `annotation`) owns an object whose `argocd.argoproj.io/tracking-id`
  is `<application>:<group>/<kind>:<namespace>/<name>` and names that object; Argo CD renders Helm charts with
  `helm template`, so no Helm release exists for its Applications.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from karpenter_tenants.config.gitops_engines import ARGOCD, FLUX
from karpenter_tenants.config.loader import LoadedCluster
from karpenter_tenants.kinds.controller.adopt_release import (
    flux_release_name,
    flux_release_namespace,
    refuse_engine_without_steps,
)
from karpenter_tenants.objects.common import HELM_RESOURCE_POLICY, argocd_chart

HELM_MANAGED_BY = ("app.kubernetes.io/managed-by", "Helm")
HELM_RELEASE_NAME = "meta.helm.sh/release-name"
HELM_RELEASE_NAMESPACE = "meta.helm.sh/release-namespace"
FLUX_NAME = "kustomize.toolkit.fluxcd.io/name"
FLUX_NAMESPACE = "kustomize.toolkit.fluxcd.io/namespace"
ARGOCD_TRACKING_ID = "argocd.argoproj.io/tracking-id"
CONTROLLER_CHART = "karpenter"  # the chart whose release the seed's `helm install karpenter ...` created
# The name of an object whose spec.suspend is not true, else nothing: a suspended Flux root (what
# `flux suspend kustomization` sets) does not reconcile, so adopting under it is safe, and so is running again.
UNLESS_SUSPENDED = "go-template={{if not .spec.suspend}}{{.metadata.name}}{{end}}"
# The name of an Application whose automated sync is on (spec.syncPolicy.automated present and its `enabled` not
# false: Argo CD treats a missing `enabled` as on), else nothing.
UNLESS_AUTOSYNC_OFF = (
    "go-template={{with .spec.syncPolicy}}{{with .automated}}"
    '{{if ne (printf "%v" .enabled) "false"}}{{$.metadata.name}}{{end}}{{end}}{{end}}'
)


@dataclass(frozen=True)
class ObjectRef:
    api_version: str
    kind: str
    name: str
    namespace: str | None = None

    @property
    def group(self) -> str:
        return self.api_version.rpartition("/")[0]

    @property
    def resource(self) -> str:
        """kubectl's name for the kind, fully qualified so no other API group's kind is meant."""
        return f"{self.kind.lower()}.{self.group}" if self.group else self.kind.lower()

    def selector(self) -> list[str]:
        return [self.resource, self.name, *(["-n", self.namespace] if self.namespace else [])]

    @staticmethod
    def of(obj: dict[str, Any]) -> ObjectRef:
        meta = obj["metadata"]
        return ObjectRef(obj["apiVersion"], obj["kind"], meta["name"], meta.get("namespace"))


@dataclass(frozen=True)
class Handover:
    """Labels and annotations that give one existing object to its new owner."""

    obj: ObjectRef
    labels: tuple[tuple[str, str], ...] = ()
    annotations: tuple[tuple[str, str], ...] = ()

    def commands(self) -> list[list[str]]:
        found = []
        for verb, pairs in (("label", self.labels), ("annotate", self.annotations)):
            if pairs:
                found.append([verb, "--overwrite", *self.obj.selector(), *(f"{k}={v}" for k, v in pairs)])
        return found


@dataclass(frozen=True)
class Check:
    """A read-only kubectl command whose output must (or must not) be empty before anything is changed."""

    argv: tuple[str, ...]
    expect_output: bool
    failure: str


@dataclass(frozen=True)
class Step:
    title: str
    why: str
    handovers: tuple[Handover, ...] = ()
    checks: tuple[Check, ...] = ()
    commands: tuple[tuple[str, ...], ...] = ()  # kubectl arguments run as they are (apply the root, ...)
    later: bool = False  # run by hand once the appliers report ready (the script prints it, does not run it)


@dataclass(frozen=True)
class Adoption:
    cluster: str  # the cluster file key
    source: str
    engine: str
    version: str
    steps: tuple[Step, ...] = field(default_factory=tuple)
    notes: tuple[str, ...] = ()  # said before the steps

    def handovers(self) -> list[Handover]:
        return [h for step in self.steps for h in step.handovers]


def flux_storage_namespace(release: dict[str, Any]) -> str:
    return str(release["spec"].get("storageNamespace") or release["metadata"]["namespace"])


def tracking_id(application: str, obj: ObjectRef) -> str:
    return f"{application}:{obj.group}/{obj.kind}:{obj.namespace or ''}/{obj.name}"


def rendered(cluster: LoadedCluster) -> dict[str, list[dict[str, Any]]]:
    """The objects synth renders for the cluster (in memory), by output folder."""
    from karpenter_tenants.synthesis.parts import cluster_outputs

    return {output.folder: output.objects for output in cluster_outputs(cluster)}


def _chart_objects(
    shared: Path, cluster: LoadedCluster, chart: str, values: dict[str, Any] | None, release: str, namespace: str
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    from karpenter_tenants.checks.helm_render import render_chart
    from karpenter_tenants.reference.charts import chart_folder

    return render_chart(chart_folder(shared, cluster.config, chart), values or {}, release, namespace)


def _crds(objects: Iterable[dict[str, Any]]) -> list[ObjectRef]:
    return sorted(
        (ObjectRef.of(o) for o in objects if o.get("kind") == "CustomResourceDefinition"), key=lambda r: r.name
    )


def _folder_of(path: str, gitops_path: str) -> str:
    return path.removeprefix("./").removeprefix(gitops_path.removeprefix("./")).strip("/")


def _helm_release_check(release: str, namespace: str, chart: str) -> Check:
    return Check(
        ("get", "secret", "-n", namespace, "-l", f"owner=helm,name={release}", "-o", "name"),
        True,
        f"no Helm release {release} in namespace {namespace}: adopt expects Karpenter installed with "
        f"`helm install {release} oci://public.ecr.aws/karpenter/{chart} --namespace {namespace}`; a release of "
        "another name or namespace would be installed a second time, not adopted (set karpenter.namespace to its "
        "namespace)",
    )


def plan_adoption(
    cluster: LoadedCluster, shared: Path, objects: dict[str, list[dict[str, Any]]] | None = None
) -> Adoption:
    """The ordered steps that hand this cluster's existing objects to the generated appliers (objects: what
    `rendered` gave for it, rendered here when not given)."""
    refuse_engine_without_steps(cluster)
    rendered_objects = objects if objects is not None else rendered(cluster)
    config = cluster.config
    common: dict[str, Any] = {
        "cluster": cluster.key,
        "source": str(cluster.source),
        "engine": config.gitops.engine,
        "version": config.karpenter.version,
        "notes": _notes(cluster),
    }
    return Adoption(**common, steps=tuple(ENGINE_STEPS[config.gitops.engine](cluster, rendered_objects, shared)))


def _notes(cluster: LoadedCluster) -> tuple[str, ...]:
    """What to settle in the cluster file before adopting a running cluster."""
    config = cluster.config
    if config.tenancy.enforcement == "deny" and any(t.namespaces for t in config.tenants):
        return (
            f"tenancy.enforcement is deny in {cluster.source}: on a running cluster the isolation policies would refuse "
            "at once every pod that does not yet select its tenant's nodes. Set `tenancy: {enforcement: audit}` "
            "before these steps, read what the API server's audit log records, then switch to warn and deny "
            "(docs/isolation.md, `python main.py plan` says what each switch does).",
        )
    return ()


def _flux_steps(cluster: LoadedCluster, rendered: dict[str, list[dict[str, Any]]], shared: Path) -> list[Step]:
    kustomizations = [o for o in rendered[FLUX.stages_folder] if o["kind"] == FLUX.applier_kind]
    [root] = [o for o in rendered[FLUX.root_folder] if o["kind"] == FLUX.applier_kind]
    steps: list[Step] = []
    checks: list[Check] = []
    helm_steps: list[Step] = []
    keep: list[Handover] = []
    for kustomization in kustomizations:
        folder = _folder_of(kustomization["spec"]["path"], cluster.gitops_path)
        objects = rendered.get(folder, [])
        releases = [o for o in objects if o["kind"] == "HelmRelease"]
        for release in releases:
            repository = next(
                o
                for o in objects
                if o["kind"] == "OCIRepository" and o["metadata"]["name"] == release["spec"]["chartRef"]["name"]
            )
            chart = repository["spec"]["url"].rstrip("/").rpartition("/")[2]
            name, namespace = flux_release_name(release), flux_release_namespace(release)
            templates, _ = _chart_objects(shared, cluster, chart, release["spec"].get("values"), name, namespace)
            where = f"HelmRelease {release['metadata']['namespace']}/{release['metadata']['name']}"
            if chart == CONTROLLER_CHART:
                checks.append(_helm_release_check(name, flux_storage_namespace(release), chart))
                keep += _kept_service_accounts(release, rendered.get("base", []))
            crds = _crds(templates)
            if crds:
                helm_steps.append(
                    Step(
                        f"CRDs -> Helm release {name} in {namespace} ({where})",
                        f"the {chart} chart renders these CRDs as templates; they exist from the karpenter chart's crds/ "
                        f"folder without Helm's ownership metadata, so installing release {name} fails with \"invalid "
                        'ownership metadata" (aws/karpenter-provider-aws#5096) until they carry its label and '
                        "annotations (Karpenter's troubleshooting guide). Skipped if absent: Helm creates it.",
                        tuple(
                            Handover(
                                crd,
                                (HELM_MANAGED_BY,),
                                ((HELM_RELEASE_NAME, name), (HELM_RELEASE_NAMESPACE, namespace)),
                            )
                            for crd in crds
                        ),
                    )
                )
    steps.append(
        Step(
            "Check the cluster",
            "the existing release must be the one the generated HelmRelease upgrades in place, and the Flux root must "
            "not be applied yet (its first reconcile would meet unadopted objects)",
            checks=(
                *checks,
                Check(
                    (
                        "get",
                        "kustomization.kustomize.toolkit.fluxcd.io",
                        "-n",
                        root["metadata"]["namespace"],
                        root["metadata"]["name"],
                        "--ignore-not-found",
                        "-o",
                        UNLESS_SUSPENDED,
                    ),
                    False,
                    f"the Flux root {root['metadata']['name']} is already applied and not suspended: adopt "
                    "before the first reconcile (or suspend it: flux suspend kustomization "
                    f"{root['metadata']['name']} -n {root['metadata']['namespace']})",
                ),
            ),
        )
    )
    steps += helm_steps
    if keep:
        steps.append(
            Step(
                "Keep the service account when the controller release stops rendering it",
                "the generated values set serviceAccount.create: false (the base stage owns the service account); "
                "Helm's upgrade deletes an object the new manifest lacks unless the live object says "
                "helm.sh/resource-policy: keep",
                tuple(keep),
            )
        )
    for kustomization in kustomizations:
        folder = _folder_of(kustomization["spec"]["path"], cluster.gitops_path)
        owned = [ObjectRef.of(o) for o in rendered.get(folder, []) if o["kind"] not in ("HelmRelease", "OCIRepository")]
        if not owned:
            continue
        meta = kustomization["metadata"]
        steps.append(
            Step(
                f"{folder}/ -> Flux Kustomization {meta['namespace']}/{meta['name']}",
                "kustomize-controller sets these labels itself on its first apply and takes over the fields kubectl "
                "applied; setting them first shows the owner before the first reconcile. Nothing is deleted: Flux prunes "
                "only what its own inventory lists. Skipped if absent: the Kustomization creates it.",
                tuple(Handover(ref, ((FLUX_NAME, meta["name"]), (FLUX_NAMESPACE, meta["namespace"]))) for ref in owned),
            )
        )
    steps.append(
        Step(
            f"Apply the Flux root {root['metadata']['namespace']}/{root['metadata']['name']} last",
            "after dist/ is committed and pushed (Flux reads it from Git): the stages then run in order and adopt "
            "what the steps above marked",
            commands=(("apply", "-k", f"{cluster.gitops_path.removeprefix('./')}/{FLUX.root_folder}"),),
        )
    )
    return steps


def _kept_service_accounts(release: dict[str, Any], base: list[dict[str, Any]]) -> list[Handover]:
    values = release["spec"].get("values") or {}
    account = values.get("serviceAccount") or {}
    if account.get("create", True):
        return []
    return [
        Handover(ObjectRef.of(o), annotations=(HELM_RESOURCE_POLICY,))
        for o in base
        if o["kind"] == "ServiceAccount" and o["metadata"]["name"] == account.get("name")
    ]


def _argocd_steps(cluster: LoadedCluster, rendered: dict[str, list[dict[str, Any]]], shared: Path) -> list[Step]:
    applications = [o for o in rendered[ARGOCD.stages_folder] if o["kind"] == ARGOCD.applier_kind]
    [root] = [o for o in rendered[ARGOCD.root_folder] if o["kind"] == ARGOCD.applier_kind]
    # The seed's release has the name and namespace the controller Application renders the chart with.
    [controller] = [a for a in applications if argocd_chart(a["spec"]["source"]) == CONTROLLER_CHART]
    release = (controller["spec"]["source"].get("helm") or {}).get("releaseName") or controller["metadata"]["name"]
    namespace = controller["spec"]["destination"]["namespace"]
    steps = [
        Step(
            "Check the cluster",
            "the existing Helm release is what Argo CD takes over; the root Application must not be applied yet",
            checks=(
                _helm_release_check(release, namespace, CONTROLLER_CHART),
                Check(
                    (
                        "get",
                        "application.argoproj.io",
                        "-n",
                        root["metadata"]["namespace"],
                        root["metadata"]["name"],
                        "--ignore-not-found",
                        "-o",
                        UNLESS_AUTOSYNC_OFF,
                    ),
                    False,
                    f"the root Application {root['metadata']['name']} is already applied with automated sync: adopt "
                    f"before its first sync (or disable automated sync: argocd app set {root['metadata']['name']} "
                    "--sync-policy manual)",
                ),
            ),
        )
    ]
    for application in applications:
        name = application["metadata"]["name"]
        source = application["spec"]["source"]
        chart = argocd_chart(source)
        if chart:
            helm = source.get("helm") or {}
            templates, crds = _chart_objects(
                shared,
                cluster,
                chart,
                helm.get("valuesObject"),
                helm.get("releaseName") or name,
                application["spec"]["destination"]["namespace"],
            )
            owned = _crds(templates if helm.get("skipCrds") else [*templates, *crds])
            what = f"the CRDs the {chart} chart renders"
        else:
            folder = _folder_of(source["path"], cluster.gitops_path)
            owned = [ObjectRef.of(o) for o in rendered.get(folder, [])]
            what = f"{folder}/"
        if not owned:
            continue
        steps.append(
            Step(
                f"{what} -> Argo CD Application {application['metadata']['namespace']}/{name}",
                "Argo CD's default resource tracking (annotation, since 3.0) owns an object whose tracking id names this "
                "Application and the object itself; set before the first sync, the Application lists them as its own "
                "at once. Skipped if absent: the sync creates it.",
                tuple(Handover(ref, annotations=((ARGOCD_TRACKING_ID, tracking_id(name, ref)),)) for ref in owned),
            )
        )
    root_file = (
        f"{cluster.gitops_path.removeprefix('./')}/{ARGOCD.root_folder}/"
        f"{root['kind'].lower()}-{root['metadata']['name']}.yaml"
    )
    steps.append(
        Step(
            f"Apply the root Application {root['metadata']['namespace']}/{root['metadata']['name']} last",
            "after dist/ is committed and pushed (Argo CD reads it from Git); the children sync in waves and apply "
            "over the existing objects",
            commands=(("apply", "-n", root["metadata"]["namespace"], "-f", root_file),),
        )
    )
    steps.append(
        Step(
            f"After every child Application is Synced and Healthy: drop the Helm release record {release}",
            "Argo CD renders charts with `helm template`, so the old release is no longer upgraded; `helm uninstall` "
            "would still delete everything its stored manifest lists (it has no keep option), so delete only its "
            "storage Secrets: the objects stay, owned by Argo CD",
            commands=(("delete", "secret", "-n", namespace, "-l", f"owner=helm,name={release}"),),
            later=True,
        )
    )
    return steps


# The adoption steps of each engine (config.gitops_engines.ENGINES names the same engines but those whose facts say
# what to do instead, adopt_instead: a test holds it).
ENGINE_STEPS = {FLUX.name: _flux_steps, ARGOCD.name: _argocd_steps}


# --- output -------------------------------------------------------------------------------------------


def _kubectl(context: str | None, args: Iterable[str]) -> str:
    return shlex.join(["kubectl", *(["--context", context] if context else []), *args])


def text(adoption: Adoption, context: str | None) -> str:
    """The steps with their reasons and the exact commands, for a person to read and run."""
    lines = [
        f"adopt {adoption.cluster} ({adoption.source}, Karpenter {adoption.version}, {adoption.engine}): "
        "hand the existing objects to the generated appliers in place; nothing is deleted.",
        "Run the steps in this order. Label and annotate only objects that exist (`--format sh` checks).",
    ]
    lines += [f"note: {note}" for note in adoption.notes]
    for number, step in enumerate(adoption.steps, 1):
        lines += ["", f"{number}. {step.title}", f"   why: {step.why}"]
        for check in step.checks:
            lines.append(
                f"   {_kubectl(context, check.argv)}    # must print {'a name' if check.expect_output else 'nothing'}"
            )
        for handover in step.handovers:
            lines += [f"   {_kubectl(context, command)}" for command in handover.commands()]
        lines += [f"   {_kubectl(context, command)}" for command in step.commands]
    return "\n".join(lines) + "\n"


def script(adoption: Adoption, context: str | None) -> str:
    """A runnable script: stops at the first failure, skips objects that do not exist yet."""
    lines = [
        "#!/usr/bin/env bash",
        f"# Generated by `python main.py adopt {adoption.cluster} --format sh`: hands the existing objects of cluster",
        f"# {adoption.cluster} ({adoption.source}) to the generated {adoption.engine} appliers, in order; deletes nothing",
        "# but the last step's Helm release record. Run from the repository root.",
        "set -euo pipefail",
        "",
        "exists() {  # exists RESOURCE NAME [-n NAMESPACE]: kubectl errors other than NotFound stop the script",
        "  local found",
        f'  found="$({_kubectl(context, ["get"])} "$@" --ignore-not-found -o name)" || exit 1',
        '  [ -n "$found" ]',
        "}",
        "",
        # The context as given, quoted: a name with $(...) or quotes is printed, never run.
        f"echo {shlex.quote(f'kubectl context: {context}')}"
        if context
        else 'echo "kubectl context: $(kubectl config current-context)"',
        *(f"echo {shlex.quote(f'note: {note}')} >&2" for note in adoption.notes),
    ]
    for path in sorted(
        {c[c.index(flag) + 1] for s in adoption.steps for c in s.commands for flag in ("-k", "-f") if flag in c}
    ):
        lines += [
            f"[ -e {shlex.quote(path)} ] || {{ echo {shlex.quote(f'error: {path} not found: run this script from the repository root')} >&2; exit 1; }}"
        ]
    for number, step in enumerate(adoption.steps, 1):
        lines += ["", f"# {number}. {step.title}", f"echo {shlex.quote(f'{number}. {step.title}')}"]
        for check in step.checks:
            test = "-z" if check.expect_output else "-n"
            lines += [
                f'found="$({_kubectl(context, check.argv)})" || exit 1',
                f'if [ {test} "$found" ]; then',
                f"  echo {shlex.quote('error: ' + check.failure)} >&2",
                "  exit 1",
                "fi",
            ]
        for handover in step.handovers:
            lines.append(f"if exists {shlex.join(handover.obj.selector())}; then")
            lines += [f"  {_kubectl(context, command)}" for command in handover.commands()]
            lines += [
                "else",
                f"  echo {shlex.quote('  skip: ' + ' '.join(handover.obj.selector()) + ' does not exist yet')}",
                "fi",
            ]
        if step.later:
            lines += [
                f"echo {shlex.quote('   later, by hand: ' + _kubectl(context, command))}" for command in step.commands
            ]
        else:
            lines += [_kubectl(context, command) for command in step.commands]
    return "\n".join(lines) + "\n"
