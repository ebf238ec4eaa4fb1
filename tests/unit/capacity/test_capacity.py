"""`python main.py capacity` and plan's capacity lines, against the real catalogue in ../shared: the parse recounted
from the raw markdown and Go table, every allowed set checked by an independent label predicate (the one the e2e
test used before the product computed the set), narrower requirements giving subsets, the cost bound checked
against an exhaustive search of what fits a limit, and bad input refused with one message and nothing written."""

from __future__ import annotations

import json
import math
import os
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import EXAMPLE_DIST, EXAMPLES_DIR, cluster_dict, git, objects, write_cluster
from hypothesis import given, settings
from hypothesis import strategies as st

from karpenter_tenants.capacity.catalogue import (
    PRICES_FILE,
    TYPES_FILE,
    Catalogue,
    CatalogueError,
    catalogue_folder,
    load_catalogue,
    parse_catalogue,
    parse_prices,
)
from karpenter_tenants.capacity.pools import allowed_types, bounds, pool_capacity
from karpenter_tenants.commands.cli import main


@pytest.fixture(scope="module")
def catalogue(shared: Path) -> Catalogue:
    return load_catalogue(shared)


@pytest.fixture(scope="module")
def raw(shared: Path) -> str:
    return (catalogue_folder(shared) / TYPES_FILE).read_text(encoding="utf-8")


def naive_allows(requirements: list[dict[str, Any]], labels: dict[str, str], keys: frozenset[str]) -> bool:
    """Independent of capacity.pools: each requirement on a catalogue label, one at a time, as Kubernetes node
    affinity reads a label (absent: only NotIn and DoesNotExist hold); capacity-type: on-demand or spot offered."""
    offered = {"on-demand", "spot", "reserved"}
    for r in requirements:
        key, op, values = r["key"], r["operator"], [str(v) for v in r.get("values", [])]
        if key == "karpenter.sh/capacity-type":  # several requirements on it narrow the one set of offerings
            offered = {
                "In": offered & set(values),
                "NotIn": offered - set(values),
                "Exists": offered,
                "DoesNotExist": set(),
            }[op]
            ok = bool(offered)
        elif key not in keys:
            continue
        else:
            value = labels.get(key)
            number = int(value) if value is not None and value.isdigit() else None
            ok = {
                "In": value in values,
                "NotIn": value not in values,
                "Exists": value is not None,
                "DoesNotExist": value is None,
                "Gt": number is not None and number > int(values[0]) if op == "Gt" else False,
                "Lt": number is not None and number < int(values[0]) if op == "Lt" else False,
                "Gte": number is not None and number >= int(values[0]) if op == "Gte" else False,
                "Lte": number is not None and number <= int(values[0]) if op == "Lte" else False,
            }[op]
        if not ok:
            return False
    return True


def node_pool(requirements: list[dict[str, Any]], limits: dict[str, str] | None = None, **spec: Any) -> dict[str, Any]:
    return {
        "apiVersion": "karpenter.sh/v1",
        "kind": "NodePool",
        "metadata": {"name": "p", "labels": {"tenant": "t"}},
        "spec": {"limits": limits or {}, "template": {"spec": {"requirements": requirements}}, **spec},
    }


def names(obj: dict[str, Any], catalogue: Catalogue) -> set[str]:
    return {it.name for it in allowed_types(obj, catalogue)}


# --- the parse, recounted from the raw files ----------------------------------------------------------------------


def test_every_type_of_the_markdown_is_parsed_with_every_row(catalogue: Catalogue, raw: str) -> None:
    sections = re.split(r"^### `", raw, flags=re.M)[1:]
    assert len(catalogue.types) == len(sections) == 1336  # the count ../shared/README.md gives
    for it, section in zip(catalogue.types, sections, strict=True):
        assert section.startswith(f"{it.name}`")
        labels, resources = section.split("#### Resources")
        assert len(it.labels) == labels.count("\n |") - 2  # minus the header row and the |--|--| row
        assert len(it.resources) == resources.count("\n |") - 2
        assert it.labels["node.kubernetes.io/instance-type"] == it.name


