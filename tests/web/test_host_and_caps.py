"""Host controls, the turn clock, the per-client caps and the clean-up schedule (issue 13).

Each test names what it checks; every refusal names its problem and changes nothing.
"""

from __future__ import annotations

import dataclasses
import json
from datetime import timedelta

import pytest
from sqlalchemy import create_engine, text
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from savanna.core import Record, replay
from savanna.web import Settings, create_app
from savanna.web.db import now
from tests.web.conftest import TEST_LIMITS, bearer, make_table, play_out, view, wait_for


def hello(ws, token=None, host=None):
    ws.send_text(json.dumps({"type": "hello", "token": token, "host": host, "lang": "en"}))
    return ws.receive_json()


def receive_until(ws, kind, limit=50):
    for _ in range(limit):
        message = ws.receive_json()
        if message["type"] == kind:
            return message
    raise AssertionError(f"no {kind} message")


def rows(database: str, sql: str, **params) -> list:
    engine = create_engine(database)
    try:
        with engine.connect() as conn:
            return list(conn.execute(text(sql), params).all())
    finally:
        engine.dispose()


# -- spectators --------------------------------------------------------------------------
def test_a_table_without_spectators_shows_nothing_to_a_watcher_over_rest_or_websocket(client):
    table = make_table(client, game="hyena", seats=["open", "open"], start=False)
    client.post(f"/api/tables/{table.id}/settings", headers=bearer(table.host), json={"spectators": False})
    client.post(f"/api/tables/{table.id}/start", headers=bearer(table.host))
    refused = client.get(f"/api/tables/{table.id}/view")
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "spectators/off"
    assert view(client, table, 0)["you"] == 0  # the players see their game
    with client.websocket_connect(f"/ws/tables/{table.id}") as ws:
        first = hello(ws)
        assert first["type"] == "refused" and first["code"] == "spectators/off"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4403
    with client.websocket_connect(f"/ws/tables/{table.id}") as ws:
        assert hello(ws, host=table.host)["type"] == "welcome"  # the host may always watch
    listed = {t["id"]: t for t in client.get("/api/tables").json()["tables"]}
    assert listed[table.id]["spectators"] is False


def test_only_the_host_turns_spectators_off_and_those_watching_are_told_and_closed(sqlite_client):
    table = make_table(sqlite_client, game="hyena", seats=["open", "open"])
    with (
        sqlite_client.websocket_connect(f"/ws/tables/{table.id}") as watcher,
        sqlite_client.websocket_connect(f"/ws/tables/{table.id}") as player,
    ):
        assert hello(watcher)["type"] == "welcome"
        assert hello(player, token=table.tokens[1])["type"] == "welcome"
        seats = receive_until(player, "seats")
        wait_for(lambda: sqlite_client.app.state.hub.tables[table.id].watchers() == 1, what="the watcher")
        player.send_text(json.dumps({"type": "settings", "spectators": False}))
        assert receive_until(player, "refused")["code"] == "host/only_settings"
        other = sqlite_client.post(f"/api/tables/{table.id}/settings", headers=bearer(table.tokens[0]),
                                   json={"spectators": False})
        assert other.status_code == 403 and other.json()["error"]["code"] == "host/only_settings"
        bad = sqlite_client.post(f"/api/tables/{table.id}/settings", headers=bearer(table.host),
                                 json={"spectators": "no"})
        assert bad.json()["error"]["code"] == "message/malformed"  # a wrong type: refused at the door
        done = sqlite_client.post(f"/api/tables/{table.id}/settings", headers=bearer(table.host),
                                  json={"spectators": False})
        assert done.status_code == 200 and done.json() == {"spectators": False}
        assert receive_until(watcher, "refused")["code"] == "spectators/off"
        with pytest.raises(WebSocketDisconnect) as closed:
            receive_until(watcher, "never")
        assert closed.value.code == 4403
        seats = receive_until(player, "seats")
        while seats["spectators"]:
            seats = receive_until(player, "seats")
        assert seats["watchers"] == 0
    assert seats["seats"][1]["connected"] is True


def test_a_table_asks_for_spectators_as_true_or_false_and_a_listed_clock(sqlite_client):
    client = sqlite_client
    if True:
        base = {"game": "hyena", "players": 2, "options": {}, "seats": ["open", "open"]}
        for extra, code in (({"spectators": "yes"}, "message/malformed"), ({"turn_seconds": 17}, "request/invalid"),
                            ({"turn_seconds": True}, "message/malformed")):
            made = client.post("/api/tables", json={**base, **extra})
            assert made.status_code == 400 and made.json()["error"]["code"] == code, extra
        made = client.post("/api/tables", json={**base, "turn_seconds": 60, "spectators": False})
        assert made.status_code == 201
        info = client.get(f"/api/tables/{made.json()['id']}").json()
        assert info["turn_seconds"] == 60 and info["spectators"] is False
        assert 60 in client.get("/api/games").json()["turn_seconds"]


