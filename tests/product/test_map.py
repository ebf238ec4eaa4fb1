"""The map is true (issue 57): the README's and docs/development.md's "Repository structure" name every package of the
product, and every folder and module they name exists (the README once omitted kinds/ and live/; development.md named
a removed model.py). What each module's docstring says of its imports: tests/product/test_layers.py."""

from __future__ import annotations

import re
from pathlib import Path

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
