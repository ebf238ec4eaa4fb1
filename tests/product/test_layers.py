"""The product's packages are layers (tests/support/import_graph.py: config <- reference, live <- charts <- synthesis <- capacity,
checks <- review, convert <- simulation, scaffold <- commands; a module of kinds/ on the layer it declares, `LAYER = "charts"`):
no import cycle among its modules and no import that runs up the layers, at module level or inside a function (one
under `if TYPE_CHECKING:` runs never and is no edge, but names what exists); and every module opens with the docstring
that says what it owns, whose claims about its own imports ("Imports config only", "Must not import: commands/") hold."""

from __future__ import annotations

import ast

from support import import_graph


def test_no_module_is_in_an_import_cycle() -> None:
    assert import_graph.cycles(import_graph.graph()) == []


def test_no_folder_of_the_package_is_in_an_import_cycle() -> None:
    """issue 57: each folder on one level. kinds/ once sat below charts/ (charts compose its constructs) and above
    review/ and checks/ (its reviews import their change model and dist/ reading), a cycle of folders that the module
    graph, each module of a kind on the layer it declares, did not show. What the kinds share sits in objects/."""
    folders = import_graph.folder_graph(import_graph.graph())
    assert {"config", "objects", "kinds", "charts", "review", "checks"} <= set(folders)  # the graph is read
    assert import_graph.cycles(folders) == []


def test_a_folder_cycle_of_modules_that_are_each_in_their_layer_is_found(tmp_path) -> None:
    """A kind's review declared on review's layer importing review's change model, and review's registry importing it:
    no module cycle and no upward import, but kinds/ and review/ import each other."""
    _tree(
        tmp_path,
        {
            "review/changes.py": '"""c"""\nx = 1\n',
            "review/registry.py": '"""r"""\nfrom kinds.a.review import R\n',
            "kinds/a/review.py": '"""k"""\nfrom review.changes import x\nLAYER = "review"\nR = 1\n',
            "charts/parts.py": '"""p"""\nfrom kinds.a.construct import C\n',
            "kinds/a/construct.py": '"""w"""\nLAYER = "charts"\nC = 1\n',
        },
    )
    edges = import_graph.graph(tmp_path)
    assert import_graph.cycles(edges) == [] and import_graph.upward(edges, import_graph.layers(tmp_path)) == []
    assert import_graph.cycles(import_graph.folder_graph(edges)) == [["kinds", "review"]]
    assert import_graph.folder_graph(edges)["charts"] == {"kinds"}


def test_no_import_runs_up_the_layers() -> None:
    assert import_graph.upward(import_graph.graph(), import_graph.layers()) == []


def test_the_layers_name_every_package_of_the_product() -> None:
    packages = {path.parent.name for path in import_graph.ROOT.glob("*/*.py")} - {"tests", "imports", "bench"}
    known = {*import_graph.LAYER_OF, import_graph.KINDS}
    assert packages <= known, packages - known


def test_every_module_of_a_kind_declares_its_layer() -> None:
    """kinds/<kind>/<module>.py says its own layer (`LAYER = "charts"`, read from its source): its name says nothing."""
    assert import_graph.declarations() == []
    placed = import_graph.layers()
    of_kinds = [name for name in import_graph.modules() if name.count(".") >= 2 and name.startswith("kinds.")]
    assert of_kinds and all(name in placed for name in of_kinds)


def test_no_kind_imports_another_kinds_modules_but_its_fields() -> None:
    assert import_graph.across_kinds(import_graph.every_import()) == []


def test_no_kind_package_imports_anything_of_the_product() -> None:
    assert import_graph.kind_packages_importing(import_graph.every_import()) == []


def test_every_import_of_the_product_names_what_exists() -> None:
    """A TYPE_CHECKING import is never run, so nothing but this (and mypy, where it looks) sees it name a module or a
    name that is gone."""
    assert import_graph.unresolved() == []


def _tree(root, files: dict[str, str]) -> None:
    """A fake product under root: each file (and an empty __init__.py in each folder on its way)."""
    for name, text in files.items():
        path = root / name
        for folder in reversed(path.relative_to(root).parents):
            if folder.parts:
                (root / folder).mkdir(exist_ok=True)
                (root / folder / "__init__.py").touch()
        path.write_text(text)


