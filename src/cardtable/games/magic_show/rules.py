"""The rules of Magic Show as small named functions, one per rule (docs/rules/magic_show.md).

A turn runs: end check (MS-R10) -> COMMIT (both seats face down, through the core's ``pending``)
-> reveal -> for each revealed card in rank-then-suit order (MS-R3): a STOP window (MS-R4), then its
effect for the colour's owner (a Dinner Buffet may ask the owner, MS-R6) -> draw. Every automatic
step runs inside :func:`apply_action` right after the decision that triggers it, so between two
``apply`` calls the state always waits on a decision or is over.

Every card moves through ``State.move`` so the core's per-card knowledge follows it: after a Nap
each seat still knows the cards it gave away (MS-R11), and a cancelled card taken from the public
``revealed`` zone is known to everyone (MS-R5).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cardtable.core import NO_COMMIT
from cardtable.games.magic_show.cards import (
    BUFFET,
    IS_ACE,
    MISTAKE,
    NAMES,
    NAP,
    NUM_CARDS,
    OWNER,
    RANK,
    REHEARSAL,
    ROLE,
    ROLE_NAMES,
    SHOWTIME,
    TRICK,
)
from cardtable.games.magic_show.meta import SEAT_NAMES
from cardtable.games.magic_show.notation import (
    CANCEL,
    CONVERT_ID_OF_RANK,
    CONVERT_RANK,
    DECLINE_BUFFET,
    LET_RESOLVE,
)
from cardtable.games.magic_show.scoring import buffet_value, show_minutes, show_value
from cardtable.games.magic_show.table import (
    BUFFET_PHASE,
    COMMIT,
    DECK,
    DISCARD,
    HAND,
    HAND0,
    HAND1,
    HAND_SIZE,
    OVER,
    PILE,
    REVEALED,
    STOP,
    MagicShowTable,
    player_of,
)

# ``Final`` and typed as variable-length tuples: compiled, a module global that is not ``Final``
# is a dictionary lookup on every use, and a fixed-size tuple type would be unpacked into a C
# struct and packed into a new tuple wherever it is returned ("Writing code that compiles").
_BOTH: Final[tuple[int, ...]] = (0, 1)
_ONLY: Final[tuple[Sequence[int], ...]] = ((0,), (1,))
_NOBODY: Final[tuple[int, ...]] = ()


# ---------------------------------------------------------------------- who acts, what is legal


def to_act(st: MagicShowTable) -> Sequence[int]:
    """Both uncommitted seats at COMMIT; the asked seat at a window or buffet; nobody at the end."""
    phase = st.phase
    if phase == COMMIT:
        pending = st.pending
        red = pending[0]
        black = pending[1]
        if red == NO_COMMIT:
            return _BOTH if black == NO_COMMIT else _ONLY[0]
        return _ONLY[1] if black == NO_COMMIT else _NOBODY
    if phase == OVER:
        return _NOBODY
    return _ONLY[st.asking]


def legal_action_ids(st: MagicShowTable, seat: int) -> list[int]:
    """Sorted legal ids of ``seat``; a seat without an Ace is still asked at windows (MS-R4)."""
    phase = st.phase
    if phase == COMMIT:
        if st.pending[seat] != NO_COMMIT:
            return []
        return playable(st.zones[HAND[seat]])
    if phase == OVER or seat != st.asking:
        return []
    if phase == STOP:
        return [CANCEL, LET_RESOLVE] if holds_ace(st, seat) else [LET_RESOLVE]
    return buffet_choices(st, seat)


def playable(hand: list[int]) -> list[int]:
    """The hand's cards but its Aces (MS-R2), sorted: a list sorted in place, where ``sorted``
    of a generator went through the generic sort (an insertion sort written out here cost
    more: compiled, each store of a shifted card boxes it)."""
    ids = [c for c in hand if not IS_ACE[c]]
    ids.sort()
    return ids


def holds_ace(st: MagicShowTable, seat: int) -> bool:
    """Whether ``seat`` can cancel: it needs an Ace in hand."""
    return any(IS_ACE[c] for c in st.zones[HAND[seat]])


def buffet_choices(st: MagicShowTable, seat: int) -> list[int]:
    """One ``convert`` per Trick rank in the seat's pile, then ``decline buffet`` (MS-R6)."""
    ids = {CONVERT_ID_OF_RANK[RANK[c]] for c in st.zones[PILE[seat]] if ROLE[c] == TRICK}
    return [*sorted(ids), DECLINE_BUFFET]


