"""A level may name another spec in one game (``specs.GAME_LEVELS``), and every caller plays,
checks and clamps the game's own spec: the simulator and ladders, the terminal, the web table's
budget caps and workers, hints and reviews (docs/bots.md, the level table).

The tests patch ``GAME_LEVELS`` so they hold whatever the real table says.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cardtable.agents import IsmctsAgent, decide, make_agent
from cardtable.agents import specs as specs_module
from cardtable.agents.analysis import estimate, make_search
from cardtable.agents.base import InfoSet
from cardtable.agents.halving import HalvingAgent
from cardtable.agents.specs import (
    GAME_LEVELS,
    LEVELS,
    ByGameAgent,
    game_specs,
    level_spec,
    varies_by_game,
)
from cardtable.cli.play import start_match
from cardtable.core import Rng, get_game, list_games, new_state
from cardtable.server import botpool
from cardtable.server.budget import Budget
from cardtable.server.tables import TableError, parse_seat_kinds
from cardtable.simulate.plan import Plan, time_budgeted
from cardtable.simulate.play import play_game

HALVING = "halving:rollouts=650,cutoff=8,value=auto"


@pytest.fixture
def nacho_halving(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """``hard`` is sequential halving in Nacho Loco only (the workers' bot cache is emptied
    before and after, so no other test sees a bot made under the patch)."""
    monkeypatch.setitem(GAME_LEVELS, "nacho-loco", {"hard": HALVING})
    botpool._agent.cache_clear()
    yield
    botpool._agent.cache_clear()


def test_the_real_table_names_known_games_levels_and_good_specs() -> None:
    games = {g.name for g in list_games()}
    for game, levels in GAME_LEVELS.items():
        assert game in games, f"GAME_LEVELS names {game!r}, which is not a registered game"
        for level, spec in levels.items():
            assert level in LEVELS, f"{game}: {level!r} is not a level"
            make_agent(spec)  # a bad spec fails here


@pytest.mark.usefixtures("nacho_halving")
def test_a_level_resolves_per_game() -> None:
    assert level_spec("hard", "nacho-loco") == HALVING
    assert level_spec("HARD", "score") == LEVELS["hard"]
    assert level_spec("hard") == LEVELS["hard"]  # no game: the default
    assert level_spec("pimc:iterations=5", "nacho-loco") == "pimc:iterations=5"
    assert game_specs("hard") == [LEVELS["hard"], HALVING]
    assert game_specs("medium") == ["greedy"]
    assert varies_by_game("hard") and not varies_by_game("expert")
    assert isinstance(make_agent("hard", game="nacho-loco"), HalvingAgent)
    score_hard = make_agent("hard", game="score")
    assert isinstance(score_hard, IsmctsAgent)
    assert score_hard.config == make_agent(LEVELS["hard"]).config


@pytest.mark.usefixtures("nacho_halving")
def test_without_a_game_the_level_picks_its_bot_at_the_first_decision() -> None:
    agent = make_agent("hard")
    assert isinstance(agent, ByGameAgent)
    for game in ("nacho-loco", "magic-show"):
        state = new_state(game, 2, seed=5)
        seat = state.to_act()[0]
        lazy = decide(agent, state, seat, Rng(3))
        direct = decide(make_agent("hard", game=game), state, seat, Rng(3))
        assert lazy == direct
    assert isinstance(agent.agent_for("nacho-loco"), HalvingAgent)
    assert isinstance(agent.agent_for("magic-show"), IsmctsAgent)


def test_a_bad_spec_for_one_game_fails_when_the_level_is_made(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(GAME_LEVELS, "nacho-loco", {"hard": "halving:depth=3"})
    with pytest.raises(ValueError, match="halving has no parameter 'depth'"):
        make_agent("hard")


def test_the_simulator_and_ladders_seat_the_games_own_bot(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Make Nacho Loco's "medium" the random bot: a game of "medium" must be the random game.
    monkeypatch.setitem(GAME_LEVELS, "nacho-loco", {"medium": "random"})
    as_level = play_game(Plan("nacho-loco", 2, ("medium", "greedy"), 1, seed=4), 0, 0)
    as_spec = play_game(Plan("nacho-loco", 2, ("random", "greedy"), 1, seed=4), 0, 0)
    as_default = play_game(Plan("nacho-loco", 2, ("greedy", "greedy"), 1, seed=4), 0, 0)
    keys = ("decisions", "score_0", "score_1", "winners")
    assert [as_level[k] for k in keys] == [as_spec[k] for k in keys]
    assert [as_level[k] for k in keys] != [as_default[k] for k in keys]


@pytest.mark.usefixtures("nacho_halving")
def test_the_terminal_seats_the_games_own_bot() -> None:
    match = start_match(get_game("nacho-loco"), 2, 1, {}, 0, "hard")
    assert isinstance(match.agents[1], HalvingAgent)
    match = start_match(get_game("score"), 3, 1, {}, 0, "hard")
    assert all(isinstance(a, IsmctsAgent) for a in match.agents.values())


@pytest.mark.usefixtures("nacho_halving")
def test_the_budget_checks_and_clamps_the_games_own_spec() -> None:
    cap = Budget(seconds=2.0, iterations=500, cutoff=32)  # hard's 400 fit, halving's 650 not
    over = "a bot may search at most 500 rollouts per decision (rollouts=650 asked)"
    assert cap.check("hard", "score") is None
    assert cap.check("hard", "nacho-loco") == over
    assert cap.check("hard") == over  # no game: every game's spec must fit
    assert cap.clamp("hard", "score") == "hard"
    clamped = cap.clamp("hard", "nacho-loco")
    agent = make_agent(clamped)
    assert isinstance(agent, HalvingAgent) and agent.config.rollouts == 500
    with pytest.raises(ValueError, match="differs by game"):
        cap.clamp("hard")
    roomy = Budget(seconds=2.0, iterations=3_000, cutoff=32)
    assert roomy.clamp("hard") == "hard" and roomy.clamp("hard", "nacho-loco") == "hard"
    with pytest.raises(TableError, match="at most 500 rollouts"):
        parse_seat_kinds(["human", "bot:hard"], 2, cap, "nacho-loco")
    assert parse_seat_kinds(["human", "bot:hard"], 2, cap, "magic-show")[1]["bot"] == "hard"


@pytest.mark.usefixtures("nacho_halving")
def test_the_web_tables_worker_plays_the_games_own_bot() -> None:
    state = new_state("nacho-loco", 2, seed=8)
    seat = state.to_act()[0]
    chosen = botpool.think("hard", state.to_json(), seat, 11)
    assert chosen == decide(make_agent(HALVING), state, seat, Rng(11)).id


@pytest.mark.usefixtures("nacho_halving")
def test_hints_and_reviews_need_a_search_in_the_game() -> None:
    with pytest.raises(ValueError, match="is not a search"):
        make_search("hard", "nacho-loco")
    with pytest.raises(ValueError, match="is not a search"):
        make_search("hard")  # no game: a check at start must hold in every game
    assert isinstance(make_search("hard", "score"), IsmctsAgent)
    state = new_state("magic-show", 2, seed=3)
    rows = estimate(InfoSet(state, 0, Rng(1)), Rng(2), "hard")
    assert {r.action for r in rows} == set(state.legal_actions(0))


def test_a_time_budget_in_any_game_makes_a_run_time_budgeted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert not time_budgeted("hard")
    monkeypatch.setitem(GAME_LEVELS, "score", {"hard": "ismcts:time=0.1"})
    assert time_budgeted("hard")
    assert specs_module.varies_by_game("hard")
