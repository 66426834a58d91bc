"""The web server under load: many tables played over websockets at once, on loopback.

Usage (from the repository root, after ``make install``)::

    .venv/bin/python benchmarks/server.py [--tables 200] [--seconds 60] [--think 1.0]
        [--game banjooli] [--database URL] [--json out.json]

It starts a real ``savanna serve`` process on 127.0.0.1 (a fresh SQLite file unless
``--database`` names another database), creates ``--tables`` two-seat tables through the
REST API, and plays every seat from this process with a websocket client that acts as a
browser does: it says hello with its seat token, waits for a view in which it has moves,
"thinks" ``--think`` seconds (±50%, so the tables do not move in lockstep), sends one legal
move (drawn at random) with the version it saw, and waits for the next view. A finished
table is replaced by a new one, until ``--seconds`` have passed; then every client stops.

Measured, for every move: the *move latency*, from sending the move to receiving the view
that shows it (the server checked it, committed it to the database, drew the dice that
follow, and rendered each seat's view). The reference, measured in the same run on the same
connections: the *ping latency* (a ``ping`` answered by ``pong``, one every few moves), the
cost of the loopback, the event loops and the JSON alone. Errors count refusals, dropped
connections and timeouts. Reported: p50/p99 of both, their ratio, moves per second, and
the server's CPU time per move (user + system, from ``/proc``), which does not depend on
what else the machine is running: one core serves ``1000 / cpu_ms_per_move`` moves a
second. Only the steady state is measured: the clock starts once every table is set up and
playing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets


@dataclass
class Figures:
    moves: list[float] = field(default_factory=list)
    pings: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    games: int = 0
    measure_start: float = 0.0
    seconds: float = 0.0
    cpu: float = 0.0
    measuring: bool = False
    ready: int = 0

    def error(self, kind: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def quantile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def seat(base: str, table: str, token: str, think: float, owner: TableLoop, rng: random.Random,
               fig: Figures) -> None:
    url = base.replace("http", "ws", 1) + f"/ws/tables/{table}"
    try:
        async with websockets.connect(url, max_size=2**22, open_timeout=30) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token, "lang": "en"}))
            sent: float | None = None
            sent_version = -1
            pinged: float | None = None
            moves = 0
            while True:
                # A view is due within seconds while the game runs; after the stop the other
                # seat may have left, and waiting ends quietly.
                stop = owner.stop
                wait = 30.0 if time.monotonic() < stop else max(0.1, stop + 5 - time.monotonic())
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=wait)
                except TimeoutError:
                    if time.monotonic() >= owner.stop:
                        return
                    raise
                now = time.perf_counter()
                message = json.loads(raw)
                kind = message["type"]
                if kind == "pong" and pinged is not None:
                    if fig.measuring:
                        fig.pings.append(now - pinged)
                    pinged = None
                    continue
                if kind == "refused":
                    fig.error(message.get("code", "refused"))
                    sent = None
                    continue
                if kind != "view":
                    continue
                if sent is not None and message["version"] > sent_version:
                    if fig.measuring:
                        fig.moves.append(now - sent)
                    sent = None
                if message["status"] == "finished":
                    if message["you"] == 0:
                        fig.games += 1
                    return
                if message["legal"] and sent is None:
                    if time.monotonic() > owner.stop:
                        return
                    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                    moves += 1
                    if moves % 5 == 0 and pinged is None:
                        pinged = time.perf_counter()
                        await ws.send('{"type":"ping"}')
                    move = message["legal"][rng.randrange(len(message["legal"]))]
                    sent_version = message["version"]
                    sent = time.perf_counter()
                    await ws.send(json.dumps({"type": "act", "action": move["id"], "version": sent_version}))
    except (TimeoutError, websockets.ConnectionClosed, OSError) as exc:
        fig.error(type(exc).__name__)


class TableLoop:
    """One table after another, each played by two seats, until ``stop``."""

    def __init__(self, client: httpx.AsyncClient, base: str, game: str, think: float, stop: float,
                 rng: random.Random, fig: Figures) -> None:
        self.client, self.base, self.game, self.think = client, base, game, think
        self.stop, self.rng, self.fig = stop, rng, fig

    async def run(self) -> None:
        client, fig = self.client, self.fig
        while time.monotonic() < self.stop:
            try:
                made = (await client.post("/api/tables", json={"game": self.game, "players": 2, "options": {},
                                                                "seats": ["open", "open"], "title": "bench"})).json()
                tokens = []
                for s in range(2):
                    joined = await client.post(f"/api/tables/{made['id']}/join", json={"seat": s, "name": f"p{s}"})
                    tokens.append(joined.json()["token"])
                await client.post(f"/api/tables/{made['id']}/start",
                                  headers={"authorization": f"Bearer {made['host_token']}"})
                fig.ready += 1
            except (httpx.HTTPError, KeyError, ValueError) as exc:
                fig.error(f"setup:{type(exc).__name__}")
                await asyncio.sleep(1)
                continue
            await asyncio.gather(*(seat(self.base, made["id"], tok, self.think, self, random.Random(self.rng.random()),
                                        fig) for tok in tokens))


async def run(base: str, tables: int, seconds: float, think: float, game: str, seed: int, pid: int) -> Figures:
    """Set every table up, then measure for ``seconds`` once all of them are playing."""
    fig = Figures()
    rng = random.Random(seed)
    stop = time.monotonic() + 600.0
    # Keep-alive shorter than the server's (uvicorn closes an idle connection after 5 s): a
    # pooled connection is never reused just as the server closes it (a client-side race).
    limits = httpx.Limits(max_connections=100, keepalive_expiry=2.0)

    async def clock() -> None:
        nonlocal stop
        while fig.ready < tables:
            await asyncio.sleep(0.1)
        await asyncio.sleep(2 * think + 1)  # every seat has connected and is playing
        fig.measuring = True
        fig.measure_start = time.monotonic()
        fig.cpu = server_cpu(pid)
        stop = time.monotonic() + seconds
        for loop in loops:
            loop.stop = stop
        await asyncio.sleep(seconds)
        fig.measuring = False
        fig.seconds = time.monotonic() - fig.measure_start
        fig.cpu = server_cpu(pid) - fig.cpu

    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as client:
        loops = [TableLoop(client, base, game, think, stop, random.Random(rng.random()), fig) for _ in range(tables)]
        await asyncio.gather(clock(), *(loop.run() for loop in loops))
    return fig


def server_cpu(pid: int) -> float:
    """CPU seconds (user + system) the server process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
        mem = int(next(line for line in Path("/proc/meminfo").read_text().splitlines()
                       if line.startswith("MemTotal")).split()[1]) / 1024 / 1024
    except (OSError, StopIteration, ValueError):
        mem = float("nan")
    return f"{os.cpu_count()} cores ({cpu}), {mem:.0f} GiB, Python {platform.python_version()}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds a client waits before moving")
    parser.add_argument("--game", default="banjooli")
    parser.add_argument("--database", default=None, help="database URL (default: a fresh SQLite file)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    if args.tables < 1 or args.seconds <= 0 or args.think < 0:
        parser.error("--tables, --seconds must be positive and --think not negative")
    with tempfile.TemporaryDirectory() as tmp:
        database = args.database or f"sqlite:///{tmp}/bench.sqlite3"
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        server = subprocess.Popen(
            [sys.executable, "-m", "savanna.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
             "--database", database, "--bot-workers", "0", "--bot-pace", "0",
             # every client of the benchmark comes from 127.0.0.1: lift the per-client caps
             "--per-client-connections", "100000", "--per-client-tables", "100000", "--per-client-rate", "100000",
             "--per-client-playing", "100000", "--max-playing", "100000"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True,
        )
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                if time.monotonic() > deadline or server.poll() is not None:
                    raise SystemExit("the server did not start")
                time.sleep(0.1)
            fig = asyncio.run(run(base, args.tables, args.seconds, args.think, args.game, args.seed, server.pid))
            elapsed = fig.seconds
            cpu = fig.cpu
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(15)
    ms = 1000.0
    result: dict[str, Any] = {
        "tables": args.tables,
        "game": args.game,
        "think_s": args.think,
        "seconds": round(elapsed, 1),
        "database": "sqlite" if args.database is None else args.database.split(":")[0],
        "moves": len(fig.moves),
        "moves_per_s": round(len(fig.moves) / elapsed, 1),
        "games_finished": fig.games,
        "move_p50_ms": round(quantile(fig.moves, 0.50) * ms, 2),
        "move_p99_ms": round(quantile(fig.moves, 0.99) * ms, 2),
        "move_mean_ms": round(statistics.fmean(fig.moves) * ms, 2) if fig.moves else None,
        "ping_p50_ms": round(quantile(fig.pings, 0.50) * ms, 2),
        "ping_p99_ms": round(quantile(fig.pings, 0.99) * ms, 2),
        "server_cpu_s": round(cpu, 1),
        "server_cpu_ms_per_move": round(1000 * cpu / len(fig.moves), 2) if fig.moves else None,
        "load_average_1min": round(os.getloadavg()[0], 1),
        "errors": sum(fig.errors.values()),
        "error_kinds": fig.errors,
        "machine": machine(),
    }
    result["ratio_p50"] = round(result["move_p50_ms"] / result["ping_p50_ms"], 2) if fig.pings else None
    result["ratio_p99"] = round(result["move_p99_ms"] / result["ping_p99_ms"], 2) if fig.pings else None
    text = json.dumps(result, indent=2)
    print(text)
    if args.json is not None:
        args.json.write_text(text + "\n")


if __name__ == "__main__":
    main()
