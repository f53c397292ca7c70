"""Rematch: the same game again, with the same seats, bots and options, at a new table.

Any person seated at a finished table may ask for the rematch; the first to ask creates the new
table and sits at their old seat, bots keep their seats and specs, and each other person's seat
is kept for them (an invite-only seat whose secret stays on the server): when they ask too, they
get that seat back. A seat nobody held is open to the lobby again. Nobody else can take a kept
seat, so the rematch is between the same people, as the issue asks ("play again with the same
seats").

The link between a finished table and its rematch is kept in this process's memory (bounded):
after a restart a finished table offers a fresh rematch rather than the old one.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from cardtable.server.lobby import Lobby
from cardtable.server.tables import LiveTable, TableError, TableService

#: How many finished tables remember their rematch (oldest forgotten first).
REMEMBERED = 1000


class Rematches:
    """Which finished table led to which new one, and the kept seats' invite secrets."""

    def __init__(self, service: TableService, lobby: Lobby) -> None:
        self.service = service
        self.lobby = lobby
        #: finished table id → (rematch table id, {seat: invite secret kept for its holder})
        self.next: OrderedDict[str, tuple[str, dict[int, str]]] = OrderedDict()

    def of(self, table_id: str) -> str | None:
        """The rematch of a finished table, if someone asked for one."""
        entry = self.next.get(table_id)
        return None if entry is None else entry[0]

    def request(self, table: LiveTable, token: str, client: str) -> dict[str, Any]:
        """Seat the holder of ``token`` at the rematch of ``table`` (creating it if needed).

        Returns ``{"table": summary, "seat": n, "token": secret}`` like creating or joining.
        Refused: the game is not over (409), the token holds no seat here (403), the seat at the
        rematch was already given to this seat's holder (409)."""
        if not table.state.is_terminal():
            raise TableError(409, "a rematch can be asked for once the game is over")
        seat = self.service.seat_of(table, token)
        name = str(table.row.seats[seat].get("name") or "")
        known = self.next.get(table.id)
        if known is None:
            return self._create(table, seat, name, client)
        new_id, kept = known
        secret = kept.pop(seat, None)
        if secret is None:
            raise TableError(409, "your seat at the rematch has been taken already")
        rematch = self.service.get(new_id)
        self.lobby.admit_join(client)
        new_seat, new_token = self.service.join(rematch, seat, name, secret)
        return {"table": rematch.summary(), "seat": new_seat, "token": new_token}

    def _create(self, table: LiveTable, seat: int, name: str, client: str) -> dict[str, Any]:
        row = table.row
        kinds = [_kind(entry, i == seat) for i, entry in enumerate(row.seats)]
        self.lobby.admit_table(client)
        rematch, new_seat, new_token, kept = self.service.create(
            row.game,
            row.num_players,
            dict(row.options),
            kinds,
            name,
            seat,
            row.turn_seconds,
            creator=client,
        )
        self.next[table.id] = (rematch.id, kept)
        while len(self.next) > REMEMBERED:
            self.next.popitem(last=False)
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
