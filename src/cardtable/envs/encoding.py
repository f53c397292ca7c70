"""A fixed-size numeric vector of one seat's observation, for every game: the generic encoder.

Reinforcement-learning libraries want a vector whose length never changes; our observations are
JSON of varying shape. This encoder is generic over the observation JSON, and its size is fixed
*honestly* by the game configuration (its table spec), never by what happened in a game:

* **zones** — for every zone of the layout and every distinct card name, how many cards of that
  name the seat sees there, plus one count of the cards it cannot see (zone sizes are public);
* **seats** — one-hot of the observing seat, the seats to act, who has committed face down, each
  seat's score (one block of ``num_players`` each), and whether the game is over;
* **own commitment** — for games with face-down decisions, a one-hot of the seat's own choice;
* **public fields** — for each key of a fresh table's ``public_view`` (sorted), a block of
  ``num_players`` numeric slots and ``HASH_BUCKETS`` buckets: a number goes in slot 0, a list of
  numbers fills the slots seat by seat, text (a phase name) marks its hashed bucket, and a nested
  structure (Nacho Loco's field, Portfolio's portfolios) contributes only its length — its cards
  are already counted in the zones. Keys that only later states have are ignored.

It reads only ``observation(seat)``, so it can never leak more than the core's redaction allows.
It is a baseline, not a complete description: card order inside a zone and history are not
encoded. A game can give a richer encoder later without changing the environments.
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from cardtable.core import State
from cardtable.core.registry import get_game

#: Buckets for the hashed text of one public field (phase names and the like).
HASH_BUCKETS = 8
#: Values are clipped to +-LIMIT so they always lie inside the declared observation space.
LIMIT = 1.0e6

Vector = npt.NDArray[np.float32]


class ObservationEncoder:
    """Turns ``observation(seat)`` of one game configuration into a float32 vector of fixed size."""

    def __init__(self, state: State) -> None:
        spec = state.spec
        self.num_players = state.num_players
        self.zone_names: list[str] = [z.name for z in spec.layout.specs]
        self.card_names: list[str] = sorted(set(spec.cards.names))
        self._card_index = {name: i for i, name in enumerate(self.card_names)}
        self.num_actions = spec.actions.size
        self._actions = spec.actions
        self.simultaneous = get_game(state.GAME).simultaneous
        self.public_keys: list[str] = sorted(state.public_view())
        self._zone_block = len(self.card_names) + 1
        self._public_block = self.num_players + HASH_BUCKETS
        self._seats_at = len(self.zone_names) * self._zone_block
        self._commit_at = self._seats_at + 4 * self.num_players + 1
        self._public_at = self._commit_at + (self.num_actions if self.simultaneous else 0)
        self.size = self._public_at + len(self.public_keys) * self._public_block

    def encode(self, obs: Mapping[str, Any]) -> Vector:
        """The vector of one observation (as returned by ``State.observation(seat)``)."""
        out = np.zeros(self.size, dtype=np.float32)
        self._zones(out, obs["zones"])
        self._seats(out, obs)
        self._public(out, obs.get("public") or {})
        np.clip(out, -LIMIT, LIMIT, out=out)
        return out

    def _zones(self, out: Vector, zones: Mapping[str, Sequence[str | None]]) -> None:
        block = self._zone_block
        for zi, name in enumerate(self.zone_names):
            base = zi * block
            for card in zones.get(name, ()):
                if card is None:
                    out[base + block - 1] += 1.0
                else:
                    out[base + self._card_index[card]] += 1.0

    def _seats(self, out: Vector, obs: Mapping[str, Any]) -> None:
        n, at = self.num_players, self._seats_at
        seat = obs.get("seat")
        if isinstance(seat, int):
            out[at + seat] = 1.0
        for s in obs.get("to_act", ()):
            out[at + n + s] = 1.0
        for s, done in enumerate(obs.get("committed", ())):
            out[at + 2 * n + s] = float(bool(done))
        for s, score in enumerate(obs.get("scores", ())):
            out[at + 3 * n + s] = float(score)
        out[at + 4 * n] = float(bool(obs.get("terminal")))
        commit = obs.get("my_commit")
        if self.simultaneous and isinstance(commit, str):
            out[self._commit_at + self._actions.parse(commit).id] = 1.0

    def _public(self, out: Vector, public: Mapping[str, Any]) -> None:
        for ki, key in enumerate(self.public_keys):
            if key in public:
                self._value(out, self._public_at + ki * self._public_block, public[key])

    def _value(self, out: Vector, base: int, value: Any) -> None:
        if _is_number(value):
            out[base] = float(value)
        elif isinstance(value, str):
            out[base + self.num_players + _bucket(value)] += 1.0
        elif isinstance(value, list | tuple):
            if all(v is None or _is_number(v) or isinstance(v, str) for v in value):
                for i, v in enumerate(value):
                    if _is_number(v) and i < self.num_players:
                        out[base + i] = float(v)
                    elif isinstance(v, str):
                        out[base + self.num_players + _bucket(v)] += 1.0
            else:
                out[base] = float(len(value))
        elif isinstance(value, dict):
            out[base] = float(len(value))


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float)


def _bucket(text: str) -> int:
    """A stable hash bucket (Python's own ``hash`` of text changes between runs)."""
    return zlib.crc32(text.encode("utf-8")) % HASH_BUCKETS
