"""The house in order (issue 9): what a maintainer relies on when reading the code.

No import cycle between the project's modules (at import time), no module reaching into
another's private names, and no module too long to hold in one's head. ruff and mypy run
before the tests (scripts/test.sh); these are the rules they do not check.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("adjudicator", "web")
# "About 600 lines" (issue 9): the longest module may run a little over while it reads as one topic.
MAX_LINES = 650


def modules() -> dict[str, Path]:
    out = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            out[name] = path
    return out


MODULES = modules()


def _import_of(node: ast.AST, package: str) -> list[tuple[str, list[str], int]]:
    """(module, names, line) of one import statement (relative ones resolved), else nothing."""
    if isinstance(node, ast.Import):
        return [(a.name, [], node.lineno) for a in node.names]
    if isinstance(node, ast.ImportFrom):
        base = node.module or ""
        if node.level:
            up = package.split(".")
            up = up[:len(up) - node.level + 1]
            base = ".".join([*up, base] if base else up)
        return [(base, [a.name for a in node.names], node.lineno)]
    return []


def _package(name: str, path: Path) -> str:
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def imported(name: str, path: Path) -> list[tuple[str, list[str], int]]:
    """(module, names, line) of each import at module level (not inside a function or a
    ``TYPE_CHECKING`` block): the ones that run when the module is imported."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = _package(name, path)
    found = []

    def visit(body):
        for node in body:
            found.extend(_import_of(node, package))
            if isinstance(node, ast.If) and "TYPE_CHECKING" not in ast.unparse(node.test):
                visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Try):
                visit(node.body)
                for handler in node.handlers:
                    visit(handler.body)

    visit(tree.body)
    return found


def every_import(name: str, path: Path) -> list[tuple[str, list[str], int]]:
    """(module, names, line) of every import of the module, inside functions too: a circle
    of lazy imports is still a circle between the modules (issue 19)."""
    package = _package(name, path)
    return [found for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            for found in _import_of(node, package)]


def project_edges(reader=imported) -> dict[str, set[str]]:
    """Module -> the project modules it imports (at import time by default; ``every_import``
    for all of them; ``from pkg import mod`` counts as importing ``pkg.mod`` when that is a
    module)."""
    edges: dict[str, set[str]] = {}
    for name, path in MODULES.items():
        out = edges.setdefault(name, set())
        for module, names, _line in reader(name, path):
            if module.split(".")[0] not in PACKAGES:
                continue
            targets = [f"{module}.{n}" for n in names if f"{module}.{n}" in MODULES]
            if len(targets) < len(names) or not names:
                targets.append(module)
            out.update(t for t in targets if t in MODULES and t != name)
    return edges


def find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def walk(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt.startswith(node + "."):
                continue   # a package importing its own submodule is how packages are built
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                cycle = walk(nxt)
                if cycle:
                    return cycle
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state:
            cycle = walk(node)
            if cycle:
                return cycle
    return None


def test_the_module_finder_sees_the_project():
    assert {"adjudicator.api", "adjudicator.wotr.hunt", "web.views"} <= set(MODULES)
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_no_import_cycle():
    cycle = find_cycle(project_edges())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_no_import_circle_even_through_imports_inside_functions():
    cycle = find_cycle(project_edges(every_import))
    assert cycle is None, "import circle: " + " -> ".join(cycle or [])


# The shared core: what every game uses. Each game's code lives in its own package.
GAME_PACKAGES = ("adjudicator.wotr", "adjudicator.cardgame", "adjudicator.lcg")
CORE = ("adjudicator", "adjudicator.api", "adjudicator.build", "adjudicator.checking", "adjudicator.cli",
        "adjudicator.data", "adjudicator.i18n", "adjudicator.loading", "adjudicator.names", "adjudicator.params",
        "adjudicator.paths", "adjudicator.problems", "adjudicator.registry", "adjudicator.render",
        "adjudicator.ruling", "adjudicator.spec", "adjudicator.wording", "adjudicator.__main__")


def test_no_top_level_module_of_a_game():
    top = sorted(n for n in MODULES if n.startswith("adjudicator.") and n.count(".") == 1)
    packages = {*GAME_PACKAGES, "adjudicator.search"}
    stray = [n for n in top if n not in CORE and n not in packages]
    assert stray == [], f"modules at the top that belong to a game's package (or the search's): {stray}"


def test_the_shared_core_imports_no_game():
    found = []
    for name in CORE:
        if name not in MODULES:
            continue
        for module, _names, line in every_import(name, MODULES[name]):
            if module.startswith(GAME_PACKAGES):
                found.append(f"{MODULES[name].relative_to(ROOT)}:{line}: {module}")
    assert found == [], "\n".join(found)


def test_no_module_imports_another_modules_private_names():
    found = []
    for name, path in MODULES.items():
        for module, names, line in sorted(set(lazy_imports(path))):
            if module.split(".")[0] in PACKAGES and module != name:
                found += [f"{path.relative_to(ROOT)}:{line}: {module}.{n}" for n in names
                          if n.startswith("_") and not n.startswith("__")]
    assert found == [], "\n".join(found)


def lazy_imports(path: Path) -> list[tuple[str, tuple[str, ...], int]]:
    """Every ``from x import y`` of the module, in functions too (a private name is private
    wherever it is imported)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [(node.module or "", tuple(a.name for a in node.names), node.lineno) for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.level == 0]


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_module_is_too_long_to_hold_in_ones_head(name):
    lines = len(MODULES[name].read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{MODULES[name].relative_to(ROOT)} has {lines} lines: split it by topic"
