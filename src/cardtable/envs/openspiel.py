"""OpenSpiel games for every cardtable game: ``pyspiel.load_game("cardtable_score")``.

Importing this module registers ``cardtable_<game>`` (hyphens become underscores) for each game,
with parameters ``players`` (default: the fewest the game allows) and ``deals`` (see below).

**Game type.** Sequential, imperfect information, constant-sum (``returns()`` are win shares
that add up to 1), terminal rewards. Magic Show's and Score!'s face-down commitments are played
one seat after another exactly as in the PettingZoo environments: the current player is the
first seat of ``to_act()``, and a committed choice stays hidden from the seats still to commit.

**Chance.** Our games draw everything random from one seeded generator, so the whole of chance
is the seed. The initial state is a single explicit chance node with ``deals`` equally likely
outcomes (default 4096); outcome *i* deals with our seed *i*, and every later shuffle follows
from it, so no further chance nodes occur. The game is thus the uniform mixture over those
deals (``EXPLICIT_STOCHASTIC``); raise ``deals`` for more variety.

**Observations.** Strings are our JSON observation of the seat (``observation(seat)`` without
history and log); information-state strings add the seat's own record of every step — each action
as that seat saw it (a face-down choice as "makes a hidden choice") and each log line it was told —
so they have perfect recall. Both tensors are the generic encoder's vector
(:mod:`cardtable.envs.encoding`): the information-state tensor is *not* perfect recall.

**Resampling.** ``resample_from_infostate`` is backed by our :meth:`State.determinize`: hidden
cards re-dealt, other seats' face-down choices re-chosen, the game's generator re-seeded. The
sample keeps the player's record, so its information-state string equals the original's, which
is what OpenSpiel's ``ISMCTSBot`` asserts.
"""

from __future__ import annotations

import ctypes
import json
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from cardtable.core import Rng, State
from cardtable.core.registry import GameInfo, list_games, state_from_json
from cardtable.envs.table import GameTable

#: Outcomes of the opening chance node (deals) unless the ``deals`` parameter says otherwise.
DEFAULT_DEALS = 4096
#: A bound on the number of actions in a game, chance included. Random play of every game at
#: every player count stays far below it (1,029 actions was the longest in 20 Portfolio games).
MAX_GAME_LENGTH = 20_000
PREFIX = "cardtable_"


def short_name(game: str) -> str:
    """``magic-show`` -> ``cardtable_magic_show``."""
    return PREFIX + game.replace("-", "_")


def _game_type(info: GameInfo) -> Any:
    kind = pyspiel.GameType
    return kind(
        short_name=short_name(info.name),
        long_name=f"cardtable {info.display_name}",
        dynamics=kind.Dynamics.SEQUENTIAL,
        chance_mode=kind.ChanceMode.EXPLICIT_STOCHASTIC,
        information=kind.Information.IMPERFECT_INFORMATION,
        utility=kind.Utility.CONSTANT_SUM,
        reward_model=kind.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": info.min_players, "deals": DEFAULT_DEALS},
    )


