"""The controller's identity, `karpenter.identity: irsa | podIdentity`, end to end: the ServiceAccount and Helm values
synth writes, dist/<key>/aws.json, the Terraform module's trust and association, check-terraform, plan, migrate and
bad input. Upstream facts: EKS Pod Identity's trust (`pods.eks.amazonaws.com`, sts:AssumeRole + sts:TagSession) and
an association of namespace, service account and role, as terraform-aws-eks' modules/karpenter creates them (its
default since v21, which removed IRSA); IRSA's ServiceAccount annotation `eks.amazonaws.com/role-arn`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import BASE_V1, BASE_V1ALPHA5, EXAMPLE_DIST, EXAMPLES_DIR, cluster_dict, load, objects
from support.input_helpers import run_bad_config
from test_plan import Repo, entries

from karpenter_tenants.commands.cli import main
from karpenter_tenants.convert.migrate import migrate
from karpenter_tenants.synthesis.render import render_cluster

ROLE = "arn:aws:iam::001234567890:role/karpenter-controller-acme"
OIDC = "oidc.eks.ca-central-1.amazonaws.com/id/C99F50C4A2A9B6C3516F9BB73F3237D7"
IRSA = {"version": "1.14.1", "identity": "irsa"}


def rendered(tmp_path: Path, data: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """(ServiceAccount, Helm values, aws.json) synth writes for a cluster."""
    files = render_cluster(load(tmp_path, data))
    found = objects(files)
    values = found["karpenter/helmrelease-karpenter.yaml"]["spec"]["values"]
    return found["base/serviceaccount-karpenter.yaml"], values, json.loads(files["aws.json"])


def test_1x_defaults_to_pod_identity_without_a_role_annotation(tmp_path: Path) -> None:
    account, values, aws = rendered(tmp_path, cluster_dict())
    assert "eks.amazonaws.com/role-arn" not in account["metadata"].get("annotations", {})
    assert values["serviceAccount"] == {"create": False, "name": "karpenter"}  # the chart adds no annotation either
    assert values["podAnnotations"] == {"karpenter-tenants/identity": "podIdentity"}
    assert aws["karpenter"]["identity"] == "podIdentity"
    assert aws["pod_identity_association"] == {
        "cluster_name": "acme",
        "namespace": "karpenter",
        "service_account": "karpenter",
        "role_arn": ROLE,
    }


def test_irsa_annotates_the_service_account_and_0_31_stays_on_irsa(tmp_path: Path) -> None:
    for data in (cluster_dict(karpenter=IRSA), cluster_dict(BASE_V1ALPHA5)):
        account, values, aws = rendered(tmp_path / data["karpenter"]["version"], data)
        assert account["metadata"]["annotations"] == {
            "eks.amazonaws.com/role-arn": ROLE,
            "helm.sh/resource-policy": "keep",
        }
        assert "podAnnotations" not in values
        assert (aws["karpenter"]["identity"], aws["pod_identity_association"]) == ("irsa", None)


def test_pod_annotations_of_the_config_are_kept_beside_the_identity_one(tmp_path: Path) -> None:
    data = cluster_dict(karpenter={"version": "1.14.1", "controller": {"podAnnotations": {"team": "platform"}}})
    _, values, _ = rendered(tmp_path, data)
    assert values["podAnnotations"] == {"karpenter-tenants/identity": "podIdentity", "team": "platform"}


def test_the_examples_show_both_identities() -> None:
    """acme on EKS Pod Identity (no OIDC provider at all), acme-argocd kept on IRSA, acme-legacy (0.31) on IRSA."""

    def account(key: str, folder: str = "base") -> dict[str, Any]:
        return yaml.safe_load((EXAMPLE_DIST / key / folder / "serviceaccount-karpenter.yaml").read_text())

    assert "eks.amazonaws.com/role-arn" not in account("acme")["metadata"].get("annotations", {})
    assert json.loads((EXAMPLE_DIST / "acme/aws.json").read_text())["cluster"]["oidc_provider"] is None
    for key in ("acme-argocd", "acme-legacy"):
        assert account(key)["metadata"]["annotations"]["eks.amazonaws.com/role-arn"].endswith(
            ":role/karpenter-controller-acme"
        )
        assert json.loads((EXAMPLE_DIST / key / "aws.json").read_text())["pod_identity_association"] is None


# --- bad input ---------------------------------------------------------------------------------------

BAD = {
    "podIdentity on 0.31": (
        cluster_dict(BASE_V1ALPHA5, karpenter={"version": "0.31.5", "identity": "podIdentity"}),
        [
            "acme.yaml:8: karpenter.identity: podIdentity needs Karpenter 1.x: 0.31 predates EKS Pod Identity "
            "(Karpenter's guides use it from 0.34 on) and this product supports no release in between; set identity: "
            "irsa (or leave it unset) until `migrate` has moved the cluster to 1.x"
        ],
    ),
    "role annotation in the chart values under podIdentity": (
        cluster_dict(
            karpenter={
                "version": "1.14.1",
                "values": {
                    "serviceAccount": {
                        "annotations": {"eks.amazonaws.com/role-arn": "arn:aws:iam::001234567890:role/x"}
                    }
                },
            }
        ),
        [
            "acme.yaml:8: karpenter.values.serviceAccount: the product writes the controller's ServiceAccount (base/) "
            "and its identity: set karpenter.serviceAccount (its name) and karpenter.identity (irsa, with "
            "karpenter.controllerRole, or podIdentity) instead"
        ],
    ),
    "unknown identity": (
        cluster_dict(karpenter={"version": "1.14.1", "identity": "oidc"}),
        ["acme.yaml:7: karpenter.identity: 'oidc' is not one of 'irsa' or 'podIdentity'"],
    ),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_identity_is_exit_2_with_the_field_and_the_fix(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data, expected = BAD[case]
    assert run_bad_config(tmp_path, data, capsys) == expected


def test_the_role_annotation_in_the_chart_values_is_refused_under_irsa_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The ServiceAccount and its role annotation are the product's (karpenter.controllerRole): values may not set them."""
    data = cluster_dict(
        karpenter={**IRSA, "values": {"serviceAccount": {"annotations": {"eks.amazonaws.com/role-arn": ROLE}}}}
    )
    [problem] = run_bad_config(tmp_path, data, capsys)
    assert "karpenter.values.serviceAccount: the product writes the controller's ServiceAccount" in problem