# -- the turn clock ----------------------------------------------------------------------
def test_a_player_over_the_turn_clock_may_be_handed_to_a_bot_and_takes_the_seat_back(sqlite_client):
    made = sqlite_client.post("/api/tables", json={
        "game": "hyena", "players": 2, "options": {}, "seats": ["open", "open"], "turn_seconds": 30, "grace": 600,
    }).json()
    tokens = [sqlite_client.post(f"/api/tables/{made['id']}/join", json={"seat": s, "name": n}).json()["token"]
              for s, n in enumerate(["Awa", "Moussa"])]
    sqlite_client.post(f"/api/tables/{made['id']}/start", headers=bearer(made["host_token"]))
    live = sqlite_client.app.state.hub.tables[made["id"]]
    public = wait_for(lambda: (v := sqlite_client.get(f"/api/tables/{made['id']}/view").json())["to_act"] in (0, 1)
                      and v, what="a person to act")
    slow = public["to_act"]
    other = 1 - slow
    with sqlite_client.websocket_connect(f"/ws/tables/{made['id']}") as ws:
        assert hello(ws, token=tokens[slow])["type"] == "welcome"  # connected, just slow
        early = sqlite_client.post(f"/api/tables/{made['id']}/replace", headers=bearer(tokens[other]),
                                   json={"seat": slow})
        assert early.json()["error"]["code"] == "seat/not_away"
        assert public["seats"][slow]["turn"] is not None and public["seats"][other]["turn"] is None
        live.table.turn_since -= 31  # the clock runs out
        info = sqlite_client.get(f"/api/tables/{made['id']}").json()
        assert info["seats"][slow]["replaceable"] and info["seats"][slow]["connected"]
        done = sqlite_client.post(f"/api/tables/{made['id']}/replace", headers=bearer(tokens[other]),
                                  json={"seat": slow})
        assert done.status_code == 200 and done.json()["seats"][slow]["replaced_by"] == "heuristic"
        wait_for(lambda: sqlite_client.get(f"/api/tables/{made['id']}/view").json()["version"] > public["version"],
                 what="the bot's move")
        ws.send_text(json.dumps({"type": "reclaim"}))
        wait_for(lambda: live.table.seats[slow].replaced_by is None, what="the seat taken back")
    again = sqlite_client.post(f"/api/tables/{made['id']}/reclaim", headers=bearer(tokens[slow]))
    assert again.json()["error"]["code"] == "seat/not_replaced"
    players = type("T", (), {"id": made["id"], "tokens": dict(enumerate(tokens))})()
    final = play_out(sqlite_client, players, pick=lambda legal: legal[-1])  # move when possible: a short game
    assert [e["kind"] for e in final["result"]["events"]] == ["replaced", "reclaimed"]


# -- caps per client ---------------------------------------------------------------------
def capped(tmp_path, **limits) -> TestClient:
    settings = Settings(database=f"sqlite:///{tmp_path / 'caps.sqlite3'}", limits=dataclasses.replace(TEST_LIMITS, **limits))
    return TestClient(create_app(settings))


def test_a_client_may_keep_only_so_many_tables_waiting_for_players(tmp_path):
    with capped(tmp_path, max_open_tables_per_client=2) as client:
        first = make_table(client, game="hyena", seats=["open", "open"], start=False)
        make_table(client, game="hyena", seats=["open", "open"], start=False)
        body = {"game": "hyena", "players": 2, "options": {}, "seats": ["open", "open"]}
        third = client.post("/api/tables", json=body)
        assert third.status_code == 429 and third.json()["error"]["code"] == "client/too_many_tables"
        assert "2 tables" in third.json()["error"]["message"]
        assert len(client.get("/api/tables").json()["tables"]) == 2
        client.post(f"/api/tables/{first.id}/start", headers=bearer(first.host))  # a started table frees a place
        assert client.post("/api/tables", json=body).status_code == 201


def test_a_client_may_hold_only_so_many_sockets(tmp_path):
    with capped(tmp_path, max_connections_per_client=2) as client:
        table = make_table(client, game="hyena", seats=["open", "open"])
        with (
            client.websocket_connect(f"/ws/tables/{table.id}") as one,
            client.websocket_connect(f"/ws/tables/{table.id}") as two,
        ):
            assert hello(one)["type"] == "welcome" and hello(two)["type"] == "welcome"
            with client.websocket_connect(f"/ws/tables/{table.id}") as three:
                refused = three.receive_json()
                assert refused["code"] == "client/too_many_connections" and "at most 2" in refused["message"]
                with pytest.raises(WebSocketDisconnect) as closed:
                    three.receive_json()
                assert closed.value.code == 1013
        with client.websocket_connect(f"/ws/tables/{table.id}") as again:  # closed sockets free their place
            assert hello(again)["type"] == "welcome"


def test_a_client_sending_requests_too_fast_is_told_to_wait(tmp_path):
    with capped(tmp_path, requests_per_second=0.001, request_burst=3) as client:
        body = {"game": "hyena", "players": 2, "options": {}, "seats": ["open", "open"]}
        codes = [client.post("/api/tables", json=body).status_code for _ in range(5)]
        assert codes[:3] == [201, 201, 201] and codes[3:] == [429, 429]
        answer = client.post("/api/tables", json=body).json()["error"]
        assert answer["code"] == "client/too_fast" and "wait" in answer["message"]
        assert client.get("/api/tables").status_code == 200  # reading is not a write


