"""Piece of the Action (Sid Sackson), 2-6 players.

Our reading of the rules: ``docs/rules/piece_of_the_action.md``.
"""

from cardtable.core.registry import GameInfo, register
from cardtable.games.piece_of_the_action import meta
from cardtable.games.piece_of_the_action.greedy import greedy
from cardtable.games.piece_of_the_action.render import render
from cardtable.games.piece_of_the_action.state import PotaState

__all__ = ["INFO", "PotaState"]

INFO = register(GameInfo.from_meta(meta, PotaState, renderer=render, greedy=greedy))
