"""Piece of the Action in a player's words: what each action would do for the seat about to take
it, why some actions are missing or forced now, and what a Move card obliges before it is played.

Everything here reads only what that seat can see: its own hand and the public table.
"""

from __future__ import annotations

from cardtable.games.piece_of_the_action import deals, moves, notation, rules
from cardtable.games.piece_of_the_action.cards import (
    COLOUR,
    COLOURS,
    DEAL,
    KIND,
    MOVE,
    REVERSE,
    VALUE,
    VALUES,
)
from cardtable.games.piece_of_the_action.table import (
    DEAL as DEAL_PHASE,
)
from cardtable.games.piece_of_the_action.table import (
    LEAD,
    PLAYING,
    PotaTable,
    hand_zone,
    pota_zone,
    reverse_zone,
)
from cardtable.games.piece_of_the_action.table import (
    MOVE as MOVE_PHASE,
)


def who(seat: int, target: int) -> str:
    """``you`` or ``seat 2``."""
    return "you" if seat == target else f"seat {target}"


def _shares(st: PotaTable, target: int) -> int:
    return len(st.zones[pota_zone(st.num_players, target)]) + (1 if target == st.leader else 0)


def _value_after(st: PotaTable, total: int) -> int:
    return deals.round5(total * st.multiplier)


def _worth(st: PotaTable, target: int, shares: int, reversed_: bool, value: int) -> int:
    return value * shares * (-1 if reversed_ else 1)


def describe_action(st: PotaTable, seat: int, aid: int) -> str:
    """One line on what ``aid`` would do for ``seat`` now."""
    n = st.num_players
    if aid < notation.DECLINE:
        colour, vi = divmod(aid - notation.OPEN, len(VALUES))
        col = COLOURS[colour]
        return (
            f"open a {col} Deal with your {col} {VALUES[vi]:+d}: you become its Leader (one "
            f"share), and every card played in it must be {col}"
        )
    if aid == notation.DECLINE:
        text = f"do not open: the Leader marker passes to {who(seat, (st.marker + 1) % n)}"
        if st.options.forced_lead_after_circle and st.declines + 1 == n:
            text += "; after this every seat has declined once, so whoever holds a +/- card "
            text += "must open (POTA-R4)"
        return text
    if aid == notation.PASS:
        return "stop playing in this Deal; you still score your shares when it settles (POTA-R16)"
    total = sum(rules.centre_values(st))
    value = deals.round5(total * st.multiplier)
    if aid < notation.PLAY_POTA:
        v = VALUES[aid - notation.PLAY_DEAL]
        after = _value_after(st, total + v)
        return (
            f"add {v:+d} to the centre: total {total:+d} → {total + v:+d}, "
            f"Deal value {value:+d} → {after:+d}"
        )
    if aid < notation.PLAY_REVERSE:
        target = aid - notation.PLAY_POTA
        shares = _shares(st, target)
        rev = bool(st.zones[reverse_zone(n, target)])
        now = _worth(st, target, shares, rev, value)
        then = _worth(st, target, shares + 1, rev, value)
        return (
            f"a POTA before {who(seat, target)}: {shares} → {shares + 1} share(s), worth "
            f"{now:+d} → {then:+d} at today's Deal value {value:+d}"
        )
    if aid < notation.PLAY_MOVE:
        target = aid - notation.PLAY_REVERSE
        shares = _shares(st, target)
        if st.zones[reverse_zone(n, target)]:
            return (
                f"cancel the Reverse before {who(seat, target)}: both Reverses go to the discard "
                f"pile, so {who(seat, target)} would score {value * shares:+d} instead of "
                f"{-value * shares:+d}"
            )
        return (
            f"a Reverse before {who(seat, target)}: their result flips, {value * shares:+d} → "
            f"{-value * shares:+d} at today's Deal value"
        )
    if aid < notation.STEP_CENTRE:
        count = aid - notation.PLAY_MOVE + 1
        return (
            f"play your Move {count}: you must then move {count} different table card(s), one "
            "step at a time (POTA-R13)"
        )
    if aid < notation.STEP_POTA:
        v = VALUES[aid - notation.STEP_CENTRE]
        after = _value_after(st, total - v)
        return (
            f"take {v:+d} off the centre to the discard pile: total {total:+d} → {total - v:+d}, "
            f"Deal value {value:+d} → {after:+d}"
        )
    src, dest = notation.split_step(aid)
    kind = "POTA" if aid < notation.STEP_REVERSE else "Reverse"
    where = "the discard pile" if dest == notation.DISCARD_DEST else who(seat, dest)
    text = f"move the {kind} before {who(seat, src)} to {where}"
    if kind == "Reverse" and dest != notation.DISCARD_DEST and st.zones[reverse_zone(n, dest)]:
        text += f"; it cancels the Reverse already before {who(seat, dest)} (POTA-R11)"
    return text


