"""Information-set Monte Carlo tree search, generic over the protocol (no game code here).

Single-observer IS-MCTS (Cowling, Powley and Whitehouse 2012), in the shape of OpenSpiel's
``ismcts.py``: every iteration samples a state from the searching seat's information set
(:meth:`InfoSet.sample`), walks one tree of the *observer's* view of the game with UCT over the
actions available in that sample (availability counts), expands one node, plays a rollout (random,
or the game's rule of thumb) cut off after ``cutoff`` actions and scored with ``State.evaluate``,
and backs up every seat's result to the seat that chose each edge.

Hidden moves of other seats (a face-down play, a private pass) are not branches of the observer's
tree: the observer cannot tell them apart, so they are drawn at random inside the iteration. When
the observer decides at the same moment as others, it decides first in every iteration, so its
choice can never depend on their face-down commitments. Budget: ``iterations``, or ``time`` in
seconds; with a fixed iteration budget the search is reproducible from its seed.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from cardtable.agents.base import InfoSet
from cardtable.agents.greedy_agent import greedy_choice
from cardtable.core import Action, Rng, State


@dataclass(frozen=True, slots=True)
class IsmctsConfig:
    iterations: int = 1000
    time: float = 0.0  # seconds; when > 0 it replaces the iteration budget
    c: float = 0.7  # exploration constant of UCT (returns are win shares in 0..1)
    rollout: str = "random"  # or "greedy", or "heavy" (the game's State.rollout_action_id)
    cutoff: int = 8  # rollout actions before State.evaluate() scores the position
    clock: str = "wall"  # what ``time`` measures: "wall" (perf_counter) or "cpu" (thread_time)
    reuse: int = 1  # iterations per sampled world; 0 = one per legal root action
    first: str = "none"  # "greedy": the rule of thumb's root action is expanded first
    keep: float = 0.0  # > 0: play the rule of thumb's move unless beaten by this many std errors
    value: str = "evaluate"  # what scores a cut-off rollout: "evaluate", "search" (the game's),
    # or "auto": the game's search value where the game prefers it (SEARCH_VALUE_PREFERRED)


class Node:
    """One edge's statistics from the observer's view: visits, availability, summed reward."""

    __slots__ = ("avail", "children", "squares", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.squares = 0.0  # summed squared rewards: the spread behind ``keep``


@dataclass(frozen=True, slots=True)
class Analysis:
    """The search's view of one root action."""

    action: Action
    visits: int
    value: float  # mean win share for the observer after this action
    error: float = 1.0  # standard error of ``value`` (1.0 when there are too few visits)


