"""The map is true (issue 57): the README's and docs/development.md's "Repository structure" name every package of the
product, and every folder and module they name exists (the README once omitted kinds/ and live/; development.md named
a removed model.py). What each module's docstring says of its imports: tests/product/test_layers.py. And a module a
test imports has a test file named after it (`named_after` has the rule) or is one .ci/test-names-ratchet.txt lists, a
list that only shrinks."""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from conftest import ROOT

PACKAGE = ROOT / "karpenter_tenants"


def structure(document: Path) -> str:
    """The first code block of the document's "## Repository structure" section."""
    section = document.read_text().split("## Repository structure", 1)[1].split("\n## ", 1)[0]
    return re.search(r"^```\w*\n(.*?)^```", section, re.S | re.M)[1]


def packages() -> set[str]:
    return {path.parent.name for path in PACKAGE.glob("*/__init__.py")}


def folders(block: str) -> set[str]:
    """The folders a tree names in its first column (`config/`, `.ci/ .github/`, `  schema/`; a description's
    continuation lines, indented further, are not)."""
    names = set()
    for line in block.splitlines():
        if len(line) - len(line.lstrip()) < 4:
            names |= set(re.findall(r"(?:^|\s)([\w.]+)/(?=\s)", re.split(r"\s{2,}", line.strip())[0] + " "))
    return names


def unknown(block: str) -> list[str]:
    """What the tree names that is not there: a first-column folder that is no folder of the repository or of the
    package (or of a package's), a `name.py` no file is called."""
    places = [ROOT, PACKAGE, *(p for p in PACKAGE.iterdir() if p.is_dir())]
    missing = [f"{name}/" for name in sorted(folders(block)) if not any((place / name).is_dir() for place in places)]
    files = {p.name for p in ROOT.glob("*.py")} | {
        p.name for top in (PACKAGE, ROOT / "tests") for p in top.rglob("*.py")
    }
    for name in sorted(set(re.findall(r"[\w*/.]*\w\.py\b", block))):
        if "/" in name:
            found = any(ROOT.glob(name)) or any(PACKAGE.glob(name))
        else:
            found = name in files or ("*" in name and any(PACKAGE.rglob(name)) or any((ROOT / "tests").rglob(name)))
        if not found:
            missing.append(name)
    return missing


def test_the_readme_tree_names_every_package_and_nothing_that_is_gone() -> None:
    block = structure(ROOT / "README.md")
    assert packages() - folders(block) == set()
    assert unknown(block) == []


def test_the_development_tree_names_every_package_and_nothing_that_is_gone() -> None:
    block = structure(ROOT / "docs/development.md")
    assert packages() - folders(block) == set()
    assert unknown(block) == []


def test_a_missing_package_or_a_removed_module_is_found() -> None:
    block = "karpenter_tenants/   the package\n  config/ charts/     model.py re-exports it; loader.py\n  nowhere/  x\n"
    assert {"kinds", "live"} <= packages() - folders(block)
    assert unknown(block) == ["nowhere/", "model.py"]


def homonyms(stems: list[str]) -> list[tuple[str, ...]]:
    """Test files whose names are the same words, in another order or the same (test_chart_tenant /
    test_tenant_chart; a stem may be a path, its folders then not counted: unit/charts/test_argocd_chart and
    unit/kinds/test_chart_argocd): which of them holds what cannot be told from the name."""
    groups: dict[tuple[str, ...], list[str]] = {}
    for stem in stems:
        words = stem.rsplit("/", 1)[-1].removeprefix("test_").split("_")
        groups.setdefault(tuple(sorted(words)), []).append(stem)
    return sorted(tuple(sorted(names)) for names in groups.values() if len(names) > 1)


def scopes() -> list[list[Path]]:
    """The test files that must not be homonyms of each other: all of tests/unit together (its folders sort the same
    modules' tests by package: charts/test_argocd_chart.py and kinds/test_chart_argocd.py both tested
    kinds.gitops.argocd), and each other folder of tests/ on its own."""
    unit = ROOT / "tests" / "unit"
    found = [sorted(unit.rglob("test_*.py"))]
    for folder in sorted({path.parent for path in (ROOT / "tests").rglob("test_*.py")}):
        if not folder.is_relative_to(unit):
            found.append(sorted(folder.glob("test_*.py")))
    return found


def test_no_two_test_files_of_a_folder_or_of_tests_unit_are_the_same_words() -> None:
    found = []
    for files in scopes():
        found += homonyms([path.relative_to(ROOT / "tests").with_suffix("").as_posix() for path in files])
    assert found == [], "merge or rename (one test file per module, named after it)"


