"""A draw turn is a public fact about a hand (NL-R16): the seat held no card that fitted the
Playfield then; and whether the drawn card fits is public too (NL-R15). Every determinisation
must honour both; before the facts were kept, bystander worlds dealt the drawer fitting cards
(63 of 200 and 211 of 400 worlds in the first test) and dealt a drawn card that fits as one
that does not."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest

from cardtable.core import Rng, State, StateFormatError, new_state
from cardtable.games.nacho_loco import facts, rules
from cardtable.games.nacho_loco.state import NachoState
from cardtable.games.nacho_loco.table import HAND0, TAG_DRAWN


def _play_until(
    seed: int, players: int, stop: Callable[[NachoState, int, str], bool]
) -> tuple[NachoState, int, set[int]]:
    """Random play until ``stop(state, seat, text)`` holds just after a draw turn: the state, the
    drawer and the card types that fitted the Playfield just before the draw."""
    state = new_state("nacho-loco", players, seed)
    assert isinstance(state, NachoState)
    chooser = random.Random(seed)
    while not state.is_terminal():
        seat = state.to_act()[0]
        action = chooser.choice(state.legal_actions(seat))
        if action.text == "draw":
            fitting = {t for t in set(state.cfg.type_of) if rules.can_place(state, {t})}
            state.apply(seat, action)
            if stop(state, seat, state.observation(seat)["log"][-1]):
                return state, seat, fitting
            continue
        state.apply(seat, action)
    raise AssertionError(f"no such draw turn in seed {seed}")


def _first_draw(seed: int, players: int) -> tuple[NachoState, int, set[int]]:
    def big_hand(state: NachoState, seat: int, text: str) -> bool:
        return len(state.zones[HAND0 + seat]) > 3

    return _play_until(seed, players, big_hand)


def _worlds(state: State, seat: int, count: int = 200) -> list[State]:
    """``count`` determinisations for every seat but ``seat``."""
    out = []
    for viewer in range(state.num_players):
        if viewer != seat:
            sample = state.sampler(viewer)
            out.extend(sample(Rng(k)) for k in range(count))
    return out


@pytest.mark.parametrize(("seed", "players"), [(0, 2), (1, 3)])
def test_a_seat_that_drew_held_no_fitting_card_in_any_world(seed: int, players: int) -> None:
    state, seat, fitting = _first_draw(seed, players)
    type_of = state.cfg.type_of
    real = sum(type_of[c] in fitting for c in state.zones[HAND0 + seat])
    assert real <= 1  # only the drawn card may fit (NL-R15 says whether it does)
    counts = [
        sum(type_of[c] in fitting for c in w.zones[HAND0 + seat]) for w in _worlds(state, seat)
    ]
    assert counts.count(real) == len(counts), sorted(set(counts))


@pytest.mark.parametrize(("seed", "players"), [(0, 2), (2, 3), (3, 4)])
def test_a_drawn_card_that_fits_fits_in_every_world(seed: int, players: int) -> None:
    """NL-R15: while the drawer decides, the marked card is one that fits, and the rest of the
    hand holds none (NL-R16)."""

    def fits(state: NachoState, seat: int, text: str) -> bool:
        return text.endswith("draws a card that fits") and len(state.zones[HAND0 + seat]) > 3

    state, seat, fitting = _play_until(seed, players, fits)
    type_of = state.cfg.type_of
    for world in _worlds(state, seat, 100):
        hand = world.zones[HAND0 + seat]
        marked = [c for c in hand if world.tags[c] == TAG_DRAWN]
        assert len(marked) == 1 and type_of[marked[0]] in fitting
        assert sum(type_of[c] in fitting for c in hand) == 1


@pytest.mark.parametrize(("seed", "players"), [(0, 2), (2, 3), (3, 4)])
def test_a_kept_card_that_fits_stays_in_every_world(seed: int, players: int) -> None:
    """NL-R15: a seat that keeps a drawn card that fits holds exactly one card of the types that
    fitted (the kept one) until it lays a card of those types."""

    def fits(state: NachoState, seat: int, text: str) -> bool:
        return text.endswith("draws a card that fits") and len(state.zones[HAND0 + seat]) > 3

    state, seat, fitting = _play_until(seed, players, fits)
    keep = next(a for a in state.legal_actions(seat) if a.text == "keep")
    state.apply(seat, keep)
    type_of = state.cfg.type_of
    counts = [
        sum(type_of[c] in fitting for c in w.zones[HAND0 + seat]) for w in _worlds(state, seat)
    ]
    assert counts.count(1) == len(counts), sorted(set(counts))


def test_a_position_whose_hand_breaks_the_facts_is_refused() -> None:
    state, seat, _fitting = _first_draw(0, 2)
    data = state.to_json()
    assert isinstance(data, dict)
    first = state.cfg.type_of[state.zones[HAND0 + seat][0]]
    other = next(
        t
        for t in range(len(state.cfg.types))
        if t not in {state.cfg.type_of[c] for c in state.zones[HAND0 + seat]}
    )
    data["state"]["lacks"] = [[seat, 0, first]]
    with pytest.raises(StateFormatError, match="than 'lacks' allows"):
        NachoState.from_json(data)
    data["state"]["lacks"] = [[seat, 0]]
    with pytest.raises(StateFormatError, match="bad 'lacks' fact"):
        NachoState.from_json(data)
    data["state"]["lacks"] = [[seat, 12, first]]
    assert NachoState.from_json(data).lacks == [[seat, 12, first]]
    data["state"]["holds"] = [[seat, 1, other]]
    with pytest.raises(StateFormatError, match="than 'holds' allows"):
        NachoState.from_json(data)
    data["state"]["holds"] = [[seat, 0, first]]
    with pytest.raises(StateFormatError, match="bad 'holds' fact"):
        NachoState.from_json(data)
    data["state"]["holds"] = "x"
    with pytest.raises(StateFormatError, match="'holds' must be a list"):
        NachoState.from_json(data)
    data["state"]["holds"] = [[seat, 1, first]]
    assert NachoState.from_json(data).holds == [[seat, 1, first]]


def test_two_draw_facts_cannot_share_one_gained_card() -> None:
    """Seat 0 drew when type ``a`` fitted (NL-R16), then drew again, a card that did not fit,
    when type ``b`` fitted, then gained one card. Each fact alone allows a hand with two ``a``
    and one ``b`` (two cards came after the first draw, one after the second), but the ``b``
    and both ``a`` would all have to be the two later cards: the later fact's types join every
    earlier fact (``handfacts.widen``). Before, 3-seat worlds (seed 0, Go Again as extra turns)
    were dealt such hands and failed the history replay."""
    state = new_state("nacho-loco", 3, 0)
    assert isinstance(state, NachoState)
    type_of = state.cfg.type_of
    copies = Counter(type_of)
    a, b = (t for t, n in copies.most_common(2))
    state.lacks, state.holds = [], []
    facts.drew(state, 0, [a], fits=False)
    facts.gained(state, 0)  # the second draw turn's card
    facts.drew(state, 0, [b], fits=False)
    facts.gained(state, 0)
    cards = [c for c in range(len(type_of)) if type_of[c] == a][:2]
    cards.append(next(c for c in range(len(type_of)) if type_of[c] == b))
    state.zones[HAND0] = cards
    assert not facts.facts_hold(state)
    state.zones[HAND0] = cards[1:]  # one a and the b: the a came second, the b last
    assert facts.facts_hold(state)
