"""`import`: existing Karpenter manifests -> tenants; synthesizing them reproduces the manifests field by
field, modulo the documented defaults (docs/import-migrate.md)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import BASE_V1, BASE_V1ALPHA5, cluster_dict, load, objects

from karpenter_tenants.commands.cli import main
from karpenter_tenants.convert.importer import import_manifests
from karpenter_tenants.synthesis.render import render_cluster

MANIFESTS = Path(__file__).parents[2] / "manifests"
V1_METADATA = {
    "httpEndpoint": "enabled",
    "httpProtocolIPv6": "disabled",
    "httpPutResponseHopLimit": 1,
    "httpTokens": "required",
}
V1ALPHA5_METADATA = {**V1_METADATA, "httpPutResponseHopLimit": 2}
ALIAS_FAMILY = {
    "al2": "AL2",
    "al2023": "AL2023",
    "bottlerocket": "Bottlerocket",
    "windows2019": "Windows2019",
    "windows2022": "Windows2022",
    "windows2025": "Windows2025",
}


def default_disks(family: str, root_flag: bool) -> list[dict[str, Any]]:
    """Karpenter's own disks for an AMI family (tests/unit/synthesis/test_root_disks.py), encrypted gp3, as synth writes them."""
    from test_root_disks import AL, BOTTLEROCKET, UBUNTU, WINDOWS

    layout = {"AL2": AL, "AL2023": AL, "Bottlerocket": BOTTLEROCKET, "Ubuntu": UBUNTU, "Custom": []}.get(
        family, WINDOWS
    )
    return [
        {
            "deviceName": device,
            "ebs": {"deleteOnTermination": True, "encrypted": True, "volumeSize": size, "volumeType": "gp3"},
            **({"rootVolume": True} if root_flag and root else {}),
        }
        for device, size, root in layout
    ]


def documents(path: Path) -> list[dict[str, Any]]:
    return [d for d in yaml.safe_load_all(path.read_text()) if d]


def sort_requirements(spec: dict[str, Any]) -> None:
    if "requirements" in spec:
        spec["requirements"] = sorted(
            ({**r, "values": [str(v) for v in r["values"]]} if "values" in r else r for r in spec["requirements"]),
            key=lambda r: r["key"],
        )


