"""`adopt` for real: the script `python main.py adopt acme --format sh --context e2e` prints, run with bash and
kubectl 1.33.13 (built from the same pinned module as the API server) against a control plane set up as the seed installed Karpenter (the karpenter chart's
crds/ folder, its namespace and service account, a Helm 3 release record, node pools applied with kubectl,
Flux's CRDs). Every object is read back: the CRDs belong to the rendered karpenter-crd HelmRelease's
release, every object of a stage to the Kustomization that applies it, the service account is kept, nothing
was deleted or re-created; a second run changes nothing; without the release record nothing is changed."""

from __future__ import annotations

import base64
import gzip
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from e2e.controlplane import ControlPlane
from e2e.flux import FLUX_NAMESPACE, kustomization_objects
from e2e.kube import Kube
from e2e.manifests import EXAMPLE_REPO, ROOT, crds_for, example_clusters, load_yaml_documents, namespace
from karpenter_tenants.reference.shared import shared_dir

KEY = "acme"
CONTEXT = "e2e"
FLUX_NAME, FLUX_NS = "kustomize.toolkit.fluxcd.io/name", "kustomize.toolkit.fluxcd.io/namespace"
CRD = ("apiextensions.k8s.io/v1", "CustomResourceDefinition")
ROOT_KUSTOMIZATION = ("kustomize.toolkit.fluxcd.io/v1", "Kustomization", f"{KEY}-root", FLUX_NAMESPACE)


@pytest.fixture(scope="module")
def kubectl(kube_binaries: dict[str, Path]) -> str:
    """kubectl built from the same pinned Kubernetes module as the API server it talks to (1.33.13)."""
    return str(kube_binaries["kubectl"])


def without_flux_labels(obj: dict[str, Any]) -> dict[str, Any]:
    """The object as the seed applied it with kubectl: no Flux ownership labels."""
    labels = {k: v for k, v in (obj["metadata"].get("labels") or {}).items() if not k.startswith("kustomize.toolkit")}
    return {**obj, "metadata": {**obj["metadata"], "labels": labels}}


def helm_release_secret(release: str, release_namespace: str, chart: str, version: str) -> dict[str, Any]:
    """Helm 3's release storage (pkg/storage/driver Secrets): type helm.sh/release.v1, named
    sh.helm.release.v1.<release>.v<revision>, labels owner=helm,name,status,version; data.release is the
    release as JSON, gzipped and base64-encoded (the Secret then encodes it once more)."""
    record = {
        "name": release,
        "namespace": release_namespace,
        "version": 1,
        "info": {"status": "deployed"},
        "chart": {"metadata": {"name": chart, "version": version}},
        "manifest": "",
    }
    payload = base64.b64encode(gzip.compress(json.dumps(record).encode())).decode()
    return {
        "apiVersion": "v1",
        "kind": "Secret",
        "type": "helm.sh/release.v1",
        "metadata": {
            "name": f"sh.helm.release.v1.{release}.v1",
            "namespace": release_namespace,
            "labels": {"owner": "helm", "name": release, "status": "deployed", "version": "1"},
        },
        "data": {"release": base64.b64encode(payload.encode()).decode()},
    }


def write_kubeconfig(plane: ControlPlane, path: Path) -> Path:
    """The control plane's admin credentials as context `e2e`; the current context is another one that
    points at a closed port, so the script reaches the server only through its --context."""
    pki = plane.folder / "pki"
    path.write_text(
        "apiVersion: v1\nkind: Config\ncurrent-context: elsewhere\n"
        f"clusters:\n- name: e2e\n  cluster:\n    server: https://127.0.0.1:{plane.port}\n"
        f"    certificate-authority: {pki / 'ca.crt'}\n"
        "- name: elsewhere\n  cluster:\n    server: https://127.0.0.1:1\n"
        f"contexts:\n- name: {CONTEXT}\n  context: {{cluster: e2e, user: admin}}\n"
        "- name: elsewhere\n  context: {cluster: elsewhere, user: admin}\n"
        f"users:\n- name: admin\n  user:\n    client-certificate: {pki / 'admin.crt'}\n"
        f"    client-key: {pki / 'admin.key'}\n"
    )
    return path


