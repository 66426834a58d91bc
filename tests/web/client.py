"""A program that plays at a table over the websocket as a browser would (tests, benchmarks).

It says hello with its seat token, keeps the last view it was sent, answers each view in
which it has moves with one of them (chosen by ``pick``) and the version it saw, and
records every message it received. It paces its moves below the server's steady rate
(``Limits.messages_per_second``), as any well-behaved client must: a program answering
every view at once would otherwise be refused for flooding once its burst is spent.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import websockets


@dataclass
class SeatPlayer:
    """One seat played over a websocket."""

    base: str
    table: str
    token: str | None
    rng: random.Random = field(default_factory=random.Random)
    pick: Callable[[list[dict[str, Any]], random.Random], dict[str, Any]] | None = None
    frames: list[str] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    refusals: list[dict[str, Any]] = field(default_factory=list)
    moves: int = 0
    final: dict[str, Any] | None = None
    min_interval: float = 0.12

    async def play(self, timeout: float = 120.0) -> dict[str, Any]:
        """Play until the game is over; returns the last view."""
        url = self.base.replace("http", "ws", 1) + f"/ws/tables/{self.table}"
        async with websockets.connect(url, max_size=2**22) as ws:
            await ws.send(json.dumps({"type": "hello", "token": self.token, "lang": "en"}))
            sent_at: float | None = None
            last_send = 0.0
            deadline = time.monotonic() + timeout
            while time.monotonic() < deadline:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, deadline - time.monotonic()))
                text = raw if isinstance(raw, str) else raw.decode()
                self.frames.append(text)
                message = json.loads(text)
                if message["type"] == "refused":
                    self.refusals.append(message)
                    sent_at = None
                    continue
                if message["type"] != "view":
                    continue
                if sent_at is not None:
                    self.latencies.append(time.perf_counter() - sent_at)
                    sent_at = None
                if message["status"] == "finished":
                    self.final = message
                    return message
                if message["legal"]:
                    move = (self.pick or _random_pick)(message["legal"], self.rng)
                    wait = last_send + self.min_interval - time.monotonic()
                    if wait > 0:
                        await asyncio.sleep(wait)
                    last_send = time.monotonic()
                    sent_at = time.perf_counter()
                    self.moves += 1
                    await ws.send(json.dumps({"type": "act", "action": move["id"], "version": message["version"]}))
        raise TimeoutError(f"table {self.table}: no end within {timeout} s")


def _random_pick(legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    return legal[rng.randrange(len(legal))]


def scripted(legal: list[int], version: int, seat: int) -> int:
    """A scripted person's choice: a function of what its view shows only (the legal moves in
    the server's order, the version and the seat), so that a game replayed without the
    server makes the same choices. Mostly the first move (short games), sometimes another."""
    return legal[0] if version % 3 else legal[(version // 3 + seat) % len(legal)]


@dataclass
class ResilientSeat:
    """A seat (or a spectator, without token) played by :func:`scripted` over a websocket that
    survives its server: when the connection drops it reconnects (to the next address of
    ``bases`` in turn) and carries on from the view it is sent; a refusal (a database that is
    not answering, a stale version) is followed by a ``sync`` after ``retry`` seconds.

    Records every frame, the highest version any view showed, the refusals, and for every
    move the time from sending it to the view that shows it.
    """

    bases: list[str]
    table: str
    token: str | None
    seat: int | None
    retry: float = 0.2
    frames: list[str] = field(default_factory=list)
    refusals: list[dict[str, Any]] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    arrivals: dict[int, float] = field(default_factory=dict)
    seen: int = 0
    connects: int = 0
    moves: int = 0
    final: dict[str, Any] | None = None
    stop: bool = False
    min_interval: float = 0.12
    _turn: int = 0
    _last_send: float = 0.0

    async def play(self, timeout: float = 300.0) -> dict[str, Any] | None:
        """Play (or watch) until the game is over, or ``stop`` is set; returns the last view."""
        deadline = time.monotonic() + timeout
        while self.final is None and not self.stop:
            if time.monotonic() > deadline:
                raise TimeoutError(f"table {self.table}: no end within {timeout} s")
            base = self.bases[self._turn % len(self.bases)]
            url = base.replace("http", "ws", 1) + f"/ws/tables/{self.table}"
            try:
                async with websockets.connect(url, max_size=2**22, open_timeout=5, close_timeout=1) as ws:
                    self.connects += 1
                    await ws.send(json.dumps({"type": "hello", "token": self.token, "lang": "en"}))
                    await self._session(ws, deadline)
            except (OSError, TimeoutError, websockets.ConnectionClosed, websockets.InvalidHandshake):
                self._turn += 1
                await asyncio.sleep(0.05)
        return self.final

    async def _session(self, ws: Any, deadline: float) -> None:
        sent_at: float | None = None
        while not self.stop:
            raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, deadline - time.monotonic()))
            text = raw if isinstance(raw, str) else raw.decode()
            self.frames.append(text)
            message = json.loads(text)
            kind = message["type"]
            if kind == "refused":
                self.refusals.append(message)
                sent_at = None
                if message["code"] != "version/stale":  # a stale version is followed by the view
                    await asyncio.sleep(self.retry)
                    await ws.send('{"type":"sync"}')
                continue
            if kind != "view":
                continue
            self.seen = max(self.seen, int(message["version"]))
            self.arrivals.setdefault(int(message["version"]), time.perf_counter())
            if sent_at is not None:
                self.latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            if message["status"] in ("finished", "abandoned"):
                self.final = message
                return
            if message["legal"] and self.seat is not None:
                ids = [m["id"] for m in message["legal"]]
                action = scripted(ids, int(message["version"]), self.seat)
                wait = self._last_send + self.min_interval - time.monotonic()
                if wait > 0:  # below the server's steady rate, like SeatPlayer
                    await asyncio.sleep(wait)
                self._last_send = time.monotonic()
                sent_at = time.perf_counter()
                self.moves += 1
                await ws.send(json.dumps({"type": "act", "action": action, "version": message["version"]}))


def post(base: str, path: str, body: dict[str, Any], token: str | None = None) -> dict[str, Any]:
    """POST ``body`` as JSON to the server's REST API (with a bearer token if given)."""
    headers = {"content-type": "application/json"}
    if token:
        headers["authorization"] = f"Bearer {token}"
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), headers=headers, method="POST")
    with urllib.request.urlopen(request, timeout=10) as answer:
        return dict(json.loads(answer.read()))


def get(base: str, path: str) -> str:
    """GET a REST path of the server, as text."""
    with urllib.request.urlopen(base + path, timeout=10) as answer:
        return str(answer.read().decode())
