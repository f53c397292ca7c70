"""Each seat's log of a live table, brought up to date move by move instead of rebuilt per view.

A view (:mod:`.views`) carries the newest entries of the seat's history (texts and data), of its
log and of its timeline (moves and the lines they caused, numbered by step), their full
lengths, and each seat's latest move. Built from the start for every view, as
``State.observation`` and ``State.timeline_entries`` do, a view cost in proportion to the
game's length, and every move makes one view per seat: late in a long game most of the
server's time per move went there (docs/reliability.md, "Views that do not grow with the
game"). A :class:`SeatLog` reads only what was added since its seat's last view.

That is exact because of three facts of the core, each checked by
``tests/server/test_seat_logs.py`` against a rebuild after every move of random games of every
game, for every seat and a spectator:

* the history and the log only grow: an action is appended to ``history`` before it is applied,
  and a log line (``State.note``) records the number of actions made when it was written, so
  lines come in step order;
* an entry reads the same for ever: ``State.history_entry`` depends on the seat and the action
  alone (the contract of ``action_audience`` and ``hidden_action_text``), and whether a seat is
  told a line is fixed by the line's audience (``State.hears``);
* a table's next state is a copy of its current one with moves added.

A state it is shown must extend the one it last read; if not (a table rebuilt from the store,
another game), it starts again from the beginning. That is checked on the last entry read of
each list, by identity: every entry is a tuple made once, when its move or line was added, and
shared by the state's later copies, so a state whose list holds that very tuple at that place
descends from the state that read it, and the lists only grow. (The log used to keep a copy of
every entry it read and compare them all: a list per seat as long as the game, which the
garbage collector walked at every full collection, docs/reliability.md, "Sixth sitting:
collections".)
Nothing here decides what a seat may know: every entry is read through ``history_entry`` and
``hears``, the core's one place for it.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardtable.core.state import State

#: A view carries only the newest history entries and log lines (with the full counts): the
#: page shows the recent log, and a message that grew with the game would make every move of a
#: long game slower to send. The whole game is in the record and the replay once it is over.
HISTORY_TAIL = 10
LOG_TAIL = 30
#: The log the page shows: the newest entries of the timeline (moves and the lines they caused).
TIMELINE_TAIL = 40


#: Moves whose entries :class:`SharedEntries` keeps, counted back from the newest it was given.
SHARED_STEPS = 8


class SharedEntries:
    """The entries of a table's recent moves, made once for every seat that reads them alike.

    A public move reads the same for every seat (and a hidden one the same for every seat it
    is hidden from), but each seat's log made its own history pair, timeline entry and latest
    move: four objects the garbage collector tracks, per seat per move, kept for the tails'
    40 moves. A timed collection walks what was made since the one before, and at 200 tables
    these were about 85% of it (docs/reliability.md, "Tenth sitting: seat logs share their
    entries"). The logs of one table now share them: the first seat to read a move makes its
    entries, the others that read the same text take the same objects. A reading is found by
    the move's own history entry (the state's tuple, shared by its later copies: the same
    object is the same move of the same game) and its text; the data follows the text
    (:meth:`State.history_entry`), so shared entries are equal in every field and sharing
    cannot show a seat what another was told. Nothing is changed once made (a view is encoded
    as it is, never edited).

    One record per reading: ``[move, text, pair, latest, timeline, next reading of the step]``
    (a list: one tracked object; the steps are its keys, and only the newest
    ``SHARED_STEPS`` are kept)."""

    def __init__(self) -> None:
        self._moves: dict[int, list[Any]] = {}
        self._newest = 0

    def get(self, step: int, move: Any, text: str) -> list[Any] | None:
        """The record of ``move`` (step ``step``) read as ``text``, if a seat made it."""
        record = self._moves.get(step)
        while record is not None:
            if record[0] is move and record[1] == text:
                return record
            record = record[5]
        return None

    def put(self, step: int, move: Any, text: str, pair: Any, latest: Any, timeline: Any) -> None:
        """Keep a reading of step ``step`` for the other seats (an old step is not kept: a
        log reading an old part of the game again, for a new connection)."""
        if step <= self._newest - SHARED_STEPS:
            return
        if step > self._newest:
            self._newest = step
        self._moves[step] = [move, text, pair, latest, timeline, self._moves.get(step)]
        self._moves.pop(step - SHARED_STEPS, None)


class SeatLog:
    """What one seat (None = a spectator) has been told of a table's history and log, with the
    tails a view sends; :meth:`update` reads the entries added since the last call.
    ``shared``: where the logs of one table's seats share the entries they read alike."""

    def __init__(self, seat: int | None, shared: SharedEntries | None = None) -> None:
        self.seat = seat
        self.shared = shared
        self._start(0)

    def _start(self, num_players: int) -> None:
        #: Actions and log lines read so far (the timeline's lines separately: a line joins the
        #: timeline after the move of its step).
        self.actions = 0
        self.lines = 0
        self.timeline_lines = 0
        #: The last entry read of the history and of the log, to tell that a state shown later
        #: extends them (by identity: see the module's docstring). Typed ``Any``, as are the
        #: lists they are read from (``Any``): compiled by mypyc, a ``tuple[int, int]`` read from a
        #: list is unboxed and boxed again as a new tuple, and no identity would ever hold (the
        #: log then read the whole game again for every view).
        self.last_action: Any = None
        self.last_line: Any = None
        #: The newest history entries: ``[actor, text]`` as a view sends it and the action's
        #: data (None if hidden), each made once and put in every later view of the seat as
        #: the same object, so the diff of two views finds them by identity (:mod:`.patch`).
        self.history: deque[tuple[list[Any], dict[str, Any] | None]] = deque(maxlen=HISTORY_TAIL)
        self.log: deque[str] = deque(maxlen=LOG_TAIL)
        self.log_length = 0
        self.timeline: deque[dict[str, Any]] = deque(maxlen=TIMELINE_TAIL)
        self.timeline_length = 0
        self.last_moves: list[dict[str, Any] | None] = [None] * num_players

    def _extends(self, history: list[Any], events: list[Any]) -> bool:
        """Whether ``history`` and ``events`` are what this log read, with entries added."""
        actions, lines = self.actions, self.lines
        return (
            len(history) >= actions
            and len(events) >= lines
            and (not actions or history[actions - 1] is self.last_action)
            and (not lines or events[lines - 1] is self.last_line)
        )

    def update(self, state: State) -> SeatLog:
        """Read the entries ``state`` has beyond those already read (all of them if ``state``
        is not an extension of what was read); returns this log."""
        history: list[Any] = state.history  # (see _start)
        events: list[Any] = state.events or []
        if not self._extends(history, events) or len(self.last_moves) != state.num_players:
            self._start(state.num_players)
        seat = self.seat
        for audience, text, _step in events[self.lines :]:
            if state.hears(seat, audience):
                self.log.append(text)
                self.log_length += 1
        self.lines = len(events)
        while True:
            # The lines written at the step just read (step 0: the deal) follow its move.
            while (
                self.timeline_lines < len(events) and events[self.timeline_lines][2] <= self.actions
            ):
                audience, text, _step = events[self.timeline_lines]
                if state.hears(seat, audience):
                    self._add({"step": self.actions, "seat": None, "text": text, "data": None})
                self.timeline_lines += 1
            if self.actions == len(history):
                break
            move = history[self.actions]
            actor, aid = move
            text, action_data = state.history_entry(seat, actor, aid)
            self.actions += 1
            shared = self.shared
            record = None if shared is None else shared.get(self.actions, move, text)
            if record is None:
                data = None if action_data is None else action_data.to_json()
                pair: Any = ([actor, text], data)
                last: Any = {"step": self.actions, "text": text, "data": data}
                entry: Any = {"step": self.actions, "seat": actor, "text": text, "data": data}
                if shared is not None:
                    shared.put(self.actions, move, text, pair, last, entry)
            else:
                pair, last, entry = record[2], record[3], record[4]
            self.history.append(pair)
            self.last_moves[actor] = last
            self._add(entry)
        if self.actions:
            self.last_action = history[self.actions - 1]
        if self.lines:
            self.last_line = events[self.lines - 1]
        return self

    def _add(self, entry: dict[str, Any]) -> None:
        self.timeline.append(entry)
        self.timeline_length += 1

    def fill(self, observation: dict[str, Any]) -> dict[str, Any]:
        """``observation`` (made with ``history=False``) given the history's and the log's tails
        and full lengths, as a view sends them. The entries are shared with the seat's other
        views, like the timeline's (:meth:`moves`): a view is never changed once made; made
        afresh for every view, they cost the diff an equality test each, where a shared one
        costs an identity test (docs/reliability.md, "Seventh sitting: CPU per action")."""
        observation["history"] = [entry for entry, _data in self.history]
        observation["history_data"] = [data for _entry, data in self.history]
        observation["log"] = list(self.log)
        observation["history_length"] = self.actions
        observation["log_length"] = self.log_length
        return observation

    def moves(self) -> dict[str, Any]:
        """The timeline's tail with where it starts, and each seat's latest move. The entries
        are shared with later views of the seat, as a view is with every connection of its
        seat: a message is encoded as it is sent, never changed."""
        return {
            "timeline": list(self.timeline),
            "timeline_start": self.timeline_length - len(self.timeline),
            "last_moves": self.last_moves[:],
        }


class SeatLogs:
    """The :class:`SeatLog` of every seat (and the spectators) of one live table."""

    def __init__(self) -> None:
        self._logs: dict[int | None, SeatLog] = {}
        self._shared = SharedEntries()

    def of(self, state: State, seat: int | None) -> SeatLog:
        """``seat``'s log brought up to ``state``."""
        log = self._logs.get(seat)
        if log is None:
            log = self._logs[seat] = SeatLog(seat, self._shared)
        return log.update(state)
