"""karpenter.chartSource: digest pins and cosign verification, rendered for Flux and Argo CD, checked by `validate`
(Flux's and Argo CD's CRD schemas, the wiring) and against what upstream documents for its signed charts."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import BASE_V1ALPHA5, cluster_dict, write_cluster

from karpenter_tenants.commands.cli import main

CHART = "sha256:" + "0123456789abcdef" * 4
CRD_CHART = "sha256:" + "fedcba9876543210" * 4
ARGOCD = {"engine": "argocd", "argocd": {"repoURL": "https://git.example/platform.git"}}


def _synth_and_validate(
    tmp_path: Path, data: dict[str, Any], capsys: pytest.CaptureFixture[str], shared: Path
) -> dict[str, dict[str, Any]]:
    clusters, dist = tmp_path / "clusters", tmp_path / "dist"
    write_cluster(clusters, data)
    assert main(["--clusters", str(clusters), "synth", "--out", str(dist)]) == 0
    status = main(["--clusters", str(clusters), "validate", str(dist), "--crds", str(shared)])
    out, err = capsys.readouterr()
    assert status == 0, out + err  # Flux and Argo CD CRD schemas, CEL, the wiring
    return {
        p.relative_to(dist / "acme").as_posix(): yaml.safe_load(p.read_text())
        for p in (dist / "acme").rglob("*.yaml")
        if p.name != "kustomization.yaml"
    }


def test_flux_pins_digests_and_verifies_with_karpenters_release_identity(tmp_path, capsys, shared):
    data = cluster_dict(
        karpenter={
            "version": "1.14.1",
            "chartSource": {
                "verify": {"provider": "cosign"},
                "digests": {"karpenter": CHART, "karpenter-crd": CRD_CHART},
            },
        }
    )
    rendered = _synth_and_validate(tmp_path, data, capsys, shared)
    for chart, digest in (("karpenter", CHART), ("karpenter-crd", CRD_CHART)):
        spec = rendered[f"{chart}/ocirepository-{chart}.yaml"]["spec"]
        assert spec["ref"] == {"digest": digest, "tag": "1.14.1"}  # the digest takes precedence (Flux API)
        assert spec["verify"]["provider"] == "cosign"
        [identity] = spec["verify"]["matchOIDCIdentity"]
        # What Karpenter's chart README tells users to verify: its release workflow, GitHub's OIDC issuer, the tag.
        readme = (shared / "karpenter/v1.14.1/karpenter/README.md").read_text()
        issuer = re.search(r"--certificate-oidc-issuer=(\S+)", readme)[1]  # type: ignore[index]
        upstream_identity = re.search(r"--certificate-identity-regexp='([^']+)'", readme)[1]  # type: ignore[index]
        signed_by = "https://github.com/aws/karpenter-provider-aws/.github/workflows/release.yaml@refs/tags/v1.14.1"
        assert re.fullmatch(upstream_identity, signed_by)
        assert re.search(identity["issuer"], issuer) and not re.search(identity["issuer"], issuer + ".evil")
        assert re.search(identity["subject"], signed_by)
        other_tag = signed_by.replace("v1.14.1", "v1.14.10")
        forked = signed_by.replace("aws/karpenter-provider-aws", "someone/karpenter-provider-aws")
        assert not re.search(identity["subject"], other_tag) and not re.search(identity["subject"], forked)


def test_without_a_source_setting_the_charts_are_pulled_by_tag_unverified(tmp_path, capsys, shared):
    rendered = _synth_and_validate(tmp_path, cluster_dict(), capsys, shared)
    spec = rendered["karpenter/ocirepository-karpenter.yaml"]["spec"]
    assert spec["ref"] == {"tag": "1.14.1"} and "verify" not in spec


def test_argocd_pins_a_digest_through_an_oci_source(tmp_path, capsys, shared):
    data = cluster_dict(
        gitops=ARGOCD, karpenter={"version": "1.14.1", "chartSource": {"digests": {"karpenter": CHART}}}
    )
    rendered = _synth_and_validate(tmp_path, data, capsys, shared)
    pinned = rendered["argocd/apps/application-acme-karpenter.yaml"]["spec"]["source"]
    assert {k: pinned[k] for k in ("repoURL", "path", "targetRevision")} == {
        "repoURL": "oci://public.ecr.aws/karpenter/karpenter",
        "path": ".",
        "targetRevision": CHART,
    }
    assert "chart" not in pinned and pinned["helm"]["releaseName"] == "karpenter"
    unpinned = rendered["argocd/apps/application-acme-karpenter-crd.yaml"]["spec"]["source"]
    assert (unpinned["chart"], unpinned["targetRevision"]) == ("karpenter-crd", "1.14.1")


def test_a_031_flux_cluster_can_pin_its_chart(tmp_path, capsys, shared):
    data = cluster_dict(
        BASE_V1ALPHA5, karpenter={"version": "0.31.5", "chartSource": {"digests": {"karpenter": CHART}}}
    )
    rendered = _synth_and_validate(tmp_path, data, capsys, shared)
    assert rendered["karpenter/ocirepository-karpenter.yaml"]["spec"]["ref"] == {"digest": CHART, "tag": "v0.31.5"}


BAD: dict[str, tuple[dict[str, Any], str]] = {
    "digest not sha256": (
        cluster_dict(karpenter={"version": "1.14.1", "chartSource": {"digests": {"karpenter": "sha256:ABC"}}}),
        "acme.yaml:8: karpenter.chartSource.digests: karpenter: 'sha256:ABC' is not an OCI digest: 'sha256:' and 64 "
        "lowercase hex digits (e.g. from `crane digest public.ecr.aws/karpenter/karpenter:<version>`)",
    ),
    "digest of an unknown chart": (
        cluster_dict(karpenter={"version": "1.14.1", "chartSource": {"digests": {"karpentr": CHART}}}),
        "acme.yaml:8: karpenter.chartSource.digests: 'karpentr' is not a chart this cluster installs: one of "
        "karpenter, karpenter-crd",
    ),
    "karpenter-crd digest on 0.31": (
        cluster_dict(
            BASE_V1ALPHA5, karpenter={"version": "0.31.5", "chartSource": {"digests": {"karpenter-crd": CHART}}}
        ),
        "acme.yaml:9: karpenter.chartSource.digests: 'karpenter-crd' is not a chart this cluster installs: one of "
        "karpenter",
    ),
    "verify on 0.31, whose charts are unsigned": (
        cluster_dict(BASE_V1ALPHA5, karpenter={"version": "0.31.5", "chartSource": {"verify": {"provider": "cosign"}}}),
        "acme.yaml:9: karpenter.chartSource.verify: Karpenter 0.31.5's charts are not signed: upstream signs its OCI "
        "charts (cosign keyless, from its GitHub release workflow) from 0.35.0 on (aws/karpenter-provider-aws#5609); "
        "remove verify and pin chartSource.digests instead",
    ),
    "verify with Argo CD": (
        cluster_dict(gitops=ARGOCD, karpenter={"version": "1.14.1", "chartSource": {"verify": {"provider": "cosign"}}}),
        "acme.yaml:8: karpenter.chartSource.verify: Argo CD cannot verify chart signatures: it checks GnuPG "
        "signatures of Git commits only, not cosign signatures of Helm OCI charts; remove verify and pin "
        "karpenter.chartSource.digests instead (or use gitops.engine flux)",
    ),
    "subject not a regular expression": (
        cluster_dict(
            karpenter={"version": "1.14.1", "chartSource": {"verify": {"provider": "cosign", "subject": "(("}}}
        ),
        "acme.yaml:10: karpenter.chartSource.verify.subject: '((' is not a regular expression (missing ), "
        "unterminated subpattern at position 1)",
    ),
    "verify without a provider": (
        cluster_dict(karpenter={"version": "1.14.1", "chartSource": {"verify": {}}}),
        "acme.yaml:8: karpenter.chartSource.verify.provider: required key 'provider' is missing",
    ),
}


@pytest.mark.parametrize("case", BAD)
def test_bad_chart_source_is_exit_2_with_the_exact_message(case, tmp_path, capsys):
    data, message = BAD[case]
    clusters = tmp_path / "clusters"
    write_cluster(clusters, data)
    assert main(["--clusters", str(clusters), "synth", "--out", str(tmp_path / "dist")]) == 2
    err = capsys.readouterr().err
    assert not (tmp_path / "dist").exists()
    assert [line.strip().replace(f"{clusters}/", "") for line in err.splitlines()[1:]] == [message]
