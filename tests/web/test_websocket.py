"""The websocket of a table: hello, live views, refusals to the sender only, garbage, floods."""

from __future__ import annotations

import dataclasses
import json

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from savanna.web import Settings, create_app
from tests.web.conftest import TEST_LIMITS, make_table, view, wait_for


def hello(ws, token=None, lang="en"):
    ws.send_text(json.dumps({"type": "hello", "token": token, "lang": lang}))
    welcome = ws.receive_json()
    assert welcome["type"] == "welcome"
    first = ws.receive_json()
    assert first["type"] == "view"
    return welcome, first


def receive_until(ws, kind, limit=50):
    for _ in range(limit):
        message = ws.receive_json()
        if message["type"] == kind:
            return message
    raise AssertionError(f"no {kind} message")


def test_hello_gives_the_seat_its_view_and_a_spectator_the_public_one(sqlite_client):
    table = make_table(sqlite_client, game="hyena", seats=["open", "open"])
    with sqlite_client.websocket_connect(f"/ws/tables/{table.id}") as ws:
        welcome, first = hello(ws, table.tokens[1])
        assert welcome["you"] == 1 and first["you"] == 1 and welcome["help"]["rules"]
    with sqlite_client.websocket_connect(f"/ws/tables/{table.id}") as ws:
        welcome, first = hello(ws, None)
        assert welcome["you"] is None and first["legal"] == [] and first["private"] == []


def test_a_bad_token_is_told_and_gets_the_public_view_only(sqlite_client):
    table = make_table(sqlite_client, game="hyena", seats=["open", "open"])
    with sqlite_client.websocket_connect(f"/ws/tables/{table.id}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": "stolen", "lang": "fr"}))
        refused = ws.receive_json()
        assert refused["type"] == "refused" and refused["code"] == "token/invalid"
        assert refused["message"].startswith("Ce jeton")
        assert ws.receive_json()["you"] is None


def test_an_unknown_table_closes_with_a_named_error(sqlite_client):
    with sqlite_client.websocket_connect("/ws/tables/nothing-here") as ws:
        refused = ws.receive_json()
        assert refused["code"] == "table/unknown"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4404


def test_a_message_before_hello_is_refused(sqlite_client):
    table = make_table(sqlite_client, game="hyena", seats=["open", "open"])
    with sqlite_client.websocket_connect(f"/ws/tables/{table.id}") as ws:
        ws.send_text(json.dumps({"type": "act", "action": 0, "version": 0}))
        assert ws.receive_json()["code"] == "message/hello_first"


def test_garbage_gets_named_errors_and_changes_nothing(sqlite_client):
    table = make_table(sqlite_client, game="hyena", seats=["open", "open"])
    public = wait_for(lambda: (v := view(sqlite_client, table, None))["to_act"] in (0, 1) and v, what="play")
    before = public["version"]
    with sqlite_client.websocket_connect(f"/ws/tables/{table.id}") as ws:
        hello(ws, table.tokens[public["to_act"]])  # the seat to act: the first player is drawn
        cases = [
            ("not json", "message/malformed"),
            ("[1, 2]", "message/malformed"),
            (json.dumps({"type": "dance"}), "message/unknown"),
            (json.dumps({"type": "act", "action": {"x": 1}, "version": before}), "message/malformed"),
            (json.dumps({"type": "act", "action": 0, "version": "x"}), "message/malformed"),
            (json.dumps({"type": "replace", "seat": 99}), "seat/unknown"),
            (json.dumps({"type": "hello"}), "message/malformed"),
            ("x" * 5000, "message/too_large"),
        ]
        for sent, code in cases:
            ws.send_text(sent)
            assert receive_until(ws, "refused")["code"] == code, sent[:40]
        ws.send_bytes(b"\x00\x01")
        assert receive_until(ws, "refused")["code"] == "message/malformed"
        ws.send_text(json.dumps({"type": "hello", "token": table.tokens[public["to_act"]]}))
        assert receive_until(ws, "refused")["message"] == "Malformed message: hello is said once."
        ws.send_text(json.dumps({"type": "ping"}))
        assert receive_until(ws, "pong")["type"] == "pong"
    assert view(sqlite_client, table, None)["version"] == before


