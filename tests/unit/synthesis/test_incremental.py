"""Incremental synth (karpenter_tenants.synthesis.incremental) writes exactly what a full synth into an empty folder writes, after any
sequence of edits: tenants and clusters added, removed and changed, dist/ files edited, deleted or added by
hand, the cache deleted or damaged. Unchanged files are not rewritten (same inode and mtime), and `check`
sees every hand edit."""

from __future__ import annotations

import copy
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import BASE_V1, BASE_V1ALPHA5, EXAMPLES_DIR, ROOT, write_cluster
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from karpenter_tenants.charts.part_inputs import ClusterWide, TenantPart
from karpenter_tenants.commands.cli import main
from karpenter_tenants.config.loader import load_clusters
from karpenter_tenants.synthesis.incremental import cache_path
from karpenter_tenants.synthesis.render import read_tree, render


def cluster(
    name: str, tenants: list[str], base: dict[str, Any] = BASE_V1, weight: int = 10, **sections: Any
) -> dict[str, Any]:
    """A cluster whose AWS names derive from its name (clusters of one account may not share them)."""
    data = copy.deepcopy(base)
    data.update(copy.deepcopy(sections))
    data["cluster"]["name"] = name
    template = data["tenants"][0]
    role = "nodeRole" if "nodeRole" in template else "instanceProfile"
    data["tenants"] = [
        {**template, "name": t, "namespaces": [t], role: f"node-{name}-{t}", "weight": weight} for t in tenants
    ]
    return data


def full(clusters: Path, tmp: Path) -> dict[str, str]:
    """What a full synth writes into an empty folder (no cache)."""
    out = tmp / "full" / "dist"
    shutil.rmtree(out.parent, ignore_errors=True)
    assert main(["--clusters", str(clusters), "synth", "--out", str(out)]) == 0
    return read_tree(out)


def run_synth(clusters: Path, out: Path) -> None:
    assert main(["--clusters", str(clusters), "synth", "--out", str(out)]) == 0


def stats(out: Path) -> dict[str, tuple[int, int]]:
    return {
        str(p.relative_to(out)): (p.stat().st_ino, p.stat().st_mtime_ns) for p in sorted(out.rglob("*")) if p.is_file()
    }


TENANT_FIELDS: list[tuple[str, Any]] = [
    ("labels", lambda tenant, step: {"team": f"t{step}"}),
    ("annotations", lambda tenant, step: {"example.com/owner": f"o{step}"}),
    ("tags", lambda tenant, step: {"cost-center": f"c{step}"}),
    ("taints", lambda tenant, step: [{"key": "gpu", "value": f"v{step}", "effect": "NoSchedule"}]),
    ("dedicated", lambda tenant, step: False),
    ("weight", lambda tenant, step: step % 100 + 1),
    ("rootVolume", lambda tenant, step: {}),  # given as its defaults: output unchanged, model_fields_set not
    ("namespaces", lambda tenant, step: [tenant, f"{tenant}-{step}"]),  # the isolation policy's namespace map
    ("role", lambda tenant, step: f"r-{tenant}-{step}"),  # aws.json's node roles / instance profiles
]
CLUSTER_FIELDS: list[tuple[tuple[str, ...], Any]] = [
    (("tenancy", "labelKey"), "example.com/tenant"),  # every tenant's labels and taints
    (("gitops", "flux"), {"interval": "3m"}),  # every tenant's Kustomization
    (("gitops", "path"), "./deploy"),  # every applier's path
    (("gitops",), {"engine": "argocd", "argocd": {"repoURL": "https://example.com/r.git"}}),  # and back to Flux
    (("karpenter", "controller"), {"replicas": 3}),  # the cluster-wide part only
    (("tenancy", "exemptNamespaces"), ["monitoring"]),  # the isolation policy only
]

EDITS = st.lists(
    st.tuples(
        st.sampled_from(
            [
                "add-tenant",
                "remove-tenant",
                "change-tenant",
                "add-cluster",
                "remove-cluster",
                "comment",
                "edit-file",
                "edit-file-same-size-and-mtime",
                "delete-file",
                "add-file",
                "delete-cache",
                "damage-cache",
                "edit-spare",
                "delete-spare",
                "tenant-field",
                "cluster-field",
            ]
        ),
        st.integers(min_value=0, max_value=10_000),
    ),
    min_size=1,
    max_size=5,
)


