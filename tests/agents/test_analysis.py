"""Hints and review: estimates from the seat's information only, grading, whole-game reviews."""

from __future__ import annotations

import pytest

from cardtable.agents import decide, make_agent
from cardtable.agents.analysis import (
    BLUNDER,
    INACCURACY,
    MISTAKE,
    estimate,
    grade,
    make_search,
    review_record,
    shown_loss,
)
from cardtable.agents.base import InfoSet
from cardtable.agents.greedy_agent import greedy_choice
from cardtable.core import GameRecord, Rng, list_games, new_state
from tests.agents.test_fairness import decision_points, twin


@pytest.mark.parametrize("info", list_games(), ids=lambda i: i.name)
def test_estimates_ignore_what_the_seat_cannot_know(info: object) -> None:
    name, players = info.name, info.min_players  # type: ignore[attr-defined]
    differing = 0
    for k, (state, seat) in enumerate(decision_points(name, players, seed=3, count=3)):
        other = twin(state, seat, Rng(50 + k))
        differing += other.to_json() != state.to_json()
        a = estimate(InfoSet(state, seat, Rng(k)), Rng(k + 1), "ismcts:iterations=60")
        b = estimate(InfoSet(other, seat, Rng(k)), Rng(k + 1), "ismcts:iterations=60")
        assert a == b
        assert [r.rank for r in a] == list(range(1, len(a) + 1))
        assert {r.action for r in a} == set(state.legal_actions(seat))
        assert all(r.visits >= 1 and r.win is not None for r in a)  # every action estimated
    assert differing


def test_the_rule_of_thumb_reason_sits_on_its_pick() -> None:
    state = new_state("magic-show", 2, seed=3)
    info = InfoSet(state, 0, Rng(1))
    rows = estimate(info, Rng(2), "ismcts:iterations=100")
    picked, why = greedy_choice(info.observation, info.legal, Rng(0))
    assert [r.action for r in rows if r.reason] == [picked]
    assert next(r.reason for r in rows if r.reason) == why
    visits = [r.visits for r in rows]
    assert visits == sorted(visits, reverse=True)  # best (most visited) first


def test_grades_follow_the_documented_thresholds() -> None:
    assert grade(INACCURACY - 0.001) == ""
    assert grade(INACCURACY) == "inaccuracy"
    assert grade(MISTAKE) == "mistake"
    assert grade(BLUNDER) == "blunder"
    assert INACCURACY < MISTAKE < BLUNDER


def test_only_searches_can_give_hints() -> None:
    with pytest.raises(ValueError, match="not a search"):
        make_search("greedy")
    assert make_search("hard", "score").config.iterations == 400


def played(game: str, players: int, specs: list[str], seed: int) -> GameRecord:
    state = new_state(game, players, seed)
    agents = [make_agent(s) for s in specs]
    rng = Rng(seed)
    while not state.is_terminal():
        seat = state.to_act()[0]
        state.apply(seat, decide(agents[seat], state, seat, rng))
    return GameRecord.of(state, seed, specs)


def test_review_grades_each_decision_with_a_choice() -> None:
    record = played("magic-show", 2, ["random", "greedy"], seed=8)
    rows = list(review_record(record, 0, "ismcts:iterations=150"))
    expected, choices_before = [], 0
    for step, (state, done) in enumerate(record.states()):
        if done is not None and done[0] == 0 and choices_before > 1:
            expected.append(step)
        choices_before = 0 if state.is_terminal() else len(state.legal_action_ids(0))
    assert [r.step for r in rows] == expected
    for r in rows:
        assert r.chosen.text == record.actions[r.step - 1][1]
        if r.chosen == r.best:
            assert r.loss == 0 and r.mark == ""
        else:
            # the difference of the two shown figures (each to a tenth of a percent)
            assert r.loss == shown_loss(r.best_win, r.chosen_win)
            assert r.loss == pytest.approx(max(0.0, r.best_win - r.chosen_win), abs=0.001)
        assert r.mark == grade(r.loss)


def test_review_finds_random_play_worse_than_the_rule_of_thumb() -> None:
    """Over three games, the random seat gives away more than the rule-of-thumb seat."""
    loss = {0: 0.0, 1: 0.0}
    for seed in (8, 9, 10):
        record = played("magic-show", 2, ["random", "greedy"], seed=seed)
        for seat in (0, 1):
            rows = list(review_record(record, seat, "ismcts:iterations=300", seed=1))
            loss[seat] += sum(r.loss for r in rows) / len(rows)
    assert loss[0] > 1.3 * loss[1]


def test_review_rejects_a_missing_seat() -> None:
    record = played("magic-show", 2, ["random", "random"], seed=1)
    with pytest.raises(ValueError, match="seats 0-1"):
        list(review_record(record, 2))


def test_default_hint_searches_roll_out_to_the_end() -> None:
    """A hint is a win estimate a player trusts: no 8-action cut-off that crowns the leader."""
    from cardtable.cli.hints import DEFAULT_HINTS
    from cardtable.server.config import Settings, load_settings

    env = {"CARDTABLE_DATABASE_URL": "sqlite://"}
    specs = [
        DEFAULT_HINTS,
        Settings(database_url="sqlite://").hint_bot,
        load_settings(env).hint_bot,
    ]
    for spec in specs:
        config = make_search(spec).config
        assert config.cutoff >= 1000, spec
        assert config.time == 1.0, spec  # the same time budget as before
