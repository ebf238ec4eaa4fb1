"""The disk cache of `validate` (reference.disk_cache): a hit gives what a miss gives, any change of the
reference data is a miss, a damaged entry is a miss that is rewritten, and no cache folder stops a run."""

from __future__ import annotations

import datetime
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import EXAMPLE_DIST, EXAMPLE_REPO, ROOT

from karpenter_tenants.checks.helm_render import render_karpenter
from karpenter_tenants.reference import disk_cache
from karpenter_tenants.reference.crds import parsed_yaml
from karpenter_tenants.reference.shared import SHARED_ENV

NODEPOOL_CRD = "karpenter/v1.14.1/karpenter/crds/karpenter.sh_nodepools.yaml"


def validate(
    cache: Path | None, *extra: str, shared: Path | None = None, **env: str
) -> subprocess.CompletedProcess[str]:
    """`python main.py validate` of the examples' dist/ in a fresh process (no in-memory state)."""
    environment = {k: v for k, v in os.environ.items() if k not in (disk_cache.DIR_ENV, disk_cache.OFF_ENV)}
    if cache is not None:
        environment[disk_cache.DIR_ENV] = str(cache)
    if shared is not None:
        environment[SHARED_ENV] = str(shared)
    environment.update(env)
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "validate", *extra],
        cwd=EXAMPLE_REPO,
        env=environment,
        capture_output=True,
        text=True,
    )


def entries(cache: Path) -> dict[str, bytes]:
    return {p.relative_to(cache).as_posix(): p.read_bytes() for p in sorted(cache.rglob("*.json"))}


def broken_shared(tmp_path: Path, shared: Path) -> Path:
    """A copy of the reference data whose NodePool CRD names its kind NodePooL (one byte changed)."""
    copy = tmp_path / "shared"
    shutil.copytree(shared, copy)
    crd = copy / NODEPOOL_CRD
    data = crd.read_bytes()
    assert data.count(b"    kind: NodePool\n") == 1
    crd.write_bytes(data.replace(b"    kind: NodePool\n", b"    kind: NodePooL\n"))
    return copy


def test_a_second_run_reads_the_cache_and_reports_exactly_what_the_first_did(tmp_path: Path, shared: Path) -> None:
    changed = broken_shared(tmp_path, shared)  # findings to compare, not only a clean summary
    first = validate(tmp_path / "cache", shared=changed)
    stored = entries(tmp_path / "cache")
    second = validate(tmp_path / "cache", shared=changed)
    uncached = validate(None, "--no-cache", shared=changed)
    assert first.returncode == second.returncode == uncached.returncode == 1
    assert "no CRD known for karpenter.sh/v1 NodePool" in first.stdout
    assert first.stdout == second.stdout == uncached.stdout
    assert first.stderr == second.stderr == uncached.stderr == ""
    assert {path.split("/")[0] for path in stored} == {"yaml", "chart", "cel", "checks"}
    assert entries(tmp_path / "cache") == stored  # a hit writes nothing


def test_one_changed_byte_of_a_crd_is_a_miss(tmp_path: Path, shared: Path) -> None:
    cache = tmp_path / "cache"
    clean = validate(cache, shared=shared)
    assert clean.returncode == 0, clean.stdout + clean.stderr
    before = set(entries(cache))
    changed = validate(cache, shared=broken_shared(tmp_path, shared))
    assert changed.returncode == 1
    assert (
        "acme/tenants/alpha/nodepool-alpha.yaml: NodePool/alpha: (object): no CRD known for karpenter.sh/v1 NodePool"
        in changed.stdout
    )
    assert len(set(entries(cache)) - before) >= 1  # the changed file's parse is stored under a new name


def test_a_changed_object_of_dist_is_checked_again(tmp_path: Path, shared: Path) -> None:
    dist = tmp_path / "dist"
    shutil.copytree(EXAMPLE_DIST, dist)
    cache = tmp_path / "cache"
    assert validate(cache, str(dist), shared=shared).returncode == 0
    pool = dist / "acme/tenants/alpha/nodepool-alpha.yaml"
    pool.write_text(pool.read_text().replace("  template:\n", "  weights: 3\n  template:\n", 1))
    changed, uncached = (
        validate(cache, str(dist), shared=shared),
        validate(None, str(dist), "--no-cache", shared=shared),
    )
    assert changed.returncode == 1
    assert "NodePool/alpha: spec: Additional properties are not allowed ('weights' was unexpected)" in changed.stdout
    assert changed.stdout == uncached.stdout


def test_a_changed_chart_file_renders_again(tmp_path: Path, shared: Path, examples: list) -> None:
    copy = tmp_path / "shared"
    shutil.copytree(shared, copy)
    config = next(c.config for c in examples if c.key == "acme")
    before = render_karpenter(copy, config)
    template = copy / "karpenter/v1.14.1/karpenter/templates/service.yaml"
    template.write_text(template.read_text().replace("  name: {{ include", "  name: x{{ include", 1))
    after = render_karpenter(copy, config)
    names = lambda objs: sorted(o["metadata"]["name"] for o in objs if o["kind"] == "Service")  # noqa: E731
    assert names(after) == ["x" + n for n in names(before)]