@dataclass
class Seeded:
    kube: Kube
    script: Path
    env: dict[str, str]
    kubectl: str
    crds: list[str]  # the Karpenter CRDs from the karpenter chart's crds/ folder
    other_crds: list[str]  # Flux's: no release owns them
    owners: dict[tuple[str, str, str, str | None], tuple[str, str]]  # seeded object -> (Kustomization, namespace)
    release: dict[str, Any]  # the rendered karpenter-crd HelmRelease

    def run(self) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            ["bash", str(self.script)], cwd=EXAMPLE_REPO, env=self.env, capture_output=True, text=True, timeout=300
        )

    def read(self, api_version: str, kind: str, name: str, namespace: str | None = None) -> dict[str, Any]:
        obj = self.kube.get(api_version, kind, name, namespace)
        assert obj is not None, f"{kind} {namespace or ''}/{name} is gone"
        return obj

    def state(self) -> dict[tuple[str, str, str, str | None], tuple[str, str, dict[str, str], dict[str, str]]]:
        """uid, resourceVersion, labels and annotations of every seeded object."""
        refs = [
            *((*CRD, name, None) for name in [*self.crds, *self.other_crds]),
            *self.owners,
            ("v1", "Secret", self.secret_name, self.secret_namespace),
        ]
        found = {}
        for ref in refs:
            meta = self.read(*ref)["metadata"]
            found[ref] = (meta["uid"], meta["resourceVersion"], meta.get("labels") or {}, meta.get("annotations") or {})
        return found

    @property
    def secret_name(self) -> str:
        return "sh.helm.release.v1.karpenter.v1"

    @property
    def secret_namespace(self) -> str:
        return "karpenter"


def seed(
    kube: Kube, with_release: bool
) -> tuple[list[str], list[str], dict[tuple[str, str, str, str | None], tuple[str, str]]]:
    """The cluster as the seed installed it; returns the Karpenter CRD names, the other CRD names and every
    other seeded object with the Kustomization (name, namespace) whose path renders it."""
    cluster = next(c for c in example_clusters() if c.key == KEY)
    crds = crds_for(cluster.karpenter_version)
    kube.apply_crds(crds)
    folder = shared_dir() / f"karpenter/v{cluster.karpenter_version}/karpenter/crds"  # the chart's crds/
    karpenter_crds = sorted(d["metadata"]["name"] for path in folder.glob("*.yaml") for d in load_yaml_documents(path))
    other = sorted(c["metadata"]["name"] for c in crds if c["metadata"]["name"] not in karpenter_crds)
    kube.apply(namespace(FLUX_NAMESPACE))
    owners: dict[tuple[str, str, str, str | None], tuple[str, str]] = {}
    stages = load_yaml_documents(cluster.dist / "flux/stages/kustomization.yaml")[0]["resources"]
    for file in stages:
        [stage] = load_yaml_documents(cluster.dist / "flux/stages" / file)
        for obj in kustomization_objects(EXAMPLE_REPO / stage["spec"]["path"]):
            seeded = obj["kind"] in ("Namespace", "ServiceAccount", "NodePool", "EC2NodeClass")
            if not seeded:
                continue
            kube.apply(without_flux_labels(obj))
            meta = obj["metadata"]
            owners[(obj["apiVersion"], obj["kind"], meta["name"], meta.get("namespace"))] = (
                stage["metadata"]["name"],
                stage["metadata"]["namespace"],
            )
    if with_release:
        kube.apply(helm_release_secret("karpenter", "karpenter", "karpenter", cluster.karpenter_version))
    assert {k for _, k, _, _ in owners} == {"Namespace", "ServiceAccount", "NodePool", "EC2NodeClass"}, owners
    return karpenter_crds, other, owners


def prepare(control_planes, binary: str, tmp_path: Path, name: str, with_release: bool) -> Seeded:
    plane, kube = control_planes(name)
    crds, other, owners = seed(kube, with_release)
    env = {
        **os.environ,
        "KUBECONFIG": str(write_kubeconfig(plane, tmp_path / "kubeconfig")),
        "PATH": f"{Path(binary).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        "HOME": str(tmp_path),
    }
    generated = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "adopt", KEY, "--format", "sh", "--context", CONTEXT],
        cwd=EXAMPLE_REPO,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert generated.returncode == 0, generated.stderr
    script = tmp_path / "adopt.sh"
    script.write_text(generated.stdout)
    [release] = load_yaml_documents(EXAMPLE_REPO / "dist" / KEY / "karpenter-crd/helmrelease-karpenter-crd.yaml")
    return Seeded(kube, script, env, binary, crds, other, owners, release)


