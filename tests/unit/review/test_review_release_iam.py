"""review/release_iam.py: a Karpenter release change says what upstream's controller policy changes between the two
releases (their getting-started CloudFormation in the reference data), or that one has no reference."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import BASE_V1, write_cluster

from karpenter_tenants.commands.cli import main
from karpenter_tenants.review.release_iam import policy_note, reference_policy, statement_differences


def test_each_reference_release_has_a_controller_policy_read_by_sid(shared: Path) -> None:
    for version in ("0.31.5", "0.37.8", "1.0.14", "1.14.1"):
        policy = reference_policy(shared, version)
        assert isinstance(policy, dict) and "AllowPassingInstanceRole" in policy, (version, policy)
        assert all(isinstance(statement.get("Action"), (str, list)) for statement in policy.values())


def test_an_upgrade_names_what_upstream_adds_to_the_controller_policy(shared: Path) -> None:
    """1.0.14 → 1.14.1 (the upgrade path's stop to the current line): upstream added statements between the two."""
    before, after = reference_policy(shared, "1.0.14"), reference_policy(shared, "1.14.1")
    assert isinstance(before, dict) and isinstance(after, dict)
    new = sorted(after.keys() - before.keys())
    assert new, "upstream's 1.14.1 policy has statements 1.0.14's lacks"
    note = policy_note("1.0.14", "1.14.1", "acme/aws.json", shared)
    for sid in new:
        assert f"{sid} added: " in note
    assert note.endswith("before the controller is upgraded")
    assert statement_differences(after, after) == []
    assert "is the same in both releases" in policy_note("1.14.1", "1.14.1", "acme/aws.json", shared)


def test_a_release_without_a_reference_is_said_unchecked(tmp_path: Path, shared: Path) -> None:
    note = policy_note("1.14.1", "1.15.2", "acme/aws.json", shared)
    assert (
        "Karpenter 1.14.1 → 1.15.2: the controller policy terraform/ applies (dist/acme/aws.json "
        "iam.controller_policy) was not checked against upstream's for 1.15.2"
    ) in note
    assert "fetch-reference" in note
    assert "not checked against upstream's for 1.14.1 and 1.15.2" in policy_note(
        "1.14.1", "1.15.2", "a/aws.json", tmp_path
    )


@pytest.mark.parametrize(
    "content",
    [
        "Resources: [1]\n",
        "{{{",
        "Resources:\n  P:\n    Type: AWS::IAM::ManagedPolicy\n"
        "    Properties:\n      PolicyDocument: !Sub '{not json'\n",
        "\0\1",
    ],
)
def test_a_damaged_reference_template_is_said_not_read(content: str, tmp_path: Path) -> None:
    path = tmp_path / "karpenter/v1.14.1/iam/cloudformation.yaml"
    path.parent.mkdir(parents=True)
    path.write_text(content)
    found = reference_policy(tmp_path, "1.14.1")
    assert isinstance(found, str) and (found.endswith(")") and "could not be read" in found), found


def test_plan_of_a_release_bump_says_whether_iam_was_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """1.14.1 → 1.15.2 changes only karpenter.version in aws.json: plan says the controller policy was not checked
    against 1.15.2's (no getting-started reference for it here), in one line."""
    import subprocess

    clusters, dist = tmp_path / "clusters", tmp_path / "dist"
    write_cluster(clusters, BASE_V1)
    assert main(["--clusters", str(clusters), "synth", "--out", str(dist)]) == 0
    for args in (
        ("init", "-q"),
        ("add", "-A"),
        ("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "base"),
    ):
        subprocess.run(["git", *args], cwd=tmp_path, check=True)
    write_cluster(
        clusters,
        {
            **BASE_V1,
            "karpenter": {"version": "1.15.2", "compatibility": {"minK8sVersion": "1.27", "maxK8sVersion": "1.36"}},
        },
    )
    capsys.readouterr()
    assert main(["--clusters", str(clusters), "plan", "--base", "HEAD", "--dist", str(dist)]) in (0, 3)
    lines = [line for line in capsys.readouterr().out.splitlines() if "ControllerPolicy/" in line]
    assert len(lines) == 1
    assert (
        "Karpenter 1.14.1 → 1.15.2: the controller policy terraform/ applies (dist/acme/aws.json iam.controller_policy) "
        "was not checked against upstream's for 1.15.2" in lines[0]
    )
