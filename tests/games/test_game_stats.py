"""Each game's statistics for the simulator agree with what happened in the game."""

from __future__ import annotations

from cardtable.core import Rng, State, new_state


def random_game(game: str, players: int, seed: int) -> State:
    state, rng = new_state(game, players, seed), Rng(seed)
    while not state.is_terminal():
        seat = state.to_act()[0]
        ids = state.legal_action_ids(seat)
        state.apply_unchecked(seat, ids[rng.below(len(ids))])
    return state


def texts(state: State) -> list[str]:
    return [state.actions.action(aid).text for _seat, aid in state.history]


def test_piece_of_the_action_counts_deals_and_cards() -> None:
    state = random_game("piece-of-the-action", 4, 3)
    stats, played = state.game_stats(), texts(state)
    assert stats["rounds"] == sum(t.startswith("open ") for t in played) > 0
    assert stats["declines"] == played.count("decline")
    assert stats["potas"] == sum(t.startswith("pota ->") for t in played)
    assert stats["reverses"] == sum(t.startswith("reverse ->") for t in played)
    assert stats["moves"] == sum(t in ("move 1", "move 2", "move 3") for t in played)
    assert stats["x_cards"] == len(state.zone("xcards"))


def test_magic_show_counts_turns_cancels_and_buffets() -> None:
    state = random_game("magic-show", 2, 5)
    stats, played = state.game_stats(), texts(state)
    assert stats["rounds"] == state.turn
    assert stats["cancels"] == played.count("cancel")
    assert stats["buffets"] == sum(t.startswith("convert ") for t in played)


def test_score_counts_rounds_and_calls() -> None:
    state = random_game("score", 3, 7)
    stats, played = state.game_stats(), texts(state)
    assert stats["rounds"] == state.round
    assert stats["calls"] == played.count("call score")
    assert stats["complete_discards"] == sum(t.startswith("discard ") for t in played)