@pytest.fixture(scope="module")
def adopted(
    control_planes, kubectl: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[Seeded, dict, subprocess.CompletedProcess[str]]]:
    seeded = prepare(control_planes, kubectl, tmp_path_factory.mktemp("adopt"), "adopt", with_release=True)
    before = seeded.state()
    yield seeded, before, seeded.run()


def release_identity(release: dict[str, Any]) -> tuple[str, str]:
    """The release Flux's helm-controller installs for a HelmRelease (its API reference): spec.releaseName,
    else [<targetNamespace>-]<name>; Helm checks meta.helm.sh/release-namespace against the target namespace
    (default the HelmRelease's), and the record lives in the storage namespace (same default)."""
    spec, meta = release["spec"], release["metadata"]
    target = spec.get("targetNamespace") or meta["namespace"]
    name = spec.get("releaseName") or (
        f"{spec['targetNamespace']}-{meta['name']}" if spec.get("targetNamespace") else meta["name"]
    )
    storage = spec.get("storageNamespace") or meta["namespace"]
    assert storage == target, "a storage namespace other than the target is not what this scenario covers"
    return name, target


def test_the_script_succeeds(adopted):
    seeded, _, result = adopted
    assert result.returncode == 0, f"{result.stdout}\n{result.stderr}"
    assert "skip:" in result.stdout  # the base objects the seed did not have (policies, flow schemas)


def test_every_karpenter_crd_belongs_to_the_rendered_crd_release(adopted):
    seeded, _, _ = adopted
    name, namespace_ = release_identity(seeded.release)
    for crd in seeded.crds:
        meta = seeded.read(*CRD, crd)["metadata"]
        assert meta["labels"].get("app.kubernetes.io/managed-by") == "Helm", crd
        assert meta["annotations"].get("meta.helm.sh/release-name") == name, crd
        assert meta["annotations"].get("meta.helm.sh/release-namespace") == namespace_, crd
    for crd in seeded.other_crds:  # Flux's own CRDs are nobody's release
        meta = seeded.read(*CRD, crd)["metadata"]
        assert "meta.helm.sh/release-name" not in (meta.get("annotations") or {}), crd


def test_every_seeded_object_carries_the_labels_of_the_kustomization_that_applies_it(adopted):
    seeded, _, _ = adopted
    for ref, (kustomization, kustomization_namespace) in seeded.owners.items():
        labels = seeded.read(*ref)["metadata"].get("labels") or {}
        assert (labels.get(FLUX_NAME), labels.get(FLUX_NS)) == (kustomization, kustomization_namespace), ref


def test_the_service_account_is_kept(adopted):
    seeded, _, _ = adopted
    # the controller's (the Helm release made it); the Flux appliers' account beside it is the product's own
    [account] = [ref for ref in seeded.owners if ref[1] == "ServiceAccount" and ref[2] == "karpenter"]
    assert seeded.read(*account)["metadata"]["annotations"].get("helm.sh/resource-policy") == "keep"


def test_nothing_was_deleted_or_recreated_and_the_root_is_applied(adopted):
    seeded, before, _ = adopted
    after = seeded.state()
    assert {ref: uid for ref, (uid, *_) in after.items()} == {ref: uid for ref, (uid, *_) in before.items()}
    assert (
        after[("v1", "Secret", seeded.secret_name, seeded.secret_namespace)]
        == before[("v1", "Secret", seeded.secret_name, seeded.secret_namespace)]
    )  # the release record untouched
    root = seeded.read(*ROOT_KUSTOMIZATION)
    [expected] = load_yaml_documents(EXAMPLE_REPO / "dist" / KEY / "flux/kustomization-acme-root.yaml")
    assert root["spec"]["path"] == expected["spec"]["path"]