def test_a_planted_homonym_is_found() -> None:
    assert homonyms(["test_chart_tenant", "test_tenant_chart", "test_isolation"]) == [
        ("test_chart_tenant", "test_tenant_chart")
    ]
    # across the folders of tests/unit: the same words, or the same name, in two folders
    assert homonyms(["unit/charts/test_argocd_chart", "unit/kinds/test_chart_argocd", "unit/kinds/test_quota"]) == [
        ("unit/charts/test_argocd_chart", "unit/kinds/test_chart_argocd")
    ]
    assert homonyms(["unit/a/test_quota", "unit/b/test_quota"]) == [("unit/a/test_quota", "unit/b/test_quota")]
    unit = [path.parent for path in scopes()[0]]
    assert len(set(unit)) > 1 and all("unit" in path.parts for path in unit)  # one scope, every folder of tests/unit


# One test file per module, named after it (issue 57): a ratchet, as .ci/mypy-ratchet.txt is for types.
NAMES_RATCHET = ROOT / ".ci" / "test-names-ratchet.txt"


def product_modules() -> list[str]:
    """Every module of the package, dotted (`karpenter_tenants.config.loader`): not imports/ (generated), not
    `__init__` or `__main__`."""
    found = []
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE).with_suffix("").parts
        if parts[0] != "imports" and parts[-1] not in ("__init__", "__main__"):
            found.append(".".join((PACKAGE.name, *parts)))
    return sorted(found)


def statements(body: list[Any]) -> Iterator[Any]:
    """The statements of a body and of the bodies in it (functions, classes, if, try, with, match; not expressions:
    an import is a statement, and these are a fifteenth of ast.walk's nodes)."""
    for node in body:
        yield node
        for field in ("body", "orelse", "finalbody", "handlers", "cases"):
            yield from statements(getattr(node, field, []))


def imported(source: str) -> set[str]:
    """What a test module imports, anywhere in it (functions' imports too): `import a.b` gives a.b, `from a.b import c`
    gives a.b and a.b.c (c may be a module)."""
    names = set()
    for node in statements(ast.parse(source).body):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names |= {node.module} | {f"{node.module}.{alias.name}" for alias in node.names}
    return names


@functools.cache
def imports_of_tests() -> dict[str, frozenset[str]]:
    """Every test module under tests/ (tests/e2e too), as its path in tests/, with what it imports."""
    tests = ROOT / "tests"
    return {
        path.relative_to(tests).as_posix(): frozenset(imported(path.read_text()))
        for path in sorted(tests.rglob("test_*.py"))
    }


def named_after(module: str, test: str, imports: frozenset[str]) -> bool:
    """Whether a test file (its path in tests/) is named after a product module. The rule: the file imports the module
    and its name less `test_` is the module's stem, or begins with `<stem>_` or ends with `_<stem>` (test_loader.py,
    test_nodegroups_draft.py and test_status_command.py for commands/status.py, test_<parent>_<stem>.py); or, importing
    it or not (a command tested through the CLI), it is tests/unit/<package>/test_<stem>.py, <package> the module's
    folder below karpenter_tenants/ (unit/convert/test_adopt.py for convert/adopt.py). A name sharing a word only
    (test_cdk8s_cli.py, which imports cli.py for main) or a file in another package's folder that does not import the
    module (unit/kinds/test_pools.py for capacity/pools.py) does not count."""
    package, stem = module.split(".")[1], module.rsplit(".", 1)[1]
    name = test.rsplit("/", 1)[-1].removesuffix(".py").removeprefix("test_")
    if test == f"unit/{package}/test_{stem}.py":
        return True
    return module in imports and (name == stem or name.startswith(f"{stem}_") or name.endswith(f"_{stem}"))


def unnamed(modules: list[str], tests: dict[str, frozenset[str]]) -> dict[str, list[str]]:
    """The modules some test module imports and no test file is named after, with the test files importing them."""
    found = {}
    for module in modules:
        importers = sorted(test for test, imports in tests.items() if module in imports)
        if importers and not any(named_after(module, test, tests[test]) for test in tests):
            found[module] = importers
    return found


