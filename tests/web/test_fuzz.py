"""Hostile input: 10,000 malformed, truncated, oversized, mistyped and mutated messages over
the websocket and 10,000 over HTTP (deep JSON, lone surrogates, NUL and control characters in
names and titles included), and valid ones with wrong tokens, stale versions and other
seats' actions, against a real uvicorn server (in a thread of this process, so that its log
is read here), on SQLite and on PostgreSQL; afterwards ``/healthz`` is ok and a move plays.

Figures, checked and printed (``-s``): messages sent, server errors (must be 0: no 5xx
answer, no websocket closed as an internal error, no error logged), answers that name the
problem (a ``refused`` message or a JSON error with a code and a sentence), and changes to
the games in play (must be 0: versions, actions, seats and settings are compared).
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
import math
import random
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest
import websockets
from sqlalchemy import create_engine, text

from savanna.web import Settings
from tests.web import fuzz
from tests.web.conftest import TEST_LIMITS, ThreadServer

pytestmark = pytest.mark.slow

WS_MESSAGES = 10_000
HTTP_MESSAGES = 10_000
LIMITS = dataclasses.replace(
    TEST_LIMITS, messages_per_second=1e9, burst=10**9, flood_strikes=10**9, grace_seconds=3600, min_grace_seconds=3600
)


@dataclass
class Tally:
    sent: int = 0
    named: int = 0
    harmless: int = 0
    server_errors: int = 0
    unnamed: list[str] = field(default_factory=list)
    by_category: dict[str, int] = field(default_factory=dict)
    closed: int = 0

    def count(self, category: str) -> None:
        self.sent += 1
        self.by_category[category] = self.by_category.get(category, 0) + 1


class ErrorLog(logging.Handler):
    """Every record at ERROR or above, from any logger (uvicorn logs a crashed request there),
    and every record at any level that carries a traceback (``savanna serve`` logs INFO)."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.records: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno >= logging.ERROR or record.exc_info or record.stack_info:
            self.records.append(self.format(record))


@dataclass
class Scene:
    base: str
    tables: dict[str, dict[str, Any]]  # frozen games: id -> tokens and facts
    open_table: str
    open_host: str
    hub: Any

    def state(self, table: str) -> Any:
        return self.hub.tables[table].state


def snapshot(database: str, tables: list[str]) -> list[Any]:
    """Everything stored about the games in play."""
    engine = create_engine(database)
    try:
        with engine.connect() as conn:
            out: list[Any] = []
            for table in tables:
                for sql in (
                    "select version, status, spectators, turn_seconds, result from tables where id = :t",
                    "select seq, text from actions where table_id = :t order by seq",
                    "select seat, kind, name, token_hash, replaced_by from seats where table_id = :t order by seat",
                    "select count(*) from events where table_id = :t",
                ):
                    out.append([tuple(row) for row in conn.execute(text(sql), {"t": table}).all()])
            return out
    finally:
        engine.dispose()


async def set_up(base: str, hub: Any) -> Scene:
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        tables = {}
        for game, options in (("hyena", {"length": 30}), ("banjooli", {"berries": True})):
            made = (await client.post("/api/tables", json={"game": game, "players": 2, "options": options,
                                                             "seats": ["open", "open"], "grace": 3600})).json()
            table = made["id"]
            # The former occupant: took seat 1, left, and Moussa took it.
            former = (await client.post(f"/api/tables/{table}/join", json={"seat": 1, "name": "Gone"})).json()["token"]
            await client.post(f"/api/tables/{table}/leave", headers={"authorization": f"Bearer {former}"})
            tokens = [(await client.post(f"/api/tables/{table}/join", json={"seat": s, "name": n})).json()["token"]
                      for s, n in ((0, "Awa"), (1, "Moussa"))]
            await client.post(f"/api/tables/{table}/start", headers={"authorization": f"Bearer {made['host_token']}"})
            for _ in range(500):
                view = (await client.get(f"/api/tables/{table}/view")).json()
                if isinstance(view["to_act"], int):
                    break
                await asyncio.sleep(0.01)
            tables[table] = {"tokens": tokens, "former": former, "host": made["host_token"], "to_act": view["to_act"],
                             "version": view["version"]}
        made = (await client.post("/api/tables", json={"game": "hyena", "players": 2, "options": {},
                                                         "seats": ["open", "open"]})).json()
    return Scene(base, tables, made["id"], made["host_token"], hub)


