"""Playing games of a run: a pure function of the plan and the game's index.

The local pool, Ray tasks and the tests all call :func:`play_chunk`, so every backend produces
exactly the same rows. Bots are asked through :func:`cardtable.agents.decide_id` only.
"""

from __future__ import annotations

import json
from typing import Any

from cardtable.agents import close_agent, decide_id, end_game, make_agent, start_game
from cardtable.core import Rng, new_state
from cardtable.simulate.plan import Plan, game_seed

MAX_DECISIONS = 1_000_000


def play_game(plan: Plan, cell: int, index: int) -> dict[str, Any]:
    """One game as one row: seed, options, bots by seat, who starts, scores, returns, length,
    statistics.

    ``first`` is the game's own first player: the seat to act in the fresh state, after any
    setup the rules perform (Piece of the Action draws its first Leader; the others start at
    seat 0).
    """
    this = plan.cells[cell]
    options = this.options
    seed = game_seed(plan.seed, index)
    state = new_state(plan.game, this.players, seed, dict(options))
    state.events = None
    first = state.to_act()[0]
    bots = plan.seat_bots(index, cell)
    agents = [make_agent(spec, game=plan.game, allow_external=True) for spec in bots]
    rng = Rng(seed ^ 0xB075)
    decisions = 0
    # Bots that choose from ids alone (random) are called directly: the same call decide_id makes,
    # without its per-decision lookups, which cost up to a sixth of a short game's time.
    choosers = [getattr(agent, "choose_id", None) for agent in agents]
    for seat, agent in enumerate(agents):
        start_game(agent, state, seat)
    try:
        while not state.is_terminal():
            seat = state.to_act()[0]
            chooser = choosers[seat]
            if chooser is None:
                action_id = decide_id(agents[seat], state, seat, rng)
            else:
                action_id = chooser(state.legal_action_ids(seat), rng)
            state.apply_unchecked(seat, action_id)
            decisions += 1
            if decisions > MAX_DECISIONS:
                raise RuntimeError(f"game {index} of {plan.game} did not end")
        for seat, agent in enumerate(agents):
            end_game(agent, state, seat)
    finally:
        for agent in agents:
            close_agent(agent)
    row: dict[str, Any] = {
        "cell": cell,
        "sweep": this.label,
        "players": this.players,
        "index": index,
        "seed": seed,
        "options": json.dumps(options, sort_keys=True),
        "decisions": decisions,
        "first": first,
    }
    returns, scores = state.returns(), state.scores()
    for seat in range(this.players):
        row[f"bot_{seat}"] = bots[seat]
        row[f"score_{seat}"] = float(scores[seat])
        row[f"return_{seat}"] = float(returns[seat])
    best = max(returns)
    row["winners"] = ",".join(str(s) for s, r in enumerate(returns) if r == best and r > 0)
    stats = state.game_stats()
    row["rounds"] = float(stats.get("rounds", 0.0))
    for key, value in sorted(stats.items()):
        if key != "rounds":
            row[f"stat_{key}"] = float(value)
    return row


def play_chunk(plan: Plan, cell: int, start: int, end: int) -> list[dict[str, Any]]:
    """Games ``start .. end - 1`` of option cell ``cell``, in index order."""
    return [play_game(plan, cell, index) for index in range(start, end)]
