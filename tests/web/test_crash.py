"""The server killed with SIGKILL 100 times while bot and scripted people's games are played.

A real ``savanna serve`` process (forked from a parent that imported it once, so that a
restart costs well under a second: see ``zygote.py``) serves four tables at a time on a
SQLite file: two people (scripted, over websockets that reconnect on their own), a person
and a bot with berries (secrets), a person and two bots, two bots alone. At random moments
it is killed with SIGKILL and started again on the same database; finished tables are
replaced by new ones. After the last kill every game must finish, and:

* its record equals the uninterrupted game (the same seed, bots and scripted choices,
  computed without any server: ``replays.py``);
* no action is lost: every action committed before a kill, and every version a client was
  shown, is in the final record, unchanged;
* no client was ever shown a version the database did not hold when the server died.

Figures (``-s`` prints them; ``docs/reliability.md`` publishes them):
``SAVANNA_CRASH_KILLS`` sets the number of kills (100).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import sqlite3
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

from savanna.core import Record, replay
from tests.web.client import ResilientSeat
from tests.web.conftest import free_port
from tests.web.replays import uninterrupted

pytestmark = pytest.mark.slow

KILLS = int(os.environ.get("SAVANNA_CRASH_KILLS", "100"))
IN_PLAY = 4
KINDS: list[tuple[str, int, dict[str, Any], list[str]]] = [
    ("hyena", 2, {"length": 30}, ["open", "open"]),
    ("banjooli", 2, {"berries": True}, ["open", "bot:heuristic"]),
    ("hyena", 3, {"length": 30}, ["open", "bot:random", "bot:heuristic"]),
    ("banjooli", 2, {"tiles": 4}, ["bot:random", "bot:heuristic"]),
]
ROOT = Path(__file__).resolve().parents[2]


class Zygote:
    """The forking parent (``tests/web/zygote.py``) and the server child it runs now."""

    def __init__(self, database: str, port: int, log: Path) -> None:
        flags = ["--host", "127.0.0.1", "--port", str(port), "--database", database, "--bot-workers", "0",
                 "--bot-pace", "0.02", "--per-client-connections", "1000", "--per-client-tables", "1000",
                 "--per-client-rate", "1000", "--per-client-playing", "1000"]
        env = {**os.environ, "SAVANNA_ZYGOTE_LOG": str(log)}
        self.proc = subprocess.Popen([sys.executable, "-m", "tests.web.zygote", *flags], cwd=ROOT, env=env,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert self.proc.stdout is not None and self.proc.stdout.readline().strip() == "ready"
        self.pid = 0

    def _ask(self, command: str) -> int:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        return int(self.proc.stdout.readline())

    def fork(self) -> int:
        self.pid = self._ask("fork")
        return self.pid

    def kill(self) -> None:
        os.killpg(self.pid, signal.SIGKILL)
        deadline = time.monotonic() + 10
        while self._ask("reap") == 0:
            assert time.monotonic() < deadline, "the killed server did not die"
            time.sleep(0.005)

    def close(self) -> None:
        if self.pid:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.pid, signal.SIGKILL)
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(10)


@dataclass
class Run:
    table: str
    kind: int
    players: list[ResilientSeat] = field(default_factory=list)
    tasks: list[asyncio.Task[Any]] = field(default_factory=list)
    finished: bool = False


@dataclass
class Figures:
    kills: int = 0
    survived: int = 0
    restarts: list[float] = field(default_factory=list)
    games: int = 0
    actions: int = 0
    committed_checked: int = 0
    lost: int = 0
    shown_uncommitted: int = 0
    mid_game_kills: int = 0
    seconds: float = 0.0


def committed(db: Path) -> dict[str, list[str]]:
    """Every stored action per table, read straight from the file (the server is dead)."""
    with sqlite3.connect(db) as conn:
        rows = conn.execute("select table_id, text from actions order by table_id, seq").fetchall()
    out: dict[str, list[str]] = {}
    for table, text in rows:
        out.setdefault(table, []).append(text)
    return out


async def healthy(client: httpx.AsyncClient, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            if (await client.get("/healthz", timeout=1)).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        assert time.monotonic() < deadline, "the server did not come back"
        await asyncio.sleep(0.01)


async def new_table(client: httpx.AsyncClient, base: str, kind: int) -> Run:
    game, players, options, seats = KINDS[kind]
    made = (await client.post("/api/tables", json={"game": game, "players": players, "options": options,
                                                     "seats": seats, "title": f"crash {kind}"})).json()
    run = Run(made["id"], kind)
    for seat, who in enumerate(seats):
        if who == "open":
            token = (await client.post(f"/api/tables/{run.table}/join", json={"seat": seat, "name": f"p{seat}"})).json()
            run.players.append(ResilientSeat([base], run.table, token["token"], seat))
    started = await client.post(f"/api/tables/{run.table}/start", headers={"authorization": f"Bearer {made['host_token']}"})
    assert started.status_code == 200, started.text
    run.tasks = [asyncio.create_task(p.play(timeout=900)) for p in run.players]
    return run


async def scenario(db: Path, log: Path, rng: random.Random) -> tuple[Figures, dict[str, Run], list[Any]]:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    zygote = Zygote(f"sqlite:///{db}", port, log)
    fig = Figures()
    runs: dict[str, Run] = {}
    snapshots: list[tuple[dict[str, list[str]], dict[str, int]]] = []
    started = time.monotonic()
    try:
        async with httpx.AsyncClient(base_url=base, timeout=10) as client:
            zygote.fork()
            await healthy(client)
            made = 0
            for kill in range(KILLS + 1):
                # Keep IN_PLAY tables in play (a finished one is replaced by the next kind).
                for run in runs.values():
                    if not run.finished and run.players and all(t.done() for t in run.tasks):
                        run.finished = True
                if kill < KILLS:
                    for table_id in [t for t, r in runs.items() if not r.finished and not r.players]:
                        if (await client.get(f"/api/tables/{table_id}")).json()["status"] == "finished":
                            runs[table_id].finished = True
                    while sum(not r.finished for r in runs.values()) < IN_PLAY:
                        run = await new_table(client, base, made % len(KINDS))
                        runs[run.table] = run
                        made += 1
                if kill == KILLS:
                    break
                await asyncio.sleep(rng.uniform(0.05, 0.6))
                zygote.kill()
                fig.kills += 1
                stored = committed(db)
                shown = {r.table: max((p.seen for p in r.players), default=0) for r in runs.values()}
                snapshots.append((stored, shown))
                fig.mid_game_kills += sum(1 for r in runs.values() if not r.finished)
                restart = time.perf_counter()
                zygote.fork()
                await healthy(client)
                fig.restarts.append(time.perf_counter() - restart)
                fig.survived += 1
            # After the last kill every game is played to its end.
            for run in runs.values():
                await asyncio.wait_for(asyncio.gather(*run.tasks), timeout=600)
            deadline = time.monotonic() + 600
            for table_id, run in runs.items():
                while (await client.get(f"/api/tables/{table_id}")).json()["status"] != "finished":
                    assert time.monotonic() < deadline, f"table {table_id} did not finish"
                    await asyncio.sleep(0.1)
                run.finished = True
            records = {t: (await client.get(f"/api/tables/{t}/record")).text for t in runs}
    finally:
        zygote.close()
    fig.seconds = time.monotonic() - started
    return fig, runs, [snapshots, records]


def test_a_server_killed_100_times_loses_no_action_and_every_game_ends_as_if_uninterrupted(tmp_path):
    db = tmp_path / "crash.sqlite3"
    log = tmp_path / "server.log"
    fig, runs, (snapshots, records) = asyncio.run(scenario(db, log, random.Random(13)))
    finals: dict[str, list[str]] = {}
    for table_id, text in records.items():
        record = Record.from_json(text)
        assert record.actions == uninterrupted(record), f"table {table_id} did not play the uninterrupted game"
        replay(record)  # the rules and every chance outcome check out
        finals[table_id] = record.actions
        fig.games += 1
        fig.actions += len(record.actions)
    checked: dict[str, int] = {}
    for stored, shown in snapshots:
        for table_id, actions in stored.items():
            final = finals.get(table_id, [])
            checked[table_id] = max(checked.get(table_id, 0), len(actions))
            fig.lost += sum(1 for i, text in enumerate(actions) if i >= len(final) or final[i] != text)
        for table_id, version in shown.items():
            fig.shown_uncommitted += max(0, version - len(stored.get(table_id, [])))
    fig.committed_checked = sum(checked.values())
    for run in runs.values():
        for player in run.players:
            assert player.final is not None and player.final["status"] == "finished"
    text = log.read_text(errors="replace")
    summary = {
        "kills": fig.kills,
        "survived": fig.survived,
        "games": fig.games,
        "actions": fig.actions,
        "kills_mid_game": fig.mid_game_kills,
        "committed_actions_checked": fig.committed_checked,
        "actions_lost": fig.lost,
        "versions_shown_before_commit": fig.shown_uncommitted,
        "restart_s_median": round(statistics.median(fig.restarts), 3),
        "restart_s_max": round(max(fig.restarts), 3),
        "reconnects": sum(p.connects for r in runs.values() for p in r.players),
        "seconds": round(fig.seconds, 1),
    }
    print("\ncrash test:", json.dumps(summary))
    assert fig.survived == fig.kills == KILLS
    assert fig.lost == 0 and fig.shown_uncommitted == 0
    assert fig.games >= KILLS // 10 and fig.mid_game_kills >= KILLS
    assert "Traceback" not in text, text[-3000:]
