"""Rematch: the same game again, with the same seats, bots and options, at a new table.

Any person seated at a finished table may ask for the rematch; the first to ask creates the new
table and sits at their old seat, bots keep their seats and specs, and each other person's seat
is kept for them (an invite-only seat whose secret nobody is given): when they ask too, showing
their seat token at the finished table, they get that seat. A seat nobody held is open to the
lobby again. Nobody else can take a kept seat, so the rematch is between the same people, as
the issue asks ("play again with the same seats").

The link between a finished table and its rematch is a row of the ``rematches`` table
(:meth:`.Store.set_rematch`), so every server process finds it, and so does a restarted one.
Two people asking at once (perhaps through two processes) both create a table, but only the
first link stands: the other table, which nobody has opened, is deleted again and its asker
seated at the rematch that stands. A kept seat is taken by the same conditional update as any
seat, so it is given once.
"""

from __future__ import annotations

from typing import Any

from cardtable.server.lobby import Lobby
from cardtable.server.tables import LiveTable, TableError, TableService


class Rematches:
    """Which finished table led to which new one (in the store), and the seating there."""

    def __init__(self, service: TableService, lobby: Lobby) -> None:
        self.service = service
        self.lobby = lobby

    def of(self, table_id: str) -> str | None:
        """The rematch of a finished table, if someone asked for one."""
        return self.service.store.rematch_of(table_id)

    def request(self, table: LiveTable, token: str, client: str) -> dict[str, Any]:
        """Seat the holder of ``token`` at the rematch of ``table`` (creating it if needed).

        Returns ``{"table": summary, "seat": n, "token": secret}`` like creating or joining.
        Refused: the game is not over (409), the token holds no seat here (403), the seat at the
        rematch was already given to this seat's holder (409)."""
        if not table.state.is_terminal():
            raise TableError(409, "a rematch can be asked for once the game is over")
        seat = self.service.seat_of(table, token)
        name = str(table.row.seats[seat].get("name") or "")
        known = self.of(table.id)
        if known is None:
            return self._create(table, seat, name, client)
        return self._take_kept(known, seat, name, client)

    def _take_kept(self, rematch_id: str, seat: int, name: str, client: str) -> dict[str, Any]:
        rematch = self.service.get(rematch_id)
        entry = rematch.row.seats[seat]
        if entry["kind"] != "human" or entry.get("token") or "invite" not in entry:
            raise TableError(409, "your seat at the rematch has been taken already")
        self.lobby.admit_join(client)
        new_seat, new_token = self.service.join(rematch, seat, name, kept=True)
        return {"table": rematch.summary(), "seat": new_seat, "token": new_token}

    def _create(self, table: LiveTable, seat: int, name: str, client: str) -> dict[str, Any]:
        row = table.row
        kinds = [_kind(entry, i == seat) for i, entry in enumerate(row.seats)]
        self.lobby.admit_table(client)
        rematch, new_seat, new_token, _secrets = self.service.create(
            row.game,
            row.num_players,
            dict(row.options),
            kinds,
            name,
            seat,
            row.turn_seconds,
            creator=client,
        )
        # Nobody is given the kept seats' invite secrets: their holders ask here instead.
        standing = self.service.store.set_rematch(table.id, rematch.id)
        if standing != rematch.id:  # somebody else's request got there first
            self.service.forget(rematch.id)
            self.service.store.delete_table(rematch.id)
            self.service.cluster.release(rematch.id)
            return self._take_kept(standing, seat, name, client)
        self.service.schedule_bots(rematch)
        return {"table": rematch.summary(), "seat": new_seat, "token": new_token}


def _kind(entry: dict[str, Any], asker: bool) -> str:
    """The seat kind at the rematch: a bot stays the same bot; the asker's seat is theirs; a
    seat another person held is kept for them; a seat nobody held is open again."""
    if entry["kind"] == "bot":
        return f"bot:{entry['bot']}"
    if asker or not entry.get("token"):
        return "human"
    return "friend"
