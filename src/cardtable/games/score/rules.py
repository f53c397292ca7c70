"""The rules of Score! as small named functions (docs/rules/score.md, SC-R1..SC-R16).

A round: deal (then the five-point check, SC-R11) -> turns. A turn with lead L:
CALL (L calls "Score!" with a qualifying set, SC-R9, or leads) -> CHOOSE (L lays one of the
Completes it took, the others go under the pile known to L alone, SC-R12) -> busts (SC-R6) ->
COMMIT (every seat still in plays a matching Single face down at once, or discards a Complete,
SC-R4/R5) -> reveal -> COLLECT (the participant chain, SC-R7/R8) -> next lead. Every automatic
step runs inside :func:`apply_action` right after the decision that triggers it, so between two
``apply`` calls the state waits on a decision or is over.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cardtable.core import NO_COMMIT, StateFormatError
from cardtable.games.score import facts
from cardtable.games.score.cards import (
    COMPLETE_VALUES,
    COPIES,
    FIRST_SINGLE,
    HAS_VALUE,
    IS_COMPLETE,
    NAMES,
    NUM_CARDS,
    NUM_COMPLETES,
    NUM_VALUES,
    VALUE,
    VALUE_NAMES,
)
from cardtable.games.score.meta import SEAT_NAMES
from cardtable.games.score.notation import CALL, DECLARE_FIVE, DISCARD, LAY, LEAD, PASS, PLAY
from cardtable.games.score.table import (
    CALL_PHASE,
    CHOOSE,
    COLLECT,
    COMMIT,
    COMPLETES,
    COMPLETES0,
    DISCARDED,
    DRAWN0,
    HAND_COMPLETES,
    HAND_SINGLES,
    LAID,
    OVER,
    PILE,
    SEATS,
    SINGLES0,
    SINGLES_DECK,
    TAKE,
    ScoreTable,
    value_counts,
)

FIVE_POINTS = 5
_NOBODY: tuple[int, ...] = ()


# ---------------------------------------------------------------------- hand arithmetic


# A hand as one word: its count of each value in a 4-bit field (value ``v`` at bits
# ``4v..4v+3``). Singles are numbered value by value from ``FIRST_SINGLE``, four copies each
# (cards.py), so a Single's field starts at bit ``(card - FIRST_SINGLE) & ~3`` and its value
# is ``(card - FIRST_SINGLE) >> 2``: arithmetic, where a lookup in ``VALUE`` boxes and unboxes
# an int per card compiled. A field holds at most 4 (``COPIES``), so it is a set exactly when
# its bit 2 is set: ``word & SET_BITS`` are the sets. The profile of a compiled Score! search
# showed the hand arithmetic as a fifth of all time (docs/performance.md, "Sixth sitting:
# Score! engine").

#: Bit 2 of every value's field: the set bits of a hand word.
SET_BITS: Final = sum(COPIES << (v << 2) for v in range(NUM_VALUES))


def hand_word(st: ScoreTable, seat: int) -> int:
    """How many Singles of each value ``seat`` holds, as 4-bit fields of one word (above)."""
    word = 0
    for card in st.zones[SINGLES0 + seat]:
        shift = (card - FIRST_SINGLE) & ~3
        word += 1 << shift
    return word


def held_bits(st: ScoreTable, seat: int) -> int:
    """The values ``seat`` holds at least one Single of, as bits (value ``v`` = bit ``v``)."""
    held = 0
    for card in st.zones[SINGLES0 + seat]:
        value = (card - FIRST_SINGLE) >> 2
        held |= 1 << value
    return held


def complete_sets(complete: int) -> int:
    """The three values of a Complete as set bits of a hand word (bit 2 of their fields).

    Complete ids run fill-major (cards.py: ``9 * fill + 3 * colour + shape``), and the values
    are fills 0..2, colours 3..5, shapes 6..8."""
    c: int = complete
    fill: int = c // 9
    colour: int = 3 + (c // 3) % 3
    shape: int = 6 + c % 3
    return (4 << (fill << 2)) | (4 << (colour << 2)) | (4 << (shape << 2))


def complete_bits(complete: int) -> int:
    """The three values of a Complete as bits of one word (value ``v`` = bit ``v``)."""
    c: int = complete
    return (1 << (c // 9)) | (1 << (3 + (c // 3) % 3)) | (1 << (6 + c % 3))


def set_mask(st: ScoreTable, seat: int) -> int:
    """The values of which ``seat`` holds all four Singles (its sets, §5.2), as bits."""
    sets = hand_word(st, seat) & SET_BITS
    mask = 0
    for v in range(NUM_VALUES):
        if (sets >> (v << 2)) & COPIES:
            mask |= 1 << v
    return mask


def set_values(st: ScoreTable, seat: int) -> list[int]:
    """The values of which ``seat`` holds all four Singles (its sets, §5.2)."""
    sets = set_mask(st, seat)
    return [v for v in range(NUM_VALUES) if sets >> v & 1]


def hand_score(st: ScoreTable, seat: int) -> int:
    """Each set scores 1 per matching Complete in the same hand (0..3 per set)."""
    sets = hand_word(st, seat) & SET_BITS
    if sets == 0:
        return 0  # most hands hold no set: no Complete to look at
    score = 0
    for c in st.zones[COMPLETES0 + seat]:
        matched = sets & complete_sets(c)
        while matched:
            matched &= matched - 1
            score += 1
    return score


#: What holding ``k`` Singles of a value is worth, as a share of the full set's points
#: (``k`` = 0..4). A guess at the odds of completing it, not a fit: three of four are worth
#: close to half a set (one card to come back), one is worth almost nothing.
SET_PROGRESS: tuple[float, ...] = (0.0, 0.05, 0.15, 0.45, 1.0)


def hand_promise(st: ScoreTable, seat: int) -> float:
    """The points a hand is worth with credit for sets in progress (``SET_PROGRESS``).

    ``hand_score`` counts only complete sets, so passing or playing a Single the hand needs
    changes it only when a set breaks; this sees a third Circle lost or a second one gained.
    """
    counts = value_counts(st, seat)
    completes = st.zones[COMPLETES0 + seat]
    total = 0.0
    for value in range(len(counts)):
        worth = 0
        for c in completes:
            worth += HAS_VALUE[c][value]
        if worth:
            total += worth * SET_PROGRESS[min(counts[value], COPIES)]
    return total


def has_qualifying_set(st: ScoreTable, seat: int) -> bool:
    """A set that matches at least one of the seat's Completes (needed to call, SC-R9)."""
    return hand_score(st, seat) > 0


