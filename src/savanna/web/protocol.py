"""The websocket of a table: live play, one JSON object per message.

The browser (or any program) connects to ``/ws/tables/{id}`` and says who it is first::

    → {"type": "hello", "token": "<seat token or null>", "lang": "fr", "host": "<host token>"}
    ← {"type": "welcome", "table": {...}, "you": 1, "host": false, "legend": [...], "help": {...}}
    ← {"type": "view", "version": 12, "board_svg": "<svg…>", "legal": [...], "log": [...], ...}

Then, any number of times::

    → {"type": "act", "action": "move R", "version": 12}    (or the action's id)
    → {"type": "replace", "seat": 2}                         (a departed or too slow player's seat to a bot)
    → {"type": "reclaim"}                                    (take my seat back from the bot)
    → {"type": "settings", "spectators": false}              (the host only: spectators or not)
    → {"type": "lang", "lang": "en"}                         (the view again, in that language)
    → {"type": "sync"}                                       (the full view again)
    → {"type": "ping"}                                       ← {"type": "pong"}
    → {"type": "coach", "what": "odds"}                      (or "hint": see savanna.web.coach)

Every change of the game sends each client its own view (and the log entries it has not
seen); a change of who is connected or watching sends ``{"type": "seats"}``. A refused
message is answered to its sender only::

    ← {"type": "refused", "code": "action/illegal", "message": "…", "rule": "banjooli/…", "rule_text": "…"}

A stale version is refused with ``version/stale`` and followed by the full view. Garbage
(not JSON, not an object, too large, an unknown type) is refused the same way and changes
nothing; a connection that keeps flooding is closed (code 1008). A client address holding
too many sockets is refused (``client/too_many_connections``, code 1013), and so is any
socket past the server's ``max_websockets`` (``server/full``); a spectator at a
table whose host does not allow spectators is refused (``spectators/off``, code 4403).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any

from starlette.requests import HTTPConnection
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from savanna.core import SavannaError
from savanna.web.errors import WebError, error_payload, refused, web_error
from savanna.web.limits import TokenBucket
from savanna.web.view import welcome
from savanna.web.wire import (
    KINDS,
    Act,
    Coach,
    Hello,
    Lang,
    Ping,
    Reclaim,
    Replace,
    Sync,
    TableSettings,
    parse_frame,
)

__all__ = ["KINDS", "WsClient", "client_address", "serve_websocket"]

log = logging.getLogger("savanna.web")

OUTBOX = 256
"""Messages queued for one client; a client that falls this far behind is dropped."""


class WsClient:
    """One websocket connection: its seat, language, and an outbox written by its own task."""

    def __init__(self, websocket: WebSocket) -> None:
        self.websocket = websocket
        self.seat: int | None = None
        self.host = False
        self.address = ""
        self.lang = "en"
        self.log_sent = 0
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue(OUTBOX)
        self.writer = asyncio.create_task(self._write())

    async def send(self, message: dict[str, Any]) -> None:
        """Queue ``message`` (a slow client never holds a table up)."""
        try:
            self.outbox.put_nowait(json.dumps(message, separators=(",", ":"), ensure_ascii=False))
        except asyncio.QueueFull:
            log.warning("dropping a client that is %d messages behind", OUTBOX)
            self.writer.cancel()

    async def _write(self) -> None:
        ws = self.websocket
        while True:
            text = await self.outbox.get()
            if text is None:
                return
            try:
                await ws.send_text(text)
            except Exception:
                return

    async def close(self, code: int = 1000) -> None:
        """Flush what is queued, then close."""
        with contextlib.suppress(asyncio.QueueFull):
            self.outbox.put_nowait(None)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.writer, timeout=2.0)
        self.writer.cancel()
        if self.websocket.client_state == WebSocketState.CONNECTED:
            with contextlib.suppress(Exception):
                await self.websocket.close(code)


def _refusal(exc: SavannaError, lang: str) -> dict[str, Any]:
    return {"type": "refused", **error_payload(exc, lang)}


def client_address(connection: HTTPConnection) -> str:
    """The client's address (behind a trusted reverse proxy, the one it forwarded)."""
    return connection.client.host if connection.client is not None else "unknown"


