"""The Karpenter charts installed for real: the README's bootstrap of dist/acme/flux with source-controller,
kustomize-controller and helm-controller running, the charts of ../shared pushed into a registry on loopback
that only the OCIRepositories' URLs are pointed at. Asserted: both HelmReleases Ready with the pushed
charts, karpenter-crd installed (its CRDs established) before karpenter, and the controller Deployment and
PodDisruptionBudget as the generated values mean them under the chart's templates."""

from __future__ import annotations

import copy
import datetime
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

from e2e.build import HELM, Phases
from e2e.flux import (
    FLUX_NAMESPACE,
    ScratchRepository,
    cluster_namespaces,
    controller_crds,
    expected_appliers,
    git_repository,
    kustomization_objects,
    start_controllers,
    wait_until_applied,
)
from e2e.gitserver import GitServer
from e2e.helm import (
    has_deployment,
    merged,
    patch_for_local_registry,
    push_chart,
    registry_repository,
    shared_chart,
    start_helm_controller,
    start_registry,
)
from e2e.kube import Kube, condition, wait_for
from e2e.manifests import example_clusters, load_yaml_documents, namespace
from e2e.processes import Process

KEY = "acme"
HELMRELEASE = ("helm.toolkit.fluxcd.io/v2", "HelmRelease")
OCIREPOSITORY = ("source.toolkit.fluxcd.io/v1", "OCIRepository")


@dataclass
class Release:
    """A generated HelmRelease, the OCIRepository it names, and the chart of ../shared pushed for it."""

    helmrelease: dict[str, Any]  # as in dist/, before the scratch copy's rewrite
    ocirepository: dict[str, Any]  # likewise
    chart: Path
    digest: str  # of the pushed manifest

    @property
    def name(self) -> str:
        return str(self.helmrelease["metadata"]["name"])

    @property
    def namespace(self) -> str:
        return str(self.helmrelease["metadata"]["namespace"])


@dataclass
class Installed:
    kube: Kube
    releases: dict[str, Release]  # by HelmRelease name
    first_ready: dict[str, datetime.datetime]  # Kustomization name -> when it first became Ready
    appliers: dict[str, dict[str, Any]]  # Kustomization name -> as in dist/
    work: Path  # the scratch copy


