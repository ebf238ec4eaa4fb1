"""Flux for real: source-controller and kustomize-controller against the control plane, this repository in
a scratch Git repository served on loopback, the README's bootstrap, and waiting for its Kustomizations (the Flux
and Helm tests both)."""

from __future__ import annotations

import datetime
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml

from e2e.build import FLUX, ToolModule, go_binary
from e2e.controlplane import ControlPlane
from e2e.kube import Kube, condition, wait_for
from e2e.manifests import EXAMPLE_REPO, ROOT, load_yaml_documents
from e2e.processes import Process, free_port
from karpenter_tenants.reference.shared import SHARED_ENV, shared_dir

FLUX_NAMESPACE = "flux-system"
BRANCH = "main"
KUSTOMIZATION = ("kustomize.toolkit.fluxcd.io/v1", "Kustomization")
READY_TIMEOUT = 300


def git(repository: Path, *args: str) -> str:
    result = subprocess.run(
        ["git", "-c", "user.name=e2e", "-c", "user.email=e2e@127.0.0.1", "-c", "commit.gpgsign=false", *args],
        cwd=repository,
        capture_output=True,
        text=True,
    )
    if result.returncode != 0:
        raise RuntimeError(f"git {' '.join(args)} failed in {repository}: {result.stderr}")
    return result.stdout.strip()


class ScratchRepository:
    """A copy of this working tree (tracked and untracked files, not ignored ones) committed in a fresh
    repository and pushed to a bare one that the Git server serves; the suite changes and re-synths it
    there, never in the working tree."""

    def __init__(self, folder: Path) -> None:
        self.work = folder / "work"
        self.served_root = folder / "served"
        self.bare = self.served_root / "karpenter-tenants.git"
        files = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split("\0")
        for name in filter(None, files):
            source = ROOT / name
            if source.is_file():
                (self.work / name).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, self.work / name)
        # The example clusters and their dist/, not the user's (the suite passes whatever clusters/ holds).
        for name in ("clusters", "dist"):
            shutil.rmtree(self.work / name, ignore_errors=True)
            shutil.copytree(EXAMPLE_REPO / name, self.work / name)
        git(self.work, "init", "-q", "-b", BRANCH)
        git(folder, "init", "-q", "--bare", "-b", BRANCH, str(self.bare))

    def commit_and_push(self, message: str) -> str:
        git(self.work, "add", "-A")
        git(self.work, "commit", "-q", "-m", message)
        git(self.work, "push", "-q", str(self.bare), f"HEAD:refs/heads/{BRANCH}")
        return git(self.work, "rev-parse", "HEAD")

    def synth(self) -> None:
        """`python main.py` in the scratch copy, with this repository's virtual environment and ../shared."""
        env = {**os.environ, SHARED_ENV: str(shared_dir())}
        result = subprocess.run(
            [sys.executable, "-O", "main.py"], cwd=self.work, capture_output=True, text=True, env=env
        )
        if result.returncode != 0:
            raise RuntimeError(f"synth in {self.work} failed:\n{result.stdout}{result.stderr}")


def patch_for_missing_helm_controller(dist: Path) -> list[str]:
    """The only changes the suite makes to dist/, in the scratch copy, because no helm-controller and no
    chart registry run here: OCIRepositories are suspended (they would reach public.ecr.aws, and only
    loopback is allowed), and Kustomizations applying a HelmRelease get `wait: false` (a HelmRelease
    never becomes Ready without helm-controller). Returns what was patched."""
    patched = []
    folders_with_release = {p.parent for p in dist.rglob("*.yaml") if p.name.startswith("helmrelease-")}
    for path in sorted(dist.rglob("*.yaml")):
        documents = load_yaml_documents(path)
        if len(documents) != 1:
            continue
        [obj] = documents
        if obj.get("kind") == "OCIRepository":
            obj["spec"]["suspend"] = True
        elif obj.get("kind") == "Kustomization" and obj.get("apiVersion", "").startswith("kustomize.toolkit"):
            target = (dist.parent / obj["spec"]["path"]).resolve()
            if target not in folders_with_release or not obj["spec"].get("wait"):
                continue
            obj["spec"]["wait"] = False
        else:
            continue
        path.write_text(yaml.safe_dump(obj, sort_keys=False))
        patched.append(f"{path.relative_to(dist.parent)}: {obj['kind']} {obj['metadata']['name']}")
    return patched


def kustomization_objects(folder: Path) -> list[dict[str, Any]]:
    """The objects a kustomization.yaml of plain resource lists builds: what `kubectl apply -k` and Flux
    apply. Anything kustomize would transform fails here, loudly (the suite has no kustomize)."""
    kustomization = yaml.safe_load((folder / "kustomization.yaml").read_text())
    extra = set(kustomization) - {"apiVersion", "kind", "resources"}
    assert not extra, f"{folder}/kustomization.yaml uses {sorted(extra)}: building it needs kustomize"
    found = []
    for name in kustomization["resources"]:
        path = folder / name
        found += kustomization_objects(path) if path.is_dir() else load_yaml_documents(path)
    return found


def git_repository(url: str) -> dict[str, Any]:
    """The GitRepository `flux bootstrap` creates for the repository it bootstraps."""
    return {
        "apiVersion": "source.toolkit.fluxcd.io/v1",
        "kind": "GitRepository",
        "metadata": {"name": "flux-system", "namespace": FLUX_NAMESPACE},
        "spec": {"interval": "1m0s", "ref": {"branch": BRANCH}, "url": url},
    }


