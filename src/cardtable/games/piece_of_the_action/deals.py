"""The automatic parts of the game: set-up, settling a Deal, refills, the end and tie-breaks.

Everything here runs without a decision (set-up, and the settling, clean-up, refill and game
OVER steps of 1.3), straight after the action that triggers it.
"""

from __future__ import annotations

from cardtable.games.piece_of_the_action.cards import DEAL, KIND, NAMES, PRELIM_RANK, VALUE, XCARD
from cardtable.games.piece_of_the_action.table import (
    CENTRE,
    DECK,
    DISCARD,
    LEAD,
    OVER,
    XCARDS,
    PotaTable,
    hand_zone,
    pota_zone,
    reverse_zone,
)


def setup(state: PotaTable) -> None:
    """Preliminary deal for the first Leader, then the deal of the hands (1.2)."""
    state.marker = preliminary(state)
    deck = state.zones[DECK]
    deck.extend(range(len(NAMES)))
    state.shuffle_zone(DECK)
    n = state.num_players
    for _ in range(state.hand_size):
        for seat in range(n):
            state.move(deck[-1], DECK, hand_zone(seat))
    for seat in range(n):  # POTA-R3: X cards in the dealt hands are placed and replaced
        for card in [c for c in state.zones[hand_zone(seat)] if KIND[c] == XCARD]:
            state.move(card, hand_zone(seat), XCARDS)
            if state.events is not None:
                state.note(
                    f"seat {seat} is dealt an X card and places it (POTA-R3): Deals now count "
                    f"x{state.multiplier}"
                )
            _draw_to(state, seat, state.hand_size)
    start_lead(state)


def preliminary(state: PotaTable) -> int:
    """POTA-R1/R2: one face-up card each; the highest number leads; ties get more cards.

    The cards come from a shuffled copy of the full deck (all go back before the real deal). If
    the deck runs out while seats are still tied, all 108 are reshuffled and the still-tied seats
    are dealt again.
    """
    candidates = list(range(state.num_players))
    order = list(range(len(NAMES)))
    state.rng.shuffle(order)
    while True:
        if len(order) < len(candidates):
            order = list(range(len(NAMES)))
            state.rng.shuffle(order)
        drawn = {seat: order.pop() for seat in candidates}
        for seat, card in drawn.items():
            state.preliminary[seat].append(NAMES[card])
        best = max(PRELIM_RANK[c] for c in drawn.values())
        candidates = [s for s in candidates if PRELIM_RANK[drawn[s]] == best]
        if len(candidates) == 1:
            if state.events is not None:
                shown = "; ".join(
                    f"seat {s} {', '.join(cards)}" for s, cards in enumerate(state.preliminary)
                )
                state.note(
                    f"preliminary deal: {shown}. Seat {candidates[0]} has the highest "
                    "number and takes the Leader marker"
                )
            return candidates[0]


def _draw_to(state: PotaTable, seat: int, size: int) -> bool:
    """Draw until the hand holds ``size``; X cards are placed and replaced (POTA-R3).

    Returns False when the deck runs out first (the caller decides what that means).
    """
    hand = hand_zone(seat)
    zones = state.zones
    deck = zones[DECK]
    while len(zones[hand]) < size:
        if not deck:
            return False
        card = deck[-1]
        if KIND[card] == XCARD:
            state.move(card, DECK, XCARDS)
            if state.events is not None:
                state.note(
                    f"seat {seat} draws an X card and places it (POTA-R3): Deals now count "
                    f"x{state.multiplier}"
                )
        else:
            state.move(card, DECK, hand)
    return True


def start_lead(state: PotaTable) -> None:
    state.phase = LEAD
    state.actor = state.marker
    state.leader = -1
    state.colour = -1
    state.passed = [0] * state.num_players


def decline(state: PotaTable) -> None:
    """The marker moves left. Two endings guarantee termination (POTA-R4):

    * with ``forced_lead_after_circle`` (default), 2N declines in a row mean that nobody holds a
      +/- card (after N, anyone holding one must open): the game ends;
    * without it, the game ends once N declines in a row find no seat holding a +/- card, since
      hands cannot change while the lead goes round and nobody could ever open again.
    """
    n = state.num_players
    state.declines += 1
    state.marker = (state.marker + 1) % n
    if state.options.forced_lead_after_circle:
        stalemate = state.declines >= 2 * n
    else:
        stalemate = state.declines >= n and not any(
            KIND[c] == DEAL for seat in range(n) for c in state.zones[hand_zone(seat)]
        )
    if stalemate:
        if state.events is not None:
            state.note("no seat can open a Deal: the game ends")
        game_over(state)
        return
    state.actor = state.marker


