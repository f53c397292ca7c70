"""``cardtable play --hints``: typing ``?`` at a decision shows what the search thinks.

The estimates come from :func:`cardtable.agents.analysis.estimate`, which sees only the seat's
information set; this module only draws them.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence

from rich.console import Console
from rich.table import Table
from rich.text import Text

from cardtable.agents.analysis import Estimate, estimate, make_search
from cardtable.agents.base import InfoSet
from cardtable.core import Rng, State
from cardtable.server.config import DEFAULTS

#: Shows hints for ``seat`` at ``state`` on the console.
Hinter = Callable[[State, int, Console], None]

#: The search behind ``--hints`` unless ``--hint-bot`` names another: the web table's. Its
#: rollouts play on to the end of the game (``cutoff=1000``), like the review's: a short cut-off
#: hands the whole win to the points leader and made the shown win chances overconfident
#: (docs/bots.md, calibration).
DEFAULT_HINTS = DEFAULTS.hint_bot


def hints_table(rows: Sequence[Estimate], players: int) -> Table:
    """Best first: rank, action, estimated win chance, visits and the rule of thumb's reason."""
    table = Table(
        title=f"Search estimate from your information (even share: {1 / players:.0%})",
        title_justify="left",
    )
    table.add_column("#", justify="right")
    table.add_column("action")
    table.add_column("win", justify="right")
    table.add_column("visits", justify="right")
    table.add_column("rule of thumb")
    for row in rows:
        win = "–" if row.win is None else f"{row.win:.0%}"
        table.add_row(
            str(row.rank),
            Text(row.action.text, style="bold" if row.rank == 1 else ""),
            win,
            str(row.visits),
            row.reason or "",
        )
    return table


def make_hinter(spec: str, seed: int, game: str | None = None) -> Hinter:
    """A hinter searching with ``spec`` (an ismcts spec; a level as it is in ``game``);
    ValueError for any other spec."""
    search = make_search(spec, game)

    def show(state: State, seat: int, console: Console) -> None:
        key = f"cardtable-hint:{seed}:{seat}:{len(state.history)}".encode()
        rng = Rng(int.from_bytes(hashlib.sha256(key).digest()[:8], "big"))
        with console.status("Thinking…"):
            rows = estimate(InfoSet(state, seat, rng.fork()), rng, search)
        console.print(hints_table(rows, state.num_players))

    return show
