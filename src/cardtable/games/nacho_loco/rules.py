"""The Nacho Loco state machine (docs/rules/nacho_loco.md): turns, placements, effects, closings.

Phases: ``play`` (place a card, or draw when nothing fits), ``drawn`` (place the card just drawn
or keep it), ``target`` (choose who draws 3), ``again`` (the optional extra card of a Go Again),
``start`` (lay a starter from hand when none can be turned, NL-R17) and ``over``.

The Playfield is kept incrementally: ``faces`` maps each occupied board cell to the segments it
shows on its three edges, and ``frontier`` maps each empty board cell next to the field to the
shared :class:`Spot` of the faces pointing at it (their packed key; what fits, per card type;
what each placement there does), with ``live`` counting the live ones (NL-R6). A placement
updates the (at most four) cells whose key changed, so legal-move generation, the liveness
check, the draw-turn facts and a placement's effects read the frontier instead of looking keys
up or rescanning the board.
"""

from __future__ import annotations

from cardtable.core.state import canonical
from cardtable.games.nacho_loco import facts
from cardtable.games.nacho_loco.cards import rotate
from cardtable.games.nacho_loco.config import spot
from cardtable.games.nacho_loco.meta import HAND_SIZE, TARGET_SCORE
from cardtable.games.nacho_loco.notation import DRAW as DRAW_ID
from cardtable.games.nacho_loco.notation import END, KEEP, START, TARGET
from cardtable.games.nacho_loco.table import (
    AGAIN,
    BY_CLOSER,
    CLOSING_NAMES,
    CUTTHROAT,
    DISCARD,
    DRAW,
    DRAWN,
    EVERYONE_DREW,
    FIELD,
    HAND0,
    OVER,
    PLAY,
    STARTING,
    TAG_DRAWN,
    TARGETING,
    UNDER,
    NachoTable,
)
from cardtable.games.nacho_loco.tables import face_key

# ---------------------------------------------------------------------- the Playfield


def pointing_key(st: NachoTable, cell: int) -> int:
    """The faces pointing at ``cell`` from its three neighbours, packed (-1 for none)."""
    adjacent = st.cfg.board.adjacent
    faces = st.faces
    base = 3 * cell
    out = [-1, -1, -1]
    for e in range(3):
        shown = faces.get(adjacent[base + e])
        if shown is not None:
            out[e] = shown[e]  # the touching edges have the same index on both sides
    return face_key(out[0], out[1], out[2])


def lay(st: NachoTable, card: int, cell: int, rot: int) -> None:
    """Put a card on the field (zone, coordinates and the incremental caches).

    A touching edge has the same index on both sides, so the neighbour across edge ``e`` gains
    exactly this card's face ``e`` in slot ``e`` of its key, which was empty (-1, packed as 0)
    because this cell was empty; an empty cell with no occupied neighbour has key 0. The cells
    whose key changed (this one, now occupied, and its empty neighbours) get their
    :class:`Spot` in ``frontier`` replaced, and ``live`` follows (NL-R6).
    """
    cfg = st.cfg
    st.zones[FIELD].append(card)
    st.field_at.append([cfg.rows[cell], cfg.cols[cell], rot])
    shown = cfg.shown[3 * cfg.type_of[card] + rot]
    faces = st.faces
    faces[cell] = shown
    frontier = st.frontier
    live = st.live
    was = frontier.get(cell)
    if was is not None:
        del frontier[cell]
        if was.live:
            live -= 1
    adjacent = cfg.board.adjacent
    spots = cfg.spots
    base = 3 * cell
    for e in range(3):
        other = adjacent[base + e]
        if other >= 0 and other not in faces:
            key = (shown[e] + 1) << (4 * e)
            was = frontier.get(other)
            if was is not None:
                key |= was.key
                if was.live:
                    live -= 1
            now = spots[key]
            if now is None:
                now = spot(cfg, key)
            frontier[other] = now
            if now.live:
                live += 1
    st.live = live


def rebuild_caches(st: NachoTable) -> None:
    """Recompute ``faces``, ``frontier`` and ``live`` from ``field_at`` alone (after loading a
    position; the tests compare it with the caches kept move by move)."""
    cfg = st.cfg
    clear_caches(st)
    index = cfg.board.index
    for card, (r, c, rot) in zip(st.zones[FIELD], st.field_at, strict=True):
        st.faces[index[(r, c)]] = rotate(cfg.types[cfg.type_of[card]], rot)
    adjacent = cfg.board.adjacent
    for cell in st.faces:
        for e in range(3):
            other = adjacent[3 * cell + e]
            if other >= 0 and other not in st.faces:
                st.frontier[other] = spot(cfg, pointing_key(st, other))
    for found in st.frontier.values():
        st.live += found.live


