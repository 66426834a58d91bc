"""One parser for every JSON body and websocket message (issue 22, items 3 and 4): deep
nesting, bad encodings, lone surrogates, NUL and wrong types are named 4xx errors or
``refused`` messages, on SQLite and PostgreSQL, and the socket goes on.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from savanna.web.errors import WebError
from savanna.web.wire import KINDS, MAX_DEPTH, clean_text, decode, parse_frame, schema
from tests.web.conftest import bearer, make_table
from tests.web.test_websocket import hello, receive_until

DEEP = "[" * 1000 + "]" * 1000
HOSTILE = [
    (DEEP, "nest at most"),
    ('{"a": ' * 500 + "1" + "}" * 500, "nest at most"),
    ('{"name": "\\ud800", "seat": 0}', "lone surrogate"),
    ('{"name": "a\\u0000b", "seat": 0}', "NUL"),
    ('{"name": "Awa", "seat": NaN}', "NaN"),
    ('{"name": "Awa", "seat": 1e999}', "too large"),
    ('{"name": "Awa", "seat": 123456789012345678901234567890}', "64 bits"),
    ("[1, 2]", "a JSON object"),
    ("{nope", "not JSON"),
]
POSTS = ["", "/join", "/leave", "/start", "/act", "/replace", "/reclaim", "/settings"]


def test_every_rest_post_answers_hostile_json_with_a_named_400_on_both_databases(client):
    table = make_table(client, game="hyena", seats=["open", "open"])
    for text, why in HOSTILE:
        for route in POSTS:
            path = "/api/tables" if not route else f"/api/tables/{table.id}{route}"
            answer = client.post(path, content=text.encode("utf-8", "surrogatepass"),
                                 headers=bearer(table.tokens[0]))
            if route in ("/leave", "/start", "/reclaim"):  # these read no body
                assert answer.status_code < 500, (route, answer.text)
                continue
            assert answer.status_code == 400, (route, text[:30], answer.text)
            error = answer.json()["error"]
            assert error["code"] == "message/malformed" and why in error["message"], (route, error)
    not_utf8 = client.post("/api/tables", content=b'{"title": "\xff\xfe"}')
    assert not_utf8.status_code == 400 and "not UTF-8" in not_utf8.json()["error"]["message"]


def test_names_and_titles_the_database_cannot_store_are_refused_and_others_are_cleaned(client):
    base = {"game": "hyena", "players": 2, "options": {}, "seats": ["open", "open"]}
    for title in ("\ud800", "a\x00b", "bell\x07", "csi\u009b"):
        made = client.post("/api/tables", content=json.dumps({**base, "title": title}).encode())
        assert made.status_code == 400, (title, made.text)
        assert made.json()["error"]["code"] in ("message/malformed", "request/invalid")
    made = client.post("/api/tables", json={**base, "title": "  Cafe\u0301\t du\n  soir  "})
    assert made.status_code == 201, made.text
    table = made.json()["id"]
    assert client.get(f"/api/tables/{table}").json()["title"] == "Caf\u00e9 du soir"  # NFC, one space
    for name in ("\udfff", "x\x00", "\x1b[31mred", ""):
        joined = client.post(f"/api/tables/{table}/join", content=json.dumps({"seat": 0, "name": name}).encode())
        assert joined.status_code == 400, (name, joined.text)
    joined = client.post(f"/api/tables/{table}/join", json={"seat": 0, "name": "Awa 😀 Ndiaye"})
    assert joined.status_code == 200
    assert client.get(f"/api/tables/{table}").json()["seats"][0]["name"] == "Awa 😀 Ndiaye"


def test_a_table_id_that_is_no_id_is_unknown_without_reaching_the_database(client):
    for table in ("%00", "%ED%A0%80", "a%00b", "x" * 40, "%F0%9F%98%80"):
        answer = client.get(f"/api/tables/{table}/view")
        assert answer.status_code == 404 and answer.json()["error"]["code"] == "table/unknown", table


def test_hostile_websocket_frames_are_refused_by_name_and_the_socket_goes_on(client):
    table = make_table(client, game="hyena", seats=["open", "open"])
    with client.websocket_connect(f"/ws/tables/{table.id}") as ws:
        hello(ws, table.tokens[0])
        frames = [text for text, _ in HOSTILE] + [
            '{"type": "act", "action": [1], "version": 0}',
            '{"type": "act", "action": 0}',
            '{"type": "settings", "spectators": "no"}',
            '{"type": "coach", "what": "\\ud800"}',
            '{"type": "\\u0000"}',
            '{"type": 7}',
        ]
        for text in frames:
            ws.send_text(text)
            refused = receive_until(ws, "refused")
            assert refused["code"] in ("message/malformed", "message/unknown") and refused["message"], text[:40]
        ws.send_text('{"type": "act", "version": 0}')
        assert "'action' is missing" in receive_until(ws, "refused")["message"]
        ws.send_text('{"type": "replace", "seat": "1"}')
        assert "'seat' is a seat number from 0" in receive_until(ws, "refused")["message"]
        ws.send_text(json.dumps({"type": "ping"}))
        assert receive_until(ws, "pong")["type"] == "pong"


def test_a_deep_hello_is_refused_and_closed_with_a_reason(sqlite_client):
    table = make_table(sqlite_client, game="hyena", seats=["open", "open"])
    with sqlite_client.websocket_connect(f"/ws/tables/{table.id}") as ws:
        ws.send_text(DEEP)
        refused = ws.receive_json()
        assert refused["type"] == "refused" and "nest at most" in refused["message"]


def test_the_schema_names_every_message_kind_and_rest_body(sqlite_client):
    published = sqlite_client.get("/api/schema").json()
    assert published == json.loads(json.dumps(schema()))
    kinds = {ref.rsplit("/", 1)[1] for ref in published["websocket"]["discriminator"]["mapping"].values()}
    assert len(kinds) == len(KINDS) and set(published["websocket"]["discriminator"]["mapping"]) == set(KINDS)
    assert "POST /api/tables" in published["rest"]
    act = published["websocket"]["$defs"]["Act"]
    assert set(act["required"]) == {"type", "action", "version"}


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.binary(max_size=300), st.text(max_size=300),
                 st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
                              lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                          max_size=4),
                              max_leaves=30).map(json.dumps)))
def test_decode_answers_any_input_with_an_object_or_a_named_error(raw):
    try:
        data = decode(raw, 4096)
    except WebError as exc:
        assert exc.code in ("message/malformed", "message/too_large") and exc.text("en") and exc.text("fr")
        return
    assert isinstance(data, dict)
    json.dumps(data).encode("utf-8")  # storable: no surrogate
    try:
        parse_frame({"text": json.dumps(data)}, 4096)
    except WebError as exc:
        assert exc.code in ("message/malformed", "message/unknown")


def test_depth_is_counted_outside_strings_only():
    assert decode('{"a": "' + "[" * 100 + '"}', 4096) == {"a": "[" * 100}
    nested: object = 1
    for _ in range(MAX_DEPTH - 1):
        nested = [nested]
    assert decode(json.dumps({"a": nested}), 4096)
    with pytest.raises(WebError, match="nest at most"):
        decode(json.dumps({"a": [nested]}), 4096)


def test_clean_text_folds_spaces_and_refuses_controls():
    assert clean_text("  a \u00a0 b\n", "name", 32) == "a b"
    with pytest.raises(WebError, match="control"):
        clean_text("a\u009bb", "name", 32)
    with pytest.raises(WebError, match="at most 3"):
        clean_text("abcd", "name", 3)
