"""The Karpenter releases the product claims: one list (config/versions.py) that cdk8s.yaml, the fetch
script and the tests agree with; each cluster checked against the reference data of the release it
pins; Kubernetes versions within upstream's own compatibility table."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import BASE_V1, BASE_V1ALPHA5, EXAMPLES_DIR, ROOT, cluster_dict, shared_dir, write_cluster
from support.input_helpers import run_bad_config

from karpenter_tenants.commands.cli import main
from karpenter_tenants.config.versions import REFERENCE_VERSIONS, Generation, KarpenterVersion, newest_listed_line
from karpenter_tenants.convert.migrate import migrate
from karpenter_tenants.reference.versions import reference_folder

# --- one list ---------------------------------------------------------------------------------------

KARPENTER_PATH = re.compile(r"karpenter/v([0-9]+\.[0-9]+\.[0-9]+)/")


def test_cdk8s_imports_are_generated_from_the_reference_releases() -> None:
    imports = yaml.safe_load((ROOT / "cdk8s.yaml").read_text())["imports"]
    pinned = {m for entry in imports for m in KARPENTER_PATH.findall(entry)}
    assert pinned == set(REFERENCE_VERSIONS)
    generations = {KarpenterVersion.parse(v).generation for v in REFERENCE_VERSIONS}
    assert generations == set(Generation), "one reference release per API generation"


def test_the_reference_data_has_every_reference_release(shared: Path) -> None:
    for version in REFERENCE_VERSIONS:
        folder = reference_folder(shared, version)
        for part in ("karpenter/Chart.yaml", "iam/cloudformation.yaml", "docs/compatibility.yaml"):
            assert (folder / part).is_file(), folder / part


def test_the_tests_use_the_reference_releases() -> None:
    assert {BASE_V1["karpenter"]["version"], BASE_V1ALPHA5["karpenter"]["version"]} == set(REFERENCE_VERSIONS)
    for path in sorted(p for p in (ROOT / "tests").rglob("*.py") if "e2e" not in p.relative_to(ROOT / "tests").parts):
        if path.name == Path(__file__).name:
            continue  # this file makes up a 1.13.0 to test releases without (or with other) reference data
        paths = set(KARPENTER_PATH.findall(path.read_text()))
        # or a newer release the reference data holds beside them (../shared/karpenter-next: its Go module's tree)
        known = set(REFERENCE_VERSIONS) | {
            p.name.removeprefix("v") for p in (shared_dir() / "karpenter-next").glob("v*")
        }
        assert paths <= known, f"{path.name} reads reference data of {paths - known}"
    for path in sorted((EXAMPLES_DIR).glob("*.yaml")):
        assert yaml.safe_load(path.read_text())["karpenter"]["version"] in REFERENCE_VERSIONS, path.name


# --- upstream's compatibility tables, read as text ----------------------------------------------------

ENTRY = re.compile(r"appVersion:\s*(\S+)\s+minK8sVersion:\s*(\S+)\s+maxK8sVersion:\s*(\S+)")


def upstream_table(path: Path) -> dict[str, tuple[str, str]]:
    """appVersion -> (min, max) exactly as written (later entries win), without a YAML reader's number rules."""
    return {app: (low, high) for app, low, high in ENTRY.findall(path.read_text())}


def next_minor(version: str, step: int) -> str:
    major, minor = version.split(".")
    return f"{major}.{int(minor) + step}"


def on(version: str, kubernetes: str) -> dict[str, Any]:
    base = BASE_V1 if KarpenterVersion.parse(version).generation is Generation.V1 else BASE_V1ALPHA5
    data = cluster_dict(base, karpenter={"version": version})
    data["cluster"]["kubernetesVersion"] = kubernetes
    return data


def test_upstreams_tables_differ_in_what_they_list(shared: Path) -> None:
    """Why the lookup falls back to a later release's table: v0.31.5's own stops at 0.30.x."""
    old = upstream_table(reference_folder(shared, "0.31.5") / "docs/compatibility.yaml")
    new = upstream_table(reference_folder(shared, "1.14.1") / "docs/compatibility.yaml")
    assert "0.31.x" not in old and "0.31.x" in new
    assert new["0.37.x"][1] == "1.30"  # a YAML 1.1 reader makes this the number 1.3
    assert "1.0.5" in new and new["1.0.5"] != new["1.0.x"]  # an exact release overrides its line


