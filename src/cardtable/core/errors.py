"""Errors raised by the game protocol.

All are ``ValueError`` subclasses (as python-chess does for illegal moves), so callers that
treat bad input generically can catch ``ValueError``; each message names what was wrong and
the state it was wrong in.
"""

from __future__ import annotations


class CardtableError(ValueError):
    """Base class of every error the protocol raises on bad input."""


class IllegalAction(CardtableError):
    """An action was rejected. The state it was applied to is unchanged."""


class UnknownGame(CardtableError):
    """No game is registered under that name."""


class BadOptions(CardtableError):
    """Game options or a player count that the game does not accept."""


class StateFormatError(CardtableError):
    """A JSON state or game record that cannot be read."""
