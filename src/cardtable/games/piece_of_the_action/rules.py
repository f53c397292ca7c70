"""Legal actions and their effects in the LEAD, DEAL and MOVE phases.

Our reading of the rules: ``docs/rules/piece_of_the_action.md``.

One small function per rule. ``legal`` is the single source of legality: ``apply`` trusts it (the
core checks every action against it first), and ``explain`` only puts a rejection into words.
"""

from __future__ import annotations

from cardtable.games.piece_of_the_action import deals, moves, notation
from cardtable.games.piece_of_the_action.cards import (
    COLOUR,
    COLOURS,
    DEAL,
    DEAL_INDEX,
    KIND,
    MOVE,
    POTA,
    REVERSE,
    VALUE,
    VALUE_AT,
    VALUES,
)
from cardtable.games.piece_of_the_action.table import (
    CENTRE,
    DISCARD,
    LEAD,
    OVER,
    PLAYING,
    PotaTable,
    hand_zone,
    pota_zone,
    reverse_zone,
)
from cardtable.games.piece_of_the_action.table import (
    DEAL as DEAL_PHASE,
)
from cardtable.games.piece_of_the_action.table import (
    MOVE as MOVE_PHASE,
)


def centre_values(state: PotaTable) -> list[int]:
    return [VALUE[c] for c in state.zones[CENTRE]]


# ------------------------------------------------------------------------------ legality


def legal_ids(state: PotaTable, seat: int) -> list[int]:
    """Sorted legal action ids of ``seat``: none unless it is the seat to act."""
    if seat != state.actor or state.phase == OVER:
        return []
    return legal(state)


def legal(state: PotaTable) -> list[int]:
    """Sorted legal action ids of the seat to act."""
    if state.phase == LEAD:
        return _lead_options(state)
    if state.phase == DEAL_PHASE:
        return _deal_options(state)
    return moves.legal_steps(state)


def must_open(state: PotaTable) -> bool:
    """POTA-R4: after a full circle of declines, a seat holding a +/- card may not decline."""
    return state.options.forced_lead_after_circle and state.declines >= state.num_players


def _lead_options(state: PotaTable) -> list[int]:
    """OPEN with any +/- card of any colour; DECLINE unless forced to open (POTA-R4).

    The ids are collected as bits of a machine word and read out in order, which gives the
    sorted ids without a set or a sort (the Deal options below do the same)."""
    bits = 0
    for c in state.zones[hand_zone(state.actor)]:
        if KIND[c] == DEAL:
            bits |= 1 << notation.open_id(COLOUR[c], DEAL_INDEX[c])
    out: list[int] = []
    for aid in range(notation.DECLINE):
        if bits >> aid & 1:
            out.append(aid)
    if not (bits and must_open(state)):
        out.append(notation.DECLINE)
    return out


def _deal_options(state: PotaTable) -> list[int]:
    """PASS, or one card of the Deal colour (POTA-R7) that the special situations allow.

    Written for the search's hot path: no lists but the answer (the centre is summed in a
    loop, the POTA ids appended one by one) and one Move summary for every Move card held."""
    n = state.num_players
    colour = state.colour
    zones = state.zones
    deal_bits = 0  # bit i: a +/- card of value index i may be played
    move_bits = 0  # bit k: the seat holds a Move k card
    total = 0
    summed = False
    has_pota = has_reverse = False
    for c in zones[hand_zone(state.actor)]:
        if COLOUR[c] != colour:
            continue
        kind = KIND[c]
        if kind == DEAL:
            if not summed:
                for d in zones[CENTRE]:
                    total += VALUE[d]
                summed = True
            if total + VALUE[c] != 0:  # special situation 1 (POTA-R8)
                deal_bits |= 1 << DEAL_INDEX[c]
        elif kind == POTA:
            has_pota = True
        elif kind == REVERSE:
            has_reverse = True
        elif kind == MOVE:
            move_bits |= 1 << VALUE[c]
    out = [notation.PASS]  # the ids below are appended in increasing order
    for i in range(len(VALUES)):
        if deal_bits >> i & 1:
            out.append(notation.PLAY_DEAL + i)
    if has_pota:
        for t in range(n):
            out.append(notation.PLAY_POTA + t)
    if has_reverse:
        leader = state.leader
        for t in range(n):
            # special situation 2: before the Leader or a seat holding a POTA
            if t == leader or zones[pota_zone(n, t)]:
                out.append(notation.reverse_id(t))
    if move_bits:
        playable = moves.playable_moves(state, move_bits)
        for count in range(1, notation.STEP_CENTRE - notation.PLAY_MOVE + 1):
            if playable >> count & 1:
                out.append(notation.PLAY_MOVE + count - 1)
    return out


