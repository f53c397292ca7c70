"""Determinisations must agree with the public history, not only with the present view.

A determinisation of a seat's view re-deals the cards the seat has not seen. It is a possible
world only if the game, played from a start holding those cards, could have produced everything
the seat was told on the way. The check is a replay by card identity:

1. ``world`` is a determinisation of ``real`` for ``seat``. Card ids are interchangeable labels,
   so the re-deal is a relabelling ``pi``: the card lying in a place in ``real`` is replaced by
   the card lying in that place in ``world``.
2. The same relabelling is applied to ``base``, a past state of the real game (its start, or
   the state just after the latest step that drew on the game's RNG: a reshuffle orders its
   cards by name first, so a relabelled replay through it would deal another order).
3. The real actions since ``base`` are replayed, checked, from the relabelled base; after every
   step the seat's observation (zones, log, history, public fields, who acts) must be the one
   the real game gave. The replay ends in ``real``'s present, where the determinisation must
   show the seat what ``real`` shows it.

A world that contradicts a public fact fails: a card named in an offer but dealt elsewhere makes
the replayed offer illegal; a card a trade proved absent, dealt back into that hand, turns the
void trade of the log into a done one; a card the seat watched go somewhere changes its view.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from cardtable.core import Rng, State
from cardtable.games.nacho_loco import rules as nacho_rules
from cardtable.games.score.cards import VALUE

#: Divergences the replay may fail to explain, per game: (ruling, predicate on a log line that
#: differs between the real game and the replay, or on the text of an action the replay could
#: not play). Nacho Loco's draw facts (NL-R16, NL-R15) are kept as counts and honoured by the
#: sampler, but which card of a hand came when is not public, so a world that keeps every count
#: may need a history the search below (filings, then swapped roles) does not find within its
#: budget. Such a world is counted, not failed, and only if it keeps every fact the game keeps
#: (checked here, apart from the sampler's own hooks: :func:`keeps_facts`); a world that breaks
#: one fails. docs/architecture.md gives the rate. Every other divergence is an impossible world.
KNOWN_GAPS: dict[str, list[tuple[str, Callable[[str], bool]]]] = {
    "nacho-loco": [
        # A seat may draw only when no card of its hand fits (NL-R16, NL-R17), and the table
        # learns whether the drawn card fits (NL-R15): worlds that keep both, whose history the
        # search did not find.
        ("NL-R16", lambda text: text == "draw"),
        ("NL-R15", lambda text: "draws a card that fits" in text or "draws and cannot" in text),
    ],
}


def _core(obs: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in obs.items() if k not in ("history", "history_data", "log")}


def relabelling(real: State, world: State) -> list[int] | None:
    """The card ``world`` holds where ``real`` holds each card; None if the world is not a
    re-deal of ``real`` (a zone of another size, a card twice)."""
    ncards = len(real.spec.cards)
    pi = list(range(ncards))
    for zi, zone in enumerate(real.zones):
        other = world.zones[zi]
        if len(other) != len(zone):
            return None
        for card, dealt in zip(zone, other, strict=True):
            pi[card] = dealt
    return pi if sorted(pi) == list(range(ncards)) else None


def relabel(base: State, pi: list[int]) -> State:
    """``base`` with every card ``c`` replaced by ``pi[c]`` (marks and tags go with the place)."""
    start = base.clone()
    start.zones = [[pi[c] for c in zone] for zone in base.zones]
    for card in range(len(pi)):
        start.seen[pi[card]] = base.seen[card]
        start.tags[pi[card]] = base.tags[card]
    return start


def _same_places(replay: State, after: list[list[int]], pi: list[int]) -> bool:
    """Does every zone of ``replay`` hold the relabelled cards of ``truth``'s (by name, in any
    order: which of two identical copies a rule picks is the engine's affair)?"""
    names = replay.spec.cards.names
    return all(
        sorted(names[c] for c in mine) == sorted(names[pi[c]] for c in theirs)
        for mine, theirs in zip(replay.zones, after, strict=True)
    )


