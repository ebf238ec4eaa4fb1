"""`migrate`: a 0.31 (v1alpha5) cluster file rewritten for Karpenter 1.x (v1), rule by rule."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import BASE_V1ALPHA5, EXAMPLES_DIR, cluster_dict, objects, write_cluster

from karpenter_tenants.checks.validate import ObjectValidator
from karpenter_tenants.commands.cli import main
from karpenter_tenants.config.loader import load_cluster_file
from karpenter_tenants.convert.importer import import_manifests
from karpenter_tenants.convert.migrate import migrate
from karpenter_tenants.synthesis.render import render_cluster

MANIFESTS = Path(__file__).parents[2] / "manifests"


def migrated(
    tmp_path: Path, tenants: list[dict[str, Any]], **sections: Any
) -> tuple[dict[str, Any], list[str], list[str]]:
    path = write_cluster(tmp_path, cluster_dict(BASE_V1ALPHA5, tenants=tenants, **sections))
    migration = migrate(path)
    return migration.config, migration.changes, migration.decisions


def tenant_changes(changes: list[str], name: str = "alpha") -> list[str]:
    return [c.removeprefix(f"tenant {name}: ") for c in changes if c.startswith(f"tenant {name}: ")]


def test_consolidation_enabled_becomes_when_empty_or_underutilized_with_no_delay(tmp_path: Path) -> None:
    config, changes, _ = migrated(tmp_path, [{"name": "alpha"}])
    assert config["tenants"][0]["disruption"] == {
        "consolidationPolicy": "WhenEmptyOrUnderutilized",
        "consolidateAfter": "0s",
    }
    assert (
        "consolidation.enabled -> consolidationPolicy WhenEmptyOrUnderutilized, consolidateAfter 0s"
        in tenant_changes(changes)
    )


def test_ttl_seconds_after_empty_becomes_when_empty_and_consolidate_after(tmp_path: Path) -> None:
    disruption = {"consolidationPolicy": "WhenEmpty", "consolidateAfter": "30s", "expireAfter": "24h"}
    config, changes, _ = migrated(tmp_path, [{"name": "alpha", "disruption": disruption}])
    assert config["tenants"][0]["disruption"] == disruption
    assert tenant_changes(changes)[2:4] == [
        "ttlSecondsAfterEmpty -> consolidationPolicy WhenEmpty, consolidateAfter 30s",
        "ttlSecondsUntilExpired -> expireAfter 24h",
    ]


def test_no_expiry_stays_never(tmp_path: Path) -> None:
    config, changes, _ = migrated(tmp_path, [{"name": "alpha", "disruption": {"expireAfter": "Never"}}])
    assert config["tenants"][0]["disruption"]["expireAfter"] == "Never"
    assert "ttlSecondsUntilExpired -> expireAfter Never" in tenant_changes(changes)


def test_instance_profiles_become_node_roles_by_the_naming_rule(tmp_path: Path) -> None:
    tenants = [
        {"name": "alpha", "instanceProfile": "karpenter-node-acme-alpha"},
        {"name": "beta", "instanceProfile": "Legacy-Profile"},
    ]
    config, changes, decisions = migrated(tmp_path, tenants)
    assert all("instanceProfile" not in t and "nodeRole" not in t for t in config["tenants"])
    assert (
        "instanceProfile karpenter-node-acme-alpha -> nodeRole karpenter-node-acme-alpha (naming rule)"
        in tenant_changes(changes)
    )
    assert [d for d in decisions if "instanceProfile" in d] == [
        (
            "tenant beta: instanceProfile Legacy-Profile -> nodeRole karpenter-node-acme-beta (terraform/ creates it); if "
            "the nodes must keep the role inside Legacy-Profile, set nodeRole to that role's name"
        )
    ]


def test_default_instance_profile_is_dropped(tmp_path: Path) -> None:
    config, changes, _ = migrated(
        tmp_path, [{"name": "alpha"}], karpenter={"version": "0.31.5", "defaultInstanceProfile": "default-acme"}
    )
    assert "defaultInstanceProfile" not in config["karpenter"]
    assert config["karpenter"]["version"] == "1.14.1"
    assert changes[:2] == [
        "karpenter.version: 0.31.5 -> 1.14.1 (NodePool + EC2NodeClass)",
        "karpenter.defaultInstanceProfile default-acme removed: 1.x creates each node class's instance profile from its role",
    ]


@pytest.mark.parametrize(
    ("family", "alias"), [("AL2", "al2@latest"), ("AL2023", "al2023@latest"), ("Bottlerocket", "bottlerocket@latest")]
)
def test_ami_family_becomes_an_alias_and_asks_to_pin_it(family: str, alias: str, tmp_path: Path) -> None:
    config, changes, decisions = migrated(tmp_path, [{"name": "alpha", "ami": {"family": family}}])
    assert config["tenants"][0]["ami"] == {"alias": alias}
    assert f"amiFamily {family} -> amiSelectorTerms alias {alias}" in tenant_changes(changes)
    assert decisions[0].startswith(f"tenant alpha: pin the AMI version (ami.alias {alias.split('@')[0]}@vYYYYMMDD)")


def test_a_family_without_alias_needs_a_decision(tmp_path: Path) -> None:
    config, _, decisions = migrated(tmp_path, [{"name": "alpha", "ami": {"family": "Ubuntu"}}])
    assert decisions[0] == (
        "tenant alpha: amiFamily Ubuntu has no alias in Karpenter 1.x: give ami.selectorTerms and family (in the 0.31 "
        "file: ami.selectorTerms naming the AMIs its nodes run now, then migrate again), or choose a family that has "
        "one (ami.family AL2023, Bottlerocket, ...)"
    )


def test_custom_family_users_are_told_to_add_the_unregistered_taint(tmp_path: Path) -> None:
    ami = {"family": "Custom", "selectorTerms": [{"id": "ami-0123456789abcdef0"}]}
    config, _, decisions = migrated(tmp_path, [{"name": "alpha", "ami": ami, "userData": "#!/bin/bash\n"}])
    assert config["tenants"][0]["ami"] == ami
    assert [d for d in decisions if "karpenter.sh/unregistered:NoExecute" in d] == [
        "tenant alpha: amiFamily Custom: Karpenter 1.x registers nodes with the taint karpenter.sh/unregistered:NoExecute "
        "and removes it once the node is initialized; Custom user data must add it itself (e.g. kubelet "
        "--register-with-taints=karpenter.sh/unregistered:NoExecute), or the nodes never become ready for Karpenter "
        '(v1 migration guide, "amiSelectorTerms and amiFamily")'
    ]


def test_ubuntu_with_selector_terms_migrates_to_valid_1x_output(tmp_path: Path, shared: Path) -> None:
    ami = {"family": "Ubuntu", "selectorTerms": [{"id": "ami-0123456789abcdef0"}]}
    config, changes, _ = migrated(tmp_path / "in", [{"name": "alpha", "ami": ami}])
    assert any("amiFamily Ubuntu -> AL2 user data with Ubuntu's /dev/sda1 root disk" in c for c in changes)
    path = write_cluster(tmp_path / "out", config)
    node_class = objects(render_cluster(load_cluster_file(path)))["tenants/alpha/ec2nodeclass-alpha.yaml"]
    assert node_class["spec"]["amiFamily"] == "AL2"
    assert [m["deviceName"] for m in node_class["spec"]["blockDeviceMappings"]] == ["/dev/sda1"]
    assert [str(f) for f in ObjectValidator(shared, "1.33").check(node_class)] == []


def test_v1alpha5_implicit_requirement_defaults_are_written_out(tmp_path: Path) -> None:
    requirements = {"defaults": False, "extra": [{"key": "karpenter.sh/provisioner-name", "operator": "Exists"}]}
    config, changes, _ = migrated(tmp_path, [{"name": "alpha", "requirements": requirements}])
    assert config["tenants"][0]["requirements"]["extra"] == [
        {"key": "karpenter.sh/nodepool", "operator": "Exists"},
        {"key": "karpenter.sh/capacity-type", "operator": "In", "values": ["on-demand"]},
        {"key": "kubernetes.io/arch", "operator": "In", "values": ["amd64"]},
        {"key": "kubernetes.io/os", "operator": "In", "values": ["linux"]},
        {"key": "karpenter.k8s.aws/instance-category", "operator": "In", "values": ["c", "m", "r"]},
        {"key": "karpenter.k8s.aws/instance-generation", "operator": "Gt", "values": ["2"]},
    ]
    assert "requirement karpenter.sh/provisioner-name -> karpenter.sh/nodepool" in tenant_changes(changes)


def synthesized_v1(tmp_path: Path, config: dict[str, Any]) -> dict[str, dict[str, Any]]:
    path = write_cluster(tmp_path / "out", config)
    return objects(render_cluster(load_cluster_file(path)))


def test_kubelet_and_split_selectors_land_on_the_ec2_node_class(tmp_path: Path) -> None:
    tenant = {
        "name": "alpha",
        "kubelet": {"maxPods": 58, "evictionHard": {"memory.available": "5%"}},
        "subnetSelector": [{"id": "subnet-0a"}, {"id": "subnet-0b"}],
    }
    config, changes, _ = migrated(tmp_path, [tenant])
    node_class = synthesized_v1(tmp_path, config)["tenants/alpha/ec2nodeclass-alpha.yaml"]["spec"]
    assert node_class["kubelet"] == {"evictionHard": {"memory.available": "5%"}, "maxPods": 58}
    assert node_class["subnetSelectorTerms"] == [{"id": "subnet-0a"}, {"id": "subnet-0b"}]
    assert "kubeletConfiguration -> EC2NodeClass kubelet" in tenant_changes(changes)


def test_the_migrated_example_validates_against_the_1_14_1_crds(tmp_path: Path, shared: Path) -> None:
    config = migrate(EXAMPLES_DIR / "acme-legacy.yaml").config
    found = synthesized_v1(tmp_path, config)
    validator = ObjectValidator(shared, config["cluster"]["kubernetesVersion"])
    assert {obj["kind"] for obj in found.values()} >= {"NodePool", "EC2NodeClass"}
    assert [str(f) for path, obj in found.items() for f in validator.check(obj, path)] == []


def test_imported_0_31_manifests_migrate_to_valid_1x_output(tmp_path: Path, shared: Path) -> None:
    result = import_manifests(sorted(MANIFESTS.glob("v1alpha5-*.yaml")))
    path = write_cluster(
        tmp_path,
        cluster_dict(
            BASE_V1ALPHA5, karpenter={"version": "0.31.5", "defaultInstanceProfile": "d"}, tenants=result.tenants
        ),
    )
    config = migrate(path).config
    config["cluster"]["kubernetesVersion"] = "1.33"
    found = synthesized_v1(tmp_path, config)
    validator = ObjectValidator(shared, "1.33")
    assert len([o for o in found.values() if o["kind"] == "NodePool"]) == len(result.tenants)
    assert [str(f) for path, obj in found.items() for f in validator.check(obj, path)] == []


def test_the_input_is_untouched_unless_write(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_cluster(tmp_path, cluster_dict(BASE_V1ALPHA5))
    before = path.read_text()
    assert main(["migrate", str(path)]) == 0
    captured = capsys.readouterr()
    assert path.read_text() == before
    assert yaml.safe_load(captured.out)["karpenter"]["version"] == "1.14.1"
    assert captured.err.splitlines()[-1].endswith("printed above; --write to replace the file")
    assert main(["migrate", str(path), "--write"]) == 0
    assert yaml.safe_load(path.read_text())["karpenter"]["version"] == "1.14.1"
    assert load_cluster_file(path).config.generation.value == "v1"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--to", "0.31.5"], "--to 0.31.5: migrate goes to Karpenter 1.x (v1 APIs); 0.31.5 is not 1.x"),
        (["--to", "0.36.2"], "--to 0.36.2: Karpenter 0.36.2 is not supported"),
    ],
)
def test_impossible_targets_are_refused(
    args: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_cluster(tmp_path, cluster_dict(BASE_V1ALPHA5))
    assert main(["migrate", str(path), *args]) == 2
    assert message in capsys.readouterr().err


def test_a_cluster_already_on_1x_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["migrate", str(EXAMPLES_DIR / "acme.yaml")]) == 2
    assert "already on the v1 APIs; migrate converts 0.31 (v1alpha5) configs" in capsys.readouterr().err


def test_exact_instance_types_keep_v1alpha5s_category_default_out(tmp_path: Path) -> None:
    """0.31's webhook defaulted instance categories c, m, r only when nothing chose instance types; import writes
    exact types as requirements.instanceTypes, which migrate honours like the raw requirement."""
    tenant = {**BASE_V1ALPHA5["tenants"][0], "requirements": {"defaults": False, "instanceTypes": ["t3.large"]}}
    config, changes, _ = migrated(tmp_path, [tenant])
    [migrated_tenant] = config["tenants"]
    keys = {r["key"] for r in migrated_tenant["requirements"].get("extra", [])}
    assert "karpenter.k8s.aws/instance-category" not in keys and "karpenter.k8s.aws/instance-generation" not in keys
    assert migrated_tenant["requirements"]["instanceTypes"] == ["t3.large"]
    assert any("kubernetes.io/arch" in c for c in tenant_changes(changes))


def _write(tmp_path: Path, *args: str) -> tuple[list[str], list[str]]:
    """migrate --write of a copy of the 0.31 example: (the original's lines, the written file's lines)."""
    source = tmp_path / "acme-legacy.yaml"
    source.write_text((EXAMPLES_DIR / "acme-legacy.yaml").read_text())
    original = source.read_text().splitlines()
    assert main(["migrate", str(source), "--write", *args]) == 0
    return original, source.read_text().splitlines()


def test_migrate_step_prepare_changes_only_the_line_it_adds_and_keeps_every_comment(tmp_path: Path) -> None:
    import difflib

    original, written = _write(tmp_path, "--step", "prepare")
    changed = [line for line in difflib.ndiff(original, written) if line[:1] in "+-"]
    assert changed == [
        "+ # On the Karpenter 0.31 -> 1.x upgrade path (`python main.py migrate acme-legacy.yaml --step prepare`).",
        "+   upgradingFrom: 0.31.5",
    ], changed


def test_migrate_to_1x_keeps_the_comments_and_formatting_of_the_lines_it_does_not_change(tmp_path: Path) -> None:
    import difflib

    original, written = _write(tmp_path)
    removed = [line[2:] for line in difflib.ndiff(original, written) if line.startswith("- ")]
    # Only lines of keys that 1.x changes or drops go; every comment and blank line stays, as written.
    for line in removed:
        assert line.split(":")[0].strip() in {"version", "defaultInstanceProfile", "instanceProfile", "family"}, line
    assert [line for line in original if line.lstrip().startswith("#") or "  # " in line] == [
        line for line in written[1:] if line.lstrip().startswith("#") or "  # " in line
    ]
    # What it wrote is the migration, as the plain dump says it.
    source = tmp_path / "again.yaml"
    source.write_text((EXAMPLES_DIR / "acme-legacy.yaml").read_text())
    assert yaml.safe_load("\n".join(written)) == migrate(source).config


def test_the_second_step_replaces_the_first_steps_header(tmp_path: Path) -> None:
    _write(tmp_path, "--step", "prepare")
    source = tmp_path / "acme-legacy.yaml"
    assert main(["migrate", str(source), "--write", "--step", "stop"]) == 0
    lines = source.read_text().splitlines()
    assert lines[0].startswith("# The 1.0 stop of the Karpenter 0.31 -> 1.x upgrade path")
    assert not any("--step prepare" in line for line in lines)
    assert lines[1:4] == (EXAMPLES_DIR / "acme-legacy.yaml").read_text().splitlines()[:3]


def test_an_escape_sequence_in_to_or_in_the_file_name_is_never_printed_raw(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--to and the cluster file's name are echoed in the messages: ESC (which would clear the screen or set the
    terminal's title) reaches stderr as a space (config.listing.one_line)."""
    path = write_cluster(tmp_path, cluster_dict(BASE_V1ALPHA5))
    assert main(["migrate", str(path), "--to", "1.14.1\x1b[2J"]) == 2
    err = capsys.readouterr().err
    assert "1.14.1 [2J" in err and "\x1b" not in err
    named = write_cluster(tmp_path, cluster_dict(BASE_V1ALPHA5), name="ac\x1b[2Jme")
    assert main(["migrate", str(named)]) == 2
    err = capsys.readouterr().err
    assert "ac [2Jme.yaml" in err and "\x1b" not in err
