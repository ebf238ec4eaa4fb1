"""Several node pools of one customer in, one tenant with `pools` out (issue 25 item 1): `import` groups NodePools by
what the product writes for a tenant (its tenant label and taint, the EC2NodeClass they share), `import-nodegroups`
groups node groups by their tenant label or taint, and `migrate --pools` makes 0.31 tenants (one Provisioner each)
the pools of one 1.x tenant, on the upgrade path too. Tested against the product itself: what they write
synthesizes to NodePools `<tenant>-<pool>` on the tenant's one EC2NodeClass that upstream's CRDs accept, and the
product's own dist/ imports back to the tenants it was synthesized from."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import BASE_V1, BASE_V1ALPHA5, EXAMPLE_DIST, EXAMPLES_DIR, cluster_dict, load, objects

from karpenter_tenants.checks.validate import ObjectValidator
from karpenter_tenants.commands.cli import main
from karpenter_tenants.config.loader import load_cluster_file
from karpenter_tenants.convert.importer import import_manifests
from karpenter_tenants.synthesis.render import render_cluster

ACME = EXAMPLE_DIST / "acme"


def node_objects(files: dict[str, str]) -> dict[str, dict[str, Any]]:
    """The NodePools and EC2NodeClasses of rendered files, by kind/name."""
    return {
        f"{o['kind']}/{o['metadata']['name']}": o
        for path, o in objects(files).items()
        if o.get("kind") in ("NodePool", "EC2NodeClass")
    }


def dist_objects(folder: Path) -> dict[str, dict[str, Any]]:
    found = {}
    for path in sorted(folder.glob("tenants/*/*.yaml")):
        obj = yaml.safe_load(path.read_text())
        if obj and obj.get("kind") in ("NodePool", "EC2NodeClass"):
            found[f"{obj['kind']}/{obj['metadata']['name']}"] = obj
    return found


def sorted_requirements(obj: dict[str, Any]) -> dict[str, Any]:
    """Requirements compared as a set (their order means nothing to Karpenter; import documents it)."""
    obj = copy.deepcopy(obj)
    spec = obj["spec"].get("template", {}).get("spec")
    if spec and "requirements" in spec:
        spec["requirements"] = sorted(spec["requirements"], key=lambda r: json.dumps(r, sort_keys=True))
    return obj


def assert_valid(shared: Path, found: dict[str, dict[str, Any]]) -> None:
    validator = ObjectValidator(shared, "1.33")
    for name, obj in found.items():
        assert validator.check(obj, name) == [], name


def write(tmp_path: Path, name: str, docs: list[dict[str, Any]]) -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump_all(docs, sort_keys=False))
    return path


def pool(
    name: str,
    node_class: str,
    labels: dict[str, str] | None = None,
    taints: list[dict[str, str]] | None = None,
    **spec: Any,
) -> dict[str, Any]:
    template: dict[str, Any] = {
        "spec": {
            "nodeClassRef": {"group": "karpenter.k8s.aws", "kind": "EC2NodeClass", "name": node_class},
            "requirements": [{"key": "karpenter.sh/capacity-type", "operator": "In", "values": ["on-demand"]}],
            **({"taints": taints} if taints else {}),
        }
    }
    if labels:
        template["metadata"] = {"labels": labels}
    return {
        "apiVersion": "karpenter.sh/v1",
        "kind": "NodePool",
        "metadata": {"name": name},
        "spec": {"template": template, **spec},
    }


def node_class(name: str, role: str = "node-gamma", **spec: Any) -> dict[str, Any]:
    return {
        "apiVersion": "karpenter.k8s.aws/v1",
        "kind": "EC2NodeClass",
        "metadata": {"name": name},
        "spec": {
            "role": role,
            "amiSelectorTerms": [{"alias": "al2023@v20261101"}],
            "subnetSelectorTerms": [{"tags": {"karpenter.sh/discovery": "acme"}}],
            "securityGroupSelectorTerms": [{"tags": {"karpenter.sh/discovery": "acme"}}],
            **spec,
        },
    }


TAINT = [{"key": "tenant", "value": "gamma", "effect": "NoSchedule"}]


# --- import ---------------------------------------------------------------------------------------------


def test_the_products_own_node_pools_import_back_to_its_tenants_and_synthesize_the_same_objects(
    tmp_path: Path, shared: Path
) -> None:
    """dist/acme (alpha, beta and gamma's two pools) imported and synthesized again: the same NodePools and
    EC2NodeClasses, gamma's pools on its one node class, each upstream-valid."""
    files = sorted(ACME.glob("tenants/*/nodepool-*.yaml")) + sorted(ACME.glob("tenants/*/ec2nodeclass-*.yaml"))
    result = import_manifests(files)
    assert (result.unsupported, [t["name"] for t in result.tenants]) == ([], ["alpha", "beta", "gamma"])
    gamma = result.tenants[2]
    assert [p["name"] for p in gamma["pools"]] == ["general", "gpu"]
    assert gamma["pools"][0]["weight"] == 50 and "weight" not in gamma["pools"][1]
    assert gamma["pools"][1]["taints"] == [{"key": "nvidia.com/gpu", "effect": "NoSchedule"}]
    assert all("pools" not in t for t in result.tenants[:2])  # one node pool: a tenant without pools, as before
    example = yaml.safe_load((EXAMPLES_DIR / "acme.yaml").read_text())
    found = node_objects(
        render_cluster(load(tmp_path, cluster_dict(BASE_V1, cluster=example["cluster"], tenants=result.tenants)))
    )
    want = dist_objects(ACME)
    assert sorted(found) == sorted(want)
    for name in want:
        assert sorted_requirements(found[name]) == sorted_requirements(want[name]), name
    assert_valid(shared, found)


def test_node_pools_sharing_a_node_class_named_class_pool_are_that_tenants_pools(tmp_path: Path, shared: Path) -> None:
    path = write(
        tmp_path,
        "in.yaml",
        [pool("web-general", "web", weight=30), pool("web-spot", "web"), node_class("web", "node-web")],
    )
    result = import_manifests([path])
    [tenant] = result.tenants
    assert (tenant["name"], [p["name"] for p in tenant["pools"]], tenant["nodeRole"]) == (
        "web",
        ["general", "spot"],
        "node-web",
    )
    assert tenant["pools"][0]["weight"] == 30
    found = node_objects(render_cluster(load(tmp_path, cluster_dict(tenants=result.tenants))))
    assert sorted(found) == ["EC2NodeClass/web", "NodePool/web-general", "NodePool/web-spot"]
    assert_valid(shared, found)


def test_node_pools_sharing_a_node_class_not_named_after_it_are_its_tenants_pools_and_keep_their_names(
    tmp_path: Path, shared: Path
) -> None:
    # issue 36: two tenants of one node class would share its node role, which synth refuses; issue 43: a renamed
    # NodePool is deleted with all its nodes at once when adopted, so each keeps its name (pools[].nodePoolName)
    path = write(tmp_path, "in.yaml", [pool("default", "default"), pool("spot", "default"), node_class("default")])
    result = import_manifests([path])
    [tenant] = result.tenants
    assert (tenant["name"], [p["name"] for p in tenant["pools"]], tenant["nodeRole"]) == (
        "default",
        ["default", "spot"],
        "node-gamma",
    )
    assert [p.get("nodePoolName") for p in tenant["pools"]] == ["default", "spot"]
    assert result.iam is None
    assert any(
        n.endswith(
            "NodePool spot is pool spot of tenant default (NodePools default, spot share EC2NodeClass "
            "default) and keeps its name (pools[].nodePoolName: spot), so adopting it changes it in place; "
            "the tenant label and taint the product adds to its template are a drift: Karpenter replaces "
            "its nodes, paced by its disruption budgets"
        )
        for n in result.notes
    ), result.notes
    found = node_objects(render_cluster(load(tmp_path, cluster_dict(tenants=result.tenants))))
    assert sorted(found) == ["EC2NodeClass/default", "NodePool/default", "NodePool/spot"]
    assert_valid(shared, found)


def test_many_node_pools_sharing_a_node_class_are_each_noted_with_a_few_names_and_a_count(tmp_path: Path) -> None:
    """Each NodePool's note quoted the reason naming every NodePool of the class: N notes of N names (4,000 NodePools
    printed 109 MB in 62 s). The reason names five and how many more, so the output grows with N, not N²."""
    names = [f"p{i}" for i in range(40)]
    path = write(tmp_path, "in.yaml", [*(pool(name, "default") for name in names), node_class("default")])
    result = import_manifests([path])
    shared_notes = [n for n in result.notes if "share EC2NodeClass default" in n]
    assert len(shared_notes) == 40
    assert all("(NodePools p0, p1, p10, p11, p12 and 35 more share EC2NodeClass default)" in n for n in shared_notes)
    assert all("p39," not in n and "p2," not in n for n in shared_notes)


@pytest.mark.parametrize(
    "members",
    [
        [
            pool("gamma-gpu", "gamma", {"tenant": "gamma"}),
            pool("training", "gamma", {"tenant": "gamma"}),
            node_class("gamma"),
        ],
        [
            pool("gamma", "gamma", {"tenant": "gamma"}),
            pool("gamma-gpu", "gamma", {"tenant": "gamma"}),
            node_class("gamma"),
        ],
    ],
)
def test_a_tenants_node_pool_not_named_tenant_pool_keeps_its_name(
    tmp_path: Path, members: list[dict[str, Any]]
) -> None:
    """A labelled tenant's NodePool named otherwise (training; gamma beside gamma-gpu) is imported under its own name,
    never renamed: every NodePool of the input is one of the cluster's after synth."""
    path = write(tmp_path, "in.yaml", members)
    result = import_manifests([path])
    found = node_objects(render_cluster(load(tmp_path, cluster_dict(tenants=result.tenants))))
    wanted = sorted(f"NodePool/{m['metadata']['name']}" for m in members if m["kind"] == "NodePool")
    assert sorted(k for k in found if k.startswith("NodePool/")) == wanted


def test_tenants_that_still_share_a_node_role_get_it_declared_shared_and_synthesize(tmp_path: Path) -> None:
    # two node classes of one role (Karpenter's examples all name KarpenterNodeRole-<cluster>): two tenants, one role
    path = write(
        tmp_path,
        "in.yaml",
        [pool("web", "web"), pool("batch", "batch"), node_class("web", "nodes"), node_class("batch", "nodes")],
    )
    result = import_manifests([path])
    assert [t["nodeRole"] for t in result.tenants] == ["nodes", "nodes"]
    assert result.iam == {"existing": {"roles": ["nodes"]}, "sharedNodeRoles": ["nodes"]}
    assert any(
        "node role nodes is shared by tenants batch, web: their nodes have one AWS identity" in n for n in result.notes
    )
    found = node_objects(render_cluster(load(tmp_path, cluster_dict(tenants=result.tenants, iam=result.iam))))
    assert sorted(found) == ["EC2NodeClass/batch", "EC2NodeClass/web", "NodePool/batch", "NodePool/web"]


def test_node_pools_of_one_tenant_label_on_two_node_classes_that_differ_are_reported_per_object(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(
        tmp_path,
        "in.yaml",
        [
            pool("gamma-cpu", "gamma-cpu", {"tenant": "gamma"}, TAINT),
            pool("gamma-gpu", "gamma-gpu", {"tenant": "gamma"}, TAINT),
            node_class("gamma-cpu"),
            node_class("gamma-gpu", role="node-gamma-gpu", userData="echo gpu"),
        ],
    )
    assert main(["import", str(path)]) == 1
    captured = capsys.readouterr()
    tenant = yaml.safe_load(captured.out)["tenants"][0]
    assert (tenant["name"], tenant["nodeRole"], [p["name"] for p in tenant["pools"]]) == (
        "gamma",
        "node-gamma",
        ["cpu", "gpu"],
    )
    where = f"{path} (document 4, EC2NodeClass/gamma-gpu)"
    unsupported = [line for line in captured.err.splitlines() if line.startswith("unsupported:")]
    assert [line.split(": differs")[0] for line in unsupported] == [
        f"unsupported: {where}: spec.role",
        f"unsupported: {where}: spec.userData",
    ]
    assert (
        f"differs from {path} (document 3, EC2NodeClass/gamma-cpu), and the tenant's pools share one EC2NodeClass: "
        "tenant gamma is imported with gamma-cpu's; make them equal, or give this NodePool a tenant of its own"
        in unsupported[0]
    )
    render_cluster(load(tmp_path, cluster_dict(tenants=[tenant])))  # the output still synthesizes


BAD_IMPORT = {
    "label and taint name two tenants": (
        [
            pool(
                "gamma-gpu", "gamma", {"tenant": "gamma"}, [{"key": "tenant", "value": "delta", "effect": "NoSchedule"}]
            ),
            node_class("gamma"),
        ],
        "(document 1, NodePool/gamma-gpu): spec.template: the tenant label tenant: gamma and the tenant taint "
        "tenant=delta:NoSchedule name two tenants",
    ),
    "a pool name that is not one": (
        [pool("gamma--gpu", "gamma", {"tenant": "gamma"}), node_class("gamma")],
        "(document 1, NodePool/gamma--gpu): drafted as tenant 'gamma', its pools[0].name: '-gpu' is not an RFC 1123 "
        "label",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD_IMPORT))
def test_node_pools_that_cannot_be_one_tenants_pools_are_exit_2_naming_the_object_and_nothing_is_written(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    docs, message = BAD_IMPORT[case]
    path, out = write(tmp_path, "in.yaml", docs), tmp_path / "tenants.yaml"
    assert main(["import", str(path), "--out-file", str(out)]) == 2
    captured = capsys.readouterr()
    assert f"{path} {message}" in captured.err, captured.err
    assert captured.out == "" and not out.exists() and "Traceback" not in captured.err


def provisioner(name: str, labels: dict[str, str], weight: int | None = None, **spec: Any) -> dict[str, Any]:
    return {
        "apiVersion": "karpenter.sh/v1alpha5",
        "kind": "Provisioner",
        "metadata": {"name": name},
        "spec": {
            "providerRef": {"name": "gamma"},
            "labels": labels,
            "consolidation": {"enabled": True},
            **({"weight": weight} if weight else {}),
            **spec,
        },
    }


def test_provisioners_of_one_tenant_are_tenants_of_their_own_on_031_and_migrate_pools_makes_them_its_pools(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], shared: Path
) -> None:
    """0.31 has one Provisioner per tenant: import keeps each (its tenant label reported, never dropped silently)
    and names the migrate --pools that regroups them; migrate keeps each Provisioner's weight as its pool's."""
    template = {
        "apiVersion": "karpenter.k8s.aws/v1alpha1",
        "kind": "AWSNodeTemplate",
        "metadata": {"name": "gamma"},
        "spec": {
            "instanceProfile": "node-gamma",
            "subnetSelector": {"karpenter.sh/discovery": "acme"},
            "securityGroupSelector": {"karpenter.sh/discovery": "acme"},
        },
    }
    path = write(
        tmp_path,
        "in.yaml",
        [
            provisioner("gamma-general", {"tenant": "gamma"}, weight=50, taints=TAINT),
            provisioner("gamma-gpu", {"tenant": "gamma", "gpu": "yes"}, weight=10, taints=TAINT),
            template,
        ],
    )
    assert main(["import", str(path)]) == 1
    captured = capsys.readouterr()
    tenants = yaml.safe_load(captured.out)["tenants"]
    assert [(t["name"], t.get("labels"), t["dedicated"]) for t in tenants] == [
        ("gamma-general", None, True),
        ("gamma-gpu", {"gpu": "yes"}, True),
    ]
    assert (
        f"unsupported: {path} (document 1, Provisioner/gamma-general): spec.labels.tenant: gamma: the product labels"
        in captured.err
    )
    assert "`migrate FILE --pools gamma=gamma-general,gamma-gpu` makes them gamma's pools" in captured.err
    legacy = tmp_path / "clusters" / "legacy.yaml"
    legacy.parent.mkdir()
    legacy.write_text(yaml.safe_dump(cluster_dict(BASE_V1ALPHA5, tenants=tenants), sort_keys=False))
    assert main(["migrate", str(legacy), "--pools", "gamma=gamma-general,gamma-gpu", "--write"]) == 0
    capsys.readouterr()
    config = yaml.safe_load(legacy.read_text())
    [gamma] = config["tenants"]
    assert [(p["name"], p.get("weight")) for p in gamma["pools"]] == [("general", 50), ("gpu", 10)]
    found = node_objects(render_cluster(load_cluster_file(legacy)))
    assert sorted(found) == ["EC2NodeClass/gamma", "NodePool/gamma-general", "NodePool/gamma-gpu"]
    assert [found[f"NodePool/gamma-{p}"]["spec"]["weight"] for p in ("general", "gpu")] == [50, 10]
    assert_valid(shared, found)


# --- migrate --pools ------------------------------------------------------------------------------------

LEGACY = {
    **BASE_V1ALPHA5,
    "tenants": [
        {"name": "alpha", "instanceProfile": "node-alpha", "ami": {"family": "AL2"}},
        {
            "name": "gamma-general",
            "namespaces": ["gamma"],
            "ami": {"family": "AL2"},
            "weight": 50,
            "requirements": {"instanceCategories": ["c", "m"]},
            "limits": {"cpu": "200"},
        },
        {
            "name": "gamma-gpu",
            "namespaces": ["gamma-ml"],
            "ami": {"family": "AL2"},
            "weight": 10,
            "requirements": {"gpuManufacturers": ["nvidia"]},
            "limits": {"cpu": "96", "nvidia.com/gpu": "8"},
            "taints": [{"key": "nvidia.com/gpu", "effect": "NoSchedule"}],
        },
    ],
}
POOLS = ["--pools", "gamma=gamma-general,gamma-gpu"]


def legacy_file(tmp_path: Path, data: dict[str, Any] | None = None) -> Path:
    path = tmp_path / "clusters" / "legacy.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump(data or LEGACY, sort_keys=False))
    return path


def test_migrate_pools_makes_the_031_tenants_one_tenants_pools_keeping_their_node_pool_names_and_weights(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], shared: Path
) -> None:
    path = legacy_file(tmp_path)
    assert main(["migrate", str(path), *POOLS]) == 0
    captured = capsys.readouterr()
    config = yaml.safe_load(captured.out)
    assert [t["name"] for t in config["tenants"]] == ["alpha", "gamma"]
    gamma = config["tenants"][1]
    assert gamma["namespaces"] == ["gamma", "gamma-ml"] and "weight" not in gamma and "nodeRole" not in gamma
    assert [(p["name"], p["weight"], p["limits"]) for p in gamma["pools"]] == [
        ("general", 50, {"cpu": "200"}),
        ("gpu", 10, {"cpu": "96", "nvidia.com/gpu": "8"}),
    ]
    assert (
        "change: tenants gamma-general, gamma-gpu -> tenant gamma with pools general, gpu: NodePools gamma-general, "
        "gamma-gpu (the Provisioners' names" in captured.err
    )
    assert "decide: tenant gamma: its nodes are labelled tenant: gamma" in captured.err
    migrated = tmp_path / "migrated" / "legacy.yaml"
    migrated.parent.mkdir()
    migrated.write_text(captured.out)
    found = node_objects(render_cluster(load_cluster_file(migrated)))
    assert sorted(found) == [
        "EC2NodeClass/alpha",
        "EC2NodeClass/gamma",
        "NodePool/alpha",
        "NodePool/gamma-general",
        "NodePool/gamma-gpu",
    ]
    assert found["EC2NodeClass/gamma"]["spec"]["role"] == "karpenter-node-acme-gamma"
    assert_valid(shared, found)


def test_every_upgrade_path_state_with_pools_synthesizes_and_the_runbook_keeps_the_pools_roles_until_their_nodes_moved(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = legacy_file(tmp_path)
    names = {t["name"] for t in LEGACY["tenants"]}
    for step in ("prepare", "stop", "finish"):
        options = POOLS if step != "finish" else []
        assert main(["migrate", str(path), "--step", step, *options, "--write"]) == 0, step
        err = capsys.readouterr().err
        files = render_cluster(load_cluster_file(path))  # each state is one synth accepts
        if step == "prepare":
            runbook = err
            assert {o["metadata"]["name"] for o in node_objects(files).values()} == set()  # 0.31: Provisioners
        else:
            pools = {o["metadata"]["name"] for o in node_objects(files).values() if o["kind"] == "NodePool"}
            assert pools == names  # the NodePools keep the Provisioners' names: 0.32's conversion is updated in place
    assert (
        f"python main.py migrate {path.as_posix()} --step stop --pools gamma=gamma-general,gamma-gpu --write" in runbook
    )
    assert (
        "terraform -chdir=terraform state list | grep -E '^aws_(iam_role|iam_role_policy_attachment|eks_access_entry)"
        "\\.node\\[\"(gamma-general|gamma-gpu)( [^\"]*)?\"\\]$' | xargs -r -d '\\n' terraform -chdir=terraform state rm"
    ) in runbook
    assert "kubectl delete ec2nodeclass gamma-general gamma-gpu" in runbook
    assert "aws iam delete-role --role-name karpenter-node-acme-gamma-gpu" in runbook
    resumed = [line.strip() for line in runbook.splitlines() if line.strip().startswith("flux resume kustomization")]
    assert "flux resume kustomization legacy-nodepool-alpha -n flux-system" in resumed
    assert not any("gamma" in line for line in resumed)  # the root prunes those appliers; gamma's is new


def test_without_pools_the_runbook_is_unchanged(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = legacy_file(tmp_path)
    assert main(["migrate", str(path), "--step", "prepare"]) == 0
    err = capsys.readouterr().err
    assert "state rm" not in err and "delete ec2nodeclass" not in err and "--pools" not in err


BAD_POOLS = {
    "not TENANT=A,B": (["--pools", "gamma"], "--pools gamma: write --pools TENANT=A,B"),
    "no such tenant": (["--pools", "gamma=gamma-general,gamma-cpu"], "--pools gamma=...: "),
    "not named tenant-pool": (
        ["--pools", "gpu=gamma-gpu"],
        "tenant gamma-gpu is not named gpu-<pool>: at 0.32 its Provisioner becomes NodePool gamma-gpu",
    ),
    "a tenant of that name": (["--pools", "alpha=gamma-general"], "has a tenant alpha already"),
    "listed twice": (
        ["--pools", "gamma=gamma-general,gamma-gpu", "--pools", "gamma=alpha"],
        "tenant gamma is given twice",
    ),
    "with finish": (["--step", "finish", *POOLS], "--pools: --step finish keeps the tenants of the 1.0 stop"),
}


@pytest.mark.parametrize("case", sorted(BAD_POOLS))
def test_pools_that_cannot_be_grouped_are_exit_2_naming_the_tenant_and_the_fix_and_the_file_stays(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = legacy_file(tmp_path)
    before = path.read_text()
    options, message = BAD_POOLS[case]
    assert main(["migrate", str(path), *options, "--write"]) == 2
    captured = capsys.readouterr()
    assert message in captured.err, captured.err
    assert path.read_text() == before and captured.out == ""


def test_pools_whose_node_class_settings_differ_are_refused_naming_the_setting(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = copy.deepcopy(LEGACY)
    data["tenants"][2]["rootVolume"] = {"size": "200Gi"}
    path = legacy_file(tmp_path, data)
    assert main(["migrate", str(path), *POOLS]) == 2
    err = capsys.readouterr().err
    assert (
        "--pools gamma: tenants gamma-general and gamma-gpu differ in rootVolume (None vs {'size': '200Gi'}): a "
        "tenant's pools share its one EC2NodeClass and isolation: make them equal in the 0.31 file"
    ) in err


# --- import-nodegroups ----------------------------------------------------------------------------------


def describe(tmp_path: Path, name: str, **fields: Any) -> Path:
    group = {
        "nodegroupName": name,
        "capacityType": "ON_DEMAND",
        "instanceTypes": ["m6i.large"],
        "amiType": "AL2023_x86_64_STANDARD",
        "scalingConfig": {"minSize": 0, "maxSize": 2, "desiredSize": 0},
        "labels": {},
        "taints": [],
        "tags": {},
        "nodeRole": "arn:aws:iam::001234567890:role/gamma-nodes",
        **fields,
    }
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps({"nodegroup": group}))
    return path


GAMMA = {"labels": {"tenant": "gamma"}, "taints": [{"key": "tenant", "value": "gamma", "effect": "NO_SCHEDULE"}]}


def run(capsys: pytest.CaptureFixture[str], *args: Path | str) -> tuple[int, dict[str, Any] | None, str]:
    status = main(["import-nodegroups", *map(str, args)])
    captured = capsys.readouterr()
    return status, yaml.safe_load(captured.out) if captured.out else None, captured.err


def test_node_groups_of_one_tenant_label_become_its_pools_each_requiring_what_its_group_ran(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], shared: Path
) -> None:
    general = describe(
        tmp_path,
        "general",
        **GAMMA,
        instanceTypes=["m6i.large", "m6i.xlarge"],
        scalingConfig={"minSize": 0, "maxSize": 10, "desiredSize": 0},
    )
    gpu = describe(
        tmp_path,
        "gamma-gpu",
        labels={"tenant": "gamma", "gpu": "true"},
        capacityType="SPOT",
        instanceTypes=["g6.xlarge"],
        amiType="AL2023_x86_64_NVIDIA",
        taints=[*GAMMA["taints"], {"key": "nvidia.com/gpu", "effect": "NO_SCHEDULE"}],
    )
    status, imported, err = run(capsys, general, gpu, describe(tmp_path, "web"))
    assert status == 0, err
    assert imported is not None
    gamma, web = imported["tenants"]
    assert (gamma["name"], gamma["dedicated"], gamma["nodeRole"], web["name"]) == ("gamma", True, "gamma-nodes", "web")
    assert [(p["name"], p["requirements"]["capacityTypes"], p["limits"]) for p in gamma["pools"]] == [
        ("general", ["on-demand"], {"cpu": "40", "memory": "160Gi"}),
        ("gpu", ["spot"], {"cpu": "8", "memory": "32Gi", "nvidia.com/gpu": "2"}),
    ]  # g6.xlarge: 1 GPU
    found = node_objects(render_cluster(load(tmp_path, cluster_dict(**imported))))
    assert sorted(found) == [
        "EC2NodeClass/gamma",
        "EC2NodeClass/web",
        "NodePool/gamma-general",
        "NodePool/gamma-gpu",
        "NodePool/web",
    ]
    types = {
        name: next(
            r["values"]
            for r in o["spec"]["template"]["spec"]["requirements"]
            if r["key"] == "node.kubernetes.io/instance-type"
        )
        for name, o in found.items()
        if o["kind"] == "NodePool"
    }
    assert types == {
        "NodePool/gamma-general": ["m6i.large", "m6i.xlarge"],
        "NodePool/gamma-gpu": ["g6.xlarge"],
        "NodePool/web": ["m6i.large"],
    }
    assert found["NodePool/gamma-gpu"]["spec"]["template"]["metadata"]["labels"] == {"gpu": "true", "tenant": "gamma"}
    assert imported["iam"] == {
        "existing": {"roles": ["gamma-nodes"], "withAccessEntry": ["gamma-nodes"]},
        "sharedNodeRoles": ["gamma-nodes"],
    }  # gamma and web
    assert_valid(shared, found)


def test_node_groups_of_one_tenant_whose_node_class_settings_differ_are_reported_on_the_group(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, imported, err = run(
        capsys, describe(tmp_path, "general", **GAMMA), describe(tmp_path, "gpu", **GAMMA, diskSize=200)
    )
    assert status == 1 and imported is not None
    assert "rootVolume" not in imported["tenants"][0]
    assert (
        f"unsupported: {tmp_path / 'gpu.json'}: nodegroup gpu: rootVolume {{'size': '200Gi'}} differs from node group "
        "nodegroup general's unset (the default), and tenant gamma's pools share one EC2NodeClass"
    ) in err


BAD_GROUPS = {
    "the same pool twice": (
        [("gpu", GAMMA), ("gamma-gpu", GAMMA)],
        "gamma-gpu.json: nodegroup gamma-gpu: pool 'gpu' of tenant gamma again",
    ),
    "label and taint name two tenants": (
        [
            (
                "gpu",
                {
                    "labels": {"tenant": "gamma"},
                    "taints": [{"key": "tenant", "value": "delta", "effect": "NO_SCHEDULE"}],
                },
            )
        ],
        "gpu.json: nodegroup gpu: its tenant label (nodegroup.labels.tenant: gamma) and tenant taint",
    ),
    "a group named as the tenant without its label": (
        [("gamma", {}), ("gpu", GAMMA)],
        "gamma.json: nodegroup gamma: tenant 'gamma' is named after this node group, and",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD_GROUPS))
def test_node_groups_that_cannot_be_one_tenants_pools_are_exit_2_and_nothing_is_written(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    groups, message = BAD_GROUPS[case]
    out = tmp_path / "out.yaml"
    status, imported, err = run(
        capsys, *(describe(tmp_path, name, **fields) for name, fields in groups), "--out-file", out
    )
    assert (status, imported) == (2, None)
    assert f"error: {tmp_path / message}" in err, err
    assert not out.exists()


def test_a_kept_node_pool_name_is_unique_in_the_cluster(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tenants = [
        {
            "name": "alpha",
            "nodeRole": "node-alpha",
            "ami": {"alias": "al2023@v20261101"},
            "pools": [{"name": "x", "nodePoolName": "beta"}],
        },
        {"name": "beta", "nodeRole": "node-beta", "ami": {"alias": "al2023@v20261101"}},
    ]
    folder = tmp_path / "clusters"
    folder.mkdir()
    (folder / "acme.yaml").write_text(yaml.safe_dump(cluster_dict(tenants=tenants), sort_keys=False))
    assert main(["--clusters", str(folder), "synth", "--dist", str(tmp_path / "dist")]) == 2
    err = capsys.readouterr().err
    assert "tenants[1].name: NodePool 'beta' of tenant beta is also tenant alpha's pool x's" in err, err