def _branches(
    replay: State, after: list[list[int]], pi: list[int], seat: int, actor: int, action: int
) -> list[State]:
    """The ways ``replay`` can take the step ``actor`` took in the real game (``after``: the real
    zones after it), most likely first; none if it cannot.

    An action the seat sees is replayed as it is. One hidden from the seat (a face-down pass)
    may have named a card the relabelling renamed, and a face-down commitment moves nothing
    until it is resolved, so every hidden action of the actor is a branch: first those that
    move the same physical cards (the action itself first), then the others. The seat only
    knows that a hidden action was taken.
    """
    if actor not in replay.to_act():
        return []
    legal = replay.legal_action_ids(actor)
    if replay.action_audience(actor, action) >> seat & 1:
        if action not in legal:
            return []
        replay.apply_unchecked(actor, action)
        return [replay]
    same: list[State] = []
    other: list[State] = []
    for choice in sorted(legal, key=lambda a: a != action):
        if replay.action_audience(actor, choice) >> seat & 1:
            continue
        trial = replay.clone()
        trial.apply_unchecked(actor, choice)
        (same if _same_places(trial, after, pi) else other).append(trial)
    return same + other


class History:
    """What ``seat`` was told from ``base`` on, along the real ``actions``: its observation
    before each action and after the last, and the real zones after each action."""

    def __init__(self, base: State, actions: list[tuple[int, int]], seat: int) -> None:
        self.base, self.actions, self.seat = base, actions, seat
        truth = base.clone()
        self.views = [truth.observation(seat)]
        self.zones: list[list[list[int]]] = []
        for actor, action in actions:
            truth.apply_unchecked(actor, action)
            self.views.append(truth.observation(seat))
            self.zones.append([z[:] for z in truth.zones])


def refiled(world: State, seat: int, rng: Rng) -> State:
    """``world`` with the unseen cards of each unordered zone (a hand) shuffled among their
    places of the same marks and tag: the same world, since a hand has no order. The relabelling
    pairs places, so another filing pairs a card of the world with another card of the real
    game (say, with one drawn after a fact rather than one held at the time)."""
    other = world.clone()
    for zi, zone in enumerate(other.zones):
        if not other.spec.layout.unordered[zi]:
            continue
        groups: dict[tuple[int, int], list[int]] = {}
        for i, card in enumerate(zone):
            if not other.visible(seat, zi, card):
                groups.setdefault((other.seen[card], other.tags[card]), []).append(i)
        for places in groups.values():
            cards = [zone[i] for i in places]
            rng.shuffle(cards)
            for i, card in zip(places, cards, strict=True):
                zone[i] = card
    return other


#: Relabellings :func:`_swap_roles` tries for a world no filing replays.
ROLE_TRIES = 400
#: Fresh starts among them: the climb is greedy and can settle where no move helps.
ROLE_RESTARTS = 4

#: Each card's kind as the game's hand facts (a ``lacks`` field of ``[seat, bound, kind, ...]``,
#: see ``cardtable.core.handfacts``) name it, for :func:`by_arrival`.
FACT_KINDS: dict[str, Callable[[Any], Sequence[int]]] = {
    "nacho-loco": lambda st: st.cfg.type_of,
    "score": lambda st: VALUE,
}


def by_arrival(world: State, seat: int) -> State | None:
    """``world`` with each hand's unseen cards filed by how late the facts say they came: a card
    whose kind ``k`` facts of its seat list came after the ``k``-th of them (a later fact lists
    only kinds every earlier one lists too, see ``handfacts.widen``), so the cards listed most go
    to the places the real game filled last (hands are kept in the order cards came). None when
    the game keeps no such facts."""
    kinds = FACT_KINDS.get(world.GAME)
    facts = getattr(world, "lacks", None)
    if kinds is None or not facts:
        return None
    kind = kinds(world)
    other = world.clone()
    layout = other.spec.layout
    for zi, zone in enumerate(other.zones):
        owner = layout.owner_bit[zi]
        if not layout.unordered[zi] or owner == 0 or owner & (owner - 1):
            continue
        mine = [f for f in facts if 1 << f[0] == owner]
        groups: dict[tuple[int, int], list[int]] = {}
        for i, card in enumerate(zone):
            if not other.visible(seat, zi, card):
                groups.setdefault((other.seen[card], other.tags[card]), []).append(i)
        for places in groups.values():
            cards = sorted(
                (zone[i] for i in places), key=lambda c: sum(kind[c] in f[2:] for f in mine)
            )
            for i, card in zip(places, cards, strict=True):
                zone[i] = card
    return other