# ---------------------------------------------------------------------- decisions


def apply_action(st: MagicShowTable, seat: int, action_id: int) -> None:
    """Apply one legal decision, then every automatic step it triggers."""
    if action_id < NUM_CARDS:
        commit_card(st, seat, action_id)
    elif action_id == LET_RESOLVE:
        let_resolve(st, seat)
    elif action_id == CANCEL:
        cancel(st, seat)
    elif action_id == DECLINE_BUFFET:
        decline_buffet(st, seat)
    else:
        convert(st, seat, CONVERT_RANK[action_id])


def commit_card(st: MagicShowTable, seat: int, card: int) -> None:
    """Face-down play: the card stays in hand, hidden in ``pending``, until both have chosen, so
    nobody's view changes before the reveal (core simultaneous-commit mechanism)."""
    pending = st.pending  # State.commit(seat, card, _BOTH), without its generic walk of _BOTH
    pending[seat] = card
    if pending[0] != NO_COMMIT and pending[1] != NO_COMMIT:
        reveal(st)


def reveal(st: MagicShowTable) -> None:
    """Turn both cards face up, in resolution order (MS-R3: rank 2..K, then suit C<D<H<S)."""
    pending = st.pending
    red = pending[0]
    black = pending[1]
    st.move(red, HAND0, REVEALED)
    st.move(black, HAND1, REVEALED)
    # Card ids are in resolution order by construction. The zone is empty before a reveal (a
    # position is loaded with revealed cards only at a window), so it holds the two cards just
    # moved: one compare and perhaps a swap instead of a sort call.
    revealed = st.zones[REVEALED]
    if len(revealed) != 2:
        revealed.sort()
    elif revealed[0] > revealed[1]:
        revealed[0], revealed[1] = revealed[1], revealed[0]
    st.played = [NAMES[red], NAMES[black]]
    st.clear_commits()
    if st.events is not None:
        st.note(f"Turn {st.turn}: Red reveals {NAMES[red]}, Black reveals {NAMES[black]}.")
    open_window(st)


def open_window(st: MagicShowTable) -> None:
    """MS-R4: before the next card resolves, ask first the seat that did not play it."""
    card = st.zones[REVEALED][0]
    st.phase = STOP
    st.resolving = NAMES[card]
    st.asking = 1 - player_of(st, card)


def let_resolve(st: MagicShowTable, seat: int) -> None:
    """MS-R4: after the non-player, the player is asked; after both, the card resolves."""
    card = st.zones[REVEALED][0]
    player = player_of(st, card)
    if seat != player:
        st.asking = player
    else:
        resolve(st, card)


def cancel(st: MagicShowTable, seat: int) -> None:
    """MS-R4/MS-R5: one Ace to the discard pile, the stopped card into the canceller's hand, no
    effect; nobody is asked again about this card."""
    hand = HAND[seat]
    ace = NUM_CARDS  # the lowest Ace (Aces are interchangeable); a loop, not ``min`` of a
    for c in st.zones[hand]:  # generator, which compiled code calls through Python
        if IS_ACE[c] and c < ace:
            ace = c
    card = st.zones[REVEALED][0]
    st.move(ace, hand, DISCARD)
    st.move(card, REVEALED, hand)
    if st.events is not None:
        st.note(f"{SEAT_NAMES[seat]} plays {NAMES[ace]} to cancel {NAMES[card]} and takes it.")
    next_card(st)