def five_point_complete(st: ScoreTable, seat: int) -> int:
    """A Complete whose three values are all sets of ``seat`` (a five-point hand), else -1."""
    singles = st.zones[SINGLES0 + seat]
    if len(singles) < 3 * COPIES:
        return -1  # three sets need twelve Singles
    sets = hand_word(st, seat) & SET_BITS
    if sets == 0:
        return -1
    for c in st.zones[COMPLETES0 + seat]:
        mask = complete_sets(c)
        if sets & mask == mask:
            return c
    return -1


def matching_values(st: ScoreTable, seat: int) -> list[int]:
    """Values of the laid Complete that ``seat`` holds a Single of."""
    laid = st.zones[LAID][-1]
    held = held_bits(st, seat)
    return [v for v in COMPLETE_VALUES[laid] if (held >> v) & 1]


def matches_laid(st: ScoreTable, seat: int) -> bool:
    """Does ``seat`` hold a Single of one of the laid Complete's values?"""
    return held_bits(st, seat) & complete_bits(st.zones[LAID][-1]) != 0


def next_seat(seat: int) -> int:
    return (seat + 1) % SEATS


def in_play(st: ScoreTable) -> list[int]:
    """Seats not busted this round, in seat order."""
    return [s for s in range(SEATS) if not st.busted[s]]


# ---------------------------------------------------------------------- who acts, what is legal


def to_act(st: ScoreTable) -> Sequence[int]:
    phase = st.phase
    if phase == COMMIT:
        return [s for s in range(SEATS) if not st.busted[s] and st.pending[s] == NO_COMMIT]
    if phase in (CALL_PHASE, CHOOSE):
        return (st.lead,)
    if phase == COLLECT:
        return (st.passer,)
    return _NOBODY