def transposed(world: State, seat: int, rng: Rng, actor: int) -> State:
    """``world`` with two unseen cards of one unordered zone (a hand) of ``actor``'s (any hand if
    it has none), of the same marks and tag, swapped: the same world filed another way (see
    :func:`refiled`)."""
    other = world.clone()
    layout = other.spec.layout
    owned = [
        zi for zi in range(len(other.zones)) if actor >= 0 and layout.owner_bit[zi] == 1 << actor
    ]
    groups: list[tuple[int, list[int]]] = []
    for zi, zone in enumerate(other.zones):
        if not layout.unordered[zi] or (owned and zi not in owned and actor >= 0):
            continue
        by_marks: dict[tuple[int, int], list[int]] = {}
        for i, card in enumerate(zone):
            if not other.visible(seat, zi, card):
                by_marks.setdefault((other.seen[card], other.tags[card]), []).append(i)
        groups.extend((zi, places) for places in by_marks.values() if len(places) > 1)
    if groups:
        zi, places = groups[rng.below(len(groups))]
        i, j = _two(places, rng)
        zone = other.zones[zi]
        zone[i], zone[j] = zone[j], zone[i]
    return other


def _two(places: list[int], rng: Rng) -> tuple[int, int]:
    first = rng.below(len(places))
    second = rng.below(len(places) - 1)
    return places[first], places[second + (second >= first)]