def generated_releases(work: Path, appliers: dict[str, dict[str, Any]]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Each HelmRelease the bootstrap's Kustomizations apply with the OCIRepository its chartRef names."""
    objects = [o for k in appliers.values() for o in kustomization_objects(work / k["spec"]["path"])]
    by_id = {(o["kind"], o["metadata"].get("namespace"), o["metadata"]["name"]): o for o in objects}
    pairs = []
    for obj in objects:
        if (obj["apiVersion"], obj["kind"]) != HELMRELEASE:
            continue
        ref = obj["spec"]["chartRef"]
        source = by_id[(ref["kind"], ref.get("namespace", obj["metadata"]["namespace"]), ref["name"])]
        pairs.append((obj, source))
    return pairs


@pytest.fixture(scope="module")
def installed(
    control_planes,
    flux_binaries: dict[str, Path],
    helm_binaries: dict[str, Path],
    tmp_path_factory: pytest.TempPathFactory,
    phases: Phases,
) -> Iterator[Installed]:
    cluster = next(c for c in example_clusters() if c.key == KEY)
    plane, kube = control_planes("helm")
    folder = tmp_path_factory.mktemp("helm")
    processes: list[Process] = []
    server = None
    try:
        registry, host = start_registry(helm_binaries["registry"], folder)
        processes.append(registry)
        repository = ScratchRepository(folder)
        bootstrap = kustomization_objects(repository.work / "dist" / KEY / "flux")
        appliers = expected_appliers(repository, bootstrap)
        releases = {}
        with phases("helm: charts of ../shared packaged and pushed to the registry"):
            for helmrelease, ocirepository in generated_releases(repository.work, appliers):
                chart = shared_chart(ocirepository)
                digest = push_chart(host, registry_repository(ocirepository["spec"]["url"]), chart)
                releases[helmrelease["metadata"]["name"]] = Release(
                    copy.deepcopy(helmrelease), copy.deepcopy(ocirepository), chart, digest
                )
        assert len(releases) >= 2, f"dist/{KEY} applies fewer than two HelmReleases: {sorted(releases)}"
        waiting_never_ends = {name for name, r in releases.items() if has_deployment(r.chart)}
        patched = patch_for_local_registry(repository.work / "dist" / KEY, host, waiting_never_ends)
        phases.note(
            "helm: patched in the scratch copy (chart registry on loopback, no kubelet):\n  " + "\n  ".join(patched)
        )
        revision = repository.commit_and_push("e2e: this working tree")
        server = GitServer(repository.served_root)
        # Flux's CRDs from the controllers' modules; Karpenter's come from the karpenter-crd chart.
        kube.apply_crds(controller_crds() + controller_crds(HELM, ("github.com/fluxcd/helm-controller",)))
        kube.apply(namespace(FLUX_NAMESPACE))
        for name in cluster_namespaces(cluster):
            kube.apply(namespace(name))
        processes += start_controllers(flux_binaries, plane, folder)
        processes.append(start_helm_controller(helm_binaries["helm-controller"], plane, folder))
        kube.apply(git_repository(server.url(repository.bare.name)))
        with phases("helm: bootstrap until every Kustomization (both HelmReleases among them) is Ready"):
            for obj in bootstrap:
                kube.apply(obj)
            first_ready = wait_until_applied(
                kube, set(appliers), revision, f"every Kustomization Ready at {revision[:12]}", processes
            )
        yield Installed(kube, releases, first_ready, appliers, repository.work)
    finally:
        for process in reversed(processes):
            process.stop()
        if server is not None:
            server.stop()


def served_release(installed: Installed, name: str) -> dict[str, Any]:
    release = installed.releases[name]
    obj = installed.kube.get(*HELMRELEASE, name, release.namespace)
    assert obj is not None, f"HelmRelease {release.namespace}/{name} is not on the server"
    return obj


def test_every_helmrelease_is_ready_with_the_chart_pushed_for_it(installed: Installed) -> None:
    for name, release in installed.releases.items():
        obj = served_release(installed, name)
        assert condition(obj, "Ready") == "True", (name, obj.get("status"))
        source = installed.kube.get(*OCIREPOSITORY, release.ocirepository["metadata"]["name"], release.namespace)
        artifact = (source.get("status") or {}).get("artifact") or {}
        tag = release.ocirepository["spec"]["ref"]["tag"]
        assert artifact.get("revision") == f"{tag}@{release.digest}", (name, artifact, release.digest)
        [latest, *_] = obj["status"]["history"]
        chart = yaml.safe_load((release.chart / "Chart.yaml").read_text())
        # helm-controller appends the first 12 hex digits of the revision's manifest digest (digest tracking)
        version, _, tracked = latest["chartVersion"].partition("+")
        assert (latest["chartName"], version, latest["status"]) == (chart["name"], tag, "deployed"), latest
        assert tracked == release.digest.removeprefix("sha256:")[:12], (latest["chartVersion"], release.digest)
        assert latest["name"] == release.helmrelease["spec"]["releaseName"], latest
        assert len(obj["status"]["history"]) == 1, f"{name} was installed more than once: {obj['status']['history']}"


def _time(text: str) -> datetime.datetime:
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))


def applier_of(installed: Installed, release: Release) -> str:
    """The Kustomization whose path applies the HelmRelease."""
    for name, k in installed.appliers.items():
        path = Path(k["spec"]["path"])
        if any(
            o.get("kind") == "HelmRelease" and o["metadata"]["name"] == release.name
            for o in kustomization_objects(installed.work / path)
        ):
            return name
    raise AssertionError(f"no Kustomization applies HelmRelease {release.name}")


