"""What the suite applies: the example clusters' dist/ objects and the CRDs of each cluster's versions,
from ../shared, in the order an installation has them (CRDs, namespaces, the rest)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from karpenter_tenants.checks.validate import read_objects
from karpenter_tenants.reference.shared import shared_dir

ROOT = Path(__file__).resolve().parents[2]
# The product's example clusters (never the user's clusters/) and the dist/ synth writes from them (tests/conftest.py).
from conftest import EXAMPLE_REPO, EXAMPLES_DIR  # noqa: E402


@dataclass(frozen=True)
class ExampleCluster:
    key: str
    karpenter_version: str  # as in the cluster file, e.g. 1.14.1 or 0.31.5
    engine: str  # flux or argocd
    gitops_namespace: str
    kubernetes_version: str

    @property
    def dist(self) -> Path:
        return EXAMPLE_REPO / "dist" / self.key


def example_clusters() -> list[ExampleCluster]:
    found = []
    for path in sorted(EXAMPLES_DIR.glob("*.yaml")):
        config = yaml.safe_load(path.read_text())
        gitops = config.get("gitops") or {}
        engine = gitops.get("engine", "flux")
        namespace = (gitops.get(engine) or {}).get("namespace", "flux-system" if engine == "flux" else "argocd")
        kubernetes = str(config["cluster"].get("kubernetesVersion", "1.33"))
        found.append(ExampleCluster(path.stem, str(config["karpenter"]["version"]), engine, namespace, kubernetes))
    return found


def load_yaml_documents(path: Path) -> list[dict[str, Any]]:
    return [d for d in yaml.safe_load_all(path.read_text()) if isinstance(d, dict)]


def crds_for(karpenter_version: str, argocd: bool = False) -> list[dict[str, Any]]:
    """The CRDs a cluster of that Karpenter version has: Karpenter's own, Flux's, and Argo CD's when asked
    (they are large and slow to establish; only Argo CD clusters need them)."""
    shared = shared_dir()
    folder = shared / f"karpenter/v{karpenter_version.removeprefix('v')}/karpenter/crds"
    files = [*sorted(folder.glob("*.yaml")), *sorted((shared / "crds/flux").glob("*.yaml"))]
    if argocd:
        files += sorted((shared / "crds/argocd").glob("*.yaml"))
    if not list(folder.glob("*.yaml")):
        raise FileNotFoundError(f"no Karpenter CRDs for {karpenter_version} under {folder}")
    return [d for path in files for d in load_yaml_documents(path) if d.get("kind") == "CustomResourceDefinition"]


def dist_objects(folder: Path) -> list[tuple[str, dict[str, Any]]]:
    """(file, object) under folder, namespaces first so that namespaced objects find theirs."""
    objects = list(read_objects(folder))
    return sorted(objects, key=lambda item: item[1].get("kind") != "Namespace")


def namespace(name: str) -> dict[str, Any]:
    return {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": name}}
