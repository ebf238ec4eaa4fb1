"""Flux for real: the README's bootstrap of dist/acme/flux applied to a control plane where the real
source-controller and kustomize-controller run, the repository served over Git on loopback. Asserted:
every object of dist/ is in the Kustomizations' inventories and on the server, applied in dependsOn
order; a tenant removed from the cluster file and pushed is pruned, and nothing else is."""

from __future__ import annotations

import datetime
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

from e2e.build import Phases
from e2e.flux import (
    FLUX_NAMESPACE,
    KUSTOMIZATION,
    READY_TIMEOUT,
    ScratchRepository,
    cluster_namespaces,
    controller_crds,
    expected_appliers,
    git_repository,
    kustomization_objects,
    kustomizations,
    patch_for_missing_helm_controller,
    request_reconcile,
    start_controllers,
    timestamp,
    wait_until_applied,
)
from e2e.gitserver import GitServer
from e2e.kube import Kube, wait_for
from e2e.manifests import crds_for, example_clusters, namespace
from e2e.processes import Process

KEY = "acme"


def inventory_id(obj: dict[str, Any]) -> str:
    """Flux's inventory id of an object: <namespace>_<name>_<group>_<kind>."""
    group = obj["apiVersion"].rsplit("/", 1)[0] if "/" in obj["apiVersion"] else ""
    meta = obj["metadata"]
    return f"{meta.get('namespace', '')}_{meta['name']}_{group}_{obj['kind']}"


@dataclass
class Applied:
    kube: Kube
    repository: ScratchRepository
    appliers: dict[str, dict[str, Any]]  # every Kustomization of the cluster, root included, as in dist/
    expected: dict[str, dict[str, dict[str, Any]]]  # Kustomization name -> inventory id -> object its path builds
    first_ready: dict[str, datetime.datetime]  # Kustomization name -> when it first became Ready
    processes: list[Process]


@pytest.fixture(scope="module")
def applied(
    control_planes, flux_binaries: dict[str, Path], tmp_path_factory: pytest.TempPathFactory, phases: Phases
) -> Iterator[Applied]:
    cluster = next(c for c in example_clusters() if c.key == KEY)
    plane, kube = control_planes("flux")
    folder = tmp_path_factory.mktemp("flux")
    repository = ScratchRepository(folder)
    patched = patch_for_missing_helm_controller(repository.work / "dist")
    phases.note("flux: patched in the scratch copy (no helm-controller):\n  " + "\n  ".join(patched))
    revision = repository.commit_and_push("e2e: this working tree")
    server = GitServer(repository.served_root)
    processes = []
    try:
        # Flux's CRDs come with Flux (the controllers' modules); Karpenter's with the karpenter-crd
        # HelmRelease, which needs the helm-controller that does not run here: ../shared's stand in.
        crds = {c["metadata"]["name"]: c for c in [*crds_for(cluster.karpenter_version), *controller_crds()]}
        kube.apply_crds(list(crds.values()))
        kube.apply(namespace(FLUX_NAMESPACE))
        for name in cluster_namespaces(cluster):  # the customers' own, which exist before the product's output
            kube.apply(namespace(name))
        processes = start_controllers(flux_binaries, plane, folder)
        kube.apply(git_repository(server.url(repository.bare.name)))
        bootstrap = kustomization_objects(repository.work / "dist" / KEY / "flux")
        appliers = expected_appliers(repository, bootstrap)
        assert f"{KEY}-root" in {o["metadata"]["name"] for o in bootstrap}, (
            f"dist/{KEY}/flux does not apply the generated root Kustomization {KEY}-root: {bootstrap}"
        )
        with phases("flux: bootstrap until every Kustomization is Ready"):
            for obj in bootstrap:
                kube.apply(obj)
            first_ready = wait_until_applied(
                kube, set(appliers), revision, f"every Kustomization Ready at {revision[:12]}", processes
            )
        expected = {
            name: {inventory_id(o): o for o in kustomization_objects(repository.work / k["spec"]["path"])}
            for name, k in appliers.items()
        }
        yield Applied(kube, repository, appliers, expected, first_ready, processes)
    finally:
        for process in reversed(processes):
            process.stop()
        server.stop()


def test_every_object_of_dist_is_in_the_inventories_and_on_the_server(applied: Applied) -> None:
    current = kustomizations(applied.kube)
    dist_ids = {inventory_id(o) for o in cluster_dist_objects(applied)}
    for name, objects in applied.expected.items():
        ids = set(objects)
        inventory = {e["id"] for e in (current[name].get("status") or {}).get("inventory", {}).get("entries", [])}
        assert inventory == ids, f"{name}: inventory differs from its path: {sorted(inventory ^ ids)}"
    applied_ids = {i for objects in applied.expected.values() for i in objects}
    assert dist_ids <= applied_ids, f"objects of dist/{KEY} no Kustomization applies: {sorted(dist_ids - applied_ids)}"
    for name in applied.expected:
        for entry in current[name]["status"]["inventory"]["entries"]:
            assert served(applied.kube, entry) is not None, entry


def served(kube: Kube, entry: dict[str, str]) -> dict[str, Any] | None:
    """The server's object for a Flux inventory entry (id <namespace>_<name>_<group>_<kind>, v version)."""
    namespace_name, name, group, kind = entry["id"].split("_")
    return kube.get(f"{group}/{entry['v']}" if group else entry["v"], kind, name, namespace_name or None)