@settings(
    max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(edits=EDITS)
def test_incremental_synth_after_any_edits_equals_a_full_synth(
    edits: list[tuple[str, int]], tmp_path_factory: pytest.TempPathFactory
) -> None:
    tmp = tmp_path_factory.mktemp("incremental")
    clusters, out = tmp / "clusters", tmp / "work" / "dist"
    configs = {"east": cluster("east", ["alpha", "beta"]), "legacy": cluster("legacy", ["gamma"], BASE_V1ALPHA5)}
    for name, data in configs.items():
        write_cluster(clusters, data, name)
    run_synth(clusters, out)
    for step, (edit, pick) in enumerate(edits):
        names = sorted(configs)
        name = names[pick % len(names)] if names else None
        files = sorted(p for p in out.rglob("*") if p.is_file() and p.name != ".karpenter-tenants")
        target = files[pick % len(files)] if files else None
        spare = out.parent / f".{out.name}.spare"
        spare_files = sorted(p for p in spare.rglob("*") if p.is_file()) if spare.is_dir() else []
        if edit == "add-tenant" and name:
            configs[name]["tenants"].append(
                {**configs[name]["tenants"][0], "name": f"t{step}", "namespaces": [f"t{step}"]}
            )
            configs[name]["tenants"][-1][
                "nodeRole" if "nodeRole" in configs[name]["tenants"][0] else "instanceProfile"
            ] = f"n-{name}-{step}"
        elif edit == "remove-tenant" and name and len(configs[name]["tenants"]) > 1:
            configs[name]["tenants"].pop(pick % len(configs[name]["tenants"]))
        elif edit == "change-tenant" and name:
            tenant = configs[name]["tenants"][pick % len(configs[name]["tenants"])]
            tenant["weight"] = pick % 100 + 1
            tenant["limits"] = {"cpu": str(pick % 50 + 1)}
        elif edit == "tenant-field" and name:
            # One setting of one tenant: what only its own part reads, or also a fact the cluster-wide part reads.
            tenant = configs[name]["tenants"][pick % len(configs[name]["tenants"])]
            field, value = TENANT_FIELDS[pick // 7 % len(TENANT_FIELDS)]
            if field == "role":
                field = "nodeRole" if "nodeRole" in tenant else "instanceProfile"
            new = value(tenant["name"], step)
            if tenant.get(field) == new:
                del tenant[field]  # back to its default
            else:
                tenant[field] = new
        elif edit == "cluster-field" and name:
            # One cluster-level setting: read by the tenant parts (label key, the appliers' settings) or not.
            path, value = CLUSTER_FIELDS[pick // 7 % len(CLUSTER_FIELDS)]
            if path == ("gitops", "flux") and configs[name].get("gitops", {}).get("engine") == "argocd":
                continue  # a flux section beside engine argocd is refused
            section = configs[name]
            for key in path[:-1]:
                section = section.setdefault(key, {})
            if section.get(path[-1]) == value:
                del section[path[-1]]
            else:
                section[path[-1]] = copy.deepcopy(value)
        elif edit == "add-cluster":
            configs[f"c{step}"] = cluster(f"c{step}", ["alpha"])
        elif edit == "remove-cluster" and name and len(configs) > 1:
            del configs[name]
            (clusters / f"{name}.yaml").unlink()
        elif edit == "comment" and name:
            with (clusters / f"{name}.yaml").open("a") as handle:
                handle.write(f"# a comment {step}\n")
            continue
        elif edit == "edit-file" and target:
            target.write_text(target.read_text() + "# edited\n")
        elif edit == "edit-file-same-size-and-mtime" and target:
            before = target.stat()
            text = target.read_text()
            target.write_text(text[:-2] + ("x" if text[-2] != "x" else "y") + text[-1])
            os.utime(target, ns=(before.st_atime_ns, before.st_mtime_ns))
        elif edit == "delete-file" and target:
            target.unlink()
        elif edit == "add-file" and name:
            (out / name).mkdir(parents=True, exist_ok=True)
            (out / name / "stray.yaml").write_text("# Generated by karpenter-tenants from nowhere\n")
        elif edit == "edit-spare" and spare_files:
            # The spare's files may be hard links to dist/'s: an edit in place there is an edit of dist/ too.
            spare_file = spare_files[pick % len(spare_files)]
            spare_file.write_text(spare_file.read_text() + "# edited in the spare\n")
        elif edit == "delete-spare":
            shutil.rmtree(spare, ignore_errors=True)
        elif edit == "delete-cache":
            cache_path(out).unlink(missing_ok=True)
        elif edit == "damage-cache" and cache_path(out).exists():
            text = cache_path(out).read_text()
            cache_path(out).write_text(text[: len(text) // 2])
        for cluster_name, data in configs.items():
            write_cluster(clusters, data, cluster_name)
        if edit.startswith(("edit-file", "delete-file", "add-file")):
            assert main(["--clusters", str(clusters), "check", "--out", str(out)]) == 1, "a hand edit went unseen"
        run_synth(clusters, out)
        assert read_tree(out) == full(clusters, tmp)
        assert main(["--clusters", str(clusters), "check", "--out", str(out)]) == 0
    assert read_tree(out) == render(load_clusters(clusters)), "the full render in one process agrees too"


def test_a_one_tenant_change_rewrites_only_the_files_that_change(tmp_path: Path) -> None:
    """Three changes in a row: the first stages a new tree, the next ones stage into the spare."""
    clusters, out = tmp_path / "clusters", tmp_path / "dist"
    tenants = [f"t{i:02d}" for i in range(30)]
    changed = cluster("acme", tenants)
    write_cluster(clusters, changed)
    run_synth(clusters, out)
    for step, index in enumerate((7, 12, 7)):
        before, old = stats(out), read_tree(out)
        changed["tenants"][index]["limits"] = {"cpu": str(10 + step)}
        write_cluster(clusters, changed)
        run_synth(clusters, out)
        after, new = stats(out), read_tree(out)
        rewritten = {path for path in after if path != ".karpenter-tenants" and after[path] != before.get(path)}
        differs = {path for path in new if new[path] != old.get(path)}
        assert differs == {f"acme/tenants/t{index:02d}/nodepool-t{index:02d}.yaml"}
        assert rewritten == differs, "a file whose content did not change was rewritten (or a change was not)"
        assert new == full(clusters, tmp_path)


def test_a_synth_with_nothing_to_change_writes_nothing(tmp_path: Path) -> None:
    clusters, out = tmp_path / "clusters", tmp_path / "dist"
    write_cluster(clusters, cluster("acme", ["alpha", "beta"]))
    run_synth(clusters, out)
    before = stats(out) | {".": (out.stat().st_ino, out.stat().st_mtime_ns)}
    run_synth(clusters, out)
    assert stats(out) | {".": (out.stat().st_ino, out.stat().st_mtime_ns)} == before


def watch_builders(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The parts built from now on, as "<cluster>" (the cluster-wide part) or "<cluster>/<tenant>"."""
    import karpenter_tenants.charts.cluster

    built: list[str] = []
    build = karpenter_tenants.charts.cluster.build_part

    def watched(part: ClusterWide | TenantPart, extensions: object) -> object:
        tenant = getattr(part, "tenant", None)
        built.append(part.site.key if tenant is None else f"{part.site.key}/{tenant.name}")
        return build(part, extensions)

    monkeypatch.setattr(karpenter_tenants.charts.cluster, "build_part", watched)
    return built


def test_an_unchanged_cluster_is_not_rendered(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    clusters, out = tmp_path / "clusters", tmp_path / "dist"
    write_cluster(clusters, cluster("east", ["alpha"]), "east")
    write_cluster(clusters, cluster("west", ["alpha"]), "west")
    run_synth(clusters, out)
    write_cluster(clusters, cluster("west", ["alpha", "beta"]), "west")
    built = watch_builders(monkeypatch)
    run_synth(clusters, out)
    assert built == ["west", "west/beta"], "a new tenant builds its own part and the cluster-wide one, nothing else"
    assert main(["--clusters", str(clusters), "check", "--out", str(out)]) == 0
    assert built == ["west", "west/beta"], "check built a part whose files are current"


def test_a_one_tenant_change_builds_only_that_tenants_part(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    clusters, out = tmp_path / "clusters", tmp_path / "dist"
    tenants = ["alpha", "beta", "gamma"]
    for name, base in (("east", BASE_V1), ("legacy", BASE_V1ALPHA5)):
        write_cluster(clusters, cluster(name, tenants, base), name)
    argo = cluster("argo", tenants, gitops={"engine": "argocd", "argocd": {"repoURL": "https://example.com/r.git"}})
    write_cluster(clusters, argo, "argo")
    run_synth(clusters, out)
    built = watch_builders(monkeypatch)
    for name, base in (("east", BASE_V1), ("legacy", BASE_V1ALPHA5), ("argo", argo)):
        data = cluster(name, tenants, base)
        if name == "argo":
            data = copy.deepcopy(argo)
        data["tenants"][1]["labels"] = {"team": "blue"}
        write_cluster(clusters, data, name)
        before = read_tree(out)
        run_synth(clusters, out)
        assert built == [f"{name}/beta"]
        changed = {path for path, text in read_tree(out).items() if before.get(path) != text}
        assert changed == {
            f"{name}/tenants/beta/{kind}-beta.yaml"
            for kind in ("nodepool", "provisioner")
            if (out / name / "tenants/beta" / f"{kind}-beta.yaml").exists()
        }
        assert read_tree(out) == full(clusters, tmp_path)
        built.clear()


def test_what_each_change_builds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A tenant's namespaces, name, arrival or departure change the cluster-wide part (the isolation policy's
    namespace map, aws.json); a cluster-level setting every part."""
    clusters, out = tmp_path / "clusters", tmp_path / "dist"
    data = cluster("acme", ["alpha", "beta", "gamma"])
    write_cluster(clusters, data)
    run_synth(clusters, out)
    built = watch_builders(monkeypatch)

    def change(expected: list[str]) -> None:
        write_cluster(clusters, data)
        run_synth(clusters, out)
        assert sorted(built) == sorted(expected)
        assert read_tree(out) == full(clusters, tmp_path)
        built.clear()

    data["tenants"][0]["namespaces"] = ["alpha", "alpha-2"]
    change(["acme", "acme/alpha"])
    data["tenants"][2]["name"] = "delta"
    change(["acme", "acme/delta"])
    data["tenants"].append({**data["tenants"][1], "name": "omega", "namespaces": ["omega"], "nodeRole": "node-omega"})
    change(["acme", "acme/omega"])
    data["tenants"].pop(1)
    change(["acme"])
    data["tenants"][0]["nodeRole"] = "another-role"  # aws.json lists every tenant's node role
    change(["acme", "acme/alpha"])
    data["karpenter"]["controller"] = {"replicas": 3}  # read by the cluster-wide part only, but a cluster-level setting
    change(["acme", "acme/alpha", "acme/delta", "acme/omega"])
    data["tenancy"] = {"labelKey": "example.com/tenant"}
    change(["acme", "acme/alpha", "acme/delta", "acme/omega"])


def test_only_a_synth_that_builds_a_part_imports_cdk8s_and_starts_node(tmp_path: Path) -> None:
    """Parts are built through cdk8s (jsii's Node.js runtime, a child process of synth); a synth with nothing to
    build imports neither cdk8s nor jsii, so Node.js never starts. A tenant-only change builds only that tenant's
    part, which needs no cdk8s-plus-33 (the 70,000-line k8s module of the cluster-wide base)."""
    import subprocess
    import sys

    clusters, out = tmp_path / "clusters", tmp_path / "dist"
    data = cluster("acme", ["alpha", "beta"])
    write_cluster(clusters, data)
    script = (
        "import sys; from karpenter_tenants.commands.cli import main; code = main(sys.argv[1:]); "
        "import os; pid = os.getpid(); "
        "children = sum(len(open(f'/proc/{pid}/task/{t}/children').read().split()) for t in os.listdir(f'/proc/{pid}/task')); "
        "print(sorted(m for m in ('cdk8s', 'jsii') if m in sys.modules), children > 0); sys.exit(code)"
    )
    command = [sys.executable, "-c", script, "--clusters", str(clusters), "synth", "--out", str(out)]

    def modules() -> str:
        result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True)
        return result.stdout.splitlines()[-1]

    assert modules() == "['cdk8s', 'jsii'] True"  # a first (full) synth: Node.js runs beside it
    data["tenants"][0]["weight"] = 42
    write_cluster(clusters, data)
    assert modules() == "['cdk8s', 'jsii'] True", "a tenant changed: built through cdk8s"
    assert modules() == "[] False", "nothing changed: nothing built, jsii not imported, no Node.js"
    assert read_tree(out) == full(clusters, tmp_path)


def test_a_tenant_fingerprint_sees_settings_given_as_their_defaults(tmp_path: Path) -> None:
    """block_devices reads whether rootVolume was given at all (model_fields_set), which model_dump_json does not
    show: the fingerprint of a part hashes which fields were set too."""
    from conftest import load

    from karpenter_tenants.synthesis.parts import part_fingerprint, project

    given = cluster("acme", ["alpha"])
    given["tenants"][0]["rootVolume"] = {}
    prints = []
    for index, data in enumerate((cluster("acme", ["alpha"]), given)):
        (_, [tenant]) = project(load(tmp_path / str(index), data))
        assert (
            tenant.tenant.tenant.model_dump_json()
            == project(load(tmp_path / "0", cluster("acme", ["alpha"])))[1][0].tenant.tenant.model_dump_json()
        )
        prints.append(part_fingerprint("site", tenant))
    assert prints[0] != prints[1]


def test_a_tenants_fields_as_written_decide_its_whole_validated_value(tmp_path: Path) -> None:
    """part_fingerprint hashes a tenant's fields as written (exclude_unset), not its defaults: sound only while a
    tenant's validated value follows from what was written in it and the generation alone. The same tenant in
    clusters of either generation, beside other tenants or none, with other cluster settings of its generation:
    wherever it is written the same, it validates to the same value, defaults included."""
    from conftest import load

    examples = sorted((EXAMPLES_DIR).glob("*.yaml"))
    assert examples, "the example clusters are missing"
    tenants: dict[tuple[str, str], set[str]] = {}
    sources = [load_clusters(EXAMPLES_DIR)]
    for index, base in enumerate((BASE_V1, BASE_V1ALPHA5)):
        alone = cluster("acme", ["alpha"], base)
        crowded = cluster("acme", ["alpha", "beta", "gamma"], base)
        crowded["tenants"][1].update(namespaces=["beta", "beta-extra"], weight=50, labels={"team": "b"})
        other = cluster("acme", ["alpha"], base, tenancy={"labelKey": "example.com/tenant"})
        for name, data in (("alone", alone), ("crowded", crowded), ("other", other)):
            sources.append([load(tmp_path / f"{index}-{name}", data)])
    seen: dict[tuple[str, str], int] = {}
    for loaded in sources:
        for each in loaded:
            for tenant in each.config.tenants:
                written = (str(each.config.generation), tenant.model_dump_json(exclude_unset=True))
                tenants.setdefault(written, set()).add(tenant.model_dump_json())
                seen[written] = seen.get(written, 0) + 1
    assert sum(1 for count in seen.values() if count >= 3) >= 2  # alpha, written alike in three clusters per generation
    assert all(len(values) == 1 for values in tenants.values()), [w for w, v in tenants.items() if len(v) > 1]


def test_a_fingerprint_tells_nan_the_infinities_and_null_apart() -> None:
    """JSON writes NaN, the infinities and None all as null unless told otherwise. No field takes them now (chart
    values refuse them), but a float field added later must not make an edit between them keep a stale file."""
    from karpenter_tenants.config.schema.karpenter import KarpenterConfig
    from karpenter_tenants.synthesis.parts import _model_digest

    values = (float("nan"), float("inf"), -float("inf"), None)
    assert len({_model_digest(KarpenterConfig.model_construct(values={"x": value})) for value in values}) == 4


def test_a_cache_written_by_other_code_is_ignored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import karpenter_tenants.synthesis.incremental

    clusters, out = tmp_path / "clusters", tmp_path / "dist"
    write_cluster(clusters, cluster("east", ["alpha"]), "east")
    run_synth(clusters, out)
    monkeypatch.setattr(karpenter_tenants.synthesis.incremental, "code_fingerprint", lambda extensions: "other code")
    built = watch_builders(monkeypatch)
    run_synth(clusters, out)
    assert built == ["east", "east/alpha"]


def test_the_cache_records_every_module_and_data_file_that_built_a_part(tmp_path: Path) -> None:
    """The cache fingerprints the files of every module loaded while parts were built, wherever they live, and the
    data files in their packages (config/naming.json's default names, the jsii assemblies of imports/): one of
    them changed, and the whole cache is ignored."""
    import json

    import karpenter_tenants.synthesis.incremental

    clusters, out = tmp_path / "clusters", tmp_path / "dist"
    write_cluster(clusters, cluster("east", ["alpha"]), "east")
    run_synth(clusters, out)
    modules = json.loads(cache_path(out).read_text())["modules"]
    for relative in (
        "charts/tenant_chart.py",
        "charts/parts.py",
        "config/naming.json",
        "config/schema/tenant.py",
        "imports/karpenter_v1/sh/karpenter/__init__.py",
        "imports/karpenter_v1/sh/karpenter/_jsii/karpenter_v1_shkarpenter@0.0.0.jsii.tgz",
    ):
        assert str(ROOT / "karpenter_tenants" / relative) in modules, relative
    assert not [path for path in modules if "/site-packages/" in path], "installed packages count by their versions"
    cache = karpenter_tenants.synthesis.incremental.load_cache(out)
    assert cache.clusters, "an unchanged tree of modules: the cache holds"
    for relative in ("config/naming.json", "charts/tenant_chart.py"):
        data = json.loads(cache_path(out).read_text())
        data["modules"][str(ROOT / "karpenter_tenants" / relative)] = "0" * 64  # as if the file had changed since
        cache_path(out).write_text(json.dumps(data))
        assert karpenter_tenants.synthesis.incremental.load_cache(out).clusters == {}, relative
        run_synth(clusters, out)  # records them again
    assert (ROOT / ".gitignore").read_text().count("/.dist.*") == 1, "the cache beside dist/ is committed"


def test_a_foreign_spare_folder_is_never_emptied(tmp_path: Path) -> None:
    """`.dist.spare` that synth did not leave (no marker in it) is someone's folder: synth stages elsewhere."""
    clusters, out = tmp_path / "clusters", tmp_path / "dist"
    write_cluster(clusters, cluster("acme", ["alpha"]))
    spare = tmp_path / ".dist.spare"
    spare.mkdir()
    (spare / "mine.txt").write_text("precious\n")
    run_synth(clusters, out)
    write_cluster(clusters, cluster("acme", ["alpha", "beta"]))
    run_synth(clusters, out)
    assert (spare / "mine.txt").read_text() == "precious\n"
    assert read_tree(out) == full(clusters, tmp_path)
    # A spare of generated files only (from before the marker) is synth's: staged into, and kept again.
    shutil.rmtree(spare)
    shutil.copytree(out, spare)
    (spare / ".karpenter-tenants").unlink()
    (spare / "acme" / "aws.json").unlink()  # not a YAML file with the header
    write_cluster(clusters, cluster("acme", ["alpha"]))
    run_synth(clusters, out)
    assert (spare / ".karpenter-tenants").is_file(), "the spare of generated files was not used"
    assert read_tree(out) == full(clusters, tmp_path)


def test_the_spare_is_never_written_through_a_link(tmp_path: Path) -> None:
    """A spare that is a link, or holds links to files and folders outside: synth removes only the links."""
    clusters, out = tmp_path / "clusters", tmp_path / "dist"
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text("keep\n")
    write_cluster(clusters, cluster("acme", ["alpha"]))
    run_synth(clusters, out)
    write_cluster(clusters, cluster("acme", ["alpha", "gamma"]))
    run_synth(clusters, out)  # a spare exists now
    spare = tmp_path / ".dist.spare"
    for path in [p for p in sorted(spare.rglob("*.yaml"))][:3]:
        path.unlink()
        path.symlink_to(outside / "secret.txt")
    (spare / "acme" / "linked").symlink_to(outside, target_is_directory=True)
    write_cluster(clusters, cluster("acme", ["alpha", "beta"]))
    run_synth(clusters, out)
    assert sorted(p.name for p in outside.iterdir()) == ["secret.txt"]
    assert (outside / "secret.txt").read_text() == "keep\n"
    assert read_tree(out) == full(clusters, tmp_path)
    shutil.rmtree(spare)
    spare.symlink_to(outside, target_is_directory=True)
    write_cluster(clusters, cluster("acme", ["alpha"]))
    run_synth(clusters, out)
    assert sorted(p.name for p in outside.iterdir()) == ["secret.txt"]
    assert read_tree(out) == full(clusters, tmp_path)


def test_editing_a_file_in_place_changes_no_other_output(tmp_path: Path) -> None:
    """dist/ and the spare share unchanged files (hard links): an editor writing in place changes both;
    check still sees it and the next synth writes the generated text again."""
    clusters, out = tmp_path / "clusters", tmp_path / "dist"
    write_cluster(clusters, cluster("acme", ["alpha", "beta"]))
    run_synth(clusters, out)
    write_cluster(clusters, cluster("acme", ["alpha", "beta", "gamma"]))
    run_synth(clusters, out)  # dist/ and the spare now share every unchanged file
    expected = read_tree(out)
    target = out / "acme" / "tenants" / "alpha" / "nodepool-alpha.yaml"
    status = target.stat()
    with open(target, "r+b") as handle:  # same size, in place
        data = handle.read()
        handle.seek(0)
        handle.write(data.replace(b"alpha", b"alphb", 1))
    os.utime(target, ns=(status.st_atime_ns, status.st_mtime_ns))
    assert main(["--clusters", str(clusters), "check", "--out", str(out)]) == 1
    run_synth(clusters, out)
    assert read_tree(out) == expected
    assert main(["--clusters", str(clusters), "check", "--out", str(out)]) == 0
    write_cluster(clusters, cluster("acme", ["alpha", "beta"]))
    run_synth(clusters, out)
    assert read_tree(out) == full(clusters, tmp_path)


def test_a_shard_never_copies_what_a_link_in_dist_points_at(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A link in another shard's folder (git can commit one) is not read: synth --shard refuses it."""
    from karpenter_tenants.synthesis.shard import Shard

    clusters, out = tmp_path / "clusters", tmp_path / "dist"
    names = [f"c{i}" for i in range(6)]
    for name in names:
        write_cluster(clusters, cluster(name, ["alpha"]), name)
    run_synth(clusters, out)
    other = next(n for n in names if not Shard(1, 2).owns(n))
    secret = tmp_path / "secret.txt"
    secret.write_text("token\n")
    (out / other / "stolen.yaml").symlink_to(secret)
    before = read_tree(out)
    assert main(["--clusters", str(clusters), "synth", "--shard", "1/2", "--out", str(out)]) == 2
    assert f"{out / other / 'stolen.yaml'} is a symbolic link" in capsys.readouterr().err
    assert (out / other / "stolen.yaml").is_symlink() and read_tree(out) == before


def test_a_cache_file_from_elsewhere_cannot_vouch_for_hand_edits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A pull request that commits `.dist.synth-cache.json` with a hand-edited dist/ file and that file's
    SHA-256 in it: check (on another machine: another key) renders the cluster and finds the edit."""
    import json

    import karpenter_tenants.synthesis.incremental
    from karpenter_tenants.synthesis.incremental import sha

    clusters, out = tmp_path / "clusters", tmp_path / "dist"
    write_cluster(clusters, cluster("acme", ["alpha"]))
    monkeypatch.setattr(karpenter_tenants.synthesis.incremental, "_KEY", ["a" * 64])  # the attacker's machine
    run_synth(clusters, out)
    target = out / "acme" / "tenants" / "alpha" / "nodepool-alpha.yaml"
    target.write_text(target.read_text().replace("alpha", "alphb"))
    data = json.loads(cache_path(out).read_text())
    data["clusters"]["acme"]["files"]["tenants/alpha/nodepool-alpha.yaml"][0] = sha(target.read_bytes())
    cache_path(out).write_text(json.dumps(data))
    assert main(["--clusters", str(clusters), "check", "--out", str(out)]) == 0  # on that machine: its own cache
    monkeypatch.setattr(
        karpenter_tenants.synthesis.incremental, "_KEY", []
    )  # CI: this user's key, from the cache folder
    assert main(["--clusters", str(clusters), "check", "--out", str(out)]) == 1
    run_synth(clusters, out)
    assert read_tree(out) == full(clusters, tmp_path)
    assert main(["--clusters", str(clusters), "check", "--out", str(out)]) == 0


def test_the_synth_key_is_kept_in_the_cache_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from karpenter_tenants.reference.disk_cache import DIR_ENV
    from karpenter_tenants.synthesis.incremental import _local_key

    monkeypatch.setenv(DIR_ENV, str(tmp_path / "cache"))
    first = _local_key()
    assert _local_key() == first == (tmp_path / "cache" / "synth-key").read_text()
    assert sorted(p.name for p in (tmp_path / "cache").iterdir()) == ["synth-key"]
    monkeypatch.setenv(DIR_ENV, str(tmp_path / "file" / "cache"))
    (tmp_path / "file").write_text("")
    assert len({_local_key(), _local_key(), first}) == 3  # no folder can be made: a key per process


def test_a_cache_entry_of_another_shape_is_not_trusted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Valid JSON whose entries lack a field or have other types (a cache edited, or written by a version
    with the same code fingerprint but damaged since): the parts concerned are built, nothing crashes."""
    import json

    clusters, out = tmp_path / "clusters", tmp_path / "dist"
    write_cluster(clusters, cluster("acme", ["alpha", "beta"]))
    run_synth(clusters, out)
    data = json.loads(cache_path(out).read_text())
    entry = data["clusters"]["acme"]
    del entry["parts"]["alpha"]["folders"]
    entry["parts"]["beta"]["files"] = "tenants/beta"
    first = next(iter(entry["files"]))
    entry["files"][first] = [entry["files"][first][0]]
    cache_path(out).write_text(json.dumps(data))
    built = watch_builders(monkeypatch)
    run_synth(clusters, out)
    assert {"acme/alpha", "acme/beta"} <= set(built)
    assert read_tree(out) == full(clusters, tmp_path)
    data["clusters"]["acme"] = {"parts": [], "files": None}
    cache_path(out).write_text(json.dumps(data))
    built.clear()
    run_synth(clusters, out)
    assert sorted(built) == ["acme", "acme/alpha", "acme/beta"]
    assert main(["--clusters", str(clusters), "check", "--out", str(out)]) == 0


def test_an_incremental_synth_in_several_processes_equals_a_full_synth(tmp_path: Path) -> None:
    """`synth --jobs 2` sends each cluster's job (its parts' projections, what to build, what to take) to a
    worker process: the same files as a full synth, after a one-tenant change in each cluster."""
    clusters, out = tmp_path / "clusters", tmp_path / "dist"
    configs = {
        "east": cluster("east", ["alpha", "beta"]),
        "legacy": cluster("legacy", ["gamma", "delta"], BASE_V1ALPHA5),
    }
    for name, data in configs.items():
        write_cluster(clusters, data, name)
    assert main(["--clusters", str(clusters), "synth", "--jobs", "2", "--out", str(out)]) == 0
    for name, data in configs.items():
        data["tenants"][1]["weight"] = 7
        write_cluster(clusters, data, name)
    assert main(["--clusters", str(clusters), "synth", "--jobs", "2", "--out", str(out)]) == 0
    assert read_tree(out) == full(clusters, tmp_path)
    assert main(["--clusters", str(clusters), "check", "--out", str(out)]) == 0


def test_nothing_changed_is_known_without_loading_the_cluster_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A synth or check whose cluster files are byte for byte what the last whole synth read, and whose output
    folder still holds exactly what it wrote, loads nothing (karpenter_tenants.synthesis.incremental.unchanged) and says so; the loader's
    warnings are said again. Any other change takes the usual way: a cluster file edited, added or renamed, a file of
    dist/ edited, added or removed, an empty folder added, a --shard run."""
    import karpenter_tenants.config.loader

    clusters, out = tmp_path / "clusters", tmp_path / "dist"
    write_cluster(clusters, cluster("acme", ["alpha", "beta"]))
    with monkeypatch.context() as patch:
        patch.setattr(karpenter_tenants.config.loader, "_warnings", lambda config: ("a warning of the loader's",))
        run_synth(clusters, out)
    real = karpenter_tenants.config.loader.load_cluster_file
    loads: list[str] = []
    monkeypatch.setattr(
        karpenter_tenants.config.loader, "load_cluster_file", lambda path, *a: loads.append(path.name) or real(path, *a)
    )
    capsys.readouterr()
    for command in ("synth", "check"):
        assert main(["--clusters", str(clusters), command, "--out", str(out)]) == 0
    assert loads == []
    said = capsys.readouterr()
    assert f"{out}/ is current: nothing to write (" in said.out and f"{out}/ is current (" in said.out
    assert said.err.splitlines() == [f"warning: {clusters / 'acme.yaml'}: a warning of the loader's"] * 2

    def takes_the_usual_way(change: Callable[[], None]) -> None:
        change()
        loads.clear()
        assert main(["--clusters", str(clusters), "check", "--out", str(out)]) in (0, 1)
        assert loads, change
        assert main(["--clusters", str(clusters), "synth", "--out", str(out)]) == 0
        assert read_tree(out) == full(clusters, tmp_path)
        loads.clear()
        assert main(["--clusters", str(clusters), "synth", "--out", str(out)]) == 0
        assert loads == [], f"{change}: recorded again"

    node_pool = out / "acme/tenants/alpha/nodepool-alpha.yaml"
    takes_the_usual_way(lambda: (clusters / "acme.yaml").write_text((clusters / "acme.yaml").read_text() + "\n"))
    takes_the_usual_way(lambda: node_pool.write_text(node_pool.read_text() + "# edited\n"))
    takes_the_usual_way(lambda: node_pool.unlink())
    takes_the_usual_way(lambda: (out / "acme/tenants/stray.yaml").write_text("kind: ConfigMap\n"))
    takes_the_usual_way(lambda: (out / "acme/empty").mkdir())
    takes_the_usual_way(lambda: write_cluster(clusters, cluster("west", ["alpha"]), "west"))
    takes_the_usual_way(lambda: (clusters / "west.yaml").rename(clusters / "east.yaml"))
    loads.clear()
    assert main(["--clusters", str(clusters), "synth", "--out", str(out), "--shard", "1/1"]) == 0
    assert sorted(loads) == ["acme.yaml", "east.yaml"], "a shard run loads its clusters"


def test_loading_the_cluster_files_imports_no_cdk8s() -> None:
    """What every command does first (and plan, validate, check without a cache) starts no Node.js: cdk8s and jsii
    come only with building a part."""
    import subprocess
    import sys

    from conftest import EXAMPLES_DIR

    script = (
        "import sys; from karpenter_tenants.config.loader import load_clusters; from pathlib import Path; "
        f"load_clusters(Path({str(EXAMPLES_DIR)!r})); print(sorted(m for m in ('cdk8s', 'jsii') if m in sys.modules))"
    )
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


def test_a_bad_config_creates_no_synth_key(tmp_path: Path) -> None:
    """synth reads its cache before it loads the config (to know whether anything changed), but makes this user's
    synth key only once the config has loaded: a run with a bad config creates nothing in the cache folder."""
    import subprocess
    import sys

    from karpenter_tenants.reference.disk_cache import DIR_ENV

    cache = tmp_path / "cache"
    clusters, out = tmp_path / "clusters", tmp_path / "dist"
    write_cluster(clusters, "cluster: [\n")
    env = {**os.environ, DIR_ENV: str(cache)}
    command = [sys.executable, str(ROOT / "main.py"), "--clusters", str(clusters), "synth", "--out", str(out)]
    assert subprocess.run(command, env=env, capture_output=True).returncode == 2
    assert not cache.exists() or not list(cache.iterdir())
    write_cluster(clusters, cluster("acme", ["alpha"]))
    assert subprocess.run(command, env=env, capture_output=True).returncode == 0
    assert (cache / "synth-key").is_file()


def test_the_runtime_started_early_loads_what_building_a_part_loads() -> None:
    """charts.runtime imports, on a thread while the cluster files load, the jsii modules building a part imports:
    each loads one assembly into Node.js, and none may load later beside a build (jsii takes one caller at a time),
    so the two lists are the same; and it imports nothing of the config (the two threads never share a module)."""
    import subprocess
    import sys

    def loaded(statement: str) -> list[str]:
        script = (
            f"import sys; {statement}; "
            "print(sorted(m for m in sys.modules if m.endswith('._jsii')), 'pydantic' in sys.modules)"
        )
        result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
        return result.stdout.strip().rsplit(" ", 1)

    parts, _ = loaded("import karpenter_tenants.charts.parts")
    started, config = loaded("from karpenter_tenants.charts import runtime; runtime.start(); runtime.wait()")
    assert started == parts
    assert config == "False"


def test_a_tenant_written_as_before_is_not_projected_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A tenant whose entry in the file is as the last synth read it, under the same cluster-level settings, keeps
    its recorded fingerprint and facts (synthesis.parts.raw_tenant_keys): only the changed tenant is resolved. A change
    of a cluster-level setting, or of the tenant's keys' order, projects them again; the output is a full synth's."""
    from karpenter_tenants.config.resolved import ResolvedCluster

    clusters, out = tmp_path / "clusters", tmp_path / "dist"
    data = cluster("acme", ["alpha", "beta", "gamma"])
    write_cluster(clusters, data)
    run_synth(clusters, out)
    resolved: list[str] = []
    real = ResolvedCluster._resolve_tenant
    monkeypatch.setattr(ResolvedCluster, "_resolve_tenant", lambda self, t: resolved.append(t.name) or real(self, t))

    def synth_resolves() -> list[str]:
        write_cluster(clusters, data)
        resolved.clear()
        run_synth(clusters, out)
        seen = sorted(set(resolved))
        assert read_tree(out) == full(clusters, tmp_path)
        return seen

    data["tenants"][1]["limits"] = {"cpu": "7"}
    assert synth_resolves() == ["beta"]
    data["tenants"][2] = dict(reversed(list(data["tenants"][2].items())))  # the same tenant, keys in another order
    assert synth_resolves() == ["gamma"]
    data["tenancy"] = {"labelKey": "example.com/tenant"}
    assert synth_resolves() == ["alpha", "beta", "gamma"]


@pytest.mark.parametrize("shape", ["a FIFO", "a link to /dev/zero", "a link to a file of yours", "too large"])
def test_a_cache_file_synth_did_not_write_is_not_read(tmp_path: Path, shape: str) -> None:
    """Round 9 (r9-fs-035/036): `.dist.synth-cache.json` as a FIFO made synth wait for a writer forever, as a link to
    /dev/zero read without end (a link can be committed). What synth did not write there is now no cache: a full
    synth, written whole, the file replaced by synth's own; a file the link named is left as it was."""
    import threading

    clusters = tmp_path / "clusters"
    write_cluster(clusters, cluster("acme", ["alpha"]), name="acme")
    out = tmp_path / "dist"
    expected = full(clusters, tmp_path)
    cached = cache_path(out)
    yours = tmp_path / "yours.txt"
    yours.write_text("keep me")
    if shape == "a FIFO":
        os.mkfifo(cached)
    elif shape == "a link to /dev/zero":
        cached.symlink_to("/dev/zero")
    elif shape == "a link to a file of yours":
        cached.symlink_to(yours)
    else:
        cached.write_bytes(b" " * (256 * 1024 * 1024 + 1))
    done: list[int] = []
    worker = threading.Thread(
        target=lambda: done.append(main(["--clusters", str(clusters), "synth", "--out", str(out)]))
    )
    worker.start()
    worker.join(timeout=120)
    assert done == [0], f"synth did not end with {shape} as its cache"
    assert read_tree(out) == expected
    assert cached.is_file() and not cached.is_symlink() and yours.read_text() == "keep me"
