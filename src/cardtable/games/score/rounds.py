"""Where a Score! round ends, for search rollouts that stop there (``ScoreState.round_mark``).

Why (docs/bots.md, "Ninth sitting"): a rollout cut off after 8 actions is scored by
``evaluate`` in the middle of a round, where a pass or a face-down play changes the value only
if it completes or breaks a set, so the search cannot tell most of them apart. A rollout that
plays on until the round has been scored sees what the round gave every seat: the totals have
moved (matches and the lone-top bonus, SC-R10; a five-point hand, SC-R11; a bust's zero,
SC-R6) before the leaf is valued.

Every way a round ends goes through ``rules.end_round``, which either ends the game (the phase
is then ``OVER``, which every rollout checks first) or deals the next round, and dealing counts
the round (``rules.deal_round``: ``round += 1``): a called round (SC-R9), a round whose
Complete pile ran out (SC-R12), a five-point hand laid at once (SC-R11, also one dealt at the
start of a round), a tie at the top that plays another round (SC-R2). So the round counter
changes exactly when a round has ended and the game goes on.
"""

from __future__ import annotations

from cardtable.games.score.table import ScoreTable


def round_mark(st: ScoreTable) -> int:
    """The round being played (from 1); it changes when a round ends and the next is dealt."""
    return st.round
