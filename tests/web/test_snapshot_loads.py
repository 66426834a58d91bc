"""A table read while another process appends to it is read whole: never torn (issue 22.5).

A writer (another :class:`~savanna.web.store.Store`, as another server process would be)
appends actions to a table in play and hands its seat to a bot and back, as fast as it can,
while 2,000 loads read the table through the server's store. Each load must be one moment
of the table: its row's version equals the actions read, and every event it read happened
at a version the row had reached. The same loads read statement by statement (each in its
own snapshot, as before the fix) do tear, which shows the check can fail.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from savanna.web.db import SeatRow, TableRow, database_url, migrate
from savanna.web.store import LoadedTable, Store
from tests.web.conftest import fresh_postgres_database, require_postgres

LOADS = 2000


@pytest.fixture
def url() -> Iterator[str]:
    require_postgres()
    with fresh_postgres_database() as fresh:
        migrate(database_url(fresh))
        yield fresh


def torn(loaded: LoadedTable | None) -> bool:
    """Whether a load mixes two moments of the table."""
    assert loaded is not None
    version = loaded.table.version
    return version != len(loaded.actions) or any(event.at_version > version for event in loaded.events)


async def loads_while_appending(url: str, snapshot: bool) -> tuple[int, int]:
    """(torn loads, actions appended meanwhile). The writer starts a new table every 40
    actions, so that each load stays small; the loads read the writer's current table."""
    reader, writer = Store(database_url(url)), Store(database_url(url), origin="writer")
    if not snapshot:  # each statement in its own snapshot, as before the fix
        real = reader._run

        async def unsnapshotted(work: Any, write: bool = False, snapshot: bool = False) -> Any:
            return await real(work, write=write)

        reader._run = unsnapshotted  # type: ignore[method-assign]
    stop = threading.Event()
    current = [""]
    appended = [0]

    async def new_table(n: int) -> str:
        table_id = f"torn-{n}"
        await writer.create(
            TableRow(id=table_id, game="hyena", players=2, options={}, title="", lang="en", status="playing",
                     seed=1, host_token_hash="0" * 64, grace_seconds=60, bot_pace_ms=0, version=0),
            [SeatRow(table_id=table_id, seat=i, kind="human", name=f"P{i}") for i in (0, 1)],
        )
        return table_id

    def write() -> None:
        async def go() -> None:
            tables = 0
            while not stop.is_set():
                table_id = current[0] = await new_table(tables)
                tables += 1
                for version in range(0, 40, 2):
                    if stop.is_set():
                        break
                    await writer.append(table_id, version, [(f"a{version}", 0), (f"b{version}", 1)])
                    appended[0] += 2
                    if version % 10 == 8:  # an event at the version reached, in its own transaction
                        await writer.replace(table_id, 1, None if version % 20 else "heuristic", version + 2,
                                             "replaced", "x")

        asyncio.run(go())

    thread = threading.Thread(target=write, name="writer")
    thread.start()
    try:
        while not current[0]:
            await asyncio.sleep(0.01)
        found = 0
        for start in range(0, LOADS, 8):
            batch = await asyncio.gather(*(reader.load(current[0]) for _ in range(min(8, LOADS - start))))
            found += sum(torn(loaded) for loaded in batch)
    finally:
        stop.set()
        thread.join(30)
        await reader.close()
        await writer.close()
    return found, appended[0]


@pytest.mark.slow
def test_2000_loads_under_concurrent_appends_are_never_torn(url):
    found, appended = asyncio.run(loads_while_appending(url, snapshot=True))
    print("\nsnapshot loads:", json.dumps({"loads": LOADS, "torn": found, "actions_appended_meanwhile": appended}))
    assert appended > 100, "the writer should have appended all along"
    assert found == 0


@pytest.mark.slow
def test_the_same_loads_read_statement_by_statement_do_tear(url):
    found, appended = asyncio.run(loads_while_appending(url, snapshot=False))
    print("\nloads in several snapshots:", json.dumps({"loads": LOADS, "torn": found, "actions_appended_meanwhile": appended}))
    assert appended > 100
    assert found > 0, "reads in several snapshots should tear now and then under concurrent appends"


def test_a_snapshot_reads_only_and_leaves_the_connection_writable(url):
    """A snapshot transaction is read-only (a write in it is refused by PostgreSQL), and
    the connection it used goes back to the pool as it was: the next write succeeds."""
    from sqlalchemy import text
    from sqlalchemy.exc import DBAPIError

    async def check() -> tuple[str, str, int]:
        store = Store(database_url(url))
        try:
            shown = await store._run(
                lambda s: str(s.execute(text("SHOW transaction_read_only")).scalar()), snapshot=True
            )
            isolation = await store._run(
                lambda s: str(s.execute(text("SHOW transaction_isolation")).scalar()), snapshot=True
            )
            with pytest.raises(DBAPIError, match="read-only transaction"):
                await store._run(lambda s: s.execute(text("CREATE TABLE refused (x int)")), snapshot=True)
            for _ in range(3):  # every pooled connection writes again
                await store._run(lambda s: s.execute(text("CREATE TABLE IF NOT EXISTS allowed (x int)")), write=True)
            count = await store._run(lambda s: int(s.execute(text("SELECT count(*) FROM allowed")).scalar() or 0))
            return shown, isolation, count
        finally:
            await store.close()

    shown, isolation, count = asyncio.run(check())
    assert (shown, isolation, count) == ("on", "repeatable read", 0)
