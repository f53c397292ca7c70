"""Actions and decisions in a player's words (menus, hover text, hints).

Only what the deciding seat can see is used: the Playfield, its own hand and public counts.
"""

from __future__ import annotations

from cardtable.games.nacho_loco import rules
from cardtable.games.nacho_loco.cards import D3, GO, SKIP, X, rotate, segment_word
from cardtable.games.nacho_loco.lattice import edge_names
from cardtable.games.nacho_loco.notation import END, KEEP, START, TARGET
from cardtable.games.nacho_loco.table import (
    AGAIN,
    DRAW,
    DRAWN,
    HAND0,
    OVER,
    PLAY,
    TARGETING,
    NachoTable,
)
from cardtable.games.nacho_loco.tables import unpack

_EDGE_WORDS = {"B": "bottom", "T": "top", "L": "left", "R": "right"}
_ACTION_EFFECT = {
    GO: "you may place one more card (Go Again)",
    SKIP: "the next opponent loses a turn (Skip Next)",
    D3: "you choose an opponent who draws 3",
}


def placement_summary(st: NachoTable, card_type: int, cell: int, rot: int) -> tuple[int, list[int]]:
    """Matched segments and matched actions of a placement (0 and [] if it does not fit)."""
    key = rules.pointing_key(st, cell)
    for fit in st.cfg.fits.fits(key):
        if fit[0] == card_type and fit[1] == rot:
            return fit[2], list(fit[3])
    return 0, []


def describe_action(st: NachoTable, seat: int, action_id: int) -> str:
    cfg = st.cfg
    if action_id == DRAW:
        return "nothing in your hand fits: draw a card (you may place it at once if it fits)"
    if action_id == KEEP:
        return "keep the card you drew; play passes on (this is not a no-play turn, NL-R15)"
    if action_id == END:
        return "do not use the Go Again: play passes to the next seat"
    if action_id < START:
        victim = action_id - TARGET
        size = len(st.zones[HAND0 + victim]) if victim < st.num_players else 0
        return f"seat {victim} (holding {size}) draws 3 cards"
    if action_id < cfg.actions.place:
        name = cfg.type_names[action_id - START]
        return f"lay {name} as the new starter (no effects; NL-R17)"
    card_type, cell, rot = cfg.actions.split_place(action_id)
    shown = rotate(cfg.types[card_type], rot)
    edges = edge_names(cfg.board.cells[cell])
    layout = ", ".join(
        f"{segment_word(s)} {_EDGE_WORDS[e]}" for s, e in zip(shown, edges, strict=True)
    )
    if card_type == cfg.closer_type:
        return f"the Closer between X faces at cell {cell}: the Playfield closes (NL-R5)"
    matched, acts = placement_summary(st, card_type, cell, rot)
    parts = [f"cell {cell}: {layout}; matches {matched}"]
    hand_left = len(st.zones[HAND0 + seat]) - 1
    if matched >= 2 and (hand_left > 0 or st.options.match_draws_on_going_out):
        parts.append(f"every other player draws {matched - 1}")
    parts.extend(_ACTION_EFFECT[a] for a in acts)
    if hand_left == 0:
        parts.append("your last card: you go out and score")
    return "; ".join(parts)


def explain_illegal(st: NachoTable, seat: int, action_id: int) -> str | None:
    cfg = st.cfg
    phase = st.phase
    if action_id == DRAW and phase == PLAY:
        return "a card in your hand fits, and you must place when you can (NL-R16)"
    if action_id >= cfg.actions.place:
        card_type, cell, _rot = cfg.actions.split_place(action_id)
        if card_type not in rules.hand_types(st, seat):
            return f"you hold no {cfg.type_names[card_type]}"
        if phase == DRAWN:
            return "after drawing you may place only the card drawn, or keep it"
        if cell in st.faces:
            return f"cell {cell} is taken"
        if cell not in st.frontier:
            return f"cell {cell} does not touch the Playfield"
        if card_type == cfg.closer_type:
            return "the Closer goes only where at least two X faces point (NL-R5)"
        faces = [f for f in unpack(rules.pointing_key(st, cell)) if f >= 0]
        if any(f == X for f in faces) and cfg.fits.all_edges:
            return "an X faces that cell, and X matches nothing (NL-R4)"
        return "every touching edge must match in colour or action (NL-R3)"
    return None


def deciding_text(st: NachoTable) -> str:
    phase = st.phase
    who = f"seat {st.active}"
    if phase == OVER:
        return f"game over: seat {st.round_winner} wins with {st.points[st.round_winner]} points"
    if phase == PLAY:
        return f"{who} places a card, or draws if nothing fits"
    if phase == DRAWN:
        return f"{who} drew a card that fits: place it or keep it"
    if phase == TARGETING:
        return f"{who} chooses who draws 3"
    if phase == AGAIN:
        return f"{who} may place one more card (Go Again)"
    return f"{who} lays a starter from hand (no card can be turned)"


def choice_notes(st: NachoTable, seat: int) -> list[str]:
    """Why the seat's choices are narrowed now, with the ruling (NL-R15, NL-R16, NL-R10)."""
    if seat != st.active or st.phase == OVER:
        return []
    phase = st.phase
    if phase == PLAY:
        if rules.can_place(st, rules.hand_types(st, seat)):
            return ["A card of yours fits, so you must place one; drawing is not allowed (NL-R16)."]
        return ["Nothing in your hand fits anywhere: you must draw a card (NL-R17)."]
    if phase == DRAWN:
        if st.options.must_play_drawn:
            return ["The card you drew fits and must be placed (option must_play_drawn, NL-R15)."]
        return ["Only the card you just drew may be placed now, or kept (NL-R15)."]
    if phase == AGAIN:
        if not rules.can_place(st, rules.hand_types(st, seat)):
            return [
                "Go Again: nothing in your hand fits, so you can only end your turn; you are asked "
                "anyway so that nobody learns it (NL-R10)."
            ]
        return ["Go Again: you may place one more card, or end your turn (NL-R10)."]
    if phase == TARGETING:
        return ["Opponent Draws 3 was matched: choose who draws three cards (NL-R12)."]
    return ["No starter can be turned: lay a card from your hand, not the Closer (NL-R17)."]
