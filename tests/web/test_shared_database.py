"""Two servers on one PostgreSQL database keep one table in step (fast: both in this process).

Awa plays through server A and Moussa through server B. Every move one makes must reach the
other's client through the other server within a bound: the server that did not make the
move hears of it from the database (``LISTEN``/``NOTIFY``) and reloads the table. A server
that missed a change, because the notification was lost or the reload failed, catches up
from the database on its own at its next check.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import httpx
import pytest

from savanna.web import Settings
from savanna.web.hub import Hub
from tests.web.client import ResilientSeat
from tests.web.conftest import (
    TEST_LIMITS,
    ThreadServer,
    fresh_postgres_database,
    require_postgres,
)

LIMITS = replace(TEST_LIMITS, bot_pace_seconds=0.0)


@pytest.fixture
def two_servers() -> Iterator[tuple[ThreadServer, ThreadServer]]:
    require_postgres()
    with fresh_postgres_database() as url:
        settings = Settings(database=url, limits=LIMITS)
        with ThreadServer(settings) as a, ThreadServer(settings) as b:
            yield a, b


def hub_of(server: ThreadServer) -> Hub:
    hub: Hub = server.app.state.hub
    return hub


async def two_people(a: ThreadServer, b: ThreadServer, client: httpx.AsyncClient) -> tuple[str, str, list[ResilientSeat]]:
    """A hyena table made on A, Awa seated through A, Moussa through B (the table's id, its
    host token and the two seats' players)."""
    made = (await client.post(f"{a.url}/api/tables", json={
        "game": "hyena", "players": 2, "options": {"length": 30}, "seats": ["open", "open"]})).json()
    table = made["id"]
    awa = (await client.post(f"{a.url}/api/tables/{table}/join", json={"seat": 0, "name": "Awa"})).json()
    moussa = (await client.post(f"{b.url}/api/tables/{table}/join", json={"seat": 1, "name": "Moussa"})).json()
    seats = [ResilientSeat([a.url], table, awa["token"], 0, min_interval=0.0),
             ResilientSeat([b.url], table, moussa["token"], 1, min_interval=0.0)]
    return table, made["host_token"], seats


async def play(a: ThreadServer, b: ThreadServer, versions: int, sabotage: Any = None) -> tuple[str, list[ResilientSeat]]:
    """Both connected, the game started through B, played until both players saw ``versions``."""
    async with httpx.AsyncClient(timeout=10) as client:
        table, host, seats = await two_people(a, b, client)
        if sabotage is not None:
            sabotage(table)
        tasks = [asyncio.create_task(s.play(timeout=60)) for s in seats]
        while sum(s.connects for s in seats) < 2:
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.1)
        started = await client.post(f"{b.url}/api/tables/{table}/start", headers={"authorization": f"Bearer {host}"})
        assert started.status_code == 200, started.text
        deadline = time.monotonic() + 40
        while min(s.seen for s in seats) < versions and not all(s.final for s in seats):
            assert time.monotonic() < deadline, f"the game did not move on: {[s.seen for s in seats]}"
            await asyncio.sleep(0.02)
        for s in seats:
            s.stop = True
        await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), timeout=10)
    return table, seats


def same_version(a: ThreadServer, b: ThreadServer, table: str) -> None:
    """Both servers end on the same version (the last move may still be on its way)."""
    deadline = time.monotonic() + 2 * LIMITS.sync_seconds
    while hub_of(a).tables[table].version != hub_of(b).tables[table].version:
        assert time.monotonic() < deadline, (hub_of(a).tables[table].version, hub_of(b).tables[table].version)
        time.sleep(0.01)


def delays(seats: list[ResilientSeat]) -> list[float]:
    """For each version both players saw, how much later one saw it than the other."""
    awa, moussa = seats
    shared = [v for v in awa.arrivals if v in moussa.arrivals]
    assert len(shared) > 20
    return sorted(abs(awa.arrivals[v] - moussa.arrivals[v]) for v in shared)


def test_every_move_made_through_one_server_reaches_the_other_servers_player(two_servers):
    a, b = two_servers
    table, seats = asyncio.run(play(a, b, versions=120))
    same_version(a, b, table)
    late = delays(seats)
    assert late[-1] < 2.0, f"a move reached the other server's player {late[-1]:.2f} s late"


def test_a_server_that_missed_notifications_or_failed_to_reload_catches_up_on_its_own(two_servers):
    """Server A loses one notification in four of the table, and its first three reloads
    fail: its player still sees every move, within the check's period."""
    a, b = two_servers
    hub = hub_of(a)
    failures = {"left": 3}
    heard = {"n": 0}

    def sabotage(table: str) -> None:
        live = hub.tables[table]
        real_refresh, real_load = live.refresh, hub.store.load

        def notified() -> bool:  # a reload for a notification, not for the server's own check
            task = asyncio.current_task()
            return task is not None and task.get_name().startswith("refresh-")

        async def lossy_refresh() -> None:
            if notified():
                heard["n"] += 1
                if heard["n"] % 4 == 0:
                    return  # this notification never arrived
            await real_refresh()

        async def flaky_load(table_id: str, since: int = 0) -> Any:
            if failures["left"] > 0 and since > 0 and notified() and heard["n"] % 4 == 2:
                failures["left"] -= 1
                raise RuntimeError("the reload failed (test)")
            return await real_load(table_id, since)

        live.refresh = lossy_refresh  # type: ignore[method-assign]
        hub.store.load = flaky_load  # type: ignore[method-assign]

    table, seats = asyncio.run(play(a, b, versions=80, sabotage=sabotage))
    assert failures["left"] == 0 and heard["n"] >= 20
    same_version(a, b, table)
    late = delays(seats)
    assert late[-1] < LIMITS.sync_seconds + 1.5, f"server A caught up {late[-1]:.2f} s late"


def test_both_servers_show_a_start_and_a_deal_made_elsewhere(two_servers):
    """Seats taken on both servers, the start made on B: both players are sent the playing
    view with the deal at once, whichever server dealt."""
    a, b = two_servers
    _, seats = asyncio.run(play(a, b, versions=1))
    dealt = [s.arrivals[min(v for v in s.arrivals if v >= 1)] for s in seats]
    assert abs(dealt[0] - dealt[1]) < 1.0
