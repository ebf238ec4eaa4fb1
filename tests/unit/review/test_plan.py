"""`plan`: a pull request's effect on customers' nodes, from revisions of a temporary git repository."""

from __future__ import annotations

import copy
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import BASE_V1, BASE_V1ALPHA5, EXAMPLE_DIST, cluster_dict, write_cluster

from karpenter_tenants.commands.cli import main

ALPHA = {**BASE_V1["tenants"][0], "limits": {"cpu": "100"}, "weight": 10}
BETA = {**ALPHA, "name": "beta", "nodeRole": "node-beta"}


class Repo:
    """A git repository with clusters/ and dist/, one commit per revision."""

    def __init__(self, root: Path, data: dict[str, Any]) -> None:
        self.root = root
        self.git("init", "-q")
        self.commit(data, "base")

    def git(self, *args: str) -> None:
        subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.com", *args], cwd=self.root, check=True)

    def write(self, data: dict[str, Any]) -> None:
        write_cluster(self.root / "clusters", data)

    def commit(self, data: dict[str, Any], message: str) -> None:
        self.write(data)
        assert main(["--clusters", str(self.root / "clusters"), "synth", "--out", str(self.root / "dist")]) == 0
        self.git("add", "-A")
        self.git("commit", "-qm", message)

    def plan(self, capsys: pytest.CaptureFixture[str], data: dict[str, Any], *extra: str) -> tuple[int, list[str]]:
        self.write(data)
        capsys.readouterr()
        status = main(
            [
                "--clusters",
                str(self.root / "clusters"),
                "plan",
                "--base",
                "HEAD",
                "--dist",
                str(self.root / "dist"),
                *extra,
            ]
        )
        return status, capsys.readouterr().out.splitlines()


@pytest.fixture
def repo(tmp_path: Path) -> Repo:
    return Repo(tmp_path, cluster_dict(tenants=[ALPHA, BETA]))


def with_alpha(**changes: Any) -> dict[str, Any]:
    return cluster_dict(tenants=[{**copy.deepcopy(ALPHA), **changes}, BETA])


def entries(lines: list[str]) -> list[str]:
    return [line for line in lines if line.startswith(("- ", "  - ", "#### ", "### ")) or " destructive, " in line]


def test_the_base_revision_is_named_in_a_code_span_so_an_at_sign_mentions_no_one(
    repo: Repo, capsys: pytest.CaptureFixture[str]
) -> None:
    """A tag `@team` in the heading outside a code span would be a GitHub team mention in the PR comment (GitHub
    links no mention inside code); a backtick in the revision cannot end the span (config.listing.code)."""
    repo.git("tag", "@MDINJ-team")
    status, lines = repo.plan(capsys, cluster_dict(tenants=[ALPHA, BETA]), "--base", "@MDINJ-team")
    assert status == 0
    assert lines[0] == "## Karpenter plan against `@MDINJ-team`"