def test_a_second_run_refuses_while_the_root_runs_and_changes_nothing_once_it_is_suspended(adopted):
    seeded, _, first = adopted
    assert first.returncode == 0, first.stderr
    state = seeded.state()
    again = seeded.run()
    assert again.returncode == 1, again.stdout
    assert f"error: the Flux root {KEY}-root is already applied" in again.stderr
    assert seeded.state() == state
    # What the message says to do: `flux suspend kustomization` sets spec.suspend (Flux's CLI, a merge patch).
    suspend = subprocess.run(
        [
            seeded.kubectl,
            "--context",
            CONTEXT,
            "patch",
            "kustomization.kustomize.toolkit.fluxcd.io",
            f"{KEY}-root",
            "-n",
            FLUX_NAMESPACE,
            "--type",
            "merge",
            "-p",
            '{"spec":{"suspend":true}}',
        ],
        env=seeded.env,
        capture_output=True,
        text=True,
    )
    assert suspend.returncode == 0, suspend.stderr
    root_before = seeded.read(*ROOT_KUSTOMIZATION)["metadata"]["resourceVersion"]
    suspended = seeded.run()
    assert suspended.returncode == 0, f"{suspended.stdout}\n{suspended.stderr}"
    assert seeded.state() == state  # no write at all: not even a resourceVersion moved
    root = seeded.read(*ROOT_KUSTOMIZATION)
    assert root["spec"].get("suspend") is True and root["metadata"]["resourceVersion"] == root_before


def test_without_the_helm_release_nothing_is_changed(control_planes, kubectl, tmp_path):
    seeded = prepare(control_planes, kubectl, tmp_path, "adopt-no-release", with_release=False)
    refs = [*((*CRD, name, None) for name in seeded.crds), *seeded.owners]
    before = {ref: seeded.read(*ref)["metadata"] for ref in refs}
    result = seeded.run()
    assert result.returncode == 1, result.stdout
    assert "error: no Helm release karpenter in namespace karpenter" in result.stderr
    for ref in refs:
        meta = seeded.read(*ref)["metadata"]
        assert (meta["uid"], meta["resourceVersion"]) == (before[ref]["uid"], before[ref]["resourceVersion"]), ref
        labels, annotations = meta.get("labels") or {}, meta.get("annotations") or {}
        assert FLUX_NAME not in labels and labels.get("app.kubernetes.io/managed-by") != "Helm", ref
        # the seed's account is base/'s, which says helm.sh/resource-policy keep itself: the script added nothing
        assert (
            annotations == (before[ref].get("annotations") or {}) and "meta.helm.sh/release-name" not in annotations
        ), ref
    assert seeded.kube.get(*ROOT_KUSTOMIZATION) is None


def test_argocd_root_check_refuses_automated_sync_and_passes_once_it_is_off(control_planes, kubectl, tmp_path):
    binary = kubectl
    plane, kube = control_planes("adopt-argocd")
    cluster = next(c for c in example_clusters() if c.key == "acme-argocd")
    kube.apply_crds(
        [*crds_for(cluster.karpenter_version), *load_yaml_documents(shared_dir() / "crds/argocd/application-crd.yaml")]
    )
    for name in ("argocd", "karpenter"):
        kube.apply(namespace(name))
    kube.apply(helm_release_secret("karpenter", "karpenter", "karpenter", cluster.karpenter_version))
    [root] = load_yaml_documents(EXAMPLE_REPO / "dist/acme-argocd/argocd/application-acme-argocd-root.yaml")
    kube.apply(root)  # as rendered: automated sync on
    env = {
        **os.environ,
        "KUBECONFIG": str(write_kubeconfig(plane, tmp_path / "kubeconfig")),
        "PATH": f"{Path(binary).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        "HOME": str(tmp_path),
    }
    generated = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "adopt", "acme-argocd", "--format", "sh", "--context", CONTEXT],
        cwd=EXAMPLE_REPO,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert generated.returncode == 0, generated.stderr
    (tmp_path / "adopt.sh").write_text(generated.stdout)

    def run() -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            ["bash", str(tmp_path / "adopt.sh")], cwd=EXAMPLE_REPO, env=env, capture_output=True, text=True, timeout=300
        )

    refused = run()
    assert refused.returncode == 1, refused.stdout
    assert "error: the root Application acme-argocd-root is already applied with automated sync" in refused.stderr
    # Argo CD's documented switch: spec.syncPolicy.automated.enabled false (null counts as on).
    kube.apply(
        {
            **root,
            "spec": {
                **root["spec"],
                "syncPolicy": {"automated": {**root["spec"]["syncPolicy"]["automated"], "enabled": False}},
            },
        }
    )
    passed = run()
    assert passed.returncode == 0, f"{passed.stdout}\n{passed.stderr}"
    application = kube.get(root["apiVersion"], root["kind"], root["metadata"]["name"], root["metadata"]["namespace"])
    assert application is not None and application["spec"]["syncPolicy"]["automated"]["enabled"] is False