def accepted_act(scene: Scene, table: str, seat: int | None, message: Any) -> bool:
    """Whether the server would apply ``message`` (the one thing the fuzz must never send)."""
    if not isinstance(message, dict) or message.get("type") != "act" or seat != scene.tables[table]["to_act"]:
        return False
    version, action = message.get("version"), message.get("action")
    if isinstance(version, bool) or version != scene.tables[table]["version"]:
        return False
    state = scene.state(table)
    if isinstance(action, int) and not isinstance(action, bool):
        return action in state.legal_actions()
    if isinstance(action, str) and len(action) <= 120:
        try:
            return state.parse_action(action) in state.legal_actions()
        except Exception:
            return False
    return False


def templates(scene: Scene, table: str, rng: random.Random) -> dict[str, Any]:
    facts = scene.tables[table]
    legal = scene.state(table).legal_actions()
    return rng.choice([
        {"type": "hello", "token": rng.choice(facts["tokens"]), "lang": "en"},
        {"type": "act", "action": rng.choice(legal), "version": facts["version"]},
        {"type": "act", "action": scene.state(table).action_to_text(rng.choice(legal)), "version": facts["version"]},
        {"type": "replace", "seat": rng.randrange(2)},
        {"type": "reclaim"},
        {"type": "settings", "spectators": rng.random() < 0.5},
        {"type": "lang", "lang": rng.choice(["en", "fr"])},
        {"type": "sync"},
        {"type": "ping"},
    ])


def ws_case(scene: Scene, rng: random.Random, limit: int) -> tuple[str, str, str | bytes]:
    """One hostile websocket message: (category, who sends it, the message)."""
    table = rng.choice(list(scene.tables))
    facts = scene.tables[table]
    role = rng.choice(["owner", "other", "spectator", "former"])
    category = rng.choice(["malformed", "truncated", "oversized", "mistyped", "mutated", "wrong_token", "stale",
                           "other_seat"])
    legal = scene.state(table).legal_actions()
    if category == "malformed":
        return category, f"{table}:{role}", fuzz.malformed(rng)
    if category == "oversized":
        return category, f"{table}:{role}", fuzz.oversized(rng, limit)
    if category == "wrong_token":
        return category, f"{table}:{rng.choice(['spectator', 'former', 'forged'])}", json.dumps(
            {"type": "act", "action": rng.choice(legal), "version": facts["version"]})
    if category == "stale":
        version = rng.choice([facts["version"] - 1, facts["version"] + 1, 0, -1, 10**9, facts["version"] - 7])
        return category, f"{table}:owner", json.dumps({"type": "act", "action": rng.choice(legal), "version": version})
    if category == "other_seat":
        return category, f"{table}:other", json.dumps(
            {"type": "act", "action": rng.choice(legal), "version": facts["version"]})
    base = templates(scene, table, rng)
    if category == "truncated":
        return category, f"{table}:{role}", fuzz.truncated(base, rng)
    if category == "mistyped":
        return category, f"{table}:{role}", json.dumps(fuzz.mistyped(base, rng))
    return category, f"{table}:{role}", fuzz.mutated(base, rng)


def _reject(name: str) -> Any:
    raise ValueError(name)


def storable(data: Any, depth: int = 1) -> bool:
    """Whether every string, number and nesting of ``data`` is one the server accepts: no NUL
    or lone surrogate, whole numbers within 64 bits, finite numbers, at most 8 deep."""
    if depth > 8 and isinstance(data, (dict, list)):
        return False
    if isinstance(data, str):
        return "\x00" not in data and not any("\ud800" <= c <= "\udfff" for c in data)
    if isinstance(data, bool):
        return True
    if isinstance(data, int):
        return -(2**63) <= data < 2**63
    if isinstance(data, float):
        return math.isfinite(data)
    if isinstance(data, dict):
        return all(storable(k) and storable(v, depth + 1) for k, v in data.items())
    if isinstance(data, list):
        return all(storable(v, depth + 1) for v in data)
    return True


def expectation(raw: str | bytes, limit: int) -> str:
    """What the server must answer: ``pong``, ``view`` (sync, lang), ``closed`` (too big for the
    websocket itself) or ``refused``."""
    if isinstance(raw, bytes):
        return "closed" if len(raw) > 4 * limit else "refused"
    if len(raw.encode("utf-8", "replace")) > 4 * limit:
        return "closed"
    if len(raw.encode("utf-8", "replace")) > limit:
        return "refused"
    try:
        data = json.loads(raw, parse_constant=_reject)
    except (ValueError, RecursionError):
        return "refused"
    if not isinstance(data, dict) or not storable(data):
        return "refused"
    kind = data.get("type")
    if not isinstance(kind, str) or (kind == "lang" and not isinstance(data.get("lang"), str)):
        return "refused"
    return {"ping": "pong", "sync": "view", "lang": "view"}.get(kind, "refused")