def inconsistency(history: History, real: State, world: State, refilings: int = 60) -> str | None:
    """Why ``world`` (a determinisation of ``real`` for ``history.seat``) contradicts what the
    seat was told since the history's base, or None; ``"gap <ruling>"`` for a known gap
    (``KNOWN_GAPS``).

    The world passes when one filing of its hands replays the history: that filing is a history
    that could have led to it. Which hand card came when is not public (the facts a game keeps
    about hands are counts), so a fitting world may need another filing than the one dealt: the
    search tries the world itself, then up to ``refilings`` others, each a random refiling or a
    swap of two cards in the filing that has replayed furthest so far (a climb: a fact about a
    hand fails at the step it was learned, so a filing that gets further is closer)."""
    seat = history.seat
    if _core(world.observation(seat)) != _core(real.observation(seat)):
        return "the world shows the seat another present"
    failed = _replay(history, real, world)
    if failed is None:
        return None
    arrived = by_arrival(world, seat)
    if arrived is not None and _replay(history, real, arrived) is None:
        return None
    rng = Rng(len(history.actions))
    best, depth = world, failed[2]
    for k in range(refilings):
        actor = history.actions[depth][0] if 0 <= depth < len(history.actions) else -1
        trial = refiled(world, seat, rng) if k % 4 == 0 else transposed(best, seat, rng, actor)
        again = _replay(history, real, trial)
        if again is None:
            return None
        if again[2] >= depth:
            best, depth = trial, again[2]
    for _ in range(ROLE_RESTARTS):
        if _swap_roles(history, real, world, failed[2], rng, ROLE_TRIES // ROLE_RESTARTS):
            return None
    gap = known_gap(real.GAME, failed[1]) if keeps_facts(world) else None
    return failed[0] if gap is None else "gap " + gap


def keeps_facts(world: State) -> bool:
    """Does every hand keep to the facts the game keeps about hands (``lacks``, ``holds``),
    counted here rather than by the game's own hooks, which the sampler uses; and does a Nacho
    Loco drawn card being decided on fit (NL-R15)?"""
    kinds = FACT_KINDS.get(world.GAME)
    if kinds is None:
        return True
    kind = kinds(world)
    layout = world.spec.layout
    owned = [
        [
            c
            for zi, zone in enumerate(world.zones)
            if layout.owner_bit[zi] == 1 << seat
            for c in zone
        ]
        for seat in range(world.num_players)
    ]
    for facts, at_most in (
        (getattr(world, "lacks", []), True),
        (getattr(world, "holds", []), False),
    ):
        for fact in facts:
            held = sum(kind[c] in fact[2:] for c in owned[fact[0]])
            if (held > fact[1]) if at_most else (held < fact[1]):
                return False
    if world.GAME == "nacho-loco" and getattr(world, "phase", "") == "drawn":
        fitting = {t for t in set(kind) if nacho_rules.can_place(world, {t})}  # type: ignore[arg-type]
        return all(kind[c] in fitting for c in owned[world.to_act()[0]] if world.tags[c])
    return True


def _replay(
    history: History, real: State, world: State, pi: list[int] | None = None
) -> tuple[str, list[str], int] | None:
    """Replay the relabelled history, trying the branches of hidden actions depth first within
    a budget: None when one reaches the present, else why the deepest failed, the texts at
    fault (the log lines that differ, or the action that could not be played) and its step.

    ``pi`` is the relabelling by place unless given (:func:`_swap_roles`); a given one must also
    end in ``world`` itself, which the relabelling by place does by construction."""
    given = pi is not None
    if pi is None:
        pi = relabelling(real, world)
    if pi is None:
        return "the world is not a re-deal of the real cards", [], -1
    seat, actions, views = history.seat, history.actions, history.views
    stack = [(0, relabel(history.base, pi))]
    deepest: tuple[int, str, list[str]] = (-1, "", [])
    budget = 4 * len(actions) + 20
    while stack and budget > 0:
        budget -= 1
        step, replay = stack.pop()
        view = replay.observation(seat)
        if view != views[step]:
            if step > deepest[0]:
                lines = list(_diff(views[step]["log"], view["log"]))
                deepest = (step, f"the seat's view differs {step} actions after the base", lines)
            continue
        if step == len(actions):
            if not given or _same_world(replay, world):
                return None
            if step > deepest[0]:
                deepest = (step, "the replay ends in another world", [])
            continue
        actor, action = actions[step]
        branches = _branches(replay, history.zones[step], pi, seat, actor, action)
        if not branches and step > deepest[0]:
            text = real.actions.action(action).text
            why = f"seat {actor} could not have played {text!r} ({step} actions after the base)"
            deepest = (step, why, [text])
        stack.extend((step + 1, branch) for branch in reversed(branches))
    return deepest[1] or "the replay ran out of budget", deepest[2], deepest[0]


def _same_world(replay: State, world: State) -> bool:
    """Do the two hold the same cards by name in every zone (in order where order counts)?"""
    names = world.spec.cards.names
    for zi, (mine, theirs) in enumerate(zip(replay.zones, world.zones, strict=True)):
        one, two = [names[c] for c in mine], [names[c] for c in theirs]
        if world.spec.layout.unordered[zi]:
            one, two = sorted(one), sorted(two)
        if one != two:
            return False
    return True


def _swap_roles(
    history: History, real: State, world: State, depth: int, rng: Rng, tries: int
) -> bool:
    """Search relabellings other than by place: which card of a hand came when is not public, so
    a world may need a history in which another card of the hand was the one laid later (the
    real seat laid a card it drew after a fact; the world's history lays one it held before). A
    move swaps the roles of two cards hidden from the seat at the base that the seat whose step
    failed held from that step on (held then, or gained later; laid since or still held). A move
    is kept when the replay gets as far or further; True when one replays the whole history and
    ends in ``world``."""
    seat, base = history.seat, history.base
    pi = relabelling(real, world)
    if pi is None:
        return False
    hidden = {
        c for zi, zone in enumerate(base.zones) for c in zone if not base.visible(seat, zi, c)
    }
    backs = real.spec.cards.backs
    owner_bit = base.spec.layout.owner_bit
    for _ in range(tries):
        if not 0 <= depth < len(history.actions):
            return False
        bit = 1 << history.actions[depth][0]
        states = [base.zones, *history.zones][depth:]
        roles = sorted(
            {
                c
                for zones in states
                for zi, zone in enumerate(zones)
                if owner_bit[zi] == bit
                for c in zone
                if c in hidden
            }
        )
        if len(roles) < 2:
            return False
        one = roles[rng.below(len(roles))]
        others = [c for c in roles if c != one and backs[c] == backs[one]]
        if not others:
            continue
        two = others[rng.below(len(others))]
        trial = pi[:]
        trial[one], trial[two] = trial[two], trial[one]
        again = _replay(history, real, world, trial)
        if again is None:
            return True
        if again[2] >= depth:
            pi, depth = trial, again[2]
    return False


def _diff(one: list[str], two: list[str]) -> list[str]:
    mine, theirs = Counter(one), Counter(two)
    return list((mine - theirs) + (theirs - mine))


def known_gap(game: str, texts: list[str]) -> str | None:
    """The ruling of a known gap (``KNOWN_GAPS``) that explains these texts, or None."""
    for ruling, matches in KNOWN_GAPS.get(game, []):
        if any(matches(text) for text in texts):
            return ruling
    return None


def known_cards(state: State, seat: int) -> set[int]:
    """The cards ``seat`` can see where they lie now."""
    return {
        card
        for zi, zone in enumerate(state.zones)
        for card in zone
        if state.visible(seat, zi, card)
    }


def check_game(
    state: State, rng: Rng, *, every: int = 7, samples: int = 6, max_steps: int = 400
) -> dict[str, int]:
    """Play one random game; at every ``every``-th step sample determinisations for every seat
    and require each to agree with what the seat was told since its base. Raises
    AssertionError naming the first impossible world; returns counts of what was checked.

    A seat's base moves to the present after a step that drew on the game's RNG (see the
    module docstring) or after which the seat can no longer see a card it saw before (a card
    played face down from a hand it knew, a shuffle): the engine keeps no either-or knowledge
    ("the card I passed is in that hand or in the lead's"), so the world may legitimately
    place such a card anywhere unseen, and the replay starts after the forgetting.
    """
    counts = {"points": 0, "worlds": 0, "actions replayed": 0}
    seats = range(state.num_players)
    bases = [state.clone() for _ in seats]
    actions: list[list[tuple[int, int]]] = [[] for _ in seats]
    known = [known_cards(state, seat) for seat in seats]
    for step in range(max_steps):
        if state.is_terminal():
            break
        if step % every == 0:
            counts["points"] += 1
            for seat in seats:
                sample = state.sampler(seat)
                history = History(bases[seat], actions[seat], seat)
                for _ in range(samples):
                    world = sample(rng)
                    why = inconsistency(history, state, world)
                    if why is not None and why.startswith("gap "):
                        counts[why] = counts.get(why, 0) + 1
                        continue
                    if why is not None:
                        raise AssertionError(
                            f"{state.GAME}: a determinisation for seat {seat} after "
                            f"{len(state.history)} actions is impossible: {why}"
                        )
                    counts["worlds"] += 1
                    counts["actions replayed"] += len(actions[seat])
        waiting = list(state.to_act())
        mover = waiting[rng.below(len(waiting))]
        ids = state.legal_action_ids(mover)
        before = state.rng.state
        state.apply_unchecked(mover, ids[rng.below(len(ids))])
        for seat in seats:
            now = known_cards(state, seat)
            if state.rng.state != before or known[seat] - now:
                bases[seat], actions[seat] = state.clone(), []
            else:
                actions[seat].append(state.history[-1])
            known[seat] = now
    return counts
