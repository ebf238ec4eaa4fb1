"""The product's packages are layers (tests/import_graph.py: config <- reference <- charts <- synth <- capacity,
checks <- review, convert <- commands): no import cycle among its modules and no import that runs up the layers, at
module level or inside a function; and every module opens with the docstring that says what it owns."""

from __future__ import annotations

import ast

import import_graph


def test_no_module_is_in_an_import_cycle() -> None:
    assert import_graph.cycles(import_graph.graph()) == []


def test_no_import_runs_up_the_layers() -> None:
    assert import_graph.upward(import_graph.graph()) == []


def test_the_layers_name_every_package_of_the_product() -> None:
    packages = {path.parent.name for path in import_graph.ROOT.glob("*/*.py")} - {"tests", "imports", "bench"}
    assert packages <= set(import_graph.LAYER_OF), packages - set(import_graph.LAYER_OF)


def test_every_module_says_what_it_owns() -> None:
    missing = [str(path.relative_to(import_graph.ROOT)) for path in import_graph.modules().values()
               if path.name != "__init__.py" and not ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))]
    assert missing == []


def test_the_graph_sees_a_lazy_upward_import(tmp_path) -> None:
    """A function-level import of a higher layer counts (a check that could not fail would prove nothing)."""
    for package in ("config", "charts"):
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text("")
    (tmp_path / "config/a.py").write_text('"""a"""\ndef f():\n    from charts.b import x\n')
    (tmp_path / "charts/b.py").write_text('"""b"""\nfrom config.a import f\nx = 1\n')
    edges = import_graph.graph(tmp_path)
    assert import_graph.upward(edges) == [("config.a", "charts.b")]
    assert import_graph.cycles(edges) == [["charts.b", "config.a"]]


def test_one_predicate_says_whether_an_object_installs_the_controller() -> None:
    """issue 42: wiring, plan and adopt each had their own "does this object install Karpenter" test; charts.common's
    chart_installed is the one they ask."""
    import re
    from pathlib import Path

    from karpenter_tenants.charts.common import CONTROLLER_CHART, chart_installed

    package = Path(__file__).parents[1] / "karpenter_tenants"
    for path in package.rglob("*.py"):
        if "imports" in path.parts or path.name == "common.py":
            continue
        text = path.read_text()
        assert not re.search(r'chartRef.{0,40}get\("name"\)', text), f"{path}: ask charts.common.chart_installed"
    flux = {"kind": "HelmRelease", "spec": {"chartRef": {"kind": "OCIRepository", "name": "karpenter"}}}
    argo = {"kind": "Application", "spec": {"source": {"repoURL": "oci://public.ecr.aws/karpenter/karpenter", "targetRevision": "1.14.1"}}}
    crds = {"kind": "Application", "spec": {"source": {"repoURL": "public.ecr.aws/karpenter", "chart": "karpenter-crd"}}}
    assert chart_installed(flux) == chart_installed(argo) == CONTROLLER_CHART and chart_installed(crds) == "karpenter-crd"
    assert chart_installed({"kind": "HelmRelease", "spec": [1]}) is None and chart_installed({"kind": "ConfigMap"}) is None


def test_no_private_name_is_imported_across_modules() -> None:
    """issue 42: a `_name` is its module's own; what another module needs is public."""
    from pathlib import Path

    package = Path(__file__).parents[1] / "karpenter_tenants"
    found = []
    for path in package.rglob("*.py"):
        if "imports" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("karpenter_tenants"):
                found += [f"{path.relative_to(package)}: {node.module}.{a.name}" for a in node.names
                          if a.name.startswith("_") and not a.name.startswith("__")]
    assert found == []