class Conn:
    """One hello'd websocket of a role at a table."""

    def __init__(self, scene: Scene, key: str) -> None:
        self.scene, self.key = scene, key
        self.ws: Any = None

    async def open(self) -> None:
        table, role = self.key.split(":")
        facts = self.scene.tables[table]
        token = {"owner": facts["tokens"][facts["to_act"]], "other": facts["tokens"][1 - facts["to_act"]],
                 "spectator": None, "former": facts["former"], "forged": "forged-" + "x" * 40}[role]
        url = self.scene.base.replace("http", "ws", 1) + f"/ws/tables/{table}"
        self.ws = await websockets.connect(url, max_size=2**24)
        await self.ws.send(json.dumps({"type": "hello", "token": token, "lang": "en"}))
        while True:  # until the first view (a bad token is refused first)
            if json.loads(await self.ws.recv())["type"] == "view":
                return


async def fuzz_websocket(scene: Scene, rng: random.Random, tally: Tally, count: int, limit: int) -> None:
    conns: dict[str, Conn] = {}
    goal = tally.sent + count
    while tally.sent < goal:
        category, key, raw = ws_case(scene, rng, limit)
        table, role = key.split(":")
        seat = {"owner": scene.tables[table]["to_act"], "other": 1 - scene.tables[table]["to_act"]}.get(role)
        try:
            parsed = json.loads(raw) if isinstance(raw, str) else None
        except (ValueError, RecursionError):
            parsed = None
        if accepted_act(scene, table, seat, parsed):
            continue  # a legal move of the seat to act: the one message that must change the game
        conn = conns.get(key)
        if conn is None or conn.ws is None:
            conn = conns[key] = Conn(scene, key)
            await conn.open()
        expected = expectation(raw, limit)
        tally.count(category)
        await conn.ws.send(raw)
        await conn.ws.send('{"type":"ping"}')
        pongs = 2 if expected == "pong" else 1
        got: list[dict[str, Any]] = []
        try:
            while pongs:
                message = json.loads(await asyncio.wait_for(conn.ws.recv(), timeout=20))
                got.append(message)
                pongs -= message["type"] == "pong"
        except websockets.ConnectionClosed as closed:
            code = closed.rcvd.code if closed.rcvd else None
            conn.ws = None
            if code == 1011:
                tally.server_errors += 1
            if expected == "closed" and code == 1009:
                tally.named += 1  # the websocket's own "message too big"
                tally.closed += 1
                continue
            tally.unnamed.append(f"{category} closed {code}: {str(raw)[:80]!r}")
            continue
        refused = [m for m in got if m["type"] == "refused"]
        if expected == "refused":
            if refused and all(m.get("code") and m.get("message") for m in refused):
                tally.named += 1
            else:
                tally.unnamed.append(f"{category}: {str(raw)[:80]!r} -> {[m['type'] for m in got]}")
        elif expected in ("pong", "view"):
            if any(m["type"] == expected for m in got) and not refused:
                tally.harmless += 1
            else:
                tally.unnamed.append(f"{category}: {str(raw)[:80]!r} -> {got[:2]}")
        else:
            tally.unnamed.append(f"{category}: expected the socket closed: {str(raw)[:80]!r}")
    for conn in conns.values():
        if conn.ws is not None:
            await conn.ws.close()


