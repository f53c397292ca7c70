"""Every determinisation agrees with the public history (see ``history.py``): all five games,
several seeds, table sizes and option sets, Portfolio with trades on. The planted-bug self-test
is ``test_history_selftest.py``."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.core import Rng, new_state
from cardtable.games.nacho_loco import sampling as nacho_sampling

from .history import check_game

CASES: list[tuple[str, int, dict[str, Any], int]] = [
    ("magic-show", 2, {}, 0),
    ("magic-show", 2, {}, 3),
    ("nacho-loco", 2, {}, 0),
    ("nacho-loco", 4, {"must_play_drawn": True, "placement_rule": "any_edge"}, 1),
    ("nacho-loco", 3, {"go_again_mode": "extra_turn"}, 0),
    ("piece-of-the-action", 2, {}, 0),
    ("piece-of-the-action", 6, {"moved_reverse_cancels": False}, 1),
    ("portfolio", 3, {"trades": True}, 0),
    ("portfolio", 2, {"trades": True}, 3),
    ("portfolio", 5, {"trades": True, "max_offers_per_turn": 1}, 2),
    ("portfolio", 4, {}, 1),
    ("score", 3, {}, 0),
    ("score", 3, {"empty_pile": "recycle", "voluntary_complete_discard": True}, 1),
]


@pytest.mark.parametrize(
    ("game", "num_players", "options", "seed"),
    CASES,
    ids=[f"{g}-{n}p-s{s}-" + ",".join(f"{k}={v}" for k, v in o.items()) for g, n, o, s in CASES],
)
def test_determinisations_agree_with_the_public_history(
    game: str, num_players: int, options: dict[str, Any], seed: int
) -> None:
    state = new_state(game, num_players, seed, options)
    counts = check_game(state, Rng(seed), every=11, samples=3, max_steps=150)
    assert counts["worlds"] > 0 and counts["actions replayed"] > 0


@pytest.mark.parametrize(
    ("players", "options", "seed"), [(2, {}, 0), (3, {"go_again_mode": "extra_turn"}, 0)]
)
def test_a_sampler_that_ignores_the_nacho_draw_facts_is_caught(
    monkeypatch: pytest.MonkeyPatch, players: int, options: dict[str, Any], seed: int
) -> None:
    """NL-R16, NL-R15: with the sampler told nothing (the game's hooks planted as no-ops), worlds
    give drawers cards that fitted, and the check fails: the known gap excuses only worlds that
    keep every fact the game keeps."""
    # Planted in the module the state's hooks call, not on the state class: a compiled class
    # ignores a method patched onto it, while sampling.py stays Python in both builds.
    monkeypatch.setattr(nacho_sampling, "fit", lambda state, seat, rng: None)
    monkeypatch.setattr(nacho_sampling, "facts_hold", lambda state: True)
    state = new_state("nacho-loco", players, seed, options)
    with pytest.raises(AssertionError, match="is impossible"):
        check_game(state, Rng(seed), every=11, samples=3, max_steps=150)
