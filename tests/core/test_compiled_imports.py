"""A compiled module must not call into interpreted ``cardtable`` modules on its hot path.

A compiled module that imports a sibling *module* (``from cardtable.games.g import facts``) and
calls its functions makes a Python-level call into interpreted code for each, with its module
constants read from a dictionary: Nacho Loco's draw-turn facts (NL-R15, NL-R16) in an
interpreted ``facts.py`` cost its compiled playouts more than half their speed, and
Portfolio's action ids came from an interpreted ``notation`` module on every legal-move list
(docs/performance.md, "The modules a compiled module calls"). Every module imported this way by
a compiled module is compiled too, apart from those listed here with the reason they may stay
interpreted.
"""

from __future__ import annotations

import ast
import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "cardtable"

#: Modules a compiled module may import as a module while they stay interpreted: text and
#: rendering (called when describing an action or a refusal, never in a playout).
INTERPRETED: dict[str, str] = {
    "games/magic_show/describe.py": "action texts and refusals, not in playouts",
    "games/piece_of_the_action/describe.py": "action texts and refusals, not in playouts",
    "games/portfolio/describe.py": "action texts and refusals, not in playouts",
    "games/portfolio/greedy_trade.py": "the rule-of-thumb bot's trade choice, not in playouts",
    "games/score/describe.py": "action texts and refusals, not in playouts",
    "games/nacho_loco/describe.py": "action texts and refusals, not in playouts",
    "games/nacho_loco/meta.py": "options and seat names, read once per state",
    "games/nacho_loco/sampling.py": "the sampler's hooks, once per world; a test patches them",
    "games/score/meta.py": "options and seat names, read once per state",
    "games/magic_show/meta.py": "options and seat names, read once per state",
    "games/portfolio/meta.py": "options and seat names, read once per state",
    "games/piece_of_the_action/meta.py": "options and seat names, read once per state",
}


def _modules() -> tuple[str, ...]:
    spec = importlib.util.spec_from_file_location("_compile_tool", ROOT / "tools" / "compile.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["_compile_tool"] = module
    spec.loader.exec_module(module)
    modules: tuple[str, ...] = module.MODULES
    return modules


def _imported_modules(path: Path) -> set[str]:
    """Paths (under src/cardtable) of the ``cardtable`` modules ``path`` imports as modules at
    run time (not the names it imports from them, not under ``TYPE_CHECKING``)."""
    tree = ast.parse(path.read_text())
    found: set[str] = set()
    for node in tree.body:  # top level only: TYPE_CHECKING blocks are ``if`` statements
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("cardtable"):
            base = node.module.split(".")[1:]
            for alias in node.names:
                candidate = PACKAGE.joinpath(*base, f"{alias.name}.py")
                if candidate.is_file():
                    found.add(candidate.relative_to(PACKAGE).as_posix())
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("cardtable."):
                    candidate = PACKAGE.joinpath(*alias.name.split(".")[1:]).with_suffix(".py")
                    if candidate.is_file():
                        found.add(candidate.relative_to(PACKAGE).as_posix())
    return found


def test_compiled_modules_call_only_compiled_modules() -> None:
    modules = set(_modules())
    missing = {
        f"{module} imports {imported}"
        for module in modules
        for imported in _imported_modules(PACKAGE / module)
        if imported not in modules and imported not in INTERPRETED
    }
    assert not missing, sorted(missing)


def test_the_allowed_interpreted_modules_exist_and_are_not_compiled() -> None:
    modules = set(_modules())
    for path in INTERPRETED:
        assert (PACKAGE / path).is_file(), path
        assert path not in modules, path
