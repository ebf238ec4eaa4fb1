"""Karpenter releases newer than the product's tables (issue 36, item 4), tested with the Go module's 1.15.2 in
../shared/karpenter-next: the Kubernetes range from the reference data's compatibility tables, else the file's
karpenter.compatibility, else an error naming what is missing (never a guess); 1.15's API in the config, refused on
the releases whose CRDs lack it; synth's objects valid per the 1.15.2 CRDs (schemas and CEL rules); validate,
export-schemas, render-chart and verify with the module tree's reference data, the published chart said missing."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import BASE_V1, EXAMPLE_DIST, EXAMPLES_DIR, ROOT, cluster_dict, git, write_cluster
from support.input_helpers import run_bad_config

from karpenter_tenants.commands.cli import main
from karpenter_tenants.config.versions import newest_listed_line

NEXT = "1.15.2"
# What an upstream compatibility row for 1.15.x looks like, stated in a cluster file (karpenter.compatibility): the
# tests check the mechanism with it; no table in the reference data gives 1.15's range.
STATED = {"minK8sVersion": "1.27", "maxK8sVersion": "1.36"}


def on(version: str, **tenant: Any) -> dict[str, Any]:
    data = cluster_dict(
        BASE_V1, karpenter={"version": version, **({"compatibility": STATED} if version == NEXT else {})}
    )
    data["cluster"]["kubernetesVersion"] = "1.33"
    data["tenants"][0].update(tenant)
    return data


NEW_API: dict[str, Any] = {
    "requirements": {"extra": [{"key": "karpenter.k8s.aws/instance-cpu", "operator": "Gte", "values": ["4"]}]},
    "disruption": {"budgets": [{"nodes": "1", "reasons": ["Unhealthy"]}]},
    "enclaveOptions": {"enabled": True},
}


def synth(tmp_path: Path, data: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> tuple[Path, Path, str]:
    clusters, dist = tmp_path / "clusters", tmp_path / "dist"
    write_cluster(clusters, data)
    assert main(["--clusters", str(clusters), "synth", "--out", str(dist)]) == 0
    return clusters, dist, capsys.readouterr().err


# --- the Kubernetes range ---------------------------------------------------------------------------------------


def test_a_release_no_table_lists_is_refused_naming_every_table_read_and_the_fixes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], shared: Path
) -> None:
    data = on(NEXT)
    del data["karpenter"]["compatibility"]
    [problem] = run_bad_config(tmp_path, data, capsys)
    assert problem.startswith(
        f"acme.yaml:7: karpenter.version: Karpenter {NEXT} is not in Karpenter's Kubernetes compatibility table as this "
        f"product carries it (config/compatibility.json, up to {newest_listed_line()}), nor in the reference data's "
        "compatibility tables (read: "
    )
    assert f"{shared}/karpenter-next/v{NEXT}/docs/compatibility.yaml" in problem  # the module's own table: up to 1.14.x
    assert problem.endswith(
        "its Kubernetes range is not known. Pin a listed release; or fetch the reference data of a release whose table "
        "lists 1.15.x (`python main.py fetch-reference VERSION`); or state upstream's row for it as "
        "karpenter.compatibility {minK8sVersion, maxK8sVersion} (karpenter.sh/docs/upgrading/compatibility); or upgrade "
        "karpenter-tenants to one that knows it"
    )


def test_the_stated_range_admits_the_release_with_a_warning_naming_it_and_bounds_kubernetes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, _, err = synth(tmp_path / "ok", on(NEXT), capsys)
    [warning] = [line for line in err.splitlines() if f"Karpenter {NEXT}:" in line]
    assert (
        "its Kubernetes range 1.27 to 1.36 is karpenter.compatibility's, as this file states it: no compatibility "
        "table lists 1.15.x" in warning
    )
    data = on(NEXT)
    data["cluster"]["kubernetesVersion"] = "1.26"
    [problem] = run_bad_config(tmp_path / "old", data, capsys)
    assert problem.startswith(
        f"acme.yaml:5: cluster.kubernetesVersion: Kubernetes 1.26 is outside what Karpenter {NEXT} "
        "supports (1.27 to 1.36, per karpenter.compatibility): "
    )


def test_a_stated_range_must_agree_with_a_table_that_lists_the_release(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = on("1.14.1")
    data["karpenter"]["compatibility"] = STATED
    assert run_bad_config(tmp_path, data, capsys) == [
        "acme.yaml:8: karpenter.compatibility: karpenter.compatibility says Karpenter 1.14.1 supports Kubernetes 1.27 to "
        "1.36, but upstream's compatibility table, config/compatibility.json says 1.26 to 1.36: remove "
        "karpenter.compatibility (the table's range applies)"
    ]
    data["karpenter"]["compatibility"] = {"minK8sVersion": "1.26", "maxK8sVersion": "1.36"}
    synth(tmp_path / "same", data, capsys)


@pytest.mark.parametrize(
    "bad,message",
    [
        ({"minK8sVersion": "1.36", "maxK8sVersion": "1.27"}, "minK8sVersion 1.36 is above maxK8sVersion 1.27"),
        ({"minK8sVersion": 1.3, "maxK8sVersion": "1.36"}, "is a YAML number; quote it"),
        ({"minK8sVersion": "1.27"}, "required key 'maxK8sVersion' is missing"),
    ],
)
def test_a_malformed_stated_range_is_a_config_error(
    bad: dict, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = on(NEXT)
    data["karpenter"]["compatibility"] = bad
    [problem] = run_bad_config(tmp_path, data, capsys)
    assert "karpenter.compatibility" in problem and message in problem


def shared_with_next_line(shared: Path, tmp_path: Path) -> Path:
    """The reference data with the module tree's compatibility table carrying a 1.15.x row (as a later tag's table
    does: upstream adds each line's row with its release), to test that a table of the reference data is read."""
    copy = tmp_path / "shared"
    for part in ("karpenter", "karpenter-next", "crds"):
        shutil.copytree(shared / part, copy / part)
    table = copy / f"karpenter-next/v{NEXT}/docs/compatibility.yaml"
    table.write_text(
        table.read_text().rstrip("\n") + "\n  - appVersion: 1.15.x\n    minK8sVersion: 1.27\n    maxK8sVersion: 1.35\n"
    )
    return copy