def legal_action_ids(st: ScoreTable, seat: int) -> list[int]:
    """Sorted legal ids of ``seat`` (empty when it is not to act)."""
    phase = st.phase
    if phase == COMMIT:
        if st.busted[seat] or st.pending[seat] != NO_COMMIT:
            return []
        return commit_choices(st, seat)
    if phase == CALL_PHASE and seat == st.lead:
        ids = [CALL] if has_qualifying_set(st, seat) else []
        ids.append(LEAD)
        if st.options.five_point_optional and five_point_complete(st, seat) >= 0:
            ids.append(DECLARE_FIVE)
        return ids
    if phase == CHOOSE and seat == st.lead:
        ids = [LAY + c for c in st.zones[DRAWN0 + seat]]
        ids.sort()
        return ids
    if phase == COLLECT and seat == st.passer:
        held = held_bits(st, seat)  # read out in order: no set, no sort
        return [PASS + v for v in range(NUM_VALUES) if held >> v & 1]
    return []


def commit_choices(st: ScoreTable, seat: int) -> list[int]:
    """A matching Single by value; a Complete discard only without one (SC-R4, option)."""
    # Already increasing (a Complete's values are fill < colour < shape): no sort needed.
    matching = held_bits(st, seat) & complete_bits(st.zones[LAID][-1])
    plays = [PLAY + v for v in range(NUM_VALUES) if matching >> v & 1]
    if plays and not st.options.voluntary_complete_discard:
        return plays
    # Every play id is below every discard id: the plays, then the discards sorted.
    discards = [DISCARD + c for c in st.zones[COMPLETES0 + seat]]
    discards.sort()
    plays.extend(discards)
    return plays


def must_bust(st: ScoreTable, seat: int) -> bool:
    """No matching Single and no Complete left to discard (SC-R6)."""
    return not st.zones[COMPLETES0 + seat] and not matches_laid(st, seat)


# ---------------------------------------------------------------------- decisions


def apply_action(st: ScoreTable, seat: int, action_id: int) -> None:
    """Apply one legal decision, then every automatic step it triggers."""
    if st.phase == COMMIT:
        commit(st, seat, action_id)
    elif action_id == CALL:
        st.calls += 1
        if st.events is not None:
            st.note(f"{SEAT_NAMES[seat]} calls Score!")
        end_round_scored(st)
    elif action_id == LEAD:
        lead(st, seat)
    elif action_id == DECLARE_FIVE:
        five_point_hand(st, seat, five_point_complete(st, seat))
    elif action_id < PLAY:
        lay(st, seat, action_id - LAY)
    else:
        pass_single(st, seat, action_id - PASS)


def commit(st: ScoreTable, seat: int, action_id: int) -> None:
    """A face-down play or discard (SC-R16); the last one of the seats still in reveals them.

    The core's ``State.commit`` with the seats still in, written out: no list of them per call."""
    pending = st.pending
    pending[seat] = action_id
    busted = st.busted
    for other in range(SEATS):
        if not busted[other] and pending[other] == NO_COMMIT:
            return
    resolve_commits(st)


def lead(st: ScoreTable, seat: int) -> None:
    """Take the top three Completes (fewer when fewer remain; SC-R12) into the lead's hand."""
    pile = st.zones[PILE]
    if not pile and st.options.empty_pile == "recycle":
        recycle_laid(st)
    take = min(TAKE, len(pile))
    for _ in range(take):
        st.move(pile[-1], PILE, DRAWN0 + seat)
    st.phase = CHOOSE
    if st.events is not None:
        st.note(f"{SEAT_NAMES[seat]} leads and takes {take} Complete(s) from the pile")


def recycle_laid(st: ScoreTable) -> None:
    """Option ``empty_pile=recycle`` (SC-R12): the laid Completes become a new shuffled pile."""
    for card in list(st.zones[LAID]):
        st.move(card, LAID, PILE)
    st.shuffle_zone(PILE)
    if st.events is not None:
        st.note("The laid Completes are shuffled into a new pile")


