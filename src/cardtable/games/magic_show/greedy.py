"""A rule-of-thumb Magic Show player, from its seat's observation only.

* **Build a strong show**: play your own colour's Tricks (highest first), and your own Showtime
  once your show is worth performing (6 points or more).
* **Spoil the rival's**: feed your Mistakes of the rival's colour to the rival's pile, and call
  the rival's Showtime while the rival's show is worth nothing or less.
* **Spend Aces on harmful cards**: stop the rival's Showtime when that show is worth 4 or more,
  your own Mistakes, and your own Showtime when your show is worth less than nothing.
* **Dinner Buffet**: cash your best Trick only when your show is not worth keeping (2 or less).

>>> from cardtable.core import Rng, new_state
>>> state = new_state("ms", 2, seed=1)
>>> greedy(state.observation(0), state.legal_actions(0), Rng(0))[0].text
'play KD'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.core import Action, Rng
from cardtable.games.magic_show.cards import (
    MISTAKE,
    OWNER,
    RANK,
    REHEARSAL,
    ROLE,
    SHOWTIME,
    TRICK,
    card_id,
)
from cardtable.games.magic_show.notation import CANCEL, DECLINE_BUFFET, LET_RESOLVE

WORTH_PERFORMING = 6
WORTH_STOPPING = 4
NOT_WORTH_KEEPING = 2


def _play_score(card: int, me: int, shows: list[int]) -> float:
    """How good it is for ``me`` to play ``card`` face down now (higher is better)."""
    mine, role, rank = OWNER[card] == me, ROLE[card], RANK[card]
    my_show, rival_show = shows[me], shows[1 - me]
    if role == TRICK:
        return 3 + rank / 10 if mine else -3.0
    if role == SHOWTIME:
        if mine:
            return 10.0 + my_show if my_show >= WORTH_PERFORMING else -5.0
        return 5.0 - rival_show if rival_show <= 0 else -float(rival_show)
    if role == MISTAKE:
        return -4.0 if mine else 4.0
    if role == REHEARSAL:
        return 2.0 if mine and my_show > 0 else -1.0
    return 0.0  # Nap and Buffet: neutral


def _harm(card: int, me: int, shows: list[int]) -> bool:
    """Should ``me`` spend an Ace to stop ``card``?"""
    mine, role = OWNER[card] == me, ROLE[card]
    if role == SHOWTIME:
        return (not mine and shows[1 - me] >= WORTH_STOPPING) or (mine and shows[me] < 0)
    return role == MISTAKE and mine


def greedy(obs: Mapping[str, Any], legal: Sequence[Action], rng: Rng) -> tuple[Action, str]:
    """The rule-of-thumb choice and why, in one line."""
    me, public = int(obs["seat"]), obs["public"]
    shows = [int(v) for v in public["show_value"]]
    ids = {a.id: a for a in legal}
    if CANCEL in ids or (LET_RESOLVE in ids and len(ids) == 1):
        card = card_id(str(public["resolving"]))
        if CANCEL in ids and _harm(card, me, shows):
            return ids[CANCEL], f"{public['resolving']} would hurt you: stop it with an Ace"
        return ids[LET_RESOLVE], "this card does you no great harm: let it resolve"
    if DECLINE_BUFFET in ids:
        converts = [a for a in legal if a.id != DECLINE_BUFFET]
        if converts and shows[me] <= NOT_WORTH_KEEPING:
            return converts[-1], "your show is not worth keeping: cash a Trick now"
        return ids[DECLINE_BUFFET], "keep your Tricks for a bigger show"
    scored = [
        (_play_score(card_id(a.data.str_arg("card")), me, shows), a)
        for a in legal
        if a.data.kind == "play"
    ]
    best = max(scored, key=lambda s: (s[0], -s[1].id))
    return best[1], "the card that helps your show (or spoils your rival's) most"
