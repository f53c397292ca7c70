"""The game protocol: the one interface every game implements and everything else uses.

A game subclasses :class:`State` and supplies only its rules:

* ``make_spec(num_players, options)`` — cards, zones and action space of a configuration;
* ``_setup()`` — the opening deal (all randomness from ``self.rng``);
* ``to_act()``, ``legal_action_ids(seat)``, ``_apply(seat, action_id)``;
* ``is_terminal()``, ``scores()``, ``returns()``, ``public_view()``.

The rule calls (``_setup``, ``to_act``, ``legal_action_ids``, ``_apply`` and the word hooks) are
routed through the functions a game names once in ``RULES`` (:mod:`cardtable.core.gamerules`)
unless its class overrides them; the player count is checked here, once, from the ``TITLE``,
``MIN_PLAYERS`` and ``MAX_PLAYERS`` a game reads from its ``meta.py``.

The core owns everything else, once for all games: the checked :meth:`State.apply` (game over,
wrong seat, not legal — all rejected before any mutation, as boardgame.io's reducer and OpenSpiel's
Python games do), cloning, per-seat redaction, determinisation, JSON and history.

**Hidden information** lives in exactly two places, both redacted here: cards in zones (see
:mod:`cardtable.core.zones`) and ``pending``, the buffer of simultaneous face-down commitments.
A game's own scalar fields (``SCALARS``) are public by contract. The ``seen`` mask of a card is
updated by :meth:`State.move`: on an open move everyone who could see the card where it was still
knows where it is; :meth:`State.move_secret` tells only the named audience; a shuffle forgets.

**Simultaneous decisions** (Magic Show, Score!): ``to_act()`` names several seats; each seat's
choice goes into ``pending`` through :meth:`State.commit`, hidden from the others, and the game
resolves once the last one is in. One mechanism covers sequential and simultaneous play.

**Fast path**: search and simulation call ``legal_action_ids`` and ``apply_unchecked`` with plain
ints, like python-chess's ``push`` beside ``push_uci``; ``apply`` is the checked entry point.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from cardtable.core.actions import NO_COMMIT, Action, ActionData, ActionSpace
from cardtable.core.determinize import make_sampler
from cardtable.core.errors import BadOptions, IllegalAction
from cardtable.core.gamerules import UNROUTED, GameRules, players_text
from cardtable.core.loading import from_json as load_json
from cardtable.core.loading import plain
from cardtable.core.options import options_to_json, parse_options
from cardtable.core.rng import Rng
from cardtable.core.text import quote, shown
from cardtable.core.zones import TableSpec

__all__ = ["NO_COMMIT", "State"]

#: Table specs by (state class, player count, options): built once, shared by every state.
_SPEC_CACHE: dict[tuple[Any, ...], TableSpec] = {}


def take_out(cards: list[int], card: int) -> None:
    """Remove ``card`` from a zone's list (ValueError if it is not there).

    Looks from the top (the end of the list), where most moves take their card (a deal from the
    deck, a draw), and compares as machine integers when compiled: ``list.remove`` scans from
    the bottom comparing boxed ints, which the profile of a compiled Piece of the Action
    playout showed as 8% of all time (docs/performance.md). A card id is in a zone at most once,
    so which end the search starts from does not change the result.
    """
    i = len(cards) - 1
    while i >= 0:
        if cards[i] == card:
            cards.pop(i)
            return
        i -= 1
    raise ValueError(f"card {card} is not in the zone")


def canonical(cards: Iterable[int], rank: tuple[int, ...]) -> list[int]:
    """``cards`` sorted by ``(rank[card], card)``: the canonical order of a zone's cards.

    Sorted as one integer per card (``rank * n + card``; both are card ids below ``n``), which
    orders exactly as the pair does: a sort of ints, where a key function called per card and a
    tuple per card made the reshuffles of compiled Nacho Loco playouts 6% of their time.
    """
    n = len(rank)
    keys = [rank[c] * n + c for c in cards]
    keys.sort()
    return [k % n for k in keys]


@mypyc_attr(allow_interpreted_subclasses=True)
class State(ABC):
    """Base class of every game's state. See the module docstring for the contract."""

    __slots__ = (
        "events",
        "history",
        "num_players",
        "options",
        "pending",
        "rng",
        "seen",
        "spec",
        "tags",
        "zones",
    )

    #: Registry name of the game (set by the game module).
    GAME: ClassVar[str] = ""
    #: The options dataclass of the game.
    OPTIONS: ClassVar[type] = object
    #: Names of the game's own plain-data fields (ints, strs, bools, lists of them). Public.
    SCALARS: ClassVar[tuple[str, ...]] = ()
    #: Zone that unlisted cards go to when a hand-written JSON state says ``"rest": true``.
    REST_ZONE: ClassVar[str] = "deck"
    #: Display name and player counts, read from the game's meta.py: the core checks the count.
    TITLE: ClassVar[str] = ""
    MIN_PLAYERS: ClassVar[int] = 1
    MAX_PLAYERS: ClassVar[int] = 64
    #: The game's rule functions, declared once in its state.py (:mod:`.gamerules`): the calls
    #: below route through them unless a class overrides the call itself.
    RULES: ClassVar[GameRules] = UNROUTED

    # ------------------------------------------------------------------ construction

    def __init__(self, spec: TableSpec, seed: int, *, blank: bool = False) -> None:
        """A table before its deal; ``blank`` leaves every field for :meth:`clone` to fill."""
        self.spec = spec
        if blank:
            return
        self.num_players = spec.num_players
        self.options = spec.options
        ncards = len(spec.cards)
        self.zones: list[list[int]] = [[] for _ in range(len(spec.layout))]
        self.seen: list[int] = [0] * ncards
        self.tags: list[int] = [0] * ncards
        self.pending: list[int] = [NO_COMMIT] * spec.num_players
        self.history: list[tuple[int, int]] = []
        #: The table log: (audience, text, step) with step = actions taken when it was noted.
        self.events: list[tuple[int, str, int]] | None = []
        self.rng = Rng(seed)
        self._init_scalars()

    @classmethod
    def new(cls, num_players: int, seed: int = 0, options: Any = None) -> State:
        """A new game, dealt from ``seed``. Everything random comes from that seed."""
        state = cls(cls.table_spec(num_players, options), seed)
        state._setup()
        return state

    @classmethod
    def table_spec(cls, num_players: int, options: Any = None) -> TableSpec:
        """The (cached) cards, zones and actions of one configuration."""
        opts = parse_options(cls.OPTIONS, options)
        cls.check_players(num_players)
        key = (cls, num_players, opts)
        spec = _SPEC_CACHE.get(key)
        if spec is None:
            spec = cls.make_spec(num_players, opts)
            _SPEC_CACHE[key] = spec
        return spec

    # ------------------------------------------------------------------ what games supply

    @classmethod
    def check_players(cls, num_players: object) -> None:
        """The one player-count check of every game: :class:`BadOptions` naming the counts."""
        if (
            not isinstance(num_players, int)
            or isinstance(num_players, bool)
            or not cls.MIN_PLAYERS <= num_players <= cls.MAX_PLAYERS
        ):
            counts = players_text(cls.TITLE or cls.GAME, cls.MIN_PLAYERS, cls.MAX_PLAYERS)
            given = (
                shown(num_players, 20) if isinstance(num_players, int) else quote(num_players, 20)
            )
            raise BadOptions(f"{counts}, not {given}")

    @classmethod
    @abstractmethod
    def make_spec(cls, num_players: int, options: Any) -> TableSpec:
        """The cards, zones and action space of one configuration (built once, shared)."""

    def _init_scalars(self) -> None:  # noqa: B027 - optional hook
        """Give every field named in ``SCALARS`` its starting value."""

    def _setup(self) -> None:
        """The opening deal; all randomness from ``self.rng``."""
        self.RULES.setup(self)

    def to_act(self) -> Sequence[int]:
        """The seats that must act now (several at a simultaneous decision; none at the end)."""
        return self.RULES.to_act(self)

    def legal_action_ids(self, seat: int) -> list[int]:
        """Sorted ids of the legal actions of ``seat`` (empty if it is not to act)."""
        return self.RULES.legal(self, seat)

    def _apply(self, seat: int, action_id: int) -> None:
        """Carry out a legal action, then every automatic step it triggers."""
        self.RULES.apply(self, seat, action_id)

    @abstractmethod
    def is_terminal(self) -> bool:
        """Is the game over?"""

    @abstractmethod
    def scores(self) -> list[float]:
        """Each seat's score in the game's own units (points, dollars)."""

    @abstractmethod
    def returns(self) -> list[float]:
        """Each seat's share of the win at the end (1 alone, 1/k for a k-way tie, else 0)."""

    def public_view(self) -> dict[str, Any]:
        """The game's public scalars for observations (scores, phase, markers…)."""
        return {}

    def explain_illegal(self, seat: int, action_id: int) -> str | None:
        """Why ``action_id`` is not legal for ``seat`` now, in words; None for a generic reason."""
        explain = self.RULES.explain
        return None if explain is None else explain(self, seat, action_id)

    def describe_action(self, seat: int, action_id: int) -> str:
        """What ``action_id`` would do for ``seat`` now, in a player's words.

        Menus, the web table's hover text and hints show it beside the short text, so a newcomer
        learns the game from the choices themselves. It may use only what ``seat`` can see (the
        redaction rule applies to words too). The default is the action's text.
        """
        describe = self.RULES.describe
        if describe is not None:
            return describe(self, seat, action_id)
        return self.spec.actions.action(action_id).text

    def seat_name(self, seat: int) -> str:
        """How the game's own texts name a seat (``Red``, ``A``); ``seat 2`` by default."""
        return f"seat {seat}"

    def choice_notes(self, seat: int) -> list[str]:
        """Why ``seat``'s choices now are narrower than usual, each note citing its ruling.

        When a rule removes an action a newcomer would expect (a card that would make a total
        zero, a decline that is not allowed any more) or leaves only one choice, the views show
        these notes before the seat chooses, and a decision taken automatically is shown with
        them. Only what ``seat`` can see may be used. The default has none.
        """
        notes = self.RULES.notes
        return [] if notes is None else notes(self, seat)

    def preview_action(self, seat: int, action_id: int) -> str | None:
        """What an irreversible multi-step commitment obliges ``seat`` to do, or None.

        A terminal shows the text and asks for confirmation before applying the action (a Move
        card in Piece of the Action). The default: no action needs one.
        """
        preview = self.RULES.preview
        return None if preview is None else preview(self, seat, action_id)

    def game_stats(self) -> dict[str, float]:
        """The game's own per-game statistics for the simulator, as plain numbers.

        Counts of what a designer asks about (Deals and Reverses, trades and acquisitions,
        closings by kind), plus ``rounds`` where the game has rounds. Read from public state
        only; usually called at the end. The default has none.
        """
        return {}

    def evaluate(self) -> list[float]:
        """A quick estimate of each seat's share of the win from here, summing to 1.

        Search cuts rollouts off with it. The default splits the win among the seats with the
        top score; games with a better measure (money to come, cards left) override it.
        """
        if self.is_terminal():
            return self.returns()
        scores = self.scores()
        top = max(scores)
        leaders = [s for s, v in enumerate(scores) if v == top]
        share = 1.0 / len(leaders)
        return [share if s in leaders else 0.0 for s in range(self.num_players)]

    def search_value(self) -> list[float]:
        """Win shares for a search that may use more of the game's knowledge than ``evaluate``.

        ``evaluate`` is shared: the flat PIMC baseline, the Hint button's estimates and their
        calibration all read it. A search bot (``ismcts:value=search``) reads this instead, so
        a game can give its own search a sharper leaf value (progress a cut-off rollout cannot
        see) without changing the baseline it is measured against. The default: ``evaluate``.
        """
        return self.evaluate()

    def round_mark(self) -> int:
        """A number that changes when a round of the game ends, for rollouts that stop there.

        A search's ``stop=round`` rollout reads it when it starts and plays on until it
        changes (or the game ends), so the leaf is scored right after the round's scoring
        has moved the totals. A game without rounds keeps the default, a constant: such a
        rollout plays to the end of the game.
        """
        return 0

    def rollout_action_id(self, seat: int, rng: Rng) -> int:
        """A legal action id for ``seat`` as a search's heavy rollout plays it; -1 for none.

        Only a search on ``rollout=heavy`` asks (``ismcts``), in its sampled worlds. A game may
        bias the choice toward sensible moves from its own arrays, cheaply and without building
        an observation (Nacho Loco: ``games/nacho_loco/playout.py``). The default: uniform over
        ``legal_action_ids``, i.e. a random rollout.
        """
        ids = self.legal_action_ids(seat)
        if not ids:
            return -1
        return ids[rng.below(len(ids))] if len(ids) > 1 else ids[0]

    def agrees_with_public_facts(self) -> bool:
        """Does this state agree with the public facts the game keeps beyond seen marks?

        Seen marks say where a known card is. Some public facts say where a card is not: a
        trade that failed because its responder lacked the asked card (PF-R10), a card the rules
        never leave in a hand (POTA-R3). A game that keeps such facts (as public fields) answers
        here whether the cards now lying in its zones satisfy them; the determinisation sampler
        deals again until they do. The default: no such facts.
        """
        return True

    def cards_never_in(self, zone: int) -> frozenset[int]:
        """Cards the game's public facts never leave in ``zone`` (POTA-R3: no X card in a hand).

        A shortcut for the determinisation sampler, which then rejects a deal that puts one
        of these cards into such a zone before it builds the state, instead of building it and
        asking :meth:`agrees_with_public_facts`. It must be a subset of what that method
        rejects (any state with such a card there disagrees), so the samples stay the same;
        ``tests/core/test_sampler.py`` checks it. The default: none.
        """
        return frozenset()

    def fit_public_facts(self, seat: int, rng: Rng) -> None:
        """Move this fresh deal for ``seat`` towards :meth:`agrees_with_public_facts`.

        Some facts are too strong for dealing again until they hold (a Score! hand of twelve
        with no Single of three values: one random deal in millions). A game with such facts
        swaps cards ``seat`` cannot see here, each keeping its place's marks, so that the deal
        then agrees; the sampler still checks and deals again when it does not. Default: nothing.
        """
        return

    def action_audience(self, seat: int, action_id: int) -> int:
        """Seats (bitmask) that learn which action ``seat`` took; everyone by default.

        Like :meth:`hidden_action_text`, a function of the seat and the action alone, never of
        the position: a history entry reads the same for ever once made, which the web table's
        per-seat logs rely on (they read each entry once; ``tests/server/test_seat_logs.py``)."""
        return self.spec.layout.all_mask

    def hidden_action_text(self, seat: int, action_id: int) -> str:
        """What seats outside the audience read in the history instead of the action."""
        return "makes a hidden choice"

    # ------------------------------------------------------------------ the checked protocol

    @property
    def actions(self) -> ActionSpace:
        return self.spec.actions

    def legal_actions(self, seat: int) -> list[Action]:
        """The legal actions of ``seat``, sorted by id."""
        space = self.spec.actions
        return [space.action(a) for a in self.legal_action_ids(seat)]

    def action_data(self, action_id: int) -> ActionData:
        """What an action id means, as a kind and named arguments (see :class:`ActionData`).

        The same as ``legal_actions(seat)[i].data``; for callers that hold a plain id.
        """
        return self.spec.actions.data(action_id)

    def to_action(self, action: object) -> Action:
        """Accept an Action, an id, a text or an :class:`ActionData` and return the Action of
        this game's space.

        Anything else is refused with :class:`IllegalAction`. The parameters of this and the
        other entry points for untrusted input (:meth:`apply`, :meth:`from_json`) are typed
        ``object`` on purpose: compiled with mypyc, a narrower type would make a wrong one a
        TypeError at the call instead of the clear refusal the protocol promises.
        """
        space = self.spec.actions
        if isinstance(action, Action):
            return space.action(action.id)
        if isinstance(action, bool):
            raise IllegalAction(f"{action!r} is not an action")
        if isinstance(action, int):
            return space.action(action)
        if isinstance(action, str):
            return space.parse(action)
        if isinstance(action, ActionData):
            return space.from_data(action)
        raise IllegalAction(f"{action!r} is not an action")

    def apply(self, seat: object, action: object) -> Action:
        """Apply a seat's action after checking it; on any error the state is untouched."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.num_players:
            raise IllegalAction(f"there is no seat {seat!r} in this {self.num_players}-seat game")
        chosen = self.to_action(action)
        if self.is_terminal():
            raise IllegalAction(f"the game is over; '{chosen.text}' cannot be played")
        waiting = list(self.to_act())
        if seat not in waiting:
            if self.pending[seat] != NO_COMMIT:
                raise IllegalAction(f"seat {seat} has already committed its choice for this turn")
            raise IllegalAction(f"it is not seat {seat}'s turn; waiting for seat(s) {waiting}")
        if chosen.id not in self.legal_action_ids(seat):
            why = self.explain_illegal(seat, chosen.id) or "it is not among the legal actions now"
            raise IllegalAction(f"seat {seat} cannot '{chosen.text}': {why}")
        self.apply_unchecked(seat, chosen.id)
        return chosen

    def apply_unchecked(self, seat: int, action_id: int) -> None:
        """The fast path: apply a legal action id without checks (search, simulation, replay)."""
        self.history.append((seat, action_id))
        self._apply(seat, action_id)

    # ------------------------------------------------------------------ helpers for games

    def commit(self, seat: int, action_id: int, seats: Iterable[int]) -> bool:
        """Record a face-down choice; True once every one of ``seats`` has committed."""
        pending = self.pending
        pending[seat] = action_id
        return all(pending[s] != NO_COMMIT for s in seats)

    def clear_commits(self) -> None:
        """Forget the resolved commitments."""
        self.pending = [NO_COMMIT for _ in range(self.num_players)]  # compiled: no generic `*`

    def note(self, text: str, audience: int = -1) -> None:
        """Add a line to the table log (``audience`` bitmask; -1 = everyone). No-op when off."""
        if self.events is not None:
            self.events.append((audience, text, len(self.history)))

    def zone(self, name: str) -> list[int]:
        """The card list of a zone by name (slow: games keep zone indexes)."""
        return self.zones[self.spec.layout.index[name]]

    def move(self, card: int, src: int, dst: int, bottom: bool = False) -> None:
        """Move a card openly: whoever could see it at ``src`` knows where it went.

        Cards go on top of ``dst`` (the end of its list), or under it with ``bottom=True`` (a
        card put under a deck by a seat stays known to that seat, as the Score! lead's are).
        """
        layout = self.spec.layout
        if layout.unordered[src] and self.spec.cards.has_copies:
            self._share_copy_marks(card, src)
        take_out(self.zones[src], card)
        if bottom:
            self.zones[dst].insert(0, card)
        else:
            self.zones[dst].append(card)
        self.seen[card] = (
            layout.all_mask if layout.public[src] else (layout.owner_bit[src] | self.seen[card])
        )

    def move_secret(self, card: int, src: int, dst: int, audience: int) -> None:
        """Move a card face down: only ``audience`` learns it; other seats lose track of ``src``."""
        if self.spec.layout.unordered[src] and self.spec.cards.has_copies:
            self._share_copy_marks(card, src)
        take_out(self.zones[src], card)
        self.zones[dst].append(card)
        self.seen[card] = audience
        keep = audience | self.spec.layout.owner_bit[src]
        seen = self.seen
        for other in self.zones[src]:
            mark = seen[other]
            if mark & ~keep:  # a store only where a seat loses track (most marks are kept)
                seen[other] = mark & keep

    def _share_copy_marks(self, card: int, src: int) -> None:
        """Before ``card`` leaves an unordered zone: make the marks of its identical copies there
        independent of which copy the rules picked (by filing order, usually).

        A seat that knew ``k`` copies of the name there saw one of them go (copies look alike),
        so it follows the moving card and still knows ``k - 1`` of the rest, whichever copy the
        engine chose. The rest are marked in a canonical order (by id).
        """
        cards = self.spec.cards
        seen = self.seen
        owner = self.spec.layout.owner_bit[src]
        # First the marks of the card's copies wherever they lie (one or three reads, not a
        # walk of the hand): if nobody but the owner knows any of them, nobody knows a copy in
        # this zone, and there is nothing to even out. So it ends for every move in Piece of
        # the Action's searches, 88% in Portfolio's, 80% in Score!'s.
        extra = seen[card] & ~owner
        for c in cards.twins[card]:
            extra |= seen[c] & ~owner
        if not extra:
            return
        zone = self.zones[src]
        rank, tags = cards.rank, self.tags
        kind, tag = rank[card], tags[card]
        # One pass without a list first: usually nobody but the owner knows any copy (a hand
        # in a search sample), and then there is nothing to even out. The profile of compiled
        # Score! searches showed the list built per move as 6% of all time.
        extra = seen[card] & ~owner
        copies = False
        for c in zone:
            if c != card and rank[c] == kind and tags[c] == tag:
                copies = True
                extra |= seen[c] & ~owner
        if not copies or not extra:
            return  # no copy there, or nobody but the owner knows any: nothing to even out
        others = [c for c in zone if c != card and rank[c] == kind and tags[c] == tag]
        others.sort()
        moving = seen[card] & owner
        rest = [seen[c] & owner for c in others]
        for seat in range(self.num_players):
            bit = 1 << seat
            if not extra & bit:
                continue
            known = (seen[card] & bit != 0) + sum(1 for c in others if seen[c] & bit)
            moving |= bit
            for i in range(known - 1):
                rest[i] |= bit
        seen[card] = moving
        for c, mark in zip(others, rest, strict=True):
            seen[c] = mark

    def shuffle_zone(self, zone: int) -> None:
        """Shuffle a zone with the game's RNG; nobody knows where any of its cards are.

        A reshuffle during play first puts the cards in canonical order (by name, see
        :meth:`sorted_cards`): they were gathered from hands whose filing order, and from
        identical copies whichever one a rule picked, is nobody's information, and the new
        order must not depend on it. The opening deal shuffles the deck as it was built.
        """
        cards = self.zones[zone]
        if self.history:
            cards[:] = canonical(cards, self.spec.cards.rank)
        self.rng.shuffle(cards)
        seen = self.seen
        for card in cards:
            seen[card] = 0

    def visible(self, seat: int | None, zone: int, card: int) -> bool:
        """May ``seat`` (None = spectator) see ``card`` where it lies in ``zone``?"""
        layout = self.spec.layout
        if layout.public[zone]:
            return True
        if seat is None:
            return False
        return bool(((layout.owner_bit[zone] | self.seen[card]) >> seat) & 1)

    def zone_view(self, seat: int | None, zone: int) -> list[str | None]:
        """The zone as ``seat`` sees it: names, ``None`` for a card it cannot see.

        The one place that decides how a zone is shown. An ordered zone keeps its order. An
        unordered one (a hand) shows the cards ``seat`` knows sorted by the card set's
        canonical rank, then one ``None`` per card it does not know: where an unknown card sat,
        and so which index a known card moves to when it leaves, is not the seat's to know.
        """
        names = self.spec.cards.names
        cards = self.zones[zone]
        if not self.spec.layout.unordered[zone]:
            return [names[c] if self.visible(seat, zone, c) else None for c in cards]
        known = canonical([c for c in cards if self.visible(seat, zone, c)], self.spec.cards.rank)
        shown: list[str | None] = [names[c] for c in known]
        shown.extend([None] * (len(cards) - len(known)))
        return shown

    def sorted_cards(self, cards: Iterable[int]) -> list[int]:
        """``cards`` in the canonical order of :meth:`zone_view`: for a rule that moves or names
        several cards of an unordered zone at once, so their order is not the filing order."""
        return canonical(cards, self.spec.cards.rank)

    def card_name(self, card: int) -> str:
        return self.spec.cards.names[card]

    # ------------------------------------------------------------------ copies

    def _blank(self) -> State:
        """A blank state of this state's class for :meth:`clone` to fill.

        A game may return its own class here by name: compiled, that is a direct call of the
        class's constructor, where ``type(self)(...)`` is a call through Python with a keyword
        argument (a sixth of a clone: docs/performance.md, "Tenth sitting: Magic Show and
        Portfolio instructions"). It must build exactly ``type(self)(self.spec, 0, blank=True)``.
        """
        return type(self)(self.spec, 0, blank=True)

    def clone(self) -> State:
        """An independent copy (zones and lists copied; the table spec is shared)."""
        new = self._blank()
        new.num_players = self.num_players
        new.options = self.options
        new.zones = [z[:] for z in self.zones]
        new.seen = self.seen[:]
        new.tags = self.tags[:]
        new.pending = self.pending[:]
        new.history = self.history[:]
        new.events = None if self.events is None else self.events[:]
        new.rng = self.rng.copy()
        self._copy_scalars(new)
        return new

    def _copy_scalars(self, new: State) -> None:
        """Copy the fields named in ``SCALARS`` into ``new`` (lists, and lists in lists, copied).

        This generic copy reads each field by name; compiled, that is a descriptor lookup per
        field, which the profile of IS-MCTS showed as a good part of every clone and so of every
        search sample (docs/performance.md, "IS-MCTS speed"). The games override it with the same
        copy written out field by field (a C struct access each, compiled);
        ``tests/core/test_clone_fields.py`` checks that every game's copy covers ``SCALARS``.
        """
        for name in type(self).SCALARS:
            value = getattr(self, name)
            if type(value) is list:
                value = [v[:] if type(v) is list else v for v in value]
            setattr(new, name, value)

    def determinize(self, seat: int, rng: Rng) -> State:
        """A full state consistent with everything ``seat`` knows, unseen cards re-dealt at random.

        Cards ``seat`` cannot see are pooled and dealt back at random into the same places (each
        place keeps its own knowledge marks, so other seats' knowledge keeps its shape); other
        seats' face-down commitments are re-chosen at random among their legal choices; the game's
        RNG is re-seeded, so future shuffles are not predictable either. A deal in which a seat
        that must act has no legal action is impossible (everyone sees who must act) and is
        dealt again, as is one that contradicts the game's other public facts
        (:meth:`agrees_with_public_facts`). History and log are dropped: they may name hidden
        choices.
        """
        return self.sampler(seat)(rng)

    def sampler(self, seat: int) -> Callable[[Rng], State]:
        """``determinize(seat, ·)`` prepared once for many calls: the same state for the same rng
        (see :func:`cardtable.core.determinize.make_sampler`)."""
        return make_sampler(self, seat)

    # ------------------------------------------------------------------ observation

    def observation(
        self, seat: int | None, history: bool = True, shared: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """Everything ``seat`` may know, as JSON-able data; ``None`` is a spectator.

        Zones list card names, with ``None`` for a card the seat cannot see. A zone whose order
        is not a fact of the table (a hand, see :class:`~cardtable.core.zones.ZoneSpec`) is
        shown in the canonical order of :meth:`zone_view`, so the order in which the engine
        filed its cards tells nobody anything. Other seats' commitments show only whether they
        have committed. History shows hidden actions as what their outsiders saw.

        ``history=False`` leaves ``history``, ``history_data`` and ``log`` empty: they cost in
        proportion to the game's length, and a caller that keeps them itself, entry by entry
        through :meth:`history_entry` and :meth:`hears` (the web table's per-seat logs,
        ``cardtable.server.seatlog``), should not pay for them again on every view.

        ``shared``: the parts that read the same to every seat, kept from the first call made
        with the same dict and handed to the later ones as those very objects (the web table's
        broadcast makes one observation per seat of one state): ``to_act``, ``terminal``,
        ``scores``, ``returns``, ``committed``, ``public`` and every public zone. Empty at the
        first call, which fills it; only for observations of one unchanged state, with
        ``history=False``.
        """
        if shared is not None and shared and not history:
            return self._observe_shared(seat, shared)
        layout = self.spec.layout
        zones: dict[str, list[str | None]] = {}
        for zi in range(len(self.zones)):
            zones[layout.specs[zi].name] = self.zone_view(seat, zi)
        space = self.spec.actions
        own_commit = None
        if seat is not None and self.pending[seat] != NO_COMMIT:
            own_commit = space.action(self.pending[seat]).text
        entries: list[list[Any]] = []
        history_data: list[dict[str, Any] | None] = []
        log: list[str] = []
        if history:
            for actor, aid in self.history:
                text, data = self.history_entry(seat, actor, aid)
                entries.append([actor, text])
                history_data.append(None if data is None else dict(data.to_json()))
            if self.events is not None:
                for audience, text, _step in self.events:
                    if self.hears(seat, audience):
                        log.append(text)
        terminal = self.is_terminal()
        view: dict[str, Any] = {
            "game": self.GAME,
            "num_players": self.num_players,
            "seat": seat,
            "to_act": list(self.to_act()),
            "terminal": terminal,
            "scores": self.scores(),
            "returns": self.returns() if terminal else None,
            "committed": [p != NO_COMMIT for p in self.pending],
            "my_commit": own_commit,
            "public": self.public_view(),
            "zones": zones,
            "history": entries,
            "history_data": history_data,
            "log": log,
        }
        if shared is not None:
            for key in ("to_act", "terminal", "scores", "returns", "committed", "public"):
                shared[key] = view[key]
            public_zones: dict[str, list[str | None]] = {}
            for zi in range(len(self.zones)):
                if layout.public[zi]:
                    name = layout.specs[zi].name
                    public_zones[name] = zones[name]
            shared["public_zones"] = public_zones
        return view

    def _observe_shared(self, seat: int | None, shared: dict[str, Any]) -> dict[str, Any]:
        """:meth:`observation` of a later seat without the history, with the seat-independent
        parts from ``shared`` (filled by the first seat's)."""
        layout = self.spec.layout
        public_zones: dict[str, list[str | None]] = shared["public_zones"]
        zones: dict[str, list[str | None]] = {}
        for zi in range(len(self.zones)):
            name = layout.specs[zi].name
            if layout.public[zi]:
                zones[name] = public_zones[name]
            else:
                zones[name] = self.zone_view(seat, zi)
        own_commit = None
        if seat is not None and self.pending[seat] != NO_COMMIT:
            own_commit = self.spec.actions.action(self.pending[seat]).text
        return {
            "game": self.GAME,
            "num_players": self.num_players,
            "seat": seat,
            "to_act": shared["to_act"],
            "terminal": shared["terminal"],
            "scores": shared["scores"],
            "returns": shared["returns"],
            "committed": shared["committed"],
            "my_commit": own_commit,
            "public": shared["public"],
            "zones": zones,
            "history": [],
            "history_data": [],
            "log": [],
        }

    def hears(self, seat: int | None, audience: int) -> bool:
        """Whether ``seat`` (None = spectator) is told a log line written for ``audience`` (a
        bitmask of seats, -1 for everyone; see :meth:`note`): a spectator only hears what
        everyone does. The one place that decides it, for the observation's log, the timeline
        and the web table's per-seat logs."""
        return audience == -1 or (seat is not None and (audience >> seat) & 1 == 1)

    def history_text(self, seat: int | None, actor: int, action_id: int) -> str:
        """One history entry as ``seat`` (None = spectator) reads it: the action's text when
        ``seat`` is in its audience (:meth:`action_audience`; a spectator only when everyone
        is), else what outsiders saw (:meth:`hidden_action_text`).

        The one place that decides which seats may see a history entry: observations, the
        timeline, the server's replays and the OpenSpiel adapter all read entries through it
        (or through :meth:`history_entry`, which adds the action's data by the same decision).
        """
        audience = self.action_audience(actor, action_id)
        if audience == self.spec.layout.all_mask or (seat is not None and (audience >> seat) & 1):
            return self.spec.actions.action(action_id).text
        return self.hidden_action_text(actor, action_id)

    def history_entry(
        self, seat: int | None, actor: int, action_id: int
    ) -> tuple[str, ActionData | None]:
        """One history entry as ``seat`` reads it: the text of :meth:`history_text` and the
        action's data, or None where the text is hidden from ``seat``.

        The data follows the text's decision: it is given exactly when the text is the action's
        own, so a face-down choice read by an outsider carries no data (the data of a hidden
        action would name its card).
        """
        text = self.history_text(seat, actor, action_id)
        action = self.spec.actions.action(action_id)
        return text, (action.data if text == action.text else None)

    def timeline(self, seat: int | None) -> list[tuple[int | None, str]]:
        """The history and the log merged in the order things happened, as ``seat`` saw them.

        Each action is an ``(actor, text)`` entry (a hidden one as its outsiders saw it),
        followed by the log lines it caused as ``(None, line)``; lines of the deal come first.
        """
        return [(actor, text) for actor, text, _data in self.timeline_entries(seat)]

    def timeline_entries(self, seat: int | None) -> list[tuple[int | None, str, ActionData | None]]:
        """:meth:`timeline` with each entry's action data beside its text: the data of a move
        ``seat`` may read (:meth:`history_entry`), None for a hidden move and for a log line."""
        by_step: dict[int, list[str]] = {}
        for audience, text, step in self.events or ():
            if self.hears(seat, audience):
                by_step.setdefault(step, []).append(text)
        out: list[tuple[int | None, str, ActionData | None]] = [
            (None, line, None) for line in by_step.get(0, [])
        ]
        for index, (actor, aid) in enumerate(self.history, start=1):
            text, data = self.history_entry(seat, actor, aid)
            out.append((actor, text, data))
            out.extend((None, line, None) for line in by_step.get(index, []))
        return out

    # ------------------------------------------------------------------ JSON

    def to_json(self) -> dict[str, Any]:
        """The whole state as plain data (the documented format of ``docs/state-format.md``)."""
        layout = self.spec.layout
        names = self.spec.cards.names
        space = self.spec.actions
        zones: dict[str, list[Any]] = {}
        for zi, cards in enumerate(self.zones):
            entries: list[Any] = []
            for card in cards:
                # In a public zone everyone sees the card, so its marks carry no information.
                extra_seen = (
                    0
                    if layout.public[zi]
                    else (self.seen[card] & ~layout.owner_bit[zi] & layout.all_mask)
                )
                tag = self.tags[card]
                if extra_seen or tag:
                    entry: dict[str, Any] = {"card": names[card]}
                    if extra_seen:
                        entry["seen"] = [s for s in range(self.num_players) if extra_seen >> s & 1]
                    if tag:
                        entry["tag"] = tag
                    entries.append(entry)
                else:
                    entries.append(names[card])
            zones[layout.specs[zi].name] = entries
        return {
            "game": self.GAME,
            "num_players": self.num_players,
            "options": options_to_json(self.options),
            "rng": self.rng.state,
            "state": {name: plain(getattr(self, name)) for name in self.SCALARS},
            "pending": [None if p == NO_COMMIT else space.action(p).text for p in self.pending],
            "zones": zones,
            "history": [[seat, space.action(aid).text] for seat, aid in self.history],
        }

    @classmethod
    def from_json(cls, data: object) -> State:
        """Rebuild a state from :meth:`to_json` output or a hand-written position.

        Positions are untrusted input, checked field by field before play; any problem is a
        :class:`~cardtable.core.errors.StateFormatError` naming it (see
        :mod:`cardtable.core.loading`).
        """
        return load_json(cls, data)

    def _coerce_scalar(self, name: str, value: Any) -> Any:
        """Hook: accept a friendlier hand-written spelling (a colour name for its index)."""
        return value

    def _after_load(self) -> None:  # noqa: B027 - optional hook
        """Hook: check a loaded position and recompute caches after :meth:`from_json`.

        Raise :class:`StateFormatError` naming the problem for anything the rules cannot reach
        (a card in a pile that never holds it, a hand larger than the rules deal, a phase that
        does not exist). The core checks face-down commitments afterwards.
        """

    def __eq__(self, other: object) -> bool:
        """Equal when their JSON forms are equal (card ids themselves are interchangeable)."""
        if not isinstance(other, State):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.num_players} seats, {len(self.history)} actions>"
