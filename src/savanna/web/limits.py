"""Every cap, rate and delay of the server, in one place.

The server reads nothing but :class:`Limits` for the size of a message, how fast a
connection may send, how long names may be, how long a departed player's seat waits before
the others may hand it to a bot, and how fast bots play. Tests and benchmarks build their
own :class:`Limits`; ``savanna serve`` uses the defaults and its flags.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

__all__ = ["Limits", "TokenBucket"]


@dataclass(frozen=True, slots=True)
class Limits:
    """Caps and rates of one server.

    Attributes:
        max_message_bytes: the longest websocket message or JSON body accepted (a move is a
            few dozen bytes); longer ones are refused with ``message/too_large``.
        messages_per_second: the steady rate each websocket connection may send at.
        burst: how many messages a connection may send at once before the rate applies.
        flood_strikes: messages refused for flooding before the connection is closed.
        max_name_chars: the longest player name; ``max_title_chars`` the longest table title.
        max_connections_per_table: sockets (players and spectators) one table accepts.
        hello_seconds: how long a new socket may wait before saying who it is.
        grace_seconds: the default grace period of a table: how long a player may be away
            before the others may hand the seat to a bot (tables choose between
            ``min_grace_seconds`` and ``max_grace_seconds``).
        bot_pace_seconds: the least time between a bot's move and the one before it, so that
            people can follow; 0 in tests and benchmarks.
        bot_workers: processes that run bot searches (off the event loop).
        replacement_bot: the bot kind that takes a departed player's seat.
    """

    max_message_bytes: int = 4096
    messages_per_second: float = 10.0
    burst: int = 30
    flood_strikes: int = 20
    max_name_chars: int = 32
    max_title_chars: int = 60
    max_connections_per_table: int = 64
    hello_seconds: float = 15.0
    grace_seconds: int = 60
    min_grace_seconds: int = 5
    max_grace_seconds: int = 3600
    bot_pace_seconds: float = 0.8
    bot_workers: int = 2
    replacement_bot: str = "heuristic"


class TokenBucket:
    """A token bucket: ``burst`` tokens, refilled at ``rate`` per second.

    Example:
        >>> bucket = TokenBucket(rate=1.0, burst=2, clock=lambda: 0.0)
        >>> [bucket.take() for _ in range(3)]
        [True, True, False]
    """

    def __init__(self, rate: float, burst: int, clock: object = time.monotonic) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self._clock = clock
        self._last = self._now()

    def _now(self) -> float:
        clock = self._clock
        assert callable(clock)
        return float(clock())

    def take(self) -> bool:
        """Spend one token; ``False`` (and nothing spent) when the bucket is empty."""
        now = self._now()
        self.tokens = min(self.burst, self.tokens + (now - self._last) * self.rate)
        self._last = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False
