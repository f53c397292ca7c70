"""Heavy playouts for Nacho Loco: a rollout policy read from the state's own arrays.

A search's random rollout (``ismcts:rollout=random``) picks every legal action with the same
chance, so it lays a one-segment match as often as a three-segment one and keeps a drawn card
as often as it places it; the rule of thumb (``rollout=greedy``) plays sensibly but builds an
observation each step, which costs too much for a search at ``hard``'s budget (docs/bots.md).
This policy sits between them (a "heavy playout" in the MCTS literature): a *weighted* random
choice among the legal ids, the weights read from what the rules already keep for every
frontier cell (``Spot.effects``: matched segments and matched actions of each placement), so a
step costs little more than a random one and no observation is built.

The weights (:func:`action_weight`): a placement weighs :data:`MATCH_WEIGHT` by the segments it
matches (two or three make every other seat draw, NL-R9), plus :data:`ACTION_BONUS` per matched
action segment (Skip Next, Opponent Draws 3, Go Again); the Closer weighs :data:`CLOSER_FACTOR`
times that (it closes the field and hands the restart to its player). Keeping a drawn card or
ending a Go Again turn weighs :data:`PASS_WEIGHT`, less than any placement, so the policy
mostly places when it can, as the rule of thumb always does. Opponent Draws 3 goes to the
opponent with the fewest cards (ties: the lowest seat), as the rule of thumb's choice; a
starter (NL-R17) is chosen uniformly. Called from the state only (``NachoState``'s
``rollout_action_id``), i.e. in sampled worlds of a search, where every hand is known to it.
"""

from __future__ import annotations

from typing import Final

from cardtable.core import Rng
from cardtable.games.nacho_loco.notation import TARGET
from cardtable.games.nacho_loco.table import HAND0, STARTING, TARGETING, NachoTable

#: A placement's weight by the segments it matches (0 to 3).
MATCH_WEIGHT: Final = (1, 3, 9, 16)
#: Added per matched action segment.
ACTION_BONUS: Final = 3
#: The Closer's weight is this many times its placement weight.
CLOSER_FACTOR: Final = 4
#: Keeping the card drawn, or ending a turn without the Go Again card.
PASS_WEIGHT: Final = 1


def action_weight(st: NachoTable, action_id: int) -> int:
    """The policy's weight of one legal action id (not a placement: :data:`PASS_WEIGHT`)."""
    cfg = st.cfg
    rest = action_id - cfg.place_base
    if rest < 0:
        return PASS_WEIGHT
    rot = rest % 3  # ActionLayout.split_place, as rules.apply_action inlines it
    rest //= 3
    card_type = rest // cfg.cells
    cell = rest % cfg.cells
    found = st.frontier.get(cell)
    if found is None:
        return PASS_WEIGHT  # not a placement the frontier knows: cannot be legal
    eff = found.effects[3 * card_type + rot]
    if eff < 0:
        return PASS_WEIGHT
    acts = (eff >> 2 & 1) + (eff >> 3 & 3) + (eff >> 5 & 3)
    weight = MATCH_WEIGHT[eff & 3] + ACTION_BONUS * acts
    if card_type == cfg.closer_type:
        weight *= CLOSER_FACTOR
    return weight


def rollout_action_id(st: NachoTable, seat: int, rng: Rng) -> int:
    """A legal action id for ``seat`` drawn by the weights above; -1 when there is none."""
    ids = st.legal_action_ids(seat)
    n = len(ids)
    if n == 0:
        return -1
    if n == 1:
        return ids[0]
    if st.phase == TARGETING:
        zones = st.zones
        best = ids[0]
        fewest = len(zones[HAND0 + best - TARGET])
        for a in ids:
            size = len(zones[HAND0 + a - TARGET])
            if size < fewest:
                best, fewest = a, size
        return best
    if st.phase == STARTING:
        return ids[rng.below(n)]  # starters (NL-R17): no placement to weigh
    weights: list[int] = []
    total = 0
    for a in ids:
        w = action_weight(st, a)
        weights.append(w)
        total += w
    pick = rng.below(total)
    for i in range(n):
        pick -= weights[i]
        if pick < 0:
            return ids[i]
    return ids[n - 1]
