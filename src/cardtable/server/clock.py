"""A live table's turn clock and away watch: when a stand-in bot must decide for a person.

One object per table holds all of it: when the current decision began, whether the clock stands
still (while a hint is worked out), and since when each seated person has had no connection on
any server process. Its one question, :meth:`TurnClock.due`, says which seats a stand-in plays
now and when to look again. Only the process that owns the table (see :mod:`.cluster`) acts on
the answer; the others use the clock only to show the seconds left.

Two rules, each taken from the table's settings:

* turn timer — a seated person's decision not taken within ``turn_seconds`` is taken by the
  stand-in; a decision of several seats at once (simultaneous commits) keeps one clock until
  every seat has committed;
* away — every decision of a person with no connection for ``away_seconds`` is taken by the
  stand-in, until the person connects again.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from cardtable.core import NO_COMMIT, State

Seated = Callable[[int], bool]


@dataclass
class TurnClock:
    turn_seconds: float | None
    away_seconds: float
    #: When the current decision began (monotonic clock).
    turn_started: float = field(default_factory=time.monotonic)
    #: While a hint is worked out the clock stands still (monotonic time it stopped): the
    #: seconds the search takes are not the player's.
    paused_at: float | None = None
    #: Seated people without a connection anywhere, and since when (monotonic clock).
    away_since: dict[int, float] = field(default_factory=dict)

    def deadline(self, state: State, seated: Seated) -> float | None:
        """Seconds left on the turn timer for the seated people who must act now."""
        if self.turn_seconds is None or state.is_terminal():
            return None
        if not any(seated(s) for s in state.to_act()):
            return None
        now = time.monotonic() if self.paused_at is None else self.paused_at
        return max(0.0, self.turn_started + self.turn_seconds - now)

    def moved(self, state: State) -> None:
        """A move was made: a new decision starts its clock, unless some seats of a
        simultaneous decision have committed and others not (then its clock runs on)."""
        if not any(p != NO_COMMIT for p in state.pending):
            self.turn_started = time.monotonic()

    def restart(self) -> None:
        """Start the current decision's clock afresh (a process took the table over)."""
        self.turn_started = time.monotonic()

    def pause(self) -> None:
        if self.paused_at is None:
            self.paused_at = time.monotonic()

    def resume(self, same_decision: bool) -> None:
        """Run the clock again, adding the pause to the decision's time if the decision is
        still the one the pause began in (a move meanwhile started a fresh clock)."""
        if self.paused_at is None:
            return
        if same_decision:
            self.turn_started += time.monotonic() - self.paused_at
        self.paused_at = None

    def away(self, seat: int, now: float | None = None) -> bool:
        """Whether a stand-in plays this seat because its player is away."""
        since = self.away_since.get(seat)
        if since is None:
            return False
        now = time.monotonic() if now is None else now
        return now - since >= self.away_seconds

    def left(self, seat: int) -> None:
        """The seat has no connection on any process: it counts as away from now on (if it did
        not already)."""
        self.away_since.setdefault(seat, time.monotonic())

    def back(self, seat: int) -> None:
        """The seat's player is connected (somewhere): its stand-in stops."""
        self.away_since.pop(seat, None)

    def watch(self, seats: Iterable[int], present: set[int]) -> None:
        """Bring the away watch in line with who is connected on any process now."""
        for seat in seats:
            if seat in present:
                self.back(seat)
            else:
                self.left(seat)

    def due(self, state: State, seated: Seated, now: float) -> tuple[list[int], float | None]:
        """Seated seats a stand-in must play now, and when to look again (None: no timer)."""
        due: list[int] = []
        wake: float | None = None
        for seat in state.to_act():
            if not seated(seat):
                continue
            since = self.away_since.get(seat)
            if since is not None:
                if now - since >= self.away_seconds:
                    due.append(seat)
                    continue
                wake = min(wake or float("inf"), since + self.away_seconds)
            if self.turn_seconds is not None and self.paused_at is None:
                end = self.turn_started + self.turn_seconds
                if now >= end:
                    due.append(seat)
                else:
                    wake = min(wake or float("inf"), end)
        return due, wake
