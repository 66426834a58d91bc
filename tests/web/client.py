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
