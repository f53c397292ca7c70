"""Each game declares its table's fields once (issue 27 §3): the ``FIELDS`` tuple in its
``table.py`` is both the class's ``__slots__`` and what positions save and load (``SCALARS``),
so a field cannot be stored without being saved, or saved without a slot. Read from the source,
so the check is the same for the plain and the compiled build."""

from __future__ import annotations

import ast
import importlib

import pytest

from .test_import_layers import GAMES, GAMES_DIR


def _class_assignments(game: str) -> dict[str, str]:
    """``name -> source of its value`` for the assignments in table.py's one class body."""
    tree = ast.parse((GAMES_DIR / game / "table.py").read_text())
    classes = [n for n in tree.body if isinstance(n, ast.ClassDef)]
    assert len(classes) == 1, [c.name for c in classes]
    out: dict[str, str] = {}
    for node in classes[0].body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            out[node.targets[0].id] = ast.unparse(node.value)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value:
            out[node.target.id] = ast.unparse(node.value)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_the_fields_are_declared_once(game: str) -> None:
    table = importlib.import_module(f"cardtable.games.{game}.table")
    declared = _class_assignments(game)
    caches = getattr(table, "CACHES", None)
    assert declared["__slots__"] == ("FIELDS + CACHES" if caches else "FIELDS")
    assert declared["SCALARS"] == "FIELDS"
    assert len(set(table.FIELDS)) == len(table.FIELDS)
    assert not set(caches or ()) & set(table.FIELDS)