def test_the_graph_places_a_kinds_modules_by_what_they_declare(tmp_path) -> None:
    """A kind's writer importing review, another kind's writer; the layer a module declares, not its name, counts."""
    _tree(
        tmp_path,
        {
            "review/changes.py": '"""c"""\n',
            "kinds/a/v1.py": '"""w"""\nfrom review.changes import x\nfrom kinds.b.v1 import y\nfrom kinds.b.fields import z\n'
            'LAYER = "charts"\n',
            "kinds/b/v1.py": '"""w"""\nLAYER: str = "charts"\n',
            "kinds/b/fields.py": '"""f"""\nLAYER = "config"\n',
            # named as a writer, declared on review's layer: its import of review is no upward one
            "kinds/b/construct.py": '"""r"""\nfrom review.changes import x\nLAYER = "review"\n',
        },
    )
    edges = import_graph.graph(tmp_path)
    assert import_graph.declarations(tmp_path) == []
    assert import_graph.upward(edges, import_graph.layers(tmp_path)) == [("kinds.a.v1", "review.changes")]
    assert import_graph.across_kinds(edges) == [("kinds.a.v1", "kinds.b.v1")]


def test_a_kinds_module_without_a_declaration_or_with_a_wrong_one_is_found(tmp_path) -> None:
    _tree(
        tmp_path,
        {
            "config/a.py": '"""a"""\nLAYER = "config"\n',  # a package's module has its package's layer
            "kinds/__init__.py": '"""k"""\n',
            "kinds/a/__init__.py": '"""a"""\nfrom config.a import x\n',  # a kind's package imports nothing
            "kinds/a/fields.py": '"""f"""\n',  # no declaration, whatever its name
            "kinds/a/writer.py": '"""w"""\nLAYER = "printing"\n',  # no such layer
            "kinds/a/engine.py": '"""e"""\nLAYER = "char" + "ts"\n',  # not a literal
            "kinds/a/sub/deep.py": '"""d"""\nLAYER = "charts"\n',
        },
    )
    problems = import_graph.declarations(tmp_path)
    assert [p.split(" ")[0].rstrip(":") for p in problems] == [
        "config.a",
        "kinds.a.engine",
        "kinds.a.fields",
        "kinds.a.sub",
        "kinds.a.writer",
    ], problems
    fields = next(p for p in problems if p.startswith("kinds.a.fields"))
    assert 'add `LAYER = "<package>"` at module level' in fields and "kinds/__init__.py" in fields
    assert "kinds.a.fields" not in import_graph.layers(tmp_path)  # no layer: reported, not guessed
    assert import_graph.layers(tmp_path)["kinds.a.sub.deep"] == import_graph.LAYER_OF["charts"]
    assert import_graph.kind_packages_importing(import_graph.graph(tmp_path), tmp_path) == [("kinds.a", "config.a")]


def test_a_module_declaring_a_layer_its_imports_contradict_is_found(tmp_path) -> None:
    """Declared on config's layer, it imports charts (at module level, lazily): upward, and a cycle with the lazy one."""
    _tree(
        tmp_path,
        {
            "charts/common.py": '"""c"""\nfrom kinds.a.fields import F\n',
            "kinds/a/fields.py": '"""f"""\nfrom charts.common import x\nLAYER = "config"\n'
            "def f():\n    from kinds.a.construct import C\n",
            "kinds/a/construct.py": '"""w"""\nLAYER = "charts"\n',
        },
    )
    edges = import_graph.graph(tmp_path)
    assert import_graph.upward(edges, import_graph.layers(tmp_path)) == [
        ("kinds.a.fields", "charts.common"),
        ("kinds.a.fields", "kinds.a.construct"),
    ]
    assert import_graph.cycles(edges) == [["charts.common", "kinds.a.fields"]]


