"""Every file `import` writes synthesizes (issue 36): on each of Karpenter's v1 example shapes (tests/upstream-v1/,
our own files in the style of aws/karpenter-provider-aws v1.14's examples/v1: several node pools on one
EC2NodeClass, every class naming KarpenterNodeRole-<cluster>) and on generated variants of them (node pools on
shared classes, under tenant labels, classes sharing one role), `import --out-file` then `synth` exits 0, or import
refuses with exit 2, every problem naming its file, and writes nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import BASE_V1, cluster_dict, load, write_cluster
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from karpenter_tenants.commands.cli import main
from karpenter_tenants.convert.importer import ImportFailed, import_manifests
from karpenter_tenants.synthesis.render import render_cluster

UPSTREAM = Path(__file__).parents[2] / "upstream-v1"
CLUSTER = {**BASE_V1["cluster"], "name": "acme"}


def imported_cluster(out: Path) -> dict[str, Any]:
    """A cluster file made of what `import --out-file` wrote: its tenants (and iam:) under a cluster and karpenter."""
    written = yaml.safe_load(out.read_text())
    return cluster_dict(BASE_V1, cluster=CLUSTER, **written)


@pytest.mark.parametrize("example", sorted(p.name for p in UPSTREAM.glob("*.yaml")))
def test_every_upstream_v1_example_imports_to_a_file_synth_accepts(
    example: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "tenants.yaml"
    assert main(["import", str(UPSTREAM / example), "--out-file", str(out)]) in (0, 1), capsys.readouterr().err
    clusters = tmp_path / "clusters"
    write_cluster(clusters, imported_cluster(out))
    capsys.readouterr()
    status = main(["--clusters", str(clusters), "synth", "--out", str(tmp_path / "dist")])
    assert status == 0, capsys.readouterr().err
    pools = sorted((tmp_path / "dist" / "acme" / "tenants").glob("*/nodepool-*.yaml"))
    documents = [d for d in yaml.safe_load_all((UPSTREAM / example).read_text()) if d]
    assert len(pools) == sum(d["kind"] == "NodePool" for d in documents)  # every node pool is one


def test_all_examples_at_once_share_their_one_node_role_declared(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # distinct class names per file: the examples all name class "default", which one cluster holds once
    files = []
    for index, path in enumerate(sorted(UPSTREAM.glob("*.yaml"))):
        text = path.read_text().replace("name: default", f"name: default{index}")
        files.append(tmp_path / path.name)
        files[-1].write_text(
            text.replace("name: spot\n", f"name: spot{index}\n")
            .replace("name: large\n", f"name: large{index}\n")
            .replace("name: windows\n", f"name: windows{index}\n")
        )
    out = tmp_path / "tenants.yaml"
    assert main(["import", *map(str, files), "--out-file", str(out)]) in (0, 1), capsys.readouterr().err
    data = imported_cluster(out)
    assert data["iam"] == {
        "existing": {"roles": ["KarpenterNodeRole-acme"]},
        "sharedNodeRoles": ["KarpenterNodeRole-acme"],
    }
    render_cluster(load(tmp_path, data))


NAMES = st.sampled_from(["default", "general", "spot", "gpu", "batch", "web", "amd64", "arm64", "large"])


@st.composite
def variants(draw: st.DrawFn) -> list[dict[str, Any]]:
    """Node pools in the examples' shape: on one or more classes (each naming one of two roles), some under a tenant
    label (named <tenant>-<pool>, as the product names a tenant's), with their own architectures, capacity types,
    limits and taints."""
    classes = draw(st.lists(NAMES, min_size=1, max_size=3, unique=True))
    roles = {name: draw(st.sampled_from(["KarpenterNodeRole-acme", "nodes-batch"])) for name in classes}
    pools = []
    for name in draw(st.lists(NAMES, min_size=1, max_size=4, unique=True)):
        tenant = draw(st.none() | st.sampled_from(["alpha", "beta"]))
        labels = {"tenant": tenant} if tenant else {}
        spec: dict[str, Any] = {
            "nodeClassRef": {
                "group": "karpenter.k8s.aws",
                "kind": "EC2NodeClass",
                "name": draw(st.sampled_from(classes)),
            },
            "requirements": [
                {
                    "key": "kubernetes.io/arch",
                    "operator": "In",
                    "values": draw(st.sampled_from([["amd64"], ["arm64"], ["amd64", "arm64"]])),
                },
                {
                    "key": "karpenter.sh/capacity-type",
                    "operator": "In",
                    "values": draw(st.sampled_from([["spot"], ["on-demand"], ["spot", "on-demand"]])),
                },
            ],
        }
        if draw(st.booleans()):
            spec["taints"] = [{"key": "nvidia.com/gpu", "effect": "NoSchedule"}]
        pool: dict[str, Any] = {
            "apiVersion": "karpenter.sh/v1",
            "kind": "NodePool",
            "metadata": {"name": f"{tenant}-{name}" if tenant else name},
            "spec": {"template": {"metadata": {"labels": labels}, "spec": spec}},
        }
        if draw(st.booleans()):
            pool["spec"]["limits"] = {"cpu": str(draw(st.integers(1, 1000)))}
        pools.append(pool)
    used = {p["spec"]["template"]["spec"]["nodeClassRef"]["name"] for p in pools}
    return pools + [
        {
            "apiVersion": "karpenter.k8s.aws/v1",
            "kind": "EC2NodeClass",
            "metadata": {"name": name},
            "spec": {
                "role": roles[name],
                "amiSelectorTerms": [{"alias": "al2023@latest"}],
                "subnetSelectorTerms": [{"tags": {"karpenter.sh/discovery": "acme"}}],
                "securityGroupSelectorTerms": [{"tags": {"karpenter.sh/discovery": "acme"}}],
            },
        }
        for name in classes
        if name in used
    ]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(documents=variants())
def test_generated_variants_import_to_files_synth_accepts_or_are_refused_naming_the_file(
    documents: list[dict[str, Any]], tmp_path_factory: pytest.TempPathFactory
) -> None:
    folder = tmp_path_factory.mktemp("variant")
    path = folder / "in.yaml"
    path.write_text(yaml.safe_dump_all(documents, sort_keys=False))
    try:
        result = import_manifests([path])
    except ImportFailed as refused:
        assert refused.problems and all(p.startswith(str(path)) for p in refused.problems), refused.problems
        return
    data = cluster_dict(BASE_V1, cluster=CLUSTER, tenants=result.tenants, **({"iam": result.iam} if result.iam else {}))
    files = render_cluster(load(folder, data))
    pools = [f for f in files if f.startswith("tenants/") and f.split("/")[-1].startswith("nodepool-")]
    assert len(pools) == sum(d["kind"] == "NodePool" for d in documents)