# ------------------------------------------------------------------------------ effects


def apply(state: PotaTable, seat: int, action_id: int) -> None:
    """Carry out a legal action of the seat to act, then any automatic steps it triggers."""
    if action_id < notation.DECLINE:
        _open(state, action_id)
    elif action_id == notation.DECLINE:
        deals.decline(state)
    elif action_id == notation.PASS:
        state.passed[state.actor] = 1
        _next_turn(state)
    elif action_id < notation.PLAY_POTA:
        _play_deal(state, VALUE_AT[action_id - notation.PLAY_DEAL])
    elif action_id < notation.PLAY_REVERSE:
        _play_pota(state, action_id - notation.PLAY_POTA)
    elif action_id < notation.PLAY_MOVE:
        _play_reverse(state, action_id - notation.PLAY_REVERSE)
    elif action_id < notation.STEP_CENTRE:
        _play_move(state, action_id - notation.PLAY_MOVE + 1)
    else:
        _move_step(state, action_id)


def _take(state: PotaTable, kind: int, colour: int, value: int = 0) -> int:
    """A card of the given kind/colour/value from the acting seat's hand."""
    check_value = kind == DEAL or kind == MOVE  # POTAs and Reverses of a colour are all alike
    for c in state.zones[hand_zone(state.actor)]:
        if KIND[c] == kind and COLOUR[c] == colour and (not check_value or VALUE[c] == value):
            return c
    raise AssertionError("apply() was given an action that legal() does not offer")


def _open(state: PotaTable, action_id: int) -> None:
    """The marker holder opens a Deal: its card's colour is the Deal colour; it is the Leader."""
    colour, vi = divmod(action_id - notation.OPEN, len(VALUES))
    seat = state.actor
    card = _take(state, DEAL, colour, VALUE_AT[vi])
    state.move(card, hand_zone(seat), CENTRE)
    state.colour = colour
    state.leader = seat
    state.passed = [0] * state.num_players
    state.declines = 0
    state.phase = DEAL_PHASE
    if state.events is not None:
        state.note(f"seat {seat} opens a {COLOURS[colour]} Deal with {state.card_name(card)}")
    state.actor = (seat + 1) % state.num_players  # POTA-R5


def _play_deal(state: PotaTable, value: int) -> None:
    card = _take(state, DEAL, state.colour, value)
    state.move(card, hand_zone(state.actor), CENTRE)
    _next_turn(state)


def _play_pota(state: PotaTable, target: int) -> None:
    card = _take(state, POTA, state.colour)
    state.move(card, hand_zone(state.actor), pota_zone(state.num_players, target))
    _next_turn(state)


def _play_reverse(state: PotaTable, target: int) -> None:
    """A Reverse on a seat that already has one cancels: both go to the discard pile."""
    card = _take(state, REVERSE, state.colour)
    dest = reverse_zone(state.num_players, target)
    if state.zones[dest]:
        state.move(card, hand_zone(state.actor), DISCARD)
        state.move(state.zones[dest][0], dest, DISCARD)
        if state.events is not None:
            state.note(f"seat {state.actor}'s Reverse cancels the Reverse before seat {target}")
    else:
        state.move(card, hand_zone(state.actor), dest)
    _next_turn(state)


def _play_move(state: PotaTable, count: int) -> None:
    card = _take(state, MOVE, state.colour, count)
    state.move(card, hand_zone(state.actor), PLAYING)
    state.phase = MOVE_PHASE
    state.move_left = count


def _move_step(state: PotaTable, action_id: int) -> None:
    """One step of a Move: the moved card is tagged so the same Move cannot move it again."""
    n = state.num_players
    zones, tags = state.zones, state.tags
    if action_id < notation.STEP_POTA:
        value = VALUE_AT[action_id - notation.STEP_CENTRE]
        card = _first_unmoved(state, CENTRE, value)
        state.move(card, CENTRE, DISCARD)
    else:
        src, dest = notation.split_step(action_id)
        is_pota = action_id < notation.STEP_REVERSE
        src_zone = pota_zone(n, src) if is_pota else reverse_zone(n, src)
        card = _first_unmoved(state, src_zone, 0)
        if dest == notation.DISCARD_DEST:
            state.move(card, src_zone, DISCARD)
        else:
            dest_zone = pota_zone(n, dest) if is_pota else reverse_zone(n, dest)
            if not is_pota and zones[dest_zone]:  # POTA-R11: a moved Reverse cancels too
                state.move(zones[dest_zone][0], dest_zone, DISCARD)
                state.move(card, src_zone, DISCARD)
            else:
                state.move(card, src_zone, dest_zone)
                tags[card] = 1
    state.move_left -= 1
    if state.move_left == 0:
        _finish_move(state)


