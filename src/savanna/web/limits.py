"""Every cap, rate and delay of the server, in one place.

The server reads nothing but :class:`Limits` for the size of a message, how fast a
connection (and a client address) may send, how many sockets and waiting tables one client
address may hold, how long names may be, how long a departed (or too slow) player's seat
waits before the others may hand it to a bot, how fast bots play, and when old tables are
cleaned up. Tests and benchmarks build their
own :class:`Limits`; ``savanna serve`` uses the defaults and its flags.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

__all__ = ["ClientGate", "Limits", "TokenBucket"]


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
        max_connections_per_client: sockets one client address may hold open at once, over
            every table of this process (a browser holds one per open table page).
        max_websockets: websockets this process holds open at once, over every address.
        max_http_connections, max_http_connections_per_client: HTTP connections (before a
            websocket upgrade) this process holds open at once, in all and per client
            address (:mod:`savanna.web.serving`).
        request_seconds: how long a client may take to send one whole request (headers
            and body), from the opening of its connection or the last answer on it.
        max_open_tables_per_client: tables one client address may have waiting for players
            (created, not started) at once; a finished or started table frees its place.
        max_playing_tables_per_client: games in play one client address may have created
            (a bots-only table starts at once, so it never waits); a finished game frees
            its place.
        max_playing_tables: games in play on the whole server (every process of one
            database), beyond which a new table is refused until some finish.
        requests_per_second, request_burst: the steady rate and the burst of REST writes
            (create, join, leave, start, act, ...) one client address may send.
        turn_seconds_choices: the turn clocks a table may choose (seconds a person may take
            over one decision before the others may hand the seat to a bot; 0: no clock).
        open_table_hours: a table nobody started is deleted after this long without a change.
        idle_game_days: a game in play that nobody moved for this long is closed as abandoned.
        archive_after_days: a finished game's actions are folded into its record after this
            long (the record stays downloadable and replayable); an abandoned one is deleted.
        cleanup_seconds: how often the clean-up runs (every server process runs it; it is
            idempotent).
        evict_seconds: a finished table without a connection leaves the process's memory
            after this long (it is read again from the database when asked for).
        sync_seconds: with other server processes (PostgreSQL), how often one checks that
            every unfinished table it holds is the one stored (it reads again any other
            process changed without it hearing of it).
        heartbeat_seconds: with other server processes, how often one says it is alive
            and looks for games whose owner stopped (and takes them over).
        coach_workers: processes that answer the coach's questions: a pool of their own,
            so that no amount of coaching delays a bot (0: a thread, in tests).
        coach_questions: questions the coach thinks about at once in this process; one
            more is refused (``coach/full``) until one is answered.
        coach_per_client: questions one client address may have the coach think about at
            once (over all its tables and seats; each seat asks one at a time).
        lease_seconds: a process silent for this long loses its games in play to another
            one (which plays their chance, bots and clocks from then on).
        min_move_seconds, max_move_seconds: the deadline per decision a turn-based table
            may choose (an hour to three days).
        min_base_seconds, max_base_seconds, max_increment_seconds: the clock a real-time
            table may give each player for the whole game, and the increment per move.
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
    max_connections_per_client: int = 32
    max_websockets: int = 4000
    max_http_connections: int = 2000
    max_http_connections_per_client: int = 64
    request_seconds: float = 10.0
    max_open_tables_per_client: int = 5
    max_playing_tables_per_client: int = 20
    max_playing_tables: int = 1000
    requests_per_second: float = 10.0
    request_burst: int = 60
    turn_seconds_choices: tuple[int, ...] = (0, 30, 60, 120, 300, 86400)
    open_table_hours: float = 24.0
    idle_game_days: float = 7.0
    archive_after_days: float = 30.0
    cleanup_seconds: float = 600.0
    evict_seconds: float = 300.0
    sync_seconds: float = 2.0
    heartbeat_seconds: float = 1.0
    lease_seconds: float = 5.0
    coach_workers: int = 1
    coach_questions: int = 4
    coach_per_client: int = 1
    min_move_seconds: int = 3600
    max_move_seconds: int = 3 * 86400
    min_base_seconds: int = 60
    max_base_seconds: int = 3 * 3600
    max_increment_seconds: int = 60


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


class ClientGate:
    """Per client address: the sockets it holds open and a token bucket for its REST writes.

    Args:
        limits: the caps (``max_connections_per_client``, ``requests_per_second``,
            ``request_burst``).
        clock: the time source of the buckets.

    Example:
        >>> gate = ClientGate(Limits(max_connections_per_client=1, request_burst=1), clock=lambda: 0.0)
        >>> gate.open("10.0.0.1"), gate.open("10.0.0.1"), gate.open("10.0.0.2")
        (True, False, True)
        >>> gate.request("10.0.0.1"), gate.request("10.0.0.1")
        (True, False)
    """

    def __init__(self, limits: Limits, clock: object = time.monotonic) -> None:
        self.limits = limits
        self._clock = clock
        self.sockets: dict[str, int] = {}
        self.total = 0
        self._buckets: dict[str, TokenBucket] = {}

    def open(self, client: str) -> bool:
        """Count one more socket of ``client``; ``False`` (nothing counted) over its cap or
        over the server's (``max_websockets``: see :meth:`full`)."""
        held = self.sockets.get(client, 0)
        if held >= self.limits.max_connections_per_client or self.full():
            return False
        self.sockets[client] = held + 1
        self.total += 1
        return True

    def full(self) -> bool:
        """Whether the server holds its ``max_websockets`` already."""
        return self.total >= self.limits.max_websockets

    def close(self, client: str) -> None:
        """A socket of ``client`` closed."""
        if client in self.sockets:
            self.total -= 1
        held = self.sockets.get(client, 0) - 1
        if held > 0:
            self.sockets[client] = held
        else:
            self.sockets.pop(client, None)

    def request(self, client: str) -> bool:
        """Spend one REST write of ``client``; ``False`` when it sends too fast."""
        bucket = self._buckets.get(client)
        if bucket is None:
            if len(self._buckets) > 10_000:  # forget idle clients (a full bucket is the default)
                self._buckets = {k: b for k, b in self._buckets.items() if b.tokens < b.burst}
            bucket = self._buckets[client] = TokenBucket(
                self.limits.requests_per_second, self.limits.request_burst, self._clock
            )
        return bucket.take()
