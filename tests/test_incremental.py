"""Incremental synth (synth.incremental) writes exactly what a full synth into an empty folder writes, after any
sequence of edits: tenants and clusters added, removed and changed, dist/ files edited, deleted or added by
hand, the cache deleted or damaged. Unchanged files are not rewritten (same inode and mtime), and `check`
sees every hand edit."""

from __future__ import annotations

import copy
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from conftest import BASE_V1, BASE_V1ALPHA5, ROOT, write_cluster
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from commands.cli import main
from config.loader import load_clusters
from synth.incremental import cache_path
from synth.render import read_tree, render


def cluster(name: str, tenants: list[str], base: dict[str, Any] = BASE_V1, weight: int = 10) -> dict[str, Any]:
    """A cluster whose AWS names derive from its name (clusters of one account may not share them)."""
    data = copy.deepcopy(base)
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


EDITS = st.lists(
    st.tuples(
        st.sampled_from(
            [
                "add-tenant", "remove-tenant", "change-tenant", "add-cluster", "remove-cluster", "comment",
                "edit-file", "edit-file-same-size-and-mtime", "delete-file", "add-file", "delete-cache", "damage-cache",
                "edit-spare", "delete-spare",
            ]
        ),
        st.integers(min_value=0, max_value=10_000),
    ),
    min_size=1,
    max_size=5,
)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
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
            configs[name]["tenants"].append({**configs[name]["tenants"][0], "name": f"t{step}", "namespaces": [f"t{step}"]})
            configs[name]["tenants"][-1]["nodeRole" if "nodeRole" in configs[name]["tenants"][0] else "instanceProfile"] = f"n-{name}-{step}"
        elif edit == "remove-tenant" and name and len(configs[name]["tenants"]) > 1:
            configs[name]["tenants"].pop(pick % len(configs[name]["tenants"]))
        elif edit == "change-tenant" and name:
            tenant = configs[name]["tenants"][pick % len(configs[name]["tenants"])]
            tenant["weight"] = pick % 100 + 1
            tenant["limits"] = {"cpu": str(pick % 50 + 1)}
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


def test_an_unchanged_cluster_is_not_rendered(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import synth.render

    clusters, out = tmp_path / "clusters", tmp_path / "dist"
    write_cluster(clusters, cluster("east", ["alpha"]), "east")
    write_cluster(clusters, cluster("west", ["alpha"]), "west")
    run_synth(clusters, out)
    write_cluster(clusters, cluster("west", ["alpha", "beta"]), "west")
    rendered: list[str] = []
    real = synth.render.render_cluster
    monkeypatch.setattr(synth.render, "render_cluster", lambda c, *a: rendered.append(c.key) or real(c, *a))
    run_synth(clusters, out)
    assert rendered == ["west"]
    assert main(["--clusters", str(clusters), "check", "--out", str(out)]) == 0
    assert rendered == ["west"], "check rendered a cluster whose files are current"


def test_a_cache_written_by_other_code_is_ignored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import synth.render

    clusters, out = tmp_path / "clusters", tmp_path / "dist"
    write_cluster(clusters, cluster("east", ["alpha"]), "east")
    run_synth(clusters, out)
    monkeypatch.setattr(synth.render, "code_fingerprint", lambda: "other code")
    rendered: list[str] = []
    real = synth.render.render_cluster
    monkeypatch.setattr(synth.render, "render_cluster", lambda c, *a: rendered.append(c.key) or real(c, *a))
    run_synth(clusters, out)
    assert rendered == ["east"]


def test_the_code_fingerprint_changes_with_any_generator_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import synth.incremental

    for folder in synth.incremental.CODE_FOLDERS:
        shutil.copytree(ROOT / folder, tmp_path / folder, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(synth.incremental, "ROOT", tmp_path)
    first = synth.incremental.code_fingerprint()
    assert synth.incremental.code_fingerprint() == first
    for changed in ("charts/tenant_chart.py", "config/naming.json", "imports/karpenter_v1/sh/karpenter/__init__.py"):
        with (tmp_path / changed).open("a") as handle:
            handle.write("\n")
        assert synth.incremental.code_fingerprint() != first, changed
        first = synth.incremental.code_fingerprint()
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
    from synth.shard import Shard

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


def test_a_cache_file_from_elsewhere_cannot_vouch_for_hand_edits(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A pull request that commits `.dist.synth-cache.json` with a hand-edited dist/ file and that file's
    SHA-256 in it: check (on another machine: another key) renders the cluster and finds the edit."""
    import json

    import synth.incremental
    from synth.incremental import sha

    clusters, out = tmp_path / "clusters", tmp_path / "dist"
    write_cluster(clusters, cluster("acme", ["alpha"]))
    monkeypatch.setattr(synth.incremental, "_KEY", ["a" * 64])  # the attacker's machine
    run_synth(clusters, out)
    target = out / "acme" / "tenants" / "alpha" / "nodepool-alpha.yaml"
    target.write_text(target.read_text().replace("alpha", "alphb"))
    data = json.loads(cache_path(out).read_text())
    data["clusters"]["acme"]["files"]["tenants/alpha/nodepool-alpha.yaml"][0] = sha(target.read_bytes())
    cache_path(out).write_text(json.dumps(data))
    assert main(["--clusters", str(clusters), "check", "--out", str(out)]) == 0  # on that machine: its own cache
    monkeypatch.setattr(synth.incremental, "_KEY", [])  # CI: this user's key, from the cache folder
    assert main(["--clusters", str(clusters), "check", "--out", str(out)]) == 1
    run_synth(clusters, out)
    assert read_tree(out) == full(clusters, tmp_path)
    assert main(["--clusters", str(clusters), "check", "--out", str(out)]) == 0


def test_the_synth_key_is_kept_in_the_cache_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from checks.disk_cache import DIR_ENV
    from synth.incremental import _local_key

    monkeypatch.setenv(DIR_ENV, str(tmp_path / "cache"))
    first = _local_key()
    assert _local_key() == first == (tmp_path / "cache" / "synth-key").read_text()
    assert sorted(p.name for p in (tmp_path / "cache").iterdir()) == ["synth-key"]
    monkeypatch.setenv(DIR_ENV, str(tmp_path / "file"))
    (tmp_path / "file").write_text("")
    assert len({_local_key(), _local_key(), first}) == 3  # no folder: a key per process
