"""What the search thinks of every legal action: hints at the table and the review of a game.

Both start from one seat's :class:`~cardtable.agents.base.InfoSet` — its observation, its legal
actions and imagined hidden cards — never the true state, so a hint or a review cannot reveal
anything the seat did not know. :func:`estimate` runs IS-MCTS from the information set and pairs
each action's estimated win probability with the game's rule-of-thumb reason where the rule of
thumb picks that action. :func:`review_record` walks a finished game record and grades each
decision of one seat by the win probability it gave away, the way chess sites grade moves.

>>> from cardtable.core import Rng, new_state
>>> state = new_state("magic-show", 2, seed=3)
>>> rows = estimate(InfoSet(state, 0, Rng(1)), Rng(2), "ismcts:iterations=60")
>>> {r.action for r in rows} == set(state.legal_actions(0)), rows[0].rank
(True, 1)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, cast

from cardtable.agents.base import InfoSet
from cardtable.agents.greedy_agent import greedy_choice
from cardtable.agents.ismcts import IsmctsAgent
from cardtable.agents.specs import game_specs, level_spec, make_agent
from cardtable.core import Action, GameRecord, Rng, get_game

#: Win-probability loss from which a decision is graded (documented in docs/bots.md).
INACCURACY = 0.05
MISTAKE = 0.10
BLUNDER = 0.20

#: Rollouts play on to the end of the game (``cutoff=1000``; no game comes near it): the default
#: 8-action cut-off hands the whole win to the points leader, which made Magic Show's estimates
#: overconfident (docs/bots.md, "Are the estimates calibrated?"). Slower per iteration, fine for
#: a review.
DEFAULT_SEARCH = "ismcts:iterations=2000,cutoff=1000"


@dataclass(frozen=True, slots=True)
class Estimate:
    """The search's view of one legal action."""

    action: Action
    rank: int  # 1 = the search's choice (most visited)
    visits: int
    win: float | None  # estimated win probability (share) of the seat after it; None if unvisited
    reason: str | None  # the rule of thumb's one-line reason, when it picks this action


def make_search(spec: str, game: str | None = None) -> IsmctsAgent:
    """An IS-MCTS agent from a spec (a level such as ``hard`` works); ValueError otherwise.

    A level is read as its spec in ``game``; without a game every spec the level stands for
    must be a search (so a check at start holds for every game), and its default is returned.
    """
    for one in [level_spec(spec, game)] if game is not None else game_specs(spec):
        if not isinstance(make_agent(one), IsmctsAgent):
            raise ValueError(
                f"{spec!r} is not a search; use an ismcts spec such as {DEFAULT_SEARCH}"
            )
    return cast(IsmctsAgent, make_agent(level_spec(spec, game)))


def estimate(info: InfoSet, rng: Rng, search: str | IsmctsAgent = DEFAULT_SEARCH) -> list[Estimate]:
    """Every legal action with its estimated win probability, best first.

    The budget is raised to at least four iterations per action, so every action is tried
    (each is expanded before any is tried twice) and gets an estimate.
    """
    game = str(info.observation["game"])
    agent = make_search(search, game) if isinstance(search, str) else search
    ranked = agent.analyse(info, rng, min_iterations=4 * len(info.legal))
    reason_for: dict[int, str] = {}
    if get_game(str(info.observation["game"])).greedy is not None:
        picked, why = greedy_choice(info.observation, info.legal, rng.fork())
        reason_for[picked.id] = why
    return [
        Estimate(
            action=a.action,
            rank=k,
            visits=a.visits,
            win=a.value if a.visits else None,
            reason=reason_for.get(a.action.id),
        )
        for k, a in enumerate(ranked, start=1)
    ]


def shown_win(win: float) -> float:
    """A win probability as review shows it: to a tenth of a percent."""
    return round(win, 3)


def shown_loss(best_win: float, chosen_win: float) -> float:
    """The win probability given away: the difference of the two figures review shows (each to
    a tenth of a percent), so the three figures on a line always agree.

    Grading this shown figure keeps mark and text in step: a shown "4.9%" is never marked and a
    shown "5.0%" always is (grading 0.0496 unrounded would show "5.0%" unmarked), and "win
    41.2% (best 46.2%)" is always a marked "loss 5.0%", never an unmarked 4.9%.

    >>> shown_loss(0.548, 0.5), shown_loss(0.5496, 0.5), shown_loss(0.4, 0.5)
    (0.048, 0.05, 0.0)
    >>> shown_loss(0.46178, 0.41234)
    0.05
    """
    return round(max(0.0, shown_win(best_win) - shown_win(chosen_win)), 3)


def grade(loss: float) -> str:
    """``blunder``, ``mistake``, ``inaccuracy`` or ``""`` for a win-probability loss.

    >>> [grade(x) for x in (0.0, 0.06, 0.12, 0.3)]
    ['', 'inaccuracy', 'mistake', 'blunder']
    """
    if loss >= BLUNDER:
        return "blunder"
    if loss >= MISTAKE:
        return "mistake"
    if loss >= INACCURACY:
        return "inaccuracy"
    return ""


@dataclass(frozen=True, slots=True)
class Reviewed:
    """One decision of the reviewed seat."""

    step: int  # 1-based number of the action in the record
    chosen: Action
    best: Action
    chosen_win: float
    best_win: float
    loss: float  # best_win - chosen_win, never below 0, rounded as shown (see shown_loss)
    mark: str  # see :func:`grade`
    reason: str | None  # the rule of thumb's pick here and why ("lead: ..."), if the game has one
    choices: int
    #: The seat's observation before the move: the position review shows around a flagged one.
    observation: Mapping[str, Any] | None = None


def review_record(
    record: GameRecord,
    seat: int,
    search: str | IsmctsAgent = DEFAULT_SEARCH,
    seed: int = 0,
) -> Iterator[Reviewed]:
    """Grade each decision of ``seat`` in ``record`` that had a choice, as the seat saw it.

    The state before the decision is rebuilt from the record only to make the seat's
    information set from it, exactly as a bot would be asked (:class:`InfoSet`).
    """
    if not 0 <= seat < record.num_players:
        raise ValueError(f"the record has seats 0-{record.num_players - 1}, not {seat}")
    agent = make_search(search, record.game) if isinstance(search, str) else search
    before = None
    for step, (state, done) in enumerate(record.states()):
        if done is not None and done[0] == seat and before is not None:
            info = before
            chosen = state.to_action(done[1])
            rng = Rng(seed * 1_000_003 + step)
            rows = estimate(info, rng, agent)
            top = rows[0]
            mine = next(r for r in rows if r.action == chosen)
            best_win, chosen_win = top.win or 0.0, mine.win or 0.0
            loss = shown_loss(best_win, chosen_win) if chosen != top.action else 0.0
            reason = next((f"{r.action.text}: {r.reason}" for r in rows if r.reason), None)
            yield Reviewed(
                step,
                chosen,
                top.action,
                chosen_win,
                best_win,
                loss,
                grade(loss),
                reason,
                len(rows),
                info.observation,
            )
        before = None
        if (
            not state.is_terminal()
            and seat in state.to_act()
            and len(state.legal_action_ids(seat)) > 1
        ):
            before = InfoSet(state, seat, Rng(seed ^ (0x5EED + step)))
