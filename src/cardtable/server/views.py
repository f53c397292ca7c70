"""What leaves the server for one connection: built from ``observation(seat)`` only.

Every message a seat or spectator receives is made here, from the redacted observation of that
seat (the core removes every card it may not see) and that seat's own legal actions with their
structured form (``data``: a kind and named arguments, which the page's views read instead of
the text), descriptions and the notes on why its choices are narrowed (``choice_notes``).
Nothing reads the state's zones directly, so no other seat's hidden card and no face-down choice
can reach a client. The seed and the full record stay on the server until the game is over.

The history, the log and the timeline a view carries (their newest entries) are read entry by
entry through the core's ``history_entry`` and ``hears``, the same decisions ``observation``
makes, and a live table keeps them per seat (:mod:`.seatlog`), so a view's cost does not grow
with the game.

A view is made from plain data (the game state, the table's public summary and its step, the
seat logs), never from the live table, so this module does not depend on the table service
(``tests/server/test_layering.py``).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import msgspec

from cardtable.server.patch import Op, diff_shared
from cardtable.server.seatlog import HISTORY_TAIL, LOG_TAIL, TIMELINE_TAIL, SeatLog, SeatLogs

if TYPE_CHECKING:
    from cardtable.core.state import State

__all__ = [
    "HISTORY_TAIL",
    "LOG_TAIL",
    "MAX_UPDATE_OPS",
    "TIMELINE_TAIL",
    "SeatLogs",
    "encode",
    "moves",
    "seat_update",
    "seat_view",
]

#: An update carries at most this many operations; a bigger change (a new deal, say) is sent as
#: the whole view, so an update is never much larger than the view it leads to.
MAX_UPDATE_OPS = 64


_ENCODER = msgspec.json.Encoder()


def encode(message: dict[str, Any]) -> str:
    """``message`` as the text of a WebSocket frame: compact JSON, as Starlette's
    ``send_json`` writes it (``json.dumps`` with ``separators=(",", ":")`` and
    ``ensure_ascii=False``), but encoded by msgspec, 3-5 times faster; encoding every view and
    update was about a tenth of the server's CPU per move (docs/reliability.md, "Fifth
    sitting"). A value msgspec does not take falls back to the standard library."""
    try:
        return _ENCODER.encode(message).decode()
    except TypeError:
        return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def moves(state: State, seat: int | None) -> dict[str, Any]:
    """Every move in words for the page's log (its newest ``TIMELINE_TAIL`` entries), and each
    seat's latest move for its panel.

    Built from the seat's timeline (``State.timeline_entries``, which the core redacts like the
    history: a face-down choice reads as its outsiders saw it), so nothing here says more than
    the observation. Each entry carries the step it belongs to, numbered as the replay numbers
    them (move k is step k; the deal's lines are step 0); ``seat`` is the actor of a move and
    None for a log line. ``data`` is a move's structured form
    (:class:`~cardtable.core.actions.ActionData` as JSON) where the seat may read its text, and
    None for a hidden move and for a log line (``State.history_entry`` decides it with the text).
    A live table keeps these per seat (:class:`~cardtable.server.seatlog.SeatLog`); this reads
    the whole game once.
    """
    return SeatLog(seat).update(state).moves()


def seat_view(
    state: State,
    summary: dict[str, Any],
    seq: int,
    seat: int | None,
    away_seconds: float,
    logs: SeatLogs | None = None,
    common: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The message for ``seat`` (None = a spectator) at step ``seq`` of a table whose public
    summary is ``summary``; a stand-in takes an absent person's seat after ``away_seconds``.

    ``logs``: the table's per-seat logs, so the history, log and timeline this sends are read
    only where they grew since the seat's last view (without, the whole game is read once).

    ``common``: one broadcast's parts of the observation that read the same to every seat,
    filled by the first view made with it: the later views hold those very objects, so the
    diff of each is made once per broadcast (``SHARED``), not once per seat."""
    legal: list[dict[str, Any]] = []
    notes: list[str] = []
    if seat is not None and not state.is_terminal():
        notes = state.choice_notes(seat)
        for action in state.legal_actions(seat):
            legal.append(
                {
                    "id": action.id,
                    "text": action.text,
                    "data": action.data.to_json(),
                    "description": state.describe_action(seat, action.id),
                }
            )
    log = SeatLog(seat).update(state) if logs is None else logs.of(state, seat)
    if common is None:
        observation = log.fill(state.observation(seat, history=False))
    else:
        # The seat-independent parts (the public part, the public zones, whose turn it is,
        # the scores) made once per broadcast, for the first seat (State.observation's
        # ``shared``).
        observed = common.get("observed")
        if observed is None:
            observed = common["observed"] = {}
        observation = log.fill(state.observation(seat, False, observed))
        _share(observation, common)
    commit = observation["my_commit"]
    return {
        "type": "view",
        "table": summary,
        "seq": seq,
        "seat": seat,
        "observation": observation,
        "legal": legal,
        # The seat's own face-down choice as data (its text is the observation's my_commit).
        "commit": None if commit is None else state.to_action(commit).data.to_json(),
        "notes": notes,
        # After this many seconds away a stand-in bot plays a seated person's seat (the page
        # warns of it; coming back takes the seat back).
        "away_seconds": away_seconds,
        **log.moves(),
    }


#: The members of a view that a broadcast gives every seat as one object (the table's summary;
#: the observation's public part and every zone that reads the same to every seat, see
#: :func:`seat_view`'s ``common``): their diff is made once per broadcast
#: (:func:`~.patch.diff_shared`).
SHARED: dict[str, Any] = {"table": None, "observation": {"public": None, "zones": {"*": None}}}


def _share(observation: dict[str, Any], common: dict[str, Any]) -> None:
    """Put ``common``'s objects in ``observation`` where they are the same data: the public
    part always (``State.public_view`` takes no seat), and each zone that reads the same as the
    first seat's. A zone lists card names and None (``State.zone_view``), so equal zones are the
    same JSON: the message is byte for byte what it was."""
    public = common.setdefault("public", observation["public"])
    observation["public"] = public
    zones = observation["zones"]
    first = common.setdefault("zones", zones)
    if first is not zones:
        for name, cards in zones.items():
            same = first.get(name)
            if same is not None and same is not cards and same == cards:
                zones[name] = same


def seat_update(
    previous: tuple[int, dict[str, Any]] | None,
    view: dict[str, Any],
    memo: dict[tuple[str, int, int], list[Op]] | None = None,
) -> dict[str, Any] | None:
    """Protocol 2's ``update`` from ``previous`` (the version and view a seat was last sent)
    to ``view`` (the same seat's next one, numbered ``v``): a JSON Patch (:mod:`.patch`) with
    the new version and step. None when ``previous`` is not the version just before, or when
    the change is too large for an update (``MAX_UPDATE_OPS``): the view is then sent whole.

    The patch is the difference between two views of one seat, each made from that seat's
    observation (:func:`seat_view`), and every value in it is a part of ``view``: an update
    never tells a seat more than its view would.

    ``memo``: one broadcast's diffs of the parts every seat shares (``SHARED``), so that each
    is made once, not once per seat; it must not outlive the broadcast (it is keyed by ids)."""
    if previous is None or previous[0] != view["v"] - 1:
        return None
    ops = diff_shared({**previous[1], "v": view["v"]}, view, SHARED, {} if memo is None else memo)
    if len(ops) > MAX_UPDATE_OPS:
        return None
    return {"type": "update", "v": view["v"], "seq": view["seq"], "patch": ops}
