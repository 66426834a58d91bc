"""A coach flood from one address delays no bot at another table (issue 22.1).

The coach answers in a pool of its own, with quotas: one question at a time per seat, per
client address (``coach_per_client``) and ``coach_questions`` in the whole process. One
client asks for hints without pause at eight coach tables of its own while two bots play at
another table: the bots' moves keep coming at their pace.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import statistics
import time
from collections.abc import AsyncIterator
from dataclasses import replace
from typing import Any

import pytest
import websockets

from savanna.web import Settings
from savanna.web.coaching import CoachGate
from savanna.web.errors import WebError
from tests.web.client import post
from tests.web.conftest import TEST_LIMITS, ThreadServer

FLOOD_SECONDS = 6.0


def test_the_coach_gate_counts_per_address_and_in_all():
    gate = CoachGate(total=2, per_client=1)
    gate.take("a")
    with pytest.raises(WebError) as refused:
        gate.take("a")
    assert refused.value.code == "coach/full"
    gate.take("b")
    with pytest.raises(WebError):
        gate.take("c")  # the process is at its quota
    gate.give("a")
    gate.take("c")
    gate.give("b")
    gate.give("c")
    assert gate.thinking == 0 and gate.by_client == {}


async def _messages(ws: Any, until: float) -> AsyncIterator[dict[str, Any]]:
    """The messages ``ws`` receives until ``until`` (monotonic time), decoded."""
    while time.monotonic() < until:
        try:
            raw = await asyncio.wait_for(ws.recv(), timeout=max(0.05, until - time.monotonic()))
        except TimeoutError:
            return
        yield json.loads(raw)


async def watch(url: str, table: str, until: float) -> list[float]:
    """Arrival times of the views of ``table`` (a spectator) until ``until``."""
    times: list[float] = []
    async with websockets.connect(url.replace("http", "ws", 1) + f"/ws/tables/{table}", max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "token": None, "lang": "en"}))
        async for message in _messages(ws, until):
            if message["type"] == "view" and message["status"] == "playing":
                times.append(time.monotonic())
    return times


async def flood(url: str, table: str, token: str, until: float, counts: dict[str, int], answers: int = 0) -> None:
    """Ask for a hint again as soon as the last one is answered or refused (until
    ``until``, or ``answers`` answers when not 0)."""
    async with websockets.connect(url.replace("http", "ws", 1) + f"/ws/tables/{table}", max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "lang": "en"}))
        await ws.send(json.dumps({"type": "coach", "what": "hint"}))
        async for message in _messages(ws, until):
            if message["type"] == "refused" and message["code"].startswith("coach/"):
                counts[message["code"]] = counts.get(message["code"], 0) + 1
                await asyncio.sleep(0.01)
                await ws.send(json.dumps({"type": "coach", "what": "hint"}))
            elif message["type"] == "coach" and message["state"] in ("done", "failed"):
                counts[message["state"]] = counts.get(message["state"], 0) + 1
                if answers and counts.get("done", 0) >= answers:
                    return
                await ws.send(json.dumps({"type": "coach", "what": "hint"}))


@pytest.mark.slow
def test_a_coach_flood_from_one_address_delays_no_bot_at_another_table(tmp_path):
    limits = replace(TEST_LIMITS, bot_pace_seconds=0.05, coach_workers=1, coach_questions=4, coach_per_client=1)
    with ThreadServer(Settings(database=f"sqlite:///{tmp_path / 'db.sqlite3'}", limits=limits)) as server:
        url = server.url
        coached = []
        for _ in range(8):
            made = post(url, "/api/tables", {"game": "banjooli", "players": 2, "seats": ["open", "bot:heuristic"],
                                             "coach": True})
            seat = post(url, f"/api/tables/{made['id']}/join", {"seat": 0, "name": "Flood"})
            post(url, f"/api/tables/{made['id']}/start", {}, token=made["host_token"])
            coached.append((made["id"], seat["token"]))

        async def scenario() -> tuple[list[float], list[float], dict[str, int]]:
            # The coach's pool starts its process at the first question: one answer first.
            await flood(url, *coached[0], time.monotonic() + 60, {}, answers=1)
            bots = post(url, "/api/tables", {"game": "hyena", "players": 2, "options": {"length": 80},
                                             "seats": ["bot:heuristic", "bot:heuristic"]})
            post(url, f"/api/tables/{bots['id']}/start", {}, token=bots["host_token"])
            quiet = await watch(url, bots["id"], time.monotonic() + 2.0)
            counts: dict[str, int] = {}
            until = time.monotonic() + FLOOD_SECONDS
            flooding = [asyncio.create_task(flood(url, t, token, until, counts)) for t, token in coached]
            busy = await watch(url, bots["id"], until)
            await asyncio.gather(*flooding)
            return quiet, busy, counts

        quiet, busy, counts = asyncio.run(scenario())
    gaps = {name: [b - a for a, b in itertools.pairwise(times)] for name, times in (("quiet", quiet), ("flood", busy))}
    assert len(gaps["flood"]) > 20, "the bots should have played all along"
    figures = {name: {"moves": len(g), "gap_ms_median": round(1000 * statistics.median(g), 1),
                      "gap_ms_max": round(1000 * max(g), 1)} for name, g in gaps.items()}
    print("\ncoach flood:", json.dumps({**figures, "coach": counts}))
    assert counts.get("done", 0) >= 1, counts
    assert counts.get("coach/full", 0) >= 1, "one address asking at eight tables should meet its quota"
    assert max(gaps["flood"]) < 1.0, f"a bot move waited {max(gaps['flood']):.2f} s during the coach flood"
