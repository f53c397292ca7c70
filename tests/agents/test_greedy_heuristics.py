"""Each rule of thumb of the Piece of the Action and Magic Show players chooses the obvious move
on a position built for it (Score!'s are in tests/games/score)."""

from __future__ import annotations

from typing import Any

from cardtable.core import Action, Rng, get_game, new_state

POTA = get_game("piece-of-the-action").greedy
MS = get_game("magic-show").greedy
assert POTA is not None and MS is not None


def pota_obs(public: dict[str, Any], zones: dict[str, list[str]], seat: int = 0) -> dict[str, Any]:
    base = {"phase": "deal", "leader": 1, "deal_value": 0, "scores": [50, 50, 50]}
    empty = {f"{kind}:{s}": [] for kind in ("pota", "reverse") for s in range(3)}
    return {"seat": seat, "public": base | public, "zones": empty | {f"hand:{seat}": []} | zones}


def actions(*texts: str, game: str = "piece-of-the-action") -> list[Action]:
    """The game's own actions of these texts (the bots read their structured form)."""
    space = new_state(game, 2 if game == "magic-show" else 3, 0).actions
    return [space.parse(t) for t in texts]


def pick(policy: Any, obs: dict[str, Any], legal: list[Action]) -> str:
    action, why = policy(obs, legal, Rng(0))
    assert why
    return str(action.text)


def test_pota_leads_its_strongest_colour_with_its_highest_plus_card() -> None:
    obs = pota_obs({"phase": "lead"}, {"hand:0": ["red+5", "red+4", "blue+5", "green-2"]})
    legal = actions("open blue +5", "open red +4", "open red +5", "open green -2", "decline")
    assert pick(POTA, obs, legal) == "open red +5"


def test_pota_declines_without_a_plus_card() -> None:
    obs = pota_obs({"phase": "lead"}, {"hand:0": ["green-2", "blue-pota"]})
    assert pick(POTA, obs, actions("open green -2", "decline")) == "decline"


def test_pota_pushes_a_deal_it_has_a_share_in() -> None:
    obs = pota_obs({"leader": 0, "deal_value": 6}, {})
    assert pick(POTA, obs, actions("pass", "play -2", "play +2", "play +4")) == "play +4"
    reversed_obs = pota_obs({"leader": 0, "deal_value": 6}, {"reverse:0": ["red-reverse"]})
    assert pick(POTA, reversed_obs, actions("pass", "play -2", "play +4")) == "play -2"


def test_pota_buys_into_a_rising_deal() -> None:
    obs = pota_obs({"leader": 1, "deal_value": 8}, {})
    legal = actions("pass", "pota -> seat 0", "pota -> seat 1", "pota -> seat 2")
    assert pick(POTA, obs, legal) == "pota -> seat 0"


def test_pota_reverses_the_best_placed_seat_that_the_deal_pays() -> None:
    obs = pota_obs({"leader": 1, "deal_value": 8, "scores": [40, 90, 60]}, {"pota:2": ["red-pota"]})
    legal = actions("pass", "reverse -> seat 1", "reverse -> seat 2")
    assert pick(POTA, obs, legal) == "reverse -> seat 1"


def ms_obs(shows: list[int], resolving: str | None = None, seat: int = 0) -> dict[str, Any]:
    return {"seat": seat, "public": {"show_value": shows, "resolving": resolving}}


def test_ms_builds_its_show_with_its_highest_trick() -> None:
    # Red (seat 0) owns hearts and diamonds.
    legal = actions("play 10H", "play KD", "play KC", "play 2H", game="magic-show")
    assert pick(MS, ms_obs([0, 0]), legal) == "play KD"


def test_ms_feeds_the_rival_a_mistake_rather_than_helping_it() -> None:
    legal = actions("play QC", "play 3C", "play 4H", game="magic-show")
    assert pick(MS, ms_obs([0, 5]), legal) == "play 3C"


def test_ms_performs_a_show_worth_performing() -> None:
    legal = actions("play 7H", "play JD", game="magic-show")
    assert pick(MS, ms_obs([9, 0]), legal) == "play 7H"
    assert pick(MS, ms_obs([2, 0]), legal) == "play JD"


def test_ms_stops_the_rivals_big_show_and_lets_small_things_pass() -> None:
    legal = actions("cancel", "let it resolve", game="magic-show")
    assert pick(MS, ms_obs([0, 8], resolving="9S"), legal) == "cancel"
    assert pick(MS, ms_obs([0, 1], resolving="9S"), legal) == "let it resolve"
    assert pick(MS, ms_obs([0, 0], resolving="3H"), legal) == "cancel"  # your own Mistake
