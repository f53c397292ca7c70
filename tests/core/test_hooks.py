"""The optional protocol hooks every game inherits: words for actions, statistics, evaluation;
and the registry's single discovery mechanism (entry points, no game imported by name)."""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import entry_points

from cardtable.core import list_games, new_state


def test_default_describe_action_is_the_action_text() -> None:
    state = new_state("piece-of-the-action", 3, seed=5)
    seat = state.to_act()[0]
    for action in state.legal_actions(seat):
        assert state.describe_action(seat, action.id)


def test_default_evaluate_shares_the_win_among_top_scores() -> None:
    """Every registered game now has its own evaluate; the core's toy game keeps the default."""
    from .toy import toy

    assert toy().evaluate() == [0.5, 0.5]  # both scores 0: two leaders share


def test_game_stats_are_plain_numbers() -> None:
    for info in list_games():
        state = new_state(info.name, info.min_players, seed=2)
        stats = state.game_stats()
        assert all(isinstance(k, str) and isinstance(v, int | float) for k, v in stats.items())


def test_every_registered_game_comes_from_the_entry_point_group() -> None:
    listed = {ep.name for ep in entry_points(group="cardtable.games")}
    assert {info.name for info in list_games()} <= listed | {"toy"}
    assert {"piece-of-the-action", "magic-show"} <= listed


def test_the_core_imports_no_game_package() -> None:
    code = (
        "import sys, cardtable.core;"
        "print(any(m.startswith('cardtable.games.') for m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_determinisation_only_exchanges_cards_with_the_same_back() -> None:
    from cardtable.core import Rng

    state = new_state("score", 3, seed=11)
    backs = state.spec.cards.backs
    assert not state.spec.cards.single_back
    for k in range(20):
        det = state.determinize(0, Rng(k))
        for zone, det_zone in zip(state.zones, det.zones, strict=True):
            assert [backs[c] for c in zone] == [backs[c] for c in det_zone]