def test_prices_are_the_us_east_1_table(catalogue: Catalogue, shared: Path) -> None:
    text = (catalogue_folder(shared) / PRICES_FILE).read_text(encoding="utf-8")
    table = text[text.index('"us-east-1": {') :]
    entries = dict(re.findall(r'"([^"]+)": ([0-9.]+),', table + ","))
    entries.pop("us-east-1", None)
    prices, generated = parse_prices(text)
    assert prices == {k: float(v) for k, v in entries.items()} and len(prices) > 1300
    assert generated == "2026-07-06T14:20:29Z"
    assert catalogue.by_name["m7i.large"].price == prices["m7i.large"]
    # 18 catalogue types have no us-east-1 price (not offered there); every other type has its own.
    assert sum(it.price is None for it in catalogue.types) == len({it.name for it in catalogue.types} - set(prices))


def test_known_catalogue_facts(catalogue: Catalogue, raw: str) -> None:
    g6 = allowed_types(
        node_pool([{"key": "karpenter.k8s.aws/instance-family", "operator": "In", "values": ["g6"]}]), catalogue
    )
    assert len(g6) == len(re.findall(r"^### `g6\.", raw, flags=re.M)) == 8
    for it in g6:  # every g6 has NVIDIA GPUs, by its labels and its allocatable nvidia.com/gpu
        assert it.labels["karpenter.k8s.aws/instance-gpu-manufacturer"] == "nvidia" and it.gpus >= 1
    gpu = names(
        node_pool([{"key": "karpenter.k8s.aws/instance-gpu-count", "operator": "Gt", "values": ["0"]}]), catalogue
    )
    # g6f types (fractional GPUs) say instance-gpu-count 0: Gt 0 leaves them out.
    assert len(gpu) == len(re.findall(r"^ \|karpenter\.k8s\.aws/instance-gpu-count\|[1-9][0-9]*\|$", raw, flags=re.M))
    assert "g6f.large" not in gpu and "g6.xlarge" in gpu
    arm = names(node_pool([{"key": "kubernetes.io/arch", "operator": "In", "values": ["arm64"]}]), catalogue)
    assert len(arm) == raw.count("|kubernetes.io/arch|arm64|")


# --- the allowed sets ------------------------------------------------------------------------------------------------


def test_every_example_pool_is_what_the_independent_predicate_allows(
    example_files: dict[str, str], catalogue: Catalogue
) -> None:
    pools = [o for o in objects(example_files).values() if o.get("kind") in ("NodePool", "Provisioner")]
    assert len(pools) >= 9
    for obj in pools:
        spec = obj["spec"] if obj["kind"] == "Provisioner" else obj["spec"]["template"]["spec"]
        expected = {
            it.name for it in catalogue.types if naive_allows(spec["requirements"], it.labels, catalogue.label_keys)
        }
        assert names(obj, catalogue) == expected, obj["metadata"]["name"]
        assert expected, obj["metadata"]["name"]


