"""Flood limits: how often one client may open tables or take seats.

A client is its address as the server sees it (behind a reverse proxy, run uvicorn with
``--proxy-headers`` so that is the real client's). Each limit is a token bucket per client:
``per_minute`` requests a minute on average, at most ``per_minute`` in a burst. A refused
request learns how many seconds to wait (HTTP 429 with ``Retry-After``).

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
