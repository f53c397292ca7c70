"""The rule of thumb's trades (PF-R10), from its seat's observation only.

A seat's position is worth, in dollars, its money plus the income its portfolios and its hand
can still earn: ``money + H × (portfolio values + hand potential)``, where ``H`` is the number
of incomes it may still collect (from the cards left to draw) and the hand potential is what
the hand would add if laid (runs of three or more at their value, cards that extend its own
portfolios at what they add, a pair of neighbours at a fraction). A trade is judged by how it
changes that worth, for the seat and for the other side:

* **Answer** an offer by value: decline when asked for a card not held, or for a card that
  would let the proposer attack one of its portfolios (the card below an uncapped low end,
  above an uncapped high end, or an Ace of the colour of an uncapped King); otherwise accept
  when its own worth rises and by at least ``1/(N-1)`` of what the proposer seems to gain (in a
  two-seat game, by as much: a gain to the only rival is a loss). The proposer's gain is read
  from public facts only: the dollars and portfolios that change hands, and each card it asks
  for at that card's value per income.
* **Propose** when a card would raise its own worth: ask the seat most likely to hold it (a
  card it is known to hold — taken from the discard pile, received in a trade, offered —
  first, else by the unseen copies and that seat's hidden cards), give the card it needs least
  and enough dollars that the other side, judging as above, should accept. The best such
  offer goes first; an offer made to a seat in the last two rounds is not repeated.

Nothing here reads another seat's hidden cards: only the seat's own hand, public zones and
fields, the cards the observation shows in other hands and the public history of offers.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.core import Action
from cardtable.games.portfolio import notation as n
from cardtable.games.portfolio.cards import (
    ACE,
    FACE_INDEX,
    FACE_NAMES,
    KING,
    SUITS,
    colour_suits,
    decks_for,
    value,
)
from cardtable.games.portfolio.portfolios import RUN_VALUE

#: A pair of neighbours in hand is worth this share of the card that would complete it.
PAIR_SHARE = 0.4
#: The least gain, in dollars, for which the rule of thumb bothers to propose.
MIN_GAIN = 3.0
#: Average cards a seat draws a turn, to turn the cards left into incomes left.
CARDS_PER_TURN = 1.8
MAX_ITEMS = 12


@dataclass(frozen=True, slots=True)
class Pf:
    """A portfolio as the observation shows it."""

    slot: int
    owner: int
    suit: int
    low: int
    high: int
    capped_low: bool
    capped_high: bool
    value: int


@dataclass(frozen=True, slots=True)
class Plan:
    """One offer: to ``responder``, give card ``give`` and ``money`` dollars for card ``ask``."""

    responder: int
    give: str
    ask: str
    money: int
    why: str


def _face(name: str) -> tuple[int, int]:
    """(rank, suit) of a card name."""
    index = FACE_INDEX[name]
    return index // 4 + 1, index % 4


def portfolios(obs: Mapping[str, Any]) -> list[Pf]:
    out = []
    for entry in obs["public"]["portfolios"]:
        ncaps = int(entry["capped_low"]) + int(entry["capped_high"])
        cards = [c for c in obs["zones"][f"pf:{entry['slot']}"] if c]
        run = cards[: len(cards) - ncaps]
        ranks = [_face(c)[0] for c in run]
        out.append(
            Pf(
                entry["slot"],
                entry["owner"],
                _face(run[0])[1],
                min(ranks),
                max(ranks),
                bool(entry["capped_low"]),
                bool(entry["capped_high"]),
                int(entry["value"]),
            )
        )
    return out


def potential(hand: Sequence[str], mine: Sequence[Pf]) -> float:
    """Income per turn the hand would add if laid: extensions of ``mine``, runs, pairs."""
    held: list[set[int]] = [set(), set(), set(), set()]
    for name in hand:
        rank, suit = _face(name)
        held[suit].add(rank)
    total = 0.0
    for p in mine:
        ranks = held[p.suit]
        if not p.capped_high:
            r = p.high + 1
            while r <= KING and r in ranks:
                total += value(r)
                ranks.discard(r)
                r += 1
        if not p.capped_low:
            low = p.low
            while low - 1 >= ACE and low - 1 in ranks:
                total += RUN_VALUE[low - 1][p.high] - RUN_VALUE[low][p.high]
                low -= 1
                ranks.discard(low)
    for ranks in held:
        r = ACE
        while r <= KING:
            if r not in ranks:
                r += 1
                continue
            high = r
            while high + 1 in ranks:
                high += 1
            if high - r >= 2:
                total += RUN_VALUE[r][high]
            elif high > r:
                total += PAIR_SHARE * value(min(KING, high + 1))
            r = high + 1
    return total


def horizon(obs: Mapping[str, Any]) -> float:
    """Incomes the seat may still collect, from the cards left to draw (at least one)."""
    public = obs["public"]
    if public["ending"]:
        return 1.0
    players = int(obs["num_players"])
    cards = int(public["stock_size"])
    if players in (3, 5) and not public["reformed"]:
        cards += len(obs["zones"]["discard"]) + int(public["stock_size"])
    return max(1.0, min(15.0, cards / (CARDS_PER_TURN * players)))


def rival_share(players: int) -> float:
    """How much of a rival's gain offsets one's own: 1 with one rival, 1/(N-1) with more (the
    first-order change of the win-share estimate ``w²/Σw²`` when the two gains are equal)."""
    return 1.0 / max(1, players - 1)


def attack_cards(mine: Sequence[Pf]) -> set[str]:
    """Cards that would let another seat neutralize or take over one of ``mine``."""
    out: set[str] = set()
    for p in mine:
        if not p.capped_low and p.low > ACE:
            out.add(FACE_NAMES[(p.low - 2) * 4 + p.suit])
        if not p.capped_high:
            if p.high < KING:
                out.add(FACE_NAMES[p.high * 4 + p.suit])
            else:
                out.update(f"A{SUITS[s]}" for s in colour_suits(p.suit))
    return out


def _hand(obs: Mapping[str, Any], seat: int) -> list[str]:
    return [c for c in obs["zones"][f"hand:{seat}"] if c]


# ---------------------------------------------------------------------- answering an offer


def answer(obs: Mapping[str, Any], legal: Sequence[Action]) -> tuple[Action, str]:
    """Accept or decline the offer on the table by its value to this seat (see the module)."""
    me, public = int(obs["seat"]), obs["public"]
    offer = public["trade"]
    give, ask = offer["give"], offer["ask"]  # the proposer's sides: it gives, it asks
    hand = _hand(obs, me)
    all_pfs = portfolios(obs)
    mine = [p for p in all_pfs if p.owner == me]
    accept = next((a for a in legal if a.id == n.ACCEPT), None)
    decline = next(a for a in legal if a.id == n.DECLINE)
    if accept is None:
        return decline, "this player does not trade"
    if Counter(ask["cards"]) - Counter(hand):
        return decline, "asked for a card I do not hold"
    danger = attack_cards(mine) & set(ask["cards"])
    if danger:
        return decline, f"{sorted(danger)[0]} would let them attack my portfolio"
    h = horizon(obs)
    lost = set(ask["portfolios"])
    gained = [p for p in all_pfs if p.slot in set(give["portfolios"])]
    mine_after = [p for p in mine if p.slot not in lost] + gained
    after_hand = list((Counter(hand) - Counter(ask["cards"]) + Counter(give["cards"])).elements())
    worth_before = sum(p.value for p in mine) + potential(hand, mine)
    worth_after = sum(p.value for p in mine_after) + potential(after_hand, mine_after)
    mine_gain = h * (worth_after - worth_before) + give["money"] - ask["money"]
    values = {p.slot: p.value for p in all_pfs}
    theirs = (
        ask["money"]
        - give["money"]
        + h * sum(values.get(s, 0) for s in ask["portfolios"])
        - h * sum(values.get(s, 0) for s in give["portfolios"])
        + h * sum(value(_face(c)[0]) for c in ask["cards"])
    )
    needed = rival_share(int(obs["num_players"])) * max(0.0, theirs)
    if mine_gain > 0.5 and mine_gain >= needed:
        return accept, f"worth ${mine_gain:.0f} to me, more than it helps seat {offer['proposer']}"
    return (
        decline,
        f"worth ${mine_gain:.0f} to me, not enough for what seat {offer['proposer']} gains",
    )


# ---------------------------------------------------------------------- proposing


def recent_offers(obs: Mapping[str, Any]) -> list[tuple[int, tuple[str, ...]]]:
    """This seat's offers of the last ``2N`` turns as (responder, asked cards), newest first
    (read from the public history: offers are public, PF-R10)."""
    me, players = obs["seat"], int(obs["num_players"])
    history = obs["history"]
    data = obs.get("history_data") or [None] * len(history)
    asks: list[str] = []
    out: list[tuple[int, tuple[str, ...]]] = []
    discards = 0
    for (actor, _), entry in zip(reversed(history), reversed(data), strict=True):
        if entry is None:
            continue
        kind = entry["kind"]
        if kind == "discard":
            discards += 1
            if discards > 2 * players:
                break
        elif actor == me and kind == "ask" and "card" in entry:
            asks.append(str(entry["card"]))
        elif actor == me and kind == "propose":
            out.append((int(entry["seat"]), tuple(sorted(asks))))
            asks = []
    return out


def _wanted(hand: Sequence[str], mine: Sequence[Pf]) -> list[str]:
    """Cards worth looking for: within two ranks of a held card of its suit, or next to an
    uncapped end of an own portfolio."""
    near: set[int] = set()
    for name in hand:
        rank, suit = _face(name)
        for r in range(max(ACE, rank - 2), min(KING, rank + 2) + 1):
            near.add((r - 1) * 4 + suit)
    for p in mine:
        if not p.capped_low and p.low > ACE:
            near.add((p.low - 2) * 4 + p.suit)
        if not p.capped_high and p.high < KING:
            near.add(p.high * 4 + p.suit)
    return [FACE_NAMES[f] for f in sorted(near)]


def _extends(card: str, pfs: Sequence[Pf]) -> bool:
    rank, suit = _face(card)
    return any(
        p.suit == suit
        and ((rank == p.high + 1 and not p.capped_high) or (rank == p.low - 1 and not p.capped_low))
        for p in pfs
    )


def _hold_odds(obs: Mapping[str, Any], me: int) -> tuple[Counter[str], dict[int, int], int]:
    """Cards this seat can see anywhere, hidden cards per other hand, and all unseen cards."""
    seen: Counter[str] = Counter()
    for cards in obs["zones"].values():
        seen.update(c for c in cards if c)
    hidden = {
        k: sum(1 for c in obs["zones"][f"hand:{k}"] if c is None)
        for k in range(int(obs["num_players"]))
        if k != me
    }
    return seen, hidden, int(obs["public"]["stock_size"]) + sum(hidden.values())


def plans(obs: Mapping[str, Any]) -> list[Plan]:
    """Every offer worth making, best expected gain first (see the module docstring)."""
    me, public = int(obs["seat"]), obs["public"]
    players = int(obs["num_players"])
    hand = _hand(obs, me)
    if len(hand) < 2:
        return []
    all_pfs = portfolios(obs)
    mine = [p for p in all_pfs if p.owner == me]
    h, share = horizon(obs), rival_share(players)
    base = potential(hand, mine)
    counts = Counter(hand)
    unsafe = attack_cards(mine)

    def without(card: str) -> list[str]:
        rest = counts.copy()
        rest[card] -= 1
        return list(rest.elements())

    losses = {c: base - potential(without(c), mine) for c in counts if c not in unsafe}
    if not losses:
        return []
    give = min(losses, key=lambda c: (losses[c], FACE_INDEX[c]))
    rest = without(give)
    seen, hidden, pool = _hold_odds(obs, me)
    copies = decks_for(players)
    money = int(public["money"][me])
    found: list[tuple[float, int, int, Plan]] = []
    others = {
        k: (
            [p for p in all_pfs if p.owner == k],
            attack_cards([p for p in all_pfs if p.owner == k]),
            set(_hand(obs, k)),
        )
        for k in sorted(hidden)
    }
    for ask in _wanted(hand, mine):
        if ask == give:
            continue
        gain = h * (potential([*rest, ask], mine) - base)
        if gain < MIN_GAIN:
            continue
        for k, (theirs, guarded, shown) in others.items():
            if ask in guarded:
                continue  # they would refuse: it opens their portfolio to attack
            known = ask in shown
            unseen = copies - seen[ask]
            if not known and (unseen <= 0 or pool == 0):
                continue
            odds = 1.0 if known else min(1.0, unseen * hidden[k] / pool)
            sweet = h * value(_face(give)[0]) if _extends(give, theirs) else 0.0
            dollars = math.ceil(
                max(0.0, share * h * value(_face(ask)[0]) - sweet + 1) / (1 + share)
            )
            dollars = max(dollars, 0 if sweet else 1)
            net = gain - dollars
            if dollars > money or 2 + dollars // 5 + dollars % 5 > MAX_ITEMS:
                continue
            if net < MIN_GAIN or net < share * (dollars + sweet):
                continue
            why = f"ask seat {k} for {ask} (worth ${gain:.0f} to me) for {give} and ${dollars}"
            found.append((-odds * net, k, FACE_INDEX[ask], Plan(k, give, ask, dollars, why)))
    found.sort(key=lambda f: f[:3])
    return [f[3] for f in found]


def next_plan(obs: Mapping[str, Any], building: bool) -> Plan | None:
    """The best offer not made in the last two rounds (``building``: the newest offer is the
    one under way, so it does not count as made)."""
    made = recent_offers(obs)
    if building:
        made = made[1:]
    done = set(made)
    for plan in plans(obs):
        if (plan.responder, (plan.ask,)) not in done:
            return plan
    return None


def _find(legal: Sequence[Action], kind: str, **args: Any) -> Action | None:
    for action in legal:
        data = action.data
        if data.kind == kind and all(data.get(k) == v for k, v in args.items()):
            return action
    return None


def propose(obs: Mapping[str, Any], legal: Sequence[Action]) -> tuple[Action, str] | None:
    """Open the best offer, when one is worth making and proposing is legal now."""
    if not any(a.data.kind == "propose" for a in legal):
        return None
    plan = next_plan(obs, building=False)
    if plan is None:
        return None
    action = _find(legal, "propose", seat=plan.responder)
    return None if action is None else (action, plan.why)


def build(obs: Mapping[str, Any], legal: Sequence[Action]) -> tuple[Action, str]:
    """Add the next item of the offer under way, send it when complete; cancel an offer that
    is not the plan (one a search or a person began)."""
    offer = obs["public"]["trade"]
    plan = next_plan(obs, building=True)
    cancel = next(a for a in legal if a.id == n.CANCEL_OFFER)
    if plan is None or plan.responder != offer["responder"]:
        return cancel, "no trade worth making here"
    give, ask = offer["give"], offer["ask"]
    if give["portfolios"] or ask["portfolios"] or ask["money"] or give["money"] > plan.money:
        return cancel, "this offer is not the one worth making"
    if Counter(give["cards"]) - Counter([plan.give]) or Counter(ask["cards"]) - Counter([plan.ask]):
        return cancel, "this offer is not the one worth making"
    step: Action | None
    if plan.give not in give["cards"]:
        step = _find(legal, "give", card=plan.give)
    elif plan.ask not in ask["cards"]:
        step = _find(legal, "ask", card=plan.ask)
    elif plan.money - give["money"] >= 5:
        step = _find(legal, "give", amount=5)
    elif plan.money > give["money"]:
        step = _find(legal, "give", amount=1)
    else:
        step = _find(legal, "send_offer")
    return (step, plan.why) if step is not None else (cancel, "the offer cannot be completed")
