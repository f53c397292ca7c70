"""A game's rule functions, declared once: what each protocol call of its state runs.

A game's ``state.py`` names its functions in one :class:`GameRules` (``RULES``) instead of
writing one forwarding method per protocol call; :class:`~cardtable.core.state.State` routes
``_setup``, ``to_act``, ``legal_action_ids``, ``_apply`` and the optional word hooks through it.
The functions take the state as their first argument, so a game's rules modules import only its
``table.py`` (fields and phases), never the state class (docs/architecture.md).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

#: ``(state, seat, action_id)`` -> a text or None: the optional word hooks.
SeatActionText = Callable[[Any, int, int], str | None]


def players_text(title: str, low: int, high: int) -> str:
    """``Magic Show is for exactly 2 players`` / ``Portfolio takes 2 to 5 players``."""
    if low == high:
        return f"{title} is for exactly {low} players"
    return f"{title} takes {low} to {high} players"


def _unrouted(state: Any, *_args: Any) -> Any:
    """What a protocol call runs when the class neither declares RULES nor overrides the call."""
    raise NotImplementedError(f"{type(state).__name__} declares no RULES and overrides no method")


class GameRules:
    """The functions behind a game's protocol calls (the state is the first argument of each).

    ``setup``, ``to_act``, ``legal`` and ``apply`` are the rules proper (a state may override
    ``to_act`` itself where it is one expression of its fields); ``describe``,
    ``notes``, ``explain`` and ``preview`` are the optional words of ``describe_action``,
    ``choice_notes``, ``explain_illegal`` and ``preview_action`` (None keeps the core's default).
    """

    __slots__ = ("apply", "describe", "explain", "legal", "notes", "preview", "setup", "to_act")

    def __init__(
        self,
        *,
        setup: Callable[[Any], None] = _unrouted,
        to_act: Callable[[Any], Sequence[int]] = _unrouted,
        legal: Callable[[Any, int], list[int]] = _unrouted,
        apply: Callable[[Any, int, int], None] = _unrouted,
        describe: Callable[[Any, int, int], str] | None = None,
        notes: Callable[[Any, int], list[str]] | None = None,
        explain: SeatActionText | None = None,
        preview: SeatActionText | None = None,
    ) -> None:
        self.setup = setup
        self.to_act = to_act
        self.legal = legal
        self.apply = apply
        self.describe = describe
        self.notes = notes
        self.explain = explain
        self.preview = preview


#: The core's default: every rule call names the class that forgot to declare its RULES.
UNROUTED = GameRules()