def test_crd_chart_is_installed_before_the_controller_chart(installed: Installed) -> None:
    """karpenter-crd's Kustomization waits for its HelmRelease (wait: true), and karpenter's depends on it:
    the CRDs the karpenter-crd chart writes are established, Helm-owned, and were created before karpenter's
    HelmRelease and its Deployment."""
    crd_release = next(r for r in installed.releases.values() if not has_deployment(r.chart))
    controller = next(r for r in installed.releases.values() if has_deployment(r.chart))
    crd_stage, controller_stage = applier_of(installed, crd_release), applier_of(installed, controller)
    depends = [d["name"] for d in installed.appliers[controller_stage]["spec"].get("dependsOn") or []]
    assert crd_stage in depends, f"{controller_stage} does not depend on {crd_stage}: {depends}"
    assert installed.appliers[crd_stage]["spec"].get("wait") is True, f"{crd_stage} does not wait for its HelmRelease"
    # the controller chart's crds/ folder holds the same CRDs as plain YAML (the crd chart's are templates)
    crd_names = sorted(d["metadata"]["name"] for d in crds_of(controller.chart))
    owned = sorted(
        c["metadata"]["name"]
        for c in installed.kube.list("apiextensions.k8s.io/v1", "CustomResourceDefinition")
        if (c["metadata"].get("annotations") or {}).get("meta.helm.sh/release-name")
        == crd_release.helmrelease["spec"]["releaseName"]
    )
    assert owned == crd_names, (
        f"the CRDs release {crd_release.name} installed are not the chart's: {owned} != {crd_names}"
    )
    controller_obj = served_release(installed, controller.name)
    deployment = controller_deployment(installed, controller)
    for name in crd_names:
        crd = installed.kube.get("apiextensions.k8s.io/v1", "CustomResourceDefinition", name)
        assert crd is not None and condition(crd, "Established") == "True", f"CRD {name} not established"
        created = _time(crd["metadata"]["creationTimestamp"])
        assert created < _time(deployment["metadata"]["creationTimestamp"]), f"CRD {name} created after the Deployment"
        assert created <= _time(controller_obj["metadata"]["creationTimestamp"]), (
            f"CRD {name} created after {controller.name}"
        )
    assert _time(controller_obj["metadata"]["creationTimestamp"]) >= installed.first_ready[crd_stage], (
        f"HelmRelease {controller.name} was created before {crd_stage} was Ready at {installed.first_ready[crd_stage]}"
    )
    crd_history = served_release(installed, crd_release.name)["status"]["history"][0]
    assert _time(crd_history["firstDeployed"]) < _time(controller_obj["status"]["history"][0]["firstDeployed"])


def crds_of(chart: Path) -> list[dict[str, Any]]:
    return [
        d
        for p in sorted((chart / "crds").glob("*.yaml"))
        for d in load_yaml_documents(p)
        if d.get("kind") == "CustomResourceDefinition"
    ]


def effective_values(release: Release) -> dict[str, Any]:
    chart_values = yaml.safe_load((release.chart / "values.yaml").read_text())
    return merged(chart_values, release.helmrelease["spec"].get("values") or {})


def selector_labels(release: Release, values: dict[str, Any]) -> dict[str, str]:
    """The chart's karpenter.selectorLabels: the chart name (or nameOverride) and the release name."""
    chart = yaml.safe_load((release.chart / "Chart.yaml").read_text())
    return {
        "app.kubernetes.io/name": values.get("nameOverride") or chart["name"],
        "app.kubernetes.io/instance": release.helmrelease["spec"]["releaseName"],
    }


def with_default_selector(terms: list[dict[str, Any]], labels: dict[str, str]) -> list[dict[str, Any]]:
    """The chart's karpenter.patchLabelSelector: a term without labelSelector selects the chart's own pods."""
    return [{**term, "labelSelector": term.get("labelSelector", {"matchLabels": labels})} for term in terms]


def controller_deployment(installed: Installed, release: Release) -> dict[str, Any]:
    name = release.helmrelease["spec"]["releaseName"]
    found = [
        d
        for d in installed.kube.list("apps/v1", "Deployment", release.namespace)
        if (d["metadata"].get("annotations") or {}).get("meta.helm.sh/release-name") == name
    ]
    assert len(found) == 1, f"release {name} should write one Deployment: {[d['metadata']['name'] for d in found]}"
    return found[0]


def screaming_snake(key: str) -> str:
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", key).upper()


