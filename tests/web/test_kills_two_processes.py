"""Two server processes on one PostgreSQL database, killed with SIGKILL again and again, in turn.

Bots-only games are played by two ``savanna serve`` processes sharing one database. Again
and again one of the two (at random) is killed with SIGKILL mid-game and started again,
while the other goes on; a game whose process died is adopted by the survivor when the dead
one's lease expires (issue 22.6), and a restarted process loads every game in play in one
snapshot (issue 22.5). Finished games are replaced by new ones. At the end every game must
finish and equal the uninterrupted game (same seed, same bots), every action committed
before a kill must still be there, and neither process may have logged that a game
"cannot be resumed".

``SAVANNA_PG_KILLS`` sets the number of kills (50, the issue's figure: about 2 minutes on a quiet 2-core machine; fewer for a quick look on a busy one); ``-s`` prints the figures.
"""

from __future__ import annotations

import json
import os
import random
import time

import httpx
import pytest
from sqlalchemy import create_engine, text

from savanna.core import Record
from tests.web.conftest import ServerProcess
from tests.web.replays import uninterrupted

pytestmark = pytest.mark.slow

KILLS = int(os.environ.get("SAVANNA_PG_KILLS", "50"))
TABLES = 3


def new_game(client: httpx.Client, url: str) -> str:
    made = client.post(f"{url}/api/tables", json={"game": "hyena", "players": 2,
                                                   "seats": ["bot:heuristic", "bot:heuristic"]}).json()
    client.post(f"{url}/api/tables/{made['id']}/start",
                headers={"authorization": f"Bearer {made['host_token']}"}).raise_for_status()
    return str(made["id"])


@pytest.mark.timeout(900)  # 50 kills: about 2 minutes quiet; the margin is for a loaded CI machine
def test_two_postgresql_processes_killed_in_turn_lose_no_action_and_resume_every_game(shared_database):
    rng = random.Random(22)
    servers = [ServerProcess(shared_database, workers=0, bot_pace=0.02).start() for _ in range(2)]
    engine = create_engine(shared_database)

    def actions() -> dict[str, list[str]]:
        with engine.connect() as conn:
            rows = conn.execute(text("select table_id, text from actions order by table_id, seq")).all()
        out: dict[str, list[str]] = {}
        for table_id, action in rows:
            out.setdefault(table_id, []).append(action)
        return out

    def statuses() -> dict[str, str]:
        with engine.connect() as conn:
            return {r.id: r.status for r in conn.execute(text("select id, status from tables")).all()}

    committed: dict[str, list[str]] = {}
    started = time.monotonic()
    try:
        with httpx.Client(timeout=10) as client:
            games = [new_game(client, servers[i % 2].url) for i in range(TABLES)]
            for _ in range(KILLS):
                time.sleep(rng.uniform(0.3, 1.2))
                for table_id, done in actions().items():  # what is committed now must survive
                    committed[table_id] = done
                victim = servers[rng.randrange(2)]
                victim.kill()
                victim.start()
                alive = servers[0] if victim is servers[1] else servers[1]
                playing = [g for g, s in statuses().items() if s == "playing"]
                for _ in range(TABLES - len(playing)):
                    games.append(new_game(client, alive.url))
            deadline = time.monotonic() + 300
            while any(s != "finished" for s in statuses().values()):
                assert time.monotonic() < deadline, f"games did not finish: {statuses()}"
                time.sleep(0.5)
            records = {g: Record.from_json(client.get(f"{servers[0].url}/api/tables/{g}/record").text) for g in games}
        logs = "".join(s.log_path.read_text(errors="replace") for s in servers)
    finally:
        engine.dispose()
        for s in servers:
            s.stop()
    lost = sum(1 for g, done in committed.items() for i, a in enumerate(done)
               if i >= len(records[g].actions) or records[g].actions[i] != a)
    equal = sum(1 for g, r in records.items() if r.actions == uninterrupted(r))
    summary = {"kills": KILLS, "games": len(records), "games_equal_to_uninterrupted": equal,
               "actions": sum(len(r.actions) for r in records.values()),
               "committed_actions_checked": sum(len(d) for d in committed.values()), "actions_lost": lost,
               "cannot_be_resumed": logs.count("cannot be resumed"), "adoptions": logs.count("adopted "),
               "seconds": round(time.monotonic() - started, 1)}
    print("\nkills across two processes:", json.dumps(summary))
    assert lost == 0
    assert equal == len(records)
    assert "cannot be resumed" not in logs
    assert "Traceback" not in logs, logs[-3000:]
