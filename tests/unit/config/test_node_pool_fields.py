"""config.node_pool_fields, the node pool's field table, against the world: each landing is in its generation's CRDs in
the reference data (0.31.5; every 1.x release there: 1.0.14, 1.14.1, 1.15.2), present from the field's `since` and
absent before; and what the table says is what the product does: a field refused on a release before its `since`
with the table's words, accepted from it; drift reads its behavioral paths."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import BASE_V1, cluster_dict, load
from test_release_api import release_crds

from karpenter_tenants.config.loader import ConfigError
from karpenter_tenants.config.node_pool_fields import BEHAVIORAL, FIELD, FIELDS, V1_ONLY, Landing
from karpenter_tenants.config.versions import Generation, KarpenterVersion

CRD_FILE = {
    "NodePool": "karpenter.sh_nodepools.yaml",
    "EC2NodeClass": "karpenter.k8s.aws_ec2nodeclasses.yaml",
    "NodeOverlay": "karpenter.sh_nodeoverlays.yaml",
    "CapacityBuffer": "autoscaling.x-k8s.io_capacitybuffers.yaml",
    "Provisioner": "karpenter.sh_provisioners.yaml",
    "AWSNodeTemplate": "karpenter.k8s.aws_awsnodetemplates.yaml",
}


def has_path(folder: Path, landing: Landing) -> bool:
    """Whether the kind's CRD in the folder (its v1, else its only version) describes the landing's path."""
    path = folder / CRD_FILE[landing.kind]
    if not path.is_file():
        return False
    crd = yaml.safe_load(path.read_text())
    versions = {v["name"]: v for v in crd["spec"]["versions"]}  # 1.0 still serves v1beta1 beside v1
    schema = versions.get("v1", crd["spec"]["versions"][-1])["schema"]["openAPIV3Schema"]
    if landing.path.startswith("metadata."):
        return "metadata" in schema["properties"]  # the API server's own: a CRD names no metadata field
    for part in landing.path.split("."):
        for step in part.split("[]")[:1]:
            properties = schema.get("properties") or {}
            if step in properties:
                schema = properties[step]
            elif schema.get("additionalProperties"):  # a map (spec.limits): any key is the CRD's
                schema = schema["additionalProperties"] if isinstance(schema["additionalProperties"], dict) else {}
            else:
                return False
        if part.endswith("[]"):
            schema = schema["items"]
    return True


@pytest.mark.parametrize("field", FIELDS, ids=lambda f: f.key)
def test_each_1x_landing_is_in_the_crds_of_the_releases_from_its_since_and_not_before(field: Any, shared: Path) -> None:
    for version, folder in release_crds(shared).items():
        expected = KarpenterVersion.parse(version).at_least(field.since)
        for landing in field.v1:
            assert has_path(folder, landing) is expected, (
                f"{field.key}: {landing.kind} {landing.path} is "
                + ("missing from" if expected else "already in")
                + f" Karpenter {version}'s CRDs ({folder}); the table says since {field.since}"
            )


@pytest.mark.parametrize("field", [f for f in FIELDS if f.v1alpha5], ids=lambda f: f.key)
def test_each_031_landing_is_in_0315s_crds(field: Any, shared: Path) -> None:
    from karpenter_tenants.reference.versions import crd_folder

    folder = crd_folder(shared, "0.31.5")
    assert [landing.path for landing in field.v1alpha5 if not has_path(folder, landing)] == []


def test_every_since_after_1_0_is_tested_by_a_release_before_it_and_one_from_it(shared: Path) -> None:
    """Else the landing test above proves nothing about the release it names."""
    versions = [KarpenterVersion.parse(v) for v in release_crds(shared)]
    for field in FIELDS:
        if field.release.generation is Generation.V1 and field.since != V1_ONLY:
            assert any(v.at_least(field.since) for v in versions) and not all(v.at_least(field.since) for v in versions)


# A tenant's keys that use a field whose release is after 1.0 (each beside BASE_V1's first tenant).
USES: dict[str, dict[str, Any]] = {
    "replicas": {"replicas": 2, "weight": None, "limits": {"nodes": "2"}},
    "overlays": {"overlays": [{"name": "savings", "priceAdjustment": "-10%"}]},
    "buffers": {"namespaces": ["alpha"], "buffers": [{"name": "warm", "requests": {"cpu": "1"}, "replicas": 1}]},
    "capacityReservationSelector": {"capacityReservationSelector": [{"id": "cr-0123456789abcdef0"}]},
    "ami.selectorTerms[].ssmParameter": {"ami": {"family": "AL2023", "selectorTerms": [{"ssmParameter": "/my/ami"}]}},
}


def release_before(version: KarpenterVersion) -> str:
    """The first release of the minor before `version`."""
    return f"{version.major}.{version.minor - 1}.0"


def on_release(tenant: dict[str, Any], version: str) -> dict[str, Any]:
    """BASE_V1 with the tenant, pinned to the release, on a Kubernetes every 1.x release here supports."""
    return cluster_dict(
        tenants=[tenant], karpenter={"version": version}, cluster={**BASE_V1["cluster"], "kubernetesVersion": "1.29"}
    )


@pytest.mark.parametrize("key", sorted(USES))
def test_a_field_is_refused_before_its_release_with_the_tables_words_and_accepted_from_it(
    key: str, tmp_path: Path
) -> None:
    field = FIELD[key]
    tenant = {k: v for k, v in {**BASE_V1["tenants"][0], **USES[key]}.items() if v is not None}
    before = KarpenterVersion.parse(release_before(field.release))
    with pytest.raises(ConfigError) as raised:
        load(tmp_path / "before", on_release(tenant, str(before)))
    expected = field.refusal_older(before)
    assert any(p.message == expected for p in raised.value.problems), [p.message for p in raised.value.problems]
    config = load(tmp_path / "from", on_release(tenant, field.since)).config
    assert config.karpenter.version == field.since


def test_every_1x_field_with_a_release_after_1_0_has_a_use_above() -> None:
    """A field the table gates on a release is exercised by the refusal test (a new one needs a USES line)."""
    gated = {
        f.key for f in FIELDS if f.used is not None and f.release.generation is Generation.V1 and f.since != V1_ONLY
    }
    assert gated == set(USES)


def test_drift_reads_its_behavioral_paths_from_the_table() -> None:
    from karpenter_tenants.kinds.node_pool.drift import BEHAVIORAL as DRIFT_BEHAVIORAL

    for generation in Generation:
        kind = {Generation.V1: "NodePool", Generation.V1ALPHA5: "Provisioner"}[generation]
        table = {
            landing.path
            for field in FIELDS
            for landing in field.landings(generation)
            if landing.kind == kind and landing.drift == BEHAVIORAL
        }
        assert set(DRIFT_BEHAVIORAL[generation]) == table
    # 1.x hashes the template, 0.31 the whole spec but its behavioral fields: expireAfter drifts on one only
    expire = FIELD["disruption.expireAfter"]
    assert [landing.drift for landing in expire.v1] == ["template"] and [l.drift for l in expire.v1alpha5] == [
        BEHAVIORAL
    ]