@pytest.mark.parametrize("version", [*REFERENCE_VERSIONS, "1.0.1", "1.0.5"])
def test_kubernetes_versions_inside_upstreams_table_are_accepted_and_outside_rejected(
    version: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], shared: Path
) -> None:
    tables = [upstream_table(p) for p in sorted((shared / "karpenter").glob("v*/docs/compatibility.yaml"))]
    parsed = KarpenterVersion.parse(version)
    line = f"{parsed.major}.{parsed.minor}.x"
    low, high = next(t.get(version) or t[line] for t in reversed(tables) if version in t or line in t)
    for inside in (low, high):
        write_cluster(tmp_path / inside, on(version, inside))
        assert main(["--clusters", str(tmp_path / inside), "synth", "--out", str(tmp_path / "dist")]) == 0
    for outside in (next_minor(low, -1), next_minor(high, 1)):
        [problem] = run_bad_config(tmp_path / outside, on(version, outside), capsys)
        assert problem.startswith(
            f"acme.yaml:5: cluster.kubernetesVersion: Kubernetes {outside} is outside what Karpenter {version} "
            f"supports ({low} to {high}, per upstream's compatibility table, config/compatibility.json): "
        )


def test_the_compatibility_error_names_the_table_and_the_fix(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], shared: Path
) -> None:
    assert run_bad_config(tmp_path, on("0.31.5", "1.29"), capsys) == [
        "acme.yaml:5: cluster.kubernetesVersion: Kubernetes 1.29 is outside what Karpenter 0.31.5 supports (1.23 to "
        "1.28, per upstream's compatibility table, config/compatibility.json): set cluster.kubernetesVersion to the "
        "cluster's version if it is in that range, else upgrade the cluster or pin a Karpenter release that "
        "supports Kubernetes 1.29"
    ]


def test_the_compatibility_check_needs_no_reference_data(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """synth reads the compatibility table from the product (config/compatibility.json): without ../shared a
    supported pin synthesizes, one outside the range is refused, one the table does not list says how far it goes."""
    empty = tmp_path / "no-shared"
    empty.mkdir()
    monkeypatch.setenv("KARPENTER_TENANTS_SHARED", str(empty))
    write_cluster(tmp_path / "ok", on("1.14.1", "1.33"))
    assert main(["--clusters", str(tmp_path / "ok"), "synth", "--out", str(tmp_path / "dist")]) == 0
    [problem] = run_bad_config(tmp_path / "old", on("1.14.1", "1.25"), capsys)
    assert "Kubernetes 1.25 is outside what Karpenter 1.14.1 supports (1.26 to 1.36" in problem
    assert run_bad_config(tmp_path / "new", on("1.99.0", "1.33"), capsys) == [
        "acme.yaml:7: karpenter.version: Karpenter 1.99.0 is not in Karpenter's Kubernetes compatibility table as this "
        f"product carries it (config/compatibility.json, up to {newest_listed_line()}), nor in the reference data's "
        "compatibility tables (none found): its Kubernetes range is not known. Pin a listed release; or fetch the "
        "reference data of a release whose table lists 1.99.x (`python main.py fetch-reference VERSION`); or state "
        "upstream's row for it as karpenter.compatibility {minK8sVersion, maxK8sVersion} "
        "(karpenter.sh/docs/upgrading/compatibility); or upgrade karpenter-tenants to one that knows it"
    ]


def test_the_products_compatibility_table_is_upstreams(shared: Path) -> None:
    """config/compatibility.json holds what the reference releases' tables in ../shared say of every supported
    release line and release (0.31.x, 1.x), as the lookup there reads them; regenerated by write_compatibility."""
    import json

    from karpenter_tenants.config.versions import COMPATIBILITY_FILE, supported_kubernetes
    from karpenter_tenants.reference.versions import compatibility_data, kubernetes_range

    assert json.loads(COMPATIBILITY_FILE.read_text()) == compatibility_data(shared), (
        "config/compatibility.json is stale: python -c 'from reference.versions import write_compatibility; "
        "write_compatibility()'"
    )
    tables = [upstream_table(p) for p in sorted((shared / "karpenter").glob("v*/docs/compatibility.yaml"))]
    listed = {key for table in tables for key in table if key.startswith(("0.31.", "1."))}
    assert {"0.31.x", "1.0.x", "1.0.5", "1.14.x"} <= listed
    for key in listed:
        for text in [key] if not key.endswith(".x") else [key.replace(".x", ".0"), key.replace(".x", ".9")]:
            version = KarpenterVersion.parse(text)
            ours, theirs = supported_kubernetes(version), kubernetes_range(shared, version)
            assert theirs is not None and ours is not None, text
            assert (ours.minimum, ours.maximum) == (theirs.minimum, theirs.maximum), text


def test_migrate_says_when_kubernetes_must_move_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], shared: Path
) -> None:
    path = write_cluster(tmp_path, on("0.31.5", "1.24"))
    assert main(["migrate", str(path)]) == 2
    assert capsys.readouterr().err.splitlines() == [
        "error: cluster.kubernetesVersion 1.24: Karpenter 1.14.1 supports Kubernetes 1.26 to 1.36 "
        "(upstream's compatibility table, config/compatibility.json); upgrade the cluster to Kubernetes 1.26 to 1.28 first "
        "(supported by both 0.31.5 and 1.14.1), set cluster.kubernetesVersion, then migrate"
    ]
    migrated = migrate(write_cluster(tmp_path, on("0.31.5", "1.28")))  # inside both ranges: no refusal
    assert migrated.config["karpenter"]["version"] == "1.14.1"