# -- the clean-up ------------------------------------------------------------------------
def test_the_cleanup_deletes_unstarted_tables_closes_idle_games_and_archives_finished_ones(client, database):
    hub = client.app.state.hub
    waiting = make_table(client, game="hyena", seats=["open", "open"], start=False)
    idle = make_table(client, game="hyena", seats=["open", "open"])
    wait_for(lambda: view(client, idle, None)["to_act"] in (0, 1), what="play")
    done = make_table(client, game="hyena", seats=["open", "bot:random"])
    final = play_out(client, done)
    record = client.get(f"/api/tables/{done.id}/record").text

    # An hour later nothing is old enough.
    cleaned = client.portal.call(hub.cleanup, now() + timedelta(hours=1))
    assert cleaned.counts() == {"deleted_open": 0, "abandoned": 0, "archived": 0, "deleted_abandoned": 0}
    # Two days later the waiting table is gone.
    cleaned = client.portal.call(hub.cleanup, now() + timedelta(days=2))
    assert cleaned.deleted_open == [waiting.id]
    assert client.get(f"/api/tables/{waiting.id}").json()["error"]["code"] == "table/unknown"
    # Eight days later the game nobody plays is closed as abandoned: no more moves.
    cleaned = client.portal.call(hub.cleanup, now() + timedelta(days=8))
    assert cleaned.abandoned == [idle.id]
    wait_for(lambda: view(client, idle, 0)["status"] == "abandoned", what="the abandoned status")
    seat = view(client, idle, None)["to_act"]
    move = client.post(f"/api/tables/{idle.id}/act", headers=bearer(idle.tokens[seat]), json={"action": 0, "version": 1})
    assert move.json().get("error", {}).get("code") == "table/not_playing", move.text
    # A month later the finished game is archived (its record is kept, its action rows go)
    # and the game abandoned (a month before, as the clean-up sees it) is deleted.
    cleaned = client.portal.call(hub.cleanup, now() + timedelta(days=31))
    assert cleaned.archived == [done.id] and cleaned.deleted_abandoned == [idle.id]
    assert rows(database, "select count(*) from actions where table_id = :t", t=done.id)[0][0] == 0
    hub.tables.pop(done.id)  # as if evicted: read back from the archive
    assert client.get(f"/api/tables/{done.id}/record").text == record
    assert replay(Record.from_json(record)).scores() == final["result"]["scores"]
    step = client.get(f"/api/tables/{done.id}/replay?step=3").json()
    assert step["step"] == 3 and step["board_svg"].startswith("<svg")
    # Running it again changes nothing.
    assert client.portal.call(hub.cleanup, now() + timedelta(days=62)).counts() == dict.fromkeys(
        ("deleted_open", "abandoned", "archived", "deleted_abandoned"), 0
    )
    left = {r[0] for r in rows(database, "select id from tables")}
    assert left == {done.id}


def test_the_cleanup_runs_on_its_own_schedule(tmp_path):
    limits = dataclasses.replace(TEST_LIMITS, cleanup_seconds=0.05, open_table_hours=3 / 3600)  # 3 s
    with TestClient(create_app(Settings(database=f"sqlite:///{tmp_path / 's.sqlite3'}", limits=limits))) as client:
        table = make_table(client, game="hyena", seats=["open", "open"], start=False)
        wait_for(lambda: client.get(f"/api/tables/{table.id}").status_code == 404, what="the scheduled clean-up")


def test_games_in_play_are_capped_per_address_and_for_the_whole_server(tmp_path):
    settings = Settings(database=f"sqlite:///{tmp_path / 'caps.sqlite3'}",
                        limits=dataclasses.replace(TEST_LIMITS, max_playing_tables_per_client=2, max_playing_tables=3))
    app = create_app(settings)
    with TestClient(app) as client, TestClient(app, client=("10.0.0.2", 5000)) as other:
        first = make_table(client, game="hyena", seats=["open", "open"])
        make_table(client, game="hyena", seats=["open", "open"])
        third = make_table(client, game="hyena", seats=["open", "open"], start=False)
        refused = client.post(f"/api/tables/{third.id}/start", headers=bearer(third.host))
        assert refused.status_code == 429 and refused.json()["error"]["code"] == "client/too_many_playing"
        assert "2 games in play" in refused.json()["error"]["message"]
        assert client.get(f"/api/tables/{third.id}").json()["status"] == "open"  # nothing started
        make_table(other, game="hyena", seats=["open", "open"])  # another address: its own two
        fourth = make_table(other, game="hyena", seats=["open", "open"], start=False)
        full = other.post(f"/api/tables/{fourth.id}/start", headers=bearer(fourth.host))
        assert full.status_code == 503 and full.json()["error"]["code"] == "server/too_many_playing"
        assert "3 games" in full.json()["error"]["message"]
        play_out(client, first, pick=lambda legal: legal[-1])  # a finished game frees its place
        assert client.post(f"/api/tables/{third.id}/start", headers=bearer(third.host)).status_code == 200