def convert(st: MagicShowTable, seat: int, rank: int) -> None:
    """MS-R6: discard one Trick of that rank from the pile and score half its value at once (no
    Six doubling); same-colour Tricks of one rank are equivalent, so take the lowest id."""
    pile = PILE[seat]
    trick = min(c for c in st.zones[pile] if RANK[c] == rank)
    gain = buffet_value(trick)
    st.move(trick, pile, DISCARD)
    st.score[seat] += gain
    if st.events is not None:
        st.note(
            f"{SEAT_NAMES[seat]} converts {NAMES[trick]} at the Dinner Buffet: {gain:+d} "
            f"(total {st.score[seat]})."
        )
    finish_buffet(st)


def decline_buffet(st: MagicShowTable, seat: int) -> None:
    """The owner may ignore the Dinner Buffet (MS-R6)."""
    if st.events is not None:
        st.note(f"{SEAT_NAMES[seat]} declines the Dinner Buffet.")
    finish_buffet(st)


def finish_buffet(st: MagicShowTable) -> None:
    """The Eight is discarded whether used or not; then the next card resolves."""
    st.move(st.zones[REVEALED][0], REVEALED, DISCARD)
    next_card(st)


# ---------------------------------------------------------------------- card effects


def resolve(st: MagicShowTable, card: int) -> None:
    """Carry out a card for its colour's owner; a Buffet with a Trick to convert waits for it."""
    role = ROLE[card]
    # The roles one by one, not a dict of functions: compiled, a function read from a dict is
    # called through Python (its arguments boxed), where a named call is a C call.
    if role in (TRICK, REHEARSAL, MISTAKE):
        waits = practise(st, card)
    elif role == SHOWTIME:
        waits = showtime(st, card)
    elif role == BUFFET:
        waits = dinner_buffet(st, card)
    elif role == NAP:
        waits = afternoon_nap(st, card)
    else:  # an Ace has no effect to resolve (never revealed, MS-R2)
        raise KeyError(role)
    if waits:
        return
    next_card(st)


def practise(st: MagicShowTable, card: int) -> bool:
    """Tricks, Sixes and Mistakes go to the owner's practice pile, whoever played them."""
    owner = OWNER[card]
    st.move(card, REVEALED, PILE[owner])
    if st.events is not None:
        st.note(f"{NAMES[card]} ({ROLE_NAMES[ROLE[card]]}) goes to {SEAT_NAMES[owner]}'s pile.")
    return False


def showtime(st: MagicShowTable, card: int) -> bool:
    """Sevens and Nines: the owner performs its pile (MS-R7, an empty pile scores 0 by MS-R9);
    the pile and the Showtime go to the discard pile."""
    owner = OWNER[card]
    perform(st, owner, card)
    st.move(card, REVEALED, DISCARD)
    return False


def dinner_buffet(st: MagicShowTable, card: int) -> bool:
    """Eights: ask the owner only if its pile holds a Trick (MS-R6); else just discard it."""
    owner = OWNER[card]
    if any(ROLE[c] == TRICK for c in st.zones[PILE[owner]]):
        st.phase = BUFFET_PHASE
        st.asking = owner
        return True
    st.move(card, REVEALED, DISCARD)
    if st.events is not None:
        st.note(f"{NAMES[card]}: {SEAT_NAMES[owner]} has no Trick to convert.")
    return False


def afternoon_nap(st: MagicShowTable, card: int) -> bool:
    """Fives: swap the hands as they are now (MS-R11), then discard the Five. Moving each card
    openly leaves each seat knowing the cards it gave away."""
    given = (st.zones[HAND0][:], st.zones[HAND1][:])
    for c in given[0]:
        st.move(c, HAND0, HAND1)
    for c in given[1]:
        st.move(c, HAND1, HAND0)
    st.move(card, REVEALED, DISCARD)
    if st.events is not None:
        st.note(f"{NAMES[card]}: the players swap hands.")
    return False


