"""Every game package has the same files, and its modules import one way (docs/architecture.md).

Inside ``cardtable/games/<game>/`` the layers are: data modules (``meta.py``, ``cards.py`` and
the like) at the bottom, then ``table.py`` (the game's fields, phases, zone indexes and position
checks), then the rules, words and views that read a table (``rules.py``, ``describe.py``,
``render.py``, ``greedy.py``, helpers), then ``state.py`` (the protocol routing) and
``__init__.py`` (registration) on top. The imports are read from the source with ``ast`` —
every import counts, also those under ``TYPE_CHECKING`` and inside functions, since a type-only
back-reference is still a circle for a reader.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

GAMES_DIR = Path(__file__).resolve().parents[2] / "src" / "cardtable" / "games"
GAMES = sorted(p.name for p in GAMES_DIR.iterdir() if (p / "__init__.py").is_file())

#: The files every game has, each with the same role (docs/adding-a-game.md).
SAME_FILES = (
    "__init__",
    "meta",
    "cards",
    "table",
    "rules",
    "notation",
    "describe",
    "render",
    "greedy",
    "state",
)
#: Modules above ``table`` whatever they import: table.py must never reach them.
ABOVE_TABLE = ("__init__", "rules", "describe", "render", "greedy", "state")


def _imports(game: str, module: str) -> set[str]:
    """The modules of the same package that ``module`` imports (``__init__`` for the package)."""
    package = f"cardtable.games.{game}"
    path = GAMES_DIR / game / f"{module}.py"
    modules = {p.stem for p in (GAMES_DIR / game).glob("*.py")}
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module == package:
            # ``from cardtable.games.g import rules`` reaches ``rules``; other names, the package.
            names = [f"{package}.{a.name}" if a.name in modules else package for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            assert not node.level, f"{path}: use absolute imports"
            names = [node.module]
        for name in names:
            if name == package:
                found.add("__init__")
            elif name.startswith(package + "."):
                found.add(name[len(package) + 1 :].split(".")[0])
    return (found & modules) - {module}


def import_graph(game: str) -> dict[str, set[str]]:
    modules = sorted(p.stem for p in (GAMES_DIR / game).glob("*.py"))
    return {m: _imports(game, m) for m in modules}


def reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = list(graph[start])
    while todo:
        module = todo.pop()
        if module not in seen:
            seen.add(module)
            todo.extend(graph[module])
    return seen


def find_circle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle as a path ``a -> b -> ... -> a``, or None."""
    for start in sorted(graph):
        stack = [(start, [start])]
        while stack:
            module, path = stack.pop()
            for nxt in sorted(graph[module]):
                if nxt == start:
                    return [*path, start]
                if nxt not in path:
                    stack.append((nxt, [*path, nxt]))
    return None


def test_the_checks_see_a_circle_and_an_upward_import() -> None:
    """The helpers fail on what they are meant to catch (so the tests below can fail)."""
    graph = {"table": {"cards", "rules"}, "rules": {"table"}, "cards": set()}
    assert find_circle(graph) == ["rules", "table", "rules"]
    assert "rules" in reachable(graph, "table")


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_the_same_files(game: str) -> None:
    missing = [m for m in SAME_FILES if not (GAMES_DIR / game / f"{m}.py").is_file()]
    assert not missing, f"{game} lacks {', '.join(f'{m}.py' for m in missing)}"


@pytest.mark.parametrize("game", GAMES)
def test_no_import_circle_inside_a_game(game: str) -> None:
    circle = find_circle(import_graph(game))
    assert circle is None, f"{game}: import circle {' -> '.join(circle or [])}"


@pytest.mark.parametrize("game", GAMES)
def test_table_imports_nothing_above_it(game: str) -> None:
    graph = import_graph(game)
    assert "table" in graph, f"{game} has no table.py"
    above = {m for m in graph if "table" in reachable(graph, m)} | set(ABOVE_TABLE)
    wrong = sorted(reachable(graph, "table") & above)
    assert not wrong, f"{game}/table.py reaches {wrong}, which sit above it"


@pytest.mark.parametrize("game", GAMES)
def test_only_registration_imports_the_state(game: str) -> None:
    graph = import_graph(game)
    users = sorted(m for m, deps in graph.items() if "state" in deps and m != "__init__")
    assert not users, f"{game}: {users} import state.py; state.py is the top of the package"