def clear_caches(st: NachoTable) -> None:
    """An empty Playfield: no faces, no frontier, nothing live."""
    st.faces = {}
    st.frontier = {}
    st.live = 0


def any_live(st: NachoTable) -> bool:
    """Is there a cell where some non-Closer card of the deck list could go (NL-R6)?"""
    return st.live > 0


def placements(st: NachoTable, types: list[int]) -> list[int]:
    """Action ids of every legal placement of a card type in ``types`` (distinct types), in no
    particular order: the frontier cells' offsets, kept by :func:`lay`, with the id arithmetic
    of ``ActionLayout.place_id`` inlined."""
    wanted = 0
    for card_type in types:
        wanted |= 1 << card_type
    return _placements(st, types, wanted)


def _placements(st: NachoTable, types: list[int], wanted: int) -> list[int]:
    """:func:`placements` given ``wanted``, the bits of ``types``: the hot path of search. A
    cell where none of the types fits is skipped on its type mask, and so is each type that
    does not fit the cell (``hits``): most (cell, type) pairs fit nothing, and reading a
    type's empty offsets cost more than the bit test (docs/performance.md, "Eighth sitting")."""
    base = st.cfg.place_base
    ids: list[int] = []
    for cell, found in st.frontier.items():
        hits = found.mask & wanted
        if not hits:
            continue
        offsets = found.offsets
        at = base + cell * 3
        for card_type in types:
            if hits >> card_type & 1:
                for offset in offsets[card_type]:
                    ids.append(at + offset)
    return ids


def hand_placements(st: NachoTable, seat: int) -> list[int]:
    """The placements of every card type in ``seat``'s hand, in no particular order (the hand's
    distinct types found with a bit mask, not a list search per card)."""
    type_of = st.cfg.type_of
    types: list[int] = []
    wanted = 0
    for c in st.zones[HAND0 + seat]:
        t = type_of[c]
        bit = 1 << t
        if not wanted & bit:
            wanted |= bit
            types.append(t)
    return _placements(st, types, wanted)


def fitting_mask(st: NachoTable) -> int:
    """The card types that fit the Playfield now, as bits (bit ``t`` for type ``t``)."""
    mask = 0
    for found in st.frontier.values():
        mask |= found.mask
    return mask


def can_place(st: NachoTable, types: set[int]) -> bool:
    mask = fitting_mask(st)
    return any(mask >> card_type & 1 for card_type in types)


def hand_types(st: NachoTable, seat: int) -> set[int]:
    type_of = st.cfg.type_of
    return {type_of[c] for c in st.zones[HAND0 + seat]}


def hand_type_list(st: NachoTable, seat: int) -> list[int]:
    """The distinct card types of a hand as a list, in the order the hand first shows them."""
    type_of = st.cfg.type_of
    out: list[int] = []
    for c in st.zones[HAND0 + seat]:
        t = type_of[c]
        if t not in out:
            out.append(t)
    return out


def drawn_card(st: NachoTable, seat: int) -> int:
    tags = st.tags
    for card in st.zones[HAND0 + seat]:
        if tags[card] == TAG_DRAWN:
            return card
    return -1


def _marked(st: NachoTable, hand: list[int]) -> int:
    """The index in ``hand`` of the card marked as just drawn, or -1."""
    tags = st.tags
    for i in range(len(hand)):
        if tags[hand[i]] == TAG_DRAWN:
            return i
    return -1


# ---------------------------------------------------------------------- legal actions


def legal_action_ids(st: NachoTable, seat: int) -> list[int]:
    if seat != st.active or st.phase == OVER:
        return []
    phase = st.phase
    if phase == PLAY:
        ids = hand_placements(st, seat)
        if not ids:
            return [DRAW_ID]
        ids.sort()
        return ids
    if phase == DRAWN:
        card = drawn_card(st, seat)
        ids = placements(st, [st.cfg.type_of[card]]) if card >= 0 else []
        if not ids or not st.options.must_play_drawn:
            ids.append(KEEP)
        ids.sort()
        return ids
    if phase == TARGETING:
        return [TARGET + s for s in range(st.num_players) if s != seat]
    if phase == AGAIN:
        ids = hand_placements(st, seat)
        ids.append(END)
        ids.sort()
        return ids
    # STARTING: any non-Closer hand card as the starter (NL-R17)
    closer = st.cfg.closer_type
    return sorted({START + t for t in hand_types(st, seat) if t != closer})


# ---------------------------------------------------------------------- applying


