"""`adopt --release-values/--release-secret` and `plan`'s adoption: what the first reconcile of the generated
HelmRelease changes in a release installed by hand, checked against the real Karpenter chart of ../shared composed
and rendered by Helm (helm-python-sdk), and against release records encoded as Helm's Secrets driver stores them
(JSON, gzip, base64; the Secret's data base64 once more)."""

from __future__ import annotations

import base64
import copy
import gzip
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import helm_python
import pytest
import yaml
from conftest import BASE_V1, cluster_dict, git, objects, write_cluster

from karpenter_tenants.commands.cli import main
from karpenter_tenants.config.loader import load_cluster_file
from karpenter_tenants.kinds.controller.adopt_release import coalesce
from karpenter_tenants.kinds.controller.fields import karpenter_values
from karpenter_tenants.synthesis.render import render_cluster

CHART_DIR = "karpenter/v1.14.1/karpenter"
# The hand-set values of a `helm install` as Karpenter's getting-started guide has it (settings, IRSA role), with
# the controller pinned to a node group by hand.
HAND_SET: dict[str, Any] = {
    "settings": {"clusterName": "acme", "interruptionQueue": "karpenter-acme"},
    "serviceAccount": {"annotations": {"eks.amazonaws.com/role-arn": "arn:aws:iam::001234567890:role/karpenter-acme"}},
    "affinity": {
        "nodeAffinity": {
            "requiredDuringSchedulingIgnoredDuringExecution": {
                "nodeSelectorTerms": [
                    {
                        "matchExpressions": [
                            {"key": "karpenter.sh/nodepool", "operator": "DoesNotExist"},
                            {"key": "eks.amazonaws.com/nodegroup", "operator": "In", "values": ["system"]},
                        ]
                    }
                ]
            }
        }
    },
    "logLevel": "debug",
}
NODE_SELECTOR_TERMS = "affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms"


@pytest.fixture(scope="module")
def chart(shared: Path) -> helm_python.Chart:
    return helm_python.Chart.load(str(shared / CHART_DIR))


def release_record(
    chart: helm_python.Chart,
    config: dict[str, Any],
    name: str = "karpenter",
    namespace: str = "karpenter",
    chart_name: str = "karpenter",
) -> dict[str, Any]:
    """A Helm 3 release (pkg/release Release as JSON): the chart's metadata and default values, the user's config."""
    return {
        "name": name,
        "namespace": namespace,
        "version": 3,
        "info": {"status": "deployed"},
        "chart": {"metadata": {**chart.metadata, "name": chart_name}, "values": chart.values},
        "config": config,
        "manifest": "",
    }


def release_secret(record: dict[str, Any], compress: bool = True, name: str | None = None) -> dict[str, Any]:
    """The record as Helm's Secrets driver stores it and `kubectl get secret -o json` prints it."""
    raw = json.dumps(record).encode()
    helm_text = base64.b64encode(gzip.compress(raw) if compress else raw)
    return {
        "apiVersion": "v1",
        "kind": "Secret",
        "type": "helm.sh/release.v1",
        "metadata": {
            "name": name or f"sh.helm.release.v1.{record['name']}.v{record['version']}",
            "namespace": record["namespace"],
            "labels": {
                "owner": "helm",
                "name": record["name"],
                "status": "deployed",
                "version": str(record["version"]),
            },
        },
        "data": {"release": base64.b64encode(helm_text).decode()},
    }


def helm_list(chart: str = "karpenter-1.14.1", name: str = "karpenter") -> list[dict[str, Any]]:
    return [
        {
            "name": name,
            "namespace": "karpenter",
            "revision": "3",
            "updated": "2026-11-30 10:00:00 +0000 UTC",
            "status": "deployed",
            "chart": chart,
            "app_version": "1.14.1",
        }
    ]


def write_json(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data))
    return path


