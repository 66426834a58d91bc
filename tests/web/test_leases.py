"""Leases: a server process that dies loses its games to a survivor within seconds (issue 22.6).

Process A creates two games on a PostgreSQL database it shares with process B: bots alone,
and a person against a bot with a turn clock. B never hears a request about either (it was
started before they existed, so it did not resume them either). A is killed with SIGKILL:
within 10 s B owns both (its heartbeat is alive, A's stopped) and plays the bots' game on.
"""

from __future__ import annotations

import json
import time

import httpx
import pytest
from sqlalchemy import create_engine, text

from tests.web.conftest import ServerProcess

pytestmark = pytest.mark.slow

ADOPTED_WITHIN = 10.0


def test_a_killed_processs_games_are_adopted_by_the_survivor_within_10_s(shared_database):
    a = ServerProcess(shared_database, workers=0, bot_pace=0.2).start()
    b = ServerProcess(shared_database, workers=0, bot_pace=0.2).start()
    engine = create_engine(shared_database)

    def stored(table: str) -> tuple[str | None, int, str]:
        with engine.connect() as conn:
            row = conn.execute(text("select owner, version, status from tables where id = :id"), {"id": table}).one()
        return row.owner, int(row.version), row.status

    try:
        with httpx.Client(timeout=10) as client:
            bots = client.post(f"{a.url}/api/tables", json={
                "game": "hyena", "players": 2, "seats": ["bot:heuristic", "bot:heuristic"]}).json()
            client.post(f"{a.url}/api/tables/{bots['id']}/start",
                        headers={"authorization": f"Bearer {bots['host_token']}"}).raise_for_status()
            person = client.post(f"{a.url}/api/tables", json={
                "game": "hyena", "players": 2, "seats": ["open", "bot:heuristic"], "turn_seconds": 30}).json()
            client.post(f"{a.url}/api/tables/{person['id']}/join", json={"seat": 0, "name": "Awa"}).raise_for_status()
            client.post(f"{a.url}/api/tables/{person['id']}/start",
                        headers={"authorization": f"Bearer {person['host_token']}"}).raise_for_status()
        time.sleep(1.5)
        owner_a, version_at_kill, _ = stored(bots["id"])
        assert owner_a is not None and stored(person["id"])[0] == owner_a
        assert version_at_kill > 0, "A should have been playing the bots' game"
        a.kill()
        killed = time.monotonic()
        adopted: dict[str, float] = {}
        moved_at = None
        while time.monotonic() - killed < ADOPTED_WITHIN + 5:
            for table in (bots["id"], person["id"]):
                owner, version, status = stored(table)
                if table not in adopted and owner not in (None, owner_a):
                    adopted[table] = time.monotonic() - killed
            owner, version, status = stored(bots["id"])
            if moved_at is None and bots["id"] in adopted and (version > version_at_kill + 2 or status == "finished"):
                moved_at = time.monotonic() - killed
            if len(adopted) == 2 and moved_at is not None:
                break
            time.sleep(0.1)
        print("\nleases:", json.dumps({"adopted_s": {k[:4]: round(v, 2) for k, v in adopted.items()},
                                        "bots_moved_on_s": None if moved_at is None else round(moved_at, 2)}))
        assert len(adopted) == 2 and max(adopted.values()) < ADOPTED_WITHIN, adopted
        assert moved_at is not None and moved_at < ADOPTED_WITHIN + 2, "B should play the bots' game on"
        logs = b.log_path.read_text(errors="replace")
        assert "adopted" in logs and "cannot be resumed" not in logs and "Traceback" not in logs, logs[-3000:]
    finally:
        engine.dispose()
        a.stop()
        b.stop()
