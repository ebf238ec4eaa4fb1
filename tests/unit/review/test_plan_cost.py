"""`plan`'s cost follows the change, not the cluster: it parses only the files that differ between the two revisions
and the folders whose other objects a changed object's review reads (a node pool's tenant, a buffer's chunk), computes
capacity only for the node pools that changed, and after `python main.py` reads dist/ as synth left it instead of
loading and rendering the config again (bench/commands.py measures the time; these are the contracts)."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import EXAMPLE_DIST, cluster_dict, write_cluster

import karpenter_tenants.objects.dist_objects
from karpenter_tenants.commands.cli import main
from karpenter_tenants.config.versions import NODE_CLASS_KIND, NODE_POOL_KINDS
from karpenter_tenants.kinds.node_pool.review import node_class_of
from karpenter_tenants.objects.changes import ClusterFacts
from karpenter_tenants.objects.dist_objects import KUSTOMIZE_FILE, objects_of
from karpenter_tenants.review.plan import plan
from karpenter_tenants.review.registry import review_of

EXAMPLE = {
    p.relative_to(EXAMPLE_DIST).as_posix(): p.read_text() for p in sorted(EXAMPLE_DIST.rglob("*")) if p.is_file()
}


def parsed_while(monkeypatch: pytest.MonkeyPatch, run: Any) -> list[str]:
    """The files whose YAML is parsed (objects.dist_objects' loader) while run() runs."""
    seen: list[str] = []
    load_all = karpenter_tenants.objects.dist_objects.load_all

    def counting(text: str, path: str) -> Any:
        seen.append(path)
        return load_all(text, path)

    monkeypatch.setattr(karpenter_tenants.objects.dist_objects, "load_all", counting)
    run()
    return seen


def edited(path: str, change: Any) -> dict[str, str]:
    """The example tree with one object edited: (the base revision's differing files, same)."""
    document = yaml.safe_load(EXAMPLE[path])
    change(document)
    return {path: yaml.safe_dump(document)}


def folder_files(path: str) -> set[str]:
    folder = path.rpartition("/")[0]
    return {p for p in EXAMPLE if p.rpartition("/")[0] == folder and p.rsplit("/", 1)[-1] != KUSTOMIZE_FILE}


@pytest.mark.parametrize(
    "path",
    [
        "acme/tenants/alpha/nodepool-alpha.yaml",  # its review reads the tenant's other pools and node class
        "acme/tenants/gamma/buffers/capacitybuffer-warm.yaml",  # its chunk's PodTemplate
        "acme/flux/stages/kustomization-acme-nodepool-alpha.yaml",  # a folder of one file per tenant: read alone
        "acme/base/validatingadmissionpolicy-karpenter-tenant-isolation.yaml",
    ],
)
def test_only_the_files_that_differ_and_the_folder_a_review_reads_are_parsed(
    path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    old = edited(path, lambda d: d["metadata"].setdefault("annotations", {}).update(edited="yes"))
    same = set(EXAMPLE) - {path}
    changes: list[Any] = []
    seen = parsed_while(monkeypatch, lambda: changes.extend(plan(old, EXAMPLE, {"acme": ClusterFacts()}, same)))
    [changed] = [c for c in changes if c.action == "changed"]
    kind = changed.kind
    expected = folder_files(path) if review_of(kind).reads_its_folder else {path}
    assert sorted(seen) == sorted([path, *expected])  # the base's version once, the new side's files once each
    assert len(seen) < len(EXAMPLE) / 10


def test_a_tenant_removed_parses_only_its_base_files(monkeypatch: pytest.MonkeyPatch) -> None:
    folder = "acme/tenants/beta/"
    old = {p: t for p, t in EXAMPLE.items() if p.startswith(folder)}
    new = {p: t for p, t in EXAMPLE.items() if not p.startswith(folder)}
    changes: list[Any] = []
    seen = parsed_while(monkeypatch, lambda: changes.extend(plan(old, new, {"acme": ClusterFacts()}, set(new))))
    assert sorted(seen) == sorted(p for p in old if not p.endswith(KUSTOMIZE_FILE))
    removed = {(c.kind, c.name) for c in changes if c.action == "removed"}
    assert removed >= {(k[1], k[3]) for k in objects_of(old) if k[1] in NODE_POOL_KINDS} != set()


def test_what_a_review_reads_beyond_its_object_is_in_the_objects_folder_in_every_example() -> None:
    """The layout reads_its_folder relies on (synth's, docs/development.md): a node pool's node class and its
    tenant's other pools in the pool's folder; a buffer's chunk PodTemplate in the buffer's folder."""
    objects = objects_of({p: t for p, t in EXAMPLE.items() if p.endswith(".yaml")})
    folder = {key: path.rpartition("/")[0] for key, (path, _) in objects.items()}
    pools = [(key, obj) for key, (_, obj) in objects.items() if key[1] in NODE_POOL_KINDS]
    assert pools
    for key, pool in pools:
        classes = [
            k for k in objects if k[0] == key[0] and k[1] in NODE_CLASS_KIND.values() and k[3] == node_class_of(pool)
        ]
        assert [folder[k] for k in classes] == [folder[key]], key
        tenant = pool["metadata"]["labels"]["tenant"]
        siblings = [k for k, o in pools if k[0] == key[0] and o["metadata"]["labels"]["tenant"] == tenant]
        assert {folder[k] for k in siblings} == {folder[key]}, key
    buffers = [key for key in objects if key[1] == "CapacityBuffer"]
    assert buffers
    for key in buffers:
        templates = [k for k in objects if k[1] == "PodTemplate" and k[3].endswith(f"-{key[3]}") and k[2] == key[2]]
        assert [folder[k] for k in templates] == [folder[key]], key


# --- after synth: dist/ as synth left it --------------------------------------------------------------------------


def git(root: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.com", *args], cwd=root, check=True)


ALPHA = {**cluster_dict()["tenants"][0], "limits": {"cpu": "100"}}
BETA = {**ALPHA, "name": "beta", "nodeRole": "node-beta"}


def repository(root: Path) -> tuple[Path, Path]:
    clusters, dist = root / "clusters", root / "dist"
    write_cluster(clusters, cluster_dict(tenants=[ALPHA, BETA]))
    git(root, "init", "-q")
    assert main(["--clusters", str(clusters), "synth", "--out", str(dist)]) == 0
    git(root, "add", "-A")
    git(root, "commit", "-qm", "base")
    write_cluster(clusters, cluster_dict(tenants=[{**ALPHA, "limits": {"cpu": "50"}}, BETA]))
    return clusters, dist


def planned(clusters: Path, dist: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    capsys.readouterr()
    status = main(["--clusters", str(clusters), "plan", "--base", "HEAD", "--dist", str(dist)])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_after_synth_plan_reads_dist_as_synth_left_it_without_loading_the_config(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    clusters, dist = repository(tmp_path)
    before_synth = planned(clusters, dist, capsys)  # dist/ not synthesized yet: plan renders the config
    assert main(["--clusters", str(clusters), "synth", "--out", str(dist)]) == 0
    import karpenter_tenants.config.loader

    def refused(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("plan loaded the config though synth's cache vouches for dist/")

    with monkeypatch.context() as patch:
        patch.setattr(karpenter_tenants.config.loader, "load_clusters", refused)
        after_synth = planned(clusters, dist, capsys)
    assert after_synth == before_synth
    assert "`spec.limits.cpu`: `100` → `50`" in after_synth[1]
    # a cluster file edited since: the cache no longer vouches, plan loads and renders it
    write_cluster(clusters, cluster_dict(tenants=[{**ALPHA, "limits": {"cpu": "40"}}, BETA]))
    assert "`spec.limits.cpu`: `100` → `40`" in planned(clusters, dist, capsys)[1]


def test_after_synth_a_hand_edited_dist_is_planned_from_the_config(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    clusters, dist = repository(tmp_path)
    assert main(["--clusters", str(clusters), "synth", "--out", str(dist)]) == 0
    pool = dist / "acme/tenants/alpha/nodepool-alpha.yaml"
    text = pool.read_text()
    pool.write_text(text.replace("cpu: '50'", "cpu: '7'"))
    assert pool.read_text() != text
    out = planned(clusters, dist, capsys)[1]
    assert "`spec.limits.cpu`: `100` → `50`" in out  # what synth writes, not the edited file


def test_the_catalogue_from_the_disk_cache_is_the_parsed_one_and_a_damaged_entry_is_parsed_again(
    shared: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """plan's capacity line for one changed pool needs the whole catalogue: its parse is cached (reference.disk_cache)."""
    import hashlib
    import json

    from karpenter_tenants.capacity import catalogue
    from karpenter_tenants.reference import data as reference_data
    from karpenter_tenants.reference.disk_cache import DIR_ENV

    monkeypatch.setenv(DIR_ENV, str(tmp_path / "cache"))

    def facts(found: catalogue.Catalogue) -> list[Any]:
        return [(it.name, it.labels, it.resources, it.price) for it in found.types]

    folder = catalogue.catalogue_folder(shared)
    text = reference_data.read_text(folder / catalogue.TYPES_FILE)
    parsed = [it.name for it in catalogue.parse_catalogue(text)]
    first = facts(catalogue.load_catalogue(shared))
    entries = list((tmp_path / "cache/instance-types").glob("*.json"))
    assert len(entries) == 1 and [f[0] for f in first] == parsed
    assert facts(catalogue.load_catalogue(shared)) == first  # from the entry
    payload = json.dumps([["m5.large", "not labels", {}]]).encode()
    entries[0].write_bytes(hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload)
    assert facts(catalogue.load_catalogue(shared)) == first