def test_concurrent_first_runs_share_one_folder(tmp_path: Path, shared: Path) -> None:
    cache = tmp_path / "cache"
    environment = {**os.environ, disk_cache.DIR_ENV: str(cache), SHARED_ENV: str(shared)}
    environment.pop(disk_cache.OFF_ENV, None)
    runs = [
        subprocess.Popen(
            [sys.executable, str(ROOT / "main.py"), "validate"],
            cwd=EXAMPLE_REPO,
            env=environment,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(3)
    ]
    outputs = []
    for run in runs:
        out, err = run.communicate()
        outputs.append((run.returncode, out, err))
    assert outputs[0][0] == 0 and outputs[0][2] == ""
    assert outputs == [outputs[0]] * 3
    assert not list(cache.rglob(".tmp-*"))
    assert validate(cache, shared=shared).stdout == outputs[0][1]


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param(lambda data: b"", id="empty"),
        pytest.param(lambda data: data[: len(data) // 2], id="cut short"),
        pytest.param(lambda data: data.replace(b'"', b"'", 1), id="payload changed, checksum not"),
        pytest.param(lambda data: b"\xff\xfe not json", id="garbage"),
    ],
)
def test_a_damaged_entry_is_a_miss_and_is_rewritten(tmp_path: Path, shared: Path, damage) -> None:  # noqa: ANN001
    cache = tmp_path / "cache"
    first = validate(cache, shared=shared)
    good = entries(cache)
    for relative, data in good.items():
        (cache / relative).write_bytes(damage(data))
    again = validate(cache, shared=shared)
    assert (again.returncode, again.stdout, again.stderr) == (first.returncode, first.stdout, first.stderr)
    assert entries(cache) == good


def test_a_folder_that_cannot_be_written_warns_once_and_validates(tmp_path: Path, shared: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    result = validate(blocker / "cache", shared=shared)
    assert result.returncode == 0
    assert result.stdout == validate(None, "--no-cache", shared=shared).stdout
    assert result.stderr == (
        f"warning: cache folder {blocker / 'cache'} cannot be written (Not a directory); running without it: "
        "set KARPENTER_TENANTS_CACHE_DIR to a writable folder, or pass --no-cache\n"
    )


@pytest.mark.parametrize("how", ["flag", "env"])
def test_no_cache_reads_and_writes_nothing(tmp_path: Path, shared: Path, how: str) -> None:
    cache = tmp_path / "cache"
    result = (
        validate(cache, "--no-cache", shared=shared)
        if how == "flag"
        else validate(cache, shared=shared, **{disk_cache.OFF_ENV: "1"})
    )
    assert result.returncode == 0
    assert not cache.exists()


def test_no_cache_lasts_one_command(tmp_path: Path, shared: Path) -> None:
    from karpenter_tenants.commands.cli import main

    for flags, expected_on in (["--no-cache"], False), ([], True):
        assert (
            main(["export-schemas", str(tmp_path / "out"), "--path", str(EXAMPLE_DIST), "--crds", str(shared), *flags])
            == 0
        )
        assert (disk_cache.cache_dir() is not None) is expected_on


def test_where_the_cache_is(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in (disk_cache.DIR_ENV, disk_cache.OFF_ENV, "XDG_CACHE_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert disk_cache.cache_dir() == tmp_path / ".cache/karpenter-tenants"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/ignored")  # the XDG spec: relative paths are invalid
    assert disk_cache.cache_dir() == tmp_path / ".cache/karpenter-tenants"
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert disk_cache.cache_dir() == tmp_path / "xdg/karpenter-tenants"
    monkeypatch.setenv(disk_cache.DIR_ENV, str(tmp_path / "mine"))
    assert disk_cache.cache_dir() == tmp_path / "mine"
    monkeypatch.setenv(disk_cache.OFF_ENV, "1")
    assert disk_cache.cache_dir() is None


def test_values_json_would_not_give_back_are_not_stored(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(disk_cache.DIR_ENV, str(tmp_path))
    monkeypatch.delenv(disk_cache.OFF_ENV, raising=False)
    for value in ({"day": datetime.date(2026, 1, 1)}, {1: "int key"}, [("a", "tuple")], float("nan")):
        assert disk_cache.cached("test", (repr(value),), lambda value=value: value) is value
    assert list(tmp_path.rglob("*.json")) == []
    assert disk_cache.cached("test", ("plain",), lambda: {"a": [1, 2.5, True, None]}) == {"a": [1, 2.5, True, None]}
    assert disk_cache.cached("test", ("plain",), lambda: pytest.fail("computed again")) == {"a": [1, 2.5, True, None]}


def test_the_parse_of_a_reference_file_follows_its_bytes(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(disk_cache.DIR_ENV, str(tmp_path / "cache"))
    monkeypatch.delenv(disk_cache.OFF_ENV, raising=False)
    crd = tmp_path / "crd.yaml"
    crd.write_text("kind: A\nspec: {n: 1}\n")
    assert parsed_yaml(crd) == [{"kind": "A", "spec": {"n": 1}}]
    crd.write_text("kind: A\nspec: {n: 2}\n")
    assert parsed_yaml(crd) == [{"kind": "A", "spec": {"n": 2}}]
    stored = sorted((tmp_path / "cache/yaml").glob("*.json"))
    assert len(stored) == 2
    assert [json.loads(p.read_bytes().split(b"\n", 1)[1]) for p in stored] in (
        [[{"kind": "A", "spec": {"n": 1}}], [{"kind": "A", "spec": {"n": 2}}]],
        [[{"kind": "A", "spec": {"n": 2}}], [{"kind": "A", "spec": {"n": 1}}]],
    )