def test_no_change_says_so(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    status, lines = repo.plan(capsys, cluster_dict(tenants=[ALPHA, BETA]))
    assert status == 0
    assert lines == [
        "## Karpenter plan against `HEAD`",
        "",
        "0 destructive, 0 drift, 0 in place.",
        "",
        "No change to any cluster.",
    ]


@pytest.mark.parametrize(
    ("tenant", "line"),
    [
        (
            {"limits": {"cpu": "64", "nvidia.com/gpu": "8"}},
            "GPU pool: a consolidation or an expiry stops a running job",
        ),
        (
            {"requirements": {"instanceCategories": ["g", "p"]}},
            "GPU pool: a consolidation or an expiry stops a running job",
        ),
        (
            {
                "limits": {"nvidia.com/gpu": "8"},
                "disruption": {"consolidationPolicy": "WhenEmpty", "consolidateAfter": "10m", "expireAfter": "Never"},
            },
            "disruption: consolidates empty nodes only after 10m (WhenEmpty); nodes never expire; budgets: 10% of its nodes",
        ),
        (
            {"disruption": {"budgets": [{"nodes": "0", "reasons": ["Underutilized"]}, {"nodes": "1"}]}},
            "budgets: 0 for Underutilized, 1 of its nodes at a time",
        ),
    ],
)
def test_an_added_pool_says_how_its_nodes_are_disrupted(
    tenant: dict[str, Any], line: str, repo: Repo, capsys: pytest.CaptureFixture[str]
) -> None:
    """A new tenant's NodePool says in one line when Karpenter will remove or replace its nodes, as its manifest
    says (consolidation, expiry, budgets); a GPU pool whose nodes may be consolidated or expire says so first."""
    gamma = {**ALPHA, "name": "gamma", "nodeRole": "node-gamma", **tenant}
    _, lines = repo.plan(capsys, cluster_dict(tenants=[ALPHA, BETA, gamma]))
    at = lines.index("- **in place** NodePool/gamma added: new object; no existing node is replaced")
    assert line in lines[at + 1] and lines[at + 1].startswith("  - ")
    assert sum("disruption:" in entry for entry in lines) == 1


def test_a_tenant_added_is_in_place(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    gamma = {**ALPHA, "name": "gamma", "nodeRole": "node-gamma"}
    _, lines = repo.plan(capsys, cluster_dict(tenants=[ALPHA, BETA, gamma]))
    assert entries(lines) == [
        "0 destructive, 0 drift, 5 in place.",
        "### Cluster acme",
        "#### Tenant gamma",
        "- **in place** EC2NodeClass/gamma added: new object; no existing node is replaced",
        "- **in place** Kustomization/acme-nodepool-gamma added: new object; no existing node is replaced",
        "- **in place** NodePool/gamma added: new object; no existing node is replaced",
        "  - disruption: consolidates empty and underutilized nodes (removed, or replaced by cheaper ones) after 1m "
        "(WhenEmptyOrUnderutilized); each node is replaced when 720h old (forceful: not paced by the budgets); budgets: "
        "10% of its nodes at a time",
        "#### AWS side (terraform/)",
        # the line names the policy it is about by its ARN, and the role it is attached to
        "- **in place** aws.json/iam.pass_node_roles changed: managed policy "
        "arn:aws:iam::001234567890:policy/karpenter-controller-acme-pass-node-roles-0 on role "
        "arn:aws:iam::001234567890:role/karpenter-controller-acme: apply terraform/ with dist/acme/aws.json, before "
        "merging (what the merge brings needs it): statement "
        "AllowPassingInstanceRole: resources +arn:aws:iam::001234567890:role/node-gamma; no node is replaced",
        # onboarding: the role must exist before the pool does
        "- **in place** aws.json/node-gamma added: terraform/ with dist/acme/aws.json creates this node role "
        "(arn:aws:iam::001234567890:role/node-gamma) and its EKS access entry: apply it before merging; until then "
        "the new node pool's nodes cannot launch or join",
    ]


def test_a_tenant_on_an_existing_role_says_terraform_only_reads_it(
    repo: Repo, capsys: pytest.CaptureFixture[str]
) -> None:
    gamma = {**ALPHA, "name": "gamma", "nodeRole": "core-node-group"}
    _, lines = repo.plan(
        capsys, cluster_dict(tenants=[ALPHA, BETA, gamma], iam={"existing": {"roles": ["core-node-group"]}})
    )
    aws = [line for line in entries(lines) if line.startswith("- **in place** aws.json/core-node-group")]
    assert aws == [
        "- **in place** aws.json/core-node-group added: an existing node role (arn:aws:iam::001234567890:role/core-node-group): "
        "terraform/ with dist/acme/aws.json reads it (its plan fails if it is missing or does not trust EC2) and neither "
        "creates nor owns it; attach the node policies to it yourself (arn:aws:iam::aws:policy/AmazonEC2ContainerRegistryPullOnly, "
        "arn:aws:iam::aws:policy/AmazonEKSWorkerNodePolicy, arn:aws:iam::aws:policy/AmazonEKS_CNI_Policy, "
        "arn:aws:iam::aws:policy/AmazonSSMManagedInstanceCore; `terraform output policies_to_attach`); terraform/ with "
        "dist/acme/aws.json creates its EKS access entry (EC2_LINUX); if the role has one already (a managed node "
        "group's role), that apply fails: list it in iam.existing.withAccessEntry"
    ]
    # offboarding the tenant deletes nothing in AWS: in place, not destructive
    repo.commit(cluster_dict(tenants=[ALPHA, BETA, gamma], iam={"existing": {"roles": ["core-node-group"]}}), "gamma")
    status, lines = repo.plan(capsys, cluster_dict(tenants=[ALPHA, BETA]), "--fail-on", "destructive")
    # its access entry goes with it: only after its nodes are gone
    [removed] = [line for line in entries(lines) if "aws.json/core-node-group removed" in line]
    assert removed.startswith(
        "- **destructive** aws.json/core-node-group removed: an existing node role: terraform/ "
        "with dist/acme/aws.json stops reading it and does not delete it; it deletes the EKS access "
        "entry it created for it: apply only after the nodes that use it are gone"
    ), removed
    # with iam.existing.accessEntries false, nothing of AWS is deleted: in place
    off = {"existing": {"roles": ["core-node-group"], "accessEntries": False}}
    repo.commit(cluster_dict(tenants=[ALPHA, BETA, gamma], iam=off), "gamma, no entries")
    status, lines = repo.plan(
        capsys,
        cluster_dict(tenants=[ALPHA, BETA], iam={"existing": {"accessEntries": False}}),
        "--fail-on",
        "destructive",
    )
    assert (
        "- **in place** aws.json/core-node-group removed: an existing node role: terraform/ with dist/acme/aws.json "
        "stops reading it and does not delete it" in entries(lines)
    )
    assert not [line for line in entries(lines) if "aws.json/" in line and "destructive" in line]


def test_a_tenant_renamed_with_its_node_role_kept_says_the_state_moves_that_keep_the_role(
    repo: Repo, capsys: pytest.CaptureFixture[str]
) -> None:
    """The role's name stays but terraform/'s key for it (the tenant) changes: destructive, with the commands."""
    status, lines = repo.plan(
        capsys, cluster_dict(tenants=[{**ALPHA, "name": "alphax"}, BETA]), "--fail-on", "destructive"
    )
    assert status == 3
    [line] = [line for line in entries(lines) if line.startswith("- **destructive** aws.json/")]
    role = ALPHA["nodeRole"]
    assert line.startswith(
        f"- **destructive** aws.json/{role} changed: terraform/ keeps this node role under its "
        "tenant's key, now 'alphax' (was 'alpha')"
    ), line
    assert (
        """terraform state mv 'module.<name>.aws_iam_role.node["alpha"]' 'module.<name>.aws_iam_role.node["alphax"]'"""
        in line
    )
    assert """aws_eks_access_entry.node["alphax"]""" in line


def test_an_existing_controller_role_gets_its_policy_changes_by_hand(
    repo: Repo, capsys: pytest.CaptureFixture[str]
) -> None:
    existing = {"existing": {"roles": ["karpenter-controller-acme"]}}
    repo.commit(cluster_dict(tenants=[ALPHA, BETA], iam=existing), "existing controller role")
    gamma = {**ALPHA, "name": "gamma", "nodeRole": "node-gamma"}
    _, lines = repo.plan(capsys, cluster_dict(tenants=[ALPHA, BETA, gamma], iam=existing))
    [passing] = [line for line in entries(lines) if "iam.pass_node_roles" in line]
    assert (
        "the controller role is an existing one, which terraform/ does not change: make the change on it yourself"
        in passing
    )
    assert "+arn:aws:iam::001234567890:role/node-gamma" in passing
    # an existing controller role that terraform/ should now create must be imported first
    _, lines = repo.plan(capsys, cluster_dict(tenants=[ALPHA, BETA]))
    assert any(
        "**in place** aws.json/karpenter-controller-acme changed: no longer an existing controller role: "
        "terraform/ with dist/acme/aws.json creates it, which fails while it exists: adopt it with an "
        "`import` block" in line
        for line in entries(lines)
    ), entries(lines)
    # and one it created that becomes existing would be deleted: destructive, with the fix
    repo.commit(cluster_dict(tenants=[ALPHA, BETA]), "created controller role")
    status, lines = repo.plan(capsys, cluster_dict(tenants=[ALPHA, BETA], iam=existing), "--fail-on", "destructive")
    assert status == 3
    assert any(
        "**destructive** aws.json/karpenter-controller-acme changed: now an existing controller role" in line
        and "`terraform state rm` first, so they stay: aws_iam_role.controller[0], aws_iam_role_policy.controller[0]"
        in line
        for line in entries(lines)
    ), entries(lines)


def test_a_tenant_removed_is_destructive_and_trips_the_gate(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    status, lines = repo.plan(capsys, cluster_dict(tenants=[ALPHA]), "--fail-on", "destructive")
    assert status == 3
    assert entries(lines) == [
        "3 destructive, 0 drift, 2 in place.",
        "### Cluster acme",
        "#### Tenant beta",
        "- **destructive** EC2NodeClass/beta removed: a node pool uses it: its nodes are drained and terminated",
        "- **destructive** NodePool/beta removed: its nodes are drained and terminated all at once: deleting a node pool is not paced by its disruption "
        "budgets (only pod disruption budgets slow each drain); pods that need this pool (its tenant's, which "
        "select its label and tolerate its taint) stay Pending until a pool for them exists again",
        "- **in place** Kustomization/acme-nodepool-beta removed: no node is replaced",
        "#### AWS side (terraform/)",
        # The node role goes with the tenant: terraform/ must wait for the tenant's nodes to be gone.
        "- **destructive** aws.json/node-beta removed: terraform/ with dist/acme/aws.json deletes this node role: apply "
        "it only after the nodes that use it are gone (Karpenter drains and terminates them once the node pool's "
        "removal reaches the cluster); applied first, running nodes lose their AWS credentials (kubelet, image pulls)",
        "- **in place** aws.json/iam.pass_node_roles changed: managed policy arn:aws:iam::001234567890:policy/karpenter-controller-acme-pass-node-roles-0 on role arn:aws:iam::001234567890:role/karpenter-controller-acme: apply terraform/ with dist/acme/aws.json, after the merge has reached the cluster (nothing uses what it takes away by then): statement "
        "AllowPassingInstanceRole: resources -arn:aws:iam::001234567890:role/node-beta; no node is replaced",
    ]


def test_an_ami_alias_bump_drifts_the_tenants_nodes(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    status, lines = repo.plan(capsys, with_alpha(ami={"alias": "al2023@v20261201"}), "--fail-on", "destructive")
    assert status == 0, "drift does not trip the destructive gate"
    assert entries(lines) == [
        "0 destructive, 1 drift, 0 in place.",
        "### Cluster acme",
        "#### Tenant alpha",
        "- **drift** EC2NodeClass/alpha changed: nodes are replaced where the new terms select different AMIs",
        '  - `spec.amiSelectorTerms`: `[{"alias":"al2023@v20261101"}]` → `[{"alias":"al2023@v20261201"}]`',
        "  - paced by disruption budgets: alpha: at most 10% of its nodes at a time, rounded up: 1 node of up to 10, 2 of up to 20",
    ]


def test_limits_changed_is_in_place(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    _, lines = repo.plan(capsys, with_alpha(limits={"cpu": "200", "memory": "800Gi"}))
    assert entries(lines)[2:] == [
        "#### Tenant alpha",
        "- **in place** NodePool/alpha changed: behavioral field: no node is replaced",
        "  - `spec.limits.cpu`: `100` → `200`",
        "  - `spec.limits.memory`: (absent) → `800Gi`",
        # with the catalogue in ../shared (tests/unit/capacity/test_capacity.py): every type is allowed, so cpu 200 bounds it
        "  - capacity: at most $46.52/h → $58.19/h on demand (us-east-1 prices)",
    ]


def test_weight_changed_is_in_place(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    status, lines = repo.plan(capsys, with_alpha(weight=50), "--fail-on", "drift")
    assert status == 0
    assert entries(lines)[2:] == [
        "#### Tenant alpha",
        "- **in place** NodePool/alpha changed: behavioral field: no node is replaced",
        "  - `spec.weight`: `10` → `50`",
    ]


def test_a_taint_added_drifts_every_node_of_the_pool(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    status, lines = repo.plan(capsys, with_alpha(taints=[{"key": "gpu", "effect": "NoSchedule"}]), "--fail-on", "drift")
    assert status == 3
    assert entries(lines)[2:] == [
        "#### Tenant alpha",
        "- **drift** NodePool/alpha changed: node template changed: every node of the pool is replaced",
        '  - `spec.template.spec.taints`: `[{"effect":"NoSchedule","key":"tenant","value":"alpha"}]` → '
        '`[{"effect":"NoSchedule","key":"tenant","value":"alpha"},{"effect":"NoSchedule","key":"gpu"}]`',
        "  - paced by disruption budgets: alpha: at most 10% of its nodes at a time, rounded up: 1 node of up to 10, 2 of up to 20",
    ]


def test_a_narrowed_requirement_drifts_the_nodes_that_no_longer_match(
    repo: Repo, capsys: pytest.CaptureFixture[str]
) -> None:
    base = cluster_dict(tenants=[{**ALPHA, "requirements": {"capacityTypes": ["spot", "on-demand"]}}, BETA])
    repo.commit(base, "spot and on-demand")
    _, lines = repo.plan(
        capsys, cluster_dict(tenants=[{**ALPHA, "requirements": {"capacityTypes": ["on-demand"]}}, BETA])
    )
    assert entries(lines)[2:] == [
        "#### Tenant alpha",
        "- **drift** NodePool/alpha changed: requirement karpenter.sh/capacity-type narrowed: nodes whose "
        "karpenter.sh/capacity-type no longer matches are replaced",
        "  - `spec.template.spec.requirements[karpenter.sh/capacity-type]`: "
        '`{"key":"karpenter.sh/capacity-type","operator":"In","values":["spot","on-demand"]}` → '
        '`{"key":"karpenter.sh/capacity-type","operator":"In","values":["on-demand"]}`',
        "  - paced by disruption budgets: alpha: at most 10% of its nodes at a time, rounded up: 1 node of up to 10, 2 of up to 20",
    ]


def test_a_widened_requirement_replaces_no_node(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    _, lines = repo.plan(capsys, with_alpha(requirements={"architectures": ["amd64", "arm64"]}))
    assert entries(lines)[2:] == [
        "#### Tenant alpha",
        "- **in place** NodePool/alpha changed: requirement kubernetes.io/arch widened: existing nodes still match, "
        "none is replaced",
        "  - `spec.template.spec.requirements[kubernetes.io/arch]`: "
        '`{"key":"kubernetes.io/arch","operator":"In","values":["amd64"]}` → '
        '`{"key":"kubernetes.io/arch","operator":"In","values":["amd64","arm64"]}`',
        "  - capacity: instance types 877 → 1,236 (of 1,336); at most $46.52/h on demand (us-east-1 prices), unchanged",
    ]


def test_upgrading_karpenter_from_031_to_1x_is_destructive(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old_alpha = {**BASE_V1ALPHA5["tenants"][0]}
    repo = Repo(tmp_path, cluster_dict(BASE_V1ALPHA5, tenants=[old_alpha]))
    upgraded = cluster_dict(
        cluster={**BASE_V1ALPHA5["cluster"], "kubernetesVersion": "1.33"},
        tenants=[{"name": "alpha", "nodeRole": "node-alpha", "ami": {"alias": "al2023@v20261101"}}],
    )
    status, lines = repo.plan(capsys, upgraded, "--fail-on", "destructive")
    assert status == 3
    destructive = [line for line in lines if line.startswith("- **destructive**")]
    assert destructive == [
        "- **destructive** AWSNodeTemplate/alpha removed: a node pool uses it: its nodes are drained and terminated",
        "- **destructive** Provisioner/alpha removed: its nodes are drained and terminated all at once: deleting a node pool is not paced by its disruption "
        "budgets (only pod disruption budgets slow each drain); pods that need this pool (its tenant's, which "
        "select its label and tolerate its taint) stay Pending until a pool for them exists again",
        # terraform/ deletes the 0.31 tenant's own role and instance profile (1.x names its role node-alpha, and
        # Karpenter 1.x makes its own instance profiles): only once the 0.31 nodes are gone.
        *(
            f"- **destructive** aws.json/{name} removed: terraform/ with dist/acme/aws.json deletes this {what}: apply "
            "it only after the nodes that use it are gone (Karpenter drains and terminates them once the node pool's "
            "removal reaches the cluster); applied first, running nodes lose their AWS credentials (kubelet, image "
            "pulls)"
            for name, what in (("karpenter-node-acme-alpha", "node role"), ("node-alpha", "instance profile"))
        ),
        "- **destructive** OCIRepository/karpenter changed: Karpenter major-version change v0.31.5 → 1.14.1: "
        "the node-pool APIs change",
        # a running 0.31 cluster cannot take 1.x at once (tests/unit/convert/test_upgrade_path.py)
        "- **destructive** Upgrade/0.31-to-1.x skips steps: this pull request moves the running 0.31 cluster (0.31.5) "
        "to 1.14.1 at once and skips: prepare (steps 1-2): karpenter.upgradingFrom on 0.31 and terraform/ applied with "
        "its upgrade policy before the controller leaves 0.31 (the 0.31 policy allows only "
        "karpenter.sh/provisioner-name tags, so the 0.32-1.0 controllers are denied); the 1.0 stop (steps 6-10): "
        "Karpenter 1.0.x serves the v1beta1 objects through its conversion webhooks and the stored versions are "
        "migrated to v1 there; 1.1+ serves v1 only. Follow docs/upgrade-031.md: `python main.py migrate "
        "clusters/acme.yaml --step prepare` first (0.32-0.37 run outside the repository with the appliers suspended)",
    ]
    assert "- **in place** NodePool/alpha added: new object; no existing node is replaced" in lines
    # the AWS side of the upgrade: upstream's 1.x policy and node role of the release
    aws = {next(t for t in line.split() if t.startswith("aws.json/")): line for line in lines if "aws.json/" in line}
    assert set(aws) == {
        f"aws.json/iam.{name}"
        for name in ("controller_policy", "controller_trust", "node_managed_policy_arns", "pass_node_roles")
    } | {"aws.json/karpenter-node-acme-alpha", "aws.json/node-alpha"}
    assert "statement AllowScopedInstanceProfileCreationActions added" in aws["aws.json/iam.controller_policy"]
    assert "statement AllowMachineMigrationTagging removed" in aws["aws.json/iam.controller_policy"]
    assert "statement KarpenterPodIdentity added" in aws["aws.json/iam.controller_trust"]  # 1.x's default identity
    assert aws["aws.json/iam.node_managed_policy_arns"] == (
        "- **in place** aws.json/iam.node_managed_policy_arns changed: AWS managed policies attached to the node roles: apply terraform/ with dist/acme/aws.json, before merging (what the merge brings needs it): "
        "policies +arn:aws:iam::aws:policy/AmazonEC2ContainerRegistryPullOnly "
        "-arn:aws:iam::aws:policy/AmazonEC2ContainerRegistryReadOnly; no node is replaced"
    )


OIDC = "oidc.eks.ca-central-1.amazonaws.com/id/C99F50C4A2A9B6C3516F9BB73F3237D7"


def test_an_identity_switch_shows_the_controller_roles_new_trust(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    irsa = cluster_dict(
        cluster={**BASE_V1["cluster"], "oidcProvider": OIDC}, karpenter={"version": "1.14.1", "identity": "irsa"}
    )
    repo = Repo(tmp_path, irsa)
    _, lines = repo.plan(capsys, cluster_dict(irsa, karpenter={"version": "1.14.1", "identity": "podIdentity"}))
    assert [line for line in lines if "aws.json/" in line] == [
        "- **in place** aws.json/iam.controller_trust changed: trust policy of role arn:aws:iam::001234567890:role/karpenter-controller-acme: apply terraform/ with dist/acme/aws.json, before merging (what the merge brings needs it): statement "
        "KarpenterPodIdentity added; no node is replaced"
    ]


def test_an_aws_json_of_the_previous_format_shows_the_policies_moving_to_the_generator(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """dist/ committed by a generator before format 3 (no "iam"): terraform/ computed the policies itself."""
    import json

    repo = Repo(tmp_path, cluster_dict())
    path = repo.root / "dist/acme/aws.json"
    older = json.loads(path.read_text())
    del older["iam"]
    older["format"] = 2
    path.write_text(json.dumps(older, indent=2, sort_keys=True) + "\n")
    repo.git("commit", "-qam", "format 2")
    _, lines = repo.plan(capsys, cluster_dict())
    assert entries(lines) == [
        "0 destructive, 0 drift, 1 in place.",
        "### Cluster acme",
        "#### AWS side (terraform/)",
        "- **in place** aws.json/iam added: the IAM policy documents terraform/ computed itself before now come from "
        "the generator (aws.json format 3): apply terraform/ with dist/acme/aws.json (module of this revision); no node "
        "is replaced",
    ]


def test_plan_without_an_upstream_asks_for_base(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    repo = Repo(tmp_path, cluster_dict())
    capsys.readouterr()
    status = main(["--clusters", str(repo.root / "clusters"), "plan", "--dist", str(repo.root / "dist")])
    assert status == 2
    assert "(no merge base with origin/main: pass --base REV)" in capsys.readouterr().err


def test_drift_says_how_the_pools_budgets_pace_it_a_line_per_clause(
    repo: Repo, capsys: pytest.CaptureFixture[str]
) -> None:
    budgets = [
        {"nodes": "20%"},
        {"nodes": "0", "schedule": "0 9 * * mon-fri", "duration": "8h"},
        {"nodes": "0", "reasons": ["Underutilized"]},
    ]
    repo.commit(with_alpha(disruption={"budgets": budgets}), "budgets")
    _, lines = repo.plan(
        capsys, with_alpha(disruption={"budgets": budgets}, taints=[{"key": "gpu", "effect": "NoSchedule"}])
    )
    assert (
        entries(lines)[3]
        == "- **drift** NodePool/alpha changed: node template changed: every node of the pool is replaced"
    )
    assert entries(lines)[5:8] == [
        "  - paced by disruption budgets: alpha: at most 20% of its nodes at a time, rounded up: 1 node of up to 5, 2 of up to 10",
        "  - paced by disruption budgets: alpha: 0 nodes during '0 9 * * mon-fri' (UTC) for 8h",
        "  - paced by disruption budgets: alpha: 1 budget for other reasons (Underutilized) does not apply to drift",
    ]


def test_a_lowered_limit_says_new_nodes_stop_and_none_are_removed(
    repo: Repo, capsys: pytest.CaptureFixture[str]
) -> None:
    _, lines = repo.plan(capsys, with_alpha(limits={"cpu": "50"}))
    assert entries(lines)[3] == (
        "- **in place** NodePool/alpha changed: behavioral field: no node is replaced; a lowered limit stops new nodes "
        "once usage reaches it, and removes none"
    )


def test_031_drift_is_inactive_without_the_feature_gate_and_does_not_trip_the_drift_gate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = {**BASE_V1ALPHA5["tenants"][0], "namespaces": []}
    tainted = {**old, "taints": [{"key": "gpu", "effect": "NoSchedule"}]}
    (tmp_path / "off").mkdir()
    (tmp_path / "on").mkdir()
    repo = Repo(tmp_path / "off", cluster_dict(BASE_V1ALPHA5, tenants=[old]))
    status, lines = repo.plan(capsys, cluster_dict(BASE_V1ALPHA5, tenants=[tainted]), "--fail-on", "drift")
    assert status == 0
    assert entries(lines)[0] == "0 destructive, 0 drift, 1 in place."
    assert entries(lines)[3].startswith(
        "- **in place** Provisioner/alpha changed: inactive: the drift feature gate is off "
        "(karpenter.featureGates.driftEnabled), so no node is replaced; with it on: node template changed"
    )
    gate_on = {**BASE_V1ALPHA5["karpenter"], "featureGates": {"driftEnabled": True}}
    repo = Repo(tmp_path / "on", cluster_dict(BASE_V1ALPHA5, karpenter=gate_on, tenants=[old]))
    status, lines = repo.plan(
        capsys, cluster_dict(BASE_V1ALPHA5, karpenter=gate_on, tenants=[tainted]), "--fail-on", "drift"
    )
    assert status == 3
    assert (
        entries(lines)[3]
        == "- **drift** Provisioner/alpha changed: node template changed: every node of the pool is replaced"
    )


def test_an_isolation_policy_change_is_shown_as_namespaces_and_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = cluster_dict(tenants=[{**ALPHA, "namespaces": ["alpha"]}, {**BETA, "namespaces": ["beta", "shared"]}])
    after = cluster_dict(
        tenants=[{**ALPHA, "namespaces": ["alpha", "shared"]}, {**BETA, "namespaces": ["beta"]}],
        tenancy={"exemptNamespaces": ["monitoring"]},
    )
    repo = Repo(tmp_path, before)
    _, lines = repo.plan(capsys, after)
    [policy] = [line for line in entries(lines) if "ValidatingAdmissionPolicy/karpenter-tenant-isolation " in line]
    assert policy == (
        "- **in place** ValidatingAdmissionPolicy/karpenter-tenant-isolation changed: admission changes for new pods, "
        "running pods are untouched: no longer checked (exempt): monitoring; now checked: amazon-cloudwatch, "
        "amazon-guardduty"
    )
    # Which tenant a namespace belongs to is its binding's (one per tenant, with the tenant as its parameter).
    bindings = sorted(line for line in entries(lines) if "ValidatingAdmissionPolicyBinding/" in line)
    assert bindings == [
        "- **in place** ValidatingAdmissionPolicyBinding/karpenter-tenant-isolation changed: namespaces it leaves out "
        "(exempt, or a tenant's): +monitoring -amazon-cloudwatch -amazon-guardduty",
        "- **in place** ValidatingAdmissionPolicyBinding/karpenter-tenant-isolation-alpha changed: namespaces of "
        "tenant alpha: +shared",
        "- **in place** ValidatingAdmissionPolicyBinding/karpenter-tenant-isolation-beta changed: namespaces of "
        "tenant beta: -shared",
    ]


def test_only_files_that_differ_are_read_from_git(repo: Repo) -> None:
    """plan hands the fresh output to tree_at_revision: files with the same content (same git blob id) are
    neither read nor parsed; the rest come from one `git cat-file --batch`."""
    from karpenter_tenants.review.git_tree import tree_at_revision

    dist = repo.root / "dist"
    current = {p.relative_to(dist).as_posix(): p.read_text() for p in dist.rglob("*") if p.is_file()}
    changed_path = "acme/tenants/alpha/nodepool-alpha.yaml"
    known = {**current, changed_path: current[changed_path] + "# edited\n"}
    files, same = tree_at_revision(dist, "HEAD", known)
    assert files == {changed_path: current[changed_path]}
    assert same == set(current) - {changed_path}
    everything, nothing = tree_at_revision(dist, "HEAD")
    assert everything == current and nothing == set()


# --- chart and image versions -----------------------------------------------------------------------------

MIRROR = "123456789012.dkr.ecr.ca-central-1.amazonaws.com/mirror/karpenter/controller"
DIGEST = "sha256:" + "ab" * 32
SUBJECT = r"^https://github\.com/aws/karpenter-provider-aws/\.github/workflows/release\.yaml@refs/tags/v1\.14\.1$"


def versions(lines: list[str]) -> list[str]:
    """The lines of the "Chart and image versions" section."""
    if "#### Chart and image versions" not in lines:
        return []
    start = lines.index("#### Chart and image versions") + 2
    return lines[start : lines.index("", start)]


def test_chart_and_image_version_changes_are_one_line_each(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    repo = Repo(tmp_path, cluster_dict(karpenter={"version": "1.13.0"}, tenants=[ALPHA, BETA]))
    upgraded = cluster_dict(
        tenants=[ALPHA, BETA],
        karpenter={
            "version": "1.14.1",
            "controller": {"imageRepository": MIRROR},
            "values": {"controller": {"image": {"digest": DIGEST}}},
            "chartSource": {"verify": {"provider": "cosign"}, "digests": {"karpenter-crd": DIGEST}},
        },
    )
    status, lines = repo.plan(capsys, upgraded, "--fail-on", "destructive")
    assert status == 0  # a minor upgrade, a mirror, pins: nothing destructive
    assert versions(lines) == [
        "- `karpenter` chart version: `1.13.0` → `1.14.1`",
        f"- `karpenter` chart signature check: (none) → cosign keyless, subject `{SUBJECT}`",
        "- `karpenter-crd` chart version: `1.13.0` → `1.14.1`",
        f"- `karpenter-crd` chart digest: (none) → `{DIGEST}`",
        f"- `karpenter-crd` chart signature check: (none) → cosign keyless, subject `{SUBJECT}`",
        f"- controller image repository: (the chart's) → `{MIRROR}`",
        f"- controller image digest: (the chart's) → `{DIGEST}`",
    ]


def test_an_argocd_chart_pinned_by_digest_shows_the_pin_and_is_not_a_major_change(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argocd = {"engine": "argocd", "argocd": {"repoURL": "https://git.example/platform.git"}}
    repo = Repo(tmp_path, cluster_dict(gitops=argocd, tenants=[ALPHA, BETA]))
    pinned = cluster_dict(
        gitops=argocd,
        tenants=[ALPHA, BETA],
        karpenter={"version": "1.14.1", "chartSource": {"digests": {"karpenter": DIGEST}}},
    )
    status, lines = repo.plan(capsys, pinned, "--fail-on", "destructive")
    assert status == 0
    assert versions(lines) == [
        "- `karpenter` chart version: `1.14.1` → (pinned by digest only)",
        f"- `karpenter` chart digest: (none) → `{DIGEST}`",
    ]


def test_no_version_section_when_no_chart_or_image_changes(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    _, lines = repo.plan(capsys, with_alpha(limits={"cpu": "50"}))
    assert versions(lines) == [] and any("NodePool/alpha changed" in line for line in lines)


def test_renaming_a_031_instance_profile_is_destructive(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """terraform/ replaces an instance profile whose name changes, deleting the one running 0.31 nodes use."""
    default = {**BASE_V1ALPHA5["karpenter"], "defaultInstanceProfile": "default-acme"}
    repo = Repo(tmp_path, cluster_dict(BASE_V1ALPHA5, karpenter=default))
    renamed = cluster_dict(BASE_V1ALPHA5, karpenter={**default, "defaultInstanceProfile": "default-acme-2"})
    status, lines = repo.plan(capsys, renamed, "--fail-on", "destructive")
    assert status == 3
    assert [line.split(" removed:")[0] for line in lines if line.startswith("- **destructive** aws.json/")] == [
        "- **destructive** aws.json/default-acme"
    ]
    assert any(
        "deletes this instance profile: apply it only after the nodes that use it are gone" in line for line in lines
    )


def test_removing_the_controllers_namespace_is_destructive(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    """Moving Karpenter to kube-system (a namespace the product does not own, so not written) removes
    Namespace/karpenter from base/: Flux prunes it, and with it everything it holds, the controller included."""
    data = cluster_dict(tenants=[ALPHA, BETA])
    data["karpenter"]["namespace"] = "kube-system"
    status, lines = repo.plan(capsys, data, "--fail-on", "destructive")
    assert status == 3
    assert (
        "- **destructive** Namespace/karpenter removed: pruning it deletes everything in it (the Karpenter "
        "controller, when it runs there)" in entries(lines)
    )


def test_switching_enforcement_says_what_each_stage_does(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tenants = [{**copy.deepcopy(ALPHA), "namespaces": ["alpha"]}, BETA]
    repo = Repo(tmp_path, cluster_dict(tenants=tenants, tenancy={"enforcement": "audit"}))
    status, lines = repo.plan(capsys, cluster_dict(tenants=tenants, tenancy={"enforcement": "deny"}))
    assert status == 0
    said = sorted(line for line in entries(lines) if "ValidatingAdmissionPolicyBinding/" in line)
    assert said == sorted(
        [
            f"- **in place** ValidatingAdmissionPolicyBinding/karpenter-tenant-{name} changed: enforcement audit: refusals "
            "are only recorded in the API server's audit log → deny: the request is refused; from now on every pod the "
            "policy would refuse is refused: read what audit recorded first"
            for name in ("isolation", "pod-binding", "isolation-alpha")
        ]
    )


def test_a_first_pull_request_whose_base_has_no_dist_shows_everything_added(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A repository's first pull request: the base revision has no dist/ yet, so every object is new (exit 0)."""
    root = tmp_path
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    (root / "README").write_text("x\n")
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", "add", "-A"], cwd=root, check=True)
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "empty"], cwd=root, check=True)
    write_cluster(root / "clusters", cluster_dict(tenants=[ALPHA]))
    assert main(["--clusters", str(root / "clusters"), "synth", "--out", str(root / "dist")]) == 0
    capsys.readouterr()
    status = main(["--clusters", str(root / "clusters"), "plan", "--base", "HEAD", "--dist", str(root / "dist")])
    out, err = capsys.readouterr()
    assert status == 0
    assert f"plan: {root / 'dist'} does not exist at HEAD: every object is new" in err
    assert "- **in place** NodePool/alpha added: new object; no existing node is replaced" in out
    assert " destructive, " in out and out.count(" added: ") >= 10


def test_plan_warns_of_a_gpu_tenant_whose_device_plugin_namespace_is_not_exempt(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    gpu = {**copy.deepcopy(ALPHA), "namespaces": ["alpha"], "requirements": {"gpuManufacturers": ["nvidia"]}}
    repo = Repo(tmp_path, cluster_dict(tenants=[{**copy.deepcopy(ALPHA), "namespaces": ["alpha"]}]))
    repo.write(cluster_dict(tenants=[gpu]))
    capsys.readouterr()
    main(["--clusters", str(repo.root / "clusters"), "plan", "--base", "HEAD", "--dist", str(repo.root / "dist")])
    err = capsys.readouterr().err
    assert "tenant alpha asks for nvidia GPUs: their device plugin (DaemonSet in gpu-operator by default)" in err


def test_a_root_applier_change_says_how_to_re_apply_it(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    _, lines = repo.plan(capsys, cluster_dict(tenants=[ALPHA, BETA], gitops={"flux": {"interval": "3m"}}))
    [root] = [line for line in entries(lines) if "Kustomization/acme-root changed" in line]
    assert root.endswith(
        "the root is applied by hand: after merging run `kubectl apply -k dist/acme/flux` (nothing to "
        "do where `flux bootstrap`'s folder lists dist/acme/flux)"
    ), root


def test_a_change_says_no_node_is_replaced_once(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    data = cluster_dict(
        tenants=[ALPHA, BETA],
        gitops={"flux": {"interval": "3m"}},
        karpenter={"version": "1.14.1", "controller": {"replicas": 3}},
    )
    _, lines = repo.plan(capsys, data)
    for line in entries(lines):
        assert line.count("no node is replaced") <= 1, line
    [release] = [line for line in entries(lines) if "HelmRelease/karpenter changed" in line]
    assert "Helm values: the controller restarts" in release and release.endswith("; no node is replaced"), release


def test_docs_review_sample_is_what_plan_prints_for_its_scenario(
    repo: Repo, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/review.md shows plan for alpha's AMI alias bumped and weight raised and beta removed: every line of
    it is plan's own, so no stale name or sentence survives a change of plan."""
    text = (Path(__file__).parents[3] / "docs/review.md").read_text()
    sample = text.split("## Karpenter plan against `HEAD`\n", 1)[1].split("```", 1)[0]
    _, lines = repo.plan(capsys, cluster_dict(tenants=[{**ALPHA, "weight": 50, "ami": {"alias": "al2023@v20261201"}}]))
    printed = [line for line in lines if line.strip()]
    documented = [line for line in sample.splitlines() if line.strip()]
    assert documented == printed[printed.index(documented[0]) : printed.index(documented[0]) + len(documented)]


def test_every_object_name_the_docs_quote_exists_in_the_example_dist() -> None:
    root = Path(__file__).parents[3]
    names = {
        (obj["kind"], obj["metadata"]["name"])
        for path in EXAMPLE_DIST.rglob("*.yaml")
        if path.name != "kustomization.yaml"
        for obj in [yaml.safe_load(path.read_text())]
        if isinstance(obj, dict)
    }
    kinds = {kind for kind, _ in names}
    quoted = {
        (m[1], m[2])
        for doc in [*root.glob("docs/*.md"), root / "README.md"]
        for m in re.finditer(r"\b([A-Z][A-Za-z]+)/([a-z0-9][a-z0-9.-]*[a-z0-9])\b", doc.read_text())
        if m[1] in kinds
    }
    assert quoted and quoted <= names, quoted - names


def test_a_tenants_pools_are_grouped_under_it_with_the_order_karpenter_tries_them(
    repo: Repo, capsys: pytest.CaptureFixture[str]
) -> None:
    pools = [{"name": "general", "weight": 50}, {"name": "gpu", "requirements": {"gpuManufacturers": ["nvidia"]}}]
    _, lines = repo.plan(capsys, cluster_dict(tenants=[{**ALPHA, "pools": pools}, BETA]))
    tenant = entries(lines)[entries(lines).index("#### Tenant alpha") :]
    added = [line for line in tenant if line.startswith("- **in place** NodePool/alpha-")]
    assert [line.split(" added")[0] for line in added] == [
        "- **in place** NodePool/alpha-general",
        "- **in place** NodePool/alpha-gpu",
    ]
    for line in added:
        assert line.endswith(
            "Karpenter tries alpha's pools by weight, falling back when one cannot launch (its "
            "requirements, limits or capacity): alpha-general (50) → alpha-gpu (10)"
        ), line  # the tenant's weight 10
    # the one NodePool alpha was goes: its nodes with it
    assert any(line.startswith("- **destructive** NodePool/alpha removed") for line in tenant)


def test_turning_attach_policies_off_is_destructive_with_what_to_keep(
    repo: Repo, capsys: pytest.CaptureFixture[str]
) -> None:
    existing = {"roles": ["karpenter-controller-acme", "node-alpha"]}
    repo.commit(cluster_dict(tenants=[ALPHA, BETA], iam={"existing": {**existing, "attachPolicies": True}}), "attached")
    status, lines = repo.plan(
        capsys, cluster_dict(tenants=[ALPHA, BETA], iam={"existing": existing}), "--fail-on", "destructive"
    )
    assert status == 3
    [line] = [line for line in entries(lines) if "iam.existing.attachPolicies" in line]
    assert line.startswith(
        "- **destructive** aws.json/iam.existing.attachPolicies changed: terraform/ with dist/acme/aws.json "
        "detaches Karpenter's policies from the existing roles"
    )
    assert "`terraform state rm` first: aws_iam_role_policy.controller" in line
    # each policy it takes away by its ARN: the controller role's, then the node role's AWS managed ones
    assert (
        "(inline policy karpenter-controller of role arn:aws:iam::001234567890:role/karpenter-controller-acme; "
        "managed policy arn:aws:iam::001234567890:policy/karpenter-controller-acme-pass-node-roles-0 on role "
        "arn:aws:iam::001234567890:role/karpenter-controller-acme; on the existing node roles "
        "arn:aws:iam::aws:policy/AmazonEC2ContainerRegistryPullOnly, "
    ) in line, line


def test_a_bootstrap_folder_object_says_to_apply_it_by_hand_before_merging(
    repo: Repo, capsys: pytest.CaptureFixture[str]
) -> None:
    _, lines = repo.plan(
        capsys, cluster_dict(tenants=[ALPHA, BETA], gitops={"flux": {"serviceAccountName": "applier"}})
    )
    [account] = [
        line
        for line in entries(lines)
        if line.startswith("- **in place** ServiceAccount/applier added") and "kubectl apply -k" in line
    ]
    assert account.endswith(
        "applied by hand with the root, not by Flux: run `kubectl apply -k dist/acme/flux` before "
        "merging (the stages need it first)"
    )
    repo.commit(cluster_dict(tenants=[ALPHA, BETA], gitops={"flux": {"serviceAccountName": "applier"}}), "applier")
    _, lines = repo.plan(capsys, cluster_dict(tenants=[ALPHA, BETA]))
    assert any(
        "nothing prunes the bootstrap folder: delete it yourself once nothing uses it (`kubectl delete -n "
        "flux-system serviceaccount applier`)" in line
        for line in entries(lines)
    ), entries(lines)


def test_a_requirement_the_product_adds_unasked_is_said_with_why(
    repo: Repo, capsys: pytest.CaptureFixture[str]
) -> None:
    """Exact instance types fix the generation, so the product adds no generation requirement; instance families
    leave it open, and the product's default `instance-generation Gt 2` comes with them (issue 36)."""
    repo.commit(with_alpha(requirements={"instanceTypes": ["c6a.large", "c5.large"]}), "exact types")
    _, lines = repo.plan(capsys, with_alpha(requirements={"instanceFamilies": ["c6i"]}))
    [generation] = [line for line in lines if "requirement karpenter.k8s.aws/instance-generation" in line]
    assert (
        "instance-generation Gt 2 is what the product adds when requirements.instanceGenerations and instanceTypes "
        "are unset: it skips the oldest instance generations" in generation
    ), generation


def test_a_base_node_pool_of_another_shape_is_a_change_not_an_internal_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A committed dist/ edited by hand (`spec: [1]` in the base's NodePool) is read as it is: the plan shows the
    change, never exit 70."""
    import os

    write_cluster(tmp_path / "clusters", cluster_dict())
    assert main(["--clusters", str(tmp_path / "clusters"), "synth", "--out", str(tmp_path / "dist")]) == 0
    [pool] = list((tmp_path / "dist").glob("*/tenants/*/nodepool-*.yaml"))[:1]
    text = pool.read_text()
    pool.write_text(text[: text.index("\nspec:")] + "\nspec: [1]\n")
    for args in (("init", "-q"), ("add", "-A"), ("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "b")):
        subprocess.run(["git", *args], cwd=tmp_path, check=True, capture_output=True)
    assert main(["--clusters", str(tmp_path / "clusters"), "synth", "--out", str(tmp_path / "dist")]) == 0
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        capsys.readouterr()
        status = main(["--clusters", "clusters", "plan", "--base", "HEAD"])
    finally:
        os.chdir(cwd)
    captured = capsys.readouterr()
    assert status == 0, captured.err
    assert "`spec`: `[1]` →" in captured.out


def test_a_default_base_that_shares_no_cluster_is_said_not_to_be_your_history(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """issue 43: a newcomer who deleted the example clusters of a clone planned against the product's own history (31
    destructive changes); plan now says the merge base has none of their clusters and how to pass their own."""
    import os
    import subprocess

    from conftest import BASE_V1, write_cluster

    repo = tmp_path / "repo"
    write_cluster(repo / "clusters", BASE_V1, "acme")
    assert main(["--clusters", str(repo / "clusters"), "synth", "--dist", str(repo / "dist")]) == 0
    for args in (
        ("init", "-q"),
        ("add", "-A"),
        ("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "base"),
        ("update-ref", "refs/remotes/origin/main", "HEAD"),
    ):
        subprocess.run(["git", *args], cwd=repo, check=True)
    (repo / "clusters/acme.yaml").unlink()
    write_cluster(repo / "clusters", {**BASE_V1, "cluster": {**BASE_V1["cluster"], "name": "globex"}}, "globex")
    assert main(["--clusters", str(repo / "clusters"), "synth", "--dist", str(repo / "dist")]) == 0
    cwd = Path.cwd()
    os.chdir(repo)
    try:
        capsys.readouterr()
        main(["--clusters", "clusters", "plan", "--dist", "dist"])
        err = capsys.readouterr().err
        assert "has none of the clusters of clusters/ (it has acme; you have globex)" in err and "--base" in err, err
        main(
            ["--clusters", "clusters", "plan", "--dist", "dist", "--base", "HEAD"]
        )  # a base you name: not second-guessed
        assert "none of the clusters" not in capsys.readouterr().err
    finally:
        os.chdir(cwd)