# --- validate and render-chart follow the pinned release -------------------------------------------------


def shared_with_1_13(shared: Path, tmp_path: Path) -> Path:
    """The reference data plus a 'v1.13.0' whose NodePool CRD has no spec.weight and whose chart has the
    appVersion 'marked-1.13.0' (its objects' app.kubernetes.io/version label), to tell which was used."""
    copy = tmp_path / "shared"
    (copy / "karpenter").mkdir(parents=True)
    shutil.copytree(shared / "crds", copy / "crds")  # copies: reference data never follows a link out of its folder
    for version in REFERENCE_VERSIONS:
        shutil.copytree(reference_folder(shared, version), reference_folder(copy, version))
    shutil.copytree(reference_folder(shared, "1.14.1"), reference_folder(copy, "1.13.0"))
    crd_path = reference_folder(copy, "1.13.0") / "karpenter/crds/karpenter.sh_nodepools.yaml"
    crd = yaml.safe_load(crd_path.read_text())
    for served in crd["spec"]["versions"]:
        served["schema"]["openAPIV3Schema"]["properties"]["spec"]["properties"].pop("weight")
    crd_path.write_text(yaml.safe_dump(crd))
    chart = reference_folder(copy, "1.13.0") / "karpenter/Chart.yaml"
    chart.write_text(re.sub(r"(?m)^appVersion: .*$", "appVersion: marked-1.13.0", chart.read_text()))
    return copy


def clusters_pinning(tmp_path: Path, version: str) -> tuple[Path, Path]:
    clusters = tmp_path / "clusters"
    clusters.mkdir(parents=True)
    config = yaml.safe_load((EXAMPLES_DIR / "acme.yaml").read_text())
    config["karpenter"]["version"] = version
    for tenant in config["tenants"]:
        tenant.pop("buffers", None)  # CapacityBuffers need 1.14, the example's release
    (clusters / "acme.yaml").write_text(yaml.safe_dump(config, sort_keys=False))
    dist = tmp_path / "dist"
    assert main(["--clusters", str(clusters), "synth", "--out", str(dist)]) == 0
    return clusters, dist