def _lang(value: Any, default: str) -> str:
    return value if value in ("en", "fr") else default


async def serve_websocket(websocket: WebSocket) -> None:
    """Serve one table's websocket until the client leaves."""
    from savanna.web.hub import Hub

    hub: Hub = websocket.app.state.hub
    limits = hub.limits
    await websocket.accept()
    client = WsClient(websocket)
    address = client.address = client_address(websocket)
    if not hub.gate.open(address):
        limit = limits.max_connections_per_client
        refusal = web_error("server/full") if hub.gate.full() else web_error("client/too_many_connections", limit=limit)
        await client.send(_refusal(refusal, "en"))
        await client.close(1013)
        return
    live = None
    try:
        try:
            live = await hub.get(websocket.path_params["table_id"])
        except WebError as exc:
            await client.send(_refusal(exc, "en"))
            await client.close(4404)
            return
        # The first message says who this is; until then nothing is shown.
        try:
            first = await asyncio.wait_for(websocket.receive(), timeout=limits.hello_seconds)
        except TimeoutError:
            await client.send(_refusal(web_error("message/hello_first"), "en"))
            await client.close(1008)
            return
        if first.get("type") == "websocket.disconnect":
            return
        host = False
        try:
            hello = parse_frame(first, limits.max_message_bytes)
            if not isinstance(hello, Hello):
                raise web_error("message/hello_first")
        except WebError as exc:
            await client.send(_refusal(exc, "en"))
            await client.close(1008)
            return
        client.lang = _lang(hello.lang, live.lang)
        if hello.token is not None:
            if live.seat_of(hello.token) is None:
                # A failed authentication gets the public view only, and is told why.
                await client.send(_refusal(web_error("token/invalid"), client.lang))
            else:
                client.seat = live.seat_of(hello.token)
        host = client.host = hello.host is not None and live.is_host(hello.host)
        try:
            await live.attach(client, host)
        except WebError as exc:
            await client.send(_refusal(exc, client.lang))
            await client.close(4403 if exc.code == "spectators/off" else 1013)
            return
        bucket = TokenBucket(limits.messages_per_second, limits.burst)
        strikes = 0
        while True:
            raw = await websocket.receive()
            if raw.get("type") == "websocket.disconnect":
                return
            try:
                if not bucket.take():
                    strikes += 1
                    if strikes >= limits.flood_strikes:
                        await client.send(_refusal(web_error("message/flood", rate=limits.messages_per_second), client.lang))
                        await client.close(1008)
                        return
                    raise web_error("message/flood", rate=limits.messages_per_second)
                message = parse_frame(raw, limits.max_message_bytes)
                if isinstance(message, Act):
                    await live.act(client, message.action, message.version)
                elif isinstance(message, Replace):
                    await live.replace(client, message.seat)
                elif isinstance(message, Reclaim):
                    await live.reclaim(client)
                elif isinstance(message, TableSettings):
                    await live.settings(client.host, message.spectators)
                elif isinstance(message, Lang):
                    client.lang = _lang(message.lang, client.lang)
                    await client.send(welcome(live, client.seat, client.lang, host))
                    await live.send_view(client, full=True)
                elif isinstance(message, Sync):
                    await live.send_view(client, full=True)
                elif isinstance(message, Coach):
                    await live.ask_coach(client, message.what)
                elif isinstance(message, Ping):
                    await client.send({"type": "pong"})
                else:  # a second hello
                    raise refused("message/malformed", "hello_once")
            except SavannaError as exc:
                await client.send(_refusal(exc, client.lang))
                if isinstance(exc, WebError) and exc.code == "version/stale":
                    await live.send_view(client, full=True)
    except WebSocketDisconnect:
        return
    finally:
        hub.gate.close(address)
        if live is not None:
            await live.detach(client)
        await client.close()
