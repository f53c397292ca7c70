"""The rule text's Ace example (MS-R4, MS-R5, MS-R11), from a hand-written JSON position.

"Red has played a Red Five, and Black has played a Red Ten. Black holds an Ace." Black lets the
Five resolve; the hands are swapped; now Red holds the Ace and cancels the Red Ten, taking it into
his hand because it would have made his act too long (his pile is already 10 minutes).
"""

from __future__ import annotations

import json
from pathlib import Path

from cardtable.games.magic_show import MagicShowState

from .helpers import zone

DATA = Path(__file__).parent / "data" / "ace_example.json"


def load_example() -> MagicShowState:
    state = MagicShowState.from_json(json.loads(DATA.read_text()))
    assert isinstance(state, MagicShowState)
    return state


def test_ace_example_step_by_step() -> None:
    state = load_example()
    state.apply(0, "play 5H")
    state.apply(1, "play 10H")
    assert zone(state, "revealed") == ["5H", "10H"]  # the Five resolves first (MS-R3)

    # Window for the Five (played by Red): Black is asked first and holds an Ace.
    assert state.resolving == "5H"
    assert list(state.to_act()) == [1]
    assert [a.text for a in state.legal_actions(1)] == ["cancel", "let it resolve"]
    state.apply(1, "let it resolve")
    # Then Red, who has no Ace: asked all the same, with one answer.
    assert list(state.to_act()) == [0]
    assert [a.text for a in state.legal_actions(0)] == ["let it resolve"]
    state.apply(0, "let it resolve")

    # The Five is discarded and the hands are swapped: Red now holds the Ace.
    assert "5H" in zone(state, "discard")
    assert sorted(zone(state, "hand:0")) == sorted(["AS", "9C", "7C", "6C"])
    assert sorted(zone(state, "hand:1")) == sorted(["2C", "3C", "4S", "JS"])

    # Window for the Ten (played by Black): Red is asked first and cancels it.
    assert state.phase == "stop" and state.resolving == "10H"
    assert list(state.to_act()) == [0]
    assert [a.text for a in state.legal_actions(0)] == ["cancel", "let it resolve"]
    state.apply(0, "cancel")

    assert "AS" in zone(state, "discard")
    assert "10H" in zone(state, "hand:0")
    assert zone(state, "pile:0") == ["KH", "QD"]  # the Ten had no effect: the act stays 10 min
    assert state.public_view()["show_minutes"] == [10, 0]
    # Black is not asked again about the cancelled Ten; the turn ended and both drew.
    assert [seat for seat, _ in state.history] == [0, 1, 1, 0, 0]
    assert state.phase == "commit" and state.turn == 10
    assert len(zone(state, "hand:0")) == len(zone(state, "hand:1")) == 5
    assert state.score == [4, 6]


def test_ace_example_knowledge_after_swap_and_cancel() -> None:
    state = load_example()
    state.apply(0, "play 5H")
    state.apply(1, "play 10H")
    state.apply(1, "let it resolve")
    state.apply(0, "let it resolve")
    state.apply(0, "cancel")
    # Black knows all of Red's hand but the card Red just drew: the cards Black gave away at the
    # Nap (minus the Ace Red used) and the publicly taken Ten.
    black_view = state.observation(1)["zones"]["hand:0"]
    assert sorted(n for n in black_view if n is not None) == sorted(["9C", "7C", "6C", "10H"])
    assert black_view.count(None) == 1
    # Red knows the four cards it gave Black; Black's fresh draw is unknown.
    red_view = state.observation(0)["zones"]["hand:1"]
    assert sorted(n for n in red_view if n is not None) == sorted(["2C", "3C", "4S", "JS"])
    assert red_view.count(None) == 1
    # A spectator sees no hand card.
    spectator = state.observation(None)["zones"]
    assert set(spectator["hand:0"]) == set(spectator["hand:1"]) == {None}


def test_ace_example_log_tells_the_story() -> None:
    state = load_example()
    for seat, text in [
        (0, "play 5H"),
        (1, "play 10H"),
        (1, "let it resolve"),
        (0, "let it resolve"),
        (0, "cancel"),
    ]:
        state.apply(seat, text)
    log = state.observation(None)["log"]
    assert "Turn 9: Red reveals 5H, Black reveals 10H." in log
    assert "5H: the players swap hands." in log
    assert "Red plays AS to cancel 10H and takes it." in log