def _requirements(catalogue: Catalogue) -> st.SearchStrategy[list[dict[str, Any]]]:
    keys = sorted(k for k in catalogue.label_keys if k.startswith(("karpenter.k8s.aws/", "kubernetes.io/")))
    values = {k: sorted({it.labels[k] for it in catalogue.types if k in it.labels}) for k in keys}

    def one(key: str) -> st.SearchStrategy[dict[str, Any]]:
        numeric = [v for v in values[key] if v.isdigit()]
        options = [
            st.builds(
                lambda op, vs: {"key": key, "operator": op, "values": vs},
                st.sampled_from(["In", "NotIn"]),
                st.lists(st.sampled_from(values[key]), min_size=1, max_size=4, unique=True),
            ),
            st.sampled_from([{"key": key, "operator": "Exists"}, {"key": key, "operator": "DoesNotExist"}]),
        ]
        if numeric:
            options.append(
                st.builds(
                    lambda op, v: {"key": key, "operator": op, "values": [v]},
                    st.sampled_from(["Gt", "Lt", "Gte", "Lte"]),
                    st.sampled_from(numeric),
                )
            )
        return st.one_of(options)

    capacity = st.builds(
        lambda op, vs: {"key": "karpenter.sh/capacity-type", "operator": op, "values": vs},
        st.sampled_from(["In", "NotIn"]),
        st.lists(st.sampled_from(["spot", "on-demand"]), min_size=1, max_size=2, unique=True),
    )
    zone = st.just({"key": "topology.kubernetes.io/zone", "operator": "In", "values": ["ca-central-1a"]})
    return st.lists(st.one_of(st.sampled_from(keys).flatmap(one), capacity, zone), max_size=4)


@pytest.fixture(scope="module")
def requirement_lists(catalogue: Catalogue) -> st.SearchStrategy[list[dict[str, Any]]]:
    return _requirements(catalogue)


def test_random_requirements_agree_with_the_predicate_and_narrowing_gives_subsets(
    catalogue: Catalogue,
    requirement_lists: st.SearchStrategy[list[dict[str, Any]]],
) -> None:
    @settings(max_examples=150, deadline=None, derandomize=True)
    @given(requirement_lists, requirement_lists)
    def check(broad: list[dict[str, Any]], extra: list[dict[str, Any]]) -> None:
        wide = names(node_pool(broad), catalogue)
        narrow = names(node_pool(broad + extra), catalogue)
        assert narrow <= wide
        assert wide == {it.name for it in catalogue.types if naive_allows(broad, it.labels, catalogue.label_keys)}

    check()


def test_a_key_no_type_carries_does_not_narrow_and_is_named(catalogue: Catalogue) -> None:
    base = [{"key": "karpenter.k8s.aws/instance-category", "operator": "In", "values": ["c"]}]
    zone = {"key": "topology.kubernetes.io/zone", "operator": "In", "values": ["ca-central-1a"]}
    pool = pool_capacity(node_pool([*base, zone]), catalogue, "acme", "ca-central-1")
    assert {it.name for it in pool.allowed} == names(node_pool(base), catalogue)
    assert any("not evaluated" in note and "topology.kubernetes.io/zone" in note for note in pool.notes)


def test_min_values_no_allowed_set_meets_is_said(catalogue: Catalogue) -> None:
    obj = node_pool(
        [{"key": "karpenter.k8s.aws/instance-family", "operator": "In", "values": ["m7i", "c7i"], "minValues": 3}]
    )
    assert any("minValues 3" in n and "launches nothing" in n for n in pool_capacity(obj, catalogue, "a", "").notes)


# --- the cost bound ------------------------------------------------------------------------------------------------

R8G = [{"key": "karpenter.k8s.aws/instance-family", "operator": "In", "values": ["r8g"]}]


def _best_fill(types: list[Any], budget: int) -> float:
    """The highest on-demand cost of any set of nodes whose vCPUs sum to at most budget (unbounded knapsack)."""
    best = [0.0] * (budget + 1)
    for used in range(1, budget + 1):
        best[used] = max([best[used - 1], *(best[used - it.vcpus] + it.price for it in types if it.vcpus <= used)])
    return best[budget]


@pytest.mark.parametrize("cpu", [1, 2, 5, 16, 40, 64])
def test_the_cpu_bound_holds_for_every_set_of_nodes_within_the_limit(catalogue: Catalogue, cpu: int) -> None:
    pool = pool_capacity(node_pool(R8G, {"cpu": str(cpu)}), catalogue, "acme", "us-east-1")
    priced = [it for it in pool.fitting if it.price is not None]
    assert all(it.vcpus <= cpu for it in pool.fitting) and priced
    best = _best_fill(priced, cpu)
    assert pool.bound is not None and best <= pool.bound.cost + 1e-9
    # Attained when the priciest type per vCPU divides the limit.
    worst = max(priced, key=lambda it: it.price / it.vcpus)
    if cpu % worst.vcpus == 0:
        assert math.isclose(best, pool.bound.cost)
    assert pool.bound.cost >= min(it.price for it in priced)  # at least one node of the cheapest type that fits


