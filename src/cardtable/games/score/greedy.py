"""A rule-of-thumb Score! player: work toward sets that match your Completes, call when ahead.

It reads only the seat's observation and legal actions (fair by construction):

* **call** as soon as calling would score and leave you at least level with the best total, or at
  any time if the call would reach the target;
* **lay** the drawn Complete whose values you hold most Singles of (you must match it too, and
  the Singles it draws out are the ones you want back as collector);
* **play** the matching Single you value least: the value with the fewest matches among your
  Completes, and among those the one you hold fewest of (never break a near-set you want);
* **discard** the Complete that your Singles support least;
* **pass** the Single you value least, keeping values that match your Completes.

>>> from cardtable.core import Rng, new_state
>>> state = new_state("score", 3, seed=4)
>>> action, why = greedy(state.observation(0), state.legal_actions(0), Rng(1))
>>> action.text in {"lead", "call score"} and bool(why)
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.core import Action, Rng
from cardtable.games.score.cards import (
    COMPLETE_VALUES,
    COPIES,
    HAS_VALUE,
    NUM_VALUES,
    VALUE_NAMES,
    complete_id,
    value_id,
)
from cardtable.games.score.notation import CALL, DISCARD, LAY, LEAD, PASS, PLAY


def _hand(obs: Mapping[str, Any]) -> tuple[list[int], list[int]]:
    seat = obs["seat"]
    completes = [complete_id(n) for n in obs["zones"][f"completes:{seat}"] if n]
    counts = [0] * NUM_VALUES
    for name in obs["zones"][f"hand:{seat}"]:
        if name:
            counts[value_id(name)] += 1
    return completes, counts


def _worth(value: int, completes: list[int]) -> int:
    return sum(HAS_VALUE[c][value] for c in completes)


def _score(completes: list[int], counts: list[int]) -> int:
    return sum(_worth(v, completes) for v in range(NUM_VALUES) if counts[v] >= COPIES)


def greedy(obs: Mapping[str, Any], legal: Sequence[Action], rng: Rng) -> tuple[Action, str]:
    """The rule-of-thumb choice and why, in one line."""
    ids = {a.id: a for a in legal}
    completes, counts = _hand(obs)
    if CALL in ids:
        public = obs["public"]
        mine = public["totals"][obs["seat"]] + _score(completes, counts)
        best_other = max(t for s, t in enumerate(public["totals"]) if s != obs["seat"])
        if mine >= public["target"] or mine > best_other:
            return ids[CALL], f"calling now scores {_score(completes, counts)} and puts you ahead"
    if LEAD in ids and len(ids) <= 2 + (1 if CALL in ids else 0):
        return ids[LEAD], "no call that leaves you ahead: lead a Complete"

    def keep_value(value: int) -> tuple[int, int]:
        return (_worth(value, completes), counts[value])

    lays = [a for a in legal if LAY <= a.id < PLAY]
    if lays:
        best = max(lays, key=lambda a: sum(counts[v] for v in COMPLETE_VALUES[a.id - LAY]))
        return best, "lay the Complete whose values you hold most Singles of"
    plays = [a for a in legal if PLAY <= a.id < DISCARD]
    if plays:
        best = min(plays, key=lambda a: keep_value(a.id - PLAY))
        return best, f"{VALUE_NAMES[best.id - PLAY]} is the matching Single you need least"
    discards = [a for a in legal if DISCARD <= a.id < PASS]
    if discards:
        best = min(discards, key=lambda a: sum(counts[v] for v in COMPLETE_VALUES[a.id - DISCARD]))
        return best, "no matching Single: give up the Complete your Singles support least"
    passes = [a for a in legal if a.id >= PASS]
    if passes:
        best = min(passes, key=lambda a: keep_value(a.id - PASS))
        return best, f"pass a {VALUE_NAMES[best.id - PASS]}: it matches none of your plans"
    return legal[rng.below(len(legal))], "no rule applies: a random choice"