class IsmctsAgent:
    """A searching bot; see the module docstring."""

    name = "ismcts"

    def __init__(self, config: IsmctsConfig | None = None) -> None:
        self.config = config or IsmctsConfig()
        self.last_iterations = 0
        self._search_value = self.config.value == "search"
        self._auto_value = self.config.value == "auto"
        self._rule_of_thumb = -1  # the greedy root action id of the last search (first/keep)

    def choose_from(self, info: InfoSet, rng: Rng) -> Action:
        if len(info.legal) == 1:
            return info.legal[0]
        ranked = self.analyse(info, rng)
        if self.config.keep > 0:
            return keep_rule_of_thumb(ranked, self._rule_of_thumb, self.config.keep).action
        return ranked[0].action

    def analyse(self, info: InfoSet, rng: Rng, min_iterations: int = 0) -> list[Analysis]:
        """Every legal action with its visits and value, best (most visited) first.

        ``min_iterations`` raises the budget (hints want every action estimated).
        """
        root = Node()
        cfg = self.config
        now = time.thread_time if cfg.clock == "cpu" else time.perf_counter
        deadline = now() + cfg.time if cfg.time > 0 else 0.0
        budget = max(cfg.iterations, min_iterations)
        reuse = cfg.reuse if cfg.reuse > 0 else len(info.legal)
        self._rule_of_thumb = -1
        if cfg.first == "greedy" or cfg.keep > 0:
            self._rule_of_thumb = self._seed_root(root, info, rng)
        # The observer's legal ids at the root are the same in every sample (they depend on what
        # it knows, which every sample keeps; tests/core/test_sampler.py checks it), so they are
        # taken from the information set once, not regenerated in each sampled world: in
        # Portfolio and Piece of the Action a root decision's generation was a tenth of a search.
        root_ids = [a.id for a in info.legal]
        world: State | None = None
        left = 0
        done = 0
        while (done < budget) if deadline == 0.0 else (now() < deadline or done < min_iterations):
            if reuse == 1:
                state = info.sample(rng)
            else:
                # One world for several iterations: the root actions tried in it are compared
                # on the same hidden cards (common random numbers, as flat PIMC does).
                if left == 0 or world is None:
                    world, left = info.sample(rng), reuse
                state = world.clone()
                left -= 1
            self._iterate(root, state, info.seat, rng, root_ids)
            done += 1
        self.last_iterations = done
        out = []
        for action in info.legal:
            child = root.children.get(action.id)
            visits = child.visits if child else 0
            value = child.total / child.visits if child and child.visits else 0.0
            spread = _std_error(child.total, child.squares, visits) if child else 1.0
            out.append(Analysis(action, visits, value, spread))
        out.sort(key=lambda a: (-a.visits, -a.value, a.action.id))
        return out

    # ------------------------------------------------------------------ one iteration

    @staticmethod
    def _seed_root(root: Node, info: InfoSet, rng: Rng) -> int:
        """Expand the rule of thumb's choice first: a tiny budget then starts from a sane move.

        The node gets no visits, only its place: the first iteration that can reach it tries it
        before any other untried action (``_select`` takes an unvisited child first). Returns
        the action's id (``keep`` compares the search's best with it).
        """
        choice = greedy_choice(info.observation, info.legal, rng.fork())[0]
        root.children[choice.id] = Node()
        return choice.id

    def _iterate(
        self, root: Node, state: State, observer: int, rng: Rng, root_ids: list[int]
    ) -> None:
        # The state's methods are called directly, not through bound methods held in locals:
        # compiled, a direct call is a C call, a held bound method a generic Python call.
        node = root
        path: list[tuple[Node, int]] = []
        hidden_moves = _has_hidden_moves(type(state))
        while not state.is_terminal():
            seat = self._mover(state, observer, rng)
            # At the root the observer acts first (``_mover``), with the information set's ids.
            ids = root_ids if node is root and seat == observer else state.legal_action_ids(seat)
            if not ids:
                break  # an impossible sample the sampler could not avoid: score it as it stands
            if seat != observer and hidden_moves and self._hidden_from(state, seat, ids, observer):
                state.apply_unchecked(seat, ids[rng.below(len(ids))])
                continue
            action, child, expanded = self._select(node, ids, rng)
            state.apply_unchecked(seat, action)
            path.append((child, seat))
            node = child
            if expanded:
                break
        values = self._rollout(state, rng)
        for edge, seat in path:
            value = values[seat]
            edge.visits += 1
            edge.total += value
            edge.squares += value * value

    @staticmethod
    def _mover(state: State, observer: int, rng: Rng) -> int:
        movers = state.to_act()
        if observer in movers:
            return observer
        return movers[0] if len(movers) == 1 else movers[rng.below(len(movers))]

    @staticmethod
    def _hidden_from(state: State, seat: int, ids: list[int], observer: int) -> bool:
        """Would the observer not see which of these actions ``seat`` took?"""
        bit = 1 << observer
        return any(not state.action_audience(seat, a) & bit for a in ids)

    def _select(self, node: Node, ids: list[int], rng: Rng) -> tuple[int, Node, bool]:
        """UCT over the available children; expand an untried action first.

        The untried actions are counted, not listed: a fully expanded node (most selections)
        allocates nothing, and the k-th untried one is found by a second scan when needed.
        """
        children = node.children
        untried = 0
        last_untried = 0
        placed = False  # a child placed but never tried (the rule of thumb's root move)
        placed_action = 0
        for a in ids:
            child = children.get(a)
            if child is None:
                untried += 1
                last_untried = a
            else:
                child.avail += 1
                if child.visits == 0:
                    placed, placed_action = True, a
        if placed:
            return placed_action, children[placed_action], True
        if untried:
            action = last_untried
            if untried > 1:
                k = rng.below(untried)
                for a in ids:
                    if a not in children:
                        if k == 0:
                            action = a
                            break
                        k -= 1
            child = children[action] = Node()
            child.avail = 1
            return action, child, True
        c = self.config.c
        best, best_score = ids[0], -1.0
        for a in ids:
            child = children[a]
            visits = child.visits
            score = child.total / visits + c * math.sqrt(math.log(child.avail) / visits)
            if score > best_score:
                best, best_score = a, score
        return best, children[best], False

    def _rollout(self, state: State, rng: Rng) -> list[float]:
        """Play on at random (or by the rule of thumb) for at most ``cutoff`` actions."""
        if self.config.rollout == "greedy":
            for _ in range(self.config.cutoff):
                if state.is_terminal():
                    return state.returns()
                movers = state.to_act()
                seat = movers[rng.below(len(movers))] if len(movers) > 1 else movers[0]
                legal_actions = state.legal_actions(seat)
                if not legal_actions:
                    break  # see _iterate
                action = greedy_choice(state.observation(seat), legal_actions, rng)[0]
                state.apply_unchecked(seat, action.id)
            return self._leaf(state)
        if self.config.rollout == "heavy":
            return self._heavy_rollout(state, rng)
        for _ in range(self.config.cutoff):  # direct calls, as in _iterate
            if state.is_terminal():
                return state.returns()
            movers = state.to_act()
            seat = movers[rng.below(len(movers))] if len(movers) > 1 else movers[0]
            ids = state.legal_action_ids(seat)
            if not ids:
                break  # see _iterate
            state.apply_unchecked(seat, ids[rng.below(len(ids))] if len(ids) > 1 else ids[0])
        return self._leaf(state)

    def _heavy_rollout(self, state: State, rng: Rng) -> list[float]:
        """As the random rollout, each action drawn by the game's ``rollout_action_id``."""
        for _ in range(self.config.cutoff):
            if state.is_terminal():
                return state.returns()
            movers = state.to_act()
            seat = movers[rng.below(len(movers))] if len(movers) > 1 else movers[0]
            action = state.rollout_action_id(seat, rng)
            if action < 0:
                break  # see _iterate
            state.apply_unchecked(seat, action)
        return self._leaf(state)

    def _leaf(self, state: State) -> list[float]:
        """The value of a rollout's last state: the result, or the chosen cut-off value."""
        if state.is_terminal():
            return state.returns()
        if self._search_value or (self._auto_value and _prefers_search_value(type(state))):
            return state.search_value()
        return state.evaluate()