def http_case(scene: Scene, rng: random.Random, limit: int) -> tuple[str, str, str, dict[str, Any], bytes | None]:
    """(category, method, path, headers, body) of one hostile request."""
    table = rng.choice(list(scene.tables))
    facts = scene.tables[table]
    legal = scene.state(table).legal_actions()
    tokens = {
        "owner": facts["tokens"][facts["to_act"]], "other": facts["tokens"][1 - facts["to_act"]],
        "former": facts["former"], "host": facts["host"], "none": None, "forged": "forged",
    }
    role = rng.choice(list(tokens))
    headers: dict[str, Any] = {"content-type": "application/json"}
    if tokens[role]:
        headers["authorization"] = f"Bearer {tokens[role]}"
    routes = [
        ("POST", f"/api/tables/{table}/act"), ("POST", f"/api/tables/{table}/replace"),
        ("POST", f"/api/tables/{table}/reclaim"), ("POST", f"/api/tables/{table}/settings"),
        ("POST", f"/api/tables/{table}/join"), ("POST", f"/api/tables/{table}/leave"),
        ("POST", f"/api/tables/{table}/start"), ("GET", f"/api/tables/{table}/view"),
        ("GET", f"/api/tables/{table}/record"), ("GET", f"/api/tables/{table}/replay"),
        ("POST", f"/api/tables/{scene.open_table}/join"), ("POST", "/api/tables"),
    ]
    method, path = rng.choice(routes)
    act = {"action": rng.choice(legal), "version": facts["version"]}
    bodies = {
        "act": act, "replace": {"seat": rng.randrange(2)}, "reclaim": {}, "settings": {"spectators": False},
        "join": {"seat": rng.randrange(2), "name": "Fuzz"}, "leave": {}, "start": {},
        "tables": {"game": "hyena", "players": 2, "options": {}, "seats": ["open", "open"]},
    }
    body: Any = bodies.get(path.rsplit("/", 1)[1], {})
    category = rng.choice(["malformed", "truncated", "oversized", "mistyped", "mutated", "wrong_token", "stale",
                           "other_seat", "path", "names"])
    raw: bytes | None = json.dumps(body).encode()
    if category == "names":
        if rng.random() < 0.5:
            method, path = "POST", f"/api/tables/{scene.open_table}/join"
            raw = f'{{"seat": {rng.randrange(2)}, "name": {fuzz.hostile_name(rng)}}}'.encode()
        else:
            method, path = "POST", "/api/tables"
            raw = ('{"game": "hyena", "players": 2, "options": {}, "seats": ["open", "open"], "title": '
                   f"{fuzz.hostile_name(rng)}}}").encode()
    if category == "malformed":
        made = fuzz.malformed(rng)
        raw = made if isinstance(made, bytes) else made.encode("utf-8", "surrogatepass")
    elif category == "truncated":
        raw = fuzz.truncated(body, rng).encode()
    elif category == "oversized":
        raw = fuzz.oversized(rng, limit).encode()
    elif category == "mistyped" and body:
        raw = json.dumps(fuzz.mistyped(body, rng)).encode()
    elif category == "mutated" and body:
        raw = fuzz.mutated(body, rng).encode("utf-8", "surrogatepass")
    elif category == "wrong_token":
        method, path = "POST", f"/api/tables/{table}/act"
        headers["authorization"] = rng.choice([
            "Bearer " + "z" * rng.randrange(1, 300), "Bearer", "Basic abc", "bearer x", "Bearer " + scene.open_host,
            b"Bearer \xe9\xe8", "Bearer " + facts["former"], "Bearer " + facts["host"],
        ])
        raw = json.dumps(act).encode()
    elif category == "stale":
        method, path = "POST", f"/api/tables/{table}/act"
        headers["authorization"] = f"Bearer {tokens['owner']}"
        raw = json.dumps({"action": rng.choice(legal), "version": rng.choice(
            [facts["version"] - 1, facts["version"] + 1, 0, -3, 10**12])}).encode()
    elif category == "other_seat":
        method, path = "POST", f"/api/tables/{table}/act"
        headers["authorization"] = f"Bearer {tokens['other']}"
        raw = json.dumps(act).encode()
    elif category == "path":
        method = rng.choice(["GET", "POST", "PUT", "DELETE", "PATCH"])
        path = rng.choice([
            f"/api/tables/{table}/nothing", f"/api/tables/{'x' * rng.randrange(30, 400)}/view",
            "/api/tables/%00/view", "/api/tables/../../etc/passwd", f"/api/tables/{table}/replay?step=abc",
            f"/api/tables/{table}/replay?step=-99999999999999999999", f"/api/tables/{table}/view?lang=xx",
            "/api/tables/%F0%9F%98%80/join", f"/api/tables/{table}", "/api/games", "/healthz", "/api/nothing",
            f"/t/{table}/../../x", "/static/../../pyproject.toml",
        ])
        raw = None if method == "GET" else raw
    if method == "GET":
        raw = None
    return category, method, path, headers, raw