# --- check-terraform (the association's mismatch cases: tests/cases/terraform-mismatches.yaml) ----------

FIXTURES = Path(__file__).parents[2] / "fixtures"


def test_check_terraform_refuses_an_association_output_of_the_wrong_shape(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    document = json.loads((FIXTURES / "terraform-output-acme.json").read_text())
    document["pod_identity_association"]["value"] = {"namespace": "karpenter"}
    outputs = tmp_path / "outputs.json"
    outputs.write_text(json.dumps(document))
    capsys.readouterr()
    status = main(
        [
            "--clusters",
            str(EXAMPLES_DIR),
            "check-terraform",
            str(outputs),
            "--cluster",
            "acme",
            "--dist",
            str(EXAMPLE_DIST),
        ]
    )
    captured = capsys.readouterr()
    assert (status, captured.out) == (2, "")
    assert captured.err == (
        f"error: {outputs}: outputs of the wrong type: pod_identity_association should be an object of strings or "
        'null, not {"namespace": "karpenter"}; is it the output of the module in terraform/?\n'
    )


# --- plan ----------------------------------------------------------------------------------------------


def test_plan_explains_a_switch_to_pod_identity_and_its_order(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    irsa = cluster_dict(cluster={**BASE_V1["cluster"], "oidcProvider": OIDC}, karpenter=IRSA)
    repo = Repo(tmp_path, irsa)
    status, lines = repo.plan(capsys, cluster_dict(irsa, karpenter={"version": "1.14.1", "identity": "podIdentity"}))
    assert status == 0
    found = entries(lines)
    assert (
        "- **in place** ServiceAccount/karpenter changed: controller identity IRSA → EKS Pod Identity. In AWS "
        "(terraform/ with dist/acme/aws.json): a pod identity association of karpenter/karpenter with role "
        f"{ROLE}, which now trusts pods.eks.amazonaws.com (its OIDC trust stays while cluster.oidcProvider is set). On "
        "the cluster: the ServiceAccount loses its role annotation and the controller pods restart onto Pod Identity "
        "(the eks-pod-identity-agent add-on must run). Order: apply terraform/ before this reaches the cluster; if the "
        "annotation goes first, the restarted controller has no AWS credentials and launches and removes no node until "
        "the association exists. No node is replaced"
    ) in found
    # the restart: the controller's pod template changes with the identity
    assert '  - `spec.values.podAnnotations`: (absent) → `{"karpenter-tenants/identity":"podIdentity"}`' in found


def test_plan_explains_a_switch_back_to_irsa(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pod = cluster_dict(cluster={**BASE_V1["cluster"], "oidcProvider": OIDC})
    repo = Repo(tmp_path, pod)
    status, lines = repo.plan(capsys, cluster_dict(pod, karpenter=IRSA))
    assert status == 0
    [line] = [entry for entry in entries(lines) if entry.startswith("- **in place** ServiceAccount/karpenter")]
    assert line.startswith(
        "- **in place** ServiceAccount/karpenter changed: controller identity EKS Pod Identity → IRSA. In AWS "
        f"(terraform/ with dist/acme/aws.json): role {ROLE} trusts the cluster's OIDC provider for karpenter/karpenter "
        "and the pod identity association is deleted."
    )
    assert line.endswith(
        "Order: the role must trust the OIDC provider before the pods restart: cluster.oidcProvider was already set, so "
        "let this reach the cluster first and apply terraform/ after it. No node is replaced"
    )


def test_plan_says_when_the_switch_also_drops_the_oidc_trust(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Like clusters/acme.yaml: moving to Pod Identity and removing cluster.oidcProvider in one change."""
    irsa = cluster_dict(cluster={**BASE_V1["cluster"], "oidcProvider": OIDC}, karpenter=IRSA)
    repo = Repo(tmp_path, irsa)
    _, lines = repo.plan(capsys, cluster_dict())
    [line] = [entry for entry in entries(lines) if entry.startswith("- **in place** ServiceAccount/karpenter")]
    assert (
        "which now trusts pods.eks.amazonaws.com and no longer the OIDC provider (cluster.oidcProvider is unset): the "
        "running controller keeps its IRSA credentials only until they expire (at most an hour), so let this reach "
        "the cluster soon after. On the cluster:"
    ) in line
    (tmp_path / "back").mkdir()
    _, lines = Repo(tmp_path / "back", cluster_dict()).plan(capsys, cluster_dict(irsa))
    [line] = [entry for entry in entries(lines) if entry.startswith("- **in place** ServiceAccount/karpenter")]
    assert "cluster.oidcProvider was not set before, so apply terraform/ first and this right after" in line


def test_a_changed_role_under_irsa_is_no_identity_switch(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    repo = Repo(tmp_path, cluster_dict(karpenter=IRSA))
    _, lines = repo.plan(capsys, cluster_dict(karpenter={**IRSA, "controllerRole": {"name": "other"}}))
    [line] = [entry for entry in entries(lines) if entry.startswith("- **in place** ServiceAccount/karpenter")]
    assert "identity" not in line


# --- migrate ---------------------------------------------------------------------------------------------


def test_migrate_keeps_a_0_31_cluster_on_irsa() -> None:
    migration = migrate(EXAMPLES_DIR / "acme-legacy.yaml")
    assert migration.config["karpenter"]["identity"] == "irsa"
    assert any(d.startswith("karpenter.identity: irsa written") for d in migration.decisions)
