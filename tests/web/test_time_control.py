"""Time controls at the server (issue 28): a clock that runs out acts once, as the host chose,
counted from the stored action times (so a restart or another process sees the same)."""

from __future__ import annotations

import dataclasses
import time
from typing import Any

import pytest
from starlette.testclient import TestClient

from savanna.web import Settings, create_app
from tests.web.conftest import TEST_LIMITS, Table, bearer, view, wait_for

FAST = dataclasses.replace(TEST_LIMITS, min_move_seconds=1, min_base_seconds=1)


@pytest.fixture
def fast(database: str):
    with TestClient(create_app(Settings(database=database, limits=FAST))) as test_client:
        yield test_client


def create(client: TestClient, control: dict[str, Any] | None, seats: list[str], game: str = "hyena") -> tuple[str, str, dict[int, str]]:
    made = client.post("/api/tables", json={"game": game, "players": len(seats), "seats": seats, "time_control": control})
    assert made.status_code == 201, made.text
    table, host = made.json()["id"], made.json()["host_token"]
    tokens = {}
    for seat, kind in enumerate(seats):
        if kind == "open":
            joined = client.post(f"/api/tables/{table}/join", json={"seat": seat, "name": f"P{seat}"})
            tokens[seat] = joined.json()["token"]
    assert client.post(f"/api/tables/{table}/start", headers=bearer(host)).status_code == 200
    return table, host, tokens


def info(client: TestClient, table: str) -> dict[str, Any]:
    return client.get(f"/api/tables/{table}").json()


def test_a_real_time_clock_that_runs_out_loses_by_time_and_ranks_the_seat_last(fast):
    table, _, _ = create(fast, {"pace": "realtime", "base": 1, "increment": 0, "on_time": "lose"}, ["open", "bot:heuristic"])
    wait_for(lambda: (c := info(fast, table)["clock"])["acting"] == 0 or c["timeouts"], what="a turn")
    first = info(fast, table)["clock"]
    assert first["pace"] == "realtime" and first["left"][0] <= 1.0 and first["base"] == 1
    done = wait_for(lambda: (i := info(fast, table))["status"] == "finished" and i, timeout=60, what="the end")
    assert [t["kind"] for t in done["clock"]["timeouts"]] == ["lost_time"]
    assert done["clock"]["timeouts"][0]["seat"] == 0
    result = view(fast, Table(table, ""), None)["result"]
    assert result["ranking"] == [1, 0] and result["lost_time"] == [0], result
    assert {s["seat"]: s["place"] for s in result.get("sheets", [])} in ({}, {0: 1, 1: 0})
    # the seat may not take back a game it lost by time
    assert done["seats"][0]["replaced_by"] == "heuristic"


def test_a_bot_plays_the_one_move_and_the_player_keeps_the_seat(fast):
    table, _, tokens = create(fast, {"pace": "turn", "per_move": 1, "on_time": "bot_move"}, ["open", "bot:heuristic"])
    wait_for(lambda: info(fast, table)["clock"]["acting"] == 0, what="the person's turn")
    before = info(fast, table)["version"]
    wait_for(lambda: info(fast, table)["clock"]["timeouts"], timeout=10, what="the timeout")
    after = info(fast, table)
    timeouts = after["clock"]["timeouts"]
    assert timeouts[0]["kind"] == "bot_time" and timeouts[0]["seat"] == 0 and timeouts[0]["at"] == before
    assert after["seats"][0]["replaced_by"] is None and after["version"] > before
    mine = fast.get(f"/api/tables/{table}/view", headers=bearer(tokens[0])).json()
    texts = " ".join(line["text"] if isinstance(line, dict) else str(line) for line in mine["log"])
    assert texts  # the move a bot played shows in the log like any other


def test_the_seat_is_handed_to_a_bot_and_its_player_takes_it_back(fast):
    table, _, tokens = create(fast, {"pace": "turn", "per_move": 1, "on_time": "replace"}, ["open", "bot:heuristic"])
    wait_for(lambda: info(fast, table)["seats"][0]["replaced_by"], timeout=10, what="the replacement")
    assert info(fast, table)["clock"]["timeouts"][0]["kind"] == "replace_time"
    back = fast.post(f"/api/tables/{table}/reclaim", headers=bearer(tokens[0]))
    assert back.status_code == 200 or info(fast, table)["status"] == "finished", back.text


def test_a_loss_by_time_cannot_be_reclaimed(fast):
    table, _, tokens = create(fast, {"pace": "turn", "per_move": 1, "on_time": "lose"}, ["open", "open", "bot:heuristic"], game="banjooli")
    wait_for(lambda: info(fast, table)["clock"]["timeouts"], timeout=10, what="the loss by time")
    lost = info(fast, table)["clock"]["timeouts"][0]["seat"]
    refused = fast.post(f"/api/tables/{table}/reclaim", headers=bearer(tokens[lost]))
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "seat/lost_time"


def test_a_move_in_time_resets_a_turn_deadline_and_nothing_times_out(fast):
    table, _, tokens = create(fast, {"pace": "turn", "per_move": 3, "on_time": "lose"}, ["open", "bot:heuristic"])
    for _ in range(3):
        time.sleep(1.2)
        public = info(fast, table)
        if public["status"] != "playing":
            break
        mine = fast.get(f"/api/tables/{table}/view", headers=bearer(tokens[0])).json()
        if mine["to_act"] == 0 and mine["legal"]:
            fast.post(f"/api/tables/{table}/act", headers=bearer(tokens[0]),
                      json={"action": mine["legal"][0]["id"], "version": mine["version"]})
    assert info(fast, table)["clock"]["timeouts"] == []


@pytest.mark.parametrize("control,why", [({"pace": "turn", "per_move": 60}, "per_move")])
def test_bounds_are_the_servers(sqlite_client, control, why):
    # the default server: a turn-based deadline is an hour to three days
    made = sqlite_client.post("/api/tables", json={"game": "hyena", "players": 2, "seats": ["open", "open"], "time_control": control})
    assert made.status_code == 400 and why in made.json()["error"]["message"]
    bounds = sqlite_client.get("/api/games").json()["time_controls"]
    assert bounds["per_move"] == [3600, 3 * 86400] and bounds["on_time"] == ["bot_move", "replace", "lose"]
    for bad in ({"pace": "turn", "per_move": 4 * 86400}, {"pace": "realtime", "base": 10}, {"pace": "realtime", "base": 600, "increment": 600},
                {"pace": "walk"}):
        assert sqlite_client.post("/api/tables", json={"game": "hyena", "players": 2, "seats": ["open", "open"],
                                                        "time_control": bad}).status_code == 400