def lay(st: ScoreTable, seat: int, complete: int) -> None:
    """Lay one Complete face up; the others go under the pile in the order drawn, known to the
    lead alone (an open move from its own zone keeps its knowledge), in the canonical order of
    a hand, not the order the engine filed them. Then busts and commits."""
    drawn = DRAWN0 + seat
    st.move(complete, drawn, LAID)
    for card in st.sorted_cards(st.zones[drawn]):
        st.move(card, drawn, PILE, bottom=True)
        # Another seat that knew one of them (it put it under the pile itself) sees only backs
        # go under: where it lies now would tell how its name sorts against the other's.
        st.seen[card] &= 1 << seat
    if st.events is not None:
        st.note(f"{SEAT_NAMES[seat]} lays {NAMES[complete]}")
    still_in = False
    for other in range(SEATS):
        if not st.busted[other]:
            if must_bust(st, other):
                bust(st, other)
            else:
                still_in = True
    if not still_in:
        end_round_scored(st)
        return
    st.phase = COMMIT


def bust(st: ScoreTable, seat: int) -> None:
    """SC-R6: game total to 0, out for the rest of the round."""
    st.busted[seat] = True
    st.total[seat] = 0
    st.busts += 1
    facts.rule_out_led(st, seat)
    if st.events is not None:
        st.note(f"{SEAT_NAMES[seat]} can neither match nor discard a Complete: bust, score 0")


def resolve_commits(st: ScoreTable) -> None:
    """Reveal discards, then gather the played Singles to the first participant (5.3 step 5)."""
    chain: list[int] = []
    cards: list[int] = []  # the Single each participant of the chain played
    pending = st.pending
    for k in range(SEATS):
        seat = (st.lead + k) % SEATS
        choice = pending[seat]
        if choice == NO_COMMIT:
            continue
        if choice >= DISCARD:
            discard_complete(st, seat, choice - DISCARD)
        else:
            chain.append(seat)
            cards.append(single_of(st, seat, choice - PLAY))
    st.clear_commits()
    if not chain:
        finish_turn(st)
        return
    collector = chain[0]
    for i in range(1, len(chain)):
        # Face down (SC-R16): only the collector and the seat that played it learn the card;
        # everyone else loses track of the player's hand, as at the table.
        seat = chain[i]
        st.move_secret(
            cards[i], SINGLES0 + seat, SINGLES0 + collector, (1 << seat) | (1 << collector)
        )
        facts.gained(st, collector)
    if st.events is not None:
        note_collection(st, collector, list(zip(chain, cards, strict=True)))
    st.chain = chain
    if check_five(st, collector):
        return
    start_passing(st, 0)


def single_of(st: ScoreTable, seat: int, value: int) -> int:
    """A Single of ``value`` from the seat's hand (copies are interchangeable): the first in
    hand order, its value by arithmetic as in :func:`hand_word` (no ``VALUE`` lookup)."""
    for card in st.zones[SINGLES0 + seat]:
        if (card - FIRST_SINGLE) >> 2 == value:
            return card
    raise AssertionError(f"seat {seat} holds no {VALUE_NAMES[value]} Single")


def discard_complete(st: ScoreTable, seat: int, complete: int) -> None:
    """SC-R5: face up, out of play until the next deal; the seat sits this collection out."""
    st.move(complete, COMPLETES0 + seat, DISCARDED)
    if not st.options.voluntary_complete_discard:
        facts.rule_out_led(st, seat)  # a forced discard shows no matching Single
    st.discards += 1
    if st.events is not None:
        st.note(f"{SEAT_NAMES[seat]} has no matching Single and discards {NAMES[complete]}")


def note_collection(st: ScoreTable, collector: int, played: list[tuple[int, int]]) -> None:
    """Everyone learns how many Singles were collected; only the collector sees them."""
    who = SEAT_NAMES[collector]
    st.note(f"{who} collects {len(played)} Single(s)")
    seen = ", ".join(f"{VALUE_NAMES[VALUE[c]]} from {SEAT_NAMES[s]}" for s, c in played)
    st.note(f"You collect: {seen}", audience=1 << collector)


def start_passing(st: ScoreTable, index: int) -> None:
    """Participant ``index`` of the chain passes one fewer than it received (SC-R7)."""
    count = len(st.chain) - 1 - index
    if count <= 0:
        finish_turn(st)
        return
    st.passer = st.chain[index]
    st.to_pass = count
    st.phase = COLLECT