def cluster_dist_objects(applied: Applied) -> list[dict[str, Any]]:
    """Every object of dist/<key>/ (one per file) except the bootstrap folder's (the root and what it needs first:
    the appliers' ServiceAccount and its binding), which the bootstrap applies."""
    objects = []
    root = applied.repository.work / "dist" / KEY / "flux"
    for path in sorted((applied.repository.work / "dist" / KEY).rglob("*.yaml")):
        if path.name == "kustomization.yaml" or path.parent == root:
            continue
        objects.append(yaml.safe_load(path.read_text()))
    return objects


def test_under_fluxs_lockdown_every_applier_runs_as_the_generated_account(applied: Applied) -> None:
    """kustomize-controller runs with --default-service-account=default and --no-cross-namespace-refs=true (Flux's
    multi-tenancy lockdown): the generated Kustomizations are Ready only because each names the generated
    ServiceAccount; the same Kustomization without it is refused, so the lockdown is really on."""
    current = kustomizations(applied.kube)
    accounts = {name: current[name]["spec"].get("serviceAccountName") for name in applied.appliers}
    assert set(accounts.values()) == {"flux-applier"}, accounts
    stage = next(name for name in applied.appliers if name.endswith("-karpenter-base"))
    bare = {
        "apiVersion": "/".join(KUSTOMIZATION[:1]),
        "kind": KUSTOMIZATION[1],
        "metadata": {"name": "e2e-without-account", "namespace": FLUX_NAMESPACE},
        "spec": {k: v for k, v in current[stage]["spec"].items() if k not in ("serviceAccountName", "dependsOn")},
    }
    applied.kube.apply(bare)

    def refused() -> str | None:
        obj = kustomizations(applied.kube).get("e2e-without-account") or {}
        ready = next((c for c in (obj.get("status") or {}).get("conditions") or [] if c["type"] == "Ready"), {})
        return ready.get("message") if ready.get("status") == "False" else None

    try:
        message = wait_for(refused, READY_TIMEOUT, "the Kustomization without serviceAccountName refused", interval=1)
    finally:
        applied.kube.request("DELETE", applied.kube.object_path(bare))
    assert "system:serviceaccount:flux-system:default" in message, message


def test_stages_are_applied_in_depends_on_order(applied: Applied) -> None:
    current = kustomizations(applied.kube)
    checked = 0
    for name, obj in applied.appliers.items():
        for dependency in obj["spec"].get("dependsOn") or []:
            became_ready = applied.first_ready[dependency["name"]]
            for entry in current[name]["status"]["inventory"]["entries"]:
                created = timestamp(served(applied.kube, entry)["metadata"]["creationTimestamp"])
                assert created >= became_ready, (
                    f"{entry['id']} (applied by {name}) was created at {created}, before its dependency "
                    f"{dependency['name']} was Ready at {became_ready}"
                )
                checked += 1
    assert checked >= 5, "too few objects behind a dependsOn to show the order"


def test_a_removed_tenant_is_pruned_and_nothing_else(applied: Applied, phases: Phases) -> None:
    kube, repository = applied.kube, applied.repository
    cluster_file = repository.work / "clusters" / f"{KEY}.yaml"
    config = yaml.safe_load(cluster_file.read_text())
    removed = config["tenants"][-1]["name"]
    assert len(config["tenants"]) >= 2, "need a tenant that stays"
    # the tenant's appliers: its node pools' and, with a quota, its quota's (each carries the tenant label)
    tenant_appliers = sorted(
        n for n, k in applied.appliers.items() if (k["metadata"].get("labels") or {}).get("tenant") == removed
    )
    assert f"{KEY}-nodepool-{removed}" in tenant_appliers, tenant_appliers
    before = uids(kube, applied.expected)
    config["tenants"] = config["tenants"][:-1]
    cluster_file.write_text(yaml.safe_dump(config, sort_keys=False))
    repository.synth()
    patch_for_missing_helm_controller(repository.work / "dist")
    revision = repository.commit_and_push(f"e2e: remove tenant {removed}")
    with phases(f"flux: tenant {removed} removed until pruned"):
        request_reconcile(kube, git_repository(""), str(time.time()))
        remaining = set(applied.appliers) - set(tenant_appliers)
        wait_until_applied(kube, remaining, revision, f"Kustomizations Ready at {revision[:12]}", applied.processes)
        for name in tenant_appliers:
            wait_for(lambda name=name: name not in kustomizations(kube), 120, f"Kustomization {name} pruned")
    after = uids(kube, applied.expected)
    gone = sorted(set(before) - set(after))
    pruned = sorted(
        {i for name in tenant_appliers for i in applied.expected[name]}
        | {inventory_id(applied.appliers[name]) for name in tenant_appliers}
    )
    assert gone == pruned, f"pruned {gone}, expected exactly the tenant's node pools and quota {pruned}"
    replaced = sorted(i for i in after if before[i] != after[i])
    assert not replaced, f"objects re-created instead of kept: {replaced}"


def uids(kube: Kube, expected: dict[str, dict[str, dict[str, Any]]]) -> dict[str, str]:
    """Inventory id -> uid of every object the Kustomizations applied (Kustomizations included) still present."""
    found = {}
    for objects in expected.values():
        for object_id, obj in objects.items():
            meta = obj["metadata"]
            served = kube.get(obj["apiVersion"], obj["kind"], meta["name"], meta.get("namespace"))
            if served is not None:
                found[object_id] = served["metadata"]["uid"]
    return found
