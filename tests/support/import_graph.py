"""The product's import graph: cycles (strongly connected components of modules) and imports that run up the layers.

Run: .venv/bin/python tests/support/import_graph.py  (prints both; exit 1 when there is any)
Every import counts, at module level or inside a function (a lazy import is still a dependency).
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
    ("reference", "live"),
    ("charts",),
    ("synthesis",),
    ("capacity", "checks"),
    ("review", "convert"),
    ("simulation", "scaffold"),
    ("commands",),
)
LAYER_OF = {package: rank for rank, packages in enumerate(LAYERS) for package in packages}

# kinds/<kind>/ holds one kind of object whole (kinds/__init__.py says which): each of its modules sits on the layer
# of what it does, which its name says. A kind's package __init__ imports nothing (it is layer 0); a kind imports no
# other kind's modules but its `fields`.
KINDS = "kinds"
ROLE_LAYER = {
    "fields": "config",  # the kind's facts: fields, releases, drift classes; what config's rules and docs read
    "construct": "charts",  # the cdk8s construct both generations share
    "v1": "charts", "v1alpha5": "charts",  # the writer of each API generation
    "flux": "charts", "argocd": "charts", "flux_helm": "charts",  # the writers of each GitOps engine
    "stages": "charts",  # the install order every GitOps engine renders
    "engine": "charts",  # the one place a cluster's gitops.engine picks its writers
    "drift": "review",  # which changes replace nodes
    "review": "review",  # plan's review of the kind (review.registry registers it)
}


def layer(module: str) -> int:
    """The layer of a module: its package's, or in kinds/ its role's (a kind's package itself: 0)."""
    parts = module.split(".")
    if parts[0] != KINDS:
        return LAYER_OF[parts[0]]
    return LAYER_OF[ROLE_LAYER[parts[2]]] if len(parts) > 2 else 0


def unplaced(root: Path | None = None) -> list[str]:
    """Modules of kinds/ whose name is no role ROLE_LAYER knows (they would have no layer)."""
    return sorted(name for name in modules(root or ROOT)
                  if name.split(".")[0] == KINDS and len(name.split(".")) > 2 and name.split(".")[2] not in ROLE_LAYER)


def across_kinds(edges: dict[str, set[str]]) -> list[tuple[str, str]]:
    """(importer, imported) where a kind's module imports another kind's module other than its fields."""
    def kind(module: str) -> str | None:
        parts = module.split(".")
        return parts[1] if parts[0] == KINDS and len(parts) > 1 else None
    return sorted((source, target) for source, targets in edges.items() for target in targets
                  if kind(source) and kind(target) and kind(source) != kind(target)
                  and not target.endswith(".fields"))


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


def imports_of(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            candidates = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            candidates = [f"{base}.{alias.name}" for alias in node.names] + [base]
        else:
            continue
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
    return targets


def graph(root: Path = ROOT) -> dict[str, set[str]]:
    known = modules(root)
    return {name: imports_of(name, path, known) for name, path in known.items()}


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


def upward(edges: dict[str, set[str]]) -> list[tuple[str, str]]:
    """(importer, imported) where the imported module's package sits in a higher layer."""
    return sorted(
        (source, target)
        for source, targets in edges.items()
        for target in targets
        if layer(target) > layer(source)
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
        return name == "imports" or name.startswith("imports.") or any(m == name or m.startswith(name + ".") for m in known)
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
    found_cycles = cycles(edges)
    found_upward = upward(edges)
    found_across = across_kinds(edges)
    largest = max(modules().values(), key=lambda path: len(path.read_text(encoding="utf-8").splitlines()))
    print(f"{len(edges)} modules; largest: {largest.relative_to(ROOT)} "
          f"({len(largest.read_text(encoding='utf-8').splitlines())} lines)")
    print(f"{len(found_cycles)} import cycles")
    for component in found_cycles:
        print("  cycle: " + " <-> ".join(component))
    print(f"{len(found_upward)} upward imports")
    for source, target in found_upward:
        print(f"  {source} -> {target}")
    print(f"{len(found_across)} imports across kinds")
    for source, target in found_across:
        print(f"  {source} -> {target}")
    return 1 if found_cycles or found_upward or found_across or unplaced() else 0


if __name__ == "__main__":
    sys.exit(main())