def pass_single(st: ScoreTable, seat: int, value: int) -> None:
    """One Single face down to the next participant: only the two of them know it."""
    index = st.chain.index(seat)
    receiver = st.chain[index + 1]
    card = single_of(st, seat, value)
    st.move_secret(card, SINGLES0 + seat, SINGLES0 + receiver, (1 << seat) | (1 << receiver))
    facts.gained(st, receiver)
    st.to_pass -= 1
    if st.events is not None:
        st.note(f"{SEAT_NAMES[seat]} passes a Single to {SEAT_NAMES[receiver]}")
        audience = (1 << seat) | (1 << receiver)
        st.note(f"{SEAT_NAMES[seat]} → {SEAT_NAMES[receiver]}: {VALUE_NAMES[value]}", audience)
    if st.to_pass:
        return
    st.passer = -1
    if check_five(st, receiver):
        return
    start_passing(st, index + 1)


def finish_turn(st: ScoreTable) -> None:
    """The next lead is the seat after L, skipping busted seats (5.3 step 6)."""
    st.chain = []
    st.passer = -1
    st.to_pass = 0
    seat = next_seat(st.lead)
    while st.busted[seat]:
        seat = next_seat(seat)
    st.lead = seat
    start_turn(st)


def start_turn(st: ScoreTable) -> None:
    """A lead is needed: an empty pile ends the round as a called one (SC-R12, default)."""
    if not st.zones[PILE] and st.options.empty_pile == "score":
        if st.events is not None:
            st.note("The Complete pile is empty: the round is scored")
        st.empty_pile_endings += 1
        end_round_scored(st)
        return
    st.phase = CALL_PHASE


# ---------------------------------------------------------------------- five-point hands


def check_five(st: ScoreTable, seat: int) -> bool:
    """SC-R11: a five-point hand ends the round at once (unless the option makes it optional)."""
    if st.options.five_point_optional:
        return False
    complete = five_point_complete(st, seat)
    if complete < 0:
        return False
    five_point_hand(st, seat, complete)
    return True


def five_point_hand(st: ScoreTable, seat: int, complete: int) -> None:
    """The holder scores 5, nobody else scores, no bonus; the round ends."""
    st.total[seat] += FIVE_POINTS
    st.five_point_hands += 1
    st.round_points = [FIVE_POINTS if s == seat else 0 for s in range(SEATS)]
    if st.events is not None:
        values = " + ".join(VALUE_NAMES[v] for v in COMPLETE_VALUES[complete])
        st.note(f"{SEAT_NAMES[seat]} lays down {NAMES[complete]} with three sets ({values}): 5")
    end_round(st)


# ---------------------------------------------------------------------- round and game end


def end_round_scored(st: ScoreTable) -> None:
    """Score a called (or exhausted) round: matches, then the lone-top bonus (SC-R10)."""
    points = [0 if st.busted[s] else hand_score(st, s) for s in range(SEATS)]
    best = max(points)
    leaders = [s for s in range(SEATS) if points[s] == best and not st.busted[s]]
    if best > 0 and len(leaders) == 1:
        points[leaders[0]] += 1
    for s in range(SEATS):
        st.total[s] += points[s]
    st.round_points = points
    if st.events is not None:
        note_reveal(st, points, leaders[0] if best > 0 and len(leaders) == 1 else -1)
    end_round(st)


def note_reveal(st: ScoreTable, points: list[int], bonus: int) -> None:
    for s in range(SEATS):
        if st.busted[s]:
            st.note(f"{SEAT_NAMES[s]} is bust and scores nothing")
            continue
        shown = st.sorted_cards(st.zones[COMPLETES[s]])  # a hand's order is not public
        completes = ", ".join(NAMES[c] for c in shown) or "no Completes"
        sets = ", ".join(VALUE_NAMES[v] for v in set_values(st, s)) or "no sets"
        extra = " (+1 lone top score)" if s == bonus else ""
        st.note(f"{SEAT_NAMES[s]} shows {completes}; sets: {sets}; scores {points[s]}{extra}")


def end_round(st: ScoreTable) -> None:
    """After a round: a total at the target ends the game if one seat is strictly highest."""
    st.chain = []
    st.passer = -1
    st.to_pass = 0
    st.clear_commits()
    if max(st.total) >= st.options.target_score:
        best = max(st.total)
        if st.total.count(best) == 1:
            st.phase = OVER
            if st.events is not None:
                st.note(f"{SEAT_NAMES[st.total.index(best)]} wins with {best} points")
            return
        if st.events is not None:
            st.note("A tie at the top: another round")
    st.first_lead = next_seat(st.first_lead)
    deal_round(st)