def movable_cards(st: PotaTable) -> list[str]:
    """The table cards a Move step could touch now, in words."""
    seat = st.actor
    out: list[str] = []
    seen: set[str] = set()
    for step in moves.Table(st).steps():
        if step < notation.STEP_POTA:
            label = f"{VALUES[step - notation.STEP_CENTRE]:+d} in the centre"
        else:
            src, _ = notation.split_step(step)
            kind = "POTA" if step < notation.STEP_REVERSE else "Reverse"
            label = f"the {kind} before {who(seat, src)}"
        if label not in seen:
            seen.add(label)
            out.append(label)
    return out


def preview_action(st: PotaTable, seat: int, aid: int) -> str | None:
    """Before a Move card is played: what it obliges, and the cards movable now."""
    if not notation.PLAY_MOVE <= aid < notation.STEP_CENTRE:
        return None
    count = aid - notation.PLAY_MOVE + 1
    movable = movable_cards(st)
    return (
        f"Move {count} obliges you to make exactly {count} move(s), one at a time, each on a "
        "different table card, and it cannot be taken back (POTA-R13). After every step the "
        "centre total may not be 0 (POTA-R8) and every Reverse needs the Leader or a POTA "
        f"(POTA-R12). Cards you could move now: {', '.join(movable) or 'none'}."
    )


def choice_notes(st: PotaTable, seat: int) -> list[str]:
    """Why ``seat``'s choices are narrowed now (only when it is to act)."""
    if seat != st.actor or st.phase not in (LEAD, DEAL_PHASE, MOVE_PHASE):
        return []
    hand = st.zones[hand_zone(seat)]
    if st.phase == LEAD:
        if not any(KIND[c] == DEAL for c in hand):
            return ["You hold no +/- card, so you cannot open a Deal: you can only decline."]
        if rules.must_open(st):
            return [
                "Decline is not offered: every seat has declined once in a row, so a seat "
                "holding a +/- card must open (POTA-R4)."
            ]
        return []
    colour = st.colour
    col = COLOURS[colour]
    if st.phase == MOVE_PHASE:
        card = st.zones[PLAYING][0]
        count = VALUE[card]
        step = count - st.move_left + 1
        return [
            f"Move {count}: step {step} of {count}. Each step moves a different card; cards "
            "already moved by this Move card cannot move again, and only steps that keep the "
            "total non-zero and leave the Move completable are offered (POTA-R8, R12, R13)."
        ]
    notes = []
    total = sum(rules.centre_values(st))
    zero = sorted(
        {
            VALUE[c]
            for c in hand
            if KIND[c] == DEAL and COLOUR[c] == colour and total + VALUE[c] == 0
        }
    )
    for v in zero:
        notes.append(
            f"Your {col} {v:+d} is not offered: it would make the Deal's total 0 (POTA-R8)."
        )
    for count in sorted({VALUE[c] for c in hand if KIND[c] == MOVE and COLOUR[c] == colour}):
        if not moves.can_play_move(st, count):
            notes.append(
                f"Your {col} Move {count} is not offered: there is no way to move {count} "
                "different cards now (POTA-R13)."
            )
    n = st.num_players
    if any(KIND[c] == REVERSE and COLOUR[c] == colour for c in hand):
        barred = [t for t in range(n) if t != st.leader and not st.zones[pota_zone(n, t)]]
        if barred:
            notes.append(
                "A Reverse goes only before the Leader or a seat with a POTA, so not before "
                + ", ".join(who(seat, t) for t in barred)
                + " (special situation 2)."
            )
    others = sum(1 for c in hand if COLOUR[c] != colour)
    if others:
        notes.append(
            f"Only {col} cards can be played in a {col} Deal (POTA-R7): {others} of your cards "
            "wait for a later Deal."
        )
    if rules.legal(st) == [notation.PASS]:
        notes.append(f"You have no {col} card you may play, so you can only pass.")
    return notes