def test_the_bound_is_monotone_in_the_limit_and_the_tightest_limit_wins(catalogue: Catalogue) -> None:
    costs = [
        pool_capacity(node_pool(R8G, {"cpu": str(c)}), catalogue, "a", "").bound.cost  # type: ignore[union-attr]
        for c in (1, 2, 4, 8, 16, 64, 256, 1024)
    ]
    assert costs == sorted(costs)
    both = pool_capacity(node_pool(R8G, {"cpu": "1000", "nodes": "1"}), catalogue, "a", "")
    top = max(it.price for it in both.fitting if it.price is not None)
    assert both.bound is not None and both.bound.limit == "nodes 1" and math.isclose(both.bound.cost, top)


def test_no_limit_or_a_limit_some_types_do_not_count_is_unbounded(catalogue: Catalogue) -> None:
    assert pool_capacity(node_pool(R8G), catalogue, "a", "").bound is None
    nvidia = [{"key": "karpenter.k8s.aws/instance-gpu-manufacturer", "operator": "In", "values": ["nvidia"]}]
    pool = pool_capacity(node_pool(nvidia, {"nvidia.com/gpu": "8"}), catalogue, "a", "")
    # g6f types (fractional GPUs) are NVIDIA by their labels but have no nvidia.com/gpu: the GPU limit holds none back.
    assert pool.bound is None and "g6f" in pool.bounds[0].how
    # A static pool's replicas are its steady count, not a limit (a replacement adds a node first): a note, no bound.
    static = pool_capacity(node_pool(R8G, replicas=3), catalogue, "a", "")
    top = max(it.price for it in static.priced)
    assert static.bound is None and any(
        f"replicas 3 keep 3 node(s), at most ${3 * top:,.2f}/h" in n for n in static.notes
    )
    capped = pool_capacity(node_pool(R8G, {"nodes": "4"}, replicas=3), catalogue, "a", "")
    assert capped.bound is not None and capped.bound.limit == "nodes 4" and math.isclose(capped.bound.cost, 4 * top)


def test_a_limit_smaller_than_every_type_allows_nothing(catalogue: Catalogue) -> None:
    pool = pool_capacity(node_pool(R8G, {"cpu": "500m"}), catalogue, "a", "")
    assert pool.allowed and not pool.fitting and pool.bound is not None and pool.bound.cost == 0
    assert bounds([], {"cpu": "1"}, None)[0][0].cost == 0


# --- the command ---------------------------------------------------------------------------------------------------


def test_the_command_reports_every_example_pool(catalogue: Catalogue, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--clusters", str(EXAMPLES_DIR), "capacity", "--format", "json", "--dist", str(EXAMPLE_DIST)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["catalogue"]["prices"] == {
        "region": "us-east-1",
        "capacityType": "on-demand",
        "unit": "USD per hour",
        "generated": "2026-07-06T14:20:29Z",
    }
    files = {str(p.relative_to(EXAMPLE_DIST)): p.read_text() for p in EXAMPLE_DIST.rglob("*.yaml")}
    pools = {
        (k.split("/")[0], o["metadata"]["name"]): o
        for k, o in objects(files).items()
        if o.get("kind") in ("NodePool", "Provisioner")
    }
    assert {(p["cluster"], p["name"]) for p in report["pools"]} == set(pools)
    for entry in report["pools"]:
        assert set(entry["instanceTypes"]["names"]) == names(pools[(entry["cluster"], entry["name"])], catalogue)
        assert entry["instanceTypes"]["of"] == 1336
    gamma = next(p for p in report["pools"] if (p["cluster"], p["name"]) == ("acme-argocd", "gamma"))
    assert gamma["limits"]["nodes"] == "4" and gamma["maxHourlyCost"] <= 4 * gamma["priciest"]["price"]