def adopt(capsys: pytest.CaptureFixture[str], clusters: Path, *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    status = main(["--clusters", str(clusters), "adopt", "acme", *args])
    out, err = capsys.readouterr()
    return status, out, err


def adopt_json(capsys: pytest.CaptureFixture[str], clusters: Path, *args: str) -> tuple[int, dict[str, Any]]:
    status, out, err = adopt(capsys, clusters, "--format", "json", *args)
    assert status in (0, 1), err
    return status, json.loads(out)


@pytest.fixture
def clusters(tmp_path: Path) -> Path:
    write_cluster(tmp_path / "clusters", cluster_dict())
    return tmp_path / "clusters"


@pytest.fixture
def hand_set(tmp_path: Path, chart: helm_python.Chart) -> tuple[Path, Path]:
    """`helm get values --all` and `helm list` of the hand-installed release: Helm composes the values."""
    return (
        write_json(tmp_path / "values.json", chart.merge_values(copy.deepcopy(HAND_SET))),
        write_json(tmp_path / "list.json", helm_list()),
    )


def by_path(report: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {change["path"]: change for change in report["changes"]}


def test_the_hand_set_affinity_role_and_log_level_are_what_the_first_reconcile_changes(clusters, hand_set, capsys):
    status, report = adopt_json(
        capsys, clusters, "--release-values", str(hand_set[0]), "--release-list", str(hand_set[1])
    )
    changes = by_path(report)
    assert status == 1  # the controller moves to another node group and loses its IRSA role
    assert report["release"] == {"name": "karpenter", "namespace": "karpenter", "status": "deployed"}
    assert report["chartVersion"] == {"live": "1.14.1", "generated": "1.14.1"}
    affinity = changes[NODE_SELECTOR_TERMS]
    assert affinity["change"] == "changed" and affinity["movesController"] is True
    assert affinity["live"][0]["matchExpressions"][1]["values"] == ["system"]
    assert affinity["generated"][0]["matchExpressions"][1]["values"] == ["core"]
    assert "karpenter.controller.nodeGroup" in affinity["clusterFile"]
    role = changes['serviceAccount.annotations["eks.amazonaws.com/role-arn"]']
    assert (role["change"], role["generated"], role["movesController"]) == ("dropped", None, True)
    assert changes["logLevel"] == {
        "path": "logLevel",
        "change": "changed",
        "live": "debug",
        "generated": "info",
        "movesController": False,
    }
    assert changes["controller.resources.requests"]["change"] == "added"
    assert not changes["serviceAccount.create"]["movesController"]  # the account is kept (adopt's resource-policy)
    # the same release, the same settings: no difference where the generated values equal the hand-set ones
    assert "settings.clusterName" not in changes and "settings.interruptionQueue" not in changes
    assert "serviceAccount.name" not in changes  # "" with create: the chart names it karpenter, the product's name
    moving = {path for path, change in changes.items() if change["movesController"]}
    assert moving == {NODE_SELECTOR_TERMS, 'serviceAccount.annotations["eks.amazonaws.com/role-arn"]'}


def test_every_change_is_a_difference_of_the_live_values_and_what_flux_installs(clusters, hand_set, capsys):
    _, report = adopt_json(capsys, clusters, "--release-values", str(hand_set[0]))
    live = json.loads(hand_set[0].read_text())
    for change in report["changes"]:
        if change["path"].startswith("serviceAccount.annotations"):
            continue  # compared with the product's ServiceAccount (test below)
        keys = _keys(change["path"])
        at_live, at_installed = _at(live, keys), _at(report["values"], keys)
        assert (at_live, at_installed) == (change["live"], change["generated"]), change
        assert at_live != at_installed
    assert report["chartVersion"] == {"live": None, "generated": "1.14.1"}


def _keys(path: str) -> list[str]:
    """The keys of a dotted path, bracketed keys (`podAnnotations["karpenter-tenants/identity"]`) as JSON strings."""
    tokens = re.findall(r'\.?([A-Za-z0-9_-]+)|\[("(?:[^"\\]|\\.)*")\]', path)
    assert "".join(f".{a}" if a else f"[{b}]" for a, b in tokens).lstrip(".") == path
    return [a or json.loads(b) for a, b in tokens]


def _at(values: Any, keys: list[str]) -> Any:
    for key in keys:
        values = values.get(key) if isinstance(values, dict) else None
    return values


def test_the_values_flux_installs_are_what_helm_template_of_the_chart_computes(
    clusters, hand_set, capsys, shared, tmp_path
):
    """The HelmRelease's values through the real chart, rendered by Helm with a template that prints .Values."""
    _, report = adopt_json(capsys, clusters, "--release-values", str(hand_set[0]))
    copied = Path(shutil.copytree(shared / CHART_DIR, tmp_path / "chart"))
    (copied / "templates" / "zz-values.yaml").write_text(
        "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: values}\ndata:\n  values: {{ .Values | toJson | quote }}\n"
    )
    [release] = [
        o
        for o in objects(render_cluster(load_cluster_file(clusters / "acme.yaml"))).values()
        if o["kind"] == "HelmRelease" and o["spec"]["chartRef"]["name"] == "karpenter"
    ]
    rendered = helm_python.Chart.load(str(copied)).render(
        release["spec"]["values"],
        name=release["spec"]["releaseName"],
        namespace=release["metadata"]["namespace"],
        is_install=True,
    )
    computed = json.loads(yaml.safe_load(rendered["karpenter/templates/zz-values.yaml"])["data"]["values"])
    assert report["values"] == computed


@pytest.mark.parametrize(
    "user",
    [
        HAND_SET,
        {"affinity": None, "nodeSelector": None, "controller": {"image": {"digest": None, "tag": "1.14.0"}}},
        {"tolerations": [], "settings": {"featureGates": {"nodeRepair": True}, "extra": None}, "podLabels": {"a": "b"}},
    ],
)
def test_the_secrets_values_are_coalesced_as_helm_get_values_all_does(chart, user):
    assert coalesce(chart.values, copy.deepcopy(user)) == chart.merge_values(copy.deepcopy(user))


@pytest.mark.parametrize("compress", [True, False], ids=["gzip", "before compression"])
def test_the_release_secret_gives_the_same_diff_as_helm_get_values_and_helm_list(
    clusters, hand_set, chart, capsys, tmp_path, compress
):
    secret = write_json(tmp_path / "secret.json", release_secret(release_record(chart, HAND_SET), compress))
    _, from_values = adopt_json(
        capsys, clusters, "--release-values", str(hand_set[0]), "--release-list", str(hand_set[1])
    )
    _, from_secret = adopt_json(capsys, clusters, "--release-secret", str(secret))
    assert from_secret == from_values


def test_a_kubectl_list_of_the_releases_secrets_is_read_at_its_deployed_revision(clusters, chart, capsys, tmp_path):
    old = release_secret({**release_record(chart, {"logLevel": "error"}), "version": 2})
    old["metadata"]["labels"]["status"] = "superseded"
    current = release_secret(release_record(chart, HAND_SET))
    listing = write_json(tmp_path / "secrets.json", {"apiVersion": "v1", "kind": "List", "items": [old, current]})
    _, report = adopt_json(capsys, clusters, "--release-secret", str(listing))
    assert by_path(report)["logLevel"]["live"] == "debug"


def test_carrying_the_live_values_into_the_cluster_file_leaves_no_change_and_exit_0(tmp_path, chart, capsys):
    """Installed with what a cluster file of node group `system` generates; the file says `core`: the affinity moves
    the controller (exit 1) until the file says `system` too."""
    moved = cluster_dict(karpenter={**BASE_V1["karpenter"], "controller": {"nodeGroup": "system"}})
    live_config = load_cluster_file(write_cluster(tmp_path / "live", moved)).config
    values = write_json(tmp_path / "values.json", chart.merge_values(karpenter_values(live_config)))
    clusters = tmp_path / "clusters"
    write_cluster(clusters, cluster_dict())
    status, report = adopt_json(capsys, clusters, "--release-values", str(values))
    assert status == 1
    assert [c["path"] for c in report["changes"]] == [NODE_SELECTOR_TERMS]
    status, out, err = adopt(capsys, clusters, "--release-values", str(values))
    assert status == 1 and "set karpenter.controller.nodeGroup" in out and "not accepted" in out
    write_cluster(clusters, moved)
    status, report = adopt_json(capsys, clusters, "--release-values", str(values))
    assert (status, report["changes"]) == (0, [])


def test_accepting_the_release_changes_is_exit_0_and_the_script_is_printed_only_then(clusters, hand_set, capsys):
    status, out, err = adopt(capsys, clusters, "--format", "sh", "--release-values", str(hand_set[0]))
    assert status == 1 and out == "" and "! changed " + NODE_SELECTOR_TERMS in err
    status, out, err = adopt(
        capsys, clusters, "--format", "sh", "--release-values", str(hand_set[0]), "--accept-release-changes"
    )
    assert status == 0, err
    assert out.startswith("#!/usr/bin/env bash\n# acme: the first reconcile")
    assert "set -euo pipefail" in out and f"#   ! changed {NODE_SELECTOR_TERMS}" in out
    assert subprocess.run(["bash", "-n"], input=out, text=True).returncode == 0


def test_other_differences_are_listed_and_exit_0(tmp_path, chart, capsys):
    """Only a log level and a batch window differ: listed, nothing moves the controller."""
    clusters = tmp_path / "clusters"
    write_cluster(clusters, cluster_dict())
    generated = karpenter_values(load_cluster_file(clusters / "acme.yaml").config)
    live = chart.merge_values(
        {
            **copy.deepcopy(generated),
            "logLevel": "debug",
            "settings": {**generated["settings"], "batchMaxDuration": "20s"},
        }
    )
    status, report = adopt_json(capsys, clusters, "--release-values", str(write_json(tmp_path / "values.json", live)))
    assert status == 0
    assert [(c["path"], c["movesController"]) for c in report["changes"]] == [
        ("logLevel", False),
        ("settings.batchMaxDuration", False),
    ]


def test_an_older_chart_shows_the_version_and_image_change_as_moving_the_controller(clusters, chart, capsys, tmp_path):
    record = release_record(chart, HAND_SET)
    record["chart"]["metadata"]["version"] = "1.13.0"
    record["chart"]["values"] = {
        **chart.values,
        "controller": {**chart.values["controller"], "image": {**chart.values["controller"]["image"], "tag": "1.13.0"}},
    }
    _, report = adopt_json(
        capsys, clusters, "--release-secret", str(write_json(tmp_path / "s.json", release_secret(record)))
    )
    assert report["chartVersion"] == {"live": "1.13.0", "generated": "1.14.1"}
    tag = by_path(report)["controller.image.tag"]
    assert (tag["live"], tag["generated"], tag["movesController"], tag["clusterFile"]) == (
        "1.13.0",
        "1.14.1",
        True,
        "karpenter.version",
    )


def test_the_product_s_service_account_is_what_the_live_role_annotation_is_compared_with(tmp_path, hand_set, capsys):
    """IRSA in the cluster file with the live role: the base stage's ServiceAccount carries the same annotation."""
    clusters = tmp_path / "clusters"
    write_cluster(
        clusters,
        cluster_dict(
            cluster={**BASE_V1["cluster"], "oidcProvider": "oidc.eks.ca-central-1.amazonaws.com/id/0123456789ABCDEF"},
            karpenter={**BASE_V1["karpenter"], "identity": "irsa", "controllerRole": {"name": "karpenter-acme"}},
        ),
    )
    _, report = adopt_json(capsys, clusters, "--release-values", str(hand_set[0]))
    assert not [c for c in report["changes"] if c["path"].startswith("serviceAccount.annotations")]


# --- plan -----------------------------------------------------------------------------------------------------------

ARGOCD = {"engine": "argocd", "argocd": {"repoURL": "https://github.com/acme/platform.git", "targetRevision": "main"}}


def first_pr_of(tmp_path: Path, data: dict[str, Any]) -> Path:
    """A repository whose base revision has no dist/ yet: the PR adds the cluster's output, its controller release
    (Flux HelmRelease or Argo CD Application) included."""
    root = tmp_path / "repo"
    (root / "dist").mkdir(parents=True)
    (root / "README.md").write_text("base\n")
    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "base")
    write_cluster(root / "clusters", data)
    return root


@pytest.fixture
def first_pr(tmp_path: Path) -> Path:
    return first_pr_of(tmp_path, cluster_dict())


def plan(capsys, root: Path, *extra: str) -> tuple[int, list[str], str]:
    capsys.readouterr()
    status = main(
        ["--clusters", str(root / "clusters"), "plan", "--base", "HEAD", "--dist", str(root / "dist"), *extra]
    )
    out, err = capsys.readouterr()
    return status, out.splitlines(), err


def test_plan_calls_the_new_release_an_adoption_with_the_diff_adopt_shows(first_pr, hand_set, capsys):
    status, lines, err = plan(
        capsys, first_pr, "--release-values", str(hand_set[0]), "--release-list", str(hand_set[1])
    )
    assert status == 0, err
    [head] = [line for line in lines if line.startswith("- ") and "HelmRelease/karpenter " in line]
    assert "HelmRelease/karpenter adopted: adopts the existing release karpenter in namespace karpenter" in head
    assert "chart 1.14.1, unchanged" in head and "2 of them move or restart the controller" in head
    _, report = adopt_json(capsys, first_pr / "clusters", "--release-values", str(hand_set[0]))
    fields = {line.split("`")[1] for line in lines if line.startswith("  - `values.")}
    assert fields == {f"values.{c['path']}" for c in report["changes"]}


def test_plan_without_the_live_release_says_the_new_release_may_adopt_one(first_pr, capsys):
    status, lines, err = plan(capsys, first_pr)
    assert status == 0, err
    [head] = [line for line in lines if line.startswith("- ") and "HelmRelease/karpenter " in line]
    assert "HelmRelease/karpenter added: new release karpenter in namespace karpenter" in head
    assert "adopts it" in head and "python main.py adopt acme --release-values FILE" in head


def test_an_adoption_across_a_major_version_is_destructive_in_plan(first_pr, chart, capsys, tmp_path):
    """The live release on 0.37 (v1beta1 APIs), the generated one on 1.x: the node-pool APIs change, plan's gate trips."""
    record = release_record(chart, HAND_SET)
    record["chart"]["metadata"]["version"] = "0.37.8"
    secret = write_json(tmp_path / "secret.json", release_secret(record))
    status, lines, err = plan(capsys, first_pr, "--release-secret", str(secret), "--fail-on", "destructive")
    assert status == 3, err
    [head] = [line for line in lines if line.startswith("- ") and "HelmRelease/karpenter " in line]
    assert head.startswith("- **destructive** HelmRelease/karpenter adopted: adopts the existing release karpenter")
    assert "chart 0.37.8 → 1.14.1, a Karpenter major-version change" in head


def test_plan_calls_the_new_argocd_application_an_adoption_too(tmp_path, hand_set, capsys):
    root = first_pr_of(tmp_path, cluster_dict(gitops=ARGOCD))
    status, lines, err = plan(capsys, root, "--release-values", str(hand_set[0]))
    assert status == 0, err
    [head] = [line for line in lines if line.startswith("- ") and " adopted: " in line]
    assert head.startswith(
        "- **in place** Application/acme-karpenter adopted: adopts the existing release karpenter in "
        "namespace karpenter (chart 1.14.1 (the live version not known: give --release-list))"
    )


def test_a_release_that_is_not_deployed_is_said(clusters, chart, capsys, tmp_path):
    record = release_record(chart, HAND_SET)
    record["info"]["status"] = "failed"
    status, out, err = adopt(
        capsys, clusters, "--release-secret", str(write_json(tmp_path / "s.json", release_secret(record)))
    )
    assert status == 1, err
    assert "the live release is failed, not deployed: read `helm history karpenter -n karpenter`" in out


def test_terminal_escape_sequences_in_the_live_release_never_reach_the_terminal_raw(clusters, chart, capsys, tmp_path):
    """The live files are the user's (or whoever wrote the release): a value key, status or chart version holding an
    escape sequence is printed escaped by the text report, as the JSON report prints it anyway."""
    escape = "\x1b]0;owned\x07\x1b[2J"
    values = chart.merge_values({**copy.deepcopy(HAND_SET), "podAnnotations": {f"x{escape}": "1"}})
    listing = helm_list(chart=f"karpenter-1.14.1{escape}")
    listing[0]["status"] = f"failed{escape}"
    status, out, err = adopt(
        capsys,
        clusters,
        "--release-values",
        str(write_json(tmp_path / "v.json", values)),
        "--release-list",
        str(write_json(tmp_path / "l.json", listing)),
    )
    assert status in (1, 2), err
    assert "\x1b" not in out + err and "\x07" not in out + err


def test_a_release_flux_installed_from_oci_is_the_same_chart_version_despite_its_digest(
    clusters, hand_set, capsys, tmp_path
):
    """helm-controller appends an OCI artifact's digest to the chart version as semver build metadata (1.14.1+<sha>),
    which semver leaves out of the version's identity: re-adopting such a release changes no chart version."""
    listing = write_json(tmp_path / "oci.json", helm_list(chart="karpenter-1.14.1+784d5ad5327f"))
    status, out, err = adopt(capsys, clusters, "--release-values", str(hand_set[0]), "--release-list", str(listing))
    assert "chart version 1.14.1+784d5ad5327f (unchanged)" in out, out + err
    other = write_json(tmp_path / "older.json", helm_list(chart="karpenter-1.14.0+784d5ad5327f"))
    status, out, err = adopt(capsys, clusters, "--release-values", str(hand_set[0]), "--release-list", str(other))
    assert "chart version 1.14.0+784d5ad5327f → 1.14.1" in out, out + err


def test_a_number_beyond_a_float_in_the_live_values_is_bad_input_not_infinity_in_json(clusters, hand_set, capsys):
    """1e999 reads as infinity, which the JSON report could only print as `Infinity` (not JSON): refused, naming it."""
    values = json.loads(hand_set[0].read_text())
    text = json.dumps({**values, "replicaScale": "INF"}).replace('"INF"', "1e999")
    hand_set[0].write_text(text)
    status, out, err = adopt(capsys, clusters, "--format", "json", "--release-values", str(hand_set[0]))
    assert status == 2 and out == ""
    assert "replicaScale: a number beyond a 64-bit float" in err and err.count("\n") == 1
