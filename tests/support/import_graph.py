"""The product's import graph: cycles (strongly connected components of modules) and imports that run up the layers.

Run: .venv/bin/python tests/support/import_graph.py  (prints each finding; exit 1 when there is any)
Every import that runs counts, at module level or inside a function (a lazy import is still a dependency). An import
under `if TYPE_CHECKING:` does not run: it is no edge of the graph (it may name a higher layer's or a sibling's type,
and it makes no cycle), but it must still name a module and a name that exist (`unresolved`).

A module of kinds/ declares its own layer (kinds/__init__.py): a module-level `LAYER = "<package>"`, the package of
LAYERS whose layer it sits on, read here from the source (ast), never by importing the module. Its file name says
nothing: `declarations` reports a module of a kind that declares none, or a layer that is none.
"""

from __future__ import annotations

import ast
import importlib.util
import re
import sys
from pathlib import Path

# The import package every product module lives in; module names below are relative to it (config.loader).
PACKAGE = "karpenter_tenants"
ROOT = Path(__file__).resolve().parents[2] / PACKAGE

# Bottom first: a package may import its own layer's packages and those below, never one above.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("config",),
    ("reference", "live", "objects"),
    ("charts",),
    ("synthesis",),
    ("capacity", "checks"),
    ("review", "convert"),
    ("simulation", "scaffold"),
    ("commands",),
)
LAYER_OF = {package: rank for rank, packages in enumerate(LAYERS) for package in packages}

# kinds/<kind>/ holds one kind of object whole (kinds/__init__.py says which). Each module of a kind sits on the layer
# of the package whose work it does, which it declares itself: `LAYER = "charts"` at module level (DECLARATION). The
# kinds/ package and a kind's package (their __init__.py) import nothing of the product and declare nothing; a kind
# imports no other kind's modules but its `fields` (its facts), not even under TYPE_CHECKING.
KINDS = "kinds"
DECLARATION = "LAYER"
HOW_TO_DECLARE = (
    f'add `{DECLARATION} = "<package>"` at module level, the package whose layer it sits on (one of '
    f"{', '.join(LAYER_OF)}; kinds/__init__.py)"
)