async def fuzz_http(scene: Scene, rng: random.Random, tally: Tally, count: int, limit: int) -> None:
    async with httpx.AsyncClient(base_url=scene.base, timeout=30) as client:
        sent = 0
        while sent < count:
            category, method, path, headers, raw = http_case(scene, rng, limit)
            table = path.split("/")[3] if path.startswith("/api/tables/") and len(path.split("/")) > 3 else ""
            if table in scene.tables and path.endswith("/settings") and method == "POST":
                auth = headers.get("authorization", "")
                try:
                    parsed = json.loads(raw) if raw else None
                except (ValueError, RecursionError, UnicodeDecodeError):
                    parsed = None
                if auth == f"Bearer {scene.tables[table]['host']}" and isinstance(parsed, dict) and isinstance(
                    parsed.get("spectators"), bool
                ):
                    continue  # the host's own valid setting: it must be applied, so it is not hostile
            if table in scene.tables and path.endswith("/act") and method == "POST":
                auth = headers.get("authorization", "")
                auth = auth.decode("latin-1") if isinstance(auth, bytes) else auth
                facts = scene.tables[table]
                seat = next((s for s, t in enumerate(facts["tokens"]) if auth == f"Bearer {t}"), None)
                try:
                    parsed = json.loads(raw) if raw else None
                except (ValueError, RecursionError, UnicodeDecodeError):
                    parsed = None
                if isinstance(parsed, dict) and accepted_act(scene, table, seat, {"type": "act", **parsed}):
                    continue
            sent += 1
            tally.count("http_" + category)
            answer = await client.request(method, path, headers=headers, content=raw)
            if answer.status_code >= 500:
                tally.server_errors += 1
                tally.unnamed.append(f"http {category} {method} {path[:60]} -> {answer.status_code}")
                continue
            if answer.status_code < 400:
                tally.harmless += 1
                continue
            try:
                error = answer.json()["error"]
                assert error["code"] and error["message"]
                tally.named += 1
            except (ValueError, KeyError, TypeError, AssertionError):
                tally.unnamed.append(f"http {category} {method} {path[:60]} -> {answer.status_code} {answer.text[:60]}")


async def still_healthy(scene: Scene) -> dict[str, Any]:
    """After the fuzz: ``/healthz`` answers ok, and a legal move of the seat to act is played."""
    async with httpx.AsyncClient(base_url=scene.base, timeout=30) as client:
        health = (await client.get("/healthz")).json()
        table, facts = next(iter(scene.tables.items()))
        seat = facts["to_act"]
        view = (await client.get(f"/api/tables/{table}/view",
                                 headers={"authorization": f"Bearer {facts['tokens'][seat]}"})).json()
        played = await client.post(f"/api/tables/{table}/act", headers={"authorization": f"Bearer {facts['tokens'][seat]}"},
                                   json={"action": view["legal"][0]["id"], "version": view["version"]})
    return {"healthz": health.get("status"), "move_after": played.status_code}


def test_twenty_thousand_hostile_messages_cause_no_server_error_name_their_problem_and_change_no_game(database):
    errors = ErrorLog()
    root = logging.getLogger()
    level = root.level
    root.addHandler(errors)
    root.setLevel(min(level or logging.WARNING, logging.INFO))  # the INFO lines, as the server logs them
    tally = Tally()
    try:
        with ThreadServer(Settings(database=database, limits=LIMITS)) as server:
            hub = server.app.state.hub
            scene = asyncio.run(set_up(server.url, hub))
            before = snapshot(database, list(scene.tables))
            memory = {t: hub.tables[t].version for t in scene.tables}
            rng = random.Random(2026)
            started = time.monotonic()
            asyncio.run(fuzz_websocket(scene, rng, tally, WS_MESSAGES, LIMITS.max_message_bytes))
            ws_sent = tally.sent
            asyncio.run(fuzz_http(scene, rng, tally, HTTP_MESSAGES, LIMITS.max_message_bytes))
            seconds = time.monotonic() - started
            after = snapshot(database, list(scene.tables))
            diffs = [(a, b) for a, b in zip(before, after, strict=True) if a != b]
            changed = len(diffs)
            changed += sum(1 for t in scene.tables if hub.tables[t].version != memory[t])
            healthy = asyncio.run(still_healthy(scene))
    finally:
        root.removeHandler(errors)
        root.setLevel(level)
    refused = tally.sent - tally.harmless
    print("\nfuzz:", json.dumps({
        "database": database.split(":", 1)[0], "messages": tally.sent, "websocket": ws_sent,
        "http": tally.sent - ws_sent, "seconds": round(seconds, 1),
        "server_errors": tally.server_errors + len(errors.records), "refused_and_named": tally.named,
        "refused": refused, "harmless_answered": tally.harmless, "closed_too_big": tally.closed,
        "games_changed": changed, "after": healthy, "categories": tally.by_category,
    }))
    assert ws_sent >= 10_000 and tally.sent - ws_sent >= 10_000
    assert tally.server_errors == 0 and not errors.records, errors.records[:3]
    assert not tally.unnamed, tally.unnamed[:10]
    assert tally.named == refused
    assert changed == 0, diffs[:2]
    assert healthy == {"healthz": "ok", "move_after": 200}
