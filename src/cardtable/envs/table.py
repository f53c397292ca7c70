"""What every adapter shares: one game configuration, its encoder, masks and text rendering.

The adapters (PettingZoo, Gymnasium, OpenSpiel) differ only in their protocol; the game, the
fixed action space, the observation vector and the terminal text come from here, built from the
public protocol only (``observation(seat)``, ``legal_action_ids``), never from hidden state.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt
from rich.console import Console

from cardtable.cli.view import render_observation
from cardtable.core import GameInfo, State
from cardtable.core.registry import get_game, new_state
from cardtable.envs.encoding import ObservationEncoder, Vector

Mask = npt.NDArray[np.int8]


class GameTable:
    """A game configuration (name, players, options) and its numeric views."""

    def __init__(
        self, game: str, players: int | None = None, options: Mapping[str, Any] | None = None
    ):
        self.info: GameInfo = get_game(game)
        self.players = self.info.min_players if players is None else players
        self.options: dict[str, Any] = dict(options or {})
        probe = self.new(0)
        self.num_actions = probe.actions.size
        self._space = probe.actions
        self.encoder = ObservationEncoder(probe)

    @property
    def name(self) -> str:
        return self.info.name

    def new(self, seed: int) -> State:
        """A fresh deal (the same seed, the same deal)."""
        return new_state(self.info.name, self.players, seed, self.options)

    def action_text(self, action_id: int) -> str:
        """The text form of an action id (the same for every state of the configuration)."""
        return self._space.action(action_id).text

    def current_view(self, state: State, seat: int | None) -> dict[str, Any]:
        """``observation(seat)`` without its ``history`` and ``log`` (both left empty).

        The core rebuilds the redacted history on every call, which makes a step cost as much as
        the game so far; adapters that ask for the view at every step (OpenSpiel's tests ask for
        every seat's, twice) would be quadratic. The rest of the observation does not depend on
        the history, so it is computed with the history set aside for the call.
        """
        history, events = state.history, state.events
        state.history, state.events = [], None
        try:
            return state.observation(seat)
        finally:
            state.history, state.events = history, events

    def vector(self, state: State, seat: int) -> Vector:
        """The fixed-size observation vector of ``seat``."""
        return self.encoder.encode(self.current_view(state, seat))

    def mask(self, state: State, seat: int) -> Mask:
        """1 for each legal action id of ``seat`` now, 0 elsewhere."""
        mask = np.zeros(self.num_actions, dtype=np.int8)
        mask[state.legal_action_ids(seat)] = 1
        return mask

    def text(self, state: State, seat: int | None = None) -> str:
        """The terminal renderer's view of ``seat`` (None = spectator) as plain text."""
        buffer = io.StringIO()
        console = Console(file=buffer, width=100, color_system=None, highlight=False)
        console.print(render_observation(self.info, state.observation(seat)))
        return buffer.getvalue()