def read_names_ratchet(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")]


def names_ratchet_errors(modules: list[str], tests: dict[str, frozenset[str]], listed: list[str]) -> list[str]:
    """What is wrong against the ratchet: a module imported by tests with no test file named after it that the list does
    not hold; a listed module that has one now, is no longer imported by any test, or is gone; a list not sorted."""
    missing = unnamed(modules, tests)
    stems = [module.rsplit(".", 1)[1] for module in modules]
    errors = []
    for module, importers in missing.items():
        if module in listed:
            continue
        parts = module.split(".")
        name = parts[-1] if stems.count(parts[-1]) == 1 else f"{parts[-2]}_{parts[-1]}"
        more = f" (and {len(importers) - 1} more)" if len(importers) > 1 else ""
        errors.append(
            f"{module} is imported by tests/{importers[0]}{more} but no test file is named after it: add "
            f"tests/unit/{parts[1]}/test_{name}.py (that imports it), or (last resort) list it in "
            f"{NAMES_RATCHET.relative_to(ROOT)}"
        )
    for module in listed:
        if module not in modules:
            why = "no longer exists"
        elif module not in missing and any(module in imports for imports in tests.values()):
            why = "has a test file named after it now"
        elif module not in missing:
            why = "is imported by no test now"
        else:
            continue
        errors.append(f"{module} {why}: remove it from {NAMES_RATCHET.relative_to(ROOT)} (the list only shrinks)")
    if listed != sorted(set(listed)):
        errors.append(f"{NAMES_RATCHET.relative_to(ROOT)}: one module per line, sorted, each once")
    return errors


def test_every_module_tests_import_has_a_test_file_named_after_it_or_is_on_the_shrinking_list() -> None:
    listed = read_names_ratchet(NAMES_RATCHET.read_text())
    assert names_ratchet_errors(product_modules(), imports_of_tests(), listed) == []


def test_a_planted_unnamed_module_and_a_stale_line_are_found() -> None:
    source = "import a.b\n\n\nclass T:\n    def f(self):\n        try:\n            from c import d, e\n"
    source += "        except E:\n            pass\n"
    assert imported(source + 'S = """\nfrom f import g\n"""\n') == {"a.b", "c", "c.d", "c.e"}  # a string's is none
    modules = [
        "karpenter_tenants.capacity.pools",
        "karpenter_tenants.commands.cli",
        "karpenter_tenants.commands.docs",
        "karpenter_tenants.config.docs",
        "karpenter_tenants.config.loader",
        "karpenter_tenants.convert.adopt",
        "karpenter_tenants.convert.nodegroups.draft",
    ]
    cli, loader = "karpenter_tenants.commands.cli", "karpenter_tenants.config.loader"
    tests = {
        "unit/commands/test_cdk8s_cli.py": frozenset({loader}),  # a word shared, no import: cli.py has none
        "unit/config/test_loader.py": frozenset({loader}),
        "unit/convert/test_adopt.py": frozenset({cli}),  # through the CLI, in its package's folder
        "unit/convert/test_nodegroups_draft.py": frozenset({"karpenter_tenants.convert.nodegroups.draft"}),
        "unit/kinds/test_pools.py": frozenset({loader}),  # another package's folder, does not import pools.py
        "unit/scaffold/test_init.py": frozenset({cli}),
        "unit/synthesis/test_render.py": frozenset({"karpenter_tenants.capacity.pools"}),
    }
    assert unnamed(modules, tests) == {
        "karpenter_tenants.capacity.pools": ["unit/synthesis/test_render.py"],
        cli: ["unit/convert/test_adopt.py", "unit/scaffold/test_init.py"],
    }
    ratchet = ".ci/test-names-ratchet.txt"
    assert names_ratchet_errors(modules, tests, ["karpenter_tenants.capacity.pools"]) == [
        f"{cli} is imported by tests/unit/convert/test_adopt.py (and 1 more) but no test file is named after it: "
        f"add tests/unit/commands/test_cli.py (that imports it), or (last resort) list it in {ratchet}"
    ]
    # two modules of one stem: the name to add says which; the list only shrinks: a module named now, one no test
    # imports, one gone
    tests["unit/synthesis/test_render.py"] |= {"karpenter_tenants.config.docs"}
    listed = [
        "karpenter_tenants.capacity.pools",
        cli,
        "karpenter_tenants.commands.docs",
        loader,
        "karpenter_tenants.model",
    ]
    assert names_ratchet_errors(modules, tests, listed) == [
        "karpenter_tenants.config.docs is imported by tests/unit/synthesis/test_render.py but no test file is named "
        f"after it: add tests/unit/config/test_config_docs.py (that imports it), or (last resort) list it in {ratchet}",
        f"karpenter_tenants.commands.docs is imported by no test now: remove it from {ratchet} (the list only shrinks)",
        f"{loader} has a test file named after it now: remove it from {ratchet} (the list only shrinks)",
        f"karpenter_tenants.model no longer exists: remove it from {ratchet} (the list only shrinks)",
    ]
    assert names_ratchet_errors(
        modules, tests, [cli, "karpenter_tenants.capacity.pools", "karpenter_tenants.config.docs"]
    ) == [f"{ratchet}: one module per line, sorted, each once"]
