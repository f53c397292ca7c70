"""Actions and per-game action spaces.

Every decision a seat can make is an :class:`Action`: a small immutable value with a stable integer
id in a fixed per-game action space (what OpenSpiel and PettingZoo action masks and MCTS tables
need), a readable text form that parses back to the same id, and a structured form,
:class:`ActionData`: a kind and named arguments (``{"kind": "play", "card": "KD"}``). Actions are
created once per space and cached, so the hot paths pass plain ints and never allocate.

**Actions as data.** What an action means is decoded from its id in one place per game (the
game's ``notation.py``), with the inverse beside it; bots, hints, the server's messages and the
web views read :attr:`Action.data` and never take the text apart. The text is for people and for
records; it stays exactly what it always was.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Final

from cardtable.core.errors import IllegalAction
from cardtable.core.text import quote

#: ``State.pending`` entry of a seat that has not committed a face-down choice.
NO_COMMIT: Final = -1

#: An argument of an action: a whole number (a seat, a cell, an amount) or a name (a card).
ArgValue = int | str

#: Longest kind or argument name, and longest text argument, accepted from JSON.
_MAX_NAME = 40
_MAX_TEXT = 100


class ActionData:
    """What an action means, as data: a ``kind`` and named arguments (ints and names).

    Immutable and compared by value; arguments are kept sorted by name, so two spellings of
    one action are equal. :meth:`to_json` gives a flat JSON object, ``{"kind": "place",
    "card": "R-Y-G", "cell": 5, "rotation": 2}``, and :meth:`from_json` reads one back.

    >>> data = ActionData("pota", {"seat": 2})
    >>> data.to_json(), data.int_arg("seat"), ActionData.from_json(data.to_json()) == data
    ({'kind': 'pota', 'seat': 2}, 2, True)
    """

    __slots__ = ("args", "kind")

    def __init__(self, kind: str, args: Mapping[str, ArgValue] | None = None) -> None:
        self.kind = kind
        #: ``(name, value)`` pairs sorted by name.
        self.args: tuple[tuple[str, ArgValue], ...] = tuple(sorted((args or {}).items()))

    def get(self, name: str) -> ArgValue | None:
        """The argument called ``name``, or None when the action has none."""
        for key, value in self.args:
            if key == name:
                return value
        return None

    def has(self, name: str) -> bool:
        """Does the action carry an argument called ``name``?"""
        return any(key == name for key, _ in self.args)

    def int_arg(self, name: str) -> int:
        """The whole-number argument ``name`` (KeyError when the action has no such number)."""
        value = self.get(name)
        if not isinstance(value, int):
            raise KeyError(f"action {self.kind!r} has no number {name!r}")
        return value

    def str_arg(self, name: str) -> str:
        """The name argument ``name`` (KeyError when the action has no such name)."""
        value = self.get(name)
        if not isinstance(value, str):
            raise KeyError(f"action {self.kind!r} has no name {name!r}")
        return value

    def to_json(self) -> dict[str, ArgValue]:
        """The flat JSON form: ``kind`` first, then the arguments by name."""
        out: dict[str, ArgValue] = {"kind": self.kind}
        for key, value in self.args:
            out[key] = value
        return out

    @staticmethod
    def from_json(data: object) -> ActionData:
        """Read :meth:`to_json` output back; IllegalAction for anything that is not one."""
        if not isinstance(data, dict):
            raise IllegalAction(f"{quote(data)} is not an action's data (a JSON object)")
        kind = data.get("kind")
        if not isinstance(kind, str) or not 0 < len(kind) <= _MAX_NAME:
            raise IllegalAction(f"{quote(data)} has no 'kind' naming the action")
        args: dict[str, ArgValue] = {}
        for key, value in data.items():
            if key == "kind":
                continue
            if not isinstance(key, str) or not 0 < len(key) <= _MAX_NAME:
                raise IllegalAction(f"{quote(key)} is not an argument name")
            if isinstance(value, bool) or not isinstance(value, int | str):
                raise IllegalAction(f"argument {key!r} must be a whole number or a name")
            if isinstance(value, str) and len(value) > _MAX_TEXT:
                raise IllegalAction(f"argument {key!r} is too long")
            args[key] = value
        return ActionData(kind, args)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ActionData):
            return NotImplemented
        return self.kind == other.kind and self.args == other.args

    def __hash__(self) -> int:
        return hash((self.kind, self.args))

    def __repr__(self) -> str:
        inner = "".join(f", {key}={value!r}" for key, value in self.args)
        return f"ActionData({self.kind!r}{inner})"


#: The data of an :class:`Action` made by hand, outside any action space: nothing is known.
NO_DATA = ActionData("")


@dataclass(frozen=True, slots=True, order=True)
class Action:
    """One decision: ``id`` is stable for the game and options; ``text`` parses back to it;
    ``data`` says what it means (see :class:`ActionData`; not part of equality)."""

    id: int
    text: str
    data: ActionData = field(default=NO_DATA, compare=False, repr=False)

    def __str__(self) -> str:
        return self.text


def normalize_text(text: str) -> str:
    """The canonical spelling used for parsing: lower case, single spaces."""
    return " ".join(text.lower().split())


class ActionSpace:
    """The fixed, finite set of actions of one game configuration.

    ``describe(id)`` gives the canonical text of an id. Parsing looks the normalised text up in a
    table built on first use; games with very large spaces pass their own ``parse`` instead.

    ``decode(id)`` gives the structured form of an id and ``encode(data)`` its inverse (None
    for data that names no action); every game supplies both from its ``notation.py``. A space
    without them (a test's toy game) describes each action as ``{"kind": "text", "text": ...}``.
    """

    __slots__ = ("_by_text", "_cache", "_decode", "_describe", "_encode", "_parse", "size")

    def __init__(
        self,
        size: int,
        describe: Callable[[int], str],
        parse: Callable[[str], int | None] | None = None,
        decode: Callable[[int], ActionData] | None = None,
        encode: Callable[[ActionData], int | None] | None = None,
    ) -> None:
        if (decode is None) != (encode is None):
            raise ValueError("an action space needs both decode and encode, or neither")
        self.size = size
        self._describe = describe
        self._parse = parse
        self._decode = decode
        self._encode = encode
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
        text = self._describe(action_id)
        decode = self._decode
        data = ActionData("text", {"text": text}) if decode is None else decode(action_id)
        made = Action(action_id, text, data)
        self._cache[action_id] = made
        return made

    @property
    def structured(self) -> bool:
        """Does the game decode its actions into kinds and arguments (every real game does)?"""
        return self._decode is not None

    def data(self, action_id: int) -> ActionData:
        """The structured form of an id (see :class:`ActionData`)."""
        return self.action(action_id).data

    def from_data(self, data: object) -> Action:
        """The action whose structured form is ``data`` (an :class:`ActionData` or its JSON).

        The answer is checked by decoding it again, so an encoder never has to reject extra or
        misspelt arguments itself: anything that is not exactly an action's data is refused.
        """
        wanted = data if isinstance(data, ActionData) else ActionData.from_json(data)
        found: int | None
        if self._encode is None:
            text = wanted.get("text")
            found = None
            if wanted.kind == "text" and isinstance(text, str):
                try:
                    found = self.parse(text).id
                except IllegalAction:
                    found = None
        else:
            found = self._encode(wanted)
        if found is None or not 0 <= found < self.size or self.data(found) != wanted:
            raise IllegalAction(f"{quote(wanted.to_json())} is not an action of this game")
        return self.action(found)

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