class CardtableGame(pyspiel.Game):
    """One cardtable game as an OpenSpiel game (the configuration comes from ``params``)."""

    def __init__(self, info: GameInfo, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        players = int(params.get("players", info.min_players))
        self.deals = int(params.get("deals", DEFAULT_DEALS))
        if self.deals < 1:
            raise ValueError(f"deals must be at least 1, not {self.deals}")
        self.table = GameTable(info.name, players)
        game_info = pyspiel.GameInfo(
            num_distinct_actions=self.table.num_actions,
            max_chance_outcomes=self.deals,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_game_type(info), game_info, {"players": players, "deals": self.deals})

    def new_initial_state(self) -> CardtableSpielState:
        """The table before the deal: a chance node."""
        return CardtableSpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> CardtableObserver:
        """Observation and information-state views (perfect recall adds the seat's record)."""
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        recall = bool(iig_obs_type.perfect_recall) if iig_obs_type is not None else False
        return CardtableObserver(self.table, recall)


class Play:
    """The Python side of an OpenSpiel state, kept in one attribute.

    OpenSpiel clones a Python state by deep-copying each attribute and serialises it by pickling
    them; this object answers both cheaply and exactly: a clone is our own :meth:`State.clone`
    (the table spec shared), a pickle is our JSON form (docs/state-format.md).

    ``memo`` keeps what is costly to derive and asked for again and again while the state stands
    still: ``ISMCTSBot`` asks for the same information-state string three or four times per node
    it passes and resamples the same root once per simulation. Every entry is keyed by the
    length of our history as well, and :meth:`changed` drops them all after each action, so a
    memo can never outlive the state it was derived from.
    """

    __slots__ = ("deals", "game_state", "memo", "records", "table")

    def __init__(self, table: GameTable, deals: int) -> None:
        self.table = table
        self.deals = deals
        self.game_state: State | None = None
        #: Per seat, every step as that seat saw it: action texts (redacted) and log lines.
        self.records: list[list[str]] = [[] for _ in range(table.players)]
        self.memo: dict[tuple[Any, ...], Any] = {}

    def key(self, *parts: Any) -> tuple[Any, ...]:
        """A memo key for ``parts`` at this point of the game (see the class docstring)."""
        state = self.game_state
        return (*parts, -1 if state is None else len(state.history))

    def changed(self) -> None:
        """Forget every memo: the state has moved on."""
        self.memo.clear()

    def __deepcopy__(self, memo: dict[int, Any]) -> Play:
        new = Play(self.table, self.deals)
        new.game_state = None if self.game_state is None else self.game_state.clone()
        new.records = [r[:] for r in self.records]
        return new

    def __reduce__(self) -> tuple[Any, ...]:
        data = None if self.game_state is None else self.game_state.to_json()
        return (
            _unpickle_play,
            (self.table.name, self.table.players, self.deals, data, self.records),
        )


def _unpickle_play(
    game: str, players: int, deals: int, data: dict[str, Any] | None, records: list[list[str]]
) -> Play:
    play = Play(GameTable(game, players), deals)
    play.game_state = None if data is None else state_from_json(data)
    play.records = records
    return play


class CardtableSpielState(pyspiel.State):
    """A game in progress; ``play.game_state`` is our protocol state (None before the deal)."""

    def __init__(self, game: CardtableGame) -> None:
        super().__init__(game)
        self.play = Play(game.table, game.deals)

    @property
    def game_state(self) -> State | None:
        """Our protocol state (None before the deal)."""
        return self.play.game_state

    def current_player(self) -> int:
        state = self.play.game_state
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if state.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return state.to_act()[0]

    def _legal_actions(self, player: int) -> list[int]:
        state = self.play.game_state
        if state is None or state.is_terminal() or player != state.to_act()[0]:
            return []
        return state.legal_action_ids(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / self.play.deals
        return [(i, p) for i in range(self.play.deals)]

    def _apply_action(self, action: int) -> None:
        play = self.play
        play.changed()
        if play.game_state is None:
            play.game_state = play.table.new(int(action))
            self._record(0, None)
            return
        state = play.game_state
        seat = state.to_act()[0]
        before = len(state.events) if state.events is not None else 0
        state.apply(seat, int(action))
        self._record(before, (seat, int(action)))

    def _record(self, events_from: int, step: tuple[int, int] | None) -> None:
        state = self.play.game_state
        assert state is not None
        for seat, record in enumerate(self.play.records):
            if step is not None:
                actor, aid = step
                record.append(f"{actor}: {state.history_text(seat, actor, aid)}")
            for audience, line, _ in (state.events or [])[events_from:]:
                if audience == -1 or (audience >> seat) & 1:
                    record.append(line)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        return self.play.table.action_text(action)

    def is_terminal(self) -> bool:
        state = self.play.game_state
        return state is not None and state.is_terminal()

    def returns(self) -> list[float]:
        state = self.play.game_state
        if state is None or not state.is_terminal():
            return [0.0] * self.play.table.players
        return [float(r) for r in state.returns()]

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> CardtableSpielState:
        """A state ``player_id`` cannot tell from this one (our determinisation).

        The sample's own OpenSpiel history is empty: its past is the player's record.
        """
        new: CardtableSpielState = self.get_game().new_initial_state()
        state = self.play.game_state
        if state is None:
            return new
        seed = int(probability_sampler() * 2**53)
        # ``determinize(seat, rng)`` is ``sampler(seat)(rng)``; the prepared sampler is kept.
        key = self.play.key("sampler", player_id)
        sampler = self.play.memo.get(key)
        if sampler is None:
            sampler = self.play.memo[key] = state.sampler(player_id)
        world = sampler(Rng(seed))
        world.events = None
        new.play.game_state = world
        new.play.records = [self.play.records[player_id][:] for _ in self.play.records]
        return new

    def __str__(self) -> str:
        """Debugging text: the whole state (hidden cards included), as our JSON."""
        state = self.play.game_state
        if state is None:
            return "before the deal"
        return json.dumps(state.to_json(), sort_keys=True)


class CardtableObserver:
    """OpenSpiel's Python observer: ``tensor``, ``dict``, ``set_from`` and ``string_from``."""

    def __init__(self, table: GameTable, perfect_recall: bool) -> None:
        self.table = table
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(table.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: CardtableSpielState, player: int) -> None:
        game_state = state.play.game_state
        if game_state is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = self.table.vector(game_state, player)

    def string_from(self, state: CardtableSpielState, player: int) -> str:
        play = state.play
        game_state = play.game_state
        if game_state is None:
            return f"seat {player}, before the deal"
        key = play.key("string", player, self.perfect_recall, len(play.records[player]))
        text: str | None = play.memo.get(key)
        if text is None:
            obs = self.table.current_view(game_state, player)
            del obs["history"], obs["history_data"], obs["log"]
            if self.perfect_recall:
                obs["record"] = play.records[player]
            text = play.memo[key] = json.dumps(obs, sort_keys=True, separators=(",", ":"))
        return text


class RolloutEvaluator(mcts.RandomRolloutEvaluator):
    """OpenSpiel's ``RandomRolloutEvaluator``, played on our state instead of through the bridge.

    OpenSpiel's evaluator plays each rollout through the Python-game bridge: per action a call
    into C++ and back for ``legal_actions``, ``is_chance_node``, ``is_terminal`` and
    ``apply_action`` (whose adapter checks legality and appends every seat's record line), and
    NumPy's ``choice`` over a fresh list. That made one Magic Show rollout cost ~60 times what
    the same random playout costs in our engine, and it was nearly all of an ``ISMCTSBot``
    simulation. This evaluator plays the same rollout on a clone of our state, with the same
    draws from the same generator (``random_state.randint(n)`` is what ``choice`` of n items
    draws), so an ``ISMCTSBot`` given it searches exactly as with OpenSpiel's evaluator, only
    faster (``tests/envs/test_openspiel.py`` checks both claims: equal returns and generator
    state per rollout, and equal moves of the bot). States that are not ours, chance nodes
    (before the deal) and a ``max_length`` go through OpenSpiel's own code.
    """

    def evaluate(self, state: Any) -> Any:
        if (
            not isinstance(state, CardtableSpielState)
            or state.play.game_state is None
            or self.max_length is not None
        ):
            return super().evaluate(state)
        game_state = state.play.game_state
        randint = self._random_state.randint
        result = None
        for _ in range(self.n_rollouts):
            world = game_state.clone()
            world.events = None  # nobody reads a rollout's log
            is_terminal, to_act = world.is_terminal, world.to_act
            legal, apply = world.legal_action_ids, world.apply_unchecked
            while not is_terminal():
                seat = to_act()[0]  # the OpenSpiel current player
                ids = legal(seat)
                apply(seat, ids[randint(len(ids))])
            returns = np.array([float(r) for r in world.returns()])
            result = returns if result is None else result + returns
        return result / self.n_rollouts


def _factory(info: GameInfo) -> Callable[[dict[str, Any] | None], CardtableGame]:
    def make(params: dict[str, Any] | None = None) -> CardtableGame:
        return CardtableGame(info, params)

    return make


_FACTORIES: dict[str, Callable[[dict[str, Any] | None], CardtableGame]] = {}


def _keep_forever(obj: object) -> None:
    """Hold one reference to ``obj`` that is never released.

    pyspiel's game registry is a C++ static: it drops its reference to each factory after the
    interpreter has finalised, without the GIL. If Python had released every other reference by
    then (module teardown order varies; pytest-xdist workers hit it), that late release freed
    the factory and aborted the process ("Fatal Python error: PyThreadState_Get ...
    finalizing"). A reference Python never gives back makes the late release harmless; the cost
    is five small closures left to the operating system at exit."""
    ctypes.pythonapi.Py_IncRef(ctypes.py_object(obj))


def register_all() -> list[str]:
    """Register every cardtable game with OpenSpiel (idempotent); return the short names."""
    names = []
    registered = set(pyspiel.registered_names())
    for info in list_games():
        name = short_name(info.name)
        if name not in registered:
            _FACTORIES[name] = _factory(info)
            _keep_forever(_FACTORIES[name])
            pyspiel.register_game(_game_type(info), _FACTORIES[name])
        names.append(name)
    return names


register_all()