def test_a_table_of_the_reference_data_gives_the_range_with_a_warning_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], shared: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reference = shared_with_next_line(shared, tmp_path)
    monkeypatch.setenv("KARPENTER_TENANTS_SHARED", str(reference))
    data = on(NEXT)
    del data["karpenter"]["compatibility"]
    _, _, err = synth(tmp_path / "ok", data, capsys)
    table = f"{reference}/karpenter-next/v{NEXT}/docs/compatibility.yaml"
    assert (
        f"Karpenter {NEXT} is newer than this product's compatibility table (config/compatibility.json, up to "
        f"{newest_listed_line()}): its Kubernetes range 1.27 to 1.35 is from the reference data, {table}"
    ) in err
    data["cluster"]["kubernetesVersion"] = "1.36"
    [problem] = run_bad_config(tmp_path / "new", data, capsys)
    assert f"supports (1.27 to 1.35, per upstream's compatibility table, {table}): " in problem
    data["karpenter"]["compatibility"] = STATED  # 1.27 to 1.36: the table says otherwise
    [problem] = run_bad_config(tmp_path / "stated", data, capsys)
    assert problem.startswith(
        "acme.yaml:8: karpenter.compatibility: karpenter.compatibility says Karpenter 1.15.2 "
        f"supports Kubernetes 1.27 to 1.36, but upstream's compatibility table, {table} says 1.27 "
        "to 1.35"
    )


