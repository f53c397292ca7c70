"""Flood limits: how often one client may open tables or take seats.

A client is its address as the server sees it (behind a reverse proxy, run uvicorn with
``--proxy-headers`` so that is the real client's). Each limit is a token bucket per client:
``per_minute`` requests a minute on average, at most ``per_minute`` in a burst. A refused
request learns how many seconds to wait (HTTP 429 with ``Retry-After``).

With several server processes on one PostgreSQL the buckets are rows of the ``rate_limits``
table (:class:`SharedRateLimit`), spent by one conditional upsert, so a client gets the same
budget however its requests are spread over the processes (with a bucket per process, N
processes behind a round-robin proxy would allow N times the limit). One process alone keeps
them in memory (:class:`RateLimit`): exact there, and without a database round trip.

>>> bucket = RateLimit(per_minute=2)
>>> bucket.take("a", now=0.0), bucket.take("a", now=0.0), bucket.take("a", now=0.0)
(None, None, 30.0)
>>> bucket.take("a", now=30.0), bucket.take("b", now=30.0)
(None, None)
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass, field
from typing import Protocol

from sqlalchemy import text
from sqlalchemy.engine import Engine


def client_key(address: str) -> str:
    """What the server keeps of a client's address: a short hash, never the address."""
    return hashlib.sha256(address.encode()).hexdigest()[:32]


@dataclass
class RateLimit:
    per_minute: float
    #: client -> (tokens left, when they were counted)
    buckets: dict[str, tuple[float, float]] = field(default_factory=dict)
    #: Buckets kept before full ones are forgotten (a full bucket is the same as none).
    max_clients: int = 10_000

    def take(self, client: str, now: float | None = None) -> float | None:
        """Spend one request of ``client``: None if allowed, else seconds until it would be."""
        if self.per_minute <= 0:
            return None  # no limit
        now = time.monotonic() if now is None else now
        rate, burst = self.per_minute / 60.0, self.per_minute
        tokens, then = self.buckets.get(client, (burst, now))
        tokens = min(burst, tokens + (now - then) * rate)
        if tokens < 1.0:
            self.buckets[client] = (tokens, now)
            return (1.0 - tokens) / rate
        if len(self.buckets) >= self.max_clients:
            self._forget_full(now)
        self.buckets[client] = (tokens - 1.0, now)
        return None

    def _forget_full(self, now: float) -> None:
        rate, burst = self.per_minute / 60.0, self.per_minute
        for key, (tokens, then) in list(self.buckets.items()):
            if tokens + (now - then) * rate >= burst:
                del self.buckets[key]


class Limit(Protocol):
    def take(self, client: str) -> float | None:
        """Spend one request of ``client``: None if allowed, else seconds until it would be."""


#: Spend one token if the bucket (refilled since it was last counted) has one; the database's
#: clock is the only one used, so processes whose clocks differ still agree.
_TAKE = text(
    "INSERT INTO rate_limits AS b (bucket, client, tokens, updated_at)"
    " VALUES (:bucket, :client, :burst - 1, now())"
    " ON CONFLICT (bucket, client) DO UPDATE SET"
    " tokens = LEAST(:burst, b.tokens"
    " + CAST(EXTRACT(EPOCH FROM now() - b.updated_at) AS double precision) * :rate) - 1,"
    " updated_at = now()"
    " WHERE LEAST(:burst, b.tokens"
    " + CAST(EXTRACT(EPOCH FROM now() - b.updated_at) AS double precision) * :rate) >= 1"
    " RETURNING b.tokens"
)
_WAIT = text(
    "SELECT (1 - LEAST(:burst, tokens"
    " + CAST(EXTRACT(EPOCH FROM now() - updated_at) AS double precision) * :rate)) / :rate"
    " FROM rate_limits WHERE bucket = :bucket AND client = :client"
)
#: A bucket untouched for longer than it takes to refill is full: the same as no row.
_FORGET_FULL = text(
    "DELETE FROM rate_limits WHERE bucket = :bucket"
    " AND updated_at < now() - make_interval(secs => :seconds)"
)


@dataclass
class SharedRateLimit:
    """:class:`RateLimit` with its buckets in PostgreSQL, shared by every server process."""

    engine: Engine
    bucket: str
    per_minute: float

    def take(self, client: str) -> float | None:
        if self.per_minute <= 0:
            return None  # no limit
        params = {
            "bucket": self.bucket,
            "client": client,
            "burst": float(self.per_minute),
            "rate": self.per_minute / 60.0,
        }
        with self.engine.begin() as conn:
            if conn.execute(_TAKE, params).first() is not None:
                return None
            wait = conn.execute(_WAIT, params).scalar()
        return max(0.0, float(wait or 0.0))

    def forget_full(self) -> None:
        """Delete the rows of buckets that have refilled (called now and then)."""
        if self.per_minute <= 0:
            return
        seconds = 60.0 + 1.0  # a bucket refills from empty in burst / rate = 60 s
        with self.engine.begin() as conn:
            conn.execute(_FORGET_FULL, {"bucket": self.bucket, "seconds": seconds})


def rate_limit(bucket: str, per_minute: float, engine: Engine, shared: bool) -> Limit:
    """The limit ``bucket`` for one process alone (in memory) or for processes sharing one
    PostgreSQL (``shared``: in the database)."""
    if shared:
        return SharedRateLimit(engine, bucket, per_minute)
    return RateLimit(per_minute)
