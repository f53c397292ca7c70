"""Loading positions from JSON: :meth:`State.from_json`, checked field by field.

A position is untrusted input (a file, a request, a hand-written puzzle). Everything here checks
before play: the known fields, the options, each zone's cards with their marks and tags, the game's
own fields against their starting shapes, the face-down commitments and the history. The game adds
its own checks in ``State._after_load``; this module then checks what holds for every game. A
problem is a :class:`~cardtable.core.errors.StateFormatError` naming it, and nothing half-loaded is
ever returned (``docs/state-format.md``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.core.actions import NO_COMMIT
from cardtable.core.errors import BadOptions, IllegalAction, StateFormatError
from cardtable.core.text import quote, shown

if TYPE_CHECKING:
    from cardtable.core.state import State

_STATE_KEYS = (
    "game",
    "num_players",
    "options",
    "rng",
    "state",
    "pending",
    "zones",
    "history",
    "rest",
)


def from_json(cls: type[State], data: object) -> State:
    """Rebuild a state from :meth:`State.to_json` output or a hand-written position.

    Positions are untrusted input: every field is checked before play, the game's own
    :meth:`State._after_load` checks what its rules allow, and the core then checks that each
    face-down commitment is a choice its seat could legally have made and that the seats to
    act have something to do. Any problem is a :class:`StateFormatError` naming it; nothing
    half-loaded is ever returned.
    """
    if not isinstance(data, dict):
        raise StateFormatError("a state must be a JSON object")
    unknown = [key for key in data if key not in _STATE_KEYS]
    if unknown:
        raise StateFormatError(
            f"unknown field {quote(unknown[0], 30)}; a state has: {', '.join(_STATE_KEYS)}"
        )
    num_players = data.get("num_players")
    if type(num_players) is not int:
        raise StateFormatError("a state needs an integer 'num_players'")
    try:
        spec = cls.table_spec(num_players, data.get("options") or {})
    except BadOptions as exc:
        raise StateFormatError(str(exc)) from None
    rng = data.get("rng", 0)
    if type(rng) is not int or not 0 <= rng < 2**64:
        raise StateFormatError(f"'rng' must be a whole number from 0 to 2**64-1, not {quote(rng)}")
    state = cls(spec, rng)
    zones = data.get("zones") or {}
    if not isinstance(zones, dict):
        raise StateFormatError("'zones' must be an object of zone name: list of cards")
    load_zones(state, zones, data.get("rest", False) is True)
    scalars = data.get("state") or {}
    if not isinstance(scalars, dict):
        raise StateFormatError("'state' must be an object of field name: value")
    for name, raw in scalars.items():
        if name not in cls.SCALARS:
            raise StateFormatError(
                f"unknown state field {quote(name, 30)}; known: {', '.join(cls.SCALARS)}"
            )
        value = state._coerce_scalar(name, raw)
        default = getattr(state, name)
        if not _same_shape(default, value):
            raise StateFormatError(
                f"state field {name!r} must be {_shape_name(default)}, not {quote(value)}"
            )
        setattr(state, name, plain(value))  # a copy: never alias the caller's data
    space = spec.actions
    pending = data.get("pending") or [None] * num_players
    if not isinstance(pending, list) or len(pending) != num_players:
        raise StateFormatError("'pending' needs one entry per seat")
    try:
        state.pending = [NO_COMMIT if p is None else space.parse(p).id for p in pending]
    except IllegalAction as exc:
        raise StateFormatError(f"bad 'pending': {exc}") from None
    history = data.get("history") or []
    if not isinstance(history, list):
        raise StateFormatError("'history' must be a list of [seat, action text]")
    state.history = []
    for entry in history:
        if (
            not isinstance(entry, list)
            or len(entry) != 2
            or type(entry[0]) is not int
            or not 0 <= entry[0] < num_players
        ):
            raise StateFormatError(f"bad history entry {quote(entry)}: want [seat, text]")
        try:
            state.history.append((entry[0], space.parse(entry[1]).id))
        except IllegalAction as exc:
            raise StateFormatError(f"bad history: {exc}") from None
    try:
        state._after_load()
        check_loaded(state)
    except StateFormatError:
        raise
    except (ArithmeticError, LookupError, TypeError, ValueError, AttributeError) as exc:
        # A game check that did not foresee this position: refuse it rather than crash.
        raise StateFormatError(f"the position is inconsistent ({shown(exc)})") from None
    return state


def check_loaded(state: State) -> None:
    """The game-independent checks of a loaded position (see :func:`from_json`)."""
    committed = [s for s in range(state.num_players) if state.pending[s] != NO_COMMIT]
    waiting = list(state.to_act())
    space = state.spec.actions
    for seat in committed:
        text = space.action(state.pending[seat]).text
        if seat in waiting:
            raise StateFormatError(
                f"seat {seat} has a face-down choice pending ({text!r}) but is still to act: "
                "this is not a face-down decision"
            )
    for seat in committed:
        # Would the seat have been allowed this choice? Ask the rules with it undecided.
        choice = state.pending[seat]
        state.pending[seat] = NO_COMMIT
        try:
            allowed = seat in state.to_act() and choice in state.legal_action_ids(seat)
        finally:
            state.pending[seat] = choice
        if not allowed:
            raise StateFormatError(
                f"seat {seat} cannot have chosen {space.action(choice).text!r} face down "
                "here: it is not among that seat's legal choices"
            )
    if state.is_terminal():
        state.scores()
        state.returns()
        return
    if not waiting:
        raise StateFormatError("the game is not over but no seat is to act")
    for seat in waiting:
        if not 0 <= seat < state.num_players:
            raise StateFormatError(f"the position names seat {seat} to act")
        if not state.legal_action_ids(seat):
            raise StateFormatError(f"seat {seat} is to act but has no legal action")
    state.scores()
    state.public_view()


def load_zones(state: State, zones: dict[str, Any], rest: bool) -> None:
    """Put the listed cards in their zones with their marks and tags (the rest, if asked, in
    the game's ``REST_ZONE``, shuffled)."""
    layout = state.spec.layout
    cards = state.spec.cards
    used: set[int] = set()
    for zname, entries in zones.items():
        if zname not in layout.index:
            names = list(layout.index)
            listed = ", ".join(names[:10]) + (", …" if len(names) > 10 else "")
            raise StateFormatError(f"unknown zone {quote(zname, 30)}; zones: {listed}")
        if not isinstance(entries, list):
            raise StateFormatError(f"zone {zname!r} must be a list of cards")
        zi = layout.index[zname]
        for entry in entries:
            seen_list: Any = []
            tag: Any = 0
            if isinstance(entry, str):
                name = entry
            elif isinstance(entry, dict) and isinstance(entry.get("card"), str):
                name, seen_list, tag = entry["card"], entry.get("seen", []), entry.get("tag", 0)
            else:
                raise StateFormatError(f"bad card entry {quote(entry)} in zone {zname!r}")
            if not isinstance(seen_list, list) or not all(
                type(s) is int and 0 <= s < state.num_players for s in seen_list
            ):
                raise StateFormatError(
                    f"'seen' of {quote(name, 20)} in zone {zname!r} must list seats "
                    f"0-{state.num_players - 1}"
                )
            if type(tag) is not int or not 0 <= tag < 2**31:
                raise StateFormatError(
                    f"'tag' of {quote(name, 20)} in zone {zname!r} must be a small whole number"
                )
            free = [c for c in cards.ids_named(name) if c not in used]
            if not free:
                if not cards.ids_named(name):
                    raise StateFormatError(f"unknown card {quote(name, 30)} in zone {zname!r}")
                raise StateFormatError(f"too many {name!r} cards (zone {zname!r})")
            card = free[0]
            used.add(card)
            state.zones[zi].append(card)
            mask = 0
            for s in seen_list:
                mask |= 1 << s
            state.seen[card] = layout.all_mask if layout.public[zi] else mask
            state.tags[card] = tag
    missing = [c for c in range(len(cards)) if c not in used]
    if missing and rest:
        rest_zone = layout.index[state.REST_ZONE]
        state.rng.shuffle(missing)
        state.zones[rest_zone].extend(missing)
    elif missing:
        raise StateFormatError(
            f"{len(missing)} cards are in no zone (e.g. {cards.names[missing[0]]!r}); list "
            f'them or add "rest": true to put them in {state.REST_ZONE!r}'
        )


def _same_shape(default: Any, value: Any) -> bool:
    """Is ``value`` of the kind a field with this starting value holds (ints, texts, lists)?"""
    if isinstance(default, bool) or isinstance(value, bool):
        return type(default) is type(value)
    if isinstance(default, int):
        return type(value) is int and abs(value) < 2**63
    if isinstance(default, str):
        return isinstance(value, str) and len(value) <= 1000
    if isinstance(default, list | tuple):
        if not isinstance(value, list) or len(value) > 1000:
            return False
        if default:
            return all(_same_shape(default[0], v) for v in value)
        return all(_is_plain_leaf(v) for v in value)
    return type(default) is type(value)


def _is_plain_leaf(value: Any) -> bool:
    if isinstance(value, list):
        return len(value) <= 1000 and all(
            isinstance(v, str | int) and (not isinstance(v, int) or abs(v) < 2**63) for v in value
        )
    return isinstance(value, str | int) and (not isinstance(value, int) or abs(value) < 2**63)


def _shape_name(default: Any) -> str:
    if isinstance(default, bool):
        return "true or false"
    if isinstance(default, int):
        return "a whole number"
    if isinstance(default, str):
        return "text"
    if isinstance(default, list | tuple):
        return "a list" + (f" of {_shape_name(default[0]).removeprefix('a ')}s" if default else "")
    return type(default).__name__


def plain(value: Any) -> Any:
    """``value`` as fresh plain lists (tuples too): never aliases the caller's data."""
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, tuple):
        return [plain(v) for v in value]
    return value