def test_a_malformed_table_of_the_reference_data_is_exit_2_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], shared: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reference = shared_with_next_line(shared, tmp_path)
    table = reference / f"karpenter-next/v{NEXT}/docs/compatibility.yaml"
    table.write_text("compatibility: [{appVersion: 1.15.x, minK8sVersion: latest}]\n")
    monkeypatch.setenv("KARPENTER_TENANTS_SHARED", str(reference))
    data = on(NEXT)
    write_cluster(tmp_path / "clusters", data)
    assert main(["--clusters", str(tmp_path / "clusters"), "synth", "--out", str(tmp_path / "dist")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(
        f"error: {table}: compatibility[0]: minK8sVersion and maxK8sVersion missing or not a "
        "Kubernetes minor like '1.28'"
    ), err
    assert "Traceback" not in err and not (tmp_path / "dist").exists()


# --- 1.15's API ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("version", ["1.14.1", "1.8.0"])
def test_the_15_api_is_refused_where_the_pinned_release_lacks_it_naming_the_release_that_adds_it(
    version: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    problems = run_bad_config(tmp_path, on(version, **NEW_API), capsys)
    tail = f"this cluster pins {version}, whose CRDs refuse it: upgrade karpenter.version to it or later, or remove it"
    expected = [
        f"acme.yaml:23: tenants[0].disruption.budgets[0].reasons[0]: the disruption budget reason Unhealthy: Karpenter "
        f"1.15.0 adds it to its CRDs; {tail}",
        f"acme.yaml:24: tenants[0].enclaveOptions: enclaveOptions (the EC2NodeClass's Nitro Enclaves switch): Karpenter "
        f"1.15.0 adds it to its CRDs; {tail}",
    ]
    if version == "1.8.0":  # 1.14.1's CRDs have Gte and Lte (tests/unit/config/test_release_api.py)
        expected.insert(
            0,
            f"acme.yaml:16: tenants[0].requirements.extra[0].operator: the requirement operators Gte and "
            f"Lte: Karpenter 1.9.0 adds it to its CRDs; {tail}",
        )
    assert problems == expected


def test_the_15_api_in_a_pool_and_an_overlay_is_refused_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    gte = {"key": "karpenter.k8s.aws/instance-cpu", "operator": "Lte", "values": ["8"]}
    data = on(
        "1.8.0",
        pools=[
            {
                "name": "burst",
                "disruption": {"budgets": [{"reasons": ["Drifted", "Unhealthy"]}]},
                "requirements": {"extra": [gte]},
            }
        ],
    )
    data["overlays"] = [{"name": "cheap", "requirements": [dict(gte)], "priceAdjustment": "-10%"}]
    problems = run_bad_config(tmp_path, data, capsys)
    assert [p.split(": the ")[0] for p in problems] == [
        "acme.yaml:19: tenants[0].pools[0].disruption.budgets[0].reasons[1]",
        "acme.yaml:23: tenants[0].pools[0].requirements.extra[0].operator",
        "acme.yaml:30: overlays[0].requirements[0].operator",
    ]


def test_the_15_api_on_031_says_to_migrate_first(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from conftest import BASE_V1ALPHA5

    data = cluster_dict(BASE_V1ALPHA5)
    data["tenants"][0]["enclaveOptions"] = {"enabled": True}
    [problem] = run_bad_config(tmp_path, data, capsys)
    assert problem.endswith(
        "this cluster pins 0.31.5, whose CRDs refuse it: migrate the cluster to 1.x first "
        "(docs/upgrade-031.md), or remove it"
    )


def test_the_15_feature_gates_are_written_on_15_and_refused_before(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = on(NEXT)
    data["karpenter"]["featureGates"] = {"terminateFirstRepair": True, "nodeRepair": True}
    _, dist, _ = synth(tmp_path / "next", data, capsys)
    [release] = [yaml.safe_load(p.read_text()) for p in (dist / "acme/karpenter").glob("helmrelease-*.yaml")]
    assert release["spec"]["values"]["settings"]["featureGates"] == {"nodeRepair": True, "terminateFirstRepair": True}
    older = on("1.14.1")
    older["karpenter"]["featureGates"] = {"terminateFirstRepair": True}
    [problem] = run_bad_config(tmp_path / "older", older, capsys)
    assert problem == (
        "acme.yaml:8: karpenter.featureGates: 'terminateFirstRepair' is a feature gate of the chart from Karpenter 1.15.0; "
        "this cluster pins 1.14.1: upgrade karpenter.version to 1.15.0 or later, or remove it"
    )


def test_an_unhealthy_budget_without_node_repair_is_warned_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    budget = {"budgets": [{"nodes": "1", "reasons": ["Unhealthy"]}]}
    _, _, err = synth(tmp_path / "off", on(NEXT, disruption=budget), capsys)
    assert (
        err.count(
            "a disruption budget with reason Unhealthy paces node repair, which Karpenter runs only with the "
            "nodeRepair feature gate on (the chart's default is off): set karpenter.featureGates.nodeRepair: "
            "true, or the budget has no effect"
        )
        == 1
    )
    data = on(NEXT, disruption=budget)
    data["karpenter"]["featureGates"] = {"nodeRepair": True}
    _, _, err = synth(tmp_path / "on", data, capsys)
    assert "paces node repair" not in err


def next_objects(dist: Path) -> dict[str, dict[str, Any]]:
    return {p.name: yaml.safe_load(p.read_text()) for p in (dist / "acme/tenants/alpha").glob("*.yaml")}


def test_synth_of_a_15_cluster_writes_the_new_fields_and_validate_finds_them_valid_per_the_15_crds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], shared: Path
) -> None:
    """The NodePool and EC2NodeClass with Gte, Unhealthy and enclaveOptions pass validate (the CRD schemas and CEL rules
    of ../shared/karpenter-next/v1.15.2); the same objects fail against 1.14.1's CRDs, so the check is real."""
    clusters, dist, _ = synth(tmp_path, on(NEXT, **NEW_API), capsys)
    written = next_objects(dist)
    assert written["ec2nodeclass-alpha.yaml"]["spec"]["enclaveOptions"] == {"enabled": True}
    node_pool = written["nodepool-alpha.yaml"]["spec"]
    assert node_pool["disruption"]["budgets"] == [{"nodes": "1", "reasons": ["Unhealthy"]}]
    assert {"key": "karpenter.k8s.aws/instance-cpu", "operator": "Gte", "values": ["4"]} in node_pool["template"][
        "spec"
    ]["requirements"]
    assert main(["--clusters", str(clusters), "validate", str(dist)]) == 0
    out, err = capsys.readouterr()
    assert (
        f"karpenter: acme pins {NEXT}: checked against {shared}/karpenter-next/v{NEXT} (the Go module's tree: CRDs, "
        "no published chart)" in out
    )
    assert out.splitlines()[-1].startswith("validate: ") and ": 0 findings" in out.splitlines()[-1]
    # one warning naming what is missing and the fix; never "no reference data", never a traceback
    assert [line for line in err.splitlines() if line.startswith(("warning: Karpenter", "error"))] == [
        f"warning: Karpenter {NEXT}'s published chart is not in the reference data ({clusters}/acme.yaml: "
        f"karpenter.version): {shared}/karpenter-next/v{NEXT} is the Go module's tree, whose chart sources still carry "
        "the previous release's version and controller image (upstream's release commit rewrites them after the tag); "
        f"fetch the chart oci://public.ecr.aws/karpenter/karpenter:{NEXT} with `python main.py fetch-reference {NEXT}` "
        f"(or point --reference or $KARPENTER_TENANTS_SHARED at a folder that has {shared}/karpenter/v{NEXT}/karpenter); the "
        "rendered chart is not checked"
    ]
    # the 1.14.1 pin checks the same objects against 1.14.1's CRDs: each new field is a finding
    older = on("1.14.1")
    write_cluster(clusters, older)
    assert main(["--clusters", str(clusters), "validate", str(dist)]) == 1
    findings = capsys.readouterr().out
    assert "nodepool-alpha.yaml: NodePool/alpha" in findings and "'Unhealthy' is not one of" in findings
    assert "ec2nodeclass-alpha.yaml: EC2NodeClass/alpha" in findings and "'enclaveOptions' was unexpected" in findings


@pytest.mark.parametrize(
    "key",
    sorted(
        p.stem
        for p in EXAMPLES_DIR.glob("*.yaml")
        if yaml.safe_load(p.read_text())["karpenter"]["version"].startswith("1.")
    ),
)
def test_every_1x_example_pinned_to_15_validates_clean_against_the_15_crds(
    key: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = yaml.safe_load((EXAMPLES_DIR / f"{key}.yaml").read_text())
    data["karpenter"]["version"], data["karpenter"]["compatibility"] = NEXT, STATED
    clusters, dist = tmp_path / "clusters", tmp_path / "dist"
    write_cluster(clusters, data, name=key)
    assert main(["--clusters", str(clusters), "synth", "--out", str(dist)]) == 0
    assert main(["--clusters", str(clusters), "validate", str(dist)]) == 0
    summary = capsys.readouterr().out.splitlines()[-1]
    assert re.match(r"validate: [1-9][0-9]* objects in [0-9]+ files, 0 rendered chart objects: 0 findings", summary)


def test_a_15_cluster_without_the_new_fields_omits_them(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, dist, _ = synth(tmp_path, on(NEXT, disruption={"budgets": [{"reasons": ["Drifted"]}]}), capsys)
    written = next_objects(dist)
    assert "enclaveOptions" not in written["ec2nodeclass-alpha.yaml"]["spec"]
    assert written["nodepool-alpha.yaml"]["spec"]["disruption"] == {
        "budgets": [{"nodes": "10%", "reasons": ["Drifted"]}],
        "consolidateAfter": "1m",
        "consolidationPolicy": "WhenEmptyOrUnderutilized",
    }


def test_chart_values_of_a_15_cluster_are_checked_against_the_module_trees_values(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The module tree's chart-source values.yaml has 1.15's keys (settings.enableDRA), which 1.14.1's chart lacks."""
    data = on(NEXT)
    data["karpenter"]["values"] = {"settings": {"enableDRA": False}}
    _, _, err = synth(tmp_path / "next", data, capsys)
    assert "karpenter.values not checked" not in err
    data["karpenter"]["values"] = {"settings": {"enableDRAX": False}}
    [problem] = run_bad_config(tmp_path / "typo", data, capsys)
    assert "'enableDRAX' is not a value of the karpenter chart at settings; did you mean 'enableDRA'?" in problem
    older = on("1.14.1")
    older["karpenter"]["values"] = {"settings": {"enableDRA": False}}
    [problem] = run_bad_config(tmp_path / "older", older, capsys)
    assert "'enableDRA' is not a value of the karpenter chart at settings" in problem


# --- the commands that need the published chart ---------------------------------------------------------------


def test_render_chart_and_adopt_of_a_15_cluster_exit_2_naming_the_missing_published_chart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], shared: Path
) -> None:
    clusters, _, _ = synth(tmp_path, on(NEXT), capsys)
    for argv in (["render-chart", str(tmp_path / "out")], ["adopt", "acme"]):
        assert main(["--clusters", str(clusters), *argv]) == 2
        errors = [line for line in capsys.readouterr().err.splitlines() if not line.startswith("warning:")]
        assert len(errors) == 1 and errors[0].startswith(
            f"error: Karpenter {NEXT}'s published chart is not in the reference data ("
        ), errors
        assert f"`python main.py fetch-reference {NEXT}`" in errors[0]
    assert not (tmp_path / "out").exists()


def test_fetch_reference_fetches_a_release_a_file_pins_though_the_file_does_not_load_yet(
    tmp_path: Path, shared: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A 1.15.2 pin without karpenter.compatibility does not load (its range is not known), but fetch-reference without
    arguments still fetches 1.15.2: here from a mirror of ../shared, which has no published 1.15.2 chart, so the
    error names it."""
    from support.reference_mirror import oci_registry, raw_server

    from karpenter_tenants.config.versions import REFERENCE_VERSIONS

    data = on(NEXT)
    del data["karpenter"]["compatibility"]
    clusters = tmp_path / "clusters"
    write_cluster(clusters, data)
    with (
        oci_registry(shared, list(REFERENCE_VERSIONS)) as registry,
        raw_server(shared, list(REFERENCE_VERSIONS)) as source,
    ):
        status = main(
            [
                "--clusters",
                str(clusters),
                "fetch-reference",
                "--reference",
                str(tmp_path / "reference"),
                "--registry",
                f"oci://{registry}/karpenter",
                "--plain-http",
                "--source",
                source,
            ]
        )
    assert status == 2
    out, err = capsys.readouterr()
    assert [line.split(" -> ")[0] for line in out.splitlines()] == [
        f"fetch-reference: Karpenter {v}" for v in sorted(REFERENCE_VERSIONS)
    ]
    assert err.startswith(f"error: helm pull oci://{registry}/karpenter/karpenter --version {NEXT}: ")


def test_export_schemas_takes_the_pinned_releases_crds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, dist, _ = synth(tmp_path, on(NEXT, **NEW_API), capsys)
    for version, has in ((NEXT, True), (None, False)):  # the default: the reference releases' (1.14.1)
        out = tmp_path / f"schemas-{version}"
        argv = ["export-schemas", str(out), "--path", str(dist / "acme")]
        assert main([*argv, *(["--karpenter-version", version] if version else [])]) == 0
        schema = (out / "karpenter.k8s.aws/ec2nodeclass_v1.json").read_text()
        assert ("enclaveOptions" in schema) is has
    assert main(["export-schemas", str(tmp_path / "x"), "--path", str(dist), "--karpenter-version", "1.13.0"]) == 2
    assert "no reference data for Karpenter 1.13.0 (--karpenter-version)" in capsys.readouterr().err
    assert main(["export-schemas", str(tmp_path / "x"), "--path", str(dist), "--karpenter-version", "0.33.0"]) == 2
    assert "argument --karpenter-version: Karpenter 0.33.0 is not supported" in capsys.readouterr().err
    assert not (tmp_path / "x").exists()


def test_verify_of_an_upgrade_to_15_runs_every_step_on_the_module_trees_reference_data(
    tmp_path: Path, shared: Path
) -> None:
    """The example acme upgraded to 1.15.2 with the new API: check, validate (the published chart said missing once),
    kubeconform with 1.15.2's schemas and plan (the CRD changes named) all pass."""
    kubeconform = ROOT / ".tools/bin/kubeconform"
    assert kubeconform.exists(), f"{kubeconform} missing: `make test` builds it"
    repo = tmp_path / "repo"
    shutil.copytree(EXAMPLES_DIR, repo / "clusters")
    shutil.copytree(EXAMPLE_DIST, repo / "dist")
    for command in (["init", "-q", "-b", "main"], ["add", "-A"], ["commit", "-qm", "clusters"]):
        git(repo, *command)
    data = yaml.safe_load((repo / "clusters/acme.yaml").read_text())
    data["karpenter"]["version"] = NEXT
    data["karpenter"]["compatibility"] = STATED
    data["tenants"][0].update(NEW_API)

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], cwd=repo, capture_output=True, text=True)

    (repo / "clusters/acme.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    assert run("synth").returncode == 0
    result = run("verify", "--base", "main", "--crds", str(shared))
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.splitlines()[-1] == (
        "== verify: dist/ is current (check): exit 0, validate: exit 0, kubeconform: exit 0, plan: exit 0"
    )
    assert "no reference data" not in result.stdout + result.stderr and "Traceback" not in result.stderr
    assert len(re.findall("published chart is not in the reference data", result.stderr)) == 1
    assert "EC2NodeClass: +spec.enclaveOptions" in result.stdout  # plan's controller line: the CRDs compared
