"""`plan --workloads-dir DIR` (what `verify` passes when the repository keeps workloads/): the whole snapshot folder is
read. DIR/<cluster>.nodes.json feeds the node review of that cluster as `--nodes` would (node groups removed while
their nodes remain, drift lines naming the nodes), a nodes file that is not one is exit 2 naming it, and a change
that makes the isolation policy refuse at deny (a tenant's or the cluster's enforcement, a tenant added) is
destructive for each workload of DIR/<cluster>.json the head refuses and the base did not (issue 53, items 4 and 5).

Each test is a pull request in a git repository: the base synthesized and committed, the head synthesized over it."""

from __future__ import annotations

import copy
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from conftest import BASE_V1, cluster_dict, write_cluster

from karpenter_tenants.commands.cli import main

AMI = {"alias": "al2023@v20261101"}
FAMILY = "karpenter.k8s.aws/instance-family"


def git(repo: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", *args], cwd=repo, check=True, capture_output=True
    )


def pull_request(repo: Path, base: dict[str, Any], head: dict[str, Any]) -> None:
    write_cluster(repo / "clusters", base)
    assert main(["--clusters", str(repo / "clusters"), "synth", "--dist", str(repo / "dist")]) == 0
    git(repo, "init", "-q")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "base")
    write_cluster(repo / "clusters", head)
    # the head written whole, as a fresh clone's synth writes it (synth's cache does not rebuild the cluster-wide part
    # when only a tenant's enforcement changes: synthesis.parts.part_fingerprint leaves TenantFacts.enforcement out)
    shutil.rmtree(repo / "dist")
    (repo / ".dist.synth-cache.json").unlink(missing_ok=True)
    assert main(["--clusters", str(repo / "clusters"), "synth", "--dist", str(repo / "dist")]) == 0


def plan(
    repo: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *extra: str
) -> tuple[int, str, str]:
    monkeypatch.chdir(repo)  # the paths as the pull-request workflow names them: workloads/acme.nodes.json
    capsys.readouterr()
    status = main(["--clusters", "clusters", "plan", "--base", "HEAD", *extra])
    out, err = capsys.readouterr()
    return status, out, err


def pod_spec(**spec: Any) -> dict[str, Any]:
    return {
        "containers": [{"name": "c", "image": "i", "resources": {"requests": {"cpu": "500m", "memory": "512Mi"}}}],
        **spec,
    }


def pinned(tenant: str) -> dict[str, Any]:
    return {
        "nodeSelector": {"tenant": tenant},
        "tolerations": [{"key": "tenant", "operator": "Equal", "value": tenant, "effect": "NoSchedule"}],
    }


def deployment(namespace: str, name: str, spec: dict[str, Any]) -> dict[str, Any]:
    return {
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "metadata": {"namespace": namespace, "name": name},
        "spec": {
            "replicas": 1,
            "selector": {"matchLabels": {"app": name}},
            "template": {"metadata": {"labels": {"app": name}}, "spec": spec},
        },
    }


def node(name: str, labels: dict[str, str]) -> dict[str, Any]:
    """A node as `kubectl get nodes -o json` prints it (the fields the node review and the simulation read)."""
    return {
        "apiVersion": "v1",
        "kind": "Node",
        "metadata": {
            "name": name,
            "labels": {
                "topology.kubernetes.io/zone": "ca-central-1a",
                "kubernetes.io/arch": "amd64",
                "kubernetes.io/os": "linux",
                **labels,
            },
        },
        "spec": {},
        "status": {"allocatable": {"cpu": "3920m", "memory": "14Gi", "pods": "58"}},
    }


def snapshot(repo: Path, items: list[dict[str, Any]] | None, nodes: list[dict[str, Any]] | None) -> Path:
    """workloads/acme.json (what kubectl get pods,deployments,... -A -o json prints) and workloads/acme.nodes.json."""
    folder = repo / "workloads"
    folder.mkdir(exist_ok=True)
    if items is not None:
        (folder / "acme.json").write_text(json.dumps({"apiVersion": "v1", "kind": "List", "items": items}))
    if nodes is not None:
        (folder / "acme.nodes.json").write_text(json.dumps({"apiVersion": "v1", "kind": "List", "items": nodes}))
    return folder