def _first_unmoved(state: PotaTable, zone: int, value: int) -> int:
    """The first card of ``zone`` not yet moved by this Move, of Deal value ``value`` unless
    that is 0 (no Deal card is worth 0): a loop, where a generator in ``next`` is an object per
    call compiled."""
    tags = state.tags
    for c in state.zones[zone]:
        if not tags[c] and (value == 0 or VALUE[c] == value):
            return c
    raise AssertionError("apply() was given a step that legal() does not offer")


def _finish_move(state: PotaTable) -> None:
    """The Move card goes to the discard pile; the moved marks are cleared."""
    for card in state.zones[PLAYING][:]:
        state.move(card, PLAYING, DISCARD)
    n = state.num_players
    tags = state.tags
    zones = state.zones
    for c in zones[CENTRE]:
        tags[c] = 0
    for s in range(n):  # no list of the zones: a Move ends in many of the search's rollouts
        for c in zones[pota_zone(n, s)]:
            tags[c] = 0
        for c in zones[reverse_zone(n, s)]:
            tags[c] = 0
    state.phase = DEAL_PHASE
    _next_turn(state)


def _next_turn(state: PotaTable) -> None:
    """The next unpassed seat clockwise, possibly the same seat (POTA-R6); all passed: settle."""
    n = state.num_players
    passed = state.passed
    seat = state.actor
    for k in range(1, n + 1):
        nxt = (seat + k) % n
        if not passed[nxt]:
            state.actor = nxt
            return
    deals.settle_and_continue(state)


# ------------------------------------------------------------------------------ reasons


def explain(state: PotaTable, seat: int, action_id: int) -> str | None:
    """Why an action is illegal now, in words."""
    phase = state.phase
    if action_id <= notation.DECLINE and phase != LEAD:
        return "a Deal is already under way; only the Leader marker holder opens or declines"
    if action_id == notation.DECLINE:
        return "you hold a +/- card and every seat has already declined once (POTA-R4)"
    if action_id < notation.DECLINE:
        return "you have no such +/- card in hand"
    if phase == LEAD:
        return "no Deal is under way: open a Deal with a +/- card, or decline"
    if phase == MOVE_PHASE and action_id < notation.STEP_CENTRE:
        return f"finish your Move first ({state.move_left} step(s) left)"
    if phase != MOVE_PHASE and action_id >= notation.STEP_CENTRE:
        return "no Move card is being played"
    if phase == MOVE_PHASE:
        return (
            "that card cannot be moved there: it is not on the table unmoved, or the step "
            "would make the Deal's total zero, leave a Reverse without a POTA, or leave the "
            "Move impossible to complete (POTA-R8, R12, R13)"
        )
    return _explain_play(state, action_id)


def _explain_play(state: PotaTable, action_id: int) -> str:
    colour = COLOURS[state.colour]
    if action_id < notation.PLAY_POTA:
        value = VALUES[action_id - notation.PLAY_DEAL]
        held = any(
            KIND[c] == DEAL and COLOUR[c] == state.colour and VALUE[c] == value
            for c in state.zones[hand_zone(state.actor)]
        )
        if not held:
            return f"you hold no {colour} {value:+d} (every card in a Deal must be {colour})"
        return "it would make the value of the Deal zero (special situation 1)"
    if action_id < notation.PLAY_REVERSE:
        target = action_id - notation.PLAY_POTA
        if target >= state.num_players:
            return f"there is no seat {target}"
        return f"you hold no {colour} POTA card"
    if action_id < notation.PLAY_MOVE:
        target = action_id - notation.PLAY_REVERSE
        if target >= state.num_players:
            return f"there is no seat {target}"
        if not any(
            KIND[c] == REVERSE and COLOUR[c] == state.colour
            for c in state.zones[hand_zone(state.actor)]
        ):
            return f"you hold no {colour} Reverse card"
        return (
            "a Reverse may only go before the Leader or a seat that has a POTA "
            "(special situation 2)"
        )
    count = action_id - notation.PLAY_MOVE + 1
    if not any(
        KIND[c] == MOVE and COLOUR[c] == state.colour and VALUE[c] == count
        for c in state.zones[hand_zone(state.actor)]
    ):
        return f"you hold no {colour} Move {count} card"
    return f"no legal way exists to move {count} different card(s) now (POTA-R13)"
