"""The 0.31 -> 1.x upgrade of a running cluster, driven by the product (issue 24 item 3): `migrate --step` writes
each repository state, each one synth accepts, and prints the runbook; aws.json splits what terraform/ applies before
and after the nodes move; `plan` says which state a pull request reaches, or which steps it skips."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import BASE_V1ALPHA5, EXAMPLES_DIR, cluster_dict, write_cluster
from test_plan import Repo
from test_terraform_upstream import _CfnLoader, _resolve, statement_facts

from karpenter_tenants.commands.cli import build_parser, main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def legacy(tmp_path: Path, name: str = "acme-legacy") -> Path:
    folder = tmp_path / "clusters"
    folder.mkdir(parents=True, exist_ok=True)
    return Path(shutil.copy(EXAMPLES_DIR / "acme-legacy.yaml", folder / f"{name}.yaml"))


def synth(capsys: pytest.CaptureFixture[str], clusters: Path, out: Path) -> dict[str, Any]:
    status, _, err = run(capsys, "--clusters", str(clusters), "synth", "--out", str(out))
    assert status == 0, err
    return {path.parent.name: json.loads(path.read_text()) for path in out.glob("*/aws.json")}


# --- item 3: the repository's states ------------------------------------------------------------------------------


def test_each_step_writes_a_state_synth_accepts_and_aws_json_splits_before_and_after_the_nodes_move(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = legacy(tmp_path)
    states = {}
    for step in ("prepare", "stop", "finish"):
        status, _, err = run(capsys, "migrate", str(path), "--step", step, "--write")
        assert status == 0, err
        states[step] = synth(capsys, path.parent, tmp_path / f"dist-{step}")["acme-legacy"]
    prepare, stop, finish = states["prepare"], states["stop"], states["finish"]
    # before the nodes move: only added (the 0.31 policy, profiles and default role stay)
    assert prepare["karpenter"] == {
        **prepare["karpenter"],
        "version": "0.31.5",
        "generation": "v1alpha5",
        "upgrading_from": "0.31.5",
    }
    assert prepare["iam"]["upgrade_controller_policy"] is not None
    assert (
        prepare["instance_profiles"] == {"alpha": "karpenter-node-acme-alpha"}
        and prepare["default_instance_profile"] == "default-acme"
    )
    # the 1.0 stop, once no node is on the 0.31 instance profiles: 1.x policy beside the upgrade policy
    assert (stop["karpenter"]["version"], stop["karpenter"]["generation"], stop["karpenter"]["upgrading_from"]) == (
        "1.0.14",
        "v1",
        "0.31.5",
    )
    assert stop["iam"]["upgrade_controller_policy"] == prepare["iam"]["upgrade_controller_policy"]
    assert stop["instance_profiles"] == {} and "(default)" not in stop["node_roles"]
    # past it: the upgrade policy goes
    assert (finish["karpenter"]["version"], finish["karpenter"]["upgrading_from"]) == ("1.14.1", None)
    assert finish["iam"]["upgrade_controller_policy"] is None
    assert "upgradingFrom" not in yaml.safe_load(path.read_text())["karpenter"]


def test_the_1_0_stop_lets_the_api_server_reach_the_conversion_webhook(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = legacy(tmp_path)
    for step in ("prepare", "stop"):
        assert run(capsys, "migrate", str(path), "--step", step, "--write")[0] == 0
    synth(capsys, path.parent, tmp_path / "dist")
    policy = yaml.safe_load((tmp_path / "dist/acme-legacy/base/networkpolicy-karpenter.yaml").read_text())
    ports = {port["port"] for rule in policy["spec"]["ingress"] for port in rule.get("ports", [])}
    assert 8443 in ports
    crd_release = yaml.safe_load(
        (tmp_path / "dist/acme-legacy/karpenter-crd/helmrelease-karpenter-crd.yaml").read_text()
    )
    assert crd_release["spec"].get("values", {}).get("webhook", {}).get("enabled", True) is True  # the chart's default


def upstream_policy(shared: Path, version: str, aws: dict[str, Any]) -> dict[str, set[Any]]:
    """The controller policy of upstream's template at an upgrade stop, with the cluster's names, as facts by Sid."""
    path = shared / f"karpenter-upgrade-path/v{version}/iam/cloudformation.yaml"
    template = yaml.load(path.read_text(encoding="utf-8"), Loader=_CfnLoader)  # noqa: S506 - SafeLoader subclass
    cluster = aws["cluster"]
    names = {
        "ClusterName": cluster["name"],
        "AWS::Partition": "aws",
        "AWS::Region": cluster["region"],
        "AWS::AccountId": cluster["account_id"],
        "KarpenterInterruptionQueue.Arn": aws["interruption_queue_arn"],
        "KarpenterNodeRole.Arn": "(node role)",
    }
    text = _resolve(template["Resources"]["KarpenterControllerPolicy"], names)["Properties"]["PolicyDocument"]
    return {s["Sid"]: statement_facts(s) for s in json.loads(text)["Statement"]}


def test_the_upgrade_policy_is_upstreams_1_0_14_policy_with_the_clusters_names(
    tmp_path: Path, shared: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = legacy(tmp_path)
    assert run(capsys, "migrate", str(path), "--step", "prepare", "--write")[0] == 0
    aws = synth(capsys, path.parent, tmp_path / "dist")["acme-legacy"]
    ours = {s["Sid"]: statement_facts(s) for s in aws["iam"]["upgrade_controller_policy"]["Statement"]}
    # iam:PassRole is pass_node_roles' (every node role of the cluster); the rest fact by fact
    assert ours == {
        sid: facts for sid, facts in upstream_policy(shared, "1.0.14", aws).items() if sid != "AllowPassingInstanceRole"
    }
    # 0.37.8's differs only in the instance profiles' resource (any, where 1.0.14 and this policy say the account's)
    older = upstream_policy(shared, "0.37.8", aws)
    differing = {sid for sid in ours if ours[sid] != older[sid]}
    assert differing == {
        "AllowScopedInstanceProfileCreationActions",
        "AllowScopedInstanceProfileTagActions",
        "AllowScopedInstanceProfileActions",
        "AllowInstanceProfileReadActions",
    }
    assert all(older[sid] - ours[sid] == {("Resource", "*")} for sid in differing)


def test_migrate_prints_the_runbook_naming_where_each_step_happens(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = legacy(tmp_path)
    status, _, err = run(capsys, "migrate", str(path), "--step", "prepare")
    assert status == 0
    steps = [line for line in err.splitlines() if line.startswith("step ")]
    assert [re.match(r"step \d+ \[(\w+)\]", s)[1] for s in steps] == [  # type: ignore[index]
        "repository",
        "terraform",
        "cluster",
        "cluster",
        "cluster",
        "cluster",
        "repository",
        "terraform",
        "cluster",
        "cluster",
        "repository",
        "terraform",
    ]
    assert [line for line in err.splitlines() if "flux suspend kustomization" in line] == [
        f"    flux suspend kustomization acme-legacy-{name} -n flux-system"
        for name in ("root", "karpenter-base", "karpenter", "nodepool-alpha", "nodepool-beta")
    ]
    assert "    flux suspend helmrelease karpenter -n karpenter" in err
    assert "    python main.py adopt acme-legacy --format sh > adopt-acme-legacy.sh" in err
    assert '--subresource=status --type=merge -p \'{"status":{"storedVersions":["v1"]}}\'' in err
    assert "mandatory 1.0 stop, 1.0.14" in err


def test_an_argocd_cluster_turns_automated_sync_off_root_first_and_reapplies_the_root_to_resume(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = yaml.safe_load((EXAMPLES_DIR / "acme-legacy.yaml").read_text())
    data["gitops"] = {"engine": "argocd", "argocd": {"repoURL": "https://github.com/acme/platform-karpenter.git"}}
    path = write_cluster(tmp_path / "clusters", data, "acme-legacy")
    err = run(capsys, "migrate", str(path), "--step", "prepare")[2]
    assert "    argocd app set argocd/acme-legacy-root --sync-policy none" in err
    assert "    argocd app set argocd/acme-legacy-nodepool-beta --sync-policy none" in err
    assert "    kubectl apply -n argocd -f dist/acme-legacy/argocd/application-acme-legacy-root.yaml" in err


@pytest.mark.parametrize(
    ("prepared", "args", "message"),
    [
        (False, ["--step", "stop"], "--step stop follows --step prepare"),
        (False, ["--step", "finish"], "--step finish ends the upgrade path at its 1.0 stop"),
        (False, ["--step", "prepare", "--to", "1.0.14"], "--step prepare keeps the version"),
        (True, ["--step", "prepare"], "already prepared (karpenter.upgradingFrom); the next step is --step stop"),
        (True, [], "karpenter.upgradingFrom is set: the cluster is on the upgrade path"),
        (True, ["--step", "stop", "--to", "1.14.1"], "--to 1.14.1: --step stop goes to the 1.0 stop"),
    ],
)
def test_steps_out_of_order_are_refused_and_nothing_is_written(
    prepared: bool, args: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = legacy(tmp_path)
    if prepared:
        assert run(capsys, "migrate", str(path), "--step", "prepare", "--write")[0] == 0
    before = path.read_text()
    status, out, err = run(capsys, "migrate", str(path), *args, "--write")
    assert (status, out) == (2, "")
    assert message in err and len(err.splitlines()) == 1
    assert path.read_text() == before


def test_an_unknown_step_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "migrate", str(legacy(tmp_path)), "--step", "jump")[0] == 2


def test_finish_goes_past_the_1_0_stop(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = legacy(tmp_path)
    for step in ("prepare", "stop"):
        assert run(capsys, "migrate", str(path), "--step", step, "--write")[0] == 0
    status, _, err = run(capsys, "migrate", str(path), "--step", "finish", "--to", "1.0.5")
    assert status == 2 and "--step finish goes past the 1.0 stop, to 1.1 or later" in err


@pytest.mark.parametrize(
    ("karpenter", "message"),
    [
        ({"version": "1.14.1", "upgradingFrom": "0.31.5"}, "the 0.31 -> 1.x upgrade stops at 1.0.x"),
        ({"version": "0.31.5", "upgradingFrom": "1.0.0"}, "upgradingFrom names the 0.31 release the cluster came from"),
        (
            {"version": "0.31.5", "upgradingFrom": "latest"},
            "upgradingFrom names the 0.31 release the cluster came from",
        ),
    ],
)
def test_upgrading_from_outside_the_path_is_a_config_error(
    karpenter: dict[str, Any], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = cluster_dict(BASE_V1ALPHA5, karpenter=karpenter)
    if karpenter["version"].startswith("1."):
        data["tenants"] = [{"name": "alpha", "ami": {"alias": "al2023@v20261101"}}]
    path = write_cluster(tmp_path / "clusters", data)
    status, _, err = run(capsys, "--clusters", str(path.parent), "synth", "--out", str(tmp_path / "dist"))
    assert status == 2 and "karpenter.upgradingFrom" in err and message in err
    assert not (tmp_path / "dist").exists()


# --- plan ----------------------------------------------------------------------------------------------------------


def upgrade_lines(lines: list[str]) -> list[str]:
    return [line for line in lines if "Upgrade/0.31-to-1.x" in line]


def test_plan_fails_a_pull_request_that_jumps_a_running_0_31_cluster_to_1x_naming_the_skipped_steps(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = Repo(tmp_path, yaml.safe_load((EXAMPLES_DIR / "acme-legacy.yaml").read_text()))
    migrated = tmp_path / "m" / "acme.yaml"
    migrated.parent.mkdir()
    shutil.copy(tmp_path / "clusters/acme.yaml", migrated)
    assert run(capsys, "migrate", str(migrated), "--write")[0] == 0
    status, lines = repo.plan(capsys, yaml.safe_load(migrated.read_text()), "--fail-on", "destructive")
    assert status == 3
    [line] = upgrade_lines(lines)
    assert line.startswith(
        "- **destructive** Upgrade/0.31-to-1.x skips steps: this pull request moves the running 0.31 "
        "cluster (0.31.5) to 1.14.1 at once and skips: prepare (steps 1-2)"
    )
    assert (
        "; the 1.0 stop (steps 6-10)" in line and "`python main.py migrate clusters/acme.yaml --step prepare`" in line
    )
    assert "#### Karpenter upgrade path" in lines


def test_plan_walks_the_states_of_the_upgrade_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    repo = Repo(tmp_path, yaml.safe_load((EXAMPLES_DIR / "acme-legacy.yaml").read_text()))
    path = tmp_path / "clusters/acme.yaml"
    said = {}
    for step in ("prepare", "stop", "finish"):
        assert run(capsys, "migrate", str(path), "--step", step, "--write")[0] == 0
        status, lines = repo.plan(capsys, yaml.safe_load(path.read_text()))
        assert status == 0
        said[step] = upgrade_lines(lines)
        repo.commit(yaml.safe_load(path.read_text()), step)
    assert [line.split(":")[0] for lines in said.values() for line in lines] == [
        "- **in place** Upgrade/0.31-to-1.x prepared",
        "- **in place** Upgrade/0.31-to-1.x the 1.0 stop",
        "- **in place** Upgrade/0.31-to-1.x finished",
    ]
    assert "apply terraform/ with dist/acme/aws.json before any controller upgrade" in said["prepare"][0]
    assert "merge only when the controller runs 1.0.14" in said["stop"][0]
    assert "merge only after the stored versions are v1" in said["finish"][0]


def test_the_runbook_in_the_docs_is_what_migrate_prints_for_the_example(capsys: pytest.CaptureFixture[str]) -> None:
    doc = (Path(__file__).parents[3] / "docs/upgrade-031.md").read_text()
    status, _, err = run(capsys, "migrate", str(EXAMPLES_DIR / "acme-legacy.yaml"), "--step", "prepare")
    assert status == 0
    commands = [line.strip() for line in err.splitlines() if line.startswith("    ")]
    blocks = [line.strip() for block in re.findall(r"```sh\n(.*?)```", doc, re.S) for line in block.splitlines()]
    printed = [c.replace(str(EXAMPLES_DIR / "acme-legacy.yaml"), "clusters/acme-legacy.yaml") for c in commands]
    assert [c for c in printed if c not in blocks] == []
    for line in blocks:  # every product command in the doc is one the command line takes
        if line.startswith("python main.py "):
            words = line.split("#")[0].split()[2:]
            words = words[: words.index(">")] if ">" in words else words
            build_parser().parse_args(words)


def test_plan_fails_a_prepared_cluster_that_skips_the_1_0_stop(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = Repo(tmp_path, yaml.safe_load((EXAMPLES_DIR / "acme-legacy.yaml").read_text()))
    path = tmp_path / "clusters/acme.yaml"
    assert run(capsys, "migrate", str(path), "--step", "prepare", "--write")[0] == 0
    repo.commit(yaml.safe_load(path.read_text()), "prepare")
    data = yaml.safe_load(path.read_text())
    del data["karpenter"]["upgradingFrom"]
    write_cluster(tmp_path / "m", data, "acme")
    assert run(capsys, "migrate", str(tmp_path / "m/acme.yaml"), "--write")[0] == 0
    status, lines = repo.plan(
        capsys, yaml.safe_load((tmp_path / "m/acme.yaml").read_text()), "--fail-on", "destructive"
    )
    [line] = upgrade_lines(lines)
    assert status == 3
    assert "skips: the 1.0 stop (steps 6-10)" in line and "prepare (steps 1-2)" not in line


def test_migrate_at_once_says_a_running_cluster_walks_the_path_instead(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(capsys, "migrate", str(legacy(tmp_path)))
    assert status == 0 and out.startswith("# Migrated from Karpenter 0.31 (v1alpha5) to 1.14.1 (v1)")
    assert (
        "decide: a running 0.31 cluster cannot take this file at once: walk the upgrade path with --step prepare, "
        "stop and finish (docs/upgrade-031.md, the steps below)"
    ) in err


def test_each_state_says_which_step_wrote_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = legacy(tmp_path)
    heads = []
    for step in ("prepare", "stop", "finish"):
        status, _, err = run(capsys, "migrate", str(path), "--step", step, "--write")
        assert status == 0
        heads.append(path.read_text().splitlines()[0])
        assert "a running 0.31 cluster cannot take this file at once" not in err
    assert [f"--step {step}" in head for step, head in zip(("prepare", "stop", "finish"), heads, strict=True)] == [
        True
    ] * 3


def test_the_1_0_stop_needs_a_kubernetes_version_1_0_supports(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = yaml.safe_load((EXAMPLES_DIR / "acme-legacy.yaml").read_text())
    data["cluster"]["kubernetesVersion"] = "1.24"
    path = write_cluster(tmp_path / "clusters", data, "acme-legacy")
    assert run(capsys, "migrate", str(path), "--step", "prepare", "--write")[0] == 0
    before = path.read_text()
    status, out, err = run(capsys, "migrate", str(path), "--step", "stop", "--write")
    assert (status, out, path.read_text()) == (2, "", before)
    assert "cluster.kubernetesVersion 1.24: Karpenter 1.0.14 supports Kubernetes 1.25 to 1.30" in err
    assert "upgrade the cluster to Kubernetes 1.25 to 1.28 first" in err
