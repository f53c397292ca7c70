"""A rule-of-thumb Piece of the Action player, from its seat's observation only.

* **Lead** in the colour where your hand holds the most plus value, with its highest plus card;
  decline when you hold no plus card (if declining is still allowed).
* **In a Deal you have a share in** (you lead it, or a POTA lies before you), push its value your
  way: play your highest plus card — or your lowest minus card when a Reverse lies before you.
* **Out of a rising Deal**, buy in: play a POTA on yourself.
* **Against the leader**: when the Deal pays another seat, play a Reverse on the best-placed one.
* Otherwise pass; the steps of a Move card take the first legal step.

>>> from cardtable.core import Rng, new_state
>>> state = new_state("pota", 3, seed=1)
>>> seat = state.to_act()[0]
>>> action, why = greedy(state.observation(seat), state.legal_actions(seat), Rng(0))
>>> action in state.legal_actions(seat) and bool(why)
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.core import Action, Rng
from cardtable.games.piece_of_the_action.cards import COLOUR, COLOURS, DEAL, KIND, NAMES, VALUE

#: A Deal card's (colour name, value) by card name, for reading a hand.
_DEAL_CARDS: dict[str, tuple[str, int]] = {
    NAMES[c]: (COLOURS[COLOUR[c]], VALUE[c]) for c in range(len(NAMES)) if KIND[c] == DEAL
}


def _stake(obs: Mapping[str, Any], seat: int) -> tuple[int, int]:
    """(shares, sign) of ``seat`` in the Deal: the Leader's share plus one per POTA; a Reverse
    before the seat flips its result."""
    zones, public = obs["zones"], obs["public"]
    shares = len(zones[f"pota:{seat}"]) + (1 if public["leader"] == seat else 0)
    sign = -1 if len(zones[f"reverse:{seat}"]) % 2 else 1
    return shares, sign


def _lead(obs: Mapping[str, Any], legal: Sequence[Action]) -> tuple[Action, str] | None:
    opens = [
        (a.data.str_arg("colour"), a.data.int_arg("value"), a)
        for a in legal
        if a.data.kind == "open"
    ]
    if not opens:
        return None
    plus: dict[str, int] = {}
    for name in obs["zones"][f"hand:{obs['seat']}"]:
        colour, value = _DEAL_CARDS.get(name or "", ("", 0))
        if value > 0:
            plus[colour] = plus.get(colour, 0) + value
    good = [o for o in opens if o[1] > 0]
    if not good:
        decline = [a for a in legal if a.data.kind == "decline"]
        if decline:
            return decline[0], "no plus card to open with: hand the Leader marker on"
        best = max(opens, key=lambda o: o[1])
        return best[2], "forced to open: the card closest to a gain"
    best = max(good, key=lambda o: (plus.get(o[0], 0), o[1]))
    return best[2], f"{best[0]} is your strongest colour: open it with your highest plus card"


def _in_deal(obs: Mapping[str, Any], legal: Sequence[Action]) -> tuple[Action, str] | None:
    me, public = obs["seat"], obs["public"]
    value = int(public["deal_value"])
    shares, sign = _stake(obs, me)
    plays = [(a.data.int_arg("value"), a) for a in legal if a.data.kind == "play"]
    targets = [
        (a.data.kind, a.data.int_arg("seat"), a)
        for a in legal
        if a.data.kind in ("pota", "reverse")
    ]
    if shares and plays:
        push = max(plays, key=lambda p: p[0] * sign)
        if push[0] * sign > 0:
            return push[1], "you have a share in this Deal: push its value your way"
    own_pota = [t for t in targets if t[0] == "pota" and t[1] == me]
    if not shares and own_pota and value > 0:
        return own_pota[0][2], "the Deal is rising and you have no share: buy in with a POTA"
    reverses = [t for t in targets if t[0] == "reverse" and t[1] != me]
    if reverses and value > 0:
        scores = public["scores"]
        paid = [t for t in reverses if _stake(obs, t[1])[0] and _stake(obs, t[1])[1] > 0]
        if paid:
            target = max(paid, key=lambda t: scores[t[1]])
            return target[2], f"seat {target[1]} would gain most from this Deal: Reverse it"
    return None


def greedy(obs: Mapping[str, Any], legal: Sequence[Action], rng: Rng) -> tuple[Action, str]:
    """The rule-of-thumb choice and why, in one line."""
    phase = obs["public"]["phase"]
    choice = _lead(obs, legal) if phase == "lead" else _in_deal(obs, legal)
    if choice is not None:
        return choice
    passes = [a for a in legal if a.data.kind == "pass"]
    if passes:
        return passes[0], "nothing here helps you: pass"
    return legal[0], "the first legal step"