def apply_action(st: NachoTable, seat: int, action_id: int) -> None:
    cfg = st.cfg
    if action_id >= cfg.place_base:
        rest = action_id - cfg.place_base  # ActionLayout.split_place, inlined
        rot = rest % 3
        rest //= 3
        card_type = rest // cfg.cells
        cell = rest % cfg.cells
        place(st, seat, card_type, cell, rot)
    elif action_id == DRAW_ID:
        draw_turn(st, seat)
    elif action_id == KEEP:
        card = drawn_card(st, seat)
        if card >= 0:
            st.tags[card] = 0
        if st.events is not None:
            st.note(f"seat {seat} keeps the card drawn")
        begin_turn(st, next_seat(st, seat))
    elif action_id == END:
        if st.events is not None:
            st.note(f"seat {seat} ends the turn without a Go Again card")
        begin_turn(st, next_seat(st, seat))
    elif action_id < START:
        target(st, seat, action_id - TARGET)
    else:
        lay_starter(st, seat, action_id - START)


def next_seat(st: NachoTable, seat: int) -> int:
    return (seat + 1) % st.num_players


def begin_turn(st: NachoTable, seat: int) -> None:
    """Seat's turn: a held skip token is spent and the turn ends at once (step 0)."""
    skips = st.skips
    while skips[seat] > 0:
        skips[seat] -= 1
        st.note(f"seat {seat} is skipped")
        seat = next_seat(st, seat)
    st.active = seat
    st.phase = PLAY
    st.turns += 1
    if st.opener < 0:
        st.opener = seat


def draw_card(st: NachoTable, seat: int) -> int:
    """Move the top card of the draw pile to a hand; refill from the discard pile when empty
    (NL-R17). Returns the card, or -1 when there was nothing to draw.

    A Closer sent under the pile (zone ``under``) is the pile's last card; everyone knows who
    draws it."""
    pile = st.zones[DRAW]
    if not pile:
        under = st.zones[UNDER]
        if under:
            card = under.pop()
            st.seen[card] = st.spec.layout.all_mask
            st.zones[HAND0 + seat].append(card)
            facts.gained(st, seat)
            st.closer_held = True
            return card
        refill(st)
        if not pile:
            return -1
    card = pile.pop()
    st.zones[HAND0 + seat].append(card)
    facts.gained(st, seat)
    if card == st.cfg.closer_card:
        st.closer_held = True
    return card


def refill(st: NachoTable) -> None:
    """Shuffle the discard pile into a new draw pile (under nothing: the pile is empty)."""
    discard = st.zones[DISCARD]
    if not discard:
        return
    pile = st.zones[DRAW]
    pile.extend(discard)
    discard.clear()
    st.shuffle_zone(DRAW)
    st.reshuffles += 1
    st.note("the discard pile is shuffled into a new draw pile")


def deal(st: NachoTable, seat: int, count: int, why: str) -> None:
    got = 0
    for _ in range(count):
        if draw_card(st, seat) < 0:
            break
        got += 1
    st.drawn_by_effects += got
    if st.events is not None:
        st.note(f"seat {seat} draws {got} ({why})")


def others_from(st: NachoTable, seat: int) -> list[int]:
    """The other seats clockwise from ``seat + 1``."""
    n = st.num_players
    return [(seat + k) % n for k in range(1, n)]


def draw_turn(st: NachoTable, seat: int) -> None:
    """NL-R17: nothing in hand fits, so the seat draws; a drawn card that fits may be placed.

    What the turn shows about the hand (NL-R16, NL-R15) is written down at once, before an
    everyone-drew close can deal the drawer its closing gift."""
    mask = fitting_mask(st)  # drawing leaves the Playfield as it is
    card = draw_card(st, seat)
    st.draw_turns += 1
    fits = card >= 0 and (mask >> st.cfg.type_of[card]) & 1 == 1
    facts.drew(st, seat, facts.types_of_mask(mask), fits)
    if fits:
        st.tags[card] = TAG_DRAWN
        st.phase = DRAWN
        if st.events is not None:
            st.note(f"seat {seat} draws a card that fits")
        return
    if st.events is not None:
        st.note(f"seat {seat} draws and cannot play" if card >= 0 else f"seat {seat} cannot draw")
    st.noplay[seat] = True
    if all(st.noplay):
        credited = st.last_matcher if st.last_matcher >= 0 else st.opener
        close_field(st, credited, EVERYONE_DREW)
    else:
        begin_turn(st, next_seat(st, seat))