def test_a_type_checking_import_is_no_edge_but_the_same_import_at_runtime_is(tmp_path) -> None:
    """`if TYPE_CHECKING:` (or typing.TYPE_CHECKING) runs never: no layer edge and no cycle; its else branch, a lazy
    import and a module-level one run. Each still names a module and a name that exist."""
    _tree(
        tmp_path,
        {
            "config/typed.py": '"""t"""\nfrom typing import TYPE_CHECKING\nif TYPE_CHECKING:\n'
            "    from charts.b import X\n    from kinds.k.w import W\nT = 1\n",
            "config/dotted.py": '"""d"""\nimport typing\nif typing.TYPE_CHECKING:\n    import charts.b\n'
            "else:\n    from review.r import Y\n",
            "config/runs.py": '"""r"""\nfrom charts.b import X\n',
            "config/gone.py": '"""g"""\nfrom typing import TYPE_CHECKING\nif TYPE_CHECKING:\n'
            "    from charts.b import Missing\n    from charts.nowhere import X\n",
            "charts/b.py": '"""b"""\nfrom config.typed import T\nif True:\n    X = 1\n',
            "review/r.py": '"""r"""\nY = 1\n',
            "kinds/k/w.py": '"""w"""\nLAYER = "charts"\nclass W: ...\n',
            "config/missing_at_runtime.py": '"""m"""\ndef f():\n    from review.r import Z\n',
        },
    )
    edges = import_graph.graph(tmp_path)
    assert import_graph.upward(edges, import_graph.layers(tmp_path)) == [
        ("config.dotted", "review.r"),
        ("config.missing_at_runtime", "review.r"),
        ("config.runs", "charts.b"),
    ]
    assert import_graph.cycles(edges) == []  # charts.b -> config.typed runs; config.typed -> charts.b does not
    assert import_graph.typing_graph(tmp_path)["config.typed"] == {"charts.b", "kinds.k.w"}
    assert import_graph.typing_graph(tmp_path)["config.dotted"] == {"charts.b"}
    assert [p.split(": ", 1)[1] for p in import_graph.unresolved(tmp_path)] == [
        "imports Missing from charts.b, which has no such name",
        "imports charts.nowhere, which is no module of the product",
        "imports Z from review.r, which has no such name",
    ]
    assert import_graph.unresolved(tmp_path)[0].startswith("config.gone:4 (TYPE_CHECKING)")


