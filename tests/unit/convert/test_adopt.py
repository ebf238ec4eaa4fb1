"""`adopt`: every printed command checked against the objects synth renders and the real charts in ../shared;
the `--format sh` script run against a stand-in kubectl that records what it is asked to do."""

from __future__ import annotations

import os
import shlex
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import helm_python
import pytest
import yaml
from conftest import BASE_V1ALPHA5, EXAMPLES_DIR, cluster_dict, objects, write_cluster

from karpenter_tenants.commands.cli import main
from karpenter_tenants.config.loader import LoadedCluster
from karpenter_tenants.config.resolved import resolve
from karpenter_tenants.synthesis.render import render_cluster


def _adopt(capsys: pytest.CaptureFixture[str], *args: str, clusters: Path = EXAMPLES_DIR) -> str:
    assert main(["--clusters", str(clusters), "adopt", *args]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out


def _commands(out: str) -> list[list[str]]:
    return [shlex.split(line.split("    #")[0]) for line in out.splitlines() if line.strip().startswith("kubectl ")]


def _marks(out: str, verb: str) -> list[tuple[str, str, str | None, dict[str, str]]]:
    """(resource, name, namespace, {key: value}) of every `kubectl label|annotate` command."""
    found = []
    for argv in _commands(out):
        if argv[1] != verb:
            continue
        rest = argv[3:]
        namespace = None
        if "-n" in rest:
            at = rest.index("-n")
            namespace = rest[at + 1]
            rest = rest[:at] + rest[at + 2 :]
        resource, name, *pairs = rest
        found.append((resource, name, namespace, dict(p.split("=", 1) for p in pairs)))
    return found


def _resource(obj: dict[str, Any]) -> str:
    group = obj["apiVersion"].rpartition("/")[0]
    return f"{obj['kind'].lower()}.{group}" if group else obj["kind"].lower()


def _rendered(cluster: LoadedCluster) -> dict[str, dict[str, Any]]:
    return objects(render_cluster(cluster))


def _example(examples: list[LoadedCluster], key: str) -> LoadedCluster:
    return next(c for c in examples if c.key == key)


def _chart(
    shared: Path, version: str, chart: str, values: dict[str, Any], release: str, namespace: str
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The real chart rendered by the Helm SDK: (template objects, crds/ objects)."""
    loaded = helm_python.Chart.load(str(shared / "karpenter" / f"v{version}" / chart))
    templates = [
        d
        for t in loaded.render(values, name=release, namespace=namespace, is_install=True).values()
        for d in yaml.safe_load_all(t)
        if isinstance(d, dict)
    ]
    crds = [d for c in loaded.crds for d in yaml.safe_load_all(c["data"]) if isinstance(d, dict)]
    return templates, crds


def test_every_crd_of_the_karpenter_crd_chart_gets_the_rendered_releases_ownership(capsys, examples, shared):
    cluster = _example(examples, "acme")
    rendered = _rendered(cluster)
    release = rendered["karpenter-crd/helmrelease-karpenter-crd.yaml"]
    # The release Helm checks ownership against: spec.releaseName in the HelmRelease's namespace (no target or
    # storage namespace is rendered, so Flux uses the HelmRelease's own).
    assert "targetNamespace" not in release["spec"] and "storageNamespace" not in release["spec"]
    name, namespace = release["spec"]["releaseName"], release["metadata"]["namespace"]
    templates, _ = _chart(shared, cluster.config.karpenter.version, "karpenter-crd", {}, name, namespace)
    chart_crds = {o["metadata"]["name"] for o in templates if o["kind"] == "CustomResourceDefinition"}
    assert "nodepools.karpenter.sh" in chart_crds and "ec2nodeclasses.karpenter.k8s.aws" in chart_crds

    out = _adopt(capsys, "acme")
    crd = "customresourcedefinition.apiextensions.k8s.io"
    labelled = {n: pairs for r, n, _, pairs in _marks(out, "label") if r == crd}
    annotated = {n: pairs for r, n, _, pairs in _marks(out, "annotate") if r == crd}
    assert set(labelled) == set(annotated) == chart_crds
    for crd_name in chart_crds:
        assert labelled[crd_name] == {"app.kubernetes.io/managed-by": "Helm"}
        assert annotated[crd_name] == {"meta.helm.sh/release-name": name, "meta.helm.sh/release-namespace": namespace}


@pytest.mark.parametrize("key", ["acme", "acme-legacy"])
def test_every_flux_label_names_the_kustomization_that_applies_the_object(capsys, examples, key):
    cluster = _example(examples, key)
    rendered = _rendered(cluster)
    appliers = {o["metadata"]["name"]: o for path, o in rendered.items() if path.startswith("flux/stages/")}
    by_ref = {
        (_resource(o), o["metadata"]["name"], o["metadata"].get("namespace")): path for path, o in rendered.items()
    }
    out = _adopt(capsys, key)
    flux_marks = [m for m in _marks(out, "label") if "kustomize.toolkit.fluxcd.io/name" in m[3]]
    marked = set()
    for resource, name, namespace, pairs in flux_marks:
        path = by_ref[(resource, name, namespace)]  # the object exists in the rendered output
        applier = appliers[pairs["kustomize.toolkit.fluxcd.io/name"]]
        assert pairs["kustomize.toolkit.fluxcd.io/namespace"] == applier["metadata"]["namespace"]
        assert applier["spec"]["path"] == f"{cluster.gitops_path}/{path.rpartition('/')[0]}"
        marked.add(path)
    # every object of every folder a Kustomization applies directly (not through a chart) is handed over
    direct = {p for p, o in rendered.items() if p.startswith(("base/", "tenants/", "overlays/"))}
    assert marked == direct
    pools = {p for p in direct if rendered[p]["kind"] in ("NodePool", "Provisioner")}
    assert len(pools) == sum(len(resolve(cluster.config).tenant(t).node_pools) for t in cluster.config.tenants)


def test_the_service_account_the_release_stops_rendering_is_kept(capsys, examples):
    cluster = _example(examples, "acme")
    rendered = _rendered(cluster)
    values = rendered["karpenter/helmrelease-karpenter.yaml"]["spec"]["values"]
    assert values["serviceAccount"]["create"] is False
    out = _adopt(capsys, "acme")
    kept = [(r, n, ns) for r, n, ns, pairs in _marks(out, "annotate") if pairs == {"helm.sh/resource-policy": "keep"}]
    account = rendered[f"base/serviceaccount-{values['serviceAccount']['name']}.yaml"]["metadata"]
    assert kept == [("serviceaccount", account["name"], account["namespace"])]


def test_a_031_cluster_hands_no_crd_to_a_helm_release(capsys, examples, shared):
    cluster = _example(examples, "acme-legacy")
    templates, crds = _chart(shared, cluster.config.karpenter.version, "karpenter", {}, "karpenter", "karpenter")
    # 0.31's CRDs exist only in the chart's crds/ folder, which Helm applies outside any release
    assert not [o for o in templates if o["kind"] == "CustomResourceDefinition"] and crds
    out = _adopt(capsys, "acme-legacy")
    assert "meta.helm.sh" not in out
    assert _commands(out)[-1] == ["kubectl", "apply", "-k", "dist/acme-legacy/flux"]


def _tracking_ids(out: str) -> list[tuple[str, str, str | None, str]]:
    return [
        (r, n, ns, pairs["argocd.argoproj.io/tracking-id"])
        for r, n, ns, pairs in _marks(out, "annotate")
        if "argocd.argoproj.io/tracking-id" in pairs
    ]


def _check_tracking(
    out: str, rendered: dict[str, dict[str, Any]], gitops_path: str, shared: Path, version: str
) -> set[str]:
    """Every tracking id names the object it is on and an Application that renders that object."""
    applications = {o["metadata"]["name"]: o for p, o in rendered.items() if p.startswith("argocd/apps/")}
    by_ref = {(_resource(o), o["metadata"]["name"], o["metadata"].get("namespace")): p for p, o in rendered.items()}
    crds_seen = set()
    for resource, name, namespace, value in _tracking_ids(out):
        app, group_kind, where = value.split(":")
        group, kind = group_kind.split("/")
        assert where == f"{namespace or ''}/{name}"
        assert resource == (f"{kind.lower()}.{group}" if group else kind.lower())
        source = applications[app]["spec"]["source"]
        if kind == "CustomResourceDefinition":
            helm = source["helm"]
            templates, crds = _chart(
                shared,
                version,
                source["chart"],
                helm.get("valuesObject", {}),
                helm["releaseName"],
                applications[app]["spec"]["destination"]["namespace"],
            )
            rendered_crds = [
                o
                for o in (templates if helm.get("skipCrds") else templates + crds)
                if o["kind"] == "CustomResourceDefinition"
            ]
            assert name in {o["metadata"]["name"] for o in rendered_crds}
            crds_seen.add(name)
        else:
            path = by_ref[(resource, name, namespace)]
            assert source["path"] == f"{gitops_path.removeprefix('./')}/{path.rpartition('/')[0]}"
    return crds_seen


def test_argocd_tracking_ids_name_the_object_and_the_application_that_renders_it(capsys, examples, shared):
    cluster = _example(examples, "acme-argocd")
    rendered = _rendered(cluster)
    out = _adopt(capsys, "acme-argocd")
    crds = _check_tracking(out, rendered, cluster.gitops_path, shared, cluster.config.karpenter.version)
    templates, _ = _chart(shared, cluster.config.karpenter.version, "karpenter-crd", {}, "karpenter-crd", "karpenter")
    assert crds == {o["metadata"]["name"] for o in templates if o["kind"] == "CustomResourceDefinition"}
    direct = {p for p in rendered if p.startswith(("base/", "tenants/"))}
    tracked = {(r, n, ns) for r, n, ns, _ in _tracking_ids(out)}
    assert {
        (_resource(rendered[p]), rendered[p]["metadata"]["name"], rendered[p]["metadata"].get("namespace"))
        for p in direct
    } <= tracked
    assert "meta.helm.sh" not in out  # Argo CD renders charts with `helm template`: no Helm release
    assert _commands(out)[-1] == ["kubectl", "delete", "secret", "-n", "karpenter", "-l", "owner=helm,name=karpenter"]


def test_argocd_031_crds_belong_to_the_controller_application(capsys, tmp_path, shared):
    data = cluster_dict(BASE_V1ALPHA5, gitops={"engine": "argocd", "argocd": {"repoURL": "https://git.example/r.git"}})
    path = write_cluster(tmp_path / "clusters", data, "old")
    out = _adopt(capsys, str(path), clusters=tmp_path / "clusters")
    from karpenter_tenants.config.loader import load_cluster_file

    cluster = load_cluster_file(path)
    crds = _check_tracking(out, _rendered(cluster), cluster.gitops_path, shared, "0.31.5")
    assert crds == {"awsnodetemplates.karpenter.k8s.aws", "machines.karpenter.sh", "provisioners.karpenter.sh"}
    apps = {value.split(":")[0] for *_, value in _tracking_ids(out) if "CustomResourceDefinition" in value}
    assert apps == {"old-karpenter"}


# --- the script -----------------------------------------------------------------------------------------

FAKE_KUBECTL = """#!{python}
import json, os, sys
args = sys.argv[1:]
with open(os.environ["KUBECTL_LOG"], "a") as log:
    log.write(json.dumps(args) + "\\n")
if "--context" in args:
    at = args.index("--context"); args = args[:at] + args[at + 2:]
if args[0] == "get":
    existing = json.loads(os.environ["KUBECTL_EXISTING"])
    if args[1] == "secret":
        print("secret/sh.helm.release.v1.karpenter.v1" if os.environ.get("KUBECTL_RELEASE") else "")
    else:
        if "-o" in args:  # -o name, or the template that prints the root's name unless it is suspended
            at = args.index("-o"); args = args[:at] + args[at + 2:]
        rest = [a for a in args[1:] if a != "--ignore-not-found"]
        if "-n" in rest:
            at = rest.index("-n"); rest = rest[:at] + rest[at + 2:]
        if " ".join(rest[:2]) in existing:
            print(rest[0] + "/" + rest[1])
"""


def _run_script(
    tmp_path: Path, text: str, existing: list[str], release: bool = True
) -> tuple[int, str, list[list[str]]]:
    import json

    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    kubectl = bin_dir / "kubectl"
    kubectl.write_text(FAKE_KUBECTL.format(python=sys.executable))
    kubectl.chmod(kubectl.stat().st_mode | stat.S_IEXEC)
    (tmp_path / "dist/acme/flux").mkdir(parents=True, exist_ok=True)
    log = tmp_path / "kubectl.log"
    log.write_text("")
    env = {
        **os.environ,
        "PATH": f"{bin_dir}:{os.environ['PATH']}",
        "KUBECTL_LOG": str(log),
        "KUBECTL_EXISTING": json.dumps(existing),
        "KUBECTL_RELEASE": "1" if release else "",
    }
    script = tmp_path / "adopt.sh"
    script.write_text(text)
    result = subprocess.run(["bash", str(script)], cwd=tmp_path, env=env, capture_output=True, text=True)
    calls = [json.loads(line) for line in log.read_text().splitlines()]
    return result.returncode, result.stdout + result.stderr, calls


def test_the_script_marks_what_exists_in_order_and_applies_the_root_last(capsys, tmp_path):
    text = _adopt(capsys, "acme", "--format", "sh", "--context", "prod east")
    existing = [
        "customresourcedefinition.apiextensions.k8s.io nodepools.karpenter.sh",
        "nodepool.karpenter.sh alpha",
        "serviceaccount karpenter",
    ]
    status, output, calls = _run_script(tmp_path, text, existing)
    assert status == 0, output
    assert all(call[:2] == ["--context", "prod east"] for call in calls)
    changes = [call[2:] for call in calls if call[2] != "get"]
    assert [c[:2] for c in changes] == [
        ["label", "--overwrite"],
        ["annotate", "--overwrite"],  # the CRD, for release karpenter-crd
        ["annotate", "--overwrite"],  # the service account: keep
        ["label", "--overwrite"],  # the service account: base Kustomization
        ["label", "--overwrite"],  # the NodePool alpha
        ["apply", "-k"],  # the root, last
    ]
    assert changes[0][2:4] == ["customresourcedefinition.apiextensions.k8s.io", "nodepools.karpenter.sh"]
    assert changes[4][2:4] == ["nodepool.karpenter.sh", "alpha"]
    assert changes[-1] == ["apply", "-k", "dist/acme/flux"]
    assert "skip: nodepool.karpenter.sh beta does not exist yet" in output


def test_the_script_changes_nothing_without_the_helm_release(capsys, tmp_path):
    text = _adopt(capsys, "acme", "--format", "sh")
    status, output, calls = _run_script(tmp_path, text, [], release=False)
    assert status == 1
    assert "error: no Helm release karpenter in namespace karpenter" in output
    assert calls[0] == ["config", "current-context"]  # named in the output: which cluster this would change
    assert all(call[0] == "get" for call in calls[1:])


def test_the_script_changes_nothing_when_the_flux_root_runs(capsys, tmp_path):
    # The stand-in prints the root's name: what kubectl's template prints for a root that is not suspended (a
    # suspended one prints nothing and passes: tests/e2e/test_adopt.py runs both against a real apiserver).
    text = _adopt(capsys, "acme", "--format", "sh")
    status, output, calls = _run_script(tmp_path, text, ["kustomization.kustomize.toolkit.fluxcd.io acme-root"])
    assert status == 1
    assert (
        "error: the Flux root acme-root is already applied and not suspended: adopt before the first reconcile "
        "(or suspend it: flux suspend kustomization acme-root -n flux-system)"
    ) in output
    assert all(call[0] == "get" for call in calls[1:])
    [check] = [c for c in calls if "acme-root" in c]
    assert check[-2:] == ["-o", "go-template={{if not .spec.suspend}}{{.metadata.name}}{{end}}"]


def test_the_script_changes_nothing_when_the_argocd_root_syncs_by_itself(capsys, tmp_path):
    # The stand-in prints the root's name: what kubectl's template prints for a root with automated sync on.
    text = _adopt(capsys, "acme-argocd", "--format", "sh")
    (tmp_path / "dist/acme-argocd/argocd").mkdir(parents=True)
    (tmp_path / "dist/acme-argocd/argocd/application-acme-argocd-root.yaml").write_text("")
    status, output, calls = _run_script(tmp_path, text, ["application.argoproj.io acme-argocd-root"])
    assert status == 1
    assert (
        "error: the root Application acme-argocd-root is already applied with automated sync: adopt before its "
        "first sync (or disable automated sync: argocd app set acme-argocd-root --sync-policy manual)"
    ) in output
    assert all(call[0] == "get" for call in calls[1:])


def test_the_script_is_valid_bash_for_every_example(capsys, tmp_path):
    for key in ("acme", "acme-argocd", "acme-legacy"):
        script = tmp_path / f"{key}.sh"
        script.write_text(_adopt(capsys, key, "--format", "sh"))
        result = subprocess.run(["bash", "-n", str(script)], capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
        assert "set -euo pipefail" in script.read_text()


def test_argocd_crds_are_handed_to_the_crd_application_also_when_its_chart_is_pinned_by_digest(
    capsys, tmp_path, shared
):
    data = cluster_dict(
        gitops={"engine": "argocd", "argocd": {"repoURL": "https://git.example/r.git"}},
        karpenter={"version": "1.14.1", "chartSource": {"digests": {"karpenter-crd": "sha256:" + "a" * 64}}},
    )
    path = write_cluster(tmp_path / "clusters", data, "pinned")
    out = _adopt(capsys, "pinned", clusters=tmp_path / "clusters")
    apps = {value.split(":")[0] for *_, value in _tracking_ids(out) if "CustomResourceDefinition" in value}
    assert apps == {"pinned-karpenter-crd"} and path.is_file()
    templates, _ = _chart(shared, "1.14.1", "karpenter-crd", {}, "karpenter-crd", "karpenter")
    assert {n for _, n, _, value in _tracking_ids(out) if "CustomResourceDefinition" in value} == {
        o["metadata"]["name"] for o in templates if o["kind"] == "CustomResourceDefinition"
    }


def test_a_context_with_shell_syntax_is_printed_never_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--context is interpolated into the script quoted: `$(...)`, quotes and `;` are text."""
    import subprocess

    hostile = "p$(touch " + str(tmp_path / "ran") + ')"; touch ' + str(tmp_path / "ran2") + '; echo "'
    script = _adopt(capsys, "acme", "--format", "sh", "--context", hostile)
    [line] = [line for line in script.splitlines() if line.startswith("echo ") and "kubectl context" in line]
    result = subprocess.run(["bash", "-c", line], capture_output=True, text=True)
    assert result.stdout == f"kubectl context: {hostile}\n"
    assert not (tmp_path / "ran").exists() and not (tmp_path / "ran2").exists()


def test_adopting_a_cluster_whose_isolation_denies_says_to_start_at_audit(capsys: pytest.CaptureFixture[str]) -> None:
    out = _adopt(capsys, "acme")
    [note] = [line for line in out.splitlines() if line.startswith("note: ")]
    assert "tenancy.enforcement is deny" in note and "`tenancy: {enforcement: audit}`" in note


def test_plan_and_adopt_give_one_order_for_the_adoption_pull_request(capsys, tmp_path):
    """The pull request that brings a hand-installed Karpenter under Flux: `plan` and `adopt` say the same order.
    adopt's script first checks the root is not applied yet and applies it as its last step; plan, on the same
    pull request, must not tell the reviewer to apply the root (or the bootstrap objects it applies with it) before
    merging, and names adopt's script for a cluster installed by hand."""
    import shutil
    import subprocess

    repo = tmp_path / "repo"
    (repo / "clusters").mkdir(parents=True)
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True)
    (repo / "README").write_text("base\n")
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.com", "add", "-A"], cwd=repo, check=True)
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "base"], cwd=repo, check=True
    )
    shutil.copy(EXAMPLES_DIR / "acme.yaml", repo / "clusters/acme.yaml")
    clusters, dist = str(repo / "clusters"), str(repo / "dist")
    assert main(["--clusters", clusters, "synth", "--out", dist]) == 0
    capsys.readouterr()
    main(["--clusters", clusters, "plan", "--base", "HEAD", "--dist", dist])
    plan_lines = capsys.readouterr().out.splitlines()
    root_lines = [line for line in plan_lines if "Kustomization/acme-root added" in line]
    assert len(root_lines) == 1
    assert "apply it last, after merging" in root_lines[0]
    assert "run `python main.py adopt acme --format sh` instead" in root_lines[0]
    assert not [line for line in plan_lines if "dist/acme/flux" in line and "before merging" in line], plan_lines

    assert main(["--clusters", clusters, "adopt", "acme"]) == 0
    lines = capsys.readouterr().out.splitlines()
    commands = [i for i, line in enumerate(lines) if line.strip().startswith("kubectl ")]
    assert lines[commands[-1]].strip() == "kubectl apply -k dist/acme/flux"  # the root, last: what plan's line says
    assert "`kubectl apply -k dist/acme/flux`" in root_lines[0]
    check = next(i for i, line in enumerate(lines) if "the Flux root must not be applied yet" in line)
    assert check < commands[0]