def test_controller_deployment_and_pdb_are_what_the_generated_values_mean(installed: Installed) -> None:
    [release] = [r for r in installed.releases.values() if has_deployment(r.chart)]
    generated = release.helmrelease["spec"]["values"]
    values = effective_values(release)
    labels = selector_labels(release, values)
    deployment = controller_deployment(installed, release)
    pod = deployment["spec"]["template"]
    assert deployment["spec"]["replicas"] == generated["replicas"]
    assert deployment["spec"]["selector"]["matchLabels"] == labels
    assert pod["spec"]["serviceAccountName"] == generated["serviceAccount"]["name"]
    if not generated["serviceAccount"].get("create", True):
        account = installed.kube.get("v1", "ServiceAccount", generated["serviceAccount"]["name"], release.namespace)
        assert account is not None, "the service account the values name (create: false) is not there"
        assert "meta.helm.sh/release-name" not in (account["metadata"].get("annotations") or {}), account["metadata"]
    for key, value in (generated.get("podAnnotations") or {}).items():
        assert (pod["metadata"].get("annotations") or {}).get(key) == value, (key, pod["metadata"])
    [container] = [c for c in pod["spec"]["containers"] if c["name"] == "controller"]
    assert container["resources"] == generated["controller"]["resources"]
    env = {e["name"]: e.get("value") for e in container.get("env") or []}
    # every setting the product writes reaches the controller (the chart names the variable after the key)
    for key, value in generated["settings"].items():
        if key == "featureGates":
            continue
        expected = str(value).lower() if isinstance(value, bool) else str(value)
        assert env.get(screaming_snake(key)) == expected, (key, value, env)
    gates = dict(pair.split("=", 1) for pair in env["FEATURE_GATES"].split(","))
    for key, value in generated["settings"].get("featureGates", {}).items():
        assert gates.get(key[0].upper() + key[1:]) == str(value).lower(), (key, value, gates)
    if "logLevel" in generated:
        assert env.get("LOG_LEVEL") == generated["logLevel"], env
    affinity = copy.deepcopy(generated["affinity"])
    for kind in ("podAffinity", "podAntiAffinity"):
        required = (affinity.get(kind) or {}).get("requiredDuringSchedulingIgnoredDuringExecution")
        if required:
            affinity[kind]["requiredDuringSchedulingIgnoredDuringExecution"] = with_default_selector(required, labels)
    assert pod["spec"]["affinity"] == affinity
    assert pod["spec"].get("topologySpreadConstraints") == with_default_selector(
        values["topologySpreadConstraints"], labels
    )
    assert pod["spec"].get("tolerations") == values["tolerations"]
    budget_values = generated["podDisruptionBudget"]
    budget = installed.kube.get("policy/v1", "PodDisruptionBudget", budget_values["name"], release.namespace)
    assert budget is not None, f"no PodDisruptionBudget {budget_values['name']}"
    assert budget["spec"]["maxUnavailable"] == budget_values["maxUnavailable"], budget["spec"]
    assert budget["spec"]["selector"] == {"matchLabels": labels}, budget["spec"]
    assert budget["spec"]["selector"]["matchLabels"].items() <= pod["metadata"]["labels"].items()


def test_under_the_lockdown_a_release_installs_only_as_the_account_it_names(installed: Installed) -> None:
    """helm-controller runs with --default-service-account=default: the same HelmRelease without
    serviceAccountName (another release name) is refused as the namespace's `default` account."""
    [release] = [r for r in installed.releases.values() if has_deployment(r.chart)]
    current = served_release(installed, release.name)
    assert current["spec"].get("serviceAccountName") == "flux-applier", current["spec"]
    bare = {
        "apiVersion": HELMRELEASE[0],
        "kind": HELMRELEASE[1],
        "metadata": {"name": "e2e-without-account", "namespace": release.namespace},
        "spec": {
            **{k: v for k, v in current["spec"].items() if k != "serviceAccountName"},
            "releaseName": "e2e-without-account",
        },
    }
    installed.kube.apply(bare)

    def refused() -> str | None:
        obj = installed.kube.get(*HELMRELEASE, "e2e-without-account", release.namespace) or {}
        ready = next((c for c in (obj.get("status") or {}).get("conditions") or [] if c["type"] == "Ready"), {})
        return ready.get("message") if ready.get("status") == "False" else None

    try:
        message = wait_for(refused, 120, "the HelmRelease without serviceAccountName refused", interval=1)
    finally:
        installed.kube.request("DELETE", installed.kube.object_path(bare))
    assert f"system:serviceaccount:{release.namespace}:default" in message, message