def modules(root: Path = ROOT) -> dict[str, Path]:
    found = {}
    for package in (*LAYER_OF, KINDS):
        folder = root / package
        if not folder.is_dir():
            continue
        for path in sorted(folder.rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def is_kind_package(name: str, path: Path) -> bool:
    """kinds/ itself or a kind's package (kinds/<kind>/__init__.py): no layer of its own, it imports nothing."""
    return name.split(".")[0] == KINDS and path.name == "__init__.py" and len(name.split(".")) <= 2


def declared(path: Path) -> str | None:
    """What a module's own `LAYER = "..."` (or `LAYER: Final = "..."`) says, read from its source; None when it has
    none; the source text of the value when it is not a string literal (no layer)."""
    for node in ast.parse(path.read_text(encoding="utf-8"), str(path)).body:
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        else:
            continue
        if any(isinstance(target, ast.Name) and target.id == DECLARATION for target in targets):
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                return value.value
            return ast.unparse(value)
    return None


def declarations(root: Path = ROOT) -> list[str]:
    """What is wrong with the layer declarations: a module of a kind that declares none or a layer that is no package
    of LAYERS, and a declaration where none belongs (a module outside a kind takes its package's layer; kinds/ and a
    kind's package import nothing)."""
    problems = []
    for name, path in modules(root).items():
        value = declared(path)
        of_a_kind = name.split(".")[0] == KINDS and not is_kind_package(name, path)
        if not of_a_kind:
            if value is not None:
                problems.append(
                    f"{name}: {DECLARATION} = {value!r}, but only a module of kinds/<kind>/ declares its "
                    "layer (a package's module has its package's; kinds/ and a kind's package none)"
                )
        elif value is None:
            problems.append(f"{name} ({path.relative_to(root)}) declares no layer: {HOW_TO_DECLARE}")
        elif value not in LAYER_OF:
            problems.append(f"{name}: {DECLARATION} = {value!r} is no layer: {HOW_TO_DECLARE}")
    return problems


def layers(root: Path = ROOT) -> dict[str, int]:
    """The layer of each module: its package's; in kinds/ what the module declares (kinds/ and a kind's package: 0).
    A module of a kind with no valid declaration has none (declarations() says so)."""
    placed = {}
    for name, path in modules(root).items():
        if name.split(".")[0] != KINDS:
            placed[name] = LAYER_OF[name.split(".")[0]]
        elif is_kind_package(name, path):
            placed[name] = 0
        else:
            value = declared(path)
            if value in LAYER_OF:
                placed[name] = LAYER_OF[value]
    return placed


def across_kinds(edges: dict[str, set[str]]) -> list[tuple[str, str]]:
    """(importer, imported) where a kind's module imports another kind's module other than its fields."""

    def kind(module: str) -> str | None:
        parts = module.split(".")
        return parts[1] if parts[0] == KINDS and len(parts) > 1 else None

    return sorted(
        (source, target)
        for source, targets in edges.items()
        for target in targets
        if kind(source) and kind(target) and kind(source) != kind(target) and not target.endswith(".fields")
    )


def kind_packages_importing(edges: dict[str, set[str]], root: Path = ROOT) -> list[tuple[str, str]]:
    """(package, imported) where kinds/ or a kind's package imports a module of the product."""
    known = modules(root)
    return sorted(
        (source, target)
        for source, targets in edges.items()
        for target in targets
        if source in known and is_kind_package(source, known[source])
    )


def _is_type_checking(test: ast.expr) -> bool:
    """`if TYPE_CHECKING:` or `if typing.TYPE_CHECKING:`."""
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _import_nodes(tree: ast.AST) -> list[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Every import statement of a module, anywhere in it, with whether it sits under `if TYPE_CHECKING:` (its body;
    the else branch runs)."""
    found: list[tuple[ast.Import | ast.ImportFrom, bool]] = []

    def visit(node: ast.AST, typing: bool) -> None:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append((node, typing))
            return
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.body:
                visit(child, True)
            for child in node.orelse:
                visit(child, typing)
            return
        for child in ast.iter_child_nodes(node):
            visit(child, typing)

    visit(tree, False)
    return found


def _named(node: ast.Import | ast.ImportFrom, name: str, path: Path) -> list[tuple[str, str | None]]:
    """What an import statement names: (module as written, absolute; the name imported from it, or None)."""
    if isinstance(node, ast.Import):
        return [(alias.name, None) for alias in node.names]
    base = node.module or ""
    if node.level:
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        anchor = package.split(".")
        anchor = anchor[: len(anchor) - (node.level - 1)]
        base = ".".join([*anchor, base] if base else anchor)
    return [(base, alias.name) for alias in node.names]


def _imports(name: str, path: Path, known: dict[str, Path]) -> tuple[set[str], set[str]]:
    """(the modules a module imports where the import runs, those it imports under TYPE_CHECKING)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    runtime: set[str] = set()
    typing: set[str] = set()
    for node, under_type_checking in _import_nodes(tree):
        targets = typing if under_type_checking else runtime
        for base, imported in _named(node, name, path):
            candidates = [base] if imported is None else [f"{base}.{imported}", base]
            for candidate in candidates:
                candidate = candidate.removeprefix(PACKAGE + ".")
                # the longest known module that the import names (a name imported from a module is that module)
                parts = candidate.split(".")
                for end in range(len(parts), 0, -1):
                    module = ".".join(parts[:end])
                    if module in known:
                        if module != name:
                            targets.add(module)
                        break
    return runtime, typing


def imports_of(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules a module imports where the import runs (module level or in a function; not under TYPE_CHECKING)."""
    return _imports(name, path, known)[0]


def graph(root: Path = ROOT) -> dict[str, set[str]]:
    """Each module's imports that run: the edges of cycles and layers."""
    known = modules(root)
    return {name: imports_of(name, path, known) for name, path in known.items()}


def typing_graph(root: Path = ROOT) -> dict[str, set[str]]:
    """Each module's imports under `if TYPE_CHECKING:` (read by type checkers only, never run)."""
    known = modules(root)
    return {name: _imports(name, path, known)[1] for name, path in known.items()}


def every_import(edges: dict[str, set[str]] | None = None, root: Path = ROOT) -> dict[str, set[str]]:
    """graph's edges and typing_graph's together: what a module names at all (kinds' and their packages' rules)."""
    edges = graph(root) if edges is None else edges
    typing = typing_graph(root)
    return {name: edges.get(name, set()) | typing.get(name, set()) for name in {*edges, *typing}}


def _bound(path: Path) -> set[str] | None:
    """The names a module binds at module level (in its if/try/with/for blocks too); None when it could bind any
    (`from x import *`, a module-level __getattr__)."""
    names: set[str] = set()

    def bind(target: ast.AST) -> None:
        for node in ast.walk(target):
            if isinstance(node, ast.Name):
                names.add(node.id)

    def visit(statements: list[ast.stmt]) -> bool:
        for node in statements:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
                continue  # what it binds inside is its own
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                for alias in node.names:
                    if alias.name == "*":
                        return False
                    names.add(alias.asname or alias.name.split(".")[0])
            elif isinstance(node, ast.Assign):
                for target in node.targets:
                    bind(target)
            elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
                bind(node.target)
            elif isinstance(node, (ast.For, ast.AsyncFor)):
                bind(node.target)
            elif isinstance(node, (ast.With, ast.AsyncWith)):
                for item in node.items:
                    if item.optional_vars is not None:
                        bind(item.optional_vars)
            for handler in getattr(node, "handlers", []):  # try: except ... as name
                if handler.name:
                    names.add(handler.name)
                if not visit(handler.body):
                    return False
            for block in ("body", "orelse", "finalbody"):  # if, try, with, for, while
                if not visit(getattr(node, block, [])):
                    return False
        return True

    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return names if visit(tree.body) and "__getattr__" not in names else None


def unresolved(root: Path = ROOT) -> list[str]:
    """Imports of the product's modules (under TYPE_CHECKING too, which nothing runs) that name a module that is not
    there, or a name its module does not bind. The generated imports/ are checked as far as their modules."""
    known = modules(root)
    tops = {*LAYER_OF, KINDS, "imports"}
    bound: dict[str, set[str] | None] = {}
    problems = []

    def module_path(module: str) -> Path | None:
        if module in known:
            return known[module]
        folder = root.joinpath(*module.split("."))
        for candidate in (folder / "__init__.py", folder.with_suffix(".py")):
            if module.split(".")[0] == "imports" and candidate.is_file():
                return candidate
        return None

    for name, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node, under_type_checking in _import_nodes(tree):
            for base, imported in _named(node, name, path):
                module = base.removeprefix(PACKAGE + ".")
                if module.split(".")[0] not in tops:
                    continue  # another distribution's (cdk8s, yaml), or the package itself
                where = f"{name}:{node.lineno}{' (TYPE_CHECKING)' if under_type_checking else ''}"
                target = module_path(module)
                if target is None:
                    problems.append(f"{where}: imports {module}, which is no module of the product")
                    continue
                if imported is None or module_path(f"{module}.{imported}") is not None or module.startswith("imports"):
                    continue
                if module not in bound:
                    bound[module] = _bound(target)
                names = bound[module]
                if names is not None and imported not in names:
                    problems.append(f"{where}: imports {imported} from {module}, which has no such name")
    return problems


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def visit(node: str) -> None:
        nonlocal counter
        index[node] = low[node] = counter
        counter += 1
        stack.append(node)
        on_stack.add(node)
        for target in sorted(edges.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(10_000)
    for node in sorted(edges):
        if node not in index:
            visit(node)
    return sorted(found)


def folder_graph(edges: dict[str, set[str]]) -> dict[str, set[str]]:
    """The graph of the package's folders (its top-level packages: config, kinds, review, ...): an edge where a module
    of one imports a module of another (issue 57: "each folder on one level"). A module of kinds/ declares its own
    layer, so the module graph can be acyclic and free of upward imports while kinds/ as a folder sits below charts/
    (charts compose its constructs) and above review/ (its reviews importing review's change model): arrows back up
    between folders, which cycles(folder_graph(...)) finds."""
    folders: dict[str, set[str]] = {}
    for source, targets in edges.items():
        folder = source.split(".")[0]
        folders.setdefault(folder, set()).update(t.split(".")[0] for t in targets if t.split(".")[0] != folder)
    return folders


def upward(edges: dict[str, set[str]], placed: dict[str, int] | None = None) -> list[tuple[str, str]]:
    """(importer, imported) where the imported module sits in a higher layer (placed: layers(), the product's by
    default; a module with no layer, which declarations() reports, is left out)."""
    placed = layers() if placed is None else placed
    return sorted(
        (source, target)
        for source, targets in edges.items()
        for target in targets
        if source in placed and target in placed and placed[target] > placed[source]
    )


# What a module's docstring says of its own imports (issue 57: "the map is true"), sentence by sentence:
# "Imports A, B and C only" (a sentence's own verb, or after "; " or ": "), "Imports nothing [of the product | of P]",
# "Must not import: A, B". A name is a package or module of the product (config, config.versions, live.kinds/,
# the generated imports/) or, in parentheses after a phrase, the modules the phrase means ("the change model
# (review.changes)"); other names (cdk8s, lightkube) are not the product's and not checked.
SENTENCE = re.compile(r"(?<=[.;:])\s+(?=[A-Z`])")
ONLY = re.compile(r"(?:^|[;:]\s)[Ii]mports (?!at\b|only\b)(?P<what>.+?) only\b")
NOTHING = re.compile(r"(?:^|[;:]\s)[Ii]mports nothing(?: of (?P<of>[\w./']+(?: product(?:'s)?)?))?")
MUST_NOT = re.compile(r"\bMust not import: (?P<what>[^(]+?)(?:\(|\.?$)")
THE_PRODUCT = ("the product", "the product's", "this product")


def _items(text: str) -> list[str]:
    """A list's items ("A, B and C", "A or B"), split outside parentheses."""
    items, depth, current = [], 0, ""
    for part in re.split(r"(,\s*|\s+and\s+|\s+or\s+|[()])", text):
        depth += part == "("
        depth -= part == ")"
        if depth == 0 and re.fullmatch(r",\s*|\s+and\s+|\s+or\s+", part):
            items.append(current.strip())
            current = ""
        else:
            current += part
    return [item for item in [*items, current.strip()] if item]


def _product_names(item: str, known: set[str]) -> list[str] | None:
    """The product modules an item names ([] for a name not the product's: cdk8s), None for a phrase that names none."""

    def name_of(text: str) -> str:
        return text.strip().removeprefix("the generated ").removeprefix("the ").rstrip("/").replace("/", ".")

    def is_product(name: str) -> bool:
        return (
            name == "imports"
            or name.startswith("imports.")
            or any(m == name or m.startswith(name + ".") for m in known)
        )

    inside = re.findall(r"\(([^)]*)\)", item)
    named = [name_of(n) for text in inside for n in _items(text)]
    if named and all(is_product(n) for n in named):
        return named
    name = name_of(re.sub(r"\s*\([^)]*\)", "", item))
    if is_product(name):
        return [name]
    # another distribution's module (cdk8s, lightkube): not the product's, not checked; anything else names nothing
    return [] if re.fullmatch(r"\w+", name) and importlib.util.find_spec(name) is not None else None


def _raw_imports(name: str, path: Path) -> set[str]:
    """Every product module or name a module imports (relative to the package; the generated imports/ included)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            candidates = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([PACKAGE, *anchor, base] if base else [PACKAGE, *anchor])
            candidates = [base, *(f"{base}.{alias.name}" for alias in node.names)]
        else:
            continue
        found |= {c.removeprefix(PACKAGE + ".") for c in candidates if c.startswith(PACKAGE + ".")}
    return {target for target in found if target != name and not name.startswith(target + ".")}


def docstring_claims(root: Path = ROOT) -> tuple[int, list[str]]:
    """(how many claims the docstrings make about their modules' own imports, each claim that the module's imports
    contradict or that names no module)."""
    known = set(modules(root))

    def within(target: str, names: list[str]) -> bool:
        return any(target == n or target.startswith(n + ".") for n in names)

    problems: list[str] = []
    claims = 0
    for name, path in modules(root).items():
        doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
        actual = _raw_imports(name, path)
        for sentence in SENTENCE.split(" ".join((doc or "").split())):
            claims += sum(1 for pattern in (ONLY, NOTHING, MUST_NOT) for _ in pattern.finditer(sentence))
            for match in ONLY.finditer(sentence):
                named = [_product_names(item, known) for item in _items(match["what"])]
                if None in named:
                    problems.append(f"{name}: {match[0]!r}: say the modules (config, review.changes, ...)")
                    continue
                allowed = [n for names in named for n in names or []]
                extra = sorted(t for t in actual if not within(t, allowed))
                if extra:
                    problems.append(f"{name}: {match[0].strip(' ;:')!r}, but it imports {', '.join(extra)}")
            for match in NOTHING.finditer(sentence):
                scope = match["of"]
                if scope is None or scope in THE_PRODUCT:
                    found = sorted(actual)
                elif _product_names(scope, known):
                    found = sorted(t for t in actual if within(t, _product_names(scope, known) or []))
                else:
                    continue
                if found:
                    problems.append(f"{name}: {match[0].strip(' ;:')!r}, but it imports {', '.join(found)}")
            for match in MUST_NOT.finditer(sentence):
                what = match["what"].strip()
                if what.startswith(("anything of this product", "anything of the product")):
                    # "anything of the product but A": A's modules are allowed (other exceptions are not the product's)
                    _, _, but = what.partition(" but ")
                    excepted = [n for item in _items(but) for n in _product_names(item, known) or []]
                    banned = sorted(t for t in actual if not within(t, excepted))
                else:
                    names = [_product_names(item, known) for item in _items(what)]
                    if None in names:
                        problems.append(f"{name}: {match[0]!r}: say the modules")
                        continue
                    banned = sorted(t for t in actual if within(t, [n for ns in names for n in ns or []]))
                if banned:
                    problems.append(f"{name}: {match[0].strip(' (')!r}, but it imports {', '.join(banned)}")
    return claims, problems


def main() -> int:
    edges = graph()
    every = every_import(edges)
    found = {
        "import cycles": [" <-> ".join(component) for component in cycles(edges)],
        "folder cycles": [" <-> ".join(component) for component in cycles(folder_graph(edges))],
        "upward imports": [f"{source} -> {target}" for source, target in upward(edges)],
        "imports across kinds": [f"{source} -> {target}" for source, target in across_kinds(every)],
        "imports of a kind's package": [f"{source} -> {target}" for source, target in kind_packages_importing(every)],
        "layer declarations wrong or missing": declarations(),
        "imports of nothing": unresolved(),
    }
    largest = max(modules().values(), key=lambda path: len(path.read_text(encoding="utf-8").splitlines()))
    print(
        f"{len(edges)} modules; largest: {largest.relative_to(ROOT)} "
        f"({len(largest.read_text(encoding='utf-8').splitlines())} lines)"
    )
    for what, items in found.items():
        print(f"{len(items)} {what}")
        for item in items:
            print(f"  {item}")
    return 1 if any(found.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