def perform(st: MagicShowTable, seat: int, showtime_card: int | None) -> int:
    """Score a seat's practice pile (MS-R7/MS-R8) and send it to the discard pile; called for a
    Showtime card, or with None for the Farewell Show."""
    zone = PILE[seat]
    cards = st.zones[zone][:]
    value = show_value(cards)
    st.score[seat] += value
    for c in cards:
        st.move(c, zone, DISCARD)
    if st.events is not None:
        shown = " ".join(NAMES[c] for c in sorted(cards)) or "an empty pile"
        what = "a Farewell Show" if showtime_card is None else f"a show ({NAMES[showtime_card]})"
        st.note(
            f"{SEAT_NAMES[seat]} performs {what}: {shown}, {show_minutes(cards)} min, "
            f"{value:+d} (total {st.score[seat]})."
        )
    return value


# ---------------------------------------------------------------------- turn structure


def next_card(st: MagicShowTable) -> None:
    """After a card is fully resolved (or cancelled) the next card's window opens (MS-R4);
    when none is left the turn ends."""
    if st.zones[REVEALED]:
        open_window(st)
    else:
        end_turn(st)


def end_turn(st: MagicShowTable) -> None:
    """Once every revealed card is resolved, both draw; then a new turn begins."""
    draw(st)
    st.turn += 1
    begin_turn(st)


def draw(st: MagicShowTable) -> None:
    """Red then Black each draw one card if the deck still has one."""
    deck = st.zones[DECK]
    for seat in _BOTH:
        if deck:
            card = deck[-1]
            st.move(card, DECK, HAND[seat])
            if st.events is not None:
                st.note(f"You draw {NAMES[card]}.", audience=1 << seat)
                st.note(f"{SEAT_NAMES[seat]} draws a card.")


def begin_turn(st: MagicShowTable) -> None:
    """MS-R10: the end check opens every turn; otherwise both seats commit."""
    if game_over(st):
        farewell_shows(st)
        return
    st.phase = COMMIT
    st.played = ["", ""]
    st.resolving = ""
    st.asking = -1


def game_over(st: MagicShowTable) -> bool:
    """Over when a seat holds no card it may play: empty, or nothing but Aces (MS-R10)."""
    zones = st.zones
    return all(IS_ACE[c] for c in zones[HAND0]) or all(IS_ACE[c] for c in zones[HAND1])


def farewell_shows(st: MagicShowTable) -> None:
    """Both compulsory Farewell Shows, Red first; the higher total wins (MS-R10)."""
    st.farewell = [perform(st, seat, None) for seat in _BOTH]
    st.phase = OVER
    st.played = ["", ""]
    st.resolving = ""
    st.asking = -1
    if st.events is not None:
        st.note(f"Game over: {result_text(st)}.")


def result_text(st: MagicShowTable) -> str:
    """The final scores and who won, in words."""
    red, black = st.score
    winner = "a draw" if red == black else f"{SEAT_NAMES[0 if red > black else 1]} wins"
    return f"Red {red}, Black {black}: {winner}"


def setup(st: MagicShowTable) -> None:
    """Shuffle the 52 cards and deal five to each seat, alternately from Red."""
    deck = st.zones[DECK]
    deck.extend(range(NUM_CARDS))
    st.shuffle_zone(DECK)
    for _ in range(HAND_SIZE):
        for seat in _BOTH:
            st.move(deck[-1], DECK, HAND[seat])
    if st.events is not None:
        for seat in _BOTH:
            dealt = " ".join(NAMES[c] for c in sorted(st.zones[HAND[seat]]))
            st.note(f"You are dealt {dealt}.", audience=1 << seat)
    begin_turn(st)
