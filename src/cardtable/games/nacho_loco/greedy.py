"""The rule-of-thumb Nacho Loco player: most matched segments, go out fast, use actions well.

From the observation and the legal actions only (the Playfield is public). Placements are scored
by matched segments (two or three make everyone else draw), a bonus per matched action segment,
a bonus for the Closer (closing hands the restart to you) and a large one for going out; Opponent
Draws 3 goes to the opponent with the fewest cards; a playable drawn card is always placed and a
Go Again is always used. It is also the "max-matches" player of the NL-R21 measurement.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.core import Action, ActionData, Rng
from cardtable.games.nacho_loco.cards import ACTIONS, Segments, matches, rotate, segment_from_text
from cardtable.games.nacho_loco.lattice import Cell, board_named, neighbours


def parse_card(name: str) -> Segments:
    """``R-Y-G`` → segments; ``Closer`` → the Closer's."""
    if name.lower() == "closer":
        closer = segment_from_text("CLOSER")
        assert closer is not None
        return (closer, closer, closer)
    segs = [segment_from_text(part) for part in name.split("-")]
    if len(segs) != 3 or any(s is None for s in segs):
        raise ValueError(f"not a Nacho Loco card: {name!r}")
    return (segs[0], segs[1], segs[2])  # type: ignore[return-value]


def field_faces(public: Mapping[str, Any]) -> dict[Cell, Segments]:
    """What each occupied cell shows on its edges, from the public view of the field."""
    return {
        (entry["at"][0], entry["at"][1]): rotate(parse_card(entry["card"]), entry["rot"])
        for entry in public["field"]
    }


def placement_effect(public: Mapping[str, Any], place: ActionData) -> tuple[int, int]:
    """Matched segments and matched action segments of a ``place`` action."""
    board = board_named(public["board"])
    cell = board.cells[place.int_arg("cell")]
    shown = rotate(parse_card(place.str_arg("card")), place.int_arg("rotation"))
    faces = field_faces(public)
    matched = acts = 0
    for e, other in enumerate(neighbours(cell)):
        theirs = faces.get(other)
        if theirs is not None and matches(shown[e], theirs[e]):
            matched += 1
            acts += shown[e] in ACTIONS
    return matched, acts


def _is_closer(action: Action) -> bool:
    return action.data.get("card") == "Closer"


def greedy(obs: Mapping[str, Any], legal: Sequence[Action], rng: Rng) -> tuple[Action, str]:
    public = obs["public"]
    if legal[0].data.kind == "target":
        sizes = public["hand_sizes"]
        best = min(legal, key=lambda a: (sizes[a.data.int_arg("seat")], a.id))
        victim = best.data.int_arg("seat")
        return best, f"seat {victim} holds the fewest cards ({sizes[victim]}): slow it down"
    places = [a for a in legal if a.data.kind == "place"]
    if places:
        last_card = len(obs["zones"][f"hand:{obs['seat']}"]) == 1
        scored = []
        for action in places:
            matched, acts = placement_effect(public, action.data)
            value = 10.0 * matched + 4.0 * acts + (25.0 if _is_closer(action) else 0.0)
            scored.append((value, matched, action))
        top = max(v for v, _, _ in scored)
        choices = [(m, a) for v, m, a in scored if v == top]
        matched, chosen = choices[rng.below(len(choices))]
        if last_card:
            return chosen, "my last card: go out"
        if _is_closer(chosen):
            return chosen, "the Closer closes the field and I play first on the new one"
        return chosen, f"matches {matched} segment{'s' if matched != 1 else ''}, the most I can"
    starts = [a for a in legal if a.data.kind == "start"]
    if starts:
        return starts[0], "a starter must be laid"
    draws = legal[0].data.kind == "draw"
    return legal[0], "nothing fits: draw" if draws else "nothing better"