# --- item 4: the snapshot's nodes file feeds the node review, as --nodes does ------------------------------------


def globex(**fields: Any) -> dict[str, Any]:
    return {"name": "globex", "nodeRole": "node-globex", "namespaces": ["globex"], "ami": AMI, **fields}


@pytest.fixture
def moving(tmp_path: Path) -> Path:
    """The move's last step: node group globex-workers leaves clusterAutoscaler.nodeGroups while the snapshot still
    shows its two nodes (the pods run on globex's pool at both revisions: the simulation finds nothing)."""
    repo = tmp_path / "repo"
    base = cluster_dict(
        tenants=[globex(requirements={"capacityTypes": ["on-demand"]})],
        clusterAutoscaler={"running": False, "nodeGroups": [{"name": "globex-workers", "tenant": "globex"}]},
    )
    head = copy.deepcopy(base)
    head["clusterAutoscaler"]["nodeGroups"] = []
    pull_request(repo, base, head)
    group = {"eks.amazonaws.com/nodegroup": "globex-workers"}
    snapshot(
        repo, [deployment("globex", "api", pod_spec(**pinned("globex")))], [node("ng-1", group), node("ng-2", group)]
    )
    return repo


def test_a_node_group_removed_while_the_snapshot_shows_its_nodes_trips_the_gate_as_nodes_does(
    moving: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, _ = plan(moving, capsys, monkeypatch, "--workloads-dir", "workloads", "--fail-on", "destructive")
    assert status == 3, out
    [line] = [line for line in out.splitlines() if "NodeGroup/globex-workers" in line]
    assert line.startswith(
        "- **destructive** NodeGroup/globex-workers still has nodes: leaves clusterAutoscaler."
        "nodeGroups while workloads/acme.nodes.json shows 2 node(s) labelled "
        "`eks.amazonaws.com/nodegroup=globex-workers` (ng-1, ng-2)"
    ), line
    # the same finding a hand-run `plan --nodes` on the same repository gives
    status, by_hand, _ = plan(
        moving, capsys, monkeypatch, "--nodes", "workloads/acme.nodes.json", "--fail-on", "destructive"
    )
    assert status == 3 and [line] == [each for each in by_hand.splitlines() if "NodeGroup/globex-workers" in each]


def alpha(families: list[str]) -> dict[str, Any]:
    return {**BASE_V1["tenants"][0], "namespaces": ["alpha"], "requirements": {"instanceFamilies": families}}


def karpenter_node(name: str, instance_type: str) -> dict[str, Any]:
    family = instance_type.split(".")[0]
    return node(
        name,
        {
            "karpenter.sh/nodepool": "alpha",
            "node.kubernetes.io/instance-type": instance_type,
            FAMILY: family,
            "karpenter.k8s.aws/instance-generation": "".join(c for c in family if c.isdigit()),
            "karpenter.sh/capacity-type": "on-demand",
            "tenant": "alpha",
        },
    )


def test_a_drift_names_the_nodes_of_the_snapshots_nodes_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    repo = tmp_path / "repo"
    pull_request(repo, cluster_dict(tenants=[alpha(["c6a", "c5", "c6i"])]), cluster_dict(tenants=[alpha(["c6i"])]))
    nodes = [
        karpenter_node("ip-1", "c6a.large"),
        karpenter_node("ip-2", "c5.xlarge"),
        karpenter_node("ip-3", "c6i.large"),
    ]
    snapshot(repo, [deployment("alpha", "web", pod_spec(**pinned("alpha")))], nodes)
    status, out, _ = plan(repo, capsys, monkeypatch, "--workloads-dir", "workloads")
    assert status == 0, out
    assert (
        "  - nodes (workloads/acme.nodes.json): replaces 2 of alpha's 3: `ip-1` (c6a.large), `ip-2` (c5.xlarge); "
        "keeps `ip-3` (c6i.large): its labels still match the new requirements"
    ) in out.splitlines(), out


@pytest.mark.parametrize("case", ["a symbolic link", "not a Node", "not a Node, no workloads file beside it"])
def test_a_snapshot_nodes_file_that_is_not_one_is_exit_2_naming_it(
    case: str, moving: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    nodes = moving / "workloads/acme.nodes.json"
    if case == "a symbolic link":  # a committed link would read a file of the machine running the gate
        elsewhere = tmp_path / "elsewhere.json"
        nodes.rename(elsewhere)
        nodes.symlink_to(elsewhere)
        says = "workloads/acme.nodes.json: a symbolic link"
    else:  # kinds `kubectl get nodes` never prints (the one nodes reader refuses them)
        pod = {**node("p", {}), "kind": "Pod"}
        nodes.write_text(json.dumps({"kind": "List", "items": [pod]}))
        says = "workloads/acme.nodes.json: items[0]: not a Node"
        if case.endswith("beside it"):
            (moving / "workloads/acme.json").unlink()
    status, out, err = plan(moving, capsys, monkeypatch, "--workloads-dir", "workloads")
    assert status == 2 and out == ""
    assert err.startswith(f"error: {says}") and err.count("\n") == 1, err


@pytest.mark.parametrize("spelled", ["via/workloads", "ABSOLUTE/via/workloads"])
def test_a_snapshot_folder_reached_through_a_link_on_the_way_is_exit_2_naming_the_link(
    spelled: str, moving: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A link in a parent component (dir/link/sub) is refused as the folder being one is (and as the write rule
    refuses one on the way: safe_io.link_on_the_way): a committed `via -> /` would read <cluster>.json anywhere."""
    (moving / "via").symlink_to(moving)
    folder = spelled.replace("ABSOLUTE", str(moving))
    status, out, err = plan(moving, capsys, monkeypatch, "--workloads-dir", folder)
    link = folder.removesuffix("/workloads")
    assert status == 2 and out == ""
    assert err == (
        f"error: {link}: a symbolic link on the way to --workloads-dir {folder}: the snapshot folder is a folder of "
        "the repository itself (`karpenter-tenants snapshot` writes it), not a link to one nor one reached through "
        "a link\n"
    )


# --- item 5: a switch to deny is judged against the snapshot's workloads -----------------------------------------


TENANTS = ("alpha", "beta")


def enforced(cluster: str, own: dict[str, str] | None = None, tenants: tuple[str, ...] = TENANTS) -> dict[str, Any]:
    return {
        "cluster": {**BASE_V1["cluster"], "kubernetesVersion": "1.33"},
        "karpenter": BASE_V1["karpenter"],
        "tenancy": {"enforcement": cluster},
        "tenants": [
            {
                "name": t,
                "namespaces": [t],
                "ami": AMI,
                **({"enforcement": (own or {})[t]} if t in (own or {}) else {}),
            }
            for t in tenants
        ],
    }


# beta's api selects no node of beta's (rule own-nodes); web's peek, in a namespace of no tenant, tolerates beta's taint
WORKLOADS = [
    deployment("beta", "api", pod_spec()),
    deployment("web", "peek", pod_spec(**pinned("beta"))),
    deployment("alpha", "ok", pod_spec(**pinned("alpha"))),
]
OWN_NODES_FIX = "fix: add `nodeSelector: {tenant: beta}` and the toleration tenant=beta:NoSchedule to its pod template"


def refusals(out: str) -> list[str]:
    lines = out.splitlines()
    found = []
    for index, line in enumerate(lines):
        if "refused at deny" in line:
            found.append(line)
            for each in lines[index + 1 :]:
                if not each.startswith("  - "):
                    break
                found.append(each)
    return found


@pytest.mark.parametrize(
    ("base", "head", "peek"),
    [
        (
            enforced("audit"),
            enforced("audit", {"beta": "deny"}),
            "karpenter-protected-tenants-deny",
        ),  # the tenant's switch
        (enforced("audit"), enforced("deny"), "karpenter-tenant-isolation"),  # the cluster's
    ],
    ids=["tenant", "cluster"],
)
def test_a_switch_to_deny_refusing_what_runs_is_destructive_naming_the_workload_and_its_fix(
    base: dict[str, Any],
    head: dict[str, Any],
    peek: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    repo = tmp_path / "repo"
    pull_request(repo, base, head)
    snapshot(repo, WORKLOADS, None)
    status, out, _ = plan(repo, capsys, monkeypatch, "--workloads-dir", "workloads", "--fail-on", "destructive")
    assert status == 3, out
    found = refusals(out)
    assert found[0].startswith(
        "- **destructive** Workloads/beta refused at deny: workloads/acme.json shows 1 workload(s) in namespace(s) beta "
        "of tenant beta that the isolation policy refuses at deny at the head and did not at the base "
        "(`karpenter-tenant-isolation-beta` at deny (was audit)): their controllers' next pods"
    ), found
    assert found[1].startswith("  - `beta/Deployment/api`: tenant beta: rule own-nodes") and found[1].endswith(
        OWN_NODES_FIX
    ), found
    # a namespace of no tenant: its own line, the binding that newly refuses there named
    [web] = [line for line in found if line.startswith("- **destructive** Workloads/web")]
    assert "workloads/acme.json shows 1 workload(s) in namespace web that" in web and f"`{peek}`" in web, web
    assert any(line.startswith("  - `web/Deployment/peek`: ") and "fix: " in line for line in found), found
    assert not [line for line in found if "alpha" in line.split(":")[0]], found  # alpha's pods select its nodes
    assert "Workloads/" in out.split("### Cluster acme", 1)[1]
    assert "**destructive** Workloads/beta" in out and "2 destructive" in out.split("\n\n")[1], out


def test_a_tenant_added_at_deny_refuses_its_namespaces_workloads_not_those_refused_already(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """At deny already, a tenant added with namespaces: its namespace's pods must now select its nodes; beta's api,
    refused at the base as at the head, is no change of this pull request."""
    repo = tmp_path / "repo"
    pull_request(repo, enforced("deny"), enforced("deny", tenants=(*TENANTS, "gamma")))
    snapshot(repo, [*WORKLOADS, deployment("gamma", "batch", pod_spec())], None)
    status, out, _ = plan(repo, capsys, monkeypatch, "--workloads-dir", "workloads", "--fail-on", "destructive")
    assert status == 3, out
    found = refusals(out)
    assert [line.split(":")[0] for line in found] == [
        "- **destructive** Workloads/gamma refused at deny",
        "  - `gamma/Deployment/batch`",
    ], found
    assert "(`karpenter-tenant-isolation-gamma` added at deny)" in found[0], found


@pytest.mark.parametrize("enforcement", ["audit", "deny"])
def test_no_switch_no_finding_for_the_same_workloads(
    enforcement: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same workloads, a pull request that changes no enforcement (alpha's own ends audited, beta's: none at
    deny that was not): nothing refused at deny by the change."""
    repo = tmp_path / "repo"
    head = enforced(enforcement)
    head["tenants"][0]["limits"] = {"cpu": "64"}
    pull_request(repo, enforced(enforcement), head)
    snapshot(repo, WORKLOADS, None)
    status, out, _ = plan(repo, capsys, monkeypatch, "--workloads-dir", "workloads", "--fail-on", "destructive")
    assert "refused at deny" not in out, out
    assert status == 0, out


def test_the_finding_names_ten_workloads_and_counts_the_rest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    repo = tmp_path / "repo"
    pull_request(repo, enforced("audit"), enforced("audit", {"beta": "deny"}))
    snapshot(repo, [deployment("beta", f"api-{i:02}", pod_spec()) for i in range(25)], None)
    status, out, _ = plan(
        repo, capsys, monkeypatch, "--workloads-dir", "workloads", "--fail-on", "destructive", "--format", "json"
    )
    assert status == 3
    [change] = [c for c in json.loads(out)["changes"] if c["action"] == "refused at deny"]
    assert change["count"] == 25 and change["effect"] == "destructive" and "shows 25 workload(s)" in change["why"]
    status, out, _ = plan(repo, capsys, monkeypatch, "--workloads-dir", "workloads")
    found = refusals(out)
    assert (
        len(found) == 12 and found[-1] == "  - and 15 more (`preflight --workloads workloads/acme.json` lists them)"
    ), found
