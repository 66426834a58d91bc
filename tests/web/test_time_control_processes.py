"""A deadline stored in the database acts once (issue 28): whether the server that saw it
coming was killed and restarted while it passed, or two processes share the database."""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, text

from tests.web.conftest import ServerProcess, fresh_postgres_database, require_postgres, wait_for

SHORT = ("--shortest-clock", "1", "--per-client-tables", "1000", "--per-client-rate", "1000",
         "--per-client-playing", "1000", "--per-client-connections", "1000")


def seated_table(client: httpx.Client, url: str, control: dict[str, Any]) -> str:
    made = client.post(f"{url}/api/tables", json={"game": "hyena", "players": 2, "seats": ["open", "bot:heuristic"],
                                                   "time_control": control}).json()
    client.post(f"{url}/api/tables/{made['id']}/join", json={"seat": 0, "name": "Awa"}).raise_for_status()
    client.post(f"{url}/api/tables/{made['id']}/start",
                headers={"authorization": f"Bearer {made['host_token']}"}).raise_for_status()
    return str(made["id"])


def timeouts(database: str, table: str) -> list[tuple[int, str]]:
    engine = create_engine(database)
    try:
        with engine.connect() as conn:
            rows = conn.execute(text("select at_version, kind from events where table_id = :t order by id"), {"t": table})
            return [(int(r.at_version), str(r.kind)) for r in rows]
    finally:
        engine.dispose()


def person_actions_at(database: str, table: str, versions: list[int]) -> list[int]:
    """The actor of the action stored at each of ``versions``."""
    engine = create_engine(database)
    try:
        with engine.connect() as conn:
            rows: dict[int, int] = dict(conn.execute(text("select seq, actor from actions where table_id = :t"), {"t": table}).all())
    finally:
        engine.dispose()
    return [int(rows[v]) for v in versions if v in rows]


@pytest.mark.slow
def test_a_deadline_passing_while_the_server_is_dead_acts_once_after_the_restart(tmp_path):
    database = f"sqlite:///{tmp_path / 'deadline.sqlite3'}"
    server = ServerProcess(database, workers=0, flags=SHORT).start()
    try:
        with httpx.Client(timeout=10) as client:
            table = seated_table(client, server.url, {"pace": "turn", "per_move": 2, "on_time": "replace"})
            info = wait_for(lambda: (i := client.get(f"{server.url}/api/tables/{table}").json())["clock"]["acting"] == 0 and i,
                         10, "the person's turn")
            version = info["version"]
            server.kill()  # before the deadline: nobody is left to see it pass
            assert time.time() < info["clock"]["deadline"]
            time.sleep(max(0.0, info["clock"]["deadline"] - time.time()) + 0.5)
            assert timeouts(database, table) == []
            server.start()  # resumes its games: the deadline passed meanwhile, and acts now
            wait_for(lambda: timeouts(database, table), 10, "the timeout after the restart")
            server.kill()  # again, right after it acted: the next start must not act again
            server.start()
            time.sleep(1.5)
            after = client.get(f"{server.url}/api/tables/{table}").json()
        assert timeouts(database, table) == [(version, "replace_time")]
        assert after["seats"][0]["replaced_by"] == "heuristic"
        assert [t["kind"] for t in after["clock"]["timeouts"]] == ["replace_time"]
        assert "Traceback" not in server.log_path.read_text(errors="replace")
    finally:
        server.stop()


@pytest.mark.slow
def test_two_processes_on_postgresql_act_on_each_deadline_once():
    require_postgres()
    with fresh_postgres_database() as database:
        a = ServerProcess(database, workers=0, flags=SHORT).start()
        b = ServerProcess(database, workers=0, flags=SHORT).start()
        try:
            with httpx.Client(timeout=10) as client:
                table = seated_table(client, a.url, {"pace": "turn", "per_move": 1, "on_time": "bot_move"})
                client.get(f"{b.url}/api/tables/{table}").raise_for_status()  # B holds it too
                # A bot plays each of the person's moves as its deadline passes: several timeouts.
                wait_for(lambda: len(timeouts(database, table)) >= 3, 20, "three timeouts")
                seen_a = client.get(f"{a.url}/api/tables/{table}").json()["clock"]["timeouts"]
                seen_b = wait_for(lambda: (t := client.get(f"{b.url}/api/tables/{table}").json()["clock"]["timeouts"])
                               and len(t) >= len(seen_a) and t, 5, "B catching up")
            stored = timeouts(database, table)
            at = [v for v, kind in stored if kind == "bot_time"]
            assert len(at) >= 3 and Counter(at).most_common(1)[0][1] == 1, stored  # never twice for one decision
            assert person_actions_at(database, table, at) == [0] * len(at)  # each is the person's move
            assert [t["at"] for t in seen_b[: len(seen_a)]] == [t["at"] for t in seen_a]
            for server in (a, b):
                assert "Traceback" not in server.log_path.read_text(errors="replace")
        finally:
            a.stop()
            b.stop()
