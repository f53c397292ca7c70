"""The bot protocol's JSON Schema pins every game's observation: ``public`` field by field and
``state`` (the game's fields by the names ``load_state`` reads), and docs/bots.md documents every
``public`` field. Whole games of every game are validated message by message in
test_external.py; here, a Portfolio game with trades on (offers only happen there)."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from cardtable.agents import decide, game_setup, make_agent
from cardtable.agents.base import state_fields
from cardtable.agents.botproto import SCHEMA_PATH
from cardtable.agents.botproto import decide as decide_message
from cardtable.agents.botproto import game_start as game_start_message
from cardtable.core import GameInfo, Rng, State, list_games, load_state, new_state

SCHEMA = json.loads(SCHEMA_PATH.read_text())
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
DOC = (Path(__file__).resolve().parents[2] / "docs" / "bots.md").read_text()


def key(game: str) -> str:
    return game.replace("-", "_")


def message(state: State, seat: int) -> dict[str, Any]:
    """The decide message cardtable sends an external bot for ``seat`` now."""
    observation = state.observation(seat)
    observation["state"] = state_fields(state)
    return decide_message(0, observation, state.legal_actions(seat), 1.0)


def midgame(game: str, players: int, steps: int = 40, **options: Any) -> State:
    state, rng = new_state(game, players, seed=3, options=options or None), Rng(3)
    for _ in range(steps):
        if state.is_terminal():
            break
        seat = state.to_act()[0]
        ids = state.legal_action_ids(seat)
        state.apply_unchecked(seat, ids[rng.below(len(ids))])
    return state


@pytest.mark.parametrize("info", list_games(), ids=lambda i: i.name)
def test_every_game_pins_its_public_and_state_fields(info: GameInfo) -> None:
    public = SCHEMA["$defs"][f"public_{key(info.name)}"]
    fields = SCHEMA["$defs"][f"state_{key(info.name)}"]
    state = midgame(info.name, info.min_players)
    assert set(state.public_view()) <= set(public["properties"])
    assert set(public["required"]) <= set(state.public_view())
    assert public["additionalProperties"] is False and fields["additionalProperties"] is False
    assert list(fields["properties"]) == list(state.SCALARS) == fields["required"]
    assert all(p.get("description") for p in public["properties"].values())
    VALIDATOR.validate(message(state, state.to_act()[0]))


@pytest.mark.parametrize("info", list_games(), ids=lambda i: i.name)
def test_a_public_field_that_is_unknown_missing_or_mistyped_is_refused(info: GameInfo) -> None:
    state = midgame(info.name, info.min_players)
    good = message(state, state.to_act()[0])
    extra = json.loads(json.dumps(good))
    extra["observation"]["public"]["undocumented"] = 1
    missing = json.loads(json.dumps(good))
    missing["observation"]["public"].pop("phase")
    mistyped = json.loads(json.dumps(good))
    mistyped["observation"]["public"]["phase"] = 3
    renamed = json.loads(json.dumps(good))
    renamed["observation"]["state"]["renamed"] = renamed["observation"]["state"].pop("phase")
    for bad in (extra, missing, mistyped, renamed):
        assert not VALIDATOR.is_valid(bad)


@pytest.mark.parametrize("info", list_games(), ids=lambda i: i.name)
def test_the_state_fields_sent_rebuild_the_position_with_load_state(info: GameInfo) -> None:
    """``observation.state`` is exactly what ``load_state`` reads under ``state``: with the true
    zones it gives back the same position (a bot fills the zones it cannot see itself)."""
    state = midgame(info.name, info.min_players)
    sent = message(state, state.to_act()[0])["observation"]["state"]
    data = state.to_json()
    data["state"] = sent
    assert load_state(data) == state


def test_fields_a_position_needs_are_sent() -> None:
    """Issue 31 found them missing: Nacho Loco's round_first and opener, Portfolio's to_draw
    and hand_at_start."""
    nacho = message(midgame("nacho-loco", 2), 0)["observation"]["state"]
    assert {"round_first", "opener"} <= set(nacho)
    pf = midgame("portfolio", 2)
    sent = message(pf, pf.to_act()[0])["observation"]["state"]
    assert sent["to_draw"] == pf.to_draw and sent["hand_at_start"] == pf.hand_at_start


def test_a_whole_portfolio_game_with_trades_is_in_schema() -> None:
    """Every decision of a trading game (greedy players make and answer offers), as the message
    each seat would be sent, validates; offers were really on the table."""
    state, rng = new_state("portfolio", 3, seed=4, options={"trades": True}), Rng(4)
    bot, phases = make_agent("greedy"), set()
    while not state.is_terminal():
        seat = state.to_act()[0]
        sent = message(state, seat)
        VALIDATOR.validate(sent)
        phases.add(sent["observation"]["public"]["phase"])
        state.apply(seat, decide(bot, state, seat, rng))
    assert {"offer", "respond", "open"} <= phases and state.trades_done


@pytest.mark.parametrize("info", list_games(), ids=lambda i: i.name)
def test_docs_list_every_public_field_of_every_game(info: GameInfo) -> None:
    section = DOC.split("### `public`, game by game", 1)[1].split("\n## ", 1)[0]
    table = section.split(f"**{info.display_name}**", 1)[1].split("\n\n**", 1)[0]
    documented = set(re.findall(r"^\| `([a-z_0-9]+)` \|", table, re.M))
    assert documented == set(SCHEMA["$defs"][f"public_{key(info.name)}"]["properties"])


@pytest.mark.parametrize("info", list_games(), ids=lambda i: i.name)
def test_game_start_tells_the_cards_and_zones_a_bot_deals_worlds_from(info: GameInfo) -> None:
    """Issue 31: the card list and which zones are hidden were not sent, so a bot had to know
        the game's code to sample worlds. game_start now carries both; they agree with what the
        observation shows: the same zones in the same order, every card it shows is in the list as
        often as shown, a public zone and the seat's own hand show every face. (A hidden zone may
    show a card the seat saw go there: default visibility is only where the seen marks start.)"""
    state = midgame(info.name, info.max_players)
    seat = state.to_act()[0]
    sent = game_start_message(0, game_setup(state, seat))
    VALIDATOR.validate(sent)
    shown = state.observation(seat)["zones"]
    assert [z["name"] for z in sent["zones"]] == list(shown)
    names = Counter(card["name"] for card in sent["cards"])
    assert len(sent["cards"]) == sum(len(cards) for cards in shown.values())
    faces = Counter(c for cards in shown.values() for c in cards if c is not None)
    assert not faces - names
    for zone in sent["zones"]:
        if zone["visibility"] == "public":
            assert None not in shown[zone["name"]]
        if zone["visibility"] == "owner":
            assert zone["owner"] is not None
            if zone["owner"] == seat:
                assert None not in shown[zone["name"]]