def round5(value: int) -> int:
    """Round away from zero to a multiple of 5 (POTA-R9): 18 -> 20, -21 -> -25, 15 -> 15.

    >>> [round5(v) for v in (4, 18, 15, -14, -21, 0)]
    [5, 20, 15, -15, -25, 0]
    """
    if value < 0:
        return -round5(-value)
    return -(-value // 5) * 5


def deal_value(state: PotaTable) -> int:
    """The Deal's final value: centre total x X count, rounded away from zero (POTA-R9)."""
    total = 0
    for c in state.zones[CENTRE]:
        total += VALUE[c]
    return round5(total * state.multiplier)


def settle(state: PotaTable) -> list[int]:
    """SETTLE: every seat scores value x shares, negated by a Reverse, floored at 0 (R14).

    Plain loops over the seats: the search settles a Deal in most rollouts."""
    n = state.num_players
    zones = state.zones
    value = deal_value(state)
    payoffs: list[int] = []
    before = state.score
    score: list[int] = []
    for seat in range(n):
        shares = len(zones[pota_zone(n, seat)]) + (1 if seat == state.leader else 0)
        pay = -value * shares if zones[reverse_zone(n, seat)] else value * shares
        payoffs.append(pay)
        new = before[seat] + pay
        score.append(new if new > 0 else 0)
    state.score = score
    if state.events is not None:
        state.note(settle_text(state, value, before, payoffs))
    return payoffs


def settle_text(state: PotaTable, value: int, before: list[int], payoffs: list[int]) -> str:
    """The settlement in words: the value's origin, each payoff, floors at 0, the new scores."""
    total = sum(VALUE[c] for c in state.zones[CENTRE])
    raw = total * state.multiplier
    origin = f"centre {total:+d} x{state.multiplier} = {raw:+d}"
    if raw != value:
        origin += f", rounded away from zero to {value:+d}, POTA-R9"
    parts = []
    for seat, pay in enumerate(payoffs):
        if not pay:
            continue
        part = f"seat {seat} {pay:+d}"
        if before[seat] + pay < 0:
            part += f" (only {-before[seat]:+d} applied: scores stop at 0, POTA-R14)"
        parts.append(part)
    scores = ", ".join(f"seat {s} {v}" for s, v in enumerate(state.score))
    return (
        f"the Deal settles at {value:+d} ({origin}): {'; '.join(parts) or 'nobody scores'}. "
        f"Scores now: {scores}"
    )


def cleanup(state: PotaTable) -> None:
    """CLEANUP: Deal cards to the discard pile (X cards stay); the marker passes left (R15)."""
    n = state.num_players
    _discard_all(state, CENTRE)
    for s in range(n):
        _discard_all(state, pota_zone(n, s))
    for s in range(n):
        _discard_all(state, reverse_zone(n, s))
    state.marker = (state.leader + 1) % n


def _discard_all(state: PotaTable, zone: int) -> None:
    """Every card of a table zone to the discard pile, bottom card first (no list of the zones
    and no copy of an empty one: the search settles a Deal in most of its rollouts)."""
    cards = state.zones[zone]
    if cards:
        for card in cards[:]:
            state.move(card, zone, DISCARD)


def settle_and_continue(state: PotaTable) -> None:
    """After every seat passed: settle, clean up, then refill, a tie-break, or the end."""
    settle(state)
    cleanup(state)
    if state.tiebreaks:
        game_over(state)
        return
    n = state.num_players
    for k in range(n):  # REFILL from the new marker holder (POTA-R17)
        if not _draw_to(state, (state.marker + k) % n, state.hand_size):
            if state.events is not None:
                state.note("the deck runs out during the refill: the game ends")
            game_over(state)
            return
    start_lead(state)


def game_over(state: PotaTable) -> None:
    """GAME OVER: a unique top score wins; a tie for the top starts a tie-break Deal (R18)."""
    top = max(state.score)
    leaders = [s for s, v in enumerate(state.score) if v == top]
    if len(leaders) == 1 or state.tiebreaks >= state.options.max_tiebreak_deals:
        state.winners = leaders
        state.phase = OVER
        state.leader = -1
        state.colour = -1
        if state.events is not None:
            names = " and ".join(f"seat {s}" for s in leaders)
            verb = "wins" if len(leaders) == 1 else "share the win"
            state.note(f"game over: {names} {verb} with {top} points")
        return
    start_tiebreak(state)


def start_tiebreak(state: PotaTable) -> None:
    """POTA-R18: discard pile + deck reshuffled (X cards stay), short refills, one more Deal."""
    state.tiebreaks += 1
    for card in state.zones[DISCARD][:]:
        state.move(card, DISCARD, DECK)
    state.shuffle_zone(DECK)
    n = state.num_players
    for k in range(n):
        _draw_to(state, (state.marker + k) % n, state.hand_size)
    state.declines = 0
    if state.events is not None:
        state.note(f"scores are tied at the top: tie-break Deal {state.tiebreaks}")
    start_lead(state)