def _std_error(total: float, squares: float, visits: int) -> float:
    """Standard error of a mean of ``visits`` rewards in 0..1 (1.0 below two visits)."""
    if visits < 2:
        return 1.0
    mean = total / visits
    variance = max(squares / visits - mean * mean, 0.0) * visits / (visits - 1)
    return math.sqrt(variance / visits)


def keep_rule_of_thumb(ranked: list[Analysis], rule_of_thumb: int, z: float) -> Analysis:
    """The search's best (``ranked[0]``), unless the rule of thumb's move is within ``z``
    standard errors of it: then the rule of thumb's move.

    Why: where the rollouts cannot tell the actions apart (a pass in Score! rarely changes an
    8-action rollout's score), the most visited action is noise (two searches of the same
    position with different seeds disagree as often as two different bots); the rule of thumb
    then knows more than the search. Where the search is sure, it still overrules it.
    """
    best = ranked[0]
    for analysis in ranked:
        if analysis.action.id == rule_of_thumb:
            gap = best.value - analysis.value
            return best if gap > z * math.hypot(best.error, analysis.error) else analysis
    return best


_HIDDEN_MOVES: dict[type, bool] = {}


def _has_hidden_moves(cls: type[State]) -> bool:
    """Can a seat's action ever be hidden from others? Only if the game overrides the audience."""
    known = _HIDDEN_MOVES.get(cls)
    if known is None:
        known = _HIDDEN_MOVES[cls] = cls.action_audience is not State.action_audience
    return known


_SEARCH_PREFERRED: dict[type, bool] = {}


def _prefers_search_value(cls: type[State]) -> bool:
    """Does the game ask a search on ``value=auto`` to read its ``search_value``?

    A game opts in with the class attribute ``SEARCH_VALUE_PREFERRED = True`` once its search
    value is measured to help (Nacho Loco); ``hard`` then uses it there and ``evaluate``
    everywhere else, with one spec for every game.
    """
    known = _SEARCH_PREFERRED.get(cls)
    if known is None:
        known = _SEARCH_PREFERRED[cls] = bool(getattr(cls, "SEARCH_VALUE_PREFERRED", False))
    return known
