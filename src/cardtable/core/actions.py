"""Actions and per-game action spaces.

Every decision a seat can make is an :class:`Action`: a small immutable value with a stable integer
id in a fixed per-game action space (what OpenSpiel and PettingZoo action masks and MCTS tables
need) and a readable text form that parses back to the same id. Actions are created once per space
and cached, so the hot paths pass plain ints and never allocate.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from cardtable.core.errors import IllegalAction
from cardtable.core.text import quote


@dataclass(frozen=True, slots=True, order=True)
class Action:
    """One decision: ``id`` is stable for the game and options; ``text`` parses back to it."""

    id: int
    text: str

    def __str__(self) -> str:
        return self.text


def normalize_text(text: str) -> str:
    """The canonical spelling used for parsing: lower case, single spaces."""
    return " ".join(text.lower().split())


class ActionSpace:
    """The fixed, finite set of actions of one game configuration.

    ``describe(id)`` gives the canonical text of an id. Parsing looks the normalised text up in a
    table built on first use; games with very large spaces pass their own ``parse`` instead.
    """

    __slots__ = ("_by_text", "_cache", "_describe", "_parse", "size")

    def __init__(
        self,
        size: int,
        describe: Callable[[int], str],
        parse: Callable[[str], int | None] | None = None,
    ) -> None:
        self.size = size
        self._describe = describe
        self._parse = parse
        self._cache: dict[int, Action] = {}
        self._by_text: dict[str, int] | None = None

    def __len__(self) -> int:
        return self.size

    def action(self, action_id: int) -> Action:
        """The :class:`Action` with this id."""
        cached = self._cache.get(action_id)
        if cached is not None:
            return cached
        if not 0 <= action_id < self.size:
            raise IllegalAction(f"action id {action_id} is outside this game's 0..{self.size - 1}")
        made = Action(action_id, self._describe(action_id))
        self._cache[action_id] = made
        return made

    def parse(self, text: object) -> Action:
        """The action whose text is ``text`` (case and spacing are ignored).

        ``text`` is typed ``object`` because it is often untrusted input: compiled (mypyc), a
        narrower type would turn a wrong one into a TypeError instead of this clear refusal.
        """
        if not isinstance(text, str):
            raise IllegalAction(f"{quote(text)} is not an action's text")
        key = normalize_text(text)
        found: int | None
        if self._parse is not None:
            found = self._parse(key)
        else:
            if self._by_text is None:
                self._by_text = {normalize_text(self._describe(i)): i for i in range(self.size)}
            found = self._by_text.get(key)
        if found is None:
            raise IllegalAction(f"{quote(text)} is not an action of this game")
        return self.action(found)

    def all(self) -> list[Action]:
        """Every action of the space, in id order (only for small spaces: it builds them all)."""
        return [self.action(i) for i in range(self.size)]
