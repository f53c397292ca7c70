"""Each game's clone copies its fields one by one (``_copy_scalars``, for speed compiled: see
docs/performance.md, "IS-MCTS speed"). That writes the field names a second time beside
``FIELDS`` (issue 27 §3 declares them once), so these tests hold the copy to ``FIELDS``: read
from the source, it assigns exactly the declared fields in their order; run, a clone of a
mid-game position equals the original field by field and shares no list with it."""

from __future__ import annotations

import ast
import importlib

import pytest

from cardtable.core import Rng, list_games, new_state

from .test_import_layers import GAMES, GAMES_DIR


def _copied_fields(game: str) -> list[str]:
    """The ``new.NAME = ...`` targets of ``_copy_scalars`` in the game's table.py, in order."""
    tree = ast.parse((GAMES_DIR / game / "table.py").read_text())
    (cls,) = [n for n in tree.body if isinstance(n, ast.ClassDef)]
    (method,) = [
        n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == "_copy_scalars"
    ]
    out = []
    for node in method.body:
        if isinstance(node, ast.Assign):
            (target,) = node.targets
            assert isinstance(target, ast.Attribute), ast.unparse(node)
            assert isinstance(target.value, ast.Name) and target.value.id == "new"
            out.append(target.attr)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_the_field_copy_names_every_field_once(game: str) -> None:
    table = importlib.import_module(f"cardtable.games.{game}.table")
    assert _copied_fields(game) == list(table.FIELDS)


def _lists_in(value: object) -> list[list[object]]:
    """Every list in ``value``: itself, and the lists it holds."""
    if type(value) is not list:
        return []
    return [value, *(v for v in value if type(v) is list)]


@pytest.mark.parametrize("info", list_games(), ids=lambda i: i.name)
def test_a_clone_has_every_field_and_shares_no_list(info: object) -> None:
    name, players = info.name, info.max_players  # type: ignore[attr-defined]
    rng, checked = Rng(3), 0
    for seed in range(3):
        state = new_state(name, players, seed)
        while not state.is_terminal():
            if rng.below(7) == 0:
                copy = state.clone()
                assert copy.to_json() == state.to_json()
                for field in type(state).SCALARS:
                    mine, theirs = getattr(state, field), getattr(copy, field)
                    assert mine == theirs, field
                    assert type(mine) is type(theirs), field
                    shared = {id(x) for x in _lists_in(mine)} & {id(x) for x in _lists_in(theirs)}
                    assert not shared, f"{field} shares a list with its clone"
                checked += 1
            seat = state.to_act()[0]
            ids = state.legal_action_ids(seat)
            state.apply_unchecked(seat, ids[rng.below(len(ids))])
    assert checked > 10
