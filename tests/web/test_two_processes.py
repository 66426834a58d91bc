"""Two ``savanna serve`` processes on one PostgreSQL database serve the same table.

Awa plays through process A, Moussa through process B, a spectator watches through B, and a
bot sits at the table. Every move made through one process reaches the players of the other
at once (PostgreSQL ``LISTEN``/``NOTIFY``); chance and the bot are played by one process at a
time (an advisory lock). Mid-game process A is killed with SIGKILL: Awa's client reconnects
to B (as a reverse proxy would send it), B takes over the bot, and the game ends as the
uninterrupted one.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import time

import httpx
import pytest

from savanna.core import Record
from tests.web.client import ResilientSeat
from tests.web.conftest import ServerProcess
from tests.web.replays import uninterrupted

pytestmark = pytest.mark.slow


async def scenario(a: ServerProcess, b: ServerProcess) -> dict:
    async with httpx.AsyncClient(timeout=10) as client:
        made = (await client.post(f"{a.url}/api/tables", json={
            "game": "banjooli", "players": 3, "options": {"berries": True},
            "seats": ["open", "open", "bot:heuristic"], "title": "two processes",
        })).json()
        table = made["id"]
        awa = (await client.post(f"{a.url}/api/tables/{table}/join", json={"seat": 0, "name": "Awa"})).json()
        moussa = (await client.post(f"{b.url}/api/tables/{table}/join", json={"seat": 1, "name": "Moussa"})).json()
        deadline = time.monotonic() + 1.0  # B's join reaches A within a second (in fact milliseconds)
        while [s["name"] for s in (await client.get(f"{a.url}/api/tables/{table}")).json()["seats"][:2]] != [
            "Awa", "Moussa"
        ]:
            assert time.monotonic() < deadline, "process A never heard of Moussa's seat taken on B"
            await asyncio.sleep(0.01)
        players = [
            ResilientSeat([a.url, b.url], table, awa["token"], 0),
            ResilientSeat([b.url], table, moussa["token"], 1),
        ]
        watcher = ResilientSeat([b.url], table, None, None)
        tasks = [asyncio.create_task(p.play(timeout=400)) for p in [*players, watcher]]
        await asyncio.sleep(0.5)
        started = await client.post(f"{b.url}/api/tables/{table}/start",
                                    headers={"authorization": f"Bearer {made['host_token']}"})
        assert started.status_code == 200
        while players[0].seen < 120:
            await asyncio.sleep(0.05)
        a.kill()  # process A dies mid-game; Awa's client goes on through B
        killed_at = players[1].seen
        await asyncio.wait_for(asyncio.gather(*tasks), timeout=400)
        record = (await client.get(f"{b.url}/api/tables/{table}/record")).text
    return {"players": players, "watcher": watcher, "record": record, "killed_at": killed_at}


def test_two_processes_serve_one_table_and_each_hears_the_others_moves_at_once(shared_database):
    a = ServerProcess(shared_database, workers=0, bot_pace=0.05).start()
    b = ServerProcess(shared_database, workers=0, bot_pace=0.05).start()
    try:
        out = asyncio.run(scenario(a, b))
        logs = a.log_path.read_text(errors="replace") + b.log_path.read_text(errors="replace")
    finally:
        a.stop()
        b.stop()
    record = Record.from_json(out["record"])
    assert record.actions == uninterrupted(record)
    awa, moussa = out["players"]
    watcher = out["watcher"]
    assert awa.final and moussa.final and watcher.final
    assert awa.connects >= 2, "Awa's client should have moved to process B"
    # Before the kill, every version was committed by A or by B: the client of that process
    # saw it first, the other one through the database's notification. How much later?
    shared = [v for v in awa.arrivals if v in moussa.arrivals and v < out["killed_at"]]
    delays = [abs(moussa.arrivals[v] - awa.arrivals[v]) for v in shared]
    assert len(delays) > 20
    ordered = sorted(delays)
    p50, p99 = statistics.median(ordered), ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    assert p99 < 1.0, f"moves made on A reached B late: p99 {p99:.3f} s"
    assert "Traceback" not in logs, logs[-3000:]
    print("\ntwo processes:", json.dumps({
        "versions_compared": len(delays), "cross_process_delay_ms_p50": round(1000 * p50, 1),
        "cross_process_delay_ms_p99": round(1000 * p99, 1), "actions": len(record.actions),
        "killed_process_a_at_version": out["killed_at"], "awa_connections": awa.connects,
    }))