def place(st: NachoTable, seat: int, card_type: int, cell: int, rot: int) -> None:
    """A placement and its effects in the order of NL-R18."""
    cfg = st.cfg
    found = st.frontier.get(cell)
    if found is None:  # not a frontier cell: no legal placement goes there
        found = spot(cfg, pointing_key(st, cell))
    fit = found.effects[3 * card_type + rot]
    if fit < 0:
        raise ValueError(f"{cfg.type_names[card_type]} does not fit cell {cell} in rotation {rot}")
    hand = st.zones[HAND0 + seat]
    type_of = cfg.type_of
    tags = st.tags
    at = -1
    if st.phase == DRAWN:
        at = _marked(st, hand)
        if at >= 0 and type_of[hand[at]] != card_type:
            at = -1
    if at < 0:
        for i in range(len(hand)):
            if type_of[hand[i]] == card_type:
                at = i
                break
    card = hand[at]
    for c in hand:
        tags[c] = 0
    matched = fit & 3
    hand.pop(at)
    facts.placed(st, seat, card_type)
    lay(st, card, cell, rot)
    is_closer = card_type == cfg.closer_type
    st.placements += 1
    if is_closer:
        st.closer_placed = True
    if st.events is not None:
        text = f"seat {seat} places {cfg.type_names[card_type]} at {cell}"
        if is_closer:
            st.note(f"{text} between X faces: the Closer")
        else:
            st.note(f"{text}, matching {matched} segment{'s' if matched > 1 else ''}")
    going_out = not hand
    # b. 2- and 3-segment matches (never for the Closer, NL-R5; NL-R13 on the last card)
    if not is_closer and matched >= 2:
        if matched == 2:
            st.matches2 += 1
        else:
            st.matches3 += 1
        if not going_out or st.options.match_draws_on_going_out:
            for other in others_from(st, seat):
                deal(st, other, matched - 1, f"{matched}-segment match")
    go = (fit >> 2) & 1 == 1
    st.pend_go = go
    st.pend_skips = (fit >> 3) & 3
    st.pend_closer = is_closer
    st.go_agains += go
    # c. Opponent Draws 3: one target per matched pair (NL-R12)
    st.d3_left = (fit >> 5) & 3
    if st.d3_left:
        st.phase = TARGETING
        st.active = seat
        return
    finish_placement(st, seat)


def target(st: NachoTable, seat: int, victim: int) -> None:
    st.d3s += 1
    deal(st, victim, 3, f"Opponent Draws 3 by seat {seat}")
    st.d3_left -= 1
    if st.d3_left == 0:
        finish_placement(st, seat)


def finish_placement(st: NachoTable, seat: int) -> None:
    """Steps d–g of NL-R18: round end, Go Again and Skip Next, closing, next turn."""
    if any(flag for flag in st.noplay):
        st.noplay = [False] * st.num_players
    st.last_matcher = seat
    closing = -1
    if st.pend_closer:
        closing = BY_CLOSER
    elif not any_live(st):
        closing = CUTTHROAT
    if not st.zones[HAND0 + seat]:
        if closing >= 0 and st.options.closing_gift_on_going_out:
            for other in others_from(st, seat):
                deal(st, other, 1, "closing gift")
        end_round(st, seat)
        return
    if st.pend_skips:
        opponents = others_from(st, seat)
        for k in range(st.pend_skips):
            victim = opponents[k % len(opponents)]
            st.skips[victim] += 1
            st.skips_given += 1
            if st.events is not None:
                st.note(f"seat {victim} will miss its next turn")
    go = st.pend_go
    st.pend_go, st.pend_skips, st.pend_closer = False, 0, False
    if closing >= 0:
        close_field(st, seat, closing)  # an unused Go Again lapses: the restart is the extra play
    elif go and st.options.go_again_mode == "extra_turn":
        st.note(f"seat {seat} takes an extra turn (Go Again)")
        begin_turn(st, seat)
    elif go:
        # NL-R10: always asked, able or not (ending the turn is always legal), so the question
        # tells nobody whether a card in the hand fits.
        st.phase = AGAIN
        st.active = seat
    else:
        begin_turn(st, next_seat(st, seat))


def close_field(st: NachoTable, credited: int, kind: int) -> None:
    """NL-R9: a closing gift to every other seat, the field cleared, a new starter, the closer
    plays first; skip tokens stay."""
    st.closes[kind] += 1
    if st.events is not None:
        st.note(f"the Playfield closes ({CLOSING_NAMES[kind]}), credited to seat {credited}")
    for other in others_from(st, credited):
        deal(st, other, 1, "closing gift")
    clear_field(st)
    start_field(st, credited)


def clear_field(st: NachoTable) -> None:
    field = st.zones[FIELD]
    st.zones[DISCARD].extend(field)
    field.clear()
    st.field_at = []
    clear_caches(st)
    st.noplay = [False] * st.num_players
    st.last_matcher = -1
    st.opener = -1


