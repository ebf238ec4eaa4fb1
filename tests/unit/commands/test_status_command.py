"""`status` against a recorded API server on loopback (support.fake_apiserver, a kubeconfig pointing at it: the real
client runs) and the dist/ synth writes for the cluster file: converged (exit 0, one line for the customers that are
done); a NodePool edited by hand named with its field; drifted NodeClaims with Karpenter's reason; a pending pod with
the scheduler's message; Karpenter's controller not ready; a Flux stage not Ready; an unreachable server exit 2 in one
line naming the context; --wait converging after a look, or naming what did not converge at --timeout; hostile names
escaped."""

from __future__ import annotations

import contextlib
import copy
import io
import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import cluster_dict, write_cluster
from support.fake_apiserver import FakeApiServer, Raw, kubeconfig, node, pod, serving

from karpenter_tenants.commands import status as status_command
from karpenter_tenants.commands.cli import main

TENANTS = [
    {"name": "alpha", "nodeRole": "node-alpha", "namespaces": ["alpha"], "ami": {"alias": "al2023@v20261101"}},
    {"name": "beta", "nodeRole": "node-beta", "namespaces": ["beta"], "ami": {"alias": "al2023@v20261101"}},
]


def run(repo: Path, *argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    cwd = Path.cwd()
    os.chdir(repo)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(["--clusters", "clusters", *argv])
            except SystemExit as exit:
                code = int(exit.code or 0)
    finally:
        os.chdir(cwd)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def synthesized(tmp_path_factory: pytest.TempPathFactory) -> Path:
    repo = tmp_path_factory.mktemp("status") / "repo"
    write_cluster(repo / "clusters", cluster_dict(tenants=TENANTS))
    code, _, err = run(repo, "synth", "--dist", "dist")
    assert code == 0, err
    return repo


@pytest.fixture
def repo(synthesized: Path, tmp_path: Path) -> Path:
    copied = tmp_path / "repo"
    shutil.copytree(synthesized, copied)
    return copied


def dist_objects(repo: Path, kind: str) -> list[dict[str, Any]]:
    found = []
    for path in sorted((repo / "dist/acme").rglob("*.yaml")):
        for document in yaml.safe_load_all(path.read_text()):
            if (
                isinstance(document, dict)
                and document.get("kind") == kind
                and "toolkit" in document["apiVersion"] + kind
            ):
                found.append(document)
            elif isinstance(document, dict) and document.get("kind") == kind and kind in ("NodePool", "EC2NodeClass"):
                found.append(document)
    return found


def ready(obj: dict[str, Any], status: str = "True", **extra: Any) -> dict[str, Any]:
    obj = copy.deepcopy(obj)
    obj["metadata"].setdefault("namespace", "flux-system") if "toolkit" in obj["apiVersion"] else None
    obj["status"] = {"conditions": [{"type": "Ready", "status": status, "reason": "Ok", "message": "fine"}], **extra}
    return obj


def claim(
    name: str,
    pool: str,
    *conditions: tuple[str, str, str, str],
    deleting: bool = False,
    instance_type: str = "m5.large",
    capacity_type: str = "on-demand",
) -> dict[str, Any]:
    metadata: dict[str, Any] = {
        "name": name,
        "labels": {
            "karpenter.sh/nodepool": pool,
            "node.kubernetes.io/instance-type": instance_type,
            "karpenter.sh/capacity-type": capacity_type,
            "topology.kubernetes.io/zone": "ca-central-1a",
        },
    }
    if deleting:
        metadata["deletionTimestamp"] = "2026-12-05T13:00:00Z"
    base = [("Launched", "True", "", ""), ("Registered", "True", "", ""), ("Initialized", "True", "", "")]
    return {
        "apiVersion": "karpenter.sh/v1",
        "kind": "NodeClaim",
        "metadata": metadata,
        "spec": {"nodeClassRef": {"group": "karpenter.k8s.aws", "kind": "EC2NodeClass", "name": pool}},
        "status": {
            "conditions": [{"type": t, "status": s, "reason": r, "message": m} for t, s, r, m in (*base, *conditions)]
        },
    }


def controller_pod(ready_status: str = "True") -> dict[str, Any]:
    obj = pod("karpenter", "karpenter-6f7d-abc")
    obj["metadata"]["labels"] = {"app.kubernetes.io/name": "karpenter"}
    obj["status"]["conditions"] = [{"type": "Ready", "status": ready_status}]
    return obj


def bindings(repo: Path, cluster: str = "acme") -> list[dict[str, Any]]:
    """dist/'s isolation policy bindings, as the API server lists them (its defaults added)."""
    found = []
    for path in sorted((repo / "dist" / cluster).rglob("validatingadmissionpolicybinding-*.yaml")):
        binding = yaml.safe_load(path.read_text())
        binding["spec"].setdefault("matchResources", {})["matchPolicy"] = "Equivalent"
        found.append(binding)
    return found


def converged(server: FakeApiServer, repo: Path) -> None:
    """The cluster as dist/ says, applied and settled: pools and classes Ready (with the API server's defaults added),
    two NodeClaims of alpha's pool initialized, Flux's stages Ready, Karpenter's controller Ready, pods running, the
    isolation policy bound as dist/ binds it."""
    for obj in dist_objects(repo, "NodePool") + dist_objects(repo, "EC2NodeClass"):
        live = ready(obj)
        live["spec"].setdefault("disruption", {})["consolidateAfter"] = (
            live["spec"].get("disruption", {}).get("consolidateAfter", "0s")
        )
        live["spec"]["somethingDefaulted"] = {"by": "the API server"}
        server.put(live)
    for kind in ("Kustomization", "HelmRelease"):
        server.put(*(ready(obj, lastAppliedRevision="main@sha1:0123abc") for obj in dist_objects(repo, kind)))
    server.put(
        claim("alpha-x1", "alpha"),
        claim("alpha-x2", "alpha"),
        controller_pod(),
        pod("alpha", "web-1"),
        node("n1"),
        *bindings(repo),
    )


def look(repo: Path, server: FakeApiServer, *argv: str) -> tuple[int, str, str]:
    config = kubeconfig(repo / "kubeconfig", server.url)
    return run(repo, "status", "--kubeconfig", str(config), *argv)


def test_a_converged_cluster_is_exit_0_with_one_line_for_the_customers_done(repo: Path) -> None:
    with serving(FakeApiServer()) as server:
        converged(server, repo)
        code, out, err = look(repo, server)
    assert code == 0, out + err
    assert "converged to dist/" in out and "## customer" not in out
    assert "Done (2 customers): `alpha`, `beta`" in out and "2 NodeClaims up to date" in out
    assert "Kustomization `flux-system/acme-nodepool-alpha`: Ready True (Ok), applied `main@sha1:0123abc`" in out
    assert "1/1 pods Ready" in out


def test_json_says_the_same(repo: Path) -> None:
    with serving(FakeApiServer()) as server:
        converged(server, repo)
        code, out, _ = look(repo, server, "--format", "json")
    document = json.loads(out)
    assert code == 0 and document["converged"] is True
    assert [c["name"] for c in document["customers"]] == ["alpha", "beta"]
    assert document["customers"][0]["nodeClaims"][0] == {
        "pool": "alpha",
        "total": 2,
        "drifted": [],
        "disrupting": [],
        "notInitialized": [],
        "olderSpec": [],
    }


def test_a_nodepool_edited_by_hand_is_named_with_its_field(repo: Path) -> None:
    with serving(FakeApiServer()) as server:
        converged(server, repo)
        pools = server.objects["/apis/karpenter.sh/v1/nodepools"]
        alpha = next(p for p in pools if p["metadata"]["name"] == "alpha")
        alpha["spec"]["disruption"]["consolidateAfter"] = "Never"
        code, out, err = look(repo, server)
    assert code == 1
    assert "## customer `alpha`: not converged" in out
    assert "NodePool `alpha`: edited by hand: `spec.disruption.consolidateAfter` differs from dist/" in out
    assert "Done (1 customer): `beta`" in out
    assert "not converged: customer alpha" in err


def test_drifted_and_disrupting_nodeclaims_with_karpenters_reason(repo: Path) -> None:
    with serving(FakeApiServer()) as server:
        converged(server, repo)
        server.put(
            claim("alpha-d1", "alpha", ("Drifted", "True", "RequirementsDrifted", "requirements changed")),
            claim("alpha-d2", "alpha", ("Drifted", "True", "RequirementsDrifted", "")),
            claim("alpha-gone", "alpha", deleting=True),
            claim("alpha-new", "alpha")
            | {"status": {"conditions": [{"type": "Launched", "status": "Unknown", "reason": "Launching"}]}},
        )
        code, out, _ = look(repo, server)
    assert code == 1
    assert (
        "NodeClaims of pool `alpha`: 6 in all, 2 Drifted (`alpha-d1` (RequirementsDrifted: requirements changed) "
        "and 1 more), 1 disrupting (`alpha-gone` (deleting)), 1 not initialized (`alpha-new` (Launching))"
    ) in out


def test_a_pending_pod_is_named_with_the_schedulers_message(repo: Path) -> None:
    with serving(FakeApiServer()) as server:
        converged(server, repo)
        waiting = pod("beta", "api-0")
        waiting["status"] = {
            "phase": "Pending",
            "conditions": [
                {
                    "type": "PodScheduled",
                    "status": "False",
                    "reason": "Unschedulable",
                    "message": "0/3 nodes are available",
                }
            ],
        }
        server.put(waiting, pod("alpha", "web-2") | {"status": {"phase": "Pending"}, "spec": {"nodeName": "n1"}})
        code, out, _ = look(repo, server)
    assert code == 1
    assert "## customer `beta`: not converged" in out and "## customer `alpha`" not in out
    assert "1 pending pod: `beta/api-0` (Unschedulable: 0/3 nodes are available)" in out


def test_karpenters_controller_not_ready_and_a_stage_not_ready_are_said(repo: Path) -> None:
    with serving(FakeApiServer()) as server:
        converged(server, repo)
        server.objects["/api/v1/pods"] = [
            p for p in server.objects["/api/v1/pods"] if p["metadata"]["namespace"] != "karpenter"
        ] + [controller_pod("False")]
        stages = server.objects["/apis/kustomize.toolkit.fluxcd.io/v1/kustomizations"]
        stages[0]["status"]["conditions"][0].update(status="False", reason="BuildFailed", message="kustomize failed")
        code, out, err = look(repo, server)
    assert code == 1
    assert "Karpenter controller (`karpenter`): 0/1 pods Ready" in out
    assert "Ready False (BuildFailed), applied `main@sha1:0123abc`: kustomize failed" in out
    assert "the Karpenter controller" in err and "Done (2 customers)" in out


def test_without_flux_its_kinds_are_said_not_served_and_not_checked(repo: Path) -> None:
    with serving(FakeApiServer()) as server:
        converged(server, repo)
        for path in [p for p in server.objects if "fluxcd" in p]:
            del server.objects[path]
        code, out, _ = look(repo, server)
    assert code == 0
    assert "HelmRelease (dist/ has them): the cluster serves no such kind (CRD not installed): not checked" in out


def test_an_unreachable_server_is_exit_2_naming_the_context(repo: Path) -> None:
    config = kubeconfig(repo / "kubeconfig", "http://127.0.0.1:9", context="prod-ctx")
    code, out, err = run(repo, "status", "--kubeconfig", str(config), "--context", "prod-ctx")
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "context prod-ctx" in err and "Traceback" not in err


def test_no_dist_is_exit_2(repo: Path) -> None:
    shutil.rmtree(repo / "dist")
    code, _, err = run(repo, "status")
    assert code == 2 and "run synth first" in err


def test_a_symbolic_link_in_dist_is_named_once_and_never_read(repo: Path) -> None:
    """A link in dist/ (to a file outside it, to a folder, dangling) is not followed: what it points at never reaches
    the report (a link to /etc/ssh/... was read and reported); it is named once as not read, the rest compared."""
    outside = repo.parent / "outside"
    outside.mkdir()
    pool = dist_objects(repo, "NodePool")[0]
    stolen = {**pool, "metadata": {**pool["metadata"], "name": "stolen-secret"}}
    (outside / "secret.yaml").write_text(yaml.safe_dump(stolen))
    tenant = repo / "dist/acme/tenants/alpha"
    with serving(FakeApiServer()) as server:
        converged(server, repo)
        (tenant / "zz-stolen.yaml").symlink_to(outside / "secret.yaml")
        (tenant / "zz-folder").symlink_to(outside)
        (tenant / "zz-dangling.yaml").symlink_to(outside / "missing.yaml")
        code, out, err = look(repo, server)
    assert code == 0, out + err
    assert "stolen-secret" not in out + err
    [line] = [line for line in err.splitlines() if "not read" in line]
    assert line.startswith("warning: dist/acme/: 3 symbolic link(s) or special file(s) not read")
    assert "`tenants/alpha/zz-stolen.yaml`" in line and "`tenants/alpha/zz-folder`" in line


def test_a_cluster_folder_of_dist_that_is_a_symbolic_link_is_exit_2(repo: Path) -> None:
    (repo / "elsewhere").mkdir()
    shutil.rmtree(repo / "dist/acme")
    (repo / "dist/acme").symlink_to(repo / "elsewhere")
    code, out, err = run(repo, "status")
    assert code == 2 and out == ""
    assert (
        err == "error: dist/acme: a symbolic link, not read: status compares the cluster with the files synth "
        "wrote in dist/ itself; run synth (or pass --dist DIR)\n"
    )


def test_wait_looks_again_until_converged(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with serving(FakeApiServer()) as server:
        converged(server, repo)
        server.put(claim("alpha-d1", "alpha", ("Drifted", "True", "RequirementsDrifted", "")))
        pauses: list[float] = []

        def pause(seconds: float) -> None:  # Karpenter replaces the drifted node meanwhile
            pauses.append(seconds)
            if len(pauses) == 2:
                claims = server.objects["/apis/karpenter.sh/v1/nodeclaims"]
                claims[:] = [c for c in claims if c["metadata"]["name"] != "alpha-d1"]

        monkeypatch.setattr(status_command, "sleep", pause)
        code, out, err = look(repo, server, "--wait", "--timeout", "5m")
    assert code == 0 and pauses == [2.0, 4.0]
    assert err.count("not converged yet (1: customer alpha)") == 2 and "converged to dist/" in out


def test_wait_names_what_did_not_converge_at_the_timeout(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    with serving(FakeApiServer()) as server:
        converged(server, repo)
        server.put(claim("alpha-d1", "alpha", ("Drifted", "True", "RequirementsDrifted", "")))
        monkeypatch.setattr(status_command, "sleep", time.sleep)
        code, out, err = look(repo, server, "--wait", "--timeout", "1s")
    assert code == 1
    assert "not converged within --timeout 1 s: customer alpha" in err
    assert "1 Drifted (`alpha-d1` (RequirementsDrifted))" in out


@pytest.mark.parametrize("text", ["0", "-1s", "10x", "25h", "nan"])
def test_a_bad_timeout_is_exit_2(repo: Path, text: str) -> None:
    assert run(repo, "status", "--wait", "--timeout", text)[0] == 2


def test_durations() -> None:
    assert [status_command.duration(t) for t in ("90s", "10m", "1h30m", "45", "2.5")] == [90, 600, 5400, 45, 2.5]


def test_hostile_names_and_messages_are_escaped(repo: Path) -> None:
    hostile = "x\x1b[31m`](http://evil.example)\n# heading"
    with serving(FakeApiServer()) as server:
        converged(server, repo)
        server.put(claim(hostile, "alpha", ("Drifted", "True", "**bold**", hostile)))
        waiting = pod("beta", hostile)
        waiting["status"] = {
            "phase": "Pending",
            "conditions": [{"type": "PodScheduled", "status": "False", "reason": "[link](x)", "message": hostile}],
        }
        server.put(waiting)
        code, out, err = look(repo, server)
        _, as_json, _ = look(repo, server, "--format", "json")
    assert code == 1
    assert "\x1b" not in out + err + as_json and "\n# heading" not in out
    assert "`x [31m'](http://evil.example) # heading`" in out  # a code span: the backtick cannot end it early
    assert "\\*\\*bold\\*\\*" in out and "\\[link\\](x)" in out
    assert json.loads(as_json)["customers"][1]["pendingPods"][0]["name"] == hostile


def test_argo_cd_applications_health_and_sync(tmp_path: Path) -> None:
    """An Argo CD cluster (the example acme-argocd): each Application of dist/ Healthy and Synced, else said."""
    from conftest import EXAMPLES_DIR

    repo = tmp_path / "repo"
    (repo / "clusters").mkdir(parents=True)
    shutil.copy(EXAMPLES_DIR / "acme-argocd.yaml", repo / "clusters")
    assert run(repo, "synth", "--dist", "dist")[0] == 0
    applications = []
    for path in sorted((repo / "dist/acme-argocd").rglob("application-*.yaml")):
        application = yaml.safe_load(path.read_text())
        application["status"] = {"health": {"status": "Healthy"}, "sync": {"status": "Synced", "revision": "0123abc"}}
        applications.append(application)
    assert len(applications) > 1
    applications[-1]["status"] = {
        "health": {"status": "Degraded"},
        "sync": {"status": "OutOfSync", "revision": "9f"},
        "operationState": {"message": "one or more objects failed to apply"},
    }
    with serving(FakeApiServer()) as server:
        for path in sorted((repo / "dist/acme-argocd").rglob("*.yaml")):
            for document in yaml.safe_load_all(path.read_text()):
                if isinstance(document, dict) and document.get("kind") in ("NodePool", "EC2NodeClass"):
                    server.put(ready(document))
        server.put(*applications, controller_pod())
        code, out, err = look(repo, server, "--cluster", "acme-argocd")
    assert code == 1, out + err
    last = applications[-1]["metadata"]
    assert (
        f"Application `{last['namespace']}/{last['name']}`: Degraded, OutOfSync, applied `9f`: one or more objects "
        "failed to apply"
    ) in out
    first = applications[0]["metadata"]
    assert f"Application `{first['namespace']}/{first['name']}`: Healthy, Synced, applied `0123abc`" in out
    assert "Done (4 customers)" in out
    assert err.strip().endswith(f"Application {last['name']}")


def test_malformed_answers_are_findings_not_tracebacks(repo: Path) -> None:
    """Objects a hostile server could answer: a spec that is a string, conditions that are not a list, a namespace
    that is a list, a pod whose status is a number."""
    with serving(FakeApiServer()) as server:
        converged(server, repo)
        pools = server.objects["/apis/karpenter.sh/v1/nodepools"]
        next(p for p in pools if p["metadata"]["name"] == "alpha")["spec"] = "nonsense"
        server.put(
            claim("alpha-odd", "alpha") | {"status": {"conditions": "Drifted"}},
            pod("alpha", "odd") | {"status": 7},
            pod("beta", "odder") | {"metadata": {"namespace": ["beta"]}},
        )
        code, out, err = look(repo, server)
    assert code == 1 and "Traceback" not in err
    assert "NodePool `alpha`: edited by hand: `spec` differs from dist/" in out
    assert "1 not initialized (`alpha-odd`)" in out


def test_a_workload_whose_pods_are_not_all_created_is_not_converged(repo: Path) -> None:
    """A Deployment just applied (its controller has not seen it) and a StatefulSet with 1 of 3 pods: status would
    otherwise say converged before the pods a rollout waits for exist (e2e: --wait right after `kubectl apply`)."""
    from support.fake_apiserver import controller

    with serving(FakeApiServer()) as server:
        converged(server, repo)
        fresh = controller("Deployment", "alpha", "web", replicas=3)
        fresh["metadata"]["generation"] = 1
        fresh["status"] = {}
        settled = controller("Deployment", "beta", "api", replicas=2)
        settled["metadata"]["generation"] = 4
        settled["status"] = {"observedGeneration": 4, "replicas": 2}
        partial = controller("StatefulSet", "alpha", "db", replicas=3)
        partial["status"] = {"observedGeneration": 1, "replicas": 1}
        elsewhere = controller("Deployment", "other", "x", replicas=5)
        elsewhere["status"] = {}
        server.put(fresh, settled, partial, elsewhere)
        code, out, err = look(repo, server)
        _, as_json, _ = look(repo, server, "--format", "json")
    assert code == 1, out + err
    assert (
        "2 workloads still creating pods: Deployment `alpha/web` (0 of 3, its controller has not seen the latest "
        "spec yet); StatefulSet `alpha/db` (1 of 3)"
    ) in out
    assert "## customer `beta`" not in out and "`other/x`" not in out and "customer alpha" in err
    alpha = next(c for c in json.loads(as_json)["customers"] if c["name"] == "alpha")
    assert [(r["kind"], r["name"], r["replicas"], r["created"]) for r in alpha["rollingOut"]] == [
        ("Deployment", "web", 3, 0),
        ("StatefulSet", "db", 3, 1),
    ]


def test_cost_now_per_customer_from_plans_catalogue_or_prices(repo: Path) -> None:
    """Each customer's NodeClaims priced by instance type: the catalogue's table by default (m5.large $0.096/h), a
    spot one at its on-demand price, one not launched yet and one of a type with no price counted; --prices as
    plan's."""
    with serving(FakeApiServer()) as server:
        converged(server, repo)  # alpha: two m5.large on demand
        server.put(
            claim("alpha-s1", "alpha", instance_type="c5.xlarge", capacity_type="spot"),
            claim("alpha-odd", "alpha", instance_type="m99.mega"),
            claim("alpha-new", "alpha", instance_type=""),
        )
        code, out, _ = look(repo, server)
        _, as_json, _ = look(repo, server, "--format", "json")
        (repo / "prices.json").write_text(json.dumps({"m5.large": 0.107, "c5.xlarge": 0.186}))
        _, priced, _ = look(repo, server, "--prices", "prices.json")
    assert code == 0, out
    assert (
        "| `alpha` | done | $0.362/h (5 nodes, 1 spot at its on-demand price, 1 with no instance type yet, not "
        "priced: 1 of `m99.mega`) |"
    ) in out
    assert "| `beta` | done | no node |" in out
    assert "prices: Karpenter 1.14.1's on-demand table for us-east-1" in out
    alpha = json.loads(as_json)["customers"][0]
    assert alpha["cost"] == {"nodes": 5, "perHour": 0.362, "spot": 1, "unpriced": {"m99.mega": 1}, "notLaunched": 1}
    assert "| `alpha` | done | $0.400/h (5 nodes" in priced and "prices: prices.json" in priced


@pytest.mark.parametrize(
    ("content", "said"),
    [
        ("{", "prices.json"),
        ('{"m5.large": -1}', "is not a price per hour"),
        ('{"nope.x": 1}', "names an instance type"),
    ],
)
def test_bad_prices_are_exit_2_in_one_line(repo: Path, content: str, said: str) -> None:
    (repo / "prices.json").write_text(content)
    code, out, err = run(repo, "status", "--prices", "prices.json")
    assert code == 2 and out == "" and said in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_karpenters_version_against_the_cluster_file(repo: Path) -> None:
    """The controller's image tag (or its app.kubernetes.io/version label) against karpenter.version (1.14.1)."""
    with serving(FakeApiServer()) as server:
        converged(server, repo)
        pods = server.objects["/api/v1/pods"]
        pods[:] = [p for p in pods if p["metadata"]["namespace"] != "karpenter"]
        same = controller_pod()
        same["spec"]["containers"] = [
            {"name": "controller", "image": "public.ecr.aws/karpenter/controller:1.14.1@sha256:ab"}
        ]
        server.put(same)
        code, out, _ = look(repo, server)
        assert code == 0 and "1/1 pods Ready, version `1.14.1` as karpenter.version" in out
        older = controller_pod()
        older["metadata"]["name"] = "karpenter-old"
        older["metadata"]["labels"][status_command_version_label()] = "v1.13.2"
        server.put(older)
        code, out, err = look(repo, server)
        _, as_json, _ = look(repo, server, "--format", "json")
    assert code == 1
    assert (
        "2/2 pods Ready, running `1.13.2`, `1.14.1` while karpenter.version is `1.14.1`: dist/'s release not "
        "applied yet?"
    ) in out
    assert "the Karpenter controller" in err
    assert json.loads(as_json)["controller"]["versions"] == ["1.13.2", "1.14.1"]


def status_command_version_label() -> str:
    from karpenter_tenants.review.live_status import VERSION_LABEL

    return VERSION_LABEL


def test_no_controller_pod_is_said_stopped(repo: Path) -> None:
    with serving(FakeApiServer()) as server:
        converged(server, repo)
        pods = server.objects["/api/v1/pods"]
        pods[:] = [p for p in pods if p["metadata"]["namespace"] != "karpenter"]
        code, out, err = look(repo, server)
    assert (
        code == 1
        and "no controller pod running (stopped, or scaled to 0?)" in out
        and "the Karpenter controller" in err
    )


def test_the_isolation_policys_enforcement_per_customer_against_dist(repo: Path) -> None:
    """Every binding of dist/ in the cluster as dist/ writes it: one line with the enforcement per customer; a
    customer's binding switched to Warn by hand, or missing, keeps it unconverged; a cluster-wide one missing too."""
    with serving(FakeApiServer()) as server:
        converged(server, repo)
        code, out, _ = look(repo, server)
        assert code == 0, out
        assert "isolation policy: 4 of 4 bindings as in dist/; per customer: Deny for `alpha`, `beta`" in out
        live = server.objects["/apis/admissionregistration.k8s.io/v1/validatingadmissionpolicybindings"]
        beta = next(b for b in live if b["metadata"]["name"] == "karpenter-tenant-isolation-beta")
        beta["spec"]["validationActions"] = ["Warn", "Audit"]
        live[:] = [
            b
            for b in live
            if b["metadata"]["name"] not in ("karpenter-tenant-isolation-alpha", "karpenter-tenant-pod-binding")
        ]
        code, out, err = look(repo, server)
        _, as_json, _ = look(repo, server, "--format", "json")
    assert code == 1
    assert (
        "- isolation binding `karpenter-tenant-isolation-alpha`: not in the cluster (dist/ enforces Deny): not "
        "applied yet?"
    ) in out
    assert (
        "- isolation binding `karpenter-tenant-isolation-beta`: enforcement Warn+Audit in the cluster, dist/ says Deny"
    ) in out
    assert "- isolation binding `karpenter-tenant-pod-binding`: not in the cluster" in out
    assert "isolation policy: 1 of 4 bindings as in dist/; per customer: Warn+Audit for `beta`" in out
    assert (
        "customer alpha" in err
        and "customer beta" in err
        and "ValidatingAdmissionPolicyBinding karpenter-tenant-pod-binding" in err
    )
    beta_json = json.loads(as_json)["customers"][1]["isolation"][0]
    assert beta_json["validationActions"] == ["Warn", "Audit"] and beta_json["wanted"] == ["Deny"]


def test_nodeclaims_launched_from_an_older_spec_are_said_before_karpenter_marks_them_drifted(repo: Path) -> None:
    """Karpenter stamps its own spec hash (NodePool.Hash) on the NodePool and on each NodeClaim at launch; a claim whose
    hash is not the pool's (same hash version) was launched from an older spec and will be drifted: not converged.
    The hashes are Karpenter's, compared and never computed by the product."""

    def stamped(obj: dict[str, Any], value: str, version: str = "v3") -> dict[str, Any]:
        obj["metadata"].setdefault("annotations", {}).update(
            {"karpenter.sh/nodepool-hash": value, "karpenter.sh/nodepool-hash-version": version}
        )
        return obj

    with serving(FakeApiServer()) as server:
        converged(server, repo)
        pools = server.objects["/apis/karpenter.sh/v1/nodepools"]
        stamped(next(p for p in pools if p["metadata"]["name"] == "alpha"), "111")
        claims = server.objects["/apis/karpenter.sh/v1/nodeclaims"]
        claims[:] = [stamped(c, "111") for c in claims]
        code, out, _ = look(repo, server)
        assert code == 0, out  # every claim launched from the pool's spec
        server.put(stamped(claim("alpha-old", "alpha"), "999"), stamped(claim("alpha-v2", "alpha"), "555", "v2"))
        code, out, _ = look(repo, server)
        _, document, _ = look(repo, server, "--format", "json")
    assert code == 1
    assert (
        "1 launched from an older spec (Karpenter will drift them) (`alpha-old` (NodePoolHashDiffers: launched "
        "from spec hash 999, the NodePool's is 111))"
    ) in out
    alpha = next(c for c in json.loads(document)["customers"] if c["name"] == "alpha")
    assert [c["name"] for p in alpha["nodeClaims"] for c in p["olderSpec"]] == [
        "alpha-old"
    ]  # another hash version: not


def test_an_answer_nested_deeper_than_any_object_is_exit_2_not_a_crash(repo: Path) -> None:
    """A hostile or broken server's List nested 5,000 levels deep (the decoder recurses per level): one line naming
    the list, exit 2 (was exit 70 on a RecursionError)."""
    from support.fake_apiserver import Raw

    with serving(FakeApiServer()) as server:
        converged(server, repo)
        server.answers["/apis/karpenter.sh/v1/nodeclaims"] = Raw(
            b'{"kind":"NodeClaimList","apiVersion":"karpenter.sh/v1","metadata":{},"items":'
            + b"[" * 5000
            + b"]" * 5000
            + b"}",
            200,
            {"Content-Type": "application/json"},
        )
        code, out, err = look(repo, server)
    assert code == 2 and out == "" and "Traceback" not in err and "internal error" not in err
    assert len(err.strip().splitlines()) == 1 and "listing nodeclaims.karpenter.sh" in err and "nested deeper" in err


def test_timeout_bounds_one_look_without_wait(repo: Path) -> None:
    """Helper-found (round 7): without --wait a look took 60 s whatever --timeout said. A server that trickles its
    answer (a byte every 50 ms, some 30 s in all) is given up at --timeout 2s: exit 2 in one line, within seconds."""
    import time

    with serving(FakeApiServer()) as server:
        converged(server, repo)
        body = json.dumps({"kind": "PodList", "apiVersion": "v1", "metadata": {}, "items": []}).encode() + b" " * 600
        server.answers["/api/v1/pods"] = Raw(body, trickle=0.05)
        started = time.monotonic()
        code, out, err = look(repo, server, "--timeout", "2s")
        took = time.monotonic() - started
    assert code == 2 and len(err.splitlines()) == 1, err
    assert "no whole answer within --timeout 2 s" in err, err
    assert took < 15, took
