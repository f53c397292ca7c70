"""Head to head: the win share of bot A against bot B in seat-rotated seeded games, 95% Wilson CI.

A takes one seat (rotating game by game), B every other seat. Run:
``.venv/bin/python benchmarks/headtohead.py GAME PLAYERS A B GAMES``, e.g.
``.venv/bin/python benchmarks/headtohead.py score 3 greedy random 400``.
"""

from __future__ import annotations

import sys

from cardtable.agents import decide_id, make_agent
from cardtable.core import Rng, new_state
from cardtable.simulate.stats import wilson


def main() -> None:
    game, players, a_spec, b_spec, games = (
        sys.argv[1],
        int(sys.argv[2]),
        *sys.argv[3:5],
        int(sys.argv[5]),
    )
    wins = 0.0
    for g in range(games):
        a_seat = g % players
        agents = [make_agent(a_spec if s == a_seat else b_spec) for s in range(players)]
        state = new_state(game, players, 1000 + g)
        state.events = None
        rng = Rng(g)
        while not state.is_terminal():
            seat = state.to_act()[0]
            state.apply_unchecked(seat, decide_id(agents[seat], state, seat, rng))
        wins += state.returns()[a_seat]
    lo, hi = wilson(wins, games)
    print(
        f"{game} {players}p: {a_spec} vs {b_spec}: win share {wins / games:.3f} "
        f"(95% CI {lo:.3f}-{hi:.3f}) over {games} games; parity {1 / players:.3f}"
    )


if __name__ == "__main__":
    main()