def test_a_refusal_goes_to_its_sender_only_and_a_stale_version_resyncs(sqlite_client):
    table = make_table(sqlite_client, game="hyena", seats=["open", "open"])
    public = wait_for(lambda: (v := view(sqlite_client, table, None))["to_act"] in (0, 1) and v, what="play")
    seat = public["to_act"]
    with (
        sqlite_client.websocket_connect(f"/ws/tables/{table.id}") as mine,
        sqlite_client.websocket_connect(f"/ws/tables/{table.id}") as theirs,
    ):
        hello(mine, table.tokens[seat])
        hello(theirs, table.tokens[1 - seat])
        mine.send_text(json.dumps({"type": "act", "action": "pay", "version": public["version"]}))
        refused = receive_until(mine, "refused")
        assert refused["code"] in ("action/illegal", "action/notation")
        mine.send_text(json.dumps({"type": "act", "action": 0, "version": public["version"] - 1}))
        assert receive_until(mine, "refused")["code"] == "version/stale"
        resync = receive_until(mine, "view")
        assert resync["version"] == public["version"] and resync["log_start"] == 0
        theirs.send_text(json.dumps({"type": "ping"}))
        # The other seat heard nothing of the refusals: its next message is the pong.
        while True:
            message = theirs.receive_json()
            assert message["type"] != "refused"
            if message["type"] == "pong":
                break


def test_a_move_over_the_websocket_reaches_every_seat_with_its_own_view(sqlite_client):
    table = make_table(sqlite_client, game="hyena", seats=["open", "open"])
    public = wait_for(lambda: (v := view(sqlite_client, table, None))["to_act"] in (0, 1) and v, what="play")
    seat = public["to_act"]
    with (
        sqlite_client.websocket_connect(f"/ws/tables/{table.id}") as mine,
        sqlite_client.websocket_connect(f"/ws/tables/{table.id}") as theirs,
    ):
        _, first = hello(mine, table.tokens[seat])
        hello(theirs, table.tokens[1 - seat])
        mine.send_text(json.dumps({"type": "act", "action": first["legal"][0]["text"], "version": first["version"]}))
        after = receive_until(mine, "view")
        other = receive_until(theirs, "view")
        assert after["version"] > first["version"] and other["version"] == after["version"]
        assert other["you"] == 1 - seat and after["log"] and after["log_start"] > 0


def test_a_flooding_connection_is_refused_then_closed(tmp_path):
    limits = dataclasses.replace(TEST_LIMITS, burst=3, messages_per_second=0.001, flood_strikes=3)
    with TestClient(create_app(Settings(database=f"sqlite:///{tmp_path / 'f.db'}", limits=limits))) as client:
        table = make_table(client, game="hyena", seats=["open", "open"])
        with client.websocket_connect(f"/ws/tables/{table.id}") as ws:
            hello(ws, table.tokens[0])
            codes = []
            with pytest.raises(WebSocketDisconnect) as closed:
                for _ in range(20):
                    ws.send_text(json.dumps({"type": "ping"}))
                    message = ws.receive_json()
                    while message["type"] not in ("pong", "refused"):
                        message = ws.receive_json()
                    codes.append(message.get("code", "pong"))
            assert codes[:3] == ["pong", "pong", "pong"] and "message/flood" in codes
            assert closed.value.code == 1008


def test_language_switch_resends_the_view_in_french(sqlite_client):
    table = make_table(sqlite_client, seats=["open", "bot:heuristic"])
    wait_for(lambda: view(sqlite_client, table, None)["version"] > 3, what="the deal")
    with sqlite_client.websocket_connect(f"/ws/tables/{table.id}") as ws:
        hello(ws, table.tokens[0])
        ws.send_text(json.dumps({"type": "lang", "lang": "fr"}))
        welcome = receive_until(ws, "welcome")
        assert welcome["lang"] == "fr"
        french = receive_until(ws, "view")
        assert "Votre Prédiction" in " ".join(french["private"])