def test_validate_without_reference_data_for_the_pinned_release_exits_2_naming_the_fetch_script(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], shared: Path
) -> None:
    clusters, dist = clusters_pinning(tmp_path, "1.13.0")
    capsys.readouterr()
    for command in (["validate", str(dist)], ["render-chart", str(tmp_path / "out")]):
        assert main(["--clusters", str(clusters), command[0], *command[1:], "--crds", str(shared)]) == 2
        errors = [line for line in capsys.readouterr().err.splitlines() if not line.startswith("warning:")]
        assert errors == [
            f"error: no reference data for Karpenter 1.13.0 ({clusters}/acme.yaml: karpenter.version): "
            f"{shared}/karpenter/v1.13.0/karpenter is missing; fetch it with `python main.py fetch-reference 1.13.0` "
            "(or point --reference or $KARPENTER_TENANTS_SHARED at a folder that has it)"
        ]


def test_validate_checks_each_cluster_against_its_pinned_release(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], shared: Path
) -> None:
    reference = shared_with_1_13(shared, tmp_path)
    clusters, dist = clusters_pinning(tmp_path, "1.13.0")
    capsys.readouterr()
    assert main(["--clusters", str(clusters), "validate", str(dist), "--crds", str(reference)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[:2] == [
        f"schemas: CRDs from {reference} (Karpenter 1.13.0, Flux, Argo CD)",
        f"karpenter: acme pins 1.13.0: checked against {reference}/karpenter/v1.13.0",
    ]
    # every NodePool with a weight (beta's, gamma's general pool) is refused by the CRD without spec.weight
    assert lines[2:-1] == [
        "acme/tenants/beta/nodepool-beta.yaml: NodePool/beta: spec: Additional properties are not allowed "
        "('weight' was unexpected) [schema]",
        "acme/tenants/gamma/nodepool-gamma-general.yaml: NodePool/gamma-general: spec: Additional properties are not "
        "allowed ('weight' was unexpected) [schema]",
    ]
    # The same manifests pinned to 1.14.1 are checked against 1.14.1's CRDs: clean.
    clusters, dist = clusters_pinning(tmp_path / "again", "1.14.1")
    assert main(["--clusters", str(clusters), "validate", str(dist), "--crds", str(reference)]) == 0


def test_render_chart_renders_the_pinned_releases_chart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], shared: Path
) -> None:
    reference = shared_with_1_13(shared, tmp_path)
    clusters, _ = clusters_pinning(tmp_path, "1.13.0")
    capsys.readouterr()
    out = tmp_path / "out"
    assert main(["--clusters", str(clusters), "render-chart", str(out), "--crds", str(reference)]) == 0
    assert capsys.readouterr().out.splitlines()[0] == (
        f"render-chart: acme pins 1.13.0: chart {reference}/karpenter/v1.13.0/karpenter"
    )
    labels = [yaml.safe_load(p.read_text())["metadata"].get("labels", {}) for p in out.rglob("*.yaml")]
    assert {label.get("app.kubernetes.io/version") for label in labels} == {"marked-1.13.0"}


def test_render_chart_runs_the_released_controller_image_of_the_pinned_release(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], shared: Path
) -> None:
    """The reference chart is the released one (its values.yaml carries the release's controller tag and digest):
    a 1.14.1 pin renders controller 1.14.1 at that digest, never a source tree's earlier tag."""
    values = yaml.safe_load((reference_folder(shared, "1.14.1") / "karpenter/values.yaml").read_text())
    image = values["controller"]["image"]
    assert image["tag"] == "1.14.1" and image["digest"].startswith("sha256:")
    write_cluster(tmp_path / "clusters", on("1.14.1", "1.33"))
    assert (
        main(["--clusters", str(tmp_path / "clusters"), "render-chart", str(tmp_path / "out"), "--crds", str(shared)])
        == 0
    )
    [deployment] = [d for p in (tmp_path / "out").rglob("deployment-*.yaml") if (d := yaml.safe_load(p.read_text()))]
    [container] = deployment["spec"]["template"]["spec"]["containers"]
    assert container["image"] == f"{image['repository']}:1.14.1@{image['digest']}"