def start_field(st: NachoTable, due: int) -> None:
    """Turn a starter and give ``due`` its turn, or ask a seat to lay one from hand (NL-R17)."""
    if turn_starter(st):
        begin_turn(st, due)
        return
    closer = st.cfg.closer_type
    type_of = st.cfg.type_of
    seat = due
    for _ in range(st.num_players):
        if any(type_of[c] != closer for c in st.zones[HAND0 + seat]):
            break
        seat = next_seat(st, seat)
    st.phase = STARTING
    st.active = seat
    st.due = due
    st.note(f"no starter can be turned: seat {seat} lays one from hand")


def turn_starter(st: NachoTable) -> bool:
    """Turn the top card as the starter at (0, 0). A Closer turned up goes under the pile, known
    to all (NL-R5), and the next card is turned; when only the Closer is left, the discard pile is
    shuffled into a new pile above it (NL-R17). False when no starter can be turned."""
    pile = st.zones[DRAW]
    closer = st.cfg.closer_card
    for _ in range(3):
        if not pile:
            refill(st)
        if not pile:
            return False
        card = pile.pop()
        if card == closer:
            st.zones[UNDER].append(card)
            st.note("the Closer is turned up as the starter and goes under the draw pile")
            continue
        lay(st, card, st.cfg.board.starter, 0)
        if st.events is not None:
            st.note(f"the new starter is {st.cfg.card_names[card]}")
        return True
    return False


def lay_starter(st: NachoTable, seat: int, card_type: int) -> None:
    cfg = st.cfg
    hand = st.zones[HAND0 + seat]
    card = next(c for c in hand if cfg.type_of[c] == card_type)
    hand.remove(card)
    facts.placed(st, seat, card_type)
    lay(st, card, cfg.board.starter, 0)
    st.note(f"seat {seat} lays {cfg.type_names[card_type]} as the starter")
    due = st.due
    st.due = -1
    begin_turn(st, due)


# ---------------------------------------------------------------------- rounds


def end_round(st: NachoTable, winner: int) -> None:
    """NL-R13/NL-R20: the seat that went out scores the cards left in the other hands."""
    points = sum(len(st.zones[HAND0 + s]) for s in range(st.num_players) if s != winner)
    st.points[winner] += points
    st.last_points = points
    st.round_winner = winner
    st.closer_held_rounds += st.closer_held
    st.closer_placed_rounds += st.closer_held and st.closer_placed
    if st.events is not None:
        st.note(f"seat {winner} goes out and scores {points}")
    if st.points[winner] >= TARGET_SCORE:
        st.phase = OVER
        st.active = -1
        if st.events is not None:
            st.note(f"seat {winner} wins with {st.points[winner]} points")
        return
    new_round(st, winner)


def new_round(st: NachoTable, first: int) -> None:
    """Collect, shuffle and deal six to everyone from the first player; turn a starter."""
    pile = st.zones[DRAW]
    for zone in range(len(st.zones)):
        if zone != DRAW:
            pile.extend(st.zones[zone])
            st.zones[zone].clear()
    for card in pile:
        st.tags[card] = 0
    shuffle_deck(st)
    st.field_at = []
    clear_caches(st)
    n = st.num_players
    st.skips = [0] * n
    st.noplay = [False] * n
    st.lacks, st.holds = [], []  # the hands go back to the pile
    st.last_matcher = st.opener = st.due = -1
    st.d3_left = 0
    st.pend_go, st.pend_skips, st.pend_closer = False, 0, False
    st.round += 1
    st.round_first = first
    st.closer_held = st.closer_placed = False
    for _ in range(HAND_SIZE):
        for k in range(n):
            draw_card(st, (first + k) % n)
    if st.events is not None:
        st.note(f"round {st.round}: seat {first} plays first")
    start_field(st, first)


def shuffle_deck(st: NachoTable) -> None:
    """``st.shuffle_zone(DRAW)`` when the draw pile holds every card (a new round): the same
    cards, order, random draws and marks, with the canonical order of a reshuffle during play
    (:func:`cardtable.core.state.canonical`) taken from the configuration, where it is the
    same for every round, instead of sorted again (6% of a compiled playout's time)."""
    pile = st.zones[DRAW]
    if st.history:
        order = st.cfg.deck_order
        if not order:
            order = st.cfg.deck_order = canonical(range(len(st.seen)), st.spec.cards.rank)
        pile[:] = order
    st.rng.shuffle(pile)
    seen = st.seen
    for card in pile:
        seen[card] = 0