def expected(manifest: dict[str, Any], pools: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """The input objects with the documented defaults applied, as synth writes them."""
    found = []
    kind = manifest["kind"]
    obj = {
        "apiVersion": manifest["apiVersion"],
        "kind": kind,
        "metadata": {"name": manifest["metadata"]["name"]},
        "spec": copy.deepcopy(manifest["spec"]),
    }
    spec = obj["spec"]
    if kind == "NodePool":
        template = spec["template"]
        template.setdefault("metadata", {}).setdefault("labels", {})["tenant"] = obj["metadata"]["name"]
        template["spec"].setdefault("expireAfter", "720h")
        spec.setdefault("disruption", {}).setdefault("consolidationPolicy", "WhenEmptyOrUnderutilized")
        spec["disruption"].setdefault("consolidateAfter", "0s")
        if "limits" in spec:
            spec["limits"] = {k: str(v) for k, v in spec["limits"].items()}
        sort_requirements(template["spec"])
        found.append(obj)
    elif kind == "EC2NodeClass":
        for pool in (
            p
            for p in pools.values()
            if p["spec"]["template"]["spec"]["nodeClassRef"]["name"] == obj["metadata"]["name"]
        ):
            copy_ = copy.deepcopy(obj)
            copy_["metadata"]["name"] = pool["metadata"]["name"]
            node_class = copy_["spec"]
            node_class["tags"] = {**node_class.get("tags", {}), "tenant": pool["metadata"]["name"]}
            node_class.setdefault("metadataOptions", V1_METADATA)
            terms = node_class["amiSelectorTerms"]
            family = node_class.get("amiFamily") or ALIAS_FAMILY[terms[0]["alias"].split("@")[0]]
            if "blockDeviceMappings" not in node_class and default_disks(family, True):
                node_class["blockDeviceMappings"] = default_disks(family, True)
            node_class.setdefault("associatePublicIPAddress", False)
            found.append(copy_)
    elif kind == "Provisioner":
        provider = spec.pop("provider", None)
        spec["providerRef"] = {"name": obj["metadata"]["name"]}
        spec["labels"] = {**spec.get("labels", {}), "tenant": obj["metadata"]["name"]}
        if spec.get("consolidation") == {"enabled": False}:
            del spec["consolidation"]
        if "limits" in spec:
            spec["limits"]["resources"] = {k: str(v) for k, v in spec["limits"]["resources"].items()}
        sort_requirements(spec)
        found.append(obj)
        if provider is not None:
            found += expected(
                {
                    "apiVersion": "karpenter.k8s.aws/v1alpha1",
                    "kind": "AWSNodeTemplate",
                    "metadata": {"name": obj["metadata"]["name"]},
                    "spec": provider,
                },
                pools,
            )
    elif kind == "AWSNodeTemplate":
        spec["tags"] = {**spec.get("tags", {}), "tenant": obj["metadata"]["name"]}
        spec["metadataOptions"] = {**V1ALPHA5_METADATA, **spec.get("metadataOptions", {})}
        spec.setdefault("amiFamily", "AL2")
        if "blockDeviceMappings" not in spec and default_disks(spec["amiFamily"], False):
            spec["blockDeviceMappings"] = default_disks(spec["amiFamily"], False)
        found.append(obj)
    return found


def synthesized(tmp_path: Path, path: Path) -> tuple[list[dict[str, Any]], Any]:
    result = import_manifests([path])
    base = BASE_V1 if result.generation.value == "v1" else BASE_V1ALPHA5
    cluster = load(tmp_path, cluster_dict(base, tenants=result.tenants))
    found = []
    for file, obj in objects(render_cluster(cluster)).items():
        if file.startswith("tenants/"):
            obj["metadata"] = {"name": obj["metadata"]["name"]}
            spec = obj["spec"]
            sort_requirements(spec.get("template", {}).get("spec", spec))
            found.append(obj)
    return sorted(found, key=lambda o: (o["kind"], o["metadata"]["name"])), result


def manifest_files() -> list[Path]:
    return sorted(MANIFESTS.glob("*.yaml"))


def test_the_round_trip_corpus_covers_both_generations_and_the_listed_fields() -> None:
    files = manifest_files()
    assert len(files) >= 15
    text = "\n".join(p.read_text() for p in files)
    for field in (
        "minValues",
        "kubelet:",
        "kubeletConfiguration",
        "userData",
        "ssmParameter",
        "owner:",
        "instanceStorePolicy",
        "snapshotID",
        "detailedMonitoring",
        "associatePublicIPAddress",
        "schedule:",
        "reasons:",
        "annotations:",
        "terminationGracePeriod",
        "consolidation:",
        "ttlSecondsAfterEmpty",
        "ttlSecondsUntilExpired",
        "weight:",
        "provider:",
        "aws::ids",
        "aws-ids",
        "capacityReservationSelectorTerms",
        '"reserved"',
        "ownerID",
    ):
        assert field in text, f"no manifest uses {field}"
    assert {d["kind"] for p in files for d in documents(p)} == {
        "NodePool",
        "EC2NodeClass",
        "Provisioner",
        "AWSNodeTemplate",
    }


@pytest.mark.parametrize("path", manifest_files(), ids=lambda p: p.stem)
def test_import_then_synth_reproduces_the_manifests(path: Path, tmp_path: Path) -> None:
    found, result = synthesized(tmp_path, path)
    assert result.unsupported == []
    inputs = documents(path)
    pools = {d["metadata"]["name"]: d for d in inputs if d["kind"] == "NodePool"}
    want = sorted((o for d in inputs for o in expected(d, pools)), key=lambda o: (o["kind"], o["metadata"]["name"]))
    assert found == want


def test_fields_the_model_cannot_express_are_reported_by_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    manifest = documents(MANIFESTS / "v1-basic.yaml")
    manifest[0]["spec"]["replicas"] = 3
    manifest[0]["spec"]["limits"]["example.com/fpga"] = 8
    manifest[1]["spec"]["context"] = "reservation"
    manifest[1]["spec"]["amiFamily"] = "Bottlerocket"
    manifest[1]["spec"]["blockDeviceMappings"] = [
        {
            "deviceName": "/dev/xvda",
            "rootVolume": True,
            "ebs": {"volumeSize": "20Gi", "snapshotID": "snap-0123456789abcdef0", "volumeInitializationRate": 300},
        }
    ]
    path = tmp_path / "in.yaml"
    path.write_text(yaml.safe_dump_all(manifest))
    status = main(["import", str(path)])
    err = capsys.readouterr().err.splitlines()
    assert status == 1
    where_pool, where_class = f"{path} (document 1, NodePool/default)", f"{path} (document 2, EC2NodeClass/default)"
    assert sorted(line for line in err if line.startswith("unsupported:")) == [
        f"unsupported: {where_pool}: spec.limits.example.com/fpga: not expressible in the config model",
        f"unsupported: {where_pool}: spec.replicas: not expressible in the config model",
        f"unsupported: {where_class}: spec.amiFamily: Bottlerocket contradicts the alias's family AL2023",
        f"unsupported: {where_class}: spec.blockDeviceMappings[0].ebs.volumeInitializationRate: not expressible in "
        "the config model",
        f"unsupported: {where_class}: spec.context: not expressible in the config model",
    ]
    assert err[-1] == "import: 1 tenant, 5 field(s) not expressible (listed above)"


def test_the_output_of_an_import_with_unsupported_fields_still_synthesizes(tmp_path: Path) -> None:
    manifest = documents(MANIFESTS / "v1-basic.yaml")
    manifest[1]["spec"]["blockDeviceMappings"] = [
        {
            "deviceName": "/dev/xvda",
            "rootVolume": True,
            "ebs": {"volumeSize": "20Gi", "snapshotID": "snap-0123456789abcdef0", "volumeInitializationRate": 300},
        }
    ]
    path = tmp_path / "in.yaml"
    path.write_text(yaml.safe_dump_all(manifest))
    result = import_manifests([path])
    assert result.unsupported
    render_cluster(load(tmp_path, cluster_dict(tenants=result.tenants)))  # no config error


def test_custom_beside_an_alias_is_kept_and_an_implied_family_is_dropped(tmp_path: Path) -> None:
    for family, kept in (
        ("Custom", {"alias": "al2023@v20261101", "family": "Custom"}),
        ("AL2023", {"alias": "al2023@v20261101"}),
    ):
        manifest = documents(MANIFESTS / "v1-basic.yaml")
        manifest[1]["spec"]["amiSelectorTerms"] = [{"alias": "al2023@v20261101"}]
        manifest[1]["spec"]["amiFamily"] = family
        path = tmp_path / f"{family}.yaml"
        path.write_text(yaml.safe_dump_all(manifest))
        result = import_manifests([path])
        assert result.unsupported == []
        assert result.tenants[0]["ami"] == kept


def test_unresolved_placeholders_are_an_import_error_naming_each_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    manifest = documents(MANIFESTS / "v1-basic.yaml")
    manifest[1]["spec"]["role"] = "KarpenterNodeRole-${CLUSTER_NAME}"
    manifest[1]["spec"]["subnetSelectorTerms"] = [{"tags": {"karpenter.sh/discovery": "${CLUSTER_NAME}"}}]
    path = tmp_path / "in.yaml"
    path.write_text(yaml.safe_dump_all(manifest))
    assert main(["import", str(path)]) == 2
    err = capsys.readouterr().err
    where = f"{path} (document 2, EC2NodeClass/default)"
    assert f"{where}: spec.role: unresolved placeholder 'KarpenterNodeRole-${{CLUSTER_NAME}}': substitute it" in err
    assert f"{where}: spec.subnetSelectorTerms[0].tags.karpenter.sh/discovery: unresolved placeholder" in err
    assert "Traceback" not in err


BAD = {
    "unknown kind": (
        "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec: {}\n",
        "unknown kind Deployment (apps/v1): import reads karpenter.sh/v1alpha5 Provisioner",
    ),
    "missing spec": (
        "apiVersion: karpenter.sh/v1\nkind: NodePool\nmetadata: {name: a}\n",
        "no spec: a NodePool needs one",
    ),
    "YAML error": ("apiVersion: karpenter.sh/v1\nkind: [NodePool\n", "YAML syntax error"),
    "provider and providerRef": (
        "apiVersion: karpenter.sh/v1alpha5\nkind: Provisioner\nmetadata: {name: a}\n"
        "spec: {providerRef: {name: a}, provider: {instanceProfile: p}}\n",
        "spec sets both provider and providerRef; Karpenter 0.31 accepts one",
    ),
    "dangling nodeClassRef": (
        "apiVersion: karpenter.sh/v1\nkind: NodePool\nmetadata: {name: a}\n"
        "spec: {template: {spec: {nodeClassRef: {group: karpenter.k8s.aws, kind: EC2NodeClass, name: missing}, requirements: []}}}\n",
        "spec.template.spec.nodeClassRef names EC2NodeClass 'missing', which is not in the input",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_manifests_are_rejected_with_exit_2_and_no_traceback(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text, message = BAD[case]
    path = tmp_path / "in.yaml"
    path.write_text(text)
    status = main(["import", str(path)])
    captured = capsys.readouterr()
    assert status == 2
    assert message in captured.err and str(path) in captured.err
    assert "Traceback" not in captured.err and captured.out == ""


def test_gpu_limits_requirements_and_reservations_are_carried(tmp_path: Path) -> None:
    manifest = documents(MANIFESTS / "v1-basic.yaml")
    manifest[0]["spec"]["limits"].update({"nvidia.com/gpu": 8, "nodes": 4})
    manifest[0]["spec"]["template"]["spec"]["requirements"].append(
        {"key": "karpenter.k8s.aws/instance-gpu-manufacturer", "operator": "In", "values": ["nvidia"]}
    )
    manifest[1]["spec"]["capacityReservationSelectorTerms"] = [{"id": "cr-0123456789abcdef0"}]
    path = tmp_path / "in.yaml"
    path.write_text(yaml.safe_dump_all(manifest))
    result = import_manifests([path])
    assert result.unsupported == []
    [tenant] = result.tenants
    assert (tenant["limits"]["nvidia.com/gpu"], tenant["limits"]["nodes"]) == ("8", "4")
    assert tenant["capacityReservationSelector"] == [{"id": "cr-0123456789abcdef0"}]
    node_pool = objects(render_cluster(load(tmp_path, cluster_dict(tenants=result.tenants))))[
        "tenants/default/nodepool-default.yaml"
    ]
    assert node_pool["spec"]["limits"]["nvidia.com/gpu"] == "8"


def test_reserved_capacity_without_reservations_is_refused_by_import(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Karpenter would never launch reserved capacity without capacityReservationSelectorTerms; the model rejects
    `reserved` without them, written as capacityTypes or as the raw requirement import writes."""
    manifest = documents(MANIFESTS / "v1-capacity-reservations.yaml")
    del manifest[1]["spec"]["capacityReservationSelectorTerms"]
    path = tmp_path / "in.yaml"
    path.write_text(yaml.safe_dump_all(manifest))
    status = main(["import", str(path)])
    captured = capsys.readouterr()
    assert (status, captured.out) == (2, "")
    assert captured.err.splitlines() == [
        "error: cannot import (1 problem):",
        f"  {path} (document 1, NodePool/reserved): drafted as tenant 'reserved': capacity type 'reserved' needs "
        "capacityReservationSelector: the reservations the tenant may use; it cannot be a tenant as it is",
    ]


def test_exact_instance_types_are_imported_as_the_typed_instance_types() -> None:
    result = import_manifests([MANIFESTS / "v1alpha5-inline-provider.yaml"])
    [tenant] = result.tenants
    assert tenant["requirements"]["instanceTypes"] == ["m5.large", "m5.xlarge", "m5.2xlarge"]
    assert all(r["key"] != "node.kubernetes.io/instance-type" for r in tenant["requirements"].get("extra", []))


def test_names_and_keys_read_from_the_manifests_are_printed_as_one_line_of_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A NodePool named `a<ESC>[2Jb` (a terminal's clear-screen) or a field key with a newline is printed through
    config.listing.one_line: the problem, note and unsupported lines carry no control character."""
    from karpenter_tenants.config.listing import one_line

    manifest = documents(MANIFESTS / "v1-basic.yaml")
    manifest[0]["metadata"]["name"] = "a\x1b[2Jb"
    path = tmp_path / "in.yaml"
    path.write_text(yaml.safe_dump_all(manifest))
    status = main(["import", str(path)])
    err = capsys.readouterr().err
    assert status == 2
    assert f"{path} (document 1, NodePool/a [2Jb): drafted as tenant 'a [2Jb', its name" in err
    assert one_line(err.replace("\n", "")) == err.replace("\n", ""), repr(err)

    manifest = documents(MANIFESTS / "v1-basic.yaml")
    manifest[0]["spec"]["x\x1b]0;owned\x07\nunsupported: forged"] = 1
    path.write_text(yaml.safe_dump_all(manifest))
    status = main(["import", str(path)])
    err = capsys.readouterr().err
    assert status == 1
    lines = err.splitlines()
    assert [line for line in lines if line.startswith("unsupported:")] == [
        f"unsupported: {path} (document 1, NodePool/default): spec.x ]0;owned  unsupported: forged: not expressible in "
        "the config model"
    ]
    assert one_line(err.replace("\n", "")) == err.replace("\n", ""), repr(err)


def test_a_file_without_node_pools_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Round 9 (r9-import-017): `no Provisioner or NodePool found in the input` named no file."""
    path = tmp_path / "empty.yaml"
    path.write_text("")
    assert main(["import", str(path)]) == 2
    assert capsys.readouterr().err.splitlines() == [
        "error: cannot import (1 problem):",
        f"  {path}: no Provisioner or NodePool found (the manifests import reads)",
    ]
