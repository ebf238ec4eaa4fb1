"""Moving from cluster-autoscaler (the cluster file's clusterAutoscaler, docs/cluster-autoscaler.md): synth refuses
both autoscalers serving the same pods and warns while cluster-autoscaler runs; plan shows the runbook per node
group on every pull request of the move; the runbook's commands and snippets are ones the tools accept."""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import BASE_V1, ROOT, cluster_dict, git, write_cluster
from support.input_helpers import run_bad_config

from karpenter_tenants.commands.cli import build_parser, main
from karpenter_tenants.config.schema.autoscaler import ClusterAutoscaler
from karpenter_tenants.review.autoscaler import NODE_GROUP_LABEL

ALPHA = BASE_V1["tenants"][0]
RUNBOOK = ROOT / "docs/cluster-autoscaler.md"


def moving(running: bool = True, **group: Any) -> dict[str, Any]:
    return {"running": running, "nodeGroups": [{"name": "alpha-workers", "tenant": "alpha", **group}]}


def test_a_tenant_on_a_node_group_cluster_autoscaler_still_scales_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    [problem] = run_bad_config(tmp_path, cluster_dict(clusterAutoscaler=moving()), capsys)
    assert (
        "clusterAutoscaler.nodeGroups[0].ignored: cluster-autoscaler still scales node group 'alpha-workers' while "
        "tenant alpha's node pool serves the same pods"
    ) in problem
    assert "Make cluster-autoscaler ignore the group first (docs/cluster-autoscaler.md step 2)" in problem