def deal_round(st: ScoreTable) -> None:
    """Gather and shuffle both decks, deal 3 Completes and 12 Singles each, check five-point
    hands in turn order from the first lead (SC-R11), and start the first turn (SC-R15).

    Dealt card by card from the top of each deck, as ``State.move`` would: the decks are
    ordered zones no seat owns, and the shuffle has just cleared every card's marks, so a
    dealt card stays unmarked and only moves from the end of one list to the end of another
    (``State.move`` would scan for it and recompute its mark 45 times a deal, and a search's
    rollouts deal a new round every third iteration).
    """
    st.round += 1
    gather(st)
    st.busted = [False] * SEATS
    st.lacks = []  # nothing is known about the new hands
    st.lead = st.first_lead
    zones = st.zones
    pile, deck = zones[PILE], zones[SINGLES_DECK]
    for seat in range(SEATS):
        completes = zones[COMPLETES0 + seat]
        for _ in range(HAND_COMPLETES):
            completes.append(pile.pop())
    for seat in range(SEATS):
        hand = zones[SINGLES0 + seat]
        for _ in range(HAND_SINGLES):
            hand.append(deck.pop())
    if st.events is not None:
        st.note(f"Round {st.round}: {SEAT_NAMES[st.lead]} leads first")
    for k in range(SEATS):
        if check_five(st, (st.first_lead + k) % SEATS):
            return
    start_turn(st)


#: Both decks in canonical order (``State.sorted_cards``: by name, then id), which for the
#: whole set of each kind is id order: every Complete has its own name and the Singles are
#: numbered value by value (cards.py; ``tests/games/score/test_score_gather.py`` checks it).
CANONICAL_PILE: Final[tuple[int, ...]] = tuple(range(NUM_COMPLETES))
CANONICAL_SINGLES: Final[tuple[int, ...]] = tuple(range(NUM_COMPLETES, NUM_CARDS))


def gather(st: ScoreTable) -> None:
    """Every card back to its deck, both decks shuffled (everyone forgets where cards are).

    Once play has begun, ``State.shuffle_zone`` puts each deck in canonical order and clears
    every mark before it shuffles, so neither the order the cards come back in nor the marks
    an open move would give them survive: every card is back in its deck, so each deck is its
    whole kind in canonical order, shuffled with the game's RNG as ``shuffle_zone`` does, and
    no card keeps a mark; no card is moved or sorted (the profile of compiled Score! searches
    showed the moves, and then the sort, as a tenth of all time, docs/performance.md). Before
    any action the deck keeps the order it was gathered in, so the cards are moved one by one
    and shuffled as before.
    """
    zones = st.zones
    if not st.history:
        for zone in range(len(zones)):
            if zone in (PILE, SINGLES_DECK):
                continue
            for card in list(zones[zone]):
                st.move(card, zone, PILE if IS_COMPLETE[card] else SINGLES_DECK)
        st.shuffle_zone(PILE)
        st.shuffle_zone(SINGLES_DECK)
        return
    for cards in zones:
        cards.clear()
    pile, deck = zones[PILE], zones[SINGLES_DECK]
    pile.extend(CANONICAL_PILE)
    st.rng.shuffle(pile)
    deck.extend(CANONICAL_SINGLES)
    st.rng.shuffle(deck)
    seen = st.seen
    for card in range(len(seen)):
        seen[card] = 0


def check_pending(st: ScoreTable) -> None:
    """A loaded position's face-down plays: only in the commit phase, each one a legal choice."""
    if st.phase != COMMIT:
        if any(p != NO_COMMIT for p in st.pending):
            raise StateFormatError("face-down plays are pending only in the commit phase")
        return
    for seat, choice in enumerate(st.pending):
        if choice == NO_COMMIT:
            continue
        if st.busted[seat] or choice not in commit_choices(st, seat):
            text = st.spec.actions.action(choice).text
            raise StateFormatError(f"seat {seat} cannot have committed {text!r} here")