def controller_crds(
    tool: ToolModule = FLUX,
    modules: tuple[str, ...] = ("github.com/fluxcd/source-controller", "github.com/fluxcd/kustomize-controller"),
) -> list[dict[str, Any]]:
    """The CRDs the controllers watch (source-controller watches Buckets, HelmCharts, ExternalArtifacts
    too), from the controllers' own modules as pinned by the tools module."""
    crds = []
    for module in modules:
        listed = subprocess.run(
            [go_binary(), "list", "-m", "-json", module], cwd=tool.directory, capture_output=True, text=True, check=True
        )
        folder = Path(json.loads(listed.stdout)["Dir"]) / "config/crd/bases"
        crds += [d for path in sorted(folder.glob("*.yaml")) for d in load_yaml_documents(path)]
    return crds


def start_controllers(binaries: dict[str, Path], plane: ControlPlane, folder: Path) -> list[Process]:
    env = {"KUBECONFIG": str(plane.kubeconfig), "RUNTIME_NAMESPACE": FLUX_NAMESPACE}
    storage = free_port()
    (folder / "storage").mkdir(exist_ok=True)
    common = ["--metrics-addr=0", "--enable-leader-election=false", "--log-level=info", "--log-encoding=console"]
    source = Process(
        "source-controller",
        [
            str(binaries["source-controller"]),
            *common,
            f"--health-addr=127.0.0.1:{free_port()}",
            f"--storage-path={folder / 'storage'}",
            f"--storage-addr=127.0.0.1:{storage}",
            f"--storage-adv-addr=127.0.0.1:{storage}",
        ],
        folder / "source-controller.log",
        env,
    )
    # Dependencies re-checked every 2 s instead of 30 s: the stages run in order, just sooner.
    kustomize = Process(
        "kustomize-controller",
        [
            str(binaries["kustomize-controller"]),
            *common,
            f"--health-addr=127.0.0.1:{free_port()}",
            "--requeue-dependency=2s",
            "--no-remote-bases=true",
            # Flux's multi-tenancy lockdown (flux2-multi-tenancy): an applier without serviceAccountName runs as the
            # powerless `default` account of its namespace, and no applier may reference another namespace's objects.
            "--default-service-account=default",
            "--no-cross-namespace-refs=true",
        ],
        folder / "kustomize-controller.log",
        env,
    )
    return [source, kustomize]


def request_reconcile(kube: Kube, obj: dict[str, Any], stamp: str) -> None:
    """What `flux reconcile` does: the requestedAt annotation."""
    meta = obj["metadata"]
    kube.request(
        "PATCH",
        kube.path(obj["apiVersion"], obj["kind"], meta["namespace"], meta["name"]),
        {"metadata": {"annotations": {"reconcile.fluxcd.io/requestedAt": stamp}}},
        "application/merge-patch+json",
    )


def cluster_namespaces(cluster: Any) -> list[str]:
    """The namespaces the example's dist/ puts objects into but does not write (the tenants' own: their quotas)."""
    objects = [
        yaml.safe_load(p.read_text()) for p in sorted(cluster.dist.rglob("*.yaml")) if p.name != "kustomization.yaml"
    ]
    written = {o["metadata"]["name"] for o in objects if o["kind"] == "Namespace"}
    return sorted({o["metadata"].get("namespace") for o in objects} - written - {None, FLUX_NAMESPACE})


def kustomizations(kube: Kube) -> dict[str, dict[str, Any]]:
    return {k["metadata"]["name"]: k for k in kube.list(*KUSTOMIZATION, FLUX_NAMESPACE)}


def ready_at(obj: dict[str, Any], revision: str) -> bool:
    status = obj.get("status") or {}
    return condition(obj, "Ready") == "True" and revision in str(status.get("lastAppliedRevision", ""))


def describe(kube: Kube) -> str:
    lines = []
    for name, k in sorted(kustomizations(kube).items()):
        ready = next((c for c in (k.get("status") or {}).get("conditions") or [] if c["type"] == "Ready"), {})
        lines.append(f"  {name}: Ready={ready.get('status')} {ready.get('reason')}: {ready.get('message')}")
    return "\n".join(lines)


def expected_appliers(repository: ScratchRepository, bootstrap: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The bootstrap's Kustomizations and, recursively, the Kustomizations their paths apply."""
    found: dict[str, dict[str, Any]] = {}
    pending = list(bootstrap)
    while pending:
        obj = pending.pop()
        if (obj["apiVersion"], obj["kind"]) != KUSTOMIZATION or obj["metadata"]["name"] in found:
            continue
        found[obj["metadata"]["name"]] = obj
        pending += kustomization_objects(repository.work / obj["spec"]["path"])
    return found


def wait_until_applied(
    kube: Kube, names: set[str], revision: str, what: str, processes: list[Process]
) -> dict[str, datetime.datetime]:
    """When each Kustomization first became Ready at `revision`, as the Ready condition said then (a
    later reconcile moves lastTransitionTime, so it is recorded while waiting)."""
    first_ready: dict[str, datetime.datetime] = {}

    def all_ready() -> dict[str, datetime.datetime] | None:
        for process in processes:
            if process.popen.poll() is not None:
                raise RuntimeError(f"{process.name} exited with {process.popen.returncode}:\n{process.tail()}")
        for name, obj in kustomizations(kube).items():
            if name in names and name not in first_ready and ready_at(obj, revision):
                ready = next(c for c in obj["status"]["conditions"] if c["type"] == "Ready")
                first_ready[name] = timestamp(ready["lastTransitionTime"])
        return first_ready if set(first_ready) >= names else None

    try:
        return wait_for(all_ready, READY_TIMEOUT, what, interval=1)
    except TimeoutError as error:
        logs = "\n".join(f"{p.name}:\n{p.tail(15)}" for p in processes)
        raise TimeoutError(f"{error}; Kustomizations:\n{describe(kube)}\n{logs}") from None


def timestamp(text: str) -> datetime.datetime:
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))