@pytest.mark.parametrize(
    ("state", "warned"),
    [
        (moving(ignored=True), True),  # cluster-autoscaler runs, the group let go of: allowed, warned
        (moving(running=False), False),  # cluster-autoscaler removed
        ({"running": True, "nodeGroups": [{"name": "gamma-workers", "tenant": "gamma"}]}, True),  # tenant not there yet
    ],
)
def test_states_of_the_move_synthesize_and_warn_while_cluster_autoscaler_runs(
    state: dict[str, Any], warned: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    clusters = tmp_path / "clusters"
    write_cluster(clusters, cluster_dict(clusterAutoscaler=state))
    assert main(["--clusters", str(clusters), "synth", "--out", str(tmp_path / "dist")]) == 0
    assert ("cluster-autoscaler still runs beside Karpenter" in capsys.readouterr().err) == warned


@pytest.mark.parametrize(
    ("state", "expected"),
    [
        (
            {"running": True, "nodeGroups": [{"name": "a", "tenant": "x"}, {"name": "a", "tenant": "y"}]},
            "clusterAutoscaler.nodeGroups[1].name: node group 'a' is listed twice",
        ),
        ({"running": True, "nodeGroups": [{"name": "bad name", "tenant": "x"}]}, "is not an EKS node group name"),
        ({"nodeGroups": []}, "clusterAutoscaler.running: required key 'running' is missing"),
    ],
)
def test_a_bad_move_is_refused(
    state: dict[str, Any], expected: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    problems = run_bad_config(tmp_path, cluster_dict(clusterAutoscaler=state), capsys)
    assert any(expected in p for p in problems), problems


def test_every_plan_of_the_move_shows_each_node_groups_step(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    clusters, dist = tmp_path / "clusters", tmp_path / "dist"
    state = {
        "running": True,
        "nodeGroups": [
            {"name": "alpha-workers", "tenant": "alpha", "ignored": True},
            {"name": "beta-workers", "tenant": "beta"},
        ],
    }
    write_cluster(clusters, cluster_dict(clusterAutoscaler=state))
    git(tmp_path, "init", "-q")
    assert main(["--clusters", str(clusters), "synth", "--out", str(dist)]) == 0
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-qm", "base")
    capsys.readouterr()
    # nothing changed: the runbook is shown all the same
    assert main(["--clusters", str(clusters), "plan", "--base", "HEAD", "--dist", str(dist)]) == 0
    out = capsys.readouterr().out
    section = out.split("#### Moving from cluster-autoscaler\n\n", 1)[1].split("\n\n", 1)[0].splitlines()
    selector = f"{NODE_GROUP_LABEL}=alpha-workers"
    assert section[0] == (
        "- node group `beta-workers` → tenant beta: not a tenant yet; next: make cluster-autoscaler "
        "ignore `beta-workers` and set its `ignored: true`, then add tenant beta (its node pool) in "
        "the next pull request"
    )
    assert (
        section[1].startswith("- isolation: not enforced yet (no tenant lists namespaces)") and "(beta)" in section[1]
    )
    assert section[2].startswith("- node group `alpha-workers` → tenant alpha: the pool is in this revision.")
    assert (
        f"`kubectl cordon -l {selector}`" in section[2]
        and f"`kubectl drain -l {selector} --ignore-daemonsets" in section[2]
    )
    assert "must select `tenant: alpha` and tolerate the `tenant=alpha:NoSchedule` taint" in section[2]
    assert section[3].startswith("- cluster-autoscaler still runs: it must scale no node group a tenant took over")


def test_a_move_of_forty_customers_says_the_ones_not_taken_over_in_one_line_with_what_isolation_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The plan of every pull request of a 40-customer move: the customers still on node groups in one line per next
    step (with their count and names, not 38 lines), and what the isolation policy does to them once a tenant lists
    namespaces (their pods admitted with their own toleration; the onboarded tenant's taint not theirs)."""
    from conftest import load

    from karpenter_tenants.review.autoscaler import migration_notes

    groups = [{"name": f"c{i:02d}-workers", "tenant": f"c{i:02d}", "ignored": i < 20} for i in range(1, 40)]
    groups.append({"name": "alpha-workers", "tenant": "alpha", "ignored": True})
    data = cluster_dict(
        tenants=[{**ALPHA, "namespaces": ["alpha"]}], clusterAutoscaler={"running": True, "nodeGroups": groups}
    )
    lines = migration_notes(load(tmp_path, data).config)
    assert len(lines) == 5, lines  # still scaled; let go of; isolation; alpha's step; cluster-autoscaler
    assert (
        lines[0].startswith("20 node groups not taken over yet (`c20-workers` → c20, ")
        and "make cluster-autoscaler ignore" in lines[0]
    )
    assert lines[1].startswith("19 node groups not taken over yet (`c01-workers` → c01, ") and "ignore" not in lines[1]
    assert lines[2].startswith("isolation (deny): the pods of the 39 customer(s) still on node groups (c01, c02,")
    assert "alpha" not in lines[2].split("(c01")[1].split(")")[0]


def runbook_blocks(language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```", RUNBOOK.read_text(), flags=re.S | re.M)


def test_the_runbooks_product_commands_are_ones_the_cli_accepts() -> None:
    commands = [shlex.split(line) for block in runbook_blocks("sh") for line in block.splitlines() if line.strip()]
    ours = [argv[2:] for argv in commands if argv[:2] == ["python", "main.py"]]
    assert ours, "the runbook runs the product"
    for argv in ours:
        build_parser().parse_args(argv)  # exits (SystemExit) on a command or option that does not exist
    # node group selectors use the label EKS puts on a managed node group's nodes
    selectors = [argv[argv.index("-l") + 1] for argv in commands if argv[0] == "kubectl" and "-l" in argv]
    assert selectors and all(s.startswith(f"{NODE_GROUP_LABEL}=") for s in selectors), selectors


def test_the_runbooks_snippets_are_valid_config() -> None:
    snippets = [yaml.safe_load(block) for block in runbook_blocks("yaml")]
    moves = [s["clusterAutoscaler"] for s in snippets if isinstance(s, dict) and "clusterAutoscaler" in s]
    assert moves
    for move in moves:
        ClusterAutoscaler.model_validate(move)
    # the step-2 line is a node group entry as written
    entries = [s for s in snippets if isinstance(s, list)]
    for entry in entries:
        ClusterAutoscaler.model_validate({"running": True, "nodeGroups": entry})


def test_the_controllers_own_node_group_cannot_be_moved(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = {"running": True, "nodeGroups": [{"name": "core", "tenant": "alpha", "ignored": True}]}
    problems = run_bad_config(tmp_path, cluster_dict(clusterAutoscaler=state), capsys)
    assert any("clusterAutoscaler.nodeGroups[0].name: 'core' runs the Karpenter controller" in p for p in problems), (
        problems
    )


def moving_section(out: str) -> list[str]:
    return out.split("#### Moving from cluster-autoscaler\n\n", 1)[1].split("\n\n", 1)[0].splitlines()


@pytest.mark.parametrize("synthesized", [False, True], ids=["config-rendered", "after-synth"])
def test_a_node_group_leaving_the_move_is_said_as_such(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], synthesized: bool
) -> None:
    """The move's last step (a group whose tenant took over leaves clusterAutoscaler.nodeGroups) changes nothing in
    dist/, so plan reads it from the cluster file at the base; a group dropped while its customer is no tenant says
    what that customer's pods lose. Also when the whole section goes, and whether plan renders the config or reads
    dist/ as synth left it."""
    clusters, dist = tmp_path / "clusters", tmp_path / "dist"
    groups = [{"name": "alpha-workers", "tenant": "alpha", "ignored": True}, {"name": "beta-workers", "tenant": "beta"}]
    write_cluster(clusters, cluster_dict(clusterAutoscaler={"running": False, "nodeGroups": groups}))
    git(tmp_path, "init", "-q")
    assert main(["--clusters", str(clusters), "synth", "--out", str(dist)]) == 0
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-qm", "base")

    def plan(data: dict[str, Any]) -> str:
        write_cluster(clusters, data)
        if synthesized:
            assert main(["--clusters", str(clusters), "synth", "--out", str(dist)]) == 0
        capsys.readouterr()
        assert main(["--clusters", str(clusters), "plan", "--base", "HEAD", "--dist", str(dist)]) == 0
        return capsys.readouterr().out

    selector = f"{NODE_GROUP_LABEL}=alpha-workers"
    done = (
        "- node group `alpha-workers` → tenant alpha: leaves clusterAutoscaler.nodeGroups, its move is done; make "
        f"sure nothing is left of it: `kubectl get nodes -l {selector}` lists no node (drained: its pods run on "
        "alpha's pool) and Terraform no longer has the group (`eks_managed_node_groups`)"
    )
    out = plan(cluster_dict(clusterAutoscaler={"running": False, "nodeGroups": groups[1:]}))
    assert "\nNo change to any object of dist/.\n" in out  # not "No change to any cluster"
    lines = moving_section(out)
    assert lines[0] == done and not any("alpha-workers" in line for line in lines[1:]), lines
    assert any(line.startswith("- node group `beta-workers` → tenant beta: not a tenant yet") for line in lines), lines
    lines = moving_section(plan(cluster_dict()))  # the section removed: both groups leave
    assert lines[0] == done
    assert lines[1].startswith(
        "- node group `beta-workers` (customer beta) leaves clusterAutoscaler.nodeGroups though no "
        "tenant beta took it over: the isolation policy no longer admits beta's pods"
    ), lines
    assert len(lines) == 2, lines


def test_many_node_groups_leaving_at_once_are_one_line_per_step(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A pull request that ends the move for many customers at once says it in one line per step (moved groups, and
    groups dropped before a tenant took them over), naming every group, with one kubectl selector for all of them."""
    clusters, dist = tmp_path / "clusters", tmp_path / "dist"
    moved = [{"name": f"alpha-{n}", "tenant": "alpha", "ignored": True} for n in ("a", "b", "c")]
    dropped = [{"name": f"{c}-workers", "tenant": c} for c in ("gamma", "delta")]
    write_cluster(clusters, cluster_dict(clusterAutoscaler={"running": False, "nodeGroups": moved + dropped}))
    git(tmp_path, "init", "-q")
    assert main(["--clusters", str(clusters), "synth", "--out", str(dist)]) == 0
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-qm", "base")
    write_cluster(clusters, cluster_dict())
    capsys.readouterr()
    assert main(["--clusters", str(clusters), "plan", "--base", "HEAD", "--dist", str(dist)]) == 0
    lines = moving_section(capsys.readouterr().out)
    assert len(lines) == 2, lines
    assert lines[0].startswith(
        "- 3 node groups leave clusterAutoscaler.nodeGroups, their move done (`alpha-a` → alpha, "
        "`alpha-b` → alpha, `alpha-c` → alpha)"
    )
    assert f"`kubectl get nodes -l '{NODE_GROUP_LABEL} in (alpha-a,alpha-b,alpha-c)'`" in lines[0]
    assert lines[1].startswith(
        "- 2 node groups leave clusterAutoscaler.nodeGroups though no tenant took them over "
        "(`gamma-workers` (customer gamma), `delta-workers` (customer delta))"
    )