def test_text_says_whose_prices_and_markdown_has_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--clusters", str(EXAMPLES_DIR), "capacity", "acme", "--dist", str(EXAMPLE_DIST)]) == 0
    out = capsys.readouterr().out
    assert "acme (ca-central-1; us-east-1 on-demand prices, not ca-central-1's" in out
    assert re.search(r"NodePool/gamma-gpu \(tenant gamma\)\n    \d+ of 1,336 instance types", out)
    assert re.search(
        r"at most \$[0-9.,]+/h on demand \(us-east-1 prices\): cpu 96 filled with [a-z0-9.-]+, the "
        r"priciest per vCPU \(\$[0-9.]+/h for \d+ vCPUs: \$[0-9.]+/h per vCPU\)",
        out,
    )
    assert (
        main(
            [
                "--clusters",
                str(EXAMPLES_DIR),
                "capacity",
                "acme.yaml",
                "--format",
                "markdown",
                "--dist",
                str(EXAMPLE_DIST),
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "| NodePool/gamma-gpu | gamma |" in out and "acme-argocd" not in out


def _snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def _bad_reference(shared: Path, tmp_path: Path, edit: Any) -> Path:
    reference = tmp_path / "reference"
    target = catalogue_folder(reference)
    target.mkdir(parents=True)
    for name in (TYPES_FILE, PRICES_FILE):
        shutil.copyfile(catalogue_folder(shared) / name, target / name)
    edit(target)
    return reference


def _replace(name: str, old: str, new: str) -> Any:
    def edit(folder: Path) -> None:
        text = (folder / name).read_text(encoding="utf-8")
        assert old in text
        (folder / name).write_text(text.replace(old, new, 1), encoding="utf-8")

    return edit


BAD = {
    "no catalogue": (
        lambda folder: [(folder / n).unlink() for n in (TYPES_FILE, PRICES_FILE)],
        r"error: <ref>/karpenter/v1\.14\.1/reference/ has no instance-types\.md and no "
        r"zz_generated\.pricing_aws\.go, .* --reference DIR or \$KARPENTER_TENANTS_SHARED",
    ),
    "a quantity that is none": (
        _replace(TYPES_FILE, " |cpu|940m|", " |cpu|lots|"),
        r"error: <ref>/.*/instance-types\.md:\d+: a1\.medium: resource cpu is 'lots', not a "
        r"quantity; the catalogue is read as upstream publishes it",
    ),
    "a broken table row": (
        _replace(TYPES_FILE, " |kubernetes.io/os|linux|", " kubernetes.io/os linux"),
        r"error: <ref>/.*/instance-types\.md:\d+: 'kubernetes.io/os linux' is not a table row",
    ),
    "no us-east-1 prices": (
        _replace(PRICES_FILE, '"us-east-1": {', '"us-west-2": {'),
        r'error: <ref>/.*/zz_generated\.pricing_aws\.go: no "us-east-1": \{ \.\.\. \} price table',
    ),
    "not UTF-8": (
        lambda folder: (folder / TYPES_FILE).write_bytes(b"### `a1.medium`\n\xff\n"),
        r"error: <ref>/.*/instance-types\.md:2: .*UTF-8",
    ),
    "a link out of the folder": (
        lambda folder: ((folder / PRICES_FILE).unlink(), (folder / PRICES_FILE).symlink_to("/etc/hostname")),
        r"error: <ref>/.*/zz_generated\.pricing_aws\.go: a symbolic link to /etc/hostname, "
        r"outside the reference data folder",
    ),
}


@pytest.mark.parametrize("case", list(BAD))
def test_a_bad_catalogue_is_one_message_exit_2_and_nothing_written(
    case: str,
    shared: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    edit, pattern = BAD[case]
    reference = _bad_reference(shared, tmp_path, edit)
    work = tmp_path / "work"
    shutil.copytree(EXAMPLES_DIR, work / "clusters")
    monkeypatch.chdir(work)
    before = _snapshot(tmp_path)
    status = main(["capacity", "--reference", str(reference), "--dist", str(EXAMPLE_DIST)])
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    assert re.match(pattern, err.strip().replace(str(reference), "<ref>")), err
    assert "--reference DIR or $KARPENTER_TENANTS_SHARED" in err
    assert _snapshot(tmp_path) == before


def test_an_unknown_cluster_is_exit_2_naming_the_ones_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["--clusters", str(EXAMPLES_DIR), "capacity", "acme", "nope", "--dist", str(EXAMPLE_DIST)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == (
        "error: nope: no such cluster (have: acme, acme-argocd, acme-legacy); name a cluster "
        "file's key (clusters/acme.yaml: acme)\n"
    )
    assert not any(tmp_path.iterdir())


def test_parse_errors_name_the_line() -> None:
    with pytest.raises(CatalogueError, match=r"x\.md:1: no instance types|x\.md: no instance types"):
        parse_catalogue("# nothing\n", "x.md")
    with pytest.raises(
        CatalogueError, match=r"x\.md:1: a1\.medium: its node\.kubernetes\.io/instance-type label is None"
    ):
        parse_catalogue("### `a1.medium`\n#### Labels\n |kubernetes.io/arch|arm64|\n", "x.md")


# --- plan ----------------------------------------------------------------------------------------------------------

ALPHA = {
    "name": "alpha",
    "nodeRole": "node-alpha",
    "ami": {"alias": "al2023@v20261101"},
    "requirements": {"instanceCategories": ["c", "m"]},
    "limits": {"cpu": "100"},
}


def _plan_repo(root: Path) -> Path:
    write_cluster(root / "clusters", cluster_dict(tenants=[ALPHA]))
    assert main(["--clusters", str(root / "clusters"), "synth", "--out", str(root / "dist")]) == 0
    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "base")
    narrowed = {**ALPHA, "requirements": {"instanceCategories": ["c"]}, "limits": {"cpu": "40"}}
    write_cluster(root / "clusters", cluster_dict(tenants=[narrowed]))
    return root


def test_plan_says_what_a_change_does_to_a_pool_s_types_and_cost(
    tmp_path: Path, catalogue: Catalogue, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _plan_repo(tmp_path)
    capsys.readouterr()
    assert main(["--clusters", str(root / "clusters"), "plan", "--base", "HEAD", "--dist", str(root / "dist")]) == 0
    out = capsys.readouterr().out
    before = yaml.safe_load((root / "dist/acme/tenants/alpha/nodepool-alpha.yaml").read_text())
    after = {**before, "spec": {**before["spec"], "limits": {"cpu": "40"}}}
    after["spec"]["template"] = {
        "spec": {
            "requirements": [
                {**r, "values": ["c"]} if r["key"] == "karpenter.k8s.aws/instance-category" else r
                for r in before["spec"]["template"]["spec"]["requirements"]
            ]
        }
    }
    old, new = (pool_capacity(o, catalogue, "acme", "") for o in (before, after))
    assert len(new.allowed) < len(old.allowed)
    line = next(x for x in out.splitlines() if "capacity:" in x)
    assert line.startswith(f"  - capacity: instance types {len(old.allowed):,} → {len(new.allowed):,} (of 1,336)")
    assert f"at most ${old.bound.cost:,.2f}/h → ${new.bound.cost:,.2f}/h on demand (us-east-1 prices)" in line  # type: ignore[union-attr]
    assert line in (Path(__file__).parents[3] / "docs/capacity.md").read_text(encoding="utf-8")  # its sample


def test_plan_without_the_catalogue_says_so_and_still_plans(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _plan_repo(tmp_path / "repo")
    empty = tmp_path / "empty-reference"
    empty.mkdir()
    monkeypatch.setenv("KARPENTER_TENANTS_SHARED", str(empty))
    capsys.readouterr()
    assert main(["--clusters", str(root / "clusters"), "plan", "--base", "HEAD", "--dist", str(root / "dist")]) == 0
    out, err = capsys.readouterr()
    assert "NodePool/alpha changed" in out and "capacity:" not in out
    assert err.splitlines()[-1].startswith(
        "plan: no capacity lines (instance types, on-demand cost) for the changed "
        f"node pools: {empty}/karpenter/v1.14.1/reference/ has no instance-types.md"
    )
    assert os.environ["KARPENTER_TENANTS_SHARED"] == str(empty)


def test_the_docs_sample_is_what_the_command_prints(catalogue: Catalogue, capsys: pytest.CaptureFixture[str]) -> None:
    doc = (Path(__file__).parents[3] / "docs/capacity.md").read_text(encoding="utf-8")
    sample = doc.split("For the example cluster `acme-argocd`:\n\n```text\n", 1)[1].split("```", 1)[0]
    assert main(["--clusters", str(EXAMPLES_DIR), "capacity", "acme-argocd", "--dist", str(EXAMPLE_DIST)]) == 0
    printed = capsys.readouterr().out.replace(str(catalogue.folder), "../shared/karpenter/v1.14.1/reference")
    assert printed == sample


def test_a_provisioner_is_read_with_its_limits_and_the_031_default_is_named(catalogue: Catalogue) -> None:
    arch = [{"key": "kubernetes.io/arch", "operator": "In", "values": ["arm64"]}]
    provisioner = {
        "apiVersion": "karpenter.sh/v1alpha5",
        "kind": "Provisioner",
        "metadata": {"name": "p"},
        "spec": {"requirements": arch, "limits": {"resources": {"cpu": "16"}}},
    }
    pool = pool_capacity(provisioner, catalogue, "a", "")
    assert pool.limits == {"cpu": "16"} and pool.bound is not None and pool.bound.limit == "cpu 16"
    assert {it.name for it in pool.allowed} == names(node_pool(arch), catalogue)
    assert any("defaulting webhook adds instance-category In [c, m, r]" in n for n in pool.notes)
    provisioner["spec"]["requirements"] = [*arch, R8G[0]]
    assert not any("defaulting webhook" in n for n in pool_capacity(provisioner, catalogue, "a", "").notes)


def test_capacity_of_a_cluster_built_by_forked_workers_leaves_no_jsii_folder_in_tmpdir(tmp_path: Path) -> None:
    """60 tenants are built by worker processes (synthesis.render: 50 parts or more); forked, they end with os._exit,
    which skipped jsii's atexit handler that stops Node.js and removes the folder its runtime was unpacked into: each
    run left one tmp*/ folder per worker in $TMPDIR (hostile round 7b, xca002)."""
    import subprocess
    import sys

    tenants = [{**ALPHA, "name": f"t{i}", "nodeRole": f"node-t{i}"} for i in range(60)]
    write_cluster(tmp_path / "clusters", cluster_dict(tenants=tenants))
    temp = tmp_path / "temp"
    temp.mkdir()
    env = {**os.environ, "TMPDIR": str(temp), "JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION": "20"}
    command = "from karpenter_tenants.commands.cli import main; raise SystemExit(main())"
    argv = ["--clusters", str(tmp_path / "clusters"), "capacity", "--format", "json", "--dist", str(tmp_path / "d")]
    result = subprocess.run(
        [sys.executable, "-c", command, *argv], env=env, capture_output=True, text=True, timeout=300, cwd=tmp_path
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)  # the report was made
    assert sorted(p.name for p in temp.iterdir()) == []