def test_every_module_says_what_it_owns() -> None:
    missing = [
        str(path.relative_to(import_graph.ROOT))
        for path in import_graph.modules().values()
        if path.name != "__init__.py" and not ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert missing == []


def test_the_graph_sees_a_lazy_upward_import(tmp_path) -> None:
    """A function-level import of a higher layer counts (a check that could not fail would prove nothing)."""
    for package in ("config", "charts"):
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text("")
    (tmp_path / "config/a.py").write_text('"""a"""\ndef f():\n    from charts.b import x\n')
    (tmp_path / "charts/b.py").write_text('"""b"""\nfrom config.a import f\nx = 1\n')
    edges = import_graph.graph(tmp_path)
    assert import_graph.upward(edges, import_graph.layers(tmp_path)) == [("config.a", "charts.b")]
    assert import_graph.cycles(edges) == [["charts.b", "config.a"]]


# Contradictions left in modules another change owns (issue 57's report), each still one: when it is fixed (the docstring
# or the import), remove it here. simulation/build.py: "Must not import: anything of the product but the standard
# library", while its cache_folder() imports config.environment (lazily).
KNOWN_CONTRADICTIONS: set[str] = set()


def test_what_each_module_says_of_its_own_imports_holds() -> None:
    """issue 57: "Imports A and B only", "Imports nothing of the product", "Must not import: A" in a module's docstring
    are true of its imports (any, lazy or TYPE_CHECKING ones too): a docstring is the map a reader goes by."""
    claims, problems = import_graph.docstring_claims()
    assert claims >= 60  # the docstrings' claims are read (a pattern that matched none would check nothing)
    assert [p for p in problems if p.split(":")[0] not in KNOWN_CONTRADICTIONS] == []
    assert {p.split(":")[0] for p in problems} == KNOWN_CONTRADICTIONS


def test_the_docstring_check_finds_each_kind_of_planted_contradiction(tmp_path) -> None:
    for package in ("config", "charts"):
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text("")
    (tmp_path / "charts/b.py").write_text('"""b. Imports config only."""\nimport os\n')
    (tmp_path / "config/a.py").write_text(
        '"""a. Imports config only."""\ndef f():\n    from karpenter_tenants.charts.b import x\n'
    )
    (tmp_path / "config/c.py").write_text(
        '"""c. Must not import: charts/."""\nfrom karpenter_tenants.charts import b\n'
    )
    (tmp_path / "config/d.py").write_text(
        '"""d. Imports nothing of the product."""\nfrom karpenter_tenants.config import a\n'
    )
    (tmp_path / "config/e.py").write_text('"""e. Imports the model only."""\n')
    (tmp_path / "config/f.py").write_text(
        '"""f: imports the model (config.a) and cdk8s only."""\nfrom karpenter_tenants.config.a import f\n'
    )
    claims, problems = import_graph.docstring_claims(tmp_path)
    assert claims == 6
    assert [p.split(":")[0] for p in problems] == ["config.a", "config.c", "config.d", "config.e"], problems


def test_one_predicate_says_whether_an_object_installs_the_controller() -> None:
    """issue 42: wiring, plan and adopt each had their own "does this object install Karpenter" test; charts.common's
    chart_installed is the one they ask."""
    import re
    from pathlib import Path

    from karpenter_tenants.objects.common import CONTROLLER_CHART, chart_installed

    package = Path(__file__).parents[2] / "karpenter_tenants"
    for path in package.rglob("*.py"):
        if "imports" in path.parts or path.name == "common.py":
            continue
        text = path.read_text()
        assert not re.search(r'chartRef.{0,40}get\("name"\)', text), f"{path}: ask charts.common.chart_installed"
    flux = {"kind": "HelmRelease", "spec": {"chartRef": {"kind": "OCIRepository", "name": "karpenter"}}}
    argo = {
        "kind": "Application",
        "spec": {"source": {"repoURL": "oci://public.ecr.aws/karpenter/karpenter", "targetRevision": "1.14.1"}},
    }
    crds = {
        "kind": "Application",
        "spec": {"source": {"repoURL": "public.ecr.aws/karpenter", "chart": "karpenter-crd"}},
    }
    assert (
        chart_installed(flux) == chart_installed(argo) == CONTROLLER_CHART and chart_installed(crds) == "karpenter-crd"
    )
    assert (
        chart_installed({"kind": "HelmRelease", "spec": [1]}) is None and chart_installed({"kind": "ConfigMap"}) is None
    )


def test_no_private_name_is_imported_across_modules() -> None:
    """issue 42: a `_name` is its module's own; what another module needs is public."""
    from pathlib import Path

    package = Path(__file__).parents[2] / "karpenter_tenants"
    found = []
    for path in package.rglob("*.py"):
        if "imports" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("karpenter_tenants"):
                found += [
                    f"{path.relative_to(package)}: {node.module}.{a.name}"
                    for a in node.names
                    if a.name.startswith("_") and not a.name.startswith("__")
                ]
    assert found == []


def test_the_tests_mirror_the_packages_and_pytest_collects_every_folder_of_them() -> None:
    """tests/unit/<package>/ for each package of the product, and no folder of test modules that pytest's
    norecursedirs would skip (a `build` pattern once hid tests/unit/build/, now tests/unit/synthesis/: 203 tests silently not run)."""
    import fnmatch
    import tomllib

    root = import_graph.ROOT.parent
    patterns = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]["norecursedirs"]
    tests = root / "tests"
    folders = {path.parent for path in tests.rglob("test_*.py")}
    skipped = sorted(
        str(folder.relative_to(tests))
        for folder in folders
        for part in folder.relative_to(tests).parts
        if any(fnmatch.fnmatch(part, p) for p in patterns)
        if part != "e2e"
    )  # tests/e2e: collected only when named (make e2e)
    assert skipped == []
    packages = {path.parent.name for path in import_graph.ROOT.glob("*/__init__.py")} - {"imports"}
    assert {folder.name for folder in (tests / "unit").iterdir() if folder.is_dir()} - {"__pycache__"} == packages
