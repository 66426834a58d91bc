"""Starts racing at one below a cap on games in play: exactly one passes (issue 22.9); the
same for creations at one below an address's cap on waiting tables.

Several stores on one database (as several server processes would be; on SQLite each in
its own thread, with its own connection) start a table each at the same moment, while the
database holds one game in play fewer than the cap. Each start is slowed between its
counts and its write (a pause after every counting query), the window where two unlocked
starts both see room: without the lock every start passes (checked by
``test_the_race_is_real_without_the_lock``); with it exactly one does and every other is
refused with the cap's named error.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event, func, select

from savanna.web.db import SeatRow, TableRow, database_url, migrate
from savanna.web.errors import WebError
from savanna.web.store import Store
from tests.web.conftest import fresh_postgres_database, require_postgres

RACERS = 6
CAP = 3
PAUSE = 0.05


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        fresh = f"sqlite:///{tmp_path / 'server.sqlite3'}"
        migrate(database_url(fresh))
        yield fresh
        return
    require_postgres()
    with fresh_postgres_database() as fresh:
        migrate(database_url(fresh))
        yield fresh


def table(table_id: str, status: str, creator: str) -> tuple[TableRow, list[SeatRow]]:
    row = TableRow(id=table_id, game="hyena", players=2, options={}, title="", lang="en", status=status,
                   seed=1, host_token_hash="0" * 64, grace_seconds=60, bot_pace_ms=0, version=0, creator=creator)
    return row, [SeatRow(table_id=table_id, seat=i, kind="bot", bot="random") for i in (0, 1)]


def slowed(store: Store) -> Store:
    """``store``, pausing after each counting query (the window of the race)."""

    def pause(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if "count(" in statement.lower():
            time.sleep(PAUSE)

    event.listen(store.engine, "after_cursor_execute", pause)
    return store


def race(url: str, same_creator: bool, locked: bool = True, create: bool = False) -> list[str]:
    """Set up ``CAP - 1`` games in play and ``RACERS`` tables ready to start, start them all
    at once (one store each); returns each start's outcome (``ok`` or the error code). With
    ``create``: ``CAP - 1`` tables waiting for players, then ``RACERS`` creations by the same
    creator at once."""
    setup = Store(database_url(url))

    async def prepare() -> None:
        for n in range(CAP - 1):
            status = "open" if create else "playing"
            await setup.create(*table(f"playing-{n}", status, "same" if same_creator else f"old-{n}"))
        for n in range(0 if create else RACERS):
            await setup.create(*table(f"ready-{n}", "open", "same" if same_creator else f"new-{n}"))

    asyncio.run(prepare())
    outcomes: list[str] = [""] * RACERS
    barrier = threading.Barrier(RACERS)
    client_cap, server_cap = (CAP, 1000) if same_creator else (1000, CAP)

    def start(n: int) -> None:
        store = slowed(Store(database_url(url), origin=f"racer{n}"))
        if not locked:
            store._alone = lambda session, space, key: None  # type: ignore[method-assign]

        async def go() -> None:
            if create:
                await store.create(*table(f"ready-{n}", "open", "same"), open_cap=CAP)
            else:
                await store.start(f"ready-{n}", client_cap, server_cap)

        barrier.wait()
        try:
            asyncio.run(go())
            outcomes[n] = "ok"
        except WebError as exc:
            outcomes[n] = exc.code
        finally:
            asyncio.run(store.close())

    threads = [threading.Thread(target=start, args=(n,)) for n in range(RACERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert all(o for o in outcomes), f"a start did not finish: {outcomes}"

    async def playing() -> int:
        def work(session: Any) -> int:
            status = "open" if create else "playing"
            return int(session.scalar(select(func.count()).where(TableRow.status == status)) or 0)

        return await setup._run(work)

    in_play = asyncio.run(playing())
    asyncio.run(setup.close())
    assert in_play == CAP - 1 + outcomes.count("ok"), (in_play, outcomes)
    return outcomes


def test_racing_starts_at_the_server_cap_let_exactly_one_pass(url: str) -> None:
    outcomes = race(url, same_creator=False)
    assert outcomes.count("ok") == 1, outcomes
    assert outcomes.count("server/too_many_playing") == RACERS - 1, outcomes


def test_racing_starts_at_a_clients_cap_let_exactly_one_pass(url: str) -> None:
    outcomes = race(url, same_creator=True)
    assert outcomes.count("ok") == 1, outcomes
    assert outcomes.count("client/too_many_playing") == RACERS - 1, outcomes


def test_the_race_is_real_without_the_lock(url: str) -> None:
    """The same race with the lock taken out: several starts pass the cap (so the tests
    above can fail)."""
    outcomes = race(url, same_creator=False, locked=False)
    assert outcomes.count("ok") > 1, outcomes


def test_racing_creations_at_a_clients_cap_on_waiting_tables_let_exactly_one_pass(url: str) -> None:
    outcomes = race(url, same_creator=True, create=True)
    assert outcomes.count("ok") == 1, outcomes
    assert outcomes.count("client/too_many_tables") == RACERS - 1, outcomes


def test_the_creations_race_is_real_without_the_lock(url: str) -> None:
    outcomes = race(url, same_creator=True, create=True, locked=False)
    assert outcomes.count("ok") > 1, outcomes
