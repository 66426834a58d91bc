"""PostgreSQL stopped and started under a playing server: "try again", nothing half-written,
play resumes.

A private cluster (``pgcluster.py``) serves a real ``savanna serve`` process with two games
in play (two scripted people; a person and a bot with berries). The cluster is stopped
(``pg_ctl -m fast``: every connection cut) for a few seconds: the server stays up, answers
every action, creation and health check with a clear "try again" error (``database/unavailable``,
``503``), and changes nothing; then the cluster starts again and both games go on to their end.
Each record must equal the uninterrupted game, and the database must hold no half-written
table (its version equals its number of actions, numbered without gaps).
"""

from __future__ import annotations

import asyncio
import json
import os
import time

import httpx
import pytest
from sqlalchemy import create_engine, text

from savanna.core import Record
from tests.web.client import ResilientSeat
from tests.web.conftest import ServerProcess
from tests.web.pgcluster import Cluster, postgres_bin
from tests.web.replays import uninterrupted

pytestmark = pytest.mark.slow

OUTAGE_SECONDS = 4.0


@pytest.fixture
def cluster():
    if postgres_bin() is None:
        if os.environ.get("CI") or os.environ.get("SAVANNA_TEST_POSTGRES"):
            pytest.fail("PostgreSQL must be installed for this test (.ci/run installs it)")
        pytest.skip("postgresql is not installed")
    made = Cluster()
    made.start()
    try:
        yield made
    finally:
        made.destroy()


async def play(base: str, cluster: Cluster) -> dict:
    async with httpx.AsyncClient(base_url=base, timeout=10) as client:
        players: list[ResilientSeat] = []
        tables = []
        for game, options, seats in (
            ("hyena", {"length": 30}, ["open", "open"]),
            ("banjooli", {"berries": True}, ["open", "bot:heuristic"]),
        ):
            made = (await client.post("/api/tables", json={"game": game, "players": 2, "options": options,
                                                             "seats": seats})).json()
            tables.append(made["id"])
            for seat, who in enumerate(seats):
                if who == "open":
                    joined = (await client.post(f"/api/tables/{made['id']}/join", json={"seat": seat, "name": "p"})).json()
                    players.append(ResilientSeat([base], made["id"], joined["token"], seat, retry=0.3))
            await client.post(f"/api/tables/{made['id']}/start", headers={"authorization": f"Bearer {made['host_token']}"})
        tasks = [asyncio.create_task(p.play(timeout=300)) for p in players]
        await asyncio.sleep(1.5)
        cluster.stop("fast")
        down = time.monotonic()
        answers = []
        await asyncio.sleep(0.5)
        before = {p.table: p.seen for p in players}  # what was committed before the stop, shown
        health = await client.get("/healthz")
        created = await client.post("/api/tables", json={"game": "hyena", "players": 2, "options": {},
                                                          "seats": ["open", "open"]})
        answers.append((health.status_code, health.json()))
        answers.append((created.status_code, created.json()))
        await asyncio.sleep(OUTAGE_SECONDS - (time.monotonic() - down))
        during = {p.table: p.seen for p in players}
        refusals_during = [r for p in players for r in p.refusals]
        cluster.start()
        await asyncio.wait_for(asyncio.gather(*tasks), timeout=300)
        records = [(await client.get(f"/api/tables/{t}/record")).text for t in tables]
        return {
            "before": before, "during": during, "answers": answers, "refusals": refusals_during,
            "players": players, "records": records, "tables": tables,
        }


def test_postgresql_stopped_and_started_refuses_with_try_again_keeps_everything_whole_and_play_resumes(cluster):
    server = ServerProcess(cluster.url, workers=0, bot_pace=0.02).start()
    try:
        out = asyncio.run(play(server.url, cluster))
        assert server.proc is not None and server.proc.poll() is None, "the server died"
        log = server.log_path.read_text(errors="replace")
    finally:
        server.stop()
    (health_code, health), (create_code, create) = out["answers"]
    assert health_code == 503 and health["status"] == "error"
    assert create_code == 503 and create["error"]["code"] == "database/unavailable"
    assert "Try again" in create["error"]["message"]
    refused = [r for r in out["refusals"] if r["code"] == "database/unavailable"]
    assert refused and all("Try again" in r["message"] for r in refused)
    assert {r["code"] for r in out["refusals"]} <= {"database/unavailable", "version/stale"}
    assert out["during"] == out["before"], "a move was shown while the database was down"
    for record_text in out["records"]:
        record = Record.from_json(record_text)
        assert record.actions == uninterrupted(record)
    engine = create_engine(cluster.url)
    try:
        with engine.connect() as conn:
            tables = conn.execute(text("select id, version from tables")).all()
            for table_id, version in tables:
                seqs = [r[0] for r in conn.execute(text("select seq from actions where table_id = :t order by seq"),
                                                   {"t": table_id})]
                assert seqs == list(range(version)), f"table {table_id}: version {version}, actions {len(seqs)}"
    finally:
        engine.dispose()
    assert sorted(t for t, _ in tables) == sorted(out["tables"]), "a table was half-created during the outage"
    assert "Traceback" not in log, log[-3000:]
    print("\ndatabase outage:", json.dumps({
        "outage_s": OUTAGE_SECONDS,
        "refused_try_again": len(refused),
        "other_refusals": len(out["refusals"]) - len(refused),
        "moves_shown_during_outage": sum(out["during"][t] - out["before"][t] for t in out["before"]),
        "games_finished": len(out["records"]),
    }))
