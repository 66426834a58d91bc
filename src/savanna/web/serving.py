"""How uvicorn serves the application: one configuration for ``savanna serve`` and the tests,
and the guard on every HTTP connection (issue 22.2, slowloris).

uvicorn alone does not stop a slow client: its ``timeout_keep_alive`` starts only once a
first response is sent and every byte received resets it, so a client that sends half a
request (or one byte of it every few seconds) holds its socket for ever, and
``limit_concurrency`` answers 503 only to requests whose headers arrived (a slowloris never
finishes its headers) while counting the half-open sockets, so it refuses the honest ones.
:class:`GuardedH11Protocol` is uvicorn's h11 protocol with three guards of its own:

- **a deadline per request**: from the moment a connection opens, or its last response was
  sent, the client has ``request_seconds`` to send a whole request (headers and body); then
  it is answered ``408 request/too_slow`` and closed (a handler waiting for the rest of a
  body logs one line). A request wholly received is the application's, however long it takes.
- **a cap per client address** (``max_http_connections_per_client``): more sockets from one
  address are answered ``429 client/too_many_connections`` and closed at once;
- **a cap for the whole server** (``max_http_connections``): past it, ``503 server/full``.

Websockets leave the guard when they upgrade (their caps are the hub's
:class:`~savanna.web.limits.ClientGate`: per address and in all). Headers are at most
``h11_max_incomplete_event_size`` (16 KiB) and bodies are read against their cap as they
stream in (:func:`savanna.web.app`), so a fast client cannot fill the memory either.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import resource
from collections import Counter
from http import HTTPStatus
from typing import Any, ClassVar

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from savanna.web.errors import error_payload, web_error
from savanna.web.limits import Limits

__all__ = ["GuardedH11Protocol", "guarded", "open_file_limit", "uvicorn_config"]

log = logging.getLogger("savanna.web")

HEADER_BYTES = 16 * 1024
"""The largest request line and headers accepted (h11 answers 400 past it)."""


def _answer(status: HTTPStatus, code: str, **fields: Any) -> bytes:
    body = json.dumps({"error": error_payload(web_error(code, **fields), "en")}).encode()
    head = (f"HTTP/1.1 {status.value} {status.phrase}\r\ncontent-type: application/json\r\ncontent-length: {len(body)}\r\n"
            "connection: close\r\n\r\n")
    return head.encode("ascii") + body


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline per request and caps on connections (see the
    module). :func:`guarded` makes the class for one server's :class:`Limits`."""

    limits: ClassVar[Limits] = Limits()
    held: ClassVar[Counter[str]] = Counter()
    """Open HTTP connections (not yet upgraded) per client address, for one server."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._deadline: asyncio.TimerHandle | None = None
        self._counted = False
        self._address = self.client[0] if self.client else "unknown"
        limits, held = self.limits, self.held
        if held.total() >= limits.max_http_connections:
            transport.write(_answer(HTTPStatus.SERVICE_UNAVAILABLE, "server/full"))
            transport.close()
            return
        if held[self._address] >= limits.max_http_connections_per_client:
            transport.write(_answer(HTTPStatus.TOO_MANY_REQUESTS, "client/too_many_connections",
                                    limit=limits.max_http_connections_per_client))
            transport.close()
            return
        held[self._address] += 1
        self._counted = True
        self._arm()

    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(self.limits.request_seconds, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _release(self) -> None:
        self._disarm()
        if self._counted:
            self._counted = False
            self.held[self._address] -= 1
            if self.held[self._address] <= 0:
                del self.held[self._address]

    def _too_slow(self) -> None:
        self._deadline = None
        if self.transport.is_closing():
            return
        cycle = self.cycle
        if cycle is not None and not cycle.response_complete and not cycle.more_body:
            return  # the whole request arrived: the application has it (the next one is re-armed)
        if cycle is None or cycle.response_complete or not cycle.response_started:  # nothing said yet
            self.transport.write(_answer(HTTPStatus.REQUEST_TIMEOUT, "request/too_slow",
                                         seconds=f"{self.limits.request_seconds:g}"))
        self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self._release()
        super().connection_lost(exc)

    def handle_websocket_upgrade(self, event: Any) -> None:
        self._release()  # a websocket is counted by the hub's gate from now on
        super().handle_websocket_upgrade(event)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if self._counted and not self.transport.is_closing():
            self._arm()


def guarded(limits: Limits) -> type[GuardedH11Protocol]:
    """The guarded protocol class of one server (its limits, its own count of connections)."""
    return type("GuardedH11Protocol", (GuardedH11Protocol,), {"limits": limits, "held": Counter()})


def uvicorn_config(app: Any, limits: Limits, host: str = "127.0.0.1", port: int = 8000, **extra: Any) -> uvicorn.Config:
    """The uvicorn configuration every Savanna server runs with (``extra``: proxy headers,
    log level...)."""
    options: dict[str, Any] = {
        "log_level": "warning",
        "ws_max_size": limits.max_message_bytes * 4,
        "ws_ping_interval": 20.0,
        "ws_ping_timeout": 20.0,
        "timeout_keep_alive": 5,
        "h11_max_incomplete_event_size": HEADER_BYTES,
        **extra,
    }
    return uvicorn.Config(app, host=host, port=port, http=guarded(limits), **options)


def open_file_limit() -> int:
    """How many files (sockets included) this process may open, after raising its soft limit
    to the hard one (as a server should)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard > soft:
        target = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
    return int(soft)
