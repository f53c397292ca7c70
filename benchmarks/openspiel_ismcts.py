"""Our IS-MCTS against OpenSpiel's ``ISMCTSBot`` on our games, at equal iterations, seat-rotated.

Both bots play the OpenSpiel form of the game (:mod:`cardtable.envs.openspiel`): ours decides
through :func:`cardtable.agents.base.decide` from its seat's information only; OpenSpiel's Python
``ISMCTSBot`` searches with ``resample_from_infostate`` (our determinisation) and its standard
random-rollout evaluator (one rollout to the end). Each uses ``ITERATIONS`` iterations per
decision; ours with its defaults otherwise (random rollouts cut off after 8 actions and scored
by the game's evaluation). Game *g* deals with seed ``1000 + g`` and seats ours at ``g % players``;
the other seats are OpenSpiel bots. Prints ours' mean win share with a 95% Wilson interval.
An optional fifth argument sets our rollout cutoff (a large one, e.g. 10000, plays our rollouts
to the end as OpenSpiel's evaluator does).

Run: ``.venv/bin/python benchmarks/openspiel_ismcts.py GAME PLAYERS ITERATIONS GAMES``, e.g.
``.venv/bin/python benchmarks/openspiel_ismcts.py magic-show 2 50 20`` (about half a minute
per game on one busy core).
"""

from __future__ import annotations

import sys
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from cardtable.agents import decide
from cardtable.agents.ismcts import IsmctsAgent, IsmctsConfig
from cardtable.core import Rng
from cardtable.envs.openspiel import CardtableSpielState, short_name
from cardtable.simulate.stats import wilson


def play(game: str, players: int, iterations: int, index: int, cutoff: int) -> float:
    """Ours' win share in game ``index``."""
    loaded = pyspiel.load_game(short_name(game), {"players": players})
    ours = IsmctsAgent(IsmctsConfig(iterations=iterations, cutoff=cutoff))
    random_state = np.random.RandomState(index)
    theirs = ismcts.ISMCTSBot(
        loaded,
        mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state),
        uct_c=2.0,
        max_simulations=iterations,
        random_state=random_state,
    )
    our_seat = index % players
    rng = Rng(index)
    state: CardtableSpielState = loaded.new_initial_state()
    state.apply_action(1000 + index)
    while not state.is_terminal():
        seat = state.current_player()
        game_state = state.play.game_state
        assert game_state is not None
        if seat == our_seat:
            action = decide(ours, game_state, seat, rng.fork()).id
        else:
            action = theirs.step(state)
        state.apply_action(action)
    return float(state.returns()[our_seat])


def main() -> None:
    """Arguments GAME PLAYERS ITERATIONS GAMES [CUTOFF]; none (``make bench``): a two-game check."""
    args = sys.argv[1:] or ["magic-show", "2", "25", "2"]
    game, players, iterations, games = args[0], int(args[1]), int(args[2]), int(args[3])
    cutoff = int(args[4]) if len(args) > 4 else IsmctsConfig().cutoff
    start = time.perf_counter()
    wins = 0.0
    for index in range(games):
        share = play(game, players, iterations, index, cutoff)
        wins += share
        print(f"game {index}: ours {share:.2f} (running {wins:.1f}/{index + 1})", flush=True)
    lo, hi = wilson(wins, games)
    print(
        f"{game} {players}p, {iterations} iterations, our cutoff {cutoff}: ours vs OpenSpiel "
        f"ISMCTSBot: win share "
        f"{wins / games:.3f} (95% CI {lo:.3f}-{hi:.3f}) over {games} games; parity "
        f"{1 / players:.3f}; {time.perf_counter() - start:.0f} s"
    )


if __name__ == "__main__":
    main()
