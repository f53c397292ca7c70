"""Bot specs, levels, the greedy dispatch and IS-MCTS behaviour."""

from __future__ import annotations

import pytest

from cardtable.agents import IsmctsAgent, PimcAgent, decide, make_agent, parse_spec
from cardtable.agents.base import InfoSet
from cardtable.agents.greedy_agent import greedy_choice
from cardtable.core import Rng, State, new_state


def test_specs_and_levels() -> None:
    assert parse_spec("ismcts:iterations=5, c=1.5") == ("ismcts", {"iterations": "5", "c": "1.5"})
    assert make_agent("EASY").name == "random"
    assert make_agent("medium").name == "greedy"
    hard = make_agent("hard", game="score")  # a level may differ by game (GAME_LEVELS)
    assert isinstance(hard, IsmctsAgent) and hard.config.iterations == 400
    expert = make_agent("expert")
    assert isinstance(expert, IsmctsAgent) and expert.config.time == 2.0


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("genius", "no agent called 'genius'"),
        ("ismcts:depth=3", "no parameter 'depth'"),
        ("ismcts:iterations=many", "must be a int"),
        ("ismcts:iterations=0", "iterations >= 1"),
        ("ismcts:rollout=smart", "rollout must be"),
        ("ismcts:iterations", "write name=value"),
        ("random:x=1", "takes no parameters"),
    ],
)
def test_bad_specs_say_what_is_wrong(spec: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        make_agent(spec)


def test_ismcts_is_reproducible_at_a_fixed_budget() -> None:
    state = new_state("piece-of-the-action", 3, seed=4)
    seat = state.to_act()[0]
    picks = {decide(make_agent("ismcts:iterations=60"), state, seat, Rng(9)).id for _ in range(3)}
    assert len(picks) == 1


def test_ismcts_finds_the_winning_call() -> None:
    """Score!: a seat whose call wins the game outright should call, not lead."""
    from tests.games.score.helpers import load, position
    from tests.games.score.test_score_rules import COMPLETES, LONE

    state = load(position(LONE, COMPLETES, state={"total": [8, 0, 0]}))
    agent = make_agent("ismcts:iterations=300,cutoff=20")
    assert decide(agent, state, 0, Rng(1)).text == "call score"


def test_analysis_ranks_every_legal_action() -> None:
    state = new_state("magic-show", 2, seed=3)
    agent = make_agent("ismcts:iterations=100")
    assert isinstance(agent, IsmctsAgent)
    ranked = agent.analyse(InfoSet(state, 0, Rng(1)), Rng(2))
    assert {a.action for a in ranked} == set(state.legal_actions(0))
    assert sum(a.visits for a in ranked) == 100
    assert ranked[0].visits >= ranked[-1].visits


def test_greedy_without_a_game_policy_plays_at_random() -> None:
    state = new_state("piece-of-the-action", 3, seed=2)
    seat = state.to_act()[0]
    assert decide(make_agent("greedy"), state, seat, Rng(0)) in state.legal_actions(seat)


def _magic_show_info() -> InfoSet:
    state = new_state("magic-show", 2, seed=3)
    return InfoSet(state, state.to_act()[0], Rng(1))


def test_a_cpu_clock_budget_counts_thread_time_not_wall_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``clock=cpu`` stops on the thread's CPU time, so a loaded machine does not shrink it.

    A fake CPU clock that ticks a millisecond per reading, and a wall clock that stands still
    (so a wall-clock budget would never end): 5.5 ms is five iterations of IS-MCTS (one
    reading sets the deadline, one before each iteration, the sixth is past it) and six worlds
    of PIMC, which plays its first world before it looks at the clock.
    """
    import time

    ticks = iter(range(10**6))
    monkeypatch.setattr(time, "thread_time", lambda: next(ticks) / 1000)
    monkeypatch.setattr(time, "perf_counter", lambda: 0.0)
    ismcts = make_agent("ismcts:time=0.0055,clock=cpu")
    assert isinstance(ismcts, IsmctsAgent)
    ismcts.analyse(_magic_show_info(), Rng(2))
    assert ismcts.last_iterations == 5
    pimc = make_agent("pimc:time=0.0055,clock=cpu")
    assert isinstance(pimc, PimcAgent)
    pimc.values(_magic_show_info(), Rng(2))
    assert pimc.last_iterations == 6


def test_reuse_draws_one_world_for_several_iterations() -> None:
    """``reuse=0``: one sampled world per round of root actions (PIMC's paired comparison)."""
    info = _magic_show_info()
    draws = 0
    sample = info._sample

    def counting(rng: Rng) -> State:
        nonlocal draws
        draws += 1
        return sample(rng)

    info._sample = counting
    agent = make_agent("ismcts:iterations=50,reuse=0")
    assert isinstance(agent, IsmctsAgent)
    ranked = agent.analyse(info, Rng(2))
    width = len(info.legal)
    assert width > 1 and draws == -(-50 // width)
    assert all(a.visits > 0 for a in ranked)  # the first world alone tried every root action


def test_first_greedy_tries_the_rule_of_thumb_first() -> None:
    info = _magic_show_info()
    wanted = greedy_choice(info.observation, info.legal, Rng(0))[0]
    for seed in range(5):
        agent = make_agent("ismcts:iterations=1,first=greedy")
        assert isinstance(agent, IsmctsAgent)
        tried = [a.action for a in agent.analyse(info, Rng(seed)) if a.visits]
        assert tried == [wanted]


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("ismcts:clock=moon", "clock must be"),
        ("pimc:clock=moon", "clock must be"),
        ("ismcts:reuse=-1", "reuse must be"),
        ("ismcts:first=best", "first must be"),
        ("ismcts:keep=-1", "keep must be"),
    ],
)
def test_bad_search_options_say_what_is_wrong(spec: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        make_agent(spec)


def _score_positions(count: int) -> list[tuple[State, int]]:
    """Decisions with a choice along a game of rule-of-thumb players (Score!, three seats)."""
    state, rng, found = new_state("score", 3, seed=5), Rng(5), []
    greedy = make_agent("greedy")
    while not state.is_terminal() and len(found) < count:
        seat = state.to_act()[0]
        if len(state.legal_action_ids(seat)) > 2:
            found.append((state.clone(), seat))
        state.apply(seat, decide(greedy, state, seat, rng))
    return found


def test_keep_plays_the_rule_of_thumb_unless_the_search_is_sure() -> None:
    """``keep``: where the search cannot tell the moves apart it plays the rule of thumb's.

    With a huge margin nothing beats the rule of thumb, so every choice is its move; without
    ``keep`` the same search (same seeds) picks other moves in some of these positions, which
    is what ``keep`` exists to change (Score!: two searches with different seeds disagree on
    40 of 91 positions even at 4000 iterations, docs/bots.md).
    """
    kept = differs = 0
    for k, (state, seat) in enumerate(_score_positions(12)):
        info = InfoSet(state, seat, Rng(k))
        plain = make_agent("ismcts:iterations=60,reuse=0,first=greedy")
        sure = make_agent("ismcts:iterations=60,reuse=0,first=greedy,keep=1000")
        assert isinstance(plain, IsmctsAgent) and isinstance(sure, IsmctsAgent)
        # first=greedy forks the rule of thumb's rng from the search's, as keep does
        wanted = greedy_choice(info.observation, info.legal, Rng(k).fork())[0]
        kept += sure.choose_from(info, Rng(k)) == wanted
        differs += plain.choose_from(info, Rng(k)) != wanted
    assert kept == 12
    assert differs > 0


def test_keep_gives_way_to_a_clearly_better_move() -> None:
    from cardtable.agents.ismcts import Analysis, _std_error, keep_rule_of_thumb

    a, b = _magic_show_info().legal[:2]
    best, rule = Analysis(a, 300, 0.60, 0.02), Analysis(b, 100, 0.50, 0.03)
    assert keep_rule_of_thumb([best, rule], b.id, 2.0) is best  # 0.10 > 2 * 0.036
    assert keep_rule_of_thumb([best, rule], b.id, 3.0) is rule  # 0.10 < 3 * 0.036
    assert keep_rule_of_thumb([best, rule], a.id, 2.0) is best  # the rule of thumb's is best
    assert _std_error(2.0, 2.0, 4) == pytest.approx((1 / 3 / 4) ** 0.5)  # rewards 0, 1, 0, 1
    assert _std_error(1.0, 1.0, 1) == 1.0
